package dev.ponder.game.check;

import dev.ponder.game.Distributions;
import dev.ponder.game.Game;
import dev.ponder.game.GameContract;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.game.IllegalActionException;
import dev.ponder.game.MatchRecord;
import dev.ponder.game.MissingGameMethodException;
import dev.ponder.game.State;
import dev.ponder.spi.Faults;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Seeded random playouts that check the invariants every {@link Game} must satisfy. Use it from a
 * game's test: {@code ConformanceKit.check(GameRegistry.load("connect_four"))}, or from the
 * command line: {@code ponder check connect_four [--playouts N] [--seed S] [--playout I]}.
 *
 * <p><b>Cost and sampling.</b> The checks fall in two groups. <em>Per-state</em> checks cost
 * about the same at every depth and run at every state of every playout. <em>Deep</em> checks
 * cost time proportional to the history length (they replay, copy and compare whole histories,
 * build information-state strings or resample worlds); running them everywhere would make a
 * playout of length L cost O(L²). They run at a seeded random sample of states: the state after
 * t actions is deep-checked with probability {@code min(1, c / (t + 1))}, where c is
 * {@link Options#deepCheckRate(double)} (default 4), and the terminal state is always
 * deep-checked. The first c states of a playout are therefore always deep-checked, a playout of
 * length L gets about c·(1 + ln(L / c)) deep-checked states, and their expected total cost is
 * O(c·L): the whole run stays linear in the game length, while every depth keeps a positive
 * chance per playout (c / (t + 1)), so over many playouts deep states are covered too. The
 * sampling draws from a generator of its own (derived from the seed and the playout index), so
 * the playouts themselves do not depend on c, and {@link Options#onlyPlayout(int)} reproduces a
 * failure exactly. {@code deepCheckRate(Double.POSITIVE_INFINITY)} deep-checks every state.
 *
 * <p>Two per-state checks are sampled too where their cost would grow: the {@code copy} and
 * {@code undo} checks copy the state, and with it the history (O(t) after t actions), so they run
 * at every state for t below {@value #COPY_EVERY_STATE} and after that with probability
 * {@value #COPY_EVERY_STATE} / (t + 1) (expected cost O({@value #COPY_EVERY_STATE}) per state); the
 * {@code tensors} check writes and scans every entry, so when the tensors of all players hold more
 * than {@value #TENSOR_EVERY_STATE} entries in all (pig with a large {@code winscore}: 3 million)
 * it runs with probability {@value #TENSOR_EVERY_STATE} / entries, and at every deep-checked
 * state. Both draw from a generator of their own, so neither the playouts nor the deep sample
 * depend on them. A run then costs time linear in its states: {@code ponder check} on
 * {@code pig(horizon=5000,winscore=1000000)} with {@code -n 1} (one playout, 7,477 states) went
 * from 25 s of CPU to 1.5 s.
 *
 * <p>Per-state checks (an invariant's name appears in the failure):
 * <ul>
 *   <li>{@code game-constants} (once): players within the type's range, actions positive,
 *       maxGameLength ≥ 0, maxDecisions within 1..maxGameLength (0 only when maxGameLength is 0,
 *       a game whose initial state is terminal, such as OpenSpiel's {@code clobber} on a 1 × 1
 *       board), no chance outcomes declared by a deterministic game (a game with chance mode
 *       {@code EXPLICIT_STOCHASTIC} may declare maxChanceOutcomes 0 when its parameters leave no
 *       chance node, as OpenSpiel's goofspiel with a fixed {@code points_order} does; a playout
 *       that then meets a chance node fails {@code chance-outcomes}), minUtility ≤ maxUtility, a
 *       constant-sum game declares its utilitySum (any
 *       exception thrown by these constants fails here too), the game string loads back to a game
 *       with the same parameters;
 *   <li>{@code current-player}: a player, {@link State#CHANCE} or {@link State#TERMINAL};
 *       consistent with isTerminal/isChanceNode; no chance node in deterministic games;
 *   <li>{@code legal-actions}: at decision nodes non-empty, strictly ascending (so unique), in
 *       {@code [0, numDistinctActions)}, the array and buffer variants agree, {@code isLegal}
 *       rejects -1 and numDistinctActions and accepts the legal actions (all of them at deep
 *       states and when there are at most 4, else 4 drawn at random, since the default {@code
 *       isLegal} generates the legal actions); none at terminal states; an {@link
 *       ArrayIndexOutOfBoundsException} from {@code legalActions(int[])} (a buffer of
 *       maxActionsPerState() entries) fails here, naming the state's history;
 *   <li>{@code sample-action}: at decision nodes {@link State#sampleLegalAction} keeps its
 *       contract: from a generator with a fresh seed it returns the same action as {@code
 *       legal[rng.nextInt(k)]} over the k listed legal actions, and leaves its generator in the
 *       same state as a same-seeded twin that made that one draw (compared by the next draw of
 *       each); the state's legal actions are unchanged afterwards. One draw per state, 4 at
 *       deep states. The seeds come from a stream of their own, so the other
 *       checks' sampling does not depend on this one;
 *   <li>{@code chance-outcomes}: none when maxChanceOutcomes is 0; at most maxChanceOutcomes,
 *       strictly ascending, probabilities
 *       positive and summing to 1 within 1e-9, legal actions equal the outcomes' actions;
 *   <li>{@code illegal-action} (once per playout, at a random state): applying an action
 *       outside the legal set throws {@link IllegalActionException} naming it and leaves the
 *       state unchanged; at the terminal state any action is refused;
 *   <li>{@code returns}: at terminal states within [minUtility, maxUtility] (±1e-9), except
 *       that a side the game declares nominal ({@link Game#minUtilityNominal()}, {@link
 *       Game#maxUtilityNominal()}) is not checked: only the strict side is; zero-sum
 *       returns sum to 0, constant-sum to utilitySum, identical ones are equal (1e-9);
 *       terminal-reward games give no reward and a return of 0 before the end;
 *   <li>{@code length}: history size ≤ maxGameLength, decisions ≤ maxDecisions, chance outcomes
 *       ≤ maxChanceNodesInHistory; history size and last action match the actions applied;
 *   <li>{@code copy}: {@link State#copyFrom} into a reused scratch state gives a state with the
 *       same current player, history size and last action, legal actions, returns (and hash,
 *       when the game maintains its own); playing the next action and one more on the scratch
 *       state leaves the original unchanged in those respects (beyond {@value #COPY_EVERY_STATE}
 *       actions at a sample of the states, see above);
 *   <li>{@code undo}: where supported, undo restores those same features and re-applying
 *       restores the next state's (a failure seen only through the hash prints both states'
 *       {@code toString()});
 *   <li>{@code action-strings}: non-empty and unique among all legal actions; {@link
 *       State#stringToAction} maps them back to their actions — all of them when there are at
 *       most 4 legal actions, else 4 drawn at random (the default {@code stringToAction} scans
 *       the legal actions, so checking all k would cost O(k²) per state);
 *   <li>{@code tensors}: when a shape is declared, the tensor fills exactly its product of
 *       dimensions with finite values, for every player (at a sample of the states when the
 *       tensors hold more than {@value #TENSOR_EVERY_STATE} entries, see above);
 *   <li>{@code hash} (games that override {@link State#hash()}; the default hash of the history
 *       cannot collide but by chance): over every state of the run, two states with one hash
 *       have the same current player, legal actions, {@code toString()}, returns (at terminal
 *       states of terminal-reward games) and, in imperfect-information games, information-state
 *       strings (what MCTS with {@code
 *       keying=transpositions} merges must be one state). The failure names both histories, the
 *       earlier one replayed from its playout. When only {@code toString()} differs, 4 seeded
 *       random continuations (the same actions on both states) must give the same current
 *       players, legal actions, chance outcomes and rewards to the end, else it fails too: a
 *       board that prints what has no effect on the future (mancala's move number) passes. One
 *       digest per distinct hash is kept, up to 2<sup>20</sup> hashes.
 * </ul>
 *
 * <p>Deep checks (sampled states and the terminal state):
 * <ul>
 *   <li>{@code length}: the whole history equals the actions applied;
 *   <li>{@code copy}: {@code copyFrom} and then {@link State#copy()} equal the original in
 *       everything observable (current player, history, toString, legal actions, returns, chance
 *       outcomes, information-state strings); playing on them leaves the original unchanged. The
 *       failure names the method that made the copy: {@code copyFrom} is tried first, so a
 *       {@code copy()} that calls a faulty {@code copyFrom} is reported as {@code copyFrom()}'s;
 *       a fault of {@code copy()} alone says {@code (copyFrom() passed)};
 *   <li>{@code hash}: copies have the original's {@link State#hash()};
 *   <li>{@code undo}: as above, compared in everything observable; and in turn on a copy and its
 *       original, for a copy made by {@code copyFrom} and one made by {@code copy()}: the copy
 *       plays the next action a, the original another legal action b, the copy undoes a, the
 *       original undoes b, and both must be back (a copy that shares an undo stack with its
 *       original fails here, as playing on one of them alone does not show it);
 *   <li>{@code serialization}: {@link MatchRecord} line → parse → replay gives an equal state
 *       (everything observable, every player's information-state string, hash);
 *   <li>{@code information-state}: information-state and observation strings are given for
 *       every player; two histories with the same information-state string for the player to
 *       move give that player the same legal actions (the kit keeps a map over all deep-checked
 *       states of the run); in games that override {@link State#informationStateKey(int)} (the
 *       default hashes the string), one string of a player comes with one key and one key with one
 *       string, for every player over all deep-checked states of the run (two maps of up to
 *       2<sup>20</sup> entries each), copies, undo and the replayed {@link MatchRecord} keep every
 *       key, and every world the {@code resample} checks draw for a player has the source's key
 *       for that player: IS-MCTS keys its nodes by the key, so a key that reads what the string
 *       hides (a hidden card) shows it to the search. No observation key exists and nothing keys by
 *       observation strings, so those are only required to be non-null;
 *   <li>{@code resample} (at deep-checked decision nodes): for every player p, a world from
 *       {@link State#resample} and one from {@link State#resampleInto} (what IS-MCTS calls; into
 *       a target state the kit reuses, as a searcher does) each have p's information state, the
 *       same current player and (for the player to move) the same legal actions, and are
 *       independent of the original (the anti-cheat gate).
 * </ul>
 *
 * <p>Checks over the whole run:
 * <ul>
 *   <li>{@code perfect-recall} (games that do not declare perfect information in their {@link
 *       GameType}; at every decision node, by
 *       {@link State#informationStateKey(int)}): a player's information state must not recur at
 *       a later decision of that player on the same history, and every history with one
 *       information state of p must give p the same own earlier sequence of (information state,
 *       action) pairs. A string that leaves out the betting, say, fails here, naming the player,
 *       the string and both histories. A game whose {@link Game#perfectRecall()} is false (an
 *       information-state format that forgets, kept for compatibility) is held to the first rule
 *       only. Solving, exploitability and best response need perfect
 *       recall; IS-MCTS does not. One map entry per distinct information state (up to
 *       2<sup>20</sup>); the cost is one information-state key per decision node. A game that
 *       declares perfect information is not held to it: its information states are its states,
 *       and an information-state string that is the position (a Markov string, equal after
 *       transpositions or repetitions) is well-formed there;
 *   <li>{@code resample} (hidden information; games that do not declare perfect information and
 *       declare perfect recall, when resample is checked; a string that forgets what the player
 *       saw is shared by histories the player can tell apart, where the true state may be the only
 *       world): where the run has met player p's information state after two or
 *       more different histories with one player to move, the source is not the only world
 *       consistent with it (a world keeps p's information state and the player to move), so the
 *       worlds drawn there must differ from the source (in history or {@code toString()}) some of
 *       the time. The draws are pooled per bucket (player p, history length): while none of a
 *       bucket has differed, each such check makes up to 8 extra seeded draws per method. A bucket
 *       of {@code resample(p)} (or, separately, of {@code resampleInto(p)}) with at least 96 draws,
 *       every one equal to its source, fails the run after the playouts: the method returns the
 *       true state after that many actions and IS-MCTS would see the hidden information there. A
 *       legitimate sampler whose source has probability at most 0.8 at each such information
 *       state fails a bucket with probability at most 0.8<sup>96</sup> ≈ 5·10<sup>-10</sup>. Blind
 *       spots: a sampler that leaks at some information states of a bucket but draws properly at
 *       others of the same bucket passes; buckets with fewer than 96 draws (short runs,
 *       {@link Options#onlyPlayout(int)}, rarely reached lengths) and information states met
 *       after one history only are not judged; a world that differs from its source in history
 *       or board but still keeps what is hidden (the opponent's true cards, reached in another
 *       order) passes. A game whose information states each have a single history
 *       (nothing hidden) makes no such draws and passes;
 *   <li>{@code resample}, the distribution (games that do not declare perfect information, declare
 *       perfect recall, have chance, and whose whole tree has at most {@link #DISTRIBUTION_TREE_NODES} nodes, when
 *       resample is checked and the run is not {@link Options#onlyPlayout(int)}): at up to {@link
 *       #DISTRIBUTION_STATES} information states whose consistent histories differ only in chance
 *       outcomes, {@link #DISTRIBUTION_DRAWS} worlds of each method must come up with the worlds'
 *       probabilities, the products of the chance probabilities along their histories (the test:
 *       a Chernoff bound per world, false alarms below {@link #DISTRIBUTION_FALSE_ALARM} per run;
 *       {@link Report#distributionStates()} counts the information states). Blind spots: larger
 *       trees; information states whose worlds differ in the other players' actions (hidden moves:
 *       their weights are not defined by chance alone); deviations too small to show in 512 draws
 *       (a world of probability 1/3 drawn with 1/2 is at the limit).
 * </ul>
 *
 * <p>A warning over the whole run (in {@link Report#warnings()}; the run still passes):
 * <ul>
 *   <li>{@code hidden-information} (games that declare imperfect information, and games whose
 *       state has a resampler of its own): at every decision the kit keeps the first history it
 *       met with each information state of the player to move (by {@link
 *       State#informationStateKey(int)}, up to 2<sup>20</sup> of them); a second, different
 *       history with one of them shows that the string hides something. So does a world drawn by
 *       {@code resample} or {@code resampleInto} for the player to move (it has that player's
 *       information state, checked above) with another history than its source: those of the
 *       deep checks, and, when resample is checked, up to 4 more {@code resample} draws at a
 *       decision and 16 per playout from a generator of their own (so the other checks draw as
 *       before), until something is shown hidden. If nothing ever is, the run
 *       warns: such a string names one history each (the whole history, or a card that should be
 *       hidden), and solving, exploitability and best response then treat the game as one of
 *       perfect information. A game that truly hides nothing at any decision (goofspiel with one
 *       card) legitimately gets the warning; a failure would be wrong for it.
 * </ul>
 *
 * <p>Decisions are uniform over legal actions; chance outcomes are drawn with their
 * probabilities. Playout {@code i} uses its own generators derived from (seed, i), so a failure
 * can be reproduced alone with {@link Options#onlyPlayout(int)}.
 */
public final class ConformanceKit {
  private static final double EPS = 1e-9;
  /** Legal actions whose string is mapped back per state (all of them up to this many). */
  private static final int ROUND_TRIPS = 4;
  /** Draws of the {@code sample-action} check at a deep-checked decision node (one elsewhere). */
  private static final int SAMPLE_DRAWS = 4;
  /** Random continuations that compare the futures of two states with one hash and different toString. */
  private static final int FUTURE_PROBES = 4;
  /** Further actions of a differing continuation shown in the one-line failure (more go to the detail). */
  private static final int FUTURE_SHOWN = 12;
  /** Extra draws per method at a resample check while no world of its bucket (player, history length) has differed from its source. */
  private static final int HIDDEN_PROBES = 8;
  /**
   * Draws per method after which a bucket (player, history length) of the {@code resample} check
   * whose worlds all equalled their sources fails. A legitimate sampler gives the source back with
   * probability π(source | information state); if that is at most ρ = 0.8 at every information state
   * met after two histories, the draws being independent, all k draws of one bucket equal their
   * sources with probability at most ρ<sup>k</sup>: 0.8<sup>96</sup> ≈ 5.0·10<sup>-10</sup> (0.5<sup>96</sup>
   * ≈ 1.3·10<sup>-29</sup> for a hidden card out of two). Even over 2 methods × 4 players × 100
   * history lengths (800 buckets), a run fails a legitimate sampler with probability below
   * 4.0·10<sup>-7</sup>. A sampler that returns the true state in one bucket fails there once the
   * bucket has this many draws: 1 + {@value #HIDDEN_PROBES} per check, so from the 11th check of
   * the bucket on.
   */
  private static final int HIDDEN_MIN_DRAWS = 96;
  /**
   * Extra {@code resample(p)} draws per playout (up to {@link #WITNESS_DRAWS_PER_DECISION} at a
   * decision of p) while the run has not yet shown an information state of the player to move
   * with two histories.
   */
  private static final int WITNESS_DRAWS = 16;
  private static final int WITNESS_DRAWS_PER_DECISION = 4;
  /** Entries kept by the perfect-recall and hidden-information maps (later ones are compared, not added). */
  private static final int MAX_KEPT = 1 << 20;
  /** The playout number of failures found over the whole run. */
  private static final int AFTER_PLAYOUTS = Integer.MIN_VALUE;
  private static final String RECALL_RULE = " (information states must give perfect recall: each holds everything its player"
      + " saw and did before, its own earlier information states and actions included; solve, exploitability and best"
      + " response require it)";
  private static final String KEY_RULE = " (equal information-state strings must give equal keys and different strings different"
      + " keys: IS-MCTS keys its tree nodes by informationStateKey, so a key that reads what the string hides, such as a hidden"
      + " card, shows it to the search)";

  /**
   * Below this history length the {@code copy} and {@code undo} checks run at every state; beyond
   * it with probability {@code COPY_EVERY_STATE / (t + 1)} after t actions.
   */
  public static final int COPY_EVERY_STATE = 1024;

  /**
   * Tensor entries (all players, information-state and observation tensors together) up to which
   * the {@code tensors} check runs at every state; beyond it with probability {@code
   * TENSOR_EVERY_STATE / entries}, and at every deep-checked state.
   */
  public static final long TENSOR_EVERY_STATE = 1L << 15;

  /**
   * Nodes of the game tree (every history: the root, chance and terminal nodes included) up to
   * which the {@code resample} distribution check enumerates it; games with more are not checked
   * there. 65,536: kuhn_poker with 2 to 4 players (58, 617 and 7,886 nodes), leduc_poker (9,457)
   * and goofspiel with 4 cards (26,773) fit; liars_dice (294,883) does not.
   */
  public static final int DISTRIBUTION_TREE_NODES = 1 << 16;

  /** Information states at which the distribution check draws worlds (a seeded sample of them when there are more). */
  public static final int DISTRIBUTION_STATES = 64;

  /** Draws of each method ({@code resample}, {@code resampleInto}) at each information state of the distribution check. */
  public static final int DISTRIBUTION_DRAWS = 512;

  /**
   * The distribution check's bound on its false alarms: a sampler that draws every world with its
   * probability fails a run with probability at most this (10<sup>-9</sup>).
   */
  public static final double DISTRIBUTION_FALSE_ALARM = 1e-9;

  /** Options of a run. */
  public static final class Options {
    private int playouts = 1000;
    private long seed = 20261129L;
    private Boolean checkResample;
    private int onlyPlayout = -1;
    private double deepCheckRate = 4;
    private java.util.function.LongConsumer progress;
    private java.util.function.BooleanSupplier stop;
    /** States between two calls of the {@link #progress} listener. */
    public static final int PROGRESS_EVERY = 1 << 8;

    /**
     * Number of random playouts (default 1,000).
     *
     * @throws IllegalArgumentException if {@code n} &lt; 1
     */
    public Options playouts(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("playouts must be ≥ 1, got " + n);
      }
      this.playouts = n;
      return this;
    }

    /** Master seed (default 20261129). */
    public Options seed(long s) {
      this.seed = s;
      return this;
    }

    /**
     * Whether to check {@link State#resample}; default: for imperfect-information games (for
     * perfect-information games the base class returns a copy, which is checked too when set; the
     * comparison of worlds with their sources is only made for games that do not declare perfect
     * information).
     */
    public Options checkResample(boolean check) {
      this.checkResample = check;
      return this;
    }

    /**
     * Sampling rate c of the deep checks (see the class comment): the state after t actions is
     * deep-checked with probability {@code min(1, c / (t + 1))}, the terminal state always.
     * Default 4; {@link Double#POSITIVE_INFINITY} deep-checks every state (cost O(L²) per
     * playout of length L).
     *
     * @throws IllegalArgumentException unless c &gt; 0
     */
    public Options deepCheckRate(double c) {
      if (!(c > 0)) {
        throw new IllegalArgumentException("deepCheckRate must be greater than 0 (or Infinity for every state), got " + c);
      }
      this.deepCheckRate = c;
      return this;
    }

    /**
     * Called with the number of states checked so far, every {@value #PROGRESS_EVERY} states and
     * once at the end of the playouts (for progress output on long runs; default: none).
     */
    public Options progress(java.util.function.LongConsumer listener) {
      this.progress = listener;
      return this;
    }

    /**
     * Asked before each state is checked, and once after the playouts: when it returns true the
     * run stops there and {@link ConformanceKit#check(Game, Options)} throws {@link Stopped} with
     * what was checked so far (for a run a user interrupts; default: never stops).
     */
    public Options stopWhen(java.util.function.BooleanSupplier stop) {
      this.stop = stop;
      return this;
    }

    /**
     * Runs only playout {@code i} (to reproduce a failure): for {@code i} ≥ 0 the playout seeded as
     * the i-th of a full run with the same seed, whatever {@link #playouts(int)} says; a negative
     * {@code i} runs them all (the default, −1).
     */
    public Options onlyPlayout(int i) {
      this.onlyPlayout = i;
      return this;
    }

    /** The number of playouts, ≥ 1. */
    public int playouts() {
      return playouts;
    }

    /** The master seed. */
    public long seed() {
      return seed;
    }

    /** The deep-check sampling rate c, &gt; 0 (possibly {@link Double#POSITIVE_INFINITY}). */
    public double deepCheckRate() {
      return deepCheckRate;
    }
  }

  /**
   * Whether a run with {@code opt} checks {@code resample} and {@code resampleInto} (the {@code
   * resample} invariant): as {@link Options#checkResample(boolean)} says, by default for games that
   * do not declare perfect information.
   */
  public static boolean checksResample(Game game, Options opt) {
    return opt.checkResample != null ? opt.checkResample : !game.type().isPerfectInformation();
  }

  /**
   * Whether a run with {@code opt} compares resample's worlds with their sources (some world other
   * than the source where an information state was met after two histories): {@link
   * #checksResample} and {@link #tracksHiddenInformation}.
   */
  public static boolean comparesResampledWorlds(Game game, Options opt) {
    return checksResample(game, opt) && tracksHiddenInformation(game);
  }

  /**
   * Whether a run with {@code opt} checks the distribution of resample's worlds (on trees of at
   * most {@link #DISTRIBUTION_TREE_NODES} nodes): {@link #comparesResampledWorlds}, a game with
   * chance, and a run of all playouts (not {@link Options#onlyPlayout(int)}).
   */
  public static boolean checksResampleDistribution(Game game, Options opt) {
    return comparesResampledWorlds(game, opt) && game.type().hasChance() && opt.onlyPlayout < 0;
  }

  /**
   * Whether the kit reads a game's information states as what its players know, for the resample
   * checks: the game does not declare perfect information (a perfect-information game's resample
   * is a copy, and its information state may be the position, met after several histories) and
   * declares perfect recall ({@link Game#perfectRecall()}). A string that forgets what the player
   * saw (goofspiel without {@code imp_info}: the order of the opponents' public bids) is shared by
   * histories the player can tell apart, so the true state may be the only consistent world there,
   * and the worlds' weights given the string are not the player's.
   */
  private static boolean tracksHiddenInformation(Game game) {
    return !game.type().isPerfectInformation() && game.perfectRecall();
  }

  /**
   * What a passing run covered.
   *
   * @param game the game string
   * @param playouts playouts run
   * @param states states checked
   * @param informationStates distinct (player, information state) pairs seen at the player's turn
   * @param maxLength longest playout (actions)
   * @param warnings what the run found suspicious without breaking an invariant, one line each
   *     (empty when nothing was); a run with warnings still passes. Today one kind: {@code
   *     hidden-information} (see the class comment). Never null; an unmodifiable copy
   * @param distributionStates information states at which the {@code resample} distribution check
   *     drew worlds (0 when it did not run: a game without chance or hidden information, a tree of
   *     more than {@link #DISTRIBUTION_TREE_NODES} nodes, a run of one playout, or no information
   *     state whose worlds differ only in chance outcomes); at most {@link #DISTRIBUTION_STATES}
   */
  public record Report(String game, int playouts, long states, int informationStates, int maxLength, List<String> warnings,
      int distributionStates) {
    /** @throws NullPointerException if {@code warnings} or one of its lines is null */
    public Report {
      warnings = List.copyOf(warnings);
    }

    /** A report of a run without the distribution check (the record's shape before {@code distributionStates} was added). */
    public Report(String game, int playouts, long states, int informationStates, int maxLength, List<String> warnings) {
      this(game, playouts, states, informationStates, maxLength, warnings, 0);
    }

    /** A report without warnings (the record's shape before {@code warnings} was added). */
    public Report(String game, int playouts, long states, int informationStates, int maxLength) {
      this(game, playouts, states, informationStates, maxLength, List.of());
    }
  }

  /**
   * A run stopped by {@link Options#stopWhen} before its end: every invariant held in what it
   * checked, but the run is incomplete, so the game has not passed.
   */
  public static final class Stopped extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Report checked;
    private final int playout;

    Stopped(Report checked, int playout) {
      super(null, null, false, false);
      this.checked = checked;
      this.playout = playout;
    }

    /**
     * What was checked before the stop: {@link Report#playouts()} counts the playouts completed,
     * {@link Report#states()} every state checked (those of the playout in progress included);
     * no warnings and no distribution check, which come after the playouts.
     */
    public Report checked() {
      return checked;
    }

    /**
     * The index of the playout in progress at the stop (as {@link Options#onlyPlayout(int)} names
     * playouts), or −1 when every playout had completed and the checks over the run had not begun.
     */
    public int playout() {
      return playout;
    }
  }

  private ConformanceKit() {}

  /** {@link #check(Game, Options)} with default options on {@code GameRegistry.load(gameString)}. */
  public static Report check(String gameString) {
    return check(GameRegistry.load(gameString), new Options());
  }

  /** {@link #check(Game, Options)} with default options. */
  public static Report check(Game game) {
    return check(game, new Options());
  }

  /**
   * Runs the playouts.
   *
   * @throws AssertionError at the first violated invariant, naming the game, seed, playout,
   *     history and invariant; an exception of the game's code fails {@code no-exception} (or
   *     {@code game-constants} before the playouts) at the history where the throwing call was
   *     made, naming the call ({@code applyAction(1) ("roll")}, {@code legalActions}, ...), the
   *     exception's class, message and place, with the exception as the cause
   * @throws Stopped when {@link Options#stopWhen} stopped the run before its end, with what was
   *     checked so far
   */
  public static Report check(Game game, Options options) {
    return new Run(game, options).run();
  }

  /**
   * An exception of the game's code, thrown while the kit called {@code call} on a state at {@code
   * history} (the playout's state, or one the kit made from it: {@code derived}): carried to the
   * {@code no-exception} failure, which names them. Its cause is the game's exception; it has no
   * stack trace of its own.
   */
  private static final class GameCall extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final String history;
    final String call;
    final boolean derived;

    GameCall(String history, String call, boolean derived, RuntimeException cause) {
      super(cause.toString(), cause, false, false);
      this.history = history;
      this.call = call;
      this.derived = derived;
    }
  }

  private static final class Run {
    private final Game game;
    private final Options opt;
    private final int n;
    private final int[] buf;
    private final double[] probs;
    private final int[] buf2;
    /** The legal actions of a copied or undone state, for its sample-action check. */
    private final int[] buf3;
    private final double[] probs2;
    private final float[] isBuf;
    private final float[] obsBuf;
    private final boolean ownHash;
    private SplittableRandom checkRng;
    /** Seed stream of the sample-action check (advanced by a SplitMix64 step per draw). */
    private long sampleSeed;
    private final boolean resample;
    private final int isSize;
    private final int obsSize;
    private final Map<InfoKey, String[]> infoLegal = new HashMap<>();
    /**
     * Whether the state overrides {@link State#informationStateKey(int)} (the default hashes the
     * string, so equal strings give equal keys by construction and the key checks are skipped).
     */
    private final boolean ownInfoKey;
    /** (player, information-state string) → {informationStateKey, playout, history length} of its first deep-checked state. */
    private final Map<InfoKey, long[]> keyOfInfo = new HashMap<>();
    /** mix(informationStateKey, player) → {string digests a and b, playout, history length} of its first deep-checked state. */
    private final Map<Long, long[]> infoOfKey = new HashMap<>();
    /** Whether perfect recall is checked (imperfect-information games, and games with information-state strings of their own). */
    private final boolean recall;
    /** (player, information-state key) → {own-sequence digest, playout, history length} of its first decision. */
    private final Map<Long, long[]> recallIndex = new HashMap<>();
    /** This playout's (player, information-state key) → history length at that decision. */
    private final Map<Long, Integer> recallThisPlayout = new HashMap<>();
    /** Per player, a digest of its own (information-state key, action) pairs so far in the playout. */
    private final long[] ownSequence;
    /** Draws of the resampleInto check and of the hidden-information probes (a stream of its own). */
    private SplittableRandom resampleRng;
    /** The reused target of the resampleInto check. */
    private State intoTarget;
    /**
     * Per (player, information state, current player) met at the resample check: {history hash, playout, length}
     * of the first history, then {1, playout, length} of a second, different one (0 until seen).
     */
    private final Map<InfoKey, long[]> worldsSeen = new HashMap<>();
    /** {@link #tracksHiddenInformation}: whether the resample checks read the game's information states. */
    private final boolean hiddenTracked;
    /** Buckets of the resample check by (player, history length), in that order (see {@link HiddenBucket}). */
    private final Map<Long, HiddenBucket> hiddenBuckets = new java.util.TreeMap<>();
    /**
     * Whether the run looks for hidden information at decisions: the game declares imperfect
     * information or its state has a resampler of its own.
     */
    private final boolean hiddenApplies;
    /** Whether some decision showed two histories under one information state of the player to move. */
    private boolean hiddenShown;
    /** (player, information-state key) → hash of the first history it was met after at a decision (until hiddenShown). */
    private final Map<Long, Long> historyAtInfo = new HashMap<>();
    /** Decisions, and worlds drawn for the player to move, looked at while hiddenShown was false. */
    private long hiddenDecisions;
    private long hiddenWorlds;
    /** Draws of the extra resample(p) witnesses (a stream of its own, so the other checks' draws do not depend on them). */
    private SplittableRandom witnessRng;
    /** Draws which states get the sampled per-state checks (copy and undo on long histories, large tensors). */
    private SplittableRandom costRng;
    /** Probability of the tensor check at a state that is not deep-checked (1: every state). */
    private double tensorRate;
    private int witnessDrawsLeft;
    /** hash() → content digest and where first seen, when the game keeps its own hash; else null. */
    private final HashIndex hashIndex;
    /** mix(hash, digest) of states whose toString differs from the first one with their hash, but not their future. */
    private final Set<Long> sameFuture = new HashSet<>();
    /** Information states at which the distribution check drew worlds. */
    private int distributionStates;
    /** Whether the run makes the distribution check (after the playouts, when the tree is small enough). */
    private final boolean distribution;
    /**
     * Hashes of the distinct histories the playouts have met at non-terminal states, while {@link
     * #treeLowerBound} is within {@link #DISTRIBUTION_TREE_NODES}; then null.
     */
    private Set<Long> treeSeen = new HashSet<>();
    /**
     * A lower bound on the nodes of the game tree: 1 (the root) plus the children of each distinct
     * non-terminal history met (every node of the union of those histories and their children but
     * the root is the child of exactly one of them). Beyond {@link #DISTRIBUTION_TREE_NODES}, the
     * distribution check is skipped without walking the tree.
     */
    private long treeLowerBound = 1;
    private int playout = -1;
    private State current;
    private State scratch;
    private long states;
    private int maxLength;

    Run(Game game, Options opt) {
      this.game = game;
      this.opt = opt;
      this.n = game.numPlayers();
      this.buf = new int[Math.max(1, game.maxActionsPerState())];
      this.probs = new double[buf.length];
      this.resample = checksResample(game, opt);
      this.ownSequence = new long[n];
      this.hiddenTracked = tracksHiddenInformation(game);
      this.isSize = product(game.informationStateTensorShape());
      this.obsSize = product(game.observationTensorShape());
      long entries = (long) n * ((long) isSize + obsSize);
      this.tensorRate = entries <= TENSOR_EVERY_STATE ? 1.0 : (double) TENSOR_EVERY_STATE / entries;
      this.buf2 = new int[buf.length];
      this.buf3 = new int[buf.length];
      this.probs2 = new double[probs.length];
      // one entry past the declared size: a tensor must leave it alone (State.informationStateTensor)
      this.isBuf = new float[isSize + 1];
      this.obsBuf = new float[obsSize + 1];
      this.ownHash = overridesHash(game.newInitialState());
      this.ownInfoKey = overrides(game.newInitialState(), "informationStateKey", int.class);
      this.hashIndex = ownHash ? new HashIndex() : null;
      // a perfect-information game's information states are its states: a Markov string (the position, with
      // transpositions) is well-formed there, so perfect recall and hidden information are not asked of it
      this.recall = !game.type().isPerfectInformation();
      this.hiddenApplies = !game.type().isPerfectInformation() || hasResampler(game.newInitialState());
      this.distribution = checksResampleDistribution(game, opt);
    }

    /** Whether the state's class overrides State's method {@code name}. */
    private static boolean overrides(State s, String name, Class<?>... parameters) {
      try {
        return s.getClass().getMethod(name, parameters).getDeclaringClass() != State.class;
      } catch (NoSuchMethodException e) {
        return false;
      }
    }

    /** Whether the state's class has a resampler of its own ({@code resample} or {@code resampleInto}). */
    private static boolean hasResampler(State s) {
      return overrides(s, "resample", int.class, SplittableRandom.class)
          || overrides(s, "resampleInto", int.class, SplittableRandom.class, State.class);
    }

    /** Whether the game keeps its own hash (else State's default hashes the history: O(L)). */
    private static boolean overridesHash(State s) {
      try {
        return s.getClass().getMethod("hash").getDeclaringClass() != State.class;
      } catch (NoSuchMethodException e) {
        return false;
      }
    }

    private static int product(int[] shape) {
      if (shape.length == 0) {
        return 0;
      }
      int p = 1;
      for (int d : shape) {
        p *= d;
      }
      return p;
    }

    private AssertionError fail(String invariant, String detail) {
      return fail(invariant, detail, null);
    }

    /** {@link #fail(String, String)} naming {@code history} (not null) instead of the playout's state's. */
    private AssertionError fail(String invariant, String detail, String history) {
      String h = history != null ? history : current == null ? "" : current.historyString();
      String where = playout == AFTER_PLAYOUTS ? "over all playouts" : playout < 0 ? "before the playouts"
          : "playout " + playout + ", history [" + h + "]";
      return new AssertionError("conformance of " + game.spec() + " (seed " + opt.seed + ", " + where + "): " + invariant + ": " + detail);
    }

    /**
     * The failure of {@code invariant} for an exception the game threw (kept as the cause): the
     * history at which the throwing call was made (that of a copy the kit played ahead on, when it
     * was one; see {@link GameCall}), which call (e.g. {@code applyAction(1) ("roll")}, {@code
     * legalActions}), and the exception's class, message (first line) and place ({@link
     * Faults#at}).
     */
    private AssertionError unexpected(String invariant, RuntimeException e) {
      Throwable cause = e;
      String history = null;
      String call = null;
      boolean derived = false;
      if (e instanceof GameCall g) {
        cause = g.getCause();
        history = g.history;
        call = g.call;
        derived = g.derived;
      }
      if (call == null) {
        call = calledMethod(cause);
      }
      String message = cause.getMessage() == null ? "" : ": " + cause.getMessage().lines().findFirst().orElse("");
      String thrown = cause.getClass().getName() + message + Faults.at(cause);
      String now = derived && current != null && playout >= 0 ? historyOf(current) : null;
      String copy = now != null
          ? " (on a state the kit made from the playout's at [" + now + "]: a copy played ahead, or a resampled world)" : "";
      AssertionError err = fail(invariant, (call == null ? "unexpected " + thrown : call + " threw " + thrown) + copy, history);
      err.initCause(cause);
      return err;
    }

    /**
     * The method of the game's state or game the kit called when {@code t} was thrown: of the
     * frames above the kit's first, the one nearest the kit outside the JDK ({@code legalActions},
     * {@code applyAction}, {@code returns}, ...); null when the kit threw it itself or the trace
     * does not say.
     */
    private static String calledMethod(Throwable t) {
      StackTraceElement[] trace = t.getStackTrace();
      for (int i = 0; i < trace.length; i++) {
        if (trace[i].getClassName().startsWith(ConformanceKit.class.getName())) {
          for (int j = i - 1; j >= 0; j--) {
            String c = trace[j].getClassName();
            if (!(c.startsWith("java.") || c.startsWith("javax.") || c.startsWith("jdk.") || c.startsWith("sun."))) {
              return trace[j].getMethodName();
            }
          }
          return null;
        }
      }
      return null;
    }

    /**
     * {@code st.applyAction(a)}, where an exception of the game's code is wrapped with the history
     * the call was made at and the action ({@link GameCall}), for {@link #unexpected}.
     */
    private void step(State st, int a) {
      try {
        st.applyAction(a);
      } catch (GameCall e) {
        throw e;
      } catch (RuntimeException e) {
        throw called(st, "applyAction(" + a + ")" + actionText(st, a), null, e);
      }
    }

    /** {@code st.undoAction(a)}, wrapped as {@link #step}. */
    private void unstep(State st, int a) {
      int size = st.historySize();
      try {
        st.undoAction(a);
      } catch (GameCall e) {
        throw e;
      } catch (RuntimeException e) {
        // State.undoAction drops the action from the history before the game's own undo runs
        String h = historyOf(st);
        throw called(st, "undoAction(" + a + ")", h != null && st.historySize() == size - 1 ? (size == 1 ? "" : h + ", ") + a : h, e);
      }
    }

    /**
     * Plays {@code a} on {@code st} (a copy of the playout's state) and, unless that ends the
     * game, one more action drawn with the check generator: what every copy check does to see
     * that the original is unaffected. A throw is reported at the copy's history.
     */
    private void stepAhead(State st, int a) {
      step(st, a);
      int b;
      try {
        if (st.isTerminal()) {
          return;
        }
        b = pick(st, checkRng);
      } catch (GameCall e) {
        throw e;
      } catch (RuntimeException e) {
        throw called(st, null, null, e);
      }
      step(st, b);
    }

    /** {@code " (\"roll\")"}: the action's string for its mover, or "" when that throws too. */
    private static String actionText(State st, int a) {
      try {
        int p = st.currentPlayer();
        return " (\"" + st.actionToString(p, a) + "\")";
      } catch (RuntimeException e) {
        return "";
      }
    }

    /** The history of {@code st} as the failure line writes it, or null when that cannot be read. */
    private static String historyOf(State st) {
      try {
        return st.historyString();
      } catch (RuntimeException e) {
        return null;
      }
    }

    /**
     * {@code e}, thrown while the kit called {@code call} (null: see {@link #calledMethod}) on
     * {@code st}, as a {@link GameCall} naming {@code history} (null: {@code st}'s history now, that
     * of the call when the call changes no history on failure) and whether {@code st} is a state
     * other than the playout's own.
     */
    private GameCall called(State st, String call, String history, RuntimeException e) {
      return new GameCall(history != null ? history : historyOf(st), call, st != current, e);
    }

    Report run() {
      try {
        checkGame();
      } catch (RuntimeException e) {
        throw unexpected("game-constants", e);
      }
      int first = opt.onlyPlayout >= 0 ? opt.onlyPlayout : 0;
      int last = opt.onlyPlayout >= 0 ? opt.onlyPlayout + 1 : opt.playouts;
      scratch = game.newInitialState();
      for (int i = first; i < last; i++) {
        playout = i;
        long base = playoutBase(i);
        SplittableRandom rng = new SplittableRandom(base);
        checkRng = new SplittableRandom(State.mix64(base ^ 0x6A09E667F3BCC909L));
        sampleSeed = State.mix64(base ^ 0x3C6EF372FE94F82BL);
        resampleRng = new SplittableRandom(State.mix64(base ^ 0xA54FF53A5F1D36F1L));
        witnessRng = new SplittableRandom(State.mix64(base ^ 0x510E527FADE682D1L));
        witnessDrawsLeft = WITNESS_DRAWS;
        costRng = new SplittableRandom(State.mix64(base ^ 0x9B05688C2B3E6C1FL));
        boolean ended;
        try {
          ended = playOne(rng);
        } catch (RuntimeException e) {
          throw unexpected("no-exception", e);
        }
        if (!ended) {
          throw new Stopped(new Report(game.spec(), i - first, states, infoLegal.size(), maxLength), i);
        }
      }
      if (opt.progress != null) {
        opt.progress.accept(states);
      }
      if (stopRequested()) {
        throw new Stopped(new Report(game.spec(), last - first, states, infoLegal.size(), maxLength), -1);
      }
      playout = AFTER_PLAYOUTS;
      current = null;
      checkHiddenInformation();
      if (distribution) {
        try {
          checkResampleDistribution();
        } catch (RuntimeException e) {
          throw unexpected("no-exception", e);
        }
      }
      List<String> warnings = new java.util.ArrayList<>();
      String hidden = hiddenInformationWarning(last - first);
      if (hidden != null) {
        warnings.add(hidden);
      }
      return new Report(game.spec(), last - first, states, infoLegal.size(), maxLength, warnings, distributionStates);
    }

    private void checkGame() {
      GameType t = game.type();
      if (!(n >= t.minPlayers() && n <= t.maxPlayers())) {
        throw fail("game-constants", "numPlayers " + n + " outside the type's range " + t.minPlayers() + ".." + t.maxPlayers());
      }
      if (!(game.numDistinctActions() > 0)) {
        throw fail("game-constants", "numDistinctActions " + game.numDistinctActions() + " ≤ 0");
      }
      if (!(game.maxGameLength() >= 0)) {
        throw fail("game-constants", "maxGameLength " + game.maxGameLength() + " < 0");
      }
      // maxGameLength 0: the initial state is terminal (the playouts check it: any action exceeds the length)
      int minDecisions = game.maxGameLength() == 0 ? 0 : 1;
      if (!(game.maxDecisions() >= minDecisions && game.maxDecisions() <= game.maxGameLength())) {
        throw fail("game-constants", "maxDecisions " + game.maxDecisions() + " outside " + minDecisions + "..maxGameLength (" + game.maxGameLength() + ")");
      }
      if (!(game.maxChanceOutcomes() >= 0)) {
        throw fail("game-constants", "maxChanceOutcomes " + game.maxChanceOutcomes() + " < 0");
      }
      // a chance game may declare 0 outcomes when its parameters leave no chance node (the playouts check it)
      if (!(t.hasChance() || game.maxChanceOutcomes() == 0)) {
        throw fail("game-constants", "chance mode " + t.chanceMode() + " but maxChanceOutcomes " + game.maxChanceOutcomes());
      }
      if (!(game.minUtility() <= game.maxUtility())) {
        throw fail("game-constants", "minUtility " + game.minUtility() + " > maxUtility " + game.maxUtility());
      }
      if (t.utility() == GameType.Utility.CONSTANT_SUM) {
        double sum = game.utilitySum();
        if (!(!Double.isNaN(sum))) {
          throw fail("game-constants", "constant-sum game without a utility sum");
        }
      }
      Game again = GameRegistry.load(game.spec());
      if (!(again.params().values().equals(game.params().values()))) {
        throw fail("game-constants", "game string '" + game.spec() + "' loads with parameters " + again.params().values() + " instead of " + game.params().values());
      }
      if (!(again.name().equals(game.name()))) {
        throw fail("game-constants", "game string '" + game.spec() + "' loads game " + again.name());
      }
    }

    /** Whether {@link Options#stopWhen} asks the run to stop. */
    private boolean stopRequested() {
      return opt.stop != null && opt.stop.getAsBoolean();
    }

    /** Plays and checks one playout: true once it has ended, false if the run was asked to stop first. */
    private boolean playOne(SplittableRandom rng) {
      State s = game.newInitialState();
      current = s;
      int[] applied = new int[16];
      int len = 0;
      int decisions = 0;
      int chanceOutcomes = 0;
      boolean illegalTried = false;
      Arrays.fill(ownSequence, 0);
      recallThisPlayout.clear();
      // State's default hash() recurrence over the history so far (historyHash, before its final mix)
      long historyRaw = 0x51ED2701L;
      while (true) {
        if (stopRequested()) {
          return false;
        }
        states++;
        if (opt.progress != null && states % Options.PROGRESS_EVERY == 0) {
          opt.progress.accept(states);
        }
        boolean deep = s.isTerminal() || sampleDeep(len);
        boolean tensors = deep || tensorRate >= 1 || costRng.nextDouble() < tensorRate;
        checkState(s, applied, len, deep, tensors);
        if (s.isTerminal()) {
          break;
        }
        if (treeSeen != null && distribution) {
          boundTree(s, State.mix64(historyRaw));
        }
        // the draws from rng here and in pick are all the playout's draws: replayActions repeats them
        if (!illegalTried && rng.nextInt(4) == 0) {
          illegalTried = checkIllegalAction(s);
        }
        boolean decision = !s.isChanceNode();
        int mover = s.currentPlayer();
        long recallKey = recall && decision ? checkRecall(s, mover, applied, len) : 0;
        if (hiddenApplies && decision && !hiddenShown) {
          lookForHiddenInformation(s, mover, recall ? recallKey : s.informationStateKey(mover), State.mix64(historyRaw));
        }
        int a = pick(s, rng);
        if (deep || len < COPY_EVERY_STATE || costRng.nextDouble() * (len + 1) < COPY_EVERY_STATE) {
          checkCopyAndUndo(s, a, deep);
        }
        if (deep) {
          checkSerialization(s);
        }
        if (deep && resample && decision) {
          checkResample(s, s.currentPlayer(), s.legalActions(), infoStrings(s), checkRng, len);
        }
        step(s, a);
        if (len == applied.length) {
          applied = Arrays.copyOf(applied, len * 2);
        }
        applied[len++] = a;
        historyRaw = historyRaw * 0x9E3779B97F4A7C15L + a + 1;
        if (decision) {
          decisions++;
          if (recall) {
            ownSequence[mover] = State.mix64(ownSequence[mover] ^ recallKey) + 0x9E3779B97F4A7C15L * (a + 1);
          }
        } else {
          chanceOutcomes++;
        }
        if (!(len <= game.maxGameLength())) {
          throw fail("length", "history length " + len + " exceeds maxGameLength " + game.maxGameLength());
        }
        if (!(decisions <= game.maxDecisions())) {
          throw fail("length", decisions + " decisions exceed maxDecisions " + game.maxDecisions());
        }
        if (!(chanceOutcomes <= game.maxChanceNodesInHistory())) {
          throw fail("length", chanceOutcomes + " chance outcomes exceed maxChanceNodesInHistory " + game.maxChanceNodesInHistory());
        }
      }
      checkTerminalExtras(s);
      maxLength = Math.max(maxLength, len);
      return true;
    }

    /**
     * Raises {@link #treeLowerBound} by the children of {@code s} (non-terminal, history hash
     * {@code history}) the first time the run meets its history; stops once the bound exceeds
     * {@link #DISTRIBUTION_TREE_NODES} (the distribution check then does not walk the tree: for
     * goofspiel the walk up to that many nodes alone took 0.3 s).
     */
    private void boundTree(State s, long history) {
      if (treeSeen.add(history)) {
        treeLowerBound += legalInto(s, buf2);
        if (treeLowerBound > DISTRIBUTION_TREE_NODES) {
          treeSeen = null;
        }
      }
    }

    /** The seed of playout {@code i}'s generators. */
    private long playoutBase(int i) {
      return State.mix64(opt.seed * 0x9E3779B97F4A7C15L + i);
    }

    /**
     * The first {@code length} actions of playout {@code i}, replayed with the playout's own
     * generator: the same draws as {@link #playOne} makes (the illegal-action trial, then the
     * action), without the checks.
     */
    private int[] replayActions(int i, int length) {
      SplittableRandom rng = new SplittableRandom(playoutBase(i));
      State s = game.newInitialState();
      int[] actions = new int[length];
      boolean illegalTried = false;
      for (int t = 0; t < length; t++) {
        if (!illegalTried && rng.nextInt(4) == 0) {
          illegalTried = !s.isChanceNode(); // checkIllegalAction tries one at a decision node
        }
        actions[t] = pick(s, rng);
        s.applyAction(actions[t]);
      }
      return actions;
    }

    /**
     * The {@code hash} collision check, at every state of a game that keeps its own hash: two
     * states with equal {@link State#hash()} must agree in what the hash stands for (the current
     * player, the legal actions, {@code toString()} and, in imperfect-information games, every
     * player's information-state string). The first state seen with each hash is kept as a
     * 64-bit digest of that content with its playout and history length; a later state with the
     * same hash and another digest fails, naming both histories (the earlier one is replayed from
     * its playout). With 64-bit hashes a true collision among the states of a run is negligible
     * (about n²/2⁶⁵ for n states).
     */
    private void checkHashCollision(State s, int[] legal, int[] applied, int len) {
      long h = s.hash();
      long digest = contentDigest(s, legal);
      int slot = hashIndex.find(h);
      if (hashIndex.isEmpty(slot)) {
        hashIndex.put(slot, h, digest, playout, len);
        return;
      }
      if (hashIndex.digest(slot) == digest || sameFuture.contains(State.mix64(h ^ digest))) {
        return;
      }
      int earlierPlayout = hashIndex.playout(slot);
      int earlierLength = hashIndex.length(slot);
      int[] earlier = earlierPlayout == playout ? Arrays.copyOf(applied, earlierLength) : replayActions(earlierPlayout, earlierLength);
      State e = game.newInitialState();
      for (int a : earlier) {
        e.applyAction(a);
      }
      String what = contentDifference(e, s);
      String detail = "";
      if (what.equals("toString()")) {
        // toString may show what has no effect on the future (a move counter): compare the futures
        String future = futureDifference(e, s, State.mix64(playoutBase(playout) ^ h));
        if (future == null) {
          sameFuture.add(State.mix64(h ^ digest));
          return;
        }
        int cut = future.indexOf(" (the actions: ");
        what += ", and " + (cut < 0 ? future : future.substring(0, cut));
        detail = cut < 0 ? "" : "\nfurther actions: " + future.substring(cut + 15, future.length() - 1);
      }
      String here = earlierPlayout == playout ? "" : " (playout " + earlierPlayout + ")";
      throw fail("hash", "the states after [" + e.historyString() + "]" + here + " and after [" + s.historyString()
          + "] have the same hash " + h + " but different " + what + ":\n" + e + "\nvs\n" + s + detail);
    }

    /**
     * Whether two states whose toString differ have the same future, as far as {@link
     * #FUTURE_PROBES} seeded random continuations can tell: the same actions applied to both
     * must give, at every step to the end, the same current player, legal actions, chance
     * outcomes (with their probabilities) and rewards. Returns null when they do, else what
     * differed and after which further actions.
     */
    private String futureDifference(State a0, State b0, long seed) {
      for (int r = 0; r < FUTURE_PROBES; r++) {
        SplittableRandom rng = new SplittableRandom(State.mix64(seed + r));
        State a = a0.copy();
        State b = b0.copy();
        StringBuilder path = new StringBuilder();
        for (int step = 0; ; step++) {
          String d = stepDifference(a, b, step > 0);
          if (d != null) {
            return step <= FUTURE_SHOWN ? "the same further actions [" + path + "] then give " + d
                : "the same " + step + " further actions then give " + d + " (the actions: [" + path + "])";
          }
          if (a.isTerminal()) {
            break;
          }
          int act = pick(a, rng);
          step(a, act);
          step(b, act);
          path.append(step == 0 ? "" : ", ").append(act);
        }
      }
      return null;
    }

    private String stepDifference(State a, State b, boolean rewards) {
      if (a.currentPlayer() != b.currentPlayer()) {
        return "different current players (" + a.currentPlayer() + " and " + b.currentPlayer() + ")";
      }
      int[] la = a.legalActions();
      int[] lb = b.legalActions();
      if (!Arrays.equals(la, lb)) {
        return "different legal actions (" + Arrays.toString(la) + " and " + Arrays.toString(lb) + ")";
      }
      if (a.isChanceNode() && !a.chanceOutcomes().equals(b.chanceOutcomes())) {
        return "different chance outcomes (" + a.chanceOutcomes() + " and " + b.chanceOutcomes() + ")";
      }
      if (rewards && !Arrays.equals(a.rewards(), b.rewards())) {
        return "different rewards (" + Arrays.toString(a.rewards()) + " and " + Arrays.toString(b.rewards()) + ")";
      }
      return null;
    }

    /**
     * A 64-bit digest of what the hash must cover: current player, legal actions, toString, the
     * returns of a terminal state of a terminal-reward game, information states.
     */
    private long contentDigest(State s, int[] legal) {
      long h = State.mix64(0x6C62272E07BB0142L + s.currentPlayer());
      for (int a : legal) {
        h = State.mix64(h + a);
      }
      h = State.mix64(h + legal.length);
      h = mixString(h, s.toString());
      if (s.isTerminal() && game.type().rewardModel() == GameType.RewardModel.TERMINAL) {
        // a terminal-reward game's returns depend on the final state alone
        for (int q = 0; q < n; q++) {
          h = State.mix64(h + Double.doubleToLongBits(s.playerReturn(q)));
        }
      }
      if (!game.type().isPerfectInformation()) {
        for (int q = 0; q < n; q++) {
          h = mixString(h, s.informationStateString(q));
        }
      }
      return h;
    }

    private static long mixString(long h, String text) {
      long a = h ^ 0x243F6A8885A308D3L;
      for (int i = 0; i < text.length(); i++) {
        a = (a ^ text.charAt(i)) * 0x100000001B3L;
      }
      return State.mix64(a + text.length() * 0x9E3779B97F4A7C15L + h);
    }

    /** What differs between two states among what the hash must cover, for the hash failure. */
    private String contentDifference(State a, State b) {
      if (a.currentPlayer() != b.currentPlayer()) {
        return "current player (" + a.currentPlayer() + " and " + b.currentPlayer() + ")";
      }
      int[] la = a.legalActions();
      int[] lb = b.legalActions();
      if (!Arrays.equals(la, lb)) {
        return "legal actions (" + Arrays.toString(la) + " and " + Arrays.toString(lb) + ")";
      }
      if (!a.toString().equals(b.toString())) {
        return "toString()";
      }
      if (a.isTerminal() && !Arrays.equals(a.returns(), b.returns())) {
        return "returns (" + Arrays.toString(a.returns()) + " and " + Arrays.toString(b.returns()) + ")";
      }
      for (int q = 0; q < n && !game.type().isPerfectInformation(); q++) {
        if (!a.informationStateString(q).equals(b.informationStateString(q))) {
          return "information state of player " + q + " (" + quoteShort(a.informationStateString(q)) + " and "
              + quoteShort(b.informationStateString(q)) + ")";
        }
      }
      return "content (a 64-bit digest collision of the kit)";
    }

    /** Whether the state after {@code t} actions gets the deep checks: probability min(1, c/(t+1)). */
    private boolean sampleDeep(int t) {
      double c = opt.deepCheckRate;
      return c >= t + 1 || checkRng.nextDouble() * (t + 1) < c;
    }

    private int pick(State s, SplittableRandom rng) {
      if (s.isChanceNode()) {
        if (!(game.maxChanceOutcomes() > 0)) {
          throw fail("chance-outcomes", "chance node although maxChanceOutcomes is 0");
        }
        int k = s.chanceOutcomes(buf, probs);
        return buf[Distributions.sample(probs, 0, k, rng.nextDouble())];
      }
      int k = legalInto(s, buf);
      return buf[rng.nextInt(k)];
    }

    /**
     * {@code s.legalActions(out)}, where an {@link ArrayIndexOutOfBoundsException} (most likely
     * more actions written than maxActionsPerState()) fails {@code legal-actions}, naming the
     * state's history.
     */
    private int legalInto(State s, int[] out) {
      try {
        return s.legalActions(out);
      } catch (ArrayIndexOutOfBoundsException e) {
        AssertionError err = fail("legal-actions", "legalActions(int[]) at history [" + s.historyString() + "] threw " + e
            + " with a buffer of maxActionsPerState() = " + game.maxActionsPerState() + " entries: does it write more actions than that?");
        err.initCause(e);
        throw err;
      }
    }

    private void checkState(State s, int[] applied, int len, boolean deep, boolean tensors) {
      int p = s.currentPlayer();
      if (!((p >= 0 && p < n) || p == State.CHANCE || p == State.TERMINAL)) {
        throw fail("current-player", "invalid current player " + p);
      }
      if (!(s.isTerminal() == (p == State.TERMINAL))) {
        throw fail("current-player", "isTerminal() " + s.isTerminal() + " with current player " + p);
      }
      if (!(s.isChanceNode() == (p == State.CHANCE))) {
        throw fail("current-player", "isChanceNode() " + s.isChanceNode() + " with current player " + p);
      }
      if (!(p != State.CHANCE || game.type().hasChance())) {
        throw fail("current-player", "chance node in a deterministic game");
      }
      if (!(p != State.CHANCE || game.maxChanceOutcomes() > 0)) {
        throw fail("chance-outcomes", "chance node although maxChanceOutcomes is 0");
      }
      boolean historyOk = s.historySize() == len && (len == 0 || s.historyAt(len - 1) == applied[len - 1]);
      if (deep) {
        historyOk &= Arrays.equals(s.history(), Arrays.copyOf(applied, len));
      }
      if (!(historyOk)) {
        throw fail("length", "history " + Arrays.toString(s.history()) + " differs from the actions applied " + Arrays.toString(Arrays.copyOf(applied, len)));
      }
      if (!(len <= game.maxGameLength())) {
        throw fail("length", "history length " + len + " exceeds maxGameLength " + game.maxGameLength());
      }

      Arrays.fill(buf, -7);
      int k = legalInto(s, buf);
      int[] legal = Arrays.copyOf(buf, k);
      if (!(Arrays.equals(legal, s.legalActions()))) {
        throw fail("legal-actions", "legalActions() " + Arrays.toString(s.legalActions()) + " differs from legalActions(int[]) " + Arrays.toString(legal));
      }
      if (p == State.TERMINAL) {
        if (!(k == 0)) {
          throw fail("legal-actions", "terminal state has legal actions " + Arrays.toString(legal));
        }
        checkReturns(s);
      } else {
        if (!(k > 0)) {
          throw fail("legal-actions", "no legal actions at a non-terminal state (player " + p + ")");
        }
        for (int i = 1; i < k; i++) {
          if (!(legal[i] > legal[i - 1])) {
            throw fail("legal-actions", "not strictly ascending (sorted, unique): " + Arrays.toString(legal));
          }
        }
        // the default isLegal generates the legal actions: all k at deep states, a few elsewhere
        int probes = deep || k <= ROUND_TRIPS ? k : ROUND_TRIPS;
        for (int j = 0; j < probes; j++) {
          int i = probes == k ? j : checkRng.nextInt(k);
          if (!(s.isLegal(legal[i]))) {
            throw fail("legal-actions", "isLegal(" + legal[i] + ") is false for a legal action");
          }
        }
        if (p == State.CHANCE) {
          checkChance(s, legal);
        } else {
          if (!(legal[0] >= 0 && legal[k - 1] < game.numDistinctActions())) {
            throw fail("legal-actions", "actions " + Arrays.toString(legal) + " outside [0, " + game.numDistinctActions() + ")");
          }
          if (!(!s.isLegal(-1) && !s.isLegal(game.numDistinctActions()))) {
            throw fail("legal-actions", "isLegal accepts an out-of-range action");
          }
          checkSampleAction(s, legal, deep ? SAMPLE_DRAWS : 1);
        }
        checkActionStrings(s, p, legal);
        if (game.type().rewardModel() == GameType.RewardModel.TERMINAL) {
          for (int q = 0; q < n; q++) {
            if (!(s.playerReward(q) == 0)) {
              throw fail("returns", "terminal-reward game gives player " + q + " reward " + s.playerReward(q) + " before the end");
            }
            if (!(s.playerReturn(q) == 0)) {
              throw fail("returns", "terminal-reward game gives player " + q + " return " + s.playerReturn(q)
                  + " before the end (returns are zero until the terminal state)");
            }
          }
        }
      }
      if (hashIndex != null) {
        checkHashCollision(s, legal, applied, len);
      }
      if (tensors) {
        checkTensors(s);
      }
      if (!deep) {
        return;
      }
      String[] info = infoStrings(s);
      for (int q = 0; q < n; q++) {
        if (!(s.observationString(q) != null)) {
          throw fail("information-state", "observationString(" + q + ") is null");
        }
      }
      if (ownInfoKey) {
        for (int q = 0; q < n; q++) {
          checkInfoKey(s, q, info[q], len);
        }
      }
      if (p >= 0) {
        InfoKey key = infoKey(p, info[p]);
        String[] seen = infoLegal.get(key);
        String legalText = Arrays.toString(legal);
        if (seen == null) {
          // long histories are not kept (memory); the playout and length reproduce them
          String where = s.historySize() <= 64 ? "[" + s.historyString() + "]" : "of length " + s.historySize() + " in playout " + playout;
          infoLegal.put(key, new String[] {legalText, where});
        } else {
          if (!(seen[0].equals(legalText))) {
            throw fail("information-state", "player " + p + " has the same information state " + quoteShort(info[p]) + " after histories " + seen[1] + " and [" + s.historyString() + "] but legal actions " + seen[0] + " and " + legalText);
          }
        }
      }
    }

    /**
     * The information-state key check at a deep-checked state of the playout, in games that
     * override {@link State#informationStateKey(int)}: over the run, one information-state string
     * of player q must always come with one key, and one key with one string. IS-MCTS keys its
     * tree nodes by the key: a key that reads what the string hides (a hidden card) splits q's
     * information state by it, and the search then plays as if it saw the hidden card. One entry
     * per distinct string and per distinct key (up to {@link #MAX_KEPT} each).
     */
    private void checkInfoKey(State s, int q, String info, int len) {
      long key = s.informationStateKey(q);
      InfoKey k = infoKey(q, info);
      long[] seen = keyOfInfo.get(k);
      if (seen == null) {
        if (keyOfInfo.size() < MAX_KEPT) {
          keyOfInfo.put(k, new long[] {key, playout, len});
        }
      } else if (seen[0] != key) {
        throw fail("information-state", "player " + q + " has the same information state " + quoteShort(info) + " after ["
            + historyText((int) seen[1], (int) seen[2]) + "]" + (seen[1] == playout ? "" : " (playout " + seen[1] + ")")
            + " and after [" + s.historyString() + "] but informationStateKey(" + q + ") " + seen[0] + " and " + key + KEY_RULE);
      }
      long r = State.mix64(key + 0x9E3779B97F4A7C15L * (q + 1));
      long[] other = infoOfKey.get(r);
      if (other == null) {
        if (infoOfKey.size() < MAX_KEPT) {
          infoOfKey.put(r, new long[] {k.a(), k.b(), playout, len});
        }
      } else if (other[0] != k.a() || other[1] != k.b()) {
        State e = replayed(replayActions((int) other[2], (int) other[3]));
        String a = e.informationStateString(q);
        throw fail("information-state", "informationStateKey(" + q + ") is " + key + " after [" + e.historyString() + "]"
            + (other[2] == playout ? "" : " (playout " + other[2] + ")") + " and after [" + s.historyString()
            + "] but the information states differ (" + quoteShort(a) + " and " + quoteShort(info) + ")" + KEY_RULE);
      }
    }

    /**
     * {@link State#sampleLegalAction} against its definition: {@code legal[rng.nextInt(k)]} on a
     * same-seeded twin generator, same action and same generator state afterwards.
     */
    private void checkSampleAction(State s, int[] legal, int draws) {
      checkSampleAction(s, legal, legal.length, draws, "");
    }

    /**
     * The sample-action check on a state made by copy, copyFrom or undo ({@code made} says
     * which, for the message); only at decision nodes.
     */
    private void checkSampleActionOn(State t, String made) {
      if (t.isTerminal() || t.isChanceNode()) {
        return;
      }
      int k = t.legalActions(buf3);
      checkSampleAction(t, buf3, k, 1, " (on the state made by " + made + ")");
    }

    private void checkSampleAction(State s, int[] legal, int k, int draws, String on) {
      for (int j = 0; j < draws; j++) {
        sampleSeed = State.mix64(sampleSeed + 0x9E3779B97F4A7C15L);
        SplittableRandom expectedRng = new SplittableRandom(sampleSeed);
        SplittableRandom actualRng = new SplittableRandom(sampleSeed);
        int expected = legal[expectedRng.nextInt(k)];
        int actual;
        try {
          actual = s.sampleLegalAction(actualRng, buf2);
        } catch (RuntimeException e) {
          AssertionError err = fail("sample-action", "unexpected " + e + on);
          err.initCause(e);
          throw err;
        }
        if (!(actual == expected)) {
          throw fail("sample-action", "sampleLegalAction gives " + actual + " where legal[rng.nextInt(" + k + ")] gives "
              + expected + " (same-seeded generators; legal " + Arrays.toString(Arrays.copyOf(legal, k)) + ")" + on);
        }
        if (!(actualRng.nextLong() == expectedRng.nextLong())) {
          throw fail("sample-action", "sampleLegalAction leaves its generator in another state than one call of nextInt("
              + k + ") (it must make exactly that one draw)" + on);
        }
      }
      int again = s.legalActions(buf2);
      if (!(Arrays.equals(buf2, 0, again, legal, 0, k))) {
        throw fail("sample-action", "sampleLegalAction changed the legal actions from " + Arrays.toString(Arrays.copyOf(legal, k))
            + " to " + Arrays.toString(Arrays.copyOf(buf2, again)) + on);
      }
    }

    private String[] infoStrings(State s) {
      String[] info = new String[n];
      for (int q = 0; q < n; q++) {
        info[q] = s.informationStateString(q);
        if (!(info[q] != null)) {
          throw fail("information-state", "informationStateString(" + q + ") is null");
        }
      }
      return info;
    }

    private void checkChance(State s, int[] legal) {
      int k = s.chanceOutcomes(buf, probs);
      if (!(k <= game.maxChanceOutcomes())) {
        throw fail("chance-outcomes", k + " outcomes exceed maxChanceOutcomes " + game.maxChanceOutcomes());
      }
      double sum = 0;
      for (int i = 0; i < k; i++) {
        if (!(probs[i] > 0)) {
          throw fail("chance-outcomes", "outcome " + buf[i] + " has probability " + probs[i] + " ≤ 0");
        }
        if (!(i == 0 || buf[i] > buf[i - 1])) {
          throw fail("chance-outcomes", "outcome actions not strictly ascending: " + Arrays.toString(Arrays.copyOf(buf, k)));
        }
        sum += probs[i];
      }
      if (!(Math.abs(sum - 1) <= GameContract.PROBABILITY_SUM_TOLERANCE)) {
        throw fail("chance-outcomes", "probabilities sum to " + GameContract.number(sum) + ", not 1 (±1e-9)");
      }
      if (!(Arrays.equals(Arrays.copyOf(buf, k), legal))) {
        throw fail("chance-outcomes", "legal actions " + Arrays.toString(legal) + " differ from the chance outcomes' actions " + Arrays.toString(Arrays.copyOf(buf, k)));
      }
      if (!(s.chanceOutcomes().size() == k)) {
        throw fail("chance-outcomes", "chanceOutcomes() and chanceOutcomes(int[], double[]) disagree");
      }
    }

    private void checkReturns(State s) {
      double[] r = s.returns();
      if (!(r.length == n)) {
        throw fail("returns", "returns() has length " + r.length + ", not " + n);
      }
      double sum = 0;
      for (int q = 0; q < n; q++) {
        if (!Double.isFinite(r[q])) {
          // a NaN would pass a nominal bound's (unchecked) side, and "NaN outside [-1, 1]" hides the fault
          throw fail("returns", "player " + q + " return " + r[q] + " is not a finite number; the game API requires finite"
              + " returns (State.returns)");
        }
        boolean aboveMin = game.minUtilityNominal() || r[q] >= game.minUtility() - EPS;
        boolean belowMax = game.maxUtilityNominal() || r[q] <= game.maxUtility() + EPS;
        if (!(aboveMin && belowMax)) {
          throw fail("returns", "player " + q + " return " + r[q] + " outside [" + game.minUtility() + ", " + game.maxUtility() + "]");
        }
        if (!(r[q] == s.playerReturn(q))) {
          throw fail("returns", "returns()[" + q + "] differs from playerReturn(" + q + ")");
        }
        sum += r[q];
      }
      switch (game.type().utility()) {
        case ZERO_SUM:
          if (!(Math.abs(sum) <= EPS)) {
            throw fail("returns", "zero-sum game's returns " + Arrays.toString(r) + " sum to " + sum);
          }
          break;
        case CONSTANT_SUM:
          if (!(Math.abs(sum - game.utilitySum()) <= EPS)) {
            throw fail("returns", "constant-sum game's returns " + Arrays.toString(r) + " sum to " + sum + ", not " + game.utilitySum());
          }
          break;
        case IDENTICAL:
          for (int q = 1; q < n; q++) {
            if (!(Math.abs(r[q] - r[0]) <= EPS)) {
              throw fail("returns", "identical-utility game's returns differ: " + Arrays.toString(r));
            }
          }
          break;
        default:
          break;
      }
    }

    private void checkActionStrings(State s, int p, int[] legal) {
      Set<String> seen = new HashSet<>();
      String[] texts = new String[legal.length];
      for (int i = 0; i < legal.length; i++) {
        String text = s.actionToString(p, legal[i]);
        if (!(text != null && !text.isEmpty())) {
          throw fail("action-strings", "action " + legal[i] + " has an empty string");
        }
        if (!(seen.add(text))) {
          throw fail("action-strings", "two legal actions share the string '" + text + "'");
        }
        texts[i] = text;
      }
      int k = legal.length;
      int checks = Math.min(k, ROUND_TRIPS);
      for (int j = 0; j < checks; j++) {
        int i = k <= ROUND_TRIPS ? j : checkRng.nextInt(k);
        int a = legal[i];
        String text = texts[i];
        int back;
        try {
          back = s.stringToAction(text);
        } catch (IllegalArgumentException e) {
          throw fail("action-strings", "stringToAction('" + text + "') threw " + e.getMessage());
        }
        if (!(back == a)) {
          throw fail("action-strings", "stringToAction('" + text + "') = " + back + ", not " + a);
        }
      }
    }

    private void checkTensors(State s) {
      if (isSize > 0) {
        for (int q = 0; q < n; q++) {
          checkTensor(s, q, true);
        }
      }
      if (obsSize > 0) {
        for (int q = 0; q < n; q++) {
          checkTensor(s, q, false);
        }
      }
    }

    private static String tensorName(boolean info, int q) {
      return (info ? "informationStateTensor(" : "observationTensor(") + q + ")";
    }

    private void checkTensor(State s, int q, boolean info) {
      int size = info ? isSize : obsSize;
      float[] t = info ? isBuf : obsBuf;
      Arrays.fill(t, Float.NaN);
      try {
        if (info) {
          s.informationStateTensor(q, t);
        } else {
          s.observationTensor(q, t);
        }
      } catch (ArrayIndexOutOfBoundsException e) {
        throw fail("tensors", tensorName(info, q) + " writes beyond the declared size " + size + ": " + e.getMessage());
      } catch (UnsupportedOperationException e) {
        throw fail("tensors", tensorName(info, q) + " unsupported although its shape is declared");
      }
      for (int i = 0; i < size; i++) {
        if (!(Float.isFinite(t[i]))) {
          throw fail("tensors", tensorName(info, q) + " leaves entry " + i + " of " + size + " unwritten or not finite");
        }
      }
      if (!Float.isNaN(t[size])) {
        throw fail("tensors", tensorName(info, q) + " writes beyond the declared size " + size + ": entry " + size
            + " of a longer buffer became " + t[size] + " (a tensor writes out[0.." + size + ") only; e.g. Arrays.fill(out, 0,"
            + " " + size + ", 0f), not Arrays.fill(out, 0f))");
      }
    }

    /**
     * The kit's words for a resampling call that threw {@code e}: {@code resample(0) is not
     * implemented (...)} for the game's missing method ({@link MissingGameMethodException}, {@link
     * State}'s default), else {@code resample(0) unsupported: } and its message (a game that refuses
     * a draw).
     */
    private static String unsupported(String call, UnsupportedOperationException e) {
      return e instanceof MissingGameMethodException ? call + " is not implemented (State.resample or"
          + " State.resampleInto): an imperfect-information game must implement it (docs/foundation.md,"
          + " \"Imperfect-information games: the rules\")" : call + " unsupported: " + e.getMessage();
    }

    /** Everything observable about a state, for equality checks. */
    private String fingerprint(State s) {
      StringBuilder sb = new StringBuilder(128);
      sb.append("player=").append(s.currentPlayer());
      sb.append(" history(length ").append(s.historySize()).append(", hash ").append(historyHash(s)).append(')');
      sb.append(" legal=").append(Arrays.toString(s.legalActions()));
      sb.append(" returns=").append(Arrays.toString(s.returns()));
      if (s.isChanceNode()) {
        sb.append(" chance=");
        int k = s.chanceOutcomes(buf2, probs2);
        for (int i = 0; i < k; i++) {
          sb.append(buf2[i]).append(':').append(probs2[i]).append(' ');
        }
      }
      if (!game.type().isPerfectInformation()) {
        for (int q = 0; q < n; q++) {
          sb.append(" info").append(q).append('=').append(s.informationStateString(q));
        }
      }
      if (ownInfoKey) {
        // one digest of every player's informationStateKey (what differs is then found by the key checks' own messages)
        long keys = 0;
        for (int q = 0; q < n; q++) {
          keys = State.mix64(keys + s.informationStateKey(q));
        }
        sb.append(" infoKeys=").append(Long.toHexString(keys));
      }
      sb.append(" board=\n").append(s);
      return sb.toString();
    }

    private static long historyHash(State s) {
      long h = 0x51ED2701L;
      for (int i = 0, len = s.historySize(); i < len; i++) {
        h = h * 0x9E3779B97F4A7C15L + s.historyAt(i) + 1;
      }
      return State.mix64(h);
    }

    /** Two independent 64-bit string hashes: a collision-safe key for information states. */
    private static InfoKey infoKey(int player, String info) {
      long a = 0x243F6A8885A308D3L;
      long b = 0x13198A2E03707344L;
      for (int i = 0; i < info.length(); i++) {
        char c = info.charAt(i);
        a = (a ^ c) * 0x100000001B3L;
        b = b * 0x9E3779B97F4A7C15L + c + 0x632BE59BD9B4E019L;
      }
      return new InfoKey(player, State.mix64(a), State.mix64(b ^ info.length()));
    }

    private record InfoKey(int player, long a, long b) {}

    /**
     * An open-addressing map from a state's hash to its content digest and where it was first
     * seen (playout, history length), in primitive arrays. It stops taking new hashes at {@link
     * #MAX_ENTRIES} (about 50 MB): later states are still compared with those kept.
     */
    private static final class HashIndex {
      static final int MAX_ENTRIES = 1 << 20;
      private long[] keys = new long[1 << 12];
      private long[] digests = new long[keys.length];
      /** {@code playout << 32 | length}, or -1 for an empty slot. */
      private long[] where = filled(keys.length);
      private int size;

      private static long[] filled(int length) {
        long[] w = new long[length];
        Arrays.fill(w, -1L);
        return w;
      }

      /** The slot holding {@code key}, or the empty slot where it would go. */
      int find(long key) {
        int mask = keys.length - 1;
        int i = (int) State.mix64(key) & mask;
        while (where[i] >= 0 && keys[i] != key) {
          i = (i + 1) & mask;
        }
        return i;
      }

      boolean isEmpty(int slot) {
        return where[slot] < 0;
      }

      long digest(int slot) {
        return digests[slot];
      }

      int playout(int slot) {
        return (int) (where[slot] >>> 32);
      }

      int length(int slot) {
        return (int) where[slot];
      }

      void put(int slot, long key, long digest, int playout, int length) {
        if (size >= MAX_ENTRIES) {
          return;
        }
        keys[slot] = key;
        digests[slot] = digest;
        where[slot] = ((long) playout << 32) | (length & 0xFFFFFFFFL);
        if (++size * 2 > keys.length) {
          grow();
        }
      }

      private void grow() {
        long[] k = keys;
        long[] d = digests;
        long[] w = where;
        keys = new long[k.length * 2];
        digests = new long[keys.length];
        where = filled(keys.length);
        for (int i = 0; i < k.length; i++) {
          if (w[i] >= 0) {
            int j = find(k[i]);
            keys[j] = k[i];
            digests[j] = d[i];
            where[j] = w[i];
          }
        }
      }
    }

    /**
     * A key of the features that are cheap to read at any depth: current player, history size and
     * last action, legal actions, returns and chance outcomes.
     */
    private long cheap(State s) {
      long h = 0x3C6EF372FE94F82BL;
      h = State.mix64(h + s.currentPlayer());
      int len = s.historySize();
      h = State.mix64(h + len);
      if (len > 0) {
        h = State.mix64(h + s.historyAt(len - 1));
      }
      int k = s.legalActions(buf2);
      for (int i = 0; i < k; i++) {
        h = State.mix64(h + buf2[i]);
      }
      h = State.mix64(h + k);
      for (int q = 0; q < n; q++) {
        h = State.mix64(h + Double.doubleToLongBits(s.playerReturn(q)));
      }
      if (s.isChanceNode()) {
        k = s.chanceOutcomes(buf2, probs2);
        for (int i = 0; i < k; i++) {
          h = State.mix64(h + buf2[i]);
          h = State.mix64(h + Double.doubleToLongBits(probs2[i]));
        }
      }
      return h;
    }

    /** The features of {@link #cheap(State)}, readable, for failure messages. */
    private String cheapText(State s) {
      int len = s.historySize();
      return "player=" + s.currentPlayer() + " historySize=" + len + (len > 0 ? " last=" + s.historyAt(len - 1) : "")
          + " legal=" + Arrays.toString(s.legalActions()) + " returns=" + Arrays.toString(s.returns())
          + (s.isChanceNode() ? " chance=" + s.chanceOutcomes() : "");
    }

    private void checkCopyAndUndo(State s, int a, boolean deep) {
      if (deep) {
        checkCopyAndUndoFully(s, a);
        return;
      }
      // the game's own hash is O(1) to read; the default one hashes the history, so it waits for deep checks
      long before = cheap(s);
      long hash = ownHash ? s.hash() : 0;
      scratch.copyFrom(s);
      if (!(cheap(scratch) == before)) {
        throw fail("copy", "copyFrom() into a reused state differs from the original:\n" + cheapText(s) + "\nvs\n" + cheapText(scratch));
      }
      if (!(!ownHash || scratch.hash() == hash)) {
        throw fail("hash", "copyFrom() gives hash " + scratch.hash() + " but the original " + hash);
      }
      checkSampleActionOn(scratch, "copyFrom into a reused state");
      stepAhead(scratch, a);
      if (!(cheap(s) == before)) {
        throw fail("copy", "applying actions to the state made by copyFrom() changed the original; now " + cheapText(s));
      }
      if (!(!ownHash || s.hash() == hash)) {
        throw fail("copy", "applying actions to the state made by copyFrom() changed the original's hash");
      }
      if (s.supportsUndo()) {
        scratch.copyFrom(s);
        step(scratch, a);
        long after;
        long afterHash;
        try {
          after = cheap(scratch);
          afterHash = ownHash ? scratch.hash() : 0;
        } catch (RuntimeException e) {
          throw called(scratch, null, null, e);
        }
        unstep(scratch, a);
        if (!(cheap(scratch) == before)) {
          throw fail("undo", "undo of " + a + " does not restore the state:\n" + cheapText(s) + "\nvs\n" + cheapText(scratch));
        }
        if (!(!ownHash || scratch.hash() == hash)) {
          throw fail("undo", "undo of " + a + " gives hash " + scratch.hash() + " instead of " + hash + ":\n" + s + "\nvs\n" + scratch);
        }
        checkSampleActionOn(scratch, "undo of " + a);
        step(scratch, a);
        if (!(cheap(scratch) == after)) {
          throw fail("undo", "re-applying " + a + " after undo differs: " + cheapText(scratch));
        }
        if (!(!ownHash || scratch.hash() == afterHash)) {
          throw fail("undo", "re-applying " + a + " after undo gives hash " + scratch.hash() + " instead of " + afterHash + ":\n" + scratch);
        }
      }
    }

    private void checkCopyAndUndoFully(State s, int a) {
      String before = fingerprint(s);
      long hash = s.hash();

      // copyFrom first: copy() usually calls it, and a fault of copyFrom is then reported as such
      scratch.copyFrom(s);
      if (!(before.equals(fingerprint(scratch)))) {
        throw fail("copy", "copyFrom() into a reused state differs from the original:\n" + before + "\nvs\n" + fingerprint(scratch));
      }
      if (!(scratch.hash() == hash)) {
        throw fail("hash", "copyFrom() gives hash " + scratch.hash() + " but the original " + hash);
      }
      checkSampleActionOn(scratch, "copyFrom into a reused state");
      stepAhead(scratch, a);
      if (!(before.equals(fingerprint(s)))) {
        throw fail("copy", "applying actions to the state made by copyFrom() changed the original:\n" + before + "\nnow\n" + fingerprint(s));
      }
      if (!(s.hash() == hash)) {
        throw fail("copy", "applying actions to the state made by copyFrom() changed the original's hash");
      }

      State c = s.copy();
      if (!(c != s)) {
        throw fail("copy", "copy() returned the same object");
      }
      if (!(before.equals(fingerprint(c)))) {
        throw fail("copy", "the state made by copy() differs from the original (copyFrom() passed):\n" + before + "\nvs\n" + fingerprint(c));
      }
      if (!(c.hash() == hash)) {
        throw fail("hash", "copy() has hash " + c.hash() + " but the original " + hash);
      }
      checkSampleActionOn(c, "copy()");
      stepAhead(c, a);
      if (!(before.equals(fingerprint(s)))) {
        throw fail("copy", "applying actions to the state made by copy() changed the original (copyFrom() passed):\n" + before + "\nnow\n" + fingerprint(s));
      }
      if (!(s.hash() == hash)) {
        throw fail("copy", "applying actions to the state made by copy() changed the original's hash (copyFrom() passed)");
      }

      if (s.supportsUndo()) {
        State u = s.copy();
        step(u, a);
        String after;
        long afterHash;
        try {
          after = fingerprint(u);
          afterHash = u.hash();
        } catch (RuntimeException e) {
          throw called(u, null, null, e);
        }
        unstep(u, a);
        if (!(before.equals(fingerprint(u)))) {
          throw fail("undo", "undo of " + a + " does not restore the state:\n" + before + "\nvs\n" + fingerprint(u));
        }
        if (!(u.hash() == hash)) {
          throw fail("undo", "undo of " + a + " gives hash " + u.hash() + " instead of " + hash + ":\n" + before + "\nvs\n" + fingerprint(u));
        }
        checkSampleActionOn(u, "undo of " + a);
        step(u, a);
        if (!(after.equals(fingerprint(u)))) {
          throw fail("undo", "re-applying " + a + " after undo differs:\n" + after + "\nvs\n" + fingerprint(u));
        }
        if (!(u.hash() == afterHash)) {
          throw fail("undo", "re-applying " + a + " after undo gives hash " + u.hash() + " instead of " + afterHash + ":\n" + after + "\nvs\n" + fingerprint(u));
        }
        // copyFrom first, as above: a copy() that calls a faulty copyFrom is reported as copyFrom's fault
        checkInterleavedUndo(s, a, before, false);
        checkInterleavedUndo(s, a, before, true);
      }
    }

    /**
     * Undo on a copy and on its original in turn: a copy (by {@code copy()}, or by {@code
     * copyFrom} into the reused scratch state) plays {@code a}, the original plays another legal
     * action b (a again when it is the only one), the copy undoes a, then the original undoes b;
     * each must be back to {@code before}. It fails when the two share what only undo reads (an
     * undo stack or record array), which playing on one of them alone does not show.
     */
    private void checkInterleavedUndo(State s, int a, String before, boolean byCopy) {
      int k = s.legalActions(buf2);
      int b = a;
      if (k > 1) {
        int i = checkRng.nextInt(k - 1);
        b = buf2[i] == a ? buf2[k - 1] : buf2[i];
      }
      State c;
      if (byCopy) {
        c = s.copy();
      } else {
        scratch.copyFrom(s);
        c = scratch;
      }
      String made = byCopy ? "copy()" : "copyFrom()";
      String copied = fingerprint(c);
      if (!(before.equals(copied))) {
        throw fail("copy", "the state made by " + made + (byCopy ? "" : " into a reused state") + " differs from the original:\n" + before + "\nvs\n" + copied);
      }
      step(c, a);
      step(s, b);
      unstep(c, a);
      String copyBack = fingerprint(c);
      unstep(s, b);
      String originalBack = fingerprint(s);
      if (!(before.equals(copyBack))) {
        throw fail("undo", "the state made by " + made + " played " + a + ", the original played " + b + ", then the copy's undo of " + a
            + " does not restore it, although undo alone does (do the two share undo records?):\n" + before + "\nvs\n" + copyBack);
      }
      if (!(before.equals(originalBack))) {
        // is it the undo of b alone? replay the history into a fresh state and try it there
        State fresh = game.newInitialState();
        for (int i = 0, len = s.historySize(); i < len; i++) {
          fresh.applyAction(s.historyAt(i));
        }
        step(fresh, b);
        unstep(fresh, b);
        String alone = fingerprint(fresh);
        if (!(before.equals(alone))) {
          throw fail("undo", "undo of " + b + " does not restore the state:\n" + before + "\nvs\n" + alone);
        }
        throw fail("undo", "the state made by " + made + " played " + a + " and undid it, then the original's undo of " + b
            + " does not restore the original, although undo alone does (do the two share undo records?):\n" + before + "\nvs\n" + originalBack);
      }
    }

    private boolean checkIllegalAction(State s) {
      if (s.isChanceNode()) {
        return false;
      }
      int k = s.legalActions(buf);
      int illegal = -1;
      for (int x = 0, i = 0; x < game.numDistinctActions(); x++) {
        if (i < k && buf[i] == x) {
          i++;
        } else {
          illegal = x;
          break;
        }
      }
      if (illegal < 0) {
        illegal = game.numDistinctActions();
      }
      String before = fingerprint(s);
      try {
        s.applyAction(illegal);
        throw fail("illegal-action", "applyAction(" + illegal + ") was accepted");
      } catch (IllegalActionException expected) {
        if (!(expected.getMessage() != null && expected.getMessage().contains(Integer.toString(illegal)))) {
          throw fail("illegal-action", "the message does not name the action: " + expected.getMessage());
        }
      }
      if (!(before.equals(fingerprint(s)))) {
        throw fail("illegal-action", "a rejected action changed the state");
      }
      return true;
    }

    /**
     * The {@code resample} checks at a deep-checked decision node: for every player q, a world
     * from {@link State#resample} and one from {@link State#resampleInto} (into a target the kit
     * reuses across the run, as IS-MCTS reuses its scratch state) must each have q's information
     * state, the current player p and (for q = p) p's legal actions, and playing on them must
     * leave the source unchanged. Where the run has met q's information state after two or more
     * different histories, it also notes whether the worlds differ from the source, for {@link
     * #checkHiddenInformation}.
     */
    private void checkResample(State s, int p, int[] legal, String[] info, SplittableRandom rng, int len) {
      String before = fingerprint(s);
      long sourceHistory = historyHash(s);
      String sourceBoard = null;
      if (intoTarget == null) {
        intoTarget = game.newInitialState();
      }
      for (int q = 0; q < n; q++) {
        // whether this check's worlds are compared with the source (toString costs: only while needed)
        HiddenBucket bucket = trackHidden(q, info[q], p, sourceHistory, len);
        boolean track = bucket != null;
        if (track && sourceBoard == null) {
          sourceBoard = s.toString();
        }
        State w;
        try {
          w = s.resample(q, rng);
        } catch (UnsupportedOperationException e) {
          throw fail("resample", unsupported("resample(" + q + ")", e));
        }
        if (!(w != s)) {
          throw fail("resample", "resample(" + q + ") returned the original object");
        }
        checkWorld("resample(" + q + ")", w, s, p, q, legal, info);
        noteWitness(w, q == p, sourceHistory);
        boolean changed = track && !bucket.changed[0] && differs(w, sourceHistory, sourceBoard);
        playOn(w);
        try {
          s.resampleInto(q, resampleRng, intoTarget);
        } catch (UnsupportedOperationException e) {
          throw fail("resample", unsupported("resampleInto(" + q + ")", e));
        }
        String into = "resampleInto(" + q + ")";
        checkWorld(into, intoTarget, s, p, q, legal, info);
        noteWitness(intoTarget, q == p, sourceHistory);
        boolean changedInto = track && !bucket.changed[1] && differs(intoTarget, sourceHistory, sourceBoard);
        playOn(intoTarget);
        // one comparison for both worlds (the fingerprint prints every information state: the costly part)
        if (!(before.equals(fingerprint(s)))) {
          throw fail("resample", "playing on the worlds of resample(" + q + ") and " + into + " changed the original");
        }
        if (track) {
          noteHiddenInformation(s, q, bucket, sourceHistory, sourceBoard, changed, changedInto);
        }
      }
    }

    /** The consistency of a world {@code w} drawn for player q from source {@code s} (p to move). */
    private void checkWorld(String method, State w, State s, int p, int q, int[] legal, String[] info) {
      String wInfo = w.informationStateString(q);
      if (!(info[q].equals(wInfo))) {
        throw fail("resample", "world of " + method + " has information state " + quoteShort(wInfo) + " for player " + q + " instead of " + quoteShort(info[q]));
      }
      if (!(w.currentPlayer() == p)) {
        throw fail("resample", "world of " + method + " has current player " + w.currentPlayer() + " instead of " + p);
      }
      if (q == p && !(Arrays.equals(w.legalActions(), legal))) {
        throw fail("resample", "world of " + method + " has legal actions " + Arrays.toString(w.legalActions()) + " instead of " + Arrays.toString(legal));
      }
      if (ownInfoKey) {
        long worldKey = w.informationStateKey(q);
        long sourceKey = s.informationStateKey(q);
        if (!(worldKey == sourceKey)) {
          throw fail("information-state", "the world of " + method + " after [" + w.historyString() + "] has player " + q
              + "'s information state " + quoteShort(wInfo) + " but informationStateKey(" + q + ") " + worldKey
              + " where the source has " + sourceKey + KEY_RULE);
        }
      }
    }

    /**
     * Notes a world drawn for the player to move (already checked to have its information state):
     * one with another history than the source's shows two histories under that information state.
     */
    private void noteWitness(State w, boolean forMover, long sourceHistory) {
      if (!forMover || !hiddenApplies || hiddenShown) {
        return;
      }
      hiddenWorlds++;
      if (historyHash(w) != sourceHistory) {
        hiddenFound();
      }
    }

    private void hiddenFound() {
      hiddenShown = true;
      historyAtInfo.clear();
    }

    /**
     * The hidden-information look at a decision of player p (while nothing has been shown
     * hidden): the run's first history with p's information state {@code infoKey} is kept, and a
     * second, different one shows that the string hides something. When resample is checked, up
     * to {@link #WITNESS_DRAWS_PER_DECISION} draws here ({@link #WITNESS_DRAWS} per playout) also
     * draw worlds for p from a stream of their own: a world with p's information state and
     * another history shows it too (as do those of {@link #checkResample} at deep-checked
     * decisions).
     */
    private void lookForHiddenInformation(State s, int p, long infoKey, long history) {
      hiddenDecisions++;
      long k = State.mix64(infoKey + 0x9E3779B97F4A7C15L * (p + 1));
      Long first = historyAtInfo.get(k);
      if (first == null) {
        if (historyAtInfo.size() < MAX_KEPT) {
          historyAtInfo.put(k, history);
        }
      } else if (first != history) {
        hiddenFound();
        return;
      }
      if (!resample) {
        return;
      }
      String[] info = null;
      int[] legal = null;
      for (int r = 0; r < WITNESS_DRAWS_PER_DECISION && witnessDrawsLeft > 0 && !hiddenShown; r++) {
        witnessDrawsLeft--;
        State w;
        try {
          w = s.resample(p, witnessRng);
        } catch (UnsupportedOperationException e) {
          throw fail("resample", unsupported("resample(" + p + ")", e));
        }
        if (!(w != s)) {
          throw fail("resample", "resample(" + p + ") returned the original object");
        }
        if (info == null) {
          info = new String[n];
          info[p] = s.informationStateString(p);
          legal = s.legalActions();
        }
        checkWorld("resample(" + p + ")", w, s, p, p, legal, info);
        noteWitness(w, true, history);
      }
    }

    /**
     * The {@code hidden-information} warning after the playouts, or null: the game declares
     * imperfect information (or has a resampler of its own), yet at no decision of the run did
     * the information state of the player to move come with two different histories, neither
     * from the playouts nor from a world drawn by resample for that player.
     */
    private String hiddenInformationWarning(int playouts) {
      if (!hiddenApplies || hiddenShown || hiddenDecisions == 0) {
        return null;
      }
      String declared = game.type().isPerfectInformation()
          ? "declares perfect information but its state has a resampler of its own (resample or resampleInto)"
          : "declares imperfect information";
      return "hidden-information: " + game.spec() + " " + declared + ", yet in " + hiddenDecisions + " decision"
          + (hiddenDecisions == 1 ? "" : "s") + " of " + playouts + " playout" + (playouts == 1 ? "" : "s")
          + " no information state of the player to move was met after two different histories"
          + (hiddenWorlds > 0 ? ", and none of the " + hiddenWorlds + " world" + (hiddenWorlds == 1 ? "" : "s")
              + " resample drew for that player had another history" : "")
          + ": does informationStateString hide anything? Solve, exploitability and best response treat every history"
          + " as its own information state here, as in a perfect-information game (if nothing is hidden, that is right;"
          + " else the string shows what the player must not see)";
    }

    /** Plays one action on world {@code w} (the caller then checks that the source is unchanged). */
    private void playOn(State w) {
      if (!w.isTerminal() && !w.isChanceNode()) {
        step(w, w.legalActions()[0]);
      }
    }

    /** Whether world {@code w} differs from the source (its history or its board). */
    private static boolean differs(State w, long sourceHistory, String sourceBoard) {
      return historyHash(w) != sourceHistory || !w.toString().equals(sourceBoard);
    }

    /**
     * A bucket of the {@code resample} check: the draws for player q at decisions after {@code
     * length} actions, at information states of q that the run met after two or more histories.
     * Per method (0 resample, 1 resampleInto): the draws and whether one gave a world other than
     * its source. {@code example}/{@code where}: the first such information state and its
     * {@link #worldsSeen} record, for the message.
     */
    private static final class HiddenBucket {
      final int player;
      final int length;
      final int[] draws = new int[2];
      final boolean[] changed = new boolean[2];
      final String example;
      final long[] where;

      HiddenBucket(int player, int length, String example, long[] where) {
        this.player = player;
        this.length = length;
        this.example = example;
        this.where = where;
      }
    }

    /**
     * Records that player q's information state {@code info}, with player p to move, was met after
     * the source's history (history hash {@code sourceHistory}, length {@code len}); returns the
     * bucket (q, len) when that information state and current player have now been met after two
     * different histories (so the source is not the only world consistent with them: a world keeps
     * both) and some method has not yet given a world of that bucket other than its source; else
     * null (always null for a game that declares perfect information). The current player counts:
     * in phantom tic-tac-toe, player 1's empty board is met before and after player 0's hidden first
     * move, yet before it the initial state is the only world with player 0 to move.
     */
    private HiddenBucket trackHidden(int q, String info, int p, long sourceHistory, int len) {
      if (!hiddenTracked) {
        return null;
      }
      long bucketKey = ((long) q << 32) | len;
      HiddenBucket bucket = hiddenBuckets.get(bucketKey);
      if (bucket != null && bucket.changed[0] && bucket.changed[1]) {
        return null;
      }
      InfoKey k = infoKey(q, info);
      InfoKey key = new InfoKey(q, State.mix64(k.a() + 0x9E3779B97F4A7C15L * (p + 2)), k.b());
      long[] rec = worldsSeen.get(key);
      if (rec == null) {
        if (worldsSeen.size() < MAX_KEPT) {
          worldsSeen.put(key, new long[] {sourceHistory, playout, len, 0, 0, 0});
        }
        return null;
      }
      if (rec[3] == 0) {
        if (rec[0] == sourceHistory) {
          return null;
        }
        rec[3] = 1;
        rec[4] = playout;
        rec[5] = len;
      }
      if (bucket == null) {
        bucket = new HiddenBucket(q, len, info, rec);
        hiddenBuckets.put(bucketKey, bucket);
      }
      return bucket;
    }

    /**
     * Counts this check's draws in q's bucket and whether one of them, or up to {@link
     * #HIDDEN_PROBES} more per method while none of the bucket has differed yet, gave a world
     * other than the source.
     */
    private void noteHiddenInformation(State s, int q, HiddenBucket b, long sourceHistory, String sourceBoard, boolean changed,
        boolean changedInto) {
      b.draws[0]++;
      b.draws[1]++;
      b.changed[0] |= changed;
      b.changed[1] |= changedInto;
      for (int r = 0; r < HIDDEN_PROBES && !b.changed[0]; r++) {
        b.draws[0]++;
        b.changed[0] = differs(s.resample(q, resampleRng), sourceHistory, sourceBoard);
      }
      for (int r = 0; r < HIDDEN_PROBES && !b.changed[1]; r++) {
        b.draws[1]++;
        s.resampleInto(q, resampleRng, intoTarget);
        b.changed[1] = differs(intoTarget, sourceHistory, sourceBoard);
      }
    }

    /**
     * The hidden-information check over the whole run, per bucket (player q, history length) and
     * method (resample, resampleInto): a bucket with at least {@link #HIDDEN_MIN_DRAWS} draws at
     * information states of q that the run met after two or more histories must have given at least
     * one world other than its source. A method that returns the true state (a copy of the source)
     * after some number of actions fails here, even when it draws correctly elsewhere. Buckets with
     * fewer draws give no verdict.
     */
    private void checkHiddenInformation() {
      for (HiddenBucket b : hiddenBuckets.values()) {
        for (int m = 0; m < 2; m++) {
          if (b.draws[m] < HIDDEN_MIN_DRAWS || b.changed[m]) {
            continue;
          }
          long[] w = b.where;
          int q = b.player;
          String method = (m == 0 ? "resample(" : "resampleInto(") + q + ")";
          throw fail("resample", method + " never changed hidden information: in " + b.draws[m]
              + " draws at information states of player " + q + " after " + b.length + " action" + (b.length == 1 ? "" : "s")
              + " that the run met after two or more histories (such as "
              + quoteShort(b.example) + " after [" + historyText((int) w[1], (int) w[2]) + "] and ["
              + historyText((int) w[4], (int) w[5]) + "]), every world had the source's history and board: does " + method
              + " return the true state (a copy)?");
        }
      }
    }

    /**
     * The {@code resample} distribution check over the whole run, in games with hidden information
     * and chance whose tree has at most {@link #DISTRIBUTION_TREE_NODES} nodes. The kit walks the
     * whole tree and groups the decision nodes by (player q, q's information-state string, player
     * to move): each group holds the worlds a world drawn for q there may be. Where the histories
     * of a group differ only in chance outcomes (the same length, chance nodes at the same places,
     * the same decisions: the other players' actions are then the same), a world's probability
     * given q's information state is defined by the chance probabilities alone: π(h) = w(h) / Σ
     * w(h'), where w(h) is the product of the chance probabilities along h. At up to {@link
     * #DISTRIBUTION_STATES} such groups with two or more worlds (a seeded sample), the kit draws
     * {@link #DISTRIBUTION_DRAWS} worlds with {@code resample(q)} and as many with {@code
     * resampleInto(q)} from one source (a seeded pick among the group's histories) and counts how
     * often each history comes up; a world whose history is not in the group fails at once.
     *
     * <p>The test, per world h and method (a cell): the count c of h in N draws is binomial (N, π)
     * for a correct sampler, and by the Chernoff bound P(c/N ≥ x) ≤ exp(−N·D(x ‖ π)) for x &gt; π
     * and P(c/N ≤ x) ≤ exp(−N·D(x ‖ π)) for x &lt; π, where D(x ‖ π) = x ln(x/π) + (1−x) ln((1−x)/(1−π))
     * is the relative entropy of Bernoulli distributions (Hoeffding 1963, Theorem 1). A cell fails
     * when N·D(c/N ‖ π) ≥ ln(2M/α), M being the run's number of cells and α {@link
     * #DISTRIBUTION_FALSE_ALARM}: each cell then fails a correct sampler with probability at most
     * α/M, the whole run at most α (a union bound, which needs no independence). With N = 512 and
     * M ≤ 64 · 2 · worlds the threshold is about 27 to 35 nats: a hidden card of probability 0.9
     * drawn uniformly out of two (D(0.5 ‖ 0.9) ≈ 0.51) fails at once; a world of probability 1/3
     * drawn with 1/2 (D ≈ 0.059, N·D ≈ 30) is at the limit.
     */
    private void checkResampleDistribution() {
      if (treeLowerBound > DISTRIBUTION_TREE_NODES || countNodes(DISTRIBUTION_TREE_NODES) > DISTRIBUTION_TREE_NODES) {
        return;
      }
      List<WorldGroup> eligible = new java.util.ArrayList<>();
      for (WorldGroup g : worldGroups().values()) {
        if (g.chanceOnly && g.histories.size() >= 2 && g.weightsPositive()) {
          eligible.add(g);
        }
      }
      if (eligible.isEmpty()) {
        return;
      }
      SplittableRandom rng = new SplittableRandom(State.mix64(opt.seed ^ 0x1F83D9ABFB41BD6BL));
      int chosen = Math.min(DISTRIBUTION_STATES, eligible.size());
      for (int i = 0; i < chosen; i++) {
        java.util.Collections.swap(eligible, i, i + rng.nextInt(eligible.size() - i));
      }
      long cells = 0;
      for (int i = 0; i < chosen; i++) {
        cells += 2L * eligible.get(i).histories.size();
      }
      double threshold = Math.log(2 * cells / DISTRIBUTION_FALSE_ALARM);
      distributionStates = chosen;
      State target = intoTarget != null ? intoTarget : game.newInitialState();
      for (int i = 0; i < chosen; i++) {
        WorldGroup g = eligible.get(i);
        int m = g.histories.size();
        Map<Long, Integer> index = new HashMap<>();
        double total = 0;
        for (int j = 0; j < m; j++) {
          index.put(historyHash(g.histories.get(j)), j);
          total += g.weights[j];
        }
        int[] sourceHistory = g.histories.get(rng.nextInt(m));
        State source = replayed(sourceHistory);
        String[] info = new String[n];
        info[g.player] = g.info;
        int[] legal = source.legalActions();
        for (int method = 0; method < 2; method++) {
          String name = (method == 0 ? "resample(" : "resampleInto(") + g.player + ")";
          int[] counts = new int[m];
          for (int r = 0; r < DISTRIBUTION_DRAWS; r++) {
            State w;
            if (method == 0) {
              w = source.resample(g.player, rng);
            } else {
              source.resampleInto(g.player, rng, target);
              w = target;
            }
            Integer j = index.get(historyHash(w));
            if (j == null || !Arrays.equals(w.history(), g.histories.get(j))) {
              checkWorld(name, w, source, g.mover, g.player, legal, info);
              throw fail("resample", "the world of " + name + " drawn at [" + source.historyString() + "] has history ["
                  + w.historyString() + "], none of the " + m + " histories of the game with player " + g.player
                  + "'s information state " + quoteShort(g.info) + " and player " + g.mover
                  + " to move (the kit walked the whole tree): a world must be a state the game can reach");
            }
            counts[j]++;
          }
          // 1 − π from the other worlds' weights (sums before and after j): accurate where π rounds to 1
          double[] after = new double[m + 1];
          for (int j = m - 1; j >= 0; j--) {
            after[j] = after[j + 1] + g.weights[j];
          }
          double before = 0;
          for (int j = 0; j < m; j++) {
            double pi = g.weights[j] / total;
            double others = before + after[j + 1];
            before += g.weights[j];
            double f = (double) counts[j] / DISTRIBUTION_DRAWS;
            if (DISTRIBUTION_DRAWS * bernoulliDivergence(f, pi, others / total) >= threshold) {
              throw fail("resample", name + " does not draw its worlds with their probabilities: at player " + g.player
                  + "'s information state " + quoteShort(g.info) + " (player " + g.mover + " to move), whose " + m
                  + " worlds differ only in chance outcomes, " + DISTRIBUTION_DRAWS + " draws from the source ["
                  + source.historyString() + "] gave the world [" + replayed(g.histories.get(j)).historyString() + "] "
                  + counts[j] + " times (" + fmt4(f) + ") where its probability is " + fmt4(pi)
                  + " (the product of the chance probabilities along its history, divided by the sum of those products over the"
                  + " worlds); a correct sampler strays this far with probability below "
                  + String.format(java.util.Locale.ROOT, "%.0e", DISTRIBUTION_FALSE_ALARM).replace("e-0", "e-")
                  + " per run (Chernoff bound):\n" + worldTable(g, counts, total));
            }
          }
        }
      }
    }

    /** The worlds of a group with their probabilities and counts, one line each (at most 16), for the failure. */
    private String worldTable(WorldGroup g, int[] counts, double total) {
      StringBuilder sb = new StringBuilder();
      int m = g.histories.size();
      for (int j = 0; j < m && j < 16; j++) {
        sb.append("  world [").append(replayed(g.histories.get(j)).historyString()).append("]: probability ")
            .append(fmt4(g.weights[j] / total)).append(", drawn ").append(counts[j]).append(" of ")
            .append(DISTRIBUTION_DRAWS).append('\n');
      }
      if (m > 16) {
        sb.append("  (").append(m - 16).append(" more worlds)\n");
      }
      return sb.toString();
    }

    private static String fmt4(double x) {
      return String.format(java.util.Locale.ROOT, "%.4g", x);
    }

    /**
     * D(x ‖ π) = x ln(x/π) + (1−x) ln((1−x)/(1−π)), in nats: the relative entropy of Bernoulli(x)
     * from Bernoulli(π), for 0 ≤ x ≤ 1, 0 &lt; π &lt; 1 and {@code rest} = 1 − π (0 ln 0 = 0).
     */
    private static double bernoulliDivergence(double x, double pi, double rest) {
      double a = x == 0 ? 0 : x * Math.log(x / pi);
      double b = x == 1 ? 0 : (1 - x) * Math.log((1 - x) / rest);
      return a + b;
    }

    /**
     * The histories of the game tree, or {@code limit + 1} as soon as there are more (a walk
     * with a stack of states, so deep trees do not exhaust the call stack).
     */
    private long countNodes(int limit) {
      java.util.ArrayDeque<State> stack = new java.util.ArrayDeque<>();
      stack.push(game.newInitialState());
      int[] actions = new int[buf.length];
      long count = 0;
      while (!stack.isEmpty()) {
        State s = stack.pop();
        if (++count > limit) {
          return count;
        }
        if (s.isTerminal()) {
          continue;
        }
        int k = s.legalActions(actions);
        for (int i = 0; i < k; i++) {
          State c = s.copy();
          c.applyAction(actions[i]);
          stack.push(c);
        }
      }
      return count;
    }

    /**
     * Every decision node of the tree, grouped by (player q, q's information-state string, player
     * to move), in the order of a depth-first walk: each group's histories with the product of the
     * chance probabilities along each, while all of them differ only in chance outcomes.
     */
    private Map<InfoKey, WorldGroup> worldGroups() {
      Map<InfoKey, WorldGroup> groups = new java.util.LinkedHashMap<>();
      java.util.ArrayDeque<TreeNode> stack = new java.util.ArrayDeque<>();
      stack.push(new TreeNode(game.newInitialState(), 1.0, 0x6A09E667F3BCC908L));
      int[] actions = new int[buf.length];
      double[] p = new double[buf.length];
      while (!stack.isEmpty()) {
        TreeNode node = stack.pop();
        State s = node.state;
        if (s.isTerminal()) {
          continue;
        }
        boolean chance = s.isChanceNode();
        int k = chance ? s.chanceOutcomes(actions, p) : s.legalActions(actions);
        if (!chance) {
          int mover = s.currentPlayer();
          for (int q = 0; q < n; q++) {
            String info = s.informationStateString(q);
            InfoKey k0 = infoKey(q, info);
            InfoKey key = new InfoKey(q, State.mix64(k0.a() + 0x9E3779B97F4A7C15L * (mover + 2)), k0.b());
            WorldGroup g = groups.get(key);
            if (g == null) {
              g = new WorldGroup(q, mover, info, node.signature);
              groups.put(key, g);
            }
            g.add(s.history(), node.weight, node.signature);
          }
        }
        // pushed in reverse, so the walk visits the actions in ascending order
        for (int i = k - 1; i >= 0; i--) {
          State c = s.copy();
          c.applyAction(actions[i]);
          long signature = State.mix64(node.signature * 0x9E3779B97F4A7C15L + (chance ? 0 : actions[i] + 1));
          stack.push(new TreeNode(c, chance ? node.weight * p[i] : node.weight, signature));
        }
      }
      return groups;
    }

    /** A node of the distribution check's walk: the state, the product of its chance probabilities, its signature. */
    private record TreeNode(State state, double weight, long signature) {}

    /**
     * The histories with one (player, information-state string, player to move) in the tree, and
     * their products of chance probabilities, while all of them have one signature (the decisions
     * and the places of the chance nodes); the histories are dropped once two signatures differ.
     */
    private static final class WorldGroup {
      final int player;
      final int mover;
      final String info;
      final long signature;
      boolean chanceOnly = true;
      final List<int[]> histories = new java.util.ArrayList<>();
      double[] weights = new double[2];

      WorldGroup(int player, int mover, String info, long signature) {
        this.player = player;
        this.mover = mover;
        this.info = info;
        this.signature = signature;
      }

      /** Whether every weight is a positive finite number (a product of many small probabilities may underflow to 0). */
      boolean weightsPositive() {
        for (int j = 0; j < histories.size(); j++) {
          if (!(weights[j] > 0 && Double.isFinite(weights[j]))) {
            return false;
          }
        }
        return true;
      }

      void add(int[] history, double weight, long sig) {
        if (!chanceOnly) {
          return;
        }
        if (sig != signature) {
          chanceOnly = false;
          histories.clear();
          return;
        }
        if (histories.size() == weights.length) {
          weights = Arrays.copyOf(weights, weights.length * 2);
        }
        weights[histories.size()] = weight;
        histories.add(history);
      }
    }

    private static long historyHash(int[] history) {
      long h = 0x51ED2701L;
      for (int a : history) {
        h = h * 0x9E3779B97F4A7C15L + a + 1;
      }
      return State.mix64(h);
    }

    /** The first {@code length} actions of playout {@code i}, as a history string. */
    private String historyText(int i, int length) {
      State e = game.newInitialState();
      for (int a : replayActions(i, length)) {
        e.applyAction(a);
      }
      return e.historyString();
    }

    /**
     * The perfect-recall check at a decision node of player p (every decision, in games that
     * check it): p's information state must not recur at a later decision of p on the same
     * history, and all histories with one information state of p must agree in p's own earlier
     * (information state, action) sequence. Keyed by {@link State#informationStateKey(int)};
     * returns the key.
     */
    private long checkRecall(State s, int p, int[] applied, int len) {
      long key = s.informationStateKey(p);
      long k = State.mix64(key + 0x9E3779B97F4A7C15L * (p + 1));
      Integer earlierLength = recallThisPlayout.putIfAbsent(k, len);
      if (earlierLength != null) {
        State e = replayed(Arrays.copyOf(applied, earlierLength));
        checkSameInformationState(e, s, p);
        throw fail("perfect-recall", "player " + p + " has the same information state " + quoteShort(s.informationStateString(p))
            + " at two of its decisions on one history, after [" + e.historyString() + "] and after [" + s.historyString() + "]"
            + RECALL_RULE);
      }
      long[] seen = recallIndex.get(k);
      if (seen == null) {
        if (recallIndex.size() < MAX_KEPT) {
          recallIndex.put(k, new long[] {ownSequence[p], playout, len});
        }
      } else if (seen[0] != ownSequence[p] && game.perfectRecall()) {
        State e = replayed(replayActions((int) seen[1], (int) seen[2]));
        checkSameInformationState(e, s, p);
        throw fail("perfect-recall", "player " + p + " has the same information state " + quoteShort(s.informationStateString(p))
            + " after histories [" + e.historyString() + "]" + (seen[1] == playout ? "" : " (playout " + seen[1] + ")") + " and ["
            + s.historyString() + "], but its own earlier information states and actions differ there" + RECALL_RULE);
      }
      return key;
    }

    /** Fails when two states with one information-state key of p have different strings (a key collision). */
    private void checkSameInformationState(State e, State s, int p) {
      String a = e.informationStateString(p);
      String b = s.informationStateString(p);
      if (!a.equals(b)) {
        throw fail("information-state", "informationStateKey(" + p + ") is the same after [" + e.historyString() + "] and ["
            + s.historyString() + "] but the information states differ (" + quoteShort(a) + " and " + quoteShort(b) + ")");
      }
    }

    /** The state after {@code actions} from the initial state. */
    private State replayed(int[] actions) {
      State e = game.newInitialState();
      for (int a : actions) {
        e.applyAction(a);
      }
      return e;
    }

    private void checkSerialization(State s) {
      MatchRecord rec = MatchRecord.of(s);
      String line = rec.toLine();
      MatchRecord parsed = MatchRecord.parse(line);
      if (!(parsed.equals(rec))) {
        throw fail("serialization", "'" + line + "' parses to '" + parsed.toLine() + "'");
      }
      State replayed = parsed.replay();
      if (!(fingerprint(s).equals(fingerprint(replayed)) && allInfo(s).equals(allInfo(replayed)))) {
        throw fail("serialization", "replaying '" + line + "' gives a different state:\n" + fingerprint(replayed));
      }
      if (!(replayed.hash() == s.hash())) {
        throw fail("serialization", "replayed state has a different hash");
      }
    }

    private void checkTerminalExtras(State s) {
      String before = fingerprint(s);
      State c = s.copy();
      if (!(c != s && before.equals(fingerprint(c)))) {
        throw fail("copy", "copy() of the terminal state differs from the original:\n" + before + "\nvs\n" + fingerprint(c));
      }
      if (!(c.hash() == s.hash())) {
        throw fail("hash", "copy() of the terminal state has a different hash");
      }
      scratch.copyFrom(s);
      if (!(before.equals(fingerprint(scratch)))) {
        throw fail("copy", "copyFrom() of the terminal state differs:\n" + before + "\nvs\n" + fingerprint(scratch));
      }
      if (!(scratch.hash() == s.hash())) {
        throw fail("hash", "copyFrom() of the terminal state has a different hash");
      }
      checkSerialization(s);
      try {
        s.applyAction(0);
        throw fail("illegal-action", "applyAction(0) accepted at a terminal state");
      } catch (IllegalActionException expected) {
        // as required
      }
    }

    private String allInfo(State s) {
      StringBuilder sb = new StringBuilder();
      for (int q = 0; q < n; q++) {
        sb.append(s.informationStateString(q)).append('\u0000');
      }
      return sb.toString();
    }

    private static String quoteShort(String s) {
      String t = s.replace("\n", "\\n");
      return "\"" + (t.length() > 200 ? t.substring(0, 200) + "..." : t) + "\"";
    }
  }
}
