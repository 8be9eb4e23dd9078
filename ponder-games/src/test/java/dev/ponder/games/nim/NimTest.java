package dev.ponder.games.nim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.spec.SpecException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import dev.ponder.game.check.ConformanceKit;
import dev.ponder.game.check.Playthroughs;
import org.junit.jupiter.api.Test;

class NimTest {

  /**
   * Independent exhaustive solver over pile multisets (no game code): true if the player to move
   * wins. Normal play: taking the last object wins; misère: it loses.
   */
  private static boolean toMoveWins(int[] piles, boolean misere, Map<String, Boolean> memo) {
    int[] key = piles.clone();
    Arrays.sort(key);
    String k = Arrays.toString(key);
    Boolean known = memo.get(k);
    if (known != null) {
      return known;
    }
    int total = Arrays.stream(piles).sum();
    boolean result;
    if (total == 0) {
      // The previous player took the last object.
      result = misere;
    } else {
      result = false;
      for (int i = 0; i < piles.length && !result; i++) {
        for (int take = 1; take <= piles[i] && !result; take++) {
          piles[i] -= take;
          if (!toMoveWins(piles, misere, memo)) {
            result = true;
          }
          piles[i] += take;
        }
      }
    }
    memo.put(k, result);
    return result;
  }

  /** Negamax over the game's own states with a transposition table keyed by its Zobrist hash. */
  private static int negamax(State s, Map<Long, Integer> table) {
    if (s.isTerminal()) {
      // Return from the view of the player who would move now (the loser/winner flip).
      int player = s.historySize() % 2;
      return (int) s.playerReturn(player);
    }
    Integer cached = table.get(s.hash());
    if (cached != null) {
      return cached;
    }
    int best = -1;
    for (int a : s.legalActions()) {
      s.applyActionUnchecked(a);
      best = Math.max(best, -negamax(s, table));
      s.undoAction(a);
      if (best == 1) {
        break;
      }
    }
    table.put(s.hash(), best);
    return best;
  }

  private static boolean gameSaysToMoveWins(String spec) {
    Game g = GameRegistry.load(spec);
    return negamax(g.newInitialState(), new HashMap<>()) == 1;
  }

  @Test
  void referencePositionsMatchTheIndependentSolverAndTheGame() {
    // REFERENCE.md: normal play 5,8,13 -> player to move loses; 2,3,8,10 -> wins; misère 1,1,1 -> loses.
    assertThat(toMoveWins(new int[] {5, 8, 13}, false, new HashMap<>())).isFalse();
    assertThat(toMoveWins(new int[] {2, 3, 8, 10}, false, new HashMap<>())).isTrue();
    assertThat(toMoveWins(new int[] {1, 1, 1}, true, new HashMap<>())).isFalse();
    assertThat(gameSaysToMoveWins("nim(pile_sizes=5;8;13,is_misere=false)")).isFalse();
    assertThat(gameSaysToMoveWins("nim(pile_sizes=2;3;8;10,is_misere=false)")).isTrue();
    assertThat(gameSaysToMoveWins("nim(pile_sizes=1;1;1,is_misere=true)")).isFalse();
  }

  @Test
  void gameAgreesWithSolverOnAllSmallPositions() {
    Map<String, Boolean> normal = new HashMap<>();
    Map<String, Boolean> misere = new HashMap<>();
    int compared = 0;
    for (int a = 1; a <= 4; a++) {
      for (int b = 0; b <= 4; b++) {
        for (int c = 0; c <= 4; c++) {
          String piles = a + ";" + b + ";" + c;
          assertThat(gameSaysToMoveWins("nim(pile_sizes=" + piles + ",is_misere=false)"))
              .as(piles).isEqualTo(toMoveWins(new int[] {a, b, c}, false, normal));
          assertThat(gameSaysToMoveWins("nim(pile_sizes=" + piles + ",is_misere=true)"))
              .as(piles + " misère").isEqualTo(toMoveWins(new int[] {a, b, c}, true, misere));
          // Normal play agrees with Bouton's theorem (nim-sum) as a second independent check.
          assertThat(toMoveWins(new int[] {a, b, c}, false, normal)).isEqualTo((a ^ b ^ c) != 0);
          compared++;
        }
      }
    }
    assertThat(compared).isEqualTo(100);
  }

  @Test
  void actionsAndDefaultsFollowOpenSpiel() {
    Game g = GameRegistry.load("nim");
    assertThat(g.params().toOpenSpielParameters()).isEqualTo("{is_misere=True,pile_sizes=1;3;5;7}");
    assertThat(g.numDistinctActions()).isEqualTo(29);
    State s = g.newInitialState();
    // action = (take - 1) * numPiles + pile: pile 4 (index 3), take 5 -> 19
    assertThat(s.actionToString(0, 19)).isEqualTo("pile:4, take:5;");
    assertThat(s.legalActions()).hasSize(1 + 3 + 5 + 7);
    s.applyAction(19);
    assertThat(s.toString()).isEqualTo("(1): 1 3 5 2");
    assertThatThrownBy(() -> s.applyAction(27)).hasMessageContaining("illegal action 27");
  }

  @Test
  void misereLastTakerLosesNormalLastTakerWins() {
    State m = GameRegistry.load("nim(pile_sizes=2)").newInitialState();
    m.applyAction(1); // player 0 takes both
    assertThat(m.isTerminal()).isTrue();
    assertThat(m.returns()).containsExactly(-1.0, 1.0);
    State n = GameRegistry.load("nim(pile_sizes=2,is_misere=false)").newInitialState();
    n.applyAction(1);
    assertThat(n.returns()).containsExactly(1.0, -1.0);
  }

  @Test
  void hashIsTranspositionInvariantAndUndoRestores() {
    Game g = GameRegistry.load("nim");
    State a = g.newInitialState();
    State b = g.newInitialState();
    long h0 = a.hash();
    a.applyAction(1); // pile 2 take 1
    a.applyAction(3); // pile 4 take 1
    b.applyAction(3);
    b.applyAction(1);
    assertThat(a.hash()).isEqualTo(b.hash());
    a.undoAction(3);
    a.undoAction(1);
    assertThat(a.hash()).isEqualTo(h0);
    assertThat(a.toString()).isEqualTo("(0): 1 3 5 7");
  }

  /** One game, one string: spaces around a pile size (and leading zeros) are not kept. */
  @Test
  void pileSizesAreWrittenWithoutSpacesInTheGameString() {
    for (String typed : new String[] {"nim(pile_sizes= 1; 3)", "nim(pile_sizes=1 ;3 )", "nim(pile_sizes=01;3)", "nim(pile_sizes=1;3)"}) {
      Game g = GameRegistry.load(typed);
      assertThat(g.spec()).as(typed).isEqualTo("nim(pile_sizes=1;3)");
      assertThat(g.params().toOpenSpielParameters()).as(typed).isEqualTo("{is_misere=True,pile_sizes=1;3}");
      assertThat(GameRegistry.load(g.spec()).spec()).as(typed).isEqualTo(g.spec());
      assertThat(g.newInitialState().toString()).as(typed).isEqualTo("(0): 1 3");
    }
    assertThat(GameRegistry.load("nim").spec()).isEqualTo("nim");
    assertThat(GameRegistry.load("nim(is_misere=false,pile_sizes=2; 2)").spec()).isEqualTo("nim(is_misere=False,pile_sizes=2;2)");
  }

  @Test
  void badPileSizesAreRejectedWithTheValidForm() {
    assertThatThrownBy(() -> GameRegistry.load("nim(pile_sizes=1;x)"))
        .isInstanceOf(SpecException.class).hasMessageContaining("'x'").hasMessageContaining("1;3;5;7");
    assertThatThrownBy(() -> GameRegistry.load("nim(pile_sizes=0;0)"))
        .isInstanceOf(SpecException.class).hasMessageContaining("no objects");
  }

  /**
   * A pile size is an integer by the rule of integer parameters: one too large for any integer type
   * is out of range (it read as unparsable), and a whole number in exponent form is taken.
   */
  @Test
  void pileSizesBeyondEveryIntegerTypeAreOutOfRange() {
    for (String big : List.of("99999999999", "99999999999999999999999", "1e400", "-99999999999")) {
      assertThatThrownBy(() -> GameRegistry.load("nim(pile_sizes=1;" + big + ")"))
          .isInstanceOf(SpecException.class).hasMessage("nim: pile size " + big + " is out of range; valid: 0..10000");
    }
    assertThatThrownBy(() -> GameRegistry.load("nim(pile_sizes=20000)"))
        .isInstanceOf(SpecException.class).hasMessage("nim: pile size 20000 is out of range; valid: 0..10000");
    assertThat(GameRegistry.load("nim(pile_sizes=1e1;2)").spec()).isEqualTo("nim(pile_sizes=10;2)");
  }

  @Test
  void replaysTheOpenSpielPlaythrough() {
    Playthroughs.assertReplays("nim.txt", true);
  }

  @Test
  void passesTheConformanceKit() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("nim"),
        new ConformanceKit.Options().playouts(1000).seed(1));
    assertThat(r.playouts()).isEqualTo(1000);
  }
}
