package dev.ponder.search.mcts.zoo;

import dev.ponder.game.State;
import dev.ponder.search.mcts.SearchContext;
import dev.ponder.search.mcts.Tree;
import dev.ponder.search.mcts.ValueBackup;
import dev.ponder.search.mcts.VirtualLoss;
import dev.ponder.search.mcts.ops.Backups;
import dev.ponder.search.mcts.ops.Schedules;

/**
 * Value backups beyond the mean: run2's depth discount, run4's Robbins–Monro step, max backup
 * (Coulom 2006) and power mean (Dam et al. 2019); and {@link #lockedVirtualLoss}, the virtual loss
 * that the non-additive backups need under threads.
 *
 * <p>Thread safety: the additive backups use the tree's atomic adds. The overwriting backups (run4,
 * max) hold {@link Tree#lock(int)} of the edge for the read-modify-write of n and W, and must be
 * paired with {@link #lockedVirtualLoss} so that every writer of the edge holds the same lock (no
 * lost visit updates).
 */
public final class ZooBackups {
  private ZooBackups() {}

  /**
   * run2 (SPEC §1.3; seed 000, "a rational depth discount to favor shorter winning paths"): a
   * return produced at depth D (the depth of the evaluated leaf or terminal state,
   * {@link SearchContext#leafDepth()}; root children are at depth 1) is discounted to
   * {@code R/(1 + rate·D)} (rate 0.001), and every edge of the path adds that discounted value:
   * a win now (D = 1) is worth 1/1.001, the same win 30 plies later 1/1.031, at every node above
   * both. The value vector passed up is left undiscounted (each edge discounts it once).
   */
  public static ValueBackup discounted(double rate) {
    return (tree, parent, edge, child, value, depth, ctx) -> {
      double f = discountFactor(rate, ctx.leafDepth());
      tree.addVisits(edge, 1);
      for (int p = 0; p < tree.numPlayers(); p++) {
        tree.addValue(edge, p, f * value[p]);
      }
    };
  }

  /**
   * {@link #discounted} followed by {@code hooks} that see the value each edge adds: for every
   * edge the hooks receive the discounted vector {@code R/(1 + rate·D)} (in the context's
   * {@link SearchContext#valueBuffer()}), so statistics they keep beside the edge's mean (UCB1-Tuned's
   * sum of squares, Thompson's posterior, Gumbel's first value, MENTS' sampled targets) are of the
   * same values as the mean. The vector passed up stays undiscounted (each edge discounts it
   * once); a hook's changes to the vector it receives are not passed up. The root's entry is
   * updated as by {@link ValueBackup#updateNode}, undiscounted, and its hooks see that vector.
   */
  public static ValueBackup discounted(double rate, Hook... hooks) {
    if (hooks.length == 0) {
      return discounted(rate);
    }
    ValueBackup primary = discounted(rate);
    Hook[] hs = hooks.clone();
    return new ValueBackup() {
      @Override
      public void update(Tree tree, int parent, int edge, int child, double[] value, int depth, SearchContext ctx) {
        primary.update(tree, parent, edge, child, value, depth, ctx);
        double f = discountFactor(rate, ctx.leafDepth());
        double[] added = ctx.valueBuffer();
        for (int p = 0; p < tree.numPlayers(); p++) {
          added[p] = f * value[p];
        }
        for (Hook h : hs) {
          h.edge(tree, parent, edge, child, added, depth, ctx);
        }
      }

      @Override
      public void updateNode(Tree tree, int node, double[] value, int depth, SearchContext ctx) {
        primary.updateNode(tree, node, value, depth, ctx);
        for (Hook h : hs) {
          h.node(tree, node, value, depth, ctx);
        }
      }
    };
  }

  /**
   * The factor {@code 1/(1 + rate·D)} of {@link #discounted} for a return produced at depth
   * {@code leafDepth} ({@link Schedules#run2Discount} for run2's rate 0.001).
   */
  static double discountFactor(double rate, int leafDepth) {
    return rate == 0.001 ? Schedules.run2Discount(leafDepth) : 1.0 / (1.0 + rate * leafDepth);
  }

  /**
   * run4 (SPEC §1.3): {@code Q ← Q + γ·(R − Q)} with {@code γ = (n + 1)^−exponent} (0.82), n the
   * edge's visits before the update; W is rewritten as Q·n so Q = W/n stays the estimate. In-flight
   * virtual losses (counted at aux {@code slot} by {@link #lockedVirtualLoss}) are taken out before
   * the step and put back after it, so a virtual loss never leaks into the estimate.
   */
  public static ValueBackup robbinsMonro(double exponent, int slot) {
    return (tree, parent, edge, child, value, depth, ctx) -> {
      synchronized (tree.lock(edge)) {
        int mover = tree.player(parent);
        int inflight = (int) tree.aux(edge, slot);
        int n = tree.visits(edge) - inflight;
        double g = exponent == 0.82 ? Schedules.run4Step(Math.max(0, n)) : Math.pow(Math.max(0, n) + 1.0, -exponent);
        double[] w = ctx.valueBuffer();
        for (int p = 0; p < tree.numPlayers(); p++) {
          double vl = p == mover ? inflight * ctx.minUtility() : 0.0;
          double q = n > 0 ? (tree.valueSum(edge, p) - vl) / n : 0.0;
          w[p] = Backups.stochasticStep(q, g, value[p]) * (n + 1) + vl;
        }
        tree.setStats(edge, n + 1 + inflight, w);
      }
    };
  }

  /**
   * Max backup (Coulom 2006; ALGORITHMS §3.6): after the visit, an edge whose node reached is
   * expanded takes the whole value vector V of that node's child with the best mean for the node's
   * mover among children with at least {@code minVisits} visits (max^n; children with equal means
   * for the mover tie at random, except in two-player constant-sum games, where their vectors are
   * the same); an edge whose node
   * reached is an expanded chance node of the tree takes the probability-weighted mean of its
   * outcomes' values (expectimax, see {@link #chanceValue}); a leaf keeps the running mean. The node reached is {@code child}: in tree mode the edge itself, in keyed mode (IS-MCTS,
   * transpositions) the node found by key, whose edges carry the statistics. When that node is the
   * same on every simulation through the edge ({@link Z#sameSuccessor}) the edge's value becomes V
   * (W = n·V); when it depends on the sampled world (chance outcomes or hidden information sampled
   * between the edge and the node) the edge keeps the mean of the V's of the nodes it reached
   * (W += V), the sample estimate of E[V(s')]. In-flight virtual losses (aux {@code slot}) are kept
   * out of V and put back into W.
   */
  public static ValueBackup max(int minVisits, int slot) {
    return (tree, parent, edge, child, value, depth, ctx) -> {
      double[] best = ctx.valueBuffer();
      boolean found = child >= 0 && (tree.player(child) == State.CHANCE
          ? chanceValue(tree, child, best)
          : bestChildValue(tree, child, minVisits, slot, best, ctx));
      boolean overwrite = found && Z.sameSuccessor(edge, child, ctx);
      synchronized (tree.lock(edge)) {
        int mover = tree.player(parent);
        int inflight = (int) tree.aux(edge, slot);
        int n = tree.visits(edge) - inflight + 1;
        for (int p = 0; p < tree.numPlayers(); p++) {
          double vl = p == mover ? inflight * ctx.minUtility() : 0.0;
          best[p] = overwrite ? n * best[p] + vl : tree.valueSum(edge, p) + (found ? best[p] : value[p]);
        }
        tree.setStats(edge, n + inflight, best);
      }
    };
  }

  /**
   * An expanded chance node of the tree: writes into {@code out} {@code Σ_o P(o)·Q(o) / Σ_o P(o)}
   * over its visited outcome edges o (P the outcome's probability, the edge's prior; Q its mean
   * vector, which the max backup of the outcome edge has already set to V of the node it reaches),
   * the expectimax value of the chance node; false if no outcome is visited. Probability-weighted,
   * not visit-weighted: the outcomes' current values, each weighted by how likely it is (the visit
   * counts only approach the probabilities). Outcome edges carry no virtual loss (it is not applied
   * at chance parents); under threads each is read under its lock.
   */
  private static boolean chanceValue(Tree tree, int node, double[] out) {
    int k = tree.numChildren(node);
    if (k == 0) {
      return false;
    }
    int first = tree.firstChild(node);
    int np = tree.numPlayers();
    double sp = 0;
    java.util.Arrays.fill(out, 0, np, 0.0);
    for (int o = first; o < first + k; o++) {
      if (tree.concurrent()) {
        synchronized (tree.lock(o)) {
          sp += addWeighted(tree, o, out);
        }
      } else {
        sp += addWeighted(tree, o, out);
      }
    }
    if (sp <= 0) {
      return false;
    }
    for (int p = 0; p < np; p++) {
      out[p] /= sp;
    }
    return true;
  }

  private static double addWeighted(Tree tree, int o, double[] out) {
    int n = tree.visits(o);
    if (n <= 0) {
      return 0.0;
    }
    double w = tree.prior(o);
    for (int p = 0; p < tree.numPlayers(); p++) {
      out[p] += w * tree.valueSum(o, p) / n;
    }
    return w;
  }

  /**
   * Writes into {@code out} the mean value vector of the child of {@code node} with the best mean
   * for the node's mover among children with ≥ minVisits completed visits (in-flight virtual losses
   * at aux {@code slot} taken out); false if there is none. Under threads each child's statistics
   * are read under that child's lock (one lock at a time, never nested), so a snapshot is never torn.
   */
  private static boolean bestChildValue(Tree tree, int node, int minVisits, int slot, double[] out, SearchContext ctx) {
    int k = tree.numChildren(node);
    int mover = tree.player(node);
    if (k == 0 || mover < 0) {
      return false;
    }
    int first = tree.firstChild(node);
    boolean found = false;
    double bq = Double.NEGATIVE_INFINITY;
    int ties = 0;
    // equal best means for the mover tie at random where the other components can differ (in
    // two-player constant-sum games they are the complement: no draw)
    boolean drawTies = !Z.twoPlayerConstantSum(ctx);
    boolean locked = tree.concurrent();
    for (int e = first; e < first + k; e++) {
      int r;
      if (locked) {
        synchronized (tree.lock(e)) {
          r = consider(tree, e, mover, minVisits, slot, bq, drawTies ? ties : 0, out, ctx);
        }
      } else {
        r = consider(tree, e, mover, minVisits, slot, bq, drawTies ? ties : 0, out, ctx);
      }
      if (r == BETTER) {
        bq = out[mover];
        found = true;
        ties = 1;
      } else if (r == TIE) {
        ties++;
      }
    }
    return found;
  }

  private static final int WORSE = 0;
  private static final int BETTER = 1;
  private static final int TIE = 2;

  /**
   * Child {@code e} against the best so far ({@code bq}, {@code ties} children at it): BETTER
   * (its vector written into {@code out}), TIE (written with probability 1/(ties + 1); with
   * {@code ties} 0 a tie is never taken) or WORSE.
   */
  private static int consider(Tree tree, int e, int mover, int minVisits, int slot, double bq, int ties, double[] out,
      SearchContext ctx) {
    int inflight = (int) tree.aux(e, slot);
    int n = tree.visits(e) - inflight;
    if (n < Math.max(1, minVisits)) {
      return WORSE;
    }
    double vl = inflight * ctx.minUtility();
    double q = (tree.valueSum(e, mover) - vl) / n;
    boolean better = q > bq;
    if (!better && !(q == bq && ties > 0)) {
      return WORSE;
    }
    if (better || ctx.rng().nextInt(ties + 1) == 0) {
      for (int p = 0; p < tree.numPlayers(); p++) {
        out[p] = (tree.valueSum(e, p) - (p == mover ? vl : 0.0)) / n;
      }
    }
    return better ? BETTER : TIE;
  }

  /**
   * Power-mean backup (Dam, Klink, D'Eramo, Peters &amp; Pajarinen 2019): when the edge leads to an
   * expanded decision node ({@code child}: the edge itself in tree mode, the node found by key in
   * keyed mode), the vector passed into it (and up) is replaced by the node's power-mean value
   * {@code V = (Σ (n(a)/N)·q(a)^p)^(1/p)} of its children's normalized means for the node's mover;
   * in two-player constant-sum games the other player gets the complement, in other games the
   * others get the visit-weighted mean of their components. Then n += 1, W += V (Q is the mean of
   * the V's seen, as in the paper's Q(s,a) = mean of r + γV(s'); in keyed mode, where the node
   * reached may change with the sampled world, that mean runs over the nodes reached).
   * In-flight virtual losses (counted at aux {@code slot}: pair with {@link #lockedVirtualLoss})
   * are kept out of V; under threads each child is read under its lock and the edge's update
   * holds the edge's lock, so V is computed from consistent snapshots of completed visits.
   */
  public static ValueBackup powerMean(double power, int slot) {
    return (tree, parent, edge, child, value, depth, ctx) -> {
      int mover = child >= 0 ? tree.player(child) : -1;
      int k = child >= 0 ? tree.numChildren(child) : 0;
      if (tree.concurrent()) {
        if (k > 0 && mover >= 0) {
          powerValue(tree, child, mover, k, power, completedSnapshot(tree, child, mover, k, slot, ctx), value, ctx);
        }
        synchronized (tree.lock(edge)) {
          tree.addVisits(edge, 1);
          tree.addValues(edge, value);
        }
      } else {
        if (k > 0 && mover >= 0) {
          powerValue(tree, child, mover, k, power, null, value, ctx);
        }
        tree.addVisits(edge, 1);
        tree.addValues(edge, value);
      }
    };
  }

  /**
   * Under threads: each child's completed visits and sums, read under its lock (a consistent
   * snapshot without the in-flight virtual losses counted at aux {@code slot}), n at
   * {@code [i·(np + 1)]} and W at {@code [i·(np + 1) + 1 + p]} of the context's scratch array 3.
   */
  private static double[] completedSnapshot(Tree tree, int node, int mover, int k, int slot, SearchContext ctx) {
    int np = tree.numPlayers();
    double[] snap = ctx.scratch(3, k * (np + 1));
    int first = tree.firstChild(node);
    for (int i = 0; i < k; i++) {
      int e = first + i;
      synchronized (tree.lock(e)) {
        int inflight = (int) tree.aux(e, slot);
        snap[i * (np + 1)] = tree.visits(e) - inflight;
        for (int p = 0; p < np; p++) {
          snap[i * (np + 1) + 1 + p] = tree.valueSum(e, p) - (p == mover ? inflight * ctx.minUtility() : 0.0);
        }
      }
    }
    return snap;
  }

  /** Child i's completed visits: from the snapshot under threads, else the tree's count. */
  private static int visitsOf(Tree tree, int first, int i, int np, double[] snap) {
    return snap == null ? tree.visits(first + i) : (int) snap[i * (np + 1)];
  }

  /** Child i's completed value sum of player p: from the snapshot under threads, else the tree's. */
  private static double sumOf(Tree tree, int first, int i, int p, int np, double[] snap) {
    return snap == null ? tree.valueSum(first + i, p) : snap[i * (np + 1) + 1 + p];
  }

  /** Writes the power-mean value vector of {@code node}'s children into {@code value} (see {@link #powerMean}). */
  private static void powerValue(Tree tree, int node, int mover, int k, double power, double[] snap, double[] value,
      SearchContext ctx) {
    int np = tree.numPlayers();
    int first = tree.firstChild(node);
    long sumN = 0;
    double mx = 0;
    for (int i = 0; i < k; i++) {
      int n = visitsOf(tree, first, i, np, snap);
      if (n > 0) {
        sumN += n;
        mx = Math.max(mx, Math.max(0.0, ctx.normalize(sumOf(tree, first, i, mover, np, snap) / n)));
      }
    }
    if (sumN == 0) {
      return;
    }
    double s = 0;
    for (int i = 0; i < k; i++) {
      int n = visitsOf(tree, first, i, np, snap);
      if (n > 0 && mx > 0) {
        double q = Math.max(0.0, ctx.normalize(sumOf(tree, first, i, mover, np, snap) / n));
        s += (double) n / sumN * Math.pow(q / mx, power);
      }
    }
    double v = mx > 0 ? mx * Math.pow(s, 1.0 / power) : 0.0;
    boolean complement = Z.twoPlayerConstantSum(ctx);
    for (int p = 0; p < np; p++) {
      if (p == mover) {
        value[p] = ctx.minUtility() + ctx.deltaU() * v;
      } else if (complement) {
        value[p] = ctx.maxUtility() - ctx.deltaU() * v;
      } else {
        double acc = 0;
        for (int i = 0; i < k; i++) {
          acc += sumOf(tree, first, i, p, np, snap);
        }
        value[p] = acc / sumN;
      }
    }
  }

  /**
   * Constant virtual loss applied under the edge's lock (pair with the overwriting backups):
   * {@code count} in-flight visits that returned the minimum utility for the mover; the in-flight
   * count is kept at aux {@code slot} so the overwriting backups can take it out and put it back.
   */
  public static VirtualLoss lockedVirtualLoss(int count, int slot) {
    return new LockedVirtualLoss(count, slot);
  }

  /**
   * {@link #lockedVirtualLoss}: {@code count} in-flight visits with the minimum utility for the
   * mover, applied under the edge's lock and counted at aux {@code slot}. A record, so that the
   * agents' key {@code virtual_loss} can replace the count and keep the slot.
   *
   * @param count virtual visits per in-flight simulation (≥ 0)
   * @param slot the aux slot of the in-flight count (≥ 0)
   */
  public record LockedVirtualLoss(int count, int slot) implements VirtualLoss {
    /** @throws IllegalArgumentException if {@code count} or {@code slot} is negative */
    public LockedVirtualLoss {
      if (count < 0 || slot < 0) {
        throw new IllegalArgumentException("locked virtual loss: count " + count + " and slot " + slot + " must be >= 0");
      }
    }

    @Override
    public void apply(Tree tree, int edge, int depth, int mover, int sign, SearchContext ctx) {
      synchronized (tree.lock(edge)) {
        tree.addVisits(edge, sign * count);
        if (mover != State.CHANCE) {
          tree.addValue(edge, mover, sign * count * ctx.minUtility());
        }
        tree.setAux(edge, slot, tree.aux(edge, slot) + sign * count);
      }
    }
  }

  /** Side statistics kept beside a primary backup (aux slots), called after it for each edge. */
  public interface Hook {
    /** After the primary backup of {@code edge}; may change {@code value} for the edges above. */
    void edge(Tree tree, int parent, int edge, int child, double[] value, int depth, SearchContext ctx);

    /** After the primary update of a node entry that is not an edge (the root). Default nothing. */
    default void node(Tree tree, int node, double[] value, int depth, SearchContext ctx) {}
  }

  /** The primary backup followed by the hooks in order. */
  public static ValueBackup withHooks(ValueBackup primary, Hook... hooks) {
    if (hooks.length == 0) {
      return primary;
    }
    Hook[] hs = hooks.clone();
    return new ValueBackup() {
      @Override
      public void update(Tree tree, int parent, int edge, int child, double[] value, int depth, SearchContext ctx) {
        primary.update(tree, parent, edge, child, value, depth, ctx);
        for (Hook h : hs) {
          h.edge(tree, parent, edge, child, value, depth, ctx);
        }
      }

      @Override
      public void updateNode(Tree tree, int node, double[] value, int depth, SearchContext ctx) {
        primary.updateNode(tree, node, value, depth, ctx);
        for (Hook h : hs) {
          h.node(tree, node, value, depth, ctx);
        }
      }
    };
  }
}
