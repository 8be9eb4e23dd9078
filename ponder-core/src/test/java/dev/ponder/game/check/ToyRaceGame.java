package dev.ponder.game.check;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameFactory;
import dev.ponder.game.GameType;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Test-only game {@code toy_race}: two players alternately add 1 (action 0) or 2 (action 1, legal
 * only while their count is at most 2) to their own count; a chance node after each move adds a
 * bonus of 0 or 1 (probability 1/2 each); the first to reach 5 wins (+1/−1). The {@code flaw}
 * parameter plants one bug the conformance kit must catch (except {@code nominal_max}, a sound
 * game whose returns ±2 exceed its maxUtility 1, declared nominal, with minUtility −2;
 * {@code nominal_max_low} keeps minUtility −1, strict, which the −2 returns break); the {@code late_*} flaws make the race
 * long (to {@value #LATE_GOAL}, about 160 actions) and appear only after {@value #LATE_DEPTH}
 * actions, where the kit's deep checks run at a sample of the states only. The observation
 * tensor is (count 0, count 1, player to move).
 *
 * <p>Flaws of the hash and undo: {@code hash_ignores_count} leaves player 1's count out of the
 * hash, {@code hash_ignores_player} the player to move and the chance flag; {@code
 * last_in_string} is sound: its toString also shows the last action, which has no effect on the
 * future (transpositions differ in it, the hash rightly not); {@code mid_return} gives returns
 * ±0.5 before the end although rewards are terminal; {@code shared_undo_stack} keeps an undo
 * stack of the gains (what each action added), which {@code copy()} shares with the original,
 * {@code aliasing_copy_from_stack} the same stack shared by {@code copyFrom} (and so by copy,
 * which calls it); {@code aliasing_copy_from} makes copyFrom share the counts; {@code
 * undo_hidden_count}: undoing a move adds 1 to the other player's count, which neither the
 * mover's legal actions nor the returns show (the hash and toString do); {@code overflow} writes a
 * third legal action (a duplicate) past the buffer of maxActionsPerState() = 2 at a count of 1;
 * {@code bad_undo_of_two}: undoing the move +2 (action 1) takes back only 1; {@code nan_return}:
 * the returns at the end are NaN; {@code tensor_past_end}: the observation tensor clears the whole
 * array it is given ({@code Arrays.fill(out, 0f)}), entries past its size 3 included.
 */
final class ToyRaceGame extends AbstractGame {
  static final String[] FLAWS = {"none", "shared_copy", "unsorted", "bad_probability", "bad_undo", "duplicate_strings",
      "return_out_of_bounds", "info_collision", "bad_resample", "stale_copy_from", "long_game", "bad_hash",
      "not_zero_sum", "lax_legality", "bad_string_to_action", "short_tensor", "late_copy", "late_resample", "undeclared_sum",
      "sample_wrong_action", "sample_extra_draw", "sample_stale_copy", "sample_stale_undo",
      "nominal_max", "nominal_max_low", "undeclared_chance", "zero_length",
      "hash_ignores_count", "hash_ignores_player", "last_in_string", "mid_return", "shared_undo_stack",
      "aliasing_copy_from_stack", "aliasing_copy_from", "undo_hidden_count", "overflow", "bad_undo_of_two",
      "apply_throws", "undo_throws", "nan_return", "tensor_past_end"};
  /** Flaws named {@code late_*} race to {@link #LATE_GOAL} and appear only from history length {@link #LATE_DEPTH} on. */
  static final int LATE_GOAL = 60;
  static final int LATE_DEPTH = 100;

  static final GameType TYPE = new GameType("toy_race", "Toy Race", GameType.ChanceMode.EXPLICIT_STOCHASTIC,
      GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofString("flaw", "none", "planted bug")));

  /** The type of flaw {@code undeclared_sum}: constant-sum, but the game keeps the default utilitySum(). */
  static final GameType CONSTANT_SUM_TYPE = new GameType("toy_race", "Toy Race", GameType.ChanceMode.EXPLICIT_STOCHASTIC,
      GameType.Information.PERFECT_INFORMATION, GameType.Utility.CONSTANT_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      TYPE.parameters());

  private final String flaw;
  private final int goal;

  ToyRaceGame(Params params) {
    super("undeclared_sum".equals(params.getString("flaw")) ? CONSTANT_SUM_TYPE : TYPE, params);
    this.flaw = params.requireOneOf("flaw", FLAWS);
    this.goal = flaw.startsWith("late_") ? LATE_GOAL : 5;
  }

  static final class Factory implements GameFactory {
    @Override
    public GameType type() {
      return TYPE;
    }

    @Override
    public Game create(Params params) {
      return new ToyRaceGame(params);
    }
  }

  @Override
  public int numPlayers() {
    return 2;
  }

  @Override
  public int numDistinctActions() {
    return 2;
  }

  @Override
  public int maxChanceOutcomes() {
    // undeclared_chance: declares no chance outcomes but has chance nodes
    return flaw.equals("undeclared_chance") ? 0 : 2;
  }

  @Override
  public double minUtility() {
    return flaw.equals("nominal_max") ? -2 : -1;
  }

  @Override
  public boolean maxUtilityNominal() {
    return flaw.startsWith("nominal_max");
  }

  @Override
  public double maxUtility() {
    return 1;
  }

  @Override
  public int maxGameLength() {
    // each turn is a move and a bonus and adds at least 1 to the mover's count
    return flaw.equals("long_game") ? 6 : flaw.equals("zero_length") ? 0 : 2 * (2 * (goal - 1) + 1);
  }

  /** Observation: both counts and the player to move. */
  @Override
  public int[] observationTensorShape() {
    return new int[] {3};
  }

  @Override
  public State newInitialState() {
    return new Race(this);
  }

  static final class Race extends State {
    private final ToyRaceGame game;
    private int[] counts = new int[2];
    private int toMove;
    private boolean chance;
    private int winner = -1;
    /**
     * The number of legal actions, kept by apply and undo and read by the {@code sample_stale_*}
     * flaws' sampleLegalAction (as a game would cache a count of empty cells).
     */
    private int legalCount = 2;
    /** Flaws {@code shared_undo_stack}, {@code aliasing_copy_from_stack}: the gain of each action applied, read by undo. */
    private int[] gains = new int[256];

    private boolean stacked() {
      return is("shared_undo_stack") || is("aliasing_copy_from_stack");
    }

    Race(ToyRaceGame game) {
      this.game = game;
    }

    private boolean is(String f) {
      return game.flaw.equals(f);
    }

    @Override
    public Game game() {
      return game;
    }

    @Override
    public int currentPlayer() {
      return winner >= 0 ? TERMINAL : chance ? CHANCE : toMove;
    }

    @Override
    public int legalActions(int[] out) {
      if (winner >= 0) {
        return 0;
      }
      if (is("overflow") && !chance && counts[toMove] == 1) {
        out[0] = 0;
        out[1] = 1;
        out[2] = 1;
        return 3;
      }
      if (chance || counts[toMove] <= 2) {
        if (is("unsorted")) {
          out[0] = 1;
          out[1] = 0;
        } else {
          out[0] = 0;
          out[1] = 1;
        }
        return 2;
      }
      out[0] = 0;
      return 1;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      if (!chance || winner >= 0) {
        throw new IllegalStateException("not a chance node");
      }
      actions[0] = 0;
      actions[1] = 1;
      probabilities[0] = 0.5;
      probabilities[1] = is("bad_probability") ? 0.6 : 0.5;
      return 2;
    }

    @Override
    protected void doApplyAction(int action) {
      if (is("apply_throws") && !chance && counts[toMove] >= 2) {
        throw new IllegalStateException("planted: no move from count " + counts[toMove]);
      }
      if (stacked()) {
        gains[historySize()] = chance ? action : action + 1;
      }
      if (chance) {
        counts[toMove] += action;
        chance = false;
        if (counts[toMove] >= game.goal) {
          winner = toMove;
        } else {
          toMove = 1 - toMove;
        }
      } else {
        counts[toMove] += action + 1;
        chance = true;
      }
      legalCount = legalActions(new int[3]); // room for the overflow flaw's third action
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      if (is("undo_throws") && chance && counts[toMove] >= 3) {
        throw new IllegalStateException("planted: no undo to count " + counts[toMove]);
      }
      // the history no longer holds the action: its index is historySize()
      int gain = stacked() ? gains[historySize()] : -1;
      if (chance) {
        counts[toMove] -= is("bad_undo") ? 0 : stacked() ? gain : is("bad_undo_of_two") ? 1 : action + 1;
        chance = false;
        if (is("undo_hidden_count")) {
          counts[1 - toMove] += 1;
        }
      } else {
        if (winner >= 0) {
          winner = -1;
        } else {
          toMove = 1 - toMove;
        }
        counts[toMove] -= stacked() ? gain : action;
        chance = true;
      }
      if (!is("sample_stale_undo")) {
        legalCount = legalActions(new int[3]); // room for the overflow flaw's third action
      }
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (winner < 0) {
        return is("mid_return") && counts[0] != counts[1] ? (counts[player] > counts[1 - player] ? 0.5 : -0.5) : 0;
      }
      if (is("nan_return")) {
        return Double.NaN;
      }
      double win = is("return_out_of_bounds") || game.flaw.startsWith("nominal_max") ? 2 : 1;
      return winner == player ? win : is("not_zero_sum") ? 0 : -win;
    }

    @Override
    public String actionToString(int player, int action) {
      if (player == CHANCE) {
        return "bonus" + action;
      }
      return is("duplicate_strings") ? "+1" : "+" + (action + 1);
    }

    /**
     * Flaw {@code sample_wrong_action}: the same one draw but the mirrored index; flaw {@code
     * sample_extra_draw}: the right action but a second draw from the generator; flaws {@code
     * sample_stale_copy} and {@code sample_stale_undo}: the draw uses the cached count, which
     * copyFrom (respectively undo) does not restore.
     */
    @Override
    public int sampleLegalAction(SplittableRandom rng, int[] buffer) {
      if (is("sample_wrong_action")) {
        int n = legalActions(buffer);
        return buffer[n - 1 - rng.nextInt(n)];
      }
      if (is("sample_stale_copy") || is("sample_stale_undo")) {
        legalActions(buffer);
        return buffer[rng.nextInt(legalCount)];
      }
      int a = super.sampleLegalAction(rng, buffer);
      if (is("sample_extra_draw")) {
        rng.nextInt(2);
      }
      return a;
    }

    @Override
    public boolean isLegal(int action) {
      return is("lax_legality") || super.isLegal(action);
    }

    @Override
    public int stringToAction(String text) {
      return is("bad_string_to_action") ? 0 : super.stringToAction(text);
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      if (is("tensor_past_end")) {
        java.util.Arrays.fill(out, 0f);
      }
      out[0] = counts[0];
      out[1] = counts[1];
      if (!is("short_tensor")) {
        out[2] = toMove;
      }
    }

    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      return is("info_collision") ? "" : super.informationStateString(player);
    }

    @Override
    public State resample(int player, SplittableRandom rng) {
      if (is("late_resample") && historySize() >= LATE_DEPTH) {
        Race r = (Race) copy();
        r.undoAction(historyAt(historySize() - 1));
        r.undoAction(historyAt(historySize() - 2));
        return r;
      }
      return is("bad_resample") ? game.newInitialState() : copy();
    }

    @Override
    public long hash() {
      // counts stay below 128 (the long race reaches about 62)
      long c1 = is("hash_ignores_count") ? 0 : counts[1];
      long side = is("hash_ignores_player") ? 0 : toMove * 2 + (chance ? 1 : 0);
      long h = State.mix64(((counts[0] * 128L + c1) * 4 + side) * 4 + winner + 1);
      return is("bad_hash") ? h + System.identityHashCode(this) : h;
    }

    @Override
    public State copy() {
      Race r = new Race(game);
      r.copyFrom(this);
      if (is("shared_copy")) {
        r.counts = counts;
      }
      if (is("shared_undo_stack")) {
        r.gains = gains;
      }
      if (is("late_copy") && historySize() >= LATE_DEPTH) {
        r.counts[1 - toMove] += 1;
      }
      return r;
    }

    @Override
    public void copyFrom(State other) {
      Race o = (Race) other;
      if (is("aliasing_copy_from")) {
        counts = o.counts;
      }
      counts[0] = o.counts[0];
      counts[1] = o.counts[1];
      if (is("aliasing_copy_from_stack")) {
        gains = o.gains;
      } else if (stacked()) {
        System.arraycopy(o.gains, 0, gains, 0, o.historySize());
      }
      if (!is("stale_copy_from")) {
        toMove = o.toMove;
      }
      chance = o.chance;
      winner = o.winner;
      if (!is("sample_stale_copy")) {
        legalCount = o.legalCount;
      }
      copyHistoryFrom(o);
    }

    @Override
    public String toString() {
      String text = "counts " + counts[0] + " " + counts[1] + ", to move " + toMove + (chance ? " (rolling)" : "");
      return is("last_in_string") && historySize() > 0 ? text + ", last " + historyAt(historySize() - 1) : text;
    }
  }
}
