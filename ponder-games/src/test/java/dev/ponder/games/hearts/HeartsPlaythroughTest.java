package dev.ponder.games.hearts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import dev.ponder.game.check.Playthrough;
import dev.ponder.game.check.PlaythroughReplayer;
import dev.ponder.game.check.Playthroughs;
import dev.ponder.game.check.ReplayResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** OpenSpiel's golden playthrough (hearts.txt) replays exactly, strings included. */
class HeartsPlaythroughTest {
  @Test
  void goldenPlaythroughReplays() throws Exception {
    String text = Files.readString(Playthroughs.file("hearts.txt"), StandardCharsets.UTF_8);
    // OpenSpiel's MaxGameLength counts decisions only (12 passes + 52 plays = 64); Ponder's
    // maxGameLength bounds the whole history, chance included (1 + 52 more). Everything else in
    // the file is compared as it stands.
    assertThat(text).contains("MaxGameLength() = 64\n");
    assertThat(GameRegistry.load("hearts").maxGameLength()).isEqualTo(64 + 1 + 52);
    String adjusted = text.replace("MaxGameLength() = 64\n", "MaxGameLength() = 117\n");
    ReplayResult r = new PlaythroughReplayer().checkInformationStrings(true)
        .replay(Playthrough.parse("hearts.txt", adjusted));
    assertThat(r.matches()).as(r.describe()).isTrue();
  }
}
