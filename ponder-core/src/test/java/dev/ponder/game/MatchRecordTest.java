package dev.ponder.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.fixtures.TakeAwayGame;
import dev.ponder.spec.ParamSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A match record names its game with every parameter, defaults included, so that it replays the
 * same match after a default changes; records that left defaults out still load.
 */
class MatchRecordTest {

  /** {@code take_away} as rebuilt with another default pile (5 instead of 3). */
  static final class Pile5 extends SimpleGameFactory {
    static final GameType TYPE = new GameType("take_away", "Take Away", GameType.ChanceMode.DETERMINISTIC,
        GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
        List.of(ParamSpec.ofInt("pile", 5, "stones at the start")));

    Pile5() {
      super(TYPE, p -> new TakeAwayGame(TYPE, p), "nim_lite");
    }
  }

  @Test
  void theGameStringHoldsEveryParameterWithItsDefault() {
    GameRegistry.register(new TakeAwayGame.Factory());
    assertThat(MatchRecord.fullGameString(GameRegistry.load("take_away"))).isEqualTo("take_away(pile=3)");
    assertThat(MatchRecord.fullGameString(GameRegistry.load("nim_lite(pile=7)"))).isEqualTo("take_away(pile=7)");
    State s = GameRegistry.load("take_away").newInitialState();
    s.applyAction(1);
    assertThat(MatchRecord.of(s).toLine()).isEqualTo("take_away(pile=3) | 1");
  }

  @Test
  void aFinishedRecordStillEndsAfterTheDefaultChanged() {
    try {
      GameRegistry.register(new TakeAwayGame.Factory());
      State s = GameRegistry.load("take_away").newInitialState();
      s.applyAction(0); // take 1: 2 left
      s.applyAction(1); // take 2: player 1 took the last stone
      assertThat(s.isTerminal()).isTrue();
      String line = MatchRecord.of(s).toLine();

      GameRegistry.register(new Pile5()); // the game rebuilt: the default pile is now 5
      State replayed = MatchRecord.parse(line).replay();
      assertThat(replayed.isTerminal()).isTrue();
      assertThat(replayed.returns()).containsExactly(-1.0, 1.0);
      // a record written with the default left out now means the new default (3 of 5 stones taken)
      State old = MatchRecord.parse("take_away | 0 1").replay();
      assertThat(old.isTerminal()).isFalse();
      assertThat(old.toString()).isEqualTo("2 left, player 0 to move");
    } finally {
      GameRegistry.register(new TakeAwayGame.Factory());
    }
  }

  /** A second '|' was read as part of the game's name ("unknown game 'tic_tac_toe | 8'"). */
  @Test
  void aSecondBarIsAMalformedRecord() {
    assertThatThrownBy(() -> MatchRecord.parse("tic_tac_toe | 8 | 0")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("malformed match record: more than one '|'; expected '<game> | <actions>'");
    // inside a game's parentheses a '|' belongs to a parameter's value
    MatchRecord r = MatchRecord.parse("g(s=a|b) | 1 2");
    assertThat(r.game()).isEqualTo("g(s=a|b)");
    assertThat(r.actions()).containsExactly(1, 2);
  }
}
