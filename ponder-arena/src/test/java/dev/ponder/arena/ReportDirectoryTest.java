package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report written into a directory that holds a larger report leaves none of the larger one's
 * score charts behind: before, {@code scores-1.svg} and {@code scores-2.svg} of a 3-game report
 * stayed beside a 1-game report's {@code scores-0.svg}, charts of games the new report does not
 * have. Only the report's own chart names are removed; every other file stays.
 */
class ReportDirectoryTest {
  @TempDir Path dir;

  private static final AnalysisOptions O = new AnalysisOptions(40, 40, 40, 0.95, 5,
      dev.ponder.rating.AlphaRank.Options.infinite(), dev.ponder.rating.Sco.Options.defaults(), "", "");

  private Analysis.Result run(String db, List<String> games) {
    TournamentConfig c = new TournamentConfig(games, List.of("random", "first"), "", 1, 1, TournamentConfig.ROUND_ROBIN, "",
        false);
    try (ArenaStore s = ArenaStore.open(dir.resolve(db))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      Analysis.Result r = Analysis.analyse(s, id, O);
      Report.write(r, s, dir.resolve("R"));
      return r;
    }
  }

  @Test
  void aSmallerReportRemovesTheLargerOnesScoreChartsOnly() throws Exception {
    run("t1.db", List.of("tic_tac_toe", "kuhn_poker", "nim"));
    Path rep = dir.resolve("R");
    for (int g = 0; g < 3; g++) {
      assertThat(rep.resolve("scores-" + g + ".svg")).isRegularFile();
    }
    // files of the user's beside them, some with names close to the charts'
    // (scores-5.svg: a chart's name, but of no game the earlier report had)
    List<String> others = List.of("notes.txt", "scores-01.svg", "scores-2.svg.bak", "scores-x.svg", "my-scores-1.svg",
        "scores-5.svg");
    for (String f : others) {
      Files.writeString(rep.resolve(f), "mine");
    }
    Files.createDirectory(rep.resolve("scores-7.svg"));

    run("t2.db", List.of("tic_tac_toe"));
    assertThat(rep.resolve("scores-0.svg")).isRegularFile();
    assertThat(rep.resolve("scores-1.svg")).doesNotExist();
    assertThat(rep.resolve("scores-2.svg")).doesNotExist();
    for (String f : others) {
      assertThat(Files.readString(rep.resolve(f))).as(f).isEqualTo("mine");
    }
    assertThat(rep.resolve("scores-7.svg")).isDirectory();
    assertThat(rep.resolve("report.md")).isRegularFile();
  }

  /** A directory that holds no report loses no file of a chart's name: they are not a report's. */
  @Test
  void aDirectoryWithoutAReportKeepsItsFiles() throws Exception {
    Path rep = Files.createDirectories(dir.resolve("R"));
    Files.writeString(rep.resolve("scores-3.svg"), "mine");
    Files.writeString(rep.resolve("report.json"), "not a report");
    run("t3.db", List.of("tic_tac_toe"));
    assertThat(Files.readString(rep.resolve("scores-3.svg"))).isEqualTo("mine");
    assertThat(rep.resolve("scores-0.svg")).isRegularFile();
  }
}
