package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The words of {@code solve} and {@code exploitability} for options out of range, algorithm names
 * of other programs, and agents whose figures cannot repeat.
 */
class SolveOptionWordsTest {
  /** A count outside the int range names the option's own range (it named the whole int range, negatives included). */
  @Test
  void countsOutsideTheIntRangeNameTheirOwnRange() {
    String[][] cases = {
        {"solve", "kuhn_poker", "--iterations", "99999999999"},
        {"solve", "kuhn_poker", "--every", "3000000000"},
        {"solve", "kuhn_poker", "--log-points", "-99999999999"},
        {"solve", "kuhn_poker", "--max-histories", "1e10"},
        {"exploitability", "kuhn_poker", "--agent", "random", "--runs", "99999999999"},
        {"exploitability", "kuhn_poker", "--agent", "random", "--seeds", "99999999999"},
    };
    for (String[] c : cases) {
      Cli r = Cli.run(c);
      assertThat(r.exit).as(String.join(" ", c)).isEqualTo(2);
      assertThat(r.err).isEqualTo("ponder: " + c[c.length - 2] + ": '" + c[c.length - 1] + "' is out of range; valid:"
          + " 1..2147483647 (see 'ponder " + c[0] + " --help')\n");
    }
    // values below 1 within the int range keep the option's own line
    assertThat(Cli.run("solve", "kuhn_poker", "--iterations", "0").err).isEqualTo("ponder: --iterations must be at least 1, got 0\n");
    assertThat(Cli.run("solve", "kuhn_poker", "--iterations", "1.5").err).startsWith("ponder: --iterations: '1.5' is not an integer");
  }

  @Test
  void openSpielsNamesOfTheAlgorithmsSuggestOurs() {
    String[][] cases = {{"cfr_plus", "cfr+"}, {"cfrplus", "cfr+"}, {"CFR-Plus", "cfr+"}, {"linear_cfr", "lcfr"},
        {"discounted_cfr", "dcfr"}, {"external_sampling_mccfr", "mccfr-es"}, {"outcome_sampling_mccfr", "mccfr-os"}};
    for (String[] c : cases) {
      Cli r = Cli.run("solve", "kuhn_poker", "--algo", c[0]);
      assertThat(r.exit).isEqualTo(2);
      assertThat(r.err).isEqualTo("ponder: --algo: '" + c[0] + "' is not valid; valid: cfr, cfr-sim, cfr+, lcfr, dcfr, mccfr-es,"
          + " mccfr-os (did you mean " + c[1] + "?) (see 'ponder solve --help')\n");
    }
    // the edit-distance rule still answers first, and nonsense gets no guess
    assertThat(Cli.run("solve", "kuhn_poker", "--algo", "cfr_sim").err).endsWith("(did you mean cfr-sim?) (see 'ponder solve --help')\n");
    assertThat(Cli.run("solve", "kuhn_poker", "--algo", "minimax").err).doesNotContain("did you mean");
  }

  /** A time budget or several threads: one warning line, before the figures; none for a simulation budget on one thread. */
  @Test
  void agentsThatDecideByTimingGetOneWarning() {
    for (String[] c : new String[][] {{"uct(time_ms=2)", "time budget"}, {"uct(sims=50,threads=2)", "2 search threads"}}) {
      Cli r = Cli.run("exploitability", "kuhn_poker", "--agent", c[0], "--runs", "2", "--seeds", "2", "--no-progress");
      assertThat(r.exit).as(r.err).isZero();
      assertThat(r.err).isEqualTo("warning: " + c[0] + " decides by timing (" + c[1] + "): its tabularized policy and these"
          + " figures are not reproducible (another run prints others under the same seeds); simulation budgets and"
          + " threads=1 repeat exactly\n");
    }
    Cli fixed = Cli.run("exploitability", "kuhn_poker", "--agent", "uct(sims=50)", "--runs", "2", "--no-progress");
    assertThat(fixed.exit).as(fixed.err).isZero();
    assertThat(fixed.err).isEmpty();
  }

  /**
   * On an 80-column console the tabularization's bar shows its percentage and a bar (the label,
   * {@code exploitability: tabularizing uct(sims=300) (10 runs per information state, 2 seeds)},
   * filled the line by itself, cut). Rendered by the bar library with the console bar's settings.
   */
  @Test
  void theTabularizationBarFitsEightyColumns() {
    ExploitabilityCommand c = new ExploitabilityCommand();
    c.agent = "uct(sims=300)";
    c.runs = 10;
    c.seeds = 2;
    c.measure = ExploitabilityCommand.Measure.policy;
    String[] label = c.progressLabel(true);
    java.util.List<String> drawn = new java.util.concurrent.CopyOnWriteArrayList<>();
    me.tongfei.progressbar.ProgressBar bar = new me.tongfei.progressbar.ProgressBarBuilder().setTaskName(label[0])
        .setInitialMax(1872).setStyle(me.tongfei.progressbar.ProgressBarStyle.ASCII).setUnit(" " + label[1], 1).showSpeed()
        .setConsumer(new me.tongfei.progressbar.DelegatingProgressBarConsumer(drawn::add, 79)).setUpdateIntervalMillis(10)
        .build();
    bar.stepTo(803);
    bar.close();
    String line = drawn.get(drawn.size() - 1);
    assertThat(line).hasSizeLessThanOrEqualTo(79).startsWith("tabularizing  42% [==").contains("803/1872 states (");
    // without a console, the lines keep the whole label
    assertThat(c.progressLabel(false)).containsExactly("exploitability: tabularizing uct(sims=300) (10 runs per information"
        + " state, 2 seeds)", "information states");
    c.measure = ExploitabilityCommand.Measure.moves;
    assertThat(c.progressLabel(true)[0]).isEqualTo("tabularizing moves");
  }
}
