"""Monte Carlo: deal the unseen cards at random inside numba, chunk by chunk.

Each trial's cards come from the counter-based stream of kernels/stream.py (a
hash of the chunk's seed, the trial and the draw), dealt from the unseen deck
as it was before the trial, so numpy (engine/twins/sampling.py) deals the
same cards a block of trials at a time.  Without ranges the kernel works on
64 trials side by side, step by step: it hashes their words loop by loop
(a trial's hashes do not depend on one another), finds the place of the
spot's deck each dealt card comes from by comparing each swap's place with
the earlier ones (bytes, a vector register of trials at a time: no deck is
swapped in, so no load waits on a store), sums each player's card keys, then
values every hand, counts the hand classes in bit fields and finds each
trial's winners without a branch on a value: the kernel alone ran 1.9-2.7x
the trials per second of dealing and valuing one trial at a time (issue 39's
spots and 3-way razz; benchmarks/bench_sampling.py).
A player with a range draws his pair and his cards one trial at a time.
Chunks are a fixed partition of the trials, so the tallies do not depend on
how many threads ran them or how the chunks were grouped.
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
    count_block_classes,
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
# trials hashed, dealt and valued side by side (a block); at most 127, the most a class
# count's bit field holds (showdown.count_block_classes)
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


@njit(cache=CACHE_KERNELS, inline="always")
def _rejected_below(size, needed):
    """2**32 % bound for each place's bound (size, size - 1, ...): a word whose product's
    low half falls below it is rejected (kernels/stream.py)."""
    rejected_below = np.empty(needed, np.uint64)
    for i in range(needed):
        bound = np.uint64(size - i)
        rejected_below[i] = (np.uint64(1 << WORD_BITS) - bound) % bound
    return rejected_below


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
    rejected_below = _rejected_below(size, needed)
    # each place's card's keys, so that a dealt place is summed without reading its card
    place_key = np.empty(size, np.int64)
    place_bit = np.empty(size, np.int64)
    for i in range(size):
        place_key[i] = lookups.card_key[spot.deck[i]]
        place_bit[i] = lookups.card_bit[spot.deck[i]]
    block = HASHED_TOGETHER
    scratch = (spot.deck.copy(), np.zeros(len(ranges.player), np.int64),
               np.zeros(needed, np.int64), np.empty(block, np.uint64), np.empty(block, np.bool_),
               rejected_below, np.zeros((needed, block), np.uint8),
               np.zeros((needed, block), np.uint8), np.zeros((needed, block), np.uint8),
               place_key, place_bit)
    hands = (np.zeros((n, block), np.int64), np.zeros((n, block), np.int64),
             np.zeros((n, block), np.int32), np.zeros((n, block), np.int32),
             np.zeros(block, np.int32), np.zeros(block, np.int32), np.zeros(block, np.int32),
             np.zeros(block, np.int32))
    _deal(game, spot, ranges, lookups, seed, trials, scratch, hands, (counts, own_classes))
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
            places[i, b] = np.uint8(np.int64(product >> _WORD_SHIFT) + i)
            bad = (product & _WORD_MASK) < rejected_below[i]
            if pair:
                product = (output & _WORD_MASK) * low_bound
                places[i + 1, b] = np.uint8(np.int64(product >> _WORD_SHIFT) + i + 1)
                bad |= (product & _WORD_MASK) < rejected_below[i + 1]
            rejected[b] |= bad
    for b in range(block):
        if rejected[b]:
            h = 0
            output = np.uint64(0)
            for i in range(needed):
                h, output, j = _below(keys[b], h, output, size - i)
                places[i, b] = np.uint8(j + i)


@njit(cache=CACHE_KERNELS, inline="always")
def _block_sources(needed, places, moved, sources):
    """sources[i, b]: the place in the spot's deck of the card that trial b's partial
    Fisher-Yates (place i swapped with place places[i, b], i = 0, 1, ...) leaves at place
    i, found without a deck to swap in.  Before swap i, a place x >= i holds the card
    that swap k moved there (moved[k]: the card place k held before swap k) for the
    last k < i with places[k] = x, else its own card (x = i included: then moved[i] is
    that card); so each step compares with every earlier one, the block's trials side
    by side (bytes: a vector register holds many).  No load waits on a store of the
    same trial, as swapping in a deck made each do."""
    for i in range(needed):
        here = np.uint8(i)  # bytes compared with bytes: 64 trials to a register
        for b in range(HASHED_TOGETHER):
            moved[i, b] = here
            sources[i, b] = places[i, b]
        for k in range(i):
            for b in range(HASHED_TOGETHER):
                if places[k, b] == here:
                    moved[i, b] = moved[k, b]
                if places[k, b] == places[i, b]:
                    sources[i, b] = moved[k, b]


@njit(cache=CACHE_KERNELS, inline="always")
def _block_keys(spot, sources, place_key, place_bit, keys, bits):
    """keys[p, b] and bits[p, b]: player p's summed card keys and bits in trial b, his
    known cards' and those his places of the deal hold (sources), card by card with the
    block's trials side by side."""
    known_key = spot.known_key
    known_bits = spot.known_bits
    draws = spot.draws
    n = len(known_key)
    for p in range(n):
        for b in range(HASHED_TOGETHER):
            keys[p, b] = known_key[p]
            bits[p, b] = known_bits[p]
    place = 0
    for p in range(n):
        for _ in range(draws[p]):
            for b in range(HASHED_TOGETHER):
                source = sources[place, b]
                keys[p, b] += place_key[source]
                bits[p, b] |= place_bit[source]
            place += 1
    if spot.shared_draw:
        for b in range(HASHED_TOGETHER):
            source = sources[place, b]
            shared_key = place_key[source]
            shared_bit = place_bit[source]
            for p in range(n):
                keys[p, b] += shared_key
                bits[p, b] |= shared_bit


@njit(cache=CACHE_KERNELS, inline="always")
def _ranged_trial(spot, ranges, lookups, trial_key, b, scratch, keys, bits):
    """keys[p, b] and bits[p, b] of the trial with ``trial_key`` when some players hold a
    pair from a range: the pairs, then the deal in a deck copy, undone after."""
    own_deck, chosen, swapped = scratch
    deck = spot.deck
    draws = spot.draws
    card_key = lookups.card_key
    card_bit = lookups.card_bit
    n = len(spot.known_key)
    size = len(deck)
    needed = len(swapped)
    h = 0
    output = np.uint64(0)
    # every ranged player's pair at once, all redrawn until no card is used twice: each
    # choice comes with the product of its pairs' weights
    while True:
        held = np.int64(0)
        for r in range(len(ranges.player)):
            h, output, pair = _pick(trial_key, h, output, ranges.start[r],
                                    ranges.start[r + 1], ranges.keep, ranges.alias)
            if held & ranges.mask[pair]:
                break
            held |= ranges.mask[pair]
            chosen[r] = pair
        else:
            break
    # the same partial Fisher-Yates, skipping the held cards: a place that comes up with
    # one is drawn again, so the deal is uniform over the others
    for i in range(needed):
        h, output, j = _below(trial_key, h, output, size - i)
        while (held >> own_deck[j + i]) & 1:
            h, output, j = _below(trial_key, h, output, size - i)
        j += i
        swapped[i] = j
        card = own_deck[j]
        own_deck[j] = own_deck[i]
        own_deck[i] = card
    place = 0
    for p in range(n):
        key = spot.known_key[p]
        bit = spot.known_bits[p]
        for _ in range(draws[p]):
            card = own_deck[place]
            key += card_key[card]
            bit |= card_bit[card]
            place += 1
        keys[p, b] = key
        bits[p, b] = bit
    for r in range(len(ranges.player)):
        keys[ranges.player[r], b] += ranges.key[chosen[r]]
        bits[ranges.player[r], b] |= ranges.bits[chosen[r]]
    if spot.shared_draw:
        card = own_deck[place]
        for p in range(n):
            keys[p, b] += card_key[card]
            bits[p, b] |= card_bit[card]
    # the deck as it was, each place the deal touched put back from the spot's deck
    for i in range(needed):
        j = swapped[i]
        own_deck[i] = deck[i]
        own_deck[j] = deck[j]


# without reference counting: numba counts the references to arrays taken in the loop with
# atomic operations, which halved the trial rate (a parallel loop's body avoids them)
@njit(cache=CACHE_KERNELS, _nrt=False)
def _deal(game, spot, ranges, lookups, seed, trials, scratch, hands, out):
    """_chunk's trials, HASHED_TOGETHER at a time, into out = (outcome counts, hand
    classes): the block's trials dealt, then every hand valued, then the winners of each
    trial.  scratch = (the ranged trials' deck copy, chosen pairs and swapped places; the
    block's trial keys, its trials with a rejected word, each place's rejection
    threshold, the places each trial swapped, the card each swap moved, the place of the
    spot's deck each dealt card came from, each such place's card keys and bits); hands
    = each player's keys, bits, high and low in each trial of the block, and each
    trial's best high and low and the masks of who holds them."""
    (own_deck, chosen, swapped, trial_keys, rejected, rejected_below, places, moved, sources,
     place_key, place_bit) = scratch
    keys, bits, highs, lows, best_high, best_low, high_masks, low_masks = hands
    counts, own_classes = out
    n = len(spot.known_key)
    needed = len(swapped)
    size = len(spot.deck)
    ranged = len(ranges.player)
    chunk_seed = np.uint64(seed)
    for first in range(0, trials, HASHED_TOGETHER):
        block = min(HASHED_TOGETHER, trials - first)
        if ranged:
            for b in range(block):
                trial_key = _mix(chunk_seed + np.uint64(first + b + 1) * _GOLDEN)
                _ranged_trial(spot, ranges, lookups, trial_key, b, (own_deck, chosen, swapped),
                              keys, bits)
        else:
            _block_places(chunk_seed, first, block, size, needed, rejected_below, trial_keys,
                          rejected, places)
            _block_sources(needed, places, moved, sources)
            _block_keys(spot, sources, place_key, place_bit, keys, bits)
        for p in range(n):
            for b in range(block):
                high, low = hand_values(game, keys[p, b], bits[p, b], lookups)
                highs[p, b] = high
                lows[p, b] = low
        count_block_classes(game, n, block, highs, lows, lookups, own_classes)
        winners(game, n, highs, lows, best_high, best_low, high_masks, low_masks)
        for b in range(block):
            add_outcome(counts, high_masks[b], low_masks[b])
        if spot.track_scoops:  # off unless asked: it costs a quarter of the trial rate
            for b in range(block):
                count_scoop(game, own_classes, b, high_masks[b], low_masks[b], highs, lows,
                            lookups)


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
