package dev.ponder.search.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.search.mcts.FinalSelectors;
import dev.ponder.search.mcts.Knowledge;
import dev.ponder.search.mcts.MctsAgent;
import dev.ponder.search.mcts.MctsAgentFactory;
import dev.ponder.search.mcts.MctsConfig;
import dev.ponder.search.mcts.MctsEngine;
import dev.ponder.search.mcts.Mechanism;
import dev.ponder.search.mcts.Mechanisms;
import dev.ponder.search.mcts.PriorPolicy;
import dev.ponder.search.mcts.Puct;
import dev.ponder.search.mcts.ResampleHistory;
import dev.ponder.search.mcts.RootActionSelector;
import dev.ponder.search.mcts.SearchContext;
import dev.ponder.search.mcts.TreePolicy;
import dev.ponder.search.mcts.ValueBackup;
import dev.ponder.search.mcts.VirtualLoss;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Java snippets of docs/search.md, compiled and run: each appears verbatim (up to white space)
 * in this package's sources ({@link #everySnippetOfTheDocIsInTheseSources}). The classes of the
 * page are {@link MyUct}, {@link OpenLinesEstimator}, {@link OpenLinesPuct} and {@link OpenLinesUct}.
 */
class SearchDocExamplesTest {

  @Test
  void composingAMechanism() {
    Game game = GameRegistry.load("tic_tac_toe");
    State state = game.newInitialState();
    // ---- docs/search.md, "Composing a mechanism"
    TreePolicy p = new Puct(1.25, 19652, Puct.Fpu.REDUCTION, 0.3);
    Mechanism m = new Mechanism(p, ValueBackup.MEAN, RootActionSelector.of(p),
        FinalSelectors.MOST_VISITED, VirtualLoss.constant(1));
    // or start from a named one and swap a part:
    Mechanism m2 = Mechanisms.uct(0.5).withFinalSelector(FinalSelectors.MOST_VISITED_FIRST);
    // a discounting backup, as a lambda:
    ValueBackup discounted = (tree, parent, edge, child, value, depth, ctx) -> {
      double f = 1.0 / (1 + 0.001 * depth);
      for (int i = 0; i < ctx.numPlayers(); i++) value[i] *= f;   // passed on to the next edge up
      ValueBackup.MEAN.update(tree, parent, edge, child, value, depth, ctx);
    };
    try (MctsEngine e = new MctsEngine(game, m.withBackup(discounted), Knowledge.reference(game),
        MctsConfig.ofSimulations(800).withThreads(2), 42L)) {
      SearchResult r = e.search(state);
    }
    // ----
    assertThat(m2.finalSelector()).isSameAs(FinalSelectors.MOST_VISITED_FIRST);
    assertThat(m.withBackup(discounted).rootSelector()).isSameAs(m.rootSelector());
    try (MctsEngine e = new MctsEngine(game, m.withBackup(discounted), Knowledge.reference(game),
        MctsConfig.ofSimulations(200), 42L)) {
      SearchResult r = e.search(state);
      assertThat(r.simulations()).isEqualTo(200);
      assertThat(r.totalVisits()).isEqualTo(200);
    }
  }

  @Test
  void myUctIsAnAgentKind() {
    MyUct f = new MyUct();
    Params p = Params.resolve(dev.ponder.spec.Spec.parse("my_uct(c=0.5,sims=100)"), f.parameters());
    Game game = GameRegistry.load("tic_tac_toe");
    MctsAgent a = (MctsAgent) f.create(game, p, 1L);
    assertThat(a.engine().mechanism().finalSelector()).isSameAs(FinalSelectors.MOST_VISITED_FIRST);
    assertThat(a.search(game.newInitialState()).simulations()).isEqualTo(100);
    assertThatThrownBy(() -> Params.resolve(dev.ponder.spec.Spec.parse("my_uct(c=-1)"), f.parameters()))
        .isInstanceOf(SpecException.class).hasMessageContaining("valid: 0..1e6");
  }

  @Test
  void aSearchResultFromAnAgentString() {
    // ---- docs/search.md, "A search result from an agent string"
    // imports: dev.ponder.game.Game, dev.ponder.game.GameRegistry,
    //          dev.ponder.search.SearchResult, dev.ponder.search.mcts.MctsAgent
    Game game = GameRegistry.load("connect_four");
    SearchResult r;
    try (MctsAgent agent = MctsAgent.create("puct(sims=800,c_init=1.25)", game, 42L)) {
      r = agent.search(game.newInitialState());
    }
    int best = r.action();                 // a*, one of r.actions()
    double[] pi = r.policy();              // π̂, aligned with r.actions()
    int[] visits = r.visits();             // n(a), aligned with r.actions()
    // ----
    assertThat(r.actions()).containsExactly(0, 1, 2, 3, 4, 5, 6).contains(best);
    assertThat(Arrays.stream(pi).sum()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(Arrays.stream(visits).sum()).isEqualTo(800);
    for (String other : List.of("random")) { // (uniform, human: registered by ponder-solve, ponder-app)
      assertThatThrownBy(() -> MctsAgent.create(other, game, 1L)).isInstanceOf(SpecException.class)
          .hasMessageStartingWith(other + " is not an MCTS agent").hasMessageContaining("MCTS agents: ")
          .hasMessageContaining("puct").hasMessageContaining("uct").hasMessageContaining("gumbel");
    }
    assertThatThrownBy(() -> MctsAgent.create("nope(sims=3)", game, 1L)).isInstanceOf(SpecException.class)
        .hasMessageContaining("unknown agent 'nope'");
  }

  @Test
  void aTreePolicyOfYourOwn() {
    // ---- docs/search.md, "A tree policy of your own"
    TreePolicy ucb = (tree, node, ctx) -> {
      int mover = tree.player(node);
      int first = tree.firstChild(node);
      double logN = Math.log(Math.max(1, tree.visits(node)));
      int best = first;
      double bestScore = Double.NEGATIVE_INFINITY;
      for (int e = first; e < first + tree.numChildren(node); e++) {
        int n = tree.visits(e);
        double score = n == 0 ? Double.POSITIVE_INFINITY
            : ctx.normalize(tree.valueSum(e, mover) / n) + 0.5 * Math.sqrt(logN / n);
        if (score > bestScore) {
          bestScore = score;
          best = e;
        }
      }
      return best;
    };
    Mechanism m = Mechanisms.uct(0.25).withTreePolicy(ucb);   // ucb chooses at the root as well
    // ----
    assertThat(m.rootSelector()).isEqualTo(new RootActionSelector.TreePolicyAtRoot(ucb));
    // x(0,0), o(1,0), x(0,1), o(1,1): x(0,2) wins at once, anything else loses to o(1,2)
    Game game = GameRegistry.load("tic_tac_toe");
    State s = game.newInitialState();
    for (int a : new int[] {0, 3, 1, 4}) {
      s.applyAction(a);
    }
    try (MctsEngine e = new MctsEngine(game, m, Knowledge.reference(game), MctsConfig.ofSimulations(400), 3L)) {
      assertThat(e.search(s).action()).isEqualTo(2);
    }
  }

  @Test
  void theOpenLinesEstimatorMatchesAHandCount() {
    Game game = GameRegistry.load("tic_tac_toe");
    State s = game.newInitialState();
    double[] v = new double[2];
    OpenLinesEstimator est = new OpenLinesEstimator();
    est.evaluate(s, v, null);
    assertThat(v).containsExactly(0.0, 0.0); // 8 open lines each
    s.applyAction(4); // x in the centre: o loses the 4 lines through it
    est.evaluate(s, v, null);
    assertThat(v).containsExactly(0.5, -0.5);
    s.applyAction(0); // o in cell 0
    est.evaluate(s, v, null);
    // by hand: x can still complete the 5 lines without cell 0 that pass through no o: (3,4,5),
    // (6,7,8), (1,4,7), (2,5,8), (2,4,6); o the 4 lines without cell 4: (0,1,2), (6,7,8), (0,3,6),
    // (2,5,8)
    assertThat(v).containsExactly((5 - 4) / 8.0, -(5 - 4) / 8.0);
  }

  @Test
  void aComponentRunsOutsideASearchWithADetachedContext() {
    // ---- docs/search.md, "A game-specific value estimator": outside a search
    Game ttt = GameRegistry.load("tic_tac_toe");
    double[] v = new double[ttt.numPlayers()];
    new OpenLinesEstimator().evaluate(ttt.stateFromHistory(new int[] {4}), v, SearchContext.detached(ttt, 1L));
    // v = [0.5, -0.5]: x in the centre keeps its 8 lines open, o loses the 4 through the centre
    // ----
    assertThat(v).containsExactly(0.5, -0.5);
    SearchContext ctx = SearchContext.detached(ttt, 1L);
    assertThat(ctx.simulation()).isZero();
    assertThat(ctx.rootPlayer()).isZero();
    assertThat(ctx.valueBuffer()).hasSize(2);
    assertThat(ctx.actionBuffer().length).isGreaterThanOrEqualTo(ttt.maxActionsPerState());
    assertThat(ctx.rng().nextLong()).isEqualTo(SearchContext.detached(ttt, 1L).rng().nextLong());
  }

  @Test
  void aNamedMechanismWithKnowledgeOfYourOwn() {
    // ---- docs/search.md, "A named mechanism with knowledge of your own"
    Game game = GameRegistry.load("tic_tac_toe");
    Knowledge k = new Knowledge(PriorPolicy.UNIFORM, new OpenLinesEstimator(), ResampleHistory.IDENTITY);
    MctsAgent a = MctsAgent.create("puct(sims=800,c_init=1.25)", game, 7L).withKnowledge(k);
    // or by hand from the factory's parts:
    MctsAgentFactory puct = (MctsAgentFactory) AgentRegistry.factory("puct");
    Params p = AgentRegistry.resolve("puct(sims=800,c_init=1.25)");
    MctsAgent b = new MctsAgent(game, () -> puct.mechanism(p), k, MctsAgentFactory.config(p), 7L);
    // ----
    assertThat(a.engine().knowledge().value()).isInstanceOf(OpenLinesEstimator.class);
    State s = game.newInitialState();
    SearchResult ra = a.search(s);
    SearchResult rb = b.search(s);
    assertThat(ra.visits()).containsExactly(rb.visits());
    assertThat(ra.rootValue()).containsExactly(rb.rootValue());
    assertThat(b.engine().knowledge()).isSameAs(k);
    assertThat(ra.simulations()).isEqualTo(800);
  }

  @Test
  void auxiliarySlotsOfYourOwn() {
    Game game = GameRegistry.load("tic_tac_toe");
    // ---- docs/search.md, "Auxiliary slots"
    Mechanism base = Mechanisms.uct(0.25);
    int slot = base.auxWidth();                  // the first slot no component of base uses
    ValueBackup squares = (tree, parent, edge, child, value, depth, ctx) -> {
      base.backup().update(tree, parent, edge, child, value, depth, ctx);
      int mover = tree.player(parent);
      if (mover >= 0) {                          // the chooser (not a chance node)
        double x = ctx.normalize(value[mover]);
        synchronized (tree.lock(edge)) {         // a read-modify-write of a slot
          tree.setAux(edge, slot, tree.aux(edge, slot) + x * x);
        }
      }
    };
    Mechanism withSquares = base.withBackup(squares).withAuxWidth(slot + 1);
    // ----
    assertThat(withSquares.auxWidth()).isEqualTo(1);
    try (MctsEngine e = new MctsEngine(game, withSquares, Knowledge.reference(game), MctsConfig.ofSimulations(500), 3L)) {
      e.search(game.newInitialState());
      dev.ponder.search.mcts.Tree t = e.tree();
      int first = t.firstChild(t.root());
      int checked = 0;
      for (int c = first; c < first + t.numChildren(t.root()); c++) {
        int n = t.visits(c);
        if (n == 0) {
          continue;
        }
        // the normalized returns x lie in {0, 1/2, 1}: Σx²/n ≥ (Σx/n)² (Cauchy–Schwarz) and x² ≤ x
        double sumX = (t.valueSum(c, 0) + n) / 2;
        double sumSq = t.aux(c, slot);
        assertThat(sumSq).isBetween(sumX * sumX / n - 1e-9, sumX + 1e-9);
        checked++;
      }
      assertThat(checked).isEqualTo(9);
    }
    // composed on a mechanism that uses slots itself, the new slot comes after them
    Mechanism thompson = ((MctsAgentFactory) AgentRegistry.factory("compose"))
        .mechanism(AgentRegistry.resolve("compose(tree=thompson)"));
    assertThat(thompson.auxWidth()).isEqualTo(4);
  }

  @Test
  void openLinesPuctIsARegisteredAgentKind() {
    AgentRegistry.register(new OpenLinesPuct());
    Game game = GameRegistry.load("tic_tac_toe");
    MctsAgent a = MctsAgent.create("open_lines_puct(sims=200,threads=2)", game, 3L);
    try (a) {
      assertThat(a.engine().knowledge().value()).isInstanceOf(OpenLinesEstimator.class);
      assertThat(a.search(game.newInitialState()).simulations()).isEqualTo(200);
    }
    assertThatThrownBy(() -> AgentRegistry.create("open_lines_puct", GameRegistry.load("connect_four"), 1L))
        .isInstanceOf(SpecException.class).hasMessageContaining("tic_tac_toe only, not connect_four");
  }

  @Test
  void anOverrideKeepsTheReferencesPriorAndResamplerThroughTheRecordsAccessors() {
    AgentRegistry.register(new OpenLinesUct());
    Game game = GameRegistry.load("tic_tac_toe");
    try (MctsAgent a = MctsAgent.create("open_lines_uct(sims=100)", game, 3L)) {
      Knowledge k = a.engine().knowledge();
      assertThat(k.value()).isInstanceOf(OpenLinesEstimator.class);
      assertThat(k.prior()).isSameAs(PriorPolicy.UNIFORM);
      assertThat(k.resample()).isSameAs(ResampleHistory.IDENTITY); // tic_tac_toe: perfect information
      assertThat(a.search(game.newInitialState()).simulations()).isEqualTo(100);
    }
  }

  // ------------------------------------------------------------------ the page and these sources

  @Test
  void everySnippetOfTheDocIsInTheseSources() throws IOException {
    Path root = Path.of("").toAbsolutePath();
    while (root != null && !Files.isRegularFile(root.resolve("docs/search.md"))) {
      root = root.getParent();
    }
    assertThat(root).as("docs/search.md above the working directory").isNotNull();
    String doc = Files.readString(root.resolve("docs/search.md"));
    Path dir = root.resolve("ponder-search/src/test/java/dev/ponder/search/docs");
    StringBuilder sources = new StringBuilder();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.sorted().toList()) {
        sources.append(Files.readString(f)).append('\n');
      }
    }
    String haystack = normalize(sources.toString());
    List<String> snippets = javaBlocks(doc);
    assertThat(snippets).hasSizeGreaterThanOrEqualTo(7);
    for (String snippet : snippets) {
      // a whole class is shown in the neutral package of a project of one's own; its copy here is
      // in this test package
      String here = snippet.startsWith("package org.example.search;")
          ? "package dev.ponder.search.docs;" + snippet.substring("package org.example.search;".length()) : snippet;
      assertThat(haystack).as("a snippet of docs/search.md is not in %s:%n%s", dir, snippet)
          .contains(normalize(here));
    }
    // every class the page shows comes with its package and imports; the other snippets with the imports block
    assertThat(snippets.stream().filter(x -> x.contains("public final class ")))
        .isNotEmpty().allMatch(x -> x.startsWith("package org.example.search;\n\nimport "));
    assertThat(snippets.get(0)).startsWith("import dev.ponder.agent.AgentRegistry;");
  }

  private static List<String> javaBlocks(String doc) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while ((i = doc.indexOf("```java\n", i)) >= 0) {
      int start = i + "```java\n".length();
      int end = doc.indexOf("\n```", start);
      out.add(doc.substring(start, end));
      i = end + 4;
    }
    return out;
  }

  private static String normalize(String s) {
    return s.replaceAll("\\s+", " ").trim();
  }
}
