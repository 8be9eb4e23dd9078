package dev.ponder.spec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A parsed specification string {@code name(key=value,key=value,...)}: the grammar that names
 * both games ({@code hex(board_size=7)}) and agents ({@code puct(c_init=1.25,sims=800)}).
 *
 * <p>Values are kept as raw text; a value may itself be a nested specification such as
 * {@code turn_based_simultaneous_game(game=goofspiel(num_cards=4))}. Keys keep their order of
 * appearance. Whitespace around names, keys and values is ignored.
 */
public final class Spec {
  private final String name;
  private final Map<String, String> args;

  /**
   * A specification from its parts (not parsed or checked).
   *
   * @param name the game or agent name
   * @param args raw values by key, in order (copied)
   */
  public Spec(String name, Map<String, String> args) {
    this.name = name;
    this.args = Collections.unmodifiableMap(new LinkedHashMap<>(args));
  }

  /** The name before the parenthesis. */
  public String name() {
    return name;
  }

  /** Raw argument values by key, in order of appearance. */
  public Map<String, String> args() {
    return args;
  }

  /**
   * Whether {@code word} is a name or key of the project's form: one or more ASCII letters, digits
   * and {@code _}. Such a word stands in a specification string and is read back as itself, and
   * every list (comma- or semicolon-separated), match record ({@code |}) and report table can
   * hold it as it is. Game and agent registries refuse factories whose names, aliases or parameter
   * keys are not words.
   *
   * @param word a name or key, or null (false)
   */
  public static boolean isWord(String word) {
    if (word == null || word.isEmpty()) {
      return false;
    }
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')) {
        return false;
      }
    }
    return true;
  }

  /**
   * What is wrong with the names a factory declares, or null: {@code name} not a {@linkplain
   * #isWord word}, or a parameter key that is not one or is declared twice. The registries' check of
   * game and agent factories.
   *
   * @param name the game's or agent's name
   * @param keys its parameters' keys, in declaration order
   * @return one line naming the fault, or null
   */
  public static String namingProblem(String name, java.util.List<String> keys) {
    if (!isWord(name)) {
      return "the name '" + name + "' cannot be written in a specification string (name or name(key=value,...));"
          + " use letters, digits and _";
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String k : keys) {
      if (!isWord(k)) {
        return name + " declares the parameter key '" + k + "', which a specification string cannot give"
            + " (name(key=value,...)); use letters, digits and _";
      }
      if (!seen.add(k)) {
        return name + " declares the parameter key '" + k + "' twice";
      }
    }
    return null;
  }

  /**
   * Parses {@code text}.
   *
   * @throws SpecException on an empty name, unbalanced parentheses, a missing {@code =}, a
   *     duplicate key or trailing text
   */
  public static Spec parse(String text) {
    if (text == null) {
      throw new SpecException("empty specification");
    }
    String s = text.trim();
    int open = s.indexOf('(');
    if (open < 0) {
      if (s.isEmpty() || s.contains(")") || s.contains(",") || s.contains("=")) {
        throw new SpecException("malformed specification '" + text + "': expected name or name(key=value,...)");
      }
      return new Spec(s, Map.of());
    }
    String name = s.substring(0, open).trim();
    if (name.isEmpty()) {
      throw new SpecException("malformed specification '" + text + "': missing name before '('");
    }
    int close = matchingClose(s, open);
    if (close >= 0 && close != s.length() - 1) { // text after the arguments' ')': an extra ')' or a tail
      String tail = s.substring(close + 1).trim();
      throw new SpecException("malformed specification '" + text + "': "
          + (tail.contains(")") ? "unbalanced ')'" : "trailing text '" + tail + "' after ')'"));
    }
    if (!s.endsWith(")")) {
      throw new SpecException("malformed specification '" + text + "': missing closing ')'");
    }
    String body = s.substring(open + 1, s.length() - 1);
    Map<String, String> args = new LinkedHashMap<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i <= body.length(); i++) {
      char c = i < body.length() ? body.charAt(i) : ',';
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
        if (depth < 0) {
          throw new SpecException("malformed specification '" + text + "': unbalanced ')'");
        }
      } else if (c == ',' && depth == 0) {
        String part = body.substring(start, i).trim();
        start = i + 1;
        if (part.isEmpty()) {
          if (i == body.length() && args.isEmpty() && body.isBlank()) {
            break;
          }
          throw new SpecException("malformed specification '" + text + "': empty argument");
        }
        int eq = part.indexOf('=');
        if (eq <= 0) {
          throw new SpecException("malformed specification '" + text + "': argument '" + part + "' is not key=value");
        }
        String key = part.substring(0, eq).trim();
        String value = part.substring(eq + 1).trim();
        if (args.put(key, value) != null) {
          throw new SpecException("malformed specification '" + text + "': key '" + key + "' given twice");
        }
      }
    }
    if (depth != 0) {
      throw new SpecException("malformed specification '" + text + "': unbalanced '('");
    }
    return new Spec(name, args);
  }

  /** Index of the ')' that closes the '(' at {@code open}, or −1 when the text ends first. */
  private static int matchingClose(String s, int open) {
    int depth = 0;
    for (int i = open; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /** Canonical text: {@code name} or {@code name(k=v,...)} in the stored key order. */
  @Override
  public String toString() {
    if (args.isEmpty()) {
      return name;
    }
    StringBuilder sb = new StringBuilder(name).append('(');
    boolean first = true;
    for (Map.Entry<String, String> e : args.entrySet()) {
      if (!first) {
        sb.append(',');
      }
      first = false;
      sb.append(e.getKey()).append('=').append(e.getValue());
    }
    return sb.append(')').toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Spec other && other.name.equals(name) && other.args.equals(args);
  }

  @Override
  public int hashCode() {
    return name.hashCode() * 31 + args.hashCode();
  }
}
