"""Game registry: ``planszowki.load("root")`` returns the game's module-level Game object."""

from __future__ import annotations

import importlib
from typing import Any

from .core import UnknownGame

_GAMES: dict[str, str] = {
    "root": "planszowki.games.root.game",
    "ironwood": "planszowki.games.ironwood.game",
    "great_wall": "planszowki.games.great_wall.game",
}
#: games of DESIGN.md that are not implemented yet, with the rulebook they will follow
PLANNED: dict[str, str] = {}


def names() -> list[str]:
    return sorted(_GAMES)


def load(name: str) -> Any:
    try:
        module_name = _GAMES[name]
    except KeyError:
        if name in PLANNED:
            raise UnknownGame.told("error_game_planned", name=name, rulebook=PLANNED[name], games=names()) from None
        raise UnknownGame.told("error_unknown_game", name=name, games=names()) from None
    return importlib.import_module(module_name).GAME
