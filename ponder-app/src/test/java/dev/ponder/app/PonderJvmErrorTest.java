package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * A JVM Error (stack overflow, out of memory) in a command is one line on stderr, exit 1; an error
 * thrown by code (a static initializer's exception) is named with its cause and place too.
 */
class PonderJvmErrorTest {

  @Command(name = "overflow")
  static final class Overflow implements Callable<Integer> {
    @Override
    public Integer call() {
      return depth(0);
    }

    private static int depth(int d) {
      return depth(d + 1) + 1;
    }
  }

  @Command(name = "oom")
  static final class Oom implements Callable<Integer> {
    @Override
    public Integer call() {
      throw new OutOfMemoryError("Java heap space");
    }
  }

  /** A static initializer's exception, as the JVM wraps it, thrown on the line marked INIT_LINE. */
  @Command(name = "init")
  static final class Init implements Callable<Integer> {
    @Override
    public Integer call() {
      throw new ExceptionInInitializerError(new ArithmeticException("/ by zero")); // INIT_LINE
    }
  }

  private static String[] run(String... args) {
    CommandLine cl = Ponder.commandLine(new ByteArrayInputStream(new byte[0]));
    cl.addSubcommand("overflow", new Overflow());
    cl.addSubcommand("oom", new Oom());
    cl.addSubcommand("init", new Init());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new String[] {Integer.toString(code), out.toString(), err.toString()};
  }

  @Test
  void stackOverflowIsOneLineExitOne() {
    String[] r = run("overflow");
    assertThat(r[0]).isEqualTo("1");
    assertThat(r[2].lines()).as(r[2]).singleElement().asString()
        .startsWith("ponder: error: ").contains("StackOverflowError");
  }

  @Test
  void outOfMemoryIsOneLineExitOne() {
    String[] r = run("oom");
    assertThat(r[0]).isEqualTo("1");
    assertThat(r[2].lines()).as(r[2]).singleElement().asString()
        .startsWith("ponder: error: ").contains("OutOfMemoryError").contains("Java heap space");
  }

  @Test
  void anErrorThrownByCodeIsNamedWithItsCauseAndPlace() throws Exception {
    java.util.List<String> src = java.nio.file.Files.readAllLines(
        java.nio.file.Path.of("src/test/java/dev/ponder/app/PonderJvmErrorTest.java"));
    int line = 0;
    for (int i = 0; i < src.size(); i++) {
      if (src.get(i).endsWith("// INIT_LINE")) {
        line = i + 1;
      }
    }
    String[] r = run("init");
    assertThat(r[0]).isEqualTo("1");
    assertThat(r[2].lines()).as(r[2]).singleElement().asString().isEqualTo("ponder: error: ExceptionInInitializerError:"
        + " ArithmeticException: / by zero at dev.ponder.app.PonderJvmErrorTest$Init.call(PonderJvmErrorTest.java:" + line
        + ") (--verbose prints the stack trace)");
  }

  @Test
  void verboseAddsTheTrace() {
    String[] r = run("--verbose", "oom");
    assertThat(r[0]).isEqualTo("1");
    assertThat(r[2].lines().count()).isGreaterThan(2);
    assertThat(r[2]).contains("\tat ");
  }
}
