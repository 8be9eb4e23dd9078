package dev.ponder.spec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Resolved, typed parameter values of a game or agent: every declared parameter has a value (the
 * one given or its default), and the ones given explicitly are remembered so the canonical string
 * shows only them (as OpenSpiel's {@code ToString()} does).
 */
public final class Params {
  private final String owner;
  private final List<ParamSpec> specs;
  private final Map<String, Object> values;
  private final Map<String, Object> given;
  /** The given values as typed (trimmed), for messages. */
  private final Map<String, String> typed;

  private Params(String owner, List<ParamSpec> specs, Map<String, Object> values, Map<String, Object> given,
      Map<String, String> typed) {
    this.owner = owner;
    this.specs = specs;
    this.values = values;
    this.given = given;
    this.typed = typed;
  }

  /**
   * Resolves {@code spec}'s arguments against the declared parameters.
   *
   * @throws SpecException on an unknown key (the message lists the valid keys and suggests the
   *     closest, {@link Suggestions}), a bad value (the
   *     message names the owner, the key, the text and the expected kind, e.g. {@code hex:
   *     board_size='abc' is not an integer; valid: 1..255}, with the range when one is declared) or
   *     a value outside the parameter's declared range
   *     ({@link ParamSpec#checkRange}: {@code hex: board_size=0 is out of range; valid: 1..255})
   */
  public static Params resolve(Spec spec, List<ParamSpec> declared) {
    Map<String, ParamSpec> byName = new LinkedHashMap<>();
    for (ParamSpec p : declared) {
      byName.put(p.name(), p);
    }
    Map<String, Object> values = new LinkedHashMap<>();
    for (ParamSpec p : declared) {
      values.put(p.name(), p.defaultValue());
    }
    Map<String, Object> given = new LinkedHashMap<>();
    Map<String, String> typed = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : spec.args().entrySet()) {
      ParamSpec p = byName.get(e.getKey());
      if (p == null) {
        throw new SpecException("unknown parameter '" + e.getKey() + "' for " + spec.name()
            + "; valid: " + (declared.isEmpty() ? "(none)" : String.join(", ", byName.keySet()))
            + Suggestions.didYouMean(e.getKey(), byName.keySet()));
      }
      Object v;
      try {
        v = p.parse(e.getValue());
      } catch (SpecException bad) {
        throw new SpecException(spec.name() + ": " + bad.getMessage());
      }
      p.checkRange(spec.name(), v);
      values.put(p.name(), v);
      given.put(p.name(), v);
      typed.put(p.name(), e.getValue().strip());
    }
    return new Params(spec.name(), List.copyOf(declared), values, given, typed);
  }

  /**
   * Parameters with every default and nothing given.
   *
   * @throws SpecException if a declared default fails its own parameter's checks
   */
  public static Params defaults(String owner, List<ParamSpec> declared) {
    return resolve(new Spec(owner, Map.of()), declared);
  }

  /** The game or agent name the parameters belong to (used in messages), e.g. {@code hex}. */
  public String owner() {
    return owner;
  }

  /** The declared parameters, in declaration order (unmodifiable). */
  public List<ParamSpec> specs() {
    return specs;
  }

  /** All values (given or default) by name, in declaration order. */
  public Map<String, Object> values() {
    return Collections.unmodifiableMap(values);
  }

  /** The explicitly given values, in order of appearance. */
  public Map<String, Object> given() {
    return Collections.unmodifiableMap(given);
  }

  /**
   * A given value as it was typed ({@code 100} for {@code c_base=100}, where {@link
   * ParamSpec#format} of the parsed value gives {@code 100.0}), for messages that echo the user's
   * input; for a value not given, the formatted value.
   *
   * @throws IllegalArgumentException if {@code name} is not declared
   */
  public String typed(String name) {
    String t = typed.get(name);
    return t != null ? t : ParamSpec.format(get(name));
  }

  /** Whether {@code name} was given explicitly (false for a default, a derived value or an undeclared name). */
  public boolean isGiven(String name) {
    return given.containsKey(name);
  }

  private Object get(String name) {
    Object v = values.get(name);
    if (v == null) {
      throw new IllegalArgumentException(owner + " has no parameter '" + name + "'");
    }
    return v;
  }

  /**
   * The value of {@code name} after checking that the parameter is of one of {@code kinds}; for
   * the typed getters ({@code getter} names the one called, for the message).
   */
  private Object get(String name, String getter, ParamSpec.Kind... kinds) {
    ParamSpec p = spec(name);
    for (ParamSpec.Kind k : kinds) {
      if (p.kind() == k) {
        return get(name);
      }
    }
    StringBuilder want = new StringBuilder();
    for (ParamSpec.Kind k : kinds) {
      want.append(want.length() == 0 ? "" : " or ").append(k);
    }
    throw new IllegalArgumentException(owner + ": " + getter + "(\"" + name + "\"): parameter '" + name + "' is of kind "
        + p.kind() + ", not " + want);
  }

  /**
   * The value of the INT parameter {@code name}.
   *
   * @throws IllegalArgumentException if {@code name} is not declared, or is not an INT parameter
   *     (a DOUBLE is never truncated; the message names the parameter and its kind)
   * @throws SpecException if the given integer lies outside Java's {@code int} range
   */
  public int getInt(String name) {
    Object v = get(name, "getInt", ParamSpec.Kind.INT);
    if (v instanceof java.math.BigInteger) {
      throw new SpecException(owner + ": " + name + "=" + v + " is out of range; valid: "
          + Integer.MIN_VALUE + ".." + Integer.MAX_VALUE);
    }
    return ((Number) v).intValue();
  }

  /**
   * The value of the DOUBLE parameter {@code name}, or of an INT parameter widened to double.
   *
   * @throws IllegalArgumentException if {@code name} is not declared, or is a BOOL, STRING or GAME
   *     parameter (the message names the parameter and its kind)
   */
  public double getDouble(String name) {
    return ((Number) get(name, "getDouble", ParamSpec.Kind.DOUBLE, ParamSpec.Kind.INT)).doubleValue();
  }

  /**
   * The value of the BOOL parameter {@code name}.
   *
   * @throws IllegalArgumentException if {@code name} is not declared, or is not a BOOL parameter
   *     (the message names the parameter and its kind)
   */
  public boolean getBool(String name) {
    return (Boolean) get(name, "getBool", ParamSpec.Kind.BOOL);
  }

  /**
   * The value of {@code name} as text, whatever its kind: a STRING or GAME parameter's string, a
   * number's or boolean's {@link String#valueOf} form ({@code true}, {@code 1.5}).
   *
   * @throws IllegalArgumentException if {@code name} is not declared
   */
  public String getString(String name) {
    return String.valueOf(get(name));
  }

  /**
   * Returns a copy with {@code name} set (as if given), validated by the parameter's kind and range.
   *
   * @throws SpecException if {@code name} is not declared, or the value is malformed or out of the
   *     parameter's range (the messages of {@link #resolve})
   */
  public Params with(String name, String rawValue) {
    Map<String, String> args = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : given.entrySet()) {
      args.put(e.getKey(), ParamSpec.format(e.getValue()));
    }
    args.put(name, rawValue);
    return resolve(new Spec(owner, args), specs);
  }

  /**
   * Returns a copy with {@code name} set to a value the owner derived from other parameters (e.g.
   * hex's {@code num_rows} from {@code board_size}), validated by the parameter's kind and range
   * but not marked given: {@link #isGiven}, {@link #given()} and {@link #toSpecString()} still show
   * only what the user wrote. Earlier derived values are kept.
   *
   * @throws IllegalArgumentException if {@code name} is not declared or was given
   * @throws SpecException if the value is malformed or out of the parameter's range
   */
  public Params withDerived(String name, String rawValue) {
    ParamSpec p = spec(name);
    if (given.containsKey(name)) {
      throw new IllegalArgumentException(owner + ": parameter '" + name + "' was given; it cannot be derived");
    }
    Object v;
    try {
      v = p.parse(rawValue);
    } catch (SpecException bad) {
      throw new SpecException(owner + ": " + bad.getMessage());
    }
    p.checkRange(owner, v);
    Map<String, Object> newValues = new LinkedHashMap<>(values);
    newValues.put(name, v);
    return new Params(owner, specs, newValues, new LinkedHashMap<>(given), new LinkedHashMap<>(typed));
  }

  private ParamSpec spec(String name) {
    for (ParamSpec p : specs) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    throw new IllegalArgumentException(owner + " has no parameter '" + name + "'");
  }

  /**
   * The value of an integer parameter with a declared range ({@link ParamSpec#ofInt(String, int,
   * int, int, String)}), which {@link #resolve} has already enforced.
   *
   * @throws IllegalArgumentException if the parameter has no declared range (use
   *     {@link #requireInt(String, int, int)})
   */
  public int requireInt(String name) {
    ParamSpec p = spec(name);
    if (!p.hasRange()) {
      throw new IllegalArgumentException(owner + ": parameter '" + name + "' declares no range");
    }
    return requireInt(name, p.min().intValue(), p.max().intValue());
  }

  /**
   * The value of a number parameter with a declared range ({@link ParamSpec#ofDouble(String,
   * double, double, double, String)}), which {@link #resolve} has already enforced.
   *
   * @throws IllegalArgumentException if the parameter has no declared range
   */
  public double requireDouble(String name) {
    ParamSpec p = spec(name);
    if (!p.hasRange()) {
      throw new IllegalArgumentException(owner + ": parameter '" + name + "' declares no range");
    }
    return requireDouble(name, p.min().doubleValue(), p.max().doubleValue());
  }

  /**
   * The value of the INT parameter {@code name}, checked against [lo, hi].
   *
   * @throws SpecException naming the parameter and the valid range unless {@code lo <= value <= hi}
   * @throws IllegalArgumentException if {@code name} is not declared or is not an INT parameter
   */
  public int requireInt(String name, int lo, int hi) {
    if (get(name) instanceof java.math.BigInteger big) {
      throw new SpecException(owner + ": " + name + "=" + big + " is out of range; valid: " + lo + ".." + hi);
    }
    int v = getInt(name);
    if (v < lo || v > hi) {
      throw new SpecException(owner + ": " + name + "=" + v + " is out of range; valid: " + lo + ".." + hi);
    }
    return v;
  }

  /**
   * The value of the DOUBLE (or INT) parameter {@code name}, checked against [lo, hi].
   *
   * @throws SpecException naming the parameter and the valid range unless the value lies in [lo,
   *     hi] (NaN never does)
   * @throws IllegalArgumentException if {@code name} is not declared, or is a BOOL, STRING or GAME
   *     parameter
   */
  public double requireDouble(String name, double lo, double hi) {
    double v = getDouble(name);
    if (!(v >= lo && v <= hi)) {
      throw new SpecException(owner + ": " + name + "=" + ParamSpec.bound(v) + " is out of range; valid: "
          + ParamSpec.bound(lo) + ".." + ParamSpec.bound(hi));
    }
    return v;
  }

  /**
   * Fails unless the value is one of {@code allowed}: {@code owner: name=value is not valid; valid:
   * a, b, c}, with {@code (did you mean b?)} when one is clearly closest ({@link Suggestions}).
   *
   * @return the value, one of {@code allowed}
   * @throws SpecException if it is none of them
   * @throws IllegalArgumentException if {@code name} is not declared
   */
  public String requireOneOf(String name, String... allowed) {
    String v = getString(name);
    for (String a : allowed) {
      if (a.equals(v)) {
        return v;
      }
    }
    throw new SpecException(owner + ": " + name + "=" + v + " is not valid; valid: " + String.join(", ", allowed)
        + Suggestions.didYouMean(v, List.of(allowed)));
  }

  /** The specification string showing only the given parameters, e.g. {@code hex(board_size=5)}. */
  public String toSpecString() {
    if (given.isEmpty()) {
      return owner;
    }
    StringJoiner j = new StringJoiner(",", owner + "(", ")");
    for (Map.Entry<String, Object> e : given.entrySet()) {
      j.add(e.getKey() + "=" + ParamSpec.format(e.getValue()));
    }
    return j.toString();
  }

  /** OpenSpiel's {@code GetParameters()} rendering: {@code {k=v,...}} over all values sorted by key. */
  public String toOpenSpielParameters() {
    List<String> keys = new ArrayList<>(values.keySet());
    Collections.sort(keys);
    StringJoiner j = new StringJoiner(",", "{", "}");
    for (String k : keys) {
      j.add(k + "=" + ParamSpec.format(values.get(k)));
    }
    return j.toString();
  }

  @Override
  public String toString() {
    return toSpecString();
  }
}
