package dev.ponder.solve;

import dev.ponder.agent.Agent;
import dev.ponder.agent.PolicyAgent;
import dev.ponder.game.CopyWatch;
import dev.ponder.game.Game;
import dev.ponder.game.State;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntConsumer;
import java.util.function.LongFunction;

/**
 * Turns any {@link PolicyAgent} into a {@link TabularPolicy} (Li, Schultz, Lanctot &amp; Hennes
 * 2026, seed 000, App. D.2): walk the game tree depth-first in ascending action order, and at the first history reaching each information
 * state ask the agent for its policy {@code runs} times (M, default 20) and average the
 * distributions (for a search: its root visit distribution or posterior policy).
 *
 * <p>{@link #tabularizeMoves} measures what an agent plays instead: at each information state the
 * tabular policy is the empirical frequency of the agent's {@link Agent#selectAction} over the
 * runs. The two differ for agents whose final move selector is not their reported policy: an MCTS
 * agent reports its root visit distribution π̂ (n(a)/N) but plays one move, e.g. the most visited
 * child (robust child), deterministically.
 *
 * <p>Run r uses one agent per player p, created once with seed {@link #agentSeed seed + r + p·2³²}
 * and asked only at p's information states: what an agent carries from one search to the next
 * (a kept tree with {@code reuse=true}, SA-MCTS's tuners, its random stream) comes from p's own
 * earlier information states in walk order, never from a search drawn in worlds holding another
 * player's private information. The agent is not restarted between p's information states: with
 * {@code reuse=true} p's tree is kept into the next of p's information states the walk asks when
 * that one continues the line of the last (as in a match), so the measured policy
 * is not that of a fresh search everywhere; components that learn across searches learn over p's
 * information states in walk order (restarting the agent at each information state would not make
 * every search independent: {@link Agent#restart()} also starts the random generator again from the
 * seed, so each of a run's information states would be searched with the same random numbers).
 * The result is a deterministic function of the seed (with one
 * thread and a simulation budget). The agent only sees states through its own API (it must read
 * nothing hidden).
 */
public final class Tabularizer {
  /** Default number of runs per information state (seed 000). */
  public static final int DEFAULT_RUNS = 20;

  private Tabularizer() {}

  /**
   * The seed of the agent that answers for {@code player} in run {@code run} of a tabularization
   * with base seed {@code seed}: {@code seed + run + player·2³²} (player 0's agents keep the seeds
   * {@code seed + run}; the players' seeds differ for any run count below 2³²).
   *
   * @param seed the tabularization's base seed
   * @param run 0 ≤ run &lt; runs
   * @param player 0 ≤ player &lt; the game's number of players
   * @return the agent's seed
   */
  public static long agentSeed(long seed, int run, int player) {
    return seed + run + ((long) player << 32);
  }

  /**
   * Each policy the agent returns is checked as a policy anywhere in Ponder ({@link
   * TabularPolicy#put}, {@link PolicyEvaluation}): one probability per legal action, each finite
   * and in [0, 1], summing to 1 within 1e-6. It is never rescaled: an agent bug (probabilities
   * summing to 1.8) would otherwise be measured as another agent. The average of the runs is
   * divided by its sum only to remove rounding (at most 1e-6 from 1).
   *
   * @param agentForSeed creates the agent for a run and player from its seed ({@link #agentSeed})
   * @param runs M ≥ 1
   * @throws IllegalArgumentException if {@code runs < 1} or the agent returns a policy of the
   *     wrong length, with an entry that is negative, NaN or infinite, or not summing to 1 within
   *     1e-6 (one line naming the information state, its player and the length, entry or sum)
   */
  public static TabularPolicy tabularize(Game game, LongFunction<? extends PolicyAgent> agentForSeed, int runs, long seed) {
    return tabularize(game, agentForSeed, runs, seed, null);
  }

  /**
   * As {@link #tabularize(Game, LongFunction, int, long)}, calling {@code progress} with the
   * number of information states tabularized so far after each one (on the calling thread).
   *
   * @param progress listener, or null
   */
  public static TabularPolicy tabularize(Game game, LongFunction<? extends PolicyAgent> agentForSeed, int runs, long seed,
      IntConsumer progress) {
    return run(game, agentForSeed, runs, seed, progress, Tabularizer::askPolicy).policy();
  }

  /**
   * A tabularized policy and whether the runs told anything apart: {@code runsAgreed} is true when,
   * at every information state, every run returned exactly the same distribution (bit for bit) — an
   * agent whose policy is fixed (random, a tabular policy, a deterministic player), for which one
   * run gives the same table as any number.
   *
   * @param policy the tabular policy (the average, or frequency, over the runs)
   * @param runs the number of runs M per information state
   * @param runsAgreed whether all M runs returned the same distribution at every information state
   *     (always true for M = 1)
   */
  public record Tabularized(TabularPolicy policy, int runs, boolean runsAgreed) {}

  /**
   * As {@link #tabularize(Game, LongFunction, int, long, IntConsumer)} (reported policies) or
   * {@link #tabularizeMoves} (played moves, when {@code moves}), also saying whether the runs agreed.
   *
   * @throws IllegalArgumentException as those methods
   */
  public static Tabularized measure(Game game, LongFunction<? extends Agent> agentForSeed, int runs, long seed,
      IntConsumer progress, boolean moves) {
    if (moves) {
      return run(game, agentForSeed, runs, seed, progress, Tabularizer::askMove);
    }
    return run(game, seed0 -> {
      Agent a = agentForSeed.apply(seed0);
      if (!(a instanceof PolicyAgent pa)) {
        a.close();
        throw new IllegalArgumentException("agent does not report its policy (not a PolicyAgent)");
      }
      return pa;
    }, runs, seed, progress, Tabularizer::askPolicy);
  }

  /**
   * Tabularizes the moves an agent plays: walks the tree as {@link #tabularize(Game, LongFunction,
   * int, long, IntConsumer)} does, and at each information state asks each run's agent for its
   * player (created once with seed {@link #agentSeed seed + r + p·2³²}) for one {@link
   * Agent#selectAction}; the tabular policy there
   * is the frequency of each legal action over the {@code runs} moves (each a multiple of 1/runs).
   * A deterministic agent gives a pure policy with any number of runs.
   *
   * @param agentForSeed creates the agent for a run and player from its seed ({@link #agentSeed})
   * @param runs M ≥ 1
   * @param progress listener called with the number of information states done, or null
   * @throws IllegalArgumentException if {@code runs < 1} or the agent selects an action that is
   *     not legal
   */
  public static TabularPolicy tabularizeMoves(Game game, LongFunction<? extends Agent> agentForSeed, int runs, long seed,
      IntConsumer progress) {
    return run(game, agentForSeed, runs, seed, progress, Tabularizer::askMove).policy();
  }

  /** What one run's agent contributes at a decision state: a distribution over the legal actions. */
  private interface Ask<A extends Agent> {
    double[] ask(A agent, State s, int[] legal, String key);
  }

  private static <A extends Agent> Tabularized run(Game game, LongFunction<? extends A> agentForSeed, int runs, long seed,
      IntConsumer progress, Ask<A> ask) {
    if (runs < 1) {
      throw new IllegalArgumentException("runs must be at least 1, got " + runs);
    }
    int players = game.numPlayers();
    List<List<A>> agents = new ArrayList<>(runs);
    try {
      for (int r = 0; r < runs; r++) {
        List<A> run = new ArrayList<>(players);
        agents.add(run);
        for (int p = 0; p < players; p++) {
          run.add(agentForSeed.apply(agentSeed(seed, r, p)));
        }
      }
      Entries out = new Entries(progress);
      walk(game.newInitialState(), agents, out, ask);
      return new Tabularized(out.policy(game), runs, out.runsAgreed);
    } finally {
      for (List<A> run : agents) {
        for (A a : run) {
          a.close();
        }
      }
    }
  }

  private static double[] askPolicy(PolicyAgent a, State s, int[] legal, String key) {
    double[] pi = a.policy(s.copy());
    String at = "at information state '" + GameTree.oneLine(key) + "' (player " + s.currentPlayer() + ")";
    if (pi == null || pi.length != legal.length) {
      throw new IllegalArgumentException("agent returned " + (pi == null ? "no policy (null)" : pi.length
          + " probabilities") + " for " + legal.length + " legal actions " + at);
    }
    double sum = 0;
    for (int j = 0; j < pi.length; j++) {
      double x = pi[j];
      if (!(x >= 0 && x <= 1)) {
        throw new IllegalArgumentException("agent's policy " + at + ": probability of action " + legal[j] + " is " + x
            + "; probabilities are finite numbers in [0, 1]");
      }
      sum += x;
    }
    if (!(Math.abs(sum - 1) <= GameTree.POLICY_SUM_TOLERANCE)) {
      throw new IllegalArgumentException("agent's policy " + at + ": probabilities sum to " + sum + ", not 1 (within "
          + GameTree.POLICY_SUM_TOLERANCE + ")");
    }
    return pi;
  }

  private static double[] askMove(Agent a, State s, int[] legal, String key) {
    int action = a.selectAction(s.copy());
    double[] one = new double[legal.length];
    for (int j = 0; j < legal.length; j++) {
      if (legal[j] == action) {
        one[j] = 1;
        return one;
      }
    }
    throw new IllegalArgumentException("agent selected action " + action + ", which is not legal at '" + key + "' (legal: "
        + java.util.Arrays.toString(legal) + ")");
  }

  /**
   * Tabularizes with the given agents: {@code agents.get(r).get(p)} answers player p's information
   * states in run r (runs in order); they are not closed. Give each player its own agent (see the
   * class comment): an agent asked for two players carries what it drew in worlds holding one
   * player's private information into the other's decisions. Each policy is checked as in {@link
   * #tabularize(Game, LongFunction, int, long)}.
   *
   * @param agents one list per run, each with one agent per player ({@code game.numPlayers()})
   * @throws IllegalArgumentException as {@link #tabularize(Game, LongFunction, int, long)}, or if
   *     {@code agents} is empty or a run does not have one agent per player
   */
  public static TabularPolicy tabularize(Game game, List<? extends List<? extends PolicyAgent>> agents) {
    if (agents.isEmpty()) {
      throw new IllegalArgumentException("no runs: give at least one list of agents");
    }
    List<List<PolicyAgent>> runs = new ArrayList<>(agents.size());
    for (List<? extends PolicyAgent> run : agents) {
      if (run.size() != game.numPlayers()) {
        throw new IllegalArgumentException("each run needs one agent per player (" + game.numPlayers() + "), got "
            + run.size());
      }
      runs.add(new ArrayList<>(run));
    }
    Entries out = new Entries(null);
    walk(game.newInitialState(), runs, out, Tabularizer::askPolicy);
    return out.policy(game);
  }

  /**
   * The tabularized information states, keyed by player and string; the policy is keyed by the
   * string alone unless some string is the information state of two players.
   */
  private static final class Entries {
    final IntConsumer progress;
    final Map<String, Integer> playerOf = new HashMap<>();
    final Set<String> seen = new HashSet<>();
    final List<Object[]> list = new ArrayList<>();
    boolean shared;
    boolean runsAgreed = true;

    Entries(IntConsumer progress) {
      this.progress = progress;
    }

    /** Whether {@code player}'s information state {@code key} is new (then it is recorded as seen). */
    boolean firstVisit(int player, String key) {
      if (!seen.add(player + "\u0000" + key)) {
        return false;
      }
      Integer other = playerOf.putIfAbsent(key, player);
      shared |= other != null && other != player;
      return true;
    }

    void add(int player, String key, int[] legal, double[] p) {
      list.add(new Object[] {player, key, legal, p});
      if (progress != null) {
        progress.accept(list.size());
      }
    }

    TabularPolicy policy(Game game) {
      TabularPolicy out = new TabularPolicy(game.spec());
      for (Object[] e : list) {
        if (shared) {
          out.put((Integer) e[0], (String) e[1], (int[]) e[2], (double[]) e[3]);
        } else {
          out.put((String) e[1], (int[]) e[2], (double[]) e[3]);
        }
      }
      return out;
    }
  }

  /**
   * Visits every history below {@code root} depth-first, children in ascending action order, and
   * tabularizes each information state at the first history reaching it. The walk keeps its own
   * stack of states (no recursion), so a game's depth is bounded by memory; a state is copied for
   * each child but the last, which advances the state itself.
   */
  private static <A extends Agent> void walk(State root, List<List<A>> agents, Entries out, Ask<A> ask) {
    java.util.ArrayList<State> states = new java.util.ArrayList<>();
    java.util.ArrayList<int[]> legals = new java.util.ArrayList<>();
    int[] next = new int[16];
    State s = root;
    while (true) {
      if (!s.isTerminal()) {
        int[] legal = s.legalActions();
        if (!s.isChanceNode()) {
          visit(s, legal, agents, out, ask);
        }
        if (legal.length > 0) {
          states.add(s);
          legals.add(legal);
          if (states.size() > next.length) {
            next = java.util.Arrays.copyOf(next, next.length * 2);
          }
          next[states.size() - 1] = 0;
        }
      }
      int top = states.size() - 1;
      while (top >= 0 && next[top] == legals.get(top).length) {
        states.remove(top);
        legals.remove(top);
        top--;
      }
      if (top < 0) {
        return;
      }
      int[] legal = legals.get(top);
      int j = next[top]++;
      State c;
      if (j == legal.length - 1) {
        c = states.get(top);
        states.set(top, null);
      } else {
        c = states.get(top).copy();
      }
      c.applyActionUnchecked(legal[j]);
      s = c;
    }
  }

  /**
   * Tabularizes the information state of decision state {@code s} if it is seen for the first time,
   * asking each run's agent for its current player.
   */
  private static <A extends Agent> void visit(State s, int[] legal, List<List<A>> agents, Entries out, Ask<A> ask) {
    int p = s.currentPlayer();
    String key = s.informationStateString(p);
    if (!out.firstVisit(p, key)) {
      return;
    }
    double[] avg = new double[legal.length];
    double[] firstRun = null;
    // the agents run on copies of s: a change of s itself is the game's fault (its copy shares data)
    CopyWatch watch = new CopyWatch();
    watch.note(s);
    for (List<A> run : agents) {
      A a = run.get(p);
      double[] pi = watch.check("the agent ran on a copy of it", () -> ask.ask(a, s, legal, key));
      if (firstRun == null) {
        firstRun = pi.clone();
      } else if (out.runsAgreed && !java.util.Arrays.equals(firstRun, pi)) {
        out.runsAgreed = false;
      }
      for (int j = 0; j < legal.length; j++) {
        avg[j] += pi[j] / agents.size();
      }
    }
    // each run's policy sums to 1 within 1e-6 (askPolicy) or is one-hot (askMove): dividing by the
    // sum removes rounding only, it never rescales an agent's policy
    double sum = 0;
    for (double x : avg) {
      sum += x;
    }
    for (int j = 0; j < avg.length; j++) {
      avg[j] /= sum;
    }
    out.add(p, key, legal, avg);
  }
}
