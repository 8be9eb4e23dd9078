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
 * @param rootSelector root selection (often {@link RootActionSelector#of(TreePolicy)}: the tree
 *     policy at the root)
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

  /**
   * @throws NullPointerException if a component is null
   * @throws IllegalArgumentException if {@code auxWidth} &lt; 0
   */
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

  /**
   * This mechanism with the tree policy {@code p}. The root selector goes with it when it only
   * applies the old tree policy at the root (a {@link RootActionSelector.TreePolicyAtRoot} of
   * the current {@link #treePolicy()}, as {@link RootActionSelector#of(TreePolicy)} builds it and
   * {@link Mechanisms#uct}, {@link Mechanisms#puct}, {@link Mechanisms#mSeed} use): it becomes
   * {@code RootActionSelector.of(p)}, so {@code p} decides at the root too. A root selector of
   * its own (Gumbel's sequential halving, root noise, SA-MCTS's tuner reads, or {@code of(q)} of
   * another policy q) is kept; replace it with {@link #withRootSelector} afterwards if wanted.
   * Backup, final selector, virtual loss and auxiliary width are kept.
   *
   * @param p the new tree policy
   * @throws NullPointerException if {@code p} is null
   */
  public Mechanism withTreePolicy(TreePolicy p) {
    RootActionSelector r = rootSelector instanceof RootActionSelector.TreePolicyAtRoot at && at.policy() == treePolicy
        ? RootActionSelector.of(p)
        : rootSelector;
    return new Mechanism(p, backup, r, finalSelector, virtualLoss, auxWidth);
  }

  /**
   * This mechanism with the value backup {@code b}; only the backup is replaced (the tree policy,
   * root selector, final selector, virtual loss and auxiliary width are kept). A backup that
   * keeps per-entry statistics may need {@link #withAuxWidth} as well.
   *
   * @throws NullPointerException if {@code b} is null
   */
  public Mechanism withBackup(ValueBackup b) {
    return new Mechanism(treePolicy, b, rootSelector, finalSelector, virtualLoss, auxWidth);
  }

  /**
   * This mechanism with the root selector {@code r}; only the root selector is replaced (the tree
   * policy still decides below the root).
   *
   * @throws NullPointerException if {@code r} is null
   */
  public Mechanism withRootSelector(RootActionSelector r) {
    return new Mechanism(treePolicy, backup, r, finalSelector, virtualLoss, auxWidth);
  }

  /**
   * This mechanism with the final action selector {@code f} (the move and π̂); only it is
   * replaced.
   *
   * @throws NullPointerException if {@code f} is null
   */
  public Mechanism withFinalSelector(FinalActionSelector f) {
    return new Mechanism(treePolicy, backup, rootSelector, f, virtualLoss, auxWidth);
  }

  /**
   * This mechanism with the virtual loss {@code v} (used with more than one thread); only it is
   * replaced.
   *
   * @throws NullPointerException if {@code v} is null
   */
  public Mechanism withVirtualLoss(VirtualLoss v) {
    return new Mechanism(treePolicy, backup, rootSelector, finalSelector, v, auxWidth);
  }

  /**
   * This mechanism with {@code w} auxiliary doubles per tree entry ({@link Tree#aux}); only the
   * width is replaced.
   *
   * @throws IllegalArgumentException if {@code w} &lt; 0
   */
  public Mechanism withAuxWidth(int w) {
    return new Mechanism(treePolicy, backup, rootSelector, finalSelector, virtualLoss, w);
  }
}
