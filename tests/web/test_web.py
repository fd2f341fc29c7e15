"""The web server (planszowki.web): lobby over HTTP, play over websockets, persistence, refusals, no leaks."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

import planszowki
from planszowki.web.app import MAX_MESSAGE, create_app
from planszowki.web.store import StoreError, sqlite_path


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "games.sqlite3")


def new_game(client, seats, claim, **extra):
    r = client.post("/api/games/new", json={"game": "root", "seats": seats, "claim": claim, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def hello(ws, token=None, lang="en"):
    ws.send_text(json.dumps({"type": "hello", "token": token, "lang": lang}))
    msg = ws.receive_json()
    assert msg["type"] == "state", msg
    return msg


def act(ws, p, option):
    """Send an option; the answer's log holds the lines before it too (the server sends only the new ones)."""
    ws.send_text(json.dumps({"type": "act", "seat": p["seat"], "option": option, "version": p["version"]}))
    return merged(p, ws.receive_json())


def merged(p, q):
    """A payload with the whole log: the new lines of ``q`` after those ``p`` held."""
    assert q.get("type") == "state", q
    if q["log_from"]:
        q["log"] = p["log"][:q["log_from"]] + q["log"]
    return q


def test_lobby_pages_meta_and_texts(db):
    with TestClient(create_app(db)) as client:
        assert "planszowki" in client.get("/").text
        meta = client.get("/api/meta?lang=pl").json()
        root = next(g for g in meta["games"] if g["game"] == "root")
        assert {"seat": "marquise", "name": "Markiza de Kot"} in root["seats"]
        assert "heuristic" in meta["bots"]
        en, pl = client.get("/api/i18n/en").json(), client.get("/api/i18n/pl").json()
        assert en.keys() == pl.keys() and en["new_game"] == "New game" and pl["new_game"] == "Nowa gra"
        assert client.get("/api/i18n/de").status_code == 404
        assert client.get("/static/table.js").status_code == 200


def test_create_join_act_and_see_only_your_own_hand(db):
    with TestClient(create_app(db)) as client:
        g = new_game(client, {"marquise": "human", "eyrie": "human"}, ["marquise"], seed=3)
        gid, cat = g["id"], g["token"]
        assert g["seats"] == ["marquise"]
        listed = client.get("/api/games").json()["games"]
        assert {s["seat"]: s["free"] for s in listed[0]["seats"]} == {"marquise": False, "eyrie": True}
        bird = client.post(f"/api/games/{gid}/join", json={"seat": "eyrie"}).json()["token"]
        assert client.post(f"/api/games/{gid}/join", json={"seat": "eyrie"}).status_code == 409
        with client.websocket_connect(f"/ws/{gid}") as a, client.websocket_connect(f"/ws/{gid}") as b, \
                client.websocket_connect(f"/ws/{gid}") as watcher:
            pa, pb, pw = hello(a, cat), hello(b, bird), hello(watcher)
            assert pa["seat"] == "marquise" and pb["seat"] == "eyrie" and pw["seat"] is None
            hands = {s: pa["view"]["players"][s]["hand"] for s in ("marquise", "eyrie")}
            assert isinstance(hands["marquise"], list) and hands["eyrie"] is None
            assert pb["view"]["players"]["marquise"]["hand"] is None
            assert pw["view"]["players"]["marquise"]["hand"] is None
            assert all(not e["private"] for e in pw["log"])
            d = pa["decision"]
            who = pa if d["player"] == "marquise" else pb
            other = pb if who is pa else pa
            ws_who, ws_other = (a, b) if who is pa else (b, a)
            assert "options" in who["decision"] and "options" not in other["decision"]
            option = who["decision"]["options"][0]["id"]
            moved = act(ws_who, who, option)
            assert moved["version"] == who["version"] + 1
            assert ws_other.receive_json()["version"] == moved["version"]
            assert watcher.receive_json()["version"] == moved["version"]


def test_an_option_the_engine_does_not_offer_is_refused_in_the_players_language(db):
    """A refused option (a page out of step with the game, a hand-made message) names the option, the seat and the
    decision in the language the connection said hello in, not in the engine's English."""
    with TestClient(create_app(db)) as client:
        g = new_game(client, {"marquise": "human", "eyrie": "human"}, ["marquise", "eyrie"], seed=5)
        for lang, words in (("pl", "opcja 'wrong' nie jest dozwolona dla "),
                            ("en", "option 'wrong' is not legal for ")):
            with client.websocket_connect(f"/ws/{g['id']}") as ws:
                p = hello(ws, g["token"], lang)
                seat = p["decision"]["player"]
                ws.send_text(json.dumps({"type": "act", "seat": seat, "option": "wrong", "version": p["version"]}))
                r = ws.receive_json()
                assert r["status"] == 400 and r["message"] == f"{words}{seat} ({p['decision']['kind']})", r


def test_refusals_change_nothing(db):
    with TestClient(create_app(db)) as client:
        g = new_game(client, {"marquise": "human", "eyrie": "human"}, ["marquise", "eyrie"], seed=5)
        gid, tok = g["id"], g["token"]
        with client.websocket_connect(f"/ws/{gid}") as ws:
            p = hello(ws, tok)
            seat = p["decision"]["player"]
            version = p["version"]

            def refused(message):
                ws.send_text(message if isinstance(message, str) else json.dumps(message))
                r = ws.receive_json()
                assert r["type"] == "error", r
                return r

            assert "JSON" in refused("{not json")["message"]
            assert refused("x" * (MAX_MESSAGE + 1))["status"] == 413
            bad = {"type": "act", "seat": seat, "option": "no such option", "version": version}
            assert refused(bad)["status"] == 400
            assert refused({"type": "act", "seat": seat, "option": p["decision"]["options"][0]["id"],
                            "version": version - 1})["status"] == 409
            other = "eyrie" if seat == "marquise" else "marquise"
            assert refused({"type": "act", "seat": other, "option": "x", "version": version})["status"] == 409
            assert refused({"type": "dance"})["status"] == 400
            assert client.get("/api/games").json()["games"][0]["version"] == version
        with client.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": "forged"}))
            assert ws.receive_json()["status"] == 403
        with client.websocket_connect(f"/ws/{gid}") as spectator:
            p = hello(spectator)
            spectator.send_text(json.dumps({"type": "act", "seat": "marquise", "option": "x", "version": p["version"]}))
            assert spectator.receive_json()["status"] == 403
        assert client.post("/api/games/new", json={"game": "root", "seats": {"marquise": "nobody"}}).status_code == 400
        assert client.post("/api/games/new", json={"game": "chess", "seats": {"a": "human"}}).status_code == 400
        assert client.post("/api/games/new", content=b"[1, 2]").status_code == 400
        assert client.get("/api/games/nosuch/save").status_code == 404


def test_bots_play_their_seats_on_the_server(db):
    with TestClient(create_app(db)) as client:
        g = new_game(client, {"marquise": "random", "eyrie": "random"}, [], seed=11)
        assert g["token"] is None
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            p = hello(ws)
            while not p["terminal"]:
                p = ws.receive_json()
        assert p["result"]["winners"]
        save = client.get(f"/api/games/{g['id']}/save").json()  # a finished game: anyone may take its save
        assert save["finished"] and save["record"]["moves"]


def test_a_restarted_server_restores_every_game_to_its_last_option(db):
    with TestClient(create_app(db)) as client:
        g = new_game(client, {"marquise": "human", "eyrie": "human"}, ["marquise", "eyrie"], seed=8)
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            p = hello(ws, g["token"])
            for _ in range(5):
                p = act(ws, p, p["decision"]["options"][-1]["id"])
        view = p["view"]
    with TestClient(create_app(db)) as client:  # a new process's app on the same file
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            q = hello(ws, g["token"])
        assert q["version"] == 5 and q["view"] == view


def test_running_game_save_only_for_the_holder_of_every_seat_and_load_continues_it(db):
    with TestClient(create_app(db)) as client:
        g = new_game(client, {"marquise": "human", "eyrie": "heuristic"}, ["marquise"], seed=2)
        assert client.get(f"/api/games/{g['id']}/save").status_code == 403
        save = client.get(f"/api/games/{g['id']}/save", headers={"authorization": "Bearer " + g["token"]}).json()
        loaded = client.post("/api/games/load", json=save).json()
        assert loaded["seats"] == ["marquise"] and loaded["id"] != g["id"]
        bad = client.post("/api/games/load", json={**save, "record": {**save["record"], "moves": ["nonsense"]}})
        assert bad.status_code == 400


def test_hot_seat_token_holds_several_seats_and_shows_the_deciding_one(db):
    with TestClient(create_app(db)) as client:
        g = new_game(client, {"marquise": "human", "eyrie": "human"}, ["marquise", "eyrie"], seed=4)
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            p = hello(ws, g["token"])
            assert set(p["held"]) == {"marquise", "eyrie"}
            assert p["seat"] == p["decision"]["player"]
            seen = {p["seat"]}
            for _ in range(40):
                p = act(ws, p, p["decision"]["options"][0]["id"])
                assert p["seat"] == p["decision"]["player"]
                hand_of_other = next(s for s in ("marquise", "eyrie") if s != p["seat"])
                assert p["view"]["players"][hand_of_other]["hand"] is None
                seen.add(p["seat"])
            assert seen == {"marquise", "eyrie"}
            with client.websocket_connect(f"/ws/{g['id']}") as again:  # the log sent piece by piece is the whole log
                q = hello(again, g["token"])
                assert q["seat"] == p["seat"] and q["log"] == p["log"] and q["log_from"] == 0


def test_db_urls():
    assert str(sqlite_path("sqlite:///tmp/x.db")) == "/tmp/x.db"
    assert str(sqlite_path("games.db")) == "games.db"
    with pytest.raises(StoreError, match="mysql is not supported"):
        sqlite_path("mysql://host/db")


@pytest.mark.parametrize("game,seats", [
    ("ironwood", {"woodwalkers": "human", "ironclad": "random"}),
    ("ironwood", {"woodwalkers": "human", "ironclad": "ironbot"}),
    ("great_wall", {"red": "human", "blue": "random", "yellow": "random"}),
])
def test_every_game_is_played_over_the_socket(db, game, seats):
    with TestClient(create_app(db)) as client:
        mine = next(iter(seats))
        r = client.post("/api/games/new", json={"game": game, "seats": seats, "claim": [mine], "seed": 3})
        assert r.status_code == 200, r.text
        g = r.json()
        geo = client.get(f"/api/games/{g['id']}/board").json()  # the content's board, drawn by the page
        assert geo["locations"] and (geo.get("borders") or geo.get("sections"))
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            p = hello(ws, g["token"], "pl")

            def next_state(p):
                """The next payload; a choice the server refused as stale (it moved on first and tells everyone the
                newer state) is skipped — any other error fails the test."""
                while True:
                    q = ws.receive_json()
                    if q.get("type") == "state":
                        return merged(p, q)
                    assert q.get("status") == 409 and "stale choice" in q.get("message", ""), q

            for _ in range(30):
                while not (p["decision"] and "options" in p["decision"]) and not p["terminal"]:
                    p = next_state(p)
                if p["terminal"]:
                    break
                assert p["decision"]["player"] == mine and p["decision"]["prompt"]
                sent = p["version"]
                ws.send_text(json.dumps({"type": "act", "seat": p["seat"], "option": p["decision"]["options"][-1]["id"],
                                         "version": sent}))
                while p["version"] <= sent:
                    p = next_state(p)
            assert p["log_total"] > 0 and all(e["text"] for e in p["log"])
            json.dumps(p)


def test_undo_takes_back_your_own_options_until_something_hidden_comes_out(db):
    with TestClient(create_app(db)) as client:
        g = new_game(client, {"marquise": "human", "eyrie": "human"}, ["marquise", "eyrie"], seed=6)
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            p = hello(ws, g["token"])
            assert p["undo"] is None
            first = p
            p = act(ws, p, p["decision"]["options"][0]["id"])  # a setup placement: nothing hidden comes out
            assert p["undo"] == first["seat"]
            ws.send_text(json.dumps({"type": "undo", "seat": p["seat"]}))
            back = ws.receive_json()
            assert back["version"] == first["version"] and back["view"] == first["view"] and back["log"] == first["log"]
            ws.send_text(json.dumps({"type": "undo", "seat": back["seat"]}))
            assert ws.receive_json()["status"] == 409  # nothing left to take back
            # play on until a seat's option draws, rolls or reveals: then that seat cannot take it back
            p, seats = back, []
            for _ in range(400):
                seats.append(p["seat"])
                p = act(ws, p, p["decision"]["options"][-1]["id"])
                if p["undo"] is None:
                    break
            assert p["undo"] is None
            ws.send_text(json.dumps({"type": "undo", "seat": seats[-1]}))
            assert ws.receive_json()["status"] == 409
        table = client.app.state.tables.get(g["id"])
        assert table.record.moves and len(client.app.state.tables.store.takebacks(g["id"])) == 1


def test_undo_ends_when_another_seat_has_decided(db):
    with TestClient(create_app(db)) as client:
        g = new_game(client, {"marquise": "human", "eyrie": "human"}, ["marquise", "eyrie"], seed=6)
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            p = hello(ws, g["token"])
            first = p["seat"]
            while p["seat"] == first:
                p = act(ws, p, p["decision"]["options"][0]["id"])
            assert p["undo"] == first  # the other seat has not decided yet
            p = act(ws, p, p["decision"]["options"][0]["id"])
            ws.send_text(json.dumps({"type": "undo", "seat": first}))
            assert ws.receive_json()["status"] == 409


def test_hint_is_the_heuristic_bots_choice_from_what_the_seat_knows(db):
    with TestClient(create_app(db)) as client:
        g = new_game(client, {"marquise": "human", "eyrie": "human"}, ["marquise"], seed=9)
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            p = hello(ws, g["token"])
            while p["decision"]["player"] != "marquise":
                p = ws.receive_json()
            ws.send_text(json.dumps({"type": "hint", "seat": "marquise"}))
            h = ws.receive_json()
            assert h["type"] == "hint" and h["version"] == p["version"]
            assert h["option"] in {o["id"] for o in p["decision"]["options"]} and h["label"]
            ws.send_text(json.dumps({"type": "hint", "seat": "eyrie"}))
            assert ws.receive_json()["status"] == 403



def pending(table, version: int) -> bool:
    """A forced option the server is about to take, or one it took and has not told yet."""
    with table.lock:
        return table.forced() is not None or version < len(table.record.moves)


def test_a_single_option_anyone_could_know_is_taken_without_asking(db):
    """A single option is taken for a person only when the seat knows nothing a spectator does not (no cards in
    hand): answering a one-option question at once with cards in hand would tell the others those cards cannot
    change it."""
    import random

    from planszowki.cli.saves import Record
    from planszowki.web.tables import Table

    game = planszowki.load("root")
    seen = {True: 0, False: 0}
    for seed in range(4):
        record = Record(seed, ["marquise", "eyrie", "alliance", "vagabond"], {"map": "autumn"})
        st = record.start(game)
        table = Table("t", game, st, record, {s: "human" for s in st.seats}, {})
        rng = random.Random(seed)
        while not st.terminal and len(record.moves) < 2500:
            d = st.decision
            if len(d.options) == 1 and d.player != "alliance":  # the Alliance's supporters are always secret
                empty = not st.view(d.player)["players"][d.player]["hand"]
                assert (table.forced() == d.options[0].id) == empty
                seen[empty] += 1
            option = rng.choice(d.options).id
            st.apply(option)
            record.moves.append(option)
    assert seen[True] and seen[False]
    with TestClient(create_app(db)) as client:  # over the socket: forced options come back applied
        g = new_game(client, {"marquise": "human", "eyrie": "human"}, ["marquise", "eyrie"], seed=12)
        table = client.app.state.tables.get(g["id"])
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            p = hello(ws, g["token"])
            rng = random.Random(1)
            for _ in range(150):
                before = p["version"]
                p = act(ws, p, rng.choice(p["decision"]["options"])["id"])
                assert p["version"] > before  # the answer to an option: a newer position, never one told twice
                while pending(table, p["version"]):
                    q = ws.receive_json()
                    assert q["version"] > p["version"]
                    p = q
                if p["terminal"]:
                    break
                assert len(p["decision"]["options"]) > 1 or p["view"]["players"][p["seat"]]["hand"]
        assert [m for sg in client.app.state.tables.store.games() for m in sg.moves] == table.record.moves


def test_rootlog_of_a_game_for_anyone_public_information_only(db):
    from planszowki.games.root import rootlog

    with TestClient(create_app(db)) as client:
        g = new_game(client, {"marquise": "random", "eyrie": "random"}, [], seed=3)
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            p = hello(ws)
            while not p["terminal"]:
                p = ws.receive_json()
        r = client.get(f"/api/games/{g['id']}/rootlog")
        assert r.status_code == 200 and r.text.strip()
        table = client.app.state.tables.get(g["id"])
        assert r.text == rootlog.write(table.state)
        iw = client.post("/api/games/new", json={"game": "ironwood", "seats": {"woodwalkers": "random",
                                                                                 "ironclad": "random"}}).json()
        assert client.get(f"/api/games/{iw['id']}/rootlog").status_code == 404


def test_a_payload_reads_only_the_log_events_since_the_last_one(monkeypatch):
    """The server's cost per payload does not grow with the game: the seat's visible log is extended by the events
    added since its last payload (LogChain.since), and the view is built without the raw log."""
    import random

    from planszowki.cli.saves import Record
    from planszowki.games.root.state import RootState
    from planszowki.web.tables import Table

    game = planszowki.load("root")
    record = Record(4, ["marquise", "eyrie", "alliance", "vagabond"], {"map": "autumn"})
    st = record.start(game)
    table = Table("t", game, st, record, {s: "human" for s in st.seats}, {})
    rng = random.Random(4)
    for _ in range(200):
        option = rng.choice(st.decision.options).id
        st.apply(option)
        record.moves.append(option)
    whole = {s: [e.to_json() for e in st.log if e.visible_to(s)] for s in (None, "marquise")}
    first = {s: table.payload(s, "en") for s in (None, "marquise")}
    assert {s: len(p["log"]) for s, p in first.items()} == {s: len(w) for s, w in whole.items()}

    def whole_log(self):
        raise AssertionError("a payload read the whole log")

    monkeypatch.setattr(RootState, "log", property(whole_log))
    for _ in range(30):
        option = rng.choice(st.decision.options).id
        st.apply(option)
        record.moves.append(option)
        for s in (None, "marquise"):
            p = table.payload(s, "en", log_from=first[s]["log_total"])
            first[s]["log"] += p["log"]
            first[s]["log_total"] = p["log_total"]
    monkeypatch.undo()
    for s in (None, "marquise"):  # the pieces add up to the seat's whole visible log, in order
        assert first[s]["log"] == table.payload(s, "en")["log"]
        assert first[s]["log_total"] == len([e for e in st.log if e.visible_to(s)])


def test_faction_draft_seats_follow_their_renamed_faction_through_restart_and_save(db):
    """Root's faction draft (A.8.2) renames a seat to the faction it chooses ("player2" becomes "eyrie"): the seat's
    link, its controller, a restart, a save and loading that save all follow the seat by its place."""
    seats = {"player1": "human", "player2": "human", "player3": "heuristic"}
    options = {"setup": "advanced", "factions": "draft"}
    with TestClient(create_app(db)) as client:
        g = new_game(client, seats, ["player1", "player2"], seed=5, options=options)
        gid, token = g["id"], g["token"]
        with client.websocket_connect(f"/ws/{gid}") as ws:
            p = hello(ws, token)
            assert {s["seat"]: s["name"] for s in p["seats"]}["player1"] == "Player 1"
            for _ in range(300):  # the hot seat drafts both its factions
                if not any(s.startswith("player") for s in p["held"]):
                    break
                d = p["decision"]
                if d is None or "options" not in d:
                    p = merged(p, ws.receive_json())
                    continue
                p = act(ws, p, d["options"][0]["id"])
            held = p["held"]
            assert len(held) == 2 and not any(s.startswith("player") for s in held)
            assert all({s["seat"]: s["controller"] for s in p["seats"]}[h] == "human" for h in held)
    with TestClient(create_app(db)) as client:  # a restart: the record is replayed, the seats' names follow
        with client.websocket_connect(f"/ws/{gid}") as ws:
            q = hello(ws, token)
        assert q["held"] == held and q["version"] >= p["version"]
        save = client.get(f"/api/games/{gid}/save", headers={"authorization": f"Bearer {token}"})
        assert save.status_code == 200, save.text
        doc = save.json()
        assert doc["record"]["players"] == list(seats) and doc["controllers"] == seats  # the names it began with
        loaded = client.post("/api/games/load", json=doc).json()
        assert loaded["seats"] == held  # loaded and replayed: the loader holds the people's seats, renamed


def test_a_8_1_i_lobby_offers_the_adventurous_two_player_draft_and_the_engine_checks_it(db):
    """A.8.1.I: the lobby offers keeping the insurgents in a two-player draft with hirelings; the game made with it
    has them in its draft, and without hirelings the engine's refusal comes back as the error."""
    with TestClient(create_app(db)) as client:
        root = next(g for g in client.get("/api/meta?lang=en").json()["games"] if g["game"] == "root")
        opt = next(o for o in root["options"] if o["name"] == "adventurous")
        assert opt["advanced"] and [v["value"] for v in opt["values"]] == [None, True]
        pl = client.get("/api/i18n/pl").json()
        assert pl["option_adventurous"] and client.get("/api/i18n/en").json()["option_adventurous"]
        seats = {"player1": "human", "player2": "heuristic"}
        ok = {"setup": "advanced", "factions": "draft", "hirelings": True, "adventurous": True}
        new_game(client, seats, ["player1"], seed=3, options=ok)
        bad = client.post("/api/games/new", json={"game": "root", "seats": seats, "claim": ["player1"], "seed": 3,
                                                  "options": {k: v for k, v in ok.items() if k != "hirelings"}})
        assert bad.status_code == 400 and "A.8.1" in bad.text, bad.text


def test_the_lobby_says_why_a_game_cannot_be_set_up_in_the_pages_language(db):
    """A setup the game refuses (Law 5: five factions that start in corners; The Great Wall's solo mode for one
    player) comes back from the lobby in the page's language, the rule it cites kept."""
    seats = {"marquise": "human", "eyrie": "heuristic", "cult": "heuristic", "duchy": "heuristic",
             "warlord": "heuristic"}
    five = {"game": "root", "seats": seats, "claim": ["marquise"], "seed": 1}
    solo = {"game": "great_wall", "seats": {"red": "human", "blue": "heuristic", "yellow": "heuristic"},
            "claim": ["red"], "options": {"mode": "solo"}}
    with TestClient(create_app(db)) as client:
        pl = client.post("/api/games/new?lang=pl", json=five)
        assert pl.status_code == 400
        assert pl.json()["error"].startswith("nie można przygotować tej gry: 5 frakcji rozpoczyna grę na polanach "
                                             "narożnych (Markiza de Kot, Dynastie Orlich Gniazd, ")
        assert "Przygotowania Zaawansowanego Rozgrywki (Księga Praw, rozdz. 5)" in pl.json()["error"]
        en = client.post("/api/games/new?lang=en", json=five)
        assert en.status_code == 400 and en.json()["error"].startswith(
            "cannot set up this game: 5 factions that start in corner clearings (Marquise de Cat, ")
        assert "the Advanced Setup (Law 5)" in en.json()["error"]
        gw = client.post("/api/games/new?lang=pl", json=solo)
        assert gw.status_code == 400 and gw.json()["error"].startswith(
            "nie można przygotować tej gry: tryb solo (great_wall:modes.solo) jest dla jednego gracza")
        assert client.get("/api/games").json()["games"] == []  # nothing was created


def test_the_lobby_says_why_a_save_or_a_bot_is_refused_in_the_pages_language(db):
    """What the lobby page shows a person who loads a broken save or asks for a bot with a bad parameter: the
    record's move or field at fault, the bot's parameter, in the page's language."""
    with TestClient(create_app(db)) as client:
        g = new_game(client, {"marquise": "human", "eyrie": "heuristic"}, ["marquise"], seed=2)
        save = client.get(f"/api/games/{g['id']}/save", headers={"authorization": "Bearer " + g["token"]}).json()
        moves = client.post("/api/games/load?lang=pl",
                            json={**save, "record": {**save["record"], "moves": ["nonsense"]}})
        assert moves.status_code == 400 and moves.json()["error"] == (
            "nie można przygotować tej gry: ruchu 1 ('nonsense') nie da się odtworzyć: opcja 'nonsense' nie jest "
            "dozwolona dla marquise (marquise.setup.keep)")
        english = client.post("/api/games/load?lang=en",
                              json={**save, "record": {**save["record"], "moves": ["nonsense"]}})
        assert english.json()["error"] == ("cannot set up this game: move 1 ('nonsense') cannot be replayed: option "
                                           "'nonsense' is not legal for marquise (marquise.setup.keep)")
        record = {k: v for k, v in save["record"].items() if k != "moves"}
        missing = client.post("/api/games/load?lang=pl", json={**save, "record": record})
        assert missing.status_code == 400
        assert missing.json()["error"] == "w zapisanym przebiegu gry ('record') brakuje pola 'moves'"
        chess = client.post("/api/games/load?lang=pl", json={**save, "game": "chess"})
        assert chess.json()["error"] == "nieznana gra 'chess'; znane gry: great_wall, ironwood, root"
        seats = client.post("/api/games/load?lang=pl", json={**save, "controllers": {"eyrie": "heuristic"}})
        assert seats.json()["error"].startswith("'controllers' w zapisie musi wymieniać wszystkie miejsca")
        bot = client.post("/api/games/new?lang=pl", json={"game": "root", "claim": ["marquise"], "seats": {
            "marquise": "human", "eyrie": "ismcts:rollout=smart"}})
        assert bot.status_code == 400 and bot.json()["error"] == (
            "miejsce eyrie: bot 'ismcts': rollout musi być jednym ze słów heuristic, random, a nie 'smart'")
        unknown = client.post("/api/games/new?lang=pl", json={"game": "root", "claim": ["marquise"], "seats": {
            "marquise": "human", "eyrie": "grandmaster"}})
        assert unknown.json()["error"].startswith("miejsce eyrie: nieznany bot 'grandmaster'; znane boty: ")
        assert [x["id"] for x in client.get("/api/games").json()["games"]] == [g["id"]]  # nothing else was created

def test_refusals_a_person_can_meet_are_said_in_their_language(db):
    """A seat taken, a stale choice, an unknown game, a save kept hidden: said in the page's language (the catalogs'
    ``web_error_*``); the same refusal in English for an English page."""
    from planszowki import i18n

    pl = i18n.catalog("pl")["ui"]
    with TestClient(create_app(db)) as client:
        g = new_game(client, {"marquise": "human", "eyrie": "human"}, ["marquise"], seed=3)
        gid = g["id"]
        client.post(f"/api/games/{gid}/join", json={"seat": "eyrie"})
        taken = client.post(f"/api/games/{gid}/join?lang=pl", json={"seat": "eyrie"})
        assert taken.status_code == 409
        assert taken.json()["error"] == pl["web_error_seat_taken"] == "to miejsce jest już zajęte"
        english = client.post(f"/api/games/{gid}/join?lang=en", json={"seat": "eyrie"})
        assert english.json()["error"] == "this seat is taken"
        hidden = client.get(f"/api/games/{gid}/save?lang=pl")
        assert hidden.status_code == 403 and hidden.json()["error"] == pl["web_error_save_hidden"]
        with client.websocket_connect("/ws/nope?lang=pl") as ws:
            assert ws.receive_json()["message"] == "na tym serwerze nie ma gry nope"
        with client.websocket_connect(f"/ws/{gid}") as ws:
            p = hello(ws, g["token"], lang="pl")
            if p["decision"]["player"] == "marquise":
                p = act(ws, p, p["decision"]["options"][0]["id"])
            ws.send_text(json.dumps({"type": "act", "seat": "marquise", "option": "x", "version": p["version"] - 1}))
            refused = ws.receive_json()
            assert refused["status"] == 409 and refused["message"].startswith("nieaktualny wybór: gra poszła dalej")
            ws.send_text(json.dumps({"type": "focus", "seat": "eyrie"}))
            assert ws.receive_json()["message"] == pl["web_error_focus"]
