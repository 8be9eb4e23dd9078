package dev.ponder.app;

import dev.ponder.game.Game;
import dev.ponder.game.GameFactory;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.spec.Params;

/**
 * {@code ponder} with kuhn_poker slow to load: creating the game prints {@code creating
 * kuhn_poker} on stderr, then waits a minute. A child JVM running it holds a command in its
 * starting step (options read, game being loaded) for as long as a test needs to send it a signal.
 */
final class SlowStartMain {
  private SlowStartMain() {}

  public static void main(String[] args) {
    GameFactory kuhn = GameRegistry.factory("kuhn_poker");
    GameRegistry.register(new GameFactory() {
      @Override
      public GameType type() {
        return kuhn.type();
      }

      @Override
      public Game create(Params params) {
        System.err.println("creating kuhn_poker");
        System.err.flush();
        try {
          Thread.sleep(60_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return kuhn.create(params);
      }
    });
    Ponder.main(args);
  }
}
