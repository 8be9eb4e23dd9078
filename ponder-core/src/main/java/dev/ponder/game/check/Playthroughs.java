package dev.ponder.game.check;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Test entry points for the OpenSpiel golden playthroughs in {@code
 * <shared>/reference/openspiel/playthroughs/}: {@code Playthroughs.assertReplays("tic_tac_toe.txt")}.
 *
 * <p>The shared directory is the system property {@code ponder.shared} when set (the build sets
 * it for tests), else {@code ../shared} relative to the working directory, else the first
 * {@code shared} directory holding {@code reference/} found walking up from the working
 * directory.
 */
public final class Playthroughs {
  private Playthroughs() {}

  /**
   * The team's shared directory (holding {@code reference/}).
   *
   * @throws IllegalStateException if it cannot be found
   */
  public static Path sharedDir() {
    String prop = System.getProperty("ponder.shared");
    if (prop != null && !prop.isBlank()) {
      Path p = Paths.get(prop).toAbsolutePath().normalize();
      if (Files.isDirectory(p)) {
        return p;
      }
      throw new IllegalStateException("ponder.shared=" + prop + " is not a directory");
    }
    Path cwd = Paths.get("").toAbsolutePath();
    Path sibling = cwd.resolve("../shared").normalize();
    if (Files.isDirectory(sibling.resolve("reference"))) {
      return sibling;
    }
    for (Path d = cwd; d != null; d = d.getParent()) {
      Path candidate = d.resolve("shared");
      if (Files.isDirectory(candidate.resolve("reference"))) {
        return candidate;
      }
    }
    throw new IllegalStateException("shared directory not found: set -Dponder.shared=<dir> (looked in ../shared and upwards from " + cwd + ")");
  }

  /** The directory of golden playthrough files. */
  public static Path directory() {
    return sharedDir().resolve("reference/openspiel/playthroughs");
  }

  /** The playthrough file {@code name} (e.g. {@code pig_3p.txt}) in {@link #directory()}. */
  public static Path file(String name) {
    return directory().resolve(name);
  }

  /**
   * File names of every golden playthrough, sorted.
   *
   * @throws IllegalStateException if {@link #directory()} cannot be listed (the message names it)
   */
  public static List<String> available() {
    try (Stream<Path> s = Files.list(directory())) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".txt")).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new IllegalStateException("cannot list " + directory() + ": " + e.getMessage(), e);
    }
  }

  /**
   * Replays the golden playthrough {@code name} with the default checks.
   *
   * @throws PlaythroughFormatException if the file is unreadable, malformed or incomplete
   * @throws dev.ponder.spec.SpecException if its game is unknown
   */
  public static ReplayResult replay(String name) {
    return new PlaythroughReplayer().replay(Playthrough.read(file(name)));
  }

  /**
   * Asserts that the golden playthrough {@code name} replays exactly.
   *
   * @throws AssertionError naming the file, state, field, expected and actual value of the first
   *     difference (or why the file could not be replayed)
   */
  public static void assertReplays(String name) {
    assertReplays(name, new PlaythroughReplayer());
  }

  /** {@link #assertReplays(String)} with information-state and observation strings compared or not. */
  public static void assertReplays(String name, boolean checkInformationStrings) {
    assertReplays(name, new PlaythroughReplayer().checkInformationStrings(checkInformationStrings));
  }

  private static void assertReplays(String name, PlaythroughReplayer replayer) {
    ReplayResult r;
    try {
      r = replayer.replay(Playthrough.read(file(name)));
    } catch (RuntimeException e) {
      throw new AssertionError(name + ": cannot replay: " + e.getMessage(), e);
    }
    if (!r.matches()) {
      throw new AssertionError(r.describe());
    }
  }
}
