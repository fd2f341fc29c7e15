"""``planszowki replay FILE``: replay a save's record from its seed and check it reaches the saved state.

The same check guards ``play --load`` and ``play --resume`` (``load_checked``): a save whose moves or state
were edited is refused with the first field that differs, instead of being played on.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from .. import i18n
from ..engine import PlanszowkiError, load
from . import board_great_wall as gwb
from . import board_ironwood as iwb
from .board import event_line
from .saves import Record, SaveError, read_save


class RecordError(SaveError):
    """A record's move that cannot be applied: ``n`` (1-based), the option id and ``why`` (a catalog message, or
    the game's own English words when it refuses the option)."""

    n: int
    option_id: str
    why: PlanszowkiError

    @classmethod
    def at(cls, n: int, option_id: str, why: PlanszowkiError) -> RecordError:
        exc = cls.told("error_record_move", n=n, option=option_id, problem=why)
        exc.n, exc.option_id, exc.why = n, option_id, why
        return exc


def _normal(doc: Any) -> Any:
    """A JSON document as it reads back from a file (tuples become lists, keys strings)."""
    return json.loads(json.dumps(doc))


def state_differences(expected: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    """Top-level fields of two ``game.to_json`` documents that differ."""
    a, b = _normal(expected), _normal(actual)
    if not isinstance(a, dict):
        return ["<whole state>"]
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def first_difference(expected: Any, actual: Any, path: str = "state") -> str | None:
    """The path of the first place where two JSON documents differ (in ``expected``'s key order), e.g.
    ``state.vp.eyrie`` or ``state.stack (0 items saved, 2 replayed)``; None when they are equal."""
    found = _first_difference(expected, actual, path)
    return None if found is None else str(found)


def _first_difference(expected: Any, actual: Any, path: str) -> str | PlanszowkiError | None:
    """:func:`first_difference`, a note on the path told by a catalog message (said in a person's language)."""
    a, b = _normal(expected), _normal(actual)

    def walk(x: Any, y: Any, at: str) -> str | PlanszowkiError | None:
        if x == y:
            return None
        if isinstance(x, dict) and isinstance(y, dict):
            for k in [*x, *(k for k in y if k not in x)]:
                if k not in x:
                    return PlanszowkiError.told("error_diff_missing_in_save", at=f"{at}.{k}")
                if k not in y:
                    return PlanszowkiError.told("error_diff_not_replayed", at=f"{at}.{k}")
                found = walk(x[k], y[k], f"{at}.{k}")
                if found:
                    return found
        if isinstance(x, list) and isinstance(y, list):
            if len(x) != len(y):
                return PlanszowkiError.told("error_diff_lengths", at=at, saved=len(x), replayed=len(y))
            for i, (u, v) in enumerate(zip(x, y, strict=True)):
                found = walk(u, v, f"{at}[{i}]")
                if found:
                    return found
        return at

    return walk(a, b, path)


def not_playable(decision: Any, oid: str) -> PlanszowkiError | None:
    """Why option ``oid`` cannot be applied at ``decision`` (None: the game is over) — or None when it can."""
    if decision is None:
        return PlanszowkiError.told("error_record_game_over")
    if decision.find(oid) is None:
        return PlanszowkiError.told("error_record_not_legal", option=oid, seat=decision.player, kind=decision.kind)
    return None


def replay_record(game: Any, record: Record,
                  on_move: Callable[[int, Any, Any, Any], None] | None = None) -> Any:
    """The state that ``record`` leads to: ``game.new`` from its seed, players and options, then each option
    id in turn. ``on_move(n, state, decision, option)`` is called before move ``n`` (1-based) is applied.
    Raises :class:`RecordError` at the first move that is not legal where it stands."""
    state = record.start(game)
    for n, oid in enumerate(record.moves, 1):
        d = state.decision
        word, _, seat = oid.partition(" ")
        if word == "resign" and hasattr(state, "resign") and d is not None and seat in state.seats:
            state.resign(seat)  # a concession recorded by 'play' (not an option of any decision)
            continue
        opt = None if d is None else d.find(oid)
        if opt is None:
            raise RecordError.at(n, oid, not_playable(d, oid))
        if on_move is not None:
            on_move(n, state, d, opt)
        try:
            state.apply(oid)
        except PlanszowkiError as exc:
            raise RecordError.at(n, oid, exc) from None
    return state


def load_checked(path: str | Path, doc: dict[str, Any] | None = None
                 ) -> tuple[Any, Any, Record, dict[str, str] | None, dict[str, Any]]:
    """(game, state, record, controllers, doc) from a save file whose record is replayed and checked against
    its saved state (``doc``: the file as :func:`read_save` has read it already). Every problem is a
    :class:`SaveError` naming the file, told by a catalog message."""
    if doc is None:
        doc = read_save(path)
    try:
        game = load(doc["game"])
        record = Record.from_json(doc["record"])
        state = replay_record(game, record)
    except PlanszowkiError as exc:
        raise SaveError.told("error_save_in_file", path=str(path), problem=exc) from None
    where = _first_difference(doc["state"], game.to_json(state), "state")
    if where is not None:
        raise SaveError.told("error_save_state_mismatch", path=str(path), seed=record.seed, n=len(record.moves),
                             where=where)
    return game, state, record, doc.get("controllers"), doc


def run_replay(path: str, lang: str, console: Console, step: bool = False,
               read: Callable[[str], str] | None = None) -> int:
    read = read or input
    doc = read_save(path)
    game = load(doc["game"])
    from .play import check_screen

    check_screen(game.name)
    record = Record.from_json(doc["record"])
    shown = 0
    stepping = step
    ironwood = game.name == "ironwood"
    great_wall = game.name == "great_wall"

    def line_of(e: Any, state: Any) -> Text:
        if great_wall:
            return gwb.event_line(e, lang, state.content, annotate=True)
        if ironwood:
            return iwb.event_line(e, lang, state.content, annotate=True)
        return event_line(e, lang, annotate=True)

    def flush(state: Any) -> None:
        nonlocal shown
        events = state.log
        for e in events[shown:]:
            console.print(Text("   ").append_text(line_of(e, state)))
        shown = len(events)

    def on_move(n: int, state: Any, d: Any, opt: Any) -> None:
        nonlocal stepping
        flush(state)  # the previous move's log (before move 1: the setup's)
        if n > 1 and stepping:
            try:
                answer = read(i18n.tr("replay_step", lang) + " ")
            except EOFError:
                answer = "q"
            if answer.strip().lower() in ("q", "quit", "wyjdź", "wyjdz"):
                stepping = False
        if great_wall:
            label = f"{gwb.option_text(opt, d, state, lang)} {i18n.cite(opt.rule, lang)}"
        elif ironwood:
            label = f"{iwb.option_text(opt, d, state, lang)} {i18n.cite(opt.rule, lang)}"
        else:
            label = f"{i18n.option_label(opt, lang, d.kind)} {i18n.cite(opt.rule)}"
        line = Text(f"{n}. ", style="bold")
        who = (gwb.term("clan", d.player, lang) if great_wall
               else i18n.term("faction", d.player, lang, game=game.name))
        line.append(who, style="bold")
        line.append(f": {label}  ")
        line.append(f"[{opt.id}]", style="dim")
        console.print(line)

    if ironwood or great_wall:  # the content set's label: "demonstration content, not the printed cards"
        board = gwb if great_wall else iwb
        label = board.label_line(record.start(game).view(None), lang)
        if label is not None:
            console.print(label)
    try:
        state = replay_record(game, record, on_move)
    except RecordError as exc:
        why = exc.why.text(lang)  # the record's problem (or the game's refusal) in the person's language
        console.print(Text(i18n.tr("replay_illegal", lang, n=exc.n, error=why), style="bold red"))
        return 1
    flush(state)
    diff = state_differences(doc["state"], game.to_json(state))
    if diff:
        console.print(Text(i18n.tr("replay_mismatch", lang, n=len(record.moves), seed=record.seed,
                                   fields=", ".join(diff)), style="bold red"))
        return 1
    console.print(Text(i18n.tr("replay_ok", lang, n=len(record.moves), seed=record.seed), style="bold green"))
    return 0


def print_rootlog(path: str, lang: str) -> int:
    """``planszowki replay FILE --rootlog``: the saved game in Rootlog notation, from its public log (the record
    is replayed and checked first, so an edited save is refused rather than written out)."""
    doc = read_save(path)
    if doc["game"] != "root":
        print(i18n.tr("rootlog_only_root", lang, game=doc["game"]), file=sys.stderr)
        return 2
    from ..games.root import rootlog

    _, state, _, _, _ = load_checked(path, doc)
    print(rootlog.write(state), end="")
    return 0
