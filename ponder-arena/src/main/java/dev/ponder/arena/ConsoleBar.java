package dev.ponder.arena;

import java.time.Duration;
import java.util.Optional;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** The console progress bar of {@link Progress#forConsole}. */
final class ConsoleBar {
  private ConsoleBar() {}

  /**
   * A bar at {@code done} of {@code total} units whose rate and ETA count only the units done from
   * now on: the {@code done} units (e.g. matches stored by an earlier run) are its starting point,
   * not work done at this run's speed. The ETA is {@link Eta}'s, from the recent rate (the bar's
   * own divides the units left by the whole-run average rate, which overstates the time left of a
   * step whose rate rises); the bar samples the count at each refresh.
   */
  static ProgressBar build(String task, String unit, long done, long total) {
    return build(task, unit, done, total, Duration.ZERO);
  }

  /**
   * {@link #build(String, String, long, long)} for a step that continues a run begun {@code
   * elapsed} ago: the bar's elapsed time counts from the run's start, its rate and ETA from now.
   */
  static ProgressBar build(String task, String unit, long done, long total, Duration elapsed) {
    return builder(task, unit, done, total, elapsed).build();
  }

  /** The builder of {@link #build(String, String, long, long, Duration)}, before its console is attached. */
  static ProgressBarBuilder builder(String task, String unit, long done, long total, Duration elapsed) {
    Eta eta = new Eta(done, System.nanoTime() / 1e9);
    return new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setStyle(ProgressBarStyle.ASCII)
        .setUnit(" " + unit, 1).showSpeed().startsFrom(done, elapsed).setEtaFunction(state -> {
          synchronized (eta) {
            double now = System.nanoTime() / 1e9;
            eta.record(state.getCurrent(), now);
            double left = eta.secondsLeft(state.getMax(), now);
            return Double.isNaN(left) ? Optional.empty() : Optional.of(Duration.ofMillis(Math.round(left * 1000)));
          }
        });
  }
}
