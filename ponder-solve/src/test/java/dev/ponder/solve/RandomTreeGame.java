package dev.ponder.solve;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.State;
import dev.ponder.spec.Params;
import java.util.Arrays;
import java.util.List;

/**
 * A seeded random imperfect-information game for comparing solvers with reference
 * implementations: every property of a history (who acts, the chance distribution, the returns)
 * is a hash of the seed and the actions so far. Histories are at most {@code depth} actions long;
 * a decision's information state hides the actions at every other position (which ones depends on
 * the player), and its number of legal actions (2 or 3) is a hash of that information state, so
 * histories of one information state agree on it. Chance nodes have 1 to 3 outcomes of unequal
 * probabilities; terminal returns are multiples of 0.1 in [−3, 3] for players 0..n−2 (independent
 * per player) and the last player's is minus their sum: a zero-sum game.
 */
final class RandomTreeGame extends AbstractGame {
  final long seed;
  final int players;
  final int depth;

  RandomTreeGame(long seed, int players, int depth) {
    super(new GameType("random_tree", "Random tree", GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        GameType.Information.IMPERFECT_INFORMATION,
        GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL,
        players, players, List.of()), Params.defaults("random_tree", List.of()));
    this.seed = seed;
    this.players = players;
    this.depth = depth;
  }

  /**
   * False: an information state hides positions of the player's own actions too, so two
   * histories that differ in an own earlier action can share it. The walks compared on this game
   * (CFR, MCCFR against their recursive references) need no perfect recall.
   */
  @Override
  public boolean perfectRecall() {
    return false;
  }

  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  @Override
  public int numPlayers() {
    return players;
  }

  @Override
  public int numDistinctActions() {
    return 3;
  }

  @Override
  public int maxChanceOutcomes() {
    return 3;
  }

  @Override
  public double minUtility() {
    return -3.0 * Math.max(1, players - 1);
  }

  @Override
  public double maxUtility() {
    return 3.0 * Math.max(1, players - 1);
  }

  @Override
  public int maxGameLength() {
    return depth;
  }

  @Override
  public State newInitialState() {
    return new S(this);
  }

  static final class S extends State {
    final RandomTreeGame g;
    final int[] actions;
    int len;

    S(RandomTreeGame g) {
      this.g = g;
      this.actions = new int[g.depth];
    }

    @Override
    public Game game() {
      return g;
    }

    private long historyHash() {
      long h = mix(g.seed);
      for (int i = 0; i < len; i++) {
        h = mix(h * 31 + actions[i] + 1);
      }
      return h;
    }

    @Override
    public int currentPlayer() {
      long h = historyHash() >>> 1;
      if (len == g.depth || (len >= 2 && h % 5 == 0)) {
        return TERMINAL;
      }
      if (h % 4 == 1) {
        return CHANCE;
      }
      return (int) ((h >>> 8) % g.players);
    }

    @Override
    public int legalActions(int[] out) {
      int p = currentPlayer();
      if (p == TERMINAL) {
        return 0;
      }
      if (p == CHANCE) {
        return chanceOutcomes(out, new double[3]);
      }
      int k = 2 + (int) ((mix(informationStateString(p).hashCode() + g.seed) >>> 1) % 2);
      for (int j = 0; j < k; j++) {
        out[j] = j;
      }
      return k;
    }

    @Override
    public int chanceOutcomes(int[] out, double[] probs) {
      long h = mix(historyHash() + 7) >>> 1;
      int k = 1 + (int) (h % 3);
      double sum = 0;
      for (int j = 0; j < k; j++) {
        sum += 1 + ((h >>> (8 + 4 * j)) & 7);
      }
      for (int j = 0; j < k; j++) {
        out[j] = j;
        probs[j] = (1 + ((h >>> (8 + 4 * j)) & 7)) / sum;
      }
      return k;
    }

    @Override
    protected void doApplyAction(int action) {
      actions[len++] = action;
    }

    @Override
    public State copy() {
      S s = new S(g);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      S o = (S) other;
      System.arraycopy(o.actions, 0, actions, 0, o.len);
      len = o.len;
      copyHistoryFrom(o);
    }

    @Override
    public double playerReturn(int player) {
      if (currentPlayer() != TERMINAL) {
        return 0;
      }
      long h = historyHash();
      if (g.players == 2) {
        double u0 = ((mix(h + 11) >>> 1) % 61 - 30) / 10.0;
        return player == 0 ? u0 : -u0;
      }
      if (player < g.players - 1) {
        return ((mix(h + 11 + player) >>> 1) % 61 - 30) / 10.0;
      }
      double sum = 0;
      for (int q = 0; q < g.players - 1; q++) {
        sum += ((mix(h + 11 + q) >>> 1) % 61 - 30) / 10.0;
      }
      return -sum;
    }

    /** The actions so far, with those at positions of the other parity than the player's shown as '?'. */
    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      StringBuilder b = new StringBuilder().append(player).append(':');
      for (int i = 0; i < len; i++) {
        b.append((i + player) % 2 == 0 ? (char) ('0' + actions[i]) : '?');
      }
      return b.toString();
    }

    @Override
    public String actionToString(int player, int action) {
      return Integer.toString(action);
    }

    @Override
    public String toString() {
      return Arrays.toString(Arrays.copyOf(actions, len));
    }
  }
}
