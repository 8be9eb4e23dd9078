package dev.ponder.game;

import dev.ponder.spec.SpecException;
import java.util.Arrays;
import java.util.StringJoiner;

/**
 * A (partial or finished) match serialized as game string plus action history, one line of
 * text: {@code <game string> | a1 a2 a3 ...}. Loading replays the actions with legality checks
 * and yields a state equal to the original.
 *
 * <p>{@link #of} writes the game string with every parameter ({@link #fullGameString}), defaults
 * included, so a record keeps meaning the game it was played on after a default changes (a
 * record that left a default out would replay on the new default: a finished match could replay
 * as unfinished). Records written before, with only the parameters given, still load: a missing
 * parameter takes its current default.
 *
 * @param game game string; from {@link #of}, the full one ({@link #fullGameString})
 * @param actions actions applied from the initial state, chance outcomes included; the record
 *     holds this array itself (not a copy), and {@link #actions()} returns it: do not modify it
 */
public record MatchRecord(String game, int[] actions) {

  /**
   * The record of {@code state}: its game's full string ({@link #fullGameString}) and its history
   * (a copy).
   */
  public static MatchRecord of(State state) {
    return new MatchRecord(fullGameString(state.game()), state.history());
  }

  /**
   * The game string of {@code game} with every declared parameter, defaults filled in: {@code
   * name(k1=v1,k2=v2,...)} sorted by key, each value in its kind's rendering ({@code True}, {@code
   * 1.5}), derived values as resolved (e.g. hex's {@code num_rows}), a nested game parameter
   * expanded the same way; just {@code name} for a game without parameters. {@link
   * GameRegistry#load} turns it back into a game with the same parameters whatever the defaults
   * are when it is loaded, and two games have the same full string exactly when every parameter
   * has the same value (OpenSpiel's {@code GetParameters()}, as a game string).
   *
   * @throws SpecException if a nested game string does not load
   */
  public static String fullGameString(Game game) {
    String p = dev.ponder.game.check.PlaythroughReplayer.openSpielParameters(game.params());
    String inner = p.substring(1, p.length() - 1);
    return inner.isEmpty() ? game.name() : game.name() + "(" + inner + ")";
  }

  /** One line: {@code game | actions separated by spaces}. */
  public String toLine() {
    StringJoiner j = new StringJoiner(" ");
    for (int a : actions) {
      j.add(Integer.toString(a));
    }
    return game + " | " + j;
  }

  /**
   * Parses {@link #toLine()} output.
   *
   * @throws IllegalArgumentException if the line is malformed (one-line message)
   */
  public static MatchRecord parse(String line) {
    int bar = line.lastIndexOf('|');
    if (bar < 0) {
      throw new IllegalArgumentException("malformed match record: expected '<game> | <actions>'");
    }
    String game = line.substring(0, bar).trim();
    String rest = line.substring(bar + 1).trim();
    if (game.isEmpty()) {
      throw new IllegalArgumentException("malformed match record: missing game string");
    }
    int depth = 0;
    for (int i = 0; i < game.length(); i++) { // a '|' inside a game's parentheses is a parameter's
      char c = game.charAt(i);
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (c == '|' && depth == 0) {
        throw new IllegalArgumentException("malformed match record: more than one '|'; expected '<game> | <actions>'");
      }
    }
    int[] actions;
    if (rest.isEmpty()) {
      actions = new int[0];
    } else {
      String[] parts = rest.split("\\s+");
      actions = new int[parts.length];
      for (int i = 0; i < parts.length; i++) {
        try {
          actions[i] = dev.ponder.spec.ParamSpec.asciiInt(parts[i]);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("malformed match record: action '" + parts[i] + "' is not an integer");
        }
      }
    }
    return new MatchRecord(game, actions);
  }

  /**
   * Replays the record: loads the game and applies every action with legality checks.
   *
   * @return the state after the last action
   * @throws SpecException if the game string does not load (unknown game, bad parameter)
   * @throws IllegalActionException if an action is not legal where it is applied (the message
   *     lists the legal ones)
   */
  public State replay() {
    return GameRegistry.load(game).stateFromHistory(actions);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MatchRecord m && m.game.equals(game) && Arrays.equals(m.actions, actions);
  }

  @Override
  public int hashCode() {
    return game.hashCode() * 31 + Arrays.hashCode(actions);
  }

  @Override
  public String toString() {
    return toLine();
  }
}
