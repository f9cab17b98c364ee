"""Sampling's twin: kernels/montecarlo.py's trials dealt and counted by numpy.

Every trial draws its cards from its own words of the counter-based stream
(kernels/stream.py), so a block of trials is dealt at once: the same cards as
the kernel deals them (64 trials side by side, or one at a time with ranges),
in the same order of words, and the same tallies (small.hand_tallies counts
the dealt hands as enumeration and sampling count them).  The steps, per
trial, as the kernel takes them:

1. each ranged player draws a hole pair by weight (Walker's alias method); if
   two players' pairs share a card, every ranged player draws again;
2. a partial Fisher-Yates shuffle of the unseen deck makes its first places
   the deal, redrawing a place that comes up with a ranged player's card;
3. player p takes the next ``draws[p]`` cards, then every player the shared
   seventh-street card when there is one.
"""

from __future__ import annotations

import numpy as np

from stud_odds.kernels import stream
from stud_odds.kernels.bundles import Lookups, Ranges, Spot

from ..small import hand_tallies
from ..tallies import Tallies

# trials dealt at once: big enough that numpy's per-call cost vanishes, small enough that
# a block's arrays stay in cache
TRIALS_PER_BLOCK = 1 << 14

_GOLDEN, _MIX1, _MIX2 = np.uint64(stream.GOLDEN), np.uint64(stream.MIX1), np.uint64(stream.MIX2)
_WORD_MASK, _WORD_SHIFT = np.uint64(stream.WORD_MASK), np.uint64(stream.WORD_BITS)


def _mix(z: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser, element by element (uint64 arithmetic wraps)."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


def trial_keys(seed: int, trials: int) -> np.ndarray:
    """The keys of a chunk's trials 0..trials-1: mix(seed + (t + 1) * GOLDEN)."""
    counters = np.arange(1, trials + 1, dtype=np.uint64)
    return _mix(np.uint64(seed) + counters * _GOLDEN)


class _Words:
    """A block of trials' streams: each trial's key and the number of words it has taken."""

    def __init__(self, keys: np.ndarray):
        self.keys = keys
        self.taken = np.zeros(len(keys), np.int64)

    def word(self, rows: np.ndarray | None = None) -> np.ndarray:
        """The next word of each trial in ``rows`` (distinct; None: every trial)."""
        if rows is None:
            taken, keys = self.taken, self.keys
        else:
            taken, keys = self.taken[rows], self.keys[rows]
        output = _mix(keys + ((taken >> 1) + 1).astype(np.uint64) * _GOLDEN)
        word = np.where(taken & 1, output & _WORD_MASK, output >> _WORD_SHIFT)
        if rows is None:
            self.taken += 1
        else:
            self.taken[rows] = taken + 1
        return word

    def below(self, rows: np.ndarray | None, bound: int) -> np.ndarray:
        """A uniform int in [0, bound) for each trial in ``rows`` (None: every trial):
        Lemire's multiply-shift, a trial whose word lands in the biased few taking its
        next word."""
        product = self.word(rows) * np.uint64(bound)
        values = (product >> _WORD_SHIFT).astype(np.int64)
        # rejected: the low half below 2**32 % bound (about one word in 10**8)
        below = np.uint64((1 << stream.WORD_BITS) % bound)
        pending = np.flatnonzero((product & _WORD_MASK) < below)
        while len(pending):
            product = self.word(pending if rows is None else rows[pending]) * np.uint64(bound)
            accepted = (product & _WORD_MASK) >= below
            values[pending[accepted]] = (product[accepted] >> _WORD_SHIFT).astype(np.int64)
            pending = pending[~accepted]
        return values

    def coin(self, rows: np.ndarray) -> np.ndarray:
        """A uniform fraction in [0, 1) for each trial in ``rows``, from two words."""
        upper = self.word(rows)
        lower = self.word(rows)
        return ((upper << _WORD_SHIFT | lower) >> np.uint64(stream.COIN_SHIFT)) * stream.UNIT


def _hole_pairs(words: _Words, ranges: Ranges) -> tuple[np.ndarray, np.ndarray]:
    """Every ranged player's pair for each trial, (ranged players, trials), and the mask
    of the cards they hold: all drawn again while two pairs share a card."""
    trials = len(words.keys)
    chosen = np.zeros((len(ranges.player), trials), np.int64)
    held = np.zeros(trials, np.int64)
    drawing = np.arange(trials)
    while len(drawing):
        held[drawing] = 0
        again = []
        for r in range(len(ranges.player)):
            start, end = int(ranges.start[r]), int(ranges.start[r + 1])
            pairs = words.below(drawing, end - start) + start
            tossed = ranges.keep[pairs] < 1.0
            flipped = words.coin(drawing[tossed]) >= ranges.keep[pairs[tossed]]
            pairs[np.flatnonzero(tossed)[flipped]] = ranges.alias[pairs[tossed][flipped]]
            clash = (held[drawing] & ranges.mask[pairs]) != 0
            again.append(drawing[clash])  # these trials draw no further pair this time
            drawing, pairs = drawing[~clash], pairs[~clash]
            held[drawing] |= ranges.mask[pairs]
            chosen[r, drawing] = pairs
        drawing = np.sort(np.concatenate(again))
    return chosen, held


def _shuffled(words: _Words, deck: np.ndarray, needed: int, held: np.ndarray | None
              ) -> np.ndarray:
    """Each trial's first ``needed`` places of a partial Fisher-Yates shuffle of ``deck``,
    (trials, needed), a place that comes up with a held card drawn again."""
    trials, size = len(words.keys), len(deck)
    decks = np.tile(deck.astype(np.int8), (trials, 1))
    flat = decks.reshape(-1)  # trial t's place j is flat[t * size + j]
    row_starts = np.arange(trials) * size
    for i in range(needed):
        places = words.below(None, size - i) + i
        if held is not None:
            redraw = np.flatnonzero((held >> flat[row_starts + places]) & 1)
            while len(redraw):
                places[redraw] = words.below(redraw, size - i) + i
                redraw = redraw[((held[redraw] >> flat[row_starts[redraw] + places[redraw]])
                                 & 1) != 0]
        swapped = row_starts + places
        card = flat[swapped]
        flat[swapped] = decks[:, i]
        decks[:, i] = card
    return decks[:, :needed].astype(np.int64)


def sample_block(game: int, spot: Spot, ranges: Ranges, lookups: Lookups,
                 keys: np.ndarray) -> Tallies:
    """The tallies of the trials with these keys, as the kernel counts them."""
    n = len(spot.known_key)
    draws = [int(k) for k in spot.draws]
    needed = sum(draws) + int(spot.shared_draw)
    words = _Words(keys)
    chosen, held = _hole_pairs(words, ranges) if len(ranges.player) else (None, None)
    cards = _shuffled(words, np.asarray(spot.deck), needed, held)
    card_key, card_bit = lookups.card_key[cards], lookups.card_bit[cards]
    hand_keys = np.empty((n, len(keys)), np.int64)
    hand_bits = np.empty((n, len(keys)), np.int64)
    place = 0
    for p, k in enumerate(draws):
        hand_keys[p] = spot.known_key[p] + card_key[:, place:place + k].sum(axis=1)
        hand_bits[p] = spot.known_bits[p] | np.bitwise_or.reduce(card_bit[:, place:place + k],
                                                                 axis=1)
        place += k
    if chosen is not None:
        for r, player in enumerate(ranges.player.tolist()):
            hand_keys[player] += ranges.key[chosen[r]]
            hand_bits[player] |= ranges.bits[chosen[r]]
    if spot.shared_draw:
        hand_keys += card_key[:, place]
        hand_bits |= card_bit[:, place]
    tallies = hand_tallies(game, hand_keys, hand_bits, bool(spot.track_scoops), lookups)
    tallies.outcomes = len(keys)
    return tallies


def sample_chunks(game: int, spot: Spot, ranges: Ranges, lookups: Lookups, seeds: np.ndarray,
                  trials: np.ndarray) -> Tallies:
    """trials[c] trials from seed seeds[c] for each chunk c, summed: what
    kernels.montecarlo.monte_carlo_chunks adds to its tallies, integer for integer."""
    keys = np.concatenate([trial_keys(int(seed), int(count))
                           for seed, count in zip(seeds, trials, strict=True)])
    tallies = Tallies.zeros(len(spot.known_key))
    for start in range(0, len(keys), TRIALS_PER_BLOCK):
        tallies.add(sample_block(game, spot, ranges, lookups,
                                 keys[start:start + TRIALS_PER_BLOCK]))
    return tallies
