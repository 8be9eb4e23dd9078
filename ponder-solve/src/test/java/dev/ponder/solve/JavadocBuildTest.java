package dev.ponder.solve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.doc.JavadocCheck;
import org.junit.jupiter.api.Test;

/**
 * The Javadoc of ponder-core, ponder-search, ponder-chart and ponder-solve generates without errors (a raw
 * {@code &} or a broken tag fails here, not only in {@code mvn javadoc:javadoc}).
 */
class JavadocBuildTest {
  @Test
  void javadocOfTheApiModulesHasNoErrors() throws Exception {
    JavadocCheck.Result r = JavadocCheck.run("ponder-core", "ponder-search", "ponder-chart", "ponder-solve");
    assertThat(r.errors()).as("javadoc errors").isEmpty();
    assertThat(r.ok()).as("javadoc succeeded:\n" + r.log()).isTrue();
  }
}
