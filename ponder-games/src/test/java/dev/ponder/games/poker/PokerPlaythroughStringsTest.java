package dev.ponder.games.poker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PokerPlaythroughStringsTest {
  @ParameterizedTest
  @CsvSource({
      "kuhn_poker_2p.txt, true",
      "kuhn_poker_3p.txt, true",
      "leduc_poker_1540482260.txt, true",
      "leduc_poker_3977671846.txt, true",
      "liars_dice.txt, false"})
  void replaysStringsTensorsAndReturns(String file, boolean observationStrings) throws Exception {
    assertThat(OpenSpielStringsCheck.check(file, observationStrings)).isGreaterThan(3);
  }
}
