package dev.ponder.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one "did you mean" rule: a suggestion only when one candidate is clearly the closest. */
class SuggestionsTest {
  private static final List<String> COMMANDS = List.of("games", "agents", "search", "bench", "arena", "report", "replay",
      "solve", "exploitability", "play", "simulate", "check", "perft", "help");

  @Test
  void aSwapOfTwoLettersIsOneEdit() {
    assertThat(Suggestions.distance("serach", "search")).isEqualTo(1);
    assertThat(Suggestions.distance("agnet", "agent")).isEqualTo(1);
    assertThat(Suggestions.distance("pcut", "puct")).isEqualTo(1);
    assertThat(Suggestions.distance("kitten", "sitting")).isEqualTo(3); // Levenshtein's own example
    assertThat(Suggestions.distance("", "abc")).isEqualTo(3);
    assertThat(Suggestions.distance("ca", "abc")).isEqualTo(3); // optimal string alignment, not Damerau's 2
  }

  @Test
  void misspellingsWithinTheLimitAreSuggested() {
    assertThat(Suggestions.closest("serach", COMMANDS)).contains("search");
    assertThat(Suggestions.closest("tik_tac_toe", List.of("tic_tac_toe", "hex", "nim"))).contains("tic_tac_toe");
    assertThat(Suggestions.closest("boardsize", List.of("board_size", "num_cols", "num_rows"))).contains("board_size");
    assertThat(Suggestions.closest("sim", List.of("sims", "time_ms"))).contains("sims");
    assertThat(Suggestions.closest("timems", List.of("sims", "time_ms"))).contains("time_ms");
    assertThat(Suggestions.closest("time_s", List.of("sims", "time_ms"))).contains("time_ms");
    // uc is a prefix of two agents, but one edit from uct alone
    assertThat(Suggestions.closest("uc", List.of("random", "ucb_tuned", "uct", "puct"))).contains("uct");
    assertThat(Suggestions.closest("UCT", List.of("random", "uct"))).contains("uct");
  }

  @Test
  void aUniquePrefixIsSuggestedHoweverShort() {
    assertThat(Suggestions.closest("move", List.of("policy", "moves"))).contains("moves");
    assertThat(Suggestions.closest("transposition", List.of("auto", "tree", "transpositions"))).contains("transpositions");
    assertThat(Suggestions.closest("exploit", COMMANDS)).contains("exploitability");
    assertThat(Suggestions.closest("time", List.of("sims", "time_ms"))).contains("time_ms");
  }

  @Test
  void nothingIsSuggestedWhenNoCandidateIsClearlyClosest() {
    assertThat(Suggestions.closest("c", List.of("sims", "time_ms"))).isEmpty(); // one character: never corrected
    assertThat(Suggestions.closest("threads", List.of("sims", "time_ms"))).isEmpty();
    assertThat(Suggestions.closest("re", COMMANDS)).isEmpty(); // prefix of report and replay
    assertThat(Suggestions.closest("rep", COMMANDS)).isEmpty();
    assertThat(Suggestions.closest("pla", List.of("play", "plan"))).isEmpty(); // two at distance 1
    assertThat(Suggestions.closest("xyzzy", COMMANDS)).isEmpty();
    assertThat(Suggestions.closest("abcd", List.of("abxy"))).isEmpty(); // 2 edits: too many for 4 characters
    assertThat(Suggestions.closest("", COMMANDS)).isEmpty();
    assertThat(Suggestions.closest("x", List.of())).isEmpty();
    assertThat(Suggestions.didYouMean("xyzzy", COMMANDS)).isEmpty();
    assertThat(Suggestions.didYouMean("serach", COMMANDS)).isEqualTo(" (did you mean search?)");
  }

  @Test
  void unknownKeysAndValuesOfSpecStringsKeepTheListAndAddTheSuggestion() {
    List<ParamSpec> declared = List.of(ParamSpec.ofInt("board_size", 11, 1, 255, "cells per side"),
        ParamSpec.ofString("string_rep", "standard", "rendering"));
    assertThatThrownBy(() -> Params.resolve(new Spec("hex", Map.of("boardsize", "5")), declared))
        .hasMessage("unknown parameter 'boardsize' for hex; valid: board_size, string_rep (did you mean board_size?)");
    assertThatThrownBy(() -> Params.resolve(new Spec("hex", Map.of("colour", "5")), declared))
        .hasMessage("unknown parameter 'colour' for hex; valid: board_size, string_rep");
    Params p = Params.resolve(new Spec("hex", Map.of("string_rep", "explict")), declared);
    assertThatThrownBy(() -> p.requireOneOf("string_rep", "standard", "explicit"))
        .hasMessage("hex: string_rep=explict is not valid; valid: standard, explicit (did you mean explicit?)");
  }

  @Test
  void thePapersNameOfPuctsConstantPointsToTheKey() {
    List<String> puct = List.of("c_init", "c_base", "fpu", "fpu_value", "sims", "time_ms", "threads");
    assertThat(Suggestions.closest("c_puct", puct)).contains("c_init");
    assertThat(Suggestions.closest("cpuct", puct)).contains("c_init");
    // compose's constant is c
    assertThat(Suggestions.closest("c_puct", List.of("tree", "c", "c_base", "sims"))).contains("c");
    // where neither is a key, nothing
    assertThat(Suggestions.closest("c_puct", List.of("tau", "epsilon", "sims"))).isEmpty();
    assertThat(Suggestions.didYouMean("c_puct", puct)).isEqualTo(" (did you mean c_init?)");
  }

  /**
   * Another agent's name of the exploration constant points to this agent's ({@code c_init} of
   * puct to compose's {@code c}, and back), not to a key one letter away that names another
   * quantity ({@code q_init}, an unvisited child's value).
   */
  @Test
  void anotherAgentsExplorationConstantPointsToThisOnesNotToAOneLetterNeighbour() {
    List<String> compose = List.of("tree", "schedule", "c", "c_base", "fpu", "tau", "epsilon", "q_init", "sims");
    assertThat(Suggestions.closest("c_init", compose)).contains("c");
    assertThat(Suggestions.closest("c", List.of("c_init", "c_base", "fpu", "sims"))).contains("c_init");
    // without a name of the same quantity, no suggestion: q_init names another one
    assertThat(Suggestions.closest("c_init", List.of("q_init", "tau", "sims"))).isEmpty();
    assertThat(Suggestions.closest("c_inti", List.of("q_init", "tau", "sims"))).isEmpty();
    // a one-letter word is a symbol; a longer word may be misspelt as before
    assertThat(Suggestions.otherSymbol("c_init", "q_init")).isTrue();
    assertThat(Suggestions.otherSymbol("c_init", "c_inti")).isFalse();
    assertThat(Suggestions.closest("c_bsae", compose)).contains("c_base");
    assertThat(Suggestions.closest("q_inti", compose)).contains("q_init");
  }

  /**
   * A misspelling of another name of a candidate's quantity points to the candidate: {@code cinit}
   * and {@code c_int} (near puct's {@code c_init}) suggest compose's {@code c}, not {@code q_init};
   * where both a key and another name of it are valid, the key's own name wins a tie.
   */
  @Test
  void aMisspellingOfAnotherNameOfTheConstantPointsToThisAgentsName() {
    List<String> compose = List.of("tree", "schedule", "c", "c_base", "fpu", "tau", "epsilon", "q_init", "sims");
    assertThat(Suggestions.closest("cinit", compose)).contains("c");
    assertThat(Suggestions.closest("c_int", compose)).contains("c");
    assertThat(Suggestions.closest("c_int", List.of("c_init", "c_base", "fpu", "sims"))).contains("c_init");
    assertThat(Suggestions.closest("cinit", List.of("c_init", "c_base", "fpu", "sims"))).contains("c_init");
    // both c and c_init valid: the typed text's nearest own name decides
    assertThat(Suggestions.closest("c_int", List.of("c", "c_init", "sims"))).contains("c_init");
    // an unrelated misspelling is unchanged
    assertThat(Suggestions.closest("q_inti", compose)).contains("q_init");
  }

  /** Other tools' and papers' names of the budget, tree reuse and Gumbel's m point to Ponder's keys. */
  @Test
  void otherNamesOfTheBudgetReuseAndGumbelsMPointToTheKeys() {
    List<String> uct = List.of("c", "sims", "time_ms", "threads", "sync_us", "reuse", "expand", "keying");
    assertThat(Suggestions.closest("simulations", uct)).contains("sims");
    assertThat(Suggestions.closest("num_simulations", uct)).contains("sims");
    assertThat(Suggestions.closest("reuse_tree", uct)).contains("reuse");
    List<String> gumbel = List.of("max_considered", "gumbel_scale", "c_visit", "c_scale", "sims", "reuse");
    assertThat(Suggestions.closest("m", gumbel)).contains("max_considered");
    assertThat(Suggestions.closest("max_num_considered_actions", gumbel)).contains("max_considered");
    // a single letter that names nothing here is still not corrected
    assertThat(Suggestions.closest("m", uct)).isEmpty();
  }
}
