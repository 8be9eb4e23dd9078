package dev.ponder.agent;

import dev.ponder.game.Game;
import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/** Agent factories for {@link AgentRegistryTest}, each a provider a services file can list. */
public final class AgentToys {
  private AgentToys() {}

  /** A named agent that plays uniformly at random; subclasses change only the name. */
  public abstract static class Named implements AgentFactory {
    private final String name;

    Named(String name) {
      this.name = name;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String description() {
      return "a test agent named " + name;
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of();
    }

    @Override
    public Agent create(Game game, Params params, long seed) {
      return new RandomAgent(game, seed);
    }
  }

  /** {@code alpha}. */
  public static final class Alpha extends Named {
    public Alpha() {
      super("alpha");
    }
  }

  /** Another class answering to {@code alpha}. */
  public static final class OtherAlpha extends Named {
    public OtherAlpha() {
      super("alpha");
    }
  }

  /** {@code gamma}, which looks an agent up in its registry (the catalog under test) while created. */
  public static final class LooksUpWhileCreated extends Named {
    /** The catalog it asks; set by the test. */
    static volatile AgentCatalog registry;

    public LooksUpWhileCreated() {
      super("gamma");
      registry.find("alpha");
    }
  }

  /** {@code beta}. */
  public static final class Beta extends Named {
    public Beta() {
      super("beta");
    }
  }

  /** A provider answering to the built-in {@code random}'s name. */
  public static final class FakeRandom extends Named {
    public FakeRandom() {
      super("random");
    }
  }

  /** A provider with an empty name. */
  public static final class Nameless extends Named {
    public Nameless() {
      super("");
    }
  }

  /** A provider whose name an agent string cannot give ({@code my agent}). */
  public static final class Spaced extends Named {
    public Spaced() {
      super("my agent");
    }
  }

  /** {@code twice}, which declares the key {@code n} twice. */
  public static final class KeyTwice extends Named {
    public KeyTwice() {
      super("twice");
    }

    @Override
    public List<ParamSpec> parameters() {
      return List.of(ParamSpec.ofInt("n", 1, "first"), ParamSpec.ofInt("n", 2, "second"));
    }
  }

  /** A provider without a no-argument constructor. */
  public static final class NeedsArgument extends Named {
    public NeedsArgument(String name) {
      super(name);
    }
  }

  /** A provider whose constructor throws. */
  public static final class Failing extends Named {
    public Failing() {
      super(java.util.Objects.requireNonNull((String) null, "name"));
    }
  }
}
