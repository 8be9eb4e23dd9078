package dev.ponder.game.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The kit's cost on a long game with a large tensor stays linear in the states: the copy checks
 * copy the history (O(t) after t actions) and the tensor check writes every entry, so checking
 * both at every state cost O(L²) history entries and L · entries tensor entries (pig with
 * {@code horizon=5000,winscore=1000000}: 31 s for 7,476 states). The work is counted, not timed.
 */
class ConformanceKitCostTest {
  static final int LENGTH = 20_000;
  static final int TENSOR = 100_000;

  /** History entries copied by copyFrom, and tensor entries written, over a run. */
  static long copiedHistory;
  static long tensorEntries;

  @BeforeAll
  static void register() {
    GameRegistry.register(new LongCountGame.Factory());
  }

  @Test
  void longPlayoutWithALargeTensorCostsLinearWork() {
    copiedHistory = 0;
    tensorEntries = 0;
    List<Long> progress = new ArrayList<>();
    Game g = GameRegistry.load("long_count");
    ConformanceKit.Report r = ConformanceKit.check(g, new ConformanceKit.Options().playouts(1).seed(3).progress(progress::add));
    long states = r.states();
    assertThat(states).isEqualTo(LENGTH + 1);
    // every state copied whole: Σ t = 2·10^8 entries; sampled beyond COPY_EVERY_STATE: about 2·10^7
    assertThat(copiedHistory).isPositive().isLessThan(4L * ConformanceKit.COPY_EVERY_STATE * states);
    // every state's tensors: 2 players · 10^5 · 20,001 = 4·10^9 entries; sampled: about 6.5·10^8
    assertThat(tensorEntries).isPositive().isLessThan(2L * ConformanceKit.TENSOR_EVERY_STATE * states);
    // a call every PROGRESS_EVERY states (so a long playout shows progress before it ends), then one
    // at the end with the count
    List<Long> expected = new ArrayList<>();
    for (long k = ConformanceKit.Options.PROGRESS_EVERY; k <= states; k += ConformanceKit.Options.PROGRESS_EVERY) {
      expected.add(k);
    }
    expected.add(states);
    assertThat(ConformanceKit.Options.PROGRESS_EVERY).isLessThan(1000);
    assertThat(progress).containsExactlyElementsOf(expected);
  }

  /**
   * Test-only game {@code long_count}: the players alternately say the next number (one action,
   * 0) until {@value #LENGTH} have been said; the last to speak wins (+1/−1). Its observation
   * tensor is a one-hot count of {@value #TENSOR} entries.
   */
  static final class LongCountGame extends TwoPlayerZeroSumGame {
    static final GameType TYPE = new GameType("long_count", "Long Count", GameType.ChanceMode.DETERMINISTIC,
        GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
        List.<ParamSpec>of());

    LongCountGame(Params params) {
      super(TYPE, params);
    }

    static final class Factory extends SimpleGameFactory {
      Factory() {
        super(TYPE, LongCountGame::new);
      }
    }

    @Override
    public int numDistinctActions() {
      return 1;
    }

    @Override
    public int maxGameLength() {
      return LENGTH;
    }

    @Override
    public int[] observationTensorShape() {
      return new int[] {TENSOR};
    }

    @Override
    public State newInitialState() {
      return new Count(this);
    }
  }

  static final class Count extends State {
    private final LongCountGame game;
    private int said;

    Count(LongCountGame game) {
      this.game = game;
    }

    @Override
    public Game game() {
      return game;
    }

    @Override
    public int currentPlayer() {
      return said == LENGTH ? TERMINAL : said & 1;
    }

    @Override
    public int legalActions(int[] out) {
      if (said == LENGTH) {
        return 0;
      }
      out[0] = 0;
      return 1;
    }

    @Override
    protected void doApplyAction(int action) {
      said++;
    }

    @Override
    public State copy() {
      Count c = new Count(game);
      c.copyFrom(this);
      return c;
    }

    @Override
    public void copyFrom(State other) {
      said = ((Count) other).said;
      copiedHistory += other.historySize();
      copyHistoryFrom(other);
    }

    @Override
    public double playerReturn(int player) {
      if (said < LENGTH) {
        return 0;
      }
      return player == ((LENGTH - 1) & 1) ? 1 : -1;
    }

    @Override
    public String actionToString(int player, int action) {
      return "say";
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      java.util.Arrays.fill(out, 0, TENSOR, 0f);
      out[said % TENSOR] = 1f;
      tensorEntries += TENSOR;
    }

    @Override
    public String toString() {
      return said + " said";
    }
  }
}
