package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each game's ballot with the levels decided by the mean-return tie-break marked. */
class BallotLineTest {
  @TempDir Path dir;

  /**
   * The audit's tournament T3 (tic_tac_toe and kuhn_poker(players=3), random, uct, puct, m_seed
   * at 1,000 simulations, 8 seeds). The audit found, from the stored matches: in tic_tac_toe uct,
   * puct and m_seed drew every game among themselves, so each has α-Rank mass 1/3, and m_seed
   * (mean 0.3333) is placed above uct and puct (0.3125 each, one draw against random) by the
   * tie-break; in kuhn_poker(players=3) m_seed and puct have mass 0.5 each and the tie-break
   * (0.226 against 0.198) puts m_seed first.
   */
  @Test
  void theAuditTournamentT3ShowsItsTieBrokenLevels() throws Exception {
    Path db = dir.resolve("t3.db");
    try (var in = getClass().getResourceAsStream("/arena/audit-t3.db")) {
      Files.copy(in, db);
    }
    try (ArenaStore s = ArenaStore.open(db)) {
      AnalysisOptions d = AnalysisOptions.defaults();
      Analysis.Result r = Analysis.analyse(s, s.tournaments().get(0).id(),
          new AnalysisOptions(40, 40, 40, 0.95, 1, d.alphaRank(), d.sco(), "", ""));
      assertThat(r.games().get(0).game()).isEqualTo("tic_tac_toe");
      assertThat(Report.ballotLine(r.games().get(0), r.agents()))
          .isEqualTo("m_seed(sims=1000) ≻* uct(sims=1000) = puct(sims=1000) ≻ random");
      assertThat(Report.ballotLine(r.games().get(1), r.agents())).startsWith("m_seed(sims=1000) ≻* puct(sims=1000) ≻ ");
      String text = Report.terminal(r);
      // m_seed drew every tic_tac_toe match but won every one against random: the same mean on
      // every seed, whose resampled means differ only by rounding, is a zero-width interval
      // the common budget (sims=1000) is said once and left out of the names
      assertThat(text).contains("budget: sims=1000 for every agent that takes it (--budget), left out of the names below");
      assertThat(text).containsPattern("m_seed +mean return +0\\.333 \\[ 0\\.333,  0\\.333\\]†‡ ");
      assertThat(text).contains("    ballot: m_seed ≻* uct = puct ≻ random\n")
          .contains("≻*: equal alpha-rank mass when rounded to 1e-6; ordered by mean return in the game (the tie-break).\n");
      // the per-game rows of both games put "alpha-rank mass" at one column: a row without ‡ is
      // padded to the column of those with it (uct's in tic_tac_toe), in its game and in the other
      // (kuhn_poker(players=3), where no row has ‡, had one space less)
      List<String> rows = text.lines().filter(l -> l.startsWith("    ") && l.contains(" mean return ")).toList();
      assertThat(rows).hasSize(8);
      assertThat(rows.stream().map(l -> l.indexOf("   alpha-rank mass ")).distinct()).as(String.join("\n", rows))
          .hasSize(1);
      assertThat(rows.stream().map(l -> l.indexOf(" ms/decision")).distinct()).hasSize(1);
      Report.write(r, s, dir.resolve("rep"));
      String md = Files.readString(dir.resolve("rep").resolve("report.md"));
      assertThat(md).contains("Ballot: m_seed ≻\\* uct = puct ≻ random\n")
          .contains("≻\\*: equal alpha-rank mass when rounded to 1e-6; ordered by mean return in the game (the tie-break).");
      // the per-game mass with 3 decimals, as in the rankings table and the terminal (it had 4)
      assertThat(md).contains("| `m_seed` | 0.333 | [0.333, 0.333]†‡ | 0.333 | [0.333, 0.333]†‡ |")
          .containsPattern("\\| `random` \\| -0\\.958 \\| \\[[^]]*\\]† \\| 0\\.000 \\| ");
      // ballots.svg says how many games its shares cover, as report.md does
      assertThat(md).contains("F(row ≻ column): the fraction of the 2 games whose ballot ranks row strictly above column");
      assertThat(SvgXml.of(Files.readString(dir.resolve("rep").resolve("ballots.svg"))).lines())
          .contains("F over the 2 games (one ballot each)");
    }
  }
}
