package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The {@code solve --json} example of docs/solve.md is what the command prints: the same fields in
 * the same order, at every level, and the same values but for the times. (It lacked
 * {@code iterations_requested} and {@code interrupted}, which are always printed.)
 */
class SolveJsonDocTest {
  private static final String COMMAND = "ponder solve kuhn_poker --algo cfr --iterations 100 --log-points 3 --json";

  private static Path docs() {
    return SearchOutputTest.docs();
  }

  @Test
  void theDocumentedExampleIsTheOutput() throws Exception {
    String doc = Files.readString(docs().resolve("solve.md"));
    int at = doc.indexOf("Example (`" + COMMAND + "`");
    assertThat(at).as("the example's heading").isNotNegative();
    int start = doc.indexOf("```json\n", at) + "```json\n".length();
    String example = doc.substring(start, doc.indexOf("```", start));
    JsonNode documented = new ObjectMapper().readTree(example);
    Cli r = Cli.run(COMMAND.substring("ponder ".length()).split(" "));
    JsonNode printed = SolveJsonTest.parse(r);
    compare("", documented, printed);
  }

  /** Same field names in the same order, same values except for the times ({@code *_ms}, iterations per second). */
  private static void compare(String path, JsonNode documented, JsonNode printed) {
    if (documented.isObject()) {
      assertThat(printed.isObject()).as(path).isTrue();
      assertThat(names(documented)).as("fields of " + (path.isEmpty() ? "the object" : path)).isEqualTo(names(printed));
      for (String k : names(documented)) {
        if (!k.endsWith("_ms") && !k.equals("iterations_per_second")) {
          compare(path + "." + k, documented.get(k), printed.get(k));
        }
      }
    } else if (documented.isArray()) {
      assertThat(printed.size()).as(path).isEqualTo(documented.size());
      for (int i = 0; i < documented.size(); i++) {
        compare(path + "[" + i + "]", documented.get(i), printed.get(i));
      }
    } else {
      assertThat(printed).as(path).isEqualTo(documented);
    }
  }

  private static List<String> names(JsonNode o) {
    List<String> out = new ArrayList<>();
    for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
      out.add(it.next());
    }
    return out;
  }
}
