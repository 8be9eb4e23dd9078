package dev.ponder.game;

/**
 * One outcome of a chance node.
 *
 * @param action the chance action id
 * @param probability its probability, in (0, 1]
 */
public record ChanceOutcome(int action, double probability) {}
