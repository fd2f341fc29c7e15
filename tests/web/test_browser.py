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


def _create(page, server, lang, game, seats, seed):
    """Create a game in the lobby: ``seats`` maps each seat to "human" (this browser's) or a bot."""
    page.goto(server + "/")
    page.click(f"button[data-lang={lang}]")
    page.wait_for_selector("h2:text-is('%s')" % ("Nowa gra" if lang == "pl" else "New game"))
    page.wait_for_load_state("networkidle")  # the lobby's texts and games are in, and it listens for a change
    page.select_option("#game", game)
    page.wait_for_selector(f"select[data-seat={next(iter(seats))}]")
    for seat, who in seats.items():
        page.select_option(f"select[data-seat={seat}]", who)
        if who == "human":
            page.check(f"input[name=mine-{seat}]")
    page.fill("input[name=seed]", str(seed))
    page.click("#create-button")
    page.wait_for_url("**/game/*")


def _play_until(page, want, clicks_max, rng):
    """Click options until ``want`` (a selector of the drawn board) is clickable, or ``clicks_max`` clicks; a button
    otherwise. Returns how many clicks it took, or None if ``want`` never came."""
    for clicks in range(clicks_max):
        page.wait_for_function(
            "document.querySelector('#result:not([hidden])') || "
            "document.querySelector('#decision button.option, #decision button.action, #decision button.place')",
            timeout=20000)
        if page.locator(want).count():
            return clicks
        if page.locator("#result:not([hidden])").count():
            return None
        version, renders = page.evaluate("[P.version, PL.renders]")
        buttons = page.locator("#decision button.option, #decision button.action, #decision button.place")
        n = buttons.count()
        if n == 0:
            continue
        try:
            buttons.nth(rng.randrange(n)).click(timeout=2000)
        except playwright.Error:
            continue
        if page.locator("#decision button.confirm-yes").count():
            page.click("#decision button.confirm-yes")
        page.wait_for_function(f"P.version !== {version} || PL.renders !== {renders}", timeout=20000)
    return None


def _click_drawn(page, selector) -> bool:
    """Click a highlighted thing of the drawn board; the page then shows its options or has sent the only one.
    False when the board was drawn again under the click (a new position came) and the thing is no target now."""
    version, renders = page.evaluate("[P.version, PL.renders]")
    try:
        page.locator(selector).first.click(timeout=3000)
    except playwright.Error:
        return False
    page.wait_for_function(f"P.version !== {version} || PL.renders !== {renders}", timeout=20000)
    return True


def _play_and_click(page, selector, clicks_max, rng) -> None:
    """Play until ``selector`` is a target of the drawn board, then click it (again if it was drawn away)."""
    for _ in range(5):
        assert _play_until(page, selector, clicks_max, rng) is not None, f"no option made {selector} a target"
        if _click_drawn(page, selector):
            return
    raise AssertionError(f"{selector} was drawn away under every click")


def test_ironwood_s_map_drawn_and_played_by_clicking_a_location(server, browser, artifacts):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _create(page, server, "en", "ironwood", {"woodwalkers": "human", "ironclad": "random"}, 4)
    page.wait_for_selector("svg.iw-map .location")
    geo = page.evaluate("geometry")
    assert page.locator("svg.iw-map .location").count() == len(geo["locations"]) == 25
    assert page.locator("svg.iw-map .location.mountain[data-location=ferrum]").count() == 1
    assert page.locator("svg.iw-map line.ridge").count() == len(geo["ridges"]) > 0
    assert page.locator("svg.iw-map line.path").count() == len(geo["paths"]) > 0
    assert page.locator("svg.iw-map line.border").count() == len(geo["borders"]) > 0
    assert page.locator("svg.iw-map .drill-track .step.on").count() == 1
    assert "demonstration content" in page.locator("#label").inner_text()
    page.wait_for_selector("#tutorial")  # the first game as the Woodwalkers: how a round goes and how they win
    assert "discover three Totems" in page.locator("#tutorial").inner_text()
    page.click("#tutorial-close")
    sides = page.locator(".iw-side")
    assert sides.count() == 2 and "crystals" in sides.nth(0).inner_text().lower()
    page.wait_for_selector(".iw-hand tr[data-card]")  # the own hand with values and effects
    assert "Dmg" in page.locator(".iw-hand").inner_text()
    rng = random.Random(3)
    assert _play_until(page, "svg.iw-map .location.clickable", 80, rng) is not None, "no option named a location"
    page.screenshot(path=str(artifacts / "ironwood_en.png"))
    _play_and_click(page, "svg.iw-map .location.clickable", 80, rng)
    assert _play_until(page, "svg.iw-map .units", 120, rng) is not None  # warriors stand on the map
    manned = page.evaluate("P.view.locations.filter((e) => e.woodwalkers || e.ironclad || e.golems).length")
    assert page.locator("svg.iw-map .location:has(.units)").count() == manned > 0
    page.click("button[data-lang=pl]")
    page.wait_for_function("document.querySelector('.iw-side') && /Kryształy/.test("
                           "document.querySelector('.iw-side').innerText)", timeout=10000)
    assert "Las 1" in page.locator("svg.iw-map").text_content()
    page.screenshot(path=str(artifacts / "ironwood_pl.png"))
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("seats,mode,words", [
    ({"ironclad": "human", "woodwalkers": "random"}, None, "three Forges"),
    ({"red": "human"}, "solo", "Qin Jiushao"),
    ({"red": "human", "blue": "random"}, "coop", "Emperor's Decrees"),
])
def test_the_first_game_tutorial_of_each_side_and_mode(server, browser, seats, mode, words):
    """Ironwood's Ironclad and The Great Wall's solo and co-op modes have their own first-game tutorial."""
    import json
    import urllib.request

    game = "ironwood" if "ironclad" in seats else "great_wall"
    doc = {"game": game, "seats": seats, "claim": [next(iter(seats))], "seed": 2,
           **({"options": {"mode": mode}} if mode else {})}
    req = urllib.request.Request(server + "/api/games/new", method="POST", data=json.dumps(doc).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req) as r:
        made = json.load(r)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('planszowki.lang', 'en')")
    page.goto(f"{server}/game/{made['id']}#{made['token']}")
    page.wait_for_selector("#tutorial")
    assert words in page.locator("#tutorial").inner_text()
    page.click("#tutorial-close")
    assert page.locator("#tutorial").count() == 0
    page.click("#help")
    assert words in page.locator("#tutorial").inner_text()
    page.close()


def _grids_match_the_view(page):
    """Every soldier and wound on the Horde cards of the view is drawn on their Vital grids (one look at both)."""
    drawn, soldiers, wounds = page.evaluate(
        "(() => { const occ = P.view.sections.flatMap((s) => s.horde).flatMap((h) => h.occ);"
        " return [[document.querySelectorAll('.gw-grid .cell-soldier').length,"
        " document.querySelectorAll('.gw-grid .cell-wound').length],"
        " occ.filter(Array.isArray).length, occ.filter((x) => x === 'w').length]; })()")
    assert drawn == [soldiers, wounds]


def test_the_great_wall_s_sections_drawn_and_played_by_clicking_a_place(server, browser, artifacts):
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _create(page, server, "pl", "great_wall", {"red": "human", "blue": "random", "yellow": "random"}, 5)
    page.wait_for_selector(".gw-section .gw-grid .cell")
    assert page.locator(".gw-section").count() == 3
    assert page.locator(".gw-location").count() == len(page.evaluate("geometry")["locations"])
    assert "zawartość demonstracyjna" in page.locator("#label").inner_text()
    page.wait_for_selector("#tutorial")  # the first game of the standard mode, in Polish
    assert "najwięcej Honoru" in page.locator("#tutorial").inner_text()
    page.click("#tutorial-close")
    rng = random.Random(4)
    assert _play_until(page, ".gw-location.clickable", 120, rng) is not None, "no option named a location"
    page.screenshot(path=str(artifacts / "great_wall_pl.png"))
    _play_and_click(page, ".gw-location.clickable", 120, rng)
    grid = page.locator(".gw-grid").first
    assert grid.locator(".cell").count() == 12
    assert page.locator(".gw-grid .cell-free").count() > 0  # the free Vital points show their rewards
    _grids_match_the_view(page)
    assert page.locator(".gw-clans").inner_text().strip() and page.locator(".gw-own").count() == 1
    assert "Zasoby" in page.locator(".gw-own").inner_text()
    page.click("button[data-lang=en]")
    page.wait_for_function("/Resources/.test(document.querySelector('.gw-own').innerText)", timeout=10000)
    # a Vital point to attack or wound, a section to build on or rest in
    target = ".gw-grid .cell.clickable, .gw-section h3.clickable"
    for seed in (6, 7, 8):  # random clicking may end a game (random clans empty the Shame pool) before one comes
        if _play_until(page, target, 250, rng) is not None:
            break
        _create(page, server, "en", "great_wall", {"red": "human", "blue": "random", "yellow": "random"}, seed)
        page.wait_for_selector(".gw-section .gw-grid .cell")
        if page.locator("#tutorial-close").count():
            page.click("#tutorial-close")
    _play_and_click(page, target, 250, rng)
    page.screenshot(path=str(artifacts / "great_wall_en.png"))
    _grids_match_the_view(page)
    assert not errors, errors
    page.close()


def _root_table(page, server, seats, claim, seed, lang):
    """A Root game created over the API, opened at its seat's join link in ``lang``."""
    import json
    import urllib.request

    req = urllib.request.Request(server + "/api/games/new", method="POST", headers={"content-type": "application/json"},
                                 data=json.dumps({"game": "root", "seats": seats, "claim": claim,
                                                  "seed": seed}).encode())
    with urllib.request.urlopen(req) as r:
        game = json.load(r)
    page.goto(server + "/")
    page.evaluate(f"localStorage.setItem('planszowki.lang', '{lang}')")
    page.goto(f"{server}/game/{game['id']}" + (f"#{game['token']}" if game.get("token") else ""))
    page.wait_for_selector("#players .player")
    return game


def _decide(page, rng, n):
    """Take ``n`` decisions of the seat by clicking buttons (a grouping step or a confirmation counts too)."""
    for _ in range(n):
        page.wait_for_selector("#decision button.option, #decision button.action, #decision button.place",
                               timeout=20000)
        version, renders = page.evaluate("[P.version, PL.renders]")
        buttons = page.locator("#decision button.option, #decision button.action, #decision button.place, "
                               "#decision button.confirm-yes")
        try:
            buttons.nth(rng.randrange(buttons.count())).click(timeout=2000)
        except playwright.Error:
            continue
        page.wait_for_function(f"P.version !== {version} || PL.renders !== {renders}", timeout=20000)


def test_root_faction_boards_drawn_and_the_first_game_tutorial(server, browser, artifacts):
    """Each faction's board shows its parts (6.5.4 building tracks, 7.5.2 the Decree's columns by card, 8.2.3 the
    Supporters only as a count for another seat, 9.2.5 the Vagabond's items); the tutorial of a faction's first game
    opens once in this browser, closes, and the "?" opens it again."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})  # a browser that never played Root
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    seats = {"marquise": "human", "eyrie": "heuristic", "alliance": "heuristic", "vagabond": "heuristic"}
    game = _root_table(page, server, seats, ["marquise"], 8, "en")
    page.wait_for_selector("#tutorial")
    tutorial = page.locator("#tutorial").inner_text()
    assert "First game as Marquise de Cat" in tutorial and "Birdsong (6.4)" in tutorial and "Evening (6.6)" in tutorial
    page.screenshot(path=str(artifacts / "tutorial_en.png"))
    page.click("#tutorial-close")
    assert page.locator("#tutorial").count() == 0
    _decide(page, random.Random(3), 12)  # the Marquise's setup, then her first turn; the bots set up meanwhile
    page.wait_for_function("P.view.players.vagabond.board.items && P.view.players.vagabond.board.items.length > 0",
                           timeout=20000)
    assert page.locator("#tutorial").count() == 0  # closed: it does not come back by itself
    marquise = page.locator(".fboard-marquise")
    assert marquise.locator(".fb-track").count() == 3 and "Sawmill" in marquise.inner_text()
    assert "next costs" in marquise.inner_text() and "Keep" in marquise.inner_text()
    eyrie = page.locator(".fboard-eyrie")
    assert eyrie.locator(".fb-column").count() == 4
    heads = [eyrie.locator(".fb-colhead").nth(i).inner_text() for i in range(4)]
    assert heads == ["Recruit", "Move", "Battle", "Build"]
    decree = page.evaluate("P.view.players.eyrie.board.decree")
    assert sum(len(cards) for cards in decree.values()) >= 2  # 7.3.2: the two Loyal Viziers
    for col, cards in decree.items():
        assert eyrie.locator(f".fb-column[data-column={col}] .fb-card").count() == len(cards)
    assert "Loyal Vizier [bird]" in eyrie.inner_text() and "Leader" in eyrie.inner_text()
    alliance = page.locator(".fboard-alliance")
    count = page.evaluate("P.view.players.alliance.board.supporters_count")
    assert alliance.locator(".fb-supporters-count").inner_text() == str(count)
    assert page.evaluate("P.view.players.alliance.board.supporters") is None  # 8.2.3: not sent to the Marquise
    assert alliance.locator(".fb-supporters").count() == 0 and "Sympathy" in alliance.inner_text()
    vagabond = page.locator(".fboard-vagabond")
    items = page.evaluate("P.view.players.vagabond.board.items")
    assert vagabond.locator(".fb-item").count() == len(items) > 0
    assert vagabond.locator(".fb-items[data-place=satchel] .fb-item").count() == sum(
        1 for e in items if e["place"] == "satchel")
    text = vagabond.inner_text()
    assert "Satchel" in text and "Relationships" in text and "Indifferent" in text
    page.screenshot(path=str(artifacts / "faction_boards_en.png"), full_page=True)
    page.click("#help")  # the "?" opens the tutorial again
    page.wait_for_selector("#tutorial")
    assert "Daylight (6.5)" in page.locator("#tutorial").inner_text()
    page.click("#tutorial-close")
    page.reload()  # a tutorial seen in this browser does not open again
    page.wait_for_selector("#players .player")
    page.wait_for_selector("#decision h2, #decision .waiting")
    assert page.locator("#tutorial").count() == 0
    page.click("button[data-lang=pl]")
    page.wait_for_selector(".fboard-eyrie .fb-colhead:text-is('Werbunek')")
    assert "Stronnicy" in page.locator(".fboard-alliance").inner_text()
    assert "Plecak" in page.locator(".fboard-vagabond").inner_text()
    page.click("#help")
    page.wait_for_selector("#tutorial")
    assert "Świt (6.4)" in page.locator("#tutorial").inner_text()
    page.screenshot(path=str(artifacts / "faction_boards_pl.png"), full_page=True)
    assert not errors, errors
    # the Alliance's own seat sees its supporters by card (8.2.3), and its own first-game tutorial
    seats = {"marquise": "heuristic", "eyrie": "heuristic", "alliance": "human", "vagabond": "heuristic"}
    _root_table(page, server, seats, ["alliance"], 9, "en")
    page.wait_for_selector("#tutorial")
    assert "Revolt" in page.locator("#tutorial").inner_text()
    page.wait_for_function("P.view.players.alliance.board.supporters !== undefined", timeout=20000)
    own = page.evaluate("P.view.players.alliance.board.supporters")
    assert isinstance(own, list)
    assert page.locator(".fboard-alliance .fb-supporters .fb-card").count() == len(own)
    # the other factions' boards, as a spectator of a bots' game sees them (no tutorial: no seat is played here)
    seats = {"cult": "random", "riverfolk": "random", "duchy": "random", "corvid": "random"}
    _root_table(page, server, seats, [], 4, "en")
    page.wait_for_function("P.view.turn_no >= 3 && P.view.players.corvid.board.plots_in_supply !== undefined",
                           timeout=30000)
    assert page.locator("#tutorial").count() == 0 and page.locator("#help").is_hidden()
    cult = page.locator(".fboard-cult").inner_text()
    assert "Acolytes" in cult and "Outcast" in cult and "Lost Souls" in cult and "Gardens" in cult
    river = page.locator(".fboard-riverfolk").inner_text()
    assert "Payments" in river and "Funds" in river and "Trade posts" in river and "Services" in river
    assert "Hand (public)" in page.locator("#players").inner_text()  # 11.2.3
    duchy = page.locator(".fboard-duchy").inner_text()
    assert "Burrow" in duchy and "Swayed ministers" in duchy and "Crowns left" in duchy
    corvid = page.locator(".fboard-corvid")
    assert "Plots in supply" in corvid.inner_text()
    hidden = page.evaluate("P.view.players.corvid.board.face_down")
    assert all(kind is None for kind in hidden.values())  # 13.2.2.1: never sent to anyone but the Corvids
    assert corvid.locator(".fb-plot.hidden").count() == len(hidden)
    assert corvid.locator(".fb-plot.known").count() == 0
    if page.locator("#result:not([hidden])").count():  # the bots may have finished: the boards under the result
        page.click("#result-box button")
    page.screenshot(path=str(artifacts / "faction_boards_underworld_en.png"), full_page=True)
    assert game["id"] and not errors, errors
    context.close()


def test_lobby_seats_a_bot_with_parameters_and_refuses_a_bad_spec(server, browser):
    page = browser.new_page()
    page.goto(server + "/")
    page.click("button[data-lang=en]")
    page.select_option("#game", "root")
    page.select_option("select[data-seat=marquise]", "human")
    page.select_option("select[data-seat=eyrie]", "custom")
    page.fill("input[name=spec-eyrie]", "ismcts:iterations=0")
    page.click("#create-button")
    page.wait_for_function("document.querySelector('#create-error').textContent.length > 0", timeout=10000)
    assert "iterations" in page.locator("#create-error").inner_text()  # the server's one-line reason
    page.fill("input[name=spec-eyrie]", "ismcts:iterations=5")
    page.click("#create-button")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#players .player")
    seats = {s["seat"]: s["controller"] for s in page.evaluate("P.seats")}
    assert seats["eyrie"] == "ismcts:iterations=5" and seats["marquise"] == "human"
    page.close()


def test_lobby_advanced_setup_draft_and_landmarks(server, browser):
    """The lobby offers Appendix A: its options show with the Advanced Setup only; the faction draft turns the seats
    into players (A.8.1); the game opens on the draft with a landmark dealt."""
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.click("button[data-lang=en]")
    page.wait_for_load_state("networkidle")
    page.select_option("#game", "root")
    assert page.locator("select[name=opt-factions]").is_hidden()
    page.select_option("select[name=opt-setup]", label="Advanced Setup (Appendix A)")
    assert page.locator("select[name=opt-factions]").is_visible()
    page.select_option("select[name=opt-factions]", label="drafted with the faction setup cards (A.8.1)")
    page.wait_for_selector("select[data-seat=player1]")
    assert page.locator("select[data-seat=marquise]").count() == 0
    page.select_option("select[name=opt-landmarks]", label="the Tower")
    page.select_option("select[data-seat=player2]", "random")
    page.select_option("select[data-seat=player3]", "random")
    page.click("#create-button")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#decision button")  # the Advanced Setup asks this seat (a landmark, the draft, …)
    assert "Landmark cards dealt: the Tower" in page.locator("#log").inner_text()
    assert "Player 1" in page.locator("#players").inner_text() or page.evaluate("P.seat") != "player1"
    assert not errors, errors
    page.close()


def test_hirelings_pawns_are_drawn_on_the_map(server, browser):
    """Appendix E: the Riverfolk Flotilla and the Protector stand in clearings, the Exile in a forest — the map draws
    each where the view says."""
    import json
    import urllib.request

    doc = {"game": "root", "seats": {"marquise": "human", "eyrie": "random"}, "claim": ["marquise"], "seed": 3,
           "options": {"setup": "advanced", "hirelings": ["furious_protector", "riverfolk_flotilla", "the_exile"]}}
    req = urllib.request.Request(server + "/api/games/new", method="POST", data=json.dumps(doc).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req) as r:
        made = json.load(r)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{server}/game/{made['id']}#{made['token']}")
    page.wait_for_selector("#players .player")
    ready = "P.view.hirelings && P.view.hirelings.flotilla && P.view.hirelings.protector && P.view.hirelings.exile"
    rng = random.Random(5)
    for _ in range(80):  # the Advanced Setup's decisions of this seat, until the three pawns stand on the map
        if page.evaluate(ready):
            break
        _decide(page, rng, 1)
    want = page.evaluate("[P.view.hirelings.flotilla, P.view.hirelings.protector, P.view.hirelings.exile.forest]")
    assert page.locator(f"[data-clearing='{want[0]}'] circle.hireling-pawn").count() >= 1
    assert page.locator(f"[data-clearing='{want[1]}'] circle.hireling-pawn").count() >= 1
    assert page.locator(f"[data-forest='{want[2]}'] circle").count() >= 2  # the forest and the Exile's pawn
    page.close()
