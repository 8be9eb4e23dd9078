package dev.ponder.games.testutil;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.IntBinaryOperator;

/**
 * A fairy-stockfish process driven over UCI, for differential perft tests. {@link #locate()}
 * finds the binary ({@code /usr/games/fairy-stockfish} as Debian installs it, or on the PATH).
 */
public final class FairyStockfish implements AutoCloseable {
  private final Process process;
  private final BufferedWriter in;
  private final BufferedReader out;

  private FairyStockfish(Path binary) throws IOException {
    process = new ProcessBuilder(binary.toString()).redirectErrorStream(true).start();
    in = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
    out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    send("uci");
    waitFor("uciok");
  }

  /** The binary, or null when fairy-stockfish is not installed. */
  public static Path locate() {
    Path debian = Path.of("/usr/games/fairy-stockfish");
    if (Files.isExecutable(debian)) {
      return debian;
    }
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(java.io.File.pathSeparator)) {
        Path p = Path.of(dir, "fairy-stockfish");
        if (Files.isExecutable(p)) {
          return p;
        }
      }
    }
    return null;
  }

  /**
   * The FEN of a position of two-player pawn-only variants (breakthrough, clobber): ranks from the
   * top ({@code ranks}) down to 1, files from {@code a}; player 0's pieces are {@code P} (white),
   * player 1's {@code p}; runs of empty cells are counted; no castling, no en passant.
   *
   * @param ranks number of ranks
   * @param files number of files
   * @param owner {@code owner(rank - 1, file index)}: 0 or 1, or negative for an empty cell
   * @param toMove the player to move, 0 (white, {@code w}) or 1 ({@code b})
   */
  public static String fen(int ranks, int files, IntBinaryOperator owner, int toMove) {
    StringBuilder sb = new StringBuilder();
    for (int rank = ranks; rank >= 1; rank--) {
      int empty = 0;
      for (int file = 0; file < files; file++) {
        int o = owner.applyAsInt(rank - 1, file);
        if (o < 0) {
          empty++;
          continue;
        }
        if (empty > 0) {
          sb.append(empty);
          empty = 0;
        }
        sb.append(o == 0 ? 'P' : 'p');
      }
      if (empty > 0) {
        sb.append(empty);
      }
      if (rank > 1) {
        sb.append('/');
      }
    }
    sb.append(toMove == 1 ? " b" : " w").append(" - - 0 1");
    return sb.toString();
  }

  /** Starts the engine at {@code binary}. */
  public static FairyStockfish start(Path binary) throws IOException {
    return new FairyStockfish(binary);
  }

  private void send(String line) throws IOException {
    in.write(line);
    in.write('\n');
    in.flush();
  }

  private String waitFor(String prefix) throws IOException {
    String line;
    while ((line = out.readLine()) != null) {
      if (line.startsWith(prefix)) {
        return line;
      }
    }
    throw new IOException("fairy-stockfish ended before printing '" + prefix + "'");
  }

  /** Selects the variant ({@code UCI_Variant}). */
  public void variant(String name) throws IOException {
    send("setoption name UCI_Variant value " + name);
    send("isready");
    waitFor("readyok");
  }

  /** {@code go perft depth} from {@code fen}: the number of move paths of that length. */
  public long perft(String fen, int depth) throws IOException {
    send("position fen " + fen);
    send("go perft " + depth);
    String line = waitFor("Nodes searched:");
    return Long.parseLong(line.substring("Nodes searched:".length()).trim());
  }

  @Override
  public void close() throws IOException {
    try {
      send("quit");
    } catch (IOException ignored) {
      // already gone
    }
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroy();
      }
    } catch (InterruptedException e) {
      process.destroy();
      Thread.currentThread().interrupt();
    }
  }
}
