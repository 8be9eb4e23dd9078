package dev.ponder.game.check;

/**
 * Outcome of replaying a playthrough: either every checked field matched, or the first
 * difference.
 *
 * @param source file name of the playthrough
 * @param game the playthrough's game string
 * @param statesReplayed number of states reached (header failures: 0)
 * @param fieldsChecked number of fields compared before stopping
 * @param difference the first difference, or null if the playthrough replays exactly
 */
public record ReplayResult(String source, String game, int statesReplayed, int fieldsChecked, Difference difference) {

  /**
   * The first field that differs.
   *
   * @param stateIndex the state number ({@code # State k}), or -1 for the header
   * @param field the field's name as printed, e.g. {@code LegalActions} or {@code
   *     InformationStateString(1)}
   * @param expected the value printed in the playthrough
   * @param actual what Ponder produced
   */
  public record Difference(int stateIndex, String field, String expected, String actual) {
    /** {@code state 3, LegalActions: expected [...] but was [...]}. */
    public String describe() {
      return (stateIndex < 0 ? "header" : "state " + stateIndex) + ", " + field + ": expected "
          + expected + " but was " + actual;
    }
  }

  /** Whether every checked field matched. */
  public boolean matches() {
    return difference == null;
  }

  /** One line: {@code file: replays (S states, F fields)} or {@code file: state k, field: expected ... but was ...}. */
  public String describe() {
    if (matches()) {
      return source + ": " + game + " replays exactly (" + statesReplayed + " states, " + fieldsChecked + " fields checked)";
    }
    return source + ": " + difference.describe();
  }

  @Override
  public String toString() {
    return describe();
  }
}
