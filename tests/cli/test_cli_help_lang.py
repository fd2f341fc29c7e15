"""``planszowki --help`` speaks the person's language (every user-visible string goes through the catalogs): the
help of every command and option comes from the ``ui`` catalog's ``cli_*`` messages, in English or Polish, and so do
argparse's own words (the usage prefix, the section titles, ``-h`` and ``--version``)."""

from __future__ import annotations

import argparse

import pytest

from planszowki.cli.args import lang_asked
from planszowki.cli.main import build_parser, main


def _parsers(p: argparse.ArgumentParser):
    yield p
    for a in p._actions:
        if isinstance(a, argparse._SubParsersAction):
            for sub in a.choices.values():
                yield from _parsers(sub)


def _helps(p: argparse.ArgumentParser) -> dict[str, str]:
    out = {}
    for parser in _parsers(p):
        out[f"{parser.prog} (description)"] = parser.description or ""
        for a in parser._actions:
            name = "/".join(a.option_strings) or a.dest
            out[f"{parser.prog} {name}"] = a.help or ""
            if isinstance(a, argparse._SubParsersAction):
                for c in a._choices_actions:
                    out[f"{parser.prog} {c.dest} (command)"] = c.help or ""
    return out


def test_every_command_and_option_has_help_in_both_languages_and_polish_differs():
    en, pl = _helps(build_parser("en")), _helps(build_parser("pl"))
    assert en.keys() == pl.keys() and len(en) > 100
    missing = sorted(k for k, v in en.items() if not v and not k.endswith((" command", " lab_command",
                                                                           " rootlog_command")))
    assert not missing, f"no help: {missing}"
    same = sorted(k for k in en if en[k] and en[k] == pl[k])
    assert not same, f"said in English in Polish: {same}"


@pytest.mark.parametrize("argv, words", [
    (["--help"], ["użycie: planszowki", "opcje:", "polecenia:", "pokaż tę pomoc i zakończ", "zagraj w terminalu"]),
    (["play", "--help"], ["kto gra każdą frakcją", "Przygotowanie Zaawansowane Rozgrywki", "tryb kooperacji"]),
    (["lab", "run", "--help"], ["pary frakcja=bot", "liczba gier (domyślnie 100)"]),
    (["soak", "--help"], ["niezmienniki", "procesy robocze (domyślnie 1)"]),
])
def test_help_in_polish_by_lang_flag_or_environment(argv, words, capsys, monkeypatch):
    monkeypatch.setenv("PLANSZOWKI_LANG", "en")
    with pytest.raises(SystemExit):
        main([*argv, "--lang", "pl"] if argv[0] != "--help" else ["--lang=pl", *argv])
    said = capsys.readouterr().out
    for w in words:
        assert w in " ".join(said.split()), w
    monkeypatch.setenv("PLANSZOWKI_LANG", "pl")
    with pytest.raises(SystemExit):
        main(argv)
    assert words[0] in " ".join(capsys.readouterr().out.split())
    monkeypatch.setenv("PLANSZOWKI_LANG", "en")
    with pytest.raises(SystemExit):
        main(argv)
    english = " ".join(capsys.readouterr().out.split())
    assert "usage: planszowki" in english and words[0] not in english


def test_lang_asked_reads_both_spellings_and_ignores_other_values():
    assert lang_asked(["play", "root", "--lang", "pl"]) == "pl"
    assert lang_asked(["--lang=pl", "--help"]) == "pl"
    assert lang_asked(["play", "--lang", "de"]) is None and lang_asked(["play", "--lang"]) is None
