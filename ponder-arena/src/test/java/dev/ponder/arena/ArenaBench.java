package dev.ponder.arena;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Timing main (not a test): arena overhead per match and report time on a large store.
 *
 * <p>{@code ArenaBench DB SEEDS PARALLEL}: plays a tournament of fast agents (random and
 * first(offset=k)) over six games into DB, then reports (1) wall time per match of the
 * tournament, (2) the time of the same matches played by {@link MatchRunner} alone (no schedule,
 * no store) on the same number of threads, whose difference is the arena overhead (scheduling
 * and store), and (3) the time of {@link Analysis#analyse} plus {@link Report#write} on the store.
 */
public final class ArenaBench {
  private ArenaBench() {}

  public static void main(String[] args) throws Exception {
    Path db = Path.of(args[0]);
    int seeds = Integer.parseInt(args[1]);
    int parallel = Integer.parseInt(args[2]);
    Files.deleteIfExists(db);
    Files.deleteIfExists(Path.of(args[0] + "-wal"));
    Files.deleteIfExists(Path.of(args[0] + "-shm"));
    TournamentConfig c = new TournamentConfig(
        List.of("tic_tac_toe", "kuhn_poker", "nim", "breakthrough(rows=5,columns=5)", "clobber(rows=4,columns=4)", "hex(board_size=4)"),
        List.of("random", "first", "first(offset=1)", "first(offset=2)", "first(offset=3)"), "", seeds, 7,
        TournamentConfig.ROUND_ROBIN, "", false);
    Tournament t = new Tournament(c);
    List<Schedule.Entry> schedule = t.schedule();
    // Warm up the JIT on match play alone.
    playAlone(t, schedule.subList(0, Math.min(schedule.size(), 20_000)), parallel);
    long t0 = System.nanoTime();
    playAlone(t, schedule, parallel);
    double aloneS = (System.nanoTime() - t0) / 1e9;
    Tournament.RunSummary r;
    try (ArenaStore store = ArenaStore.open(db)) {
      r = t.run(store, parallel, (d, n) -> Progress.none(), null);
    }
    int n = schedule.size();
    System.out.printf(Locale.ROOT, "matches: %d; parallel %d%n", n, parallel);
    System.out.printf(Locale.ROOT, "tournament (play + schedule + store): %.2f s = %.3f ms/match%n", r.seconds(), 1000 * r.seconds() / n);
    System.out.printf(Locale.ROOT, "matches alone (MatchRunner only):     %.2f s = %.3f ms/match%n", aloneS, 1000 * aloneS / n);
    System.out.printf(Locale.ROOT, "arena overhead (difference):          %.3f ms/match%n", 1000 * (r.seconds() - aloneS) / n);
    long t1 = System.nanoTime();
    try (ArenaStore store = ArenaStore.open(db)) {
      Analysis.Result res = Analysis.analyse(store, r.tournamentId(), AnalysisOptions.defaults());
      Report.write(res, store, Path.of(args[0] + "-report"));
    }
    System.out.printf(Locale.ROOT, "analysis + report files (in-process):  %.2f s%n", (System.nanoTime() - t1) / 1e9);
  }

  private static void playAlone(Tournament t, List<Schedule.Entry> entries, int parallel) throws InterruptedException {
    List<String> agents = t.config().allAgents();
    java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < parallel; i++) {
      Thread th = new Thread(() -> {
        int k;
        List<String> seats = new ArrayList<>();
        while ((k = next.getAndIncrement()) < entries.size()) {
          Schedule.Entry e = entries.get(k);
          seats.clear();
          for (int a : e.seats()) {
            seats.add(agents.get(a));
          }
          MatchRunner.play(t.games().get(e.game()), seats,
              Seeds.matchSeed(t.config().seed(), t.config().games().get(e.game()), e.seedIndex()));
        }
      });
      th.start();
      threads.add(th);
    }
    for (Thread th : threads) {
      th.join();
    }
  }
}
