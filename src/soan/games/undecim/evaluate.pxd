# C types for the optional compiled build (scripts/build_compiled.py); the .py stays the source, and
# the pure-Python package never reads this. Exact only: splitmix64's arithmetic on unsigned 64-bit
# integers wraps as the .py's `& _M` does (a generator's state is always masked to 64 bits), as
# agents/greedy.pxd.
import cython

cdef unsigned long long _GAMMA, _M, _MIX1, _MIX2

@cython.locals(st=cython.ulonglong, z=cython.ulonglong)
cpdef playout(s, steps, rng)
