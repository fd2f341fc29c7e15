"""What a game of Root may be set up with: the factions and maps this engine plays, and every contribution to the
shared rules it knows (hooks.py), from which :func:`hooks_for` assembles a game's hooks for the seats in play.

Below ``game.py`` and ``position.py``, which both set games up, so neither imports the other (DESIGN: imports run one
way). A faction module registers its steps when imported; importing it here is what puts them in the game.
"""

from __future__ import annotations

from . import exiles as _exiles  # A.2: the Exiles and Partisans deck's card steps
from . import hirelings as _hirelings  # Appendix E: hirelings (their steps and hooks)
from . import landmarks  # Appendix F: the Landmarks Pack (the Black Market's swap among the turn's extras)
from .factions import alliance as _alliance  # each faction module registers its steps and declares its hooks
from .factions import corvid as _corvid
from .factions import cult as _cult
from .factions import duchy as _duchy
from .factions import eyrie as _eyrie
from .factions import keepers as _keepers
from .factions import marquise as _marquise
from .factions import riverfolk as _riverfolk
from .factions import vagabond as _vagabond
from .factions import warlord as _warlord
from .hooks import Hooks
from .state import VAGABONDS
from .turn import SHARED_RULES
from .views import view

#: Factions playable now, in setup order (5.1.7: A, B, C …); "vagabond2" is a second Vagabond (9.7).
SUPPORTED = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "riverfolk", "cult", "corvid", "duchy",
             "warlord", "keepers")
#: The four maps of the Law: Autumn (chapter 2) and the variant maps of Appendix C.
MAPS = ("autumn", "winter", "lake", "mountain")
#: every contribution to the shared rules this game knows (hooks.py), in the order its lists keep (the extras offered,
#: the start-of-phase effects named): the turn's own, the optional modules', then the factions'
CATALOG = (SHARED_RULES, _vagabond.CONTRIBUTION, _exiles.CONTRIBUTION, landmarks.CONTRIBUTION, _hirelings.CONTRIBUTION,
           _marquise.CONTRIBUTION, _eyrie.CONTRIBUTION, _alliance.CONTRIBUTION, _riverfolk.CONTRIBUTION,
           _cult.CONTRIBUTION, _duchy.CONTRIBUTION, _corvid.CONTRIBUTION, _warlord.CONTRIBUTION, _keepers.CONTRIBUTION)


def hooks_for(seats: list[str]) -> Hooks:
    """The hooks of a game with these seats: the shared rules', the optional modules' and the factions' in play
    (a Vagabond's seat, "vagabond" or "vagabond2", plays the Vagabond, 9.7), and the views (views.py)."""
    return Hooks(CATALOG, {"vagabond" if s in VAGABONDS else s for s in seats}, view)
