# Declarations read only by the optional compiled build (PLANSZOWKI_COMPILE=1, setup.py; docs/performance.md): the
# generator's state is one unsigned 64-bit C integer, so SplitMix64's arithmetic, which rng.py writes modulo 2**64
# with a mask, is C arithmetic that wraps the same way. Python ignores this file; rng.py stays the one source.
import cython

cdef unsigned long long _MASK, _GAMMA, _MUL1, _MUL2, _LOW32

cdef class Rng:
    cdef public unsigned long long s

    @cython.locals(z=cython.ulonglong)
    cpdef unsigned long long next64(self)

    @cython.locals(z=cython.ulonglong, m=cython.ulonglong)
    cpdef below(self, n)
