"""The table in a real browser: headless Chromium from the system's packages, driven by Playwright.

A person plays a whole game of Root through the page by clicking — the decision's buttons, and the map's clearings
where a choice names a place — against a bot, and the board, the log and the result are checked. Screenshots of the
table in Polish and English are kept in ``$PLANSZOWKI_ARTIFACTS`` (default: the test's temporary directory).

Needs Chromium (``apt-get install chromium``: .ci/run installs it). Without it these tests are skipped with that
reason, unless ``PLANSZOWKI_REQUIRE_BROWSER=1`` (set by .ci/run), where a missing browser fails them.
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

playwright = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

from planszowki.web.app import create_app  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    if os.environ.get("PLANSZOWKI_REQUIRE_BROWSER") == "1":
        raise RuntimeError("Chromium is not installed (apt-get install chromium); PLANSZOWKI_REQUIRE_BROWSER=1")
    pytest.skip("Chromium is not installed (apt-get install chromium)", allow_module_level=True)

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("web") / "games.sqlite3"
    port = _free_port()
    config = uvicorn.Config(create_app(str(db)), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def artifacts(tmp_path):
    d = Path(os.environ.get("PLANSZOWKI_ARTIFACTS", tmp_path))
    d.mkdir(parents=True, exist_ok=True)
    return d


def test_a_whole_root_game_played_by_clicking_against_a_bot(server, browser, artifacts):
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.click("button[data-lang=en]")
    page.select_option("#game", "root")
    page.select_option("select[data-seat=marquise]", "human")
    page.check("input[name=mine-marquise]")
    page.select_option("select[data-seat=eyrie]", "random")
    page.fill("input[name=seed]", "21")
    page.click("#create-button")
    page.wait_for_url("**/game/*")
    rng = random.Random(5)
    clicks = map_clicks = confirmations = 0
    shot = False
    while True:
        page.wait_for_function(
            "document.querySelector('#result:not([hidden])') || "
            "document.querySelector('#decision button.option, #decision button.action, #decision button.place')",
            timeout=20000)
        if page.locator("#result:not([hidden])").count():
            break
        if not shot and clicks > 30:
            page.screenshot(path=str(artifacts / "table_en.png"))
            shot = True
        version, renders = page.evaluate("[P.version, PL.renders]")
        clearings = page.locator("svg .clearing.clickable")
        buttons = page.locator("#decision button.option, #decision button.action, #decision button.place")
        on_map = clearings.count() > 0 and rng.random() < 0.5
        target = clearings if on_map else buttons
        n = target.count()
        if n == 0:  # the page re-rendered between the two looks
            continue
        try:
            target.nth(rng.randrange(n)).click(timeout=2000)
        except playwright.Error:  # it re-rendered under the click (a bot's move arrived): look again
            continue
        map_clicks += on_map
        confirmations += page.locator("#decision .confirm").count()
        # a grouping step, a confirmation or its "back" redraws the decision at once; an option goes to the server
        # and comes back as a new version
        page.wait_for_function(f"P.version !== {version} || PL.renders !== {renders}", timeout=20000)
        clicks += 1
        assert clicks < 5000, "the game did not end"
    result = page.locator("#result-box").inner_text()
    assert "The game is over" in result and "Winner:" in result
    assert page.locator("#log li").count() > 50
    assert page.locator("svg .clearing").count() == 12
    assert map_clicks > 0 and confirmations > 0
    assert not errors, errors
    page.screenshot(path=str(artifacts / "result_en.png"))
    page.close()


def test_the_table_in_polish_and_a_spectator_sees_no_hand(server, browser, artifacts):
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server + "/")
    page.click("button[data-lang=pl]")
    page.wait_for_selector("h2:text-is('Nowa gra')")
    page.select_option("select[data-seat=marquise]", "human")
    page.check("input[name=mine-marquise]")
    page.select_option("select[data-seat=eyrie]", "heuristic")
    page.select_option("select[data-seat=alliance]", "heuristic")
    page.wait_for_selector("select[data-seat=alliance] option:text-is('bot heurystyczny')", state="attached")
    page.click("#create-button")
    page.wait_for_selector("#decision button.option")
    assert "Markiza de Kot" in page.locator("#players").inner_text()
    assert page.locator(".hand .card").count() > 0
    page.screenshot(path=str(artifacts / "table_pl.png"))
    url = page.url.split("#")[0]
    watcher = browser.new_page()
    watcher.goto(url)
    watcher.wait_for_selector("#players .player")
    assert watcher.locator(".hand .card").count() == 0
    assert "Oglądasz" in watcher.locator("#you").inner_text() or "watching" in watcher.locator("#you").inner_text()
    watcher.close()
    page.close()
