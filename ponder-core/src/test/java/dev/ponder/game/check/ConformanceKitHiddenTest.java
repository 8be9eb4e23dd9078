package dev.ponder.game.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameRegistry;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The kit's imperfect-information checks on {@link ToyHiddenGame}: perfect recall, resampleInto
 * held to resample's rules, and a resample that never hides anything.
 */
class ConformanceKitHiddenTest {

  @BeforeAll
  static void register() {
    GameRegistry.register(new ToyHiddenGame.Factory());
  }

  private static ConformanceKit.Options options() {
    return new ConformanceKit.Options().seed(5).playouts(300);
  }

  @Test
  void soundGamePasses() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("toy_hidden"), options());
    assertThat(r.playouts()).isEqualTo(300);
    // player 0: 3 cards × (1 + 4 choice pairs); player 1: 3 cards × 2 choices
    assertThat(r.informationStates()).isEqualTo(15 + 6);
    assertThat(r.warnings()).isEmpty();
  }

  @Test
  void aStringThatHidesNothingPassesWithAWarning() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("toy_hidden(flaw=reveal)"), options());
    assertThat(r.playouts()).isEqualTo(300);
    // every playout has exactly three decisions (player 0, player 1, player 0)
    assertThat(r.warnings()).singleElement().asString()
        .startsWith("hidden-information: toy_hidden(flaw=reveal) declares imperfect information, yet in 900 decisions of 300"
            + " playouts no information state of the player to move was met after two different histories, and none of the ")
        .contains(" worlds resample drew for that player had another history: does informationStateString hide anything?");
    // the same game with the opponent's card hidden hides something, even in a single playout
    for (int i = 0; i < 20; i++) {
      assertThat(ConformanceKit.check(GameRegistry.load("toy_hidden"), options().onlyPlayout(i)).warnings()).as("playout " + i).isEmpty();
    }
  }

  @Test
  void theReportKeepsItsOldConstructor() {
    ConformanceKit.Report old = new ConformanceKit.Report("toy_hidden", 3, 18, 5, 5);
    assertThat(old.warnings()).isEmpty();
    assertThat(old).isEqualTo(new ConformanceKit.Report("toy_hidden", 3, 18, 5, 5, List.of()));
  }

  @Test
  void soundGamePassesAtEverySeedTried() {
    for (long seed = 1; seed <= 20; seed++) {
      ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("toy_hidden"), new ConformanceKit.Options().seed(seed).playouts(40));
      assertThat(r.warnings()).as("seed " + seed).isEmpty();
    }
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "forget | perfect-recall: player 0 has the same information state \"P0 card ",
      "forget | \" at two of its decisions on one history, after [",
      "forget_declared | \" at two of its decisions on one history, after [",
      "forget_own | perfect-recall: player 0 has the same information state \"P0 card ",
      "forget_own | but its own earlier information states and actions differ there (information states must give perfect recall",
      "copy_resample | resample: resample(",
      "copy_resample | ) never changed hidden information: in ",
      "copy_resample | return the true state (a copy)?",
      "copy_into | resample: resampleInto(",
      "copy_into | ) never changed hidden information",
      "bad_into | resample: world of resampleInto("})
  void plantedFlawIsCaught(String flaw, String expected) {
    String game = "toy_hidden(flaw=" + flaw + ")";
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load(game), options()))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("conformance of " + game + " (seed 5, ")
        .hasMessageContaining(expected);
  }

  @Test
  void declaredImperfectRecallIsHeldOnlyToNoRecurrence() {
    ConformanceKit.check(GameRegistry.load("toy_hidden(flaw=forget_own_declared)"), options());
  }

  @Test
  void sameHistoryRecallFailureNamesBothPrefixes() {
    String msg = failure("toy_hidden(flaw=forget)");
    // player 0 decides after the two deals and again after two choices: same string both times
    assertThat(msg).matches("(?s).*information state \"P0 card (\\d) \\|\" at two of its decisions on one history, after \\[(\\d), (\\d)\\] and after \\[\\2, \\3, [01], [01]\\].*");
  }

  @Test
  void crossHistoryRecallFailureNamesBothHistories() {
    String msg = failure("toy_hidden(flaw=forget_own)");
    // the two histories differ in player 0's first choice only
    assertThat(msg).matches("(?s).*\"P0 card (\\d) \\| ([01])\" after histories \\[(\\d), (\\d), ([01]), \\2\\].* and \\[\\3, \\4, (?!\\5)[01], \\2\\], but.*");
  }

  @Test
  void neverChangedNamesAnInformationStateWithTwoHistories() {
    String msg = failure("toy_hidden(flaw=copy_resample)");
    assertThat(msg).contains("(seed 5, over all playouts)");
    assertThat(msg).matches("(?s).*such as \"P(\\d) card (\\d) \\|[ 01]*\" after \\[[0-9, ]*\\] and \\[[0-9, ]*\\]\\), every world.*");
  }

  private static String failure(String game) {
    try {
      ConformanceKit.check(GameRegistry.load(game), options());
    } catch (AssertionError e) {
      return e.getMessage();
    }
    throw new AssertionError(game + " passed the kit");
  }
}
