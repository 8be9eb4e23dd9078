package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** matches.csv quotes every field a CSV reader would otherwise split: a comma, a quote, a line break of either kind. */
class MatchesCsvTest {
  @TempDir Path dir;

  @Test
  void aMessageWithACarriageReturnIsQuoted() throws Exception {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("first", "random"), "", 1, 5,
        TournamentConfig.ROUND_ROBIN, "", false);
    Analysis.Result r;
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      AnalysisOptions d = AnalysisOptions.defaults();
      r = Analysis.analyse(s, run.tournamentId(), new AnalysisOptions(40, 40, 40, 0.95, 1, d.alphaRank(), d.sco(), "", ""));
    }
    // an agent's exception message as a Windows-made file might hold it
    ArenaStore.StoredMatch m = new ArenaStore.StoredMatch(0, new int[] {0, 1}, 0, 7L, MatchResult.Status.ERROR, new double[0],
        3, "", "", "seat 1's agent failed: bad line\r\nnext", "4 0 8", 1);
    Path csv = dir.resolve("matches.csv");
    Report.writeCsv(r, List.of(m), csv);
    List<String> lines = Files.readString(csv).lines().toList(); // splits at \r, \n and \r\n alike
    assertThat(lines.get(1)).endsWith(",\"seat 1's agent failed: bad line");
    String only = "seat 1's agent failed: bad\rline";
    Report.writeCsv(r, List.of(new ArenaStore.StoredMatch(0, new int[] {0, 1}, 0, 7L, MatchResult.Status.ERROR, new double[0],
        3, "", "", only, "4 0 8", 1)), csv);
    assertThat(Files.readString(csv)).contains(",\"" + only + "\",");
  }
}
