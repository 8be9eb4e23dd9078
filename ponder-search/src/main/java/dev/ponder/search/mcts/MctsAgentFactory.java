package dev.ponder.search.mcts;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.game.Game;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * Base of every MCTS agent kind: a name, a description, the mechanism's own parameters and a
 * function from resolved parameters to a {@link Mechanism}. Adds the engine keys every MCTS agent
 * shares ({@link #engineParameters()}): {@code sims}, {@code time_ms}, {@code threads},
 * {@code sync_us}, {@code reuse}, {@code expand}, {@code chance_expand_all}, {@code keying}. A new agent is a
 * subclass with a public no-argument constructor, listed in
 * {@code META-INF/services/dev.ponder.agent.AgentFactory}:
 *
 * <pre>{@code
 * public final class MyFactory extends MctsAgentFactory {
 *   public MyFactory() {
 *     super("my_uct", "UCT with c = 1 (Kocsis & Szepesvári 2006)",
 *         List.of(ParamSpec.ofDouble("c", 1.0, "exploration constant")),
 *         p -> Mechanisms.uct(p.getDouble("c")));
 *   }
 * }
 * }</pre>
 *
 * Override {@link #knowledge(Game, Params)} to use other knowledge than the reference triad.
 */
public abstract class MctsAgentFactory implements AgentFactory {
  private final String name;
  private final String description;
  private final List<ParamSpec> parameters;
  private final Function<Params, Mechanism> mechanism;

  /**
   * @param mechanismParameters the mechanism's keys (the engine keys are appended)
   * @param mechanism builds the mechanism from resolved parameters; throws {@link SpecException}
   *     for values out of range
   */
  protected MctsAgentFactory(String name, String description, List<ParamSpec> mechanismParameters,
      Function<Params, Mechanism> mechanism) {
    this.name = Objects.requireNonNull(name);
    this.description = Objects.requireNonNull(description);
    List<ParamSpec> all = new ArrayList<>(mechanismParameters);
    all.addAll(engineParameters());
    this.parameters = List.copyOf(all);
    this.mechanism = Objects.requireNonNull(mechanism);
  }

  /** The engine keys shared by every MCTS agent. */
  public static List<ParamSpec> engineParameters() {
    return List.of(
        ParamSpec.ofInt("sims", 1000, "simulations per decision (0 = none; not applied when only time_ms is given)"),
        ParamSpec.ofInt("time_ms", 0, "wall-time budget per decision in ms (0 = none)"),
        ParamSpec.ofInt("threads", 1, "worker threads (tree parallelism with virtual loss)"),
        ParamSpec.ofInt("sync_us", MctsConfig.DEFAULT_SYNC_MICROS, "with threads: microseconds between merges of each worker's private statistics into the shared tree (0 = share every update at once)"),
        ParamSpec.ofBool("reuse", false, "keep the subtree of the actual moves between decisions"),
        ParamSpec.ofInt("expand", 1, "expand a leaf on its arrival after this many visits (0 = at once)"),
        ParamSpec.ofBool("chance_expand_all", false, "evaluate every chance outcome once and back up the probability-weighted mean"),
        ParamSpec.ofString("keying", "auto", "node keys: auto, tree, transpositions, information_state"));
  }

  /**
   * The engine configuration from resolved parameters: {@code sims} applies unless only
   * {@code time_ms} was given.
   *
   * @throws SpecException on a value out of range
   */
  public static MctsConfig config(Params p) {
    int sims = p.requireInt("sims", 0, 100_000_000);
    int time = p.requireInt("time_ms", 0, 86_400_000);
    if (time > 0 && !p.isGiven("sims")) {
      sims = 0;
    }
    if (sims == 0 && time == 0) {
      throw new SpecException(p.owner() + ": give a budget: sims > 0 or time_ms > 0");
    }
    int threads = p.requireInt("threads", 1, 64);
    int expand = p.requireInt("expand", 0, 1_000_000);
    int sync = p.requireInt("sync_us", 0, 1_000_000_000);
    String k = p.requireOneOf("keying", "auto", "tree", "transpositions", "information_state");
    return new MctsConfig(sims, time, threads, MctsConfig.Keying.valueOf(k.toUpperCase(Locale.ROOT)), expand,
        p.getBool("chance_expand_all"), p.getBool("reuse"), true, sync);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public List<ParamSpec> parameters() {
    return parameters;
  }

  /** The mechanism for resolved parameters. */
  public Mechanism mechanism(Params params) {
    return mechanism.apply(params);
  }

  /** The knowledge for {@code game}; default {@link Knowledge#reference(Game)}. */
  protected Knowledge knowledge(Game game, Params params) {
    return Knowledge.reference(game);
  }

  @Override
  public Agent create(Game game, Params params, long seed) {
    MctsConfig config = config(params);
    try {
      return new MctsAgent(game, mechanism(params), knowledge(game, params), config, seed);
    } catch (IllegalArgumentException e) {
      if (e instanceof SpecException) {
        throw e;
      }
      throw new SpecException(name + ": " + e.getMessage());
    }
  }

  /** {@code uct}: UCB1 in the tree with random rollouts. */
  public static final class Uct extends MctsAgentFactory {
    public Uct() {
      super("uct", "UCT: UCB1 in the tree on [0,1]-normalized Q, random rollouts (Kocsis & Szepesvari 2006)",
          List.of(ParamSpec.ofDouble("c", 0.25, "exploration constant on [0,1]-normalized Q (seed-tuned 0.25; too small for noisy returns: at the start of pig,"
              + " 1000 sims, it stops at turn total 0 in 4 of 12 seeds, c=1.4 in none; use a larger c there)")),
          p -> Mechanisms.uct(p.requireDouble("c", 0, 1e6)));
    }
  }

  /** {@code puct}: PUCT with the AlphaZero schedule, uniform prior, random rollouts. */
  public static final class PuctAgent extends MctsAgentFactory {
    public PuctAgent() {
      super("puct", "PUCT with the AlphaZero schedule c(N) = c_init + ln((N+c_base+1)/c_base), FPU options (Silver et al. 2018)",
          List.of(
              ParamSpec.ofDouble("c_init", 5.0, "c_init (seed-tuned 5.0; AlphaZero 1.25)"),
              ParamSpec.ofDouble("c_base", 19652, "c_base (AlphaZero 19652)"),
              ParamSpec.ofString("fpu", "loss", "first-play urgency: loss, parent, reduction, absolute, inf; "
                  + "or a discovered rule (zoo): bifv, run1, run2, run4, run5"),
              ParamSpec.ofDouble("fpu_value", 0.25, "constant of fpu=absolute (normalized value) or fpu=reduction (factor)")),
          p -> dev.ponder.search.mcts.zoo.Operators.isZooFpu(p.getString("fpu"))
              ? dev.ponder.search.mcts.zoo.Operators.puctWithZooFpu(p.requireDouble("c_init", 0, 1e6),
                  p.requireDouble("c_base", 1e-9, 1e12), p.getString("fpu"))
              : Mechanisms.puct(p.requireDouble("c_init", 0, 1e6), p.requireDouble("c_base", 1e-9, 1e12),
                  Puct.Fpu.parse(p.getString("fpu")), p.getDouble("fpu_value")));
    }
  }

  /** {@code m_seed}: the seed paper's bare template. */
  public static final class Seed extends MctsAgentFactory {
    public Seed() {
      super("m_seed", "m_seed: the bare modular-search template, c = 2.0, unvisited first, first-index ties (seed 000, App. J.1)",
          List.of(), p -> Mechanisms.mSeed());
    }
  }
}
