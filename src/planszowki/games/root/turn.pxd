# Declarations read only by the optional compiled build (docs/performance.md): the option builders asked at almost
# every decision take the state as a RootState, so the compiled code reads its fields directly. Python ignores
# this file; turn.py stays the one source of the code.
cimport planszowki.games.root.state as root_state


cpdef list move_options(root_state.RootState st, object seat, object rule, object sources=*, object action=*,
                        object suffix=*)
cpdef list battle_options(root_state.RootState st, object seat, object rule, object clearings=*, object suffix=*)
cpdef list daylight_extras(root_state.RootState st, object seat)
