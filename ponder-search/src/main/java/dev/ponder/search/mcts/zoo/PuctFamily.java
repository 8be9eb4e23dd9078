package dev.ponder.search.mcts.zoo;

import dev.ponder.search.mcts.SearchContext;
import dev.ponder.search.mcts.Tree;
import dev.ponder.search.mcts.TreePolicy;
import dev.ponder.search.mcts.ops.Fpu;
import dev.ponder.search.mcts.ops.Schedules;
import dev.ponder.spec.SpecException;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * PUCT with a pluggable exploration schedule c(N) and first-play urgency:
 * {@code argmax_a Q̃(a) + c(N)·π'(a)·sqrt(N)/(1 + n(a))} with Q̃ the chooser's mean normalized into
 * [0,1] (the FPU value when unvisited), N the node's visits, π' the prior after the optional run2
 * blend and root noise. Ties are broken uniformly at random.
 *
 * <p>The schedules and FPU rules of the seed's raw-utility mechanisms (run1, run4, run5; Li,
 * Schultz, Lanctot &amp; Hennes 2026, seed 000) carry a
 * factor ΔU on both c and the FPU reduction; on normalized Q they cancel (score_raw = ΔU·score +
 * minU), so they are applied here with ΔU = 1 — the same argmax.
 */
public final class PuctFamily implements TreePolicy {

  /** Exploration schedules c(N) (SPEC §1.3; ALGORITHMS §1.3). */
  public enum Schedule {
    /** constant c = c_init. */
    CONSTANT,
    /** AlphaZero: c_init + ln((N + c_base + 1)/c_base). */
    ALPHAZERO,
    /** bifv: (1.25 + 0.25 ln((N+19652)/19652))(1 + 0.05 ln|A|)1.25^I, root × (1 + 0.2(1 − t/S)). */
    BIFV,
    /** run1: 1.25 + ln((N+19652)/19652). */
    RUN1,
    /** run2: 1.25 + 1.75 N/(N + max(100, S/2)). */
    RUN2,
    /** run4: (1.25 + 0.5 ln((N+50)/50)), root × (1.4 − 0.8 t/S). */
    RUN4,
    /** run5: 1.25 + ln((N+19653)/19652). */
    RUN5;

    static Schedule parse(String s) {
      try {
        return valueOf(s.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new SpecException("schedule=" + s + " is not valid; valid: constant, alphazero, bifv, run1, run2, run4, run5"
            + dev.ponder.spec.Suggestions.didYouMean(s, java.util.List.of("constant", "alphazero", "bifv", "run1", "run2", "run4", "run5")));
      }
    }
  }

  /** First-play urgency rules (ALGORITHMS §1.4; SPEC §1.3). */
  public enum FpuRule {
    /** 0 (a loss). */
    LOSS,
    /** the node's own mean value for the chooser (Q0 before any visit). */
    PARENT,
    /** Lc0: parent value − fpu_value·sqrt(visited prior mass). */
    REDUCTION,
    /** the constant fpu_value. */
    ABSOLUTE,
    /** +∞: every child once first. */
    INF,
    /** bifv: Q0 − sqrt(1 − π)(0.1 + 0.4 N/(100 + N)). */
    BIFV,
    /** run1: Q0 − 0.3 sqrt(1 − π). */
    RUN1,
    /**
     * run2: mean visited Q − 0.15(1 − π)/(1 + |A_visited|); with no visited sibling Q0 takes the
     * mean's place and the penalty stays: Q0 − 0.15(1 − π) [UNVERIFIED: the seed does not say].
     */
    RUN2,
    /** run4: Σπ_iQ_i/Σπ_i − 0.25 sqrt(Σπ_i) over visited; Q0 with no visited sibling (the penalty is 0 then). */
    RUN4,
    /** run5: visit-weighted mean Q of visited siblings; Q0 with none. */
    RUN5;

    static FpuRule parse(String s) {
      try {
        return valueOf(s.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new SpecException("fpu=" + s + " is not valid; valid: loss, parent, reduction, absolute, inf, bifv, run1, run2, run4, run5"
            + dev.ponder.spec.Suggestions.didYouMean(s, java.util.List.of("loss", "parent", "reduction", "absolute", "inf", "bifv", "run1", "run2", "run4", "run5")));
      }
    }
  }

  private final Schedule schedule;
  private final double cInit;
  private final double cBase;
  private final FpuRule fpu;
  private final double fpuValue;
  private final boolean blendPrior;
  /** Aux slot of the exact values of terminal children (run1's short-circuit), or −1. */
  private final int terminalSlot;

  /**
   * @param cInit constant c ({@link Schedule#CONSTANT}) or c_init ({@link Schedule#ALPHAZERO}); ignored otherwise
   * @param cBase c_base of {@link Schedule#ALPHAZERO}
   * @param fpuValue the constant of ABSOLUTE (normalized value) or REDUCTION (factor)
   * @param blendPrior run2's π' = 0.85π + 0.15/|A|
   */
  public PuctFamily(Schedule schedule, double cInit, double cBase, FpuRule fpu, double fpuValue, boolean blendPrior) {
    this(schedule, cInit, cBase, fpu, fpuValue, blendPrior, -1);
  }

  private PuctFamily(Schedule schedule, double cInit, double cBase, FpuRule fpu, double fpuValue, boolean blendPrior,
      int terminalSlot) {
    if (!(cInit >= 0)) {
      throw new SpecException("c_init must be at least 0, got " + cInit);
    }
    if (!(cBase > 0)) {
      throw new SpecException("c_base must be greater than 0, got " + cBase);
    }
    this.schedule = schedule;
    this.cInit = cInit;
    this.cBase = cBase;
    this.fpu = fpu;
    this.fpuValue = fpuValue;
    this.blendPrior = blendPrior;
    this.terminalSlot = terminalSlot;
  }

  /**
   * This policy with run1's terminal short-circuit (SPEC §1.3; seed 000 App. J.4.3): an unvisited
   * child whose state is terminal is scored with its exact utility (normalized) instead of the FPU
   * value. The engine writes that utility at aux {@code slot} when it expands the parent
   * ({@link #terminalChildSlot()}); the mechanism needs at least {@code slot + 1} auxiliary slots.
   *
   * @throws IllegalArgumentException if {@code slot} &lt; 0
   */
  public PuctFamily withTerminalValues(int slot) {
    if (slot < 0) {
      throw new IllegalArgumentException("slot " + slot + " < 0");
    }
    return new PuctFamily(schedule, cInit, cBase, fpu, fpuValue, blendPrior, slot);
  }

  @Override
  public int terminalChildSlot() {
    return terminalSlot;
  }

  /** c(N) at {@code node} (normalized units), including the root factors of bifv and run4. */
  public double exploration(int bigN, int numActions, boolean root, SearchContext ctx) {
    switch (schedule) {
      case CONSTANT:
        return cInit;
      case ALPHAZERO:
        return cInit + Math.log((bigN + cBase + 1.0) / cBase);
      case BIFV: {
        double c = Schedules.bifv(bigN, numActions, ctx.imperfectInformation());
        return root ? c * Schedules.bifvRootFactor(ctx.simulation(), ctx.budget()) : c;
      }
      case RUN1:
        return Schedules.run1(bigN, 1.0);
      case RUN2:
        return Schedules.run2(bigN, ctx.budget());
      case RUN4: {
        double c = Schedules.run4(bigN, 1.0);
        return root ? c * Schedules.run4Rho(ctx.simulation(), ctx.budget()) : c;
      }
      default:
        return Schedules.run5(bigN, 1.0);
    }
  }

  /** True unless the first-play value is +∞ (which tries every child once first). */
  @Override
  public boolean revisitsBeforeTryingAll() {
    return fpu != FpuRule.INF;
  }

  @Override
  public int select(Tree tree, int node, SearchContext ctx) {
    return select(tree, node, ctx, null, 0.0);
  }

  /**
   * Selection with root noise: the prior of child i is mixed as (1 − eps)·π + eps·noise[i].
   *
   * @param noise one entry per child of {@code node} in child order, or null
   */
  public int select(Tree tree, int node, SearchContext ctx, double[] noise, double eps) {
    int mover = tree.player(node);
    int first = tree.firstChild(node);
    int k = tree.numChildren(node);
    int bigN = Math.max(0, tree.visits(node));
    boolean root = node == tree.root();
    double scale = exploration(bigN, k, root, ctx) * Math.sqrt(bigN);
    // sibling aggregates for the FPU rules (one pass)
    double sumQ = 0;
    double sumNQ = 0;
    double sumPQ = 0;
    double sumP = 0;
    long sumN = 0;
    int visited = 0;
    for (int i = 0; i < k; i++) {
      int e = first + i;
      int n = tree.visits(e);
      if (n > 0) {
        double q = ctx.normalize(tree.valueSum(e, mover) / n);
        double p = prior(tree, e, i, k, noise, eps);
        visited++;
        sumQ += q;
        sumN += n;
        sumNQ += n * q;
        sumP += p;
        sumPQ += p * q;
      }
    }
    double q0 = ctx.q0();
    SplittableRandom rng = ctx.rng();
    double best = Double.NEGATIVE_INFINITY;
    int chosen = first;
    int ties = 0;
    for (int i = 0; i < k; i++) {
      int e = first + i;
      int n = tree.visits(e);
      double p = prior(tree, e, i, k, noise, eps);
      double q;
      if (n > 0) {
        q = ctx.normalize(tree.valueSum(e, mover) / n);
      } else if (terminalSlot >= 0 && tree.isTerminal(e)) {
        q = ctx.normalize(tree.aux(e, terminalSlot));
      } else {
        switch (fpu) {
          case LOSS:
            q = 0.0;
            break;
          case ABSOLUTE:
            q = fpuValue;
            break;
          case INF:
            q = Double.POSITIVE_INFINITY;
            break;
          case PARENT:
            q = parentValue(tree, node, mover, ctx);
            break;
          case REDUCTION:
            q = parentValue(tree, node, mover, ctx) - fpuValue * Math.sqrt(sumP);
            break;
          case BIFV:
            q = Fpu.bifv(q0, p, bigN);
            break;
          case RUN1:
            q = q0 + Fpu.run1Raw(1.0, p);
            break;
          case RUN2:
            q = (visited > 0 ? sumQ / visited : q0) - 0.15 * (1.0 - p) / (1.0 + visited);
            break;
          case RUN4:
            q = sumP > 0 ? sumPQ / sumP - 0.25 * Math.sqrt(sumP) : q0;
            break;
          default:
            q = sumN > 0 ? sumNQ / sumN : q0;
            break;
        }
      }
      double score = q + scale * p / (1 + Math.max(0, n));
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

  private double prior(Tree tree, int e, int i, int k, double[] noise, double eps) {
    double p = tree.prior(e);
    if (blendPrior) {
      p = Schedules.run2Prior(p, k);
    }
    if (noise != null) {
      p = (1.0 - eps) * p + eps * noise[i];
    }
    return p;
  }

  private static double parentValue(Tree tree, int node, int mover, SearchContext ctx) {
    int n = tree.visits(node);
    return n > 0 ? ctx.normalize(tree.valueSum(node, mover) / n) : ctx.q0();
  }
}
