"""``planszowki serve --db postgresql://…``: the same tables in PostgreSQL (web/store.py, PostgresStore).

Needs a PostgreSQL server: ``$PLANSZOWKI_TEST_POSTGRES`` (.ci/run starts Debian's via .ci/postgres); see conftest.py.
"""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from planszowki.web.app import create_app
from planszowki.web.store import PostgresStore, StoreError, open_store, where


def test_urls_pick_the_store_and_hide_the_password(tmp_path):
    assert where("postgresql://alice:secret@db.example:5432/games") == "postgresql://alice@db.example:5432/games"
    assert where("sqlite:///tmp/x.db") == "/tmp/x.db"
    with pytest.raises(StoreError, match="mysql is not supported"):
        open_store("mysql://host/db")
    assert type(open_store(str(tmp_path / "g.sqlite3"))).__name__ == "Store"


def test_unreachable_server_is_refused_in_one_line():
    with pytest.raises(StoreError) as e:
        PostgresStore("postgresql://nobody:wrong@127.0.0.1:1/none?connect_timeout=2")
    assert "cannot use the database" in str(e.value) and "wrong" not in str(e.value)


def test_store_keeps_games_seats_moves_and_takebacks(pg_url):
    store = open_store(pg_url)
    assert isinstance(store, PostgresStore)
    store.add_game("g1", "root", {"record": {"seed": 1}, "title": "ząb"}, {"marquise": "h1", "eyrie": None})
    store.add_game("g2", "ironwood", {"record": {"seed": 2}}, {})
    store.add_moves("g1", 0, ["a", "b"])
    store.add_moves("g1", 2, ["c"])
    assert store.take_seat("g1", "eyrie", "h2") and not store.take_seat("g1", "eyrie", "h3")
    store.take_back("g1", 2, "c", "marquise")
    with pytest.raises(StoreError, match="not the record's to take back"):
        store.take_back("g1", 2, "z", "marquise")  # not that option: refused, nothing changes
    with pytest.raises(Exception):  # noqa: B017 (psycopg's IntegrityError) a move twice: rolled back as one
        store.add_moves("g1", 1, ["x", "y"])
    store.add_moves("g1", 2, ["d"])  # the connection is usable after the failed transaction
    store.close()
    again = open_store(pg_url)  # a new connection, as after a restart
    games = {g.id: g for g in again.games()}
    assert [g.id for g in again.games()] == ["g1", "g2"]  # oldest first
    assert games["g1"].moves == ["a", "b", "d"] and games["g1"].doc["title"] == "ząb"
    assert games["g1"].seats == {"marquise": "h1", "eyrie": "h2"} and games["g2"].seats == {}
    assert again.takebacks("g1") == [(2, "c", "marquise")]
    again.close()


def test_server_on_postgres_restores_a_game_after_a_restart(pg_url):
    with TestClient(create_app(pg_url)) as client:
        g = client.post("/api/games/new", json={"game": "root", "seats": {"marquise": "human", "eyrie": "human"},
                                                "claim": ["marquise", "eyrie"], "seed": 5}).json()
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": g["token"], "lang": "en"}))
            p = ws.receive_json()
            for _ in range(10):
                ws.send_text(json.dumps({"type": "act", "seat": p["seat"], "version": p["version"],
                                         "option": p["decision"]["options"][0]["id"]}))
                q = ws.receive_json()
                assert q["type"] == "state", q
                q["log"] = p["log"][:q["log_from"]] + q["log"]
                p = q
    with TestClient(create_app(pg_url)) as client:  # a new server on the same database
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": g["token"], "lang": "en"}))
            q = ws.receive_json()
        assert q["version"] == p["version"] == 10 and q["view"] == p["view"] and q["log"] == p["log"]
