package dev.ponder.arena;

import java.time.Duration;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** The console progress bar of {@link Progress#forConsole}. */
final class ConsoleBar {
  private ConsoleBar() {}

  /**
   * A bar at {@code done} of {@code total} units whose rate and ETA count only the units done from
   * now on: the {@code done} units (e.g. matches stored by an earlier run) are its starting point,
   * not work done at this run's speed.
   */
  static ProgressBar build(String task, String unit, long done, long total) {
    return new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setStyle(ProgressBarStyle.ASCII)
        .setUnit(" " + unit, 1).showSpeed().startsFrom(done, Duration.ZERO).build();
  }
}
