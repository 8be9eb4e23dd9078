// docs/search.md, "Composing a mechanism": an agent kind from a named mechanism with one part swapped.
// (shown there in package org.example.search, a project of your own)
package dev.ponder.search.docs;

import dev.ponder.search.mcts.FinalSelectors;
import dev.ponder.search.mcts.MctsAgentFactory;
import dev.ponder.search.mcts.Mechanisms;
import dev.ponder.spec.ParamSpec;
import java.util.List;

public final class MyUct extends MctsAgentFactory {
  public MyUct() {
    super("my_uct", "UCT with robust child, first-index ties (Kocsis & Szepesvári 2006)",
        List.of(ParamSpec.ofDouble("c", 1.0, 0, 1e6, "exploration constant")),
        p -> Mechanisms.uct(p.getDouble("c")).withFinalSelector(FinalSelectors.MOST_VISITED_FIRST));
  }
}
