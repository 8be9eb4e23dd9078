package dev.ponder.search.mcts.zoo;

import dev.ponder.search.mcts.RootActionSelector;
import dev.ponder.search.mcts.SearchContext;
import dev.ponder.search.mcts.Tree;
import dev.ponder.search.mcts.TreePolicy;
import dev.ponder.search.mcts.ValueBackup;
import dev.ponder.search.mcts.ops.Bandit;
import dev.ponder.search.mcts.ops.Ntbea;
import java.util.SplittableRandom;

/**
 * SA-MCTS (Sironi, Liu &amp; Winands 2018/2020): UCT whose search-control parameters are tuned
 * online by the N-Tuple Bandit EA (Lucas, Liu &amp; Pérez-Liébana 2018). Before each simulation the
 * tuner's current combination θ is read (at the root); the simulation runs with θ; its normalized
 * return for the searching player is θ's fitness. The tuner lives as long as the agent (it keeps
 * learning across moves).
 *
 * <p>Parameters: the paper tunes the UCT constant C and GRAVE's Ref (2P), plus two more GRAVE/MAST
 * controls (4P) [recall]. Ponder has no GRAVE or MAST, so it substitutes search-control parameters
 * of its own UCT (documented substitution): 2P = (C ∈ {0, 0.1, …, 1.0}, FPU ∈ {0, 0.25, 0.5, 0.75,
 * 1, +∞}); 4P adds a root multiplier of C ∈ {0.5, 1, 1.5, 2} and a per-depth decay of C ∈ {1,
 * 0.95, 0.9, 0.8}.
 */
public final class SelfAdaptive {
  static final double[] C = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
  static final double[] FPU = {0.0, 0.25, 0.5, 0.75, 1.0, Double.POSITIVE_INFINITY};
  static final double[] ROOT = {0.5, 1.0, 1.5, 2.0};
  static final double[] DECAY = {1.0, 0.95, 0.9, 0.8};

  private final Ntbea tuner;
  private final int params;
  private final ThreadLocal<int[]> theta;

  /**
   * @param params 2 or 4
   * @param k NTBEA exploration weight
   * @param neighbours NTBEA neighbours per step
   */
  public SelfAdaptive(int params, double k, int neighbours, long seed) {
    if (params != 2 && params != 4) {
      throw new dev.ponder.spec.SpecException("sa_mcts: params=" + params + " is not valid; valid: 2, 4");
    }
    this.params = params;
    int[] sizes = params == 2 ? new int[] {C.length, FPU.length} : new int[] {C.length, FPU.length, ROOT.length, DECAY.length};
    this.tuner = new Ntbea(sizes, k, 0.1, neighbours, new SplittableRandom(seed));
    this.theta = ThreadLocal.withInitial(() -> new int[4]);
  }

  /** The tuner (for inspection). */
  public Ntbea tuner() {
    return tuner;
  }

  private int select(Tree tree, int node, SearchContext ctx, int[] th) {
    int mover = tree.player(node);
    int first = tree.firstChild(node);
    int end = first + tree.numChildren(node);
    int bigN = Math.max(1, tree.visits(node));
    double c = C[th[0]];
    if (params == 4) {
      c *= node == tree.root() ? ROOT[th[2]] : Math.pow(DECAY[th[3]], ctx.depth());
    }
    double fpu = FPU[th[1]];
    SplittableRandom rng = ctx.rng();
    double best = Double.NEGATIVE_INFINITY;
    int chosen = first;
    int ties = 0;
    for (int e = first; e < end; e++) {
      int n = tree.visits(e);
      double score = n <= 0 ? fpu : Bandit.ucb1(ctx.normalize(tree.valueSum(e, mover) / n), n, bigN, c);
      if (score > best) {
        best = score;
        chosen = e;
        ties = 1;
      } else if (score == best && rng.nextInt(++ties) == 0) {
        chosen = e;
      }
    }
    return chosen;
  }

  /** Root selection: reads θ from the tuner for this simulation, then selects with it. */
  public RootActionSelector root() {
    return (tree, root, ctx) -> {
      int[] th = theta.get();
      synchronized (tuner) {
        System.arraycopy(tuner.current(), 0, th, 0, params);
      }
      return select(tree, root, ctx, th);
    };
  }

  /** Interior selection with this thread's θ. */
  public TreePolicy interior() {
    return (tree, node, ctx) -> select(tree, node, ctx, theta.get());
  }

  /** Mean backup that reports the simulation's normalized return for the searcher to the tuner. */
  public ValueBackup backup() {
    return new ValueBackup() {
      @Override
      public void update(Tree tree, int parent, int edge, int child, double[] value, int depth, SearchContext ctx) {
        ValueBackup.MEAN.update(tree, parent, edge, child, value, depth, ctx);
      }

      @Override
      public void updateNode(Tree tree, int node, double[] value, int depth, SearchContext ctx) {
        ValueBackup.MEAN.updateNode(tree, node, value, depth, ctx);
        if (node == tree.root()) {
          double f = ctx.normalize(value[ctx.rootPlayer()]);
          synchronized (tuner) {
            tuner.update(f);
          }
        }
      }
    };
  }
}
