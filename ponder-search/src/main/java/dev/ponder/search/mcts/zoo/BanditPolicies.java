package dev.ponder.search.mcts.zoo;

import dev.ponder.search.mcts.SearchContext;
import dev.ponder.search.mcts.Tree;
import dev.ponder.search.mcts.TreePolicy;
import dev.ponder.search.mcts.ops.Bandit;
import dev.ponder.search.mcts.ops.NormalGamma;
import dev.ponder.search.mcts.ops.SoftPolicies;
import java.util.SplittableRandom;

/**
 * Tree policies that are single bandit rules: UCB1-Tuned, Smooth UCT, Boltzmann and Thompson
 * sampling, with the hooks keeping their auxiliary statistics. Q̃ is the chooser's mean
 * normalized into [0,1].
 */
public final class BanditPolicies {
  private BanditPolicies() {}

  /**
   * UCB1-Tuned (Auer, Cesa-Bianchi &amp; Fischer 2002): {@code Q̃ + sqrt((ln N/n)·min(vCap, V))},
   * {@code V = max(0, S2/n − Q̃² + sqrt(2 ln N/n))} ({@link Bandit#ucb1Tuned}); needs {@link #squares}
   * at aux slot {@code slot}.
   * Unvisited children first (random order).
   */
  public static TreePolicy ucbTuned(double vCap, int slot) {
    return (tree, node, ctx) -> {
      int mover = tree.player(node);
      int first = tree.firstChild(node);
      int end = first + tree.numChildren(node);
      int bigN = Math.max(1, tree.visits(node));
      SplittableRandom rng = ctx.rng();
      double best = Double.NEGATIVE_INFINITY;
      int chosen = first;
      int ties = 0;
      for (int e = first; e < end; e++) {
        int n = tree.visits(e);
        double score = n <= 0 ? Double.POSITIVE_INFINITY
            : Bandit.ucb1Tuned(ctx.normalize(tree.valueSum(e, mover) / n), tree.aux(e, slot), n, bigN, vCap);
        if (score > best) {
          best = score;
          chosen = e;
          ties = 1;
        } else if (score == best && rng.nextInt(++ties) == 0) {
          chosen = e;
        }
      }
      return chosen;
    };
  }

  /**
   * Hook: aux[slot] of each edge accumulates the squared normalized value of its chooser. The
   * value it is given must be the one the backup adds to the edge's W (so that Q̃ is the mean of
   * the values whose squares it sums and V ≥ 0): pair it with {@link
   * dev.ponder.search.mcts.ValueBackup#MEAN} or {@link ZooBackups#powerMean} through {@link
   * ZooBackups#withHooks}, or give it to {@link ZooBackups#discounted(double, ZooBackups.Hook...)}.
   */
  public static ZooBackups.Hook squares(int slot) {
    return (tree, parent, edge, child, value, depth, ctx) -> {
      int mover = tree.player(parent);
      if (mover < 0) {
        return;
      }
      double x = ctx.normalize(value[mover]);
      if (tree.concurrent()) {
        synchronized (tree.lock(edge)) {
          tree.setAux(edge, slot, tree.aux(edge, slot) + x * x);
        }
      } else {
        tree.setAux(edge, slot, tree.aux(edge, slot) + x * x);
      }
    };
  }

  /** UCB1 with constant c on normalized Q̃, unvisited first (for use inside other rules). */
  static int ucb1(Tree tree, int node, SearchContext ctx, double c) {
    int mover = tree.player(node);
    int first = tree.firstChild(node);
    int end = first + tree.numChildren(node);
    int bigN = Math.max(1, tree.visits(node));
    SplittableRandom rng = ctx.rng();
    double best = Double.NEGATIVE_INFINITY;
    int chosen = first;
    int ties = 0;
    for (int e = first; e < end; e++) {
      int n = tree.visits(e);
      double score = n <= 0 ? Double.POSITIVE_INFINITY : Bandit.ucb1(ctx.normalize(tree.valueSum(e, mover) / n), n, bigN, c);
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

  /**
   * Smooth UCT (Heinrich &amp; Silver 2015): with probability {@code η_N = max(γ, η/(1 + d·sqrt(N)))}
   * (N = Σ n(a)) select by UCB1 with constant c, otherwise sample the average strategy n(a)/N.
   */
  public static TreePolicy smoothUct(double c, double gamma, double eta, double d) {
    return (tree, node, ctx) -> {
      int first = tree.firstChild(node);
      int k = tree.numChildren(node);
      long sumN = 0;
      for (int e = first; e < first + k; e++) {
        sumN += Math.max(0, tree.visits(e));
      }
      double etaN = SoftPolicies.smoothUctEta((int) Math.min(Integer.MAX_VALUE, sumN), gamma, eta, d);
      SplittableRandom rng = ctx.rng();
      if (sumN == 0 || rng.nextDouble() < etaN) {
        return ucb1(tree, node, ctx, c);
      }
      long r = rng.nextLong(sumN);
      for (int e = first; e < first + k; e++) {
        r -= Math.max(0, tree.visits(e));
        if (r < 0) {
          return e;
        }
      }
      return first + k - 1;
    };
  }

  /**
   * Boltzmann tree policy (Ponder's working definition of the seed's "Boltzmann MCTS", ALGORITHMS
   * §3.4 [UNVERIFIED]): sample {@code a ∝ (1 − ε)·softmax(Q̃/τ) + ε/|A|}, unvisited children valued
   * {@code qInit}.
   */
  public static TreePolicy boltzmann(double tau, double epsilon, double qInit) {
    return (tree, node, ctx) -> {
      int mover = tree.player(node);
      int first = tree.firstChild(node);
      int k = tree.numChildren(node);
      double mx = Double.NEGATIVE_INFINITY;
      for (int e = first; e < first + k; e++) {
        mx = Math.max(mx, Z.q(tree, e, mover, ctx, qInit));
      }
      double sum = 0;
      for (int e = first; e < first + k; e++) {
        sum += Math.exp((Z.q(tree, e, mover, ctx, qInit) - mx) / tau);
      }
      double u = ctx.rng().nextDouble();
      double acc = 0;
      for (int e = first; e < first + k; e++) {
        acc += (1.0 - epsilon) * Math.exp((Z.q(tree, e, mover, ctx, qInit) - mx) / tau) / sum + epsilon / k;
        if (u < acc) {
          return e;
        }
      }
      return first + k - 1;
    };
  }

  /** Aux slots used by {@link #thompson}: μ, λ − λ0, α − α0, β − β0. */
  public static final int THOMPSON_WIDTH = 4;

  /**
   * Thompson sampling on each child's Normal-Gamma posterior of its chooser's normalized return
   * (DNG-MCTS, Bai, Wu &amp; Chen 2013, deterministic-transition case): draw a mean per child, take
   * the argmax. Aux slots {@code slot..slot+3} hold the posterior relative to the prior.
   */
  public static TreePolicy thompson(double mu0, double lambda0, double alpha0, double beta0, int slot) {
    return (tree, node, ctx) -> {
      int first = tree.firstChild(node);
      int k = tree.numChildren(node);
      SplittableRandom rng = ctx.rng();
      double best = Double.NEGATIVE_INFINITY;
      int chosen = first;
      for (int e = first; e < first + k; e++) {
        double x = NormalGamma.sampleMean(mu0 + tree.aux(e, slot), lambda0 + tree.aux(e, slot + 1),
            alpha0 + tree.aux(e, slot + 2), beta0 + tree.aux(e, slot + 3), rng);
        if (x > best) {
          best = x;
          chosen = e;
        }
      }
      return chosen;
    };
  }

  /**
   * Hook: the conjugate Normal-Gamma update of each edge with its chooser's normalized value,
   * which should be the value the backup adds to the edge (see {@link #squares}): the posterior
   * is all {@link #thompson} reads, so a backup that changes only W is ignored by the search.
   */
  public static ZooBackups.Hook thompsonUpdate(double mu0, double lambda0, double alpha0, double beta0, int slot) {
    return (tree, parent, edge, child, value, depth, ctx) -> {
      int mover = tree.player(parent);
      if (mover < 0) {
        return;
      }
      double x = ctx.normalize(value[mover]);
      if (tree.concurrent()) {
        synchronized (tree.lock(edge)) {
          ngUpdate(tree, edge, slot, x, mu0, lambda0, alpha0, beta0);
        }
      } else {
        ngUpdate(tree, edge, slot, x, mu0, lambda0, alpha0, beta0);
      }
    };
  }

  private static void ngUpdate(Tree tree, int e, int slot, double x, double mu0, double l0, double a0, double b0) {
    double mu = mu0 + tree.aux(e, slot);
    double l = l0 + tree.aux(e, slot + 1);
    double d = x - mu;
    tree.setAux(e, slot + 3, tree.aux(e, slot + 3) + l * d * d / (2.0 * (l + 1.0)));
    tree.setAux(e, slot, (l * mu + x) / (l + 1.0) - mu0);
    tree.setAux(e, slot + 1, tree.aux(e, slot + 1) + 1.0);
    tree.setAux(e, slot + 2, tree.aux(e, slot + 2) + 0.5);
  }
}
