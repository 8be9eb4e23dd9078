package dev.ponder.app;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.ChanceOutcome;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.MatchRecord;
import dev.ponder.game.State;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder play GAME --players human,random}: one match in the terminal. Each seat is an
 * agent string ({@code human} reads moves from standard input); chance outcomes are drawn with
 * the seed; the board is drawn after every move; {@code --record FILE} saves the match as a
 * {@link MatchRecord} line.
 */
@Command(name = "play", mixinStandardHelpOptions = true,
    description = {"Play one match in the terminal against any registered agents.",
        "A human sees the legal moves as id=string (e.g. 4=x(1,1)) and types the action string or the id; anything else is"
            + " refused with the legal ones.",
        "--record creates missing parent directories; a path that cannot be written is refused before the match."})
public final class PlayCommand implements PonderCommand {

  @Parameters(index = "0", paramLabel = "GAME", description = "Game string, e.g. tic_tac_toe or connect_four(rows=5).")
  String gameString;

  @Option(names = "--players", required = true, paramLabel = "AGENTS",
      description = "One agent string per seat, comma-separated in seat order (commas inside parentheses belong to the agent), e.g. human,random.")
  String players;

  @Option(names = "--seed", paramLabel = "S", description = "Seed for chance outcomes and agents (default: ${DEFAULT-VALUE}).", defaultValue = "1")
  long seed;

  @Option(names = "--record", paramLabel = "FILE", description = "Save the match (game string | actions) to FILE; missing parent directories are created.")
  Path record;

  @CommandLine.ParentCommand Ponder parent;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    Game game = GameRegistry.load(gameString);
    List<String> seats = splitTopLevel(players);
    if (seats.size() != game.numPlayers()) {
      throw new UsageException("--players lists " + seats.size() + " agent(s) but " + game.spec() + " has "
          + game.numPlayers() + " players; give one agent string per seat, e.g. --players " + String.join(",", java.util.Collections.nCopies(game.numPlayers(), "random")));
    }
    if (record != null) {
      IoReasons.requireWritable("--record", record); // before the match: missing parents are created
    }
    BufferedReader in = new BufferedReader(new InputStreamReader(parent == null ? System.in : parent.stdin(), StandardCharsets.UTF_8));
    AgentRegistry.register(new HumanAgent.Factory(in, out));
    List<Agent> agents = new ArrayList<>();
    SplittableRandom seeds = new SplittableRandom(seed);
    SplittableRandom chance = seeds.split();
    try {
      for (String s : seats) {
        agents.add(AgentRegistry.create(s, game, seeds.nextLong()));
      }
      SearchThreads.warnings(seats, Runtime.getRuntime().availableProcessors())
          .forEach(w -> spec.commandLine().getErr().println(w));
      spec.commandLine().getErr().flush();
      State state = game.newInitialState();
      // with imperfect information a human must not see the full state or the hidden moves:
      // each human sees their own information state when asked to move; the full game is shown
      // once it is over
      boolean hide = !game.type().isPerfectInformation()
          && seats.stream().anyMatch(s -> dev.ponder.spec.Spec.parse(s).name().equals(HumanAgent.Factory.NAME));
      out.println(game.spec() + ": " + describeSeats(seats));
      if (hide) {
        out.println("(imperfect information: a human sees only their own information state; the full game is"
            + " shown at the end)");
      } else {
        out.println(state);
      }
      StringBuilder log = new StringBuilder();
      int move = 0;
      while (!state.isTerminal()) {
        int p = state.currentPlayer();
        int action;
        if (p == State.CHANCE) {
          action = sampleChance(state, chance);
        } else {
          action = agents.get(p).selectAction(state);
        }
        String text = state.actionToString(p, action);
        State before = state.copy();
        state.applyAction(action);
        for (Agent a : agents) {
          a.informAction(before, p, action);
        }
        move++;
        String line = move + ". " + (p == State.CHANCE ? "chance" : "player " + p + " (" + seats.get(p) + ")") + ": " + text;
        if (hide) {
          log.append(line).append('\n');
          out.println(move + ". " + (p == State.CHANCE ? "chance" : "player " + p + " (" + seats.get(p) + ") moved"));
        } else {
          out.println();
          out.println(line);
          out.println(state);
        }
        out.flush();
      }
      if (hide) {
        out.println();
        out.print(log);
        out.println(state);
      }
      out.println("result: " + result(state));
      if (record != null) {
        String line = MatchRecord.of(state).toLine();
        try {
          Files.writeString(record, line + System.lineSeparator(), StandardCharsets.UTF_8);
        } catch (IOException e) {
          throw IoReasons.writeFailed("--record", record, e);
        }
        out.println("saved to " + record);
      }
      out.flush();
      return 0;
    } finally {
      for (Agent a : agents) {
        a.close();
      }
    }
  }

  private static String describeSeats(List<String> seats) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < seats.size(); i++) {
      parts.add("player " + i + " = " + seats.get(i));
    }
    return String.join(", ", parts);
  }

  /** A chance outcome of {@code s} (a chance node) drawn by its probability with {@code rng}. */
  static int sampleChance(State s, SplittableRandom rng) {
    List<ChanceOutcome> outcomes = s.chanceOutcomes();
    double u = rng.nextDouble();
    for (ChanceOutcome o : outcomes) {
      u -= o.probability();
      if (u < 0) {
        return o.action();
      }
    }
    return outcomes.get(outcomes.size() - 1).action();
  }

  static String result(State s) {
    double[] r = s.returns();
    StringBuilder sb = new StringBuilder("returns ").append(ReturnsFormat.format(r));
    if (r.length == 2 && s.game().type().utility() == dev.ponder.game.GameType.Utility.ZERO_SUM) {
      sb.append(r[0] > r[1] ? " (player 0 wins)" : r[1] > r[0] ? " (player 1 wins)" : " (draw)");
    }
    return sb.toString();
  }


  /** Splits at commas outside parentheses: {@code uct(a=1,b=2),random} → two strings. */
  static List<String> splitTopLevel(String text) {
    return SearchCommand.splitList(text, c -> c == ',', "--players has an empty agent string in '" + text + "'");
  }
}
