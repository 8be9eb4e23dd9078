package dev.ponder.app;

import dev.ponder.game.IllegalActionException;
import dev.ponder.game.MatchRecord;
import dev.ponder.game.State;
import dev.ponder.game.check.Playthrough;
import dev.ponder.game.check.PlaythroughFormatException;
import dev.ponder.game.check.PlaythroughReplayer;
import dev.ponder.game.check.ReplayResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder replay FILE}: replays an OpenSpiel golden playthrough (first line {@code game:
 * ...}) against Ponder's game and reports the first difference, or replays a saved match (a
 * {@link MatchRecord} line {@code <game> | a1 a2 ...}) and prints the final position and returns.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
    description = {"Replay an OpenSpiel playthrough file and report the first difference, or replay a saved match.",
        "Exit codes: 0 the file replays, 1 a difference (printed), 2 unreadable or malformed file or unknown game."})
public final class ReplayCommand implements PonderCommand {

  @Parameters(index = "0", paramLabel = "FILE", description = "Playthrough file or match record file.")
  Path file;

  @Option(names = "--strings", negatable = true,
      description = "Compare information-state and observation strings (default: only for kuhn_poker, leduc_poker, liars_dice).")
  Boolean strings;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      throw new UsageException("cannot read " + file + ": " + IoReasons.of(e));
    }
    String first = text.lines().filter(l -> !l.isBlank()).findFirst().orElse("");
    if (first.startsWith("game:")) {
      return replayPlaythrough(text);
    }
    if (first.contains("|")) {
      return replayMatch(first);
    }
    throw new UsageException(file + " is neither a playthrough (first line 'game: <game string>') nor a match record ('<game> | <actions>')");
  }

  private int replayPlaythrough(String text) {
    Playthrough pt;
    try {
      pt = Playthrough.parse(file.getFileName().toString(), text);
    } catch (PlaythroughFormatException e) {
      throw new UsageException(e.getMessage());
    }
    PlaythroughReplayer replayer = new PlaythroughReplayer();
    if (strings != null) {
      replayer.checkInformationStrings(strings);
    }
    ReplayResult r = replayer.replay(pt);
    if (r.matches()) {
      PrintWriter out = spec.commandLine().getOut();
      out.println(r.describe());
      out.flush();
      return 0;
    }
    PrintWriter err = spec.commandLine().getErr();
    err.println("ponder: " + r.describe());
    err.flush();
    return 1;
  }

  private int replayMatch(String line) {
    MatchRecord rec;
    try {
      rec = MatchRecord.parse(line);
    } catch (IllegalArgumentException e) {
      throw new UsageException(file + ": " + e.getMessage());
    }
    State s;
    try {
      s = rec.replay();
    } catch (IllegalActionException e) {
      throw new UsageException(file + ": " + e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    out.println(rec.game() + " after " + rec.actions().length + " actions" + (s.isTerminal() ? " (terminal)" : ""));
    out.println(s);
    if (s.isTerminal()) {
      out.println("returns: " + PlayCommand.formatReturns(s.returns()));
    } else {
      out.println("to move: " + (s.isChanceNode() ? "chance" : "player " + s.currentPlayer()));
    }
    out.flush();
    return 0;
  }
}
