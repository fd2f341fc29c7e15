"""``planszowki bench --web``: a load test of ``planszowki serve`` on loopback.

A real server process (its own SQLite file in a temporary directory) and, in this process, ``games`` games of Root,
each with a person's seat played by a websocket client choosing at random, a bot seat the server plays, and a
spectator's connection. Measured: for every option a client sends, the time until every connection of that game
has been sent the new position (p50, p99, max), the options applied per second, and lost options — an option the
server answered as applied that is not in the database's record at its place when the bench ends.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from .. import i18n


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _post(url: str, doc: Any) -> Any:
    req = urllib.request.Request(url, json.dumps(doc).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


@dataclass
class GameRun:
    gid: str
    token: str
    sent: dict[int, float] = field(default_factory=dict)  # version the option was chosen at -> time sent
    #: each connection's payloads as they came: (version, time), versions rising
    seen: dict[str, list[tuple[int, float]]] = field(default_factory=lambda: {"player": [], "spectator": []})
    applied: dict[int, str] = field(default_factory=dict)  # the record's place -> option the server acknowledged
    done: bool = False


async def _player(url: str, run: GameRun, rng: random.Random, stop: float) -> None:
    from websockets.asyncio.client import connect

    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": run.token, "lang": "en"}))
        pending: tuple[int, str] | None = None
        last: dict[str, Any] | None = None
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, stop - time.perf_counter()))
            except TimeoutError:
                run.done = True
                return
            msg = json.loads(raw)
            now = time.perf_counter()
            if msg.get("type") == "state":
                v = msg["version"]
                run.seen["player"].append((v, now))
                if pending is not None and v > pending[0]:
                    run.applied[pending[0]] = pending[1]
                    pending = None
                last = msg
            else:
                pending = None  # refused (the position moved on under it): choose again
            if last is None:
                continue
            if last["terminal"] or now > stop:
                run.done = True
                return
            d = last["decision"]
            if d and d.get("options") and pending is None:
                v = last["version"]
                option = rng.choice(d["options"])["id"]
                run.sent[v] = time.perf_counter()
                pending = (v, option)
                await ws.send(json.dumps({"type": "act", "seat": last["seat"], "option": option, "version": v}))


async def _spectator(url: str, run: GameRun) -> None:
    from websockets.asyncio.client import connect

    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "lang": "en"}))
        async for raw in ws:
            msg = json.loads(raw)
            if msg.get("type") == "state":
                run.seen["spectator"].append((msg["version"], time.perf_counter()))
            if run.done:
                return


async def _bench(base: str, games: int, seconds: float, seed: int) -> list[GameRun]:
    runs = []
    for i in range(games):
        doc = await asyncio.to_thread(_post, base + "/api/games/new", {
            "game": "root", "seats": {"marquise": "human", "eyrie": "random"}, "claim": ["marquise"],
            "seed": seed + i})
        runs.append(GameRun(doc["id"], doc["token"]))
    ws_base = base.replace("http://", "ws://") + "/ws/"
    stop = time.perf_counter() + seconds
    tasks = []
    for i, run in enumerate(runs):
        tasks.append(asyncio.create_task(_spectator(ws_base + run.gid, run)))
        tasks.append(asyncio.create_task(_player(ws_base + run.gid, run, random.Random(seed + i), stop)))
    await asyncio.wait_for(asyncio.gather(*tasks[1::2]), seconds + 120)
    for t in tasks[0::2]:
        t.cancel()
    await asyncio.gather(*tasks[0::2], return_exceptions=True)
    return runs


def run_web_bench(games: int, seconds: float, seed: int, console: Any, lang: str = "en") -> int:
    """Run the load test and print its report in ``lang``; 1 if an option was lost, else 0."""
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "bench.sqlite3")
        env = {**os.environ, "PLANSZOWKI_DATA_DIR": tmp}
        proc = subprocess.Popen([sys.executable, "-m", "planszowki.cli.main", "serve", "--port", str(port),
                                 "--db", db], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(400):
                try:
                    urllib.request.urlopen(base + "/api/games", timeout=1).read()
                    break
                except OSError:
                    if proc.poll() is not None:
                        raise RuntimeError(proc.stderr.read().decode()) from None
                    time.sleep(0.05)
            t0 = time.perf_counter()
            runs = asyncio.run(_bench(base, games, seconds, seed))
            wall = time.perf_counter() - t0
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
        con = sqlite3.connect(db)
        stored: dict[str, dict[int, str]] = {}
        for gid, n, option in con.execute("SELECT game_id, n, option FROM moves"):
            stored.setdefault(gid, {})[n] = option
        con.close()
    latencies = []
    for run in runs:
        for v, t in run.sent.items():
            if v not in run.applied:
                continue
            # the first payload after the option, on each connection of the game
            arrivals = [next((at for version, at in seen if version > v), None) for seen in run.seen.values()]
            if all(a is not None for a in arrivals):
                latencies.append(max(arrivals) - t)
    lost = sum(1 for run in runs for n, option in run.applied.items() if stored.get(run.gid, {}).get(n) != option)
    total_moves = sum(len(m) for m in stored.values())
    latencies.sort()

    def pct(q: float) -> float:
        return 1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))] if latencies else float("nan")

    mean = f"{1000 * statistics.fmean(latencies):.1f}" if latencies else "—"
    for key, args in (("bench_web_title", {"games": games, "wall": f"{wall:.1f}"}),
                      ("bench_web_options", {"sent": len(latencies), "applied": total_moves,
                                             "rate": f"{total_moves / wall:.0f}"}),
                      ("bench_web_latency", {"median": f"{pct(0.50):.1f}", "tail": f"{pct(0.99):.1f}",
                                             "max": f"{pct(1.0):.1f}", "mean": mean}),
                      ("bench_web_lost", {"lost": lost})):
        console.print(i18n.tr(key, lang, **args), markup=False)
    return 1 if lost else 0
