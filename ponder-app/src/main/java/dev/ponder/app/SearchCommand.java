package dev.ponder.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.CopyWatch;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.PolicyKind;
import dev.ponder.search.SearchResult;
import dev.ponder.search.mcts.MctsAgent;
import dev.ponder.spec.Spec;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder search GAME --history "a,b,c" --agent SPEC [--json]}: one search at a position,
 * printed as a table of root actions (visits, π̂ named by its kind, Q, prior, and for solver
 * agents the proven value of each child and of the root) with the principal variation, or as
 * one JSON object whose fields docs/search.md documents.
 *
 * <p>Ctrl-C (SIGINT) or SIGTERM ends the search as its budget would ({@link
 * dev.ponder.search.mcts.MctsEngine#requestStop()}): the result of the simulations run is printed
 * as usual ({@code "stopped": true} in JSON), then one line on stderr: {@code ponder: search:
 * stopped 2.4 s into the search of puct(sims=1000000), after 812345 simulations; the result above
 * covers those}; exit 130 (143 for SIGTERM).
 */
@Command(name = "search", mixinStandardHelpOptions = true,
    description = {"Run one MCTS search at a position and print the root statistics and principal variation.",
        "In a game of imperfect information the search (IS-MCTS) starts from the information state of the player to"
            + " move, printed above the table: each simulation draws a world consistent with it (the game's resampler:"
            + " chance outcomes by their probabilities, other players' hidden moves uniformly, not by how they play),"
            + " from --seed, so what --history fixes that this player cannot see (an opponent's cards) does not change"
            + " the result (docs/search.md, \"Worlds (IS-MCTS)\").",
        "Ctrl-C ends the search as its budget would: the result of the simulations run is printed, and one line on"
            + " standard error says the search was stopped (exit 130; \"stopped\": true in --json)."})
public final class SearchCommand implements PonderCommand {

  @Parameters(index = "0", paramLabel = "GAME", description = "Game string, e.g. tic_tac_toe or hex(board_size=5).")
  String gameSpec;

  @Option(names = "--history", paramLabel = "ACTIONS",
      description = "Actions from the initial state: ids or action strings (chance outcomes included), separated by "
          + "commas outside parentheses (\"3,3,4\"), or by spaces when there is no such comma (\"3 3 4\"); in the "
          + "space form an action string that itself has spaces (\"Roll 3\", \"No Pass\") is still one action, the "
          + "longest one that is legal. Give an action whose string has a comma outside parentheses by its id.")
  String history = "";

  @Option(names = "--agent", paramLabel = "SPEC", description = "MCTS agent string (default: ${DEFAULT-VALUE}).")
  String agentSpec = "puct(sims=1000)";

  @Option(names = "--seed", paramLabel = "S", description = "Seed of the search (default: ${DEFAULT-VALUE}); with imperfect information it draws the"
      + " worlds too.")
  long seed = 1;

  @Option(names = "--json", description = "Print the result as one JSON object (fields in docs/search.md).")
  boolean json;

  @Option(names = "--draw-chance", description = "When the position after --history is a chance node (a deal, a roll),"
      + " draw its outcomes by their probabilities from --seed until a player moves, and search there (the outcomes"
      + " drawn are printed, and are part of the JSON history); without it such a position is refused.")
  boolean drawChance;

  /** How many of the state's last history entries {@code --draw-chance} drew. */
  private int drawn;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** The agent's final-move rule ({@link dev.ponder.search.mcts.FinalActionSelector#rule()}), or null. */
  private String finalRule;
  /** Whether a signal ended the search before its budget ran out (set before the output). */
  private boolean stopped;

  @Override
  public Integer call() throws Exception {
    try (InterruptLine pending = new InterruptLine(spec.commandLine().getErr(), () -> InterruptLine.starting("search"))) {
      return run(pending);
    }
  }

  private Integer run(InterruptLine pending) throws Exception {
    Game game = GameRegistry.load(gameSpec);
    State state = game.newInitialState();
    applyHistory(state, history);
    if (state.isTerminal()) {
      throw new UsageException("the position is terminal; nothing to search");
    }
    if (state.isChanceNode() && drawChance) {
      drawn = drawChanceOutcomes(state, seed);
      if (state.isTerminal()) {
        throw new UsageException("the game ended in the chance outcomes --draw-chance drew ("
            + String.join(", ", drawnStrings(game, state, drawn)) + "); nothing to search");
      }
    }
    if (state.isChanceNode()) {
      // ids first: an outcome's name may hold commas or spaces ("2 added to row 1, column 1"),
      // which --history can only take by id
      throw new UsageException("the position is a chance node (search starts at a decision); add one of its outcomes"
          + " to --history (by id), or pass --draw-chance: " + legalList(state));
    }
    SearchResult r;
    try (Agent agent = AgentRegistry.create(agentSpec, game, seed)) {
      if (!(agent instanceof MctsAgent mcts)) {
        throw new UsageException("agent '" + agentSpec + "' is not an MCTS agent; use uct, puct, m_seed or another MCTS agent");
      }
      SearchThreads.warning(agentSpec, Runtime.getRuntime().availableProcessors()).ifPresent(w -> {
        spec.commandLine().getErr().println(w);
        spec.commandLine().getErr().flush();
      });
      AgentWarnings.print(spec.commandLine().getErr(), List.of(agentSpec), List.of(game));
      // the output names the seed; say when it does not fix the search
      ArenaCommand.timingNote(List.of(agentSpec),
              "this search is not repeated by --seed (the same command gives other statistics)")
          .ifPresent(spec.commandLine().getErr()::println);
      spec.commandLine().getErr().flush();
      if (mcts.engine().config().reuseTree()) {
        spec.commandLine().getErr().println("note: reuse=true keeps the tree from one decision to the next; ponder search"
            + " makes one decision, so it changes nothing here (it does in play and arena)");
        spec.commandLine().getErr().flush();
      }
      // the position as it was before the search played on copies of it: a change is the game's
      // fault (its copy shares data with the original), not the search's
      CopyWatch watch = new CopyWatch();
      watch.note(state);
      // a signal from now on ends the search as its budget would (the engine's stop request),
      // and the result of the simulations run is printed
      long t0 = System.nanoTime();
      pending.set(() -> notStoppedLine(System.nanoTime() - t0));
      pending.stopsCommand(mcts.engine()::requestStop);
      r = watch.check("the agent " + agentSpec + " searched copies of it", () -> mcts.search(state));
      finalRule = mcts.engine().mechanism().finalSelector().rule();
      // a signal that came once the budget was spent stopped nothing: the result is whole
      stopped = mcts.engine().lastSearchStopped();
    }
    if (!pending.claimOutput()) {
      return InterruptLine.EXIT_CODE;
    }
    pending.set(stopped ? stoppedLine(r) : InterruptLine.printedWhole("search"));
    // a search the signal stopped before its first simulation: the stopped line says so, and the
    // warning would blame the budget
    noSimulationWarning(r).filter(w -> !stopped).ifPresent(w -> {
      spec.commandLine().getErr().println(w);
      spec.commandLine().getErr().flush();
    });
    PrintWriter out = spec.commandLine().getOut();
    List<String> pv = pvStrings(state, r);
    if (json) {
      out.println(toJson(game, state, r, pv));
    } else {
      printTable(out, game, state, r, pv);
    }
    out.flush();
    return pending.requested() ? InterruptLine.EXIT_CODE : 0;
  }

  /**
   * The stderr line of a search a signal stopped, printed after its result: {@code ponder: search:
   * stopped 2.4 s into the search of puct(sims=1000000), after 812345 simulations; the result above
   * covers those}.
   */
  String stoppedLine(SearchResult r) {
    return "ponder: search: stopped " + String.format(Locale.ROOT, "%.1f", r.elapsedMs() / 1e3) + " s into the search of "
        + gameEcho(agentSpec) + ", after " + r.simulations() + " simulations; the result above covers those";
  }

  /**
   * The stderr line when the search did not stop in time after a signal ({@link
   * InterruptLine#STOP_WAIT_MS}; a component that never returns): {@code ponder: search:
   * interrupted 12.4 s into the search of puct(sims=1000000), which did not stop in time; no result
   * was printed}.
   */
  String notStoppedLine(long nanos) {
    return "ponder: search: interrupted " + String.format(Locale.ROOT, "%.1f", nanos / 1e9) + " s into the search of "
        + gameEcho(agentSpec) + ", which did not stop in time; no result was printed";
  }

  /**
   * Applies chance outcomes to {@code state}, each drawn by its probabilities with a
   * {@code SplittableRandom} seeded with {@code seed}, while the state is a chance node.
   *
   * @return how many outcomes were applied (0 if {@code state} is not a chance node)
   * @throws dev.ponder.game.GameContractException if a chance node's probabilities do not sum to 1
   */
  static int drawChanceOutcomes(State state, long seed) {
    java.util.SplittableRandom rng = new java.util.SplittableRandom(seed);
    int k = 0;
    while (state.isChanceNode()) {
      state.applyAction(PlayCommand.sampleChance(state, rng));
      k++;
    }
    return k;
  }

  /** The action strings of the last {@code k} actions of {@code state}'s history. */
  private static List<String> drawnStrings(Game game, State state, int k) {
    int[] h = state.history();
    State replay = game.newInitialState();
    List<String> out = new ArrayList<>();
    for (int i = 0; i < h.length; i++) {
      if (i >= h.length - k) {
        out.add(replay.actionToString(replay.currentPlayer(), h[i]));
      }
      replay.applyAction(h[i]);
    }
    return out;
  }

  /**
   * The warning for a search that completed no simulation and kept no root visits from an earlier
   * one although it was not a forced move: a time budget that ran out first (a fresh JVM starting
   * its worker threads), so the chosen action is the final selector's pick among unvisited
   * actions, backed by no search.
   */
  static java.util.Optional<String> noSimulationWarning(SearchResult r) {
    return noSimulationWarning(r, "");
  }

  /**
   * {@link #noSimulationWarning(SearchResult)} naming the decision after {@code "warning: "}
   * ({@code where}, such as {@code "move 5, player 0 (uct(time_ms=200)): "}; empty for none), and
   * calling its action the move when {@code where} is given (play) rather than the chosen action.
   */
  static java.util.Optional<String> noSimulationWarning(SearchResult r, String where) {
    // a reused tree can answer with no new simulation (its visits cover a sims budget): backed all the same
    if (r.simulations() > 0 || r.forced() || !noVisits(r)) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(String.format(Locale.ROOT,
        "warning: %sno simulation completed within the time budget (the search took %.1f ms); the %s is backed by no search:"
            + " raise time_ms or give sims", where, r.elapsedMs(), where.isEmpty() ? "chosen action" : "move"));
  }

  /**
   * Whether no root action has visits (Σ n(a) = 0): a forced move, or a search that completed no
   * simulation and kept no visits from an earlier one; π̂ then comes from no visits
   * ({@link #policyLegend(PolicyKind, boolean, boolean)}).
   */
  static boolean noVisits(SearchResult r) {
    for (int v : r.visits()) {
      if (v > 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Applies the actions of {@code --history} to {@code state}, in order. With a comma outside
   * parentheses and brackets the entries are the comma-separated pieces ({@link #splitHistory});
   * otherwise the text is read as whitespace-separated words ({@link #splitWords}), and each entry
   * is the longest run of the next words that spells a legal action string of the state it is
   * applied to (so {@code "Roll 3 Roll 5"} is two chance outcomes of liar's dice), else, when the
   * next word alone is not a legal entry, the longest run of two or more words that the game's own
   * {@link State#stringToAction} reads as a legal action (backgammon's checker notation: {@code "0
   * 24/23 24/22"} is the roll 0 and the move 24/23 24/22, as {@code "0,24/23 24/22"} is), else
   * the next word alone (an id or a one-word action string).
   *
   * @throws UsageException naming the failing entry (1-based) and its text when an entry is not a
   *     legal action or comes after the game is over
   */
  static void applyHistory(State state, String text) {
    if (hasCommaOutsideParentheses(text)) {
      List<String> tokens = splitHistory(text);
      for (int i = 0; i < tokens.size(); i++) {
        applyEntry(state, i + 1, tokens.get(i));
      }
      return;
    }
    List<String> words = splitWords(text);
    int entry = 0;
    for (int i = 0; i < words.size(); ) {
      entry++;
      int[] match = state.isTerminal() ? null : longestActionString(state, words, i);
      if (match == null && !state.isTerminal()) {
        match = longestParsedRun(state, words, i);
      }
      if (match != null) {
        state.applyAction(match[0]);
        i += match[1];
      } else {
        applyEntry(state, entry, words.get(i));
        i++;
      }
    }
  }

  /** One entry: an id or an action string of the state's current player (or of chance). */
  private static void applyEntry(State state, int entry, String token) {
    if (state.isTerminal()) {
      throw new UsageException("history continues after the game is over at entry " + entry + " '" + token + "'");
    }
    try {
      state.applyAction(state.stringToAction(token));
    } catch (dev.ponder.game.IllegalActionException e) {
      throw new UsageException("--history entry " + entry + ": '" + token + "' is not a legal move; legal: "
          + legalList(state));
    }
  }

  /** How many entries {@link #legalList} shows before it summarizes the rest. */
  static final int LIST_CAP = 20;

  /**
   * The legal actions (or chance outcomes) of {@code state} as {@code id=string} separated by
   * "; ", as {@code ponder play} shows them ({@code 0=x(0,0); 1=x(0,1)}); past {@link #LIST_CAP}
   * entries the rest is summarized ({@code … and 12 more}).
   */
  static String legalList(State state) {
    int player = state.currentPlayer();
    int[] legal = state.legalActions();
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < Math.min(LIST_CAP, legal.length); i++) {
      sb.append(i == 0 ? "" : "; ").append(legal[i]).append('=').append(state.actionToString(player, legal[i]));
    }
    if (legal.length > LIST_CAP) {
      sb.append("; … and ").append(legal.length - LIST_CAP).append(" more");
    }
    return sb.toString();
  }

  /**
   * The legal action whose string, split into words like the history, equals the most words of
   * {@code words} from {@code from} on, when that is two words or more: {action, words used}; an
   * exact match is preferred over one that ignores case. Null when no action string of two or
   * more words matches.
   */
  private static int[] longestActionString(State state, List<String> words, int from) {
    int player = state.currentPlayer();
    int[] best = null;
    boolean bestExact = false;
    for (int a : state.legalActions()) {
      List<String> aw = splitWords(state.actionToString(player, a));
      int n = aw.size();
      if (n < 2 || from + n > words.size()) {
        continue;
      }
      List<String> next = words.subList(from, from + n);
      boolean exact = next.equals(aw);
      boolean ignoringCase = exact;
      if (!exact) {
        ignoringCase = true;
        for (int k = 0; k < n; k++) {
          ignoringCase &= next.get(k).equalsIgnoreCase(aw.get(k));
        }
      }
      if (!ignoringCase) {
        continue;
      }
      if (best == null || n > best[1] || (n == best[1] && exact && !bestExact)) {
        best = new int[] {a, n};
        bestExact = exact;
      }
    }
    return best;
  }

  /** The most words {@link #longestParsedRun} joins into one entry (backgammon's 4 checker moves, with room). */
  private static final int MAX_RUN_WORDS = 8;

  /**
   * When {@code words.get(from)} alone is no legal entry: the longest run of 2 to {@link
   * #MAX_RUN_WORDS} words from {@code from}, joined by single spaces, that the state's {@link
   * State#stringToAction} reads as a legal action, as {action, words used}; null when the word
   * alone is legal or no run is. A game's other notations (backgammon's {@code 24/23 24/22}, the
   * part of its action string after {@code " - "}) thus resolve in the space form as in the comma
   * form.
   */
  private static int[] longestParsedRun(State state, List<String> words, int from) {
    if (parsesLegal(state, words.get(from)) >= 0) {
      return null;
    }
    for (int n = Math.min(MAX_RUN_WORDS, words.size() - from); n >= 2; n--) {
      int a = parsesLegal(state, String.join(" ", words.subList(from, from + n)));
      if (a >= 0) {
        return new int[] {a, n};
      }
    }
    return null;
  }

  /** The legal action {@code text} names for the state, or −1 when it names none. */
  private static int parsesLegal(State state, String text) {
    try {
      int a = state.stringToAction(text);
      return state.isLegal(a) ? a : -1;
    } catch (dev.ponder.game.IllegalActionException e) {
      return -1;
    }
  }

  /** Whether {@code text} has a comma outside parentheses and brackets (the comma form of --history). */
  static boolean hasCommaOutsideParentheses(String text) {
    return splitOutsideParentheses(text, c -> c == ',').size() > 1;
  }

  /**
   * Splits on whitespace outside parentheses and brackets, so {@code "O From (1, 1)"} gives the
   * three words {@code O}, {@code From} and {@code (1, 1)}; blank text gives none.
   */
  static List<String> splitWords(String text) {
    List<String> out = new ArrayList<>();
    if (text == null) {
      return out;
    }
    for (String w : splitOutsideParentheses(text, Character::isWhitespace)) {
      if (!w.isEmpty()) {
        out.add(w);
      }
    }
    return out;
  }

  /** Splits on commas outside parentheses and brackets, so {@code x(0,2),o(1,1)} gives two actions. */
  static List<String> splitHistory(String text) {
    if (text == null || text.isBlank()) {
      return new ArrayList<>();
    }
    return splitList(text, c -> c == ',', "empty action in --history (two commas in a row?)");
  }

  /**
   * The trimmed pieces of a list option's {@code text} between {@code separator}s outside
   * parentheses and brackets ({@link #splitOutsideParentheses}).
   *
   * @throws UsageException with {@code emptyMessage} if a piece is empty (two separators in a
   *     row, or a leading or trailing one)
   */
  static List<String> splitList(String text, java.util.function.IntPredicate separator, String emptyMessage) {
    List<String> out = new ArrayList<>();
    for (String piece : splitOutsideParentheses(text, separator)) {
      String t = piece.trim();
      if (t.isEmpty()) {
        throw new UsageException(emptyMessage);
      }
      out.add(t);
    }
    return out;
  }

  /**
   * The pieces of {@code text} between the characters that are {@code separator}s outside
   * parentheses and brackets (one more piece than separators; pieces may be empty). Shared by the
   * commands' list options (--history, --games, --players).
   */
  static List<String> splitOutsideParentheses(String text, java.util.function.IntPredicate separator) {
    List<String> pieces = new ArrayList<>();
    int depth = 0;
    StringBuilder cur = new StringBuilder();
    for (char c : text.toCharArray()) {
      if (c == '(' || c == '[') {
        depth++;
      } else if (c == ')' || c == ']') {
        depth--;
      }
      if (depth == 0 && separator.test(c)) {
        pieces.add(cur.toString());
        cur.setLength(0);
      } else {
        cur.append(c);
      }
    }
    pieces.add(cur.toString());
    return pieces;
  }

  /**
   * Separates the moves of the table's principal variation: action strings may hold spaces and
   * commas ("Roll 3", "2 added to row 1, column 2"), not this.
   */
  static final String PV_SEPARATOR = " | ";

  /**
   * Labels the line under the table's principal variation: per move, the visits n of the edge taken
   * and in parentheses its Q (raw utility) for the player who made the move.
   */
  static final String PV_VISITS_LABEL = "  per move, visits n (Q for the mover): ";

  /** The first {@code moves} moves' visits and Q, separated as the principal variation's moves. */
  static String pvVisits(SearchResult r, int moves) {
    List<String> cells = new ArrayList<>();
    for (int i = 0; i < moves; i++) {
      int n = r.principalVariationVisits()[i];
      cells.add((n < 0 ? "-" : Integer.toString(n)) + " (" + fmt(r.principalVariationQ()[i]) + ")");
    }
    return String.join(PV_SEPARATOR, cells);
  }

  private static List<String> pvStrings(State state, SearchResult r) {
    List<String> out = new ArrayList<>();
    State s = state.copy();
    for (int a : r.principalVariation()) {
      if (s.isTerminal() || !s.isLegal(a)) {
        break;
      }
      out.add(s.actionToString(s.currentPlayer(), a));
      s.applyAction(a);
    }
    return out;
  }

  /**
   * A prior as the shortest decimal of the float it is stored as (0.2 rather than the float's
   * exact double value 0.20000000298023224); NaN stays NaN.
   */
  static double priorValue(double p) {
    return Double.isNaN(p) ? p : Double.parseDouble(Float.toString((float) p));
  }

  /**
   * The acting player's information state string for a game of imperfect information, else null
   * (with perfect information the search sees the state itself).
   */
  static String informationState(Game game, State state, int player) {
    return game.type().isPerfectInformation() ? null : state.informationStateString(player);
  }

  /** A prior in the table: {@link #priorValue} to 3 decimals ("-" for NaN). */
  static String tablePrior(double p) {
    return fmt(priorValue(p));
  }

  /** {@code d} to 3 decimals, {@code -} for NaN; a value that rounds to zero is {@code 0.000}, never {@code -0.000}. */
  static String fmt(double d) {
    if (Double.isNaN(d)) {
      return "-";
    }
    String s = String.format(Locale.ROOT, "%.3f", d);
    return s.equals("-0.000") ? "0.000" : s;
  }

  /**
   * The game string (or the agent string) as typed, in the canonical text of the specification grammar
   * ({@link Spec#toString}): whitespace around names, keys and values dropped, keys in the order
   * given, nested game strings normalized the same way. The same rule for every game, so
   * {@code goofspiel(num_cards=3)} and {@code turn_based_simultaneous_game(game=goofspiel(num_cards=3))}
   * are echoed as typed rather than one of them expanded.
   *
   * @throws dev.ponder.spec.SpecException if {@code typed} is not a specification string
   */
  static String gameEcho(String typed) {
    Spec parsed = Spec.parse(typed);
    Map<String, String> args = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : parsed.args().entrySet()) {
      String v = e.getValue();
      args.put(e.getKey(), v.indexOf('(') >= 0 ? gameEcho(v) : v);
    }
    return new Spec(parsed.name(), args).toString();
  }

  /**
   * The outcome a proven value vector means for {@code player}: {@code win} (the player's value is
   * the game's maximum utility), {@code loss} (the minimum), {@code draw} (every player's value is
   * equal), else {@code value} (a proven value strictly between, e.g. a score).
   */
  static String provenResult(Game game, double[] value, int player) {
    if (value[player] >= game.maxUtility()) {
      return "win";
    }
    if (value[player] <= game.minUtility()) {
      return "loss";
    }
    for (double v : value) {
      if (v != value[0]) {
        return "value";
      }
    }
    return "draw";
  }

  /** A proven value in the table: its result for the mover, with the value when not win/loss/draw. */
  private static String tableProven(Game game, double[] value, int player) {
    if (value == null) {
      return "-";
    }
    String res = provenResult(game, value, player);
    return res.equals("value") ? "=" + fmt(value[player]) : res;
  }

  /** The header of the π̂ column: {@code pi_visits} or {@code pi_improved}. */
  static String policyHeader(PolicyKind kind) {
    return "pi_" + kind.label();
  }

  /**
   * The legend line under the table saying what π̂ is and how the move was chosen; for a forced move
   * (one legal action, no search) it says that π̂ is 1 for that action without any visits.
   */
  static String policyLegend(PolicyKind kind, boolean forced) {
    return policyLegend(kind, forced, forced);
  }

  /**
   * {@link #policyLegend(PolicyKind, boolean)}, and for a search after which no action has visits
   * ({@code noVisits}, not forced: no simulation completed) that π̂ is uniform over the legal
   * actions (the visit distribution's fallback when Σ n = 0), or for Gumbel's improved policy that
   * it was computed from no visits.
   */
  static String policyLegend(PolicyKind kind, boolean forced, boolean noVisits) {
    if (noVisits && !forced) {
      return kind == PolicyKind.GUMBEL_IMPROVED
          ? "pi_improved: computed with no visits (no simulation completed), so it carries no search"
          : "pi_visits: uniform over the legal actions, since no action has visits (no simulation completed;"
              + " a searched position shows the visit distribution n(a)/sum n)";
    }
    if (forced) {
      return policyHeader(kind) + ": 1 for the only legal action, which has no visits (no search ran;"
          + " a searched position shows " + (kind == PolicyKind.GUMBEL_IMPROVED ? "the Gumbel improved policy)" : "the visit distribution n(a)/sum n)");
    }
    if (kind == PolicyKind.GUMBEL_IMPROVED) {
      // how the move was chosen is the final selector's rule (ruleLegend), as for the other agents
      return "pi_improved: Gumbel improved policy pi' = softmax(logits + sigma(completed Q)), the training target";
    }
    return "pi_visits: visit distribution n(a)/sum n";
  }

  /**
   * The line saying how the agent's final selector chose the move ({@code chosen by: …}), for a
   * selector whose move need not be the most visited (MENTS' soft values, Smooth UCT's sample,
   * MCTS-Solver's secure child, …); empty for the robust child (whose rule is null), a forced move and
   * a search that visited nothing.
   *
   * @param rule the selector's {@link dev.ponder.search.mcts.FinalActionSelector#rule()}, or null
   */
  static java.util.Optional<String> ruleLegend(String rule, SearchResult r) {
    if (rule == null || r.forced() || noVisits(r)) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of("chosen by: " + rule);
  }

  private static String vector(double[] v) {
    StringBuilder sb = new StringBuilder("[");
    for (int k = 0; k < v.length; k++) {
      sb.append(k > 0 ? ", " : "").append(fmt(v[k]));
    }
    return sb.append(']').toString();
  }

  private void printTable(PrintWriter out, Game game, State state, SearchResult r, List<String> pv) {
    int p = r.player();
    out.printf(Locale.ROOT, "game %s, player %d to move, agent %s, seed %d%n", gameEcho(gameSpec), p, gameEcho(agentSpec),
        seed);
    if (drawn > 0) {
      int[] h = state.history();
      List<String> ids = new ArrayList<>();
      for (int i = h.length - drawn; i < h.length; i++) {
        ids.add(Integer.toString(h[i]));
      }
      out.printf(Locale.ROOT, "chance drawn (--draw-chance, seed %d): %s (ids %s)%n", seed,
          String.join(" | ", drawnStrings(game, state, drawn)), String.join(",", ids));
    }
    String info = informationState(game, state, p);
    if (info != null) {
      // what the search of an imperfect-information game starts from: the mover's information
      // state, not the full state given by --history
      if (info.contains("\n")) {
        out.printf(Locale.ROOT, "information state of player %d (searched):%n", p);
        info.lines().forEach(l -> out.println("    " + l));
      } else {
        out.printf(Locale.ROOT, "information state of player %d (searched): %s%n", p, info);
      }
    } else {
      // the position searched, as play shows it, so a --history can be checked at a glance
      String position = state.toString();
      if (position.contains("\n")) {
        out.println("position:");
        // the common indentation removed, not the first line's alone (2048 right-aligns its tiles)
        position.stripTrailing().stripIndent().replaceFirst("^(?:[ \\t]*\\R)+", "").lines()
            .forEach(l -> out.println("    " + l));
      } else if (!position.isBlank()) {
        out.println("position: " + position.strip());
      }
    }
    int w = 6;
    for (int a : r.actions()) {
      w = Math.max(w, state.actionToString(p, a).length());
    }
    String pol = policyHeader(r.policyKind());
    int pw = Math.max(7, pol.length());
    boolean proves = r.provesValues();
    out.printf(Locale.ROOT, "%-" + w + "s %6s %8s %" + pw + "s %8s %7s%s  %s%n", "action", "id", "visits", pol, "Q", "prior",
        proves ? String.format(Locale.ROOT, " %7s", "proven") : "", "Q per player");
    for (int i = 0; i < r.actions().length; i++) {
      int a = r.actions()[i];
      String provenCell = proves ? String.format(Locale.ROOT, " %7s", tableProven(game, r.provenValueAt(i), p)) : "";
      out.printf(Locale.ROOT, "%-" + w + "s %6d %8d %" + pw + ".3f %8s %7s%s  %s%s%n", state.actionToString(p, a), a,
          r.visits()[i], r.policy()[i], fmt(r.q()[i][p]), tablePrior(r.prior()[i]), provenCell, vector(r.q()[i]),
          a == r.action() ? "  <- chosen" : "");
    }
    out.println("chosen: " + state.actionToString(p, r.action()) + " (" + r.action() + ")");
    if (r.forced()) {
      out.println("forced move: the only legal action, answered without a search (search_forced=true searches it)");
    }
    out.println(policyLegend(r.policyKind(), r.forced(), noVisits(r)));
    ruleLegend(finalRule, r).ifPresent(out::println);
    if (proves) {
      if (r.rootProven()) {
        out.printf(Locale.ROOT, "root proven: %s for player %d, value %s%n",
            provenResult(game, r.rootProvenValue(), p), p, vector(r.rootProvenValue()));
      } else {
        out.println("root not proven");
      }
    }
    out.println("principal variation: " + String.join(PV_SEPARATOR, pv));
    out.println(PV_VISITS_LABEL + pvVisits(r, pv.size()));
    out.printf(Locale.ROOT, "root value %s; %s, %s, max depth %d, %.1f ms, %.1f bytes/node%n",
        vector(r.rootValue()), count(r.simulations(), "simulation"), count(r.nodes(), "node"), r.maxDepth(), r.elapsedMs(),
        r.bytesPerNode());
  }

  /** {@code n} and the noun, plural unless n is 1: "1 simulation", "0 simulations", "300 simulations". */
  static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  private static void addNumber(ArrayNode a, double v) {
    JsonFields.addNumber(a, v);
  }

  private static void putNumber(ObjectNode o, String key, double v) {
    JsonFields.putNumber(o, key, v);
  }

  /** {"result": win|loss|draw|value, "value": [...]} for a proven value vector, or null. */
  private static void putProven(ObjectNode o, String key, Game game, double[] value, int player) {
    if (value == null) {
      o.putNull(key);
      return;
    }
    ObjectNode pr = o.putObject(key);
    pr.put("result", provenResult(game, value, player));
    ArrayNode v = pr.putArray("value");
    for (double x : value) {
      addNumber(v, x);
    }
  }

  private String toJson(Game game, State state, SearchResult r, List<String> pv) throws Exception {
    ObjectMapper m = JsonFields.mapper();
    ObjectNode root = m.createObjectNode();
    root.put("game", gameEcho(gameSpec));
    JsonFields.putGameParameters(root, game);
    root.put("agent", gameEcho(agentSpec)); // canonical, as the game string
    root.put("seed", seed);
    ArrayNode hist = root.putArray("history");
    ArrayNode histStrings = root.putArray("history_strings");
    ArrayNode histPlayers = root.putArray("history_players");
    root.put("drawn_chance", drawn);
    State replay = game.newInitialState();
    for (int a : state.history()) {
      int mover = replay.currentPlayer();
      hist.add(a);
      histStrings.add(replay.actionToString(mover, a));
      histPlayers.add(mover);
      replay.applyAction(a);
    }
    root.put("player", r.player());
    // null for perfect-information games
    root.put("information_state", informationState(game, state, r.player()));
    root.put("action", r.action());
    root.put("action_string", state.actionToString(r.player(), r.action()));
    root.put("policy_kind", r.policyKind().label());
    // the rule of a final selector whose move need not be the most visited; null for the robust child
    root.put("final_rule", ruleLegend(finalRule, r).map(l -> l.substring("chosen by: ".length())).orElse(null));
    root.put("forced", r.forced());
    root.put("no_visits", noVisits(r));
    root.put("proves_values", r.provesValues());
    putProven(root, "root_proven", game, r.rootProvenValue(), r.player());
    ArrayNode children = root.putArray("children");
    for (int i = 0; i < r.actions().length; i++) {
      ObjectNode c = children.addObject();
      c.put("action", r.actions()[i]);
      c.put("action_string", state.actionToString(r.player(), r.actions()[i]));
      c.put("visits", r.visits()[i]);
      putNumber(c, "policy", r.policy()[i]);
      putNumber(c, "prior", priorValue(r.prior()[i]));
      ArrayNode q = c.putArray("q");
      for (double v : r.q()[i]) {
        addNumber(q, v);
      }
      putProven(c, "proven", game, r.provenValueAt(i), r.player());
    }
    ArrayNode rv = root.putArray("root_value");
    for (double v : r.rootValue()) {
      addNumber(rv, v);
    }
    ArrayNode pvIds = root.putArray("principal_variation");
    for (int i = 0; i < pv.size(); i++) {
      pvIds.add(r.principalVariation()[i]);
    }
    ArrayNode pvs = root.putArray("principal_variation_strings");
    pv.forEach(pvs::add);
    ArrayNode pvVisits = root.putArray("principal_variation_visits");
    ArrayNode pvQ = root.putArray("principal_variation_q");
    for (int i = 0; i < pv.size(); i++) {
      pvVisits.add(r.principalVariationVisits()[i]);
      addNumber(pvQ, r.principalVariationQ()[i]);
    }
    root.put("simulations", r.simulations());
    root.put("stopped", stopped); // by a signal, before the budget ran out
    root.put("nodes", r.nodes());
    root.put("max_depth", r.maxDepth());
    root.put("elapsed_ms", r.elapsedMs());
    root.put("bytes_per_node", r.bytesPerNode());
    return m.writeValueAsString(root);
  }
}
