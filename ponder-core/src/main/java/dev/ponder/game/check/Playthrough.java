package dev.ponder.game.check;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A parsed OpenSpiel golden playthrough: the game string, the header fields and, state by state,
 * the printed fields and the action applied next.
 *
 * <p>Format (OpenSpiel's {@code integration_tests/playthroughs}): a first line {@code game:
 * <game string>}; header lines {@code Key = value} ({@code NumDistinctActions() = 9},
 * {@code GameType.utility = Utility.ZERO_SUM}); then for each state a line {@code # State k},
 * comment lines {@code # ...} drawing the state, field lines {@code Name(args) = value}, and,
 * unless it is the last state, {@code # Apply action "text"} followed by {@code action: N}. A tensor
 * drawn in OpenSpiel's binary notation ({@code ObservationTensor(0):} followed by rows of ◉ (1) and
 * ◯ (0), planes side by side, {@code binvec(n, 0x...)} or {@code zeros(n)} for long rows) is one
 * field whose value is the drawing after the colon, its lines joined by newlines; other lines
 * without {@code " = "} are skipped. States may be abbreviated to their action.
 */
public final class Playthrough {

  /**
   * One recorded state.
   *
   * @param index the state's number k from {@code # State k} (0-based, consecutive)
   * @param line 1-based line number of the {@code # State k} line
   * @param fields raw printed values by key ({@code CurrentPlayer()}, {@code
   *     InformationStateString(0)}), in file order
   * @param actionText text of {@code # Apply action "..."} (unquoted), or null for the last state
   * @param action the action applied next, or -1 for the last state
   */
  public record StateRecord(int index, int line, Map<String, String> fields, String actionText, int action) {
    /** Keeps an unmodifiable copy of {@code fields}, in its iteration order. */
    public StateRecord {
      fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /** Whether an action is applied after this state (false for the last state). */
    public boolean hasAction() {
      return actionText != null;
    }
  }

  private final String source;
  private final String gameString;
  private final Map<String, String> header;
  private final List<StateRecord> states;

  private Playthrough(String source, String gameString, Map<String, String> header, List<StateRecord> states) {
    this.source = source;
    this.gameString = gameString;
    this.header = Collections.unmodifiableMap(header);
    this.states = List.copyOf(states);
  }

  /** Name of the file (or other source) the playthrough came from, for messages. */
  public String source() {
    return source;
  }

  /** The game string from the {@code game:} line, e.g. {@code pig(players=3,horizon=10,winscore=10)}. */
  public String gameString() {
    return gameString;
  }

  /** Header fields by key ({@code MaxGameLength()}, {@code GameType.utility}), raw values. */
  public Map<String, String> header() {
    return header;
  }

  /** The recorded states in order. */
  public List<StateRecord> states() {
    return states;
  }

  /**
   * Reads and parses a playthrough file (UTF-8).
   *
   * @throws PlaythroughFormatException if the file cannot be read or is malformed
   */
  public static Playthrough read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      throw new PlaythroughFormatException("cannot read playthrough " + file + ": " + e.getMessage(), e);
    }
    return parse(file.getFileName().toString(), text);
  }

  /**
   * Parses playthrough text.
   *
   * @param source name used in messages
   * @throws PlaythroughFormatException if the text is malformed
   */
  public static Playthrough parse(String source, String text) {
    String[] lines = text.split("\r?\n", -1);
    int i = 0;
    while (i < lines.length && lines[i].isBlank()) {
      i++;
    }
    if (i == lines.length || !lines[i].startsWith("game:")) {
      throw new PlaythroughFormatException(source + ": not a playthrough: the first line must be 'game: <game string>'");
    }
    String gameString = lines[i].substring("game:".length()).trim();
    if (gameString.isEmpty()) {
      throw new PlaythroughFormatException(source + ":" + (i + 1) + ": empty game string");
    }
    i++;
    Map<String, String> header = new LinkedHashMap<>();
    for (; i < lines.length && !lines[i].startsWith("# State "); i++) {
      putField(header, lines[i]);
    }
    List<StateRecord> states = new ArrayList<>();
    while (i < lines.length) {
      String stateLine = lines[i];
      int lineNo = i + 1;
      int index;
      try {
        index = dev.ponder.spec.ParamSpec.asciiInt(stateLine.substring("# State ".length()).trim());
      } catch (NumberFormatException e) {
        throw new PlaythroughFormatException(source + ":" + lineNo + ": malformed state line '" + stateLine + "'");
      }
      if (index != states.size()) {
        throw new PlaythroughFormatException(source + ":" + lineNo + ": expected '# State " + states.size() + "' but found '" + stateLine + "'");
      }
      i++;
      Map<String, String> fields = new LinkedHashMap<>();
      String actionText = null;
      int action = -1;
      for (; i < lines.length && !lines[i].startsWith("# State "); i++) {
        String l = lines[i];
        if (l.startsWith("# Apply action ")) {
          if (actionText != null) {
            throw new PlaythroughFormatException(source + ":" + (i + 1) + ": two actions after state " + index);
          }
          String q = l.substring("# Apply action ".length()).trim();
          actionText = q.length() >= 2 && q.startsWith("\"") && q.endsWith("\"") ? unescape(q.substring(1, q.length() - 1)) : q;
          continue;
        }
        if (l.startsWith("action:")) {
          if (actionText == null || action >= 0) {
            throw new PlaythroughFormatException(source + ":" + (i + 1) + ": 'action:' without a preceding '# Apply action'");
          }
          try {
            action = dev.ponder.spec.ParamSpec.asciiInt(l.substring("action:".length()).trim());
          } catch (NumberFormatException e) {
            throw new PlaythroughFormatException(source + ":" + (i + 1) + ": malformed action line '" + l + "'");
          }
          if (action < 0) {
            throw new PlaythroughFormatException(source + ":" + (i + 1) + ": negative action in '" + l + "'");
          }
          continue;
        }
        if (l.startsWith("#")) {
          continue; // drawing of the state
        }
        if (actionText != null) {
          if (!l.isBlank()) {
            throw new PlaythroughFormatException(source + ":" + (i + 1) + ": field after the action of state " + index + ": '" + l + "'");
          }
          continue;
        }
        Matcher tensor = TENSOR_LABEL.matcher(l);
        if (tensor.matches()) {
          // a drawn tensor: the rest of the label line, then its continuation lines
          StringBuilder drawing = new StringBuilder(tensor.group(2) == null ? "" : tensor.group(2));
          while (i + 1 < lines.length && isTensorContinuation(lines[i + 1])) {
            drawing.append('\n').append(lines[++i]);
          }
          fields.put(tensor.group(1), drawing.toString().strip());
          continue;
        }
        putField(fields, l);
      }
      if (actionText != null && action < 0) {
        throw new PlaythroughFormatException(source + (i == lines.length ? ": incomplete playthrough: the '# Apply action' of state "
            + index + " has no 'action: N' line" : ": state " + index + ": '# Apply action' without 'action: N'"));
      }
      states.add(new StateRecord(index, lineNo, fields, actionText, action));
    }
    if (states.isEmpty()) {
      throw new PlaythroughFormatException(source + ": no '# State 0' line");
    }
    for (int k = 0; k < states.size() - 1; k++) {
      if (!states.get(k).hasAction()) {
        throw new PlaythroughFormatException(source + ":" + states.get(k).line() + ": state " + k + " has no action but is not the last state");
      }
    }
    if (states.get(states.size() - 1).hasAction()) {
      throw new PlaythroughFormatException(source + ": incomplete playthrough: it stops after the action of state "
          + (states.size() - 1) + ", before state " + states.size());
    }
    return new Playthrough(source, gameString, header, states);
  }

  /**
   * The label line of a tensor drawn in OpenSpiel's binary notation: {@code ObservationTensor(0):}
   * (rows follow) or {@code ObservationTensor(0).player: ◉◯} (one row on the line). A tensor with
   * other values is one field, {@code ObservationTensor(0) = [0.0, 2.0, ...]}.
   */
  private static final Pattern TENSOR_LABEL =
      Pattern.compile("((?:InformationState|Observation)Tensor\\(\\d+\\)(?:\\.[A-Za-z0-9_]+)?):(?: (.*))?");

  /** A line of a tensor drawing: blank (between groups of planes), indented, or a row of ◉/◯, binvec(...), zeros(...). */
  private static boolean isTensorContinuation(String line) {
    return line.isBlank() || line.startsWith(" ") || line.startsWith("\u25c9") || line.startsWith("\u25ef")
        || line.startsWith("binvec(") || line.startsWith("zeros(");
  }

  private static void putField(Map<String, String> into, String line) {
    int eq = line.indexOf(" = ");
    if (eq <= 0 || line.startsWith(" ")) {
      return; // blank line, tensor drawing or its continuation
    }
    into.put(line.substring(0, eq).trim(), line.substring(eq + 3).trim());
  }

  /** Undoes C-style escapes ({@code \n}, {@code \t}, {@code \\}, {@code \"}, {@code \'}). */
  static String unescape(String s) {
    if (s.indexOf('\\') < 0) {
      return s;
    }
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\' || i + 1 == s.length()) {
        sb.append(c);
        continue;
      }
      char n = s.charAt(++i);
      switch (n) {
        case 'n':
          sb.append('\n');
          break;
        case 't':
          sb.append('\t');
          break;
        case 'r':
          sb.append('\r');
          break;
        default:
          sb.append(n);
      }
    }
    return sb.toString();
  }
}
