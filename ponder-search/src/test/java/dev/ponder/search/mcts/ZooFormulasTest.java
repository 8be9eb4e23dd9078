package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.search.mcts.zoo.BanditPolicies;
import dev.ponder.search.mcts.zoo.Finals;
import dev.ponder.search.mcts.zoo.GumbelSearch;
import dev.ponder.search.mcts.zoo.PuctFamily;
import dev.ponder.search.mcts.zoo.SelfAdaptive;
import dev.ponder.search.mcts.zoo.SoftSearch;
import dev.ponder.search.mcts.zoo.Solvers;
import dev.ponder.search.mcts.zoo.ZooBackups;
import dev.ponder.spec.Params;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The zoo's live formulas on hand-built nodes and tiny games, against values computed by hand in
 * the comments or by an exact expectimax written here: run2's depth discount, run1's terminal
 * short-circuit, MENTS and max backup through chance nodes, Gumbel's v̂ and σ, Thompson's prior,
 * and the FPU, schedule, sampling and final rules whose constants a test must pin down.
 */
class ZooFormulasTest {
  private final Game ttt = GameRegistry.load("tic_tac_toe");

  /**
   * Two players, zero-sum, utilities in [−1, 1]. At the root player 0 chooses: action 0 wins at
   * once, action 1 enters a forced line of {@code len} single-action plies after which player 0
   * wins, action 2 loses at once.
   */
  static final class Race extends AbstractGame {
    final int len;

    Race(int len) {
      super(new GameType("race", "Race", GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
          GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2, List.of()), Params.defaults("race", List.of()));
      this.len = len;
    }

    @Override
    public int numPlayers() {
      return 2;
    }

    @Override
    public int numDistinctActions() {
      return 3;
    }

    @Override
    public int maxChanceOutcomes() {
      return 0;
    }

    @Override
    public double minUtility() {
      return -1;
    }

    @Override
    public double maxUtility() {
      return 1;
    }

    @Override
    public int maxGameLength() {
      return len + 1;
    }

    @Override
    public State newInitialState() {
      return new S(this);
    }

    static final class S extends State {
      final Race g;
      int first = -1;
      int plies;

      S(Race g) {
        this.g = g;
      }

      @Override
      public Game game() {
        return g;
      }

      private boolean over() {
        return first == 0 || first == 2 || (first == 1 && plies == g.len + 1);
      }

      @Override
      public int currentPlayer() {
        return over() ? TERMINAL : plies % 2;
      }

      @Override
      public int legalActions(int[] out) {
        if (over()) {
          return 0;
        }
        if (plies == 0) {
          out[0] = 0;
          out[1] = 1;
          out[2] = 2;
          return 3;
        }
        out[0] = 0;
        return 1;
      }

      @Override
      public int chanceOutcomes(int[] actions, double[] probabilities) {
        throw new IllegalStateException("no chance");
      }

      @Override
      protected void doApplyAction(int action) {
        if (plies == 0) {
          first = action;
        }
        plies++;
      }

      @Override
      public State copy() {
        S s = new S(g);
        s.copyFrom(this);
        return s;
      }

      @Override
      public void copyFrom(State other) {
        S o = (S) other;
        first = o.first;
        plies = o.plies;
        copyHistoryFrom(o);
      }

      @Override
      public double playerReturn(int player) {
        if (!over()) {
          return 0;
        }
        double u0 = first == 2 ? -1 : 1;
        return player == 0 ? u0 : -u0;
      }

      @Override
      public String actionToString(int player, int action) {
        return Integer.toString(action);
      }

      @Override
      public String toString() {
        return "first=" + first + " plies=" + plies;
      }
    }
  }

  private static MctsAgent agent(String spec, Game g, long seed) {
    return (MctsAgent) AgentRegistry.create(spec, g, seed);
  }

  // ------------------------------------------------------------------ 1. run2's depth discount

  @Test
  void run2DiscountsByTheLeafDepthOnAHandBuiltPath() {
    // root -> c -> g, the value produced at depth D = 3: every edge of the path adds R/(1 + 0.001·3)
    Tree t = new Tree(2, 0, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int c = t.firstChild(root);
    t.expand(c, 1, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int g = t.firstChild(c);
    SearchContext ctx = SearchContext.detached(ttt, 1);
    ctx.leafDepth = 3;
    ValueBackup b = ZooBackups.discounted(0.001);
    double[] v = {1.0, -1.0};
    b.update(t, c, g, g, v, 1, ctx);
    b.update(t, root, c, c, v, 0, ctx);
    // 1/1.003 = 0.997008973
    assertThat(t.valueSum(g, 0)).isCloseTo(0.997008973, offset(1e-9));
    assertThat(t.valueSum(c, 0)).isCloseTo(0.997008973, offset(1e-9));
    assertThat(t.valueSum(c, 1)).isCloseTo(-0.997008973, offset(1e-9));
    assertThat(v).containsExactly(1.0, -1.0); // passed up undiscounted: each edge discounts once
    // another rate: 1/(1 + 0.05·3) = 0.869565217
    ValueBackup b5 = ZooBackups.discounted(0.05);
    b5.update(t, root, c + 1, c + 1, v, 0, ctx);
    assertThat(t.valueSum(c + 1, 0)).isCloseTo(0.869565217, offset(1e-9));
  }

  private static Mechanism composed(String spec) {
    return ((MctsAgentFactory) AgentRegistry.factory("compose")).mechanism(AgentRegistry.resolve(spec));
  }

  @Test
  void composedStatisticsHooksSeeTheDiscountedValue() {
    // root (player 0) -> c (player 1) -> g, the value (1, −1) produced at depth 3: each edge adds
    // f = 1/1.003 = 0.997008973 times it; normalized on tic_tac_toe's [−1, 1] the chooser's value
    // at c is (f + 1)/2 = 0.998504487 (square 0.997011210), at g (player 1's) (1 − f)/2 = 0.001495513
    SearchContext ctx = SearchContext.detached(ttt, 1);
    ctx.leafDepth = 3;
    for (String tree : new String[] {"ucb_tuned", "thompson"}) {
      Mechanism m = composed("compose(tree=" + tree + ",backup=discount)");
      Tree t = new Tree(2, m.auxWidth(), false, false, 16);
      int root = t.newRoot(0, 0);
      t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
      int c = t.firstChild(root);
      t.expand(c, 1, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
      int g = t.firstChild(c);
      double[] v = {1.0, -1.0};
      m.backup().update(t, c, g, g, v, 1, ctx);
      m.backup().update(t, root, c, c, v, 0, ctx);
      assertThat(v).containsExactly(1.0, -1.0); // passed up undiscounted
      assertThat(t.valueSum(c, 0)).isCloseTo(0.997008973, offset(1e-9));
      if (tree.equals("ucb_tuned")) {
        // one visit: the sum of squares is the square of the edge's normalized mean (1.0 and 0.0
        // from the undiscounted return)
        assertThat(t.aux(c, 0)).isCloseTo(0.997011210, offset(1e-9));
        assertThat(t.aux(g, 0)).isCloseTo(2.23656051e-6, offset(1e-14)); // 0.0014955135²
      } else {
        // μ = (λ0·μ0 + x)/(λ0 + 1) = 0.998504487/1.01 = 0.988618304 (0.990099010 from the
        // undiscounted return); β = β0 + λ0·x²/(2(λ0 + 1)) = 0.25 + 0.01·0.997011210/2.02 = 0.254935699
        assertThat(t.aux(c, 0)).isCloseTo(0.988618304, offset(1e-9));
        assertThat(0.25 + t.aux(c, 3)).isCloseTo(0.254935699, offset(1e-9));
      }
    }
  }

  @Test
  void thompsonSearchesDifferentlyWithTheDiscountBackup() {
    // the posterior is all Thompson reads: fed the undiscounted return, backup=discount changed
    // only W and the search was backup=mean's, visit for visit
    Game c4 = GameRegistry.load("connect_four");
    MctsAgent mean = agent("compose(tree=thompson,sims=400)", c4, 7);
    MctsAgent disc = agent("compose(tree=thompson,backup=discount,discount=0.5,sims=400)", c4, 7);
    int[] a = mean.search(c4.newInitialState()).visits();
    int[] b = disc.search(c4.newInitialState()).visits();
    assertThat(b).isNotEqualTo(a);
    mean.close();
    disc.close();
  }

  @Test
  void ucbTunedChoosesAChildWhoseVarianceEstimateIsNegative() {
    // tic_tac_toe bounds [−1, 1], N = 200. A: n 100, W 100 (normalized mean 1), S2 10 (squares of
    // other values); V_A = 0.1 − 1 + sqrt(2 ln200/100) = −0.574475, floored at 0: score 1.
    // B: n 100, W 0 (mean 0.5), S2 50: V_B = 0.575525, capped 0.25: 0.5 + sqrt(ln200/100·0.25)
    // = 0.615090. A, where a NaN score (sqrt of a negative) would have left A never chosen
    SearchContext ctx = SearchContext.detached(ttt, 1);
    Tree t = new Tree(2, 1, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int a = t.firstChild(root);
    t.addVisits(root, 200);
    t.addVisits(a, 100);
    t.addValue(a, 0, 100.0);
    t.setAux(a, 0, 10.0);
    t.addVisits(a + 1, 100);
    t.setAux(a + 1, 0, 50.0);
    assertThat(BanditPolicies.ucbTuned(0.25, 0).select(t, root, ctx)).isEqualTo(a);
  }

  @Test
  void run2PrefersTheShorterWinOnEverySeed() {
    Race g = new Race(30);
    for (long seed = 0; seed < 20; seed++) {
      MctsAgent a = agent("run2(sims=300)", g, seed);
      SearchResult r = a.search(g.newInitialState());
      int now = r.indexOf(0);
      int later = r.indexOf(1);
      assertThat(r.action()).as("seed %d visits %s", seed, java.util.Arrays.toString(r.visits())).isEqualTo(0);
      // the immediate win is always produced at depth 1: Q = 1/1.001
      assertThat(r.q()[now][0]).isCloseTo(1 / 1.001, offset(1e-12));
      // the i-th simulation through the forced line expands its i-th node and is evaluated there
      // (depth i), until the terminal at depth 31: Q = (Σ_{i ≤ min(n, 31)} 1/(1 + 0.001·i)
      // + max(0, n − 31)/1.031)/n
      int n = r.visits()[later];
      assertThat(n).as("seed %d", seed).isGreaterThan(1);
      double sum = 0;
      for (int i = 1; i <= n; i++) {
        sum += 1.0 / (1.0 + 0.001 * Math.min(i, 31));
      }
      assertThat(r.q()[later][0]).as("seed %d", seed).isCloseTo(sum / n, offset(1e-12));
      assertThat(r.q()[later][0]).isLessThan(r.q()[now][0]);
      a.close();
    }
  }

  // ------------------------------------------------------------------ 2. run1's terminal short-circuit

  @Test
  void run1TakesTheImmediateWinFirstOnEverySeed() {
    Race g = new Race(1);
    for (String spec : new String[] {"run1(sims=1)", "run1(sims=1,noise=false)",
        "compose(tree=puct,schedule=run1,fpu=run1,root=run1_noise,sims=1)", "puct(fpu=run1,sims=1)"}) {
      for (long seed = 0; seed < 100; seed++) {
        MctsAgent a = agent(spec, g, seed);
        SearchResult r = a.search(g.newInitialState());
        // N = 0 at the first selection: every score is its Q̃; the win's exact 1 beats the FPU
        // Q0 − 0.3·sqrt(1 − 1/3) = 0.255 of the non-terminal move and the loss's exact 0
        assertThat(r.visits()[r.indexOf(0)]).as("%s seed %d", spec, seed).isEqualTo(1);
        a.close();
      }
    }
    // the terminal children carry their exact utility before any visit
    MctsAgent a = agent("run1(sims=1,noise=false)", g, 0);
    a.search(g.newInitialState());
    Tree t = a.engine().tree();
    int f = t.firstChild(t.root());
    assertThat(t.isTerminal(f)).isTrue();
    assertThat(t.isTerminal(f + 1)).isFalse();
    assertThat(t.isTerminal(f + 2)).isTrue();
    assertThat(t.visits(f + 2)).isZero();
    assertThat(t.aux(f + 2, 0)).isEqualTo(-1.0);
    a.close();
  }

  /**
   * run1's terminal children are found by applying each action to the expanding state and taking
   * it back when the game has undo: no state copy per child (the copies are those of any
   * policy, bifv's here), and the search is the same as with a copy per child (a game without
   * undo): same visits and values for one thread and a seed.
   */
  @Test
  void run1FindsTerminalChildrenWithUndoAndWithoutCopies() {
    int b = 5;
    int depth = 4;
    double[][] leaves = new double[(int) Math.pow(b, depth)][];
    for (int i = 0; i < leaves.length; i++) {
      double v = ((i * 37) % 11 - 5) / 5.0; // in [−1, 1]
      leaves[i] = new double[] {v, -v};
    }
    TreeGame withUndo = new TreeGame(2, b, depth, leaves, null, -1, 1).withUndo();
    TreeGame copying = new TreeGame(2, b, depth, leaves, null, -1, 1);
    for (long seed = 0; seed < 5; seed++) {
      MctsAgent u = agent("puct(fpu=run1,sims=400)", withUndo, seed);
      MctsAgent c = agent("puct(fpu=run1,sims=400)", copying, seed);
      MctsAgent bifv = agent("puct(fpu=bifv,sims=400)", withUndo, seed);
      withUndo.copies = 0;
      SearchResult ru = u.search(withUndo.newInitialState());
      long run1Copies = withUndo.copies;
      withUndo.copies = 0;
      bifv.search(withUndo.newInitialState());
      long bifvCopies = withUndo.copies;
      copying.copies = 0;
      SearchResult rc = c.search(copying.newInitialState());
      assertThat(ru.visits()).as("seed %d", seed).containsExactly(rc.visits());
      for (int i = 0; i < ru.actions().length; i++) {
        assertThat(ru.q()[i]).as("seed %d", seed).containsExactly(rc.q()[i]);
      }
      assertThat(ru.totalVisits()).isEqualTo(rc.totalVisits());
      assertThat(run1Copies).as("seed %d: copies with undo", seed).isEqualTo(bifvCopies);
      assertThat(copying.copies).as("seed %d: without undo, a copy per child", seed).isGreaterThan(run1Copies + b);
      u.close();
      c.close();
      bifv.close();
    }
  }

  /**
   * Another worker learns of a node's children when the node is published as expanded; run1's
   * terminal children must carry their flags and values by then. One thread, observed from the
   * game: at every question to a state two plies deep (the terminal tests of expansion, rollouts,
   * descents), if its parent node is already published as expanded, the state's entry is flagged
   * terminal with its exact value; before the fix the flags and values were written after the
   * node was published, so the expansion's own terminal tests saw the node expanded and the
   * children not yet flagged. With and without undo.
   */
  @Test
  void run1FindsTerminalChildrenBeforeTheNodeIsPublished() {
    int b = 3;
    double[][] leaves = new double[b * b][];
    for (int i = 0; i < leaves.length; i++) {
      double v = i % 2 == 0 ? 1 : -1;
      leaves[i] = new double[] {v, -v};
    }
    for (boolean undo : new boolean[] {false, true}) {
      TreeGame g = new TreeGame(2, b, 2, leaves, null, -1, 1);
      if (undo) {
        g.withUndo();
      }
      MctsAgent a = agent("puct(fpu=run1,sims=30)", g, 0);
      int[] checks = new int[2]; // {seen published, of which not flagged with the value}
      List<String> wrong = new java.util.ArrayList<>();
      g.onCurrentPlayer = s -> {
        if (s.len == 2) {
          Tree t = a.engine().tree();
          int x = t.firstChild(t.root()) + s.path[0];
          if (t.isExpanded(x)) {
            checks[0]++;
            int c = t.firstChild(x) + s.path[1];
            // the chooser at depth 1 is player 1: its return is −v of leaf b·x + j
            if (!t.isTerminal(c) || t.aux(c, 0) != -leaves[b * s.path[0] + s.path[1]][0]) {
              checks[1]++;
              wrong.add(s.path[0] + "," + s.path[1]);
            }
          }
        }
      };
      a.search(g.newInitialState());
      g.onCurrentPlayer = null;
      assertThat(checks[0]).as("undo %s: states seen below a published node", undo).isPositive();
      assertThat(wrong).as("undo %s: terminal children seen unflagged or without their value", undo).isEmpty();
      Tree t = a.engine().tree();
      int expanded = -1;
      for (int i = 0; i < b; i++) {
        if (t.isExpanded(t.firstChild(t.root()) + i)) {
          expanded = t.firstChild(t.root()) + i;
        }
      }
      assertThat(expanded).as("the simulation expanded a child of the root").isNotNegative();
      int x = t.action(expanded);
      for (int j = 0; j < b; j++) {
        int c = t.firstChild(expanded) + j;
        assertThat(t.isTerminal(c)).isTrue();
        // the chooser at depth 1 is player 1: its return is −v of leaf b·x + j
        assertThat(t.aux(c, 0)).as("undo %s child %d", undo, j).isEqualTo(-leaves[b * x + j][0]);
      }
      a.close();
    }
  }

  // ------------------------------------------------------------------ 3. chance nodes in tree mode

  /** One player; root: 2 actions; then a 50/50 chance node; then 2 actions; leaves on [0, 1]. */
  private static TreeGame chanceTree() {
    double[][] leaves = {{0.2}, {0.6}, {0.5}, {0.1}, {0.45}, {0.45}, {0.45}, {0.45}};
    return new TreeGame(1, 2, 3, leaves, new double[] {0.5, 0.5}, 0.0, 1.0);
  }

  /** Exact expectimax of the soft (τ > 0) or hard (τ = 0) value of root action a of {@link #chanceTree}. */
  private static double exactRootValue(int a, double tau) {
    double[][] leaves = {{0.2, 0.6}, {0.5, 0.1}, {0.45, 0.45}, {0.45, 0.45}};
    double v = 0;
    for (int o = 0; o < 2; o++) {
      double[] l = leaves[2 * a + o];
      double best = tau > 0 ? tau * Math.log(Math.exp(l[0] / tau) + Math.exp(l[1] / tau)) : Math.max(l[0], l[1]);
      v += 0.5 * best;
    }
    return v;
  }

  @Test
  void mentsAndMaxBackupReadThroughChanceNodesInBothKeyings() {
    TreeGame g = chanceTree();
    // MENTS, τ = 0.1: a0 = 0.5·0.1·ln(e^2 + e^6) + 0.5·0.1·ln(e^5 + e^1) = 0.551815,
    // a1 = 0.1·ln(2e^4.5) = 0.519315
    assertThat(exactRootValue(0, 0.1)).isCloseTo(0.551815, offset(1e-6));
    assertThat(exactRootValue(1, 0.1)).isCloseTo(0.519315, offset(1e-6));
    // max: a0 = 0.5·0.6 + 0.5·0.5 = 0.55, a1 = 0.45
    assertThat(exactRootValue(0, 0)).isCloseTo(0.55, offset(1e-12));
    for (String keying : new String[] {"tree", "transpositions"}) {
      // tree mode: once every leaf is visited, the values are the exact ones (probability-weighted
      // over the outcomes); keyed: the mean over sampled outcomes, within sampling error
      double tol = keying.equals("tree") ? 1e-6 : 0.01;
      MctsAgent m = agent("ments(sims=20000,tau=0.1,epsilon=0.1,keying=" + keying + ")", g, 3);
      m.search(g.newInitialState());
      Tree t = m.engine().tree();
      int f = t.firstChild(t.root());
      assertThat(t.aux(f, 0)).as("ments %s", keying).isCloseTo(exactRootValue(0, 0.1), offset(tol));
      assertThat(t.aux(f + 1, 0)).as("ments %s", keying).isCloseTo(exactRootValue(1, 0.1), offset(tol));
      m.close();
      MctsAgent x = agent("max_backup(sims=20000,keying=" + keying + ")", g, 3);
      SearchResult r = x.search(g.newInitialState());
      assertThat(r.q()[r.indexOf(0)][0]).as("max %s", keying).isCloseTo(0.55, offset(tol));
      assertThat(r.q()[r.indexOf(1)][0]).as("max %s", keying).isCloseTo(0.45, offset(tol));
      x.close();
    }
  }

  // ------------------------------------------------------------------ 6. Gumbel's v̂ and σ

  /**
   * One player on [0, 1]: a node first evaluated at v̂ = 0.2 whose children are A (prior 1/2, 3
   * visits, Q 0.8), B (prior 1/4, 1 visit, Q 0) and C (prior 1/4, unvisited); N = 5, W = 0.2 +
   * 2.4 + 0 = 2.6, so the node's running mean is 0.52.
   */
  private static int[] gumbelNode(Tree t) {
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0}, new float[] {1f}, 1);
    return gumbelStatistics(t, t.firstChild(root)); // a node below the root: its v̂ is its first value
  }

  /** The statistics of {@link #gumbelNode} on {@code node} and its three new children. */
  private static int[] gumbelStatistics(Tree t, int node) {
    t.expand(node, 0, new int[] {0, 1, 2}, new float[] {0.5f, 0.25f, 0.25f}, 3);
    int c = t.firstChild(node);
    t.addVisits(node, 5);
    t.addValue(node, 0, 2.6);
    t.addVisits(c, 3);
    t.addValue(c, 0, 2.4);
    t.addVisits(c + 1, 1);
    return new int[] {node, c};
  }

  @Test
  void gumbelMixesTheFirstEvaluationBelowTheRootAndTheRunningMeanAtTheRoot() {
    TreeGame g = new TreeGame(1, 3, 2, new double[9][1], null, 0.0, 1.0);
    SearchContext ctx = SearchContext.detached(g, 1);
    Tree t = new Tree(1, 1, false, false, 16);
    int[] ids = gumbelNode(t);
    GumbelSearch gs = new GumbelSearch(16, 1.0, 50, 0.1, 0);
    // the hook keeps the first value that reaches a node (1 + v̂ at the slot), not later ones
    gs.firstValue().edge(t, ids[0], ids[0], ids[0], new double[] {0.2}, 0, ctx);
    gs.firstValue().edge(t, ids[0], ids[0], ids[0], new double[] {0.9}, 0, ctx);
    assertThat(t.aux(ids[0], 0)).isCloseTo(1.2, offset(1e-12));
    // mctx: v_mix = (v̂ + ΣN·Σπq/Σπ)/(1 + ΣN) = (0.2 + 4·(0.5·0.8 + 0.25·0)/0.75)/5 = 0.466667
    // (the running mean 0.52 in place of v̂ would give 0.530667); completed Q = (0.8, 0, 0.466667),
    // min-max rescaled (1, 0, 0.583333); σ = (50 + max N = 3)·0.1·q̂ = (5.3, 0, 3.091667);
    // π' = softmax(ln(0.5, 0.25, 0.25) + σ) = (100.17, 0.25, 5.5029)/105.92
    //    = (0.945682, 0.002360, 0.051958)
    double[] pi = new double[3];
    gs.finalSelector().select(t, ids[0], pi, ctx);
    assertThat(pi[0]).isCloseTo(0.945682, offset(1e-6));
    assertThat(pi[1]).isCloseTo(0.002360, offset(1e-6));
    assertThat(pi[2]).isCloseTo(0.051958, offset(1e-6));

    // the root, also one reused from the previous search that keeps the first value it received
    // as a child (aux 1.2 here), mixes its running mean 0.52: v_mix = 0.530667, q̂ = (1, 0,
    // 0.663333), σ = (5.3, 0, 3.515667), π' = (0.920429, 0.002297, 0.077274)
    Tree r = new Tree(1, 1, false, false, 16);
    int root = r.newRoot(0, 0);
    gumbelStatistics(r, root);
    r.setAux(root, 0, 1.2);
    gs.finalSelector().select(r, root, pi, ctx);
    assertThat(pi[0]).isCloseTo(0.920429, offset(1e-6));
    assertThat(pi[1]).isCloseTo(0.002297, offset(1e-6));
    assertThat(pi[2]).isCloseTo(0.077274, offset(1e-6));
  }

  @Test
  void gumbelInteriorRuleSubtractsTheVisitShare() {
    // the node of gumbelNode with c_scale 0.02: σ = 53·0.02·q̂ = (1.06, 0, 0.618333);
    // π' ∝ (0.5e^1.06, 0.25, 0.25e^0.618333) = (1.443280, 0.25, 0.463976) → (0.669026, 0.115894, 0.215080);
    // score π' − n/(1 + ΣN) = (0.669026 − 3/5, 0.115894 − 1/5, 0.215080) = (0.069, −0.084, 0.215):
    // C, although A has the largest π'
    TreeGame g = new TreeGame(1, 3, 2, new double[9][1], null, 0.0, 1.0);
    SearchContext ctx = SearchContext.detached(g, 1);
    Tree t = new Tree(1, 1, false, false, 16);
    int[] ids = gumbelNode(t);
    t.setAux(ids[0], 0, 1.2);
    GumbelSearch gs = new GumbelSearch(16, 1.0, 50, 0.02, 0);
    assertThat(gs.interior().select(t, ids[0], ctx)).isEqualTo(ids[1] + 2);
    double[] pi = new double[3];
    gs.finalSelector().select(t, ids[0], pi, ctx);
    assertThat(pi[0]).isCloseTo(0.669026, offset(1e-6));
    assertThat(pi[2]).isCloseTo(0.215080, offset(1e-6));
  }

  /** A root (player 0) with {@code k} unvisited children of uniform prior. */
  private static Tree uniformRoot(int k) {
    Tree t = new Tree(2, 0, false, false, 16);
    int root = t.newRoot(0, 0);
    int[] actions = new int[k];
    float[] priors = new float[k];
    for (int i = 0; i < k; i++) {
      actions[i] = i;
      priors[i] = 1f / k;
    }
    t.expand(root, 0, actions, priors, k);
    return t;
  }

  /** Gives every child of the root {@code n} visits of normalized value 1/2 (utility 0). */
  private static void visitEvenly(Tree t, int n) {
    int first = t.firstChild(t.root());
    for (int i = 0; i < t.numChildren(t.root()); i++) {
      t.addVisits(first + i, n);
    }
    t.addVisits(t.root(), n * t.numChildren(t.root()));
  }

  /**
   * Gumbel's four tie-breaks on four actions of uniform prior without noise (gumbel_scale 0), where
   * every score ties: the child chosen by the interior rule (all unvisited), by the root after top-2
   * (both considered unvisited), by the root after the first halving (4 → 2 survivors, then the
   * least-visited of them) and by the final selector (all four equally visited).
   */
  private int[] gumbelTieChoices(long seed) {
    SearchContext ctx = SearchContext.detached(ttt, seed);
    ctx.budget = 8; // m = 4: ⌈log2 4⌉ = 2 phases, max(1, ⌊8/(2·4)⌋) = 1 visit each in the first
    int[] out = new int[4];
    Tree t = uniformRoot(4);
    int first = t.firstChild(t.root());
    out[0] = new GumbelSearch(16, 0.0, 50, 0.1).interior().select(t, t.root(), ctx) - first;
    RootActionSelector top2 = new GumbelSearch(2, 0.0, 50, 0.1).root();
    top2.prepare(t, t.root(), ctx);
    out[1] = top2.select(t, t.root(), ctx) - first;
    Tree h = uniformRoot(4);
    RootActionSelector halving = new GumbelSearch(4, 0.0, 50, 0.1).root();
    halving.prepare(h, h.root(), ctx);
    visitEvenly(h, 1); // the first phase is done: the next selection halves 4 equal scores to 2
    out[2] = halving.select(h, h.root(), ctx) - h.firstChild(h.root());
    Tree f = uniformRoot(4);
    GumbelSearch fs = new GumbelSearch(4, 0.0, 50, 0.1);
    fs.root().prepare(f, f.root(), ctx);
    visitEvenly(f, 2);
    out[3] = fs.finalSelector().select(f, f.root(), new double[4], ctx) - f.firstChild(f.root());
    return out;
  }

  @Test
  void gumbelBreaksTiesAtRandomAndRepeatsWithTheSeed() {
    // ALGORITHMS §0: ties at random. First-index ties would give 0 every time in all four places
    // (top-2 would consider actions 0 and 1 only, the halving would keep 0 and 1)
    List<Set<Integer>> seen = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      seen.add(new TreeSet<>());
    }
    for (long seed = 1; seed <= 60; seed++) {
      int[] c = gumbelTieChoices(seed);
      assertThat(gumbelTieChoices(seed)).as("seed %d repeats", seed).containsExactly(c);
      for (int i = 0; i < 4; i++) {
        seen.get(i).add(c[i]);
      }
    }
    for (int i = 0; i < 4; i++) {
      assertThat(seen.get(i)).as("tie-break %d", i).containsExactly(0, 1, 2, 3);
    }
  }

  @Test
  void gumbelWithoutNoiseConsidersEveryActionOfAUniformPriorAcrossSeeds() {
    // hex 5×5, uniform prior, gumbel_scale 0: g + log π ties for all 25 actions, so which 16 are
    // considered is drawn per search (with first-index ties, actions 16–24 never got a visit)
    Game hex = GameRegistry.load("hex(board_size=5)");
    Set<Integer> visited = new TreeSet<>();
    for (long seed = 1; seed <= 8; seed++) {
      MctsAgent a = agent("gumbel(gumbel_scale=0,sims=800)", hex, seed);
      SearchResult r = a.search(hex.newInitialState());
      int considered = 0;
      for (int i = 0; i < r.actions().length; i++) {
        if (r.visits()[i] > 0) {
          visited.add(r.actions()[i]);
          considered++;
        }
      }
      assertThat(considered).as("seed %d", seed).isEqualTo(16);
      a.close();
      MctsAgent again = agent("gumbel(gumbel_scale=0,sims=800)", hex, seed);
      assertThat(again.search(hex.newInitialState()).visits()).as("seed %d repeats", seed).containsExactly(r.visits());
      again.close();
    }
    assertThat(visited).hasSize(25);
  }

  // ------------------------------------------------------------------ 7. Thompson

  @Test
  void thompsonUpdateAndSelectionOnNormalizedReturns() {
    TreeGame g = new TreeGame(1, 2, 2, new double[4][1], null, 0.0, 1.0);
    SearchContext ctx = SearchContext.detached(g, 5);
    Tree t = new Tree(1, BanditPolicies.THOMPSON_WIDTH, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int a = t.firstChild(root);
    var update = BanditPolicies.thompsonUpdate(0, 0.01, 1, 0.25, 0);
    // prior (μ0 0, λ0 0.01, α0 1, β0 0.25); x = 0.5: β = 0.25 + 0.01·0.5²/(2·1.01) = 0.251238,
    // μ = (0.01·0 + 0.5)/1.01 = 0.495050, λ = 1.01, α = 1.5; x = 1: β += 1.01·(1 − 0.495050)²/(2·2.01)
    // = 0.064061 → 0.315299, μ = (1.01·0.495050 + 1)/2.01 = 0.746269, λ = 2.01, α = 2
    update.edge(t, root, a, a, new double[] {0.5}, 0, ctx);
    update.edge(t, root, a, a, new double[] {1.0}, 0, ctx);
    assertThat(t.aux(a, 0)).isCloseTo(0.746269, offset(1e-6));
    assertThat(0.01 + t.aux(a, 1)).isCloseTo(2.01, offset(1e-12));
    assertThat(1 + t.aux(a, 2)).isCloseTo(2.0, offset(1e-12));
    assertThat(0.25 + t.aux(a, 3)).isCloseTo(0.315299, offset(1e-6));

    // 20 returns per child, alternating 0.7/0.9 (mean 0.8) and 0.1/0.3 (mean 0.2), with the default
    // prior: α ≈ 11, λ ≈ 20, β ≈ 0.25 + ½·20·0.01 = 0.35, so the posterior sd of each mean is about
    // sqrt(β/(αλ)) = 0.04 and a draw of B beats a draw of A with probability Φ(−0.6/0.057) ≈ 0
    // (with β0 = 100 on this scale the sd would be sqrt(100/(11·20)) = 0.67 and A would win only
    // about Φ(0.6/0.95) = 74% of the draws)
    Tree u = new Tree(1, BanditPolicies.THOMPSON_WIDTH, false, false, 16);
    int r = u.newRoot(0, 0);
    u.expand(r, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int c = u.firstChild(r);
    var defaults = agentThompsonHook();
    for (int i = 0; i < 20; i++) {
      defaults.edge(u, r, c, c, new double[] {i % 2 == 0 ? 0.7 : 0.9}, 0, ctx);
      defaults.edge(u, r, c + 1, c + 1, new double[] {i % 2 == 0 ? 0.1 : 0.3}, 0, ctx);
    }
    TreePolicy policy = BanditPolicies.thompson(dev.ponder.search.mcts.ops.NormalGamma.MU0,
        dev.ponder.search.mcts.ops.NormalGamma.LAMBDA0, dev.ponder.search.mcts.ops.NormalGamma.ALPHA0,
        dev.ponder.search.mcts.ops.NormalGamma.BETA0, 0);
    int picksA = 0;
    for (int i = 0; i < 1000; i++) {
      picksA += policy.select(u, r, ctx) == c ? 1 : 0;
    }
    assertThat(picksA).isGreaterThanOrEqualTo(995);
  }

  private static ZooBackups.Hook agentThompsonHook() {
    return BanditPolicies.thompsonUpdate(dev.ponder.search.mcts.ops.NormalGamma.MU0,
        dev.ponder.search.mcts.ops.NormalGamma.LAMBDA0, dev.ponder.search.mcts.ops.NormalGamma.ALPHA0,
        dev.ponder.search.mcts.ops.NormalGamma.BETA0, 0);
  }

  @Test
  void thompsonAgentDefaultIsTheNormalizedPrior() {
    // the agent's default β0 is the one documented for normalized returns
    var spec = AgentRegistry.factory("thompson").parameters().stream().filter(p -> p.name().equals("beta0")).findFirst().orElseThrow();
    assertThat(Double.parseDouble(String.valueOf(spec.defaultValue()))).isEqualTo(0.25);
  }

  // ------------------------------------------------------------------ 4. live formulas, hand-built nodes

  /**
   * Root (player 0, tic-tac-toe bounds [−1, 1]) with children A, B (visited) and C (unvisited).
   *
   * @param qa normalized mean of A; {@code qb} of B
   */
  private static int[] threeChildren(Tree t, float[] priors, int na, double qa, int nb, double qb) {
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1, 2}, priors, 3);
    int c = t.firstChild(root);
    t.addVisits(root, na + nb);
    t.addVisits(c, na);
    t.addValue(c, 0, na * (2 * qa - 1));
    t.addVisits(c + 1, nb);
    t.addValue(c + 1, 0, nb * (2 * qb - 1));
    return new int[] {root, c};
  }

  @Test
  void run2AndRun4FirstPlayUrgencyOnHandBuiltNodes() {
    SearchContext ctx = SearchContext.detached(ttt, 1);
    ctx.simulation = 50;
    ctx.budget = 100;
    // run2 (no prior blend): N = 8, A (π .4, n 6, Q 0), B (π .4, n 2, Q .4), C (π .2, unvisited);
    // c = 1.25 + 1.75·8/(8 + 100) = 1.379630, c·√8 = 3.902204;
    // A: 0 + 3.902204·.4/7 = .222983; B: .4 + 3.902204·.4/3 = .920294;
    // C: FPU = mean(0, .4) − .15·(1 − .2)/(1 + 2) = .16, + 3.902204·.2 = .940441 → C
    // (with 0.3 for 0.15 the FPU would be .12 and B would win)
    Tree t = new Tree(2, 0, false, false, 16);
    int[] ids = threeChildren(t, new float[] {0.4f, 0.4f, 0.2f}, 6, 0.0, 2, 0.4);
    var run2 = new PuctFamily(PuctFamily.Schedule.RUN2, 0, 1, PuctFamily.FpuRule.RUN2, 0, false);
    assertThat(run2.select(t, ids[0], ctx)).isEqualTo(ids[1] + 2);
    // no visited sibling (N = 0, so the score is the FPU alone): Q0 takes the place of the
    // siblings' mean and the penalty stays, Q0 − 0.15·(1 − π)/(1 + 0): π .4 → .5 − .09 = .41,
    // π .6 → .5 − .06 = .44, so the .6 child on every call (Q0 alone would tie them: random)
    Tree z = new Tree(2, 0, false, false, 16);
    int zr = z.newRoot(0, 0);
    z.expand(zr, 0, new int[] {0, 1}, new float[] {0.4f, 0.6f}, 2);
    for (int i = 0; i < 50; i++) {
      assertThat(run2.select(z, zr, ctx)).isEqualTo(z.firstChild(zr) + 1);
    }
    // run4 at t/S = 1/2 (ρ = 1.4 − 0.8·0.5 = 1): N = 4, A (π .5, n 3, Q 0), B (π .25, n 1, Q .1), C (π .25);
    // c = 1.25 + 0.5·ln(54/50) = 1.288480, c·√4 = 2.576961;
    // A: 2.576961·.5/4 = .322120; B: .1 + 2.576961·.25/2 = .422120;
    // C: FPU = (.5·0 + .25·.1)/.75 − .25·√.75 = .033333 − .216506 = −.183173, + 2.576961·.25 = .461067 → C
    // (with 0.5 for 0.25 the FPU would be −.399679 and B would win)
    Tree u = new Tree(2, 0, false, false, 16);
    int[] uid = threeChildren(u, new float[] {0.5f, 0.25f, 0.25f}, 3, 0.0, 1, 0.1);
    var run4 = new PuctFamily(PuctFamily.Schedule.RUN4, 0, 1, PuctFamily.FpuRule.RUN4, 0, false);
    assertThat(run4.select(u, uid[0], ctx)).isEqualTo(uid[1] + 2);
    // run4's root factor ρ(t) = 1.4 − 0.8·t/S: at t = 0 the root's c is 1.288480·1.4 = 1.803873,
    // at t/S = 1/2 and below the root 1.288480
    assertThat(run4.exploration(4, 3, false, ctx)).isCloseTo(1.288480, offset(1e-6));
    assertThat(run4.exploration(4, 3, true, ctx)).isCloseTo(1.288480, offset(1e-6));
    ctx.simulation = 0;
    assertThat(run4.exploration(4, 3, true, ctx)).isCloseTo(1.803873, offset(1e-6));
  }

  @Test
  void enginePuctFirstPlayUrgencyOnHandBuiltNodes() {
    SearchContext ctx = SearchContext.detached(ttt, 1);
    // fpu=loss: N = 1, A (π .5, n 1, Q .6), B unvisited (π .5), C (π 0); c(1) = 1.25 + ln(19654/19652) = 1.250102;
    // A: .6 + 1.250102·.5/2 = .912526; B: 0 + 1.250102·.5 = .625051 → A (Q0 = .5 for B would give 1.125)
    Tree t = new Tree(2, 0, false, false, 16);
    int[] ids = threeChildren(t, new float[] {0.5f, 0.5f, 0.0f}, 1, 0.6, 0, 0.0);
    assertThat(new Puct(1.25, 19652, Puct.Fpu.LOSS, 0).select(t, ids[0], ctx)).isEqualTo(ids[1]);
    // fpu=reduction, c_init 0.1: N = 1 (the node's own mean .6), A (π .25, n 1, Q .5), B unvisited (π .75);
    // c(1) = 0.1 + ln(19654/19652) = 0.100102; A: .5 + .100102·.25/2 = .512513;
    // B: FPU = .6 − 0.4·sqrt(.25) = .4, + .100102·.75 = .475076 → A
    // (without the square root the FPU would be .5 and B would win with .575076)
    Tree u = new Tree(2, 0, false, false, 16);
    int root = u.newRoot(0, 0);
    u.expand(root, 0, new int[] {0, 1}, new float[] {0.25f, 0.75f}, 2);
    int c = u.firstChild(root);
    u.addVisits(root, 1);
    u.addValue(root, 0, 0.2); // normalized .6
    u.addVisits(c, 1);
    u.addValue(c, 0, 0.0); // normalized .5
    assertThat(new Puct(0.1, 19652, Puct.Fpu.REDUCTION, 0.4).select(u, root, ctx)).isEqualTo(c);
    // c(N) = c_init + ln((N + c_base + 1)/c_base): c_base 1, N = 1 gives ln 3 = 1.098612 (without
    // the + 1, ln 2); c_init 1.25, c_base 19652, N = 19651 gives 1.25 + ln 2 = 1.943147
    assertThat(new Puct(0, 1, Puct.Fpu.LOSS, 0).exploration(1)).isCloseTo(1.098612, offset(1e-6));
    assertThat(new Puct(1.25, 19652, Puct.Fpu.LOSS, 0).exploration(19651)).isCloseTo(1.943147, offset(1e-6));
  }

  @Test
  void seedPolicyExplorationTermOnAHandBuiltNode() {
    // every child visited; c = 0.5, N = 10: A (π .5, n 1, Q .2), B (π .5, n 9, Q .8), C (π 0, n 0 is
    // taken first, so none here); A: .2 + .5·.5·√10/2 = .595285; B: .8 + .5·.5·√10/10 = .879057 → B
    // (with /n for /(1 + n): A .990569, B .887841 → A)
    SearchContext ctx = SearchContext.detached(ttt, 1);
    Tree t = new Tree(2, 0, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int c = t.firstChild(root);
    t.addVisits(root, 10);
    t.addVisits(c, 1);
    t.addValue(c, 0, -0.6);
    t.addVisits(c + 1, 9);
    t.addValue(c + 1, 0, 9 * 0.6);
    assertThat(new SeedPolicy(0.5).select(t, root, ctx)).isEqualTo(c + 1);
  }

  @Test
  void boltzmannAndE2wSampleTheirPolicies() {
    TreeGame g = new TreeGame(1, 4, 2, new double[16][1], null, 0.0, 1.0);
    SearchContext ctx = SearchContext.detached(g, 11);
    // Boltzmann τ = 0.1, ε = 0.2, Q = (.5, .9) (the worse child first): P(B) = 0.8·e^−4/(1 + e^−4) + 0.1
    // = 0.114389, P(A) = 0.885611 (Q·τ for Q/τ in the weights would give the first child
    // 0.8·e^−0.04/(1 + e^−4) + 0.1 = 0.854806)
    Tree t = new Tree(1, 1, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int c = t.firstChild(root);
    t.addVisits(root, 2);
    t.addVisits(c, 1);
    t.addValue(c, 0, 0.5);
    t.addVisits(c + 1, 1);
    t.addValue(c + 1, 0, 0.9);
    TreePolicy boltzmann = BanditPolicies.boltzmann(0.1, 0.2, 0.5);
    int n = 20000;
    int a = 0;
    for (int i = 0; i < n; i++) {
      a += boltzmann.select(t, root, ctx) == c + 1 ? 1 : 0;
    }
    // sd of the frequency sqrt(.8856·.1144/20000) = 0.00225
    assertThat(a / (double) n).isCloseTo(0.885611, offset(0.01));

    // E2W τ = 0.1, ε = 1, four visited children with Q_sft (.9, .1, .1, .1), N = 100:
    // λ = min(1, 1·4/ln 101) = 0.866716; V_sft = 0.1·ln(e^9 + 3e^1) = 0.900101;
    // π(A) = (1 − λ)·e^((.9 − V)/τ) + λ/4 = 0.133284·0.998995 + 0.216679 = 0.349829
    // (λ without |A|, 1/ln 101 = 0.216679, would give 0.836703)
    Tree u = new Tree(1, SoftSearch.WIDTH, false, false, 16);
    int r = u.newRoot(0, 0);
    u.expand(r, 0, new int[] {0, 1, 2, 3}, new float[] {0.25f, 0.25f, 0.25f, 0.25f}, 4);
    int f = u.firstChild(r);
    u.addVisits(r, 100);
    for (int i = 0; i < 4; i++) {
      u.addVisits(f + i, 1);
      u.setAux(f + i, 0, i == 0 ? 0.9 : 0.1);
      u.setAux(f + i, 1, 1); // the completed visit MENTS' backup counts
    }
    TreePolicy e2w = SoftSearch.e2w(0.1, 1.0, 0.5, 0);
    int b = 0;
    for (int i = 0; i < n; i++) {
      b += e2w.select(u, r, ctx) == f ? 1 : 0;
    }
    // sd sqrt(.35·.65/20000) = 0.0034
    assertThat(b / (double) n).isCloseTo(0.349829, offset(0.015));
  }

  /**
   * Max backup in a 3-player game: two children with the same mean for their mover but different
   * vectors tie at random (ALGORITHMS §0), so either vector is backed up for some seeds.
   */
  @Test
  void maxBackupTiesAtRandomWhereTheVectorsDiffer() {
    dev.ponder.game.Game kuhn3 = dev.ponder.game.GameRegistry.load("kuhn_poker(players=3)");
    java.util.Set<Double> taken = new java.util.HashSet<>();
    for (long seed = 1; seed <= 32; seed++) {
      Tree t = new Tree(3, 1, false, false, 16);
      int root = t.newRoot(0, 0);
      t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
      int c = t.firstChild(root);
      t.expand(c, 1, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
      int g = t.firstChild(c);
      t.addVisits(g, 1);
      t.addValues(g, new double[] {-1, 1, 0}); // player 1: 1 at both children
      t.addVisits(g + 1, 1);
      t.addValues(g + 1, new double[] {0, 1, -1});
      ZooBackups.max(1, 0).update(t, root, c, c, new double[] {0, 0, 0}, 1, SearchContext.detached(kuhn3, seed));
      taken.add(t.valueSum(c, 0) / t.visits(c));
    }
    assertThat(taken).containsExactlyInAnyOrder(-1.0, 0.0);
  }

  /** Two children proven to win tie: each is chosen for some seeds (ALGORITHMS §0), the other never. */
  @Test
  void provenWinsTieAtRandom() {
    Tree t = new Tree(2, Solvers.BOUNDS_WIDTH, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1, 2}, new float[] {1f / 3, 1f / 3, 1f / 3}, 3);
    int f = t.firstChild(root);
    for (int e : new int[] {f, f + 2}) {
      t.setFlags(e, Tree.PROVEN);
      t.setAux(e, 0, 1.0); // MCTS-Solver: player 0's proven value, a win in tic_tac_toe's [-1, 1]
    }
    t.addVisits(f + 1, 50); // the most visited is not proven
    java.util.Set<Integer> solver = new java.util.HashSet<>();
    for (long seed = 1; seed <= 64; seed++) {
      solver.add(Solvers.solverFinal(1.0, 0).select(t, root, new double[3], SearchContext.detached(ttt, seed)));
    }
    assertThat(solver).containsExactlyInAnyOrder(f, f + 2);

    // Score-Bounded: pessimistic bound = minU + aux[0], optimistic = maxU − aux[1]; f and f+2 win
    Tree b = new Tree(2, Solvers.BOUNDS_WIDTH, false, false, 16);
    int r = b.newRoot(0, 0);
    b.expand(r, 0, new int[] {0, 1, 2}, new float[] {1f / 3, 1f / 3, 1f / 3}, 3);
    int g = b.firstChild(r);
    b.setAux(g, 0, 2.0);
    b.setAux(g + 2, 0, 2.0);
    b.addVisits(g + 1, 50);
    java.util.Set<Integer> bounds = new java.util.HashSet<>();
    for (long seed = 1; seed <= 64; seed++) {
      bounds.add(Solvers.boundsFinal(0).select(b, r, new double[3], SearchContext.detached(ttt, seed)));
    }
    assertThat(bounds).containsExactlyInAnyOrder(g, g + 2);
  }

  @Test
  void secureChildIsALowerBound() {
    // (n, Q̃) = (100, .60) and (4, .90): Q̃ − 1/√n = .5 and .4 → the first (Q̃ + 1/√n would pick the second)
    SearchContext ctx = SearchContext.detached(ttt, 1);
    Tree t = new Tree(2, 0, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int c = t.firstChild(root);
    t.addVisits(c, 100);
    t.addValue(c, 0, 100 * 0.2); // normalized .6
    t.addVisits(c + 1, 4);
    t.addValue(c + 1, 0, 4 * 0.8); // normalized .9
    assertThat(Finals.secure(1.0).select(t, root, new double[2], ctx)).isEqualTo(c);
  }

  /** The tuner's stream flows from the agent's seed as well as tuner_salt: seats and seed indices tune apart. */
  @Test
  void saMctsTunersFollowTheAgentsSeed() {
    java.util.Set<String> firstPoints = new java.util.HashSet<>();
    for (long agentSeed = 1; agentSeed <= 16; agentSeed++) {
      String[] twice = new String[2];
      for (int rep = 0; rep < 2; rep++) {
        var sa = new SelfAdaptive(2, 2.0, 50, 1);
        SearchContext ctx = SearchContext.detached(ttt, agentSeed);
        Tree t = new Tree(2, 0, false, false, 16);
        int root = t.newRoot(0, 0);
        t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
        sa.root().select(t, root, ctx); // creates the tuners: θ_0 is drawn from their generator
        twice[rep] = java.util.Arrays.toString(sa.tuner(0).current()) + java.util.Arrays.toString(sa.tuner(1).current());
      }
      assertThat(twice[1]).as("same agent seed, same tuner stream").isEqualTo(twice[0]);
      firstPoints.add(twice[0]);
    }
    // 66 possible first points per tuner (11 C values × 6 FPU values): 16 seeds sharing tuner_salt=1
    // all drawing the same pair of points would be a stream that ignores the agent's seed
    assertThat(firstPoints).hasSizeGreaterThan(8);
  }

  @Test
  void saMctsFitnessIsEachPlayersOwnReturn() {
    var sa = new SelfAdaptive(2, 2.0, 50, 1);
    SearchContext ctx = SearchContext.detached(ttt, 1);
    Tree t = new Tree(2, 0, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    sa.root().select(t, root, ctx); // creates the tuners and reads θ
    int[] x0 = sa.tuner(0).current().clone();
    int[] x1 = sa.tuner(1).current().clone();
    // a win for player 0: fitness 1 for player 0's tuner, 0 for player 1's
    sa.backup().updateNode(t, root, new double[] {1.0, -1.0}, 0, ctx);
    assertThat(sa.tuner(0).tupleCount(x0, 0)).isEqualTo(1);
    assertThat(sa.tuner(0).tupleMean(x0, 0)).isEqualTo(1.0);
    assertThat(sa.tuner(1).tupleMean(x1, 0)).isEqualTo(0.0);
  }

  /**
   * Two workers read θ at the root before either backs up (as under threads=2): the second
   * worker's fitness belongs to the θ it searched with, though the tuner moved on after the first
   * backup. By hand, for params=2 (tuples: C, FPU and the pair; k = 2, ε = 0.1): after one
   * evaluation θ_A scores 1 + 2·sqrt(ln 2/1.1) = 2.59 on each tuple, a one-parameter neighbour
   * (2.59 + 2·2·sqrt(ln 2/0.1))/3 = 4.37, so the tuner moves off θ_A; then θ_A's pair entry holds
   * both evaluations, fitness 1 (a win for player 0) and 0 (a loss): count 2, mean 0.5.
   */
  @Test
  void saMctsFitnessGoesToTheThetaTheSimulationUsed() {
    var sa = new SelfAdaptive(2, 2.0, 50, 1);
    SearchContext a = SearchContext.detached(ttt, 1);
    SearchContext b = SearchContext.detached(ttt, 2);
    Tree t = new Tree(2, 0, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    sa.root().select(t, root, a);
    sa.root().select(t, root, b);
    int[] thetaA = sa.tuner(0).current().clone();
    sa.backup().updateNode(t, root, new double[] {1.0, -1.0}, 0, a);
    int[] moved = sa.tuner(0).current().clone();
    assertThat(moved).as("the tuner moved on after one evaluation").isNotEqualTo(thetaA);
    sa.backup().updateNode(t, root, new double[] {-1.0, 1.0}, 0, b);
    assertThat(sa.tuner(0).tupleCount(thetaA, 2)).as("θ_A's pair: both evaluations").isEqualTo(2);
    assertThat(sa.tuner(0).tupleMean(thetaA, 2)).isEqualTo(0.5);
    assertThat(sa.tuner(0).tupleCount(moved, 2)).as("the point nobody searched with").isZero();
    assertThat(sa.tuner(0).evaluations()).isEqualTo(2);
  }

  /**
   * Final selectors whose move need not be the most visited describe their rule with their own
   * constants; the robust child has none; a described selector chooses and reports π̂ as before.
   */
  @Test
  void finalSelectorsNameTheirRule() {
    assertThat(FinalSelectors.MOST_VISITED.rule()).isNull();
    assertThat(Finals.visitsPlusQ(0.1).rule()).contains("visits + 0.1*Q");
    assertThat(Finals.secure(2.5).rule()).contains("Q - 2.5/sqrt(visits)");
    assertThat(Solvers.solverFinal(1.0, 0).rule()).contains("secure child argmax Q - 1/sqrt(visits)");
    assertThat(Solvers.solverFinal(0.0, 0).rule()).contains("else the most visited").doesNotContain("secure");
    assertThat(SoftSearch.maxSoftQ(0).rule()).contains("Q_sft");
    assertThat(Finals.sampleVisits().rule()).contains("sampled");
    assertThat(Solvers.boundsFinal(0).rule()).contains("pessimistic bound");
    // Gumbel's move is the sequential-halving survivor, which under threads or a reused tree need
    // not be the most visited, and its table's π̂ column is the improved policy
    assertThat(new GumbelSearch(16, 1.0, 50, 0.1).finalSelector().rule()).startsWith("sequential halving, argmax g + logits");
    // a described selector still chooses: the child of largest n + 0.1·Q̃ (5 + 0.1·0.9 against 5 + 0.1·0.5)
    SearchContext ctx = SearchContext.detached(ttt, 1);
    Tree t = new Tree(2, 0, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int c = t.firstChild(root);
    t.addVisits(c, 5);
    t.addValue(c, 0, 5 * 0.0); // normalized 0.5
    t.addVisits(c + 1, 5);
    t.addValue(c + 1, 0, 5 * 0.8); // normalized 0.9
    double[] pi = new double[2];
    assertThat(Finals.visitsPlusQ(0.1).select(t, root, pi, ctx)).isEqualTo(c + 1);
    assertThat(pi).containsExactly(0.5, 0.5);
    assertThat(Finals.visitsPlusQ(0.1).policyKind()).isEqualTo(dev.ponder.search.PolicyKind.VISIT_COUNTS);
  }

  @Test
  void solverNeverSelectsAProvenLossWhileAnotherMoveExists() {
    // A proven lost for player 0 (value −1); B unproven with one visit and Q̃ 0, N = 1 so UCB1's
    // bonus is c·sqrt(ln 1/1) = 0: B scores 0, the value a proven loss would have if it were scored
    // like any proven child; the rule excludes A, so B is taken on every draw (not a coin flip)
    SearchContext ctx = SearchContext.detached(ttt, 1);
    Tree t = new Tree(2, 1, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int c = t.firstChild(root);
    t.addVisits(root, 1);
    t.addVisits(c, 1);
    t.addValue(c, 0, -1.0);
    t.setAux(c, 0, -1.0);
    t.setFlags(c, Tree.PROVEN);
    t.addVisits(c + 1, 1);
    t.addValue(c + 1, 0, -1.0);
    TreePolicy solver = Solvers.solverPolicy(0.25, 0);
    for (int i = 0; i < 50; i++) {
      assertThat(solver.select(t, root, ctx)).isEqualTo(c + 1);
    }
  }

  @Test
  void scoreBoundsOfAChanceNodeOnAHandBuiltTree() {
    // root (player 0) -> c, a 50/50 chance node: outcome o0 terminal at +1, outcome o1 not yet
    // bounded ([−1, 1]): pess(c) = .5·1 + .5·(−1) = 0, opt(c) = .5·1 + .5·1 = 1, not proven
    // (pess from the outcomes' opt would give 1 = opt: a false proof)
    SearchContext ctx = SearchContext.detached(ttt, 1);
    Tree t = new Tree(2, Solvers.BOUNDS_WIDTH, false, false, 16);
    int root = t.newRoot(0, 0);
    t.expand(root, 0, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int c = t.firstChild(root);
    t.expand(c, State.CHANCE, new int[] {0, 1}, new float[] {0.5f, 0.5f}, 2);
    int o = t.firstChild(c);
    t.setFlags(o, Tree.TERMINAL);
    ValueBackup b = Solvers.boundsBackup(ValueBackup.MEAN, 0);
    double[] v = {1.0, -1.0};
    b.update(t, c, o, o, v, 1, ctx);
    b.update(t, root, c, c, v, 0, ctx);
    assertThat(t.aux(c, 0) + ctx.minUtility()).isCloseTo(0.0, offset(1e-7)); // pess
    assertThat(ctx.maxUtility() - t.aux(c, 1)).isCloseTo(1.0, offset(1e-7)); // opt
    assertThat(t.isProven(c)).isFalse();
  }
}
