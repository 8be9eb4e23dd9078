package dev.ponder.arena;

import java.util.concurrent.ScheduledThreadPoolExecutor;

/** The one daemon thread that prints the progress lines of tasks whose units stall ({@link Progress}). */
final class ProgressTicker {
  static final ScheduledThreadPoolExecutor EXECUTOR = create();

  private ProgressTicker() {}

  private static ScheduledThreadPoolExecutor create() {
    ScheduledThreadPoolExecutor e = new ScheduledThreadPoolExecutor(1, r -> {
      Thread t = new Thread(r, "ponder-progress");
      t.setDaemon(true);
      return t;
    });
    e.setRemoveOnCancelPolicy(true);
    return e;
  }
}
