"""`planszowki lab report` names each game's score and length in its own words: Root's VP and turns, Ironwood's
progress and turns, The Great Wall's Honor and years; a file of several games says "score"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from planszowki.lab import read_results, summarize
from planszowki.lab.report import report_command, table, to_json


def _line(game: str | None, seed: int) -> dict:
    line = {"seed": seed, "seats": ["a", "b"], "bots": {"a": "heuristic", "b": "random"}, "options": {},
            "max_turns": 500, "winners": ["a"], "scores": {"a": 80, "b": 20}, "reason": "time", "turns": 5,
            "vp_rounds": [[10, 5], [80, 20]]}
    if game:
        line["game"] = game
    return line


def _text(renderable: object) -> str:
    con = Console(width=300, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    con.print(renderable)
    return con.export_text()


@pytest.mark.parametrize(("games", "score", "length"), [
    (["great_wall"], "Honor", "years"), (["ironwood"], "progress", "turns"), (["root"], "VP", "turns"),
    ([None], "VP", "turns"), (["great_wall", "root"], "score", "turns")])
def test_score_and_length_columns_in_the_game_s_words(games: list, score: str, length: str, tmp_path: Path,
                                                      capsys) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(_line(g, i)) + "\n" for i, g in enumerate(games)), "utf-8")
    s = summarize(read_results(path))
    assert s.score_terms == (score, length)
    text = _text(table(s))
    assert f"mean {score}" in text and f"mean {length}" in text
    if score != "VP":
        assert "mean VP" not in text
    doc = json.loads(to_json(s, path))
    assert (doc["score"], doc["length"]) == (score, length) and "mean_vp" in doc["rows"][0]  # keys stay stable
    assert report_command(path, Console(file=open("/dev/null", "w")), plots=True, out_dir=tmp_path / "p") == 0  # noqa: SIM115
    assert (tmp_path / "p" / "vp_per_round.png").stat().st_size > 1000
