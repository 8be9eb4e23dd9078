package dev.ponder.app;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.CopyWatch;
import dev.ponder.game.Distributions;
import dev.ponder.arena.MatchRunner;
import dev.ponder.game.Game;
import dev.ponder.game.GameContract;
import dev.ponder.game.GameContractException;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.MatchRecord;
import dev.ponder.game.MissingGameMethodException;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.search.mcts.MctsAgent;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder play GAME --players human,random}: one match in the terminal. Each seat is an
 * agent string ({@code human} reads moves from standard input); chance outcomes are drawn with
 * the seed; the board is drawn after every move; {@code --record FILE} saves the match as a
 * {@link MatchRecord} line. A human may type {@code undo} (take back their last move and every
 * action after it: the history is replayed from the initial state and the agents restarted and
 * told it again; chance outcomes come out as before, {@link ChanceDraws}, so an undo that takes back
 * a chance outcome the human saw is noted, {@link #UNDO_SEEN_NOTE}) or {@code quit} (exit
 * 0); when the human quits, input ends (exit 1), an agent or the game fails (exit 1 or 2), or
 * Ctrl-C or SIGTERM stops the match (exit 130 or 143, one line, {@link #interruptedLine}), the
 * actions so far are saved to {@code --record} as a partial record; a match stopped before its
 * first action writes nothing, so an existing file keeps the record it holds.
 *
 * <p>Agents never hold the match's own state: each {@code selectAction} and {@code informAction}
 * is given a fresh copy of it (as in the arena), and an agent that changes the copy stops the match
 * with one line naming it and the call (exit 1).
 */
@Command(name = "play", mixinStandardHelpOptions = true,
    description = {"Play one match in the terminal against any registered agents.",
        "A human sees the legal moves as id=string (e.g. 4=x(1,1)) and types the action string or the id; anything else is"
            + " refused with the legal ones.",
        "Short forms name a move too when they name exactly one legal move: the text after \" - \" (backgammon's 24/22 13/8"
            + " for 11 - 24/22 13/8), and the string with runs of spaces collapsed, without a leading [P0] tag (goofspiel's"
            + " Bid: 2) or a trailing ; (nim's pile:1, take:1). A number that is a legal id is that id (in goofspiel 2 is the"
            + " id of Bid: 3; type Bid: 2 for that bid).",
        "A human may also type undo (take back their last move and the moves after it; a die or card drawn again comes"
            + " out as before), quit, or help (or an empty line) for the help and the legal moves.",
        "An undo that takes back a chance outcome the human saw lets them know the draws to come (the next chance event"
            + " uses the draw taken back): a note says so, and the result line is marked [chance outcomes known after an"
            + " undo: not a fair test of the agents]; --no-undo refuses undo.",
        "--record creates missing parent directories; a path that cannot be written is refused before the match.",
        "When a human quits, input ends, an agent or the game fails, or Ctrl-C stops the match, the moves so far are"
            + " saved to --record as a partial record (ponder replay reads it), once, and a line says so (or that the file"
            + " could not be written; a failure's own error line and exit code stay as they are). A match stopped before"
            + " its first action writes nothing: an existing FILE keeps the record it holds.",
        "Exit codes: 0 the match ended or a human quit, 1 input ended mid-game, an agent chose an illegal move (or another"
            + " runtime failure), 2 usage error (bad options, or a tabular(file=...) player whose policy file has no entry for"
            + " an information state the match reaches), 130 Ctrl-C."})
public final class PlayCommand implements PonderCommand {

  @Parameters(index = "0", paramLabel = "GAME", description = "Game string, e.g. tic_tac_toe or connect_four(rows=5).")
  String gameString;

  @Option(names = "--players", required = true, paramLabel = "AGENTS",
      description = "One agent string per seat, comma-separated in seat order (commas inside parentheses belong to the agent), e.g. human,random.")
  String players;

  @Option(names = "--seed", paramLabel = "S", description = "Seed for chance outcomes and agents (default: ${DEFAULT-VALUE}).", defaultValue = "1")
  long seed;

  @Option(names = "--record", paramLabel = "FILE", description = "Save the match (game string | actions) to FILE; missing parent directories are created.")
  Path record;

  @Option(names = "--stats", description = "After each decision of an MCTS agent print one line on standard error:"
      + " move, player, action, simulations, elapsed ms, root visits reused from the previous tree (reuse=true),"
      + " tree nodes, and the root value for the player who moved. In an imperfect-information game with a human seat"
      + " these show the agents' private information, and a warning says so.")
  boolean stats;

  @Option(names = "--no-undo", description = "Refuse undo in this match (a human cannot learn the chance outcomes to"
      + " come by taking back a roll or a deal they saw).")
  boolean noUndo;

  @CommandLine.ParentCommand Ponder parent;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Game game = GameRegistry.load(gameString);
    List<String> seats = splitTopLevel(players);
    if (seats.size() != game.numPlayers()) {
      // a malformed agent string (an unclosed '(' swallows the commas after it) is named before the count
      seats.forEach(dev.ponder.spec.Spec::parse);
      throw new UsageException("--players lists " + seats.size() + " agent(s) but " + game.spec() + " has "
          + game.numPlayers() + (game.numPlayers() == 1 ? " player" : " players") + "; give one agent string per seat, e.g. --players " + String.join(",", java.util.Collections.nCopies(game.numPlayers(), "random")));
    }
    if (record != null) {
      IoReasons.requireWritable("--record", record); // before the match: missing parents are created
    }
    this.game = game;
    // Ctrl-C (or SIGTERM) while a human types or an agent thinks: one line, the moves so far saved
    // to --record, as quit does; the JVM then exits 130 (143)
    try (InterruptLine pending = new InterruptLine(err, this::interruptedLine)) {
      return play(game, seats, out, err);
    }
  }

  /** The match itself ({@link #call} after the checks of the command line). */
  private Integer play(Game game, List<String> seats, PrintWriter out, PrintWriter err) {
    BufferedReader in = new BufferedReader(new InputStreamReader(parent == null ? System.in : parent.stdin(), StandardCharsets.UTF_8));
    AgentRegistry.register(new HumanAgent.Factory(in, out, !noUndo));
    List<Agent> agents = new ArrayList<>();
    SplittableRandom seeds = new SplittableRandom(seed);
    // the match's chance stream: the k-th chance event of the match always uses its k-th draw, so an
    // undo never changes a chance outcome (a human cannot re-roll a die by taking back a move)
    ChanceDraws chance = new ChanceDraws(seeds.split());
    try {
      for (String s : seats) {
        agents.add(AgentRegistry.create(s, game, seeds.nextLong()));
      }
      SearchThreads.warnings(seats, Runtime.getRuntime().availableProcessors())
          .forEach(w -> spec.commandLine().getErr().println(w));
      AgentWarnings.print(spec.commandLine().getErr(), seats, List.of(game));
      // the header names the seed; say when it does not fix the match
      ArenaCommand.timingNote(new ArrayList<>(new java.util.LinkedHashSet<>(seats)),
              "this match is not repeated by --seed (the same command plays other moves)")
          .ifPresent(spec.commandLine().getErr()::println);
      spec.commandLine().getErr().flush();
      State state = game.newInitialState();
      // what the agents see: a copy of the match's state made before each call, as in the arena,
      // so an agent that changes the state it is given cannot change the match; a change is the
      // agent's error (exit 1)
      State view = state.copy();
      // the match's state (and the copy of it the agents are told of a move on) as it was before
      // the agents ran on copies of it: a change is the game's fault, its copy sharing data with
      // the original (CopyWatch), not the agent's
      CopyWatch watch = new CopyWatch();
      // with imperfect information a human must not see the full state or the hidden moves:
      // each human sees their own information state when asked to move; the full game is shown
      // once it is over
      boolean hide = !game.type().isPerfectInformation()
          && seats.stream().anyMatch(s -> dev.ponder.spec.Spec.parse(s).name().equals(HumanAgent.Factory.NAME));
      List<Integer> humans = new ArrayList<>();
      for (int i = 0; i < seats.size(); i++) {
        if (isHuman(seats.get(i))) {
          humans.add(i);
        }
      }
      if (stats && hide) {
        err.println(STATS_WARNING);
        err.flush();
      }
      if (hide && humans.size() >= 2) {
        err.println(sharedTerminalWarning(humans));
        err.flush();
      }
      boolean handOff = hide && humans.size() >= 2 && interactive.getAsBoolean();
      int lastHuman = -1; // the human seat asked for a move last
      out.println(game.spec() + ": " + describeSeats(seats) + " (seed " + seed + ")");
      if (hide) {
        out.println("(imperfect information: a human sees only their own information state; the log names only the"
            + " moves it names, shows another move only when the human can tell one was made, and numbers the moves only"
            + " while the human knows how many there were; the full game is shown at the end)");
      } else {
        out.println(state);
      }
      progress(new int[0], true); // the match has started: an error or a signal from now on saves the moves so far
      List<String> log = new ArrayList<>(); // the move lines, shown at the end when hidden
      List<Integer> movers = new ArrayList<>(); // who made each action of the history
      List<String> played = new ArrayList<>(); // each action's string, rendered on the state where it was taken
      // per action of the history: a chance outcome that a human saw (shown on the board, or it
      // changed a human's information state); an undo that takes one back lets the human know draws to come
      List<Boolean> seenChance = new ArrayList<>();
      int move = 0;
      while (!state.isTerminal()) {
        int p = state.currentPlayer();
        int action;
        if (p == State.CHANCE) {
          action = sampleChance(state, chance.next());
        } else {
          Agent agent = agents.get(p);
          SearchResult before = agent instanceof MctsAgent m ? m.lastResult() : null;
          String ran = "player " + p + "'s agent " + seats.get(p) + " ran selectAction on a copy of it";
          try {
            if (humans.contains(p)) {
              if (handOff && lastHuman >= 0 && lastHuman != p) {
                handOff(in, out, p);
              }
              lastHuman = p;
            }
            watch.note(state);
            view.copyFrom(state);
            action = agent.selectAction(view);
            requireUnchanged(view, state, p, seats.get(p), "selectAction");
            if (watch.changed()) {
              throw watch.fault(ran);
            }
          } catch (dev.ponder.solve.TabularPolicyAgent.PolicyMismatchException e) {
            // a saved policy that does not fit the game is bad input (exit 2), as in exploitability
            throw new UsageException("player " + p + " (" + seats.get(p) + "): " + e.getMessage());
          } catch (HumanAgent.QuitRequest q) {
            String stopped = "player " + p + " quit after " + actions(move);
            if (!claimRecord()) {
              return 0; // a signal is saving the record, and says so
            }
            try {
              String note = saveNote(state, stopped);
              out.println(stopped + note);
            } catch (RuntimeException failed) {
              out.println(stopped);
              out.flush();
              throw failed; // the record could not be written: that error, exit 1
            }
            out.flush();
            return 0;
          } catch (HumanAgent.InputEndedException e) {
            if (!claimRecord()) {
              throw e;
            }
            String note;
            try {
              note = saveNote(state, "input ended after " + actions(move));
            } catch (RuntimeException failed) {
              // the original error and exit status stand; one line more says the save failed
              err.println("ponder: play: could not save the " + actions(move) + " so far: " + failed.getMessage());
              err.flush();
              throw e;
            }
            throw new HumanAgent.InputEndedException(e.getMessage() + note);
          } catch (HumanAgent.UndoRequest u) {
            if (noUndo) {
              out.println(NO_UNDO_LINE);
              continue;
            }
            int back = lastMoveOf(movers, u.player());
            if (back < 0) {
              out.println("nothing to undo: player " + u.player() + " has not moved yet");
              continue;
            }
            int[] kept = java.util.Arrays.copyOf(state.history(), back);
            // with hidden moves the number taken back could count them: said only when every human knows it
            boolean count = !hide || humansKnowTheLength(state, humans);
            out.println(count ? "undo: took back " + actions(move - back) + ", from player " + movers.get(back) + "'s "
                + played.get(back) : "undo: took back player " + movers.get(back) + "'s " + played.get(back)
                + " and the actions after it");
            if (seenChance.subList(back, seenChance.size()).contains(true)) {
              out.println(UNDO_SEEN_NOTE);
              knownDraws = true;
            }
            state = replay(game, kept, agents, seats, view);
            chance.rewind(chanceEvents(movers, back));
            progress(kept, false);
            movers.subList(back, movers.size()).clear();
            played.subList(back, played.size()).clear();
            seenChance.subList(back, seenChance.size()).clear();
            log.subList(back, log.size()).clear();
            move = back;
            if (!hide) {
              out.println(state);
            }
            continue;
          } catch (GameContractException e) {
            throw e;
          } catch (MissingGameMethodException e) {
            // the game lacks what the agent needs (an imperfect-information game's resample): the game's fault
            throw new GameContractException("game " + game.name() + " failed during player " + p + "'s agent "
                + seats.get(p) + "'s selectAction at move " + state.historySize() + ": " + e.getMessage(), e);
          } catch (RuntimeException e) {
            if (!MatchRunner.modified(view, state) && watch.changed()) {
              // the agent failed on a copy whose play had changed the match's state too: the game's fault
              throw watch.fault(ran + " and failed (" + e.getClass().getSimpleName() + ")", e);
            }
            throw e;
          }
          if (agent instanceof MctsAgent m && m.lastResult() != null && m.lastResult() != before) {
            if (stats) {
              err.println(statsLine(move + 1, p, seats.get(p), state.actionToString(p, action), action, m.lastResult()));
            }
            // a timed search that ran out before its first simulation played a move backed by no search
            SearchCommand.noSimulationWarning(m.lastResult(), "move " + (move + 1) + ", player " + p + " ("
                + seats.get(p) + "): ").ifPresent(err::println);
            err.flush();
          }
        }
        String text = state.actionToString(p, action);
        State before = state.copy();
        if (p != State.CHANCE && !isHuman(seats.get(p)) && !state.isLegal(action)) {
          // an agent's illegal move is a runtime failure of that agent (exit 1), not bad input;
          // a human's input is checked by the human agent itself
          throw new IllegalStateException("player " + p + "'s agent " + seats.get(p) + " chose illegal action " + action
              + " at move " + state.historySize() + " of " + game.name() + "; legal: " + legalList(state, p));
        }
        watch.note(before);
        state.applyAction(action);
        if (watch.changed()) { // a copy that shares data with its source: the game's fault
          throw watch.fault("the referee applied move " + text + " (" + action + ") to the state it was copied from");
        }
        inform(agents, seats, view, before, p, action, watch);
        progress(state.history(), false);
        movers.add(p);
        played.add(text);
        seenChance.add(p == State.CHANCE && (!hide || changesAHumansView(before, state, humans)));
        move++;
        String line = move + ". " + (p == State.CHANCE ? "chance" : "player " + p + " (" + seats.get(p) + ")") + ": " + text;
        log.add(line);
        if (hide) {
          String shown = hiddenLogLine(before, state, p, seats, action, text, humans);
          if (shown != null) {
            out.println(shown);
          }
        } else {
          out.println();
          out.println(line);
          out.println(state);
        }
        if (p != State.CHANCE && humans.contains(p) && !state.isTerminal() && state.currentPlayer() == p) {
          // the same player acts again with nothing between: a move onto a hidden stone (phantom
          // tic-tac-toe, dark hex), the second part of a move (amazons), a box completed
          out.println(againLine(p));
        }
        out.flush();
      }
      if (hide) {
        out.println();
        for (String l : log) {
          out.println(l);
        }
        out.println(state);
      }
      String result = result(state);
      // claimed before the result is printed: a signal after it cannot save the finished match as partial
      boolean claimed = claimRecord();
      out.println("result: " + result + (knownDraws ? KNOWN_DRAWS_MARK : ""));
      if (claimed) { // else a signal came first: it saves the moves so far and says so
        if (record == null) {
          recordDone("as the match ended", "");
        } else {
          try {
            save(state);
          } catch (RuntimeException failed) {
            recordDone("as the match ended", "; " + failed.getMessage());
            throw failed;
          }
          recordDone("as the match ended", "; its record was saved to " + record);
          out.println("saved to " + record);
        }
      }
      out.flush();
      return 0;
    } catch (Throwable e) {
      if (e instanceof InternalError || e instanceof UnknownError) {
        throw e; // the JVM itself is broken: nothing more is attempted
      }
      // an agent's or the game's failure (a NoClassDefFoundError or a StackOverflowError of its
      // code too), or bad input: nothing already played is lost; the error line and exit status
      // stay those of the failure
      int[] moves = claimedMoves();
      if (moves != null) {
        stoppedOnError(moves, e, out, err);
      }
      throw e;
    } finally {
      for (Agent a : agents) {
        a.close();
      }
    }
  }

  /**
   * The line the log shows for {@code action} of {@code mover} at {@code before} (now {@code after})
   * while an imperfect-information game with a human seat runs, or null for none. The line names
   * the move when every human can tell it ({@link #humansCanTell}); otherwise it says only who
   * moved ({@code player 1 (random) moved}, {@code chance}), and only when every human other than
   * the mover can tell that a move was made: their information-state string changed, or they know
   * how many actions the game has had ({@link #humansKnowTheLength}). Otherwise there is no line
   * (a phantom tic-tac-toe placement, or failed attempt, of the opponent with {@code
   * obstype=reveal-nothing}). The running number is shown only when every human knows the number
   * of actions so far, so a gap in the numbers never counts hidden moves (the move that ends the
   * game is numbered: the full game follows it).
   */
  static String hiddenLogLine(State before, State after, int mover, List<String> seats, int action, String text,
      List<Integer> humans) {
    String who = mover == State.CHANCE ? "chance" : "player " + mover + " (" + seats.get(mover) + ")";
    // the full game, numbered, follows the move that ends it
    String number = after.isTerminal() || humansKnowTheLength(after, humans) ? after.historySize() + ". " : "";
    if (humansCanTell(before, mover, action, humans)) {
      return number + who + ": " + text;
    }
    boolean seen = !number.isEmpty();
    if (!seen) {
      seen = true;
      for (int h : humans) {
        if (h != mover && before.informationStateString(h).equals(after.informationStateString(h))) {
          seen = false;
        }
      }
    }
    return seen ? number + who + (mover == State.CHANCE ? "" : " moved") : null;
  }

  /**
   * Whether every human seat knows how many actions {@code state} has had: each of {@link
   * #TELL_WORLDS} worlds drawn by {@link State#resample} for the human (seeded) has the true
   * history's length. True in perfect-information games and where the information state holds
   * the count (dark hex, phantom tic-tac-toe with {@code obstype=reveal-numturns}); false in phantom
   * tic-tac-toe by default (the opponent's failed attempts are hidden) and for a game without
   * {@code resample}. Drawn worlds can miss a rare one, so this is a display rule, not a proof.
   */
  static boolean humansKnowTheLength(State state, List<Integer> humans) {
    if (state.game().type().isPerfectInformation()) {
      return true;
    }
    for (int h : humans) {
      if (!everyWorld(state, h, 500_009L, world -> world.historySize() == state.historySize())) {
        return false;
      }
    }
    return true;
  }

  /**
   * The warning {@code --stats} prints before an imperfect-information match with a human seat: its
   * lines name each agent's move and root value, both of which depend on what only that agent
   * knows.
   */
  static final String STATS_WARNING = "warning: --stats shows the human the agents' private information: each"
      + " line names an agent's move (hidden moves too) and its root value, which depends on its hidden cards, dice or"
      + " moves; send standard error to a file (2>stats.txt) to read them after the match";

  /**
   * The warning before an imperfect-information match with two or more human seats: {@code warning:
   * players 0 and 1 are human at one terminal: each one's information state (private cards,
   * hidden moves) is printed when they are to move, for all at the screen to see}.
   */
  static String sharedTerminalWarning(List<Integer> humans) {
    List<String> seats = new ArrayList<>();
    for (int h : humans) {
      seats.add(Integer.toString(h));
    }
    String who = String.join(", ", seats.subList(0, seats.size() - 1)) + " and " + seats.get(seats.size() - 1);
    return "warning: players " + who + " are human at one terminal: each one's information state (private cards,"
        + " hidden moves) is printed when they are to move, for all at the screen to see"
        + " (at a terminal, play asks to pass it on between them)";
  }

  /**
   * Whether standard input is a terminal ({@link System#console()} is not null): only then does
   * {@code play} ask the humans of an imperfect-information game to pass the terminal on, so piped
   * input reads as before. Package-private so tests can stand in for a terminal.
   */
  static volatile java.util.function.BooleanSupplier interactive = () -> System.console() != null;

  /**
   * Asks for the terminal to be passed to human seat {@code p}, {@code pass to player 1 and press
   * Enter}, waits for the line, then clears the screen ({@link #CLEAR_SCREEN}) so that the previous
   * human's information state is not left on it.
   *
   * @throws HumanAgent.InputEndedException if input ends instead
   */
  private static void handOff(BufferedReader in, PrintWriter out, int p) {
    out.print("pass to player " + p + " and press Enter ");
    out.flush();
    String line;
    try {
      line = in.readLine();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot read the input: " + e.getMessage(), e);
    }
    if (line == null) {
      out.println();
      out.flush();
      throw new HumanAgent.InputEndedException("input ended while waiting for player " + p + " to take the terminal");
    }
    out.print(CLEAR_SCREEN); // the previous human's information state is not left on the screen
    out.flush();
  }

  /** ANSI: cursor home, then erase the screen; printed after a hand-off (only at a terminal, as the hand-off). */
  static final String CLEAR_SCREEN = "\033[H\033[2J";

  /**
   * The line after a human's move when the same player is to act again with no other player's move
   * or chance outcome between: {@code player 0 to move again}.
   */
  static String againLine(int player) {
    return "player " + player + " to move again";
  }

  /** Worlds drawn per human seat to decide whether a move of another seat may be named. */
  static final int TELL_WORLDS = 64;

  /**
   * Whether every human seat can tell which move {@code action} of {@code mover} at {@code before}
   * was, so that the log may name it: a human's own move, or one that the human's information
   * state names. A move is named when no other move, in any world the human cannot tell from the
   * true one, would have left the human with the same information-state string: the legal actions
   * (or chance outcomes) of the true state and of {@link #TELL_WORLDS} worlds drawn by {@link
   * State#resample} for the human (seeded, so a game is logged the same way every time). The true
   * state's alternatives alone are not enough: which moves were possible can itself be hidden (in
   * goofspiel with {@code imp_info} the opponent's remaining cards). A public move (a Kuhn pass)
   * and the deal of the human's own card pass; a hidden move (a phantom tic-tac-toe placement, a
   * card dealt to another player, a bid not yet revealed) does not; nor does any move of a game
   * whose state draws no worlds (no {@code resample}). Drawn worlds can miss a rare one, so this
   * is a display rule, not a proof.
   */
  static boolean humansCanTell(State before, int mover, int action, List<Integer> humans) {
    for (int h : humans) {
      if (h == mover) {
        continue;
      }
      State after = before.copy();
      after.applyAction(action);
      String seen = after.informationStateString(h);
      if (anotherMoveLooksTheSame(before, action, h, seen)) {
        return false;
      }
      if (!before.game().type().isPerfectInformation() && !everyWorld(before, h, 0, world -> !world.isTerminal()
          && world.currentPlayer() == before.currentPlayer() && !anotherMoveLooksTheSame(world, action, h, seen))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether each of {@link #TELL_WORLDS} worlds that {@link State#resample} draws for player
   * {@code h} at {@code state} (from a generator seeded by the history's length, {@code h} and
   * {@code salt}) passes {@code test}; false when the game cannot resample (no worlds to compare:
   * what is in question stays hidden).
   */
  private static boolean everyWorld(State state, int h, long salt, java.util.function.Predicate<State> test) {
    SplittableRandom rng = new SplittableRandom(state.historySize() * 1_000_003L + h + salt);
    for (int i = 0; i < TELL_WORLDS; i++) {
      State world;
      try {
        world = state.resample(h, rng);
      } catch (UnsupportedOperationException e) {
        return false;
      }
      if (!test.test(world)) {
        return false;
      }
    }
    return true;
  }

  /** Whether a legal action of {@code world} other than {@code action} leaves {@code h} seeing {@code seen}. */
  private static boolean anotherMoveLooksTheSame(State world, int action, int h, String seen) {
    for (int b : world.legalActions()) { // at a chance node, the chance outcomes
      if (b == action) {
        continue;
      }
      State other = world.copy();
      other.applyAction(b);
      if (other.informationStateString(h).equals(seen)) {
        return true;
      }
    }
    return false;
  }

  private static String actions(int n) {
    return n + (n == 1 ? " action" : " actions");
  }

  /**
   * Writes the finished match to {@code --record} as one {@link MatchRecord} line followed by its
   * returns ({@link ReplayCommand#returnsLine}), which {@code replay} checks. Called only by the
   * thread that {@linkplain #claimRecord claimed} the record.
   */
  private void save(State state) {
    write(MatchRecord.of(state).toLine() + System.lineSeparator() + ReplayCommand.returnsLine(state.returns()));
  }

  /**
   * Saves an unfinished match to {@code --record}, if given, and returns the note that says so
   * ({@code "; saved to F as a partial record of 3 actions (ponder replay F shows the position)"},
   * or before any action {@code "; nothing saved to F (no action was played; ...)"}: {@link
   * #savePartial}), or "" without {@code --record}; the caller has {@linkplain #claimRecord claimed} the record, and this marks
   * it done ({@code stopped} says how the match stopped, for a signal that comes now).
   *
   * @throws IllegalStateException (from {@link IoReasons#writeFailed}) if the file cannot be written
   */
  private String saveNote(State state, String stopped) {
    if (record == null) {
      recordStopped(stopped, "; nothing saved");
      return "";
    }
    String note;
    try {
      note = "; " + savePartial(state.history());
    } catch (RuntimeException e) {
      recordStopped(stopped, "; " + e.getMessage());
      throw e;
    }
    recordStopped(stopped, note);
    return note;
  }

  /**
   * After a failure {@code e} ended the match after {@code moves}: saves them to {@code --record}
   * first, then says so on standard error, {@code ponder: play: the match stopped after 3 actions
   * on the error below; saved to F as a partial record of 3 actions (...)}, or, when the file
   * cannot be written, {@code ...; they could not be saved: cannot write --record F: ...}. The
   * failure's own line and exit status follow unchanged (the caller rethrows {@code e}). With an
   * {@link OutOfMemoryError} the save is tried, and anything it throws is dropped.
   */
  private void stoppedOnError(int[] moves, Throwable e, PrintWriter out, PrintWriter err) {
    String stopped = "after " + actions(moves.length) + " on an error";
    if (record == null) {
      recordStopped(stopped, "; nothing saved");
      return;
    }
    String note;
    try {
      note = savePartial(moves);
    } catch (Throwable failed) {
      if (e instanceof OutOfMemoryError) {
        recordStopped(stopped, "; --record " + record + " may be incomplete");
        return; // the original error goes on, unmasked
      }
      note = "they could not be saved: " + (failed.getMessage() == null ? failed.toString() : failed.getMessage());
    }
    recordStopped(stopped, "; " + note);
    try {
      out.flush();
      err.println("ponder: play: the match stopped after " + actions(moves.length) + " on the error below; " + note);
      err.flush();
    } catch (Throwable ignored) {
      // out of memory even for the line: the original error goes on
    }
  }

  /** {@code saved to F as a partial record of 3 actions (ponder replay F shows the position)}. */
  private String savedNote(int n) {
    return "saved to " + record + " as a partial record of " + actions(n) + " (ponder replay " + record
        + " shows the position)";
  }

  /**
   * The line an undo prints when it takes back a chance outcome a human saw: the draws are kept
   * ({@link ChanceDraws}), so the human now knows what the next chance events will use.
   */
  static final String UNDO_SEEN_NOTE = "note: this undo took back a chance outcome you saw; the draws are kept (an"
      + " undo never re-rolls), so the chance outcomes that follow are now known to you, and this match is no longer a"
      + " fair test of the agents";

  /** What an undo gets with {@code --no-undo}; the human is asked for a move again. */
  static final String NO_UNDO_LINE = "undo is off in this match (--no-undo)";

  /** What the result line of a match with such an undo ends with. */
  static final String KNOWN_DRAWS_MARK = " [chance outcomes known after an undo: not a fair test of the agents]";

  /** Whether an undo took back a chance outcome a human saw ({@link #UNDO_SEEN_NOTE}). */
  private boolean knownDraws;

  /** Whether some human's information-state string differs between {@code before} and {@code after}. */
  private static boolean changesAHumansView(State before, State after, List<Integer> humans) {
    for (int h : humans) {
      if (!before.informationStateString(h).equals(after.informationStateString(h))) {
        return true;
      }
    }
    return false;
  }

  /** The game being played (for the interrupt line and partial records). */
  private Game game;

  /**
   * Where the match's record stands, so that it is written once, by the main thread or by the
   * signal's hook, whichever ends the match first, and the hook's line says what was written:
   * {@code BEFORE} the first move; {@code PLAYING} while moves are made ({@link #sofar} holds them);
   * {@code SAVING} once a thread has claimed the record ({@link #claimRecord}); {@code SAVED} once
   * that thread has written it, or found it cannot ({@link #recordDone}).
   */
  private enum RecordPhase { BEFORE, PLAYING, SAVING, SAVED }

  /** Guards {@link #phase}, {@link #sofar}, {@link #endedHow} and {@link #endedNote}. */
  private final Object recordLock = new Object();

  private RecordPhase phase = RecordPhase.BEFORE;

  /** The history of the match after its last completed move (a copy), while {@link #phase} is PLAYING. */
  private int[] sofar;

  /** Once SAVED by the main thread: how the match ended ({@code as the match ended}) and what the record holds. */
  private String endedHow;

  private String endedNote;

  /** The moves so far, after a completed move or an undo ({@code start}: the match starts now). */
  private void progress(int[] moves, boolean start) {
    synchronized (recordLock) {
      if (start && phase == RecordPhase.BEFORE) {
        phase = RecordPhase.PLAYING;
      }
      if (phase == RecordPhase.PLAYING) {
        sofar = moves;
      }
    }
  }

  /**
   * Claims the one write of the record for the calling thread: true (the phase is now SAVING) if
   * the match was being played and nothing had claimed it; false if a signal's hook came first
   * (it saves the moves so far) or the match had not started.
   */
  private boolean claimRecord() {
    synchronized (recordLock) {
      if (phase != RecordPhase.PLAYING) {
        return false;
      }
      phase = RecordPhase.SAVING;
      return true;
    }
  }

  /** {@link #claimRecord} returning the moves so far, or null if it fails. */
  private int[] claimedMoves() {
    synchronized (recordLock) {
      return claimRecord() ? sofar : null;
    }
  }

  /** The claimed record is written (or cannot be): {@code how} the match ended and {@code note} on the record, for the hook. */
  private void recordDone(String how, String note) {
    synchronized (recordLock) {
      phase = RecordPhase.SAVED;
      endedHow = how;
      endedNote = note;
      recordLock.notifyAll();
    }
  }

  /** {@link #recordDone} of a match that stopped unfinished, {@code stopped} saying how ({@code after 3 actions on an error}). */
  private void recordStopped(String stopped, String note) {
    recordDone("as the match stopped (" + stopped + ")", note);
  }

  /** How long the hook waits for the main thread to finish writing the record it claimed. */
  static final long SAVE_WAIT_MS = 5_000;

  /**
   * Writes {@code moves} (an unfinished match of {@link #game}) to {@code --record} as a partial
   * record and returns the note that says so ({@link #savedNote}). A match stopped before any action
   * has nothing to record: the file is not written, so a record it holds is kept, and the note says
   * so ({@link #NOTHING_PLAYED}).
   */
  private String savePartial(int[] moves) {
    if (moves.length == 0) {
      return "nothing saved to " + record + " " + NOTHING_PLAYED;
    }
    write(new MatchRecord(MatchRecord.fullGameString(game), moves).toLine());
    return savedNote(moves.length);
  }

  /** Why {@code --record} is not written when a match stops before its first action. */
  static final String NOTHING_PLAYED = "(no action was played; the file is left as it was)";

  private void write(String line) {
    try {
      Files.writeString(record, line + System.lineSeparator(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw IoReasons.writeFailed("--record", record, e);
    }
  }

  /**
   * What Ctrl-C (SIGINT) or SIGTERM during {@code play} prints, computed when the signal comes (by
   * the {@link InterruptLine} hook). While the match is played the hook claims the record, saves
   * the moves so far to {@code --record} as {@code quit} does and says so: {@code ponder: play:
   * interrupted after 4 actions; saved to m.txt as a partial record of 4 actions (ponder replay
   * m.txt shows the position)}; without {@code --record} it says how to keep them next time, and
   * before the first move that nothing was played. When the match had already ended (finished, a
   * human quit, an error), the main thread writes the record: the hook waits for that write (up to
   * {@link #SAVE_WAIT_MS}) and says what it wrote, {@code ponder: play: interrupted as the match
   * ended; its record was saved to m.txt}. The record is written once either way. Package-private
   * for tests.
   */
  String interruptedLine() {
    int[] moves;
    synchronized (recordLock) {
      long deadline = System.nanoTime() + SAVE_WAIT_MS * 1_000_000L;
      String unfinished = "ponder: play: interrupted while the match's record was being written to " + record
          + " (it may be incomplete)";
      while (phase == RecordPhase.SAVING) {
        long left = (deadline - System.nanoTime()) / 1_000_000L;
        if (left <= 0) {
          return unfinished;
        }
        try {
          recordLock.wait(left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return unfinished;
        }
      }
      switch (phase) {
        case BEFORE:
          return "ponder: play: interrupted before the match started; nothing was played or saved";
        case SAVED:
          return "ponder: play: interrupted " + endedHow + endedNote;
        default: // PLAYING: the hook claims the record
          phase = RecordPhase.SAVING;
          moves = sofar;
      }
    }
    String head = "ponder: play: interrupted after " + actions(moves.length);
    String line;
    if (record == null) {
      line = head + "; nothing saved (--record FILE saves the moves of an interrupted match)";
    } else {
      try {
        line = head + "; " + savePartial(moves);
      } catch (RuntimeException e) {
        line = head + "; " + e.getMessage();
      }
    }
    recordDone("after " + actions(moves.length), line.substring(head.length()));
    return line;
  }

  /** Whether the agent string is the human seat. */
  private static boolean isHuman(String seat) {
    return dev.ponder.spec.Spec.parse(seat).name().equals(HumanAgent.Factory.NAME);
  }

  /** The legal actions of {@code player} at {@code state} as {@code 0 (x(0,0)), 1 (…)}. */
  private static String legalList(State state, int player) {
    java.util.StringJoiner legal = new java.util.StringJoiner(", ");
    for (int a : state.legalActions()) {
      legal.add(a + " (" + state.actionToString(player, a) + ")");
    }
    return legal.toString();
  }

  /**
   * The index in the history of the last action of {@code player} (the human asking to undo; with
   * one human seat, the last human move), or -1.
   */
  static int lastMoveOf(List<Integer> movers, int player) {
    return movers.lastIndexOf(player);
  }

  /**
   * The state after {@code kept} from the initial state, every agent restarted and told each
   * action again (so agents that follow the match, e.g. by reusing their tree, are in step).
   */
  private static State replay(Game game, int[] kept, List<Agent> agents, List<String> seats, State view) {
    for (Agent a : agents) {
      a.restart();
    }
    State s = game.newInitialState();
    CopyWatch watch = new CopyWatch();
    for (int a : kept) {
      int p = s.currentPlayer();
      State before = s.copy();
      s.applyAction(a);
      watch.note(before);
      inform(agents, seats, view, before, p, a, watch);
    }
    return s;
  }

  /**
   * Tells every agent that {@code player} chose {@code action} at {@code before}, each through its
   * own copy of {@code before} ({@code view}, overwritten per agent), as the arena does.
   *
   * @param watch a watch that has noted {@code before}
   * @throws IllegalStateException if an agent changed the copy it was given
   * @throws GameContractException if {@code before} itself changed (the game's copy shares data)
   */
  private static void inform(List<Agent> agents, List<String> seats, State view, State before, int player, int action,
      CopyWatch watch) {
    for (int i = 0; i < agents.size(); i++) {
      view.copyFrom(before);
      agents.get(i).informAction(view, player, action);
      requireUnchanged(view, before, i, seats.get(i), "informAction");
      if (watch.changed()) {
        throw watch.fault("player " + i + "'s agent " + seats.get(i) + " ran informAction on a copy of it");
      }
    }
  }

  /**
   * Refuses a change an agent made to the copy of the match's state it was given: one line in the
   * arena's words ({@link MatchRunner#modifiedMessage}), a runtime failure (exit 1).
   *
   * @throws IllegalStateException if {@code view} no longer equals {@code state} ({@link MatchRunner#modified})
   */
  static void requireUnchanged(State view, State state, int seat, String agent, String call) {
    if (MatchRunner.modified(view, state)) {
      throw new IllegalStateException(MatchRunner.modifiedMessage(seat, agent, call, view, state));
    }
  }

  /**
   * The {@code --stats} line of one MCTS decision: {@code stats: move 3, player 0 (uct(sims=500)):
   * x(1,1) (4); 500 simulations, 12.3 ms, 0 root visits reused, 1201 nodes, root value 0.412 for
   * player 0}. The root value is the mover's component of the search's root value vector
   * ({@link SearchResult#rootValue()}, raw utility), {@code -} when no simulation completed (as
   * {@code search} prints it). A forced move ({@link SearchResult#forced()}) reads {@code x(2,2)
   * (8); forced move, not searched}.
   */
  static String statsLine(int move, int player, String seat, String actionText, int action, SearchResult r) {
    if (r.forced()) {
      return String.format(java.util.Locale.ROOT, "stats: move %d, player %d (%s): %s (%d); forced move, not searched",
          move, player, seat, actionText, action);
    }
    return String.format(java.util.Locale.ROOT,
        "stats: move %d, player %d (%s): %s (%d); %s, %.1f ms, %s reused, %s,"
            + " root value %s for player %d",
        move, player, seat, actionText, action, SearchCommand.count(r.simulations(), "simulation"), r.elapsedMs(),
        SearchCommand.count(r.reusedVisits(), "root visit"), SearchCommand.count(r.nodes(), "node"),
        SearchCommand.fmt(r.rootValue()[player]), player);
  }

  private static String describeSeats(List<String> seats) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < seats.size(); i++) {
      parts.add("player " + i + " = " + seats.get(i));
    }
    return String.join(", ", parts);
  }

  /**
   * A chance outcome of {@code s} (a chance node) drawn by its probability with one draw of {@code
   * rng} ({@link Distributions#sampleOutcome}, which checks that the probabilities sum to 1).
   *
   * @throws dev.ponder.game.GameContractException if they do not
   */
  static int sampleChance(State s, SplittableRandom rng) {
    return sampleChance(s, rng.nextDouble());
  }

  /**
   * A chance outcome of {@code s} (a chance node) chosen by {@code u}, a uniform draw in [0, 1)
   * ({@link Distributions#sampleOutcome}).
   *
   * @throws dev.ponder.game.GameContractException if the probabilities do not sum to 1
   */
  static int sampleChance(State s, double u) {
    int max = Math.max(1, s.game().maxChanceOutcomes());
    int[] actions = new int[max];
    double[] probabilities = new double[max];
    int k = s.chanceOutcomes(actions, probabilities);
    return actions[Distributions.sampleOutcome(s, probabilities, k, u)];
  }

  /** How many of the first {@code n} actions of the history (made by {@code movers}) are chance outcomes. */
  static int chanceEvents(List<Integer> movers, int n) {
    int k = 0;
    for (int i = 0; i < n; i++) {
      if (movers.get(i) == State.CHANCE) {
        k++;
      }
    }
    return k;
  }

  /**
   * The uniform draws of a match's chance stream, kept as they are made: the k-th chance event of
   * the match (counting from 0) always gets the stream's k-th draw. After {@link #rewind}(k) (an undo
   * that kept k chance outcomes) the next chance event reuses draw k, and so on, so taking back a
   * move never changes a chance outcome; draws beyond those made come from the stream as before, so
   * a match without undo draws exactly as one {@link SplittableRandom} would.
   */
  static final class ChanceDraws {
    private final SplittableRandom rng;
    private double[] draws = new double[16];
    private int size;
    private int next;

    ChanceDraws(SplittableRandom rng) {
      this.rng = rng;
    }

    /** The draw for the next chance event: a kept one if made before, else a new one from the stream. */
    double next() {
      if (next == size) {
        if (size == draws.length) {
          draws = java.util.Arrays.copyOf(draws, size * 2);
        }
        draws[size++] = rng.nextDouble();
      }
      return draws[next++];
    }

    /** The next chance event is the {@code k}-th of the match (0 ≤ k ≤ the draws made). */
    void rewind(int k) {
      if (k < 0 || k > size) {
        throw new IllegalArgumentException("chance event " + k + " of " + size + " drawn");
      }
      next = k;
    }
  }

  static String result(State s) {
    double[] r = s.returns();
    GameContract.checkReturns(s, r); // NaN or infinite returns are the game's fault: exit 1
    return "returns " + ReturnsFormat.format(r) + winners(r);
  }

  /**
   * Who won, by return, for two or more players (as {@code simulate} counts wins: the unique highest
   * return): {@code " (player 1 wins)"}; the highest return shared by some players, {@code " (players 0
   * and 2 share first place)"}; shared by all, {@code " (draw)"}; "" for one player.
   */
  static String winners(double[] r) {
    if (r.length < 2) {
      return "";
    }
    double max = Double.NEGATIVE_INFINITY;
    for (double v : r) {
      max = Math.max(max, v);
    }
    List<String> top = new ArrayList<>();
    for (int i = 0; i < r.length; i++) {
      if (r[i] == max) {
        top.add(Integer.toString(i));
      }
    }
    if (top.size() == 1) {
      return " (player " + top.get(0) + " wins)";
    }
    if (top.size() == r.length) {
      return " (draw)";
    }
    return " (players " + String.join(", ", top.subList(0, top.size() - 1)) + " and " + top.get(top.size() - 1)
        + " share first place)";
  }


  /** Splits at commas outside parentheses: {@code uct(a=1,b=2),random} → two strings. */
  static List<String> splitTopLevel(String text) {
    return SearchCommand.splitList(text, c -> c == ',', "--players has an empty agent string in '" + text + "'");
  }
}
