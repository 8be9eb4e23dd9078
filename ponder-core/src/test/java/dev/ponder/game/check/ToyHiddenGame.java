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
 * {@code toy_hidden}: a small imperfect-information test game. Chance deals player 0 and then
 * player 1 one card each from 0..2 (without replacement, uniformly); then player 0, player 1 and
 * player 0 again each choose 0 or 1 (all public). The higher card wins 1 plus the number of 1s
 * chosen; the loser pays it (zero-sum). A player's information state is its card and the public
 * choices. The {@code flaw} parameter plants one bug the conformance kit must catch: {@code
 * forget} (player 0's string leaves out every choice: the same string at player 0's two decisions
 * on one history), {@code forget_own} (player 0's string shows only player 1's choice: two
 * histories share player 0's information state with different own earlier choices), {@code
 * copy_resample} (resample returns the true state), {@code copy_into} (resampleInto copies the
 * true state; resample is right), {@code bad_into} (resampleInto redraws both cards, the
 * player's own included). {@code forget_declared} and {@code forget_own_declared} are {@code
 * forget} and {@code forget_own} in a game whose {@link Game#perfectRecall()} is false. {@code
 * reveal} breaks no invariant but hides nothing: each information state shows the other player's
 * card too (so it names one history), and resample and resampleInto return the true state, the
 * only world consistent with it.
 */
final class ToyHiddenGame extends AbstractGame {
  static final String[] FLAWS = {"none", "forget", "forget_own", "copy_resample", "copy_into", "bad_into", "forget_declared",
      "forget_own_declared", "reveal"};

  static final GameType TYPE = new GameType("toy_hidden", "Toy Hidden", GameType.ChanceMode.EXPLICIT_STOCHASTIC,
      GameType.Information.IMPERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
      List.of(ParamSpec.ofString("flaw", "none", "planted bug")));

  private final String flaw;

  ToyHiddenGame(Params params) {
    super(TYPE, params);
    this.flaw = params.requireOneOf("flaw", FLAWS);
  }

  static final class Factory implements GameFactory {
    @Override
    public GameType type() {
      return TYPE;
    }

    @Override
    public Game create(Params params) {
      return new ToyHiddenGame(params);
    }
  }

  @Override
  public boolean perfectRecall() {
    return !flaw.endsWith("_declared");
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
    return -4;
  }

  @Override
  public double maxUtility() {
    return 4;
  }

  @Override
  public int maxGameLength() {
    return 5;
  }

  @Override
  public int maxDecisions() {
    return 3;
  }

  @Override
  public int maxChanceNodesInHistory() {
    return 2;
  }

  @Override
  public State newInitialState() {
    return new Hidden(this);
  }

  static final class Hidden extends State {
    private final ToyHiddenGame game;
    private final int[] cards = {-1, -1};
    private final int[] choices = new int[3];
    private int dealt;
    private int chosen;

    Hidden(ToyHiddenGame game) {
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
      return dealt < 2 ? CHANCE : chosen == 3 ? TERMINAL : chosen % 2;
    }

    @Override
    public int legalActions(int[] out) {
      if (dealt < 2) {
        int k = 0;
        for (int c = 0; c < 3; c++) {
          if (dealt == 0 || cards[0] != c) {
            out[k++] = c;
          }
        }
        return k;
      }
      if (chosen == 3) {
        return 0;
      }
      out[0] = 0;
      out[1] = 1;
      return 2;
    }

    @Override
    public int chanceOutcomes(int[] actions, double[] probabilities) {
      int k = legalActions(actions);
      for (int i = 0; i < k; i++) {
        probabilities[i] = 1.0 / k;
      }
      return k;
    }

    @Override
    protected void doApplyAction(int action) {
      if (dealt < 2) {
        cards[dealt++] = action;
      } else {
        choices[chosen++] = action;
      }
    }

    @Override
    public double playerReturn(int player) {
      checkPlayer(player);
      if (chosen < 3) {
        return 0;
      }
      int stake = 1 + choices[0] + choices[1] + choices[2];
      int win0 = cards[0] > cards[1] ? stake : -stake;
      return player == 0 ? win0 : -win0;
    }

    @Override
    public String actionToString(int player, int action) {
      return player == CHANCE ? "card" + action : action == 0 ? "low" : "high";
    }

    @Override
    public String informationStateString(int player) {
      checkPlayer(player);
      StringBuilder sb = new StringBuilder();
      sb.append('P').append(player).append(" card ").append(dealt > player ? String.valueOf(cards[player]) : "?").append(" |");
      if (is("reveal") && dealt > 1 - player) {
        sb.append(" other ").append(cards[1 - player]).append(" |");
      }
      for (int i = 0; i < chosen; i++) {
        if (player == 0 && (game.flaw.startsWith("forget_own") ? i % 2 == 0 : game.flaw.startsWith("forget"))) {
          continue;
        }
        sb.append(' ').append(choices[i]);
      }
      return sb.toString();
    }

    @Override
    public String observationString(int player) {
      return informationStateString(player);
    }

    @Override
    public State resample(int player, SplittableRandom rng) {
      checkPlayer(player);
      if (is("copy_resample") || is("reveal")) {
        return copy();
      }
      Hidden w = new Hidden(game);
      draw(player, rng, w);
      return w;
    }

    @Override
    public void resampleInto(int player, SplittableRandom rng, State target) {
      checkResampleTarget(player, target);
      Hidden w = (Hidden) target;
      if (is("copy_into") || is("reveal")) {
        w.copyFrom(this);
        return;
      }
      if (is("bad_into")) {
        int a = rng.nextInt(3);
        int b = (a + 1 + rng.nextInt(2)) % 3;
        w.reset();
        int[] deal = {a, b};
        for (int i = 0; i < dealt; i++) {
          w.applyAction(deal[i]);
        }
        for (int i = 0; i < chosen; i++) {
          w.applyAction(choices[i]);
        }
        return;
      }
      draw(player, rng, w);
    }

    @Override
    public boolean supportsUndo() {
      return true;
    }

    @Override
    protected void doUndoAction(int action) {
      if (chosen > 0) {
        chosen--;
      } else {
        dealt--;
        cards[dealt] = -1;
      }
    }

    /** Fills {@code w} with a world for {@code player}: the other player's card redrawn among the cards left. */
    private void draw(int player, SplittableRandom rng, Hidden w) {
      w.reset();
      int other = 1 - player;
      int[] deal = {cards[0], cards[1]};
      if (dealt > other) {
        int mine = dealt > player ? cards[player] : -1;
        int r = rng.nextInt(mine >= 0 ? 2 : 3);
        for (int c = 0; c < 3; c++) {
          if (c != mine && r-- == 0) {
            deal[other] = c;
            break;
          }
        }
      }
      for (int i = 0; i < dealt; i++) {
        w.applyAction(deal[i]);
      }
      for (int i = 0; i < chosen; i++) {
        w.applyAction(choices[i]);
      }
    }

    private void reset() {
      while (historySize() > 0) {
        undoAction(historyAt(historySize() - 1));
      }
    }

    @Override
    public State copy() {
      Hidden c = new Hidden(game);
      c.copyFrom(this);
      return c;
    }

    @Override
    public void copyFrom(State other) {
      Hidden o = (Hidden) other;
      cards[0] = o.cards[0];
      cards[1] = o.cards[1];
      System.arraycopy(o.choices, 0, choices, 0, 3);
      dealt = o.dealt;
      chosen = o.chosen;
      copyHistoryFrom(o);
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder("cards ").append(cards[0]).append(' ').append(cards[1]).append(" |");
      for (int i = 0; i < chosen; i++) {
        sb.append(' ').append(choices[i]);
      }
      return sb.toString();
    }
  }
}
