package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code ponder arena} with an agent added to a stored tournament: the new tournament copies the
 * identical matches of the stored one, and the warning and the summary line say how many; {@code
 * --no-reuse} plays them all.
 */
class ArenaReuseCliTest {
  @TempDir Path dir;

  private record Run(int code, String out, String err) {}

  private Run arena(String agents, String... extra) {
    CommandLine cl = Ponder.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    List<String> args = new java.util.ArrayList<>(List.of("arena", "--games", "tic_tac_toe", "--agents", agents, "--budget",
        "sims=3", "--seeds-per-pairing", "2", "--seed", "9", "--db", dir.resolve("r.db").toString(), "--report",
        dir.resolve("rep").toString(), "--no-progress", "--resamples", "40", "--elo-resamples", "40", "--sco-resamples", "40",
        "--alpharank-resamples", "40"));
    args.addAll(List.of(extra));
    int code = cl.execute(args.toArray(String[]::new));
    return new Run(code, out.toString(), err.toString());
  }

  private List<String> warnings(Run r) {
    return r.err().lines().filter(l -> l.startsWith("warning:")).toList();
  }

  @Test
  void anAddedAgentReusesTheStoredMatchesAndNoReusePlaysThemAll() throws Exception {
    Path db = dir.resolve("r.db");
    Run first = arena("random,uct");
    assertThat(first.code()).as(first.err()).isZero();
    assertThat(first.out()).contains("Tournament 1: 1 game, 2 agents; 4 matches (0 already stored, 4 played now");

    // 3 agents: 6 ordered pairs x 2 seeds; the 2 x 2 of random and uct are stored under tournament 1
    Run added = arena("random,uct,puct");
    assertThat(added.code()).as(added.err()).isZero();
    assertThat(warnings(added)).containsExactly("warning: no stored tournament in " + db + " has this configuration"
        + " (1 stored; agents/games order and budgets are part of it); starting tournament 2 ('ponder report --db " + db
        + " --list' shows the stored ones); 4 of its 12 matches are reused from tournament 1 (identical matches are"
        + " copied, not played again; --no-reuse plays them, e.g. after rebuilding a game or agent of your own)");
    assertThat(added.out()).contains("Tournament 2: 1 game, 3 agents; 12 matches (0 already stored, 4 matches reused from"
        + " tournament 1, 8 played now with 0 errors)");
    // the report lists all 12 matches of tournament 2
    assertThat(Files.readAllLines(dir.resolve("rep/matches.csv"))).hasSize(13);

    // the same command resumes tournament 2: nothing to copy, nothing to play, no warning
    Run again = arena("random,uct,puct");
    assertThat(warnings(again)).isEmpty();
    assertThat(again.out()).contains("12 matches (12 already stored, 0 played now with 0 errors)");

    Run fresh = arena("puct,uct,random", "--no-reuse");
    assertThat(fresh.code()).as(fresh.err()).isZero();
    assertThat(warnings(fresh)).hasSize(1);
    assertThat(warnings(fresh).get(0)).contains("starting tournament 3")
        .endsWith("; --no-reuse: all 12 matches are played afresh");
    assertThat(fresh.out()).contains("12 matches (0 already stored, 12 played now with 0 errors)");

    // another order of the same agents: every match is stored under tournament 2 (lowest id first)
    // for the pairs with puct, and under tournaments 1 and 2 for random and uct: taken from 1
    Run reordered = arena("uct,puct,random");
    assertThat(reordered.out()).contains("12 matches (0 already stored, 12 matches reused from tournaments 1 (4), 2 (8),"
        + " 0 played now with 0 errors)");
  }

  @Test
  void aTournamentStoredBeforeGameParametersIsNamedWithWhatToDo() throws Exception {
    Path db = dir.resolve("r.db");
    assertThat(arena("random,uct").code()).isZero();
    // as a store written before games.params existed holds it after the upgrade: NULL
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath());
         java.sql.Statement st = c.createStatement()) {
      assertThat(st.executeUpdate("UPDATE games SET params=NULL")).isEqualTo(1);
    }
    Run added = arena("random,uct,puct");
    assertThat(added.code()).as(added.err()).isZero();
    assertThat(warnings(added)).hasSize(1);
    assertThat(warnings(added).get(0)).contains("starting tournament 2").endsWith("; none of its 12 matches can be reused:"
        + " tournament 1 was stored before game parameters were kept (the defaults its games were played with are"
        + " unknown); to reuse its identical matches, stop this run, run tournament 1's own command once more (that"
        + " records them; 'ponder report --db " + db + " --list' shows its configuration), then this one again");
    assertThat(added.out()).contains("12 matches (0 already stored, 12 played now with 0 errors)");

    // what the line says to do: tournament 1's command records its games' parameters; then a new
    // tournament reuses its matches
    Run own = arena("random,uct");
    assertThat(own.out()).contains("4 matches (4 already stored, 0 played now with 0 errors)");
    Run third = arena("uct,random"); // its 4 matches are stored in tournaments 1 and 2: taken from 1
    assertThat(third.out()).contains("4 matches (0 already stored, 4 matches reused from tournament 1, 0 played now");
  }
}
