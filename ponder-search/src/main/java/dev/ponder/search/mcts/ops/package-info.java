/**
 * The mathematics of the MCTS zoo as small, pure, allocation-free static functions: bandit
 * scores, exploration schedules, first-play urgency (FPU) rules, root noise, Gumbel sequential
 * halving, alternative backups (soft, power mean, max, Thompson posteriors), proof and bound
 * propagation, and the N-Tuple Bandit EA. Mechanisms in {@code dev.ponder.search.mcts} compose
 * these; tests pin each function with hand-computed numbers.
 *
 * <p>Conventions: {@code q} values are for the player choosing the edge; unless a function says
 * "raw utility" they lie in [0, 1] (normalized by {@code (u − minU)/ΔU}). Arrays are caller-owned;
 * a count argument {@code k} says how many leading entries are used.
 */
package dev.ponder.search.mcts.ops;
