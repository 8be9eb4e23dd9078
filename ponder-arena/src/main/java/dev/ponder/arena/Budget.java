package dev.ponder.arena;

import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Spec;
import dev.ponder.spec.SpecException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An equal budget for every search agent: keys such as {@code sims=400} or {@code time_ms=50}
 * (several joined by commas). Each key is added to every agent whose factory declares a
 * parameter of that name, unless the agent string names a budget of its own: an agent string that
 * sets any of {@link #OWN_BUDGET_KEYS} (or any key of the budget) to a non-zero value keeps its own budget and gets
 * none of the keys, so {@code uct(time_ms=5)} under {@code sims=100} stays a 5 ms agent rather than
 * becoming a 100-simulation one. Agents that do not declare a key (e.g. {@code random}) are left
 * alone.
 *
 * <p>{@link Tournament} applies the budget of its {@link TournamentConfig} itself ({@link
 * TournamentConfig#withBudgetApplied()}), for {@code ponder arena} and Java callers alike: give it
 * the agents as typed.
 */
public final class Budget {
  private Budget() {}

  /** The keys that make an agent string's own budget: {@code sims} (simulations) and {@code time_ms} (milliseconds). */
  public static final List<String> OWN_BUDGET_KEYS = List.of("sims", "time_ms");

  /**
   * Parses the budget text.
   *
   * @return key to raw value, in order; empty for null or empty text (no budget)
   * @throws SpecException if the text is blank but not empty ({@code " "}: a budget given as
   *     nothing), an item is not {@code key=value}, a key is given twice ({@code sims=10,sims=20}:
   *     one line, as an agent string with a repeated key is refused), an item is empty
   *     ({@code sims=5,}), or a key of {@link #OWN_BUDGET_KEYS} is 0 ({@code time_ms=0}: 0 is no
   *     limit, so no budget; an agent would fall back to its default) or negative, said as {@code
   *     budget 'time_ms=0': time_ms must be at least 1, got 0}, not a finite number ({@code
   *     budget 'sims=abc': sims='abc' is not a number; give a whole number of at least 1}) or not a
   *     whole number ({@code sims=1.5})
   */
  public static Map<String, String> parse(String text) {
    if (text != null && !text.isEmpty() && text.isBlank()) {
      throw new SpecException("malformed budget '" + text + "': it is blank; expected key=value[,key=value...], e.g."
          + " sims=400 or time_ms=50 (leave --budget out for none)");
    }
    Map<String, String> out = parse(text, true);
    for (Map.Entry<String, String> e : out.entrySet()) {
      if (!OWN_BUDGET_KEYS.contains(e.getKey())) {
        continue;
      }
      // both said as the budget's, not as the first agent's, whose range 0..N would name the 0
      // refused here (0 is no limit, so no budget: an agent would fall back to its default)
      double v = decimalOrNaN(e.getValue());
      if (Double.isNaN(v)) {
        throw new SpecException("budget '" + text + "': " + e.getKey() + "='" + e.getValue() + "' is not a number;"
            + " give a whole number of at least 1");
      }
      if (Double.isInfinite(v)) { // a decimal too large for a double (1e400), or Infinity
        throw new SpecException("budget '" + text + "': " + e.getKey() + "='" + e.getValue() + "' is out of range;"
            + " give a whole number of at least 1");
      }
      if (v <= 0) {
        throw SpecException.atLeast("budget '" + text + "'", e.getKey(), 1, e.getValue());
      }
      if (v != Math.rint(v)) {
        throw new SpecException("budget '" + text + "': " + e.getKey() + "='" + e.getValue() + "' is not a whole"
            + " number; give a whole number of at least 1");
      }
    }
    return out;
  }

  /**
   * Parses a budget text read back from a store: as {@link #parse}, but a key given twice keeps
   * its last value, as builds that accepted such a budget played it, so that their tournaments
   * can still be reported.
   *
   * @throws SpecException if an item is not {@code key=value}
   */
  public static Map<String, String> parseStored(String text) {
    return parse(text, false);
  }

  private static Map<String, String> parse(String text, boolean refuseRepeats) {
    Map<String, String> out = new LinkedHashMap<>();
    if (text == null || text.isBlank()) {
      return out;
    }
    // strict: an empty item (sims=5, or sims=5,,time_ms=9) is malformed; a stored text is read as
    // older builds read it, which dropped a trailing empty item
    for (String item : text.split(",", refuseRepeats ? -1 : 0)) {
      int eq = item.indexOf('=');
      if (eq <= 0 || eq == item.length() - 1) {
        throw new SpecException("malformed budget '" + text + "': expected key=value[,key=value...], e.g. sims=400 or time_ms=50");
      }
      String key = item.substring(0, eq).trim();
      if (refuseRepeats && out.containsKey(key)) {
        throw new SpecException("malformed budget '" + text + "': key '" + key + "' given twice");
      }
      out.put(key, item.substring(eq + 1).trim());
    }
    return out;
  }

  /**
   * Applies the budget to one agent string.
   *
   * @return the canonical agent string with the budget keys the agent declares, or unchanged
   *     budget-wise if it names a budget of its own (any of {@link #OWN_BUDGET_KEYS} or of the
   *     budget's keys)
   * @throws SpecException if the agent is unknown or a resulting value is invalid
   */
  public static String apply(String agentString, Map<String, String> budget) {
    Spec spec = Spec.parse(agentString);
    AgentFactory f = AgentRegistry.factory(spec.name());
    Map<String, String> args = new LinkedHashMap<>(spec.args());
    boolean ownBudget = false;
    for (Map.Entry<String, String> a : args.entrySet()) {
      // a zero (sims=0: no simulation limit) is no budget of its own
      ownBudget |= (OWN_BUDGET_KEYS.contains(a.getKey()) || budget.containsKey(a.getKey())) && !isZero(a.getValue());
    }
    for (Map.Entry<String, String> e : ownBudget ? Map.<String, String>of().entrySet() : budget.entrySet()) {
      boolean declared = false;
      for (ParamSpec p : f.parameters()) {
        declared |= p.name().equals(e.getKey());
      }
      if (declared && !args.containsKey(e.getKey())) {
        args.put(e.getKey(), e.getValue());
      }
    }
    String out = new Spec(spec.name(), args).toString();
    AgentRegistry.resolve(out);
    return out;
  }

  /**
   * Checks that every budget key is a parameter of at least one of the agents, so that a typo
   * such as {@code sim=400} is not silently ignored.
   *
   * @throws SpecException naming the key, the agents and the parameters they declare
   */
  public static void checkDeclared(Map<String, String> budget, List<String> agentStrings) {
    java.util.Set<String> declared = new java.util.TreeSet<>();
    for (String a : agentStrings) {
      for (ParamSpec p : AgentRegistry.factory(Spec.parse(a).name()).parameters()) {
        declared.add(p.name());
      }
    }
    for (String key : budget.keySet()) {
      if (!declared.contains(key)) {
        throw new SpecException("budget key '" + key + "' is a parameter of none of the agents (" + String.join(", ", agentStrings)
            + "); their parameters: " + (declared.isEmpty() ? "none" : String.join(", ", declared)));
      }
    }
  }

  /** The value as a finite number, NaN when it is not one. */
  /** The value by the project's rule for numbers ({@link ParamSpec#parseDecimal}), or NaN if it is none. */
  private static double decimalOrNaN(String value) {
    try {
      return ParamSpec.parseDecimal(value);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static boolean isZero(String value) {
    try {
      return Double.parseDouble(value.trim()) == 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
