package dev.ponder.games.bench;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Microseconds per {@code resampleInto} draw at each decision state of 30 seeded random games
 * (draws repeated from one state into one target, after warm-up draws): mean, median, 90th
 * percentile, maximum and the three dearest histories. Each state's figure is the least over
 * {@code -Dreps} rounds (default 3) of {@code -Ddraws} draws (default 200), timed in the thread's
 * CPU time, which other jobs on a shared machine disturb less than the wall clock. Not run by the
 * tests; run as {@link HotPathProbe}.
 */
public final class ResampleProbe {
  public static void main(String[] args) {
    int perState = Integer.getInteger("draws", 200);
    int reps = Math.max(1, Integer.getInteger("reps", 3));
    java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
    for (String spec : args) {
      Game game = GameRegistry.load(spec);
      SplittableRandom rng = new SplittableRandom(3);
      int[] buf = new int[Math.max(1, game.maxActionsPerState())];
      double[] probs = new double[Math.max(1, game.maxChanceOutcomes())];
      List<State> states = new ArrayList<>();
      for (int g = 0; g < 30; g++) {
        State s = game.newInitialState();
        while (!s.isTerminal()) {
          int a;
          if (s.isChanceNode()) {
            int k = s.chanceOutcomes(buf, probs);
            a = buf[rng.nextInt(k)];
          } else {
            states.add(s.copy());
            int n = s.legalActions(buf);
            a = buf[rng.nextInt(n)];
          }
          s.applyActionUnchecked(a);
        }
      }
      State target = game.newInitialState();
      // warm-up: JIT, caches
      for (int rep = 0; rep < 3; rep++) {
        for (State s : states) {
          for (int i = 0; i < 5; i++) {
            s.resampleInto(s.currentPlayer(), rng, target);
          }
        }
      }
      double[] us = new double[states.size()];
      Arrays.fill(us, Double.MAX_VALUE);
      for (int rep = 0; rep < reps; rep++) {
        for (int j = 0; j < states.size(); j++) {
          State s = states.get(j);
          long t0 = mx.getCurrentThreadCpuTime();
          for (int i = 0; i < perState; i++) {
            s.resampleInto(s.currentPlayer(), rng, target);
          }
          us[j] = Math.min(us[j], (mx.getCurrentThreadCpuTime() - t0) / 1000.0 / perState);
        }
      }
      double[] sorted = us.clone();
      Arrays.sort(sorted);
      double mean = Arrays.stream(us).average().orElse(0);
      System.out.printf("%s: %d states, resampleInto CPU us/draw: mean %.2f median %.2f p90 %.2f max %.2f%n", spec,
          us.length, mean, sorted[us.length / 2], sorted[(int) (us.length * 0.9)], sorted[us.length - 1]);
      Integer[] idx = new Integer[us.length];
      for (int i = 0; i < idx.length; i++) {
        idx[i] = i;
      }
      Arrays.sort(idx, (a, b) -> Double.compare(us[b], us[a]));
      for (int i = 0; i < Math.min(3, idx.length); i++) {
        State s = states.get(idx[i]);
        System.out.printf("   %.1f us  player %d  history %s%n", us[idx[i]], s.currentPlayer(),
            Arrays.toString(s.history()).replace(" ", ""));
      }
    }
  }
}
