package dev.ponder.app;

import dev.ponder.game.IllegalActionException;
import dev.ponder.spec.SpecException;
import dev.ponder.spec.Suggestions;
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
 * [COMMAND [SUBCOMMAND...]]} ({@link PonderHelp}) print help on stdout and exit 0; an
 * unknown command is a usage error with or without a help option ({@code ponder serach --help}).
 */
@Command(
    name = "ponder",
    mixinStandardHelpOptions = true,
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

  private static void splitQuotedStrings(CommandLine cl) {
    cl.getCommandSpec().parser().splitQuotedStrings(true);
    for (CommandLine sub : cl.getSubcommands().values()) {
      splitQuotedStrings(sub);
    }
  }

  /** Builds the command line with every registered subcommand; commands read {@code in}. */
  public static CommandLine commandLine(InputStream in) {
    Ponder root = new Ponder();
    root.stdin = in;
    CommandLine cl = new CommandLine(root);
    for (PonderCommand c : ServiceLoader.load(PonderCommand.class)) {
      cl.addSubcommand(c);
    }
    cl.addSubcommand("help", new PonderHelp()); // ponder help [COMMAND [SUBCOMMAND...]], listed last
    // list options (--agents, --threads) split at their separator whatever quotes a value holds: no
    // Ponder string quotes anything, and picocli's quote handling printed "[picocli WARN] Unbalanced
    // quotes" lines before the one-line error for a stray quote
    splitQuotedStrings(cl);
    // help takes -V/--version like every other command (it printed the usage)
    cl.getSubcommands().get("help").getCommandSpec().addOption(CommandLine.Model.OptionSpec.builder("-V", "--version")
        .versionHelp(true).description("Print version information and exit.").build());
    // -V/--version prints the line the build stamped (read at run time, not a compile-time constant),
    // the same line the arena records with the matches it stores
    cl.getCommandSpec().version(dev.ponder.spi.PonderVersion.LINE);
    giveVersion(cl, cl.getCommandSpec().version()); // every subcommand's -V/--version prints ponder's
    // numbers as game and agent parameters take them: finite, decimal notation (not Java's 0x1p3,
    // 1f, 2d, NaN or Infinity); registered after the subcommands so that every one gets it
    cl.registerConverter(Double.class, Ponder::decimal);
    cl.registerConverter(double.class, Ponder::decimal);
    // integers as integer parameters take them: digits, or an exponent form of a whole number (1e3)
    cl.registerConverter(Integer.class, Ponder::integer);
    cl.registerConverter(int.class, Ponder::integer);
    cl.registerConverter(Long.class, Ponder::longInteger);
    cl.registerConverter(long.class, Ponder::longInteger);
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      PrintWriter err = commandLine.getErr();
      boolean usage = ex instanceof UsageException || ex instanceof SpecException || ex instanceof IllegalActionException;
      if (RunEdge.signalled()) {
        // arena or report: a failure of the JVM's ending (a hook or a file refused, a store closed
        // under the command); the interrupt's own line says what happened
        return usage ? 2 : 1;
      }
      String msg = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
      String line = msg.lines().findFirst().orElse(msg);
      Throwable bug = usage ? null : programmingError(ex);
      if (bug != null) {
        // a fault in code, or any exception of code outside Ponder (a game's or an agent's of the
        // user's own): its message alone ("Index 3 out of bounds for length 3", "roll bookkeeping
        // out of sync") does not say what failed or where
        line = faultLine(ex, bug) + hint(bug, root.verbose);
      }
      if (ex instanceof UsageException u && u.pointsToHelp()) {
        // a choice refused by the command, worded as one that picocli refuses while parsing
        line += " (see '" + commandLine.getCommandSpec().qualifiedName() + " --help')";
      }
      err.println("ponder: " + (usage ? "" : "error: ") + line);
      if (root.verbose) {
        ex.printStackTrace(err);
      }
      err.flush();
      RunEdge.finished(usage ? 2 : 1); // the error line is the last word: a signal from now on adds none
      return usage ? 2 : 1;
    });
    // picocli hands only Exceptions to the handler above; a JVM Error (StackOverflowError,
    // OutOfMemoryError, ...) would escape with a full trace. Make it one line, exit 1, too.
    CommandLine.IExecutionStrategy runLast = new CommandLine.RunLast();
    cl.setExecutionStrategy(parseResult -> {
      unknownCommandBeforeHelp(parseResult);
      commandStarts();
      try {
        return runLast.execute(parseResult);
      } catch (Error e) {
        return printError(e, cl.getErr(), root.verbose);
      }
    });
    cl.setParameterExceptionHandler((ex, args) -> {
      CommandLine c = ex.getCommandLine();
      c.getErr().println("ponder: " + usageLine(ex, args) + " (see '" + c.getCommandSpec().qualifiedName() + " --help')");
      c.getErr().flush();
      return 2;
    });
    return cl;
  }

  /**
   * {@code ponder serach --help} (or {@code -h}, {@code -V}): picocli lets a help or version option
   * excuse the words it could not match and prints the usage, exit 0, as if the misspelt command
   * were not there. A command that has subcommands and takes no positional parameters gets the
   * error of {@code ponder serach} instead (unknown command, did you mean, exit 2).
   *
   * @throws CommandLine.UnmatchedArgumentException for the first unmatched word, if it names no
   *     command of the command it was given to
   */
  private static void unknownCommandBeforeHelp(CommandLine.ParseResult parseResult) {
    CommandLine.ParseResult last = parseResult;
    while (last.hasSubcommand()) {
      last = last.subcommand();
    }
    CommandLine.Model.CommandSpec spec = last.commandSpec();
    if ((last.isUsageHelpRequested() || last.isVersionHelpRequested()) && !last.unmatched().isEmpty()
        && !last.unmatched().get(0).startsWith("-") && !spec.subcommands().isEmpty()
        && spec.positionalParameters().isEmpty()) {
      throw new CommandLine.UnmatchedArgumentException(spec.commandLine(), last.unmatched());
    }
  }

  /**
   * The one-line message of a command-line error found by picocli, in Ponder's words: an unknown
   * command ({@code ponder nosuch}, {@code ponder help nosuch}) or option lists the commands or
   * names the option and suggests the closest ({@link Suggestions}); an argument left over after
   * a list value ending in a comma ({@code --agents random, uct}) says that a space split the list
   * and how to quote it; a value that does not convert names the option as typed and what it
   * expects ({@code -n: '1.5' is not an integer}; an enumerated option lists its values); any other
   * picocli message is joined into one line starting in lower case. (picocli's own suggestions,
   * {@link CommandLine.UnmatchedArgumentException#getSuggestions}, list several names by bigram
   * similarity; the names are the same, but the one rule of {@link Suggestions} picks at most one,
   * as for every other unknown name.)
   */
  static String usageLine(CommandLine.ParameterException ex, String[] args) {
    CommandLine c = ex.getCommandLine();
    java.util.Set<String> commands = c.getSubcommands().keySet();
    if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      String first = u.getUnmatched().get(0);
      if (!first.startsWith("-") && !commands.isEmpty() && !commands.contains(first)
          && c.getCommandSpec().positionalParameters().isEmpty()) {
        return unknownCommand(first, commands);
      }
      if (first.startsWith("-") && first.length() > 1) {
        return unknownOptionLine(c, first);
      }
      String split = spaceSplitList(first, args);
      return split != null ? split : "unexpected argument '" + first + "' (" + c.getCommandSpec().qualifiedName()
          + " takes " + (c.getCommandSpec().positionalParameters().isEmpty() ? "options only" : "no more arguments") + ")";
    }
    if (ex instanceof CommandLine.MissingParameterException) {
      String unknown = unknownOption(c, args);
      if (unknown != null) { // "ponder perft --foo": the typo, not the GAME it left out, is the error
        return unknownOptionLine(c, unknown);
      }
    }
    if (ex.getArgSpec() == null && ex.getValue() != null && !commands.isEmpty() && !commands.contains(ex.getValue())
        && String.valueOf(ex.getMessage()).startsWith("Unknown subcommand")) {
      return unknownCommand(ex.getValue(), commands); // ponder help nosuch: the words of ponder nosuch
    }
    if (ex.getArgSpec() != null && ex.getValue() != null && ex.getCause() instanceof CommandLine.TypeConversionException conv) {
      String who = typedName(ex.getArgSpec(), ex.getValue(), args);
      Class<?> type = ex.getArgSpec().auxiliaryTypes().length > 0 ? ex.getArgSpec().auxiliaryTypes()[0] : ex.getArgSpec().type();
      if (type.isEnum()) {
        java.util.List<String> valid = new java.util.ArrayList<>();
        ex.getArgSpec().completionCandidates().forEach(valid::add);
        return UsageException.notValid(who, ex.getValue(), valid, Suggestions.didYouMean(ex.getValue(), valid)).getMessage();
      }
      return who + ": " + oneLine(conv.getMessage());
    }
    return oneLine(ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage());
  }

  /** {@code unknown option '--foo' for ponder perft}, with the closest option when one is clearly closest. */
  private static String unknownOptionLine(CommandLine c, String typed) {
    String name = typed.contains("=") ? typed.substring(0, typed.indexOf('=')) : typed;
    java.util.List<String> names = new java.util.ArrayList<>();
    for (CommandLine.Model.OptionSpec o : c.getCommandSpec().options()) {
      if (!o.hidden()) {
        names.addAll(java.util.List.of(o.names()));
      }
    }
    // only the option: a value after it ("--agnet uct") is not an option of its own
    return "unknown option '" + name + "' for " + c.getCommandSpec().qualifiedName() + Suggestions.didYouMean(name, names);
  }

  /**
   * The first word of {@code args} after command {@code c}'s name that is written as an option
   * ({@code -x}, {@code --name}, {@code --name=value}; not {@code -} or a negative number) and is no
   * option of {@code c}, nor the value of the option before it; null if there is none. Used when a
   * required parameter is missing, where picocli reports the missing parameter before the word it
   * could not match.
   */
  static String unknownOption(CommandLine c, String[] args) {
    java.util.List<String> path = new java.util.ArrayList<>();
    for (CommandLine k = c; k.getParent() != null; k = k.getParent()) {
      path.add(0, k.getCommandName());
    }
    int i = 0;
    for (String word : path) { // past the command's own name (options of the commands before it stay theirs)
      while (i < args.length && !args[i].equals(word)) {
        i++;
      }
      i++;
    }
    CommandLine.Model.CommandSpec spec = c.getCommandSpec();
    for (; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--")) {
        return null; // the rest are positional
      }
      if (!a.startsWith("-") || a.length() < 2 || a.matches("-[0-9.].*")) {
        continue;
      }
      String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      CommandLine.Model.OptionSpec o = spec.findOption(name);
      boolean attached = false;
      if (o == null && !name.startsWith("--") && name.length() > 2) {
        o = spec.findOption(name.substring(0, 2)); // -n5: a short option with its value attached
        attached = true;
      }
      if (o == null) {
        return a;
      }
      if (!a.contains("=") && !attached && o.arity().min() > 0) {
        i += o.arity().min(); // its value, which may start with '-'
      }
    }
    return null;
  }

  private static String unknownCommand(String name, java.util.Set<String> commands) {
    return "unknown command '" + name + "'; commands: " + String.join(", ", commands) + Suggestions.didYouMean(name, commands);
  }

  /** A message's lines joined into one, starting in lower case unless its first word is an acronym. */
  private static String oneLine(String message) {
    String line = String.join(" ", message.strip().lines().map(String::strip).toList());
    if (line.length() > 1 && Character.isUpperCase(line.charAt(0)) && Character.isLowerCase(line.charAt(1))) {
      line = Character.toLowerCase(line.charAt(0)) + line.substring(1);
    }
    return line;
  }

  /**
   * The option as the user typed it for {@code value} ({@code -n} or {@code --playouts}, found
   * before the value or as {@code --name=value}); its longest name when not found; for a positional
   * parameter its label.
   */
  private static String typedName(CommandLine.Model.ArgSpec arg, String value, String[] args) {
    if (!(arg instanceof CommandLine.Model.OptionSpec o)) {
      return arg.paramLabel();
    }
    for (int i = 0; i < args.length; i++) {
      for (String n : o.names()) {
        if (args[i].equals(n + "=" + value) || (args[i].equals(n) && i + 1 < args.length && args[i + 1].equals(value))
            || (n.length() == 2 && !n.startsWith("--") && args[i].equals(n + value))) { // -n1.5
          return n;
        }
      }
    }
    return o.longestName();
  }

  /** A finite number as an error line echoes it: {@code -1}, {@code 0.5}, never {@code -1.0} or {@code 1E-4}. */
  static String plain(double v) {
    return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  /**
   * The name of option {@code name} of {@code spec}'s command as the user typed it on this run
   * ({@code -n} or {@code --playouts}), for a command's own check of the option's converted value,
   * so that its error line names the option as a conversion error does; {@code name} itself when
   * the option was not given.
   */
  static String typedOption(CommandLine.Model.CommandSpec spec, String name) {
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    CommandLine.Model.OptionSpec o = parsed == null ? null : parsed.matchedOption(name);
    if (o == null || o.originalStringValues().isEmpty()) {
      return name;
    }
    java.util.List<String> values = o.originalStringValues();
    return typedName(o, values.get(values.size() - 1), parsed.originalArgs().toArray(new String[0]));
  }

  /**
   * The message for an argument {@code unmatched} that follows an argument ending in a comma
   * ({@code --agents random, uct}): the shell split the list at the space. Null when the argument
   * before it does not end in a comma.
   */
  private static String spaceSplitList(String unmatched, String[] args) {
    for (int i = 1; i < args.length; i++) {
      if (!args[i].equals(unmatched) || !args[i - 1].endsWith(",")) {
        continue;
      }
      int start = i - 1; // the first word of the list: the value after the option, or --opt=value
      while (start > 0 && args[start - 1].endsWith(",")) {
        start--;
      }
      String option = null;
      String firstPart = args[start];
      if (firstPart.startsWith("-") && firstPart.contains("=")) {
        option = firstPart.substring(0, firstPart.indexOf('='));
        firstPart = firstPart.substring(firstPart.indexOf('=') + 1);
      } else if (start > 0 && args[start - 1].startsWith("-")) {
        option = args[start - 1];
      }
      java.util.List<String> words = new java.util.ArrayList<>();
      words.add(firstPart);
      int end = i;
      while (end + 1 < args.length && args[end].endsWith(",") && !args[end + 1].startsWith("-")) {
        end++;
      }
      for (int k = start + 1; k <= end; k++) {
        words.add(args[k]);
      }
      String list = String.join(" ", words);
      return "unexpected argument '" + unmatched + "': a space after '" + args[i - 1] + "' split the list in two; quote it ("
          + (option == null ? "" : option + " ") + "'" + list + "') or drop the spaces ("
          + (option == null ? "" : option + " ") + list.replace(", ", ",") + ")";
    }
    return null;
  }

  /**
   * Prints a JVM {@link Error} as one line ({@code ponder: error: StackOverflowError ...} with a
   * hint), and its stack trace when {@code verbose}. An error thrown by code rather than by the
   * JVM's failing (not a {@link VirtualMachineError}: a {@link NoClassDefFoundError}, an {@link
   * AssertionError}, an {@link ExceptionInInitializerError}, named with its cause) is named with
   * its place, as an exception of code is ({@link dev.ponder.spi.Faults#at}), and {@link #hint}:
   * {@code ponder: error: NoClassDefFoundError: org/example/games/SubtractNim at
   * org.example.search.NimOracle.knowledge(NimOracle.java:30) (class org.example.games.SubtractNim
   * is not on the class path: add the jar or class directory that holds it to PONDER_CLASSPATH;
   * --verbose prints the stack trace)}.
   *
   * @return the exit code, 1
   */
  static int printError(Error e, PrintWriter err, boolean verbose) {
    if (RunEdge.signalled()) {
      return 1; // the JVM is ending on a signal, whose line says what happened
    }
    String what = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse(""));
    String hint = e instanceof StackOverflowError ? " (the computation recursed too deeply)"
        : e instanceof OutOfMemoryError ? " (the computation needs more memory than the JVM has; see -Xmx in PONDER_JAVA_OPTS)" : "";
    if (!(e instanceof VirtualMachineError)) {
      // thrown by code, as an exception is (a NoClassDefFoundError from a class missing on the class
      // path, an AssertionError, a static initializer's exception): named with its place, as a fault
      Throwable fault = e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
      if (fault != e) {
        String m = fault.getMessage() == null ? "" : fault.getMessage().lines().findFirst().orElse("");
        what += ": " + fault.getClass().getSimpleName() + (m.isEmpty() ? "" : ": " + m);
      }
      what += dev.ponder.spi.Faults.at(fault);
      hint = hint(fault, verbose);
    }
    err.println("ponder: error: " + what + hint);
    if (verbose) {
      e.printStackTrace(err);
    }
    err.flush();
    return 1;
  }

  /**
   * The parenthesis after the error line of a code fault {@code fault}: for a class the JVM could
   * not find, what to do about it ({@link Faults#missingClassNote}: not on the class path, or built
   * against another version of Ponder); then, unless {@code verbose} (which prints the trace), {@code --verbose prints the
   * stack trace}. Empty when there is nothing to say.
   */
  static String hint(Throwable fault, boolean verbose) {
    String note = Faults.missingClassNote(fault);
    note = note == null ? "" : note;
    String more = verbose ? "" : "--verbose prints the stack trace";
    return note.isEmpty() && more.isEmpty() ? "" : " (" + note + (note.isEmpty() || more.isEmpty() ? "" : "; ") + more + ")";
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

  /**
   * The command line's converter for {@code int} options: an integer, in digits ({@code 1000}) or
   * in exponent form when the value is a whole number ({@code 1e3}), the rule of integer
   * parameters ({@link dev.ponder.spec.ParamSpec#wholeNumber}). For options that take the whole
   * {@code int} range; an option with a range of its own has an {@link IntRange} converter.
   *
   * @throws CommandLine.TypeConversionException for anything else ({@code '1.5' is not an integer})
   *     or an integer outside the {@code int} range
   */
  static Integer integer(String text) {
    return intIn(text, Integer.MIN_VALUE, Integer.MAX_VALUE);
  }

  /**
   * The command line's converter for {@code long} options, by the rule of {@link #integer}. For
   * options that take the whole {@code long} range (seeds); {@link AtLeastOneLong} is the converter
   * of those that start at 1.
   *
   * @throws CommandLine.TypeConversionException for anything but an integer in the {@code long} range
   */
  static Long longInteger(String text) {
    return longIn(text, Long.MIN_VALUE, Long.MAX_VALUE);
  }

  /**
   * The converter of an {@code int} option whose values lie in {@code min..max} ({@code --forks}:
   * 1..100; {@code --runs}: 1..2147483647): {@link #integer}, except that a number outside the
   * {@code int} range names the option's own range, {@code --forks: '5e9' is out of range; valid:
   * 1..100}, not Java's. Values within the {@code int} range are left to the command, which names
   * the option ({@code --forks must be in 1..100, got 101}, {@code --runs must be at least 1, got
   * 0}). picocli creates a converter from its class: one subclass per range.
   */
  abstract static class IntRange implements CommandLine.ITypeConverter<Integer> {
    private final int min;
    private final int max;

    IntRange(int min, int max) {
      this.min = min;
      this.max = max;
    }

    @Override
    public Integer convert(String text) {
      return intIn(text, min, max);
    }
  }

  /** The {@link IntRange} of counts: {@code --iterations}, {@code --runs}, {@code --max-histories}, ... (1..2147483647). */
  static final class AtLeastOne extends IntRange {
    AtLeastOne() {
      super(1, Integer.MAX_VALUE);
    }
  }

  /** The {@link IntRange} of indices and counts that may be 0: {@code --playout}, {@code --overrun-searches}. */
  static final class AtLeastZero extends IntRange {
    AtLeastZero() {
      super(0, Integer.MAX_VALUE);
    }
  }

  /**
   * The converter of {@code long} counts and ids, 1..9223372036854775807 ({@code -n}, {@code
   * --max-nodes}, {@code --tournament}): {@link #longInteger}, except that a number outside the
   * {@code long} range names that range, as {@link IntRange} does.
   */
  static final class AtLeastOneLong implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String text) {
      return longIn(text, 1, Long.MAX_VALUE);
    }
  }

  /**
   * {@code text} as an {@code int} by the rule of {@link #integer}; a number outside the {@code
   * int} range is refused naming {@code min..max}, the option's range.
   */
  private static int intIn(String text, int min, int max) {
    long v = longIn(text, min, max);
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw outOfRange(text, min, max);
    }
    return (int) v;
  }

  /**
   * {@code text} as a {@code long} by the rule of {@link #integer}; a number outside the {@code
   * long} range is refused naming {@code min..max}, the option's range.
   */
  private static long longIn(String text, long min, long max) {
    try {
      return dev.ponder.spec.ParamSpec.wholeNumber(text);
    } catch (NumberFormatException e) {
      throw new CommandLine.TypeConversionException("'" + text + "' is not an integer");
    } catch (ArithmeticException e) {
      throw outOfRange(text, min, max);
    }
  }

  /** {@code '5e9' is out of range; valid: 1..100}: the command line prefixes the option as typed. */
  private static CommandLine.TypeConversionException outOfRange(String text, long min, long max) {
    return new CommandLine.TypeConversionException("'" + text + "' is out of range; valid: " + min + ".." + max);
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

  /**
   * The hook that speaks for a Ctrl-C while the JVM starts and the command line is read ({@link
   * InterruptLine#startup}); removed as the command's own code begins, which says what a signal
   * interrupts from then on.
   */
  private static volatile Thread startupHook;

  /** Removes {@link #startupHook}: the command's code takes over. */
  private static void commandStarts() {
    Thread h = startupHook;
    startupHook = null;
    InterruptLine.remove(h);
  }

  /**
   * Warns on {@code err} about each jar of {@code classPath} (the value of {@code PONDER_CLASSPATH}:
   * entries separated by {@link java.io.File#pathSeparator}, {@code dir/*} naming the jars of a
   * directory as for {@code java -cp}) that exists but cannot be opened as a jar: an empty file, a
   * download cut short, another file named {@code *.jar}. {@code java} skips such an entry
   * without a word, so that its games and agents are then unknown. One line each, {@code ponder:
   * warning: PONDER_CLASSPATH entry 'x.jar' cannot be opened as a jar (zip file is empty); its games
   * and agents are not loaded}; a jar of a {@code dir/*} entry is named after the entry. Entries
   * that do not exist are left to the {@code ponder} launcher, which names them; directories of
   * classes are not checked. Opens each jar once (its central directory), as {@code java} does
   * when it first looks for a class or services file.
   */
  static void warnUnreadableJars(String classPath, PrintWriter err) {
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String entry : classPath.split(java.util.regex.Pattern.quote(java.io.File.pathSeparator))) {
      if (entry.isEmpty() || !seen.add(entry)) {
        continue;
      }
      java.util.List<java.nio.file.Path> jars = new java.util.ArrayList<>();
      if (entry.equals("*") || entry.endsWith("/*") || entry.endsWith(java.io.File.separator + "*")) {
        java.nio.file.Path d = java.nio.file.Path.of(entry.length() == 1 ? "." : entry.substring(0, entry.length() - 2));
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(d)) {
          files.filter(f -> f.getFileName().toString().endsWith(".jar") || f.getFileName().toString().endsWith(".JAR"))
              .filter(java.nio.file.Files::isRegularFile).sorted().forEach(jars::add);
        } catch (java.io.IOException | RuntimeException e) {
          continue; // not a directory, or none: the launcher names a missing one
        }
      } else if (java.nio.file.Files.isRegularFile(java.nio.file.Path.of(entry))) {
        jars.add(java.nio.file.Path.of(entry));
      }
      for (java.nio.file.Path jar : jars) {
        try {
          new java.util.zip.ZipFile(jar.toFile()).close();
        } catch (java.io.IOException e) {
          String shown = jar.toString().equals(entry) ? "'" + entry + "'" : "'" + entry + "': '" + jar + "'";
          err.println("ponder: warning: PONDER_CLASSPATH entry " + shown + " cannot be opened as a jar ("
              + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + "); its games and agents are"
              + " not loaded");
        }
      }
    }
    err.flush();
  }

  public static void main(String[] args) {
    // the charts (report, solve --chart) are drawn with AWT's fonts and need no display
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
    // arena and report: one hook from here to the exit, speaking for each phase (RunEdge); the
    // other commands with a startup line: a hook until the command's code begins
    startupHook = RunEdge.install(args) == null ? InterruptLine.startup(args) : null;
    String own = System.getenv("PONDER_CLASSPATH");
    if (own != null && !own.isBlank()) {
      warnUnreadableJars(own, new PrintWriter(System.err, true));
    }
    int code = run(args);
    commandStarts(); // a usage error ends before any command ran
    code = checkStandardOutput(code, System.out, standardOutputTarget(), new PrintWriter(System.err, true));
    RunEdge.finished(code);
    RunEdge.uninstall(); // an exit of its own: the JVM's other hooks run (a halt would skip them)
    System.exit(code);
  }

  /**
   * The exit code once standard output is known to have taken everything written to it: {@code
   * code}, or 1 with one line on {@code err} ({@code ponder: error: cannot write to standard output
   * (...); the output is incomplete}) when a write to {@code out} failed — a full disk or {@code
   * /dev/full} — which Java's print streams otherwise swallow, so that a redirected result cut short
   * would end with exit 0. A pipe whose reader has gone ({@code ponder games | head -1}) is no error:
   * the reader asked for no more.
   *
   * @param target where standard output goes ({@link #standardOutputTarget}), for the message; a
   *     target starting {@code pipe:} is a pipe; empty when unknown (no {@code /proc}), when no
   *     error is reported either
   */
  static int checkStandardOutput(int code, java.io.PrintStream out, String target, PrintWriter err) {
    // unknown target (no /proc, as on macOS): a closed pipe cannot be told from a full disk, and a
    // pipe's reader that stopped reading is the common case, so nothing is said
    if (!out.checkError() || target.isEmpty() || target.startsWith("pipe:")) { // checkError flushes first
      return code;
    }
    err.println("ponder: error: cannot write to standard output (" + target + "); the output is incomplete");
    err.flush();
    return code == 0 ? 1 : code;
  }

  /** What standard output is connected to ({@code /proc/self/fd/1}'s link on Linux), or empty when unknown. */
  private static String standardOutputTarget() {
    try {
      return java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/fd/1")).toString();
    } catch (java.io.IOException | RuntimeException e) {
      return "";
    }
  }
}
