package dev.ponder.games.suite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The incrementally maintained 64-bit hash of every deterministic perfect-information game of the
 * suite is a function of the position alone, checked over many random games on small boards
 * where move orders often transpose: states with the same position (board string without move
 * counters, player to move and legal actions; for amazons also the queen picked up or just moved,
 * which the board does not show) reached by different histories have the same hash, and no two
 * different positions seen share a hash. Non-terminal states only.
 */
class ZobristTranspositionTest {

  private static String position(State s, int[] legal) {
    StringBuilder sb = new StringBuilder();
    for (String line : s.toString().split("\n")) {
      if (!line.startsWith("Move number")) { // mancala's move counter is not part of the position
        sb.append(line).append('\n');
      }
    }
    sb.append("to move ").append(s.currentPlayer()).append("\nlegal ").append(Arrays.toString(legal));
    if (s.game().name().equals("amazons") && s.historySize() % 3 != 0) {
      sb.append("\nqueen ").append(s.historyAt(s.historySize() - 1));
    }
    return sb.toString();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "breakthrough(rows=4,columns=3)|20|2000",
      "hex(board_size=3)|100|2000",
      "othello|20|300",
      "clobber(rows=3,columns=3)|50|2000",
      "nim(pile_sizes=2;3;4,is_misere=False)|100|2000",
      "mancala|20|2000",
      "gomoku(size=3,connect=3)|100|2000",
      "dots_and_boxes|100|2000",
      "amazons(board_size=4)|50|1000"})
  void equalPositionsHaveEqualHashesAndDifferentOnesDiffer(String spec, int minTranspositions, int games) {
    Map<String, Long> hashOf = new HashMap<>();
    Map<String, String> historyOf = new HashMap<>();
    Map<Long, String> positionOf = new HashMap<>();
    int transpositions = 0;
    SplittableRandom rng = new SplittableRandom(41);
    for (int g = 0; g < games; g++) {
      State s = GameRegistry.load(spec).newInitialState();
      while (!s.isTerminal()) {
        int[] legal = s.legalActions();
        String position = position(s, legal);
        Long h = hashOf.putIfAbsent(position, s.hash());
        if (h == null) {
          historyOf.put(position, s.historyString());
        } else {
          assertThat(s.hash()).as("%s: history %s vs %s", spec, s.historyString(), historyOf.get(position)).isEqualTo(h);
          if (!historyOf.get(position).equals(s.historyString())) {
            transpositions++;
          }
        }
        String other = positionOf.putIfAbsent(s.hash(), position);
        assertThat(other == null || other.equals(position))
            .as("%s: hash %d shared by\n%s\nand\n%s", spec, s.hash(), other, position).isTrue();
        if (s.historySize() > 60) {
          break; // long games (othello, mancala, amazons) add nothing here
        }
        s.applyAction(legal[rng.nextInt(legal.length)]);
      }
    }
    assertThat(transpositions).as("transpositions exercised in %s", spec).isGreaterThanOrEqualTo(minTranspositions);
  }
}
