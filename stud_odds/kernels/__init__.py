"""numba kernels: plain int arrays in, integer values and tallies out.

Nothing here knows about parsing, scenarios or printing.  Importing this
package does not import numba (``tables`` and ``codes`` are plain numpy); it
only points numba's cache at stud-odds' cache folder, before any kernel
module is decorated.
"""

from stud_odds.cache import configure_numba

# the cache=... of every kernel: False when nothing can be written (compile in memory)
CACHE_KERNELS = configure_numba()
