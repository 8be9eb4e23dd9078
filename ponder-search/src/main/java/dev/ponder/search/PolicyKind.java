package dev.ponder.search;

/**
 * What the posterior policy π̂ of a {@link SearchResult} is, so that a reader knows whether it
 * should agree with the chosen action.
 */
public enum PolicyKind {
  /**
   * The root's visit distribution {@code π̂(a) = n(a) / Σ_b n(b)} (uniform when nothing was
   * visited). The robust-child selectors choose its argmax; others (max child, secure child,
   * solvers, sampling) choose by their own rule.
   */
  VISIT_COUNTS("visits", "visit distribution n(a)/Σn"),

  /**
   * Gumbel MuZero's improved policy {@code π'(a) = softmax(logits(a) + σ(completed Q̂(a)))}
   * (Danihelka, Guez, Schrittwieser &amp; Silver 2022, §5): the policy-network training target. It
   * carries no Gumbel noise, while the move is the sequential-halving survivor
   * {@code argmax g(a) + logits(a) + σ(q̂(a))} among the most-visited survivors of the halving, so the two
   * can disagree.
   */
  GUMBEL_IMPROVED("improved", "Gumbel improved policy softmax(logits + sigma(completed Q))");

  private final String label;
  private final String description;

  PolicyKind(String label, String description) {
    this.label = label;
    this.description = description;
  }

  /** A one-word label ({@code visits}, {@code improved}) for table headers and JSON. */
  public String label() {
    return label;
  }

  /** A short description with the formula. */
  public String description() {
    return description;
  }
}
