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
 * silently. The hook is removed by {@link #close()}; a command that takes over the signal itself
 * (the solver's iterations) closes it first.
 */
final class InterruptLine implements AutoCloseable {
  private final PrintWriter err;
  private volatile Supplier<String> line;
  private Thread hook;

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
   * Prints the line and closes {@code err}: the command's own thread keeps running while the JVM
   * ends, and a progress line it printed after this one would hide it; a closed {@link
   * PrintWriter} drops what is printed to it without a word. Package-private for tests.
   */
  void say() {
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
   * The hook of {@link Ponder#main} for the time before a command's own code runs (the JVM
   * starting, the command line being read): for {@code solve} and {@code exploitability}, whose
   * interrupted runs always say what happened, a signal then prints {@code ponder: solve:
   * interrupted while starting; nothing was computed or saved}. Null for other commands.
   *
   * @param args the command line as given to {@code main}
   */
  static Thread startup(String[] args) {
    String command = command(args);
    if (!"solve".equals(command) && !"exploitability".equals(command)) {
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
}
