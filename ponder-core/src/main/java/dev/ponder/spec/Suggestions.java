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
 *       from {@code search}, {@code tik_tac_toe} 1 from {@code tic_tac_toe}. A candidate that
 *       has another one-letter word than the typed text in the same place (words are split at
 *       {@code _}) is not a misspelling of it but another quantity's name, and is not suggested
 *       this way: {@code q_init} (an unvisited child's value) for {@code c_init} (an
 *       exploration constant), or {@code x_size} for {@code y_size}. A candidate's distance is
 *       the least to any name of its quantity ({@link #SAME_QUANTITY}; its own name wins a tie),
 *       so a misspelling of another agent's name for it points to it: {@code cinit} suggests
 *       {@code c} for compose, not {@code q_init}; else
 *   <li>the typed text is another name of the quantity a candidate names, in the literature or
 *       in another agent ({@link #SAME_QUANTITY}: the exploration constant is puct's {@code
 *       c_init}, the {@code c} of uct, compose and the other UCB agents, and {@code c_puct} or
 *       {@code cpuct} in the AlphaZero papers), and that candidate is valid here: {@code c_init}
 *       suggests {@code c} for compose, {@code c} and {@code c_puct} suggest {@code c_init} for
 *       puct.
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
    int bestDistance = Integer.MAX_VALUE; // 2 * edit distance, + 1 when reached through another name
    boolean tie = false;
    for (String c : candidates) {
      if (c == null) {
        continue;
      }
      String own = c.toLowerCase(Locale.ROOT);
      for (String name : namesOf(own)) {
        if (otherSymbol(t, name)) {
          continue;
        }
        int d = 2 * distance(t, name) + (name.equals(own) ? 0 : 1);
        if (d < bestDistance) {
          best = c;
          bestDistance = d;
          tie = false;
        } else if (d == bestDistance && !c.equals(best)) {
          tie = true;
        }
      }
    }
    if (best != null && !tie && bestDistance / 2 <= limit) {
      return Optional.of(best);
    }
    for (java.util.List<String> names : SAME_QUANTITY) {
      if (names.contains(t)) {
        for (String other : names) {
          String c = other.equals(t) ? null : unique(candidates, x -> x.equals(other));
          if (c != null) {
            return Optional.of(c);
          }
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The names one quantity goes by among Ponder's agents, in the literature and in other tools,
   * each group in order of preference: the exploration constant of the tree policy is puct's
   * {@code c_init}, the {@code c} of uct, compose and the UCB agents, and {@code c_puct} or {@code
   * cpuct}, PUCT's constant in the AlphaZero papers; the simulation budget {@code sims} is
   * OpenSpiel's and mctx's number of simulations; tree reuse; Gumbel search's {@code
   * max_considered} is the paper's m and mctx's {@code max_num_considered_actions}.
   */
  private static final java.util.List<java.util.List<String>> SAME_QUANTITY = java.util.List.of(
      java.util.List.of("c_init", "c", "c_puct", "cpuct"),
      java.util.List.of("sims", "simulations", "num_simulations", "max_simulations"),
      java.util.List.of("reuse", "reuse_tree", "tree_reuse"),
      java.util.List.of("max_considered", "m", "max_num_considered_actions"));

  /**
   * {@code name} (lower case) and the other names of its quantity ({@link #SAME_QUANTITY}), own
   * name first: a misspelling of any of them points to {@code name}.
   */
  private static java.util.List<String> namesOf(String name) {
    for (java.util.List<String> names : SAME_QUANTITY) {
      if (names.contains(name)) {
        java.util.List<String> out = new java.util.ArrayList<>(names.size());
        out.add(name);
        for (String other : names) {
          if (!other.equals(name)) {
            out.add(other);
          }
        }
        return out;
      }
    }
    return java.util.List.of(name);
  }

  /**
   * Whether {@code a} and {@code b} (lower case), with as many words (split at {@code _}), have
   * different one-letter words in one place: {@code c_init} and {@code q_init}. A one-letter word
   * is a quantity's symbol, so the two name different quantities, however close their spelling.
   */
  static boolean otherSymbol(String a, String b) {
    String[] x = a.split("_", -1);
    String[] y = b.split("_", -1);
    if (x.length != y.length || x.length < 2) {
      return false;
    }
    for (int i = 0; i < x.length; i++) {
      if (x[i].length() == 1 && y[i].length() == 1 && x[i].charAt(0) != y[i].charAt(0)) {
        return true;
      }
    }
    return false;
  }

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
