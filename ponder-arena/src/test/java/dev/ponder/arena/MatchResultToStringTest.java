package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A match result printed from a program of one's own shows its returns and moves, not array addresses. */
class MatchResultToStringTest {

  @Test
  void arraysArePrintedByContent() {
    MatchResult r = MatchRunner.play("tic_tac_toe", List.of("random", "random"), 1L);
    String text = r.toString();
    assertThat(text)
        .startsWith("MatchResult[returns=" + Arrays.toString(r.returns()) + ", length=" + r.length() + ", moveMicros=[")
        .contains(", movePlayers=" + Arrays.toString(r.movePlayers()) + ", status=" + r.status() + ", message=")
        .endsWith(", overruns=[0, 0], actions=" + Arrays.toString(r.actions()) + ", failedSeat=-1]")
        .doesNotContain("[D@").doesNotContain("[I@").doesNotContain("[J@");
    assertThat(r.actions()).hasSize(r.length());
  }
}
