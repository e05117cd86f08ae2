# C types for the optional compiled build (scripts/build_compiled.py); the .py stays the source, and
# the pure-Python package never reads this. Exact only: counts and indices as machine integers (small,
# never near their limits), and the values as C doubles, which are Python's floats: every operation
# in the .py's order (int + float converts the int first, in C as in Python).
import cython

@cython.locals(left=cython.Py_ssize_t, cap=cython.double, chit=cython.double, wh=cython.double,
               deliver=cython.bint, i=cython.Py_ssize_t, at=cython.Py_ssize_t, future=cython.double)
cpdef evaluate(s, w=*)
