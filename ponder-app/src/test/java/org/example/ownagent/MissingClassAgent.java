package org.example.ownagent;

import dev.ponder.game.Game;
import dev.ponder.search.mcts.Knowledge;
import dev.ponder.search.mcts.MctsAgentFactory;
import dev.ponder.search.mcts.Mechanisms;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Test-only agent {@code missing_class}, in a package of its own as a user's agent is (outside
 * {@code dev.ponder}): creating it fails as an agent whose jar is on the class path without the jar
 * of a game class it uses. {@code kind=0} throws the JVM's {@link NoClassDefFoundError} for {@code
 * org/example/games/SubtractNim} (its message is the class's internal name); {@code kind=1} wraps
 * a {@link ClassNotFoundException} for {@code org.example.games.Gone} in an {@link
 * IllegalStateException}, as code that calls {@code Class.forName} may; {@code kind=2} throws it for
 * {@code dev/ponder/search/mcts/NewerApi}, a class of a newer Ponder than the one that runs.
 */
public final class MissingClassAgent extends MctsAgentFactory {
  public MissingClassAgent() {
    super("missing_class", "test: a class it uses is not on the class path",
        List.of(ParamSpec.ofInt("kind", 0, 0, 2,
            "0 NoClassDefFoundError, 1 a wrapped ClassNotFoundException, 2 a class of another Ponder")),
        p -> Mechanisms.uct(0.25));
  }

  @Override
  protected Knowledge knowledge(Game game, Params params) {
    if (params.getInt("kind") == 1) {
      throw new IllegalStateException("cannot load the oracle's tables",
          new ClassNotFoundException("org.example.games.Gone"));
    }
    if (params.getInt("kind") == 2) {
      throw new NoClassDefFoundError("dev/ponder/search/mcts/NewerApi");
    }
    throw new NoClassDefFoundError("org/example/games/SubtractNim");
  }
}
