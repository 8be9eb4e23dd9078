package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * README's games: the count in its first paragraph and the rows of its games table agree with
 * {@code ponder games --names} (one row per listed name; the one name that is not another game,
 * {@code turn_based_simultaneous_game}, counted apart). The names come from a child JVM, as a user's
 * {@code ponder games --names} does: in this JVM other test classes register games of their own
 * (hidden_guess, race, ...), which the listing would include whenever they ran first.
 */
class ReadmeGamesTest {
  @Test
  void theCountAndTheTableMatchTheListedNames() throws Exception {
    Path readme = Path.of("..", "README.md");
    String text = Files.readString(readme);
    Cli names = Cli.runInChildJvm("games", "--names");
    assertThat(names.exit).as(names.err).isZero();
    List<String> listed = names.out.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();

    TreeSet<String> rows = new TreeSet<>();
    String table = text.substring(text.indexOf("| game | players |"));
    table = table.substring(0, table.indexOf("\n\n"));
    Matcher row = Pattern.compile("(?m)^\\| `([a-z0-9_]+)[`(]").matcher(table);
    while (row.find()) {
      rows.add(row.group(1));
    }
    assertThat(rows).containsExactlyInAnyOrderElementsOf(listed);

    Matcher count = Pattern.compile("the (\\d+) shipped; `ponder games --names` lists (\\d+) names").matcher(text.replaceAll("\\s+", " "));
    assertThat(count.find()).as("README's count of games").isTrue();
    assertThat(Integer.parseInt(count.group(2))).isEqualTo(listed.size());
    List<String> games = new ArrayList<>(listed);
    games.remove("turn_based_simultaneous_game");
    assertThat(Integer.parseInt(count.group(1))).isEqualTo(games.size());
  }
}
