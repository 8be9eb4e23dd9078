package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code --seed} is one option in every command that takes it, and its help says so alike: the
 * synopsis and the option list name its value {@code S} (search, arena, solve and bench playouts
 * showed {@code --seed=<seed>}, play, simulate and check {@code --seed=S}), and the default is
 * shown.
 */
class SeedOptionHelpTest {
  @Test
  void everySeedOptionIsSpelledAlike() {
    String[][] commands = {{"search"}, {"arena"}, {"solve"}, {"bench", "playouts"}, {"play"}, {"simulate"}, {"check"}};
    for (String[] c : commands) {
      String[] args = java.util.Arrays.copyOf(c, c.length + 1);
      args[c.length] = "--help";
      Cli r = Cli.run(args);
      assertThat(r.exit).as(String.join(" ", c)).isZero();
      assertThat(r.out).as(String.join(" ", c)).contains("[--seed=S]").doesNotContain("<seed>");
      // the option's own lines, up to the next option, give its default
      assertThat(r.out.replaceAll("\\s+", " ")).as(String.join(" ", c))
          .containsPattern(" --seed=S ((?! --?\\w).)*?\\(default: -?\\d+[,)]");
    }
  }
}
