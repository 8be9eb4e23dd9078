package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link RandomRollout} plays, from the worker's generator, exactly the rollout of the reference
 * loop: decisions {@code legal[rng.nextInt(n)]} over the listed legal actions, chance outcomes by
 * one {@code nextDouble()} against the cumulative probabilities. Games that override {@link
 * State#sampleLegalAction} (hex with and without swap, gomoku, dark hex) must not change it.
 */
class RandomRolloutTest {

  private static void referenceRollout(State s, SplittableRandom rng) {
    int[] buf = new int[Math.max(1, s.game().maxActionsPerState())];
    double[] probs = new double[buf.length];
    while (!s.isTerminal()) {
      int a;
      if (s.isChanceNode()) {
        int n = s.chanceOutcomes(buf, probs);
        a = buf[dev.ponder.game.Distributions.sample(probs, 0, n, rng.nextDouble())];
      } else {
        int n = s.legalActions(buf);
        a = buf[rng.nextInt(n)];
      }
      s.applyActionUnchecked(a);
    }
  }

  @Test
  void rolloutsEqualTheListingReference() {
    for (String spec : new String[] {"hex", "hex(board_size=5,swap=true)", "gomoku", "dark_hex(board_size=4)", "pig"}) {
      Game game = GameRegistry.load(spec);
      SplittableRandom openings = new SplittableRandom(9);
      for (long seed = 0; seed < 30; seed++) {
        // a start a few random moves in (for hex with swap, sometimes the swap decision itself)
        State start = game.newInitialState();
        int[] buf = new int[Math.max(1, game.maxActionsPerState())];
        for (int k = (int) (seed % 4); k > 0 && !start.isTerminal() && !start.isChanceNode(); k--) {
          start.applyAction(buf[openings.nextInt(start.legalActions(buf))]);
        }
        SearchContext ctx = SearchContext.detached(game, seed);
        State byRollout = start.copy();
        double[] out = new double[game.numPlayers()];
        RandomRollout.INSTANCE.evaluate(byRollout, out, ctx);
        State byReference = start.copy();
        SplittableRandom reference = new SplittableRandom(seed);
        referenceRollout(byReference, reference);
        assertThat(byRollout.history()).as("%s seed %d", spec, seed).isEqualTo(byReference.history());
        assertThat(out).containsExactly(byReference.returns());
        assertThat(ctx.rng().nextLong()).isEqualTo(reference.nextLong());
      }
    }
  }
}
