package dev.ponder.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.fixtures.TakeAwayGame;
import dev.ponder.spec.Params;
import java.util.List;
import org.junit.jupiter.api.Test;

class TwoPlayerZeroSumGameTest {
  private static final Params DEFAULTS = Params.defaults("take_away", TakeAwayGame.TYPE.parameters());

  @Test
  void reportsTheTwoPlayerZeroSumConstants() {
    Game g = new TakeAwayGame(DEFAULTS);
    assertThat(g.numPlayers()).isEqualTo(2);
    assertThat(g.maxChanceOutcomes()).isZero();
    assertThat(g.maxChanceNodesInHistory()).isZero();
    assertThat(g.utilitySum()).isEqualTo(0.0);
    assertThat(g.minUtility()).isEqualTo(-1.0);
    assertThat(g.maxUtility()).isEqualTo(1.0);
    // With no chance outcomes the buffer size is the action space.
    assertThat(g.maxActionsPerState()).isEqualTo(2);
  }

  @Test
  void returnsOfAPlayedGameLieInTheDeclaredRangeAndSumToZero() {
    // pile 3: player 0 takes 1, player 1 takes 2 (the last stone) and wins.
    Game g = new TakeAwayGame(DEFAULTS);
    State s = g.newInitialState();
    s.applyAction(0);
    s.applyAction(1);
    assertThat(s.isTerminal()).isTrue();
    assertThat(s.playerReturn(0)).isEqualTo(g.minUtility());
    assertThat(s.playerReturn(1)).isEqualTo(g.maxUtility());
    assertThat(s.playerReturn(0) + s.playerReturn(1)).isEqualTo(g.utilitySum());
  }

  @Test
  void aGameWithAWiderRangeOverridesOnlyTheUtilityBounds() {
    Game margin = new TakeAwayGame(DEFAULTS) {
      @Override
      public double minUtility() {
        return -pile;
      }

      @Override
      public double maxUtility() {
        return pile;
      }
    };
    assertThat(margin.minUtility()).isEqualTo(-3.0);
    assertThat(margin.maxUtility()).isEqualTo(3.0);
    assertThat(margin.numPlayers()).isEqualTo(2);
    assertThat(margin.utilitySum()).isEqualTo(0.0);
  }

  @Test
  void rejectsTypesThatAreNotTwoPlayerZeroSumDeterministic() {
    GameType t = TakeAwayGame.TYPE;
    GameType threePlayers = new GameType("three", "Three", t.chanceMode(), t.information(), t.utility(),
        t.rewardModel(), 2, 3, t.parameters());
    GameType generalSum = new GameType("general", "General", t.chanceMode(), t.information(),
        GameType.Utility.GENERAL_SUM, t.rewardModel(), 2, 2, t.parameters());
    GameType withChance = new GameType("dice", "Dice", GameType.ChanceMode.EXPLICIT_STOCHASTIC, t.information(),
        t.utility(), t.rewardModel(), 2, 2, t.parameters());
    assertThatThrownBy(() -> new TakeAwayGame(threePlayers, DEFAULTS))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("three").hasMessageContaining("2..3");
    assertThatThrownBy(() -> new TakeAwayGame(generalSum, DEFAULTS))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("general").hasMessageContaining("GENERAL_SUM");
    assertThatThrownBy(() -> new TakeAwayGame(withChance, DEFAULTS))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dice")
        .hasMessageContaining("EXPLICIT_STOCHASTIC");
    assertThat(List.of(threePlayers, generalSum, withChance)).doesNotContain(t);
  }
}
