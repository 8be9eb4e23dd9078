package dev.ponder.arena;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The results store: one SQLite file (xerial sqlite-jdbc) in WAL mode. Tables:
 *
 * <pre>
 * tournaments(id, config TEXT UNIQUE -- canonical JSON of {@link TournamentConfig}, seed, created)
 * agents(tournament_id, idx, spec, params -- resolved parameters as JSON)
 * games(tournament_id, idx, spec, num_players, min_utility, max_utility, utility,
 *       params -- every parameter, defaults filled in ({@link dev.ponder.game.MatchRecord#fullGameString});
 *                 NULL for a game stored before the column existed)
 * matches(tournament_id, game_idx, seats -- agent index per seat joined by ',', seed_index,
 *         seed, status -- ok|overrun|error, returns -- per seat joined by ',', length,
 *         move_us -- per decision, seat:micros joined by ',', overruns, message, actions,
 *         failed_seat -- error matches: the seat whose agent's call failed, else NULL,
 *         run_id -- the run that played it ({@code runs.id}); NULL: stored by a build that did not
 *                   record its runs (an unknown build),
 *         PRIMARY KEY (tournament_id, game_idx, seats, seed_index))
 * runs(id INTEGER PRIMARY KEY, tournament_id -- the tournament the run started or resumed,
 *      started -- ISO-8601 UTC instant of its first stored match,
 *      ponder_version -- the build that played its matches, as {@code ponder -V} prints it)
 * </pre>
 *
 * <p>{@code PRAGMA user_version} is the schema's version, {@link #SCHEMA_VERSION}; 0 in a store
 * written before it was set. A store whose version is higher was written by a newer build and is
 * refused ({@link NewerStoreException}) by {@link #open} and {@link #openReadOnly} alike.
 *
 * <p>A store written before {@code failed_seat} existed is upgraded when {@link #open} opens it:
 * the column is added and its error rows are filled in once from their messages, in the same
 * write transaction as the schema check. {@link #openReadOnly} writes nothing: it reads such a
 * store as upgraded, taking the failing seat from the message in memory. A store written before
 * {@code games.params} existed gets the column the same way, {@code NULL} in its rows (the
 * defaults its games were played with are not known); the first run that resumes or extends such
 * a tournament records its games' parameters as they resolve then, so a later change is refused.
 * A store written before {@code runs} and {@code matches.run_id} existed gets both the same way,
 * {@code NULL} in its rows: its matches read as played by an unknown build ({@link
 * StoredMatch#build} null). {@link #openReadOnly} reads such a store as upgraded.
 *
 * <p>A tournament is found by its configuration; a run asking for more seeds per pairing than a
 * stored, otherwise equal tournament extends it ({@link #open}), as long as its agents and games
 * are still the ones stored with it. Each match is inserted in its
 * own transaction (autocommit); a match that is already stored
 * is never replaced ({@code INSERT OR IGNORE}). With WAL and {@code synchronous=NORMAL} a killed
 * process loses at most the matches not yet inserted, and readers (reports) may run while a
 * tournament writes. Thread-safe: writes are serialized.
 */
public final class ArenaStore implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Connection conn;
  private final Path file;
  /** Whether the matches table has {@code failed_seat} (false: a store not yet upgraded, opened read-only). */
  private final boolean failedSeatColumn;
  /** Whether the store has the {@code runs} table and {@code matches.run_id} (false: an older store opened read-only). */
  private final boolean runColumn;
  private PreparedStatement insert;
  /**
   * The run each tournament's matches are stored under by this connection ({@link #beginRun}):
   * its build and start, and its {@code runs.id} once its first match is stored (0 before).
   */
  private final Map<Long, Run> runs = new java.util.HashMap<>();
  /** A read-only reader's shared lock on the run lock file, held while it reads immutably ({@link #openReadOnly}); else null. */
  private RunLock readerLock;
  /**
   * For a store read immutably without the run lock (its lock file missing and impossible to
   * create): the store's size, modification time and log size at opening, checked again after the
   * matches are read ({@link #requireUnchanged}); null otherwise.
   */
  private String unguardedFingerprint;
  /**
   * The failure of an insert that gave up waiting for another program's lock, thrown again by every
   * later insert (other matches of the run finish meanwhile), so that the count of stored matches
   * it gives is what the store holds; null until then.
   */
  private StoreException gaveUp;

  private ArenaStore(Connection conn, Path file, boolean failedSeatColumn, boolean runColumn) {
    this.conn = conn;
    this.file = file;
    this.failedSeatColumn = failedSeatColumn;
    this.runColumn = runColumn;
  }

  /** A run of this connection: the build that plays it, and its row id once written (0 before). */
  private static final class Run {
    final String build;
    long id;

    Run(String build) {
      this.build = build;
    }
  }

  /**
   * The version of the store's schema this build writes and reads, kept in {@code PRAGMA
   * user_version}: 1 (the {@code runs} table and {@code matches.run_id}). A store of a higher
   * version is refused; one of a lower version (0: written before the version was set) is upgraded
   * by {@link #open}.
   */
  public static final int SCHEMA_VERSION = 1;

  /** True if SQLite reports the file damaged ({@code SQLITE_CORRUPT}: "database disk image is malformed"). */
  static boolean isCorrupt(SQLException e) {
    String m = String.valueOf(e.getMessage());
    return (e.getErrorCode() & 0xff) == 11 || m.contains("SQLITE_CORRUPT") || m.contains("disk image is malformed");
  }

  /**
   * The exception for a row that no run of ponder arena writes ({@code what}, with the {@code
   * remedy} for it), unless SQLite's own check of the file finds it damaged: a page overwritten in
   * the middle of the file (a damaged index that hides a row) makes a row look missing that is
   * there, and deleting or restoring rows would not mend it. So {@code PRAGMA quick_check} (every
   * page read once, no index compared with its table: cheap, and run only here, on the way to an
   * error) decides: problems found give the line of a file SQLite finds malformed.
   */
  private DamagedStoreException rowDamage(String what, String remedy) {
    String problem = quickCheckProblem();
    if (problem != null) {
      return new DamagedStoreException(file, new SQLException("PRAGMA quick_check: " + problem));
    }
    return new DamagedStoreException(file, what, remedy);
  }

  /** The first problem {@code PRAGMA quick_check} reports for the store's file, or null when it says ok. */
  private String quickCheckProblem() {
    try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("PRAGMA quick_check")) {
      String first = rs.next() ? rs.getString(1) : "ok";
      return "ok".equals(first) ? null : String.valueOf(first);
    } catch (SQLException e) {
      return isCorrupt(e) ? String.valueOf(e.getMessage()) : null;
    }
  }

  /** The exception for a failed statement: {@link DamagedStoreException} if the file is damaged. */
  private StoreException failed(String what, SQLException e) {
    if (isCorrupt(e)) {
      return new DamagedStoreException(file, e);
    }
    return new StoreException(what + ": " + e.getMessage(), e);
  }

  /**
   * Opens (creating if needed) the store at {@code file}. A store written before the {@code
   * failed_seat} column existed is upgraded ({@link #addFailedSeat}) in the same write transaction
   * as the schema check: another process opening it at the same moment sees it as it was or
   * upgraded, never half done, and a process killed meanwhile leaves it as it was.
   *
   * @throws NotAStoreException if the file is not an SQLite database, or holds tables but not
   *     Ponder's (another application's database): nothing is written to it
   * @throws LinkedStoreException if the file has more than one name ({@link #hardLinkProblem}):
   *     nothing is opened
   * @throws StoreException if the file cannot be opened
   */
  public static ArenaStore open(Path file) {
    return open(file, note -> { });
  }

  /**
   * {@link #open(Path)}, saying on {@code notes} when a wait for another program's lock on the
   * store passes {@link #noteAfterMillis} (once per wait, e.g. {@code note: waiting for another
   * program's lock on t.db (giving up after 30 s)}), at opening and at every later write. SQLite
   * waits up to {@link #giveUpMillis} for a lock another program (e.g. an {@code sqlite3} shell in
   * a transaction) holds on the file; then the open or the write fails in one line that says so,
   * how many matches are stored and how to go on.
   *
   * @param notes receives each note, one line without a line break, from the thread that waits
   */
  public static ArenaStore open(Path file, java.util.function.Consumer<String> notes) {
    return open(file, notes, () -> false);
  }

  /**
   * {@link #open(Path, java.util.function.Consumer)}, giving up a wait for another program's lock
   * at once, at opening and at every later write, when {@code abandon} says so (a run being
   * interrupted: the open or write then fails as a wait that gave up does, in milliseconds rather
   * than after {@link #giveUpMillis}).
   *
   * @param abandon asked every 10 ms while a wait lasts, from the thread that waits
   */
  public static ArenaStore open(Path file, java.util.function.Consumer<String> notes,
      java.util.function.BooleanSupplier abandon) {
    String linked = hardLinkProblem(file);
    if (linked != null) {
      throw new LinkedStoreException(linked);
    }
    Connection c = null;
    try {
      c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
      org.sqlite.BusyHandler.setHandler(c, new Waiter(file, notes, abandon)); // in place of a silent busy_timeout
      try (Statement st = c.createStatement()) {
        // the check and the schema in one write transaction: another process opening the store at
        // the same moment waits, then sees all of Ponder's tables or none (never a part), and a
        // process killed meanwhile leaves the file as it was. The check reads before anything is
        // written: a file that is no SQLite database fails here, and another application's
        // database is refused before Ponder's tables are added to it.
        st.execute("BEGIN IMMEDIATE");
        try {
          requireStoreOrEmpty(c, file);
          requireKnownVersion(c, file);
          createSchema(st);
          addFailedSeat(c);
          addGameParams(c);
          addRunId(c);
          st.execute("PRAGMA user_version=" + SCHEMA_VERSION);
          st.execute("COMMIT");
        } catch (SQLException | RuntimeException e) {
          try {
            st.execute("ROLLBACK");
          } catch (SQLException ignored) {
            // the failure is what the caller hears about
          }
          throw e;
        }
        useWal(st);
        st.execute("PRAGMA synchronous=NORMAL");
      }
      c.setAutoCommit(true);
      return new ArenaStore(c, file, true, true);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(c);
      if (e instanceof RuntimeException r) {
        throw r;
      }
      throw openFailure(file, (SQLException) e);
    }
  }

  /**
   * Switches the store to write-ahead logging. The switch needs the file to itself and SQLite
   * answers {@code SQLITE_BUSY} at once, without waiting, while another connection has it open (a
   * second process opening the same new store); so it is retried for up to 30 s (a store already
   * in WAL mode, the usual case, succeeds at once).
   */
  private static void useWal(Statement st) throws SQLException {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (true) {
      try {
        st.execute("PRAGMA journal_mode=WAL");
        return;
      } catch (SQLException e) {
        boolean busy = String.valueOf(e.getMessage()).contains("SQLITE_BUSY");
        if (!busy || System.nanoTime() > deadline) {
          throw e;
        }
        try {
          Thread.sleep(5);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  /** Creates the tables of {@link #SCHEMA} that do not exist yet. */
  private static void createSchema(Statement st) throws SQLException {
    st.execute("CREATE TABLE IF NOT EXISTS tournaments(id INTEGER PRIMARY KEY, config TEXT NOT NULL UNIQUE, seed INTEGER NOT NULL, created TEXT NOT NULL)");
    st.execute("CREATE TABLE IF NOT EXISTS agents(tournament_id INTEGER NOT NULL, idx INTEGER NOT NULL, spec TEXT NOT NULL, params TEXT NOT NULL, PRIMARY KEY(tournament_id, idx))");
    st.execute("CREATE TABLE IF NOT EXISTS games(tournament_id INTEGER NOT NULL, idx INTEGER NOT NULL, spec TEXT NOT NULL, num_players INTEGER NOT NULL, min_utility REAL NOT NULL, max_utility REAL NOT NULL, utility TEXT NOT NULL, params TEXT, PRIMARY KEY(tournament_id, idx))");
    st.execute("CREATE TABLE IF NOT EXISTS matches(tournament_id INTEGER NOT NULL, game_idx INTEGER NOT NULL, seats TEXT NOT NULL, seed_index INTEGER NOT NULL, seed INTEGER NOT NULL, status TEXT NOT NULL, returns TEXT NOT NULL, length INTEGER NOT NULL, move_us TEXT NOT NULL, overruns TEXT NOT NULL, message TEXT NOT NULL, actions TEXT NOT NULL, failed_seat INTEGER, run_id INTEGER, PRIMARY KEY(tournament_id, game_idx, seats, seed_index))");
    st.execute("CREATE TABLE IF NOT EXISTS runs(id INTEGER PRIMARY KEY, tournament_id INTEGER NOT NULL, started TEXT NOT NULL, ponder_version TEXT NOT NULL)");
  }

  /**
   * Refuses a store whose {@code PRAGMA user_version} is above {@link #SCHEMA_VERSION}: a newer
   * build wrote it, and this one would misread or damage what it added. Reads only.
   *
   * @throws NewerStoreException naming both versions
   */
  private static void requireKnownVersion(Connection c, Path file) throws SQLException {
    int version;
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("PRAGMA user_version")) {
      version = rs.next() ? rs.getInt(1) : 0;
    }
    if (version > SCHEMA_VERSION) {
      throw new NewerStoreException(file, "its schema is version " + version + " (PRAGMA user_version), this build"
          + " knows versions up to " + SCHEMA_VERSION);
    }
  }

  /**
   * Upgrades a store written before runs were recorded: adds {@code matches.run_id}, {@code NULL}
   * in every row (the build that played those matches is not known). The {@code runs} table
   * itself comes from {@link #createSchema}. Called inside {@link #open}'s write transaction;
   * does nothing on a store that has the column.
   */
  private static void addRunId(Connection c) throws SQLException {
    if (hasColumn(c, "matches", "run_id")) {
      return;
    }
    try (Statement st = c.createStatement()) {
      st.execute("ALTER TABLE matches ADD COLUMN run_id INTEGER");
    }
  }

  /** Whether {@code table} has the column {@code column}. */
  private static boolean hasColumn(Connection c, String table, String column) throws SQLException {
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("PRAGMA table_info(" + table + ")")) {
      while (rs.next()) {
        if (column.equals(rs.getString("name"))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Upgrades a store written before the {@code failed_seat} column existed: adds the column
   * ({@code NULL} in every row) and fills it in once for the error rows whose message names the
   * seat whose agent's call failed ({@link #legacyFailedSeat}). Called inside {@link #open}'s write
   * transaction; does nothing on a store that has the column.
   */
  private static void addFailedSeat(Connection c) throws SQLException {
    if (hasColumn(c, "matches", "failed_seat")) {
      return;
    }
    try (Statement st = c.createStatement()) {
      st.execute("ALTER TABLE matches ADD COLUMN failed_seat INTEGER");
    }
    // read every error row first, then update: no row is changed under an open query on its table
    record Failed(long tournament, int game, String seats, int seedIndex, int seat) {}
    List<Failed> failed = new ArrayList<>();
    try (Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT tournament_id, game_idx, seats, seed_index, message FROM matches"
             + " WHERE status = '" + MatchResult.Status.ERROR.label() + "'")) {
      while (rs.next()) {
        String seats = rs.getString(3);
        int seat = legacyFailedSeat(rs.getString(5), splitInts(seats).length);
        if (seat >= 0) {
          failed.add(new Failed(rs.getLong(1), rs.getInt(2), seats, rs.getInt(4), seat));
        }
      }
    }
    try (PreparedStatement up = c.prepareStatement("UPDATE matches SET failed_seat=? WHERE tournament_id=? AND game_idx=?"
        + " AND seats=? AND seed_index=?")) {
      for (Failed f : failed) {
        up.setInt(1, f.seat());
        up.setLong(2, f.tournament());
        up.setInt(3, f.game());
        up.setString(4, f.seats());
        up.setInt(5, f.seedIndex());
        up.executeUpdate();
      }
    }
  }

  /**
   * Upgrades a store written before the {@code games.params} column existed: adds the column,
   * {@code NULL} in every row (the parameters those games were played with, defaults included, are
   * not known; {@link #requireSameGames} compares what such rows hold). Called inside {@link
   * #open}'s write transaction; does nothing on a store that has the column.
   */
  private static void addGameParams(Connection c) throws SQLException {
    if (hasColumn(c, "games", "params")) {
      return;
    }
    try (Statement st = c.createStatement()) {
      st.execute("ALTER TABLE games ADD COLUMN params TEXT");
    }
  }

  /**
   * The seat whose agent's call failed, read off the message of an error match stored before the
   * {@code failed_seat} column existed, in the wording {@link MatchRunner} used then: {@code
   * creating seat s's agent …}, {@code seat s's agent … failed in …} ({@code selectAction} or
   * {@code informAction}), {@code seat s (…) chose illegal action …}; −1 when the message names no
   * agent's call (the game's code failed, the game exceeded its maximum length) or the seat is not
   * one of the match's {@code players}. Used only to upgrade such a store ({@link #addFailedSeat},
   * and in memory by a read-only {@link #matches}); new matches store the seat as data.
   */
  static int legacyFailedSeat(String message, int players) {
    java.util.regex.Matcher m = LEGACY_FAILED_SEAT.matcher(message == null ? "" : message);
    if (!m.lookingAt()) {
      return -1;
    }
    try {
      int seat = Integer.parseInt(m.group(1));
      return seat < players ? seat : -1;
    } catch (NumberFormatException tooLong) {
      return -1;
    }
  }

  private static final java.util.regex.Pattern LEGACY_FAILED_SEAT =
      java.util.regex.Pattern.compile("(?:creating )?seat (\\d+)(?:'s agent | \\()");

  /**
   * Ponder's tables and the columns each must have (the schema above). {@code failed_seat} and
   * {@code games.params} are not required: a store written before they existed gets them ({@link
   * #addFailedSeat}, {@link #addGameParams}).
   */
  private static final java.util.Map<String, List<String>> SCHEMA = new java.util.LinkedHashMap<>();

  static {
    SCHEMA.put("tournaments", List.of("id", "config", "seed", "created"));
    SCHEMA.put("agents", List.of("tournament_id", "idx", "spec", "params"));
    SCHEMA.put("games", List.of("tournament_id", "idx", "spec", "num_players", "min_utility", "max_utility", "utility"));
    SCHEMA.put("matches", List.of("tournament_id", "game_idx", "seats", "seed_index", "seed", "status", "returns",
        "length", "move_us", "overruns", "message", "actions"));
  }

  /**
   * Accepts a database without tables (a new store) or one holding at least one table of
   * Ponder's schema, each of Ponder's tables it holds with its columns (extra tables are left
   * alone; missing ones of Ponder's are created); anything else is another application's
   * database. Reads only.
   *
   * @throws NotAStoreException naming what is missing and the tables the file has
   */
  private static void requireStoreOrEmpty(Connection c, Path file) throws SQLException {
    List<String> tables = tables(c);
    if (tables.isEmpty()) {
      return;
    }
    List<String> problems = schemaProblems(c, tables, false);
    if (!problems.isEmpty()) {
      throw new NotAStoreException(notAStore(file, tables, problems)
          + "; nothing was written to it: give a new file or a store written by ponder arena as --db", null);
    }
  }

  /** The names of the database's own tables (not SQLite's), in name order. */
  private static List<String> tables(Connection c) throws SQLException {
    List<String> tables = new ArrayList<>();
    try (Statement st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")) {
      while (rs.next()) {
        tables.add(rs.getString(1));
      }
    }
    return tables;
  }

  /** {@code FILE is not a Ponder arena store: it is an SQLite database with tables a, b (problems)}. */
  private static String notAStore(Path file, List<String> tables, List<String> problems) {
    List<String> shown = tables.size() <= 6 ? tables : tables.subList(0, 6);
    return file + " is not a Ponder arena store: it is an SQLite database with tables " + String.join(", ", shown)
        + (tables.size() > shown.size() ? ", …" : "") + " (" + String.join("; ", problems) + ")";
  }

  /**
   * What keeps a database holding {@code tables} from being Ponder's store: none of Ponder's tables
   * (or, when {@code allTables}, any of them missing, as a reader that cannot create them needs),
   * and each of Ponder's tables it holds without the columns of {@link #SCHEMA}. Empty when it is a
   * store. Reads only.
   */
  private static List<String> schemaProblems(Connection c, List<String> tables, boolean allTables) throws SQLException {
    List<String> problems = new ArrayList<>();
    List<String> absent = SCHEMA.keySet().stream().filter(t -> !tables.contains(t)).toList();
    if (absent.size() == SCHEMA.size() || (allTables && !absent.isEmpty())) {
      // none of Ponder's tables; some but not all (with their columns) is a store whose schema an
      // older version left incomplete, and gets the rest when opened for writing
      problems.add("no " + String.join(", ", absent) + (absent.size() == 1 ? " table" : " tables"));
    }
    for (java.util.Map.Entry<String, List<String>> t : SCHEMA.entrySet()) {
      if (!tables.contains(t.getKey())) {
        continue;
      }
      Set<String> cols = new HashSet<>();
      try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("PRAGMA table_info(" + t.getKey() + ")")) {
        while (rs.next()) {
          cols.add(rs.getString("name"));
        }
      }
      List<String> missing = t.getValue().stream().filter(col -> !cols.contains(col)).toList();
      if (!missing.isEmpty()) {
        problems.add("its " + t.getKey() + " table lacks " + String.join(", ", missing.subList(0, Math.min(3, missing.size())))
            + (missing.size() > 3 ? " and " + (missing.size() - 3) + " more columns" : ""));
      }
    }
    return problems;
  }

  /** How long a wait for another program's lock on the store lasts before {@link Waiter} notes it, in ms. */
  static volatile long noteAfterMillis = 3_000;

  /** How long SQLite waits for another program's lock on the store before the statement fails, in ms. */
  static volatile long giveUpMillis = 30_000;

  /** True if SQLite gave up waiting for a lock another connection holds ({@code SQLITE_BUSY}, {@code SQLITE_LOCKED}). */
  static boolean isBusy(SQLException e) {
    String m = String.valueOf(e.getMessage());
    return m.contains("SQLITE_BUSY") || m.contains("SQLITE_LOCKED");
  }

  /** {@code another program has held a lock on t.db for 30 s (SQLite: database is locked)}. */
  private static String heldLock(Path file) {
    return "another program has held a lock on " + file + " for " + giveUpText() + " (SQLite: database is locked)";
  }

  /** {@link #giveUpMillis} as a note says it: {@code 30 s}, or {@code 900 ms} when not whole seconds. */
  private static String giveUpText() {
    long ms = giveUpMillis;
    return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
  }

  /**
   * SQLite's busy handler for a writing connection: waits in steps of 10 ms, as {@code
   * busy_timeout} would, for up to {@link #giveUpMillis} or until told to abandon, and passes one note to {@code notes} once
   * a wait has lasted {@link #noteAfterMillis}.
   */
  private static final class Waiter extends org.sqlite.BusyHandler {
    private final Path file;
    private final java.util.function.Consumer<String> notes;
    private final java.util.function.BooleanSupplier abandon;
    private long start;
    private boolean noted;

    Waiter(Path file, java.util.function.Consumer<String> notes, java.util.function.BooleanSupplier abandon) {
      this.file = file;
      this.notes = notes;
      this.abandon = abandon;
    }

    @Override
    protected int callback(int previous) {
      long now = System.nanoTime();
      if (previous == 0) {
        start = now;
        noted = false;
      }
      long waited = (now - start) / 1_000_000;
      if (waited >= giveUpMillis || abandon.getAsBoolean()) {
        return 0;
      }
      if (!noted && waited >= noteAfterMillis) {
        noted = true;
        notes.accept("note: waiting for another program's lock on " + file + " (giving up after " + giveUpText() + ")");
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return 0;
      }
      return 1;
    }
  }

  /** The exception for a store that could not be opened: {@link NotAStoreException} for a file that is no SQLite database. */
  private static StoreException openFailure(Path file, SQLException e) {
    String m = String.valueOf(e.getMessage());
    if (isCorrupt(e)) {
      return new DamagedStoreException(file, e);
    }
    if (isBusy(e)) {
      return new StoreException("cannot open store " + file + ": " + heldLock(file) + "; no match was played; run the"
          + " same command again once it has let go", e);
    }
    if (m.contains("NOTADB") || m.contains("not a database")) {
      return new NotAStoreException(notAStore(file), e);
    }
    return new StoreException("cannot open store " + file + ": " + m, e);
  }

  private static void closeQuietly(Connection c) {
    try {
      if (c != null) {
        c.close();
      }
    } catch (SQLException ignored) {
      // the open failed already
    }
  }

  /**
   * Opens an existing store for reading only: nothing is created or written by this connection's
   * statements ({@code PRAGMA query_only}), and no file is left beside the store. How it opens
   * depends on what this process may write ({@link #writeProblem}):
   *
   * <ul>
   *   <li>the file, its directory and any {@code -wal}/{@code -shm} file beside it writable: read-write
   *       (never creating the file). A read-only connection to a store in WAL mode cannot remove
   *       the {@code -wal} and {@code -shm} files SQLite keeps beside it, whereas a read-write one
   *       that is the last to close checkpoints the log into the store and removes both. While a
   *       tournament writes the store, its connection stays open and the files stay (they are its
   *       log); they go when the last connection closes.
   *   <li>otherwise, when no run is writing the store and its write-ahead log is empty or absent:
   *       read-only and {@code immutable} (SQLite reads the file alone, creating no {@code -wal} or
   *       {@code -shm} file, which a reader could not remove, nor needs to write beside it, which a
   *       read-only directory forbids). Immutable is only safe while nothing writes the file, so
   *       the reader holds a shared lock on the store's run lock file ({@link RunLock#shared},
   *       which creates the lock file if it is missing) while it is open: a run started meanwhile
   *       is refused at once, naming the reader, instead of writing under it. A store without a
   *       lock file has never been written by a run that is still going (a run creates it before
   *       opening the store); when the lock file cannot be created either (a read-only
   *       directory), nothing keeps a run from starting while the store is read, so after reading
   *       the matches the reader checks that the store's size and modification time are as they
   *       were and that no write-ahead log has appeared, and refuses in one line if not ({@code
   *       t.db changed while it was read (a ponder arena run started writing it; this reader could
   *       not create t.db.lock to keep runs out); run again}).
   *   <li>otherwise (a run holds the store, or a log not yet folded back, e.g. after a {@code kill
   *       -9}): read-only through the existing {@code -wal} and {@code -shm} files, which stay as
   *       they were.
   * </ul>
   *
   * <p>A store written before the {@code failed_seat} column existed is not upgraded (nothing is
   * written): it is read as upgraded, each error match's failing seat taken from its message in
   * memory by the rule {@link #open} upgrades with ({@link #legacyFailedSeat}).
   *
   * @throws StoreException if the file is missing or is not an SQLite database; {@link
   *     NotAStoreException} if it lacks one of Ponder's four tables or one of their columns (another
   *     application's database, even one whose tables have Ponder's names), in one line naming
   *     what is missing
   */
  public static ArenaStore openReadOnly(Path file) {
    return openReadOnly(file, writeProblem(file) == null);
  }

  /**
   * {@link #openReadOnly(Path)} with the choice between a read-write and a read-only connection
   * made by the caller: {@code writable} false opens read-only, immutable when that is safe, as
   * for a store this process cannot write.
   */
  static ArenaStore openReadOnly(Path file, boolean writable) {
    return openReadOnly(file, writable, true);
  }

  /**
   * {@link #openReadOnly(Path, boolean)}; {@code mayCreateLock} false never creates the run lock
   * file (as in a directory this user cannot write).
   */
  static ArenaStore openReadOnly(Path file, boolean writable, boolean mayCreateLock) {
    Connection c = null;
    String fingerprint = null;
    RunLock shared = null;
    try {
      org.sqlite.SQLiteConfig cfg = new org.sqlite.SQLiteConfig();
      cfg.setBusyTimeout(30000);
      String url = "jdbc:sqlite:" + file.toAbsolutePath();
      if (writable) {
        cfg.resetOpenMode(org.sqlite.SQLiteOpenMode.CREATE); // read-write if possible, never create
      } else {
        cfg.setReadOnly(true);
        RunLock.Shared s = RunLock.shared(file, mayCreateLock);
        shared = s.lock();
        if (s.noRun() && walEmpty(file)) {
          // nothing writes the file while the shared lock is held, and the log holds nothing: the
          // file alone is the store
          url = "jdbc:sqlite:" + file.toAbsolutePath().toUri() + "?immutable=1";
          if (shared == null) {
            fingerprint = fingerprint(file); // no lock to hold: check after reading instead
          }
        } else {
          if (shared != null) {
            shared.close(); // a log to read through: SQLite's own locks keep the reading consistent
            shared = null;
          }
          if (!java.nio.file.Files.exists(file.resolveSibling(file.getFileName() + "-shm"))) {
            // SQLite would create the -wal and -shm files, which this user could not remove (or,
            // in a read-only directory, could not create)
            throw new StoreException("cannot read " + file + " without writing beside it, which this user cannot ("
                + writeProblem(file) + "): " + (s.noRun()
                    ? "its write-ahead log " + file.getFileName() + "-wal holds matches not yet in the file, and its"
                        + " -shm file is missing; have the store's owner open it (e.g. ponder report) once"
                    : "a ponder arena run holds it (" + RunLock.lockFile(file).getFileName() + ") but has not opened it"
                        + " yet, or that lock file cannot be read; run again in a moment"), null);
          }
        }
      }
      c = DriverManager.getConnection(url, cfg.toProperties());
      try (Statement st = c.createStatement()) {
        st.execute("PRAGMA query_only=1");
      }
      List<String> tables = tables(c);
      if (tables.isEmpty()) {
        throw new NotAStoreException(file + " is not a Ponder arena store (it has no tables: no tournaments, agents,"
            + " games or matches); give the --db of a ponder arena run", null);
      }
      // another application's database, or one whose tables have Ponder's names but not its
      // columns, is refused here in one line, not by the first query that reads a missing column
      List<String> problems = schemaProblems(c, tables, true);
      if (!problems.isEmpty()) {
        throw new NotAStoreException(notAStore(file, tables, problems) + "; give the --db of a ponder arena run", null);
      }
      requireKnownVersion(c, file);
      ArenaStore store = new ArenaStore(c, file, hasColumn(c, "matches", "failed_seat"),
          tables.contains("runs") && hasColumn(c, "matches", "run_id"));
      store.readerLock = shared;
      store.unguardedFingerprint = fingerprint;
      return store;
    } catch (SQLException | RuntimeException e) {
      closeQuietly(c);
      if (shared != null) {
        shared.close();
      }
      if (e instanceof RuntimeException r) {
        throw r;
      }
      throw openFailure(file, (SQLException) e);
    }
  }

  /** The store's size and modification time and its log's size (-1: absent), as one string; "" if unreadable. */
  private static String fingerprint(Path file) {
    Path wal = file.resolveSibling(file.getFileName() + "-wal");
    try {
      long walSize = java.nio.file.Files.exists(wal) ? java.nio.file.Files.size(wal) : -1;
      return java.nio.file.Files.size(file) + "/" + java.nio.file.Files.getLastModifiedTime(file).toMillis() + "/"
          + walSize;
    } catch (java.io.IOException e) {
      return "";
    }
  }

  /**
   * For a store read immutably without holding its run lock ({@link #openReadOnly}): refuses, in
   * one line, what was read when the store changed since it was opened (its size or modification
   * time, or a write-ahead log appeared), as a run started meanwhile writes it. Nothing for any
   * other store.
   *
   * @throws StoreException e.g. {@code t.db changed while it was read (a ponder arena run started
   *     writing it; this reader could not create t.db.lock to keep runs out); run again}
   */
  public synchronized void requireUnchanged() {
    if (unguardedFingerprint != null && !unguardedFingerprint.equals(fingerprint(file))) {
      throw new StoreException(file + " changed while it was read (a ponder arena run started writing it; this"
          + " reader could not create " + RunLock.lockFile(file).getFileName() + " to keep runs out); run again",
          null);
    }
  }

  /** Whether the store's write-ahead log ({@code FILE-wal}) is absent or empty: the file alone holds every commit. */
  private static boolean walEmpty(Path file) {
    Path wal = file.resolveSibling(file.getFileName() + "-wal");
    try {
      return !java.nio.file.Files.exists(wal) || java.nio.file.Files.size(wal) == 0;
    } catch (java.io.IOException e) {
      return false;
    }
  }

  /**
   * Why this process cannot write the store at {@code file} and what SQLite keeps beside it, or
   * null if it can (a missing file counts as writable: its directory is checked when it is
   * created). SQLite writes the file, a {@code -wal} and a {@code -shm} file beside it (created in
   * the file's directory, and left there by a read-only reader of some versions, owned by that
   * reader's user). One line, e.g. {@code the file is read-only for this user (r--r--r--, owner
   * alice)}.
   */
  public static String writeProblem(Path file) {
    Path abs = file.toAbsolutePath();
    if (!java.nio.file.Files.isRegularFile(abs)) {
      return null;
    }
    if (!java.nio.file.Files.isWritable(abs)) {
      return "the file is read-only for this user (" + permissions(abs) + ")";
    }
    Path dir = abs.getParent();
    if (dir != null && !java.nio.file.Files.isWritable(dir)) {
      return "its directory " + dir + " is read-only for this user (" + permissions(dir) + "), and SQLite writes the"
          + " store's -wal and -shm files there";
    }
    for (String suffix : new String[] {"-wal", "-shm"}) {
      Path side = abs.resolveSibling(abs.getFileName() + suffix);
      if (java.nio.file.Files.exists(side) && !java.nio.file.Files.isWritable(side)) {
        return side.getFileName() + " beside it is read-only for this user (" + permissions(side) + "): it was left by"
            + " another user's process, e.g. a ponder report of an older version; once no process has the store open,"
            + " its owner (or you, if it is empty) can remove " + abs.getFileName() + "-wal and " + abs.getFileName()
            + "-shm";
      }
    }
    return null;
  }

  /** The first 16 bytes of every SQLite database file (the format's header string). */
  private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  /**
   * Why {@code file} cannot be a store, found without opening it, or null: it is a non-empty
   * regular file that does not begin with SQLite's 16-byte header ({@code SQLite format 3\0}; a
   * file shorter than that: with its first bytes), e.g. a text file named by mistake. The message
   * is the one opening it gives ({@code notes.md is not an SQLite database (not a Ponder arena
   * store)}), so that a run can refuse such a file before it creates anything beside it (the run
   * lock's file). Null for a missing or empty file and for one that cannot be read (opening it
   * then tells what is wrong).
   */
  public static String notSqliteProblem(Path file) {
    if (!java.nio.file.Files.isRegularFile(file)) {
      return null;
    }
    byte[] head = new byte[SQLITE_HEADER.length];
    int n;
    try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
      n = in.readNBytes(head, 0, head.length);
    } catch (java.io.IOException e) {
      return null;
    }
    // a shorter file is a database only while SQLite is writing its first page: its bytes so far
    return java.util.Arrays.equals(head, 0, n, SQLITE_HEADER, 0, n) ? null : notAStore(file);
  }

  /** The one line for a file that is no SQLite database, from a look at its header or from SQLite itself. */
  private static String notAStore(Path file) {
    return file + " is not an SQLite database (not a Ponder arena store)";
  }

  /**
   * Why the store's file must not be written, or null: it has more than one name (hard links,
   * {@code ln a.db b.db}), as far as the file system tells ({@code unix:nlink}; null where it does
   * not, and for a missing file or one that is no regular file). SQLite keeps a store's write-ahead
   * log and lock files per name ({@code a.db-wal}, {@code b.db-wal}), and so does the run lock
   * ({@code a.db.lock}): two runs,
   * or a run and a reader, using two names of one file each take the file for their own and
   * damage it ("database disk image is malformed"). SQLite's documentation warns against hard
   * links to a database for this reason. One line, e.g. {@code a.db has 2 names (hard links, as
   * made by ln), and SQLite keeps a store's log and locks per name, so writing it under two names
   * damages it; use one name (remove the other links) and copy a store (cp) rather than link it}.
   */
  public static String hardLinkProblem(Path file) {
    if (!java.nio.file.Files.isRegularFile(file)) {
      return null; // missing, or a directory (whose links are its entries): refused as such elsewhere
    }
    int links;
    try {
      Object n = java.nio.file.Files.getAttribute(file, "unix:nlink");
      links = n instanceof Number k ? k.intValue() : 1;
    } catch (java.io.IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
      return null; // missing, or a file system that does not count names
    }
    if (links <= 1) {
      return null;
    }
    String named = file.toString();
    if (java.nio.file.Files.isSymbolicLink(file)) { // the count is the target's: name it
      try {
        named = file + " (a symbolic link to " + file.toRealPath() + ")";
      } catch (java.io.IOException e) {
        // unresolvable now: the name as given
      }
    }
    return named + " has " + links + " names (hard links, as made by ln), and SQLite keeps a store's log and locks per"
        + " name, so writing it under two names damages it; use one name (remove the other links) and copy a store"
        + " (cp) rather than link it";
  }

  /** {@code rw-r--r--, owner alice} (what the file system says, as far as it says it). */
  private static String permissions(Path p) {
    StringBuilder sb = new StringBuilder();
    try {
      sb.append(java.nio.file.attribute.PosixFilePermissions.toString(java.nio.file.Files.getPosixFilePermissions(p)));
    } catch (java.io.IOException | UnsupportedOperationException e) {
      sb.append("permissions unknown");
    }
    try {
      sb.append(", owner ").append(java.nio.file.Files.getOwner(p).getName());
    } catch (java.io.IOException | UnsupportedOperationException e) {
      // no owner to name
    }
    return sb.toString();
  }

  /** Stored description of a game of a tournament. */
  public record GameInfo(int idx, String spec, int numPlayers, double minUtility, double maxUtility, String utility) {}

  /** Stored description of an agent of a tournament. */
  public record AgentInfo(int idx, String spec, String params) {}

  /** A stored tournament. */
  public record TournamentInfo(long id, String config, long seed, String created) {}

  /**
   * One stored match.
   *
   * @param moveMicros per decision {@code seat:micros} joined by ','; "" unless read with details
   * @param overruns per seat, joined by ','; "" unless read with details
   * @param message the error or overrun message; "" unless read with details
   * @param actions the action history joined by ','; "" unless read with details
   * @param failedSeat for an error match, the seat (index into {@code seats}) whose agent's call
   *     failed ({@link MatchResult#failedSeat}); −1 when the failure was no seat's agent's call, and
   *     for every match that is not an error (the column's {@code NULL}). Always read
   * @param run the run that stored it ({@code runs.id}); 0 when not recorded (stored by a build
   *     before runs were recorded). Always read
   * @param build the build that played it, as {@code ponder -V} prints it ({@code ponder 0.1.0-SNAPSHOT (commit 1a2b3c4)});
   *     null when not recorded. Always read
   */
  public record StoredMatch(int game, int[] seats, int seedIndex, long seed, MatchResult.Status status,
      double[] returns, int length, String moveMicros, String overruns, String message, String actions,
      int failedSeat, long run, String build) {

    /** A match whose run and build are not recorded ({@code run} 0, {@code build} null). */
    public StoredMatch(int game, int[] seats, int seedIndex, long seed, MatchResult.Status status,
        double[] returns, int length, String moveMicros, String overruns, String message, String actions,
        int failedSeat) {
      this(game, seats, seedIndex, seed, status, returns, length, moveMicros, overruns, message, actions, failedSeat,
          0, null);
    }

    /** A match whose failure, if any, was no seat's agent's call ({@code failedSeat} −1). */
    public StoredMatch(int game, int[] seats, int seedIndex, long seed, MatchResult.Status status,
        double[] returns, int length, String moveMicros, String overruns, String message, String actions) {
      this(game, seats, seedIndex, seed, status, returns, length, moveMicros, overruns, message, actions, -1);
    }
  }

  /**
   * The tournament a run with {@code config} continues.
   *
   * @param id the tournament id
   * @param extendedFrom the matches per pairing the stored tournament had before this call raised
   *     it to the requested number, or 0 if it was not extended (resumed as is, or new)
   * @param othersStored the number of tournaments the store held when this call created a new one
   *     because none of them has this configuration; 0 if it resumed or extended one (or the store
   *     was empty)
   * @param config the configuration of the tournament as stored now: the one asked for, except
   *     for the seat orders when they were taken from the stored tournament ({@link
   *     #open(TournamentConfig, List, boolean)})
   */
  public record Opened(long id, int extendedFrom, int othersStored, TournamentConfig config) {}

  /**
   * The id of the tournament with this configuration, creating it (with its games and agents)
   * if it is new; see {@link #open(TournamentConfig, List)}.
   *
   * @throws SmallerThanStoredException as {@link #open(TournamentConfig, List)}
   */
  public long tournament(TournamentConfig config, List<Game> games) {
    return open(config, games).id();
  }

  /**
   * Finds or creates the tournament of {@code config}:
   *
   * <ol>
   *   <li>a stored tournament with exactly this configuration is resumed;
   *   <li>else a stored tournament whose configuration differs only by a smaller matches per
   *       pairing is extended: its stored configuration is updated to {@code config} (one
   *       conditional {@code UPDATE}, atomic) and the run then plays only the missing seed
   *       indices. Among several such tournaments the one with the most seeds per pairing is
   *       extended;
   *   <li>else, if stored tournaments differ only by a larger matches per pairing, nothing is
   *       changed and {@link SmallerThanStoredException} is thrown (a smaller request never
   *       shrinks or duplicates stored results);
   *   <li>else a new tournament is created with its games and agents in one transaction.
   * </ol>
   *
   * <p>Match seeds do not depend on matches per pairing ({@link Seeds#matchSeed}), so an extended
   * tournament holds exactly the matches a fresh run with the larger number would.
   *
   * @throws SmallerThanStoredException if only otherwise-equal tournaments with more seeds per
   *     pairing are stored
   * @throws ParamsChangedException if the tournament to resume or extend was stored with other
   *     resolved parameters for one of its agents than the agent resolves to now; nothing is changed
   * @throws GameChangedException if the tournament to resume or extend was stored with one of its
   *     games other than the game loads now ({@link #requireSameGames}); nothing is changed
   * @throws DamagedStoreException if a row of the tournament to resume or extend is damaged
   *     ({@link #requireIntact}); nothing is changed
   * @throws SeatOrdersChangedException if no stored tournament has this configuration but one
   *     differs from it only by its seat orders (and perhaps its seeds per pairing); nothing is
   *     changed
   * @throws StoreException on a store failure
   */
  public synchronized Opened open(TournamentConfig config, List<Game> games) {
    return open(config, games, false);
  }

  /**
   * As {@link #open(TournamentConfig, List)}; with {@code adoptStoredSeatOrders}, a run that did
   * not choose its seat orders continues a stored tournament that differs from {@code config} only
   * by its seat orders (and perhaps its seeds per pairing) with the stored seat orders, e.g. a
   * tournament stored before seat orders were part of the configuration ({@link
   * TournamentConfig#LISTED_ROTATIONS}); a stored tournament with the requested seat orders comes
   * first, and among several others the latest is taken. {@link Opened#config} is the
   * configuration continued.
   *
   * @throws SeatOrdersChangedException without {@code adoptStoredSeatOrders}, if no stored
   *     tournament has this configuration but one differs from it only by its seat orders (and
   *     perhaps its seeds per pairing): nothing is changed
   * @throws SmallerThanStoredException as {@link #open(TournamentConfig, List)}
   * @throws ParamsChangedException as {@link #open(TournamentConfig, List)}
   * @throws GameChangedException as {@link #open(TournamentConfig, List)}
   * @throws StoreException on a store failure
   */
  public synchronized Opened open(TournamentConfig config, List<Game> games, boolean adoptStoredSeatOrders) {
    try {
      if (adoptStoredSeatOrders) {
        config = withStoredSeatOrders(config);
      }
      String json = JSON.writeValueAsString(config);
      for (int attempt = 0; ; attempt++) {
        TournamentInfo smaller = null;
        int smallerMatches = 0;
        long largerId = 0;
        int largerMatches = Integer.MAX_VALUE;
        TournamentInfo otherOrders = null;
        List<TournamentInfo> stored = tournaments();
        for (TournamentInfo t : stored) {
          String storedJson = currentSpelling(t.config()); // compared in this version's spelling
          if (storedJson.equals(json)) {
            requireIntact(t.id()); // a damaged row is refused before a match is played
            List<Integer> unrecorded = requireSameGames(t.id(), config, games);
            requireSameParams(t.id(), config);
            recordGameParams(t.id(), games, unrecorded); // only once both checks passed: a refusal changes nothing
            return new Opened(t.id(), 0, 0, config);
          }
          int seeds;
          String orders;
          try {
            TournamentConfig c = config(t);
            seeds = c.seedsPerPairing();
            orders = c.seatOrders();
          } catch (RuntimeException e) {
            continue; // a configuration this version cannot read is never the same tournament
          }
          if (!orders.equals(config.seatOrders())) {
            if (JSON.writeValueAsString(config.withSeatOrders(orders).withSeedsPerPairing(seeds)).equals(storedJson)) {
              otherOrders = t; // the latest such tournament
            }
            continue;
          }
          if (!JSON.writeValueAsString(config.withSeedsPerPairing(seeds)).equals(storedJson)) {
            continue;
          }
          if (seeds < config.seedsPerPairing() && seeds > smallerMatches) {
            smaller = t;
            smallerMatches = seeds;
          } else if (seeds > config.seedsPerPairing() && seeds < largerMatches) {
            largerId = t.id();
            largerMatches = seeds;
          }
        }
        if (smaller != null) {
          requireIntact(smaller.id());
          List<Integer> unrecorded = requireSameGames(smaller.id(), config, games);
          requireSameParams(smaller.id(), config);
          recordGameParams(smaller.id(), games, unrecorded);
          if (extend(smaller, json)) {
            return new Opened(smaller.id(), smallerMatches, 0, config);
          }
          if (attempt >= 3) {
            throw new StoreException("cannot extend tournament " + smaller.id() + ": its configuration keeps changing", null);
          }
          continue; // another process changed the tournament or stored this configuration: look again
        }
        if (largerId != 0) {
          throw new SmallerThanStoredException(largerId, largerMatches, config.seedsPerPairing());
        }
        if (otherOrders != null) {
          throw new SeatOrdersChangedException(otherOrders.id(), config(otherOrders).seatOrders(), config.seatOrders());
        }
        return new Opened(create(config, json, games), 0, stored.size(), config);
      }
    } catch (SQLException e) {
      throw failed("cannot record tournament", e);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new StoreException("cannot record tournament: " + e.getMessage(), e);
    }
  }

  /**
   * {@code config} with the seat orders of the stored tournament it would continue when none
   * stored has its own seat orders: the latest stored tournament whose configuration differs from
   * {@code config} at most by its seat orders and its seeds per pairing; else {@code config}.
   */
  private TournamentConfig withStoredSeatOrders(TournamentConfig config) throws com.fasterxml.jackson.core.JsonProcessingException {
    String adopted = null;
    for (TournamentInfo t : tournaments()) {
      TournamentConfig c;
      try {
        c = config(t);
      } catch (RuntimeException e) {
        continue; // a configuration this version cannot read is never the same tournament
      }
      TournamentConfig same = config.withSeatOrders(c.seatOrders()).withSeedsPerPairing(c.seedsPerPairing());
      if (!JSON.writeValueAsString(same).equals(currentSpelling(t.config()))) {
        continue;
      }
      if (c.seatOrders().equals(config.seatOrders())) {
        return config;
      }
      adopted = c.seatOrders();
    }
    return adopted == null ? config : config.withSeatOrders(adopted);
  }

  /**
   * Refuses to continue tournament {@code id} when an agent's parameters, resolved now, differ
   * from those stored with it ({@code agents.params}): a changed default, or a key the agent no
   * longer declares, means its code changed since the stored matches were played. A key declared
   * since passes when it resolves to its declared default (which keeps the old behaviour), as
   * {@link #firstChangedKey} says; reusing matches follows the same rule ({@link #sameStoredParams}).
   *
   * @throws ParamsChangedException naming the first agent and key that differ
   */
  private void requireSameParams(long id, TournamentConfig config) throws com.fasterxml.jackson.core.JsonProcessingException {
    List<String> specs = config.allAgents();
    for (AgentInfo a : agents(id)) {
      if (a.idx() >= specs.size() || !specs.get(a.idx()).equals(a.spec())) {
        continue; // not the same seat list: not a tournament this configuration continues
      }
      com.fasterxml.jackson.databind.JsonNode stored = JSON.readTree(a.params());
      com.fasterxml.jackson.databind.JsonNode now = JSON.valueToTree(storedParams(a.spec()));
      if (stored == null || !stored.isObject()) {
        continue;
      }
      com.fasterxml.jackson.databind.JsonNode defaults = declaredDefaultsTree(a.spec());
      String k = firstChangedKey(stored, now, defaults);
      if (k != null && firstChangedKey(stored, JSON.valueToTree(storedParams(a.spec(), false)), defaults) == null) {
        k = null; // stored by a build that kept the defaults as declared (sims=1000 of a time_ms-only agent)
      }
      if (k != null) {
        com.fasterxml.jackson.databind.JsonNode is = now.get(k);
        throw new ParamsChangedException(id, a.spec(), k, stored.get(k).toString(), is == null ? null : is.toString());
      }
    }
  }

  /**
   * The first key whose value differs between {@code stored} (an object of stored agent
   * parameters) and {@code now} (what {@link #storedParams} gives now), or null if none does: a
   * stored key that {@code now} lacks or holds differently ({@link #sameValue}), then a key only
   * {@code now} has, unless it is a parameter declared since that resolves to its declared default
   * ({@code defaults}, {@link #declaredDefaultsTree}: {@code virtual_loss=1} is what a row stored
   * before the key was played with) or a fingerprint added since (not in {@code defaults}: what
   * the stored agent read is not known). The one rule of resuming and of reusing matches.
   */
  static String firstChangedKey(com.fasterxml.jackson.databind.JsonNode stored,
      com.fasterxml.jackson.databind.JsonNode now, com.fasterxml.jackson.databind.JsonNode defaults) {
    java.util.Iterator<String> keys = stored.fieldNames();
    while (keys.hasNext()) {
      String k = keys.next();
      com.fasterxml.jackson.databind.JsonNode is = now.get(k);
      if (is == null || !sameValue(stored.get(k), is)) {
        return k;
      }
    }
    keys = now.fieldNames();
    while (keys.hasNext()) {
      String k = keys.next();
      com.fasterxml.jackson.databind.JsonNode was = defaults.get(k);
      if (!stored.has(k) && was != null && !sameValue(was, now.get(k))) {
        return k;
      }
    }
    return null;
  }

  /**
   * The declared defaults of {@code agentString}'s agent ({@link dev.ponder.spec.Params#defaults}),
   * as JSON; an empty object when they cannot be resolved (an unknown agent).
   */
  static com.fasterxml.jackson.databind.JsonNode declaredDefaultsTree(String agentString) {
    try {
      String name = dev.ponder.spec.Spec.parse(agentString).name();
      return JSON.valueToTree(dev.ponder.spec.Params.defaults(name, AgentRegistry.factory(name).parameters()).values());
    } catch (dev.ponder.spec.SpecException e) {
      return JSON.createObjectNode();
    }
  }

  /**
   * Refuses to continue tournament {@code id} when one of its games, loaded now ({@code games},
   * in the order of {@code config.games()}), is not the game stored with it: another number of
   * players, utility range ({@code min_utility}, {@code max_utility}) or utility type, or, for a
   * game stored with its parameters ({@code games.params}), another value of a stored parameter
   * (a changed default) or a parameter the game no longer declares. The game's code or defaults
   * changed since the stored matches were played (e.g. a game of your own rebuilt). A parameter
   * declared since is not compared (its default is taken to keep the old behaviour), and a game
   * stored before {@code games.params} existed is compared by what its row holds.
   *
   * @return the indices of the games stored before {@code games.params} existed (their rows hold
   *     no parameters yet; see {@link #recordGameParams})
   * @throws GameChangedException naming the first game and what differs
   */
  private List<Integer> requireSameGames(long id, TournamentConfig config, List<Game> games) throws SQLException {
    List<String> specs = config.games();
    List<Integer> unrecorded = new ArrayList<>();
    try (PreparedStatement q = conn.prepareStatement("SELECT idx, spec, num_players, min_utility, max_utility, utility, params"
        + " FROM games WHERE tournament_id=? ORDER BY idx")) {
      q.setLong(1, id);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          int idx = rs.getInt(1);
          String spec = rs.getString(2);
          if (idx >= specs.size() || idx >= games.size() || !specs.get(idx).equals(spec)) {
            continue; // not the same game list: not a tournament this configuration continues
          }
          Game now = games.get(idx);
          String change = gameChange(rs.getInt(3), rs.getDouble(4), rs.getDouble(5), rs.getString(6), rs.getString(7), now);
          if (change != null) {
            throw new GameChangedException(id, spec, change);
          }
          if (rs.getString(7) == null) {
            unrecorded.add(idx);
          }
        }
      }
    }
    return unrecorded;
  }

  /**
   * Records the parameters of tournament {@code id}'s games stored before {@code games.params}
   * existed ({@code unrecorded}, indices into {@code games}), as they resolve now: called by the
   * first run that continues the tournament, after every check of {@link #open} passed, so that a
   * default changed after this run is refused (what the matches stored before it were played with
   * is not known; this run takes them as played with today's defaults, as resuming does).
   */
  private void recordGameParams(long id, List<Game> games, List<Integer> unrecorded) throws SQLException {
    if (!unrecorded.isEmpty()) {
      try (PreparedStatement u = conn.prepareStatement("UPDATE games SET params=? WHERE tournament_id=? AND idx=? AND params IS NULL")) {
        for (int idx : unrecorded) {
          u.setString(1, dev.ponder.game.MatchRecord.fullGameString(games.get(idx)));
          u.setLong(2, id);
          u.setInt(3, idx);
          u.executeUpdate();
        }
      }
    }
  }

  /**
   * What differs between a stored game row and {@code now}, as {@code was stored with X but now
   * Y}, or null if nothing stored differs. Checked in order: the number of players, the utility
   * type and range, then each stored parameter (sorted by key); a parameter whose stored value is
   * spelled otherwise than now is no change when the stored string loads now as the same game
   * ({@link #canonicalGameString}).
   *
   * @param storedParams the stored full game string, or null (a row stored before the column)
   */
  static String gameChange(int storedPlayers, double storedMin, double storedMax, String storedUtility,
      String storedParams, Game now) {
    return gameChange(storedPlayers, storedMin, storedMax, storedUtility, storedParams, now,
        ArenaStore::canonicalGameString);
  }

  /**
   * {@link #gameChange(int, double, double, String, String, Game)} with {@code canonical} in place
   * of {@link #canonicalGameString}: a cache of it, so that a caller comparing many rows loads each
   * stored string once.
   */
  static String gameChange(int storedPlayers, double storedMin, double storedMax, String storedUtility,
      String storedParams, Game now, java.util.function.Function<String, String> canonical) {
    if (storedPlayers != now.numPlayers()) {
      return "was stored with " + storedPlayers + " players but now has " + now.numPlayers();
    }
    String utilityNow = now.type().utility().name();
    if (!storedUtility.equals(utilityNow) || Double.compare(storedMin, now.minUtility()) != 0
        || Double.compare(storedMax, now.maxUtility()) != 0) {
      return "was stored with utility " + utilityLabel(storedUtility, storedMin, storedMax) + " but now has "
          + utilityLabel(utilityNow, now.minUtility(), now.maxUtility());
    }
    if (storedParams == null) {
      return null;
    }
    String fullNow = dev.ponder.game.MatchRecord.fullGameString(now);
    Map<String, String> was = dev.ponder.spec.Spec.parse(storedParams).args();
    Map<String, String> is = dev.ponder.spec.Spec.parse(fullNow).args();
    for (String k : new java.util.TreeSet<>(was.keySet())) {
      String v = was.get(k);
      String n = is.get(k);
      if (n == null || !n.equals(v)) {
        if (fullNow.equals(canonical.apply(storedParams))) {
          return null; // another spelling of the same game (nim's pile_sizes=1; 3 is 1;3 now)
        }
        return n == null ? "was stored with " + k + "=" + v + ", a parameter it no longer declares"
            : "was stored with " + k + "=" + v + " but now resolves " + k + "=" + n;
      }
    }
    return null;
  }

  /**
   * The full game string ({@link dev.ponder.game.MatchRecord#fullGameString}) of the game that
   * {@code full} (a stored full game string) loads as now, or null if it does not load: a stored
   * string written in an older spelling of a value ({@code nim(pile_sizes=1; 3)}) gives today's
   * spelling of the same game ({@code nim(...,pile_sizes=1;3)}). Every parameter was stored, so a
   * changed default does not make two different games the same.
   */
  static String canonicalGameString(String full) {
    try {
      return dev.ponder.game.MatchRecord.fullGameString(dev.ponder.game.GameRegistry.load(full));
    } catch (RuntimeException e) {
      return null; // a parameter or value this version refuses: not the same game
    }
  }

  /** {@code ZERO_SUM [-1, 1]}: a utility type and range as the refusal names them. */
  private static String utilityLabel(String type, double min, double max) {
    return type + " [" + joinDoubles(new double[] {min, max}).replace(",", ", ") + "]";
  }

  /**
   * What is stored with an agent and compared on resume: its resolved parameters as the agent
   * applies them ({@link AgentRegistry#resolve}: {@code uct(time_ms=5)} has {@code sims=0}, no
   * simulation cap), plus its factory's {@link dev.ponder.agent.AgentFactory#fingerprint
   * fingerprint} (e.g. a policy file's content digest).
   */
  static Map<String, Object> storedParams(String agentString) {
    return storedParams(agentString, true);
  }

  /**
   * {@link #storedParams(String)}; with {@code applied} false the declared defaults without the
   * values the agent derives ({@link dev.ponder.agent.AgentFactory#applied}), as builds before
   * that rule stored them ({@code sims=1000} for {@code uct(time_ms=5)}): a tournament they
   * stored still resumes, its agent strings being the same.
   */
  static Map<String, Object> storedParams(String agentString, boolean applied) {
    dev.ponder.spec.Spec spec = dev.ponder.spec.Spec.parse(agentString);
    dev.ponder.agent.AgentFactory f = AgentRegistry.factory(spec.name());
    dev.ponder.spec.Params p = applied ? AgentRegistry.resolve(agentString)
        : dev.ponder.spec.Params.resolve(spec, f.parameters());
    Map<String, Object> out = new java.util.LinkedHashMap<>(p.values());
    out.putAll(f.fingerprint(p));
    return out;
  }

  /** Equal JSON values, numbers compared by value (1 and 1.0 are the same). */
  private static boolean sameValue(com.fasterxml.jackson.databind.JsonNode a, com.fasterxml.jackson.databind.JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    return a.equals(b);
  }

  /** This version's spelling of the key of {@link TournamentConfig#seedsPerPairing()}. */
  private static final String SEEDS_KEY = "seedsPerPairing";

  /**
   * A stored configuration's JSON in this version's spelling, to compare with {@code
   * JSON.writeValueAsString(config)}: a tournament stored before the rename has the key {@code
   * matchesPerPairing}, which is read here as {@code seedsPerPairing} in the same place (the
   * configuration a run asks for is written with the new key, and the two would otherwise never
   * be equal). Any other JSON, and text that is no JSON object, is returned unchanged.
   */
  static String currentSpelling(String storedJson) {
    return respell(storedJson, TournamentConfig.LEGACY_SEEDS_KEY, SEEDS_KEY);
  }

  /**
   * {@code json} (written by this version) in the spelling of {@code storedJson}: with the key
   * {@code matchesPerPairing} if the stored configuration has it, so that a tournament stored
   * before the rename keeps its spelling when it is extended (and an older version still finds it).
   */
  static String inStoredSpelling(String json, String storedJson) {
    return legacySpelling(storedJson) ? respell(json, SEEDS_KEY, TournamentConfig.LEGACY_SEEDS_KEY) : json;
  }

  /** Whether a stored configuration keeps seeds per pairing under the older key {@code matchesPerPairing}. */
  static boolean legacySpelling(String storedJson) {
    try {
      com.fasterxml.jackson.databind.JsonNode n = JSON.readTree(storedJson);
      return n != null && n.isObject() && n.has(TournamentConfig.LEGACY_SEEDS_KEY) && !n.has(SEEDS_KEY);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return false;
    }
  }

  /**
   * {@code json} with its top-level key {@code from} renamed {@code to} in the same position; the
   * text unchanged if it has no such key, already has {@code to}, or is no JSON object.
   */
  private static String respell(String json, String from, String to) {
    if (json == null || !json.contains('"' + from + '"')) {
      return json;
    }
    try {
      com.fasterxml.jackson.databind.JsonNode n = JSON.readTree(json);
      if (n == null || !n.isObject() || !n.has(from) || n.has(to)) {
        return json;
      }
      com.fasterxml.jackson.databind.node.ObjectNode out = JSON.createObjectNode();
      for (java.util.Map.Entry<String, com.fasterxml.jackson.databind.JsonNode> e : n.properties()) {
        out.set(e.getKey().equals(from) ? to : e.getKey(), e.getValue());
      }
      return JSON.writeValueAsString(out);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return json;
    }
  }

  /**
   * Replaces the stored configuration of {@code t} by {@code json} (in the stored key spelling,
   * {@link #inStoredSpelling}) if it is still the one read.
   *
   * @return false if another process changed it meanwhile or already stored {@code json}
   */
  private boolean extend(TournamentInfo t, String json) throws SQLException {
    try (PreparedStatement up = conn.prepareStatement("UPDATE tournaments SET config=? WHERE id=? AND config=?")) {
      up.setString(1, inStoredSpelling(json, t.config()));
      up.setLong(2, t.id());
      up.setString(3, t.config());
      return up.executeUpdate() == 1;
    } catch (SQLException e) {
      if (e.getMessage() != null && e.getMessage().contains("UNIQUE")) {
        return false;
      }
      throw e;
    }
  }

  /** Inserts a new tournament with its games and agents in one transaction. */
  private long create(TournamentConfig config, String json, List<Game> games) throws SQLException, com.fasterxml.jackson.core.JsonProcessingException {
    conn.setAutoCommit(false);
    try {
      long id;
      try (PreparedStatement ins = conn.prepareStatement("INSERT INTO tournaments(config, seed, created) VALUES(?,?,?)", Statement.RETURN_GENERATED_KEYS)) {
        ins.setString(1, json);
        ins.setLong(2, config.seed());
        ins.setString(3, Instant.now().toString());
        ins.executeUpdate();
        try (ResultSet rs = ins.getGeneratedKeys()) {
          rs.next();
          id = rs.getLong(1);
        }
      }
      try (PreparedStatement ins = conn.prepareStatement("INSERT INTO games(tournament_id, idx, spec, num_players,"
          + " min_utility, max_utility, utility, params) VALUES(?,?,?,?,?,?,?,?)")) {
        for (int g = 0; g < games.size(); g++) {
          Game game = games.get(g);
          ins.setLong(1, id);
          ins.setInt(2, g);
          ins.setString(3, config.games().get(g));
          ins.setInt(4, game.numPlayers());
          ins.setDouble(5, game.minUtility());
          ins.setDouble(6, game.maxUtility());
          ins.setString(7, game.type().utility().name());
          ins.setString(8, dev.ponder.game.MatchRecord.fullGameString(game));
          ins.executeUpdate();
        }
      }
      try (PreparedStatement ins = conn.prepareStatement("INSERT INTO agents VALUES(?,?,?,?)")) {
        List<String> agents = config.allAgents();
        for (int a = 0; a < agents.size(); a++) {
          ins.setLong(1, id);
          ins.setInt(2, a);
          ins.setString(3, agents.get(a));
          ins.setString(4, JSON.writeValueAsString(storedParams(agents.get(a))));
          ins.executeUpdate();
        }
      }
      conn.commit();
      return id;
    } catch (SQLException | RuntimeException e) {
      conn.rollback();
      throw e;
    } finally {
      conn.setAutoCommit(true);
    }
  }

  /** Keys ({@link Schedule.Entry#key}) of the matches already stored for the tournament. */
  public synchronized Set<String> doneKeys(long tournament) {
    Set<String> out = new HashSet<>();
    try (PreparedStatement q = conn.prepareStatement("SELECT game_idx, seats, seed_index FROM matches WHERE tournament_id=?")) {
      q.setLong(1, tournament);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          out.add(Schedule.Entry.key(rs.getInt(1), rs.getString(2), rs.getInt(3)));
        }
      }
    } catch (SQLException e) {
      throw failed("cannot read matches", e);
    }
    return out;
  }

  /** Receives the key columns of one stored match ({@link #forEachStoredKey}). */
  @FunctionalInterface
  public interface KeyConsumer {
    /**
     * One stored match's key.
     *
     * @param game index of the game in the tournament's configuration, {@code 0..games-1}
     * @param seats the seating as stored: the agents' indices, one per seat, joined by ','
     * @param seedIndex the seed index, {@code 0..seedsPerPairing-1}
     */
    void accept(int game, String seats, int seedIndex);
  }

  /**
   * Passes the key columns of every stored match of the tournament to {@code consumer}, one row at
   * a time ({@link #doneKeys} without holding them all: memory stays flat however many are stored).
   */
  public synchronized void forEachStoredKey(long tournament, KeyConsumer consumer) {
    try (PreparedStatement q = conn.prepareStatement("SELECT game_idx, seats, seed_index FROM matches WHERE tournament_id=?")) {
      q.setLong(1, tournament);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          consumer.accept(rs.getInt(1), rs.getString(2), rs.getInt(3));
        }
      }
    } catch (SQLException e) {
      throw failed("cannot read matches", e);
    }
  }

  /**
   * Stores one match in its own transaction; does nothing if the match is already stored. Once an
   * insert has given up waiting for another program's lock ({@link #open(Path,
   * java.util.function.Consumer)}), every later one throws the same exception and stores nothing.
   *
   * @return true if the row was inserted
   */
  public synchronized boolean insert(long tournament, Schedule.Entry entry, long seed, MatchResult r) {
    if (gaveUp != null) {
      throw gaveUp; // the count it gave stays exact: nothing is stored after it
    }
    try {
      long run = runId(tournament);
      if (insert == null) {
        insert = conn.prepareStatement("INSERT OR IGNORE INTO matches(tournament_id, game_idx, seats, seed_index, seed,"
            + " status, returns, length, move_us, overruns, message, actions, failed_seat, run_id)"
            + " VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
      }
      if (run > 0) {
        insert.setLong(14, run);
      } else {
        insert.setNull(14, java.sql.Types.INTEGER);
      }
      insert.setLong(1, tournament);
      insert.setInt(2, entry.game());
      insert.setString(3, entry.seatsKey());
      insert.setInt(4, entry.seedIndex());
      insert.setLong(5, seed);
      insert.setString(6, r.status().label());
      insert.setString(7, joinDoubles(r.returns()));
      insert.setInt(8, r.length());
      insert.setString(9, joinMoves(r.movePlayers(), r.moveMicros()));
      insert.setString(10, joinInts(r.overruns()));
      insert.setString(11, r.message());
      insert.setString(12, joinInts(r.actions()));
      if (r.status() == MatchResult.Status.ERROR && r.failedSeat() >= 0) {
        insert.setInt(13, r.failedSeat());
      } else {
        insert.setNull(13, java.sql.Types.INTEGER);
      }
      return insert.executeUpdate() == 1;
    } catch (SQLException e) {
      if (isBusy(e)) {
        String stored;
        try {
          stored = count(tournament) + " matches of tournament " + tournament + " are stored";
        } catch (RuntimeException unreadable) {
          stored = "the matches played before are stored";
        }
        gaveUp = new StoreException("cannot store match: " + heldLock(file) + "; " + stored + "; run the same command"
            + " to resume once it has let go", e);
        throw gaveUp;
      }
      throw failed("cannot store match", e);
    }
  }

  /**
   * Records the matches this connection stores for {@code tournament} from now on as one run
   * played by {@code build}: a {@code runs} row (the tournament, the time of its first match, the
   * build) is written with the first match it stores, so a run that stores nothing (or only copies
   * matches) leaves no row. Without this call a match is stored with no run ({@code run_id} NULL, an unknown
   * build). A copied match ({@link MatchReuse}) keeps the run of the row it copies: the build that
   * played it.
   *
   * @param build the build, as {@code ponder -V} prints it ({@code ponder 0.1.0-SNAPSHOT (commit 1a2b3c4)}); not blank
   * @throws IllegalArgumentException if {@code build} is blank
   */
  public synchronized void beginRun(long tournament, String build) {
    if (build == null || build.isBlank()) {
      throw new IllegalArgumentException("build must not be blank");
    }
    runs.put(tournament, new Run(build.strip()));
  }

  /** The {@code runs.id} of this connection's run of {@code tournament}, writing its row first if needed; 0 if none was begun. */
  private long runId(long tournament) throws SQLException {
    Run r = runs.get(tournament);
    if (r == null) {
      return 0;
    }
    if (r.id == 0) {
      try (PreparedStatement ins = conn.prepareStatement("INSERT INTO runs(tournament_id, started, ponder_version)"
          + " VALUES(?,?,?)", Statement.RETURN_GENERATED_KEYS)) {
        ins.setLong(1, tournament);
        ins.setString(2, Instant.now().toString());
        ins.setString(3, r.build);
        ins.executeUpdate();
        try (ResultSet keys = ins.getGeneratedKeys()) {
          keys.next();
          r.id = keys.getLong(1);
        }
      }
    }
    return r.id;
  }

  /**
   * A run's row: the tournament it started or resumed, when its first match was stored (ISO-8601
   * UTC) and the build that played it, as {@code ponder -V} prints it.
   */
  public record RunInfo(long id, long tournament, String started, String build) {}

  /** Every recorded run, by id (oldest first); empty for a store written before runs were recorded. */
  public synchronized Map<Long, RunInfo> runs() {
    Map<Long, RunInfo> out = new java.util.LinkedHashMap<>();
    if (!runColumn) {
      return out;
    }
    try (Statement st = conn.createStatement();
         ResultSet rs = st.executeQuery("SELECT id, tournament_id, started, ponder_version FROM runs ORDER BY id")) {
      while (rs.next()) {
        out.put(rs.getLong(1), new RunInfo(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4)));
      }
    } catch (SQLException e) {
      throw failed("cannot read runs", e);
    }
    return out;
  }

  /**
   * How many of {@code tournament}'s stored matches each build played, by build (null: not
   * recorded, an unknown build), unknown first, then in the order of each build's first run.
   */
  public synchronized Map<String, Integer> builds(long tournament) {
    Map<String, Integer> out = new java.util.LinkedHashMap<>();
    String q = runColumn
        ? "SELECT r.ponder_version, COUNT(*), MIN(COALESCE(r.id, 0)) AS first FROM matches m LEFT JOIN runs r ON"
            + " r.id = m.run_id WHERE m.tournament_id=? GROUP BY r.ponder_version ORDER BY first"
        : "SELECT NULL, COUNT(*) FROM matches WHERE tournament_id=?";
    try (PreparedStatement st = conn.prepareStatement(q)) {
      st.setLong(1, tournament);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          if (rs.getInt(2) > 0) {
            out.put(rs.getString(1), rs.getInt(2));
          }
        }
      }
    } catch (SQLException e) {
      throw failed("cannot read the builds of tournament " + tournament, e);
    }
    return out;
  }

  /** All tournaments, oldest first. */
  public synchronized List<TournamentInfo> tournaments() {
    List<TournamentInfo> out = new ArrayList<>();
    try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT id, config, seed, created FROM tournaments ORDER BY id")) {
      while (rs.next()) {
        out.add(new TournamentInfo(rs.getLong(1), rs.getString(2), rs.getLong(3), rs.getString(4)));
      }
    } catch (SQLException e) {
      throw failed("cannot read tournaments", e);
    }
    return out;
  }

  /**
   * The configuration of a stored tournament.
   *
   * @throws NewerStoreException if it has fields this build does not know and reads without them
   *     (a newer build of Ponder wrote it), naming the first such field
   * @throws DamagedStoreException if it cannot be read otherwise
   */
  public TournamentConfig config(TournamentInfo t) {
    try {
      return JSON.readValue(t.config(), TournamentConfig.class);
    } catch (com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException e) {
      try {
        // readable once the fields this build does not know are skipped: a newer build wrote it
        JSON.readerFor(TournamentConfig.class)
            .without(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .readValue(t.config());
      } catch (com.fasterxml.jackson.core.JsonProcessingException | RuntimeException other) {
        throw unreadableConfig(t, other);
      }
      throw new NewerStoreException(file, "tournament " + t.id() + "'s configuration has the field '"
          + e.getPropertyName() + "', which this build does not know");
    } catch (com.fasterxml.jackson.core.JsonProcessingException | RuntimeException e) {
      throw unreadableConfig(t, e);
    }
  }

  private DamagedStoreException unreadableConfig(TournamentInfo t, Exception e) {
    String why = String.valueOf(e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage()
        : e.getMessage()).lines().findFirst().orElse("");
    return rowDamage("tournaments row " + t.id() + " holds a configuration this version cannot"
        + " read (" + why + ")", "restore the store from a copy, or give a new --db to start afresh");
  }

  /** Games of a tournament in index order. */
  public synchronized List<GameInfo> games(long tournament) {
    List<GameInfo> out = new ArrayList<>();
    try (PreparedStatement q = conn.prepareStatement("SELECT idx, spec, num_players, min_utility, max_utility, utility FROM games WHERE tournament_id=? ORDER BY idx")) {
      q.setLong(1, tournament);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          out.add(new GameInfo(rs.getInt(1), rs.getString(2), rs.getInt(3), rs.getDouble(4), rs.getDouble(5), rs.getString(6)));
        }
      }
    } catch (SQLException e) {
      throw failed("cannot read games", e);
    }
    return out;
  }

  /** Agents of a tournament in index order. */
  public synchronized List<AgentInfo> agents(long tournament) {
    List<AgentInfo> out = new ArrayList<>();
    try (PreparedStatement q = conn.prepareStatement("SELECT idx, spec, params FROM agents WHERE tournament_id=? ORDER BY idx")) {
      q.setLong(1, tournament);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          out.add(new AgentInfo(rs.getInt(1), rs.getString(2), rs.getString(3)));
        }
      }
    } catch (SQLException e) {
      throw failed("cannot read agents", e);
    }
    return out;
  }

  /**
   * Every stored match of a tournament, in primary-key order (game index, seats as text, seed
   * index; the ORDER BY follows the key's index, so it costs no sort).
   *
   * <p>The failing seat of error matches is always read: from {@code failed_seat}, or, for a
   * store opened read-only before it was upgraded, from the message ({@link #openReadOnly}).
   *
   * @param withDetails also read per-move times, overruns, messages and action histories
   * @throws DamagedStoreException if a row of the tournament is one no run of ponder arena writes
   *     (e.g. edited by hand: seats that name no agent, returns that are not numbers, an
   *     unknown status, a missing agents or games row); the one-line message names the store, the
   *     table and row, and what is wrong
   */
  public synchronized List<StoredMatch> matches(long tournament, boolean withDetails) {
    List<StoredMatch> out = new ArrayList<>();
    forEachMatch(tournament, withDetails, out::add);
    return out;
  }

  /**
   * Reads every stored match of a tournament as {@link #matches} does, one at a time, and checks
   * each row ({@link #rowProblem}) and the tournament's own rows ({@link #shape}) as it goes.
   *
   * @throws DamagedStoreException naming the first row that no run of ponder arena writes
   */
  private void forEachMatch(long tournament, boolean withDetails, java.util.function.Consumer<StoredMatch> sink) {
    Shape shape = shape(tournament);
    String cols = "m.rowid, game_idx, seats, seed_index, seed, status, returns, length, "
        + (failedSeatColumn ? "failed_seat" : "message")
        + (withDetails ? ", move_us, overruns, message, actions" : ", NULL, NULL, NULL, NULL")
        + (runColumn ? ", r.id, r.ponder_version" : ", NULL, NULL");
    try (PreparedStatement q = conn.prepareStatement("SELECT " + cols + " FROM matches m"
        + (runColumn ? " LEFT JOIN runs r ON r.id = m.run_id" : "") + " WHERE m.tournament_id=?"
        + " ORDER BY game_idx, seats, seed_index")) {
      q.setLong(1, tournament);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          String gameText = rs.getString(2);
          String seatsText = rs.getString(3);
          String seedIndexText = rs.getString(4);
          String statusText = rs.getString(6);
          String returnsText = rs.getString(7);
          String failedText = failedSeatColumn ? rs.getString(9) : null;
          String moveUs = withDetails ? rs.getString(10) : "";
          String overruns = withDetails ? rs.getString(11) : "";
          String actions = withDetails ? rs.getString(13) : "";
          // a row an older build stored for a game that returned NaN or an infinity: the game's error
          String nonFinite = nonFiniteReturnsMessage(statusText, returnsText);
          if (nonFinite != null) {
            statusText = MatchResult.Status.ERROR.label();
            returnsText = "";
            failedText = null;
          }
          String problem = rowProblem(shape, gameText, seatsText, seedIndexText, rs.getString(5), statusText,
              returnsText, rs.getString(8), failedText, moveUs, overruns, actions);
          if (problem != null) {
            requireUnchanged(); // a row read while a run wrote the file is no damage
            throw rowDamage("matches row " + rs.getLong(1) + " (tournament " + tournament
                + ", game " + gameText + ", seats " + seatsText + ", seed index " + seedIndexText + ") " + problem,
                "delete that row to have ponder arena play the match again, restore the store from a copy, or give a"
                + " new --db to start afresh");
          }
          int[] seats = splitInts(seatsText);
          MatchResult.Status status = MatchResult.Status.of(statusText);
          int failedSeat;
          if (failedSeatColumn || nonFinite != null) {
            failedSeat = failedText == null ? -1 : Integer.parseInt(failedText);
          } else {
            failedSeat = status == MatchResult.Status.ERROR ? legacyFailedSeat(rs.getString(9), seats.length) : -1;
          }
          sink.accept(new StoredMatch(Integer.parseInt(gameText), seats, Integer.parseInt(seedIndexText),
              Long.parseLong(rs.getString(5)), status, splitDoubles(returnsText), Integer.parseInt(rs.getString(8)),
              moveUs, overruns, withDetails ? (nonFinite != null ? nonFinite : rs.getString(12)) : "", actions,
              failedSeat, rs.getLong(14), rs.getString(15)));
        }
      }
    } catch (SQLException e) {
      requireUnchanged();
      throw failed("cannot read matches", e);
    }
    requireUnchanged(); // what was read is the store as it was opened
  }

  /**
   * For a row stored as played ({@code ok} or {@code overrun}) whose returns are numbers of which
   * one or more is {@code NaN}, {@code Infinity} or {@code -Infinity}, the message of the error match it is read as; else null.
   * Ponder's referee refuses such returns as the game's broken contract ({@link
   * dev.ponder.game.GameContract#checkReturns}); an older build stored them, and such a row is read
   * as the game's error (no seat blamed, no returns), e.g. {@code the game returned the returns
   * [NaN, NaN], not finite numbers (stored by an older build of Ponder); the game API requires
   * finite returns (State.returns)}.
   */
  static String nonFiniteReturnsMessage(String status, String returns) {
    if (MatchResult.Status.ERROR.label().equals(status) || returns == null || returns.isEmpty()) {
      return null;
    }
    boolean nonFinite = false;
    for (String r : returns.split(",", -1)) {
      if (!DECIMAL.matcher(r).matches()) {
        return null; // not a row of ponder arena: rowProblem names it
      }
      // as joinDoubles writes them (1e400, which it never writes, is left to rowProblem)
      nonFinite |= r.equals("NaN") || r.equals("Infinity") || r.equals("-Infinity");
    }
    return nonFinite ? "the game returned the returns [" + returns.replace(",", ", ") + "], not finite numbers"
        + " (stored by an older build of Ponder); the game API requires finite returns (State.returns)" : null;
  }

  /**
   * Checks every row of a tournament (its configuration, agents, games and matches) as {@link
   * #matches} reads them, without keeping them: a run resuming or extending the tournament
   * refuses a damaged store before it plays a match.
   *
   * @throws DamagedStoreException naming the first row that no run of ponder arena writes
   */
  public synchronized void requireIntact(long tournament) {
    forEachMatch(tournament, true, m -> { });
  }

  /**
   * What a tournament's matches rows must agree with: the number of its agents and each game's
   * number of players, from its own rows, checked against its configuration.
   */
  record Shape(int agents, int[] players) {}

  /**
   * The {@link Shape} of a stored tournament, after checking its rows: its configuration can be
   * read, its agents rows are indexed 0..k−1 for the k agents of its configuration, its games rows
   * 0..g−1 for its g games, each with at least one player and a finite utility range; null when the
   * store holds no tournament {@code id} (it has no matches either).
   *
   * @throws DamagedStoreException naming the row that is missing or wrong
   */
  private Shape shape(long id) {
    TournamentInfo t = tournaments().stream().filter(x -> x.id() == id).findFirst().orElse(null);
    if (t == null) {
      return null;
    }
    TournamentConfig c = config(t);
    String remedy = "restore the store from a copy, or give a new --db to start afresh";
    List<String> agentSpecs = c.allAgents();
    boolean[] seen = new boolean[agentSpecs.size()];
    for (AgentInfo a : agents(id)) {
      if (a.idx() < 0 || a.idx() >= seen.length) {
        throw rowDamage("agents row (tournament " + id + ", idx " + a.idx() + ", " + a.spec()
            + ") is no agent of the tournament, whose configuration has " + seen.length + " agents", remedy);
      }
      seen[a.idx()] = true;
    }
    for (int i = 0; i < seen.length; i++) {
      if (!seen[i]) {
        throw rowDamage("tournament " + id + " has no agents row for its agent " + i + " ("
            + agentSpecs.get(i) + ")", remedy);
      }
    }
    int[] players = new int[c.games().size()];
    for (GameInfo g : games(id)) {
      String row = "games row (tournament " + id + ", idx " + g.idx() + ", " + g.spec() + ")";
      if (g.idx() < 0 || g.idx() >= players.length) {
        throw rowDamage(row + " is no game of the tournament, whose configuration has "
            + players.length + " games", remedy);
      }
      if (g.numPlayers() < 1) {
        throw rowDamage(row + " has num_players " + g.numPlayers() + ", not a number of"
            + " players", remedy);
      }
      if (!Double.isFinite(g.minUtility()) || !Double.isFinite(g.maxUtility()) || g.minUtility() > g.maxUtility()) {
        throw rowDamage(row + " has the utility range [" + g.minUtility() + ", "
            + g.maxUtility() + "], not two finite numbers in order", remedy);
      }
      players[g.idx()] = g.numPlayers();
    }
    for (int i = 0; i < players.length; i++) {
      if (players[i] == 0) {
        throw rowDamage("tournament " + id + " has no games row for its game " + i + " ("
            + c.games().get(i) + ")", remedy);
      }
    }
    return new Shape(seen.length, players);
  }

  /**
   * What is wrong with a matches row as stored (each column as its text), or null if it is a row
   * ponder arena writes: a game index of the tournament; as many seats as the game has players,
   * each an agent index of the tournament; a seed index ≥ 0 and an integer seed; a known status;
   * for a match that is no error, one finite return per player (an error match: none, or one per
   * player); a length ≥ 0; a failed seat (when not null) that is a seat of the match; and, when read
   * with details, move times {@code seat:micros} with a seat of the match and micros ≥ 0, overruns
   * (non-negative integers, at most one per player) and actions (non-negative integers).
   *
   * @param shape the tournament's agents and games; null to check only the form of each column
   */
  static String rowProblem(Shape shape, String game, String seats, String seedIndex, String seed, String status,
      String returns, String length, String failedSeat, String moveUs, String overruns, String actions) {
    Long g = strictLong(game);
    if (g == null || g < 0 || (shape != null && g >= shape.players().length)) {
      return "has game_idx " + game + ", not a game of the tournament"
          + (shape == null ? "" : " (0.." + (shape.players().length - 1) + ")");
    }
    int players = shape == null ? -1 : shape.players()[(int) (long) g];
    String[] seatParts = seats == null ? new String[0] : seats.split(",", -1);
    if (seats == null || seats.isEmpty() || (players >= 0 && seatParts.length != players)) {
      return "has seats '" + seats + "', not " + (players >= 0 ? players + " agent indices" : "agent indices")
          + " joined by ','";
    }
    for (String s : seatParts) {
      Long a = strictLong(s);
      if (a == null || a < 0 || (shape != null && a >= shape.agents())) {
        return "has seats '" + seats + "': " + (a == null ? "'" + s + "' is no agent index"
            : "agent " + s + " is not one of the tournament's " + (shape == null ? "" : shape.agents() + " ") + "agents");
      }
    }
    Long k = strictLong(seedIndex);
    if (k == null || k < 0 || k > Integer.MAX_VALUE) {
      return "has seed_index " + seedIndex + ", not a seed index (an integer >= 0)";
    }
    if (strictLong(seed) == null) {
      return "has seed " + seed + ", not an integer";
    }
    MatchResult.Status st = null;
    for (MatchResult.Status s : MatchResult.Status.values()) {
      if (s.label().equals(status)) {
        st = s;
      }
    }
    if (st == null) {
      return "has status '" + status + "', not one of ok, overrun, error";
    }
    int n = seatParts.length;
    String[] ret = returns == null ? null : returns.isEmpty() ? new String[0] : returns.split(",", -1);
    boolean countOk = ret != null && (ret.length == n || (st == MatchResult.Status.ERROR && ret.length == 0));
    if (!countOk) {
      return "has returns '" + returns + "', not " + n + " numbers joined by ','" + (st == MatchResult.Status.ERROR
          ? " (or none, for an error)" : "");
    }
    for (String r : ret) {
      double v;
      try {
        v = strictDouble(r);
      } catch (NumberFormatException e) {
        return "has returns '" + returns + "': '" + r + "' is not a number";
      }
      if (!Double.isFinite(v)) {
        return "has returns '" + returns + "': " + r + " is not a finite number";
      }
    }
    Long len = strictLong(length);
    if (len == null || len < 0 || len > Integer.MAX_VALUE) {
      return "has length " + length + ", not a number of actions (an integer >= 0)";
    }
    if (failedSeat != null) {
      Long f = strictLong(failedSeat);
      if (f == null || f < 0 || f >= n) {
        return "has failed_seat " + failedSeat + ", not a seat of the match (0.." + (n - 1) + ")";
      }
    }
    if (moveUs == null) {
      return "has move_us NULL";
    }
    if (!moveUs.isEmpty()) {
      for (String mv : moveUs.split(",", -1)) {
        int colon = mv.indexOf(':');
        Long p = colon < 0 ? null : strictLong(mv.substring(0, colon));
        Long us = colon < 0 ? null : strictLong(mv.substring(colon + 1));
        if (p == null || us == null || p < 0 || p >= n || us < 0) {
          return "has move_us entry '" + mv + "', not seat:micros with a seat of the match (0.." + (n - 1)
              + ") and micros >= 0";
        }
      }
    }
    String bad = nonNegativeInts(overruns, n);
    if (bad != null) {
      return "has overruns '" + overruns + "', not at most " + n + " counts (integers >= 0) joined by ','";
    }
    if (nonNegativeInts(actions, Integer.MAX_VALUE) != null) {
      return "has actions '" + (actions != null && actions.length() > 40 ? actions.substring(0, 40) + "…" : actions)
          + "', not action ids (integers >= 0) joined by ','";
    }
    return null;
  }

  /** Null if {@code s} is "" or at most {@code max} non-negative integers joined by ','; else {@code s}. */
  private static String nonNegativeInts(String s, int max) {
    if (s == null) {
      return "NULL";
    }
    if (s.isEmpty()) {
      return null;
    }
    String[] parts = s.split(",", -1);
    if (parts.length > max) {
      return s;
    }
    for (String p : parts) {
      Long v = strictLong(p);
      if (v == null || v < 0 || v > Integer.MAX_VALUE) {
        return s;
      }
    }
    return null;
  }

  /** {@code s} as a long if it is an optional '-' and decimal digits within a long's range, else null. */
  private static Long strictLong(String s) {
    if (s == null || s.isEmpty() || s.length() > 20) {
      return null;
    }
    int start = s.charAt(0) == '-' ? 1 : 0;
    if (start == s.length()) {
      return null;
    }
    for (int i = start; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return null;
      }
    }
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException tooLarge) {
      return null;
    }
  }

  private static final java.util.regex.Pattern DECIMAL =
      java.util.regex.Pattern.compile("-?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?|-?Infinity|NaN");

  /** A decimal number as {@link #joinDoubles} writes it (Java's other forms, e.g. {@code 0x1p3}, refused). */
  private static double strictDouble(String s) {
    if (s.isEmpty() || !DECIMAL.matcher(s).matches()) {
      throw new NumberFormatException(s);
    }
    return Double.parseDouble(s);
  }

  /**
   * Number of matches a tournament schedules ({@link Schedule#count(TournamentConfig, int[])}): for
   * each of its games, the seatings of its schedule (every pairing and seat order) times its seeds
   * per pairing; more than {@link #count} while the tournament is partial.
   *
   * @throws IllegalArgumentException if the store holds no tournament {@code tournament}
   * @throws NewerStoreException if its configuration was written by a newer build
   * @throws DamagedStoreException if its configuration or rows cannot be read otherwise
   */
  public long scheduled(long tournament) {
    TournamentInfo info = tournaments().stream().filter(t -> t.id() == tournament).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no tournament " + tournament + " in the store"));
    int[] players = games(tournament).stream().mapToInt(GameInfo::numPlayers).toArray();
    return Schedule.count(config(info), players).longValueExact();
  }

  /** Number of stored matches of a tournament. */
  public synchronized int count(long tournament) {
    try (PreparedStatement q = conn.prepareStatement("SELECT COUNT(*) FROM matches WHERE tournament_id=?")) {
      q.setLong(1, tournament);
      try (ResultSet rs = q.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    } catch (SQLException e) {
      throw failed("cannot count matches", e);
    }
  }

  @Override
  public synchronized void close() {
    try {
      if (insert != null) {
        insert.close();
      }
      conn.close();
    } catch (SQLException e) {
      throw new StoreException("cannot close store: " + e.getMessage(), e);
    } finally {
      if (readerLock != null) {
        readerLock.close();
        readerLock = null;
      }
    }
  }

  /**
   * A stored game of a tournament as {@link MatchReuse} compares it with a game loaded now.
   *
   * @param params the full game string, every parameter with defaults filled in ({@code
   *     games.params}); null for a game stored before the column existed
   */
  record GameRow(int idx, String spec, int numPlayers, double minUtility, double maxUtility, String utility,
      String params) {}

  /** The stored games of a tournament with their full game strings, in index order. */
  synchronized List<GameRow> gameRows(long tournament) {
    List<GameRow> out = new ArrayList<>();
    try (PreparedStatement q = conn.prepareStatement("SELECT idx, spec, num_players, min_utility, max_utility, utility, params"
        + " FROM games WHERE tournament_id=? ORDER BY idx")) {
      q.setLong(1, tournament);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          out.add(new GameRow(rs.getInt(1), rs.getString(2), rs.getInt(3), rs.getDouble(4), rs.getDouble(5),
              rs.getString(6), rs.getString(7)));
        }
      }
    } catch (SQLException e) {
      throw failed("cannot read games", e);
    }
    return out;
  }

  /** Receives the key columns of a stored match ({@link #forEachOkMatch}). */
  interface MatchKeyConsumer {
    void accept(int game, String seats, int seedIndex, long seed);
  }

  /**
   * Calls {@code sink} with the game index, seats (as stored), seed index and match seed of every
   * match of the tournament whose status is {@code ok} (not an error, not an overrun), without
   * reading their details. A row of an older build with non-finite returns, read as the game's
   * error ({@link #nonFiniteReturnsMessage}), is no such match: the returns as written never hold
   * an {@code n} otherwise ({@code NaN}, {@code Infinity}; LIKE ignores case).
   */
  synchronized void forEachOkMatch(long tournament, MatchKeyConsumer sink) {
    try (PreparedStatement q = conn.prepareStatement("SELECT game_idx, seats, seed_index, seed FROM matches"
        + " WHERE tournament_id=? AND status=? AND returns NOT LIKE '%n%'")) {
      q.setLong(1, tournament);
      q.setString(2, MatchResult.Status.OK.label());
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          sink.accept(rs.getInt(1), rs.getString(2), rs.getInt(3), rs.getLong(4));
        }
      }
    } catch (SQLException e) {
      throw failed("cannot read matches", e);
    }
  }

  /**
   * One stored match to copy into another tournament: the row ({@code fromTournament}, {@code
   * fromGame}, {@code fromSeats}, {@code fromSeedIndex}) becomes the match {@code to} of the
   * tournament copied into.
   */
  record MatchCopy(long fromTournament, int fromGame, String fromSeats, int fromSeedIndex, Schedule.Entry to) {}

  /**
   * Copies stored matches into tournament {@code into}, in one transaction: each new row takes
   * its key from {@link MatchCopy#to} and everything else (seed, status, returns, length, move
   * times, overruns, message, actions, failed seat) byte for byte from the stored row. A match
   * already stored in {@code into} is kept ({@code INSERT OR IGNORE}).
   *
   * @return the number of rows inserted
   */
  synchronized int copyMatches(long into, List<MatchCopy> copies) {
    if (copies.isEmpty()) {
      return 0;
    }
    try {
      conn.setAutoCommit(false);
      int inserted = 0;
      try (PreparedStatement ins = conn.prepareStatement("INSERT OR IGNORE INTO matches(tournament_id, game_idx, seats,"
          + " seed_index, seed, status, returns, length, move_us, overruns, message, actions, failed_seat, run_id)"
          + " SELECT ?, ?, ?, ?, seed, status, returns, length, move_us, overruns, message, actions, failed_seat, run_id"
          + " FROM matches WHERE tournament_id=? AND game_idx=? AND seats=? AND seed_index=?")) {
        for (MatchCopy c : copies) {
          ins.setLong(1, into);
          ins.setInt(2, c.to().game());
          ins.setString(3, c.to().seatsKey());
          ins.setInt(4, c.to().seedIndex());
          ins.setLong(5, c.fromTournament());
          ins.setInt(6, c.fromGame());
          ins.setString(7, c.fromSeats());
          ins.setInt(8, c.fromSeedIndex());
          inserted += ins.executeUpdate();
        }
        conn.commit();
      } catch (SQLException | RuntimeException e) {
        conn.rollback();
        throw e;
      } finally {
        conn.setAutoCommit(true);
      }
      return inserted;
    } catch (SQLException e) {
      throw failed("cannot copy stored matches", e);
    }
  }

  /**
   * Whether {@code storedJson} (an {@code agents.params} value) holds what {@link #storedParams}
   * gives for {@code agentString} now, by the rule of resuming ({@link #firstChangedKey}): every
   * stored key with an equal value (numbers by value), and a key declared since only at its
   * declared default.
   */
  static boolean sameStoredParams(String storedJson, String agentString) {
    return sameStoredParams(storedJson, storedParamsTree(agentString), declaredDefaultsTree(agentString));
  }

  /**
   * Whether {@code storedJson} (an {@code agents.params} value) holds {@code now} (a {@link
   * #storedParamsTree}) by the rule of resuming ({@link #firstChangedKey}, with the agent's
   * {@link #declaredDefaultsTree} {@code defaults}).
   */
  static boolean sameStoredParams(String storedJson, com.fasterxml.jackson.databind.JsonNode now,
      com.fasterxml.jackson.databind.JsonNode defaults) {
    try {
      com.fasterxml.jackson.databind.JsonNode stored = JSON.readTree(storedJson);
      return stored != null && stored.isObject() && firstChangedKey(stored, now, defaults) == null;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return false; // parameters this version cannot read are never the same
    }
  }

  /** {@link #storedParams} of {@code agentString} as JSON, as {@code agents.params} holds it. */
  static com.fasterxml.jackson.databind.JsonNode storedParamsTree(String agentString) {
    return JSON.valueToTree(storedParams(agentString));
  }

  static String joinDoubles(double[] v) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < v.length; i++) {
      if (i > 0) {
        sb.append(',');
      }
      double d = v[i];
      if (d == Math.rint(d) && Math.abs(d) < 1e15) {
        sb.append((long) d);
      } else {
        sb.append(d);
      }
    }
    return sb.toString();
  }

  static String joinInts(int[] v) {
    StringBuilder sb = new StringBuilder(v.length * 3);
    for (int i = 0; i < v.length; i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(v[i]);
    }
    return sb.toString();
  }

  static String joinMoves(int[] players, long[] micros) {
    StringBuilder sb = new StringBuilder(players.length * 6);
    for (int i = 0; i < players.length; i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(players[i]).append(':').append(micros[i]);
    }
    return sb.toString();
  }

  /** Parses integers joined by commas ("" → empty). */
  static int[] splitInts(String s) {
    if (s.isEmpty()) {
      return new int[0];
    }
    int count = 1;
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == ',') {
        count++;
      }
    }
    int[] out = new int[count];
    int k = 0;
    int v = 0;
    boolean neg = false;
    for (int i = 0; i <= s.length(); i++) {
      char c = i < s.length() ? s.charAt(i) : ',';
      if (c == ',') {
        out[k++] = neg ? -v : v;
        v = 0;
        neg = false;
      } else if (c == '-') {
        neg = true;
      } else {
        v = v * 10 + (c - '0');
      }
    }
    return out;
  }

  /** Parses doubles joined by commas ("" → empty). */
  static double[] splitDoubles(String s) {
    if (s.isEmpty()) {
      return new double[0];
    }
    String[] parts = s.split(",");
    double[] out = new double[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = Double.parseDouble(parts[i]);
    }
    return out;
  }

  /**
   * A run would continue (resume or extend) a stored tournament, but one of its agents now
   * resolves to other parameters than those stored with it: its code or defaults changed, and the
   * new matches would be mixed with the stored ones under one name. The message is one line naming
   * the agent, the key and both values.
   */
  public static final class ParamsChangedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final long tournament;
    private final String agent;
    private final String key;

    ParamsChangedException(long tournament, String agent, String key, String stored, String now) {
      super("agent " + agent + " of tournament " + tournament + " was stored with " + key + "=" + stored
          + (now == null ? ", a key it no longer declares" : " but now resolves " + key + "=" + now)
          + ": its code, defaults or input files changed since those matches were played");
      this.tournament = tournament;
      this.agent = agent;
      this.key = key;
    }

    /** Id of the stored tournament. */
    public long tournament() {
      return tournament;
    }

    /** The agent string whose parameters changed. */
    public String agent() {
      return agent;
    }

    /** The first key whose value differs. */
    public String key() {
      return key;
    }
  }

  /**
   * A run would continue (resume or extend) a stored tournament, but one of its games now loads as
   * another game than the one stored with it (players, utility type or range, or a parameter's
   * value with defaults filled in): its code or defaults changed, and the new matches would be
   * mixed with the stored ones under one name. The message is one line naming the game, what
   * changed and what to do.
   */
  public static final class GameChangedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final long tournament;
    private final String game;

    GameChangedException(long tournament, String game, String change) {
      super("game " + game + " of tournament " + tournament + " " + change
          + ": its code or defaults changed since those matches were played; to continue this tournament, restore the"
          + " game as it was; to play the game as it is now, give a new --db");
      this.tournament = tournament;
      this.game = game;
    }

    /** Id of the stored tournament. */
    public long tournament() {
      return tournament;
    }

    /** The game string (as the tournament names it) whose game changed. */
    public String game() {
      return game;
    }
  }

  /**
   * A run asked for other seat orders than a stored tournament with an otherwise equal
   * configuration (up to its seeds per pairing) was played with: continuing it would mix two
   * schedules, and starting another beside it would replay it. The message is one line naming the
   * stored seat orders.
   */
  public static final class SeatOrdersChangedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final long tournament;
    private final String stored;

    SeatOrdersChangedException(long tournament, String stored, String requested) {
      super("the store holds tournament " + tournament + " with seat orders " + TournamentConfig.seatOrdersLabel(stored)
          + ", not the " + TournamentConfig.seatOrdersLabel(requested) + " requested");
      this.tournament = tournament;
      this.stored = stored;
    }

    /** Id of the stored tournament. */
    public long tournament() {
      return tournament;
    }

    /** Its seat orders ({@link TournamentConfig#seatOrders}). */
    public String stored() {
      return stored;
    }
  }

  /**
   * A run asked for fewer seeds per pairing than a stored tournament with an otherwise equal
   * configuration holds. The message is one line naming the stored number.
   */
  public static final class SmallerThanStoredException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final long tournament;
    private final int stored;

    SmallerThanStoredException(long tournament, int stored, int requested) {
      super("the store already holds tournament " + tournament + " with " + stored + " seeds per pairing, more than the "
          + requested + " requested");
      this.tournament = tournament;
      this.stored = stored;
    }

    /** Id of the stored tournament. */
    public long tournament() {
      return tournament;
    }

    /** Its seeds per pairing. */
    public int stored() {
      return stored;
    }
  }

  /** A store failure (I/O, corrupt file). */
  public static class StoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message one line naming the file and what failed
     * @param cause the underlying failure (SQL, I/O), or null
     */
    public StoreException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * The file is not a Ponder arena store (no SQLite database, or another application's); nothing
   * was written to it. The message is one line naming the file.
   */
  public static final class NotAStoreException extends StoreException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message one line naming the file
     * @param cause the underlying failure, or null
     */
    public NotAStoreException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * A store that cannot be used as it is: damaged ({@link DamagedStoreException}) or written by a
   * newer build of Ponder ({@link NewerStoreException}); a bad input file for the command line
   * (exit code 2).
   */
  public abstract static class UnusableStoreException extends StoreException {
    private static final long serialVersionUID = 1L;

    UnusableStoreException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * A store whose file has more than one name (hard links), which SQLite cannot write safely
   * ({@link #hardLinkProblem}); the message is that one line.
   */
  public static final class LinkedStoreException extends UnusableStoreException {
    private static final long serialVersionUID = 1L;

    LinkedStoreException(String message) {
      super(message, null);
    }
  }

  /**
   * A store written by a newer build of Ponder: its tournament configuration has fields this build
   * does not know (and is readable without them), e.g. {@code t.db was written by a newer build of
   * Ponder: tournament 1's configuration has the field 'rounds', which this build does not know;
   * use that build (or a later one) to report or resume it}.
   */
  public static final class NewerStoreException extends UnusableStoreException {
    private static final long serialVersionUID = 1L;

    NewerStoreException(Path file, String what) {
      super(file + " was written by a newer build of Ponder: " + what + "; use that build (or a later one) to report"
          + " or resume it", null);
    }
  }

  /**
   * The store's file is damaged (SQLite finds its pages malformed, e.g. a truncated copy). A bad
   * input file, like one that is no store: the one-line message names the file and what to do.
   */
  public static final class DamagedStoreException extends UnusableStoreException {
    private static final long serialVersionUID = 1L;

    /**
     * A file SQLite finds malformed: {@code FILE is damaged (SQLite: database disk image is
     * malformed); restore it from a copy, or give a new --db to start afresh}.
     *
     * @param file the store's file
     * @param cause SQLite's error
     */
    public DamagedStoreException(Path file, Throwable cause) {
      super(file + " is damaged (SQLite: database disk image is malformed); restore it from a copy, or give a new --db"
          + " to start afresh", cause);
    }

    /**
     * A store whose file SQLite reads but whose rows no run of ponder arena writes (e.g. edited by
     * hand): {@code FILE is damaged: WHAT; REMEDY}.
     *
     * @param what the row (table, key) and what is wrong with it
     * @param remedy what to do
     */
    public DamagedStoreException(Path file, String what, String remedy) {
      super(file + " is damaged: " + what + "; " + remedy, null);
    }
  }
}
