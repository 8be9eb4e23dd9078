package dev.ponder.search.mcts.zoo;

import dev.ponder.search.mcts.FinalActionSelector;
import dev.ponder.search.mcts.FinalSelectors;
import dev.ponder.search.mcts.ProvenValues;
import dev.ponder.search.mcts.SearchContext;
import dev.ponder.search.mcts.Tree;
import dev.ponder.search.mcts.TreePolicy;
import dev.ponder.search.mcts.ValueBackup;
import dev.ponder.search.mcts.ops.Bandit;
import dev.ponder.search.mcts.ops.Proofs;
import java.util.SplittableRandom;

/**
 * MCTS-Solver (Winands, Björnsson &amp; Saito 2008; OpenSpiel's generalization of the proof rule)
 * and Score-Bounded MCTS (Cazenave &amp; Saffidine 2010) for two-player zero- or constant-sum games
 * (the setting of both papers). Proven values and bounds are stored for player 0 in raw utility in
 * the tree's auxiliary slots; a proven entry carries {@link Tree#PROVEN}, so a proven root ends the
 * search early. Player 1's value is {@code minU + maxU − v}. Both backups implement
 * {@link ProvenValues}, so a search result reports proven root children and a proven root.
 */
public final class Solvers {
  private Solvers() {}

  private static double forMover(double v0, int mover, SearchContext ctx) {
    return mover == 0 ? v0 : ctx.minUtility() + ctx.maxUtility() - v0;
  }

  private static void provenVector(double v0, double[] value, SearchContext ctx) {
    value[0] = v0;
    value[1] = ctx.minUtility() + ctx.maxUtility() - v0;
  }

  /** A backup that also reads proven values back ({@link ProvenValues}). */
  private interface ProvingBackup extends ValueBackup, ProvenValues {}

  // ---------------------------------------------------------------- MCTS-Solver

  /**
   * Tries to prove {@code node} from its children: a decision node is proven when a proven child is
   * a win for the mover (its value reaches maxU) or every child is proven (maxn over them); a chance
   * node when every outcome is proven with the same value. Returns true if proven (flag and value set).
   */
  static boolean prove(Tree tree, int node, int slot, SearchContext ctx) {
    if (tree.isProven(node)) {
      return true;
    }
    int k = tree.numChildren(node);
    if (k == 0) {
      return false;
    }
    int first = tree.firstChild(node);
    int mover = tree.player(node);
    if (mover < 0) {
      double v = Double.NaN;
      for (int e = first; e < first + k; e++) {
        if (!tree.isProven(e) || (!Double.isNaN(v) && tree.aux(e, slot) != v)) {
          return false;
        }
        v = tree.aux(e, slot);
      }
      tree.setAux(node, slot, v);
      tree.setFlags(node, Tree.PROVEN);
      return true;
    }
    double[] val = ctx.scratch(0, k);
    boolean[] proven = ctx.flagScratch(k);
    for (int i = 0; i < k; i++) {
      int e = first + i;
      proven[i] = tree.isProven(e);
      val[i] = proven[i] ? forMover(tree.aux(e, slot), mover, ctx) : 0.0;
    }
    int idx = Proofs.solveDecision(val, proven, k, ctx.maxUtility());
    if (idx < 0) {
      return false;
    }
    tree.setAux(node, slot, tree.aux(first + idx, slot));
    tree.setFlags(node, Tree.PROVEN);
    return true;
  }

  /**
   * MCTS-Solver backup around {@code primary}: a terminal edge is proven with its exact value; an
   * expanded edge is proven from its children; a proven edge backs up its proven value vector
   * (instead of the rollout's) to itself and every edge above.
   */
  public static ValueBackup solverBackup(ValueBackup primary, int slot) {
    return new ProvingBackup() {
      @Override
      public boolean provenValue(Tree tree, int e, SearchContext ctx, double[] out) {
        if (!tree.isProven(e)) {
          return false;
        }
        provenVector(tree.aux(e, slot), out, ctx);
        return true;
      }

      @Override
      public void update(Tree tree, int parent, int edge, int child, double[] value, int depth, SearchContext ctx) {
        if (!tree.isProven(edge)) {
          if (tree.isTerminal(edge)) {
            tree.setAux(edge, slot, value[0]);
            tree.setFlags(edge, Tree.PROVEN);
          } else if (tree.isExpanded(edge)) {
            prove(tree, edge, slot, ctx);
          }
        }
        if (tree.isProven(edge)) {
          provenVector(tree.aux(edge, slot), value, ctx);
        }
        primary.update(tree, parent, edge, child, value, depth, ctx);
      }

      @Override
      public void updateNode(Tree tree, int node, double[] value, int depth, SearchContext ctx) {
        primary.updateNode(tree, node, value, depth, ctx);
        prove(tree, node, slot, ctx);
      }
    };
  }

  /**
   * MCTS-Solver selection: a child proven to win for the mover is taken at once; children proven
   * to lose are never taken unless all are; other proven children score their proven normalized
   * value; unproven ones UCB1 with constant c (unvisited first).
   */
  public static TreePolicy solverPolicy(double c, int slot) {
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
        double score;
        if (tree.isProven(e)) {
          double v = forMover(tree.aux(e, slot), mover, ctx);
          if (v >= ctx.maxUtility()) {
            return e;
          }
          score = v <= ctx.minUtility() ? -1e300 : ctx.normalize(v);
        } else {
          int n = tree.visits(e);
          score = n <= 0 ? Double.POSITIVE_INFINITY : Bandit.ucb1(ctx.normalize(tree.valueSum(e, mover) / n), n, bigN, c);
        }
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
   * MCTS-Solver's final move: a proven win if there is one (one uniformly at random among
   * several); otherwise, among children not proven
   * to lose (all children if every one loses), the secure child — the lower confidence bound
   * {@code Q̃ − A/sqrt(n)} (A &gt; 0; ALGORITHMS §0 writes the rule as {@code Q + A/√N} [recall]; a
   * "secure" choice penalizes few visits, so Ponder reads it as a lower bound) — or, with A = 0,
   * the most visited. Proven children count with their proven value.
   */
  public static FinalActionSelector solverFinal(double a, int slot) {
    String rule = a > 0
        ? "a proven win, else the secure child argmax Q - " + Finals.num(a) + "/sqrt(visits) (Q normalized into [0,1],"
            + " proven children at their proven value) among the moves not proven lost (among all when every one is)"
        : "a proven win, else the most visited among the moves not proven lost (among all when every one is)";
    return FinalActionSelector.withRule(rule, (tree, root, pi, ctx) -> {
      FinalSelectors.visitPolicy(tree, root, pi);
      int mover = tree.player(root);
      int first = tree.firstChild(root);
      int k = tree.numChildren(root);
      boolean anyNotLost = false;
      int win = -1;
      int wins = 0;
      for (int e = first; e < first + k; e++) {
        if (tree.isProven(e) && forMover(tree.aux(e, slot), mover, ctx) >= ctx.maxUtility()) {
          // proven wins tie: one uniformly at random (reservoir; no draw when there is one)
          wins++;
          if (wins == 1 || ctx.rng().nextInt(wins) == 0) {
            win = e;
          }
        }
        anyNotLost |= !(tree.isProven(e) && forMover(tree.aux(e, slot), mover, ctx) <= ctx.minUtility());
      }
      if (win >= 0) {
        return win;
      }
      final boolean excludeLost = anyNotLost;
      return Finals.argmax(tree, root, ctx, e -> {
        boolean proven = tree.isProven(e);
        double pv = proven ? forMover(tree.aux(e, slot), mover, ctx) : 0;
        if (excludeLost && proven && pv <= ctx.minUtility()) {
          return Double.NEGATIVE_INFINITY;
        }
        int n = tree.visits(e);
        if (a <= 0) {
          return n;
        }
        if (n <= 0) {
          return -1e300;
        }
        double q = proven ? ctx.normalize(pv) : ctx.normalize(tree.valueSum(e, mover) / n);
        return q - a / Math.sqrt(n);
      });
    });
  }

  // ---------------------------------------------------------------- Score-Bounded MCTS

  /** Aux slots of the bounds: pess − minU, then maxU − opt (0 = the trivial bounds of a new entry). */
  public static final int BOUNDS_WIDTH = 2;

  static double pess(Tree tree, int e, int slot, SearchContext ctx) {
    return ctx.minUtility() + tree.aux(e, slot);
  }

  static double opt(Tree tree, int e, int slot, SearchContext ctx) {
    return ctx.maxUtility() - tree.aux(e, slot + 1);
  }

  private static void setBounds(Tree tree, int e, int slot, double pess, double opt, SearchContext ctx) {
    tree.setAux(e, slot, pess - ctx.minUtility());
    tree.setAux(e, slot + 1, ctx.maxUtility() - opt);
    if (pess >= opt) {
      tree.setFlags(e, Tree.PROVEN);
    }
  }

  /** Recomputes the bounds of {@code node} from its children (player 0 maximizes, player 1 minimizes). */
  static void updateBounds(Tree tree, int node, int slot, SearchContext ctx) {
    int k = tree.numChildren(node);
    if (k == 0) {
      return;
    }
    int first = tree.firstChild(node);
    int mover = tree.player(node);
    if (mover < 0) {
      double p = 0;
      double o = 0;
      double w = 0;
      for (int e = first; e < first + k; e++) {
        p += tree.prior(e) * pess(tree, e, slot, ctx);
        o += tree.prior(e) * opt(tree, e, slot, ctx);
        w += tree.prior(e);
      }
      setBounds(tree, node, slot, p / w, o / w, ctx);
      return;
    }
    double[] lower = ctx.scratch(0, k);
    double[] upper = ctx.scratch(1, k);
    double[] out = ctx.scratch(2, 2);
    for (int i = 0; i < k; i++) {
      lower[i] = pess(tree, first + i, slot, ctx);
      upper[i] = opt(tree, first + i, slot, ctx);
    }
    Proofs.bounds(lower, upper, k, mover == 0, out);
    setBounds(tree, node, slot, out[0], out[1], ctx);
  }

  /**
   * Score-Bounded backup around {@code primary}: a terminal edge gets pess = opt = its score; an
   * expanded edge takes max/min of its children's bounds; a solved edge (pess = opt) backs up its
   * exact value.
   */
  public static ValueBackup boundsBackup(ValueBackup primary, int slot) {
    return new ProvingBackup() {
      @Override
      public boolean provenValue(Tree tree, int e, SearchContext ctx, double[] out) {
        if (!tree.isProven(e)) {
          return false;
        }
        provenVector(pess(tree, e, slot, ctx), out, ctx);
        return true;
      }

      @Override
      public void update(Tree tree, int parent, int edge, int child, double[] value, int depth, SearchContext ctx) {
        if (!tree.isProven(edge)) {
          if (tree.isTerminal(edge)) {
            setBounds(tree, edge, slot, value[0], value[0], ctx);
          } else if (tree.isExpanded(edge)) {
            updateBounds(tree, edge, slot, ctx);
          }
        }
        if (tree.isProven(edge)) {
          provenVector(pess(tree, edge, slot, ctx), value, ctx);
        }
        primary.update(tree, parent, edge, child, value, depth, ctx);
      }

      @Override
      public void updateNode(Tree tree, int node, double[] value, int depth, SearchContext ctx) {
        primary.updateNode(tree, node, value, depth, ctx);
        if (!tree.isProven(node)) {
          updateBounds(tree, node, slot, ctx);
        }
      }
    };
  }

  /** Whether child {@code e} of {@code node} is cut: it cannot improve the node's mover. */
  static boolean cut(Tree tree, int node, int e, int slot, SearchContext ctx) {
    return Proofs.cut(pess(tree, e, slot, ctx), opt(tree, e, slot, ctx), pess(tree, node, slot, ctx),
        opt(tree, node, slot, ctx), tree.player(node) == 0);
  }

  /**
   * Score-Bounded selection: UCB1 with constant c over the children that are not cut (all children
   * if every one is cut), plus the optional bound bias {@code biasPess·pess̃ + biasOpt·opt̃}
   * (normalized, for the mover; the paper's bias form is [UNVERIFIED], default off).
   */
  public static TreePolicy boundsPolicy(double c, double biasPess, double biasOpt, int slot) {
    return (tree, node, ctx) -> {
      int mover = tree.player(node);
      int first = tree.firstChild(node);
      int end = first + tree.numChildren(node);
      int bigN = Math.max(1, tree.visits(node));
      SplittableRandom rng = ctx.rng();
      boolean allCut = true;
      for (int e = first; e < end && allCut; e++) {
        allCut = cut(tree, node, e, slot, ctx);
      }
      double best = Double.NEGATIVE_INFINITY;
      int chosen = first;
      int ties = 0;
      for (int e = first; e < end; e++) {
        if (!allCut && cut(tree, node, e, slot, ctx)) {
          continue;
        }
        int n = tree.visits(e);
        double score = n <= 0 ? Double.POSITIVE_INFINITY : Bandit.ucb1(ctx.normalize(tree.valueSum(e, mover) / n), n, bigN, c);
        if (biasPess != 0 || biasOpt != 0) {
          double p0 = pess(tree, e, slot, ctx);
          double o0 = opt(tree, e, slot, ctx);
          double pm = mover == 0 ? p0 : forMover(o0, 1, ctx);
          double om = mover == 0 ? o0 : forMover(p0, 1, ctx);
          score += biasPess * ctx.normalize(pm) + biasOpt * ctx.normalize(om);
        }
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
   * Score-Bounded final move: a child whose pessimistic bound for the mover is a win (one uniformly
   * at random among several); otherwise the most visited child
   * among those whose optimistic bound for the mover is not below the best pessimistic bound
   * (so a proven loss is never chosen while another move exists).
   */
  public static FinalActionSelector boundsFinal(int slot) {
    String rule = "a move whose pessimistic bound is a win, else the most visited among the moves whose optimistic"
        + " bound reaches the best pessimistic bound";
    return FinalActionSelector.withRule(rule, (tree, root, pi, ctx) -> {
      FinalSelectors.visitPolicy(tree, root, pi);
      int mover = tree.player(root);
      int first = tree.firstChild(root);
      int k = tree.numChildren(root);
      double bestPess = Double.NEGATIVE_INFINITY;
      int win = -1;
      int wins = 0;
      for (int e = first; e < first + k; e++) {
        double pm = mover == 0 ? pess(tree, e, slot, ctx) : forMover(opt(tree, e, slot, ctx), 1, ctx);
        bestPess = Math.max(bestPess, pm);
        if (pm >= ctx.maxUtility()) {
          // moves proven to win tie: one uniformly at random (reservoir; no draw when there is one)
          wins++;
          if (wins == 1 || ctx.rng().nextInt(wins) == 0) {
            win = e;
          }
        }
      }
      if (win >= 0) {
        return win;
      }
      final double floor = bestPess;
      return Finals.argmax(tree, root, ctx, e -> {
        double om = mover == 0 ? opt(tree, e, slot, ctx) : forMover(pess(tree, e, slot, ctx), 1, ctx);
        return om < floor || (om <= ctx.minUtility() && floor > ctx.minUtility()) ? -1 : tree.visits(e);
      });
    });
  }
}
