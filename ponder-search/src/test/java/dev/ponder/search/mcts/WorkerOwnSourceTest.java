package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.AbstractGame;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.spec.Params;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A search with several threads never resamples from one state in two threads: every worker draws
 * its worlds from its own copy of the searched state, so a game that keeps scratch on the state it
 * resamples from (natural for an object used by one thread) works with {@code threads=2}.
 */
class WorkerOwnSourceTest {

  @Test
  void eachWorkerResamplesFromAStateNoOtherThreadResamplesFrom() {
    Guess game = new Guess();
    State s = game.newInitialState();
    s.applyAction(5); // player 0's card
    s.applyAction(2); // player 1's card; player 1 to guess player 0's
    for (int seed = 0; seed < 20; seed++) {
      MctsAgent agent = MctsAgent.create("uct(sims=20000,threads=2)", game, seed);
      try {
        SearchResult r = agent.search(s);
        assertThat(r.simulations()).isEqualTo(20000);
        agent.engine().runSimulations(100); // continues in the calling thread from its worker's state
      } finally {
        agent.close();
      }
    }
    // the searched state was resampled from by the calling thread only (its root expansion)
    assertThat(((Guess.S) s).user).isSameAs(Thread.currentThread());
  }

  /**
   * Chance deals player 0 one of 8 cards, then player 1 another; player 1 guesses player 0's card
   * (+1 right, −1 wrong). Its {@code resampleInto} builds the world's history in a scratch array
   * kept on the source state, as a game written for one thread might, and refuses to be called on
   * one state by a second thread (two threads at once would overwrite each other's scratch).
   */
  static final class Guess extends AbstractGame {
    static final int CARDS = 8;

    Guess() {
      super(new GameType("scratch_guess", "Scratch guess", GameType.ChanceMode.EXPLICIT_STOCHASTIC,
          GameType.Information.IMPERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL,
          2, 2, List.of()), Params.defaults("scratch_guess", List.of()));
    }

    @Override
    public int numPlayers() {
      return 2;
    }

    @Override
    public int numDistinctActions() {
      return CARDS;
    }

    @Override
    public int maxChanceOutcomes() {
      return CARDS;
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
      return 3;
    }

    @Override
    public State newInitialState() {
      return new S(this);
    }

    static final class S extends State {
      final Guess g;
      final int[] card = {-1, -1};
      int guess = -1;
      /** Scratch of {@link #resampleInto}, on the source state. */
      int[] draw;
      /** The thread that first resampled from this state. */
      volatile Thread user;

      S(Guess g) {
        this.g = g;
      }

      @Override
      public Game game() {
        return g;
      }

      @Override
      public int currentPlayer() {
        return guess >= 0 ? TERMINAL : card[1] < 0 ? CHANCE : 1;
      }

      @Override
      public int legalActions(int[] out) {
        if (guess >= 0) {
          return 0;
        }
        int n = 0;
        for (int c = 0; c < CARDS; c++) {
          if (card[1] >= 0 || c != card[0]) {
            out[n++] = c;
          }
        }
        return n;
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
          if (action == card[0]) {
            throw new IllegalStateException("card " + action + " dealt twice");
          }
          card[1] = action;
        } else {
          guess = action;
        }
      }

      @Override
      public double playerReturn(int player) {
        checkPlayer(player);
        if (guess < 0) {
          return 0;
        }
        double r1 = guess == card[0] ? 1 : -1;
        return player == 1 ? r1 : -r1;
      }

      @Override
      public String informationStateString(int player) {
        checkPlayer(player);
        return "card " + card[player] + (guess >= 0 ? " guess " + guess : "");
      }

      @Override
      public State resample(int player, SplittableRandom rng) {
        return resampleIntoNewState(player, rng);
      }

      @Override
      public void resampleInto(int player, SplittableRandom rng, State target) {
        checkResampleTarget(player, target);
        Thread me = Thread.currentThread();
        if (user == null) {
          user = me;
        } else if (user != me) {
          throw new IllegalStateException("resampled from in " + me.getName() + " after " + user.getName());
        }
        if (draw == null) {
          draw = new int[3];
        }
        int own = card[player];
        int other;
        do {
          other = rng.nextInt(CARDS);
        } while (other == own || other < 0);
        draw[player] = own;
        draw[1 - player] = other;
        for (int i = 2; i < historySize(); i++) {
          draw[i] = historyAt(i);
        }
        S t = (S) target;
        t.copyFrom(g.newInitialState());
        for (int i = 0; i < historySize(); i++) {
          t.applyActionUnchecked(draw[i]);
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
        guess = o.guess;
        copyHistoryFrom(o);
      }

      @Override
      public String actionToString(int player, int action) {
        return (player == CHANCE ? "deal " : "guess ") + action;
      }

      @Override
      public String toString() {
        return "cards " + card[0] + " " + card[1] + (guess >= 0 ? " guess " + guess : "");
      }
    }
  }
}
