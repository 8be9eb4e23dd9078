package dev.ponder.arena;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Renders an {@link Analysis.Result}: terminal tables, {@code report.md}, {@code report.json},
 * {@code matches.csv} and SVG charts ({@code ratings.svg}, {@code scores-<i>.svg} per game,
 * {@code ballots.svg}).
 */
public final class Report {
  private Report() {}

  /**
   * Agents best first: by SCO rank ({@link Analysis#ranks}; agents with no rating last), agents of
   * equal rank by Elo (higher first; Elos equal within {@link #sameElo} count as equal), then in
   * the tournament's agent order.
   */
  public static List<Integer> order(Analysis.Result r) {
    return order(r.sco(), r.elo());
  }

  /**
   * {@link #order(Analysis.Result)} from the SCO ratings and Elos (NaN: none). Elos are fitted
   * numerically and agents that are exactly level differ in their last bits (10⁻¹⁴ apart), so
   * after sorting by Elo the agents of a rank are grouped into runs whose neighbours are equal
   * within {@link #sameElo}, and each run is put in agent order: ties do not take an order from
   * rounding noise.
   */
  static List<Integer> order(double[] sco, double[] elo) {
    int[] rank = Analysis.ranks(sco);
    List<Integer> idx = new ArrayList<>();
    for (int i = 0; i < sco.length; i++) {
      idx.add(i);
    }
    Comparator<Integer> byRank = Comparator.comparingInt(i -> rank[i] == 0 ? Integer.MAX_VALUE : rank[i]);
    idx.sort(byRank.thenComparingDouble(i -> Double.isNaN(elo[i]) ? Double.POSITIVE_INFINITY : -elo[i])
        .thenComparingInt(i -> i));
    int start = 0;
    for (int j = 1; j <= idx.size(); j++) {
      if (j == idx.size() || byRank.compare(idx.get(j), idx.get(j - 1)) != 0
          || !sameElo(elo[idx.get(j)], elo[idx.get(j - 1)])) {
        idx.subList(start, j).sort(Comparator.naturalOrder());
        start = j;
      }
    }
    return idx;
  }

  /**
   * Whether two Elos are equal up to the fit's rounding: within a relative 10⁻⁹ (absolute below
   * 1 Elo point); two NaNs are equal.
   */
  static boolean sameElo(double a, double b) {
    if (Double.isNaN(a) || Double.isNaN(b)) {
      return Double.isNaN(a) && Double.isNaN(b);
    }
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
  }

  /**
   * The rank column's cell of each agent: the rank, followed by {@code =} when another agent
   * shares it ({@code 1=}); {@code -} for an agent with no SCO rating.
   */
  static String[] rankLabels(Analysis.Result r) {
    int[] rank = Analysis.ranks(r.sco());
    String[] out = new String[rank.length];
    for (int a = 0; a < rank.length; a++) {
      boolean shared = false;
      for (int b = 0; b < rank.length; b++) {
        shared |= b != a && rank[b] == rank[a];
      }
      out[a] = rank[a] == 0 ? "-" : rank[a] + (shared ? "=" : "");
    }
    return out;
  }

  /** Whether two or more agents share a rank, given the {@link #rankLabels}. */
  static boolean anyTie(String[] rankLabels) {
    for (String label : rankLabels) {
      if (label.endsWith("=")) {
        return true;
      }
    }
    return false;
  }

  /** The footnote on tied ranks, shown when two or more agents share a rank. */
  static String tieLine() {
    String tolerance = java.math.BigDecimal.valueOf(Analysis.RANK_TOLERANCE).stripTrailingZeros().toString().toLowerCase(Locale.ROOT);
    return "n=: tied; SCO ratings equal within a relative " + tolerance
        + " share a rank (the same ballots give the same rating); tied agents are listed by Elo, then in agent order.";
  }

  /**
   * The line under the rankings saying what the SCO and mass columns hold: for the round robin
   * SCO over the per-game α-Rank ballots and the mean α-Rank mass; for the benchmark schedule SCO
   * over the per-game ballots by mean return against the benchmark agent, which computes no
   * α-Rank (mass {@code -}).
   */
  static String scoLine(Analysis.Result r) {
    if (r.config().schedule().equals(TournamentConfig.BENCHMARK)) {
      return "SCO: Soft Condorcet Optimization rating on [0, 1000] from per-game ballots by mean return against the benchmark agent "
          + r.config().benchmark() + " (on no ballot, so unrated: -); mass: - (the benchmark schedule computes no alpha-rank).";
    }
    boolean byMean = r.games().stream().anyMatch(g -> g.method().equals("mean-return"));
    return "SCO: Soft Condorcet Optimization rating on [0, 1000] from per-game alpha-rank ballots"
        + (byMean ? " (by mean return in games whose ballot says mean-return)" : "") + "; mass: mean alpha-rank mass over games"
        + (byMean ? " with alpha-rank" : "") + (anyLeftOutOfMass(r) ? ", 0 in a game whose alpha-rank leaves the agent out (error"
        + " matches)" : "") + ".";
  }

  /** Whether some game with an α-Rank leaves an agent out of it (its mass NaN). */
  static boolean anyLeftOutOfMass(Analysis.Result r) {
    for (Analysis.GameResult g : r.games()) {
      if (Arrays.stream(g.mass()).anyMatch(m -> !Double.isNaN(m)) && Arrays.stream(g.mass()).anyMatch(Double::isNaN)) {
        return true;
      }
    }
    return false;
  }

  /** The footnote on Elo: what it is pooled from and what it assumes. */
  static String eloLine(Analysis.Result r) {
    if (r.config().schedule().equals(TournamentConfig.BENCHMARK)) {
      return "* Elo (Bradley-Terry) from wins/draws/losses against the benchmark agent, the only opponent each agent met; "
          + "it assumes transitive strength.";
    }
    return "* Elo assumes transitive strength; with cycles trust SCO and alpha-rank instead.";
  }

  /**
   * The footnote on what Elo counts: who got the higher return in each comparison, not by how
   * much, so in a game of margins such as poker an agent that wins many small pots and loses a
   * few big ones rates above one whose mean return is higher.
   */
  static String eloMarginLine() {
    return "Elo counts wins/draws/losses by comparing returns, not margins (chips, points): in kuhn_poker random can"
        + " rate above a near-Nash policy by Elo while its mean return is lower; for such games read the mean returns.";
  }

  /**
   * The footnote on the Elo scale: the anchor (the lowest agent is 0 in the estimate and in every
   * resample, so an agent lowest in every resample has the interval [0, 0], which is not flagged
   * as zero width), the 400·log10 scale and how games are pooled.
   */
  static String eloScaleLine() {
    return "Elo: 400*log10 odds scale, anchored so that the lowest agent is 0 (in the estimate and in each resample); pooled over "
        + "games, each pair of seats held by different agents in a match counting as one comparison, so each game weighs "
        + "by its number of such comparisons (a 3-player match gives 3 pairs, 2 when one agent holds two seats; a 2-player"
        + " match 1).";
  }

  /**
   * The footnote on the Amp and Imp columns (shown with {@code --reference} or {@code
   * --raw-prior}): against which agents they measure, how ({@link Analysis#amplification}) and
   * that they are point estimates; {@code name} writes the agents' names (report.md escapes them,
   * the terminal shows them as its table does).
   */
  static String ampLine(Analysis.Result r, java.util.function.UnaryOperator<String> name) {
    String ref = name.apply(r.options().reference());
    String raw = name.apply(r.options().rawPrior());
    return "Amp (IQM): " + (ref.isEmpty() ? "- (no --reference)" : "amplification over the reference " + ref)
        + "; Imp (IQM): " + (raw.isEmpty() ? "- (no --raw-prior)" : "improvement over the raw prior " + raw)
        + ". Per game (F(agent) - F(x)) / (Umax - F(x)), clamped to [-1, 1], x the reference or the raw prior, F the mean"
        + " return against the same opponents (every agent but the agent, the reference and the raw prior), Umax the game's"
        + " highest return; then the interquartile mean over games. Point estimates, no interval (report.json: amp, imp,"
        + " ampPerGame, impPerGame); - for the reference and the raw prior themselves.";
  }

  /**
   * report.md's note on how Elo is fitted ({@link dev.ponder.rating.Elo}): with its smoothing, an
   * agent that never lost to another is a finite number of Elo points above it, set by the
   * smoothing rather than measured.
   */
  static String eloFitLine() {
    return "Fitted as Bradley–Terry by Hunter's MM iteration, refined by Newton's method to the"
        + " maximum-likelihood fit (a win 1, a draw 1/2), with "
        + java.math.BigDecimal.valueOf(dev.ponder.rating.Elo.SMOOTHING).stripTrailingZeros().toPlainString()
        + " added to every ordered pair's win score (as OpenSpiel's elo.cc, which stops the iteration"
        + " after 2000 steps): where an agent never lost to another, the"
        + " gap between them is set by that smoothing, not measured.";
  }

  /**
   * {@link #terminal(Analysis.Result)} with {@code headline} instead of its first line (the
   * {@code Tournament N: G games, K agents, M matches stored (E errors)} line): {@code ponder
   * arena} puts the run's own counts there, so the summary has one "Tournament N:" line.
   *
   * @param headline one line, without its line break
   */
  public static String terminal(Analysis.Result r, String headline) {
    String t = terminal(r);
    return headline + t.substring(t.indexOf('\n'));
  }

  /**
   * The terminal's line naming the run's two seeds, above the table (under the first line, the
   * budget, build and partial-tournament lines): {@code tournament seed: 1; statistics seed: 1
   * (--stats-seed)}, the seed every match seed comes from ({@code --seed}, also on report.md's
   * {@code Budget:} line) and the seed of every bootstrap ({@code --stats-seed}, report.md's {@code
   * Statistics:} line), so a summary kept on its own says how to get the same numbers again. Not
   * printed when nothing is analysed yet (no statistic drew on a seed).
   */
  static String seedsLine(Analysis.Result r) {
    return tournamentSeedText(r.config()) + "; statistics seed: " + r.options().seed() + " (--stats-seed)";
  }

  /** {@code tournament seed: 1}: the tournament's {@code --seed}, as the terminal and report.md name it. */
  static String tournamentSeedText(TournamentConfig c) {
    return "tournament seed: " + c.seed();
  }

  /** The first line of {@link #terminal(Analysis.Result)}: tournament id, games, agents, stored matches and errors. */
  public static String headline(Analysis.Result r) {
    return String.format(Locale.ROOT, "Tournament %d: %s, %s, %s",
        r.tournament(), count(r.games().size(), "game", "games"), count(r.agents().size(), "agent", "agents"), storedCount(r));
  }

  /**
   * The budget left out of the agents' names in the tables ({@link #shownNames}): the tournament's
   * {@code --budget} ({@code sims=50}), when some agent's string carries all of it; empty otherwise.
   */
  static String commonBudget(Analysis.Result r) {
    List<String> shown = shownNames(r);
    return shown.equals(r.agents()) ? "" : r.config().budget();
  }

  /**
   * The agents' names as the tables and charts show them: each agent string without the
   * tournament's budget ({@code --budget}, e.g. {@code sims=50}) when the string carries every
   * key of it with the same value ({@code puct(c_init=1.25,sims=50)} shows as {@code
   * puct(c_init=1.25)}); an agent with a budget of its own, or none, keeps its whole string. The
   * header says which budget is left out ({@link #budgetNamesLine}); the stored strings,
   * report.json and matches.csv keep the whole strings. The whole strings are used when the
   * shortened names would not all be different, or when there is no budget.
   */
  static List<String> shownNames(Analysis.Result r) {
    java.util.Map<String, String> budget;
    try {
      budget = Budget.parseStored(r.config().budget());
    } catch (RuntimeException e) {
      return r.agents();
    }
    if (budget.isEmpty()) {
      return r.agents();
    }
    List<String> out = new ArrayList<>();
    boolean changed = false;
    for (String a : r.agents()) {
      String shown = a;
      try {
        dev.ponder.spec.Spec spec = dev.ponder.spec.Spec.parse(a);
        boolean all = true;
        for (java.util.Map.Entry<String, String> e : budget.entrySet()) {
          all &= e.getValue().equals(spec.args().get(e.getKey()));
        }
        if (all) {
          java.util.Map<String, String> rest = new java.util.LinkedHashMap<>(spec.args());
          rest.keySet().removeAll(budget.keySet());
          shown = new dev.ponder.spec.Spec(spec.name(), rest).toString();
        }
      } catch (RuntimeException e) {
        shown = a; // not a spec this can read: the whole string
      }
      changed |= !shown.equals(a);
      out.add(shown);
    }
    if (!changed || new java.util.HashSet<>(out).size() != out.size()) {
      return r.agents();
    }
    return out;
  }

  /** The header line naming the budget left out of the agents' names, or empty when none is. */
  static String budgetNamesLine(Analysis.Result r) {
    String b = commonBudget(r);
    return b.isEmpty() ? "" : "budget: " + b + " for every agent that takes it" + ownBudgetText(r, "own")
        + " (--budget), left out of the names below";
  }

  /**
   * {@code " except uct(time_ms=5), which keeps its own"}: the agents that declare a key of the
   * tournament's budget but kept a budget of their own ({@link Budget#apply}), so their names
   * show no budget left out; {@code ""} when every agent that declares a key of it has it.
   *
   * @param own the word after "its" ({@code own}, {@code own budget})
   */
  static String ownBudgetText(Analysis.Result r, String own) {
    java.util.Map<String, String> budget;
    try {
      budget = Budget.parseStored(r.config().budget());
    } catch (RuntimeException e) {
      return "";
    }
    List<String> shown = shownNames(r);
    List<String> kept = new ArrayList<>();
    for (int a = 0; a < r.agents().size(); a++) {
      if (!shown.get(a).equals(r.agents().get(a))) {
        continue; // it has the budget (left out of its name)
      }
      try {
        boolean takes = false;
        for (dev.ponder.spec.ParamSpec p : dev.ponder.agent.AgentRegistry.factory(
            dev.ponder.spec.Spec.parse(r.agents().get(a)).name()).parameters()) {
          takes |= budget.containsKey(p.name());
        }
        if (takes) {
          kept.add(shown.get(a));
        }
      } catch (RuntimeException e) {
        // an agent not registered here: nothing known of its keys
      }
    }
    if (kept.isEmpty()) {
      return "";
    }
    return " except " + String.join(", ", kept) + (kept.size() == 1 ? ", which keeps its " : ", which keep their ") + own;
  }

  /**
   * The agents of game {@code g} in the game's own order: those on its ballot best first, agents
   * level on it in agent order (as {@link #ballotLine} lists them), then the others in {@code
   * overall} order.
   */
  static List<Integer> gameOrder(Analysis.GameResult g, List<Integer> overall) {
    List<Integer> out = new ArrayList<>(overall);
    java.util.Map<Integer, Integer> pos = new java.util.HashMap<>();
    for (int i = 0; i < overall.size(); i++) {
      pos.put(overall.get(i), i);
    }
    out.sort(Comparator.<Integer>comparingInt(a -> Double.isNaN(g.ballot()[a]) ? 1 : 0)
        .thenComparingDouble(a -> Double.isNaN(g.ballot()[a]) ? 0 : -g.ballot()[a])
        .thenComparingInt(a -> Double.isNaN(g.ballot()[a]) ? pos.get(a) : a));
    return out;
  }

  /** Most decimals the SCO column shows ({@link #scoDigits}). */
  static final int MAX_SCO_DIGITS = 4;

  /**
   * Decimals of the SCO column: 1, or more (up to {@link #MAX_SCO_DIGITS}) until every two agents
   * next to each other in the table with different ranks print different ratings, so a rank
   * difference is visible in the numbers (512.868 above 512.866 rather than 512.9 above 512.9).
   */
  static int scoDigits(Analysis.Result r) {
    int[] rank = Analysis.ranks(r.sco());
    List<Integer> order = order(r);
    for (int d = 1; d < MAX_SCO_DIGITS; d++) {
      boolean distinct = true;
      for (int i = 1; i < order.size(); i++) {
        int p = order.get(i - 1);
        int a = order.get(i);
        if (rank[p] != rank[a] && !Double.isNaN(r.sco()[p]) && !Double.isNaN(r.sco()[a])
            && fmt(r.sco()[p], d).equals(fmt(r.sco()[a], d))) {
          distinct = false;
        }
      }
      if (distinct) {
        return d;
      }
    }
    return MAX_SCO_DIGITS;
  }

  /** The rankings table and per-game summaries as plain text. */
  public static String terminal(Analysis.Result r) {
    return terminal(r, 0);
  }

  /**
   * As {@link #terminal(Analysis.Result)} for a run that played {@code parallel} matches at once
   * (0 = unknown, e.g. a report rebuilt from the store): the advice of {@link #unequalBudgetLine}
   * fits it.
   */
  public static String terminal(Analysis.Result r, int parallel) {
    StringBuilder sb = new StringBuilder();
    List<String> names = shownNames(r);
    int w = Math.max(8, names.stream().mapToInt(String::length).max().orElse(8));
    w = Math.min(w, NAME_WIDTH);
    List<String> cells = clipDistinct(names, w);
    w = Math.max(w, cells.stream().mapToInt(String::length).max().orElse(w));
    sb.append(headline(r)).append('\n');
    String budgetNames = budgetNamesLine(r);
    if (!budgetNames.isEmpty()) {
      sb.append(budgetNames).append('\n');
    }
    String builds = buildLine(r);
    if (!builds.isEmpty()) {
      sb.append(builds).append('\n');
    }
    if (!r.analysed()) {
      sb.append(nothingAnalysedLine(r)).append('\n');
      return sb.toString();
    }
    if (r.partial()) {
      sb.append(partialLine(r)).append('\n');
    }
    sb.append(seedsLine(r)).append('\n');
    boolean ampCol = !r.options().reference().isEmpty() || !r.options().rawPrior().isEmpty();
    // SCO and Elo each have a number column and an interval column, sized to their widest cell
    // ("n/a (one seed per game)" included), so the numbers stay right-aligned and the columns after
    // them line up
    List<Integer> order = order(r);
    String scoHead = "SCO";
    String eloHead = "Elo*";
    String ciHead = "95% CI";
    int scoW = scoHead.length();
    int sciW = ciHead.length();
    int eloW = eloHead.length();
    int ciW = ciHead.length();
    String rankHead = "rank 95%";
    int rkW = rankHead.length();
    int scoDigits = scoDigits(r);
    for (int a : order) {
      scoW = Math.max(scoW, fmt(r.sco()[a], scoDigits).length());
      sciW = Math.max(sciW, scoInterval(r, a).length());
      eloW = Math.max(eloW, eloText(r, a).length());
      ciW = Math.max(ciW, eloInterval(r, a).length());
      rkW = Math.max(rkW, rankInterval(r, a).length());
    }
    String nextHead = "P(above next)";
    String rowFormat = "%-4s %-" + w + "s %" + scoW + "s  %-" + sciW + "s %-" + rkW + "s %" + nextHead.length() + "s %8s %"
        + eloW + "s  %-" + ciW + "s";
    StringBuilder row = new StringBuilder();
    row.append(String.format(Locale.ROOT, rowFormat, "rank", "agent", scoHead, ciHead, rankHead, nextHead, "mass", eloHead,
        ciHead));
    if (ampCol) {
      row.append(String.format(Locale.ROOT, " %7s %7s", "Amp", "Imp"));
    }
    sb.append(row.toString().stripTrailing()).append('\n');
    String[] rankLabel = rankLabels(r);
    Double[] next = r.scoAboveNext();
    for (int a : order) {
      double mass = meanMass(r, a);
      String rk = rankLabel[a] + errorMark(r, a);
      row.setLength(0);
      row.append(String.format(Locale.ROOT, rowFormat, rk, cells.get(a), fmt(r.sco()[a], scoDigits), scoInterval(r, a),
          rankInterval(r, a), next[a] == null ? "-" : fmt(next[a], 3), fmt(mass, 3), eloText(r, a), eloInterval(r, a)));
      if (ampCol) {
        row.append(String.format(Locale.ROOT, " %7s %7s", fmt(r.amp()[a], 3), fmt(r.imp()[a], 3)));
      }
      sb.append(row.toString().stripTrailing()).append('\n');
    }
    sb.append(scoLine(r)).append('\n');
    if (anyTie(rankLabel)) {
      sb.append(tieLine()).append('\n');
    }
    sb.append(ciLine()).append('\n');
    sb.append(rankIntervalLine()).append('\n');
    sb.append(nextLine()).append('\n');
    sb.append(eloLine(r)).append('\n');
    sb.append(eloScaleLine()).append('\n');
    sb.append(eloMarginLine()).append('\n');
    if (ampCol) {
      // the reference and the raw prior as the table shows them (a long name cut in the middle)
      sb.append(ampLine(r, n -> r.agents().indexOf(n) >= 0 ? cells.get(r.agents().indexOf(n)) : n)).append('\n');
    }
    String marks = markLines(r);
    if (!marks.isEmpty()) {
      sb.append(marks);
    }
    String failed = errorAgentsLine(r, cells);
    if (!failed.isEmpty()) {
      sb.append(failed).append('\n');
    }
    if (r.games().stream().anyMatch(g -> ballotLine(g, names).contains(TIE_BREAK))) {
      sb.append(tieBreakLine()).append('\n');
    }
    sb.append("Per-game tables list the agents in the game's own ballot order.\n");
    sb.append('\n');
    // every number right-aligned in a column as wide as its widest cell in any game, and the
    // interval marks in a column of their own, so that the rows of every game line up (a row
    // without a mark, or with fewer than the widest, is padded to the same column)
    int numW = 1;
    int massW = 1;
    int msW = 1;
    int markW = 0;
    boolean oneSeed = false;
    for (Analysis.GameResult g : r.games()) {
      for (int a = 0; a < r.agents().size(); a++) {
        if (!Double.isNaN(g.agentMean()[a])) {
          numW = Math.max(numW, Math.max(fmt(g.agentMean()[a], 3).length(),
              Math.max(fmt(g.agentLow()[a], 3).length(), fmt(g.agentHigh()[a], 3).length())));
          massW = Math.max(massW, fmt(g.mass()[a], 3).length());
          msW = Math.max(msW, fmt(g.msPerDecision()[a], 2).length());
          markW = Math.max(markW, gameMarks(g, a).length());
          oneSeed |= g.seeds() < 2;
        }
      }
    }
    // "[lo, hi]" and its marks in columns of their own; one seed index: "n/a (one seed)"
    int gameCiW = Math.max(2 * numW + 4, oneSeed ? ONE_SEED.length() : 0);
    for (Analysis.GameResult g : r.games()) {
      List<Integer> own = gameOrder(g, order);
      sb.append(String.format(Locale.ROOT, "%s (%d players, %s, %s%s%s): %s%n", g.game(), g.players(), matchCount(g.matches()),
          count(g.seeds(), "seed", "seeds"), g.errors() > 0 ? ", " + errorCount(g.errors()) : "",
          g.leftOut() > 0 ? ", " + g.leftOut() + " left out with them" : "", g.method()));
      // the mass words only where the game has an alpha-rank (not in a benchmark run, nor in a
      // game whose ballot fell back to the mean return): a column of "-" would say nothing
      boolean hasMass = false;
      for (int a : own) {
        hasMass |= !Double.isNaN(g.agentMean()[a]) && !Double.isNaN(g.mass()[a]);
      }
      String gameRow = "    %-" + w + "s mean return %" + numW + "s %-" + gameCiW + "s" + (markW > 0 ? "%-" + markW + "s" : "%s")
          + (hasMass ? "   alpha-rank mass %" + massW + "s" : "%s") + "   %" + msW + "s ms/decision%n";
      for (int a : own) {
        if (Double.isNaN(g.agentMean()[a])) {
          continue;
        }
        String ci = g.seeds() < 2 ? ONE_SEED : String.format(Locale.ROOT, "[%" + numW + "s, %" + numW + "s]",
            fmt(g.agentLow()[a], 3), fmt(g.agentHigh()[a], 3));
        sb.append(String.format(Locale.ROOT, gameRow, cells.get(a), fmt(g.agentMean()[a], 3), ci,
            gameMarks(g, a), hasMass ? fmt(g.mass()[a], 3) : "",
            fmt(g.msPerDecision()[a], 2)));
      }
      String seats = seatLine(g);
      if (!seats.isEmpty()) {
        sb.append("    ").append(seats).append('\n');
      }
      String ballot = ballotLine(g, cells);
      if (!ballot.isEmpty()) {
        sb.append("    ballot: ").append(ballot).append('\n');
      }
      if (!g.note().isEmpty()) {
        sb.append("    note: ").append(g.note()).append('\n');
      }
      String unequal = unequalBudgetLine(r, g, parallel);
      if (!unequal.isEmpty()) {
        sb.append("    ").append(unequal).append('\n');
      }
    }
    sb.append(errorLine(r)).append('\n');
    String overruns = overrunLine(r);
    if (!overruns.isEmpty()) {
      sb.append(overruns).append('\n');
    }
    return sb.toString();
  }

  /** Longest error message shown in the terminal summary (the full one is in matches.csv). */
  static final int MESSAGE_WIDTH = 400;

  /**
   * {@code errors: none}, or the number of matches that ended in an error, how many of them are
   * scored as forfeits (blamed on an agent's call, {@link Analysis#forfeit}) and how many are the
   * game's own (not scored), and the first one's game, seed index, seats and message (first line
   * only, clipped to {@link #MESSAGE_WIDTH} characters).
   */
  static String errorLine(Analysis.Result r) {
    // in a partial tournament the line speaks of the analysed matches, and says so; the stored
    // ones are counted in the partial-tournament line
    String analysed = r.partial() ? " analysed" : "";
    if (r.errors() == 0) {
      return r.partial() ? "errors: none in the analysed matches" : "errors: none";
    }
    String first = r.firstError().lines().findFirst().orElse("");
    int forfeits = 0;
    for (int a = 0; a < r.agents().size(); a++) {
      forfeits += errorMatches(r, a);
    }
    int own = r.errors() - forfeits;
    String kinds = own == 0 ? "blamed on an agent: scored as its forfeits"
        : forfeits == 0 ? "the game's own: not scored"
        : forfeits + " blamed on an agent: its forfeits; " + own + " the game's own: not scored";
    return String.format(Locale.ROOT, "errors: %d of %d%s %s (%s; see matches.csv)%s; first: %s", r.errors(),
        r.matches(), analysed, r.matches() == 1 ? "match" : "matches", kinds,
        r.leftOut() > 0 ? "; " + leftOutText(r.leftOut()) : "", clip(first, MESSAGE_WIDTH));
  }

  /**
   * What the reports say of the matches left out for seat balance ({@link
   * Analysis#leftOutForBalance}): how many, and why.
   */
  static String leftOutText(int leftOut) {
    return leftOut + " more left out with them for seat balance (the other seat orders of the pairing of a game's own"
        + " error, or agent set for 3+ players, in its seed index: every pairing counted is counted in all its seat orders)";
  }

  /**
   * A game's per-seat mean returns with their intervals: {@code seat means (seat 0 first, all agents):
   * 0.183 [0.101, 0.262]†, -0.107 […], -0.075 […]}; without intervals for one seed index; empty
   * when nothing was scored.
   */
  static String seatLine(Analysis.GameResult g) {
    if (g.seatMean().length == 0 || Double.isNaN(g.seatMean()[0])) {
      return "";
    }
    StringBuilder sb = new StringBuilder("seat means (seat 0 first, all agents): ");
    for (int p = 0; p < g.seatMean().length; p++) {
      sb.append(p == 0 ? "" : ", ").append(fmt(g.seatMean()[p], 3));
      if (!Double.isNaN(g.seatLow()[p])) {
        sb.append(" [").append(fmt(g.seatLow()[p], 3)).append(", ").append(fmt(g.seatHigh()[p], 3)).append(']')
            .append(marks(g.seatLow()[p], g.seatHigh()[p], g.seeds()));
      }
    }
    if (Double.isNaN(g.seatLow()[0])) {
      sb.append(" (one seed: no interval)");
    }
    return sb.toString();
  }

  /**
   * How much one timed agent's mean decision time, as a share of its own {@code time_ms}, may
   * exceed another's in a game before {@link #unequalBudgetLine} flags the game: 10%.
   */
  public static final double UNEQUAL_BUDGET_FACTOR = 1.10;

  /** {@link #unequalBudgetLine(Analysis.Result, Analysis.GameResult, int)} for an unknown {@code --parallel}. */
  static String unequalBudgetLine(Analysis.Result r, Analysis.GameResult g) {
    return unequalBudgetLine(r, g, 0);
  }

  /**
   * For a game with two or more timed agents ({@code time_ms} &gt; 0) that made decisions in it:
   * a line when one agent got more search time than its budget and than another agent could
   * have had, else empty. Each agent's mean milliseconds per decision is divided by its own
   * {@code time_ms} (its share); an agent below its budget counts as using all of it (a solver
   * that stops once the position is proven, a forced move answered at once: using less is not
   * unfair, and contention only lengthens decisions). The game is flagged when the largest share
   * exceeds {@link #UNEQUAL_BUDGET_FACTOR} times another agent's share so counted — the budgets
   * were equal on paper but not in the search the agents got, e.g. because matches played at once
   * or an agent's search threads competed for the cores. The advice fits the run: a lower
   * {@code --parallel} only when more than one match ran at once (or that is unknown), fewer
   * {@code threads=} when an agent searches with several. E.g. {@code unequal effective time
   * budgets: mean ms per decision uct(time_ms=20) 25.42, puct(time_ms=20) 37.28 (the largest 47%
   * above the others, an agent below its time_ms counting as at it; more than 10%: …)}; with
   * unequal {@code time_ms} each figure is followed by its share of the budget.
   *
   * @param parallel matches the run played at once, 0 when unknown
   */
  static String unequalBudgetLine(Analysis.Result r, Analysis.GameResult g, int parallel) {
    int k = r.agents().size();
    double hi = Double.NEGATIVE_INFINITY;
    int top = -1;
    int timed = 0;
    boolean sameBudget = true;
    double budget = 0;
    for (int a = 0; a < k; a++) {
      double t = r.timeMs()[a];
      double ms = g.msPerDecision()[a];
      if (t > 0 && !Double.isNaN(ms)) {
        double share = ms / t;
        if (share > hi) {
          hi = share;
          top = a;
        }
        sameBudget &= timed == 0 || t == budget;
        budget = t;
        timed++;
      }
    }
    if (timed < 2) {
      return "";
    }
    double ref = Double.POSITIVE_INFINITY; // the least any other timed agent had, at least its budget
    for (int a = 0; a < k; a++) {
      double t = r.timeMs()[a];
      double ms = g.msPerDecision()[a];
      if (a != top && t > 0 && !Double.isNaN(ms)) {
        ref = Math.min(ref, Math.max(1.0, ms / t));
      }
    }
    if (!(hi > UNEQUAL_BUDGET_FACTOR * ref)) {
      return "";
    }
    StringBuilder sb = new StringBuilder();
    for (int a : order(r)) {
      double t = r.timeMs()[a];
      double ms = g.msPerDecision()[a];
      if (t > 0 && !Double.isNaN(ms)) {
        sb.append(sb.length() == 0 ? "" : ", ").append(r.agents().get(a)).append(' ').append(fmt(ms, 2));
        if (!sameBudget) {
          sb.append(String.format(Locale.ROOT, " (%.0f%% of its time_ms)", 100 * ms / t));
        }
      }
    }
    long above = Math.round(100 * (hi / ref - 1));
    return "unequal effective time budgets: mean ms per decision " + sb + " (the largest " + above
        + "% above the others, an agent below its time_ms counting as at it; more than "
        + Math.round((UNEQUAL_BUDGET_FACTOR - 1) * 100) + "%: the agents did not get the same search; "
        + contentionAdvice(r.agents(), parallel) + ")";
  }

  /**
   * What to change when timed decisions overran unequally: fewer matches at once when more than
   * one ran (or the number is unknown), fewer search threads for the agents that use several,
   * else a machine with less else running; with the section of docs/arena.md.
   */
  static String contentionAdvice(List<String> agents, int parallel) {
    List<String> threaded = new java.util.ArrayList<>();
    for (String a : agents) {
      try {
        if (dev.ponder.agent.AgentRegistry.resolve(a).values().get("threads") instanceof Number n && n.intValue() > 1) {
          threaded.add(a);
        }
      } catch (RuntimeException unknownHere) {
        // an agent the report cannot resolve (its jar not on the class path): no thread count to name
      }
    }
    List<String> advice = new java.util.ArrayList<>();
    if (parallel > 1) {
      advice.add("fewer matches at once than --parallel " + parallel);
    } else if (parallel <= 0) {
      advice.add("fewer matches at once (--parallel), if more than one ran");
    }
    if (!threaded.isEmpty()) {
      advice.add("fewer search threads (threads=) for " + String.join(", ", threaded));
    }
    if (advice.isEmpty()) {
      advice.add("one match ran at a time with single-threaded agents, so other programs on the machine (or the"
          + " JVM's collector) took the time; a quieter machine");
    }
    return String.join(", or ", advice) + " gives each agent its budget (see --parallel in docs/arena.md)";
  }

  /**
   * For a tournament with timed agents ({@code time_ms} &gt; 0), how many of each timed agent's
   * decisions took longer than {@link MatchRunner#OVERRUN_FACTOR} × {@code time_ms}; empty when no
   * agent is timed.
   */
  static String overrunLine(Analysis.Result r) {
    StringBuilder sb = new StringBuilder();
    for (int a = 0; a < r.agents().size(); a++) {
      if (r.timeMs()[a] > 0) {
        sb.append(sb.length() == 0 ? "" : ", ").append(r.agents().get(a)).append(' ').append(r.overrunDecisions()[a])
            .append(" of ").append(r.decisions()[a]);
      }
    }
    if (sb.length() == 0) {
      return "";
    }
    return String.format(Locale.ROOT, "time overruns (decisions over %d%% of time_ms): %s",
        Math.round(MatchRunner.OVERRUN_FACTOR * 100), sb);
  }

  /**
   * Agent {@code a}'s mean α-Rank mass over the games that have an α-Rank (some agent has a mass),
   * counting 0 in a game whose α-Rank leaves it out (error matches): over the agents the means sum
   * to 1, as each game's masses do. Averaging only the games where the agent has a mass would
   * give an agent left out of the games it failed its mass elsewhere (0.6, 0.6, 0.1 summing to
   * 1.3). NaN when no game has an α-Rank.
   */
  static double meanMass(Analysis.Result r, int a) {
    double s = 0;
    int n = 0;
    for (Analysis.GameResult g : r.games()) {
      if (Arrays.stream(g.mass()).anyMatch(m -> !Double.isNaN(m))) {
        s += Double.isNaN(g.mass()[a]) ? 0 : g.mass()[a];
        n++;
      }
    }
    return n > 0 ? s / n : Double.NaN;
  }

  /**
   * The title of ballots.svg: F(A ≻ B) is the share of the games' ballots ranking A above B
   * ({@link #ballotWinRateLine}).
   */
  static final String BALLOTS_TITLE = "Ballot win rate F(row ≻ column): share of game ballots with row above column";

  /** The mark of an agent with error matches blamed on it, after its rank and in the charts. */
  static final String ERROR_MARK = "!";

  /** Whether some agent has error matches blamed on it ({@link #errorMark}). */
  static boolean anyErrorMark(Analysis.Result r) {
    for (int a = 0; a < r.agents().size(); a++) {
      if (errorMatches(r, a) > 0) {
        return true;
      }
    }
    return false;
  }

  /** The {@link #shownNames} with {@link #ERROR_MARK} after each agent that has error matches (for the charts). */
  static List<String> markedNames(Analysis.Result r) {
    List<String> names = new ArrayList<>(chartNames(r));
    for (int a = 0; a < names.size(); a++) {
      names.set(a, names.get(a) + errorMark(r, a));
    }
    return names;
  }

  /** Longest agent name the terminal's tables and the charts show whole ({@link #clipDistinct}). */
  static final int NAME_WIDTH = 48;

  /**
   * The agents' names as the charts show them: {@link #shownNames}, a name longer than {@link
   * #NAME_WIDTH} characters cut in the middle as in the terminal ({@link #clipDistinct}), so that
   * a long agent string (a policy file's path) leaves the plot its room; report.md and report.json
   * keep the whole names.
   */
  static List<String> chartNames(Analysis.Result r) {
    return clipDistinct(shownNames(r), NAME_WIDTH);
  }

  /** {@link #ERROR_MARK} when error matches are blamed on agent {@code a} in some game, else "". */
  static String errorMark(Analysis.Result r, int a) {
    return errorMatches(r, a) > 0 ? ERROR_MARK : "";
  }

  /** The analysed error matches blamed on agent {@code a} over every game ({@link Analysis.GameResult#errorMatches}). */
  static int errorMatches(Analysis.Result r, int a) {
    int n = 0;
    for (Analysis.GameResult g : r.games()) {
      n += g.errorMatches()[a];
    }
    return n;
  }

  /**
   * The footnote on {@link #ERROR_MARK}: for each marked agent, in how many error matches and
   * games it failed; then how those matches are scored ({@link Analysis#forfeitReturns}). Empty
   * when no agent is marked.
   */
  static String errorAgentsLine(Analysis.Result r) {
    return errorAgentsLine(r, shownNames(r));
  }

  /** {@link #errorAgentsLine(Analysis.Result)} naming the agents by {@code names} (the terminal: its tables' names). */
  static String errorAgentsLine(Analysis.Result r, List<String> names) {
    List<String> parts = new ArrayList<>();
    for (int a : order(r)) {
      int n = errorMatches(r, a);
      if (n == 0) {
        continue;
      }
      List<String> failedIn = new ArrayList<>();
      for (Analysis.GameResult g : r.games()) {
        if (g.errorMatches()[a] > 0) {
          failedIn.add(g.game());
        }
      }
      parts.add(names.get(a) + " failed in " + matchCount(n) + " (" + failedIn.size() + " of "
          + count(r.games().size(), "game", "games") + ": " + String.join(", ", failedIn) + ")");
    }
    if (parts.isEmpty()) {
      return "";
    }
    return ERROR_MARK + ": error matches " + FORFEITS + "; see matches.csv): " + String.join("; ", parts) + ". " + FORFEIT_RULE;
  }

  /** How the reports name the scoring of an agent's error matches (an open parenthesis, closed by the caller). */
  static final String FORFEITS = "(scored as forfeits";

  /** The forfeit rule, one sentence ({@link Analysis#forfeitReturns}). */
  static final String FORFEIT_RULE = "A forfeit gives every seat of the failing agent the game's minimum return and every"
      + " other agent's seat its maximum (in a zero- or constant-sum game of 3+ players an equal share of the rest): a"
      + " failure never scores better than playing on.";

  /**
   * The games the ballot win rates are computed over, as the reports name them: {@code the 2
   * games}, or {@code the 2 of 3 games that have a ballot}.
   */
  static String ballotGames(Analysis.Result r) {
    int withBallot = 0;
    for (Analysis.GameResult g : r.games()) {
      withBallot += Arrays.stream(g.ballot()).anyMatch(v -> !Double.isNaN(v)) ? 1 : 0;
    }
    return withBallot == r.games().size() ? "the " + count(withBallot, "game", "games")
        : "the " + withBallot + " of " + count(r.games().size(), "game", "games") + " that have a ballot";
  }

  /** The caption line of ballots.svg saying how many games its shares cover. */
  static String ballotGamesChartLine(Analysis.Result r) {
    return "F over " + ballotGames(r) + " (one ballot each)";
  }

  /**
   * What the ballot win rates are computed over: the games with a ballot, and of those the ones
   * holding both agents (in a round robin every agent is on every ballot, unless the game's own
   * errors left it out), so F(A ≻ B) is the fraction of those games whose ballot ranks A strictly
   * above B.
   */
  static String ballotWinRateLine(Analysis.Result r) {
    boolean everyAgent = true;
    for (Analysis.GameResult g : r.games()) {
      boolean any = Arrays.stream(g.ballot()).anyMatch(v -> !Double.isNaN(v));
      everyAgent &= !any || Arrays.stream(g.ballot()).noneMatch(Double::isNaN);
    }
    String over = ballotGames(r);
    if (r.config().schedule().equals(TournamentConfig.BENCHMARK)) {
      return "F(row ≻ column): the fraction of " + over + " whose ballot ranks row strictly above column (the benchmark agent"
          + " is on no ballot: -).";
    }
    if (everyAgent) {
      return "F(row ≻ column): the fraction of " + over + " whose ballot ranks row strictly above column; every agent is"
          + " on every ballot.";
    }
    return "F(row ≻ column): of " + over + ", the fraction of those whose ballot holds both that rank row strictly above"
        + " column (an agent left out of a game's alpha-rank by the game's own errors is not on its ballot).";
  }

  /** The field of {@code report.json} that names the store the report was made from. */
  public static final String STORE_FIELD = "store";

  /** How {@code report.json} names a store: its absolute, normalised path. */
  public static String storeName(Path store) {
    return store.toAbsolutePath().normalize().toString();
  }

  /** Writes every report file into {@code dir} (created if needed). */
  public static void write(Analysis.Result r, ArenaStore store, Path dir) {
    write(r, store.matches(r.tournament(), true), dir);
  }

  /**
   * Replaces every NaN (or infinite) number of a {@code report.json} tree with {@code null}: the
   * value the terminal and {@code report.md} show as {@code -} or {@code n/a} (no rating, no
   * interval, not applicable) is absent, not a number a script could compare.
   */
  static void nullForNaN(com.fasterxml.jackson.databind.JsonNode node) {
    if (node instanceof com.fasterxml.jackson.databind.node.ObjectNode o) {
      List<String> names = new java.util.ArrayList<>();
      o.fieldNames().forEachRemaining(names::add);
      for (String f : names) {
        com.fasterxml.jackson.databind.JsonNode v = o.get(f);
        if (v.isNumber() && !Double.isFinite(v.doubleValue()) && (v.isDouble() || v.isFloat())) {
          o.putNull(f);
        } else {
          nullForNaN(v);
        }
      }
    } else if (node instanceof com.fasterxml.jackson.databind.node.ArrayNode a) {
      for (int i = 0; i < a.size(); i++) {
        com.fasterxml.jackson.databind.JsonNode v = a.get(i);
        if (v.isNumber() && !Double.isFinite(v.doubleValue()) && (v.isDouble() || v.isFloat())) {
          a.set(i, com.fasterxml.jackson.databind.node.NullNode.getInstance());
        } else {
          nullForNaN(v);
        }
      }
    }
  }

  /** Writes every report file into {@code dir}, the CSV from the given matches (with details). */
  public static void write(Analysis.Result r, List<ArenaStore.StoredMatch> matches, Path dir) {
    write(r, matches, dir, null);
  }

  /**
   * Writes every report file into {@code dir}, the CSV from the given matches (with details);
   * {@code report.json} also records the store's path (field {@code store}, absolute and
   * normalised), so a later run can tell whose report a directory holds. Each file is written
   * under a temporary name in {@code dir} first ({@link ReportFiles}), and the files are moved into
   * place together once all of them are written: a failure while writing leaves an earlier report
   * in {@code dir} whole, and removes the temporary files.
   *
   * @param store the store the matches were read from, or null to record none
   * @throws UncheckedIOException if a file cannot be written; its cause, when a file of the report
   *     failed, is a {@link java.nio.file.FileSystemException} naming that file by its final name
   *     ({@code dir/report.md}), not the temporary one
   */
  public static void write(Analysis.Result r, List<ArenaStore.StoredMatch> matches, Path dir, Path store) {
    writeLanded(r, matches, dir, store, Runnable::run);
  }

  /**
   * How a report's files are landed: {@link #land} is given the final step of {@link
   * #writeLanded}, which moves every file, written by then
   * under its temporary name, into place together (and removes the score charts of an earlier,
   * larger report), and runs it, or does not run it at all. {@code ponder arena} and {@code ponder
   * report} run it as a step of their interrupt handling, so that a signal lands either the whole
   * new report or none of it.
   */
  @FunctionalInterface
  public interface Landing {
    /**
     * Runs {@code moveIntoPlace} (at most once), with whatever must happen in one piece with it.
     *
     * @param moveIntoPlace the moves; throws {@link UncheckedIOException} when a move fails
     */
    void land(Runnable moveIntoPlace);
  }

  /**
   * As {@link #write(Analysis.Result, List, Path, Path)}, with the final moves of the files into
   * place run by {@code landing}. Before them nothing of the directory's earlier report is touched
   * (the new files are hidden temporary ones); a landing that does not run them, or that does not
   * return (its thread ends, or the JVM halts), leaves the earlier report whole and the new one not
   * written: the temporary files are removed on the way out, or, when the process ends first, by
   * the next report written into the directory ({@link ReportFiles}).
   *
   * @throws UncheckedIOException as {@link #write(Analysis.Result, List, Path, Path)}, also when a
   *     move fails
   */
  public static void writeLanded(Analysis.Result r, List<ArenaStore.StoredMatch> matches, Path dir, Path store,
      Landing landing) {
    write(r, matches, dir, store, name -> { }, landing);
  }

  /**
   * As {@link #write(Analysis.Result, List, Path, Path)}; {@code afterEach} runs after each file is
   * written under its temporary name (tests make it fail midway).
   */
  static void write(Analysis.Result r, List<ArenaStore.StoredMatch> matches, Path dir, Path store,
      ReportFiles.Step afterEach) {
    write(r, matches, dir, store, afterEach, Runnable::run);
  }

  /** A failed move of {@link Landing}'s step, carried through the landing. */
  private static final class MoveFailed extends UncheckedIOException {
    MoveFailed(IOException cause) {
      super(cause);
    }
  }

  private static void write(Analysis.Result r, List<ArenaStore.StoredMatch> matches, Path dir, Path store,
      ReportFiles.Step afterEach, Landing landing) {
    boolean created = !Files.exists(dir);
    try {
      Files.createDirectories(dir);
      int earlierGames = earlierReportGames(dir); // before report.json is replaced
      ReportFiles files = new ReportFiles(dir, afterEach);
      boolean[] committed = new boolean[1];
      try {
        files.text("report.md", markdown(r));
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        com.fasterxml.jackson.databind.node.ObjectNode tree = json.valueToTree(r);
        nullForNaN(tree);
        if (store != null) {
          tree.put(STORE_FIELD, storeName(store));
        }
        files.file("report.json", f -> json.writeValue(f.toFile(), tree));
        files.file("matches.csv", f -> writeCsv(r, matches, f));
        writeCharts(r, files);
        try {
          landing.land(() -> {
            if (committed[0]) {
              return; // landed once already
            }
            try {
              files.commit();
              committed[0] = true;
              removeStaleScoreCharts(dir, r.games().size(), earlierGames);
            } catch (IOException e) {
              throw new MoveFailed(e);
            }
          });
        } catch (MoveFailed e) {
          throw e.getCause();
        }
      } finally {
        files.discard(); // the temporary files not moved into place: none after a commit
        if (!committed[0] && created) {
          removeIfEmpty(dir); // a failed first report leaves no empty directory behind
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write report to " + dir + ": " + e.getMessage(), e);
    }
  }

  private static void removeIfEmpty(Path dir) {
    try {
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      // not empty (another process wrote into it): left
    }
  }

  /** Writes ratings.svg, ballots.svg and each game's scores-i.svg. */
  private static void writeCharts(Analysis.Result r, ReportFiles files) throws IOException {
    if (!r.analysed()) { // every chart says why it is empty
      String why = "Nothing analysed: no seed index is complete yet; resume the run if it stopped";
      files.text("ratings.svg", Svg.message("Ratings", why));
      files.text("ballots.svg", Svg.message(BALLOTS_TITLE, why));
      for (int g = 0; g < r.games().size(); g++) {
        files.text("scores-" + g + ".svg", Svg.message("Mean return of row vs column: " + r.games().get(g).game(), why));
      }
      return;
    }
    files.text("ratings.svg", Svg.ratings(r));
    String budgetNote = commonBudget(r).isEmpty() ? "" : " (budget " + commonBudget(r) + ")";
    files.text("ballots.svg", Svg.heatmap(BALLOTS_TITLE + budgetNote + partialMark(r)
        + (anyErrorMark(r) ? "; " + ERROR_MARK + ": error matches (report.md)" : ""), markedNames(r), r.ballotWinRate(), null,
        null, 0, 1, "%.2f", Svg.rangeCentre(0, 1), false, false, ballotGamesChartLine(r)));
    for (int g = 0; g < r.games().size(); g++) {
      Analysis.GameResult gr = r.games().get(g);
      // the agents with error matches in this game marked, as in ratings.svg and ballots.svg
      List<String> names = new ArrayList<>(chartNames(r));
      boolean marked = false;
      for (int a = 0; a < names.size(); a++) {
        if (gr.errorMatches()[a] > 0) {
          names.set(a, names.get(a) + ERROR_MARK);
          marked = true;
        }
      }
      files.text("scores-" + g + ".svg", Svg.heatmap("Mean return of row vs column: " + gr.game() + budgetNote
          + partialMark(r) + (marked ? "; " + ERROR_MARK + ": error matches " + FORFEITS + ", report.md)" : ""),
          names, gr.mean(), gr.low(), gr.high(), gr.minUtility(), gr.maxUtility(), "%.2f",
          Svg.scoreCentre(gr.minUtility(), gr.maxUtility(), gr.players(), gr.utilitySum()), true,
          gr.seeds() < Analysis.FEW_SEEDS, gr.players() > 2 ? nPlayerCellsChartLine(gr.players()) : ""));
    }
  }

  /** The name of a game's score chart, {@code scores-<i>.svg} (i without leading zeros). */
  private static final java.util.regex.Pattern SCORE_CHART =
      java.util.regex.Pattern.compile("scores-(0|[1-9][0-9]{0,8})\\.svg");

  /**
   * The {@code report.json} a directory holds, parsed, or null if it holds none that reads as
   * JSON (missing, not a regular file, unreadable or malformed): what a new report checks before
   * it writes over a directory.
   */
  public static com.fasterxml.jackson.databind.JsonNode earlierReport(Path dir) {
    Path f = dir.resolve("report.json");
    if (!Files.isRegularFile(f)) {
      return null;
    }
    try {
      return new ObjectMapper().readTree(f.toFile());
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * The number of games of the report a directory holds ({@code report.json}'s {@code games}), or
   * 0 if it holds none that reads as one: the charts a new report may remove are that report's.
   */
  static int earlierReportGames(Path dir) {
    com.fasterxml.jackson.databind.JsonNode report = earlierReport(dir);
    com.fasterxml.jackson.databind.JsonNode games = report == null ? null : report.get("games");
    return games != null && games.isArray() ? games.size() : 0;
  }

  /**
   * Removes the score charts of an earlier, larger report that this one does not have
   * ({@code scores-<i>.svg} with {@code games} ≤ i &lt; {@code earlierGames}), so that the directory
   * holds one report. Only regular files of exactly that name are removed; nothing else in the
   * directory is touched, and nothing when the directory held no report.
   */
  static void removeStaleScoreCharts(Path dir, int games, int earlierGames) throws IOException {
    List<Path> stale = new ArrayList<>();
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      files.forEach(f -> {
        java.util.regex.Matcher m = SCORE_CHART.matcher(f.getFileName().toString());
        if (m.matches() && Integer.parseInt(m.group(1)) >= games && Integer.parseInt(m.group(1)) < earlierGames
            && Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          stale.add(f);
        }
      });
    }
    for (Path f : stale) {
      Files.deleteIfExists(f);
    }
  }

  /**
   * The builds of Ponder that played the tournament's stored matches ({@link
   * Analysis.Result#builds}), one line: {@code Build: ponder 0.1.0-SNAPSHOT (commit 1a2b3c4) (all
   * 900 matches)}; for several, {@code Builds: matches 1–311 by ponder 0.1.0-SNAPSHOT (commit
   * 1a2b3c4) (from 2026-12-01 04:22 UTC), 312–900 by ponder 0.1.0-SNAPSHOT (commit 5d6e7f8,
   * modified) (from 2026-12-02 09:10 UTC)}, matches numbered in the order their runs started; a build
   * not recorded is {@code an unknown build (not recorded)}. Empty when no match is stored.
   */
  static String buildLine(Analysis.Result r) {
    List<Analysis.BuildShare> b = r.builds();
    if (b.isEmpty()) {
      return "";
    }
    if (b.size() == 1) {
      Analysis.BuildShare only = b.get(0);
      return only.build() == null
          ? "Build: not recorded (" + allMatches(only.matches()) + " stored by a build of Ponder that did not record"
              + " its version)"
          : "Build: " + only.build() + " (" + allMatches(only.matches()) + ")";
    }
    StringBuilder sb = new StringBuilder("Builds: ");
    for (int i = 0; i < b.size(); i++) {
      Analysis.BuildShare s = b.get(i);
      sb.append(i == 0 ? "" : ", ").append(i == 0 ? (s.matches() == 1 ? "match " : "matches ") : "")
          .append(s.first()).append(s.matches() == 1 ? "" : "–" + s.last()).append(" by ")
          .append(s.build() == null ? "an unknown build (not recorded)" : s.build() + startedText(s.started()));
    }
    return sb.toString();
  }

  private static String allMatches(int n) {
    return n == 1 ? "the 1 match" : "all " + n + " matches";
  }

  /** {@code  (from 2026-12-01 04:22 UTC)} for an ISO-8601 instant; "" when null or not one. */
  private static String startedText(String started) {
    if (started == null) {
      return "";
    }
    try {
      return " (from " + java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
          .withZone(java.time.ZoneOffset.UTC).format(java.time.Instant.parse(started)) + ")";
    } catch (java.time.format.DateTimeParseException e) {
      return " (from " + started + ")";
    }
  }

  /**
   * The warning for a tournament whose matches may come from more than one build ({@link
   * Analysis.Result#mixedBuilds}), without a {@code warning: } prefix, e.g. {@code tournament 1's
   * matches were played by 2 builds of Ponder (ponder 0.1.0, ponder 0.2.0): a change between
   * builds (an agent, a game, the referee) can change results; compare each build's matches
   * before trusting the rankings}. Empty when there is one build.
   */
  public static String buildWarning(Analysis.Result r) {
    if (!r.mixedBuilds()) {
      return "";
    }
    List<String> known = r.builds().stream().map(Analysis.BuildShare::build).filter(java.util.Objects::nonNull)
        .distinct().toList();
    int unknown = r.builds().stream().filter(b -> b.build() == null).mapToInt(Analysis.BuildShare::matches).sum();
    String who = unknown == 0
        ? "were played by " + known.size() + " builds of Ponder (" + String.join(", ", known) + ")"
        : "may come from more than one build of Ponder: " + count(unknown, "match was", "matches were")
            + " stored by a build that did not record its version, the others by " + String.join(", ", known);
    return "tournament " + r.tournament() + "'s matches " + who + "; a change between builds (an agent, a game, the"
        + " referee) can change results: compare each build's matches before trusting the rankings";
  }

  static void writeCsv(Analysis.Result r, List<ArenaStore.StoredMatch> matches, Path file) throws IOException {
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write("tournament,game,seed_index,seed,seats,status,returns,length,seat_ms,overruns,message,actions,failed_seat,"
          + "build\n");
      for (ArenaStore.StoredMatch m : matches) {
        StringBuilder seats = new StringBuilder();
        for (int i = 0; i < m.seats().length; i++) {
          if (i > 0) {
            seats.append(';');
          }
          seats.append(r.agents().get(m.seats()[i]));
        }
        double[] ms = new double[m.seats().length];
        if (!m.moveMicros().isEmpty()) {
          for (String mv : m.moveMicros().split(",")) {
            int colon = mv.indexOf(':');
            int p = Integer.parseInt(mv.substring(0, colon));
            if (p >= 0 && p < ms.length) {
              ms[p] += Long.parseLong(mv.substring(colon + 1)) / 1000.0;
            }
          }
        }
        StringBuilder line = new StringBuilder(256);
        line.append(r.tournament()).append(',').append(csv(r.games().get(m.game()).game())).append(',').append(m.seedIndex())
            .append(',').append(m.seed()).append(',').append(csv(seats.toString())).append(',').append(m.status().label())
            .append(',').append(ArenaStore.joinDoubles(m.returns()).replace(',', ';')).append(',').append(m.length()).append(',');
        for (int i = 0; i < ms.length; i++) {
          if (i > 0) {
            line.append(';');
          }
          line.append(Math.round(ms[i] * 10) / 10.0);
        }
        line.append(',').append(m.overruns().replace(',', ';')).append(',').append(csv(m.message())).append(',')
            .append(m.actions().replace(',', ' ')).append(',')
            // the seat whose agent's call failed (the store's failed_seat; empty when none): the
            // analysis scores that seat's forfeit from it, so the file alone can score it too
            .append(m.failedSeat() >= 0 ? Integer.toString(m.failedSeat()) : "").append(',')
            // the build that played it, as ponder -V prints it; empty when not recorded
            .append(m.build() == null ? "" : csv(m.build())).append('\n');
        out.write(line.toString());
      }
    }
  }

  private static String csv(String s) {
    if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
      return "\"" + s.replace("\"", "\"\"") + "\"";
    }
    return s;
  }

  /** "N matches stored (E errors)": every stored match of the tournament and the errors among them. */
  static String storedCount(Analysis.Result r) {
    return String.format(Locale.ROOT, "%s stored (%s)", matchCount(r.matchesStored()), errorCount(r.errorsStored()));
  }

  private static String matchCount(int matches) {
    return count(matches, "match", "matches");
  }

  private static String errorCount(int errors) {
    return count(errors, "error", "errors");
  }

  /** {@code n} and the noun, singular for 1: {@code 1 game}, {@code 2 games}, {@code 0 games}. */
  public static String count(long n, String singular, String plural) {
    return n + " " + (n == 1 ? singular : plural);
  }

  /**
   * What the title of each chart of a partial tournament ends with, e.g. {@code  (partial: 14 of 18
   * matches stored, 2 complete seeds analysed)}; empty for a complete one.
   */
  static String partialMark(Analysis.Result r) {
    return r.partial() ? String.format(Locale.ROOT, " (partial: %d of %d matches stored, %d complete seed%s analysed)",
        r.matchesStored(), r.matchesScheduled(), r.completeSeeds(), r.completeSeeds() == 1 ? "" : "s") : "";
  }

  /**
   * The line saying how much of a partial tournament is analysed, each count with the errors of
   * the same matches: "N of M matches stored (E errors); K complete seeds analysed (A matches, E'
   * errors); the rest is not stored yet (played by the run if it is still going, else by resuming it
   * with the same command)": a report may be made while the run goes on.
   */
  static String partialLine(Analysis.Result r) {
    return String.format(Locale.ROOT, "%d of %d matches stored (%s); %d complete seed%s analysed (%s, %s);"
        + " the rest is not stored yet (played by the run if it is still going, else by resuming it with the same"
        + " command)",
        r.matchesStored(), r.matchesScheduled(), errorCount(r.errorsStored()), r.completeSeeds(),
        r.completeSeeds() == 1 ? "" : "s", matchCount(r.matches()), errorCount(r.errors()));
  }

  /**
   * What the reports say instead of the rankings when no seed index is complete: nothing is
   * analysed, why, and how to go on.
   */
  static String nothingAnalysedLine(Analysis.Result r) {
    return String.format(Locale.ROOT, "Nothing analysed: %d of %d matches stored (%s), and no seed index is complete"
        + " yet. The statistics use only seed indices with all their %d matches stored (every game, pairing and seat"
        + " order), so that every agent sits in every seat equally often. If the run stopped, resume it (the"
        + " same ponder arena command); the rankings appear once a seed index is complete.",
        r.matchesStored(), r.matchesScheduled(), errorCount(r.errorsStored()), r.matchesPerSeed());
  }

  /**
   * The α-Rank part of report.md's statistics line: its settings when some game is α-Ranked (and
   * which games are ranked by mean return instead), else that no game has α-Rank.
   */
  static String alphaRankSettings(Analysis.Result r) {
    AnalysisOptions o = r.options();
    List<String> byMean = new java.util.ArrayList<>();
    int ranked = 0;
    boolean twoPlayerMulti = false;
    for (Analysis.GameResult g : r.games()) {
      if (g.method().startsWith("alpharank")) {
        ranked++;
        twoPlayerMulti |= g.players() == 2 && g.method().equals("alpharank-multi");
      } else if (g.method().equals("mean-return")) { // not "none" (no ballot)
        byMean.add(g.game());
      }
    }
    if (ranked == 0) {
      return byMean.isEmpty() ? "no alpha-rank (no game has a ballot)" : "no alpha-rank (every game ranked by mean return)";
    }
    return String.format(Locale.ROOT, "alpha-rank masses %d resamples, alpha=%s, m=%d%s%s", o.alphaRankResamples(),
        Double.isInfinite(o.alphaRank().alpha()) ? "inf" : fmt(o.alphaRank().alpha(), 4), o.alphaRank().populationSize(),
        twoPlayerMulti ? ", 2-player games by two-population alpha-rank (--alpharank-two-player multi)" : "",
        byMean.isEmpty() ? "" : " (games ranked by mean return instead: " + String.join(", ", byMean) + ")");
  }

  /**
   * The seat orders of a round robin with a game of 3 or more players, as {@code " (seat orders:
   * permutations)"}; empty when they change no match (2-player games, the benchmark schedule).
   */
  static String seatOrdersNote(Analysis.Result r) {
    boolean matter = r.config().schedule().equals(TournamentConfig.ROUND_ROBIN)
        && r.games().stream().anyMatch(g -> g.players() >= 3);
    return matter ? " (seat orders: " + TournamentConfig.seatOrdersLabel(r.config().seatOrders()) + ")" : "";
  }

  /** The Markdown report. */
  public static String markdown(Analysis.Result r) {
    StringBuilder sb = new StringBuilder();
    AnalysisOptions o = r.options();
    sb.append("# Arena report — tournament ").append(r.tournament()).append("\n\n");
    TournamentConfig c = r.config();
    sb.append("- Games: ").append(mdText(String.join(", ", c.games()))).append('\n');
    List<String> names = shownNames(r);
    sb.append("- Agents: ").append(mdText(String.join(", ", names))).append('\n');
    sb.append("- Budget: ").append(c.budget().isEmpty() ? "(none)" : mdText(c.budget()))
        .append(commonBudget(r).isEmpty() ? "" : mdText(" (left out of the agent names in this report: every agent that takes it"
            + " has it" + ownBudgetText(r, "own budget") + "; report.json and matches.csv keep the whole strings)")).append("; schedule: ").append(c.schedule())
        .append(seatOrdersNote(r)).append("; seeds per pairing: ").append(c.seedsPerPairing()).append("; ").append(tournamentSeedText(c)).append('\n');
    sb.append("- Matches stored: ").append(r.matchesStored()).append(" (errors: ").append(r.errorsStored()).append(")\n");
    String builds = buildLine(r);
    if (!builds.isEmpty()) {
      sb.append("- ").append(builds).append('\n');
    }
    String buildWarning = buildWarning(r);
    if (!buildWarning.isEmpty()) {
      sb.append("- **Warning:** ").append(buildWarning).append('\n');
    }
    if (!r.analysed()) {
      sb.append("\n## Nothing analysed yet\n\n").append(nothingAnalysedLine(r)).append('\n');
      return sb.toString();
    }
    if (r.partial()) {
      sb.append("- Partial tournament: ").append(partialLine(r)).append('\n');
    }
    sb.append(String.format(Locale.ROOT, "- Statistics: %.0f%% intervals; paired bootstrap over seeds, %d resamples (seed %d); "
        + "Elo %d resamples; SCO %d resamples (ballots recomputed, SCO refitted); %s; "
        + "SCO tau=%s, lr=%s, %d iterations, bounds [%s, %s]%n%n",
        o.level() * 100, o.resamples(), o.seed(), o.eloResamples(), o.scoResamples(), alphaRankSettings(r),
        fmt(o.sco().temperature(), 4), fmt(o.sco().learningRate(), 4), o.sco().iterations(),
        fmt(o.sco().lower(), 1), fmt(o.sco().upper(), 1)));
    sb.append("## Rankings\n\n");
    boolean ampCol = !o.reference().isEmpty() || !o.rawPrior().isEmpty();
    sb.append("| rank | agent | SCO | SCO 95% CI | rank 95% | P(above next) | mean alpha-rank mass | Elo* | Elo 95% CI |")
        .append(ampCol ? " Amp (IQM) | Imp (IQM) |" : "").append('\n');
    sb.append("|---:|---|---:|---|---|---:|---:|---:|---|").append(ampCol ? "---:|---:|" : "").append('\n');
    String[] rankLabel = rankLabels(r);
    Double[] next = r.scoAboveNext();
    int scoDigits = scoDigits(r);
    for (int a : order(r)) {
      String rk = rankLabel[a] + errorMark(r, a);
      sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |", rk, mdCell(names.get(a)),
          fmt(r.sco()[a], scoDigits), scoInterval(r, a), rankInterval(r, a), next[a] == null ? "-" : fmt(next[a], 3),
          fmt(meanMass(r, a), 3), eloText(r, a),
          eloInterval(r, a)));
      if (ampCol) {
        sb.append(' ').append(fmt(r.amp()[a], 3)).append(" | ").append(fmt(r.imp()[a], 3)).append(" |");
      }
      sb.append('\n');
    }
    sb.append('\n').append(scoLine(r)).append("\n\n");
    sb.append(ciLine()).append(' ').append(rankIntervalLine()).append(' ').append(nextLine()).append("\n\n");
    String markNotes = markLines(r, true);
    if (!markNotes.isEmpty()) {
      sb.append(markNotes.strip().replace("\n", "\n\n")).append("\n\n");
    }
    String failed = errorAgentsLine(r);
    if (!failed.isEmpty()) {
      sb.append(mdText(failed)).append("\n\n");
    }
    if (anyTie(rankLabel)) {
      sb.append(tieLine()).append("\n\n");
    }
    sb.append(r.config().schedule().equals(TournamentConfig.BENCHMARK) ? "\\" + eloLine(r)
        : "\\* Elo (Bradley–Terry) assumes transitive strength; SCO over alpha-rank ballots does not.").append("\n\n");
    sb.append(eloScaleLine().replace("*", "·")).append(' ').append(eloFitLine()).append("\n\n");
    sb.append(eloMarginLine()).append("\n\n");
    if (ampCol) {
      sb.append(ampLine(r, Report::mdText)).append("\n\n");
    }
    sb.append("![ratings](ratings.svg)\n\n## Ballot win rates F(row ≻ column)\n\n");
    sb.append(ballotWinRateLine(r)).append("\n\n");
    matrix(sb, names, r.ballotWinRate(), null, null, 0);
    sb.append("\n![ballots](ballots.svg)\n\n");
    for (int g = 0; g < r.games().size(); g++) {
      Analysis.GameResult gr = r.games().get(g);
      sb.append("## ").append(mdText(gr.game())).append("\n\n");
      sb.append(String.format(Locale.ROOT, "%d players; %s over %s; %s%s; %d with time overruns; ballot: %s%s%n%n",
          gr.players(), matchCount(gr.matches()), count(gr.seeds(), "seed", "seeds"), errorCount(gr.errors()),
          gr.leftOut() > 0 ? ", " + leftOutText(gr.leftOut()) : "", gr.overruns(),
          gr.method(), gr.note().isEmpty() ? "" : " (" + gr.note() + ")"));
      String unequal = unequalBudgetLine(r, gr);
      if (!unequal.isEmpty()) {
        sb.append(mdText(unequal)).append("\n\n");
      }
      String ballot = ballotLine(gr, names);
      if (!ballot.isEmpty()) {
        sb.append("Ballot: ").append(mdText(ballot)).append("\n\n");
        if (ballot.contains(TIE_BREAK)) {
          sb.append(tieBreakLine().replace("*", "\\*")).append("\n\n");
        }
      }
      sb.append("| agent | mean return | 95% CI | alpha-rank mass | mass 95% CI | P(top) | ms per decision |\n"
          + "|---|---:|---|---:|---|---:|---:|\n");
      for (int a : gameOrder(gr, order(r))) { // the game's own ballot order
        if (Double.isNaN(gr.agentMean()[a])) {
          continue;
        }
        String ci = gr.seeds() < 2 ? ONE_SEED : "[" + fmt(gr.agentLow()[a], 3) + ", " + fmt(gr.agentHigh()[a], 3) + "]"
            + marks(gr.agentLow()[a], gr.agentHigh()[a], gr.seeds());
        sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |%n", mdCell(names.get(a)), fmt(gr.agentMean()[a], 3),
            ci, fmt(gr.mass()[a], 3), massInterval(gr, a), fmt(gr.massTop()[a], 3), fmt(gr.msPerDecision()[a], 2)));
      }
      sb.append('\n').append(agentMeanLine(r.options(), gr.players())).append('\n');
      if (Arrays.stream(gr.mass()).anyMatch(m -> !Double.isNaN(m))) {
        sb.append('\n').append(massLine(r.options())).append('\n');
      }
      if (!Double.isNaN(gr.seatMean()[0])) {
        sb.append("\nMean return by seat (seat 0 moves first; every agent's matches; per seed index, then over seed indices; "
            + "95% percentile-bootstrap interval over seed indices):\n\n| seat | mean return | 95% CI |\n|---:|---:|---|\n");
        for (int p = 0; p < gr.players(); p++) {
          sb.append(String.format(Locale.ROOT, "| %d | %s | %s |%n", p, fmt(gr.seatMean()[p], 3),
              Double.isNaN(gr.seatLow()[p]) ? (gr.seeds() < 2 ? ONE_SEED : "-") : String.format(Locale.ROOT, "[%s, %s]%s",
                  fmt(gr.seatLow()[p], 3), fmt(gr.seatHigh()[p], 3), marks(gr.seatLow()[p], gr.seatHigh()[p], gr.seeds()))));
        }
      }
      sb.append("\nMean return of row against column (95% percentile paired-bootstrap interval over seed indices, the resamples"
          + " of the agent table):\n\n");
      matrix(sb, names, gr.mean(), gr.seeds() < 2 ? null : gr.low(), gr.high(), gr.seeds());
      if (gr.players() > 2) {
        sb.append('\n').append(nPlayerCellsLine(gr.players())).append('\n');
      }
      sb.append("\nWins / draws / losses of row against column (win rate W/(W+D+L): 95% percentile-bootstrap interval over seed "
          + "indices, all matches of a seed index together):\n\n");
      int k = r.agents().size();
      String[][] cells = new String[k][k];
      for (int a = 0; a < k; a++) {
        for (int b = 0; b < k; b++) {
          long n = gr.wins()[a][b] + gr.draws()[a][b] + gr.losses()[a][b];
          String ci = Double.isNaN(gr.winLow()[a][b]) ? "n/a" : "[" + fmt(gr.winLow()[a][b], 2) + ", "
              + fmt(gr.winHigh()[a][b], 2) + "]" + marks(gr.winLow()[a][b], gr.winHigh()[a][b], gr.seeds());
          cells[a][b] = n == 0 ? "" : String.format(Locale.ROOT, "%d/%d/%d %s", gr.wins()[a][b], gr.draws()[a][b],
              gr.losses()[a][b], ci);
        }
      }
      textMatrix(sb, names, cells);
      if (gr.players() > 2) {
        sb.append('\n').append(nPlayerDrawsLine(gr.players())).append('\n');
      }
      sb.append("\n![scores](scores-").append(g).append(".svg)\n\n");
    }
    return sb.toString();
  }

  /** report.md's note under the score cells of a game of {@code players} ≥ 3 players. */
  static String nPlayerCellsLine(int players) {
    return "With " + players + " players the cells are not antisymmetric: the other seats are in the match too, so row"
        + " against column and column against row can both be positive (or both negative); each cell is the row agent's"
        + " return in the matches where both sit (docs/arena.md).";
  }

  /** The score chart's caption line for a game of {@code players} ≥ 3 players ({@link #nPlayerCellsLine}, shorter). */
  static String nPlayerCellsChartLine(int players) {
    return "with " + players + " players the cells are not antisymmetric: the other seats are in the match too, so row against"
        + " column and column against row can both be positive";
  }

  /** report.md's note under the wins / draws / losses of a game of {@code players} ≥ 3 players. */
  static String nPlayerDrawsLine(int players) {
    return "With " + players + " players a draw is any pair of equal returns: besides a tie it includes both agents"
        + " losing (the same amount) to another player, e.g. both -1 when a third seat won.";
  }

  private static void matrix(StringBuilder sb, List<String> agents, double[][] m, double[][] lo, double[][] hi, int seeds) {
    int k = agents.size();
    String[][] cells = new String[k][k];
    for (int a = 0; a < k; a++) {
      for (int b = 0; b < k; b++) {
        if (Double.isNaN(m[a][b])) {
          cells[a][b] = "";
        } else if (lo != null) {
          cells[a][b] = fmt(m[a][b], 2) + " [" + fmt(lo[a][b], 2) + ", " + fmt(hi[a][b], 2) + "]" + marks(lo[a][b], hi[a][b], seeds);
        } else {
          cells[a][b] = fmt(m[a][b], 2);
        }
      }
    }
    textMatrix(sb, agents, cells);
  }

  private static void textMatrix(StringBuilder sb, List<String> agents, String[][] cells) {
    int k = agents.size();
    sb.append("| |");
    for (int b = 0; b < k; b++) {
      sb.append(' ').append(mdCell(agents.get(b))).append(" |");
    }
    sb.append("\n|---|");
    for (int b = 0; b < k; b++) {
      sb.append("---|");
    }
    sb.append('\n');
    for (int a = 0; a < k; a++) {
      sb.append("| ").append(mdCell(agents.get(a))).append(" |");
      for (int b = 0; b < k; b++) {
        sb.append(' ').append(a == b && cells[a][b].isEmpty() ? "—" : cells[a][b]).append(" |");
      }
      sb.append('\n');
    }
  }

  /**
   * {@code [lo, hi]} of an agent's SCO rating, {@code -} when it is on no ballot (no rating), or a
   * note when the tournament has too few seeds for an interval.
   */
  static String scoInterval(Analysis.Result r, int a) {
    if (Double.isNaN(r.sco()[a])) {
      return "-";
    }
    if (Double.isNaN(r.scoLow()[a])) {
      return noSeedScored(r) ? NO_SEED : "n/a (one seed per game)";
    }
    return String.format(Locale.ROOT, "[%s, %s]", fmt(r.scoLow()[a], 1), fmt(r.scoHigh()[a], 1))
        + marks(r.scoLow()[a], r.scoHigh()[a], fewestSeeds(r)) + outside(r.sco()[a], r.scoLow()[a], r.scoHigh()[a]);
  }

  /**
   * Mark of an estimate that lies outside its own bootstrap interval ({@link Analysis#outside}):
   * nearly every resample falls on one side of it.
   */
  static final String OUTSIDE = "§";

  /** {@link #OUTSIDE} when {@code estimate} lies outside [lo, hi] ({@link Analysis#outside}), else "". */
  static String outside(double estimate, double lo, double hi) {
    return Analysis.outside(estimate, lo, hi) ? OUTSIDE : "";
  }

  /**
   * The agent's 95% rank interval over the SCO bootstrap: {@code 2} when every resample's
   * percentile points give the same rank, else {@code 1–3}; {@code -} for an agent with no
   * rating, {@code n/a} when there is no SCO bootstrap.
   */
  static String rankInterval(Analysis.Result r, int a) {
    if (Double.isNaN(r.sco()[a])) {
      return "-";
    }
    Integer lo = r.rankLow()[a];
    Integer hi = r.rankHigh()[a];
    if (lo == null || hi == null) {
      return "n/a";
    }
    return (lo.equals(hi) ? lo.toString() : lo + "–" + hi) + (fewestSeeds(r) < Analysis.FEW_SEEDS ? FEW : "");
  }

  /**
   * A game's ballot as text, best first: {@code A ≻ B} where A's α-Rank mass (rounded to 10⁻⁶) is
   * higher, {@code A ≻* B} where the masses are equal and the mean-return tie-break put A above,
   * {@code A = B} for agents tied on both; for a ballot by mean return only {@code ≻} and
   * {@code =}. Agents not on the ballot are left out; empty when no agent is on it.
   */
  static String ballotLine(Analysis.GameResult g, List<String> agents) {
    double[] ballot = g.ballot();
    List<Integer> on = new ArrayList<>();
    for (int a = 0; a < agents.size(); a++) {
      if (!Double.isNaN(ballot[a])) {
        on.add(a);
      }
    }
    on.sort(Comparator.<Integer>comparingDouble(a -> -ballot[a]).thenComparingInt(a -> a));
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < on.size(); i++) {
      int a = on.get(i);
      if (i > 0) {
        int p = on.get(i - 1);
        String rel;
        if (ballot[p] == ballot[a]) {
          rel = " = ";
        } else if (!Double.isNaN(g.mass()[p]) && !Double.isNaN(g.mass()[a]) && Analysis.massLevel(g.mass()[p]) == Analysis.massLevel(g.mass()[a])) {
          rel = " " + TIE_BREAK + " ";
        } else {
          rel = " ≻ ";
        }
        sb.append(rel);
      }
      sb.append(agents.get(a)).append(g.errorMatches()[a] > 0 ? ERROR_MARK : "");
    }
    return sb.toString();
  }

  /** The relation of two ballot levels ordered by the mean-return tie-break. */
  static final String TIE_BREAK = "≻*";

  /**
   * The footnote on {@link #TIE_BREAK}: the masses are compared rounded to 10⁻⁶
   * ({@link Analysis#massLevel}), so at a finite α masses such as 1.5e-12 and 7.7e-60 are equal.
   */
  static String tieBreakLine() {
    return TIE_BREAK + ": equal alpha-rank mass when rounded to 1e-6; ordered by mean return in the game (the"
        + " tie-break).";
  }

  /** Mark of an interval resting on fewer than {@link Analysis#FEW_SEEDS} seed indices. */
  static final String FEW = "†";

  /** Mark of a zero-width interval. */
  static final String ZERO = "‡";

  /** What a per-game interval cell says when the game has one seed index. */
  static final String ONE_SEED = "n/a (one seed)";

  /**
   * The marks of an interval from a bootstrap over {@code seeds} seed indices: {@link #FEW} when
   * {@code seeds < }{@link Analysis#FEW_SEEDS}, {@link #ZERO} when {@code lo == hi} up to a
   * relative 10⁻¹²; empty for
   * a missing interval (NaN).
   */
  static String marks(double lo, double hi, int seeds) {
    if (Double.isNaN(lo) || Double.isNaN(hi)) {
      return "";
    }
    // zero width up to rounding: resampled means of equal values can differ in the last bits
    boolean zero = hi - lo <= 1e-12 * Math.max(1, Math.max(Math.abs(lo), Math.abs(hi)));
    return (seeds < Analysis.FEW_SEEDS ? FEW : "") + (zero ? ZERO : "");
  }

  /** The marks of agent a's mean-return interval in game g (none with one seed index: no interval). */
  static String gameMarks(Analysis.GameResult g, int a) {
    return g.seeds() < 2 ? "" : marks(g.agentLow()[a], g.agentHigh()[a], g.seeds());
  }

  /** The fewest seed indices of any game that has matches (what the SCO and Elo bootstraps rest on). */
  static int fewestSeeds(Analysis.Result r) {
    int n = Integer.MAX_VALUE;
    for (Analysis.GameResult g : r.games()) {
      if (g.matches() > g.errors() + g.leftOut()) {
        n = Math.min(n, g.seeds());
      }
    }
    return n;
  }

  /**
   * The footnotes on the marks the terminal shows (one line each, only for marks on a value it
   * prints: the SCO, Elo and rank intervals and each game's mean-return intervals): intervals from
   * fewer than {@link Analysis#FEW_SEEDS} seed indices, zero-width intervals.
   */
  static String markLines(Analysis.Result r) {
    return markLines(r, false, false);
  }

  /**
   * The footnotes on the marks of report.md ({@link #markLines(Analysis.Result)} and the
   * intervals of each game's cells, row against column), with {@code mass} also those of the
   * α-Rank mass intervals.
   */
  static String markLines(Analysis.Result r, boolean mass) {
    return markLines(r, mass, true);
  }

  private static String markLines(Analysis.Result r, boolean mass, boolean cells) {
    boolean few = false;
    boolean zero = false;
    boolean out = false;
    for (int a = 0; a < r.agents().size(); a++) {
      String t = scoInterval(r, a) + eloInterval(r, a) + rankInterval(r, a);
      for (Analysis.GameResult g : r.games()) {
        if (g.seeds() >= 2 && !Double.isNaN(g.agentMean()[a])) {
          t += marks(g.agentLow()[a], g.agentHigh()[a], g.seeds());
          for (int b = 0; cells && b < r.agents().size(); b++) {
            t += marks(g.low()[a][b], g.high()[a][b], g.seeds()) + marks(g.winLow()[a][b], g.winHigh()[a][b], g.seeds());
          }
          if (mass) {
            t += massInterval(g, a);
          }
        }
      }
      few |= t.contains(FEW);
      zero |= t.contains(ZERO);
      out |= t.contains(OUTSIDE);
    }
    StringBuilder sb = new StringBuilder();
    if (few) {
      sb.append(FEW).append(": from fewer than ").append(Analysis.FEW_SEEDS)
          .append(" seed indices per game; percentile-bootstrap intervals from few seeds are too narrow (they cover the true "
              + "value less often than 95%).\n");
    }
    if (zero) {
      sb.append(ZERO).append(": zero width: every seed gave the same value (for SCO and alpha-rank masses, which move in"
          + " steps: at least 95% of the resamples gave one value); an outcome never observed is not excluded (with n seeds, a "
          + "rate up to about 3/n of it remains plausible).\n");
    }
    if (out) {
      sb.append(OUTSIDE).append(": the estimate lies outside its own 95% interval: nearly all resamples fall on one side of it."
          + " The full data's ballots are a configuration the resamples rarely reproduce (e.g. an agent next to last on every"
          + " ballot), and a percentile interval of a fit of ranks need not contain the estimate; read the interval as the spread"
          + " of the resampled values, and the estimate as lying near the edge of what the seeds support (docs/arena.md).\n");
    }
    return sb.toString();
  }

  /** The footnote on the SCO and Elo interval columns (terminal and report.md). */
  static String ciLine() {
    return "95% CI: percentile bootstrap over seed indices within each game (SCO: every ballot recomputed and SCO refitted).";
  }

  /**
   * report.md's note under a game's agent table: what the mean return and its interval are
   * (docs/arena.md, "Mean score matrix"); for a game of 3 or more players, that it is not the
   * mean of the agent's row of the score matrix.
   */
  static String agentMeanLine(AnalysisOptions o, int players) {
    return "mean return: the agent's return averaged over every seat it holds in a seed index's matches, then over seed"
        + " indices; 95% CI: percentile bootstrap over seed indices, " + o.resamples() + " resamples (seed " + o.seed()
        + "), the draws of the score matrix below" + (players > 2 ? "; with " + players + " players a seat-weighted mean,"
        + " not the mean of the agent's row there (a cell counts the agent's return once per seat of the column agent)"
        : "") + ".";
  }

  /**
   * {@code s} as plain Markdown text: the characters Markdown would read as markup (a backslash,
   * {@code ` * [ ] < > | &}, and {@code _} except between two letters or digits, where it never
   * starts emphasis: {@code m_seed} stays as it is) escaped with a backslash, so an agent string
   * such as {@code tabular(file=<a>|b*.json)} shows as written.
   */
  static String mdText(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      boolean intraword = ch == '_' && i > 0 && i + 1 < s.length() && Character.isLetterOrDigit(s.charAt(i - 1))
          && Character.isLetterOrDigit(s.charAt(i + 1));
      if ("\\`*_[]<>|&".indexOf(ch) >= 0 && !intraword) {
        sb.append('\\');
      }
      sb.append(ch);
    }
    return sb.toString();
  }

  /**
   * {@code s} as a code span for a Markdown table cell: fenced by one backtick more than its
   * longest run of backticks (a space inside the fence when it starts or ends with one), every
   * {@code |} escaped, since a table splits its cells at a bare pipe even inside a code span.
   */
  static String mdCell(String s) {
    int run = 0;
    int longest = 0;
    for (int i = 0; i < s.length(); i++) {
      run = s.charAt(i) == '`' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    String fence = "`".repeat(longest + 1);
    String pad = s.startsWith("`") || s.endsWith("`") ? " " : "";
    return fence + pad + s.replace("|", "\\|") + pad + fence;
  }

  /** The footnote on the rank interval column. */
  static String rankIntervalLine() {
    return "rank 95%: 2.5th to 97.5th percentile of the agent's rank over the SCO bootstrap resamples (ties share a rank).";
  }

  /**
   * A game's α-Rank mass interval of agent {@code a} as {@code [lo, hi]} with the few-seeds marks;
   * {@code n/a (one seed)} with one seed index, {@code -} without α-Rank.
   */
  static String massInterval(Analysis.GameResult g, int a) {
    if (Double.isNaN(g.mass()[a])) {
      return "-";
    }
    if (g.seeds() < 2) {
      return ONE_SEED;
    }
    if (Double.isNaN(g.massLow()[a])) {
      return "-";
    }
    return "[" + fmt(g.massLow()[a], 3) + ", " + fmt(g.massHigh()[a], 3) + "]"
        + marks(g.massLow()[a], g.massHigh()[a], g.seeds()) + outside(g.mass()[a], g.massLow()[a], g.massHigh()[a]);
  }

  /** The footnote on the mass interval and P(top) columns of a game in report.md. */
  static String massLine(AnalysisOptions o) {
    return "mass 95% CI: percentile bootstrap of the alpha-rank mass over " + o.alphaRankResamples() + " resamples of the"
        + " game's seed indices (the score matrix's draws; payoff table and alpha-rank recomputed). P(top): fraction of"
        + " those resamples in which the agent has the largest mass (rounded to 1e-6; tied agents each count).";
  }

  /**
   * The footnote on the P(above next) column ({@link Analysis.Result#scoAboveNext}), in the
   * terminal and in report.md.
   */
  static String nextLine() {
    return "P(above next): chance over those resamples that the agent is rated above the agent in the next row, ties"
        + " counting half: P(> next) + 1/2 P(= next); about 0.5 when the two cannot be told apart (report.json: scoAboveNext,"
        + " and scoTiedNext for P(= next)).";
  }

  /** What an interval cell says when no seed index of any game has a scored match. */
  static final String NO_SEED = "n/a (no seed analysed)";

  /**
   * Whether no game has a scored match in its analysed seed indices: every analysed match ended
   * in an error, so there is no rating, interval or Elo to show.
   */
  static boolean noSeedScored(Analysis.Result r) {
    return r.games().stream().allMatch(g -> g.seeds() == 0);
  }

  /** The Elo column's cell: the rating, or {@code -} when no seed has a scored match. */
  static String eloText(Analysis.Result r, int a) {
    return noSeedScored(r) ? "-" : fmt(r.elo()[a], 0);
  }

  /** {@code [lo, hi]}, or a note when the tournament has too few seeds for an interval. */
  static String eloInterval(Analysis.Result r, int a) {
    if (Double.isNaN(r.elo()[a]) && !noSeedScored(r)) {
      return "-"; // no scored comparison with another agent: no Elo
    }
    if (Double.isNaN(r.eloLow()[a])) {
      return noSeedScored(r) ? NO_SEED : "n/a (one seed per game)";
    }
    // the lowest agent's Elo is the anchor (0 in every resample): its zero width is by definition
    boolean anchor = r.elo()[a] == 0 && r.eloLow()[a] == 0 && r.eloHigh()[a] == 0;
    return String.format(Locale.ROOT, "[%.0f, %.0f]", r.eloLow()[a], r.eloHigh()[a])
        + (anchor ? (fewestSeeds(r) < Analysis.FEW_SEEDS ? FEW : "") : marks(r.eloLow()[a], r.eloHigh()[a], fewestSeeds(r)))
        + outside(r.elo()[a], r.eloLow()[a], r.eloHigh()[a]);
  }

  static String fmt(double v, int digits) {
    if (Double.isNaN(v)) {
      return "-";
    }
    String t = String.format(Locale.ROOT, "%." + digits + "f", v);
    // no "-0.000": a negative number that rounds to zero prints as zero
    return t.startsWith("-") && t.chars().noneMatch(ch -> ch >= '1' && ch <= '9') ? t.substring(1) : t;
  }

  private static String clip(String s, int w) {
    return s.length() <= w ? s : s.substring(0, w - 1) + "…";
  }

  /**
   * The agents' names as the terminal tables show them, at most {@code w} characters: a longer
   * name is cut in the middle, keeping its start and its end ({@code
   * tabular(file=../out/br…/best_response_player_0.json)}), since agents of one family differ
   * mostly at the end (a file, the last parameter). When two shown names would still be the same
   * (or one the same as another's whole name), every name is shown whole: the tables get wider,
   * but no two agents look alike.
   *
   * @param w at least 8
   */
  static List<String> clipDistinct(List<String> names, int w) {
    List<String> out = new ArrayList<>(names.size());
    for (String n : names) {
      if (n.length() <= w) {
        out.add(n);
      } else {
        int head = (w - 1) * 2 / 5;
        out.add(n.substring(0, head) + "…" + n.substring(n.length() - (w - 1 - head)));
      }
    }
    return new java.util.HashSet<>(out).size() == new java.util.HashSet<>(names).size() ? out : names;
  }
}
