package dev.ponder.app;

import java.io.PrintWriter;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;

/**
 * What Ctrl-C (SIGINT) or SIGTERM does to {@code ponder arena} and {@code ponder report}, from the
 * JVM's start to its exit: one shutdown hook, installed first thing by {@link Ponder#main}, and the
 * phase of the run it speaks for. Each phase has a {@link Speaker} that cleans up what the phase
 * leaves (closes the store, removes a store this run created empty) and returns the one line to
 * print; the command moves from phase to phase with {@link #enter}, and marks the end of its work
 * with {@link #finish}.
 *
 * <p>The hook freezes the phase: once a signal has come, {@link #enter} and {@link #step} do not
 * return (the thread waits for the JVM to halt), so the line always names the phase the run was
 * really in (a report is never begun after the line said it was not written). A {@link #step} (a
 * short piece of work that creates and removes files, such as the report directory's probe or the
 * store's creation, or that prints and enters the phase it printed, such as the rankings, or that
 * moves the report's files into place and finishes the run, {@link ArenaCommand#writeReport}) is
 * finished before the hook reads the phase, so it leaves nothing half done. Once the
 * work is finished ({@link #finish}) a signal prints nothing: the hook runs the finishing clean-up
 * (the store closed) and halts the JVM with the command's own exit code, not 128 + the signal's.
 */
final class RunEdge {
  /** What the hook does for one phase: its clean-up, then the line to print (null for none). */
  @FunctionalInterface
  interface Speaker {
    String stop();
  }

  /** The installed edge of this JVM ({@link #install}), or null (commands run in-process, in tests). */
  private static volatile RunEdge installed;

  private final PrintWriter err;
  private final IntConsumer halt;
  private final ReentrantLock stepLock = new ReentrantLock();
  private Speaker speaker;
  private boolean stopped;
  private int exitCode = -1;
  private Runnable beforeHalt;
  private Thread hook;

  /**
   * An edge that no hook calls yet (a test calls {@link #onSignal} itself).
   *
   * @param err where the line goes
   * @param first the speaker of the first phase
   * @param halt what ends the JVM with a finished run's exit code ({@code Runtime.getRuntime()::halt})
   */
  RunEdge(PrintWriter err, Speaker first, IntConsumer halt) {
    this.err = err;
    this.speaker = first;
    this.halt = halt;
  }

  /**
   * The edge of {@code ponder arena} and {@code ponder report}, with its hook registered: called
   * first thing by {@link Ponder#main}. Null for any other command (whose interrupt lines, if any,
   * come from {@link InterruptLine}).
   *
   * @param args the command line as given to {@code main}
   */
  static RunEdge install(String[] args) {
    String command = InterruptLine.command(args);
    if (!"arena".equals(command) && !"report".equals(command)) {
      return null;
    }
    String line = starting(command);
    RunEdge e = new RunEdge(new PrintWriter(System.err, true), () -> line, code -> Runtime.getRuntime().halt(code));
    e.hook = new Thread(e::onSignal, command + "-interrupted");
    Runtime.getRuntime().addShutdownHook(e.hook);
    installed = e;
    return e;
  }

  /** Makes {@code e} the installed edge without a hook (null: none), for tests that call {@link #onSignal} themselves. */
  static void installForTest(RunEdge e) {
    installed = e;
  }

  /**
   * The edge for a command's run: the installed one, or (run in-process, no hook) a new one that
   * nothing calls.
   */
  static RunEdge current(PrintWriter err) {
    RunEdge e = installed;
    return e != null ? e : new RunEdge(err, () -> null, code -> {});
  }

  /** The line of a signal before the command has done anything: {@code interrupted while starting; …}. */
  static String starting(String command) {
    return "report".equals(command) ? "interrupted while starting; no report written"
        : "interrupted while starting; no match was played";
  }

  /**
   * Enters a phase: a signal from now on runs {@code next}. Does not return once a signal has come
   * (the hook speaks for the phase before; nothing of the next one may begin).
   */
  void enter(Speaker next) {
    synchronized (this) {
      if (!stopped || stepLock.isHeldByCurrentThread()) { // within a step the hook reads the phase after it
        speaker = next;
        return;
      }
    }
    waitForHalt();
  }

  /**
   * Runs a short piece of work that the hook lets finish before it speaks (the work creates files
   * and removes them again). Does not begin it once a signal has come.
   */
  <T> T step(java.util.function.Supplier<T> work) {
    stepLock.lock();
    try {
      boolean late;
      synchronized (this) {
        late = stopped;
      }
      if (late) { // the hook has spoken or is about to, for the phase before: wait, holding nothing
        stepLock.unlock();
        waitForHalt();
      }
      return work.get();
    } finally {
      if (stepLock.isHeldByCurrentThread()) {
        stepLock.unlock();
      }
    }
  }

  /** {@link #step(java.util.function.Supplier)} for work without a result. */
  void step(Runnable work) {
    step(() -> {
      work.run();
      return null;
    });
  }

  /**
   * The work is finished with exit code {@code code}: a signal from now on prints nothing, runs
   * {@code beforeHalt} (closing the store) and ends the JVM with {@code code}. A signal that came
   * before keeps its line and code.
   */
  synchronized void finish(int code, Runnable beforeHalt) {
    if ((!stopped || stepLock.isHeldByCurrentThread()) && exitCode < 0) {
      this.exitCode = code;
      this.beforeHalt = beforeHalt;
    }
  }

  /** {@link #finish} of the installed edge, if any, with nothing to close. */
  static void finished(int code) {
    RunEdge e = installed;
    if (e != null) {
      e.finish(code, null);
    }
  }

  /**
   * Removes the installed edge's hook before {@link Ponder#main} exits by itself, so that the exit
   * runs no halt; when a signal's shutdown has begun, the hook stays (it halts with the finished
   * run's exit code).
   */
  static void uninstall() {
    RunEdge e = installed;
    if (e != null && e.hook != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(e.hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs
      }
    }
  }

  /**
   * Whether the JVM is ending (a shutdown hook can no longer be registered): an error met now is
   * the shutdown's doing, such as SQLite's driver refused a file to delete on exit.
   */
  static boolean shuttingDown() {
    Thread probe = new Thread(() -> {}, "shutdown-probe");
    try {
      Runtime.getRuntime().addShutdownHook(probe);
    } catch (IllegalStateException e) {
      return true;
    }
    try {
      Runtime.getRuntime().removeShutdownHook(probe);
    } catch (IllegalStateException e) {
      return true;
    }
    return false;
  }

  /** Whether a signal has come (the hook runs). */
  synchronized boolean stopped() {
    return stopped;
  }

  /**
   * Whether arena or report ends on a signal (the installed edge's hook runs, or the JVM's shutdown
   * has begun): an error the command meets now is the shutdown's doing, and the hook's line says
   * what happened. False for every other command, whose errors print as ever.
   */
  static boolean signalled() {
    RunEdge e = installed;
    return e != null && (e.stopped() || shuttingDown());
  }

  /**
   * The hook: freezes the phase, waits (up to 10 s) for a {@link #step} under way, then either
   * halts with a finished run's exit code, saying nothing, or runs the phase's speaker and prints
   * its line. Package-private for tests.
   */
  void onSignal() {
    synchronized (this) {
      stopped = true;
    }
    boolean locked = false;
    try {
      locked = stepLock.tryLock(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Speaker s;
    int code;
    Runnable done;
    synchronized (this) { // the phase as the step under way, if any, left it
      s = speaker;
      code = exitCode;
      done = beforeHalt;
    }
    try {
      if (code >= 0) {
        if (done != null) {
          done.run();
        }
        synchronized (err) {
          err.flush();
        }
        halt.accept(code);
        return;
      }
      String line = s.stop();
      if (line != null) {
        // on a line of its own, the console bar (if any) cleared and drawn no more
        dev.ponder.arena.Progress.printlnLast(err, line);
        synchronized (err) {
          err.close(); // a progress line printed after this one would hide it
        }
      }
    } finally {
      if (locked) {
        stepLock.unlock();
      }
    }
  }

  /** Parks the calling thread until the JVM halts (the hook is running), or a test ends it ({@link #releaseForTest}). */
  private void waitForHalt() {
    while (true) {
      try {
        Thread.sleep(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        if (released) {
          throw new Released(); // never returns: no next phase begins
        }
        // keep waiting: the JVM is ending
      }
    }
  }

  /** Set by {@link #releaseForTest}: a parked thread that is interrupted ends instead of waiting on. */
  private volatile boolean released;

  /**
   * Lets the threads this edge parks end when interrupted, by throwing {@link Released} (they never
   * return into their command): for tests, whose JVM does not halt. Package-private for tests.
   */
  void releaseForTest() {
    released = true;
  }

  /** What a parked thread throws once a test has released it ({@link #releaseForTest}) and interrupts it. */
  static final class Released extends RuntimeException {
    Released() {
      super("released by a test", null, false, false);
    }
  }
}
