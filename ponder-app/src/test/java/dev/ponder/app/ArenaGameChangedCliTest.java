package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameFactory;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ponder arena} refuses to extend (or resume) a stored tournament when a game changed since
 * (here: pig rebuilt with another default winscore): exit 2, one line naming the game, what changed
 * and what to do, and no report directory left behind.
 */
class ArenaGameChangedCliTest {
  @TempDir Path dir;

  /** Pig as if rebuilt with {@code winscore} defaulting to {@code winscore}: the same game code, another default. */
  static final class Rebuilt implements GameFactory {
    final GameFactory pig;
    final GameType type;

    Rebuilt(GameFactory pig, int winscore) {
      this.pig = pig;
      GameType t = pig.type();
      List<ParamSpec> params = new ArrayList<>();
      for (ParamSpec p : t.parameters()) {
        params.add(p.name().equals("winscore") ? ParamSpec.ofInt("winscore", winscore, 1, 1_000_000, p.description()) : p);
      }
      type = new GameType(t.shortName(), t.longName(), t.chanceMode(), t.information(), t.utility(), t.rewardModel(),
          t.minPlayers(), t.maxPlayers(), params);
    }

    @Override
    public GameType type() {
      return type;
    }

    @Override
    public Game create(Params params) {
      return pig.create(params);
    }
  }

  private Cli arena(Path db, int seeds) {
    return Cli.run("arena", "--games", "pig", "--agents", "random,uct(sims=4)", "--seeds-per-pairing",
        Integer.toString(seeds), "--seed", "2", "--db", db.toString(), "--report", dir.resolve("r" + seeds).toString(),
        "--no-progress", "--resamples", "100", "--elo-resamples", "50");
  }

  @Test
  void extendingAfterTheGamesDefaultChangedIsRefusedInOneLine() {
    GameFactory pig = GameRegistry.factory("pig");
    Path db = dir.resolve("g.db");
    try {
      GameRegistry.register(new Rebuilt(pig, 10));
      Cli first = arena(db, 2);
      assertThat(first.exit).as(first.err).isZero();
      GameRegistry.register(new Rebuilt(pig, 12));
      Cli changed = arena(db, 3);
      assertThat(changed.exit).as(changed.err).isEqualTo(2);
      assertThat(changed.err.strip()).isEqualTo("ponder: game pig of tournament 1 was stored with winscore=10 but now resolves"
          + " winscore=12: its code or defaults changed since those matches were played; to continue this tournament,"
          + " restore the game as it was; to play the game as it is now, give a new --db");
      assertThat(dir.resolve("r3")).doesNotExist();
      GameRegistry.register(new Rebuilt(pig, 10));
      Cli back = arena(db, 3);
      assertThat(back.exit).as(back.err).isZero();
      assertThat(back.err).contains("arena: extending tournament 1 from 2 to 3 seeds per pairing");
    } finally {
      GameRegistry.register(pig);
    }
  }
}
