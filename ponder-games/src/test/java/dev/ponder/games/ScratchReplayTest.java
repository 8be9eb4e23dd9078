package dev.ponder.games;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ScratchReplayTest {
  @ParameterizedTest
  @ValueSource(strings = {"backgammon.txt", "goofspiel_turn_based.txt", "hearts.txt"})
  void replays(String file) throws Exception {
    ScratchReplay.checks = 0;
    assertThat(ScratchReplay.replay(file)).isEmpty();
    System.out.println(file + " lines " + ScratchReplay.checks);
  }
}
