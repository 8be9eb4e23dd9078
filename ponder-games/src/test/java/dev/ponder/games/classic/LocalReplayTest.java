package dev.ponder.games.classic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LocalReplayTest {
  @ParameterizedTest
  @CsvSource({"nim.txt,nim", "mancala.txt,mancala", "gomoku.txt,gomoku", "dots_and_boxes.txt,dots_and_boxes",
      "amazons.txt,amazons", "2048.txt,2048"})
  void replays(String file, String game) throws Exception {
    assertThat(LocalReplay.replay(file, game)).isGreaterThan(10);
  }
}
