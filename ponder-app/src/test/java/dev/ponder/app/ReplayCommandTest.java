package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.check.Playthroughs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayCommandTest {
  @TempDir Path tmp;

  @Test
  void goldenPlaythroughExitsZero() {
    Cli r = Cli.run("replay", Playthroughs.file("tic_tac_toe.txt").toString());
    assertThat(r.exit).isZero();
    assertThat(r.out).contains("tic_tac_toe.txt: tic_tac_toe replays exactly (8 states");
  }

  @Test
  void corruptedPlaythroughExitsOneWithTheDifference() throws IOException {
    String text = Files.readString(Playthroughs.file("tic_tac_toe.txt"), StandardCharsets.UTF_8)
        .replace("Returns() = [1, -1]", "Returns() = [0, 0]");
    Path f = tmp.resolve("bad.txt");
    Files.writeString(f, text);
    Cli r = Cli.run("replay", f.toString());
    assertThat(r.exit).isEqualTo(1);
    assertThat(r.err.strip()).isEqualTo("ponder: error: " + tmp.resolve("bad.txt") + ": state 7, Returns: expected [0, 0] but was [1, -1]");
  }

  /**
   * Strings and tensors are compared by default (a user's report: an edited ObservationString(1)
   * or a flipped tensor cell replayed "exactly"), and the summary says what was compared;
   * --no-strings and --no-tensors skip them and the summary says so.
   */
  @Test
  void stringsAndTensorsAreComparedByDefault() throws IOException {
    Cli ok = Cli.run("replay", Playthroughs.file("tic_tac_toe.txt").toString());
    assertThat(ok.exit).as(ok.err).isZero();
    assertThat(ok.out.strip()).endsWith("; compared information-state strings, observation strings, observation tensors)");
    String g = golden();
    int state1 = g.indexOf("# State 1\n");
    String field = "ObservationString(1) = \"...\\n...\\n..x\"";
    int at = g.indexOf(field, state1);
    String edited = g.substring(0, at) + "ObservationString(1) = \"...\\n...\\n.x.\"" + g.substring(at + field.length());
    assertThat(edited).isNotEqualTo(g);
    Cli string = Cli.run("replay", write("string.txt", edited).toString());
    assertThat(string.exit).isEqualTo(1);
    assertThat(string.err.strip())
        .isEqualTo("ponder: error: " + tmp.resolve("string.txt") + ": state 1, ObservationString(1): expected \"...\\n...\\n.x.\" but was \"...\\n...\\n..x\"");
    // state 1's ObservationTensor(1): the third row of the empty-cell plane is ◉◉◯ (x at (2,2))
    int tensor = g.indexOf("ObservationTensor(1):", state1);
    int row = g.indexOf("\u25c9\u25c9\u25ef  ", tensor);
    String flipped = g.substring(0, row) + "\u25c9\u25c9\u25c9" + g.substring(row + 3);
    Cli cell = Cli.run("replay", write("tensor.txt", flipped).toString());
    assertThat(cell.exit).isEqualTo(1);
    assertThat(cell.err.strip())
        .isEqualTo("ponder: error: " + tmp.resolve("tensor.txt") + ": state 1, ObservationTensor(1): expected 1 at cell 8 [0, 2, 2] of shape [3, 3, 3] but was 0");
    Cli skipped = Cli.run("replay", "--no-strings", "--no-tensors", write("both.txt", flipped).toString());
    assertThat(skipped.exit).as(skipped.err).isZero();
    assertThat(skipped.out.strip()).isEqualTo(tmp.resolve("both.txt") + ": tic_tac_toe replays exactly (8 states, 89 fields checked; not compared:"
        + " information-state strings (--no-strings), observation strings (--no-strings), observation tensors (--no-tensors))");
  }

  /**
   * A recorded action that is illegal: the line names the file's id and, apart, the action the
   * file's comment names (a user's report: "expected 8 ("x(2,0)") legal" paired the id of one
   * action with the string of another).
   */
  @Test
  void anIllegalActionIsNamedApartFromTheComment() throws IOException {
    String g = golden().replace("# Apply action \"x(2,0)\"\naction: 6", "# Apply action \"x(2,0)\"\naction: 8");
    Cli r = Cli.run("replay", write("action.txt", g).toString());
    assertThat(r.exit).isEqualTo(1);
    assertThat(r.err.strip()).isEqualTo("ponder: error: " + tmp.resolve("action.txt") + ": state 2, action 8 is illegal (the file's comment says"
        + " \"x(2,0)\", which is action 6); legal actions: [0, 1, 2, 4, 5, 6, 7]");
  }

  /**
   * A file saved with a UTF-8 byte-order mark replays (a user's report: the mark became part of the
   * game name, "unknown game 'tic_tac_toe' (did you mean tic_tac_toe?)"); a file cut inside a
   * multi-byte character ({@code head -c}) is said to end inside a character, not to be another
   * encoding.
   */
  @Test
  void aByteOrderMarkIsDroppedAndACutCharacterIsNamed() throws IOException {
    byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    Path record = tmp.resolve("bom-record.txt");
    Files.write(record, concat(bom, "tic_tac_toe | 4 0\n".getBytes(StandardCharsets.UTF_8)));
    Cli r = Cli.run("replay", record.toString());
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).startsWith("tic_tac_toe after 2 actions\n");
    Path playthrough = tmp.resolve("bom-playthrough.txt");
    Files.write(playthrough, concat(bom, Files.readAllBytes(Playthroughs.file("tic_tac_toe.txt"))));
    Cli p = Cli.run("replay", playthrough.toString());
    assertThat(p.exit).as(p.err).isZero();
    assertThat(p.out).contains("tic_tac_toe replays exactly");

    // the golden tic-tac-toe file's tensor drawings use ◉ (3 bytes): cut after the first of them
    byte[] all = Files.readAllBytes(Playthroughs.file("tic_tac_toe.txt"));
    int at = golden().indexOf('\u25c9');
    int cut = golden().substring(0, at).getBytes(StandardCharsets.UTF_8).length + 2;
    Path truncated = tmp.resolve("cut.txt");
    Files.write(truncated, java.util.Arrays.copyOf(all, cut));
    Cli t = Cli.run("replay", truncated.toString());
    assertThat(t.exit).isEqualTo(2);
    assertThat(t.err.strip()).isEqualTo("ponder: cannot read " + truncated + ": the file ends inside a UTF-8 character (truncated?)");
    // a bad byte elsewhere is not a cut
    Path bad = tmp.resolve("bad-byte.txt");
    Files.write(bad, concat("tic_tac_toe | 4 ".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xE2, '0', '\n'}));
    Cli x = Cli.run("replay", bad.toString());
    assertThat(x.exit).isEqualTo(2);
    assertThat(x.err.strip()).isEqualTo("ponder: cannot read " + bad + ": not UTF-8 text (byte 16)");
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  @Test
  void unreadableMalformedOrUnknownExitsTwoWithOneLine() throws IOException {
    Cli missing = Cli.run("replay", tmp.resolve("missing.txt").toString());
    assertThat(missing.exit).isEqualTo(2);
    assertThat(missing.err.strip()).isEqualTo("ponder: cannot read " + tmp.resolve("missing.txt") + ": no such file");

    Cli directory = Cli.run("replay", tmp.toString());
    assertThat(directory.exit).isEqualTo(2);
    assertThat(directory.err.strip()).startsWith("ponder: cannot read " + tmp + ": ").doesNotContain("\n");

    Path binary = tmp.resolve("binary.txt");
    Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
    Cli b = Cli.run("replay", binary.toString());
    assertThat(b.exit).isEqualTo(2);
    assertThat(b.err.strip()).isEqualTo("ponder: cannot read " + binary + ": not UTF-8 text (byte 0)");

    Path garbage = tmp.resolve("garbage.txt");
    Files.writeString(garbage, "this is not a playthrough\n");
    Cli g = Cli.run("replay", garbage.toString());
    assertThat(g.exit).isEqualTo(2);
    assertThat(g.err.strip().lines()).hasSize(1);

    Path truncated = tmp.resolve("truncated.txt");
    Files.writeString(truncated, "game: tic_tac_toe\n\nMaxGameLength() = 9\n");
    Cli t = Cli.run("replay", truncated.toString());
    assertThat(t.exit).isEqualTo(2);
    assertThat(t.err).contains("no '# State 0' line");

    Path unknown = tmp.resolve("unknown.txt");
    Files.writeString(unknown, "game: no_such_game\n\n# State 0\nIsTerminal() = True\n");
    Cli u = Cli.run("replay", unknown.toString());
    assertThat(u.exit).isEqualTo(2);
    assertThat(u.err.strip()).startsWith("ponder: unknown game 'no_such_game'; known games:").doesNotContain("\n");
  }

  @Test
  void matchRecordReplaysToTheFinalPosition() throws IOException {
    Path f = tmp.resolve("match.txt");
    Files.writeString(f, "tic_tac_toe | 0 3 1 4 2\n");
    Cli r = Cli.run("replay", f.toString());
    assertThat(r.exit).isZero();
    assertThat(r.out).contains("xxx\noo.\n...").contains("returns: 1 -1");

    Files.writeString(f, "tic_tac_toe | 4\n");
    Cli one = Cli.run("replay", f.toString());
    assertThat(one.exit).as(one.err).isZero();
    assertThat(one.out).startsWith("tic_tac_toe after 1 action\n");

    Files.writeString(f, "tic_tac_toe | 0 0\n");
    Cli illegal = Cli.run("replay", f.toString());
    assertThat(illegal.exit).isEqualTo(2);
    assertThat(illegal.err.strip())
        .startsWith("ponder: " + f + ": action 2 of 2, after history [0]: illegal action 0 in tic_tac_toe for player 1; legal: 1 (o(0,1))")
        .doesNotContain("\n");
    // the position is the action's 1-based index in the record, the history every action before it
    Files.writeString(f, "tic_tac_toe | 4 0 8 4 2\n");
    Cli fourth = Cli.run("replay", f.toString());
    assertThat(fourth.exit).isEqualTo(2);
    assertThat(fourth.err.strip())
        .startsWith("ponder: " + f + ": action 4 of 5, after history [4 0 8]: illegal action 4 in tic_tac_toe for player 1; legal: ")
        .doesNotContain("\n");
    Files.writeString(f, "tic_tac_toe | 9\n");
    Cli first = Cli.run("replay", f.toString());
    assertThat(first.exit).isEqualTo(2);
    assertThat(first.err.strip()).startsWith("ponder: " + f + ": action 1 of 1, at the initial state: illegal action 9 in tic_tac_toe for player 0; legal: 0 (x(0,0))");

    Files.writeString(f, "tic_tac_toe | 0 x\n");
    Cli bad = Cli.run("replay", f.toString());
    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.err.strip()).contains("'x' is not an integer");
  }

  private Path write(String name, String text) throws IOException {
    Path f = tmp.resolve(name);
    Files.writeString(f, text, StandardCharsets.UTF_8);
    return f;
  }

  private static String golden() throws IOException {
    return Files.readString(Playthroughs.file("tic_tac_toe.txt"), StandardCharsets.UTF_8);
  }

  /** The first {@code n} bytes of the golden tic_tac_toe playthrough, as {@code head -c n} cuts it. */
  private static String headBytes(int n) throws IOException {
    byte[] all = Files.readAllBytes(Playthroughs.file("tic_tac_toe.txt"));
    return new String(java.util.Arrays.copyOf(all, n), StandardCharsets.UTF_8);
  }

  /**
   * Values no game could produce make a playthrough malformed (exit 2, one line): they were
   * reported as differences (exit 1), a bad tensor with its drawing over several lines.
   */
  @Test
  void aDamagedValueIsMalformedNotADifference() throws IOException {
    String g = golden();
    String[][] cases = {
        {g.replaceFirst("MaxGameLength\\(\\) = 9", "MaxGameLength() = abc"), "the header's MaxGameLength() is 'abc', not an integer"},
        {g.replaceFirst("CurrentPlayer\\(\\) = 1", "CurrentPlayer() = x"), "state 1's CurrentPlayer() is 'x', not an integer"},
        {g.replaceFirst("ObservationTensor\\(0\\):\n◉◉◉", "ObservationTensor(0):\n◉◉X"),
            "state 0's ObservationTensor(0) is neither a tensor drawing nor a list of numbers"}};
    // an action id in another script's digits is no id (it replayed as 8)
    String fullwidth = g.replaceFirst("action: 8\n", "action: ８\n");
    assertThat(fullwidth).isNotEqualTo(g);
    Cli fw = Cli.run("replay", write("fw.txt", fullwidth).toString());
    assertThat(fw.exit).isEqualTo(2);
    assertThat(fw.err).contains("malformed action line 'action: ８'");
    int k = 0;
    for (String[] c : cases) {
      assertThat(c[0]).as("case %d edits the file", k).isNotEqualTo(g);
      Path f = write("m" + k++ + ".txt", c[0]);
      Cli r = Cli.run("replay", f.toString());
      assertThat(r.exit).as(c[1]).isEqualTo(2);
      assertThat(r.err).isEqualTo("ponder: " + f + ": malformed playthrough: " + c[1] + "\n");
    }
  }

  /** A playthrough cut anywhere is incomplete: one line naming what is missing, exit 2, never "replays exactly". */
  @Test
  void aTruncatedPlaythroughIsIncomplete() throws IOException {
    Cli cut = Cli.run("replay", write("t.txt", headBytes(3000)).toString());
    assertThat(cut.exit).isEqualTo(2);
    assertThat(cut.out).doesNotContain("replays");
    assertThat(cut.err.strip()).isEqualTo("ponder: " + tmp.resolve("t.txt") + ": incomplete playthrough: it stops at state 2, which is not"
        + " terminal (IsTerminal() = False); the rest of the match is missing");

    String g = golden();
    // cut inside the last (terminal) state: before its Returns() line, and inside that line
    String beforeReturns = g.substring(0, g.lastIndexOf("Returns() = [1, -1]"));
    Cli noReturns = Cli.run("replay", write("r.txt", beforeReturns).toString());
    assertThat(noReturns.exit).isEqualTo(2);
    assertThat(noReturns.err.strip()).isEqualTo("ponder: " + tmp.resolve("r.txt") + ": incomplete playthrough: the last state (7) lacks Returns()");
    Cli halfLine = Cli.run("replay", write("h.txt", g.substring(0, g.lastIndexOf("-1]"))).toString());
    assertThat(halfLine.exit).isEqualTo(2);
    assertThat(halfLine.err.strip()).isEqualTo("ponder: " + tmp.resolve("h.txt") + ": incomplete playthrough: the last state (7) has a cut Returns() line: '[1,'");
    // cut right after a state's header line, and between '# Apply action' and 'action: N'
    Cli bare = Cli.run("replay", write("b.txt", g.substring(0, g.indexOf("# State 7") + "# State 7\n".length())).toString());
    assertThat(bare.exit).isEqualTo(2);
    assertThat(bare.err.strip()).isEqualTo("ponder: " + tmp.resolve("b.txt") + ": incomplete playthrough: the last state (7) lacks IsTerminal(), History(), CurrentPlayer(), Returns()");
    Cli noAction = Cli.run("replay", write("a.txt", g.substring(0, g.indexOf("action: 5"))).toString());
    assertThat(noAction.exit).isEqualTo(2);
    assertThat(noAction.err.strip()).isEqualTo("ponder: " + tmp.resolve("a.txt") + ": incomplete playthrough: the '# Apply action' of state 6 has no 'action: N' line");
    Cli noNext = Cli.run("replay", write("n.txt", g.substring(0, g.indexOf("# State 7"))).toString());
    assertThat(noNext.exit).isEqualTo(2);
    assertThat(noNext.err.strip()).isEqualTo("ponder: " + tmp.resolve("n.txt") + ": incomplete playthrough: it stops after the action of state 6, before state 7");
  }

  @Test
  void aPlaythroughWithoutAHeaderFieldIsIncomplete() throws IOException {
    String g = golden();
    Cli r = Cli.run("replay", write("m.txt", g.replace("MaxGameLength() = 9\n", "")).toString());
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.err.strip()).isEqualTo("ponder: " + tmp.resolve("m.txt") + ": incomplete playthrough: the header lacks MaxGameLength()");
    Cli two = Cli.run("replay", write("m2.txt", g.replace("MaxGameLength() = 9\n", "").replace("GameType.utility = Utility.ZERO_SUM\n", "")).toString());
    assertThat(two.err.strip()).isEqualTo("ponder: " + tmp.resolve("m2.txt") + ": incomplete playthrough: the header lacks GameType.utility, MaxGameLength()");
    Cli none = Cli.run("replay", write("m3.txt", "game: tic_tac_toe\n\n" + g.substring(g.indexOf("# State 0"))).toString());
    assertThat(none.exit).isEqualTo(2);
    assertThat(none.err.strip()).startsWith("ponder: " + tmp.resolve("m3.txt") + ": incomplete playthrough: the header is missing").doesNotContain("\n");
  }

  /** The last state's History() declares the whole action sequence: it must be the one the file applies. */
  @Test
  void theDeclaredHistoryMustBeTheAppliedActions() throws IOException {
    String g = golden();
    Cli r = Cli.run("replay", write("d.txt", g.replace("History() = [8, 3, 6, 0, 2, 1, 5]", "History() = [8, 3, 6, 0, 2, 1, 5, 4]")).toString());
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.err.strip()).isEqualTo("ponder: " + tmp.resolve("d.txt") + ": incomplete playthrough: the last state (7) declares 8 actions in History() but the file applies 7");
  }

  /** Every record of a match file is replayed: one summary line each; any failure makes the exit non-zero. */
  @Test
  void everyMatchRecordOfAFileIsReplayed() throws IOException {
    Path f = write("two.txt", "tic_tac_toe | 4 0\ntic_tac_toe | 1\n");
    Cli r = Cli.run("replay", f.toString());
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out.lines().toList()).containsExactly(
        f + ":1: tic_tac_toe after 2 actions; to move: player 0",
        f + ":2: tic_tac_toe after 1 action; to move: player 1");

    Path bad = write("bad.txt", "tic_tac_toe | 0 3 1 4 2\n\ntic_tac_toe | 0 0\nnot a record\ntic_tac_toe | 4\n");
    Cli b = Cli.run("replay", bad.toString());
    assertThat(b.exit).isEqualTo(2);
    List<String> lines = b.out.lines().toList();
    assertThat(lines).hasSize(4);
    assertThat(lines.get(0)).isEqualTo(bad + ":1: tic_tac_toe after 5 actions (terminal); returns: 1 -1");
    assertThat(lines.get(1)).startsWith(bad + ":3: not replayed: action 2 of 2, after history [0]: illegal action 0 in tic_tac_toe for player 1");
    assertThat(lines.get(2)).isEqualTo(bad + ":4: not replayed: malformed match record: expected '<game> | <actions>'");
    assertThat(lines.get(3)).isEqualTo(bad + ":5: tic_tac_toe after 1 action; to move: player 1");
    assertThat(Cli.run("replay", "--help").out.replaceAll("\\s+", " ")).contains("has every record replayed");
    // errors are one line on stderr
    assertThat(b.err.strip()).isEqualTo("ponder: 2 of 4 match records in " + bad + " failed (lines 3, 4)");
  }

  /**
   * A finished match's record holds its returns (the line after it, written by play --record), and
   * replay checks them: an action corrupted into another legal one that changes the result is
   * caught (exit 1), as is a returns line after actions that do not end the game. A record without
   * the line (written before it existed) replays as before.
   */
  @Test
  void recordedReturnsAreChecked() throws IOException {
    Path rec = tmp.resolve("m.txt");
    List<String> saved = null;
    String corrupted = null;
    // the first seed whose match has an action that another legal one, changing the result, can
    // replace (in Kuhn poker, a card dealt); in tic-tac-toe no such change exists
    for (int seed = 1; corrupted == null && seed <= 30; seed++) {
      Cli play = Cli.run("play", "kuhn_poker", "--players", "random,random", "--seed", Integer.toString(seed), "--record",
          rec.toString());
      assertThat(play.exit).as(play.err).isZero();
      saved = Files.readAllLines(rec, StandardCharsets.UTF_8);
      corrupted = corruption(dev.ponder.game.MatchRecord.parse(saved.get(0)));
    }
    assertThat(corrupted).as("a legal corruption with another result").isNotNull();
    assertThat(saved).hasSize(2);
    assertThat(saved.get(1)).startsWith("returns: ");
    Cli ok = Cli.run("replay", rec.toString());
    assertThat(ok.exit).as(ok.err).isZero();
    assertThat(ok.out).contains(" actions (terminal, returns as recorded)\n").contains("\n" + saved.get(1) + "\n");
    assertThat(saved.get(0)).startsWith("kuhn_poker(players=2) | ");

    Path bad = write("bad.txt", corrupted + "\n" + saved.get(1) + "\n");
    Cli b = Cli.run("replay", bad.toString());
    assertThat(b.exit).isEqualTo(1);
    assertThat(b.err.strip()).startsWith("ponder: error: " + bad + ":2: the record's returns are " + saved.get(1).substring(9)
        + " but its actions give ").endsWith(" (the record or the game changed since the match was played?)");
    // without the returns line the corruption goes unseen, as in records written before it existed
    Cli old = Cli.run("replay", write("old.txt", corrupted + "\n").toString());
    assertThat(old.exit).as(old.err).isZero();

    // several records: each returns line belongs to the record before it
    Path two = write("two-returns.txt", saved.get(0) + "\n" + saved.get(1) + "\ntic_tac_toe | 4\nreturns: 1 -1\n");
    Cli t = Cli.run("replay", two.toString());
    assertThat(t.exit).isEqualTo(1);
    assertThat(t.out.lines().toList()).containsExactly(
        two + ":1: kuhn_poker(players=2) after " + dev.ponder.game.MatchRecord.parse(saved.get(0)).actions().length
            + " actions (terminal, returns as recorded); returns: " + saved.get(1).substring(9),
        two + ":3: differs: the record's returns are 1 -1 but its actions end before the game does");
    assertThat(t.err.strip()).isEqualTo("ponder: error: 1 of 2 match records in " + two + " give other returns than recorded (line 3)");
    // a second returns line is a malformed file, not a failed record
    Path strayFile = write("stray.txt", "tic_tac_toe | 4\nreturns: 0 0\nreturns: 0 0\n");
    Cli stray = Cli.run("replay", strayFile.toString());
    assertThat(stray.exit).isEqualTo(2);
    assertThat(stray.out).isEmpty();
    assertThat(stray.err.strip()).isEqualTo("ponder: " + strayFile + ":3: a 'returns:' line must follow the record whose"
        + " returns it holds (line 2 already holds the returns of the record on line 1)");
  }

  /** A returns line with other than one value per player is malformed (exit 2), not a difference (exit 1). */
  @Test
  void returnsLineWithWrongCountIsMalformed() throws IOException {
    String game = "tic_tac_toe | 0 3 1 4 2"; // a finished match: player 0 wins, returns 1 -1
    Path one = write("count.txt", game + "\nreturns: 1 -1 0\n");
    Cli c = Cli.run("replay", one.toString());
    assertThat(c.exit).isEqualTo(2);
    assertThat(c.err.strip()).isEqualTo("ponder: " + one + ":2: malformed returns line: 3 values, expected 2 (one per player)");
    Path two = write("count-two.txt", game + "\nreturns: 1\n" + game + "\nreturns: 1 -1\n");
    Cli t = Cli.run("replay", two.toString());
    assertThat(t.exit).isEqualTo(2);
    assertThat(t.out.lines().toList()).containsExactly(
        two + ":2: malformed returns line: 1 value, expected 2 (one per player)",
        two + ":3: tic_tac_toe after 5 actions (terminal, returns as recorded); returns: 1 -1");
    assertThat(t.err.strip()).isEqualTo("ponder: 1 of 2 match records in " + two + " failed (line 2)");
  }

  /**
   * A returns value that is not a finite number is malformed (exit 2): "Infinity" and "1e400"
   * passed the relative tolerance as the recorded returns, and NaN was called a difference.
   */
  @Test
  void nonFiniteReturnsAreMalformed() throws IOException {
    String game = "tic_tac_toe | 0 3 1 4 2"; // player 0 wins: returns 1 -1
    String[][] cases = {{"Infinity -1e400", "Infinity"}, {"-1 1e400", "1e400"}, {"-Infinity 1", "-Infinity"},
        {"NaN NaN", "NaN"}, {"1d -1", "1d"}, {"1 -0x1p0", "-0x1p0"}};
    int k = 0;
    for (String[] c : cases) {
      Path f = write("inf" + k++ + ".txt", game + "\nreturns: " + c[0] + "\n");
      Cli r = Cli.run("replay", f.toString());
      assertThat(r.exit).as(c[0]).isEqualTo(2);
      assertThat(r.err.strip()).isEqualTo("ponder: " + f + ":2: malformed returns line: '" + c[1] + "' is not a finite decimal number");
    }
    // a finite value far off is a difference, as before
    Path far = write("far.txt", game + "\nreturns: -1e300 1\n");
    assertThat(Cli.run("replay", far.toString()).exit).isEqualTo(1);
  }

  /** The record with one action changed into another legal one that ends the game with other returns, or null. */
  private static String corruption(dev.ponder.game.MatchRecord m) {
    dev.ponder.game.Game game = dev.ponder.game.GameRegistry.load(m.game());
    double[] played = m.replay().returns();
    for (int i = 0; i < m.actions().length; i++) {
      for (int b = 0; b < Math.max(game.numDistinctActions(), game.maxChanceOutcomes()); b++) {
        int[] a = m.actions().clone();
        a[i] = b;
        try {
          dev.ponder.game.State s = game.stateFromHistory(a);
          if (s.isTerminal() && !java.util.Arrays.equals(s.returns(), played)) {
            return new dev.ponder.game.MatchRecord(m.game(), a).toLine();
          }
        } catch (IllegalArgumentException illegal) {
          // not a legal corruption
        }
      }
    }
    return null;
  }

  /** The returns line is exact: each return the shortest decimal that reads back as that double. */
  @Test
  void theReturnsLineIsExact() {
    assertThat(ReplayCommand.returnsLine(new double[] {1, -1})).isEqualTo("returns: 1 -1");
    assertThat(ReplayCommand.returnsLine(new double[] {1.0 / 3, -0.0, 1e-7, 250})).isEqualTo("returns: 0.3333333333333333 0 0.0000001 250");
  }
}
