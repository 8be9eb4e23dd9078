package dev.ponder.search.mcts.zoo;

import dev.ponder.search.mcts.FinalActionSelector;
import dev.ponder.search.mcts.RootActionSelector;
import dev.ponder.search.mcts.SearchContext;
import dev.ponder.search.mcts.Tree;
import dev.ponder.search.mcts.TreePolicy;
import dev.ponder.search.mcts.ops.Gumbel;
import dev.ponder.search.mcts.ops.RootNoise;
import java.util.SplittableRandom;

/**
 * Gumbel AlphaZero (Danihelka, Guez, Schrittwieser &amp; Silver 2022), as in mctx's
 * {@code gumbel_muzero_policy}: Gumbel-Top-m at the root with sequential halving over the budget,
 * the deterministic interior rule {@code argmax π'(a) − n(a)/(1 + Σn)} with
 * {@code π' = softmax(logits + σ(completed Q̂))}, and the final move among the most-visited
 * considered actions by {@code g + logits + σ}. Logits are the log priors; v̂ of a node is its
 * first value (the knowledge's evaluation of it, kept by {@link #firstValue()}; the root, never
 * evaluated (a root reused from the previous search too), and a search built without a slot use
 * the running mean); Q is normalized into [0,1] before
 * the per-node min–max rescale. Every argmax and argmin (top-m, the halving cut, the root's and
 * the interior's selection, the final move) breaks exact ties uniformly at random with the
 * worker's seeded generator (ALGORITHMS §0), drawing from it only when a tie occurs: with a uniform
 * prior and {@code gumbelScale = 0} every action ties in top-m, and first-index ties would never
 * consider the last ones. One search at a time (root quantities are fields).
 */
public final class GumbelSearch {
  private final int maxConsidered;
  private final double gumbelScale;
  private final double cVisit;
  private final double cScale;
  /** Aux slot holding 1 + v̂ (the node's first value, normalized for its mover; 0 = none yet), or −1. */
  private final int firstValueSlot;

  private double[] g = new double[0];
  private boolean[] considered = new boolean[0];
  /** Considered actions not yet eliminated by sequential halving. */
  private boolean[] alive = new boolean[0];
  private int m;
  /** Survivors of sequential halving; phases = ⌈log2 m⌉; the survivors' visits when the phase began. */
  private int cur;
  private int phases;
  private int phaseBase;
  /**
   * The cut between two phases, made lazily as mctx makes it: the first round of the next phase
   * visits the survivors one at a time by their current score (recomputed after every visit), and
   * the first {@code keep} picked survive. {@code picked} marks them; {@code cutting} while the
   * round runs; {@code nextBase} the survivors' visits when it began.
   */
  private boolean[] picked = new boolean[0];
  private boolean cutting;
  private int keep;
  private int picks;
  private int nextBase;

  /**
   * @param maxConsidered m's cap (mctx 16)
   * @param gumbelScale scale of the Gumbel noise (1 for training; 0 = deterministic top-m)
   * @param cVisit σ's c_visit (mctx 50)
   * @param cScale σ's c_scale (mctx 0.1; the paper's experiments are often quoted with 1.0 [recall])
   */
  public GumbelSearch(int maxConsidered, double gumbelScale, double cVisit, double cScale) {
    this(maxConsidered, gumbelScale, cVisit, cScale, -1);
  }

  /**
   * @param firstValueSlot aux slot where {@link #firstValue()} keeps each node's v̂ (its first
   *     value), or −1 to use the node's running mean as v̂; with a slot the mechanism must back up
   *     through {@code ZooBackups.withHooks(…, firstValue())} and have the slot among its
   *     auxiliary statistics
   */
  public GumbelSearch(int maxConsidered, double gumbelScale, double cVisit, double cScale, int firstValueSlot) {
    this.maxConsidered = maxConsidered;
    this.gumbelScale = gumbelScale;
    this.cVisit = cVisit;
    this.cScale = cScale;
    this.firstValueSlot = firstValueSlot;
  }

  /**
   * Hook keeping v̂ of every node: the first value backed up into the node reached by an edge
   * (in tree mode the edge's own entry, in keyed mode the node found by key), normalized for that
   * node's player to act, stored as {@code 1 + v̂} at the slot (0 marks "none yet"). The first value
   * through a node is the knowledge's evaluation of that node (or its terminal return), the
   * network value mctx mixes in. The root, which the engine does not evaluate, has none: its v̂ is
   * its running mean.
   *
   * @throws IllegalStateException if this search was built without a slot
   */
  public ZooBackups.Hook firstValue() {
    if (firstValueSlot < 0) {
      throw new IllegalStateException("GumbelSearch built without a first-value slot");
    }
    int slot = firstValueSlot;
    return (tree, parent, edge, child, value, depth, ctx) -> {
      if (child < 0) {
        return;
      }
      int mover = tree.player(child);
      if (mover < 0 || tree.aux(child, slot) != 0.0) {
        return;
      }
      double v = 1.0 + ctx.normalize(value[mover]);
      if (tree.concurrent()) {
        synchronized (tree.lock(child)) {
          if (tree.aux(child, slot) == 0.0) {
            tree.setAux(child, slot, v);
          }
        }
      } else {
        tree.setAux(child, slot, v);
      }
    };
  }

  /**
   * v̂ of {@code node} for its mover: the first value kept by {@link #firstValue()}, else the
   * running mean. The root always uses its running mean, also a root reused from the previous
   * search ({@code reuse=true}), which keeps the first value it received as a child.
   */
  private double vHat(Tree tree, int node, int mover, SearchContext ctx) {
    if (firstValueSlot >= 0 && node != tree.root()) {
      double a = tree.aux(node, firstValueSlot);
      if (a != 0.0) {
        return a - 1.0;
      }
    }
    return Z.q(tree, node, mover, ctx, ctx.q0());
  }

  private static double logit(Tree tree, int e) {
    return Math.log(Math.max(tree.prior(e), 1e-30));
  }

  /**
   * σ(q̂) of every child of {@code node} into {@code out} (completed with the mixed value).
   */
  void sigma(Tree tree, int node, SearchContext ctx, double[] out) {
    int mover = tree.player(node);
    int first = tree.firstChild(node);
    int k = tree.numChildren(node);
    long sumN = 0;
    double sp = 0;
    double spq = 0;
    int maxN = 0;
    for (int i = 0; i < k; i++) {
      int e = first + i;
      int n = Math.max(0, tree.visits(e));
      sumN += n;
      maxN = Math.max(maxN, n);
      if (n > 0) {
        double p = Math.max(tree.prior(e), Double.MIN_NORMAL);
        sp += p;
        spq += p * ctx.normalize(tree.valueSum(e, mover) / n);
      }
    }
    double vHat = vHat(tree, node, mover, ctx);
    double vMix = (vHat + sumN * (sp > 0 ? spq / sp : 0.0)) / (1.0 + sumN);
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < k; i++) {
      int e = first + i;
      int n = tree.visits(e);
      double qc = n > 0 ? ctx.normalize(tree.valueSum(e, mover) / n) : vMix;
      out[i] = qc;
      lo = Math.min(lo, qc);
      hi = Math.max(hi, qc);
    }
    double range = Math.max(hi - lo, 1e-8);
    double scale = (cVisit + maxN) * cScale;
    for (int i = 0; i < k; i++) {
      out[i] = scale * (out[i] - lo) / range;
    }
  }

  /** The interior (non-root) tree policy. */
  public TreePolicy interior() {
    return new TreePolicy() {
      @Override
      public boolean revisitsBeforeTryingAll() {
        return true;
      }

      @Override
      public int select(Tree tree, int node, SearchContext ctx) {
        int first = tree.firstChild(node);
        int k = tree.numChildren(node);
        double[] s = ctx.scratch(0, k);
        sigma(tree, node, ctx, s);
        double mx = Double.NEGATIVE_INFINITY;
        long sumN = 0;
        for (int i = 0; i < k; i++) {
          s[i] += logit(tree, first + i);
          mx = Math.max(mx, s[i]);
          sumN += Math.max(0, tree.visits(first + i));
        }
        double z = 0;
        for (int i = 0; i < k; i++) {
          s[i] = Math.exp(s[i] - mx);
          z += s[i];
        }
        SplittableRandom rng = ctx.rng();
        int best = first;
        double bs = Double.NEGATIVE_INFINITY;
        int ties = 0;
        for (int i = 0; i < k; i++) {
          double score = s[i] / z - Math.max(0, tree.visits(first + i)) / (1.0 + sumN);
          if (score > bs) {
            bs = score;
            best = first + i;
            ties = 1;
          } else if (score == bs && rng.nextInt(++ties) == 0) {
            best = first + i;
          }
        }
        return best;
      }
    };
  }

  /**
   * Root: Gumbel-Top-m sampled in {@code prepare}, then sequential halving. A phase over
   * {@code cur} surviving actions gives each of them {@code max(1, ⌊S/(⌈log2 m⌉·cur)⌋)} more
   * visits (mctx's schedule; S = {@link SearchContext#budget()}), one round at a time (the
   * least-visited survivor, ties by {@code g + logits + σ} as it stands at that selection, then at
   * random). When every survivor has its visits, the next phase's first round visits the
   * survivors in the same way, one at a time by their current score, and the first
   * {@code max(2, ⌊cur/2⌋)} it picks survive (mctx's implicit halving: the actions with the
   * considered visit count, argmax of the score recomputed after every simulation). With a
   * simulation budget this reproduces mctx's visit schedule ({@link Gumbel#consideredVisits}) and
   * its choice of survivors. Under a time budget S is the engine's running estimate: the
   * current phase's length is re-planned from it at every selection, and an eliminated action is
   * never selected again. Under threads, selections are serialized (the phase state is shared).
   */
  public RootActionSelector root() {
    return new RootActionSelector() {
      @Override
      public void prepare(Tree tree, int root, SearchContext ctx) {
        int k = tree.numChildren(root);
        if (g.length < k) {
          g = new double[k];
          considered = new boolean[k];
          alive = new boolean[k];
          picked = new boolean[k];
        }
        int first = tree.firstChild(root);
        for (int i = 0; i < k; i++) {
          g[i] = gumbelScale * RootNoise.gumbel(ctx.rng());
          considered[i] = false;
        }
        m = Math.min(maxConsidered, k);
        SplittableRandom rng = ctx.rng();
        for (int j = 0; j < m; j++) { // top-m of g + logits, ties at random
          int arg = -1;
          double best = Double.NEGATIVE_INFINITY;
          int ties = 0;
          for (int i = 0; i < k; i++) {
            if (considered[i]) {
              continue;
            }
            double x = g[i] + logit(tree, first + i);
            if (arg < 0 || x > best) {
              arg = i;
              best = x;
              ties = 1;
            } else if (x == best && rng.nextInt(++ties) == 0) {
              arg = i;
            }
          }
          considered[arg] = true;
        }
        System.arraycopy(considered, 0, alive, 0, k);
        java.util.Arrays.fill(picked, 0, k, false);
        cutting = false;
        cur = m;
        phases = m <= 1 ? 1 : 32 - Integer.numberOfLeadingZeros(m - 1);
        int base = Integer.MAX_VALUE;
        for (int i = 0; i < k; i++) {
          if (alive[i]) {
            base = Math.min(base, Math.max(0, tree.visits(first + i)));
          }
        }
        phaseBase = base == Integer.MAX_VALUE ? 0 : base;
      }

      @Override
      public synchronized int select(Tree tree, int root, SearchContext ctx) {
        int first = tree.firstChild(root);
        int k = tree.numChildren(root);
        double[] s = ctx.scratch(0, k);
        sigma(tree, root, ctx, s);
        for (int i = 0; i < k; i++) {
          s[i] = alive[i] ? Math.max(-1e9, g[i] + logit(tree, first + i) + s[i]) : Double.NEGATIVE_INFINITY;
        }
        if (cur > 1 && !cutting) {
          int phaseEnd = phaseBase + Gumbel.phaseVisits(cur, phases, Math.max(1, ctx.budget()));
          boolean done = true;
          for (int i = 0; i < k && done; i++) {
            done = !alive[i] || tree.visits(first + i) >= phaseEnd;
          }
          if (done) {
            beginCut(tree, first, k);
          }
        }
        // the least-visited survivor (during a cut: not yet picked), then the best score, then at random
        SplittableRandom rng = ctx.rng();
        int best = -1;
        int bestN = Integer.MAX_VALUE;
        int ties = 0;
        for (int i = 0; i < k; i++) {
          if (!alive[i] || cutting && picked[i]) {
            continue;
          }
          int n = tree.visits(first + i);
          if (n < bestN || (n == bestN && s[i] > s[best])) {
            bestN = n;
            best = i;
            ties = 1;
          } else if (n == bestN && s[i] == s[best] && rng.nextInt(++ties) == 0) {
            best = i;
          }
        }
        if (cutting) {
          picked[best] = true;
          if (++picks == keep) {
            endCut(k);
          }
        }
        return first + best;
      }
    };
  }

  /**
   * The current phase is done: the next one starts with its first round, whose first
   * {@code max(2, ⌊cur/2⌋)} picks survive ({@link #endCut}); with no one to drop (two survivors)
   * the next phase simply begins. Called under the selector's lock.
   */
  private void beginCut(Tree tree, int first, int k) {
    int base = Integer.MAX_VALUE;
    for (int i = 0; i < k; i++) {
      if (alive[i]) {
        base = Math.min(base, tree.visits(first + i));
      }
    }
    keep = Math.max(2, cur / 2);
    if (keep < cur) {
      cutting = true;
      picks = 0;
      java.util.Arrays.fill(picked, 0, k, false);
      nextBase = base;
    } else {
      phaseBase = base;
    }
  }

  /** The cut's round has made its picks: the survivors not picked are eliminated. */
  private void endCut(int k) {
    for (int i = 0; i < k; i++) {
      alive[i] &= picked[i];
    }
    cur = keep;
    cutting = false;
    phaseBase = nextBase;
  }

  /**
   * Final: among the actions sequential halving kept, those with the most visits (under T threads,
   * within T − 1 of the most), {@code argmax g + logits + σ} (ties at random; the sequential-halving survivor,
   * Gumbel noise included; an eliminated action is never played, even when a reused subtree gave
   * it more visits); π̂ is the improved policy
   * {@code softmax(logits + σ)} without noise ({@link dev.ponder.search.PolicyKind#GUMBEL_IMPROVED}),
   * so the move need not be π̂'s argmax, as in the paper and mctx.
   */
  public FinalActionSelector finalSelector() {
    return new FinalActionSelector() {
      @Override
      public dev.ponder.search.PolicyKind policyKind() {
        return dev.ponder.search.PolicyKind.GUMBEL_IMPROVED;
      }

      @Override
      public String rule() {
        return "sequential halving, argmax g + logits + sigma among the most-visited survivors of the halving"
            + " (Gumbel noise g); pi' need not favour it";
      }

      @Override
      public int select(Tree tree, int root, double[] pi, SearchContext ctx) {
        int first = tree.firstChild(root);
        int k = tree.numChildren(root);
        // the worker's scratch (this runs on the first worker's context after the simulations)
        double[] s = ctx.scratch(0, k);
        sigma(tree, root, ctx, s);
        double[] logits = ctx.scratch(1, k);
        // candidates: the survivors of sequential halving (not every considered action: with reuse an
        // eliminated child can hold more visits from the previous search), among them the most
        // visited; under T threads, counts within T − 1 of the most are ties (in-flight simulations
        // decide such differences, not the search)
        int maxN = -1;
        for (int i = 0; i < k; i++) {
          logits[i] = logit(tree, first + i);
          if (i < alive.length && alive[i]) {
            maxN = Math.max(maxN, tree.visits(first + i));
          }
        }
        int minN = maxN - Math.max(0, ctx.threads() - 1);
        Gumbel.improvedPolicy(logits, s, k, pi);
        SplittableRandom rng = ctx.rng();
        int best = first;
        double bs = Double.NEGATIVE_INFINITY;
        int ties = 0;
        for (int i = 0; i < k; i++) {
          if (i < alive.length && alive[i] && tree.visits(first + i) >= minN) {
            double score = g[i] + logits[i] + s[i];
            if (score > bs) {
              bs = score;
              best = first + i;
              ties = 1;
            } else if (score == bs && rng.nextInt(++ties) == 0) {
              best = first + i;
            }
          }
        }
        return best;
      }
    };
  }
}
