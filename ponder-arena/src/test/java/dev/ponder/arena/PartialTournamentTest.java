package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A report of a partial tournament analyses the complete seed indices only. */
class PartialTournamentTest {
  @TempDir Path dir;

  @Test
  void halfPlayedSeedIndexIsLeftOutAndSaidSo() throws Exception {
    // two games (3 and 2 players), 2 agents: 6 + 2 seatings per seed index, 4 seed indices
    TournamentConfig c = new TournamentConfig(List.of("kuhn_poker(players=3)", "tic_tac_toe"),
        List.of("random", "first"), "", 4, 11, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("p.db"))) {
      Tournament.RunSummary run = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null);
      long id = run.tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      assertThat(all).hasSize(32);
      AnalysisOptions o = new AnalysisOptions(2000, 200, 200, 0.95, 5, dev.ponder.rating.AlphaRank.Options.infinite(),
          dev.ponder.rating.Sco.Options.defaults(), "", "");
      Analysis.Execution one = new Analysis.Execution(1, Progress.Factory.NONE);

      Analysis.Result full = Analysis.analyse(s, id, o, all, one);
      assertThat(full.partial()).isFalse();
      assertThat(full.completeSeeds()).isEqualTo(4);
      assertThat(Report.terminal(full)).doesNotContain("not stored yet");

      // seed indices 0..2 only: what a run stopped exactly after seed index 2 stores
      List<ArenaStore.StoredMatch> three = all.stream().filter(m -> m.seedIndex() < 3).toList();
      // plus half of seed index 3: 3 of the kuhn seatings and 1 tic-tac-toe seating, so agent 0
      // and agent 1 would sit unequally often
      List<ArenaStore.StoredMatch> half = new ArrayList<>(three);
      int kuhn = 0;
      int ttt = 0;
      for (ArenaStore.StoredMatch m : all) {
        if (m.seedIndex() == 3 && m.game() == 0 && kuhn < 3) {
          half.add(m);
          kuhn++;
        } else if (m.seedIndex() == 3 && m.game() == 1 && ttt < 1) {
          half.add(m);
          ttt++;
        }
      }
      assertThat(half).hasSize(28);
      Analysis.Result a = Analysis.analyse(s, id, o, three, one);
      Analysis.Result b = Analysis.analyse(s, id, o, half, one);
      assertThat(b.matchesStored()).isEqualTo(28);
      assertThat(b.matchesScheduled()).isEqualTo(32);
      assertThat(b.completeSeeds()).isEqualTo(3);
      assertThat(b.matches()).isEqualTo(24);
      assertThat(b.partial()).isTrue();
      // the statistics are those of the store without the half-played seed index
      assertThat(b.sco()).containsExactly(a.sco());
      assertThat(b.scoLow()).containsExactly(a.scoLow());
      assertThat(b.scoHigh()).containsExactly(a.scoHigh());
      assertThat(b.elo()).containsExactly(a.elo());
      assertThat(b.eloLow()).containsExactly(a.eloLow());
      for (int g = 0; g < 2; g++) {
        Analysis.GameResult ga = a.games().get(g);
        Analysis.GameResult gb = b.games().get(g);
        assertThat(gb.matches()).isEqualTo(ga.matches());
        assertThat(gb.seeds()).isEqualTo(3);
        assertThat(gb.agentMean()).containsExactly(ga.agentMean());
        assertThat(gb.agentLow()).containsExactly(ga.agentLow());
        assertThat(gb.mass()).containsExactly(ga.mass());
        assertThat(gb.massLow()).containsExactly(ga.massLow());
        for (int x = 0; x < 2; x++) {
          assertThat(gb.mean()[x]).containsExactly(ga.mean()[x]);
          assertThat(gb.wins()[x]).containsExactly(ga.wins()[x]);
        }
      }
      // what the code produced, against values known independently of it: the schedule gives 6
      // kuhn seatings ({0,0,1} and {0,1,1}, 3 rotations each) and 2 tic-tac-toe seatings per seed
      // index, so 3 complete seed indices hold 18 and 6 matches
      assertThat(b.games().get(0).matches()).isEqualTo(18);
      assertThat(b.games().get(1).matches()).isEqualTo(6);
      // each agent's kuhn mean return recomputed by hand from the stored returns (per seed index
      // the mean over the seats the agent holds, then the mean over seed indices): the analysis
      // gives the value over seed indices 0..2, not the one that takes the half-played seed in
      for (int agent = 0; agent < 2; agent++) {
        double completeOnly = meanReturn(three, 0, agent);
        double withHalf = meanReturn(half, 0, agent);
        assertThat(withHalf).as("the half seed index changes the hand-computed mean").isNotCloseTo(completeOnly,
            org.assertj.core.data.Offset.offset(1e-9));
        assertThat(b.games().get(0).agentMean()[agent]).isCloseTo(completeOnly, org.assertj.core.data.Offset.offset(1e-12));
      }

      String line = "28 of 32 matches stored (0 errors); 3 complete seeds analysed (24 matches, 0 errors); the rest is"
          + " not stored yet (played by the run if it is still going, else by resuming it with the same command)";
      String build = "Build: " + dev.ponder.spi.PonderVersion.LINE + " (all 28 matches)";
      assertThat(Report.terminal(b)).contains("28 matches stored (0 errors)\n" + build + "\n" + line + "\n");
      assertThat(Report.markdown(b)).contains("- Matches stored: 28 (errors: 0)\n- " + build + "\n- Partial tournament: "
          + line + "\n");
      assertThat(Report.terminal(a)).contains("24 of 32 matches stored (0 errors); 3 complete seeds analysed (24 matches,"
          + " 0 errors)");
    }
  }

  /**
   * Interrupted inside seed index 0: nothing can be analysed, and the terminal and the report files
   * say so plainly (and to resume) instead of a table of zeros.
   */
  @Test
  void noCompleteSeedIndexSaysNothingIsAnalysed() throws Exception {
    TournamentConfig c = new TournamentConfig(List.of("kuhn_poker(players=3)", "tic_tac_toe"),
        List.of("random", "first"), "", 4, 11, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("n.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      AnalysisOptions o = new AnalysisOptions(200, 40, 40, 0.95, 5, dev.ponder.rating.AlphaRank.Options.infinite(),
          dev.ponder.rating.Sco.Options.defaults(), "", "");
      Analysis.Execution one = new Analysis.Execution(1, Progress.Factory.NONE);
      Analysis.Result none = Analysis.analyse(s, id, o, all.subList(0, 3), one);
      assertThat(none.matches()).isZero();
      assertThat(none.analysed()).isFalse();
      String nothing = "Nothing analysed: 3 of 32 matches stored (0 errors), and no seed index is complete yet. The"
          + " statistics use only seed indices with all their 8 matches stored (every game, pairing and seat order), so"
          + " that every agent sits in every seat equally often. If the run stopped, resume it (the same ponder arena"
          + " command); the rankings appear once a seed index is complete.";
      assertThat(Report.terminal(none)).isEqualTo("Tournament " + id + ": 2 games, 2 agents, 3 matches stored (0 errors)\n"
          + "Build: " + dev.ponder.spi.PonderVersion.LINE + " (all 3 matches)\n" + nothing + "\n");
      Path noneDir = dir.resolve("none");
      Report.write(none, all.subList(0, 3), noneDir);
      String md = Files.readString(noneDir.resolve("report.md"));
      assertThat(md).endsWith("- Matches stored: 3 (errors: 0)\n- Build: " + dev.ponder.spi.PonderVersion.LINE
          + " (all 3 matches)\n\n## Nothing analysed yet\n\n" + nothing + "\n")
          .doesNotContain("Elo").doesNotContain("n/a");
      JsonNode json = new ObjectMapper().readTree(noneDir.resolve("report.json").toFile());
      assertThat(json.get("analysed").asBoolean()).isFalse();
      assertThat(json.get("completeSeeds").asInt()).isZero();
      assertThat(json.get("matchesStored").asInt()).isEqualTo(3);
      for (String key : new String[] {"sco", "elo", "eloLow", "eloHigh"}) {
        for (JsonNode v : json.get(key)) {
          assertThat(v.isNull()).as(key).isTrue(); // no rating (null), not a rating of 0
        }
      }
      for (JsonNode g : json.get("games")) {
        assertThat(g.get("method").asText()).isEqualTo("none");
        g.get("mass").forEach(v -> assertThat(v.isNull()).isTrue());
      }
      SvgXml noneChart = SvgXml.of(Files.readString(noneDir.resolve("ratings.svg")));
      assertThat(noneChart.allText()).contains("no seed index is complete yet; resume the run").doesNotContain("(anchor)");
      assertThat(noneChart.markers()).isEmpty();
      assertThat(Files.readString(noneDir.resolve("matches.csv")).lines()).hasSize(4); // the header and the 3 stored
    }
  }

  /**
   * Agent {@code agent}'s mean return in game {@code game} computed from the matches' returns:
   * per seed index the mean of its returns over every seat it holds, then the mean over the seed
   * indices present.
   */
  private static double meanReturn(List<ArenaStore.StoredMatch> matches, int game, int agent) {
    java.util.Map<Integer, double[]> perSeed = new java.util.TreeMap<>(); // seed index -> {sum, seats}
    for (ArenaStore.StoredMatch m : matches) {
      if (m.game() != game) {
        continue;
      }
      double[] acc = perSeed.computeIfAbsent(m.seedIndex(), i -> new double[2]);
      for (int p = 0; p < m.seats().length; p++) {
        if (m.seats()[p] == agent) {
          acc[0] += m.returns()[p];
          acc[1]++;
        }
      }
    }
    double sum = 0;
    for (double[] acc : perSeed.values()) {
      sum += acc[0] / acc[1];
    }
    return sum / perSeed.size();
  }

  /**
   * The two counts of a partial tournament each carry the errors of their own matches: every match
   * of {@code boom} ends in an error (it throws at its first decision), so with random, first and
   * boom in tic-tac-toe 4 of each seed index's 6 matches are errors.
   */
  @Test
  void storedAndAnalysedMatchesEachCountTheirOwnErrors() throws Exception {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("random", "first", "boom"), "", 3, 5,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("e.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      assertThat(all).hasSize(18);
      // seed indices 0 and 1 whole, and of seed index 2 only the two matches of random against boom
      List<ArenaStore.StoredMatch> part = new ArrayList<>(all.stream().filter(m -> m.seedIndex() < 2).toList());
      all.stream().filter(m -> m.seedIndex() == 2 && contains(m.seats(), 0) && contains(m.seats(), 2)).forEach(part::add);
      assertThat(part).hasSize(14);
      AnalysisOptions o = new AnalysisOptions(200, 40, 40, 0.95, 5, dev.ponder.rating.AlphaRank.Options.infinite(),
          dev.ponder.rating.Sco.Options.defaults(), "", "");
      Analysis.Result r = Analysis.analyse(s, id, o, part, new Analysis.Execution(1, Progress.Factory.NONE));
      // stored: 14 matches, 4 + 4 + 2 errors; analysed: seed indices 0 and 1, 12 matches, 8 errors
      assertThat(r.matchesStored()).isEqualTo(14);
      assertThat(r.errorsStored()).isEqualTo(10);
      assertThat(r.matches()).isEqualTo(12);
      assertThat(r.errors()).isEqualTo(8);
      String line = "14 of 18 matches stored (10 errors); 2 complete seeds analysed (12 matches, 8 errors); the rest"
          + " is not stored yet (played by the run if it is still going, else by resuming it with the same command)";
      String terminal = Report.terminal(r);
      assertThat(terminal).startsWith("Tournament " + id + ": 1 game, 3 agents, 14 matches stored (10 errors)\n"
          + "Build: " + dev.ponder.spi.PonderVersion.LINE + " (all 14 matches)\n" + line + "\n");
      assertThat(terminal).contains("\nerrors: 8 of 12 analysed matches (blamed on an agent: scored as its forfeits; see"
          + " matches.csv); first: tic_tac_toe, seed index 0, ");
      Path out = dir.resolve("e");
      Report.write(r, part, out);
      assertThat(Files.readString(out.resolve("report.md")))
          .contains("- Matches stored: 14 (errors: 10)\n- Build: " + dev.ponder.spi.PonderVersion.LINE
              + " (all 14 matches)\n- Partial tournament: " + line + "\n");
      JsonNode json = new ObjectMapper().readTree(out.resolve("report.json").toFile());
      assertThat(json.get("matchesStored").asInt()).isEqualTo(14);
      assertThat(json.get("errorsStored").asInt()).isEqualTo(10);
      assertThat(json.get("matches").asInt()).isEqualTo(12);
      assertThat(json.get("errors").asInt()).isEqualTo(8);
      assertThat(json.get("analysed").asBoolean()).isTrue();
      // every chart's title carries the partial mark
      String mark = "(partial: 14 of 18 matches stored, 2 complete seeds analysed)";
      for (String chart : new String[] {"ratings.svg", "ballots.svg", "scores-0.svg"}) {
        assertThat(SvgXml.of(Files.readString(out.resolve(chart))).allText()).as(chart).contains(mark);
      }

      // the whole tournament: one set, the same counts in both places
      Analysis.Result whole = Analysis.analyse(s, id, o, all, new Analysis.Execution(1, Progress.Factory.NONE));
      Path wholeOut = dir.resolve("w");
      Report.write(whole, all, wholeOut);
      assertThat(Files.readString(wholeOut.resolve("ratings.svg"))).doesNotContain("partial");
      assertThat(Report.terminal(whole)).startsWith("Tournament " + id + ": 1 game, 3 agents, 18 matches stored (12 errors)\n"
          + "Build: " + dev.ponder.spi.PonderVersion.LINE + " (all 18 matches)\ntournament seed: 5; statistics seed: 5"
          + " (--stats-seed)\nrank").contains("\nerrors: 12 of 18 matches (blamed on an agent: scored as its forfeits;");
    }
  }

  private static boolean contains(int[] xs, int x) {
    for (int v : xs) {
      if (v == x) {
        return true;
      }
    }
    return false;
  }
}
