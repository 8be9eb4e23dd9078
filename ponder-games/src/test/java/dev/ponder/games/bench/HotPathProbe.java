package dev.ponder.games.bench;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Bytes allocated (the thread's allocation counter) and nanoseconds per call of each hot-path
 * method of a game's states (status, legal actions into a buffer, sampled action, chance outcomes,
 * copyFrom, apply, undo, returns, hash, and for imperfect information informationStateKey and
 * resampleInto), over up to 3,000 states of seeded random playouts, after warm-up rounds. Not run
 * by the tests: {@code java -cp <test class path> dev.ponder.games.bench.HotPathProbe GAME...}
 * (class path as for {@link PlayoutBenchmark}, docs/foundation.md).
 */
public final class HotPathProbe {
  interface Op {
    long run(State s, int i);
  }

  static final com.sun.management.ThreadMXBean MX =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  static long sink;

  public static void main(String[] args) {
    int rounds = Integer.getInteger("rounds", 4);
    for (String spec : args) {
      probe(spec, rounds);
    }
    System.out.println("sink " + sink);
  }

  static void probe(String spec, int rounds) {
    Game game = GameRegistry.load(spec);
    SplittableRandom rng = new SplittableRandom(7);
    int maxA = Math.max(1, game.maxActionsPerState());
    int maxC = Math.max(1, game.maxChanceOutcomes());
    int[] buf = new int[maxA];
    double[] probs = new double[maxC];
    List<State> all = new ArrayList<>();
    List<Integer> acts = new ArrayList<>();
    int games = 0;
    while (all.size() < 3000 && games < 400) {
      State s = game.newInitialState();
      while (!s.isTerminal() && all.size() < 3000) {
        int a;
        if (s.isChanceNode()) {
          int k = s.chanceOutcomes(buf, probs);
          double u = rng.nextDouble();
          int j = 0;
          double c = probs[0];
          while (c < u && j < k - 1) {
            c += probs[++j];
          }
          a = buf[j];
        } else {
          int n = s.legalActions(buf);
          a = buf[rng.nextInt(n)];
        }
        all.add(s.copy());
        acts.add(a);
        s.applyActionUnchecked(a);
      }
      all.add(s.copy());
      acts.add(-1);
      games++;
    }
    int n = all.size();
    State[] st = all.toArray(new State[0]);
    int[] act = acts.stream().mapToInt(Integer::intValue).toArray();
    boolean[] dec = new boolean[n];
    boolean[] ch = new boolean[n];
    boolean[] term = new boolean[n];
    for (int i = 0; i < n; i++) {
      int p = st[i].currentPlayer();
      dec[i] = p >= 0;
      ch[i] = p == State.CHANCE;
      term[i] = p == State.TERMINAL;
    }
    State scratch = game.newInitialState();
    State target = game.newInitialState();
    double[] ret = new double[game.numPlayers()];
    SplittableRandom r2 = new SplittableRandom(11);
    boolean undo = game.newInitialState().supportsUndo();
    boolean imperfect = !game.type().isPerfectInformation();

    System.out.printf("%n== %s (%d states, undo=%s, imperfect=%s)%n", spec, n, undo, imperfect);
    measure("currentPlayer/isTerminal", st, null, rounds, (s, i) -> s.currentPlayer() + (s.isTerminal() ? 1 : 0));
    measure("legalActions(buf)", st, dec, rounds, (s, i) -> s.legalActions(buf));
    measure("sampleLegalAction", st, dec, rounds, (s, i) -> s.sampleLegalAction(r2, buf));
    if (game.type().hasChance()) {
      measure("chanceOutcomes(buf)", st, ch, rounds, (s, i) -> s.chanceOutcomes(buf, probs));
    }
    measure("copyFrom", st, null, rounds, (s, i) -> {
      scratch.copyFrom(s);
      return scratch.historySize();
    });
    boolean[] nt = new boolean[n];
    for (int i = 0; i < n; i++) {
      nt[i] = act[i] >= 0;
    }
    measure("copyFrom+apply", st, nt, rounds, (s, i) -> {
      scratch.copyFrom(s);
      scratch.applyActionUnchecked(act[i]);
      return scratch.historySize();
    });
    if (undo) {
      measure("copyFrom+apply+undo", st, nt, rounds, (s, i) -> {
        scratch.copyFrom(s);
        scratch.applyActionUnchecked(act[i]);
        scratch.undoAction(act[i]);
        return scratch.historySize();
      });
    }
    measure("copy()", st, null, rounds, (s, i) -> s.copy().historySize());
    measure("returns(double[])", st, term, rounds, (s, i) -> {
      s.returns(ret);
      return (long) ret[0];
    });
    measure("hash()", st, null, rounds, (s, i) -> s.hash());
    if (imperfect) {
      measure("informationStateKey", st, dec, rounds, (s, i) -> s.informationStateKey(s.currentPlayer()));
      measure("resampleInto", st, dec, rounds, (s, i) -> {
        s.resampleInto(s.currentPlayer(), r2, target);
        return target.historySize();
      });
    }
  }

  static void measure(String name, State[] st, boolean[] mask, int rounds, Op op) {
    long tid = Thread.currentThread().getId();
    double bytes = 0;
    double ns = 0;
    long calls = 0;
    for (int r = 0; r < rounds; r++) {
      calls = 0;
      long b0 = MX.getThreadAllocatedBytes(tid);
      long t0 = System.nanoTime();
      long acc = 0;
      int reps = 0;
      do {
        for (int i = 0; i < st.length; i++) {
          if (mask == null || mask[i]) {
            acc += op.run(st[i], i);
            calls++;
          }
        }
        reps++;
      } while (System.nanoTime() - t0 < 200_000_000L && calls > 0);
      long t1 = System.nanoTime();
      long b1 = MX.getThreadAllocatedBytes(tid);
      sink += acc;
      if (calls > 0) {
        bytes = (b1 - b0) / (double) calls;
        ns = (t1 - t0) / (double) calls;
      }
    }
    if (calls > 0) {
      System.out.printf("  %-26s %10.2f B/call %9.1f ns/call%n", name, bytes, ns);
    }
  }
}
