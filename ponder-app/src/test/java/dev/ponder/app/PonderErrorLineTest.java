package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Command-line errors are one line on stderr, the help hint included. */
class PonderErrorLineTest {
  @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir;

  @Test
  void parseErrorsAreOneLineWithTheHelpHint() {
    Cli forks = Cli.run("bench", "search", "--forks", "abc");
    assertThat(forks.exit).isEqualTo(2);
    assertThat(forks.out).isEmpty();
    assertThat(forks.err).isEqualTo("ponder: --forks: 'abc' is not an integer "
        + "(see 'ponder bench search --help')" + System.lineSeparator());
    Cli unknown = Cli.run("nosuchcmd");
    assertThat(unknown.exit).isEqualTo(2);
    assertThat(unknown.err.lines()).singleElement().asString()
        .startsWith("ponder: unknown command 'nosuchcmd'; commands: ").endsWith("(see 'ponder --help')");
  }

  @Test
  void otherParseErrorsAreOneLineToo() {
    for (String[] args : new String[][] {
        {"bench", "search", "--threads", "1,,2"}, {"bench", "search", "--no-such-option"}, {"bench", "nosuch"}}) {
      Cli r = Cli.run(args);
      assertThat(r.exit).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err.lines()).as(r.err).singleElement().asString().startsWith("ponder: ").contains("(see 'ponder bench");
    }
  }

  /** A code fault thrown at a given place (a stack trace of one frame, as a user's class would show). */
  private static NullPointerException npe() {
    NullPointerException e = new NullPointerException("Cannot invoke \"java.util.List.isEmpty()\" because \"NAMES\" is null");
    e.setStackTrace(new StackTraceElement[] {
        new StackTraceElement("com.example.bad.BrokenFactory", "<init>", "BrokenFactory.java", 8)});
    return e;
  }

  @Test
  void aWrapperThatExplainsTheFaultKeepsItsMessageAndGainsThePlace() {
    NullPointerException bug = npe();
    String outer = "game provider com.example.bad.BrokenFactory (listed at jar:file:/x/bad.jar!/META-INF/services/"
        + "dev.ponder.game.GameFactory:1) could not be created: NullPointerException: " + bug.getMessage()
        + "; fix or remove that line of META-INF/services/dev.ponder.game.GameFactory";
    IllegalStateException wrapped = new IllegalStateException(outer, bug);
    assertThat(Ponder.programmingError(wrapped)).isSameAs(bug);
    // the services file, its line and the fix stay; the fault's message is not repeated
    assertThat(Ponder.faultLine(wrapped, bug)).isEqualTo(outer
        + " (fault: NullPointerException at com.example.bad.BrokenFactory.<init>(BrokenFactory.java:8))");
    // a wrapper whose message does not hold the fault's gets it in full
    IllegalStateException other = new IllegalStateException("agent 'x' has a name() that threw", bug);
    assertThat(Ponder.faultLine(other, bug)).isEqualTo("agent 'x' has a name() that threw (fault: NullPointerException: "
        + bug.getMessage() + " at com.example.bad.BrokenFactory.<init>(BrokenFactory.java:8))");
  }

  @Test
  void aBareFaultOrOneWrappedWithoutAMessageKeepsTodaysForm() {
    NullPointerException bug = npe();
    String bare = "NullPointerException: " + bug.getMessage() + " at com.example.bad.BrokenFactory.<init>(BrokenFactory.java:8)";
    assertThat(Ponder.faultLine(bug, bug)).isEqualTo(bare);
    // new RuntimeException(cause): its message is only the cause's toString
    RuntimeException plain = new RuntimeException(bug);
    assertThat(Ponder.faultLine(plain, bug)).isEqualTo(bare);
    assertThat(Ponder.faultLine(new RuntimeException(null, bug), bug)).isEqualTo(bare);
  }

  @Test
  void aFaultThrownInsideTheJdkIsPlacedAtTheFirstFrameOutsideIt() {
    NullPointerException bug = new NullPointerException("rules");
    bug.setStackTrace(new StackTraceElement[] {
        new StackTraceElement(null, "java.base", "17", "java.util.Objects", "requireNonNull", "Objects.java", 233),
        new StackTraceElement("com.example.Rules", "fill", "Rules.java", 12)});
    assertThat(Ponder.faultLine(bug, bug)).isEqualTo("NullPointerException: rules at com.example.Rules.fill(Rules.java:12)");
  }

  @Test
  void anyExceptionThrownOutsidePonderIsAFaultToNameButPondersOwnErrorsAreNot() {
    IllegalStateException own = new IllegalStateException("roll bookkeeping out of sync");
    own.setStackTrace(new StackTraceElement[] {new StackTraceElement("com.example.Race$S", "doApplyAction", "Race.java", 80),
        new StackTraceElement("dev.ponder.game.State", "applyActionUnchecked", "State.java", 198)});
    assertThat(Ponder.programmingError(own)).isSameAs(own);
    assertThat(Ponder.faultLine(own, own))
        .isEqualTo("IllegalStateException: roll bookkeeping out of sync at com.example.Race$S.doApplyAction(Race.java:80)");
    // thrown inside the JDK on behalf of a user's class: placed, and named, at the user's line
    UnsupportedOperationException jdk = new UnsupportedOperationException();
    jdk.setStackTrace(new StackTraceElement[] {
        new StackTraceElement("java.util.ImmutableCollections", "uoe", "ImmutableCollections.java", 142),
        new StackTraceElement("com.example.Race", "newInitialState", "Race.java", 12)});
    assertThat(Ponder.programmingError(new RuntimeException(jdk))).isSameAs(jdk);
    // Ponder's own deliberate error (and one of a library Ponder ships with) is not
    IllegalStateException ponder = new IllegalStateException("sampleLegalAction needs a decision node");
    ponder.setStackTrace(new StackTraceElement[] {new StackTraceElement("dev.ponder.game.State", "sampleLegalAction", "State.java", 99),
        new StackTraceElement("com.example.Race$S", "step", "Race.java", 40)});
    assertThat(Ponder.programmingError(ponder)).isNull();
    IllegalStateException sqlite = new IllegalStateException("database is locked");
    sqlite.setStackTrace(new StackTraceElement[] {new StackTraceElement("org.sqlite.core.DB", "throwex", "DB.java", 1)});
    assertThat(Ponder.programmingError(sqlite)).isNull();
    // no stack trace: nothing to place it by
    IllegalStateException bare = new IllegalStateException("x");
    bare.setStackTrace(new StackTraceElement[0]);
    assertThat(Ponder.programmingError(bare)).isNull();
  }

  @Test
  void doubleOptionsTakeFiniteDecimalNumbersOnly() {
    assertThat(Ponder.decimal(".5")).isEqualTo(0.5);
    assertThat(Ponder.decimal("-3")).isEqualTo(-3.0);
    assertThat(Ponder.decimal("1e-4")).isEqualTo(1e-4);
    assertThat(Ponder.decimal("2.")).isEqualTo(2.0);
    for (String bad : new String[] {"0x1p3", "1f", "2d", "NaN", "Infinity", "-Infinity", "1e400", "1,5", ""}) {
      Cli r = Cli.run("bench", "search", "--seconds", bad);
      assertThat(r.exit).as(bad).isEqualTo(2);
      assertThat(r.err).as(bad).isEqualTo("ponder: --seconds: '" + bad
          + "' is not a finite decimal number (e.g. 0.5, -3, 1e-4) (see 'ponder bench search --help')" + System.lineSeparator());
    }
  }

  @Test
  void alphaTakesAFiniteDecimalOrInf() {
    // "inf" and "infinity" (any case) are the word for α → ∞; Java's other spellings are refused
    for (String bad : new String[] {"0x1p3", "1f", "1e400", "NaN", "-Infinity"}) {
      Cli r = Cli.run("arena", "--games", "tic_tac_toe", "--agents", "random,uct(sims=5)", "--alpha", bad, "--db",
          dir.resolve("never.db").toString());
      assertThat(r.exit).as(bad + ": " + r.err).isEqualTo(2);
      assertThat(r.err.strip()).as(bad).isEqualTo("ponder: --alpha: '" + bad
          + "' is not a finite decimal number; valid: a positive number up to 1e100, or inf");
    }
  }
}
