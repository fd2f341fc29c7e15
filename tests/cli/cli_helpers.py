"""Shared helpers for the terminal tests of Ironwood and The Great Wall (``from cli_helpers import run, script_for``):
running ``planszowki`` with scripted standard input, and the lines a person types in a game against the CLI's own
random bots."""

from __future__ import annotations

import io
from typing import Any

import pytest

from planszowki import bots
from planszowki.cli.main import main
from planszowki.cli.play import bot_seed


def run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str = "",
        columns: int = 120) -> tuple[int, str, str]:
    """``planszowki ARGS`` with ``stdin`` typed in, English by default, a terminal ``columns`` wide: (exit code,
    standard output, standard error)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("PLANSZOWKI_LANG", "en")
    rc = main(args)
    out, err = capsys.readouterr()
    return rc, out, err


def script_for(game: Any, seats: list[str], seed: int, humans: tuple[str, ...], limit: int = 0,
               hot_seat: bool = False, moves: list[str] | None = None,
               single_taken: bool = False) -> tuple[list[str], Any]:
    """The option ids a person types in a game of ``game`` where ``humans`` play (chosen here by a random bot)
    against the CLI's own random bots (seeded as the CLI seeds them: from the seed, the seat and the moves made when
    the session starts), and the state the game reaches. ``moves``: a record to go on from (a loaded game). A hot seat
    adds the Enter that hands the device over whenever the deciding person changes. ``single_taken``: the CLI takes a
    decision with one option by itself (The Great Wall): nothing typed with one person at the terminal, an Enter in a
    hot seat."""
    st = game.new(seed=seed, players=seats)
    for m in moves or ():
        st.apply(m)
    n = len(moves or ())
    cli_bots = {s: bots.make("random", bot_seed(seed, s, n)) for s in seats if s not in humans}
    person = bots.make("random", 1000 + seed + n)
    lines: list[str] = []
    last = None
    while not st.terminal and (not limit or len([x for x in lines if x]) < limit):
        d = st.decision
        if d.player in cli_bots:
            st.apply(cli_bots[d.player].choose(st, d.player))
            continue
        if single_taken and len(d.options) == 1 and not hot_seat:
            st.apply(d.options[0].id)
            continue
        if hot_seat and d.player != last:
            lines.append("")
            last = d.player
        if single_taken and len(d.options) == 1:
            lines.append("")
            st.apply(d.options[0].id)
            continue
        oid = person.choose(st, d.player)
        lines.append(oid)
        st.apply(oid)
    return lines, st
