"""Appendix E Hirelings (Polish: Zaciężni): neutral bands on the score track that players hire for a few turns.

The cards are data (``data/hirelings.json``, validated on load); this module is the Law's Appendix E and the
effects of the implemented sides. A game with hirelings keeps their state in ``st.fdata["hirelings"]`` (flat:
scalars and lists of scalars, so the state's copy stays cheap):

* ``cards``    the sides in play (option names such as ``"last_dynasty"``; one side per card, A.6 Step 2),
* ``markers``  the hireling markers still on the score track (A.6 Step 4: 4, 8 and 12),
* ``taken``    one seat per hireling marker taken from the track this turn, waiting for the end of the turn (E.1.1),
* ``ctl_<side>`` its controller (absent: in the supply), ``cm_<side>`` its control markers (E.1.2),
  ``at_<side>`` the turn number it was gained on (E.1.3), ``card_<side>`` Patrol warriors lying on its card.

Hireling pieces are pieces of their own (E.3.3): their warriors sit in ``st.warriors[c]`` under the owner
``"hireling:<side>"``. A controller counts them for rule (E.3.1), uncontrolled ones rule like a player; they are
enemies of everyone but their controller and the controller's coalition partner (E.3.2); their actions move and
battle with their pieces only (E.3.4); their controller scores nothing for what they remove (E.3.6).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from ...engine import InvalidPosition, Option, Step, UnsupportedSetup
from .content import RUIN_ITEMS
from .hooks import Contribution
from .state import BUILDING_COUNT, CORNER_FACTIONS, OWNER, TOKEN_COUNT, WARRIORS, RootState
from .turn import (
    R,
    battle_options,
    clearing_card_options,
    do_move,
    flush_removals,
    may_move,
    move_options,
    register,
    start_battle,
    take_card,
)
from .variant_maps import ferry_targets, take_ferry

KEY = "hirelings"
#: this module's entries in its :data:`CONTRIBUTION` (hooks.py), each declared beside its rule below: the hirelings'
#: questions (E.3), their battle effects, and their start-of-Birdsong effects
_HOOKS: dict[str, Any] = {}
_BATTLE: dict[str, Any] = {}
_START_OF_BIRDSONG: dict[str, Any] = {}
PREFIX = "hireling:"
#: A.6 Step 4: the hireling markers' spaces on the score track
MARKER_SPACES = (4, 8, 12)
ICONS = ("whenhired", "ability", "birdsong", "daylight")
#: sides with a once-per-Daylight action (E.2.4) the engine offers
DAYLIGHT = ("forest_patrol", "last_dynasty", "bandit_gangs", "the_brigand", "the_exile", "corvid_spies",
            "warm_sun_prophets", "vault_keepers", "sunward_expedition", "street_band", "popular_band",
            "highway_bandits")
# the Vault Keepers' vaults and the Sunward Expedition's footholds (E.3.3) are among the pieces of state.py (OWNER,
# BUILDING_COUNT, TOKEN_COUNT), owned by PREFIX + the side's name
#: cards whose both sides are implemented, named by their promoted side: the Advanced Setup deals from these when
#: asked for three random hirelings (A.6.1)


# -- the cards (data/hirelings.json) ------------------------------------------------------------------------
class HirelingDataError(ValueError):
    """``data/hirelings.json`` breaks its schema; the message names the field."""


def _check_side(where: str, side: Any) -> None:
    if not isinstance(side, dict):
        raise HirelingDataError(f"{where}: a side must be an object")
    for field, kind in (("id", str), ("name", str), ("pieces", dict), ("implemented", bool), ("setup", str),
                        ("abilities", list)):
        if not isinstance(side.get(field), kind):
            raise HirelingDataError(f"{where}.{field}: expected {kind.__name__}")
    for k, v in side["pieces"].items():
        if not isinstance(v, int) or v < 0:
            raise HirelingDataError(f"{where}.pieces.{k}: expected a whole number")
    for i, ab in enumerate(side["abilities"]):
        if not isinstance(ab, dict) or ab.get("icon") not in ICONS or not isinstance(ab.get("text"), str) \
                or not isinstance(ab.get("controller"), bool):
            raise HirelingDataError(f"{where}.abilities[{i}]: expected icon in {ICONS}, controller, text")


def validate(doc: Any) -> dict[str, Any]:
    """Check ``doc`` against the schema of ``data/hirelings.json`` and index it: ``sides`` by id (each with its
    ``card``, ``side`` "promoted"/"demoted", ``other`` side id and ``faction``), ``faces`` of the control die."""
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise HirelingDataError("hirelings.json: expected an object with a list 'cards'")
    die = doc.get("control_die")
    if not isinstance(die, dict) or not isinstance(die.get("faces"), list) or not die["faces"]:
        raise HirelingDataError("control_die.faces: expected a non-empty list")
    for i, f in enumerate(die["faces"]):
        if not isinstance(f, dict) or not all(isinstance(f.get(k), int) and f[k] >= 0 for k in ("gold", "all")) \
                or f["gold"] > f["all"]:
            raise HirelingDataError(f"control_die.faces[{i}]: expected gold <= all, whole numbers")
    sides: dict[str, dict[str, Any]] = {}
    for i, card in enumerate(doc["cards"]):
        where = f"cards[{i}]"
        if not isinstance(card, dict) or not isinstance(card.get("card"), str):
            raise HirelingDataError(f"{where}.card: expected a name")
        if not isinstance(card.get("faction"), str) or not isinstance(card.get("sources"), list):
            raise HirelingDataError(f"{where}: expected 'faction' (a name or '') and 'sources'")
        for s in ("promoted", "demoted"):
            _check_side(f"{where}.{s}", card.get(s))
        for s, other in (("promoted", "demoted"), ("demoted", "promoted")):
            side = dict(card[s])
            if side["id"] in sides:
                raise HirelingDataError(f"{where}.{s}.id: {side['id']!r} appears twice")
            side.update(card=card["card"], side=s, other=card[other]["id"], faction=card["faction"],
                        sources=list(card["sources"]))
            sides[side["id"]] = side
    return {"sides": sides, "faces": [(f["gold"], f["all"]) for f in die["faces"]],
            "die_confirmed": bool(die.get("confirmed"))}


@cache
def content() -> dict[str, Any]:
    text = resources.files("planszowki.games.root").joinpath("data").joinpath("hirelings.json").read_text("utf-8")
    return validate(json.loads(text))


def _full_cards() -> list[str]:
    sides = content()["sides"]
    return sorted(s for s, d in sides.items() if d["side"] == "promoted" and d["implemented"]
                  and sides[d["other"]]["implemented"])


def side_info(side: str) -> dict[str, Any]:
    return content()["sides"][side]


def implemented() -> list[str]:
    return sorted(s for s, d in content()["sides"].items() if d["implemented"])


def owner(side: str) -> str:
    """The owner name of a hireling's pieces (E.3.3)."""
    return PREFIX + side


def side_of(piece_owner: str) -> str:
    return piece_owner[len(PREFIX):]


def is_hireling(name: str) -> bool:
    return name.startswith(PREFIX)


# -- choosing hirelings (A.6) ---------------------------------------------------------------------------------
def resolve(chosen: Any, demoted: Any = None) -> list[str]:
    """The sides in play for ``chosen`` side names (either side names its card), ``demoted`` naming the cards
    flipped to their Demoted side (A.6 Step 2; None: each as named). Refuses unknown, repeated and unimplemented
    hirelings by name (UnsupportedSetup)."""
    sides = content()["sides"]
    if not isinstance(chosen, (list, tuple)) or not 1 <= len(chosen) <= 3:
        raise UnsupportedSetup.told("error_root_hirelings_names")
    flip = set(demoted or ())
    out: list[str] = []
    for name in [*chosen, *flip]:
        if not isinstance(name, str) or name not in sides:
            raise UnsupportedSetup.told("error_root_hireling_unknown", name=name, choices=", ".join(sorted(sides)))
    for name in flip:
        if name not in chosen and sides[name]["other"] not in chosen:
            raise UnsupportedSetup.told("error_root_hireling_demoted_not_chosen", name=name, chosen=list(chosen))
    for name in chosen:
        s = sides[name]
        if demoted is not None:
            want = "demoted" if (name in flip or s["other"] in flip) else "promoted"
            if s["side"] != want:
                name = s["other"]
        if any(side_info(o)["card"] == s["card"] for o in out):
            raise UnsupportedSetup.told("error_root_hireling_card_twice", hireling=PREFIX + name, name=name)
        if not side_info(name)["implemented"]:
            raise UnsupportedSetup.told("error_root_hireling_not_implemented", hireling=PREFIX + name, name=name,
                                        choices=", ".join(implemented()))
        out.append(name)
    return out


def check_factions(sides: list[str], seats: list[str]) -> None:
    """A.6 Step 5: a faction cannot be played if its corresponding hireling is in play."""
    for s in sides:
        f = side_info(s)["faction"]
        if f and (f in seats or (f == "vagabond" and "vagabond2" in seats)):
            raise UnsupportedSetup.told("error_root_hireling_faction", hireling=PREFIX + s, name=s, faction=f)


def setup_hirelings(st: RootState, chosen: list[str], demoted: Any = None) -> None:
    """A.6 Set Up Hirelings: put the chosen hirelings in play (their side as named, or ``demoted`` naming the cards
    flipped, Step 2), push each one's setup (Step 3: starting with the last player in turn order and going
    counterclockwise) and place the markers on 4, 8 and 12 (Step 4). Frames run in the order pushed last first:
    call it after pushing what should come after the hirelings' setup."""
    sides = resolve(chosen, demoted)
    check_factions(sides, st.seats)
    st.fdata[KEY] = {"cards": list(sides), "markers": list(MARKER_SPACES), "taken": []}
    order = list(reversed(st.seats))
    frames = []
    for i, side in enumerate(sides):
        if side_info(side)["setup"]:
            frames.append((order[i % len(order)], side))
    for seat, side in reversed(frames):
        st.push("hirelings.setup", seat=seat, side=side)
    st.emit("hirelings", "A.6", hirelings=[owner(s) for s in sides])


def data(st: RootState) -> dict[str, Any] | None:
    return st.fdata.get(KEY)


def in_play(st: RootState) -> list[str]:
    d = st.fdata.get(KEY)
    return list(d["cards"]) if d else []


def controller(st: RootState, side: str) -> str | None:
    d = st.fdata.get(KEY)
    return d.get("ctl_" + side) if d else None


def controls(st: RootState, seat: str, side: str) -> bool:
    d = st.fdata.get(KEY)
    return bool(d) and side in d["cards"] and d.get("ctl_" + side) == seat


def enemy_of(st: RootState, seat: str, side: str) -> bool:
    """E.3.2 Enemy Status (glossary: a hireling in the supply or held by an enemy player)."""
    ctl = controller(st, side)
    return ctl is None or (ctl != seat and ctl not in st.coalition(seat))


def warriors_total(side: str) -> int:
    return side_info(side)["pieces"].get("warriors", 0)


def warriors_on_map(st: RootState, side: str) -> int:
    o = owner(side)
    return sum(w.get(o, 0) for w in st.warriors)


def warrior_supply(st: RootState, side: str) -> int:
    d = st.fdata[KEY]
    n = warriors_total(side) - warriors_on_map(st, side) - d.get("card_" + side, 0)
    if st.exiles:
        n -= st.coffined(owner(side))  # A.2 Coffin Makers holds warriors returning to any supply
    return n


def place(st: RootState, c: int, side: str, n: int, rule: str) -> int:
    """Place up to ``n`` of a hireling's warriors from its supply (1.5.4)."""
    n = min(n, warrior_supply(st, side))
    if n > 0 and st.can_place(c, owner(side)):
        w = st.warriors[c]
        w[owner(side)] = w.get(owner(side), 0) + n
        st.emit("place_warriors", rule, faction=owner(side), clearing=st.loc(c), count=n)
        return n
    return 0


# -- hooks of the shared rules (state.py, battle.py, turn.py) -------------------------------------------------
def _rule_counts(st: RootState, d: dict, counts: dict[str, int]) -> None:
    """E.3.1: a controller treats its hirelings' pieces as its own for rule; uncontrolled ones count as players."""
    for k in [k for k in counts if k.startswith(PREFIX)]:
        ctl = d.get("ctl_" + k[len(PREFIX):])
        if ctl:
            counts[ctl] = counts.get(ctl, 0) + counts.pop(k)


def _tie_winner(st: RootState, d: dict, who: list[str]) -> str | None:
    """Bluebird Nobles: the controller rules where tied for presence (as 7.2.2 Lords of the Forest)."""
    ctl = d.get("ctl_bluebird_nobles")
    return ctl if ctl is not None and ctl in who and "bluebird_nobles" in d["cards"] else None


def _on_score(st: RootState, seat: str, before: int) -> None:
    """E.1.1: a score marker entering (reaching or passing) a space with a hireling marker takes it."""
    d = st.fdata[KEY]
    after = st.vp[seat]
    taken = [m for m in d["markers"] if before < m <= after]
    if taken:
        d["markers"] = [m for m in d["markers"] if m not in taken]
        d["taken"] = d["taken"] + [seat] * len(taken)
        for m in taken:
            st.emit("hireling_marker", "E.1.1", faction=seat, space=m)


def _on_removed(st: RootState, c: int, piece_owner: str, n: int) -> None:
    """Forest Patrol: whenever Patrol warriors are removed, one of them goes onto the card, not the supply."""
    if piece_owner == PREFIX + "forest_patrol" and n > 0:
        if st.exiles:
            st.from_coffin(piece_owner, 1)  # A.2 Coffin Makers holds only those going to the supply
        d = st.fdata[KEY]
        d["card_forest_patrol"] = d.get("card_forest_patrol", 0) + 1
        st.emit("hireling_card", "E.2.2", faction=piece_owner, count=1)


def _controller_of(st: RootState, piece_owner: str) -> str | None:
    """E.3.7: the player moving or removing with a hireling (Outrage, the Ferry)."""
    return controller(st, side_of(piece_owner))


def battle_defenders(st: RootState, seat: str, c: int) -> list[str]:
    """E.3.2: the hirelings in clearing ``c`` that ``seat`` (a player) may battle."""
    d = st.fdata[KEY]
    return [owner(s) for s in d["cards"] if st.warriors[c].get(owner(s), 0) and enemy_of(st, seat, s)
            and not _sheltered(st, s, c) and (s != "spring_uprising" or st.clearing_cards(seat, c))]


def _sheltered(st: RootState, side: str, c: int) -> bool:
    """Bandit Gangs: Bandit warriors cannot be battled in clearings with their controller's faction pieces."""
    if side != "bandit_gangs":
        return False
    ctl = controller(st, side)
    return ctl is not None and st.has_any_piece(c, ctl)


def _battle_effects(st: RootState, fr: dict) -> None:
    """4.3.3 with the controllers' abilities: Raven Sentries' extra hit."""
    c = fr["c"]
    for side, key in ((fr["att"], "ax"), (fr["dfn"], "dx")):
        if controls(st, side, "raven_sentries"):
            _, bs, ts = st.pieces_of(c, side)
            if bs or ts:
                fr[key] += 1
                st.emit("extra_hit", "E.2.2", faction=side, why="raven_sentries")


def _ignore_hit(st: RootState, fr: dict, victim: str, n: int) -> int:
    """Badger Bodyguards: the controller ignores the first hit it takes in a battle."""
    if n > 0 and controls(st, victim, "badger_bodyguards") and not fr.get("bodyguards_" + victim):
        fr["bodyguards_" + victim] = True
        st.emit("ignore_hit", "E.2.2", faction=victim, why="badger_bodyguards")
        return n - 1
    return n


_HOOKS.update(rule=_rule_counts, tie=_tie_winner, score=_on_score, removed=_on_removed,
                      controller=_controller_of, defenders=battle_defenders)
def _before_roll(st: RootState, fr: dict) -> None:
    """Rabbit Scouts: defending, before the roll, the controller may spend a card of the clearing's suit to take the
    higher roll (as 8.2.2 Guerrilla War). Asked whenever it holds cards, so its hand stays private (1.2.1)."""
    dfn = fr["dfn"]
    if controls(st, dfn, "rabbit_scouts") and st.hands.get(dfn):
        st.push("hirelings.scouts", seat=dfn, c=fr["c"])


_BATTLE.update(effects=_battle_effects, ignore=_ignore_hit, before_roll=_before_roll)


def divers(st: RootState, seat: str) -> bool:
    """Otter Divers: the controller ignores rule moving to or from a clearing on the river."""
    return controls(st, seat, "otter_divers")


_HOOKS["divers"] = divers


def _enemy_hirelings(st: RootState, seat: str) -> list[str]:
    """The hirelings whose pieces are ``seat``'s enemy pieces (E.3.2): in the supply or held by an enemy."""
    return [owner(s) for s in st.fdata[KEY]["cards"] if enemy_of(st, seat, s)]


_HOOKS["enemy_hirelings"] = _enemy_hirelings


def _enemy_pawns(st: RootState, c: int, seat: str) -> int:
    """The pawns of ``seat``'s enemy hirelings (E.3.2) in clearing ``c`` (the Flotilla's, the Protector's)."""
    d = st.fdata[KEY]
    return sum(1 for side, key in (("riverfolk_flotilla", "flotilla_at"), ("furious_protector", "protector_at"),
                                   ("stoic_protector", "stoic_at"))
               if d.get(key) == c and enemy_of(st, seat, side))


_HOOKS["enemy_pawns"] = _enemy_pawns


# -- A.6 Step 3: setting up a hireling ------------------------------------------------------------------------
def spare_corner(st: RootState) -> bool:
    """Whether the Furious Protector's pawn may be set up in a corner clearing (our reading of A.6 and A.8).

    The pawn keeps its enemies from placing pieces in its clearing, and the hirelings are set up (A.6) before the
    factions (A.8). At a table the group chooses its factions after seeing the pawn, so it never chooses more
    corner factions than there are corners left open. A game created with its line-up already named has made
    that choice in advance: the pawn may then take a corner only while the other corners are enough for the
    line-up's factions that start in one (6.3.2, 7.3.2, 10.3.2, 12.3.3, 14.3.1, 15.3.2). In a draft (A.8.1–A.8.2)
    the factions are chosen later and A.8.2.I keeps them out of homelands where they cannot place their pieces,
    so nothing is held back."""
    needed = sum(1 for f in st.factions if f in CORNER_FACTIONS)
    return needed < len(st.map.corners)


def edge_clearings(st: RootState) -> list[int]:
    """Clearings on the map edge (glossary: the closed loop bounding the map): ends of a path that borders only one
    forest, the outside of the map being on its other side."""
    m = st.map
    out: set[int] = set()
    for a, b in m.paths:
        if sum(1 for f in m.forests if a in f and b in f) <= 1:
            out.update((a, b))
    return sorted(out)


@register
class Setup(Step):
    """A.6 Step 3: a player sets up one hireling as its card describes."""

    kind = "hirelings.setup"
    rule = R("A.6")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        side = fr["side"]
        if side == "highway_bandits":  # two bandits, one each on a path without one (one decision each)
            return [Option("set up highway_bandits", "hireling_setup", {"hireling": owner(side)}, R("A.6"))]
        if side == "popular_band":  # two Band warriors, each in a different clearing
            o = owner(side)
            cs = [c for c in st.map.clearings() if st.can_place(c, o)]
            return [Option(f"set up popular_band {a + 1} {b + 1}", "hireling_setup",
                           {"hireling": o, "clearing": a + 1, "second": b + 1}, R("A.6"))
                    for i, a in enumerate(cs) for b in cs[i + 1:]]
        if side == "sunward_expedition":  # a foothold and three Expedition warriors in any clearing
            o = owner(side)
            return [Option(f"set up sunward_expedition {c + 1}", "hireling_setup", {"hireling": o, "clearing": c + 1},
                           R("A.6")) for c in st.map.clearings() if st.can_place(c, o)]
        if side == "vault_keepers":  # two Keeper warriors and a vault in a clearing with an open slot; not a corner,
            # where a faction's setup (A.8, after this step) must put its first building (our reading)
            return [o for o in _vault_start_options(st, owner(side), "set up vault_keepers", "hireling_setup", "A.6")
                    if o.args["clearing"] - 1 not in st.map.corners]
        if side == "riverfolk_flotilla":  # its pawn in a clearing on the map's edge and on the river
            return [Option(f"set up riverfolk_flotilla {c + 1}", "hireling_setup",
                           {"hireling": owner(side), "clearing": c + 1}, R("A.6"))
                    for c in edge_clearings(st) if st.map.rivers[c]]
        if side == "warm_sun_prophets":  # a Prophet warrior in each clearing with a ruin
            return [Option("set up warm_sun_prophets", "hireling_setup", {"hireling": owner(side)}, R("A.6"))]
        if side == "furious_protector":  # its pawn in any clearing, but for a corner the line-up needs
            return [Option(f"set up furious_protector {c + 1}", "hireling_setup",
                           {"hireling": owner(side), "clearing": c + 1}, R("A.6"))
                    for c in st.map.clearings() if c not in st.map.corners or spare_corner(st)]
        if side == "flame_bearers":  # two Bearer warriors among any clearings, one decision each
            return [Option("set up flame_bearers", "hireling_setup", {"hireling": owner(side)}, R("A.6"))]
        if side == "corvid_spies":  # two Spy warriors in two clearings of one suit
            o = owner(side)
            cs = [c for c in st.map.clearings() if st.can_place(c, o)]
            return [Option(f"set up corvid_spies {a + 1} {b + 1}", "hireling_setup",
                           {"hireling": o, "clearing": a + 1, "second": b + 1}, R("A.6"))
                    for i, a in enumerate(cs) for b in cs[i + 1:]
                    if st.suits[a] == st.suits[b] or st.lost_city() in (a, b)]  # F: the Lost City is of each suit
        if side == "the_exile":  # the pawn in any forest, three clubs on the card
            return [Option(f"set up the_exile F{f + 1}", "hireling_setup", {"hireling": owner(side), "forest": f + 1},
                           R("A.6")) for f in range(len(st.map.forests))]
        if side in ("spring_uprising", "the_brigand"):  # rolls of the uprising die; "R" items under the ruins
            return [Option(f"set up {side}", "hireling_setup", {"hireling": owner(side)}, R("A.6"))]
        if side == "forest_patrol":  # one Patrol warrior in each clearing
            return [Option("set up forest_patrol", "hireling_setup", {"hireling": owner(side)}, R("A.6"))]
        # last_dynasty: all five in a clearing on the map's edge
        return [Option(f"set up {side} {c + 1}", "hireling_setup", {"hireling": owner(side), "clearing": c + 1},
                       R("A.6"))
                for c in edge_clearings(st) if st.can_place(c, owner(side))]

    def forced(self, st: RootState, fr: dict) -> bool:
        return fr["side"] in ("forest_patrol", "spring_uprising", "the_brigand", "flame_bearers", "warm_sun_prophets",
                              "highway_bandits")

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        side = fr["side"]
        if side == "highway_bandits":
            st.fdata[KEY]["bandits"] = []
            for _ in range(2):
                st.push("hirelings.bandit", seat=fr["seat"], anywhere=True)
        elif side == "popular_band":
            place(st, opt.args["clearing"] - 1, side, 1, "A.6")
            place(st, opt.args["second"] - 1, side, 1, "A.6")
        elif side == "sunward_expedition":
            c = opt.args["clearing"] - 1
            st.place_token(c, "foothold", "A.6")
            place(st, c, side, 3, "A.6")
        elif side == "vault_keepers":
            _vault_start(st, opt.args["clearing"] - 1, "A.6")
        elif side == "riverfolk_flotilla":
            st.fdata[KEY]["flotilla_at"] = opt.args["clearing"] - 1
            st.emit("flotilla_moved", "A.6", clearing=opt.args["clearing"])
        elif side == "warm_sun_prophets":
            for c in st.map.clearings():
                if "ruin" in st.buildings[c]:
                    place(st, c, side, 1, "A.6")
        elif side == "furious_protector":
            st.fdata[KEY]["protector_at"] = opt.args["clearing"] - 1
            st.emit("protector_moved", "A.6", clearing=opt.args["clearing"])
        elif side == "flame_bearers":
            _bearers_anywhere(st, fr["seat"], 2, "A.6")
        elif side == "corvid_spies":
            place(st, opt.args["clearing"] - 1, side, 1, "A.6")
            place(st, opt.args["second"] - 1, side, 1, "A.6")
        elif side == "the_exile":
            d = st.fdata[KEY]
            d["exile_at"] = opt.args["forest"] - 1
            d["exile_ready"], d["exile_tired"], d["exile_gone"] = ["club", "club", "club"], [], []
            st.emit("exile_placed", "A.6", forest=opt.args["forest"])
        elif side == "the_brigand":
            deal_ruin_items(st)
        elif side == "spring_uprising":
            _uprising_place(st, fr["seat"], [roll_uprising(st, fr["seat"]) for _ in range(2)], "A.6")
        elif side == "forest_patrol":
            for c in st.map.clearings():
                place(st, c, side, 1, "A.6")
        else:
            place(st, opt.args["clearing"] - 1, side, warriors_total(side), "A.6")


# -- E.1 gaining and losing hirelings ------------------------------------------------------------------------
def leading(st: RootState, seat: str) -> bool:
    """E.1.2: the most victory points or tied for the most; not with an activated dominance card."""
    return st.dominance[seat] is None and st.vp[seat] >= max(st.vp.values())


def gain(st: RootState, seat: str, side: str, rule: str) -> None:
    """E.1.2 Rolling for Control: ``seat`` takes the card and rolls the control die."""
    d = st.fdata[KEY]
    faces = content()["faces"]
    gold, every = faces[st.rng.roll(len(faces), "hireling")]
    lead = leading(st, seat)
    n = gold if lead else every
    d["ctl_" + side] = seat
    d["cm_" + side] = n
    d["at_" + side] = st.turn_no
    st.emit("hireling_gained", rule, faction=seat, hireling=owner(side), markers=n, gold=lead)
    when_hired(st, seat, side)


def release(st: RootState, side: str) -> None:
    d = st.fdata[KEY]
    for k in ("ctl_", "cm_", "at_"):
        d.pop(k + side, None)


@register
class EndOfTurn(Step):
    """E.1.1 and E.1.3 at the end of a player's turn: take a hireling card per marker taken, then remove a control
    marker from each card gained on a previous turn, then give each card with none left to another player."""

    kind = "hirelings.end"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        seat = fr["seat"]
        d = st.fdata[KEY]
        if fr["stage"] == 0:
            if seat in d["taken"]:
                taken = list(d["taken"])
                taken.remove(seat)
                d["taken"] = taken
                if any(d.get("ctl_" + s) is None for s in d["cards"]):
                    st.push("hirelings.hire", seat=seat)
                else:
                    st.emit("hireling_none", "E.1.1", faction=seat)
                return
            fr["stage"] = 1
            for s in d["cards"]:
                if d.get("ctl_" + s) == seat and d.get("at_" + s, 0) < st.turn_no:
                    d["cm_" + s] = max(0, d.get("cm_" + s, 0) - 1)
                    st.emit("hireling_control", "E.1.3", faction=seat, hireling=owner(s), markers=d["cm_" + s])
            return
        for s in d["cards"]:
            if d.get("ctl_" + s) == seat and d.get("cm_" + s, 0) == 0:
                st.push("hirelings.give", seat=seat, side=s)
                return
        st.pop(fr)


@register
class Hire(Step):
    """E.1.1: at the end of the turn, take any hireling card from the supply and roll for control."""

    kind = "hirelings.hire"
    rule = R("E.1.1")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        d = st.fdata[KEY]
        return [Option(f"hire {s}", "hire", {"hireling": owner(s)}, R("E.1.1")) for s in d["cards"]
                if d.get("ctl_" + s) is None]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        gain(st, fr["seat"], side_of(opt.args["hireling"]), "E.1.2")


@register
class Give(Step):
    """E.1.3: a card with no control markers goes to any other player, who rolls for control at once."""

    kind = "hirelings.give"
    rule = R("E.1.3")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"give {fr['side']} {o}", "give_hireling", {"hireling": owner(fr["side"]), "player": o},
                       R("E.1.3"))
                for o in st.seats if o != fr["seat"]]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        side = fr["side"]
        release(st, side)
        st.emit("hireling_given", "E.1.3", faction=fr["seat"], hireling=owner(side), player=opt.args["player"])
        gain(st, opt.args["player"], side, "E.1.3")


def _end_of_turn(st: RootState, seat: str) -> bool:
    """``hooks.end_of_turn``: push the hirelings' end of turn when this player has anything to do."""
    d = st.fdata.get(KEY)
    if d is None:
        return False
    revealed = st.fdata[seat].pop("artisans", None)
    if revealed:  # the Mole Artisans: the cards revealed this turn go back to the hand at the end of the Evening
        st.return_revealed(seat, revealed, "E.2.2")
    if seat in d["taken"] or any(d.get("ctl_" + s) == seat for s in d["cards"]):
        st.push("hirelings.end", seat=seat, stage=0)
        return True
    return False




# -- E.2.3 start of Birdsong: Bluebird Nobles ----------------------------------------------------------------
def _nobles_apply(st: RootState, seat: str) -> bool:
    return controls(st, seat, "bluebird_nobles")


def _nobles_score(st: RootState, seat: str) -> None:
    """Bluebird Nobles: score one point per three clearings you rule."""
    ruled = sum(1 for c in st.map.clearings() if st.ruler(c) == seat)
    st.emit("bluebird_nobles", "E.2.3", faction=seat, clearings=ruled)
    st.score(seat, ruled // 3, "E.2.3", "bluebird_nobles")


_START_OF_BIRDSONG["bluebird_nobles"] = (
    Option("bluebird nobles first", "bluebird_nobles_first", {"effect": "bluebird_nobles"}, R("E.2.3")),
    _nobles_apply, _nobles_score)


# -- E.2.4 once-per-Daylight actions: Forest Patrol, Last Dynasty --------------------------------------------
def _rules_for(st: RootState, side: str, c: int) -> bool:
    """A hireling's move needs rule of origin or destination: its pieces rule with its controller (E.3.1)."""
    r = st.ruler(c)
    return r is not None and (r == owner(side) or r == controller(st, side))


def targets(st: RootState, side: str, c: int) -> list[str]:
    """Whom the hireling may battle in ``c``: players other than its controller and the controller's coalition
    partner with any piece there, and the other hirelings there that are not its controller's (E.3.2)."""
    ctl = controller(st, side)
    friends = {ctl, *st.coalition(ctl)} if ctl else set()
    out = [s for s in st.seats if s not in friends and st.has_any_piece(c, s)]
    d = st.fdata[KEY]
    out += [owner(o) for o in d["cards"] if o != side and st.warriors[c].get(owner(o), 0)
            and (ctl is None or d.get("ctl_" + o) != ctl) and not _sheltered(st, o, c)
            and o != "spring_uprising"]  # a hireling holds no card to pay the Uprising's toll (E.3.5)
    if "stoic_at" in d and d["stoic_at"] == c:
        out = [e for e in out if not shielded(st, c, e, owner(side))]  # the Stoic Protector's controller
    return out


def _moves(st: RootState, side: str, sources: list[int], everyone: bool) -> list[tuple[int, int, int, bool]]:
    """Moves of the hireling's warriors: (from, to, count, ferry); ``everyone``: all of them at once."""
    o = owner(side)
    out = []
    for a in sources:
        n = st.warriors[a].get(o, 0)
        if not n or not st.can_move_from(a, o):
            continue
        dests = [(b, False) for b in st.adjacent(a)] + [(b, True) for b in (ferry_targets(st, a) if a == st.ferry
                                                                           else ())]
        for b, ferry in dests:
            if "torch" in st.tokens[b] or not (_rules_for(st, side, a) or _rules_for(st, side, b)):
                continue
            for k in ([n] if everyone else range(1, n + 1)):
                out.append((a, b, k, ferry))
    return out


def _used(st: RootState, side: str) -> bool:
    return bool(st.turn.get("hired_" + side))


def daylight_options(st: RootState, seat: str) -> list[Option]:
    d = st.fdata.get(KEY)
    if d is None or seat != st.current:
        return []
    if st.phase != "daylight":
        return _exile_aid_options(st, seat) if "exile_at" in d else []
    out: list[Option] = _smuggle_options(st, seat) if d.get("ctl_rat_smugglers") == seat else []
    if "exile_at" in d:
        out += _exile_aid_options(st, seat)
    for side in DAYLIGHT:
        if side not in d["cards"] or d.get("ctl_" + side) != seat or (_used(st, side) and side != "the_brigand"):
            continue
        o = owner(side)
        here = [c for c in st.map.clearings() if st.warriors[c].get(o, 0)]
        cite = R("E.2.4")
        if side == "last_dynasty":
            if not here:
                for c in edge_clearings(st):
                    if st.can_place(c, o) and warrior_supply(st, side):
                        out.append(Option(f"hireling {side} place {c + 1}", "hireling_place",
                                          {"hireling": o, "clearing": c + 1}, cite))
                continue
            c = max(here, key=lambda x: st.warriors[x][o])
            if _rules_for(st, side, c):
                for a, b, k, ferry in _moves(st, side, [c], everyone=True):
                    out.append(Option(f"hireling {side} move {a + 1}->{b + 1}{' ferry' if ferry else ''}",
                                      "hireling_move", {"hireling": o, "from": a + 1, "to": b + 1, "count": k,
                                                        **({"ferry": True} if ferry else {})}, cite))
            elif targets(st, side, c):
                out.append(Option(f"hireling {side} battle {c + 1}", "hireling_battle",
                                  {"hireling": o, "clearing": c + 1}, cite))
        elif side == "the_brigand":
            out.extend(_brigand_options(st, seat))
        elif side == "corvid_spies":
            out.append(Option("hireling corvid_spies act", "spies_act", {"hireling": o}, cite))
        elif side == "warm_sun_prophets":
            out.extend(_prophets_options(st, here, o, cite))
        elif side == "vault_keepers":
            out.append(Option("hireling vault_keepers act", "vaults_act", {"hireling": o}, cite))
        elif side == "sunward_expedition":
            out.append(Option("hireling sunward_expedition act", "expedition_act", {"hireling": o}, cite))
        elif side == "highway_bandits":
            out.extend(_bandit_options(st, seat, o, cite))
        elif side == "popular_band":
            if here:
                out.append(Option("hireling popular_band act", "band_act", {"hireling": o}, cite))
            elif warrior_supply(st, side):
                out += [Option(f"hireling popular_band place {c + 1}", "band_place",
                               {"hireling": o, "clearing": c + 1}, cite) for c in st.map.clearings()
                        if st.can_place(c, o)]
        elif side == "street_band":
            if warrior_supply(st, side):
                out += [Option(f"hireling street_band place {c + 1}", "band_place", {"hireling": o, "clearing": c + 1},
                               cite) for c in st.map.clearings() if st.can_place(c, o)]
        elif side == "the_exile":
            if d.get("exile_ready"):
                out.append(Option("hireling the_exile act", "exile_act", {"hireling": o}, cite))
        elif side == "bandit_gangs":
            if here and st.faction_of(seat) in WARRIORS and st.warrior_supply(seat) > 0 \
                    and any(st.can_place(c, seat) for c in here):
                out.append(Option(f"hireling {side} recruit", "hireling_recruit", {"hireling": o}, cite))
            if warrior_supply(st, side):
                for c in st.map.clearings():
                    if st.has_any_piece(c, seat) and st.can_place(c, o):
                        out.append(Option(f"hireling {side} place {c + 1}", "hireling_place",
                                          {"hireling": o, "clearing": c + 1}, cite))
        else:  # forest_patrol
            for a, b, k, ferry in _moves(st, side, here, everyone=False):
                out.append(Option(f"hireling {side} move {a + 1}->{b + 1} x{k}{' ferry' if ferry else ''}",
                                  "hireling_move", {"hireling": o, "from": a + 1, "to": b + 1, "count": k,
                                                    **({"ferry": True} if ferry else {})}, cite))
            if any(targets(st, side, c) for c in here):
                out.append(Option(f"hireling {side} battle", "hireling_battle", {"hireling": o}, cite))
            if d.get("card_" + side, 0):
                for c in here:
                    if st.can_place(c, o):
                        out.append(Option(f"hireling {side} muster {c + 1}", "hireling_muster",
                                          {"hireling": o, "clearing": c + 1}, cite))
    return out


def _battles(st: RootState, seat: str, side: str, c: int, n: int, optional: bool) -> None:
    st.push("hirelings.battles", seat=seat, side=side, c=c, n=n, optional=optional)


def apply_daylight(st: RootState, seat: str, opt: Option) -> bool:
    a = opt.action
    if a in ("smuggle_move", "smuggle_battle"):
        return _smuggle(st, seat, opt)
    if a in ("brigand_explore", "brigand_steal"):
        return _brigand(st, seat, opt)
    if a == "exile_aid":
        return _exile_aid(st, seat, opt)
    if a == "band_place":
        side = side_of(opt.args["hireling"])
        st.turn["hired_" + side] = True
        st.emit("hireling_action", "E.2.4", faction=seat, hireling=opt.args["hireling"])
        place(st, opt.args["clearing"] - 1, side, 1, "E.2.4")
        return True
    if a == "bandit_place":
        st.turn["hired_highway_bandits"] = True
        st.emit("hireling_action", "E.2.4", faction=seat, hireling=opt.args["hireling"])
        _put_bandit(st, opt)
        return True
    if a == "band_act":
        st.turn["hired_popular_band"] = True
        st.emit("hireling_action", "E.2.4", faction=seat, hireling=opt.args["hireling"])
        st.push("hirelings.band", seat=seat, c=-1, todo=[])
        return True
    if a == "expedition_act":
        st.turn["hired_sunward_expedition"] = True
        st.emit("hireling_action", "E.2.4", faction=seat, hireling=opt.args["hireling"])
        st.push("hirelings.expedition", seat=seat, stage=0)
        return True
    if a == "vaults_act":
        st.turn["hired_vault_keepers"] = True
        st.emit("hireling_action", "E.2.4", faction=seat, hireling=opt.args["hireling"])
        st.push("hirelings.vaults", seat=seat, stage=0)
        return True
    if a in ("prophets_battle", "prophets_move", "prophets_place"):
        return _prophets(st, seat, opt)
    if a == "spies_act":
        st.turn["hired_corvid_spies"] = True
        st.emit("hireling_action", "E.2.4", faction=seat, hireling=opt.args["hireling"])
        st.push("hirelings.spies", seat=seat, left=2)
        return True
    if a == "exile_act":
        st.turn["hired_the_exile"] = True
        st.emit("hireling_action", "E.2.4", faction=seat, hireling=opt.args["hireling"])
        st.push("hirelings.exile", seat=seat)
        return True
    if a not in ("hireling_place", "hireling_move", "hireling_battle", "hireling_muster", "hireling_recruit"):
        return False
    o = opt.args["hireling"]
    side = side_of(o)
    st.turn["hired_" + side] = True
    st.emit("hireling_action", "E.2.4", faction=seat, hireling=o)
    if a == "hireling_recruit":  # Bandit Gangs: a warrior of the controller at each Bandit warrior
        for c in st.map.clearings():
            for _ in range(st.warriors[c].get(o, 0)):
                if st.can_place(c, seat):
                    st.place_warriors(c, seat, 1, "E.2.4")
    elif a == "hireling_place" and side == "bandit_gangs":  # a Bandit warrior where the controller has pieces
        place(st, opt.args["clearing"] - 1, side, 1, "E.2.4")
    elif a == "hireling_place":  # Last Dynasty: all five into an edge clearing, then battle there
        c = opt.args["clearing"] - 1
        place(st, c, side, warriors_total(side), "E.2.4")
        _battles(st, seat, side, c, 1, False)
    elif a == "hireling_move":
        src, dst = opt.args["from"] - 1, opt.args["to"] - 1
        st.move_warriors(src, dst, o, opt.args["count"], "E.3.4")
        if opt.args.get("ferry"):
            take_ferry(st, seat, src, dst)  # E.3.7: the controller draws
        if side == "last_dynasty":
            _battles(st, seat, side, dst, 1, False)  # then battle with them if able
        else:
            _battles(st, seat, side, -1, 1, True)  # Forest Patrol: then you may battle
    elif a == "hireling_battle":
        c = opt.args.get("clearing", 0) - 1
        if side == "last_dynasty":
            _battles(st, seat, side, c, 2, False)  # battle there twice
        else:
            _battles(st, seat, side, -1, 1, True)
    else:  # Forest Patrol: every Patrol warrior on the card into a clearing with Patrol warriors
        c = opt.args["clearing"] - 1
        d = st.fdata[KEY]
        n = d.pop("card_" + side, 0)
        w = st.warriors[c]
        w[o] = w.get(o, 0) + n
        st.emit("place_warriors", "E.2.4", faction=o, clearing=st.loc(c), count=n)
    return True


def exile_may_exist(st: RootState, seat: str) -> bool:
    """The Exile: aid anytime on one's turn (public: the Crafted Items box and the board)."""
    d = st.fdata.get(KEY)
    return d is not None and "exile_at" in d and seat == st.current and bool(st.crafted_items.get(seat)) and any(
        st.has_any_piece(c, seat) for c in st.map.forests[d["exile_at"]])


def exile_options(st: RootState, seat: str) -> list[Option]:
    """The Exile's aid after the Evening draw (``hooks.anytime``; before it, among :func:`daylight_options`)."""
    return _exile_aid_options(st, seat) if exile_may_exist(st, seat) else []


def apply_exile(st: RootState, seat: str, opt: Option) -> bool:
    return opt.action == "exile_aid" and _exile_aid(st, seat, opt)


def may_exist(st: RootState, seat: str) -> bool:
    d = st.fdata.get(KEY)
    if exile_may_exist(st, seat):
        return True
    return (d is not None and st.phase == "daylight" and seat == st.current
            and (any(d.get("ctl_" + s) == seat and not _used(st, s) for s in DAYLIGHT if s in d["cards"])
                 or (d.get("ctl_the_brigand") == seat and not st.turn.get("hired_brigand_steal"))
                 or d.get("ctl_rat_smugglers") == seat))




@register
class Battles(Step):
    """E.3.4: the hireling's battles of its action, one at a time; ``c`` the clearing (-1: any with its warriors),
    ``n`` battles left, ``optional`` whether the controller may stop."""

    kind = "hirelings.battles"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        if fr["n"] <= 0 or st.result is not None or not _battle_choices(st, fr):
            st.pop(fr)
            return
        st.push("hirelings.battle", seat=fr["seat"], side=fr["side"], c=fr["c"], optional=fr["optional"],
                cs=list(fr.get("cs") or ()))  # Corvid Spies: the clearings still to battle in


def _battle_choices(st: RootState, fr: dict) -> list[tuple[int, str]]:
    side = fr["side"]
    o = owner(side)
    where = fr["cs"] if fr.get("cs") else [fr["c"]] if fr["c"] >= 0 else list(st.map.clearings())
    pawn = st.fdata[KEY].get("flotilla_at") if side == "riverfolk_flotilla" else None  # a pawn, no warriors
    return [(c, e) for c in where if st.warriors[c].get(o, 0) or c == pawn for e in targets(st, side, c)]


@register
class HirelingBattle(Step):
    """The controller picks where and whom the hireling battles (E.3.4: with the hireling's pieces only)."""

    kind = "hirelings.battle"
    rule = R("E.3.4")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = [Option(f"battle {c + 1} {e}", "battle", {"clearing": c + 1, "defender": e}, R("E.3.4"))
               for c, e in _battle_choices(st, fr)]
        if fr["optional"]:
            out.append(Option("done", "done", {}, R("E.2.4")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        parent = st.stack[-1]
        if opt.action == "done":
            parent["n"] = 0
            return
        parent["n"] -= 1
        if parent.get("cs"):  # Corvid Spies: one battle in each clearing with Spy warriors
            parent["cs"] = [c for c in parent["cs"] if c != opt.args["clearing"] - 1]
        start_battle(st, owner(fr["side"]), opt, "E.3.4")


# -- views, positions ----------------------------------------------------------------------------------------
def view(st: RootState) -> dict[str, Any] | None:
    """Hireling cards and markers are public (E.1)."""
    d = st.fdata.get(KEY)
    if d is None:
        return None
    cards = []
    for s in d["cards"]:
        info = side_info(s)
        cards.append({"hireling": s, "name": info["name"], "side": info["side"], "controller": d.get("ctl_" + s),
                      "control_markers": d.get("cm_" + s, 0), "on_card": d.get("card_" + s, 0),
                      "warrior_supply": warrior_supply(st, s) if warriors_total(s) else 0,
                      "used": _used(st, s)})
    out = {"cards": cards, "markers": list(d["markers"]), "taken": list(d["taken"])}
    if "bandits" in d:  # the Highway Bandits on paths, each as "a-b" (public)
        out["bandits"] = list(d["bandits"])
    if "flotilla_at" in d:  # the Riverfolk Flotilla's pawn
        out["flotilla"] = d["flotilla_at"] + 1
    if "protector_at" in d:  # the Furious Protector's pawn
        out["protector"] = d["protector_at"] + 1
    if "stoic_at" in d:  # the Stoic Protector's pawn (off the map until hired: no key)
        out["protector"] = d["stoic_at"] + 1
    artisans = {s: [st.card(c).key for c in st.fdata[s]["artisans"]] for s in st.seats if st.fdata[s].get("artisans")}
    if artisans:  # the Mole Artisans' revealed cards (public)
        out["artisans"] = artisans
    if "exile_at" in d:  # the Exile's pawn and the items on its card (public)
        out["exile"] = {"forest": f"F{d['exile_at'] + 1}", "items": sorted(d["exile_ready"]),
                        "exhausted": sorted(d["exile_tired"])}
    return out


def load_position(st: RootState, spec: Any) -> None:
    """The ``hirelings`` section of a position (docs/root-position-format.md): ``in_play`` (side names), ``markers``
    left on the score track, ``taken`` (seats holding a marker taken this turn), ``control`` (side -> controller,
    control markers, the turn number it was gained on) and ``on_card`` (side -> warriors lying on its card)."""
    if spec is None:
        return
    if not isinstance(spec, dict):
        raise InvalidPosition("'hirelings' is an object: in_play, markers, taken, control, on_card (Appendix E)")
    try:
        sides = resolve(spec.get("in_play"))
        check_factions(sides, st.seats)
    except UnsupportedSetup as exc:
        raise InvalidPosition(f"hirelings.in_play: {exc}") from None
    markers = spec.get("markers", list(MARKER_SPACES))
    if not isinstance(markers, list) or any(m not in MARKER_SPACES for m in markers) \
            or len(set(markers)) != len(markers):
        raise InvalidPosition(f"hirelings.markers: a list of the spaces {MARKER_SPACES} still holding a marker (A.6)")
    taken = spec.get("taken", [])
    if not isinstance(taken, list) or any(t not in st.seats for t in taken):
        raise InvalidPosition("hirelings.taken: the seats holding a hireling marker taken this turn (E.1.1)")
    d: dict[str, Any] = {"cards": sides, "markers": sorted(markers), "taken": list(taken)}
    control = spec.get("control", {})
    if not isinstance(control, dict):
        raise InvalidPosition("hirelings.control maps a hireling to {controller, markers, gained} (E.1.2)")
    for side, c in control.items():
        if side not in sides or not isinstance(c, dict) or c.get("controller") not in st.seats \
                or type(c.get("markers", 0)) is not int or c.get("markers", 0) < 0:
            raise InvalidPosition(f"hirelings.control.{side}: a hireling in play with a controller among the seats "
                                  "and a number of control markers (E.1.2)")
        d["ctl_" + side] = c["controller"]
        d["cm_" + side] = c.get("markers", 0)
        d["at_" + side] = int(c.get("gained", 0))
    on_card = spec.get("on_card", {})
    if not isinstance(on_card, dict) or any(s != "forest_patrol" or s not in sides or type(n) is not int or n < 0
                                            for s, n in on_card.items()):
        raise InvalidPosition("hirelings.on_card: warriors lying on the Forest Patrol's card (E.2.2)")
    for side, n in on_card.items():
        if n:
            d["card_" + side] = n
    if "highway_bandits" in sides:  # the bandits' paths, each "a-b"
        d["bandits"] = [str(p) for p in spec.get("bandits", [])]
        for p in d["bandits"]:
            a, _, b = p.partition("-")
            if not (a.isdigit() and b.isdigit() and int(b) - 1 in st.adj[int(a) - 1]) or len(d["bandits"]) > 4:
                raise InvalidPosition(f"hirelings.bandits: {p!r} is not a path 'a-b' of the map (at most four)")
    if "riverfolk_flotilla" in sides:  # its pawn's clearing
        d["flotilla_at"] = int(spec.get("flotilla", 1)) - 1
        if not 0 <= d["flotilla_at"] < st.map.n:
            raise InvalidPosition(f"hirelings.flotilla: a clearing of the {st.map.name} map")
    if "furious_protector" in sides:  # its pawn's clearing
        d["protector_at"] = int(spec.get("protector", 1)) - 1
        if not 0 <= d["protector_at"] < st.map.n:
            raise InvalidPosition(f"hirelings.protector: a clearing of the {st.map.name} map")
    if "stoic_protector" in sides and spec.get("protector") is not None:  # its pawn's clearing (none: off the map)
        d["stoic_at"] = int(spec["protector"]) - 1
        if not 0 <= d["stoic_at"] < st.map.n:
            raise InvalidPosition(f"hirelings.protector: a clearing of the {st.map.name} map")
    if "the_exile" in sides:  # the pawn's forest and the items on the card
        ex = spec.get("exile", {})
        try:
            d["exile_at"] = int(str(ex.get("forest", "F1")).lstrip("F")) - 1
        except ValueError:
            raise InvalidPosition("hirelings.exile.forest: a forest such as 'F3'") from None
        if not 0 <= d["exile_at"] < len(st.map.forests):
            raise InvalidPosition(f"hirelings.exile.forest: the {st.map.name} map has {len(st.map.forests)} forests")
        d["exile_ready"] = list(ex.get("items", ["club", "club", "club"]))
        d["exile_tired"] = list(ex.get("exhausted", []))
        d["exile_gone"] = []
    st.fdata[KEY] = d
    if "the_brigand" in sides and not st.ruin_items:
        deal_ruin_items(st)  # the Brigand: "R" items under the ruins as if the Vagabond played
    for c in st.map.clearings():
        for kind in st.buildings[c]:
            if OWNER[kind].startswith(PREFIX) and side_of(OWNER[kind]) not in sides:
                raise InvalidPosition(f"clearing {c + 1}: {kind} belongs to a hireling not in play")
    for side in sides:
        if warriors_total(side) and warrior_supply(st, side) < 0:
            raise InvalidPosition(f"{warriors_on_map(st, side)} {side} warriors on the map, but it has only "
                                  f"{warriors_total(side)} (1.5.1)")


def check_state(st: RootState) -> None:
    """Invariants of the hirelings' state (1.5.1 pieces limited; E.1 one controller per card)."""
    d = st.fdata.get(KEY)
    if d is None:
        return
    for s in d["cards"]:
        ctl = d.get("ctl_" + s)
        if ctl is not None and ctl not in st.seats:
            raise AssertionError(f"hireling {s} controlled by unknown {ctl!r}")
        if warriors_total(s) and warrior_supply(st, s) < 0:
            raise AssertionError(f"hireling {s}: more warriors than {warriors_total(s)}")
    for c in range(len(st.warriors)):
        for f in st.warriors[c]:
            if f.startswith(PREFIX) and side_of(f) not in d["cards"]:
                raise AssertionError(f"clearing {c + 1}: warriors of a hireling not in play: {f}")


HIRELINGS: tuple[str, ...] = tuple(_full_cards())


# -- Rat Smugglers: any number of times in Daylight, discard an item card to move or battle ------------------
def _smuggle_options(st: RootState, seat: str) -> list[Option]:
    """Rat Smugglers: discard a card showing an item (craftable or not) for a move or a battle of the controller."""
    cards = [cid for cid in st.distinct(st.hands[seat]) if st.card(cid).item]
    if not cards:
        return []
    out = []
    can_move, can_battle = bool(move_options(st, seat, "E.2.2")), bool(battle_options(st, seat, "E.2.2"))
    for cid in cards:
        key = st.card(cid).key
        if can_move:
            out.append(Option(f"rat smugglers move {key}", "smuggle_move", {"card": key}, R("E.2.2")))
        if can_battle:
            out.append(Option(f"rat smugglers battle {key}", "smuggle_battle", {"card": key}, R("E.2.2")))
    return out


def _smuggle(st: RootState, seat: str, opt: Option) -> bool:
    cid = take_card(st, seat, opt.args["card"])
    st.hands[seat].remove(cid)
    st.discard_card(cid)
    st.emit("discard", "E.2.2", faction=seat, card=opt.args["card"])
    st.push("hirelings.smuggle", seat=seat, what="move" if opt.action == "smuggle_move" else "battle")
    return True


@register
class Smuggle(Step):
    """Rat Smugglers: the move or battle the discarded item card paid for (4.2, 4.3)."""

    kind = "hirelings.smuggle"
    rule = R("E.2.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        if fr["what"] == "move":
            return move_options(st, fr["seat"], "E.2.2")
        return battle_options(st, fr["seat"], "E.2.2")

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "move":
            do_move(st, fr["seat"], opt, "E.2.2")
        else:
            start_battle(st, fr["seat"], opt, "E.2.2")


# -- Rabbit Scouts (before the roll), Lizard Envoys (start of Birdsong) --------------------------------------
@register
class Scouts(Step):
    """Rabbit Scouts: the defending controller may spend a card of the battle clearing's suit to take the higher
    roll and leave the attacker the lower one."""

    kind = "hirelings.scouts"
    rule = R("E.2.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*clearing_card_options(st, fr["seat"], fr["c"], "scouts", "E.2.2", prefix="scouts "),
                Option("no scouts", "pass", {}, R("E.2.2"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "scouts":
            st.spend(fr["seat"], take_card(st, fr["seat"], opt.args["card"]), "E.2.2", "rabbit_scouts")
            for bf in reversed(st.stack):
                if bf["k"] == "battle":
                    bf["scouts"] = True
                    break


def _envoy_cards(st: RootState) -> list[int]:
    """Lizard Envoys: of the top five cards of the discard pile, those of the most common suit (birds count as
    birds only), ambushes aside; the controller breaks ties by its choice."""
    top = st.discard[-5:]
    if not top:
        return []
    count: dict[str, int] = {}
    for cid in top:
        count[st.card(cid).suit] = count.get(st.card(cid).suit, 0) + 1
    most = max(count.values())
    return st.distinct([cid for cid in top if count[st.card(cid).suit] == most and st.card(cid).kind != "ambush"])


def _envoys_apply(st: RootState, seat: str) -> bool:
    return controls(st, seat, "lizard_envoys") and bool(_envoy_cards(st))


def _envoys_start(st: RootState, seat: str) -> None:
    st.push("hirelings.envoys", seat=seat)


_START_OF_BIRDSONG["lizard_envoys"] = (
    Option("lizard envoys first", "lizard_envoys_first", {"effect": "lizard_envoys"}, R("E.2.3")),
    _envoys_apply, _envoys_start)


@register
class Envoys(Step):
    """Lizard Envoys: at the start of Birdsong the controller may take one such card from the discard pile."""

    kind = "hirelings.envoys"
    rule = R("E.2.3")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*(Option(f"envoys take {st.card(c).key}", "envoys_take", {"card": st.card(c).key}, R("E.2.3"))
                  for c in _envoy_cards(st)), Option("no envoys", "pass", {}, R("E.2.3"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "envoys_take":
            seat = fr["seat"]
            cid = st.find_in(st.discard[-5:], opt.args["card"])
            assert cid is not None
            st.discard.remove(cid)
            st.hands[seat].append(cid)
            st.reveal("*", seat, cid)  # the discard pile is public: everyone saw which card it took
            st.emit("envoys_take", "E.2.3", faction=seat, card=opt.args["card"])


# -- when-hired actions (E.2.1): Bandit Gangs ---------------------------------------------------------------
def when_hired(st: RootState, seat: str, side: str) -> None:
    """E.2.1: the controller must take the hireling's when-hired action on taking control."""
    if side == "popular_band" and not warriors_on_map(st, side):
        where = [c + 1 for c in st.map.clearings() if st.has_any_piece(c, seat)]
        if where:
            st.push("hirelings.place", seat=seat, side=side, where=where, n=1, rule="E.2.1")
    if side == "vault_keepers" and not warriors_on_map(st, side) and not st.count_on_map("vault"):
        if _vault_start_options(st, owner(side), "", "vault_start", "E.2.1"):
            st.push("hirelings.vault_start", seat=seat)
    if side == "warm_sun_prophets" and not warriors_on_map(st, side):
        st.push("hirelings.place", seat=seat, side=side, where=[c + 1 for c in st.map.clearings()], n=1, rule="E.2.1")
    if side == "flame_bearers" and not warriors_on_map(st, side):
        _bearers_anywhere(st, seat, 2, "E.2.1")
    if side == "spring_uprising" and not warriors_on_map(st, side):
        _uprising_place(st, seat, [roll_uprising(st, seat)], "E.2.1")
    if side == "stoic_protector" and "stoic_at" not in st.fdata[KEY]:
        where = [c for c in st.map.clearings() if st.has_any_piece(c, seat)]
        if where:
            st.push("hirelings.stoic", seat=seat, where=[c + 1 for c in where], rule="E.2.1")
    if side == "bandit_gangs" and not warriors_on_map(st, side):
        where = [c for c in st.map.clearings() if st.has_any_piece(c, seat) and st.can_place(c, owner(side))]
        if where:
            st.push("hirelings.place", seat=seat, side=side, where=[c + 1 for c in where], n=1)


@register
class Place(Step):
    """A when-hired placement: the controller picks the clearing (E.2.1)."""

    kind = "hirelings.place"
    rule = R("E.2.1")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = [Option(f"place {fr['side']} {c}", "hireling_place", {"hireling": owner(fr["side"]), "clearing": c},
                      R(fr.get("rule", "E.2.1"))) for c in fr["where"] if st.can_place(c - 1, owner(fr["side"]))]
        return out or [Option(f"place {fr['side']} none", "pass", {}, R(fr.get("rule", "E.2.1")))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "hireling_place":
            place(st, opt.args["clearing"] - 1, fr["side"], fr["n"], fr.get("rule", "E.2.1"))


# -- Feline Physicians: Field Hospitals for the controller -----------------------------------------------------
def _seat_removed(st: RootState, c: int, seat: str, n: int) -> None:
    """Feline Physicians: the controller's warriors removed from ``c`` wait for the end of the removal (1.5.4)."""
    d = st.fdata[KEY]
    if d.get("ctl_feline_physicians") == seat and "feline_physicians" in d["cards"] and c < st.map.n:
        d["fp"] = [*d.get("fp", []), f"{c}:{n}:{seat}"]


def _flush(st: RootState) -> None:
    """After a batch of removals: one Feline Physicians question per clearing, asked only when the controller holds
    cards (an empty hand cannot pay; asking then would show nothing new, 1.2.1). Only the removed warriors' own
    faction is asked, and only while it still controls the card: "your warriors" (a Vagabond, having no warriors,
    never is; E.2.2)."""
    d = st.fdata[KEY]
    pending = d.pop("fp", None)
    if not pending:
        return
    seat = d.get("ctl_feline_physicians")
    if seat is None or not st.hands.get(seat) or "feline_physicians" not in d["cards"]:
        return
    merged: dict[int, int] = {}
    for entry in pending:
        cs, ns, whose = entry.split(":")
        if whose == seat:
            c = int(cs)
            merged[c] = merged.get(c, 0) + int(ns)
    for c, n in sorted(merged.items(), reverse=True):
        st.push("hirelings.physicians", seat=seat, c=c, n=n)


@register
class Physicians(Step):
    """Feline Physicians: the controller may spend a card of the clearing's suit to put the removed warriors in a
    clearing with its faction pieces instead of its supply (as 6.2.3 Field Hospitals)."""

    kind = "hirelings.physicians"
    rule = R("E.2.2")

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"count": fr["n"], "clearing": fr["c"] + 1}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        seat = fr["seat"]
        dests = [c for c in st.map.clearings() if st.has_any_piece(c, seat) and st.can_place(c, seat)]
        out = []
        for cid in st.distinct(st.clearing_cards(seat, fr["c"])):  # Appendix F: the Lost City, any suit
            key = st.card(cid).key
            out += [Option(f"physicians {key} {c + 1}", "physicians", {"card": key, "clearing": c + 1}, R("E.2.2"))
                    for c in dests]
        out.append(Option("no physicians", "pass", {}, R("E.2.2")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action != "physicians":
            return
        seat = fr["seat"]
        st.spend(seat, take_card(st, seat, opt.args["card"]), "E.2.2", "feline_physicians")
        if st.exiles:
            st.from_coffin(seat, fr["n"])  # A.2 Coffin Makers: they do not go to the supply after all
        st.place_warriors(opt.args["clearing"] - 1, seat, fr["n"], "E.2.2")


_HOOKS.update(seat_removed=_seat_removed, flush=_flush)


# -- Spring Uprising -----------------------------------------------------------------------------------------
#: the uprising die's faces (our reading: the three clearing suits, one third each; the card's die is not in the Law)
UPRISING_DIE = ("fox", "rabbit", "mouse")


def roll_uprising(st: RootState, seat: str) -> str:
    suit = UPRISING_DIE[st.rng.roll(len(UPRISING_DIE), "hireling")]
    st.emit("uprising_roll", "E.2.3", faction=seat, suit=suit)
    return suit


def _uprising_place(st: RootState, seat: str, suits: list[str], rule: str) -> None:
    """Put one Uprising warrior in a clearing of each rolled suit, the player choosing the clearing."""
    for suit in reversed(suits):
        st.push("hirelings.uprising_place", seat=seat, suit=suit, rule=rule)


@register
class UprisingPlace(Step):
    """Spring Uprising's setup (two rolls) and when-hired action (one roll): a warrior in a clearing of the suit."""

    kind = "hirelings.uprising_place"
    rule = R("E.2.1")

    def forced(self, st: RootState, fr: dict) -> bool:
        return True  # public: the board and the die

    def options(self, st: RootState, fr: dict) -> list[Option]:
        o = owner("spring_uprising")
        out = [Option(f"uprising {c + 1}", "uprising_place", {"clearing": c + 1}, R(fr["rule"]))
               for c in st.map.clearings() if st.suit_matches(c, fr["suit"]) and st.can_place(c, o)]
        return out or [Option("uprising none", "pass", {}, R(fr["rule"]))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "uprising_place":
            place(st, opt.args["clearing"] - 1, "spring_uprising", 1, fr["rule"])


def _uprising_apply(st: RootState, seat: str) -> bool:
    return controls(st, seat, "spring_uprising")


def _uprising_start(st: RootState, seat: str) -> None:
    """Birdsong: roll the uprising die, then remove an Uprising warrior and every enemy piece from a clearing of that
    suit with Uprising warriors, or put an Uprising warrior in one (the controller must)."""
    suit = roll_uprising(st, seat)
    st.push("hirelings.uprising", seat=seat, suit=suit)


_START_OF_BIRDSONG["spring_uprising"] = (
    Option("spring uprising first", "spring_uprising_first", {"effect": "spring_uprising"}, R("E.2.3")),
    _uprising_apply, _uprising_start)


def _enemy_owners(st: RootState, side: str) -> list[str]:
    """The hireling's enemies as piece owners: players other than its controller and the controller's partner, and
    hirelings not its controller's (E.3.2)."""
    ctl = controller(st, side)
    friends = {ctl, *st.coalition(ctl)} if ctl else set()
    d = st.fdata[KEY]
    return [s for s in st.seats if s not in friends] + [
        owner(o) for o in d["cards"] if o != side and (ctl is None or d.get("ctl_" + o) != ctl)]


@register
class Uprising(Step):
    """Spring Uprising's Birdsong choice, in a clearing of the rolled suit."""

    kind = "hirelings.uprising"
    rule = R("E.2.3")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        o = owner("spring_uprising")
        cite = R("E.2.3")
        out = []
        for c in st.map.clearings():
            if not st.suit_matches(c, fr["suit"]):  # Appendix F: the Lost City is of every suit
                continue
            if st.warriors[c].get(o, 0):
                out.append(Option(f"uprising strike {c + 1}", "uprising_strike", {"clearing": c + 1}, cite))
            if warrior_supply(st, "spring_uprising") and st.can_place(c, o):
                out.append(Option(f"uprising place {c + 1}", "uprising_place", {"clearing": c + 1}, cite))
        return out or [Option("uprising none", "pass", {}, cite)]

    def forced(self, st: RootState, fr: dict) -> bool:
        return True  # a lone option is no choice (everything here is public)

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "pass":
            return
        c = opt.args["clearing"] - 1
        o = owner("spring_uprising")
        if opt.action == "uprising_place":
            place(st, c, "spring_uprising", 1, "E.2.3")
            return
        st.remove_warriors(c, o, 1, None, "E.2.3")
        for e in _enemy_owners(st, "spring_uprising"):
            st.remove_warriors(c, e, st.warriors[c].get(e, 0), o, "E.2.3")
            if e in st.vp:
                _, bs, ts = st.pieces_of(c, e)
                for kind in bs + ts:
                    st.remove_piece(c, kind, o, "E.2.3")
        flush_removals(st)


def _battle_start(st: RootState, att: str, dfn: str, c: int) -> None:
    """Spring Uprising: the attacker first discards a card of the battle clearing's suit."""
    if dfn == PREFIX + "spring_uprising" and att in st.hands and st.clearing_cards(att, c):  # F: the Lost City
        st.push("hirelings.toll", seat=att, c=c)


@register
class Toll(Step):
    """Spring Uprising: a player battling the Uprising discards a card matching the battle clearing."""

    kind = "hirelings.toll"
    rule = R("E.2.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return clearing_card_options(st, fr["seat"], fr["c"], "toll", "E.2.2", prefix="toll ")

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        cid = take_card(st, fr["seat"], opt.args["card"])
        st.hands[fr["seat"]].remove(cid)
        st.discard_card(cid)
        st.emit("discard", "E.2.2", faction=fr["seat"], card=opt.args["card"])


_HOOKS["battle_start"] = _battle_start


# -- The Brigand: ruins as if the Vagabond played; take an item from a ruin, or steal with an exhausted item -----
def deal_ruin_items(st: RootState) -> None:
    """The Brigand's setup: the "R" items under the ruins as if the Vagabond were in play (9.3.4), unless they are
    there already (14.3.2 the Hundreds)."""
    if st.ruin_items:
        return
    st.deal_ruin_items(1)
    st.emit("ruin_items", "A.6", count=len(RUIN_ITEMS))


def _brigand_options(st: RootState, seat: str) -> list[Option]:
    cite = R("E.2.4")
    o = owner("the_brigand")
    out = []
    if not _used(st, "the_brigand") and seat != "warlord":  # the Hoard is not a Crafted Items box (14.2.4)
        for c in st.map.clearings():
            if st.ruin_items.get(str(c)) and st.has_any_piece(c, seat):
                out.append(Option(f"hireling the_brigand explore {c + 1}", "brigand_explore",
                                  {"hireling": o, "clearing": c + 1}, cite))
    if not st.turn.get("hired_brigand_steal"):
        items = st.face_up_crafted_items(seat)
        mine = [c for c in st.map.clearings() if st.has_any_piece(c, seat)]
        targets = sorted({t for t in st.seats if t != seat and st.hands[t]
                          for c in mine if st.has_any_piece(c, t)})
        for item in items:
            for t in targets:
                out.append(Option(f"hireling the_brigand steal {t} {item}", "brigand_steal",
                                  {"hireling": o, "target": t, "item": item}, cite))
    return out


def _brigand(st: RootState, seat: str, opt: Option) -> bool:
    o = opt.args["hireling"]
    if opt.action == "brigand_explore":  # take an item from the ruin; the ruin goes with its last item
        st.turn["hired_the_brigand"] = True
        st.emit("hireling_action", "E.2.4", faction=seat, hireling=o)
        c = opt.args["clearing"] - 1
        under = st.under_ruin(c)
        st.rng.shuffle(under)  # face down: the controller takes one it cannot choose, the last of a shuffle
        st.ruin_items[str(c)] = ",".join(under)
        item = under[-1]
        st.take_from_ruin(c, item, "E.2.4")
        name = item[2:] if item.startswith("R-") else item
        st.crafted_items[seat].append(name)
        st.emit("brigand_item", "E.2.4", faction=seat, item=name, clearing=c + 1)
    else:  # exhaust a face-up item of the Crafted Items box to take a random card
        st.turn["hired_brigand_steal"] = True
        st.emit("hireling_action", "E.2.4", faction=seat, hireling=o)
        st.exhaust_crafted_item(seat, opt.args["item"])
        target = opt.args["target"]
        st.emit("hireling_steal", "E.2.4", faction=seat, target=target, hireling=o)  # public: who from whom
        cid = st.take_random_card(seat, target, "E.2.4")
        st.reveal(target, seat, cid)  # the robbed player saw which card went
    return True


# -- The Exile: a pawn in the forests with items on its card ---------------------------------------------------
def exile_items(st: RootState) -> list[str]:
    """Items given to the Exile, on its card or lost by it (for the item census; its clubs are not items)."""
    d = st.fdata.get(KEY)
    if not d or "exile_at" not in d:
        return []
    return [i for i in (*d["exile_ready"], *d["exile_tired"], *d["exile_gone"]) if i != "club"]


def _exile_aid_options(st: RootState, seat: str) -> list[Option]:
    """The Exile's ability: anytime on their turn a player with faction pieces next to the Exile may put an item of
    their Crafted Items box on its card to draw a card and score a point."""
    d = st.fdata[KEY]
    if seat not in st.crafted_items or not st.crafted_items[seat] or not any(
            st.has_any_piece(c, seat) for c in st.map.forests[d["exile_at"]]):
        return []
    tired = st.crafted_exhausted.get(seat, ())
    out = []
    for item in sorted(set(st.crafted_items[seat])):
        for exhausted in ([False, True] if item in tired else [False]):
            if not exhausted and st.crafted_items[seat].count(item) <= tired.count(item):
                continue
            suffix = " exhausted" if exhausted else ""
            out.append(Option(f"aid the exile {item}{suffix}", "exile_aid", {"item": item, "exhausted": exhausted},
                              R("E.2.2")))
    return out


def _exile_aid(st: RootState, seat: str, opt: Option) -> bool:
    d = st.fdata[KEY]
    item, tired = opt.args["item"], opt.args["exhausted"]
    st.remove_crafted_item(seat, item, exhausted=tired)
    key = "exile_tired" if tired else "exile_ready"
    d[key] = [*d[key], item]
    st.emit("exile_aid", "E.2.2", faction=seat, item=item)
    st.draw(seat, 1, "E.2.2")
    st.score(seat, 1, "E.2.2", "exile")
    return True


def _exile_exhaust(st: RootState, n: int) -> None:
    d = st.fdata[KEY]
    ready = list(d["exile_ready"])
    d["exile_tired"] = [*d["exile_tired"], *ready[:n]]
    d["exile_ready"] = ready[n:]


@register
class Exile(Step):
    """The Exile's Daylight action, as many times as its items allow: exhaust one to move to an adjacent forest, two to
    battle in a clearing next to its forest; when done, its items refresh."""

    kind = "hirelings.exile"
    rule = R("E.2.4")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        d = st.fdata[KEY]
        f = d["exile_at"]
        ready = len(d["exile_ready"])
        cite = R("E.2.4")
        out = []
        if ready >= 1:
            out += [Option(f"exile move F{g + 1}", "exile_move", {"forest": g + 1}, cite) for g in st.map.forest_adj[f]]
        if ready >= 2:
            out += [Option(f"battle {c + 1} {e}", "battle", {"clearing": c + 1, "defender": e}, cite)
                    for c in st.map.forests[f] for e in targets(st, "the_exile", c)]
        out.append(Option("exile done", "done", {}, cite))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        d = st.fdata[KEY]
        if opt.action == "done":  # refresh every item here
            st.pop(fr)
            d["exile_ready"] = [*d["exile_ready"], *d["exile_tired"]]
            d["exile_tired"] = []
            st.emit("exile_refresh", "E.2.4", count=len(d["exile_ready"]))
        elif opt.action == "exile_move":
            _exile_exhaust(st, 1)
            d["exile_at"] = opt.args["forest"] - 1
            st.emit("exile_move", "E.2.4", forest=opt.args["forest"])
        else:
            _exile_exhaust(st, 2)
            start_battle(st, owner("the_exile"), opt, "E.2.4")


def _exile_max(st: RootState) -> int:
    """In battle the Exile rolls up to the number of items on its card."""
    d = st.fdata[KEY]
    return len(d["exile_ready"]) + len(d["exile_tired"])


def _exile_hits(st: RootState, n: int, rule: str) -> None:
    """Each hit the Exile takes exhausts an item on its card, or removes one when none can be exhausted."""
    d = st.fdata[KEY]
    for _ in range(n):
        if d["exile_ready"]:
            _exile_exhaust(st, 1)
        elif d["exile_tired"]:
            lost = d["exile_tired"][-1]
            d["exile_tired"] = d["exile_tired"][:-1]
            d["exile_gone"] = [*d["exile_gone"], lost]
            st.emit("exile_item_removed", rule, item=lost)


_BATTLE.update(exile_items=_exile_max, exile_hits=_exile_hits)


# -- Corvid Spies ----------------------------------------------------------------------------------------------
def _enemy_seats(st: RootState, side: str) -> list[str]:
    ctl = controller(st, side)
    friends = {ctl, *st.coalition(ctl)} if ctl else set()
    return [s for s in st.seats if s not in friends]


@register
class Spies(Step):
    """Corvid Spies' Daylight action: first two Spy warriors among clearings with enemy pieces (``left``), then a
    battle in each clearing with Spy warriors, or, in one of them, a random card from each enemy with faction
    pieces there for the controller."""

    kind = "hirelings.spies"
    rule = R("E.2.4")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        o = owner("corvid_spies")
        cite = R("E.2.4")
        enemies = _enemy_seats(st, "corvid_spies")
        if fr["left"] > 0 and warrior_supply(st, "corvid_spies"):
            out = [Option(f"spies place {c + 1}", "spies_place", {"clearing": c + 1}, cite)
                   for c in st.map.clearings() if st.can_place(c, o) and any(st.has_any_piece(c, e) for e in enemies)]
            if out:
                return out
        here = [c for c in st.map.clearings() if st.warriors[c].get(o, 0)]
        out = []
        if any(targets(st, "corvid_spies", c) for c in here):
            out.append(Option("spies battle", "spies_battle", {}, cite))
        for c in here:
            if any(st.hands[e] and st.has_any_piece(c, e) for e in st.enemies(fr["seat"])):
                out.append(Option(f"spies steal {c + 1}", "spies_steal", {"clearing": c + 1}, cite))
        return out or [Option("spies done", "done", {}, cite)]

    def forced(self, st: RootState, fr: dict) -> bool:
        return True  # everything here is public

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        a = opt.action
        seat = fr["seat"]
        if a == "spies_place":
            fr["left"] -= 1
            place(st, opt.args["clearing"] - 1, "corvid_spies", 1, "E.2.4")
            return
        fr["left"] = 0
        st.pop(fr)
        if a == "spies_battle":
            o = owner("corvid_spies")
            cs = [c for c in st.map.clearings() if st.warriors[c].get(o, 0)]
            st.push("hirelings.battles", seat=seat, side="corvid_spies", c=-1, n=len(cs), optional=False, cs=cs)
        elif a == "spies_steal":
            c = opt.args["clearing"] - 1
            for e in st.enemies(seat):
                if st.hands[e] and st.has_any_piece(c, e):
                    st.emit("hireling_steal", "E.2.4", faction=seat, target=e, hireling=owner("corvid_spies"))
                    cid = st.take_random_card(seat, e, "E.2.4")
                    st.reveal(e, seat, cid)


# -- Flame Bearers ---------------------------------------------------------------------------------------------
def _bearers_anywhere(st: RootState, seat: str, n: int, rule: str) -> None:
    """Flame Bearers: ``n`` Bearer warriors among any clearings (even the same), one decision each."""
    for _ in range(min(n, warrior_supply(st, "flame_bearers"))):
        st.push("hirelings.place", seat=seat, side="flame_bearers", where=[c + 1 for c in st.map.clearings()], n=1,
                rule=rule)


def _bearers_apply(st: RootState, seat: str) -> bool:
    return controls(st, seat, "flame_bearers")


def _bearers_start(st: RootState, seat: str) -> None:
    """Birdsong: in each clearing with Bearer warriors, one enemy piece removed per Bearer warrior there, warriors
    first; then one Bearer warrior at or next to a Bearer warrior, or, if that cannot be, two anywhere."""
    o = owner("flame_bearers")
    enemies = _enemy_owners(st, "flame_bearers")
    for c in st.map.clearings():
        k = st.warriors[c].get(o, 0)
        # the engine's choice: warriors of the enemy with the most there first, then buildings, then tokens
        while k > 0:
            foes = sorted((e for e in enemies if st.warriors[c].get(e, 0)), key=lambda e: -st.warriors[c][e])
            if foes:
                st.remove_warriors(c, foes[0], 1, o, "E.2.3")
            else:
                pieces = [(kind, e) for e in enemies if e in st.vp for kind in (*st.pieces_of(c, e)[1],
                                                                                 *st.pieces_of(c, e)[2])]
                if not pieces:
                    break
                st.remove_piece(c, pieces[0][0], o, "E.2.3")
            k -= 1
    flush_removals(st)
    near = sorted({x for c in st.map.clearings() if st.warriors[c].get(o, 0) for x in (c, *st.adj[c])})
    near = [c for c in near if st.can_place(c, o)]
    if near and warrior_supply(st, "flame_bearers"):
        st.push("hirelings.place", seat=seat, side="flame_bearers", where=[c + 1 for c in near], n=1, rule="E.2.3")
    else:
        _bearers_anywhere(st, seat, 2, "E.2.3")


_START_OF_BIRDSONG["flame_bearers"] = (
    Option("flame bearers first", "flame_bearers_first", {"effect": "flame_bearers"}, R("E.2.3")),
    _bearers_apply, _bearers_start)


# -- Furious Protector -------------------------------------------------------------------------------------------
def _blocked(st: RootState, c: int, faction: str) -> bool:
    """The Furious Protector: its enemies cannot place pieces in its clearing."""
    d = st.fdata[KEY]
    if d.get("protector_at") != c or faction == PREFIX + "furious_protector":
        return False
    ctl = d.get("ctl_furious_protector")
    if faction.startswith(PREFIX):
        return ctl is None or d.get("ctl_" + side_of(faction)) != ctl
    return enemy_of(st, faction, "furious_protector")


_HOOKS["blocked"] = _blocked


def _protector_apply(st: RootState, seat: str) -> bool:
    return controls(st, seat, "furious_protector")


def _protector_start(st: RootState, seat: str) -> None:
    st.push("hirelings.protector", seat=seat)


_START_OF_BIRDSONG["furious_protector"] = (
    Option("furious protector first", "furious_protector_first", {"effect": "furious_protector"}, R("E.2.3")),
    _protector_apply, _protector_start)


@register
class Protector(Step):
    """The Furious Protector's Birdsong: it must move (ignoring rule), then one faction warrior of each player in its
    clearing is removed (the controller's too; hirelings are not faction warriors)."""

    kind = "hirelings.protector"
    rule = R("E.2.3")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        c = st.fdata[KEY]["protector_at"]
        return [Option(f"protector {b + 1}", "protector_move", {"clearing": b + 1}, R("E.2.3")) for b in st.adj[c]]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        c = opt.args["clearing"] - 1
        st.fdata[KEY]["protector_at"] = c
        st.emit("protector_moved", "E.2.3", clearing=c + 1)
        o = owner("furious_protector")
        for s in st.seats:
            if st.warriors[c].get(s, 0):
                st.remove_warriors(c, s, 1, o, "E.2.3")
        flush_removals(st)


# -- Stoic Protector -------------------------------------------------------------------------------------------
def shielded(st: RootState, c: int, faction: str, by: str | None) -> bool:
    """The Stoic Protector: ``by``, an enemy of its controller, cannot battle or remove the controller's faction
    pieces (``faction``) in the Protector's clearing ``c``."""
    d = st.fdata[KEY]
    if d.get("stoic_at") != c:
        return False
    ctl = d.get("ctl_stoic_protector")
    if ctl is None or faction != ctl or by is None or by == ctl:
        return False
    if by.startswith(PREFIX):  # E.3.2: a hireling not its controller's is an enemy
        return d.get("ctl_" + side_of(by)) != ctl
    return by in st.enemies(ctl)


_HOOKS["shielded"] = shielded


def _stoic_apply(st: RootState, seat: str) -> bool:
    return controls(st, seat, "stoic_protector") and "stoic_at" in st.fdata[KEY]


def _stoic_start(st: RootState, seat: str) -> None:
    c = st.fdata[KEY]["stoic_at"]
    st.push("hirelings.stoic", seat=seat, where=[b + 1 for b in st.adj[c]], rule="E.2.3")


_START_OF_BIRDSONG["stoic_protector"] = (
    Option("stoic protector first", "stoic_protector_first", {"effect": "stoic_protector"}, R("E.2.3")),
    _stoic_apply, _stoic_start)


@register
class Stoic(Step):
    """The Stoic Protector's pawn: when hired off the map, into a clearing with the controller's faction pieces
    (E.2.1); at the start of the controller's Birdsong it must move to an adjacent clearing, ignoring rule (E.2.3)."""

    kind = "hirelings.stoic"
    rule = R("E.2.3")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"protector {c}", "protector_move", {"clearing": c}, R(fr["rule"])) for c in fr["where"]]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        st.fdata[KEY]["stoic_at"] = opt.args["clearing"] - 1
        st.emit("stoic_moved", fr["rule"], clearing=opt.args["clearing"])


# -- Warm Sun Prophets -----------------------------------------------------------------------------------------
def _prophets_options(st: RootState, here: list[int], o: str, cite: str) -> list[Option]:
    """Force a player with faction pieces at a Prophet warrior to battle there (the controller picks the defender),
    or to move all the warriors it can from there to a clearing the controller picks; or place a Prophet warrior in a
    clearing without one."""
    out = []
    for c in here:
        for p in st.seats:
            for b in battle_options(st, p, "E.2.4", [c]):
                out.append(Option(f"hireling warm_sun_prophets battle {p} {c + 1} {b.args['defender']}",
                                  "prophets_battle", {"hireling": o, "player": p, "clearing": c + 1,
                                                      "defender": b.args["defender"]}, cite))
            if _forced_movable(st, c, p) and st.can_move_from(c, p):
                for d in st.adjacent(c, p):
                    if d < st.map.n and "torch" not in st.tokens[d] and may_move(st, p, c, d):
                        out.append(Option(f"hireling warm_sun_prophets move {p} {c + 1}->{d + 1}", "prophets_move",
                                          {"hireling": o, "player": p, "from": c + 1, "to": d + 1}, cite))
    if warrior_supply(st, "warm_sun_prophets"):
        out += [Option(f"hireling warm_sun_prophets place {c + 1}", "prophets_place",
                       {"hireling": o, "clearing": c + 1}, cite)
                for c in st.map.clearings() if not st.warriors[c].get(o, 0) and st.can_place(c, o)]
    return out


def _forced_movable(st: RootState, c: int, p: str) -> int:
    """The warriors of ``p`` in ``c`` another's effect can move: not the warlord (14.2.2), whoever's turn it is."""
    n = st.movable_warriors(c, p)
    if p == "warlord" and st.fdata["warlord"].get("lord") == c:
        n = min(n, st.warriors[c].get(p, 0) - 1)
    return max(0, n)


def _prophets(st: RootState, seat: str, opt: Option) -> bool:
    st.turn["hired_warm_sun_prophets"] = True
    st.emit("hireling_action", "E.2.4", faction=seat, hireling=opt.args["hireling"])
    a = opt.action
    if a == "prophets_place":
        place(st, opt.args["clearing"] - 1, "warm_sun_prophets", 1, "E.2.4")
        return True
    p = opt.args["player"]
    if a == "prophets_battle":  # the forced player battles (and scores as usual)
        st.emit("prophets_force", "E.2.4", faction=seat, player=p, clearing=opt.args["clearing"])
        start_battle(st, p, Option("", "battle", {"clearing": opt.args["clearing"], "defender": opt.args["defender"]},
                                   R("E.2.4")), "E.2.4")
        return True
    a_, b_ = opt.args["from"] - 1, opt.args["to"] - 1
    st.emit("prophets_force", "E.2.4", faction=seat, player=p, clearing=opt.args["from"])
    st.move_warriors(a_, b_, p, _forced_movable(st, a_, p), "E.2.4")
    if battle_options(st, p, "E.2.4", [b_]):
        st.push("hirelings.prophets", seat=seat, player=p, c=b_)
    return True


@register
class Prophets(Step):
    """Warm Sun Prophets: after the forced move, the controller may have that player battle in the destination,
    choosing the defender."""

    kind = "hirelings.prophets"
    rule = R("E.2.4")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*(Option(f"prophets battle {b.args['defender']}", "battle",
                         {"clearing": fr["c"] + 1, "defender": b.args["defender"]}, R("E.2.4"))
                  for b in battle_options(st, fr["player"], "E.2.4", [fr["c"]])),
                Option("prophets no battle", "pass", {}, R("E.2.4"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "battle":
            start_battle(st, fr["player"], opt, "E.2.4")


# -- Riverfolk Flotilla ----------------------------------------------------------------------------------------
def _flotilla_apply(st: RootState, seat: str) -> bool:
    return controls(st, seat, "riverfolk_flotilla")


def _flotilla_start(st: RootState, seat: str) -> None:
    """Birdsong: each player with faction pieces at the Flotilla may draw a card; then the Flotilla must move along
    the river, ignoring rule, and may battle."""
    c = st.fdata[KEY]["flotilla_at"]
    st.push("hirelings.flotilla", seat=seat)
    for p in reversed([p for p in st.seats if st.has_any_piece(c, p)]):
        st.push("hirelings.flotilla_draw", seat=p)


_START_OF_BIRDSONG["riverfolk_flotilla"] = (
    Option("riverfolk flotilla first", "riverfolk_flotilla_first", {"effect": "riverfolk_flotilla"}, R("E.2.3")),
    _flotilla_apply, _flotilla_start)


@register
class FlotillaDraw(Step):
    """Riverfolk Flotilla: a player with faction pieces at it may draw a card (each decides for itself)."""

    kind = "hirelings.flotilla_draw"
    rule = R("E.2.3")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option("flotilla draw", "flotilla_draw", {}, R("E.2.3")),
                Option("flotilla no draw", "pass", {}, R("E.2.3"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "flotilla_draw":
            st.draw(fr["seat"], 1, "E.2.3")


@register
class Flotilla(Step):
    """Riverfolk Flotilla: the controller moves it along the river (it must), then it may battle there."""

    kind = "hirelings.flotilla"
    rule = R("E.2.3")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        c = st.fdata[KEY]["flotilla_at"]
        out = [Option(f"flotilla {b + 1}", "flotilla_move", {"clearing": b + 1}, R("E.2.3")) for b in st.map.rivers[c]]
        return out or [Option("flotilla stays", "pass", {}, R("E.2.3"))]

    def forced(self, st: RootState, fr: dict) -> bool:
        return True  # public

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "flotilla_move":
            c = opt.args["clearing"] - 1
            st.fdata[KEY]["flotilla_at"] = c
            st.emit("flotilla_moved", "E.2.3", clearing=c + 1)
        c = st.fdata[KEY]["flotilla_at"]
        if targets(st, "riverfolk_flotilla", c):
            st.push("hirelings.battles", seat=fr["seat"], side="riverfolk_flotilla", c=c, n=1, optional=True)


# -- Vault Keepers -----------------------------------------------------------------------------------------------
def _vault_start_options(st: RootState, o: str, prefix: str, action: str, rule: str) -> list[Option]:
    if st.count_on_map("vault") >= BUILDING_COUNT["vault"]:
        return []
    return [Option(f"{prefix or 'vault start'} {c + 1}", action, {"hireling": o, "clearing": c + 1},
                   R(rule)) for c in st.map.clearings() if st.open_slots(c) > 0 and st.can_place(c, o)]


def _vault_start(st: RootState, c: int, rule: str) -> None:
    place(st, c, "vault_keepers", 2, rule)
    st.place_building(c, "vault", rule)


@register
class VaultStart(Step):
    """The Vault Keepers when hired with no Keeper pieces on the map: two warriors and a vault in any clearing with
    an open building slot (E.2.1)."""

    kind = "hirelings.vault_start"
    rule = R("E.2.1")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return _vault_start_options(st, owner("vault_keepers"), "", "vault_start", "E.2.1")

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        _vault_start(st, opt.args["clearing"] - 1, "E.2.1")


@register
class Vaults(Step):
    """The Vault Keepers' Daylight action: first a vault at or next to a vault (or, if none can go there, a warrior and
    a vault in any clearing); then a battle in each clearing with a vault, or a Keeper warrior at each vault."""

    kind = "hirelings.vaults"
    rule = R("E.2.4")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        o = owner("vault_keepers")
        cite = R("E.2.4")
        vaults = [c for c in st.map.clearings() if "vault" in st.buildings[c]]
        if fr["stage"] == 0:
            if st.count_on_map("vault") < BUILDING_COUNT["vault"]:
                near = sorted({x for c in vaults for x in (c, *st.adj[c])})
                out = [Option(f"vault {c + 1}", "vault_place", {"clearing": c + 1}, cite) for c in near
                       if st.open_slots(c) > 0 and st.can_place(c, o)]
                if not out:  # a warrior and a vault in any clearing
                    out = [Option(f"vault and warrior {c + 1}", "vault_new", {"clearing": c + 1}, cite)
                           for c in st.map.clearings() if st.open_slots(c) > 0 and st.can_place(c, o)]
                if out:
                    return [*out, Option("no vault", "pass", {}, cite)]
        out = []
        if any(st.warriors[c].get(o, 0) and targets(st, "vault_keepers", c) for c in vaults):
            out.append(Option("vaults battle", "vaults_battle", {}, cite))
        if warrior_supply(st, "vault_keepers") and vaults:
            out.append(Option("vaults recruit", "vaults_recruit", {}, cite))
        return out or [Option("vaults done", "done", {}, cite)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        a = opt.action
        if a in ("vault_place", "vault_new", "pass"):  # the first part, done (or passed)
            fr["stage"] = 1
            if a == "vault_new":
                place(st, opt.args["clearing"] - 1, "vault_keepers", 1, "E.2.4")
            if a != "pass":
                st.place_building(opt.args["clearing"] - 1, "vault", "E.2.4")
            return
        st.pop(fr)
        vaults = [c for c in st.map.clearings() if "vault" in st.buildings[c]]
        if a == "vaults_battle":
            o = owner("vault_keepers")
            cs = [c for c in vaults if st.warriors[c].get(o, 0)]
            st.push("hirelings.battles", seat=fr["seat"], side="vault_keepers", c=-1, n=len(cs), optional=False,
                    cs=cs)
        elif a == "vaults_recruit":
            for c in vaults:
                for _ in range(st.buildings[c].count("vault")):
                    place(st, c, "vault_keepers", 1, "E.2.4")


# -- Sunward Expedition: a hireling's tokens ---------------------------------------------------------------------
@register
class Expedition(Step):
    """The Sunward Expedition's Daylight action: first a foothold and up to three Expedition warriors in a clearing
    without a foothold (with none left in the supply, one is taken from the map for it); then either a move and then a
    battle (both optional), or an Expedition warrior at each foothold."""

    kind = "hirelings.expedition"
    rule = R("E.2.4")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        o = owner("sunward_expedition")
        cite = R("E.2.4")
        if fr["stage"] == 0:
            free = st.count_on_map("foothold") < TOKEN_COUNT["foothold"]
            spots = [c for c in st.map.clearings() if "foothold" not in st.tokens[c] and st.can_place(c, o)]
            n = min(3, warrior_supply(st, "sunward_expedition"))
            out = []
            for c in spots:
                for k in range(n + 1):
                    if free:
                        out.append(Option(f"foothold {c + 1} x{k}", "foothold", {"clearing": c + 1, "count": k},
                                          cite))
                    else:  # move a foothold from the map
                        for f in st.map.clearings():
                            if "foothold" in st.tokens[f]:
                                out.append(Option(f"foothold {f + 1}->{c + 1} x{k}", "foothold",
                                                  {"clearing": c + 1, "count": k, "from": f + 1}, cite))
            if out:
                return out
        out = []
        here = [c for c in st.map.clearings() if st.warriors[c].get(o, 0)]
        for a, b, k, ferry in _moves(st, "sunward_expedition", here, everyone=False):
            out.append(Option(f"expedition move {a + 1}->{b + 1} x{k}{' ferry' if ferry else ''}", "expedition_move",
                              {"from": a + 1, "to": b + 1, "count": k, **({"ferry": True} if ferry else {})}, cite))
        if any(targets(st, "sunward_expedition", c) for c in here):
            out.append(Option("expedition battle", "expedition_battle", {}, cite))
        if warrior_supply(st, "sunward_expedition") and st.count_on_map("foothold"):
            out.append(Option("expedition recruit", "expedition_recruit", {}, cite))
        return [*out, Option("expedition done", "done", {}, cite)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        a = opt.action
        side = "sunward_expedition"
        if a == "foothold":
            fr["stage"] = 1
            c = opt.args["clearing"] - 1
            if "from" in opt.args:
                st.remove_piece(opt.args["from"] - 1, "foothold", None, "E.2.4")
            st.place_token(c, "foothold", "E.2.4")
            if opt.args["count"]:
                place(st, c, side, opt.args["count"], "E.2.4")
            return
        st.pop(fr)
        seat = fr["seat"]
        if a == "expedition_move":
            src, dst = opt.args["from"] - 1, opt.args["to"] - 1
            st.move_warriors(src, dst, owner(side), opt.args["count"], "E.3.4")
            if opt.args.get("ferry"):
                take_ferry(st, seat, src, dst)
            _battles(st, seat, side, -1, 1, True)  # then you may battle
        elif a == "expedition_battle":
            _battles(st, seat, side, -1, 1, True)
        elif a == "expedition_recruit":
            for c in st.map.clearings():
                for _ in range(st.tokens[c].count("foothold")):
                    place(st, c, side, 1, "E.2.4")


# -- Street Band: no leaving a Band clearing on the turn one arrived --------------------------------------------
def _moved(st: RootState, c: int, faction: str) -> None:
    """Remember, for this turn, the clearings each player moved warriors into (the Street Band, the Popular Band)."""
    cards = st.fdata[KEY]["cards"]
    if ("street_band" in cards or "popular_band" in cards) and faction in st.vp:
        key = "band_moved_" + faction
        st.turn[key] = f"{st.turn.get(key, '')},{c}"


def _stuck(st: RootState, c: int, seat: str) -> bool:
    """The Street Band: enemies cannot move from a clearing with a Band warrior on the turn they moved into it."""
    moved = st.turn.get("band_moved_" + seat)
    if not moved or c >= len(st.warriors) or str(c) not in moved.split(","):
        return False
    return any(st.warriors[c].get(PREFIX + band) and enemy_of(st, seat, band)
               for band in ("street_band", "popular_band") if band in st.fdata[KEY]["cards"])


_HOOKS.update(moved=_moved, stuck=_stuck)


# -- Mole Artisans: a crafted item card revealed instead of discarded -------------------------------------------
def _artisans(st: RootState, seat: str, cid: int) -> bool:
    """Mole Artisans: the controller may reveal a crafted item card instead of discarding it (asked next)."""
    if not controls(st, seat, "mole_artisans"):
        return False
    st.fdata[seat]["artisans"] = [*st.fdata[seat].get("artisans", []), cid]
    st.push("hirelings.artisans", seat=seat, card=st.card(cid).key)
    return True


_HOOKS["artisans"] = _artisans


@register
class Artisans(Step):
    """Mole Artisans: keep the crafted card revealed (back to the hand after the Evening) or discard it."""

    kind = "hirelings.artisans"
    rule = R("E.2.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option("artisans reveal", "artisans_reveal", {"card": fr["card"]}, R("E.2.2")),
                Option("artisans discard", "artisans_discard", {"card": fr["card"]}, R("E.2.2"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        seat = fr["seat"]
        if opt.action == "artisans_discard":
            kept = st.fdata[seat]["artisans"]
            cid = st.find_in(kept, fr["card"])
            assert cid is not None
            kept = [c for c in kept if c != cid]
            if kept:
                st.fdata[seat]["artisans"] = kept
            else:
                del st.fdata[seat]["artisans"]
            st.discard_card(cid)
        else:
            st.emit("artisans_reveal", "E.2.2", faction=seat, card=fr["card"])


# -- Popular Band ------------------------------------------------------------------------------------------------
@register
class Band(Step):
    """The Popular Band's Daylight action: choose a clearing with a Band warrior; from each adjacent clearing the
    controller may make one faction warrior (our reading of "any faction warrior in each adjacent clearing") move into
    it, as that player could move; then it may put a Band warrior in any clearing."""

    kind = "hirelings.band"
    rule = R("E.2.4")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        o = owner("popular_band")
        cite = R("E.2.4")
        if fr["c"] < 0:
            return [Option(f"band at {c + 1}", "band_at", {"clearing": c + 1}, cite)
                    for c in st.map.clearings() if st.warriors[c].get(o, 0)]
        if fr["todo"]:
            a, c = fr["todo"][0], fr["c"]
            out = [Option(f"band pull {p} {a + 1}", "band_pull", {"player": p, "from": a + 1}, cite)
                   for p in st.seats if _forced_movable(st, a, p) and st.can_move_from(a, p) and may_move(st, p, a, c)]
            return [*out, Option(f"band leave {a + 1}", "pass", {"from": a + 1}, cite)]
        out = [Option(f"band place {c + 1}", "band_place2", {"clearing": c + 1}, cite) for c in st.map.clearings()
               if warrior_supply(st, "popular_band") and st.can_place(c, o)]
        return [*out, Option("band done", "done", {}, cite)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        a = opt.action
        if a == "band_at":
            fr["c"] = c = opt.args["clearing"] - 1
            fr["todo"] = [x for x in st.adj[c] if any(st.warriors[x].get(p, 0) for p in st.seats)]
        elif a in ("band_pull", "pass") and fr["todo"]:
            src = fr["todo"][0]
            fr["todo"] = fr["todo"][1:]
            if a == "band_pull":
                st.move_warriors(src, fr["c"], opt.args["player"], 1, "E.2.4")
        else:
            st.pop(fr)
            if a == "band_place2":
                place(st, opt.args["clearing"] - 1, "popular_band", 1, "E.2.4")


# -- Highway Bandits: pieces on paths ----------------------------------------------------------------------------
BANDITS = 4


def _path(a: int, b: int) -> str:
    return f"{min(a, b) + 1}-{max(a, b) + 1}"


def _paths(st: RootState) -> list[tuple[int, int]]:
    return [(a, b) for a in st.map.clearings() for b in st.adj[a] if a < b]


def _bandit_options(st: RootState, seat: str, o: str, cite: str) -> list[Option]:
    """Highway Bandits' Daylight action: a bandit on a path without one, linked to a clearing with the controller's
    faction pieces; with none in the supply, one may be taken from another path for it."""
    d = st.fdata[KEY]
    on = d.get("bandits", [])
    out = []
    for a, b in _paths(st):
        p = _path(a, b)
        if p in on or not (st.has_any_piece(a, seat) or st.has_any_piece(b, seat)):
            continue
        if len(on) < BANDITS:
            out.append(Option(f"hireling highway_bandits place {p}", "bandit_place", {"hireling": o, "path": p}, cite))
        else:
            out += [Option(f"hireling highway_bandits place {p} from {q}", "bandit_place",
                           {"hireling": o, "path": p, "from": q}, cite) for q in on]
    return out


def _put_bandit(st: RootState, opt: Option) -> None:
    d = st.fdata[KEY]
    on = [q for q in d.get("bandits", []) if q != opt.args.get("from")]
    d["bandits"] = [*on, opt.args["path"]]
    st.emit("bandit_placed", "E.2.4", path=opt.args["path"], src=opt.args.get("from", ""))  # src: moved from


@register
class Bandit(Step):
    """Highway Bandits' setup: a bandit on a path without one (twice)."""

    kind = "hirelings.bandit"
    rule = R("A.6")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        on = st.fdata[KEY].get("bandits", [])
        return [Option(f"bandit {_path(a, b)}", "bandit_place", {"path": _path(a, b)}, R("A.6"))
                for a, b in _paths(st) if _path(a, b) not in on]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        _put_bandit(st, opt)


def _toll(st: RootState, a: int, b: int, mover: str) -> None:
    """Highway Bandits: an enemy moving along a path with a bandit removes one of the moving warriors (a Vagabond
    damages an item); their controller moving along one may place a warrior of its faction in the destination."""
    d = st.fdata[KEY]
    if "highway_bandits" not in d["cards"] or _path(a, b) not in d.get("bandits", ()) or b not in st.adj[a]:
        return
    if mover not in st.vp:
        return  # hirelings' own moves
    if enemy_of(st, mover, "highway_bandits"):
        st.emit("bandit_toll", "E.2.2", faction=mover, path=_path(a, b))
        if mover in ("vagabond", "vagabond2"):
            st.hooks.faction_hooks["vagabond"]["push_damage"](st, mover, 1, "E.2.2")
        elif st.warriors[b].get(mover, 0):
            st.remove_warriors(b, mover, 1, None, "E.2.2")
            flush_removals(st)
    elif mover == controller(st, "highway_bandits") and st.faction_of(mover) in WARRIORS and st.can_place(b, mover):
        st.place_warriors(b, mover, 1, "E.2.2")


_HOOKS["path"] = _toll


#: what the hirelings add to the shared rules (hooks.py); in every game, each hook asking whether the game has
#: hirelings (``"hirelings" in st.fdata``) first
CONTRIBUTION = Contribution(
    "hirelings",
    hirelings=_HOOKS,
    hireling_battle=_BATTLE,
    start_of_birdsong=_START_OF_BIRDSONG,
    extras=((daylight_options, apply_daylight, may_exist),),
    anytime=((exile_options, apply_exile, exile_may_exist),),  # the Exile's aid after the Evening draw too
    needs=KEY,  # the extras, the Exile's aid and the start-of-Birdsong effects: not asked in a game without hirelings
    end_of_turn=_end_of_turn,
)
