package dev.ponder.search.mcts;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.State;
import dev.ponder.spec.Params;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A small imperfect-information test game in the spirit of Kuhn poker: chance deals one of
 * {@code cards} cards to player 0, then a different one to player 1; ante 1 each. Player 0 checks
 * (0) or bets 1 (1); after a check player 1 checks (0) or bets (1); facing a bet a player folds (0)
 * or calls (1). Showdown: the higher card wins the pot. Each player sees only its own card and the
 * betting.
 */
final class MiniPoker extends AbstractGame {
  final int cards;

  MiniPoker(int cards) {
    super(new GameType("mini_poker", "Mini poker", GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        GameType.Information.IMPERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL,
        2, 2, List.of()), Params.defaults("mini_poker", List.of()));
    this.cards = cards;
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
    return cards;
  }

  @Override
  public double minUtility() {
    return -2;
  }

  @Override
  public double maxUtility() {
    return 2;
  }

  @Override
  public int maxGameLength() {
    return 5;
  }

  @Override
  public State newInitialState() {
    return new S(this);
  }

  static final class S extends State {
    final MiniPoker g;
    int[] card = {-1, -1};
    final int[] bets = new int[3];
    int numBets;

    S(MiniPoker g) {
      this.g = g;
    }

    @Override
    public Game game() {
      return g;
    }

    private boolean over() {
      if (numBets == 2) {
        return bets[0] == 0 && bets[1] == 0 || bets[0] == 1;
      }
      return numBets == 3;
    }

    @Override
    public int currentPlayer() {
      if (card[1] < 0) {
        return CHANCE;
      }
      if (over()) {
        return TERMINAL;
      }
      return numBets % 2;
    }

    @Override
    public int legalActions(int[] out) {
      if (card[1] < 0) {
        int n = 0;
        for (int c = 0; c < g.cards; c++) {
          if (c != card[0]) {
            out[n++] = c;
          }
        }
        return n;
      }
      if (over()) {
        return 0;
      }
      out[0] = 0;
      out[1] = 1;
      return 2;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      int n = legalActions(actions);
      for (int i = 0; i < n; i++) {
        probabilities[i] = 1.0 / n;
      }
      return n;
    }

    @Override
    protected void doApplyAction(int action) {
      if (card[0] < 0) {
        card[0] = action;
      } else if (card[1] < 0) {
        card[1] = action;
      } else {
        bets[numBets++] = action;
      }
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
      card[0] = o.card[0];
      card[1] = o.card[1];
      System.arraycopy(o.bets, 0, bets, 0, 3);
      numBets = o.numBets;
      copyHistoryFrom(o);
    }

    @Override
    public double playerReturn(int player) {
      if (!over()) {
        return 0;
      }
      int winner;
      int pot;
      if (numBets == 2 && bets[0] == 0 && bets[1] == 0) {
        winner = card[0] > card[1] ? 0 : 1;
        pot = 1;
      } else if (numBets == 2) { // bet, then fold or call
        winner = bets[1] == 0 ? 0 : (card[0] > card[1] ? 0 : 1);
        pot = bets[1] == 0 ? 1 : 2;
      } else { // check, bet, fold or call
        winner = bets[2] == 0 ? 1 : (card[0] > card[1] ? 0 : 1);
        pot = bets[2] == 0 ? 1 : 2;
      }
      return winner == player ? pot : -pot;
    }

    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      StringBuilder sb = new StringBuilder();
      sb.append("card:").append(card[player]).append(" bets:");
      for (int i = 0; i < numBets; i++) {
        sb.append(bets[i]);
      }
      return sb.toString();
    }

    @Override
    public State resample(int player, SplittableRandom rng) {
      S s = new S(g);
      int mine = card[player];
      int other;
      do {
        other = rng.nextInt(g.cards);
      } while (other == mine);
      s.applyActionUnchecked(player == 0 ? mine : other);
      s.applyActionUnchecked(player == 0 ? other : mine);
      for (int i = 0; i < numBets; i++) {
        s.applyActionUnchecked(bets[i]);
      }
      return s;
    }

    @Override
    public String actionToString(int player, int action) {
      return player == CHANCE ? "deal " + action : (action == 0 ? "pass" : "bet");
    }

    @Override
    public String toString() {
      return "cards " + card[0] + "," + card[1] + " bets " + numBets;
    }
  }
}
