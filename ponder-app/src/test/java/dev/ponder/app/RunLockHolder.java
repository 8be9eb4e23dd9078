package dev.ponder.app;

import dev.ponder.arena.RunLock;
import java.nio.file.Path;

/**
 * A process that holds the run lock of a store, as a running {@code ponder arena} does, for
 * {@link ArenaLockProcessTest}: takes {@link RunLock#acquire} on the store named by its argument,
 * prints {@code locked} on stdout, and holds the lock until its stdin is closed (or a line
 * arrives), then releases it and exits 0.
 */
public final class RunLockHolder {
  private RunLockHolder() {}

  public static void main(String[] args) throws Exception {
    try (RunLock lock = RunLock.acquire(Path.of(args[0]))) {
      System.out.println("locked");
      System.out.flush();
      while (true) {
        int c = System.in.read();
        if (c < 0 || c == '\n') {
          break;
        }
      }
    }
  }
}
