"""The card reference (i18n/cards.py): every card of every deck, the Loyal Viziers and the quests have a cost, item,
VP and effect text in English and Polish, citing rules that exist in the Law; cards are found by either language's
name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from planszowki import i18n
from planszowki.games.root.content import DECKS, load_deck, quests

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}


def every_card_key() -> set[str]:
    keys = {k for deck in DECKS for k in load_deck(deck).by_key}
    return keys | {q.key for q in quests()}


def test_the_reference_knows_every_card_of_every_deck_and_nothing_else() -> None:
    assert set(i18n.card_keys()) == every_card_key()
    for lang in i18n.LANGS:
        entries = {k for k in i18n.catalog(lang)["card_text"] if not k.startswith("_")}
        assert entries == every_card_key(), lang


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_every_card_has_a_full_reference(lang: str) -> None:
    for key in sorted(every_card_key()):
        r = i18n.card_reference(key, lang)
        assert r["key"] == key and r["name"] and r["suit"] and r["kind"] and r["decks"], key
        assert len(r["text"]) > 40 and "{" not in r["text"] and "?" not in r["text"], (key, r["text"])
        assert re.search(r"\((?:\d|A\.)", r["text"]), f"{key}: the text cites no rule"
        plain = i18n.card_reference_text(key, lang)
        assert plain.splitlines()[0].startswith(r["name"]) and plain.endswith(r["text"])


def test_polish_and_english_entries_have_the_same_keys_and_arguments() -> None:
    en, pl = i18n.catalog("en")["card_text"], i18n.catalog("pl")["card_text"]
    assert en.keys() == pl.keys()
    for part in ("_kind", "_field", "_deck"):
        assert en[part].keys() == pl[part].keys(), part
    names = re.compile(r"\{([a-z_]+)[@|^}]")
    for key, text in en.items():
        if not key.startswith("_"):
            assert set(names.findall(text)) == set(names.findall(pl[key])), key


def test_facts_come_from_the_card_data() -> None:
    gear = i18n.card_reference("fox:Travel Gear", "en")
    assert (gear["cost"], gear["item"], gear["vp"], gear["decks"]) == ("rabbit", "boot", 1, ["standard",
                                                                                          "Exiles & Partisans"])
    assert "take the boot" in gear["text"] and "score 1 VP" in gear["text"]
    racket = i18n.card_reference("fox:Protection Racket", "pl")
    assert (racket["cost"], racket["item"], racket["vp"]) == ("królik, królik", "monety", 3)
    assert "weź monety" in racket["text"] and "otrzymaj 3 PZ" in racket["text"] and "brak monet" in racket["text"]
    claim = i18n.card_reference("bird:Royal Claim", "pl")
    assert claim["cost"] == "dowolny, dowolny, dowolny, dowolny" and claim["item"] is None and claim["vp"] is None
    ambush = i18n.card_reference("bird:Ambush!", "en")
    assert ambush["cost"] == "" and "cannot be crafted" in i18n.card_reference_text("bird:Ambush!", "en")
    quest = i18n.card_reference("mouse:Escort", "pl")
    assert quest["items"] == "buty, buty" and quest["kind"] == "Misja Włóczęgi"
    assert i18n.card_reference("bird:Loyal Vizier", "en")["kind"] == "Loyal Vizier (the Eyrie)"
    with pytest.raises(KeyError):
        i18n.card_reference("fox:No Such Card", "en")


def test_polish_uses_the_laws_names_and_terms() -> None:
    """Cards the Polish Law names are named so (Zasadzka!, Dominacja, Mysia Przysługa, Mistrz Dłuta …); the texts
    speak of PZ, Świt, Dzień, Wieczór and polany, never of the English terms."""
    assert i18n.card_reference("fox:Ambush!", "pl")["name"] == "Zasadzka! [lis]"
    assert i18n.card_reference("mouse:Favor of the Mice", "pl")["name"] == "Mysia Przysługa [mysz]"
    assert i18n.card_reference("mouse:Master Engravers", "pl")["name"] == "Mistrz Dłuta [mysz]"
    assert i18n.card_reference("fox:Tax Collector", "pl")["name"] == "Tax Collector [lis]"  # not in the Law
    english = re.compile(r"\b(VP|Birdsong|Daylight|Evening|clearing|battle|Ambush|Dominance|Vagabond|Eyrie)\b")
    for key in every_card_key():
        text = i18n.card_reference(key, "pl")["text"]
        assert not english.search(text), (key, text)
    assert "Świtu" in i18n.card_reference("bird:Royal Claim", "pl")["text"]
    assert "Zasadzki" in i18n.card_reference("mouse:Scouting Party", "pl")["text"]


def _law_numbers() -> set[str]:
    yaml = pytest.importorskip("yaml")
    law = SHARED / "reference" / "root" / "law" / "law_en_marauders_era.yml"
    if not law.exists():
        pytest.skip("the Law (../shared) is not available here")
    out: set[str] = set()

    def walk(nodes: list, prefix: str) -> None:
        for i, n in enumerate(nodes or [], 1):
            num = f"{prefix}{i}"
            out.add(num)
            walk(n.get("children") or [], num + ".")

    walk(yaml.safe_load(law.read_text("utf-8")), "")
    return out


def test_every_cited_rule_exists_in_the_law() -> None:
    numbers = _law_numbers()
    cited = set()
    for key in every_card_key():
        for lang in i18n.LANGS:
            cited |= set(re.findall(r"\b\d+(?:\.\d+)*(?:\.[IVX]+)?\b", i18n.card_reference(key, lang)["text"]))
    cited = {c for c in cited if "." in c}
    assert {"4.1.2", "4.1.3", "4.3.1.II", "9.5.5", "3.3.1.II"} <= cited
    for c in cited:
        parts = c.split(".")
        arabic = ".".join(str(ROMAN.get(p, p)) for p in parts)
        assert arabic in numbers, f"{c} is cited but the Law has no rule {arabic}"


def test_find_cards_by_either_languages_name() -> None:
    ambushes = ["bird:Ambush!", "fox:Ambush!", "rabbit:Ambush!", "mouse:Ambush!"]
    assert i18n.find_cards("ambush") == ambushes
    assert i18n.find_cards("ZASADZKA") == ambushes
    assert i18n.find_cards("zasadzkę") == ambushes and i18n.find_cards("zasadzke") == ambushes
    assert i18n.find_cards("zasadzka! [lis]") == ["fox:Ambush!"] == i18n.find_cards("Ambush! [fox]")
    assert i18n.find_cards("mistrz dluta") == ["mouse:Master Engravers"] == i18n.find_cards("engravers")
    assert i18n.find_cards("sword") == ["mouse:Sword"]  # the exact name, not every name holding it
    assert i18n.find_cards("tea") == ["fox:Root Tea", "rabbit:Root Tea", "mouse:Root Tea"]
    assert i18n.find_cards("errand") == ["fox:Errand", "rabbit:Errand"]
    assert i18n.find_cards("tea", ["mouse:Root Tea", "bird:Ambush!", "mouse:Root Tea"]) == ["mouse:Root Tea"]
    assert i18n.find_cards("no such card") == [] and i18n.find_cards("  ") == []
