"""A real `planszowki serve` process killed with SIGKILL comes back with every game at its last applied option."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

from websockets.sync.client import connect


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str):
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read())


def _post(url: str, doc):
    req = urllib.request.Request(url, json.dumps(doc).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=5) as r:
        return json.loads(r.read())


def _start(port: int, db: str, data: str) -> subprocess.Popen:
    env = {**os.environ, "PLANSZOWKI_DATA_DIR": data}
    proc = subprocess.Popen([sys.executable, "-m", "planszowki.cli.main", "serve", "--port", str(port), "--db", db],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(300):
        try:
            _get(f"http://127.0.0.1:{port}/api/games")
            return proc
        except (urllib.error.URLError, ConnectionError):
            if proc.poll() is not None:
                raise AssertionError(proc.stderr.read().decode()) from None
            time.sleep(0.05)
    raise AssertionError("the server did not start")


def _hello(ws, token):
    ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
    return json.loads(ws.recv())


def test_killed_server_restores_every_game_to_its_last_applied_option(tmp_path):
    killed_and_restarted(tmp_path, str(tmp_path / "games.sqlite3"))


def test_killed_server_on_postgres_restores_every_game(tmp_path, pg_url):
    killed_and_restarted(tmp_path, pg_url)


def killed_and_restarted(tmp_path, db: str) -> None:
    port = _free_port()
    proc = _start(port, db, str(tmp_path))
    try:
        base = f"http://127.0.0.1:{port}"
        g = _post(base + "/api/games/new", {"game": "root", "seats": {"marquise": "human", "eyrie": "human"},
                                                      "claim": ["marquise", "eyrie"], "seed": 13})
        bots = _post(base + "/api/games/new", {"game": "root", "seats": {"marquise": "heuristic",
                                                                                   "eyrie": "heuristic"},
                                                         "seed": 4})
        with connect(f"ws://127.0.0.1:{port}/ws/{g['id']}") as ws:
            p = _hello(ws, g["token"])
            for _ in range(12):
                ws.send(json.dumps({"type": "act", "seat": p["seat"], "option": p["decision"]["options"][-1]["id"],
                                    "version": p["version"]}))
                q = json.loads(ws.recv())
                if q["log_from"]:  # only the new log lines come: keep the whole log
                    q["log"] = p["log"][:q["log_from"]] + q["log"]
                p = q
        time.sleep(0.3)  # the bots' game is under way
        before = {x["id"]: x["version"] for x in _get(base + "/api/games")["games"]}
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    assert before[g["id"]] == p["version"] >= 12 and before[bots["id"]] > 0
    proc = _start(port, db, str(tmp_path))
    try:
        with connect(f"ws://127.0.0.1:{port}/ws/{g['id']}") as ws:
            q = _hello(ws, g["token"])
        assert q["version"] == p["version"] and q["view"] == p["view"] and q["log"] == p["log"]
        after = {x["id"]: x for x in _get(base + "/api/games")["games"]}
        assert after[bots["id"]]["version"] >= before[bots["id"]]  # nothing it had told is lost, and its bots go on
        deadline = time.monotonic() + 120
        while not after[bots["id"]]["terminal"]:  # the bots' game goes on after the restart, to its end
            assert time.monotonic() < deadline, after[bots["id"]]
            time.sleep(0.2)
            after = {x["id"]: x for x in _get(base + "/api/games")["games"]}
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
