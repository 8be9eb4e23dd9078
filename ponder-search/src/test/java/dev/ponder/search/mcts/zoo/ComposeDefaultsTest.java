package dev.ponder.search.mcts.zoo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.State;
import dev.ponder.search.SearchResult;
import dev.ponder.search.mcts.MctsAgent;
import dev.ponder.spec.ParamSpec;
import org.junit.jupiter.api.Test;

/**
 * {@code compose(tree=T)} with only the operators the named agent T differs in (its root and final
 * selectors) searches exactly as T: c (or c_init) defaults to T's, so an ablation that swaps one
 * ingredient of T changes nothing else.
 */
class ComposeDefaultsTest {
  /** {named agent, the compose string that must search as it does}. */
  static final String[][] PAIRS = {
      {"uct", "compose(tree=uct)"},
      {"puct", "compose(tree=puct)"},
      {"m_seed", "compose(tree=seed,final=robust_first)"},
      {"smooth_uct", "compose(tree=smooth_uct,final=sample)"},
      {"rpo", "compose(tree=rpo)"},
      {"mcts_solver", "compose(tree=solver,final=solver)"},
      {"score_bounded", "compose(tree=score_bounded,final=score_bounded)"},
      {"ments", "compose(tree=ments,final=soft_q)"},
      // ments' ε beyond 1 (λ = min(1, ε|A|/ln(N+1))) and its q_init, through compose
      {"ments(epsilon=5,q_init=0.3)", "compose(tree=ments,final=soft_q,epsilon=5,q_init=0.3)"},
      {"boltzmann(q_init=0.8)", "compose(tree=boltzmann,q_init=0.8)"},
      {"boltzmann", "compose(tree=boltzmann)"},
      {"thompson", "compose(tree=thompson)"},
      {"ucb_tuned", "compose(tree=ucb_tuned)"},
      {"gumbel", "compose(tree=gumbel,root=gumbel,final=gumbel)"}};

  private static SearchResult search(String agent, Game game, State s) {
    try (MctsAgent a = MctsAgent.create(agent, game, 7)) {
      return a.search(s);
    }
  }

  private static String withSims(String spec, int sims) {
    return spec.endsWith(")") ? spec.substring(0, spec.length() - 1) + ",sims=" + sims + ")" : spec + "(sims=" + sims + ")";
  }

  @Test
  void composeOfANamedAgentsTreeSearchesAsThatAgent() {
    Game c4 = GameRegistry.load("connect_four");
    State s = c4.newInitialState();
    for (int a : new int[] {3, 3, 4}) {
      s.applyAction(a);
    }
    for (String[] pair : PAIRS) {
      SearchResult named = search(withSims(pair[0], 400), c4, s);
      SearchResult composed = search(withSims(pair[1], 400), c4, s);
      assertThat(composed.visits()).as(pair[1] + " vs " + pair[0]).containsExactly(named.visits());
      assertThat(composed.action()).as(pair[1] + " vs " + pair[0]).isEqualTo(named.action());
      assertThat(composed.rootValue()).as(pair[1] + " vs " + pair[0]).containsExactly(named.rootValue());
    }
  }

  @Test
  void composesDefaultCIsTheNamedAgentsDeclaredDefault() {
    String[][] cOf = {{"uct", "uct", "c"}, {"puct", "puct", "c_init"}, {"smooth_uct", "smooth_uct", "c"},
        {"rpo", "rpo", "c"}, {"solver", "mcts_solver", "c"}, {"score_bounded", "score_bounded", "c"}};
    for (String[] t : cOf) {
      double declared = (Double) AgentRegistry.factory(t[1]).parameters().stream()
          .filter(p -> p.name().equals(t[2])).findFirst().map(ParamSpec::defaultValue).orElseThrow();
      assertThat(Operators.defaultC(t[0])).as(t[0]).isEqualTo(declared);
    }
    // m_seed declares no key: its c is the template's 2.0 (Mechanisms.mSeed)
    assertThat(Operators.defaultC("seed")).isEqualTo(2.0);
    // the listing shows the default of the default tree (puct) and names every tree's
    ParamSpec c = AgentRegistry.factory("compose").parameters().stream().filter(p -> p.name().equals("c")).findFirst().orElseThrow();
    assertThat(c.defaultValue()).isEqualTo(5.0);
    assertThat(c.description()).contains("uct 0.25", "puct 5.0", "seed 2.0", "mcts_solver");
  }
}
