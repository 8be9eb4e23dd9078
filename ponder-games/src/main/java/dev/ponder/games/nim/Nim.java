package dev.ponder.games.nim;

import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.games.Zobrist;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;

/**
 * Nim, OpenSpiel-compatible ({@code nim}): two players alternately take at least one object from
 * one pile. In normal play the player who takes the last object wins; in misère play
 * ({@code is_misere=true}, the default) that player loses.
 *
 * <p>Parameters: {@code pile_sizes} (semicolon-separated sizes, default {@code 1;3;5;7}),
 * {@code is_misere} (default true). Action {@code a} takes {@code a / numPiles + 1} objects from
 * pile {@code a % numPiles}; its string is {@code pile:P, take:T;} with a 1-based pile.
 * {@link #numDistinctActions()} is {@code numPiles * maxPile + 1}, as in OpenSpiel. Returns are
 * +1 / −1.
 */
public final class Nim extends TwoPlayerZeroSumGame {
  static final GameType TYPE = new GameType("nim", "Nim",
      GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(
          ParamSpec.ofString("pile_sizes", "1;3;5;7",
              "semicolon-separated pile sizes: 1..64 piles, each 0..10000, total 1..65535"),
          ParamSpec.ofBool("is_misere", true, "the player who takes the last object loses")));

  private static final int MAX_PILES = 64;
  private static final int MAX_PILE = 10_000;

  private final int[] piles;
  private final boolean misere;
  private final int maxPile;
  private final int total;
  /** Zobrist keys: {@code keys[p * (maxPile + 1) + count]}, then one side-to-move key. */
  final long[] keys;

  /**
   * Creates the game from {@code pile_sizes} (default {@code 1;3;5;7}: 1..64 sizes separated by
   * {@code ;}, each 0..10,000, 1..65,535 objects in all) and {@code is_misere} (default true).
   *
   * @throws SpecException if {@code pile_sizes} does not parse as such a list or breaks one of
   *     those bounds
   */
  public Nim(Params params) {
    this(params, parsePiles(params.getString("pile_sizes")));
  }

  private Nim(Params params, int[] piles) {
    super(TYPE, canonical(params, piles));
    this.piles = piles;
    this.misere = params.getBool("is_misere");
    int m = 0;
    int t = 0;
    for (int p : piles) {
      m = Math.max(m, p);
      t += p;
    }
    this.maxPile = m;
    this.total = t;
    this.keys = Zobrist.keys(0x4E494DL, piles.length * (maxPile + 1) + 1);
  }

  /**
   * The parameters with {@code pile_sizes} written as the sizes it holds ({@code piles}, parsed
   * from it), without the spaces a piece may carry ({@code 1; 3} and {@code 1;03} give
   * {@code 1;3}), so that one game has one game string. The default and sizes already written so
   * are kept as given.
   */
  private static Params canonical(Params params, int[] piles) {
    String text = params.getString("pile_sizes");
    StringJoiner j = new StringJoiner(";");
    for (int p : piles) {
      j.add(Integer.toString(p));
    }
    return j.toString().equals(text) ? params : params.with("pile_sizes", j.toString());
  }

  static int[] parsePiles(String text) {
    String[] parts = text.split(";", -1);
    if (parts.length > MAX_PILES) {
      throw new SpecException("nim: pile_sizes has " + parts.length + " piles; valid: 1.." + MAX_PILES);
    }
    int[] out = new int[parts.length];
    int sum = 0;
    for (int i = 0; i < parts.length; i++) {
      long size;
      try {
        size = ParamSpec.wholeNumber(parts[i]); // the rule of integer parameters: 3, or 1e3
      } catch (NumberFormatException e) {
        throw new SpecException("nim: could not parse pile size '" + parts[i] + "' in pile_sizes '" + text
            + "'; valid: integers 0.." + MAX_PILE + " separated by ';', e.g. 1;3;5;7");
      } catch (ArithmeticException beyond) {
        size = Long.MAX_VALUE; // beyond the long range: out of range, as typed
      }
      if (size < 0 || size > MAX_PILE) {
        throw new SpecException("nim: pile size " + parts[i].trim() + " is out of range; valid: 0.." + MAX_PILE);
      }
      out[i] = (int) size;
      sum += out[i];
    }
    if (sum == 0) {
      throw new SpecException("nim: pile_sizes '" + text + "' has no objects; valid: at least one pile above 0");
    }
    if (sum > dev.ponder.games.Limits.MAX_LEGAL_ACTIONS) {
      // the initial position offers one legal move per object: search trees hold at most 65,535 children
      throw new SpecException("nim: pile_sizes holds " + sum + " objects in all; valid: total 1.."
          + dev.ponder.games.Limits.MAX_LEGAL_ACTIONS + " (one legal move per object)");
    }
    return out;
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code nim}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, Nim::new);
    }
  }

  /** Initial pile sizes (a copy). */
  public int[] pileSizes() {
    return piles.clone();
  }

  /** Whether the player who takes the last object loses (the {@code is_misere} parameter). */
  public boolean isMisere() {
    return misere;
  }

  /** Number of piles, 1..64, empty ones included. */
  public int numPiles() {
    return piles.length;
  }

  @Override
  public int numDistinctActions() {
    return piles.length * maxPile + 1;
  }

  @Override
  public int maxGameLength() {
    return total;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {2 + 1 + piles.length + piles.length * (maxPile + 1)};
  }

  @Override
  public NimState newInitialState() {
    return new NimState(this);
  }

  /** A Nim position: pile sizes and the player to move. Supports undo; incremental Zobrist hash. */
  public static final class NimState extends State {
    private final Nim game;
    private final int[] piles;
    private final int np;
    private int toMove;
    private int remaining;
    private int winner = -1;
    private long hash;

    NimState(Nim game) {
      this.game = game;
      this.piles = game.piles.clone();
      this.np = piles.length;
      this.remaining = game.total;
      for (int p = 0; p < np; p++) {
        hash ^= game.keys[p * (game.maxPile + 1) + piles[p]];
      }
    }

    @Override
    public Game game() {
      return game;
    }

    /** Current size of pile {@code p} (0-based). */
    public int pile(int p) {
      return piles[p];
    }

    @Override
    public int currentPlayer() {
      return remaining == 0 ? TERMINAL : toMove;
    }

    @Override
    public int legalActions(int[] out) {
      if (remaining == 0) {
        return 0;
      }
      int n = 0;
      int largest = 0;
      for (int p = 0; p < np; p++) {
        largest = Math.max(largest, piles[p]);
      }
      for (int take = 1; take <= largest; take++) {
        int base = (take - 1) * np;
        for (int p = 0; p < np; p++) {
          if (piles[p] >= take) {
            out[n++] = base + p;
          }
        }
      }
      return n;
    }

    @Override
    public boolean isLegal(int action) {
      if (remaining == 0 || action < 0) {
        return false;
      }
      int p = action % np;
      int take = action / np + 1;
      return take <= piles[p];
    }

    @Override
    protected void doApplyAction(int action) {
      int p = action % np;
      int take = action / np + 1;
      int stride = game.maxPile + 1;
      hash ^= game.keys[p * stride + piles[p]];
      piles[p] -= take;
      hash ^= game.keys[p * stride + piles[p]] ^ game.keys[np * stride];
      remaining -= take;
      if (remaining == 0) {
        winner = game.misere ? 1 - toMove : toMove;
      }
      toMove = 1 - toMove;
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      int p = action % np;
      int take = action / np + 1;
      int stride = game.maxPile + 1;
      hash ^= game.keys[p * stride + piles[p]];
      piles[p] += take;
      hash ^= game.keys[p * stride + piles[p]] ^ game.keys[np * stride];
      remaining += take;
      winner = -1;
      toMove = 1 - toMove;
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (winner < 0) {
        return 0;
      }
      return winner == player ? 1 : -1;
    }

    @Override
    public String actionToString(int player, int action) {
      return "pile:" + (action % np + 1) + ", take:" + (action / np + 1) + ";";
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      int size = 3 + np + np * (game.maxPile + 1);
      Arrays.fill(out, 0, size, 0f);
      out[toMove] = 1f;
      out[2] = remaining == 0 ? 1f : 0f;
      out[3 + np - 1] = 1f;
      int offset = 3 + np;
      for (int p = 0; p < np; p++) {
        out[offset + piles[p]] = 1f;
        offset += game.maxPile + 1;
      }
    }

    @Override
    public long hash() {
      return hash;
    }

    @Override
    public NimState copy() {
      NimState s = new NimState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      NimState o = (NimState) other;
      System.arraycopy(o.piles, 0, piles, 0, np);
      toMove = o.toMove;
      remaining = o.remaining;
      winner = o.winner;
      hash = o.hash;
      copyHistoryFrom(o);
    }

    /** OpenSpiel's rendering: {@code (player): size size ...}. */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder();
      sb.append('(').append(toMove).append("): ");
      for (int p = 0; p < np; p++) {
        if (p > 0) {
          sb.append(' ');
        }
        sb.append(piles[p]);
      }
      return sb.toString();
    }
  }
}
