# Declarations read only by the optional compiled build (PLANSZOWKI_COMPILE=1, setup.py; docs/performance.md): an
# Option is an extension type with its four fields in the object, so making one (at every decision, about eight
# times) is one C call instead of a Python class's construction and four attribute stores. Python ignores this
# file; core.py stays the one source of the code.
cdef class Option:
    cdef public object id
    cdef public object action
    cdef public object args
    cdef public object rule
