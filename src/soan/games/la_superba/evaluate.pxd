# C types for the optional compiled build (scripts/build_compiled.py); the .py stays the source, and
# the pure-Python package never reads this. Exact only: counts and indices as machine integers (small,
# never near their limits); the values stay Python numbers, so any weights give what the .py gives.
import cython

@cython.locals(left=cython.Py_ssize_t, deliver=cython.bint, i=cython.Py_ssize_t, at=cython.Py_ssize_t)
cpdef evaluate(s, w=*)
