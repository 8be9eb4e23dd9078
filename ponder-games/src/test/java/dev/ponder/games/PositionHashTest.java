package dev.ponder.games;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Pig, backgammon and 2048 hash the position, not the history ({@link State#hash()}'s contract):
 * two histories that reach one position hash alike, and changing any one field the rules read
 * changes the hash.
 */
class PositionHashTest {

  private static State play(String spec, int... actions) {
    State s = GameRegistry.load(spec).newInitialState();
    for (int a : actions) {
      s.applyAction(a);
    }
    return s;
  }

  /**
   * Asserts that a copy of {@code s} with one field changed (an int or boolean field, or one
   * element of an int array field) hashes differently from {@code s}, for each named field.
   */
  private static void eachFieldChangesTheHash(State s, String... fields) throws ReflectiveOperationException {
    long h = s.hash();
    for (String name : fields) {
      String[] parts = name.split("\\[");
      State c = s.copy();
      assertThat(c.hash()).as("copy").isEqualTo(h);
      Field f = field(c.getClass(), parts[0]);
      f.setAccessible(true);
      if (parts.length > 1) {
        int i = Integer.parseInt(parts[1].replace("]", ""));
        int[] arr = (int[]) f.get(c);
        arr[i]++;
      } else if (f.getType() == boolean.class) {
        f.setBoolean(c, !f.getBoolean(c));
      } else {
        f.setInt(c, f.getInt(c) + 1);
      }
      assertThat(c.hash()).as("hash after changing " + name).isNotEqualTo(h);
    }
  }

  private static Field field(Class<?> type, String name) throws NoSuchFieldException {
    for (Class<?> t = type; t != null; t = t.getSuperclass()) {
      try {
        return t.getDeclaredField(name);
      } catch (NoSuchFieldException e) {
        // look in the superclass (State's own fields)
      }
    }
    throw new NoSuchFieldException(name);
  }

  @Test
  void pigHashesTheTurnTotalNotTheOrderOfTheRolls() throws ReflectiveOperationException {
    // roll (0), a 3 (outcome 2), roll, a 2 (outcome 1): turn total 5, as with the 2 first
    State a = play("pig", 0, 2, 0, 1);
    State b = play("pig", 0, 1, 0, 2);
    assertThat(a.toString()).isEqualTo(b.toString());
    assertThat(a.hash()).isEqualTo(b.hash());
    eachFieldChangesTheHash(a, "scores[0]", "scores[1]", "turnTotal", "turnPlayer", "rolling", "decisions");
    eachFieldChangesTheHash(play("pig", 0, 3, 1), "scores[0]", "scores[1]", "turnTotal", "turnPlayer", "rolling",
        "decisions");
  }

  @Test
  void game2048HashesTheTilesNotTheOrderOfThePlacements() throws ReflectiveOperationException {
    // a 2 on cell 0 (outcome 0) and a 2 on cell 5 (outcome 10), in either order
    State a = play("2048", 0, 10);
    State b = play("2048", 10, 0);
    assertThat(a.toString()).isEqualTo(b.toString());
    assertThat(a.hash()).isEqualTo(b.hash());
    assertThat(play("2048", 0, 11).hash()).as("a 4 instead of a 2").isNotEqualTo(a.hash());
    eachFieldChangesTheHash(a, "board[0]", "board[5]", "board[15]", "merged", "player", "extraChanceTurn",
        "boardTerminal", "totalScore", "actionScore", "historySize");
  }

  @Test
  void backgammonHashesTheCheckersNotTheMoves() throws ReflectiveOperationException {
    Game g = GameRegistry.load("backgammon");
    State start = g.newInitialState();
    start.applyAction(2); // x starts with the first non-double pair
    int[] buf = new int[g.numDistinctActions()];
    int n = start.legalActions(buf);
    List<State> after = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      State s = start.copy();
      s.applyAction(buf[i]);
      after.add(s);
    }
    int samePositions = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        boolean same = after.get(i).toString().equals(after.get(j).toString());
        samePositions += same ? 1 : 0;
        assertThat(after.get(i).hash() == after.get(j).hash())
            .as("actions %d and %d: same board %s", buf[i], buf[j], same).isEqualTo(same);
      }
    }
    assertThat(samePositions).as("pairs of moves that give one position").isPositive();
    State s = after.get(0);
    s.applyAction(3); // o's roll
    eachFieldChangesTheHash(s, "board[0]", "board[23]", "board[24]", "board[47]", "bar[0]", "bar[1]", "off[0]",
        "off[1]", "dice[0]", "dice[1]", "cur", "prev", "turns", "doubleTurn");
  }
}
