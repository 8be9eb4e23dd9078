"""CFR, CFR+, Linear CFR and DCFR (alternating or simultaneous updates), expected returns, exact
best response and NashConv: recursive and dict-keyed, written from the rules of ALGORITHMS.md
§8.4-8.6 and the conventions of OpenSpiel's cfr.py and discounted_cfr.py. Shares no code with
Ponder's Java solvers."""
import sys
from games import CHANCE, TERMINAL


def infosets(root):
    acts = {}
    stack = [root]
    while stack:
        v = stack.pop()
        if v.player >= 0:
            acts[v.key] = len(v.actions)
        stack.extend(v.children)
    return acts


class CFR:
    def __init__(self, root, n, variant="cfr", alternating=True, alpha=1.5, beta=0.0, gamma=2.0):
        self.root, self.n, self.variant, self.alt = root, n, variant, alternating
        if variant == "lcfr":
            alpha, beta, gamma = 1.0, 1.0, 1.0
        self.alpha, self.beta, self.gamma = alpha, beta, gamma
        self.acts = infosets(root)
        self.R = {k: [0.0] * m for k, m in self.acts.items()}
        self.S = {k: [0.0] * m for k, m in self.acts.items()}
        self.sigma = {k: [1.0 / m] * m for k, m in self.acts.items()}
        self.t = 0

    def walk(self, v, reach, up):
        n = self.n
        if v.player == TERMINAL:
            return list(v.util)
        val = [0.0] * n
        if v.player == CHANCE:
            for c, pr in zip(v.children, v.probs):
                r = list(reach)
                r[n] *= pr
                cv = self.walk(c, r, up)
                for q in range(n):
                    val[q] += pr * cv[q]
            return val
        p = v.player
        if all(x == 0 for x in reach[:n]):
            return val
        sig = self.sigma[v.key]
        child = []
        for c, pr in zip(v.children, sig):
            r = list(reach)
            r[p] *= pr
            cv = self.walk(c, r, up)
            child.append(cv[p])
            for q in range(n):
                val[q] += pr * cv[q]
        if up is None or up == p:
            cf = reach[n]
            for q in range(n):
                if q != p:
                    cf *= reach[q]
            w = {"cfr": 1.0, "cfr+": float(self.t), "lcfr": float(self.t)}.get(self.variant)
            if w is None:
                w = float(self.t) ** self.gamma
            for a in range(len(sig)):
                self.R[v.key][a] += cf * (child[a] - val[p])
                self.S[v.key][a] += w * reach[p] * sig[a]
        return val

    def after(self, player):
        t = self.t
        for k, r in self.R.items():
            if player is not None and k[0] != player:
                continue
            for a in range(len(r)):
                if self.variant == "cfr+":
                    r[a] = max(r[a], 0.0)
                elif self.variant in ("lcfr", "dcfr"):
                    if r[a] > 0:
                        r[a] *= t ** self.alpha / (t ** self.alpha + 1)
                    else:
                        r[a] *= t ** self.beta / (t ** self.beta + 1)
            pos = [max(x, 0.0) for x in r]
            s = sum(pos)
            self.sigma[k] = [x / s for x in pos] if s > 0 else [1.0 / len(r)] * len(r)

    def iterate(self):
        self.t += 1
        if self.alt:
            for p in range(self.n):
                self.walk(self.root, [1.0] * (self.n + 1), p)
                self.after(p)
        else:
            self.walk(self.root, [1.0] * (self.n + 1), None)
            self.after(None)

    def average(self):
        out = {}
        for k, s in self.S.items():
            tot = sum(s)
            out[k] = [x / tot for x in s] if tot > 0 else [1.0 / len(s)] * len(s)
        return out


def expected(v, pol, n):
    if v.player == TERMINAL:
        return list(v.util)
    probs = v.probs if v.player == CHANCE else pol[v.key]
    val = [0.0] * n
    for c, pr in zip(v.children, probs):
        if pr == 0:
            continue
        cv = expected(c, pol, n)
        for q in range(n):
            val[q] += pr * cv[q]
    return val


def best_response_value(root, pol, n, i):
    """Exact BR of player i by the sequence-form-free recursion: collect, per infoset of i, its
    histories with opponents'+chance reach; solve infosets bottom-up (deepest depth first)."""
    hist = {}  # key -> list of (node, reach)

    def collect(v, r):
        if v.player == TERMINAL:
            return
        if v.player == i:
            hist.setdefault(v.key, []).append((v, r))
            for c in v.children:
                collect(c, r)
            return
        probs = v.probs if v.player == CHANCE else pol[v.key]
        for c, pr in zip(v.children, probs):
            collect(c, r * pr)

    collect(root, 1.0)
    best = {}
    memo = {}

    def value(v):
        # value for i under BR (best) and pol
        if id(v) in memo:
            return memo[id(v)]
        if v.player == TERMINAL:
            x = v.util[i]
        elif v.player == i:
            x = value(v.children[choose(v.key)])
        else:
            probs = v.probs if v.player == CHANCE else pol[v.key]
            x = sum(pr * value(c) for c, pr in zip(v.children, probs) if pr != 0)
        memo[id(v)] = x
        return x

    def choose(key):
        if key in best:
            return best[key]
        hs = hist[key]
        m = len(hs[0][0].children)
        scores = [sum(r * value(h.children[a]) for h, r in hs) for a in range(m)]
        b = max(range(m), key=lambda a: scores[a])
        best[key] = b
        return b

    sys.setrecursionlimit(100000)
    return value(root), best


def nash_conv(root, pol, n):
    ev = expected(root, pol, n)
    gains = [best_response_value(root, pol, n, i)[0] - ev[i] for i in range(n)]
    return sum(gains), gains, ev
