"""Random-playout invariants, hidden information and golden replays for Ironwood (two players).

- Playouts: no exception, a decision always has options (unique ids), components never above the box's counts nor
  negative and every card in one place, copy and JSON round trips equal (``GAME.to_json``), a game ends.
  ``IRONWOOD_PLAYOUTS=3000 pytest tests/ironwood/test_iw_invariants.py`` runs more games (default 150).
- No leaks (DESIGN.md, promise 4): every secret a seat must not know is changed — the opponent's special cards in
  hand, both decks' order, the Woodwalkers' hidden vision cards (the first one too) and burned ones, a card placed
  face down before the reveal, the top vision card the Ironclad peeked at (for the Woodwalkers' view) — and
  ``view(seat)`` must stay the same, and so must that seat's log (raw and rendered) while both twins play on with
  the same options, until the seat itself learns something new or a card is revealed.
- ``determinize(seat)`` keeps ``view(seat)``.
- Golden replays: seed + option ids -> digest (``golden/*.json``; regenerate with PLANSZOWKI_REGEN_GOLDEN=1 when a
  rule change is meant to change games, and review the diff).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from iw_helpers import GAME, check_components, digest

from planszowki.games.ironwood.state import IC, WW, IronwoodState, other

N_GAMES = int(os.environ.get("IRONWOOD_PLAYOUTS", "150"))
GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("PLANSZOWKI_REGEN_GOLDEN") == "1"

try:  # the catalogs' Ironwood renderer, when present
    from planszowki.i18n import ironwood as _iw_i18n  # noqa: F401
    from planszowki.i18n import render_event
except ImportError:  # pragma: no cover - rendering is compared only where the catalogs have Ironwood
    render_event = None


def setup_options(r: random.Random) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    if r.random() < 0.3:
        opts["first_draw"] = "two"
    if r.random() < 0.2:
        opts["handicap"] = {r.choice([WW, IC]): r.randint(1, 4)}
    return opts


#: options a keen policy prefers, so that playouts reach totems, fights and forges more often than uniform choice
KEEN = ("+totem", "+fading totem", "discover", "attack", "build", "found", "retreat", "burn", "take", "recruit",
        "spend", "choose", "play", "lure", "mark", "drill")


def pick(r: random.Random, oids: list[str], keen: bool) -> str:
    if keen:
        good = [o for o in oids if o.startswith(KEEN) or "totem" in o]
        if good and r.random() < 0.8:
            return r.choice(good)
    return r.choice(oids)


def json_round_trip(st: IronwoodState) -> None:
    doc = GAME.to_json(st)
    assert GAME.to_json(st.copy()) == doc
    back = GAME.from_json(json.loads(json.dumps(doc)))
    assert GAME.to_json(back) == doc
    assert back.legal_ids() == st.legal_ids()


@pytest.mark.parametrize("chunk", range(5))
def test_invariants_random_playouts(chunk):
    per = (N_GAMES + 4) // 5
    for seed in range(chunk * per, min(N_GAMES, (chunk + 1) * per)):
        r = random.Random(seed)
        st = GAME.new(seed=seed, options=setup_options(r))
        steps = 0
        while st.result is None:
            d = st.decision
            assert d is not None and d.options, f"seed {seed}: no decision in a running game"
            oids = [o.id for o in d.options]
            assert len(set(oids)) == len(oids), f"seed {seed}: duplicate option ids {oids}"
            assert all(o.rule.startswith("ironwood:") for o in d.options)
            st.apply(pick(r, oids, keen=seed % 2 == 1))  # uniform and keen policies, both factions
            steps += 1
            if steps % 5 == 0:
                check_components(st)
            if steps % 97 == 0:
                json_round_trip(st)
            assert steps < 5000, f"seed {seed}: the game does not end"
        check_components(st)
        json_round_trip(st)
        assert st.decision is None and st.result["winners"][0] in (WW, IC)


def test_invariants_keen_playouts_reach_both_roads_to_victory():
    reasons = set()
    for seed in range(1, 200, 2):
        r = random.Random(seed)
        st = GAME.new(seed=seed)
        while st.result is None:
            st.apply(pick(r, st.legal_ids(), keen=True))
        reasons.add((st.result["winners"][0], st.result["reason"]))
        if len(reasons) == 2:
            break
    assert reasons == {(WW, "totems"), (IC, "forges")}


# -- hidden information -----------------------------------------------------------------------------------------
def scramble(st: IronwoodState, seat: str, r: random.Random) -> IronwoodState:
    """A copy in which every secret ``seat`` must not know is changed (and nothing it may know)."""
    _ = st.decision  # settled first: automatic steps (a round's draws) happen before the secrets change
    t = st.copy()
    battle = t._battle_frame()
    for foe in (WW, IC):
        if foe == seat:
            r.shuffle(t.deck[seat])  # nobody knows the order of a deck
            continue
        hidden_key = None
        if battle is not None and not battle.get("revealed"):
            hidden_key = "ca" if battle["att"] == foe else "cd"
            # none, or a base card: which one is public (the base cards in hand are shown)
            if not battle.get(hidden_key) or t.card(battle[hidden_key]).base:
                hidden_key = None
        # the opponent's special cards in hand and face down in a fight, redealt from its deck
        pool = [c for c in t.hand[foe] if not t.card(c).base] + t.deck[foe]
        if hidden_key is not None:
            pool.append(battle[hidden_key])
        r.shuffle(pool)
        k = 0
        for i, c in enumerate(t.hand[foe]):
            if not t.card(c).base:
                t.hand[foe][i] = pool[k]
                k += 1
        if hidden_key is not None:
            battle[hidden_key] = pool[k]
            k += 1
        t.deck[foe] = pool[k:]
    # vision cards: the Ironclad (or a spectator) knows only what was shown, and the top card it peeked at
    top_known = seat == IC and t.peek is not None and t.vision_deck and t.vision_deck[-1] == t.peek
    deck = t.vision_deck[:-1] if top_known else t.vision_deck[:]
    if seat != WW:
        vp = t.visions + deck + t.vision_discard
        r.shuffle(vp)
        nv, nd = len(t.visions), len(deck)
        t.visions, deck, t.vision_discard = vp[:nv], vp[nv:nv + nd], vp[nv + nd:]
    else:
        r.shuffle(deck)
    peeked_top = t.peek is not None and t.vision_deck and t.vision_deck[-1] == t.peek
    t.vision_deck = deck + ([st.vision_deck[-1]] if top_known else [])
    if peeked_top and not top_known:  # the Woodwalkers do not know which card the Ironclad saw
        t.peek = t.vision_deck[-1] if t.vision_deck else None
    t._decision = None
    return t


def seen(st: IronwoodState, seat: str, since: int = 0) -> list[Any]:
    out = []
    for e in st.log[since:]:
        if e.visible_to(seat):
            out.append((e.kind, json.dumps(e.args, sort_keys=True), e.rule))
            if render_event is not None:
                out.append(render_event(e, "en", game="ironwood"))
    return out


def twin_check(st: IronwoodState, seat: str, r: random.Random, steps: int = 40) -> None:
    a, b = st, scramble(st, seat, r)
    assert a.view(seat) == b.view(seat)
    n0 = len(a.log)
    for _ in range(steps):
        if a.result is not None or b.result is not None:
            assert a.result == b.result
            return
        ida, idb = a.legal_ids(), b.legal_ids()
        if a.decision.player == seat:
            assert ida == idb, "the seat's own options depend on a secret"
        oid = pick(r, ida, keen=True)
        if oid not in idb:
            return  # the opponent acts on what differs between the twins
        la, lb = len(a.log), len(b.log)
        a.apply(oid)
        b.apply(oid)
        new = a.log[la:] + b.log[lb:]
        if any(e.seats == (seat,) for e in new) or any(e.kind in ("iw.reveal", "iw.discover") for e in new):
            return  # the seat learns something (its own draw, a reveal): the twins may differ from here
        assert a.view(seat) == b.view(seat)
        assert seen(a, seat, n0) == seen(b, seat, n0)


def test_no_leak_views_and_logs_along_random_games():
    checks = 0
    for seed in range(40):
        r = random.Random(1000 + seed)
        st = GAME.new(seed=seed, options=setup_options(r))
        marks = set(r.sample(range(1, 600), 6))
        i = 0
        while st.result is None:
            i += 1
            for seat in ((WW, IC, None) if i in marks else ()):
                twin_check(st.copy(), seat, random.Random(seed * 7 + i))
                d = GAME.determinize(st, seat, random.Random(i))
                assert d.view(seat) == st.view(seat)
                if st.decision.player == seat:
                    assert d.legal_ids() == st.legal_ids()
                for _ in range(30):  # a determinized state plays on
                    if d.result is not None:
                        break
                    d.apply(pick(r, d.legal_ids(), keen=True))
                check_components(d)
                checks += 1
            st.apply(pick(r, st.legal_ids(), keen=seed % 2 == 1))
    assert checks > 100


def _battle_with_hidden_card() -> IronwoodState:
    for seed in range(200):
        r = random.Random(seed)
        st = GAME.new(seed=seed)
        while st.result is None:
            d = st.decision
            fr = st._battle_frame()
            placed = fr and (fr.get("ca") or fr.get("cd"))
            if d.kind == "iw.battle.place" and placed and not st.card(placed).base:
                return st
            oids = st.legal_ids()
            commits = [o for o in oids if o.startswith("commit ") and o != "commit none"
                       and not st.card(o.split()[1]).base]
            attacks = [o for o in oids if o.startswith("attack")]
            st.apply(r.choice(commits or attacks or oids))
    raise AssertionError("no fight with a card placed face down in 200 games")


def test_no_leak_committed_battle_card_before_reveal():
    st = _battle_with_hidden_card()
    fr = st._battle_frame()
    placed_by = fr["att"] if fr.get("ca") else other(fr["att"])
    seat = other(placed_by)
    assert st.decision.player == seat
    view = st.view(seat)
    assert view["battle"]["attacker_card" if placed_by == fr["att"] else "defender_card"] == "hidden"
    key = "ca" if placed_by == fr["att"] else "cd"
    twin = next(t for t in (scramble(st, seat, random.Random(k)) for k in range(20))
                if t._battle_frame()[key] != fr[key])
    assert twin.view(seat) == view and seen(twin, seat) == seen(st, seat)
    assert st.legal_ids() == twin.legal_ids()
    d = GAME.determinize(st, seat, random.Random(3))
    assert d.view(seat) == view


def test_no_leak_first_vision_and_peeked_card():
    # the Ironclad's view of a new game does not depend on the Woodwalkers' first vision
    views = {}
    for seed in range(12):
        st = GAME.new(seed=seed, options={"first_draw": "two"})
        v = st.view(IC)
        firsts = st.visions[0]
        v.pop("players")  # hands differ by seed; the rest must not tell the vision
        views.setdefault(json.dumps(v, sort_keys=True), set()).add(firsts)
        twin = scramble(st, IC, random.Random(seed))
        assert twin.view(IC) == st.view(IC)
        twin = next(t for t in (scramble(st, IC, random.Random(k)) for k in range(40)) if t.visions != st.visions)
        assert twin.view(IC) == st.view(IC) and seen(twin, IC) == seen(st, IC)
        assert next(e for e in st.log if e.kind == "iw.first_vision").seats == (WW,)
    assert len(views) == 1 and len(next(iter(views.values()))) > 1
    # the top card the Ironclad peeked at: the Woodwalkers' view does not show it
    st = GAME.from_position({"seed": 2, "phase": "actions", "round": 2, "actions_taken": {WW: 1, IC: 0},
                             "content": {"cards": {"IC20": {"name": {"en": "t", "pl": "t"},
                                                            "effects": [{"do": "move", "units": "drill"}]}}},
                             "hands": {IC: ["IC01P", "IC02P", "IC03P", "IC20"]},
                             "drill": {"at": "auria", "step": 1, "cargo": 2}})
    st.apply("play IC20")
    st.apply("drill auria->cobaltis")
    assert st.peek is not None
    twin = next(t for t in (scramble(st, WW, random.Random(k)) for k in range(20)) if t.peek != st.peek)
    assert twin.view(WW) == st.view(WW) and seen(twin, WW) == seen(st, WW)
    assert twin.view(IC) != st.view(IC)  # (the Ironclad does see it)


# -- golden replays ---------------------------------------------------------------------------------------------
GOLDEN_GAMES = {"iw_seed7": {"seed": 7, "policy_seed": 707, "options": {}},
                "iw_seed8_two": {"seed": 8, "policy_seed": 808, "options": {"first_draw": "two",
                                                                             "handicap": {WW: 2}}}}


def _record(spec: dict[str, Any]) -> dict[str, Any]:
    r = random.Random(spec["policy_seed"])
    st = GAME.new(seed=spec["seed"], options=spec["options"])
    chosen = []
    while st.result is None:
        oid = r.choice(st.legal_ids())
        chosen.append(oid)
        st.apply(oid)
    return {"format": "planszowki.golden/1", "game": "ironwood", "seed": spec["seed"], "options": spec["options"],
            "ids": chosen, "digest": digest(st), "log_events": len(st.log), "result": st.result}


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_golden_replay(name):
    path = GOLDEN / f"{name}.json"
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(_record(GOLDEN_GAMES[name]), indent=0) + "\n", "utf-8")
    assert path.exists(), f"missing {path}: record it with PLANSZOWKI_REGEN_GOLDEN=1"
    rec = json.loads(path.read_text("utf-8"))
    st = GAME.new(seed=rec["seed"], options=rec["options"])
    for i, oid in enumerate(rec["ids"]):
        assert st.decision is not None, f"game over after {i} of {len(rec['ids'])} recorded options"
        legal = st.legal_ids()
        assert oid in legal, (f"recorded option #{i} {oid!r} is not legal any more; if the rule change is "
                              "intended, regenerate with PLANSZOWKI_REGEN_GOLDEN=1")
        st.apply(oid)
    assert st.result == rec["result"]
    assert digest(st) == rec["digest"] and len(st.log) == rec["log_events"]


def test_determinize_a_state_not_yet_settled():
    # a fresh state has not drawn its first cards yet: determinizing it must not change what the seat will see
    for seat in (WW, IC):
        st = GAME.new(seed=11, options={"first_draw": "two"})
        d = GAME.determinize(st, seat, random.Random(1))
        assert d.view(seat) == st.view(seat)
