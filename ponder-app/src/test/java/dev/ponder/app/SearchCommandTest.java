package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchCommandTest {

  private static String[] run(String... args) {
    return Cli.runFields(args);
  }

  @Test
  void printsTheWinningMoveWithIdsOrStrings() {
    String[] r = run("search", "tic_tac_toe", "--history", "x(0,0),o(1,0),x(0,1),4", "--agent", "uct(sims=500)");
    assertThat(r[0]).isEqualTo("0");
    assertThat(r[1]).contains("chosen: x(0,2) (2)").contains("principal variation: x(0,2)").contains("500 simulations");
  }

  @Test
  void optionsThatChangeNothingHereAreNamed() {
    // reuse=true in a single search, chance_expand_all=true on a game without chance nodes
    String[] r = run("search", "tic_tac_toe", "--agent", "uct(sims=50,reuse=true,chance_expand_all=true)");
    assertThat(r[0]).isEqualTo("0");
    assertThat(r[2]).contains("note: reuse=true keeps the tree from one decision to the next")
        .contains("warning: uct(sims=50,reuse=true,chance_expand_all=true): chance_expand_all=true has no effect:"
            + " tic_tac_toe has no chance nodes");
    // where they apply, nothing is said
    String[] pig = run("search", "pig", "--agent", "uct(sims=50,chance_expand_all=true)");
    assertThat(pig[0]).isEqualTo("0");
    assertThat(pig[2]).doesNotContain("chance_expand_all").doesNotContain("reuse");
  }

  @Test
  void jsonOutput() throws Exception {
    String[] r = run("search", "tic_tac_toe", "--history", "0,4,1", "--agent", "puct(sims=600,c_init=1.25)", "--json");
    assertThat(r[0]).isEqualTo("0");
    JsonNode j = new ObjectMapper().readTree(r[1]);
    assertThat(j.get("action").asInt()).isEqualTo(2);
    assertThat(j.get("children")).hasSize(6);
    assertThat(j.get("simulations").asLong()).isEqualTo(600);
    long visits = 0;
    for (JsonNode c : j.get("children")) {
      visits += c.get("visits").asLong();
    }
    assertThat(visits).isEqualTo(600);
  }

  @Test
  void priorsPrintAsTheShortestDecimalOfTheirFloat() throws Exception {
    // 5 legal actions, uniform prior 1/5: stored as the float 0.2f, printed 0.2
    String[] r = run("search", "tic_tac_toe", "--history", "0,4,1,2", "--agent", "puct(sims=50)", "--json");
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    assertThat(r[1]).contains("\"prior\" : 0.2,").doesNotContain("0.20000000298023224");
    JsonNode j = new ObjectMapper().readTree(r[1]);
    assertThat(j.get("children")).hasSize(5);
    for (JsonNode c : j.get("children")) {
      assertThat(c.get("prior").asDouble()).isEqualTo(0.2);
    }
    assertThat(SearchCommand.priorValue(1.0f / 3)).isEqualTo(0.33333334);
    assertThat(SearchCommand.priorValue(0.1125f)).isEqualTo(0.1125);
    assertThat(SearchCommand.priorValue(Double.NaN)).isNaN();
    // the table rounds the float's decimal: 0.1125f (0.11249999701976776 as a double) is 0.113
    assertThat(String.format(java.util.Locale.ROOT, "%.3f", (double) 0.1125f)).isEqualTo("0.112");
    assertThat(SearchCommand.tablePrior(0.1125f)).isEqualTo("0.113");
    assertThat(SearchCommand.tablePrior(0.2f)).isEqualTo("0.200");
    String[] table = run("search", "tic_tac_toe", "--history", "0,4,1,2", "--agent", "puct(sims=50)");
    assertThat(table[1]).containsPattern("(?m)^x\\(1,0\\) +3 +\\d+ +[0-9.]+ +-?[0-9.]+ +0\\.200  \\[");
  }

  @Test
  void imperfectInformationShowsTheMoversInformationStateBeforeTheTable() throws Exception {
    // OpenSpiel's kuhn_poker_2p playthrough: after chance deals 1 and 2 and player 0 passes,
    // player 1 moves with InformationStateString(1) = "2p"
    String[] r = run("search", "kuhn_poker", "--history", "1,2,0", "--agent", "uct(sims=50)");
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    List<String> lines = r[1].lines().toList();
    assertThat(lines.get(0)).startsWith("game kuhn_poker").contains("player 1 to move");
    assertThat(lines.get(1)).isEqualTo("information state of player 1 (searched): 2p");
    assertThat(lines.get(2)).startsWith("action ");
    String[] j = run("search", "kuhn_poker", "--history", "1,2,0", "--agent", "uct(sims=50)", "--json");
    JsonNode json = new ObjectMapper().readTree(j[1]);
    assertThat(json.get("player").asInt()).isEqualTo(1);
    assertThat(json.get("information_state").asText()).isEqualTo("2p");
    // phantom_ttt playthrough: after x plays 6, InformationStateString(1) = "...\n...\n...\n" —
    // several lines, printed indented under the header line
    String[] ph = run("search", "phantom_ttt", "--history", "6", "--agent", "uct(sims=20)");
    assertThat(ph[0]).as(ph[2]).isEqualTo("0");
    assertThat(ph[1].lines().toList().subList(1, 5))
        .containsExactly("information state of player 1 (searched):", "    ...", "    ...", "    ...");
    String[] phj = run("search", "phantom_ttt", "--history", "6", "--agent", "uct(sims=20)", "--json");
    assertThat(new ObjectMapper().readTree(phj[1]).get("information_state").asText()).isEqualTo("...\n...\n...\n");
    // perfect information: no such line, null in JSON
    String[] t = run("search", "tic_tac_toe", "--history", "4", "--agent", "uct(sims=20)");
    assertThat(t[1]).doesNotContain("information state");
    String[] tj = run("search", "tic_tac_toe", "--history", "4", "--agent", "uct(sims=20)", "--json");
    JsonNode tjson = new ObjectMapper().readTree(tj[1]);
    assertThat(tjson.has("information_state")).isTrue();
    assertThat(tjson.get("information_state").isNull()).isTrue();
  }

  @Test
  void badInputIsAUsageError() {
    assertThat(run("search", "tic_tac_toe", "--history", "0,0")[0]).isEqualTo("2");
    assertThat(run("search", "tic_tac_toe", "--agent", "random")[0]).isEqualTo("2");
    assertThat(run("search", "tic_tac_toe", "--agent", "uct(c=-1)")[0]).isEqualTo("2");
  }

  @Test
  void historySplitsOutsideParentheses() {
    assertThat(SearchCommand.splitHistory("x(0,2), o(1,1),3")).containsExactly("x(0,2)", "o(1,1)", "3");
    assertThat(SearchCommand.splitHistory(" ")).isEmpty();
  }

  private static State after(String game, String history) {
    State s = GameRegistry.load(game).newInitialState();
    SearchCommand.applyHistory(s, history);
    return s;
  }

  /**
   * Without a comma outside parentheses, --history entries are separated by whitespace; an action
   * string with spaces in it stays one action; commas still separate exactly as before.
   */
  @Test
  void historyTakesSpaceSeparatedActionsWhenItHasNoComma() {
    // connect_four columns 4, 3, 4 are the action ids 4, 3, 4
    assertThat(after("connect_four", "4 3 4").history()).containsExactly(4, 3, 4);
    assertThat(after("connect_four", "  4\t3   4 ").history()).containsExactly(4, 3, 4);
    assertThat(after("connect_four", "4,3,4").history()).containsExactly(4, 3, 4);
    String[] r = run("search", "connect_four", "--history", "4 3 4", "--agent", "uct(sims=20)", "--json");
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    // tic_tac_toe ids: x(0,0)=0, o(1,0)=3; x(0,2)=2
    assertThat(after("tic_tac_toe", "x(0,0) o(1,0) 2").history()).containsExactly(0, 3, 2);
    // action strings with spaces (chance outcomes "Roll 1".."Roll 6" are ids 0..5 in liars_dice;
    // hearts' pass directions "No Pass", "Left", ... are 0..3; amazons(board_size=4) starts with
    // "X From (3, 1)" = 8): the longest legal action string wins
    assertThat(after("liars_dice", "Roll 3 Roll 5").history()).containsExactly(2, 4);
    assertThat(after("liars_dice", "roll 3 4").history()).containsExactly(2, 4);
    assertThat(after("hearts", "No Pass").history()).containsExactly(0);
    assertThat(after("amazons(board_size=4)", "X From (3, 1)").history()).containsExactly(8);
    assertThat(after("liars_dice", "Roll 3,Roll 5").history()).containsExactly(2, 4);
    assertThat(SearchCommand.splitWords(" O From (1, 1)\t3 ")).containsExactly("O", "From", "(1, 1)", "3");
    assertThat(SearchCommand.hasCommaOutsideParentheses("x(0,2) 3")).isFalse();
    assertThat(SearchCommand.hasCommaOutsideParentheses("x(0,2),3")).isTrue();
  }

  /** A failing entry of either form is named by its 1-based position and its text. */
  @Test
  void historyErrorsNameTheEntryAndItsText() {
    String[] r = run("search", "tic_tac_toe", "--history", "4 3 4");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2]).contains("--history entry 3: '4' is not a legal move");
    String[] c = run("search", "tic_tac_toe", "--history", "4,3,4");
    assertThat(c[2]).contains("--history entry 3: '4' is not a legal move");
    assertThatThrownBy(() -> after("liars_dice", "Roll 3 Roll 9"))
        .isInstanceOf(UsageException.class).hasMessageContaining("--history entry 2: 'Roll' is not a legal move");
    // x wins on the top row after five moves; the sixth entry comes after the game is over
    assertThatThrownBy(() -> after("tic_tac_toe", "0 3 1 4 2 5"))
        .isInstanceOf(UsageException.class).hasMessageContaining("at entry 6 '5'");
  }

  /**
   * By default each game and thread count is measured in a fresh JVM that prints its figures on
   * one line; --no-fork measures in this JVM; a failing child JVM is reported with its exit code
   * and last line.
   */
  @Test
  void benchSearchMeasuresInAFreshJvmUnlessToldNotTo() {
    String[] forked = run("bench", "search", "--games", "connect_four(rows=4,columns=5)", "--threads", "1",
        "--seconds", "0.2", "--warmup", "0", "--overrun-searches", "0");
    assertThat(forked[0]).as(forked[2]).isEqualTo("0");
    assertThat(forked[1]).contains("measured in a fresh JVM")
        .containsPattern("connect_four\\(rows=4,columns=5\\)\\s+1\\s+[1-9]\\d*\\s+1\\.00x");
    String[] here = run("bench", "search", "--games", "tic_tac_toe", "--threads", "1", "--seconds", "0.2",
        "--warmup", "0", "--overrun-searches", "0", "--no-fork");
    assertThat(here[0]).as(here[2]).isEqualTo("0");
    assertThat(here[1]).contains("measured in this JVM (--no-fork)").containsPattern("tic_tac_toe\\s+1\\s+[1-9]");
    SearchBenchCommand bench = new SearchBenchCommand();
    bench.seconds = 0.2;
    assertThatThrownBy(() -> bench.measureInFreshJvm("no_such_game", 1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("measuring no_such_game with 1 thread in a fresh JVM failed (exit 2)")
        .hasMessageContaining("unknown game 'no_such_game'");
  }

  @Test
  void benchSearchReportsRowsAndAStableSignature() {
    String[] r = run("bench", "search", "--games", "tic_tac_toe", "--threads", "1", "--seconds", "0.2",
        "--warmup", "0.1", "--overrun-searches", "2");
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    assertThat(r[1]).containsPattern("tic_tac_toe\\s+1\\s+\\d+\\s+1\\.00x").contains("overrun ms");
    // an unknown game or a bad thread count is a usage error before any output
    String[] bad = run("bench", "search", "--games", "tic_tac_toe,nope", "--threads", "1", "--seconds", "0.2");
    assertThat(bad[0]).isEqualTo("2");
    assertThat(bad[1]).isEmpty();
    assertThat(bad[2]).contains("unknown game 'nope'");
    String[] zero = run("bench", "search", "--games", "tic_tac_toe", "--threads", "0");
    assertThat(run("bench", "search", "--games", "tic_tac_toe", "--warmup", "-1")[2]).contains("--warmup must be at least 0, got -1");
    assertThat(zero[0]).isEqualTo("2");
    assertThat(zero[1]).isEmpty();
    String[] notMcts = run("bench", "search", "--games", "tic_tac_toe", "--agent", "random");
    assertThat(notMcts[0]).isEqualTo("2");
    assertThat(notMcts[1]).isEmpty();
    assertThat(notMcts[2].strip()).isEqualTo("ponder: agent 'random' is not an MCTS agent"); // checked before the budget is added
    String[] s1 = run("bench", "search", "--games", "tic_tac_toe", "--signature");
    String[] s2 = run("bench", "search", "--games", "tic_tac_toe", "--signature");
    assertThat(s1[1]).startsWith("signature: games tic_tac_toe").contains("simulations 2400").isEqualTo(s2[1]);
  }

  /** At a chance node the message lists each outcome's id with its name, since names may hold commas. */
  @Test
  void aChanceNodeListsItsOutcomesByIdAndName() {
    String[] r = run("search", "2048", "--agent", "uct(sims=10)");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2].strip()).doesNotContain("\n")
        .startsWith("ponder: the position is a chance node (search starts at a decision); add one of its outcomes to"
            + " --history (by id), or pass --draw-chance: 0=2 added to row 1, column 1; 1=4 added to row 1, column 1; ")
        // 32 outcomes: the first 20 (ids 0..19), then the count of the rest
        .contains("; 19=4 added to row 3, column 2; … and 12 more").doesNotContain("20=");
    // the ids it names are accepted: 2048 opens with two tile placements
    String history = "";
    for (int k = 0; k < 2; k++) {
      String id = r[2].strip().replaceAll(".*--draw-chance: (\\d+)=.*", "$1");
      history = history.isEmpty() ? id : history + " " + id;
      r = run("search", "2048", "--history", history, "--agent", "uct(sims=10)");
    }
    assertThat(r[0]).as(r[2]).isEqualTo("0");
  }

  /**
   * --draw-chance draws the chance outcomes before the first decision from --seed: legal outcomes,
   * named in the output, and the same search as giving those outcomes in --history.
   */
  @Test
  void drawChanceDrawsTheOutcomesFromTheSeedAndSearchesThere() throws Exception {
    ObjectMapper m = new ObjectMapper();
    java.util.Set<String> deals = new java.util.HashSet<>();
    for (int seed = 1; seed <= 6; seed++) {
      String[] r = run("search", "kuhn_poker", "--draw-chance", "--seed", Integer.toString(seed), "--agent", "uct(sims=60)",
          "--json");
      assertThat(r[0]).as(r[2]).isEqualTo("0");
      JsonNode j = m.readTree(r[1]);
      assertThat(j.get("drawn_chance").asInt()).isEqualTo(2);
      JsonNode h = j.get("history");
      assertThat(h.size()).isEqualTo(2);
      assertThat(j.get("history_players").get(0).asInt()).isEqualTo(State.CHANCE);
      assertThat(j.get("history_players").get(1).asInt()).isEqualTo(State.CHANCE);
      // two different cards of the three
      assertThat(h.get(0).asInt()).isBetween(0, 2);
      assertThat(h.get(1).asInt()).isBetween(0, 2).isNotEqualTo(h.get(0).asInt());
      deals.add(h.toString());
      // the same search as the outcomes given by hand (the root statistics; elapsed time aside)
      String[] byHand = run("search", "kuhn_poker", "--history", h.get(0) + "," + h.get(1), "--seed",
          Integer.toString(seed), "--agent", "uct(sims=60)", "--json");
      JsonNode k = m.readTree(byHand[1]);
      assertThat(k.get("drawn_chance").asInt()).isZero();
      assertThat(j.get("children")).isEqualTo(k.get("children"));
      assertThat(j.get("history")).isEqualTo(k.get("history"));
    }
    // the seed draws: six seeds do not all deal alike
    assertThat(deals).hasSizeGreaterThan(1);
    // the table names what was drawn; a position that is already a decision draws nothing
    String[] t = run("search", "pig", "--history", "roll", "--draw-chance", "--agent", "uct(sims=20)");
    assertThat(t[0]).as(t[2]).isEqualTo("0");
    assertThat(t[1]).containsPattern("chance drawn \\(--draw-chance, seed 1\\): Roll [1-6] \\(ids [0-5]\\)");
    String[] none = run("search", "pig", "--draw-chance", "--agent", "uct(sims=20)");
    assertThat(none[1]).doesNotContain("chance drawn");
  }

  /** A --history id in another script's digits is not an id (Integer.parseInt took fullwidth ４ as 4). */
  @Test
  void aHistoryIdIsWrittenInAsciiDigits() {
    String[] r = run("search", "tic_tac_toe", "--history", "４", "--agent", "uct(sims=5)");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2]).startsWith("ponder: --history entry 1: '４' is not a legal move;");
    assertThat(run("search", "tic_tac_toe", "--history", "4", "--agent", "uct(sims=5)")[0]).isEqualTo("0");
    // nor as a coordinate of gomoku's action strings
    assertThat(run("search", "gomoku(dims=1,size=9,connect=3)", "--history", "４", "--agent", "uct(sims=5)")[0]).isEqualTo("2");
    assertThat(run("search", "gomoku(dims=1,size=9,connect=3)", "--history", "4", "--agent", "uct(sims=5)")[0]).isEqualTo("0");
  }

  /** An illegal --history entry lists the legal moves as id=string, as play does, capped at 20. */
  @Test
  void anIllegalEntryListsTheLegalMovesAsIdEqualsString() {
    String[] r = run("search", "tic_tac_toe", "--history", "0,0");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2].strip()).isEqualTo("ponder: --history entry 2: '0' is not a legal move; legal: 1=o(0,1); 2=o(0,2);"
        + " 3=o(1,0); 4=o(1,1); 5=o(1,2); 6=o(2,0); 7=o(2,1); 8=o(2,2)");
    // hex(board_size=5): 25 legal moves, 20 shown
    String[] wide = run("search", "hex(board_size=5)", "--history", "99");
    assertThat(wide[0]).isEqualTo("2");
    assertThat(wide[2].strip()).startsWith("ponder: --history entry 1: '99' is not a legal move; legal: 0=a1; 1=b1; ")
        .endsWith("; 19=e4; … and 5 more");
  }

  /** The table's principal variation separates moves with " | ": action strings hold spaces and commas. */
  @Test
  void principalVariationMovesAreSeparatedUnambiguously() {
    String[] r = run("search", "tic_tac_toe", "--history", "0,4", "--agent", "uct(sims=300)");
    assertThat(r[0]).isEqualTo("0");
    String line = r[1].lines().filter(l -> l.startsWith("principal variation: ")).findFirst().orElseThrow();
    String[] moves = line.substring("principal variation: ".length()).split(" \\| ");
    assertThat(moves.length).isGreaterThan(1);
    for (String m : moves) {
      assertThat(m).matches("[xo]\\(\\d,\\d\\)");
    }
    String[] pig = run("search", "pig(winscore=10)", "--history", "0,2", "--agent", "uct(sims=200)", "--json");
    String[] pigTable = run("search", "pig(winscore=10)", "--history", "0,2", "--agent", "uct(sims=200)");
    String pv = pigTable[1].lines().filter(l -> l.startsWith("principal variation: ")).findFirst().orElseThrow();
    // the table joins exactly the strings --json lists
    java.util.List<String> strings = new java.util.ArrayList<>();
    try {
      new com.fasterxml.jackson.databind.ObjectMapper().readTree(pig[1]).get("principal_variation_strings")
          .forEach(n -> strings.add(n.asText()));
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    assertThat(strings).anyMatch(x -> x.contains(" "));
    assertThat(pv).isEqualTo("principal variation: " + String.join(" | ", strings));
    assertThat(pv).contains(" | ");
  }

  /**
   * Under the principal variation the table gives, per move, the visits of the edge taken and its
   * Q for the mover; --json lists the same numbers, the first the chosen child's visits.
   */
  @Test
  void principalVariationShowsTheVisitsOfEachMove() throws Exception {
    String[] args = {"search", "tic_tac_toe", "--history", "0,3,1", "--agent", "puct(sims=200)"};
    String[] table = run(args);
    String[] json = run(java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of("--json"))
        .toArray(String[]::new));
    assertThat(table[0]).isEqualTo("0");
    assertThat(json[0]).isEqualTo("0");
    JsonNode j = new ObjectMapper().readTree(json[1]);
    JsonNode visits = j.get("principal_variation_visits");
    JsonNode q = j.get("principal_variation_q");
    assertThat(visits.size()).isEqualTo(j.get("principal_variation").size()).isEqualTo(q.size()).isGreaterThan(1);
    for (JsonNode c : j.get("children")) {
      if (c.get("action").asInt() == j.get("action").asInt()) {
        assertThat(visits.get(0).asInt()).isEqualTo(c.get("visits").asInt());
        assertThat(q.get(0).asDouble()).isEqualTo(c.get("q").get(j.get("player").asInt()).asDouble());
      }
    }
    for (int i = 1; i < visits.size(); i++) {
      assertThat(visits.get(i).asInt()).isPositive().isLessThanOrEqualTo(visits.get(i - 1).asInt());
    }
    List<String> lines = table[1].lines().toList();
    int at = lines.indexOf(lines.stream().filter(l -> l.startsWith("principal variation: ")).findFirst().orElseThrow());
    List<String> cells = new java.util.ArrayList<>();
    for (int i = 0; i < visits.size(); i++) {
      cells.add(visits.get(i).asInt() + " (" + SearchCommand.fmt(q.get(i).asDouble()) + ")");
    }
    assertThat(lines.get(at + 1)).isEqualTo("  per move, visits n (Q for the mover): " + String.join(" | ", cells));
  }

  @Test
  void aSearchThatRanNoSimulationWarnsButAForcedMoveDoesNot() {
    double nan = Double.NaN;
    // a time budget spent before the first simulation: three unvisited actions, 0 simulations
    dev.ponder.search.SearchResult none = new dev.ponder.search.SearchResult(0, 4, new int[] {0, 4, 8},
        new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}, new int[3], new double[][] {{nan, nan}, {nan, nan}, {nan, nan}},
        new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}, new double[] {nan, nan}, new int[] {4}, 0, 4, 0, 5.2, 36);
    assertThat(SearchCommand.noSimulationWarning(none)).hasValueSatisfying(w -> {
      assertThat(w).startsWith("warning: no simulation completed within the time budget (the search took 5.2 ms)");
      assertThat(w).doesNotContain("\n");
    });
    // a reused tree that covers a sims budget runs no new simulation, yet its visits back the move: no warning
    dev.ponder.search.SearchResult reused = new dev.ponder.search.SearchResult(0, 4, new int[] {0, 4, 8},
        new double[] {0.25, 0.5, 0.25}, new int[] {500, 1000, 491}, new double[][] {{0, 0}, {0.1, -0.1}, {0, 0}},
        new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}, new double[] {0.05, -0.05}, new int[] {4}, 0, 4, 0, 0.1, 36);
    assertThat(SearchCommand.noSimulationWarning(reused)).isEmpty();
    dev.ponder.search.SearchResult some = new dev.ponder.search.SearchResult(0, 4, new int[] {0, 4, 8},
        new double[] {0.25, 0.5, 0.25}, new int[] {1, 2, 1}, new double[][] {{0, 0}, {0, 0}, {0, 0}},
        new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}, new double[] {0, 0}, new int[] {4}, 4, 4, 1, 5.2, 36);
    assertThat(SearchCommand.noSimulationWarning(some)).isEmpty();
    // a forced move runs no simulation on purpose: no warning (the CLI's forced position)
    String[] forced = run("search", "tic_tac_toe", "--history", "0,4,1,2,6,3,5,7", "--agent", "uct(sims=100)");
    assertThat(forced[1]).contains("forced move");
    assertThat(forced[2]).doesNotContain("no simulation completed");
  }

  /**
   * A search with no visits (no simulation completed, not forced) is labelled as such: the legend
   * says π̂ is uniform (not "visit distribution n(a)/sum n", which is 0/0 there), play's warning
   * names the move, and play --stats prints the root value as search does ("-", not NaN); the
   * JSON's no_visits is true for a forced move and false for a searched one.
   */
  @Test
  void aSearchWithNoVisitsIsLabelledAsSuch() {
    double nan = Double.NaN;
    dev.ponder.search.SearchResult none = new dev.ponder.search.SearchResult(0, 4, new int[] {0, 4, 8},
        new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}, new int[3], new double[][] {{nan, nan}, {nan, nan}, {nan, nan}},
        new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}, new double[] {nan, nan}, new int[] {4}, 0, 4, 0, 456.3, 36);
    assertThat(SearchCommand.noVisits(none)).isTrue();
    String legend = SearchCommand.policyLegend(dev.ponder.search.PolicyKind.VISIT_COUNTS, false, true);
    assertThat(legend).startsWith("pi_visits: uniform over the legal actions").doesNotContain("\n");
    assertThat(SearchCommand.policyLegend(dev.ponder.search.PolicyKind.GUMBEL_IMPROVED, false, true))
        .startsWith("pi_improved: computed with no visits");
    assertThat(SearchCommand.policyLegend(dev.ponder.search.PolicyKind.VISIT_COUNTS, false, false))
        .isEqualTo("pi_visits: visit distribution n(a)/sum n");
    assertThat(SearchCommand.noSimulationWarning(none, "move 5, player 0 (uct(time_ms=200,threads=64)): "))
        .hasValue("warning: move 5, player 0 (uct(time_ms=200,threads=64)): no simulation completed within the time"
            + " budget (the search took 456.3 ms); the move is backed by no search: raise time_ms or give sims");
    assertThat(PlayCommand.statsLine(5, 0, "uct(time_ms=200)", "x4", 4, none))
        .endsWith("; 0 simulations, 456.3 ms, 0 root visits reused, 4 nodes, root value - for player 0");

    String[] forced = run("search", "tic_tac_toe", "--history", "0,4,1,2,6,3,5,7", "--agent", "uct(sims=100)", "--json");
    assertThat(forced[1]).contains("\"forced\" : true").contains("\"no_visits\" : true");
    String[] searched = run("search", "tic_tac_toe", "--agent", "uct(sims=100)", "--json");
    assertThat(searched[1]).contains("\"no_visits\" : false");
    assertThat(run("search", "tic_tac_toe", "--agent", "uct(sims=100)")[1])
        .contains("pi_visits: visit distribution n(a)/sum n");
  }
}
