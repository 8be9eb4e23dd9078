package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import org.junit.jupiter.api.Test;

/**
 * The tree walk keeps its own stack: a game far deeper than a thread's call stack could recurse
 * through (here 200,000 plies, built on a thread with a 256 KB stack, where a walk recursing once
 * per ply overflows after a few thousand) builds, numbered exactly as the depth-first preorder
 * says.
 */
class GameTreeDeepTest {
  private static final int LENGTH = 200_000;

  /** Runs {@code task} on a thread with a 256 KB stack; its error, if any, is rethrown here. */
  static <T> T onSmallStack(java.util.function.Supplier<T> task) throws InterruptedException {
    java.util.List<T> out = new java.util.ArrayList<>();
    Throwable[] failure = new Throwable[1];
    Thread th = new Thread(null, () -> {
      try {
        out.add(task.get());
      } catch (Throwable e) {
        failure[0] = e;
      }
    }, "small-stack", 256 * 1024);
    th.start();
    th.join();
    if (failure[0] != null) {
      throw new AssertionError("failed on a 256 KB stack: " + failure[0], failure[0]);
    }
    return out.get(0);
  }

  private static GameTree buildOnSmallStack(LongLineGame game) throws InterruptedException {
    return onSmallStack(() -> GameTree.build(game));
  }

  @Test
  void aLongForcedLineBuildsWithoutOverflowingTheStack() throws InterruptedException {
    GameTree t = buildOnSmallStack(new LongLineGame(LENGTH));
    // by hand: LENGTH single-outcome chance nodes, player 0's node, two player-1 nodes, four terminals
    assertThat(t.numNodes()).isEqualTo(LENGTH + 7);
    assertThat(t.maxDepth()).isEqualTo(LENGTH + 2);
    for (int v : new int[] {0, 1, LENGTH / 2, LENGTH - 1}) {
      assertThat(t.player(v)).isEqualTo(State.CHANCE);
      assertThat(t.numChildren(v)).isEqualTo(1);
      assertThat(t.child(v, 0)).isEqualTo(v + 1);
      assertThat(t.chanceProb(v, 0)).isEqualTo(1.0);
    }
    // preorder: L = player 0; L+1 player 1 after a=0, L+2 and L+3 its terminals; L+4 after a=1
    int l = LENGTH;
    assertThat(t.player(l)).isZero();
    assertThat(t.child(l, 0)).isEqualTo(l + 1);
    assertThat(t.child(l, 1)).isEqualTo(l + 4);
    for (int p1 : new int[] {l + 1, l + 4}) {
      assertThat(t.player(p1)).isEqualTo(1);
      assertThat(t.child(p1, 0)).isEqualTo(p1 + 1);
      assertThat(t.child(p1, 1)).isEqualTo(p1 + 2);
    }
    double[][] p0 = {{2, -1}, {-1, 1}}; // the rules: (0,0) pays 2, (1,1) pays 1, a mismatch -1
    for (int a = 0; a < 2; a++) {
      for (int b = 0; b < 2; b++) {
        int leaf = t.child(t.child(l, a), b);
        assertThat(t.player(leaf)).isEqualTo(State.TERMINAL);
        assertThat(t.utility(leaf, 0)).isCloseTo(p0[a][b], within(0.0));
        assertThat(t.utility(leaf, 1)).isCloseTo(-p0[a][b], within(0.0));
      }
    }
    // two information sets: player 0's, and player 1's holding both of its histories
    assertThat(t.numInfosets()).isEqualTo(2);
    assertThat(t.infoset(l)).isZero();
    int answer = t.infosetOf("p1 to answer");
    assertThat(answer).isEqualTo(1);
    assertThat(t.infosetSize(answer)).isEqualTo(2);
    assertThat(t.infosetNode(answer, 0)).isEqualTo(l + 1);
    assertThat(t.infosetNode(answer, 1)).isEqualTo(l + 4);
  }

  @Test
  void aShortLineIsTheSameGameAndItsUniformExploitabilityIsTheHandValue() {
    // uniform play: player 0 expects (2 - 1 - 1 + 1) / 4 = 1/4; its best response a=0 earns
    // (2 - 1) / 2 = 1/2 (gain 1/4); player 1's best response b=1 holds player 0 to (-1 + 1) / 2 = 0
    // (gain 1/4): NashConv 1/2, exploitability 1/4
    GameTree t = GameTree.build(new LongLineGame(5));
    assertThat(t.numNodes()).isEqualTo(12);
    double[] u = t.uniformSlots();
    assertThat(PolicyEvaluation.expectedReturns(t, u)[0]).isCloseTo(0.25, within(1e-12));
    assertThat(PolicyEvaluation.gains(t, u)).containsExactly(new double[] {0.25, 0.25}, within(1e-12));
    assertThat(PolicyEvaluation.exploitability(t, u)).isCloseTo(0.25, within(1e-12));
  }

  /**
   * Everything that walks the tree works at that depth too, on the same small stack, and gives
   * exactly what it gives on the same game with a 5-ply line (the forced chance line has
   * probability 1, so every reach and value is the same): exact evaluation and best responses,
   * CFR+, and the tabularization of an agent.
   */
  @Test
  void theWholeToolchainWorksOnTheDeepGameAsOnAShortOne() throws InterruptedException {
    GameTree deep = buildOnSmallStack(new LongLineGame(LENGTH));
    GameTree shallow = GameTree.build(new LongLineGame(5));
    double[] u = deep.uniformSlots();
    assertThat(onSmallStack(() -> PolicyEvaluation.gains(deep, u))).containsExactly(0.25, 0.25);
    assertThat(onSmallStack(() -> PolicyEvaluation.expectedReturns(deep, u))).containsExactly(0.25, -0.25);
    // CFR+: the same average policy to the last bit; it approaches the mixed equilibrium
    // (2/5, 3/5) for both players (each makes the other indifferent: 2x - (1 - x) = -x + (1 - x))
    double[] deepAvg = onSmallStack(() -> {
      CfrSolver cfr = new CfrSolver(deep, CfrSolver.Variant.CFR_PLUS);
      cfr.run(100);
      return cfr.averagePolicy();
    });
    CfrSolver ref = new CfrSolver(shallow, CfrSolver.Variant.CFR_PLUS);
    ref.run(100);
    assertThat(deepAvg).containsExactly(ref.averagePolicy());
    assertThat(deepAvg).containsExactly(new double[] {0.4, 0.6, 0.4, 0.6}, within(0.02));
    assertThat(onSmallStack(() -> PolicyEvaluation.exploitability(deep, deepAvg)))
        .isEqualTo(PolicyEvaluation.exploitability(shallow, ref.averagePolicy())).isLessThan(0.01);
    // vanilla CFR with simultaneous updates takes the same walk
    double[] deepSim = onSmallStack(() -> {
      CfrSolver cfr = new CfrSolver(deep, CfrSolver.Variant.CFR, false, 1.5, 0, 2);
      cfr.run(20);
      return cfr.averagePolicy();
    });
    CfrSolver refSim = new CfrSolver(shallow, CfrSolver.Variant.CFR, false, 1.5, 0, 2);
    refSim.run(20);
    assertThat(deepSim).containsExactly(refSim.averagePolicy());
    // the uniform agent, tabularized by walking the game: the uniform policy, exploitability 1/4
    TabularPolicy tab = onSmallStack(() -> Tabularizer.tabularize(deep.game(),
        seed -> new UniformPolicyAgent(deep.game(), seed), 1, 0));
    assertThat(tab.size()).isEqualTo(2);
    assertThat(PolicyEvaluation.exploitability(deep, tab.toSlots(deep))).isCloseTo(0.25, within(1e-12));
  }

  /**
   * Monte Carlo CFR's traversals on a game 20,000 plies deep (far beyond what a 256 KB stack
   * allows a walk recursing per ply): they run and improve on the uniform policy (exploitability
   * 1/4) towards the equilibrium.
   */
  @Test
  void monteCarloCfrWorksOnADeepGame() throws InterruptedException {
    GameTree deep = buildOnSmallStack(new LongLineGame(20_000));
    for (MccfrSolver.Sampling sampling : MccfrSolver.Sampling.values()) {
      double[] avg = onSmallStack(() -> {
        MccfrSolver m = new MccfrSolver(deep, sampling, 1);
        m.run(300);
        return m.averagePolicy();
      });
      assertThat(PolicyEvaluation.exploitability(deep, avg)).as(sampling.name()).isLessThan(0.1);
    }
  }

  /**
   * The numbering is the depth-first preorder of the game, children in ascending action order:
   * an independent recursive walk of the game (shallow games only) numbers every history and
   * checks its player, actions, chance probabilities and children against the tree.
   */
  @Test
  void nodesAreNumberedInDepthFirstPreorder() {
    for (String spec : new String[] {"kuhn_poker", "kuhn_poker(players=3)", "leduc_poker"}) {
      GameTree t = GameTree.build(GameRegistry.load(spec));
      int[] next = {0};
      preorder(t, t.game().newInitialState(), next);
      assertThat(next[0]).as(spec).isEqualTo(t.numNodes());
    }
  }

  private static int preorder(GameTree t, State s, int[] next) {
    int v = next[0]++;
    int p = s.currentPlayer();
    assertThat(t.player(v)).isEqualTo(p);
    int[] actions = new int[t.maxActions()];
    double[] probs = new double[t.maxActions()];
    int k = p == State.TERMINAL ? 0 : p == State.CHANCE ? s.chanceOutcomes(actions, probs) : s.legalActions(actions);
    assertThat(t.numChildren(v)).isEqualTo(k);
    for (int j = 0; j < k; j++) {
      assertThat(t.action(v, j)).isEqualTo(actions[j]);
      if (p == State.CHANCE) {
        assertThat(t.chanceProb(v, j)).isEqualTo(probs[j]);
      }
      State c = s.copy();
      c.applyAction(actions[j]);
      assertThat(t.child(v, j)).isEqualTo(preorder(t, c, next));
    }
    return v;
  }
}
