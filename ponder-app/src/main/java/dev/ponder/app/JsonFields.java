package dev.ponder.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ponder.game.Game;
import dev.ponder.spec.ParamSpec;
import java.util.Map;

/**
 * Fields shared by the commands' {@code --json} output ({@code ponder search}, {@code ponder
 * solve}, {@code ponder exploitability}): one indented JSON object, snake_case field names,
 * numbers as JSON numbers, NaN as null.
 */
final class JsonFields {
  private JsonFields() {}

  /** The mapper every {@code --json} output is written with (indented). */
  static ObjectMapper mapper() {
    return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  }

  /**
   * Puts {@code game_parameters}: every parameter of the loaded game, defaults included: key →
   * boolean, integer, number or string (a nested game as its string).
   */
  static void putGameParameters(ObjectNode root, Game game) {
    ObjectNode gp = root.putObject("game_parameters");
    for (Map.Entry<String, Object> e : game.params().values().entrySet()) {
      Object v = e.getValue();
      if (v instanceof Boolean b) {
        gp.put(e.getKey(), b);
      } else if (v instanceof Integer n) {
        gp.put(e.getKey(), n);
      } else if (v instanceof Long n) {
        gp.put(e.getKey(), n);
      } else if (v instanceof java.math.BigInteger n) {
        gp.put(e.getKey(), n);
      } else if (v instanceof Number n) {
        gp.put(e.getKey(), n.doubleValue());
      } else {
        gp.put(e.getKey(), ParamSpec.format(v));
      }
    }
  }

  /** Adds {@code v} to {@code a}, NaN as null. */
  static void addNumber(ArrayNode a, double v) {
    if (Double.isNaN(v)) {
      a.addNull();
    } else {
      a.add(v);
    }
  }

  /** Puts {@code v} under {@code key}, NaN as null. */
  static void putNumber(ObjectNode o, String key, double v) {
    if (Double.isNaN(v)) {
      o.putNull(key);
    } else {
      o.put(key, v);
    }
  }

  /** Puts {@code values} under {@code key} as an array of numbers (NaN as null). */
  static void putNumbers(ObjectNode o, String key, double[] values) {
    ArrayNode a = o.putArray(key);
    for (double v : values) {
      addNumber(a, v);
    }
  }
}
