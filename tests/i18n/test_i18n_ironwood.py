"""Ironwood speaks English and Polish: every log event the engine can emit, every option and prompt met in play,
every card's effects and every rule citation, with the rulebook's Polish terms.

The event kinds are found in the engine's source (``emit("iw.…")``), so an event added without its messages fails
here; options and prompts are rendered strictly over random games (two players, and each solo opponent the engine
plays), so a missing template or argument fails too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import planszowki
from planszowki import bots, i18n
from planszowki.cli import board_ironwood as iwb
from planszowki.games.ironwood.sections import SECTIONS
from planszowki.games.ironwood.state import IronwoodState
from planszowki.i18n import ironwood as iwi

SRC = Path(planszowki.__file__).parent / "games" / "ironwood"
GAME = planszowki.load("ironwood")
LANGS = ("en", "pl")


def emitted_kinds() -> set[str]:
    kinds = set()
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit":
                arg = node.args[0] if node.args else None
                assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), \
                    f"{path.name}:{node.lineno}: emit() with a non-literal kind"
                kinds.add(arg.value)
    return kinds


def test_every_emitted_event_has_english_and_polish_messages() -> None:
    kinds = emitted_kinds()
    assert {"iw.attack", "iw.reveal", "iw.victory", "iw.drew"} <= kinds
    for lang in LANGS:
        table = i18n.catalog(lang)["ironwood"]["event"]
        missing = [k for k in sorted(kinds) if k not in table and not any(x.startswith(k + "@") for x in table)]
        assert not missing, f"{lang}: no message for {missing}"


def test_both_catalogs_have_the_same_ironwood_keys() -> None:
    en, pl = i18n.catalog("en")["ironwood"], i18n.catalog("pl")["ironwood"]
    for part in ("event", "option", "decision", "effect", "ui"):
        assert set(en[part]) == set(pl[part]), part
    for kind, table in en["terms"].items():
        assert set(table) == set(pl["terms"][kind]), kind


def _modes() -> list[dict[str, object]]:
    modes: list[dict[str, object]] = [{}, {"first_draw": "two", "handicap": {"woodwalkers": 2}}]
    for opp in ("ironbot", "forestbot"):
        if f"iw.{opp}.turn" in IronwoodState.STEPS:
            modes.append({"opponent": opp, "difficulty": 3})
    return modes


@pytest.mark.parametrize("options", _modes(), ids=lambda o: str(o.get("opponent", o.get("first_draw", "two-player"))))
def test_random_games_render_strictly_in_both_languages(options: dict[str, object]) -> None:
    """Every event, option and prompt of two random games, in English and Polish, with no template left unfilled
    and no argument missing (strict rendering raises on either)."""
    for seed in (1, 2):
        st = GAME.new(seed=seed, players=["woodwalkers", "ironclad"], options=dict(options))
        bot = bots.make("random", seed)
        kinds: set[str] = set()
        steps = 0
        while not st.terminal and steps < 1500:
            d = st.decision
            if d.kind not in kinds or steps % 7 == 0:  # every kind of decision, and a sample of the rest
                kinds.add(d.kind)
                for lang in LANGS:
                    prompt = i18n.decision_prompt({"kind": d.kind, "args": iwb.prompt_args(st, d), "rule": d.rule},
                                                  lang, "ironwood", strict=True, content=st.content)
                    assert "{" not in prompt and "iw." not in prompt, prompt
                    for opt in d.options:
                        label = iwb.option_text(opt, d, st, lang)
                        assert label != opt.id and "{" not in label, (d.kind, opt.id, label)
                        i18n.option_label(opt, lang, d.kind, "ironwood", strict=True, content=st.content)
            st.apply(bot.choose(st, d.player))
            steps += 1
        for e in st.log:
            for lang in LANGS:
                text = i18n.render_event(e, lang, "ironwood", strict=True, content=st.content)
                assert "{" not in text and "iw." not in text, text


def test_every_card_says_what_it_does() -> None:
    content = GAME.new(seed=1).content
    for card in content.cards.values():
        for lang in LANGS:
            text = iwi.describe_card(card, lang)
            assert text and "{" not in text and "'do'" not in text, (card.id, text)
            assert card.name[lang]
    pl = iwi.describe_card(content.cards["WW07"], "pl")
    assert pl.startswith("Spal 1 kartę Specjalną, aby: Porusz 4 Wojowników. Zaatakuj (w tej walce: +1 do Obrony)")
    assert iwi.describe_card(content.cards["IC07"], "en") == (
        "Temporary (1 marker). Recruit 1 warrior on Ferrum. When it expires: Recruit 1 warrior on a mountain with a "
        "forge.")


def test_citations_show_the_section_heading_in_the_readers_language() -> None:
    for key, (pl, en) in SECTIONS.items():
        assert pl and en
        assert i18n.cite(f"ironwood:{key}", "pl") == f"({pl})"
        assert i18n.cite(f"ironwood:{key}", "en") == f"({en})"
    assert i18n.cite("ironwood:battle.retreat", "pl") == "(Odwrót)"
    assert i18n.cite("root:6.5.4", "pl") == "(6.5.4)"  # Root keeps the Law's numbers


def test_polish_uses_the_rulebooks_terms() -> None:
    assert i18n.term("faction", "woodwalkers", "pl", game="ironwood") == "Plemię Puszczy"
    assert i18n.term("faction", "ironclad", "pl", game="ironwood") == "Pancerny Klan"
    assert i18n.faction_name("ironclad", "pl") == "Pancerny Klan"  # the user-interface strings find them too
    assert i18n.tr("pass_device", "pl", faction="woodwalkers").startswith(
        "Przekaż urządzenie graczowi: Plemię Puszczy")
    pl = i18n.catalog("pl")["ironwood"]
    words = " ".join([*pl["event"].values(), *pl["effect"].values(), *pl["option"].values()])
    for w in ("Wiertło", "Kuźni", "Fundament", "Golem", "Totem", "Zanikający", "Kryształ", "Ładunek", "Przepowiedni",
              "Drużyn", "Wojownik", "Bitw", "Odwrót", "Obrażeń", "Obron", "Dominacj"):
        assert w in words, w
    assert pl["terms"]["totem"] == {"full": "Pełny Totem", "fading": "Zanikający Totem"}


def test_private_events_are_private() -> None:
    st = GAME.new(seed=3)
    bot = bots.make("random", 3)
    for _ in range(200):
        st.apply(bot.choose(st, st.decision.player))
    private = {e.kind for e in st.log if e.seats is not None}
    assert {"iw.first_vision", "iw.drew"} <= private
    for e in st.log:
        if e.kind in ("iw.first_vision", "iw.drew_vision", "iw.peek", "iw.drew", "iw.placed_card"):
            assert e.seats is not None and len(e.seats) == 1
