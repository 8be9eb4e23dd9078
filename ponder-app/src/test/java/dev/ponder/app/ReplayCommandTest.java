package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.check.Playthroughs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
    assertThat(r.err.strip()).isEqualTo("ponder: bad.txt: state 7, Returns: expected [0, 0] but was [1, -1]");
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
    assertThat(b.err.strip()).isEqualTo("ponder: cannot read " + binary + ": not UTF-8 text");

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

    Files.writeString(f, "tic_tac_toe | 0 0\n");
    Cli illegal = Cli.run("replay", f.toString());
    assertThat(illegal.exit).isEqualTo(2);
    assertThat(illegal.err.strip()).startsWith("ponder: " + f + ": illegal action 0 in tic_tac_toe for player 1; legal: 1 (o(0,1))")
        .doesNotContain("\n");

    Files.writeString(f, "tic_tac_toe | 0 x\n");
    Cli bad = Cli.run("replay", f.toString());
    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.err.strip()).contains("'x' is not an integer");
  }
}
