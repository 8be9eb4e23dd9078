package dev.ponder.games;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Minimal playthrough replayer used while the shared one is not available. */
public final class ScratchReplay {
  private ScratchReplay() {}

  public static int checks;

  static String unq(String s) {
    s = s.trim();
    if (s.startsWith("\"")) {
      s = s.substring(1, s.length() - 1);
    }
    return s.replace("\\n", "\n").replace("\\\"", "\"");
  }

  public static List<String> replay(String file) throws Exception {
    Path p = Path.of(System.getProperty("ponder.shared", "../shared"), "reference/openspiel/playthroughs", file);
    List<String> lines = Files.readAllLines(p);
    String gameString = lines.get(0).substring("game: ".length());
    Game game = GameRegistry.load(gameString);
    State s = game.newInitialState();
    List<String> errors = new ArrayList<>();
    int stateNo = 0;
    for (String line : lines) {
      if (errors.size() > 20) {
        break;
      }
      String where = "state " + stateNo + ": ";
      checks++;
      if (line.startsWith("# State ")) {
        stateNo = Integer.parseInt(line.substring(8).trim());
      } else if (line.startsWith("CurrentPlayer() = ")) {
        int cp = Integer.parseInt(line.substring(18).trim());
        if (cp != s.currentPlayer()) {
          errors.add(where + "current player " + s.currentPlayer() + " expected " + cp);
        }
      } else if (line.startsWith("LegalActions() = [")) {
        String body = line.substring(18, line.length() - 1).trim();
        int[] exp = body.isEmpty() ? new int[0] : Arrays.stream(body.split(",")).mapToInt(x -> Integer.parseInt(x.trim())).toArray();
        int[] got = s.legalActions();
        if (!Arrays.equals(exp, got)) {
          errors.add(where + "legal " + Arrays.toString(got) + "\n expected " + Arrays.toString(exp));
        }
      } else if (line.startsWith("StringLegalActions() = [")) {
        String body = line.substring(24, line.length() - 1);
        int[] got = s.legalActions();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < got.length; i++) {
          sb.append(i > 0 ? ", " : "").append('"').append(s.actionToString(s.currentPlayer(), got[i])).append('"');
        }
        if (!sb.toString().equals(body)) {
          errors.add(where + "strings " + sb + "\n expected " + body);
        }
      } else if (line.startsWith("ObservationString(") || line.startsWith("InformationStateString(")) {
        boolean obs = line.startsWith("Obs");
        int open = line.indexOf('(');
        int pl = Integer.parseInt(line.substring(open + 1, line.indexOf(')')));
        String exp = unq(line.substring(line.indexOf(" = ") + 3));
        String got = obs ? s.observationString(pl) : s.informationStateString(pl);
        if (!exp.equals(got)) {
          errors.add(where + (obs ? "obs" : "info") + "(" + pl + ")\n" + got + "\n expected\n" + exp);
        }
      } else if (line.startsWith("Returns() = [")) {
        String body = line.substring(13, line.length() - 1);
        double[] exp = Arrays.stream(body.split(",")).mapToDouble(x -> Double.parseDouble(x.trim())).toArray();
        double[] got = s.returns();
        for (int i = 0; i < exp.length; i++) {
          if (Math.abs(exp[i] - got[i]) > 1e-6) {
            errors.add(where + "returns " + Arrays.toString(got) + " expected " + body);
            break;
          }
        }
      } else if (line.startsWith("ObservationTensor(") || line.startsWith("InformationStateTensor(")) {
        boolean obs = line.startsWith("Obs");
        int pl = Integer.parseInt(line.substring(line.indexOf('(') + 1, line.indexOf(')')));
        int[] shape = obs ? game.observationTensorShape() : game.informationStateTensorShape();
        int size = 1;
        for (int d : shape) {
          size *= d;
        }
        float[] t = new float[size];
        try {
          if (obs) {
            s.observationTensor(pl, t);
          } else {
            s.informationStateTensor(pl, t);
          }
        } catch (UnsupportedOperationException e) {
          errors.add(where + "no tensor " + line.substring(0, 30));
          continue;
        }
        String rest = line.substring(line.indexOf(')') + 1);
        float[] exp;
        if (rest.startsWith(": zeros(")) {
          exp = new float[Integer.parseInt(rest.substring(8, rest.length() - 1))];
        } else if (rest.startsWith(": binvec(")) {
          String b = rest.substring(9, rest.length() - 1);
          int n = Integer.parseInt(b.substring(0, b.indexOf(',')));
          String hex = b.substring(b.indexOf("0x") + 2);
          exp = new float[n];
          for (int i = 0; i < n; i++) {
            int digit = Character.digit(hex.charAt(i / 4), 16);
            exp[i] = ((digit >> (3 - i % 4)) & 1);
          }
        } else if (rest.startsWith(": ")) {
          String b = rest.substring(2).trim();
          exp = new float[b.length()];
          for (int i = 0; i < b.length(); i++) {
            exp[i] = b.charAt(i) == '\u25c9' ? 1f : 0f;
          }
        } else {
          String b = rest.substring(rest.indexOf('[') + 1, rest.lastIndexOf(']'));
          String[] parts = b.split(",");
          exp = new float[parts.length];
          for (int i = 0; i < parts.length; i++) {
            exp[i] = Float.parseFloat(parts[i].trim());
          }
        }
        if (!Arrays.equals(exp, t)) {
          errors.add(where + (obs ? "obs" : "info") + " tensor(" + pl + ") " + Arrays.toString(t) + "\n expected " + Arrays.toString(exp));
        }
      } else if (line.startsWith("action: ")) {
        s.applyAction(Integer.parseInt(line.substring(8).trim()));
      }
    }
    return errors;
  }
}
