package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameFactory;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.MatchRecord;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Spec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Match records name the game with every parameter ({@link MatchRecord#fullGameString}), so a
 * record keeps its game after a default changes; a record that leaves parameters out replays on
 * the current defaults, and {@code replay} says so.
 */
class RecordFullGameStringTest {
  @TempDir Path tmp;

  /**
   * For every registered game at its defaults: the full string names every declared parameter and
   * loads a game with the same full string, on which a seeded random match replays to the same
   * state, returns and history as on the game it was recorded from.
   */
  @Test
  void everyGamesFullStringLoadsTheSameGame() {
    for (GameFactory f : GameRegistry.factories()) {
      String name = f.type().shortName();
      Game g = GameRegistry.load(name);
      String full = MatchRecord.fullGameString(g);
      LinkedHashSet<String> declared = new LinkedHashSet<>();
      for (ParamSpec p : f.type().parameters()) {
        declared.add(p.name());
      }
      assertThat(Spec.parse(full).args().keySet()).as(full).containsExactlyInAnyOrderElementsOf(declared);
      Game again = GameRegistry.load(full);
      assertThat(MatchRecord.fullGameString(again)).as(name).isEqualTo(full);
      State s = g.newInitialState();
      SplittableRandom rng = new SplittableRandom(7);
      for (int i = 0; i < 60 && !s.isTerminal(); i++) {
        int[] legal = s.legalActions();
        s.applyAction(legal[rng.nextInt(legal.length)]);
      }
      String line = MatchRecord.of(s).toLine();
      assertThat(line).as(name).startsWith(full + " | ");
      State r = MatchRecord.parse(line).replay();
      assertThat(r.toString()).as(name).isEqualTo(s.toString());
      assertThat(r.isTerminal()).as(name).isEqualTo(s.isTerminal());
      assertThat(Arrays.toString(r.returns())).as(name).isEqualTo(Arrays.toString(s.returns()));
    }
  }

  @Test
  void playRecordsTheGameWithEveryParameter() throws IOException {
    Path rec = tmp.resolve("m.txt");
    Cli r = Cli.run("play", "pig(winscore=10)", "--players", "random,random", "--seed", "3", "--record", rec.toString());
    assertThat(r.exit).as(r.err).isZero();
    String line = Files.readAllLines(rec, StandardCharsets.UTF_8).get(0);
    String game = line.substring(0, line.lastIndexOf('|')).trim();
    // every declared parameter: the given one as given, the others at their declared defaults
    for (ParamSpec p : GameRegistry.factory("pig").type().parameters()) {
      String expected = p.name().equals("winscore") ? "10" : ParamSpec.format(p.defaultValue());
      assertThat(Spec.parse(game).args()).as(line).containsEntry(p.name(), expected);
    }
    assertThat(MatchRecord.parse(line).replay().isTerminal()).isTrue();
    // it names every parameter: replay has no note
    Cli replay = Cli.run("replay", rec.toString());
    assertThat(replay.exit).as(replay.err).isZero();
    assertThat(replay.err).isEmpty();
    assertThat(replay.out).startsWith(game + " after ");
  }

  @Test
  void replayNotesTheDefaultsARecordLeftOut() throws IOException {
    Path old = tmp.resolve("old.txt");
    Files.writeString(old, "pig(winscore=10,players=2) | 1 0\n", StandardCharsets.UTF_8);
    Cli r = Cli.run("replay", old.toString());
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.err.strip()).isEqualTo(old + ": note: the record gives no value for diceoutcomes, horizon, piglet;"
        + " replayed with the current defaults diceoutcomes=6, horizon=1000, piglet=False (if the game's defaults changed since"
        + " it was recorded, it replays another game)");
    // several records: one note for each record that needs one, with its line
    Path two = tmp.resolve("two.txt");
    Files.writeString(two, "tic_tac_toe | 4\npig(diceoutcomes=6,horizon=1000,piglet=False,players=2,winscore=100) | 1\npig | 1\n",
        StandardCharsets.UTF_8);
    Cli t = Cli.run("replay", two.toString());
    assertThat(t.exit).as(t.err).isZero();
    assertThat(t.err.strip().lines()).containsExactly(two + ":3: note: the record gives no value for diceoutcomes, horizon,"
        + " piglet, players, winscore; replayed with the current defaults diceoutcomes=6, horizon=1000, piglet=False,"
        + " players=2, winscore=100 (if the game's defaults changed since it was recorded, it replays another game)");
  }
}
