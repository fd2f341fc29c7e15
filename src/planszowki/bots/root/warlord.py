"""Heuristic Lord of the Hundreds (Law chapter 14): oppress empty clearings, incite mobs, hoard items.

* **Birdsong** (14.4): anoint next to the most Hundreds warriors; choose the mood that helps this turn —
  Wrathful or Relentless when the warlord's army can fight, Grandiose to strike first, Rowdy with few cards,
  Jubilant with cards to incite, Stubborn otherwise; Lavish only when nothing else is open (and then trade items
  for warriors only with a thin army).
* **Daylight** (14.5): craft items and keep them (Command and Prowess grow with the Hoard) unless the track is
  full; **Command**: build strongholds where the Hundreds rule, battle when it pays, move to take clearings away
  from enemies; **Advance**: march the warlord's army onto enemy pieces and fight there.
* **Evening** (14.6): incite mobs on enemy buildings and ruins (they raze next Birdsong), keep a card or two.
* **Looters** (14.2.5): loot a defender with items when the Hundreds will rule the clearing anyway.
"""

from __future__ import annotations

from ...engine import Decision
from ...games.root.factions.warlord import (
    KEY,
    MOB,
    MOODS,
    hoard,
    lord,
)
from ...games.root.state import RootState
from .common import (
    Scores,
    battle_ev,
    card_value,
    craft_value,
    enemy_warriors,
    faction_scorer,
    move_args,
    strongest_enemy,
    warriors,
    with_extras,
)


def _enemy_pieces(st: RootState, c: int) -> int:
    n = 0
    for e in st.enemies(KEY):
        w, bs, ts = st.pieces_of(c, e)
        n += w + len(bs) + len(ts)
    return n


def _enemy_buildings(st: RootState, c: int) -> int:
    n = 0
    for e in st.enemies(KEY):
        _, bs, ts = st.pieces_of(c, e)
        n += len(bs) + len(ts)
    return n


def _move(st: RootState, src: int, dst: int, k: int, with_lord: bool) -> float:
    v = -0.2
    left = warriors(st, src, KEY) - k
    if "stronghold" in st.buildings[src] and left < 1 + enemy_warriors(st, src, KEY):
        v -= 1.0  # leaves a stronghold open
    if st.ruler(dst) != KEY and k + warriors(st, dst, KEY) > strongest_enemy(st, dst, KEY):
        v += 0.9 + 0.3 * _enemy_buildings(st, dst)
    if with_lord:
        v += 0.3 * min(3, _enemy_pieces(st, dst)) - 0.2 * max(0, enemy_warriors(st, dst, KEY) - k)
    return v


def _action(st: RootState, seat: str, o) -> float:
    a = o.action
    if a == "build":
        c = o.args["clearing"] - 1
        return 1.8 - 0.2 * enemy_warriors(st, c, KEY) + 0.1 * warriors(st, c, KEY) - card_value(
            st, seat, st.find_in(st.hands[seat], o.args["card"])) * 0.3  # type: ignore[arg-type]
    if a == "battle":
        return battle_ev(st, seat, o.args["clearing"] - 1, o.args["defender"]) - 0.2
    if a == "move":
        src, dst, k = move_args(o)
        return _move(st, src, dst, k, bool(o.args.get("warlord")))
    return 0.0


def command(st: RootState, seat: str, d: Decision) -> Scores:
    return with_extras(st, seat, d, lambda o: _action(st, seat, o))


def advance(st: RootState, seat: str, d: Decision) -> Scores:
    def score(o) -> float:
        if o.action in ("end_advance", "skip"):
            return 0.0
        if o.action == "move":
            src, dst, k = move_args(o)
            # the whole army goes with the warlord, toward enemies
            return _move(st, src, dst, k, True) + 0.15 * k - 0.4
        return _action(st, seat, o)

    return with_extras(st, seat, d, score)


def mood(st: RootState, seat: str, d: Decision) -> Scores:
    c = lord(st)
    army = warriors(st, c, KEY) if c is not None else 0
    near = _enemy_pieces(st, c) if c is not None else 0
    if c is not None:
        near += sum(_enemy_pieces(st, a) for a in st.adj[c])
    hand = len(st.hands[seat])
    want = {
        "wrathful": 1.0 + 0.3 * min(4, near) + (0.5 if army >= 4 else 0.0),
        "relentless": 0.8 + 0.25 * min(4, near) + (0.4 if army >= 5 else 0.0),
        "grandiose": 0.7 + 0.1 * min(4, near),
        "rowdy": 1.4 - 0.3 * hand,
        "jubilant": 0.4 + (0.3 if hand >= 3 else 0.0),
        "stubborn": 0.9,
        "bitter": 0.3 + 0.4 * sum(1 for x in ((c, *st.adj[c]) if c is not None else ()) if MOB in st.tokens[x]),
        "lavish": -0.5 + (0.6 if army <= 2 and hoard(st) else 0.0),
    }
    return [want.get(o.args.get("mood", ""), 0.0) for o in d.options]


def lavish(st: RootState, seat: str, d: Decision) -> Scores:
    c = lord(st)
    thin = c is not None and warriors(st, c, KEY) <= 2
    return [(0.5 if thin else -0.5) if o.action == "lavish" else 0.0 for o in d.options]


def incite(st: RootState, seat: str, d: Decision) -> Scores:
    def score(o) -> float:
        if o.action != "incite":
            return 0.0 if len(st.hands[seat]) > 2 else 0.3
        c = o.args["clearing"] - 1
        v = 0.8 * _enemy_buildings(st, c) + (0.9 if "ruin" in st.buildings[c] else 0.0) - 0.3
        return v - 0.3 * card_value(st, seat, st.find_in(st.hands[seat], o.args["card"]))  # type: ignore[arg-type]

    return [score(o) for o in d.options]


def jubilant(st: RootState, seat: str, d: Decision) -> Scores:
    return [0.5 if o.action == "roll_mob" else 0.0 for o in d.options]


def mob_place(st: RootState, seat: str, d: Decision) -> Scores:
    return [_enemy_buildings(st, o.args["clearing"] - 1) + (1.0 if "ruin" in st.buildings[o.args["clearing"] - 1]
                                                            else 0.0) for o in d.options]


def anoint(st: RootState, seat: str, d: Decision) -> Scores:
    return [warriors(st, o.args["clearing"] - 1, KEY) + 0.2 * _enemy_pieces(st, o.args["clearing"] - 1)
            for o in d.options]


def contempt(st: RootState, seat: str, d: Decision) -> Scores:
    """Keep the item while its track has room (Command and Prowess grow); late, take the points."""
    out = []
    for o in d.options:
        if o.action == "take_item":
            out.append(2.0 if st.vp[seat] < 22 else 0.5)
        else:
            out.append(float(o.args["vp"]) * (0.6 if st.vp[seat] < 22 else 1.5))
    return out


def hoard_full(st: RootState, seat: str, d: Decision) -> Scores:
    open_moods = {item for item in MOODS.values() if item}
    return [0.5 if o.action == "remove_gained" else (0.3 if o.args.get("item") in open_moods else 0.0)
            for o in d.options]


def loot(st: RootState, seat: str, d: Decision) -> Scores:
    from .common import current_battle

    bf = current_battle(st)
    strong = bf is not None and warriors(st, bf["c"], KEY) > 2 * warriors(st, bf["c"], bf["dfn"])
    return [(1.0 if strong else -0.5) if o.action == "loot" else 0.0 for o in d.options]


def bitter(st: RootState, seat: str, d: Decision) -> Scores:
    return [0.3 if o.action == "remove_mob" else 0.0 for o in d.options]


def which_removed(st: RootState, seat: str, d: Decision) -> Scores:
    """Keep the warlord (the Prowess recruit and the moods follow it), unless its army there is spent and others
    stand elsewhere to anoint among."""
    c = lord(st)
    here = warriors(st, c, KEY) if c is not None else 0
    elsewhere = st.warriors_on_map(KEY) - here
    lose = 0.6 if here <= 1 and elsewhere >= 4 else -0.5
    return [lose if o.action == "lose_warlord" else 0.0 for o in d.options]


def craft(st: RootState, seat: str, d: Decision) -> Scores:
    return [craft_value(st, seat, o.args["card"]) + 0.3 if o.action == "craft" else 0.0 for o in d.options]


def value(st: RootState, seat: str, cid: int) -> float:
    """Cards pay for strongholds and mobs (any suit matching the clearing): birds are wild there."""
    return card_value(st, seat, cid) + (0.4 if st.card(cid).suit == "bird" else 0.1)


scores = faction_scorer({
    "warlord.command": command,
    "warlord.advance": advance,
    "warlord.mood": mood,
    "warlord.lavish": lavish,
    "warlord.incite": incite,
    "warlord.jubilant": jubilant,
    "warlord.mob_place": mob_place,
    "warlord.anoint": anoint,
    "warlord.contempt": contempt,
    "warlord.hoard_full": hoard_full,
    "warlord.loot": loot,
    "warlord.bitter": bitter,
    "warlord.craft": craft,
    "warlord.which_removed": which_removed,
}, value)
