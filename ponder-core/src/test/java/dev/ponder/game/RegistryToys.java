package dev.ponder.game;

import dev.ponder.spec.ParamSpec;
import dev.ponder.spec.Params;
import java.util.List;

/**
 * Test-only game providers for the registry's loading rules. The game is {@code party}: each of
 * the players in turn passes (action 0) once, then the game ends with every return 0.
 */
public final class RegistryToys {
  private RegistryToys() {}

  static GameType toyType(String name, int minPlayers, int maxPlayers, List<ParamSpec> params) {
    return new GameType(name, name, GameType.ChanceMode.DETERMINISTIC, GameType.Information.PERFECT_INFORMATION,
        GameType.Utility.IDENTICAL, GameType.RewardModel.TERMINAL, minPlayers, maxPlayers, params);
  }

  /** A party for 2..6 players, chosen by the {@code players} parameter (2..6, default 3). */
  public static final class Party extends SimpleGameFactory {
    public static final GameType TYPE = toyType("party", 2, 6, List.of(ParamSpec.ofInt("players", 3, 2, 6, "number of players")));

    public Party() {
      super(TYPE, p -> new PartyGame(TYPE, p, p.requireInt("players")), "fete");
    }
  }

  /** Another class answering to {@code party} (a duplicate short name). */
  public static final class OtherParty extends SimpleGameFactory {
    public OtherParty() {
      super(toyType("party", 2, 2, List.of()), p -> new PartyGame(toyType("party", 2, 2, List.of()), p, 2));
    }
  }

  /** {@code fiesta}, whose alias {@code party} is another provider's name. */
  public static final class Fiesta extends SimpleGameFactory {
    public Fiesta() {
      super(toyType("fiesta", 2, 2, List.of()), p -> new PartyGame(toyType("fiesta", 2, 2, List.of()), p, 2), "party");
    }
  }

  /** Declared for 2..6 players but its {@code players} parameter accepts 1..10. */
  public static final class WideParty extends SimpleGameFactory {
    static final GameType TYPE = toyType("wide_party", 2, 6, List.of(ParamSpec.ofInt("players", 2, 1, 10, "number of players")));

    public WideParty() {
      super(TYPE, p -> new PartyGame(TYPE, p, p.requireInt("players")));
    }
  }

  /** Declared for 2..6 players (no parameter), but its games have 7. */
  public static final class CrowdedParty extends SimpleGameFactory {
    static final GameType TYPE = toyType("crowded_party", 2, 6, List.of());

    public CrowdedParty() {
      super(TYPE, p -> new PartyGame(TYPE, p, 7));
    }
  }

  /** {@code my party}: a name a game string cannot give. */
  public static final class SpacedParty extends SimpleGameFactory {
    static final GameType TYPE = toyType("my party", 2, 2, List.of());

    public SpacedParty() {
      super(TYPE, p -> new PartyGame(TYPE, p, 2));
    }
  }

  /** {@code twice_party}, which declares the parameter {@code n} twice. */
  public static final class KeyTwiceParty extends SimpleGameFactory {
    static final GameType TYPE = toyType("twice_party", 2, 2,
        List.of(ParamSpec.ofInt("n", 1, "first"), ParamSpec.ofInt("n", 2, "second")));

    public KeyTwiceParty() {
      super(TYPE, p -> new PartyGame(TYPE, p, 2));
    }
  }

  /** {@code alias_party}, whose alias {@code party(2)} a game string cannot give. */
  public static final class BadAliasParty extends SimpleGameFactory {
    static final GameType TYPE = toyType("alias_party", 2, 2, List.of());

    public BadAliasParty() {
      super(TYPE, p -> new PartyGame(TYPE, p, 2), "party(2)");
    }
  }

  /** {@code semi;party}: a name that a list of game strings splits. */
  public static final class SemicolonParty extends SimpleGameFactory {
    static final GameType TYPE = toyType("semi;party", 2, 2, List.of());

    public SemicolonParty() {
      super(TYPE, p -> new PartyGame(TYPE, p, 2));
    }
  }

  /** {@code semi_party}, whose alias {@code semi;p} a list of game strings splits. */
  public static final class SemicolonAliasParty extends SimpleGameFactory {
    static final GameType TYPE = toyType("semi_party", 2, 2, List.of());

    public SemicolonAliasParty() {
      super(TYPE, p -> new PartyGame(TYPE, p, 2), "semi;p");
    }
  }

  /** Its constructor fails. */
  public static final class Failing extends SimpleGameFactory {
    public Failing() {
      super(null, PartyGame::new);
    }
  }

  /** Looks a game up in its registry (the catalog under test) from its constructor. */
  public static final class LooksUpWhileCreated extends SimpleGameFactory {
    /** The catalog it asks; set by the test. */
    static volatile GameCatalog registry;

    public LooksUpWhileCreated() {
      super(toyType("looks_up", 2, 2, List.of()), p -> new PartyGame(toyType("looks_up", 2, 2, List.of()), p, 2));
      registry.find("party");
    }
  }

  /** Looks a game up in its registry from aliases(), which the registry calls while loading. */
  public static final class LooksUpInAliases implements GameFactory {
    static final GameType TYPE = toyType("looks_up_late", 2, 2, List.of());

    @Override
    public GameType type() {
      return TYPE;
    }

    @Override
    public List<String> aliases() {
      LooksUpWhileCreated.registry.names();
      return List.of();
    }

    @Override
    public Game create(Params params) {
      return new PartyGame(TYPE, params, 2);
    }
  }

  /** No public no-argument constructor. */
  public static final class NeedsArgument extends SimpleGameFactory {
    public NeedsArgument(int unused) {
      super(Party.TYPE, p -> new PartyGame(Party.TYPE, p, 2));
    }
  }

  static final class PartyGame extends AbstractGame {
    private final int players;

    PartyGame(Params p) {
      this(Party.TYPE, p, 2);
    }

    PartyGame(GameType type, Params params, int players) {
      super(type, params);
      this.players = players;
    }

    @Override
    public int numPlayers() {
      return players;
    }

    @Override
    public int numDistinctActions() {
      return 1;
    }

    @Override
    public int maxChanceOutcomes() {
      return 0;
    }

    @Override
    public double minUtility() {
      return 0;
    }

    @Override
    public double maxUtility() {
      return 0;
    }

    @Override
    public int maxGameLength() {
      return players;
    }

    @Override
    public State newInitialState() {
      return new PartyState(this);
    }
  }

  static final class PartyState extends State {
    private final PartyGame game;
    private int moved;

    PartyState(PartyGame game) {
      this.game = game;
    }

    @Override
    public Game game() {
      return game;
    }

    @Override
    public int currentPlayer() {
      return moved == game.players ? TERMINAL : moved;
    }

    @Override
    public int legalActions(int[] out) {
      if (isTerminal()) {
        return 0;
      }
      out[0] = 0;
      return 1;
    }

    @Override
    protected void doApplyAction(int action) {
      moved++;
    }

    @Override
    public State copy() {
      PartyState s = new PartyState(game);
      s.copyFrom(this);
      return s;
    }

    @Override
    public void copyFrom(State other) {
      moved = ((PartyState) other).moved;
      copyHistoryFrom(other);
    }

    @Override
    public double playerReturn(int player) {
      return 0;
    }

    @Override
    public String actionToString(int player, int action) {
      return "pass";
    }

    @Override
    public String toString() {
      return moved + " of " + game.players + " passed";
    }
  }
}
