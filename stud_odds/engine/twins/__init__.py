"""numpy twins of the kernels: the same tallies, integer for integer, without numba.

A fresh process would wait seconds for numba to compile (or load) a kernel;
a twin answers at once over the same look-up tables (kernels/tables.py).
Each twin is also the readable statement of what its kernel computes, and the
tests hold the two to the same integers.  Nothing here imports numba.

- ``sampling``: trials dealt a block at a time from the counter-based stream
  (kernels/stream.py), about 1 million hands a second on one core (the kernel:
  about ten times that);
- ``headsup``: heads-up counting by sorting; third street, known hands: 1.1 s
  (stud8 1.6 s);
- ``razz_ranks``: razz heads-up counted by rank profiles; a known hand against
  an unknown one on third street in about 1 s, quicker than the kernel;
- ``weighted``: heads-up against ranges, within 2.3-5.8 times its kernel's time
  (``[AA]/Kd`` on third street: 4.2 CPU s) while that kernel, 15 s to compile,
  is missing (bench_exact_headsup.py --twins);
- ``enumeration``: every deal, parents built whole; three-way fifth street: 1.5 s.

Which answers, kernel or twin, is decided in one place (engine/kernel_choice.py); the
method, trial count and stop are chosen before it, so a command prints the same
numbers cold or warm.  Sampling asks again between calls: a kernel that the background
compile finished mid-run takes over the rest.
"""
