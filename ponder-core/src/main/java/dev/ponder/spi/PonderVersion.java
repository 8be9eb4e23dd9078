package dev.ponder.spi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The build's version, in one place: {@code ponder -V} prints {@link #LINE}, and a tournament
 * records it with the matches it stores ({@code dev.ponder.arena.Tournament#build}), so a report
 * can say which build played which matches.
 *
 * <p>The build stamps it: the version is the Maven project's ({@code ponder-version.properties},
 * filled in from the pom), the commit the one the sources were built from and whether the working
 * tree had uncommitted changes then ({@code ponder-git.properties}, written by the
 * git-commit-id-maven-plugin, in a tree with the repository's own {@code .git} directory). A build
 * without it (an exported source tree, a linked git worktree) has no commit: its line says
 * {@code (commit unknown)}.
 */
public final class PonderVersion {
  private PonderVersion() {}

  private static final Pattern ABBREV = Pattern.compile("[0-9a-f]{7,40}");

  /** The Maven project version this build was made from, e.g. {@code 0.1.0-SNAPSHOT}; {@code unknown} if not stamped. */
  public static final String VERSION;

  /**
   * The abbreviated id (7 or more lower-case hex digits) of the commit this build was made from,
   * or {@code null} when the build had no git repository to read (an exported source tree).
   */
  public static final String COMMIT;

  /** Whether tracked files had uncommitted changes when built (untracked files do not count); {@code false} without a commit. */
  public static final boolean MODIFIED;

  /**
   * What {@code ponder -V} prints and the arena records per run: {@code ponder 0.1.0-SNAPSHOT
   * (commit 1a2b3c4)}, {@code ponder 0.1.0-SNAPSHOT (commit 1a2b3c4, modified)} for a build from a
   * working tree with uncommitted changes, {@code ponder 0.1.0-SNAPSHOT (commit unknown)} for a
   * build without git. See {@link #line(String, String, boolean)}.
   */
  public static final String LINE;

  static {
    Properties v = load("ponder-version.properties");
    Properties g = load("ponder-git.properties");
    String version = v.getProperty("version", "").strip();
    // an unfiltered resource (a build that skipped Maven's resource processing) says ${...}
    VERSION = version.isEmpty() || version.contains("${") ? "unknown" : version;
    String commit = g.getProperty("git.commit.id.abbrev", "").strip();
    COMMIT = ABBREV.matcher(commit).matches() ? commit : null;
    MODIFIED = COMMIT != null && Boolean.parseBoolean(g.getProperty("git.dirty", "false").strip());
    LINE = line(VERSION, COMMIT, MODIFIED);
  }

  /**
   * The version line for a version, a commit and the working tree's state.
   *
   * @param version the project version, e.g. {@code 0.1.0-SNAPSHOT}; not null
   * @param commit the abbreviated commit id, or {@code null} when unknown
   * @param modified whether the working tree had uncommitted changes (ignored without a commit)
   * @return {@code ponder VERSION (commit COMMIT)}, {@code ponder VERSION (commit COMMIT, modified)}
   *     or {@code ponder VERSION (commit unknown)}
   */
  public static String line(String version, String commit, boolean modified) {
    if (commit == null) {
      return "ponder " + version + " (commit unknown)";
    }
    return "ponder " + version + " (commit " + commit + (modified ? ", modified" : "") + ")";
  }

  private static Properties load(String name) {
    Properties p = new Properties();
    try (InputStream in = PonderVersion.class.getResourceAsStream(name)) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the build's " + name, e);
    }
    return p;
  }
}
