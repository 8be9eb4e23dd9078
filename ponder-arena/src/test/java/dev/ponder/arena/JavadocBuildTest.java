package dev.ponder.arena;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ponder.doc.JavadocCheck;
import org.junit.jupiter.api.Test;

/**
 * The Javadoc of ponder-arena generates without errors (a tag javadoc rejects where it stands,
 * such as {@code @throws} on a record's comment, fails here, not only in {@code mvn
 * javadoc:javadoc}).
 */
class JavadocBuildTest {
  @Test
  void javadocOfTheArenaHasNoErrors() throws Exception {
    JavadocCheck.Result r = JavadocCheck.run("ponder-arena");
    assertThat(r.errors()).as("javadoc errors").isEmpty();
    assertThat(r.ok()).as("javadoc succeeded:\n" + r.log()).isTrue();
  }
}
