package dev.ponder.games.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link State#resampleInto} and {@link State#informationStateKey} of the imperfect-information
 * games, over random playouts: the world drawn into a reused target is the one
 * {@link State#resample} draws from the same seed, keeps the player's information state, current
 * player and the mover's legal actions (the history's length may differ where the player does
 * not know it, as in classical phantom tic-tac-toe); keys are equal exactly when information-state
 * strings are.
 */
class ResampleIntoTest {
  static final String[] GAMES = {
    "kuhn_poker", "kuhn_poker(players=3)", "leduc_poker", "leduc_poker(players=3)", "liars_dice",
    "liars_dice(numdice=2)", "phantom_ttt", "phantom_ttt(obstype=reveal-numturns)",
    "phantom_ttt(gameversion=abrupt)", "dark_hex", "goofspiel(num_cards=4)", "goofspiel(num_cards=5,imp_info=true)",
    "goofspiel(num_cards=4,imp_info=true,players=3)",
    "goofspiel(num_cards=5,imp_info=true,points_order=descending)", "hearts",
  };

  /** States along random playouts (chance nodes and the terminal state included). */
  static List<State> playouts(Game g, int games, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    List<State> out = new ArrayList<>();
    for (int i = 0; i < games; i++) {
      State s = g.newInitialState();
      out.add(s.copy());
      while (!s.isTerminal()) {
        int[] legal = s.legalActions();
        s.applyAction(legal[rng.nextInt(legal.length)]);
        out.add(s.copy());
      }
    }
    return out;
  }

  @Test
  void resampleIntoDrawsResamplesWorldIntoAReusedTarget() {
    for (String spec : GAMES) {
      Game g = GameRegistry.load(spec);
      State target = g.newInitialState();
      int checked = 0;
      for (State s : playouts(g, spec.startsWith("hearts") ? 4 : 30, 7)) {
        if (s.isChanceNode() || s.isTerminal()) {
          continue;
        }
        for (int p = 0; p < g.numPlayers(); p++) {
          long seed = 1000L * checked + p;
          State fresh = s.resample(p, new SplittableRandom(seed));
          s.resampleInto(p, new SplittableRandom(seed), target);
          String what = spec + " [" + s.historyString() + "] player " + p;
          assertThat(target.historyString()).as(what).isEqualTo(fresh.historyString());
          assertThat(target.toString()).as(what).isEqualTo(fresh.toString());
          assertThat(target.informationStateString(p)).as(what).isEqualTo(s.informationStateString(p));
          assertThat(target.currentPlayer()).as(what).isEqualTo(s.currentPlayer());
          if (p == s.currentPlayer()) {
            // the mover's legal actions are its own information; another player's view of them
            // may differ (phantom games: the mover's view is hidden)
            assertThat(target.legalActions()).as(what).containsExactly(s.legalActions());
          }
        }
        checked++;
      }
      assertThat(checked).as(spec).isGreaterThan(0);
    }
  }

  @Test
  void resampleIntoTheSourceItselfIsRejected() {
    for (String spec : GAMES) {
      Game g = GameRegistry.load(spec);
      State s = playouts(g, 1, 3).get(0);
      assertThatThrownBy(() -> s.resampleInto(0, new SplittableRandom(1), s))
          .as(spec).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("target");
    }
  }

  /**
   * Over a few thousand states of random playouts, for every player: equal information-state
   * strings give equal keys and distinct strings distinct keys (string → key and key → string
   * are both functions, which is the pairwise check over the sample).
   */
  @Test
  void informationStateKeysAreEqualExactlyWhenStringsAre() {
    for (String spec : GAMES) {
      Game g = GameRegistry.load(spec);
      List<State> states = playouts(g, spec.startsWith("hearts") ? 20 : 600, 11);
      for (int p = 0; p < g.numPlayers(); p++) {
        Map<String, Long> keyOf = new HashMap<>();
        Map<Long, String> stringOf = new HashMap<>();
        for (State s : states) {
          String text = s.informationStateString(p);
          long key = s.informationStateKey(p);
          Long k = keyOf.putIfAbsent(text, key);
          assertThat(k == null || k == key).as("%s player %d: same string %s, keys differ", spec, p, text).isTrue();
          String t = stringOf.putIfAbsent(key, text);
          assertThat(t == null || t.equals(text)).as("%s player %d: key %d for %s and %s", spec, p, key, t, text).isTrue();
        }
        assertThat(keyOf.size()).as(spec).isGreaterThan(spec.startsWith("kuhn") ? 5 : 50);
      }
    }
  }
}
