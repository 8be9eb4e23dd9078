package dev.ponder.search.mcts;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;

/**
 * Run by {@link ComponentOutputChecksTest} in a JVM without assertions: a tree policy reads slot 1
 * of a mechanism that declares one auxiliary slot (slot 1 of an entry is slot 0 of the next one in
 * the array: only the tree's own check can catch it); prints the exception's class and message in
 * one line.
 */
public final class AuxWithoutAssertions {
  private AuxWithoutAssertions() {}

  public static void main(String[] args) {
    Game ttt = GameRegistry.load("tic_tac_toe");
    TreePolicy readsAux = (tree, node, ctx) -> tree.firstChild(node) + (tree.aux(tree.firstChild(node), 1) > 0 ? 1 : 0);
    try (MctsEngine e = new MctsEngine(ttt, Mechanisms.uct(0.25).withTreePolicy(readsAux).withAuxWidth(1), Knowledge.reference(ttt),
        MctsConfig.ofSimulations(50), 1L)) {
      e.search(ttt.newInitialState());
      System.out.println("no exception");
    } catch (RuntimeException x) {
      System.out.println(x.getClass().getSimpleName() + ": " + x.getMessage());
    }
  }
}
