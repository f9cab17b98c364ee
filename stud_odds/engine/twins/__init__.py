"""numpy twins of the kernels: the same tallies, integer for integer, without numba.

A fresh process would wait seconds for numba to compile (or load) a kernel;
a twin answers at once over the same look-up tables (kernels/tables.py).
Each twin is also the readable statement of what its kernel computes, and the
tests hold the two to the same integers.  Nothing here imports numba.
"""
