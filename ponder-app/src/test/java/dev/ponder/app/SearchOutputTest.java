package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What {@code ponder search} reports for a researcher: proven values of solver agents, the JSON
 * fields and their types (as documented in docs/search.md), the game echo and what π̂ is.
 */
class SearchOutputTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static Cli ok(String... args) {
    Cli c = Cli.run(args);
    assertThat(c.exit).as(c.err).isZero();
    return c;
  }

  private static JsonNode json(String... args) throws Exception {
    String[] a = new String[args.length + 1];
    System.arraycopy(args, 0, a, 0, args.length);
    a[args.length] = "--json";
    return JSON.readTree(ok(a).out);
  }

  /** Exact minimax value of {@code s} for player 0 (tic_tac_toe: +1 win, 0 draw, −1 loss), by brute force. */
  private static double minimax(State s) {
    if (s.isTerminal()) {
      return s.playerReturn(0);
    }
    boolean max = s.currentPlayer() == 0;
    double best = max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    for (int a : s.legalActions()) {
      State c = s.copy();
      c.applyAction(a);
      double v = minimax(c);
      best = max ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  }

  private static State ticTacToe(int... history) {
    State s = GameRegistry.load("tic_tac_toe").newInitialState();
    for (int a : history) {
      s.applyAction(a);
    }
    return s;
  }

  private static String result(double valueForMover) {
    return valueForMover > 0 ? "win" : valueForMover < 0 ? "loss" : "draw";
  }

  /**
   * Every child the search claims proven carries the brute-force minimax value, and so does a
   * proven root; returns the number of proven children.
   */
  private static int checkProofsAgainstMinimax(JsonNode j, int... history) {
    State root = ticTacToe(history);
    int mover = root.currentPlayer();
    int proven = 0;
    for (JsonNode c : j.get("children")) {
      JsonNode p = c.get("proven");
      if (p.isNull()) {
        continue;
      }
      proven++;
      State s = root.copy();
      s.applyAction(c.get("action").asInt());
      double v0 = minimax(s);
      assertThat(p.get("value").get(0).asDouble()).as("child %s", c.get("action_string")).isEqualTo(v0);
      assertThat(p.get("value").get(1).asDouble()).isEqualTo(-v0);
      assertThat(p.get("result").asText()).isEqualTo(result(mover == 0 ? v0 : -v0));
    }
    JsonNode r = j.get("root_proven");
    if (!r.isNull()) {
      double v0 = minimax(root);
      assertThat(r.get("value").get(0).asDouble()).isEqualTo(v0);
      assertThat(r.get("result").asText()).isEqualTo(result(mover == 0 ? v0 : -v0));
    }
    return proven;
  }

  @Test
  void aSolverMarksAProvenWinOneMoveAway() throws Exception {
    // x at (0,0),(0,1); o at (1,0),(1,1); x to move: x(0,2) (id 2) completes the top row
    for (String agent : List.of("mcts_solver(sims=2000)", "score_bounded(sims=2000)",
        "compose(tree=solver,final=solver,sims=2000)")) {
      Cli t = ok("search", "tic_tac_toe", "--history", "0,3,1,4", "--agent", agent);
      assertThat(t.out).as(agent).containsPattern("(?m)^x\\(0,2\\) +2 +\\d+ +[0-9.]+ +[-0-9.]+ +[0-9.]+ +win  \\[")
          .contains("root proven: win for player 0, value [1.000, -1.000]")
          .contains("chosen: x(0,2) (2)");
      assertThat(t.out.lines().filter(l -> l.startsWith("action ")).findFirst().orElseThrow()).contains(" proven ");
      JsonNode j = json("search", "tic_tac_toe", "--history", "0,3,1,4", "--agent", agent);
      assertThat(j.get("proves_values").asBoolean()).isTrue();
      assertThat(j.get("root_proven").get("result").asText()).isEqualTo("win");
      assertThat(j.get("root_proven").get("value").get(0).asDouble()).isEqualTo(1.0);
      assertThat(j.get("root_proven").get("value").get(1).asDouble()).isEqualTo(-1.0);
      JsonNode win = j.get("children").get(0);
      assertThat(win.get("action").asInt()).isEqualTo(2);
      assertThat(win.get("proven").get("result").asText()).isEqualTo("win");
      assertThat(checkProofsAgainstMinimax(j, 0, 3, 1, 4)).isGreaterThanOrEqualTo(1);
    }
  }

  @Test
  void provenLossesAndDrawsAgreeWithMinimax() throws Exception {
    // x at (0,0),(1,1); o at (0,1); o to move: x wins whatever o does (o must block (2,2), then x forks)
    for (String agent : List.of("mcts_solver(sims=5000)", "score_bounded(sims=5000)")) {
      JsonNode j = json("search", "tic_tac_toe", "--history", "0,1,4", "--agent", agent);
      assertThat(j.get("root_proven").get("result").asText()).as(agent).isEqualTo("loss");
      assertThat(checkProofsAgainstMinimax(j, 0, 1, 4)).isEqualTo(6);
      assertThat(ok("search", "tic_tac_toe", "--history", "0,1,4", "--agent", agent).out)
          .contains("root proven: loss for player 1, value [1.000, -1.000]");
    }
    // x at (0,0),(2,2); o at (1,1); o to move: a draw with best play (o must take an edge)
    JsonNode d = json("search", "tic_tac_toe", "--history", "0,4,8", "--agent", "mcts_solver(sims=20000)");
    assertThat(d.get("root_proven").get("result").asText()).isEqualTo("draw");
    assertThat(checkProofsAgainstMinimax(d, 0, 4, 8)).isEqualTo(6);
    assertThat(ok("search", "tic_tac_toe", "--history", "0,4,8", "--agent", "mcts_solver(sims=20000)").out)
        .containsPattern("(?m)^o\\(1,0\\) .* draw  \\[").containsPattern("(?m)^o\\(0,2\\) .* loss  \\[")
        .contains("root proven: draw for player 1, value [0.000, 0.000]");
  }

  @Test
  void aSearchTooSmallToProveClaimsNothing() throws Exception {
    // from the empty board no line ends within 20 simulations' depth: nothing can be proven
    Cli t = ok("search", "tic_tac_toe", "--agent", "mcts_solver(sims=20)");
    assertThat(t.out).contains("root not proven").doesNotContain("root proven")
        .doesNotContainPattern("(?m) (win|loss|draw)  \\[");
    JsonNode j = json("search", "tic_tac_toe", "--agent", "mcts_solver(sims=20)");
    assertThat(j.get("proves_values").asBoolean()).isTrue();
    assertThat(j.get("root_proven").isNull()).isTrue();
    for (JsonNode c : j.get("children")) {
      assertThat(c.get("proven").isNull()).isTrue();
    }
    // an agent that proves nothing has no proven column and no root line
    Cli u = ok("search", "tic_tac_toe", "--history", "0,3,1,4", "--agent", "uct(sims=200)");
    assertThat(u.out).doesNotContain("proven");
    JsonNode uj = json("search", "tic_tac_toe", "--history", "0,3,1,4", "--agent", "uct(sims=200)");
    assertThat(uj.get("proves_values").asBoolean()).isFalse();
    assertThat(uj.get("root_proven").isNull()).isTrue();
  }

  @Test
  void historyIsAnArrayOfIdsWithStringsAndPlayers() throws Exception {
    JsonNode j = json("search", "tic_tac_toe", "--history", "x(0,0) o(1,0) 1", "--agent", "uct(sims=30)");
    assertThat(j.get("history").isArray()).isTrue();
    List<Integer> ids = new ArrayList<>();
    j.get("history").forEach(n -> {
      assertThat(n.isInt()).isTrue();
      ids.add(n.asInt());
    });
    assertThat(ids).containsExactly(0, 3, 1);
    assertThat(j.get("history_strings").toString()).isEqualTo("[\"x(0,0)\",\"o(1,0)\",\"x(0,1)\"]");
    assertThat(j.get("history_players").toString()).isEqualTo("[0,1,0]");
    // chance outcomes are part of the history, by the chance player −1 (kuhn_poker: deal 1, deal 2, pass)
    JsonNode k = json("search", "kuhn_poker", "--history", "1,2,0", "--agent", "uct(sims=30)");
    assertThat(k.get("history").toString()).isEqualTo("[1,2,0]");
    assertThat(k.get("history_players").toString()).isEqualTo("[-1,-1,0]");
    assertThat(k.get("history_strings").get(2).asText()).isEqualTo("Pass");
    // the empty history is an empty array
    assertThat(json("search", "tic_tac_toe", "--agent", "uct(sims=10)").get("history").toString()).isEqualTo("[]");
  }

  /** The documented JSON fields and their types (docs/search.md, "JSON output"). */
  private static final Map<String, JsonNodeType> TOP = new LinkedHashMap<>();
  private static final Map<String, JsonNodeType> CHILD = new LinkedHashMap<>();

  static {
    TOP.put("game", JsonNodeType.STRING);
    TOP.put("game_parameters", JsonNodeType.OBJECT);
    TOP.put("agent", JsonNodeType.STRING);
    TOP.put("seed", JsonNodeType.NUMBER);
    TOP.put("history", JsonNodeType.ARRAY);
    TOP.put("history_strings", JsonNodeType.ARRAY);
    TOP.put("history_players", JsonNodeType.ARRAY);
    TOP.put("drawn_chance", JsonNodeType.NUMBER);
    TOP.put("player", JsonNodeType.NUMBER);
    TOP.put("information_state", null); // string or null
    TOP.put("action", JsonNodeType.NUMBER);
    TOP.put("action_string", JsonNodeType.STRING);
    TOP.put("policy_kind", JsonNodeType.STRING);
    TOP.put("final_rule", null); // string or null
    TOP.put("forced", JsonNodeType.BOOLEAN);
    TOP.put("no_visits", JsonNodeType.BOOLEAN);
    TOP.put("proves_values", JsonNodeType.BOOLEAN);
    TOP.put("root_proven", null); // object or null
    TOP.put("children", JsonNodeType.ARRAY);
    TOP.put("root_value", JsonNodeType.ARRAY);
    TOP.put("principal_variation", JsonNodeType.ARRAY);
    TOP.put("principal_variation_strings", JsonNodeType.ARRAY);
    TOP.put("principal_variation_visits", JsonNodeType.ARRAY);
    TOP.put("principal_variation_q", JsonNodeType.ARRAY);
    TOP.put("simulations", JsonNodeType.NUMBER);
    TOP.put("stopped", JsonNodeType.BOOLEAN);
    TOP.put("nodes", JsonNodeType.NUMBER);
    TOP.put("max_depth", JsonNodeType.NUMBER);
    TOP.put("elapsed_ms", JsonNodeType.NUMBER);
    TOP.put("bytes_per_node", JsonNodeType.NUMBER);
    CHILD.put("action", JsonNodeType.NUMBER);
    CHILD.put("action_string", JsonNodeType.STRING);
    CHILD.put("visits", JsonNodeType.NUMBER);
    CHILD.put("policy", JsonNodeType.NUMBER);
    CHILD.put("prior", JsonNodeType.NUMBER);
    CHILD.put("q", JsonNodeType.ARRAY);
    CHILD.put("proven", null); // object or null
  }

  private static List<String> names(JsonNode o) {
    List<String> out = new ArrayList<>();
    for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
      out.add(it.next());
    }
    return out;
  }

  private static void checkTypes(JsonNode j, int numPlayers) {
    assertThat(names(j)).containsExactlyElementsOf(TOP.keySet());
    TOP.forEach((k, t) -> {
      if (t != null) {
        assertThat(j.get(k).getNodeType()).as(k).isEqualTo(t);
      }
    });
    assertThat(j.get("information_state").isNull() || j.get("information_state").isTextual()).isTrue();
    assertThat(j.get("root_proven").isNull() || j.get("root_proven").isObject()).isTrue();
    for (String k : List.of("seed", "player", "action", "simulations", "nodes", "max_depth")) {
      assertThat(j.get(k).isIntegralNumber()).as(k).isTrue();
    }
    assertThat(j.get("policy_kind").asText()).isIn("visits", "improved");
    assertThat(j.get("history").size()).isEqualTo(j.get("history_strings").size()).isEqualTo(j.get("history_players").size());
    j.get("history").forEach(n -> assertThat(n.isInt()).isTrue());
    j.get("history_strings").forEach(n -> assertThat(n.isTextual()).isTrue());
    j.get("history_players").forEach(n -> assertThat(n.isInt()).isTrue());
    j.get("principal_variation").forEach(n -> assertThat(n.isInt()).isTrue());
    assertThat(j.get("principal_variation").size()).isEqualTo(j.get("principal_variation_strings").size())
        .isEqualTo(j.get("principal_variation_visits").size()).isEqualTo(j.get("principal_variation_q").size());
    j.get("principal_variation_visits").forEach(n -> assertThat(n.isInt() && n.asInt() >= 0).isTrue());
    j.get("principal_variation_q").forEach(n -> assertThat(n.isNull() || n.isNumber()).isTrue());
    assertThat(j.get("root_value").size()).isEqualTo(numPlayers);
    double policySum = 0;
    for (JsonNode c : j.get("children")) {
      assertThat(names(c)).containsExactlyElementsOf(CHILD.keySet());
      CHILD.forEach((k, t) -> {
        if (t != null) {
          assertThat(c.get(k).getNodeType()).as(k).isEqualTo(t);
        }
      });
      assertThat(c.get("action").isInt() && c.get("visits").isInt()).isTrue();
      assertThat(c.get("q").size()).isEqualTo(numPlayers);
      // q is null exactly when the child has no visits
      c.get("q").forEach(q -> assertThat(q.isNull()).isEqualTo(c.get("visits").asInt() == 0));
      assertThat(c.get("proven").isNull() || c.get("proven").isObject()).isTrue();
      policySum += c.get("policy").asDouble();
    }
    assertThat(policySum).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void jsonParsesWithTheDocumentedFieldsAndTypes() throws Exception {
    checkTypes(json("search", "tic_tac_toe", "--history", "0,4", "--agent", "uct(sims=100)"), 2);
    checkTypes(json("search", "kuhn_poker", "--history", "1,2", "--agent", "uct(sims=100)"), 2);
    checkTypes(json("search", "tic_tac_toe", "--history", "0,3,1,4", "--agent", "mcts_solver(sims=500)"), 2);
    // gumbel with m = 2 of 9 actions: the 7 actions not sampled keep 0 visits and q [null, null]
    JsonNode g = json("search", "tic_tac_toe", "--agent", "gumbel(max_considered=2,sims=20)");
    checkTypes(g, 2);
    int unvisited = 0;
    for (JsonNode c : g.get("children")) {
      if (c.get("visits").asInt() == 0) {
        unvisited++;
        assertThat(c.get("q").toString()).isEqualTo("[null,null]");
      }
    }
    assertThat(unvisited).isEqualTo(7);
    // every top-level and child field is named in docs/search.md's JSON section
    String doc = Files.readString(docs().resolve("search.md"));
    int start = doc.indexOf("## JSON output");
    assertThat(start).isNotNegative();
    int end = doc.indexOf("\n## ", start + 1);
    String section = doc.substring(start, end < 0 ? doc.length() : end);
    for (String k : TOP.keySet()) {
      assertThat(section).as(k).contains("`" + k + "`");
    }
    for (String k : CHILD.keySet()) {
      assertThat(section).as(k).contains("`" + k + "`");
    }
    for (String k : List.of("result", "value")) {
      assertThat(section).contains("`" + k + "`");
    }
  }

  /** The project's docs/ folder, found above the working directory (also used by other tests). */
  static Path docs() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("docs"))) {
      p = p.getParent();
    }
    assertThat(p).as("docs/ above the working directory").isNotNull();
    return p.resolve("docs");
  }

  @Test
  void theGameIsEchoedAsTypedForEveryGame() throws Exception {
    for (String[] g : new String[][] {
        {"goofspiel(num_cards=3)", "goofspiel(num_cards=3)"},
        {"turn_based_simultaneous_game(game=goofspiel(num_cards=3))", "turn_based_simultaneous_game(game=goofspiel(num_cards=3))"},
        {" turn_based_simultaneous_game( game = goofspiel( num_cards = 3 ) )", "turn_based_simultaneous_game(game=goofspiel(num_cards=3))"},
        {"hex( board_size = 5 )", "hex(board_size=5)"},
        {"tic_tac_toe()", "tic_tac_toe"}}) {
      String history = g[0].contains("goofspiel") ? "0" : "";
      Cli t = ok("search", g[0], "--history", history, "--agent", "uct(sims=10)");
      assertThat(t.out.lines().findFirst().orElseThrow()).as(g[0]).startsWith("game " + g[1] + ", player ");
      JsonNode j = json("search", g[0], "--history", history, "--agent", "uct(sims=10)");
      assertThat(j.get("game").asText()).isEqualTo(g[1]);
      assertThat(SearchCommand.gameEcho(g[0])).isEqualTo(g[1]);
    }
    // the loaded game's resolved parameters, with JSON types
    JsonNode j = json("search", "goofspiel(num_cards=3)", "--history", "0", "--agent", "uct(sims=10)");
    JsonNode p = j.get("game_parameters");
    assertThat(p.get("num_cards").isInt()).isTrue();
    assertThat(p.get("num_cards").asInt()).isEqualTo(3);
    assertThat(p.get("imp_info").isBoolean()).isTrue();
    assertThat(p.get("points_order").asText()).isEqualTo("random");
  }

  @Test
  void thePolicyColumnSaysWhatPiHatIs() throws Exception {
    // Gumbel: π̂ is the improved policy softmax(logits + σ(completed Q)); the move is the
    // sequential-halving survivor, one of the most-visited actions
    Cli g = ok("search", "tic_tac_toe", "--history", "0,4", "--agent", "compose(tree=uct,root=gumbel,final=gumbel)");
    assertThat(g.out.lines().filter(l -> l.startsWith("action ")).findFirst().orElseThrow()).contains(" pi_improved ");
    assertThat(g.out).contains("pi_improved: Gumbel improved policy pi' = softmax(logits + sigma(completed Q))")
        .contains("chosen by: sequential halving, argmax g + logits + sigma among the most-visited survivors");
    JsonNode gj = json("search", "tic_tac_toe", "--history", "0,4", "--agent", "compose(tree=uct,root=gumbel,final=gumbel)");
    assertThat(gj.get("policy_kind").asText()).isEqualTo("improved");
    // the JSON names the rule the text's chosen-by line gives (it was null beside that line)
    assertThat(gj.get("final_rule").asText()).isEqualTo("sequential halving, argmax g + logits + sigma among the"
        + " most-visited survivors of the halving (Gumbel noise g); pi' need not favour it");
    int maxVisits = 0;
    for (JsonNode c : gj.get("children")) {
      maxVisits = Math.max(maxVisits, c.get("visits").asInt());
    }
    for (JsonNode c : gj.get("children")) {
      if (c.get("action").asInt() == gj.get("action").asInt()) {
        assertThat(c.get("visits").asInt()).isEqualTo(maxVisits);
      }
    }
    assertThat(json("search", "tic_tac_toe", "--agent", "gumbel(sims=50)").get("policy_kind").asText()).isEqualTo("improved");
    // robust child: π̂ is the visit distribution n(a)/Σn
    Cli u = ok("search", "tic_tac_toe", "--history", "0,4", "--agent", "uct(sims=100)");
    assertThat(u.out.lines().filter(l -> l.startsWith("action ")).findFirst().orElseThrow()).contains(" pi_visits ");
    assertThat(u.out).contains("pi_visits: visit distribution n(a)/sum n");
    JsonNode uj = json("search", "tic_tac_toe", "--history", "0,4", "--agent", "uct(sims=100)");
    assertThat(uj.get("policy_kind").asText()).isEqualTo("visits");
    for (JsonNode c : uj.get("children")) {
      assertThat(c.get("policy").asDouble()).isEqualTo(c.get("visits").asInt() / 100.0);
    }
  }

  /**
   * The help says whose information state an imperfect-information search starts from and what
   * draws its worlds, naming a section docs/search.md has; and what the history fixes that the
   * mover cannot see (player 0's card, for player 1 after a pass) leaves the result as it is.
   */
  @Test
  void theHelpSaysAnImperfectInformationSearchStartsFromTheMoversInformationState() throws Exception {
    String help = ok("search", "--help").out.replaceAll("\\s+", " ");
    assertThat(help).contains("starts from the information state of the player to move")
        .contains("each simulation draws a world consistent with it").contains("from --seed")
        .contains("with imperfect information it draws the worlds too");
    assertThat(Files.readString(docs().resolve("search.md"))).contains("- **Worlds (IS-MCTS).**");
    JsonNode jack = json("search", "kuhn_poker", "--history", "0,1,0", "--agent", "uct(sims=300)");
    JsonNode king = json("search", "kuhn_poker", "--history", "2,1,0", "--agent", "uct(sims=300)");
    for (JsonNode j : new JsonNode[] {jack, king}) {
      ((com.fasterxml.jackson.databind.node.ObjectNode) j).remove(List.of("history", "history_strings", "elapsed_ms"));
    }
    assertThat(jack.get("information_state").asText()).isEqualTo("1p");
    assertThat(jack).isEqualTo(king);
  }

  /**
   * A final selector whose move need not be the most visited names its rule under the table: MENTS'
   * soft values (not the table's Q), Smooth UCT's sample, MCTS-Solver's secure child, bifv's
   * visits + 0.1·Q; the robust child and a forced move have no such line.
   */
  @Test
  void aSearchSaysHowTheFinalSelectorChoseWhenItNeedNotBeTheMostVisited() throws Exception {
    assertThat(ok("search", "tic_tac_toe", "--agent", "ments(sims=300)").out)
        .contains("chosen by: argmax soft value Q_sft over the visited actions");
    assertThat(ok("search", "tic_tac_toe", "--agent", "smooth_uct(sims=300)").out)
        .contains("chosen by: sampled from pi_visits (the average strategy)");
    assertThat(ok("search", "tic_tac_toe", "--agent", "mcts_solver(sims=300)").out)
        .contains("chosen by: a proven win, else the secure child argmax Q - 1/sqrt(visits)");
    assertThat(ok("search", "tic_tac_toe", "--agent", "mcts_solver(sims=300,secure_a=0)").out)
        .contains("chosen by: a proven win, else the most visited among the moves not proven lost");
    assertThat(ok("search", "tic_tac_toe", "--agent", "bifv(sims=300)").out).contains("chosen by: argmax visits + 0.1*Q");
    assertThat(ok("search", "tic_tac_toe", "--agent", "compose(tree=uct,final=secure,sims=300)").out)
        .contains("chosen by: secure child: argmax Q - 1/sqrt(visits)");
    assertThat(ok("search", "tic_tac_toe", "--agent", "uct(sims=300)").out).doesNotContain("chosen by:");
    assertThat(ok("search", "tic_tac_toe", "--history", "4,0,8,2,1,7,3,5", "--agent", "ments").out)
        .doesNotContain("chosen by:");
  }

  /** --json carries the same rule as final_rule, null where the text has no chosen-by line. */
  @Test
  void jsonNamesTheFinalRuleAsTheTableDoes() throws Exception {
    assertThat(json("search", "tic_tac_toe", "--agent", "ments(sims=300)").get("final_rule").asText())
        .startsWith("argmax soft value Q_sft over the visited actions (");
    assertThat(json("search", "tic_tac_toe", "--agent", "bifv(sims=300)").get("final_rule").asText())
        .isEqualTo("argmax visits + 0.1*Q, Q normalized into [0,1] (0 when unvisited)");
    assertThat(json("search", "tic_tac_toe", "--agent", "uct(sims=300)").get("final_rule").isNull()).isTrue();
    assertThat(json("search", "tic_tac_toe", "--history", "4,0,8,2,1,7,3,5", "--agent", "ments").get("final_rule")
        .isNull()).isTrue();
  }

  @Test
  void aForcedMoveSaysItsPolicyOfOneHasNoVisits() throws Exception {
    // one legal action: no search, 0 visits, π̂ 1 — the legend must not claim n(a)/Σn
    Cli f = ok("search", "tic_tac_toe", "--history", "4,0,8,2,1,7,3,5", "--agent", "uct");
    assertThat(f.out).contains("pi_visits: 1 for the only legal action, which has no visits")
        .doesNotContain("pi_visits: visit distribution");
    JsonNode fj = json("search", "tic_tac_toe", "--history", "4,0,8,2,1,7,3,5", "--agent", "uct");
    checkTypes(fj, 2);
    assertThat(fj.get("forced").asBoolean()).isTrue();
    assertThat(fj.get("children").get(0).get("visits").asInt()).isZero();
    assertThat(fj.get("children").get(0).get("policy").asDouble()).isEqualTo(1.0);
    assertThat(json("search", "tic_tac_toe", "--history", "0,4", "--agent", "uct(sims=100)").get("forced").asBoolean()).isFalse();
  }
}
