# Declarations read only by the optional compiled build (docs/performance.md): the options of a Decree card, asked at
# each of the Eyrie's Daylight decisions, take the state as a RootState and are C functions. Python ignores this
# file; eyrie.py stays the one source of the code.
cimport cython
cimport planszowki.games.root.state as root_state


# the crafting pieces (roosts), counted at each crafting option's turn
@cython.locals(out=dict)
cpdef dict crafting_pieces(root_state.RootState st, object seat)
cpdef list decree(root_state.RootState st, object column)
cpdef bint _suit_matches(root_state.RootState st, object c, object suit) except -1
@cython.locals(cl=list, opts=list)
cpdef list decree_action_options(root_state.RootState st, object column, object suit)
