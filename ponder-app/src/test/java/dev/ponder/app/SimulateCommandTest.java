package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SimulateCommandTest {

  private static double number(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    assertThat(m.find()).as("'%s' in %s", regex, text).isTrue();
    return Double.parseDouble(m.group(1));
  }

  @Test
  void ticTacToeNumbersAreSane() {
    Cli r = Cli.run("simulate", "tic_tac_toe", "-n", "2000", "--seed", "3");
    assertThat(r.exit).as(r.err).isZero();
    double mean = number(r.out, "length: mean ([0-9.]+)");
    assertThat(mean).isBetween(5.0, 9.0);
    assertThat(number(r.out, "min (\\d+)")).isGreaterThanOrEqualTo(5);
    assertThat(number(r.out, "max (\\d+)")).isLessThanOrEqualTo(9);
    // uniformly random tic-tac-toe: x wins about 58.5%, o about 28.8%, draws about 12.7%
    double xWins = number(r.out, "player 0: mean return [-+0-9.]+, wins \\d+ \\(([0-9.]+)%\\)");
    assertThat(xWins).isBetween(54.0, 63.0);
    double oWins = number(r.out, "player 1: mean return [-+0-9.]+, wins \\d+ \\(([0-9.]+)%\\)");
    assertThat(oWins).isBetween(25.0, 33.0);
    assertThat(number(r.out, "player 0: mean return ([-+0-9.]+)")).isEqualTo(-number(r.out, "player 1: mean return ([-+0-9.]+)"));
    assertThat(number(r.out, "speed: ([0-9.]+) playouts/s")).isPositive();
    // same seed, same outcomes
    Cli again = Cli.run("simulate", "tic_tac_toe", "-n", "2000", "--seed", "3");
    assertThat(again.out.replaceAll("speed:.*", "")).isEqualTo(r.out.replaceAll("speed:.*", ""));
  }

  @Test
  void chanceGameWithThreePlayers() {
    Cli r = Cli.run("simulate", "pig(players=3,winscore=20)", "-n", "300");
    assertThat(r.exit).as(r.err).isZero();
    double sum = 0;
    long totalWins = 0;
    long[] wins = new long[3];
    for (int p = 0; p < 3; p++) {
      sum += number(r.out, "player " + p + ": mean return ([-+0-9.]+)");
      wins[p] = (long) number(r.out, "player " + p + ": mean return [-+0-9.]+, wins (\\d+) \\(");
      totalWins += wins[p];
    }
    assertThat(sum).isCloseTo(0.0, within(1e-3));
    long none = (long) number(r.out, "(?m)^no unique winner: (\\d+) \\(");
    assertThat(totalWins + none).isEqualTo(300);
    assertThat(totalWins).as("a winscore of 20 is reached well within the 1000-decision horizon").isGreaterThan(250);
    // pig pays the winner 1 and every other player -1/(n-1) = -1/2, so each mean return follows
    // from the win counts: (w_p - (W - w_p) / 2) / 300
    for (int p = 0; p < 3; p++) {
      double expected = (wins[p] - (totalWins - wins[p]) / 2.0) / 300;
      assertThat(number(r.out, "player " + p + ": mean return ([-+0-9.]+)")).isCloseTo(expected, within(1e-5));
    }
    assertThat(r.out).doesNotContain("draws").doesNotContain("losses");
  }

  /** Games that end with nobody winning are counted, whatever the number of players. */
  @Test
  void playoutsWithNoUniqueWinnerAreCounted() {
    // two decisions: roll, then stop or roll again; at most 6 is banked, so nobody reaches 20 and
    // the horizon ends every game with every return 0
    Cli r = Cli.run("simulate", "pig(players=4,winscore=20,horizon=2)", "-n", "200");
    assertThat(r.exit).as(r.err).isZero();
    for (int p = 0; p < 4; p++) {
      assertThat(r.out).contains("player " + p + ": mean return 0, wins 0 (0.0%)\n");
    }
    assertThat(r.out).contains("\nno unique winner: 200 (100.0%)\n");
    Cli two = Cli.run("simulate", "pig(winscore=20,horizon=2)", "-n", "200");
    assertThat(two.exit).as(two.err).isZero();
    assertThat(two.out).contains("player 0: mean return 0, wins 0 (0.0%), draws 200 (100.0%), losses 0 (0.0%)\n")
        .contains("\nno unique winner: 200 (100.0%)\n");
  }

  /** Two players: wins, draws and losses keep their meaning and add up. */
  @Test
  void twoPlayerWinsDrawsAndLossesAreConsistent() {
    Cli r = Cli.run("simulate", "tic_tac_toe", "-n", "500", "--seed", "5");
    assertThat(r.exit).as(r.err).isZero();
    long w0 = (long) number(r.out, "player 0: mean return [-+0-9.]+, wins (\\d+) ");
    long d0 = (long) number(r.out, "player 0: .*, draws (\\d+) ");
    long l0 = (long) number(r.out, "player 0: .*, losses (\\d+) ");
    long w1 = (long) number(r.out, "player 1: mean return [-+0-9.]+, wins (\\d+) ");
    long l1 = (long) number(r.out, "player 1: .*, losses (\\d+) ");
    assertThat(w0 + d0 + l0).isEqualTo(500);
    assertThat(l0).isEqualTo(w1);
    assertThat(l1).isEqualTo(w0);
    assertThat((long) number(r.out, "no unique winner: (\\d+) ")).isEqualTo(d0);
    // tic-tac-toe returns are +1/-1/0, so player 0's mean return is (wins - losses) / n
    assertThat(number(r.out, "player 0: mean return ([-+0-9.]+)")).isCloseTo((w0 - l0) / 500.0, within(1e-6));
  }

  @Test
  void badGameNameIsExitTwoWithOneLine() {
    Cli r = Cli.run("simulate", "connect_five", "-n", "10");
    assertThat(r.exit).isEqualTo(2);
    assertThat(r.err.strip()).startsWith("ponder: unknown game 'connect_five'; known games: ").doesNotContain("\n");
    Cli p = Cli.run("simulate", "connect_four(depth=3)", "-n", "10");
    assertThat(p.exit).isEqualTo(2);
    assertThat(p.err.strip()).contains("unknown parameter 'depth'").contains("valid: egocentric_obs_tensor, rows, columns, x_in_row");
  }

  /**
   * A playout count below 1 names the option as typed, as a value that is not an integer does
   * (-n: '1.5' is not an integer): simulate said -n for --playouts 0, check said --playouts for
   * -n 0, and perft said --depth for -d 0.
   */
  @Test
  void aCountBelowOneNamesTheOptionAsTyped() {
    assertThat(Cli.run("simulate", "tic_tac_toe", "--playouts", "0").err).isEqualTo("ponder: --playouts must be at least 1, got 0\n");
    assertThat(Cli.run("simulate", "tic_tac_toe", "--playouts=-2").err).isEqualTo("ponder: --playouts must be at least 1, got -2\n");
    Cli shortForm = Cli.run("simulate", "tic_tac_toe", "-n", "0");
    assertThat(shortForm.exit).isEqualTo(2);
    assertThat(shortForm.err).isEqualTo("ponder: -n must be at least 1, got 0\n");
    assertThat(Cli.run("simulate", "tic_tac_toe", "-n0").err).isEqualTo("ponder: -n must be at least 1, got 0\n");
    assertThat(Cli.run("check", "tic_tac_toe", "-n", "0").err).isEqualTo("ponder: -n must be at least 1, got 0\n");
    assertThat(Cli.run("check", "tic_tac_toe", "--playouts", "0").err).isEqualTo("ponder: --playouts must be at least 1, got 0\n");
    assertThat(Cli.run("perft", "tic_tac_toe", "-d", "0").err).isEqualTo("ponder: -d must be at least 1, got 0\n");
    // a conversion error in the attached short form names -n too
    assertThat(Cli.run("simulate", "tic_tac_toe", "-n1.5").err).startsWith("ponder: -n: '1.5' is not an integer");
  }

  /** A stop before the first playout ends leaves nothing to summarize, and says so. */
  @Test
  void theLineOfARunStoppedBeforeItsFirstPlayout() {
    assertThat(SimulateCommand.cutLine(0, 50)).isEqualTo("ponder: simulate: interrupted during the first of 50 playouts;"
        + " nothing to summarize");
    SimulateCommand.Stats st = SimulateCommand.simulate(dev.ponder.game.GameRegistry.load("tic_tac_toe"), 50, 1,
        dev.ponder.arena.Progress.none(), () -> true);
    assertThat(st.playouts()).isZero();
  }
}
