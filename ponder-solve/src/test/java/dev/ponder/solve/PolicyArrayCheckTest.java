package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.Test;

/** The policy slot arrays that PolicyEvaluation and TabularPolicy.fromSlots accept and refuse. */
class PolicyArrayCheckTest {
  private static final GameTree KUHN = GameTree.build(GameRegistry.load("kuhn_poker"));

  @Test
  void allZeroArrayIsRefusedNamingTheInformationState() {
    double[] zero = new double[KUHN.numSlots()];
    String first = KUHN.infosetKey(0);
    assertThatThrownBy(() -> PolicyEvaluation.exploitability(KUHN, zero)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("information state '" + first + "'").hasMessageContaining("sum to 0.0, not 1");
    assertThatThrownBy(() -> PolicyEvaluation.expectedReturns(KUHN, zero)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> PolicyEvaluation.bestResponseValues(KUHN, zero)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> PolicyEvaluation.nashConv(KUHN, zero)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> PolicyEvaluation.gains(KUHN, zero)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> PolicyEvaluation.bestResponsePolicy(KUHN, zero, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PolicyEvaluation.BestResponse(KUHN, zero, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TabularPolicy.fromSlots(KUHN, zero)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("information state '" + first + "'");
  }

  @Test
  void arrayOfPointNinesIsRefused() {
    double[] p = new double[KUHN.numSlots()];
    java.util.Arrays.fill(p, 0.9);
    assertThatThrownBy(() -> PolicyEvaluation.exploitability(KUHN, p)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("sum to 1.8");
  }

  @Test
  void wrongLengthIsRefusedWithBothLengths() {
    double[] shortArray = new double[3];
    assertThatThrownBy(() -> PolicyEvaluation.exploitability(KUHN, shortArray)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the policy has 3 slots; the tree has " + KUHN.numSlots());
    double[] longArray = new double[KUHN.numSlots() + 2];
    System.arraycopy(KUHN.uniformSlots(), 0, longArray, 0, KUHN.numSlots());
    assertThatThrownBy(() -> TabularPolicy.fromSlots(KUHN, longArray)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("slots");
    assertThatThrownBy(() -> KUHN.normalizedSlots(shortArray)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void negativeNanAndInfiniteEntriesAreRefusedNamingTheAction() {
    int s = KUHN.slotStart(2);
    String key = KUHN.infosetKey(2);
    int action = KUHN.slotAction(s + 1);
    double[][] bad = new double[3][];
    double[] values = {-0.5, Double.NaN, Double.POSITIVE_INFINITY};
    String[] words = {"negative", "NaN", "infinite"};
    for (int c = 0; c < 3; c++) {
      double[] p = KUHN.uniformSlots();
      p[s] = 1.5;
      p[s + 1] = values[c];
      bad[c] = p;
      assertThatThrownBy(() -> PolicyEvaluation.expectedReturns(KUHN, p)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'" + key + "'").hasMessageContaining("action " + action + " is " + words[c]);
    }
  }

  @Test
  void roundedDistributionsWithinOneMillionthAreAccepted() {
    // what TabularPolicy.put accepts (a policy file's 0.333333 ×3) must stay measurable
    double[] p = KUHN.uniformSlots();
    for (int i = 0; i < KUHN.numInfosets(); i++) {
      p[KUHN.slotStart(i)] -= 9e-7;
    }
    assertThat(PolicyEvaluation.exploitability(KUHN, p)).isCloseTo(0.458333, within(1e-5));
    p[KUHN.slotStart(0)] -= 2e-7; // now 1.1e-6 short at the first information set
    assertThatThrownBy(() -> PolicyEvaluation.exploitability(KUHN, p)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void bestResponseChecksResponderNodeAndInformationSet() {
    double[] u = KUHN.uniformSlots();
    assertThatThrownBy(() -> new PolicyEvaluation.BestResponse(KUHN, u, 7)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("0..1, got 7");
    assertThatThrownBy(() -> new PolicyEvaluation.BestResponse(KUHN, u, -1)).isInstanceOf(IllegalArgumentException.class);
    PolicyEvaluation.BestResponse br = new PolicyEvaluation.BestResponse(KUHN, u, 0);
    assertThatThrownBy(() -> br.value(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> br.value(KUHN.numNodes())).isInstanceOf(IllegalArgumentException.class);
    int other = -1;
    for (int i = 0; i < KUHN.numInfosets() && other < 0; i++) {
      if (KUHN.infosetPlayer(i) == 1) {
        other = i;
      }
    }
    int o = other;
    assertThatThrownBy(() -> br.bestAction(o)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("player 1");
    assertThatThrownBy(() -> br.bestAction(KUHN.numInfosets())).isInstanceOf(IllegalArgumentException.class);
  }
}
