package dev.ponder.games.testutil;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.State;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Brute-force check of {@link State#resample}: enumerates every history of the game that gives a
 * player the same information-state string and current player as a target state (by walking the
 * game tree through the public API only), then checks that resampled worlds are exactly those and
 * that their frequencies are uniform (Pearson chi-square).
 */
public final class ResampleCheck {
  private ResampleCheck() {}

  /** The consistent histories, as history strings. */
  public static Set<String> consistentWorlds(Game game, State target, int player) {
    return consistentWorlds(game, target, player, Integer.MAX_VALUE);
  }

  /**
   * The consistent histories of at most {@code maxLength} moves, as history strings: for games
   * whose information states show the number of moves (dark hex), {@code target.historySize()}
   * loses none and keeps the walk from following ever longer failed-move chains.
   */
  public static Set<String> consistentWorlds(Game game, State target, int player, int maxLength) {
    List<Integer> own = new ArrayList<>();
    int[] h = target.history();
    State replay = game.newInitialState();
    for (int a : h) {
      if (replay.currentPlayer() == player) {
        own.add(a);
      }
      replay.applyAction(a);
    }
    Set<String> out = new HashSet<>();
    walk(game.newInitialState(), player, own, 0, target.informationStateString(player),
        target.currentPlayer(), out, maxLength);
    return out;
  }

  private static void walk(State s, int p, List<Integer> own, int k, String info, int cp, Set<String> out,
      int maxLength) {
    if (k == own.size() && s.currentPlayer() == cp && s.informationStateString(p).equals(info)) {
      out.add(s.historyString());
    }
    if (s.isTerminal() || s.historySize() >= maxLength) {
      return;
    }
    if (s.currentPlayer() == p) {
      if (k < own.size() && s.isLegal(own.get(k))) {
        State c = s.copy();
        c.applyAction(own.get(k));
        walk(c, p, own, k + 1, info, cp, out, maxLength);
      }
      return;
    }
    for (int a : s.legalActions()) {
      State c = s.copy();
      c.applyAction(a);
      walk(c, p, own, k, info, cp, out, maxLength);
    }
  }

  /**
   * Draws {@code samples} worlds, every second one with {@link State#resampleInto} into one
   * reused target state (its previous contents overwritten), and asserts they are consistent and uniform over the
   * enumerated set at the 0.1% level.
   *
   * @return the number of distinct consistent worlds
   */
  public static int assertUniform(Game game, State target, int player, int samples, long seed) {
    return assertUniform(game, target, player, samples, seed, Integer.MAX_VALUE);
  }

  /**
   * {@link #assertUniform(Game, State, int, int, long)} over the consistent histories of at most
   * {@code maxLength} moves (see {@link #consistentWorlds(Game, State, int, int)}).
   */
  public static int assertUniform(Game game, State target, int player, int samples, long seed, int maxLength) {
    Set<String> worlds = consistentWorlds(game, target, player, maxLength);
    assertThat(worlds).as("consistent worlds").isNotEmpty().contains(target.historyString());
    Map<String, Integer> counts = new HashMap<>();
    SplittableRandom rng = new SplittableRandom(seed);
    String info = target.informationStateString(player);
    State into = game.newInitialState();
    int[] legal = target.legalActions();
    for (int i = 0; i < samples; i++) {
      State w = draw(target, player, rng, into, i);
      if (player == target.currentPlayer()) {
        assertThat(w.legalActions()).containsExactly(legal);
      }
      assertThat(w.informationStateString(player)).isEqualTo(info);
      assertThat(w.currentPlayer()).isEqualTo(target.currentPlayer());
      assertThat(worlds).contains(w.historyString());
      counts.merge(w.historyString(), 1, Integer::sum);
    }
    int k = worlds.size();
    double expected = (double) samples / k;
    double chi2 = 0;
    for (String w : worlds) {
      double d = counts.getOrDefault(w, 0) - expected;
      chi2 += d * d / expected;
    }
    if (k > 1) {
      assertThat(chi2).as("chi-square over %d worlds", k).isLessThan(critical(k - 1));
    }
    return k;
  }

  /**
   * The {@code i}-th world of a sampling loop: {@link State#resample} for even {@code i}, else
   * {@link State#resampleInto} into {@code into}, which is returned (so both paths are sampled,
   * and the target is reused with the previous draw's contents).
   */
  public static State draw(State source, int player, SplittableRandom rng, State into, int i) {
    if (i % 2 == 0) {
      return source.resample(player, rng);
    }
    source.resampleInto(player, rng, into);
    return into;
  }

  /** Upper 0.1% point of chi-square with {@code df} degrees of freedom (Wilson–Hilferty, 1931). */
  static double critical(int df) {
    double z = 3.090; // standard normal upper 0.1% point
    double a = 2.0 / (9.0 * df);
    double t = 1 - a + z * Math.sqrt(a);
    return df * t * t * t;
  }
}
