"""``planszowki replay FILE``: replay a save's record from its seed and check it reaches the saved state."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from .. import i18n
from ..engine import PlanszowkiError, load
from .board import event_line
from .saves import Record, read_save


def _normal(doc: Any) -> Any:
    """A JSON document as it reads back from a file (tuples become lists, keys strings)."""
    return json.loads(json.dumps(doc))


def state_differences(expected: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    """Top-level fields of two ``game.to_json`` documents that differ."""
    a, b = _normal(expected), _normal(actual)
    if not isinstance(a, dict):
        return ["<whole state>"]
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def run_replay(path: str, lang: str, console: Console, step: bool = False,
               read: Callable[[str], str] | None = None) -> int:
    read = read or input
    doc = read_save(path)
    game = load(doc["game"])
    record = Record.from_json(doc["record"])
    state = record.start(game)
    shown = 0

    def flush() -> None:
        nonlocal shown
        events = state.log
        for e in events[shown:]:
            console.print(Text("   ").append_text(event_line(e, lang, annotate=True)))
        shown = len(events)

    flush()
    for n, oid in enumerate(record.moves, 1):
        d = state.decision
        opt = None if d is None else d.find(oid)
        if opt is None:
            why = ("the game is already over" if d is None else
                   f"option {oid!r} is not legal for {d.player} ({d.kind})")
            console.print(Text(i18n.tr("replay_illegal", lang, n=n, error=why), style="bold red"))
            return 1
        label = f"{i18n.option_label(opt, lang, d.kind)} {i18n.cite(opt.rule)}"
        line = Text(f"{n}. ", style="bold")
        line.append(i18n.faction_name(d.player, lang), style="bold")
        line.append(f": {label}  ")
        line.append(f"[{oid}]", style="dim")
        console.print(line)
        try:
            state.apply(oid)
        except PlanszowkiError as exc:
            console.print(Text(i18n.tr("replay_illegal", lang, n=n, error=str(exc)), style="bold red"))
            return 1
        flush()
        if step:
            try:
                answer = read(i18n.tr("replay_step", lang) + " ")
            except EOFError:
                answer = "q"
            if answer.strip().lower() in ("q", "quit"):
                step = False
    diff = state_differences(doc["state"], game.to_json(state))
    if diff:
        console.print(Text(i18n.tr("replay_mismatch", lang, n=len(record.moves), seed=record.seed,
                                   fields=", ".join(diff)), style="bold red"))
        return 1
    console.print(Text(i18n.tr("replay_ok", lang, n=len(record.moves), seed=record.seed), style="bold green"))
    return 0


def print_rootlog(path: str, lang: str) -> int:
    """``planszowki replay FILE --rootlog``: the saved game in Rootlog notation, from its public log."""
    doc = read_save(path)
    if doc["game"] != "root":
        print(i18n.tr("rootlog_only_root", lang, game=doc["game"]), file=sys.stderr)
        return 2
    from ..games.root import rootlog

    print(rootlog.write(load("root").from_json(doc["state"])), end="")
    return 0
