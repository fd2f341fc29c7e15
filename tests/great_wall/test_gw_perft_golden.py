"""Legal-option counts at fixed positions (checked by hand), a golden replay, and log rendering."""

from __future__ import annotations

import hashlib
import json
import random
import re

from gw_helpers import GAME, P3, horde_card, ids, pos

from planszowki import i18n
from planszowki.i18n import render_event


def test_perft_move_clerks_from_the_pool_at_the_start_of_a_turn():
    st = pos(phase="command", active="red", track=[["red", "mobilization"], ["blue", "tribute"], None])
    # 3 clerks in the pool, 10 locations with room: 10 moves + done
    assert len(ids(st)) == 11
    st = pos(phase="command", active="red", track=[["red", "mobilization"], ["blue", "tribute"], None],
             clerks={"quarry": ["red", "blue"], "tea_house": ["red"], "barracks": ["blue"]})
    # sources: pool, tea_house (quarry is full: locked); destinations: the 9 locations with room
    # pool -> 9, tea_house -> 8 (not itself); + done
    assert len(ids(st)) == 9 + 8 + 1


def test_perft_barracks_placements_of_a_recruit():
    cards = {"H01": horde_card({0: {}, 1: {}, 6: {}}), "H02": horde_card({0: {}, 6: {}}),
             "H03": horde_card({3: {}})}
    st = pos(phase="activation", active="red", track=[["red", "despotism"], ["blue", "tribute"], None],
             horde_cards=cards, clerks={"barracks": ["red"]}, resources={"red": {"gold": 3, "wood": 1}},
             horde=[[{"id": "H01"}, {"id": "H02"}], [{"id": "H03"}], []])
    st.apply("recruit horseman")
    # H01: 0+1, 0+6; H02: 0+6; H03: none -> 3 attacks; + 3 rest zones
    assert len(ids(st)) == 3 + 3


def _digest(st) -> str:
    return hashlib.sha256(json.dumps(GAME.to_json(st), sort_keys=True).encode()).hexdigest()[:16]


def test_golden_replay_seed_and_option_ids_give_the_same_game():
    st = GAME.new(seed=2026, players=[*P3, "green"])
    r = random.Random(7)
    record = []
    while st.decision is not None:
        o = r.choice(st.decision.options).id
        record.append(o)
        st.apply(o)
    again = GAME.new(seed=2026, players=[*P3, "green"])
    for o in record:
        again.apply(o)
    assert _digest(again) == _digest(st) and again.result == st.result
    assert [e.to_json() for e in again.log] == [e.to_json() for e in st.log]


def test_log_every_event_renders_in_both_languages_and_cites_a_section():
    for seed in range(6):
        st = GAME.new(seed=seed, players=[*P3, "green"][:2 + seed % 3])
        r = random.Random(seed)
        while st.decision is not None:
            st.apply(r.choice(st.decision.options).id)
        for e in st.log:
            assert e.kind.startswith("gw.") and e.rule.startswith("great_wall:")
            for lang in ("en", "pl"):  # strict: a missing message, term or argument raises
                text = render_event(e, lang, game="great_wall", strict=True)
                assert "{" not in text and "gw." not in text


def test_log_every_option_and_prompt_renders_in_both_languages():
    seen = set()
    for seed in range(40):
        st = GAME.new(seed=seed, players=[*P3, "green"][:2 + seed % 3])
        r = random.Random(seed)
        while st.decision is not None:
            d = st.decision
            for lang in ("en", "pl"):
                assert "{" not in i18n.decision_prompt(d, lang, game="great_wall", strict=True)
                for o in d.options:
                    text = i18n.option_label(o, lang, d.kind, game="great_wall", strict=True)
                    assert "{" not in text and "?" not in text, (d.kind, o.id)
                    seen.add((d.kind, o.action))
            act = [o for o in d.options if o.action not in ("done", "skip", "pass")]
            st.apply(r.choice(act if act and r.random() < 0.8 else d.options).id)
    assert len(seen) > 40


def test_log_both_catalogs_have_the_same_great_wall_messages_and_arguments():
    en, pl = i18n.catalog("en")["great_wall"], i18n.catalog("pl")["great_wall"]
    names = re.compile(r"\{([a-z_]+)[|}]")
    for part in ("event", "option", "decision"):
        assert set(en[part]) == set(pl[part]), part
        for key, text in en[part].items():
            assert set(names.findall(text)) == set(names.findall(pl[part][key])), key
    for kind, table in en["terms"].items():
        assert set(table) == set(pl["terms"][kind]), kind
