"""Kuhn poker (n players) and Leduc poker (2 players) as explicit game trees, written from the
games' rules with OpenSpiel's conventions (card and action numbering, information-state keys as
(player, private card, ...)). Shares no code with Ponder's Java games."""

CHANCE, TERMINAL = -1, -4


class Node:
    __slots__ = ("player", "children", "probs", "actions", "key", "util", "depth")

    def __init__(self):
        self.player = None
        self.children = []
        self.probs = []
        self.actions = []
        self.key = None
        self.util = None
        self.depth = 0


# ---------------- Kuhn ----------------
def kuhn(n=2):
    cards = list(range(n + 1))

    def build(dealt, hist, depth):
        node = Node()
        node.depth = depth
        if len(dealt) < n:
            node.player = CHANCE
            rest = [c for c in cards if c not in dealt]
            for c in rest:
                node.actions.append(c)
                node.probs.append(1.0 / len(rest))
                node.children.append(build(dealt + [c], hist, depth + 1))
            return node
        # betting: hist is a string of 'p'/'b' in turn order starting at player 0
        first_bet = hist.find('b')
        done = False
        if first_bet < 0:
            done = len(hist) == n  # all passed
        else:
            done = len(hist) == first_bet + n  # everyone after the bettor answered once
        if done:
            node.player = TERMINAL
            contrib = [1] * n
            if first_bet < 0:
                contenders = list(range(n))
            else:
                contenders = []
                for idx in range(first_bet, len(hist)):
                    pl = idx % n
                    if hist[idx] == 'b':
                        contrib[pl] += 1
                        contenders.append(pl)
            pot = sum(contrib)
            winner = max(contenders, key=lambda q: dealt[q])
            node.util = [(pot if q == winner else 0) - contrib[q] for q in range(n)]
            return node
        p = len(hist) % n
        node.player = p
        node.key = (p, dealt[p], hist)
        for a, ch in ((0, 'p'), (1, 'b')):
            node.actions.append(a)
            node.probs.append(None)
            node.children.append(build(dealt, hist + ch, depth + 1))
        return node

    return build([], "", 0), n


# ---------------- Leduc (2 players, OpenSpiel rules) ----------------
FOLD, CALL, RAISE = 0, 1, 2


def leduc():
    n = 2
    deck = list(range(6))

    def rank(c):
        return c // 2

    def build(priv, public, rnd, seq1, seq2, contrib, to_call_raises, cur, acted, depth):
        # to_call_raises: number of raises this round; acted: actions taken this round
        node = Node()
        node.depth = depth
        if len(priv) < 2:
            node.player = CHANCE
            rest = [c for c in deck if c not in priv]
            for c in rest:
                node.actions.append(c)
                node.probs.append(1.0 / len(rest))
                node.children.append(build(priv + [c], public, rnd, seq1, seq2, contrib, 0, 0, 0, depth + 1))
            return node
        if rnd == 2 and public is None:
            node.player = CHANCE
            rest = [c for c in deck if c not in priv]
            for c in rest:
                node.actions.append(c)
                node.probs.append(1.0 / len(rest))
                node.children.append(build(priv, c, rnd, seq1, seq2, contrib, 0, 0, 0, depth + 1))
            return node
        p = cur
        facing = contrib[1 - p] > contrib[p]
        legal = ([FOLD] if facing else []) + [CALL] + ([RAISE] if to_call_raises < 2 else [])
        node.player = p
        node.key = (p, priv[p], public, seq1, seq2)
        bet = 2 if rnd == 1 else 4
        for a in legal:
            node.actions.append(a)
            node.probs.append(None)
            s1, s2 = seq1, seq2
            if rnd == 1:
                s1 = seq1 + "fcr"[a]
            else:
                s2 = seq2 + "fcr"[a]
            if a == FOLD:
                t = Node()
                t.depth = depth + 1
                t.player = TERMINAL
                pot = sum(contrib)
                t.util = [(pot if q != p else 0) - contrib[q] for q in range(2)]
                node.children.append(t)
                continue
            c2 = list(contrib)
            if a == CALL:
                c2[p] = c2[1 - p]
                round_over = acted >= 1  # check-check or bet-call
                if round_over:
                    if rnd == 1:
                        node.children.append(build(priv, None, 2, s1, s2, c2, 0, 0, 0, depth + 1))
                    else:
                        t = Node()
                        t.depth = depth + 1
                        t.player = TERMINAL
                        pot = sum(c2)
                        h0 = (rank(priv[0]) == rank(public), rank(priv[0]))
                        h1 = (rank(priv[1]) == rank(public), rank(priv[1]))
                        if h0 > h1:
                            t.util = [pot - c2[0], -c2[1]]
                        elif h1 > h0:
                            t.util = [-c2[0], pot - c2[1]]
                        else:
                            t.util = [pot / 2 - c2[0], pot / 2 - c2[1]]
                        node.children.append(t)
                    continue
                node.children.append(build(priv, public, rnd, s1, s2, c2, to_call_raises, 1 - p, acted + 1, depth + 1))
            else:
                c2[p] = c2[1 - p] + bet
                node.children.append(build(priv, public, rnd, s1, s2, c2, to_call_raises + 1, 1 - p, acted + 1, depth + 1))
        return node

    return build([], None, 1, "", "", [1, 1], 0, 0, 0, 0), n


def count(root):
    c = {"chance": 0, "decision": 0, "terminal": 0}
    keys = set()
    stack = [root]
    while stack:
        v = stack.pop()
        if v.player == CHANCE:
            c["chance"] += 1
        elif v.player == TERMINAL:
            c["terminal"] += 1
        else:
            c["decision"] += 1
            keys.add(v.key)
        stack.extend(v.children)
    c["infosets"] = len(keys)
    return c
