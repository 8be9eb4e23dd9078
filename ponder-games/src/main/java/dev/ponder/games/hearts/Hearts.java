package dev.ponder.games.hearts;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Hearts for four players, OpenSpiel-compatible ({@code hearts}).
 *
 * <p>Players 0..3 are North, East, South, West. Cards are {@code rank * 4 + suit} with suits
 * C, D, H, S (0..3) and ranks 2..A (0..12), written {@code 2C}, {@code QS}, {@code TH}. The game
 * starts with two chance phases: the pass direction (action 0..3: No Pass, Left, Across, Right;
 * only No Pass without {@code pass_cards}) and the deal (52 chance actions; the i-th card dealt
 * goes to player {@code i % 4}). Then, unless there is no pass, players 0..3 each pass three
 * cards (one action per card) to the player {@code dir} seats to the left; the passed cards
 * arrive when all have passed. The holder of 2C leads the first trick; play follows suit;
 * options as in OpenSpiel: {@code no_pts_on_first_trick} (no hearts or QS on the first trick
 * unless forced), {@code can_lead_any_club}, {@code must_break_hearts} (hearts cannot be led
 * until broken), {@code qs_breaks_hearts}, {@code can_lead_hearts_instead_of_qs}, {@code
 * jd_bonus} (JD counts −10), {@code avoid_all_tricks_bonus} (−5 for taking no trick).
 *
 * <p>Points: one per heart, 13 for QS; shooting the moon (all 26 positive points) gives the
 * shooter −26 and everybody else +26. Returns are {@code 26 − points} for every player.
 */
public final class Hearts extends AbstractGame {
  static final GameType TYPE = new GameType("hearts", "Hearts",
      GameType.ChanceMode.EXPLICIT_STOCHASTIC, GameType.Information.IMPERFECT_INFORMATION,
      GameType.Utility.GENERAL_SUM, GameType.RewardModel.TERMINAL, 4, 4,
      List.of(ParamSpec.ofBool("pass_cards", true, "pass three cards before play"),
          ParamSpec.ofBool("no_pts_on_first_trick", true, "no hearts or QS on the first trick"),
          ParamSpec.ofBool("can_lead_any_club", false, "the first lead may be any club"),
          ParamSpec.ofBool("jd_bonus", false, "JD counts -10 points"),
          ParamSpec.ofBool("avoid_all_tricks_bonus", false, "-5 points for taking no trick"),
          ParamSpec.ofBool("must_break_hearts", true, "hearts cannot be led until broken"),
          ParamSpec.ofBool("qs_breaks_hearts", true, "playing QS breaks hearts"),
          ParamSpec.ofBool("can_lead_hearts_instead_of_qs", false,
              "may lead hearts before they are broken when QS is the only alternative")));

  static final int NUM_CARDS = 52;
  static final int QS = 10 * 4 + 3;
  static final int JD = 9 * 4 + 1;
  static final int TWO_CLUBS = 0;
  static final long ALL = (1L << 52) - 1;
  static final long[] SUIT = new long[4];
  static final String SUITS = "CDHS";
  static final String RANKS = "23456789TJQKA";
  static final String[] PASS_DIR_NAMES = {"No Pass", "Left", "Across", "Right"};
  static final String[] DIR = {"N", "E", "S", "W"};
  static final int MAX_SCORE = 36;
  static final int TRICK_TENSOR = 7 * NUM_CARDS;
  static final int TENSOR_SIZE = 4 + 4 * NUM_CARDS + 4 * MAX_SCORE + 13 * TRICK_TENSOR;

  static {
    for (int c = 0; c < NUM_CARDS; c++) {
      SUIT[c & 3] |= 1L << c;
    }
  }

  final boolean passCards;
  final boolean noPtsOnFirstTrick;
  final boolean canLeadAnyClub;
  final boolean jdBonus;
  final boolean avoidAllTricksBonus;
  final boolean mustBreakHearts;
  final boolean qsBreaksHearts;
  final boolean canLeadHeartsInsteadOfQs;

  /**
   * Creates the game from its eight boolean rule options: {@code pass_cards}, {@code
   * no_pts_on_first_trick}, {@code must_break_hearts} and {@code qs_breaks_hearts} default to true,
   * the other four to false. Every combination is accepted.
   */
  public Hearts(Params params) {
    super(TYPE, params);
    passCards = params.getBool("pass_cards");
    noPtsOnFirstTrick = params.getBool("no_pts_on_first_trick");
    canLeadAnyClub = params.getBool("can_lead_any_club");
    jdBonus = params.getBool("jd_bonus");
    avoidAllTricksBonus = params.getBool("avoid_all_tricks_bonus");
    mustBreakHearts = params.getBool("must_break_hearts");
    qsBreaksHearts = params.getBool("qs_breaks_hearts");
    canLeadHeartsInsteadOfQs = params.getBool("can_lead_hearts_instead_of_qs");
  }

  /** Registry factory. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code hearts}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(TYPE, Hearts::new);
    }
  }

  /** The card's usual name, e.g. {@code QS}. */
  public static String cardString(int card) {
    return "" + RANKS.charAt(card >> 2) + SUITS.charAt(card & 3);
  }

  /** Points a card is worth when taken. */
  int cardPoints(int card) {
    if ((card & 3) == 2) {
      return 1;
    }
    if (card == QS) {
      return 13;
    }
    if (card == JD && jdBonus) {
      return -10;
    }
    return 0;
  }

  @Override
  public int numPlayers() {
    return 4;
  }

  @Override
  public int numDistinctActions() {
    return NUM_CARDS;
  }

  @Override
  public int maxChanceOutcomes() {
    return NUM_CARDS;
  }

  /** 0: a player's return is 26 − points, and points exceed 26 only for the others of a moon (+26 each). */
  @Override
  public double minUtility() {
    return 0;
  }

  /**
   * 36 for every option, OpenSpiel's {@code MaxUtility()} (26 − JD's −10), which its playthrough
   * records. It is a strict bound and reached with {@code jd_bonus} (a moon shot holding JD, or JD
   * alone taken); without {@code jd_bonus} returns stop at 26 (a moon, or no points taken), and at
   * 31 with {@code avoid_all_tricks_bonus} alone (no trick taken: −5). Search normalises by the
   * declared range, so without {@code jd_bonus} values span [0, 26/36] of it.
   */
  @Override
  public double maxUtility() {
    return MAX_SCORE;
  }

  /** 117: the pass direction and 52 deal actions (chance) plus 12 passes and 52 plays. */
  @Override
  public int maxGameLength() {
    return 1 + NUM_CARDS + 12 + NUM_CARDS;
  }

  /** 64: 12 passes and 52 plays (OpenSpiel's MaxGameLength). */
  @Override
  public int maxDecisions() {
    return 12 + NUM_CARDS;
  }

  /** The pass direction and the 52 cards dealt. */
  @Override
  public int maxChanceNodesInHistory() {
    return 1 + NUM_CARDS;
  }

  @Override
  public int[] informationStateTensorShape() {
    return new int[] {TENSOR_SIZE};
  }

  @Override
  public HeartsState newInitialState() {
    return new HeartsState(this);
  }

  /** Phases of a deal. */
  static final int PASS_DIR = 0;
  static final int DEAL = 1;
  static final int PASS = 2;
  static final int PLAY = 3;
  static final int OVER = 4;

  /** A hearts state. Hands are 52-bit masks. */
  public static final class HeartsState extends State {
    private final Hearts game;
    final long[] hand = new long[4];
    final long[] initial = new long[4];
    /** Cards passed by each player, in order: {@code passed[p * 3 + i]}. */
    final int[] passed = new int[12];
    final int[] passedCount = new int[4];
    final int[] points = new int[4];
    final int[] trickLeader = new int[13];
    final int[] trickWinner = new int[13];
    final int[] trickPoints = new int[13];
    /** Cards in play order. */
    final int[] plays = new int[52];
    int phase = PASS_DIR;
    int passDir;
    int dealt;
    int played;
    int cur = CHANCE;
    boolean heartsBroken;
    int ledSuit;
    int winningRank;
    int winningPlayer;
    /** Scratch arrays of a resampling target (allocated on its first {@link #resampleInto}). */
    HeartsResampler.Buffers resampleBuffers;

    HeartsState(Hearts game) {
      this.game = game;
      heartsBroken = !game.mustBreakHearts;
    }

    @Override
    public Game game() {
      return game;
    }

    @Override
    public int currentPlayer() {
      if (phase == DEAL || phase == PASS_DIR) {
        return CHANCE;
      }
      return phase == OVER ? TERMINAL : cur;
    }

    /** The player holding {@code card} now, or −1 (played, being passed or not dealt yet). */
    public int holder(int card) {
      long bit = 1L << card;
      for (int p = 0; p < 4; p++) {
        if ((hand[p] & bit) != 0) {
          return p;
        }
      }
      return -1;
    }

    private long undealt() {
      return ~(hand[0] | hand[1] | hand[2] | hand[3]) & ALL;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      if (phase == PASS_DIR) {
        if (!game.passCards) {
          actions[0] = 0;
          probabilities[0] = 1;
          return 1;
        }
        for (int i = 0; i < 4; i++) {
          actions[i] = i;
          probabilities[i] = 0.25;
        }
        return 4;
      }
      if (phase != DEAL) {
        throw new IllegalStateException("not a chance node");
      }
      int n = writeBits(undealt(), actions);
      for (int i = 0; i < n; i++) {
        probabilities[i] = 1.0 / n;
      }
      return n;
    }

    private static int writeBits(long m, int[] out) {
      int n = 0;
      while (m != 0) {
        out[n++] = Long.numberOfTrailingZeros(m);
        m &= m - 1;
      }
      return n;
    }

    /** Mask of the legal plays (or passes) of the player to move. */
    long legalMask() {
      long h = hand[cur];
      if (phase == PASS) {
        return h;
      }
      if (played % 4 != 0) {
        long follow = h & SUIT[ledSuit];
        if (follow != 0) {
          return follow;
        }
      }
      if (played == 0) {
        long m = 1L << TWO_CLUBS;
        if (game.canLeadAnyClub) {
          m |= h & SUIT[0];
        }
        return m;
      }
      if (game.noPtsOnFirstTrick && played < 4) {
        long m = h & ~SUIT[2] & ~(1L << QS);
        if (m != 0) {
          return m;
        }
      }
      if (played % 4 == 0) {
        long m = heartsBroken ? h : h & ~SUIT[2];
        if (game.canLeadHeartsInsteadOfQs && m == (1L << QS)) {
          m = 0;
        }
        if (m != 0) {
          return m;
        }
      }
      return h;
    }

    @Override
    public int legalActions(int[] out) {
      switch (phase) {
        case PASS_DIR:
          if (!game.passCards) {
            out[0] = 0;
            return 1;
          }
          for (int i = 0; i < 4; i++) {
            out[i] = i;
          }
          return 4;
        case DEAL:
          return writeBits(undealt(), out);
        case PASS:
        case PLAY:
          return writeBits(legalMask(), out);
        default:
          return 0;
      }
    }

    @Override
    public boolean isLegal(int action) {
      if (action < 0 || action >= NUM_CARDS) {
        return false;
      }
      switch (phase) {
        case PASS_DIR:
          return game.passCards ? action < 4 : action == 0;
        case DEAL:
          return (undealt() & (1L << action)) != 0;
        case PASS:
        case PLAY:
          return (legalMask() & (1L << action)) != 0;
        default:
          return false;
      }
    }

    @Override
    protected void doApplyAction(int action) {
      switch (phase) {
        case PASS_DIR:
          passDir = action;
          phase = DEAL;
          break;
        case DEAL:
          hand[dealt & 3] |= 1L << action;
          dealt++;
          if (dealt == NUM_CARDS) {
            System.arraycopy(hand, 0, initial, 0, 4);
            if (passDir == 0) {
              startPlay();
            } else {
              phase = PASS;
              cur = 0;
            }
          }
          break;
        case PASS:
          passed[cur * 3 + passedCount[cur]++] = action;
          hand[cur] &= ~(1L << action);
          if (passedCount[cur] == 3) {
            cur++;
          }
          if (cur == 4) {
            for (int p = 0; p < 4; p++) {
              int to = (p + passDir) & 3;
              for (int i = 0; i < 3; i++) {
                hand[to] |= 1L << passed[p * 3 + i];
              }
            }
            startPlay();
          }
          break;
        case PLAY:
          play(action);
          break;
        default:
          throw new IllegalStateException("the game is over");
      }
    }

    private void startPlay() {
      phase = PLAY;
      for (int p = 0; p < 4; p++) {
        if ((hand[p] & 1L) != 0) {
          cur = p;
        }
      }
    }

    private void play(int card) {
      hand[cur] &= ~(1L << card);
      int trick = played >> 2;
      int suit = card & 3;
      int rank = card >> 2;
      if ((played & 3) == 0) {
        trickLeader[trick] = cur;
        trickPoints[trick] = 0;
        ledSuit = suit;
        winningRank = rank;
        winningPlayer = cur;
      } else if (suit == ledSuit && rank > winningRank) {
        winningRank = rank;
        winningPlayer = cur;
      }
      trickPoints[trick] += game.cardPoints(card);
      plays[played] = card;
      if (suit == 2 || (game.qsBreaksHearts && card == QS)) {
        heartsBroken = true;
      }
      played++;
      if ((played & 3) == 0) {
        trickWinner[trick] = winningPlayer;
        cur = winningPlayer;
        points[cur] += trickPoints[trick];
      } else {
        cur = (cur + 1) & 3;
      }
      if (played == NUM_CARDS) {
        phase = OVER;
        cur = TERMINAL;
        computeScore();
      }
    }

    private void computeScore() {
      int shooter = -1;
      boolean moon = true;
      for (int t = 0; t < 13; t++) {
        int pts = trickPoints[t];
        if (pts != 0 && pts != -10) {
          if (shooter < 0) {
            shooter = trickWinner[t];
          } else if (shooter != trickWinner[t]) {
            moon = false;
            break;
          }
        }
      }
      if (moon) {
        for (int p = 0; p < 4; p++) {
          points[p] += p == shooter ? -26 : 26;
        }
      }
      if (game.avoidAllTricksBonus && !moon) {
        int took = 0;
        for (int t = 0; t < 13; t++) {
          took |= 1 << trickWinner[t];
        }
        for (int p = 0; p < 4; p++) {
          if ((took & (1 << p)) == 0) {
            points[p] -= 5;
          }
        }
      }
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      return phase == OVER ? 26 - points[player] : 0;
    }

    /** Points taken so far by {@code player} (final, after moon and bonuses, at the end). */
    public int points(int player) {
      return points[player];
    }

    // ------------------------------------------------------------------ strings

    @Override
    public String actionToString(int player, int action) {
      if (historySize() == 0) {
        return PASS_DIR_NAMES[action];
      }
      return cardString(action);
    }

    private String handLine(long[] deal, int player, int suit, boolean markVoids) {
      StringBuilder sb = new StringBuilder().append(SUITS.charAt(suit)).append(' ');
      boolean empty = true;
      for (int rank = 12; rank >= 0; rank--) {
        if ((deal[player] & (1L << (rank * 4 + suit))) != 0) {
          sb.append(RANKS.charAt(rank));
          empty = false;
        }
      }
      if (empty && markVoids) {
        sb.append("none");
      }
      return sb.toString();
    }

    private long[] shownDeal() {
      return phase == OVER ? initial : hand;
    }

    private String formatDeal() {
      long[] deal = shownDeal();
      StringBuilder sb = new StringBuilder();
      String pad = "        ";
      for (int s = 3; s >= 0; s--) {
        sb.append(pad).append(handLine(deal, 0, s, false)).append('\n');
      }
      for (int s = 3; s >= 0; s--) {
        String w = handLine(deal, 3, s, false);
        sb.append(w).append(" ".repeat(Math.max(0, 8 - w.length()))).append(pad)
            .append(handLine(deal, 1, s, false)).append('\n');
      }
      for (int s = 3; s >= 0; s--) {
        sb.append(pad).append(handLine(deal, 2, s, false)).append('\n');
      }
      return sb.toString();
    }

    private boolean passesDone() {
      return passedCount[3] == 3;
    }

    private String formatPass() {
      StringBuilder sb = new StringBuilder("\n\nPassed Cards:");
      for (int p = 0; p < 4; p++) {
        sb.append('\n').append(DIR[p]).append(": ");
        for (int i = 0; i < passedCount[p]; i++) {
          sb.append(cardString(passed[p * 3 + i])).append(' ');
        }
      }
      if (passesDone()) {
        sb.append("\n\nReceived Cards:");
        for (int r = 0; r < 4; r++) {
          sb.append('\n').append(DIR[r]).append(": ");
          int from = (r + 4 - passDir) & 3;
          for (int i = 0; i < 3; i++) {
            sb.append(cardString(passed[from * 3 + i])).append(' ');
          }
        }
      }
      return sb.append('\n').toString();
    }

    private String sortedCards(int p, int count) {
      int[] c = new int[count];
      System.arraycopy(passed, p * 3, c, 0, count);
      java.util.Arrays.sort(c);
      StringBuilder sb = new StringBuilder();
      for (int x : c) {
        sb.append(cardString(x)).append(' ');
      }
      return sb.toString();
    }

    private String formatPass(int player) {
      StringBuilder sb = new StringBuilder("\nPassed Cards: ").append(sortedCards(player, passedCount[player]));
      if (passesDone()) {
        sb.append("\n\nReceived Cards: ").append(sortedCards((player + 4 - passDir) & 3, 3));
      }
      return sb.append('\n').toString();
    }

    private String formatPlay() {
      StringBuilder sb = new StringBuilder("\nTricks:\nN  E  S  W  N  E  S");
      for (int t = 0; t <= (played - 1) / 4; t++) {
        sb.append('\n').append(" ".repeat(3 * trickLeader[t]));
        for (int i = t * 4; i < Math.min(played, t * 4 + 4); i++) {
          sb.append(cardString(plays[i])).append(' ');
        }
      }
      sb.append("\n\nPoints:");
      for (int p = 0; p < 4; p++) {
        sb.append('\n').append(DIR[p]).append(": ").append(points[p]);
      }
      return sb.toString();
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder("Pass Direction: ").append(PASS_DIR_NAMES[passDir]).append("\n\n");
      sb.append(formatDeal());
      if (passedCount[0] > 0) {
        sb.append(formatPass());
      }
      if (played > 0) {
        sb.append(formatPlay());
      }
      return sb.toString();
    }

    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      if (phase == OVER) {
        return toString();
      }
      StringBuilder sb = new StringBuilder("Pass Direction: ").append(PASS_DIR_NAMES[passDir]).append("\n\n");
      sb.append("Hand: \n");
      for (int s = 3; s >= 0; s--) {
        sb.append(handLine(hand, player, s, true)).append('\n');
      }
      if (passedCount[player] > 0) {
        sb.append(formatPass(player));
      }
      if (played > 0) {
        sb.append(formatPlay());
      }
      return sb.toString();
    }

    /**
     * A key of {@link #informationStateString(int)} computed from what it prints (pass direction;
     * the player's hand, passed and received cards, or at the end every initial hand and pass;
     * the tricks with their leaders; the points) without allocating: equal strings give equal
     * keys.
     */
    @Override
    public long informationStateKey(int player) {
      checkPlayer(player);
      long h = mix64(0x4845_4152_0000_0000L + passDir);
      if (phase == OVER) {
        h = mix64(h + 1);
        for (int p = 0; p < 4; p++) {
          h = mix64(h + initial[p]);
        }
        if (passedCount[0] > 0) {
          for (int p = 0; p < 4; p++) {
            h = mix64(h + passedCount[p]);
            for (int i = 0; i < passedCount[p]; i++) {
              h = mix64(h + passed[p * 3 + i] + 0x9E3779B97F4A7C15L);
            }
          }
        }
      } else {
        h = mix64(h + 2);
        h = mix64(h + hand[player]);
        int k = passedCount[player];
        if (k > 0) {
          h = mix64(h + k);
          h = mix64(h + passMask(player, k));
          if (passesDone()) {
            h = mix64(h + passMask((player + 4 - passDir) & 3, 3));
          }
        }
      }
      if (played > 0) {
        for (int t = 0; t <= (played - 1) / 4; t++) {
          h = mix64(h + trickLeader[t]);
        }
        for (int i = 0; i < played; i++) {
          h = mix64(h + plays[i] + 0x9E3779B97F4A7C15L);
        }
        h = mix64(h ^ played);
        for (int p = 0; p < 4; p++) {
          h = mix64(h + points[p]);
        }
      }
      return h;
    }

    /** The first {@code count} cards passed by {@code p}, as a card mask (the strings sort them). */
    private long passMask(int p, int count) {
      long m = 0;
      for (int i = 0; i < count; i++) {
        m |= 1L << passed[p * 3 + i];
      }
      return m;
    }

    @Override
    public void informationStateTensor(int player, float[] out) {
      checkPlayer(player);
      java.util.Arrays.fill(out, 0, TENSOR_SIZE, 0f);
      if (phase == PASS_DIR || phase == DEAL) {
        return;
      }
      int k = 0;
      out[passDir] = 1;
      k += 4;
      for (int c = 0; c < NUM_CARDS; c++) {
        if ((initial[player] & (1L << c)) != 0) {
          out[k + c] = 1;
        }
      }
      k += NUM_CARDS;
      for (int i = 0; i < passedCount[player]; i++) {
        out[k + passed[player * 3 + i]] = 1;
      }
      k += NUM_CARDS;
      if (passesDone()) {
        int from = (player - passDir + 4) & 3;
        for (int i = 0; i < 3; i++) {
          out[k + passed[from * 3 + i]] = 1;
        }
      }
      k += NUM_CARDS;
      for (int c = 0; c < NUM_CARDS; c++) {
        if ((hand[player] & (1L << c)) != 0) {
          out[k + c] = 1;
        }
      }
      k += NUM_CARDS;
      for (int p = 0; p < 4; p++) {
        for (int j = 0; j < points[p] + 10; j++) {
          out[k + j] = 1;
        }
        k += MAX_SCORE;
      }
      // tricks, each as seven card slots N E S W N E S starting at the leader's seat
      for (int i = 0; i < played; i++) {
        int t = i >> 2;
        int slot = trickLeader[t] + (i & 3);
        out[k + t * TRICK_TENSOR + slot * NUM_CARDS + plays[i]] = 1;
      }
    }

    // ------------------------------------------------------------------ copying

    @Override
    public HeartsState copy() {
      HeartsState s = new HeartsState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      HeartsState o = (HeartsState) other;
      System.arraycopy(o.hand, 0, hand, 0, 4);
      System.arraycopy(o.initial, 0, initial, 0, 4);
      System.arraycopy(o.passed, 0, passed, 0, 12);
      System.arraycopy(o.passedCount, 0, passedCount, 0, 4);
      System.arraycopy(o.points, 0, points, 0, 4);
      System.arraycopy(o.trickLeader, 0, trickLeader, 0, 13);
      System.arraycopy(o.trickWinner, 0, trickWinner, 0, 13);
      System.arraycopy(o.trickPoints, 0, trickPoints, 0, 13);
      System.arraycopy(o.plays, 0, plays, 0, 52);
      phase = o.phase;
      passDir = o.passDir;
      dealt = o.dealt;
      played = o.played;
      cur = o.cur;
      heartsBroken = o.heartsBroken;
      ledSuit = o.ledSuit;
      winningRank = o.winningRank;
      winningPlayer = o.winningPlayer;
      copyHistoryFrom(o);
    }

    // ------------------------------------------------------------------ resampling

    @Override
    public State resample(int player, SplittableRandom rng) {
      return resampleIntoNewState(player, rng);
    }

    /**
     * {@link #resample}'s rule ({@link HeartsResampler}), drawn into {@code target} (a hearts
     * state) by replaying a drawn history from the initial state; allocates nothing once the
     * target has its buffers (first call).
     *
     * @throws IllegalStateException if no consistent world is found in 10^6 attempts
     */
    @Override
    public void resampleInto(int player, SplittableRandom rng, State target) {
      checkResampleTarget(player, target);
      HeartsResampler.resampleInto(this, player, rng, (HeartsState) target);
    }

    Hearts hearts() {
      return game;
    }
  }
}
