package dev.ponder.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ponder.game.Game;
import dev.ponder.game.GameContract;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder perft GAME [--depth D]}: walks the game tree from the initial state (depth-first,
 * every legal action and every chance outcome) and counts, for each depth d = 1..D (the number of
 * actions from the root, chance outcomes included), the histories of length d (nodes), those that
 * are terminal, and those that are chance nodes; optionally the distinct information states of
 * each player ({@link State#informationStateString(int)} at the nodes where that player is to
 * move). "Perft" (performance test) is chess programming's name for counting the nodes of the
 * move tree to a fixed depth; here a chance node's outcomes are children like moves (each
 * outcome one child, whatever its probability).
 *
 * <p>Without {@code --depth} the whole tree is walked. The walk stops with a usage error (exit 2)
 * once it would visit more than {@code --max-nodes} nodes (root included). A node whose actions are
 * not strictly ascending, or a chance node whose probabilities do not sum to 1, stops it with a
 * runtime error naming the history ({@link GameContract}; exit 1): the counts would not depend on
 * either, but every other command would be refused on that game.
 *
 * <p>Ctrl-C (SIGINT) or SIGTERM stops the walk (within 65,536 nodes) and prints what it counted:
 * the walk counts every depth in one depth-first pass, so a depth is complete only once every node
 * of the depth before it has been walked; the table marks the rows past the complete depths as
 * partial (counts so far, lower bounds), and one line on stderr says where the walk stopped ({@code
 * ponder: perft: interrupted after 1234567 nodes, at depth 9; depths 1..2 complete, the counts of
 * depths 3..10 are partial}); exit 130 (143 for SIGTERM).
 */
@Command(name = "perft", mixinStandardHelpOptions = true,
    description = {"Count the game tree: for each depth 1..D the histories of that length (nodes), how many are terminal,"
        + " how many are chance nodes, and the totals over depths 0..D (root included).",
        "Perft (performance test) is chess programming's name for this count. Chance nodes count as nodes, and each"
            + " chance outcome is one child, like a move (probabilities are ignored).",
        "--information-states also counts each player's distinct information states (by information-state string) at"
            + " the nodes where that player is to move; every distinct string is kept in memory.",
        "With --depth beyond the end of the tree the table stops at the deepest history and says so; whole_tree"
            + " (--json) is true whenever no history was cut off by --depth.",
        "A walk that would pass --max-nodes stops with a one-line error (exit 2); long walks print their progress on"
            + " standard error (--no-progress: none).",
        "Ctrl-C prints the counts so far: the walk counts every depth at once, depth first, so the rows past the depths"
            + " it completed are marked partial (lower bounds); one line on standard error says where it stopped.",
        "Exit codes: 0 counted, 2 bad game string or option, or the node limit reached, 130 interrupted."})
public final class PerftCommand implements PonderCommand {

  @Parameters(index = "0", paramLabel = "GAME", description = "Game string, e.g. tic_tac_toe or connect_four.")
  String gameString;

  @Option(names = {"-d", "--depth"}, paramLabel = "D", converter = Ponder.AtLeastOne.class,
      description = "Count to depth D (actions from the initial state, chance outcomes included); default: the whole tree.")
  Integer depth;

  @Option(names = "--information-states", description = "Also count each player's distinct information states.")
  boolean informationStates;

  @Option(names = "--max-nodes", paramLabel = "N", converter = Ponder.AtLeastOneLong.class, defaultValue = "50000000",
      description = "Refuse trees with more than N nodes, root included (default: ${DEFAULT-VALUE}).")
  long maxNodes;

  @Option(names = "--json", description = "Print one JSON object instead of the table.")
  boolean json;

  @Option(names = "--no-progress", description = "No progress output on standard error (otherwise a line every 2 s of a long walk).")
  boolean noProgress;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Counts of one walk: index d of each array is depth d (0 = the root). */
  static final class Counts {
    final List<long[]> byDepth = new ArrayList<>(); // {nodes, terminal, chance}
    List<Set<String>> infoStates;
    long visited;
    /** Whether the walk was stopped before its end ({@link #count}'s {@code stop}). */
    boolean stopped;
    /** Of a stopped walk: the deepest depth whose counts are complete (0: none past the root). */
    int completeDepth;
    /** Of a stopped walk: the depth of the node it was about to count. */
    int stoppedAt;

    long[] at(int d) {
      while (byDepth.size() <= d) {
        byDepth.add(new long[3]);
      }
      return byDepth.get(d);
    }

    /** Histories of length {@code d}. */
    long nodes(int d) {
      return d < byDepth.size() ? byDepth.get(d)[0] : 0;
    }

    long terminal(int d) {
      return d < byDepth.size() ? byDepth.get(d)[1] : 0;
    }

    long chance(int d) {
      return d < byDepth.size() ? byDepth.get(d)[2] : 0;
    }

    /** Sums over depths 0..{@code last} (root included): {nodes, terminal, chance}. */
    long[] totals(int last) {
      long[] t = new long[3];
      for (int d = 0; d <= last; d++) {
        t[0] += nodes(d);
        t[1] += terminal(d);
        t[2] += chance(d);
      }
      return t;
    }

    /** The deepest depth with a node. */
    int deepest() {
      return byDepth.size() - 1;
    }
  }

  /** The node limit was reached. */
  static final class LimitReached extends RuntimeException {
    private static final long serialVersionUID = 1L;

    LimitReached() {
      super(null, null, false, false);
    }
  }

  /** The walk was asked to stop ({@link #count}'s {@code stop}). */
  private static final class Stopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stopped() {
      super(null, null, false, false);
    }
  }

  /** Where the walk reports progress (every {@code intervalNanos} at most). */
  interface Progress {
    void report(long visited, int depth);
  }

  /**
   * Walks {@code game}'s tree from the initial state to depth {@code maxDepth} (or the whole tree
   * if {@code maxDepth < 0}).
   *
   * @param maxDepth deepest depth counted, or -1 for the whole tree
   * @param infoStates whether to collect each player's distinct information-state strings
   * @param maxNodes the most nodes (root included) the walk may visit
   * @param progress called now and then with the nodes visited so far (may be null)
   * @return the counts
   * @throws LimitReached once more than {@code maxNodes} nodes would be visited
   */
  static Counts count(Game game, int maxDepth, boolean infoStates, long maxNodes, Progress progress) {
    return count(game, maxDepth, infoStates, maxNodes, progress, () -> false);
  }

  /**
   * {@link #count(Game, int, boolean, long, Progress)} that stops once {@code stop} says so (it is
   * asked every 65,536 nodes): the counts are then those of the nodes walked so far ({@link
   * Counts#stopped}), complete for depths 1..{@link Counts#completeDepth} only.
   */
  static Counts count(Game game, int maxDepth, boolean infoStates, long maxNodes, Progress progress,
      java.util.function.BooleanSupplier stop) {
    Counts c = new Counts();
    if (infoStates) {
      c.infoStates = new ArrayList<>();
      for (int p = 0; p < game.numPlayers(); p++) {
        c.infoStates.add(new HashSet<>());
      }
    }
    Walker w = new Walker(game, maxDepth, c, maxNodes, progress, stop);
    try {
      w.walk(game.newInitialState());
    } catch (Stopped e) {
      c.stopped = true;
    }
    return c;
  }

  /** The depth-first walk: one scratch state and one action buffer per depth, reused. */
  private static final class Walker {
    private final int maxDepth;
    private final Counts c;
    private final long maxNodes;
    private final Progress progress;
    private final java.util.function.BooleanSupplier stop;
    private final int width;
    private final List<State> states = new ArrayList<>();
    private final List<int[]> buffers = new ArrayList<>();
    private final List<double[]> probs = new ArrayList<>();
    /** Per depth of the walk: the index of the next action to walk, and the number of actions. */
    private int[] next = new int[64];
    private int[] count = new int[64];

    Walker(Game game, int maxDepth, Counts c, long maxNodes, Progress progress, java.util.function.BooleanSupplier stop) {
      this.maxDepth = maxDepth;
      this.c = c;
      this.maxNodes = maxNodes;
      this.progress = progress;
      this.stop = stop;
      this.width = Math.max(1, game.maxActionsPerState());
    }

    /**
     * Walks the tree below {@code root} depth first without recursion (an explicit stack: per
     * depth the state, its actions and the index of the next one), so a line as deep as the game
     * allows (2048 with a large max_tile) stops only at the node limit, never on the Java stack.
     */
    void walk(State root) {
      int d = 0;
      if (!enter(root, 0)) {
        return;
      }
      State parent = root;
      while (d >= 0) {
        if (next[d] == count[d]) {
          d--;
          parent = d == 0 ? root : d > 0 ? states.get(d - 1) : null;
          continue;
        }
        int action = buffers.get(d)[next[d]++];
        State child = states.get(d);
        if (child == null) {
          child = parent.copy();
          states.set(d, child);
        }
        child.copyFrom(parent);
        child.applyActionUnchecked(action);
        if (enter(child, d + 1)) {
          d++;
          parent = child;
        }
      }
    }

    /**
     * Counts {@code s} at depth {@code d}; when it is to be walked below, lists its actions (or
     * chance outcomes) at depth {@code d} of the stack and returns true.
     */
    private boolean enter(State s, int d) {
      if (c.visited >= maxNodes) {
        throw new LimitReached();
      }
      if ((c.visited & 0xFFFF) == 0 && c.visited > 0 && stop.getAsBoolean()) {
        stopAt(d);
      }
      c.visited++;
      if (progress != null && (c.visited & 0xFFFF) == 0) {
        progress.report(c.visited, d);
      }
      long[] row = c.at(d);
      row[0]++;
      if (s.isTerminal()) {
        row[1]++;
        return false;
      }
      int p = s.currentPlayer();
      if (p == State.CHANCE) {
        row[2]++;
      } else if (c.infoStates != null) {
        c.infoStates.get(p).add(s.informationStateString(p));
      }
      if (d == maxDepth) {
        return false;
      }
      while (buffers.size() <= d) {
        buffers.add(new int[width]);
        probs.add(new double[width]);
        states.add(null);
      }
      if (d >= next.length) {
        next = Arrays.copyOf(next, Math.max(d + 1, next.length * 2));
        count = Arrays.copyOf(count, next.length);
      }
      int[] actions = buffers.get(d);
      if (p == State.CHANCE) {
        count[d] = s.chanceOutcomes(actions, probs.get(d));
        GameContract.checkChanceOutcomes(s, probs.get(d), count[d]);
      } else {
        count[d] = s.legalActions(actions);
      }
      GameContract.checkAscending(s, actions, count[d]);
      next[d] = 0;
      return true;
    }

    /**
     * Stops the walk before the node it enters at depth {@code d} (a child of the node at depth d −
     * 1 on the stack): records the deepest complete depth and throws {@link Stopped}. Depth j is
     * complete when every node at depth j has been counted: when every node of the stack above it
     * has had all its children entered (below the stack's first node with children left, nodes of
     * every depth remain), and j &lt; d, since this node is not counted.
     */
    private void stopAt(int d) {
      int done = 0;
      while (done < d && next[done] == count[done]) {
        done++;
      }
      c.completeDepth = Math.min(done, d - 1);
      c.stoppedAt = d;
      throw new Stopped();
    }
  }

  @Override
  public Integer call() {
    if (depth != null && depth < 1) {
      throw UsageException.atLeast(Ponder.typedOption(spec, "--depth"), 1, depth);
    }
    if (maxNodes < 1) {
      throw UsageException.atLeast("--max-nodes", 1, maxNodes);
    }
    try (InterruptLine pending = new InterruptLine(spec.commandLine().getErr(), () -> InterruptLine.starting("perft"))) {
      return run(pending);
    }
  }

  private Integer run(InterruptLine pending) {
    Game game = GameRegistry.load(gameString);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    long start = System.nanoTime();
    long[] lastReport = {start};
    Progress progress = noProgress ? null : (visited, d) -> {
      long now = System.nanoTime();
      if (now - lastReport[0] >= 2_000_000_000L) {
        lastReport[0] = now;
        err.printf(Locale.ROOT, "perft: %,d nodes so far (now at depth %d), %.0f s%n", visited, d, (now - start) / 1e9);
        err.flush();
      }
    };
    Counts c;
    // a signal from now on stops the walk; the counts so far are printed
    pending.set("ponder: perft: interrupted, and the walk did not stop in time; nothing was printed");
    pending.stopsCommand();
    try {
      c = count(game, depth == null ? -1 : depth, informationStates, maxNodes, progress, pending::requested);
    } catch (LimitReached e) {
      throw new UsageException(game.spec() + ": the tree" + (depth == null ? "" : " to depth " + depth)
          + " has more than " + maxNodes + " nodes (--max-nodes); give a smaller --depth or a larger --max-nodes");
    }
    if (!pending.claimOutput()) {
      return InterruptLine.EXIT_CODE;
    }
    // the whole tree was counted when no history was cut off by --depth: the tree ends before
    // it, or every history of length --depth is terminal
    boolean whole = !c.stopped && (depth == null || c.deepest() < depth || c.nodes(depth) == c.terminal(depth));
    int last = depth == null ? c.deepest() : Math.min(depth, c.deepest());
    if (c.stopped) {
      // the table goes on to the deepest depth the walk reached, its rows past the complete ones
      // partial; depths never reached have no row (a --depth far beyond the tree would print
      // millions of zero rows)
      last = Math.max(c.deepest(), c.stoppedAt);
      if (depth != null) {
        last = Math.min(last, depth);
      }
    }
    pending.set(c.stopped ? cutLine(c, last) : InterruptLine.printedWhole("perft"));
    if (json) {
      printJson(out, game, last, whole, c);
    } else {
      printTable(out, game, last, whole, c);
    }
    out.flush();
    return c.stopped ? InterruptLine.EXIT_CODE : 0;
  }

  /** The deepest depth whose counts are complete: {@code last}, or less for a stopped walk. */
  private static int complete(Counts c, int last) {
    return c.stopped ? Math.min(c.completeDepth, last) : last;
  }

  /**
   * The stderr line of a walk stopped by a signal, whose table ends at depth {@code last}: {@code
   * ponder: perft: interrupted after 1234567 nodes, at depth 9; depths 1..2 complete, the counts of
   * depths 3..10 are partial}.
   */
  static String cutLine(Counts c, int last) {
    int done = complete(c, last);
    String head = "ponder: perft: interrupted after " + c.visited + " nodes, at depth " + c.stoppedAt + "; ";
    String partial = "the counts of " + depths(done + 1, last) + " are partial";
    if (done == 0) {
      return head + "no depth was complete (the walk counts every depth at once, depth first): " + partial;
    }
    return head + depths(1, done) + " complete, " + partial;
  }

  /** {@code depth 3} or {@code depths 3..10}: depths {@code from..to}, from ≤ to. */
  private static String depths(int from, int to) {
    return (from == to ? "depth " : "depths ") + span(from, to);
  }

  /** {@code 3} or {@code 3..10}: the numbers {@code from..to}, from ≤ to. */
  private static String span(int from, int to) {
    return from == to ? Integer.toString(from) : from + ".." + to;
  }

  private void printTable(PrintWriter out, Game game, int last, boolean whole, Counts c) {
    String asked = depth != null && depth > last && !c.stopped ? " (--depth " + depth + ": no non-terminal history of"
        + " length " + last + " remains, so the tree ends there)" : "";
    int done = complete(c, last);
    if (c.stopped) {
      out.println("perft " + game.spec() + ": interrupted after " + c.visited + " nodes; "
          + (done == 0 ? "no depth complete" : depths(1, done) + " complete")
          + ", the rows marked partial are counts so far"
          + (depth != null && depth > last ? "; no history of length "
              + span(last + 1, depth) + " reached yet" : ""));
    } else {
      out.println("perft " + game.spec() + (whole ? ": whole tree, depth " + last : ": depth " + last) + asked);
    }
    out.printf(Locale.ROOT, "%5s  %15s  %15s  %15s%n", "depth", "nodes", "terminal", "chance");
    for (int d = 1; d <= last; d++) {
      out.printf(Locale.ROOT, "%5d  %15d  %15d  %15d%s%n", d, c.nodes(d), c.terminal(d), c.chance(d),
          d > done ? "   partial" : "");
    }
    long[] t = c.totals(last);
    out.printf(Locale.ROOT, "%5s  %15d  %15d  %15d   (depths 0..%d, root included%s)%n", "total", t[0], t[1], t[2], last,
        c.stopped ? "; partial" : "");
    if (c.infoStates != null) {
      StringBuilder sb = new StringBuilder(c.stopped ? "information states so far (partial):" : "information states:");
      long sum = 0;
      for (int p = 0; p < c.infoStates.size(); p++) {
        sb.append(p == 0 ? " " : ", ").append("player ").append(p).append(' ').append(c.infoStates.get(p).size());
        sum += c.infoStates.get(p).size();
      }
      out.println(sb.append("; total ").append(sum));
    }
  }

  private void printJson(PrintWriter out, Game game, int last, boolean whole, Counts c) {
    ObjectNode root = JsonFields.mapper().createObjectNode();
    root.put("game", game.spec());
    JsonFields.putGameParameters(root, game); // as search, solve and exploitability --json
    root.put("depth", last);
    if (depth != null) {
      root.put("depth_asked", depth);
    } else {
      root.putNull("depth_asked"); // every key in every run, null where it does not apply
    }
    root.put("whole_tree", whole);
    root.put("interrupted", c.stopped);
    root.put("complete_depth", complete(c, last)); // rows past it are partial (an interrupted walk)
    ArrayNode rows = root.putArray("depths");
    for (int d = 1; d <= last; d++) {
      ObjectNode row = rows.addObject();
      row.put("depth", d);
      row.put("nodes", c.nodes(d));
      row.put("terminal", c.terminal(d));
      row.put("chance", c.chance(d));
    }
    long[] t = c.totals(last);
    ObjectNode total = root.putObject("total");
    total.put("nodes", t[0]);
    total.put("terminal", t[1]);
    total.put("chance", t[2]);
    if (c.infoStates != null) {
      ArrayNode is = root.putArray("information_states");
      for (Set<String> set : c.infoStates) {
        is.add(set.size());
      }
    } else {
      root.putNull("information_states");
    }
    try {
      out.println(JsonFields.mapper().writeValueAsString(root));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON: " + e.getMessage(), e);
    }
  }
}
