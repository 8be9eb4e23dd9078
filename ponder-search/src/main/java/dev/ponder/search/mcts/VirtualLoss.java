package dev.ponder.search.mcts;

/**
 * Mechanism: keeps parallel workers apart by temporarily changing an edge's statistics (ΔN, ΔQ)
 * while a simulation through it is in flight. Applied with {@code sign = +1} on the way down and
 * reverted with {@code sign = −1} after the backup. Only used when the search has more than one
 * thread, and only on shared entries: with private statistics ({@link MctsConfig#syncMicros()}
 * &gt; 0, the default, and a mechanism whose updates commute) the entries from the root on, up to
 * the private range (about 5.3 million entries with two players), are each worker's own and get
 * none, so in a default search of ordinary size this is never called; with {@code syncMicros} 0
 * (or a mechanism that always shares) it is applied on every edge. Implementations use the
 * tree's atomic updates.
 */
@FunctionalInterface
public interface VirtualLoss {

  /**
   * @param edge the edge entry being traversed
   * @param depth its edge depth: the depth of the node it leaves (root children are at 0; see
   *     {@link ValueBackup} for the two depth conventions)
   * @param mover the player who chose the edge
   * @param sign +1 to apply, −1 to revert
   */
  void apply(Tree tree, int edge, int depth, int mover, int sign, SearchContext ctx);

  /** No virtual loss (workers may collide on the same path). */
  VirtualLoss NONE = (tree, edge, depth, mover, sign, ctx) -> {};

  /**
   * The classic constant virtual loss: each in-flight simulation counts as {@code count} visits
   * that returned the minimum utility for the mover (Chaslot, Winands &amp; van den Herik 2008,
   * "Parallel Monte-Carlo Tree Search").
   */
  static VirtualLoss constant(int count) {
    return new Constant(count);
  }

  /**
   * {@link #constant(int)}: {@code count} virtual visits with the minimum utility for the mover.
   * The engine recognizes it to revert it together with a {@link ValueBackup#MEAN} update. The
   * other players' value sums are left as they are (what a loss of the mover is worth to them is
   * not defined beyond two-player zero-sum games), so while a simulation is in flight their mean
   * at the edge, W/(n + count), is pulled toward 0 (raw utility; a draw in a symmetric zero-sum
   * game). A rule that reads another player's mean at that entry sees it, such as PUCT's
   * first-play value {@code parent} or {@code reduction} at the node the edge leads to; and only on
   * shared entries (see above).
   *
   * @param count virtual visits per in-flight simulation (≥ 0)
   */
  record Constant(int count) implements VirtualLoss {
    /** @throws IllegalArgumentException if {@code count} is negative */
    public Constant {
      if (count < 0) {
        throw new IllegalArgumentException("virtual loss count " + count + " < 0");
      }
    }

    @Override
    public void apply(Tree tree, int edge, int depth, int mover, int sign, SearchContext ctx) {
      tree.addVisits(edge, sign * count);
      tree.addValue(edge, mover, sign * count * ctx.minUtility());
    }
  }
}
