"""The Great Wall (Wielki Mur) as a planszowki game: setup ("Przygotowanie gry"), saves, positions and
determinization. The standard game for 3 and 4 players; the 2-player mode (Reed Clan), solo (Qin Jiushao) and the
co-operative mode are refused with :class:`UnsupportedSetup` (docs/great_wall.md, "Not implemented").

The game assembles its steps in one place (``STEPS`` below) from the modules of the rules.
"""

from __future__ import annotations

from typing import Any

from ...engine import Event, InvalidPosition, Rng, UnsupportedSetup
from ...engine.flow import plain
from ...engine.rng import as_rng
from . import coop, effects, horde, locations, solo, year
from .content import Content, ContentError, load_content
from .horde import new_card, place_horde_card
from .modes import hooks_for
from .position import load_position
from .sections import cite
from .state import CLANS, GreatWallState

GreatWallState.STEPS = {s.kind: s for s in (*year.STEPS, *effects.STEPS, *locations.STEPS, *horde.STEPS,
                                             *coop.STEPS, *solo.STEPS)}
# "Tryb solo": a decision that falls to Qin Jiushao (no seat) is taken by his procedure (solo.QinDecides)
GreatWallState.STEPS = solo.qin_decides(GreatWallState.STEPS)

KNOWN_OPTIONS = {"content", "mode", "reed", "qin", "qin_honor", "qin_advisors"}
SAVE_FORMAT = "planszowki.great_wall/1"


def _check(players: list[str] | None, options: dict[str, Any]) -> list[str]:
    unknown = set(options) - KNOWN_OPTIONS
    if unknown:
        raise UnsupportedSetup.told("error_unknown_options", names=sorted(unknown), known=sorted(KNOWN_OPTIONS))
    mode = options.get("mode", "standard")
    if mode == "coop" and (players is not None and not 2 <= len(players) <= 4):
        raise UnsupportedSetup.told("error_gw_coop_player_count", rule=cite("modes.coop"))
    if players is not None and len(players) == 1 and "mode" not in options:
        mode = "solo"  # one player: the solo mode against Qin Jiushao
    if (mode == "solo") != (players is not None and len(players) == 1):
        raise UnsupportedSetup.told("error_gw_solo_player_count", rule=cite("modes.solo"), players=players, mode=mode)
    if mode == "solo":
        solo_options(list(players or ()), options)
        return list(players or ())
    for key in ("qin", "qin_honor", "qin_advisors"):
        if key in options:
            raise UnsupportedSetup.told("error_gw_solo_only_option", name=key, rule=cite("modes.solo"))
    if mode not in ("standard", "coop"):
        raise UnsupportedSetup.told("error_gw_mode", mode=mode)
    players = list(players or CLANS[:3])
    if len(players) > 4:
        raise UnsupportedSetup.told("error_gw_player_count", rule=cite("setup"))
    if len(set(players)) != len(players) or any(p not in CLANS for p in players):
        raise UnsupportedSetup.told("error_gw_clans", clans=list(CLANS), rule=cite("setup"), players=players)
    if "reed" in options and (len(players) != 2 or options["reed"] not in CLANS or options["reed"] in players):
        raise UnsupportedSetup.told("error_gw_reed", rule=cite("modes.two"), value=options["reed"])
    return players


def solo_options(players: list[str], options: dict[str, Any]) -> None:
    """"Tryb solo": one clan; the Reed Clan's and Qin's colours (options ``reed``, ``qin``) two others, different;
    ``qin_honor`` 0, 50 or 150 and ``qin_advisors`` 1 or 2 ("Poziom trudności", "Odświeżanie toru Doradców")."""
    rule = cite("modes.solo")
    if len(players) != 1 or players[0] not in CLANS:
        raise UnsupportedSetup.told("error_gw_solo_clan", rule=rule, clans=list(CLANS), players=players)
    reed, qin = reed_colour(players, options), qin_colour(players, options)
    for key, val in (("reed", reed), ("qin", qin)):
        if key in options and (val not in CLANS or val in players or reed == qin):
            raise UnsupportedSetup.told("error_gw_solo_colour", name=key, rule=rule, value=options[key])
    if options.get("qin_honor", 0) not in solo.HONOR_START:
        raise UnsupportedSetup.told("error_gw_qin_honor", rule=cite("modes.solo.difficulty"),
                                    values=list(solo.HONOR_START), value=options["qin_honor"])
    if options.get("qin_advisors", 1) not in (1, 2):
        raise UnsupportedSetup.told("error_gw_qin_advisors", rule=cite("modes.solo.advisors"),
                                    value=options["qin_advisors"])


def qin_colour(players: list[str], options: dict[str, Any]) -> str:
    """Solo: Qin Jiushao takes the colour of another free clan (option ``qin``; else the first free after the Reed
    Clan's)."""
    if len(players) != 1:
        return ""
    reed = reed_colour(players, options)
    return str(options.get("qin") or next(c for c in CLANS if c not in players and c != reed))


def reed_colour(players: list[str], options: dict[str, Any]) -> str:
    """2 players and solo: the Reed Clan takes the colour of a clan nobody chose (option ``reed``; else the first
    free)."""
    if len(players) not in (1, 2):
        return ""
    return str(options.get("reed") or next(c for c in CLANS if c not in players))


class GreatWallGame:
    """The object ``planszowki.load("great_wall")`` returns."""

    name = "great_wall"
    factions = CLANS

    def new(self, seed: int = 0, players: list[str] | None = None,
            options: dict[str, Any] | None = None) -> GreatWallState:
        options = dict(options or {})
        seats = _check(players, options)
        try:
            content = load_content(options.get("content"))
            if options.get("mode") == "coop":  # the co-op cards shuffled in ("Tryb kooperacji", setup 4, 7, 8)
                content = coop.coop_content(content)
        except ContentError as exc:
            raise UnsupportedSetup.saying(exc) from None
        reed = reed_colour(seats, options)
        if reed and content.reed_command is None:
            raise UnsupportedSetup.told("error_gw_reed_command_missing", rule=cite("modes.two"))
        qin = qin_colour(seats, options)
        problem = solo.check_content(content) if qin else None
        if problem:
            raise UnsupportedSetup.told("error_gw_solo_content", rule=cite("modes.solo"), problem=problem)
        st = GreatWallState(content, seats, reed, qin, hooks_for(options.get("mode", "standard"), qin))
        st.rng = Rng(seed)
        st.options = options
        setup(st)
        return st

    # -- saves ----------------------------------------------------------------------------------------------
    def to_json(self, st: GreatWallState) -> dict[str, Any]:
        doc: dict[str, Any] = {"format": SAVE_FORMAT, "content_label": dict(st.content.label),
                               "options": plain(st.options), "seats": list(st.seats), "rng": st.rng.s,
                               "stack": plain(st.stack), "result": plain(st.result), "applied": st.applied,
                               "log": [e.to_json() for e in st.log]}
        for f in GreatWallState.DATA_FIELDS:
            doc[f] = plain(getattr(st, f))
        return doc

    def from_json(self, doc: dict[str, Any]) -> GreatWallState:
        if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
            raise InvalidPosition(f"not a Great Wall save (format must be {SAVE_FORMAT!r})")
        try:
            opts = dict(doc.get("options", {}))
            content = load_content(opts.get("content"))
            if opts.get("mode") == "coop":
                content = coop.coop_content(content)
            qin = str(doc.get("qin", ""))
            st = GreatWallState(content, list(doc["seats"]), str(doc.get("reed", "")), qin,
                                hooks_for(opts.get("mode", "standard"), qin))
            st.options = opts
            st.rng = Rng(int(doc["rng"]))
            st.stack = plain(doc["stack"])
            st.result = plain(doc.get("result"))
            st.applied = int(doc.get("applied", 0))
            for e in doc.get("log", []):
                st.log_chain.append(Event.from_json(e))
            for f in GreatWallState.DATA_FIELDS:
                # a save from before the 2-player game / the co-op game / the solo game
                if f in ("reed", "coop", "qin", "qin_track", "qin_deck") and f not in doc:
                    continue
                setattr(st, f, plain(doc[f]))
        except ContentError as exc:
            raise InvalidPosition.saying(exc) from None
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidPosition(f"Great Wall save is missing or has a bad field: {exc}") from None
        return st

    def from_position(self, doc: dict[str, Any]) -> GreatWallState:
        return load_position(doc)

    # -- hidden information ------------------------------------------------------------------------------------
    def determinize(self, st: GreatWallState, seat: str | None, rng: Any) -> GreatWallState:
        """A state consistent with ``view(seat)``: the other clans' Tactic hands, their face-down Supporting
        Advisors, unrevealed Command cards and drafts are redealt from what the seat cannot see; the decks are
        reshuffled (the Horde deck keeps its top card's invasion indicator, printed on its back). Resources behind
        the other screens are kept: every gain and payment is a public act (the log shows them), so they follow from
        what the seat has seen."""
        r = as_rng(rng)
        _ = st.decision
        d = st.copy()
        others = [s for s in d.seats if s != seat]
        # Tactics: other hands + the deck
        pool = sorted(d.tac_deck + [c for s in others for c in d.tac[s]])
        r.shuffle(pool)
        for s in others:
            k = len(d.tac[s])
            d.tac[s], pool = pool[:k], pool[k:]
        d.tac_deck = pool
        # Advisors: the others' face-down Supporting Advisor of the setup (the first; those hired later came from the
        # face-up track in view of all) + the deck + cards still in others' drafts
        hidden = list(d.adv_deck)
        for s in others:
            hidden += d.support[s][:1]
            if s in d.draft:
                hidden += d.draft[s]["advisors"]
        hidden.sort()
        r.shuffle(hidden)
        for s in others:
            k = len(d.support[s][:1])
            d.support[s][:k], hidden = hidden[:k], hidden[k:]
            if s in d.draft:
                dr = d.draft[s]
                dr["advisors"], hidden = hidden[:2], hidden[2:]
                if dr.get("active"):
                    dr["active"] = dr["advisors"][0]
        d.adv_deck = hidden
        # Generals still in others' drafts (the rest of the box is out of the game)
        if d.draft:
            used = {g for s in d.draft for g in d.draft[s]["generals"]} | {g for g in d.general.values() if g}
            gpool = sorted((set(d.content.generals) - used) | {g for s in others if s in d.draft
                                                               for g in d.draft[s]["generals"]})
            r.shuffle(gpool)
            for s in others:
                if s in d.draft:
                    dr = d.draft[s]
                    dr["generals"], gpool = gpool[:2], gpool[2:]
                    if dr.get("general"):
                        dr["general"] = dr["generals"][0]
        # unrevealed Command cards: any card of the owner's hand
        if not d.revealed:
            for s in others:
                if d.chosen[s]:
                    d.chosen[s] = d.cmd_hand[s][r.below(len(d.cmd_hand[s]))]
        # the Horde deck: its top card's back is public
        if d.horde_deck:
            inv = d.content.horde[d.horde_deck[-1]]["invasion"]
            deck = sorted(d.horde_deck)
            r.shuffle(deck)
            for i in range(len(deck) - 1, -1, -1):
                if d.content.horde[deck[i]]["invasion"] == inv:
                    deck.append(deck.pop(i))
                    break
            d.horde_deck = deck
        if d.coop:  # the Decree and Event decks lie face down
            coop.determinize(d, r)
        if d.qin:  # Qin Jiushao's Command deck and his face-down Supporting Advisors ("Tryb solo")
            solo.determinize(d, seat, r)
        d.rng = Rng(r.next64())
        return d


def setup(st: GreatWallState) -> None:
    """Przygotowanie gry, steps 1-20, for 3 and 4 players."""
    c = st.content
    b = c.board
    st.emit("gw.setup", cite("setup"), content=c.name, demo=c.demo, players=list(st.seats))
    arts = sorted(c.artifacts)
    st.rng.shuffle(arts)
    st.artifacts = arts[:b["artifacts"]]
    # 4. the Horde deck; 2 players: without the cards whose back points at the left section, which takes no part
    deck = sorted(h for h in c.horde if not st.reed or c.horde[h]["invasion"] in st.secs)
    st.horde_discard = sorted(set(c.horde) - set(deck))
    st.rng.shuffle(deck)
    st.horde_deck = deck
    for sec in st.secs:  # 5. one card on the first space of each section (in play)
        st.horde[sec].append(new_card(st.horde_deck.pop()))
    if st.n == 4:  # the fourth card by the invasion indicator of the deck's new top card
        place_horde_card(st, cite("setup.horde"))
    # 6. a Barricade on every Barricade space (2 players: 6, on the two sections in play; the left section's
    # Horde spaces hold Barricades that never leave: it is simply out of play here)
    st.barricades = [b["barricade_slots"] if sec in st.secs else 0 for sec in range(3)]
    tac = sorted(c.tactics)
    st.rng.shuffle(tac)
    st.tac_deck = tac
    for s in st.seats:
        st.cmd_hand[s] = list(c.commands)
    if st.reed:  # 8. the Reed Clan: its Command card, 3 clerks (one in each of the mills), all its spearmen
        assert c.reed_command is not None
        st.cmd_hand[st.reed] = [c.reed_command["id"]]
        st.pool[st.reed] = [b["soldiers"]["spearman"], 0, 0]
        st.clerks[st.reed] = st.unhired[st.reed] = 0
        for lid in c.loc_ids:
            loc = c.loc[lid]
            if loc["effect"] == "production" and loc["resource"] != "chi":
                st.at[lid].append(st.reed)
        st.emit("gw.reed_setup", cite("modes.two"), seat=st.reed, card=c.reed_command["id"])
    gens = sorted(c.generals)
    st.rng.shuffle(gens)
    advs = sorted(c.advisors)
    st.rng.shuffle(advs)
    for s in st.seats:
        st.draft[s] = {"generals": [gens.pop(), gens.pop()], "advisors": [advs.pop(), advs.pop()],
                       "general": "", "active": ""}
        st.emit("gw.dealt", cite("setup.draft"), (s,), seat=s, generals=list(st.draft[s]["generals"]),
                advisors=list(st.draft[s]["advisors"]))
    st.adv_deck = advs
    st.adv_track = [st.adv_deck.pop() for _ in range(b["advisor_track"])]
    if st.options.get("mode") == "coop":  # "Tryb kooperacji": Decrees, an extra Horde card, the Event deck
        coop.setup(st)
    if st.qin:  # "Tryb solo": Qin Jiushao's General card, track, deck, overseers, Supporting Advisors
        solo.setup_solo(st)
    st.push("gw.year", stage="spring")
    st.push("gw.reveal")
    for s in reversed(st.seats):
        st.push("gw.draft", seat=s)






GAME = GreatWallGame()
__all__ = ["GAME", "Content", "GreatWallGame"]
