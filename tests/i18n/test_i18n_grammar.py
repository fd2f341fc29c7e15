"""Polish grammar of the message catalogs (issue #9): every message rendered with sample arguments in both
languages, and agreement checked where the catalog asks for it.

* every placeholder of every message (``ui``, ``event``, ``option``, ``decision``) is filled with representative
  values — counts 0, 1, 2, 5, 12, 22; every card, faction, piece, item …; each argument varied in turn — and
  renders strictly (no missing argument, no leftover brace);
* a number is followed by the form of the noun its category takes (CLDR: one | few | many);
* a Polish-named card, plot, minister, piece or faction never stands in the nominative where a verb or a
  preposition governs it ("Wydaj Brutalną Taktykę", not "Wydaj Brutalna Taktyka");
* the player is addressed in the gender and number of the faction's Polish name ("Jesteś atakowana" to the
  Markiza), one warrior is "go", several are "ich", wood is counted in tokens as the Law counts it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from planszowki import i18n

COUNTS = (1, 0, 2, 5, 12, 22)
PLACEHOLDER = i18n._PLACEHOLDER
TERMS = {lang: i18n.catalog(lang)["root"]["terms"] for lang in i18n.LANGS}
PL = TERMS["pl"]


def _templates(lang: str) -> Iterator[tuple[str, str]]:
    cat = i18n.catalog(lang)
    for key, text in cat["ui"].items():
        yield f"ui.{key}", text
    for part in ("event", "option", "decision"):
        for key, text in cat["root"][part].items():
            yield f"{part}.{key}", text


def _samples(name: str) -> list[Any]:
    """Representative values of an argument, by what the argument names (``i18n.ARG_TERMS``)."""
    kind = i18n.ARG_TERMS.get(name)
    if name in i18n.LOCATION_ARGS:
        return [1, 12, "burrow"]
    if kind == "card":
        if name == "dominance":
            return [f"{s}:Dominance" for s in ("fox", "rabbit", "mouse", "bird")]
        cards = [f"fox:{c}" for c in TERMS["en"]["card"]]
        return [*cards, cards[:2]] if name == "cards" else cards
    if kind == "quest":
        quests = [f"mouse:{q}" for q in TERMS["en"]["quest"]]
        return [*quests, quests[:3]] if name == "quests" else quests
    if kind == "item":
        return [*PL["item"], "tea:e", "boot:x", "R-bag", "crossbow:d", "coin:r", "sword:e"]
    if kind == "faction":
        factions = list(PL["faction"])
        return [*factions, ["marquise", "eyrie"], ["eyrie", "duchy"]] if name == "winners" else factions
    if kind == "suit":
        suits = ["fox", "rabbit", "mouse", "bird"]
        return [*suits, suits[:3]] if name in ("pieces", "suits") else suits
    if kind == "column":
        columns = list(PL["column"])
        return [*columns, columns[:2]] if name == "columns" else columns
    if kind is not None:
        return list(PL[kind])
    return list(COUNTS)


def _renderings(lang: str) -> Iterator[tuple[str, str, str, Any, str]]:
    """(key, template, argument varied, its value, text) for every message and every sample of each argument."""
    for key, template in _templates(lang):
        names = sorted({m.group("name") for m in PLACEHOLDER.finditer(template) if m.group("name")})
        base = {n: _samples(n)[0] for n in names}
        if not names:
            yield key, template, "", None, i18n._fill(template, base, lang, "root", strict=True)
        for name in names:
            for value in _samples(name):
                args = {**base, name: value}
                yield key, template, name, value, i18n._fill(template, args, lang, "root", strict=True)


@pytest.fixture(scope="module")
def rendered() -> dict[str, list[tuple[str, str, str, Any, str]]]:
    return {lang: list(_renderings(lang)) for lang in i18n.LANGS}


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_message_renders_with_every_sample_argument(rendered: dict, lang: str) -> None:
    assert len(rendered[lang]) > 5000  # the sweep really covers the catalog
    for key, _, name, value, text in rendered[lang]:
        assert "{" not in text and "}" not in text, f"{key} ({name}={value!r}): {text}"
        assert text.strip(), key


def test_plural_and_gender_placeholders_have_all_their_forms() -> None:
    """Polish plurals name three forms (one|few|many), English two (one|other); gender forms are five
    (m|f|n|mp|fp); a number that chooses a form in English chooses one in Polish too, unless Polish shows it
    with no noun after it ("puste pola: {free}")."""
    plural_names: dict[str, dict[str, set[str]]] = {"en": {}, "pl": {}}
    for lang, count in (("en", 2), ("pl", 3)):
        for key, template in _templates(lang):
            for m in PLACEHOLDER.finditer(template):
                if m.group("op") == "|":
                    assert len(m.group("rest").split("|")) == count, f"{lang} {key}: {m.group(0)}"
                    plural_names[lang].setdefault(key, set()).add(m.group("name"))
                elif m.group("op") == "~":
                    assert len(m.group("rest").split("|")) == len(i18n.GENDERS), f"{lang} {key}: {m.group(0)}"
    pl = dict(_templates("pl"))
    for key, names in plural_names["en"].items():
        for name in names - plural_names["pl"].get(key, set()):
            assert not re.search(r"\{" + name + r"\} \w", pl[key]), f"{key}: Polish lacks plural forms for {name}"


#: Polish nouns (and adjectives) counted in the catalogs: the forms each CLDR category takes, in any case
#: a sentence needs (``one`` 1; ``few`` 2–4, 22–24, not 12–14; ``many`` 0, 5–21, 25 …).
PARADIGMS = [
    ({"karta", "kartę"}, {"karty"}, {"kart"}),
    ({"wojownik", "wojownika", "wojownikiem"}, {"wojowników", "wojownicy", "wojownikami"},
     {"wojowników", "wojownikami"}),
    ({"przedmiot"}, {"przedmioty"}, {"przedmiotów"}),
    ({"żeton"}, {"żetony"}, {"żetonów"}),
    ({"akcja"}, {"akcje"}, {"akcji"}),
    ({"Oficera"}, {"Oficerów"}, {"Oficerów"}),
    ({"Stronnik", "Stronnika"}, {"Stronników"}, {"Stronników"}),
    ({"pasujący", "pasującego"}, {"pasujące", "pasujących"}, {"pasujących"}),
    ({"wyczerpany"}, {"wyczerpane"}, {"wyczerpanych"}),
    ({"Akolitę"}, {"Akolitów"}, {"Akolitów"}),
    ({"polanę"}, {"polany"}, {"polan"}),
    ({"obrażenie"}, {"obrażenia"}, {"obrażeń"}),
    ({"turze"}, {"turach"}, {"turach"}),
    ({"ruch"}, {"ruchy"}, {"ruchów"}),
    ({"wiersz"}, {"wiersze"}, {"wierszy"}),
    ({"kartę"}, {"karty"}, {"kart"}),
]
_COUNTED = re.compile(r"(?<![\d./–-])(\d+) (\w+)")


def _category(n: int) -> int:
    """The CLDR plural category of a Polish integer: 0 one, 1 few, 2 many."""
    if n == 1:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


@pytest.mark.parametrize(("n", "category"), [(0, 2), (1, 0), (2, 1), (4, 1), (5, 2), (11, 2), (12, 2), (14, 2),
                                             (21, 2), (22, 1), (24, 1), (25, 2), (101, 2), (102, 1), (112, 2),
                                             (122, 1)])
def test_cldr_plural_rule_for_polish(n: int, category: int) -> None:
    assert _category(n) == category
    assert i18n._plural(n, ["one", "few", "many"], "pl") == ("one", "few", "many")[category]
    assert i18n._plural(n, ["one", "other"], "en") == ("one" if n == 1 else "other")


def test_polish_numbers_take_the_form_of_their_category(rendered: dict) -> None:
    """"1 wojownik", "2 wojowników", "5 kart", "22 karty" — never "1 kart" or "5 karty"."""
    bad = []
    for key, _, name, value, text in rendered["pl"]:
        for num, word in _COUNTED.findall(text):
            cat = _category(int(num))
            for forms in PARADIGMS:
                if any(word in f for f in forms) and word not in forms[cat]:
                    bad.append(f"{key} ({name}={value!r}): {text}")
    assert not bad, "\n".join(sorted(set(bad))[:30])


def test_wood_is_counted_in_tokens_as_the_law_counts_it(rendered: dict) -> None:
    """6.3.1 "8 żetonów drewna", 6.5.5 "jeden żeton drewna": never "1 drewna" or "5 drewna"."""
    for key, _, name, value, text in rendered["pl"]:
        assert not re.search(r"\d+ drewn", text), f"{key} ({name}={value!r}): {text}"
    assert i18n.tr("track_next", "pl", cost=1, vp=1) == "następny kosztuje 1 żeton drewna i daje 1 PZ"
    assert i18n.tr("track_next", "pl", cost=2, vp=2) == "następny kosztuje 2 żetony drewna i daje 2 PZ"
    assert i18n.tr("track_next", "pl", cost=0, vp=0) == "następny kosztuje 0 żetonów drewna i daje 0 PZ"
    d = {"kind": "marquise.pay_wood", "player": "marquise", "args": {"need": 1}, "rule": "root:6.5.4"}
    assert i18n.decision_prompt(d, "pl") == "Budowa: zapłać jeszcze 1 żeton drewna (6.5.4)"


def _declined(kind: str) -> dict[str, str]:
    """Polish terms of ``kind`` whose nominative differs from the accusative or instrumental: nominative -> key. A
    masculine inanimate noun whose accusative is its nominative ("rozmieszcza Relikt", "Posterunek") is left out:
    the nominative's spelling is then the accusative too, which is what a verb here governs."""
    out = {}
    for key, entry in PL[kind].items():
        if not isinstance(entry, dict) or entry.get("acc") == entry["nom"]:
            continue
        if any(entry.get(f, entry["nom"]) != entry["nom"] for f in ("acc", "ins")):
            out[entry["nom"]] = key
    return out


#: What may stand right before a term left in the nominative: the start, a colon, bracket, comma or dash
#: (labels and lists), or a noun the name is in apposition to ("kartę Zasadzka!", "Stronnika …").
NOMINATIVE_MAY_FOLLOW = re.compile(r"(^|[:(,—]|\b([Kk]art[aęyą]?|Stronnika?))\s*$")


@pytest.mark.parametrize("kind", ["card", "plot", "minister", "piece"])
def test_polish_names_governed_by_a_verb_are_declined(rendered: dict, kind: str) -> None:
    """A verb governs a case: "Wydaj Brutalną Taktykę", "zgaduje Bombę", "Przekonaj Bankiera", "Usuń Twierdzę" —
    the nominative of these names stands only in labels, lists and apposition ("kartę Zasadzka!")."""
    names = _declined(kind)
    assert names, kind
    args = {n for n, k in i18n.ARG_TERMS.items() if k == kind}
    bad = []
    for key, _, name, value, text in rendered["pl"]:
        if name not in args:
            continue
        values = value if isinstance(value, list) else [value]
        for v in values:
            nom = i18n.card_name(v, "pl", with_suit=False) if kind == "card" else i18n.term(kind, v, "pl")
            if nom not in names:
                continue
            for m in re.finditer(r"(?<!\w)" + re.escape(nom) + r"(?!\w)", text):
                before = text[:m.start()]
                if not NOMINATIVE_MAY_FOLLOW.search(before):
                    bad.append(f"{key}: {text}")
    assert not bad, "\n".join(sorted(set(bad))[:30])


PREPOSITION_BEFORE_FACTION = re.compile(r"\b(z|ze|przez|od|dla|do|przeciw|u|graczowi|ręki|wojownika|wojowników)"
                                        r" \{(\w+)\}")


def test_factions_after_a_preposition_or_noun_are_declined() -> None:
    """"Walka z {defender@ins}", "Pomoc dla {target@gen}", "z ręki {target@gen}": a faction governed by a
    preposition or a noun carries the case it takes."""
    factions = {n for n, k in i18n.ARG_TERMS.items() if k == "faction"}
    for key, template in _templates("pl"):
        for m in PREPOSITION_BEFORE_FACTION.finditer(template):
            assert m.group(2) not in factions, f"{key}: {template}"


@pytest.mark.parametrize(("key", "args", "expected"), [
    ("spend_card", {"card": "bird:Brutal Tactics"}, "Wydaj Brutalną Taktykę [ptak]"),
    ("extra_action", {"card": "bird:Brutal Tactics"}, "Wydaj Brutalną Taktykę [ptak] na dodatkową akcję"),
    ("overwork", {"clearing": 3, "card": "mouse:Favor of the Mice"},
     "Nadprodukcja na polanie 3, wydając Mysią Przysługę [mysz]"),
    ("discard", {"card": "fox:Ambush!"}, "Odrzuć Zasadzkę! [lis]"),
    ("field_hospitals", {"card": "rabbit:Dominance"}, "Wydaj Dominację [królik], by skorzystać ze Szpitali Polowych"),
    ("take_dominance", {"dominance": "fox:Dominance", "card": "bird:Brutal Tactics"},
     "Dobierz Dominację [lis], wydając Brutalną Taktykę [ptak]"),
    ("activate_dominance", {"card": "bird:Dominance"}, "Aktywuj Dominację [ptak]"),
    ("ambush", {"card": "bird:Ambush!"}, "Zasadzka: zagraj Zasadzkę! [ptak]"),
    ("craft", {"card": "mouse:Favor of the Mice", "pieces": ["mouse", "mouse", "mouse"]},
     "Przekuj Mysią Przysługę [mysz] (mysz + mysz + mysz)"),
    ("brutal_tactics", {}, "Użyj Brutalnej Taktyki (dodatkowe obrażenie; obrońca otrzymuje 1 PZ)"),
    ("sway", {"minister": "duchess", "vp": 3}, "Przekonaj Księżną Błot (3 PZ)"),
    ("remove", {"piece": "keep"}, "Usuń Twierdzę"),
    ("anything english", {}, None),
])
def test_card_names_take_the_accusative_after_verbs(key: str, args: dict, expected: str | None) -> None:
    """Issue #9: spend, extra action, Overwork (6.5.5), discard, Field Hospitals (6.2.3), take dominance (3.3.4)."""
    if expected is None:  # English card names do not decline
        opt = {"action": "spend_card", "args": {"card": "fox:Anvil"}}
        assert i18n.option_label(opt, "pl") == "Wydaj Anvil [lis]"
        assert i18n.option_label(opt, "en") == "Spend Anvil [fox]"
        return
    assert i18n.option_label({"action": key, "args": args}, "pl", strict=True) == expected


def test_card_and_term_cases() -> None:
    assert i18n.card_name("bird:Ambush!", "pl", form="acc") == "Zasadzkę! [ptak]"
    assert i18n.card_name("Loyal Vizier", "pl", form="gen") == "Lojalnego Wezyra"
    assert i18n.card_name("fox:Dominance", "pl", form="ins", with_suit=False) == "Dominacją"
    assert i18n.card_name("fox:Dominance", "en", form="acc") == "Dominance [fox]"
    assert i18n.card_name("fox:Anvil", "pl", form="acc") == "Anvil [lis]"
    ev = {"kind": "exposure_correct", "args": {"faction": "marquise", "plot": "bomb", "clearing": 4}}
    assert i18n.render_event(ev, "pl") == "Zdemaskowanie: Markiza de Kot zgaduje Bombę na polanie 4 — trafnie."


#: 4.3.1 the ambush question, to each faction in the gender and number of its Polish name
ATTACKED = {"marquise": "Jesteś atakowana", "eyrie": "Jesteście atakowane", "alliance": "Jesteś atakowany",
            "vagabond": "Jesteś atakowany", "vagabond2": "Jesteś atakowany", "cult": "Jesteście atakowani",
            "riverfolk": "Jesteś atakowana", "duchy": "Jesteś atakowane", "corvid": "Jesteś atakowana"}


@pytest.mark.parametrize(("seat", "expected"), sorted(ATTACKED.items()))
def test_the_ambushed_player_is_addressed_in_the_gender_of_the_faction(seat: str, expected: str) -> None:
    d = {"kind": "battle.ambush", "player": seat, "args": {}, "rule": "root:4.3.1"}
    assert i18n.decision_prompt(d, "pl", strict=True) == f"{expected}: zagrać kartę Zasadzki? (4.3.1)"
    assert i18n.decision_prompt(d, "en") == "You are attacked: play an ambush card? (4.3.1)"


def test_every_faction_has_a_grammatical_gender() -> None:
    for key, entry in PL["faction"].items():
        assert entry.get("gender") in i18n.GENDERS, key
        assert (entry.get("num") == "pl") == (entry["gender"] in ("mp", "fp")), key


@pytest.mark.parametrize(("count", "pl", "en"), [
    (1, ("usunięto 1 wojownika", "rozmieścić go"), "place it"),
    (2, ("usunięto 2 wojowników", "rozmieścić ich"), "place them"),
    (5, ("usunięto 5 wojowników", "rozmieścić ich"), "place them"),
    (22, ("usunięto 22 wojowników", "rozmieścić ich"), "place them")])
def test_6_2_3_field_hospitals_pronoun_agrees_with_the_warriors(count: int, pl: tuple[str, str], en: str) -> None:
    d = {"kind": "marquise.field_hospitals", "player": "marquise", "args": {"clearing": 5, "count": count}}
    text = i18n.decision_prompt(d, "pl", strict=True)
    assert all(part in text for part in pl), text
    assert en in i18n.decision_prompt(d, "en", strict=True)


@pytest.mark.parametrize(("item", "expected"), [
    ("tea:e", "herbata (wyczerpana)"), ("boot:e", "buty (wyczerpane)"), ("bag:d", "worek (uszkodzony)"),
    ("coin:x", "monety (uszkodzone, wyczerpane)"), ("R-torch:r", "pochodnia (odkryta)")])
def test_9_2_5_item_state_agrees_with_the_item(item: str, expected: str) -> None:
    assert i18n.option_label({"action": "remove_item", "args": {"item": item}}, "pl") == f"Usuń z gry: {expected}"


def test_past_participle_agrees_with_the_number_of_warriors() -> None:
    """10.2.3 Revenge: "1 wojownik … usunięty", "2 wojowników … usuniętych"."""
    ev = {"kind": "revenge", "args": {"faction": "cult", "count": 1, "clearing": 3, "total": 2}}
    assert "1 wojownik Jaszczurzych Kultystów usunięty z polany 3" in i18n.render_event(ev, "pl")
    ev["args"]["count"] = 2
    assert "2 wojowników Jaszczurzych Kultystów usuniętych z polany 3" in i18n.render_event(ev, "pl")


def test_verbs_agree_with_several_winners() -> None:
    ev = {"kind": "game_over", "args": {"winners": ["marquise", "eyrie"], "reason": "vp"}}
    assert i18n.render_event(ev, "pl").startswith("Koniec gry: wygrywają Markiza de Kot, Dynastie Orlich Gniazd")
    assert i18n._gender("faction", ["marquise", "eyrie"], "pl", "root") == "fp"
    assert i18n._gender("faction", ["marquise", "alliance"], "pl", "root") == "mp"


def test_9_2_9_relationship_predicate_agrees_with_the_faction() -> None:
    ev = {"kind": "hostile", "args": {"target": "eyrie", "faction": "vagabond"}, "rule": "9.2.9.III"}
    assert i18n.render_event(ev, "pl", with_rule=False) == "Dynastie Orlich Gniazd stają się Wrogami Włóczęgi."
    ev["args"]["target"] = "marquise"
    assert i18n.render_event(ev, "pl", with_rule=False) == "Markiza de Kot staje się Wrogiem Włóczęgi."
