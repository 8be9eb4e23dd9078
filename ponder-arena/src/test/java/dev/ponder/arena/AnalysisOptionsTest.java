package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.rating.AlphaRank;
import dev.ponder.rating.Sco;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The options refuse values that would give wrong intervals, before anything is computed. */
class AnalysisOptionsTest {
  @TempDir Path dir;

  private static AnalysisOptions with(int resamples, int elo, int sco, double level, int mass, String ref, String raw) {
    return new AnalysisOptions(resamples, elo, sco, level, 1, AlphaRank.Options.infinite(), Sco.Options.defaults(),
        ref, raw, mass);
  }

  @Test
  void levelOutsideZeroOneIsRefusedNamingFieldValueAndRange() {
    for (double level : new double[] {-1, 0, 1, 1.5, Double.NaN}) {
      assertThatThrownBy(() -> with(40, 40, 40, level, 40, "", ""))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("level must be strictly between 0 and 1")
          .hasMessageContaining("got " + level);
    }
    assertThat(with(40, 40, 40, 0.5, 40, "", "").level()).isEqualTo(0.5);
  }

  @Test
  void resamplesBelowTheMinimumOrAboveTheMaximumAreRefusedPerField() {
    assertThatThrownBy(() -> with(0, 40, 40, 0.95, 40, "", "")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("resamples must be 40 to 1000000 (bootstrap resamples of a percentile interval), got 0");
    assertThatThrownBy(() -> with(40, 39, 40, 0.95, 40, "", "")).hasMessageStartingWith("eloResamples must be 40 to");
    assertThatThrownBy(() -> with(40, 40, -3, 0.95, 40, "", "")).hasMessageStartingWith("scoResamples must be 40 to");
    assertThatThrownBy(() -> with(40, 40, 40, 0.95, 1_000_001, "", ""))
        .hasMessageStartingWith("alphaRankResamples must be 40 to 1000000");
    // the shorter constructors go through the same checks
    assertThatThrownBy(() -> new AnalysisOptions(10, 40, 0.95, 1, AlphaRank.Options.infinite(), Sco.Options.defaults(),
        "", "")).hasMessageStartingWith("resamples must be 40");
    assertThatThrownBy(() -> with(40, 40, 40, 0.95, 40, null, "")).isInstanceOf(NullPointerException.class)
        .hasMessageContaining("reference");
  }

  @Test
  void defaultsUseScoLearningRateOne() {
    // the Javadoc says lr = 1 (Sco.Options.defaults), not OpenSpiel's 0.01
    assertThat(AnalysisOptions.defaults().sco().learningRate()).isEqualTo(1.0);
  }

  @Test
  void unknownReferenceOrRawPriorIsRefusedBeforeTheAnalysis() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first"), "", 1, 3,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("a.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      assertThatThrownBy(() -> Analysis.analyse(s, id, with(40, 40, 40, 0.95, 40, "nope", "")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("reference: 'nope' is not an agent of this tournament; agents: random, first");
      assertThatThrownBy(() -> Analysis.analyse(s, id, with(40, 40, 40, 0.95, 40, "", "uct")))
          .hasMessage("rawPrior: 'uct' is not an agent of this tournament; agents: random, first");
      // a missing tournament: the exception itself, its message not doubled by the thread pool
      assertThatThrownBy(() -> Analysis.analyse(s, id + 41, AnalysisOptions.defaults()))
          .isInstanceOf(IllegalArgumentException.class).hasMessage("no tournament " + (id + 41) + " in the store");
      Analysis.Result r = Analysis.analyse(s, id, with(40, 40, 40, 0.95, 40, "random", ""));
      assertThat(r.agents()).containsExactly("random", "first");
    }
  }
}
