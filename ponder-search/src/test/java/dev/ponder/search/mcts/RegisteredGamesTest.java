package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.agent.Agent;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.spec.SpecException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Engine tests on the registered games: connect_four tactics, poker and dice information. */
class RegisteredGamesTest {

  private static State play(Game g, int... actions) {
    State s = g.newInitialState();
    for (int a : actions) {
      s.applyAction(a);
    }
    return s;
  }

  /** Whether the player to move at {@code s} wins at once by some move. */
  private static boolean hasImmediateWin(State s) {
    int p = s.currentPlayer();
    for (int a : s.legalActions()) {
      State c = s.copy();
      c.applyAction(a);
      if (c.isTerminal() && c.playerReturn(p) > 0) {
        return true;
      }
    }
    return false;
  }

  /** Moves after which the opponent has no immediate win and that do not lose at once. */
  private static List<Integer> nonLosingOrWinning(State s, boolean winsOnly) {
    int p = s.currentPlayer();
    List<Integer> out = new ArrayList<>();
    for (int a : s.legalActions()) {
      State c = s.copy();
      c.applyAction(a);
      boolean win = c.isTerminal() && c.playerReturn(p) > 0;
      if (winsOnly ? win : (win || (!c.isTerminal() && !hasImmediateWin(c)))) {
        out.add(a);
      }
    }
    return out;
  }

  @Test
  void connectFourOnlyWinningAndOnlySavingMoves() {
    Game g = GameRegistry.load("connect_four");
    State win = play(g, 0, 1, 0, 1, 0, 1); // x has three in column 0, o three in column 1
    assertThat(nonLosingOrWinning(win, true)).containsExactly(0);
    State save = play(g, 0, 1, 0, 1, 0); // o must block column 0
    assertThat(nonLosingOrWinning(save, false)).containsExactly(0);
    State save2 = play(g, 3, 3, 4, 4, 5); // x threatens both ends? only 2 and 6 open: x has 3,4,5 in row 0
    List<Integer> saving2 = nonLosingOrWinning(save2, false);
    for (String spec : new String[] {"uct(sims=1500)", "puct(sims=1500)", "m_seed(sims=1500)"}) {
      for (long seed = 1; seed <= 2; seed++) {
        assertThat(AgentRegistry.create(spec, g, seed).selectAction(win)).as(spec).isEqualTo(0);
        assertThat(AgentRegistry.create(spec, g, seed).selectAction(save)).as(spec).isEqualTo(0);
        if (saving2.size() == 1) {
          assertThat(AgentRegistry.create(spec, g, seed).selectAction(save2)).as(spec).isEqualTo(saving2.get(0));
        }
      }
    }
    // the position with an open three on both sides has no saving move; check the premise held
    assertThat(saving2).hasSizeLessThanOrEqualTo(1);
  }

  @Test
  void twoThreadsExpandAtMostOneNodePerSimulation() {
    // regression: virtual loss must not count as a visit when deciding to expand a leaf
    Game g = GameRegistry.load("connect_four");
    MctsAgent a = (MctsAgent) AgentRegistry.create("uct(sims=3000,threads=2)", g, 4);
    SearchResult r = a.search(g.newInitialState());
    Tree t = a.engine().tree();
    int expanded = 0;
    for (int e = 1; e <= t.size(); e++) {
      if (t.isExpanded(e)) {
        expanded++;
      }
    }
    assertThat(r.totalVisits()).isEqualTo(3000);
    assertThat(expanded).isLessThanOrEqualTo(3000);
    assertThat(r.nodes()).isLessThanOrEqualTo(1 + 7 * 3000);
    a.close();
  }

  /**
   * Imperfect-information search under two threads, one agent per seat (a reusing agent keeps a
   * tree only for the player it searched for, so one agent for both seats would never reuse).
   */
  @Test
  void informationSetSearchUnderTwoThreads() {
    for (String[] c : new String[][] {{"leduc_poker", "uct(sims=64,threads=2)"},
        {"kuhn_poker(players=3)", "puct(sims=32,threads=2)"}, {"liars_dice", "uct(sims=48,threads=2,reuse=true)"}}) {
      Game g = GameRegistry.load(c[0]);
      boolean reuse = c[1].contains("reuse");
      long reused = 0;
      List<String> trace = selfPlay(g, c[1], 5, 300, r -> {
        if (!r.forced()) {
          assertThat(r.simulations()).isEqualTo(Integer.parseInt(c[1].replaceAll(".*sims=(\\d+).*", "$1")));
          if (!reuse) {
            assertThat(r.totalVisits()).as(c[0]).isEqualTo(r.simulations());
          }
        }
      });
      for (String t : trace) {
        reused += Long.parseLong(t.split(" ")[1]);
      }
      if (reuse) {
        assertThat(reused).as(c[0] + ": visits kept from the seat's previous search").isPositive();
      }
    }
    // the forced branch above depends on where the searches lead; this reaches it for sure:
    // liars_dice after the highest bid, where "liar" is the only legal action
    Game g = GameRegistry.load("liars_dice");
    State s = g.newInitialState();
    SplittableRandom rng = new SplittableRandom(2);
    while (s.isChanceNode()) {
      int[] legal = s.legalActions();
      s.applyAction(legal[rng.nextInt(legal.length)]);
    }
    int[] bids = s.legalActions();
    s.applyAction(bids[bids.length - 1]);
    assertThat(s.legalActions()).hasSize(1);
    MctsAgent a = (MctsAgent) AgentRegistry.create("uct(sims=48,threads=2,reuse=true)", g, 5);
    SearchResult r = a.search(s);
    assertThat(r.forced()).isTrue();
    assertThat(r.simulations()).isZero();
    assertThat(r.action()).isEqualTo(s.legalActions()[0]);
    a.close();
  }

  /**
   * Self-play of {@code spec} with one agent per seat (seat p's seeded {@code seed + p}), chance
   * drawn with a generator seeded 1, restarting every agent when a game ends, for {@code searches}
   * searches; each result is checked by {@code check} and traced as "player reusedVisits action
   * visits".
   */
  private static List<String> selfPlay(Game g, String spec, long seed, int searches,
      java.util.function.Consumer<SearchResult> check) {
    MctsAgent[] seats = new MctsAgent[g.numPlayers()];
    for (int p = 0; p < seats.length; p++) {
      seats[p] = (MctsAgent) AgentRegistry.create(spec, g, seed + p);
    }
    List<String> trace = new ArrayList<>();
    try {
      SplittableRandom rng = new SplittableRandom(1);
      State s = g.newInitialState();
      while (trace.size() < searches) {
        if (s.isTerminal()) {
          s = g.newInitialState();
          for (MctsAgent a : seats) {
            a.restart();
          }
        } else if (s.isChanceNode()) {
          int[] legal = s.legalActions();
          s.applyAction(legal[rng.nextInt(legal.length)]);
        } else {
          int p = s.currentPlayer();
          SearchResult r = seats[p].search(s);
          if (s.legalActions().length == 1) {
            // a forced move (liars_dice after the highest bid: only "liar"), answered without a search
            assertThat(r.forced()).isTrue();
            assertThat(r.simulations()).isZero();
          } else {
            assertThat(r.forced()).isFalse();
          }
          check.accept(r);
          trace.add(p + " " + r.reusedVisits() + " " + r.action() + " " + java.util.Arrays.toString(r.visits()));
          s.applyAction(r.action());
        }
      }
    } finally {
      for (MctsAgent a : seats) {
        a.close();
      }
    }
    return trace;
  }

  /**
   * Liar's dice self-play with a {@code reuse=true} agent per seat: a seat's next decision keeps
   * the tree of its previous one (visits reused on some moves), and with one thread the games
   * repeat exactly under the seeds.
   */
  @Test
  void liarsDiceReusesEachSeatsTreeAndRepeatsUnderTheSeed() {
    Game g = GameRegistry.load("liars_dice");
    String spec = "uct(sims=200,threads=1,reuse=true)";
    List<String> a = selfPlay(g, spec, 5, 200, r -> { });
    List<String> b = selfPlay(g, spec, 5, 200, r -> { });
    assertThat(b).containsExactlyElementsOf(a);
    long reusing = a.stream().filter(t -> Long.parseLong(t.split(" ")[1]) > 0).count();
    assertThat(reusing).as("searches that kept visits from the seat's previous search").isPositive();
    for (int p = 0; p < 2; p++) {
      String seat = p + " ";
      assertThat(a.stream().filter(t -> t.startsWith(seat) && Long.parseLong(t.split(" ")[1]) > 0)).as("seat " + p)
          .isNotEmpty();
    }
    assertThat(selfPlay(g, spec, 7, 200, r -> { })).isNotEqualTo(a);
  }

  /**
   * Two histories reaching the same information state of the player to move with different
   * hidden information, found by seeded random playouts.
   */
  private static State[] twoWorlds(Game g, long seed, int minDecisions) {
    SplittableRandom rng = new SplittableRandom(seed);
    Map<String, State> seen = new LinkedHashMap<>();
    for (int i = 0; i < 20000; i++) {
      State s = g.newInitialState();
      int decisions = 0;
      while (!s.isTerminal()) {
        if (!s.isChanceNode() && decisions >= minDecisions) {
          break;
        }
        int[] legal = s.legalActions();
        if (!s.isChanceNode()) {
          decisions++;
        }
        s.applyAction(legal[rng.nextInt(legal.length)]);
      }
      if (s.isTerminal()) {
        continue;
      }
      int p = s.currentPlayer();
      String key = p + "|" + s.informationStateString(p);
      State prev = seen.putIfAbsent(key, s);
      if (prev != null && !prev.historyString().equals(s.historyString())) {
        return new State[] {prev, s};
      }
    }
    throw new AssertionError("no two worlds found in " + g.spec());
  }

  @Test
  void noInformationLeakInPokerAndDice() {
    String[] games = {"kuhn_poker", "leduc_poker", "liars_dice", "kuhn_poker(players=3)"};
    for (String gs : games) {
      Game g = GameRegistry.load(gs);
      for (int minDecisions = 0; minDecisions <= 1; minDecisions++) {
        State[] w = twoWorlds(g, 17 + minDecisions, minDecisions);
        InformationLeakTest.assertSameSearch(g, "uct(sims=300)", w[0], w[1]);
        InformationLeakTest.assertSameSearch(g, "puct(sims=300,threads=1)", w[0], w[1]);
        // a prior and a value estimator that read the whole state see resampled worlds only
        InformationLeakTest.assertSameSearch(g, "uct(sims=300)", InformationLeakTest.PEEKING, w[0], w[1]);
        InformationLeakTest.assertSameSearch(g, "puct(sims=300)", InformationLeakTest.PEEKING, w[0], w[1]);
      }
    }
  }

  @Test
  void threePlayerChanceGamesRun() {
    Game pig = GameRegistry.load("pig(players=3,winscore=10)");
    State s = pig.newInitialState();
    for (String spec : new String[] {"uct(sims=300)", "uct(sims=100,chance_expand_all=true)", "puct(sims=300,threads=2)"}) {
      MctsAgent a = (MctsAgent) AgentRegistry.create(spec, pig, 3);
      SearchResult r = a.search(s);
      assertThat(r.totalVisits()).as(spec).isEqualTo(r.simulations());
      assertThat(r.q()[0]).hasSize(3);
      a.close();
    }
    Game kuhn3 = GameRegistry.load("kuhn_poker(players=3)");
    State k = kuhn3.newInitialState();
    while (k.isChanceNode()) {
      k.applyAction(k.legalActions()[0]);
    }
    Agent a = AgentRegistry.create("uct(sims=500)", kuhn3, 1);
    assertThat(k.legalActions()).contains(a.selectAction(k));
  }

  @Test
  void chanceExpandAllIsRefusedWhereNodesAreKeyed() {
    // keyed searches sample chance outcomes: the option would be silently ignored
    assertThatThrownBy(() -> AgentRegistry.create("uct(sims=100,chance_expand_all=true)", GameRegistry.load("leduc_poker"), 1))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("chance_expand_all needs keying tree")
        .hasMessageContaining("information state");
    assertThatThrownBy(() -> AgentRegistry.create("uct(sims=100,chance_expand_all=true,keying=transpositions)",
        GameRegistry.load("pig(winscore=10)"), 1))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("keying transpositions");
    // tree keying, and keyed nodes in games without chance, are accepted
    for (String[] c : new String[][] {{"uct(sims=100,chance_expand_all=true)", "pig(winscore=10)"},
        {"uct(sims=100,chance_expand_all=true,keying=transpositions)", "tic_tac_toe"}}) {
      Game g = GameRegistry.load(c[1]);
      State s = g.newInitialState();
      while (s.isChanceNode()) {
        s.applyAction(s.legalActions()[0]);
      }
      MctsAgent a = (MctsAgent) AgentRegistry.create(c[0], g, 1);
      assertThat(a.search(s).simulations()).as(c[0]).isEqualTo(100);
      a.close();
    }
  }
}
