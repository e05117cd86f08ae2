# C types for the optional compiled build (scripts/build_compiled.py); the .py stays the source, and
# the pure-Python package never reads this. Exact only: splitmix64's arithmetic on unsigned 64-bit
# integers wraps as the .py's `& _M` does; a swap position is below the list's length.
import cython

cdef unsigned long long _G64, _MIX1_64, _MIX2_64, _M64

@cython.locals(st=cython.ulonglong, z=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t,
               n=cython.Py_ssize_t)
cpdef unsigned long long _swap_all(list xs, unsigned long long st, Py_ssize_t n, list out) except? 0

@cython.locals(z=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
cpdef _swap_tail(list xs, unsigned long long st, Py_ssize_t n, Py_ssize_t k)

@cython.locals(st=cython.ulonglong, z=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
cpdef tuple _shuffle_step(list xs, tuple pending)

@cython.locals(z=cython.ulonglong, i=cython.Py_ssize_t, out=list)
cpdef list _loop_swaps(unsigned long long st, Py_ssize_t n)
