package dev.ponder.app;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.search.mcts.MctsAgent;
import dev.ponder.spec.SpecException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ponder bench search}: simulations per second of an MCTS agent (default {@code uct} with
 * random rollouts) from the initial position of each game, for each thread count, plus bytes per
 * tree node and the time-budget overrun of 50 ms searches.
 */
@Command(name = "search", mixinStandardHelpOptions = true,
    description = "Simulations per second of MCTS (uct, random rollouts) on several games and thread counts.")
public final class SearchBenchCommand implements java.util.concurrent.Callable<Integer> {

  @Option(names = "--games", paramLabel = "GAMES",
      description = "Game strings separated by commas outside parentheses (default: ${DEFAULT-VALUE}).")
  String games = "tic_tac_toe,connect_four,breakthrough,hex(board_size=11)";

  @Option(names = "--threads", split = ",", description = "Thread counts (default: 1,2).")
  List<Integer> threads = List.of(1, 2);

  @Option(names = "--seconds", description = "Measured seconds per game and thread count (default: ${DEFAULT-VALUE}).")
  double seconds = 3;

  @Option(names = "--warmup", description = "Seconds of searches before each measurement, for the JIT compiler "
      + "(default: ${DEFAULT-VALUE}; at least one search).")
  double warmup = 3;

  @Option(names = "--agent", description = "Agent name and mechanism keys, without budget (default: ${DEFAULT-VALUE}).")
  String agent = "uct";

  @Option(names = "--overrun-searches", description = "50 ms searches per game to measure time overrun (0 = skip; default: ${DEFAULT-VALUE}).")
  int overrunSearches = 40;

  @Option(names = "--signature",
      description = "Print only the bench signature: total simulations, nodes and a hash of the chosen actions of "
          + "deterministic searches (one thread, fixed seed, 8 plies of self-play at 300 simulations per game); "
          + "it changes only when search behaviour changes.")
  boolean signatureOnly;

  @Option(names = "--no-fork",
      description = "Measure every game and thread count in this JVM. By default each is measured in a fresh JVM "
          + "(same Java, class path and JVM options): in one JVM the code compiled for the first configurations "
          + "(e.g. one thread) is what later ones (two threads) run, which costs them up to about 10%%.")
  boolean noFork;

  /** Set in the fresh JVM of one measurement: print its figures on one line for the parent. */
  @Option(names = "--measure-one", hidden = true)
  boolean measureOne;

  /** Prefix of the line a forked measurement prints. */
  static final String CHILD_PREFIX = "bench-search-measurement:";

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    if (signatureOnly) {
      out.println(signature());
      out.flush();
      return 0;
    }
    if (!(seconds > 0)) {
      throw new UsageException("--seconds must be > 0");
    }
    if (!(warmup >= 0)) {
      throw new UsageException("--warmup must be ≥ 0");
    }
    for (int t : threads) {
      if (t < 1 || t > 64) {
        throw new UsageException("--threads " + t + " is out of range; valid: 1..64");
      }
    }
    List<Game> loaded = new ArrayList<>();
    List<String> gameStrings = SearchCommand.splitHistory(games.replace(';', ','));
    for (String g : gameStrings) {
      loaded.add(GameRegistry.load(g)); // an unknown game or bad parameter fails here, before any output
    }
    for (Game g : loaded) {
      create(agentSpec("time_ms=100,threads=1"), g).close(); // so does an agent that is not MCTS
    }
    if (measureOne) {
      if (loaded.size() != 1 || threads.size() != 1) {
        throw new UsageException("--measure-one takes one game and one thread count");
      }
      double[] m = measure(loaded.get(0), threads.get(0));
      StringBuilder line = new StringBuilder(CHILD_PREFIX);
      for (double v : m) {
        line.append(' ').append(v);
      }
      out.println(line);
      out.flush();
      return 0;
    }
    out.printf(Locale.ROOT, "# %s, %d available processors, %s %s%n", System.getProperty("os.name"),
        Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"), System.getProperty("java.version"));
    out.println("# sims/s: per wall second; sims/worker-cpu-s: per CPU second of the search threads (what an idle");
    out.println("# machine would give per busy core); cpu/wall: CPU seconds of the whole process per wall second");
    out.println(noFork ? "# every game and thread count measured in this JVM (--no-fork)"
        : "# every game and thread count measured in a fresh JVM");
    out.printf(Locale.ROOT, "%-24s %7s %10s %8s %18s %9s %9s %10s%n", "game", "threads", "sims/s", "speedup",
        "sims/worker-cpu-s", "cpu/wall", "nodes", "bytes/node");
    List<String> overrunLines = new ArrayList<>();
    for (int gi = 0; gi < loaded.size(); gi++) {
      Game game = loaded.get(gi);
      double base = 0;
      for (int t : threads) {
        double[] m = noFork ? measure(game, t) : measureInFreshJvm(gameStrings.get(gi), t);
        if (base == 0) {
          base = m[0];
        }
        out.printf(Locale.ROOT, "%-24s %7d %10.0f %7.2fx %18.0f %9.2f %9.0f %10.1f%n", game.spec(), t, m[0], m[0] / base,
            m[3], m[4], m[1], m[2]);
        out.flush();
      }
      if (overrunSearches > 0) {
        overrunLines.add(overrun(game));
      }
    }
    if (!overrunLines.isEmpty()) {
      out.println("# time budget 50 ms, 1 thread: overrun = elapsed - 50 ms");
      overrunLines.forEach(out::println);
    }
    out.flush();
    return 0;
  }

  /**
   * Returns {sims per wall second, nodes of the last search, bytes per node, sims per process CPU
   * second, process CPU seconds per wall second}. On a shared machine the CPU figures show how
   * much of the wall time the process actually ran.
   */
  private double[] measure(Game game, int t) {
    int perSearchMs = (int) Math.max(100, Math.min(1000, seconds * 1000 / 3));
    String spec = agentSpec("time_ms=" + perSearchMs + ",threads=" + t);
    try (MctsAgent a = create(spec, game)) {
      State s = game.newInitialState();
      long warmEnd = System.nanoTime() + (long) (warmup * 1e9);
      do {
        a.search(s); // warm-up: the JIT compiler's work (and its threads' CPU) stays out of the figures
      } while (System.nanoTime() < warmEnd);
      long sims = 0;
      double ms = 0;
      SearchResult last = null;
      long cpu0 = processCpuNanos();
      long worker0 = workerCpuNanos();
      long wall0 = System.nanoTime();
      long end = wall0 + (long) (seconds * 1e9);
      while (System.nanoTime() < end) {
        last = a.search(s);
        sims += last.simulations();
        ms += last.elapsedMs();
      }
      double cpu = (processCpuNanos() - cpu0) / 1e9;
      double workerCpu = (workerCpuNanos() - worker0) / 1e9;
      double wall = (System.nanoTime() - wall0) / 1e9;
      return new double[] {sims / (ms / 1000.0), last.nodes(), last.bytesPerNode(),
          workerCpu > 0 ? sims / workerCpu : Double.NaN, cpu / wall};
    }
  }

  /**
   * {@link #measure} in a fresh JVM: the same Java command, class path and JVM options (debugger
   * agents left out), running this command with {@code --measure-one}.
   *
   * @throws IllegalStateException if the child JVM cannot start, fails, or prints no figures
   */
  double[] measureInFreshJvm(String game, int t) {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command()
        .orElse(System.getProperty("java.home") + java.io.File.separator + "bin" + java.io.File.separator + "java"));
    for (String arg : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!arg.startsWith("-agentlib:") && !arg.startsWith("-Xrunjdwp") && !arg.equals("-Xdebug")) {
        cmd.add(arg);
      }
    }
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Ponder.class.getName(), "bench", "search",
        "--measure-one", "--games", game, "--threads", Integer.toString(t), "--seconds", Double.toString(seconds),
        "--warmup", Double.toString(warmup),
        "--agent", agent));
    String what = "measuring " + game + " with " + t + " thread" + (t == 1 ? "" : "s") + " in a fresh JVM";
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      List<String> lines = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
          java.nio.charset.StandardCharsets.UTF_8)).lines().toList();
      int code = p.waitFor();
      for (String line : lines) {
        if (code == 0 && line.startsWith(CHILD_PREFIX)) {
          String[] f = line.substring(CHILD_PREFIX.length()).trim().split(" ");
          double[] m = new double[f.length];
          for (int i = 0; i < f.length; i++) {
            m[i] = Double.parseDouble(f[i]);
          }
          return m;
        }
      }
      String last = lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
      throw new IllegalStateException(what + " failed (exit " + code + "): " + last);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(what + ": cannot start " + cmd.get(0) + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(what + ": interrupted", e);
    }
  }

  /** CPU time of this thread (worker 0 runs in it) plus the engine's worker threads. */
  private static long workerCpuNanos() {
    java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
    long total = mx.getCurrentThreadCpuTime();
    for (java.lang.management.ThreadInfo ti : mx.getThreadInfo(mx.getAllThreadIds())) {
      if (ti != null && ti.getThreadName().startsWith("ponder-mcts-worker")) {
        total += Math.max(0, mx.getThreadCpuTime(ti.getThreadId()));
      }
    }
    return total;
  }

  private static long processCpuNanos() {
    java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime();
    }
    return -1;
  }

  private String overrun(Game game) {
    try (MctsAgent a = create(agentSpec("time_ms=50,threads=1"), game)) {
      State s = game.newInitialState();
      a.search(s);
      double[] over = new double[overrunSearches];
      for (int i = 0; i < overrunSearches; i++) {
        over[i] = a.search(s).elapsedMs() - 50.0;
      }
      Arrays.sort(over);
      double p99 = over[(int) Math.ceil(0.99 * over.length) - 1];
      return String.format(Locale.ROOT, "%-24s overrun ms: median %.2f, p99 %.2f, max %.2f (%d searches)",
          game.spec(), over[over.length / 2], p99, over[over.length - 1], over.length);
    }
  }

  /** Deterministic searches on every registered game of the list; see {@code --signature}. */
  String signature() {
    long sims = 0;
    long nodes = 0;
    long hash = 0x2545F4914F6CDD1DL;
    StringBuilder used = new StringBuilder();
    for (String g : SearchCommand.splitHistory(games.replace(';', ','))) {
      Game game;
      try {
        game = GameRegistry.load(g);
      } catch (SpecException e) {
        continue;
      }
      used.append(used.length() > 0 ? "," : "").append(game.spec());
      try (MctsAgent a = create(agentSpec("sims=300,threads=1"), game)) {
        State s = game.newInitialState();
        java.util.SplittableRandom chance = new java.util.SplittableRandom(7);
        for (int ply = 0; ply < 8 && !s.isTerminal(); ply++) {
          while (s.isChanceNode()) {
            int[] legal = s.legalActions();
            s.applyAction(legal[chance.nextInt(legal.length)]);
          }
          if (s.isTerminal()) {
            break;
          }
          SearchResult r = a.search(s);
          sims += r.simulations();
          nodes += r.nodes();
          hash = State.mix64(hash ^ (r.action() + 31L * ply));
          s.applyAction(r.action());
        }
      }
    }
    return String.format(Locale.ROOT, "signature: games %s; agent %s; simulations %d; nodes %d; actions %016x",
        used, agentSpec("sims=300,threads=1"), sims, nodes, hash);
  }

  private String agentSpec(String budget) {
    String a = agent.trim();
    int open = a.indexOf('(');
    if (open < 0) {
      return a + "(" + budget + ")";
    }
    return a.substring(0, a.length() - 1) + "," + budget + ")";
  }

  private static MctsAgent create(String spec, Game game) {
    if (AgentRegistry.create(spec, game, 1) instanceof MctsAgent m) {
      return m;
    }
    throw new UsageException("agent '" + spec + "' is not an MCTS agent");
  }
}
