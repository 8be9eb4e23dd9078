package dev.ponder.spi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code META-INF/services} files one provider at a time, so that a bad provider fails with
 * a one-line message naming the provider, the services file and line, and the fix (where {@link
 * java.util.ServiceLoader} would throw a bare {@link java.util.ServiceConfigurationError}).
 * Shared by the game and agent registries.
 *
 * <p>Rules: each non-blank line (after removing a {@code #} comment) names one class; a class
 * listed twice, in one file or several, is kept once at its first listing; the class must be
 * public, concrete, top-level or static nested, implement the service and have a public
 * no-argument constructor. Every failure is an {@link IllegalStateException} with a one-line
 * message.
 */
public final class ServiceProviders {
  private ServiceProviders() {}

  /**
   * A provider class named in a services file, with where it is listed.
   *
   * @param className the binary class name as written (a nested class as {@code Outer$Factory})
   * @param where the services file's URL, a colon and the 1-based line number
   */
  public record Listed(String className, String where) {}

  /** Resource path of the services file for {@code service}: {@code META-INF/services/<binary name>}. */
  public static String servicesFile(Class<?> service) {
    return "META-INF/services/" + service.getName();
  }

  /**
   * Every provider class named in {@code loader}'s services files for {@code service}, in order,
   * each at its first listing.
   *
   * @throws IllegalStateException if a file cannot be read or a line is not a class name
   */
  public static List<Listed> list(ClassLoader loader, Class<?> service) {
    String file = servicesFile(service);
    Map<String, Listed> out = new LinkedHashMap<>();
    List<URL> files;
    try {
      files = Collections.list(loader.getResources(file));
    } catch (IOException e) {
      throw new IllegalStateException("cannot list " + file + ": " + e.getMessage(), e);
    }
    for (URL url : files) {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(url.openStream(), StandardCharsets.UTF_8))) {
        String line;
        int number = 0;
        while ((line = r.readLine()) != null) {
          number++;
          int hash = line.indexOf('#');
          String name = (hash >= 0 ? line.substring(0, hash) : line).strip();
          if (name.isEmpty()) {
            continue;
          }
          String where = url + ":" + number;
          if (!isClassName(name)) {
            throw new IllegalStateException("'" + name + "' at " + where + " is not a class name; each line of " + file
                + " names one class implementing " + service.getName() + " (" + nameHint(service) + ")");
          }
          out.putIfAbsent(name, new Listed(name, where));
        }
      } catch (IOException e) {
        throw new IllegalStateException("cannot read " + url + ": " + e.getMessage(), e);
      }
    }
    return new ArrayList<>(out.values());
  }

  private static boolean isClassName(String s) {
    for (String part : s.split("\\.", -1)) {
      if (part.isEmpty() || !Character.isJavaIdentifierStart(part.charAt(0))) {
        return false;
      }
      for (int i = 1; i < part.length(); i++) {
        if (!Character.isJavaIdentifierPart(part.charAt(i))) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Loads, checks and creates one listed provider. A failure's message starts with {@code "<kind>
   * provider <class> (listed at <file>:<line>) "} and says what is wrong and how to fix it.
   *
   * @param kind the word for the service in messages, e.g. {@code game} or {@code agent}
   * @throws IllegalStateException if the class is missing or cannot be loaded (a class it uses is
   *     missing), does not implement {@code service}, is
   *     not public, concrete and top-level or static nested, has no public no-argument
   *     constructor, or its constructor throws
   */
  public static <T> T instantiate(Listed l, ClassLoader loader, Class<T> service, String kind) {
    String head = head(l, kind);
    String fix = "; fix or remove that line of " + servicesFile(service);
    Class<?> c;
    try {
      c = Class.forName(l.className(), false, loader);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(head + "not found" + fix + " (" + nameHint(service) + ")", e);
    } catch (LinkageError e) {
      // the class is there, but a class it needs is not (or is not what it was compiled against),
      // or the file found for the line holds a class of another spelling (a file system that
      // ignores case found MyAgent.class for the line's Myagent)
      throw new IllegalStateException(head + "could not be loaded: " + describe(e) + linkageNote(e, l.className(), fix), e);
    }
    if (!service.isAssignableFrom(c)) {
      throw new IllegalStateException(head + "does not implement " + service.getName() + fix);
    }
    if (!Modifier.isPublic(c.getModifiers()) || Modifier.isAbstract(c.getModifiers())
        || (c.getEnclosingClass() != null && !Modifier.isStatic(c.getModifiers()))) {
      throw new IllegalStateException(head + "is not a public concrete top-level or static nested class" + fix);
    }
    try {
      Constructor<?> k = c.getConstructor();
      return service.cast(k.newInstance());
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(head + "has no public no-argument constructor" + fix, e);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(head + "could not be created: " + describe(e.getCause()), e);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      throw new IllegalStateException(head + "could not be created: " + describe(e), e);
    }
  }

  /**
   * The load-once state a registry keeps over its providers: whether they are loaded, the failure
   * that stopped the loading (repeated to every later caller), and, while they load, the provider
   * being created, so that a provider which uses the registry while the registry is still loading
   * it (from its constructor, or a method the registry calls while loading) gets a one-line
   * {@link IllegalStateException} naming it instead of recursing into a {@link
   * StackOverflowError}. Not thread-safe: the registry calls it under its own lock (a lock that the
   * loading thread holds, so only that thread can come back in while loading).
   */
  public static final class LoadOnce {
    private final String kind;
    private final String registry;
    private boolean loaded;
    private boolean loading;
    private Listed current;
    private IllegalStateException reentry;
    private IllegalStateException failure;

    /**
     * @param kind the word for the service in messages, e.g. {@code game} or {@code agent}
     * @param registry the registry's name in messages, e.g. {@code GameRegistry}
     */
    public LoadOnce(String kind, String registry) {
      this.kind = kind;
      this.registry = registry;
    }

    /**
     * Runs {@code load} unless it already ran: after a load that completed, nothing happens; after
     * one that failed, its failure is thrown again (a new exception with the same message, caused
     * by the first). When {@code load} throws an {@link IllegalStateException}, {@code forget}
     * runs first (to drop what was loaded partly), and the failure is kept; if a provider came back
     * into the registry meanwhile, that re-entry's exception is the failure (the clearer message).
     *
     * @param load reads the services files; calls {@link #creating} before each provider
     * @param forget drops partial results of a failed load
     * @throws IllegalStateException if the load fails or failed before, or when called again
     *     while {@code load} runs: {@code "<kind> provider <class> (listed at <where>) used
     *     <registry> while <registry> is still loading its providers; ..."}
     */
    public void ensure(Runnable load, Runnable forget) {
      if (failure != null) {
        throw new IllegalStateException(failure.getMessage(), failure);
      }
      if (loaded) {
        return;
      }
      if (loading) {
        String who = current == null ? "a " + kind + " provider" : head(current, kind).strip();
        reentry = new IllegalStateException(who + " used " + registry + " while " + registry
            + " is still loading its providers; a provider must not look up " + kind + "s while it is created or"
            + " described (constructor, type, aliases, name): look them up when it is used (e.g. in create)");
        throw reentry;
      }
      loading = true;
      try {
        load.run();
        loaded = true;
      } catch (IllegalStateException e) {
        forget.run();
        failure = reentry != null ? reentry : e;
        if (failure != e) {
          failure.addSuppressed(e);
        }
        throw failure;
      } finally {
        loading = false;
        current = null;
        reentry = null;
      }
    }

    /** Notes that the load now creates or asks {@code provider} (named by a re-entry's message). */
    public void creating(Listed provider) {
      current = provider;
    }
  }

  /**
   * How a services line names a provider of {@code service}, as the hint of a line that names no
   * class: a game's factory is usually nested in its game ({@code com.example.Race$Factory}); an
   * agent's factory is usually a top-level class ({@code org.example.search.MyAgent}).
   */
  static String nameHint(Class<?> service) {
    return switch (service.getName()) {
      case "dev.ponder.game.GameFactory" -> "the factory's binary name, package included; a factory nested in its game is"
          + " written Outer$Factory, e.g. com.example.Race$Factory";
      case "dev.ponder.agent.AgentFactory" -> "the agent factory's class name, package included, e.g."
          + " org.example.search.MyAgent; a nested class is written Outer$Inner";
      default -> "the class name, package included; a nested class is written Outer$Inner";
    };
  }

  /** The start of every message about one provider: {@code "<kind> provider <class> (listed at <where>) "}. */
  public static String head(Listed l, String kind) {
    return kind + " provider " + l.className() + " (listed at " + l.where() + ") ";
  }

  /**
   * The parenthesis after {@code could not be loaded: ...} for a {@link LinkageError} {@code e}
   * thrown loading the listed class {@code listed}: for the JVM's {@code wrong name} (the class file
   * found for the line declares another name), that the line's spelling differs from the class's,
   * naming it; for a missing class other than the listed one ({@code e} or a cause a {@link
   * NoClassDefFoundError} or {@link ClassNotFoundException} naming it), that this class, which the
   * listed one uses, is not on the class path, or, for a class of Ponder's packages ({@code
   * dev.ponder.}) that a class outside them uses, that the listed class was built against another
   * version of Ponder and must be rebuilt against this one; else empty.
   */
  static String linkageNote(LinkageError e, String listed, String fix) {
    String m = e.getMessage() == null ? "" : e.getMessage();
    java.util.regex.Matcher w = java.util.regex.Pattern.compile("\\(wrong name: ([^ )]+)\\)").matcher(m);
    if (e instanceof NoClassDefFoundError && w.find()) {
      return " (the line's spelling differs from the class's name, " + w.group(1).replace('/', '.')
          + ": a file system that ignores case found its file" + fix + ")";
    }
    String missing = Faults.missingClass(e, listed);
    if (missing == null) {
      return "";
    }
    if (missing.startsWith("dev.ponder.") && !listed.startsWith("dev.ponder.")) {
      return " (class " + missing + ", which it uses, is not in this version of Ponder: the class was built against"
          + " another version; rebuild it against this one (./mvnw -q -B install -DskipTests at Ponder's root"
          + " installs this version))";
    }
    return " (class " + missing + ", which it uses, is not on the class path: the jar or class directory that holds"
        + " it is missing from PONDER_CLASSPATH)";
  }

  /** The innermost cause's simple class name and the first line of its message. */
  public static String describe(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String msg = t.getMessage() == null ? "" : ": " + t.getMessage().lines().findFirst().orElse("");
    return t.getClass().getSimpleName() + msg;
  }
}
