package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** What search echoes: the agent string in the grammar's canonical text, and no negative zero. */
class SearchEchoTest {

  @Test
  void theAgentIsEchoedCanonicallyAsTheGameIs() throws Exception {
    String[] r = Cli.runFields("search", "tic_tac_toe", "--agent", " uct( sims = 100 , c=1 ) ");
    assertThat(r[0]).as(r[2]).isEqualTo("0");
    assertThat(r[1]).contains("agent uct(sims=100,c=1), seed");
    String[] j = Cli.runFields("search", "tic_tac_toe", "--agent", " uct( sims = 100 , c=1 ) ", "--json");
    assertThat(j[0]).as(j[2]).isEqualTo("0");
    assertThat(new ObjectMapper().readTree(j[1]).get("agent").asText()).isEqualTo("uct(sims=100,c=1)");
  }

  @Test
  void aValueThatRoundsToZeroHasNoSign() {
    assertThat(SearchCommand.fmt(-7.8e-5)).isEqualTo("0.000");
    assertThat(SearchCommand.fmt(-0.0)).isEqualTo("0.000");
    assertThat(SearchCommand.fmt(-0.0005)).isEqualTo("-0.001"); // rounds half up, away from zero
    assertThat(SearchCommand.fmt(-0.25)).isEqualTo("-0.250");
    assertThat(SearchCommand.fmt(Double.NaN)).isEqualTo("-");
  }
}
