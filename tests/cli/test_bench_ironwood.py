"""`planszowki bench --game ironwood`: the same measurements as Root's, on random Woodwalkers-vs-Ironclad games."""

from __future__ import annotations

import pytest

from planszowki.cli.bench import bench, ismcts_rate
from planszowki.cli.main import main


def test_bench_ironwood_prints_its_table(capsys) -> None:
    rc = main(["bench", "--game", "ironwood", "--games", "2", "--ismcts", "5"])
    out = capsys.readouterr().out
    assert rc == 0 and "ironwood" in out
    for row in ("games (seeds)", "ended naturally / capped", "mean turns", "games/s", "options applied/s",
                "state.copy() mean", "JSON round trip mean", "ISMCTS iterations/s (random rollouts",
                "ISMCTS iterations/s (heuristic rollouts"):
        assert row in out, row


def test_bench_ironwood_plays_whole_games_and_measures() -> None:
    r = bench(3, 1, 500, ("woodwalkers", "ironclad"), "ironwood")
    assert r.games == 3 and r.natural + r.capped == 3 and r.options > 100
    assert r.copy_ns and r.json_ns and sum(r.wins.values()) == r.natural
    assert ismcts_rate(4, "random", ("woodwalkers", "ironclad"), "ironwood") > 0


def test_bench_refuses_an_unknown_game(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["bench", "--game", "chess"])
    assert exc.value.code == 2 and "invalid choice: 'chess'" in capsys.readouterr().err
