"""numba kernels: plain int arrays in, integer values and tallies out.

Nothing here knows about parsing, scenarios or printing.  Importing this
package imports neither numba nor anything that touches the disk (``tables``,
``codes`` and ``layout`` are plain numpy and Python, for callers that only
need the tables or the pot's units); the first kernel module that reads
``CACHE_KERNELS`` puts our kernels' compiled files in stud-odds' cache folder
(:mod:`stud_odds.kernels.locator`).

The modules: ``tables`` and ``codes`` build the evaluators' look-up tables
(``table_cache`` keeps them in the cache folder, memory-mapped after);
``bundles`` holds the small named tuples every kernel takes (no kernel takes
more than eight parameters); ``evaluate`` values seven cards from summed card
keys; ``layout`` holds the tally columns, the pot's units and the one scoop
(``sole_winner``); ``showdown`` finds the winners and splits the pot (``award``);
``completions`` values a player's every completion; ``montecarlo``,
``enumerate``, ``headsup`` and ``weighted`` (headsup's sweep with a weight per
completion, in two-limb integers) are the methods, ``starts`` the exact
starting-hand tables, ``river`` the river solver's showdown sums; the sweeps of
``headsup``, ``weighted`` and ``starts`` walk a packed hand's subsets with one step,
``headsup.subset_entry``.  ``stream`` is
sampling's deal stream, shared with numpy; ``threads`` tells callers how numba runs
parallel loops.

Compile time (benchmarks/bench_compile.py; CPU seconds, empty cache, 2-core
machine, numba 0.68): enumeration about 10 s per game (one entry point per game,
a closure over the game id), sampling about 5 s and heads-up counting about
5.5 s, each compiled once for the three games (the game a runtime value); all
nine in one cache 31.6 s.  What made it so: no parallel loops in the nine
kernels (each cost about 3 s of compiling; their calls run on the engine's pool
instead), ``_deal_range`` and ``_single_level`` no longer ``inline="always"``
(13 of enumeration's 19 s were numba's inliner), and the hot loops of valuing
and sampling compiled without reference counting (``_nrt=False``: they
allocate nothing), which also made them faster.  Tried and not kept: the game
as a runtime argument of enumeration (its hot loops ran at 0.3-0.6x), nothing
inlined by numba (sampling 0.7x).  Left: enumeration's 10 s per game, most of it
``_deal_range``.
"""

from __future__ import annotations


def __getattr__(name: str) -> bool:
    # CACHE_KERNELS, the cache=... of every kernel: False when nothing can be written
    # (compile in memory).  Decided on first use, not at import, so a rules question that
    # imports kernels.layout never creates a cache folder.
    if name != "CACHE_KERNELS":
        raise AttributeError(f"module 'stud_odds.kernels' has no attribute {name!r}")
    from stud_odds.kernels.blas_check import import_array_functions
    from stud_odds.kernels.locator import cache_kernels

    import_array_functions()  # before numba first loads a kernel: without scipy.linalg
    value = globals()["CACHE_KERNELS"] = cache_kernels()
    return value
