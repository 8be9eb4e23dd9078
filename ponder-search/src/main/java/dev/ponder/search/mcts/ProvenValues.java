package dev.ponder.search.mcts;

/**
 * An optional capability of a {@link ValueBackup} that proves game-theoretic values (MCTS-Solver,
 * Winands, Björnsson &amp; Saito 2008; Score-Bounded MCTS, Cazenave &amp; Saffidine 2010): it reads
 * the proven value of a tree entry back out of the auxiliary statistics it keeps. The engine asks
 * the mechanism's backup for it after a search to report proven root children and a proven root in
 * {@link dev.ponder.search.SearchResult}. A backup wrapped by another one (a lambda calling it)
 * loses the capability unless the wrapper implements it too.
 */
public interface ProvenValues {

  /**
   * Writes the proven value vector of entry {@code e} (raw utility, one entry per player) into
   * {@code out} when {@code e} carries {@link Tree#PROVEN} and its value is known exactly.
   *
   * @param tree the finished tree (no worker runs)
   * @param e an entry (edge or node) id
   * @param ctx a context with the game's utility bounds
   * @param out length ≥ the number of players; untouched when the result is false
   * @return whether {@code e} is proven
   */
  boolean provenValue(Tree tree, int e, SearchContext ctx, double[] out);
}
