"""A bad bot spec (``--seats eyrie=ismcts:iterations=0``, the lobby's "bot with parameters") is refused in the
person's language: ``bots.check_spec`` refuses with a catalog message (``error_bot_*``), whose English text is the
message programs read (``str``)."""

from __future__ import annotations

import io

import pytest

from planszowki import bots
from planszowki.bots import BadBotParameter, Param, UnknownBot
from planszowki.cli.main import main

#: every way bots.check_spec refuses a spec (tests/bots/test_bot_specs.py), with what the Polish says
BAD_SPECS = [
    ("ismcts:abc", "iterations musi być liczbą całkowitą nie mniejszą niż 1, a nie 'abc'"),
    ("ismcts:iterations=-5", "iterations musi być liczbą całkowitą nie mniejszą niż 1, a nie -5"),
    ("ismcts:iterations=2.5", "iterations musi być liczbą całkowitą nie mniejszą niż 1, a nie 2.5"),
    ("ismcts:rollout=xyz", "rollout musi być jednym ze słów heuristic, random, a nie 'xyz'"),
    ("ismcts:rollout=3", "rollout musi być jednym ze słów heuristic, random, a nie '3'"),
    ("ismcts:c=-0.1", "c musi być liczbą nie mniejszą niż 0, a nie -0.1"),
    ("ismcts:c=nan", "c musi być skończoną liczbą, a nie nan"),
    ("ismcts:time=inf", "time musi być skończoną liczbą, a nie inf"),
    ("ismcts:epsilon=1.5", "epsilon musi być liczbą od 0 do 1, a nie 1.5"),
    ("ismcts:bogus=1", "bot 'ismcts' nie przyjmuje parametrów 'bogus'; przyjmuje: c, depth, epsilon, iterations, "
                       "rollout, time, widening"),
    ("ismcts:iterations=5,iterations=6", "parametr bota 'iterations' podano w 'ismcts:iterations=5,iterations=6' "
                                         "dwa razy"),
    ("ismcts:800,400", "błędny parametr bota '400' w 'ismcts:800,400'; napisz klucz=wartość"),
    ("random:depth=3", "bot 'random' nie przyjmuje parametrów 'depth'; nie ma żadnych parametrów"),
    ("heuristic:3", "błędny parametr bota '3' w 'heuristic:3'; napisz klucz=wartość"),
    ("grandmaster", "nieznany bot 'grandmaster'; znane boty: bot, heuristic, ismcts, random"),
    ("", "w '' nie podano nazwy bota; znane boty: bot, heuristic, ismcts, random"),
]


def _refusal(check, spec: str) -> UnknownBot:
    with pytest.raises(UnknownBot) as exc:
        check(spec)
    return exc.value


@pytest.mark.parametrize(("spec", "polish"), BAD_SPECS)
def test_every_refusal_of_a_spec_is_a_catalog_message_in_english_and_polish(spec: str, polish: str) -> None:
    exc = _refusal(bots.check_spec, spec)
    assert exc.key is not None and exc.key.startswith("error_bot_") and str(exc) == exc.text("en")
    assert polish in exc.text("pl"), exc.text("pl")


def test_every_kind_of_declared_parameter_is_said_in_polish(monkeypatch) -> None:
    """Param's ranges that no built-in bot declares yet: a whole number between bounds or at most one, a number at
    most one, a number or a whole number without bounds."""
    monkeypatch.setitem(bots._FACTORIES, "probe", lambda seed=0, **kw: None)
    monkeypatch.setitem(bots._PARAMS, "probe", {"a": Param(int, low=1, high=3), "b": Param(int, high=2),
                                                "c": Param(float, high=2), "d": Param(int), "e": Param(float)})
    for spec, polish in (("probe:a=4", "a musi być liczbą całkowitą od 1 do 3, a nie 4"),
                         ("probe:b=3", "b musi być liczbą całkowitą nie większą niż 2, a nie 3"),
                         ("probe:c=2.5", "c musi być liczbą nie większą niż 2, a nie 2.5"),
                         ("probe:d=x", "d musi być liczbą całkowitą, a nie 'x'"),
                         ("probe:e=x", "e musi być liczbą, a nie 'x'")):
        exc = _refusal(bots.check_spec, spec)
        assert isinstance(exc, BadBotParameter) and str(exc) == exc.text("en")
        assert exc.text("pl") == f"bot 'probe': {polish}"


def test_a_good_spec_passes() -> None:
    assert bots.check_spec("ismcts:800") == ("ismcts", {"iterations": 800})
    assert bots.check_spec("ismcts:rollout=random;depth=0;epsilon=1") == (
        "ismcts", {"rollout": "random", "depth": 0, "epsilon": 1.0})
    assert bots.check_spec("bot") == ("random", {})


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_play_refuses_a_bad_bot_in_the_persons_language(lang: str, capsys, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    monkeypatch.setenv("PLANSZOWKI_LANG", "en")
    rc = main(["play", "root", "--seats", "eyrie=ismcts:iterations=0,marquise=human", "--lang", lang])
    err = capsys.readouterr().err
    assert rc == 2 and err == {
        "en": "planszowki: error: seat eyrie: bot 'ismcts': iterations must be a whole number of at least 1, not 0\n",
        "pl": "planszowki: błąd: miejsce eyrie: bot 'ismcts': iterations musi być liczbą całkowitą nie mniejszą niż "
              "1, a nie 0\n"}[lang]


def test_a_bot_refusing_its_own_parameters_is_told_by_catalog_message(monkeypatch) -> None:
    """``bots.make``: a factory that refuses a value itself (ValueError) or a parameter (TypeError)."""
    def picky(seed: int = 0, **kw):
        if "x" in kw:
            raise TypeError("unexpected keyword argument 'x'")
        raise ValueError("depth and time cannot both be zero")

    monkeypatch.setitem(bots._FACTORIES, "picky", picky)
    with pytest.raises(BadBotParameter) as exc:
        bots.make("picky:y=1")
    assert str(exc.value) == "bot 'picky': depth and time cannot both be zero" == exc.value.text("pl")
    with pytest.raises(UnknownBot) as exc2:
        bots.make("picky:x=1")
    assert str(exc2.value) == "bot 'picky' does not accept ['x']: unexpected keyword argument 'x'"
    assert exc2.value.text("pl") == "bot 'picky' nie przyjmuje ['x']: unexpected keyword argument 'x'"
