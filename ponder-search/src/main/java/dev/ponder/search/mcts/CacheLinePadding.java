package dev.ponder.search.mcts;

/**
 * 64 bytes of fields that nothing reads or writes, placed before the fields of every subclass:
 * HotSpot lays out a superclass's fields before a subclass's, so two such objects side by side in
 * memory keep their own fields at least one cache line apart. The objects each search worker
 * writes during a simulation (its worker, its view of the tree) are created together, and the
 * garbage collector may later move them next to each other (copying the array that holds them);
 * without the gap, one worker's writes would evict the line holding the other worker's fields
 * (false sharing).
 */
abstract class CacheLinePadding {
  @SuppressWarnings("unused")
  private long p0;
  @SuppressWarnings("unused")
  private long p1;
  @SuppressWarnings("unused")
  private long p2;
  @SuppressWarnings("unused")
  private long p3;
  @SuppressWarnings("unused")
  private long p4;
  @SuppressWarnings("unused")
  private long p5;
  @SuppressWarnings("unused")
  private long p6;
  @SuppressWarnings("unused")
  private long p7;
}
