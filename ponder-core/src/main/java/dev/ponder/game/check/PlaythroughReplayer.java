package dev.ponder.game.check;

import dev.ponder.game.ChanceOutcome;
import dev.ponder.game.Game;
import dev.ponder.game.GameFactory;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.Spec;
import dev.ponder.spec.SpecException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replays an OpenSpiel golden {@link Playthrough} against the game of the same name in
 * {@link GameRegistry} and reports the first difference.
 *
 * <p>Header: {@code GameType.short_name}, {@code chance_mode}, {@code information}, {@code
 * utility}, {@code reward_model}, {@code NumDistinctActions()}, {@code MaxChanceOutcomes()},
 * {@code GetParameters()} (every parameter with its default), {@code NumPlayers()}, {@code
 * MinUtility()}, {@code MaxUtility()}, {@code UtilitySum()} ({@code None} = general-sum), {@code
 * MaxGameLength()} (OpenSpiel counts decisions only: compared with {@link Game#maxDecisions()})
 * and {@code ToString()} (compared as game strings: parameter order is
 * irrelevant and {@code name()} equals {@code name}).
 *
 * <p>Per state, in file order: {@code IsTerminal}, {@code IsChanceNode}, {@code
 * IsSimultaneousNode} (always false in Ponder), {@code CurrentPlayer}, {@code History}, {@code
 * HistoryString}, {@code ChanceOutcomes}, {@code LegalActions}, {@code StringLegalActions},
 * {@code Rewards}, {@code Returns}, and, when enabled, {@code InformationStateString(p)} and
 * {@code ObservationString(p)}; then the text of the applied action, and the action itself must
 * be legal. Tensors and factored observation strings are not compared.
 *
 * <p>Numbers: OpenSpiel prints state values with 6 significant digits ({@code %g}) and header
 * utilities with 4; a number matches when it rounds to the printed value at that precision.
 *
 * <p>Completeness: before replaying, the playthrough must be complete ({@link #incompleteness}:
 * every header field OpenSpiel always writes, a terminal last state with a whole {@code
 * Returns()} line and a {@code History()} listing the applied actions), unless {@link
 * #requireComplete} is off; a file cut short would otherwise "replay exactly" as far as it goes.
 */
public final class PlaythroughReplayer {
  /** Games whose information-state and observation strings must match OpenSpiel's. */
  public static final Set<String> STRING_COMPATIBLE_GAMES = Set.of("kuhn_poker", "leduc_poker", "liars_dice");

  private static final Pattern OUTCOME = Pattern.compile("\\(\\s*(-?\\d+)\\s*,\\s*([^)\\s]+)\\s*\\)");
  private static final Pattern PLAYER_ARG = Pattern.compile("\\((\\d+)\\)");

  private Boolean checkStrings;
  private boolean requireComplete = true;

  /**
   * Whether to compare {@code InformationStateString(p)} and {@code ObservationString(p)}; by
   * default only for {@link #STRING_COMPATIBLE_GAMES}.
   */
  public PlaythroughReplayer checkInformationStrings(boolean check) {
    this.checkStrings = check;
    return this;
  }

  /**
   * Whether {@link #replay} refuses an incomplete playthrough ({@link #incompleteness}); true by
   * default. {@code false} replays a hand-written prefix of a match (a test's toy playthrough).
   */
  public PlaythroughReplayer requireComplete(boolean require) {
    this.requireComplete = require;
    return this;
  }

  /**
   * Header fields OpenSpiel's playthrough generator writes for every game, in its order; a
   * playthrough without one of them is incomplete. (The tensor shape fields are written only for
   * games with tensors and are not required.)
   */
  public static final List<String> REQUIRED_HEADER = List.of("GameType.chance_mode", "GameType.dynamics",
      "GameType.information", "GameType.long_name", "GameType.max_num_players", "GameType.min_num_players",
      "GameType.parameter_specification", "GameType.provides_information_state_string",
      "GameType.provides_information_state_tensor", "GameType.provides_observation_string",
      "GameType.provides_observation_tensor", "GameType.provides_factored_observation_string",
      "GameType.reward_model", "GameType.short_name", "GameType.utility", "NumDistinctActions()",
      "PolicyTensorShape()", "MaxChanceOutcomes()", "GetParameters()", "NumPlayers()", "MinUtility()",
      "MaxUtility()", "UtilitySum()", "MaxGameLength()", "ToString()");

  /** Fields every displayed state has, the terminal one included; {@code Returns()} is a terminal state's last. */
  private static final List<String> REQUIRED_LAST_STATE = List.of("IsTerminal()", "History()", "CurrentPlayer()", "Returns()");

  /**
   * What a playthrough lacks, or null if it is complete. OpenSpiel's generator writes every
   * {@link #REQUIRED_HEADER} field and plays to a terminal state, whose record ends with {@code
   * Returns()}, and whose {@code History()} declares the whole action sequence; a file cut short
   * ({@code head -c}) or with a header line removed fails one of these checks.
   *
   * @return one line naming what is missing (several findings joined by "; "), or null
   */
  public static String incompleteness(Playthrough playthrough) {
    List<String> problems = new ArrayList<>();
    List<String> missingHeader = new ArrayList<>();
    for (String key : REQUIRED_HEADER) {
      if (!playthrough.header().containsKey(key)) {
        missingHeader.add(key);
      }
    }
    if (missingHeader.size() == REQUIRED_HEADER.size()) {
      problems.add("the header is missing (no 'Key = value' lines such as 'MaxGameLength() = 9' before '# State 0')");
    } else if (!missingHeader.isEmpty()) {
      problems.add("the header lacks " + String.join(", ", missingHeader));
    }
    List<Playthrough.StateRecord> states = playthrough.states();
    Playthrough.StateRecord last = states.get(states.size() - 1);
    int k = last.index();
    Map<String, String> f = last.fields();
    String terminal = f.get("IsTerminal()");
    if (terminal != null && !terminal.equals("True")) {
      problems.add("it stops at state " + k + ", which is not terminal (IsTerminal() = " + terminal
          + "); the rest of the match is missing");
    } else {
      List<String> missing = new ArrayList<>();
      for (String key : REQUIRED_LAST_STATE) {
        if (!f.containsKey(key)) {
          missing.add(key);
        }
      }
      String returns = f.get("Returns()");
      String history = f.get("History()");
      if (!missing.isEmpty()) {
        problems.add("the last state (" + k + ") lacks " + String.join(", ", missing));
      } else if (!returns.endsWith("]")) {
        problems.add("the last state (" + k + ") has a cut Returns() line: '" + returns + "'");
      } else if (!history.startsWith("[") || !history.endsWith("]")) {
        problems.add("the last state (" + k + ") has a cut History() line: '" + history + "'");
      } else {
        String inner = history.substring(1, history.length() - 1).trim();
        int declared = inner.isEmpty() ? 0 : inner.split(",").length;
        if (declared != states.size() - 1) {
          problems.add("the last state (" + k + ") declares " + declared + " actions in History() but the file applies "
              + (states.size() - 1));
        }
      }
    }
    return problems.isEmpty() ? null : String.join("; ", problems);
  }

  /**
   * Replays {@code playthrough}.
   *
   * @throws SpecException if the game string names an unknown game or parameter (checked first)
   * @throws PlaythroughFormatException if the playthrough is incomplete ({@link #incompleteness})
   *     and {@link #requireComplete} is on: {@code source: incomplete playthrough: what is missing}
   */
  public ReplayResult replay(Playthrough playthrough) {
    Game game = GameRegistry.load(playthrough.gameString());
    String incomplete = requireComplete ? incompleteness(playthrough) : null;
    if (incomplete != null) {
      throw new PlaythroughFormatException(playthrough.source() + ": incomplete playthrough: " + incomplete);
    }
    return new Run(playthrough, game, checkStrings != null ? checkStrings : STRING_COMPATIBLE_GAMES.contains(game.name())).run();
  }

  /** Thrown internally to stop at the first difference. */
  private static final class Mismatch extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient ReplayResult.Difference difference;

    Mismatch(ReplayResult.Difference difference) {
      super(null, null, false, false);
      this.difference = difference;
    }
  }

  private static final class Run {
    private final Playthrough pt;
    private final Game game;
    private final boolean strings;
    private int stateIndex = -1;
    private int states;
    private int fields;

    Run(Playthrough pt, Game game, boolean strings) {
      this.pt = pt;
      this.game = game;
      this.strings = strings;
    }

    ReplayResult run() {
      try {
        checkHeader();
        State s = game.newInitialState();
        List<Playthrough.StateRecord> records = pt.states();
        for (Playthrough.StateRecord r : records) {
          stateIndex = r.index();
          states++;
          for (Map.Entry<String, String> f : r.fields().entrySet()) {
            checkField(s, f.getKey(), f.getValue());
          }
          if (r.hasAction()) {
            applyRecorded(s, r);
          }
        }
      } catch (Mismatch m) {
        return new ReplayResult(pt.source(), pt.gameString(), states, fields, m.difference);
      }
      return new ReplayResult(pt.source(), pt.gameString(), states, fields, null);
    }

    private Mismatch mismatch(String field, String expected, String actual) {
      return new Mismatch(new ReplayResult.Difference(stateIndex, field, expected, actual));
    }

    private void applyRecorded(State s, Playthrough.StateRecord r) {
      int a = r.action();
      fields++;
      String text;
      try {
        if (!s.isLegal(a)) {
          throw mismatch("action", a + " (\"" + r.actionText() + "\") legal", "illegal; legal actions: " + intList(s.legalActions()));
        }
        text = s.actionToString(s.currentPlayer(), a);
      } catch (Mismatch m) {
        throw m;
      } catch (RuntimeException e) {
        throw mismatch("action " + a, "\"" + r.actionText() + "\"", thrown(e));
      }
      if (!text.equals(r.actionText())) {
        throw mismatch("ActionToString(" + a + ")", quote(r.actionText()), quote(text));
      }
      try {
        s.applyAction(a);
      } catch (RuntimeException e) {
        throw mismatch("ApplyAction(" + a + ")", "applied", thrown(e));
      }
    }

    // ---------------------------------------------------------------- header

    private void checkHeader() {
      GameType t = game.type();
      for (Map.Entry<String, String> e : pt.header().entrySet()) {
        String key = e.getKey();
        String exp = e.getValue();
        switch (key) {
          case "GameType.short_name":
            compareText(key, unquote(exp), t.shortName());
            break;
          case "GameType.chance_mode":
            compareText(key, enumName(exp), t.chanceMode().name());
            break;
          case "GameType.information":
            compareText(key, enumName(exp), t.information().name());
            break;
          case "GameType.utility":
            compareText(key, enumName(exp), t.utility().name());
            break;
          case "GameType.reward_model":
            compareText(key, enumName(exp), t.rewardModel().name());
            break;
          case "NumDistinctActions()":
            compareInt(key, exp, () -> game.numDistinctActions());
            break;
          case "MaxChanceOutcomes()":
            compareInt(key, exp, () -> game.maxChanceOutcomes());
            break;
          case "NumPlayers()":
            compareInt(key, exp, () -> game.numPlayers());
            break;
          case "MaxGameLength()":
            compareInt(key, exp, () -> game.maxDecisions());
            break;
          case "MinUtility()":
            compareNumber(key, exp, call(key, game::minUtility), 4);
            break;
          case "MaxUtility()":
            compareNumber(key, exp, call(key, game::maxUtility), 4);
            break;
          case "UtilitySum()":
            double sum = call(key, game::utilitySum);
            if (exp.equals("None")) {
              fields++;
              if (!Double.isNaN(sum)) {
                throw mismatch(strip(key), "None (general-sum)", fmt(sum));
              }
            } else {
              compareNumber(key, exp, sum, 4);
            }
            break;
          case "GetParameters()":
            compareText(key, exp, openSpielParameters(game.params()));
            break;
          case "ToString()":
            fields++;
            String expected = unquote(exp);
            String ours = game.spec();
            String a;
            String b;
            try {
              a = canonicalGameString(expected);
            } catch (RuntimeException ex) {
              throw mismatch(strip(key), exp, ours + " (the expected game string does not load: " + ex.getMessage() + ")");
            }
            b = canonicalGameString(ours);
            if (!a.equals(b)) {
              throw mismatch(strip(key), exp + " = " + a, quote(ours) + " = " + b);
            }
            break;
          default:
            break; // tensor shapes, layouts and descriptive type fields are not compared
        }
      }
    }

    private double call(String key, java.util.function.DoubleSupplier f) {
      try {
        return f.getAsDouble();
      } catch (RuntimeException e) {
        fields++;
        throw mismatch(strip(key), "a value", thrown(e));
      }
    }

    private void compareInt(String key, String exp, java.util.function.IntSupplier f) {
      fields++;
      int v;
      try {
        v = f.getAsInt();
      } catch (RuntimeException e) {
        throw mismatch(strip(key), exp, thrown(e));
      }
      if (!exp.equals(Integer.toString(v))) {
        throw mismatch(strip(key), exp, Integer.toString(v));
      }
    }

    private void compareText(String key, String exp, String actual) {
      fields++;
      if (!exp.equals(actual)) {
        throw mismatch(strip(key), exp, actual);
      }
    }

    private void compareNumber(String key, String exp, double actual, int digits) {
      fields++;
      double e;
      try {
        e = Double.parseDouble(exp);
      } catch (NumberFormatException ex) {
        throw mismatch(strip(key), exp, fmt(actual) + " (expected value is not a number)");
      }
      if (!numberMatches(e, actual, digits)) {
        throw mismatch(strip(key), exp, fmt(actual));
      }
    }

    // ---------------------------------------------------------------- states

    private void checkField(State s, String key, String exp) {
      int paren = key.indexOf('(');
      String base = paren < 0 ? key : key.substring(0, paren);
      switch (base) {
        case "IsTerminal":
          compareBool(key, exp, () -> s.isTerminal());
          break;
        case "IsChanceNode":
          compareBool(key, exp, () -> s.isChanceNode());
          break;
        case "IsSimultaneousNode":
          compareBool(key, exp, () -> false);
          break;
        case "CurrentPlayer":
          fields++;
          String cp = guard(key, () -> Integer.toString(s.currentPlayer()));
          if (!cp.equals(exp)) {
            throw mismatch(strip(key), exp, cp);
          }
          break;
        case "History":
          compareText(key, exp, intList(s.history()));
          break;
        case "HistoryString":
          compareText(key, exp, quote(guard(key, s::historyString)));
          break;
        case "ChanceOutcomes":
          checkChanceOutcomes(s, key, exp);
          break;
        case "LegalActions":
          compareText(key, exp, guard(key, () -> intList(s.legalActions())));
          break;
        case "StringLegalActions":
          checkStringLegalActions(s, key, exp);
          break;
        case "Rewards":
          compareNumbers(key, exp, guardArray(key, s::rewards));
          break;
        case "Returns":
          compareNumbers(key, exp, guardArray(key, s::returns));
          break;
        case "InformationStateString":
          if (strings) {
            int p = playerArg(key);
            compareText(key, exp, quote(guard(key, () -> s.informationStateString(p))));
          }
          break;
        case "ObservationString":
          if (strings) {
            int p = playerArg(key);
            compareText(key, exp, quote(guard(key, () -> s.observationString(p))));
          }
          break;
        default:
          break; // tensors, factored observation strings
      }
    }

    private int playerArg(String key) {
      Matcher m = PLAYER_ARG.matcher(key);
      if (!m.find()) {
        throw mismatch(strip(key), "a player argument", "none in the key");
      }
      return Integer.parseInt(m.group(1));
    }

    private void compareBool(String key, String exp, java.util.function.BooleanSupplier f) {
      fields++;
      String v = guard(key, () -> f.getAsBoolean() ? "True" : "False");
      if (!v.equals(exp)) {
        throw mismatch(strip(key), exp, v);
      }
    }

    private void checkChanceOutcomes(State s, String key, String exp) {
      fields++;
      List<ChanceOutcome> actual = guardList(key, s::chanceOutcomes);
      Matcher m = OUTCOME.matcher(exp);
      List<Integer> actions = new ArrayList<>();
      List<String> probs = new ArrayList<>();
      while (m.find()) {
        actions.add(Integer.parseInt(m.group(1)));
        probs.add(m.group(2));
      }
      String actualText = outcomes(actual);
      if (actions.size() != actual.size()) {
        throw mismatch(strip(key), exp, actualText);
      }
      for (int i = 0; i < actual.size(); i++) {
        double p;
        try {
          p = Double.parseDouble(probs.get(i));
        } catch (NumberFormatException e) {
          throw mismatch(strip(key), exp, actualText + " (expected probability '" + probs.get(i) + "' is not a number)");
        }
        if (actions.get(i) != actual.get(i).action() || !numberMatches(p, actual.get(i).probability(), 6)) {
          throw mismatch(strip(key), exp, actualText);
        }
      }
    }

    private void checkStringLegalActions(State s, String key, String exp) {
      fields++;
      String actual = guard(key, () -> {
        int p = s.currentPlayer();
        StringJoiner j = new StringJoiner(", ", "[", "]");
        for (int a : s.legalActions()) {
          j.add(quote(s.actionToString(p, a)));
        }
        return j.toString();
      });
      List<String> expected = parseStrings(exp);
      if (expected == null) {
        throw mismatch(strip(key), exp, actual + " (expected value is not a list of strings)");
      }
      StringJoiner j = new StringJoiner(", ", "[", "]");
      for (String e : expected) {
        j.add(quote(e));
      }
      if (!j.toString().equals(actual)) {
        throw mismatch(strip(key), exp, actual);
      }
    }

    private void compareNumbers(String key, String exp, double[] actual) {
      fields++;
      String body = exp.trim();
      String actualText = doubleList(actual);
      if (!body.startsWith("[") || !body.endsWith("]")) {
        throw mismatch(strip(key), exp, actualText + " (expected value is not a list)");
      }
      String inner = body.substring(1, body.length() - 1).trim();
      String[] parts = inner.isEmpty() ? new String[0] : inner.split("\\s*,\\s*");
      if (parts.length != actual.length) {
        throw mismatch(strip(key), exp, actualText);
      }
      for (int i = 0; i < parts.length; i++) {
        double e;
        try {
          e = Double.parseDouble(parts[i]);
        } catch (NumberFormatException ex) {
          throw mismatch(strip(key), exp, actualText + " (expected entry '" + parts[i] + "' is not a number)");
        }
        if (!numberMatches(e, actual[i], 6)) {
          throw mismatch(strip(key), exp, actualText);
        }
      }
    }

    private String guard(String key, java.util.function.Supplier<String> f) {
      try {
        return f.get();
      } catch (Mismatch m) {
        throw m;
      } catch (RuntimeException e) {
        throw mismatch(strip(key), "a value", thrown(e));
      }
    }

    private double[] guardArray(String key, java.util.function.Supplier<double[]> f) {
      try {
        return f.get();
      } catch (RuntimeException e) {
        throw mismatch(strip(key), "a value", thrown(e));
      }
    }

    private List<ChanceOutcome> guardList(String key, java.util.function.Supplier<List<ChanceOutcome>> f) {
      try {
        return f.get();
      } catch (RuntimeException e) {
        throw mismatch(strip(key), "a value", thrown(e));
      }
    }
  }

  // ------------------------------------------------------------------ helpers

  /**
   * Whether {@code actual} rounds to {@code printed} at {@code digits} significant digits (the
   * precision OpenSpiel prints with): |actual − printed| ≤ half a unit of the last significant
   * digit. Zero must be matched within 1e-12.
   */
  static boolean numberMatches(double printed, double actual, int digits) {
    if (Double.isNaN(printed) || Double.isNaN(actual)) {
      return Double.isNaN(printed) && Double.isNaN(actual);
    }
    if (printed == 0) {
      return Math.abs(actual) <= 1e-12;
    }
    double exponent = Math.floor(Math.log10(Math.abs(printed)));
    double tol = 0.5 * Math.pow(10, exponent - (digits - 1)) * (1 + 1e-9);
    return Math.abs(actual - printed) <= tol;
  }

  /**
   * OpenSpiel's {@code GetParameters()} rendering of resolved parameters: {@code {k=v,...}} over
   * every parameter sorted by key, nested games expanded with all their parameters.
   */
  public static String openSpielParameters(Params params) {
    TreeMap<String, String> sorted = new TreeMap<>();
    for (ParamSpec p : params.specs()) {
      Object v = params.values().get(p.name());
      sorted.put(p.name(), p.kind() == ParamSpec.Kind.GAME ? expandedGameString(String.valueOf(v)) : ParamSpec.format(v));
    }
    StringJoiner j = new StringJoiner(",", "{", "}");
    sorted.forEach((k, v) -> j.add(k + "=" + v));
    return j.toString();
  }

  /** {@code name(k=v,...)} with every parameter of the loaded game (nested games expanded). */
  private static String expandedGameString(String gameString) {
    Game g = GameRegistry.load(gameString);
    String p = openSpielParameters(g.params());
    return g.name() + "(" + p.substring(1, p.length() - 1) + ")";
  }

  /**
   * A game string in canonical form for comparison: {@code name(k=v,...)} with the given
   * parameters sorted by key, values normalized by their declared kind, nested games expanded.
   *
   * @throws SpecException if the string is malformed or names an unknown game or parameter
   */
  public static String canonicalGameString(String gameString) {
    Spec spec = Spec.parse(gameString);
    GameFactory f = GameRegistry.factory(spec.name());
    Params params = Params.resolve(new Spec(f.type().shortName(), spec.args()), f.type().parameters());
    TreeMap<String, String> sorted = new TreeMap<>();
    for (ParamSpec p : params.specs()) {
      if (params.isGiven(p.name())) {
        Object v = params.values().get(p.name());
        sorted.put(p.name(), p.kind() == ParamSpec.Kind.GAME ? expandedGameString(String.valueOf(v)) : ParamSpec.format(v));
      }
    }
    StringJoiner j = new StringJoiner(",", f.type().shortName() + "(", ")");
    sorted.forEach((k, v) -> j.add(k + "=" + v));
    return j.toString();
  }

  private static String strip(String key) {
    return key.endsWith("()") ? key.substring(0, key.length() - 2) : key;
  }

  private static String enumName(String printed) {
    int dot = printed.lastIndexOf('.');
    return dot < 0 ? printed : printed.substring(dot + 1);
  }

  private static String unquote(String s) {
    String t = s.trim();
    if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) {
      return Playthrough.unescape(t.substring(1, t.length() - 1));
    }
    return t;
  }

  /** Quotes with the playthrough's escapes ({@code \n}, {@code \\}, {@code \"}). */
  static String quote(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\n':
          sb.append("\\n");
          break;
        case '\t':
          sb.append("\\t");
          break;
        case '\\':
          sb.append("\\\\");
          break;
        case '"':
          sb.append("\\\"");
          break;
        default:
          sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  /** Parses {@code ["a", "b"]}; null if malformed. */
  static List<String> parseStrings(String text) {
    String t = text.trim();
    if (!t.startsWith("[") || !t.endsWith("]")) {
      return null;
    }
    List<String> out = new ArrayList<>();
    int i = 1;
    int end = t.length() - 1;
    while (true) {
      while (i < end && (t.charAt(i) == ' ' || t.charAt(i) == ',')) {
        i++;
      }
      if (i >= end) {
        return out;
      }
      if (t.charAt(i) != '"') {
        return null;
      }
      StringBuilder sb = new StringBuilder();
      i++;
      boolean closed = false;
      while (i < end) {
        char c = t.charAt(i++);
        if (c == '\\' && i < end) {
          sb.append(c).append(t.charAt(i++));
        } else if (c == '"') {
          closed = true;
          break;
        } else {
          sb.append(c);
        }
      }
      if (!closed) {
        return null;
      }
      out.add(Playthrough.unescape(sb.toString()));
    }
  }

  private static String intList(int[] a) {
    StringJoiner j = new StringJoiner(", ", "[", "]");
    for (int x : a) {
      j.add(Integer.toString(x));
    }
    return j.toString();
  }

  private static String doubleList(double[] a) {
    StringJoiner j = new StringJoiner(", ", "[", "]");
    for (double x : a) {
      j.add(fmt(x));
    }
    return j.toString();
  }

  private static String outcomes(List<ChanceOutcome> list) {
    StringJoiner j = new StringJoiner(", ", "[", "]");
    for (ChanceOutcome o : list) {
      j.add("(" + o.action() + "," + fmt(o.probability()) + ")");
    }
    return j.toString();
  }

  /** Like C's {@code %g} (6 significant digits, trailing zeros removed). */
  static String fmt(double d) {
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    String s = String.format(Locale.ROOT, "%.6g", d);
    if (s.contains("e")) {
      return s;
    }
    if (s.contains(".")) {
      s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
    return s;
  }

  private static String thrown(RuntimeException e) {
    return "exception " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse(""));
  }
}
