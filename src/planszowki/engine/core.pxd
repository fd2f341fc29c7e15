# Declarations read only by the optional compiled build (PLANSZOWKI_COMPILE=1, setup.py; docs/performance.md): an
# Option is an extension type with its four fields in the object, so making one (at every decision, about eight
# times) is one C call instead of a Python class's construction and four attribute stores. Python ignores this
# file; core.py stays the one source of the code.
cimport cython


cdef class Option:
    cdef public object id
    cdef public object action
    cdef public object args
    cdef public object rule


# A Decision (one per decision) likewise; ``find`` reads each option's id from the object.
cdef class Decision:
    cdef public object player
    cdef public object options
    cdef public object kind
    cdef public object rule
    cdef public object args
    @cython.locals(opt=Option)
    cpdef find(self, option_id)
