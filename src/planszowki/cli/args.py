"""Argument types shared by the ``planszowki`` subcommands (play, bench, lab, soak), and their help in the person's
language."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from .. import i18n


def positive(text: str) -> int:
    """A whole number of at least 1."""
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return n


def nonneg(text: str) -> int:
    """A whole number of at least 0."""
    n = int(text)
    if n < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return n


def texts(lang: str) -> Callable[..., str]:
    """What ``--help`` says: the ``ui`` catalog's ``cli_<key>`` messages in ``lang``."""

    def say(key: str, /, **args: Any) -> str:
        return i18n.tr("cli_" + key, lang, **args)

    return say


def lang_asked(argv: Sequence[str]) -> str | None:
    """The language a command line names with ``--lang X`` or ``--lang=X`` (so that ``--help`` speaks it), if any."""
    for i, a in enumerate(argv):
        value = a.partition("=")[2] if a.startswith("--lang=") else (argv[i + 1] if a == "--lang" and i + 1 < len(
            argv) else None)
        if value in i18n.LANGS:
            return value
    return None


def localize(parser: argparse.ArgumentParser, lang: str) -> None:
    """argparse's own words in ``lang`` for ``parser`` and every subcommand's parser: the usage line's prefix, the
    titles of the argument sections and the texts of ``-h`` and ``--version`` (argparse says them in English)."""
    say = texts(lang)
    usage = say("usage")

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, text: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
            super().add_usage(text, actions, groups, usage if prefix is None else prefix)

    todo = [parser]
    while todo:
        p = todo.pop()
        p.formatter_class = Formatter
        p._positionals.title = say("positionals")
        p._optionals.title = say("options")
        for action in p._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = say("help")
            elif isinstance(action, argparse._VersionAction):
                action.help = say("version")
            elif isinstance(action, argparse._SubParsersAction):
                todo.extend(action.choices.values())
