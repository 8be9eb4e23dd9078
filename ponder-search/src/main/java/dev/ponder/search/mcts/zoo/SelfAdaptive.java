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
 * online by the N-Tuple Bandit EA (Lucas, Liu &amp; Pérez-Liébana 2018). Each player (role) has its
 * own tuner: before each simulation every tuner's current combination θ_p is read (at the root);
 * the simulation selects with θ_p at the nodes where p moves; its normalized return for p is
 * θ_p's fitness. The tuners live as long as the agent (they keep learning across moves).
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

  private final int params;
  private final double k;
  private final int neighbours;
  private final long seed;
  private volatile Ntbea[] tuners;

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
    this.k = k;
    this.neighbours = neighbours;
    this.seed = seed;
  }

  /** The tuner of {@code player} (for inspection); null before the first search. */
  public Ntbea tuner(int player) {
    Ntbea[] t = tuners;
    return t == null ? null : t[player];
  }

  /**
   * The tuners, created at the first simulation of the agent's first search. Their random
   * generator is seeded from {@code tuner_salt} mixed with one draw of the searching worker's
   * generator (which flows from the agent's seed), so every arena seat and seed index tunes with its
   * own stream, and one thread with one seed repeats exactly.
   */
  private Ntbea[] tuners(SearchContext ctx) {
    int numPlayers = ctx.numPlayers();
    Ntbea[] t = tuners;
    if (t == null) {
      synchronized (this) {
        t = tuners;
        if (t == null) {
          int[] sizes = params == 2 ? new int[] {C.length, FPU.length} : new int[] {C.length, FPU.length, ROOT.length, DECAY.length};
          SplittableRandom rng = new SplittableRandom(dev.ponder.game.State.mix64(seed ^ ctx.rng().nextLong()));
          t = new Ntbea[numPlayers];
          for (int p = 0; p < numPlayers; p++) {
            t[p] = new Ntbea(sizes, k, 0.1, neighbours, rng.split());
          }
          tuners = t;
        }
      }
    }
    return t;
  }

  /**
   * Index of the worker's {@link SearchContext#simulationInts} array holding this simulation's θ:
   * player p's combination at {@code [4p, 4p + params)}, written at the root, read at every node.
   */
  public static final int THETA = 0;

  private int select(Tree tree, int node, SearchContext ctx, int[] th) {
    int mover = tree.player(node);
    int first = tree.firstChild(node);
    int end = first + tree.numChildren(node);
    int bigN = Math.max(1, tree.visits(node));
    int o = 4 * mover;
    double c = C[th[o]];
    if (params == 4) {
      c *= node == tree.root() ? ROOT[th[o + 2]] : Math.pow(DECAY[th[o + 3]], ctx.depth());
    }
    double fpu = FPU[th[o + 1]];
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

  /** Root selection: reads every player's θ from its tuner for this simulation, then selects. */
  public RootActionSelector root() {
    return (tree, root, ctx) -> {
      Ntbea[] t = tuners(ctx);
      int[] th = ctx.simulationInts(THETA, 4 * t.length);
      for (int p = 0; p < t.length; p++) {
        synchronized (t[p]) {
          System.arraycopy(t[p].current(), 0, th, 4 * p, params);
        }
      }
      return select(tree, root, ctx, th);
    };
  }

  /**
   * Interior selection with the θ of the node's mover that this worker read at the root of the
   * current simulation (kept in its {@link SearchContext#simulationInts}).
   */
  public TreePolicy interior() {
    return (tree, node, ctx) -> select(tree, node, ctx, ctx.simulationInts(THETA, 4 * ctx.numPlayers()));
  }

  /**
   * Mean backup that reports the simulation's normalized return for each player p to p's tuner as
   * the fitness of the θ_p this simulation used (read at the root into the worker's
   * {@link SearchContext#simulationInts}): under threads a tuner's current point can move on (another
   * worker's backup) between the read and this backup, and the fitness belongs to the point that
   * was searched with, not to the tuner's point of the moment.
   */
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
          Ntbea[] t = tuners(ctx);
          int[] th = ctx.simulationInts(THETA, 4 * t.length);
          for (int p = 0; p < t.length; p++) {
            double f = ctx.normalize(value[p]);
            synchronized (t[p]) {
              t[p].update(th, 4 * p, f);
            }
          }
        }
      }
    };
  }
}
