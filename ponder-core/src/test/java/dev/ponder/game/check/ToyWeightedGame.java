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
 * {@code toy_weighted}: a small imperfect-information test game with unequal chance
 * probabilities. Chance deals player 0 a hidden card c in 0..2 with probabilities 0.6, 0.3 and
 * 0.1; player 0 chooses low or high (public); chance flips a public coin (heads 0.7, tails 0.3);
 * player 1 guesses c (+1 for player 1 when right, −1 when wrong; zero-sum); then player 0 makes
 * {@code pad} more public choices of 0 or 1 that change nothing (they make the tree 2<sup>pad</sup>
 * times larger). Player 0 sees everything; player 1 everything but c. Both information-state
 * strings hold the history length, so no string recurs within one history. A correct {@code
 * resample(1)} redraws c with its probability (0.6, 0.3, 0.1): the worlds consistent with player
 * 1's information state differ only in c, and the coin's probability is common to all of them.
 *
 * <p>The {@code flaw} parameter plants one bug the conformance kit must catch: {@code uniform}
 * (resample and so resampleInto draw c uniformly: consistent worlds, wrongly weighted), {@code
 * uniform_into} (resampleInto alone draws c uniformly), {@code leak_key} (player 1's
 * informationStateKey mixes in c, which its string hides), {@code coarse_key} (player 1's
 * informationStateKey leaves out the coin, which its string shows). The game overrides
 * informationStateKey for every flaw (the default key, a hash of the string, otherwise).
 */
final class ToyWeightedGame extends AbstractGame {
  static final String[] FLAWS = {"none", "uniform", "uniform_into", "leak_key", "coarse_key"};
  static final double[] CARD = {0.6, 0.3, 0.1};
  static final double[] COIN = {0.7, 0.3};

  static final GameType TYPE = new GameType("toy_weighted", "Toy Weighted", GameType.ChanceMode.EXPLICIT_STOCHASTIC,
      GameType.Information.IMPERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofString("flaw", "none", "planted bug"), ParamSpec.ofInt("pad", 0, 0, 30, "extra public choices")));

  private final String flaw;
  private final int pad;

  ToyWeightedGame(Params params) {
    super(TYPE, params);
    this.flaw = params.requireOneOf("flaw", FLAWS);
    this.pad = params.getInt("pad");
  }

  static final class Factory implements GameFactory {
    @Override
    public GameType type() {
      return TYPE;
    }

    @Override
    public Game create(Params params) {
      return new ToyWeightedGame(params);
    }
  }

  @Override
  public int numPlayers() {
    return 2;
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
    return -1;
  }

  @Override
  public double maxUtility() {
    return 1;
  }

  @Override
  public int maxGameLength() {
    return 4 + pad;
  }

  @Override
  public int maxDecisions() {
    return 2 + pad;
  }

  @Override
  public int maxChanceNodesInHistory() {
    return 2;
  }

  @Override
  public State newInitialState() {
    return new Weighted(this);
  }

  /** Everything lives in the history: [card, low/high, coin, guess, pad choices...]. */
  static final class Weighted extends State {
    private final ToyWeightedGame game;

    Weighted(ToyWeightedGame game) {
      this.game = game;
    }

    @Override
    public Game game() {
      return game;
    }

    @Override
    public int currentPlayer() {
      int t = historySize();
      return t == 0 || t == 2 ? CHANCE : t == 1 ? 0 : t == 3 ? 1 : t < 4 + game.pad ? 0 : TERMINAL;
    }

    @Override
    public int legalActions(int[] out) {
      int t = historySize();
      int k = t == 0 || t == 3 ? 3 : t < 4 + game.pad ? 2 : 0;
      for (int i = 0; i < k; i++) {
        out[i] = i;
      }
      return k;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      double[] p = historySize() == 0 ? CARD : COIN;
      for (int i = 0; i < p.length; i++) {
        actions[i] = i;
        probabilities[i] = p[i];
      }
      return p.length;
    }

    @Override
    protected void doApplyAction(int action) {
      // the history is the state
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (!isTerminal()) {
        return 0;
      }
      double r1 = historyAt(3) == historyAt(0) ? 1 : -1;
      return player == 1 ? r1 : -r1;
    }

    @Override
    public String actionToString(int player, int action) {
      int t = historySize();
      return t == 0 ? "card" + action : t == 1 ? (action == 0 ? "low" : "high") : t == 2 ? (action == 0 ? "heads" : "tails")
          : t == 3 ? "guess" + action : "pad" + action;
    }

    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      return info(player, true);
    }

    private String info(int player, boolean coin) {
      StringBuilder sb = new StringBuilder("P").append(player).append(" t=").append(historySize());
      if (player == 0 && historySize() > 0) {
        sb.append(" card").append(historyAt(0));
      }
      sb.append(" |");
      for (int i = 1; i < historySize(); i++) {
        sb.append(' ').append(i == 2 && !coin ? "?" : String.valueOf(historyAt(i)));
      }
      return sb.toString();
    }

    @Override
    public long informationStateKey(int player) {
      if (player == 1 && game.flaw.equals("leak_key")) {
        return mix64(super.informationStateKey(player) + (historySize() > 0 ? historyAt(0) : -1));
      }
      if (player == 1 && game.flaw.equals("coarse_key")) {
        String text = info(player, false);
        return mix64(text.hashCode() * 31L + text.length());
      }
      return super.informationStateKey(player);
    }

    @Override
    public State resample(int player, SplittableRandom rng) {
      Weighted w = new Weighted(game);
      draw(player, rng, w, game.flaw.equals("uniform"));
      return w;
    }

    @Override
    public void resampleInto(int player, SplittableRandom rng, State target) {
      checkResampleTarget(player, target);
      draw(player, rng, (Weighted) target, game.flaw.startsWith("uniform"));
    }

    /** Fills {@code w} with a world for {@code player}: for player 1 the card drawn again, uniformly or with its probability. */
    private void draw(int player, SplittableRandom rng, Weighted w, boolean uniform) {
      checkPlayer(player);
      int t = historySize();
      int card = t > 0 ? historyAt(0) : -1;
      if (player == 1 && t > 0) {
        if (uniform) {
          card = rng.nextInt(3);
        } else {
          double u = rng.nextDouble();
          card = u < CARD[0] ? 0 : u < CARD[0] + CARD[1] ? 1 : 2;
        }
      }
      w.copyHistoryFrom(new Weighted(game));
      for (int i = 0; i < t; i++) {
        w.applyAction(i == 0 ? card : historyAt(i));
      }
    }

    @Override
    public State copy() {
      Weighted c = new Weighted(game);
      c.copyFrom(this);
      return c;
    }

    @Override
    public void copyFrom(State other) {
      copyHistoryFrom(other);
    }

    @Override
    public String toString() {
      return "history " + historyString();
    }
  }
}
