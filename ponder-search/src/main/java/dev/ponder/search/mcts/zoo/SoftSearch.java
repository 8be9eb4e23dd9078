package dev.ponder.search.mcts.zoo;

import dev.ponder.game.State;
import dev.ponder.search.mcts.FinalActionSelector;
import dev.ponder.search.mcts.FinalSelectors;
import dev.ponder.search.mcts.SearchContext;
import dev.ponder.search.mcts.Tree;
import dev.ponder.search.mcts.TreePolicy;
import dev.ponder.search.mcts.ops.Rpo;
import dev.ponder.search.mcts.ops.SoftPolicies;

/**
 * RPO (Grill et al. 2020) and MENTS (Xiao et al. 2019): tree policies that sample a regularized or
 * soft policy, and MENTS' soft Bellman backup.
 */
public final class SoftSearch {
  private SoftSearch() {}

  /**
   * RPO's SEARCH variant: sample the child from {@code π̄ = argmax_y qᵀy − λ_N KL(π_θ‖y)},
   * {@code λ_N = c·sqrt(N)/(|A| + N)} (N = Σ n(a), taken as 1 when 0); q is the normalized mean,
   * unvisited children take the node's own mean (Q0 before any visit).
   *
   * @param c the multiplier's constant, &gt; 0 (agent strings take 1e-9..1e6): λ_N must be positive
   * @throws IllegalArgumentException if {@code c} is not a positive finite number
   */
  public static TreePolicy rpo(double c) {
    if (!(c > 0) || Double.isInfinite(c)) {
      throw new IllegalArgumentException("rpo: c must be a finite number greater than 0, got " + c);
    }
    return new TreePolicy() {
      @Override
      public boolean revisitsBeforeTryingAll() {
        return true;
      }

      @Override
      public int select(Tree tree, int node, SearchContext ctx) {
        int mover = tree.player(node);
        int first = tree.firstChild(node);
        int k = tree.numChildren(node);
        double[] q = ctx.scratch(0, k);
        double[] prior = ctx.scratch(1, k);
        double[] pi = ctx.scratch(2, k);
        long sumN = 0;
        double psum = 0;
        double parent = Z.q(tree, node, mover, ctx, ctx.q0());
        for (int i = 0; i < k; i++) {
          int e = first + i;
          sumN += Math.max(0, tree.visits(e));
          q[i] = Z.q(tree, e, mover, ctx, parent);
          prior[i] = Math.max(tree.prior(e), 1e-12);
          psum += prior[i];
        }
        for (int i = 0; i < k; i++) {
          prior[i] /= psum;
        }
        // positive: c > 0 and N taken as at least 1
        double lambda = Rpo.lambda(c, Math.max(1, sumN), k);
        Rpo.piBar(q, prior, k, lambda, 1e-4, pi);
        return first + SoftPolicies.sample(pi, k, ctx.rng().nextDouble());
      }
    };
  }

  /**
   * MENTS' E2W policy: {@code π(a) = (1 − λ)·exp((Q_sft(a) − V_sft)/τ) + λ/|A|},
   * {@code λ = min(1, ε·|A|/ln(N + 1))}; Q_sft at aux {@code slot} (a child without a completed
   * visit, counted at {@code slot + 1} by {@link #softBackup}: {@code qInit}).
   */
  public static TreePolicy e2w(double tau, double epsilon, double qInit, int slot) {
    return new TreePolicy() {
      @Override
      public boolean revisitsBeforeTryingAll() {
        return true;
      }

      @Override
      public int select(Tree tree, int node, SearchContext ctx) {
        int first = tree.firstChild(node);
        int k = tree.numChildren(node);
        double[] q = ctx.scratch(0, k);
        for (int i = 0; i < k; i++) {
          int e = first + i;
          q[i] = softQ(tree, e, slot, qInit);
        }
        double lambda = SoftPolicies.e2wLambda(epsilon, k, Math.max(0, tree.visits(node)));
        double v = SoftPolicies.softValue(q, k, tau);
        double u = ctx.rng().nextDouble();
        double acc = 0;
        for (int i = 0; i < k; i++) {
          acc += (1.0 - lambda) * Math.exp((q[i] - v) / tau) + lambda / k;
          if (u < acc) {
            return first + i;
          }
        }
        return first + k - 1;
      }
    };
  }

  /**
   * MENTS soft Bellman backup hook: after the mean update, an edge whose node reached is an expanded
   * decision node gets {@code Q_sft = V_sft(node) = τ·log Σ exp(Q_sft(c)/τ)} for the node's mover,
   * converted to the edge's chooser (the same player, or the complement 1 − V in two-player
   * constant-sum games, else the chooser's mean); an edge into an expanded chance node of the tree
   * gets the probability-weighted mean of its visited outcomes' soft values (see
   * {@link #chanceSoftValue}); a leaf edge keeps its normalized mean. The node
   * reached is {@code child}: the edge itself in tree mode, the node found by key in keyed mode
   * (IS-MCTS, transpositions). When the node reached depends on the sampled world (chance outcomes
   * or hidden information sampled between the edge and the node, {@link Z#sameSuccessor}), Q_sft is
   * the running mean over the edge's visits of the per-simulation targets (V_sft of the node reached,
   * or the simulation's normalized return when that node is a leaf): the sample estimate of the
   * paper's {@code Q_sft(s, a) = E[V_sft(s')]}.
   *
   * <p>Uses {@link #WIDTH} aux slots from {@code slot}: Q_sft, and the edge's completed visits
   * (this hook's own count, under threads updated under the edge's lock), so that in-flight
   * virtual losses of other workers never enter Q_sft: a leaf edge's mean takes them out, and a
   * child with only in-flight visits counts as unvisited ({@code qInit}).
   */
  public static ZooBackups.Hook softBackup(double tau, double qInit, int slot) {
    return (tree, parent, edge, child, value, depth, ctx) -> {
      if (tree.player(parent) < 0) {
        return;
      }
      if (tree.concurrent()) {
        synchronized (tree.lock(edge)) {
          softUpdate(tree, parent, edge, child, value, tau, qInit, slot, ctx);
        }
      } else {
        softUpdate(tree, parent, edge, child, value, tau, qInit, slot, ctx);
      }
    };
  }

  /** Aux doubles per entry {@link #softBackup} uses from its slot: Q_sft and the completed visits. */
  public static final int WIDTH = 2;

  /** Completed visits of {@code e} (without in-flight virtual losses), kept at {@code slot + 1}. */
  private static double completed(Tree tree, int e, int slot) {
    return tree.aux(e, slot + 1);
  }

  /** Q_sft of {@code e} (aux {@code slot}), or {@code unvisited} while it has no completed visit. */
  private static double softQ(Tree tree, int e, int slot, double unvisited) {
    return completed(tree, e, slot) > 0 ? tree.aux(e, slot) : unvisited;
  }

  private static void softUpdate(Tree tree, int parent, int edge, int child, double[] value, double tau, double qInit,
      int slot, SearchContext ctx) {
    int chooser = tree.player(parent);
    double c = completed(tree, edge, slot) + 1;
    tree.setAux(edge, slot + 1, c);
    int k = child >= 0 ? tree.numChildren(child) : 0;
    int m = child >= 0 ? tree.player(child) : -1;
    boolean same = Z.sameSuccessor(edge, child, ctx);
    double qs;
    if (k > 0 && m >= 0 && (m == chooser || Z.twoPlayerConstantSum(ctx))) {
      int first = tree.firstChild(child);
      double mx = Double.NEGATIVE_INFINITY;
      for (int e = first; e < first + k; e++) {
        mx = Math.max(mx, softQ(tree, e, slot, qInit));
      }
      double sum = 0;
      for (int e = first; e < first + k; e++) {
        sum += Math.exp((softQ(tree, e, slot, qInit) - mx) / tau);
      }
      double v = mx + tau * Math.log(sum);
      qs = m == chooser ? v : 1.0 - v;
    } else if (k > 0 && m == State.CHANCE) {
      // a chance node of the tree: Q_sft = Σ_o P(o)·V(o) over its visited outcomes o
      qs = chanceSoftValue(tree, child, chooser, tau, qInit, slot, ctx);
    } else if (same) {
      // the edge's mean over its c completed visits: the visits beyond them are in-flight
      // virtual losses of other workers, each one visit of the minimum utility for the chooser
      double inflight = tree.visits(edge) - c;
      qs = ctx.normalize((tree.valueSum(edge, chooser) - inflight * ctx.minUtility()) / c);
    } else {
      qs = ctx.normalize(value[chooser]);
    }
    if (!same) {
      // running mean over the edge's completed visits (this one included)
      qs = tree.aux(edge, slot) + (qs - tree.aux(edge, slot)) / c;
    }
    tree.setAux(edge, slot, qs);
  }

  /**
   * The soft value for {@code chooser} of the expanded chance node {@code node} of the tree:
   * {@code Σ_o P(o)·V(o) / Σ_o P(o)} over its visited outcomes o (probabilities from the outcome
   * edges' priors, renormalized over the visited ones; the expectation over s' of the paper's
   * {@code Q_sft(s, a) = r + E[V_sft(s')]}), where V(o) is {@link #nodeSoftValue}. The current
   * values of the outcomes are weighted by their probabilities, not by their visit counts: a
   * visit-weighted mean of the values backed up over time would keep the early, less informed
   * V's of each outcome, and the sampled outcome frequencies only approach the probabilities.
   */
  private static double chanceSoftValue(Tree tree, int node, int chooser, double tau, double qInit, int slot,
      SearchContext ctx) {
    int first = tree.firstChild(node);
    int k = tree.numChildren(node);
    double sp = 0;
    double spv = 0;
    for (int o = first; o < first + k; o++) {
      if (tree.visits(o) > 0) {
        double p = tree.prior(o);
        sp += p;
        spv += p * nodeSoftValue(tree, o, chooser, tau, qInit, slot, ctx);
      }
    }
    return sp > 0 ? spv / sp : Z.q(tree, node, chooser, ctx, qInit);
  }

  /**
   * V for {@code chooser} of a visited tree node: {@code τ·log Σ exp(Q_sft(c)/τ)} of an expanded
   * decision node (converted as in {@link #softBackup}), {@link #chanceSoftValue} of an expanded
   * chance node, else (a leaf, or another player's node in a general-sum game) the node's
   * normalized mean for the chooser.
   */
  private static double nodeSoftValue(Tree tree, int node, int chooser, double tau, double qInit, int slot,
      SearchContext ctx) {
    int k = tree.numChildren(node);
    int m = tree.player(node);
    if (k > 0 && m >= 0 && (m == chooser || Z.twoPlayerConstantSum(ctx))) {
      int first = tree.firstChild(node);
      double[] q = ctx.scratch(0, k);
      for (int i = 0; i < k; i++) {
        q[i] = softQ(tree, first + i, slot, qInit);
      }
      double v = SoftPolicies.softValue(q, k, tau);
      return m == chooser ? v : 1.0 - v;
    }
    if (k > 0 && m == State.CHANCE) {
      return chanceSoftValue(tree, node, chooser, tau, qInit, slot, ctx);
    }
    return Z.q(tree, node, chooser, ctx, qInit);
  }

  /** MENTS' recommendation: {@code argmax_a Q_sft(root, a)} over visited children. */
  public static FinalActionSelector maxSoftQ(int slot) {
    return FinalActionSelector.withRule("argmax soft value Q_sft over the visited actions (MENTS' soft Bellman"
        + " values, which hold an entropy bonus; the Q column is the mean return, not Q_sft)", (tree, root, pi, ctx) -> {
          FinalSelectors.visitPolicy(tree, root, pi);
          return Finals.argmax(tree, root, ctx, e -> softQ(tree, e, slot, Double.NEGATIVE_INFINITY));
        });
  }
}
