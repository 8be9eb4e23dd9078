package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store records which build of Ponder played each match (a {@code runs} row per run, {@code
 * matches.run_id}), a store of the schema before that opens, resumes and reports its matches as
 * played by an unknown build, and the reports name the builds and warn when they are several.
 */
class BuildRecordTest {
  @TempDir Path dir;

  // one game, one pairing in both seat orders: 2 matches per seed index
  static TournamentConfig config(int seeds) {
    return TournamentChild.config("tic_tac_toe", "random;uct", "sims=5", seeds, 3);
  }

  static Tournament.RunSummary run(ArenaStore s, int seeds, String build) {
    Tournament t = new Tournament(config(seeds));
    if (build != null) {
      t.build(build);
    }
    return t.run(s, 1, (d, n) -> Progress.none(), null);
  }

  static Analysis.Result analyse(ArenaStore s, long id) {
    return Analysis.analyse(s, id, new AnalysisOptions(40, 40, 0.95, 1, dev.ponder.rating.AlphaRank.Options.infinite(),
        dev.ponder.rating.Sco.Options.defaults(), "", ""));
  }

  static int userVersion(Path db) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
         Statement st = c.createStatement(); ResultSet rs = st.executeQuery("PRAGMA user_version")) {
      return rs.getInt(1);
    }
  }

  static List<String> tables(Path db) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
         Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  static void sql(Path db, String... statements) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement()) {
      for (String s : statements) {
        st.execute(s);
      }
    }
  }

  @Test
  void aNewStoreRecordsTheBuildOfEachRunAndItsMatches() throws Exception {
    Path db = dir.resolve("new.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      long id = run(s, 2, "ponder 9.8.7").tournamentId();
      Map<Long, ArenaStore.RunInfo> runs = s.runs();
      assertThat(runs).hasSize(1);
      ArenaStore.RunInfo r = runs.values().iterator().next();
      assertThat(r.tournament()).isEqualTo(id);
      assertThat(r.build()).isEqualTo("ponder 9.8.7");
      assertThat(java.time.Instant.parse(r.started())).isNotNull();
      assertThat(s.matches(id, false)).hasSize(4).allSatisfy(m -> {
        assertThat(m.build()).isEqualTo("ponder 9.8.7");
        assertThat(m.run()).isEqualTo(r.id());
      });
      assertThat(s.builds(id)).containsExactly(Map.entry("ponder 9.8.7", 4));
      // a resume with nothing to play stores nothing, and leaves no run behind
      run(s, 2, "ponder 9.8.7");
      assertThat(s.runs()).hasSize(1);

      Analysis.Result a = analyse(s, id);
      assertThat(a.builds()).containsExactly(new Analysis.BuildShare("ponder 9.8.7", r.started(), 1, 1, 4));
      assertThat(a.mixedBuilds()).isFalse();
      assertThat(Report.terminal(a).lines()).contains("Build: ponder 9.8.7 (all 4 matches)");
      assertThat(Report.buildWarning(a)).isEmpty();
      Path rep = dir.resolve("rep");
      Report.write(a, s.matches(id, true), rep);
      JsonNode json = new ObjectMapper().readTree(rep.resolve("report.json").toFile());
      assertThat(json.get("builds")).hasSize(1);
      assertThat(json.get("builds").get(0).get("build").asText()).isEqualTo("ponder 9.8.7");
      assertThat(json.get("mixedBuilds").asBoolean()).isFalse();
      assertThat(Files.readString(rep.resolve("report.md"))).contains("- Build: ponder 9.8.7 (all 4 matches)");
      List<String> csv = Files.readAllLines(rep.resolve("matches.csv"));
      assertThat(csv.get(0)).endsWith(",failed_seat,build");
      assertThat(csv.subList(1, csv.size())).hasSize(4).allSatisfy(l -> assertThat(l).endsWith(",ponder 9.8.7"));
    }
    assertThat(userVersion(db)).isEqualTo(ArenaStore.SCHEMA_VERSION).isEqualTo(1);
  }

  /**
   * A store of the schema before builds were recorded (the DDL of that schema, rows copied from a
   * store played without a build): read-only it reports its matches as an unknown build and is
   * left as it was; opened to resume, it gets the runs table and column, and its report names
   * both and warns.
   */
  @Test
  void aStoreOfTheOldSchemaOpensResumesAndReportsAnUnknownBuild() throws Exception {
    Path src = dir.resolve("src.db");
    try (ArenaStore s = ArenaStore.open(src)) {
      run(s, 2, null);
    }
    Path old = dir.resolve("old.db");
    sql(old,
        // the schema as written before runs were recorded
        "CREATE TABLE tournaments(id INTEGER PRIMARY KEY, config TEXT NOT NULL UNIQUE, seed INTEGER NOT NULL, created TEXT NOT NULL)",
        "CREATE TABLE agents(tournament_id INTEGER NOT NULL, idx INTEGER NOT NULL, spec TEXT NOT NULL, params TEXT NOT NULL, PRIMARY KEY(tournament_id, idx))",
        "CREATE TABLE games(tournament_id INTEGER NOT NULL, idx INTEGER NOT NULL, spec TEXT NOT NULL, num_players INTEGER NOT NULL, min_utility REAL NOT NULL, max_utility REAL NOT NULL, utility TEXT NOT NULL, params TEXT, PRIMARY KEY(tournament_id, idx))",
        "CREATE TABLE matches(tournament_id INTEGER NOT NULL, game_idx INTEGER NOT NULL, seats TEXT NOT NULL, seed_index INTEGER NOT NULL, seed INTEGER NOT NULL, status TEXT NOT NULL, returns TEXT NOT NULL, length INTEGER NOT NULL, move_us TEXT NOT NULL, overruns TEXT NOT NULL, message TEXT NOT NULL, actions TEXT NOT NULL, failed_seat INTEGER, PRIMARY KEY(tournament_id, game_idx, seats, seed_index))",
        "ATTACH DATABASE '" + src + "' AS src",
        "INSERT INTO tournaments SELECT * FROM src.tournaments",
        "INSERT INTO agents SELECT * FROM src.agents",
        "INSERT INTO games SELECT * FROM src.games",
        "INSERT INTO matches SELECT tournament_id, game_idx, seats, seed_index, seed, status, returns, length, move_us,"
            + " overruns, message, actions, failed_seat FROM src.matches");
    assertThat(tables(old)).containsExactly("agents", "games", "matches", "tournaments");
    assertThat(userVersion(old)).isZero();

    try (ArenaStore s = ArenaStore.openReadOnly(old)) {
      long id = s.tournaments().get(0).id();
      assertThat(s.runs()).isEmpty();
      Map<String, Integer> builds = s.builds(id);
      assertThat(builds).hasSize(1).containsKey(null);
      assertThat(builds.get(null)).isEqualTo(4);
      Analysis.Result a = analyse(s, id);
      assertThat(a.builds()).containsExactly(new Analysis.BuildShare(null, null, 0, 1, 4));
      assertThat(a.mixedBuilds()).isFalse();
      assertThat(Report.terminal(a).lines()).contains("Build: not recorded (all 4 matches stored by a build of Ponder"
          + " that did not record its version)");
    }
    assertThat(tables(old)).as("a reader writes nothing").containsExactly("agents", "games", "matches", "tournaments");
    assertThat(userVersion(old)).isZero();

    try (ArenaStore s = ArenaStore.open(old)) {
      Tournament.RunSummary r = run(s, 3, "ponder 9.8.7");
      assertThat(r.alreadyStored()).isEqualTo(4);
      assertThat(r.played()).isEqualTo(2);
      Analysis.Result a = analyse(s, r.tournamentId());
      String started = s.runs().values().iterator().next().started();
      assertThat(a.builds()).containsExactly(new Analysis.BuildShare(null, null, 0, 1, 4),
          new Analysis.BuildShare("ponder 9.8.7", started, 1, 5, 6));
      assertThat(a.mixedBuilds()).isTrue();
      assertThat(Report.terminal(a).lines().filter(l -> l.startsWith("Builds: ")).toList())
          .containsExactly("Builds: matches 1–4 by an unknown build (not recorded), 5–6 by ponder 9.8.7 (from "
              + started.substring(0, 10) + " " + started.substring(11, 16) + " UTC)");
      assertThat(Report.buildWarning(a)).isEqualTo("tournament 1's matches may come from more than one build of Ponder:"
          + " 4 matches were stored by a build that did not record its version, the others by ponder 9.8.7; a change"
          + " between builds (an agent, a game, the referee) can change results: compare each build's matches before"
          + " trusting the rankings");
    }
    assertThat(tables(old)).contains("runs");
    assertThat(userVersion(old)).isEqualTo(1);
  }

  /** Two builds in one tournament: each match keeps its own, and the reports warn. */
  @Test
  void matchesOfTwoBuildsInOneTournamentGiveTheWarning() throws Exception {
    Path db = dir.resolve("two.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      long id = run(s, 2, "ponder 9.8.7").tournamentId();
      run(s, 3, "ponder 9.9.0"); // extends: seed index 2 by the other build
      run(s, 3, "ponder 9.9.0"); // nothing left to play: no run
      assertThat(s.runs().values().stream().map(ArenaStore.RunInfo::build).toList())
          .containsExactly("ponder 9.8.7", "ponder 9.9.0");
      assertThat(s.builds(id)).containsExactly(Map.entry("ponder 9.8.7", 4), Map.entry("ponder 9.9.0", 2));
      Analysis.Result a = analyse(s, id);
      assertThat(a.builds()).extracting(Analysis.BuildShare::build, Analysis.BuildShare::first,
          Analysis.BuildShare::last).containsExactly(org.assertj.core.groups.Tuple.tuple("ponder 9.8.7", 1, 4),
          org.assertj.core.groups.Tuple.tuple("ponder 9.9.0", 5, 6));
      assertThat(a.mixedBuilds()).isTrue();
      assertThat(Report.terminal(a)).contains("Builds: matches 1–4 by ponder 9.8.7 (from ").contains(", 5–6 by ponder 9.9.0 (from ");
      String warning = "tournament 1's matches were played by 2 builds of Ponder (ponder 9.8.7, ponder 9.9.0); a change"
          + " between builds (an agent, a game, the referee) can change results: compare each build's matches before"
          + " trusting the rankings";
      assertThat(Report.buildWarning(a)).isEqualTo(warning);
      Path rep = dir.resolve("rep");
      Report.write(a, s.matches(id, true), rep);
      assertThat(Files.readString(rep.resolve("report.md"))).contains("- **Warning:** " + warning + "\n");
      JsonNode json = new ObjectMapper().readTree(rep.resolve("report.json").toFile());
      assertThat(json.get("mixedBuilds").asBoolean()).isTrue();
      assertThat(json.get("builds")).hasSize(2);
    }
  }

  /** A run row written under another version (as a second build would) counts as that build. */
  @Test
  void aRunRowOfAnotherVersionIsAnotherBuild() throws Exception {
    Path db = dir.resolve("row.db");
    long id;
    try (ArenaStore s = ArenaStore.open(db)) {
      id = run(s, 2, "ponder 9.8.7").tournamentId();
    }
    sql(db, "INSERT INTO runs(tournament_id, started, ponder_version) VALUES(1, '2026-01-02T03:04:05Z', 'ponder 0.0.1')",
        "UPDATE matches SET run_id = (SELECT MAX(id) FROM runs) WHERE seed_index = 1");
    try (ArenaStore s = ArenaStore.openReadOnly(db)) {
      Analysis.Result a = analyse(s, id);
      assertThat(Report.terminal(a).lines().filter(l -> l.startsWith("Build")).toList()).hasSize(1).first()
          .asString().startsWith("Builds: matches 1–2 by ponder 9.8.7 (from ")
          .endsWith(", 3–4 by ponder 0.0.1 (from 2026-01-02 03:04 UTC)");
      assertThat(a.mixedBuilds()).isTrue();
    }
  }

  /** A store whose schema version is above this build's is refused in one line, by a writer and a reader. */
  @Test
  void aStoreOfANewerSchemaIsRefused() throws Exception {
    Path db = dir.resolve("newer.db");
    try (ArenaStore s = ArenaStore.open(db)) {
      run(s, 1, "ponder 9.8.7");
    }
    sql(db, "PRAGMA user_version=2");
    String line = db + " was written by a newer build of Ponder: its schema is version 2 (PRAGMA user_version), this"
        + " build knows versions up to 1; use that build (or a later one) to report or resume it";
    assertThatThrownBy(() -> ArenaStore.open(db)).isInstanceOf(ArenaStore.NewerStoreException.class).hasMessage(line);
    assertThatThrownBy(() -> ArenaStore.openReadOnly(db)).isInstanceOf(ArenaStore.NewerStoreException.class)
        .hasMessage(line);
    assertThat(userVersion(db)).as("left as it was").isEqualTo(2);
  }
}
