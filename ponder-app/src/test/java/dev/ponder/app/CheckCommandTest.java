package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CheckCommandTest {

  @BeforeAll
  static void registerTheTestGame() {
    GameRegistry.register(new RaceGame.LeakyFactory());
    GameRegistry.register(new RaceGame.OpenFactory());
    GameRegistry.register(new org.example.owngame.OwnFaultGame.Factory());
  }

  @Test
  void aGameThatThrowsIsNamedAtTheHistoryOfTheThrowingCallWithThePlaceAndVerboseGivesTheTrace() {
    String game = "own_fault(fault=apply)"; // applying any move at total 3 or more throws
    Cli r = Cli.run("check", game);
    assertThat(r.exit).as(r.err).isEqualTo(1);
    assertThat(r.err.lines()).as(r.err).singleElement();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("ponder: error: conformance of \\Q" + game
        + "\\E \\(seed 20261129, playout 0, history \\[([0-9, ]*)\\]\\): no-exception: applyAction\\(([01])\\)"
        + " \\(\"add[12]\"\\) threw java\\.lang\\.IllegalStateException: roll bookkeeping out of sync at"
        + " org\\.example\\.owngame\\.OwnFaultGame\\$S\\.doApplyAction\\(OwnFaultGame\\.java:\\d+\\)( \\(on a .*\\))?\n")
        .matcher(r.err);
    assertThat(m.matches()).as(r.err).isTrue();
    // the history named is one where applying the move named throws: a total of 3 or more
    int total = 0;
    for (String a : m.group(1).split(", ")) {
      total += Integer.parseInt(a) + 1;
    }
    assertThat(total).as(r.err).isGreaterThanOrEqualTo(3);
    assertThat(total - (Integer.parseInt(m.group(1).substring(m.group(1).lastIndexOf(' ') + 1)) + 1))
        .as("the move before it was still legal to apply: " + r.err).isLessThan(3);
    assertThat(r.out).contains("cause: java.lang.IllegalStateException: roll bookkeeping out of sync at org.example.owngame.")
        .contains("(--verbose prints its stack trace)")
        .contains("rerun this playout alone: ponder check '" + game + "' --seed 20261129 --playout 0");
    // --verbose: the same line, then the game's exception with its stack trace
    Cli v = Cli.run("check", game, "--verbose");
    assertThat(v.exit).isEqualTo(1);
    assertThat(v.err).startsWith(r.err)
        .contains("java.lang.IllegalStateException: roll bookkeeping out of sync\n\tat org.example.owngame.OwnFaultGame$S.doApplyAction(")
        .contains("\tat dev.ponder.game.check.ConformanceKit");
  }

  /**
   * A long run shows the states checked so far on stderr (every 10 s; here at every report of the
   * kit, each 256 states): 10,000 games of tic-tac-toe are 80,000 states or so.
   */
  @Test
  void aLongRunShowsItsProgressOnStandardError() {
    Cli r = Cli.run("check", "tic_tac_toe", "-n", "10000", "--progress-interval", "0");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.err.lines()).as(r.err).first().asString().matches("check tic_tac_toe: 256 states so far, \\d+:\\d\\d elapsed");
    java.util.regex.Matcher ok = java.util.regex.Pattern.compile("ok: 10000 playouts, (\\d+) states").matcher(r.out);
    assertThat(ok.find()).as(r.out).isTrue();
    assertThat(r.err).as(r.err).contains("check tic_tac_toe: " + ok.group(1) + " states so far");
    // --no-progress: nothing on stderr, the same result
    Cli quiet = Cli.run("check", "tic_tac_toe", "-n", "10000", "--progress-interval", "0", "--no-progress");
    assertThat(quiet.exit).as(quiet.err).isZero();
    assertThat(quiet.err).isEmpty();
    assertThat(quiet.out).isEqualTo(r.out);
    assertThat(r.out).doesNotContain("so far");
  }

  @Test
  void anImperfectInformationGameThatHidesNothingPassesWithAWarning() {
    Cli r = Cli.run("check", "open_race", "-n", "50");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.err.lines().count()).as(r.err).isEqualTo(1);
    assertThat(r.err).startsWith("warning: hidden-information: open_race declares imperfect information, yet in ")
        .contains(" decisions of 50 playouts no information state of the player to move was met after two different histories")
        .contains(": does informationStateString hide anything?");
    assertThat(r.out).contains("  over the run: some information state of the player to move comes with two different histories")
        .contains("ok: 50 playouts, ");
    // games that hide cards, dice or moves get no warning
    for (String game : new String[] {"kuhn_poker", "phantom_ttt", "goofspiel(num_cards=3)"}) {
      Cli hidden = Cli.run("check", game, "-n", "30");
      assertThat(hidden.exit).as(game + ": " + hidden.err).isZero();
      assertThat(hidden.err).as(game).isEmpty();
    }
  }

  @Test
  void aGoodGamePassesAndSaysWhatWasChecked() {
    Cli r = Cli.run("check", "tic_tac_toe", "--playouts", "200", "--seed", "5");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.err).isEmpty();
    assertThat(r.out).startsWith("checking tic_tac_toe: 200 random playouts (seed 5)\n")
        .contains("every state: current player, legal actions, chance outcomes, returns")
        .contains("MatchRecord round trip");
    // tic-tac-toe playouts last 5..9 moves; states = sum of (length + 1) over the playouts
    assertThat(r.out).containsPattern("ok: 200 playouts, (\\d{4}) states, \\d+ information states, longest playout 9 actions");
    // the same check passes on the correct variant of the test game
    Cli fixed = Cli.run("check", "leaky_race(leak=false)", "-n", "100");
    assertThat(fixed.exit).as(fixed.err).isZero();
    assertThat(fixed.out).contains("ok: 100 playouts");
  }

  @Test
  void imperfectInformationGamesAreCheckedForPerfectRecallAndHiddenInformation() {
    Cli r = Cli.run("check", "kuhn_poker", "--playouts", "100");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).contains("  every decision: perfect recall (no information state at two decisions of one history;"
            + " one information state, one own earlier sequence of information states and actions)\n")
        .contains("MatchRecord round trip, information states (one string, one informationStateKey, over the run and in resampled"
            + " worlds), resample and resampleInto\n")
        .contains("  over the run: resample and resampleInto give a world other than the source")
        .contains("  over the run, when the game tree has at most 65536 nodes: resample and resampleInto draw each world with its"
            + " probability (the product of the chance probabilities along its history), at up to 64 information states");
    // kuhn_poker's 58-node tree: each of the 12 information states of the player to move, and the other player's
    // information state there (12 more), has 2 worlds (the other card) that differ only in chance outcomes
    assertThat(r.out).endsWith("resample distribution: checked at 24 information states\n");
    Cli dice = Cli.run("check", "liars_dice", "--playouts", "20");
    assertThat(dice.exit).as(dice.err).isZero();
    assertThat(dice.out).endsWith("resample distribution: not checked (the game tree has more than 65536 nodes, or no information"
        + " state whose worlds differ only in chance outcomes)\n");
    Cli declared = Cli.run("check", "leduc_poker(action_mapping=true)", "--playouts", "50");
    assertThat(declared.exit).as(declared.err).isZero();
    assertThat(declared.out).contains("; the game declares no perfect recall otherwise)");
    Cli perfect = Cli.run("check", "tic_tac_toe", "--playouts", "10");
    assertThat(perfect.out).doesNotContain("perfect recall").doesNotContain("over the run");
  }

  @Test
  void aBrokenGameFailsWithOneLineNamingSeedPlayoutHistoryAndInvariant() {
    Cli r = Cli.run("check", "leaky_race", "--seed", "3");
    assertThat(r.exit).isEqualTo(1);
    assertThat(r.err.lines().count()).as(r.err).isEqualTo(1);
    // the game's copyFrom (which its copy() calls) forgets the history: the message names copyFrom()
    assertThat(r.err).matches("(?s)ponder: error: conformance of leaky_race \\(seed 3, playout 0, history \\[[0-9, ]+\\]\\): copy: "
        + "(the state made by )?copyFrom\\(\\) into a reused state differs from the original \\(details on standard output\\)\n");
    // the states that differ follow on stdout: the copy's board is not the original's
    assertThat(r.out).contains("detail:\n").contains("total ");
    assertThat(r.out).contains("rerun this playout alone: ponder check 'leaky_race' --seed 3 --playout 0");
    // the rerun reproduces the same failure
    Cli again = Cli.run("check", "leaky_race", "--seed", "3", "--playout", "0");
    assertThat(again.exit).isEqualTo(1);
    assertThat(again.err).isEqualTo(r.err);
  }

  @Test
  void aNominalBoundIsSaidAndOnlyTheStrictSideIsChecked() {
    Cli nominal = Cli.run("check", "2048", "-n", "3");
    assertThat(nominal.exit).as(nominal.err).isZero();
    assertThat(nominal.out).contains("  returns: maxUtility 20480 is nominal (the game declares it so): returns are checked against minUtility 0 only\n");
    // small max_tile values declare a strict bound, which random play keeps (it exceeded OpenSpiel's 48 before)
    Cli small = Cli.run("check", "2048(max_tile=16)", "-n", "300");
    assertThat(small.exit).as(small.err).isZero();
    assertThat(small.out).doesNotContain("nominal").contains("ok: 300 playouts");
    // games that declared no chance outcomes or ended at their root were refused before
    for (String game : new String[] {"goofspiel(points_order=descending)", "clobber(rows=1,columns=1)"}) {
      Cli r = Cli.run("check", game, "-n", "20");
      assertThat(r.exit).as(game + ": " + r.err).isZero();
    }
  }

  @Test
  void badInputIsAUsageError() {
    Cli unknown = Cli.run("check", "no_such_game");
    assertThat(unknown.exit).isEqualTo(2);
    assertThat(unknown.err).startsWith("ponder: unknown game 'no_such_game'; known games: ");
    Cli zero = Cli.run("check", "tic_tac_toe", "--playouts", "0");
    assertThat(zero.exit).isEqualTo(2);
    assertThat(zero.err).isEqualTo("ponder: --playouts must be at least 1, got 0\n");
    Cli range = Cli.run("check", "leaky_race(goal=0)");
    assertThat(range.exit).isEqualTo(2);
    assertThat(range.err).isEqualTo("ponder: leaky_race: goal=0 is out of range; valid: 1..100\n");
    Cli missing = Cli.run("check");
    assertThat(missing.exit).isEqualTo(2);
    assertThat(missing.err).contains("GAME");
  }

  @Test
  void helpNamesTheOptions() {
    Cli r = Cli.run("check", "--help");
    assertThat(r.exit).isZero();
    assertThat(r.out).contains("--playouts").contains("--seed").contains("--playout=I").contains("Exit 0");
  }

  @Test
  void countsOfOneAreSingular() {
    // goal 1: one action ends the game; one playout has two states and one information state
    Cli one = Cli.run("check", "leaky_race(goal=1,leak=false)", "-n", "1");
    assertThat(one.exit).as(one.err).isZero();
    assertThat(one.out).startsWith("checking leaky_race(goal=1,leak=False): 1 random playout (seed 20261129)\n")
        .endsWith("ok: 1 playout, 2 states, 1 information state, longest playout 1 action\n");
    Cli two = Cli.run("check", "leaky_race(goal=2,leak=false)", "-n", "2", "--seed", "1");
    assertThat(two.exit).as(two.err).isZero();
    assertThat(two.out).containsPattern("ok: 2 playouts, \\d+ states, \\d+ information states, longest playout [12] actions?\n");
    assertThat(CheckCommand.count(0, "playout")).isEqualTo("0 playouts");
    assertThat(CheckCommand.count(1, "information state")).isEqualTo("1 information state");
  }

  @Test
  void aHashCollisionNamesBothHistoriesAndTheRerunReproducesIt() {
    Cli r = Cli.run("check", "leaky_race(leak=false,total_hash=true)", "--seed", "4");
    assertThat(r.exit).isEqualTo(1);
    assertThat(r.err.lines().count()).as(r.err).isEqualTo(1);
    assertThat(r.err).matches("ponder: error: conformance of leaky_race\\(leak=False,total_hash=True\\) \\(seed 4, playout (\\d+), "
        + "history \\[[0-9, ]+]\\): hash: the states after \\[[0-9, ]*]( \\(playout \\d+\\))? and after \\[[0-9, ]+] have the same hash "
        + "\\d+ but different current player \\([01] and [01]\\) \\(details on standard output\\)\n");
    // both boards on stdout, then the command that reproduces the failure (the earlier playout included)
    assertThat(r.out).containsPattern("detail:\ntotal \\d+ of 10, player [01] to move\nvs\ntotal \\d+ of 10, player [01] to move\n");
    // with seed 4 the earlier state comes from playout 0 and the failure from playout 1 (its history [1, 1, 1])
    assertThat(r.err).contains("(seed 4, playout 1, history [1, 1, 1]): hash: the states after [0, 1, 1, 0] (playout 0) and after [1, 1, 1] ");
    assertThat(r.out).endsWith("rerun up to this playout (the failure involves playout 0): "
        + "ponder check 'leaky_race(leak=False,total_hash=True)' --seed 4 --playouts 2\n");
    Cli again = Cli.run("check", "leaky_race(leak=False,total_hash=True)", "--seed", "4", "--playouts", "2");
    assertThat(again.exit).isEqualTo(1);
    assertThat(again.err).isEqualTo(r.err);
    // playout 1 alone does not meet playout 0's state, hence the hint above instead of --playout 1
    assertThat(Cli.run("check", "leaky_race(leak=False,total_hash=True)", "--seed", "4", "--playout", "1").err).isNotEqualTo(r.err);
    // the same game with a hash that keeps the player passes
    Cli sound = Cli.run("check", "leaky_race(leak=false)", "--seed", "4", "-n", "300");
    assertThat(sound.exit).as(sound.err).isZero();
    assertThat(sound.out).contains("hash collisions (states with one hash() must agree in player, legal actions, toString)");
  }

  @Test
  void aFailureInvolvingAnEarlierPlayoutIsRerunUpToItsPlayout() {
    // the kit's first lines, in the wording of ConformanceKit's perfect-recall, information-state
    // and hash checks
    String head = "conformance of high_card (seed 20261129, playout 8, history [3, 0, 1, 2]): ";
    assertThat(CheckCommand.rerunHint(head + "perfect-recall: player 0 has the same information state \"P0 card 4 | facing\""
        + " after histories [3, 2, 0, 1] (playout 1) and [3, 0, 1, 2], but its own earlier information states and actions"
        + " differ there", "high_card"))
        .isEqualTo("rerun up to this playout (the failure involves playout 1): ponder check 'high_card' --seed 20261129 --playouts 9");
    assertThat(CheckCommand.rerunHint(head + "information-state: player 1 has the same information state \"P1 card 4 | \""
        + " after histories [1, 3, 1] and [0, 3, 0] but legal actions [0, 1, 2] and [0, 1]", "high_card"))
        .isEqualTo("rerun up to this playout (the failure may involve an earlier one): ponder check 'high_card' --seed 20261129"
            + " --playouts 9");
    // the same information state twice on the playout's own history: the playout alone reproduces it
    assertThat(CheckCommand.rerunHint(head + "perfect-recall: player 0 has the same information state \"P0 card 1 | \" at two"
        + " of its decisions on one history, after [3, 0] and after [3, 0, 1, 2]", "high_card"))
        .isEqualTo("rerun this playout alone: ponder check 'high_card' --seed 20261129 --playout 8");
    assertThat(CheckCommand.rerunHint("conformance of g (seed 1, before the playouts): x", "g")).isNull();
  }
}
