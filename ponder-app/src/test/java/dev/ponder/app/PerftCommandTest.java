package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ponder perft}: tree counts against independently known values. */
class PerftCommandTest {

  private static JsonNode json(String... args) throws Exception {
    Cli r = Cli.run(args);
    assertThat(r.exit).as(r.err).isZero();
    return new ObjectMapper().readTree(r.out);
  }

  /**
   * Tic-tac-toe's whole game tree: 549,946 nodes (root included) and 255,168 finished games, of
   * which 1,440 / 5,328 / 47,952 / 72,576 / 127,872 end after 5 / 6 / 7 / 8 / 9 moves (the
   * published counts of all tic-tac-toe games, e.g. Bottomley's "How many Tic-Tac-Toe games are
   * possible?"); the 9-move games are every history of length 9, and depth d < 5 has 9!/(9-d)!.
   */
  @Test
  void ticTacToeWholeTreeMatchesThePublishedCounts() throws Exception {
    JsonNode j = json("perft", "tic_tac_toe", "--json");
    assertThat(j.get("whole_tree").asBoolean()).isTrue();
    assertThat(j.get("depth").asInt()).isEqualTo(9);
    assertThat(j.get("total").get("nodes").asLong()).isEqualTo(549_946L);
    assertThat(j.get("total").get("terminal").asLong()).isEqualTo(255_168L);
    assertThat(j.get("total").get("chance").asLong()).isZero();
    long[] terminal = {0, 0, 0, 0, 0, 1_440, 5_328, 47_952, 72_576, 127_872};
    long falling = 1;
    for (int d = 1; d <= 9; d++) {
      JsonNode row = j.get("depths").get(d - 1);
      assertThat(row.get("depth").asInt()).isEqualTo(d);
      assertThat(row.get("terminal").asLong()).as("terminal at %d", d).isEqualTo(terminal[d]);
      falling *= 10 - d;
      if (d < 5) {
        assertThat(row.get("nodes").asLong()).isEqualTo(falling);
      }
    }
    assertThat(j.get("depths").get(8).get("nodes").asLong()).isEqualTo(127_872L);
    // the table says the same
    Cli t = Cli.run("perft", "tic_tac_toe");
    assertThat(t.exit).isZero();
    assertThat(t.out).startsWith("perft tic_tac_toe: whole tree, depth 9\n");
    assertThat(t.out).containsPattern("total +549946 +255168 +0 +\\(depths 0\\.\\.9, root included\\)");
  }

  /**
   * The JSON object has the same keys in every run, as the other commands' --json (null where a
   * key does not apply): depth_asked and information_states were left out without --depth and
   * --information-states, and the game's parameters were missing where search, solve and
   * exploitability give them.
   */
  @Test
  void jsonHasEveryKeyInEveryRun() throws Exception {
    JsonNode plain = json("perft", "hex(board_size=2)", "--json");
    JsonNode full = json("perft", "hex(board_size=2)", "--depth", "2", "--information-states", "--json");
    List<String> plainKeys = new ArrayList<>();
    plain.fieldNames().forEachRemaining(plainKeys::add);
    List<String> fullKeys = new ArrayList<>();
    full.fieldNames().forEachRemaining(fullKeys::add);
    assertThat(plainKeys).containsExactly("game", "game_parameters", "depth", "depth_asked", "whole_tree", "interrupted",
        "complete_depth", "depths", "total", "information_states");
    assertThat(plain.get("interrupted").asBoolean()).isFalse();
    assertThat(plain.get("complete_depth").asInt()).isEqualTo(plain.get("depth").asInt());
    assertThat(fullKeys).isEqualTo(plainKeys);
    assertThat(plain.get("depth_asked").isNull()).isTrue();
    assertThat(plain.get("information_states").isNull()).isTrue();
    assertThat(full.get("depth_asked").asInt()).isEqualTo(2);
    assertThat(full.get("information_states")).hasSize(2);
    JsonNode gp = plain.get("game_parameters");
    assertThat(gp.get("board_size").asInt()).isEqualTo(2);
    assertThat(gp.get("num_rows").asInt()).isEqualTo(2);
    assertThat(gp.get("swap").isBoolean()).isTrue();
  }

  /** --no-progress is taken, as by solve, exploitability, arena and report, and changes no count. */
  @Test
  void noProgressIsTaken() throws Exception {
    Cli quiet = Cli.run("perft", "tic_tac_toe", "--depth", "3", "--no-progress");
    assertThat(quiet.exit).as(quiet.err).isZero();
    assertThat(quiet.err).isEmpty();
    assertThat(quiet.out).isEqualTo(Cli.run("perft", "tic_tac_toe", "--depth", "3").out);
    assertThat(Cli.run("perft", "--help").out).contains("--no-progress");
  }

  /**
   * A --depth beyond the end of the tree (a user's report: tic-tac-toe --depth 12 printed rows of
   * zeros for 10..12, --json said whole_tree false): the table stops at depth 9, the last with a
   * history, and says why; the whole tree was counted, so whole_tree is true. Depth 9 exactly
   * (every history of length 9 is terminal) counts the whole tree too; depth 8 does not.
   */
  @Test
  void aDepthBeyondTheTreeStopsAtItsEnd() throws Exception {
    Cli t = Cli.run("perft", "tic_tac_toe", "--depth", "12");
    assertThat(t.exit).as(t.err).isZero();
    assertThat(t.out).startsWith("perft tic_tac_toe: whole tree, depth 9 (--depth 12: no non-terminal history of length 9"
        + " remains, so the tree ends there)\n");
    assertThat(t.out).doesNotContainPattern("(?m)^ +10 ").containsPattern("(?m)^ +9 +127872 +127872 +0$")
        .containsPattern("total +549946 +255168 +0 +\\(depths 0\\.\\.9, root included\\)");
    JsonNode j = json("perft", "tic_tac_toe", "--depth", "100", "--json");
    assertThat(j.get("whole_tree").asBoolean()).isTrue();
    assertThat(j.get("depth").asInt()).isEqualTo(9);
    assertThat(j.get("depth_asked").asInt()).isEqualTo(100);
    assertThat(j.get("depths")).hasSize(9);
    assertThat(json("perft", "tic_tac_toe", "--depth", "9", "--json").get("whole_tree").asBoolean()).isTrue();
    JsonNode eight = json("perft", "tic_tac_toe", "--depth", "8", "--json");
    assertThat(eight.get("whole_tree").asBoolean()).isFalse();
    assertThat(eight.get("depths")).hasSize(8);
  }

  /**
   * Connect Four perft 1..7: 7^d for d ≤ 6 (no column fills and no line of four can be completed
   * before ply 7), depth 7 from {@link #connectFour}, a separate brute force.
   */
  @Test
  void connectFourPerftToSeven() throws Exception {
    JsonNode j = json("perft", "connect_four", "--depth", "7", "--json");
    assertThat(j.get("whole_tree").asBoolean()).isFalse();
    assertThat(j.get("depths")).hasSize(7);
    long pow = 1;
    for (int d = 1; d <= 6; d++) {
      pow *= 7;
      assertThat(j.get("depths").get(d - 1).get("nodes").asLong()).isEqualTo(pow);
      assertThat(j.get("depths").get(d - 1).get("terminal").asLong()).isZero();
    }
    long[] nodes = new long[8];
    long[] terminal = new long[8];
    connectFour(new int[7][6], new int[7], 0, 7, nodes, terminal);
    for (int d = 1; d <= 6; d++) {
      assertThat(nodes[d]).isEqualTo((long) Math.pow(7, d)); // the brute force agrees with 7^d
    }
    assertThat(j.get("depths").get(6).get("nodes").asLong()).isEqualTo(nodes[7]);
    assertThat(j.get("depths").get(6).get("terminal").asLong()).isEqualTo(terminal[7]).isPositive();
    // 7^7 minus the 7 histories that fill one column with their first six moves
    assertThat(nodes[7]).isEqualTo(823_543L - 7);
  }

  /**
   * A separate Connect Four (7 columns, 6 rows, four in a row) counting histories and finished
   * games per ply: {@code board[c][r]} is 0 empty, 1 or 2 a player's disc.
   */
  private static void connectFour(int[][] board, int[] height, int ply, int maxPly, long[] nodes, long[] terminal) {
    if (ply == maxPly) {
      return;
    }
    int me = ply % 2 + 1;
    for (int c = 0; c < 7; c++) {
      if (height[c] == 6) {
        continue;
      }
      int r = height[c]++;
      board[c][r] = me;
      nodes[ply + 1]++;
      if (fourThrough(board, c, r, me) || ply + 1 == 42) {
        terminal[ply + 1]++;
      } else {
        connectFour(board, height, ply + 1, maxPly, nodes, terminal);
      }
      board[c][r] = 0;
      height[c]--;
    }
  }

  private static boolean fourThrough(int[][] b, int c, int r, int me) {
    int[][] dirs = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int[] dir : dirs) {
      int run = 1;
      for (int sign = -1; sign <= 1; sign += 2) {
        int x = c + sign * dir[0];
        int y = r + sign * dir[1];
        while (x >= 0 && x < 7 && y >= 0 && y < 6 && b[x][y] == me) {
          run++;
          x += sign * dir[0];
          y += sign * dir[1];
        }
      }
      if (run >= 4) {
        return true;
      }
    }
    return false;
  }

  /**
   * Two-player Kuhn poker: 12 information states, 6 per player (the card held times the bets seen:
   * player 0 acts with nothing seen or after check-bet, player 1 after check or bet), 30 terminal
   * histories (6 deals × 5 betting sequences), the root and the three second-card draws are chance
   * nodes (each outcome one child).
   */
  @Test
  void kuhnPokerInformationStates() throws Exception {
    JsonNode j = json("perft", "kuhn_poker", "--information-states", "--json");
    List<Integer> is = new ArrayList<>();
    j.get("information_states").forEach(n -> is.add(n.asInt()));
    assertThat(is).containsExactly(6, 6);
    assertThat(j.get("total").get("terminal").asLong()).isEqualTo(30);
    assertThat(j.get("total").get("chance").asLong()).isEqualTo(4);
    assertThat(j.get("depths").get(0).get("nodes").asLong()).isEqualTo(3);
    assertThat(j.get("depths").get(1).get("nodes").asLong()).isEqualTo(6);
    Cli t = Cli.run("perft", "kuhn_poker", "--information-states");
    assertThat(t.out).contains("information states: player 0 6, player 1 6; total 12");
  }

  @Test
  void nodeLimitAndBadOptionsAreOneLineUsageErrors() {
    Cli over = Cli.run("perft", "tic_tac_toe", "--max-nodes", "549945");
    assertThat(over.exit).isEqualTo(2);
    assertThat(over.err.strip()).isEqualTo("ponder: tic_tac_toe: the tree has more than 549945 nodes (--max-nodes);"
        + " give a smaller --depth or a larger --max-nodes");
    Cli exact = Cli.run("perft", "tic_tac_toe", "--max-nodes", "549946");
    assertThat(exact.exit).as(exact.err).isZero();
    Cli depth = Cli.run("perft", "tic_tac_toe", "--depth", "0");
    assertThat(depth.exit).isEqualTo(2);
    assertThat(depth.err.strip()).isEqualTo("ponder: --depth must be at least 1, got 0");
    Cli game = Cli.run("perft", "no_such_game");
    assertThat(game.exit).isEqualTo(2);
    assertThat(game.err.strip()).startsWith("ponder: unknown game 'no_such_game'").doesNotContain("\n");
  }

  /**
   * 2048 with max_tile=131072: the first line of the depth-first walk is tens of thousands of
   * plies deep (a 2 tile at a time until the board fills). The walk holds no Java frame per ply,
   * so the node limit stops it (one line, exit 2), even on a thread with a small stack (256 KB,
   * a quarter of the JVM's default) where one frame per ply overflows.
   */
  @Test
  void aDeepFirstLineStopsAtTheNodeLimitNotOnTheStack() throws Exception {
    Cli[] result = new Cli[1];
    Thread t = new Thread(null, () -> result[0] = Cli.run("perft", "2048(max_tile=131072)", "--max-nodes", "200000"),
        "perft-small-stack", 256 * 1024);
    t.start();
    t.join();
    Cli deep = result[0];
    assertThat(deep.exit).as(deep.err).isEqualTo(2);
    // a walk past 2 s (a loaded machine) prints progress lines first: the error is the one other line
    List<String> lines = deep.err.strip().lines().toList();
    assertThat(lines.subList(0, lines.size() - 1)).as(deep.err)
        .allMatch(l -> l.matches("perft: [0-9,]+ nodes so far \\(now at depth [0-9]+\\), [0-9]+ s"));
    assertThat(lines.get(lines.size() - 1)).startsWith("ponder: ")
        .endsWith("the tree has more than 200000 nodes (--max-nodes); give a smaller --depth or a larger --max-nodes");
  }

  /** The walk reports its progress every 65,536 nodes (the command prints at most one line per 2 s). */
  @Test
  void progressIsReportedDuringTheWalk() {
    List<Long> seen = new ArrayList<>();
    PerftCommand.Counts c = PerftCommand.count(dev.ponder.game.GameRegistry.load("tic_tac_toe"), -1, false, 1_000_000,
        (visited, d) -> seen.add(visited));
    assertThat(c.visited).isEqualTo(549_946L);
    assertThat(seen).hasSize(549_946 / 65_536);
    for (int i = 0; i < seen.size(); i++) {
      assertThat(seen.get(i)).isEqualTo(65_536L * (i + 1));
    }
  }

  /**
   * A walk stopped part way: the depths it reports complete hold the whole tree's counts, the
   * next one fewer; stopped late enough, inside the last first move's subtree, depth 1 is complete.
   */
  @Test
  void theDepthsReportedCompleteAreComplete() {
    dev.ponder.game.Game ttt = dev.ponder.game.GameRegistry.load("tic_tac_toe");
    PerftCommand.Counts whole = PerftCommand.count(ttt, -1, false, 1_000_000, null);
    int deepestComplete = 0;
    for (int asks = 1; asks <= 8; asks++) {
      int[] left = {asks};
      PerftCommand.Counts c = PerftCommand.count(ttt, -1, false, 1_000_000, null, () -> --left[0] == 0);
      assertThat(c.stopped).isTrue();
      assertThat(c.visited).isEqualTo(asks * 65_536L);
      for (int d = 0; d <= c.completeDepth; d++) {
        assertThat(c.nodes(d)).as("depth %d after %d nodes", d, c.visited).isEqualTo(whole.nodes(d));
        assertThat(c.terminal(d)).isEqualTo(whole.terminal(d));
      }
      assertThat(c.nodes(c.completeDepth + 1)).isLessThan(whole.nodes(c.completeDepth + 1));
      deepestComplete = Math.max(deepestComplete, c.completeDepth);
      String line = PerftCommand.cutLine(c, 9);
      assertThat(line).startsWith("ponder: perft: interrupted after " + c.visited + " nodes, at depth " + c.stoppedAt + "; ");
    }
    assertThat(deepestComplete).isPositive(); // 524,288 of 549,946 nodes: in the ninth first move's subtree
  }
}
