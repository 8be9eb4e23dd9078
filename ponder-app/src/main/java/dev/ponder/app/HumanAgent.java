package dev.ponder.app;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.game.Game;
import dev.ponder.game.State;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * A person at the terminal: prompts for a move and reads one line per attempt. The legal moves are
 * shown as {@code id=string} ({@code 4=x(1,1)}); a move is the action's string (exact, or ignoring
 * case when only one action matches), its id, the text after {@code " - "} of an action string
 * (backgammon's {@code 24/22 13/8} for {@code 11 - 24/22 13/8}), or a short form ({@link
 * #shortForm}: goofspiel's {@code Bid: 2} for {@code [P0]Bid: 2}); see {@link #match}. Anything
 * else is refused ({@code not a legal move or action id: 'foo'}) with the list of legal moves, and
 * asked again. Two commands end the wait instead of a move: {@code quit} ({@link QuitRequest}) and
 * {@code undo} ({@link UndoRequest}); {@code ponder play} handles both.
 */
public final class HumanAgent implements Agent {
  private final BufferedReader in;
  private final PrintWriter out;

  /** End of input while a move was expected. */
  public static final class InputEndedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InputEndedException(String message) {
      super(message);
    }
  }

  /** The human typed {@code quit}: the match ends here (thrown by {@link #selectAction}). */
  public static final class QuitRequest extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int player;

    QuitRequest(int player) {
      super("player " + player + " quit", null, false, false);
      this.player = player;
    }

    /** The player who quit. */
    public int player() {
      return player;
    }
  }

  /**
   * The human typed {@code undo}: take back their last move and the moves after it (thrown by
   * {@link #selectAction}; the caller decides whether there is a move to take back).
   */
  public static final class UndoRequest extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int player;

    UndoRequest(int player) {
      super("player " + player + " asked to undo", null, false, false);
      this.player = player;
    }

    /** The player who asked. */
    public int player() {
      return player;
    }
  }

  /** The command words a human may type instead of a move. */
  static final String QUIT = "quit";
  static final String UNDO = "undo";

  /** The start of both help lines: how to type a move, up to the command words. */
  private static final String HELP_MOVES = "type a move as its string or id (the number before '='); also: ";
  /** The command words both help lines offer, after undo (which only {@link #HELP} does). */
  private static final String HELP_WORDS = "quit (end the match; --record saves the moves so far), help or an empty line"
      + " (this help and the legal moves again)";

  /** The help line shown before the first move and again for an empty line or {@code help}. */
  static final String HELP = HELP_MOVES + "undo (take back your last move and the moves after it), " + HELP_WORDS;
  /** {@link #HELP} in a match played with {@code --no-undo}: undo is not offered. */
  static final String HELP_NO_UNDO = HELP_MOVES + HELP_WORDS + "; undo is off (--no-undo)";

  /** Echoes of refused input longer than this are cut, ending in {@code …}. */
  static final int ECHO = 80;

  /**
   * The help shown at {@code state}: {@link #HELP}, then, when a legal move has a shorter form
   * than its string ({@link #shortForm}, or the text after {@code " - "}), one example ({@code short
   * forms work too: Bid: 2 for [P0]Bid: 2}), and when a number could be taken for a move's label
   * ({@code Bid: 2}) but is another move's id, a note that a number alone is an id.
   */
  static String help(State state) {
    return help(state, true);
  }

  /** {@link #help(State)}, offering undo only when {@code undo} ({@link #HELP_NO_UNDO} otherwise). */
  static String help(State state, boolean undo) {
    StringBuilder sb = new StringBuilder(undo ? HELP : HELP_NO_UNDO);
    int p = state.currentPlayer();
    for (int a : state.legalActions()) {
      String s = state.actionToString(p, a);
      String tail = tail(s);
      String shorter = shortForm(tail != null ? tail : s);
      if (!shorter.isEmpty() && !shorter.equals(s) && !shorter.equals(shown(s, a))) {
        sb.append(System.lineSeparator()).append("short forms work too: ").append(shorter).append(" for ").append(s);
        break;
      }
    }
    numberNote(state).ifPresent(n -> sb.append(System.lineSeparator()).append(n));
    return sb.toString();
  }

  /**
   * When a legal move's short form is a label and a number ({@code Bid: 2}) and that number is the
   * id of another legal move, the note that a number alone is an id: {@code note: a number alone is
   * a move's id: 2 plays [P0]Bid: 3; type Bid: 2 for [P0]Bid: 2}.
   */
  static java.util.Optional<String> numberNote(State state) {
    int p = state.currentPlayer();
    int[] legal = state.legalActions();
    java.util.regex.Pattern labelled = java.util.regex.Pattern.compile("^[A-Za-z][A-Za-z ]*?(?::\\s*|\\s+)(\\d{1,9})$");
    for (int a : legal) {
      String s = state.actionToString(p, a);
      java.util.regex.Matcher m = labelled.matcher(shortForm(s));
      if (!m.matches()) {
        continue;
      }
      int n = Integer.parseInt(m.group(1));
      if (n != a && java.util.Arrays.binarySearch(legal, n) >= 0) {
        return java.util.Optional.of("note: a number alone is a move's id: " + n + " plays " + shown(state, p, n)
            + "; type " + shortForm(s) + " for " + s);
      }
    }
    return java.util.Optional.empty();
  }

  /** {@code text} as echoed in a refusal: cut to {@link #ECHO} characters, ending in {@code …}, when longer. */
  static String echo(String text) {
    return text.length() <= ECHO ? text : text.substring(0, ECHO - 1) + "…";
  }

  private boolean helped;
  /** Whether the help offers undo (false in a match played with {@code --no-undo}). */
  private final boolean undo;

  public HumanAgent(BufferedReader in, PrintWriter out) {
    this(in, out, true);
  }

  /** A human whose help offers undo only when {@code undo} ({@code play --no-undo} passes false). */
  public HumanAgent(BufferedReader in, PrintWriter out, boolean undo) {
    this.in = in;
    this.out = out;
    this.undo = undo;
  }

  @Override
  public int selectAction(State state) {
    Agent.requireDecisionNode(state);
    int p = state.currentPlayer();
    if (!state.game().type().isPerfectInformation()) {
      // the human sees their own information state only, never the full state
      out.println("player " + p + ", your information state:");
      out.println(state.informationStateString(p));
    }
    if (!helped) {
      out.println(help(state, undo));
      helped = true;
    }
    out.println("legal moves: " + legalMoves(state));
    while (true) {
      out.print("player " + p + " move> ");
      out.flush();
      String line;
      try {
        line = in.readLine();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the move: " + e.getMessage(), e);
      }
      if (line == null) {
        out.println();
        out.flush();
        throw new InputEndedException("input ended while waiting for player " + p + "'s move");
      }
      String t = line.trim();
      if (!t.isEmpty() && !t.equalsIgnoreCase("help")) {
        Match m = match(state, t); // a move whose string is "quit" or "undo" wins over the command
        if (m.action() >= 0) {
          return m.action();
        }
        if (t.equalsIgnoreCase(QUIT)) {
          throw new QuitRequest(p);
        }
        if (t.equalsIgnoreCase(UNDO)) {
          throw new UndoRequest(p);
        }
        out.println(m.ambiguity() != null ? m.ambiguity()
            : "not a legal move or action id: '" + echo(t) + "'; legal moves: " + legalMoves(state));
        continue;
      }
      out.println(help(state, undo));
      out.println("legal moves: " + legalMoves(state));
    }
  }

  /**
   * What an input names: a legal action ({@code action >= 0}), or nothing ({@code action == -1})
   * with, when several legal actions with different results share the text, a one-line
   * {@code ambiguity} listing them (else null).
   */
  record Match(int action, String ambiguity) {}

  /**
   * The legal action {@code text} names. In order: {@link #parseMove} (the full action string or
   * the id); else the actions whose string's part after the first {@code " - "} equals
   * {@code text} (exactly, or else ignoring case); else the actions whose string, or its part
   * after {@code " - "}, has the {@link #shortForm} of {@code text} as its own short form (ignoring
   * case): {@code Bid: 2} for {@code [P0]Bid: 2}, {@code pile:1, take:1} for {@code pile:1,
   * take:1;}, {@code 24/22  13/8} for {@code 11 - 24/22 13/8}. One such action is the move;
   * several (as backgammon's two die orders of one play, {@code 11 - 24/22 13/8} and {@code 962 -
   * 24/22 13/8}) are the move with the lowest id when applying each to a copy of {@code state}
   * gives the same resulting state ({@link #sameState}); otherwise the input is ambiguous and the
   * candidates are listed. A number that is a legal id is that id ({@link #parseMove}), even when
   * a short form would read it as another action.
   */
  static Match match(State state, String text) {
    int a = parseMove(state, text);
    if (a >= 0) {
      return new Match(a, null);
    }
    int p = state.currentPlayer();
    int[] legal = state.legalActions();
    List<Integer> exact = new ArrayList<>();
    List<Integer> ignoringCase = new ArrayList<>();
    for (int b : legal) {
      String tail = tail(state.actionToString(p, b));
      if (tail == null) {
        continue;
      }
      tail = tail.trim();
      if (tail.equals(text)) {
        exact.add(b);
      } else if (tail.equalsIgnoreCase(text)) {
        ignoringCase.add(b);
      }
    }
    List<Integer> candidates = !exact.isEmpty() ? exact : ignoringCase;
    if (candidates.isEmpty()) {
      // a short form: the string or its text after " - " with whitespace runs collapsed, without a
      // leading [Pn] tag and without a trailing ';' (goofspiel's Bid: 2, nim's pile:1, take:1)
      String typed = shortForm(text);
      if (typed.isEmpty()) {
        return new Match(-1, null);
      }
      for (int b : legal) {
        String s = state.actionToString(p, b);
        String tail = tail(s);
        if (shortForm(s).equalsIgnoreCase(typed) || tail != null && shortForm(tail).equalsIgnoreCase(typed)) {
          candidates.add(b);
        }
      }
    }
    if (candidates.isEmpty()) {
      return new Match(-1, null);
    }
    int lowest = candidates.stream().mapToInt(Integer::intValue).min().getAsInt();
    State first = state.copy();
    first.applyAction(lowest);
    for (int b : candidates) {
      if (b == lowest) {
        continue;
      }
      State other = state.copy();
      other.applyAction(b);
      if (!sameState(first, other)) {
        StringJoiner j = new StringJoiner("; ");
        for (int c : candidates) {
          j.add(c + "=" + shown(state, p, c));
        }
        return new Match(-1, "'" + echo(text) + "' names " + candidates.size() + " moves with different results; type one's id"
            + " or full string: " + j);
      }
    }
    return new Match(lowest, null);
  }

  /** The text after an action string's first {@code " - "} (backgammon's {@code 24/22 13/8}), or null without one. */
  static String tail(String actionString) {
    int dash = actionString.indexOf(" - ");
    return dash < 0 ? null : actionString.substring(dash + 3);
  }

  /**
   * The short form of a move's text: runs of whitespace collapsed to one space, a leading {@code
   * [Pn]} tag (goofspiel's {@code [P0]Bid: 2}) and trailing {@code ;} (nim's {@code pile:1,
   * take:1;}) removed, trimmed.
   */
  static String shortForm(String text) {
    String t = text.strip().replaceAll("\\s+", " ");
    t = t.replaceFirst("^\\[P\\d+\\] ?", "");
    t = t.replaceFirst("[; ]+$", "");
    return t.strip();
  }

  /**
   * Whether two states of one game (reached from one state by different actions) are the same
   * position: equal {@link State#hash()} when the game overrides it (a position hash such as
   * Zobrist; the default hashes the history, which differs for any two actions), and in every
   * case the same player to move, the same legal actions, the same printed state
   * ({@link State#toString()}) and, for each player, the same observation string and (in
   * imperfect-information games) information-state string.
   */
  static boolean sameState(State a, State b) {
    if (positionHash(a) && a.hash() != b.hash()) {
      return false;
    }
    if (a.currentPlayer() != b.currentPlayer() || !a.toString().equals(b.toString())) {
      return false;
    }
    if (!a.isTerminal() && !java.util.Arrays.equals(a.legalActions(), b.legalActions())) {
      return false;
    }
    boolean perfect = a.game().type().isPerfectInformation();
    for (int q = 0; q < a.game().numPlayers(); q++) {
      if (!a.observationString(q).equals(b.observationString(q))) {
        return false;
      }
      if (!perfect && !a.informationStateString(q).equals(b.informationStateString(q))) {
        return false;
      }
    }
    return true;
  }

  /** Whether the state's class overrides {@link State#hash()} (a position hash). */
  private static boolean positionHash(State s) {
    try {
      return s.getClass().getMethod("hash").getDeclaringClass() != State.class;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /**
   * The legal action {@code text} names, or -1: the action whose string is exactly {@code text};
   * else the one whose string equals it ignoring case, if only one does; else the legal action
   * whose id {@code text} is (a decimal integer). A string match comes first, so a game whose
   * action strings are numbers is played by its strings.
   */
  static int parseMove(State state, String text) {
    int p = state.currentPlayer();
    int[] legal = state.legalActions();
    int ignoringCase = -1;
    int ignoringCaseCount = 0;
    for (int a : legal) {
      String s = state.actionToString(p, a);
      if (s.equals(text)) {
        return a;
      }
      if (s.equalsIgnoreCase(text)) {
        ignoringCase = a;
        ignoringCaseCount++;
      }
    }
    if (ignoringCaseCount == 1) {
      return ignoringCase;
    }
    if (text.matches("[0-9]{1,9}")) {
      int id = Integer.parseInt(text);
      for (int a : legal) {
        if (a == id) {
          return a;
        }
      }
    }
    return -1;
  }

  /**
   * The legal moves as {@code id=string}, separated by "; ": {@code 0=x(0,0); 1=x(0,1)} (by " | "
   * when a move's string holds a ';' of its own, as nim's {@code pile:1, take:1;} does). An action
   * string that starts with its own id and {@code " - "} (backgammon's {@code 11 - 24/22 13/8}) is
   * shown without that prefix ({@code 11=24/22 13/8}). Among actions of that {@code "N - text"}
   * form, those whose resulting states are the same ({@link #sameState}, the test {@link #match}
   * uses for a text; backgammon's two die orders of one play, {@code 13/8/6} and {@code 13/11/6})
   * are listed once, under the lowest id, and a closing note says how many other ids give a listed
   * move's position (they are accepted too).
   */
  static String legalMoves(State state) {
    List<String> items = new ArrayList<>();
    boolean semicolons = false; // a move's own ';' (nim's "pile:1, take:1;") would run into the separator
    int p = state.currentPlayer();
    int[] legal = state.legalActions();
    // the listed actions of the " - " form, by the printed state each leads to
    java.util.Map<String, List<State>> listedByPrint = new java.util.HashMap<>();
    int merged = 0;
    for (int a : legal) {
      String s = state.actionToString(p, a);
      if (s.contains(" - ")) {
        State next = state.copy();
        next.applyAction(a);
        List<State> same = listedByPrint.computeIfAbsent(next.toString(), k -> new ArrayList<>());
        boolean duplicate = false;
        for (State listed : same) {
          if (sameState(listed, next)) {
            duplicate = true;
            break;
          }
        }
        if (duplicate) {
          merged++;
          continue;
        }
        same.add(next);
      }
      items.add(a + "=" + shown(s, a));
      semicolons |= s.indexOf(';') >= 0;
    }
    String list = String.join(semicolons ? " | " : "; ", items);
    if (merged > 0) {
      list += " (" + merged + " other id" + (merged == 1 ? "" : "s") + " give" + (merged == 1 ? "s" : "")
          + " the same position as a listed move and " + (merged == 1 ? "is" : "are") + " accepted too)";
    }
    return list;
  }

  /** Action {@code a}'s string as listed: without a leading {@code "a - "} (the id is shown once). */
  static String shown(State state, int player, int a) {
    return shown(state.actionToString(player, a), a);
  }

  private static String shown(String actionString, int a) {
    String idPrefix = a + " - ";
    return actionString.startsWith(idPrefix) ? actionString.substring(idPrefix.length()) : actionString;
  }

  /**
   * Factory for {@code human}. The no-argument constructor (service registration) reads the
   * process's standard input; {@code ponder play} registers one on its own streams.
   */
  public static final class Factory implements AgentFactory {
    /** The agent name. */
    static final String NAME = "human";

    private final BufferedReader in;
    private final PrintWriter out;
    private final boolean undo;

    public Factory() {
      this(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)),
          new PrintWriter(System.out, true, StandardCharsets.UTF_8));
    }

    public Factory(BufferedReader in, PrintWriter out) {
      this(in, out, true);
    }

    /** Humans reading {@code in}, writing {@code out}, whose help offers undo only when {@code undo}. */
    public Factory(BufferedReader in, PrintWriter out, boolean undo) {
      this.in = in;
      this.out = out;
      this.undo = undo;
    }

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public String description() {
      return "a person at the terminal, typing moves (action strings, their short forms, or action ids, shown as"
          + " id=string)";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of();
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      return new HumanAgent(in, out, undo);
    }
  }
}
