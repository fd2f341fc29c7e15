# Declarations read only by the optional compiled build (docs/performance.md): the Vagabond's item counts and the
# questions his Daylight options ask at each decision (where the pawn is, where it may go, who is Hostile) take the
# state as a RootState and are C functions, so the compiled code calls them without building Python calls. Python
# ignores this file; vagabond.py stays the one source of the code.
cimport cython
cimport planszowki.games.root.state as root_state


# the item entries' parse ("name:state", memoized) and the map locations' labels, asked many times per decision
cpdef object base(object name)
cpdef tuple _parse(object entry)
cpdef tuple split(object entry)
cpdef object _label(root_state.RootState st, object w)
cpdef object location_id(root_state.RootState st, object w)
@cython.locals(n=cython.Py_ssize_t, parsed=dict, p=tuple)
cpdef Py_ssize_t count(root_state.RootState st, object seat, object item, object states=*) except -1
cpdef object where(root_state.RootState st, object seat)
cpdef object clearing_of(root_state.RootState st, object seat)
@cython.locals(n=cython.Py_ssize_t)
cpdef list neighbours(root_state.RootState st, object w, object seat=*)
cpdef bint snared(root_state.RootState st, object seat) except -1
cpdef bint blocked(root_state.RootState st, object c) except -1
cpdef object relation(root_state.RootState st, object seat, object other)
cpdef bint hostile_warriors_in(root_state.RootState st, object seat, object c) except -1
cpdef list allies(root_state.RootState st, object seat)
@cython.locals(out=list)
cpdef list move_options(root_state.RootState st, object seat)
@cython.locals(out=list)
cpdef list battle_targets(root_state.RootState st, object seat)
cpdef list aid_targets(root_state.RootState st, object seat, object c)
cpdef list items(root_state.RootState st, object seat)
@cython.locals(kinds=set, p=tuple)
cpdef list ready_kinds(root_state.RootState st, object seat)
@cython.locals(kinds=set, p=tuple)
cpdef list entry_kinds(root_state.RootState st, object seat, object states)
@cython.locals(out=list)
cpdef list _ally_followers(root_state.RootState st, object seat, object src, object dest, object action, object rule,
                           dict args, object label)
cpdef bint _holds(dict pool, dict need) except -1
@cython.locals(out=list, ready=dict, seen=set, need=dict, rest=dict, pool=dict)
cpdef list quest_options(root_state.RootState st, object seat, object c)
@cython.locals(out=list, present=list)
cpdef list special_options(root_state.RootState st, object seat)
