"""Argument types shared by the ``planszowki`` subcommands (play, bench, lab, soak)."""

from __future__ import annotations

import argparse


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
