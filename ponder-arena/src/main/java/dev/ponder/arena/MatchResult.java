package dev.ponder.arena;

/**
 * The record of one played match.
 *
 * @param returns each seat's return (length = number of players); empty when {@code status} is
 *     {@link Status#ERROR}
 * @param length number of actions applied (decisions and chance outcomes)
 * @param moveMicros wall time of each decision in microseconds, in order of play
 * @param movePlayers the seat that made each decision in {@code moveMicros}
 * @param status ok, overrun (finished, but some decision took more than 110% of the agent's
 *     {@code time_ms}) or error
 * @param message error message (status error) or overrun description; empty otherwise
 * @param overruns per seat, number of decisions over 110% of the agent's {@code time_ms}
 * @param actions the action history (chance outcomes included), replayable with
 *     {@link dev.ponder.game.MatchRecord}
 * @param failedSeat for an {@link Status#ERROR} match, the seat (0 ≤ seat &lt; number of players)
 *     whose agent's call failed: creating the agent, its {@code selectAction} or {@code
 *     informAction} threw, or it chose an illegal action; −1 when the failure was no seat's
 *     agent's call (the game's own code threw when the arena called it, the game exceeded its
 *     maximum length, a current player the arena cannot seat) and for every match that is not an
 *     error. Stored as the {@code failed_seat} column ({@code NULL} for −1)
 */
public record MatchResult(
    double[] returns,
    int length,
    long[] moveMicros,
    int[] movePlayers,
    Status status,
    String message,
    int[] overruns,
    int[] actions,
    int failedSeat) {

  /** Outcome kind of a match. */
  public enum Status {
    /** Finished within every time budget. */
    OK,
    /** Finished, but some decision took more than 110% of its agent's {@code time_ms}; returns valid. */
    OVERRUN,
    /** Failed (an agent's call or the game's code threw, an illegal action, ...): no returns. */
    ERROR;

    /** Lower-case name as stored. */
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Parses {@link #label()}. */
    public static Status of(String label) {
      return valueOf(label.toUpperCase(java.util.Locale.ROOT));
    }
  }

  /** True unless the match failed; overrun matches have valid returns. */
  public boolean hasReturns() {
    return status != Status.ERROR;
  }

  /**
   * Every component as the record would print it, but the arrays by their contents (the record's
   * own {@code toString} prints an array as its type and address, {@code [D@2471cca7}), e.g. {@code
   * MatchResult[returns=[-1.0, 1.0], length=22, ..., status=OK, ..., failedSeat=-1]}.
   */
  @Override
  public String toString() {
    return "MatchResult[returns=" + java.util.Arrays.toString(returns) + ", length=" + length + ", moveMicros="
        + java.util.Arrays.toString(moveMicros) + ", movePlayers=" + java.util.Arrays.toString(movePlayers) + ", status="
        + status + ", message=" + message + ", overruns=" + java.util.Arrays.toString(overruns) + ", actions="
        + java.util.Arrays.toString(actions) + ", failedSeat=" + failedSeat + "]";
  }

  /** Total decision time of {@code seat} in microseconds. */
  public long seatMicros(int seat) {
    long t = 0;
    for (int i = 0; i < moveMicros.length; i++) {
      if (movePlayers[i] == seat) {
        t += moveMicros[i];
      }
    }
    return t;
  }
}
