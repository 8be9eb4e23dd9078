/**
 * The MCTS zoo: the seed paper's 15 baselines and its discovered mechanisms as compositions of
 * the engine's interfaces ({@link dev.ponder.search.mcts.TreePolicy},
 * {@link dev.ponder.search.mcts.ValueBackup}, {@link dev.ponder.search.mcts.RootActionSelector},
 * {@link dev.ponder.search.mcts.FinalActionSelector}, {@link dev.ponder.search.mcts.VirtualLoss}).
 * The formulas live in {@link dev.ponder.search.mcts.ops}; {@link ZooAgents} holds the agent
 * factories and {@link Operators} the named operators that the {@code compose} agent combines.
 *
 * <p>Values: every component reads the chooser's component of the edge's mean value vector and
 * normalizes it into [0, 1] by (u − minU)/ΔU (SPEC §1.3), unless documented otherwise.
 */
package dev.ponder.search.mcts.zoo;
