package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The engine's cheap checks of what user components return: a selected entry outside the node's
 * children, a value that is not finite or outside the game's strict utility bounds (or an entry
 * left unwritten), a prior that is negative, not finite or does not sum to 1, and an auxiliary slot
 * beyond the mechanism's width. Each fails the search with one line naming the component's class.
 */
class ComponentOutputChecksTest {
  private final Game ttt = GameRegistry.load("tic_tac_toe");

  /**
   * A named tree policy (its class appears in the message): the first child plus {@code offset};
   * the node itself for {@code Integer.MIN_VALUE}, the last child for {@code Integer.MAX_VALUE}.
   */
  static final class OffsetPolicy implements TreePolicy {
    final int offset;

    OffsetPolicy(int offset) {
      this.offset = offset;
    }

    @Override
    public int select(Tree tree, int node, SearchContext ctx) {
      if (offset == Integer.MIN_VALUE) {
        return node;
      }
      return tree.firstChild(node) + (offset == Integer.MAX_VALUE ? tree.numChildren(node) - 1 : offset);
    }
  }

  /** Writes the given values (an entry NaN in {@code values} is left unwritten). */
  static final class FixedEstimator implements ValueEstimator {
    final double[] values;

    FixedEstimator(double... values) {
      this.values = values;
    }

    @Override
    public void evaluate(State state, double[] out, SearchContext ctx) {
      for (int p = 0; p < values.length; p++) {
        if (!Double.isNaN(values[p])) {
          out[p] = values[p];
        }
      }
    }
  }

  /** A search of {@code sims} simulations from the first decision state (chance: the first outcome). */
  private SearchResult search(Game game, Mechanism m, Knowledge k, int sims) {
    State s = game.newInitialState();
    int[] a = new int[Math.max(1, game.maxChanceOutcomes())];
    double[] p = new double[a.length];
    while (s.isChanceNode()) {
      s.chanceOutcomes(a, p);
      s.applyAction(a[0]);
    }
    try (MctsEngine e = new MctsEngine(game, m, k, MctsConfig.ofSimulations(sims), 5L)) {
      return e.search(s);
    }
  }

  private SearchResult search(Mechanism m, Knowledge k) {
    return search(ttt, m, k, 200);
  }

  private Knowledge withValue(ValueEstimator v) {
    return new Knowledge(PriorPolicy.UNIFORM, v, ResampleHistory.IDENTITY);
  }

  private Knowledge withPrior(PriorPolicy p) {
    return new Knowledge(p, RandomRollout.INSTANCE, ResampleHistory.IDENTITY);
  }

  @Test
  void aTreePolicyReturningAnEntryOutsideTheChildrenFailsNamingIt() {
    // one past the last child, −1 (below the first), and the node itself
    for (int offset : new int[] {9, -1, Integer.MIN_VALUE}) {
      Mechanism m = Mechanisms.uct(0.25).withTreePolicy(new OffsetPolicy(offset));
      assertThatThrownBy(() -> search(m, Knowledge.reference(ttt)))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("tree policy " + OffsetPolicy.class.getName() + " returned entry ")
          .hasMessageContaining("at the root, whose children are entries ")
          .hasMessageNotContaining("\n");
    }
    // below the root only (the root selector is the built-in UCB1)
    Mechanism below = new Mechanism(new OffsetPolicy(9), ValueBackup.MEAN, RootActionSelector.of(new Ucb1(0.25)),
        FinalSelectors.MOST_VISITED, VirtualLoss.NONE);
    assertThatThrownBy(() -> search(below, Knowledge.reference(ttt)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageMatching("tree policy " + OffsetPolicy.class.getName().replace("$", "\\$")
            + " returned entry \\d+ at node \\d+, whose children are entries \\d+\\.\\.\\d+; .*");
    // the last child is fine
    assertThat(search(Mechanisms.uct(0.25).withTreePolicy(new OffsetPolicy(Integer.MAX_VALUE)), Knowledge.reference(ttt))
        .action()).isEqualTo(8);
  }

  /** A resampler that draws a world one move past the root: its legal actions are not the root's. */
  static final class OneMoveAhead implements ResampleHistory {
    @Override
    public State resample(State root, int player, State scratch, SearchContext ctx) {
      scratch.copyFrom(root);
      scratch.applyAction(scratch.legalActions()[0]);
      return scratch;
    }
  }

  /**
   * The root is expanded in a resampled world; a world whose legal actions differ from the
   * searched state's fails the search naming the resampler, rather than let it choose a move the
   * state may not allow.
   */
  @Test
  void aResampledWorldWithOtherLegalActionsAtTheRootFailsNamingTheResampler() {
    Knowledge k = new Knowledge(PriorPolicy.UNIFORM, RandomRollout.INSTANCE, new OneMoveAhead());
    assertThatThrownBy(() -> search(Mechanisms.uct(0.25), k))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("resampler " + OneMoveAhead.class.getName() + " drew a world whose legal actions [1, 2, 3, 4, 5, 6, 7, 8]"
            + " (8) differ from the searched state's [0, 1, 2, 3, 4, 5, 6, 7, …] (9); a world must keep the searcher's"
            + " information state, legal actions included");
  }

  @Test
  void aRootSelectorOfItsOwnIsNamedAsSuch() {
    RootActionSelector bad = (tree, root, ctx) -> tree.firstChild(root) + tree.numChildren(root);
    assertThatThrownBy(() -> search(Mechanisms.uct(0.25).withRootSelector(bad), Knowledge.reference(ttt)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("root selector " + getClass().getName() + "$$Lambda")
        .hasMessageMatching(".* returned entry (\\d+) at the root, whose children are entries \\d+\\.\\.\\d+; .*");
  }

  @Test
  void valuesOutsideTheUtilityBoundsOrNotFiniteFailNamingTheEstimator() {
    String name = FixedEstimator.class.getName();
    assertThatThrownBy(() -> search(Mechanisms.uct(0.25), withValue(new FixedEstimator(5, -5))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("value estimator " + name + " wrote [5.0, -5.0]; every player's value must be finite and within"
            + " tic_tac_toe's utility bounds [-1, 1] (NaN: an entry not written, or a NaN computed)");
    assertThatThrownBy(() -> search(Mechanisms.uct(0.25), withValue(new FixedEstimator(Double.POSITIVE_INFINITY, 0))))
        .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("value estimator " + name + " wrote [Infinity, 0.0]");
    // a NaN computed, and an entry left unwritten (the engine's buffer holds NaN before the call)
    ValueEstimator nan = (s, out, ctx) -> {
      out[0] = 0.0 / 0.0;
      out[1] = 0;
    };
    assertThatThrownBy(() -> search(Mechanisms.uct(0.25), withValue(nan)))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("wrote [NaN, 0.0]");
    assertThatThrownBy(() -> search(Mechanisms.uct(0.25), withValue(new FixedEstimator(0.5, Double.NaN))))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("wrote [0.5, NaN]");
    // the bounds themselves are values like any other
    SearchResult r = search(Mechanisms.uct(0.25), withValue(new FixedEstimator(1, -1)));
    assertThat(r.simulations()).isEqualTo(200);
  }

  /**
   * 2048's maxUtility is nominal (returns above it occur): only finiteness is checked on that side;
   * its minUtility 0 is strict.
   */
  @Test
  void aNominalBoundIsNotEnforcedAStrictOneIs() {
    Game g2048 = GameRegistry.load("2048");
    assertThat(g2048.maxUtilityNominal()).isTrue();
    assertThat(g2048.minUtilityNominal()).isFalse();
    double above = g2048.maxUtility() * 3;
    SearchResult r = search(g2048, Mechanisms.uct(0.25),
        new Knowledge(PriorPolicy.UNIFORM, new FixedEstimator(above), ResampleHistory.IDENTITY), 50);
    assertThat(r.simulations()).isEqualTo(50);
    assertThat(r.rootValue()[0]).isGreaterThan(g2048.maxUtility());
    assertThatThrownBy(() -> search(g2048, Mechanisms.uct(0.25),
        new Knowledge(PriorPolicy.UNIFORM, new FixedEstimator(g2048.minUtility() - 1), ResampleHistory.IDENTITY), 50))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("utility bounds [0, inf]");
    assertThatThrownBy(() -> search(g2048, Mechanisms.uct(0.25),
        new Knowledge(PriorPolicy.UNIFORM, new FixedEstimator(Double.POSITIVE_INFINITY), ResampleHistory.IDENTITY), 50))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("wrote [Infinity]");
  }

  @Test
  void priorsThatAreNegativeNotFiniteUnwrittenOrDoNotSumToOneFailAtExpansion() {
    PriorPolicy negative = (s, a, n, out, ctx) -> {
      Arrays.fill(out, 0, n, 0f);
      out[0] = -1f;
      out[1] = 2f;
    };
    assertThatThrownBy(() -> search(Mechanisms.puct(1.25, 19652, Puct.Fpu.LOSS, 0), withPrior(negative)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("prior policy " + getClass().getName() + "$$Lambda")
        .hasMessageContaining("wrote [-1.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, … (9 actions)], sum 1.0;")
        .hasMessageContaining("priors must be finite, ≥ 0 and sum to 1");
    PriorPolicy twice = (s, a, n, out, ctx) -> Arrays.fill(out, 0, n, 2f / n);
    assertThatThrownBy(() -> search(Mechanisms.uct(0.25), withPrior(twice)))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining(", sum 2.0");
    PriorPolicy half = (s, a, n, out, ctx) -> out[0] = 1f; // the others left unwritten
    assertThatThrownBy(() -> search(Mechanisms.uct(0.25), withPrior(half)))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("wrote [1.0, NaN, NaN");
    PriorPolicy infinite = (s, a, n, out, ctx) -> {
      Arrays.fill(out, 0, n, 0f);
      out[0] = Float.POSITIVE_INFINITY;
    };
    assertThatThrownBy(() -> search(Mechanisms.uct(0.25), withPrior(infinite)))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("wrote [Infinity, 0.0");
    // a one-hot prior and float rounding of 1/n are fine
    PriorPolicy oneHot = (s, a, n, out, ctx) -> {
      Arrays.fill(out, 0, n, 0f);
      out[n - 1] = 1f;
    };
    assertThat(search(Mechanisms.puct(1.25, 19652, Puct.Fpu.LOSS, 0), withPrior(oneHot)).simulations()).isEqualTo(200);
    PriorPolicy thirds = (s, a, n, out, ctx) -> Arrays.fill(out, 0, n, (float) (1.0 / n));
    assertThat(search(Mechanisms.uct(0.25), withPrior(thirds)).simulations()).isEqualTo(200);
  }

  /** An auxiliary slot the mechanism did not declare (auxWidth 0) fails naming the caller and the width. */
  @Test
  void anAuxiliarySlotBeyondTheWidthFailsNamingTheCaller() {
    TreePolicy readsAux = (tree, node, ctx) -> tree.firstChild(node) + (tree.aux(tree.firstChild(node), 0) > 0 ? 1 : 0);
    assertThatThrownBy(() -> search(Mechanisms.uct(0.25).withTreePolicy(readsAux), Knowledge.reference(ttt)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("auxiliary slot beyond the mechanism's auxWidth 0 (Tree.aux called by "
            + getClass().getName() + ".lambda$")
        .hasMessageContaining("ComponentOutputChecksTest.java:")
        .hasMessageContaining("auxiliary slot 0 used, but the mechanism declares auxWidth 0")
        .hasMessageEndingWith("declare the slots with Mechanism.withAuxWidth (a component added to a mechanism takes"
            + " its slots from base.auxWidth() on)")
        .hasMessageNotContaining("\n");
    // declared, it runs
    assertThat(search(Mechanisms.uct(0.25).withTreePolicy(readsAux).withAuxWidth(1), Knowledge.reference(ttt))
        .simulations()).isEqualTo(200);
  }

  /**
   * Without assertions ({@code -da}, how {@code ponder} runs) a slot just beyond a width of 1, which
   * would read the next entry's slot without falling off the array, is refused all the same, and
   * the engine names the caller and the width.
   */
  @Test
  void withoutAssertionsTheEngineNamesTheCallerOfAnUndeclaredSlot() throws Exception {
    ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-da",
        "-cp", System.getProperty("java.class.path"), AuxWithoutAssertions.class.getName());
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
    assertThat(p.waitFor()).isZero();
    assertThat(out).startsWith("IllegalStateException: auxiliary slot beyond the mechanism's auxWidth 1 (Tree.aux called by "
        + AuxWithoutAssertions.class.getName() + ".lambda$main$0 at AuxWithoutAssertions.java:17; auxiliary slot 1 used,"
        + " but the mechanism declares auxWidth 1)").contains("AuxWithoutAssertions.java:")
        .contains("declare the slots with Mechanism.withAuxWidth").doesNotContain("\n");
  }

  /** The additive declaration lets a wrapped mean backup keep private statistics per worker. */
  @Test
  void aBackupDeclaredAdditiveRunsOnPrivateStatistics() {
    Game c4 = GameRegistry.load("connect_four");
    ValueBackup discounted = (tree, parent, edge, child, value, depth, ctx) -> {
      for (int i = 0; i < ctx.numPlayers(); i++) {
        value[i] *= 0.999;
      }
      ValueBackup.MEAN.update(tree, parent, edge, child, value, depth, ctx);
    };
    assertThat(discounted.additive()).isFalse();
    assertThat(ValueBackup.MEAN.additive()).isTrue();
    ValueBackup declared = ValueBackup.additive(discounted);
    assertThat(declared.additive()).isTrue();
    assertThat(ValueBackup.additive(ValueBackup.MEAN)).isSameAs(ValueBackup.MEAN);
    MctsConfig two = MctsConfig.ofSimulations(4000).withThreads(2);
    // a backup that overwrites statistics works only on the shared ones: declared additive, it
    // meets a worker's private statistics and is refused there, which shows they are in use
    ValueBackup overwrites = (tree, parent, edge, child, value, depth, ctx) -> {
      synchronized (tree.lock(edge)) {
        tree.setStats(edge, tree.visits(edge) + 1, new double[] {tree.valueSum(edge, 0) + value[0],
            tree.valueSum(edge, 1) + value[1]});
      }
    };
    try (MctsEngine e = new MctsEngine(c4, Mechanisms.uct(0.25).withBackup(overwrites), Knowledge.reference(c4), two, 3L)) {
      assertThat(e.search(c4.newInitialState()).simulations()).isEqualTo(4000);
    }
    try (MctsEngine e = new MctsEngine(c4, Mechanisms.uct(0.25).withBackup(ValueBackup.additive(overwrites)),
        Knowledge.reference(c4), two, 3L)) {
      assertThatThrownBy(() -> e.search(c4.newInitialState()))
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("only additive updates may use private statistics");
    }
    try (MctsEngine e = new MctsEngine(c4, Mechanisms.uct(0.25).withBackup(declared), Knowledge.reference(c4), two, 3L)) {
      SearchResult r = e.search(c4.newInitialState());
      assertThat(Arrays.stream(r.visits()).sum()).isEqualTo(4000);
    }
  }
}
