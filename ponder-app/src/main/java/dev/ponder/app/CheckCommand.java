package dev.ponder.app;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.game.check.ConformanceKit;
import dev.ponder.search.mcts.Tree;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder check GAME [--playouts N] [--seed S] [--playout I]}: runs the conformance kit
 * ({@link ConformanceKit}, the checks a game's JUnit test runs) on any registered game string and
 * prints what it checked. Exit 0 when every invariant holds (a warning of the kit, such as an
 * imperfect-information game whose information states hide nothing, goes to stderr as {@code
 * warning: …} and leaves the exit code 0); 1 at the first violated one, printed
 * on stderr as one line naming the game, seed, playout, history and invariant (any further detail
 * of the kit's message, such as two boards that differ, follows on stdout with the command that
 * reruns that playout alone); 2 for a bad game string or option. An exception of the game's code
 * fails {@code no-exception} at the history where the throwing call was made (a copy the kit
 * played ahead on included), naming the call, the exception and where it was thrown; {@code
 * --verbose} adds its stack trace on stderr.
 *
 * <p>Ctrl-C (SIGINT) or SIGTERM stops the kit before its next state ({@link
 * ConformanceKit.Options#stopWhen}): stdout then says what was checked, as incomplete rather than
 * {@code ok}, and one line on stderr says the check did not pass ({@code ponder: check:
 * interrupted after 3 of 1000 playouts and 1234 states; no violation so far, but the check is
 * incomplete: the game has not passed}); exit 130 (143 for SIGTERM).
 */
@Command(name = "check", mixinStandardHelpOptions = true,
    description = {"Check a game's conformance: seeded random playouts that test every invariant the game API promises "
        + "(legal actions, chance outcomes, returns, length bounds, copy/copyFrom, undo, action strings, tensors, "
        + "hash (copies keep it; states with one hash agree in player, legal actions and board), MatchRecord round trip, "
        + "information states, resample).",
        "Exit 0 if all hold (warnings, such as information states that hide nothing, go to stderr and keep 0); 1 at the first violation (one line: game, seed, playout, history, invariant); 2 bad input.",
        "Ctrl-C stops the check and prints what was checked so far, as incomplete (not passed); exit 130."})
public final class CheckCommand implements PonderCommand {
  private static final Pattern PLAYOUT = Pattern.compile("\\(seed (-?\\d+), playout (\\d+), history");
  /**
   * A failure that names a state of another playout ({@code (playout 3)} after a history: a hash
   * collision, a perfect-recall or information-state conflict with an earlier playout's history).
   */
  private static final Pattern OTHER_PLAYOUT = Pattern.compile("] \\(playout (\\d+)\\)");
  /** The information-state check compares with histories of any earlier playout without naming it. */
  private static final Pattern ANY_EARLIER = Pattern.compile("\\): information-state: ");

  /**
   * The command that reproduces a kit failure whose first line is {@code line}: the playout alone
   * ({@code --playout I}), or every playout up to it ({@code --playouts I+1}) when the failure
   * involves a state of an earlier playout; null if the line names no playout.
   */
  static String rerunHint(String line, String spec) {
    Matcher m = PLAYOUT.matcher(line);
    if (!m.find()) {
      return null;
    }
    int upTo = Integer.parseInt(m.group(2)) + 1;
    Matcher other = OTHER_PLAYOUT.matcher(line);
    if (other.find()) {
      // a conflict with a state of an earlier playout: that playout must run too
      return String.format(Locale.ROOT, "rerun up to this playout (the failure involves playout %s): ponder check '%s' --seed %s --playouts %d",
          other.group(1), spec, m.group(1), upTo);
    }
    if (ANY_EARLIER.matcher(line).find()) {
      // the other history may come from any earlier playout
      return String.format(Locale.ROOT, "rerun up to this playout (the failure may involve an earlier one): ponder check '%s' --seed %s --playouts %d",
          spec, m.group(1), upTo);
    }
    return String.format(Locale.ROOT, "rerun this playout alone: ponder check '%s' --seed %s --playout %s", spec, m.group(1), m.group(2));
  }

  @Parameters(index = "0", paramLabel = "GAME", description = "Game string, e.g. pig(players=3) or a game of your own.")
  String gameString;

  @Option(names = {"-n", "--playouts"}, paramLabel = "N", converter = Ponder.AtLeastOne.class, defaultValue = "1000",
      description = "Number of random playouts (default: ${DEFAULT-VALUE}, as the JUnit kit).")
  int playouts;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "20261129",
      description = "Master seed; playout i draws from (S, i) (default: ${DEFAULT-VALUE}, as the JUnit kit).")
  long seed;

  @Option(names = "--playout", paramLabel = "I", converter = Ponder.AtLeastZero.class,
      description = "Run only playout I of the seed, whatever N (to reproduce a failure the check reported).")
  Integer only;

  @Option(names = "--no-progress", description = "No progress output on standard error (otherwise a line every 10 s"
      + " with the states checked so far).")
  boolean noProgress;

  /** Least milliseconds between two progress lines on stderr (0: one every 256 states checked). */
  @Option(names = "--progress-interval", hidden = true, defaultValue = "10000",
      description = "Milliseconds between progress lines (default: ${DEFAULT-VALUE}).")
  long progressIntervalMs;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Ponder parent;

  @Override
  public Integer call() {
    if (playouts < 1) {
      throw UsageException.atLeast(Ponder.typedOption(spec, "--playouts"), 1, playouts);
    }
    if (only != null && only < 0) {
      throw UsageException.atLeast("--playout", 0, only);
    }
    try (InterruptLine pending = new InterruptLine(spec.commandLine().getErr(), () -> InterruptLine.starting("check"))) {
      return run(pending);
    }
  }

  private Integer run(InterruptLine pending) {
    Game game = GameRegistry.load(gameString);
    ConformanceKit.Options opt = new ConformanceKit.Options().playouts(playouts).seed(seed);
    if (only != null) {
      opt.onlyPlayout(only);
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    boolean resample = ConformanceKit.checksResample(game, opt);
    out.printf(Locale.ROOT, "checking %s: %s (seed %d)%n", game.spec(),
        only == null ? count(playouts, "random playout") : "playout " + only, seed);
    out.println("  once: game constants (players in the type's range, action count, length bounds, chance outcomes,"
        + " utilities, the game string loads back)");
    State initial = game.newInitialState();
    boolean undo = initial.supportsUndo();
    out.println("  every state: current player, legal actions, chance outcomes, returns, sampleLegalAction, length bounds, copyFrom,"
        + (undo ? " undo," : "") + " action strings, tensors"
        + (keepsOwnHash(initial) ? ", hash collisions (states with one hash() must agree in player, legal actions, toString"
            + (resample ? ", information states" : "") + ")" : "")
        + "; an illegal action refused once per playout; beyond " + ConformanceKit.COPY_EVERY_STATE
        + " actions copyFrom" + (undo ? " and undo" : "") + " run at a sample of states, as do tensors when all"
        + " players' together exceed " + ConformanceKit.TENSOR_EVERY_STATE + " entries");
    if (resample) {
      out.println("  every decision: perfect recall (no information state at two decisions of one history"
          + (game.perfectRecall() ? "; one information state, one own earlier sequence of information states and actions)"
              : "; the game declares no perfect recall otherwise)"));
    }
    String nominal = nominalNote(game);
    if (nominal != null) {
      out.println("  " + nominal);
    }
    boolean ownKey = keepsOwnInformationStateKey(initial);
    out.printf(Locale.ROOT, "  sampled states (probability min(1, %s/(t+1)) after t actions) and every terminal state:"
        + " whole history, copy and copyFrom%s, hash, MatchRecord round trip, information states%s%s%n",
        fmt(opt.deepCheckRate()), undo ? ", undo on a copy and its original in turn" : "",
        ownKey ? " (one string, one informationStateKey, over the run and in " + (resample ? "resampled worlds)" : "copies)") : "",
        resample ? ", resample and resampleInto" : "");
    if (ConformanceKit.comparesResampledWorlds(game, opt)) {
      out.println("  over the run: resample and resampleInto give a world other than the source, per player and history"
          + " length, at information states met after two or more histories (it fails if all 96 draws there return"
          + " the source, the true state)");
    } else if (resample) {
      out.println("  not checked: whether resample's worlds differ from their source, and their distribution (the game"
          + " declares no perfect recall: its information-state strings forget what the player saw)");
    }
    boolean distribution = ConformanceKit.checksResampleDistribution(game, opt);
    if (distribution) {
      out.printf(Locale.ROOT, "  over the run, when the game tree has at most %d nodes: resample and resampleInto draw each world with"
          + " its probability (the product of the chance probabilities along its history), at up to %d information states"
          + " whose worlds differ only in chance outcomes (%d draws each; a correct sampler fails with probability below"
          + " 1e-9); larger trees: the distribution is not checked%n", ConformanceKit.DISTRIBUTION_TREE_NODES,
          ConformanceKit.DISTRIBUTION_STATES, ConformanceKit.DISTRIBUTION_DRAWS);
    }
    if (resample || hasResampler(initial)) {
      out.println("  over the run: some information state of the player to move comes with two different histories, in the"
          + " playouts or in a world resample draws (else a warning, exit 0: does informationStateString hide anything?)");
    }
    if (game.maxActionsPerState() > Tree.MAX_CHILDREN) {
      out.printf(Locale.ROOT, "  note: up to %d legal actions or chance outcomes at a state; MCTS agents refuse a node with more"
          + " than %d children (a limit of the search engine, not a rule of the game)%n", game.maxActionsPerState(), Tree.MAX_CHILDREN);
    }
    out.flush();
    // a signal from now on stops the kit before its next state; what was checked is printed as incomplete
    pending.set("ponder: check: interrupted, and the check did not stop in time; it is incomplete: the game has not"
        + " passed");
    pending.stopsCommand();
    opt.stopWhen(pending::requested);
    ConformanceKit.Report r;
    // a long run (long playouts, large tensors) shows the states checked so far on stderr, every 10 s by default
    dev.ponder.arena.Progress progress = noProgress
        ? dev.ponder.arena.Progress.Factory.NONE.start("check " + game.spec(), "states", dev.ponder.arena.Progress.UNKNOWN)
        : dev.ponder.arena.Progress.forConsole("check " + game.spec(), "states", 0, dev.ponder.arena.Progress.UNKNOWN, err,
            progressIntervalMs, false);
    opt.progress(progress::stepTo);
    try {
      r = ConformanceKit.check(game, opt);
    } catch (ConformanceKit.Stopped stopped) {
      progress.close();
      if (pending.claimOutput()) {
        ConformanceKit.Report so = stopped.checked();
        int of = only == null ? playouts : 1;
        pending.set(cutLine(stopped, of));
        // the states of the playout under way are counted; its length is not a playout's yet
        String longest = so.playouts() > 0 ? ", longest playout " + count(so.maxLength(), "action")
            : " (in the first playout)";
        out.printf(Locale.ROOT, "incomplete (interrupted): %d of %s, %s, %s%s; no violation so far, but the game has"
            + " not passed%n", so.playouts(), count(of, "playout"), count(so.states(), "state"),
            count(so.informationStates(), "information state"), longest);
        out.flush();
      }
      return InterruptLine.EXIT_CODE;
    } catch (AssertionError e) {
      progress.close();
      if (!pending.claimOutput()) {
        return 1; // the hook said the check did not stop in time
      }
      pending.set(InterruptLine.printedWhole("check"));
      String msg = e.getMessage() == null ? e.toString() : e.getMessage();
      String[] lines = msg.split("\n", 2);
      String line = lines[0];
      if (lines.length > 1) {
        line = (line.endsWith(":") ? line.substring(0, line.length() - 1) : line) + " (details on standard output)";
      }
      err.println("ponder: error: " + line);
      Throwable cause = e.getCause();
      boolean verbose = parent != null && parent.verbose;
      if (cause != null && verbose) {
        cause.printStackTrace(err); // the game's exception, where it was thrown and how the kit got there
      }
      err.flush();
      if (lines.length > 1) {
        out.println("detail:");
        out.println(lines[1]);
      }
      if (cause != null) {
        out.println("cause: " + cause + dev.ponder.spi.Faults.at(cause) + (verbose ? "" : " (--verbose prints its stack trace)"));
      }
      String hint = rerunHint(lines[0], game.spec());
      if (hint != null) {
        out.println(hint);
      }
      out.flush();
      return 1;
    }
    progress.close();
    if (!pending.claimOutput()) {
      return InterruptLine.EXIT_CODE;
    }
    pending.set(InterruptLine.printedWhole("check"));
    for (String w : r.warnings()) {
      err.println("warning: " + w);
    }
    err.flush();
    out.printf(Locale.ROOT, "ok: %s, %s, %s, longest playout %s%n", count(r.playouts(), "playout"), count(r.states(), "state"),
        count(r.informationStates(), "information state"), count(r.maxLength(), "action"));
    if (distribution) {
      out.println(r.distributionStates() > 0
          ? "resample distribution: checked at " + count(r.distributionStates(), "information state")
          : "resample distribution: not checked (the game tree has more than " + ConformanceKit.DISTRIBUTION_TREE_NODES
              + " nodes, or no information state whose worlds differ only in chance outcomes)");
    }
    out.flush();
    return 0;
  }

  /**
   * The stderr line of a check a signal stopped: {@code ponder: check: interrupted after 3 of 1000
   * playouts and 1234 states; no violation so far, but the check is incomplete: the game has not
   * passed} ({@code in playout 7 after 1234 states} with {@code --playout 7}; {@code after all 1000
   * playouts (123456 states), before the checks over the run}).
   *
   * @param of the playouts the run was to check
   */
  String cutLine(ConformanceKit.Stopped stopped, int of) {
    ConformanceKit.Report so = stopped.checked();
    String where = stopped.playout() < 0
        ? "after all " + count(of, "playout") + " (" + count(so.states(), "state") + "), before the checks over the run"
        : only != null ? "in playout " + only + " after " + count(so.states(), "state")
        : "after " + so.playouts() + " of " + count(of, "playout") + " and " + count(so.states(), "state");
    return "ponder: check: interrupted " + where + "; no violation so far, but the check is incomplete: the game has"
        + " not passed";
  }

  /**
   * The line saying which utility bound the returns are not checked against, when the game
   * declares one nominal ({@link Game#minUtilityNominal()}, {@link Game#maxUtilityNominal()});
   * {@code null} when both are strict.
   */
  static String nominalNote(Game game) {
    boolean lo = game.minUtilityNominal();
    boolean hi = game.maxUtilityNominal();
    if (!lo && !hi) {
      return null;
    }
    if (lo && hi) {
      return "returns: utility bounds [" + fmt(game.minUtility()) + ", " + fmt(game.maxUtility())
          + "] are nominal (the game declares them so): returns are not checked against them";
    }
    return lo
        ? "returns: minUtility " + fmt(game.minUtility()) + " is nominal (the game declares it so): returns are checked against maxUtility "
            + fmt(game.maxUtility()) + " only"
        : "returns: maxUtility " + fmt(game.maxUtility()) + " is nominal (the game declares it so): returns are checked against minUtility "
            + fmt(game.minUtility()) + " only";
  }

  /** {@code n} and the noun, in the plural unless n is 1 ("1 playout", "0 playouts", "2 information states"). */
  static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  /**
   * Whether the game's states override {@link State#hash()} (the kit then checks hash collisions at
   * every state; the default hash of the history cannot collide but by chance).
   */
  /** Whether the state's class has a resampler of its own (the kit then looks for hidden information). */
  private static boolean hasResampler(State s) {
    try {
      return s.getClass().getMethod("resample", int.class, java.util.SplittableRandom.class).getDeclaringClass() != State.class
          || s.getClass().getMethod("resampleInto", int.class, java.util.SplittableRandom.class, State.class)
              .getDeclaringClass() != State.class;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  private static boolean keepsOwnInformationStateKey(State s) {
    try {
      return s.getClass().getMethod("informationStateKey", int.class).getDeclaringClass() != State.class;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  private static boolean keepsOwnHash(State s) {
    try {
      return s.getClass().getMethod("hash").getDeclaringClass() != State.class;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  private static String fmt(double c) {
    return c == Math.rint(c) && !Double.isInfinite(c) ? Long.toString((long) c) : Double.toString(c);
  }
}
