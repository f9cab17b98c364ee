"""numba kernels: plain int arrays in, integer values and tallies out.

Nothing here knows about parsing, scenarios or printing.
"""
