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
 * {@code Rewards}, {@code Returns}, {@code InformationStateString(p)} and {@code
 * ObservationString(p)} (unless {@link #checkInformationStrings} is off), {@code
 * InformationStateTensor(p)} and {@code ObservationTensor(p)} (unless {@link #checkTensors} is off;
 * when the game provides that tensor, a non-empty {@link Game#informationStateTensorShape} or {@link
 * Game#observationTensorShape}: its named pieces, {@code ObservationTensor(0).player}, ..., are
 * concatenated in file order and compared value by value with Ponder's flat tensor, within 5e-6, the
 * precision of OpenSpiel's {@code round(v, 5)}); then the text of the applied action, and the action
 * itself must be legal. Factored observation strings ({@code PublicObservationString()}, {@code
 * PrivateObservationString(p)}) are not compared (the game API has none). The result says which
 * kinds were compared and which skipped, and why ({@link ReplayResult#coverage}).
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
  private static final Pattern OUTCOME = Pattern.compile("\\(\\s*(-?\\d+)\\s*,\\s*([^)\\s]+)\\s*\\)");
  private static final Pattern PLAYER_ARG = Pattern.compile("\\((\\d+)\\)");

  /**
   * The reason given in {@link ReplayResult#coverage} for strings present but not compared
   * because {@link #checkInformationStrings} is off.
   */
  public static final String STRINGS_OFF = "strings not asked for";
  /**
   * The reason given in {@link ReplayResult#coverage} for tensors present but not compared
   * because {@link #checkTensors} is off.
   */
  public static final String TENSORS_OFF = "tensors not asked for";

  private boolean checkStrings = true;
  private boolean checkTensors = true;
  private boolean requireComplete = true;

  /** Whether to compare {@code InformationStateString(p)} and {@code ObservationString(p)}; true by default. */
  public PlaythroughReplayer checkInformationStrings(boolean check) {
    this.checkStrings = check;
    return this;
  }

  /**
   * Whether to compare {@code InformationStateTensor(p)} and {@code ObservationTensor(p)} where
   * the game provides them; true by default.
   */
  public PlaythroughReplayer checkTensors(boolean check) {
    this.checkTensors = check;
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

  /** An integer as OpenSpiel writes one in a playthrough: optional minus sign, ASCII digits. */
  private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");

  /** Header fields whose value is an integer. */
  private static final List<String> INTEGER_HEADER = List.of("NumDistinctActions()", "MaxChanceOutcomes()", "NumPlayers()",
      "MaxGameLength()");

  /**
   * The values no game could match, so a damaged file reads as malformed (not as a difference): a
   * header count that is not an integer, a state's {@code CurrentPlayer()} that is not one, and a
   * tensor that is neither a drawing nor a list of numbers (the first of each kind).
   *
   * @return one line naming them (joined by "; "), or null
   */
  public static String malformation(Playthrough playthrough) {
    List<String> problems = new ArrayList<>();
    for (String key : INTEGER_HEADER) {
      String v = playthrough.header().get(key);
      if (v != null && !INTEGER.matcher(v.strip()).matches()) {
        problems.add("the header's " + key + " is '" + v.strip() + "', not an integer");
      }
    }
    boolean player = false;
    boolean tensor = false;
    for (Playthrough.StateRecord st : playthrough.states()) {
      for (Map.Entry<String, String> e : st.fields().entrySet()) {
        String key = e.getKey();
        if (!player && key.equals("CurrentPlayer()") && !INTEGER.matcher(e.getValue().strip()).matches()) {
          problems.add("state " + st.index() + "'s CurrentPlayer() is '" + e.getValue().strip() + "', not an integer");
          player = true;
        }
        if (!tensor && (key.startsWith("ObservationTensor(") || key.startsWith("InformationStateTensor("))
            && decodeTensor(e.getValue()) == null) {
          problems.add("state " + st.index() + "'s " + key + " is neither a tensor drawing nor a list of numbers");
          tensor = true;
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
   *     or malformed ({@link #malformation}) and {@link #requireComplete} is on: {@code source:
   *     incomplete playthrough: what is missing}, {@code source: malformed playthrough: what}
   */
  public ReplayResult replay(Playthrough playthrough) {
    Game game = GameRegistry.load(playthrough.gameString());
    String incomplete = requireComplete ? incompleteness(playthrough) : null;
    if (incomplete != null) {
      throw new PlaythroughFormatException(playthrough.source() + ": incomplete playthrough: " + incomplete);
    }
    String malformed = requireComplete ? malformation(playthrough) : null;
    if (malformed != null) {
      throw new PlaythroughFormatException(playthrough.source() + ": malformed playthrough: " + malformed);
    }
    return new Run(playthrough, game, checkStrings, checkTensors).run();
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
    private final boolean tensors;
    private int stateIndex = -1;
    private int states;
    private int fields;
    /** Kinds of per-player fields compared, and those present but skipped with the reason. */
    private final Set<String> compared = new java.util.LinkedHashSet<>();
    private final Map<String, String> skipped = new java.util.LinkedHashMap<>();
    /** The tensor being gathered from its named pieces ({@code ObservationTensor(0)}), or null. */
    private String tensorKey;
    private final List<Double> tensorValues = new ArrayList<>();

    Run(Playthrough pt, Game game, boolean strings, boolean tensors) {
      this.pt = pt;
      this.game = game;
      this.strings = strings;
      this.tensors = tensors;
    }

    private ReplayResult result(ReplayResult.Difference d) {
      StringJoiner c = new StringJoiner("; ");
      if (!compared.isEmpty()) {
        c.add("compared " + String.join(", ", compared));
      }
      if (!skipped.isEmpty()) {
        StringJoiner n = new StringJoiner(", ");
        skipped.forEach((k, why) -> n.add(k + " (" + why + ")"));
        c.add("not compared: " + n);
      }
      return new ReplayResult(pt.source(), pt.gameString(), states, fields, d, c.toString());
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
          flushTensor(s);
          if (r.hasAction()) {
            applyRecorded(s, r);
          }
        }
      } catch (Mismatch m) {
        return result(m.difference);
      }
      return result(null);
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
          // the file's action id and its comment are reported apart: the id is what was applied,
          // the comment names (by our strings) another action or none
          int named = -1;
          int p = s.currentPlayer();
          for (int b : s.legalActions()) {
            if (s.actionToString(p, b).equals(r.actionText())) {
              named = b;
              break;
            }
          }
          throw new Mismatch(new ReplayResult.Difference(stateIndex, "action " + a, null, "is illegal (the file's comment says "
              + quote(r.actionText()) + ", which " + (named >= 0 ? "is action " + named : "names no legal action")
              + "); legal actions: " + intList(s.legalActions())));
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
      if (base.equals("InformationStateTensor") || base.equals("ObservationTensor")) {
        gatherTensor(s, base, key, exp);
        return;
      }
      flushTensor(s);
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
            compared.add("information-state strings");
            int p = playerArg(key);
            compareText(key, exp, quote(guard(key, () -> s.informationStateString(p))));
          } else {
            skipped.put("information-state strings", STRINGS_OFF);
          }
          break;
        case "ObservationString":
          if (strings) {
            compared.add("observation strings");
            int p = playerArg(key);
            compareText(key, exp, quote(guard(key, () -> s.observationString(p))));
          } else {
            skipped.put("observation strings", STRINGS_OFF);
          }
          break;
        case "PublicObservationString":
        case "PrivateObservationString":
          skipped.put("public and private observation strings", "the game API has none");
          break;
        default:
          break; // SerializeState and other fields the API has no counterpart of
      }
    }

    /**
     * Adds one piece of a tensor ({@code ObservationTensor(0)} or {@code
     * ObservationTensor(0).player}) to the tensor being gathered, comparing the previous tensor
     * first when this piece starts another.
     */
    private void gatherTensor(State s, String base, String key, String exp) {
      String kind = base.equals("ObservationTensor") ? "observation tensors" : "information-state tensors";
      int[] shape = base.equals("ObservationTensor") ? game.observationTensorShape() : game.informationStateTensorShape();
      if (!tensors) {
        skipped.put(kind, TENSORS_OFF);
        return;
      }
      if (shape.length == 0 || size(shape) == 0) {
        skipped.put(kind, game.name() + " provides none");
        return;
      }
      compared.add(kind);
      int close = key.indexOf(')');
      String whole = key.substring(0, close + 1);
      if (!whole.equals(tensorKey)) {
        flushTensor(s);
        tensorKey = whole;
      }
      double[] values = decodeTensor(exp);
      if (values == null) {
        fields++;
        throw mismatch(key, exp, "(the expected value is not a tensor drawing or list of numbers)");
      }
      for (double v : values) {
        tensorValues.add(v);
      }
    }

    /** Compares the gathered tensor, if any, with the state's and forgets it. */
    private void flushTensor(State s) {
      if (tensorKey == null) {
        return;
      }
      String key = tensorKey;
      tensorKey = null;
      fields++;
      boolean observation = key.startsWith("ObservationTensor");
      int[] shape = observation ? game.observationTensorShape() : game.informationStateTensorShape();
      int n = size(shape);
      int p = playerArg(key);
      float[] ours = new float[n];
      try {
        if (observation) {
          s.observationTensor(p, ours);
        } else {
          s.informationStateTensor(p, ours);
        }
      } catch (RuntimeException e) {
        throw mismatch(key, "a tensor", thrown(e));
      }
      List<Double> expected = new ArrayList<>(tensorValues);
      tensorValues.clear();
      if (expected.size() != n) {
        throw mismatch(key, expected.size() + " values", n + " values (shape " + java.util.Arrays.toString(shape) + ")");
      }
      for (int i = 0; i < n; i++) {
        if (Math.abs(expected.get(i) - ours[i]) > TENSOR_TOLERANCE) {
          throw mismatch(key, fmt(expected.get(i)) + " at cell " + i + " " + java.util.Arrays.toString(cell(shape, i))
              + " of shape " + java.util.Arrays.toString(shape), fmt(ours[i]));
        }
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

  /** Tolerance of a tensor value: OpenSpiel prints {@code round(v, 5)}; float32 rounding on top. */
  static final double TENSOR_TOLERANCE = 5e-6 * (1 + 1e-6);

  private static final Pattern ZEROS = Pattern.compile("zeros\\((\\d+)\\)");
  private static final Pattern BINVEC = Pattern.compile("binvec\\((\\d+), 0x([0-9a-fA-F]+)\\)");

  private static int size(int[] shape) {
    int n = 1;
    for (int d : shape) {
      n *= d;
    }
    return n;
  }

  /** The index of flat cell {@code i} in a row-major tensor of {@code shape}. */
  private static int[] cell(int[] shape, int i) {
    int[] c = new int[shape.length];
    for (int d = shape.length - 1; d >= 0; d--) {
      c[d] = shape[d] == 0 ? 0 : i % shape[d];
      i = shape[d] == 0 ? 0 : i / shape[d];
    }
    return c;
  }

  /**
   * The values of one printed tensor (or piece) in row-major order, as OpenSpiel's playthrough
   * generator writes them ({@code _format_tensor}): a list {@code [0.0, 2.5, ...]}, or a drawing in
   * which each row is a run of ◉ (1) and ◯ (0), {@code zeros(n)} or {@code binvec(n, 0xHEX)} (the n
   * bits of the number, first bit most significant); a 3-D tensor's planes stand side by side, two
   * spaces apart, in groups separated by blank lines, each plane's rows on consecutive lines.
   *
   * @return the values, or null if the text is neither form
   */
  static double[] decodeTensor(String text) {
    String t = text.strip();
    List<Double> out = new ArrayList<>();
    if (t.startsWith("[")) {
      if (!t.endsWith("]")) {
        return null;
      }
      String inner = t.substring(1, t.length() - 1).trim();
      if (!inner.isEmpty()) {
        for (String part : inner.split("\\s*,\\s*")) {
          try {
            out.add(Double.parseDouble(part));
          } catch (NumberFormatException e) {
            return null;
          }
        }
      }
      return out.stream().mapToDouble(Double::doubleValue).toArray();
    }
    for (String group : t.split("\n\\s*\n")) {
      List<String[]> rows = new ArrayList<>();
      for (String line : group.split("\n")) {
        if (!line.isBlank()) {
          rows.add(line.strip().split("\\s{2,}"));
        }
      }
      if (rows.isEmpty()) {
        continue;
      }
      int planes = rows.get(0).length;
      for (String[] r : rows) {
        if (r.length != planes) {
          return null;
        }
      }
      for (int j = 0; j < planes; j++) {
        for (String[] r : rows) {
          if (!appendRow(r[j], out)) {
            return null;
          }
        }
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static boolean appendRow(String row, List<Double> out) {
    Matcher z = ZEROS.matcher(row);
    if (z.matches()) {
      int n = Integer.parseInt(z.group(1));
      for (int i = 0; i < n; i++) {
        out.add(0.0);
      }
      return true;
    }
    Matcher b = BINVEC.matcher(row);
    if (b.matches()) {
      int n = Integer.parseInt(b.group(1));
      java.math.BigInteger bits = new java.math.BigInteger(b.group(2), 16);
      if (bits.bitLength() > n) {
        return false;
      }
      for (int i = 0; i < n; i++) {
        out.add(bits.testBit(n - 1 - i) ? 1.0 : 0.0);
      }
      return true;
    }
    for (int i = 0; i < row.length(); i++) {
      char c = row.charAt(i);
      if (c == '\u25c9') {
        out.add(1.0);
      } else if (c == '\u25ef') {
        out.add(0.0);
      } else {
        return false;
      }
    }
    return !row.isEmpty();
  }

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
