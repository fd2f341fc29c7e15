"""`planszowki lab run`: one deterministic JSON line per seed, whatever the worker count; resume; errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planszowki.cli.main import main
from planszowki.cli.play import bot_seed as play_bot_seed
from planszowki.lab import LabError, RunConfig, bot_seed, parse_seats, play_game, read_results, run
from planszowki.lab.runner import known_factions

SEATS = {"marquise": "random", "eyrie": "random"}
CFG = RunConfig.make("root", SEATS, {"map": "autumn"}, max_turns=500)


def strip(lines: list[dict]) -> dict[int, dict]:
    """Lines by seed, without the wall-clock duration."""
    return {d["seed"]: {k: v for k, v in d.items() if k != "duration"} for d in lines}


def test_line_fields_and_determinism() -> None:
    a = play_game(CFG, 3)
    b = play_game(CFG, 3)
    assert strip([a]) == strip([b])
    assert list(a)[:4] == ["game", "seed", "seats", "bots"] and list(a)[-1] == "duration"
    assert a["game"] == "root" and a["seed"] == 3 and sorted(a["seats"]) == ["eyrie", "marquise"]
    assert a["bots"] == SEATS and a["options"] == {"map": "autumn"} and a["max_turns"] == 500
    assert a["reason"] == "vp" and len(a["winners"]) == 1 and a["scores"][a["winners"][0]] >= 30
    # one VP entry per round (the last one may be a round cut short), in seating order, ending on the score
    n = len(a["seats"])
    assert len(a["vp_rounds"]) == -(-a["turns"] // n)
    assert a["vp_rounds"][-1] == [a["scores"][s] for s in a["seats"]]
    assert all(len(r) == n for r in a["vp_rounds"]) and a["decisions"] > a["turns"]
    json.dumps(a)


def test_capped_game() -> None:
    line = play_game(RunConfig.make("root", SEATS, {"map": "autumn"}, max_turns=6), 1)
    assert line["reason"] == "capped" and line["winners"] == [] and line["turns"] == 6
    assert len(line["vp_rounds"]) == 3  # 6 turns of 2 seats


def test_bot_seeds_match_play() -> None:
    """A lab game is the game `planszowki play --seed S` plays with the same seats."""
    for seed in (0, 7, 12345):
        for seat in ("marquise", "eyrie"):
            assert bot_seed(seed, seat) == play_bot_seed(seed, seat, 0)


def test_workers_do_not_change_lines(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    run(CFG, 10, 6, one, workers=1)
    run(CFG, 10, 6, two, workers=2)
    a, b = strip(read_results(one)), strip(read_results(two))
    assert sorted(a) == list(range(10, 16)) and a == b


def test_resume_skips_done_seeds_and_cuts_a_partial_line(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    s1 = run(CFG, 1, 3, out, workers=1)
    assert (s1.played, s1.skipped) == (3, 0)
    with out.open("a", encoding="utf-8") as f:
        f.write('{"game": "root", "seed": 4, "sea')  # killed while writing
    s2 = run(CFG, 1, 5, out, workers=1)
    assert (s2.played, s2.skipped) == (2, 3)
    lines = read_results(out)
    assert sorted(d["seed"] for d in lines) == [1, 2, 3, 4, 5]
    assert out.read_text("utf-8").count("\n") == 5
    s3 = run(CFG, 1, 5, out, workers=1)
    assert (s3.played, s3.skipped) == (0, 5)


def test_resume_refuses_another_run(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    run(CFG, 1, 1, out, workers=1)
    other = RunConfig.make("root", SEATS, {"map": "autumn"}, max_turns=50)
    with pytest.raises(LabError, match=r"another run.*max_turns"):
        run(other, 1, 2, out, workers=1)


def test_parse_seats() -> None:
    known = known_factions("root")
    assert {"marquise", "eyrie", "alliance", "vagabond"} <= known
    assert parse_seats("marquise=random, eyrie=bot", known) == {"marquise": "random", "eyrie": "bot"}
    # a bot spec with parameters keeps its commas; a known faction starts the next seat
    assert parse_seats("marquise=random:a=1,b=2,eyrie=random", known) == {
        "marquise": "random:a=1,b=2", "eyrie": "random"}
    for bad, msg in (("marquise=human", "bots only"), ("marquise=nobody", "unknown bot"),
                     ("marquise=random,marquise=random", "twice"), ("", "empty"), ("marquise=", "no bot")):
        with pytest.raises(LabError, match=msg):
            parse_seats(bad, known)


def run_cli(args: list[str], capsys) -> tuple[int, str, str]:
    rc = main(args)
    out, err = capsys.readouterr()
    return rc, out, err


def test_cli_run_and_errors(tmp_path: Path, capsys) -> None:
    out = tmp_path / "cli.jsonl"
    rc, text, _ = run_cli(["lab", "run", "--seats", "marquise=random,eyrie=random", "--games", "3", "--seed", "5",
                           "--workers", "1", "--out", str(out), "--no-progress"], capsys)
    assert rc == 0 and "3 games played (processes)" in text
    assert sorted(d["seed"] for d in read_results(out)) == [5, 6, 7]
    rc, _, err = run_cli(["lab", "run", "--seats", "marquise=random,lizards=random", "--games", "1",
                          "--out", str(tmp_path / "x.jsonl"), "--no-progress"], capsys)
    assert rc == 2 and "lizards" in err and "unknown faction" in err
    with pytest.raises(SystemExit):
        main(["lab", "run", "--seats", "marquise=random", "--games", "0", "--out", "z.jsonl"])


def test_read_results_rejects_other_files(tmp_path: Path) -> None:
    p = tmp_path / "bad.jsonl"
    p.write_text('{"a": 1}\n{"b": 2}\n', "utf-8")
    with pytest.raises(LabError, match="not a lab result line"):
        read_results(p)
    with pytest.raises(LabError, match="does not exist"):
        read_results(tmp_path / "missing.jsonl")


class CrashingBot:
    """Plays randomly, then raises on its 40th choice (an engine or bot bug, as far as the lab knows)."""

    def __init__(self, seed: int = 0) -> None:
        from planszowki.bots.random import RandomBot

        self.inner, self.n = RandomBot(seed), 0

    def choose(self, state, seat: str) -> str:
        self.n += 1
        if self.n == 40:
            raise RuntimeError("boom")
        return self.inner.choose(state, seat)


def test_a_game_that_raises_is_recorded_and_the_run_goes_on(tmp_path: Path) -> None:
    from planszowki import bots
    from planszowki.lab import summarize

    if "lab-test-crash" not in bots.names():
        bots.register("lab-test-crash", CrashingBot)
    cfg = RunConfig.make("root", {"marquise": "lab-test-crash", "eyrie": "random"}, {"map": "autumn"})
    out = tmp_path / "err.jsonl"
    s = run(cfg, 1, 2, out, workers=1)  # a registered-in-test bot exists only in this process
    assert (s.played, s.errors) == (2, 2)
    lines = read_results(out)
    assert all(d["reason"] == "error" and d["error"] == "RuntimeError: boom" and d["winners"] == [] for d in lines)
    summary = summarize(lines)
    assert summary.errors == 2 and summary.games == 0 and summary.rows == []


def replay(path: str, capsys) -> tuple[int, str]:
    rc = main(["replay", path, "--lang", "en"])
    out, err = capsys.readouterr()
    return rc, out + err


def test_a_game_that_raises_is_saved_for_replay(tmp_path: Path, capsys) -> None:
    """An error game's save (``<results>.failures/seed-N.json``) holds the moves up to the bot's failing choice;
    ``planszowki replay`` reaches the saved state, where that bot is to choose."""
    from planszowki import bots

    if "lab-test-crash" not in bots.names():
        bots.register("lab-test-crash", CrashingBot)
    cfg = RunConfig.make("root", {"marquise": "lab-test-crash", "eyrie": "random"}, {"map": "autumn"})
    out = tmp_path / "err.jsonl"
    run(cfg, 3, 1, out, workers=1)
    (line,) = read_results(out)
    assert line["reason"] == "error" and line["save"] == f"{out}.failures/seed-3.json"
    assert list(line)[-1] == "duration"
    doc = json.loads(Path(line["save"]).read_text("utf-8"))
    assert doc["record"]["seed"] == 3 and doc["record"]["players"] == ["marquise", "eyrie"]
    assert doc["controllers"] == {"marquise": "lab-test-crash", "eyrie": "random"}
    assert doc["failure"]["reason"] == "error" and doc["failure"]["error"] == "RuntimeError: boom"
    assert doc["failure"]["seat"] == "marquise" and doc["failure"]["raised_applying"] is None
    rc, text = replay(line["save"], capsys)
    assert rc == 0 and "reproduce the saved state" in text


class IllegalBot(CrashingBot):
    """Plays randomly, then answers an option that does not exist: the engine raises while applying it."""

    def choose(self, state, seat: str) -> str:
        self.n += 1
        return "no such option" if self.n == 25 else self.inner.choose(state, seat)


def test_an_error_raised_by_the_engine_is_the_saves_last_move(tmp_path: Path, capsys) -> None:
    from planszowki import bots

    if "lab-test-illegal" not in bots.names():
        bots.register("lab-test-illegal", IllegalBot)
    cfg = RunConfig.make("root", {"marquise": "random", "eyrie": "lab-test-illegal"}, {"map": "autumn"})
    out = tmp_path / "ill.jsonl"
    run(cfg, 1, 1, out, workers=1)
    (line,) = read_results(out)
    assert line["reason"] == "error" and "IllegalAction" in line["error"]
    doc = json.loads(Path(line["save"]).read_text("utf-8"))
    assert doc["record"]["moves"][-1] == "no such option" and doc["failure"]["raised_applying"] == "no such option"
    rc, text = replay(line["save"], capsys)  # replaying raises the same error at the same move
    assert rc == 1 and f"{len(doc['record']['moves'])}" in text and "no such option" in text


def test_the_guard_stops_a_game_that_does_not_move_on_and_saves_it(tmp_path: Path, capsys) -> None:
    """A tiny --max-decisions stands for a loop of options: the game is 'stalled', with its seed and moves."""
    cfg = RunConfig.make("root", SEATS, {"map": "autumn"}, max_decisions=6)
    line = play_game(cfg, 4)
    assert line["reason"] == "stalled" and line["winners"] == [] and "without the turn ending" in line["stalled"]
    assert "_save" in line  # the run writes it; play_game only carries it
    out = tmp_path / "st.jsonl"
    s = run(cfg, 4, 2, out, workers=2)
    assert (s.played, s.stalled, s.errors) == (2, 2, 0) and len(s.saves) == 2
    lines = {d["seed"]: d for d in read_results(out)}
    same = ("reason", "stalled", "decisions", "turns", "scores")
    assert {k: lines[4][k] for k in same} == {k: line[k] for k in same}  # the same in a worker process
    rc, text = replay(lines[5]["save"], capsys)
    assert rc == 0 and "reproduce the saved state" in text


def test_the_wall_clock_guard(tmp_path: Path) -> None:
    cfg = RunConfig.make("root", {"marquise": "ismcts:iterations=30", "eyrie": "random"}, {"map": "autumn"},
                         max_seconds=0.05)
    line = play_game(cfg, 1)
    assert line["reason"] == "stalled" and "wall-clock" in line["stalled"] and line["duration"] < 30


def test_cli_guard_options_and_exit_status(tmp_path: Path, capsys) -> None:
    out = tmp_path / "g.jsonl"
    rc, _, err = run_cli(["lab", "run", "--seats", "marquise=random,eyrie=random", "--games", "1", "--workers", "1",
                          "--out", str(out), "--no-progress", "--max-decisions", "5", "--max-seconds", "30"], capsys)
    assert rc == 1 and "1 stalled" in err and f"{out}.failures" in err
    assert read_results(out)[0]["reason"] == "stalled"


def test_a_faction_draft_game_plays_to_the_end_with_its_bots_following_renamed_seats():
    """Root's faction draft renames each seat to the faction it drafts (A.8.2): the lab's bots follow their seat by
    its place, and the invariants hold throughout."""
    from planszowki.lab.runner import RunConfig, play_game

    cfg = RunConfig.make("root", {"player1": "heuristic", "player2": "random", "player3": "heuristic"},
                         {"setup": "advanced", "factions": "draft", "landmarks": ["tower", "ferry"]})
    r = play_game(cfg, 1, check_every=10)
    assert not r.get("failure") and r["reason"] in ("vp", "dominance"), r
    assert not any(w.startswith("player") for w in r["winners"])
