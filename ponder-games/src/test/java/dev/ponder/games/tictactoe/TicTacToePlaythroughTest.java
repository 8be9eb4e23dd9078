package dev.ponder.games.tictactoe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.check.Playthrough;
import dev.ponder.game.check.PlaythroughReplayer;
import dev.ponder.game.check.Playthroughs;
import dev.ponder.game.check.ReplayResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The OpenSpiel golden playthrough of tic_tac_toe replays, and corrupted copies are caught exactly. */
class TicTacToePlaythroughTest {

  private static String golden() throws IOException {
    return Files.readString(Playthroughs.file("tic_tac_toe.txt"), StandardCharsets.UTF_8);
  }

  private static ReplayResult replay(String text) {
    return new PlaythroughReplayer().replay(Playthrough.parse("corrupt.txt", text));
  }

  @Test
  void goldenPlaythroughReplays() {
    Playthroughs.assertReplays("tic_tac_toe.txt");
    ReplayResult r = Playthroughs.replay("tic_tac_toe.txt");
    assertThat(r.matches()).isTrue();
    assertThat(r.statesReplayed()).isEqualTo(8);
  }

  @Test
  void goldenPlaythroughReplaysWithStrings() {
    // Ponder's default perfect-information strings are OpenSpiel's (history; board rows)
    Playthroughs.assertReplays("tic_tac_toe.txt", true);
  }

  @Test
  void corruptedLegalActionsReportedAtTheRightState() throws IOException {
    String text = golden().replace("LegalActions() = [0, 1, 2, 4, 5, 7]\n", "LegalActions() = [0, 1, 2, 4, 5, 6]\n");
    ReplayResult r = replay(text);
    assertThat(r.matches()).isFalse();
    assertThat(r.difference().stateIndex()).isEqualTo(3);
    assertThat(r.difference().field()).isEqualTo("LegalActions");
    assertThat(r.difference().expected()).isEqualTo("[0, 1, 2, 4, 5, 6]");
    assertThat(r.difference().actual()).isEqualTo("[0, 1, 2, 4, 5, 7]");
    assertThat(r.describe()).isEqualTo("corrupt.txt: state 3, LegalActions: expected [0, 1, 2, 4, 5, 6] but was [0, 1, 2, 4, 5, 7]");
  }

  @Test
  void corruptedReturnsCurrentPlayerStringsAndHeaderReported() throws IOException {
    String g = golden();
    ReplayResult returns = replay(g.replace("Returns() = [1, -1]", "Returns() = [-1, 1]"));
    assertThat(returns.difference()).isEqualTo(new ReplayResult.Difference(7, "Returns", "[-1, 1]", "[1, -1]"));

    ReplayResult player = replay(g.replaceFirst("CurrentPlayer\\(\\) = 1", "CurrentPlayer() = 0"));
    assertThat(player.difference()).isEqualTo(new ReplayResult.Difference(1, "CurrentPlayer", "0", "1"));

    ReplayResult str = replay(g.replace("\"x(0,2)\", \"x(1,0)\"", "\"x(0,2)\", \"x(1, 0)\""));
    assertThat(str.difference().stateIndex()).isZero();
    assertThat(str.difference().field()).isEqualTo("StringLegalActions");

    ReplayResult header = replay(g.replace("MaxGameLength() = 9", "MaxGameLength() = 10"));
    assertThat(header.difference()).isEqualTo(new ReplayResult.Difference(-1, "MaxGameLength", "10", "9"));

    ReplayResult util = replay(g.replace("MinUtility() = -1.0", "MinUtility() = -1.01"));
    assertThat(util.difference().field()).isEqualTo("MinUtility");

    ReplayResult applied = replay(g.replace("# Apply action \"o(1,0)\"", "# Apply action \"o(1,1)\""));
    assertThat(applied.difference().stateIndex()).isEqualTo(1);
    assertThat(applied.difference().field()).isEqualTo("ActionToString(3)");

    ReplayResult history = replay(g.replace("History() = [8, 3, 6]", "History() = [8, 6, 3]"));
    assertThat(history.difference()).isEqualTo(new ReplayResult.Difference(3, "History", "[8, 6, 3]", "[8, 3, 6]"));
  }

  @Test
  void illegalRecordedActionIsADifference() throws IOException {
    // state 1 is o to move after x(2,2); replaying 8 again is illegal
    String text = golden().replace("# Apply action \"o(1,0)\"\naction: 3", "# Apply action \"o(2,2)\"\naction: 8");
    ReplayResult r = replay(text);
    assertThat(r.difference().stateIndex()).isEqualTo(1);
    assertThat(r.difference().field()).isEqualTo("action 8");
    assertThat(r.difference().actual()).startsWith("is illegal (the file's comment says \"o(2,2)\", which names no legal action)");
  }

  @Test
  void assertReplaysThrowsWithTheDifference() throws IOException {
    assertThatThrownBy(() -> Playthroughs.assertReplays("no_such_file.txt"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("no_such_file.txt");
  }
}
