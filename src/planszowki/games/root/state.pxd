# Declarations read only by the optional compiled build (PLANSZOWKI_COMPILE=1, setup.py; docs/performance.md):
# RootState becomes an extension type whose fields — the ones __init__ sets, untyped, so any value is accepted as in
# Python — sit in the object itself: the compiled rules read them without a dictionary lookup. A field not listed
# here still works (it lives in __dict__). Python ignores this file; state.py stays the one source of the code.
cimport cython
cimport planszowki.engine.flow as kernel_flow


cdef class RootState(kernel_flow.FlowState):
    cdef public object map
    cdef public object hooks
    cdef public object suits
    cdef public object adj
    cdef public object closed
    cdef public object ferry
    cdef public object tower
    cdef public object landmarks
    cdef public object deck_info
    cdef public object exiles
    cdef public object seats
    cdef public object factions
    cdef public object options
    cdef public object warriors
    cdef public object buildings
    cdef public object tokens
    cdef public object deck
    cdef public object discard
    cdef public object available
    cdef public object out
    cdef public object items
    cdef public object hands
    cdef public object vp
    cdef public object crafted
    cdef public object crafted_items
    cdef public object crafted_exhausted
    cdef public object dominance
    cdef public object fdata
    cdef public object current
    cdef public object phase
    cdef public object turn_no
    cdef public object turn
    cdef public object removed_marquise
    cdef public object known
    cdef public object quest_deck
    cdef public object quests_up
    cdef public object ruin_items

    # the board questions asked at almost every decision, with their locals typed as the builtin containers they
    # are, so the compiled code calls dict.get, list.count and the like directly instead of looking each method up
    @cython.locals(w=dict, bs=list, counts=dict, who=list)
    cpdef ruler(self, c)
    @cython.locals(pieces=list, n=cython.Py_ssize_t)
    cpdef count_on_map(self, kind)
    @cython.locals(w=dict, n=cython.Py_ssize_t)
    cpdef warriors_on_map(self, faction)
    @cython.locals(toks=list)
    cpdef can_place(self, c, faction)
    cpdef rules(self, c, faction)
    cpdef adjacent(self, c, seat=*)
    cpdef can_move_from(self, c, seat)
    @cython.locals(w=dict)
    cpdef has_any_piece(self, c, faction)
    cpdef faction_of(self, seat)
    @cython.locals(mine=list)
    cpdef has_crafted(self, seat, effect)
    # smaller questions the option builders ask many times per decision (the cards, suits, slots and supplies)
    cpdef card(self, cid)
    cpdef lost_city(self)
    cpdef clearing_suits(self, c)
    cpdef suit_matches(self, c, suit)
    cpdef craft_suit(self, c)
    @cython.locals(seen=set, out=list)
    cpdef distinct(self, cids)
    cpdef open_slots(self, c)
    cpdef warrior_supply(self, faction)
    cpdef coffined(self, faction)
    cpdef movable_warriors(self, c, faction)
    cpdef pieces_of(self, c, faction)
    cpdef pawn_clearing(self, seat)
    @cython.locals(friends=list)
    cpdef enemies(self, seat)
    cpdef enemy_owners(self, seat)
    @cython.locals(out=list)
    cpdef coalition(self, seat)
    cpdef under_ruin(self, c)
    cpdef loc_index(self, v)
