"""Monte Carlo: deal the unseen cards at random inside numba, chunk by chunk.

Each trial's cards come from the counter-based stream of kernels/stream.py (a
hash of the chunk's seed, the trial and the draw), dealt from the unseen deck
as it was before the trial, so numpy (engine/twins/sampling.py) deals the
same cards a block of trials at a time.  Without ranges, the words of 64
trials are hashed loop by loop before they are dealt (a trial's hashes do not
depend on one another, so the processor keeps many in flight), and after each
deal the places it touched are put back from the spot's deck: 1.5-1.65x
faster deals than hashing and undoing swaps trial by trial
(benchmarks/bench_sampling.py).  Chunks are a fixed partition of the
trials, so the tallies do not depend on how many threads ran them or how the
chunks were grouped.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from numba import njit

from stud_odds.kernels import CACHE_KERNELS
from stud_odds.kernels.bundles import Tally
from stud_odds.kernels.layout import CLASS_COLUMNS, GAME_RAZZ, GAME_STUD, GAME_STUD8
from stud_odds.kernels.showdown import (
    add_outcome,
    award_outcomes,
    count_classes,
    count_scoop,
    hand_values,
    new_outcomes,
    winners,
)
from stud_odds.kernels.stream import (
    COIN_SHIFT,
    GOLDEN,
    MIX1,
    MIX2,
    UNIT,
    WORD_BITS,
    WORD_MASK,
)

_GOLDEN = np.uint64(GOLDEN)
_MIX1 = np.uint64(MIX1)
_MIX2 = np.uint64(MIX2)
_WORD_MASK = np.uint64(WORD_MASK)
_WORD_SHIFT = np.uint64(WORD_BITS)
_COIN_SHIFT = np.uint64(COIN_SHIFT)
# trials whose words are hashed together, loop by loop (_block_places)
HASHED_TOGETHER = 64


@njit(cache=CACHE_KERNELS, inline="always")
def _mix(z):
    """splitmix64's finaliser: the hash of the stream (kernels/stream.py)."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=CACHE_KERNELS, inline="always")
def _word(key, h, output):
    """(h + 1, output, word h) of the trial with ``key``: an even word hashes a new
    output and takes its high half, an odd one the low half of the same output."""
    if h & 1:
        return h + 1, output, output & _WORD_MASK
    output = _mix(key + np.uint64((h >> 1) + 1) * _GOLDEN)
    return h + 1, output, output >> _WORD_SHIFT


@njit(cache=CACHE_KERNELS, inline="always")
def _below(key, h, output, bound):
    """(h, output, a uniform int in [0, bound)) by Lemire's multiply-shift, taking the
    next word instead of the few that would make some results more likely."""
    bound64 = np.uint64(bound)
    while True:
        h, output, x = _word(key, h, output)
        product = x * bound64
        low = product & _WORD_MASK
        if low >= bound64 or low >= (np.uint64(1 << WORD_BITS) - bound64) % bound64:
            return h, output, np.int64(product >> _WORD_SHIFT)


@njit(cache=CACHE_KERNELS, inline="always")
def _pick(key, h, output, start, end, keep, alias):
    """(h, output, index) of one pair in [start, end), by weight: Walker's alias
    method, one uniform pair and, unless it keeps its whole slot, a coin of two words."""
    h, output, pair = _below(key, h, output, end - start)
    pair += start
    if keep[pair] < 1.0:
        h, output, upper = _word(key, h, output)
        h, output, lower = _word(key, h, output)
        coin = ((upper << _WORD_SHIFT) | lower) >> _COIN_SHIFT
        if np.float64(coin) * UNIT >= keep[pair]:
            pair = alias[pair]
    return h, output, pair


@njit(cache=CACHE_KERNELS)
def _chunk(game, spot, ranges, lookups, seed, trials, tally):
    """Run `trials` random deals from one seed, adding to one chunk's tallies; everything
    the deals need is allocated here, once per chunk."""
    n = len(spot.known_key)
    counts = new_outcomes(game, n)
    own_classes = np.zeros((n, CLASS_COLUMNS), np.int64)
    needed = spot.shared_draw
    for p in range(n):
        needed += spot.draws[p]
    size = len(spot.deck)
    # 2**32 % bound for each place's bound: a word whose product's low half falls below it
    # is rejected (kernels/stream.py)
    rejected_below = np.empty(needed, np.uint64)
    for i in range(needed):
        bound = np.uint64(size - i)
        rejected_below[i] = (np.uint64(1 << WORD_BITS) - bound) % bound
    scratch = (spot.deck.copy(), np.empty(n, np.int64), np.empty(n, np.int64),
               np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(len(ranges.player), np.int64),
               np.zeros((needed, HASHED_TOGETHER), np.int64),
               np.empty(HASHED_TOGETHER, np.uint64), np.empty(HASHED_TOGETHER, np.bool_),
               rejected_below)
    _deal(game, spot, ranges, lookups, seed, trials, scratch, (counts, own_classes))
    award_outcomes(game, n, counts, tally)
    classes = tally.classes
    classes += own_classes


@njit(cache=CACHE_KERNELS, inline="always")
def _block_places(chunk_seed, first, block, size, needed, rejected_below, keys, rejected,
                  places):
    """places[i, b] for trials first..first+block-1 of a deal without ranges: the place
    Fisher-Yates swaps into place i, exactly as _below draws it one trial at a time.
    A trial's hashes depend on one another only through rejections, so each loop runs
    over the block's trials (several hashes in flight, or vectorised) and a trial with
    a rejected word (about one in 10**7) is drawn again one word at a time."""
    for b in range(block):
        keys[b] = _mix(chunk_seed + np.uint64(first + b + 1) * _GOLDEN)
        rejected[b] = False
    for i in range(0, needed, 2):
        step = np.uint64((i >> 1) + 1) * _GOLDEN
        high_bound = np.uint64(size - i)
        low_bound = np.uint64(size - i - 1)
        pair = i + 1 < needed
        for b in range(block):
            output = _mix(keys[b] + step)
            product = (output >> _WORD_SHIFT) * high_bound
            places[i, b] = np.int64(product >> _WORD_SHIFT) + i
            bad = (product & _WORD_MASK) < rejected_below[i]
            if pair:
                product = (output & _WORD_MASK) * low_bound
                places[i + 1, b] = np.int64(product >> _WORD_SHIFT) + i + 1
                bad |= (product & _WORD_MASK) < rejected_below[i + 1]
            rejected[b] |= bad
    for b in range(block):
        if rejected[b]:
            h = 0
            output = np.uint64(0)
            for i in range(needed):
                h, output, j = _below(keys[b], h, output, size - i)
                places[i, b] = j + i


# without reference counting: numba counts the references to arrays taken in the loop with
# atomic operations, which halved the trial rate (a parallel loop's body avoids them)
@njit(cache=CACHE_KERNELS, _nrt=False)
def _deal(game, spot, ranges, lookups, seed, trials, scratch, out):
    """_chunk's trials, into out = (outcome counts, hand classes); scratch = (deck copy,
    keys, bits, highs, lows, chosen pairs, the places each trial of a block swapped, the
    block's trial keys, its trials with a rejected word, each place's rejection
    threshold)."""
    own_deck, keys, bits, highs, lows, chosen, places, trial_keys, rejected, rejected_below = (
        scratch)
    counts, own_classes = out
    deck = spot.deck
    known_key = spot.known_key
    known_bits = spot.known_bits
    draws = spot.draws
    card_key = lookups.card_key
    card_bit = lookups.card_bit
    n = len(known_key)
    needed = spot.shared_draw
    for p in range(n):
        needed += draws[p]
    size = len(own_deck)
    # the ranges' arrays as locals: read through the bundle in the trial loop, they
    # cost a third of the trial rate
    ranged = len(ranges.player)
    ranged_player = ranges.player
    range_start = ranges.start
    range_mask = ranges.mask
    range_key = ranges.key
    range_bits = ranges.bits
    range_keep = ranges.keep
    range_alias = ranges.alias
    chunk_seed = np.uint64(seed)
    for first in range(0, trials, HASHED_TOGETHER):
        block = min(HASHED_TOGETHER, trials - first)
        if not ranged:
            _block_places(chunk_seed, first, block, size, needed, rejected_below, trial_keys,
                          rejected, places)
        for b in range(block):
            if ranged:
                trial_key = _mix(chunk_seed + np.uint64(first + b + 1) * _GOLDEN)
                h = 0
                output = np.uint64(0)
                # every ranged player's pair at once, all redrawn until no card is used
                # twice: each choice comes with the product of its pairs' weights
                while True:
                    held = np.int64(0)
                    for r in range(ranged):
                        h, output, pair = _pick(trial_key, h, output, range_start[r],
                                                range_start[r + 1], range_keep, range_alias)
                        if held & range_mask[pair]:
                            break
                        held |= range_mask[pair]
                        chosen[r] = pair
                    else:
                        break
                # the same partial Fisher-Yates, skipping the held cards: a place that
                # comes up with one is drawn again, so the deal is uniform over the others
                for i in range(needed):
                    h, output, j = _below(trial_key, h, output, size - i)
                    while (held >> own_deck[j + i]) & 1:
                        h, output, j = _below(trial_key, h, output, size - i)
                    j += i
                    places[i, b] = j
                    card = own_deck[j]
                    own_deck[j] = own_deck[i]
                    own_deck[i] = card
            else:
                # partial Fisher-Yates: the first `needed` places become a random deal
                for i in range(needed):
                    j = places[i, b]
                    card = own_deck[j]
                    own_deck[j] = own_deck[i]
                    own_deck[i] = card
            place = 0
            for p in range(n):
                key = known_key[p]
                bit = known_bits[p]
                for _ in range(draws[p]):
                    card = own_deck[place]
                    key += card_key[card]
                    bit |= card_bit[card]
                    place += 1
                keys[p] = key
                bits[p] = bit
            for r in range(ranged):
                keys[ranged_player[r]] += range_key[chosen[r]]
                bits[ranged_player[r]] |= range_bits[chosen[r]]
            if spot.shared_draw:
                card = own_deck[place]
                for p in range(n):
                    keys[p] += card_key[card]
                    bits[p] |= card_bit[card]
            for p in range(n):
                high, low = hand_values(game, keys[p], bits[p], lookups)
                highs[p] = high
                lows[p] = low
                count_classes(game, own_classes, p, high, low, lookups, 1)
            high_mask, low_mask = winners(game, n, highs, lows)
            add_outcome(counts, high_mask, low_mask)
            if spot.track_scoops:  # off unless asked: it costs a quarter of the trial rate
                count_scoop(game, own_classes, high_mask, low_mask, highs, lows, lookups)
            # the deck as it was, each place the deal touched put back from the spot's deck
            # rather than the swaps undone (no load waits on the store before it): the next
            # trial's cards depend on nothing but its own words
            for i in range(needed):
                j = places[i, b]
                own_deck[i] = deck[i]
                own_deck[j] = deck[j]


@njit(cache=CACHE_KERNELS, nogil=True)
def monte_carlo_chunks(game, spot, ranges, lookups, seeds, trials, tally):
    """Run trials[c] random deals from seed seeds[c] for each chunk c into that chunk's
    tallies: tally (a bundles.Tally) has a first axis of chunks.  No parallel loop (each
    costs seconds of compiling): the engine runs groups of chunks on its threads (nogil).

    Each ranged player first gets a hole pair from his range (bundles.Ranges); then
    player p receives spot.draws[p] of the other unseen cards; with
    spot.shared_draw a further card goes to every player (the shared card).
    """
    for c in range(len(seeds)):
        _chunk(game, spot, ranges, lookups, seeds[c], trials[c],
               Tally(tally.per_player[c], tally.classes[c], tally.table[c]))


# by game kernel id.  One compiled kernel serves the three games: the game as a runtime
# value costs nothing measurable in a trial loop that counts no references (it halved the
# rate when it did)
MONTE_CARLO = tuple(partial(monte_carlo_chunks, game)
                    for game in (GAME_STUD, GAME_STUD8, GAME_RAZZ))
