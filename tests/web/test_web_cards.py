"""The card reference in the browser's payload (web/boards.py ``cards``): every card of the hands the seat's view
shows has its reference (cost, item, VP, effect) in the connection's language, and nothing is said about a card the
seat cannot see (a spectator gets none; the other seat's hidden hand is never named)."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from planszowki import i18n
from planszowki.web.app import create_app


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "games.sqlite3")


def hello(ws, token=None, lang="en"):
    ws.send_text(json.dumps({"type": "hello", "token": token, "lang": lang}))
    msg = ws.receive_json()
    assert msg["type"] == "state", msg
    return msg


def _keys_in(x) -> set[str]:
    """Every card-like key (``"suit:Name"``) anywhere in a payload, in keys and values."""
    out: set[str] = set()
    if isinstance(x, str):
        if x.split(":", 1)[0] in ("fox", "rabbit", "mouse", "bird") and ":" in x:
            out.add(x)
    elif isinstance(x, dict):
        for k, v in x.items():
            out |= _keys_in(k) | _keys_in(v)
    elif isinstance(x, list):
        for v in x:
            out |= _keys_in(v)
    return out


def test_payload_carries_references_of_the_seats_hand_only(db):
    with TestClient(create_app(db)) as client:
        r = client.post("/api/games/new", json={"game": "root", "seats": {"marquise": "human", "eyrie": "human"},
                                                "claim": ["marquise"], "seed": 3})
        g = r.json()
        bird = client.post(f"/api/games/{g['id']}/join", json={"seat": "eyrie"}).json()["token"]
        with client.websocket_connect(f"/ws/{g['id']}") as a, client.websocket_connect(f"/ws/{g['id']}") as b, \
                client.websocket_connect(f"/ws/{g['id']}") as watcher:
            pa, pb, pw = hello(a, g["token"], "pl"), hello(b, bird), hello(watcher)
            cat_hand = pa["view"]["players"]["marquise"]["hand"]
            bird_hand = pb["view"]["players"]["eyrie"]["hand"]
            assert cat_hand and bird_hand
            assert set(pa["cards"]) == set(cat_hand) and set(pb["cards"]) == set(bird_hand)
            assert pw["cards"] == {}  # a spectator sees no hand
            for key in cat_hand:  # in the connection's language, with the facts and the effect
                ref = pa["cards"][key]
                assert ref == {**i18n.card_reference(key, "pl"), "plain": i18n.card_reference_text(key, "pl")}
                assert ref["text"] and ref["plain"].startswith(ref["name"])
            # no leak: a card only the other seat holds is named nowhere in this seat's payload
            hidden = set(bird_hand) - set(cat_hand) - _keys_in(pw)  # minus what everyone sees (e.g. a discard)
            assert hidden and not hidden & _keys_in(pa)
            assert not (set(cat_hand) - set(bird_hand) - _keys_in(pw)) & _keys_in(pb)
            # the language follows the connection
            a.send_text(json.dumps({"type": "lang", "lang": "en"}))
            en = a.receive_json()
            assert {k: v["name"] for k, v in en["cards"].items()} == {
                k: i18n.card_reference(k, "en")["name"] for k in cat_hand}


def test_a_public_hand_has_its_references_too(db):
    """11.2.3: the Riverfolk's hand is public, so its cards are in every view, with their references."""
    with TestClient(create_app(db)) as client:
        g = client.post("/api/games/new", json={"game": "root", "seats": {"marquise": "human", "riverfolk": "human"},
                                                "claim": ["marquise"], "seed": 3}).json()
        with client.websocket_connect(f"/ws/{g['id']}") as a, client.websocket_connect(f"/ws/{g['id']}") as watcher:
            pa, pw = hello(a, g["token"]), hello(watcher)
            river = pa["view"]["players"]["riverfolk"]["hand"]
            assert river and set(pa["cards"]) == set(river) | set(pa["view"]["players"]["marquise"]["hand"])
            assert set(pw["cards"]) == set(river)
