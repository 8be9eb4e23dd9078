package dev.ponder.games.poker;

import dev.ponder.game.State;
import java.util.HashSet;
import java.util.Set;

/** Counts distinct histories by kind and (information state, player) pairs by a full tree walk. */
final class TreeCounts {
  long chance;
  long decision;
  long terminal;
  final Set<String> infoStates = new HashSet<>();

  static TreeCounts of(State root) {
    TreeCounts c = new TreeCounts();
    c.walk(root);
    return c;
  }

  private void walk(State s) {
    if (s.isTerminal()) {
      terminal++;
      return;
    }
    if (s.isChanceNode()) {
      chance++;
    } else {
      decision++;
      int p = s.currentPlayer();
      infoStates.add(p + "|" + s.informationStateString(p));
    }
    for (int a : s.legalActions()) {
      State child = s.copy();
      child.applyAction(a);
      walk(child);
    }
  }
}
