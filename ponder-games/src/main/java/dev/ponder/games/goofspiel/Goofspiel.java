package dev.ponder.games.goofspiel;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.game.SimpleGameFactory;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.Spec;
import dev.ponder.spec.SpecException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.StringJoiner;

/**
 * Goofspiel (the game of pure strategy), OpenSpiel-compatible, expressed as a turn-based
 * imperfect-information game: in each round the players bid one card each in player order
 * (0, 1, …), and a bidder does not see the bids made earlier in the same round. This is exactly
 * OpenSpiel's {@code turn_based_simultaneous_game(game=goofspiel(...))}; the registry accepts
 * both that string and plain {@code goofspiel(...)}.
 *
 * <p>Cards are 1..{@code num_cards}; action {@code a} bids card {@code a + 1} (string {@code
 * [P0]Bid: 3}). The point card of each round is dealt by chance ({@code points_order=random},
 * chance action {@code c} deals card {@code c + 1}, string {@code Deal 3}) or in ascending or
 * descending order. The unique highest bid wins the point card; a tie discards it. When one card
 * is left in every hand the last round is played automatically (as in OpenSpiel). Returns:
 * {@code win_loss} (winners share +1, losers share −1, all tied 0), {@code point_difference}
 * (points minus the mean) or {@code total_points}.
 */
public final class Goofspiel extends AbstractGame {
  static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.ofBool("imp_info", false, "bids of past rounds are hidden (only who won is revealed)"),
      ParamSpec.ofBool("egocentric", false, "win sequence in tensors relative to the observer"),
      ParamSpec.ofInt("num_cards", 13, 1, 60, "cards per hand and point cards"),
      // the declared range can only be the hull of the accepted values: the description says which
      ParamSpec.ofInt("num_turns", -1, -1, 60, "rounds to play: -1 (= num_cards) or 1..num_cards (not 0)"),
      ParamSpec.ofInt("players", 2, 2, 10, "number of players"),
      ParamSpec.ofString("points_order", "random", "random, descending or ascending"),
      ParamSpec.ofString("returns_type", "win_loss", "win_loss, point_difference or total_points"));

  static final GameType BASE_TYPE = new GameType("goofspiel", "Goofspiel",
      GameType.ChanceMode.EXPLICIT_STOCHASTIC, GameType.Information.IMPERFECT_INFORMATION,
      GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 10, PARAMS);

  static final GameType TBS_TYPE = new GameType("turn_based_simultaneous_game",
      "Turn-based Goofspiel", GameType.ChanceMode.EXPLICIT_STOCHASTIC,
      GameType.Information.IMPERFECT_INFORMATION, GameType.Utility.ZERO_SUM,
      GameType.RewardModel.TERMINAL, 2, 10,
      List.of(ParamSpec.ofGame("game", "goofspiel", "the simultaneous-move game to play in turns (goofspiel)")));

  /** OpenSpiel's kInvalidPlayer, recorded in the win sequence for a tied round. */
  public static final int TIE = -3;
  static final int RANDOM = 0;
  static final int DESCENDING = 1;
  static final int ASCENDING = 2;
  static final int WIN_LOSS = 0;
  static final int POINT_DIFFERENCE = 1;
  static final int TOTAL_POINTS = 2;

  final boolean impInfo;
  final boolean egocentric;
  final int numCards;
  final int numTurns;
  final int players;
  final int pointsOrder;
  final int returnsType;
  final int pointSlots;

  Goofspiel(GameType type, Params params, Params goofParams) {
    super(type, params);
    impInfo = goofParams.getBool("imp_info");
    egocentric = goofParams.getBool("egocentric");
    numCards = goofParams.requireInt("num_cards");
    int t = goofParams.getInt("num_turns");
    if (t != -1 && (t < 1 || t > numCards)) {
      throw new SpecException("goofspiel: num_turns=" + t + " is out of range; valid: -1 (= num_cards) or 1.." + numCards);
    }
    numTurns = t == -1 ? numCards : t;
    players = goofParams.requireInt("players");
    String po = goofParams.requireOneOf("points_order", "random", "descending", "ascending");
    pointsOrder = po.equals("random") ? RANDOM : po.equals("descending") ? DESCENDING : ASCENDING;
    String rt = goofParams.requireOneOf("returns_type", "win_loss", "point_difference", "total_points");
    returnsType = rt.equals("win_loss") ? WIN_LOSS : rt.equals("point_difference") ? POINT_DIFFERENCE : TOTAL_POINTS;
    pointSlots = numCards * (numCards + 1) / 2 + 1;
  }

  private static GameType withUtility(GameType t, Params goofParams) {
    if (!goofParams.getString("returns_type").equals("total_points")) {
      return t;
    }
    return new GameType(t.shortName(), t.longName(), t.chanceMode(), t.information(),
        GameType.Utility.GENERAL_SUM, t.rewardModel(), t.minPlayers(), t.maxPlayers(), t.parameters());
  }

  /** Registry factory for {@code goofspiel}. */
  public static final class Factory extends SimpleGameFactory {
    /** Serves {@code goofspiel}; the game registry creates it from META-INF/services. */
    public Factory() {
      super(BASE_TYPE, params -> new Goofspiel(withUtility(BASE_TYPE, params), params, params));
    }
  }

  /**
   * Registry factory for OpenSpiel's {@code turn_based_simultaneous_game(game=...)} transform; the
   * nested game must be goofspiel (Ponder's goofspiel already is turn-based).
   */
  public static final class TurnBasedFactory extends SimpleGameFactory {
    /**
     * Serves {@code turn_based_simultaneous_game}; the game registry creates it from
     * META-INF/services.
     */
    public TurnBasedFactory() {
      super(TBS_TYPE, Goofspiel::turnBased);
    }
  }

  /**
   * The goofspiel named by {@code turn_based_simultaneous_game}'s {@code game} parameter.
   *
   * @throws SpecException if the nested game is not goofspiel or its parameters are invalid
   */
  private static Goofspiel turnBased(Params params) {
    String inner = params.getString("game");
    Spec spec = Spec.parse(inner);
    if (!spec.name().equals("goofspiel")) {
      throw new SpecException("turn_based_simultaneous_game: game=" + spec.name()
          + " is not supported; valid: goofspiel(...)");
    }
    Params goof = Params.resolve(spec, PARAMS);
    // OpenSpiel shows the nested game with all of its parameters, sorted by name.
    List<String> keys = new ArrayList<>(goof.values().keySet());
    Collections.sort(keys);
    StringJoiner j = new StringJoiner(",", "goofspiel(", ")");
    for (String k : keys) {
      j.add(k + "=" + ParamSpec.format(goof.values().get(k)));
    }
    Params canonical = Params.resolve(new Spec(TBS_TYPE.shortName(), Map.of("game", j.toString())),
        TBS_TYPE.parameters());
    return new Goofspiel(withUtility(TBS_TYPE, goof), canonical, goof);
  }

  /** Loads a goofspiel game through the registry (convenience for tests and tools). */
  public static Goofspiel load(String spec) {
    return (Goofspiel) GameRegistry.load(spec);
  }

  @Override
  public int numPlayers() {
    return players;
  }

  @Override
  public int numDistinctActions() {
    return numCards;
  }

  @Override
  public int maxChanceOutcomes() {
    return pointsOrder == RANDOM ? numCards : 0;
  }

  /**
   * A lower bound on the returns: −1 for {@code win_loss}, 0 for {@code total_points}, and for
   * {@code point_difference} −S/n, S = 1 + 2 + … + {@code num_cards}, computed in doubles (the
   * return of a player who scores nothing while another takes every point card). Every return is
   * at least this bound; it is reached in some settings but not in all (with 2 players it never
   * is, and with 2 cards and 4 players the lowest return is −0.5, not −0.75). OpenSpiel declares
   * {@code −(S/n)} with integer division, which lies above returns that occur when n does not
   * divide S: 2 cards and 4 players give −0.5, under OpenSpiel's 0, and 13 cards and 4 players
   * give −22.5, under its −22. Ponder keeps OpenSpiel's returns and declares this bound instead.
   */
  @Override
  public double minUtility() {
    switch (returnsType) {
      case WIN_LOSS:
        return -1;
      case POINT_DIFFERENCE:
        return -pointSum() / players;
      default:
        return 0;
    }
  }

  /**
   * The highest return: 1 for {@code win_loss}, S for {@code total_points}, and for {@code
   * point_difference} S − S/n = (n − 1)·S/n (the player takes every point card), as OpenSpiel.
   */
  @Override
  public double maxUtility() {
    double sum = pointSum();
    switch (returnsType) {
      case WIN_LOSS:
        return 1;
      case POINT_DIFFERENCE:
        return (players - 1) * sum / players;
      default:
        return sum;
    }
  }

  /** S = 1 + 2 + … + {@code num_cards}: every point card's value. */
  private double pointSum() {
    return numCards * (numCards + 1) / 2.0;
  }

  @Override
  public double utilitySum() {
    return returnsType == TOTAL_POINTS ? Double.NaN : 0.0;
  }

  /**
   * True with {@code imp_info} (the string holds the player's own bids, the point and win
   * sequences); false without it: OpenSpiel's string then shows every player's remaining hand but
   * not the order in which the opponents bid, which the player saw and later forgets.
   */
  @Override
  public boolean perfectRecall() {
    return impInfo;
  }

  @Override
  public int maxGameLength() {
    return numTurns * players + (pointsOrder == RANDOM ? numTurns : 0);
  }

  @Override
  public int maxDecisions() {
    return numTurns * players;
  }

  /** One point card dealt per round when they are random (none otherwise). */
  @Override
  public int maxChanceNodesInHistory() {
    return pointsOrder == RANDOM ? numTurns : 0;
  }

  @Override
  public int[] informationStateTensorShape() {
    return new int[] {informationStateTensorSize()};
  }

  private int informationStateTensorSize() {
    int base = 2 * players + players * pointSlots;
    if (impInfo) {
      return base + numCards + numTurns * players + 2 * numTurns * numCards;
    }
    return base + numTurns * numCards + players * numCards;
  }

  @Override
  public int[] observationTensorShape() {
    return new int[] {observationTensorSize()};
  }

  private int observationTensorSize() {
    int base = 2 * players + 2 * numCards + players * pointSlots;
    if (impInfo) {
      return base + numCards + numTurns * players;
    }
    return base + players * numCards;
  }

  @Override
  public GoofspielState newInitialState() {
    return new GoofspielState(this);
  }

  /** A goofspiel state; bids of the current round are held apart until every player has bid. */
  public static final class GoofspielState extends State {
    private final Goofspiel game;
    /** Bit c set: card c (0-based) still in hand. */
    final long[] hands;
    final int[] points;
    /** Completed rounds' bids: {@code bids[round * players + p]}. */
    final int[] bids;
    /** Current round's bids of players before {@link #cur}. */
    final int[] partial;
    final int[] pointSeq;
    final int[] winSeq;
    int round;
    int dealt;
    /** Bit c set: point card c has been dealt (the set {@link #pointSeq} lists in order). */
    long dealtMask;
    int pointCard = -1;
    int cur;
    /** Resampling buffers of a target state (allocated on its first {@link #resampleInto}). */
    private GoofspielState blank;
    private int[] worldBids;
    private long[] worldHands;
    private int[] choice;
    private double[] memo;
    private int[] memoStamp;
    private int memoGen;
    /**
     * What the memo's valid entries were counted for: the source's game, the player, the completed
     * rounds, and per round the player's bid and the winner (all that {@link #completions} reads).
     */
    private Goofspiel memoGame;
    private int memoPlayer = -1;
    private int memoRounds = -1;
    private int[] memoMine;
    private int[] memoWins;

    GoofspielState(Goofspiel game) {
      this.game = game;
      int n = game.players;
      hands = new long[n];
      long full = game.numCards == 64 ? -1L : (1L << game.numCards) - 1;
      for (int p = 0; p < n; p++) {
        hands[p] = full;
      }
      points = new int[n];
      bids = new int[game.numCards * n];
      partial = new int[n];
      pointSeq = new int[game.numCards];
      winSeq = new int[game.numCards];
      if (game.pointsOrder == RANDOM) {
        cur = CHANCE;
      } else {
        deal(game.pointsOrder == ASCENDING ? 0 : game.numCards - 1);
        cur = 0;
      }
    }

    @Override
    public Game game() {
      return game;
    }

    private void deal(int card) {
      pointCard = card;
      pointSeq[dealt++] = card;
      dealtMask |= 1L << card;
    }

    @Override
    public int currentPlayer() {
      return cur;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      if (cur != CHANCE) {
        throw new IllegalStateException("not a chance node");
      }
      int n = 0;
      for (int c = 0; c < game.numCards; c++) {
        if (!played(c)) {
          actions[n++] = c;
        }
      }
      double p = 1.0 / n;
      for (int i = 0; i < n; i++) {
        probabilities[i] = p;
      }
      return n;
    }

    private boolean played(int card) {
      return (dealtMask & (1L << card)) != 0;
    }

    @Override
    public int legalActions(int[] out) {
      if (cur == TERMINAL) {
        return 0;
      }
      if (cur == CHANCE) {
        int n = 0;
        for (int c = 0; c < game.numCards; c++) {
          if (!played(c)) {
            out[n++] = c;
          }
        }
        return n;
      }
      long h = hands[cur];
      int n = 0;
      while (h != 0) {
        out[n++] = Long.numberOfTrailingZeros(h);
        h &= h - 1;
      }
      return n;
    }

    @Override
    public boolean isLegal(int action) {
      if (cur == TERMINAL || action < 0 || action >= game.numCards) {
        return false;
      }
      if (cur == CHANCE) {
        return !played(action);
      }
      return (hands[cur] & (1L << action)) != 0;
    }

    @Override
    protected void doApplyAction(int action) {
      if (cur == CHANCE) {
        deal(action);
        cur = 0;
        return;
      }
      partial[cur] = action;
      cur++;
      if (cur == game.players) {
        resolveRound();
      }
    }

    private void resolveRound() {
      int n = game.players;
      int maxBid = -1;
      int count = 0;
      int maxBidder = -1;
      for (int p = 0; p < n; p++) {
        int b = partial[p];
        if (b > maxBid) {
          maxBid = b;
          count = 1;
          maxBidder = p;
        } else if (b == maxBid) {
          count++;
        }
      }
      if (count == 1) {
        points[maxBidder] += pointCard + 1;
        winSeq[round] = maxBidder;
      } else {
        winSeq[round] = TIE;
      }
      for (int p = 0; p < n; p++) {
        bids[round * n + p] = partial[p];
        hands[p] &= ~(1L << partial[p]);
      }
      round++;
      cur = 0;
      if (round < game.numTurns) {
        if (game.pointsOrder == RANDOM) {
          cur = CHANCE;
          pointCard = -1;
        } else if (game.pointsOrder == ASCENDING) {
          if (pointCard < game.numCards - 1) {
            deal(pointCard + 1);
          }
        } else if (pointCard > 0) {
          deal(pointCard - 1);
        }
      }
      if (round == game.numCards - 1 && round < game.numTurns) {
        // one card left in every hand: the last round plays itself
        if (cur == CHANCE) {
          for (int c = 0; c < game.numCards; c++) {
            if (!played(c)) {
              deal(c);
              break;
            }
          }
        }
        for (int p = 0; p < n; p++) {
          partial[p] = Long.numberOfTrailingZeros(hands[p]);
        }
        resolveRound();
        return;
      }
      if (round >= game.numTurns) {
        cur = TERMINAL;
      }
    }

    // ------------------------------------------------------------------ returns

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (cur != TERMINAL) {
        return 0;
      }
      int n = game.players;
      switch (game.returnsType) {
        case WIN_LOSS: {
          int max = -1;
          int winners = 0;
          for (int p = 0; p < n; p++) {
            if (points[p] > max) {
              max = points[p];
              winners = 1;
            } else if (points[p] == max) {
              winners++;
            }
          }
          if (winners == n) {
            return 0;
          }
          return points[player] == max ? 1.0 / winners : -1.0 / (n - winners);
        }
        case POINT_DIFFERENCE: {
          double sum = 0;
          for (int p = 0; p < n; p++) {
            sum += points[p];
          }
          return points[player] - sum / n;
        }
        default:
          return points[player];
      }
    }

    /** Points won so far by {@code player}. */
    public int points(int player) {
      return points[player];
    }

    // ------------------------------------------------------------------ strings

    @Override
    public String actionToString(int player, int action) {
      if (player == CHANCE) {
        return "Deal " + (action + 1);
      }
      return "[P" + player + "]Bid: " + (action + 1);
    }

    private boolean rollout() {
      return cur >= 0;
    }

    private String prefix(int player) {
      StringBuilder sb = new StringBuilder("Current player: ").append(cur).append('\n');
      if (rollout() && player < cur) {
        sb.append("Observer's action this turn: ").append(partial[player]).append('\n');
      }
      return sb.toString();
    }

    private void hand(StringBuilder sb, int p) {
      sb.append('P').append(p).append(" hand: ");
      for (int c = 0; c < game.numCards; c++) {
        if ((hands[p] & (1L << c)) != 0) {
          sb.append(c + 1).append(' ');
        }
      }
      sb.append('\n');
    }

    private void pointSequence(StringBuilder sb) {
      sb.append("Point card sequence: ");
      for (int i = 0; i < dealt; i++) {
        sb.append(pointSeq[i] + 1).append(' ');
      }
      sb.append('\n');
    }

    private void winSequence(StringBuilder sb) {
      sb.append("Win sequence: ");
      for (int i = 0; i < round; i++) {
        sb.append(winSeq[i]).append(' ');
      }
      sb.append('\n');
    }

    private void pointsLine(StringBuilder sb) {
      sb.append("Points: ");
      for (int p = 0; p < game.players; p++) {
        sb.append(points[p]).append(' ');
      }
      sb.append('\n');
    }

    private void currentAndRemaining(StringBuilder sb) {
      sb.append("Current point card: ").append(pointCard + 1).append('\n');
      sb.append("Remaining Point Cards: ");
      for (int c = 0; c < game.numCards; c++) {
        if (!played(c)) {
          sb.append(c + 1);
        }
      }
      sb.append('\n');
    }

    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      StringBuilder sb = new StringBuilder(prefix(player));
      if (game.impInfo) {
        hand(sb, player);
        sb.append('P').append(player).append(" action sequence: ");
        for (int r = 0; r < round; r++) {
          sb.append(bids[r * game.players + player]).append(' ');
        }
        sb.append('\n');
        pointSequence(sb);
        winSequence(sb);
        pointsLine(sb);
        sb.append("Terminal?: ").append(cur == TERMINAL ? 1 : 0).append('\n');
      } else {
        pointSequence(sb);
        for (int p = 0; p < game.players; p++) {
          hand(sb, p);
        }
        winSequence(sb);
        pointsLine(sb);
      }
      return sb.toString();
    }

    /**
     * A key of {@link #informationStateString(int)} computed from the fields it prints (current
     * player, the observer's bid this turn where shown, hands, own or all bids' traces, point and
     * win sequences, points, terminal flag) without allocating: equal strings give equal keys.
     */
    @Override
    public long informationStateKey(int player) {
      checkPlayer(player);
      int n = game.players;
      long h = mix64(0x474F_4F46_0000_0000L + player);
      h = mix64(h + cur);
      h = mix64(h + (rollout() && player < cur ? partial[player] + 1 : 0));
      if (game.impInfo) {
        h = mix64(h + hands[player]);
        for (int r = 0; r < round; r++) {
          h = mix64(h + bids[r * n + player] + 0x9E3779B97F4A7C15L);
        }
      } else {
        for (int p = 0; p < n; p++) {
          h = mix64(h + hands[p]);
        }
      }
      h = mix64(h ^ round);
      for (int i = 0; i < dealt; i++) {
        h = mix64(h + pointSeq[i] + 0x9E3779B97F4A7C15L);
      }
      h = mix64(h ^ dealt);
      for (int i = 0; i < round; i++) {
        h = mix64(h + winSeq[i] + 0x9E3779B97F4A7C15L);
      }
      for (int p = 0; p < n; p++) {
        h = mix64(h + points[p]);
      }
      return mix64(h + (game.impInfo && cur == TERMINAL ? 1 : 0));
    }

    @Override
    public String observationString(int player) {
      checkPlayer(player);
      StringBuilder sb = new StringBuilder(prefix(player));
      currentAndRemaining(sb);
      if (game.impInfo) {
        pointsLine(sb);
        hand(sb, player);
        winSequence(sb);
      } else {
        for (int p = 0; p < game.players; p++) {
          hand(sb, p);
        }
        winSequence(sb);
        pointsLine(sb);
      }
      return sb.toString();
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder();
      if (rollout()) {
        sb.append("Partial joint action: ");
        for (int p = 0; p < cur; p++) {
          sb.append(partial[p]).append(' ');
        }
        sb.append('\n');
      }
      for (int p = 0; p < game.players; p++) {
        hand(sb, p);
      }
      if (game.impInfo) {
        for (int p = 0; p < game.players; p++) {
          sb.append('P').append(p).append(" actions: ");
          for (int r = 0; r < round; r++) {
            sb.append(bids[r * game.players + p]).append(' ');
          }
          sb.append('\n');
        }
      }
      pointSequence(sb);
      pointsLine(sb);
      return sb.toString();
    }

    // ------------------------------------------------------------------ tensors

    /** Clears the tensor's {@code size} entries of {@code out} (no more: the caller's array may be longer). */
    private int header(int player, float[] out, int size) {
      int n = game.players;
      java.util.Arrays.fill(out, 0, size, 0f);
      for (int p = 0; p < n; p++) {
        out[p] = p == cur ? 1 : 0;
        out[n + p] = p == player ? 1 : 0;
      }
      return 2 * n;
    }

    private int pointTotals(int player, float[] out, int k) {
      int n = game.players;
      for (int i = 0; i < n; i++) {
        int p = (player + i) % n;
        out[k + i * game.pointSlots + points[p]] = 1;
      }
      return k + n * game.pointSlots;
    }

    private int myHand(int player, float[] out, int k) {
      for (int c = 0; c < game.numCards; c++) {
        out[k + c] = (hands[player] & (1L << c)) != 0 ? 1 : 0;
      }
      return k + game.numCards;
    }

    private int allHands(int player, float[] out, int k) {
      int n = game.players;
      for (int i = 0; i < n; i++) {
        int p = (player + i) % n;
        for (int c = 0; c < game.numCards; c++) {
          out[k + i * game.numCards + c] = (hands[p] & (1L << c)) != 0 ? 1 : 0;
        }
      }
      return k + n * game.numCards;
    }

    private int winSequenceTensor(int player, float[] out, int k) {
      int n = game.players;
      for (int r = 0; r < round; r++) {
        if (winSeq[r] != TIE) {
          int w = game.egocentric ? (n + winSeq[r] - player) % n : winSeq[r];
          out[k + r * n + w] = 1;
        }
      }
      return k + game.numTurns * n;
    }

    private int pointSequenceTensor(float[] out, int k) {
      for (int r = 0; r < dealt; r++) {
        out[k + r * game.numCards + pointSeq[r]] = 1;
      }
      return k + game.numTurns * game.numCards;
    }

    @Override
    public void informationStateTensor(int player, float[] out) {
      checkPlayer(player);
      int k = header(player, out, game.informationStateTensorSize());
      k = pointTotals(player, out, k);
      if (game.impInfo) {
        k = myHand(player, out, k);
        k = winSequenceTensor(player, out, k);
        k = pointSequenceTensor(out, k);
        for (int r = 0; r < round; r++) {
          out[k + r * game.numCards + bids[r * game.players + player]] = 1;
        }
      } else {
        k = pointSequenceTensor(out, k);
        allHands(player, out, k);
      }
    }

    @Override
    public void observationTensor(int player, float[] out) {
      checkPlayer(player);
      int k = header(player, out, game.observationTensorSize());
      if (pointCard >= 0) {
        out[k + pointCard] = 1;
      }
      k += game.numCards;
      for (int c = 0; c < game.numCards; c++) {
        out[k + c] = played(c) ? 0 : 1;
      }
      k += game.numCards;
      k = pointTotals(player, out, k);
      if (game.impInfo) {
        k = myHand(player, out, k);
        winSequenceTensor(player, out, k);
      } else {
        allHands(player, out, k);
      }
    }

    // ------------------------------------------------------------------ copying

    @Override
    public GoofspielState copy() {
      GoofspielState s = new GoofspielState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      GoofspielState o = (GoofspielState) other;
      System.arraycopy(o.hands, 0, hands, 0, hands.length);
      System.arraycopy(o.points, 0, points, 0, points.length);
      System.arraycopy(o.bids, 0, bids, 0, bids.length);
      System.arraycopy(o.partial, 0, partial, 0, partial.length);
      System.arraycopy(o.pointSeq, 0, pointSeq, 0, pointSeq.length);
      System.arraycopy(o.winSeq, 0, winSeq, 0, winSeq.length);
      round = o.round;
      dealt = o.dealt;
      dealtMask = o.dealtMask;
      pointCard = o.pointCard;
      cur = o.cur;
      copyHistoryFrom(o);
    }

    // ------------------------------------------------------------------ resampling

    /**
     * A world drawn uniformly from the histories consistent with {@code player}'s information
     * state: with {@code imp_info} the other players' past bids are unknown except through who won
     * each round (two players and up to 16 cards: exact counting over used-card subsets; otherwise
     * rejection sampling round by round); in every case the bids already made in the current round
     * by other players are unknown. Point cards, the player's own bids and the win sequence are
     * kept.
     *
     * @throws IllegalStateException if no consistent world is found within 10⁷ attempts (not
     *     reachable for 2 players and up to 13 cards in practice)
     */
    @Override
    public State resample(int player, SplittableRandom rng) {
      return resampleIntoNewState(player, rng);
    }

    /**
     * {@link #resample}'s rule, drawn into {@code target} (a Goofspiel state of the same game) by
     * replaying the drawn history from the initial state; allocates nothing once the target has
     * its buffers (first call; with two players and {@code imp_info} they include the
     * completion-count memo, 2^num_cards entries, kept while the target draws from the same
     * information (player, own bids, winners) and otherwise invalidated by a generation stamp
     * rather than cleared).
     *
     * @throws IllegalStateException as {@link #resample}
     */
    @Override
    public void resampleInto(int player, SplittableRandom rng, State target) {
      checkResampleTarget(player, target);
      GoofspielState w = (GoofspielState) target;
      int n = game.players;
      if (w.blank == null) {
        w.blank = new GoofspielState(game);
        w.worldBids = new int[game.numCards * n];
        w.worldHands = new long[n];
        w.choice = new int[64];
      }
      int completed = round;
      int[] worldBids = w.worldBids;
      long[] worldHands = w.worldHands;
      int[] choice = w.choice;
      long full = (1L << game.numCards) - 1;
      if (game.impInfo && n == 2 && game.numCards <= 16) {
        sampleTwoPlayerBids(player, completed, worldBids, rng, w);
      } else if (game.impInfo) {
        int attempts = 0;
        outer:
        while (true) {
          if (++attempts > 10_000_000) {
            throw new IllegalStateException("goofspiel resample found no consistent world");
          }
          for (int p = 0; p < n; p++) {
            worldHands[p] = full;
          }
          for (int r = 0; r < completed; r++) {
            for (int p = 0; p < n; p++) {
              int b;
              if (p == player) {
                b = bids[r * n + p];
              } else {
                int k = 0;
                long h = worldHands[p];
                while (h != 0) {
                  choice[k++] = Long.numberOfTrailingZeros(h);
                  h &= h - 1;
                }
                b = choice[rng.nextInt(k)];
              }
              worldBids[r * n + p] = b;
              worldHands[p] &= ~(1L << b);
            }
            if (winnerOf(worldBids, r * n) != winSeq[r]) {
              continue outer;
            }
          }
          break;
        }
      } else {
        for (int i = 0; i < completed * n; i++) {
          worldBids[i] = bids[i];
        }
      }
      // rebuild the history: deals (when random) and bids in order
      w.copyFrom(w.blank);
      for (int r = 0; r < completed; r++) {
        if (w.cur == TERMINAL) {
          break;
        }
        if (w.cur == CHANCE) {
          w.applyActionUnchecked(pointSeq[r]);
        }
        if (w.round > r) {
          continue; // the automatic last round
        }
        for (int p = 0; p < n; p++) {
          w.applyActionUnchecked(worldBids[r * n + p]);
        }
      }
      if (w.cur == CHANCE && cur != CHANCE) {
        w.applyActionUnchecked(pointSeq[completed]);
      }
      if (cur >= 0) {
        for (int p = 0; p < cur; p++) {
          int b;
          if (p == player) {
            b = partial[p];
          } else {
            int k = 0;
            long h = w.hands[p];
            while (h != 0) {
              choice[k++] = Long.numberOfTrailingZeros(h);
              h &= h - 1;
            }
            b = choice[rng.nextInt(k)];
          }
          w.applyActionUnchecked(b);
        }
      }
    }

    /**
     * Two players: the opponent's past bids drawn exactly uniformly among the sequences consistent
     * with the win sequence, by counting completions over the set of cards already used (a
     * memoised count per subset, held by the target {@code buf}; at most 2^num_cards entries).
     */
    private void sampleTwoPlayerBids(int player, int rounds, int[] worldBids, SplittableRandom rng, GoofspielState buf) {
      int opp = 1 - player;
      if (buf.memo == null) {
        buf.memo = new double[1 << game.numCards];
        buf.memoStamp = new int[1 << game.numCards];
        buf.memoMine = new int[game.numCards];
        buf.memoWins = new int[game.numCards];
      }
      if (!memoCountsFor(player, rounds, buf)) {
        // counted for other information: invalidate every entry and note what the new ones count
        if (++buf.memoGen == Integer.MAX_VALUE) {
          java.util.Arrays.fill(buf.memoStamp, 0);
          buf.memoGen = 1;
        }
        buf.memoGame = game;
        buf.memoPlayer = player;
        buf.memoRounds = rounds;
        for (int r = 0; r < rounds; r++) {
          buf.memoMine[r] = bids[r * 2 + player];
          buf.memoWins[r] = winSeq[r];
        }
      }
      int mask = 0;
      for (int r = 0; r < rounds; r++) {
        double u = rng.nextDouble() * completions(mask, rounds, player, buf);
        int chosen = -1;
        for (int b = 0; b < game.numCards; b++) {
          if ((mask & (1 << b)) != 0 || !consistent(r, player, b)) {
            continue;
          }
          chosen = b;
          u -= completions(mask | (1 << b), rounds, player, buf);
          if (u < 0) {
            break;
          }
        }
        worldBids[r * 2 + player] = bids[r * 2 + player];
        worldBids[r * 2 + opp] = chosen;
        mask |= 1 << chosen;
      }
    }

    /**
     * Whether {@code buf}'s memo entries count completions for this state's information as
     * {@code player} (same game, player, rounds, own bids and winners): a search resampling one
     * root state draws many worlds from it, and recounting the memo for each draw cost up to about
     * 1 ms per draw with 13 cards.
     */
    private boolean memoCountsFor(int player, int rounds, GoofspielState buf) {
      if (buf.memoGame != game || buf.memoPlayer != player || buf.memoRounds != rounds) {
        return false;
      }
      for (int r = 0; r < rounds; r++) {
        if (buf.memoMine[r] != bids[r * 2 + player] || buf.memoWins[r] != winSeq[r]) {
          return false;
        }
      }
      return true;
    }

    private double completions(int mask, int rounds, int player, GoofspielState buf) {
      int r = Integer.bitCount(mask);
      if (r == rounds) {
        return 1;
      }
      if (buf.memoStamp[mask] == buf.memoGen) {
        return buf.memo[mask];
      }
      double sum = 0;
      for (int b = 0; b < game.numCards; b++) {
        if ((mask & (1 << b)) == 0 && consistent(r, player, b)) {
          sum += completions(mask | (1 << b), rounds, player, buf);
        }
      }
      buf.memo[mask] = sum;
      buf.memoStamp[mask] = buf.memoGen;
      return sum;
    }

    /** Whether the opponent bidding {@code b} in round {@code r} yields the recorded winner. */
    private boolean consistent(int r, int player, int b) {
      int mine = bids[r * 2 + player];
      int w = winSeq[r];
      return w == TIE ? b == mine : w == player ? b < mine : b > mine;
    }

    private int winnerOf(int[] roundBids, int off) {
      int maxBid = -1;
      int count = 0;
      int who = -1;
      for (int p = 0; p < game.players; p++) {
        int b = roundBids[off + p];
        if (b > maxBid) {
          maxBid = b;
          count = 1;
          who = p;
        } else if (b == maxBid) {
          count++;
        }
      }
      return count == 1 ? who : TIE;
    }
  }
}
