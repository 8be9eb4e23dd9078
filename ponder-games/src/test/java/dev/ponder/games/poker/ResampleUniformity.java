package dev.ponder.games.poker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.State;
import dev.ponder.games.testutil.ResampleCheck;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Samples worlds with {@link State#resample} and {@link State#resampleInto} (alternately, the
 * latter into one reused target) and checks they are consistent and uniform.
 */
final class ResampleUniformity {
  private ResampleUniformity() {}

  /**
   * Draws {@code samples} worlds for {@code player}, every second one with
   * {@link State#resampleInto} into the same target state (first a fresh initial state, then
   * whatever the previous draw left in it); each must keep the player's information
   * state, the current player and the legal actions. The hidden part ({@code key}) must take
   * exactly {@code expectedWorlds} values, each with frequency 1/expectedWorlds within 5 standard
   * errors.
   */
  static void check(State s, int player, Function<State, String> key, int expectedWorlds, int samples) {
    SplittableRandom rng = new SplittableRandom(12345);
    Map<String, Integer> counts = new TreeMap<>();
    String info = s.informationStateString(player);
    State target = s.game().newInitialState();
    for (int i = 0; i < samples; i++) {
      State w = ResampleCheck.draw(s, player, rng, target, i);
      assertThat(w.informationStateString(player)).isEqualTo(info);
      assertThat(w.currentPlayer()).isEqualTo(s.currentPlayer());
      assertThat(w.legalActions()).containsExactly(s.legalActions());
      assertThat(w.history().length).isEqualTo(s.history().length);
      counts.merge(key.apply(w), 1, Integer::sum);
    }
    assertThat(counts).hasSize(expectedWorlds);
    double p = 1.0 / expectedWorlds;
    double se = Math.sqrt(samples * p * (1 - p));
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      assertThat(Math.abs(e.getValue() - samples * p)).as("world " + e.getKey() + " count " + e.getValue()).isLessThan(5 * se);
    }
  }
}
