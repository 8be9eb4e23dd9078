package dev.ponder.game.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

public class ConformanceKitTest {

  @BeforeAll
  static void register() {
    GameRegistry.register(new ToyRaceGame.Factory());
  }

  /** The sound test game {@code toy_race} (registered), for other core tests. */
  public static Game toyRace() {
    register();
    return GameRegistry.load("toy_race");
  }

  /** A deep-check rate that is not positive is refused in the command line's words (it said "> 0"). */
  @Test
  void aNonPositiveDeepCheckRateIsRefused() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ConformanceKit.Options().deepCheckRate(0))
        .hasMessage("deepCheckRate must be greater than 0 (or Infinity for every state), got 0.0");
  }

  /**
   * A run stopped by stopWhen throws Stopped with what was checked: asked before each state, it
   * stops before the state it is asked for; asked once more after the playouts, it stops before the
   * checks over the run.
   */
  @Test
  void aStoppedRunSaysWhatItCheckedAndDoesNotPass() {
    Game g = toyRace();
    ConformanceKit.Report whole = ConformanceKit.check(g, new ConformanceKit.Options().playouts(5).checkResample(true));
    int[] asked = {0};
    ConformanceKit.Stopped early = org.assertj.core.api.Assertions.catchThrowableOfType(() -> ConformanceKit.check(g,
        new ConformanceKit.Options().playouts(5).checkResample(true).stopWhen(() -> ++asked[0] == 20)),
        ConformanceKit.Stopped.class);
    assertThat(early.checked().states()).isEqualTo(19);
    assertThat(early.checked().playouts()).isLessThan(5);
    assertThat(early.playout()).isEqualTo(early.checked().playouts()); // the playout in progress
    long afterAll = whole.states() + 1; // one ask per state, then one after the playouts
    asked[0] = 0;
    ConformanceKit.Stopped late = org.assertj.core.api.Assertions.catchThrowableOfType(() -> ConformanceKit.check(g,
        new ConformanceKit.Options().playouts(5).checkResample(true).stopWhen(() -> ++asked[0] == afterAll)),
        ConformanceKit.Stopped.class);
    assertThat(late.playout()).isEqualTo(-1);
    assertThat(late.checked().playouts()).isEqualTo(5);
    assertThat(late.checked().states()).isEqualTo(whole.states());
    assertThat(late.checked().maxLength()).isEqualTo(whole.maxLength());
  }

  @Test
  void soundGamePasses() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("toy_race"), new ConformanceKit.Options().checkResample(true));
    assertThat(r.playouts()).isEqualTo(1000);
    assertThat(r.states()).isGreaterThan(1000L * 6);
    // every reachable (player, history) pair at decision nodes is an information state here
    assertThat(r.informationStates()).isGreaterThan(50);
    assertThat(r.maxLength()).isLessThanOrEqualTo(18);
  }

  @ParameterizedTest
  @CsvSource({
      "shared_copy, copy",
      "unsorted, legal-actions",
      "bad_probability, chance-outcomes",
      "bad_undo, undo",
      "duplicate_strings, action-strings",
      "return_out_of_bounds, returns",
      "info_collision, information-state",
      "bad_resample, resample",
      "stale_copy_from, copy",
      "long_game, length",
      "bad_hash, hash",
      "not_zero_sum, returns",
      "lax_legality, legal-actions",
      "bad_string_to_action, action-strings",
      "short_tensor, tensors",
      "tensor_past_end, tensors",
      "late_copy, copy",
      "late_resample, resample",
      "sample_wrong_action, sample-action",
      "sample_extra_draw, sample-action",
      "sample_stale_copy, sample-action",
      "sample_stale_undo, sample-action",
      "nominal_max_low, returns",
      "undeclared_chance, chance-outcomes",
      "zero_length, length",
      "hash_ignores_count, hash",
      "hash_ignores_player, hash",
      "mid_return, returns",
      "shared_undo_stack, undo",
      "aliasing_copy_from_stack, undo",
      "aliasing_copy_from, copy",
      "undo_hidden_count, undo",
      "overflow, legal-actions"})
  void plantedFlawIsCaught(String flaw, String invariant) {
    String game = "toy_race(flaw=" + flaw + ")";
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load(game),
            new ConformanceKit.Options().seed(7).playouts(200).checkResample(true)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("conformance of " + game)
        .hasMessageContaining("seed 7")
        .hasMessageContaining("playout ")
        .hasMessageContaining("history [")
        .hasMessageContaining("): " + invariant + ": ");
  }

  @Test
  void tensorWritingPastItsSizeIsNamed() {
    // a caller may pass a longer buffer (one for both tensors): entries past the size are not the tensor's
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_race(flaw=tensor_past_end)"),
            new ConformanceKit.Options().seed(7).playouts(5)))
        .hasMessageContaining("history []")
        .hasMessageContaining("tensors: observationTensor(0) writes beyond the declared size 3: entry 3 of a longer"
            + " buffer became 0.0 (a tensor writes out[0..3) only; e.g. Arrays.fill(out, 0, 3, 0f), not Arrays.fill(out, 0f))");
  }

  @Test
  void failureIsReproducibleFromItsPlayout() {
    String msg = null;
    try {
      ConformanceKit.check(GameRegistry.load("toy_race(flaw=return_out_of_bounds)"), new ConformanceKit.Options().seed(11));
    } catch (AssertionError e) {
      msg = e.getMessage();
    }
    assertThat(msg).isNotNull();
    int playout = Integer.parseInt(msg.replaceAll("(?s).*playout (\\d+),.*", "$1"));
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_race(flaw=return_out_of_bounds)"),
            new ConformanceKit.Options().seed(11).onlyPlayout(playout)))
        .hasMessage(msg);
  }

  @Test
  void lateFlawFailureIsReproducibleFromItsPlayoutAndFoundAtEveryRate() {
    String game = "toy_race(flaw=late_copy)";
    String msg = null;
    try {
      ConformanceKit.check(GameRegistry.load(game), new ConformanceKit.Options().seed(13).playouts(300));
    } catch (AssertionError e) {
      msg = e.getMessage();
    }
    assertThat(msg).isNotNull().contains("): copy: ");
    int playout = Integer.parseInt(msg.replaceAll("(?s).*playout (\\d+),.*", "$1"));
    // the copy flaw appears only after ToyRaceGame.LATE_DEPTH actions: the kit found it deep in a game
    String history = msg.replaceAll("(?s).*history \\[([^]]*)].*", "$1");
    assertThat(history.split(", ")).hasSizeGreaterThanOrEqualTo(ToyRaceGame.LATE_DEPTH);
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load(game),
            new ConformanceKit.Options().seed(13).playouts(300).onlyPlayout(playout)))
        .hasMessage(msg);
    // a rarer sampling still finds it (later), checking every state finds it in the first long playout
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load(game),
            new ConformanceKit.Options().seed(13).playouts(1000).deepCheckRate(0.5)))
        .hasMessageContaining("): copy: ");
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load(game),
            new ConformanceKit.Options().seed(13).playouts(1).deepCheckRate(Double.POSITIVE_INFINITY)))
        .hasMessageContaining("playout 0,").hasMessageContaining("): copy: ");
  }

  @Test
  void aNominalMaxUtilityIsNotCheckedButTheStrictMinIs() {
    // returns ±2 with maxUtility 1 declared nominal and minUtility -2: only the strict side is checked
    Game nominal = GameRegistry.load("toy_race(flaw=nominal_max)");
    assertThat(nominal.maxUtilityNominal()).isTrue();
    assertThat(ConformanceKit.check(nominal, new ConformanceKit.Options().playouts(200)).playouts()).isEqualTo(200);
    // the same returns with a strict maxUtility fail
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_race(flaw=return_out_of_bounds)"),
            new ConformanceKit.Options().playouts(200)))
        .hasMessageContaining("): returns: player ").hasMessageContaining("return 2.0 outside [-1.0, 1.0]");
  }

  @Test
  void aNaNReturnIsNamedAsNotAFiniteNumberNotAsOutOfBounds() {
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_race(flaw=nan_return)"),
            new ConformanceKit.Options().playouts(10)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("): returns: player 0 return NaN is not a finite number; the game API requires finite returns")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("outside"));
  }

  @Test
  void aChanceGameThatDeclaresNoChanceOutcomesFailsAtItsFirstChanceNode() {
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_race(flaw=undeclared_chance)"),
            new ConformanceKit.Options().playouts(10)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("playout 0, history [")
        .hasMessageContaining("): chance-outcomes: chance node although maxChanceOutcomes is 0");
  }

  @Test
  void maxGameLengthZeroFailsWhenTheInitialStateIsNotTerminal() {
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load("toy_race(flaw=zero_length)"),
            new ConformanceKit.Options().playouts(10)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("): length: history length 1 exceeds maxGameLength 0");
  }

  @Test
  void aConstantSumGameWithoutItsUtilitySumFailsTheGameConstants() {
    String game = "toy_race(flaw=undeclared_sum)";
    assertThatThrownBy(() -> ConformanceKit.check(GameRegistry.load(game), new ConformanceKit.Options().playouts(10)))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("conformance of " + game + " (seed 20261129, before the playouts): game-constants: utilitySum"
            + " threw java.lang.IllegalStateException: toy_race is constant-sum but does not declare its utility sum at"
            + " dev.ponder.game.Game.utilitySum(Game.java:");
  }

  @Test
  void anExceptionOfTheGameNamesTheHistoryAndTheCallThatThrewAndWhere() {
    for (long seed = 1; seed <= 5; seed++) {
      for (String flaw : new String[] {"apply_throws", "undo_throws"}) {
        String game = "toy_race(flaw=" + flaw + ")";
        long s = seed;
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> ConformanceKit.check(GameRegistry.load(game),
            new ConformanceKit.Options().seed(s).playouts(50)));
        assertThat(t).as(game + " seed " + seed).isInstanceOf(AssertionError.class);
        String call = flaw.equals("apply_throws") ? "applyAction" : "undoAction";
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("conformance of \\Q" + game + "\\E \\(seed " + seed
            + ", playout \\d+, history \\[([0-9, ]*)\\]\\): no-exception: " + call + "\\((\\d)\\)( \\(\"\\+\\d\"\\))? threw"
            + " java\\.lang\\.IllegalStateException: planted: no (move from|undo to) count \\d at"
            + " dev\\.ponder\\.game\\.check\\.ToyRaceGame\\$Race\\.do(Apply|Undo)Action\\(ToyRaceGame\\.java:\\d+\\)( \\(on a .*\\))?")
            .matcher(t.getMessage());
        assertThat(m.matches()).as(t.getMessage()).isTrue();
        assertThat(t.getCause()).isInstanceOf(IllegalStateException.class).hasMessageStartingWith("planted: ");
        // the history named is where the call throws: replayed on a fresh state, that call throws there
        State st = GameRegistry.load(game).newInitialState();
        for (String a : m.group(1).isEmpty() ? new String[0] : m.group(1).split(", ")) {
          st.applyAction(Integer.parseInt(a));
        }
        int action = Integer.parseInt(m.group(2));
        if (call.equals("applyAction")) {
          assertThatThrownBy(() -> st.applyAction(action)).hasMessageStartingWith("planted: no move");
        } else {
          assertThat(st.historyAt(st.historySize() - 1)).isEqualTo(action);
          assertThatThrownBy(() -> st.undoAction(action)).hasMessageStartingWith("planted: no undo");
        }
      }
    }
  }

  @Test
  void soundGamePassesWhenEveryStateIsDeepChecked() {
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("toy_race"),
        new ConformanceKit.Options().playouts(50).deepCheckRate(Double.POSITIVE_INFINITY).checkResample(true));
    assertThat(r.playouts()).isEqualTo(50);
  }

  @Test
  void deepCheckRateMustBePositive() {
    assertThatThrownBy(() -> new ConformanceKit.Options().deepCheckRate(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("deepCheckRate");
    assertThatThrownBy(() -> new ConformanceKit.Options().deepCheckRate(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
  }

  private static String failure(String game, ConformanceKit.Options options) {
    try {
      ConformanceKit.check(GameRegistry.load(game), options);
    } catch (AssertionError e) {
      return e.getMessage();
    }
    throw new AssertionError(game + " passed the kit");
  }

  private static State play(String game, String history) {
    State s = GameRegistry.load(game).newInitialState();
    for (String a : history.split(", ")) {
      if (!a.isEmpty()) {
        s.applyAction(Integer.parseInt(a));
      }
    }
    return s;
  }

  @Test
  void aHashThatIgnoresPartOfTheStateFailsNamingBothHistories() {
    String game = "toy_race(flaw=hash_ignores_count)";
    String msg = failure(game, new ConformanceKit.Options().seed(5));
    String first = msg.lines().findFirst().orElseThrow();
    assertThat(first).matches("conformance of toy_race\\(flaw=hash_ignores_count\\) \\(seed 5, playout \\d+, history \\[[0-9, ]*]\\): "
        + "hash: the states after \\[[0-9, ]*]( \\(playout \\d+\\))? and after \\[[0-9, ]*] have the same hash -?\\d+ but different .*");
    // both histories, replayed independently, reach states with one hash and different boards
    String earlier = first.replaceAll(".*hash: the states after \\[([0-9, ]*)].*", "$1");
    String later = first.replaceAll(".* and after \\[([0-9, ]*)] have the same hash.*", "$1");
    State a = play(game, earlier);
    State b = play(game, later);
    assertThat(a.hash()).isEqualTo(b.hash());
    assertThat(a.toString()).isNotEqualTo(b.toString());
    assertThat(first).contains("same hash " + a.hash() + " but different ");
    // the two boards follow the line
    assertThat(msg).contains(":\n" + a + "\nvs\n" + b);
  }

  @Test
  void aHashThatIgnoresThePlayerToMoveFailsOnTheCurrentPlayer() {
    String msg = failure("toy_race(flaw=hash_ignores_player)", new ConformanceKit.Options().playouts(20));
    assertThat(msg).containsPattern("\\): hash: the states after \\[[0-9, ]*]( \\(playout \\d+\\))? and after \\[[0-9, ]*] have the same hash -?\\d+ "
        + "but different current player \\(-?\\d and -?\\d\\):\n");
  }

  @Test
  void aToStringThatShowsWhatHasNoEffectOnTheFutureDoesNotFailTheHash() {
    // toString shows the last action, which transpositions differ in; the hash rightly ignores it
    ConformanceKit.Report r = ConformanceKit.check(GameRegistry.load("toy_race(flaw=last_in_string)"),
        new ConformanceKit.Options().seed(5).checkResample(true));
    assertThat(r.playouts()).isEqualTo(1000);
    // such transpositions exist: +1 then bonus 1, and +2 then bonus 0
    State a = play("toy_race(flaw=last_in_string)", "0, 1");
    State b = play("toy_race(flaw=last_in_string)", "1, 0");
    assertThat(a.hash()).isEqualTo(b.hash());
    assertThat(a.toString()).isNotEqualTo(b.toString());
  }

  @Test
  void returnsBeforeTheEndOfATerminalRewardGameFail() {
    String msg = failure("toy_race(flaw=mid_return)", new ConformanceKit.Options().playouts(20));
    assertThat(msg).containsPattern("\\): returns: terminal-reward game gives player [01] return -?0\\.5 before the end");
  }

  @Test
  void aCopySharingItsUndoRecordsFailsWhenCopyAndOriginalUndoInTurn() {
    String msg = failure("toy_race(flaw=shared_undo_stack)", new ConformanceKit.Options().playouts(50));
    assertThat(msg).containsPattern("\\): undo: the state made by copy\\(\\) played \\d, the original played \\d, then the copy's undo of \\d "
        + "does not restore it, although undo alone does \\(do the two share undo records\\?\\):\n");
    // the same sharing through copyFrom is reported as copyFrom's (copy() calls it)
    String from = failure("toy_race(flaw=aliasing_copy_from_stack)", new ConformanceKit.Options().playouts(50));
    assertThat(from).contains("): undo: the state made by copyFrom() played ");
  }

  @Test
  void anUndoThatFailsOnItsOwnIsNotBlamedOnSharing() {
    // whether the playout's action or the other one of the interleaved check meets it, the plain undo is named
    for (long seed = 1; seed <= 5; seed++) {
      assertThat(failure("toy_race(flaw=bad_undo_of_two)", new ConformanceKit.Options().seed(seed).playouts(50)))
          .contains("): undo: undo of 1 does not restore the state")
          .doesNotContain("share undo records");
    }
  }

  @Test
  void aCopyFailureSaysWhichMethodMadeTheCopy() {
    ConformanceKit.Options options = new ConformanceKit.Options().playouts(200);
    // copy() alone shares the counts; copyFrom is sound
    assertThat(failure("toy_race(flaw=shared_copy)", options))
        .contains("): copy: applying actions to the state made by copy() changed the original (copyFrom() passed):\n");
    // copyFrom shares the counts (and copy() with it, as it calls copyFrom)
    assertThat(failure("toy_race(flaw=aliasing_copy_from)", options))
        .containsPattern("\\): copy: applying actions to the state made by copyFrom\\(\\) changed the original");
    assertThat(failure("toy_race(flaw=stale_copy_from)", options))
        .containsPattern("\\): copy: (the state made by )?copyFrom\\(\\) into a reused state differs from the original:\n");
  }

  @Test
  void moreLegalActionsThanMaxActionsPerStateFailLegalActions() {
    assertThat(failure("toy_race(flaw=overflow)", new ConformanceKit.Options().playouts(20)))
        .containsPattern("\\): legal-actions: legalActions\\(int\\[]\\) at history \\[[0-9, ]*] threw java.lang.ArrayIndexOutOfBoundsException: .* "
            + "with a buffer of maxActionsPerState\\(\\) = 2 entries: does it write more actions than that\\?$");
  }

  @Test
  void anUndoFailureSeenThroughTheHashPrintsBothStates() {
    // rarely deep-checked, so the undo is compared by the cheap features and the hash
    String msg = failure("toy_race(flaw=undo_hidden_count)", new ConformanceKit.Options().playouts(20).deepCheckRate(0.01));
    assertThat(msg).containsPattern("\\): undo: undo of \\d gives hash -?\\d+ instead of -?\\d+:\n"
        + "counts \\d+ \\d+, to move \\d\nvs\ncounts \\d+ \\d+, to move \\d$");
  }
}
