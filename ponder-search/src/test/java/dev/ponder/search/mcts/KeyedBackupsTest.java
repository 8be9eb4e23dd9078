package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.search.mcts.zoo.GumbelSearch;
import dev.ponder.search.mcts.zoo.SoftSearch;
import dev.ponder.search.mcts.zoo.ZooBackups;
import dev.ponder.spec.SpecException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The zoo's non-mean backups in keyed mode (IS-MCTS, transpositions), where an edge has no children
 * of its own and the node reached is the keyed child; the solvers' refusals; Gumbel's sequential
 * halving under a running budget estimate.
 */
class KeyedBackupsTest {
  private final Game ttt = GameRegistry.load("tic_tac_toe");
  /** Two-player zero-sum with chance and hidden information, utilities in [-2, 2]. */
  private final Game kuhn = GameRegistry.load("kuhn_poker");

  /**
   * A keyed tree: root (player 0, key 1) with edges e, e+1; edge e leads to the keyed node c
   * (player 1, key 2) with edges g, g+1. Player 1's means at g and g+1 are −0.5 and 1.0 (raw).
   */
  private static int[] keyedTree(Tree t) {
    int root = t.newRoot(0, 1L);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int e = t.firstChild(root);
    int c = t.findOrCreate(2L, 1);
    t.expand(c, 1, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int g = t.firstChild(c);
    assertThat(t.numChildren(e)).isZero(); // keyed mode: the edge has no children of its own
    t.addVisits(c, 2);
    t.addVisits(g, 1);
    t.addValue(g, 1, -0.5);
    t.addValue(g, 0, 0.5);
    t.addVisits(g + 1, 1);
    t.addValue(g + 1, 1, 1.0);
    t.addValue(g + 1, 0, -1.0);
    return new int[] {root, e, c, g};
  }

  @Test
  void powerMeanReadsTheKeyedChild() {
    SearchContext ctx = SearchContext.detached(ttt, 1);
    Tree t = new Tree(2, 1, false, true, 16); // aux 0: the in-flight count (none here)
    int[] id = keyedTree(t);
    // p = 2 over player 1's normalized means 0.25 and 1.0 with equal visits:
    // V = sqrt((0.25² + 1²)/2) = 0.728869 → raw 2·0.728869 − 1 = 0.457738 for player 1, the complement for player 0
    double[] v = {1.0, -1.0};
    ZooBackups.powerMean(2, 0).update(t, id[0], id[1], id[2], v, 0, ctx);
    assertThat(v[1]).isCloseTo(0.457738, offset(1e-6));
    assertThat(v[0]).isCloseTo(-0.457738, offset(1e-6));
    assertThat(t.visits(id[1])).isEqualTo(1);
    assertThat(t.valueSum(id[1], 1)).isCloseTo(0.457738, offset(1e-6));
    // an edge into a terminal state (child −1) keeps the mean backup
    double[] w = {1.0, -1.0};
    ZooBackups.powerMean(2, 0).update(t, id[0], id[1] + 1, -1, w, 0, ctx);
    assertThat(w).containsExactly(1.0, -1.0);
    assertThat(t.valueSum(id[1] + 1, 0)).isEqualTo(1.0);
  }

  @Test
  void maxBackupReadsTheKeyedChild() {
    // transpositions in a deterministic perfect-information game: the node reached is always c, so
    // the edge takes c's best child's whole vector, W = n·V (best for player 1: g+1 with (−1, 1))
    SearchContext ctx = SearchContext.detached(ttt, 1);
    Tree t = new Tree(2, 1, false, true, 16);
    int[] id = keyedTree(t);
    int e = id[1];
    t.addVisits(e, 3);
    t.addValue(e, 0, 1.5);
    t.addValue(e, 1, -1.5);
    double[] v = {1.0, -1.0};
    ZooBackups.max(1, 0).update(t, id[0], e, id[2], v, 0, ctx);
    assertThat(t.visits(e)).isEqualTo(4);
    assertThat(t.valueSum(e, 0)).isEqualTo(-4.0);
    assertThat(t.valueSum(e, 1)).isEqualTo(4.0);
    assertThat(v).containsExactly(1.0, -1.0); // the rollout's vector goes on up, as in tree mode

    // a game with chance and hidden information: the node reached depends on the sampled world, so
    // the edge keeps the mean of the max values of the nodes reached: W = 1.5 + (−1), −1.5 + 1
    SearchContext kctx = SearchContext.detached(kuhn, 1);
    Tree k = new Tree(2, 1, false, true, 16);
    int[] kid = keyedTree(k);
    k.addVisits(kid[1], 3);
    k.addValue(kid[1], 0, 1.5);
    k.addValue(kid[1], 1, -1.5);
    double[] x = {2.0, -2.0};
    ZooBackups.max(1, 0).update(k, kid[0], kid[1], kid[2], x, 0, kctx);
    assertThat(k.visits(kid[1])).isEqualTo(4);
    assertThat(k.valueSum(kid[1], 0)).isCloseTo(0.5, offset(1e-12));
    assertThat(k.valueSum(kid[1], 1)).isCloseTo(-0.5, offset(1e-12));
    // min_visits = 2: no child qualifies, the rollout's vector is added (mean backup)
    ZooBackups.max(2, 0).update(k, kid[0], kid[1], kid[2], x, 0, kctx);
    assertThat(k.visits(kid[1])).isEqualTo(5);
    assertThat(k.valueSum(kid[1], 0)).isCloseTo(2.5, offset(1e-12));
  }

  @Test
  void softBackupReadsTheKeyedChild() {
    Tree t = new Tree(2, SoftSearch.WIDTH, false, true, 16);
    int[] id = keyedTree(t);
    int g = id[3];
    t.setAux(g, 0, 0.3);
    t.setAux(g + 1, 0, 0.7);
    t.setAux(g, 1, 1); // one completed visit each
    t.setAux(g + 1, 1, 1);
    // V_sft(c) = 0.1·ln(e^3 + e^7) = 0.7 + 0.1·ln(1 + e^-4) = 0.701815 for player 1; player 0 chooses
    // the edge, two-player zero-sum: Q_sft(e) = 1 − 0.701815 = 0.298185
    SearchContext ctx = SearchContext.detached(ttt, 1);
    ZooBackups.Hook soft = SoftSearch.softBackup(0.1, 0.5, 0);
    t.addVisits(id[1], 2); // the mean update before the hook: n = 2
    t.setAux(id[1], 0, 0.5);
    t.setAux(id[1], 1, 1); // one completed visit before this one
    soft.edge(t, id[0], id[1], id[2], new double[] {1.0, -1.0}, 0, ctx);
    assertThat(t.aux(id[1], 0)).isCloseTo(0.298185, offset(1e-6));
    // with chance and hidden information: running mean of the targets over the edge's visits,
    // 0.5 + (0.298185 − 0.5)/2 = 0.399093
    SearchContext kctx = SearchContext.detached(kuhn, 1);
    t.setAux(id[1], 0, 0.5);
    t.setAux(id[1], 1, 1);
    soft.edge(t, id[0], id[1], id[2], new double[] {1.0, -1.0}, 0, kctx);
    assertThat(t.aux(id[1], 0)).isCloseTo(0.399093, offset(1e-6));
    // a terminal edge (child −1) there: the target is the simulation's normalized return,
    // (1 − (−2))/4 = 0.75 → 0.5 + (0.75 − 0.5)/2 = 0.625
    t.setAux(id[1], 0, 0.5);
    t.setAux(id[1], 1, 1);
    soft.edge(t, id[0], id[1], -1, new double[] {1.0, -1.0}, 0, kctx);
    assertThat(t.aux(id[1], 0)).isCloseTo(0.625, offset(1e-12));
  }

  private static int[] visits(String spec, Game g, State s, long seed) {
    MctsAgent a = (MctsAgent) AgentRegistry.create(spec, g, seed);
    SearchResult r = a.search(s);
    a.close();
    return r.visits();
  }

  @Test
  void keyedSearchesDifferFromTheMeanBackup() {
    // the same UCB1 (c = √2) with the mean backup, against max and power-mean backups: these once
    // gave byte-identical searches in keyed mode (the backups fell back to the mean)
    Game leduc = GameRegistry.load("leduc_poker");
    State l = leduc.newInitialState();
    l.applyAction(0);
    l.applyAction(1);
    String c = "c=" + Math.sqrt(2.0);
    Object[][] cases = {{leduc, l, ""}, {ttt, ttt.newInitialState(), ",keying=transpositions"}};
    for (Object[] k : cases) {
      Game g = (Game) k[0];
      State s = (State) k[1];
      String keys = "sims=600" + k[2];
      int[] mean = visits("uct(" + c + "," + keys + ")", g, s, 3);
      assertThat(visits("power_mean(p=8," + keys + ")", g, s, 3)).as(g.spec()).isNotEqualTo(mean);
      assertThat(visits("max_backup(min_visits=5," + keys + ")", g, s, 3)).as(g.spec()).isNotEqualTo(mean);
      // MENTS: the root children's soft values are not their normalized means (the leaf rule)
      MctsAgent m = (MctsAgent) AgentRegistry.create("ments(" + keys + ")", g, 3);
      m.search(s);
      Tree t = m.engine().tree();
      int root = t.root();
      double maxGap = 0;
      SearchContext ctx = SearchContext.detached(g, 1);
      for (int e = t.firstChild(root); e < t.firstChild(root) + t.numChildren(root); e++) {
        if (t.visits(e) > 0) {
          maxGap = Math.max(maxGap, Math.abs(t.aux(e, 0) - ctx.normalize(t.valueSum(e, t.player(root)) / t.visits(e))));
        }
      }
      assertThat(maxGap).as(g.spec()).isGreaterThan(1e-3);
      m.close();
    }
  }

  @Test
  void keyedMaxBackupOnTranspositionsAgreesWithTreeMode() {
    // on tic_tac_toe every state reached by two orders is one node in keyed mode, but a deterministic
    // game's max backup must give the same kind of values: root children's Q within [−1, 1] and
    // zero-sum, and the only winning move found
    State s = ttt.newInitialState();
    for (int a : new int[] {0, 3, 1, 4}) {
      s.applyAction(a);
    }
    for (String spec : new String[] {"max_backup(sims=400,keying=transpositions)", "power_mean(sims=400,keying=transpositions)",
        "ments(sims=400,keying=transpositions)"}) {
      MctsAgent a = (MctsAgent) AgentRegistry.create(spec, ttt, 1);
      SearchResult r = a.search(s);
      assertThat(r.action()).as(spec).isEqualTo(2);
      for (double[] q : r.q()) {
        if (!Double.isNaN(q[0])) {
          assertThat(q[0] + q[1]).as(spec).isCloseTo(0.0, offset(1e-9));
        }
      }
      a.close();
    }
  }

  @Test
  void solversRefuseTranspositionsAndNameTheGame() {
    for (String spec : new String[] {"mcts_solver(keying=transpositions)", "score_bounded(keying=transpositions)",
        "compose(tree=solver,final=solver,keying=transpositions)", "compose(tree=score_bounded,final=score_bounded,keying=transpositions)"}) {
      assertThatThrownBy(() -> AgentRegistry.create(spec, ttt, 1)).as(spec).isInstanceOf(SpecException.class)
          .hasMessageContaining("keying=transpositions is not supported");
    }
    assertThat(AgentRegistry.create("mcts_solver(keying=tree,sims=10)", ttt, 1)).isNotNull();
    // imperfect information keeps the documented behaviour: accepted, plays as UCT
    State dealt = kuhn.newInitialState();
    dealt.applyAction(0);
    dealt.applyAction(1);
    assertThat(AgentRegistry.create("mcts_solver(sims=10)", kuhn, 1).selectAction(dealt)).isBetween(0, 1);
    Game kuhn3 = GameRegistry.load("kuhn_poker(players=3)");
    assertThatThrownBy(() -> AgentRegistry.create("mcts_solver", kuhn3, 1)).isInstanceOf(SpecException.class)
        .hasMessage("mcts_solver needs a two-player zero- or constant-sum game; kuhn_poker(players=3) has 3 players");
    Game one = new TreeGame(1, 2, 2, new double[][] {{0.2}, {0.6}, {0.5}, {0.1}}, null, 0.0, 1.0);
    assertThatThrownBy(() -> AgentRegistry.create("compose(tree=score_bounded,final=score_bounded)", one, 1))
        .isInstanceOf(SpecException.class)
        .hasMessage("compose: tree=score_bounded needs a two-player zero- or constant-sum game; tree_game has 1 player");
  }

  @Test
  void mctsSolverHelpDescribesTheLowerBound() {
    String help = AgentRegistry.factory("mcts_solver").parameters().stream().filter(p -> p.name().equals("secure_a"))
        .findFirst().orElseThrow().description();
    assertThat(help).contains("Q̃ − A/√n").doesNotContain("Q + A");
  }

  @Test
  void gumbelHalvesUnderARunningBudgetEstimate() {
    // 8 considered actions; the budget is re-estimated every simulation as under time_ms: 1 at the
    // start (as the engine's first estimate), then an estimate that wanders around 1,000
    Tree t = new Tree(2, 0, false, false, 64);
    int root = t.newRoot(0, 0);
    int k = 8;
    int[] acts = new int[k];
    float[] pri = new float[k];
    for (int i = 0; i < k; i++) {
      acts[i] = i;
      pri[i] = 1f / k;
    }
    t.expand(root, 0, acts, pri, k);
    int first = t.firstChild(root);
    GumbelSearch gs = new GumbelSearch(16, 1.0, 50, 0.1);
    RootActionSelector sel = gs.root();
    SearchContext ctx = SearchContext.detached(ttt, 7);
    sel.prepare(t, root, ctx);
    int sims = 1000;
    int[] lastVisit = new int[k];
    Arrays.fill(lastVisit, -1);
    for (int s = 0; s < sims; s++) {
      ctx.simulation = s;
      ctx.budget = s < 8 ? s + 1 : Math.max(s + 1, 1000 + (s * 37) % 200 - 100);
      int e = sel.select(t, root, ctx);
      int i = e - first;
      lastVisit[i] = s;
      t.addVisits(root, 1);
      t.addVisits(e, 1);
      t.addValue(e, 0, -1.0 + 2.0 * i / (k - 1)); // action i is worth its index
      t.addValue(e, 1, 1.0 - 2.0 * i / (k - 1));
    }
    int[] v = new int[k];
    for (int i = 0; i < k; i++) {
      v[i] = t.visits(first + i);
    }
    Arrays.sort(v);
    // ⌈log2 8⌉ = 3 phases of about S/3 simulations each: 8 actions, then 4, then 2
    assertThat(v[k - 1]).as(Arrays.toString(v)).isGreaterThan(3 * v[0]);
    assertThat(v[k - 1] + v[k - 2]).as(Arrays.toString(v)).isGreaterThan(sims / 2);
    int lateActions = 0;
    for (int i = 0; i < k; i++) {
      lateActions += lastVisit[i] >= sims - 250 ? 1 : 0;
    }
    assertThat(lateActions).as("actions still visited in the last quarter").isEqualTo(2);
  }

  @Test
  void gumbelWithASimulationBudgetKeepsTheMctxSchedule() {
    // m = 4, S = 20: ⌈log2 4⌉ = 2; 4 actions × max(1, 20/8) = 2, then 2 actions × 20/4 = 5 (to 7),
    // then 2 × 5 again, cut at the budget after 2 more: visits {8, 8, 2, 2} (hand count)
    Tree t = new Tree(2, 0, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1, 2, 3}, new float[] {.25f, .25f, .25f, .25f}, 4);
    int first = t.firstChild(root);
    RootActionSelector sel = new GumbelSearch(4, 1.0, 50, 0.1).root();
    SearchContext ctx = SearchContext.detached(ttt, 3);
    sel.prepare(t, root, ctx);
    for (int s = 0; s < 20; s++) {
      ctx.simulation = s;
      ctx.budget = 20;
      int e = sel.select(t, root, ctx);
      t.addVisits(e, 1);
      t.addValue(e, 0, (e - first) / 4.0);
      t.addValue(e, 1, -(e - first) / 4.0);
    }
    int[] v = new int[4];
    for (int i = 0; i < 4; i++) {
      v[i] = t.visits(first + i);
    }
    Arrays.sort(v);
    assertThat(v).containsExactly(2, 2, 8, 8);
  }

  @Test
  void gumbelNeverPlaysAnActionSequentialHalvingEliminated() {
    // tree reuse: child 0 arrives with 100 visits from an earlier search and is the worst action
    // (value −1 for the mover); halving eliminates it first, and the final move must be a survivor
    // even though child 0 still has the most visits
    Tree t = new Tree(2, 0, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1, 2, 3}, new float[] {.25f, .25f, .25f, .25f}, 4);
    int first = t.firstChild(root);
    t.addVisits(root, 100);
    t.addVisits(first, 100);
    t.addValue(first, 0, -100.0);
    t.addValue(first, 1, 100.0);
    GumbelSearch gs = new GumbelSearch(4, 0.0, 50, 0.1); // no Gumbel noise: the order is the values'
    RootActionSelector sel = gs.root();
    SearchContext ctx = SearchContext.detached(ttt, 3);
    sel.prepare(t, root, ctx);
    for (int s = 0; s < 40; s++) {
      ctx.simulation = s;
      ctx.budget = 40;
      int e = sel.select(t, root, ctx);
      int i = e - first;
      t.addVisits(root, 1);
      t.addVisits(e, 1);
      t.addValue(e, 0, i == 0 ? -1.0 : i / 3.0); // actions 1..3 worth 1/3, 2/3, 1
      t.addValue(e, 1, i == 0 ? 1.0 : -i / 3.0);
    }
    assertThat(t.visits(first)).isGreaterThan(t.visits(first + 3));
    int chosen = gs.finalSelector().select(t, root, new double[4], ctx);
    assertThat(chosen - first).isEqualTo(3);
  }
}
