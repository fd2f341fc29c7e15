"""Save files and game records.

A save is one JSON document::

    {"format": "planszowki.save/1", "game": "root",
     "record": {"seed": 7, "players": ["marquise", "eyrie"], "options": {"map": "autumn"}, "moves": [...]},
     "state": <game.to_json(state)>,
     "controllers": {"marquise": "human", "eyrie": "random"}}      # optional: who plays each seat

An Ironwood save also names its content set: ``"content_label": {"en": "demonstration content, not the printed
cards", "pl": "..."}`` (the state's ``content_label`` says the same; the record's options name a ``--content`` file).

The record alone reproduces the game (DESIGN.md, promise 2): ``game.new(seed, players, options)`` and
then every option id in ``moves``. ``play --load`` and ``replay`` both replay the record and check that it
leads to the saved state (``replay.load_checked``), so an edited save is refused instead of played on.

Autosaves (``"finished": true|false`` added) live one file per game in ``autosave_dir()``: the user data
directory of platformdirs, or ``$PLANSZOWKI_DATA_DIR`` when set. ``play --resume`` picks the newest
unfinished one.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import InvalidPosition
from ..engine.reading import json_problem, os_problem

SAVE_FORMAT = "planszowki.save/1"
#: Environment variable naming the directory for autosaves (default: platformdirs' user data directory).
DATA_DIR_ENV = "PLANSZOWKI_DATA_DIR"


class SaveError(InvalidPosition):
    """A save file that cannot be read or does not hold a planszowki game. Every one a person can meet (``play
    --load/--resume``, ``replay``, the web lobby's "load a save") is told by a catalog message (``error_save_*``),
    said in the person's language; its ``str`` is the English text."""


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
            raise SaveError.told("error_save_record_not_object")
        try:
            seed = doc["seed"]
            players = doc["players"]
            moves = doc["moves"]
        except KeyError as exc:
            raise SaveError.told("error_save_record_no_field", field=str(exc.args[0])) from None
        options = doc.get("options", {})
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError.told("error_save_record_seed", value=repr(seed))
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise SaveError.told("error_save_record_players")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise SaveError.told("error_save_record_moves")
        if not isinstance(options, dict):
            raise SaveError.told("error_save_record_options")
        return cls(seed, list(players), dict(options), list(moves))

    def start(self, game: Any) -> Any:
        """A new game from this record's seed, players and options (no moves applied)."""
        return game.new(seed=self.seed, players=list(self.players), options=dict(self.options))


def save_doc(game: Any, state: Any, record: Record, controllers: dict[str, str] | None = None,
             lang: str | None = None) -> dict[str, Any]:
    """The save file of a game; ``lang`` is the language it was played in (resuming speaks it again)."""
    doc: dict[str, Any] = {"format": SAVE_FORMAT, "game": game.name, "record": record.to_json(),
                           "state": game.to_json(state), "finished": bool(state.terminal)}
    label = getattr(getattr(state, "content", None), "label", None)
    if label:  # Ironwood: "demonstration content, not the printed cards", or the transcription's name
        doc["content_label"] = dict(label)
    if controllers:
        doc["controllers"] = dict(controllers)
    if lang:
        doc["lang"] = lang
    return doc


def write_save(path: str | Path, doc: dict[str, Any], compact: bool = False) -> None:
    """Write ``doc`` atomically: a temporary file beside ``path``, then ``os.replace`` (a crash or Ctrl-C
    while writing never leaves half a save behind). ``compact`` skips the indentation (autosaves)."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":")) if compact else \
        json.dumps(doc, ensure_ascii=False, indent=1)
    tmp.write_text(text + "\n", encoding="utf-8")
    os.replace(tmp, p)


def read_save(path: str | Path) -> dict[str, Any]:
    """Read and check a save file's envelope; raise :class:`SaveError` naming what is wrong."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError.told("error_save_no_file", path=str(p)) from None
    except IsADirectoryError:
        raise SaveError.told("error_save_directory", path=str(p)) from None
    except UnicodeDecodeError as exc:
        raise SaveError.told("error_save_not_utf8", path=str(p), at=exc.start,
                             byte=repr(exc.object[exc.start:exc.start + 1])) from None
    except OSError as exc:
        raise SaveError.told("error_save_unreadable", path=str(p), problem=os_problem(exc)) from None
    if not text.strip():
        raise SaveError.told("error_save_empty", path=str(p))
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated string")
        if cut:
            raise SaveError.told("error_save_not_json_cut", path=str(p), line=exc.lineno, column=exc.colno,
                                 problem=json_problem(exc)) from None
        raise SaveError.told("error_save_not_json", path=str(p), line=exc.lineno, column=exc.colno,
                             problem=json_problem(exc)) from None
    except RecursionError:
        raise SaveError.told("error_save_nested", path=str(p)) from None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        found = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
        raise SaveError.told("error_save_format", path=str(p), found=repr(found), expected=repr(SAVE_FORMAT))
    for key in ("game", "record", "state"):
        if key not in doc:
            raise SaveError.told("error_save_no_field", path=str(p), field=key)
    if not isinstance(doc["game"], str):
        raise SaveError.told("error_save_game_field", path=str(p), value=repr(doc["game"]))
    if not isinstance(doc["state"], dict):
        raise SaveError.told("error_save_state_field", path=str(p), kind=type(doc["state"]).__name__)
    controllers = doc.get("controllers")
    if controllers is not None and not (isinstance(controllers, dict)
                                        and all(isinstance(v, str) for v in controllers.values())):
        raise SaveError.told("error_save_controllers_field", path=str(p))
    return doc


# -- autosaves --------------------------------------------------------------------------------------
def data_dir() -> Path:
    """``$PLANSZOWKI_DATA_DIR``, else the user data directory of this platform (platformdirs)."""
    env = os.environ.get(DATA_DIR_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("planszowki", appauthor=False))


def autosave_dir() -> Path:
    return data_dir() / "games"


#: how many finished games' autosaves are kept (the newest); older finished ones are removed when a game starts.
#: An unfinished game's autosave is never removed: it is what ``play --resume`` continues.
KEEP_FINISHED = 50


def prune_finished(keep: int = KEEP_FINISHED) -> list[Path]:
    """Remove the autosaves of finished games beyond the newest ``keep``; returns the removed files. Files that
    cannot be read as a finished save (unfinished, damaged, foreign) are left alone."""
    finished = []
    for p in _autosaves():
        try:
            doc = json.loads(p.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            continue
        if isinstance(doc, dict) and doc.get("format") == SAVE_FORMAT and doc.get("finished") is True:
            finished.append(p)
    removed = []
    for p in finished[keep:]:
        try:
            p.unlink()
            removed.append(p)
        except OSError:
            pass
    return removed


def new_autosave_path(game: str) -> Path:
    """A fresh file for a new game's autosave, named by game and start time: ``root-20261123-170034.json``
    (created in ``autosave_dir()``; raises OSError when that directory cannot be made). Finished games' autosaves
    beyond the newest :data:`KEEP_FINISHED` are removed first (:func:`prune_finished`)."""
    d = autosave_dir()
    d.mkdir(parents=True, exist_ok=True)
    prune_finished()
    stem = f"{game}-{time.strftime('%Y%m%d-%H%M%S')}"
    for n in range(1, 1000):
        p = d / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
        try:
            p.open("x").close()  # claim the name, so two games started in the same second never share it
        except FileExistsError:
            continue
        return p
    raise OSError(f"no free autosave name for {stem} in {d}")


def autosave_id(path: Path) -> str:
    """How ``play --resume`` names an autosave: its file name without ``.json``, or the whole path when
    the file is not in ``autosave_dir()``."""
    p = Path(path)
    try:
        if p.resolve().parent == autosave_dir().resolve():
            return p.stem
    except OSError:
        pass
    return str(p)


def _autosaves() -> Iterator[Path]:
    """Autosave files, newest first."""
    d = autosave_dir()
    if not d.is_dir():
        return iter(())
    files = [p for p in d.glob("*.json") if p.is_file()]
    return iter(sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True))


def find_resume(ref: str, game: str | None = None) -> Path:
    """The save ``play --resume [REF]`` means: a file path, an autosave id, or (REF empty) the newest
    unfinished autosave, of ``game`` when given. Raises :class:`SaveError` when there is none."""
    if ref:
        p = Path(ref).expanduser()
        if p.is_file():
            return p
        auto = autosave_dir() / (ref if ref.endswith(".json") else f"{ref}.json")
        if auto.is_file():
            return auto
        raise SaveError.told("error_resume_not_found", ref=ref, folder=str(autosave_dir()))
    for p in _autosaves():
        try:
            doc = json.loads(p.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            continue  # a damaged file is not resumed by default; name it to see why
        if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT or doc.get("finished", False):
            continue
        if game is None or doc.get("game") == game:
            return p
    if game:
        raise SaveError.told("error_resume_none_of_game", game=game, folder=str(autosave_dir()))
    raise SaveError.told("error_resume_none", folder=str(autosave_dir()))
