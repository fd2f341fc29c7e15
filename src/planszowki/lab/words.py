"""The words the lab's reports say to a person, in English or Polish (the ``lab_`` messages of the i18n catalogs).

English keeps the identifiers a researcher types (``marquise``, the ``--seats`` syntax); Polish names the factions
by the official terms (:func:`planszowki.i18n.faction_name`, The Great Wall's clans by its own terms). Bot specs,
line-ups (``marquise=random, eyrie=random``), option values and end-reason codes (``vp``, ``capped``, ``stalled``)
are what the results file holds and what the command line takes: they stay as they are in both languages.
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import i18n

#: The Great Wall's clans (its seats), named by its own terms
CLANS = ("red", "blue", "yellow", "green")


def seat_name(seat: str, lang: str) -> str:
    """A seat as a report shows it: its identifier in English, its official name in Polish."""
    if lang == "en":
        return seat
    if seat in CLANS:
        from ..i18n.great_wall import gw_term

        return gw_term("clan", seat, lang)
    return i18n.faction_name(seat, lang)


def row_label(faction: str, bot: str, lang: str) -> str:
    """A (faction, bot) row: ``marquise (random)`` / ``Markiza de Kot (random)``."""
    return f"{seat_name(faction, lang)} ({bot})"


def score_word(score: str, lang: str) -> str:
    """A game's score term (:data:`~planszowki.lab.stats.SCORE_TERMS`: VP, progress, Honor, score) in ``lang``."""
    return i18n.tr(f"lab_score_{score.lower()}", lang)


def mean_of(term: str, lang: str) -> str:
    """"mean VP", "mean turns", "mean rounds" … in ``lang``."""
    return i18n.tr(f"lab_mean_{term.lower()}", lang)


def settings(options: Mapping[str, object], max_turns: int | None, lang: str) -> str:
    """A line-up's options and turn cap, e.g. ``map=autumn, cap 500`` / ``map=autumn, limit 500``."""
    parts = [f"{k}={v}" for k, v in options.items()]
    if max_turns is not None:
        parts.append(i18n.tr("lab_cap", lang, n=max_turns) if max_turns else i18n.tr("lab_no_cap", lang))
    return ", ".join(parts)


def reasons(counter: Mapping[str, int]) -> str:
    """End reasons with their counts, most frequent first: ``capped 10, vp 9`` (the codes of the results file)."""
    return ", ".join(f"{k} {n}" for k, n in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])))


__all__ = ["mean_of", "reasons", "row_label", "score_word", "seat_name", "settings"]
