"""The card reference on the table page, in a real browser (headless Chromium, as tests/web/test_browser.py): each
card of your hand carries its reference as the tooltip, and a click shows it under the hand, in the page's language
and in the other one after a switch. Skipped without Chromium, as the other browser tests."""

from __future__ import annotations

from test_browser import CHROMIUM, browser, server  # noqa: F401  (fixtures: the server and Chromium)

from planszowki import i18n


def test_hand_cards_show_their_reference(server, browser):  # noqa: F811
    assert CHROMIUM
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.select_option("#game", "root")
    page.select_option("select[data-seat=marquise]", "human")
    page.check("input[name=mine-marquise]")
    page.select_option("select[data-seat=eyrie]", "random")
    page.fill("input[name=seed]", "7")
    page.click("#create-button")
    page.wait_for_url("**/game/*")
    page.wait_for_function("P && P.view && document.querySelector('.hand .card')", timeout=20000)
    hand = page.evaluate("P.view.players.marquise.hand")
    cards = page.locator(".hand .card")
    assert cards.count() == len(hand) > 0
    key, first = hand[0], cards.nth(0)
    lang = page.evaluate("PL.lang")
    assert first.get_attribute("title") == i18n.card_reference_text(key, lang)
    assert page.locator(".card-ref").count() == 0
    first.click()
    ref = page.locator(".card-ref")
    ref.wait_for(timeout=5000)
    want = i18n.card_reference(key, lang)
    assert want["name"] in ref.inner_text() and want["text"] in ref.inner_text()
    first.click()  # a second click closes it
    page.wait_for_function("!document.querySelector('.card-ref')", timeout=5000)
    other = "en" if lang == "pl" else "pl"  # the other language: the server sends the references in it
    page.click(f"button[data-lang={other}]")
    title = i18n.card_reference_text(key, other)
    page.wait_for_function("(t) => document.querySelector('.hand .card').title === t", arg=title, timeout=10000)
    assert not errors, errors
    page.close()
