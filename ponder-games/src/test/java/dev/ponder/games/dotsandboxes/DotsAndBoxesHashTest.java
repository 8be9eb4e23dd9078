package dev.ponder.games.dotsandboxes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The incrementally maintained Zobrist hash is a function of the position alone (lines drawn, box
 * owners, player to move; the board string plus the player to move identify it): every pair of
 * states reached by different move orders with the same position has the same hash, and no two
 * different positions seen share one. Non-terminal states only: at the end the hash still carries
 * the side that would have moved, which no search reads.
 */
class DotsAndBoxesHashTest {

  @Test
  void hashIsTranspositionInvariantAndSeparatesPositions() {
    for (String spec : new String[] {"dots_and_boxes", "dots_and_boxes(num_rows=2,num_cols=3)"}) {
      Map<String, Long> hashOf = new HashMap<>();
      Map<Long, String> positionOf = new HashMap<>();
      Map<String, String> firstHistory = new HashMap<>();
      int transpositions = 0;
      SplittableRandom rng = new SplittableRandom(5);
      for (int g = 0; g < 3000; g++) {
        State s = GameRegistry.load(spec).newInitialState();
        while (!s.isTerminal()) {
          String position = s.toString() + "to move " + s.currentPlayer();
          Long h = hashOf.putIfAbsent(position, s.hash());
          if (h != null) {
            assertThat(s.hash()).as("%s: %s vs %s", spec, s.historyString(), firstHistory.get(position)).isEqualTo(h);
            if (!firstHistory.get(position).equals(s.historyString())) {
              transpositions++;
            }
          } else {
            firstHistory.put(position, s.historyString());
          }
          String other = positionOf.putIfAbsent(s.hash(), position);
          assertThat(other == null || other.equals(position)).as("hash collision in %s", spec).isTrue();
          int[] legal = s.legalActions();
          s.applyAction(legal[rng.nextInt(legal.length)]);
        }
      }
      assertThat(transpositions).as("transpositions exercised in %s", spec).isGreaterThan(1000);
    }
  }
}
