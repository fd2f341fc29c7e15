"""Advanced Setup step A.8 with the faction setup cards: the draft (A.8.1–A.8.2) and each card's setup.

``options={"setup": "advanced", "factions": "draft"}`` with ``players`` naming the seats only ("player1",
"player2" …): the factions are drafted.

* A.8.1 Deal Setup Cards — one militant card (red name with a sword) to the pool, then the other militant cards
  shuffled with the insurgent cards, one per player; without insurgents with two players (A.8.1.I) unless the game
  has hirelings and ``adventurous`` keeps them (A.8.1.I's parenthesis, :func:`insurgents_out`); a last
  insurgent card dealt is locked until a militant faction has been chosen (A.8.1.II); each Vagabond card comes with
  a random character card (A.8.1.III). ``draft_pool`` limits the cards to those the group owns (default: every
  faction the engine plays, ``data/setup_cards.json``; "vagabond2" is the second Vagabond card).
* A.8.2 Choose Factions — from the last player in turn order counterclockwise, each player chooses a card and sets
  the faction up at once with its card, before the next one chooses (``setup.draft`` decisions). The chooser's seat
  takes the faction's name from then on (seats are named after factions; the first Vagabond chosen is
  "vagabond", a second "vagabond2"); the log's ``faction_chosen`` event records which seat it was.
* A.8.2.I Homelands — a player cannot choose a homeland an enemy chose, nor one where the card's pieces cannot all
  be placed; A.8.2.II Enemy Homeland Adjacency — "not adjacent to enemy homelands" falls back to adjacent, "two or
  more clearings between" falls back to "not adjacent", then to adjacent (:func:`_tiers`); A.8.2.III Multiple
  Homelands (the Keepers' two) — the pair that keeps both as far as possible.

The cards (``data/setup_cards.json``, texts from the printed cards in our own words): the Marquise, Eyrie, Duchy,
Lizard Cult, Corvids, Lord of the Hundreds and Keepers choose homelands (``setup.homeland``, and ``setup.spread``
for warriors "among adjacent clearings as evenly as possible"); the Alliance and the Riverfolk set up as in the
Standard Setup; a Vagabond takes the character dealt with its card. Each card reuses its faction's Standard Setup
steps and replaces only the step that differs (the starting corner, the character).
"""

from __future__ import annotations

import json
import re
from functools import cache
from itertools import combinations, permutations
from pathlib import Path
from typing import Any

from ...engine import Event, Option, Step, UnsupportedSetup
from ...engine.flow import LogChain
from . import hirelings
from .content import characters
from .factions import corvid, warlord
from .factions.corvid import PLOTS
from .factions.keepers import map_edge  # the map edge (Appendix G) of each map
from .state import RootState
from .turn import register

#: seat names while the draft has not named them: "player1", "player2" …
PLACEHOLDER = re.compile(r"^player[1-9][0-9]?$")
#: faction keys of the Vagabond setup cards (the second one is the Riverfolk Expansion's)
VAGABOND_CARDS = ("vagabond", "vagabond2")


def R(rule: str) -> str:
    return f"root:{rule}"


@cache
def cards() -> dict[str, dict[str, Any]]:
    raw = json.loads((Path(__file__).parent / "data" / "setup_cards.json").read_text("utf-8"))
    return {k: v for k, v in raw.items() if not k.startswith("_")}


def is_draft(options: dict[str, Any]) -> bool:
    return options.get("setup") == "advanced" and options.get("factions") == "draft"


def insurgents_out(seats: int, options: dict[str, Any]) -> bool:
    """A.8.1.I Two Players: the insurgent setup cards are removed before dealing — "You may keep them if you're
    playing with hirelings and feeling adventurous" (``adventurous``, which ``advanced_setup.check_options`` allows
    only with hirelings)."""
    return seats == 2 and not options.get("adventurous", False)


def check(players: list[str], options: dict[str, Any], playable: tuple[str, ...]) -> None:
    """The seats and the setup cards of a draft (A.8.1), or UnsupportedSetup naming the rule."""
    if not isinstance(players, (list, tuple)) or not 2 <= len(players) <= 6:
        raise UnsupportedSetup.told("error_root_draft_player_count")
    if len(set(players)) != len(players) or not all(isinstance(p, str) and PLACEHOLDER.match(p) for p in players):
        raise UnsupportedSetup.told("error_root_draft_seat_names")
    pool = options.get("draft_pool", [f for f in cards() if f in playable])
    if not isinstance(pool, (list, tuple)) or len(set(pool)) != len(pool):
        raise UnsupportedSetup.told("error_root_draft_pool_value")
    for f in pool:
        if f not in cards() or f not in playable:
            raise UnsupportedSetup.told("error_root_draft_pool_card", name=f,
                                        choices=[c for c in cards() if c in playable])
    if "vagabond2" in pool and "vagabond" not in pool:
        raise UnsupportedSetup.told("error_root_draft_pool_second_vagabond")
    if options.get("adventurous") and len(players) != 2:
        raise UnsupportedSetup.told("error_root_adventurous_player_count", count=len(players))
    militant = [f for f in pool if cards()[f]["militant"]]
    out = insurgents_out(len(players), options)
    usable = militant if out else pool  # A.8.1.I
    if not militant or len(usable) < len(players) + 1:
        if out:  # A.8.1.I: militant cards only
            raise UnsupportedSetup.told("error_root_draft_pool_too_small_militant", count=len(players),
                                        need=len(players) + 1, pool=len(usable))
        raise UnsupportedSetup.told("error_root_draft_pool_too_small", count=len(players), need=len(players) + 1,
                                    pool=len(usable))


# -- A.8.1 Deal Setup Cards -----------------------------------------------------------------------
def deal(st: RootState, playable: tuple[str, ...]) -> None:
    """A.8.1: deal the pool and push the draft (A.8.2)."""
    pool = list(st.options.get("draft_pool", [f for f in cards() if f in playable]))
    blocked = _hireling_factions(st)  # A.6.5: a faction whose hireling is in play is returned to the box
    pool = [f for f in pool if (f if f != "vagabond2" else "vagabond") not in blocked]
    militant = sorted(f for f in pool if cards()[f]["militant"])
    out = insurgents_out(len(st.seats), st.options)  # A.8.1.I
    if not militant or len(militant if out else pool) < len(st.seats) + 1:
        raise UnsupportedSetup.told("error_root_draft_hirelings_leave_too_few")
    st.rng.shuffle(militant)
    dealt = [militant.pop()]
    rest = militant + ([] if out else sorted(f for f in pool if not cards()[f]["militant"]))
    st.rng.shuffle(rest)
    dealt += rest[:len(st.seats)]
    locked = "" if cards()[dealt[-1]]["militant"] else dealt[-1]  # A.8.1.II
    names = sorted(characters())
    st.rng.shuffle(names)
    shown = []
    for f in dealt:
        # A.8.1.III: each Vagabond card comes with a random character; "vagabond2" is just another Vagabond card
        shown.append(f"vagabond:{names.pop()}" if f in VAGABOND_CARDS else f)
    for card in shown:
        f, ch = _card_faction(card)
        if ch:
            st.emit("setup_card_dealt_vagabond", "A.8.1.III", faction=f, character=ch)
        else:
            st.emit("setup_card_dealt", "A.8.1", faction=f)
    if locked:
        locked = shown[-1]
        st.emit("setup_card_locked", "A.8.1.II", faction=_card_faction(locked)[0])
    st.push("setup.draft", seat=st.seats[-1], pool=shown, locked=locked, n=0, chosen=[])


def _hireling_factions(st: RootState) -> set[str]:
    """A.6.5: the factions whose hirelings are in play."""
    return {hirelings.side_info(s)["faction"] for s in hirelings.in_play(st)} - {None, ""}


def _card_faction(card: str) -> tuple[str, str | None]:
    f, _, ch = card.partition(":")
    return f, ch or None


@register
class Draft(Step):
    """A.8.2: the last player in turn order first, then counterclockwise, chooses a setup card and sets the
    faction up at once (A.8.2), a locked insurgent only once a militant faction is chosen (A.8.1.II)."""

    kind = "setup.draft"
    rule = R("A.8.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        militant_chosen = any(cards()[_card_faction(c)[0]]["militant"] for c in fr["chosen"])
        out = []
        for card in fr["pool"]:
            if card == fr["locked"] and not militant_chosen:
                continue
            f, ch = _card_faction(card)
            if ch:  # A.8.1.III: this Vagabond comes with its character
                out.append(Option(f"choose {card}", "choose_vagabond", {"faction": f, "character": ch}, R("A.8.2")))
            else:
                out.append(Option(f"choose {card}", "choose_faction", {"faction": f}, R("A.8.2")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        card = opt.id.split(" ", 1)[1]
        fr["pool"].remove(card)
        fr["chosen"].append(card)
        f, ch = _card_faction(card)
        old = fr["seat"]
        seat = f
        if f == "vagabond" and "vagabond" in st.seats:
            seat = "vagabond2"  # 9.7: the second Vagabond
        rename_seat(st, old, seat)
        st.factions = [*(x for x in st.factions if x in st.seats and not PLACEHOLDER.match(x)), seat]
        st.emit("faction_chosen", "A.8.2", was=old, faction=seat)
        fr["n"] += 1
        if fr["n"] >= len(st.seats):
            st.pop(fr)
        else:
            fr["seat"] = st.seats[-1 - fr["n"]]
        start_card(st, seat, ch)  # on top of the draft: set up before the next player chooses


def rename_seat(st: RootState, old: str, new: str) -> None:
    """A.8.2: the seat ``old`` plays ``new`` from now on. Everything keyed or tagged by seat follows: the seating,
    hands, scores, boards, cards seen, pending steps and the log so far (whose events that seat may see)."""
    def r(s: Any) -> Any:
        return new if s == old else s

    def rd(d: dict) -> dict:
        return {r(k): v for k, v in d.items()}

    st.seats = [r(s) for s in st.seats]
    st.factions = [r(s) for s in st.factions]
    st.hooks = st.hooks.for_factions(st.faction_of(s) for s in st.seats)  # the chosen faction's hooks join the game
    st.hands, st.vp, st.crafted = rd(st.hands), rd(st.vp), rd(st.crafted)
    st.crafted_items, st.crafted_exhausted = rd(st.crafted_items), rd(st.crafted_exhausted)
    st.dominance, st.fdata = rd(st.dominance), rd(st.fdata)
    st.current = r(st.current)
    st.known = [[r(k[0]), r(k[1]), k[2]] for k in st.known]
    for fr in st.stack:
        for k, v in fr.items():
            if v == old:
                fr[k] = new
    log = LogChain()
    for e in st.log:
        args = {k: ([r(x) for x in v] if isinstance(v, list) else r(v)) for k, v in e.args.items()}
        log.append(Event(e.kind, args, None if e.seats is None else tuple(r(s) for s in e.seats), e.rule))
    st.log_chain = log


# -- the cards' setups ------------------------------------------------------------------------------
#: the Standard Setup step each card replaces, by faction: (driver, step replaced)
REPLACED = {
    "eyrie": ("eyrie.setup", "eyrie.setup.corner"),
    "duchy": ("duchy.setup", "duchy.setup.corner"),
    "cult": ("cult.setup", "cult.setup.corner"),
    "warlord": ("warlord.setup", "warlord.setup.corner"),
    "keepers": ("keepers.setup", "keepers.setup.corner"),
    "vagabond": ("vagabond.setup", "vagabond.setup.character"),
}


def start_card(st: RootState, seat: str, character: str | None) -> None:
    """Set up the faction of ``seat`` as its Advanced Setup card describes."""
    f = st.faction_of(seat)
    if f == "marquise":
        st.push("setup.homeland", seat=seat, faction=f)
        return
    driver = f"{f}.setup"
    fr = st.push(driver, i=0, seat=seat)
    if f not in REPLACED and f != "corvid":
        return  # the Alliance and the Riverfolk: the card is the Standard Setup
    st.STEPS[driver].run(st, fr)  # the Standard Setup's own first step (supplies, boards), then replace below
    if f == "corvid":  # 13.3.2's scatter stays; the homeland (warrior and plot) comes first
        st.push("setup.homeland", seat=seat, faction=f)
        return
    gone = REPLACED[f][1]
    idx = max(i for i, x in enumerate(st.stack) if x["k"] == gone)
    if f == "vagabond":  # A.8.1.III: the character dealt with the card, not a choice
        del st.stack[idx]
        st.fdata[seat]["character"] = character
        st.emit("character", "A.8.1", faction=seat, character=character)
        return
    st.stack[idx] = {"k": "setup.homeland", "seat": seat, "faction": f}
    if f == "cult":  # the card: two warriors in the Acolytes box
        st.fdata[seat]["acolytes"] = 2
        st.emit("acolytes_placed", "A.8.2", faction=seat, count=2)


def _edge(st: RootState) -> set[int]:
    return set(map_edge(st))


def _enemy_homes(st: RootState, seat: str) -> set[int]:
    return {c for s in st.seats if s != seat for c in st.fdata[s].get("homelands", ())}


def _distance(st: RootState, homes: set[int]) -> list[int]:
    """Clearings between each clearing and the nearest of ``homes`` plus one (1: adjacent); large when none."""
    far = 99
    dist = [far] * st.map.n
    frontier = sorted(homes)
    for c in frontier:
        dist[c] = 0
    while frontier:
        nxt = []
        for c in frontier:
            for a in st.adj[c]:
                if a < st.map.n and dist[a] == far:
                    dist[a] = dist[c] + 1
                    nxt.append(a)
        frontier = nxt
    return dist


#: A.8.2.II: the distances a card asks for, best first, with its fallbacks (3: two or more clearings between,
#: 2: not adjacent, 1: adjacent allowed)
FAR, APART, ANY = (3, 2, 1), (2, 1), (1,)
#: per faction: (distance tiers, on the map edge only, building slots needed in each homeland, homelands)
HOMELAND_RULES = {
    "marquise": (ANY, False, 1, 3),
    "eyrie": (FAR, True, 1, 1),
    "warlord": (FAR, True, 1, 1),
    "keepers": (FAR, True, 0, 2),
    "duchy": (APART, False, 0, 1),
    "cult": (APART, False, 1, 1),
    "corvid": (ANY, False, 0, 1),
}


def _tiers(st: RootState, seat: str, dist: list[int], groups: list[tuple[int, ...]],
           tiers: tuple[int, ...]) -> list[tuple[int, ...]]:
    for need in tiers:  # A.8.2.II: as far as possible
        ok = [g for g in groups if min(dist[c] for c in g) >= need]
        if ok:
            return ok
    return []


def homeland_choices(st: RootState, seat: str) -> list[tuple[int, ...]]:
    """A.8.2.I–III: the homelands ``seat``'s card may choose now (a tuple of clearings each)."""
    f = st.faction_of(seat)
    tiers, edge_only, slots, count = HOMELAND_RULES[f]
    enemy = _enemy_homes(st, seat)
    edge = _edge(st) if edge_only else None
    ok = [c for c in st.map.clearings() if c not in enemy and st.can_place(c, f) and st.open_slots(c) >= slots
          and (edge is None or c in edge)]
    if count == 1:
        groups: list[tuple[int, ...]] = [(c,) for c in ok]
    elif count == 2:  # the Keepers: two adjacent homelands
        groups = [(a, b) for a, b in combinations(ok, 2) if b in st.adj[a]]
    else:  # the Marquise: three, each adjacent to another of them
        groups = [g for g in combinations(ok, 3)
                  if all(any(o in st.adj[c] for o in g if o != c) for c in g)]
    return _tiers(st, seat, _distance(st, enemy), groups, tiers)


@register
class Homeland(Step):
    """A.8.2.I: choose the homeland(s) the card asks for and put the card's pieces there."""

    kind = "setup.homeland"
    rule = R("A.8.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = []
        for g in homeland_choices(st, fr["seat"]):
            names = "_".join(str(c + 1) for c in g)
            out.append(Option(f"homeland {names}", "homeland", {"clearing": g[0] + 1, "clearings": [c + 1 for c in g]},
                              R("A.8.2")))
        return out or [Option("no homeland", "skip", {}, R("A.8.2"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        seat, f = fr["seat"], fr["faction"]
        if opt.action == "skip":  # no clearing can take the card's pieces
            st.emit("no_homeland", "A.8.2", faction=seat)
            return
        homes = [c - 1 for c in opt.args["clearings"]]
        fd = st.fdata[seat]
        fd["homelands"] = homes
        fd["start"] = homes[0]  # where the Standard Setup's rules look for a faction's starting clearing
        st.emit("homeland", "A.8.2", faction=seat, clearings=[c + 1 for c in homes])
        PLACE[f](st, seat, homes)


def _spread(st: RootState, seat: str, home: int, n: int) -> None:
    """Put ``n`` warriors among the clearings adjacent to ``home`` as evenly as possible (a choice when the
    numbers cannot be equal)."""
    f = st.faction_of(seat)
    around = [a for a in st.adj[home] if a < st.map.n and st.can_place(a, f)]
    if not around or n <= 0:
        return
    each, extra = divmod(n, len(around))
    if extra == 0:
        for a in around:
            st.place_warriors(a, f, each, "A.8.2")
        return
    st.push("setup.spread", seat=seat, around=around, each=each, extra=extra)


@register
class Spread(Step):
    """The cards' "among the adjacent clearings as evenly as possible": which clearings take one more."""

    kind = "setup.spread"
    rule = R("A.8.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option("more " + "_".join(str(c + 1) for c in g), "spread", {"clearings": [c + 1 for c in g]},
                       R("A.8.2")) for g in combinations(fr["around"], fr["extra"])]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        f = st.faction_of(fr["seat"])
        more = {c - 1 for c in opt.args["clearings"]}
        for a in fr["around"]:
            k = fr["each"] + (1 if a in more else 0)
            if k:
                st.place_warriors(a, f, k, "A.8.2")


def _place_marquise(st: RootState, seat: str, homes: list[int]) -> None:
    for c in homes:
        st.place_warriors(c, seat, 2, "A.8.2")
    for c in st.map.clearings():
        if c not in homes and st.can_place(c, seat):
            st.place_warriors(c, seat, 1, "A.8.2")
    st.push("setup.marquise", seat=seat, homes=list(homes))


@register
class MarquiseKeep(Step):
    """The Marquise's card: the keep in a homeland not adjacent to an enemy homeland if able, and a sawmill, a
    workshop and a recruiter each in a different homeland (one decision)."""

    kind = "setup.marquise"
    rule = R("A.8.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        homes = fr["homes"]
        dist = _distance(st, _enemy_homes(st, fr["seat"]))
        keeps = [c for c in homes if dist[c] >= 2] or homes
        out = []
        for k in keeps:
            for order in permutations(homes):
                label = " ".join(f"{b} {c + 1}" for b, c in zip(("sawmill", "workshop", "recruiter"), order,
                                                                 strict=True))
                out.append(Option(f"keep {k + 1} {label}", "keep", {"clearing": k + 1, "sawmill": order[0] + 1,
                                                                    "workshop": order[1] + 1,
                                                                    "recruiter": order[2] + 1}, R("A.8.2")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        st.place_token(opt.args["clearing"] - 1, "keep", "A.8.2")
        for b in ("sawmill", "workshop", "recruiter"):
            st.place_building(opt.args[b] - 1, b, "A.8.2")


def _place_eyrie(st: RootState, seat: str, homes: list[int]) -> None:
    st.place_building(homes[0], "roost", "A.8.2")
    st.place_warriors(homes[0], seat, 6, "A.8.2")


def _place_duchy(st: RootState, seat: str, homes: list[int]) -> None:
    st.place_warriors(homes[0], seat, 2, "A.8.2")
    st.place_token(homes[0], "tunnel", "A.8.2")
    _spread(st, seat, homes[0], 5)


def _place_cult(st: RootState, seat: str, homes: list[int]) -> None:
    c = homes[0]
    st.place_warriors(c, seat, 4, "A.8.2")
    lost_city = c == st.lost_city()  # Appendix F: a clearing of every suit, so any garden matches; the Cult picks
    if not lost_city:
        st.place_building(c, f"garden_{st.suits[c]}", "A.8.2")
    _spread(st, seat, c, 3)
    if lost_city:  # on top of the spread's question: the garden is named first
        st.push("setup.cult_garden", seat=seat, c=c)


@register
class CultGarden(Step):
    """The Cult's card: the garden matching the homeland; in the Lost City (Appendix F) a garden of any suit."""

    kind = "setup.cult_garden"
    rule = R("A.8.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"garden {s}", "garden", {"as_suit": s}, R("A.8.2")) for s in st.clearing_suits(fr["c"])]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        st.place_building(fr["c"], f"garden_{opt.args['as_suit']}", "A.8.2")


def _place_corvid(st: RootState, seat: str, homes: list[int]) -> None:
    st.place_warriors(homes[0], seat, 1, "A.8.2")
    st.push("setup.corvid_plot", seat=seat, c=homes[0])


@register
class CorvidPlot(Step):
    """The Corvids' card: a plot token of their choice, face down, in the homeland (13.2.2.1: only the Corvids
    know which)."""

    kind = "setup.corvid_plot"
    rule = R("A.8.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"plot {p}", "plot", {"plot": p}, R("A.8.2")) for p in PLOTS]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        c = fr["c"]
        corvid._set_hidden(st, c, opt.args["plot"])
        st.place_token(c, "plot", "A.8.2")
        st.emit("plot_placed", "A.8.2", (fr["seat"],), faction=fr["seat"], clearing=c + 1, plot=opt.args["plot"])


def _place_warlord(st: RootState, seat: str, homes: list[int]) -> None:
    c = homes[0]
    warlord._place_warlord(st, c, "A.8.2")
    st.place_warriors(c, seat, 4, "A.8.2")
    st.place_building(c, warlord.STRONGHOLD, "A.8.2")


def _place_keepers(st: RootState, seat: str, homes: list[int]) -> None:
    for c in homes:
        st.place_warriors(c, seat, 4, "A.8.2")


PLACE = {"marquise": _place_marquise, "eyrie": _place_eyrie, "duchy": _place_duchy, "cult": _place_cult,
         "corvid": _place_corvid, "warlord": _place_warlord, "keepers": _place_keepers}
