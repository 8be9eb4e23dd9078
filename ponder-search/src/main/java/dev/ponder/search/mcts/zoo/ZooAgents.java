package dev.ponder.search.mcts.zoo;

import dev.ponder.agent.Agent;
import dev.ponder.game.Game;
import dev.ponder.game.GameType;
import dev.ponder.search.mcts.FinalSelectors;
import dev.ponder.search.mcts.MctsAgentFactory;
import dev.ponder.search.mcts.Mechanism;
import dev.ponder.search.mcts.RootActionSelector;
import dev.ponder.search.mcts.TreePolicy;
import dev.ponder.search.mcts.ValueBackup;
import dev.ponder.search.mcts.VirtualLoss;
import dev.ponder.search.mcts.ops.NormalGamma;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.util.List;
import java.util.function.Function;

/**
 * The zoo's agent kinds (SPEC §1.3; ALGORITHMS §1–§3): the baselines of the seed's Table 1 that
 * the engine does not ship ({@code uct}, {@code puct}, {@code m_seed} are the engine's) and the
 * discovered mechanisms, each a composition of the engine's interfaces. Every one plays with the
 * reference knowledge (uniform prior, one random rollout) and accepts the engine keys
 * ({@code sims}, {@code time_ms}, {@code threads}, …).
 */
public final class ZooAgents {
  private ZooAgents() {}

  private static final double SQRT2 = Math.sqrt(2.0);

  private static Mechanism mech(TreePolicy tree, ValueBackup backup, RootActionSelector root,
      dev.ponder.search.mcts.FinalActionSelector fin, VirtualLoss vl, int aux) {
    return new Mechanism(tree, backup, root, fin, vl, aux);
  }

  private static String finalKey(Params p, String... valid) {
    return p.requireOneOf("final", valid);
  }

  /**
   * Refuses a game or keying the solvers (Winands, Björnsson &amp; Saito 2008; Cazenave &amp;
   * Saffidine 2010) are not defined for: games other than two-player zero- or constant-sum, and
   * {@code keying=transpositions}. Imperfect-information games (IS-MCTS keying) are accepted: there
   * no edge is terminal or expanded, so no proof fires and the agent plays as UCT.
   *
   * @param who the agent as named in the message ({@code mcts_solver}, {@code compose: tree=solver})
   * @throws SpecException naming the game string as given and what is wrong
   */
  static void requireSolverSetting(String who, Game game, Params params) {
    GameType.Utility u = game.type().utility();
    int n = game.numPlayers();
    if (n != 2) {
      throw new SpecException(who + " needs a two-player zero- or constant-sum game; " + game.spec() + " has " + n
          + (n == 1 ? " player" : " players"));
    }
    if (u != GameType.Utility.ZERO_SUM && u != GameType.Utility.CONSTANT_SUM) {
      throw new SpecException(who + " needs a two-player zero- or constant-sum game; " + game.spec() + " has "
          + u.name().toLowerCase(java.util.Locale.ROOT) + " utility");
    }
    if (params.getString("keying").equals("transpositions")) {
      throw new SpecException(who + ": keying=transpositions is not supported: its proofs are defined on a tree, and on a"
          + " transposition graph a node's proven value can depend on the path that reached it (graph-history"
          + " interaction); valid: auto, tree");
    }
  }

  /** Base: an MCTS factory restricted to two-player zero- or constant-sum games, without transpositions. */
  abstract static class TwoPlayerZeroSum extends MctsAgentFactory {
    TwoPlayerZeroSum(String name, String description, List<ParamSpec> params, Function<Params, Mechanism> m) {
      super(name, description, params, m);
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      requireSolverSetting(name(), game, params);
      return super.create(game, params, seed);
    }
  }

  // ------------------------------------------------------------------ baselines

  /**
   * {@code ucb_tuned}: UCB1-Tuned in the tree (Auer, Cesa-Bianchi &amp; Fischer 2002), mean backup,
   * robust child; {@link BanditPolicies#ucbTuned}.
   */
  public static final class UcbTuned extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code ucb_tuned}. */
    public UcbTuned() {
      super("ucb_tuned", "UCB1-Tuned in the tree: variance-aware UCB on [0,1]-normalized Q (Auer, Cesa-Bianchi & Fischer 2002)",
          List.of(ParamSpec.ofDouble("v_cap", 0.25, 0, 1e6, "variance cap (1/4: Bernoulli bound for rewards in [0,1])")),
          p -> {
            TreePolicy t = BanditPolicies.ucbTuned(p.requireDouble("v_cap", 0, 1e6), 0);
            return mech(t, ZooBackups.withHooks(ValueBackup.MEAN, BanditPolicies.squares(0)), RootActionSelector.of(t),
                FinalSelectors.MOST_VISITED, VirtualLoss.constant(1), 1);
          });
    }
  }

  /**
   * {@code gumbel}: Gumbel AlphaZero (Danihelka, Guez, Schrittwieser &amp; Silver 2022), as mctx's
   * {@code gumbel_muzero_policy}; {@link GumbelSearch}.
   */
  public static final class GumbelAgent extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code gumbel}. */
    public GumbelAgent() {
      super("gumbel", "Gumbel AlphaZero: Gumbel-Top-m with sequential halving at the root, completed-Q interior rule (Danihelka, Guez, Schrittwieser & Silver 2022)",
          List.of(
              ParamSpec.ofInt("max_considered", 16, 1, 100_000, "m: actions sampled at the root (mctx 16)"),
              ParamSpec.ofDouble("gumbel_scale", 1.0, 0, 1e6, "scale of the root Gumbel noise (0 = deterministic)"),
              ParamSpec.ofDouble("c_visit", 50, 0, 1e9, "σ's c_visit (mctx 50)"),
              ParamSpec.ofDouble("c_scale", 0.1, 0, 1e9, "σ's c_scale (mctx 0.1; paper runs often 1.0 [recall])")),
          p -> {
            GumbelSearch g = new GumbelSearch(p.requireInt("max_considered", 1, 100_000), p.requireDouble("gumbel_scale", 0, 1e6),
                p.requireDouble("c_visit", 0, 1e9), p.requireDouble("c_scale", 0, 1e9), 0);
            return mech(g.interior(), ZooBackups.withHooks(ValueBackup.MEAN, g.firstValue()), g.root(), g.finalSelector(),
                VirtualLoss.constant(1), 1);
          });
    }
  }

  /**
   * {@code smooth_uct}: Smooth UCT (Heinrich &amp; Silver 2015), mean backup, the average strategy
   * sampled as the final move (or the robust child); {@link BanditPolicies#smoothUct}.
   */
  public static final class SmoothUct extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code smooth_uct}. */
    public SmoothUct() {
      super("smooth_uct", "Smooth UCT: UCB with probability η_N = max(γ, η/(1+d√N)), else the average strategy (Heinrich & Silver 2015)",
          List.of(
              ParamSpec.ofDouble("c", SQRT2, 0, 1e6, "UCB1 constant on [0,1]-normalized Q (UCB1's √2)"),
              ParamSpec.ofDouble("gamma", 0.1, 0, 1, "floor γ of the UCB probability [recall]"),
              ParamSpec.ofDouble("eta", 0.9, 0, 1, "initial UCB probability η [recall]"),
              ParamSpec.ofDouble("d", 0.001, 0, 1e6, "decay d [recall]"),
              ParamSpec.ofString("final", "sample", "sample (the paper: play the average strategy) or robust")),
          p -> {
            TreePolicy t = BanditPolicies.smoothUct(p.requireDouble("c", 0, 1e6), p.requireDouble("gamma", 0, 1),
                p.requireDouble("eta", 0, 1), p.requireDouble("d", 0, 1e6));
            return mech(t, ValueBackup.MEAN, RootActionSelector.of(t),
                finalKey(p, "sample", "robust").equals("sample") ? Finals.sampleVisits() : FinalSelectors.MOST_VISITED,
                VirtualLoss.constant(1), 0);
          });
    }
  }

  /**
   * {@code rpo}: regularized policy optimization's SEARCH variant (Grill, Altché, Tang, Hubert,
   * Valko, Antonoglou &amp; Munos 2020), mean backup, robust child; {@link SoftSearch#rpo}.
   */
  public static final class RpoAgent extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code rpo}. */
    public RpoAgent() {
      super("rpo", "RPO: sample the regularized policy π̄ = argmax qᵀy − λ_N KL(π‖y) in the tree (Grill et al. 2020)",
          List.of(ParamSpec.ofDouble("c", 0.25, 1e-9, 1e6, "λ_N = c√N/(|A|+N) (seed-tuned 0.25; Ludii 2.5)")),
          p -> {
            TreePolicy t = SoftSearch.rpo(p.requireDouble("c", 1e-9, 1e6));
            return mech(t, ValueBackup.MEAN, RootActionSelector.of(t), FinalSelectors.MOST_VISITED, VirtualLoss.constant(1), 0);
          });
    }
  }

  /**
   * {@code ments}: MENTS (Xiao, Huang, Mei, Schuurmans &amp; Müller 2019), E2W sampling and soft
   * Bellman backup; {@link SoftSearch}.
   */
  public static final class Ments extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code ments}. */
    public Ments() {
      super("ments", "MENTS: E2W sampling and soft Bellman backup of softmax values (Xiao, Huang, Mei, Schuurmans & Müller 2019)",
          List.of(
              ParamSpec.ofDouble("tau", 0.1, 1e-9, 1e9, "temperature τ on [0,1]-normalized values [UNVERIFIED: tuned per domain]"),
              ParamSpec.ofDouble("epsilon", 0.1, 0, 1e6, "exploration ε of λ = min(1, ε|A|/ln(N+1)) [UNVERIFIED]"),
              ParamSpec.ofDouble("q_init", 0.5, "soft Q of an unvisited child (normalized)"),
              ParamSpec.ofString("final", "soft_q", "soft_q (argmax Q_sft, the paper) or robust")),
          p -> {
            double tau = p.requireDouble("tau", 1e-9, 1e9);
            double qi = p.getDouble("q_init");
            TreePolicy t = SoftSearch.e2w(tau, p.requireDouble("epsilon", 0, 1e6), qi, 0);
            return mech(t, ZooBackups.withHooks(ValueBackup.MEAN, SoftSearch.softBackup(tau, qi, 0)), RootActionSelector.of(t),
                finalKey(p, "soft_q", "robust").equals("soft_q") ? SoftSearch.maxSoftQ(0) : FinalSelectors.MOST_VISITED,
                VirtualLoss.constant(1), SoftSearch.WIDTH);
          });
    }
  }

  /**
   * {@code boltzmann}: Ponder's working definition of the seed's "Boltzmann MCTS (Chaslot et al.,
   * 2008a)", for which no Boltzmann tree policy could be verified (ALGORITHMS §3.4
   * [UNVERIFIED]); {@link BanditPolicies#boltzmann}.
   */
  public static final class Boltzmann extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code boltzmann}. */
    public Boltzmann() {
      super("boltzmann", "Boltzmann tree search: sample a ∝ (1−ε)softmax(Q/τ) + ε/|A|, mean backup, robust child (seed's 'Boltzmann MCTS' after Chaslot et al. 2008; working definition [UNVERIFIED])",
          List.of(
              ParamSpec.ofDouble("tau", 0.1, 1e-9, 1e9, "temperature on [0,1]-normalized Q [UNVERIFIED]"),
              ParamSpec.ofDouble("epsilon", 0.1, 0, 1, "uniform mixing [UNVERIFIED]"),
              ParamSpec.ofDouble("q_init", 0.5, "Q of an unvisited child (normalized)")),
          p -> {
            TreePolicy t = BanditPolicies.boltzmann(p.requireDouble("tau", 1e-9, 1e9), p.requireDouble("epsilon", 0, 1), p.getDouble("q_init"));
            return mech(t, ValueBackup.MEAN, RootActionSelector.of(t), FinalSelectors.MOST_VISITED, VirtualLoss.constant(1), 0);
          });
    }
  }

  /**
   * {@code mcts_solver}: MCTS-Solver (Winands, Björnsson &amp; Saito 2008), for two-player zero- or
   * constant-sum games; {@link Solvers}.
   */
  public static final class MctsSolver extends TwoPlayerZeroSum {
    /** Service-loader constructor of the agent kind {@code mcts_solver}. */
    public MctsSolver() {
      super("mcts_solver", "MCTS-Solver: UCT that proves wins and losses and backs them up (Winands, Björnsson & Saito 2008)",
          List.of(
              ParamSpec.ofDouble("c", 0.25, 0, 1e6, "UCB1 constant on [0,1]-normalized Q (seed-tuned 0.25)"),
              ParamSpec.ofDouble("secure_a", 1.0, 0, 1e6, "final: secure child, the lower bound Q̃ − A/√n on [0,1]-normalized Q (A = 1 [recall]); 0 = most visited")),
          p -> {
            TreePolicy t = Solvers.solverPolicy(p.requireDouble("c", 0, 1e6), 0);
            return mech(t, Solvers.solverBackup(ValueBackup.MEAN, 0), RootActionSelector.of(t),
                Solvers.solverFinal(p.requireDouble("secure_a", 0, 1e6), 0), VirtualLoss.constant(1), 1);
          });
    }
  }

  /**
   * {@code score_bounded}: Score-Bounded MCTS (Cazenave &amp; Saffidine 2010), for two-player zero- or
   * constant-sum games; {@link Solvers}.
   */
  public static final class ScoreBounded extends TwoPlayerZeroSum {
    /** Service-loader constructor of the agent kind {@code score_bounded}. */
    public ScoreBounded() {
      super("score_bounded", "Score-Bounded MCTS: pessimistic/optimistic bounds, cuts and solved nodes (Cazenave & Saffidine 2010)",
          List.of(
              ParamSpec.ofDouble("c", SQRT2, 0, 1e6, "UCB1 constant on [0,1]-normalized Q"),
              ParamSpec.ofDouble("bias_pess", 0.0, "selection bias on the pessimistic bound [UNVERIFIED form]"),
              ParamSpec.ofDouble("bias_opt", 0.0, "selection bias on the optimistic bound [UNVERIFIED form]")),
          p -> {
            TreePolicy t = Solvers.boundsPolicy(p.requireDouble("c", 0, 1e6), p.getDouble("bias_pess"), p.getDouble("bias_opt"), 0);
            return mech(t, Solvers.boundsBackup(ValueBackup.MEAN, 0), RootActionSelector.of(t), Solvers.boundsFinal(0),
                VirtualLoss.constant(1), Solvers.BOUNDS_WIDTH);
          });
    }
  }

  /**
   * {@code power_mean}: Power-UCT, UCB1 with a power-mean backup (Dam, Klink, D'Eramo, Peters &amp;
   * Pajarinen 2019); {@link ZooBackups#powerMean}.
   */
  public static final class PowerMean extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code power_mean}. */
    public PowerMean() {
      super("power_mean", "Power-UCT: UCB1 with power-mean backup V = (Σ n/N·Q^p)^(1/p) (Dam, Klink, D'Eramo, Peters & Pajarinen 2019)",
          List.of(
              ParamSpec.ofDouble("c", SQRT2, 0, 1e6, "UCB1 constant on [0,1]-normalized Q"),
              ParamSpec.ofDouble("power", 2.0, 1, 1e6, "power p ≥ 1 of the backup (1 = the children's visit-weighted"
                  + " mean, which is not uct's mean of returns; large = max), as compose's power [UNVERIFIED default]"),
              ParamSpec.ofDouble("p", 2.0, 1, 1e6, "alias of power (older agent strings); give one of the two")),
          p -> {
            TreePolicy t = new dev.ponder.search.mcts.Ucb1(p.requireDouble("c", 0, 1e6));
            return mech(t, ZooBackups.powerMean(power(p), 0), RootActionSelector.of(t),
                FinalSelectors.MOST_VISITED, ZooBackups.lockedVirtualLoss(1, 0), 1);
          });
    }
  }

  /**
   * power_mean's exponent: key {@code power} (compose's name) or its alias {@code p}.
   *
   * @throws SpecException if both are given, or the value is outside 1..1e6
   */
  static double power(Params p) {
    if (p.isGiven("power") && p.isGiven("p")) {
      throw new SpecException(p.owner() + ": give power or its alias p, not both");
    }
    return p.requireDouble(p.isGiven("p") ? "p" : "power", 1, 1e6);
  }

  /**
   * {@code max_backup}: UCB1 with the max backup operator (Coulom 2006; ALGORITHMS §3.6's
   * workbench spec); {@link ZooBackups#max}.
   */
  public static final class MaxBackup extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code max_backup}. */
    public MaxBackup() {
      super("max_backup", "Max-backup UCT: an edge's value is its best child's (max^n) (Coulom 2006)",
          List.of(
              ParamSpec.ofDouble("c", SQRT2, 0, 1e6, "UCB1 constant on [0,1]-normalized Q"),
              ParamSpec.ofInt("min_visits", 1, 1, 1_000_000, "children need this many visits to count in the max")),
          p -> {
            TreePolicy t = new dev.ponder.search.mcts.Ucb1(p.requireDouble("c", 0, 1e6));
            return mech(t, ZooBackups.max(p.requireInt("min_visits", 1, 1_000_000), 0), RootActionSelector.of(t),
                FinalSelectors.MOST_VISITED, ZooBackups.lockedVirtualLoss(1, 0), 1);
          });
    }
  }

  /**
   * {@code thompson}: Thompson sampling on Normal-Gamma posteriors, the deterministic-transition
   * case of DNG-MCTS (Bai, Wu &amp; Chen 2013); {@link BanditPolicies#thompson}.
   */
  public static final class Thompson extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code thompson}. */
    public Thompson() {
      super("thompson", "Thompson sampling on Normal-Gamma posteriors of each child's return (Bai, Wu & Chen 2013)",
          List.of(
              ParamSpec.ofDouble("mu0", 0.0, "prior mean μ0 (normalized) [recall]"),
              ParamSpec.ofDouble("lambda0", 0.01, 1e-12, 1e12, "prior λ0 [recall]"),
              ParamSpec.ofDouble("alpha0", 1.0, 1e-12, 1e12, "prior α0 [recall]"),
              ParamSpec.ofDouble("beta0", NormalGamma.BETA0, 1e-12, 1e12,
                  "prior β0; β0/α0 is the prior variance guess of returns normalized into [0, 1] (at most 1/4)")),
          p -> {
            double m0 = p.getDouble("mu0");
            double l0 = p.requireDouble("lambda0", 1e-12, 1e12);
            double a0 = p.requireDouble("alpha0", 1e-12, 1e12);
            double b0 = p.requireDouble("beta0", 1e-12, 1e12);
            TreePolicy t = BanditPolicies.thompson(m0, l0, a0, b0, 0);
            return mech(t, ZooBackups.withHooks(ValueBackup.MEAN, BanditPolicies.thompsonUpdate(m0, l0, a0, b0, 0)),
                RootActionSelector.of(t), FinalSelectors.MOST_VISITED, VirtualLoss.constant(1), BanditPolicies.THOMPSON_WIDTH);
          });
    }
  }

  /**
   * {@code sa_mcts}: SA-MCTS (Sironi, Liu &amp; Winands 2018, IEEE Trans. Games 12(2), 2020) with the
   * N-Tuple Bandit EA (Lucas, Liu &amp; Pérez-Liébana 2018), on a substituted parameter set;
   * {@link SelfAdaptive}.
   */
  public static final class SaMcts extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code sa_mcts}. */
    public SaMcts() {
      super("sa_mcts", "SA-MCTS: UCT parameters tuned online per simulation by the N-Tuple Bandit EA (Sironi, Liu & Winands 2018; NTBEA: Lucas, Liu & Pérez-Liébana 2018)",
          List.of(
              ParamSpec.ofInt("params", 2, 2, 4, "2 or 4 (3 is refused): 2 tunes (C, FPU); 4 adds root and depth multipliers of C (substitutes for GRAVE/MAST controls)"),
              ParamSpec.ofDouble("k", 2.0, 0, 1e6, "NTBEA exploration weight [recall]"),
              ParamSpec.ofInt("neighbours", 50, 1, 100_000, "NTBEA neighbours per step [recall]"),
              ParamSpec.ofInt("tuner_salt", 1, Integer.MIN_VALUE, Integer.MAX_VALUE, "mixed with the agent's seed into the seed of the tuner's random choices (any int)")),
          p -> {
            SelfAdaptive sa = new SelfAdaptive(p.getInt("params"), p.requireDouble("k", 0, 1e6),
                p.requireInt("neighbours", 1, 100_000), p.getInt("tuner_salt"));
            return mech(sa.interior(), sa.backup(), sa.root(), FinalSelectors.MOST_VISITED, VirtualLoss.constant(1), 0);
          });
    }
  }

  // ------------------------------------------------------------------ discovered (SPEC §1.3)

  /**
   * {@code bifv}: Bifv-MCTS, the champion mechanism of Li, Schultz, Lanctot &amp; Hennes 2026 (seed
   * 000, Run 3; SPEC §1.3).
   */
  public static final class Bifv extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code bifv}. */
    public Bifv() {
      super("bifv", "Bifv-MCTS (Run 3): annealed PUCT schedule, maturity-annealed FPU, root Dirichlet noise, final n + 0.1·Q (Li, Schultz, Lanctot & Hennes 2026, seed 000; SPEC §1.3)",
          List.of(
              ParamSpec.ofBool("noise", true, "root Dirichlet noise α = clip(10/|A|, 0.05, 1), ε = 0.2(1 − t/S)"),
              ParamSpec.ofDouble("final_q", 0.1, 0, 1e9, "final argmax n(a) + final_q·Q(a)")),
          p -> {
            PuctFamily t = new PuctFamily(PuctFamily.Schedule.BIFV, 0, 1, PuctFamily.FpuRule.BIFV, 0, false);
            RootActionSelector r = p.getBool("noise") ? new RootNoiseSelector(t, RootNoiseSelector.Rule.BIFV, 0, 0) : RootActionSelector.of(t);
            return mech(t, ValueBackup.MEAN, r, Finals.visitsPlusQ(p.requireDouble("final_q", 0, 1e9)), VirtualLoss.constant(1), 0);
          });
    }
  }

  /** {@code run1}: the Run 1 mechanism of Li, Schultz, Lanctot &amp; Hennes 2026 (seed 000; SPEC §1.3). */
  public static final class Run1 extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code run1}. */
    public Run1() {
      super("run1", "run1: c(N) = ΔU(1.25 + ln((N+19652)/19652)), FPU Q0 − 0.3ΔU√(1−π), exact utility of unvisited terminal children, root noise ε = 0.25(1−t/S)² (Li, Schultz, Lanctot & Hennes 2026, seed 000; SPEC §1.3)",
          List.of(ParamSpec.ofBool("noise", true, "root Dirichlet noise α = max(0.1, 10/|A|), ε = 0.25(1 − t/S)²")),
          p -> {
            PuctFamily t = new PuctFamily(PuctFamily.Schedule.RUN1, 0, 1, PuctFamily.FpuRule.RUN1, 0, false).withTerminalValues(0);
            RootActionSelector r = p.getBool("noise") ? new RootNoiseSelector(t, RootNoiseSelector.Rule.RUN1, 0, 0) : RootActionSelector.of(t);
            return mech(t, ValueBackup.MEAN, r, FinalSelectors.MOST_VISITED, VirtualLoss.constant(1), 1);
          });
    }
  }

  /** {@code run2}: the Run 2 mechanism of Li, Schultz, Lanctot &amp; Hennes 2026 (seed 000; SPEC §1.3). */
  public static final class Run2 extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code run2}. */
    public Run2() {
      super("run2", "run2: c(N) = 1.25 + 1.75N/(N + max(100, S/2)), sibling-mean FPU, prior blend, depth-discounted backup (Li, Schultz, Lanctot & Hennes 2026, seed 000; SPEC §1.3)",
          List.of(ParamSpec.ofDouble("discount", 0.001, 0, 1e6, "backup: a return produced at depth d (the evaluated leaf) times 1/(1 + discount·d)")),
          p -> {
            PuctFamily t = new PuctFamily(PuctFamily.Schedule.RUN2, 0, 1, PuctFamily.FpuRule.RUN2, 0, true);
            return mech(t, ZooBackups.discounted(p.requireDouble("discount", 0, 1e6)), RootActionSelector.of(t),
                FinalSelectors.MOST_VISITED, VirtualLoss.constant(1), 0);
          });
    }
  }

  /** {@code run4}: the Run 4 mechanism of Li, Schultz, Lanctot &amp; Hennes 2026 (seed 000; SPEC §1.3). */
  public static final class Run4 extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code run4}. */
    public Run4() {
      super("run4", "run4: c = ρ(t)ΔU(1.25 + 0.5 ln((N+50)/50)), prior-weighted FPU, Robbins–Monro backup γ = (n+1)^−0.82 (Li, Schultz, Lanctot & Hennes 2026, seed 000; SPEC §1.3)",
          List.of(ParamSpec.ofDouble("exponent", 0.82, 0, 10, "backup step γ = (n+1)^-exponent")),
          p -> {
            PuctFamily t = new PuctFamily(PuctFamily.Schedule.RUN4, 0, 1, PuctFamily.FpuRule.RUN4, 0, false);
            return mech(t, ZooBackups.robbinsMonro(p.requireDouble("exponent", 0, 10), 0), RootActionSelector.of(t),
                FinalSelectors.MOST_VISITED, ZooBackups.lockedVirtualLoss(1, 0), 1);
          });
    }
  }

  /** {@code run5}: the Run 5 mechanism of Li, Schultz, Lanctot &amp; Hennes 2026 (seed 000; SPEC §1.3). */
  public static final class Run5 extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code run5}. */
    public Run5() {
      super("run5", "run5: c(N) = ΔU(1.25 + ln((N+19653)/19652)), visit-weighted sibling FPU (Li, Schultz, Lanctot & Hennes 2026, seed 000; SPEC §1.3)",
          List.of(), p -> {
            PuctFamily t = new PuctFamily(PuctFamily.Schedule.RUN5, 0, 1, PuctFamily.FpuRule.RUN5, 0, false);
            return mech(t, ValueBackup.MEAN, RootActionSelector.of(t), FinalSelectors.MOST_VISITED, VirtualLoss.constant(1), 0);
          });
    }
  }

  // ------------------------------------------------------------------ composition

  /**
   * {@code compose}: any combination of the zoo's operators, the modular template of Li, Schultz,
   * Lanctot &amp; Hennes 2026 (seed 000); {@link Operators}.
   */
  public static final class Compose extends MctsAgentFactory {
    /** Service-loader constructor of the agent kind {@code compose}. */
    public Compose() {
      super("compose", "any combination of the zoo's operators: tree policy, schedule, FPU, backup, root selector, final selector (the modular template of Li, Schultz, Lanctot & Hennes 2026, seed 000)",
          Operators.composeParameters(), Operators::compose);
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      String t = params.getString("tree");
      if (t.equals("solver") || t.equals("score_bounded")) {
        requireSolverSetting("compose: tree=" + t, game, params);
      }
      return super.create(game, params, seed);
    }
  }
}
