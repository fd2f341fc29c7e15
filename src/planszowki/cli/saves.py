"""Save files and game records.

A save is one JSON document::

    {"format": "planszowki.save/1", "game": "root",
     "record": {"seed": 7, "players": ["marquise", "eyrie"], "options": {"map": "autumn"}, "moves": [...]},
     "state": <game.to_json(state)>,
     "controllers": {"marquise": "human", "eyrie": "random"}}      # optional: who plays each seat

The record alone reproduces the game (DESIGN.md, promise 2): ``game.new(seed, players, options)`` and
then every option id in ``moves``. The state lets ``play --load`` resume without replaying, and lets
``replay`` check that the record really leads to it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import InvalidPosition, load

SAVE_FORMAT = "planszowki.save/1"


class SaveError(InvalidPosition):
    """A save file that cannot be read or does not hold a planszowki game."""


@dataclass
class Record:
    """Seed + players + setup options + the option ids applied, in order."""

    seed: int
    players: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "players": list(self.players), "options": dict(self.options),
                "moves": list(self.moves)}

    @classmethod
    def from_json(cls, doc: Any) -> Record:
        if not isinstance(doc, dict):
            raise SaveError("the save's 'record' must be an object with seed, players, options and moves")
        try:
            seed = doc["seed"]
            players = doc["players"]
            moves = doc["moves"]
        except KeyError as exc:
            raise SaveError(f"the save's record has no {exc.args[0]!r} field") from None
        options = doc.get("options", {})
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError(f"record seed must be an integer, not {seed!r}")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise SaveError("record players must be a list of faction names")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise SaveError("record moves must be a list of option ids (strings)")
        if not isinstance(options, dict):
            raise SaveError("record options must be an object")
        return cls(seed, list(players), dict(options), list(moves))

    def start(self, game: Any) -> Any:
        """A new game from this record's seed, players and options (no moves applied)."""
        return game.new(seed=self.seed, players=list(self.players), options=dict(self.options))


def save_doc(game: Any, state: Any, record: Record, controllers: dict[str, str] | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = {"format": SAVE_FORMAT, "game": game.name, "record": record.to_json(),
                           "state": game.to_json(state)}
    if controllers:
        doc["controllers"] = dict(controllers)
    return doc


def write_save(path: str | Path, doc: dict[str, Any]) -> None:
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    tmp.replace(p)  # a crash while writing never leaves half a save behind


def read_save(path: str | Path) -> dict[str, Any]:
    """Read and check a save file's envelope; raise :class:`SaveError` naming what is wrong."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"no such save file: {p}") from None
    except OSError as exc:
        raise SaveError(f"cannot read {p}: {exc.strerror or exc}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{p} is not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        found = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
        raise SaveError(f"{p} is not a planszowki save (format {found!r}, expected {SAVE_FORMAT!r})")
    for key in ("game", "record", "state"):
        if key not in doc:
            raise SaveError(f"{p} has no {key!r} field")
    controllers = doc.get("controllers")
    if controllers is not None and not (isinstance(controllers, dict)
                                        and all(isinstance(v, str) for v in controllers.values())):
        raise SaveError(f"{p}: 'controllers' must map seats to 'human' or a bot name")
    return doc


def load_save(path: str | Path) -> tuple[Any, Any, Record, dict[str, str] | None]:
    """(game, state, record, controllers) from a save file."""
    doc = read_save(path)
    game = load(doc["game"])
    record = Record.from_json(doc["record"])
    state = game.from_json(doc["state"])
    return game, state, record, doc.get("controllers")
