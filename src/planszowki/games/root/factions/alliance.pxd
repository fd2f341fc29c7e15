# Declarations read only by the optional compiled build (docs/performance.md): the Alliance's option builders of
# Birdsong, Daylight and the Evening's operations, and the questions they ask (supporters, bases, sympathy), take
# the state as a RootState and are C functions. Python ignores this file; alliance.py stays the one source.
cimport cython
cimport planszowki.games.root.state as root_state


# the crafting pieces (sympathy), counted at each crafting option's turn
@cython.locals(out=dict)
cpdef dict crafting_pieces(root_state.RootState st, object seat)
cpdef list supporters(root_state.RootState st)
cpdef list bases_on_map(root_state.RootState st)
@cython.locals(out=dict)
cpdef dict crafting_pieces(root_state.RootState st, object seat)
cpdef bint sympathetic(root_state.RootState st, object c) except -1
cpdef list matching_supporters(root_state.RootState st, object suit)
cpdef list clearing_supporters(root_state.RootState st, object c)
@cython.locals(out=list, enemies=list, tokens=list, bases=list)
cpdef list revolt_options(root_state.RootState st)
@cython.locals(tokens=list, symp=list)
cpdef list spread_targets(root_state.RootState st)
cpdef bint martial_law(root_state.RootState st, object c) except -1
cpdef object spread_cost(root_state.RootState st, object c, object on_map=*)
@cython.locals(out=list, targets=list, have=dict)
cpdef list spread_options(root_state.RootState st)
@cython.locals(out=list, seen=set)
cpdef list train_options(root_state.RootState st)
@cython.locals(out=list)
cpdef list daylight_options(root_state.RootState st)
@cython.locals(out=list)
cpdef list operations_options(root_state.RootState st, object used)
