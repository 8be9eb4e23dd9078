package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import org.junit.jupiter.api.Test;

/**
 * The console bar of a step that continues a run (solve's iterations between two report lines)
 * shows the run's elapsed time: it restarted at 0:00:00 with every step while the percentage
 * covered the whole run.
 */
class ConsoleBarTest {
  @Test
  void aStepOfARunShowsTheRunsElapsedTime() {
    List<String> drawn = new CopyOnWriteArrayList<>();
    ProgressBar bar = ConsoleBar.builder("solve: cfr", "iterations", 2000, 6000, Duration.ofSeconds(65))
        .setConsumer(new DelegatingProgressBarConsumer(drawn::add, 100)).setUpdateIntervalMillis(10).build();
    bar.stepTo(2500);
    bar.close();
    assertThat(drawn).isNotEmpty();
    String last = drawn.get(drawn.size() - 1);
    assertThat(last).startsWith("solve: cfr  41% [").contains("2500/6000 iterations (0:01:05 / ");
    // a step of its own starts at zero, as before
    List<String> fresh = new CopyOnWriteArrayList<>();
    ProgressBar own = ConsoleBar.builder("arena", "matches", 0, 10, Duration.ZERO)
        .setConsumer(new DelegatingProgressBarConsumer(fresh::add, 100)).setUpdateIntervalMillis(10).build();
    own.stepTo(1);
    own.close();
    assertThat(fresh.get(fresh.size() - 1)).contains("1/10 matches (0:00:00 / ");
  }
}
