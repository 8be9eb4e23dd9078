package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM {@link Error} inside a match: an agent's NoClassDefFoundError (a jar missing from the
 * class path), AssertionError, StackOverflowError or ExceptionInInitializerError is that match's
 * error, stored like an exception; an OutOfMemoryError stops the run (the JVM itself is failing)
 * with every match finished before kept.
 */
class MatchJvmErrorTest {
  @TempDir Path dir;

  @Test
  void aJvmErrorOtherThanOutOfMemoryIsTheMatchsError() {
    String[] expected = {"NoClassDefFoundError: com/google/common/collect/ImmutableList",
        "AssertionError: invariant broken at move 1", "StackOverflowError", "ExceptionInInitializerError"};
    int[] kinds = {0, 1, 2, 4};
    for (int i = 0; i < kinds.length; i++) {
      String agent = "jvm_error(kind=" + kinds[i] + ")";
      MatchResult r = MatchRunner.play("tic_tac_toe", List.of("random", agent), 5L);
      assertThat(r.status()).as(agent).isEqualTo(MatchResult.Status.ERROR);
      // ExceptionInInitializerError: the innermost cause is reported (the wrapper's frame says nothing)
      String what = kinds[i] == 4 ? "NullPointerException: table" : expected[i];
      assertThat(r.message()).as(agent).startsWith("seat 1's agent " + agent + " failed in selectAction at move 1: " + what
          + " at dev.ponder.arena.TestAgents$JvmError");
      assertThat(r.actions()).hasSize(1);
      // a class missing from the class path: the record says what to do, as the command line does
      assertThat(r.message().endsWith(" (class com.google.common.collect.ImmutableList is not on the class path: add the"
          + " jar or class directory that holds it to PONDER_CLASSPATH)")).as(agent).isEqualTo(kinds[i] == 0);
    }
  }

  @Test
  void outOfMemoryPropagatesFromTheMatch() {
    assertThatThrownBy(() -> MatchRunner.play("tic_tac_toe", List.of("random", "jvm_error(kind=3)"), 5L))
        .isInstanceOf(OutOfMemoryError.class).hasMessage("Java heap space");
  }

  @Test
  void aTournamentStoresEveryMatchOfAnAgentMissingALibraryAsAnError() {
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("jvm_error", "random"), "", 2, 1,
        TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("l.db"))) {
      // two workers: an Error used to end each worker thread, leaving its matches unplayed
      Tournament.RunSummary r = new Tournament(c).run(s, 2, (d, t) -> Progress.none(), null);
      assertThat(r.total()).isEqualTo(4);
      assertThat(r.played()).isEqualTo(4);
      assertThat(r.errors()).isEqualTo(4);
      List<ArenaStore.StoredMatch> all = s.matches(r.tournamentId(), true);
      assertThat(all).hasSize(4).allMatch(m -> m.status() == MatchResult.Status.ERROR)
          .allMatch(m -> m.message().contains("agent jvm_error failed in selectAction at move ")
              && m.message().contains("NoClassDefFoundError: com/google/common/collect/ImmutableList"));
    }
  }

  @Test
  void outOfMemoryStopsTheRunAndKeepsWhatIsStored() {
    // first vs random plays fine; every match with the failing agent runs out of memory
    TournamentConfig c = new TournamentConfig(List.of("tic_tac_toe"), List.of("first", "random", "jvm_error(kind=3)"), "",
        3, 1, TournamentConfig.ROUND_ROBIN, "", false);
    try (ArenaStore s = ArenaStore.open(dir.resolve("m.db"))) {
      Tournament t = new Tournament(c);
      assertThatThrownBy(() -> t.run(s, 1, (d, tot) -> Progress.none(), null))
          .isInstanceOf(OutOfMemoryError.class);
      long id = s.tournaments().get(0).id();
      List<ArenaStore.StoredMatch> all = s.matches(id, true);
      // the run stopped at the first failing match: fewer than all stored, none of them an error,
      // and every one a full match between the two other agents
      assertThat(all.size()).isLessThan(t.schedule().size());
      assertThat(all).allMatch(m -> m.status() != MatchResult.Status.ERROR)
          .allMatch(m -> m.seats()[0] != 2 && m.seats()[1] != 2);
      // a resume with the agent fixed would play the rest: nothing stored twice, nothing of it an error
      assertThat(s.doneKeys(id)).hasSize(all.size());
    }
  }
}
