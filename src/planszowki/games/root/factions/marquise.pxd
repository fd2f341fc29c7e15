# Declarations read only by the optional compiled build (docs/performance.md): the Marquise's build and overwork
# options, asked at each of her Daylight decisions, take the state as a RootState and have their locals typed, so
# the compiled code calls the state's and the containers' methods directly. Python ignores this file; marquise.py
# stays the one source of the code.
cimport cython
cimport planszowki.games.root.state as root_state


# the crafting pieces (workshops), counted at each crafting option's turn
@cython.locals(out=dict, n=cython.Py_ssize_t)
cpdef dict crafting_pieces(root_state.RootState st, object seat)
@cython.locals(seen=set, todo=list)
cpdef list ruled_zone(root_state.RootState st, object start)
@cython.locals(out=list, costs=dict, zone_wood=dict, zone=list, wood=cython.Py_ssize_t)
cpdef list build_options(root_state.RootState st)
@cython.locals(out=list)
cpdef list overwork_options(root_state.RootState st)
cpdef bint recruit_possible(root_state.RootState st) except -1
@cython.locals(out=list)
cpdef list daylight_options(root_state.RootState st, object stage, object actions)
