package dev.ponder.games;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameFactory;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.SpecException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every integer or number parameter of every registered game declares its accepted range, and the
 * declared range is exactly what the game accepts: the game builds at the minimum and at the
 * maximum (and offers at most {@link Limits#MAX_LEGAL_ACTIONS} legal actions there, the most an
 * MCTS node holds), and one below the minimum or one above the maximum fails with the one-line
 * message naming the parameter and the range.
 */
class ParameterRangesTest {
  /**
   * Other parameters a bound needs because of a rule between parameters (the product of two sizes,
   * a player index below the number of players, turns at most cards), keyed by "game/param=value".
   * A game author whose game refuses one of its own declared bounds with the other parameters at
   * their defaults adds an entry here (the failure message says so).
   */
  private static final Map<String, String> COMPANIONS = Map.of(
      "connect_four/rows=63", "columns=1",
      "connect_four/columns=32", "rows=1",
      "connect_four/x_in_row=63", "rows=63,columns=1",
      "leduc_poker/starting_player=9", "players=10",
      "goofspiel/num_turns=60", "num_cards=60",
      "gomoku/connect=64", "size=64",
      "gomoku/size=1", "connect=1");

  private static String spec(String game, String param, long value) {
    String companion = COMPANIONS.get(game + "/" + param + "=" + value);
    return game + "(" + param + "=" + value + (companion == null ? "" : "," + companion) + ")";
  }

  /**
   * Loads {@code spec}, a game at a declared bound of {@code param}; a refusal fails the test
   * with a message that tells the game's author where to declare a companion value.
   */
  private static Game loadAtBound(String spec, String game, String param, long v) {
    try {
      return GameRegistry.load(spec);
    } catch (SpecException e) {
      throw new AssertionError(spec + " fails at a declared bound of " + param + ": " + e.getMessage()
          + ". Every declared bound must load with the other parameters at their defaults; if a rule between "
          + "parameters needs other values at this bound, add \"" + game + "/" + param + "=" + v
          + "\" -> \"other=value\" to COMPANIONS in ponder-games/src/test/java/dev/ponder/games/ParameterRangesTest.java", e);
    }
  }

  @Test
  void aBoundThatNeedsACompanionSaysWhereToDeclareIt() {
    // connect_four's rows=63 needs columns=1 (rows * columns <= 64): without the companion it is refused
    assertThatThrownBy(() -> loadAtBound("connect_four(rows=63)", "connect_four", "rows", 63))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("connect_four(rows=63) fails at a declared bound of rows: ")
        .hasMessageContaining("add \"connect_four/rows=63\" -> \"other=value\" to COMPANIONS in "
            + "ponder-games/src/test/java/dev/ponder/games/ParameterRangesTest.java");
    assertThat(spec("connect_four", "rows", 63)).isEqualTo("connect_four(rows=63,columns=1)");
    assertThat(loadAtBound(spec("connect_four", "rows", 63), "connect_four", "rows", 63).numDistinctActions()).isEqualTo(1);
  }

  private static List<GameFactory> rangedGames() {
    List<GameFactory> out = new ArrayList<>();
    for (GameFactory f : GameRegistry.factories()) {
      if (f.type().parameters().stream().anyMatch(p -> p.kind() == ParamSpec.Kind.INT || p.kind() == ParamSpec.Kind.DOUBLE)) {
        out.add(f);
      }
    }
    return out;
  }

  @Test
  void everyNumericParameterOfEveryGameDeclaresARange() {
    List<String> missing = new ArrayList<>();
    for (GameFactory f : GameRegistry.factories()) {
      for (ParamSpec p : f.type().parameters()) {
        if ((p.kind() == ParamSpec.Kind.INT || p.kind() == ParamSpec.Kind.DOUBLE) && !p.hasRange()) {
          missing.add(f.type().shortName() + "/" + p.name());
        }
      }
    }
    assertThat(missing).isEmpty();
    // the games with numeric parameters are all covered below
    assertThat(rangedGames()).extracting(f -> f.type().shortName())
        .contains("hex", "dark_hex", "connect_four", "gomoku", "pig", "goofspiel", "leduc_poker", "2048");
  }

  @Test
  void eachGameBuildsAtItsDeclaredBoundsAndRefusesOneBeyond() {
    int checked = 0;
    for (GameFactory f : rangedGames()) {
      String name = f.type().shortName();
      for (ParamSpec p : f.type().parameters()) {
        if (p.kind() != ParamSpec.Kind.INT) {
          continue;
        }
        int min = p.min().intValue();
        int max = p.max().intValue();
        for (int v : new int[] {min, max}) {
          String s = spec(name, p.name(), v);
          Game g = loadAtBound(s, name, p.name(), v);
          State st = g.newInitialState();
          assertThat(g.maxActionsPerState()).as(s).isPositive();
          assertThat(g.maxGameLength()).as(s).isPositive();
          // tensor sizes do not overflow an int (each shape's product fits)
          for (int[] shape : new int[][] {g.observationTensorShape(), g.informationStateTensorShape()}) {
            long size = 1;
            for (int d : shape) {
              assertThat(d).as(s).isPositive();
              size *= d;
            }
            assertThat(size).as(s).isLessThanOrEqualTo(Integer.MAX_VALUE);
          }
          if (!st.isChanceNode() && !st.isTerminal()) {
            int n = st.legalActions().length;
            assertThat(n).as(s + ": legal actions at the first decision must be 1..Limits.MAX_LEGAL_ACTIONS (65,535,"
                + " the most children an MCTS node holds); narrow the declared range").isBetween(1, Limits.MAX_LEGAL_ACTIONS);
          }
          checked++;
        }
        for (long v : new long[] {(long) min - 1, (long) max + 1}) {
          String s = spec(name, p.name(), v);
          assertThatThrownBy(() -> GameRegistry.load(s)).as(s).isInstanceOf(SpecException.class)
              .hasMessage(name + ": " + p.name() + "=" + v + " is out of range; valid: " + min + ".." + max);
        }
      }
    }
    assertThat(checked).isGreaterThan(40);
  }

  @Test
  void hexSizesStopWhereAnMctsNodeStillHoldsEveryActionSwapIncluded() {
    Game g = GameRegistry.load("hex(board_size=255,swap=true)");
    State s = g.newInitialState();
    assertThat(s.legalActions()).hasSize(255 * 255);
    s.applyAction(0);
    // every other cell plus swap: 65,025 actions, and numDistinctActions = 65,026 <= 65,535
    assertThat(s.legalActions()).hasSize(255 * 255);
    assertThat(g.numDistinctActions()).isEqualTo(65_026).isLessThanOrEqualTo(Limits.MAX_LEGAL_ACTIONS);
    // 256 x 256 = 65,536 cells would not fit: refused by the declared range, for each size key
    for (String k : List.of("board_size", "num_rows", "num_cols")) {
      assertThatThrownBy(() -> GameRegistry.load("hex(" + k + "=256)")).hasMessage("hex: " + k + "=256 is out of range; valid: 1..255");
    }
    // the previous limit of 1000 is gone
    assertThatThrownBy(() -> GameRegistry.load("dark_hex(board_size=1000)"))
        .hasMessage("dark_hex: board_size=1000 is out of range; valid: 1..181");
  }

  @Test
  void darkHexInformationStateTensorSizeFitsAnIntAtTheLargestBoard() {
    Game g = GameRegistry.load("dark_hex(board_size=181,obstype=reveal-numturns)");
    long cells = 181 * 181;
    long expected = 9 * cells + (2 * cells - 1) * (cells + 2);
    assertThat(expected).isLessThanOrEqualTo(Integer.MAX_VALUE);
    assertThat((long) g.informationStateTensorShape()[0]).isEqualTo(expected);
    // one more row and column would overflow int, which is why the range stops at 181
    long next = 182 * 182;
    assertThat(9 * next + (2 * next - 1) * (next + 2)).isGreaterThan(Integer.MAX_VALUE);
  }

  @Test
  void rulesBetweenParametersKeepTheirOwnOneLineMessages() {
    assertThatThrownBy(() -> GameRegistry.load("gomoku(size=16,dims=4)"))
        .hasMessage("gomoku: size^dims = 65536 cells is too large; valid: at most 65535");
    assertThat(GameRegistry.load("gomoku(size=15,dims=4)").numDistinctActions()).isEqualTo(50_625);
    assertThatThrownBy(() -> GameRegistry.load("nim(pile_sizes=10000;10000;10000;10000;10000;10000;10000)"))
        .hasMessage("nim: pile_sizes holds 70000 objects in all; valid: total 1..65535 (one legal move per object)");
    State nim = GameRegistry.load("nim(pile_sizes=10000;10000;10000;10000;10000;10000;5535)").newInitialState();
    assertThat(nim.legalActions()).hasSize(65_535);
    assertThatThrownBy(() -> GameRegistry.load("connect_four(rows=2,columns=32)")).hasMessageContaining("exceeds 64");
    assertThatThrownBy(() -> GameRegistry.load("leduc_poker(starting_player=2)"))
        .hasMessage("leduc_poker: starting_player=2 is out of range; valid: 0..1");
    assertThatThrownBy(() -> GameRegistry.load("goofspiel(num_turns=0)")).hasMessageContaining("valid: -1 (= num_cards) or 1..13");
    for (String bad : List.of("gomoku(size=16,dims=4)", "leduc_poker(starting_player=2)", "hex(board_size=0)")) {
      assertThatThrownBy(() -> GameRegistry.load(bad)).satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
  }
}
