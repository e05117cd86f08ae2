# C types for the optional compiled build (scripts/build_compiled.py); the .py stays the source, and
# the pure-Python package never reads this. Exact only: counts and indices as machine integers (small,
# never near their limits); the values stay Python numbers, so any weights give what the .py gives.
import cython

@cython.locals(left=cython.Py_ssize_t, deliver=cython.bint, i=cython.Py_ssize_t, at=cython.Py_ssize_t)
cpdef evaluate(s, w=*)

# splitmix64's arithmetic on unsigned 64-bit integers, as agents/greedy.pxd (exact: the .py masks to 64 bits)
cdef unsigned long long _GAMMA, _M, _MIX1, _MIX2

@cython.locals(st=cython.ulonglong, z=cython.ulonglong)
cpdef playout(s, steps, rng)
