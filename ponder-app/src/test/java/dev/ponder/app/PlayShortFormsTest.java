package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.MatchRecord;
import dev.ponder.game.State;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ponder play}: a move typed in a short form (whitespace runs collapsed, no leading {@code
 * [Pn]} tag, no trailing {@code ;}) when it names one legal action; a number stays an id.
 */
class PlayShortFormsTest {
  @TempDir Path tmp;

  /** The legal action of {@code state} whose string is {@code text} (an independent lookup). */
  private static int actionNamed(State state, String text) {
    for (int a : state.legalActions()) {
      if (state.actionToString(state.currentPlayer(), a).equals(text)) {
        return a;
      }
    }
    throw new AssertionError("no action " + text);
  }

  @Test
  void goofspielBidWithoutThePlayerTagAndNumbersStayIds() {
    State s = GameRegistry.load("goofspiel").newInitialState();
    while (s.currentPlayer() == State.CHANCE) {
      s.applyAction(s.legalActions()[0]);
    }
    int bid2 = actionNamed(s, "[P0]Bid: 2");
    int bid3 = actionNamed(s, "[P0]Bid: 3");
    assertThat(HumanAgent.match(s, "Bid: 2").action()).isEqualTo(bid2);
    assertThat(HumanAgent.match(s, "bid:  2").action()).isEqualTo(bid2);
    assertThat(HumanAgent.match(s, "[P0]Bid: 2").action()).isEqualTo(bid2);
    // a number is an id: 2 is the card 3 (ids are card - 1)
    assertThat(HumanAgent.match(s, "2").action()).isEqualTo(2).isEqualTo(bid3);
    // the help says so, with the short form for the bid
    assertThat(HumanAgent.help(s)).contains("short forms work too: Bid: 1 for [P0]Bid: 1")
        .contains("note: a number alone is a move's id: 1 plays [P0]Bid: 2; type Bid: 1 for [P0]Bid: 1");
  }

  @Test
  void goofspielInPlay() throws IOException {
    Path rec = tmp.resolve("g.txt");
    Cli r = Cli.runWithInput("Bid: 2\nquit\n", "play", "goofspiel", "--players", "human,random", "--seed", "1",
        "--record", rec.toString());
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).contains("note: a number alone is a move's id").contains("player 0 (human): [P0]Bid: 2");
    int[] actions = MatchRecord.parse(Files.readString(rec, StandardCharsets.UTF_8).strip()).actions();
    State s = GameRegistry.load("goofspiel").newInitialState();
    int i = 0;
    while (s.currentPlayer() == State.CHANCE) {
      s.applyAction(actions[i++]);
    }
    assertThat(s.actionToString(0, actions[i])).isEqualTo("[P0]Bid: 2");
  }

  @Test
  void nimWithoutTheTrailingSemicolon() {
    State s = GameRegistry.load("nim").newInitialState();
    int a = actionNamed(s, "pile:1, take:1;");
    assertThat(HumanAgent.match(s, "pile:1, take:1").action()).isEqualTo(a);
    assertThat(HumanAgent.match(s, "pile:1, take:1;").action()).isEqualTo(a);
    assertThat(HumanAgent.match(s, "pile:1,  take:1 ;").action()).isEqualTo(a);
    assertThat(HumanAgent.match(s, "pile:9, take:1").action()).isEqualTo(-1);
  }

  @Test
  void backgammonPlayWithTwoSpaces() throws IOException {
    Path one = tmp.resolve("one.txt");
    Path two = tmp.resolve("two.txt");
    // seed 1: O opens 6-3, then X (the human, player 0) rolls 5-2
    Cli a = Cli.runWithInput("24/22 13/8\nquit\n", "play", "backgammon", "--players", "human,random", "--seed", "1",
        "--record", one.toString());
    Cli b = Cli.runWithInput("24/22   13/8\nquit\n", "play", "backgammon", "--players", "human,random", "--seed", "1",
        "--record", two.toString());
    assertThat(b.exit).as(b.err).isZero();
    assertThat(b.out).doesNotContain("not a legal move");
    assertThat(Files.readString(two)).isEqualTo(Files.readString(one));
    assertThat(MatchRecord.parse(Files.readString(two).strip()).actions().length).isGreaterThan(3);
  }

  @Test
  void aLongRefusedLineIsEchoedCut() {
    String junk = "z".repeat(200);
    Cli r = Cli.runWithInput(junk + "\nquit\n", "play", "tic_tac_toe", "--players", "human,random");
    assertThat(r.out).contains("not a legal move or action id: '" + "z".repeat(79) + "…'; legal moves: ")
        .doesNotContain("z".repeat(81));
  }

  /** play --help names help, the empty line, the short forms and the text after " - ". */
  @Test
  void playHelpNamesTheShortForms() {
    String help = Cli.run("play", "--help").out.replaceAll("\\s+", " ");
    assertThat(help).contains("the text after \" - \" (backgammon's 24/22 13/8 for 11 - 24/22 13/8)")
        .contains("without a leading [P0] tag (goofspiel's Bid: 2) or a trailing ; (nim's pile:1, take:1)")
        .contains("A number that is a legal id is that id").contains("or help (or an empty line)");
  }

  /** --record '' is an empty path, not a directory; a one-player game has "1 player". */
  @Test
  void emptyRecordPathAndOnePlayer() {
    Cli r = Cli.run("play", "tic_tac_toe", "--players", "random,random", "--record", "");
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.err.strip()).isEqualTo("ponder: --record needs a file name; the path is empty");
    Cli one = Cli.run("play", "2048", "--players", "random,random");
    assertThat(one.exit).isEqualTo(2);
    assertThat(one.err).contains(" has 1 player; give one agent string per seat, e.g. --players random\n");
  }
}
