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

class PlayCommandTest {
  @TempDir Path tmp;

  /** Every cell in turn: the human's legal moves are always among them, so the match ends. */
  private static String allCells() {
    StringBuilder sb = new StringBuilder();
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        sb.append("x(").append(r).append(',').append(c).append(")\n");
      }
    }
    return sb.toString();
  }

  @Test
  void humanAgainstRandomThroughStdinWithIllegalAndMalformedMoves() throws IOException {
    Path rec = tmp.resolve("match.txt");
    // first a malformed move, then an occupied-cell move is tried later by the cell sweep
    String input = "banana\n" + "x(1,1)\n" + "x(1,1)\n" + allCells();
    Cli r = Cli.runWithInput(input, "play", "tic_tac_toe", "--players", "human,random", "--seed", "7", "--record", rec.toString());
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).contains("tic_tac_toe: player 0 = human, player 1 = random (seed 7)\n");
    assertThat(r.out).contains("not a legal move or action id: 'banana'; legal moves: 0=x(0,0); 1=x(0,1); 2=x(0,2); 3=x(1,0);"
        + " 4=x(1,1); 5=x(1,2); 6=x(2,0); 7=x(2,1); 8=x(2,2)");
    assertThat(r.out).contains("1. player 0 (human): x(1,1)\n...\n.x.\n...");
    // x(1,1) again is refused: the cell is taken
    assertThat(r.out).containsPattern("not a legal move or action id: 'x\\(1,1\\)'; legal moves: (\\d=x\\(\\d,\\d\\)(; )?)+\n");
    assertThat(r.out).contains("result: returns");
    java.util.List<String> saved = Files.readAllLines(rec, StandardCharsets.UTF_8);
    assertThat(saved).hasSize(2); // the record, then the finished match's returns
    State replayed = MatchRecord.parse(saved.get(0)).replay();
    assertThat(replayed.isTerminal()).isTrue();
    assertThat(saved.get(1)).isEqualTo("returns: " + ReturnsFormat.format(replayed.returns()));
    assertThat(replayed.history()[0]).isEqualTo(4);
    // the final board printed is the replayed one
    assertThat(r.out).contains(replayed.toString() + "\nresult: " + PlayCommand.result(replayed));
  }

  @Test
  void endOfInputEndsWithExitOneAndOneLine() {
    Cli r = Cli.runWithInput("x(0,0)\n", "play", "tic_tac_toe", "--players", "human,random");
    assertThat(r.exit).isEqualTo(1);
    assertThat(r.err.strip()).isEqualTo("ponder: error: input ended while waiting for player 0's move");
  }

  @Test
  void chanceGameBetweenAgentsIsSeededAndReproducible() {
    Cli a = Cli.run("play", "pig(winscore=10)", "--players", "random,random", "--seed", "5");
    Cli b = Cli.run("play", "pig(winscore=10)", "--players", "random,random", "--seed", "5");
    assertThat(a.exit).isZero();
    assertThat(a.out).isEqualTo(b.out).contains("chance: Roll ").contains("result: returns");
  }

  @Test
  void badInputIsAUsageError() {
    Cli game = Cli.run("play", "no_such_game", "--players", "human,random");
    assertThat(game.exit).isEqualTo(2);
    assertThat(game.err.strip()).startsWith("ponder: unknown game 'no_such_game'; known games:").doesNotContain("\n");
    Cli seats = Cli.run("play", "tic_tac_toe", "--players", "random");
    assertThat(seats.exit).isEqualTo(2);
    assertThat(seats.err.strip()).contains("lists 1 agent(s) but tic_tac_toe has 2 players");
    // an unclosed '(' swallows the comma after it: the bracket is the error, not the count
    Cli open = Cli.run("play", "tic_tac_toe", "--players", "uct(sims=50,random");
    assertThat(open.exit).isEqualTo(2);
    assertThat(open.err).isEqualTo("ponder: malformed specification 'uct(sims=50,random': missing closing ')'"
        + System.lineSeparator());
    Cli extra = Cli.run("play", "tic_tac_toe", "--players", "uct(sims=5)),random");
    assertThat(extra.exit).isEqualTo(2);
    assertThat(extra.err).isEqualTo("ponder: malformed specification 'uct(sims=5)),random': unbalanced ')'"
        + System.lineSeparator());
    Cli agent = Cli.run("play", "tic_tac_toe", "--players", "random,grandmaster");
    assertThat(agent.exit).isEqualTo(2);
    assertThat(agent.err.strip()).startsWith("ponder: unknown agent 'grandmaster'; known agents:").contains("human").contains("random");
  }

  @Test
  void splitsAgentStringsAtTopLevelCommas() {
    assertThat(PlayCommand.splitTopLevel("uct(sims=10,c=1.4),random")).containsExactly("uct(sims=10,c=1.4)", "random");
    assertThat(GameRegistry.load("tic_tac_toe").numPlayers()).isEqualTo(2);
  }

  /**
   * Kuhn poker with a human: the human is shown their own information state (their card) but
   * neither the full state nor the deal of the opponent's card until the game is over.
   */
  @Test
  void aHumanSeesOnlyTheirOwnInformationStateInAnImperfectInformationGame() {
    Cli r = Cli.runWithInput("Pass\nPass\nBet\n", "play", "kuhn_poker", "--players", "human,random", "--seed", "3");
    assertThat(r.exit).as(r.err).isZero();
    String during = r.out.substring(0, r.out.indexOf("result:"));
    String beforeEnd = during.substring(0, during.lastIndexOf("1. chance"));
    assertThat(r.out).contains("your information state:").contains("legal moves: 0=Pass; 1=Bet");
    // the deal of the human's own card is named (its information state names it), the opponent's is not
    assertThat(beforeEnd).containsPattern("(?m)^1\\. chance: Deal:[0-2]$").contains("\n2. chance\n").doesNotContain("2. chance:");
    // the human's prompt shows its own card: the information state string of player 0
    assertThat(r.out).containsPattern("your information state:\\n[0-2]\\n");
    assertThat(r.out).containsPattern("(?m)^2\\. chance: Deal:[0-2]$"); // the full game, once it is over
  }

  /**
   * Three-player Kuhn poker (a user's report): the human's log names the human's own moves
   * and the other players' bets and passes (public: the human's information state names each),
   * while the cards dealt to the others stay hidden until the end.
   */
  @Test
  void theLogNamesTheHumansOwnMovesAndThePublicOnes() {
    Cli r = Cli.runWithInput("Pass\nPass\nPass\n", "play", "kuhn_poker(players=3)", "--players", "human,random,random", "--seed", "4");
    assertThat(r.exit).as(r.err).isZero();
    String during = r.out.substring(0, r.out.indexOf("\n\n1. chance"));
    assertThat(during).doesNotContain("moved").contains("\n2. chance\n3. chance\n").doesNotContain("2. chance:")
        .doesNotContain("3. chance:").containsPattern("(?m)^1\\. chance: Deal:[0-3]$");
    // every decision of the match so far, by whoever made it, is named: 4. player 0 (human): Pass, 5. player 1 (random): …
    int decisions = 0;
    for (String line : during.split("\n")) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(?:player 0 move> )?(\\d+)\\. player ([0-2]) \\((human|random)\\): (Pass|Bet)$")
          .matcher(line);
      if (m.find()) {
        assertThat(Integer.parseInt(m.group(1))).isEqualTo(4 + decisions);
        decisions++;
      }
    }
    assertThat(decisions).as(during).isGreaterThanOrEqualTo(3); // a 3-player Kuhn hand has at least three decisions
    assertThat(during).contains("player 0 move> 4. player 0 (human): Pass\n");
  }

  /** Phantom tic-tac-toe: the opponent's placements are hidden from the human (its information state does not name them), its own are named. */
  @Test
  void hiddenMovesStayHiddenInTheLog() {
    Cli r = Cli.runWithInput("0\n1\n2\n3\n4\n5\n6\n7\n8\n", "play", "phantom_ttt", "--players", "random,human", "--seed", "4");
    assertThat(r.exit).as(r.err).isZero();
    String during = r.out.substring(0, r.out.indexOf("\n\n1. player 0"));
    // the first move is known to the human (it is their turn on a board that was empty); after it,
    // how many moves the opponent made (failed attempts included) is hidden, so no line is numbered
    assertThat(during).contains("\n1. player 0 (random) moved\n").doesNotContainPattern("player 0 \\(random\\): x")
        .containsPattern("(?m)^player 1 move> player 1 \\(human\\): o\\(\\d,\\d\\)$");
  }

  /**
   * Phantom tic-tac-toe with the human first (a user's report): the opponent's failed attempts are
   * hidden from the human (obstype=reveal-nothing: "the opponent's move count is hidden too"), so
   * the log shows no line for any move of the opponent and numbers none of the human's (a gap in
   * the numbers would count the hidden moves); the full game at the end names them all.
   */
  @Test
  void theLogDoesNotCountTheOpponentsHiddenMoves() {
    Cli r = Cli.runWithInput("0\n1\n2\n3\n4\n5\n6\n7\n8\n", "play", "phantom_ttt", "--players", "human,random", "--seed", "4");
    assertThat(r.exit).as(r.err).isZero();
    String during = r.out.substring(0, r.out.indexOf("\n\n1. player 0"));
    String beforeLast = during.substring(0, during.lastIndexOf("player 0 move> "));
    assertThat(beforeLast).doesNotContain("player 1 (random)").doesNotContainPattern("(?m)^(player 0 move> )?\\d+\\. ")
        .containsPattern("(?m)^player 0 move> player 0 \\(human\\): x\\(1,2\\)$");
    // the full game: the opponent's moves 10 and 11 (a failed attempt, then a placement)
    assertThat(r.out).contains("\n10. player 1 (random): o(0,2)\n11. player 1 (random): o(2,2)\n");
    // undo does not count what it takes back either: x(1,2) was followed by two hidden moves
    Cli u = Cli.runWithInput("0\n1\n2\n3\n4\n5\nundo\nquit\n", "play", "phantom_ttt", "--players", "human,random", "--seed", "4");
    assertThat(u.exit).as(u.err).isZero();
    assertThat(u.out).contains("undo: took back player 0's x(1,2) and the actions after it\n").doesNotContain("took back 3 actions");
  }

  /**
   * Dark hex's information state holds the number of moves made, so the log may show, numbered,
   * that the opponent moved (never where).
   */
  @Test
  void darkHexShowsThatTheOpponentMovedAndTheCount() {
    Cli r = Cli.runWithInput("0\n1\n2\n3\n4\n5\n6\n7\n8\n", "play", "dark_hex(num_rows=3,num_cols=3)", "--players", "human,random",
        "--seed", "2");
    assertThat(r.exit).as(r.err).isZero();
    String during = r.out.substring(0, r.out.indexOf("\n\n1. player 0"));
    assertThat(during).contains("\n2. player 1 (random) moved\n").contains("player 0 move> 1. player 0 (human): a1\n")
        .doesNotContainPattern("player 1 \\(random\\): [a-c]");
  }

  /**
   * Goofspiel with {@code imp_info}: the human learns only who won each round, and which cards the
   * opponent still holds is hidden, so an opponent's bid is never named while the game runs,
   * even where the cards the opponent truly holds would each have given the human another view.
   * (A bid that ends the game can be named: the last round then shows what it was.)
   */
  @Test
  void aBidTheHumanCannotDeduceIsNotNamed() {
    // seed 2: at move 6 the opponent's true cards would each have given the human another view,
    // but from the human's information state its second bid could be 3 or 4
    for (String seed : new String[] {"2"}) {
      Cli r = Cli.runWithInput("0\n1\n2\n3\n", "play", "goofspiel(imp_info=true,num_cards=4)", "--players", "human,random",
          "--seed", seed);
      assertThat(r.exit).as(r.err).isZero();
      String during = r.out.substring(0, r.out.indexOf("\n\n1. chance"));
      during = during.substring(0, during.lastIndexOf('\n')); // the bid that ends the game may be named
      assertThat(during).as("seed " + seed).doesNotContain("(random): [P1]Bid").contains("player 1 (random) moved");
      assertThat(during).as("seed " + seed).containsPattern("player 0 \\(human\\): \\[P0\\]Bid: \\d");
    }
  }

  @Test
  void anUnwritableRecordPathIsRefusedBeforeTheGame() throws IOException {
    Path file = Files.writeString(tmp.resolve("plain-file"), "x");
    Path under = file.resolve("f.txt");
    Cli r = Cli.runWithInput("", "play", "tic_tac_toe", "--players", "random,random", "--record", under.toString());
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.out).isEmpty();
    assertThat(r.err.strip()).isEqualTo("ponder: cannot write --record " + under + ": a parent (" + file + ") is not a directory");
  }

  /** Like every other output path, --record creates its missing parent directories. */
  @Test
  void recordCreatesMissingParentDirectories() throws IOException {
    Path rec = tmp.resolve("new/dir/match.txt");
    Cli r = Cli.run("play", "tic_tac_toe", "--players", "random,random", "--seed", "2", "--record", rec.toString());
    assertThat(r.exit).as(r.err).isZero();
    assertThat(MatchRecord.parse(Files.readAllLines(rec, StandardCharsets.UTF_8).get(0)).replay().isTerminal()).isTrue();
  }

  /**
   * A human's number is an action id, shown beside each action string; in goofspiel "3" is the id
   * of "[P0]Bid: 4" (ids count from 0), and a string or an id both play.
   */
  @Test
  void aHumanTypesAnActionStringOrAnIdShownWithTheStrings() {
    String game = "turn_based_simultaneous_game(game=goofspiel(num_cards=4,points_order=descending))";
    Cli r = Cli.runWithInput("3\n[P0]Bid: 1\n1\n", "play", game, "--players", "human,random", "--seed", "1");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).contains("legal moves: 0=[P0]Bid: 1; 1=[P0]Bid: 2; 2=[P0]Bid: 3; 3=[P0]Bid: 4")
        .contains("player 0 (human): [P0]Bid: 4").contains("player 0 (human): [P0]Bid: 1");
    Cli bad = Cli.runWithInput("9\n-1\nfoo\n4\n", "play", "tic_tac_toe", "--players", "human,random");
    assertThat(bad.out).contains("not a legal move or action id: '9'").contains("not a legal move or action id: '-1'")
        .contains("not a legal move or action id: 'foo'").contains("1. player 0 (human): x(1,1)");
  }

  /** play and replay print a match's returns alike, fractional ones included. */
  @Test
  void playAndReplayPrintTheSameReturns() throws IOException {
    assertThat(ReturnsFormat.format(new double[] {-0.5, 1, -0.5})).isEqualTo("-0.5 1 -0.5");
    assertThat(ReturnsFormat.format(new double[] {1.0 / 3, -2})).isEqualTo("0.333333 -2");
    Path rec = tmp.resolve("three.txt");
    String game = "pig(players=3,winscore=10)";
    Cli play = Cli.run("play", game, "--players", "random,random,random", "--seed", "3", "--record", rec.toString());
    assertThat(play.exit).as(play.err).isZero();
    Cli replay = Cli.run("replay", rec.toString());
    assertThat(replay.exit).as(replay.err).isZero();
    String played = play.out.lines().filter(l -> l.startsWith("result: returns ")).findFirst().orElseThrow()
        .substring("result: returns ".length()).replaceFirst(" \\(player \\d wins\\)$", "");
    String replayed = replay.out.lines().filter(l -> l.startsWith("returns: ")).findFirst().orElseThrow()
        .substring("returns: ".length());
    assertThat(played).isEqualTo(replayed);
    // a three-player pig match: the winner gets 1 and each other player -1/2
    assertThat(played).matches("(1|-0\\.5) (1|-0\\.5) (1|-0\\.5)").contains("1").contains("-0.5");
  }

  /**
   * One formatter for returns: the shortest exact form when it has at most six significant digits,
   * else six significant digits; no trailing zeros, no exponent. Expected strings by hand.
   */
  @Test
  void returnsPrintShortestExactOrSixSignificantDigits() {
    assertThat(ReturnsFormat.format(1.0)).isEqualTo("1");
    assertThat(ReturnsFormat.format(-1.0)).isEqualTo("-1");
    assertThat(ReturnsFormat.format(0.0)).isEqualTo("0");
    assertThat(ReturnsFormat.format(-0.0)).isEqualTo("0");
    assertThat(ReturnsFormat.format(-0.5)).isEqualTo("-0.5");
    assertThat(ReturnsFormat.format(0.1)).isEqualTo("0.1");
    assertThat(ReturnsFormat.format(0.25)).isEqualTo("0.25");
    assertThat(ReturnsFormat.format(1.0 / 3)).isEqualTo("0.333333");
    assertThat(ReturnsFormat.format(-2.0 / 3)).isEqualTo("-0.666667");
    assertThat(ReturnsFormat.format(12.125)).isEqualTo("12.125");
    assertThat(ReturnsFormat.format(1234.56789)).isEqualTo("1234.57");
    // tiny and huge values stay in plain notation (%g would print 1.00000e-07 and 1.00000e+20)
    assertThat(ReturnsFormat.format(1e-7)).isEqualTo("0.0000001");
    assertThat(ReturnsFormat.format(-2.5e-3)).isEqualTo("-0.0025");
    assertThat(ReturnsFormat.format(1e20)).isEqualTo("100000000000000000000");
    assertThat(ReturnsFormat.format(200.0)).isEqualTo("200");
    assertThat(ReturnsFormat.format(Double.NaN)).isEqualTo("NaN");
    assertThat(ReturnsFormat.format(new double[] {1, -0.5, -0.5})).isEqualTo("1 -0.5 -0.5");
  }

  /** --stats: one stderr line per MCTS decision, none for other agents, matching the moves played. */
  @Test
  void statsPrintsOneLinePerSearchWithReusedVisits() {
    Cli r = Cli.run("play", "tic_tac_toe", "--players", "uct(sims=300,reuse=true),random", "--seed", "2", "--stats");
    assertThat(r.exit).isEqualTo(0);
    java.util.List<String> moves = r.out.lines().filter(l -> l.matches("\\d+\\. player 0 .*")).toList();
    java.util.List<String> lines = r.err.lines().toList();
    assertThat(moves).isNotEmpty();
    assertThat(lines).hasSameSizeAs(moves);
    java.util.regex.Pattern p = java.util.regex.Pattern.compile("stats: move (\\d+), player 0 \\(uct\\(sims=300,reuse=true\\)\\): "
        + "(\\S+) \\((\\d)\\); 300 simulations, \\d+\\.\\d ms, (\\d+) root visits reused, (\\d+) nodes, root value (-?\\d\\.\\d{3}) for player 0");
    long reusedLater = 0;
    for (int i = 0; i < lines.size(); i++) {
      java.util.regex.Matcher m = p.matcher(lines.get(i));
      assertThat(m.matches()).as(lines.get(i)).isTrue();
      // the move number and action of the line are those of the board's log line
      assertThat(moves.get(i)).startsWith(m.group(1) + ". player 0 (uct(sims=300,reuse=true)): " + m.group(2));
      assertThat(Double.parseDouble(m.group(6))).isBetween(-1.0, 1.0);
      if (i == 0) {
        assertThat(m.group(4)).isEqualTo("0");
      } else {
        reusedLater += Long.parseLong(m.group(4));
      }
    }
    assertThat(reusedLater).isPositive();
    Cli quiet = Cli.run("play", "tic_tac_toe", "--players", "uct(sims=300,reuse=true),random", "--seed", "2");
    assertThat(quiet.err).isEmpty();
    assertThat(quiet.out).isEqualTo(r.out);
  }

  /**
   * --stats with a human seat in an imperfect-information game: the lines show the agent's private
   * information (its root value depends on its hidden card), so one warning before the match says
   * so; without a human, or in a perfect-information game, there is none.
   */
  @Test
  void statsWarnsAHumanSeatOfTheAgentsPrivateInformation() {
    Cli r = Cli.runWithInput("Call\nCall\nCall\nCall\n", "play", "leduc_poker", "--players", "human,uct(sims=50)", "--seed", "3",
        "--stats");
    assertThat(r.exit).as(r.err).isZero();
    java.util.List<String> err = r.err.lines().toList();
    assertThat(err.get(0)).isEqualTo(PlayCommand.STATS_WARNING).startsWith("warning: --stats shows the human the agents' private");
    assertThat(err.stream().filter(l -> l.startsWith("warning:")).count()).isEqualTo(1);
    assertThat(err.subList(1, err.size())).isNotEmpty().allMatch(l -> l.startsWith("stats: move "));
    Cli agents = Cli.run("play", "leduc_poker", "--players", "random,uct(sims=50)", "--seed", "3", "--stats");
    assertThat(agents.exit).as(agents.err).isZero();
    assertThat(agents.err).doesNotContain("warning");
    Cli perfect = Cli.runWithInput("4\n0\n8\n2\n6\n", "play", "tic_tac_toe", "--players", "human,uct(sims=50)", "--seed", "3", "--stats");
    assertThat(perfect.err).doesNotContain("warning").contains("stats: move 2");
  }

  /** The result names the winner for any number of players: unique highest return, shared first place, or a draw. */
  @Test
  void resultNamesTheWinnersForAnyNumberOfPlayers() {
    assertThat(PlayCommand.winners(new double[] {-0.5, 1, -0.5})).isEqualTo(" (player 1 wins)");
    assertThat(PlayCommand.winners(new double[] {1, -2, 1})).isEqualTo(" (players 0 and 2 share first place)");
    assertThat(PlayCommand.winners(new double[] {3, 3, 0, 3})).isEqualTo(" (players 0, 1 and 3 share first place)");
    assertThat(PlayCommand.winners(new double[] {0, 0, 0})).isEqualTo(" (draw)");
    assertThat(PlayCommand.winners(new double[] {1, -1})).isEqualTo(" (player 0 wins)");
    assertThat(PlayCommand.winners(new double[] {0, 0})).isEqualTo(" (draw)");
    assertThat(PlayCommand.winners(new double[] {512})).isEmpty();
    Cli r = Cli.run("play", "pig(players=3,winscore=30)", "--players", "random,random,random", "--seed", "5");
    assertThat(r.exit).as(r.err).isZero();
    String line = r.out.lines().filter(l -> l.startsWith("result: returns ")).findFirst().orElseThrow();
    // pig: the winner gets 1, the others -1/(n-1)
    assertThat(line).matches("result: returns (1 -0\\.5 -0\\.5 \\(player 0|-0\\.5 1 -0\\.5 \\(player 1|-0\\.5 -0\\.5 1 \\(player 2) wins\\)");
  }

  /**
   * Two human seats in an imperfect-information game: a warning at the start that each one's
   * information state is printed on the one terminal; at a terminal, a hand-off line before each
   * human's turn that follows another human's (never with piped input).
   */
  @Test
  void twoHumansAtOneTerminalAreWarnedAndAskedToPassItOn() {
    Cli piped = Cli.runWithInput("Pass\nPass\n", "play", "kuhn_poker", "--players", "human,human", "--seed", "2");
    assertThat(piped.exit).as(piped.err).isZero();
    assertThat(piped.err.strip()).isEqualTo("warning: players 0 and 1 are human at one terminal: each one's information"
        + " state (private cards, hidden moves) is printed when they are to move, for all at the screen to see (at a"
        + " terminal, play asks to pass it on between them)");
    assertThat(piped.out).doesNotContain("pass to player");
    assertThat(piped.out).doesNotContain("\033[2J");
    java.util.function.BooleanSupplier was = PlayCommand.interactive;
    PlayCommand.interactive = () -> true;
    try {
      Cli tty = Cli.runWithInput("Pass\n\nPass\n", "play", "kuhn_poker", "--players", "human,human", "--seed", "2");
      assertThat(tty.exit).as(tty.err).isZero();
      // once: before player 1's turn (player 0's first turn follows no human)
      assertThat(tty.out.split("pass to player", -1)).hasSize(2);
      // the screen is cleared after the hand-off: player 0's information state is not left on it
      assertThat(tty.out).contains("pass to player 1 and press Enter \033[H\033[2Jplayer 1, your information state:");
      assertThat(tty.out).contains("result: ");
      // one human and an agent: no hand-off, no warning
      Cli one = Cli.runWithInput("Pass\nPass\nPass\n", "play", "kuhn_poker", "--players", "human,random", "--seed", "2");
      assertThat(one.out).doesNotContain("pass to player");
      assertThat(one.err).doesNotContain("warning: players");
    } finally {
      PlayCommand.interactive = was;
    }
  }

  /**
   * After a human's move, when the same player is to act again with nothing between (a phantom
   * tic-tac-toe move onto a hidden stone, amazons' two-part move), a line says so.
   */
  @Test
  void aHumanToMoveAgainIsTold() throws IOException {
    Path rec = tmp.resolve("phantom.txt");
    Cli r = Cli.runWithInput("4\n0\n1\n2\n3\n5\n6\n7\n8\nquit\n", "play", "phantom_ttt", "--players", "human,random",
        "--seed", "3", "--record", rec.toString());
    assertThat(r.exit).as(r.err).isZero();
    int[] actions = dev.ponder.game.MatchRecord.parse(Files.readString(rec).lines().findFirst().orElseThrow()).actions();
    // independently: the human's actions followed by another of player 0's
    dev.ponder.game.State s = GameRegistry.load("phantom_ttt").newInitialState();
    int again = 0;
    for (int a : actions) {
      int p = s.currentPlayer();
      s.applyAction(a);
      if (p == 0 && !s.isTerminal() && s.currentPlayer() == 0) {
        again++;
      }
    }
    assertThat(again).isPositive();
    assertThat(r.out.split("\nplayer 0 to move again\n", -1)).hasSize(again + 1);
    assertThat(r.out).contains("player 0 (human): x(0,2)\nplayer 0 to move again\n");
    Cli am = Cli.runWithInput("8\nquit\n", "play", "amazons(board_size=4)", "--players", "human,random", "--seed", "1");
    assertThat(am.out).contains("player 0 to move again\nlegal moves: ");
    Cli ttt = Cli.runWithInput("4\n0\n8\n2\n6\nquit\n", "play", "tic_tac_toe", "--players", "human,random", "--seed", "1");
    assertThat(ttt.out).doesNotContain("to move again");
  }
}
