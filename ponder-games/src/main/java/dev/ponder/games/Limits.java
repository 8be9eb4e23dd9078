package dev.ponder.games;

/** Limits shared by the games' accepted parameter ranges. */
public final class Limits {
  /**
   * Most legal actions a state may offer: Ponder's MCTS tree stores a node's child count in 16
   * bits and refuses nodes with more than 65,535 children, so every game keeps its largest legal
   * action set (on a board, its cells plus any extra action such as hex's swap) within this.
   */
  public static final int MAX_LEGAL_ACTIONS = 65_535;

  private Limits() {}
}
