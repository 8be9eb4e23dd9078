package dev.ponder.games.phantom;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The exact resampler's draws, state by state and random number by random number, against a
 * descent written from the definition with the public game API only: from the initial state,
 * stop with probability 1/total where the history itself is consistent, else pick the mover's
 * legal actions in increasing order with probability proportional to their counts of consistent
 * completions (counted here by brute force over histories), drawing one {@code nextLong(total)}
 * per stop test and per hidden move, none at the player's own moves. A consistent history gives
 * the player the same information-state string with the same player to move.
 */
class PhantomExactDescentTest {

  private static final class Reference {
    final int p;
    final String info;
    final int toMove;
    final int[] own;
    final int[] buf;

    Reference(State s, int p) {
      this.p = p;
      this.info = s.informationStateString(p);
      this.toMove = s.currentPlayer();
      int[] h = s.history();
      State r = s.game().newInitialState();
      int[] mine = new int[h.length];
      int m = 0;
      for (int a : h) {
        if (r.currentPlayer() == p) {
          mine[m++] = a;
        }
        r.applyAction(a);
      }
      this.own = Arrays.copyOf(mine, m);
      this.buf = new int[s.game().numDistinctActions()];
    }

    boolean consistent(State h) {
      return h.currentPlayer() == toMove && h.informationStateString(p).equals(info);
    }

    /** Counts already made, by history (not by position: no transpositions). */
    final java.util.Map<String, Long> counted = new java.util.HashMap<>();

    /** Consistent histories extending {@code h} (h included), {@code i} own moves made. */
    long count(State h, int i) {
      String key = Arrays.toString(h.history());
      Long known = counted.get(key);
      if (known != null) {
        return known;
      }
      long c = countAnew(h, i);
      counted.put(key, c);
      return c;
    }

    private long countAnew(State h, int i) {
      long c = consistent(h) ? 1 : 0;
      if (h.isTerminal()) {
        return c;
      }
      if (h.currentPlayer() == p) {
        if (i < own.length && h.isLegal(own[i])) {
          State child = h.copy();
          child.applyAction(own[i]);
          c += count(child, i + 1);
        }
        return c;
      }
      int[] acts = new int[buf.length];
      int n = h.legalActions(acts);
      for (int k = 0; k < n; k++) {
        State child = h.copy();
        child.applyAction(acts[k]);
        c += count(child, i);
      }
      return c;
    }
  }

  /** One draw of the reference descent. */
  private static int[] referenceDraw(Game game, Reference ref, SplittableRandom rng) {
    State h = game.newInitialState();
    long total = ref.count(h, 0);
    int i = 0;
    while (true) {
      if (ref.consistent(h)) {
        long rest = total - 1;
        if (rest == 0 || rng.nextLong(total) < 1) {
          return h.history();
        }
        total = rest;
      }
      if (h.currentPlayer() == ref.p) {
        h.applyAction(ref.own[i++]);
        continue;
      }
      int[] b = new int[game.numDistinctActions()];
      int n = h.legalActions(b);
      long r = rng.nextLong(total);
      int chosen = -1;
      for (int k = 0; k < n && chosen < 0; k++) {
        State child = h.copy();
        child.applyAction(b[k]);
        long c = ref.count(child, i);
        if (r < c) {
          chosen = b[k];
          total = c;
        } else {
          r -= c;
        }
      }
      assertThat(chosen).as("reference descent").isNotNegative();
      h.applyAction(chosen);
    }
  }

  private static void sameDraws(String spec, int... history) {
    Game game = GameRegistry.load(spec);
    State s = game.newInitialState();
    for (int a : history) {
      s.applyAction(a);
    }
    int p = s.currentPlayer();
    Reference ref = new Reference(s, p);
    SplittableRandom mine = new SplittableRandom(42);
    SplittableRandom theirs = new SplittableRandom(42);
    State target = game.newInitialState();
    for (int d = 0; d < 300; d++) {
      s.resampleInto(p, mine, target);
      assertThat(target.history()).as("%s after %s, draw %d", spec, Arrays.toString(history), d)
          .containsExactly(referenceDraw(game, ref, theirs));
    }
    assertThat(mine.nextLong()).as("random numbers taken").isEqualTo(theirs.nextLong());
  }

  @Test
  void exactDrawsFollowTheDefinitionNumberByNumber() {
    sameDraws("phantom_ttt", 4);
    sameDraws("phantom_ttt", 4, 4, 0, 8);
    sameDraws("phantom_ttt", 2, 5, 4, 4, 6, 6, 1, 0);
    sameDraws("phantom_ttt", 8, 8, 5, 6, 3, 3, 2, 0);
    sameDraws("phantom_ttt(gameversion=abrupt)", 4, 4, 0, 8, 2);
    sameDraws("phantom_ttt(gameversion=abrupt)", 5, 2, 0, 1, 7, 7, 2, 5, 3);
  }
}
