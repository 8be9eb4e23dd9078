package dev.ponder.games.classic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.game.check.Playthroughs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Compares observation tensors with the OpenSpiel playthroughs through a decoder of its own, apart
 * from the shared replayer's ({@code PlaythroughReplayer}, which compares them too), so a fault in
 * one decoder does not pass unseen. Handles both printed forms: value lists ({@code = [..]}) and
 * 0/1 glyph blocks, where a {@code [C, H, W]} tensor prints H lines of C groups of W glyphs.
 */
class PlaythroughTensorsTest {
  private static final Pattern KEY = Pattern.compile("^ObservationTensor\\((\\d+)\\)(:| =)(.*)$");

  private static boolean glyphLine(String line) {
    String t = line.strip();
    if (t.isEmpty()) {
      return false;
    }
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c != '◉' && c != '◯' && c != ' ') {
        return false;
      }
    }
    return true;
  }

  private static float[] fromGlyphs(String glyphs, int[] shape) {
    int size = 1;
    for (int d : shape) {
      size *= d;
    }
    assertThat(glyphs.length()).isEqualTo(size);
    float[] out = new float[size];
    for (int i = 0; i < size; i++) {
      int index = i;
      if (shape.length == 3) {
        int c = shape[0];
        int h = shape[1];
        int w = shape[2];
        // text order (row, plane, column) -> tensor order (plane, row, column)
        int row = i / (c * w);
        int plane = (i / w) % c;
        int col = i % w;
        index = plane * h * w + row * w + col;
      }
      out[index] = glyphs.charAt(i) == '◉' ? 1f : 0f;
    }
    return out;
  }

  @ParameterizedTest
  @CsvSource({"nim.txt,nim", "mancala.txt,mancala", "gomoku.txt,gomoku", "dots_and_boxes.txt,dots_and_boxes",
      "amazons.txt,amazons", "2048.txt,2048"})
  void observationTensorsMatch(String file, String gameString) throws IOException {
    List<String> lines = Files.readAllLines(Playthroughs.file(file), StandardCharsets.UTF_8);
    Game game = GameRegistry.load(gameString);
    int[] shape = game.observationTensorShape();
    int size = 1;
    for (int d : shape) {
      size *= d;
    }
    State s = game.newInitialState();
    int compared = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.startsWith("action: ")) {
        s.applyAction(Integer.parseInt(line.substring(8).trim()));
        continue;
      }
      Matcher m = KEY.matcher(line);
      if (!m.matches()) {
        continue;
      }
      int player = Integer.parseInt(m.group(1));
      float[] expected;
      String rest = m.group(3).strip();
      if (m.group(2).equals(" =")) {
        String[] parts = rest.substring(1, rest.length() - 1).split(",");
        expected = new float[parts.length];
        for (int k = 0; k < parts.length; k++) {
          expected[k] = Float.parseFloat(parts[k].strip());
        }
      } else {
        StringBuilder glyphs = new StringBuilder(rest.replace(" ", ""));
        while (i + 1 < lines.size() && glyphLine(lines.get(i + 1))) {
          glyphs.append(lines.get(++i).replace(" ", ""));
        }
        expected = fromGlyphs(glyphs.toString(), shape);
      }
      float[] actual = new float[size];
      s.observationTensor(player, actual);
      assertThat(actual).as(file + " after [" + s.historyString() + "] player " + player).containsExactly(expected);
      compared++;
    }
    assertThat(compared).isGreaterThanOrEqualTo(4);
  }
}
