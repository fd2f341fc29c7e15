"""planszowki: rule-exact engines for Root, The Great Wall and Ironwood."""

from .engine import IllegalAction, InvalidPosition, UnknownGame, UnsupportedSetup, load, names

__all__ = ["IllegalAction", "InvalidPosition", "UnknownGame", "UnsupportedSetup", "load", "names"]
__version__ = "0.1.0"
