package dev.ponder.spec;

import java.util.Locale;
import java.util.Objects;

/**
 * One typed parameter of a game or agent: name, kind, default value, a one-line description and,
 * for integers and numbers, an optional inclusive range of accepted values.
 *
 * <p>A declared range is enforced by {@link Params#resolve}: a given value outside it fails there
 * with {@code owner: name=value is out of range; valid: min..max}, so the range a listing shows
 * ({@link #describe()}) is the range the game or agent accepts.
 *
 * @param name parameter key as written in specification strings
 * @param kind value type
 * @param defaultValue default (Integer, Double, Boolean or String); never null
 * @param description one line for help text
 * @param min smallest accepted value (Integer for INT, Double for DOUBLE), or null for no range
 * @param max largest accepted value, of the same type as {@code min}; null exactly when {@code min} is
 */
public record ParamSpec(String name, Kind kind, Object defaultValue, String description, Number min, Number max) {

  /** Value types a parameter can take. {@code GAME} is a nested game string. */
  public enum Kind {
    /** A Java {@code int} ({@link Params#getInt}). */
    INT,
    /** A finite double in decimal notation ({@link Params#getDouble}). */
    DOUBLE,
    /** {@code true}/{@code false} or {@code 1}/{@code 0}, any case ({@link Params#getBool}). */
    BOOL,
    /** Free text ({@link Params#getString}). */
    STRING,
    /** A nested game string such as {@code goofspiel(num_cards=4)} ({@link Params#getString}). */
    GAME
  }

  /**
   * @throws NullPointerException if name, kind or the default is null
   * @throws IllegalArgumentException if only one bound is given, a bound is given for a kind other
   *     than INT (Integer bounds) or DOUBLE (Double bounds), {@code min > max}, or the default lies
   *     outside the range
   */
  public ParamSpec {
    Objects.requireNonNull(name);
    Objects.requireNonNull(kind);
    Objects.requireNonNull(defaultValue, "default of " + name);
    if ((min == null) != (max == null)) {
      throw new IllegalArgumentException(name + ": a range needs both bounds");
    }
    if (min != null) {
      boolean ints = kind == Kind.INT && min instanceof Integer && max instanceof Integer;
      boolean doubles = kind == Kind.DOUBLE && min instanceof Double && max instanceof Double;
      if (!ints && !doubles) {
        throw new IllegalArgumentException(name + ": a range is for int (Integer bounds) or double (Double bounds) parameters");
      }
      if (!(min.doubleValue() <= max.doubleValue())) {
        throw new IllegalArgumentException(name + ": empty range " + min + ".." + max);
      }
      double d = ((Number) defaultValue).doubleValue();
      if (!(d >= min.doubleValue() && d <= max.doubleValue())) {
        throw new IllegalArgumentException(name + ": default " + defaultValue + " outside " + min + ".." + max);
      }
    }
  }

  /** A parameter without a declared range (the game or agent checks its value itself). */
  public ParamSpec(String name, Kind kind, Object defaultValue, String description) {
    this(name, kind, defaultValue, description, null, null);
  }

  /** An integer parameter with no declared range (the owner checks the value itself). */
  public static ParamSpec ofInt(String name, int def, String description) {
    return new ParamSpec(name, Kind.INT, def, description);
  }

  /**
   * An integer parameter accepting {@code min..max} (inclusive), enforced by {@link Params#resolve}
   * and shown by {@link #describe()}.
   *
   * @throws IllegalArgumentException if {@code min > max} or {@code def} lies outside the range
   */
  public static ParamSpec ofInt(String name, int def, int min, int max, String description) {
    return new ParamSpec(name, Kind.INT, def, description, min, max);
  }

  /**
   * A number parameter with no declared range (the owner checks the value itself); any finite
   * value parses, NaN and the infinities do not.
   */
  public static ParamSpec ofDouble(String name, double def, String description) {
    return new ParamSpec(name, Kind.DOUBLE, def, description);
  }

  /**
   * A number parameter accepting {@code min..max} (inclusive; NaN never), enforced by
   * {@link Params#resolve} and shown by {@link #describe()}.
   *
   * @throws IllegalArgumentException if {@code min > max}, a bound is NaN, or {@code def} lies
   *     outside the range
   */
  public static ParamSpec ofDouble(String name, double def, double min, double max, String description) {
    return new ParamSpec(name, Kind.DOUBLE, def, description, min, max);
  }

  /** Whether a range of accepted values is declared ({@link #min()} and {@link #max()} non-null). */
  public boolean hasRange() {
    return min != null;
  }

  /** The declared range as {@code min..max} (e.g. {@code 1..255}), or null without one. */
  public String rangeText() {
    return min == null ? null : bound(min) + ".." + bound(max);
  }

  /**
   * A range bound as users type it: whole numbers below a million as integers ({@code 0},
   * {@code 100000}), others in the shortest decimal or {@code e} notation ({@code 0.05},
   * {@code 1e6}, {@code 1e-9}).
   */
  public static String bound(Number n) {
    if (!(n instanceof Double) && !(n instanceof Float)) {
      return n.toString();
    }
    double v = n.doubleValue();
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return Double.toString(v);
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e6) {
      return Long.toString((long) v);
    }
    return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toString().replace("E+", "e").replace("E", "e");
  }

  /**
   * Checks a parsed value against the declared range (no-op without one).
   *
   * @param owner game or agent name for the message
   * @param value a value returned by {@link #parse}
   * @throws SpecException {@code owner: name=value is out of range; valid: min..max}
   */
  public void checkRange(String owner, Object value) {
    if (min == null) {
      return;
    }
    boolean inside;
    if (value instanceof java.math.BigInteger) {
      inside = false;
    } else {
      double v = ((Number) value).doubleValue();
      inside = kind == Kind.INT
          ? ((Number) value).longValue() >= min.longValue() && ((Number) value).longValue() <= max.longValue()
          : v >= min.doubleValue() && v <= max.doubleValue();
    }
    if (!inside) {
      throw new SpecException(owner + ": " + name + "=" + (value instanceof Number n ? bound(n) : value)
          + " is out of range; valid: " + rangeText());
    }
  }

  /** A boolean parameter ({@link Kind#BOOL}). */
  public static ParamSpec ofBool(String name, boolean def, String description) {
    return new ParamSpec(name, Kind.BOOL, def, description);
  }

  /** A text parameter ({@link Kind#STRING}); the owner checks the value. */
  public static ParamSpec ofString(String name, String def, String description) {
    return new ParamSpec(name, Kind.STRING, def, description);
  }

  /** A nested game-string parameter ({@link Kind#GAME}), e.g. {@code game=goofspiel(num_cards=4)}. */
  public static ParamSpec ofGame(String name, String def, String description) {
    return new ParamSpec(name, Kind.GAME, def, description);
  }

  /** A number in decimal notation, or the words Java uses for NaN and the infinities. */
  private static final java.util.regex.Pattern DECIMAL =
      java.util.regex.Pattern.compile("[+-]?(NaN|Infinity|([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?)");

  /**
   * A number written in decimal notation ({@code 0.5}, {@code -3}, {@code 1e-4}, {@code .5}), or
   * Java's words {@code NaN} and {@code Infinity}; the one rule for numbers in specification strings
   * and command-line options. A decimal too large for a double gives an infinity: callers that want
   * a finite number check {@link Double#isFinite}.
   *
   * @throws NumberFormatException for anything else, e.g. Java's hexadecimal floats and type
   *     suffixes ({@code 0x1p3}, {@code 1f}, {@code 2d}), which {@link Double#parseDouble} alone
   *     would take
   */
  public static double parseDecimal(String text) {
    String v = text.trim();
    if (!DECIMAL.matcher(v).matches()) {
      throw new NumberFormatException("not a decimal number: '" + text + "'");
    }
    return Double.parseDouble(v);
  }

  /** An integer in exponent form, {@code 1e3} or {@code 2.5E+2}. */
  private static final java.util.regex.Pattern EXPONENT_FORM =
      java.util.regex.Pattern.compile("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)[eE][+-]?[0-9]+");

  /**
   * An int written in ASCII digits with an optional sign ({@code -3}, {@code +12}, {@code 007}):
   * the only form the grammar calls digits. {@link Integer#parseInt} alone also takes other
   * scripts' digits (fullwidth {@code ５}, Arabic-Indic {@code ٥}), which would then be stored and
   * shown as typed.
   *
   * @throws NumberFormatException if {@code text} is anything else, or outside the int range
   */
  public static int asciiInt(String text) {
    if (!ASCII_INTEGER.matcher(text).matches()) {
      throw new NumberFormatException("not an integer in ASCII digits: '" + text + "'");
    }
    return Integer.parseInt(text);
  }

  private static final java.util.regex.Pattern ASCII_INTEGER = java.util.regex.Pattern.compile("[+-]?[0-9]+");

  /**
   * The value of a number in exponent form ({@code 1e3}, {@code 2.5e2}, {@code -4E+1}) when it is a
   * whole number, e.g. {@code 1000}; null when it is not ({@code 1.5e0}, {@code 1e-4}). The
   * exponent is never expanded ({@code 1e999999999} costs nothing).
   *
   * @throws NumberFormatException if {@code text} is not a number in exponent form
   * @throws ArithmeticException if the value is whole but outside the {@code long} range
   */
  public static Long exactInteger(String text) {
    String t = text.trim();
    if (!EXPONENT_FORM.matcher(t).matches()) {
      throw new NumberFormatException("not in exponent form: '" + text + "'");
    }
    java.math.BigDecimal b;
    try {
      b = new java.math.BigDecimal(t);
    } catch (NumberFormatException e) { // an exponent beyond int: 0 (or a fraction) or far outside every range
      if (t.matches("[+-]?[0.]*[eE].*")) {
        return 0L;
      }
      if (t.matches(".*[eE]-.*")) {
        return null;
      }
      throw new ArithmeticException("'" + text + "' is outside the long range");
    }
    if (b.signum() == 0) {
      return 0L;
    }
    // digits before the point, whatever trailing zeros the mantissa has: checked before any
    // arithmetic on a long mantissa (stripping 120,000 trailing zeros one division at a time took
    // seconds)
    if ((long) b.precision() - b.scale() > 19) {
      throw new ArithmeticException("'" + text + "' is outside the long range");
    }
    if (b.scale() > 0) {
      try {
        b = b.setScale(0, java.math.RoundingMode.UNNECESSARY);
      } catch (ArithmeticException fraction) {
        return null; // a fractional part
      }
    }
    return b.longValueExact(); // ArithmeticException beyond the long range
  }

  /**
   * The value of an integer written by the one rule of integer parameters and command-line options:
   * ASCII digits with an optional sign ({@code -3}, {@code +12}, {@code 007}), or the exponent form
   * of a whole number ({@code 1e3} is 1000, {@code 2.5e2} is 250). Surrounding spaces are ignored.
   * Callers refuse a value outside their own range naming that range; an integer beyond the {@code
   * long} range is told apart from text that is no integer, so that it can be refused as out of
   * range too rather than as unreadable.
   *
   * @throws NumberFormatException if {@code text} is not an integer ({@code abc}, {@code 1.5},
   *     {@code 1.5e0}, {@code 1e-4}, another script's digits)
   * @throws ArithmeticException if it is an integer beyond the {@code long} range ({@code
   *     99999999999999999999}, {@code 1e400}; the exponent is never expanded)
   */
  public static long wholeNumber(String text) {
    String t = text.trim();
    if (ASCII_INTEGER.matcher(t).matches()) {
      try {
        return Long.parseLong(t);
      } catch (NumberFormatException e) { // digits only: too many of them
        throw new ArithmeticException("'" + text + "' is outside the long range");
      }
    }
    Long whole = exactInteger(t); // NumberFormatException unless in exponent form
    if (whole == null) {
      throw new NumberFormatException("not a whole number: '" + text + "'");
    }
    return whole;
  }

  /**
   * Converts raw text to this parameter's type. A BOOL is {@code true} or {@code false} in any
   * case ({@code True}, as OpenSpiel prints it, included), or {@code 1} or {@code 0}; nothing
   * else ({@code yes}, {@code on}): one rule for every boolean parameter of games and agents. An
   * INT given as an integer outside Java's {@code int} range is returned as a {@link
   * java.math.BigInteger}, which {@link Params#getInt} and {@link Params#requireInt} refuse as out
   * of range. An INT may also be written in exponent form when its value is a whole number
   * ({@code 1e3} is 1000, {@code 2.5e2} is 250; {@code 1.5e0} is refused as not an integer); one
   * beyond the {@code int} range is refused naming the text typed ({@code sims=1e400 is out of
   * range}). A DOUBLE is written in decimal notation ({@code 0.5}, {@code -3}, {@code 1e-4}, {@code
   * .5}) and is finite: NaN, the infinities and decimals too large for a double are refused naming
   * the text typed ({@code c='1e400' is not a finite number; valid: 0..1e6}); Java's hexadecimal
   * floats and type suffixes ({@code 0x1p3}, {@code 1f}, {@code 2d}) are refused.
   *
   * @throws SpecException if the text is not a valid value of this kind
   */
  public Object parse(String raw) {
    String v = raw.trim();
    try {
      switch (kind) {
        case INT:
          long whole;
          try {
            whole = wholeNumber(v); // NumberFormatException: not an integer (1.5e0, abc, other scripts' digits)
          } catch (ArithmeticException beyond) {
            whole = Long.MAX_VALUE; // outside every int range: refused below
          }
          if (whole >= Integer.MIN_VALUE && whole <= Integer.MAX_VALUE) {
            return (int) whole;
          }
          if (ASCII_INTEGER.matcher(v).matches()) {
            return new java.math.BigInteger(v); // too large for int: Params reports it as out of range
          }
          // the typed text, not a long run of digits (1e400 is never expanded)
          throw new SpecException(name + "=" + v + " is out of range; valid: "
              + (min != null ? rangeText() : Integer.MIN_VALUE + ".." + Integer.MAX_VALUE));
        case DOUBLE:
          double d = parseDecimal(v); // decimal notation only (not 0x1p3, 1f, 2d)
          if (!Double.isFinite(d)) {
            // NaN, the infinities and decimals too large for a double (1e400): the typed text is
            // echoed, never the Infinity it parses to
            throw new SpecException(notA(v));
          }
          return d;
        case BOOL:
          String l = v.toLowerCase(Locale.ROOT);
          if (l.equals("true") || l.equals("1")) {
            return Boolean.TRUE;
          }
          if (l.equals("false") || l.equals("0")) {
            return Boolean.FALSE;
          }
          throw new NumberFormatException();
        default:
          return v;
      }
    } catch (NumberFormatException e) {
      // the words of a command-line option's bad value (-n: '1.5' is not an integer), with the
      // range when one is declared: the user learns both what to type and which values
      throw new SpecException(notA(v));
    }
  }

  /**
   * The one wording for text that is not a value of this kind: {@code board_size='abc' is not an
   * integer; valid: 1..255}, {@code c='1e400' is not a finite number; valid: 0..1e6} (NaN, the
   * infinities and what is not a decimal alike), {@code reuse=yes is not valid; valid: true,
   * false (or 1, 0; any case)} (a choice, worded as {@link Params#requireOneOf}'s).
   */
  private String notA(String text) {
    switch (kind) {
      case INT:
        return name + "='" + text + "' is not an integer" + (min != null ? "; valid: " + rangeText() : "");
      case DOUBLE:
        return name + "='" + text + "' is not a finite number; valid: " + (min != null ? rangeText() : "any finite number");
      case BOOL:
        return name + "=" + text + " is not valid; valid: true, false (or 1, 0; any case)";
      default:
        return name + "='" + text + "' is not " + kindWord();
    }
  }

  /** Renders a value the way OpenSpiel prints parameters ({@code True}/{@code False} for booleans). */
  public static String format(Object value) {
    if (value instanceof Boolean b) {
      return b ? "True" : "False";
    }
    return String.valueOf(value);
  }

  private String kindWord() {
    switch (kind) {
      case INT:
        return "an integer";
      case DOUBLE:
        return "a number";
      case BOOL:
        return "true or false (or 1 or 0; any case)";
      case GAME:
        return "a game string";
      default:
        return "a string";
    }
  }

  /**
   * {@code name=default (kind) description}, for help listings; with a declared range
   * {@code name=default (kind, min..max) description}, e.g.
   * {@code board_size=11 (int, 1..255) rows and columns}; a number parameter without a range
   * reads {@code (double, any finite number)}, which {@link #parse} enforces (NaN and the
   * infinities are refused).
   */
  public String describe() {
    String k = kind.name().toLowerCase(Locale.ROOT);
    String range = min != null ? ", " + rangeText() : kind == Kind.DOUBLE ? ", any finite number" : "";
    return name + "=" + format(defaultValue) + " (" + k + range + ") " + description;
  }
}
