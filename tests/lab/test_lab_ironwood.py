"""`planszowki lab` on Ironwood: lines with progress and rounds, solo opponent seats, Ironwood's setup options, the
invariants of checked games, and the report (winner, reason totems / forges, rounds)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planszowki.cli.main import main
from planszowki.engine import load
from planszowki.games.ironwood.state import IronwoodState
from planszowki.lab import LabError, RunConfig, parse_seats, play_game, read_results, run
from planszowki.lab.report import load_summary, to_csv
from planszowki.lab.runner import known_factions, solo_opponents, solo_options

SEATS = {"woodwalkers": "heuristic", "ironclad": "random"}
CFG = RunConfig.make("ironwood", SEATS, {}, max_turns=500)


def solo_ready() -> bool:
    load("ironwood")  # the game assembles its steps (and the solo opponents' steps) on loading
    return "iw.ironbot.turn" in IronwoodState.STEPS


def test_line_fields_progress_per_round_and_determinism() -> None:
    a = play_game(CFG, 3)
    b = play_game(CFG, 3)
    assert {k: v for k, v in a.items() if k != "duration"} == {k: v for k, v in b.items() if k != "duration"}
    assert a["game"] == "ironwood" and a["seats"] == ["woodwalkers", "ironclad"] and a["options"] == {}
    assert a["reason"] in ("totems", "forges") and len(a["winners"]) == 1
    winner = a["winners"][0]
    assert a["scores"][winner] == 3 and all(0 <= v <= 3 for v in a["scores"].values())
    # one progress entry per round, in seating order, ending on the final progress
    assert len(a["vp_rounds"]) == a["rounds"] and a["vp_rounds"][-1] == [a["scores"][s] for s in a["seats"]]
    assert all(x <= y for r0, r1 in zip(a["vp_rounds"], a["vp_rounds"][1:], strict=False) for x, y in zip(r0, r1,
                                                                                                          strict=True))
    assert list(a)[-1] == "duration"
    json.dumps(a)


def test_checked_games_keep_ironwood_invariants() -> None:
    for seats in ({"woodwalkers": "random", "ironclad": "random"}, SEATS):
        cfg = RunConfig.make("ironwood", seats, {}, max_turns=60)
        for seed in (1, 2):
            line = play_game(cfg, seed, check_every=4)
            assert line["reason"] in ("totems", "forges", "capped"), line.get("invariant") or line.get("error")


def test_an_invariant_catches_a_lost_card(monkeypatch) -> None:
    """The card check can fail: a card dropped from a hand is reported as an invariant, not played through."""
    from planszowki.lab import ironwood_invariants

    real = ironwood_invariants.check_components

    def losing(st):
        if st.turn_no >= 3 and st.hand["ironclad"]:
            st.hand["ironclad"].pop()
        real(st)

    monkeypatch.setattr(ironwood_invariants, "check_components", losing)
    line = play_game(RunConfig.make("ironwood", {"woodwalkers": "random", "ironclad": "random"}, {}), 1, check_every=1)
    assert line["reason"] == "invariant" and "ironclad: cards not conserved" in line["invariant"]


def test_solo_seats_are_the_games_own_opponents() -> None:
    assert solo_opponents("ironwood") == {"ironbot": "ironclad", "forestbot": "woodwalkers"}
    assert solo_opponents("root") == {}
    solo = solo_opponents("ironwood")
    seats = parse_seats("woodwalkers=heuristic,ironclad=ironbot", known_factions("ironwood"), solo)
    assert seats == {"woodwalkers": "heuristic", "ironclad": "ironbot"}
    assert solo_options("ironwood", seats) == {"opponent": "ironbot"}
    with pytest.raises(LabError, match="ironbot plays the ironclad, not the woodwalkers"):
        parse_seats("woodwalkers=ironbot,ironclad=random", known_factions("ironwood"), solo_opponents("ironwood"))
    with pytest.raises(LabError, match="only one seat may be a solo opponent"):
        solo_options("ironwood", {"woodwalkers": "forestbot", "ironclad": "ironbot"})
    with pytest.raises(LabError, match="unknown bot 'ironbot'"):  # Root has no such opponent
        parse_seats("marquise=ironbot,eyrie=random", known_factions("root"))


def test_solo_run_plays_against_the_engines_opponent_or_says_it_is_missing(tmp_path: Path) -> None:
    cfg = RunConfig.make("ironwood", {"woodwalkers": "heuristic", "ironclad": "ironbot"},
                         {"opponent": "ironbot", "difficulty": 2}, max_turns=300)
    out = tmp_path / "solo.jsonl"
    if solo_ready():
        summary = run(cfg, 1, 3, out, workers=1)
        lines = read_results(out)
        assert summary.played == 3 and all(li["reason"] in ("totems", "forges", "capped") for li in lines)
        assert all(li["bots"]["ironclad"] == "ironbot" and li["options"]["opponent"] == "ironbot" for li in lines)
    else:
        with pytest.raises(Exception, match="not implemented yet"):
            run(cfg, 1, 1, out, workers=1)
    bad = RunConfig.make("ironwood", {"woodwalkers": "heuristic", "ironclad": "ironbot"}, {}, max_turns=300)
    with pytest.raises(LabError, match="options must say opponent=ironbot"):
        run(bad, 1, 1, tmp_path / "bad.jsonl", workers=1)


def test_cli_run_and_report(tmp_path: Path, capsys) -> None:
    out = tmp_path / "iw.jsonl"
    rc = main(["lab", "run", "--game", "ironwood", "--seats", "woodwalkers=heuristic,ironclad=random", "--games", "4",
               "--workers", "1", "--out", str(out), "--no-progress"])
    assert rc == 0
    lines = read_results(out)
    assert len(lines) == 4 and all(li["options"] == {} for li in lines)  # no Root map sent to Ironwood
    capsys.readouterr()
    assert main(["lab", "report", str(out), "--no-plots"]) == 0
    text = capsys.readouterr().out
    assert "mean rounds" in text and "woodwalkers" in text and "ironclad" in text
    assert any(r in text for r in ("totems", "forges"))
    summary = load_summary(out)
    rows = {r.faction: r for r in summary.rows}
    assert rows["woodwalkers"].wins + rows["ironclad"].wins == 4
    assert rows["woodwalkers"].mean_rounds == sum(li["rounds"] for li in lines) / 4
    head, *body = to_csv(summary).splitlines()
    assert "mean_rounds" in head.split(",") and len(body) == 2


def test_cli_refuses_options_of_the_other_game(tmp_path: Path, capsys) -> None:
    base = ["lab", "run", "--game", "ironwood", "--games", "1", "--out", str(tmp_path / "x.jsonl"), "--no-progress"]
    assert main([*base, "--seats", "woodwalkers=random,ironclad=random", "--map", "winter"]) == 2
    assert "--map is an option of Root" in capsys.readouterr().err
    assert main([*base, "--seats", "woodwalkers=random,ironclad=random", "--difficulty", "3"]) == 2
    assert "--difficulty is the solo opponent's" in capsys.readouterr().err
    root = ["lab", "run", "--seats", "marquise=random,eyrie=random", "--games", "1", "--out", str(tmp_path / "r.jsonl")]
    assert main([*root, "--difficulty", "3"]) == 2
    assert "--difficulty is an option of Ironwood" in capsys.readouterr().err
    assert not (tmp_path / "x.jsonl").exists()


def test_soak_plays_ironwood_two_player_and_solo_setups(tmp_path: Path) -> None:
    from planszowki.lab.soak import SOLO_DIFFICULTIES, SoakConfig, setups, smoke_configs, soak

    every = setups("ironwood")
    assert every[0] == {} and len(every) == 1 + 2 * len(SOLO_DIFFICULTIES)
    smoke = smoke_configs("ironwood", 12)
    solo = [c for c in smoke if dict(c.options).get("opponent")]
    assert len(smoke) > len(solo) > 0
    for c in solo:  # the opponent's seat is played by the opponent itself
        opp = dict(c.options)["opponent"]
        assert dict(c.bots)[solo_opponents("ironwood")[opp]] == opp
    s = soak(tmp_path / "soak", minutes=0, games=len(every) * 2, config=SoakConfig("ironwood", 1, 40, check_every=7))
    assert s.games == len(every) * 2 and s.failed == 0, [f.get(f["reason"]) for f in s.failures]
    assert {"ironbot", "forestbot"} <= s.kinds
