"""Golden replays (promise 2): a game record is a seed plus option ids; replaying it must give the same
final state (its digest) and the same number of log events, byte for byte, run after run.

The records in ``tests/root/golden/*.json`` were made with a seeded random policy. When a rule change
is meant to change games, regenerate them and review the diff:

    PLANSZOWKI_REGEN_GOLDEN=1 pytest tests/root/test_golden.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers import GAME, canonical, digest, random_playout

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("PLANSZOWKI_REGEN_GOLDEN") == "1"
FORMAT = "planszowki.golden/1"

#: name -> how the game is made (seed of the game, seed of the random policy, setup options)
GAMES = {
    "marquise_eyrie_seed1": {"seed": 1, "policy_seed": 101, "options": {"seating": "fixed"}},
    "marquise_eyrie_seed2": {"seed": 2, "policy_seed": 202, "options": {}},
    "eyrie_first_seed3": {"seed": 3, "policy_seed": 303, "options": {"seating": "fixed", "first": "eyrie"}},
    "marquise_eyrie_seed77": {"seed": 77, "policy_seed": 7777, "options": {}},
    # chapter 9: the four factions of the base game, and two Vagabonds (9.7)
    "four_factions_seed5": {"seed": 5, "policy_seed": 505, "options": {},
                            "players": ["marquise", "eyrie", "alliance", "vagabond"]},
    "two_vagabonds_seed6": {"seed": 6, "policy_seed": 606, "options": {},
                            "players": ["marquise", "vagabond", "eyrie", "vagabond2"]},
}
PLAYERS = ["marquise", "eyrie"]


def _record(name: str, spec: dict) -> dict:
    players = spec.get("players", PLAYERS)
    st, chosen = random_playout(spec["seed"], policy_seed=spec["policy_seed"], players=players,
                                options=spec["options"])
    return {"format": FORMAT, "game": "root", "players": players, "seed": spec["seed"],
            "options": spec["options"], "ids": chosen, "digest": digest(st), "log_events": len(st.log),
            "result": st.result}


def _replay(rec: dict):
    st = GAME.new(seed=rec["seed"], players=rec["players"], options=rec["options"])
    for i, oid in enumerate(rec["ids"]):
        if st.decision is None:
            pytest.fail(f"game over after {i} of {len(rec['ids'])} recorded options")
        legal = [o.id for o in st.decision.options]
        assert oid in legal, (f"recorded option #{i} {oid!r} is not legal any more (legal: {legal[:8]}...); "
                              "if the rule change is intended, regenerate with PLANSZOWKI_REGEN_GOLDEN=1")
        st.apply(oid)
    return st


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_replay(name):
    path = GOLDEN / f"{name}.json"
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(_record(name, GAMES[name]), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert path.exists(), f"missing {path}; create it with PLANSZOWKI_REGEN_GOLDEN=1"
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert rec["format"] == FORMAT
    st = _replay(rec)
    assert st.terminal, "the recorded game should end with its last option"
    assert st.result == rec["result"]
    assert len(st.log) == rec["log_events"]
    assert digest(st) == rec["digest"], ("final state differs from the golden record; if the rule change "
                                         "is intended, regenerate with PLANSZOWKI_REGEN_GOLDEN=1")
    # twice in one process gives the same bytes, too
    assert canonical(GAME.to_json(_replay(rec))) == canonical(GAME.to_json(st))


def test_golden_records_are_distinct_full_games():
    recs = [json.loads((GOLDEN / f"{n}.json").read_text(encoding="utf-8")) for n in sorted(GAMES)]
    assert all(len(r["ids"]) > 100 for r in recs)
    assert len({r["digest"] for r in recs}) == len(recs)
