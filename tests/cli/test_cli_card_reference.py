"""The card reference at Root's prompt: ``card NAME`` / ``karta NAZWA`` finds a card by part of its name in either
language and prints its cost, item, VP and effect; ``cards`` / ``karty`` prints the references of the seat's own
hand, and only of it."""

from __future__ import annotations

import re

from cli_helpers import run

import planszowki
from planszowki import i18n
from planszowki.cli.play import CARD_MATCHES

SEATS = ["--seats", "marquise=human,eyrie=bot", "--seed", "7"]


def _hand(seat: str, seed: int = 7) -> list[str]:
    """The seat's hand at its first decision (the game the CLI plays with this seed and the bot moving first)."""
    st = planszowki.load("root").new(seed=seed, players=["marquise", "eyrie"])
    return st.view(seat)["players"][seat]["hand"]


def test_card_command_prints_a_cards_reference_in_the_screens_language(capsys, monkeypatch) -> None:
    script = "card brutal\nkarta ZASADZKA! [lis]\ncard mistrz dluta\nquit\n"
    rc, out, _ = run(["play", "root", *SEATS, "--lang", "pl"], capsys, monkeypatch, script)
    assert rc == 0
    assert "Brutalna Taktyka [ptak] — trwały efekt\nKoszt: lis, lis · Talia: standardowa\n" in out
    words = " ".join(out.split())  # the effect is wrapped to the terminal's width
    assert "obrońca otrzymuje 1 PZ" in words
    assert "Zasadzka! [lis] — karta Zasadzki" in out and "Zasadzka! [ptak]" not in out
    assert "Mistrz Dłuta [mysz] — trwały efekt" in out and "1 dodatkowy PZ" in words


def test_card_command_in_english_with_items_and_quests(capsys, monkeypatch) -> None:
    rc, out, _ = run(["play", "root", *SEATS], capsys, monkeypatch, "card racket\ncard escort\nquit\n")
    assert rc == 0
    assert "Protection Racket [fox] — item (immediate effect)\nCost: rabbit, rabbit · Item: coins · 3 VP" in out
    assert "take the coins from the item supply" in " ".join(out.split())
    assert "Escort [mouse] — Vagabond quest\nItems: boot, boot" in out and "(9.5.5)" in out


def test_card_command_refusals(capsys, monkeypatch) -> None:
    rc, out, _ = run(["play", "root", *SEATS], capsys, monkeypatch, "card\ncard zzz\ncard a\nquit\n")
    assert rc == 0
    assert "Usage: card NAME" in out and "No card's name holds 'zzz'." in out
    many = re.search(r"(\d+) cards match 'a': (.*?)\. Type more of the name\.", " ".join(out.split()))
    assert many and int(many.group(1)) > CARD_MATCHES and "Royal Claim, " in many.group(2)
    assert "— persistent effect" not in out  # a long list is named, not printed


def test_cards_command_lists_the_own_hand_only(capsys, monkeypatch) -> None:
    hand = _hand("marquise")
    others = set(_hand("eyrie")) - set(hand)
    assert hand and others
    rc, out, _ = run(["play", "root", *SEATS], capsys, monkeypatch, "cards\nquit\n")
    assert rc == 0
    after = out.split("> ", 1)[1]  # what the command printed, after the first prompt
    for key in hand:
        assert f"{i18n.card_reference(key, 'en')['name']} — " in after, key
    for key in others:
        assert f"{i18n.card_reference(key, 'en')['name']} — " not in after, key


def test_card_is_a_root_command(capsys, monkeypatch) -> None:
    rc, out, _ = run(["play", "ironwood", "--seed", "3"], capsys, monkeypatch, "card tea\nquit\n")
    assert rc == 0 and "'card' is only for Root." in out
