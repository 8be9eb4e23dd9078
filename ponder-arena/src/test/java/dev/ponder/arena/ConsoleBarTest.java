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

  /**
   * The bar's rate is that of the last quarter of the elapsed time, as the docs and the 10-s lines
   * say: 30 units in 30 s, then 100 in 10 s: 10/s over the last 10 s (the whole-run average,
   * which the library shows, would be 130 / 40 = 3.25/s).
   */
  @Test
  void theRateIsTheLastQuartersNotTheWholeRunAverage() {
    Eta eta = new Eta(0, 1000);
    eta.record(30, 1030);
    ConsoleBar.Renderer r = new ConsoleBar.Renderer(" matches", eta);
    assertThat(r.speedAt(130, 1040)).isEqualTo("    10.0 matches/s");
  }

  /**
   * The bar keeps its length while the rate grows from nothing and the ETA goes from unknown (the
   * first 2 s) to known: 2.7 s of updates.
   */
  @Test
  void theLineKeepsItsWidthFromUpdateToUpdate() throws Exception {
    List<String> drawn = new CopyOnWriteArrayList<>();
    ProgressBar bar = ConsoleBar.builder("arena", "matches", 0, 100_000, Duration.ZERO)
        .setConsumer(new DelegatingProgressBarConsumer(drawn::add, 120)).setUpdateIntervalMillis(5).build();
    for (int i = 1; i <= 60; i++) {
      bar.stepTo(i * i * 20L);
      Thread.sleep(45);
    }
    bar.close();
    assertThat(drawn.size()).isGreaterThan(5);
    // the library fills the line to its width: the bar takes what the text leaves
    assertThat(drawn.stream().map(l -> l.indexOf(']') - l.indexOf('[')).distinct().toList()).as(String.join("\n", drawn))
        .hasSize(1);
    assertThat(ConsoleBar.etaText("?")).isEqualTo("      ?");
    assertThat(ConsoleBar.etaText("0:01:05")).isEqualTo("0:01:05");
    assertThat(ConsoleBar.speedText(1234.56, " matches")).isEqualTo("  1234.6 matches/s");
  }
}
