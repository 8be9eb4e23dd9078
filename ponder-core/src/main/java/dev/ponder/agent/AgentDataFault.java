package dev.ponder.agent;

/**
 * Marks an exception an agent throws when its own data (a saved policy, a weights file) does not
 * fit the game it is asked to play. Its message names the file and the mismatch in the user's
 * words, so the arena stores such a failure as the message alone, without the exception's class
 * or the place it was thrown ({@code ponder play} and {@code exploitability} refuse a {@code
 * tabular} policy's mismatch as a usage error with the same message).
 */
public interface AgentDataFault {
  /** The exception's message: what does not fit, naming the agent's file. */
  String getMessage();
}
