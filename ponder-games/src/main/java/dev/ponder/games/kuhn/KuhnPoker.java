package dev.ponder.games.kuhn;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Kuhn poker for 2 to 10 players, OpenSpiel-compatible ({@code kuhn_poker(players=n)}; Kuhn
 * 1950, n-player generalization as in OpenSpiel).
 *
 * <p>The deck holds {@code n+1} cards {@code 0..n}; every player antes 1 chip. Chance deals one
 * card to each player in turn (actions are card numbers, strings {@code Deal:c}). Then players act
 * in order 0, 1, …: action 0 {@code Pass}, action 1 {@code Bet} (bet or call one chip). Without a
 * bet, the game ends after everyone passed once and the highest card wins the antes; after the
 * first bet, every player after the first bettor (wrapping round) answers once, and the highest
 * card among the players who bet wins the pot. Returns: winner {@code pot − own stake}, every
 * other player {@code −own stake}; range [−2, 2(n−1)].
 *
 * <p>Information-state strings are OpenSpiel's: the player's card then one letter per betting
 * action ({@code p}/{@code b}), e.g. {@code "1pb"}; observation strings are the card then every
 * player's pot contribution. Tensors: information state {@code [6n−1]} (player one-hot n, card
 * one-hot n+1, betting (2n−1)×2), observation {@code [3n+1]} (player, card, contributions).
 */
public final class KuhnPoker extends AbstractGame {
  static final GameType TYPE = new GameType("kuhn_poker", "Kuhn Poker",
      GameType.ChanceMode.EXPLICIT_STOCHASTIC, GameType.Information.IMPERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 10,
      List.of(ParamSpec.ofInt("players", 2, 2, 10, "number of players; the deck has players+1 cards")));

  /** Action 0: pass (check or fold). */
  public static final int PASS = 0;
  /** Action 1: bet (bet or call). */
  public static final int BET = 1;

  private final int n;

  /**
   * Creates the game from {@code players} (default 2, 2..10); the deck has {@code players + 1}
   * cards.
   *
   * @throws dev.ponder.spec.SpecException if {@code players} is outside 2..10
   */
  public KuhnPoker(Params params) {
    super(TYPE, params);
    this.n = params.requireInt("players");
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code kuhn_poker}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, KuhnPoker::new);
    }
  }

  @Override
  public int numPlayers() {
    return n;
  }

  @Override
  public int numDistinctActions() {
    return 2;
  }

  @Override
  public int maxChanceOutcomes() {
    return n + 1;
  }

  @Override
  public double minUtility() {
    return -2;
  }

  @Override
  public double maxUtility() {
    return 2.0 * (n - 1);
  }

  /** n deals plus at most 2n − 1 betting actions. */
  @Override
  public int maxGameLength() {
    return 3 * n - 1;
  }

  /** OpenSpiel's MaxGameLength: 2n − 1 betting actions. */
  @Override
  public int maxDecisions() {
    return 2 * n - 1;
  }

  /** One deal per player. */
  @Override
  public int maxChanceNodesInHistory() {
    return n;
  }

  @Override
  public int[] informationStateTensorShape() {
    return new int[] {6 * n - 1};
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {3 * n + 1};
  }

  @Override
  public KuhnState newInitialState() {
    return new KuhnState(this);
  }

  /** A Kuhn poker state. Supports undo. */
  public static final class KuhnState extends State {
    private final KuhnPoker game;
    private final int n;
    /** cardOf[p]: card dealt to player p, or −1. */
    private final int[] cardOf;
    /** holder[c]: player holding card c, or −1. */
    private final int[] holder;
    /** Betting actions in order (0 pass, 1 bet). */
    private final int[] bets;
    private final int[] ante;
    private int dealt;
    private int numBets;
    private int firstBettor = -1;
    private int winner = -1;
    private int pot;
    /** Resampling buffers of a target state (allocated on its first {@link #resampleInto}). */
    private int[] pool;
    private KuhnState blank;

    KuhnState(KuhnPoker game) {
      this.game = game;
      this.n = game.n;
      cardOf = new int[n];
      holder = new int[n + 1];
      bets = new int[2 * n];
      ante = new int[n];
      Arrays.fill(cardOf, -1);
      Arrays.fill(holder, -1);
      Arrays.fill(ante, 1);
      pot = n;
    }

    @Override
    public Game game() {
      return game;
    }

    /** Card held by {@code player} (0..n), or −1 if not dealt yet. */
    public int card(int player) {
      return cardOf[player];
    }

    @Override
    public int currentPlayer() {
      if (winner >= 0) {
        return TERMINAL;
      }
      return dealt < n ? CHANCE : numBets % n;
    }

    @Override
    public int legalActions(int[] out) {
      if (winner >= 0) {
        return 0;
      }
      if (dealt < n) {
        int k = 0;
        for (int c = 0; c <= n; c++) {
          if (holder[c] < 0) {
            out[k++] = c;
          }
        }
        return k;
      }
      out[0] = PASS;
      out[1] = BET;
      return 2;
    }

    @Override
    public boolean isLegal(int action) {
      if (winner >= 0) {
        return false;
      }
      if (dealt < n) {
        return action >= 0 && action <= n && holder[action] < 0;
      }
      return action == PASS || action == BET;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      if (!isChanceNode()) {
        throw new IllegalStateException("not a chance node");
      }
      double p = 1.0 / (n + 1 - dealt);
      int k = 0;
      for (int c = 0; c <= n; c++) {
        if (holder[c] < 0) {
          actions[k] = c;
          probabilities[k++] = p;
        }
      }
      return k;
    }

    @Override
    protected void doApplyAction(int action) {
      if (dealt < n) {
        cardOf[dealt] = action;
        holder[action] = dealt;
        dealt++;
        return;
      }
      int player = numBets % n;
      if (action == BET) {
        if (firstBettor < 0) {
          firstBettor = player;
        }
        pot += 1;
        ante[player] += 1;
      }
      bets[numBets++] = action;
      if (firstBettor < 0 && numBets == n) {
        // nobody bet: the highest card wins (the highest or second-highest card is dealt)
        winner = holder[n] >= 0 ? holder[n] : holder[n - 1];
      } else if (firstBettor >= 0 && numBets == n + firstBettor) {
        for (int c = n; c >= 0; c--) {
          int p = holder[c];
          if (p >= 0 && didBet(p)) {
            winner = p;
            break;
          }
        }
      }
    }

    private boolean didBet(int player) {
      if (firstBettor < 0) {
        return false;
      }
      if (player == firstBettor) {
        return true;
      }
      int idx = player > firstBettor ? player : n + player;
      return idx < numBets && bets[idx] == BET;
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      winner = -1;
      if (numBets == 0) {
        dealt--;
        holder[cardOf[dealt]] = -1;
        cardOf[dealt] = -1;
        return;
      }
      numBets--;
      int player = numBets % n;
      if (bets[numBets] == BET) {
        pot -= 1;
        ante[player] -= 1;
        if (player == firstBettor) {
          firstBettor = -1;
        }
      }
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (winner < 0) {
        return 0;
      }
      int bet = didBet(player) ? 2 : 1;
      return player == winner ? pot - bet : -bet;
    }

    @Override
    public String actionToString(int player, int action) {
      if (player == CHANCE) {
        return "Deal:" + action;
      }
      return action == PASS ? "Pass" : "Bet";
    }

    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      StringBuilder sb = new StringBuilder(8);
      if (dealt > player) {
        sb.append(cardOf[player]);
      }
      for (int i = 0; i < numBets; i++) {
        sb.append(bets[i] == BET ? 'b' : 'p');
      }
      return sb.toString();
    }

    @Override
    public String observationString(int player) {
      checkPlayer(player);
      StringBuilder sb = new StringBuilder(8);
      if (dealt > player) {
        sb.append(cardOf[player]);
        for (int p = 0; p < n; p++) {
          sb.append(ante[p]);
        }
      }
      return sb.toString();
    }

    @Override
    public void informationStateTensor(int player, float[] out) {
      checkPlayer(player);
      Arrays.fill(out, 0, 6 * n - 1, 0f);
      out[player] = 1f;
      if (dealt > player) {
        out[n + cardOf[player]] = 1f;
      }
      int base = 2 * n + 1;
      for (int i = 0; i < numBets; i++) {
        out[base + 2 * i + bets[i]] = 1f;
      }
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      Arrays.fill(out, 0, 3 * n + 1, 0f);
      out[player] = 1f;
      if (dealt > player) {
        out[n + cardOf[player]] = 1f;
      }
      for (int p = 0; p < n; p++) {
        out[2 * n + 1 + p] = ante[p];
      }
    }

    /**
     * Draws the cards of the other players uniformly among the deals consistent with
     * {@code player}'s information (its own card, if dealt); the betting is kept. Every deal is
     * consistent with every betting sequence, so the worlds are uniform over the deals.
     */
    @Override
    public State resample(int player, SplittableRandom rng) {
      return resampleIntoNewState(player, rng);
    }

    /**
     * {@link #resample}'s rule, drawn into {@code target} (a Kuhn state of the same game) by
     * replaying the redrawn deal and the betting from the initial state; allocates nothing once
     * the target has its buffers (first call).
     */
    @Override
    public void resampleInto(int player, SplittableRandom rng, State target) {
      checkResampleTarget(player, target);
      KuhnState s = (KuhnState) target;
      if (s.pool == null) {
        s.pool = new int[n + 1];
        s.blank = new KuhnState(game);
      }
      s.copyFrom(s.blank);
      int[] pool = s.pool;
      int poolSize = 0;
      int own = dealt > player ? cardOf[player] : -1;
      for (int c = 0; c <= n; c++) {
        if (c != own) {
          pool[poolSize++] = c;
        }
      }
      for (int p = 0; p < dealt; p++) {
        int c;
        if (p == player) {
          c = own;
        } else {
          int j = rng.nextInt(poolSize);
          c = pool[j];
          pool[j] = pool[--poolSize];
        }
        s.applyActionUnchecked(c);
      }
      for (int i = 0; i < numBets; i++) {
        s.applyActionUnchecked(bets[i]);
      }
    }

    /**
     * A key of {@link #informationStateString(int)} computed from the fields (own card if dealt,
     * the betting letters) without allocating: equal strings give equal keys.
     */
    @Override
    public long informationStateKey(int player) {
      checkPlayer(player);
      long h = mix64(0x4B55_484E_0000_0000L + player);
      h = mix64(h + (dealt > player ? cardOf[player] + 1 : 0));
      for (int i = 0; i < numBets; i++) {
        h = mix64(h + bets[i] + 0x9E3779B97F4A7C15L);
      }
      return mix64(h ^ numBets);
    }

    @Override
    public KuhnState copy() {
      KuhnState s = new KuhnState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      KuhnState o = (KuhnState) other;
      System.arraycopy(o.cardOf, 0, cardOf, 0, n);
      System.arraycopy(o.holder, 0, holder, 0, n + 1);
      System.arraycopy(o.bets, 0, bets, 0, o.numBets);
      System.arraycopy(o.ante, 0, ante, 0, n);
      dealt = o.dealt;
      numBets = o.numBets;
      firstBettor = o.firstBettor;
      winner = o.winner;
      pot = o.pot;
      copyHistoryFrom(o);
    }

    /** OpenSpiel's rendering: the dealt cards separated by spaces, then the betting letters. */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder();
      for (int p = 0; p < dealt; p++) {
        if (p > 0) {
          sb.append(' ');
        }
        sb.append(cardOf[p]);
      }
      if (numBets > 0) {
        sb.append(' ');
      }
      for (int i = 0; i < numBets; i++) {
        sb.append(bets[i] == BET ? 'b' : 'p');
      }
      return sb.toString();
    }
  }
}
