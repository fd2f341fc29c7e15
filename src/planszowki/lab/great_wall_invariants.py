"""The Great Wall invariants the lab checks along games (``planszowki soak great_wall``, ``play_game(check_every=)``).

Read only through the state's plain data, so they hold whatever content is loaded; the conservation rules are the
ones of the engine's own playout test (``tests/great_wall/test_gw_invariants.py``, ``check_conservation``):

* a running game always has a decision with options, never empty, with unique ids;
* components are conserved ("Liczba komponentów jest ograniczona"): every clan's soldiers wherever they stand, its
  clerks (pool + locations + still to hire), its 6 Command cards (hand, track, discard pile); the Shame tokens
  (pool, box, under soldiers, on claimed cards); the Horde, Tactic and Advisor cards; resources and Honor never
  below zero; at most 3 Horde cards per section, the firing spots and Barricade spaces the board has, Wall levels 0-3;
* ``copy()`` and the JSON round trip give equal states (DESIGN.md, promise 1).
"""

from __future__ import annotations

from typing import Any

from ..games.great_wall.state import CLANS, GreatWallState
from .round_trip import check_round_trip

SOLDIERS = ("spearman", "archer", "horseman")


def check_decision(st: GreatWallState) -> None:
    if st.terminal:
        assert st.decision is None, "a finished game still asks for a decision"
        return
    d = st.decision
    assert d is not None and d.options, "a running game without a decision or without options"
    assert d.player in st.seats and d.player in CLANS, f"decision for an unknown seat {d.player!r}"
    assert len({o.id for o in d.options}) == len(d.options), f"duplicate option ids in {d.kind}"


def check_components(st: GreatWallState) -> None:
    c = st.content
    b = c.board
    so = [b["soldiers"][t] for t in SOLDIERS]
    for s in st.seats:
        gone = st.coop["sacrificed"][s] if st.coop else [0, 0, 0, 0]  # co-op: sacrificed, out of the game
        tot = [x + y for x, y in zip(st.soldiers_total(s), gone, strict=False)]
        assert tot == so, f"{s}: soldiers not conserved {tot} != {so}"
        on_board = sum(v.count(s) for v in st.at.values())
        assert st.clerks[s] + on_board + st.unhired[s] + gone[3] == b["clerks"]["total"], f"{s}: clerks not conserved"
        assert all(v >= 0 for v in st.res[s].values()), f"{s}: negative resources {st.res[s]}"
        assert all(0 <= st.shamed[s][t] <= st.pool[s][t] for t in range(3)), f"{s}: Shame under missing soldiers"
        assert st.honor[s] >= 0, f"{s}: negative Honor"
        mine = len(st.cmd_hand[s]) + sum(1 for x in st.track if x and x[0] == s)
        mine += sum(1 for x in st.cmd_discard if x[0] == s)
        assert mine == len(c.commands), f"{s}: {mine} Command cards, not {len(c.commands)}"
        assert len(st.tac[s]) <= b["tactic_hand_limit"] or any(f["k"] == "gw.hand_limit" for f in st.stack), \
            f"{s}: {len(st.tac[s])} Tactic cards over the hand limit"
    if st.qin:  # "Tryb solo": Qin Jiushao's pieces and cards; never Shame, resources, Tactics or rest zones
        q = st.qin
        assert st.soldiers_total(q) == so, f"Qin: soldiers not conserved {st.soldiers_total(q)}"
        assert st.clerks[q] + sum(v.count(q) for v in st.at.values()) == b["clerks"]["total"] and not st.unhired[q]
        assert all(lid in st.qin_track for lid, v in st.at.items() if q in v), "Qin: a clerk off his track"
        assert len(set(st.qin_track)) == len(st.qin_track) == 5, f"Qin: his Location track {st.qin_track}"
        mine = len(st.qin_deck) + len(st.cmd_hand[q]) + sum(1 for x in st.track if x and x[0] == q)
        mine += sum(1 for x in st.cmd_discard if x[0] == q)
        assert mine == len(c.solo_commands), f"Qin: {mine} Command cards"
        assert not any(st.shamed[q]) and not any(x[1] for x in st.claimed[q]), "Qin: a Shame token"
        assert not any(st.res[q].values()) and not st.tac[q] and not st.active[q], "Qin: resources/Tactics/Active"
        assert not any(st.rest[sec][q][t] for sec in range(3) for t in range(3)), "Qin: a soldier in a rest zone"
        assert st.honor[q] >= 0
    shame = st.shame_pool + st.shame_box + sum(sum(v) for v in st.shamed.values())
    shame += sum(x[1] for v in st.claimed.values() for x in v)
    assert shame == b["shame_per_player"] * st.n, f"Shame tokens not conserved: {shame}"
    horde = len(st.horde_deck) + len(st.horde_discard) + sum(len(v) for v in st.horde)
    horde += sum(len(v) for v in st.claimed.values())
    assert horde == len(c.horde), f"Horde cards not conserved: {horde}"
    tac = len(st.tac_deck) + len(st.tac_discard) + sum(len(v) for v in st.tac.values())
    assert tac == len(c.tactics), f"Tactic cards not conserved: {tac}"
    adv = len(st.adv_deck) + len(st.adv_track) + len(st.adv_discard)
    adv += sum(len(st.active[s]) + len(st.support[s]) for s in [*st.seats, *([st.qin] if st.qin else [])])
    adv += sum(len(d["advisors"]) for d in st.draft.values())
    assert adv == len(c.advisors), f"Advisor cards not conserved: {adv}"
    for sec in range(3):
        assert len(st.horde[sec]) <= 3, f"section {sec}: {len(st.horde[sec])} Horde cards"
        assert len(st.firing[sec]) <= b["firing_spots"], f"section {sec}: too many archers on firing spots"
        assert 0 <= st.wall[sec] <= 3 and 0 <= st.barricades[sec] <= b["barricade_slots"], f"section {sec}"


def check_state(st: GreatWallState, *, round_trip: bool = False, game: Any = None) -> None:
    """Every cheap invariant of a running game (and the round trip when ``round_trip``)."""
    check_decision(st)
    check_components(st)
    if round_trip:
        if game is None:
            from ..engine import load

            game = load("great_wall")
        check_round_trip(st, game)


def check_finished(st: GreatWallState) -> dict:
    """End-of-game invariants: a result with a winner among the clans, its reason one of the end conditions
    ("Koniec gry"), scores = final Honor, components conserved."""
    assert st.terminal and st.decision is None, "the game did not finish"
    res = st.result
    if st.coop:  # "Tryb kooperacji": all the players win (the Decrees fulfilled) or all lose; scores = Honor
        assert res is not None and res["reason"] in ("decrees", "time", "shame"), f"co-op end {res}"
        assert res["winners"] == (list(st.seats) if res["reason"] == "decrees" else []), f"co-op result {res}"
        assert (res["fulfilled"] >= res["target"]) == (res["reason"] == "decrees"), res
        assert res["scores"] == {s: st.honor[s] for s in st.seats}, res
        check_components(st)
        return res
    assert res is not None and res.get("winners"), f"a result without a winner: {res}"
    if st.qin:  # solo: the player wins with more Honor than Qin Jiushao, and never with an empty Shame pool
        me, q = st.seats[0], st.qin
        assert res["winners"] == ([me] if res["reason"] != "shame" and st.honor[me] > st.honor[q] else [q]), res
        assert res["scores"] == {me: st.honor[me]} and res["qin"]["honor"] == st.honor[q], res
        check_components(st)
        return res
    assert set(res["winners"]) <= set(st.seats), f"winners {res['winners']} not seated"
    assert res["reason"] in ("walls", "shame", "time"), f"unknown end reason {res['reason']!r}"
    best = max(res["scores"].values())
    assert all(res["scores"][w] == best for w in res["winners"]), f"a winner without the most Honor: {res}"
    honor = {s: st.honor[s] for s in st.seats}  # the players' (the 2-player game's Reed Clan has a track too)
    assert res["scores"] == honor, f"scores {res['scores']} are not the final Honor {honor}"
    check_components(st)
    return res
