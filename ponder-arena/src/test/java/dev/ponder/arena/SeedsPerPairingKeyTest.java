package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stored configuration JSON names seeds per pairing {@code seedsPerPairing}; a tournament
 * stored under the older key {@code matchesPerPairing} still resumes, extends (keeping its
 * spelling), is reused and reports as before. The older store is built here by writing its JSON
 * as Ponder wrote it then.
 */
class SeedsPerPairingKeyTest {
  @TempDir Path dir;

  static final long SEED = 5;

  static TournamentConfig config(String agents, int seeds) {
    return TournamentChild.config("tic_tac_toe;kuhn_poker", agents, "", seeds, SEED);
  }

  static Tournament.RunSummary run(ArenaStore s, TournamentConfig c, List<String> notices) {
    return new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null, notices::add);
  }

  static List<String> storedConfigs(ArenaStore s) {
    return s.tournaments().stream().map(ArenaStore.TournamentInfo::config).toList();
  }

  /** The terminal report of tournament {@code id} (few resamples: the same options both times). */
  static String report(ArenaStore s, long id) {
    AnalysisOptions o = new AnalysisOptions(100, 50, 0.95, 3, dev.ponder.rating.AlphaRank.Options.infinite(),
        dev.ponder.rating.Sco.Options.defaults(), "", "");
    return Report.terminal(Analysis.analyse(s, id, o));
  }

  @Test
  void newTournamentsWriteSeedsPerPairing() throws Exception {
    try (ArenaStore s = ArenaStore.open(dir.resolve("new.db"))) {
      run(s, config("random;first", 2), new ArrayList<>());
      String json = storedConfigs(s).get(0);
      assertThat(json).contains("\"seedsPerPairing\":2").doesNotContain("matchesPerPairing");
      // the same text as the configuration written by Jackson, which reads it back as it was
      assertThat(json).isEqualTo(new ObjectMapper().writeValueAsString(config("random;first", 2)));
      assertThat(s.config(s.tournaments().get(0))).isEqualTo(config("random;first", 2));
    }
  }

  @Test
  void aTournamentStoredUnderTheOlderKeyResumesExtendsIsReusedAndReportsAsBefore() throws Exception {
    Path db = dir.resolve("old.db");
    TournamentConfig c = config("random;first", 1);
    String written = new ObjectMapper().writeValueAsString(c);
    String legacy = written.replace("\"seedsPerPairing\":1", "\"matchesPerPairing\":1");
    assertThat(legacy).isNotEqualTo(written);
    long id;
    String reportBefore;
    try (ArenaStore s = ArenaStore.open(db)) {
      id = run(s, c, new ArrayList<>()).tournamentId();
      reportBefore = report(s, id);
    }
    SeatOrdersTest.storeConfigAsWritten(db, id, legacy); // as Ponder wrote it before the rename
    try (ArenaStore s = ArenaStore.open(db)) {
      assertThat(storedConfigs(s)).containsExactly(legacy);
      assertThat(s.config(s.tournaments().get(0))).isEqualTo(c); // the older key reads as seeds per pairing
      assertThat(ArenaStore.currentSpelling(legacy)).isEqualTo(written);
      assertThat(report(s, id)).isEqualTo(reportBefore);

      // resumed: the same tournament, nothing played, its JSON untouched
      Tournament.RunSummary again = run(s, c, new ArrayList<>());
      assertThat(again.tournamentId()).isEqualTo(id);
      assertThat(again.played()).isZero();
      assertThat(s.tournaments()).hasSize(1);
      assertThat(storedConfigs(s)).containsExactly(legacy);

      // more seeds extend it, keeping the older key; fewer than stored are refused
      List<String> notices = new ArrayList<>();
      Tournament.RunSummary more = run(s, config("random;first", 3), notices);
      assertThat(more.tournamentId()).isEqualTo(id);
      assertThat(more.extendedFrom()).isEqualTo(1);
      assertThat(more.played()).isEqualTo(2 * 2 * 2);
      assertThat(notices).containsExactly("extending tournament " + id + " from 1 to 3 seeds per pairing");
      assertThat(storedConfigs(s)).containsExactly(legacy.replace("\"matchesPerPairing\":1", "\"matchesPerPairing\":3"));
      assertThatThrownBy(() -> run(s, config("random;first", 2), new ArrayList<>()))
          .isInstanceOf(ArenaStore.SmallerThanStoredException.class)
          .hasMessageStartingWith("the store already holds tournament " + id + " with 3 seeds per pairing");
      assertThat(s.config(s.tournaments().get(0)).seedsPerPairing()).isEqualTo(3);

      // reused by a new tournament, which is written with the new key
      Tournament.RunSummary added = run(s, config("random;first;first(offset=1)", 3), new ArrayList<>());
      assertThat(added.tournamentId()).isNotEqualTo(id);
      assertThat(added.reusedFrom()).containsExactly(java.util.Map.entry(id, 12));
      assertThat(storedConfigs(s).get(1)).contains("\"seedsPerPairing\":3").doesNotContain("matchesPerPairing");
    }
  }
}
