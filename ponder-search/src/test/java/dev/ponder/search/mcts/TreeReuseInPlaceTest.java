package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Tree reuse re-roots in place ({@link Tree#reroot}: a stable compaction into the same arrays),
 * and the engine sizes the tree before each search ({@code MctsEngine.presize}).
 */
class TreeReuseInPlaceTest {
  private final Game c4 = GameRegistry.load("connect_four");

  /** A connect_four position a few moves in. */
  private State c4(int... moves) {
    State s = c4.newInitialState();
    for (int m : moves) {
      s.applyAction(m);
    }
    return s;
  }

  /**
   * Every entry of the subtree under {@code e} in pre-order (children in block order): action,
   * prior bits, visits, player, flags without EXPANDING, child count, value sums, auxiliary
   * statistics. The root's action is left out (a new root has none).
   */
  /** The lowest entry id in the subtree under {@code e}. */
  private static int lowestId(Tree t, int e) {
    int low = e;
    for (int i = 0; i < t.numChildren(e); i++) {
      low = Math.min(low, lowestId(t, t.firstChild(e) + i));
    }
    return low;
  }

  /** Entries of the subtree under {@code e} with an id below {@code x}. */
  private static int countBelow(Tree t, int e, int x) {
    int count = e < x ? 1 : 0;
    for (int i = 0; i < t.numChildren(e); i++) {
      count += countBelow(t, t.firstChild(e) + i, x);
    }
    return count;
  }

  private static List<String> snapshot(Tree t, int e) {
    List<String> out = new ArrayList<>();
    walk(t, e, true, out);
    return out;
  }

  private static void walk(Tree t, int e, boolean root, List<String> out) {
    StringBuilder sb = new StringBuilder();
    sb.append(root ? "root" : Integer.toString(t.action(e))).append(' ').append(Float.floatToIntBits(t.prior(e)))
        .append(' ').append(t.visits(e)).append(' ').append(t.player(e)).append(' ')
        .append(t.flags(e) & ~Tree.EXPANDING).append(' ').append(t.numChildren(e));
    for (int p = 0; p < t.numPlayers(); p++) {
      sb.append(' ').append(Double.doubleToLongBits(t.valueSum(e, p)));
    }
    for (int k = 0; k < t.auxWidth(); k++) {
      sb.append(' ').append(Double.doubleToLongBits(t.aux(e, k)));
    }
    out.add(sb.toString());
    for (int i = 0; i < t.numChildren(e); i++) {
      walk(t, t.firstChild(e) + i, false, out);
    }
  }

  private static int mostVisitedChild(Tree t, int e) {
    int best = t.firstChild(e);
    for (int c = best; c < t.firstChild(e) + t.numChildren(e); c++) {
      if (t.visits(c) > t.visits(best)) {
        best = c;
      }
    }
    return best;
  }

  @Test
  void rerootKeepsExactlyTheSubtreeInTheSameArrays() {
    Game bt = GameRegistry.load("breakthrough(rows=6,columns=6)");
    Object[][] cases = {
        {c4, "uct(sims=3000)"},
        {c4, "mcts_solver(sims=3000)"}, // auxiliary values and proven flags
        {bt, "ments(sims=3000)"},
        // two workers: entries come from each worker's blocks, so a node's children can sit below it
        {c4, "uct(sims=6000,threads=2)"},
        {c4, "puct(sims=6000,threads=2,sync_us=0)"}};
    for (Object[] c : cases) {
      Game g = (Game) c[0];
      String spec = (String) c[1];
      try (MctsAgent a = MctsAgent.create(spec, g, 4)) {
        State s = g.newInitialState();
        s.applyAction(s.legalActions()[1]);
        a.search(s);
        Tree t = a.engine().tree();
        // a grandchild of the root along the most visited line, as after the agent's move and a reply
        int e = mostVisitedChild(t, mostVisitedChild(t, t.root()));
        assertThat(t.numChildren(e)).as(spec).isPositive();
        List<String> before = snapshot(t, e);
        int capacity = t.capacity();
        int lowest = lowestId(t, e);
        int rootRank = 1 + countBelow(t, e, e);
        t.reroot(e);
        if (lowest == e) {
          assertThat(t.root()).as(spec).isEqualTo(1);
        }
        assertThat(t.root()).as(spec + ": the root's rank in the subtree").isEqualTo(rootRank);
        assertThat(t.action(t.root())).as(spec).isEqualTo(-1);
        assertThat(t.size()).as(spec + ": entries = the subtree's").isEqualTo(before.size());
        assertThat(t.capacity()).as(spec + ": the same arrays").isEqualTo(capacity);
        assertThat(snapshot(t, t.root())).as(spec).containsExactlyElementsOf(before);
        // every child block lies inside the entries in use
        for (int x = 1; x <= t.size(); x++) {
          if (t.numChildren(x) > 0) {
            assertThat(t.firstChild(x)).as(spec).isGreaterThanOrEqualTo(1);
            assertThat(t.firstChild(x) + t.numChildren(x) - 1).as(spec).isLessThanOrEqualTo(t.size());
          }
        }
        // re-rooting again, deeper, keeps the same arrays too
        int e2 = mostVisitedChild(t, mostVisitedChild(t, t.root()));
        List<String> before2 = snapshot(t, e2);
        t.reroot(e2);
        assertThat(snapshot(t, t.root())).as(spec).containsExactlyElementsOf(before2);
        assertThat(t.capacity()).as(spec).isEqualTo(capacity);
      }
    }
  }

  /**
   * Two worker views reserve blocks of entries, so a node created in the second view's block can
   * get its children from the first view's earlier block, below the node's own id: re-rooting at
   * that node keeps the subtree with the root at its rank, and the child block renumbered.
   */
  @Test
  void rerootKeepsADescendantStoredBelowTheNewRoot() {
    Tree t = new Tree(2, 0, true, false, 4096);
    Tree a = t.view(1024);
    Tree b = t.view(1024);
    t.newRoot(0, 0L);
    a.syncView();
    b.syncView();
    int[] two = {10, 11};
    float[] priors = {0.5f, 0.5f};
    assertThat(a.tryClaimExpansion(1)).isTrue();
    assertThat(a.expand(1, 0, two, priors, 2)).isTrue(); // a's block: children 2, 3
    assertThat(t.firstChild(1)).isEqualTo(2);
    assertThat(b.tryClaimExpansion(3)).isTrue();
    assertThat(b.expand(3, 1, new int[] {20, 21}, priors, 2)).isTrue(); // b's block, after a's
    int p = t.firstChild(3);
    assertThat(p).isGreaterThan(Tree.CHUNK);
    assertThat(a.tryClaimExpansion(p)).isTrue();
    assertThat(a.expand(p, 0, new int[] {30, 31}, priors, 2)).isTrue(); // back in a's block: 4, 5
    assertThat(t.firstChild(p)).isEqualTo(4);
    a.addVisits(4, 7);
    a.addVisits(5, 9);
    a.addVisits(p, 16);
    a.flushLocal(true, true);
    b.flushLocal(true, true);
    a.releaseChunk();
    b.releaseChunk();
    List<String> before = snapshot(t, p);
    t.reroot(p);
    // kept ids 4, 5, p in that order: 4 → 1, 5 → 2, p → 3
    assertThat(t.root()).isEqualTo(3);
    assertThat(t.action(3)).isEqualTo(-1);
    assertThat(t.action(1)).as("the first child keeps its action").isEqualTo(30);
    assertThat(t.action(2)).isEqualTo(31);
    assertThat(t.firstChild(3)).isEqualTo(1);
    assertThat(t.size()).isEqualTo(3);
    assertThat(snapshot(t, t.root())).containsExactlyElementsOf(before);
  }

  @Test
  void rerootOfAKeyedTreeIsRefused() {
    Tree t = new Tree(2, 0, false, true, 16);
    t.newRoot(0, 1L);
    assertThatThrownBy(() -> t.reroot(1)).isInstanceOf(IllegalStateException.class).hasMessageContaining("tree mode");
  }

  /**
   * Self-play with {@code reuse=true}: once the tree has reached its size, a search allocates about
   * its result only. The former re-root copied the kept subtree into new arrays at every move
   * (median 918 KB per search here, measured with that code; now about 1 KB); the median leaves out the rare search
   * that grows the arrays past their largest size so far.
   */
  @Test
  void reuseSelfPlayAllocatesLittlePerSearch() {
    com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long tid = Thread.currentThread().getId();
    try (MctsAgent m = MctsAgent.create("uct(sims=2000,reuse=true)", c4, 3)) {
      long[] bytes = new long[64];
      int n = 0;
      for (int game = 0; game < 3; game++) {
        State s = c4.newInitialState();
        while (!s.isTerminal()) {
          long b0 = mx.getThreadAllocatedBytes(tid);
          SearchResult r = m.search(s);
          long b = mx.getThreadAllocatedBytes(tid) - b0;
          if (game > 0 && n < bytes.length) {
            bytes[n++] = b;
          }
          s.applyAction(r.action());
        }
      }
      long[] sorted = Arrays.copyOf(bytes, n);
      Arrays.sort(sorted);
      System.out.printf("reuse self-play: %d searches, median %d B, max %d B per search%n", n, sorted[n / 2], sorted[n - 1]);
      assertThat(n).isGreaterThan(10);
      assertThat(sorted[n / 2]).isLessThan(16_384L);
    }
  }

  /**
   * Searches from the same position after the first size the tree from the first one's entries per
   * simulation, so they do not grow it (nor, with transpositions, the key table) while running;
   * the first search is sized from the root's b legal actions (√b entries per simulation, 0.4 b
   * for a tree policy that revisits before trying all, b with expand=0), enough in connect_four.
   */
  @Test
  void laterSearchesDoNotGrowTheTreeWhileRunning() {
    Game bt = GameRegistry.load("breakthrough");
    Game hex5 = GameRegistry.load("hex(board_size=5)");
    for (Game g : new Game[] {c4, bt, hex5}) {
      for (String spec : new String[] {"uct(sims=3000)", "gumbel(sims=1000)", "mcts_solver(sims=2000)",
          "uct(sims=1000,expand=0)", "uct(sims=2000,keying=transpositions)"}) {
        try (MctsAgent a = MctsAgent.create(spec, g, 2)) {
          State s = g.newInitialState();
          Tree t = a.engine().tree();
          a.search(s);
          int first = t.growthsInSearch();
          int firstKeys = t.keyGrowthsInSearch();
          for (int i = 0; i < 3; i++) {
            a.search(s);
          }
          assertThat(t.growthsInSearch()).as(g.name() + " " + spec + ": growths after the first search")
              .isEqualTo(first);
          assertThat(t.keyGrowthsInSearch()).as(g.name() + " " + spec + ": key table growths after the first search")
              .isEqualTo(firstKeys);
          assertThat(firstKeys).as(g.name() + " " + spec + ": key table growths in the first search").isZero();
          if (g == c4) {
            assertThat(first).as(spec + ": growths in the first search").isZero();
          }
        }
      }
    }
  }

  /**
   * The first search's size follows the documented estimate: 3/2 of (sims · √b entries plus the
   * reserve 2 · maxActions + 8), beyond the root, for uct on connect_four (b = 7), and it is enough.
   */
  @Test
  void theFirstSearchIsSizedFromTheRootsBranching() {
    try (MctsAgent a = MctsAgent.create("uct(sims=2000)", c4, 1)) {
      assertThat(a.engine().tree().capacity()).as("before any search").isLessThan(200);
      SearchResult r = a.search(c4.newInitialState());
      double estimate = 1.5 * (2000 * Math.sqrt(7) + (2 * 7 + 8)) + 2;
      assertThat((double) a.engine().tree().capacity()).isBetween(estimate - 2, estimate + 2);
      assertThat(r.nodes()).isLessThan(a.engine().tree().capacity());
      assertThat(a.engine().tree().growthsInSearch()).isZero();
    }
  }

  /**
   * A sims cap next to a time budget does not size the first search from the cap: sizing for
   * 10^8 simulations (the 128-MB cap, millions of entries) would run on the search's clock. The
   * first search starts from 16,384 entries and grows as far as its 30 ms take it.
   */
  @Test
  void aSimsCapBesideATimeBudgetDoesNotSizeTheFirstSearch() {
    try (MctsAgent a = MctsAgent.create("uct(sims=100000000,time_ms=30)", c4, 1)) {
      assertThat(a.engine().tree().capacity()).as("before any search").isGreaterThanOrEqualTo(1 << 14);
      SearchResult r = a.search(c4.newInitialState());
      // 30 ms of connect_four simulations make far fewer than a million entries on any machine
      assertThat(a.engine().tree().capacity()).isLessThan(1_000_000);
      assertThat(r.nodes()).isLessThanOrEqualTo(a.engine().tree().capacity());
    }
  }

  @Test
  void reuseKeepsTheCapacityAcrossMoves() {
    try (MctsAgent m = MctsAgent.create("uct(sims=1000,reuse=true)", c4, 7)) {
      State s = c4(3, 3);
      m.search(s);
      Tree t = m.engine().tree();
      int capacity = t.capacity();
      int growths = t.growthsInSearch();
      for (int i = 0; i < 6 && !s.isTerminal(); i++) {
        SearchResult r = m.search(s);
        assertThat(t.capacity()).isGreaterThanOrEqualTo(capacity);
        capacity = t.capacity();
        s.applyAction(r.action());
      }
      assertThat(t.growthsInSearch()).isEqualTo(growths);
    }
  }

  /**
   * The first search of a tree policy that revisits a child before trying all of its siblings
   * (gumbel, puct) is sized for 0.4 b entries per simulation (b = 121 on hex 11×11): 3/2 of
   * (sims · 0.4 · 121 plus the reserve 2 · 121 + 8), beyond the root. It is enough, where the
   * √b estimate (still used by uct and by puct with fpu=inf, which try every child first) would
   * not have been.
   */
  @Test
  void aFirstSearchWithARevisitingTreePolicyIsSizedForItsExpansions() {
    Game hex = GameRegistry.load("hex(board_size=11)");
    double reserve = 2 * 121 + 8;
    double sqrtEstimate = 1.5 * (300 * Math.sqrt(121) + reserve) + 2;
    for (String spec : new String[] {"gumbel(sims=300)", "puct(sims=300)", "uct(sims=300)", "puct(sims=300,fpu=inf)"}) {
      try (MctsAgent a = MctsAgent.create(spec, hex, 4)) {
        boolean revisits = !spec.startsWith("uct") && !spec.contains("inf");
        assertThat(a.engine().mechanism().treePolicy().revisitsBeforeTryingAll()).as(spec).isEqualTo(revisits);
        if (!revisits) {
          continue; // sized from √b (theFirstSearchIsSizedFromTheRootsBranching)
        }
        SearchResult r = a.search(hex.newInitialState());
        double estimate = 1.5 * (300 * 0.4 * 121 + reserve) + 2;
        Tree t = a.engine().tree();
        assertThat((double) t.capacity()).as(spec).isBetween(estimate - 2, estimate + 2);
        assertThat(t.growthsInSearch()).as(spec + ": growths in the first search").isZero();
        assertThat((double) r.nodes()).as(spec + ": more than the √b estimate holds").isGreaterThan(sqrtEstimate);
      }
    }
  }

  /**
   * Keyed mode sizes its key table from the planned simulations, as the tree: small before the
   * first search, then planned at one key per simulation (a simulation stores at most one new
   * key), so that 3/2 of them fit at a load of at most one half: 2000 simulations and the root's
   * key give 2 · (1 + 3000 + 64) = 6130 slots, rounded up to 8192. No growth while the search runs,
   * and the later searches (planned from the keys per simulation measured) grow nothing either.
   */
  @Test
  void theKeyTableIsSizedFromThePlannedSimulations() {
    Game phantom = GameRegistry.load("phantom_ttt");
    for (Object[] c : new Object[][] {{c4, "uct(sims=2000,keying=transpositions)"}, {phantom, "uct(sims=2000)"}}) {
      Game g = (Game) c[0];
      String spec = (String) c[1];
      try (MctsAgent a = MctsAgent.create(spec, g, 8)) {
        Tree t = a.engine().tree();
        assertThat(t.keyed()).isTrue();
        assertThat(t.keySlots()).as(spec + ": before any search").isLessThanOrEqualTo(256);
        a.search(g.newInitialState());
        assertThat(t.keyCount()).as(spec + ": at most one key per simulation, and the root's").isLessThanOrEqualTo(2001);
        assertThat(t.keySlots()).as(spec).isEqualTo(8192);
        assertThat(t.keyGrowthsInSearch()).as(spec).isZero();
        for (int i = 0; i < 3; i++) {
          a.search(g.newInitialState());
        }
        assertThat(t.keyGrowthsInSearch()).as(spec + ": later searches").isZero();
        assertThat(t.growthsInSearch()).as(spec + ": later searches").isZero();
      }
    }
  }

  /**
   * Growth while a search runs stays correct: an engine whose tree and key table are not grown
   * ahead of its searches ({@link MctsEngine#limitPresize}) grows both during them, and searches
   * exactly as one that was sized ahead (one thread, same seed), in tree and in keyed mode.
   */
  @Test
  void growingWhileSearchingGivesTheSameSearches() {
    Game phantom = GameRegistry.load("phantom_ttt");
    for (Object[] c : new Object[][] {{c4, "uct(sims=3000,keying=transpositions)"}, {phantom, "uct(sims=3000)"},
        {c4, "gumbel(sims=1000)"}}) {
      Game g = (Game) c[0];
      String spec = (String) c[1];
      try (MctsAgent sized = MctsAgent.create(spec, g, 5); MctsAgent growing = MctsAgent.create(spec, g, 5)) {
        growing.engine().limitPresize(0);
        State s = g.newInitialState();
        for (int i = 0; i < 2; i++) {
          SearchResult x = sized.search(s);
          SearchResult y = growing.search(s);
          assertThat(y.action()).as(spec).isEqualTo(x.action());
          assertThat(y.visits()).as(spec).containsExactly(x.visits());
          assertThat(y.nodes()).as(spec).isEqualTo(x.nodes());
          for (int k = 0; k < x.q().length; k++) {
            assertThat(y.q()[k]).as(spec).containsExactly(x.q()[k]);
          }
        }
        Tree t = growing.engine().tree();
        assertThat(t.growthsInSearch()).as(spec).isPositive();
        if (t.keyed()) {
          assertThat(t.keyGrowthsInSearch()).as(spec).isPositive();
        }
      }
    }
  }
}
