"""java.util.SplittableRandom's generator (SplitMix64; Steele, Lea & Flood 2014, "Fast splittable
pseudorandom number generators", OOPSLA), as the JDK documents and implements it: the state
advances by the golden gamma 0x9e3779b97f4a7c15, each 64-bit output is the state passed through
mix64, and nextDouble() is the top 53 bits of the next output times 2^-53. Only the
single-generator calls are written (no split)."""

MASK = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def mix64(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class SplittableRandom:
    def __init__(self, seed):
        self.seed = seed & MASK

    def next_long(self):
        """The next 64-bit output, as an unsigned integer."""
        self.seed = (self.seed + GOLDEN_GAMMA) & MASK
        return mix64(self.seed)

    def next_double(self):
        """A double uniform in [0, 1): nextDouble()."""
        return (self.next_long() >> 11) * 2.0 ** -53
