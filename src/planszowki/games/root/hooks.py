"""What each faction and optional module adds to Root's shared rules, and the set of those a game plays with.

The shared rules (movement, battle, crafting, the turn: ``state.py``, ``turn.py``, ``battle.py``) never import a
faction. A faction module — or an optional module: the Exiles and Partisans deck (A.2), the hirelings (Appendix E),
the landmarks (Appendix F) — declares one :class:`Contribution`: its phases, and the places where the shared rules
ask it something (an extra hit, a reaction to a removal, a start-of-Birdsong effect …). ``game.py`` lists every
contribution it knows and, at setup, assembles a :class:`Hooks` from the shared rules' own entries, the optional
modules and the factions of the seats in play. The state carries that object (``RootState.hooks``, shared by its
copies, rebuilt when a seat chooses its faction in the draft, A.8.2), and the shared rules ask it, never a
module-level table.

An optional module is assembled into every game: each of its hooks first asks the state whether the game uses it
(``st.exiles``, ``"hirelings" in st.fdata``, ``st.landmarks``), as the rules decide that during setup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

#: (options, apply, may_exist) of an ability offered among the turn's extras or in the anytime window, as a
#: contribution declares it
Extra = tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]
#: an :data:`Extra` as :class:`Hooks` keeps it: (options, apply, may_exist, needs), ``needs`` the key of
#: ``RootState.fdata`` without which the ability is not in the game (its contribution's ``needs``), or None
GatedExtra = tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any], str | None]
#: a start-of-phase effect: (the option to resolve it first, applies(st, seat), resolve(st, seat))
StartOf = tuple[Any, Callable[..., Any], Callable[..., Any]]


@dataclass(frozen=True)
class Contribution:
    """What one faction (``faction`` set: its key) or one optional module (``faction`` None) adds to the shared
    rules. Every field is optional; the docstring of each names the rule that asks it."""

    #: the declaring module, for messages
    name: str
    #: the faction key (``state.faction_of`` of its seats); None: an optional module, in every game
    faction: str | None = None
    #: (birdsong, daylight, evening) frames as (kind, initial scalar fields), pushed by the turn (4)
    phases: tuple[tuple[str, dict], tuple[str, dict], tuple[str, dict]] | None = None
    #: crafting_pieces(st, seat) -> the crafting pieces it may use now (4.1)
    crafting_pieces: Callable[..., Any] | None = None
    #: the turn's questions to this faction: "pay", "item", "cobbler", "cobbler_move", "coalition",
    #: "apply_extra", "full_removal" (the Vagabond, the Riverfolk, the Hundreds)
    faction_hooks: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: start-of-Birdsong / start-of-Evening effects by name, ordered by the player taking the turn (1.1.3)
    start_of_birdsong: Mapping[str, StartOf] = field(default_factory=dict)
    start_of_evening: Mapping[str, StartOf] = field(default_factory=dict)
    #: 13.2.3 Nimble: moves regardless of rule
    nimble: bool = False
    #: swims(st, a, b): a move it may take regardless of rule (11.2.2 Swimmers)
    moves_regardless_of_rule: Callable[..., Any] | None = None
    #: abilities offered among the turn's extras (13.2.4 Exposure, the Black Market, hirelings' aid)
    extras: tuple[Extra, ...] = ()
    #: in_play(st): whether any extra of this contribution can be offered in this game
    extras_in_play: Callable[..., Any] | None = None
    #: the key of ``RootState.fdata`` an optional module's extras, anytime abilities and start-of-phase effects need:
    #: without it (the game set up without that module) none of them can be offered or apply, and the turn does not
    #: ask them (a call each saved at every Daylight decision and every phase start); None: always asked
    needs: str | None = None
    #: abilities offered in the anytime window after the Evening draw
    anytime: tuple[Extra, ...] = ()
    #: end_of_turn(st, seat) -> True when it pushed something to do at the end of the turn (E.1)
    end_of_turn: Callable[..., Any] | None = None
    #: the Exiles and Partisans deck's questions (A.2): "ignores_rule", "daylight", "birdsong", …
    exiles: Mapping[str, Any] = field(default_factory=dict)
    #: the hirelings' questions (Appendix E): "rule", "tie", "shielded", "controller", …
    hirelings: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: the Exiles and Partisans deck's battle effects (A.2): "options", "apply"
    exiles_battle: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: the hirelings' battle effects (Appendix E): "effects", "ignore", "before_roll", "exile_items", …
    hireling_battle: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: hook(state, by, victim, warriors, other_pieces) when a Vagabond removes pieces (9.2.9.III)
    on_vagabond_removal: Callable[..., Any] | None = None
    #: hook(state, clearing, kind, by) after one of its buildings or tokens is removed (11.2.5.I Trade Disruption)
    on_piece_removed: Callable[..., Any] | None = None
    #: hook(state, origin, destination, count) after its warriors move (15.2.4 Devout Knights)
    on_move: Callable[..., Any] | None = None
    #: hook(state, faction) -> its warriors held on its board, neither on the map nor in the supply (11.2.4)
    held_warriors: Callable[..., Any] | None = None
    #: its hand is public (11.2.3): every seat sees it, determinize keeps it
    public_hand: bool = False
    #: token kind -> owner, for tokens stopping the owner's enemies placing in or moving out (13.7.2 Snare)
    snares: Mapping[str, str] = field(default_factory=dict)
    #: hook(state, card) -> True when it put a spent or discarded card elsewhere (10.2.6 Lost Souls)
    on_discard: Callable[..., Any] | None = None
    #: hook(state, clearing, n) -> how many of ``n`` of its warriors a removal takes there (14.2.2)
    warrior_removal: Callable[..., Any] | None = None
    #: hook(state, clearing) -> how many of its warriors there another's effect cannot move (14.2.2)
    pinned: Callable[..., Any] | None = None
    #: hook(state, location, adjacency): what ``location`` is adjacent to for its seat (12.2.2 the Burrow)
    adjacent: Callable[..., Any] | None = None
    #: hook(state, clearing, lost) after it took hits while defending (10.2.3 Revenge)
    on_defender_losses: Callable[..., Any] | None = None
    #: hook(state, frame) -> extra hits it deals while defending (13.2.5 Embedded Agents)
    defender_extra_hits: Callable[..., Any] | None = None
    #: hook(state, frame, hits) -> the hits left after it ignores the first (15.2.4 Devout Knights)
    ignore_first_hit: Callable[..., Any] | None = None
    #: its battle steps: "start", "before_roll", "rolled", "hits", "removed" … (14.2 the Hundreds)
    faction_battle: Mapping[str, Callable[..., Any]] | None = None


class Hooks:
    """The contributions of one game: the shared rules' own, every optional module's and those of the factions of
    the seats in play, in the catalog's order (which orders the lists: the extras offered, the start-of-phase
    effects named). Immutable once built; states and their copies share it."""

    __slots__ = (
        "adjacent",
        "anytime",
        "catalog",
        "crafting_pieces",
        "defender_extra_hits",
        "end_of_turn",
        "exiles",
        "exiles_battle",
        "extras",
        "extras_in_play",
        "faction_battle",
        "faction_hooks",
        "factions",
        "held_warriors",
        "hireling_battle",
        "hirelings",
        "ignore_first_hit",
        "moves_regardless_of_rule",
        "nimble",
        "on_defender_losses",
        "on_discard",
        "on_move",
        "on_piece_removed",
        "on_vagabond_removal",
        "phases",
        "pinned",
        "public_hands",
        "snares",
        "start_of",
        "start_of_needs",
        "view",
        "warrior_removal",
    )

    def __init__(self, catalog: Iterable[Contribution], factions: Iterable[str],
                 view: Callable[..., dict[str, Any]] | None = None) -> None:
        self.catalog: tuple[Contribution, ...] = tuple(catalog)
        self.factions: frozenset[str] = frozenset(factions)
        #: what a seat may know of a state (``views.view``), for :meth:`RootState.view`: the views sit above the
        #: factions whose boards they show, so the state is handed the function rather than importing it
        self.view = view
        parts = [c for c in self.catalog if c.faction is None or c.faction in self.factions]

        def keyed(attr: str) -> dict[str, Any]:
            return {c.faction: getattr(c, attr) for c in parts
                    if c.faction is not None and getattr(c, attr) is not None}

        def merged(attr: str) -> dict[str, Any]:
            out: dict[str, Any] = {}
            for c in parts:
                out.update(getattr(c, attr))
            return out

        self.phases: dict[str, tuple] = keyed("phases")
        self.crafting_pieces: dict[str, Callable[..., Any]] = keyed("crafting_pieces")
        self.faction_hooks: dict[str, Mapping[str, Callable[..., Any]]] = {
            f: h for f, h in keyed("faction_hooks").items() if h}
        self.start_of: dict[str, dict[str, StartOf]] = {"birdsong": merged("start_of_birdsong"),
                                                         "evening": merged("start_of_evening")}
        #: each start-of-phase effect's contribution's ``needs``
        self.start_of_needs: dict[str, str | None] = {
            name: c.needs for c in parts for name in (*c.start_of_birdsong, *c.start_of_evening)}
        self.nimble = frozenset(c.faction for c in parts if c.nimble)
        self.moves_regardless_of_rule: dict[str, Callable[..., Any]] = keyed("moves_regardless_of_rule")
        self.extras: tuple[GatedExtra, ...] = tuple((*e, c.needs) for c in parts for e in c.extras)
        self.extras_in_play = tuple(c.extras_in_play for c in parts if c.extras_in_play is not None)
        self.anytime: tuple[GatedExtra, ...] = tuple((*e, c.needs) for c in parts for e in c.anytime)
        self.end_of_turn = tuple(c.end_of_turn for c in parts if c.end_of_turn is not None)
        self.exiles: dict[str, Any] = merged("exiles")
        self.hirelings: dict[str, Callable[..., Any]] = merged("hirelings")
        self.exiles_battle: dict[str, Callable[..., Any]] = merged("exiles_battle")
        self.hireling_battle: dict[str, Callable[..., Any]] = merged("hireling_battle")
        self.on_vagabond_removal = tuple(c.on_vagabond_removal for c in parts if c.on_vagabond_removal is not None)
        self.on_piece_removed: dict[str, Callable[..., Any]] = keyed("on_piece_removed")
        self.on_move: dict[str, Callable[..., Any]] = keyed("on_move")
        self.held_warriors: dict[str, Callable[..., Any]] = keyed("held_warriors")
        self.public_hands = frozenset(c.faction for c in parts if c.public_hand)
        self.snares: dict[str, str] = merged("snares")
        self.on_discard = tuple(c.on_discard for c in parts if c.on_discard is not None)
        self.warrior_removal: dict[str, Callable[..., Any]] = keyed("warrior_removal")
        self.pinned: dict[str, Callable[..., Any]] = keyed("pinned")
        self.adjacent: dict[str, Callable[..., Any]] = keyed("adjacent")
        self.on_defender_losses: dict[str, Callable[..., Any]] = keyed("on_defender_losses")
        self.defender_extra_hits: dict[str, Callable[..., Any]] = keyed("defender_extra_hits")
        self.ignore_first_hit: dict[str, Callable[..., Any]] = keyed("ignore_first_hit")
        self.faction_battle: dict[str, Mapping[str, Callable[..., Any]]] = keyed("faction_battle")

    def for_factions(self, factions: Iterable[str]) -> Hooks:
        """The same catalog assembled for other factions (A.8.2: a seat has chosen its faction)."""
        factions = frozenset(factions)
        return self if factions == self.factions else Hooks(self.catalog, factions, self.view)

    def __repr__(self) -> str:
        return f"Hooks(factions={sorted(self.factions)})"
