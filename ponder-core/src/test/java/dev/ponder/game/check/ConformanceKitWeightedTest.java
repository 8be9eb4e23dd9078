package dev.ponder.game.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The kit's checks of informationStateKey against the information-state strings, and of the
 * distribution resample draws its worlds from, on {@link ToyWeightedGame}.
 */
class ConformanceKitWeightedTest {

  @BeforeAll
  static void register() {
    GameRegistry.register(new ToyWeightedGame.Factory());
  }

  private static ConformanceKit.Options options() {
    return new ConformanceKit.Options().seed(7).playouts(200);
  }

  @Test
  void soundGamePassesAtEverySeedTried() {
    // the distribution check draws 2 × 512 worlds at up to 64 information states at each seed
    for (long seed = 1; seed <= 40; seed++) {
      ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("toy_weighted"), new ConformanceKit.Options().seed(seed).playouts(20));
      assertThat(r.warnings()).as("seed " + seed).isEmpty();
      // player 1's information states whose worlds are the 3 cards: before player 0's choice (1), and at its guess
      // after each of the 2 × 2 (choice, coin) pairs (4); player 0 sees everything (one world each)
      assertThat(r.distributionStates()).as("seed " + seed).isEqualTo(5);
    }
    assertThat(ConformanceKit.check(GameRegistry.load("toy_weighted(pad=3)"), options()).playouts()).isEqualTo(200);
  }

  @Test
  void aUniformSamplerOfUnequalChanceOutcomesFails() {
    // consistent worlds, each card drawn with 1/3 instead of 0.6, 0.3, 0.1
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_weighted(flaw=uniform)"), options()))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("(seed 7, over all playouts): resample: resample(1) does not draw its worlds with their probabilities:"
            + " at player 1's information state \"P1 t=")
        .hasMessageContaining("whose 3 worlds differ only in chance outcomes, 512 draws from the source [")
        .hasMessageContaining("a correct sampler strays this far with probability below 1e-9 per run (Chernoff bound)")
        .hasMessageContaining("]: probability 0.6000, drawn ");
  }

  @Test
  void resampleIntoIsHeldToTheSameDistribution() {
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_weighted(flaw=uniform_into)"), options()))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("resample: resampleInto(1) does not draw its worlds with their probabilities");
  }

  @Test
  void theDistributionIsCheckedUpToTheNodeBudgetOnly() {
    // pad=9: 36,850 nodes, within DISTRIBUTION_TREE_NODES; pad=10: 73,714, beyond it, so the wrong weights pass
    assertThat(ConformanceKit.DISTRIBUTION_TREE_NODES).isEqualTo(65_536);
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_weighted(flaw=uniform,pad=9)"), options()))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("resample(1) does not draw its worlds with their probabilities");
    assertThat(ConformanceKit.check(GameRegistry.load("toy_weighted(flaw=uniform,pad=10)"), options()).playouts()).isEqualTo(200);
    // a single playout (--playout I) does not run it either
    assertThat(ConformanceKit.check(GameRegistry.load("toy_weighted(flaw=uniform)"), options().onlyPlayout(3)).playouts()).isEqualTo(1);
  }

  @Test
  void aKeyThatReadsTheHiddenCardFails() {
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_weighted(flaw=leak_key)"), options()))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("information-state: ")
        .hasMessageContaining("informationStateKey(1) ")
        .hasMessageContaining("(equal information-state strings must give equal keys and different strings different keys:"
            + " IS-MCTS keys its tree nodes by informationStateKey, so a key that reads what the string hides, such as a"
            + " hidden card, shows it to the search)");
  }

  @Test
  void aKeyThatReadsTheHiddenCardFailsInTheResampledWorldsOfOnePlayout() {
    // the strings hold the history length, so no string recurs within one playout: only the worlds show the leak
    for (int i = 0; i < 5; i++) {
      int playout = i;
      assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_weighted(flaw=leak_key)"), options().onlyPlayout(playout)))
          .as("playout " + playout)
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("information-state: the world of resample")
          .hasMessageContaining("has player 1's information state \"P1 t=")
          .hasMessageContaining("but informationStateKey(1) ")
          .hasMessageContaining(" where the source has ");
    }
  }

  @Test
  void aKeyThatMergesTwoInformationStatesFails() {
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_weighted(flaw=coarse_key)"), options()))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("information-state: informationStateKey(1) is ")
        .hasMessageContaining("but the information states differ (\"P1 t=");
  }
}
