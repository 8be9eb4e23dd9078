package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The public Java API of the engine as a user extending Ponder meets it. */
class SearchApiTest {
  private final Game ttt = GameRegistry.load("tic_tac_toe");

  /** A tree policy that always descends into the first child. */
  private static final TreePolicy FIRST = (tree, node, ctx) -> tree.firstChild(node);

  private static MctsAgentFactory mcts(String name) {
    return (MctsAgentFactory) AgentRegistry.factory(name);
  }

  private static Mechanism mechanismOf(String agentString) {
    Params p = AgentRegistry.resolve(agentString);
    return mcts(p.owner()).mechanism(p);
  }

  // ------------------------------------------------------------------ withTreePolicy and the root

  @Test
  void withTreePolicyAlsoDecidesAtTheRoot() {
    for (Mechanism named : List.of(Mechanisms.uct(0.25), Mechanisms.puct(1.25, 19652, Puct.Fpu.LOSS, 0),
        Mechanisms.mSeed())) {
      Mechanism m = named.withTreePolicy(FIRST);
      try (MctsEngine e = new MctsEngine(ttt, m, Knowledge.reference(ttt), MctsConfig.ofSimulations(800), 1)) {
        SearchResult r = e.search(ttt.newInitialState());
        // every simulation takes the first root child, so all 800 root visits are on action 0
        int[] expected = new int[9];
        expected[0] = 800;
        assertThat(r.visits()).containsExactly(expected);
      }
    }
  }

  @Test
  void withTreePolicyKeepsADistinctRootSelector() {
    for (String spec : List.of("gumbel", "bifv", "run1", "sa_mcts", "compose(tree=puct,root=dirichlet)")) {
      Mechanism m = mechanismOf(spec);
      assertThat(m.withTreePolicy(FIRST).rootSelector()).as(spec).isSameAs(m.rootSelector());
      assertThat(m.withTreePolicy(FIRST).treePolicy()).as(spec).isSameAs(FIRST);
    }
    // a root selector that applies another policy than the tree policy is distinct too
    TreePolicy other = new Ucb1(1.0);
    Mechanism m = Mechanisms.uct(0.25).withRootSelector(RootActionSelector.of(other));
    assertThat(m.withTreePolicy(FIRST).rootSelector()).isSameAs(m.rootSelector());
    // and bifv without noise applies its tree policy at the root: that follows the new policy
    Mechanism plain = mechanismOf("bifv(noise=false)");
    assertThat(plain.withTreePolicy(FIRST).rootSelector()).isNotSameAs(plain.rootSelector());
  }

  @Test
  void theOtherWithMethodsReplaceOnlyTheirComponent() {
    Mechanism m = Mechanisms.uct(0.25);
    RootActionSelector r = RootActionSelector.of(FIRST);
    Mechanism w = m.withRootSelector(r);
    assertThat(w.rootSelector()).isSameAs(r);
    assertThat(w.treePolicy()).isSameAs(m.treePolicy());
    assertThat(m.withBackup(ValueBackup.MEAN).rootSelector()).isSameAs(m.rootSelector());
    assertThat(m.withFinalSelector(FinalSelectors.MOST_VISITED_FIRST).finalSelector())
        .isSameAs(FinalSelectors.MOST_VISITED_FIRST);
    assertThat(m.withVirtualLoss(VirtualLoss.NONE).virtualLoss()).isSameAs(VirtualLoss.NONE);
    assertThat(m.withAuxWidth(3).auxWidth()).isEqualTo(3);
    assertThat(m.withAuxWidth(3).rootSelector()).isSameAs(m.rootSelector());
  }

  // ------------------------------------------------------------------ restart

  private static void assertSameSearch(SearchResult a, SearchResult b, String what) {
    assertThat(a.visits()).as(what + ": visits").containsExactly(b.visits());
    assertThat(a.action()).as(what + ": action").isEqualTo(b.action());
    assertThat(a.rootValue()).as(what + ": root value").containsExactly(b.rootValue());
    assertThat(a.principalVariation()).as(what + ": principal variation").containsExactly(b.principalVariation());
    assertThat(a.nodes()).as(what + ": nodes").isEqualTo(b.nodes());
  }

  @Test
  void aRestartedAgentRepeatsAFreshAgentsSearches() {
    Game pig = GameRegistry.load("pig");
    Game poker = GameRegistry.load("kuhn_poker");
    Object[][] cases = {
        {"uct(sims=500)", ttt},
        {"puct(sims=300,reuse=true)", ttt},
        {"uct(sims=300,keying=transpositions)", ttt},
        {"gumbel(sims=64)", ttt},
        {"sa_mcts(sims=300)", ttt},
        {"uct(sims=300)", pig},
        {"uct(sims=300)", poker},
    };
    for (Object[] c : cases) {
      String spec = (String) c[0];
      Game g = (Game) c[1];
      List<State> line = decisionLine(g, 3);
      MctsAgent fresh = (MctsAgent) AgentRegistry.create(spec, g, 11);
      MctsAgent used = (MctsAgent) AgentRegistry.create(spec, g, 11);
      // play a different match first, then restart
      for (State s : decisionLine(g, 4)) {
        used.search(s);
      }
      used.restart();
      assertThat(used.lastResult()).isNull();
      for (int i = 0; i < line.size(); i++) {
        assertSameSearch(used.search(line.get(i)), fresh.search(line.get(i)), spec + " on " + g + ", search " + i);
        if (i + 1 < line.size()) {
          informLine(fresh, used, line.get(i), line.get(i + 1));
        }
      }
    }
  }

  @Test
  void aRestartedEngineRepeatsAFreshEngine() {
    Mechanism m = Mechanisms.uct(0.25);
    State s = ttt.newInitialState();
    try (MctsEngine fresh = new MctsEngine(ttt, m, Knowledge.reference(ttt), MctsConfig.ofSimulations(400), 5);
        MctsEngine used = new MctsEngine(ttt, m, Knowledge.reference(ttt), MctsConfig.ofSimulations(400), 5)) {
      used.search(s);
      used.search(s);
      used.reset();
      for (int i = 0; i < 2; i++) {
        assertSameSearch(used.search(s), fresh.search(s), "search " + i);
      }
    }
  }

  @Test
  void restartKeepsTheEngineItsTreeAndItsArrays() {
    // factory agents build their mechanism again at each restart; the engine takes the new one
    for (String spec : List.of("uct(sims=300)", "sa_mcts(sims=200)", "gumbel(sims=32)", "uct(sims=100,threads=2)")) {
      MctsAgent a = (MctsAgent) AgentRegistry.create(spec, ttt, 3);
      MctsEngine engine = a.engine();
      Tree tree = engine.tree();
      Mechanism before = engine.mechanism();
      a.search(ttt.newInitialState());
      int capacity = tree.capacity();
      a.restart();
      assertThat(a.engine()).as(spec).isSameAs(engine);
      assertThat(a.engine().tree()).as(spec).isSameAs(tree);
      assertThat(tree.capacity()).as(spec).isEqualTo(capacity);
      assertThat(tree.size()).as(spec + ": emptied").isZero();
      assertThat(a.engine().mechanism()).as(spec + ": a mechanism built again").isNotSameAs(before);
      SearchResult r = a.search(ttt.newInitialState());
      assertThat(r.simulations()).as(spec).isEqualTo(Integer.parseInt(spec.replaceAll(".*sims=(\\d+).*", "$1")));
      a.close();
    }
  }

  @Test
  void restartAfterSearchesOfDifferentSizesRepeatsAFreshAgent() {
    // the used agent's tree arrays (and node-key table) grow beyond a fresh agent's over a
    // long line of searches whose trees differ in size; after restart its searches still repeat a
    // fresh agent's, twice in a row. A reused tree is re-rooted in place: it keeps its arrays and
    // their capacity from move to move, and restart keeps them too.
    Game c4 = GameRegistry.load("connect_four");
    for (String spec : List.of("uct(sims=300)", "uct(sims=200,keying=transpositions)", "sa_mcts(sims=200)",
        "puct(sims=300,reuse=true)")) {
      MctsAgent used = (MctsAgent) AgentRegistry.create(spec, c4, 21);
      int initial = used.engine().tree().capacity();
      List<State> longLine = decisionLine(c4, 12);
      for (int i = 0; i < longLine.size(); i++) {
        used.search(longLine.get(i));
        if (i + 1 < longLine.size()) {
          used.informAction(longLine.get(i), longLine.get(i).currentPlayer(),
              longLine.get(i + 1).historyAt(longLine.get(i).historySize()));
        }
      }
      int grown = used.engine().tree().capacity();
      assertThat(grown).as(spec + ": the arrays grew").isGreaterThan(initial);
      for (int round = 0; round < 2; round++) {
        used.restart();
        assertThat(used.engine().tree().capacity()).as(spec + ": arrays kept").isEqualTo(grown);
        MctsAgent fresh = (MctsAgent) AgentRegistry.create(spec, c4, 21);
        List<State> line = decisionLine(c4, 3 + round);
        for (int i = 0; i < line.size(); i++) {
          assertSameSearch(used.search(line.get(i)), fresh.search(line.get(i)),
              spec + ", round " + round + ", search " + i);
          if (i + 1 < line.size()) {
            informLine(fresh, used, line.get(i), line.get(i + 1));
          }
        }
      }
    }
  }

  /** Tells both agents the actions that lead from {@code from} to {@code to} (a later state of the same line). */
  private static void informLine(MctsAgent a, MctsAgent b, State from, State to) {
    int[] h = to.history();
    State s = from.copy();
    for (int i = from.historySize(); i < h.length; i++) {
      a.informAction(s, s.currentPlayer(), h[i]);
      b.informAction(s, s.currentPlayer(), h[i]);
      s.applyAction(h[i]);
    }
  }

  /**
   * Up to {@code n} decision states of one line of play: every player (and chance) takes the legal
   * action at index (k · 7 + 3) mod |A| at its k-th step; a seed-free line the agents do not choose.
   */
  private static List<State> decisionLine(Game g, int n) {
    List<State> out = new java.util.ArrayList<>();
    State s = g.newInitialState();
    int k = n; // different lines for different n
    while (!s.isTerminal() && out.size() < n) {
      if (!s.isChanceNode()) {
        out.add(s.copy());
      }
      int[] legal = s.legalActions();
      s.applyAction(legal[(k++ * 7 + 3) % legal.length]);
    }
    return out;
  }

  // ------------------------------------------------------------------ states of another game

  @Test
  void aStateOfAnotherGameIsRefused() {
    Game c4 = GameRegistry.load("connect_four");
    try (MctsEngine e = new MctsEngine(ttt, Mechanisms.uct(0.25), Knowledge.reference(ttt), MctsConfig.ofSimulations(50), 1)) {
      assertThatThrownBy(() -> e.search(c4.newInitialState()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("connect_four").hasMessageContaining("tic_tac_toe");
    }
    Game kuhn2 = GameRegistry.load("kuhn_poker");
    Game kuhn3 = GameRegistry.load("kuhn_poker(players=3)");
    MctsAgent agent = (MctsAgent) AgentRegistry.create("uct(sims=50)", kuhn2, 1);
    State s3 = kuhn3.newInitialState();
    while (s3.isChanceNode()) {
      s3.applyAction(s3.legalActions()[0]);
    }
    State s = s3;
    assertThatThrownBy(() -> agent.selectAction(s))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("kuhn_poker(players=3)").hasMessageContaining("kuhn_poker");
  }

  @Test
  void aStateOfAnEqualGameIsAccepted() {
    // the same game loaded twice; and loaded once with its defaults, once with them given
    Game a = GameRegistry.load("connect_four");
    Game b = GameRegistry.load("connect_four");
    Game hex = GameRegistry.load("hex");
    Game hexDefault = GameRegistry.load("hex(board_size=11)");
    try (MctsEngine e = new MctsEngine(a, Mechanisms.uct(0.25), Knowledge.reference(a), MctsConfig.ofSimulations(50), 1);
        MctsEngine h = new MctsEngine(hex, Mechanisms.uct(0.25), Knowledge.reference(hex), MctsConfig.ofSimulations(50), 1)) {
      assertThat(e.search(b.newInitialState()).simulations()).isEqualTo(50);
      assertThat(h.search(hexDefault.newInitialState()).simulations()).isEqualTo(50);
    }
  }

  // ------------------------------------------------------------------ budgets and ranges

  /**
   * The components' own checks speak as the command line does ("must be at least 0, got",
   * "must be greater than 0, got"); they said "c=-1.0 must be ≥ 0", "c_base=0.0 > 0", "dirichlet
   * needs alpha > 0 and k >= 1", "must be a positive finite number".
   */
  @Test
  void componentsRefuseBadConstantsInTheCommandLinesWords() {
    assertThatThrownBy(() -> new Ucb1(-1)).hasMessage("c must be at least 0, got -1.0");
    assertThatThrownBy(() -> new Puct(-0.5, 19652, Puct.Fpu.LOSS, 0)).hasMessage("c_init must be at least 0, got -0.5");
    assertThatThrownBy(() -> new Puct(1.25, 0, Puct.Fpu.LOSS, 0)).hasMessage("c_base must be greater than 0, got 0.0");
    assertThatThrownBy(() -> dev.ponder.search.mcts.ops.RootNoise.dirichlet(0, 3, new double[3],
        new java.util.SplittableRandom(1))).hasMessage("dirichlet: alpha must be greater than 0, got 0.0");
    assertThatThrownBy(() -> dev.ponder.search.mcts.ops.RootNoise.dirichlet(0.3, 0, new double[3],
        new java.util.SplittableRandom(1))).hasMessage("dirichlet: k must be at least 1, got 0");
    assertThatThrownBy(() -> dev.ponder.search.mcts.zoo.SoftSearch.rpo(0))
        .hasMessage("rpo: c must be a finite number greater than 0, got 0.0");
  }

  @Test
  void zeroBudgetsAreRefusedInJavaAsInSpecs() {
    assertThatThrownBy(() -> MctsConfig.ofSimulations(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1..100000000");
    assertThatThrownBy(() -> MctsConfig.ofTime(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1..86400000");
    assertThatThrownBy(() -> MctsConfig.ofSimulations(100).withBudget(0, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("simulations must be at least 1, got 0 (or 0 with a timeMs of at least 1, got 0)");
    for (int sims : new int[] {-1, 0, 1, 100_000_000, 100_000_001}) {
      boolean java = accepts(() -> MctsConfig.ofSimulations(sims));
      boolean spec = accepts(() -> MctsAgentFactory.config(AgentRegistry.resolve("uct(sims=" + sims + ")")));
      assertThat(java).as("sims=" + sims).isEqualTo(spec).isEqualTo(sims >= 1 && sims <= 100_000_000);
    }
    for (int ms : new int[] {-1, 0, 1, 86_400_000, 86_400_001}) {
      boolean java = accepts(() -> MctsConfig.ofTime(ms));
      boolean spec = accepts(() -> MctsAgentFactory.config(AgentRegistry.resolve("uct(sims=0,time_ms=" + ms + ")")));
      assertThat(java).as("time_ms=" + ms).isEqualTo(spec).isEqualTo(ms >= 1 && ms <= 86_400_000);
    }
    for (int t : new int[] {0, 1, 64, 65}) {
      boolean java = accepts(() -> MctsConfig.ofSimulations(10).withThreads(t));
      boolean spec = accepts(() -> MctsAgentFactory.config(AgentRegistry.resolve("uct(threads=" + t + ")")));
      assertThat(java).as("threads=" + t).isEqualTo(spec);
    }
  }

  private static boolean accepts(Runnable r) {
    try {
      r.run();
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  @Test
  void everyNumericEngineKeyDeclaresTheRangeConfigEnforces() {
    List<String> numeric = List.of("sims", "time_ms", "threads", "sync_us", "expand", "virtual_loss");
    for (ParamSpec p : MctsAgentFactory.engineParameters()) {
      if (p.kind() != ParamSpec.Kind.INT) {
        continue;
      }
      assertThat(numeric).contains(p.name());
      assertThat(p.hasRange()).as(p.name() + " declares a range").isTrue();
      long min = p.min().longValue();
      long max = p.max().longValue();
      // the other budget key keeps the budget positive when this one is at 0
      String other = p.name().equals("sims") ? "time_ms=5," : p.name().equals("time_ms") ? "sims=5," : "";
      for (long v : new long[] {min, max}) {
        String s = "uct(" + other + p.name() + "=" + v + ")";
        assertThat(MctsAgentFactory.config(AgentRegistry.resolve(s))).as(s).isNotNull();
      }
      for (long v : new long[] {min - 1, max + 1}) {
        String s = "uct(" + other + p.name() + "=" + v + ")";
        assertThatThrownBy(() -> MctsAgentFactory.config(AgentRegistry.resolve(s))).as(s)
            .isInstanceOf(SpecException.class).hasMessageContaining("valid: " + min + ".." + max);
      }
    }
    assertThat(MctsAgentFactory.engineParameters().stream().filter(ParamSpec::hasRange).map(ParamSpec::name))
        .containsExactlyInAnyOrderElementsOf(numeric);
  }

  @Test
  void uctAndPuctDeclareTheRangesTheirMechanismsEnforce() {
    for (String agent : List.of("uct", "puct")) {
      MctsAgentFactory f = mcts(agent);
      for (ParamSpec p : f.parameters()) {
        if (p.kind() != ParamSpec.Kind.DOUBLE || p.name().equals("fpu_value")) {
          continue;
        }
        assertThat(p.hasRange()).as(agent + " " + p.name()).isTrue();
        double min = p.min().doubleValue();
        double max = p.max().doubleValue();
        for (double v : new double[] {min, max}) {
          Params ps = Params.defaults(agent, f.parameters()).with(p.name(), Double.toString(v));
          assertThat(f.mechanism(ps)).as(agent + " " + p.name() + "=" + v).isNotNull();
        }
        for (double v : new double[] {Math.nextDown(min), Math.nextUp(max)}) {
          String s = agent + "(" + p.name() + "=" + v + ")";
          assertThatThrownBy(() -> AgentRegistry.resolve(s)).as(s).isInstanceOf(SpecException.class);
          // and the mechanism refuses it too when the range is bypassed
          Params raw = Params.defaults(agent, withoutRange(f.parameters())).with(p.name(), Double.toString(v));
          assertThatThrownBy(() -> f.mechanism(raw)).as(s + " (mechanism)").isInstanceOf(SpecException.class);
        }
      }
    }
  }

  private static List<ParamSpec> withoutRange(List<ParamSpec> ps) {
    return ps.stream().map(p -> new ParamSpec(p.name(), p.kind(), p.defaultValue(), p.description())).toList();
  }

  @Test
  void resultVisitsMatchSimulations() {
    // sanity check used by the tests above: a fresh engine search spends the whole budget
    try (MctsEngine e = new MctsEngine(ttt, Mechanisms.uct(0.25), Knowledge.reference(ttt), MctsConfig.ofSimulations(120), 3)) {
      SearchResult r = e.search(ttt.newInitialState());
      assertThat(Arrays.stream(r.visits()).sum()).isEqualTo(120);
    }
  }
}
