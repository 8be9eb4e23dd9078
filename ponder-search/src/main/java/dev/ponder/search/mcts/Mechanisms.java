package dev.ponder.search.mcts;

/**
 * Named mechanisms as compositions of the quintet (STYLE practice 5: factories that only
 * compose).
 */
public final class Mechanisms {
  private Mechanisms() {}

  /**
   * Vanilla UCT (Kocsis &amp; Szepesvári 2006): UCB1 with constant {@code c} on [0, 1]-normalized
   * Q, unvisited children first (random order), mean backup, robust child, virtual loss 1.
   */
  public static Mechanism uct(double c) {
    TreePolicy p = new Ucb1(c);
    return new Mechanism(p, ValueBackup.MEAN, RootActionSelector.of(p), FinalSelectors.MOST_VISITED,
        VirtualLoss.constant(1));
  }

  /**
   * PUCT with the AlphaZero schedule (Silver et al. 2018): c(N) = c_init + ln((N + c_base + 1)/c_base),
   * first-play urgency {@code fpu}, mean backup, robust child, virtual loss 1.
   */
  public static Mechanism puct(double cInit, double cBase, Puct.Fpu fpu, double fpuValue) {
    TreePolicy p = new Puct(cInit, cBase, fpu, fpuValue);
    return new Mechanism(p, ValueBackup.MEAN, RootActionSelector.of(p), FinalSelectors.MOST_VISITED,
        VirtualLoss.constant(1));
  }

  /**
   * {@code m_seed}, the bare template of Li, Schultz, Lanctot &amp; Hennes 2026 (seed 000, App. J.1;
   * SPEC §1.3): c = 2.0 constant, an unvisited child is taken at once, mean backup,
   * final = most visits with first-index ties, virtual loss 1.
   */
  public static Mechanism mSeed() {
    TreePolicy p = new SeedPolicy(2.0);
    return new Mechanism(p, ValueBackup.MEAN, RootActionSelector.of(p), FinalSelectors.MOST_VISITED_FIRST,
        VirtualLoss.constant(1));
  }
}
