"""Appendix A, Advanced Setup (Przygotowanie Zaawansowane Rozgrywki): ``options={"setup": "advanced"}``.

The steps in the Law's order, each the players' own decisions in the engine:

* A.1 Choose and Set Up Map — the ``map`` option and its variant modifications (Appendix C); the 12 suit markers
  are shuffled onto the clearings on every map, Autumn's printed suits covered too (``suits``: "random" unless
  the caller lays the markers out itself); ruins, item supply and dice as in 5.1.4–5.1.6.
* A.2 Choose Deck — the ``deck`` option ("standard" or "exiles").
* A.3 Set Up Bots — the Law of Rootbotics is not part of this engine; the platform's own bots take seats instead.
* A.4 Seat Players — random seating and first player (5.1.1's ``seating`` / ``first`` options still apply).
* A.5 Set Up Landmarks — ``landmarks``: the landmark cards kept (A.5.1), ``landmark_count``: 1 or 2 (default:
  as many as kept, at most two). The kept cards are shuffled and that many dealt (A.5.2); the last player in turn
  order sets up one of them, the second-to-last the other (A.5.3) — ``setup.landmark`` decisions. A dealt Tower
  or Ferry overrides where its variant map put it (A.5); ``map_landmarks``: "ignore" plays without the variant
  map's own Tower and Ferry (A.5: "you may ignore or override"), "keep" (the default) leaves them.
* A.6 Set Up Hirelings — ``hirelings``: true (deal three at random) or the three hireling names; handed to
  ``games/root/hirelings.py``'s ``setup_hirelings(st, chosen, demoted=...)`` with the cards A.6.2 demotes.
* A.7 Draw Five Cards — after the dominance cards leave a two-player game (as 5.1.3).
* A.8 Set Up Factions — ``factions``: "standard" (the default; "as described in the Standard Setup", A.8's first
  choice: the ``players`` given, in the setup order of 5.1.7) or "draft" (the faction setup cards, A.8.1–A.8.2,
  :mod:`setup_cards`: ``players`` are then the seats' names, "player1" …, and each seat takes its faction's name
  when it chooses). Five or more factions that start in corners need the draft (Law 5). ``adventurous``: true
  keeps the insurgent setup cards in a two-player draft with hirelings (A.8.1.I: "You may keep them if you're
  playing with hirelings and feeling adventurous"); without it two players draft militant cards only.
* A.9 Place Score Markers — everyone starts at 0.
* A.10 Choose Starting Hands — each player puts two of their five cards face down on the deck
  (``setup.keep_three`` decisions, hidden from the others), then the deck is shuffled.
"""

from __future__ import annotations

from typing import Any

from ...engine import Option, Step, UnsupportedSetup
from . import hirelings, setup_cards
from . import landmarks as lm
from .state import RootState
from .turn import register

#: the values of the ``setup`` option: 5.1 Standard Setup or Appendix A Advanced Setup
SETUPS = ("standard", "advanced")
#: options that only the Advanced Setup reads (A.5, A.6, A.8)
ADVANCED_ONLY = ("landmarks", "landmark_count", "map_landmarks", "hirelings", "factions", "draft_pool", "adventurous")
#: A.7: cards each player draws; A.10: cards each keeps
DRAW, KEEP = 5, 3
#: A.6.2: hirelings flipped to their Demoted side by the number of players
DEMOTED = {2: 0, 3: 1, 4: 2}


def R(rule: str) -> str:
    return f"root:{rule}"


def is_advanced(options: dict[str, Any]) -> bool:
    return options.get("setup", "standard") == "advanced"


def check_options(options: dict[str, Any], players: list[str]) -> None:
    """Refuse, with the rule's name, an Advanced Setup option that is wrong or not implemented."""
    setup = options.get("setup", "standard")
    if setup not in SETUPS:
        raise UnsupportedSetup.told("error_root_setup_value", value=setup)
    if setup != "advanced":
        given = [k for k in ADVANCED_ONLY if k in options]
        if given:
            raise UnsupportedSetup.told("error_root_advanced_only", names=given)
        return
    if options.get("suits") == "printed":
        raise UnsupportedSetup.told("error_root_advanced_printed_suits")
    factions = options.get("factions", "standard")
    if factions not in ("standard", "draft"):
        raise UnsupportedSetup.told("error_root_factions_value", value=factions)
    if "draft_pool" in options and factions != "draft":
        raise UnsupportedSetup.told("error_root_draft_pool_without_draft")
    if "landmarks" in options:
        problem = lm.problem(options["landmarks"])
        if problem:
            raise problem
        count = options.get("landmark_count", min(2, len(options["landmarks"])))
        if count not in (1, 2) or count > len(options["landmarks"]):
            raise UnsupportedSetup.told("error_root_landmark_count", kept=len(options["landmarks"]), value=count)
    elif "landmark_count" in options:
        raise UnsupportedSetup.told("error_root_landmark_count_alone")
    if options.get("map_landmarks", "keep") not in ("keep", "ignore"):
        raise UnsupportedSetup.told("error_root_map_landmarks_value")
    if options.get("map_landmarks", "keep") == "ignore" and "landmarks" not in options:
        raise UnsupportedSetup.told("error_root_map_landmarks_alone")
    hirelings = options.get("hirelings", False)
    if hirelings is not False:
        if hirelings is not True and not (isinstance(hirelings, (list, tuple)) and len(hirelings) == 3
                                          and all(isinstance(h, str) for h in hirelings)):
            raise UnsupportedSetup.told("error_root_hirelings_value")
    adventurous = options.get("adventurous", False)
    if adventurous is not False:
        if adventurous is not True:
            raise UnsupportedSetup.told("error_root_adventurous_value", value=adventurous)
        if factions != "draft":
            raise UnsupportedSetup.told("error_root_adventurous_without_draft")
        if hirelings is False:
            raise UnsupportedSetup.told("error_root_adventurous_without_hirelings")


def check_players(players: list[str], options: dict[str, Any], corner_factions: tuple[str, ...]) -> None:
    """Law 5: five or more factions that start in corner clearings need the Advanced Setup's faction setup cards
    (A.8.1–A.8.2), whose homelands are not corners; set up as in the Standard Setup (A.8) they cannot all fit."""
    if not is_advanced(options):
        return
    if setup_cards.is_draft(options):
        setup_cards.check(players, options, playable())
        return
    corners = [f for f in players if f in corner_factions]
    if len(corners) > 4 and options.get("factions", "standard") == "standard":
        raise UnsupportedSetup.told("error_root_corners_need_draft", count=len(corners), factions=corners)


def playable() -> tuple[str, ...]:
    """Factions whose setup the engine has (their Standard Setup step is registered)."""
    return tuple(f for f in setup_cards.cards() if f"{'vagabond' if f == 'vagabond2' else f}.setup" in RootState.STEPS)


def hirelings_module() -> Any:
    """The hirelings module (Appendix E), imported when a game uses hirelings (it imports the shared rules)."""
    return hirelings


def start(st: RootState) -> None:
    """Push the Advanced Setup's steps; ``new()`` has set up the map (A.1), deck (A.2) and seats (A.4)."""
    st.push("setup.advanced", i=0)


@register
class AdvancedSetup(Step):
    """Appendix A steps 5–10, in order."""

    kind = "setup.advanced"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:
            _deal_landmarks(st)
        elif i == 1:
            _set_up_hirelings(st)
        elif i == 2:
            for s in st.seats:  # A.7
                st.draw(s, DRAW, "A.7")
        elif i == 3:
            if setup_cards.is_draft(st.options):  # A.8.1–A.8.2: the faction setup cards
                setup_cards.deal(st, playable())
            else:
                for f in reversed(st.factions):  # A.8: as in the Standard Setup (5.1.7)
                    st.push(f"{st.faction_of(f)}.setup", i=0, seat=f)
        elif i == 4:
            for s in reversed(st.seats):  # A.10
                if len(st.hands[s]) > KEEP:
                    st.push("setup.keep_three", seat=s)
        else:
            st.pop(fr)
            st.rng.shuffle(st.deck)  # A.10: "When finished, shuffle the shared deck."
            st.emit("deck_shuffled", "A.10", count=len(st.deck))


# -- A.5 Landmarks ---------------------------------------------------------------------------------
def _deal_landmarks(st: RootState) -> None:
    kept = st.options.get("landmarks")
    if not kept:
        return
    if st.options.get("map_landmarks") == "ignore":  # A.5: "you may ignore … the Tower and Ferry" of Appendix C
        for name in ("tower", "ferry"):
            lm.lift_map_piece(st, name)
    pool = list(kept)
    st.rng.shuffle(pool)  # A.5.2
    dealt = pool[:int(st.options.get("landmark_count", min(2, len(pool))))]
    for name in dealt:
        lm.lift_map_piece(st, name)  # A.5: the card overrides the variant map's placement
    st.emit("landmarks_dealt", "A.5.2", landmarks=list(dealt), faction=st.seats[-1])  # the first to set one up
    _next_landmark(st, st.push("setup.landmark", seat=st.seats[-1], left=list(dealt), n=0))


@register
class SetUpLandmark(Step):
    """A.5.3: the last player in turn order sets up one dealt landmark as its card describes, the
    second-to-last player the other one."""

    kind = "setup.landmark"
    rule = R("A.5.3")

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"landmarks": list(fr["left"])}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"landmark {name} {c + 1}", "landmark", {"landmark": name, "clearing": c + 1}, R("A.5.3"))
                for name in fr["left"] for c in lm.clearings_for(st, name)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        name = opt.args["landmark"]
        lm.place(st, fr["seat"], name, opt.args["clearing"] - 1)
        fr["left"].remove(name)
        _next_landmark(st, fr)


def _next_landmark(st: RootState, fr: dict) -> None:
    """Hand the next dealt landmark to the next player back in turn order; one that no clearing can take
    (its card's conditions cannot be met) stays off the map."""
    for name in list(fr["left"]):
        if not lm.clearings_for(st, name):
            fr["left"].remove(name)
            st.emit("landmark_unplaced", "A.5.3", landmark=name)
    if not fr["left"]:
        st.pop(fr)
        return
    fr["n"] += 1
    fr["seat"] = st.seats[-fr["n"] % len(st.seats)]


# -- A.6 Hirelings ---------------------------------------------------------------------------------
def _set_up_hirelings(st: RootState) -> None:
    chosen = st.options.get("hirelings", False)
    if chosen is False:
        return
    mod = hirelings_module()
    if chosen is True:
        names = sorted(getattr(mod, "HIRELINGS", ()))
        if not setup_cards.is_draft(st.options) and hasattr(mod, "side_info"):
            # A.6.5: a faction cannot be played with its hireling; the factions are chosen already (A.8 as in the
            # Standard Setup), so the hirelings dealt are those whose faction is not among them
            playing = {st.faction_of(s) for s in st.seats}
            names = [n for n in names if mod.side_info(n)["faction"] not in playing]
        if len(names) < 3:
            raise UnsupportedSetup.told("error_root_too_few_hirelings")
        st.rng.shuffle(names)
        chosen = names[:3]
    chosen = list(chosen)
    k = DEMOTED.get(len(st.seats), 3)  # A.6.2: three players one, four two, five or more all three
    order = list(chosen)
    st.rng.shuffle(order)
    mod.setup_hirelings(st, chosen, demoted=sorted(order[:k]))


# -- A.10 Choose Starting Hands --------------------------------------------------------------------
@register
class KeepThree(Step):
    """A.10: a player keeps three of their five cards and puts the others face down on the shared deck,
    one card per decision (which cards is seen only by that player)."""

    kind = "setup.keep_three"
    rule = R("A.10")

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"count": len(st.hands[fr["seat"]]) - KEEP}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"return {st.card(c).key}", "return_card", {"card": st.card(c).key}, R("A.10"))
                for c in st.distinct(st.hands[fr["seat"]])]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        seat = fr["seat"]
        cid = st.find_in(st.hands[seat], opt.args["card"])
        assert cid is not None
        st.hands[seat].remove(cid)
        st.deck.append(cid)  # face down on top of the deck (the top is the end)
        st.emit("card_returned", "A.10", faction=seat)  # everyone sees a card go back, only its player which
        st.emit("card_returned_private", "A.10", (seat,), faction=seat, card=st.card(cid).key)
        if len(st.hands[seat]) <= KEEP:
            st.pop(fr)
