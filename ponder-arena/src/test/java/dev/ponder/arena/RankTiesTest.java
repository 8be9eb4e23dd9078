package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shared ranks of agents with equal SCO ratings, and the footer under the rankings. */
class RankTiesTest {
  @TempDir Path dir;

  /** "first" and "sleepy" both play the lowest legal action: the same agent under two names. */
  private static final String TWIN = "sleepy(time_ms=1000)";

  private static AnalysisOptions options() {
    return new AnalysisOptions(40, 40, 0.95, 1, dev.ponder.rating.AlphaRank.Options.infinite(),
        dev.ponder.rating.Sco.Options.defaults(), "", "");
  }

  @Test
  void ratingsEqualUpToRoundingShareARankAndARealGapDoesNot() {
    double n = Double.NaN;
    // the two ratings a user saw for agents with the same ballots: they differ in the last bits
    assertThat(Analysis.ranks(new double[] {502.668128294569, 502.66812829456893, 480.0, n}))
        .containsExactly(1, 1, 3, 0);
    // input order does not matter; the next rank after two tied at 2 is 4
    assertThat(Analysis.ranks(new double[] {480.0, 502.66812829456893, 510.0, 502.668128294569, 470.0}))
        .containsExactly(4, 2, 1, 2, 5);
    // a gap of 2·10⁻⁹ relative is real: 1e-9 relative is the tolerance
    assertThat(Analysis.ranks(new double[] {500.0, 500.0 * (1 + 2e-9)})).containsExactly(2, 1);
    assertThat(Analysis.ranks(new double[] {500.0, 500.0 * (1 + 0.5e-9)})).containsExactly(1, 1);
    assertThat(Analysis.ranks(new double[] {502.6681, 502.6671})).containsExactly(1, 2);
    // near zero the tolerance is absolute 1e-9
    assertThat(Analysis.ranks(new double[] {0.0, 1e-12, 1e-6})).containsExactly(2, 2, 1);
  }

  @Test
  void symmetricAgentsInARoundRobinShareTheirRankInTableMarkdownAndJson() throws Exception {
    // random's seat seeds depend only on game, seed index and seat (common random numbers), so it
    // plays the same moves against first as against its twin, and the twins meet each other in
    // both seat orders: their matrices, ballots and ratings are the same
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe", "kuhn_poker"), List.of("random", "first", TWIN), "", 3, 11,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("t.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      Analysis.Result r = Analysis.analyse(s, run.tournamentId(), options());
      for (Analysis.GameResult g : r.games()) {
        assertThat(g.ballot()[1]).isEqualTo(g.ballot()[2]);
      }
      assertThat(Analysis.sameRating(r.sco()[1], r.sco()[2])).isTrue();
      assertThat(Analysis.sameRating(r.sco()[0], r.sco()[1])).isFalse();
      int[] rank = Analysis.ranks(r.sco());
      assertThat(rank[1]).isEqualTo(rank[2]);
      assertThat(rank[0]).isNotEqualTo(rank[1]);
      String twinRank = rank[1] + "=";
      // tied agents: equal Elo here too, so agent order: first before its twin
      List<Integer> order = Report.order(r);
      assertThat(order.indexOf(1)).isEqualTo(order.indexOf(2) - 1);

      String text = Report.terminal(r);
      assertThat(text).containsPattern("(?m)^" + twinRank + "\\s+first\\s");
      assertThat(text).containsPattern("(?m)^" + twinRank + "\\s+sleepy\\(time_ms=1000\\)\\s");
      assertThat(text).containsPattern("(?m)^" + rank[0] + "\\s+random\\s");
      assertThat(text).contains("\nn=: tied; SCO ratings equal within a relative 1e-9 share a rank");
      // the round robin's footer
      assertThat(text).contains("\nSCO: Soft Condorcet Optimization rating on [0, 1000] from per-game alpha-rank ballots; "
          + "mass: mean alpha-rank mass over games.\n");
      assertThat(text).contains("\n* Elo assumes transitive strength; with cycles trust SCO and alpha-rank instead.\n");

      Report.write(r, s, dir.resolve("out"));
      String md = java.nio.file.Files.readString(dir.resolve("out/report.md"));
      assertThat(md).contains("| " + twinRank + " | `first` |").contains("| " + twinRank + " | `" + TWIN + "` |")
          .contains("| " + rank[0] + " | `random` |");
      assertThat(md).contains("n=: tied;").contains("from per-game alpha-rank ballots; mass: mean alpha-rank mass over games.");
      JsonNode json = new ObjectMapper().readTree(dir.resolve("out/report.json").toFile());
      JsonNode jr = json.get("rank");
      assertThat(jr.size()).isEqualTo(3);
      assertThat(jr.get(1).isInt()).isTrue();
      assertThat(jr.get(1).asInt()).isEqualTo(rank[1]);
      assertThat(jr.get(2).asInt()).isEqualTo(rank[1]);
      assertThat(jr.get(0).asInt()).isEqualTo(rank[0]);
    }
  }

  @Test
  void withoutTiesRanksAreDistinctAndThereIsNoTieNote() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first", "first(offset=2)"), "", 2, 5,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("n.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      Analysis.Result r = Analysis.analyse(s, run.tournamentId(), options());
      assertThat(Analysis.ranks(r.sco())).containsExactlyInAnyOrder(1, 2, 3);
      assertThat(Report.terminal(r)).doesNotContainPattern("(?m)^\\d+=").doesNotContain("n=: tied");
      assertThat(Report.markdown(r)).doesNotContain("n=: tied").doesNotContainPattern("(?m)^\\| \\d+= \\|");
    }
  }

  @Test
  void roundRobinFooterNamesMeanReturnBallotsWhenAGameFellBackToThem() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first"), "", 1, 5,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("m.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      Analysis.Result r = Analysis.analyse(s, run.tournamentId(), options());
      assertThat(Report.scoLine(r)).isEqualTo("SCO: Soft Condorcet Optimization rating on [0, 1000] from per-game alpha-rank "
          + "ballots; mass: mean alpha-rank mass over games.");
      // the same game as if its ballot had been by mean return (too many profiles for alpha-rank)
      Analysis.GameResult g = r.games().get(0);
      Analysis.GameResult byMean = new Analysis.GameResult(g.game(), g.players(), g.matches(), g.errors(), g.overruns(), g.seeds(),
          g.minUtility(), g.maxUtility(), g.mean(), g.low(), g.high(), g.wins(), g.draws(), g.losses(), g.winLow(), g.winHigh(),
          g.agentMean(), g.agentLow(), g.agentHigh(), new double[] {Double.NaN, Double.NaN}, g.agentMean(), "mean-return",
          "too many profiles", g.msPerDecision(), g.decisions());
      Analysis.Result mixed = new Analysis.Result(r.tournament(), r.config(), r.agents(), List.of(g, byMean), r.matches(), r.errors(),
          r.sco(), r.scoLow(), r.scoHigh(), r.ballotWinRate(), r.elo(), r.eloLow(), r.eloHigh(), r.amp(), r.imp(), r.ampPerGame(),
          r.impPerGame(), r.options(), r.firstError(), r.timeMs(), r.decisions(), r.overrunDecisions(), r.rankLow(), r.rankHigh(), r.scoAtLeast());
      assertThat(Report.scoLine(mixed)).isEqualTo("SCO: Soft Condorcet Optimization rating on [0, 1000] from per-game alpha-rank "
          + "ballots (by mean return in games whose ballot says mean-return); mass: mean alpha-rank mass over games with alpha-rank.");
      assertThat(Report.terminal(mixed)).contains("\n" + Report.scoLine(mixed) + "\n");
      // report.md's statistics line names the games without alpha-rank, and claims no mass
      // resamples when no game has alpha-rank
      assertThat(Report.markdown(r)).contains("alpha-rank masses " + r.options().alphaRankResamples() + " resamples, alpha=inf, m=50;");
      assertThat(Report.markdown(mixed)).contains("(games ranked by mean return instead: tic_tac_toe);");
      Analysis.Result none = new Analysis.Result(r.tournament(), r.config(), r.agents(), List.of(byMean), r.matches(), r.errors(),
          r.sco(), r.scoLow(), r.scoHigh(), r.ballotWinRate(), r.elo(), r.eloLow(), r.eloHigh(), r.amp(), r.imp(), r.ampPerGame(),
          r.impPerGame(), r.options(), r.firstError(), r.timeMs(), r.decisions(), r.overrunDecisions(), r.rankLow(), r.rankHigh(), r.scoAtLeast());
      assertThat(Report.markdown(none)).contains("no alpha-rank (every game ranked by mean return)").doesNotContain("alpha-rank masses");
      // the mass column averages the alpha-rank games only
      assertThat(Report.meanMass(mixed, 0)).isEqualTo(g.mass()[0]);
      // per game, the mass words appear only under the game that has an alpha-rank
      List<String> lines = Report.terminal(mixed).lines().toList();
      List<String> gameRows = lines.stream().filter(l -> l.startsWith("    ") && l.contains(" mean return ")).toList();
      assertThat(gameRows).hasSize(4);
      assertThat(gameRows.subList(0, 2)).allSatisfy(l -> assertThat(l).contains("   alpha-rank mass "));
      assertThat(gameRows.subList(2, 4)).allSatisfy(l -> assertThat(l).doesNotContain("mass").endsWith(" ms/decision"));
    }
  }

  @Test
  void benchmarkFooterDescribesMeanReturnBallotsAndNoMass() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("first", TWIN), "", 2, 3,
        TournamentConfig.BENCHMARK, "random", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("b.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      Analysis.Result r = Analysis.analyse(s, run.tournamentId(), options());
      String footer = "SCO: Soft Condorcet Optimization rating on [0, 1000] from per-game ballots by mean return against the "
          + "benchmark agent random (on no ballot, so unrated: -); mass: - (the benchmark schedule computes no alpha-rank).";
      String elo = "* Elo (Bradley-Terry) from wins/draws/losses against the benchmark agent, the only opponent each agent met; "
          + "it assumes transitive strength.";
      String text = Report.terminal(r);
      assertThat(text).contains("\n" + footer + "\n").contains("\n" + elo + "\n");
      assertThat(text).doesNotContain("alpha-rank ballots").doesNotContain("mean alpha-rank mass")
          .doesNotContain("trust SCO and alpha-rank");
      // the per-game lines carry no mass words either: a benchmark run has no alpha-rank mass
      List<String> gameRows = text.lines().filter(l -> l.startsWith("    ") && l.contains(" mean return ")).toList();
      assertThat(gameRows).hasSize(3).allSatisfy(l -> assertThat(l).doesNotContain("alpha-rank").doesNotContain("mass")
          .matches("    \\S+\\s+mean return +-?\\d\\.\\d{3} \\[ *-?\\d\\.\\d{3}, +-?\\d\\.\\d{3}\\][†‡]* +\\d+\\.\\d{2} ms/decision"));
      // the twins tie against the benchmark too; the benchmark has no rank
      assertThat(text).containsPattern("(?m)^1=\\s+first\\s").containsPattern("(?m)^1=\\s+sleepy")
          .containsPattern("(?m)^-\\s+random\\s");
      String md = Report.markdown(r);
      assertThat(md).contains("\n" + footer + "\n").contains("\n\\" + elo + "\n");
      assertThat(md).doesNotContain("SCO over alpha-rank ballots").doesNotContain("from per-game alpha-rank ballots");
    }
  }
}
