package dev.ponder.app;

import java.io.PrintWriter;
import java.util.function.Supplier;

/**
 * What Ctrl-C (SIGINT) or SIGTERM says during a step of {@code solve} or {@code exploitability}
 * that has no stopping point of its own (starting, building the game tree, tabularizing an agent,
 * measuring): a JVM shutdown hook, armed while the step runs, prints one line on standard error
 * (the current {@link #set line}, computed when the signal comes, e.g. {@code ponder: solve:
 * interrupted while building the game tree of pig(winscore=5); nothing was computed or saved}),
 * and the JVM then exits with 128 + the signal's number (130 for SIGINT), as it would have
 * silently. The same hook speaks while {@code simulate}, {@code perft}, {@code check}, {@code
 * search} and {@code bench playouts} start ({@code ponder: simulate: interrupted while starting;
 * nothing was computed or saved}). The hook is removed by {@link #close()}; a command that takes
 * over the signal itself (the solver's iterations) closes it first.
 *
 * <p>A command whose work can stop part way and report what it has done ({@code simulate}, {@code
 * perft}, {@code check}, {@code bench playouts}, {@code search}) calls {@link #stopsCommand} as
 * that work begins: a signal from then on sets {@link #requested()} (and runs the stop action the
 * command gave, such as an MCTS engine's stop request), and the hook waits, up to {@link
 * #STOP_WAIT_MS}, for the command to stop, print what it computed, set the line that says so and
 * {@link #close()} this; then it prints the
 * line. Whatever the command prints, it {@linkplain #claimOutput claims} first, so that nothing is
 * printed after a hook that gave up waiting has spoken.
 */
final class InterruptLine implements AutoCloseable {
  /**
   * How long the hook waits for a command that stops itself ({@link #stopsCommand}) to stop and
   * print what it computed; then it prints the current line anyway, and the JVM exits.
   */
  static final long STOP_WAIT_MS = 10_000;

  private final PrintWriter err;
  private volatile Supplier<String> line;
  private Thread hook;
  /** Set by the signal once the command stops itself ({@link #stopsCommand}). */
  private volatile boolean requested;
  /** Whether the command stops itself ({@link #stopsCommand}); before, the hook only speaks. */
  private boolean stopping;
  /** What the signal runs to stop the command's work ({@link #stopsCommand(Runnable)}), or null. */
  private Runnable stopAction;
  /** The command prints its output (whole or partial): the hook waits for it. */
  private boolean claimed;
  /**
   * The hook speaks for the command without waiting for it (any more): before {@link
   * #stopsCommand}, or once it has given up waiting; the command may print nothing more.
   */
  private boolean silenced;
  /** Closed: the command is done. */
  private boolean closed;

  /**
   * Arms the hook with its first line.
   *
   * @param err where the line goes (the command's standard error)
   */
  InterruptLine(PrintWriter err, Supplier<String> line) {
    this.err = err;
    this.line = line;
    Thread h = new Thread(this::say, "interrupt-line");
    try {
      Runtime.getRuntime().addShutdownHook(h);
      hook = h;
    } catch (IllegalStateException shuttingDown) {
      hook = null; // the JVM is already ending: another hook says so
    }
  }

  /** The line the signal prints from now on (computed when it comes). */
  void set(Supplier<String> line) {
    this.line = line;
  }

  /** {@link #set(Supplier)} with a fixed line. */
  void set(String line) {
    set(() -> line);
  }

  /**
   * From now on a signal stops the command rather than cutting it short: it sets {@link
   * #requested()}, which the command reads at its stopping points (between playouts, every so many
   * nodes), and the hook waits for the command to print what it computed and close this (see the
   * class comment). Called from the command's own thread.
   *
   * @param stop run by the signal (in the hook's thread) to make the work stop, for work that does
   *     not read {@link #requested()} itself (an MCTS search: its engine's stop request), or null
   */
  synchronized void stopsCommand(Runnable stop) {
    stopping = true;
    stopAction = stop;
  }

  /** {@link #stopsCommand(Runnable)} for work that reads {@link #requested()} at its stopping points. */
  void stopsCommand() {
    stopsCommand(null);
  }

  /** Whether a signal has asked the command to stop ({@link #stopsCommand}). */
  boolean requested() {
    return requested;
  }

  /**
   * Claims standard output for what the command prints now, whole or partial: true, and a signal
   * from now on waits for the command to print it and close this; false when a signal's hook
   * speaks without waiting for the command (it came before {@link #stopsCommand}, or gave up
   * waiting), and nothing may be printed. Clears the calling thread's interrupt status, which a
   * signal may have set.
   */
  synchronized boolean claimOutput() {
    Thread.interrupted();
    if (silenced) {
      return false;
    }
    claimed = true;
    return true;
  }

  /** Asks the command to stop: sets {@link #requested()} and runs its stop action, if any. */
  private void request() {
    Runnable stop;
    synchronized (this) {
      stop = stopAction;
      requested = true;
    }
    if (stop != null) {
      stop.run();
    }
  }

  /**
   * Waits for a command that stops itself to close this, up to {@link #STOP_WAIT_MS}, or twice
   * that once it has claimed its output (it is printing, and a line before the output ends would
   * come too early), then gives up.
   */
  private synchronized void awaitStop() {
    long start = System.nanoTime();
    while (!closed) {
      long left = (claimed ? 2 : 1) * STOP_WAIT_MS - (System.nanoTime() - start) / 1_000_000L;
      if (left <= 0) {
        silenced = true;
        return;
      }
      try {
        wait(left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        silenced = true;
        return;
      }
    }
  }

  /**
   * Prints the line and closes {@code err}: the command's own thread keeps running while the JVM
   * ends, and a progress line it printed after this one would hide it; a closed {@link
   * PrintWriter} drops what is printed to it without a word. A command that stops itself ({@link
   * #stopsCommand}) is asked to stop and waited for first. Package-private for tests.
   */
  void say() {
    boolean stops;
    synchronized (this) {
      stops = stopping && !closed;
      silenced = !stops;
    }
    if (stops) {
      request();
      awaitStop();
    }
    String text = line.get();
    synchronized (err) {
      if (dev.ponder.arena.Progress.barOnStderr()) {
        err.println(); // a progress bar may hold the cursor at the end of its line
      }
      err.println(text);
      err.flush();
      err.close();
    }
  }

  /** Removes the hook: a signal from now on prints nothing more from here. */
  @Override
  public synchronized void close() {
    closed = true;
    notifyAll(); // a hook waiting for the command to stop
    if (hook != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the JVM is already ending: the hook prints the line
      }
      hook = null;
    }
  }

  /**
   * Exit code of a command that a signal stopped, when it returns by itself (in-process, as tests
   * run it): 128 + SIGINT's number, as the shell reports Ctrl-C. In a JVM ended by the signal the
   * exit code is the signal's (143 for SIGTERM).
   */
  static final int EXIT_CODE = 130;

  /** The commands whose interrupted runs always say what happened, as their lines name them. */
  private static final java.util.List<String> SPEAKING = java.util.List.of("solve", "exploitability", "simulate",
      "perft", "check", "search", "bench playouts");

  /**
   * The hook of {@link Ponder#main} for the time before a command's own code runs (the JVM
   * starting, the command line being read): for the commands whose interrupted runs always say
   * what happened ({@code solve}, {@code exploitability}, {@code simulate}, {@code perft}, {@code
   * check}, {@code search}, {@code bench playouts}), a signal then prints {@code ponder: solve:
   * interrupted while starting; nothing was computed or saved}. Null for other commands.
   *
   * @param args the command line as given to {@code main}
   */
  static Thread startup(String[] args) {
    String command = command(args);
    if ("bench".equals(command)) { // bench playouts speaks, bench search does not
      int at = java.util.Arrays.asList(args).indexOf(command);
      command += " " + command(java.util.Arrays.copyOfRange(args, at + 1, args.length));
    }
    if (command == null || !SPEAKING.contains(command)) {
      return null;
    }
    String text = starting(command);
    Thread h = new Thread(() -> {
      System.err.println(text);
      System.err.flush();
    }, "interrupt-line-startup");
    Runtime.getRuntime().addShutdownHook(h);
    return h;
  }

  /** The command of a command line: its first argument that is not an option, or null. */
  static String command(String[] args) {
    for (String a : args) {
      if (!a.startsWith("-")) {
        return a;
      }
    }
    return null;
  }

  /** Removes a hook of {@link #startup}, if any and if the JVM is not already ending. */
  static void remove(Thread startupHook) {
    if (startupHook != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(startupHook);
      } catch (IllegalStateException shuttingDown) {
        // the JVM is already ending: the hook prints the line
      }
    }
  }

  /** {@code ponder: COMMAND: interrupted while starting; nothing was computed or saved}. */
  static String starting(String command) {
    return "ponder: " + command + ": interrupted while starting; nothing was computed or saved";
  }

  /**
   * The line of a signal that came as a command printed its whole result (it is printed in full
   * before the line): {@code ponder: COMMAND: interrupted as its result was printed; the result is
   * complete}.
   */
  static String printedWhole(String command) {
    return "ponder: " + command + ": interrupted as its result was printed; the result is complete";
  }
}
