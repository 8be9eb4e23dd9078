package dev.ponder.games.leduc;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Leduc hold'em, OpenSpiel-compatible ({@code leduc_poker}; Southey et al. 2005, "Bayes' Bluff:
 * Opponent Modelling in Poker", UAI), for 2 to 10 players.
 *
 * <p>The deck holds {@code 2(n+1)} cards: card {@code c} has rank {@code c/2} and suit
 * {@code c%2}. Each player antes 1 chip from 100. Chance deals one private card to each player
 * (action = card, string {@code Chance outcome:c}); a betting round follows (action 0
 * {@code Fold}, only when facing a bet; 1 {@code Call} (check/call); 2 {@code Raise}, at most two
 * per round; raise size 2 in round 1 and 4 in round 2); then a public card, and a second round.
 * At showdown a pair with the public card beats any non-pair, otherwise the higher rank wins;
 * ties split the pot. Returns are final money minus 100, in [−13, 13(n−1)].
 *
 * <p>Parameters as OpenSpiel: {@code players}, {@code action_mapping} (every action legal,
 * illegal ones mapped to call), {@code suit_isomorphism} (chance outcomes and cards are ranks),
 * {@code starting_player}. Information-state and observation strings and tensors are OpenSpiel's.
 */
public final class LeducPoker extends AbstractGame {
  static final GameType TYPE = new GameType("leduc_poker", "Leduc Poker",
      GameType.ChanceMode.EXPLICIT_STOCHASTIC, GameType.Information.IMPERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 10,
      List.of(
          ParamSpec.ofInt("players", 2, 2, 10, "number of players"),
          ParamSpec.ofBool("action_mapping", false, "regard all actions as legal; map illegal ones to call"),
          ParamSpec.ofBool("suit_isomorphism", false, "cards of equal rank are indistinguishable"),
          ParamSpec.ofInt("starting_player", 0, 0, 9, "player who acts first in each betting round; below players")));

  /**
   * Action 0: fold ({@code Fold}); legal only when facing a bet (with {@code action_mapping} always
   * legal, and played as a call when not facing one).
   */
  public static final int FOLD = 0;
  /** Action 1: check, or call the current bet ({@code Call}). */
  public static final int CALL = 1;
  /** Action 2: raise, by 2 in round 1 and by 4 in round 2 ({@code Raise}); at most two a round. */
  public static final int RAISE = 2;
  static final int INVALID_CARD = -10000;
  static final int STARTING_MONEY = 100;
  static final int FIRST_RAISE = 2;
  static final int SECOND_RAISE = 4;
  static final int MAX_RAISES = 2;

  private final int n;
  private final boolean actionMapping;
  private final boolean suitIso;
  private final int startingPlayer;
  private final int totalCards;

  /**
   * Creates the game from {@code players} (default 2, 2..10), {@code action_mapping} and
   * {@code suit_isomorphism} (both default false) and {@code starting_player} (default 0,
   * 0..players − 1).
   *
   * @throws dev.ponder.spec.SpecException if {@code players} is outside 2..10 or {@code
   *     starting_player} outside 0..players − 1
   */
  public LeducPoker(Params params) {
    super(TYPE, params);
    this.n = params.requireInt("players");
    this.actionMapping = params.getBool("action_mapping");
    this.suitIso = params.getBool("suit_isomorphism");
    this.startingPlayer = params.requireInt("starting_player", 0, n - 1);
    this.totalCards = (n + 1) * 2;
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code leduc_poker}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, LeducPoker::new);
    }
  }

  @Override
  public int numPlayers() {
    return n;
  }

  @Override
  public int numDistinctActions() {
    return 3;
  }

  @Override
  public int maxChanceOutcomes() {
    return suitIso ? totalCards / 2 : totalCards;
  }

  @Override
  public double minUtility() {
    return -(MAX_RAISES * FIRST_RAISE + MAX_RAISES * SECOND_RAISE + 1);
  }

  @Override
  public double maxUtility() {
    return (n - 1) * (MAX_RAISES * FIRST_RAISE + MAX_RAISES * SECOND_RAISE + 1);
  }

  /** Betting actions per round at most: {@code 3n − 2}. */
  int maxBetsPerRound() {
    return 3 * n - 2;
  }

  /**
   * False with {@code action_mapping}: a fold or raise that is not legal is played as a call, so
   * two of the player's actions lead to one information state (OpenSpiel's string records the
   * call), and the player does not recall which of them it chose. Without it, true.
   */
  @Override
  public boolean perfectRecall() {
    return !actionMapping;
  }

  /**
   * {@code 2(3n − 2) + n + 1}: n private cards, the public card, and at most 2(3n − 2) betting
   * actions (the chance outcomes count here; {@link #maxDecisions()} is OpenSpiel's figure without
   * them).
   */
  @Override
  public int maxGameLength() {
    return 2 * maxBetsPerRound() + n + 1;
  }

  /** OpenSpiel's MaxGameLength: 2(3n − 2) betting actions. */
  @Override
  public int maxDecisions() {
    return 2 * maxBetsPerRound();
  }

  /** One private card per player and the public card. */
  @Override
  public int maxChanceNodesInHistory() {
    return n + 1;
  }

  int observableCards() {
    return suitIso ? totalCards / 2 : totalCards;
  }

  @Override
  public int[] informationStateTensorShape() {
    return new int[] {n + 2 * observableCards() + 2 * maxDecisions()};
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {n + 2 * observableCards() + n};
  }

  @Override
  public LeducState newInitialState() {
    return new LeducState(this);
  }

  /** A Leduc poker state (no undo; use {@link #copyFrom}). */
  public static final class LeducState extends State {
    private final LeducPoker game;
    private final int n;
    private int curPlayer = CHANCE;
    private int numCalls;
    private int numRaises;
    private int round = 1;
    private int stakes = 1;
    private int pot;
    private int publicCard = INVALID_CARD;
    private int deckSize;
    private int privateDealt;
    private int remaining;
    private boolean terminalResolved;
    private final int[] privateCards;
    private final int[] deck;
    private final double[] money;
    private final int[] ante;
    private final boolean[] folded;
    private final int[] seq1;
    private final int[] seq2;
    private int len1;
    private int len2;
    /** Resampling buffers of a target state (allocated on its first {@link #resampleInto}). */
    private int[] pool;
    private boolean[] used;
    private LeducState blank;

    LeducState(LeducPoker game) {
      this.game = game;
      this.n = game.n;
      pot = n;
      deckSize = game.totalCards;
      remaining = n;
      privateCards = new int[n];
      Arrays.fill(privateCards, INVALID_CARD);
      deck = new int[game.totalCards];
      for (int i = 0; i < deck.length; i++) {
        deck[i] = i;
      }
      money = new double[n];
      Arrays.fill(money, STARTING_MONEY - 1);
      ante = new int[n];
      Arrays.fill(ante, 1);
      folded = new boolean[n];
      seq1 = new int[game.maxBetsPerRound()];
      seq2 = new int[game.maxBetsPerRound()];
    }

    @Override
    public Game game() {
      return game;
    }

    /** Private card of {@code player} (or rank under suit isomorphism); −10000 if not dealt. */
    public int privateCard(int player) {
      return privateCards[player];
    }

    /** The public card, or −10000 before it is dealt. */
    public int publicCard() {
      return publicCard;
    }

    private boolean terminal() {
      return remaining == 1 || (round == 2 && readyForNextRound());
    }

    private boolean readyForNextRound() {
      return (numRaises == 0 && numCalls == remaining) || (numRaises > 0 && numCalls == remaining - 1);
    }

    @Override
    public int currentPlayer() {
      return terminal() ? TERMINAL : curPlayer;
    }

    @Override
    public int legalActions(int[] out) {
      if (terminal()) {
        return 0;
      }
      int k = 0;
      if (curPlayer == CHANCE) {
        if (game.suitIso) {
          for (int c = 0; c < deck.length / 2; c++) {
            if (deck[2 * c] != INVALID_CARD || deck[2 * c + 1] != INVALID_CARD) {
              out[k++] = c;
            }
          }
        } else {
          for (int c = 0; c < deck.length; c++) {
            if (deck[c] != INVALID_CARD) {
              out[k++] = c;
            }
          }
        }
        return k;
      }
      if (game.actionMapping) {
        out[0] = FOLD;
        out[1] = CALL;
        out[2] = RAISE;
        return 3;
      }
      if (stakes > ante[curPlayer]) {
        out[k++] = FOLD;
      }
      out[k++] = CALL;
      if (numRaises < MAX_RAISES) {
        out[k++] = RAISE;
      }
      return k;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      if (!isChanceNode()) {
        throw new IllegalStateException("not a chance node");
      }
      double p = 1.0 / deckSize;
      int k = 0;
      if (game.suitIso) {
        for (int c = 0; c < deck.length / 2; c++) {
          boolean a = deck[2 * c] != INVALID_CARD;
          boolean b = deck[2 * c + 1] != INVALID_CARD;
          if (a || b) {
            actions[k] = c;
            probabilities[k++] = a && b ? 2 * p : p;
          }
        }
        return k;
      }
      for (int c = 0; c < deck.length; c++) {
        if (deck[c] != INVALID_CARD) {
          actions[k] = c;
          probabilities[k++] = p;
        }
      }
      return k;
    }

    private int takeCard(int move) {
      int card;
      if (game.suitIso) {
        card = move;
        if (deck[2 * move] != INVALID_CARD) {
          deck[2 * move] = INVALID_CARD;
        } else {
          deck[2 * move + 1] = INVALID_CARD;
        }
      } else {
        card = deck[move];
        deck[move] = INVALID_CARD;
      }
      deckSize--;
      return card;
    }

    @Override
    protected void doApplyAction(int move) {
      if (curPlayer == CHANCE) {
        if (privateDealt < n) {
          privateCards[privateDealt++] = takeCard(move);
          if (privateDealt == n) {
            curPlayer = game.startingPlayer;
          }
        } else {
          publicCard = takeCard(move);
          curPlayer = nextPlayer();
        }
        return;
      }
      if (game.actionMapping) {
        if (move == FOLD && stakes <= ante[curPlayer]) {
          move = CALL;
        } else if (move == RAISE && numRaises >= MAX_RAISES) {
          move = CALL;
        }
      }
      if (move == FOLD) {
        append(FOLD);
        folded[curPlayer] = true;
        remaining--;
      } else if (move == CALL) {
        addToPot(curPlayer, stakes - ante[curPlayer]);
        numCalls++;
        append(CALL);
      } else {
        int callAmount = stakes - ante[curPlayer];
        if (callAmount > 0) {
          addToPot(curPlayer, callAmount);
        }
        int raise = round == 1 ? FIRST_RAISE : SECOND_RAISE;
        stakes += raise;
        addToPot(curPlayer, raise);
        numRaises++;
        numCalls = 0;
        append(RAISE);
      }
      if (terminal()) {
        resolveWinner();
      } else if (move != RAISE && readyForNextRound()) {
        round++;
        numRaises = 0;
        numCalls = 0;
        curPlayer = CHANCE;
      } else {
        curPlayer = nextPlayer();
      }
    }

    private void append(int move) {
      if (round == 1) {
        seq1[len1++] = move;
      } else {
        seq2[len2++] = move;
      }
    }

    private void addToPot(int player, int amount) {
      pot += amount;
      ante[player] += amount;
      money[player] -= amount;
    }

    private int nextPlayer() {
      int from = curPlayer == CHANCE ? (game.startingPlayer + n - 1) % n : curPlayer;
      for (int i = 1; i <= n; i++) {
        int p = (from + i) % n;
        if (!folded[p]) {
          return p;
        }
      }
      throw new IllegalStateException("no player left");
    }

    private int rankHand(int player) {
      int lo = Math.min(publicCard, privateCards[player]);
      int hi = Math.max(publicCard, privateCards[player]);
      if (game.suitIso) {
        int numRanks = deck.length / 2;
        return lo == hi ? numRanks * numRanks + lo : hi * numRanks + lo;
      }
      int numCards = deck.length;
      if (lo % 2 == 0 && hi == lo + 1) {
        return numCards * numCards + lo;
      }
      return (hi / 2) * numCards + lo / 2;
    }

    private void resolveWinner() {
      terminalResolved = true;
      if (remaining == 1) {
        for (int p = 0; p < n; p++) {
          if (!folded[p]) {
            money[p] += pot;
            pot = 0;
            return;
          }
        }
      }
      // two passes over the players still in (no buffer): the best rank, then the split
      int best = -1;
      int winners = 0;
      for (int p = 0; p < n; p++) {
        if (!folded[p]) {
          int r = rankHand(p);
          if (r > best) {
            best = r;
            winners = 1;
          } else if (r == best) {
            winners++;
          }
        }
      }
      for (int p = 0; p < n; p++) {
        if (!folded[p] && rankHand(p) == best) {
          money[p] += (double) pot / winners;
        }
      }
      pot = 0;
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      return terminalResolved ? money[player] - STARTING_MONEY : 0.0;
    }

    @Override
    public String actionToString(int player, int action) {
      if (player == CHANCE) {
        return "Chance outcome:" + action;
      }
      switch (action) {
        case FOLD:
          return "Fold";
        case CALL:
          return "Call";
        case RAISE:
          return "Raise";
        default:
          return "Unknown action " + action;
      }
    }

    private StringBuilder publicPart(StringBuilder sb) {
      sb.append("[Round ").append(round).append(']');
      sb.append("[Player: ").append(curPlayer).append(']');
      sb.append("[Pot: ").append(pot).append(']');
      sb.append("[Money:");
      for (int p = 0; p < n; p++) {
        sb.append(' ').append(formatNumber(money[p]));
      }
      sb.append(']');
      if (publicCard != INVALID_CARD) {
        sb.append("[Public: ").append(publicCard).append(']');
      }
      return sb;
    }

    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      StringBuilder sb = new StringBuilder(96);
      sb.append("[Observer: ").append(player).append("][Private: ").append(privateCards[player]).append(']');
      publicPart(sb);
      sb.append("[Round1:");
      for (int i = 0; i < len1; i++) {
        sb.append(' ').append(seq1[i]);
      }
      sb.append("][Round2:");
      for (int i = 0; i < len2; i++) {
        sb.append(' ').append(seq2[i]);
      }
      sb.append(']');
      return fixEmptyJoin(sb.toString());
    }

    @Override
    public String observationString(int player) {
      checkPlayer(player);
      StringBuilder sb = new StringBuilder(96);
      sb.append("[Observer: ").append(player).append("][Private: ").append(privateCards[player]).append(']');
      publicPart(sb);
      sb.append("[Ante:");
      for (int p = 0; p < n; p++) {
        sb.append(' ').append(ante[p]);
      }
      sb.append(']');
      return sb.toString();
    }

    /** OpenSpiel writes {@code "[Round1: ]"} for an empty sequence: a space after the colon. */
    private static String fixEmptyJoin(String s) {
      return s.replace("[Round1:]", "[Round1: ]").replace("[Round2:]", "[Round2: ]");
    }

    /** Formats a double as absl's StrCat does (6 significant digits, no trailing zeros). */
    static String formatNumber(double v) {
      if (v == Math.rint(v) && Math.abs(v) < 1e15) {
        return Long.toString((long) v);
      }
      return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    @Override
    public void informationStateTensor(int player, float[] out) {
      checkPlayer(player);
      int cards = game.observableCards();
      int size = n + 2 * cards + 2 * game.maxDecisions();
      Arrays.fill(out, 0, size, 0f);
      out[player] = 1f;
      if (privateCards[player] != INVALID_CARD) {
        out[n + privateCards[player]] = 1f;
      }
      if (publicCard != INVALID_CARD) {
        out[n + cards + publicCard] = 1f;
      }
      int base = n + 2 * cards;
      int per = game.maxBetsPerRound();
      for (int r = 0; r < 2; r++) {
        int[] seq = r == 0 ? seq1 : seq2;
        int len = r == 0 ? len1 : len2;
        for (int i = 0; i < len; i++) {
          int idx = base + (r * per + i) * 2;
          if (seq[i] == CALL) {
            out[idx] = 1f;
          } else if (seq[i] == RAISE) {
            out[idx + 1] = 1f;
          }
        }
      }
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      int cards = game.observableCards();
      Arrays.fill(out, 0, n + 2 * cards + n, 0f);
      out[player] = 1f;
      if (privateCards[player] != INVALID_CARD) {
        out[n + privateCards[player]] = 1f;
      }
      if (publicCard != INVALID_CARD) {
        out[n + cards + publicCard] = 1f;
      }
      for (int p = 0; p < n; p++) {
        out[n + 2 * cards + p] = ante[p];
      }
    }

    /**
     * Redeals the other players' private cards among the deals consistent with {@code player}'s
     * information (its own card and the public card, if dealt), keeping the betting: the unseen
     * cards are drawn without replacement from the rest of the deck, as chance deals them. Every
     * deal is consistent with every betting sequence, so (without suit isomorphism) the worlds are
     * uniform over the consistent deals.
     */
    @Override
    public State resample(int player, SplittableRandom rng) {
      return resampleIntoNewState(player, rng);
    }

    /**
     * {@link #resample}'s rule, drawn into {@code target} (a Leduc state of the same game) by
     * replaying the redrawn private deal and the rest of the history from the initial state;
     * allocates nothing once the target has its buffers (first call).
     */
    @Override
    public void resampleInto(int player, SplittableRandom rng, State target) {
      checkResampleTarget(player, target);
      LeducState s = (LeducState) target;
      int total = deck.length;
      if (s.pool == null) {
        s.pool = new int[total];
        s.used = new boolean[total];
        s.blank = new LeducState(game);
      }
      s.copyFrom(s.blank);
      boolean[] used = s.used;
      Arrays.fill(used, false);
      int own = -1;
      if (player < privateDealt) {
        own = physicalCard(historyAt(player), used);
      }
      if (publicCard != INVALID_CARD) {
        physicalCard(historyAt(n + len1), used);
      }
      int[] pool = s.pool;
      int poolSize = 0;
      for (int c = 0; c < total; c++) {
        if (!used[c]) {
          pool[poolSize++] = c;
        }
      }
      for (int p = 0; p < privateDealt; p++) {
        int card;
        if (p == player) {
          card = own;
        } else {
          int j = rng.nextInt(poolSize);
          card = pool[j];
          pool[j] = pool[--poolSize];
        }
        s.applyActionUnchecked(game.suitIso ? card / 2 : card);
      }
      for (int i = privateDealt, h = historySize(); i < h; i++) {
        s.applyActionUnchecked(historyAt(i));
      }
    }

    /**
     * A key of {@link #informationStateString(int)} computed from the fields it prints (player,
     * private card, round, player to act, pot, money, public card, both rounds' actions) without
     * allocating: equal strings give equal keys.
     */
    @Override
    public long informationStateKey(int player) {
      checkPlayer(player);
      long h = mix64(0x4C45_4455_0000_0000L + player);
      h = mix64(h + privateCards[player]);
      h = mix64(h + round);
      h = mix64(h + curPlayer);
      h = mix64(h + pot);
      for (int p = 0; p < n; p++) {
        h = mix64(h + Double.doubleToLongBits(money[p] + 0.0));
      }
      h = mix64(h + publicCard);
      for (int i = 0; i < len1; i++) {
        h = mix64(h + seq1[i] + 0x9E3779B97F4A7C15L);
      }
      h = mix64(h ^ len1);
      for (int i = 0; i < len2; i++) {
        h = mix64(h + seq2[i] + 0x9E3779B97F4A7C15L);
      }
      return mix64(h ^ len2);
    }

    /** Marks and returns a physical card (0..2(n+1)−1) for chance action {@code a}. */
    private int physicalCard(int a, boolean[] used) {
      if (!game.suitIso) {
        used[a] = true;
        return a;
      }
      int c = used[2 * a] ? 2 * a + 1 : 2 * a;
      used[c] = true;
      return c;
    }

    @Override
    public LeducState copy() {
      LeducState s = new LeducState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      LeducState o = (LeducState) other;
      curPlayer = o.curPlayer;
      numCalls = o.numCalls;
      numRaises = o.numRaises;
      round = o.round;
      stakes = o.stakes;
      pot = o.pot;
      publicCard = o.publicCard;
      deckSize = o.deckSize;
      privateDealt = o.privateDealt;
      remaining = o.remaining;
      terminalResolved = o.terminalResolved;
      System.arraycopy(o.privateCards, 0, privateCards, 0, n);
      System.arraycopy(o.deck, 0, deck, 0, deck.length);
      System.arraycopy(o.money, 0, money, 0, n);
      System.arraycopy(o.ante, 0, ante, 0, n);
      System.arraycopy(o.folded, 0, folded, 0, n);
      System.arraycopy(o.seq1, 0, seq1, 0, o.len1);
      System.arraycopy(o.seq2, 0, seq2, 0, o.len2);
      len1 = o.len1;
      len2 = o.len2;
      copyHistoryFrom(o);
    }

    /** OpenSpiel's multi-line rendering (round, player, pot, money, cards, sequences). */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder();
      sb.append("Round: ").append(round).append("\nPlayer: ").append(curPlayer).append("\nPot: ").append(pot)
          .append("\nMoney (player_0 player_1").append(n > 2 ? " [...]):" : "):");
      for (int p = 0; p < n; p++) {
        sb.append(' ').append(formatNumber(money[p]));
      }
      sb.append("\nCards (public player_0 player_1").append(n > 2 ? " [...]): " : "): ").append(publicCard).append(' ');
      for (int p = 0; p < n; p++) {
        sb.append(privateCards[p]).append(' ');
      }
      sb.append("\nRound 1 sequence: ");
      for (int i = 0; i < len1; i++) {
        sb.append(i > 0 ? ", " : "").append(actionToString(0, seq1[i]));
      }
      sb.append("\nRound 2 sequence: ");
      for (int i = 0; i < len2; i++) {
        sb.append(i > 0 ? ", " : "").append(actionToString(0, seq2[i]));
      }
      sb.append('\n');
      return sb.toString();
    }
  }
}
