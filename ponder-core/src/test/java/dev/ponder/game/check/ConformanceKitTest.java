package dev.ponder.game.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

public class ConformanceKitTest {

  @BeforeAll
  static void register() {
    GameRegistry.register(new ToyRaceGame.Factory());
  }

  /** The sound test game {@code toy_race} (registered), for other core tests. */
  public static Game toyRace() {
    register();
    return GameRegistry.load("toy_race");
  }

  @Test
  void soundGamePasses() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("toy_race"), new ConformanceKit.Options().checkResample(true));
    assertThat(r.playouts()).isEqualTo(1000);
    assertThat(r.states()).isGreaterThan(1000L * 6);
    // every reachable (player, history) pair at decision nodes is an information state here
    assertThat(r.informationStates()).isGreaterThan(50);
    assertThat(r.maxLength()).isLessThanOrEqualTo(18);
  }

  @ParameterizedTest
  @CsvSource({
      "shared_copy, copy",
      "unsorted, legal-actions",
      "bad_probability, chance-outcomes",
      "bad_undo, undo",
      "duplicate_strings, action-strings",
      "return_out_of_bounds, returns",
      "info_collision, information-state",
      "bad_resample, resample",
      "stale_copy_from, copy",
      "long_game, length",
      "bad_hash, hash",
      "not_zero_sum, returns",
      "lax_legality, legal-actions",
      "bad_string_to_action, action-strings",
      "short_tensor, tensors",
      "late_copy, copy",
      "late_resample, resample",
      "sample_wrong_action, sample-action",
      "sample_extra_draw, sample-action",
      "sample_stale_copy, sample-action",
      "sample_stale_undo, sample-action",
      "nominal_max_low, returns",
      "undeclared_chance, chance-outcomes",
      "zero_length, length"})
  void plantedFlawIsCaught(String flaw, String invariant) {
    String game = "toy_race(flaw=" + flaw + ")";
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load(game),
            new ConformanceKit.Options().seed(7).playouts(200).checkResample(true)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("conformance of " + game)
        .hasMessageContaining("seed 7")
        .hasMessageContaining("playout ")
        .hasMessageContaining("history [")
        .hasMessageContaining("): " + invariant + ": ");
  }

  @Test
  void failureIsReproducibleFromItsPlayout() {
    String msg = null;
    try {
      ConformanceKit.check(GameRegistry.load("toy_race(flaw=return_out_of_bounds)"), new ConformanceKit.Options().seed(11));
    } catch (AssertionError e) {
      msg = e.getMessage();
    }
    assertThat(msg).isNotNull();
    int playout = Integer.parseInt(msg.replaceAll("(?s).*playout (\\d+),.*", "$1"));
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_race(flaw=return_out_of_bounds)"),
            new ConformanceKit.Options().seed(11).onlyPlayout(playout)))
        .hasMessage(msg);
  }

  @Test
  void lateFlawFailureIsReproducibleFromItsPlayoutAndFoundAtEveryRate() {
    String game = "toy_race(flaw=late_copy)";
    String msg = null;
    try {
      ConformanceKit.check(GameRegistry.load(game), new ConformanceKit.Options().seed(13).playouts(300));
    } catch (AssertionError e) {
      msg = e.getMessage();
    }
    assertThat(msg).isNotNull().contains("): copy: ");
    int playout = Integer.parseInt(msg.replaceAll("(?s).*playout (\\d+),.*", "$1"));
    // the copy flaw appears only after ToyRaceGame.LATE_DEPTH actions: the kit found it deep in a game
    String history = msg.replaceAll("(?s).*history \\[([^]]*)].*", "$1");
    assertThat(history.split(", ")).hasSizeGreaterThanOrEqualTo(ToyRaceGame.LATE_DEPTH);
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load(game),
            new ConformanceKit.Options().seed(13).playouts(300).onlyPlayout(playout)))
        .hasMessage(msg);
    // a rarer sampling still finds it (later), checking every state finds it in the first long playout
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load(game),
            new ConformanceKit.Options().seed(13).playouts(1000).deepCheckRate(0.5)))
        .hasMessageContaining("): copy: ");
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load(game),
            new ConformanceKit.Options().seed(13).playouts(1).deepCheckRate(Double.POSITIVE_INFINITY)))
        .hasMessageContaining("playout 0,").hasMessageContaining("): copy: ");
  }

  @Test
  void aNominalMaxUtilityIsNotCheckedButTheStrictMinIs() {
    // returns ±2 with maxUtility 1 declared nominal and minUtility -2: only the strict side is checked
    Game nominal = GameRegistry.load("toy_race(flaw=nominal_max)");
    assertThat(nominal.maxUtilityNominal()).isTrue();
    assertThat(ConformanceKit.check(nominal, new ConformanceKit.Options().playouts(200)).playouts()).isEqualTo(200);
    // the same returns with a strict maxUtility fail
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_race(flaw=return_out_of_bounds)"),
            new ConformanceKit.Options().playouts(200)))
        .hasMessageContaining("): returns: player ").hasMessageContaining("return 2.0 outside [-1.0, 1.0]");
  }

  @Test
  void aChanceGameThatDeclaresNoChanceOutcomesFailsAtItsFirstChanceNode() {
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_race(flaw=undeclared_chance)"),
            new ConformanceKit.Options().playouts(10)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("playout 0, history [")
        .hasMessageContaining("): chance-outcomes: chance node although maxChanceOutcomes is 0");
  }

  @Test
  void maxGameLengthZeroFailsWhenTheInitialStateIsNotTerminal() {
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_race(flaw=zero_length)"),
            new ConformanceKit.Options().playouts(10)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("): length: history length 1 exceeds maxGameLength 0");
  }

  @Test
  void aConstantSumGameWithoutItsUtilitySumFailsTheGameConstants() {
    String game = "toy_race(flaw=undeclared_sum)";
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load(game), new ConformanceKit.Options().playouts(10)))
        .isInstanceOf(AssertionError.class)
        .hasMessage("conformance of " + game + " (seed 20261129, before the playouts): game-constants: unexpected "
            + "java.lang.IllegalStateException: toy_race is constant-sum but does not declare its utility sum");
  }

  @Test
  void soundGamePassesWhenEveryStateIsDeepChecked() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("toy_race"),
        new ConformanceKit.Options().playouts(50).deepCheckRate(Double.POSITIVE_INFINITY).checkResample(true));
    assertThat(r.playouts()).isEqualTo(50);
  }

  @Test
  void deepCheckRateMustBePositive() {
    assertThatThrownBy(() -> new ConformanceKit.Options().deepCheckRate(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("deepCheckRate");
    assertThatThrownBy(() -> new ConformanceKit.Options().deepCheckRate(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
  }
}
