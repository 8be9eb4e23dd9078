package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ArenaCommandTest {
  @Test
  void generalSumGamesWithoutSelfPlayAreWarnedAbout() {
    java.util.List<dev.ponder.game.Game> games = java.util.List.of(
        dev.ponder.game.GameRegistry.load("hearts"), dev.ponder.game.GameRegistry.load("tic_tac_toe"),
        dev.ponder.game.GameRegistry.load("goofspiel(returns_type=total_points)"),
        dev.ponder.game.GameRegistry.load("kuhn_poker(players=3)"));
    java.util.List<String> w = ArenaCommand.generalSumWarnings(games, true);
    assertThat(w).hasSize(2);
    assertThat(w.get(0)).startsWith("warning: hearts is general-sum: without --self-play its ranking is by mean return");
    assertThat(w.get(1)).startsWith("warning: goofspiel(returns_type=total_points) is general-sum");
    // single-population alpha-rank (the default) does not read a 2-player game's diagonal
    assertThat(ArenaCommand.generalSumWarnings(games, false)).containsExactly(w.get(0));
  }

  @Test
  void gamesPastTheAlphaRankLimitAreWarnedAbout() {
    java.util.List<dev.ponder.game.Game> games = java.util.List.of(dev.ponder.game.GameRegistry.load("tic_tac_toe"),
        dev.ponder.game.GameRegistry.load("kuhn_poker(players=3)"), dev.ponder.game.GameRegistry.load("kuhn_poker(players=4)"),
        dev.ponder.game.GameRegistry.load("hearts"));
    // 10³ = 1,000 and 5⁴ = 625 profiles are within the limit; 6⁴ = 1,296 is not
    assertThat(ArenaCommand.alphaRankLimitWarnings(games.subList(0, 2), 10, false)).isEmpty();
    assertThat(ArenaCommand.alphaRankLimitWarnings(games.subList(2, 3), 5, false)).isEmpty();
    assertThat(ArenaCommand.alphaRankLimitWarnings(games.subList(0, 3), 6, false)).containsExactly(
        "warning: kuhn_poker(players=4): 6^4 = 1296 profiles exceed the alpha-rank limit (1000): its ballot will be by mean"
            + " return, not alpha-rank (at most 5 agents keep alpha-rank for 4 players)");
    assertThat(ArenaCommand.alphaRankLimitWarnings(games.subList(1, 2), 11, false)).containsExactly(
        "warning: kuhn_poker(players=3): 11^3 = 1331 profiles exceed the alpha-rank limit (1000): its ballot will be by mean"
            + " return, not alpha-rank (at most 10 agents keep alpha-rank for 3 players)");
    // 10 players: even 2 agents make 2^10 = 1,024 profiles, and the warning says so (not "at most 1 agents")
    assertThat(ArenaCommand.alphaRankLimitWarnings(java.util.List.of(dev.ponder.game.GameRegistry.load("pig(players=10)")), 2,
        false)).containsExactly("warning: pig(players=10): 2^10 = 1024 profiles exceed the alpha-rank limit (1000): its ballot"
            + " will be by mean return, not alpha-rank (no number of agents keeps alpha-rank for 10 players: 2 agents make 2^10"
            + " = 1024 profiles)");
    // hearts (general-sum) without --self-play is ranked by mean return anyway, and warned about as such
    assertThat(ArenaCommand.alphaRankLimitWarnings(games.subList(3, 4), 6, false)).isEmpty();
    assertThat(ArenaCommand.alphaRankLimitWarnings(games.subList(3, 4), 6, true)).hasSize(1);
  }

  @Test
  void aLongStatisticsStepIsAnnouncedWithItsWorstCaseAndAPreview() {
    java.util.List<dev.ponder.game.Game> games = java.util.List.of(dev.ponder.game.GameRegistry.load("tic_tac_toe"),
        dev.ponder.game.GameRegistry.load("kuhn_poker(players=3)"));
    // 10³ profiles: 2,000 resamples × 0.45 s = 900 s = 15 min in the worst case
    java.util.Optional<String> note = ArenaCommand.statisticsCostNote(games, 10, false, 2000);
    assertThat(note).hasValue("note: the statistics recompute multi-population alpha-rank (kuhn_poker(players=3): 1000"
        + " agent profiles) in each of 2000 bootstrap resamples: seconds when a game's response graph has one sink"
        + " component, up to about 15 min of CPU when it has several; --sco-resamples 200 --alpharank-resamples 200 gives"
        + " a quick preview (ponder report redoes the full statistics later)");
    // 4 agents: 64 profiles, (64/1000)³ × 0.45 s × 2,000 = 0.24 s: no note; nor for two-player games only, nor past the limit
    assertThat(ArenaCommand.statisticsCostNote(games, 4, false, 2000)).isEmpty();
    assertThat(ArenaCommand.statisticsCostNote(games.subList(0, 1), 30, false, 2000)).isEmpty();
    assertThat(ArenaCommand.statisticsCostNote(games, 11, false, 2000)).isEmpty();
    // 8 agents: 512 profiles, (0.512)³ × 0.45 s × 2,000 = 121 s
    assertThat(ArenaCommand.statisticsCostNote(games, 8, false, 2000)).hasValueSatisfying(
        n -> assertThat(n).contains("512 agent profiles").contains("up to about 2 min of CPU"));
    assertThat(ArenaCommand.statisticsCostNote(games, 8, false, 200)).isEmpty();
  }

  @Test
  void theAlphaRankLimitWarningComesBeforeTheFirstMatchAndTheBallotIsByMeanReturn() throws Exception {
    StringBuilder agents = new StringBuilder("random");
    for (int c = 1; c <= 10; c++) {
      agents.append(",uct(sims=1,c=").append(c).append(')');
    }
    Path db = dir.resolve("limit.db");
    Run r = run("arena", "--games", "kuhn_poker(players=3)", "--agents", agents.toString(), "--matches-per-pairing", "1",
        "--sco-resamples", "40", "--alpharank-resamples", "40", "--resamples", "40", "--elo-resamples", "40", "--db",
        db.toString(), "--report", dir.resolve("limit-report").toString(), "--parallel", "1");
    assertThat(r.code()).isZero();
    int warning = r.err().indexOf("warning: kuhn_poker(players=3): 11^3 = 1331 profiles exceed the alpha-rank limit");
    assertThat(warning).isNotNegative();
    assertThat(r.err().indexOf("arena: 1320 matches to play")).isGreaterThan(warning);
    String json = Files.readString(dir.resolve("limit-report/report.json"));
    assertThat(json).contains("\"method\" : \"mean-return\"");
  }

  @TempDir Path dir;

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    CommandLine cl = Ponder.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  /** An empty entry in --agents is named as such (a trailing comma was dropped, a double one gave a parser error). */
  @Test
  void anEmptyAgentStringIsRefused() {
    for (String agents : new String[] {"random,uct,", "random,,uct", ",random", "random, ,uct"}) {
      Run r = run("arena", "--games", "tic_tac_toe", "--agents", agents, "--db", dir.resolve("e.db").toString(),
          "--no-progress");
      assertThat(r.code()).as(agents).isEqualTo(2);
      assertThat(r.err().strip()).as(agents).isEqualTo("ponder: --agents '" + agents + "' has an empty agent string;"
          + " separate agent strings by single commas, e.g. random,uct(sims=100)");
      assertThat(dir.resolve("e.db")).doesNotExist();
    }
    // commas inside parentheses belong to the agent string; the option may be repeated
    Run ok = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=4,c=0.5)", "--agents", "puct(sims=4)",
        "--seeds-per-pairing", "1", "--db", dir.resolve("ok.db").toString(), "--no-progress");
    assertThat(ok.code()).as(ok.err()).isZero();
    assertThat(ok.out()).contains("3 agents").contains("uct(sims=4,c=0.5)");
  }

  @Test
  void arenaThenReportReproduceTheSameNumbers() throws Exception {
    Path db = dir.resolve("a.db");
    String[] common = {"--resamples", "300", "--elo-resamples", "50"};
    Run a = run(concat(new String[] {"arena", "--games", "tic_tac_toe,kuhn_poker", "--agents", "random,uct(c=1),puct",
        "--budget", "sims=8", "--matches-per-pairing", "3", "--seed", "5", "--parallel", "2", "--db", db.toString(),
        "--report", dir.resolve("r1").toString(), "--no-progress"}, common));
    assertThat(a.code()).as(a.err()).isZero();
    assertThat(a.out()).contains("36 matches (0 already stored, 36 played now with 0 errors)")
        .contains("uct(c=1)").contains("puct").contains("SCO")
        // the common budget is said once, in the line under the headline, and left out of the names
        .contains("\nbudget: sims=8 for every agent that takes it (--budget), left out of the names below\n")
        .doesNotContain("uct(c=1,sims=8)").doesNotContain("puct(sims=8)");
    Run again = run(concat(new String[] {"arena", "--games", "tic_tac_toe,kuhn_poker", "--agents", "random,uct(c=1),puct",
        "--budget", "sims=8", "--matches-per-pairing", "3", "--seed", "5", "--parallel", "1", "--db", db.toString(),
        "--report", dir.resolve("r2").toString(), "--no-progress"}, common));
    assertThat(again.out()).contains("36 matches (36 already stored, 0 played now with 0 errors)");
    Run rep = run(concat(new String[] {"report", "--db", db.toString(), "--out", dir.resolve("r3").toString()}, common));
    assertThat(rep.code()).as(rep.err()).isZero();
    String json1 = Files.readString(dir.resolve("r1/report.json"));
    assertThat(Files.readString(dir.resolve("r3/report.json"))).isEqualTo(json1);
    assertThat(Files.readString(dir.resolve("r3/matches.csv"))).isEqualTo(Files.readString(dir.resolve("r1/matches.csv")));
    // one "Tournament 1:" line, with the run's counts; report's first line gives the stored ones
    assertThat(a.out().split("Tournament 1:", -1)).hasSize(2);
    assertThat(a.out()).containsPattern("(?m)^Tournament 1: 2 games, 3 agents; 36 matches \\(0 already stored, 36 played"
        + " now with 0 errors\\) in \\d+\\.\\d s; store " + java.util.regex.Pattern.quote(db.toString()) + "$");
    String table = a.out().substring(a.out().indexOf("Tournament 1: 2 games"));
    assertThat(rep.out()).startsWith("Tournament 1: 2 games, 3 agents, 36 matches stored (0 errors)"
        + table.substring(table.indexOf('\n'), table.indexOf("Report written")));
    // both name the files written, the same way
    assertThat(rep.out()).endsWith("Report written to " + dir.resolve("r3") + " (report.md, report.json, matches.csv,"
        + " *.svg)\n");
    // --report is the directory's name on report too (--out its alias), and the statistics do not
    // depend on --parallel
    Run canonical = run(concat(new String[] {"report", "--db", db.toString(), "--report", dir.resolve("r4").toString(),
        "--parallel", "1", "--no-progress"}, common));
    assertThat(canonical.code()).as(canonical.err()).isZero();
    assertThat(canonical.err()).isEmpty();
    assertThat(Files.readString(dir.resolve("r4/report.json"))).isEqualTo(json1);
  }

  @Test
  void reportNamesItsDirectoryOptionAsTypedAndChecksTheNewOptions() throws Exception {
    Path db = dir.resolve("n.db");
    Run a = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--matches-per-pairing", "2", "--db",
        db.toString(), "--report", dir.resolve("rn").toString(), "--no-progress", "--resamples", "40", "--elo-resamples",
        "40", "--sco-resamples", "40", "--alpharank-resamples", "40");
    assertThat(a.code()).as(a.err()).isZero();
    Run bad = run("report", "--db", db.toString(), "--report", "/proc/ponder-report");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err().strip()).isEqualTo("ponder: --report /proc/ponder-report: cannot create the report directory:"
        + " no such file");
    Run few = run("report", "--db", db.toString(), "--report", dir.resolve("rf").toString(), "--alpharank-resamples", "39");
    assertThat(few.code()).isEqualTo(2);
    assertThat(few.err().strip()).isEqualTo("ponder: --alpharank-resamples must be in 40..1000000, got 39");
    Run threads = run("report", "--db", db.toString(), "--report", dir.resolve("rt").toString(), "--parallel", "0");
    assertThat(threads.code()).isEqualTo(2);
    assertThat(threads.err().strip()).isEqualTo("ponder: --parallel must be in 1..4096, got 0");
    // Java's pools hold at most 32767 threads: such a value failed after the matches, with a bare exception name
    Run many = run("report", "--db", db.toString(), "--report", dir.resolve("rm").toString(), "--parallel", "32768");
    assertThat(many.code()).isEqualTo(2);
    assertThat(many.err().strip()).isEqualTo("ponder: --parallel must be in 1..4096, got 32768");
    Run help = run("report", "--help");
    assertThat(help.out()).contains("[--report=DIR]").doesNotContain("[--out").contains("--alpharank-resamples").contains("--no-progress");
  }

  @Test
  void agentValuesAreCheckedForEveryGameBeforeAnyMatch() throws Exception {
    Path db = dir.resolve("v.db");
    Run range = run("arena", "--games", "tic_tac_toe", "--agents", "uct(threads=0),random", "--db", db.toString(),
        "--report", dir.resolve("rv").toString(), "--no-progress");
    assertThat(range.code()).isEqualTo(2);
    assertThat(range.err().strip()).contains("threads=0").contains("valid: 1..").doesNotContain("\n");
    Run keying = run("arena", "--games", "tic_tac_toe,kuhn_poker", "--agents", "uct(keying=tree),random", "--db",
        db.toString(), "--report", dir.resolve("rk").toString(), "--no-progress");
    assertThat(keying.code()).isEqualTo(2);
    assertThat(keying.err().strip()).contains("uct").contains("kuhn_poker").contains("keying").doesNotContain("\n");
    Run twice = run("arena", "--games", "tic_tac_toe,tic_tac_toe", "--agents", "uct,random", "--db", db.toString(), "--no-progress");
    assertThat(twice.code()).isEqualTo(2);
    assertThat(twice.err().strip()).contains("--games lists 'tic_tac_toe' twice");
    Run sameAgent = run("arena", "--games", "tic_tac_toe", "--agents", "uct,uct,random", "--db", db.toString(),
        "--no-progress");
    assertThat(sameAgent.code()).isEqualTo(2);
    assertThat(sameAgent.err().strip()).contains("--agents lists").contains("twice");
    Run human = run("arena", "--games", "tic_tac_toe", "--agents", "human,random", "--db", db.toString(), "--no-progress");
    assertThat(human.code()).isEqualTo(2);
    assertThat(human.err().strip()).contains("human").contains("ponder play").doesNotContain("\n");
    // nothing was played or stored
    if (Files.exists(db)) {
      try (dev.ponder.arena.ArenaStore store = dev.ponder.arena.ArenaStore.openReadOnly(db)) {
        for (dev.ponder.arena.ArenaStore.TournamentInfo t : store.tournaments()) {
          assertThat(store.matches(t.id(), true)).isEmpty();
        }
      } catch (dev.ponder.arena.ArenaStore.StoreException e) {
        // an empty file is fine: nothing stored
      }
    }
  }

  @Test
  void aOnePlayerGameIsAUsageErrorNamingTheGameAndNothingIsPlayed() throws Exception {
    Path db = dir.resolve("one.db");
    String expected = "ponder: game '2048' has 1 player: the arena pits agents against each other, and a one-player"
        + " game has no opponent; use games with 2 or more players ('ponder games' lists each game's players)";
    String[][] variants = {
        {"arena", "--games", "tic_tac_toe,2048", "--agents", "random,uct", "--budget", "sims=2"},
        {"arena", "--games", "2048", "--agents", "random,uct", "--budget", "sims=2", "--self-play"},
        {"arena", "--games", "2048", "--agents", "random", "--schedule", "benchmark", "--benchmark", "uct(sims=2)"}};
    for (String[] v : variants) {
      Run r = run(concat(v, new String[] {"--matches-per-pairing", "1", "--db", db.toString(), "--report",
          dir.resolve("r1").toString(), "--no-progress"}));
      assertThat(r.code()).as(String.join(" ", v) + ": " + r.err()).isEqualTo(2);
      assertThat(r.err().strip()).isEqualTo(expected);
      assertThat(r.out()).isEmpty();
    }
    assertThat(db).doesNotExist();
    assertThat(dir.resolve("r1")).doesNotExist();
  }

  /**
   * The same game under two spellings, and a --budget key given twice, are refused before any
   * match in one line (exit 2); two time agents that differ by a simulation cap are two agents.
   */
  @Test
  void theSameGameTwiceAndARepeatedBudgetKeyAreRefused() {
    Path db = dir.resolve("g.db");
    Run alias = run("arena", "--games", "kalah,mancala,tic_tac_toe", "--agents", "random,uct(sims=2)", "--db", db.toString(),
        "--no-progress", "--seeds-per-pairing", "1", "--report", dir.resolve("rg").toString());
    assertThat(alias.code()).isEqualTo(2);
    assertThat(alias.err().strip()).doesNotContain("\n").startsWith("ponder: --games lists the same game twice: 'kalah' and"
        + " 'mancala' are one game (mancala").endsWith("each entry gets a ballot of its own, so list it once");
    Run parens = run("arena", "--games", "tic_tac_toe,tic_tac_toe()", "--agents", "random,uct(sims=2)", "--db", db.toString(),
        "--no-progress", "--seeds-per-pairing", "1", "--report", dir.resolve("rg").toString());
    assertThat(parens.code()).isEqualTo(2);
    assertThat(parens.err()).contains("'tic_tac_toe' and 'tic_tac_toe()' are one game (tic_tac_toe)");
    Run budget = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", "sims=10,sims=20",
        "--db", db.toString(), "--no-progress", "--seeds-per-pairing", "1", "--report", dir.resolve("rg").toString());
    assertThat(budget.code()).isEqualTo(2);
    assertThat(budget.err().strip()).isEqualTo("ponder: malformed budget 'sims=10,sims=20': key 'sims' given twice");
    assertThat(db).doesNotExist();
    Run time = run("arena", "--games", "tic_tac_toe", "--agents", "uct(time_ms=1),uct(time_ms=1,sims=5)", "--db",
        db.toString(), "--no-progress", "--seeds-per-pairing", "1", "--report", dir.resolve("rg").toString());
    assertThat(time.code()).as(time.err()).isZero();
  }

  /**
   * {@code --budget time_ms=0} is refused like {@code sims=0} (before, it played uct's default
   * 1,000 simulations under the label {@code uct(time_ms=0)}), and a blank {@code --budget} is
   * malformed (before, it started a tournament of its own with a warning): one line, exit 2,
   * nothing created. A 0 or a negative value is said as every number below its least value is
   * ({@code must be at least 1, got 0}; it said "sims=0 is no budget (0 means no limit)"), as is
   * an agent string's {@code sims=0} with no time limit.
   */
  @Test
  void aZeroOrBlankBudgetIsRefused() {
    Path db = dir.resolve("z.db");
    String[][] cases = {{"time_ms=0", "budget 'time_ms=0': time_ms must be at least 1, got 0"},
        {"sims=0", "budget 'sims=0': sims must be at least 1, got 0"},
        {"sims=-3", "budget 'sims=-3': sims must be at least 1, got -3"},
        {"sims=400,time_ms=0", "budget 'sims=400,time_ms=0': time_ms must be at least 1, got 0"},
        {" ", "malformed budget ' ': it is blank; expected key=value[,key=value...], e.g. sims=400 or time_ms=50 (leave"
            + " --budget out for none)"}};
    for (String[] c : cases) {
      Run r = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", c[0], "--db", db.toString(),
          "--no-progress", "--seeds-per-pairing", "1", "--report", dir.resolve("rz").toString());
      assertThat(r.code()).as(c[0]).isEqualTo(2);
      assertThat(r.err().strip()).isEqualTo("ponder: " + c[1]);
      assertThat(db).doesNotExist();
    }
    Run own = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=0)", "--db", db.toString(),
        "--no-progress", "--seeds-per-pairing", "1", "--report", dir.resolve("rz").toString());
    assertThat(own.code()).isEqualTo(2);
    assertThat(own.err().strip()).isEqualTo("ponder: uct: sims must be at least 1, got 0 (or 0 with a time_ms of at least 1)");
    Run text = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", "sims=abc", "--db",
        db.toString(), "--no-progress", "--seeds-per-pairing", "1", "--report", dir.resolve("rz").toString());
    assertThat(text.code()).isEqualTo(2);
    assertThat(text.err().strip()).isEqualTo("ponder: budget 'sims=abc': sims='abc' is not a number; give a whole"
        + " number of at least 1");
    assertThat(db).doesNotExist();
  }

  @Test
  void theSameAgentSpelledTwoWaysIsRefusedNamingBothSpellings() {
    Path db = dir.resolve("d.db");
    // 1000 is uct's default number of simulations
    Run byDefault = run("arena", "--games", "tic_tac_toe", "--agents", "uct,random,uct(sims=1000)", "--db", db.toString(),
        "--no-progress", "--matches-per-pairing", "1", "--report", dir.resolve("rx").toString());
    assertThat(byDefault.code()).isEqualTo(2);
    assertThat(byDefault.err().strip()).doesNotContain("\n")
        .startsWith("ponder: --agents lists the same agent twice: 'uct' and 'uct(sims=1000)' have the same value for every"
            + " parameter once the defaults are filled in (uct(")
        .contains("sims=1000").endsWith("); list it once");
    // keys in another order, a number parameter written as an integer
    Run order = run("arena", "--games", "tic_tac_toe", "--agents", "puct(c_init=2,sims=8),random,puct(sims=8,c_init=2.0)",
        "--db", db.toString(), "--no-progress",
        "--matches-per-pairing", "1", "--report", dir.resolve("rx").toString());
    assertThat(order.code()).isEqualTo(2);
    assertThat(order.err()).contains("'puct(c_init=2,sims=8)' and 'puct(sims=8,c_init=2.0)'");
    // equal only once the budget is applied
    Run budget = run("arena", "--games", "tic_tac_toe", "--agents", "uct,uct(sims=4),random", "--budget", "sims=4",
        "--db", db.toString(), "--no-progress",
        "--matches-per-pairing", "1", "--report", dir.resolve("rx").toString());
    assertThat(budget.code()).isEqualTo(2);
    assertThat(budget.err()).contains("'uct' and 'uct(sims=4)' have the same value for every parameter once the budget"
        + " sims=4 and the defaults are filled in");
    // the verbatim duplicate keeps its message
    Run verbatim = run("arena", "--games", "tic_tac_toe", "--agents", "uct,random,uct", "--db", db.toString(), "--no-progress",
        "--matches-per-pairing", "1", "--report", dir.resolve("rx").toString());
    assertThat(verbatim.err().strip()).isEqualTo("ponder: --agents lists 'uct' twice; each entry must be different");
    // nothing was played
    if (Files.exists(db)) {
      try (dev.ponder.arena.ArenaStore store = dev.ponder.arena.ArenaStore.openReadOnly(db)) {
        assertThat(store.tournaments()).isEmpty();
      } catch (dev.ponder.arena.ArenaStore.StoreException e) {
        // an empty file is fine: nothing stored
      }
    }
    // different values stay different agents (and keep their spellings in the store)
    Run distinct = run("arena", "--games", "tic_tac_toe", "--agents", "uct(sims=3),uct(sims=4),random", "--db", db.toString(),
        "--matches-per-pairing", "1", "--report", dir.resolve("rd").toString(), "--no-progress", "--resamples", "40",
        "--elo-resamples", "40");
    assertThat(distinct.code()).as(distinct.err()).isZero();
  }

  @Test
  void aBenchmarkAgentThatIsAlsoAnAgentIsRefusedNamingBothSpellings() {
    Path db = dir.resolve("b.db");
    String[] tail = {"--schedule", "benchmark", "--games", "tic_tac_toe", "--matches-per-pairing", "1", "--db",
        db.toString(), "--report", dir.resolve("rb").toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40"};
    Run verbatim = run(concat(new String[] {"arena", "--agents", "random,uct", "--benchmark", "uct"}, tail));
    assertThat(verbatim.code()).isEqualTo(2);
    assertThat(verbatim.err().strip()).isEqualTo("ponder: --benchmark 'uct' is also listed in --agents; the benchmark must"
        + " be different from every agent it is measured against: leave it out of --agents");
    // 1000 is uct's default number of simulations
    Run byDefault = run(concat(new String[] {"arena", "--agents", "random,uct(sims=1000)", "--benchmark", "uct"}, tail));
    assertThat(byDefault.code()).isEqualTo(2);
    assertThat(byDefault.err().strip()).doesNotContain("\n")
        .startsWith("ponder: --benchmark 'uct' and the --agents entry 'uct(sims=1000)' are the same agent: they have the"
            + " same value for every parameter once the defaults are filled in (uct(")
        .contains("sims=1000").endsWith("); leave it out of --agents");
    // keys in another order, a number written as an integer
    Run order = run(concat(new String[] {"arena", "--agents", "random,puct(c_init=2,sims=8)", "--benchmark",
        "puct(sims=8,c_init=2.0)"}, tail));
    assertThat(order.code()).isEqualTo(2);
    assertThat(order.err()).contains("--benchmark 'puct(sims=8,c_init=2.0)' and the --agents entry 'puct(c_init=2,sims=8)'"
        + " are the same agent");
    // equal only once the budget is applied (to the benchmark here)
    Run budget = run(concat(new String[] {"arena", "--agents", "uct(sims=4),random", "--benchmark", "uct", "--budget",
        "sims=4"}, tail));
    assertThat(budget.code()).isEqualTo(2);
    assertThat(budget.err()).contains("--benchmark 'uct' and the --agents entry 'uct(sims=4)' are the same agent: they have"
        + " the same value for every parameter once the budget sims=4 and the defaults are filled in");
    assertThat(db).doesNotExist(); // nothing was stored or played
    // a benchmark that differs from every agent plays: 2 agents x 2 seats x 1 seed index
    Run distinct = run(concat(new String[] {"arena", "--agents", "random,uct(sims=3)", "--benchmark", "uct(sims=4)"}, tail));
    assertThat(distinct.code()).as(distinct.err()).isZero();
    assertThat(distinct.out()).contains("4 matches (0 already stored, 4 played now with 0 errors)");
  }

  /**
   * --benchmark with the round robin and --self-play with the benchmark schedule change nothing
   * that is played: each gets one warning line on stderr and the run goes on; options the
   * schedule uses get none.
   */
  @Test
  void optionsTheScheduleIgnoresAreWarnedAboutAndTheRunGoesOn() {
    // each configuration in its own store, so the only warnings are those of the ignored options
    java.util.function.Function<String, String[]> tailFor = name -> new String[] {"--games", "tic_tac_toe", "--agents",
        "random,uct(sims=3)", "--matches-per-pairing", "1", "--db", dir.resolve(name + ".db").toString(), "--report",
        dir.resolve("rw").toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40"};
    String[] tail = tailFor.apply("w");
    // round robin of 2 agents: 2 seat orders x 1 seed index, whatever --benchmark says
    Run rrBench = run(concat(new String[] {"arena", "--benchmark", "uct(sims=4)"}, tail));
    assertThat(rrBench.code()).as(rrBench.err()).isZero();
    assertThat(rrBench.out()).contains("2 matches (0 already stored, 2 played now with 0 errors)");
    assertThat(rrBench.err().lines().filter(l -> l.startsWith("warning:")).toList()).singleElement().asString()
        .startsWith("warning: --benchmark is ignored with --schedule round-robin; ")
        .contains("give it again to resume");
    // the same command resumes the tournament stored with it
    Run again = run(concat(new String[] {"arena", "--benchmark", "uct(sims=4)"}, tail));
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(again.out()).contains("2 matches (2 already stored, 0 played now with 0 errors)");
    assertThat(again.err()).contains("warning: --benchmark is ignored");
    // benchmark schedule: 2 agents x 2 seats against the benchmark, no diagonal
    Run benchSelf = run(concat(new String[] {"arena", "--schedule", "benchmark", "--benchmark", "uct(sims=4)",
        "--self-play"}, tailFor.apply("bs")));
    assertThat(benchSelf.code()).as(benchSelf.err()).isZero();
    assertThat(benchSelf.out()).contains("4 matches (0 already stored, 4 played now with 0 errors)");
    assertThat(benchSelf.err().lines().filter(l -> l.startsWith("warning:")).toList()).singleElement().asString()
        .startsWith("warning: --self-play is ignored with --schedule benchmark; ");
    // used options: no warning (round robin with the diagonal: 2 x 2 seatings)
    Run rrSelf = run(concat(new String[] {"arena", "--self-play"}, tailFor.apply("rs")));
    assertThat(rrSelf.code()).as(rrSelf.err()).isZero();
    assertThat(rrSelf.out()).contains("4 matches (0 already stored, 4 played now with 0 errors)");
    assertThat(rrSelf.err()).doesNotContain("warning");
    Run bench = run(concat(new String[] {"arena", "--schedule", "benchmark", "--benchmark", "uct(sims=4)"}, tailFor.apply("b")));
    assertThat(bench.code()).as(bench.err()).isZero();
    assertThat(bench.err()).doesNotContain("warning");
    Run plain = run(concat(new String[] {"arena"}, tailFor.apply("p")));
    assertThat(plain.code()).as(plain.err()).isZero();
    assertThat(plain.err()).doesNotContain("warning");
  }

  @Test
  void reportReadsAStoreWithoutWritingAndRefusesOtherFiles() throws Exception {
    Path junk = dir.resolve("junk.db");
    Files.writeString(junk, "junk\n");
    Run corrupt = run("report", "--db", junk.toString(), "--out", dir.resolve("rj").toString());
    assertThat(corrupt.code()).isEqualTo(2);
    assertThat(corrupt.err().strip()).contains("not an SQLite database").doesNotContain("\n");
    assertThat(Files.readString(junk)).isEqualTo("junk\n");
    Path other = dir.resolve("other.db");
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + other);
         java.sql.Statement st = c.createStatement()) {
      st.execute("CREATE TABLE foo(x INTEGER)");
    }
    byte[] before = Files.readAllBytes(other);
    Run foreign = run("report", "--db", other.toString(), "--out", dir.resolve("ro").toString());
    assertThat(foreign.code()).isEqualTo(2);
    assertThat(foreign.err().strip()).contains("not a Ponder arena store");
    assertThat(Files.readAllBytes(other)).isEqualTo(before);
  }

  @Test
  void badInputIsAUsageErrorWithOneLine() {
    Path db = dir.resolve("b.db");
    Run unknown = run("arena", "--games", "tic_tac_toe", "--agents", "random,nosuch", "--db", db.toString(), "--no-progress");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err()).contains("unknown agent 'nosuch'").contains("known agents:");
    Run budget = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", "sims", "--db", db.toString());
    assertThat(budget.code()).isEqualTo(2);
    assertThat(budget.err()).contains("malformed budget");
    Run noGames = run("arena", "--agents", "random,uct", "--db", db.toString());
    assertThat(noGames.code()).isEqualTo(2);
    Run noDb = run("report", "--db", dir.resolve("missing.db").toString());
    assertThat(noDb.code()).isEqualTo(2);
    assertThat(noDb.err()).contains("no store at");
    Run alpha = run("report", "--db", db.toString(), "--alpha", "-1");
    assertThat(alpha.code()).isEqualTo(2);
    Path ok = dir.resolve("ok.db");
    Run ref = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct,puct", "--budget", "sims=4",
        "--matches-per-pairing", "1", "--db", ok.toString(), "--report", dir.resolve("rr").toString(), "--no-progress",
        "--resamples", "40", "--elo-resamples", "40", "--reference", "puct", "--raw-prior", "random");
    assertThat(ref.code()).as(ref.err()).isZero();
    assertThat(ref.out()).contains("Amp").contains("Imp");
    Run refOnReport = run("report", "--db", ok.toString(), "--out", dir.resolve("rr3").toString(), "--resamples", "40",
        "--elo-resamples", "40", "--reference", "puct", "--raw-prior", "random");
    assertThat(refOnReport.code()).as(refOnReport.err()).isZero();
    assertThat(refOnReport.out()).contains("Amp");
    Run badRef = run("report", "--db", ok.toString(), "--out", dir.resolve("rr2").toString(), "--reference", "nosuch");
    assertThat(badRef.code()).isEqualTo(2);
    assertThat(badRef.err()).contains("--reference: 'nosuch' is not an agent of this tournament");
  }

  @Test
  void resamplesBelowTheMinimumAreRefusedByArenaAndReportAlike() throws Exception {
    Path db = dir.resolve("s.db");
    Run ok = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", "sims=2",
        "--matches-per-pairing", "2", "--db", db.toString(), "--report", dir.resolve("rs").toString(), "--no-progress",
        "--resamples", "40", "--elo-resamples", "40");
    assertThat(ok.code()).as(ok.err()).isZero();
    for (String option : new String[] {"--resamples", "--elo-resamples", "--sco-resamples"}) {
      for (String value : new String[] {"0", "-3", "39", "1000001"}) {
        Run rep = run("report", "--db", db.toString(), "--out", dir.resolve("rs-" + value).toString(), option, value);
        assertThat(rep.code()).as(option + " " + value).isEqualTo(2);
        assertThat(rep.err().strip()).as(option + " " + value).doesNotContain("\n")
            .isEqualTo("ponder: " + option + " must be in 40..1000000, got " + value);
        assertThat(dir.resolve("rs-" + value)).doesNotExist();
        Run arena = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", "sims=2",
            "--matches-per-pairing", "3", "--db", db.toString(), "--report", dir.resolve("ra-" + value).toString(),
            "--no-progress", option, value);
        assertThat(arena.code()).as("arena " + option + " " + value).isEqualTo(2);
        assertThat(arena.err().strip()).isEqualTo(rep.err().strip());
      }
    }
    // the refused arena runs played nothing (the stored tournament still has 2 seeds: 4 matches)
    try (dev.ponder.arena.ArenaStore store = dev.ponder.arena.ArenaStore.openReadOnly(db)) {
      assertThat(store.count(store.tournaments().get(0).id())).isEqualTo(4);
    }
    Run min = run("report", "--db", db.toString(), "--out", dir.resolve("rs-min").toString(), "--resamples", "40",
        "--elo-resamples", "40");
    assertThat(min.code()).as(min.err()).isZero();
  }

  @Test
  void largerMatchesPerPairingExtendsSmallerIsAUsageError() {
    Path db = dir.resolve("e.db");
    java.util.function.IntFunction<Run> arena = n -> run("arena", "--games", "tic_tac_toe", "--agents", "random,uct",
        "--budget", "sims=4", "--matches-per-pairing", Integer.toString(n), "--seed", "3", "--parallel", "1",
        "--db", db.toString(), "--report", dir.resolve("re" + n).toString(), "--no-progress", "--resamples", "40",
        "--elo-resamples", "40");
    Run two = arena.apply(2);
    assertThat(two.code()).as(two.err()).isZero();
    Run four = arena.apply(4);
    assertThat(four.code()).as(four.err()).isZero();
    assertThat(four.err()).contains("arena: extending tournament 1 from 2 to 4 seeds per pairing\n"); // status: stderr
    assertThat(four.out()).doesNotContain("extending").contains("Tournament 1: 1 game, 2 agents; 8 matches (4 already stored, 4 played now with 0 errors)")
        .contains("8 matches, 4 seeds");
    Run three = arena.apply(3);
    assertThat(three.code()).isEqualTo(2);
    assertThat(three.err().strip()).doesNotContain("\n")
        .contains("tournament 1 with 4 seeds per pairing, more than the 3 requested")
        .contains("--seeds-per-pairing 4");
    assertThat(dir.resolve("re3")).doesNotExist();
    Run again = arena.apply(4);
    assertThat(again.out()).doesNotContain("extending").contains("8 matches (8 already stored, 0 played now");
  }

  /**
   * An unusable --report directory is refused before any match (exit 2, one line naming the path
   * and the operating system's reason); a missing one is created.
   */
  @Test
  void anUnwritableReportDirectoryIsRefusedBeforeAnyMatch() throws Exception {
    Path db = dir.resolve("rd.db");
    Path file = dir.resolve("a-file");
    Files.writeString(file, "x\n");
    String[][] cases = {
        {file.toString(), "not a directory"},
        {file.resolve("sub").toString(), "cannot create the report directory: a parent (" + file.toAbsolutePath() + ") is not a directory"},
        {file.resolve("sub/deeper").toString(), "a parent (" + file.toAbsolutePath() + ") is not a directory"},
        {"/proc/ponder-arena-report", "no such file"},
        {"/proc", "no such file"}}; // exists, but no file can be created in it
    for (String[] c : cases) {
      Run r = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--matches-per-pairing", "1",
          "--db", db.toString(), "--report", c[0], "--no-progress", "--resamples", "40", "--elo-resamples", "40");
      assertThat(r.code()).as(c[0] + ": " + r.err()).isEqualTo(2);
      assertThat(r.err().strip()).as(c[0]).doesNotContain("\n").startsWith("ponder: --report " + c[0] + ": ")
          .containsIgnoringCase(c[1]);
      assertThat(r.out()).isEmpty();
    }
    assertThat(db).doesNotExist(); // nothing stored or played
    Path nested = dir.resolve("new/nested/report");
    Run created = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--matches-per-pairing", "1",
        "--db", db.toString(), "--report", nested.toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40");
    assertThat(created.code()).as(created.err()).isZero();
    assertThat(nested.resolve("report.md")).isRegularFile();
  }

  /**
   * A report that still cannot be written at the end (here report.md is a directory) comes after
   * the rankings: the table is printed, then one error line with the reason, exit 1, and the
   * matches stay stored.
   */
  @Test
  void aReportThatFailsAtTheEndComesAfterTheRankingsWithItsReason() throws Exception {
    Path db = dir.resolve("late.db");
    Path rep = dir.resolve("late-report");
    Files.createDirectories(rep.resolve("report.md"));
    Run r = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--matches-per-pairing", "2",
        "--db", db.toString(), "--report", rep.toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40");
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.out()).contains("Tournament 1: 1 game, 2 agents; 4 matches (0 already stored, 4 played now with 0 errors)")
        .contains("rank").contains("SCO").contains("uct(sims=2)").doesNotContain("Report written");
    assertThat(r.err().strip()).doesNotContain("\n").startsWith("ponder: error: cannot write the report to " + rep)
        .contains("report.md").contains("Is a directory").contains("ponder report --db " + db);
    try (dev.ponder.arena.ArenaStore store = dev.ponder.arena.ArenaStore.openReadOnly(db)) {
      assertThat(store.count(store.tournaments().get(0).id())).isEqualTo(4);
    }
    // ponder report behaves the same way
    Run rep2 = run("report", "--db", db.toString(), "--out", rep.toString(), "--resamples", "40", "--elo-resamples", "40");
    assertThat(rep2.code()).isEqualTo(1);
    assertThat(rep2.out()).contains("rank").contains("uct(sims=2)");
    assertThat(rep2.err().strip()).doesNotContain("\n").contains("Is a directory");
    Run repBad = run("report", "--db", db.toString(), "--out", "/proc/ponder-report");
    assertThat(repBad.code()).isEqualTo(2);
    assertThat(repBad.err().strip()).isEqualTo("ponder: --out /proc/ponder-report: cannot create the report directory:"
        + " no such file");
  }

  /**
   * {@code report --out} is checked before the store is read, like {@code arena --report}: a bad
   * directory is the error even when the store is bad too, a refused report leaves no directory
   * it created behind, and {@code --list} (which writes nothing) does not look at {@code --out}.
   */
  @Test
  void aBadReportOutIsRefusedBeforeTheStoreIsRead() throws Exception {
    Path file = dir.resolve("plain-file");
    Files.writeString(file, "x\n");
    Path notes = dir.resolve("notes.db");
    Files.writeString(notes, "not a database\n");
    String[][] cases = {
        {file.toString(), "not a directory"},
        {file.resolve("sub").toString(), "a parent (" + file.toAbsolutePath() + ") is not a directory"},
        {"/proc/ponder-report", "no such file"}};
    for (String[] c : cases) {
      for (Path db : new Path[] {notes, dir.resolve("missing.db")}) {
        Run r = run("report", "--db", db.toString(), "--out", c[0]);
        assertThat(r.code()).as(c[0] + ": " + r.err()).isEqualTo(2);
        assertThat(r.err().strip()).as(c[0]).doesNotContain("\n").startsWith("ponder: --out " + c[0] + ": ")
            .containsIgnoringCase(c[1]);
        assertThat(r.out()).isEmpty();
      }
    }
    // a good --out with a bad store: the store's error, and the directory created for it is gone
    Path fresh = dir.resolve("fresh/report");
    Run noStore = run("report", "--db", dir.resolve("missing.db").toString(), "--out", fresh.toString());
    assertThat(noStore.code()).isEqualTo(2);
    assertThat(noStore.err().strip()).startsWith("ponder: no store at ");
    assertThat(fresh).doesNotExist();
    // a stored tournament, a missing tournament id: refused, directory removed
    Path db = dir.resolve("out-first.db");
    Run a = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--matches-per-pairing", "1",
        "--db", db.toString(), "--report", dir.resolve("arena-report").toString(), "--no-progress", "--resamples", "40",
        "--elo-resamples", "40");
    assertThat(a.code()).as(a.err()).isZero();
    Run noId = run("report", "--db", db.toString(), "--out", fresh.toString(), "--tournament", "7");
    assertThat(noId.code()).isEqualTo(2);
    assertThat(noId.err().strip()).isEqualTo("ponder: no tournament 7 in " + db + "; use --list to see them");
    assertThat(fresh).doesNotExist();
    // --list writes no report, so an unusable --out does not stop it
    Run list = run("report", "--db", db.toString(), "--list", "--out", file.toString());
    assertThat(list.code()).as(list.err()).isZero();
    assertThat(list.out()).startsWith("id\tcreated\tmatches\tconfiguration\n1\t");
  }

  /** A file that is not an SQLite database gets the same one-line usage error from arena as from report. */
  @Test
  void aTextFileAsTheStoreIsRefusedByArenaAsByReport() throws Exception {
    Path notes = dir.resolve("notes.txt");
    Files.writeString(notes, "my notes, not a database\n");
    Path rep = dir.resolve("rn");
    Run arena = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--matches-per-pairing", "1",
        "--db", notes.toString(), "--report", rep.toString(), "--no-progress");
    Run report = run("report", "--db", notes.toString(), "--out", rep.toString());
    assertThat(report.code()).isEqualTo(2);
    assertThat(arena.code()).as(arena.err()).isEqualTo(2);
    assertThat(arena.err().strip()).isEqualTo("ponder: " + notes + " is not an SQLite database (not a Ponder arena store)")
        .isEqualTo(report.err().strip());
    assertThat(arena.out()).isEmpty();
    assertThat(Files.readString(notes)).isEqualTo("my notes, not a database\n");
    assertThat(rep).doesNotExist(); // the report directory the refused run created is removed again
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).as("nothing beside it (no run lock file)")
          .containsExactly("notes.txt");
    }
    // a file shorter than SQLite's header, too
    Path tiny = dir.resolve("tiny.db");
    Files.writeString(tiny, "x\n");
    Run small = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--matches-per-pairing", "1",
        "--db", tiny.toString(), "--report", rep.toString(), "--no-progress");
    assertThat(small.err().strip()).isEqualTo("ponder: " + tiny + " is not an SQLite database (not a Ponder arena store)");
    assertThat(dir.resolve("tiny.db.lock")).doesNotExist();
  }

  /**
   * Another application's SQLite database is refused before anything is written (exit 2, one
   * line), whether its tables are unrelated or share a name with Ponder's; an empty file is a new
   * store.
   */
  @Test
  void anotherApplicationsDatabaseIsRefusedAndLeftUnchanged() throws Exception {
    String[][] schemas = {
        {"CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT)", "INSERT INTO notes(body) VALUES('keep me')"},
        {"CREATE TABLE matches(id INTEGER PRIMARY KEY, home TEXT, away TEXT, score TEXT)",
            "INSERT INTO matches(home, away, score) VALUES('a', 'b', '2-1')"},
        {"CREATE TABLE tournaments(id INTEGER PRIMARY KEY, name TEXT)", "CREATE TABLE agents(name TEXT)",
            "CREATE TABLE games(name TEXT)", "CREATE TABLE matches(name TEXT)"}};
    for (int i = 0; i < schemas.length; i++) {
      Path other = dir.resolve("other" + i + ".db");
      try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + other);
           java.sql.Statement st = c.createStatement()) {
        for (String sql : schemas[i]) {
          st.execute(sql);
        }
      }
      byte[] before = Files.readAllBytes(other);
      Run r = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--matches-per-pairing", "1",
          "--db", other.toString(), "--report", dir.resolve("ro").toString(), "--no-progress");
      assertThat(r.code()).as(r.err()).isEqualTo(2);
      assertThat(r.err().strip()).as(schemas[i][0]).doesNotContain("\n")
          .startsWith("ponder: " + other + " is not a Ponder arena store: ").contains("nothing was written");
      assertThat(r.out()).isEmpty();
      assertThat(Files.readAllBytes(other)).as(schemas[i][0]).isEqualTo(before);
      assertThat(dir.resolve("ro")).doesNotExist();
    }
    Path empty = dir.resolve("empty.db");
    Files.write(empty, new byte[0]);
    Run fresh = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--matches-per-pairing", "1",
        "--db", empty.toString(), "--report", dir.resolve("re").toString(), "--no-progress", "--resamples", "40",
        "--elo-resamples", "40");
    assertThat(fresh.code()).as(fresh.err()).isZero();
    assertThat(fresh.out()).contains("2 matches (0 already stored, 2 played now with 0 errors)");
  }

  /**
   * {@code report} refuses another application's database in one line (exit code 2) as {@code
   * arena} does, naming what is missing, also when its tables have Ponder's names but not its
   * columns. Before, such a file passed the reader's check, which counted the four table names,
   * and the first query failed with {@code ponder: error: cannot read tournaments: [SQLITE_ERROR]
   * … (no such column: id)} (exit code 1); a file with some of the names was said to lack all four.
   */
  @Test
  void reportRefusesAnotherApplicationsDatabaseNamingWhatIsMissing() throws Exception {
    String[][] schemas = {
        {"CREATE TABLE tournaments(id INTEGER PRIMARY KEY, name TEXT)", "CREATE TABLE agents(name TEXT)",
            "CREATE TABLE games(name TEXT)", "CREATE TABLE matches(name TEXT)",
            "INSERT INTO tournaments(name) VALUES('spring cup')"},
        {"CREATE TABLE matches(id INTEGER PRIMARY KEY, home TEXT, away TEXT, score TEXT)",
            "INSERT INTO matches(home, away, score) VALUES('a', 'b', '2-1')"}};
    String[] said = {
        "(its tournaments table lacks config, seed, created; its agents table lacks tournament_id, idx, spec and 1 more"
            + " columns; its games table lacks tournament_id, idx, spec and 4 more columns; its matches table lacks"
            + " tournament_id, game_idx, seats and 9 more columns)",
        "(no tournaments, agents, games tables; its matches table lacks tournament_id, game_idx, seats and 9 more"
            + " columns)"};
    for (int i = 0; i < schemas.length; i++) {
      Path other = dir.resolve("app" + i + ".db");
      try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + other);
           java.sql.Statement st = c.createStatement()) {
        for (String sql : schemas[i]) {
          st.execute(sql);
        }
      }
      byte[] before = Files.readAllBytes(other);
      Run r = run("report", "--db", other.toString(), "--report", dir.resolve("rr").toString(), "--no-progress");
      assertThat(r.code()).as(r.err()).isEqualTo(2);
      assertThat(r.err().strip()).as(schemas[i][0]).doesNotContain("\n").isEqualTo("ponder: " + other
          + " is not a Ponder arena store: it is an SQLite database with tables "
          + (i == 0 ? "agents, games, matches, tournaments " : "matches ") + said[i]
          + "; give the --db of a ponder arena run");
      assertThat(r.out()).isEmpty();
      assertThat(Files.readAllBytes(other)).as(schemas[i][0]).isEqualTo(before);
      assertThat(dir.resolve("rr")).doesNotExist();
    }
  }

  /**
   * A run whose configuration matches no stored tournament (agents in another order, a budget
   * spelled in the agent string instead of --budget) starts a new one, with one warning line on
   * stderr naming the number stored and the new id; resuming or extending gives no warning.
   */
  @Test
  void aNewTournamentBesideStoredOnesIsWarnedAbout() {
    Path db = dir.resolve("n.db");
    java.util.function.BiFunction<String, String[], Run> arena = (agents, extra) -> run(concat(new String[] {"arena",
        "--games", "tic_tac_toe", "--agents", agents, "--matches-per-pairing", "1", "--db", db.toString(), "--report",
        dir.resolve("rn").toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40"}, extra));
    String[] budget = {"--budget", "sims=3"};
    Run first = arena.apply("random,uct", budget);
    assertThat(first.code()).as(first.err()).isZero();
    assertThat(first.err()).doesNotContain("warning");
    Run same = arena.apply("random,uct", budget);
    assertThat(same.err()).doesNotContain("warning");
    assertThat(same.out()).contains("Tournament 1: 1 game, 2 agents; 2 matches (2 already stored");
    Run reordered = arena.apply("uct,random", budget);
    assertThat(reordered.code()).as(reordered.err()).isZero();
    assertThat(reordered.err().lines().filter(l -> l.startsWith("warning:")).toList()).containsExactly(
        "warning: no stored tournament in " + db + " has this configuration (1 stored; agents/games order and budgets"
            + " are part of it); same games and agents as tournament 1 in another order; starting tournament 2"
            + " ('ponder report --db " + db + " --list' shows the stored ones); 2 of its 2 matches are reused from"
            + " tournament 1 (identical matches are copied, not played again; --no-reuse plays them, e.g. after rebuilding a game or agent of your own)");
    assertThat(reordered.out()).contains("Tournament 2: 1 game, 2 agents; 2 matches (0 already stored, 2 matches reused"
        + " from tournament 1, 0 played now");
    Run spelled = arena.apply("random,uct(sims=3)", new String[0]);
    // another budget text: not the same configuration in another order, so no such hint, but the
    // tournament whose agents (the budget applied) are these is named with the setting that differs
    assertThat(spelled.err()).contains("(2 stored; agents/games order and budgets are part of it); tournament 1 differs"
        + " only in its budget (sims=3 there, no --budget here); starting tournament 3").doesNotContain("another order");
    Run extended = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", "sims=3",
        "--matches-per-pairing", "2", "--db", db.toString(), "--report", dir.resolve("rn").toString(), "--no-progress",
        "--resamples", "40", "--elo-resamples", "40");
    assertThat(extended.err()).contains("extending tournament 1");
    assertThat(extended.err()).doesNotContain("warning");
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  @Test
  void defaultParallelCountsAgentsSearchThreadsAgainstTheCores() {
    assertThat(ArenaCommand.defaultParallel(java.util.List.of("random", "uct"), 8)).isEqualTo(8);
    assertThat(ArenaCommand.defaultParallel(java.util.List.of("random", "uct(threads=2)", "puct(threads=3)"), 8)).isEqualTo(2);
    assertThat(ArenaCommand.defaultParallel(java.util.List.of("uct(threads=4)"), 2)).isEqualTo(1);
  }

  /** Time budgets with every core busy playing matches are warned about; sims budgets and a spare core are not. */
  @Test
  void timeBudgetsThatFillEveryCoreAreWarnedAbout() {
    java.util.List<String> timed = java.util.List.of("random", "uct(time_ms=5)", "puct(time_ms=5)");
    assertThat(ArenaCommand.timeBudgetWarning(timed, 2, 2)).get().asString()
        .startsWith("warning: time budgets with 2 matches at once on 2 cores").contains("--parallel 1 leaves a core free")
        .doesNotContain("\n");
    assertThat(ArenaCommand.timeBudgetWarning(timed, 1, 2)).isEmpty();
    assertThat(ArenaCommand.timeBudgetWarning(timed, 4, 8)).isEmpty();
    assertThat(ArenaCommand.timeBudgetWarning(java.util.List.of("uct(time_ms=5,threads=2)"), 1, 2)).get().asString()
        .contains("1 match at once on 2 cores (agents use up to 2 search threads)");
    assertThat(ArenaCommand.timeBudgetWarning(java.util.List.of("random", "uct(sims=50)"), 2, 2)).isEmpty();
  }

  /**
   * --db follows the rule of every output path: missing parent directories are created; a path
   * that cannot be created is refused before anything is played, in one line with the reason.
   */
  @Test
  void theStoreCreatesMissingParentsOrIsRefusedInOneLine() throws Exception {
    Path db = dir.resolve("nd2/deeper/a.db");
    Run ok = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", "sims=2",
        "--matches-per-pairing", "1", "--db", db.toString(), "--report", dir.resolve("rd").toString(), "--no-progress",
        "--resamples", "40", "--elo-resamples", "40", "--sco-resamples", "40");
    assertThat(ok.code()).as(ok.err()).isZero();
    assertThat(db).isRegularFile();

    Path file = Files.writeString(dir.resolve("plain"), "x");
    Path under = file.resolve("a.db");
    Run refused = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", "sims=2",
        "--matches-per-pairing", "1", "--db", under.toString(), "--report", dir.resolve("rf").toString(), "--no-progress");
    assertThat(refused.code()).isEqualTo(2);
    assertThat(refused.err().strip()).isEqualTo("ponder: cannot write --db " + under + ": a parent (" + file + ") is not a directory");
    assertThat(refused.out()).isEmpty();
    assertThat(dir.resolve("rf")).doesNotExist();
  }

  /** Budget keys are sims and time_ms only; any other key is refused in one line naming the valid ones. */
  @Test
  void theScheduleHelpGivesItsDefault() {
    Run help = run("arena", "--help");
    assertThat(help.out().replaceAll("\\s+", " ")).contains("--schedule=KIND round-robin (every pairing in every seat"
        + " order; in games of 3 or more players every multiset of agents, seated as --seat-orders says) or benchmark (each"
        + " agent in each seat against --benchmark in the others; default: round-robin).");
  }

  @Test
  void budgetKeysOtherThanSimsAndTimeMsAreRefused() {
    Path db = dir.resolve("k.db");
    for (String[] c : new String[][] {{"c=0.5", "c", "0.5"}, {"threads=2", "threads", "2"},
        {"sims=4,reuse=true", "reuse", "true"}}) {
      Run r = run("arena", "--games", "tic_tac_toe", "--agents", "random,uct", "--budget", c[0], "--db", db.toString(),
          "--report", dir.resolve("rk").toString(), "--no-progress");
      assertThat(r.code()).as(c[0]).isEqualTo(2);
      // the agent that declares the key is named, with an agent string it accepts
      assertThat(r.err().strip()).as(c[0]).isEqualTo("ponder: --budget key '" + c[1] + "' is not a budget key; valid: sims, time_ms"
          + " (uct declares " + c[1] + ": set it in the agent string, e.g. --agents 'uct(" + c[1] + "=" + c[2] + ")')");
      assertThat(dev.ponder.agent.AgentRegistry.resolve("uct(" + c[1] + "=" + c[2] + ")").values()).containsKey(c[1]);
    }
    assertThat(db).doesNotExist();
  }

  /**
   * --budget fills in only agents that name no budget of their own: a timed uct keeps its time
   * budget and is a different agent from the sims-budgeted uct (both are played); the duplicate
   * check still compares the resolved agents.
   */
  @Test
  void theBudgetLeavesAnAgentWithItsOwnBudgetAlone() throws Exception {
    Path db = dir.resolve("own.db");
    Run r = run("arena", "--games", "tic_tac_toe", "--agents", "uct(c=1.4),uct(time_ms=1,c=1.4)", "--budget", "sims=4",
        "--db", db.toString(), "--no-progress", "--matches-per-pairing", "1", "--report", dir.resolve("ro").toString(),
        "--resamples", "40", "--elo-resamples", "40", "--parallel", "1");
    assertThat(r.code()).as(r.err()).isZero();
    try (dev.ponder.arena.ArenaStore store = dev.ponder.arena.ArenaStore.openReadOnly(db)) {
      assertThat(store.tournaments()).hasSize(1);
      assertThat(store.config(store.tournaments().get(0)).agents()).containsExactly("uct(c=1.4,sims=4)", "uct(time_ms=1,c=1.4)");
    }
    // the resolved agents are compared: the budget makes uct(c=1.4) the same as uct(c=1.4,sims=4)
    Run dup = run("arena", "--games", "tic_tac_toe", "--agents", "uct(c=1.4),uct(sims=4,c=1.4)", "--budget", "sims=4",
        "--db", db.toString(), "--no-progress", "--matches-per-pairing", "1", "--report", dir.resolve("ro").toString());
    assertThat(dup.code()).isEqualTo(2);
    assertThat(dup.err()).contains("'uct(c=1.4)' and 'uct(sims=4,c=1.4)'");
  }

  /** Two names of one agent (uniform plays as random, seed for seed) are refused, naming both spellings. */
  @Test
  void twoNamesOfOneAgentAreRefused() {
    Run r = run("arena", "--games", "kuhn_poker", "--agents", "random,uniform", "--db", dir.resolve("al.db").toString(),
        "--no-progress", "--matches-per-pairing", "1", "--report", dir.resolve("ra").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo("ponder: --agents lists the same agent twice: 'random' and 'uniform' are one"
        + " agent ('uniform' plays as 'random', seed for seed); list it once");
  }

  /**
   * A second run on a store another run holds is refused at once (exit 2, one line naming the
   * store) and writes nothing; once the holder lets go, the lock file left behind blocks nothing.
   */
  @Test
  void aSecondRunOnAStoreInUseIsRefused() throws Exception {
    Path db = dir.resolve("busy.db");
    Path rep = dir.resolve("rb");
    String[] args = {"arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--matches-per-pairing", "1",
        "--db", db.toString(), "--report", rep.toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40"};
    Path lock = dir.resolve("busy.db.lock");
    try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(lock,
            java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
         java.nio.channels.FileLock held = ch.lock()) {
      Run second = run(args);
      assertThat(second.code()).isEqualTo(2);
      assertThat(second.err().strip()).isEqualTo("ponder: another ponder arena run is writing " + db + " (it holds " + lock
          + "); wait for it to finish, or give another --db (ponder report --db " + db + " may read it meanwhile)");
      assertThat(second.out()).isEmpty();
      assertThat(db).doesNotExist();
      assertThat(rep).doesNotExist();
    }
    Run after = run(args);
    assertThat(after.code()).as(after.err()).isZero();
    assertThat(lock).exists();
    Run again = run(args); // the previous run let go of the lock
    assertThat(again.code()).as(again.err()).isZero();
  }

  /** A store reached through a symbolic link has the same run lock as through its own path. */
  @Test
  void aStoreReachedThroughALinkSharesItsLock() throws Exception {
    Path db = dir.resolve("real.db");
    String[] first = {"arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=2)", "--matches-per-pairing", "1",
        "--db", db.toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40"};
    assertThat(run(first).code()).isZero();
    Path link = Files.createSymbolicLink(dir.resolve("link.db"), db.getFileName());
    String[] viaLink = first.clone();
    viaLink[8] = link.toString();
    Path realLock = db.toRealPath().resolveSibling("real.db.lock");
    try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(realLock,
            java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
         java.nio.channels.FileLock held = ch.lock()) {
      Run second = run(viaLink);
      assertThat(second.code()).isEqualTo(2);
      assertThat(second.err()).contains("another ponder arena run is writing " + link);
    }
    assertThat(run(viaLink).code()).isZero();
  }

  /**
   * A damaged store (a truncated copy of a finished one, or one overwritten in the middle) is a bad
   * input file for arena and report alike: exit 2, the same line naming the file and what to do.
   */
  @Test
  void aDamagedStoreIsTheSameUsageErrorForArenaAndReport() throws Exception {
    Path db = dir.resolve("whole.db");
    String[] args = {"arena", "--games", "tic_tac_toe,kuhn_poker", "--agents", "random,uct(sims=2)", "--matches-per-pairing",
        "30", "--db", db.toString(), "--report", dir.resolve("rw").toString(), "--no-progress", "--resamples", "40",
        "--elo-resamples", "40", "--sco-resamples", "40", "--alpharank-resamples", "40"};
    assertThat(run(args).code()).isZero();
    Path cut = dir.resolve("cut.db");
    byte[] bytes = Files.readAllBytes(db);
    assertThat(bytes.length).isGreaterThan(8192);
    Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length / 2));
    args[8] = cut.toString();
    args[10] = dir.resolve("rc").toString();
    Run arena = run(args);
    Run report = run("report", "--db", cut.toString(), "--report", dir.resolve("rr").toString(), "--no-progress");
    String line = "ponder: " + cut + " is damaged (SQLite: database disk image is malformed); restore it from a copy, or"
        + " give a new --db to start afresh";
    assertThat(arena.code()).as(arena.err()).isEqualTo(2);
    assertThat(arena.err().strip()).isEqualTo(line);
    assertThat(report.code()).as(report.err()).isEqualTo(2);
    assertThat(report.err().strip()).isEqualTo(line);

    // damaged in the middle (3.5 KB of garbage from byte 20000, the agents table's index among
    // them): the rows look missing, but SQLite's quick_check finds the pages malformed, and the
    // line says so; before, it blamed a missing agents row that is there. Nothing is left beside it.
    assertThat(bytes.length).isGreaterThan(24_000);
    byte[] mid = bytes.clone();
    java.util.Arrays.fill(mid, 20_000, 23_584, (byte) 0x5a);
    Path damaged = dir.resolve("mid.db");
    Files.write(damaged, mid);
    args[8] = damaged.toString();
    args[10] = dir.resolve("rm").toString();
    String midLine = "ponder: " + damaged + " is damaged (SQLite: database disk image is malformed); restore it from a"
        + " copy, or give a new --db to start afresh";
    Run midReport = run("report", "--db", damaged.toString(), "--report", dir.resolve("rmr").toString(), "--no-progress");
    assertThat(midReport.code()).as(midReport.err()).isEqualTo(2);
    assertThat(midReport.err().strip()).isEqualTo(midLine);
    Run midArena = run(args);
    assertThat(midArena.code()).as(midArena.err()).isEqualTo(2);
    assertThat(midArena.err().strip()).isEqualTo(midLine);
    for (String left : new String[] {"-wal", "-shm"}) {
      assertThat(Path.of(damaged + left)).doesNotExist();
      assertThat(Path.of(cut + left)).doesNotExist();
    }
    assertThat(dir.resolve("rm")).doesNotExist();
    assertThat(dir.resolve("rmr")).doesNotExist();
  }

  /**
   * A re-run of a finished tournament plays nothing: it says so instead of a progress line with a
   * rate of 0 and no ETA, and the time-budget overrun warning, which concerns matches played, is
   * not printed; the run that plays matches prints it.
   */
  @Test
  void aRunWithNothingToPlaySaysSoWithoutRateOrOverrunWarning() {
    Path db = dir.resolve("done.db");
    int cores = Runtime.getRuntime().availableProcessors();
    String[] args = {"arena", "--games", "tic_tac_toe", "--agents", "random,uct(time_ms=1)", "--matches-per-pairing", "1",
        "--db", db.toString(), "--report", dir.resolve("rd").toString(), "--parallel", Integer.toString(cores),
        "--resamples", "40", "--elo-resamples", "40"};
    Run first = run(args);
    assertThat(first.code()).as(first.err()).isZero();
    assertThat(first.err()).contains("warning: time budgets with ");
    Run again = run(args);
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(again.err()).contains("arena: all 2 matches are stored in " + db + "; nothing to play (computing the"
        + " rankings)").doesNotContain("warning: time budgets").doesNotContain("matches/s").doesNotContain("ETA");
  }

  @Test
  void aRunSaysHowManyMatchesItWillPlayBeforeTheFirst() {
    Path db = dir.resolve("start.db");
    java.util.function.Function<String, String[]> args = seeds -> new String[] {"arena", "--games", "tic_tac_toe",
        "--agents", "random,uct(sims=10)", "--db", db.toString(), "--report", dir.resolve("rs").toString(),
        "--parallel", "1", "--resamples", "40", "--elo-resamples", "40", "--seeds-per-pairing", seeds};
    Run first = run(args.apply("3"));
    assertThat(first.code()).as(first.err()).isZero();
    assertThat(first.err()).contains("arena: 6 matches to play (0 of 6 stored), 1 at a time");
    Run more = run(args.apply("5")); // extends the tournament: 4 seats x seeds more
    assertThat(more.code()).as(more.err()).isZero();
    assertThat(more.err()).contains("arena: 4 matches to play (6 of 10 stored), 1 at a time");
    String[] six = args.apply("6");
    String[] quiet = java.util.Arrays.copyOf(six, six.length + 1);
    quiet[six.length] = "--no-progress";
    Run silent = run(quiet);
    assertThat(silent.code()).as(silent.err()).isZero();
    assertThat(silent.err()).doesNotContain("to play");
  }
  /** The default suite's banner follows the option checks: a usage error comes alone, the banner before a run. */
  @Test
  void aUsageErrorOfTheDefaultSuiteComesWithoutItsBanner() {
    String db = dir.resolve("suite.db").toString();
    Run bad = run("arena", "--schedule", "benchmrk", "--db", db);
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.out()).isEmpty();
    assertThat(bad.err()).startsWith("ponder: --schedule: 'benchmrk' is not valid");
    Run badSeeds = run("arena", "--seeds-per-pairing", "0", "--db", db);
    assertThat(badSeeds.code()).isEqualTo(2);
    assertThat(badSeeds.out()).isEmpty();
    Run ok = run("arena", "--seeds-per-pairing", "1", "--budget", "sims=2", "--db", db, "--no-progress",
        "--resamples", "40", "--elo-resamples", "40");
    assertThat(ok.code()).as(ok.err()).isZero();
    assertThat(ok.out()).startsWith("Default suite: games ");
  }
}
