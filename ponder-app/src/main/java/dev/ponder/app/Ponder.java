package dev.ponder.app;

import dev.ponder.game.IllegalActionException;
import dev.ponder.spec.SpecException;
import dev.ponder.spi.Faults;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code ponder} command. Exit codes: 0 success, 1 runtime failure, 2 usage error. Errors
 * print one line on stderr; {@code --verbose} adds the stack trace. {@code ponder} without a
 * command is a usage error: it prints the usage on stderr and exits 2 (picocli's documented way
 * for a command whose subcommand is required); {@code ponder --help} and {@code ponder help
 * [COMMAND]} (picocli's {@link CommandLine.HelpCommand}) print help on stdout and exit 0.
 */
@Command(
    name = "ponder",
    mixinStandardHelpOptions = true,
    version = "ponder 0.1.0",
    description = "General game-playing search workbench: games, search, game theory, tournaments.",
    subcommandsRepeatable = false)
public final class Ponder implements java.util.concurrent.Callable<Integer> {

  @Option(names = "--verbose", description = "Print stack traces on errors.", scope = CommandLine.ScopeType.INHERIT)
  boolean verbose;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Standard input of this invocation (commands that read the user's input use it). */
  private InputStream stdin = System.in;

  /** The invocation's standard input; subcommands reach it through {@code @ParentCommand}. */
  public InputStream stdin() {
    return stdin;
  }

  /** No command given: the usage on stderr, exit 2 (a usage error). */
  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    spec.commandLine().usage(err);
    err.println("ponder: no command given; try 'ponder help COMMAND' or 'ponder COMMAND --help'");
    err.flush();
    return 2;
  }

  /** Builds the command line with every registered subcommand, reading {@link System#in}. */
  public static CommandLine commandLine() {
    return commandLine(System.in);
  }

  /** Builds the command line with every registered subcommand; commands read {@code in}. */
  public static CommandLine commandLine(InputStream in) {
    Ponder root = new Ponder();
    root.stdin = in;
    CommandLine cl = new CommandLine(root);
    for (PonderCommand c : ServiceLoader.load(PonderCommand.class)) {
      cl.addSubcommand(c);
    }
    cl.addSubcommand("help", new CommandLine.HelpCommand()); // ponder help [COMMAND], listed last
    // help takes -V/--version like every other command (it printed the usage)
    cl.getSubcommands().get("help").getCommandSpec().addOption(CommandLine.Model.OptionSpec.builder("-V", "--version")
        .versionHelp(true).description("Print version information and exit.").build());
    giveVersion(cl, cl.getCommandSpec().version()); // every subcommand's -V/--version prints ponder's
    // numbers as game and agent parameters take them: finite, decimal notation (not Java's 0x1p3,
    // 1f, 2d, NaN or Infinity); registered after the subcommands so that every one gets it
    cl.registerConverter(Double.class, Ponder::decimal);
    cl.registerConverter(double.class, Ponder::decimal);
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      PrintWriter err = commandLine.getErr();
      boolean usage = ex instanceof UsageException || ex instanceof SpecException || ex instanceof IllegalActionException;
      String msg = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
      String line = msg.lines().findFirst().orElse(msg);
      Throwable bug = usage ? null : programmingError(ex);
      if (bug != null) {
        // a fault in code, or any exception of code outside Ponder (a game's or an agent's of the
        // user's own): its message alone ("Index 3 out of bounds for length 3", "roll bookkeeping
        // out of sync") does not say what failed or where
        line = faultLine(ex, bug) + (root.verbose ? "" : " (--verbose prints the stack trace)");
      }
      err.println("ponder: " + (usage ? "" : "error: ") + line);
      if (root.verbose) {
        ex.printStackTrace(err);
      }
      err.flush();
      return usage ? 2 : 1;
    });
    // picocli hands only Exceptions to the handler above; a JVM Error (StackOverflowError,
    // OutOfMemoryError, ...) would escape with a full trace. Make it one line, exit 1, too.
    CommandLine.IExecutionStrategy runLast = new CommandLine.RunLast();
    cl.setExecutionStrategy(parseResult -> {
      try {
        return runLast.execute(parseResult);
      } catch (Error e) {
        return printError(e, cl.getErr(), root.verbose);
      }
    });
    cl.setParameterExceptionHandler((ex, args) -> {
      CommandLine c = ex.getCommandLine();
      String message = ex.getMessage();
      if (ex instanceof CommandLine.UnmatchedArgumentException u && !c.getSubcommands().isEmpty()
          && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-")
          && args.length > 0 && !c.getSubcommands().containsKey(u.getUnmatched().get(0))
          && c.getCommandSpec().positionalParameters().isEmpty()) {
        message = "unknown command '" + u.getUnmatched().get(0) + "'; commands: "
            + String.join(", ", c.getSubcommands().keySet());
      }
      // one line, like every other error: the message's own lines joined, then the help hint
      String oneLine = message == null ? ex.getClass().getSimpleName()
          : String.join(" ", message.strip().lines().map(String::strip).toList());
      c.getErr().println("ponder: " + oneLine + " (see '" + c.getCommandSpec().qualifiedName() + " --help')");
      c.getErr().flush();
      return 2;
    });
    return cl;
  }

  /**
   * Prints a JVM {@link Error} as one line ({@code ponder: error: StackOverflowError ...} with a
   * hint), and its stack trace when {@code verbose}.
   *
   * @return the exit code, 1
   */
  static int printError(Error e, PrintWriter err, boolean verbose) {
    String what = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse(""));
    String hint = e instanceof StackOverflowError ? " (the computation recursed too deeply)"
        : e instanceof OutOfMemoryError ? " (the computation needs more memory than the JVM has; see -Xmx in PONDER_JAVA_OPTS)" : "";
    err.println("ponder: error: " + what + hint);
    if (verbose) {
      e.printStackTrace(err);
    }
    err.flush();
    return 1;
  }

  /** Sets {@code version} on every subcommand below {@code cl} (at any depth) that has none of its own. */
  private static void giveVersion(CommandLine cl, String[] version) {
    for (CommandLine sub : cl.getSubcommands().values()) {
      if (sub.getCommandSpec().version().length == 0) {
        sub.getCommandSpec().version(version);
      }
      giveVersion(sub, version);
    }
  }

  /**
   * The exception, or the first of its causes, that the error line names with its class and the
   * place it was thrown: one that signals a fault in code rather than a condition Ponder reports
   * (an index out of bounds, a null dereference, a bad cast, an arithmetic error), or any
   * exception thrown from code outside Ponder ({@link Faults#outsidePonder}: a game's or an
   * agent's code of your own, whatever its class, e.g. an {@code IllegalStateException} or a bare
   * {@code UnsupportedOperationException}); null when there is none (Ponder's own one-line
   * errors).
   */
  static Throwable programmingError(Throwable ex) {
    for (Throwable t = ex; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof IndexOutOfBoundsException || t instanceof NullPointerException || t instanceof ClassCastException
          || t instanceof ArithmeticException || t instanceof NegativeArraySizeException || t instanceof ArrayStoreException
          || Faults.outsidePonder(t)) {
        return t;
      }
    }
    return null;
  }

  /**
   * The error line of an exception {@code ex} caused by the code fault {@code bug} (ex itself or
   * one of its causes, see {@link #programmingError}): a bare fault, or one wrapped only by
   * exceptions whose messages say nothing more (none, or the cause's {@code toString}), is {@code
   * Class: message at frame}, the frame being the fault's first outside the JDK ({@link Faults#at}); a wrapper that explains what failed (a services file's provider that
   * could not be created, naming the file, the line and the fix) keeps its message, followed by
   * the fault and the place it was thrown, e.g. {@code game provider com.example.F (listed at
   * …:1) could not be created: NullPointerException: …; fix or remove that line of … (fault:
   * NullPointerException at com.example.F.<init>(F.java:8))}. The message of the fault is not
   * repeated when the wrapper's already holds it.
   */
  static String faultLine(Throwable ex, Throwable bug) {
    String bugMsg = bug.getMessage() == null ? "" : bug.getMessage().lines().findFirst().orElse("");
    String place = Faults.at(bug);
    Throwable explains = null;
    for (Throwable t = ex; t != null && t != bug; t = t.getCause() == t ? null : t.getCause()) {
      String m = t.getMessage();
      if (m != null && !m.isBlank() && (t.getCause() == null || !m.equals(t.getCause().toString()))) {
        explains = t;
        break;
      }
    }
    if (explains == null) {
      return bug.getClass().getSimpleName() + (bugMsg.isEmpty() ? "" : ": " + bugMsg) + place;
    }
    String outer = explains.getMessage().lines().findFirst().orElse("");
    String fault = bug.getClass().getSimpleName()
        + (bugMsg.isEmpty() || outer.contains(bugMsg) ? "" : ": " + bugMsg);
    return outer + " (fault: " + fault + place + ")";
  }

  /**
   * The command line's converter for {@code double} options: a finite number in decimal notation
   * ({@code 0.5}, {@code -3}, {@code 1e-4}, {@code .5}), the rule of game and agent parameters.
   *
   * @throws CommandLine.TypeConversionException for anything else (Java's {@code 0x1p3}, {@code 1f},
   *     {@code 2d}, {@code NaN}, {@code Infinity}, or a number too large for a double)
   */
  static Double decimal(String text) {
    double d;
    try {
      d = dev.ponder.spec.ParamSpec.parseDecimal(text); // the rule of specification strings
    } catch (NumberFormatException e) {
      d = Double.NaN;
    }
    if (!Double.isFinite(d)) {
      throw new CommandLine.TypeConversionException("'" + text + "' is not a finite decimal number (e.g. 0.5, -3, 1e-4)");
    }
    return d;
  }

  /** Runs {@code ponder} with {@code args} and returns the exit code (for tests). */
  public static int run(String... args) {
    return commandLine().execute(args);
  }

  /**
   * Runs {@code ponder} with {@code args} on the given standard streams and returns the exit code
   * (for tests that drive interactive commands).
   */
  public static int run(InputStream in, PrintWriter out, PrintWriter err, String... args) {
    CommandLine cl = commandLine(in);
    cl.setOut(out);
    cl.setErr(err);
    return cl.execute(args);
  }

  public static void main(String[] args) {
    System.exit(run(args));
  }
}
