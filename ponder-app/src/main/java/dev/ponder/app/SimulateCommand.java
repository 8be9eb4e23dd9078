package dev.ponder.app;

import dev.ponder.arena.Progress;
import dev.ponder.game.CopyWatch;
import dev.ponder.game.Game;
import dev.ponder.game.GameContract;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.RandomPlayout;
import dev.ponder.game.State;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.SplittableRandom;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder simulate GAME -n N --seed S}: N uniformly random playouts (chance outcomes drawn
 * with their probabilities); prints length statistics, each player's mean return and, for games of
 * two or more players, each player's wins (a win: the player's return is the unique maximum) and
 * the playouts with no unique winner (draws, ties for the top return, horizon ends where everyone
 * gets 0); two-player games also show each player's draws and losses. The loop allocates nothing
 * per move. Before it, one playout of its own checks every list it meets ({@link #checkedPlayout}):
 * the measured playouts draw one action without walking the list, so a game whose legal actions
 * are not ascending would otherwise go unnoticed; chance probabilities are checked in every playout
 * ({@link RandomPlayout}), and every playout's returns are checked to be finite numbers ({@link
 * GameContract#checkReturns}).
 *
 * <p>Ctrl-C (SIGINT) or SIGTERM during the playouts stops them after the playout in progress: the
 * summary covers the playouts completed ({@code 4096 of 100000 random playouts (seed 1;
 * interrupted)}), and one line on stderr says so ({@code ponder: simulate: interrupted after 4096
 * of 100000 playouts; the summary covers those 4096}); exit 130 (143 for SIGTERM).
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
    description = {"Run N random playouts: length (mean/min/max), outcomes per player, playouts per second.",
        "Outcomes: each player's mean return and wins (a win: the player's return is the unique maximum), and the"
            + " playouts with no unique winner (draws, ties, games ended at a horizon with nobody winning);"
            + " with two players also draws and losses."})
public final class SimulateCommand implements PonderCommand {

  @Parameters(index = "0", paramLabel = "GAME", description = "Game string, e.g. connect_four.")
  String gameString;

  @Option(names = {"-n", "--playouts"}, paramLabel = "N", converter = Ponder.AtLeastOneLong.class, defaultValue = "1000", description = "Number of playouts (default: ${DEFAULT-VALUE}).")
  long n;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--no-progress", description = "No progress output on standard error (otherwise, once a run has taken"
      + " 2 s, a bar on a console or a line every 10 s).")
  boolean noProgress;

  /** Milliseconds before the first progress output, and least milliseconds between two lines without a console. */
  @Option(names = "--progress-interval", hidden = true, defaultValue = "10000",
      description = "Milliseconds between progress lines without a console (default: ${DEFAULT-VALUE}).")
  long progressIntervalMs;

  @Option(names = "--progress-delay", hidden = true, defaultValue = "2000",
      description = "Milliseconds a run takes before its progress shows (default: ${DEFAULT-VALUE}).")
  long progressDelayMs;

  /**
   * Playouts between two looks at the clock for a progress report (a power of two, so the check
   * is a mask): few enough that a slow game (a playout of milliseconds) still reports about every
   * {@link #PROGRESS_NANOS}, many enough that the clock costs a fast one (0.1 µs a playout) ~1%.
   */
  static final long PROGRESS_EVERY = 1 << 4;

  /** Least nanoseconds between two progress reports. */
  static final long PROGRESS_NANOS = 100_000_000L;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /**
   * Aggregates of a batch of playouts.
   *
   * @param wins per player, the playouts in which that player's return was the unique maximum
   * @param noUniqueWinner playouts in which the maximum return was shared by two or more players
   */
  record Stats(long playouts, long moves, int minLength, int maxLength, double[] returnSum, long[] wins,
      long noUniqueWinner, double seconds) {
    double meanLength() {
      return (double) moves / playouts;
    }
  }

  @Override
  public Integer call() {
    if (n < 1) {
      throw UsageException.atLeast(Ponder.typedOption(spec, "--playouts"), 1, n);
    }
    try (InterruptLine pending = new InterruptLine(spec.commandLine().getErr(), () -> InterruptLine.starting("simulate"))) {
      return run(pending);
    }
  }

  private Integer run(InterruptLine pending) {
    Game game = GameRegistry.load(gameString);
    checkedPlayout(game, seed);
    Progress.Factory factory = noProgress ? Progress.Factory.NONE
        : Progress.delayed(spec.commandLine().getErr(), Math.max(0, progressDelayMs), Math.max(0, progressIntervalMs));
    Stats st;
    // a signal from now on stops the playouts; the summary covers those completed
    pending.set("ponder: simulate: interrupted, and the playout in progress did not end in time; nothing was printed");
    pending.stopsCommand();
    try (Progress progress = factory.start("simulate: " + game.spec(), "playouts", n)) {
      st = simulate(game, n, seed, progress, pending::requested);
    }
    if (!pending.claimOutput()) {
      return InterruptLine.EXIT_CODE;
    }
    boolean cut = st.playouts() < n;
    pending.set(cut ? cutLine(st.playouts(), n) : InterruptLine.printedWhole("simulate"));
    if (st.playouts() == 0) {
      return InterruptLine.EXIT_CODE; // nothing to summarize
    }
    PrintWriter out = spec.commandLine().getOut();
    if (cut) {
      out.printf(Locale.ROOT, "%s: %d of %d random playouts (seed %d; interrupted)%n", game.spec(), st.playouts(), n, seed);
    } else {
      out.printf(Locale.ROOT, "%s: %d random playouts (seed %d)%n", game.spec(), st.playouts(), seed);
    }
    out.printf(Locale.ROOT, "length: mean %.2f, min %d, max %d%n", st.meanLength(), st.minLength(), st.maxLength());
    int players = game.numPlayers();
    for (int p = 0; p < players; p++) {
      out.print("player " + p + ": mean return " + ReturnsFormat.format(st.returnSum()[p] / st.playouts()));
      if (players >= 2) {
        out.print(", wins " + count(st.wins()[p], st.playouts()));
      }
      if (players == 2) {
        out.print(", draws " + count(st.noUniqueWinner(), st.playouts()) + ", losses " + count(st.wins()[1 - p], st.playouts()));
      }
      out.println();
    }
    if (players >= 2) {
      out.println("no unique winner: " + count(st.noUniqueWinner(), st.playouts()));
    }
    out.printf(Locale.ROOT, "speed: %.0f playouts/s, %.0f moves/s (%.3f s)%n",
        st.playouts() / st.seconds(), st.moves() / st.seconds(), st.seconds());
    out.flush();
    return cut ? InterruptLine.EXIT_CODE : 0;
  }

  /**
   * The stderr line of a run stopped by a signal after {@code done} of {@code n} playouts: {@code
   * ponder: simulate: interrupted after 4096 of 100000 playouts; the summary covers those 4096}.
   */
  static String cutLine(long done, long n) {
    return done == 0
        ? "ponder: simulate: interrupted during the first of " + n + " playouts; nothing to summarize"
        : "ponder: simulate: interrupted after " + done + " of " + n + " playouts; the summary covers those " + done;
  }

  /** {@code k (p%)} with the percentage of {@code total} to one decimal. */
  private static String count(long k, long total) {
    return String.format(Locale.ROOT, "%d (%.1f%%)", k, 100.0 * k / total);
  }

  /**
   * One uniformly random playout from the initial state, with its own generator (seeded with {@code
   * seed}; the measured playouts' draws are not changed), that checks the game's contract at every
   * state: legal actions (and chance outcomes' actions) strictly ascending, chance probabilities
   * summing to 1 ({@link GameContract}). It plays on a state copied from the initial state with
   * {@link State#copyFrom}, as the measured playouts do, and then checks that the initial state did
   * not change ({@link CopyWatch}): a game whose copy shares mutable data with its source would
   * otherwise start every later playout from where this one ended. Costs one playout that lists
   * every state's actions, and two {@code toString()} calls.
   *
   * @throws dev.ponder.game.GameContractException naming the game, the history and the fault
   */
  static void checkedPlayout(Game game, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    int[] actions = new int[Math.max(1, game.maxActionsPerState())];
    double[] probabilities = new double[Math.max(1, game.maxChanceOutcomes())];
    State origin = game.newInitialState();
    CopyWatch watch = new CopyWatch();
    watch.note(origin);
    State s = game.newInitialState();
    s.copyFrom(origin);
    playChecked(s, game, rng, actions, probabilities);
    if (watch.changed()) {
      throw watch.fault("a random playout ran on a copy of it (copyFrom)");
    }
  }

  private static void playChecked(State s, Game game, SplittableRandom rng, int[] actions, double[] probabilities) {
    // bounded like a playout: a game that never ends is the measured loop's to show
    for (long moves = 0; !s.isTerminal() && moves <= Math.max(1, game.maxGameLength()); moves++) {
      int k;
      if (s.isChanceNode()) {
        k = s.chanceOutcomes(actions, probabilities);
        GameContract.checkChanceOutcomes(s, probabilities, k);
      } else {
        k = s.legalActions(actions);
      }
      GameContract.checkAscending(s, actions, k);
      if (k == 0) {
        return; // a non-terminal state without actions: the measured loop reports what follows
      }
      s.applyActionUnchecked(actions[rng.nextInt(k)]);
    }
  }

  /** Runs {@code n} playouts from the initial state. */
  static Stats simulate(Game game, long n, long seed) {
    return simulate(game, n, seed, Progress.none());
  }

  /**
   * Runs {@code n} playouts from the initial state, telling {@code progress} the playouts done
   * every {@link #PROGRESS_EVERY} playouts.
   */
  static Stats simulate(Game game, long n, long seed, Progress progress) {
    return simulate(game, n, seed, progress, () -> false);
  }

  /**
   * {@link #simulate(Game, long, long, Progress)} that stops before a playout once {@code stop}
   * says so (a signal): the stats then cover the playouts completed ({@link Stats#playouts()}
   * &lt; {@code n}, possibly 0).
   */
  static Stats simulate(Game game, long n, long seed, Progress progress, java.util.function.BooleanSupplier stop) {
    int players = game.numPlayers();
    RandomPlayout runner = new RandomPlayout(game);
    State root = game.newInitialState();
    SplittableRandom rng = new SplittableRandom(seed);
    double[] returns = new double[players];
    double[] sum = new double[players];
    long[] wins = new long[players];
    long noUnique = 0;
    long moves = 0;
    int min = Integer.MAX_VALUE;
    int max = 0;
    long t0 = System.nanoTime();
    long reported = t0;
    long i = 0;
    for (; i < n; i++) {
      if (stop.getAsBoolean()) {
        break;
      }
      if ((i & (PROGRESS_EVERY - 1)) == 0 && i > 0) {
        long now = System.nanoTime();
        if (now - reported >= PROGRESS_NANOS) {
          progress.stepTo(i);
          reported = now;
        }
      }
      int len = runner.run(root, rng);
      moves += len;
      min = Math.min(min, len);
      max = Math.max(max, len);
      State end = runner.state();
      end.returns(returns);
      GameContract.checkReturns(end, returns); // one NaN would make every mean NaN: the game's fault
      int best = 0;
      boolean shared = false;
      for (int p = 0; p < players; p++) {
        sum[p] += returns[p];
        if (p > 0) {
          if (returns[p] > returns[best]) {
            best = p;
            shared = false;
          } else if (returns[p] == returns[best]) {
            shared = true;
          }
        }
      }
      if (shared) {
        noUnique++;
      } else {
        wins[best]++;
      }
    }
    if (i == n) {
      progress.stepTo(n);
    }
    double seconds = Math.max(1e-9, (System.nanoTime() - t0) / 1e9);
    return new Stats(i, moves, i == 0 ? 0 : min, max, sum, wins, noUnique, seconds);
  }
}
