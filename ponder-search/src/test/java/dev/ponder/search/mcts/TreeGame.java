package dev.ponder.search.mcts;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.State;
import dev.ponder.spec.Params;
import java.util.Arrays;
import java.util.List;

/**
 * A tiny explicit game tree for tests: every decision node has {@code branching} actions, player
 * {@code depth % n} acts at depth {@code depth}, optional chance nodes with given probabilities,
 * and the leaf value vectors are given in lexicographic order of the action sequence.
 */
final class TreeGame extends AbstractGame {
  private final int numPlayers;
  private final int branching;
  private final int depth;
  private final double[][] leaves;
  private final double[] chanceProbs; // non-null: depth 1 is a chance node with these outcomes
  private final double min;
  private final double max;
  /** Depth at which only action 0 is legal (a forced move), or −1. */
  private int forcedDepth = -1;
  /** Whether states support undo ({@link #withUndo()}). */
  private boolean undo;
  /** Whether decision nodes list their legal actions in descending order ({@link #descending()}), which the API forbids. */
  private boolean descending;
  /** Number of {@link State#copyFrom} calls on this game's states (one thread). */
  long copies;
  /** Called with the state at every {@link State#currentPlayer()} (and so every terminal test), or null. */
  java.util.function.Consumer<S> onCurrentPlayer;

  TreeGame(int numPlayers, int branching, int depth, double[][] leaves, double[] chanceProbs, double min, double max) {
    super(new GameType("tree_game", "Test tree game", chanceProbs == null ? GameType.ChanceMode.DETERMINISTIC
        : GameType.ChanceMode.EXPLICIT_STOCHASTIC, GameType.Information.PERFECT_INFORMATION,
        GameType.Utility.GENERAL_SUM, GameType.RewardModel.TERMINAL, numPlayers, numPlayers, List.of()),
        Params.defaults("tree_game", List.of()));
    this.numPlayers = numPlayers;
    this.branching = branching;
    this.depth = depth;
    this.leaves = leaves;
    this.chanceProbs = chanceProbs;
    this.min = min;
    this.max = max;
  }

  /** This game with undo: its states take back their last action. */
  TreeGame withUndo() {
    undo = true;
    return this;
  }

  /** This game with its decision nodes' legal actions listed in descending order (a bug of a game). */
  TreeGame descending() {
    descending = true;
    return this;
  }

  /** This game with one legal action (0) at depth {@code d}: a forced move there. */
  TreeGame forcedAt(int d) {
    forcedDepth = d;
    return this;
  }

  @Override
  public int numPlayers() {
    return numPlayers;
  }

  @Override
  public int numDistinctActions() {
    return branching;
  }

  @Override
  public int maxChanceOutcomes() {
    return chanceProbs == null ? 0 : chanceProbs.length;
  }

  @Override
  public double minUtility() {
    return min;
  }

  @Override
  public double maxUtility() {
    return max;
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
    final TreeGame g;
    final int[] path;
    int len;

    S(TreeGame g) {
      this.g = g;
      this.path = new int[g.depth];
    }

    @Override
    public Game game() {
      return g;
    }

    private boolean chanceAt(int d) {
      return g.chanceProbs != null && d == 1;
    }

    @Override
    public int currentPlayer() {
      if (g.onCurrentPlayer != null) {
        g.onCurrentPlayer.accept(this);
      }
      if (len == g.depth) {
        return TERMINAL;
      }
      if (chanceAt(len)) {
        return CHANCE;
      }
      int decisions = len - (g.chanceProbs != null && len > 1 ? 1 : 0);
      return decisions % g.numPlayers;
    }

    @Override
    public int legalActions(int[] out) {
      if (len == g.depth) {
        return 0;
      }
      int n = chanceAt(len) ? g.chanceProbs.length : len == g.forcedDepth ? 1 : g.branching;
      for (int i = 0; i < n; i++) {
        out[i] = g.descending && !chanceAt(len) ? n - 1 - i : i;
      }
      return n;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      if (!chanceAt(len)) {
        throw new IllegalStateException("not a chance node");
      }
      for (int i = 0; i < g.chanceProbs.length; i++) {
        actions[i] = i;
        probabilities[i] = g.chanceProbs[i];
      }
      return g.chanceProbs.length;
    }

    @Override
    protected void doApplyAction(int action) {
      path[len++] = action;
    }

    @Override
    public State copy() {
      S s = new S(g);
      s.copyFrom(this);
      return s;
    }

    @Override
    public boolean supportsUndo() {
      return g.undo;
    }

    @Override
    protected void doUndoAction(int action) {
      len--;
    }

    @Override
    public void copyFrom(State other) {
      g.copies++;
      S o = (S) other;
      System.arraycopy(o.path, 0, path, 0, o.len);
      len = o.len;
      copyHistoryFrom(o);
    }

    private int leafIndex() {
      int idx = 0;
      for (int i = 0; i < g.depth; i++) {
        int base = chanceAt(i) ? g.chanceProbs.length : g.branching;
        idx = idx * base + path[i];
      }
      return idx;
    }

    @Override
    public double playerReturn(int player) {
      return len == g.depth ? g.leaves[leafIndex()][player] : 0.0;
    }

    @Override
    public String actionToString(int player, int action) {
      return Integer.toString(action);
    }

    @Override
    public String toString() {
      return Arrays.toString(Arrays.copyOf(path, len));
    }
  }
}
