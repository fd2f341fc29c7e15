"""Random-playout invariants of The Great Wall (standard 3-4 player game): no exception, a decision always has
options, pieces and cards conserved, copy/JSON round trips, views leak nothing, determinize agrees with the view."""

from __future__ import annotations

import json
import random

import pytest

import planszowki
from planszowki.engine import UnsupportedSetup
from planszowki.games.great_wall.state import CLANS, GreatWallState

GAME = planszowki.load("great_wall")


def players(seed: int) -> list[str]:
    return list(CLANS[:2 + seed % 3])  # 2 (with the Reed Clan), 3 and 4 players


def check_conservation(st: GreatWallState) -> None:
    c = st.content
    b = c.board
    so = [b["soldiers"][t] for t in ("spearman", "archer", "horseman")]
    n = st.n
    if st.reed:  # the Reed Clan: its 10 spearmen (no other soldier), its 3 clerks always on the board, nothing else
        assert st.soldiers_total(st.reed) == [so[0], 0, 0] and st.clerks[st.reed] == 0
        assert sum(v.count(st.reed) for v in st.at.values()) == 3 and all(v.count(st.reed) <= 1 for v in st.at.values())
        assert st.honor[st.reed] == 0 and not any(st.res[st.reed].values()) and not st.claimed[st.reed]
        assert not st.tac[st.reed] and not any(st.shamed[st.reed]) and not any(st.rest[sec][st.reed][t]
                                                                             for sec in range(3) for t in range(3))
        assert not st.horde[0] and st.barricades[0] == 0 and st.wall[0] == 0 and not st.firing[0]
    for s in st.seats:
        assert st.soldiers_total(s) == so, s
        on_board = sum(v.count(s) for v in st.at.values())
        assert st.clerks[s] + on_board + st.unhired[s] == b["clerks"]["total"]
        assert all(v >= 0 for v in st.res[s].values())
        assert all(0 <= st.shamed[s][t] <= st.pool[s][t] for t in range(3))
        assert st.honor[s] >= 0
        mine = len(st.cmd_hand[s]) + sum(1 for x in st.track if x and x[0] == s)
        mine += sum(1 for x in st.cmd_discard if x[0] == s)
        assert mine == len(c.commands)
        assert len(st.tac[s]) <= b["tactic_hand_limit"] or any(f["k"] == "gw.hand_limit" for f in st.stack)
    shame = st.shame_pool + st.shame_box + sum(sum(v) for v in st.shamed.values())
    shame += sum(x[1] for v in st.claimed.values() for x in v)
    assert shame == b["shame_per_player"] * n
    horde = len(st.horde_deck) + len(st.horde_discard) + sum(len(v) for v in st.horde)
    horde += sum(len(v) for v in st.claimed.values())
    assert horde == len(c.horde)
    assert len(st.tac_deck) + len(st.tac_discard) + sum(len(v) for v in st.tac.values()) == len(c.tactics)
    adv = len(st.adv_deck) + len(st.adv_track) + len(st.adv_discard)
    adv += sum(len(st.active[s]) + len(st.support[s]) for s in st.seats)
    adv += sum(len(d["advisors"]) for d in st.draft.values())
    assert adv == len(c.advisors)
    for sec in range(3):
        assert len(st.horde[sec]) <= 3
        assert len(st.firing[sec]) <= b["firing_spots"]
        assert 0 <= st.wall[sec] <= 3 and 0 <= st.barricades[sec] <= b["barricade_slots"]


def secrets_changed(st: GreatWallState, seat: str | None) -> GreatWallState:
    """Every secret ``seat`` may not know, changed: others' resources, Tactic hands, face-down Supporting Advisors,
    unrevealed Command cards and drafts, the order of the decks."""
    d = st.copy()
    for s in d.seats:
        if s == seat:
            continue
        for r in d.res[s]:
            d.res[s][r] += 3
        pool = d.tac_deck + d.tac[s]
        if pool:
            pool = pool[1:] + pool[:1]
            d.tac[s], d.tac_deck = pool[:len(d.tac[s])], pool[len(d.tac[s]):]
        if d.support[s] and d.adv_deck:
            d.support[s][0], d.adv_deck[0] = d.adv_deck[0], d.support[s][0]
        if d.chosen[s] and not d.revealed and len(d.cmd_hand[s]) > 1:
            d.chosen[s] = next(c for c in d.cmd_hand[s] if c != d.chosen[s])
        if s in d.draft and not d.draft[s]["general"]:
            d.draft[s]["generals"].reverse()
    if len(d.horde_deck) > 2:
        d.horde_deck[0], d.horde_deck[1] = d.horde_deck[1], d.horde_deck[0]
    d.tac_deck.reverse()
    return d


PASSIVE = {"done", "skip", "pass", "die", "honor"}


def pick(r: random.Random, d, active: bool) -> str:
    """Uniformly random, or (``active``) mostly among options that do something, to reach walls and battles."""
    if active:
        act = [o for o in d.options if o.action not in PASSIVE]
        if act and r.random() < 0.85:
            return r.choice(act).id
    return r.choice(d.options).id


def play(seed: int, checks: bool = True) -> GreatWallState:
    st = GAME.new(seed=seed, players=players(seed))
    r = random.Random(seed)
    active = seed % 3 != 0
    steps = 0
    while st.decision is not None:
        d = st.decision
        assert d.options, d.kind
        assert len({o.id for o in d.options}) == len(d.options), d.kind
        assert all(o.rule.startswith("great_wall:") for o in d.options)
        if checks and steps % 7 == 0:
            check_conservation(st)
        st.apply(pick(r, d, active))
        steps += 1
        assert steps < 5000
    check_conservation(st)
    return st


def test_random_games_run_to_the_end_and_conserve_everything():
    for seed in range(100):
        st = play(seed, checks=seed % 5 == 0)
        assert st.terminal and st.result["reason"] in ("walls", "shame", "time")
        assert st.result["winners"][0] in st.seats


def test_determinism_same_seed_same_game():
    a, b = play(3, checks=False), play(3, checks=False)
    assert GAME.to_json(a) == GAME.to_json(b)


def test_copy_and_json_round_trips_mid_game():
    st = GAME.new(seed=11, players=players(11))
    r = random.Random(5)
    for i in range(400):
        if st.decision is None:
            break
        if i % 25 == 0:
            doc = GAME.to_json(st)
            back = GAME.from_json(json.loads(json.dumps(doc)))
            assert GAME.to_json(back) == doc
            assert back.legal_ids() == st.legal_ids()
            c = st.copy()
            assert GAME.to_json(c) == doc
            opt = r.choice(st.decision.options).id
            c.apply(opt)
            assert GAME.to_json(st) == doc  # the copy is independent
            st.apply(opt)
            back.apply(opt)
            assert GAME.to_json(back) == GAME.to_json(st)
            continue
        st.apply(r.choice(st.decision.options).id)


def test_privacy_views_leak_no_secret():
    for seed in range(12):
        st = GAME.new(seed=seed, players=players(seed))
        r = random.Random(seed)
        i = 0
        while st.decision is not None and i < 600:
            if i % 13 == 0:
                for seat in [*st.seats, None]:  # None: a spectator
                    assert secrets_changed(st, seat).view(seat) == st.view(seat)
            st.apply(pick(r, st.decision, seed % 2 == 1))
            i += 1


def test_privacy_determinize_agrees_with_the_view():
    for seed in range(10):
        st = GAME.new(seed=seed, players=players(seed))
        r = random.Random(seed)
        i = 0
        while st.decision is not None and i < 500:
            if i % 17 == 0:
                seat = st.decision.player
                d = GAME.determinize(st, seat, i)
                assert d.view(seat) == st.view(seat)
                assert d.legal_ids() == st.legal_ids()
                check_conservation(d)
            st.apply(pick(r, st.decision, seed % 2 == 1))
            i += 1


def public_resources(st: GreatWallState) -> dict[str, dict[str, int]]:
    """Every clan's resources as an onlooker can add them up from the public log alone (gains, payments, donations)."""
    out = {s: dict.fromkeys(("wood", "stone", "gold", "chi"), 0) for s in st.seats}
    for e in st.log:
        if e.seats is not None:
            continue
        if e.kind in ("gw.gain", "gw.paid"):
            for k, v in e.args["res"].items():
                out[e.args["seat"]][k] += v if e.kind == "gw.gain" else -v
        elif e.kind == "gw.donate":
            out[e.args["seat"]][e.args["res"]] -= 1
    return out


def test_privacy_every_change_behind_a_screen_is_a_public_event():
    # "Kwestia prywatności": the screen hides the totals, but every gain and payment is made at the table, so the
    # public log accounts for each resource behind every screen (why determinize keeps the others' resources)
    for seed in range(16):
        st = GAME.new(seed=seed, players=players(seed))
        r = random.Random(seed)
        i = 0
        while st.decision is not None and i < 3000:
            if i % 7 == 0:
                assert public_resources(st) == {s: st.res[s] for s in st.seats}, (seed, i)
            st.apply(pick(r, st.decision, seed % 2 == 1))
            i += 1
        assert public_resources(st) == {s: st.res[s] for s in st.seats}


def test_privacy_a_supporting_advisor_hired_from_the_track_is_public_the_setup_one_is_not():
    # the setup's Supporting Advisor goes face down under the General unseen ("Przygotowanie gry" 14); one hired at
    # the Embassy is taken from the face-up Advisor track in view of all, so determinize must keep it
    st = GAME.from_position({"seed": 1, "players": ["red", "blue", "yellow"], "phase": "activation", "active": "red",
                             "track": [["red", "despotism"], ["blue", "mobilization"], None],
                             "clerks": {"embassy": ["red", "blue"]}, "resources": {"red": {"gold": 9}},
                             "advisors": {"red": {"active": ["A01"], "supporting": ["A02"]}}})
    card = st.adv_track[0]
    st.apply(f"hire {card} supporting")
    assert st.support["red"] == ["A02", card] and st.res["red"]["gold"] == 6
    assert st.view("blue")["players"]["red"]["supporting_advisors_hired"] == [card]
    assert "supporting_advisor_cards" not in st.view("blue")["players"]["red"]
    seen = set()
    for i in range(12):
        d = GAME.determinize(st, "blue", i)
        assert d.support["red"][1] == card and d.view("blue") == st.view("blue")
        seen.add(d.support["red"][0])
    assert len(seen) > 1 and card not in seen  # the face-down one is redealt from what blue cannot see


def test_privacy_a_chosen_command_card_is_hidden_until_the_reveal():
    st = GAME.new(seed=2, players=players(2))
    r = random.Random(0)
    while st.decision.kind != "gw.choose":
        st.apply(r.choice(st.decision.options).id)
    first = st.decision.player
    st.apply(st.decision.options[0].id)
    other = next(s for s in st.seats if s != first)
    assert st.view(other)["players"][first]["chosen"] == "hidden"
    assert st.view(first)["players"][first]["chosen"] == st.chosen[first]
    assert all(e.kind != "gw.command_chosen_card" or e.seats == (first,) for e in st.log)


@pytest.mark.parametrize(("players_", "options", "section"), [
    (["red", "blue", "yellow"], {"mode": "solo"}, "modes.solo"), (["red"], {"mode": "standard"}, "modes.solo"),
    (["red"], {"mode": "coop"}, "modes.coop")])
def test_modes_for_another_player_count_are_refused_naming_the_section(players_, options, section):
    with pytest.raises(UnsupportedSetup, match=f"great_wall:{section}"):
        GAME.new(seed=1, players=players_, options=options)


def test_setup_refuses_bad_players_and_options():
    with pytest.raises(UnsupportedSetup, match="distinct clans"):
        GAME.new(players=["red", "red", "blue"])
    with pytest.raises(UnsupportedSetup, match="unknown option"):
        GAME.new(players=["red", "blue", "yellow"], options={"speed": 1})


def test_kernel_contract_the_generic_ismcts_bot_plays_a_whole_game():
    from planszowki.bots import make

    st = GAME.new(seed=3, players=players(3))
    bot, rnd = make("ismcts:iterations=8", seed=1), make("random", seed=2)
    while st.decision is not None:
        d = st.decision
        st.apply((bot if d.player == st.seats[0] else rnd).choose(st, d.player))
    assert st.terminal
