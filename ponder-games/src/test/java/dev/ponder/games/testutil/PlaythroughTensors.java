package dev.ponder.games.testutil;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.game.check.Playthroughs;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compares observation and information-state tensors with an OpenSpiel golden playthrough (the
 * replayer compares strings, not tensors). Understands the three printed forms: a grid of
 * {@code ◉/◯} with planes side by side separated by two spaces (C×H×W), a single row of
 * {@code ◉/◯}, and {@code binvec(n, 0x…)} (a big-endian bit string printed without leading zero
 * digits).
 */
public final class PlaythroughTensors {
  private static final Pattern HEADER = Pattern.compile("^(ObservationTensor|InformationStateTensor)\\((\\d+)\\):(.*)$");
  private static final Pattern BINVEC = Pattern.compile("binvec\\((\\d+), 0x([0-9a-fA-F]+)\\)");

  private PlaythroughTensors() {}

  /**
   * Replays the playthrough's actions and asserts every printed tensor equals Ponder's.
   *
   * @return number of tensors compared
   */
  public static int assertMatch(String file) throws IOException {
    List<String> lines = Files.readAllLines(Playthroughs.file(file), StandardCharsets.UTF_8);
    Game game = GameRegistry.load(lines.get(0).substring("game:".length()).trim());
    State s = null;
    int compared = 0;
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      if (l.startsWith("# State ")) {
        if (s == null) {
          s = game.newInitialState();
        }
        continue;
      }
      if (l.startsWith("action: ")) {
        s.applyAction(Integer.parseInt(l.substring(8).trim()));
        continue;
      }
      Matcher m = HEADER.matcher(l);
      if (s == null || !m.matches()) {
        continue;
      }
      boolean obs = m.group(1).equals("ObservationTensor");
      int player = Integer.parseInt(m.group(2));
      String inline = m.group(3).trim();
      float[] expected;
      if (!inline.isEmpty()) {
        expected = parseFlat(inline);
      } else {
        List<String> grid = new ArrayList<>();
        while (i + 1 < lines.size() && isGridLine(lines.get(i + 1))) {
          grid.add(lines.get(++i));
        }
        expected = parseGrid(grid);
      }
      int[] shape = obs ? game.observationTensorShape() : game.informationStateTensorShape();
      int size = 1;
      for (int d : shape) {
        size *= d;
      }
      float[] actual = new float[size];
      if (obs) {
        s.observationTensor(player, actual);
      } else {
        s.informationStateTensor(player, actual);
      }
      assertThat(actual).as("%s %s(%d) after %s", file, m.group(1), player, s.historyString())
          .containsExactly(expected);
      compared++;
    }
    return compared;
  }

  private static boolean isGridLine(String l) {
    return !l.isEmpty() && (l.charAt(0) == '◉' || l.charAt(0) == '◯');
  }

  private static float[] parseFlat(String text) {
    Matcher b = BINVEC.matcher(text);
    if (b.matches()) {
      int n = Integer.parseInt(b.group(1));
      BigInteger v = new BigInteger(b.group(2), 16);
      float[] out = new float[n];
      for (int i = 0; i < n; i++) {
        out[i] = v.testBit(n - 1 - i) ? 1f : 0f;
      }
      return out;
    }
    float[] out = new float[text.length()];
    for (int i = 0; i < text.length(); i++) {
      out[i] = text.charAt(i) == '◉' ? 1f : 0f;
    }
    return out;
  }

  private static float[] parseGrid(List<String> rows) {
    int h = rows.size();
    String[] first = rows.get(0).split("  ");
    int c = first.length;
    int w = first[0].length();
    float[] out = new float[c * h * w];
    for (int r = 0; r < h; r++) {
      String[] planes = rows.get(r).split("  ");
      for (int p = 0; p < c; p++) {
        for (int x = 0; x < w; x++) {
          out[p * h * w + r * w + x] = planes[p].charAt(x) == '◉' ? 1f : 0f;
        }
      }
    }
    return out;
  }
}
