package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a policy file may say, read strictly: action keys written as plain non-negative integers
 * only (so that no two keys of one information state name one action), no information state
 * both under {@code "policy"} and under {@code "policies_by_player"}, and text that is not JSON
 * described in words.
 */
class PolicyFileKeysTest {
  @TempDir Path dir;

  private Path file(String json) throws IOException {
    Path f = dir.resolve("p.json");
    Files.writeString(f, json);
    return f;
  }

  /** Kuhn poker with the state '1p' given as {@code entry}, every other state uniform. */
  private Path kuhn(String entry) throws IOException {
    StringBuilder sb = new StringBuilder("{\"game\": \"kuhn_poker\", \"policy\": {");
    for (String s : new String[] {"0", "1", "2", "0p", "1p", "2p", "0b", "1b", "2b", "0pb", "1pb", "2pb"}) {
      sb.append('"').append(s).append("\": ").append(s.equals("1p") ? entry : "{\"0\": 0.5, \"1\": 0.5}").append(", ");
    }
    sb.setLength(sb.length() - 2);
    return file(sb.append("}}").toString());
  }

  @Test
  void twoSpellingsOfOneActionAreRefusedNamingTheFileStateAndKey() throws IOException {
    // "00" read as 0: the sum 0.5 + 0.5 passed, then one value replaced the other
    String[][] cases = {
        {"{\"0\": 0.5, \"00\": 0.5}", "00"},
        {"{\"1\": 0.5, \"+1\": 0.5, \"0\": 0.0}", "+1"},
        {"{\"0\": 0.5, \"1\": 0.5, \"1.0\": 0.0}", "1.0"},
        {"{\"0\": 0.5, \" 1\": 0.5}", " 1"},
        {"{\"0\": 1, \"1\": 0, \"-1\": 0}", "-1"},
        {"{\"0\": 1, \"01\": 0}", "01"},
        {"{\"0\": 1, \"\": 0}", ""},
    };
    for (String[] c : cases) {
      Path f = kuhn(c[0]);
      assertThatThrownBy(() -> TabularPolicy.read(f)).as(c[0]).isInstanceOf(IOException.class)
          .hasMessage("policy file " + f + ": action key '" + c[1] + "' at information state '1p' is not a plain"
              + " non-negative integer (action keys are written as 0, 1, 12, ...: digits only, no sign, no leading zeros,"
              + " no spaces)");
    }
    // a plain integer beyond the int range is plain: the message says what is wrong with it
    for (String big : new String[] {"2147483648", "99999999999999999999"}) {
      Path f = kuhn("{\"0\": 1, \"" + big + "\": 0}");
      assertThatThrownBy(() -> TabularPolicy.read(f)).as(big).isInstanceOf(IOException.class)
          .hasMessage("policy file " + f + ": action key '" + big + "' at information state '1p' is out of range:"
              + " actions are at most 2147483647");
    }
    // plain keys read as before, whatever their order in the file
    TabularPolicy ok = TabularPolicy.read(kuhn("{\"1\": 0.25, \"0\": 0.75}"));
    assertThat(ok.actions("1p")).containsExactly(0, 1);
    assertThat(ok.probabilities("1p")).containsExactly(0.75, 0.25);
    assertThat(TabularPolicy.actionKey("0")).isZero();
    assertThat(TabularPolicy.actionKey("12")).isEqualTo(12);
    assertThat(TabularPolicy.actionKey("2147483647")).isEqualTo(Integer.MAX_VALUE);
    assertThat(TabularPolicy.actionKey("99999999999")).isEqualTo(-1);
  }

  @Test
  void theJavaApiRefusesARepeatedOrUnorderedAction() {
    TabularPolicy p = new TabularPolicy("kuhn_poker");
    assertThatThrownBy(() -> p.put("1p", new int[] {0, 0}, new double[] {0.5, 0.5}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("policy at '1p': action 0 is listed twice");
    assertThatThrownBy(() -> p.put("1p", new int[] {1, 0}, new double[] {0.5, 0.5}))
        .hasMessageContaining("actions are not in ascending order (1 before 0)");
    assertThatThrownBy(() -> p.put(1, "1p", new int[] {-1, 0}, new double[] {0, 1}))
        .hasMessageContaining("policy at '1p' (player 1): action -1 is negative");
    assertThat(p.size()).isZero();
  }

  @Test
  void anEntryUnderBothPartsIsRefused() throws IOException {
    Path f = file("{\"game\": \"kuhn_poker\", \"policy\": {\"1p\": {\"0\": 1, \"1\": 0}}, \"policies_by_player\": [{\"0\":"
        + " {\"0\": 1}}, {\"1p\": {\"0\": 0, \"1\": 1}}]}");
    assertThatThrownBy(() -> TabularPolicy.read(f)).isInstanceOf(IOException.class)
        .hasMessage("policy file " + f + ": information state '1p' has an entry under \"policy\" and one under"
            + " \"policies_by_player\" (player 1); give one of them");
    // different states in the two parts are fine, as before
    Path g = file("{\"game\": \"kuhn_poker\", \"policy\": {\"1p\": {\"0\": 1, \"1\": 0}}, \"policies_by_player\": [{\"0\":"
        + " {\"0\": 1}}]}");
    TabularPolicy both = TabularPolicy.read(g);
    assertThat(both.probabilities(1, "1p")).containsExactly(1.0, 0.0);
    assertThat(both.probabilities(0, "0")).containsExactly(1.0);
  }

  @Test
  void textThatIsNotJsonIsDescribedInOurWords() throws IOException {
    String[][] cases = {
        {"hello", "not JSON: unexpected text 'hello' at line 1, column 1 (a JSON value is an object, an array, a string in"
            + " double quotes, a number, true, false or null)"},
        {"{\"game\": \"kuhn_poker\",\n \"policy\": {\"1p\": {\"0\": 0.5 \"1\": 0.5}}}",
            "not JSON: unexpected character '\"' where a comma or '}' should be at line 2, column 29"},
        {"{\"policy\": {\"1p\": {\"0\": 1},}}", "not JSON: unexpected character '}' where a key in double quotes should be"
            + " at line 1, column 28 (a comma before '}'?)"},
        {"{\"policy\": {\"1p\" {\"0\": 1}}}", "not JSON: unexpected character '{' where a colon should be at line 1, column 18"},
        {"{\"policy\": {\"1p\": {\"0\": 01}}}", "not JSON: a number with a leading zero at line 1, column 26"},
        {"{\"policy\": {\"1p\": {\"0\": .5}}}", "not JSON: unexpected character '.' where a value should be at line 1,"
            + " column 25"},
        {"[1, 2}", "not JSON: unexpected '}' where ']' should close at line 1, column 6"},
    };
    for (String[] c : cases) {
      Path f = file(c[0]);
      assertThatThrownBy(() -> TabularPolicy.read(f)).as(c[0]).isInstanceOf(IOException.class)
          .hasMessageStartingWith("cannot read policy " + f + ": " + c[1])
          .hasMessageNotContaining("NaN").hasMessageNotContaining("INF").hasMessageNotContaining("\n")
          .hasMessageNotContaining("Source").hasMessageNotContaining("code 1");
    }
  }

  /** {@code "game": ""} names no game: refused, where a file without the entry is read with a warning. */
  @Test
  void anEmptyGameEntryIsRefused() throws IOException {
    Path f = file("{\"game\": \" \", \"policy\": {\"0\": {\"0\": 1}}}");
    assertThatThrownBy(() -> TabularPolicy.read(f)).isInstanceOf(IOException.class)
        .hasMessage("policy file " + f + ": \"game\" is empty; give the game string the policy was saved for (e.g."
            + " \"kuhn_poker\"), or leave the entry out");
    assertThat(TabularPolicy.read(file("{\"policy\": {\"0\": {\"0\": 1}}}")).game()).isNull();
    assertThat(TabularPolicy.read(file("{\"game\": null, \"policy\": {\"0\": {\"0\": 1}}}")).game()).isNull();
  }

  /** An empty path is the working directory: it is named as empty, not as "a directory". */
  @Test
  void anEmptyPathIsNamedAsEmpty() {
    assertThatThrownBy(() -> TabularPolicy.read(Path.of(""))).isInstanceOf(IOException.class)
        .hasMessage("cannot read policy: the path is empty; give the policy file's name");
  }
}
