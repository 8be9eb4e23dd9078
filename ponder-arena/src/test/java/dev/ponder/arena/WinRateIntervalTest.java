package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Win-rate intervals resample seed indices, not matches: the audit's independent seed-cluster
 * bootstrap (4,000 resamples) of its tournaments T1 and T2 gives the expected bounds.
 */
class WinRateIntervalTest {
  @TempDir Path dir;

  private Analysis.Result analyse(String resource) throws Exception {
    Path db = dir.resolve(resource);
    try (var in = getClass().getResourceAsStream("/arena/" + resource)) {
      Files.copy(in, db);
    }
    try (ArenaStore s = ArenaStore.open(db)) {
      AnalysisOptions d = AnalysisOptions.defaults();
      Analysis.Result r = Analysis.analyse(s, s.tournaments().get(0).id(),
          new AnalysisOptions(4_000, 40, 40, 0.95, 1, d.alphaRank(), d.sco(), "", ""));
      Report.write(r, s, dir.resolve(resource + ".rep"));
      return r;
    }
  }

  private static Analysis.GameResult game(Analysis.Result r, String name) {
    return r.games().stream().filter(g -> g.game().startsWith(name)).findFirst().orElseThrow();
  }

  @Test
  void threePlayerComparisonsOfOneMatchAreNotCountedAsIndependent() throws Exception {
    // T2: kuhn_poker(players=3), pig(players=3,winscore=20), tic_tac_toe x random, uct(c=1.4), puct; 10 seeds
    Analysis.Result r = analyse("audit-t2.db");
    int random = 0;
    int uct = 1;
    int puct = 2;
    assertThat(r.agents().get(random)).isEqualTo("random");
    Offset<Double> lattice = Offset.offset(0.015);
    Analysis.GameResult pig = game(r, "pig");
    assertThat(pig.wins()[random][uct]).isEqualTo(19);
    assertThat(pig.winLow()[random][uct]).isCloseTo(0.05, lattice);
    assertThat(pig.winHigh()[random][uct]).isCloseTo(0.21, lattice);
    assertThat(pig.winLow()[uct][puct]).isCloseTo(0.30, lattice);
    assertThat(pig.winHigh()[uct][puct]).isCloseTo(0.49, lattice);
    Analysis.GameResult kuhn = game(r, "kuhn_poker");
    assertThat(kuhn.winLow()[random][puct]).isCloseTo(0.25, lattice);
    assertThat(kuhn.winHigh()[random][puct]).isCloseTo(0.43, lattice);
    assertThat(kuhn.winLow()[uct][puct]).isCloseTo(0.43, lattice);
    assertThat(kuhn.winHigh()[uct][puct]).isCloseTo(0.53, lattice);
    String md = Files.readString(dir.resolve("audit-t2.db.rep").resolve("report.md"));
    assertThat(md).contains("95% percentile-bootstrap interval over seed indices").doesNotContain("Wilson");
  }

  @Test
  void seatSwappedPairsThatSplitOnEverySeedGiveAZeroWidthInterval() throws Exception {
    // T1 kuhn_poker: uct vs puct 12/0/12, each seed's seat-swapped pair (same cards) split 1-1
    Analysis.Result r = analyse("audit-t1.db");
    Analysis.GameResult kuhn = game(r, "kuhn_poker");
    int uct = r.agents().indexOf("uct(sims=100)");
    int puct = r.agents().indexOf("puct(sims=100)");
    assertThat(List.of(kuhn.wins()[uct][puct], kuhn.draws()[uct][puct], kuhn.losses()[uct][puct])).containsExactly(12L, 0L, 12L);
    assertThat(kuhn.winLow()[uct][puct]).isCloseTo(0.5, Offset.offset(1e-12));
    assertThat(kuhn.winHigh()[uct][puct]).isCloseTo(0.5, Offset.offset(1e-12));
    String md = Files.readString(dir.resolve("audit-t1.db.rep").resolve("report.md"));
    assertThat(md).contains("12/0/12 [0.50, 0.50]†‡");
  }

  /**
   * report.json lists the result's properties in one fixed order: the record's components, then
   * the derived analysed, rank, scoAboveNext, scoTiedNext and leftOut (Jackson would otherwise order those as reflection
   * lists the methods, which can differ from one JVM run to the next).
   */
  @Test
  void reportJsonPropertiesComeInTheRecordsOrder() throws Exception {
    Analysis.Result r = analyse("audit-t2.db");
    com.fasterxml.jackson.databind.JsonNode node = new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(r);
    List<String> keys = new java.util.ArrayList<>();
    node.fieldNames().forEachRemaining(keys::add);
    List<String> expected = new java.util.ArrayList<>();
    for (java.lang.reflect.RecordComponent c : Analysis.Result.class.getRecordComponents()) {
      expected.add(c.getName());
    }
    expected.add("analysed");
    expected.add("rank");
    expected.add("scoAboveNext");
    expected.add("scoTiedNext");
    expected.add("leftOut");
    expected.add("scoOutside");
    expected.add("mixedBuilds");
    assertThat(keys).containsExactlyElementsOf(expected);
  }
}
