package dev.ponder.rating;

/**
 * α-Rank (Omidshafiei, Papadimitriou, Piliouras, Tuyls, Rowland, Lespiau, Czarnecki, Lanctot,
 * Pérolat &amp; Munos 2019, "α-Rank: Multi-Agent Evaluation by Evolution", Scientific Reports 9):
 * the stationary distribution of a Markov chain over monomorphic population states in which a
 * single mutant takes over a population with its Fermi fixation probability. Formulas follow
 * OpenSpiel's {@code open_spiel/python/egt/alpharank.py} (ALGORITHMS.md §8.1).
 *
 * <p>Single population (symmetric two-player game, {@code M[r][s]} = payoff to r against s):
 * states are strategies; {@code C[s][r] = ρ(r, s) / (K − 1)}. Multi-population (N populations,
 * strategy counts {@code K_k}): states are profiles, transitions change one population's
 * strategy, {@code C[s][r] = ρ_k(r, s) / Σ_k (K_k − 1)}.
 *
 * <p>α = ∞ ({@code alpha = Double.POSITIVE_INFINITY}, the default): the fixation probability is
 * replaced by the perturbed response graph (1 − ε if the mutant strictly gains, ε if it loses,
 * 1/2 on ties, as OpenSpiel's {@code use_inf_alpha}); ε is decreased 10× at a time from 10⁻²
 * until the distribution changes by less than 10⁻⁹ (or ε reaches 10⁻¹²), which approximates the
 * limit ε → 0 where all mass lies on the sink strongly connected components of the response
 * graph. This is not the limit of a large finite α when some payoffs tie: there a tying mutant
 * drifts to fixation with probability 1/m (neutral drift in the Fermi model), here with 1/2, so
 * the two can give different masses (docs/arena.md, α-Rank: ties). Nor is it that limit when the
 * response graph has several sink strongly connected components (possible with several
 * populations, never with one, where every pair of strategies has an edge): here the mass is split
 * between them by the ε-paths that join them, each ε counting alike whatever the payoff loss,
 * while a large finite α puts nearly all of it on the component that is hardest to leave (two
 * populations, payoffs (3, 3) at profile (0, 0), (1, 1) at (1, 1), 0 elsewhere: α = ∞ gives both
 * profiles 1/2, α = 1 with m = 50 gives (0, 0) all but 3·10⁻⁴³ of it). Without ties and with one sink component
 * the two agree. Stationary distributions are computed with the Grassmann–Taksar–Heyman elimination
 * (Grassmann, Taksar &amp; Heyman 1985), which is stable for the tiny transition probabilities;
 * at a finite α whose fixation probabilities fall below what a double holds (a losing mutant's is
 * about e^{−(m−1)αΔ}, under 10⁻³⁰⁸ from αΔ ≈ 15 at m = 50), the chain is built and solved in
 * logarithms ({@link Markov#stationaryLog}), so any α, however large, gives the masses to double
 * precision.
 */
public final class AlphaRank {
  /** Largest chain handled (states); GTH elimination is cubic in it. */
  public static final int MAX_STATES = 1000;

  private AlphaRank() {}

  /** Selection model for finite α. */
  public enum Model {
    /** OpenSpiel's default local model: ρ from the head-to-head payoff difference. */
    LOCAL,
    /** Fermi process in a finite population of m individuals with payoffs mixed by k mutants. */
    FULL
  }

  /**
   * Options.
   *
   * @param alpha selection intensity α &gt; 0, or {@code Double.POSITIVE_INFINITY} for the
   *     perturbed response graph (a tie weighs 1/2 there, 1/m at a large finite α: see the class
   *     comment)
   * @param populationSize m ≥ 2 (OpenSpiel's default 50)
   * @param model selection model for finite α (single population only; multi-population always
   *     uses the payoff difference of the deviating population)
   */
  public record Options(double alpha, int populationSize, Model model) {
    /**
     * The largest finite α: α · Δf · (m − 1) then stays far inside the doubles for any payoff
     * gap and population (above about 1e307 it overflows, and a losing mutant's log fixation
     * probability, −∞, would cut the chain's transitions). A losing mutant's fixation probability
     * is already e^{−10^100·Δf·(m−1)} here, so larger values change nothing but ties.
     */
    public static final double MAX_FINITE_ALPHA = 1e100;

    /** The largest population size m (the full model's fixation sums m − 1 terms per pair). */
    public static final int MAX_POPULATION = 1_000_000;

    /**
     * Checks α and m.
     *
     * @throws IllegalArgumentException if {@code alpha} is not &gt; 0 (NaN included), is finite and
     *     above {@link #MAX_FINITE_ALPHA}, or {@code populationSize} is outside 2..{@link
     *     #MAX_POPULATION}
     */
    public Options {
      if (!(alpha > 0)) {
        throw new IllegalArgumentException("alpha must be greater than 0 (or infinity), got " + alpha);
      }
      if (alpha > MAX_FINITE_ALPHA && alpha != Double.POSITIVE_INFINITY) {
        throw new IllegalArgumentException("a finite alpha must be at most " + MAX_FINITE_ALPHA + " (or infinity), got " + alpha);
      }
      if (populationSize < 2 || populationSize > MAX_POPULATION) {
        throw new IllegalArgumentException("population size must be in 2.." + MAX_POPULATION + ", got " + populationSize);
      }
    }

    /** α = ∞ (the perturbed response graph; ties weigh 1/2), m = 50, local model. */
    public static Options infinite() {
      return new Options(Double.POSITIVE_INFINITY, 50, Model.LOCAL);
    }
  }

  /**
   * Single-population α-Rank.
   *
   * @param payoff K × K, {@code payoff[r][s]} = payoff to strategy r against s
   * @return π over the K strategies (sums to 1)
   */
  public static double[] singlePopulation(double[][] payoff, Options o) {
    return singlePopulation(payoff, o, null);
  }

  /**
   * Single-population α-Rank, for α → ∞ looked up in (or added to) {@code memo}: the result is
   * the one {@link #singlePopulation(double[][], Options)} returns, bit for bit.
   *
   * @param memo results of earlier calls with the same response graph; null = none
   */
  public static double[] singlePopulation(double[][] payoff, Options o, Memo memo) {
    int k = payoff.length;
    if (k == 1) {
      return new double[] {1.0};
    }
    if (Double.isInfinite(o.alpha())) {
      if (memo == null) {
        return infiniteAlpha(singleGains(payoff), 1.0 / (k - 1), eps -> singleChain(payoff, o, eps));
      }
      Memo.Key key = Memo.singleKey(payoff);
      return memo.get(key, () -> infiniteAlpha(singleGains(payoff), 1.0 / (k - 1), eps -> singleChain(payoff, o, eps)));
    }
    return finiteAlpha(singleLogChain(payoff, o));
  }

  /**
   * α-Rank at a finite α from the chain's log transition probabilities {@code logC} (−∞: none):
   * solved in doubles, from the probabilities {@code exp(logC)} (the diagonal 1 minus the row's
   * others), when every probability is at least 2⁻⁹⁰⁰, else in logarithms ({@link
   * Markov#stationaryLog}). A losing mutant's fixation probability is about e^{−(m−1)αΔ}, below
   * the smallest double (10⁻³⁰⁸) already at αΔ ≈ 15 with m = 50; rounded to the smallest double,
   * two such probabilities would compare equal and the masses that rest on their ratio would be
   * wrong, as would a state-0 mass that makes every other mass overflow. In logarithms they keep
   * their ratios at any α. The chain is built once, in logarithms, for both paths.
   */
  private static double[] finiteAlpha(double[][] logC) {
    int n = logC.length;
    for (int s = 0; s < n; s++) {
      for (int r = 0; r < n; r++) {
        double x = logC[s][r];
        if (r != s && x > Double.NEGATIVE_INFINITY && !(x >= LOG_SMALL)) {
          return Markov.stationaryLog(logC);
        }
      }
    }
    double[][] c = new double[n][n];
    for (int s = 0; s < n; s++) {
      double row = 0;
      for (int r = 0; r < n; r++) {
        if (r != s) {
          c[s][r] = Math.exp(logC[s][r]); // exp(−∞) = 0: no transition
          row += c[s][r];
        }
      }
      c[s][s] = 1 - row;
    }
    return Markov.stationary(c);
  }

  /** log 2⁻⁹⁰⁰: smaller transition probabilities send a finite-α chain to {@link Markov#stationaryLog}. */
  private static final double LOG_SMALL = -900 * Math.log(2);

  /** Single population at a finite α: {@code log C[s][r] = log η + log ρ(r, s)}, −∞ on the diagonal. */
  private static double[][] singleLogChain(double[][] m, Options o) {
    int k = m.length;
    double logEta = -Math.log(k - 1);
    double[][] c = new double[k][k];
    for (int s = 0; s < k; s++) {
      for (int r = 0; r < k; r++) {
        c[s][r] = r == s ? Double.NEGATIVE_INFINITY
            : logEta + (o.model() == Model.LOCAL ? logFixation(o.alpha() * (m[r][s] - m[s][r]), o.populationSize())
                : logFixationFull(m, r, s, o.alpha(), o.populationSize()));
      }
    }
    return c;
  }

  private static double[][] singleChain(double[][] m, Options o, double eps) {
    int k = m.length;
    double eta = 1.0 / (k - 1);
    double[][] c = new double[k][k];
    for (int s = 0; s < k; s++) {
      double row = 0;
      for (int r = 0; r < k; r++) {
        if (r == s) {
          continue;
        }
        c[s][r] = eta * responseEdge(m[r][s] - m[s][r], eps);
        row += c[s][r];
      }
      c[s][s] = 1 - row;
    }
    return c;
  }

  /**
   * Multi-population α-Rank.
   *
   * @param numStrategies K_k per population (N = length ≥ 1)
   * @param payoff per profile (mixed-radix index, population 0 most significant), the payoff to
   *     each population: {@code payoff[profile][k]}
   * @return π over the profiles (length Π K_k, indexed as {@code payoff}; sums to 1)
   * @throws IllegalArgumentException if the number of profiles exceeds {@link #MAX_STATES}
   */
  public static double[] multiPopulation(int[] numStrategies, double[][] payoff, Options o) {
    return multiPopulation(numStrategies, payoff, o, null);
  }

  /**
   * Multi-population α-Rank, for α → ∞ looked up in (or added to) {@code memo}: the result is
   * the one {@link #multiPopulation(int[], double[][], Options)} returns, bit for bit.
   *
   * @param memo results of earlier calls with the same response graph; null = none
   * @throws IllegalArgumentException if the number of profiles exceeds {@link #MAX_STATES}
   */
  public static double[] multiPopulation(int[] numStrategies, double[][] payoff, Options o, Memo memo) {
    int n = 1;
    int sumDev = 0;
    for (int ks : numStrategies) {
      n *= ks;
      sumDev += ks - 1;
    }
    if (n != payoff.length) {
      throw new IllegalArgumentException("payoff has " + payoff.length + " profiles, expected " + n);
    }
    if (n > MAX_STATES) {
      throw new IllegalArgumentException("alpha-rank over " + n + " profiles exceeds the limit " + MAX_STATES);
    }
    if (n == 1) {
      return new double[] {1.0};
    }
    final int dev = sumDev;
    if (Double.isInfinite(o.alpha())) {
      if (memo == null) {
        return infiniteAlpha(multiGains(numStrategies, payoff), 1.0 / dev,
            eps -> multiChain(numStrategies, payoff, o, eps, dev));
      }
      Memo.Key key = Memo.multiKey(numStrategies, payoff);
      return memo.get(key, () -> infiniteAlpha(multiGains(numStrategies, payoff), 1.0 / dev,
          eps -> multiChain(numStrategies, payoff, o, eps, dev)));
    }
    return finiteAlpha(multiLogChain(numStrategies, payoff, o, dev));
  }

  /**
   * Profile index strides of populations with {@code ks[p]} strategies each: profile s plays
   * strategy {@code (s / stride[p]) % ks[p]} in population p (the last population varies fastest).
   */
  private static int[] strides(int[] ks) {
    int[] stride = new int[ks.length];
    int st = 1;
    for (int p = ks.length - 1; p >= 0; p--) {
      stride[p] = st;
      st *= ks[p];
    }
    return stride;
  }

  /** Profiles one population's deviation reaches from a profile: Σ_p (ks[p] − 1). */
  private static int deviations(int[] ks) {
    int d = 0;
    for (int k : ks) {
      d += k - 1;
    }
    return d;
  }

  private static double[][] multiChain(int[] ks, double[][] payoff, Options o, double eps, int sumDev) {
    int n = payoff.length;
    int pops = ks.length;
    int[] stride = strides(ks);
    double eta = 1.0 / sumDev;
    double[][] c = new double[n][n];
    for (int s = 0; s < n; s++) {
      double row = 0;
      for (int p = 0; p < pops; p++) {
        int cur = (s / stride[p]) % ks[p];
        for (int alt = 0; alt < ks[p]; alt++) {
          if (alt == cur) {
            continue;
          }
          int r = s + (alt - cur) * stride[p];
          double diff = payoff[r][p] - payoff[s][p];
          double rho = responseEdge(diff, eps);
          c[s][r] = eta * rho;
          row += c[s][r];
        }
      }
      c[s][s] = 1 - row;
    }
    return c;
  }

  /** Multi-population at a finite α: {@code log C[s][r] = log η + log ρ_k(r, s)}, −∞ where no one deviation leads. */
  private static double[][] multiLogChain(int[] ks, double[][] payoff, Options o, int sumDev) {
    int n = payoff.length;
    int pops = ks.length;
    int[] stride = strides(ks);
    double logEta = -Math.log(sumDev);
    double[][] c = new double[n][n];
    for (int s = 0; s < n; s++) {
      java.util.Arrays.fill(c[s], Double.NEGATIVE_INFINITY);
      for (int p = 0; p < pops; p++) {
        int cur = (s / stride[p]) % ks[p];
        for (int alt = 0; alt < ks[p]; alt++) {
          if (alt != cur) {
            int r = s + (alt - cur) * stride[p];
            c[s][r] = logEta + logFixation(o.alpha() * (payoff[r][p] - payoff[s][p]), o.populationSize());
          }
        }
      }
    }
    return c;
  }

  /**
   * Per-strategy mass of a multi-population distribution: {@code m_a = (1/N) Σ_k Σ_{s: s_k = a}
   * π(s)} (seed 000's per-agent mass), for populations sharing one strategy set of size K.
   *
   * @param pi the distribution over the K^N profiles ({@link #multiPopulation}'s result)
   * @param k K, strategies per population
   * @param pops N, the number of populations
   * @return length K, indexed by strategy; sums to the sum of {@code pi}
   */
  public static double[] marginalMass(double[] pi, int k, int pops) {
    double[] m = new double[k];
    for (int s = 0; s < pi.length; s++) {
      int x = s;
      for (int p = pops - 1; p >= 0; p--) {
        m[x % k] += pi[s] / pops;
        x /= k;
      }
    }
    return m;
  }

  /**
   * Results of α → ∞ α-Rank keyed by the response graph. For α → ∞ the chain of every ε in the
   * sweep is built from the dimensions and, per edge, only whether the mutant gains, loses or
   * ties ({@link #responseEdge}), so two payoff tables with the same response graph give the same
   * π bit for bit; a bootstrap that recomputes α-Rank from resampled payoffs meets the same graph
   * again and again (any agent that wins clearly wins in most resamples). Thread-safe. Holds at
   * most {@code maxBytes} of keys and values (about; entries beyond that are computed and not
   * kept).
   */
  public static final class Memo {
    private final java.util.concurrent.ConcurrentHashMap<Key, double[]> map = new java.util.concurrent.ConcurrentHashMap<>();
    private final long maxBytes;
    private final java.util.concurrent.atomic.AtomicLong bytes = new java.util.concurrent.atomic.AtomicLong();
    private final java.util.concurrent.atomic.AtomicLong hits = new java.util.concurrent.atomic.AtomicLong();
    private final java.util.concurrent.atomic.AtomicLong misses = new java.util.concurrent.atomic.AtomicLong();

    /** @param maxBytes about the most memory the kept results may use (≥ 0) */
    public Memo(long maxBytes) {
      this.maxBytes = maxBytes;
    }

    /** Number of lookups answered from the memo. */
    public long hits() {
      return hits.get();
    }

    /** Number of lookups that computed α-Rank. */
    public long misses() {
      return misses.get();
    }

    double[] get(Key key, java.util.function.Supplier<double[]> compute) {
      double[] pi = map.get(key);
      if (pi != null) {
        hits.incrementAndGet();
        return pi.clone();
      }
      misses.incrementAndGet();
      pi = compute.get();
      long size = 8L * pi.length + key.edges.length + 64;
      if (bytes.addAndGet(size) <= maxBytes) {
        map.putIfAbsent(key, pi.clone());
      } else {
        bytes.addAndGet(-size);
      }
      return pi;
    }

    /** A response graph: the dimensions and one sign per edge in the chain builder's order. */
    static final class Key {
      final int[] dims;
      final byte[] edges;
      final int hash;

      Key(int[] dims, byte[] edges) {
        this.dims = dims;
        this.edges = edges;
        this.hash = 31 * java.util.Arrays.hashCode(dims) + java.util.Arrays.hashCode(edges);
      }

      @Override
      public boolean equals(Object o) {
        return o instanceof Key k && hash == k.hash && java.util.Arrays.equals(dims, k.dims)
            && java.util.Arrays.equals(edges, k.edges);
      }

      @Override
      public int hashCode() {
        return hash;
      }
    }

    /** −1, 0 or 1 as {@link #responseEdge} sees the gain (loses, ties, gains). */
    private static byte sign(double gain) {
      return (byte) (gain > 1e-12 ? 1 : gain < -1e-12 ? -1 : 0);
    }

    static Key singleKey(double[][] m) {
      int k = m.length;
      byte[] e = new byte[k * k];
      for (int s = 0; s < k; s++) {
        for (int r = 0; r < k; r++) {
          if (r != s) {
            e[s * k + r] = sign(m[r][s] - m[s][r]);
          }
        }
      }
      return new Key(new int[] {k}, e);
    }

    static Key multiKey(int[] ks, double[][] payoff) {
      int n = payoff.length;
      int pops = ks.length;
      int[] stride = strides(ks);
      byte[] e = new byte[n * deviations(ks)];
      int i = 0;
      for (int s = 0; s < n; s++) {
        for (int p = 0; p < pops; p++) {
          int cur = (s / stride[p]) % ks[p];
          for (int alt = 0; alt < ks[p]; alt++) {
            if (alt != cur) {
              e[i++] = sign(payoff[s + (alt - cur) * stride[p]][p] - payoff[s][p]);
            }
          }
        }
      }
      return new Key(ks.clone(), e);
    }
  }

  private static double responseEdge(double gain, double eps) {
    if (gain > 1e-12) {
      return 1 - eps;
    } else if (gain < -1e-12) {
      return eps;
    }
    return 0.5;
  }

  /**
   * Fermi fixation probability {@code (1 − e^{−u}) / (1 − e^{−m u})} with {@code u = α Δf},
   * computed without overflow; {@code 1/m} at u = 0. Below about u = −745 / (m − 1) it is
   * smaller than the smallest double and comes out as 0 (or subnormal): {@link #logFixation}
   * keeps it.
   */
  static double fixation(double u, int m) {
    if (Math.abs(u) < 1e-12) {
      return 1.0 / m;
    }
    if (u > 0) {
      return -Math.expm1(-u) / -Math.expm1(-m * u);
    }
    double v = -u;
    // (e^v − 1)/(e^{mv} − 1) = e^{−(m−1)v} (1 − e^{−v}) / (1 − e^{−mv})
    return Math.exp(-(m - 1) * v) * (-Math.expm1(-v)) / (-Math.expm1(-m * v));
  }

  /** The natural logarithm of {@link #fixation}, finite for every finite u. */
  static double logFixation(double u, int m) {
    if (Math.abs(u) < 1e-12) {
      return -Math.log(m);
    }
    if (u > 0) {
      return Math.log(-Math.expm1(-u)) - Math.log(-Math.expm1(-m * u));
    }
    double v = -u;
    return -(m - 1) * v + Math.log(-Math.expm1(-v)) - Math.log(-Math.expm1(-m * v));
  }

  /**
   * Full finite-population fixation probability of mutant r in a population of s:
   * {@code 1 / (1 + Σ_{l=1}^{m−1} Π_{k=1}^{l} exp(−α (f_r(k) − f_s(k))))}; 0 (or subnormal) where
   * it is below the smallest double ({@link #logFixationFull} keeps it).
   */
  static double fixationFull(double[][] m, int r, int s, double alpha, int pop) {
    double[] ms = fullTerms(m, r, s, alpha, pop);
    return Math.exp(-ms[0]) / ms[1];
  }

  /** The natural logarithm of {@link #fixationFull}, finite for finite payoffs. */
  static double logFixationFull(double[][] m, int r, int s, double alpha, int pop) {
    double[] ms = fullTerms(m, r, s, alpha, pop);
    return -ms[0] - Math.log(ms[1]);
  }

  /**
   * {@code {M, S}} with {@code 1 + Σ_l e^{L_l} = e^{M} S}: {@code L_l = −α Σ_{k ≤ l} (f_r(k) −
   * f_s(k))}, {@code M = max(0, max_l L_l)}, {@code S = e^{−M} + Σ_l e^{L_l − M}} (in [1, m]).
   */
  private static double[] fullTerms(double[][] m, int r, int s, double alpha, int pop) {
    double logTerm = 0;
    double maxLog = 0;
    double[] logs = new double[pop - 1];
    for (int l = 1; l < pop; l++) {
      int k = l;
      double fr = ((k - 1.0) / (pop - 1)) * m[r][r] + ((pop - k) / (pop - 1.0)) * m[r][s];
      double fs = ((pop - k - 1.0) / (pop - 1)) * m[s][s] + (k / (pop - 1.0)) * m[s][r];
      logTerm += -alpha * (fr - fs);
      logs[l - 1] = logTerm;
      maxLog = Math.max(maxLog, logTerm);
    }
    // 1 / (1 + Σ e^{logs}) = e^{−maxLog} / (e^{−maxLog} + Σ e^{logs − maxLog})
    double sum = Math.exp(-maxLog);
    for (double lg : logs) {
      sum += Math.exp(lg - maxLog);
    }
    return new double[] {maxLog, sum};
  }

  interface ChainBuilder {
    double[][] build(double eps);
  }

  /**
   * The edges of a chain's response graph: {@code to[s][i]} is the i-th state a mutant can move
   * state s to, {@code gain[s][i]} the mutant's payoff gain (positive: it gains).
   */
  record Edges(int[][] to, double[][] gain) {}

  /** Single population: state s (the resident strategy) to every other strategy r, gain M[r][s] − M[s][r]. */
  static Edges singleGains(double[][] m) {
    int k = m.length;
    int[][] to = new int[k][k - 1];
    double[][] gain = new double[k][k - 1];
    for (int s = 0; s < k; s++) {
      int i = 0;
      for (int r = 0; r < k; r++) {
        if (r != s) {
          to[s][i] = r;
          gain[s][i++] = m[r][s] - m[s][r];
        }
      }
    }
    return new Edges(to, gain);
  }

  /** Multi-population: profile s to every profile differing in one population p, gain payoff[r][p] − payoff[s][p]. */
  static Edges multiGains(int[] ks, double[][] payoff) {
    int n = payoff.length;
    int pops = ks.length;
    int[] stride = strides(ks);
    int sumDev = deviations(ks);
    int[][] to = new int[n][sumDev];
    double[][] gain = new double[n][sumDev];
    for (int s = 0; s < n; s++) {
      int i = 0;
      for (int p = 0; p < pops; p++) {
        int cur = (s / stride[p]) % ks[p];
        for (int alt = 0; alt < ks[p]; alt++) {
          if (alt != cur) {
            int r = s + (alt - cur) * stride[p];
            to[s][i] = r;
            gain[s][i++] = payoff[r][p] - payoff[s][p];
          }
        }
      }
    }
    return new Edges(to, gain);
  }

  /**
   * α → ∞ α-Rank. The <em>strong</em> edges of the response graph are those a mutant takes with a
   * probability that does not vanish as ε → 0: it gains (1 − ε) or ties (1/2). When the strong
   * graph has a single sink strongly connected component S (no strong edge leaves it), the ε = 0
   * chain has S as its only closed class, so its stationary distribution is unique, lies on S,
   * and is the limit of the ε-perturbed chain's stationary distribution as ε → 0 (a chain whose
   * stationary distribution is unique has one that depends continuously on its transition
   * probabilities). It is then computed exactly on S alone (|S| states instead of all; the
   * strong edges inside S have probability η or η/2). With several sink components the limit's
   * split between them depends on the ε-paths between them, and the ε sweep over the whole chain
   * ({@link #sweep}) is used. The two agree within the sweep's own convergence (about 10⁻⁹ per
   * state; tests check 10⁻⁸ against the sweep).
   *
   * @param eta the chain's η (1 / (K − 1), or 1 / Σ (K_k − 1))
   */
  static double[] infiniteAlpha(Edges e, double eta, ChainBuilder sweepChain) {
    int[] sink = singleSink(e);
    if (sink == null) {
      return sweep(sweepChain);
    }
    int n = e.to().length;
    double[] pi = new double[n];
    if (sink.length == 1) {
      pi[sink[0]] = 1;
      return pi;
    }
    int[] index = new int[n];
    java.util.Arrays.fill(index, -1);
    for (int i = 0; i < sink.length; i++) {
      index[sink[i]] = i;
    }
    double[][] c = new double[sink.length][sink.length];
    for (int i = 0; i < sink.length; i++) {
      int s = sink[i];
      double row = 0;
      for (int x = 0; x < e.to()[s].length; x++) {
        double g = e.gain()[s][x];
        if (g >= -1e-12) { // strong: stays inside S, which has no strong edge out
          double p = eta * (g > 1e-12 ? 1 : 0.5);
          c[i][index[e.to()[s][x]]] = p;
          row += p;
        }
      }
      c[i][i] = 1 - row;
    }
    double[] sub = Markov.stationary(c);
    for (int i = 0; i < sink.length; i++) {
      pi[sink[i]] = sub[i];
    }
    return pi;
  }

  /**
   * The states of the strong response graph's only sink strongly connected component, in
   * increasing order, or null when it has several (Tarjan 1972, iteratively).
   */
  static int[] singleSink(Edges e) {
    int n = e.to().length;
    int[] index = new int[n];
    int[] low = new int[n];
    int[] comp = new int[n];
    boolean[] onStack = new boolean[n];
    java.util.Arrays.fill(index, -1);
    int[] stack = new int[n];
    int sp = 0;
    int[] callState = new int[n];
    int[] callEdge = new int[n];
    int counter = 0;
    int comps = 0;
    for (int root = 0; root < n; root++) {
      if (index[root] >= 0) {
        continue;
      }
      int depth = 0;
      callState[0] = root;
      callEdge[0] = 0;
      index[root] = low[root] = counter++;
      stack[sp++] = root;
      onStack[root] = true;
      while (depth >= 0) {
        int v = callState[depth];
        int[] to = e.to()[v];
        double[] gain = e.gain()[v];
        boolean descended = false;
        while (callEdge[depth] < to.length) {
          int x = callEdge[depth]++;
          if (gain[x] < -1e-12) {
            continue;
          }
          int w = to[x];
          if (index[w] < 0) {
            index[w] = low[w] = counter++;
            stack[sp++] = w;
            onStack[w] = true;
            depth++;
            callState[depth] = w;
            callEdge[depth] = 0;
            descended = true;
            break;
          } else if (onStack[w]) {
            low[v] = Math.min(low[v], index[w]);
          }
        }
        if (descended) {
          continue;
        }
        if (low[v] == index[v]) {
          int w;
          do {
            w = stack[--sp];
            onStack[w] = false;
            comp[w] = comps;
          } while (w != v);
          comps++;
        }
        depth--;
        if (depth >= 0) {
          int u = callState[depth];
          low[u] = Math.min(low[u], low[v]);
        }
      }
    }
    boolean[] leaves = new boolean[comps];
    for (int v = 0; v < n; v++) {
      for (int x = 0; x < e.to()[v].length; x++) {
        if (e.gain()[v][x] >= -1e-12 && comp[e.to()[v][x]] != comp[v]) {
          leaves[comp[v]] = true;
        }
      }
    }
    int sinkComp = -1;
    for (int c = 0; c < comps; c++) {
      if (!leaves[c]) {
        if (sinkComp >= 0) {
          return null;
        }
        sinkComp = c;
      }
    }
    int size = 0;
    for (int v = 0; v < n; v++) {
      size += comp[v] == sinkComp ? 1 : 0;
    }
    int[] out = new int[size];
    int i = 0;
    for (int v = 0; v < n; v++) {
      if (comp[v] == sinkComp) {
        out[i++] = v;
      }
    }
    return out;
  }

  /**
   * The stationary distribution of the ε-perturbed chain for ε = 10⁻², 10⁻³, … until it changes
   * by less than 10⁻⁹ (or ε reaches 10⁻¹²).
   */
  static double[] sweep(ChainBuilder b) {
    double eps = 1e-2;
    double[] pi = Markov.stationary(b.build(eps));
    while (eps > 1e-12) {
      eps /= 10;
      double[] next = Markov.stationary(b.build(eps));
      double diff = 0;
      for (int i = 0; i < pi.length; i++) {
        diff = Math.max(diff, Math.abs(next[i] - pi[i]));
      }
      pi = next;
      if (diff < 1e-9) {
        break;
      }
    }
    return pi;
  }
}
