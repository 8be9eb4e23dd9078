package dev.ponder.rating;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.CholeskyDecomposition;
import org.hipparchus.linear.RealVector;

/**
 * Batch Elo: a Bradley–Terry model fitted by Hunter's (2004) minorization–maximization
 * iteration, as OpenSpiel's {@code evaluation/elo.cc} (ALGORITHMS.md §8.3): pairwise win scores
 * {@code W_ij = wins + draws/2 + 0.01} (smoothing), {@code γ_i ← Σ_j W_ij / Σ_{j≠i} N_ij/(γ_i + γ_j)}
 * with {@code N_ij = W_ij + W_ji}, normalized each step, at most 2000 iterations or until the
 * largest change is below 1e-10; rating {@code 400·log10 γ_i} shifted so the minimum is 0.
 *
 * <p>Where results are nearly one-sided (an agent almost never loses to another) the MM iteration
 * creeps, and 2000 iterations stop far short of the fit: three agents in a chain, each winning all
 * 400 games against the next, reach 3098 and 1720 Elo where the fit is 3441 and 1720. So the
 * iteration's result is then refined by Newton's method on the same smoothed log-likelihood
 * {@code Σ_{i≠j} W_ij·log(γ_i/(γ_i + γ_j))} in {@code θ = ln γ} (the fixed point the iteration
 * converges to, reached in a few steps), until the largest step is below 1e-12 in θ (about 2e-10
 * Elo). With the smoothing every pair has been compared both ways, so the fit exists and is unique.
 * Elo assumes that strength is transitive (one number per agent); with cycles it misleads.
 */
public final class Elo {
  /** Smoothing added to every ordered pair's win score. */
  public static final double SMOOTHING = 0.01;

  private Elo() {}

  /**
   * Fits ratings.
   *
   * @param wins K × K, {@code wins[i][j]} = wins of i over j plus half the draws (the diagonal is
   *     ignored)
   * @return Elo ratings (Elo points, 400 per factor 10 of γ): length K, indexed like {@code wins},
   *     minimum 0
   */
  public static double[] fit(double[][] wins) {
    int k = wins.length;
    double[][] w = new double[k][k];
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        w[i][j] = i == j ? 0 : wins[i][j] + SMOOTHING;
      }
    }
    double[] g = new double[k];
    java.util.Arrays.fill(g, 1.0);
    double[] next = new double[k];
    for (int it = 0; it < 2000; it++) {
      double sum = 0;
      for (int i = 0; i < k; i++) {
        double num = 0;
        double den = 0;
        for (int j = 0; j < k; j++) {
          if (j == i) {
            continue;
          }
          num += w[i][j];
          den += (w[i][j] + w[j][i]) / (g[i] + g[j]);
        }
        next[i] = den > 0 ? num / den : g[i];
        sum += next[i];
      }
      double change = 0;
      for (int i = 0; i < k; i++) {
        double v = next[i] * k / sum;
        change = Math.max(change, Math.abs(v - g[i]));
        g[i] = v;
      }
      if (change < 1e-10) {
        break;
      }
    }
    double[] theta = new double[k];
    for (int i = 0; i < k; i++) {
      theta[i] = Math.log(g[i]);
    }
    refine(w, theta);
    double[] r = new double[k];
    double min = Double.POSITIVE_INFINITY;
    for (int i = 0; i < k; i++) {
      r[i] = 400 / Math.log(10) * theta[i];
      min = Math.min(min, r[i]);
    }
    for (int i = 0; i < k; i++) {
      r[i] -= min;
    }
    return r;
  }

  /** Newton steps at most; each one at least halves the distance once near the fit. */
  private static final int MAX_NEWTON_STEPS = 200;

  /**
   * Newton's method with a backtracking line search on the smoothed log-likelihood, {@code θ_0}
   * held fixed (the ratings are defined up to a shift); {@code theta} is updated in place.
   */
  private static void refine(double[][] w, double[] theta) {
    int k = theta.length;
    if (k < 2) {
      return;
    }
    double[] trial = new double[k];
    double current = logLikelihood(w, theta);
    for (int step = 0; step < MAX_NEWTON_STEPS; step++) {
      // gradient g_i = Σ_j (W_ij − N_ij·p_ij) and negative Hessian H_ij = −N_ij·p_ij·p_ji (i ≠ j),
      // H_ii = Σ_j N_ij·p_ij·p_ji, over i, j ≥ 1 (θ_0 fixed)
      double[] grad = new double[k - 1];
      double[][] hess = new double[k - 1][k - 1];
      for (int i = 0; i < k; i++) {
        for (int j = i + 1; j < k; j++) {
          double n = w[i][j] + w[j][i];
          double p = 1 / (1 + Math.exp(theta[j] - theta[i])); // P(i beats j)
          double c = n * p * (1 - p);
          if (i > 0) {
            grad[i - 1] += w[i][j] - n * p;
            hess[i - 1][i - 1] += c;
            hess[i - 1][j - 1] -= c;
            hess[j - 1][i - 1] -= c;
          }
          grad[j - 1] += w[j][i] - n * (1 - p);
          hess[j - 1][j - 1] += c;
        }
      }
      RealVector d;
      try {
        d = new CholeskyDecomposition(new Array2DRowRealMatrix(hess, false), 0, 0)
            .getSolver()
            .solve(new ArrayRealVector(grad, false));
      } catch (org.hipparchus.exception.MathRuntimeException e) {
        return; // the curvature vanished in floating point (ratings thousands of Elo apart): keep θ
      }
      double largest = d.getLInfNorm();
      double a = 1;
      boolean improved = false;
      while (a > 1e-12) {
        trial[0] = theta[0];
        for (int i = 1; i < k; i++) {
          trial[i] = theta[i] + a * d.getEntry(i - 1);
        }
        double l = logLikelihood(w, trial);
        if (l >= current) {
          System.arraycopy(trial, 0, theta, 0, k);
          current = l;
          improved = true;
          break;
        }
        a /= 2;
      }
      if (!improved || a * largest < 1e-12) {
        return;
      }
    }
  }

  /** {@code Σ_{i≠j} W_ij·log σ(θ_i − θ_j)}, with log σ computed stably. */
  private static double logLikelihood(double[][] w, double[] theta) {
    double l = 0;
    for (int i = 0; i < w.length; i++) {
      for (int j = 0; j < w.length; j++) {
        if (i != j) {
          double x = theta[i] - theta[j];
          l -= w[i][j] * (x >= 0 ? Math.log1p(Math.exp(-x)) : -x + Math.log1p(Math.exp(x)));
        }
      }
    }
    return l;
  }
}
