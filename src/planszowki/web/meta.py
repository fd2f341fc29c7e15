"""What the lobby offers for each game: its seats (in the person's language), the setup choices and defaults.

Only what a game's ``new`` accepts is listed; the engine still checks every setup (a refused one comes back as
the engine's own one-line reason)."""

from __future__ import annotations

from typing import Any

from .. import i18n
from ..games.great_wall.state import CLANS
from ..games.root.game import DEFAULT_PLAYERS, MAPS, SUPPORTED
from ..games.root.landmarks import PLAYABLE as PLAYABLE_LANDMARKS
from .tables import seat_name


def games_meta(lang: str) -> list[dict[str, Any]]:
    web = i18n.catalog(lang).get("web", {})

    def seats(game: str, names: tuple[str, ...] | list[str]) -> list[dict[str, str]]:
        return [{"seat": s, "name": seat_name(game, s, lang)} for s in names]

    landmark = [[], *([n] for n in PLAYABLE_LANDMARKS), list(PLAYABLE_LANDMARKS)]
    return [
        {"game": "root", "name": web["game_root"], "seats": seats("root", SUPPORTED),
         "default_seats": list(DEFAULT_PLAYERS[:2]), "min": 2, "max": 6,
         # A.8.1: with the faction draft the seats are players whose factions are drafted at the table
         "draft_seats": seats("root", [f"player{n}" for n in range(1, 7)]),
         "options": [{"name": "map", "values": [{"value": m, "name": i18n.map_name(m, lang)} for m in MAPS]},
                     {"name": "deck", "values": [{"value": "standard", "name": web["deck_standard"]},
                                                 {"value": "exiles", "name": web["deck_exiles"]}]},
                     # Appendix A: the options below it belong to the Advanced Setup (the engine refuses them
                     # otherwise); a value of null leaves the option out
                     {"name": "setup", "values": [{"value": None, "name": web["setup_standard"]},
                                                  {"value": "advanced", "name": web["setup_advanced"]}]},
                     {"name": "factions", "advanced": True,
                      "values": [{"value": None, "name": web["factions_standard"]},
                                 {"value": "draft", "name": web["factions_draft"]}]},
                     {"name": "hirelings", "advanced": True,
                      "values": [{"value": None, "name": web["hirelings_none"]},
                                 {"value": True, "name": web["hirelings_random"]}]},
                     # A.8.1.I: a two-player draft with hirelings may keep the insurgents (the engine checks it)
                     {"name": "adventurous", "advanced": True,
                      "values": [{"value": None, "name": web["adventurous_no"]},
                                 {"value": True, "name": web["adventurous_yes"]}]},
                     {"name": "landmarks", "advanced": True,
                      "values": [{"value": v or None, "name": ", ".join(i18n.term("landmark", n, lang)
                                                                         for n in v) or web["landmarks_none"]}
                                 for v in landmark]}]},
        {"game": "ironwood", "name": web["game_ironwood"], "seats": seats("ironwood", ("woodwalkers", "ironclad")),
         "default_seats": ["woodwalkers", "ironclad"], "min": 2, "max": 2, "engine_seats": ["ironbot", "forestbot"],
         "options": []},
        {"game": "great_wall", "name": web["game_great_wall"], "seats": seats("great_wall", CLANS),
         "default_seats": list(CLANS[:3]), "min": 2, "max": 4, "options": []},
    ]
