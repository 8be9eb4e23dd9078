package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import dev.ponder.spec.Spec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An {@link MctsAgentFactory} whose own keys repeat an engine key, repeat each other or cannot be
 * given in an agent string, or whose name the agent-string grammar cannot parse, is refused when
 * it is created (so at registration), in one line naming the class and the key.
 */
class FactoryKeysTest {

  /** A factory with a key of the caller's choice. */
  public static final class WithKey extends MctsAgentFactory {
    public WithKey(String name, String key) {
      super(name, "test", List.of(ParamSpec.ofInt(key, 5, 0, 10, "mine")), p -> Mechanisms.uct(0.25));
    }
  }

  /** Two own keys of the same name. */
  public static final class Twice extends MctsAgentFactory {
    public Twice() {
      super("twice", "test", List.of(ParamSpec.ofDouble("c", 1, "a"), ParamSpec.ofDouble("c", 2, "b")),
          p -> Mechanisms.uct(0.25));
    }
  }

  @Test
  void everyEngineKeyIsRefusedAsAnOwnKey() {
    for (ParamSpec engine : MctsAgentFactory.engineParameters()) {
      assertThatThrownBy(() -> new WithKey("dupkey", engine.name()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith(WithKey.class.getName() + " (agent 'dupkey') declares the key '" + engine.name()
              + "', an engine key every MCTS agent has already;")
          .hasMessageContaining("sims, ")
          .hasMessageNotContaining("\n");
    }
    assertThatThrownBy(Twice::new).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(Twice.class.getName() + " (agent 'twice') declares the key 'c' twice");
  }

  @Test
  void keysAndNamesAnAgentStringCannotGiveAreRefused() {
    for (String key : new String[] {"c w", "c=1", "c,d", "c(", "", "c-1", "c;1", "c|1", "é"}) {
      assertThatThrownBy(() -> new WithKey("fine", key)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("declares the key '" + key + "', which an agent string cannot give");
    }
    for (String name : new String[] {"my tuned(x)", "my tuned", "a(b=1)", "a,b", "x=y", "", " lead", "my-agent",
        "my.agent", "a|b", "a:b", "a/b", "é"}) {
      assertThatThrownBy(() -> new WithKey(name, "w")).isInstanceOf(IllegalArgumentException.class)
          .hasMessage(WithKey.class.getName() + " has the name '" + name
              + "', which an agent string cannot give (name or name(key=value,...)); use letters, digits and _");
    }
  }

  @Test
  void aWellFormedFactoryKeepsItsOwnDefaultAndRange() {
    WithKey f = new WithKey("my_uct2", "width");
    Params p = Params.resolve(Spec.parse("my_uct2"), f.parameters());
    assertThat(p.getInt("width")).isEqualTo(5);
    assertThat(p.getInt("sims")).isEqualTo(1000);
    assertThat(f.parameters().stream().map(ParamSpec::name).filter("sims"::equals)).hasSize(1);
  }

  /** compose takes built-in operator names only; its refusal says how to combine components of one's own. */
  @Test
  void composeRefusesAnOwnComponentPointingToJava() {
    assertThatThrownBy(() -> dev.ponder.agent.AgentRegistry.create("compose(tree=my_tuned)",
        dev.ponder.game.GameRegistry.load("tic_tac_toe"), 1L))
        .isInstanceOf(dev.ponder.spec.SpecException.class)
        .hasMessageStartingWith("compose: tree=my_tuned is not valid; valid: ")
        .hasMessageEndingWith(" (components of your own are combined in Java with Mechanism.with* and registered as"
            + " an agent kind of their own: docs/search.md, \"Extending the search from Java\")");
  }
}
