# Declarations read only by the optional compiled build (PLANSZOWKI_COMPILE=1, setup.py; docs/performance.md): with
# them Cython makes FlowState an extension type whose kernel fields sit in the object itself instead of its
# __dict__. Python ignores this file; flow.py stays the one source of the code. Other attributes (a game's own)
# live in __dict__ as before, and __weakref__ keeps states weak-referenceable.
# The log: every applied option appends a few events, and ``emit`` (in FlowState) writes the chain's two fields
# directly when they sit in the object.
cdef class LogChain:
    cdef public object _tail
    cdef public Py_ssize_t _n
    cpdef append(self, ev)


cdef class FlowState:
    cdef dict __dict__
    cdef object __weakref__
    cdef public object stack
    cdef public object rng
    cdef public LogChain log_chain
    cdef public object result
    cdef public object _decision
    cdef public object applied
