package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

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
    assertThat(r.out).contains("player 2: mean return").doesNotContain("wins ");
    double sum = 0;
    for (int p = 0; p < 3; p++) {
      sum += number(r.out, "player " + p + ": mean return ([-+0-9.]+)");
    }
    assertThat(sum).isCloseTo(0.0, org.assertj.core.api.Assertions.within(1e-3));
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
}
