"""Take README's screenshots (docs/img/*.png): a server on a free loopback port, games advanced by the heuristic
bot to a mid-game position and loaded as saves, each table opened in the system's Chromium (Playwright) and shot.

    python scripts/readme_screenshots.py            # needs the test extras and `apt-get install chromium`
"""

from __future__ import annotations

import json
import shutil
import socket
import threading
import time
import urllib.request
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

import planszowki
from planszowki import bots
from planszowki.cli.saves import Record, save_doc
from planszowki.web.app import create_app

OUT = Path(__file__).resolve().parent.parent / "docs" / "img"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def midgame(name: str, players: list[str], options: dict, seed: int, human: str, moves: int) -> dict:
    """A save of a game the heuristic bot played ``moves`` options into, stopped where ``human`` decides."""
    game = planszowki.load(name)
    record = Record(seed, players, options)
    st = record.start(game)
    bot = bots.make("heuristic", seed)
    while not st.terminal and (len(record.moves) < moves or st.decision.player != human):
        option = bot.choose(st, st.decision.player)
        st.apply(option)
        record.moves.append(option)
    controllers = {s: ("human" if s == human else "heuristic") for s in record.players}
    return save_doc(game, st, record, controllers)


def post(url: str, doc: dict) -> dict:
    req = urllib.request.Request(url, json.dumps(doc).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def main() -> None:
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(":memory:"), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    shots = [
        ("root_en.png", "en", midgame("root", ["marquise", "eyrie", "alliance", "vagabond"], {"map": "autumn"}, 11,
                                      "marquise", 260)),
        ("root_pl.png", "pl", midgame("root", ["duchy", "cult", "riverfolk", "corvid"], {"map": "lake"}, 5,
                                      "duchy", 200)),
        ("great_wall_en.png", "en", midgame("great_wall", ["red", "blue", "yellow"], {}, 3, "red", 120)),
        ("ironwood_en.png", "en", midgame("ironwood", ["woodwalkers", "ironclad"], {}, 4, "woodwalkers", 60)),
    ]
    OUT.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        for name, lang, save in shots:
            made = post(base + "/api/games/load", save)
            page = browser.new_page(viewport={"width": 1500, "height": 1000})
            page.goto(base + "/")
            page.evaluate(f"localStorage.setItem('planszowki.lang', '{lang}')")
            page.evaluate("for (const k of Object.keys(localStorage)) if (k.startsWith('planszowki.tutorial.'))"
                          " localStorage.setItem(k, 'seen')")
            page.goto(f"{base}/game/{made['id']}#{made['token']}")
            page.wait_for_selector("#decision button")
            page.evaluate("document.querySelector('#tutorial-close') && document.querySelector('#tutorial-close')"
                          ".click()")
            time.sleep(0.5)
            page.screenshot(path=str(OUT / name))
            print("wrote", OUT / name)
            page.close()
        lobby = browser.new_page(viewport={"width": 1300, "height": 800})
        lobby.goto(base + "/")
        lobby.click("button[data-lang=en]")
        lobby.wait_for_load_state("networkidle")
        lobby.screenshot(path=str(OUT / "lobby_en.png"))
        print("wrote", OUT / "lobby_en.png")
        browser.close()
    server.should_exit = True


if __name__ == "__main__":
    main()
