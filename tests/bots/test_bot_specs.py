"""Bot specs are checked before any game starts: every bad spec is one clear PlanszowkiError, through the
functions (``bots.check_spec``, ``bots.make``) and through ``planszowki play`` and ``planszowki lab run``."""

from __future__ import annotations

from pathlib import Path

import pytest

from planszowki import bots
from planszowki.bots import BadBotParameter, Param, UnknownBot
from planszowki.bots.ismcts import ISMCTSBot
from planszowki.cli.main import main
from planszowki.engine import PlanszowkiError

#: bad spec -> a piece of the message that says what is wrong
BAD_SPECS = [
    ("ismcts:abc", "iterations must be a whole number of at least 1, not 'abc'"),
    ("ismcts:iterations=-5", "iterations must be a whole number of at least 1, not -5"),
    ("ismcts:iterations=0", "iterations must be a whole number of at least 1"),
    ("ismcts:iterations=2.5", "iterations must be a whole number"),
    ("ismcts:rollout=xyz", "rollout must be one of heuristic, random, not 'xyz'"),
    ("ismcts:rollout=3", "rollout must be one of heuristic, random, not '3'"),
    ("ismcts:c=-0.1", "c must be a number of at least 0"),
    ("ismcts:c=fast", "c must be a number of at least 0, not 'fast'"),
    ("ismcts:c=nan", "c must be a finite number"),
    ("ismcts:time=inf", "time must be a finite number"),
    ("ismcts:depth=-1", "depth must be a whole number of at least 0"),
    ("ismcts:epsilon=1.5", "epsilon must be a number from 0 to 1, not 1.5"),
    ("ismcts:widening=-2", "widening must be a number of at least 0"),
    ("ismcts:bogus=1", "does not accept 'bogus'; it takes c, depth, epsilon, iterations, rollout, time, widening"),
    ("ismcts:game=root", "does not accept 'game'"),  # a constructor argument for tests, not a spec parameter
    ("ismcts:iterations=5,iterations=6", "'iterations' is given twice"),
    ("ismcts:800,400", "write key=value"),
    ("random:depth=3", "'random' does not accept 'depth'; it takes no parameters"),
    ("heuristic:3", "write key=value"),
    ("grandmaster", "unknown bot 'grandmaster'; known bots: bot, heuristic, ismcts, random"),
    ("", "no bot named"),
]


@pytest.mark.parametrize(("spec", "message"), BAD_SPECS)
def test_bad_spec_is_one_clear_error(spec: str, message: str) -> None:
    for check in (bots.check_spec, bots.make):
        with pytest.raises(UnknownBot) as exc:
            check(spec)
        assert isinstance(exc.value, PlanszowkiError)
        assert message in str(exc.value) and "\n" not in str(exc.value)


def test_wrong_values_are_bad_parameters_and_unknown_names_unknown_bots() -> None:
    with pytest.raises(BadBotParameter):
        bots.check_spec("ismcts:iterations=-5")
    with pytest.raises(BadBotParameter):
        bots.check_spec("ismcts:rollout=xyz")
    for spec in ("ismcts:bogus=1", "nobot"):
        with pytest.raises(UnknownBot) as exc:
            bots.check_spec(spec)
        assert not isinstance(exc.value, BadBotParameter)


def test_good_specs_are_converted_to_their_types() -> None:
    assert bots.check_spec("ismcts:800") == ("ismcts", {"iterations": 800})
    assert bots.check_spec("ismcts:iterations=1e3,c=1,time=0") == ("ismcts", {"iterations": 1000, "c": 1.0,
                                                                             "time": 0.0})
    _, params = bots.check_spec("ismcts:c=1")
    assert type(params["c"]) is float
    assert bots.check_spec("ismcts:rollout=random;depth=0;epsilon=1") == (
        "ismcts", {"rollout": "random", "depth": 0, "epsilon": 1.0})
    assert bots.check_spec("bot") == ("random", {})
    b = bots.make("ismcts:iterations=3.0,widening=0", seed=5)
    assert (b.iterations, b.widening, b.seed) == (3, 0.0, 5)


def test_ismcts_constructor_checks_like_the_spec() -> None:
    with pytest.raises(BadBotParameter, match="iterations must be a whole number of at least 1, not -5"):
        ISMCTSBot(iterations=-5)
    with pytest.raises(BadBotParameter, match="rollout must be one of"):
        ISMCTSBot(rollout="smart")
    assert ISMCTSBot(time=0.5).iterations == 10**9  # the clock bounds the search
    assert ISMCTSBot().iterations == 200


def test_param_refuses_booleans_and_checks_both_bounds() -> None:
    p = Param(int, low=1, high=3)
    with pytest.raises(BadBotParameter, match="from 1 to 3"):
        p.convert("x", "n", True)
    with pytest.raises(BadBotParameter, match="from 1 to 3, not 4"):
        p.convert("x", "n", 4)
    assert p.convert("x", "n", 2.0) == 2 and Param(float, high=2).convert("x", "f", 2) == 2.0
    with pytest.raises(BadBotParameter, match="at most 2"):
        Param(float, high=2).convert("x", "f", 2.5)


def test_is_bot_stays_a_question_of_the_name() -> None:
    assert bots.is_bot("ismcts:abc")  # a known bot with a bad parameter: check_spec says what is wrong
    assert not bots.is_bot("human") and not bots.is_bot("random:7")


def _one_line_error(capsys) -> str:
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert "Traceback" not in captured.err + captured.out
    assert len(err.splitlines()) == 1, captured.err
    return err


@pytest.mark.parametrize(("spec", "message"), [
    ("ismcts:abc", "iterations must be a whole number"),
    ("ismcts:iterations=-5", "at least 1, not -5"),
    ("ismcts:rollout=xyz", "rollout must be one of heuristic, random"),
    ("ismcts:bogus=2", "does not accept 'bogus'"),
])
def test_play_cli_bad_spec_one_line(spec: str, message: str, capsys, monkeypatch) -> None:
    monkeypatch.setattr("builtins.input", lambda *a: pytest.fail("play asked for input before refusing the spec"))
    rc = main(["play", "root", "--seats", f"eyrie={spec},marquise=human", "--seed", "1"])
    assert rc != 0
    assert message in _one_line_error(capsys)


@pytest.mark.parametrize(("spec", "message"), [
    ("ismcts:abc", "seat eyrie: bot 'ismcts': iterations must be a whole number"),
    ("ismcts:iterations=-5", "at least 1, not -5"),
    ("ismcts:rollout=xyz", "rollout must be one of heuristic, random"),
    ("ismcts:depth=1.5", "depth must be a whole number"),
])
def test_lab_run_cli_bad_spec_one_line(spec: str, message: str, capsys, tmp_path: Path) -> None:
    out = tmp_path / "x.jsonl"
    rc = main(["lab", "run", "--game", "root", "--seats", f"eyrie={spec},marquise=random", "--games", "1",
               "--out", str(out)])
    assert rc != 0
    assert message in _one_line_error(capsys)
    assert not out.exists()
