package dev.ponder.game.check;

import dev.ponder.game.Game;
import dev.ponder.game.GameRegistry;
import dev.ponder.game.GameType;
import dev.ponder.game.IllegalActionException;
import dev.ponder.game.MatchRecord;
import dev.ponder.game.State;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Seeded random playouts that check the invariants every {@link Game} must satisfy. Use it from a
 * game's test: {@code ConformanceKit.check(GameRegistry.load("connect_four"))}.
 *
 * <p>Checked at every state of every playout (an invariant's name appears in the failure):
 * <ul>
 *   <li>{@code game-constants}: players within the type's range, actions and length positive,
 *       chance outcomes declared iff the game has chance, minUtility ≤ maxUtility, the game
 *       string loads back to a game with the same parameters;
 *   <li>{@code current-player}: a player, {@link State#CHANCE} or {@link State#TERMINAL};
 *       consistent with isTerminal/isChanceNode; no chance node in deterministic games;
 *   <li>{@code legal-actions}: at decision nodes non-empty, strictly ascending (so unique), in
 *       {@code [0, numDistinctActions)}, the array and buffer variants agree, {@code isLegal}
 *       agrees; none at terminal states;
 *   <li>{@code chance-outcomes}: at most maxChanceOutcomes, strictly ascending, probabilities
 *       positive and summing to 1 within 1e-9, legal actions equal the outcomes' actions;
 *   <li>{@code illegal-action}: applying an action outside the legal set throws
 *       {@link IllegalActionException} and leaves the state unchanged;
 *   <li>{@code returns}: at terminal states within [minUtility, maxUtility] (±1e-9); zero-sum
 *       returns sum to 0, constant-sum to utilitySum, identical ones are equal (1e-9);
 *       terminal-reward games give no reward before the end;
 *   <li>{@code length}: history size ≤ maxGameLength, decisions ≤ maxDecisions, chance outcomes
 *       ≤ maxChanceNodesInHistory; history equals the actions applied;
 *   <li>{@code copy}: a copy equals the original (history, toString, current player, legal
 *       actions, returns, information-state strings, hash); applying an action to the copy
 *       leaves the original unchanged; the same for {@link State#copyFrom} into a reused
 *       scratch state;
 *   <li>{@code undo}: where supported, undo restores the previous state and re-applying
 *       restores the next;
 *   <li>{@code hash}: equal copies have equal {@link State#hash()};
 *   <li>{@code serialization}: {@link MatchRecord} line → parse → replay gives an equal state
 *       (history, toString, information-state strings, returns);
 *   <li>{@code action-strings}: non-empty, unique among the legal actions, and {@link
 *       State#stringToAction} maps each back to its action;
 *   <li>{@code tensors}: when a shape is declared, the tensor fills exactly its product of
 *       dimensions with finite values, for every player;
 *   <li>{@code information-state}: two histories with the same information-state string for the
 *       player to move give that player the same legal actions;
 *   <li>{@code resample}: at every decision node and for every player p, each world from
 *       {@link State#resample} has p's information
 *       state, the same current player and (for the player to move) the same legal actions, and
 *       is independent of the original (the anti-cheat gate).
 * </ul>
 *
 * <p>Decisions are uniform over legal actions; chance outcomes are drawn with their
 * probabilities. Playout {@code i} uses its own generator derived from (seed, i), so a failure
 * can be reproduced alone with {@link Options#onlyPlayout(int)}.
 */
public final class ConformanceKit {
  private static final double EPS = 1e-9;

  /** Options of a run. */
  public static final class Options {
    private int playouts = 1000;
    private long seed = 20261129L;
    private Boolean checkResample;
    private int onlyPlayout = -1;

    /** Number of random playouts (default 1,000). */
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
     * perfect-information games the base class returns a copy, which is checked too when set).
     */
    public Options checkResample(boolean check) {
      this.checkResample = check;
      return this;
    }

    /** Runs only playout {@code i} (to reproduce a failure). */
    public Options onlyPlayout(int i) {
      this.onlyPlayout = i;
      return this;
    }

    public int playouts() {
      return playouts;
    }

    public long seed() {
      return seed;
    }
  }

  /**
   * What a passing run covered.
   *
   * @param game the game string
   * @param playouts playouts run
   * @param states states checked
   * @param informationStates distinct (player, information state) pairs seen at the player's turn
   * @param maxLength longest playout (actions)
   */
  public record Report(String game, int playouts, long states, int informationStates, int maxLength) {}

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
   *     history and invariant
   */
  public static Report check(Game game, Options options) {
    return new Run(game, options).run();
  }

  private static final class Run {
    private final Game game;
    private final Options opt;
    private final int n;
    private final int[] buf;
    private final double[] probs;
    private final boolean resample;
    private final int isSize;
    private final int obsSize;
    private final Map<InfoKey, String[]> infoLegal = new HashMap<>();
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
      this.probs = new double[Math.max(1, game.maxChanceOutcomes())];
      this.resample = opt.checkResample != null ? opt.checkResample : !game.type().isPerfectInformation();
      this.isSize = product(game.informationStateTensorShape());
      this.obsSize = product(game.observationTensorShape());
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
      String where = playout < 0 ? "before the playouts" : "playout " + playout + ", history [" + (current == null ? "" : current.historyString()) + "]";
      return new AssertionError("conformance of " + game.spec() + " (seed " + opt.seed + ", " + where + "): " + invariant + ": " + detail);
    }

    private void require(boolean ok, String invariant, String detail) {
      if (!ok) {
        throw fail(invariant, detail);
      }
    }

    Report run() {
      checkGame();
      int first = opt.onlyPlayout >= 0 ? opt.onlyPlayout : 0;
      int last = opt.onlyPlayout >= 0 ? opt.onlyPlayout + 1 : opt.playouts;
      scratch = game.newInitialState();
      for (int i = first; i < last; i++) {
        playout = i;
        SplittableRandom rng = new SplittableRandom(State.mix64(opt.seed * 0x9E3779B97F4A7C15L + i));
        try {
          playOne(rng);
        } catch (AssertionError e) {
          throw e;
        } catch (RuntimeException e) {
          AssertionError err = fail("no-exception", "unexpected " + e);
          err.initCause(e);
          throw err;
        }
      }
      return new Report(game.spec(), last - first, states, infoLegal.size(), maxLength);
    }

    private void checkGame() {
      GameType t = game.type();
      require(n >= t.minPlayers() && n <= t.maxPlayers(), "game-constants",
          "numPlayers " + n + " outside the type's range " + t.minPlayers() + ".." + t.maxPlayers());
      require(game.numDistinctActions() > 0, "game-constants", "numDistinctActions " + game.numDistinctActions() + " ≤ 0");
      require(game.maxGameLength() > 0, "game-constants", "maxGameLength " + game.maxGameLength() + " ≤ 0");
      require(game.maxDecisions() > 0 && game.maxDecisions() <= game.maxGameLength(), "game-constants",
          "maxDecisions " + game.maxDecisions() + " outside 1..maxGameLength (" + game.maxGameLength() + ")");
      require(t.hasChance() == (game.maxChanceOutcomes() > 0), "game-constants",
          "chance mode " + t.chanceMode() + " but maxChanceOutcomes " + game.maxChanceOutcomes());
      require(game.minUtility() <= game.maxUtility(), "game-constants",
          "minUtility " + game.minUtility() + " > maxUtility " + game.maxUtility());
      if (t.utility() == GameType.Utility.CONSTANT_SUM) {
        double sum = game.utilitySum();
        require(!Double.isNaN(sum), "game-constants", "constant-sum game without a utility sum");
      }
      Game again = GameRegistry.load(game.spec());
      require(again.params().values().equals(game.params().values()), "game-constants",
          "game string '" + game.spec() + "' loads with parameters " + again.params().values() + " instead of " + game.params().values());
      require(again.name().equals(game.name()), "game-constants", "game string '" + game.spec() + "' loads game " + again.name());
    }

    private void playOne(SplittableRandom rng) {
      State s = game.newInitialState();
      current = s;
      int[] applied = new int[16];
      int len = 0;
      int decisions = 0;
      int chanceOutcomes = 0;
      boolean illegalTried = false;
      while (true) {
        states++;
        checkState(s, applied, len, rng);
        if (s.isTerminal()) {
          break;
        }
        if (!illegalTried && rng.nextInt(4) == 0) {
          illegalTried = checkIllegalAction(s);
        }
        boolean decision = !s.isChanceNode();
        int a = pick(s, rng);
        checkCopyAndUndo(s, a, rng);
        if (resample && !s.isChanceNode()) {
          checkResample(s, s.currentPlayer(), s.legalActions(), infoStrings(s), rng);
        }
        s.applyAction(a);
        if (len == applied.length) {
          applied = Arrays.copyOf(applied, len * 2);
        }
        applied[len++] = a;
        if (decision) {
          decisions++;
        } else {
          chanceOutcomes++;
        }
        require(len <= game.maxGameLength(), "length", "history length " + len + " exceeds maxGameLength " + game.maxGameLength());
        require(decisions <= game.maxDecisions(), "length", decisions + " decisions exceed maxDecisions " + game.maxDecisions());
        require(chanceOutcomes <= game.maxChanceNodesInHistory(), "length",
            chanceOutcomes + " chance outcomes exceed maxChanceNodesInHistory " + game.maxChanceNodesInHistory());
      }
      checkTerminalExtras(s);
      maxLength = Math.max(maxLength, len);
    }

    private int pick(State s, SplittableRandom rng) {
      if (s.isChanceNode()) {
        int k = s.chanceOutcomes(buf, probs);
        double u = rng.nextDouble();
        double acc = 0;
        for (int i = 0; i < k; i++) {
          acc += probs[i];
          if (u < acc) {
            return buf[i];
          }
        }
        return buf[k - 1];
      }
      int k = s.legalActions(buf);
      return buf[rng.nextInt(k)];
    }

    private void checkState(State s, int[] applied, int len, SplittableRandom rng) {
      int p = s.currentPlayer();
      require((p >= 0 && p < n) || p == State.CHANCE || p == State.TERMINAL, "current-player", "invalid current player " + p);
      require(s.isTerminal() == (p == State.TERMINAL), "current-player", "isTerminal() " + s.isTerminal() + " with current player " + p);
      require(s.isChanceNode() == (p == State.CHANCE), "current-player", "isChanceNode() " + s.isChanceNode() + " with current player " + p);
      require(p != State.CHANCE || game.type().hasChance(), "current-player", "chance node in a deterministic game");
      require(s.historySize() == len && Arrays.equals(s.history(), Arrays.copyOf(applied, len)), "length",
          "history " + Arrays.toString(s.history()) + " differs from the actions applied " + Arrays.toString(Arrays.copyOf(applied, len)));
      require(len <= game.maxGameLength(), "length", "history length " + len + " exceeds maxGameLength " + game.maxGameLength());

      Arrays.fill(buf, -7);
      int k = s.legalActions(buf);
      int[] legal = Arrays.copyOf(buf, k);
      require(Arrays.equals(legal, s.legalActions()), "legal-actions",
          "legalActions() " + Arrays.toString(s.legalActions()) + " differs from legalActions(int[]) " + Arrays.toString(legal));
      if (p == State.TERMINAL) {
        require(k == 0, "legal-actions", "terminal state has legal actions " + Arrays.toString(legal));
        checkReturns(s);
      } else {
        require(k > 0, "legal-actions", "no legal actions at a non-terminal state (player " + p + ")");
        for (int i = 0; i < k; i++) {
          require(i == 0 || legal[i] > legal[i - 1], "legal-actions", "not strictly ascending (sorted, unique): " + Arrays.toString(legal));
          require(s.isLegal(legal[i]), "legal-actions", "isLegal(" + legal[i] + ") is false for a legal action");
        }
        if (p == State.CHANCE) {
          checkChance(s, legal);
        } else {
          require(legal[0] >= 0 && legal[k - 1] < game.numDistinctActions(), "legal-actions",
              "actions " + Arrays.toString(legal) + " outside [0, " + game.numDistinctActions() + ")");
          require(!s.isLegal(-1) && !s.isLegal(game.numDistinctActions()), "legal-actions", "isLegal accepts an out-of-range action");
        }
        checkActionStrings(s, p, legal);
        if (game.type().rewardModel() == GameType.RewardModel.TERMINAL) {
          for (int q = 0; q < n; q++) {
            require(s.playerReward(q) == 0, "returns", "terminal-reward game gives player " + q + " reward " + s.playerReward(q) + " before the end");
          }
        }
      }
      checkTensors(s);
      String[] info = infoStrings(s);
      for (int q = 0; q < n; q++) {
        s.observationString(q);
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
          require(seen[0].equals(legalText), "information-state",
              "player " + p + " has the same information state " + quoteShort(info[p]) + " after histories " + seen[1] + " and ["
                  + s.historyString() + "] but legal actions " + seen[0] + " and " + legalText);
        }
      }
    }

    private String[] infoStrings(State s) {
      String[] info = new String[n];
      for (int q = 0; q < n; q++) {
        info[q] = s.informationStateString(q);
        require(info[q] != null, "information-state", "informationStateString(" + q + ") is null");
      }
      return info;
    }

    private void checkChance(State s, int[] legal) {
      int k = s.chanceOutcomes(buf, probs);
      require(k <= game.maxChanceOutcomes(), "chance-outcomes", k + " outcomes exceed maxChanceOutcomes " + game.maxChanceOutcomes());
      double sum = 0;
      for (int i = 0; i < k; i++) {
        require(probs[i] > 0, "chance-outcomes", "outcome " + buf[i] + " has probability " + probs[i] + " ≤ 0");
        require(i == 0 || buf[i] > buf[i - 1], "chance-outcomes", "outcome actions not strictly ascending: " + Arrays.toString(Arrays.copyOf(buf, k)));
        sum += probs[i];
      }
      require(Math.abs(sum - 1) <= EPS, "chance-outcomes", "probabilities sum to " + sum + ", not 1 (±1e-9)");
      require(Arrays.equals(Arrays.copyOf(buf, k), legal), "chance-outcomes",
          "legal actions " + Arrays.toString(legal) + " differ from the chance outcomes' actions " + Arrays.toString(Arrays.copyOf(buf, k)));
      require(s.chanceOutcomes().size() == k, "chance-outcomes", "chanceOutcomes() and chanceOutcomes(int[], double[]) disagree");
    }

    private void checkReturns(State s) {
      double[] r = s.returns();
      require(r.length == n, "returns", "returns() has length " + r.length + ", not " + n);
      double sum = 0;
      for (int q = 0; q < n; q++) {
        require(r[q] >= game.minUtility() - EPS && r[q] <= game.maxUtility() + EPS, "returns",
            "player " + q + " return " + r[q] + " outside [" + game.minUtility() + ", " + game.maxUtility() + "]");
        require(r[q] == s.playerReturn(q), "returns", "returns()[" + q + "] differs from playerReturn(" + q + ")");
        sum += r[q];
      }
      switch (game.type().utility()) {
        case ZERO_SUM:
          require(Math.abs(sum) <= EPS, "returns", "zero-sum game's returns " + Arrays.toString(r) + " sum to " + sum);
          break;
        case CONSTANT_SUM:
          require(Math.abs(sum - game.utilitySum()) <= EPS, "returns",
              "constant-sum game's returns " + Arrays.toString(r) + " sum to " + sum + ", not " + game.utilitySum());
          break;
        case IDENTICAL:
          for (int q = 1; q < n; q++) {
            require(Math.abs(r[q] - r[0]) <= EPS, "returns", "identical-utility game's returns differ: " + Arrays.toString(r));
          }
          break;
        default:
          break;
      }
    }

    private void checkActionStrings(State s, int p, int[] legal) {
      Set<String> seen = new HashSet<>();
      for (int a : legal) {
        String text = s.actionToString(p, a);
        require(text != null && !text.isEmpty(), "action-strings", "action " + a + " has an empty string");
        require(seen.add(text), "action-strings", "two legal actions share the string '" + text + "'");
        int back;
        try {
          back = s.stringToAction(text);
        } catch (IllegalArgumentException e) {
          throw fail("action-strings", "stringToAction('" + text + "') threw " + e.getMessage());
        }
        require(back == a, "action-strings", "stringToAction('" + text + "') = " + back + ", not " + a);
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

    private void checkTensor(State s, int q, boolean info) {
      int size = info ? isSize : obsSize;
      float[] t = new float[size];
      Arrays.fill(t, Float.NaN);
      String what = (info ? "informationStateTensor(" : "observationTensor(") + q + ")";
      try {
        if (info) {
          s.informationStateTensor(q, t);
        } else {
          s.observationTensor(q, t);
        }
      } catch (ArrayIndexOutOfBoundsException e) {
        throw fail("tensors", what + " writes beyond the declared size " + size + ": " + e.getMessage());
      } catch (UnsupportedOperationException e) {
        throw fail("tensors", what + " unsupported although its shape is declared");
      }
      for (int i = 0; i < size; i++) {
        require(Float.isFinite(t[i]), "tensors", what + " leaves entry " + i + " of " + size + " unwritten or not finite");
      }
    }

    /** Everything observable about a state, for equality checks. */
    private String fingerprint(State s) {
      StringBuilder sb = new StringBuilder(128);
      sb.append("player=").append(s.currentPlayer());
      sb.append(" history(length ").append(s.historySize()).append(", hash ").append(historyHash(s)).append(')');
      sb.append(" legal=").append(Arrays.toString(s.legalActions()));
      sb.append(" returns=").append(Arrays.toString(s.returns()));
      if (s.isChanceNode()) {
        sb.append(" chance=").append(s.chanceOutcomes());
      }
      if (!game.type().isPerfectInformation()) {
        for (int q = 0; q < n; q++) {
          sb.append(" info").append(q).append('=').append(s.informationStateString(q));
        }
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

    private void checkCopyAndUndo(State s, int a, SplittableRandom rng) {
      String before = fingerprint(s);
      long hash = s.hash();

      State c = s.copy();
      require(c != s, "copy", "copy() returned the same object");
      require(before.equals(fingerprint(c)), "copy", "copy differs from the original:\n" + before + "\nvs\n" + fingerprint(c));
      require(c.hash() == hash, "hash", "copy has hash " + c.hash() + " but the original " + hash);
      c.applyAction(a);
      if (!c.isTerminal()) {
        c.applyAction(pick(c, rng));
      }
      require(before.equals(fingerprint(s)), "copy", "applying actions to a copy changed the original:\n" + before + "\nnow\n" + fingerprint(s));
      require(s.hash() == hash, "copy", "applying actions to a copy changed the original's hash");

      scratch.copyFrom(s);
      require(before.equals(fingerprint(scratch)), "copy",
          "copyFrom into a reused state differs from the original:\n" + before + "\nvs\n" + fingerprint(scratch));
      require(scratch.hash() == hash, "hash", "copyFrom gives hash " + scratch.hash() + " but the original " + hash);
      scratch.applyAction(a);
      require(before.equals(fingerprint(s)), "copy", "applying an action after copyFrom changed the original:\n" + before + "\nnow\n" + fingerprint(s));

      if (s.supportsUndo()) {
        State u = s.copy();
        u.applyAction(a);
        String after = fingerprint(u);
        long afterHash = u.hash();
        u.undoAction(a);
        require(before.equals(fingerprint(u)), "undo", "undo of " + a + " does not restore the state:\n" + before + "\nvs\n" + fingerprint(u));
        require(u.hash() == hash, "undo", "undo of " + a + " gives hash " + u.hash() + " instead of " + hash);
        u.applyAction(a);
        require(after.equals(fingerprint(u)), "undo", "re-applying " + a + " after undo differs:\n" + after + "\nvs\n" + fingerprint(u));
        require(u.hash() == afterHash, "undo", "re-applying " + a + " after undo gives a different hash");
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
        require(expected.getMessage() != null && expected.getMessage().contains(Integer.toString(illegal)), "illegal-action",
            "the message does not name the action: " + expected.getMessage());
      }
      require(before.equals(fingerprint(s)), "illegal-action", "a rejected action changed the state");
      return true;
    }

    private void checkResample(State s, int p, int[] legal, String[] info, SplittableRandom rng) {
      String before = fingerprint(s);
      for (int q = 0; q < n; q++) {
        State w;
        try {
          w = s.resample(q, rng);
        } catch (UnsupportedOperationException e) {
          throw fail("resample", "resample(" + q + ") unsupported: " + e.getMessage());
        }
        require(w != s, "resample", "resample(" + q + ") returned the original object");
        require(info[q].equals(w.informationStateString(q)), "resample",
            "world for player " + q + " has information state " + quoteShort(w.informationStateString(q)) + " instead of " + quoteShort(info[q]));
        require(w.currentPlayer() == p, "resample", "world for player " + q + " has current player " + w.currentPlayer() + " instead of " + p);
        if (q == p) {
          require(Arrays.equals(w.legalActions(), legal), "resample",
              "world for player " + q + " has legal actions " + Arrays.toString(w.legalActions()) + " instead of " + Arrays.toString(legal));
        }
        if (!w.isTerminal() && !w.isChanceNode()) {
          w.applyAction(w.legalActions()[0]);
        }
        require(before.equals(fingerprint(s)), "resample", "playing on a resampled world changed the original");
      }
    }

    private void checkTerminalExtras(State s) {
      MatchRecord rec = MatchRecord.of(s);
      String line = rec.toLine();
      MatchRecord parsed = MatchRecord.parse(line);
      require(parsed.equals(rec), "serialization", "'" + line + "' parses to '" + parsed.toLine() + "'");
      State replayed = parsed.replay();
      require(fingerprint(s).equals(fingerprint(replayed)) && allInfo(s).equals(allInfo(replayed)), "serialization",
          "replaying '" + line + "' gives a different state:\n" + fingerprint(replayed));
      require(replayed.hash() == s.hash(), "serialization", "replayed state has a different hash");
      require(s.copy().hash() == s.hash(), "hash", "terminal copy has a different hash");
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
