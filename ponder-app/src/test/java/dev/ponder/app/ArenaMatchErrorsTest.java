package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.GameRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tournament whose matches ended in an error: everything else is played, stored and reported,
 * then one error line and exit code 1 (arena and report alike); the error names the arena's call
 * that failed (a seat's agent's selectAction, applying a seat's move, ...), at which move, with
 * the exception's class, message and the place it was thrown (not a guess at whose code it is).
 */
class ArenaMatchErrorsTest {
  @TempDir Path dir;

  @BeforeAll
  static void registerTheTestGameAndAgent() {
    GameRegistry.register(new RaceGame.CrashFactory());
    AgentRegistry.register(new CrashAgent());
    AgentRegistry.register(new RaceGame.BundledBot());
  }

  private static final String[] FAST = {"--no-progress", "--resamples", "40", "--elo-resamples", "40", "--sco-resamples",
      "40", "--alpharank-resamples", "40"};

  private Cli arena(String db, String... args) {
    String[] common = {"arena", "--db", dir.resolve(db).toString(), "--seed", "3"};
    String[] all = new String[common.length + args.length + FAST.length];
    System.arraycopy(common, 0, all, 0, common.length);
    System.arraycopy(args, 0, all, common.length, args.length);
    System.arraycopy(FAST, 0, all, common.length + args.length, FAST.length);
    return Cli.run(all);
  }

  /** The line number of the first line of RaceGame.java containing {@code text}: read from the source, not from a trace. */
  private static int sourceLine(String text) throws Exception {
    return sourceLine("RaceGame.java", text);
  }

  /** The line number of the first line of the test source {@code file} containing {@code text}. */
  private static int sourceLine(String file, String text) throws Exception {
    List<String> lines = Files.readAllLines(Path.of("src/test/java/dev/ponder/app/" + file));
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(text)) {
        return i + 1;
      }
    }
    throw new AssertionError(text + " not in " + file);
  }

  @Test
  void aGameThatAlwaysCrashesExitsOneAfterTheReportNamingTheGamesLine() throws Exception {
    Cli a = arena("c.db", "--games", "crash_race(legal_crash_at=0)", "--agents", "random,uct", "--budget", "sims=20",
        "--seeds-per-pairing", "3");
    assertThat(a.exit).as(a.err).isEqualTo(1);
    // the game's legalActions threw while seat 0's agent (random or uct, whichever sits there first)
    // was choosing the first move: the line says the game failed during that call and names the
    // place (the game's own line); before, it began "seat 0's agent random failed in selectAction"
    String frame = "ArrayIndexOutOfBoundsException: Index 2 out of bounds for length 2 at"
        + " dev.ponder.app.RaceGame$RaceState.legalActions(RaceGame.java:" + sourceLine("out[2] = 2;") + ")";
    String first = "crash_race(legal_crash_at=0), seed index 0, random vs uct(sims=20): game crash_race failed during"
        + " seat 0's agent random's selectAction at move 0: " + frame;
    assertThat(a.out).contains("6 matches (0 already stored, 6 played now with 6 errors)")
        .contains("\nerrors: 6 of 6 matches (the game's own: not scored; see matches.csv); first: " + first + "\n")
        .contains("Report written to " + dir.resolve("c-report"));
    assertThat(a.err.strip().lines().toList()).containsExactly("ponder: error: 6 of 6 matches ended in an error (an"
        + " agent's failure is scored as its forfeit, the game's own error is left out of the rankings; the others are"
        + " stored and the report is in " + dir.resolve("c-report")
        + "; matches.csv holds every message); first: " + first);
    // no seed has a scored match: the tables say so, not "one seed per game", and show no Elo
    assertThat(a.out).doesNotContain("one seed per game").contains("n/a (no seed analysed)")
        .containsPattern("(?m)^-\\s+random\\s+-\\s+-\\s+-\\s+-\\s+-\\s+-\\s+n/a \\(no seed analysed\\)$")
        // the game's legalActions threw inside both agents' selectAction calls: the game's fault
        // (the place is its state's class), so neither agent is marked
        .doesNotContain("!: error matches")
        .contains("crash_race(legal_crash_at=0) (2 players, 6 matches, 0 seeds, 6 errors)");
    assertThat(Files.readString(dir.resolve("c-report/report.md"))).doesNotContain("one seed per game")
        .contains("n/a (no seed analysed)");
    assertThat(Files.readString(dir.resolve("c-report/matches.csv")))
        .contains("game crash_race failed during seat 0's agent random's selectAction at move 0: ")
        .doesNotContain("failed in selectAction");
    // report rebuilds the same and exits the same way
    Cli r = Cli.run("report", "--db", dir.resolve("c.db").toString(), "--report", dir.resolve("r2").toString(),
        "--no-progress", "--resamples", "40", "--elo-resamples", "40", "--sco-resamples", "40", "--alpharank-resamples", "40");
    assertThat(r.exit).as(r.err).isEqualTo(1);
    assertThat(r.out).startsWith("Tournament 1: 1 game, 2 agents, 6 matches stored (6 errors)\n")
        .contains("Report written to " + dir.resolve("r2"));
    assertThat(r.err.strip().lines().toList()).containsExactly("ponder: error: 6 of 6 matches ended in an error (an"
        + " agent's failure is scored as its forfeit, the game's own error is left out of the rankings; the others are"
        + " stored and the report is in " + dir.resolve("r2")
        + "; matches.csv holds every message); first: " + first);
    // resuming plays nothing and says the same
    Cli again = arena("c.db", "--games", "crash_race(legal_crash_at=0)", "--agents", "random,uct", "--budget", "sims=20",
        "--seeds-per-pairing", "3");
    assertThat(again.exit).isEqualTo(1);
    assertThat(again.out).contains("6 matches (6 already stored, 0 played now with 0 errors)"); // errors among those played now
    assertThat(again.err).contains("ponder: error: 6 of 6 matches ended in an error");
  }

  @Test
  void theLineNamesTheFailedCallAndThePlaceWithoutGuessingWhoseClassItIs() throws Exception {
    // the game's bug in a helper class (not the state's own): the call that failed is seat 0's
    // agent's selectAction, and the place is the helper's line (it used to say "seat 0's agent
    // random threw", as if random's code had the bug)
    Cli h = arena("h.db", "--games", "crash_race(helper_crash_at=0)", "--agents", "random,uct", "--budget", "sims=5",
        "--seeds-per-pairing", "1");
    assertThat(h.exit).as(h.err).isEqualTo(1);
    assertThat(h.err.strip().lines().toList()).singleElement().asString().endsWith("random vs uct(sims=5): seat 0's agent"
        + " random failed in selectAction at move 0: ArrayIndexOutOfBoundsException: Index 2 out of bounds for length 2 at"
        + " dev.ponder.app.RaceRules.fill(RaceGame.java:" + sourceLine("out[a] = a;") + ")");
    // an agent nested in the game's class (a game shipped with its bot): the agent's call, not
    // "the game's code" as the class name suggested
    Cli b = arena("b.db", "--games", "crash_race", "--agents", "random,race_bot", "--seeds-per-pairing", "1");
    assertThat(b.exit).as(b.err).isEqualTo(1);
    assertThat(b.err.strip().lines().toList()).singleElement().asString().contains("random vs race_bot: seat 1's agent"
        + " race_bot failed in selectAction at move 1: NullPointerException: ")
        .contains(" at dev.ponder.app.RaceGame$BundledBot.lambda$create$0(RaceGame.java:"
            + sourceLine("return state -> table[state.historySize()];") + ")")
        .doesNotContain("the game's code");
  }

  @Test
  void anAgentsExceptionIsTheAgentsAndAGameMovesExceptionTheGames() throws Exception {
    Cli a = arena("a.db", "--games", "crash_race", "--agents", "random,crash_agent", "--seeds-per-pairing", "2");
    assertThat(a.exit).as(a.err).isEqualTo(1);
    // seat order (random, crash_agent) first: random moves, then crash_agent throws at move 1
    String agentFrame = "dev.ponder.app.CrashAgent.lambda$create$0(CrashAgent.java:"
        + sourceLine("CrashAgent.java", "throw new IllegalStateException(\"no move for history size") + ")";
    assertThat(a.err.strip().lines().toList()).hasSize(1);
    assertThat(a.err).startsWith("ponder: error: 4 of 4 matches ended in an error")
        .endsWith("; first: crash_race, seed index 0, random vs crash_agent: seat 1's agent crash_agent failed in selectAction"
            + " at move 1: IllegalStateException: no move for history size 1 at " + agentFrame + "\n");

    // applying a move: the arena's own call into the game
    Cli g = arena("g.db", "--games", "crash_race(apply_crash_at=0)", "--agents", "random,uct(sims=5)",
        "--seeds-per-pairing", "1");
    assertThat(g.exit).as(g.err).isEqualTo(1);
    assertThat(g.err).contains("first: crash_race(apply_crash_at=0), seed index 0, random vs uct(sims=5): applying seat"
        + " 0's move ").contains(" failed (in State.applyAction) at move 0: ").contains("IllegalStateException: move table has no entry for total 0 at"
        + " dev.ponder.app.RaceGame$RaceState.doApplyAction(RaceGame.java:"
        + sourceLine("throw new IllegalStateException(\"move table") + ")");
  }

  @Test
  void someErrorsStillRankTheRestAndExitOne() {
    // the crash at total 3 is met only by matches that pass through 3; the others are scored
    Cli a = arena("s.db", "--games", "crash_race(legal_crash_at=3),tic_tac_toe", "--agents", "random,uct(sims=5)",
        "--seeds-per-pairing", "4");
    assertThat(a.exit).as(a.err).isEqualTo(1);
    assertThat(a.out).contains("SCO").containsPattern("(?m)^1\\s+\\S").contains("Report written to");
    assertThat(a.err.strip().lines().toList()).hasSize(1);
    assertThat(a.err).startsWith("ponder: error: ").contains(" of 16 matches ended in an error")
        .contains("game crash_race failed during seat ").contains("'s selectAction at move ")
        .contains(" at dev.ponder.app.RaceGame$RaceState.legalActions(");
    // no error: exit 0 and no error line
    Cli ok = arena("ok.db", "--games", "crash_race", "--agents", "random,uct(sims=5)", "--seeds-per-pairing", "2");
    assertThat(ok.exit).as(ok.err).isZero();
    assertThat(ok.err).isEmpty();
  }
}
