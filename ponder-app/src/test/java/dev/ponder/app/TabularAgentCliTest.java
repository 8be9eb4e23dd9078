package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.solve.CfrSolver;
import dev.ponder.solve.GameTree;
import dev.ponder.solve.TabularPolicy;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent {@code tabular(file=F)} in the commands: exploitability and arena. */
class TabularAgentCliTest {
  @TempDir static Path dir;
  static Path file;

  @BeforeAll
  static void savePolicy() throws Exception {
    Game kuhn = GameRegistry.load("kuhn_poker");
    GameTree tree = GameTree.build(kuhn);
    CfrSolver solver = new CfrSolver(tree, CfrSolver.Variant.CFR_PLUS);
    solver.run(30);
    file = dir.resolve("kuhn.json");
    TabularPolicy.fromSlots(tree, solver.averagePolicy()).write(file);
  }

  private static String exploitability(String out) {
    Matcher m = Pattern.compile("exploitability (\\d+\\.\\d+)").matcher(out);
    assertThat(m.find()).as(out).isTrue();
    return m.group(1);
  }

  @Test
  void exploitabilityOfTheAgentIsThatOfItsFile() {
    Cli byPolicy = Cli.run("exploitability", "kuhn_poker", "--policy", file.toString());
    assertThat(byPolicy.exit).as(byPolicy.err).isZero();
    Cli byAgent = Cli.run("exploitability", "kuhn_poker", "--agent", "tabular(file=" + file + ")", "--runs", "3", "--seeds", "2");
    assertThat(byAgent.exit).as(byAgent.err).isZero();
    String e = exploitability(byPolicy.out);
    assertThat(Double.parseDouble(e)).isGreaterThan(1e-4); // 30 CFR+ iterations: not yet at equilibrium
    assertThat(exploitability(byAgent.out)).isEqualTo(e);
    assertThat(byAgent.out).contains("exploitability " + e + " ± 0.00000000");
  }

  @Test
  void arenaAgainstUniformRuns() {
    Cli r = Cli.run("arena", "--games", "kuhn_poker", "--agents", "tabular(file=" + file + "),uniform", "--seeds-per-pairing",
        "50", "--seed", "1", "--parallel", "1", "--db", dir.resolve("a.db").toString(), "--no-progress");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.out).contains("100 matches (0 already stored, 100 played now with 0 errors)").contains("tabular(file=");
  }

  /** The arena stores a digest of the policy file: extending after the file changed is refused, back to the same bytes it runs. */
  @Test
  void extendingAfterThePolicyFileChangedIsRefused() throws Exception {
    Path own = dir.resolve("changing.json");
    java.nio.file.Files.copy(file, own);
    byte[] original = java.nio.file.Files.readAllBytes(own);
    Path db = dir.resolve("changing.db");
    java.util.function.IntFunction<Cli> arena = seeds -> Cli.run("arena", "--games", "kuhn_poker", "--agents",
        "tabular(file=" + own + "),uniform", "--seeds-per-pairing", Integer.toString(seeds), "--seed", "1", "--parallel", "1",
        "--db", db.toString(), "--no-progress", "--resamples", "100", "--elo-resamples", "50");
    Cli first = arena.apply(2);
    assertThat(first.exit).as(first.err).isZero();
    // another policy for the same game in the same file: CFR+ after 5 iterations instead of 30
    Game kuhn = GameRegistry.load("kuhn_poker");
    GameTree tree = GameTree.build(kuhn);
    CfrSolver solver = new CfrSolver(tree, CfrSolver.Variant.CFR_PLUS);
    solver.run(5);
    TabularPolicy.fromSlots(tree, solver.averagePolicy()).write(own);
    assertThat(java.nio.file.Files.readAllBytes(own)).isNotEqualTo(original);
    Cli changed = arena.apply(3);
    assertThat(changed.exit).as(changed.err).isEqualTo(2);
    assertThat(changed.err.strip()).startsWith("ponder: agent tabular(file=" + own + ") of tournament 1 was stored with file_sha256=\"")
        .contains("but now resolves file_sha256=\"").contains("its code, defaults or input files changed")
        .endsWith("; to continue this tournament, restore the input it was played with (any change to the file's bytes counts);"
            + " to play the new one, give a new --db");
    java.nio.file.Files.write(own, original);
    Cli back = arena.apply(3);
    assertThat(back.exit).as(back.err).isZero();
    assertThat(back.err).contains("extending tournament 1 from 2 to 3 seeds per pairing");
  }

  /** A file that lacks a state is bad input for --agent tabular(...) as for --policy: one line, exit 2. */
  @Test
  void aFileMissingAStateIsAUsageErrorLikeWithPolicy() throws Exception {
    TabularPolicy full = TabularPolicy.read(file);
    TabularPolicy partial = new TabularPolicy("kuhn_poker");
    String dropped = null;
    for (String info : full.infoStates()) {
      if (dropped == null) {
        dropped = info;
        continue;
      }
      partial.put(info, full.actions(info), full.probabilities(info));
    }
    Path f = dir.resolve("partial.json");
    partial.write(f);
    Cli byPolicy = Cli.run("exploitability", "kuhn_poker", "--policy", f.toString());
    assertThat(byPolicy.exit).as(byPolicy.out + byPolicy.err).isEqualTo(2);
    Cli byAgent = Cli.run("exploitability", "kuhn_poker", "--agent", "tabular(file=" + f + ")", "--runs", "1");
    assertThat(byAgent.exit).as(byAgent.out + byAgent.err).isEqualTo(2);
    // the warning when the agent is set up, then the error at the missing state
    assertThat(byAgent.err.strip().lines().toList()).as(byAgent.err).hasSize(2).first().asString()
        .isEqualTo("warning: tabular(file=" + f + "): 1 of the 12 information states of kuhn_poker are missing from policy " + f
            + " (e.g. '" + dropped + "'); a decision at one of them is an error (fill_uniform=true plays uniformly at random there)");
    assertThat(byAgent.err.strip().lines().skip(1).findFirst().orElseThrow())
        .contains("no entry for information state '" + dropped + "'").contains("fill_uniform=true");
    // with fill_uniform the same file is measured
    Cli filled = Cli.run("exploitability", "kuhn_poker", "--agent", "tabular(file=" + f + ",fill_uniform=true)", "--runs", "1");
    assertThat(filled.exit).as(filled.err).isZero();
  }

  /**
   * The saved kuhn_poker policy cut down to the information states after a pass and a bet (3 of
   * 12: the first decision of every deal is missing), written to {@code name} in the test folder.
   */
  private Path onlyAfterPassBet(String name) throws Exception {
    TabularPolicy full = TabularPolicy.read(file);
    TabularPolicy partial = new TabularPolicy("kuhn_poker");
    for (String info : full.infoStates()) {
      if (info.endsWith("pb")) {
        partial.put(info, full.actions(info), full.probabilities(info));
      }
    }
    Path f = dir.resolve(name);
    partial.write(f);
    return f;
  }

  /** In play, a policy file lacking the state the match reaches is bad input too: one line, exit 2 (it was 1). */
  @Test
  void playWithAFileMissingTheStateReachedIsAUsageError() throws Exception {
    // only the states after a pass and a bet: the first decision of every deal is missing
    Path f = onlyAfterPassBet("first-missing.json");
    Cli r = Cli.run("play", "kuhn_poker", "--players", "tabular(file=" + f + "),random", "--seed", "6");
    assertThat(r.exit).as(r.out + r.err).isEqualTo(2);
    // of the 12 information states (3 cards × "", p, b, pb) the file keeps the 3 ending in pb: said before the match
    assertThat(r.err.strip().lines().toList()).as(r.err).hasSize(2).first().asString()
        .startsWith("warning: tabular(file=" + f + "): 9 of the 12 information states of kuhn_poker are missing from policy " + f);
    assertThat(r.err.strip().lines().skip(1).findFirst().orElseThrow())
        .startsWith("ponder: player 0 (tabular(file=" + f + ")): ").contains("has no entry for information state '")
        .doesNotContain("error:");
  }

  /**
   * In the arena the same mismatch is stored as the match's error in plain words (the policy's
   * message), without the exception's class and Ponder's source line.
   */
  @Test
  void arenaStoresAMissingStateInPlainWords() throws Exception {
    Path f = onlyAfterPassBet("arena-missing.json");
    Cli r = Cli.run("arena", "--games", "kuhn_poker", "--agents", "tabular(file=" + f + "),random", "--seeds-per-pairing",
        "2", "--db", dir.resolve("missing.db").toString(), "--report", dir.resolve("missing-report").toString(),
        "--no-progress");
    assertThat(r.exit).as(r.out + r.err).isEqualTo(1);
    assertThat(r.out + r.err).contains("failed in selectAction at move ").contains("has no entry for information state '")
        .doesNotContain("PolicyMismatchException").doesNotContain("TabularPolicyAgent.java");
  }

  /**
   * A match that stops on an agent's failure keeps what was played: with --record the moves so far
   * are saved as a partial record, and a note before the error line says so.
   */
  @Test
  void playThatStopsOnAMissingStateSavesTheMovesSoFar() throws Exception {
    Path f = onlyAfterPassBet("second-missing.json");
    Path rec = dir.resolve("stopped.txt");
    // player 1's first decision (after the deal and player 0's move) is missing from the file
    Cli r = Cli.run("play", "kuhn_poker", "--players", "random,tabular(file=" + f + ")", "--seed", "6",
        "--record", rec.toString());
    assertThat(r.exit).as(r.out + r.err).isEqualTo(2);
    java.util.List<String> lines = r.err.strip().lines().toList();
    assertThat(lines).as(r.err).hasSize(3);
    assertThat(lines.get(1)).isEqualTo("ponder: play: the match stopped after 3 actions on the error below; saved to " + rec
        + " as a partial record of 3 actions (ponder replay " + rec + " shows the position)");
    assertThat(lines.get(2)).startsWith("ponder: player 1 (tabular(file=" + f + ")): ");
    dev.ponder.game.MatchRecord m = dev.ponder.game.MatchRecord.parse(java.nio.file.Files.readString(rec).strip());
    assertThat(m.actions()).hasSize(3);
    dev.ponder.game.State s = GameRegistry.load(m.game()).stateFromHistory(m.actions());
    assertThat(s.currentPlayer()).isEqualTo(1);
    // without --record nothing is said beyond the error
    Cli bare = Cli.run("play", "kuhn_poker", "--players", "random,tabular(file=" + f + ")", "--seed", "6");
    assertThat(bare.err.strip().lines().toList()).hasSize(2);
  }

  /** play --help names that case of exit 2 in plain words. */
  @Test
  void playHelpSaysWhichPolicyFileIsAUsageError() {
    String help = Cli.run("play", "--help").out.replaceAll("\\s+", " ");
    assertThat(help).contains("2 usage error (bad options, or a tabular(file=...) player whose policy file has no entry for an"
        + " information state the match reaches)");
  }

  /**
   * The agent warns about a file as exploitability --policy does, once per command:
   * a two-player Kuhn policy without "game" in three-player Kuhn lacks 36 of its 48 information
   * states (its 12 are strings the three-player game has too).
   */
  @Test
  void theAgentWarnsAboutAFileAsPolicyDoesOncePerCommand() throws Exception {
    TabularPolicy full = TabularPolicy.read(file);
    TabularPolicy nogame = new TabularPolicy((String) null);
    for (String info : full.infoStates()) {
      nogame.put(info, full.actions(info), full.probabilities(info));
    }
    Path f = dir.resolve("nogame.json");
    nogame.write(f);
    assertThat(java.nio.file.Files.readString(f)).doesNotContain("\"game\"");
    String game = "kuhn_poker(players=3)";
    Cli byPolicy = Cli.run("exploitability", game, "--policy", f.toString(), "--fill-uniform");
    assertThat(byPolicy.exit).as(byPolicy.err).isZero();
    Matcher m = Pattern.compile("warning: (\\d+) of (\\d+) information states missing from the policy \\(e\\.g\\. '([^']*)'\\)")
        .matcher(byPolicy.err);
    assertThat(m.find()).as(byPolicy.err).isTrue();
    assertThat(m.group(1) + " of " + m.group(2)).isEqualTo("36 of 48");
    String agent = "tabular(file=" + f + ",fill_uniform=true)";
    String noGame = "warning: " + agent + ": policy " + f + " does not say which game it was saved for; playing it in " + game + "\n";
    String missing = "warning: " + agent + ": 36 of the 48 information states of " + game + " are missing from policy " + f
        + " (e.g. '" + m.group(3) + "'); the agent plays uniformly at random there (fill_uniform=true)\n";
    Cli byAgent = Cli.run("exploitability", game, "--agent", agent, "--runs", "1");
    Cli play = Cli.run("play", game, "--players", agent + ",random,random", "--seed", "3");
    // an arena creates one agent per match (12 here) but warns once
    Cli arena = Cli.run("arena", "--games", game, "--agents", agent + ",random", "--seeds-per-pairing", "2", "--seed", "1",
        "--parallel", "1", "--db", dir.resolve("nogame.db").toString(), "--no-progress", "--resamples", "100",
        "--elo-resamples", "50");
    for (Cli r : new Cli[] {byAgent, play, arena}) {
      assertThat(r.exit).as(r.err).isZero();
      assertThat(r.err).contains(noGame + missing);
      assertThat(r.err.split(java.util.regex.Pattern.quote(missing), -1)).as(r.err).hasSize(2);
    }
    assertThat(arena.out).contains("0 errors");
  }

  @Test
  void aFileForAnotherGameIsRefusedInOneLine() {
    Cli r = Cli.run("arena", "--games", "leduc_poker", "--agents", "tabular(file=" + file + "),uniform", "--seeds-per-pairing",
        "2", "--db", dir.resolve("b.db").toString(), "--no-progress");
    assertThat(r.exit).as(r.out + r.err).isEqualTo(2);
    assertThat(r.err.strip().lines().count()).as(r.err).isEqualTo(1);
    assertThat(r.err).contains("was saved for kuhn_poker, not leduc_poker");
  }

  /**
   * A policy with none of the game's information states: exploitability --policy --fill-uniform
   * refuses it, and so does the agent with fill_uniform=true (it played uniformly at random,
   * exit 0), in exploitability, play and arena: one line, exit 2.
   */
  @Test
  void aPolicyWithNoStateOfTheGameIsRefusedByTheAgentAsByFillUniform() throws Exception {
    Path bogus = dir.resolve("bogus.json");
    java.nio.file.Files.writeString(bogus, "{\"game\":\"leduc_poker\",\"policy\":{\"bogus\":{\"0\":1.0}}}");
    Cli byPolicy = Cli.run("exploitability", "leduc_poker", "--policy", bogus.toString(), "--fill-uniform");
    assertThat(byPolicy.exit).isEqualTo(2);
    assertThat(byPolicy.err).contains("has none of the 936 information states of leduc_poker");
    String agent = "tabular(file=" + bogus + ",fill_uniform=true)";
    for (String[] args : new String[][] {
        {"exploitability", "leduc_poker", "--agent", agent, "--runs", "1"},
        {"play", "leduc_poker", "--players", agent + ",random", "--seed", "1"},
        {"arena", "--games", "leduc_poker", "--agents", agent + ",uniform", "--seeds-per-pairing", "1", "--db",
            dir.resolve("bogus.db").toString(), "--no-progress"}}) {
      Cli r = Cli.run(args);
      assertThat(r.exit).as(args[0] + ": " + r.out + r.err).isEqualTo(2);
      assertThat(r.err.strip().lines().toList()).as(args[0] + ": " + r.err).singleElement().asString()
          .contains("policy " + bogus + " has none of the 936 information states of leduc_poker");
    }
  }

  /** play and arena name the policy's own game as the one to play it on (exploitability's "measure" is for --policy). */
  @Test
  void anotherPlayerCountSaysPlayItOnInPlayAndArena() throws Exception {
    GameTree k3 = GameTree.build(GameRegistry.load("kuhn_poker(players=3)"));
    Path f = dir.resolve("k3.json");
    TabularPolicy.uniform(k3).write(f);
    Cli play = Cli.run("play", "kuhn_poker", "--players", "tabular(file=" + f + "),random");
    Cli arena = Cli.run("arena", "--games", "kuhn_poker", "--agents", "tabular(file=" + f + "),uniform", "--seeds-per-pairing",
        "1", "--db", dir.resolve("k3.db").toString(), "--no-progress");
    for (Cli r : new Cli[] {play, arena}) {
      assertThat(r.exit).as(r.err).isEqualTo(2);
      assertThat(r.err).contains("; play it on kuhn_poker(players=3) or give a policy saved for kuhn_poker")
          .doesNotContain("measure");
    }
  }
}
