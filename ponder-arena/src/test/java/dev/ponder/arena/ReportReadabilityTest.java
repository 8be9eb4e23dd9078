package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report with many agents: the common budget said once, per-game tables in the game's own
 * ballot order, and SCO ratings printed with enough digits to tell different ranks apart. On the
 * stored audit tournament (tic_tac_toe and 3-player Kuhn poker; random, uct, puct, m_seed;
 * --budget sims=1000).
 */
class ReportReadabilityTest {
  @TempDir static Path dir;
  static Analysis.Result r;
  static ArenaStore store;

  @BeforeAll
  static void analyse() throws Exception {
    Path db = dir.resolve("t3.db");
    try (var in = ReportReadabilityTest.class.getResourceAsStream("/arena/audit-t3.db")) {
      Files.copy(in, db);
    }
    try (ArenaStore s = ArenaStore.open(db)) {
      AnalysisOptions d = AnalysisOptions.defaults();
      r = Analysis.analyse(s, s.tournaments().get(0).id(), new AnalysisOptions(40, 40, 40, 0.95, 1, d.alphaRank(), d.sco(),
          "", ""));
      Report.write(r, s, dir.resolve("rep"));
    }
  }

  /** A copy of {@code r} with some components replaced (by name). */
  static Analysis.Result with(Analysis.Result r, java.util.Map<String, Object> changed) throws Exception {
    RecordComponent[] cs = Analysis.Result.class.getRecordComponents();
    Object[] args = new Object[cs.length];
    Class<?>[] types = new Class<?>[cs.length];
    for (int i = 0; i < cs.length; i++) {
      types[i] = cs[i].getType();
      args[i] = changed.containsKey(cs[i].getName()) ? changed.get(cs[i].getName()) : cs[i].getAccessor().invoke(r);
    }
    return Analysis.Result.class.getDeclaredConstructor(types).newInstance(args);
  }

  @Test
  void theCommonBudgetIsSaidOnceAndLeftOutOfTheNamesButNotOutOfTheJson() throws Exception {
    assertThat(r.config().budget()).isEqualTo("sims=1000");
    assertThat(r.agents()).allSatisfy(a -> assertThat(a).satisfiesAnyOf(
        x -> assertThat(x).contains("sims=1000"), x -> assertThat(x).isEqualTo("random")));
    List<String> shown = Report.shownNames(r);
    for (int a = 0; a < r.agents().size(); a++) {
      assertThat(shown.get(a)).doesNotContain("sims").isEqualTo(r.agents().get(a).replace("(sims=1000)", ""));
    }
    String text = Report.terminal(r);
    assertThat(text).doesNotContain("sims=1000)");
    assertThat(text.split("sims=1000", -1)).hasSize(2); // once: the header line
    String md = Files.readString(dir.resolve("rep/report.md"));
    assertThat(md).contains("- Budget: sims=1000 (left out of the agent names").doesNotContain("(sims=1000)");
    String json = Files.readString(dir.resolve("rep/report.json"));
    assertThat(json).contains("\"m_seed(sims=1000)\"").contains("\"puct(sims=1000)\"");
    assertThat(SvgXml.of(Files.readString(dir.resolve("rep/ratings.svg"))).strings()).contains("m_seed")
        .noneMatch(s -> s.contains("m_seed(sims"));
  }

  /**
   * An agent that takes the budget's key but names a budget of its own ({@code uct(time_ms=5)}
   * under {@code --budget sims=1000}) does not have the budget: the header lines say so rather
   * than "every agent that takes it has it".
   */
  @Test
  void theBudgetLinesNameTheAgentsThatKeepTheirOwnBudget() throws Exception {
    assertThat(Report.budgetNamesLine(r))
        .isEqualTo("budget: sims=1000 for every agent that takes it (--budget), left out of the names below");
    List<String> agents = new ArrayList<>(r.agents());
    agents.set(agents.indexOf("uct(sims=1000)"), "uct(time_ms=5)");
    Analysis.Result own = with(r, java.util.Map.of("agents", agents));
    assertThat(Report.budgetNamesLine(own)).isEqualTo("budget: sims=1000 for every agent that takes it except"
        + " uct(time_ms=5), which keeps its own (--budget), left out of the names below");
    assertThat(Report.markdown(own)).contains("- Budget: sims=1000 (left out of the agent names in this report: every"
        + " agent that takes it has it except uct(time_ms=5), which keeps its own budget; report.json");
    agents.set(agents.indexOf("puct(sims=1000)"), "puct(sims=7)");
    assertThat(Report.budgetNamesLine(with(r, java.util.Map.of("agents", agents))))
        .contains("except uct(time_ms=5), puct(sims=7), which keep their own (--budget)");
  }

  @Test
  void namesKeepAnOwnBudgetAndTheWholeStringsWithoutABudget() throws Exception {
    // an agent with a budget of its own keeps it; the others lose the common one
    List<String> agents = new ArrayList<>(r.agents());
    int u = agents.indexOf("uct(sims=1000)");
    agents.set(u, "uct(sims=20)");
    assertThat(Report.shownNames(with(r, java.util.Map.of("agents", agents)))).contains("uct(sims=20)", "m_seed", "puct");
    // no --budget: nothing is left out, and no header line
    TournamentConfig c = r.config();
    TournamentConfig none = new TournamentConfig(c.games(), c.agents(), "", c.seedsPerPairing(), c.seed(), c.schedule(),
        c.benchmark(), c.selfPlay(), c.seatOrders());
    Analysis.Result plain = with(r, java.util.Map.of("config", none));
    assertThat(Report.shownNames(plain)).isEqualTo(r.agents());
    assertThat(Report.budgetNamesLine(plain)).isEmpty();
  }

  /** The agent names of a game's table in the terminal, top to bottom. */
  private static List<String> tableRows(String text, String gameHeader) {
    List<String> out = new ArrayList<>();
    String[] lines = text.substring(text.indexOf(gameHeader)).split("\n");
    for (int i = 1; i < lines.length && lines[i].contains("mean return"); i++) {
      out.add(lines[i].trim().split(" +")[0]);
    }
    return out;
  }

  @Test
  void perGameTablesFollowTheGamesOwnBallot() {
    String text = Report.terminal(r);
    // overall order: m_seed, puct, uct, random (SCO); tic_tac_toe's ballot is m_seed ≻* uct = puct ≻ random,
    // agents level on the ballot in agent order (uct is listed before puct), as the ballot line lists them
    assertThat(Report.order(r).stream().map(a -> Report.shownNames(r).get(a)).toList())
        .containsExactly("m_seed", "puct", "uct", "random");
    assertThat(text).contains("ballot: m_seed ≻* uct = puct ≻ random");
    assertThat(tableRows(text, "tic_tac_toe (")).containsExactly("m_seed", "uct", "puct", "random");
    String kuhnBallot = Report.ballotLine(r.games().get(1), Report.shownNames(r));
    assertThat(tableRows(text, "kuhn_poker(players=3) (")).containsExactly(kuhnBallot.split(" (≻\\*?|=) "));
  }

  @Test
  void ratingsThatRankDifferentlyPrintDifferently() throws Exception {
    // a user's k9 store: 512.8679 above 512.8664 printed 512.9 and 512.9 with ranks 1 and 2
    List<Integer> order = Report.order(r);
    double[] sco = r.sco().clone();
    sco[order.get(0)] = 512.8679;
    sco[order.get(1)] = 512.8664;
    Analysis.Result close = with(r, java.util.Map.of("sco", sco));
    assertThat(Report.scoDigits(close)).isEqualTo(3);
    String text = Report.terminal(close);
    assertThat(text).containsPattern("(?m)^1 +m_seed +512\\.868 ").containsPattern("(?m)^2 +puct +512\\.866 ");
    assertThat(Report.markdown(close)).contains("| 1 | `m_seed` | 512.868 |").contains("| 2 | `puct` | 512.866 |");
    // ratings a tenth apart keep one decimal
    assertThat(Report.scoDigits(r)).isEqualTo(1);
  }
}
