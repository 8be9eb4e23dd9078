package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.app.SearchBenchCommand.ForkSummary;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ponder bench search --forks K}: aggregation, the others column, option checks, one forked run. */
class SearchBenchCommandTest {

  private static String[] run(String... args) {
    return Cli.runFields(args);
  }

  /**
   * A fork that fails keeps the rows already measured: each game's row aggregates the forks in
   * which all its thread counts were measured, the table says so, and the error follows (the
   * whole table was lost before).
   */
  @Test
  void aFailingForkKeepsTheRowsMeasuredBeforeIt() {
    SearchBenchCommand b = new SearchBenchCommand();
    b.forks = 3;
    b.threads = List.of(1, 2);
    int[] calls = {0};
    b.forkMeasure = (game, t) -> {
      calls[0]++;
      // fork 1: tic_tac_toe (1, 2 threads), nim (1, 2); fork 2: tic_tac_toe (1, 2), nim 1 thread (measured, left
      // out: its fork is incomplete), then nim's 2 threads fail
      if (calls[0] == 8) {
        throw new IllegalStateException("measuring nim with 2 threads in a fresh JVM failed (exit 1): out of memory");
      }
      double[] r = new double[SearchBenchCommand.FIELDS];
      r[SearchBenchCommand.SIMS_PER_S] = t * (game.equals("tic_tac_toe") ? 100.0 : 10.0) * calls[0];
      r[SearchBenchCommand.NODES] = 5;
      r[SearchBenchCommand.BYTES_PER_NODE] = 36;
      r[SearchBenchCommand.OTHERS] = 0.5; // every measurement disturbed
      return r;
    };
    java.io.StringWriter out = new java.io.StringWriter();
    java.io.StringWriter err = new java.io.StringWriter();
    List<Game> games = List.of(GameRegistry.load("tic_tac_toe"), GameRegistry.load("nim"));
    assertThatThrownBy(() -> b.measureForks(new java.io.PrintWriter(out), new java.io.PrintWriter(err), games,
        List.of("tic_tac_toe", "nim"))).hasMessageContaining("out of memory");
    String table = out.toString();
    assertThat(table).contains("# a measurement failed (the error follows the table)");
    // tic_tac_toe: forks 1 and 2 (calls 1, 2 and 5, 6): 1 thread 100 and 500, 2 threads 400 and 1200; speedups 4 and 2.4
    assertThat(table).containsPattern("tic_tac_toe\\s+1\\s+300\\s+100\\s+500\\s+1.00x");
    assertThat(table).containsPattern("tic_tac_toe\\s+2\\s+800\\s+400\\s+1200\\s+3.20x");
    // nim: fork 1 only (calls 3, 4): 30 and 80 sims/s
    assertThat(table).containsPattern("nim\\s+1\\s+30\\s+30\\s+30\\s+1.00x");
    assertThat(table).containsPattern("nim\\s+2\\s+80\\s+80\\s+80\\s+2.67x");
    // the counts are of the measurements the table uses (6 of the 7 made)
    assertThat(table).contains("# 6 of 6 measurements disturbed");
    assertThat(table).contains("# sims/s: median over the measured forks");
  }

  @Test
  void medianOfOddAndEvenCountsIgnoringNan() {
    assertThat(SearchBenchCommand.median(new double[] {5, 1, 3})).isEqualTo(3.0);
    assertThat(SearchBenchCommand.median(new double[] {4, 1, 3, 10})).isEqualTo(3.5); // (3 + 4) / 2
    assertThat(SearchBenchCommand.median(new double[] {7})).isEqualTo(7.0);
    assertThat(SearchBenchCommand.median(new double[] {2, Double.NaN, 6})).isEqualTo(4.0);
    assertThat(SearchBenchCommand.median(new double[] {Double.NaN})).isNaN();
    double[] v = {5, 1, 3};
    SearchBenchCommand.median(v);
    assertThat(v).containsExactly(5, 1, 3); // not sorted in place
  }

  @Test
  void medianIndexIsTheMiddleOrTheLowerMiddle() {
    assertThat(SearchBenchCommand.medianIndex(new double[] {30, 10, 20})).isEqualTo(2);
    assertThat(SearchBenchCommand.medianIndex(new double[] {40, 10, 30, 20})).isEqualTo(3); // 20 < 30
    assertThat(SearchBenchCommand.medianIndex(new double[] {9})).isZero();
    assertThatThrownBy(() -> SearchBenchCommand.medianIndex(new double[0])).isInstanceOf(IllegalArgumentException.class);
  }

  /** Three forks: rates by hand, speedups paired by fork (not the ratio of the medians). */
  @Test
  void oddForkCountPairsSpeedupsByFork() {
    double[][] rates = {
        {100, 120, 90}, // 1 thread
        {180, 204, 171}, // 2 threads: ratios 1.8, 1.7, 1.9
    };
    ForkSummary[] s = ForkSummary.of(rates);
    assertThat(s).hasSize(2);
    assertThat(s[0]).isEqualTo(new ForkSummary(100, 90, 120, 1, 1, 1));
    assertThat(s[1].median()).isEqualTo(180.0);
    assertThat(s[1].min()).isEqualTo(171.0);
    assertThat(s[1].max()).isEqualTo(204.0);
    assertThat(s[1].speedup()).isCloseTo(1.8, within(1e-12)); // median of 1.8, 1.7, 1.9; 180 / 100 by chance
    assertThat(s[1].speedupMin()).isCloseTo(1.7, within(1e-12));
    assertThat(s[1].speedupMax()).isCloseTo(1.9, within(1e-12));
  }

  /** Four forks: medians are the means of the two middle values; three thread counts. */
  @Test
  void evenForkCountAveragesTheTwoMiddleValues() {
    double[][] rates = {
        {100, 200, 50, 400}, // sorted 50 100 200 400 -> median 150
        {150, 360, 80, 600}, // ratios 1.5, 1.8, 1.6, 1.5 -> sorted 1.5 1.5 1.6 1.8 -> 1.55; rates median (150+360)/2
        {300, 500, 100, 1000}, // ratios 3, 2.5, 2, 2.5 -> sorted 2 2.5 2.5 3 -> 2.5
    };
    ForkSummary[] s = ForkSummary.of(rates);
    assertThat(s[0].median()).isEqualTo(150.0);
    assertThat(s[0].speedup()).isEqualTo(1.0);
    assertThat(s[1].median()).isEqualTo(255.0);
    assertThat(s[1].min()).isEqualTo(80.0);
    assertThat(s[1].max()).isEqualTo(600.0);
    assertThat(s[1].speedup()).isCloseTo(1.55, within(1e-12));
    assertThat(s[1].speedupMin()).isCloseTo(1.5, within(1e-12));
    assertThat(s[1].speedupMax()).isCloseTo(1.8, within(1e-12));
    // the ratio of the medians (255 / 150 = 1.7) is not what is reported
    assertThat(s[1].speedup()).isNotCloseTo(255.0 / 150.0, within(1e-3));
    assertThat(s[2].median()).isEqualTo(400.0);
    assertThat(s[2].speedup()).isCloseTo(2.5, within(1e-12));
    assertThat(s[2].speedupMin()).isCloseTo(2.0, within(1e-12));
    assertThat(s[2].speedupMax()).isCloseTo(3.0, within(1e-12));
    assertThatThrownBy(() -> ForkSummary.of(new double[][] {{1, 2}, {3}}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rates[1] has 1 forks");
    assertThatThrownBy(() -> ForkSummary.of(new double[0][])).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void othersFromProcStat() {
    // user 1000 nice 20 system 300 idle 9000 iowait 50 irq 5 softirq 15 steal 7 guest 0 guest_nice 0
    assertThat(SearchBenchCommand.busyJiffies("cpu  1000 20 300 9000 50 5 15 7 0 0")).isEqualTo(1347L);
    // a kernel without the steal count
    assertThat(SearchBenchCommand.busyJiffies("cpu  1000 20 300 9000 50 5 15")).isEqualTo(1340L);
    assertThat(SearchBenchCommand.busyJiffies("cpu0 1000 20 300 9000 50 5 15 7 0 0")).isEqualTo(-1L);
    assertThat(SearchBenchCommand.busyJiffies("cpu 1 2 3")).isEqualTo(-1L);
    // 300 busy jiffies = 3 CPU s in 2 wall s, of which 1 s this process: 1 core of others
    assertThat(SearchBenchCommand.otherCores(1000, 1300, 1.0, 2.0)).isCloseTo(1.0, within(1e-12));
    assertThat(SearchBenchCommand.otherCores(1000, 1090, 1.0, 2.0)).isZero(); // tick sampling below own time
    assertThat(SearchBenchCommand.otherCores(-1, 1300, 1.0, 2.0)).isNaN();
  }

  @Test
  void childLinesOfTheOldAndNewFormatParse() {
    double[] old = SearchBenchCommand.parseChildLine(SearchBenchCommand.CHILD_PREFIX + " 1000.0 50.0 36.0 2000.0 0.5");
    assertThat(old).hasSize(SearchBenchCommand.FIELDS);
    assertThat(Arrays.copyOf(old, 5)).containsExactly(1000.0, 50.0, 36.0, 2000.0, 0.5);
    assertThat(old[SearchBenchCommand.OTHERS]).isNaN();
    double[] now = SearchBenchCommand.parseChildLine(SearchBenchCommand.CHILD_PREFIX + " 1000.0 50.0 36.0 2000.0 0.5 0.25");
    assertThat(now[SearchBenchCommand.OTHERS]).isEqualTo(0.25);
    assertThat(SearchBenchCommand.parseChildLine(SearchBenchCommand.CHILD_PREFIX + " 1 2 3 4 5 NaN")[5]).isNaN();
    assertThatThrownBy(() -> SearchBenchCommand.parseChildLine(SearchBenchCommand.CHILD_PREFIX + " 1 2 3"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void forksOutOfRangeOrWithNoForkAreUsageErrors() {
    for (List<String> args : List.of(List.of("--forks", "0"), List.of("--forks", "101"),
        List.of("--no-fork", "--forks", "2"))) {
      String[] r = run(concat(args, "bench", "search", "--games", "tic_tac_toe", "--seconds", "0.1"));
      assertThat(r[0]).as(args.toString()).isEqualTo("2");
      assertThat(r[1]).isEmpty();
      assertThat(r[2].strip().lines().count()).as(r[2]).isEqualTo(1);
    }
    assertThat(run("bench", "search", "--forks", "0")[2]).contains("ponder: --forks must be in 1..100, got 0\n");
    assertThat(run("bench", "search", "--forks", "101")[2]).contains("ponder: --forks must be in 1..100, got 101\n");
    assertThat(run("bench", "search", "--threads", "1,65")[2]).isEqualTo("ponder: --threads must be in 1..64, got 65\n");
    assertThat(run("bench", "search", "--no-fork", "--forks", "2")[2])
        .contains("--no-fork cannot be combined with --forks 2");
  }

  private static String[] concat(List<String> tail, String... head) {
    String[] all = Arrays.copyOf(head, head.length + tail.size());
    for (int i = 0; i < tail.size(); i++) {
      all[head.length + i] = tail.get(i);
    }
    return all;
  }

  @Test
  void oneForkKeepsTheOldColumnsPlusOthers() {
    String[] r = run("bench", "search", "--games", "tic_tac_toe", "--threads", "1", "--seconds", "0.2",
        "--warmup", "0", "--overrun-searches", "0", "--no-fork");
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    assertThat(r[1]).containsPattern(
        "game\\s+threads\\s+sims/s\\s+speedup\\s+sims/worker-cpu-s\\s+cpu/wall\\s+nodes\\s+bytes/node\\s+others\\n");
    // others: cores (2 decimals) on Linux, NaN elsewhere
    assertThat(r[1]).containsPattern("tic_tac_toe\\s+1\\s+[1-9]\\d*\\s+1\\.00x\\s+\\S+\\s+\\S+\\s+\\d+\\s+\\d+\\.\\d"
        + "\\s+(\\d+\\.\\d\\d|NaN)\\n");
    assertThat(r[2]).isEmpty();
  }

  /** Two forks of two thread counts: four fresh JVMs, interleaved, aggregated into one row per thread count. */
  @Test
  void twoForksGiveMediansRangesAndPairedSpeedups() {
    String[] r = run("bench", "search", "--games", "tic_tac_toe", "--forks", "2", "--threads", "1,2",
        "--seconds", "0.2", "--warmup", "0", "--overrun-searches", "0");
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    String out = r[1];
    assertThat(out).contains("measured in 2 fresh JVMs (--forks 2)").contains("sims/s: median over the 2 forks")
        .contains("paired by fork").containsPattern("# \\d+ of 4 measurements disturbed");
    List<String> header = out.lines().filter(l -> l.startsWith("game ")).toList();
    assertThat(header).hasSize(1);
    assertThat(header.get(0)).containsPattern(
        "sims/s\\s+min\\s+max\\s+speedup\\s+speedup range\\s+sims/worker-cpu-s\\s+cpu/wall\\s+nodes\\s+bytes/node\\s+others");
    List<String[]> rows = out.lines().filter(l -> l.startsWith("tic_tac_toe")).map(l -> l.trim().split("\\s+")).toList();
    assertThat(rows).hasSize(2);
    for (int i = 0; i < 2; i++) {
      String[] f = rows.get(i);
      assertThat(f).hasSize(12);
      assertThat(f[1]).isEqualTo(Integer.toString(i + 1));
      double median = Double.parseDouble(f[2]);
      double min = Double.parseDouble(f[3]);
      double max = Double.parseDouble(f[4]);
      assertThat(min).isPositive();
      assertThat(median).isBetween(min, max);
      double speedup = Double.parseDouble(f[5].replace("x", ""));
      String[] range = f[6].split("\\.\\.");
      double lo = Double.parseDouble(range[0].replace("x", ""));
      double hi = Double.parseDouble(range[1].replace("x", ""));
      assertThat(speedup).isPositive().isBetween(lo, hi);
      if (i == 0) {
        assertThat(f[5]).isEqualTo("1.00x");
        assertThat(f[6]).isEqualTo("1.00x..1.00x");
      }
      assertThat(Double.parseDouble(f[7])).isPositive(); // sims/worker-cpu-s
      assertThat(Double.parseDouble(f[8])).isPositive(); // cpu/wall
      assertThat(Double.parseDouble(f[9])).isPositive(); // nodes
      assertThat(Double.parseDouble(f[10])).isPositive(); // bytes/node
    }
    List<String> progress = r[2].lines().filter(l -> l.startsWith("# fork ")).toList();
    assertThat(progress).hasSize(4);
    assertThat(progress.get(0)).matches("# fork 1/2: tic_tac_toe, 1 thread: [\\d,]+ sims/s.*");
    assertThat(progress.get(1)).matches("# fork 1/2: tic_tac_toe, 2 threads: [\\d,]+ sims/s.*");
    assertThat(progress.get(2)).startsWith("# fork 2/2: tic_tac_toe, 1 thread:");
    assertThat(progress.get(3)).startsWith("# fork 2/2: tic_tac_toe, 2 threads:");
  }

  private static final String[] TINY = {"--threads", "1", "--seconds", "0.1", "--warmup", "0", "--overrun-searches", "0"};

  private static String[] tiny(String... head) {
    return concat(List.of(TINY), head);
  }

  /** kuhn_poker and pig open with chance nodes: the searches start from the first decision state. */
  @Test
  void gamesThatOpenWithChanceAreMeasuredFromTheFirstDecisionState() {
    String[] r = run(tiny("bench", "search", "--games", "tic_tac_toe,kuhn_poker,pig", "--no-fork"));
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    for (String game : List.of("tic_tac_toe", "kuhn_poker", "pig")) {
      assertThat(r[1]).containsPattern("\\n" + game + "\\s+1\\s+[1-9]\\d*\\s+1\\.00x");
    }
    String[] forked = run(tiny("bench", "search", "--games", "kuhn_poker"));
    assertThat(forked[0]).as(forked[2]).isEqualTo("0");
    assertThat(forked[1]).contains("measured in a fresh JVM").containsPattern("\\nkuhn_poker\\s+1\\s+[1-9]\\d*\\s+1\\.00x");
    // the overrun searches start there too
    String[] overrun = run("bench", "search", "--games", "pig", "--threads", "1", "--seconds", "0.1", "--warmup", "0",
        "--overrun-searches", "2", "--no-fork");
    assertThat(overrun[0]).as(overrun[2]).isEqualTo("0");
    assertThat(overrun[1]).containsPattern("pig\\s+overrun ms: median \\S+, p99 \\S+, max \\S+ \\(2 searches\\)");
  }

  @Test
  void firstDecisionStateIsTheInitialStateOrTheSameStateAfterChance() {
    Game ttt = GameRegistry.load("tic_tac_toe");
    State t = SearchBenchCommand.firstDecisionState(ttt);
    assertThat(t.history()).isEmpty();
    assertThat(t.currentPlayer()).isZero();
    Game kuhn = GameRegistry.load("kuhn_poker");
    State k = SearchBenchCommand.firstDecisionState(kuhn);
    // two cards dealt (two chance nodes), then player 0 acts; both cards different
    assertThat(k.history()).hasSize(2);
    assertThat(k.history()[0]).isNotEqualTo(k.history()[1]);
    assertThat(k.currentPlayer()).isZero();
    assertThat(SearchBenchCommand.firstDecisionState(kuhn).history()).containsExactly(k.history()); // fixed seed
    Game pig = GameRegistry.load("pig");
    State p = SearchBenchCommand.firstDecisionState(pig);
    assertThat(p.isChanceNode() || p.isTerminal()).isFalse();
  }

  @Test
  void aFailedChildsLineLosesItsOwnPrefix() {
    assertThat(SearchBenchCommand.withoutErrorPrefix("ponder: error: search needs a decision state"))
        .isEqualTo("search needs a decision state");
    assertThat(SearchBenchCommand.withoutErrorPrefix("ponder: unknown game 'x'")).isEqualTo("unknown game 'x'");
    assertThat(SearchBenchCommand.withoutErrorPrefix("Exception in thread main")).isEqualTo("Exception in thread main");
  }

  /**
   * A ';' inside parentheses belongs to the game string (nim's pile sizes); outside, commas and the
   * older ';' separate games.
   */
  @Test
  void semicolonsStayInTheGameString() {
    assertThat(SearchBenchCommand.splitGames("nim(pile_sizes=1;3;5), tic_tac_toe,hex(board_size=5)"))
        .containsExactly("nim(pile_sizes=1;3;5)", "tic_tac_toe", "hex(board_size=5)");
    assertThat(SearchBenchCommand.splitGames("tic_tac_toe;connect_four,nim(pile_sizes=2;2)"))
        .containsExactly("tic_tac_toe", "connect_four", "nim(pile_sizes=2;2)");
    assertThatThrownBy(() -> SearchBenchCommand.splitGames("tic_tac_toe;;nim"))
        .isInstanceOf(UsageException.class).hasMessageContaining("empty game string");
    String[] r = run(tiny("bench", "search", "--games", "nim(pile_sizes=1;3;5)", "--no-fork"));
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    assertThat(r[1]).containsPattern("\\nnim\\(pile_sizes=1;3;5\\)\\s+1\\s+[1-9]\\d*");
    String[] empty = run(tiny("bench", "search", "--games", "tic_tac_toe,,nim", "--no-fork"));
    assertThat(empty[0]).isEqualTo("2");
    assertThat(empty[2].strip()).contains("empty game string").doesNotContain("--history");
  }

  @Test
  void budgetKeysInTheAgentAreUsageErrors() {
    for (String key : List.of("sims=100", "threads=2", "time_ms=50")) {
      String name = key.substring(0, key.indexOf('='));
      String[] r = run(tiny("bench", "search", "--games", "tic_tac_toe", "--no-fork", "--agent", "uct(" + key + ")"));
      assertThat(r[0]).as(key + ": " + r[2]).isEqualTo("2");
      assertThat(r[1]).isEmpty();
      assertThat(r[2].strip().lines()).hasSize(1);
      assertThat(r[2]).contains("--agent uct(" + key + "): leave out " + name + "; bench search sets the budget")
          .doesNotContain("given twice");
    }
  }

  @Test
  void anAgentThatIsNotMctsIsNamedAsSuch() {
    String[] r = run(tiny("bench", "search", "--games", "tic_tac_toe", "--no-fork", "--agent", "random"));
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2].strip()).isEqualTo("ponder: agent 'random' is not an MCTS agent");
  }

  @Test
  void negativeOverrunSearchesAreUsageErrors() {
    String[] r = run("bench", "search", "--games", "tic_tac_toe", "--overrun-searches", "-5", "--no-fork");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[1]).isEmpty();
    assertThat(r[2].strip()).isEqualTo("ponder: --overrun-searches must be at least 0, got -5");
  }

  @Test
  void signatureChecksTheOptionsFirst() {
    String[] r = run("bench", "search", "--signature", "--forks", "0", "--no-fork");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[1]).isEmpty();
    assertThat(r[2]).contains("--forks must be in 1..100, got 0");
    assertThat(run("bench", "search", "--signature", "--overrun-searches", "-1")[0]).isEqualTo("2");
    assertThat(run("bench", "search", "--signature", "--agent", "uct(sims=10)")[0]).isEqualTo("2");
  }

  /**
   * The signature refuses what a measurement refuses: an unknown game in --games was left out of
   * it (exit 0, "signature: games ;" for a typo alone), and a non-MCTS agent was refused with a
   * line about a 'sims' key the user never typed.
   */
  @Test
  void signatureRefusesAnUnknownGameAndANonMctsAgent() {
    String[] typo = run("bench", "search", "--signature", "--games", "tic_tac_to");
    assertThat(typo[0]).isEqualTo("2");
    assertThat(typo[1]).isEmpty();
    assertThat(typo[2]).startsWith("ponder: unknown game 'tic_tac_to'").contains("did you mean tic_tac_toe?");
    assertThat(run("bench", "search", "--signature", "--games", "nosuch,tic_tac_toe")[0]).isEqualTo("2");
    String[] random = run("bench", "search", "--signature", "--games", "tic_tac_toe", "--agent", "random");
    assertThat(random[0]).isEqualTo("2");
    assertThat(random[2].strip()).isEqualTo("ponder: agent 'random' is not an MCTS agent");
  }

  /** --games may be given more than once, as in bench playouts and arena: the lists are joined in order. */
  @Test
  void gamesIsRepeatable() {
    String[] twice = run("bench", "search", "--signature", "--games", "tic_tac_toe", "--games", "nim(pile_sizes=1;2)");
    assertThat(twice[0]).as(twice[2]).isEqualTo("0");
    assertThat(twice[1]).startsWith("signature: games tic_tac_toe,nim(pile_sizes=1;2); ");
    assertThat(twice[1]).isEqualTo(run("bench", "search", "--signature", "--games", "tic_tac_toe,nim(pile_sizes=1;2)")[1]);
    assertThat(run("bench", "search", "--help")[1].replaceAll("\\s+", " ")) // (a line may break after a comma)
        .containsPattern("\\(repeatable, as bench playouts --games and arena --games; default:"
            + " tic_tac_toe, ?connect_four, ?breakthrough, ?hex");
  }

  @Test
  void signatureRefusesTheMeasurementOptionsItWouldIgnore() {
    String[] r = run("bench", "search", "--signature", "--games", "tic_tac_toe", "--threads", "2", "--seconds", "1");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[1]).isEmpty();
    assertThat(r[2].strip()).isEqualTo("ponder: --signature runs fixed searches (one thread, 300 simulations, 8 plies"
        + " per game); it takes only --games and --agent, not --threads, --seconds");
    String[] ok = run("bench", "search", "--signature", "--games", "tic_tac_toe");
    assertThat(ok[0]).isEqualTo("0");
    assertThat(ok[1]).startsWith("signature: games tic_tac_toe; agent uct(sims=300,threads=1); simulations 2400;");
  }

  @Test
  void helpSaysWhereSearchesStartAndHowLongTheyAre() {
    String help = run("bench", "search", "--help")[1].replaceAll("\\s+", " ");
    assertThat(help).contains("first decision state").contains("between 100 ms and 1 s")
        .contains("--seconds 0.5 gives 166 ms").contains("separated by commas (or ';') outside parentheses")
        .contains("only meaningful for measurements of a few seconds");
  }
}
