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
import java.util.List;
import java.util.StringJoiner;

/**
 * A person at the terminal: prompts for a move and reads one line per attempt. The legal moves are
 * shown as {@code id=string} ({@code 4=x(1,1)}); a move is the action's string (exact, or ignoring
 * case when only one action matches) or its id. Anything else is refused ({@code not a legal move
 * or action id: 'foo'}) with the list of legal moves, and asked again.
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

  public HumanAgent(BufferedReader in, PrintWriter out) {
    this.in = in;
    this.out = out;
  }

  @Override
  public int selectAction(State state) {
    int p = state.currentPlayer();
    if (!state.game().type().isPerfectInformation()) {
      // the human sees their own information state only, never the full state
      out.println("player " + p + ", your information state:");
      out.println(state.informationStateString(p));
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
      if (!t.isEmpty()) {
        int a = parseMove(state, t);
        if (a >= 0) {
          return a;
        }
        out.println("not a legal move or action id: '" + t + "'; legal moves: " + legalMoves(state));
        continue;
      }
      out.println("legal moves: " + legalMoves(state));
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

  /** The legal moves as {@code id=string}, separated by "; ": {@code 0=x(0,0); 1=x(0,1)}. */
  static String legalMoves(State state) {
    StringJoiner j = new StringJoiner("; ");
    int p = state.currentPlayer();
    for (int a : state.legalActions()) {
      j.add(a + "=" + state.actionToString(p, a));
    }
    return j.toString();
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

    public Factory() {
      this(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)),
          new PrintWriter(System.out, true, StandardCharsets.UTF_8));
    }

    public Factory(BufferedReader in, PrintWriter out) {
      this.in = in;
      this.out = out;
    }

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public String description() {
      return "a person at the terminal, typing moves (action strings or action ids, shown as id=string)";
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of();
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      return new HumanAgent(in, out);
    }
  }
}
