package dev.ponder.search.mcts.ops;

import java.util.SplittableRandom;

/**
 * N-Tuple Bandit Evolutionary Algorithm (Lucas, Liu &amp; Pérez-Liébana 2018) over a small discrete
 * grid, as used online by SA-MCTS (Sironi, Liu &amp; Winands 2018/2020): statistics for every
 * 1-tuple, every 2-tuple and the full d-tuple, each keeping (count, mean). Score of a point:
 * the mean over its tuples of {@code mean + k·sqrt(ln(1 + T)/(n + ε))}, T = evaluations so far.
 * One step: {@link #current()} is evaluated (one simulation), {@link #update} records the
 * fitness, then the current point moves to the best of {@code neighbours} one-parameter
 * mutations (the current point included). Not thread-safe; allocates only at construction.
 *
 * <p>Defaults (k = 2, ε = 0.1, 50 neighbours, mutate one parameter) follow the usual NTBEA
 * settings [recall].
 */
public final class Ntbea {
  private final int d;
  private final int[] sizes;
  private final int[][] offsets; // offsets[i][j] start of tuple (i,j) table, i<j; offsets[i][i] = 1-tuple
  private final int fullOffset;
  private final int[] pairI;
  private final int[] pairJ;
  private final int total;
  private final int[] count;
  private final double[] mean;
  private final double k;
  private final double eps;
  private final int neighbours;
  private final int[] current;
  private final int[] candidate;
  private final int[] best;
  private final SplittableRandom rng;
  private long evaluations;

  /**
   * @param sizes number of values of each parameter (1 ≤ d ≤ 6, each ≥ 1, product ≤ 1,000,000)
   * @param k exploration weight
   * @param eps small count offset
   * @param neighbours mutations scored per step (≥ 1)
   * @param rng owned by this tuner
   */
  public Ntbea(int[] sizes, double k, double eps, int neighbours, SplittableRandom rng) {
    this.d = sizes.length;
    if (d < 1 || d > 6 || neighbours < 1) {
      throw new IllegalArgumentException("ntbea needs 1..6 parameters and >= 1 neighbour");
    }
    this.sizes = sizes.clone();
    this.offsets = new int[d][d];
    int off = 0;
    for (int i = 0; i < d; i++) {
      offsets[i][i] = off;
      off += sizes[i];
    }
    pairI = new int[d * (d - 1) / 2];
    pairJ = new int[pairI.length];
    int np = 0;
    for (int i = 0; i < d; i++) {
      for (int j = i + 1; j < d; j++) {
        offsets[i][j] = off;
        off += sizes[i] * sizes[j];
        pairI[np] = i;
        pairJ[np++] = j;
      }
    }
    long prod = 1;
    for (int s : sizes) {
      if (s < 1) {
        throw new IllegalArgumentException("every parameter needs at least one value");
      }
      prod *= s;
    }
    if (prod > 1_000_000) {
      throw new IllegalArgumentException("grid too large: " + prod + " points");
    }
    this.fullOffset = d > 2 ? off : -1;
    this.total = off + (d > 2 ? (int) prod : 0);
    this.count = new int[total];
    this.mean = new double[total];
    this.k = k;
    this.eps = eps;
    this.neighbours = neighbours;
    this.current = new int[d];
    this.candidate = new int[d];
    this.best = new int[d];
    this.rng = rng;
    for (int i = 0; i < d; i++) {
      current[i] = rng.nextInt(sizes[i]);
    }
  }

  /** The point to evaluate next (value indices, one per parameter); do not modify. */
  public int[] current() {
    return current;
  }

  /** Evaluations recorded so far. */
  public long evaluations() {
    return evaluations;
  }

  private int tuples() {
    return d + d * (d - 1) / 2 + (fullOffset >= 0 ? 1 : 0);
  }

  private int entry(int[] x, int t) {
    return entry(x, 0, t);
  }

  private int entry(int[] x, int from, int t) {
    // t enumerates 1-tuples, then pairs (i<j), then the full tuple
    if (t < d) {
      return offsets[t][t] + x[from + t];
    }
    int r = t - d;
    if (r < pairI.length) {
      int i = pairI[r];
      int j = pairJ[r];
      return offsets[i][j] + x[from + i] * sizes[j] + x[from + j];
    }
    int idx = 0;
    for (int i = 0; i < d; i++) {
      idx = idx * sizes[i] + x[from + i];
    }
    return fullOffset + idx;
  }

  /** Records fitness {@code f} of {@link #current()} and moves to the best-scoring neighbour. */
  public void update(double f) {
    record(current, 0, f);
    step();
  }

  /**
   * Records fitness {@code f} of the point {@code x[from..from + d)} that was evaluated (the value
   * of {@link #current()} when the evaluation began: under threads the current point can move on
   * before the evaluation's fitness arrives), then moves {@link #current()} to its best-scoring
   * neighbour, as {@link #update(double)}.
   *
   * @param x holds the evaluated point's value indices at {@code from..from + d}, each in range
   * @param from offset of the point in {@code x}
   * @param f the evaluation's fitness
   */
  public void update(int[] x, int from, double f) {
    record(x, from, f);
    step();
  }

  private void record(int[] x, int from, double f) {
    int nt = tuples();
    for (int t = 0; t < nt; t++) {
      int e = entry(x, from, t);
      count[e]++;
      mean[e] += (f - mean[e]) / count[e];
    }
    evaluations++;
  }

  private void step() {
    System.arraycopy(current, 0, best, 0, d);
    double ln = Math.log(1.0 + evaluations);
    double bestScore = score(best, true, ln);
    for (int m = 0; m < neighbours; m++) {
      System.arraycopy(current, 0, candidate, 0, d);
      int i = rng.nextInt(d);
      if (sizes[i] > 1) {
        int v = rng.nextInt(sizes[i] - 1);
        candidate[i] = v >= current[i] ? v + 1 : v;
      }
      double s = score(candidate, true, ln);
      if (s > bestScore) {
        bestScore = s;
        System.arraycopy(candidate, 0, best, 0, d);
      }
    }
    System.arraycopy(best, 0, current, 0, d);
  }

  /**
   * The NTBEA score of point {@code x}: mean over tuples of {@code mean + k·sqrt(ln(1+T)/(n+ε))}
   * ({@code explore = false} drops the bonus; tuples never seen contribute only their bonus).
   */
  public double score(int[] x, boolean explore) {
    return score(x, explore, Math.log(1.0 + evaluations));
  }

  private double score(int[] x, boolean explore, double ln) {
    int nt = tuples();
    double s = 0;
    for (int t = 0; t < nt; t++) {
      int e = entry(x, t);
      s += mean[e];
      if (explore) {
        s += k * Math.sqrt(ln / (count[e] + eps));
      }
    }
    return s / nt;
  }

  /**
   * Writes into {@code out} the grid point with the best exploitation score (no bonus), scanning
   * the whole grid (first in lexicographic order on ties).
   */
  public void recommend(int[] out) {
    java.util.Arrays.fill(candidate, 0);
    double bestScore = Double.NEGATIVE_INFINITY;
    while (true) {
      double s = score(candidate, false);
      if (s > bestScore) {
        bestScore = s;
        System.arraycopy(candidate, 0, out, 0, d);
      }
      int i = d - 1;
      while (i >= 0 && ++candidate[i] == sizes[i]) {
        candidate[i] = 0;
        i--;
      }
      if (i < 0) {
        return;
      }
    }
  }

  /** Count and mean of tuple {@code t} (0..d−1: 1-tuples; then pairs i&lt;j; then the full tuple) at x. */
  public int tupleCount(int[] x, int t) {
    return count[entry(x, t)];
  }

  /**
   * Mean fitness of tuple {@code t} at x (indices as {@link #tupleCount}); 0 where the count is 0.
   */
  public double tupleMean(int[] x, int t) {
    return mean[entry(x, t)];
  }
}
