package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * NashConv of the uniform policy in three-player Kuhn poker, checked against an independent brute
 * force: for each player, every pure strategy (one action per information state: 2^16 of them) is
 * evaluated against uniformly random opponents from a list of terminal histories, and the best is
 * taken. This shares nothing with {@link GameTree} or {@link PolicyEvaluation}.
 */
class ThreePlayerKuhnTest {

  /** A terminal history seen from one responder: its weight without the responder's own moves. */
  private record Leaf(double weight, long careMask, long wantBits, int responderMoves, double ret) {}

  @Test
  void uniformNashConvEqualsBruteForce() {
    Game g = GameRegistry.load("kuhn_poker(players=3)");
    double nashConv = 0;
    for (int i = 0; i < 3; i++) {
      Map<String, Integer> index = new HashMap<>();
      List<Leaf> leaves = new ArrayList<>();
      collect(g.newInitialState(), i, 1.0, 0L, 0L, 0, index, leaves);
      assertThat(index).hasSize(16);
      double uniformValue = 0;
      for (Leaf l : leaves) {
        uniformValue += l.weight * Math.pow(0.5, l.responderMoves) * l.ret;
      }
      double best = Double.NEGATIVE_INFINITY;
      for (long s = 0; s < (1L << index.size()); s++) {
        double v = 0;
        for (Leaf l : leaves) {
          if ((s & l.careMask) == l.wantBits) {
            v += l.weight * l.ret;
          }
        }
        best = Math.max(best, v);
      }
      nashConv += best - uniformValue;
    }
    GameTree t = GameTree.build(g);
    assertThat(t.numInfosets()).isEqualTo(48);
    assertThat(PolicyEvaluation.nashConv(t, t.uniformSlots())).isCloseTo(nashConv, within(1e-12));
    assertThat(PolicyEvaluation.exploitability(t, t.uniformSlots())).isCloseTo(nashConv / 3, within(1e-12));
  }

  private static void collect(State s, int responder, double w, long care, long want, int moves,
      Map<String, Integer> index, List<Leaf> out) {
    if (s.isTerminal()) {
      out.add(new Leaf(w, care, want, moves, s.playerReturn(responder)));
      return;
    }
    if (s.isChanceNode()) {
      for (var o : s.chanceOutcomes()) {
        State c = s.copy();
        c.applyAction(o.action());
        collect(c, responder, w * o.probability(), care, want, moves, index, out);
      }
      return;
    }
    int p = s.currentPlayer();
    for (int a : s.legalActions()) {
      State c = s.copy();
      c.applyAction(a);
      if (p == responder) {
        int bit = index.computeIfAbsent(s.informationStateString(p), k -> index.size());
        collect(c, responder, w, care | (1L << bit), want | ((long) a << bit), moves + 1, index, out);
      } else {
        collect(c, responder, w * 0.5, care, want, moves, index, out);
      }
    }
  }
}
