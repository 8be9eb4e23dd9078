package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.game.MatchRecord;
import dev.ponder.game.State;
import dev.ponder.game.TwoPlayerZeroSumGame;
import dev.ponder.spec.Params;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ponder play}: quit, undo, partial records, and moves typed as the text after " - ". */
class PlayQuitUndoTest {
  @TempDir Path tmp;

  private static int[] recorded(Path file) throws IOException {
    return MatchRecord.parse(Files.readString(file, StandardCharsets.UTF_8).trim()).actions();
  }

  @Test
  void helpBeforeTheFirstMoveNamesUndoAndQuit() {
    Cli r = Cli.runWithInput("quit\n", "play", "tic_tac_toe", "--players", "human,random");
    assertThat(r.out).contains("also: undo (take back your last move and the moves after it), quit");
    Cli help = Cli.run("play", "--help");
    assertThat(help.out).contains("undo").contains("quit").contains("partial record");
  }

  @Test
  void quitSavesThePartialRecordWithOneLineAndExitsZero() throws IOException {
    Path rec = tmp.resolve("sub/partial.txt");
    Cli r = Cli.runWithInput("x(1,1)\nquit\n", "play", "tic_tac_toe", "--players", "human,random", "--seed", "7",
        "--record", rec.toString());
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).contains("player 0 quit after 2 actions; saved to " + rec + " as a partial record of 2 actions");
    assertThat(r.out).doesNotContain("result:");
    int[] actions = recorded(rec);
    assertThat(actions).hasSize(2);
    assertThat(actions[0]).isEqualTo(4);
    // replay reads it as a partial game
    Cli replay = Cli.run("replay", rec.toString());
    assertThat(replay.exit).as(replay.err).isZero();
    assertThat(replay.out).startsWith("tic_tac_toe after 2 actions\n").contains("to move: player 0");
  }

  @Test
  void endOfInputMidGameSavesThePartialRecordAndExitsOne() throws IOException {
    Path rec = tmp.resolve("eof.txt");
    Cli r = Cli.runWithInput("4\n", "play", "tic_tac_toe", "--players", "human,random", "--seed", "3",
        "--record", rec.toString());
    assertThat(r.exit).isEqualTo(1);
    assertThat(r.err.strip()).isEqualTo("ponder: error: input ended while waiting for player 0's move; saved to " + rec
        + " as a partial record of 2 actions (ponder replay " + rec + " shows the position)");
    int[] actions = recorded(rec);
    assertThat(actions).hasSize(2);
    State s = GameRegistry.load("tic_tac_toe").stateFromHistory(actions);
    assertThat(s.isTerminal()).isFalse();
    assertThat(s.currentPlayer()).isZero();
  }

  /**
   * The undo line names the move as it was played: its string rendered on the state where it was
   * taken (a user's report: backgammon's 24/22 13/8 was named 24/22 13/7, an amazons "From" was
   * named as a "To", each rendered on a later state).
   */
  @Test
  void undoNamesTheMoveAsItWasPlayed() {
    Cli bg = Cli.runWithInput("24/22 13/8\nfoo\nundo\nquit\n", "play", "backgammon", "--players", "human,random", "--seed", "1");
    assertThat(bg.exit).as(bg.err).isZero();
    assertThat(bg.out).contains("4. player 0 (human): 11 - 24/22 13/8\n")
        .contains("undo: took back 4 actions, from player 0's 11 - 24/22 13/8\n");
    Cli am = Cli.runWithInput("8\nundo\nquit\n", "play", "amazons(board_size=4)", "--players", "human,random", "--seed", "1");
    assertThat(am.exit).as(am.err).isZero();
    assertThat(am.out).contains("1. player 0 (human): X From (3, 1)\n")
        .contains("undo: took back 1 action, from player 0's X From (3, 1)\n");
  }

  @Test
  void undoTakesBackTheHumanMoveAndTheAgentReply() throws IOException {
    Path rec = tmp.resolve("undo.txt");
    // undo at the start has nothing to take back; later it takes back x(1,1) and the reply
    Cli r = Cli.runWithInput("undo\n4\nundo\n0\nquit\n", "play", "tic_tac_toe", "--players", "human,random",
        "--seed", "7", "--record", rec.toString());
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).contains("nothing to undo: player 0 has not moved yet");
    assertThat(r.out).contains("undo: took back 2 actions, from player 0's x(1,1)");
    int[] actions = recorded(rec);
    assertThat(actions).hasSize(2);
    assertThat(actions[0]).isZero();
    assertThat(actions[1]).isNotEqualTo(0);
    // after the undo the board shown is empty again, then x(0,0) is played
    assertThat(r.out).contains("undo: took back 2 actions, from player 0's x(1,1)\n...\n...\n...\n");
    assertThat(r.out).contains("1. player 0 (human): x(0,0)\nx..");
  }

  @Test
  void undoBySecondPlayerTakesBackTheirOwnLastMoveOnly() throws IOException {
    Path rec = tmp.resolve("undo2.txt");
    // human is player 1: after random's first move (x(0,2) with this seed), the human plays,
    // random replies, then undo takes back the human's move and random's reply, leaving random's
    // first move
    Cli r = Cli.runWithInput("o(1,1)\nundo\nquit\n", "play", "tic_tac_toe", "--players", "random,human",
        "--seed", "11", "--record", rec.toString());
    assertThat(r.exit).as(r.err).isZero();
    int[] actions = recorded(rec);
    assertThat(actions).containsExactly(2);
    assertThat(r.out).contains("undo: took back 2 actions, from player 1's o(1,1)\n..x\n...\n...\n");
  }

  @Test
  void withTwoHumansUndoTakesBackTheAskersOwnLastMove() throws IOException {
    Path rec = tmp.resolve("undo3.txt");
    // x(1,1), o(0,0), x(2,2); then player 1 asks to undo: o(0,0) and x(2,2) are taken back
    Cli r = Cli.runWithInput("4\n0\n8\nundo\nquit\n", "play", "tic_tac_toe", "--players", "human,human",
        "--record", rec.toString());
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).contains("undo: took back 2 actions, from player 1's o(0,0)\n...\n.x.\n...\n");
    assertThat(recorded(rec)).containsExactly(4);
    assertThat(r.out).contains("player 1 quit after 1 action;");
  }

  /**
   * An undo never changes a chance outcome: the k-th chance event of a match uses the k-th draw of
   * its chance stream, so rolling again after taking back a roll gives the same die (a user's
   * report: pig(winscore=20) at seed 2 rolled 4, 6, 1, 3 for the same first roll).
   */
  @Test
  void undoNeverRerollsADie() throws IOException {
    Path rec = tmp.resolve("pig.txt");
    Cli r = Cli.runWithInput("roll\nundo\nroll\nundo\nroll\nundo\nroll\nquit\n", "play", "pig(winscore=20)",
        "--players", "human,random", "--seed", "2", "--record", rec.toString());
    assertThat(r.exit).as(r.err).isZero();
    List<String> firstRolls = r.out.lines().filter(l -> l.startsWith("2. chance: ")).toList();
    assertThat(firstRolls).hasSize(4);
    assertThat(java.util.Set.copyOf(firstRolls)).hasSize(1);
    // the record of a match without undo: the same first roll
    Path plain = tmp.resolve("plain.txt");
    Cli once = Cli.runWithInput("roll\nquit\n", "play", "pig(winscore=20)", "--players", "human,random", "--seed", "2",
        "--record", plain.toString());
    assertThat(once.out).contains(firstRolls.get(0) + "\n");
    assertThat(recorded(rec)).containsExactly(recorded(plain));
  }

  /**
   * An undo that takes back a chance outcome the human saw lets them know the coming draws (in pig
   * at seed 6 the human rolls 1, undoes and stops: the opponent's roll is that 1): a note says so,
   * and the result line of the match is marked. An undo that takes back no chance outcome says
   * nothing of it.
   */
  @Test
  void anUndoOfASeenChanceOutcomeSaysTheDrawsAreKnown() {
    Cli r = Cli.runWithInput("roll\nundo\nstop\nquit\n", "play", "pig(winscore=20)", "--players", "human,random",
        "--seed", "6");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).contains("\n" + PlayCommand.UNDO_SEEN_NOTE + "\n");
    assertThat(PlayCommand.UNDO_SEEN_NOTE).startsWith("note: ").contains("known to you").contains("no longer a fair test");
    Cli done = Cli.runWithInput("roll\nundo\n" + "roll\nroll\nstop\n".repeat(200), "play", "pig(winscore=10)",
        "--players", "human,random", "--seed", "6");
    assertThat(done.exit).as(done.err).isZero();
    assertThat(done.out.lines().filter(l -> l.startsWith("result: ")).findFirst().orElseThrow())
        .endsWith(" [chance outcomes known after an undo: not a fair test of the agents]");
    Cli plain = Cli.runWithInput("roll\nroll\nstop\n".repeat(200), "play", "pig(winscore=10)", "--players", "human,random",
        "--seed", "6");
    assertThat(plain.out).contains("result: ").doesNotContain("not a fair test").doesNotContain("note: this undo");
    // --no-undo refuses it: the human is asked again, and the roll stands
    Cli off = Cli.runWithInput("roll\nundo\nquit\n", "play", "pig(winscore=20)", "--players", "human,random",
        "--seed", "6", "--no-undo");
    assertThat(off.exit).as(off.err).isZero();
    assertThat(off.out).contains(PlayCommand.NO_UNDO_LINE + "\n").doesNotContain("undo: took back")
        .doesNotContain("note: this undo");
    // and its help does not offer undo
    assertThat(off.out).contains(HumanAgent.HELP_NO_UNDO).doesNotContain(HumanAgent.HELP);
    assertThat(Cli.run("play", "--help").out.replaceAll("\\s+", " ")).contains("--no-undo")
        .contains("not a fair test of the agents");
    // tic-tac-toe has no chance: an undo is only an undo
    Cli ttt = Cli.runWithInput("4\nundo\nquit\n", "play", "tic_tac_toe", "--players", "human,random");
    assertThat(ttt.out).contains("undo: took back").doesNotContain("note: this undo");
  }

  /** The draws are kept: after a rewind to k, draw k comes again; beyond those made, the stream goes on as one generator. */
  @Test
  void chanceDrawsRepeatAfterARewindAndOtherwiseFollowTheStream() {
    java.util.SplittableRandom reference = new java.util.SplittableRandom(5);
    double[] expected = new double[40];
    for (int i = 0; i < expected.length; i++) {
      expected[i] = reference.nextDouble();
    }
    PlayCommand.ChanceDraws d = new PlayCommand.ChanceDraws(new java.util.SplittableRandom(5));
    for (int i = 0; i < 20; i++) {
      assertThat(d.next()).isEqualTo(expected[i]);
    }
    d.rewind(3);
    for (int i = 3; i < 40; i++) {
      assertThat(d.next()).isEqualTo(expected[i]);
    }
    d.rewind(0);
    assertThat(d.next()).isEqualTo(expected[0]);
  }

  // --- moves as the text after " - " ---

  @Test
  void backgammonPlayTypedInCheckerNotationUsesTheLowestIdOfItsDieOrders() throws IOException {
    Path rec = tmp.resolve("bg.txt");
    // seed 1: O opens 6-3, then X (the human, player 0) rolls 5-2
    Cli r = Cli.runWithInput("24/22 13/8\nquit\n", "play", "backgammon", "--players", "human,random", "--seed", "1",
        "--record", rec.toString());
    assertThat(r.exit).as(r.err).isZero();
    int[] actions = recorded(rec);
    State before = GameRegistry.load("backgammon").stateFromHistory(java.util.Arrays.copyOf(actions, 3));
    int p = before.currentPlayer();
    assertThat(p).isZero();
    // the two die orders of the play share the text; the lowest id is chosen
    List<Integer> same = new java.util.ArrayList<>();
    for (int a : before.legalActions()) {
      String s = before.actionToString(p, a);
      if (s.endsWith(" - 24/22 13/8")) {
        same.add(a);
      }
    }
    assertThat(same).hasSize(2);
    assertThat(actions[3]).isEqualTo(same.get(0)).isEqualTo(Math.min(same.get(0), same.get(1)));
    assertThat(r.out).contains("4. player 0 (human): " + same.get(0) + " - 24/22 13/8");
    // both die orders leave the same board
    State a = before.copy();
    a.applyAction(same.get(0));
    State b = before.copy();
    b.applyAction(same.get(1));
    assertThat(a.toString()).isEqualTo(b.toString());
    // a text no action has is still refused with the legal list
    assertThat(HumanAgent.match(before, "24/20 13/8").action()).isEqualTo(-1);
    assertThat(HumanAgent.match(before, "24/20 13/8").ambiguity()).isNull();
    // the full string and the id still work
    assertThat(HumanAgent.match(before, same.get(1) + " - 24/22 13/8").action()).isEqualTo(same.get(1));
    assertThat(HumanAgent.match(before, Integer.toString(same.get(1))).action()).isEqualTo(same.get(1));
  }

  @Test
  void sameTextWithDifferentResultsListsTheCandidates() {
    State s = new TailGame().newInitialState();
    // "a" names actions 0 and 1, which add 1 and 2: different results
    HumanAgent.Match m = HumanAgent.match(s, "a");
    assertThat(m.action()).isEqualTo(-1);
    assertThat(m.ambiguity()).isEqualTo("'a' names 2 moves with different results; type one's id or full string:"
        + " 0=a; 1=a");
    // "b" names actions 2 and 3, which both add 3: the lowest id
    assertThat(HumanAgent.match(s, "b").action()).isEqualTo(2);
    assertThat(HumanAgent.match(s, "B").action()).isEqualTo(2);
    // "c" names one action
    assertThat(HumanAgent.match(s, "c").action()).isEqualTo(4);
    assertThat(HumanAgent.match(s, "d").action()).isEqualTo(-1);
  }

  /**
   * The legal-move list shows each id once (0=a, not 0=0 - a) and lists actions with the same
   * resulting state once, under the lowest id (3 repeats 2), saying the others are accepted; the
   * same text with different results (0 and 1) stays two entries.
   */
  @Test
  void legalMovesShowTheIdOnceAndEachDistinctResultOnce() {
    State s = new TailGame().newInitialState();
    assertThat(HumanAgent.legalMoves(s)).isEqualTo("0=a; 1=a; 2=b; 4=c (1 other id gives the same position as a listed"
        + " move and is accepted too)");
    assertThat(HumanAgent.match(s, "3").action()).isEqualTo(3);
  }

  /** Backgammon: each play once (not once per die order), without the repeated id, in the play prompt. */
  @Test
  void backgammonListsEachPlayOnce() throws IOException {
    Path rec = tmp.resolve("bg-list.txt");
    // seed 1: O opens 6-3, then X (the human, player 0) rolls 5-2; quit saves the three actions so far
    Cli r = Cli.runWithInput("quit\n", "play", "backgammon", "--players", "human,random", "--seed", "1",
        "--record", rec.toString());
    assertThat(r.exit).as(r.err).isZero();
    State before = GameRegistry.load("backgammon").stateFromHistory(recorded(rec));
    int p = before.currentPlayer();
    assertThat(p).isZero();
    // independent count: the distinct boards (printed states) the legal actions lead to
    java.util.Set<String> texts = new java.util.HashSet<>();
    for (int a : before.legalActions()) {
      State next = before.copy();
      next.applyAction(a);
      texts.add(next.toString());
    }
    int legal = before.legalActions().length;
    assertThat(texts.size()).isLessThan(legal);
    String line = r.out.lines().filter(l -> l.startsWith("legal moves: ")).findFirst().orElseThrow();
    assertThat(line).doesNotContainPattern("\\d+=\\d+ - ").containsOnlyOnce("=24/22 13/8;")
        .endsWith(" (" + (legal - texts.size()) + " other ids give the same position as a listed move and are accepted too)");
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)=([^;(]+)").matcher(line.substring("legal moves: ".length()));
    int entries = 0;
    while (m.find()) {
      entries++;
    }
    assertThat(entries).isEqualTo(texts.size());
  }

  /** A one-move test game: action i is written "i - x" and adds a fixed amount to a total. */
  static final class TailGame extends TwoPlayerZeroSumGame {
    static final GameType TYPE = new GameType("tail_test", "Tail Test", GameType.ChanceMode.DETERMINISTIC,
        GameType.Information.PERFECT_INFORMATION, GameType.Utility.ZERO_SUM, GameType.RewardModel.TERMINAL, 2, 2,
        List.of());
    static final String[] TEXT = {"a", "a", "b", "b", "c"};
    static final int[] ADD = {1, 2, 3, 3, 4};

    TailGame() {
      super(TYPE, Params.defaults("tail_test", List.of()));
    }

    @Override
    public int numDistinctActions() {
      return 5;
    }

    @Override
    public int maxGameLength() {
      return 1;
    }

    @Override
    public State newInitialState() {
      return new TailState(this);
    }

    static final class TailState extends State {
      private final TailGame game;
      private int total = -1;

      TailState(TailGame game) {
        this.game = game;
      }

      @Override
      public Game game() {
        return game;
      }

      @Override
      public int currentPlayer() {
        return total >= 0 ? TERMINAL : 0;
      }

      @Override
      public int legalActions(int[] out) {
        if (total >= 0) {
          return 0;
        }
        for (int i = 0; i < 5; i++) {
          out[i] = i;
        }
        return 5;
      }

      @Override
      protected void doApplyAction(int action) {
        total = ADD[action];
      }

      @Override
      public State copy() {
        TailState s = new TailState(game);
        s.copyFrom(this);
        return s;
      }

      @Override
      public void copyFrom(State other) {
        total = ((TailState) other).total;
        copyHistoryFrom(other);
      }

      @Override
      public double playerReturn(int player) {
        return 0;
      }

      @Override
      public String actionToString(int player, int action) {
        return action + " - " + TEXT[action];
      }

      @Override
      public String toString() {
        return "total " + total;
      }
    }
  }
}
