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
 * @param coverage which kinds of per-player fields were compared and which were present but not
 *     compared, with why: {@code compared information-state strings, observation strings,
 *     observation tensors; not compared: information-state strings (strings not asked for)}
 *     ("" when the file has none of them)
 */
public record ReplayResult(String source, String game, int statesReplayed, int fieldsChecked, Difference difference,
    String coverage) {

  /** A result without a coverage note. */
  public ReplayResult(String source, String game, int statesReplayed, int fieldsChecked, Difference difference) {
    this(source, game, statesReplayed, fieldsChecked, difference, "");
  }

  /**
   * The first field that differs.
   *
   * @param stateIndex the state number ({@code # State k}), or -1 for the header
   * @param field the field's name as printed, e.g. {@code LegalActions} or {@code
   *     InformationStateString(1)}
   * @param expected the value printed in the playthrough, or null when {@code actual} is the whole
   *     finding (a recorded action that is illegal)
   * @param actual what Ponder produced, or the finding
   */
  public record Difference(int stateIndex, String field, String expected, String actual) {
    /**
     * {@code state 3, LegalActions: expected [...] but was [...]}, or with no expected value
     * {@code state 2, action 8 is illegal (the file's comment says "x(2,0)", which is action 6); legal actions: [...]}.
     */
    public String describe() {
      String where = stateIndex < 0 ? "header" : "state " + stateIndex;
      if (expected == null) {
        return where + ", " + field + " " + actual;
      }
      return where + ", " + field + ": expected " + expected + " but was " + actual;
    }
  }

  /** Whether every checked field matched. */
  public boolean matches() {
    return difference == null;
  }

  /**
   * One line: {@code file: game replays exactly (S states, F fields checked; compared ...; not
   * compared: ...)} or {@code file: state k, field: expected ... but was ...}.
   */
  public String describe() {
    if (matches()) {
      return source + ": " + game + " replays exactly (" + statesReplayed + " states, " + fieldsChecked + " fields checked"
          + (coverage.isEmpty() ? "" : "; " + coverage) + ")";
    }
    return source + ": " + difference.describe();
  }

  @Override
  public String toString() {
    return describe();
  }
}
