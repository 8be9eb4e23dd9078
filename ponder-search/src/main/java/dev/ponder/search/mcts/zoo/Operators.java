package dev.ponder.search.mcts.zoo;

import dev.ponder.search.mcts.FinalActionSelector;
import dev.ponder.search.mcts.FinalSelectors;
import dev.ponder.search.mcts.Mechanism;
import dev.ponder.search.mcts.RootActionSelector;
import dev.ponder.search.mcts.SeedPolicy;
import dev.ponder.search.mcts.TreePolicy;
import dev.ponder.search.mcts.ValueBackup;
import dev.ponder.search.mcts.VirtualLoss;
import dev.ponder.search.mcts.ops.NormalGamma;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.util.ArrayList;
import java.util.List;

/**
 * Named operators and the {@code compose} agent's assembly: a tree policy, a backup, a root
 * selector and a final selector chosen by name. The keys are those of {@link #composeParameters}:
 * the exploration constant {@code c} (and puct's schedule, {@code c_base}, FPU and prior blend),
 * boltzmann's and ments' {@code tau}, {@code epsilon} and {@code q_init}, the backups' {@code power},
 * {@code discount} and {@code exponent}, and the Dirichlet noise's α and ε. The operators' other
 * constants are not keys and keep the named agents' defaults: UCB1-Tuned's {@code v_cap} 0.25,
 * Smooth UCT's γ 0.1, η 0.9 and d 0.001, Thompson's prior ({@link NormalGamma}), Gumbel's
 * {@code max_considered} 16, {@code gumbel_scale} 1, {@code c_visit} 50 and {@code c_scale} 0.1,
 * max backup's {@code min_visits} 1, the secure child's A = 1 ({@code final=secure} and
 * {@code final=solver}), {@code final=visits_q}'s 0.1, and score-bounded's bound biases 0.
 * Auxiliary statistics a tree policy needs (UCB1-Tuned's squares, Thompson posteriors, MENTS soft
 * values, proofs, bounds) are attached to the chosen backup automatically; the trees whose own
 * statistics are kept of the values each edge adds (ucb_tuned, thompson) refuse the backups that
 * do not keep the mean of those values (max, robbins_monro), and ments the backups its soft values
 * override (max, robbins_monro, power_mean).
 */
public final class Operators {
  private Operators() {}

  static final String[] TREES = {"puct", "uct", "seed", "ucb_tuned", "smooth_uct", "boltzmann", "thompson", "rpo",
      "ments", "solver", "score_bounded", "gumbel"};
  static final String[] SCHEDULES = {"constant", "alphazero", "bifv", "run1", "run2", "run4", "run5"};
  static final String[] FPUS = {"loss", "parent", "reduction", "absolute", "inf", "bifv", "run1", "run2", "run4", "run5"};
  static final String[] BACKUPS = {"mean", "discount", "robbins_monro", "max", "power_mean"};
  static final String[] ROOTS = {"same", "bifv_noise", "run1_noise", "dirichlet", "gumbel"};
  static final String[] FINALS = {"robust", "robust_first", "visits_q", "max_q", "secure", "sample", "solver",
      "score_bounded", "soft_q", "gumbel"};

  /** {@code puct}'s c_init, the default c of {@code compose}'s default tree. */
  static final double DEFAULT_C_PUCT = 5.0;

  /**
   * The default of {@code compose}'s key c for a tree: that of the named agent with this tree, so
   * {@code compose(tree=uct)} searches as {@code uct} does ({@code puct}'s c_init 5.0, {@code uct}'s
   * c 0.25, {@code m_seed}'s 2.0, {@code smooth_uct}'s √2, {@code rpo}'s 0.25, {@code mcts_solver}'s
   * 0.25, {@code score_bounded}'s √2). Trees that read no c return NaN.
   */
  static double defaultC(String tree) {
    switch (tree) {
      case "puct":
        return DEFAULT_C_PUCT;
      case "uct":
      case "rpo":
      case "solver":
        return 0.25;
      case "seed":
        return 2.0;
      case "smooth_uct":
      case "score_bounded":
        return Math.sqrt(2.0);
      default:
        return Double.NaN;
    }
  }

  private static String defaultCText() {
    return "puct 5.0 (c_init), uct 0.25 (uct), seed 2.0 (m_seed), smooth_uct √2 (smooth_uct), rpo 0.25 (rpo),"
        + " solver 0.25 (mcts_solver), score_bounded √2 (score_bounded)";
  }

  /**
   * Keys of {@code compose} (defaults give PUCT with the AlphaZero schedule and c_init 5.0, i.e.
   * {@code puct}; c follows the chosen tree, see {@link #defaultC}).
   */
  public static List<ParamSpec> composeParameters() {
    List<ParamSpec> l = new ArrayList<>();
    l.add(ParamSpec.ofString("tree", "puct", "tree policy: " + String.join(", ", TREES)));
    l.add(ParamSpec.ofString("schedule", "alphazero", "puct's c(N): " + String.join(", ", SCHEDULES)));
    l.add(ParamSpec.ofDouble("c", DEFAULT_C_PUCT, 0, 1e6, "c (uct, seed, smooth_uct, solver, score_bounded, rpo: 1e-9..1e6) or c_init (puct);"
        + " when not given, that of the tree's named agent: " + defaultCText()));
    l.add(ParamSpec.ofDouble("c_base", 19652, 1e-9, 1e12, "puct's c_base (alphazero schedule)"));
    l.add(ParamSpec.ofString("fpu", "loss", "puct's first-play urgency: " + String.join(", ", FPUS)));
    l.add(ParamSpec.ofDouble("fpu_value", 0.25, "constant of fpu=absolute or factor of fpu=reduction"));
    l.add(ParamSpec.ofBool("blend_prior", false, "puct: run2's prior blend 0.85π + 0.15/|A|"));
    l.add(ParamSpec.ofDouble("tau", 0.1, 1e-9, 1e9, "temperature of boltzmann and ments"));
    l.add(ParamSpec.ofDouble("epsilon", 0.1, 0, 1e6, "exploration of boltzmann (uniform mixing, 0..1) and ments"
        + " (ε of λ = min(1, ε|A|/ln(N+1)), 0..1e6)"));
    l.add(ParamSpec.ofDouble("q_init", 0.5, "Q (boltzmann) or soft Q (ments) of an unvisited child (normalized)"));
    l.add(ParamSpec.ofString("backup", "mean", "value backup: " + String.join(", ", BACKUPS)));
    l.add(ParamSpec.ofDouble("power", 2.0, 1, 1e6, "p of backup=power_mean"));
    l.add(ParamSpec.ofDouble("discount", 0.001, 0, 1e6, "rate of backup=discount: the return times 1/(1 + rate·depth)"));
    l.add(ParamSpec.ofDouble("exponent", 0.82, 0, 10, "backup=robbins_monro step (n+1)^-exponent"));
    l.add(ParamSpec.ofString("root", "same", "root selector: " + String.join(", ", ROOTS)));
    l.add(ParamSpec.ofDouble("dirichlet_alpha", 0.3, 1e-6, 1e6, "α of root=dirichlet"));
    l.add(ParamSpec.ofDouble("dirichlet_epsilon", 0.25, 0, 1, "ε of root=dirichlet"));
    l.add(ParamSpec.ofString("final", "robust", "final selector: " + String.join(", ", FINALS)));
    return l;
  }

  /** Whether {@code fpu} names one of the seed's discovered FPU rules (bifv, run1, run2, run4, run5). */
  public static boolean isZooFpu(String fpu) {
    String f = fpu.trim().toLowerCase(java.util.Locale.ROOT);
    return f.equals("bifv") || f.equals("run1") || f.equals("run2") || f.equals("run4") || f.equals("run5");
  }

  /**
   * The engine's {@code puct} (AlphaZero schedule, mean backup, robust child, virtual loss 1) with a
   * discovered FPU rule: {@code puct(fpu=bifv)}.
   */
  public static Mechanism puctWithZooFpu(double cInit, double cBase, String fpu) {
    PuctFamily.FpuRule rule = PuctFamily.FpuRule.parse(fpu);
    PuctFamily t = new PuctFamily(PuctFamily.Schedule.ALPHAZERO, cInit, cBase, rule, 0, false);
    // run1's FPU comes with its terminal short-circuit (exact utility of unvisited terminal children, aux 0)
    int aux = rule == PuctFamily.FpuRule.RUN1 ? 1 : 0;
    if (aux == 1) {
      t = t.withTerminalValues(0);
    }
    return new Mechanism(t, ValueBackup.MEAN, RootActionSelector.of(t), FinalSelectors.MOST_VISITED, VirtualLoss.constant(1), aux);
  }

  /**
   * Appended to {@code compose}'s refusal of a value: {@code compose} takes the built-in operator
   * names only.
   */
  public static final String OWN_COMPONENTS_HINT = " (components of your own are combined in Java with Mechanism.with*"
      + " and registered as an agent kind of their own: docs/search.md, \"Extending the search from Java\")";

  private static String oneOf(Params p, String key, String[] valid) {
    try {
      return p.requireOneOf(key, valid);
    } catch (SpecException e) {
      throw new SpecException(e.getMessage() + OWN_COMPONENTS_HINT);
    }
  }

  private static boolean in(String v, String... names) {
    for (String n : names) {
      if (n.equals(v)) {
        return true;
      }
    }
    return false;
  }

  private static void refuseIfGiven(Params p, String key, boolean used, String needs) {
    if (!used && p.isGiven(key)) {
      throw new SpecException("compose: " + key + "=" + p.typed(key) + " needs " + needs);
    }
  }

  /**
   * Refuses a key that was given explicitly (even at its default value) but that the chosen
   * operators never read, e.g. {@code fpu=bifv} with {@code tree=uct}.
   *
   * @throws SpecException naming the key and what it needs
   */
  private static void refuseUnusedKeys(Params p, String tree, String root, String backup) {
    boolean puct = tree.equals("puct");
    refuseIfGiven(p, "schedule", puct, "tree=puct");
    refuseIfGiven(p, "fpu", puct, "tree=puct");
    refuseIfGiven(p, "blend_prior", puct, "tree=puct");
    // read as the puct family reads them (null: not puct)
    PuctFamily.Schedule schedule = puct ? PuctFamily.Schedule.parse(p.getString("schedule")) : null;
    PuctFamily.FpuRule fpu = puct ? PuctFamily.FpuRule.parse(p.getString("fpu")) : null;
    refuseIfGiven(p, "c_base", schedule == PuctFamily.Schedule.ALPHAZERO, "tree=puct with schedule=alphazero");
    refuseIfGiven(p, "fpu_value", fpu == PuctFamily.FpuRule.ABSOLUTE || fpu == PuctFamily.FpuRule.REDUCTION,
        "tree=puct with fpu=absolute or fpu=reduction");
    refuseIfGiven(p, "dirichlet_alpha", puct && root.equals("dirichlet"), "tree=puct with root=dirichlet");
    refuseIfGiven(p, "dirichlet_epsilon", puct && root.equals("dirichlet"), "tree=puct with root=dirichlet");
    refuseIfGiven(p, "c", in(tree, "uct", "seed", "smooth_uct", "solver", "score_bounded", "rpo")
        || schedule == PuctFamily.Schedule.CONSTANT || schedule == PuctFamily.Schedule.ALPHAZERO,
        "tree=uct, seed, smooth_uct, solver, score_bounded, rpo, or puct with schedule=constant or alphazero");
    refuseIfGiven(p, "tau", in(tree, "boltzmann", "ments"), "tree=boltzmann or tree=ments");
    refuseIfGiven(p, "epsilon", in(tree, "boltzmann", "ments"), "tree=boltzmann or tree=ments");
    refuseIfGiven(p, "q_init", in(tree, "boltzmann", "ments"), "tree=boltzmann or tree=ments");
    refuseIfGiven(p, "power", backup.equals("power_mean"), "backup=power_mean");
    refuseIfGiven(p, "discount", backup.equals("discount"), "backup=discount");
    refuseIfGiven(p, "exponent", backup.equals("robbins_monro"), "backup=robbins_monro");
  }

  /**
   * Refuses a tree whose own statistics are kept of the values each edge adds (UCB1-Tuned's sum of
   * squares beside the edge's mean, Thompson's posterior in place of it) with a backup whose edge
   * value is not the mean of the values it adds: {@code max} sets it to the best child's value,
   * {@code robbins_monro} steps it by (n + 1)^−exponent. UCB1-Tuned's variance would then mix two
   * different estimates, and Thompson, which never reads the edge's mean, would search exactly as
   * with {@code backup=mean}. {@code mean}, {@code discount} (the hooks see the discounted value)
   * and {@code power_mean} (the hooks see the value V it adds) keep them consistent. MENTS selects
   * with the soft values of its own soft Bellman backup, which replace the edge's value wherever
   * {@code max}, {@code robbins_monro} and {@code power_mean} differ from the mean (expanded
   * nodes), so with them it would search exactly as with {@code backup=mean}; it takes
   * {@code mean} and {@code discount} (which discounts the values of the leaves).
   *
   * @throws SpecException naming the tree, the backup and the backups it takes
   */
  private static void refuseUnmatchedBackup(String tree, String backup) {
    if (tree.equals("ments") && in(backup, "max", "robbins_monro", "power_mean")) {
      throw new SpecException("compose: tree=ments needs backup=mean or discount (MENTS selects with the soft values"
          + " its own soft Bellman backup keeps, which replace the edge's value wherever backup=" + backup
          + " differs from the mean, so the search would be backup=mean's)");
    }
    if (!in(tree, "ucb_tuned", "thompson") || !in(backup, "max", "robbins_monro")) {
      return;
    }
    String what = tree.equals("ucb_tuned")
        ? "UCB1-Tuned's variance sums the squares of the values each edge adds, "
        : "Thompson's posteriors are updated with the values each edge adds and never read its mean, ";
    String why = backup.equals("max") ? "while backup=max sets the edge's value to its best child's"
        : "while backup=robbins_monro steps the edge's value by (n+1)^-exponent instead of averaging them";
    throw new SpecException("compose: tree=" + tree + " needs backup=mean, discount or power_mean (" + what + why + ")");
  }

  /**
   * Builds the mechanism of a {@code compose} spec.
   *
   * @throws SpecException on an unknown operator name, an out-of-range constant (c with
   *     {@code tree=rpo}: 1e-9..1e6, as {@code rpo} takes it), an incompatible combination (e.g.
   *     {@code final=gumbel} without {@code root=gumbel}, {@code tree=ucb_tuned} or
   *     {@code tree=thompson} with {@code backup=max} or {@code robbins_monro}, {@code tree=ments}
   *     with those or {@code power_mean}) or a key given
   *     explicitly that the chosen operators do not read (e.g. {@code fpu=bifv} with
   *     {@code tree=uct}: {@code fpu=bifv needs tree=puct})
   */
  public static Mechanism compose(Params p) {
    String treeName = oneOf(p, "tree", TREES);
    String backupName = oneOf(p, "backup", BACKUPS);
    String rootName = oneOf(p, "root", ROOTS);
    String finalName = oneOf(p, "final", FINALS);
    oneOf(p, "schedule", SCHEDULES);
    oneOf(p, "fpu", FPUS);
    refuseUnusedKeys(p, treeName, rootName, backupName);
    if (finalName.equals("gumbel") && !rootName.equals("gumbel")) {
      throw new SpecException("compose: final=gumbel needs root=gumbel (its move is the most-visited of the actions"
          + " Gumbel-Top-m sampled and halved at the root); with root=" + rootName + " use final=robust, robust_first,"
          + " visits_q, max_q, secure or sample");
    }
    refuseUnmatchedBackup(treeName, backupName);
    // rpo's λ_N = c·sqrt(N)/(|A| + N) must be positive: the range of rpo's own c
    double c = !p.isGiven("c") ? defaultC(treeName) : treeName.equals("rpo") ? p.requireDouble("c", 1e-9, 1e6)
        : p.requireDouble("c", 0, 1e6);
    double tau = p.requireDouble("tau", 1e-9, 1e9);
    // boltzmann's ε is a mixing probability; ments' scales λ = min(1, ε|A|/ln(N+1)), so it may exceed 1
    double eps = treeName.equals("boltzmann") ? p.requireDouble("epsilon", 0, 1) : p.requireDouble("epsilon", 0, 1e6);
    double qInit = p.getDouble("q_init");
    int aux = 0;
    List<ZooBackups.Hook> hooks = new ArrayList<>();
    int solverSlot = -1;
    int boundsSlot = -1;
    int softSlot = -1;
    GumbelSearch gumbel = null;
    if (treeName.equals("gumbel") || rootName.equals("gumbel") || finalName.equals("gumbel")) {
      gumbel = new GumbelSearch(16, 1.0, 50, 0.1, aux);
      hooks.add(gumbel.firstValue());
      aux += 1;
    }
    PuctFamily puct = null;
    TreePolicy tree;
    switch (treeName) {
      case "puct":
        puct = new PuctFamily(PuctFamily.Schedule.parse(p.getString("schedule")), c, p.requireDouble("c_base", 1e-9, 1e12),
            PuctFamily.FpuRule.parse(p.getString("fpu")), p.getDouble("fpu_value"), p.getBool("blend_prior"));
        if (PuctFamily.FpuRule.parse(p.getString("fpu")) == PuctFamily.FpuRule.RUN1) {
          // run1's FPU comes with its terminal short-circuit (exact utility of unvisited terminal children)
          puct = puct.withTerminalValues(aux);
          aux += 1;
        }
        tree = puct;
        break;
      case "uct":
        tree = new dev.ponder.search.mcts.Ucb1(c);
        break;
      case "seed":
        tree = new SeedPolicy(c);
        break;
      case "ucb_tuned":
        tree = BanditPolicies.ucbTuned(0.25, aux);
        hooks.add(BanditPolicies.squares(aux));
        aux += 1;
        break;
      case "smooth_uct":
        tree = BanditPolicies.smoothUct(c, 0.1, 0.9, 0.001);
        break;
      case "boltzmann":
        tree = BanditPolicies.boltzmann(tau, eps, qInit);
        break;
      case "thompson":
        tree = BanditPolicies.thompson(NormalGamma.MU0, NormalGamma.LAMBDA0, NormalGamma.ALPHA0, NormalGamma.BETA0, aux);
        hooks.add(BanditPolicies.thompsonUpdate(NormalGamma.MU0, NormalGamma.LAMBDA0, NormalGamma.ALPHA0, NormalGamma.BETA0, aux));
        aux += BanditPolicies.THOMPSON_WIDTH;
        break;
      case "rpo":
        tree = SoftSearch.rpo(c);
        break;
      case "ments":
        softSlot = aux;
        tree = SoftSearch.e2w(tau, eps, qInit, aux);
        hooks.add(SoftSearch.softBackup(tau, qInit, aux));
        aux += SoftSearch.WIDTH;
        break;
      case "solver":
        solverSlot = aux;
        tree = Solvers.solverPolicy(c, aux);
        aux += 1;
        break;
      case "score_bounded":
        boundsSlot = aux;
        tree = Solvers.boundsPolicy(c, 0, 0, aux);
        aux += Solvers.BOUNDS_WIDTH;
        break;
      default:
        tree = gumbel.interior();
        break;
    }
    if (finalName.equals("soft_q") && softSlot < 0) {
      throw new SpecException("compose: final=soft_q needs tree=ments");
    }
    if (finalName.equals("solver") && solverSlot < 0) {
      throw new SpecException("compose: final=solver needs tree=solver");
    }
    if (finalName.equals("score_bounded") && boundsSlot < 0) {
      throw new SpecException("compose: final=score_bounded needs tree=score_bounded");
    }
    ValueBackup backup;
    VirtualLoss vl = VirtualLoss.constant(1);
    switch (backupName) {
      case "discount":
        backup = ZooBackups.discounted(p.requireDouble("discount", 0, 1e6));
        break;
      case "robbins_monro":
        backup = ZooBackups.robbinsMonro(p.requireDouble("exponent", 0, 10), aux);
        vl = ZooBackups.lockedVirtualLoss(1, aux);
        aux += 1;
        break;
      case "max":
        backup = ZooBackups.max(1, aux);
        vl = ZooBackups.lockedVirtualLoss(1, aux);
        aux += 1;
        break;
      case "power_mean":
        backup = ZooBackups.powerMean(p.requireDouble("power", 1, 1e6), aux);
        vl = ZooBackups.lockedVirtualLoss(1, aux);
        aux += 1;
        break;
      default:
        backup = ValueBackup.MEAN;
    }
    // the hooks see the value each edge adds: with backup=discount, the discounted return
    backup = backupName.equals("discount")
        ? ZooBackups.discounted(p.requireDouble("discount", 0, 1e6), hooks.toArray(new ZooBackups.Hook[0]))
        : ZooBackups.withHooks(backup, hooks.toArray(new ZooBackups.Hook[0]));
    if (solverSlot >= 0) {
      backup = Solvers.solverBackup(backup, solverSlot);
    }
    if (boundsSlot >= 0) {
      backup = Solvers.boundsBackup(backup, boundsSlot);
    }
    RootActionSelector root;
    switch (rootName) {
      case "bifv_noise":
      case "run1_noise":
      case "dirichlet":
        if (puct == null) {
          throw new SpecException("compose: root=" + rootName + " needs tree=puct (noise mixes the prior)");
        }
        root = new RootNoiseSelector(puct, rootName.equals("bifv_noise") ? RootNoiseSelector.Rule.BIFV
            : rootName.equals("run1_noise") ? RootNoiseSelector.Rule.RUN1 : RootNoiseSelector.Rule.CONSTANT,
            p.requireDouble("dirichlet_alpha", 1e-6, 1e6), p.requireDouble("dirichlet_epsilon", 0, 1));
        break;
      case "gumbel":
        root = gumbel.root();
        break;
      default:
        root = RootActionSelector.of(tree);
    }
    FinalActionSelector fin;
    switch (finalName) {
      case "robust_first":
        fin = FinalSelectors.MOST_VISITED_FIRST;
        break;
      case "visits_q":
        fin = Finals.visitsPlusQ(0.1);
        break;
      case "max_q":
        fin = Finals.maxQ();
        break;
      case "secure":
        fin = Finals.secure(1.0);
        break;
      case "sample":
        fin = Finals.sampleVisits();
        break;
      case "solver":
        fin = Solvers.solverFinal(1.0, solverSlot);
        break;
      case "score_bounded":
        fin = Solvers.boundsFinal(boundsSlot);
        break;
      case "soft_q":
        fin = SoftSearch.maxSoftQ(softSlot);
        break;
      case "gumbel":
        fin = gumbel.finalSelector();
        break;
      default:
        fin = FinalSelectors.MOST_VISITED;
    }
    return new Mechanism(tree, backup, root, fin, vl, aux);
  }
}
