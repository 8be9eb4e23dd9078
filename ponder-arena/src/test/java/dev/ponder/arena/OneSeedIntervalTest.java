package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With one seed index a game's mean returns and score matrix have no interval: NaN in the
 * analysis, {@code null} in report.json (the terminal shows {@code n/a (one seed)}).
 */
class OneSeedIntervalTest {
  @Test
  void oneSeedIndexGivesNullIntervals(@TempDir Path dir) throws Exception {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first"), "", 1, 3,
        TournamentConfig.ROUND_ROBIN, "", false);
    Path db = dir.resolve("t.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      Analysis.Result r = Analysis.analyse(s, id, AnalysisOptions.defaults());
      Analysis.GameResult g = r.games().get(0);
      assertThat(g.seeds()).isEqualTo(1);
      for (int a = 0; a < 2; a++) {
        assertThat(g.agentMean()[a]).isNotNaN();
        assertThat(g.agentLow()[a]).isNaN();
        assertThat(g.agentHigh()[a]).isNaN();
        assertThat(g.mean()[a][1 - a]).isNotNaN();
        assertThat(g.low()[a][1 - a]).isNaN();
        assertThat(g.high()[a][1 - a]).isNaN();
      }
      Report.write(r, s, dir.resolve("report"));
    }
    JsonNode game = new ObjectMapper().readTree(dir.resolve("report").resolve("report.json").toFile()).get("games").get(0);
    for (String field : new String[] {"agentLow", "agentHigh"}) {
      for (JsonNode v : game.get(field)) {
        assertThat(v.isNull()).as(field).isTrue();
      }
    }
    for (String field : new String[] {"low", "high"}) {
      for (JsonNode row : game.get(field)) {
        for (JsonNode v : row) {
          assertThat(v.isNull()).as(field).isTrue();
        }
      }
    }
  }
}
