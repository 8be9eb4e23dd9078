package dev.ponder.search.mcts.ops;

/**
 * Gumbel AlphaZero/MuZero (Danihelka, Guez, Schrittwieser &amp; Silver 2022, ICLR): the sequential
 * halving visit schedule, completed Q, the σ transform and the improved policy, as in mctx
 * ({@code seq_halving.py}, {@code qtransforms.py}, {@code action_selection.py}).
 */
public final class Gumbel {
  private Gumbel() {}

  /** mctx default {@code maxvisit_init}. */
  public static final double C_VISIT = 50.0;
  /** mctx default {@code value_scale} (the paper's experiments are often quoted with 1.0 [recall]). */
  public static final double C_SCALE = 0.1;

  /**
   * Fills {@code out[0..budget)} with the considered-visit schedule of sequential halving over
   * {@code m} considered actions: simulation i (i = number of root visits so far) may only go to
   * an action whose visit count equals {@code out[i]}.
   *
   * @param m considered actions (m ≤ 1 gives 0, 1, 2, …)
   * @param budget simulations n ≥ 0
   * @param out length ≥ budget
   * @param visits scratch, length ≥ m
   */
  public static void consideredVisits(int m, int budget, int[] out, int[] visits) {
    if (m <= 1) {
      for (int i = 0; i < budget; i++) {
        out[i] = i;
      }
      return;
    }
    int log2 = 32 - Integer.numberOfLeadingZeros(m - 1); // ceil(log2(m))
    for (int i = 0; i < m; i++) {
      visits[i] = 0;
    }
    int len = 0;
    int cur = m;
    while (len < budget) {
      int extra = Math.max(1, budget / (log2 * cur));
      for (int e = 0; e < extra && len < budget; e++) {
        for (int i = 0; i < cur; i++) {
          if (len < budget) {
            out[len++] = visits[i];
          }
          visits[i]++;
        }
      }
      cur = Math.max(2, cur / 2);
    }
  }

  /**
   * The considered visit count for simulation {@code i} without a table (recomputes the schedule
   * prefix; O(i) time, no allocation).
   */
  public static int consideredVisitAt(int m, int budget, int i) {
    if (m <= 1) {
      return i;
    }
    int log2 = 32 - Integer.numberOfLeadingZeros(m - 1);
    int len = 0;
    int cur = m;
    int base = 0; // visits of every survivor so far (all survivors share the count)
    while (true) {
      int extra = Math.max(1, budget / (log2 * cur));
      int block = extra * cur;
      if (i < len + block) {
        return base + (i - len) / cur;
      }
      len += block;
      base += extra;
      cur = Math.max(2, cur / 2);
    }
  }

  /**
   * Visits each survivor gets in a phase of sequential halving over {@code cur} survivors:
   * {@code max(1, ⌊budget/(phases·cur)⌋)}, phases = ⌈log2 m⌉ (mctx's {@code seq_halving.py}).
   *
   * @param cur survivors in the phase (≥ 1)
   * @param phases ⌈log2 m⌉ of the m considered actions (≥ 1)
   * @param budget simulations S (≥ 1; for a time budget the running estimate)
   */
  public static int phaseVisits(int cur, int phases, int budget) {
    return Math.max(1, budget / (phases * cur));
  }

  /**
   * mctx's mixed value {@code (v̂ + ΣN·Σ_{N(a)>0} π(a)Q(a)/Σ_{N(a)>0} π(a)) / (1 + ΣN)}.
   *
   * @param vHat raw value estimate of the node for its mover
   */
  public static double mixedValue(double vHat, double[] q, int[] n, double[] pi, int k) {
    long sumN = 0;
    double sp = 0;
    double spq = 0;
    for (int i = 0; i < k; i++) {
      sumN += n[i];
      if (n[i] > 0) {
        double p = Math.max(pi[i], Double.MIN_NORMAL);
        sp += p;
        spq += p * q[i];
      }
    }
    double weighted = sp > 0 ? spq / sp : 0.0;
    return (vHat + sumN * weighted) / (1.0 + sumN);
  }

  /**
   * Completed, rescaled, σ-transformed Q into {@code out}: {@code Qc = Q} if visited else
   * {@code vMix}; {@code q̂ = (Qc − min)/max(max − min, 1e-8)};
   * {@code σ = (cVisit + max N)·cScale·q̂}.
   */
  public static void sigmaCompletedQ(double[] q, int[] n, int k, double vMix, double cVisit, double cScale, double[] out) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    int maxN = 0;
    for (int i = 0; i < k; i++) {
      double qc = n[i] > 0 ? q[i] : vMix;
      out[i] = qc;
      lo = Math.min(lo, qc);
      hi = Math.max(hi, qc);
      maxN = Math.max(maxN, n[i]);
    }
    double range = Math.max(hi - lo, 1e-8);
    double scale = (cVisit + maxN) * cScale;
    for (int i = 0; i < k; i++) {
      out[i] = scale * (out[i] - lo) / range;
    }
  }

  /** Writes {@code softmax(logits + sigma)} into {@code out}. */
  public static void improvedPolicy(double[] logits, double[] sigma, int k, double[] out) {
    double mx = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < k; i++) {
      out[i] = logits[i] + sigma[i];
      mx = Math.max(mx, out[i]);
    }
    double s = 0;
    for (int i = 0; i < k; i++) {
      out[i] = Math.exp(out[i] - mx);
      s += out[i];
    }
    for (int i = 0; i < k; i++) {
      out[i] /= s;
    }
  }

  /**
   * Non-root deterministic selection: {@code argmax_a [π'(a) − N(a)/(1 + ΣN)]}, first index on
   * ties.
   */
  public static int interiorSelect(double[] improved, int[] n, int k) {
    long sumN = 0;
    for (int i = 0; i < k; i++) {
      sumN += n[i];
    }
    int best = 0;
    double bestScore = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < k; i++) {
      double s = improved[i] - n[i] / (1.0 + sumN);
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    }
    return best;
  }
}
