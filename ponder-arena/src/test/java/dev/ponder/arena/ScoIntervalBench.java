package dev.ponder.arena;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Timing main (not a test): cost of the SCO bootstrap ({@link Analysis#scoIntervals}) on a
 * synthetic round robin.
 *
 * <p>{@code ScoIntervalBench AGENTS GAMES SEEDS PLAYERS RESAMPLES}: every game gives each agent a
 * random strength; per seed index each pairing (2 players) or each agent multiset (3+ players,
 * one match per multiset and seed) plays once with win probabilities from the strengths. Prints
 * the time of the point ballots and of the SCO bootstrap (wall and process CPU).
 */
public final class ScoIntervalBench {
  private ScoIntervalBench() {}

  public static void main(String[] args) {
    int k = Integer.parseInt(args[0]);
    int games = Integer.parseInt(args[1]);
    int seeds = Integer.parseInt(args[2]);
    int players = Integer.parseInt(args[3]);
    int resamples = Integer.parseInt(args[4]);
    AnalysisOptions d = AnalysisOptions.defaults();
    // the α-Rank mass resamples are the SCO resamples (no extra α-Rank)
    AnalysisOptions o = new AnalysisOptions(d.resamples(), d.eloResamples(), resamples, d.level(), d.seed(), d.alphaRank(),
        d.sco(), "", "", resamples);
    List<Analysis.SeedRows> rows = new ArrayList<>();
    SplittableRandom rng = new SplittableRandom(42);
    for (int g = 0; g < games; g++) {
      rows.add(players == 2 ? twoPlayer(k, seeds, rng, g) : multiPlayer(k, seeds, players, rng, g));
    }
    for (int rep = 0; rep < 2; rep++) {
      long c0 = cpu();
      long t0 = System.nanoTime();
      List<double[]> point = new ArrayList<>();
      double[] sco = new double[k];
      for (Analysis.SeedRows r : rows) {
        int[] ones = new int[r.cells().length];
        Arrays.fill(ones, 1);
        point.add(Analysis.resampledBallot(r, ones, o));
      }
      long c1 = cpu();
      long t1 = System.nanoTime();
      double[][] iv = Analysis.scoIntervals(rows, point, sco, o);
      long c2 = cpu();
      long t2 = System.nanoTime();
      System.out.printf(Locale.ROOT, "agents %d, games %d, seeds %d, players %d, resamples %d: point ballots %.3f s wall %.3f s CPU;"
          + " SCO bootstrap %.2f s wall %.2f s CPU (%.1f ms CPU per resample); agent 0 [%.1f, %.1f]%n", k, games, seeds, players,
          resamples, (t1 - t0) / 1e9, (c1 - c0) / 1e9, (t2 - t1) / 1e9, (c2 - c1) / 1e9, (c2 - c1) / 1e6 / resamples,
          iv[0][0], iv[1][0]);
    }
  }

  private static long cpu() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  private static Analysis.SeedRows twoPlayer(int k, int seeds, SplittableRandom rng, int g) {
    double[] strength = new double[k];
    for (int a = 0; a < k; a++) {
      strength[a] = rng.nextGaussian();
    }
    double[][] cells = new double[seeds][k * k + k];
    for (int s = 0; s < seeds; s++) {
      double[] x = cells[s];
      double[] n = new double[k];
      for (int a = 0; a < k; a++) {
        x[a * k + a] = Double.NaN;
        for (int b = a + 1; b < k; b++) {
          double p = 1 / (1 + Math.exp(strength[b] - strength[a]));
          double ret = 0;
          for (int seat = 0; seat < 2; seat++) {
            ret += rng.nextDouble() < p ? 1 : -1;
          }
          x[a * k + b] = ret / 2;
          x[b * k + a] = -ret / 2;
          x[k * k + a] += ret;
          x[k * k + b] -= ret;
          n[a] += 2;
          n[b] += 2;
        }
      }
      for (int a = 0; a < k; a++) {
        x[k * k + a] /= n[a];
      }
    }
    List<Map<String, double[]>> empty = new ArrayList<>();
    for (int s = 0; s < seeds; s++) {
      empty.add(Map.of());
    }
    return new Analysis.SeedRows(new ArenaStore.GameInfo(g, "g" + g, 2, -1, 1, "ZERO_SUM"), k, false, cells, empty, empty);
  }

  private static Analysis.SeedRows multiPlayer(int k, int seeds, int players, SplittableRandom rng, int g) {
    double[] strength = new double[k];
    for (int a = 0; a < k; a++) {
      strength[a] = rng.nextGaussian();
    }
    double[][] cells = new double[seeds][k * k + k];
    List<Map<String, double[]>> sums = new ArrayList<>();
    List<Map<String, double[]>> counts = new ArrayList<>();
    for (int s = 0; s < seeds; s++) {
      double[] sum = new double[k * k + k];
      double[] cnt = new double[k * k + k];
      Map<String, double[]> ms = new HashMap<>();
      Map<String, double[]> mc = new HashMap<>();
      int[] set = new int[players];
      multisets(k, players, 0, 0, set, () -> {
        // the strongest-by-noisy-strength seat wins 1, the others lose 1/(players-1)
        int best = 0;
        double top = Double.NEGATIVE_INFINITY;
        for (int p = 0; p < players; p++) {
          double v = strength[set[p]] + rng.nextGaussian();
          if (v > top) {
            top = v;
            best = p;
          }
        }
        String key = Arrays.toString(set);
        double[] a = ms.computeIfAbsent(key, x -> new double[k]);
        double[] c = mc.computeIfAbsent(key, x -> new double[k]);
        for (int p = 0; p < players; p++) {
          double ret = p == best ? 1 : -1.0 / (players - 1);
          a[set[p]] += ret;
          c[set[p]] += 1;
          sum[k * k + set[p]] += ret;
          cnt[k * k + set[p]] += 1;
          for (int q = 0; q < players; q++) {
            if (q != p && set[q] != set[p]) {
              sum[set[p] * k + set[q]] += ret;
              cnt[set[p] * k + set[q]] += 1;
            }
          }
        }
      });
      for (int i = 0; i < sum.length; i++) {
        cells[s][i] = cnt[i] > 0 ? sum[i] / cnt[i] : Double.NaN;
      }
      sums.add(ms);
      counts.add(mc);
    }
    return new Analysis.SeedRows(new ArenaStore.GameInfo(g, "g" + g, players, -1, 1, "ZERO_SUM"), k, false, cells, sums,
        counts);
  }

  /** Calls {@code body} for every sorted multiset of {@code set.length} agents. */
  private static void multisets(int k, int players, int pos, int from, int[] set, Runnable body) {
    if (pos == players) {
      body.run();
      return;
    }
    for (int a = from; a < k; a++) {
      set[pos] = a;
      multisets(k, players, pos + 1, a, set, body);
    }
  }
}
