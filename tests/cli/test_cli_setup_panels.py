"""What a person sees while the Advanced Setup is under way (Appendix A): the factions not yet set up, and where a
hireling may be set up (A.6), in their language."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from planszowki import i18n
from planszowki.cli.board import faction_panel
from planszowki.engine import load

FOUR_CORNERS = ["marquise", "eyrie", "duchy", "warlord"]
HIRELINGS = ["furious_protector", "popular_band", "the_exile"]


def _text(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(renderable)
    return out.getvalue()


def _hireling_setup():
    """Seed 1 puts the Furious Protector's setup first (A.6 Step 3), before any faction has set up (A.8)."""
    st = load("root").new(seed=1, players=FOUR_CORNERS, options={"setup": "advanced", "hirelings": HIRELINGS})
    assert st.decision.kind == "hirelings.setup"
    return st


@pytest.mark.parametrize(("lang", "said", "unsaid"), [("pl", "wojownicy w zasobach: 20", "warrior supply"),
                                                      ("en", "warriors in supply: 20", "warrior supply")])
def test_a_faction_not_yet_set_up_shows_its_warriors_in_the_language(lang, said, unsaid):
    st = _hireling_setup()
    view = st.view(None)
    for seat in ("duchy", "warlord"):
        text = _text(faction_panel(view, seat, lang))
        assert said in text and unsaid not in text, text


def test_a_6_each_setup_option_of_a_hireling_names_where_it_goes():
    st = _hireling_setup()
    labels = [i18n.option_label(o, "pl", st.decision.kind) for o in st.decision.options]
    assert len(set(labels)) == len(labels)  # no two alike: each names its clearing
    assert labels[0] == "Przygotuj: Wściekły Obrońca na polanie 5"  # corners 1–4 are the line-up's (A.8)
    args = {"hireling": "hireling:popular_band", "clearing": 1, "second": 3}
    assert i18n.option_label({"action": "hireling_setup", "args": args}, "en") == (
        "Set up Popular Band in clearings 1 and 3")
    forest = {"action": "hireling_setup", "args": {"hireling": "hireling:the_exile", "forest": 2}}
    assert i18n.option_label(forest, "pl") == "Przygotuj: Wygnaniec w lesie 2"
