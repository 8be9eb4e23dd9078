package dev.ponder.spec;

import java.util.Locale;
import java.util.Objects;

/**
 * One typed parameter of a game or agent: name, kind, default value and a one-line description.
 *
 * @param name parameter key as written in specification strings
 * @param kind value type
 * @param defaultValue default (Integer, Double, Boolean or String); never null
 * @param description one line for help text
 */
public record ParamSpec(String name, Kind kind, Object defaultValue, String description) {

  /** Value types a parameter can take. {@code GAME} is a nested game string. */
  public enum Kind {
    INT, DOUBLE, BOOL, STRING, GAME
  }

  public ParamSpec {
    Objects.requireNonNull(name);
    Objects.requireNonNull(kind);
    Objects.requireNonNull(defaultValue, "default of " + name);
  }

  public static ParamSpec ofInt(String name, int def, String description) {
    return new ParamSpec(name, Kind.INT, def, description);
  }

  public static ParamSpec ofDouble(String name, double def, String description) {
    return new ParamSpec(name, Kind.DOUBLE, def, description);
  }

  public static ParamSpec ofBool(String name, boolean def, String description) {
    return new ParamSpec(name, Kind.BOOL, def, description);
  }

  public static ParamSpec ofString(String name, String def, String description) {
    return new ParamSpec(name, Kind.STRING, def, description);
  }

  public static ParamSpec ofGame(String name, String def, String description) {
    return new ParamSpec(name, Kind.GAME, def, description);
  }

  /**
   * Converts raw text to this parameter's type. An INT given as an integer outside Java's
   * {@code int} range is returned as a {@link java.math.BigInteger}, which {@link Params#getInt}
   * and {@link Params#requireInt} refuse as out of range.
   *
   * @throws SpecException if the text is not a valid value of this kind
   */
  public Object parse(String raw) {
    String v = raw.trim();
    try {
      switch (kind) {
        case INT:
          if (v.matches("[+-]?[0-9]+")) {
            java.math.BigInteger whole = new java.math.BigInteger(v);
            // too large for int: Params reports it as out of range
            return whole.bitLength() > 31 ? whole : (Object) whole.intValue();
          }
          return Integer.parseInt(v);
        case DOUBLE:
          return Double.parseDouble(v);
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
      throw new SpecException("bad value '" + raw + "' for " + name + ": expected " + kindWord());
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
        return "true or false";
      case GAME:
        return "a game string";
      default:
        return "a string";
    }
  }

  /** {@code name=default (kind): description}, for help listings. */
  public String describe() {
    return name + "=" + format(defaultValue) + " (" + kind.name().toLowerCase(Locale.ROOT) + ") " + description;
  }
}
