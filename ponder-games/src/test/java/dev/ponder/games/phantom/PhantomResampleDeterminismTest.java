package dev.ponder.games.phantom;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.games.testutil.ResampleCheck;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The skeleton resampler's fallback to exact counting: it draws uniformly, and what a call takes
 * from the caller's generator does not depend on what earlier calls on the same state cached.
 *
 * <p>The position: abrupt phantom tic-tac-toe with revealed turns, player 1 to resample after ten
 * moves. Most skeleton draws of x's hidden stones complete a line of x before the tenth move (an
 * early end, rejected: about 60%), so with the tries bound lowered to a few draws both fallbacks
 * happen: the one decided once per state (every draw of the state's fixed-seed probe rejected:
 * here up to six tries) and the one of a caller whose own draws are all rejected.
 */
class PhantomResampleDeterminismTest {
  private static final String GAME = "phantom_ttt(obstype=reveal-numturns,gameversion=abrupt)";
  private static final int[] HISTORY = {0, 8, 7, 0, 3, 7, 1, 3, 8, 5};
  private static final int PLAYER = 1;

  private static PhantomState position(Game g, int tries) {
    PhantomState s = (PhantomState) g.stateFromHistory(HISTORY);
    s.skeletonTries(tries);
    return s;
  }

  @Test
  void exactCountingChosenUpFrontDrawsUniformly() {
    Game g = GameRegistry.load(GAME);
    PhantomState s = position(g, 0); // no skeleton draw can be accepted: exact counts from the start
    int worlds = ResampleCheck.assertUniform(g, s, PLAYER, 12_000, 11);
    assertThat(s.resampleMode(PLAYER)).isEqualTo("exact");
    assertThat(worlds).isGreaterThan(40);
  }

  @Test
  void callerFallbackAfterRejectedSkeletonDrawsDrawsUniformly() {
    Game g = GameRegistry.load(GAME);
    // with seven tries the state's fixed-seed probe accepts a skeleton draw (six do not), and about
    // one call in thirty has its own seven draws rejected
    PhantomState s = position(g, 7);
    // uniform over the worlds enumerated by brute force, mixing accepted skeleton draws and
    // descents on exact counts after a caller's seven rejections
    int worlds = ResampleCheck.assertUniform(g, s, PLAYER, 12_000, 12);
    assertThat(s.resampleMode(PLAYER)).isEqualTo("skeleton+exact");
    assertThat(worlds).isGreaterThan(40);
  }

  /**
   * A copy keeps the counts its source cached (a search with several threads resamples from one
   * copy of the root per worker: the counts are built once) and draws exactly as its source does;
   * a copy whose test settings differ, and a copy that moves on, count afresh.
   */
  @Test
  void aCopyKeepsItsSourcesCountsAndDrawsAsItDoes() {
    Game g = GameRegistry.load(GAME);
    PhantomState s = (PhantomState) g.stateFromHistory(HISTORY);
    s.resample(PLAYER, new SplittableRandom(1));
    assertThat(s.resampleMode(PLAYER)).isEqualTo("skeleton");
    PhantomState c = (PhantomState) s.copy();
    assertThat(c.resampleMode(PLAYER)).isEqualTo("skeleton");
    assertThat(c.resampleMode(1 - PLAYER)).isNull();
    for (int seed = 0; seed < 50; seed++) {
      assertThat(c.resample(PLAYER, new SplittableRandom(seed)).history())
          .containsExactly(s.resample(PLAYER, new SplittableRandom(seed)).history());
    }
    PhantomState other = position(g, 7);
    other.copyFrom(s);
    assertThat(other.resampleMode(PLAYER)).isNull();
    c.applyAction(c.legalActions()[0]);
    assertThat(c.resampleMode(PLAYER)).isNull();
  }

  @Test
  void defaultTriesDrawUniformly() {
    Game g = GameRegistry.load(GAME);
    PhantomState s = (PhantomState) g.stateFromHistory(HISTORY);
    ResampleCheck.assertUniform(g, s, PLAYER, 12_000, 13);
    assertThat(s.resampleMode(PLAYER)).isEqualTo("skeleton");
  }

  /**
   * The probe keeps the skeleton counts only if one of its first draws is accepted (here the
   * seventh is the first): with six probe draws the state counts exactly, although a later draw
   * would have been accepted; with seven it keeps the skeleton.
   */
  @Test
  void aStateWhoseProbeAcceptsLateCountsExactly() {
    Game g = GameRegistry.load(GAME);
    PhantomState late = (PhantomState) g.stateFromHistory(HISTORY);
    late.probeTries(6, Integer.MAX_VALUE);
    int worlds = ResampleCheck.assertUniform(g, late, PLAYER, 12_000, 14);
    assertThat(late.resampleMode(PLAYER)).isEqualTo("exact");
    assertThat(worlds).isGreaterThan(40);
    PhantomState early = (PhantomState) g.stateFromHistory(HISTORY);
    early.probeTries(7, Integer.MAX_VALUE);
    early.resample(PLAYER, new SplittableRandom(1));
    assertThat(early.resampleMode(PLAYER)).isEqualTo("skeleton");
  }

  /**
   * When the exact counts exceed their bound, a state whose probe accepts only late keeps the
   * skeleton (draws stay uniform); with no accepted draw within the tries, resampling is refused.
   */
  @Test
  void aLateAcceptingStateKeepsTheSkeletonWhenExactCountsDoNotFit() {
    Game g = GameRegistry.load(GAME);
    PhantomState s = (PhantomState) g.stateFromHistory(HISTORY);
    s.probeTries(6, 1);
    ResampleCheck.assertUniform(g, s, PLAYER, 12_000, 15);
    assertThat(s.resampleMode(PLAYER)).isEqualTo("skeleton");
    PhantomState refused = (PhantomState) g.stateFromHistory(HISTORY);
    refused.skeletonTries(6);
    refused.probeTries(6, 1);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> refused.resample(PLAYER, new SplittableRandom(1)))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("counting the consistent histories needs more than 1 positions");
  }

  /** {@code n} draws into one reused target from a generator seeded {@code seed}, as histories. */
  private static List<String> draws(State s, long seed, int n) {
    SplittableRandom rng = new SplittableRandom(seed);
    State into = s.game().newInitialState();
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(Arrays.toString(ResampleCheck.draw(s, PLAYER, rng, into, i).history()));
    }
    return out;
  }

  @Test
  void sameSeedGivesTheSameWorldsOnAFreshAndOnAResampledState() {
    Game g = GameRegistry.load(GAME);
    for (int tries : new int[] {0, 1, 6, 7, 8, PhantomState.SKELETON_TRIES}) {
      List<String> fresh = draws(position(g, tries), 42, 60);
      PhantomState used = position(g, tries);
      draws(used, 7, 100); // caches counts (and, with few tries, falls back on the way)
      assertThat(draws(used, 42, 60)).as("tries %d, state resampled before", tries).isEqualTo(fresh);
      assertThat(draws(used, 42, 60)).as("tries %d, again", tries).isEqualTo(fresh);
      // the other player's cache does not disturb this one
      used.resample(1 - PLAYER, new SplittableRandom(5));
      assertThat(draws(used, 42, 60)).as("tries %d, after the other player's resample", tries).isEqualTo(fresh);
    }
  }

  @Test
  void sameSeedGivesTheSameWorldsAfterACallerFellBack() {
    // a state that already holds a caller fallback's exact counts and a fresh one: a call on
    // either takes the same draws (before, the first fallback replaced the skeleton counts, so
    // later calls skipped the skeleton draws the first one had made)
    Game g = GameRegistry.load(GAME);
    for (int tries : new int[] {7, 8}) {
      for (long seed = 0; seed < 30; seed++) {
        PhantomState used = position(g, tries);
        SplittableRandom warm = new SplittableRandom(1000 + seed);
        for (int i = 0; i < 2000 && !"skeleton+exact".equals(used.resampleMode(PLAYER)); i++) {
          used.resample(PLAYER, warm);
        }
        assertThat(used.resampleMode(PLAYER)).as("tries %d", tries).isEqualTo("skeleton+exact");
        PhantomState fresh = position(g, tries);
        SplittableRandom a = new SplittableRandom(seed);
        SplittableRandom b = new SplittableRandom(seed);
        for (int i = 0; i < 5; i++) {
          assertThat(Arrays.toString(used.resample(PLAYER, b).history()))
              .as("tries %d seed %d draw %d", tries, seed, i)
              .isEqualTo(Arrays.toString(fresh.resample(PLAYER, a).history()));
        }
        assertThat(b.nextLong()).as("generators in step, tries %d seed %d", tries, seed).isEqualTo(a.nextLong());
      }
    }
  }
}
