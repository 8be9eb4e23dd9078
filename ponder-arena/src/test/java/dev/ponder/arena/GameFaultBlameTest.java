package dev.ponder.arena;

import dev.ponder.game.fixtures.FlawedDieGame;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.rating.Sco;
import java.nio.file.Path;
import java.util.List;
import org.example.owngame.OwnFaultGame;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game's own faults are blamed on the game, not on the agent whose search met them, and rank no
 * agent last on the ballot. Before, an exception thrown in the game's {@code doApplyAction} inside
 * uct's search was stored as seat 0's failure, and an error naming no seat (a broken contract) was
 * blamed on every agent of the match, so uct was ranked last on {@code flawed_die(shortfall=0.1)}.
 */
class GameFaultBlameTest {
  @TempDir static Path dir;

  @BeforeAll
  static void registerTheTestGames() {
    GameRegistry.register(new FlawedDieGame.Factory());
    GameRegistry.register(new OwnFaultGame.Factory());
  }

  @Test
  void theGamesOwnExceptionInAnAgentsSearchIsTheGames() {
    // uct's search applies moves on copies and reaches total 3, where the game's doApplyAction throws
    MatchResult r = MatchRunner.play("own_fault(fault=apply)", List.of("uct(sims=50)", "first"), 3);
    assertThat(r.status()).isEqualTo(MatchResult.Status.ERROR);
    assertThat(r.message()).startsWith("game own_fault failed during seat 0's agent uct(sims=50)'s selectAction at move 0:"
        + " IllegalStateException: roll bookkeeping out of sync at org.example.owngame.OwnFaultGame$S.doApplyAction(");
    assertThat(r.failedSeat()).isEqualTo(-1);
  }

  /**
   * A fault of the game's met inside an agent's call is blamed on no seat, and its message says so
   * in the store, the terminal summary and the report's files alike (report.md quotes no message,
   * matches.csv every one): the game failed during that agent's call. Before, the message began
   * {@code seat 0's agent uct(sims=50) failed in selectAction}, the wording of the agent's own
   * fault, beside a failed seat of −1.
   */
  @Test
  void theGamesFaultInAnAgentsCallIsWordedAsTheGamesEverywhere() {
    TournamentConfig c = new TournamentConfig(List.of("own_fault(fault=apply)"), List.of("uct(sims=50)", "first"), "", 1,
        3, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("wording.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      // uct sits first in one seat order and second in the other; its search meets total 3 either way
      List<ArenaStore.StoredMatch> errors = all.stream().filter(m -> m.status() == MatchResult.Status.ERROR).toList();
      assertThat(errors).isNotEmpty().allSatisfy(m -> {
        assertThat(m.failedSeat()).isEqualTo(-1);
        assertThat(m.message()).matches("game own_fault failed during seat [01]'s agent uct\\(sims=50\\)'s selectAction"
            + " at move \\d+: IllegalStateException: roll bookkeeping out of sync at"
            + " org\\.example\\.owngame\\.OwnFaultGame\\$S\\.doApplyAction\\(.*")
            .doesNotContain("failed in selectAction");
      });
      Analysis.Result r = Analysis.analyse(s, id, new AnalysisOptions(200, 40, 40, 0.95, 5,
          dev.ponder.rating.AlphaRank.Options.infinite(), Sco.Options.defaults(), "", ""), all,
          new Analysis.Execution(1, Progress.Factory.NONE));
      assertThat(r.firstError()).startsWith("own_fault(fault=apply), seed index 0, uct(sims=50) vs first: game own_fault"
          + " failed during seat 0's agent uct(sims=50)'s selectAction at move 0: IllegalStateException: ");
      assertThat(Report.terminal(r)).contains("; first: " + r.firstError() + "\n");
      // the report's files hold the stored messages as they are
      Report.write(r, all, dir.resolve("wording-report"));
      for (String file : List.of("report.md", "report.json", "matches.csv")) {
        assertThat(dir.resolve("wording-report").resolve(file)).content().doesNotContain("failed in selectAction");
      }
      assertThat(dir.resolve("wording-report/matches.csv")).content()
          .contains("game own_fault failed during seat 0's agent uct(sims=50)'s selectAction at move 0: ");
    }
  }

  @Test
  void theWordingOfEachAgentCallInWhichTheGameFailed() {
    RuntimeException e = new IllegalStateException("bad");
    e.setStackTrace(new StackTraceElement[] {new StackTraceElement("com.example.Race$S", "doApplyAction", "Race.java", 7)});
    assertThat(MatchRunner.thrown(e, "race", 1, "uct", MatchRunner.CALL_INFORM, -1, 0, 4)).isEqualTo("game race failed"
        + " during seat 1's agent uct's informAction at move 4: IllegalStateException: bad at"
        + " com.example.Race$S.doApplyAction(Race.java:7)");
    assertThat(MatchRunner.thrown(e, "race", 0, "uct", MatchRunner.CALL_CREATE, -1, 0, 0)).startsWith("game race failed"
        + " while seat 0's agent uct was created at move 0: IllegalStateException: bad at ");
    // the agent's own fault, and the arena's calls into the game, keep their wording
    assertThat(MatchRunner.thrown(e, null, 1, "uct", MatchRunner.CALL_SELECT, -1, 0, 4))
        .isEqualTo(MatchRunner.thrown(e, 1, "uct", MatchRunner.CALL_SELECT, -1, 0, 4))
        .startsWith("seat 1's agent uct failed in selectAction at move 4: ");
    assertThat(MatchRunner.thrown(e, "race", -1, "", MatchRunner.CALL_APPLY, 0, 1, 4))
        .startsWith("applying seat 0's move 1 failed (in State.applyAction) at move 4: ");
  }

  @Test
  void wherePlacesTheFault() {
    Game own = GameRegistry.load("own_fault");
    Game ttt = GameRegistry.load("tic_tac_toe");
    assertThat(MatchRunner.inGameCode(at("org.example.owngame.OwnFaultGame$S", "doApplyAction"), own,
        own.newInitialState(), null)).isTrue();
    // an anonymous class of the state; and a named class nested in a game of Ponder's is not the game's
    assertThat(MatchRunner.inGameCode(at("org.example.owngame.OwnFaultGame$S$1", "run"), own, own.newInitialState(),
        null)).isTrue();
    // another class of the game's own package (a helper of its rules)
    assertThat(MatchRunner.inGameCode(at("org.example.owngame.Rules", "fill"), own, own.newInitialState(), null))
        .isTrue();
    // Ponder's shared code, and an agent's code elsewhere, are not the game's
    assertThat(MatchRunner.inGameCode(at("dev.ponder.game.State", "applyAction"), own, own.newInitialState(), null))
        .isFalse();
    assertThat(MatchRunner.inGameCode(at("com.example.MyAgent", "selectAction"), own, own.newInitialState(), null))
        .isFalse();
    // a built-in game: its own classes only, not every class of Ponder's games package
    String tttClass = ttt.newInitialState().getClass().getName();
    assertThat(MatchRunner.inGameCode(at(tttClass, "doApplyAction"), ttt, ttt.newInitialState(), null)).isTrue();
    assertThat(MatchRunner.inGameCode(at(ttt.getClass().getPackageName() + ".SomeHelper", "x"), ttt,
        ttt.newInitialState(), null)).isFalse();
    assertThat(MatchRunner.inGameCode(at(ttt.getClass().getName() + "$Bot", "x"), ttt, ttt.newInitialState(), null))
        .isFalse();
    // a broken contract is the game's wherever it was found; another exception of an agent's stays its own
    assertThat(MatchRunner.blamed(new RuntimeException(new dev.ponder.game.GameContractException("x")), 1, own,
        own.newInitialState(), null)).isEqualTo(-1);
    assertThat(MatchRunner.blamed(at("com.example.MyAgent", "selectAction"), 1, own, own.newInitialState(), null))
        .isEqualTo(1);
  }

  private static RuntimeException at(String className, String method) {
    RuntimeException e = new IllegalStateException("bad");
    e.setStackTrace(new StackTraceElement[] {new StackTraceElement(className, method, "X.java", 7)});
    return e;
  }

  @Test
  void aGameThatBreaksItsContractRanksNoAgentLast() {
    // uct's search meets the die's 0.9 and first(offset=1) rolls it: every match of their pairing
    // ends in the game's error; first stays, and its matches are played
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe", "flawed_die(shortfall=0.1)"),
        List.of("uct(sims=20)", "first(offset=1)", "first"), "", 2, 3, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("d.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      assertThat(all.stream().filter(m -> m.status() == MatchResult.Status.ERROR)).isNotEmpty()
          .allMatch(m -> m.failedSeat() == -1);
      Analysis.Result r = Analysis.analyse(s, id, new AnalysisOptions(200, 40, 40, 0.95, 5,
          dev.ponder.rating.AlphaRank.Options.infinite(), Sco.Options.defaults(), "", ""), all,
          new Analysis.Execution(1, Progress.Factory.NONE));
      Analysis.GameResult die = r.games().get(1);
      assertThat(die.errorMatches()).containsExactly(0, 0, 0);
      assertThat(Report.errorAgentsLine(r)).isEmpty();
    }
  }

  /**
   * Every match of flawed_die(nan=true) ends in an error: flaky(from=0) throws at its first move
   * as player 0 (its fault: a forfeit), first(offset=1) rolls and the game returns NaN, uct's
   * search meets the NaN (the game's faults, not scored); player 1 never moves. Each of flaky's
   * forfeits shares its pairing and seed index with a game's own error (the other seat order), so
   * it is left out with it for seat balance: no match is scored, and the game has no ballot. (Before
   * forfeits, the game had a ballot of its own, {@code errors-last}, with flaky last.)
   */
  @Test
  void forfeitsInAPairingBrokenByTheGamesOwnErrorAreLeftOutWithIt() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe", "flawed_die(nan=true)"),
        List.of("flaky(from=0)", "first(offset=1)", "uct(sims=20)"), "", 2, 3, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("nan.db"))) {
      long id = new Tournament(c).run(s, 1, (d, t) -> Progress.none(), null).tournamentId();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      Analysis.Result r = Analysis.analyse(s, id, new AnalysisOptions(200, 40, 40, 0.95, 5,
          dev.ponder.rating.AlphaRank.Options.infinite(), Sco.Options.defaults(), "", ""), all,
          new Analysis.Execution(1, Progress.Factory.NONE));
      Analysis.GameResult die = r.games().get(1);
      assertThat(die.errors()).isEqualTo(die.matches());
      assertThat(die.errorMatches()).containsExactly(4, 0, 0);
      assertThat(die.method()).isEqualTo("none");
      assertThat(die.ballot()).containsOnly(Double.NaN);
      assertThat(die.note()).isEqualTo("no analysed match was scored (every one ended in the game's own error or was left"
          + " out with one for seat balance): no ballot");
      String text = Report.terminal(r);
      assertThat(text).contains("flawed_die(nan=true) (2 players, 12 matches, 0 seeds, 12 errors): none\n")
          .doesNotContain("    ballot: first(offset=1)");
      assertThat(Report.alphaRankSettings(r)).doesNotContain("flawed_die");
    }
  }
}
