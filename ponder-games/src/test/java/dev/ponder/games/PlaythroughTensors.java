package dev.ponder.games;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.game.check.Playthroughs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Compares the observation and information-state tensors of a golden playthrough (which the
 * shared replayer does not compare) along its trajectory. Understands OpenSpiel's three renderings:
 * {@code = [1.0, 0.0, ...]}, {@code : ◉◯◯◉} and {@code : binvec(n, 0x...)} / {@code : zeros(n)}.
 */
public final class PlaythroughTensors {
  private PlaythroughTensors() {}

  /** Differences found (empty when every tensor matches) and the number of tensors compared. */
  public record Result(List<String> differences, int compared) {}

  public static Result compare(String file) throws IOException {
    List<String> lines = Files.readAllLines(Playthroughs.file(file), StandardCharsets.UTF_8);
    Game game = GameRegistry.load(lines.get(0).substring("game:".length()).trim());
    State s = game.newInitialState();
    List<String> diffs = new ArrayList<>();
    int compared = 0;
    int state = 0;
    for (String line : lines) {
      if (line.startsWith("# State ")) {
        state = Integer.parseInt(line.substring(8).trim());
      } else if (line.startsWith("action: ")) {
        s.applyAction(Integer.parseInt(line.substring(8).trim()));
      } else if (line.startsWith("ObservationTensor(") || line.startsWith("InformationStateTensor(")) {
        boolean obs = line.startsWith("Obs");
        int player = Integer.parseInt(line.substring(line.indexOf('(') + 1, line.indexOf(')')));
        int[] shape = obs ? game.observationTensorShape() : game.informationStateTensorShape();
        float[] got = new float[Arrays.stream(shape).reduce(1, (a, b) -> a * b)];
        if (obs) {
          s.observationTensor(player, got);
        } else {
          s.informationStateTensor(player, got);
        }
        float[] expected = parse(line.substring(line.indexOf(')') + 1));
        compared++;
        if (!Arrays.equals(expected, got)) {
          diffs.add("state " + state + " " + line.substring(0, line.indexOf(')') + 1) + ": expected "
              + Arrays.toString(expected) + " but was " + Arrays.toString(got));
        }
      }
    }
    return new Result(diffs, compared);
  }

  private static float[] parse(String rest) {
    if (rest.startsWith(": zeros(")) {
      return new float[Integer.parseInt(rest.substring(8, rest.length() - 1))];
    }
    if (rest.startsWith(": binvec(")) {
      String b = rest.substring(9, rest.length() - 1);
      int n = Integer.parseInt(b.substring(0, b.indexOf(',')).trim());
      String hex = b.substring(b.indexOf("0x") + 2);
      float[] out = new float[n];
      for (int i = 0; i < n; i++) {
        out[i] = (Character.digit(hex.charAt(i / 4), 16) >> (3 - i % 4)) & 1;
      }
      return out;
    }
    if (rest.startsWith(": ")) {
      String b = rest.substring(2).trim();
      float[] out = new float[b.length()];
      for (int i = 0; i < b.length(); i++) {
        out[i] = b.charAt(i) == '\u25c9' ? 1f : 0f;
      }
      return out;
    }
    String b = rest.substring(rest.indexOf('[') + 1, rest.lastIndexOf(']'));
    String[] parts = b.split(",");
    float[] out = new float[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = Float.parseFloat(parts[i].trim());
    }
    return out;
  }
}
