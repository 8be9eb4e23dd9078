package dev.ponder.games.poker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks, state by state, the parts of an OpenSpiel playthrough that the shared replayer does not
 * cover for the poker and dice games: information-state and observation strings, both tensors
 * (values, in OpenSpiel's print layout), chance outcomes, legal actions and their strings, and
 * returns.
 */
final class OpenSpielStringsCheck {
  private static final Pattern KEY = Pattern.compile("^([A-Za-z]+)(\\((\\d+)\\))?(\\.[a-z_]+)?(:| =)(.*)$");

  private OpenSpielStringsCheck() {}

  static Path playthrough(String name) {
    return Path.of(System.getProperty("ponder.shared", "../../shared"), "reference", "openspiel", "playthroughs", name);
  }

  /** Replays {@code file} and returns the number of states checked. */
  static int check(String file, boolean observationStrings) throws IOException {
    List<String> lines = Files.readAllLines(playthrough(file), StandardCharsets.UTF_8);
    String gameString = lines.get(0).substring("game: ".length()).trim();
    Game game = GameRegistry.load(gameString);
    State state = game.newInitialState();
    int n = game.numPlayers();
    int states = 0;
    int i = 0;
    while (i < lines.size() && !lines.get(i).startsWith("# State ")) {
      i++;
    }
    while (i < lines.size()) {
      // one state block: from "# State k" to the next "# State" or end
      int end = i + 1;
      while (end < lines.size() && !lines.get(end).startsWith("# State ")) {
        end++;
      }
      List<String> block = lines.subList(i, end);
      String where = file + " " + lines.get(i);
      List<float[]> isTensor = new ArrayList<>();
      List<float[]> obsTensor = new ArrayList<>();
      for (int p = 0; p < n; p++) {
        isTensor.add(null);
        obsTensor.add(null);
      }
      Integer action = null;
      for (int j = 0; j < block.size(); j++) {
        String line = block.get(j);
        if (line.startsWith("action: ")) {
          action = Integer.parseInt(line.substring(8).trim());
          continue;
        }
        Matcher m = KEY.matcher(line);
        if (!m.matches()) {
          continue;
        }
        String key = m.group(1);
        int p = m.group(3) == null ? -1 : Integer.parseInt(m.group(3));
        String value = m.group(6).trim();
        switch (key) {
          case "InformationStateString":
            assertThat(state.informationStateString(p)).as(where + " " + key + "(" + p + ")").isEqualTo(unquote(value));
            break;
          case "ObservationString":
            if (observationStrings) {
              assertThat(state.observationString(p)).as(where + " " + key + "(" + p + ")").isEqualTo(unquote(value));
            }
            break;
          case "InformationStateTensor":
          case "ObservationTensor": {
            List<String> text = new ArrayList<>();
            text.add(value);
            int k = j + 1;
            while (k < block.size() && !KEY.matcher(block.get(k)).matches() && !block.get(k).isBlank()
                && !block.get(k).startsWith("#")) {
              text.add(block.get(k));
              k++;
            }
            float[] part = parseTensor(text);
            List<float[]> target = key.startsWith("Info") ? isTensor : obsTensor;
            target.set(p, concat(target.get(p), part));
            break;
          }
          case "CurrentPlayer":
            assertThat(state.currentPlayer()).as(where + " CurrentPlayer").isEqualTo(Integer.parseInt(value));
            break;
          case "LegalActions":
            assertThat(fmtInts(state.legalActions())).as(where + " LegalActions").isEqualTo(value);
            break;
          case "StringLegalActions": {
            StringBuilder sb = new StringBuilder("[");
            int[] legal = state.legalActions();
            for (int a = 0; a < legal.length; a++) {
              sb.append(a > 0 ? ", " : "").append('"').append(state.actionToString(state.currentPlayer(), legal[a])).append('"');
            }
            assertThat(sb.append(']').toString()).as(where + " StringLegalActions").isEqualTo(value);
            break;
          }
          case "ChanceOutcomes": {
            StringBuilder sb = new StringBuilder("[");
            var outcomes = state.chanceOutcomes();
            for (int a = 0; a < outcomes.size(); a++) {
              sb.append(a > 0 ? ", " : "").append('(').append(outcomes.get(a).action()).append(',')
                  .append(fmtDouble(outcomes.get(a).probability())).append(')');
            }
            assertThat(sb.append(']').toString()).as(where + " ChanceOutcomes").isEqualTo(value);
            break;
          }
          case "Returns": {
            StringBuilder sb = new StringBuilder("[");
            for (int q = 0; q < n; q++) {
              sb.append(q > 0 ? ", " : "").append(fmtDouble(state.playerReturn(q)));
            }
            assertThat(sb.append(']').toString()).as(where + " Returns").isEqualTo(value);
            break;
          }
          case "IsTerminal":
            assertThat(state.isTerminal()).as(where + " IsTerminal").isEqualTo(value.equals("True"));
            break;
          default:
            break;
        }
      }
      for (int p = 0; p < n; p++) {
        if (isTensor.get(p) != null) {
          float[] mine = new float[game.informationStateTensorShape()[0]];
          state.informationStateTensor(p, mine);
          assertThat(mine).as(where + " InformationStateTensor(" + p + ")").containsExactly(isTensor.get(p));
        }
        if (obsTensor.get(p) != null) {
          float[] mine = new float[game.observationTensorShape()[0]];
          state.observationTensor(p, mine);
          assertThat(mine).as(where + " ObservationTensor(" + p + ")").containsExactly(obsTensor.get(p));
        }
      }
      states++;
      if (action != null) {
        state.applyAction(action);
      }
      i = end;
    }
    return states;
  }

  private static String unquote(String v) {
    return v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
  }

  private static float[] concat(float[] a, float[] b) {
    if (a == null) {
      return b;
    }
    float[] r = new float[a.length + b.length];
    System.arraycopy(a, 0, r, 0, a.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  /**
   * OpenSpiel prints a tensor component as ◉/◯ cells (rows on separate lines; for rank-3
   * tensors the outer index is a group of cells separated by two spaces) or as {@code [x, y]}.
   */
  static float[] parseTensor(List<String> text) {
    String first = text.get(0).trim();
    if (first.startsWith("[")) {
      String body = first.substring(1, first.length() - 1);
      String[] parts = body.split(",");
      float[] r = new float[parts.length];
      for (int i = 0; i < parts.length; i++) {
        r[i] = Float.parseFloat(parts[i].trim());
      }
      return r;
    }
    List<String[]> rows = new ArrayList<>();
    for (String t : text) {
      if (!t.trim().isEmpty()) {
        rows.add(t.trim().split(" {2}"));
      }
    }
    int groups = rows.get(0).length;
    List<Float> values = new ArrayList<>();
    for (int g = 0; g < groups; g++) {
      for (String[] row : rows) {
        for (char c : row[g].toCharArray()) {
          if (c == '◉') {
            values.add(1f);
          } else if (c == '◯') {
            values.add(0f);
          }
        }
      }
    }
    float[] r = new float[values.size()];
    for (int i = 0; i < r.length; i++) {
      r[i] = values.get(i);
    }
    return r;
  }

  private static String fmtInts(int[] a) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < a.length; i++) {
      sb.append(i > 0 ? ", " : "").append(a[i]);
    }
    return sb.append(']').toString();
  }

  /** OpenSpiel's playthrough number format: up to 6 significant digits, integers bare. */
  static String fmtDouble(double v) {
    if (v == Math.rint(v)) {
      return Long.toString((long) v);
    }
    String s = String.format(Locale.ROOT, "%.6g", v);
    if (s.contains("e")) {
      return s;
    }
    s = s.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }
}
