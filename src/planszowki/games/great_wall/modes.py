"""The modes of play a game of The Great Wall may use, and the rules each adds to the shared ones.

The standard game for 3 or 4 clans (and the 2-player game with the Reed Clan, which the shared rules play) adds
nothing; the solo mode against Qin Jiushao (``solo.py``) and the co-operative mode (``coop.py``) each declare a
:class:`~.state.ModeHooks`. The game and the positions ask :func:`hooks_for` when they make a state.
"""

from __future__ import annotations

from . import coop, solo
from .state import STANDARD, ModeHooks


def hooks_for(mode: str, qin: str = "") -> ModeHooks:
    """The hooks of a game whose ``mode`` option is ``mode`` ("standard", "coop"; "solo" or a Qin colour ``qin``:
    the solo mode)."""
    if mode == "coop":
        return coop.HOOKS
    if mode == "solo" or qin:
        return solo.HOOKS
    return STANDARD


__all__ = ["hooks_for"]
