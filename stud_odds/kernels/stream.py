"""The deal stream of sampling: counter-based, so numba and numpy deal the same cards.

Trial t of a chunk with seed s draws 32-bit words from its own key, a hash of
(s, t), and word h of the trial is a hash of (key, h):

    key(s, t)  = mix(s + (t + 1) * GOLDEN)
    output(m)  = mix(key + (m + 1) * GOLDEN)          (m = 0, 1, ...)
    word(h)    = output(h // 2) >> 32 when h is even, its low 32 bits when odd

mix is splitmix64's finaliser, so a chunk's keys, and a trial's outputs, are
splitmix64 streams.  A trial's cards depend on nothing but (s, t): the kernel
(kernels/montecarlo.py) hashes and deals 64 trials side by side, numpy
(engine/twins/sampling.py) a block of trials at once, and both consume a
trial's words in the same order:
- a uniform integer below ``bound`` takes one word x: the value is
  (x * bound) >> 32 (Lemire's multiply-shift), unless the product's low 32
  bits fall below 2**32 % bound, when the next word is taken instead (no bias);
- a coin (Walker's alias method) takes two words: the 53 high bits of
  (word(h) << 32 | word(h + 1)) as a fraction of 2**53.
Nothing here imports numba.
"""

from __future__ import annotations

GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
WORD_BITS = 32
WORD_MASK = (1 << WORD_BITS) - 1
COIN_SHIFT = 11  # 64 - 53: a coin's fraction has a double's 53 bits
UNIT = 1.0 / (1 << 53)
