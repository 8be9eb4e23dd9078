package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * IS-MCTS must use only the searcher's information state: two worlds that share it give the same
 * search result (same seed, one thread).
 */
class InformationLeakTest {

  static State deal(Game g, int... actions) {
    State s = g.newInitialState();
    for (int a : actions) {
      s.applyAction(a);
    }
    return s;
  }

  static void assertSameSearch(Game g, String spec, State w1, State w2) {
    int p = w1.currentPlayer();
    assertThat(w2.currentPlayer()).isEqualTo(p);
    assertThat(w1.informationStateString(p)).isEqualTo(w2.informationStateString(p));
    assertThat(w1.toString()).isNotEqualTo(w2.toString());
    MctsAgent a = (MctsAgent) AgentRegistry.create(spec, g, 11);
    MctsAgent b = (MctsAgent) AgentRegistry.create(spec, g, 11);
    for (int i = 0; i < 2; i++) {
      SearchResult r1 = a.search(w1);
      SearchResult r2 = b.search(w2);
      assertThat(r1.action()).isEqualTo(r2.action());
      assertThat(r1.visits()).containsExactly(r2.visits());
      assertThat(r1.policy()).containsExactly(r2.policy());
      for (int k = 0; k < r1.q().length; k++) {
        assertThat(r1.q()[k]).containsExactly(r2.q()[k]);
      }
      assertThat(r1.nodes()).isEqualTo(r2.nodes());
    }
  }

  @Test
  void miniPokerSearchDependsOnlyOnTheSearchersInformation() {
    Game g = new MiniPoker(3);
    for (String spec : new String[] {"uct(sims=500)", "puct(sims=500)", "m_seed(sims=300)"}) {
      // player 0 holds card 1; player 1 holds 0 or 2
      assertSameSearch(g, spec, deal(g, 1, 0), deal(g, 1, 2));
      // player 1 holds card 1 facing a bet; player 0 holds 0 or 2
      assertSameSearch(g, spec, deal(g, 0, 1, 1), deal(g, 2, 1, 1));
    }
  }

  @Test
  void searchPlaysSensiblyWithHiddenCards() {
    Game g = new MiniPoker(3);
    // player 1 with the top card facing a bet always wins a call: call (1)
    assertThat(AgentRegistry.create("uct(sims=2000)", g, 1).selectAction(deal(g, 0, 2, 1))).isEqualTo(1);
    // player 1 with the bottom card facing a bet always loses a call: fold (0)
    assertThat(AgentRegistry.create("uct(sims=2000)", g, 1).selectAction(deal(g, 2, 0, 1))).isEqualTo(0);
  }

  @Test
  void informationStateKeysCollideExactlyWhenStringsMatch() {
    Game g = new MiniPoker(4);
    List<State> all = new ArrayList<>();
    collect(g.newInitialState(), all);
    Map<Long, String> seen = new HashMap<>();
    int decisions = 0;
    for (State s : all) {
      if (s.isTerminal() || s.isChanceNode()) {
        continue;
      }
      decisions++;
      for (int p = 0; p < 2; p++) {
        String text = p + "|" + s.informationStateString(p);
        String prev = seen.putIfAbsent(s.informationStateKey(p) * 2 + p, text);
        assertThat(prev == null || prev.equals(text)).as(text + " vs " + prev).isTrue();
      }
    }
    assertThat(decisions).isGreaterThan(20);
    long distinctStrings = seen.values().stream().distinct().count();
    assertThat(seen).hasSize((int) distinctStrings);
  }

  private static void collect(State s, List<State> out) {
    out.add(s);
    for (int a : s.legalActions()) {
      State c = s.copy();
      c.applyAction(a);
      collect(c, out);
    }
  }
}
