package dev.ponder.spi;

/**
 * Where a fault in user or Ponder code was thrown, in one short form shared by every one-line error
 * message that reports a code fault (the command line's and the arena's).
 *
 * <p>The place of a throwable is its first stack frame outside the JDK (classes in {@code java.},
 * {@code javax.}, {@code jdk.}, {@code sun.}), so that a {@code NullPointerException} thrown inside
 * {@code Objects.requireNonNull} or an {@code IndexOutOfBoundsException} thrown by {@code
 * ArrayList.get} is placed at the caller's line; a trace with no such frame falls back to its top
 * frame. The frame is written as {@code class.method(File.java:line)}, without the module prefix.
 */
public final class Faults {
  private Faults() {}

  /**
   * The frame {@code t} is placed at (see the class comment), or null when {@code t} has no stack
   * trace (e.g. created with {@code writableStackTrace = false}).
   *
   * @throws NullPointerException if {@code t} is null
   */
  public static StackTraceElement place(Throwable t) {
    StackTraceElement[] trace = t.getStackTrace();
    for (StackTraceElement f : trace) {
      if (!isJdk(f.getClassName())) {
        return f;
      }
    }
    return trace.length > 0 ? trace[0] : null;
  }

  /**
   * {@code " at " + frame} for {@link #place(Throwable)} in the form {@code
   * com.example.Race$S.legalActions(Race.java:96)}, or {@code ""} when {@code t} has no stack trace.
   *
   * @throws NullPointerException if {@code t} is null
   */
  public static String at(Throwable t) {
    StackTraceElement f = place(t);
    return f == null ? "" : " at " + frameText(f);
  }

  /**
   * Packages of Ponder and of the libraries it ships with ({@code picocli}, Jackson, Hipparchus,
   * SQLite JDBC, progressbar and its JLine): code whose exceptions Ponder reports in its own words.
   */
  private static final String[] PONDER_PACKAGES = {"dev.ponder.", "picocli.", "com.fasterxml.", "org.hipparchus.",
      "org.sqlite.", "me.tongfei.", "org.jline."};

  /**
   * Whether {@code t} was thrown from code other than Ponder's: its place ({@link #place}, the
   * first frame outside the JDK) is in a class outside Ponder's packages ({@code dev.ponder.}) and
   * those of the libraries Ponder ships with, such as a game's or an agent's class of a project of
   * your own. False when {@code t} has no stack trace or no frame outside the JDK.
   *
   * @throws NullPointerException if {@code t} is null
   */
  public static boolean outsidePonder(Throwable t) {
    for (StackTraceElement f : t.getStackTrace()) {
      if (!isJdk(f.getClassName())) {
        for (String own : PONDER_PACKAGES) {
          if (f.getClassName().startsWith(own)) {
            return false;
          }
        }
        return true;
      }
    }
    return false;
  }

  /**
   * The binary name of the first class, other than {@code except}, that {@code t} or one of its
   * causes names as not found, or null: a {@link NoClassDefFoundError} whose message is a class
   * name ({@code org/example/games/SubtractNim}, the JVM's message for a class missing from the
   * class path; not {@code Could not initialize class ...}, a class whose static initializer failed,
   * nor a {@code wrong name} message), or a {@link ClassNotFoundException} (its message is the name).
   *
   * @param except a binary name to pass over (the class being loaded, when a cause names the class
   *     that uses the missing one), or null
   */
  public static String missingClass(Throwable t, String except) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof NoClassDefFoundError || c instanceof ClassNotFoundException) {
        String m = c.getMessage() == null ? "" : c.getMessage().strip();
        if (m.matches("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}./$]*")) {
          String missing = m.replace('/', '.');
          if (!missing.equals(except)) {
            return missing;
          }
        }
      }
    }
    return null;
  }

  /**
   * What to do about a class {@code t} or a cause of it names as not found ({@link
   * #missingClass}), or null when it names none: for a class of Ponder's own packages ({@code
   * dev.ponder.*}, which Ponder's jar holds in the version that runs), that the code using it was
   * built against another version of Ponder and must be rebuilt against this one; for any other
   * class, that it is not on the class path and {@code PONDER_CLASSPATH} should name the jar or
   * class directory holding it. Shared by the command line's error line and the arena's record of a
   * match that ended on such an error.
   */
  public static String missingClassNote(Throwable t) {
    String missing = missingClass(t, null);
    if (missing == null) {
      return null;
    }
    return missing.startsWith("dev.ponder.")
        ? "class " + missing + " is not in this version of Ponder: the code that uses it was built against another"
            + " version; rebuild it against this one (./mvnw -q -B install -DskipTests at Ponder's root installs this"
            + " version)"
        : "class " + missing + " is not on the class path: add the jar or class directory that holds it to"
            + " PONDER_CLASSPATH";
  }

  /** {@code class.method(File.java:line)}: "Unknown Source" without a file name, no line when unknown. */
  static String frameText(StackTraceElement f) {
    String where = f.getFileName() == null ? "Unknown Source"
        : f.getLineNumber() >= 0 ? f.getFileName() + ":" + f.getLineNumber() : f.getFileName();
    return f.getClassName() + "." + f.getMethodName() + "(" + where + ")";
  }

  private static boolean isJdk(String className) {
    return className.startsWith("java.") || className.startsWith("javax.") || className.startsWith("jdk.")
        || className.startsWith("sun.");
  }
}
