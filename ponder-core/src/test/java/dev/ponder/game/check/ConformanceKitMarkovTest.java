package dev.ponder.game.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.game.fixtures.TakeAwayGame;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A perfect-information game whose information-state string is the position (a Markov string,
 * shared by transposed histories) is well-formed: the kit holds only games that do not declare
 * perfect information to perfect recall and to resample's hidden-information comparison.
 */
class ConformanceKitMarkovTest {

  @BeforeAll
  static void register() {
    GameRegistry.register(new TakeAwayGame.MarkovFactory());
    GameRegistry.register(new TakeAwayGame.DeclaredImperfectFactory());
  }

  private static ConformanceKit.Options options() {
    return new ConformanceKit.Options().seed(1).playouts(50);
  }

  @Test
  void theStringIsSharedByTransposedHistories() {
    // take 1 then 2, and 2 then 1: one position, one string, different histories
    State a = GameRegistry.load("markov_take_away").newInitialState();
    a.applyAction(0);
    a.applyAction(1);
    State b = GameRegistry.load("markov_take_away").newInitialState();
    b.applyAction(1);
    b.applyAction(0);
    assertThat(a.historyString()).isNotEqualTo(b.historyString());
    assertThat(a.informationStateString(0)).isEqualTo(b.informationStateString(0)).isEqualTo("7 left, player 0 to move");
  }

  @Test
  void perfectInformationGameWithAMarkovInformationStatePasses() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("markov_take_away"), options());
    assertThat(r.playouts()).isEqualTo(50);
    assertThat(r.warnings()).isEmpty();
  }

  @Test
  void forcedResampleCheckDoesNotAskAPerfectInformationGameToHideAnything() {
    // resample of a perfect-information game is a copy of the state: right, though "7 left" has several histories
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("markov_take_away"), options().checkResample(true));
    assertThat(r.warnings()).isEmpty();
  }

  @Test
  void theSameStringInAGameDeclaringImperfectInformationStillFailsPerfectRecall() {
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("markov_take_away_declared_imperfect"),
        options().checkResample(false)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("perfect-recall: player ")
        .hasMessageContaining(" left, player ")
        .hasMessageContaining("but its own earlier information states and actions differ there");
  }
}
