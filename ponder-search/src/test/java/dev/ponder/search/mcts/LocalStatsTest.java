package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** Worker views with private top-of-tree statistics ({@link MctsConfig#syncMicros()}). */
class LocalStatsTest {
  private final Game ttt = GameRegistry.load("tic_tac_toe");
  private final Game c4 = GameRegistry.load("connect_four");

  /** A concurrent tree with a root and three children. */
  private static Tree smallTree() {
    Tree t = new Tree(2, 0, true, false, 16);
    int root = t.newRoot(0, 0L);
    assertThat(t.tryClaimExpansion(root)).isTrue();
    assertThat(t.expand(root, 0, new int[] {5, 6, 7}, new float[] {0.2f, 0.3f, 0.5f}, 3)).isTrue();
    return t;
  }

  @Test
  void privateCountsAreSeenByTheirViewOnlyUntilFlushed() {
    Tree t = smallTree();
    Tree a = t.view(2);
    Tree b = t.view(2);
    a.syncView();
    a.extendLocal(); // private: the root and its first child (the limit), as a worker makes them before its simulations
    b.syncView();
    b.extendLocal();
    int root = t.root();
    int c0 = t.firstChild(root);
    int c2 = c0 + 2;

    a.addVisits(root, 3);
    a.addValue(root, 0, 1.5);
    a.addValue(c0, 1, -2.0);
    a.addVisits(c2, 4); // outside the window: shared at once
    assertThat(a.visits(root)).isEqualTo(3);
    assertThat(a.valueSum(root, 0)).isEqualTo(1.5);
    assertThat(a.q(root, 0, Double.NaN)).isEqualTo(0.5);
    assertThat(a.valueSum(c0, 1)).isEqualTo(-2.0);
    assertThat(t.visits(root)).isZero();
    assertThat(b.visits(root)).isZero();
    assertThat(b.valueSum(c0, 1)).isZero();
    assertThat(t.visits(c2)).isEqualTo(4);
    assertThat(b.visits(c2)).isEqualTo(4);

    b.addVisits(root, 2);
    a.flushLocal(true, true);
    assertThat(t.visits(root)).isEqualTo(3);
    assertThat(t.valueSum(root, 0)).isEqualTo(1.5);
    assertThat(t.valueSum(c0, 1)).isEqualTo(-2.0);
    assertThat(a.visits(root)).isEqualTo(3); // no double counting after the flush
    assertThat(b.visits(root)).isEqualTo(5); // shared 3 + its own 2
    b.flushLocal(true, true);
    assertThat(t.visits(root)).isEqualTo(5);
    assertThat(a.visits(root)).isEqualTo(5);
  }

  /**
   * Views whose private ranges differ (each grows its own): an entry private to one and shared by
   * the other gets both workers' counts, the one's at its merge (added atomically, beyond the
   * range private in every view), the other's at once.
   */
  @Test
  void viewsWithPrivateRangesOfDifferentLengthsMergeEveryCount() {
    Tree t = smallTree();
    Tree a = t.view(4);
    Tree b = t.view(1);
    a.syncView();
    b.syncView();
    a.extendLocal(); // the root and its three children
    b.extendLocal(); // the root alone
    int root = t.root();
    int c1 = t.firstChild(root) + 1;
    assertThat(a.isPrivate(c1)).isTrue();
    assertThat(b.isPrivate(c1)).isFalse();
    a.addVisitAndValues(c1, new double[] {1, -1});
    b.addVisitAndValues(c1, new double[] {0.5, -0.5}); // shared at once
    a.addVisits(root, 2);
    b.addVisits(root, 3);
    assertThat(t.visits(c1)).isEqualTo(1);
    a.flushLocal(true, true);
    b.flushLocal(true, true);
    assertThat(t.visits(c1)).isEqualTo(2);
    assertThat(t.valueSum(c1, 0)).isEqualTo(1.5);
    assertThat(t.valueSum(c1, 1)).isEqualTo(-1.5);
    assertThat(t.visits(root)).isEqualTo(5);
  }

  /**
   * A periodic merge leaves out entries whose private visits are under 1/64 of their shared
   * visits (they keep their counts and stay visible to their own view); a full merge takes
   * everything.
   */
  @Test
  void partialMergeKeepsCountsThatAreASmallPartOfTheSharedOnes() {
    Tree t = smallTree();
    Tree a = t.view(4);
    Tree b = t.view(4);
    a.syncView();
    a.extendLocal();
    b.syncView();
    b.extendLocal();
    int root = t.root();
    int c0 = t.firstChild(root);
    int c1 = c0 + 1;
    b.addVisits(root, 640); // shared root visits: 640
    b.addVisits(c0, 64);
    b.flushLocal(true, true);
    assertThat(t.visits(root)).isEqualTo(640);

    a.addVisits(root, 9); // 9 · 64 < 640: kept
    a.addValue(root, 0, 4.5);
    a.addVisits(c0, 1); // 64 ≥ 64: merged
    a.addVisits(c1, 1); // no shared visits: merged
    assertThat(a.flushLocal(false, false)).isTrue();
    assertThat(t.visits(root)).isEqualTo(640);
    assertThat(t.valueSum(root, 0)).isZero();
    assertThat(a.visits(root)).isEqualTo(649); // its own counts are still seen by its view
    assertThat(a.valueSum(root, 0)).isEqualTo(4.5);
    assertThat(t.visits(c0)).isEqualTo(65);
    assertThat(t.visits(c1)).isEqualTo(1);
    assertThat(a.visits(c0)).isEqualTo(65); // merged once, not counted twice

    a.addVisits(root, 1); // 10 · 64 ≥ 640: merged at the next periodic merge
    a.flushLocal(false, false);
    assertThat(t.visits(root)).isEqualTo(650);
    assertThat(t.valueSum(root, 0)).isEqualTo(4.5);

    a.addVisits(root, 1);
    a.flushLocal(false, true); // a full merge takes everything
    assertThat(t.visits(root)).isEqualTo(651);
    assertThat(a.visits(root)).isEqualTo(651);
  }

  /**
   * The mean backup's fused update (N += 1, W += value in one call) lands where the separate
   * updates would: private counts in a view's window, shared at once outside it and in a tree
   * with one thread.
   */
  @Test
  void fusedMeanUpdateMatchesSeparateUpdatesInsideAndOutsideTheWindow() {
    Tree t = smallTree();
    Tree a = t.view(2);
    a.syncView();
    a.extendLocal();
    int root = t.root();
    int c0 = t.firstChild(root);
    int c2 = c0 + 2;
    double[] v = {0.75, -0.25};
    a.addVisitAndValues(c0, v); // private
    a.addVisitAndValues(c0, v);
    a.addVisitAndValues(c2, v); // shared
    assertThat(a.visits(c0)).isEqualTo(2);
    assertThat(a.valueSum(c0, 0)).isEqualTo(1.5);
    assertThat(a.valueSum(c0, 1)).isEqualTo(-0.5);
    assertThat(t.visits(c0)).isZero();
    assertThat(t.visits(c2)).isEqualTo(1);
    assertThat(t.valueSum(c2, 1)).isEqualTo(-0.25);
    a.flushLocal(true, true);
    assertThat(t.visits(c0)).isEqualTo(2);
    assertThat(t.valueSum(c0, 0)).isEqualTo(1.5);
    assertThat(a.visits(c0)).isEqualTo(2);

    Tree single = new Tree(3, 0, false, false, 16);
    int r = single.newRoot(0, 0L);
    single.addVisitAndValues(r, new double[] {1, 2, 3});
    single.addVisits(r, 1);
    single.addValues(r, new double[] {1, 2, 3});
    assertThat(single.visits(r)).isEqualTo(2);
    assertThat(single.valueSum(r, 2)).isEqualTo(6.0);
  }

  /**
   * A view takes new entries from its own block; when the tree is full a larger expansion fails
   * and the view keeps its block for smaller ones; released at the end, the block's rest is given
   * back, so size() counts exactly the entries created.
   */
  @Test
  void viewBlocksCountEveryCreatedEntryOnce() {
    Tree t = new Tree(2, 0, true, false, 16); // capacity 16: entry 0 unused, root at 1
    int root = t.newRoot(0, 0L);
    Tree v = t.view(0);
    v.syncView();
    assertThat(v.tryClaimExpansion(root)).isTrue();
    assertThat(v.expand(root, 0, new int[] {0, 1, 2}, new float[] {0.3f, 0.3f, 0.4f}, 3)).isTrue();
    int c0 = t.firstChild(root);
    assertThat(v.tryClaimExpansion(c0)).isTrue();
    int[] twelve = new int[12];
    assertThat(v.expand(c0, 1, twelve, new float[12], 12)).isFalse(); // 11 left in the block, none free
    v.releaseExpansion(c0);
    assertThat(v.tryClaimExpansion(c0)).isTrue();
    assertThat(v.expand(c0, 1, new int[] {0, 1, 2, 3, 4}, new float[5], 5)).isTrue();
    v.releaseChunk();
    assertThat(t.size()).isEqualTo(1 + 3 + 5);
    assertThat(t.numChildren(c0)).isEqualTo(5);
  }

  @Test
  void overwritingStatisticsInAViewWithPrivateEntriesIsRefused() {
    Tree t = smallTree();
    Tree a = t.view(4);
    a.syncView();
    a.extendLocal();
    int c0 = t.firstChild(t.root());
    assertThatThrownBy(() -> a.setStats(c0, 1, new double[] {1, -1})).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> a.setValueSum(c0, 0, 1)).isInstanceOf(IllegalStateException.class);
    Tree b = t.view(0);
    b.syncView();
    b.extendLocal();
    b.setStats(c0, 1, new double[] {1, -1});
    assertThat(t.visits(c0)).isEqualTo(1);
    assertThatThrownBy(() -> t.view(0).view(0)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> new Tree(2, 0, false, false, 16).view(0)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void syncHasNoEffectWithOneThread() {
    State s = c4.newInitialState();
    s.applyAction(3);
    MctsAgent a = (MctsAgent) AgentRegistry.create("uct(sims=3000,sync_us=0)", c4, 11);
    MctsAgent b = (MctsAgent) AgentRegistry.create("uct(sims=3000,sync_us=7)", c4, 11);
    SearchResult ra = a.search(s);
    SearchResult rb = b.search(s);
    assertThat(rb.visits()).containsExactly(ra.visits());
    assertThat(rb.rootValue()).containsExactly(ra.rootValue());
    assertThat(rb.nodes()).isEqualTo(ra.nodes());
  }

  /**
   * Two threads with private statistics, the tree (and the key table with transpositions) not
   * grown ahead of the search ({@link MctsEngine#limitPresize}), so that the first search grows
   * them, and the private counters with them, while both workers run: every simulation reaches
   * the root and one root child once, with the same value vector, so the root's n and W equal the
   * sums over its children, and n equals the simulations run.
   */
  @Test
  void twoThreadsConserveVisitsAndValuesAcrossMergesAndGrowth() {
    Game bt = GameRegistry.load("breakthrough");
    Object[][] cases = {
        {c4, "uct(sims=20000,threads=2,sync_us=16)", 20000},
        {c4, "puct(sims=20000,threads=2,sync_us=1)", 20000},
        {c4, "uct(sims=20000,threads=2,sync_us=500000)", 20000},
        {c4, "uct(sims=20000,threads=2,keying=transpositions,sync_us=16)", 20000},
        {bt, "uct(sims=45000,threads=2,sync_us=100)", 45000}};
    for (Object[] c : cases) {
      Game g = (Game) c[0];
      String spec = (String) c[1];
      int sims = (Integer) c[2];
      MctsAgent a = (MctsAgent) AgentRegistry.create(spec, g, 3);
      a.engine().limitPresize(0);
      for (int round = 0; round < 3; round++) {
        SearchResult r = a.search(g.newInitialState());
        Tree t = a.engine().tree();
        if (round == 0) { // the first search grew the arrays while the workers ran
          assertThat(t.growthsInSearch()).as(spec).isPositive();
          if (spec.contains("keying")) {
            assertThat(t.keyGrowthsInSearch()).as(spec + ": the key table").isPositive();
          }
        }
        int root = t.root();
        assertThat(r.simulations()).as(spec).isEqualTo(sims);
        assertThat(t.visits(root)).as(spec).isEqualTo(sims);
        assertThat(r.totalVisits()).as(spec).isEqualTo(sims);
        for (int p = 0; p < 2; p++) {
          double w = 0;
          for (int i = 0; i < t.numChildren(root); i++) {
            w += t.valueSum(t.firstChild(root) + i, p);
          }
          assertThat(w).as(spec).isCloseTo(t.valueSum(root, p), Offset.offset(1e-6));
        }
      }
      a.close();
    }
  }

  /**
   * After a two-thread search every virtual loss is reverted, with private statistics and with
   * every update shared ({@code sync_us=0}: reverted together with the backup): in a zero-sum game W[0] + W[1] = 0 on every
   * edge, and a node's n is at least the sum of its children's n.
   */
  @Test
  void everyVirtualLossIsRevertedAcrossTheWholeTree() {
    Game bt = GameRegistry.load("breakthrough");
    for (String spec : new String[] {"uct(sims=45000,threads=2)", "uct(sims=45000,threads=2,sync_us=0)"}) {
      MctsAgent a = (MctsAgent) AgentRegistry.create(spec, bt, 5);
      a.engine().limitPresize(0); // the search grows the tree while both workers run
      a.search(bt.newInitialState());
      Tree t = a.engine().tree();
      assertThat(t.growthsInSearch()).as(spec).isPositive();
      int[] stack = new int[1 << 12];
      int sp = 0;
      stack[sp++] = t.root();
      int checked = 0;
      while (sp > 0) {
        int e = stack[--sp];
        checked++;
        assertThat(t.valueSum(e, 0) + t.valueSum(e, 1)).as(spec + " entry " + e).isCloseTo(0.0, Offset.offset(1e-6));
        long children = 0;
        for (int i = 0; i < t.numChildren(e); i++) {
          int c = t.firstChild(e) + i;
          assertThat(t.visits(c)).isNotNegative();
          children += t.visits(c);
          if (sp == stack.length) {
            stack = java.util.Arrays.copyOf(stack, sp * 2);
          }
          stack[sp++] = c;
        }
        assertThat((long) t.visits(e)).as(spec + " entry " + e).isGreaterThanOrEqualTo(children);
      }
      assertThat(checked).as(spec + ": entries reachable from the root = size()").isEqualTo(t.size());
      a.close();
    }
  }

  /**
   * The mechanism's virtual loss acts on shared entries only: a default two-thread search of
   * ordinary size (every entry private) never calls it, one with {@code sync_us=0} calls it on
   * every edge a simulation passes, twice (applied and reverted).
   */
  @Test
  void theVirtualLossActsOnSharedEntriesOnly() {
    for (String spec : new String[] {"uct(sims=2000,threads=2)", "uct(sims=2000,threads=2,sync_us=0)"}) {
      MctsAgent base = (MctsAgent) AgentRegistry.create(spec, c4, 3);
      Mechanism m = base.engine().mechanism();
      java.util.concurrent.atomic.AtomicLong calls = new java.util.concurrent.atomic.AtomicLong();
      VirtualLoss inner = m.virtualLoss();
      Mechanism counted = m.withVirtualLoss((t, e, d, mover, sign, ctx) -> {
        calls.incrementAndGet();
        inner.apply(t, e, d, mover, sign, ctx);
      });
      MctsAgent a = new MctsAgent(c4, counted, base.engine().knowledge(), base.engine().config(), 3);
      SearchResult r = a.search(c4.newInitialState());
      if (spec.contains("sync_us=0")) {
        // at least the root edge of every simulation, applied and reverted
        assertThat(calls.get()).as(spec).isGreaterThanOrEqualTo(2L * r.simulations());
      } else {
        assertThat(calls.get()).as(spec).isZero();
      }
      a.close();
      base.close();
    }
  }

  @Test
  void twoThreadsWithPrivateStatisticsStillFindTheOnlyWinningMove() {
    State s = ttt.newInitialState();
    for (int m : new int[] {0, 3, 1, 4}) {
      s.applyAction(m); // x: 0,1; o: 3,4; x to move: 2 wins, anything else loses to o's 5
    }
    for (long seed = 1; seed <= 5; seed++) {
      MctsAgent a = (MctsAgent) AgentRegistry.create("uct(sims=2000,threads=2)", ttt, seed);
      assertThat(a.selectAction(s)).as("seed " + seed).isEqualTo(2);
      a.close();
    }
  }
}
