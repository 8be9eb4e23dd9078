package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.ponder.agent.AgentFactory;
import dev.ponder.agent.AgentRegistry;
import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.SpecException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every string-valued ("choice") key of every registered agent: a value it does not accept is
 * refused with one line that names the agent, the key and the complete list of accepted values,
 * and that list agrees with what the agent accepts and with the key's help text.
 */
class ChoiceKeysTest {
  private static final String BOGUS = "not_a_choice";
  private static final Pattern WORD = Pattern.compile("[A-Za-z0-9_]+");

  private final Game ttt = GameRegistry.load("tic_tac_toe");

  /** Whether {@code agent(key=value)} is accepted on tic-tac-toe (a combination refusal counts as accepted). */
  private boolean accepts(String agent, String key, String value) {
    try {
      AgentRegistry.create(agent + "(" + key + "=" + value + ",sims=1)", ttt, 1).close();
      return true;
    } catch (SpecException e) {
      // "fpu=bifv needs tree=puct": the value is known, only not usable with the other keys' defaults
      return !e.getMessage().contains(key + "=" + value + " is not valid");
    }
  }

  @Test
  void everyChoiceKeyListsAllItsValuesWithTheAgentsName() {
    int checked = 0;
    for (AgentFactory f : AgentRegistry.factories()) {
      for (ParamSpec p : f.parameters()) {
        if (p.kind() != ParamSpec.Kind.STRING) {
          continue;
        }
        String spec = f.name() + "(" + p.name() + "=" + BOGUS + ")";
        String prefix = f.name() + ": " + p.name() + "=" + BOGUS + " is not valid; valid: ";
        String message = null;
        try {
          AgentRegistry.create(spec, ttt, 1).close();
          fail(spec + " was accepted");
        } catch (SpecException e) {
          message = e.getMessage();
        }
        if (f.name().equals("compose") && !p.name().equals("keying")) {
          // its operators are built-in names only, and it says how to add one's own
          assertThat(message).as(spec).endsWith(dev.ponder.search.mcts.zoo.Operators.OWN_COMPONENTS_HINT);
          message = message.substring(0, message.length() - dev.ponder.search.mcts.zoo.Operators.OWN_COMPONENTS_HINT.length());
        }
        assertThat(message).as(spec).startsWith(prefix).doesNotContain("\n");
        List<String> valid = Arrays.asList(message.substring(prefix.length()).split(", "));
        assertThat(valid).as(spec).contains(String.valueOf(p.defaultValue()));
        for (String v : valid) {
          assertThat(accepts(f.name(), p.name(), v)).as(f.name() + "(" + p.name() + "=" + v + ") listed as valid").isTrue();
          assertThat(p.description()).as("help of " + f.name() + "'s " + p.name() + " names " + v).contains(v);
        }
        // every word of the help that the agent accepts as a value is in the error's list
        Set<String> words = new LinkedHashSet<>();
        Matcher m = WORD.matcher(p.description());
        while (m.find()) {
          words.add(m.group());
        }
        List<String> missing = new ArrayList<>();
        for (String w : words) {
          if (!valid.contains(w) && accepts(f.name(), p.name(), w)) {
            missing.add(w);
          }
        }
        assertThat(missing).as(spec + ": accepted but not listed").isEmpty();
        checked++;
      }
    }
    // keying of every MCTS agent, puct's fpu, smooth_uct's and ments' final, compose's six choices
    assertThat(checked).isGreaterThan(20);
  }

  @Test
  void puctFpuListsTheDiscoveredRules() {
    assertThatThrownBy(() -> AgentRegistry.create("puct(fpu=bogus)", ttt, 1)).isInstanceOf(SpecException.class)
        .hasMessage("puct: fpu=bogus is not valid; valid: loss, parent, reduction, absolute, inf, bifv, run1, run2, run4, run5");
    assertThatThrownBy(() -> AgentRegistry.create("compose(schedule=bogus)", ttt, 1)).isInstanceOf(SpecException.class)
        .hasMessage("compose: schedule=bogus is not valid; valid: constant, alphazero, bifv, run1, run2, run4, run5"
            + dev.ponder.search.mcts.zoo.Operators.OWN_COMPONENTS_HINT);
  }
}
