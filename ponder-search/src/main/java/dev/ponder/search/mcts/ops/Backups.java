package dev.ponder.search.mcts.ops;

/**
 * Incremental backup steps. The non-mean backups themselves (power mean, max, run4's
 * Robbins–Monro update) work on the tree's statistics in {@code zoo.ZooBackups}.
 */
public final class Backups {
  private Backups() {}

  /** Robbins–Monro step {@code q + γ·(x − q)}. */
  public static double stochasticStep(double q, double gamma, double x) {
    return q + gamma * (x - q);
  }
}
