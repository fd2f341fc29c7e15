# Declarations read only by the optional compiled build (docs/performance.md): the option builders asked at almost
# every decision take the state as a RootState, so the compiled code reads its fields directly. Python ignores
# this file; turn.py stays the one source of the code.
cimport cython
cimport planszowki.games.root.state as root_state


@cython.locals(out=list, ruled=list, warriors=list, tokens=list, wa=dict, n=cython.Py_ssize_t, k=cython.Py_ssize_t,
               a=cython.Py_ssize_t, b=cython.Py_ssize_t, nmap=cython.Py_ssize_t)
cpdef list move_options(root_state.RootState st, object seat, object rule, object sources=*, object action=*,
                        object suffix=*)
@cython.locals(out=list, warriors=list, buildings=list, tokens=list, w=dict)
cpdef list battle_options(root_state.RootState st, object seat, object rule, object clearings=*, object suffix=*)
cpdef list daylight_extras(root_state.RootState st, object seat)
@cython.locals(fdata=dict)
cpdef list in_game(root_state.RootState st, tuple table)
@cython.locals(out=dict, turn=dict)
cpdef dict free_pieces(root_state.RootState st, object seat)
@cython.locals(out=list, free=dict, allocs=tuple)
cpdef list craft_options(root_state.RootState st, object seat, object rule)
