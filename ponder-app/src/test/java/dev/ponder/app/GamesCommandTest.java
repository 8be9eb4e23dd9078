package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.game.GameFactory;
import dev.ponder.game.GameRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

class GamesCommandTest {
  @Test
  void listsEveryRegisteredGameWithTypeAndParameterDefaults() {
    Cli r = Cli.run("games");
    assertThat(r.exit).isZero();
    assertThat(r.err).isEmpty();
    for (GameFactory f : GameRegistry.factories()) {
      assertThat(r.out).containsPattern("(?m)^" + f.type().shortName() + " ");
    }
    // types and utility ranges as OpenSpiel declares them
    assertThat(r.out).containsPattern(
        "(?m)^tic_tac_toe +Tic Tac Toe; players 2 \\(default 2\\); deterministic; perfect information; zero-sum; utility \\[-1, 1\\]$");
    assertThat(r.out).containsPattern(
        "(?m)^kuhn_poker +Kuhn Poker; players 2-10 \\(default 2\\); chance; imperfect information; zero-sum; utility \\[-2, 2\\]$");
    assertThat(r.out).containsPattern("(?m)^pig +Pig; players 2-10 \\(default 2\\); chance; perfect information; zero-sum;");
    // parameters with their defaults (the playthrough headers' names) and accepted ranges
    assertThat(r.out).containsPattern("(?m)^    rows=6 \\(int, 1\\.\\.63\\)").containsPattern("(?m)^    columns=7 \\(int, 1\\.\\.32\\)")
        .containsPattern("(?m)^    x_in_row=4 \\(int, 1\\.\\.63\\)");
    assertThat(r.out).containsPattern("(?m)^    winscore=100 \\(int, 1\\.\\.1000000\\)")
        .containsPattern("(?m)^    diceoutcomes=6 \\(int, 2\\.\\.1000\\)")
        .containsPattern("(?m)^    horizon=1000 \\(int, 1\\.\\.1000000\\)").containsPattern("(?m)^    piglet=False \\(bool\\) ");
  }

  @Test
  void everyNumericParameterShowsTheRangeTheGameAccepts() {
    // the shipped games: in this JVM other test classes register games of their own, some with a
    // parameter of no declared range (TakeAwayGame's pile), which a game of one's own may have
    Cli r = Cli.runInChildJvm("games");
    assertThat(r.exit).isZero();
    assertThat(r.out).contains("    board_size=11 (int, 1..255) rows and columns unless num_rows/num_cols are given")
        .contains("    board_size=3 (int, 1..181) rows and columns unless num_rows/num_cols are given");
    // every int or double parameter line of the listing carries its range, and the range shown is
    // the one a game string is checked against
    List<String> ints = r.out.lines().filter(l -> l.matches("    \\S+=\\S+ \\((int|double)[,)].*")).toList();
    assertThat(ints).hasSizeGreaterThan(25).allSatisfy(l -> assertThat(l).matches("    \\S+=\\S+ \\((int|double), -?[0-9.]+\\.\\.[0-9.]+\\) .*"));
    Cli bad = Cli.run("simulate", "hex(board_size=256)", "-n", "1");
    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.err.strip()).isEqualTo("ponder: hex: board_size=256 is out of range; valid: 1..255");
  }

  @Test
  void everyDescriptionStartsInTheSameColumnWhateverTheNameLength() {
    Cli r = Cli.run("games");
    assertThat(r.exit).isZero();
    int longest = GameRegistry.factories().stream().mapToInt(f -> f.type().shortName().length()).max().orElseThrow();
    assertThat(longest).as("turn_based_simultaneous_game is registered").isGreaterThanOrEqualTo(28);
    List<String> headers = r.out.lines().filter(l -> !l.startsWith(" ")).toList();
    assertThat(headers).hasSize(GameRegistry.factories().size());
    for (String line : headers) {
      String name = line.substring(0, line.indexOf(' '));
      // the name, padded with spaces to the longest name, one space, then the long name
      assertThat(line.substring(name.length(), longest + 1)).as(line).isBlank();
      assertThat(line.charAt(longest + 1)).as(line).isNotEqualTo(' ');
    }
  }

  @Test
  void oneGameByNameOrAliasWithItsRanges() {
    Cli r = Cli.run("games", "hex");
    assertThat(r.exit).isZero();
    assertThat(r.err).isEmpty();
    assertThat(r.out.lines().filter(l -> !l.startsWith(" ")).toList())
        .containsExactly("hex Hex; players 2 (default 2); deterministic; perfect information; zero-sum; utility [-1, 1]");
    assertThat(r.out).contains("    num_rows=11 (int, 1..255) number of rows (default board_size)")
        .contains("    swap=False (bool) pie rule");
    Cli alias = Cli.run("games", "kalah");
    assertThat(alias.exit).isZero();
    assertThat(alias.out).startsWith("mancala Mancala;").contains("    aliases: kalah");
    Cli unknown = Cli.run("games", "hexx");
    assertThat(unknown.exit).isEqualTo(2);
    assertThat(unknown.err.strip()).startsWith("ponder: unknown game 'hexx'; known games: ").contains("hex").doesNotContain("\n");
  }

  /**
   * The game-string line names the loaded game's utility type; when it differs from the family's
   * (goofspiel is zero-sum, its total_points variant general-sum: each player's return is their
   * points, 1+2+3+4 = 10 shared) the family line says its type is that of the default parameters.
   */
  @Test
  void aGameStringLineNamesTheLoadedGamesUtilityType() {
    Cli r = Cli.run("games", "goofspiel(returns_type=total_points,num_cards=4)");
    assertThat(r.exit).as(r.err).isZero();
    List<String> lines = r.out.lines().toList();
    assertThat(lines.get(0)).endsWith("; zero-sum with default parameters; utility [-1, 1]"); // said once
    assertThat(lines).contains("game string goofspiel(returns_type=total_points,num_cards=4): players 2; general-sum; utility [0, 10]");
    // the same type as the family's: the family line is unqualified
    Cli same = Cli.run("games", "goofspiel(num_cards=4)");
    assertThat(same.out.lines().toList().get(0)).endsWith("; zero-sum; utility [-1, 1]");
    assertThat(same.out).contains("game string goofspiel(num_cards=4): players 2; zero-sum; utility [-1, 1]");
  }

  /** Other utility bounds than the defaults' (3-player Kuhn: [-2, 4]): the family line says its are the defaults'. */
  @Test
  void aGameStringWithOtherBoundsQualifiesTheFamilyLine() {
    Cli r = Cli.run("games", "kuhn_poker(players=3)");
    assertThat(r.exit).as(r.err).isZero();
    List<String> lines = r.out.lines().toList();
    assertThat(lines.get(0)).endsWith("; zero-sum; utility [-2, 2] with default parameters");
    assertThat(lines).contains("game string kuhn_poker(players=3): players 3; zero-sum; utility [-2, 4]");
    assertThat(Cli.run("games", "kuhn_poker").out.lines().toList().get(0)).endsWith("; zero-sum; utility [-2, 2]");
  }

  /**
   * A game string instead of a name: the family is shown, then the game the string loads with its
   * resolved parameters; the utility range of three-player Kuhn poker is the golden playthrough's
   * (kuhn_poker_3p.txt: MinUtility() = -2.0, MaxUtility() = 4.0).
   */
  @Test
  void aGameStringShowsItsFamilyAndTheResolvedGame() {
    Cli r = Cli.run("games", "kuhn_poker(players=3)");
    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.err).isEmpty();
    List<String> lines = r.out.lines().toList();
    assertThat(lines.get(0)).startsWith("kuhn_poker Kuhn Poker; players 2-10 (default 2);");
    assertThat(lines).contains("game string kuhn_poker(players=3): players 3; zero-sum; utility [-2, 4]", "    players=3 (given)");
    Cli pig = Cli.run("games", " pig(winscore=20,players=4) ");
    assertThat(pig.exit).as(pig.err).isZero();
    List<String> pigLines = pig.out.lines().toList();
    int at = pigLines.indexOf("game string pig(winscore=20,players=4): players 4; zero-sum; utility [-1, 1]");
    assertThat(at).as(pig.out).isPositive();
    // every declared parameter with its value in this game: given ones marked, the rest the defaults
    assertThat(pigLines.subList(at + 1, pigLines.size())).containsExactlyInAnyOrder("    players=4 (given)",
        "    winscore=20 (given)", "    horizon=1000", "    diceoutcomes=6", "    piglet=False");
    // values a game derives from the given ones (hex's num_rows and num_cols from board_size) are not marked given
    for (String game : new String[] {"hex(board_size=5)", "dark_hex(board_size=5)"}) {
      Cli hex = Cli.run("games", game);
      assertThat(hex.exit).as(hex.err).isZero();
      List<String> hexLines = hex.out.lines().toList();
      assertThat(hexLines).as(hex.out).contains("game string " + game + ": players 2; zero-sum; utility [-1, 1]", "    board_size=5 (given)",
          "    num_cols=5", "    num_rows=5");
    }
    Cli rect = Cli.run("games", "hex(num_rows=3,board_size=5)");
    assertThat(rect.out.lines().toList()).as(rect.out).contains("    board_size=5 (given)", "    num_cols=5", "    num_rows=3 (given)");
    // a utility bound the game declares nominal is marked (2048's default keeps OpenSpiel's 20480)
    assertThat(Cli.run("games", "2048").out).contains("utility [0, 20480 nominal]");
    assertThat(Cli.run("games", "2048(max_tile=16)").out.lines().toList()).contains("game string 2048(max_tile=16): players 1; general-sum; utility [0, 384]");
    // an alias's parameters are checked against its family
    Cli alias = Cli.run("games", "kalah(num_seeds=3)");
    assertThat(alias.exit).isEqualTo(2);
    assertThat(alias.err.strip()).isEqualTo("ponder: unknown parameter 'num_seeds' for mancala; valid: (none)");
    // a bad value or an unknown game fails on one line, as play or simulate would
    Cli range = Cli.run("games", "pig(players=11)");
    assertThat(range.exit).isEqualTo(2);
    assertThat(range.err.strip()).isEqualTo("ponder: pig: players=11 is out of range; valid: 2..10");
    Cli unknown = Cli.run("games", "hexx(board_size=5)");
    assertThat(unknown.exit).isEqualTo(2);
    assertThat(unknown.err.strip()).startsWith("ponder: unknown game 'hexx'; known games: ").doesNotContain("\n");
    // --names prints the family's name only
    assertThat(Cli.run("games", "--names", "pig(players=3)").out.strip()).isEqualTo("pig");
  }

  @Test
  void namesOnlyPrintsOneRegisteredNamePerLine() {
    Cli r = Cli.run("games", "--names");
    assertThat(r.exit).isZero();
    List<String> expected = GameRegistry.factories().stream().map(f -> f.type().shortName()).toList();
    assertThat(r.out.strip().lines().toList()).containsExactlyElementsOf(expected)
        .contains("tic_tac_toe", "connect_four", "kuhn_poker", "leduc_poker", "pig");
  }

  @Test
  void helpOfEveryCommandExitsZero() {
    Cli root = Cli.run("--help");
    assertThat(root.exit).isZero();
    assertThat(root.out).contains("Usage: ponder").contains("games").contains("play").contains("simulate").contains("replay");
    for (String c : List.of("games", "agents", "play", "simulate", "replay", "search", "arena", "report", "solve",
        "exploitability", "bench")) {
      Cli h = Cli.run(c, "--help");
      assertThat(h.exit).as(c + " --help").isZero();
      assertThat(h.out).as(c + " --help").startsWith("Usage: ponder " + c);
    }
    // every command and subcommand's help renders without picocli's format warnings (a bare % in
    // a description), which picocli prints to System.err
    java.io.PrintStream err = System.err;
    java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      for (picocli.CommandLine top : Ponder.commandLine().getSubcommands().values()) {
        List<String> names = new java.util.ArrayList<>(List.of(top.getCommandName()));
        top.getSubcommands().keySet().forEach(sub -> names.add(top.getCommandName() + " " + sub));
        for (String name : names) {
          List<String> args = new java.util.ArrayList<>(List.of(name.split(" ")));
          args.add("--help");
          assertThat(Cli.run(args.toArray(String[]::new)).exit).as(name + " --help").isZero();
        }
      }
    } finally {
      System.setErr(err);
    }
    assertThat(warnings.toString(java.nio.charset.StandardCharsets.UTF_8)).doesNotContain("[picocli WARN]");
    Cli unknown = Cli.run("frobnicate");
    assertThat(unknown.exit).isEqualTo(2);
    assertThat(unknown.err.lines().findFirst().orElse("")).startsWith("ponder: unknown command 'frobnicate'; commands: games, agents, ")
        .contains("play").contains("simulate");
    Cli unknownBench = Cli.run("bench", "frobnicate");
    assertThat(unknownBench.exit).isEqualTo(2);
    assertThat(unknownBench.err).contains("unknown command 'frobnicate'; commands: ").contains("playouts");
  }
}
