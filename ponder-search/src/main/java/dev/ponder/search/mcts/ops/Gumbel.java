package dev.ponder.search.mcts.ops;

/**
 * Gumbel AlphaZero/MuZero (Danihelka, Guez, Schrittwieser &amp; Silver 2022, ICLR): the sequential
 * halving visit schedule and the improved policy, as in mctx (completed Q, the mixed value and
 * the σ transform are computed on the tree by {@code zoo.GumbelSearch})
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
}
