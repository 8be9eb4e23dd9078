package dev.ponder.app;

import dev.ponder.game.GameContractException;
import dev.ponder.game.GameRegistry;
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
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ponder replay FILE}: replays an OpenSpiel golden playthrough (first line {@code game:
 * ...}) against Ponder's game and reports the first difference, or replays a saved match (a
 * {@link MatchRecord} line {@code <game> | a1 a2 ...}, optionally followed by the finished match's
 * {@code returns: r0 r1 ...} line, which is checked) and prints the final position and returns.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
    description = {"Replay an OpenSpiel playthrough file and report the first difference, or replay saved matches.",
        "A playthrough must be complete: every header field OpenSpiel writes, and states up to a terminal one whose "
            + "History() is the file's action sequence; a file cut short or missing a header line is reported as incomplete.",
        "A match file (one '<game> | <actions>' record per line, e.g. from play --record, each optionally followed by a"
            + " 'returns: r0 r1 ...' line, which play --record writes after a finished match and replay checks) has every"
            + " record replayed: "
            + "one record prints the final board and returns; several print one summary line each (a record that "
            + "fails says why), then one error line if any failed. A record whose game string leaves parameters out "
            + "(recorded before records named every parameter) replays on their current defaults, and a note on stderr "
            + "names them.",
        "A leading UTF-8 byte-order mark is ignored.",
        "Exit codes: 0 the file replays, 1 a difference ('ponder: error: FILE: state k, Field: expected X but was Y', or a"
            + " record whose actions give other returns than its returns line), "
            + "2 unreadable, malformed or incomplete file (a returns line that is not one number per player, or that follows"
            + " no record, is malformed), unknown game, or a match record that fails (an illegal action is named "
            + "with its 1-based position in the record and the history before it)."})
public final class ReplayCommand implements PonderCommand {

  @Parameters(index = "0", paramLabel = "FILE", description = "Playthrough file or match record file.")
  Path file;

  @Option(names = "--strings", negatable = true, defaultValue = "true", fallbackValue = "true",
      description = "Compare a playthrough's InformationStateString(p) and ObservationString(p) (default; --no-strings skips them).")
  boolean strings;

  @Option(names = "--tensors", negatable = true, defaultValue = "true", fallbackValue = "true",
      description = "Compare a playthrough's InformationStateTensor(p) and ObservationTensor(p) where the game provides"
          + " that tensor (default; --no-tensors skips them).")
  boolean tensors;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    IoReasons.requireName("replay", file);
    String text;
    try {
      text = IoReasons.readUtf8(file); // a leading byte-order mark is dropped
    } catch (IOException | RuntimeException e) {
      throw new UsageException("cannot read " + file + ": " + IoReasons.of(e));
    }
    String first = text.lines().filter(l -> !l.isBlank()).findFirst().orElse("");
    if (first.startsWith("game:")) {
      return replayPlaythrough(text);
    }
    if (first.contains("|")) {
      return replayMatches(text);
    }
    throw new UsageException(file + " is neither a playthrough (first line 'game: <game string>') nor a match record ('<game> | <actions>')");
  }

  private int replayPlaythrough(String text) {
    Playthrough pt;
    try {
      pt = Playthrough.parse(file.toString(), text); // named as given, as in every other message
    } catch (PlaythroughFormatException e) {
      throw new UsageException(e.getMessage());
    }
    PlaythroughReplayer replayer = new PlaythroughReplayer();
    replayer.checkInformationStrings(strings).checkTensors(tensors);
    ReplayResult r;
    try {
      r = replayer.replay(pt);
    } catch (PlaythroughFormatException e) {
      throw new UsageException(e.getMessage()); // incomplete: one line naming what is missing
    }
    if (r.matches()) {
      PrintWriter out = spec.commandLine().getOut();
      // the library's reasons for skipped fields, in the terms of this command's flags
      out.println(r.describe().replace("(" + PlaythroughReplayer.STRINGS_OFF + ")", "(--no-strings)")
          .replace("(" + PlaythroughReplayer.TENSORS_OFF + ")", "(--no-tensors)"));
      out.flush();
      return 0;
    }
    PrintWriter err = spec.commandLine().getErr();
    err.println("ponder: error: " + r.describe()); // a failed check: exit 1, like every runtime failure
    err.flush();
    return 1;
  }

  /** The start of the line after a finished match's record that holds its returns. */
  static final String RETURNS = "returns:";

  /**
   * The line {@code play --record} writes after the record of a finished match: {@code returns: 1
   * -1}, each return in the shortest decimal that reads back as exactly that double (no exponent;
   * {@code -0.0} as {@code 0}), so {@code replay} can check that the actions still give the result
   * the match had.
   */
  static String returnsLine(double[] returns) {
    return RETURNS + " " + ReturnsFormat.exact(returns);
  }

  /** One record of a match file: its line, and the returns line after it (0 and null if none). */
  private record Entry(int line, String record, int returnsLine, String returns) {}

  /**
   * Checks a record's {@code returns:} line against the replayed state: it must be terminal with
   * the same returns (within 1e-9, relative to the larger magnitude).
   *
   * @return null if they agree, else why not, e.g. {@code the record's returns are -1 1 but its actions give 1 -1}
   * @throws IllegalArgumentException if the line is malformed: a value that is not a finite
   *     decimal number (NaN, Infinity, 1e400, 1d, 0x1p0), or not one value per player of the
   *     state's game
   */
  static String returnsDiffer(String returnsLine, State s) {
    String[] parts = returnsLine.strip().substring(RETURNS.length()).trim().split("\\s+");
    double[] recorded = new double[parts.length];
    for (int i = 0; i < parts.length; i++) {
      try {
        // decimal notation, as every number Ponder reads (not Java's 1d, 0x1p0, NaN or Infinity)
        recorded[i] = dev.ponder.spec.ParamSpec.parseDecimal(parts[i]);
      } catch (NumberFormatException e) {
        recorded[i] = Double.NaN;
      }
      // Ponder writes finite returns only; an infinite one (1e400) also passed the relative tolerance below
      if (!Double.isFinite(recorded[i])) {
        throw new IllegalArgumentException("malformed returns line: '" + parts[i] + "' is not a finite decimal number");
      }
    }
    int players = s.game().numPlayers();
    if (recorded.length != players) {
      throw new IllegalArgumentException("malformed returns line: " + recorded.length + (recorded.length == 1 ? " value" : " values")
          + ", expected " + players + " (one per player)");
    }
    String said = String.join(" ", parts);
    if (!s.isTerminal()) {
      return "the record's returns are " + said + " but its actions end before the game does";
    }
    double[] r = s.returns();
    boolean same = r.length == recorded.length;
    for (int i = 0; same && i < r.length; i++) {
      same = Math.abs(r[i] - recorded[i]) <= 1e-9 * Math.max(1, Math.max(Math.abs(r[i]), Math.abs(recorded[i])));
    }
    return same ? null : "the record's returns are " + said + " but its actions give " + ReturnsFormat.format(r)
        + " (the record or the game changed since the match was played?)";
  }

  /**
   * Replays every match record of the file (one per non-blank line, each optionally followed by
   * its {@code returns:} line, checked against the replayed state). One record: the final board
   * and the returns (or the player to move). Several: one summary line each on stdout ({@code
   * FILE:LINE: ...}, a record that fails says {@code not replayed: reason}, one whose returns
   * differ says {@code differs: reason}). A record whose game breaks the API's contract ({@link
   * GameContractException}) is not replayed, with the contract's message, nor are the game's
   * later records; the other games' records are.
   *
   * @return 0 if every record replays, 1 if every record replays but some give other returns than
   *     their {@code returns:} lines
   * @throws UsageException (exit 2) naming the lines of the records that are malformed or have an
   *     illegal action
   */
  private int replayMatches(String text) {
    List<String> lines = text.lines().toList();
    List<Entry> entries = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      if (l.isBlank()) {
        continue;
      }
      if (l.strip().startsWith(RETURNS)) {
        Entry last = entries.isEmpty() ? null : entries.get(entries.size() - 1);
        if (last == null || last.returns() != null) {
          // no record to belong to (a second returns line after one record, say): a malformed file
          throw new UsageException(file + ":" + (i + 1) + ": a '" + RETURNS + "' line must follow the record whose returns it holds"
              + (last == null ? "" : " (line " + last.returnsLine() + " already holds the returns of the record on line "
                  + last.line() + ")"));
        } else {
          entries.set(entries.size() - 1, new Entry(last.line(), last.record(), i + 1, l));
        }
        continue;
      }
      entries.add(new Entry(i + 1, l, 0, null));
    }
    if (entries.size() == 1 && entries.get(0).record() != null) {
      return replayMatch(entries.get(0));
    }
    PrintWriter out = spec.commandLine().getOut();
    List<Integer> failed = new ArrayList<>();
    List<Integer> differ = new ArrayList<>();
    // per game (as its records write it) that broke the API's contract: the contract's message
    java.util.Map<String, String> broken = new java.util.HashMap<>();
    for (Entry e : entries) {
      int n = e.line();
      String where = file + ":" + n + ": ";
      String game = null;
      try {
        MatchRecord rec = MatchRecord.parse(e.record());
        game = rec.game();
        String fault = broken.get(game);
        if (fault != null) {
          // the game's code is at fault, not the record: its other records are not replayed either
          failed.add(n);
          out.println(where + "not replayed: " + fault);
          out.flush();
          continue;
        }
        State s = replayRecord(rec);
        note(where, s, rec);
        String differs;
        try {
          differs = e.returns() == null ? null : returnsDiffer(e.returns(), s);
        } catch (IllegalArgumentException ex) { // a malformed returns line: named by its own line
          failed.add(e.returnsLine());
          out.println(file + ":" + e.returnsLine() + ": " + ex.getMessage());
          out.flush();
          continue;
        }
        int count = rec.actions().length;
        if (differs != null) {
          differ.add(n);
          out.println(where + "differs: " + differs);
        } else {
          out.println(where + rec.game() + " after " + count + (count == 1 ? " action" : " actions")
              + (s.isTerminal() ? " (terminal" + (e.returns() != null ? ", returns as recorded" : "") + "); returns: "
                  + ReturnsFormat.format(s.returns())
                  : "; to move: " + (s.isChanceNode() ? "chance" : "player " + s.currentPlayer())));
        }
        out.flush();
      } catch (GameContractException ex) {
        // the game breaks the API (legal actions not ascending): this record, and the game's other
        // records, are not replayed; the records of other games are
        String m = ex.getMessage() == null ? "" : ex.getMessage().lines().findFirst().orElse("");
        broken.put(game, m);
        failed.add(n);
        out.println(where + "not replayed: " + m);
        out.flush();
      } catch (IllegalArgumentException ex) { // malformed record, illegal action (IllegalActionException), unknown game (SpecException)
        failed.add(n);
        String m = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
        out.println(where + "not replayed: " + m.lines().findFirst().orElse(m));
        out.flush();
      }
    }
    if (!failed.isEmpty()) {
      throw new UsageException(failed.size() + " of " + entries.size() + " match records in " + file + " failed (line"
          + (failed.size() == 1 ? " " : "s ") + String.join(", ", failed.stream().map(String::valueOf).toList()) + ")"
          + (differ.isEmpty() ? "" : "; " + differ.size() + " gave other returns than recorded"));
    }
    if (!differ.isEmpty()) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("ponder: error: " + differ.size() + " of " + entries.size() + " match records in " + file
          + " give other returns than recorded (line" + (differ.size() == 1 ? " " : "s ")
          + String.join(", ", differ.stream().map(String::valueOf).toList()) + ")");
      err.flush();
      return 1;
    }
    return 0;
  }

  /**
   * Loads the record's game and applies its actions one by one with legality checks.
   *
   * @return the state after every action
   * @throws IllegalActionException at the first illegal action, the message naming its 1-based
   *     position in the record and the history before it, then the state's reason and the legal
   *     actions, e.g. {@code action 3 of 3, after history [4 0]: illegal action 0 in tic_tac_toe
   *     for player 0; legal: ...}
   * @throws dev.ponder.spec.SpecException if the game string is invalid
   * @throws GameContractException if the game's legal actions are not in ascending order where a
   *     recorded action is among them ({@link State#isLegal})
   */
  static State replayRecord(MatchRecord rec) {
    State s = GameRegistry.load(rec.game()).newInitialState();
    int[] actions = rec.actions();
    for (int i = 0; i < actions.length; i++) {
      try {
        s.applyAction(actions[i]);
      } catch (IllegalActionException e) {
        StringBuilder where = new StringBuilder("action ").append(i + 1).append(" of ").append(actions.length);
        if (i == 0) {
          where.append(", at the initial state");
        } else {
          where.append(", after history [");
          for (int j = 0; j < i; j++) {
            where.append(j > 0 ? " " : "").append(actions[j]);
          }
          where.append(']');
        }
        throw new IllegalActionException(where + ": " + e.getMessage());
      }
    }
    return s;
  }

  /** Prints {@link #defaultsNote} on stderr, prefixed by {@code where}, when there is one. */
  private void note(String where, State replayed, MatchRecord rec) {
    String note = defaultsNote(rec, replayed.game());
    if (!note.isEmpty()) {
      PrintWriter err = spec.commandLine().getErr();
      err.println(where + note);
      err.flush();
    }
  }

  /**
   * The note for a record whose game string leaves parameters out (written before records named
   * every parameter, {@link MatchRecord#fullGameString}, or typed by hand): those parameters took
   * the defaults the game has now, which may not be the ones it was played with, e.g. {@code note:
   * the record gives no value for faces, target; replayed with the current defaults faces=6,
   * target=30 (if they changed since it was recorded, it replays another game)}; "" when it names
   * every parameter.
   */
  static String defaultsNote(MatchRecord rec, dev.ponder.game.Game game) {
    java.util.Map<String, String> given;
    try {
      given = dev.ponder.spec.Spec.parse(rec.game()).args();
    } catch (dev.ponder.spec.SpecException e) {
      return ""; // it loaded, so it parses
    }
    java.util.Map<String, String> full = dev.ponder.spec.Spec.parse(MatchRecord.fullGameString(game)).args();
    List<String> missing = new ArrayList<>();
    List<String> values = new ArrayList<>();
    for (java.util.Map.Entry<String, String> e : full.entrySet()) {
      if (!given.containsKey(e.getKey())) {
        missing.add(e.getKey());
        values.add(e.getKey() + "=" + e.getValue());
      }
    }
    if (missing.isEmpty()) {
      return "";
    }
    return "note: the record gives no value for " + String.join(", ", missing) + "; replayed with the current "
        + (missing.size() == 1 ? "default " : "defaults ") + String.join(", ", values)
        + " (if the game's defaults changed since it was recorded, it replays another game)";
  }

  private int replayMatch(Entry entry) {
    MatchRecord rec;
    String differs;
    try {
      rec = MatchRecord.parse(entry.record());
    } catch (IllegalArgumentException e) {
      throw new UsageException(file + ": " + e.getMessage());
    }
    State s;
    try {
      s = replayRecord(rec);
    } catch (IllegalActionException e) {
      throw new UsageException(file + ": " + e.getMessage());
    } catch (GameContractException e) {
      throw new GameContractException(file + ": " + e.getMessage()); // the game's fault: exit 1
    }
    note(file + ": ", s, rec);
    try {
      differs = entry.returns() == null ? null : returnsDiffer(entry.returns(), s);
    } catch (IllegalArgumentException e) {
      throw new UsageException(file + ":" + entry.returnsLine() + ": " + e.getMessage());
    }
    if (differs != null) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("ponder: error: " + file + ":" + entry.returnsLine() + ": " + differs); // a difference: exit 1
      err.flush();
      return 1;
    }
    PrintWriter out = spec.commandLine().getOut();
    int count = rec.actions().length;
    out.println(rec.game() + " after " + count + (count == 1 ? " action" : " actions")
        + (s.isTerminal() ? " (terminal" + (entry.returns() != null ? ", returns as recorded" : "") + ")" : ""));
    out.println(s);
    if (s.isTerminal()) {
      out.println("returns: " + ReturnsFormat.format(s.returns()));
    } else {
      out.println("to move: " + (s.isChanceNode() ? "chance" : "player " + s.currentPlayer()));
    }
    out.flush();
    return 0;
  }
}
