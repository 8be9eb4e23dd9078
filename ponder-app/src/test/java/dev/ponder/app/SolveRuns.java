package dev.ponder.app;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import picocli.CommandLine;

/** In-process {@code ponder solve} runs with hooks into the command (test helper). */
final class SolveRuns {
  private SolveRuns() {}

  /**
   * Runs {@code args}; {@code setUp} sees the solve command before it runs, {@code atIteration} is
   * called with it after each iteration.
   *
   * @return {exit code, stdout, stderr}
   */
  static String[] run(BiConsumer<SolveCommand, Integer> atIteration, Consumer<SolveCommand> setUp, String... args) {
    CommandLine cl = Ponder.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    SolveCommand solve = cl.getSubcommands().get("solve").getCommand();
    solve.afterIteration = k -> atIteration.accept(solve, k);
    setUp.accept(solve);
    int code = cl.execute(args);
    return new String[] {Integer.toString(code), out.toString(), err.toString()};
  }
}
