package dev.ponder.search.mcts;

import java.util.Objects;

/**
 * The game-agnostic quintet of a search (SPEC §1.2): tree policy, value backup, root action
 * selector, final action selector and virtual loss, plus the number of auxiliary per-entry
 * statistics the components need ({@link Tree#aux}). Named mechanisms ({@link Mechanisms#uct},
 * {@link Mechanisms#puct}, {@link Mechanisms#mSeed}, …) are factories that only compose.
 *
 * @param treePolicy interior selection
 * @param backup value propagation
 * @param rootSelector root selection (often {@link RootActionSelector#of(TreePolicy)})
 * @param finalSelector the move and π̂
 * @param virtualLoss used with more than one thread
 * @param auxWidth auxiliary doubles per tree entry (≥ 0)
 */
public record Mechanism(
    TreePolicy treePolicy,
    ValueBackup backup,
    RootActionSelector rootSelector,
    FinalActionSelector finalSelector,
    VirtualLoss virtualLoss,
    int auxWidth) {

  public Mechanism {
    Objects.requireNonNull(treePolicy, "treePolicy");
    Objects.requireNonNull(backup, "backup");
    Objects.requireNonNull(rootSelector, "rootSelector");
    Objects.requireNonNull(finalSelector, "finalSelector");
    Objects.requireNonNull(virtualLoss, "virtualLoss");
    if (auxWidth < 0) {
      throw new IllegalArgumentException("auxWidth " + auxWidth + " < 0");
    }
  }

  /** The five components without auxiliary statistics. */
  public Mechanism(TreePolicy treePolicy, ValueBackup backup, RootActionSelector rootSelector,
      FinalActionSelector finalSelector, VirtualLoss virtualLoss) {
    this(treePolicy, backup, rootSelector, finalSelector, virtualLoss, 0);
  }

  public Mechanism withTreePolicy(TreePolicy p) {
    return new Mechanism(p, backup, rootSelector, finalSelector, virtualLoss, auxWidth);
  }

  public Mechanism withBackup(ValueBackup b) {
    return new Mechanism(treePolicy, b, rootSelector, finalSelector, virtualLoss, auxWidth);
  }

  public Mechanism withRootSelector(RootActionSelector r) {
    return new Mechanism(treePolicy, backup, r, finalSelector, virtualLoss, auxWidth);
  }

  public Mechanism withFinalSelector(FinalActionSelector f) {
    return new Mechanism(treePolicy, backup, rootSelector, f, virtualLoss, auxWidth);
  }

  public Mechanism withVirtualLoss(VirtualLoss v) {
    return new Mechanism(treePolicy, backup, rootSelector, finalSelector, v, auxWidth);
  }

  public Mechanism withAuxWidth(int w) {
    return new Mechanism(treePolicy, backup, rootSelector, finalSelector, virtualLoss, w);
  }
}
