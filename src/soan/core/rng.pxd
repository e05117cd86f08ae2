# C types for the optional compiled build (scripts/build_compiled.py); the .py stays the source, and
# the pure-Python package never reads this. Integers only, and only where exact: splitmix64's arithmetic
# on unsigned 64-bit integers wraps as the .py's `& _M` does (a generator's state is always masked to
# 64 bits); a swap position is below the list's length. The lists stay Python objects of any kind.
import cython

cdef unsigned long long _G64, _MIX1_64, _MIX2_64, _M64

@cython.locals(st=cython.ulonglong, z=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t,
               n=cython.Py_ssize_t)
cpdef unsigned long long _swap_all(xs, unsigned long long st, Py_ssize_t n, out) except? 0

@cython.locals(z=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
cpdef _swap_tail(xs, unsigned long long st, Py_ssize_t n, Py_ssize_t k)

@cython.locals(st=cython.ulonglong, z=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
cpdef _shuffle_step(xs, pending)

@cython.locals(z=cython.ulonglong, i=cython.Py_ssize_t)
cpdef _loop_swaps(unsigned long long st, Py_ssize_t n)
