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


@pytest.mark.parametrize("argv, polish, english", [
    (["bogus"], "nieprawidłowy wybór: 'bogus' (do wyboru:", "invalid choice: 'bogus' (choose from"),
    (["bench", "--games", "0"], "argument --games: musi wynosić co najmniej 1", "argument --games: must be at least 1"),
    (["lab", "run", "--games", "x"], "argument --games: nieprawidłowa wartość 'x' (oczekiwano liczby)",
     "argument --games: invalid positive value: 'x'"),
    (["lab", "run"], "brakuje wymaganych argumentów: --seats, --out",
     "the following arguments are required: --seats, --out"),
    (["play", "--seats"], "argument --seats: oczekiwano jednego argumentu", "argument --seats: expected one argument"),
])
def test_command_line_errors_in_polish_too(argv, polish, english, capsys, monkeypatch):
    """argparse's own refusals (a wrong command, a missing or malformed value) in the person's language; after the
    command line is read, argparse speaks as before (its ``_`` is restored)."""
    before = argparse._
    for lang, words, error in (("pl", polish, "błąd:"), ("en", english, "error:")):
        monkeypatch.setenv("PLANSZOWKI_LANG", lang)
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2
        said = " ".join(capsys.readouterr().err.split())
        prog = " ".join(["planszowki", *argv[:2 if argv[0] == "lab" else 1]]) if argv[0] != "bogus" else "planszowki"
        assert words in said and f"{prog}: {error}" in said, said
        assert argparse._ is before


def test_every_argparse_message_translated_is_one_this_python_says():
    """The table maps argparse's own wording: each message it names is in argparse's source (or is one of our own
    checks), so a Python that rewords one shows up here instead of silently speaking English."""
    import inspect

    from planszowki import i18n
    from planszowki.cli.args import ARGPARSE_WORDS

    source = inspect.getsource(argparse)
    ours = {"must be at least 1", "must be 0 or more"}
    for message, key in ARGPARSE_WORDS.items():
        assert message in ours or repr(message)[1:-1] in source, message
        assert i18n.tr(key, "en") == message, key
        assert i18n.tr(key, "pl") != message or key == "cli_err_argument", key  # "argument" is Polish too
