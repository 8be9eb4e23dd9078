package dev.ponder.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.search.mcts.MctsAgent;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder search GAME --history "a,b,c" --agent SPEC [--json]}: one search at a position,
 * printed as a table of root actions (visits, π̂, Q, prior) with the principal variation.
 */
@Command(name = "search", mixinStandardHelpOptions = true,
    description = "Run one MCTS search at a position and print the root statistics and principal variation.")
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

  @Option(names = "--seed", description = "Seed of the search (default: ${DEFAULT-VALUE}).")
  long seed = 1;

  @Option(names = "--json", description = "Print the result as JSON.")
  boolean json;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    Game game = GameRegistry.load(gameSpec);
    State state = game.newInitialState();
    applyHistory(state, history);
    if (state.isTerminal()) {
      throw new UsageException("the position is terminal; nothing to search");
    }
    if (state.isChanceNode()) {
      // ids first: an outcome's name may hold commas or spaces ("2 added to row 1, column 1"),
      // which --history can only take by id
      StringBuilder outcomes = new StringBuilder();
      for (int a : state.legalActions()) {
        outcomes.append(outcomes.length() == 0 ? "" : "; ").append(a).append(" = ")
            .append(state.actionToString(State.CHANCE, a));
      }
      throw new UsageException("the position is a chance node; add one of its outcomes to --history (by id): "
          + outcomes);
    }
    SearchResult r;
    try (Agent agent = AgentRegistry.create(agentSpec, game, seed)) {
      if (!(agent instanceof MctsAgent mcts)) {
        throw new UsageException("agent '" + agentSpec + "' is not an MCTS agent; use uct, puct, m_seed or another MCTS agent");
      }
      r = mcts.search(state);
    }
    PrintWriter out = spec.commandLine().getOut();
    List<String> pv = pvStrings(state, r);
    if (json) {
      out.println(toJson(game, state, r, pv));
    } else {
      printTable(out, game, state, r, pv);
    }
    out.flush();
    return 0;
  }

  /**
   * Applies the actions of {@code --history} to {@code state}, in order. With a comma outside
   * parentheses and brackets the entries are the comma-separated pieces ({@link #splitHistory});
   * otherwise the text is read as whitespace-separated words ({@link #splitWords}), and each entry
   * is the longest run of the next words that spells a legal action string of the state it is
   * applied to (so {@code "Roll 3 Roll 5"} is two chance outcomes of liar's dice), else the next
   * word alone (an id or a one-word action string).
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
      throw new UsageException("--history entry " + entry + ": " + e.getMessage());
    }
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

  private static String fmt(double d) {
    return Double.isNaN(d) ? "-" : String.format(Locale.ROOT, "%.3f", d);
  }

  private void printTable(PrintWriter out, Game game, State state, SearchResult r, List<String> pv) {
    int p = r.player();
    out.printf(Locale.ROOT, "game %s, player %d to move, agent %s, seed %d%n", game.spec(), p, agentSpec, seed);
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
    }
    int w = 6;
    for (int a : r.actions()) {
      w = Math.max(w, state.actionToString(p, a).length());
    }
    out.printf(Locale.ROOT, "%-" + w + "s %6s %8s %7s %8s %7s  %s%n", "action", "id", "visits", "policy", "Q", "prior", "Q per player");
    for (int i = 0; i < r.actions().length; i++) {
      int a = r.actions()[i];
      StringBuilder qv = new StringBuilder("[");
      for (int k = 0; k < r.q()[i].length; k++) {
        qv.append(k > 0 ? ", " : "").append(fmt(r.q()[i][k]));
      }
      qv.append(']');
      out.printf(Locale.ROOT, "%-" + w + "s %6d %8d %7.3f %8s %7s  %s%s%n", state.actionToString(p, a), a, r.visits()[i],
          r.policy()[i], fmt(r.q()[i][p]), tablePrior(r.prior()[i]), qv, a == r.action() ? "  <- chosen" : "");
    }
    out.println("chosen: " + state.actionToString(p, r.action()) + " (" + r.action() + ")");
    out.println("principal variation: " + String.join(" ", pv));
    StringBuilder rv = new StringBuilder("[");
    for (int k = 0; k < r.rootValue().length; k++) {
      rv.append(k > 0 ? ", " : "").append(fmt(r.rootValue()[k]));
    }
    out.printf(Locale.ROOT, "root value %s; %d simulations, %d nodes, max depth %d, %.1f ms, %.1f bytes/node%n",
        rv.append(']'), r.simulations(), r.nodes(), r.maxDepth(), r.elapsedMs(), r.bytesPerNode());
  }

  private String toJson(Game game, State state, SearchResult r, List<String> pv) throws Exception {
    ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = m.createObjectNode();
    root.put("game", game.spec());
    root.put("agent", agentSpec);
    root.put("seed", seed);
    root.put("history", state.historyString());
    root.put("player", r.player());
    // null for perfect-information games
    root.put("information_state", informationState(game, state, r.player()));
    root.put("action", r.action());
    root.put("action_string", state.actionToString(r.player(), r.action()));
    ArrayNode children = root.putArray("children");
    for (int i = 0; i < r.actions().length; i++) {
      ObjectNode c = children.addObject();
      c.put("action", r.actions()[i]);
      c.put("action_string", state.actionToString(r.player(), r.actions()[i]));
      c.put("visits", r.visits()[i]);
      c.put("policy", r.policy()[i]);
      c.put("prior", priorValue(r.prior()[i]));
      ArrayNode q = c.putArray("q");
      for (double v : r.q()[i]) {
        if (Double.isNaN(v)) {
          q.addNull();
        } else {
          q.add(v);
        }
      }
    }
    ArrayNode rv = root.putArray("root_value");
    for (double v : r.rootValue()) {
      if (Double.isNaN(v)) {
        rv.addNull();
      } else {
        rv.add(v);
      }
    }
    ArrayNode pvIds = root.putArray("principal_variation");
    for (int i = 0; i < pv.size(); i++) {
      pvIds.add(r.principalVariation()[i]);
    }
    ArrayNode pvs = root.putArray("principal_variation_strings");
    pv.forEach(pvs::add);
    root.put("simulations", r.simulations());
    root.put("nodes", r.nodes());
    root.put("max_depth", r.maxDepth());
    root.put("elapsed_ms", r.elapsedMs());
    root.put("bytes_per_node", r.bytesPerNode());
    return m.writeValueAsString(root);
  }
}
