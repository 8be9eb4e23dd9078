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
 * {@code sync_us}, {@code reuse}, {@code expand}, {@code chance_expand_all}, {@code keying},
 * {@code search_forced}, {@code virtual_loss}. A new agent is a
 * subclass with a public no-argument constructor, listed in
 * {@code META-INF/services/dev.ponder.agent.AgentFactory}:
 *
 * <pre>{@code
 * public final class MyFactory extends MctsAgentFactory {
 *   public MyFactory() {
 *     super("my_uct", "UCT with c = 1 (Kocsis & Szepesvári 2006)",
 *         List.of(ParamSpec.ofDouble("c", 1.0, 0, 1e6, "exploration constant")),
 *         p -> Mechanisms.uct(p.getDouble("c")));
 *   }
 * }
 * }</pre>
 *
 * Override {@link #knowledge(Game, Params)} to use other knowledge than the reference triad. A
 * factory whose mechanism or knowledge needs a game's classes belongs in a module that depends on
 * both {@code ponder-search} and {@code ponder-games} (such as {@code ponder-app}), and is listed
 * in that module's services file. {@code docs/search.md}, "Extending the search from Java", walks
 * through it.
 */
public abstract class MctsAgentFactory implements AgentFactory {
  private final String name;
  private final String description;
  private final List<ParamSpec> parameters;
  private final Function<Params, Mechanism> mechanism;

  /**
   * @param name the agent's name in agent strings: one or more ASCII letters, digits and {@code _}
   * @param mechanismParameters the mechanism's keys (the engine keys are appended); none may
   *     repeat another or an engine key ({@link #engineParameters()})
   * @param mechanism builds the mechanism from resolved parameters; throws {@link SpecException}
   *     for values out of range
   * @throws IllegalArgumentException if the name cannot be parsed as an agent string's name, or a
   *     key is an engine key, declared twice, or not a key an agent string can give (one line
   *     naming the class and the key; at registration, the services loader reports it with the
   *     services file's line)
   */
  protected MctsAgentFactory(String name, String description, List<ParamSpec> mechanismParameters,
      Function<Params, Mechanism> mechanism) {
    this.name = Objects.requireNonNull(name);
    this.description = Objects.requireNonNull(description);
    requireSpecName(name);
    List<ParamSpec> all = new ArrayList<>(mechanismParameters);
    java.util.Set<String> engineKeys = new java.util.HashSet<>();
    for (ParamSpec e : engineParameters()) {
      engineKeys.add(e.name());
    }
    java.util.Set<String> own = new java.util.HashSet<>();
    for (ParamSpec k : mechanismParameters) {
      String key = k.name();
      if (engineKeys.contains(key)) {
        throw new IllegalArgumentException(getClass().getName() + " (agent '" + name + "') declares the key '" + key
            + "', an engine key every MCTS agent has already; give the mechanism's key another name (engine keys: "
            + String.join(", ", engineKeys.stream().sorted().toList()) + ")");
      }
      if (!own.add(key)) {
        throw new IllegalArgumentException(getClass().getName() + " (agent '" + name + "') declares the key '" + key
            + "' twice");
      }
      if (!dev.ponder.spec.Spec.isWord(key)) {
        throw new IllegalArgumentException(getClass().getName() + " (agent '" + name + "') declares the key '" + key
            + "', which an agent string cannot give; use letters, digits and _ (name(key=value,...))");
      }
    }
    all.addAll(engineParameters());
    this.parameters = List.copyOf(all);
    this.mechanism = Objects.requireNonNull(mechanism);
  }

  /**
   * Refuses a name that is not a {@linkplain dev.ponder.spec.Spec#isWord word}: one or more ASCII
   * letters, digits and {@code _}.
   */
  private void requireSpecName(String n) {
    if (!dev.ponder.spec.Spec.isWord(n)) {
      throw new IllegalArgumentException(getClass().getName() + " has the name '" + n
          + "', which an agent string cannot give (name or name(key=value,...)); use letters, digits and _");
    }
  }


  /**
   * The engine keys shared by every MCTS agent. The numeric ones declare the ranges
   * {@link #config} enforces (those of {@link MctsConfig}): {@code sims}
   * 0..{@value MctsConfig#MAX_SIMULATIONS}, {@code time_ms} 0..{@value MctsConfig#MAX_TIME_MS}
   * (not both 0), {@code threads} 1..{@value MctsConfig#MAX_THREADS}, {@code sync_us}
   * 0..{@value MctsConfig#MAX_SYNC_MICROS}, {@code expand} 0..{@value MctsConfig#MAX_EXPAND};
   * {@code virtual_loss} 0..{@value #MAX_VIRTUAL_LOSS} is applied by {@link #mechanism(Params)}.
   */
  public static List<ParamSpec> engineParameters() {
    return List.of(
        ParamSpec.ofInt("sims", 1000, 0, MctsConfig.MAX_SIMULATIONS,
            "simulations per decision (0 = no cap, then time_ms > 0; 0 when only time_ms is given)"),
        ParamSpec.ofInt("time_ms", 0, 0, MctsConfig.MAX_TIME_MS, "wall-time budget per decision in ms (0 = none)"),
        ParamSpec.ofInt("threads", 1, 1, MctsConfig.MAX_THREADS, "worker threads sharing one tree (tree parallelism; see sync_us)"),
        ParamSpec.ofInt("sync_us", MctsConfig.DEFAULT_SYNC_MICROS, 0, MctsConfig.MAX_SYNC_MICROS,
            "with threads: microseconds between merges of each worker's private statistics into the shared tree; the virtual loss acts only on shared entries (0 = share every update at once, virtual loss on every edge: classic tree parallelism)"),
        ParamSpec.ofBool("reuse", false, "keep the subtree of the actual moves between decisions"),
        ParamSpec.ofInt("expand", 1, 0, MctsConfig.MAX_EXPAND, "expand a leaf on its arrival after this many visits (0 = at once)"),
        ParamSpec.ofBool("chance_expand_all", false, "evaluate every chance outcome once and back up the probability-weighted mean"),
        ParamSpec.ofString("keying", "auto", "node keys: auto, tree, transpositions, information_state (auto ="
            + " information_state in imperfect-information games, IS-MCTS from the mover's information state, the only"
            + " keying they allow; tree otherwise)"),
        ParamSpec.ofBool("search_forced", false,
            "search a position with one legal action too (false = answer a forced move at once, without simulations)"),
        ParamSpec.ofInt("virtual_loss", 1, 0, MAX_VIRTUAL_LOSS,
            "with threads: virtual visits that lost, added to each shared edge of a simulation in flight and taken out at"
                + " its backup, to keep workers apart (Chaslot et al. 2008; 0 = none; not given: the agent's own, 1);"
                + " private entries get none, so it acts with sync_us=0"));
  }

  /** Largest {@code virtual_loss}: in-flight visits per simulation. */
  public static final int MAX_VIRTUAL_LOSS = 1000;

  /**
   * The engine configuration from resolved parameters (the {@link #engineParameters()} keys):
   * {@code sims} applies unless only {@code time_ms} was given. The ranges are
   * {@link MctsConfig}'s, as {@link #engineParameters()} declares them.
   *
   * @throws SpecException on a value out of range (naming the key and the valid range), or
   *     {@code sims} and {@code time_ms} both 0 ({@code uct: sims must be at least 1, got 0 (or 0
   *     with a time_ms of at least 1)})
   */
  public static MctsConfig config(Params p) {
    int sims = p.requireInt("sims", 0, MctsConfig.MAX_SIMULATIONS);
    int time = p.requireInt("time_ms", 0, MctsConfig.MAX_TIME_MS);
    if (time > 0 && !p.isGiven("sims")) {
      sims = 0;
    }
    if (sims == 0 && time == 0) {
      // sims=0 is no simulation limit: a budget only beside a time limit
      throw new SpecException(SpecException.atLeast(p.owner(), "sims", 1, 0).getMessage() + " (or 0 with a time_ms of at"
          + " least 1" + (p.isGiven("time_ms") ? ", got 0)" : ")"));
    }
    int threads = p.requireInt("threads", 1, MctsConfig.MAX_THREADS);
    int expand = p.requireInt("expand", 0, MctsConfig.MAX_EXPAND);
    int sync = p.requireInt("sync_us", 0, MctsConfig.MAX_SYNC_MICROS);
    String k = p.requireOneOf("keying", "auto", "tree", "transpositions", "information_state");
    return new MctsConfig(sims, time, threads, MctsConfig.Keying.valueOf(k.toUpperCase(Locale.ROOT)), expand,
        p.getBool("chance_expand_all"), p.getBool("reuse"), true, sync, p.getBool("search_forced"));
  }

  /**
   * {@code params} with {@code sims=0} (no simulation cap) when {@code time_ms} &gt; 0 and
   * {@code sims} was not given: the search then runs for {@code time_ms} alone ({@link #config}),
   * so {@code uct(time_ms=50)} resolves to {@code sims=0} and is a different agent from {@code
   * uct(time_ms=50,sims=1000)}, which stops at 1,000 simulations; and {@code uct(time_ms=50)} and
   * {@code uct(time_ms=50,sims=0)} are one agent.
   */
  @Override
  public Params applied(Params params) {
    if (params.values().get("time_ms") instanceof Number t && t.longValue() > 0 && !params.isGiven("sims")
        && !(params.values().get("sims") instanceof Number s && s.longValue() == 0)) {
      return params.withDerived("sims", "0");
    }
    return params;
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

  /**
   * The mechanism for resolved parameters (a new one per call: components that learn across
   * searches start fresh). With {@link #config} and knowledge of one's own it makes an
   * {@link MctsAgent} by hand: {@code new MctsAgent(game, () -> f.mechanism(p), knowledge,
   * MctsAgentFactory.config(p), seed)} (this skips checks {@link #create} may add, such as the
   * solvers' two-player zero-sum test; {@link MctsAgent#withKnowledge} keeps them).
   *
   * @param params parameters resolved against {@link #parameters()}
   *     ({@code AgentRegistry.resolve("puct(c_init=1.25)")})
   * <p>A {@code virtual_loss} given explicitly replaces the count of the mechanism's constant
   * virtual loss ({@link VirtualLoss.Constant}, or the zoo's locked one for overwriting backups;
   * 0 = {@link VirtualLoss#NONE}); not given, the mechanism keeps its own (one visit in every
   * shipped agent).
   *
   * @throws SpecException for values out of range, or {@code virtual_loss} given for a mechanism
   *     whose virtual loss is of another kind
   */
  public Mechanism mechanism(Params params) {
    Mechanism m = mechanism.apply(params);
    if (!params.isGiven("virtual_loss") || !(params.values().get("virtual_loss") instanceof Number n)) {
      return m; // the mechanism's own: one visit for every shipped agent
    }
    int k = n.intValue();
    VirtualLoss v = m.virtualLoss();
    if (v instanceof VirtualLoss.Constant c) {
      return c.count() == k ? m : m.withVirtualLoss(k == 0 ? VirtualLoss.NONE : VirtualLoss.constant(k));
    }
    if (v instanceof dev.ponder.search.mcts.zoo.ZooBackups.LockedVirtualLoss l) {
      // the overwriting backups take the in-flight count out of the slot; 0 keeps it at 0
      return m.withVirtualLoss(dev.ponder.search.mcts.zoo.ZooBackups.lockedVirtualLoss(k, l.slot()));
    }
    if (v == VirtualLoss.NONE && k == 0) {
      return m;
    }
    throw new SpecException(name + ": virtual_loss=" + params.typed("virtual_loss") + " needs the mechanism's own"
        + " virtual loss to be a constant one (VirtualLoss.constant); " + name + "'s is " + v.getClass().getName());
  }

  /**
   * The knowledge for {@code game}; default {@link Knowledge#reference(Game)}. Built once per
   * agent (kept by {@link MctsAgent#restart()}).
   */
  protected Knowledge knowledge(Game game, Params params) {
    return Knowledge.reference(game);
  }

  /**
   * One line for each engine key set where it changes nothing or only costs: {@code
   * chance_expand_all=true} for a game without chance nodes (the option applies at chance nodes
   * only); {@code sync_us} given with one thread (it paces the merging of several workers'
   * statistics); {@code virtual_loss} given with one thread, or given with several threads where
   * the workers keep private statistics ({@code sync_us} &gt; 0 and a mechanism whose updates
   * commute, as the engine decides): the virtual loss then acts only on the shared entries beyond
   * each worker's private range, which a search of ordinary size never reaches ({@code sync_us=0}
   * applies it on every edge); {@code keying=information_state} on a perfect-information game (the
   * nodes are those of {@code keying=tree}, at the cost of hashing the history string at every
   * node).
   */
  @Override
  public List<String> warnings(Game game, Params params) {
    List<String> out = new ArrayList<>();
    if (Boolean.TRUE.equals(params.values().get("chance_expand_all")) && !game.type().hasChance()) {
      out.add("chance_expand_all=true has no effect: " + game.type().shortName()
          + " has no chance nodes");
    }
    int threads = params.values().get("threads") instanceof Number t ? t.intValue() : 0;
    if (params.isGiven("sync_us") && threads == 1) {
      out.add("sync_us=" + params.typed("sync_us") + " has no effect with threads=1 (it sets how often several"
          + " workers merge their statistics into the shared tree)");
    }
    if (params.isGiven("virtual_loss") && threads == 1) {
      out.add("virtual_loss=" + params.typed("virtual_loss") + " has no effect with threads=1 (it keeps several workers"
          + " off one another's paths)");
    }
    if (params.isGiven("virtual_loss") && params.values().get("virtual_loss") instanceof Number k && k.intValue() > 0
        && threads > 1) {
      boolean privateStats;
      try {
        privateStats = MctsEngine.localStats(config(params), mechanism(params));
      } catch (RuntimeException invalid) { // bad values are reported when the agent is made
        privateStats = false;
      }
      if (privateStats) {
        out.add("virtual_loss=" + params.typed("virtual_loss") + " acts only on shared entries: with sync_us="
            + params.typed("sync_us") + " each worker keeps private statistics, and the virtual loss is applied only"
            + " beyond its private range (millions of entries from the root on), which a search"
            + " of ordinary size never reaches; give sync_us=0 to apply it on every edge");
      }
    }
    if ("information_state".equals(params.values().get("keying")) && game.type().isPerfectInformation()) {
      out.add("keying=information_state has no effect on the search: " + game.type().shortName()
          + " has perfect information, so the nodes are those of keying=tree, only keyed by hashing the history string"
          + " at every node (about 4.5 KB allocated per simulation on connect_four); use keying=tree or auto");
    }
    return List.copyOf(out);
  }

  /**
   * An {@link MctsAgent} whose mechanism is built by {@link #mechanism(Params)} now and again at
   * each {@link MctsAgent#restart()}.
   *
   * @throws SpecException on a value out of range, or a configuration the engine refuses for
   *     {@code game} (the message starts with the agent's name)
   */
  @Override
  public Agent create(Game game, Params params, long seed) {
    MctsConfig config = config(params);
    try {
      return new MctsAgent(game, () -> mechanism(params), knowledge(game, params), config, seed);
    } catch (IllegalArgumentException e) {
      if (e instanceof SpecException) {
        throw e;
      }
      throw new SpecException(name + ": " + e.getMessage());
    }
  }

  /** Largest exploration constant of {@code uct}'s c and {@code puct}'s c_init. */
  private static final double MAX_C = 1e6;
  /** Range of {@code puct}'s c_base (it divides). */
  private static final double MIN_C_BASE = 1e-9;
  private static final double MAX_C_BASE = 1e12;

  /** {@code uct}: UCB1 in the tree with random rollouts (key c: 0..1e6). */
  public static final class Uct extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code uct}. */
    public Uct() {
      super("uct", "UCT: UCB1 in the tree on [0,1]-normalized Q, random rollouts (Kocsis & Szepesvári 2006)",
          List.of(ParamSpec.ofDouble("c", 0.25, 0, MAX_C, "exploration constant on [0,1]-normalized Q (seed-tuned 0.25; too small for noisy returns: at the start of pig,"
              + " 1000 sims, it stops at turn total 0 in 4 of 12 seeds, c=1.4 in none; use a larger c there)")),
          p -> Mechanisms.uct(p.requireDouble("c", 0, MAX_C)));
    }
  }

  /**
   * {@code puct}: PUCT with the AlphaZero schedule, uniform prior, random rollouts (keys c_init:
   * 0..1e6, c_base: 1e-9..1e12).
   */
  public static final class PuctAgent extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code puct}. */
    public PuctAgent() {
      super("puct", "PUCT with the AlphaZero schedule c(N) = c_init + ln((N+c_base+1)/c_base), FPU options (Silver et al. 2018)",
          List.of(
              ParamSpec.ofDouble("c_init", 5.0, 0, MAX_C, "c_init (seed-tuned 5.0; AlphaZero 1.25)"),
              ParamSpec.ofDouble("c_base", 19652, MIN_C_BASE, MAX_C_BASE, "c_base (AlphaZero 19652)"),
              ParamSpec.ofString("fpu", "loss", "first-play urgency: loss, parent, reduction, absolute, inf; "
                  + "or a discovered rule (zoo): bifv, run1, run2, run4, run5"),
              ParamSpec.ofDouble("fpu_value", 0.25, "constant of fpu=absolute (normalized value) or fpu=reduction (factor)")),
          PuctAgent::mechanismOf);
    }

    /**
     * The engine keys' warnings ({@link MctsAgentFactory#warnings}), then {@code fpu_value} given
     * with an {@code fpu} rule that does not read it (any but {@code absolute} and {@code
     * reduction}): it changes nothing. A warning, not a refusal, so that tournaments stored with
     * such an agent string still resume ({@code compose} refuses it).
     */
    @Override
    public List<String> warnings(Game game, Params params) {
      List<String> out = new ArrayList<>(super.warnings(game, params));
      Object fpu = params.values().get("fpu");
      if (params.isGiven("fpu_value") && !"absolute".equals(fpu) && !"reduction".equals(fpu)) {
        out.add("fpu_value=" + params.typed("fpu_value") + " has no effect with fpu=" + fpu
            + " (only fpu=absolute and fpu=reduction read it)");
      }
      return List.copyOf(out);
    }

    private static Mechanism mechanismOf(Params p) {
      String fpu = p.requireOneOf("fpu", PUCT_FPU_RULES);
      return dev.ponder.search.mcts.zoo.Operators.isZooFpu(fpu)
          ? dev.ponder.search.mcts.zoo.Operators.puctWithZooFpu(p.requireDouble("c_init", 0, MAX_C),
              p.requireDouble("c_base", MIN_C_BASE, MAX_C_BASE), fpu)
          : Mechanisms.puct(p.requireDouble("c_init", 0, MAX_C), p.requireDouble("c_base", MIN_C_BASE, MAX_C_BASE),
              Puct.Fpu.parse(fpu), p.getDouble("fpu_value"));
    }
  }

  /**
   * The values {@code puct}'s key {@code fpu} accepts: the engine's rules ({@link Puct.Fpu}) and
   * the discovered ones of the zoo.
   */
  private static final String[] PUCT_FPU_RULES = {"loss", "parent", "reduction", "absolute", "inf", "bifv", "run1",
      "run2", "run4", "run5"};

  /** {@code m_seed}: the seed paper's bare template. */
  public static final class Seed extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code m_seed}. */
    public Seed() {
      super("m_seed", "m_seed: the bare modular-search template, c = 2.0, unvisited first, first-index ties (Li, Schultz, Lanctot & Hennes 2026, seed 000, App. J.1)",
          List.of(), p -> Mechanisms.mSeed());
    }
  }
}
