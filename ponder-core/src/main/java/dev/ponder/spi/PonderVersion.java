package dev.ponder.spi;

/**
 * The build's version, in one place: {@code ponder -V} prints {@link #LINE}, and a tournament
 * records it with the matches it stores ({@code dev.ponder.arena.Tournament#build}), so a report
 * can say which build played which matches.
 */
public final class PonderVersion {
  private PonderVersion() {}

  /**
   * What {@code ponder -V} prints: {@code ponder 0.1.0}. The version is the source's, not a
   * commit: two builds of one version from different sources print the same line.
   */
  public static final String LINE = "ponder 0.1.0";
}
