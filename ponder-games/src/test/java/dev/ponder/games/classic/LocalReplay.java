package dev.ponder.games.classic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.ChanceOutcome;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;

/** Temporary playthrough checker used while developing; the shared replayer supersedes it. */
final class LocalReplay {
  private LocalReplay() {}

  static Path file(String name) {
    return Path.of(System.getProperty("ponder.shared", "../../shared"), "reference", "openspiel", "playthroughs", name);
  }

  static String unquote(String s) {
    s = s.trim();
    if (!s.startsWith("\"")) {
      return s;
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 1; i < s.length() - 1; i++) {
      char c = s.charAt(i);
      if (c == '\\') {
        char n = s.charAt(++i);
        sb.append(n == 'n' ? '\n' : n);
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  static String fmt(double v) {
    if (v == Math.rint(v)) {
      return Long.toString((long) v);
    }
    return Double.toString(v);
  }

  static int replay(String fileName, String gameString) throws IOException {
    List<String> lines = Files.readAllLines(file(fileName));
    Game game = GameRegistry.load(gameString);
    State s = game.newInitialState();
    int checked = 0;
    for (String line : lines) {
      int eq = line.indexOf(" = ");
      if (line.startsWith("action: ")) {
        int a = Integer.parseInt(line.substring(8).trim());
        s.applyAction(a);
        continue;
      }
      if (eq < 0 || line.startsWith("#") || line.startsWith("GameType") ) {
        continue;
      }
      String key = line.substring(0, eq);
      String value = line.substring(eq + 3);
      String ctx = fileName + " after " + s.historyString() + " key " + key;
      switch (key) {
        case "NumDistinctActions()":
          assertThat(game.numDistinctActions()).as(ctx).isEqualTo(Integer.parseInt(value));
          break;
        case "MaxChanceOutcomes()":
          assertThat(game.maxChanceOutcomes()).as(ctx).isEqualTo(Integer.parseInt(value));
          break;
        case "MaxGameLength()":
          assertThat(game.maxGameLength()).as(ctx).isEqualTo(Integer.parseInt(value));
          break;
        case "MinUtility()":
          assertThat(game.minUtility()).as(ctx).isEqualTo(Double.parseDouble(value));
          break;
        case "MaxUtility()":
          assertThat(game.maxUtility()).as(ctx).isEqualTo(Double.parseDouble(value));
          break;
        case "GetParameters()":
          assertThat(game.params().toOpenSpielParameters()).as(ctx).isEqualTo(value);
          break;
        case "CurrentPlayer()":
          assertThat(s.currentPlayer()).as(ctx).isEqualTo(Integer.parseInt(value));
          break;
        case "IsTerminal()":
          assertThat(s.isTerminal()).as(ctx).isEqualTo(value.equals("True"));
          break;
        case "IsChanceNode()":
          assertThat(s.isChanceNode()).as(ctx).isEqualTo(value.equals("True"));
          break;
        case "HistoryString()":
          assertThat(s.historyString()).as(ctx).isEqualTo(unquote(value));
          break;
        case "LegalActions()":
          assertThat(Arrays.toString(s.legalActions())).as(ctx).isEqualTo(value);
          break;
        case "StringLegalActions()": {
          StringJoiner j = new StringJoiner(", ", "[", "]");
          for (int a : s.legalActions()) {
            j.add("\"" + s.actionToString(s.currentPlayer(), a) + "\"");
          }
          assertThat(j.toString()).as(ctx).isEqualTo(value);
          break;
        }
        case "Rewards()":
        case "Returns()": {
          double[] r = key.startsWith("Rew") ? s.rewards() : s.returns();
          StringJoiner j = new StringJoiner(", ", "[", "]");
          for (double v : r) {
            j.add(fmt(v));
          }
          assertThat(j.toString()).as(ctx).isEqualTo(value);
          break;
        }
        case "ChanceOutcomes()": {
          List<ChanceOutcome> co = s.chanceOutcomes();
          String[] parts = value.substring(1, value.length() - 1).split("\\), \\(");
          assertThat(co).as(ctx).hasSize(parts.length);
          for (int i = 0; i < parts.length; i++) {
            String[] ap = parts[i].replace("(", "").replace(")", "").split(",");
            assertThat(co.get(i).action()).as(ctx).isEqualTo(Integer.parseInt(ap[0]));
            assertThat(co.get(i).probability()).as(ctx).isCloseTo(Double.parseDouble(ap[1]), org.assertj.core.data.Offset.offset(1e-6));
          }
          break;
        }
        default:
          if (key.startsWith("ObservationString(")) {
            int p = Integer.parseInt(key.substring(18, key.length() - 1));
            assertThat(s.observationString(p)).as(ctx).isEqualTo(unquote(value));
          } else if (key.startsWith("InformationStateString(")) {
            int p = Integer.parseInt(key.substring(23, key.length() - 1));
            assertThat(s.informationStateString(p)).as(ctx).isEqualTo(unquote(value));
          } else if (key.startsWith("ObservationTensor(") && value.startsWith("[")) {
            int p = Integer.parseInt(key.substring(18, key.length() - 1));
            float[] t = new float[value.split(",").length];
            s.observationTensor(p, t);
            StringJoiner j = new StringJoiner(", ", "[", "]");
            for (float f : t) {
              j.add(Float.toString(f));
            }
            assertThat(j.toString()).as(ctx).isEqualTo(value);
          } else {
            continue;
          }
      }
      checked++;
    }
    return checked;
  }
}
