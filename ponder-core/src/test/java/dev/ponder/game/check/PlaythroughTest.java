package dev.ponder.game.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.GameRegistry;
import dev.ponder.spec.SpecException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Parser and replayer on a hand-written playthrough of the test game {@code toy_race}. */
class PlaythroughTest {
  // player 0 adds 2 (count 2), chance bonus 1 (count 3), player 1 adds 1, ...
  static final String TOY = String.join("\n",
      "game: toy_race",
      "",
      "GameType.chance_mode = ChanceMode.EXPLICIT_STOCHASTIC",
      "GameType.short_name = \"toy_race\"",
      "GameType.utility = Utility.ZERO_SUM",
      "NumDistinctActions() = 2",
      "MaxChanceOutcomes() = 2",
      "GetParameters() = {flaw=none}",
      "NumPlayers() = 2",
      "MinUtility() = -1.0",
      "MaxUtility() = 1.0",
      "UtilitySum() = 0.0",
      "ObservationTensorShape() = [3]",
      "MaxGameLength() = 18",
      "ToString() = \"toy_race()\"",
      "",
      "# State 0",
      "# counts 0 0",
      "IsTerminal() = False",
      "History() = []",
      "HistoryString() = \"\"",
      "IsChanceNode() = False",
      "CurrentPlayer() = 0",
      "ObservationString(0) = \"counts 0 0, to move 0\"",
      "ObservationTensor(0): ◯◯◯",
      "Rewards() = [0, 0]",
      "Returns() = [0, 0]",
      "LegalActions() = [0, 1]",
      "StringLegalActions() = [\"+1\", \"+2\"]",
      "",
      "# Apply action \"+2\"",
      "action: 1",
      "",
      "# State 1",
      "IsTerminal() = False",
      "History() = [1]",
      "IsChanceNode() = True",
      "CurrentPlayer() = -1",
      "ChanceOutcomes() = [(0,0.5), (1,0.5)]",
      "LegalActions() = [0, 1]",
      "StringLegalActions() = [\"bonus0\", \"bonus1\"]",
      "",
      "# Apply action \"bonus1\"",
      "action: 1",
      "",
      "# State 2",
      "# Apply action \"+2\"",
      "action: 1",
      "",
      "# State 3",
      "IsTerminal() = False",
      "History() = [1, 1, 1]",
      "CurrentPlayer() = -1",
      "ChanceOutcomes() = [(0,0.5), (1,0.5)]",
      "",
      "# Apply action \"bonus0\"",
      "action: 0",
      "",
      "# State 4",
      "CurrentPlayer() = 0",
      "LegalActions() = [0]",
      "Returns() = [0, 0]",
      "");

  @BeforeAll
  static void register() {
    GameRegistry.register(new ToyRaceGame.Factory());
  }

  /** TOY is a prefix of a match with a short header: replayed without the completeness check. */
  private static ReplayResult replay(String text) {
    return new PlaythroughReplayer().requireComplete(false).replay(Playthrough.parse("toy.txt", text));
  }

  @Test
  void aPrefixOfAMatchOrAShortHeaderIsIncompleteByDefault() {
    assertThatThrownBy(() -> new PlaythroughReplayer().replay(Playthrough.parse("toy.txt", TOY)))
        .isInstanceOf(PlaythroughFormatException.class)
        .hasMessageStartingWith("toy.txt: incomplete playthrough: the header lacks GameType.dynamics, ")
        .hasMessageEndingWith(", PolicyTensorShape(); the last state (4) lacks IsTerminal(), History()");
    assertThat(PlaythroughReplayer.incompleteness(Playthrough.parse("toy.txt",
        TOY.replace("# State 4\n", "# State 4\nIsTerminal() = False\n"))))
        .endsWith("; it stops at state 4, which is not terminal (IsTerminal() = False); the rest of the match is missing");
  }

  @Test
  void parsesHeaderStatesAndActions() {
    Playthrough p = Playthrough.parse("toy.txt", TOY);
    assertThat(p.gameString()).isEqualTo("toy_race");
    assertThat(p.header()).containsEntry("MaxGameLength()", "18").containsEntry("GameType.short_name", "\"toy_race\"");
    assertThat(p.states()).hasSize(5);
    assertThat(p.states().get(0).fields()).containsEntry("StringLegalActions()", "[\"+1\", \"+2\"]")
        .containsEntry("ObservationString(0)", "\"counts 0 0, to move 0\"")
        .containsEntry("ObservationTensor(0)", "◯◯◯");
    assertThat(p.states().get(0).actionText()).isEqualTo("+2");
    assertThat(p.states().get(0).action()).isEqualTo(1);
    assertThat(p.states().get(2).fields()).isEmpty();
    assertThat(p.states().get(4).hasAction()).isFalse();
  }

  @Test
  void replaysExactly() {
    ReplayResult r = replay(TOY);
    assertThat(r.difference()).isNull();
    assertThat(r.statesReplayed()).isEqualTo(5);
    assertThat(r.describe()).startsWith("toy.txt: toy_race replays exactly (5 states")
        .endsWith("; compared observation strings, observation tensors)");
    assertThat(new PlaythroughReplayer().requireComplete(false).checkInformationStrings(false).checkTensors(false)
        .replay(Playthrough.parse("toy.txt", TOY)).describe())
        .endsWith("; not compared: observation strings (strings not asked for), observation tensors (tensors not asked for))");
  }

  /** Tensors are compared by default, value by value, the drawing's cells against the state's tensor. */
  @Test
  void tensorsAreComparedCellByCell() {
    ReplayResult r = replay(TOY.replace("ObservationTensor(0): ◯◯◯", "ObservationTensor(0): ◯◉◯"));
    assertThat(r.difference()).isEqualTo(new ReplayResult.Difference(0, "ObservationTensor(0)", "1 at cell 1 [1] of shape [3]", "0"));
    assertThat(replay(TOY.replace("ObservationTensor(0): ◯◯◯", "ObservationTensor(0): ◯◯")).difference())
        .isEqualTo(new ReplayResult.Difference(0, "ObservationTensor(0)", "2 values", "3 values (shape [3])"));
    // OpenSpiel's list form for tensors that are not 0/1, at its printed precision (round(v, 5))
    assertThat(replay(TOY.replace("ObservationTensor(0): ◯◯◯", "ObservationTensor(0) = [0.0, 0.0, 0.0]")).matches()).isTrue();
    assertThat(replay(TOY.replace("ObservationTensor(0): ◯◯◯", "ObservationTensor(0) = [0.0, 0.00001, 0.0]")).difference().field())
        .isEqualTo("ObservationTensor(0)");
    assertThat(new PlaythroughReplayer().requireComplete(false).checkTensors(false)
        .replay(Playthrough.parse("toy.txt", TOY.replace("ObservationTensor(0): ◯◯◯", "ObservationTensor(0): ◯◉◯"))).matches()).isTrue();
  }

  /**
   * OpenSpiel's drawings ({@code generate_playthrough._format_tensor}): rows of ◉/◯, the planes of a
   * 3-D tensor side by side two spaces apart in groups separated by a blank line, {@code zeros(n)}
   * and {@code binvec(n, 0xHEX)} (first bit most significant) for long rows.
   */
  @Test
  void decodesOpenSpielTensorDrawings() {
    assertThat(PlaythroughReplayer.decodeTensor("◉◯◉◉")).containsExactly(1, 0, 1, 1);
    // 2-D, the rows after the first indented under the label
    assertThat(PlaythroughReplayer.decodeTensor("◉◯\n   ◯◉")).containsExactly(1, 0, 0, 1);
    // 3-D [3][2][2]: planes 0 and 1 side by side, plane 2 in a second group
    assertThat(PlaythroughReplayer.decodeTensor("◉◯  ◯◯\n◯◉  ◉◉\n\n◯◯\n◯◉"))
        .containsExactly(1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1);
    assertThat(PlaythroughReplayer.decodeTensor("zeros(3)")).containsExactly(0, 0, 0);
    assertThat(PlaythroughReplayer.decodeTensor("binvec(6, 0x0b)")).containsExactly(0, 0, 1, 0, 1, 1);
    assertThat(PlaythroughReplayer.decodeTensor("[0.5, 2.0, -1]")).containsExactly(0.5, 2.0, -1.0);
    assertThat(PlaythroughReplayer.decodeTensor("◉x◯")).isNull();
    assertThat(PlaythroughReplayer.decodeTensor("binvec(2, 0xff)")).isNull();
    assertThat(PlaythroughReplayer.decodeTensor("◉◯  ◯◯\n◯◉")).isNull();
  }

  /**
   * A recorded action that is illegal is named by its id, and the file's comment separately with
   * the action it names, never the id of one with the string of the other.
   */
  @Test
  void anIllegalRecordedActionIsNamedApartFromItsComment() {
    // state 4: only +1 (action 0) is legal; the file applies 1 with the comment "+1"
    String text = TOY.replace("LegalActions() = [0]\nReturns() = [0, 0]\n", "LegalActions() = [0]\nReturns() = [0, 0]\n\n"
        + "# Apply action \"+1\"\naction: 1\n\n# State 5\n");
    ReplayResult r = replay(text);
    assertThat(r.difference().describe())
        .isEqualTo("state 4, action 1 is illegal (the file's comment says \"+1\", which is action 0); legal actions: [0]");
    assertThat(replay(text.replace("\"+1\"\naction: 1", "\"+7\"\naction: 1")).difference().describe())
        .isEqualTo("state 4, action 1 is illegal (the file's comment says \"+7\", which names no legal action); legal actions: [0]");
  }

  @Test
  void probabilitiesAndNumbersComparedToPrintedPrecision() {
    assertThat(PlaythroughReplayer.numberMatches(0.166667, 1.0 / 6, 6)).isTrue();
    assertThat(PlaythroughReplayer.numberMatches(0.166667, 0.1666, 6)).isFalse();
    assertThat(PlaythroughReplayer.numberMatches(0.0192308, 1.0 / 52, 6)).isTrue();
    assertThat(PlaythroughReplayer.numberMatches(-0.333333, -1.0 / 3, 6)).isTrue();
    assertThat(PlaythroughReplayer.numberMatches(2.048e+04, 20480, 4)).isTrue();
    assertThat(PlaythroughReplayer.numberMatches(2.048e+04, 20490, 4)).isFalse();
    assertThat(PlaythroughReplayer.numberMatches(0, 1e-9, 6)).isFalse();
    assertThat(PlaythroughReplayer.numberMatches(1, 1, 6)).isTrue();
    ReplayResult r = replay(TOY.replace("[(0,0.5), (1,0.5)]\nLegalActions", "[(0,0.5), (1,0.4)]\nLegalActions"));
    assertThat(r.difference()).isEqualTo(new ReplayResult.Difference(1, "ChanceOutcomes", "[(0,0.5), (1,0.4)]", "[(0,0.5), (1,0.5)]"));
  }

  @Test
  void reportsFirstDifferenceWithStateAndField() {
    assertThat(replay(TOY.replace("LegalActions() = [0]", "LegalActions() = [0, 1]")).difference())
        .isEqualTo(new ReplayResult.Difference(4, "LegalActions", "[0, 1]", "[0]"));
    assertThat(replay(TOY.replace("GetParameters() = {flaw=none}", "GetParameters() = {}")).difference())
        .isEqualTo(new ReplayResult.Difference(-1, "GetParameters", "{}", "{flaw=none}"));
    assertThat(replay(TOY.replace("ToString() = \"toy_race()\"", "ToString() = \"toy_race(flaw=unsorted)\"")).difference().field())
        .isEqualTo("ToString");
    assertThat(replay(TOY.replace("\"bonus0\", \"bonus1\"", "\"bonus0\", \"bonus2\"")).difference())
        .isEqualTo(new ReplayResult.Difference(1, "StringLegalActions", "[\"bonus0\", \"bonus2\"]", "[\"bonus0\", \"bonus1\"]"));
    // strings are compared by default, skipped when asked
    String obs = TOY.replace("\"counts 0 0, to move 0\"", "\"counts 0 0\"");
    assertThat(replay(obs).difference())
        .isEqualTo(new ReplayResult.Difference(0, "ObservationString(0)", "\"counts 0 0\"", "\"counts 0 0, to move 0\""));
    assertThat(new PlaythroughReplayer().requireComplete(false).checkInformationStrings(false)
        .replay(Playthrough.parse("toy.txt", obs)).matches()).isTrue();
  }

  @Test
  void gameStringsComparedIgnoringOrderAndEmptyParentheses() {
    assertThat(PlaythroughReplayer.canonicalGameString("toy_race()")).isEqualTo("toy_race()");
    assertThat(PlaythroughReplayer.canonicalGameString("toy_race")).isEqualTo("toy_race()");
    assertThat(PlaythroughReplayer.canonicalGameString("toy_race(flaw=none)")).isEqualTo("toy_race(flaw=none)");
  }

  @Test
  void malformedFilesAreRejectedWithTheLine() {
    assertThatThrownBy(() -> Playthrough.parse("x.txt", "hello\n"))
        .isInstanceOf(PlaythroughFormatException.class).hasMessageContaining("x.txt").hasMessageContaining("game:");
    assertThatThrownBy(() -> Playthrough.parse("x.txt", TOY.replace("# State 3", "# State 7")))
        .isInstanceOf(PlaythroughFormatException.class).hasMessageContaining("expected '# State 3'");
    assertThatThrownBy(() -> Playthrough.parse("x.txt", TOY.replace("action: 0", "action: zero")))
        .isInstanceOf(PlaythroughFormatException.class).hasMessageContaining("malformed action line");
    assertThatThrownBy(() -> Playthrough.parse("x.txt", TOY.replace("# Apply action \"bonus0\"\naction: 0\n", "")))
        .isInstanceOf(PlaythroughFormatException.class).hasMessageContaining("state 3 has no action");
    assertThatThrownBy(() -> new PlaythroughReplayer().replay(Playthrough.parse("x.txt", TOY.replace("game: toy_race", "game: no_such_game"))))
        .isInstanceOf(SpecException.class).hasMessageContaining("unknown game 'no_such_game'");
  }
}
