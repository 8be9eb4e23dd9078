package dev.ponder.games;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.Playthrough;
import dev.ponder.game.check.Playthroughs;
import dev.ponder.spec.Spec;
import dev.ponder.spec.SpecException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every OpenSpiel golden playthrough whose game is registered in Ponder replays exactly; games
 * join this test as soon as they are registered. Files of games Ponder does not have are skipped.
 */
class AllPlaythroughsTest {

  @TestFactory
  Stream<DynamicTest> everyRegisteredGameReplaysItsPlaythroughs() {
    List<String> files = Playthroughs.available();
    return files.stream().map(f -> DynamicTest.dynamicTest(f, () -> {
      Playthrough p = Playthrough.read(Playthroughs.file(f));
      String name = Spec.parse(p.gameString()).name();
      boolean known;
      try {
        GameRegistry.factory(name);
        known = true;
      } catch (SpecException e) {
        known = false;
      }
      assumeTrue(known, "no game " + name + " in Ponder yet");
      Playthroughs.assertReplays(f);
    }));
  }
}
