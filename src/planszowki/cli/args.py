"""Argument types shared by the ``planszowki`` subcommands (play, bench, lab, soak), and their help in the person's
language."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from .. import i18n


def positive(text: str) -> int:
    """A whole number of at least 1."""
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(_words("must be at least 1"))
    return n


def nonneg(text: str) -> int:
    """A whole number of at least 0."""
    n = int(text)
    if n < 0:
        raise argparse.ArgumentTypeError(_words("must be 0 or more"))
    return n


#: argparse's own messages (Python 3.11's wording, which argparse passes through ``gettext``) and the checks of
#: :func:`positive` and :func:`nonneg`, each with the ``ui`` message that says it in another language; a message
#: missing here (another Python's wording) stays English
ARGPARSE_WORDS = {
    "%(prog)s: error: %(message)s\n": "cli_err_line",
    "argument %(argument_name)s: %(message)s": "cli_err_argument",
    "the following arguments are required: %s": "cli_err_required",
    "unrecognized arguments: %s": "cli_err_unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli_err_choice",
    "invalid %(type)s value: %(value)r": "cli_err_value",
    "expected one argument": "cli_err_one",
    "expected at most one argument": "cli_err_at_most_one",
    "expected at least one argument": "cli_err_at_least_one",
    "not allowed with argument %s": "cli_err_not_with",
    "ignored explicit argument %r": "cli_err_ignored",
    "one of the arguments %s is required": "cli_err_one_of",
    "ambiguous option: %(option)s could match %(matches)s": "cli_err_ambiguous",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "cli_err_parser",
    "must be at least 1": "cli_err_at_least_1",
    "must be 0 or more": "cli_err_0_or_more",
}


def _words(message: str) -> str:
    """``message`` (a key of :data:`ARGPARSE_WORDS`) in the language of the command line being read."""
    return message


@contextmanager
def _argparse_in(lang: str) -> Iterator[None]:
    """While a command line is read: argparse's messages (it asks ``gettext`` for each, through its module's ``_``)
    and :func:`positive`'s and :func:`nonneg`'s in ``lang``."""
    global _words
    before = argparse._, _words  # type: ignore[attr-defined]

    def say(message: str) -> str:
        key = ARGPARSE_WORDS.get(message)
        return message if key is None else i18n.tr(key, lang)

    argparse._, _words = say, say  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, _words = before  # type: ignore[attr-defined]


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` that says its own messages (errors too) in ``lang``, which :func:`localize` sets; its
    subcommands' parsers are of this class as well."""

    lang = "en"

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        if self.lang == "en":
            return super().parse_known_args(args, namespace)
        with _argparse_in(self.lang):
            return super().parse_known_args(args, namespace)


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
    titles of the argument sections and the texts of ``-h`` and ``--version`` (argparse says them in English); a
    :class:`Parser` also its error messages."""
    say = texts(lang)
    usage = say("usage")

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, text: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
            super().add_usage(text, actions, groups, usage if prefix is None else prefix)

    todo = [parser]
    while todo:
        p = todo.pop()
        p.formatter_class = Formatter
        if isinstance(p, Parser):
            p.lang = lang
        p._positionals.title = say("positionals")
        p._optionals.title = say("options")
        for action in p._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = say("help")
            elif isinstance(action, argparse._VersionAction):
                action.help = say("version")
            elif isinstance(action, argparse._SubParsersAction):
                todo.extend(action.choices.values())
