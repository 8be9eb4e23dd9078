package dev.ponder.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ponder} launcher at the repository root, run in a scratch copy of the repository
 * layout with a stand-in {@code mvnw} (records its arguments, writes the jar or fails) and a
 * stand-in {@code java} (prints its arguments): when it builds, how, and what it prints when the
 * build fails.
 */
class LauncherScriptTest {
  @TempDir Path root;

  private static final Instant JAR_TIME = Instant.parse("2026-01-01T00:00:00Z");

  private record Run(int exit, String out, String err) {}

  /** The launcher of this checkout: the module's parent directory holds it. */
  private static Path launcher() {
    return Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent().resolve("ponder");
  }

  private void setUp(boolean buildFails) throws IOException {
    Files.copy(launcher(), root.resolve("ponder"), StandardCopyOption.REPLACE_EXISTING);
    executable(root.resolve("ponder"));
    write(root.resolve("mvnw"), "#!/usr/bin/env bash\n"
        + "echo \"$*\" >> \"$(dirname \"$0\")/mvnw.calls\"\n"
        + (buildFails ? "echo 'compilation failure' ; exit 1\n"
            : "mkdir -p \"$(dirname \"$0\")/ponder-app/target\" && echo jar > \"$(dirname \"$0\")/ponder-app/target/ponder.jar\"\n"));
    executable(root.resolve("mvnw"));
    Path bin = Files.createDirectories(root.resolve("bin"));
    write(bin.resolve("java"), "#!/usr/bin/env bash\necho \"java $*\"\n");
    executable(bin.resolve("java"));
    write(root.resolve("pom.xml"), "<project/>\n");
    write(root.resolve("ponder-app/src/main/java/dev/ponder/app/Main.java"), "class Main {}\n");
    write(root.resolve("ponder-app/src/test/java/dev/ponder/app/MainTest.java"), "class MainTest {}\n");
    Files.setLastModifiedTime(root.resolve("pom.xml"), FileTime.from(JAR_TIME.minusSeconds(60)));
    Files.setLastModifiedTime(root.resolve("ponder-app/src/main/java/dev/ponder/app/Main.java"), FileTime.from(JAR_TIME.minusSeconds(60)));
    Files.setLastModifiedTime(root.resolve("ponder-app/src/test/java/dev/ponder/app/MainTest.java"), FileTime.from(JAR_TIME.minusSeconds(60)));
  }

  private static void write(Path p, String text) throws IOException {
    Files.createDirectories(p.getParent());
    Files.writeString(p, text, StandardCharsets.UTF_8);
  }

  private static void executable(Path p) throws IOException {
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private Path jar() {
    return root.resolve("ponder-app/target/ponder.jar");
  }

  private String calls() throws IOException {
    Path f = root.resolve("mvnw.calls");
    return Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8) : "";
  }

  private Run run(String... args) throws IOException, InterruptedException {
    return runWith(null, args);
  }

  /** Runs the launcher with {@code PONDER_CLASSPATH} set to {@code classPath} (unset when null). */
  private Run runWith(String classPath, String... args) throws IOException, InterruptedException {
    String[] cmd = new String[args.length + 2];
    cmd[0] = "bash";
    cmd[1] = root.resolve("ponder").toString();
    System.arraycopy(args, 0, cmd, 2, args.length);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("PATH", root.resolve("bin") + ":" + System.getenv("PATH"));
    pb.environment().remove("PONDER_JAVA_OPTS");
    pb.environment().remove("PONDER_CLASSPATH");
    if (classPath != null) {
      pb.environment().put("PONDER_CLASSPATH", classPath);
    }
    Path out = root.resolve("launcher.out");
    Path err = root.resolve("launcher.err");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }

  private void jarAt(Instant t) throws IOException {
    Files.setLastModifiedTime(jar(), FileTime.from(t));
  }

  @Test
  void rebuildsAfterACommitSoThatTheVersionLineNamesIt() throws Exception {
    setUp(false);
    // a clone: HEAD names a branch whose ref moves on each commit
    write(root.resolve(".git/HEAD"), "ref: refs/heads/main\n");
    write(root.resolve(".git/refs/heads/main"), "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d\n");
    write(root.resolve(".git/refs/heads/other"), "5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80\n");
    for (String f : new String[] {".git/HEAD", ".git/refs/heads/main", ".git/refs/heads/other"}) {
      Files.setLastModifiedTime(root.resolve(f), FileTime.from(JAR_TIME.minusSeconds(60)));
    }
    assertThat(run("games").exit()).isZero();
    jarAt(JAR_TIME);
    Files.delete(root.resolve("mvnw.calls"));
    assertThat(run("games").exit()).isZero();
    assertThat(calls()).as("nothing committed since the build").isEmpty();

    // a commit on another branch: no build
    Files.setLastModifiedTime(root.resolve(".git/refs/heads/other"), FileTime.from(JAR_TIME.plusSeconds(60)));
    assertThat(run("games").exit()).isZero();
    assertThat(calls()).as("another branch's commit").isEmpty();

    // a commit on HEAD's branch (no source newer than the jar): rebuild
    Files.setLastModifiedTime(root.resolve(".git/refs/heads/main"), FileTime.from(JAR_TIME.plusSeconds(60)));
    Run commit = run("games");
    assertThat(commit.exit()).isZero();
    assertThat(commit.err()).contains("ponder: building");
    assertThat(calls().strip()).isEqualTo("-q -B -Dmaven.test.skip=true package");

    // a detached HEAD moved (checkout of a commit): rebuild
    write(root.resolve(".git/HEAD"), "5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80\n");
    jarAt(JAR_TIME);
    Files.setLastModifiedTime(root.resolve(".git/refs/heads/main"), FileTime.from(JAR_TIME.minusSeconds(60)));
    Files.setLastModifiedTime(root.resolve(".git/HEAD"), FileTime.from(JAR_TIME.plusSeconds(60)));
    Files.delete(root.resolve("mvnw.calls"));
    assertThat(run("games").exit()).isZero();
    assertThat(calls().strip()).isEqualTo("-q -B -Dmaven.test.skip=true package");
  }

  @Test
  void buildsWithoutCompilingTestsAndIgnoresTestOnlyEdits() throws Exception {
    setUp(false);
    // first use: no jar, so it builds, with tests neither compiled nor run, then runs the jar
    Run first = run("games", "--names");
    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(first.err()).contains("ponder: building (first use or sources changed)...");
    assertThat(calls().strip()).isEqualTo("-q -B -Dmaven.test.skip=true package");
    assertThat(first.out().strip()).isEqualTo("java -XX:-OmitStackTraceInFastThrow -Dponder.stderr.terminal=false -jar " + jar() + " games --names");

    // up to date: no build
    jarAt(JAR_TIME);
    Files.delete(root.resolve("mvnw.calls"));
    Run fresh = run("games");
    assertThat(fresh.exit()).isZero();
    assertThat(calls()).isEmpty();
    assertThat(fresh.err()).doesNotContain("building");

    // a test-only edit (a test source newer than the jar, even one that does not compile): no build
    write(root.resolve("ponder-app/src/test/java/dev/ponder/app/MainTest.java"), "class MainTest { broken");
    write(root.resolve("ponder-app/src/test/resources/data.txt"), "x\n");
    Run testEdit = run("games");
    assertThat(testEdit.exit()).isZero();
    assertThat(calls()).as("a test-only edit must not rebuild").isEmpty();

    // a main source edit: rebuild
    write(root.resolve("ponder-app/src/main/java/dev/ponder/app/Main.java"), "class Main { }\n");
    Run mainEdit = run("games");
    assertThat(mainEdit.exit()).isZero();
    assertThat(calls().strip()).isEqualTo("-q -B -Dmaven.test.skip=true package");

    // a pom edit and a main resource edit rebuild as well
    for (String changed : new String[] {"pom.xml", "ponder-app/src/main/resources/META-INF/services/x"}) {
      jarAt(Instant.now().plusSeconds(3600));
      Files.delete(root.resolve("mvnw.calls"));
      write(root.resolve(changed), "changed\n");
      Files.setLastModifiedTime(root.resolve(changed), FileTime.from(Instant.now().plusSeconds(7200)));
      run("games");
      assertThat(calls()).as(changed).isNotEmpty();
    }
  }

  @Test
  void aFailedBuildPointsToItsLog() throws Exception {
    setUp(true);
    Run r = run("games");
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err()).contains("ponder: building (first use or sources changed)...")
        .contains("ponder: build failed; see " + root.resolve(".ponder-build.log"));
    assertThat(r.out()).doesNotContain("java ");
    assertThat(Files.readString(root.resolve(".ponder-build.log"), StandardCharsets.UTF_8)).contains("compilation failure");
  }

  @Test
  void ponderClasspathPutsTheUsersJarsBesidePondersOwn() throws Exception {
    setUp(false);
    Run r = runWith("/x/my-game.jar:/x/classes", "games", "--names");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out().strip()).isEqualTo("java -XX:-OmitStackTraceInFastThrow -Dponder.stderr.terminal=false -cp " + jar() + ":/x/my-game.jar:/x/classes dev.ponder.app.Ponder games --names");
    // empty: the plain jar
    Run plain = runWith("", "games");
    assertThat(plain.out().strip()).isEqualTo("java -XX:-OmitStackTraceInFastThrow -Dponder.stderr.terminal=false -jar " + jar() + " games");
  }

  @Test
  void missingPonderClasspathEntriesAreNamedOnceEachOnStderr() throws Exception {
    setUp(false);
    Path jarOfMine = Files.createFile(root.resolve("mine.jar"));
    Path dir = Files.createDirectories(root.resolve("jars"));
    // * is java's wildcard for the working directory's jars: it exists
    String cp = jarOfMine + ":/no/such/typo.jar:" + dir + "/*:/no/such/dir/*:/no/such/typo.jar:*";
    Run r = runWith(cp, "check", "dice_race");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.err()).isEqualTo("ponder: building (first use or sources changed)...\n"
        + "ponder: warning: PONDER_CLASSPATH entry '/no/such/typo.jar' does not exist; its games and agents are not loaded\n"
        + "ponder: warning: PONDER_CLASSPATH entry '/no/such/dir/*' does not exist; its games and agents are not loaded\n");
    // the classpath is passed on unchanged
    assertThat(r.out().strip()).endsWith(":" + cp + " dev.ponder.app.Ponder check dice_race");
  }
}
