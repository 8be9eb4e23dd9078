package dev.ponder.app;

import java.util.concurrent.Callable;

/**
 * Marker for a top-level {@code ponder} subcommand (a picocli {@code @Command} class with a
 * public no-argument constructor). Subcommands are found with {@link java.util.ServiceLoader}:
 * list the class in {@code META-INF/services/dev.ponder.app.PonderCommand}.
 *
 * <p>{@link #call()} returns the exit code: 0 success, 1 runtime failure (2, usage errors, is
 * produced by picocli and by {@link UsageException}).
 */
public interface PonderCommand extends Callable<Integer> {}
