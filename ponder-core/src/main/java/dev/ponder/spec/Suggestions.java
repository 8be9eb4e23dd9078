package dev.ponder.spec;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The one rule for "did you mean" hints in Ponder's "unknown X; valid: ..." messages (commands,
 * options, agent and game names, parameter keys, enumerated values): the message keeps its list
 * of what is valid and adds {@code (did you mean Y?)} when one candidate is clearly the closest.
 *
 * <p>"Clearly" means, comparing without regard to case:
 * <ol>
 *   <li>one candidate equals the typed text ({@code UCT} for {@code uct}); else
 *   <li>the typed text has at least 2 characters and is a prefix of exactly one candidate
 *       ({@code move} for {@code moves}, {@code time} for {@code time_ms}); else
 *   <li>exactly one candidate lies at the smallest edit distance, and that distance is at most
 *       1 for a typed text of 2 to 4 characters ({@code uc} for {@code uct} beside {@code
 *       ucb_tuned}, {@code sim} for {@code sims}) and at most 2 for a longer one; a single
 *       character is never corrected. The distance counts insertions, deletions, substitutions and swaps of two adjacent
 *       characters as one edit each (the optimal string alignment distance): {@code serach} is 1
 *       from {@code search}, {@code tik_tac_toe} 1 from {@code tic_tac_toe}.
 *   <li>the typed text is a name the literature uses for a candidate's key ({@code c_puct} or
 *       {@code cpuct}, PUCT's constant in the AlphaZero papers, for {@code c_init} or else
 *       {@code c}), and that candidate is valid here.
 * </ol>
 * Otherwise there is no suggestion, and the list alone is shown.
 */
public final class Suggestions {
  private Suggestions() {}

  /**
   * The candidate {@code typed} most likely means, by the rule of this class; empty when none is
   * clearly closest (or {@code typed} is blank).
   *
   * @param typed what the user wrote
   * @param candidates the valid names (nulls are ignored)
   */
  public static Optional<String> closest(String typed, Collection<String> candidates) {
    if (typed == null || typed.isBlank() || candidates.isEmpty()) {
      return Optional.empty();
    }
    String t = typed.trim().toLowerCase(Locale.ROOT);
    String equal = unique(candidates, c -> c.toLowerCase(Locale.ROOT).equals(t));
    if (equal != null) {
      return Optional.of(equal);
    }
    if (t.length() >= 2) {
      String prefix = unique(candidates, c -> c.toLowerCase(Locale.ROOT).startsWith(t));
      if (prefix != null) {
        return Optional.of(prefix);
      }
    }
    int limit = t.length() < 2 ? 0 : t.length() <= 4 ? 1 : 2;
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    boolean tie = false;
    for (String c : candidates) {
      if (c == null) {
        continue;
      }
      int d = distance(t, c.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        best = c;
        bestDistance = d;
        tie = false;
      } else if (d == bestDistance && !c.equals(best)) {
        tie = true;
      }
    }
    if (best != null && !tie && bestDistance <= limit) {
      return Optional.of(best);
    }
    for (String known : KNOWN_AS.getOrDefault(t, java.util.List.of())) {
      String c = unique(candidates, x -> x.equals(known));
      if (c != null) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  /** Names the literature uses for keys, each with the keys it may mean, in order of preference. */
  private static final java.util.Map<String, java.util.List<String>> KNOWN_AS = java.util.Map.of(
      "c_puct", java.util.List.of("c_init", "c"),
      "cpuct", java.util.List.of("c_init", "c"));

  /**
   * {@code " (did you mean Y?)"} for the candidate {@link #closest} finds, or the empty string:
   * ready to append to a message's list of valid values.
   */
  public static String didYouMean(String typed, Collection<String> candidates) {
    return closest(typed, candidates).map(s -> " (did you mean " + s + "?)").orElse("");
  }

  /** The one candidate passing {@code test}, or null when none or several do. */
  private static String unique(Collection<String> candidates, java.util.function.Predicate<String> test) {
    String found = null;
    for (String c : candidates) {
      if (c != null && test.test(c)) {
        if (found != null && !found.equals(c)) {
          return null;
        }
        found = c;
      }
    }
    return found;
  }

  /**
   * The optimal string alignment distance between {@code a} and {@code b}: the fewest insertions,
   * deletions, substitutions and swaps of adjacent characters turning one into the other (no
   * substring edited twice).
   */
  static int distance(String a, String b) {
    int n = a.length();
    int m = b.length();
    int[][] d = new int[n + 1][m + 1];
    for (int i = 0; i <= n; i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= m; j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= n; i++) {
      for (int j = 1; j <= m; j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
      }
    }
    return d[n][m];
  }
}
