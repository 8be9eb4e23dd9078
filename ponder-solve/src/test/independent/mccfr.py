"""Outcome-sampling Monte Carlo CFR (Lanctot, Waugh, Zinkevich & Bowling 2009), recursive and
dict-keyed, written from ALGORITHMS.md §8.7 and the conventions of OpenSpiel's
outcome_sampling_mccfr.py. Shares no code with Ponder's Java solvers.

Every random choice is one next_double() of a java.util.SplittableRandom stream (splitmix.py),
drawn in the order a walk meets the choices, and turned into an index by the running sum of the
probabilities (the first index whose running sum exceeds the draw; the last if none does). With
the seed Ponder's MccfrSolver is given, the stream and the order are the same as its own, so the
two sample the same trajectories and the results can be compared number for number."""
from games import CHANCE, TERMINAL
from cfr import infosets
from splitmix import SplittableRandom


def draw(probs, u):
    acc = 0.0
    for j, p in enumerate(probs):
        acc += p
        if u < acc:
            return j
    return len(probs) - 1


class OutcomeSampling:
    """One iteration: a sampled trajectory for each player i = 0..n-1 in turn, updating i's regrets
    and average policy. Regrets and strategy sums start at 0 (current policy uniform)."""

    def __init__(self, root, n, epsilon=0.6, seed=0):
        self.root, self.n, self.eps = root, n, epsilon
        self.rng = SplittableRandom(seed)
        acts = infosets(root)
        self.R = {k: [0.0] * m for k, m in acts.items()}
        self.S = {k: [0.0] * m for k, m in acts.items()}

    def sigma(self, key):
        r = self.R[key]
        pos = sum(x for x in r if x > 0)
        return [max(x, 0.0) / pos for x in r] if pos > 0 else [1.0 / len(r)] * len(r)

    def walk(self, v, i, my, opp, q):
        """Sampled value of v for player i. my: i's reach; opp: the other players' reach (chance
        left out); q: the probability of sampling the players' actions so far."""
        if v.player == TERMINAL:
            return v.util[i]
        if v.player == CHANCE:
            c = draw(v.probs, self.rng.next_double())
            return self.walk(v.children[c], i, my, opp, q)
        sig = self.sigma(v.key)
        m = len(sig)
        if v.player == i:
            explore = [self.eps / m + (1 - self.eps) * s for s in sig]
        else:
            explore = sig
        a = draw(explore, self.rng.next_double())
        qa = explore[a]
        if v.player == i:
            child = self.walk(v.children[a], i, my * sig[a], opp, q * qa)
        else:
            child = self.walk(v.children[a], i, my, opp * sig[a], q * qa)
        est = [0.0] * m
        est[a] = child / qa  # importance-weighted value of the sampled action, 0 for the others
        value = sum(s * e for s, e in zip(sig, est))
        if v.player == i:
            w = opp / q
            for b in range(m):
                self.R[v.key][b] += (est[b] - value) * w
                self.S[v.key][b] += my * sig[b] / q
        return value

    def iterate(self):
        for i in range(self.n):
            self.walk(self.root, i, 1.0, 1.0, 1.0)

    def average(self):
        out = {}
        for k, s in self.S.items():
            tot = sum(s)
            out[k] = [x / tot for x in s] if tot > 0 else [1.0 / len(s)] * len(s)
        return out
