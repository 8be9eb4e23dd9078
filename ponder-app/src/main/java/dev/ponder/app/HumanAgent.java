package dev.ponder.app;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentFactory;
import dev.ponder.game.Game;
import dev.ponder.game.IllegalActionException;
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
 * A person at the terminal: prompts for a move and reads one line per attempt. A move is the
 * action's string ({@code x(1,1)}, {@code roll}; case-insensitive) or its number. An illegal or
 * malformed move is refused with the list of legal moves and asked again.
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
        try {
          return state.stringToAction(t);
        } catch (IllegalActionException e) {
          out.println("illegal move '" + t + "'; legal moves: " + legalMoves(state));
          continue;
        }
      }
      out.println("legal moves: " + legalMoves(state));
    }
  }

  static String legalMoves(State state) {
    StringJoiner j = new StringJoiner(" ");
    int p = state.currentPlayer();
    for (int a : state.legalActions()) {
      j.add(state.actionToString(p, a));
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
      return "a person at the terminal, typing moves (action strings or numbers)";
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
