package dev.ponder.arena.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.arena.Analysis;
import dev.ponder.arena.AnalysisOptions;
import dev.ponder.arena.ArenaStore;
import dev.ponder.arena.Progress;
import dev.ponder.arena.RunLock;
import dev.ponder.arena.Tournament;
import dev.ponder.arena.TournamentConfig;
import dev.ponder.game.Game;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java snippets of docs/arena.md ("From Java"), compiled and run from another package than
 * the arena's (as a user's code): each appears verbatim (up to white space) in this file
 * ({@link #everySnippetOfTheDocIsInThisFile}).
 */
class ArenaDocExamplesTest {
  @TempDir Path dir;

  @Test
  void runResumeExtendAndRead() {
    Path db = dir.resolve("my-arena.db");
    // ---- docs/arena.md, "From Java": run
    List<String> lines = new ArrayList<>();         // the rankings, one line per agent
    TournamentConfig config = TournamentConfig.roundRobin(
        List.of("tic_tac_toe", "kuhn_poker"),       // games
        List.of("random", "uct"),                   // agents, as typed
        4)                                          // seeds per pairing
        .withBudget("sims=50")                      // applied by Tournament, as --budget is
        .withSeed(1L);                              // tournament seed (1, ponder arena's default, if not set)
    Tournament t = new Tournament(config);          // loads the games, applies the budget, checks every agent
    try (RunLock lock = RunLock.acquire(db);        // what ponder arena holds; Tournament.run takes no lock
         ArenaStore store = ArenaStore.open(db)) {
      Tournament.RunSummary run = t.run(store, 2, (done, total) -> Progress.none(), null);
      Analysis.Result r = Analysis.analyse(store, run.tournamentId(), AnalysisOptions.defaults());
      for (int a = 0; a < r.agents().size(); a++) {
        lines.add(String.format("%s: SCO %.1f [%.1f, %.1f], Elo %.0f", r.agents().get(a),
            r.sco()[a], r.scoLow()[a], r.scoHigh()[a], r.elo()[a]));
      }
    }
    // ----
    assertThat(t.config().agents()).containsExactly("random", "uct(sims=50)");
    assertThat(lines).hasSize(2);
    assertThat(lines.get(1)).startsWith("uct(sims=50): SCO ");
    long first;
    try (ArenaStore store = ArenaStore.open(db)) {
      first = store.tournaments().get(0).id();
      // ---- docs/arena.md, "From Java": resume and extend
      Tournament.RunSummary again = new Tournament(config).run(store, 2, (done, total) -> Progress.none(), null);
      // again.played() == 0: every match is stored; an interrupted run would play the rest
      Tournament.RunSummary more = new Tournament(config.withSeedsPerPairing(6))
          .run(store, 2, (done, total) -> Progress.none(), null, System.err::println);
      // more.extendedFrom() == 4, more.played() == 8: seed indices 4 and 5 of 2 games x 2 seatings
      // ----
      assertThat(again.played()).isZero();
      assertThat(more.extendedFrom()).isEqualTo(4);
      assertThat(more.played()).isEqualTo(8);
      assertThat(more.tournamentId()).isEqualTo(first);

      // ---- docs/arena.md, "From Java": reuse
      TournamentConfig added = TournamentConfig.roundRobin(List.of("tic_tac_toe", "kuhn_poker"),
          List.of("random", "uct", "puct"), 6).withBudget("sims=50");
      Tournament.RunSummary grown = new Tournament(added)
          .onReuse(found -> System.err.println(found.label()))  // before any match: "24 matches reused from tournament 1"
          .run(store, 2, (done, total) -> Progress.none(), null);
      // grown.reused() == 24 (random and uct: 2 games x 2 seatings x 6 seeds), grown.played() == 48;
      // new Tournament(added).reuse(false) would play all 72
      // ----
      assertThat(grown.tournamentId()).isNotEqualTo(first);
      assertThat(grown.reused()).isEqualTo(24);
      assertThat(grown.played()).isEqualTo(48);
      assertThat(grown.reusedLabel()).isEqualTo("24 matches reused from tournament " + first);
      // the same agents in another order, one seed index: all 12 matches are stored, reuse(false) plays them
      TournamentConfig reordered = new TournamentConfig(List.of("tic_tac_toe", "kuhn_poker"),
          List.of("puct", "uct", "random"), "sims=50", 1, 1L, TournamentConfig.ROUND_ROBIN, "", false);
      List<Tournament.Reuse> told = new ArrayList<>();
      List<String> notices = new ArrayList<>();
      Tournament.RunSummary all = new Tournament(reordered).reuse(false).onReuse(told::add)
          .run(store, 2, (done, total) -> Progress.none(), null, notices::add);
      assertThat(all.reused()).isZero();
      assertThat(all.played()).isEqualTo(12);
      assertThat(told).hasSize(1); // told once, that nothing is copied
      assertThat(told.get(0).matches()).isZero();
      assertThat(notices).isEmpty(); // no line about reuse

      // ---- docs/arena.md, "From Java": read
      long id = more.tournamentId();                          // the tournament extended above (as run.tournamentId())
      Analysis.Result r = Analysis.analyse(store, id, AnalysisOptions.defaults());
      Analysis.GameResult ttt = r.games().get(0);            // per game, in the configuration's order
      double uctMean = ttt.agentMean()[1];                    // uct's mean return in tic_tac_toe
      double[] low = ttt.agentLow(), high = ttt.agentHigh();  // its 95% bootstrap interval: low[1]..high[1]
      List<ArenaStore.StoredMatch> matches = store.matches(id, false);  // every stored match, as data
      // ----
      assertThat(id).isEqualTo(first);
      assertThat(uctMean).isBetween(low[1], high[1]);
      assertThat(uctMean).isPositive(); // 50 simulations beat random at tic_tac_toe
      assertThat(matches).hasSize(2 * 2 * 6);
      assertThat(r.config().seedsPerPairing()).isEqualTo(6);
    }
  }

  @Test
  void anAgentOfYourOwnPlaysATournament() {
    Path db = dir.resolve("mine.db");
    // ---- docs/arena.md, "From Java": your own agents
    AgentRegistry.register(new AgentFactory() {
      @Override public String name() { return "win_now"; }
      @Override public String description() { return "an immediate win when there is one, else uniformly random (a baseline)"; }
      @Override public List<ParamSpec> parameters() { return List.of(); }
      @Override public Agent create(Game game, Params params, long seed) {
        return new Agent() {
          private SplittableRandom rng = new SplittableRandom(seed);
          @Override public int selectAction(State state) {
            Agent.requireDecisionNode(state);
            int me = state.currentPlayer();
            int[] legal = state.legalActions();
            State next = state.copy();                    // try each move on a copy, never on state
            for (int a : legal) {
              next.copyFrom(state);
              next.applyAction(a);
              if (next.isTerminal() && next.playerReturn(me) == game.maxUtility()) {
                return a;
              }
            }
            return legal[rng.nextInt(legal.length)];
          }
          @Override public void restart() { rng = new SplittableRandom(seed); }
        };
      }
    });
    TournamentConfig mine = TournamentConfig.roundRobin(List.of("tic_tac_toe"), List.of("win_now", "random"), 20);
    // ----
    Game ttt = dev.ponder.game.GameRegistry.load("tic_tac_toe");
    try (Agent a = AgentRegistry.create("win_now", ttt, 3L)) {
      State s = ttt.stateFromHistory(new int[] {0, 3, 1, 4});   // x can complete the top row at 2
      assertThat(a.selectAction(s)).isEqualTo(2);
      assertThat(s.historySize()).isEqualTo(4);                // the state given is unchanged
      State open = ttt.newInitialState();
      int first = a.selectAction(open);
      a.selectAction(open);
      a.restart();
      assertThat(a.selectAction(open)).isEqualTo(first);       // restart repeats the first decision
    }
    try (ArenaStore store = ArenaStore.open(db)) {
      Tournament.RunSummary run = new Tournament(mine).run(store, 2, (done, total) -> Progress.none(), null);
      assertThat(run.played()).isEqualTo(40);
      assertThat(run.errors()).isZero();
      Analysis.Result r = Analysis.analyse(store, run.tournamentId(), AnalysisOptions.defaults());
      assertThat(r.agents()).containsExactly("win_now", "random");
      // taking every immediate win beats random over 40 matches
      assertThat(r.games().get(0).agentMean()[0]).isGreaterThan(r.games().get(0).agentMean()[1]);
    }
  }

  @Test
  void whatTheApiRefuses() {
    assertThatThrownBy(() -> new Tournament(new TournamentConfig(List.of("tic_tac_toe"), List.of("uct", "uct(sims=1000)"),
        "", 1, 1L, TournamentConfig.ROUND_ROBIN, "", false))).hasMessageStartingWith("--agents lists the same agent twice");
  }

  @Test
  void everySnippetOfTheDocIsInThisFile() throws IOException {
    Path root = Path.of("").toAbsolutePath();
    while (root != null && !Files.isRegularFile(root.resolve("docs/arena.md"))) {
      root = root.getParent();
    }
    assertThat(root).as("docs/arena.md above the working directory").isNotNull();
    String doc = Files.readString(root.resolve("docs/arena.md"));
    Path self = root.resolve("ponder-arena/src/test/java/dev/ponder/arena/docs/ArenaDocExamplesTest.java");
    String haystack = normalize(Files.readString(self));
    List<String> snippets = new ArrayList<>();
    int i = 0;
    while ((i = doc.indexOf("```java\n", i)) >= 0) {
      int start = i + "```java\n".length();
      int end = doc.indexOf("\n```", start);
      snippets.add(doc.substring(start, end));
      i = end + 4;
    }
    assertThat(snippets).hasSize(6);
    for (String snippet : snippets) {
      assertThat(haystack).as("a snippet of docs/arena.md is not in %s:%n%s", self, snippet).contains(normalize(snippet));
    }
  }

  private static String normalize(String s) {
    return s.replaceAll("\\s+", " ").trim();
  }
}
