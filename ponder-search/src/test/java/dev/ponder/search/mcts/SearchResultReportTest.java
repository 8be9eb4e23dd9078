package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.PolicyKind;
import dev.ponder.search.SearchResult;
import org.junit.jupiter.api.Test;

/** What a {@link SearchResult} reports besides the statistics: proven values and what π̂ is. */
class SearchResultReportTest {
  private final Game ttt = GameRegistry.load("tic_tac_toe");

  private State after(int... history) {
    State s = ttt.newInitialState();
    for (int a : history) {
      s.applyAction(a);
    }
    return s;
  }

  private SearchResult search(String agent, State s) {
    try (MctsAgent a = (MctsAgent) AgentRegistry.create(agent, ttt, 1)) {
      return a.search(s);
    }
  }

  /** Negamax value of {@code s} for player 0, by brute force. */
  private static double value0(State s) {
    if (s.isTerminal()) {
      return s.playerReturn(0);
    }
    double best = s.currentPlayer() == 0 ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    for (int a : s.legalActions()) {
      State c = s.copy();
      c.applyAction(a);
      double v = value0(c);
      best = s.currentPlayer() == 0 ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  }

  @Test
  void solversReportProvenChildrenAndRootWithTheirNegamaxValues() {
    // x at (0,0),(1,1), o at (0,1), o to move: every o move loses (o must block (2,2), x then forks)
    State s = after(0, 1, 4);
    for (String agent : new String[] {"mcts_solver(sims=5000)", "score_bounded(sims=5000)",
        "compose(tree=solver,final=solver,sims=5000)", "compose(tree=score_bounded,final=score_bounded,sims=5000)"}) {
      SearchResult r = search(agent, s);
      assertThat(r.provesValues()).as(agent).isTrue();
      assertThat(r.rootProven()).as(agent).isTrue();
      assertThat(r.rootProvenValue()).containsExactly(1.0, -1.0);
      int proven = 0;
      for (int i = 0; i < r.actions().length; i++) {
        double[] v = r.provenValueAt(i);
        if (v == null) {
          continue;
        }
        proven++;
        State c = s.copy();
        c.applyAction(r.actions()[i]);
        double v0 = value0(c);
        assertThat(v).as(agent + " child " + r.actions()[i]).containsExactly(v0, -v0);
      }
      assertThat(proven).as(agent).isPositive();
    }
    // too small a search proves nothing (no line ends within two plies of the empty board)
    SearchResult small = search("mcts_solver(sims=20)", ttt.newInitialState());
    assertThat(small.provesValues()).isTrue();
    assertThat(small.rootProven()).isFalse();
    for (int i = 0; i < small.actions().length; i++) {
      assertThat(small.provenValueAt(i)).isNull();
    }
    // agents that prove nothing say so
    SearchResult uct = search("uct(sims=200)", s);
    assertThat(uct.provesValues()).isFalse();
    assertThat(uct.provenValue()).isNull();
    assertThat(uct.rootProvenValue()).isNull();
    assertThat(uct.policyKind()).isEqualTo(PolicyKind.VISIT_COUNTS);
  }

  @Test
  void gumbelsPolicyIsTheImprovedPolicyOfTheFinalStatistics() {
    // every action sampled (m = 7 of 7) and visited; π̂ must be softmax(log prior + σ(q̂)) with
    // q̂ the min-max rescaled Q of the mover and σ = (c_visit + max n)·c_scale·q̂ (mctx defaults
    // c_visit 50, c_scale 0.1), recomputed here from the result's own Q, visits and priors
    SearchResult r = search("compose(tree=uct,root=gumbel,final=gumbel)", after(0, 4));
    assertThat(r.policyKind()).isEqualTo(PolicyKind.GUMBEL_IMPROVED);
    int k = r.actions().length;
    int p = r.player();
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    int maxN = 0;
    for (int i = 0; i < k; i++) {
      assertThat(r.visits()[i]).isPositive();
      lo = Math.min(lo, r.q()[i][p]);
      hi = Math.max(hi, r.q()[i][p]);
      maxN = Math.max(maxN, r.visits()[i]);
    }
    double[] z = new double[k];
    double sum = 0;
    for (int i = 0; i < k; i++) {
      z[i] = Math.exp(Math.log(r.prior()[i]) + (50 + maxN) * 0.1 * (r.q()[i][p] - lo) / (hi - lo));
      sum += z[i];
    }
    for (int i = 0; i < k; i++) {
      assertThat(r.policy()[i]).isCloseTo(z[i] / sum, within(1e-9));
    }
    // the move is one of the most-visited actions (the sequential-halving survivors)
    assertThat(r.visits()[r.indexOf(r.action())]).isEqualTo(maxN);
    assertThat(search("gumbel(sims=50)", after(0, 4)).policyKind()).isEqualTo(PolicyKind.GUMBEL_IMPROVED);
  }

  /**
   * With reuse=true the root is a former child, which holds the first value it received as a
   * child; v̂ at the root is still the running mean (Danihelka et al. 2022; docs/zoo.md). π̂ of the
   * reused search is recomputed here with v_mix = (v̂ + ΣN·Σ_visited π·q / Σ_visited π) / (1 + ΣN)
   * completing the unvisited actions, from the tree's own visits, value sums and priors.
   */
  @Test
  void gumbelAtAReusedRootMixesTheRunningMean() {
    Game hex = GameRegistry.load("hex(board_size=5)");
    try (MctsAgent a = (MctsAgent) AgentRegistry.create("gumbel(sims=60,max_considered=4,reuse=true)", hex, 3)) {
      State s = hex.newInitialState();
      int x = a.selectAction(s);
      State before = s.copy();
      s.applyAction(x);
      a.informAction(before, 0, x);
      // the opponent answers with the reply the first search visited most (a reused subtree)
      Tree t0 = a.engine().tree();
      int y = -1;
      int most = -1;
      for (int e = t0.firstChild(t0.root()), i = 0; i < t0.numChildren(t0.root()); i++, e++) {
        if (t0.action(e) == x) {
          for (int c = t0.firstChild(e), j = 0; t0.isExpanded(e) && j < t0.numChildren(e); j++, c++) {
            if (t0.visits(c) > most) {
              most = t0.visits(c);
              y = t0.action(c);
            }
          }
        }
      }
      assertThat(y).as("the first search went below its move").isNotNegative();
      before = s.copy();
      s.applyAction(y);
      a.informAction(before, 1, y);
      SearchResult r = a.search(s);
      assertThat(r.reusedVisits()).isPositive();
      Tree t = a.engine().tree();
      int root = t.root();
      int p = r.player();
      assertThat(t.aux(root, 0)).as("the reused root keeps its first value as a child").isNotZero();
      int k = t.numChildren(root);
      int first = t.firstChild(root);
      long sumN = 0;
      double sp = 0;
      double spq = 0;
      int maxN = 0;
      int unvisited = 0;
      for (int i = 0; i < k; i++) {
        int n = t.visits(first + i);
        sumN += n;
        maxN = Math.max(maxN, n);
        if (n > 0) {
          sp += t.prior(first + i);
          spq += t.prior(first + i) * (t.valueSum(first + i, p) / n + 1) / 2;
        } else {
          unvisited++;
        }
      }
      assertThat(unvisited).as("some actions are completed with v_mix").isPositive();
      double runningMean = (t.valueSum(root, p) / t.visits(root) + 1) / 2; // normalized to [0, 1]
      double vMix = (runningMean + sumN * spq / sp) / (1.0 + sumN);
      double[] q = new double[k];
      double lo = Double.POSITIVE_INFINITY;
      double hi = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < k; i++) {
        int n = t.visits(first + i);
        q[i] = n > 0 ? (t.valueSum(first + i, p) / n + 1) / 2 : vMix;
        lo = Math.min(lo, q[i]);
        hi = Math.max(hi, q[i]);
      }
      double[] z = new double[k];
      double sum = 0;
      for (int i = 0; i < k; i++) {
        z[i] = Math.exp(Math.log(t.prior(first + i)) + (50 + maxN) * 0.1 * (q[i] - lo) / Math.max(hi - lo, 1e-8));
        sum += z[i];
      }
      for (int i = 0; i < k; i++) {
        int j = r.indexOf(t.action(first + i));
        assertThat(r.policy()[j]).as("action " + t.action(first + i)).isCloseTo(z[i] / sum, within(1e-9));
      }
    }
  }
}
