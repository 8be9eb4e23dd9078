package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Command-line errors picocli finds are worded as Ponder's own: one line, lower case, no Java type
 * names, the option as typed, and a "did you mean" where one name is clearly the closest.
 */
class UsageWordingCliTest {
  private static final String NL = System.lineSeparator();

  private static String err(String... args) {
    Cli r = Cli.run(args);
    assertThat(r.exit).as(r.err).isEqualTo(2);
    assertThat(r.out).isEmpty();
    assertThat(r.err.lines()).as(r.err).hasSize(1);
    return r.err;
  }

  @Test
  void anUnknownCommandIsWordedAlikeWithAndWithoutHelpAndSuggestsTheClosest() {
    String commands = "games, agents, search, bench, arena, report, replay, solve, exploitability, play, simulate, check,"
        + " perft, help";
    assertThat(err("serach")).isEqualTo("ponder: unknown command 'serach'; commands: " + commands
        + " (did you mean search?) (see 'ponder --help')" + NL);
    assertThat(err("help", "serach")).isEqualTo("ponder: unknown command 'serach'; commands: " + commands
        + " (did you mean search?) (see 'ponder --help')" + NL);
    assertThat(err("help", "nosuch")).isEqualTo("ponder: unknown command 'nosuch'; commands: " + commands
        + " (see 'ponder --help')" + NL);
  }

  /** Before, a help or version option after the misspelt command printed the usage (or version), exit 0. */
  @Test
  void aHelpOrVersionOptionDoesNotExcuseAnUnknownCommand() {
    String line = err("serach");
    assertThat(err("serach", "--help")).isEqualTo(line);
    assertThat(err("serach", "-h")).isEqualTo(line);
    assertThat(err("--help", "serach")).isEqualTo(line);
    assertThat(err("serach", "-V")).isEqualTo(line);
    assertThat(err("bench", "serch", "--help")).isEqualTo("ponder: unknown command 'serch'; commands: playouts, search"
        + " (did you mean search?) (see 'ponder bench --help')" + NL);
    Cli ok = Cli.run("search", "--help");
    assertThat(ok.exit).isZero();
    assertThat(ok.out).startsWith("Usage: ponder search");
  }

  @Test
  void anUnknownOptionIsNamedAloneWithTheClosestOption() {
    // the value after it is not reported as an option too
    assertThat(err("search", "tic_tac_toe", "--agnet", "uct")).isEqualTo("ponder: unknown option '--agnet' for ponder search"
        + " (did you mean --agent?) (see 'ponder search --help')" + NL);
    assertThat(err("search", "tic_tac_toe", "--agnet=uct")).isEqualTo("ponder: unknown option '--agnet' for ponder search"
        + " (did you mean --agent?) (see 'ponder search --help')" + NL);
    assertThat(err("search", "tic_tac_toe", "--frobnicate")).isEqualTo("ponder: unknown option '--frobnicate' for ponder"
        + " search (see 'ponder search --help')" + NL);
  }

  @Test
  void aListSplitAtASpaceSaysSoAndHowToQuoteIt() {
    assertThat(err("arena", "--games", "tic_tac_toe", "--agents", "random,", "uct")).isEqualTo("ponder: unexpected"
        + " argument 'uct': a space after 'random,' split the list in two; quote it (--agents 'random, uct') or drop the"
        + " spaces (--agents random,uct) (see 'ponder arena --help')" + NL);
    assertThat(err("arena", "--agents=random,", "uct,", "mcts_solver", "--games", "tic_tac_toe")).isEqualTo("ponder:"
        + " unexpected argument 'uct,': a space after '--agents=random,' split the list in two; quote it (--agents"
        + " 'random, uct, mcts_solver') or drop the spaces (--agents random,uct,mcts_solver) (see 'ponder arena --help')" + NL);
  }

  @Test
  void badValuesNameTheOptionAsTypedWithoutJavaTypeNames() {
    assertThat(err("simulate", "tic_tac_toe", "-n", "1.5e0")).isEqualTo("ponder: -n: '1.5e0' is not an integer"
        + " (see 'ponder simulate --help')" + NL);
    assertThat(err("simulate", "tic_tac_toe", "--playouts=abc")).isEqualTo("ponder: --playouts: 'abc' is not an integer"
        + " (see 'ponder simulate --help')" + NL);
    assertThat(err("bench", "search", "--forks", "5e9")).isEqualTo("ponder: --forks: '5e9' is out of range; valid:"
        + " 1..100 (see 'ponder bench search --help')" + NL);
    assertThat(err("exploitability", "kuhn_poker", "--agent", "uct(sims=5)", "--measure", "move")).isEqualTo("ponder:"
        + " --measure: 'move' is not valid; valid: policy, moves (did you mean moves?) (see 'ponder exploitability --help')"
        + NL);
    // picocli's other messages start in lower case
    assertThat(err("search")).startsWith("ponder: missing required parameter: ");
  }

  @Test
  void integerOptionsTakeAWholeNumberInExponentForm() {
    assertThat(Ponder.integer("1e3")).isEqualTo(1000);
    assertThat(Ponder.integer("2.5e2")).isEqualTo(250);
    assertThat(Ponder.longInteger("-7")).isEqualTo(-7L);
    assertThat(Ponder.longInteger("1e18")).isEqualTo(1_000_000_000_000_000_000L);
    Cli r = Cli.run("simulate", "tic_tac_toe", "-n", "1e1", "--seed", "3");
    Cli digits = Cli.run("simulate", "tic_tac_toe", "-n", "10", "--seed", "3");
    assertThat(r.exit).as(r.err).isEqualTo(0);
    assertThat(r.out).startsWith("tic_tac_toe: 10 random playouts (seed 3)");
    // the same playouts as -n 10 (the speed line aside)
    assertThat(r.out.lines().filter(l -> !l.startsWith("speed:")).toList())
        .isEqualTo(digits.out.lines().filter(l -> !l.startsWith("speed:")).toList());
  }

  @Test
  void unknownAgentsGamesKeysAndValuesSuggestTheClosest() {
    assertThat(err("search", "tic_tac_toe", "--agent", "uc")).startsWith("ponder: unknown agent 'uc'; known agents: ")
        .contains(", uct, uniform (did you mean uct?) (agents of your own: ");
    assertThat(err("search", "tik_tac_toe")).startsWith("ponder: unknown game 'tik_tac_toe'; known games: ")
        .contains(", tic_tac_toe, turn_based_simultaneous_game (did you mean tic_tac_toe?) (games of your own: ");
    assertThat(err("search", "tic_tac_toe", "--agent", "uct(sim=100)")).isEqualTo("ponder: unknown parameter 'sim' for"
        + " uct; valid: c, sims, time_ms, threads, sync_us, reuse, expand, chance_expand_all, keying, search_forced,"
        + " virtual_loss"
        + " (did you mean sims?)" + NL);
    assertThat(err("search", "hex(boardsize=5)")).isEqualTo("ponder: unknown parameter 'boardsize' for hex; valid:"
        + " board_size, num_cols, num_rows, string_rep, swap, plain_obs_tensor (did you mean board_size?)" + NL);
    assertThat(err("search", "tic_tac_toe", "--agent", "uct(keying=transposition)")).isEqualTo("ponder: uct:"
        + " keying=transposition is not valid; valid: auto, tree, transpositions, information_state"
        + " (did you mean transpositions?)" + NL);
    assertThat(err("search", "tic_tac_toe", "--agent", "compose(tree=pcut)")).startsWith("ponder: compose: tree=pcut is"
        + " not valid; valid: puct, uct, ").contains(" (did you mean puct?) (components of your own ");
  }

  /**
   * puct's name of the exploration constant, given to compose, suggests compose's {@code c} (it
   * suggested q_init, one letter away but another quantity), and uct's {@code c} given to puct
   * suggests {@code c_init}.
   */
  @Test
  void anotherAgentsExplorationConstantSuggestsThisAgentsOwn() {
    assertThat(err("search", "tic_tac_toe", "--agent", "compose(tree=uct,c_init=1)")).startsWith("ponder: unknown"
        + " parameter 'c_init' for compose; valid: tree, ").endsWith(" (did you mean c?)" + NL);
    assertThat(err("search", "tic_tac_toe", "--agent", "puct(c=1)")).startsWith("ponder: unknown parameter 'c' for puct;"
        + " valid: c_init, ").endsWith(" (did you mean c_init?)" + NL);
  }

  @Test
  void enumeratedOptionsOfPonderItselfSuggestTheClosestToo() {
    assertThat(err("solve", "kuhn_poker", "--algo", "dcf")).isEqualTo("ponder: --algo: 'dcf' is not valid; valid: cfr, cfr-sim,"
        + " cfr+, lcfr, dcfr, mccfr-es, mccfr-os (did you mean dcfr?) (see 'ponder solve --help')" + NL);
    // no close name: the list and the help, as picocli's own choice errors give
    assertThat(err("solve", "kuhn_poker", "--algo", "foo")).isEqualTo("ponder: --algo: 'foo' is not valid; valid: cfr, cfr-sim,"
        + " cfr+, lcfr, dcfr, mccfr-es, mccfr-os (see 'ponder solve --help')" + NL);
    assertThat(err("arena", "--games", "tic_tac_toe", "--agents", "uct,random", "--schedule", "benchmrk", "--db",
        "never-created.db")).isEqualTo("ponder: --schedule: 'benchmrk' is not valid; valid: round-robin, benchmark"
        + " (did you mean benchmark?) (see 'ponder arena --help')" + NL);
    assertThat(err("bench", "serch")).isEqualTo("ponder: unknown command 'serch'; commands: playouts, search"
        + " (did you mean search?) (see 'ponder bench --help')" + NL);
  }

  /**
   * A game string's number that is not one, or not an integer, is said as an option's bad value is
   * (the key, the text typed, what it is not) with the key's range; one outside the range names
   * the range. They said "bad value 'abc' for board_size: expected an integer in 1..255".
   */
  @Test
  void gameStringNumbersAreRefusedInTheWordsOfOptionsAndAgentKeys() {
    assertThat(err("games", "hex(board_size=abc)")).isEqualTo("ponder: hex: board_size='abc' is not an integer;"
        + " valid: 1..255" + NL);
    assertThat(err("games", "hex(board_size=1.5)")).isEqualTo("ponder: hex: board_size='1.5' is not an integer;"
        + " valid: 1..255" + NL);
    assertThat(err("games", "hex(board_size=99999999999)")).isEqualTo("ponder: hex: board_size=99999999999 is out of"
        + " range; valid: 1..255" + NL);
    assertThat(err("games", "hex(board_size=0)")).isEqualTo("ponder: hex: board_size=0 is out of range; valid: 1..255" + NL);
    assertThat(err("games", "breakthrough(rows=1)")).isEqualTo("ponder: breakthrough: rows=1 is out of range; valid:"
        + " 2..99" + NL);
    assertThat(err("games", "hex(swap=yes)")).isEqualTo("ponder: hex: swap=yes is not valid; valid: true, false (or 1,"
        + " 0; any case)" + NL);
  }

  @Test
  void numbersInSpecStringsTakeExponentFormsAndRefuseWhatIsNotFinite() {
    assertThat(Cli.run("search", "tic_tac_toe", "--agent", "uct(sims=1e2)").exit).isEqualTo(0);
    assertThat(err("search", "tic_tac_toe", "--agent", "uct(sims=1.5e0)")).isEqualTo("ponder: uct: sims='1.5e0' is not an"
        + " integer; valid: 0..100000000" + NL);
    assertThat(err("search", "tic_tac_toe", "--agent", "uct(c=abc)")).isEqualTo("ponder: uct: c='abc' is not a"
        + " finite number; valid: 0..1e6" + NL);
    assertThat(err("search", "tic_tac_toe", "--agent", "uct(c=1e400)")).isEqualTo("ponder: uct: c='1e400' is not a"
        + " finite number; valid: 0..1e6" + NL);
    assertThat(err("search", "tic_tac_toe", "--agent", "uct(c=NaN)")).isEqualTo("ponder: uct: c='NaN' is not a"
        + " finite number; valid: 0..1e6" + NL);
  }

  /**
   * A stray quote in a list option's value is the agent's or game's own error, one line: picocli's
   * quote handling used to print two "[picocli WARN] Unbalanced quotes" lines to standard error
   * first. Run in a child JVM since picocli writes those lines to the process's own stderr.
   */
  @Test
  void aStrayQuoteInAListOptionGivesOneLine() {
    Cli r = Cli.runInChildJvm("arena", "--games", "tic_tac_toe", "--agents", "uct(sims=10,c=\"1),random", "--db",
        System.getProperty("java.io.tmpdir") + "/ponder-stray-quote-never-created.db");
    assertThat(r.exit).as(r.err).isEqualTo(2);
    assertThat(r.err).doesNotContain("WARN");
    assertThat(r.err.lines()).as(r.err).containsExactly("ponder: uct: c='\"1' is not a finite number; valid: 0..1e6");
    Cli t = Cli.runInChildJvm("bench", "search", "--threads", "1,\"2", "--games", "tic_tac_toe");
    assertThat(t.exit).as(t.err).isEqualTo(2);
    assertThat(t.err).doesNotContain("WARN");
    assertThat(t.err.lines()).as(t.err).hasSize(1);
  }

  /**
   * A misspelt option without the required GAME is reported as the unknown option: picocli's
   * "missing required parameter: 'GAME'" hid it. Values of known options (also ones starting with
   * '-') are not taken for options.
   */
  @Test
  void anUnknownOptionIsNamedBeforeAMissingGame() {
    assertThat(err("perft", "--foo")).isEqualTo("ponder: unknown option '--foo' for ponder perft"
        + " (see 'ponder perft --help')" + NL);
    assertThat(err("play", "--foo", "--players", "random,random")).startsWith("ponder: unknown option '--foo' for ponder play");
    assertThat(err("simulate", "-n5", "--x")).startsWith("ponder: unknown option '--x' for ponder simulate");
    assertThat(err("bench", "search", "--gmes", "x")).startsWith("ponder: unknown option '--gmes' for ponder bench search"
        + " (did you mean --games?)");
    assertThat(err("simulate", "--seed", "-3", "-n", "4")).startsWith("ponder: missing required parameter: 'GAME'");
    assertThat(err("perft", "--depth", "3")).startsWith("ponder: missing required parameter: 'GAME'");
  }
}
