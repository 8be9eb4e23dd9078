package dev.ponder.app;

import dev.ponder.arena.Progress;
import dev.ponder.game.Game;
import dev.ponder.solve.GameTree;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/**
 * The game-tree size limit and progress switch shared by {@code ponder solve} and
 * {@code ponder exploitability}.
 */
public final class GameTreeOptions {
  @Option(names = "--max-histories", paramLabel = "N", converter = Ponder.AtLeastOne.class, defaultValue = "5000000",
      description = "Refuse games whose tree has more histories than this (at least 1); far larger trees are refused before"
          + " the walk, by a random-path estimate (default: ${DEFAULT-VALUE}).")
  int maxHistories;

  @Option(names = "--no-progress", description = "No progress output on standard error.")
  boolean noProgress;

  /** Least milliseconds between two progress lines when no console is attached (0: every step). */
  @Option(names = "--progress-interval", hidden = true, defaultValue = "10000",
      description = "Milliseconds between progress lines without a console (default: ${DEFAULT-VALUE}).")
  long progressIntervalMs;

  /**
   * The progress of a long step on {@code err} ({@link Progress#forConsole(String, String, long,
   * long, PrintWriter, long, boolean)}; no closing line unless a line was printed), or none with
   * {@code --no-progress}.
   *
   * @param total units in the step, or {@link Progress#UNKNOWN}
   */
  Progress progress(String task, String unit, long total, PrintWriter err) {
    return progress(task, unit, 0, total, err);
  }

  /**
   * {@link #progress(String, String, long, PrintWriter)} of a step resumed at {@code done} units
   * (the rate and ETA count the units done from now on).
   */
  Progress progress(String task, String unit, long done, long total, PrintWriter err) {
    return progress(task, unit, done, total, err, System.nanoTime());
  }

  /**
   * {@link #progress(String, String, long, long, PrintWriter)} of a step of a run begun at {@code
   * runStartNanos} ({@link System#nanoTime}): a console bar's elapsed time is the run's.
   */
  Progress progress(String task, String unit, long done, long total, PrintWriter err, long runStartNanos) {
    return noProgress ? Progress.none() : Progress.forConsole(task, unit, done, total, err, progressIntervalMs, false,
        runStartNanos);
  }

  /**
   * Checks the options' ranges, before any work.
   *
   * @throws UsageException naming the option and its range
   */
  void check() {
    if (maxHistories < 1) {
      throw UsageException.atLeast("--max-histories", 1, maxHistories);
    }
  }

  /**
   * Refuses games {@code command} cannot handle ({@link GameTree#requireZeroSum}, the Java API's
   * rule): exact solving and exploitability (NashConv) are offered for zero-sum (and constant-sum)
   * games only (CFR's guarantees and the exploitability convention assume
   * them), of any number of players, perfect or imperfect information. The message names the game
   * with the parameters given, its utility, and whether the game with its default parameters is
   * zero-sum (goofspiel is, goofspiel(returns_type=total_points) is not).
   *
   * @throws UsageException naming the game's utility and what is accepted
   */
  static void requireZeroSum(Game game, String command) {
    try {
      GameTree.requireZeroSum(game, command);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * The full game tree of {@code game}, at most {@code --max-histories} histories, with progress
   * lines on {@code err} while a large tree is built (unless {@code --no-progress}); a signal
   * meanwhile prints {@code ponder: COMMAND: interrupted while building the game tree of GAME;
   * nothing was computed or saved} ({@code pending}'s line, which stays set when the tree is built).
   *
   * @throws UsageException when the tree is larger (the message names the limit) or the game
   *     cannot be enumerated
   * @throws IllegalStateException (exit 1) when the game's information states break perfect
   *     recall or give one information state two sets of legal actions ({@link
   *     GameTree.InformationStateException}), a fault of the game
   */
  GameTree build(Game game, String command, PrintWriter err, InterruptLine pending) {
    check();
    Progress progress = progress(command + ": building the game tree of " + GameTree.echo(game.spec())
        + " (at most " + maxHistories + ")", "histories", Progress.UNKNOWN, err);
    GameTree tree;
    // Ctrl-C while the tree is built: nothing has been computed yet, and the JVM would end silently
    pending.set("ponder: " + command + ": interrupted while building the game tree of " + GameTree.echo(game.spec())
        + "; nothing was computed or saved");
    long[] built = new long[1];
    try {
      tree = GameTree.build(game, maxHistories, n -> {
        built[0] = n;
        progress.stepTo(n);
      });
    } catch (GameTree.TooLargeException e) {
      // the refusal is the last word: no closing progress line
      throw new UsageException(e.message("a larger --max-histories (memory grows with it)"));
    } catch (GameTree.MemoryException e) {
      // found while the tree grew, before the heap ran out: the line of a tree that outgrew it
      throw new IllegalStateException(command + ": the game tree of " + GameTree.echo(game.spec())
          + " would not fit in the JVM's memory (" + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MB): "
          + e.details() + "; it is probably too large for exact solving (--max-histories " + maxHistories + " bounds the"
          + " count, not the memory; more memory, -Xmx in PONDER_JAVA_OPTS, helps only a tree just too large for this heap)");
    } catch (GameTree.InformationStateException e) {
      // information states without perfect recall, or with two sets of legal actions: the game's
      // fault, exit 1 like the rules of GameContract, not a refusal of the input
      // (the conformance kit checks perfect recall in imperfect-information games only)
      throw new IllegalStateException(e.getMessage() + (game.type().isPerfectInformation() ? ""
          : "; run ponder check '" + game.spec() + "'"), e);
    } catch (IllegalArgumentException e) {
      if (dev.ponder.spi.Faults.outsidePonder(e)) {
        throw e; // the game's own code threw while the tree was walked: named with its class and place, exit 1
      }
      throw new UsageException(e.getMessage());
    } catch (OutOfMemoryError e) {
      // the partial tree is unreachable once here: say what ran out, and what can and cannot help
      throw new IllegalStateException(command + ": the game tree of " + GameTree.echo(game.spec())
          + " did not fit in the JVM's memory (" + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MB) after "
          + (built[0] > 0 ? "more than " + built[0] : "fewer than " + GameTree.PROGRESS_EVERY) + " histories; it is"
          + " probably too large for exact solving (--max-histories " + maxHistories + " bounds the count, not the"
          + " memory; more memory, -Xmx in PONDER_JAVA_OPTS, helps only a tree just too large for this heap)");
    }
    progress.stepTo(tree.numNodes());
    progress.close();
    if (!game.perfectRecall()) {
      err.println("warning: " + GameTree.echo(game.spec()) + " declares information states without perfect recall"
          + " (OpenSpiel's format, kept for its playthroughs and policy files); CFR's convergence to an equilibrium"
          + " and best responses assume perfect recall, so " + command + "'s figures carry no such guarantee here");
      err.flush();
    }
    return tree;
  }
}
