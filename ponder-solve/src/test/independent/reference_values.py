"""Prints the reference values that Ponder's tests pin (IndependentReferenceTest, MccfrTest), one
per line: the NashConv of the CFR family's average policy on Kuhn poker, the exploitability of
outcome-sampling MCCFR's average policy on three-player Kuhn poker, and NashConv and player 0's
value of Kuhn's (1950) equilibrium family. Run: python3 reference_values.py (a few seconds)."""
from games import kuhn
from cfr import CFR, nash_conv, expected
from mccfr import OutcomeSampling


def cfr_nash_conv(root, n, algo, iterations):
    variant = "cfr" if algo == "cfr-sim" else algo
    s = CFR(root, n, variant, alternating=(algo != "cfr-sim"))
    for _ in range(iterations):
        s.iterate()
    return nash_conv(root, s.average(), n)[0]


def kuhn_equilibrium(alpha):
    """Kuhn's equilibrium family for two players, alpha in [0, 1/3]. Cards 0 < 1 < 2 (J, Q, K),
    actions 0 = pass/fold, 1 = bet/call; keys (player, card, history). Player 0 bets J with
    probability alpha, never bets Q, bets K with 3*alpha; after pass-bet folds J, calls Q with
    alpha + 1/3, calls K. Player 1 facing a bet folds J, calls Q with 1/3, calls K; after a pass
    bets J with 1/3, passes Q, bets K. Player 0's value is -1/18 for every alpha."""
    bet = lambda p: [1 - p, p]
    pol = {}
    for card, p0, call0, call1, bet1 in [(0, alpha, 0.0, 0.0, 1 / 3), (1, 0.0, alpha + 1 / 3, 1 / 3, 0.0),
                                         (2, 3 * alpha, 1.0, 1.0, 1.0)]:
        pol[(0, card, "")] = bet(p0)
        pol[(0, card, "pb")] = bet(call0)
        pol[(1, card, "b")] = bet(call1)
        pol[(1, card, "p")] = bet(bet1)
    return pol


def main():
    root2, _ = kuhn(2)
    root3, _ = kuhn(3)
    for algo in ["cfr", "cfr-sim", "cfr+", "lcfr", "dcfr"]:
        print("kuhn_poker %s 100 nash_conv %r" % (algo, cfr_nash_conv(root2, 2, algo, 100)))
    for algo in ["cfr", "cfr+", "lcfr", "dcfr"]:
        print("kuhn_poker(players=3) %s 50 nash_conv %r" % (algo, cfr_nash_conv(root3, 3, algo, 50)))
    os = OutcomeSampling(root3, 3, epsilon=0.6, seed=0)
    for t in range(1, 1001):
        os.iterate()
        if t in (100, 1000):
            print("kuhn_poker(players=3) mccfr-os(epsilon=0.6,seed=0) %d exploitability %r"
                  % (t, nash_conv(root3, os.average(), 3)[0] / 3))
    for alpha in [0.0, 1 / 6, 1 / 3]:
        pol = kuhn_equilibrium(alpha)
        print("kuhn_poker equilibrium alpha=%r nash_conv %r value0 %r"
              % (alpha, nash_conv(root2, pol, 2)[0], expected(root2, pol, 2)[0]))


if __name__ == "__main__":
    main()
