package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
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
    assertSameSearch(g, spec, null, w1, w2);
  }

  /**
   * Two searches each of {@code w1} by one agent and of {@code w2} by another (same seed, one
   * thread) give the same results, with {@code knowledge} in place of the agent's own when not
   * null.
   */
  static void assertSameSearch(Game g, String spec, Knowledge knowledge, State w1, State w2) {
    assertSameSearches(g, spec, knowledge, new State[] {w1, w1}, new State[] {w2, w2});
  }

  /**
   * Searches {@code line1[i]} with one agent and {@code line2[i]} with another (same seed, one
   * thread, {@code knowledge} in place of the agent's own when not null), in order: each pair of
   * states shares the information state of the player to move, so each pair of results is the same.
   */
  static void assertSameSearches(Game g, String spec, Knowledge knowledge, State[] line1, State[] line2) {
    MctsAgent a = (MctsAgent) AgentRegistry.create(spec, g, 11);
    MctsAgent b = (MctsAgent) AgentRegistry.create(spec, g, 11);
    if (knowledge != null) {
      a = a.withKnowledge(knowledge);
      b = b.withKnowledge(knowledge);
    }
    for (int i = 0; i < line1.length; i++) {
      State w1 = line1[i];
      State w2 = line2[i];
      int p = w1.currentPlayer();
      assertThat(w2.currentPlayer()).isEqualTo(p);
      assertThat(w1.informationStateString(p)).isEqualTo(w2.informationStateString(p));
      assertThat(w1.toString()).isNotEqualTo(w2.toString());
      SearchResult r1 = a.search(w1);
      SearchResult r2 = b.search(w2);
      String what = spec + " at " + w1.historyString() + " and " + w2.historyString();
      assertThat(r1.action()).as(what).isEqualTo(r2.action());
      assertThat(r1.visits()).as(what).containsExactly(r2.visits());
      assertThat(r1.policy()).as(what).containsExactly(r2.policy());
      assertThat(r1.prior()).as(what).containsExactly(r2.prior());
      for (int k = 0; k < r1.q().length; k++) {
        assertThat(r1.q()[k]).as(what).containsExactly(r2.q()[k]);
      }
      assertThat(r1.rootValue()).as(what).containsExactly(r2.rootValue());
      assertThat(r1.nodes()).as(what).isEqualTo(r2.nodes());
      assertThat(r1.maxDepth()).as(what).isEqualTo(r2.maxDepth());
    }
  }

  /**
   * A prior that reads the whole state, hidden information included: its weights come from the
   * full history. A search that hands it the true state (rather than a resampled world) gives two
   * worlds of one information state different priors.
   */
  static final PriorPolicy PEEKING_PRIOR = (s, actions, n, out, ctx) -> {
    int h = s.historyString().hashCode();
    float sum = 0;
    for (int i = 0; i < n; i++) {
      out[i] = 1 + ((h >>> ((3 * i) % 29)) & 7);
      sum += out[i];
    }
    for (int i = 0; i < n; i++) {
      out[i] /= sum;
    }
  };

  /**
   * A value estimator that reads the whole state: a random rollout's returns scaled by a factor in
   * [0.5, 1] from the full history (within the bounds of a game whose utility range holds 0).
   */
  static final ValueEstimator PEEKING_VALUE = (s, out, ctx) -> {
    double f = 0.5 + (s.historyString().hashCode() & 0xff) / 510.0;
    RandomRollout.INSTANCE.evaluate(s, out, ctx);
    for (int p = 0; p < out.length; p++) {
      out[p] *= f;
    }
  };

  /** The game's resampler with {@link #PEEKING_PRIOR} and {@link #PEEKING_VALUE}. */
  static final Knowledge PEEKING = new Knowledge(PEEKING_PRIOR, PEEKING_VALUE, ResampleHistory.GAME);

  @Test
  void miniPokerSearchDependsOnlyOnTheSearchersInformation() {
    Game g = new MiniPoker(3);
    for (String spec : new String[] {"uct(sims=500)", "puct(sims=500)", "m_seed(sims=300)"}) {
      // player 0 holds card 1; player 1 holds 0 or 2
      assertSameSearch(g, spec, deal(g, 1, 0), deal(g, 1, 2));
      // player 1 holds card 1 facing a bet; player 0 holds 0 or 2
      assertSameSearch(g, spec, deal(g, 0, 1, 1), deal(g, 2, 1, 1));
      // with knowledge that reads the whole state: it sees resampled worlds only, the root's too
      assertSameSearch(g, spec, PEEKING, deal(g, 1, 0), deal(g, 1, 2));
      assertSameSearch(g, spec, PEEKING, deal(g, 0, 1, 1), deal(g, 2, 1, 1));
    }
  }

  /**
   * The root too is expanded in a resampled world: a prior reading the opponent's card gave the
   * root of kuhn_poker the priors of the true deal before (0.1/0.9 against card 0, 0.9/0.1
   * against card 2), and so different visits.
   */
  @Test
  void theRootsPriorsComeFromAResampledWorld() {
    Game g = GameRegistry.load("kuhn_poker");
    // bet more when the opponent's card (history[1]) is low
    PriorPolicy readsTheOpponentsCard = (s, actions, n, out, ctx) -> {
      float bet = s.historyAt(1) == 0 ? 0.9f : 0.1f;
      out[0] = 1 - bet;
      out[1] = bet;
    };
    Knowledge k = new Knowledge(readsTheOpponentsCard, RandomRollout.INSTANCE, ResampleHistory.GAME);
    // player 0 holds card 1; player 1 holds 0 or 2
    SearchResult r0 = MctsAgent.create("puct(sims=50)", g, 3).withKnowledge(k).search(deal(g, 1, 0));
    SearchResult r2 = MctsAgent.create("puct(sims=50)", g, 3).withKnowledge(k).search(deal(g, 1, 2));
    assertThat(r0.prior()).containsExactly(r2.prior());
    assertThat(r0.visits()).containsExactly(r2.visits());
    assertSameSearch(g, "puct(sims=50)", k, deal(g, 1, 0), deal(g, 1, 2));
    assertSameSearch(g, "uct(sims=200)", PEEKING, deal(g, 1, 0), deal(g, 1, 2));
    assertSameSearch(g, "puct(sims=200)", PEEKING, deal(g, 1, 0), deal(g, 1, 2));
  }

  /**
   * A root kept from the last search (reuse) but not yet expanded is expanded in a resampled world
   * too: with {@code expand=3}, player 0's node after pass, bet is reached by three of the first
   * search's simulations but not expanded, and the second search starts from it. The prior reads
   * the whole state at that node only (uniform elsewhere), so the first searches agree either way.
   */
  @Test
  void aKeptRootNotYetExpandedIsExpandedInAResampledWorld() {
    Game g = GameRegistry.load("kuhn_poker");
    String spec = "puct(sims=25,expand=3,reuse=true)";
    // the only decision nodes after four actions are player 0's after pass, bet
    int[] expansionsAfterPassBet = new int[1];
    PriorPolicy peeksAfterPassBet = (s, actions, n, out, ctx) -> {
      if (s.historySize() == 4) {
        expansionsAfterPassBet[0]++;
        PEEKING_PRIOR.prior(s, actions, n, out, ctx);
      } else {
        PriorPolicy.UNIFORM.prior(s, actions, n, out, ctx);
      }
    };
    Knowledge k = new Knowledge(peeksAfterPassBet, RandomRollout.INSTANCE, ResampleHistory.GAME);
    // player 0 holds card 1; player 1 holds 0 or 2; then pass, bet
    State[] line1 = {deal(g, 1, 0), deal(g, 1, 0, 0, 1)};
    State[] line2 = {deal(g, 1, 2), deal(g, 1, 2, 0, 1)};
    MctsAgent probe = MctsAgent.create(spec, g, 11).withKnowledge(k);
    probe.search(line1[0]);
    assertThat(expansionsAfterPassBet[0]).as("the first search does not expand the node after pass, bet").isZero();
    SearchResult second = probe.search(line1[1]);
    assertThat(second.reusedVisits()).as("the second search keeps the first's visits of it").isPositive();
    assertSameSearches(g, spec, k, line1, line2);
  }

  /**
   * One agent with {@code reuse=true} searching for both players in turn (self-play with one
   * agent, or a caller asking one agent at every information state) does not hand player 1 the tree
   * player 0 grew: that tree was drawn in worlds holding player 0's card, so keeping player 1's
   * node from it made player 1's search depend on a card player 1 cannot see (with player 0's card
   * 0 the kept node had learned that a bet wins, with card 2 that it loses).
   */
  @Test
  void aTreeGrownForAnotherPlayerIsNotKept() {
    Game g = GameRegistry.load("kuhn_poker");
    for (String spec : new String[] {"uct(sims=2000,reuse=true)", "puct(sims=500,reuse=true)"}) {
      SearchResult[] second = new SearchResult[2];
      int[] hidden = {0, 2};
      for (int i = 0; i < 2; i++) {
        try (MctsAgent agent = MctsAgent.create(spec, g, 3)) {
          agent.search(deal(g, hidden[i], 1)); // player 0 holds the hidden card, player 1 card 1
          second[i] = agent.search(deal(g, hidden[i], 1, 0)); // player 1 after player 0's pass
        }
      }
      for (SearchResult r : second) {
        assertThat(r.reusedVisits()).as(spec).isZero();
      }
      assertThat(second[0].visits()).as(spec).containsExactly(second[1].visits());
      assertThat(second[0].q()[1]).as(spec).containsExactly(second[1].q()[1]);
      assertThat(second[0].rootValue()).as(spec).containsExactly(second[1].rootValue());
      // the same player's next decision still keeps its own tree
      try (MctsAgent agent = MctsAgent.create(spec, g, 3)) {
        agent.search(deal(g, 1, 2));
        assertThat(agent.search(deal(g, 1, 2, 0, 1)).reusedVisits()).as(spec).isPositive();
      }
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
