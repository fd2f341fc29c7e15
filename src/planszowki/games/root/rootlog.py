"""Rootlog, the community notation for recorded games of Root (v2.8, ``reference/root/rootlog``).

:func:`write` turns a game's *public* log into Rootlog text: a header (map, deck, one line per faction),
one line per faction setup, one line per turn, then ``Winner:``. Rootlog records how pieces, cards and
items move rather than which actions were taken, so each log event becomes the moves it caused:
``2w5->6`` (two of the current player's warriors from clearing 5 to 6), ``Cw3->`` (a Marquise warrior
removed), ``F#C->`` (the Marquise discards a fox card), ``XE3F@`` (battle against the Eyrie in 3, the
defender ambushes with a fox ambush) and so on. Only events every seat may see are used, so the text
never tells more than a spectator knows: supporters and cards changing hands are written without their
faces, as Rootlog does (``#E->A$``).

:func:`read` parses Rootlog (ours and hand-written files) into :class:`RootlogGame`, and :func:`replay`
follows its moves turn by turn on a :class:`Tally` of where pieces, cards and points are. The tests use
this to check that what :func:`write` says reproduces the engine's board after every turn.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ... import i18n
from .content import DECKS, Map, load_deck
from .factions import keepers as kp
from .factions import vagabond as vb
from .hirelings import side_info, side_of
from .state import OWNER, RootState

#: the spec's "Hireling Types": a hireling card's letter (either side), written ``h_<letter>`` (``d``: demoted)
HIRELING_LETTER = {"forest_patrol": "C", "feline_physicians": "C", "last_dynasty": "E", "bluebird_nobles": "E",
                   "spring_uprising": "A", "rabbit_scouts": "A", "the_exile": "V", "the_brigand": "V",
                   "warm_sun_prophets": "L", "lizard_envoys": "L", "riverfolk_flotilla": "O", "otter_divers": "O",
                   "sunward_expedition": "D", "mole_artisans": "D", "corvid_spies": "P", "raven_sentries": "P",
                   "flame_bearers": "H", "rat_smugglers": "H", "vault_keepers": "K", "badger_bodyguards": "K",
                   "highway_bandits": "T", "bandit_gangs": "T", "furious_protector": "S", "stoic_protector": "S",
                   "popular_band": "J", "street_band": "J"}


#: events that move a hireling's pawn: (its letter, the argument naming where to)
HIRELING_PAWN_EVENTS = {"flotilla_moved": ("h_O", "clearing"), "protector_moved": ("h_S", "clearing"),
                        "stoic_moved": ("h_S", "clearing"), "exile_placed": ("h_V", "forest"),
                        "exile_move": ("h_V", "forest")}


class _Letters(dict):
    """Faction letters; a hireling's pieces ("hireling:<side>", Appendix E) are written as the hireling,
    ``h_<letter>`` ("Hirelings can be used as Factions for notation")."""

    def __missing__(self, key: str) -> str:
        if key.startswith("hireling:") and key[9:] in HIRELING_LETTER:
            return "h_" + HIRELING_LETTER[key[9:]]
        raise KeyError(key)


#: Rootlog faction letters (the spec's "Factions" table); the second Vagabond is ``G``
LETTER = _Letters({"marquise": "C", "eyrie": "E", "alliance": "A", "vagabond": "V", "vagabond2": "G"})
LETTER["riverfolk"] = "O"
LETTER["cult"] = "L"
LETTER["duchy"] = "D"
LETTER["corvid"] = "P"
LETTER["warlord"] = "H"  # the Lord of the Hundreds
LETTER["keepers"] = "K"  # the Keepers in Iron
#: A.8.2: seats still unnamed in the faction draft ("player1" …) have no letter; their public events wait until they
#: choose (the log is renamed then)
_DRAFTING = frozenset(f"player{i}" for i in range(1, 7))
FACTION_OF_LETTER = {v: k for k, v in LETTER.items()}
#: building and token kinds as Rootlog pieces (the spec's "Special Faction Syntax")
PIECE = {"sawmill": "b_s", "workshop": "b_w", "recruiter": "b_r", "keep": "t_k", "wood": "t", "roost": "b",
         "base_fox": "b_f", "base_rabbit": "b_r", "base_mouse": "b_m", "sympathy": "t"}
PIECE.update({"trade_fox": "t_f", "trade_rabbit": "t_r", "trade_mouse": "t_m"})  # the Riverfolk's trade posts
PIECE.update({"garden_fox": "b_f", "garden_rabbit": "b_r", "garden_mouse": "b_m"})  # the Lizard Cult's gardens
PIECE.update({"citadel": "b_c", "market": "b_m", "tunnel": "t"})  # the Underground Duchy
#: the Corvid Conspiracy's plots: ``t`` face down, ``t_b`` bomb, ``t_s`` snare, ``t_e`` extortion, ``t_r`` raid
PIECE.update({"plot": "t", "plot_bomb": "t_b", "plot_snare": "t_s", "plot_extortion": "t_e", "plot_raid": "t_r"})
PIECE.update({"stronghold": "b", "mob": "t"})  # the Lord of the Hundreds (its warlord is ``w_w``)
PIECE["vault"] = "b"  # Appendix E: the Vault Keepers' vaults (the hireling's buildings)
PIECE["foothold"] = "t"  # Appendix E: the Sunward Expedition's footholds (the hireling's tokens)
#: the Keepers in Iron (15.2.1, 15.2.2): a relic face down ``t_f`` (its type), face up ``t_2_f`` (value and type);
#: a waystation ``b_f_t`` (the side showing, then the other)
RELIC_LETTER = {"figure": "f", "tablet": "t", "jewelry": "j"}
PIECE.update({f"relic_{t}_{v}": f"t_{v}_{x}" for t, x in RELIC_LETTER.items() for v in (1, 2, 3)})
PIECE.update({f"waystation_{a}_{b}": f"b_{x}_{y}" for a, x in RELIC_LETTER.items() for b, y in RELIC_LETTER.items()
              if a != b})
RETINUE = {"move": "1", "battle": "2", "recover": "3"}
PLOT = {"bomb": "t_b", "snare": "t_s", "extortion": "t_e", "raid": "t_r"}
ITEM = {"sword": "s", "bag": "b", "coin": "c", "crossbow": "x", "hammer": "h", "tea": "t", "torch": "r",
        "boot": "f"}
SUIT = {"fox": "F", "mouse": "M", "rabbit": "R", "bird": "B"}
#: Appendix F: the spec's landmark names (Landmark Setup)
LANDMARK = {"tower": "tower", "ferry": "ferry", "black_market": "market", "elder_treetop": "treetop",
            "legendary_forge": "forge", "lost_city": "city"}
MAP_NAME = {"autumn": "Fall", "winter": "Winter", "lake": "Lake", "mountain": "Mountain"}
DECREE = {"recruit": "r", "move": "m", "battle": "x", "build": "b"}
#: 9.2.9 relationship spaces: indifferent 0, the two middle spaces 1 and 2, allied 3
RELATION = {0: "0", 1: "1", 2: "2", 3: "a"}
#: the spec's optional card abbreviations for the standard deck and the quests
ABBREVIATION = {
    "Ambush!": "@", "Dominance": "dom", "Armorers": "armor", "Better Burrow Bank": "bank",
    "Brutal Tactics": "brutal", "Command Warren": "command", "Cobbler": "cob", "Codebreakers": "codeb",
    "Royal Claim": "royal", "Sappers": "sap", "Scouting Party": "scout", "Stand and Deliver!": "stand",
    "Tax Collector": "tax", "Favor of the Foxes": "favor", "Favor of the Mice": "favor",
    "Favor of the Rabbits": "favor",
    "Errand": "errand", "Expel Bandits": "bandits", "Fend Off a Bear": "bear", "Escort": "escort",
    "Fundraising": "funds", "Give a Speech": "speech", "Guard Duty": "guard", "Logistics Help": "logs",
    "Repair a Shed": "shed",
    # the Exiles and Partisans deck (A.2); the spec writes the Partisans as ``part`` with their suit
    "Boat Builders": "boat", "Charm Offensive": "charm", "Coffin Makers": "coffin", "Corvid Planners": "cplans",
    "Eyrie Emigre": "emi", "False Orders": "false", "Fox Partisans": "part", "Rabbit Partisans": "part",
    "Mouse Partisans": "part", "Informants": "inform", "League of Adventurous Mice": "league",
    "Master Engravers": "engrave", "Murine Broker": "murine", "Propaganda Bureau": "prop", "Saboteurs": "sabo",
    "Soup Kitchens": "soup", "Swap Meet": "swap", "Tunnels": "tun",
}
#: the ``Deck:`` header of each deck (2.1; A.2 the Exiles and Partisans deck)
DECK_NAME = {"standard": "Standard", "exiles": "E&P"}
#: events that belong to one faction without naming it
EYRIE_EVENTS = frozenset({"leader", "viziers", "add_to_decree", "purge", "depose", "new_clutch", "rest",
                          "turmoil", "emergency_orders"})
ALLIANCE_EVENTS = frozenset({"supporter_added", "supporter_discarded", "spend_supporter", "discard_supporter",
                             "officer", "officers_lost", "mobilize", "revolt", "spread"})


def _name(card_key: str) -> str:
    """The spec's lower-case name of a card (its abbreviation where the spec gives one)."""
    name = card_key.split(":", 1)[1]
    return ABBREVIATION.get(name) or re.sub(r"[^a-z0-9]", "", name.lower())


def _suit(card_key: str) -> str:
    return SUIT[card_key.split(":", 1)[0]]


#: Riverfolk events that do not name a faction (11.2.5.I, 11.4.3, 11.5, 11.6.2)
RIVERFOLK_EVENTS = frozenset({"set_price", "trade_disruption", "funds_removed", "gather_funds", "fund_spent",
                              "fund_committed", "fund_crafting", "export"})


def _owner(ev_kind: str, args: dict[str, Any]) -> str | None:
    if ev_kind in RIVERFOLK_EVENTS:
        return "riverfolk"
    if "faction" in args:
        return args["faction"]
    if ev_kind in EYRIE_EVENTS:
        return "eyrie"
    if ev_kind in ALLIANCE_EVENTS:
        return "alliance"
    return None


class _Writer:
    """Turns events into Rootlog actions, one line per setup or turn."""

    def __init__(self, board: Map, seats: list[str]) -> None:
        self.map = board
        self.seats = seats
        self.current = ""
        self.setup: dict[str, list[str]] = {}
        self.turns: list[tuple[str, list[str]]] = []
        self.tokens: list[str] = []
        self.removed: list[tuple[int, str, int]] = []  # (token index, clearing, count) of Marquise removals
        self.battle_at = -1  # index of the current battle's token, for its ambush cards
        self.pawn: dict[str, str] = {}
        self.outrage: tuple[str, bool] = ("", False)  # payer, and whether they showed their hand instead
        self.aided = ""
        self.winners: list[str] = []
        self.reason = ""
        self.in_setup = True
        self.hirelings: list[str] = []  # Appendix E: the hirelings in play, for the header
        self.hireling_setup: list[str] = []
        #: A.5.3: the landmarks set up, for the ``Landmarks:`` header (``market->1``)
        self.landmarks: list[str] = []
        #: A.8.1: the faction setup cards dealt for the draft, for the ``Pool:`` header (the spec's ADSET)
        self.pool: list[str] = []
        self.lord_out = 0  # 14.2.2: the clearing whose warlord the next removal takes
        self.raze_at = 0  # 14.4.1: the clearing being razed

    # -- helpers -------------------------------------------------------------------------------
    def pf(self, faction: str) -> str:
        """Faction prefix of a piece: omitted for the current player."""
        return "" if faction == self.current else LETTER[faction]

    def board(self, faction: str) -> str:
        return f"{self.pf(faction)}$"

    def location(self, label: str) -> str:
        """A clearing number, or a forest written as the clearings around it (``F3`` -> ``1_5_9_10``)."""
        if label.startswith("F"):
            return "_".join(str(c + 1) for c in sorted(self.map.forests[int(label[1:]) - 1]))
        return label

    def add(self, *tokens: str) -> None:
        self.tokens.extend(tokens)

    def flush(self) -> None:
        if self.in_setup:
            return
        if self.current:
            self.turns.append((self.current, _merge(self.tokens)))
        self.tokens, self.removed, self.battle_at = [], [], -1

    # -- events --------------------------------------------------------------------------------
    def event(self, kind: str, a: dict[str, Any], rule: str) -> None:
        if kind == "hirelings":
            self.on_hirelings(a, rule)
            return
        if self.in_setup and str(a.get("faction", "")).startswith("hireling:"):  # A.6 Step 3: warriors, a vault
            kept, self.tokens, self.current = (self.tokens, self.current), [], ""
            handler = getattr(self, f"on_{kind}", None)
            if handler is not None:
                handler(a, rule)
            self.hireling_setup += self.tokens
            self.tokens, self.current = kept
            return
        if self.in_setup and kind in HIRELING_PAWN_EVENTS and rule == "A.6":  # a hireling's pawn set up (A.6)
            self.hireling_setup.append(self._hireling_pawn(kind, a))
            return
        if self.in_setup and kind == "bandit_placed":  # the Highway Bandits' setup (A.6): two bandits on paths
            self.hireling_setup.append(self._bandit(a))
            return
        if kind in ("setup_card_dealt", "setup_card_dealt_vagabond"):  # A.8.1: the draft's pool (``Pool:``)
            self.pool.append("G" if a["faction"] == "vagabond" and "V" in self.pool else LETTER[a["faction"]])
            return
        if self.in_setup and kind != "turn_start":
            owner = _owner(kind, a)
            if owner is None or owner not in LETTER:
                return
            self.current = owner
            self.tokens = self.setup.setdefault(owner, [])
        handler = getattr(self, f"on_{kind}", None)
        if handler is not None:
            handler(a, rule)

    def on_turn_start(self, a: dict, rule: str) -> None:
        if self.in_setup:
            self.in_setup = False
            self.setup = {f: _merge(t) for f, t in self.setup.items()}
        else:
            self.flush()
        self.current = a["faction"]
        self.tokens = []

    def on_place_warriors(self, a: dict, rule: str) -> None:
        n, f, c = a["count"], a["faction"], a["clearing"]
        if rule == "6.2.3" and self._field_hospitals(c, n):
            return
        self.add(f"{_n(n)}{self.pf(f)}w->{self.loc(c)}")

    def loc(self, c: int | str) -> int:
        """A clearing's number; the Burrow (``"burrow"`` in events, 12.2.2) is ``0`` (the spec's Duchy)."""
        return 0 if c == "burrow" or c > self.map.n else c

    def _field_hospitals(self, keep: int, n: int) -> bool:
        """6.2.3, as the spec asks: warriors saved by Field Hospitals move from where they were removed
        to the keep's clearing instead of going to the supply. The latest removals of one clearing that
        add up to the saved warriors become that move."""
        tried: set[str] = set()
        for _, c, _ in reversed(self.removed):
            if c in tried:
                continue
            tried.add(c)
            group = [r for r in self.removed if r[1] == c]
            if sum(r[2] for r in group) == n:
                for i, _, _ in group:
                    self.tokens[i] = ""
                self.tokens[group[-1][0]] = f"{_n(n)}{self.pf('marquise')}w{c}->{keep}"
                self.removed = [r for r in self.removed if r[1] != c]
                return True
        return False

    def on_place_building(self, a: dict, rule: str) -> None:
        self.add(f"{self.pf(a['faction'])}{PIECE[a['building']]}->{a['clearing']}")

    def on_place_token(self, a: dict, rule: str) -> None:
        self.add(f"{self.pf(a['faction'])}{PIECE[a['token']]}->{a['clearing']}")

    def on_move(self, a: dict, rule: str) -> None:
        self.add(f"{_n(a['count'])}{self.pf(a['faction'])}w{self.loc(a['src'])}->{self.loc(a['dst'])}")

    def on_remove_warriors(self, a: dict, rule: str) -> None:
        f, c, n = a["faction"], a["clearing"], a["count"]
        if f == "warlord" and self.lord_out == c:  # 14.2.2: the warlord goes with its clearing's last warrior
            self.lord_out = 0
            p = self.pf(f)
            self.add(f"{p}w_w{c}->" if n == 1 else f"({_n(n - 1)}{p}w+{p}w_w){c}->")
            return
        if f == "marquise":
            self.removed.append((len(self.tokens), str(c), n))
        self.add(f"{_n(n)}{self.pf(f)}w{self.loc(c)}->")

    def on_remove_piece(self, a: dict, rule: str) -> None:
        piece = a["piece"]
        if piece in PIECE:
            self.add(f"{self.pf(OWNER[piece])}{PIECE[piece]}{a['clearing']}->")

    def on_pay_wood(self, a: dict, rule: str) -> None:
        self.add(f"{self.pf('marquise')}t{a['clearing']}->")

    def on_ferry(self, a: dict, rule: str) -> None:
        """C.2.5: the Ferry goes along with the warriors that crossed the lake — ``(2w+f)1->12`` — or alone
        after the Vagabond's pawn (``p->12/f1->12``)."""
        src, dst = a["src"], a["dst"]
        for i in range(len(self.tokens) - 1, -1, -1):
            m = re.fullmatch(rf"(\d*[A-Z]?w){src}->{dst}", self.tokens[i])
            if m:
                self.tokens[i] = f"({m.group(1)}+f){src}->{dst}"
                return
        self.add(f"f{src}->{dst}")

    def on_landmarks_dealt(self, a: dict, rule: str) -> None:
        """A.5.2: a dealt Ferry card lifts the Lake's Ferry from its corner (C.2.1), where the reader starts it."""
        if "ferry" in a["landmarks"] and self.map.ferry >= 0:
            self.add(f"f{self.map.ferry + 1}->")

    def on_landmark(self, a: dict, rule: str) -> None:
        """A.5.3: the Ferry landmark set up (``f->4``); the Tower is no piece that moves and is not written. Every
        landmark set up goes into the ``Landmarks:`` header too (``market->1``). The Black Market's face-down cards
        and its swaps, and the Legendary Forge's items, have no notation in the spec: not written."""
        self.landmarks.append(f"{LANDMARK[a['landmark']]}->{a['clearing']}")
        if a["landmark"] == "ferry":
            self.add(f"f->{a['clearing']}")

    def on_card_returned(self, a: dict, rule: str) -> None:
        """A.10: a card of the five drawn goes face down on the deck."""
        self.add(f"#{LETTER[a['faction']]}->")

    def on_acolytes_placed(self, a: dict, rule: str) -> None:
        """The Cult's Advanced Setup card: warriors straight into the Acolytes box."""
        self.add(f"{_n(a['count'])}{self.pf('cult')}w->{self.board('cult')}")

    def on_open_path(self, a: dict, rule: str) -> None:
        self.add(f"{a['path']}->")  # C.3.3: a closed path marker removed from the game

    def on_scorched_earth(self, a: dict, rule: str) -> None:
        self.add(f"{self._item(a['faction'], 'torch')}->{a['clearing']}")

    # cards
    def on_draw(self, a: dict, rule: str) -> None:
        self.add(f"{_n(a['count'])}#->{LETTER[a['faction']]}")

    def on_discard(self, a: dict, rule: str) -> None:
        if rule == "4.3.1.II":  # the ambush card: written in the battle (XE3F@)
            return
        self.add(f"{_card(a['card'])}{LETTER[a['faction']]}->")

    def on_spend(self, a: dict, rule: str) -> None:
        self.add(f"{_card(a['card'])}{LETTER[a['faction']]}->")

    def on_craft(self, a: dict, rule: str) -> None:
        key = a["card"]
        item = _crafted_item(key)
        if item:
            self.add(f"Z%{ITEM[item]}")
        elif _name(key) in ("favor", "part"):  # a Favor or Partisans card of that suit: ``ffavor``, ``fpart``
            self.add(f"Z{_suit(key).lower()}{_name(key)}")
        else:
            self.add(f"Z{_name(key)}")

    def on_discard_crafted(self, a: dict, rule: str) -> None:
        self.add(f"#{_name(a['card'])}{self.board(a['faction'])}->")

    def on_royal_claim(self, a: dict, rule: str) -> None:
        self.add(f"#royal{self.board(a['faction'])}->")

    def on_activate_dominance(self, a: dict, rule: str) -> None:
        self.add(f"{_card(a['card'])}{LETTER[a['faction']]}->{self.board(a['faction'])}", "++->$")

    def on_take_dominance(self, a: dict, rule: str) -> None:
        self.add(f"{_card(a['card'])}->{LETTER[a['faction']]}")

    def on_codebreakers(self, a: dict, rule: str) -> None:
        self.add(f"{LETTER[a['target']]}^{LETTER[a['faction']]}")

    def on_stand_and_deliver(self, a: dict, rule: str) -> None:
        self.add(f"#{LETTER[a['target']]}->{LETTER[a['faction']]}")

    on_steal = on_stand_and_deliver
    on_swap_meet = on_stand_and_deliver  # A.2 Swap Meet: a random card taken face down …

    def on_envoys_take(self, a: dict, rule: str) -> None:
        """The Lizard Envoys: a card from the discard pile into the hand (the spec's ``R#*->C``)."""
        self.add(f"{_card(a['card'])}*->{LETTER[a['faction']]}")

    def on_hireling_steal(self, a: dict, rule: str) -> None:
        """Appendix E: the Brigand's or the Corvid Spies' steal, a random card face down from one hand to another."""
        self.add(f"#{LETTER[a['target']]}->{LETTER[a['faction']]}")

    def on_swap_meet_give(self, a: dict, rule: str) -> None:
        self.add(f"#{LETTER[a['faction']]}->{LETTER[a['target']]}")  # … and one given back

    def on_informants(self, a: dict, rule: str) -> None:
        self.add(f"{_card(a['card'])}*->{LETTER[a['faction']]}")  # A.2 Informants: an ambush from the discard pile

    def on_score(self, a: dict, rule: str) -> None:
        d = a["delta"]
        if d:
            self.add(f"{self.pf(a['faction'])}{'++' if d > 0 else '--'}{abs(d) if abs(d) > 1 else ''}")

    # battle
    def on_battle(self, a: dict, rule: str) -> None:
        self.battle_at = len(self.tokens)
        self.add(f"{self.pf(a['faction'])}X{LETTER[a['defender']]}{a['clearing']}")

    def on_ambush(self, a: dict, rule: str) -> None:
        if self.battle_at >= 0:  # the defender's ambush card, then the attacker's foiling one
            self.tokens[self.battle_at] += f"{_suit(a['card'])}@"

    on_foil = on_ambush

    # Eyrie
    def on_leader(self, a: dict, rule: str) -> None:
        self.add(f"#{a['leader']}->{self.board('eyrie')}")

    def on_add_to_decree(self, a: dict, rule: str) -> None:
        # a card in the Decree is face up: named as other public cards are (a dominance card leaves the Decree
        # for beside the map, 3.3.3)
        self.add(f"{_card(a['card'])}{LETTER['eyrie']}->$_{DECREE[a['column']]}")

    def on_depose(self, a: dict, rule: str) -> None:
        self.add("$_->")  # 7.7.2-7.7.3: the Decree, viziers and leader leave the board together

    # Alliance
    def _supporter_source(self, rule: str) -> str:
        if rule == "8.2.6":
            payer, shown = self.outrage
            return "" if shown else LETTER[payer]
        if rule == "8.5.2":
            return LETTER["alliance"]
        return ""  # 8.3.4: from the deck

    def on_outrage(self, a: dict, rule: str) -> None:
        self.outrage = (a["faction"], False)

    def on_outrage_shown(self, a: dict, rule: str) -> None:
        self.outrage = (a["faction"], True)
        self.add(f"{LETTER[a['faction']]}^{LETTER['alliance']}")

    def on_supporter_added(self, a: dict, rule: str) -> None:
        self.add(f"#{self._supporter_source(rule)}->{self.board('alliance')}")

    def on_supporter_discarded(self, a: dict, rule: str) -> None:  # 8.2.3.I: no room, so discarded
        self.add(f"{_card(a['card'])}{self._supporter_source(rule)}->")

    def on_spend_supporter(self, a: dict, rule: str) -> None:
        self.add(f"{_card(a['card'])}{self.board('alliance')}->")

    on_discard_supporter = on_spend_supporter

    def on_officer(self, a: dict, rule: str) -> None:
        self.add(f"{self.pf('alliance')}w->{self.board('alliance')}")

    def on_officers_lost(self, a: dict, rule: str) -> None:
        self.add(f"{_n(a['count'])}{self.pf('alliance')}w{self.board('alliance')}->")

    # Vagabond
    def on_character(self, a: dict, rule: str) -> None:
        self.add(f"#{a['character']}->$")

    def on_pawn_placed(self, a: dict, rule: str) -> None:
        self.pawn[a["faction"]] = a["location"]
        self.add(f"{self.pf(a['faction'])}p->{self.location(a['location'])}")

    def on_pawn_move(self, a: dict, rule: str) -> None:
        self.pawn[a["faction"]] = a["dst"]
        self.add(f"{self.pf(a['faction'])}p->{self.location(a['dst'])}")

    def _item(self, faction: str, item: str, n: int = 1, side: str = "") -> str:
        """``%h``, ``%hV$`` on another player's board; ``side`` is where on the board the item starts and which
        side is up (the spec's item locations: ``d`` damaged, ``r`` face up, ``e`` exhausted)."""
        here = "" if faction == self.current else f"{LETTER[faction]}$"
        return f"{_n(n)}%{ITEM[item]}{here}{side}"

    def on_vagabond_item(self, a: dict, rule: str) -> None:
        f, item = a["faction"], a["item"]
        to = self.board(f)
        if rule == "9.5.3":  # from the ruin in the pawn's clearing
            self.add(f"%{ITEM[item]}{self.pawn.get(f, '')}->{to}")
        elif rule == "9.5.4":  # from the aided player's Crafted Items
            self.add(f"%{ITEM[item]}{LETTER[self.aided]}$->{to}")
        # 9.3.5 starting items come with the character; 9.2.1 crafted items are in ``Z%x``

    def on_exhaust(self, a: dict, rule: str) -> None:
        self.add(f"{self._item(a['faction'], a['item'], a['count'])}->e")

    # which item of a kind is damaged, repaired, refreshed or removed: the side it was on (``%he->``, ``%sr->d``,
    # ``%rde->s``, the spec's forms), as the engine's events give it
    def on_damage(self, a: dict, rule: str) -> None:
        self.add(f"{self._item(a['faction'], a['item'], side=ITEM_SIDE.get(a.get('state', ''), ''))}->d")

    def on_repair(self, a: dict, rule: str) -> None:
        self.add(f"{self._item(a['faction'], a['item'], side=ITEM_SIDE.get(a.get('state', ''), 'd'))}->s")

    def on_item_removed(self, a: dict, rule: str) -> None:
        self.add(f"{self._item(a['faction'], a['item'], side=ITEM_SIDE.get(a.get('state', ''), ''))}->")

    def on_refresh(self, a: dict, rule: str) -> None:
        if "item" not in a:
            self.add("%_->r")
            return
        self.add(f"{self._item(a['faction'], a['item'], side=ITEM_SIDE.get(a.get('state', ''), ''))}->r")

    def on_evening_rest(self, a: dict, rule: str) -> None:
        self.add("%_d->s+r")

    def on_aid(self, a: dict, rule: str) -> None:
        self.aided = a["target"]
        self.add(f"{SUIT[a['suit']]}#{LETTER[a['faction']]}->{LETTER[a['target']]}")

    def on_day_labor(self, a: dict, rule: str) -> None:
        self.add(f"{_suit(a['card'])}#*->{LETTER[a['faction']]}")

    def on_quest(self, a: dict, rule: str) -> None:
        self.add(f"{_suit(a['quest'])}#{_name(a['quest'])}Q->$")

    def on_relationship(self, a: dict, rule: str) -> None:
        self.add(f"{self.pf(a['faction'])}$_{LETTER[a['target']]}->{RELATION[a['level']]}")

    def on_hostile(self, a: dict, rule: str) -> None:
        self.add(f"{self.pf(a['faction'])}$_{LETTER[a['target']]}->h")

    def on_coalition(self, a: dict, rule: str) -> None:
        self.add(f"{_card(a['card'])}{LETTER[a['faction']]}->$", f"++->{LETTER[a['partner']]}$")

    # Lizard Cult: the faction board is its acolytes; Lost Souls are written as discards; returning the
    # revealed cards to the hand and discarding the Lost Souls are not notated (the spec's Lizard Cult)
    def on_revenge(self, a: dict, rule: str) -> None:
        """10.2.3: the warriors just removed go to the Acolytes box instead of the supply."""
        removed = f"{_n(a['count'])}{self.pf('cult')}w{a['clearing']}->"
        for i in range(len(self.tokens) - 1, -1, -1):
            if self.tokens[i] == removed:
                self.tokens[i] = removed + self.board("cult")
                return
        self.add(f"{_n(a['count'])}{self.pf('cult')}w->{self.board('cult')}")  # not expected

    def on_sacrifice(self, a: dict, rule: str) -> None:
        self.add(f"{self.pf('cult')}w->{self.board('cult')}")

    def on_acolytes_spent(self, a: dict, rule: str) -> None:
        self.add(f"{_n(a['count'])}{self.pf('cult')}w{self.board('cult')}->")

    # Underground Duchy: the faction board is its swayed ministers (``#brigadier->$``, lost: ``#brigadierD$->``)
    def on_sway(self, a: dict, rule: str) -> None:
        self.add(f"#{a['minister']}->{self.board('duchy')}")

    def on_minister_lost(self, a: dict, rule: str) -> None:
        self.add(f"#{a['minister']}{LETTER['duchy']}$->")

    def on_outcast(self, a: dict, rule: str) -> None:
        self.add(f"$_o->{SUIT[a['outcast']]}")

    def on_outcast_hated(self, a: dict, rule: str) -> None:
        self.add(f"$_ho->{SUIT[a['outcast']]}")

    def on_reveal(self, a: dict, rule: str) -> None:
        self.add(f"{_card(a['card'])}^")

    # Riverfolk Company: the faction board is Funds and Payments (committing is not notated); prices are
    # markers on the Services tracks (``$_h->3``); services bought show as the payment and the card taken
    def on_payments(self, a: dict, rule: str) -> None:
        self.add(f"{_n(a['count'])}{self.pf(a['faction'])}w->{self.board('riverfolk')}")

    def on_fund_spent(self, a: dict, rule: str) -> None:
        self.add(f"{_n(a['count'])}{self.pf(a['owner'])}w{self.board('riverfolk')}->")

    on_funds_removed = on_fund_spent

    def on_set_price(self, a: dict, rule: str) -> None:
        self.add(f"{self.board('riverfolk')}_{a['service'][0]}->{a['price']}")

    def on_buy_card(self, a: dict, rule: str) -> None:
        self.add(f"{_card(a['card'])}{LETTER['riverfolk']}->{LETTER[a['faction']]}")

    def on_export(self, a: dict, rule: str) -> None:
        self.add(f"{_card(a['card'])}{LETTER['riverfolk']}->")  # the spec: a discard, not a craft

    # Corvid Conspiracy: a flip is ``t5^t_b`` (a bomb then leaves: ``t_b5->``); a face-down plot removed is
    # turned over first (``Pt12^t_r/Pt_r12->``); Exposure ``#^P/?Pt_e3`` then the card given (``#C->P``) or the
    # plot removed; a trick ``t5<->t6``; extortion takes an unseen card (``#C->P``)
    # -- 15 the Keepers in Iron: relics, the Retinue (``$_1`` … ``$_3``), Faithful Retainers (``B#faith``) --------
    def _relic(self, kind: str) -> str:
        return f"{self.pf('keepers')}{PIECE.get(kind) or 't_' + RELIC_LETTER[kind.split('_')[1]]}"

    def _retinue_card(self, key: str) -> str:
        return "B#faith" if key == "bird:Faithful Retainer" else _card(key)

    def on_relics_placed(self, a: dict, rule: str) -> None:
        for f, k in zip(a["forests"], a["relics"], strict=True):
            self.add(f"{self._relic(k)}->{self.location(f)}")

    def on_retainers_tucked(self, a: dict, rule: str) -> None:
        for n in RETINUE.values():
            self.add(f"B#faith->{self.board('keepers')}_{n}")

    def on_delve(self, a: dict, rule: str) -> None:
        kind, c = a["relic"], a["clearing"]
        shown = f"relic_{kind.split('_')[1]}" if a["flipped"] else kind
        self.add(f"{self._relic(shown)}{self.location(a['forest'])}->{c}")
        if a["flipped"]:  # the spec's "Flip Relic Token"
            self.add(f"{self.pf('keepers')}t{c}^{PIECE[kind]}")

    def on_recover(self, a: dict, rule: str) -> None:
        self.add(f"{self._relic(a['relic'])}{a['clearing']}->{self.board('keepers')}")

    def on_relic_moved(self, a: dict, rule: str) -> None:
        self.add(f"{self._relic(a['relic'])}{a['src']}->{a['dst']}")

    def on_relic_to_forest(self, a: dict, rule: str) -> None:
        # 15.2.5: removed (``Kt_2_f9->``, as any piece), then placed face up in the forest its remover chose
        self.add(f"{self._relic(a['relic'])}->{self.location(a['forest'])}")

    def on_retinue_add(self, a: dict, rule: str) -> None:
        self.add(f"{_card(a['card'])}{LETTER['keepers']}->{self.board('keepers')}_{RETINUE[a['retinue']]}")

    def on_retinue_shift(self, a: dict, rule: str) -> None:
        b = self.board("keepers")
        self.add(f"{self._retinue_card(a['card'])}{b}_{RETINUE[a['retinue_from']]}->{b}_{RETINUE[a['retinue']]}")

    def on_retinue_discard(self, a: dict, rule: str) -> None:
        self.add(f"{self._retinue_card(a['card'])}{self.board('keepers')}_{RETINUE[a['retinue']]}->")

    def on_plot_flipped(self, a: dict, rule: str) -> None:
        self.add(f"{self.pf('corvid')}t{a['clearing']}^{PLOT[a['plot']]}")

    def on_plot_revealed(self, a: dict, rule: str) -> None:
        pf, c = self.pf("corvid"), a["clearing"]
        removed = f"{pf}t{c}->"
        for i in range(len(self.tokens) - 1, -1, -1):
            if self.tokens[i] == removed:
                self.tokens[i:i + 1] = [f"{pf}t{c}^{PLOT[a['plot']]}", f"{pf}{PLOT[a['plot']]}{c}->"]
                return

    def _exposure(self, a: dict, rule: str) -> None:
        self.add(f"#^{LETTER['corvid']}", f"?{LETTER['corvid']}{PLOT[a['plot']]}{a['clearing']}")

    on_exposure_correct = on_exposure_wrong = _exposure

    def on_card_given_corvid(self, a: dict, rule: str) -> None:
        self.add(f"#{LETTER[a['faction']]}->{LETTER[a['target']]}")

    def on_extortion(self, a: dict, rule: str) -> None:
        self.add(f"#{LETTER[a['target']]}->{LETTER[a['faction']]}")

    def on_trick(self, a: dict, rule: str) -> None:
        self.add(f"t{a['a']}<->t{a['b']}")

    # the Lord of the Hundreds: the warlord is the warrior ``w_w`` (spec: "Lord of the Hundreds")
    def on_place_warlord(self, a: dict, rule: str) -> None:
        self.add(f"{self.pf(a['faction'])}w_w->{a['clearing']}")

    def on_anoint(self, a: dict, rule: str) -> None:
        self.add(f"{self.pf(a['faction'])}w{a['clearing']}->")  # 14.4.3: ``w12->/w_w->12``

    def on_warlord_moves(self, a: dict, rule: str) -> None:
        """The move just written took the warlord along: ``3w3->5`` becomes ``(2w+w_w)3->5``."""
        src, dst, pre = a["src"], a["dst"], self.pf(a["faction"])
        for i in range(len(self.tokens) - 1, -1, -1):
            m = re.fullmatch(rf"(\d*){pre}w{src}->{dst}", self.tokens[i])
            if m:
                n = int(m.group(1) or 1)
                self.tokens[i] = (f"{pre}w_w{src}->{dst}" if n == 1
                                  else f"({_n(n - 1)}{pre}w+{pre}w_w){src}->{dst}")
                return

    def on_warlord_removed(self, a: dict, rule: str) -> None:
        c = a["clearing"]
        if rule != "4.3.4":
            self.lord_out = c  # 14.2.2: the removal that follows takes the warlord too
            return
        # 4.3.4: the Hundreds said the warlord was among the warriors just removed: ``2w5->`` becomes ``(w+w_w)5->``
        pre = self.pf(a["faction"])
        for i in range(len(self.tokens) - 1, -1, -1):
            m = re.fullmatch(rf"(\d*){pre}w{c}->", self.tokens[i])
            if m:
                n = int(m.group(1) or 1)
                self.tokens[i] = f"{pre}w_w{c}->" if n == 1 else f"({_n(n - 1)}{pre}w+{pre}w_w){c}->"
                return

    def on_mood(self, a: dict, rule: str) -> None:
        self.add(f"#{a['mood']}->{self.board(a['faction'])}")  # spec: ``#<mood name>->$``

    def on_raze(self, a: dict, rule: str) -> None:
        self.raze_at = a["clearing"]

    def on_hoard_gain(self, a: dict, rule: str) -> None:
        if rule == "14.4.1":  # from the ruin in the razed clearing (spec: ``%s12->$``)
            self.add(f"%{ITEM[a['item']]}{self.raze_at}->{self.board(a['faction'])}")
        # 14.2.3: ``Z%x`` put the crafted item on the board; 14.2.5: the loot event moves it

    def on_loot(self, a: dict, rule: str) -> None:
        self.add(f"%{ITEM[a['item']]}{LETTER[a['target']]}$->{self.board(a['faction'])}")

    def on_hoard_removed(self, a: dict, rule: str) -> None:
        self.add(f"%{ITEM[a['item']]}{self.board(a['faction'])}->")

    # Appendix E hirelings (the spec's "Hirelings"): hiring is ``<Hireling>-><Faction Board>[Number]``; a hireling's
    # setup is written on the ``Hirelings:`` header line, without who set it up
    def on_hirelings(self, a: dict, rule: str) -> None:
        self.hirelings = [LETTER[h] + ("d" if side_info(side_of(h))["side"] == "demoted" else "")
                          for h in a["hirelings"]]

    def on_hireling_gained(self, a: dict, rule: str) -> None:
        self.add(f"{LETTER[a['hireling']]}->{LETTER[a['faction']]}${a['markers']}")

    def _hireling_pawn(self, kind: str, a: dict) -> str:
        """A hireling's pawn moved (the spec's ``h_Op->4``): the Flotilla, a Protector in a clearing, the Exile in
        a forest (written as the clearings around it)."""
        letter, place = HIRELING_PAWN_EVENTS[kind]
        return f"{letter}p->{self.location(f'F{a[place]}') if place == 'forest' else a[place]}"

    def on_flotilla_moved(self, a: dict, rule: str) -> None:
        self.add(self._hireling_pawn("flotilla_moved", a))

    def on_protector_moved(self, a: dict, rule: str) -> None:
        self.add(self._hireling_pawn("protector_moved", a))

    def on_stoic_moved(self, a: dict, rule: str) -> None:
        self.add(self._hireling_pawn("stoic_moved", a))

    def on_exile_placed(self, a: dict, rule: str) -> None:
        self.add(self._hireling_pawn("exile_placed", a))

    def on_exile_move(self, a: dict, rule: str) -> None:
        self.add(self._hireling_pawn("exile_move", a))

    @staticmethod
    def _bandit(a: dict) -> str:
        """The Highway Bandits on paths (the spec's path notation ``<lower>_<higher>``): ``h_Tw->5_9``, or moved from
        another path, ``h_Tw1_5->5_9``."""
        src = str(a.get("src") or "").replace("-", "_")
        return f"h_Tw{src}->{a['path'].replace('-', '_')}"

    def on_bandit_placed(self, a: dict, rule: str) -> None:
        self.add(self._bandit(a))

    def on_brigand_item(self, a: dict, rule: str) -> None:
        """The Brigand takes an item from a ruin into its controller's Crafted Items box (``%s12->$``, as the
        Vagabond's explore; the ruin goes with its last item)."""
        self.add(f"%{ITEM[a['item']]}{a['clearing']}->{self.board(a['faction'])}")

    def on_game_over(self, a: dict, rule: str) -> None:
        self.winners, self.reason = list(a["winners"]), a.get("reason", "")


#: the engine's item states (9.2.5 face up or exhausted, 9.2.7 undamaged or damaged) as the spec's item locations
ITEM_SIDE = {"r": "r", "e": "e", "d": "dr", "x": "de"}


def _n(n: int) -> str:
    return str(n) if n != 1 else ""


def _card(key: str) -> str:
    """A card as Rootlog writes one whose face is public: suit, and the name of special cards."""
    name = _name(key)
    return f"{_suit(key)}#{name if name in ('@', 'dom') else ''}"


@cache
def _items_by_card() -> dict[str, str]:
    # an item card's key names the same item in both decks (2.1, A.2)
    return {c.key: c.item or "" for d in DECKS for c in load_deck(d).cards if c.kind == "item"}


def _crafted_item(key: str) -> str:
    return _items_by_card().get(key, "")


def _countable(t: str) -> bool:
    """A move that may be written once with a count: not already counted, combined, a pawn, a craft,
    a battle, a board marker or a whole-board move."""
    return ("->" in t and "+" not in t and "$_" not in t and "%_" not in t
            and not t.startswith(("Z", "X", "++")) and not re.match(r"[A-Z]?p->", t))


def _merge(tokens: list[str]) -> list[str]:
    """Write repeated identical moves once with their count (``w->3/w->3`` -> ``2w->3``) and the same
    warriors placed in several clearings with ``+`` (``w->1/w->2`` -> ``w->1+2``), as the spec allows."""
    runs: list[list[Any]] = []
    for t in tokens:
        if not t:
            continue
        k, rest = re.match(r"(\d*)(.*)", t).groups()  # type: ignore[union-attr]
        if runs and runs[-1][0] == rest and _countable(rest):
            runs[-1][1] += int(k or 1)
        else:
            runs.append([rest, int(k or 1)])
    merged: list[str] = []
    for rest, k in runs:
        t = f"{_n(k)}{rest}"
        m = re.fullmatch(r"(\d*[A-Z]?w)->(\d+)", t)
        if m and merged and re.fullmatch(rf"{re.escape(m.group(1))}->\d+(?:\+\d+)*", merged[-1]):
            merged[-1] = f"{merged[-1]}+{m.group(2)}"
            continue
        merged.append(t)
    return merged


def write(state: RootState, names: dict[str, str] | None = None) -> str:
    """The game so far in Rootlog, from the events every seat may see (1.2)."""
    w = _Writer(state.map, list(state.seats))
    for ev in state.log:
        if ev.seats is None and ev.args.get("faction") not in _DRAFTING:
            w.event(ev.kind, ev.args, ev.rule)
    w.flush()
    order = [f for f in LETTER if f in state.seats]
    lines = [f"Map: {MAP_NAME.get(state.map.name, state.map.name)}", f"Deck: {DECK_NAME[state.deck_info.name]}"]
    if state.suits != state.map.suits:  # the suit markers (A.1); the spec omits the line for printed Fall suits
        lines.append("Clearings: " + ", ".join(f"{SUIT[s]}{c + 1}" for c, s in enumerate(state.suits)))
    if w.landmarks:  # A.5: the landmarks set up (the spec's Landmark Setup)
        lines.append("Landmarks: " + "/".join(w.landmarks))
    if w.hirelings:  # Appendix E: the hirelings and their setup
        setup = "/".join(_merge(w.hireling_setup))
        lines.append("Hirelings: " + ", ".join(w.hirelings) + (f"/{setup}" if setup else ""))
    if w.pool:  # A.8.1: the faction setup cards dealt for the draft (the spec's ``Pool:``, ADSET)
        lines.append("Pool: " + "".join(w.pool))
    for f in order:
        lines.append(f"{LETTER[f]}: {(names or {}).get(f) or i18n.faction_name(f, 'en')}")
    lines.append("")
    for f in order:
        if w.setup.get(f):
            lines.append(f"{LETTER[f]}:{'/'.join(w.setup[f])}")
    lines.append("")
    for faction, tokens in w.turns:
        lines.append(f"{LETTER[faction]}:{'/'.join(tokens)}")
    if w.winners:
        lines += ["", f"Winner: {''.join(LETTER[f] for f in w.winners)}" + (f"  // {w.reason}" if w.reason else "")]
    return "\n".join(lines) + "\n"


# == reading ======================================================================================
@dataclass
class RootlogGame:
    """A parsed Rootlog file: header fields, the factions in order, and one (faction, actions) per line."""

    header: dict[str, str] = field(default_factory=dict)
    players: dict[str, str] = field(default_factory=dict)  # faction letter -> player name
    turns: list[tuple[str, list[str]]] = field(default_factory=list)
    winner: str = ""
    #: the line number (from 1) of each entry of ``turns``, for messages that name the line
    lines: list[int] = field(default_factory=list)

    def deck(self) -> str:
        """The deck the ``Deck:`` line names, as ``options["deck"]`` names it: "standard" (also without the line)
        or "exiles" (``E&P``, A.2)."""
        line = self.header.get("Deck", "Standard")
        for name, text in DECK_NAME.items():
            if line.lower() == text.lower():
                return name
        raise RootlogError(f"Deck: unknown deck {line!r} (write Standard or E&P)")

    def suits(self) -> list[str] | None:
        """The clearings' suits from the ``Clearings:`` line (``F1, R2, …``), None without one (printed Fall)."""
        line = self.header.get("Clearings")
        if not line:
            return None
        names = {v: k for k, v in SUIT.items()}
        out: dict[int, str] = {}
        for part in line.split(","):
            m = re.fullmatch(r"\s*([FMR])(\d+)\s*", part)
            if not m:
                raise RootlogError(f"Clearings: cannot read {part.strip()!r} (write a suit letter and a number, F1)")
            out[int(m.group(2))] = names[m.group(1)]
        return [out[c] for c in sorted(out)]


class RootlogError(ValueError):
    """Text that is not Rootlog this reader understands; names the line."""


_HEADER = {"Map", "Deck", "Clearings", "Landmarks", "Hirelings", "Pool"}
_TURN = re.compile(r"^([A-Z]|h_[A-Z]):(.*)$")


def read(text: str) -> RootlogGame:
    """Parse Rootlog text. Comments (``// …``) and blank lines are dropped."""
    game = RootlogGame()
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if sep and key in _HEADER:
            game.header[key] = value.strip()
        elif sep and key == "Winner":
            game.winner = value.strip()
        elif sep and re.fullmatch(r"[A-Z]", key) and key not in game.players and value.startswith(" "):
            game.players[key] = value.strip()
        else:
            m = _TURN.match(line)
            if not m:
                raise RootlogError(f"line {no}: not a header, turn or winner line: {raw!r}")
            actions = [a.strip() for a in re.split(r"[/;]", m.group(2)) if a.strip()]
            game.turns.append((m.group(1), actions))
            game.lines.append(no)
    return game


@dataclass
class Tally:
    """Where things are after following a Rootlog's moves.

    ``pieces[location]`` counts pieces as ``<faction letter><type>`` (``Cw``, ``Cb_s``, ``At``) and items
    left on the map (``%r``); locations are clearing numbers, forests (``1_5_9_10``) and faction boards
    (``A$``). ``cards[location]`` counts cards in hands (``C``) and on boards (``A$``: the Alliance's
    supporters, by their name, ``""`` when unnamed); ``ruins`` counts items still under each ruin.
    """

    pieces: dict[str, Counter] = field(default_factory=dict)
    cards: dict[str, Counter] = field(default_factory=dict)
    vp: Counter = field(default_factory=Counter)
    ruins: dict[str, int] = field(default_factory=dict)
    #: closed paths still on the map (``5_9``, C.3.2); the Ferry is the piece ``f`` in ``pieces`` (C.2.5)
    closed: set[str] = field(default_factory=set)
    #: raise on a move of something that is not there; off for files that leave things out (initial hands)
    strict: bool = True

    def put(self, kind: dict[str, Counter], where: str, what: str, n: int) -> None:
        kind.setdefault(where, Counter())[what] += n

    def take(self, kind: dict[str, Counter], where: str, what: str, n: int, action: str) -> None:
        have = kind.setdefault(where, Counter())
        if have[what] < n and self.strict:
            raise RootlogError(f"{action!r}: {n} × {what or 'card'} at {where}, but only {have[what]} there")
        have[what] = max(0, have[what] - n)

    def hand(self, letter: str) -> int:
        return sum(self.cards.get(letter, Counter()).values())

    def board_pieces(self) -> dict[str, dict[str, int]]:
        return {k: {p: n for p, n in v.items() if n} for k, v in self.pieces.items()
                if any(v.values()) and not k.endswith("$")}


_THING = re.compile(r"^(\d*)(?:(%)([a-z_])|((?:h_)?[A-Z])?([wpbtf])((?:_\d_[a-z]+|_[a-z]+)*)|([BFMR]?)#([a-z@]*))(.*)$")
_BATTLE = re.compile(r"^(h_[A-Z]|[A-Z])?X(h_[A-Z]|[A-Z])(\d+)((?:[BFMR]?@)*)(\(\d+,\d+\))?$")
_SCORE = re.compile(r"^((?:h_)?[A-Z])?(\+\+|--)(\d*)$")
#: Appendix E, the spec's "Hiring a Hireling": ``h_E->A$4`` (the hireling, the board, the control markers)
_HIRE = re.compile(r"^(h_[A-Z])d?->([A-Z])\$(\d*)$")
_ITEM_PLACES = set("sdtre")
_FLIP = re.compile(r"^([A-Z])?t(\d+)\^(t_[bsre])$")
#: 15.5.2.II.a the Keepers' "Flip Relic Token": ``t10^t_2_t`` (a face-down relic of that type shows its value)
_RELIC_FLIP = re.compile(r"^([A-Z])?t(\d+)\^t_(\d)_([ftj])$")
_TRICK = re.compile(r"^t(\d+)<->t(\d+)$")


def _ungroup(side: str) -> str:
    """``($_h+$_m)`` -> ``$_h+$_m``: a side written as one bracketed group with nothing after it."""
    return side[1:-1] if side.startswith("(") and side.endswith(")") and side.count("(") == 1 else side


def _is_place(s: str) -> bool:
    return bool(re.fullmatch(r"\d+(?:_\d+)*", s))


class _Replayer:
    def __init__(self, tally: Tally) -> None:
        self.t = tally
        self.cur = ""

    def board(self, where: str) -> str:
        """``$``/``$_x`` is the current player's board; ``A$`` the Alliance's."""
        if where.startswith("$"):
            return f"{self.cur}{where}"
        return where

    def action(self, a: str) -> None:
        t = self.t
        if m := _BATTLE.match(a):
            ambushes = m.group(4).count("@")
            attacker, defender = m.group(1) or self.cur, m.group(2)
            for who in (defender, attacker)[:ambushes]:
                t.take(t.cards, who, "", 1, a)  # the ambush card leaves the hand (4.3.1)
            return
        if m := _SCORE.match(a):
            n = int(m.group(3) or 1)
            t.vp[m.group(1) or self.cur] += n if m.group(2) == "++" else -n
            return
        if m := _RELIC_FLIP.match(a):  # a Keepers' relic turned face up
            who = m.group(1) or self.cur
            t.take(t.pieces, m.group(2), f"{who}t_{m.group(4)}", 1, a)
            t.put(t.pieces, m.group(2), f"{who}t_{m.group(3)}_{m.group(4)}", 1)
            return
        if m := _FLIP.match(a):  # a Corvid plot turned face up
            who = m.group(1) or self.cur
            t.take(t.pieces, m.group(2), f"{who}t", 1, a)
            t.put(t.pieces, m.group(2), f"{who}{m.group(3)}", 1)
            return
        if m := _TRICK.match(a):  # two Corvid plots swap clearings
            x, y = t.pieces.setdefault(m.group(1), Counter()), t.pieces.setdefault(m.group(2), Counter())
            px = {k: n for k, n in x.items() if re.fullmatch(r"Pt(?:_[bsre])?", k) and n}
            py = {k: n for k, n in y.items() if re.fullmatch(r"Pt(?:_[bsre])?", k) and n}
            for k, n in px.items():
                x[k] -= n
                y[k] += n
            for k, n in py.items():
                y[k] -= n
                x[k] += n
            return
        if m := _HIRE.match(a):  # Appendix E: a hireling card to the board of the player who gains it
            for where, n in [(w, c[m.group(1)]) for w, c in t.cards.items() if c[m.group(1)]]:
                t.take(t.cards, where, m.group(1), n, a)  # (passed on, E.1.3: from the board of the last holder)
            t.put(t.cards, f"{m.group(2)}$", m.group(1), 1)
            return
        if a.startswith("++->") or "^" in a or a.startswith("?") or "<->" in a:
            return  # VP marker to a board (dominance, coalition), reveals, Corvid guesses and tricks
        if m := re.fullmatch(r"(\d+)_(\d+)->", a):
            path = f"{min(int(m.group(1)), int(m.group(2)))}_{max(int(m.group(1)), int(m.group(2)))}"
            if path not in t.closed and t.strict:
                raise RootlogError(f"{a!r}: there is no closed path {path}")
            t.closed.discard(path)  # C.3.3: the marker leaves the game
            return
        if a.startswith("Z"):
            self.craft(a[1:], a)
            return
        if "->" not in a:
            raise RootlogError(f"unknown action {a!r}")
        left, right = a.split("->", 1)
        if left in ("$_", f"{self.cur}$_") and not right:
            for where in [w for w in t.cards if w.startswith(f"{self.cur}$_")]:
                t.cards[where] = Counter()  # the Decree is discarded (Eyrie turmoil, 7.7)
            return
        if all(re.fullmatch(r"[A-Z]?\$_\w*", m) for m in _ungroup(left).split("+")):
            return  # markers on tracks: relationships, prices (``($_h+$_m)->2``, v2.8), Outcast …
        for number, thing, start in self.things(left, a):
            self.move(number, thing, start, right, a)

    def things(self, left: str, a: str) -> list[tuple[int, str, str]]:
        """``(count, thing, start)`` for each thing on the left of ``->``."""
        if left.startswith("("):
            close = left.index(")")
            inner, start = left[1:close], left[close + 1:]
            if start.startswith("#"):  # (2F+M)#C: cards by suit
                out = []
                for part in inner.split("+"):
                    mm = re.fullmatch(r"(\d*)([BFMR])", part)
                    if not mm:
                        raise RootlogError(f"{a!r}: bad card group")
                    out.append((int(mm.group(1) or 1), "#", start[1:]))
                return out
            # an origin inside the brackets (``(t+4w0)->5``, v2.8) holds for that piece alone
            return [(n, th, own or start) for part in inner.split("+") for n, th, own in [self.parse(part, a)]]
        return [self.parse(part, a) for part in left.split("+")]

    def parse(self, part: str, a: str) -> tuple[int, str, str]:
        m = _THING.match(part)
        if not m:
            raise RootlogError(f"{a!r}: cannot read {part!r}")
        n = int(m.group(1) or 1)
        rest = m.group(9)
        if m.group(2):
            return n, "%" + m.group(3), rest
        if m.group(5) == "f" and not m.group(4):
            return n, "f", rest  # the Ferry belongs to no faction (C.2.5)
        if m.group(5):
            return n, (m.group(4) or self.cur) + m.group(5) + m.group(6), rest
        name = m.group(8)
        return n, "#" + name, rest

    def move(self, n: int, thing: str, start: str, right: str, a: str) -> None:
        t = self.t
        if thing.startswith("#"):
            name = thing[1:]
            dests = right.split("+") if right else ["<discard>"]  # ``#->C+V``: one card to each (v2.8)
            src = {"": "<deck>", "*": "<discard>", "Q": "<quests>"}.get(start) or self.board(start)
            for dest in dests:
                self.card(n, name, src, self.board(dest) if dest not in ("<discard>",) else dest, a)
            return
        if thing.startswith("%"):
            self.item(n, thing, start, right, a)
            return
        kind = thing
        if re.fullmatch(r"(?:h_)?[A-Z]p", kind):  # a pawn moves from wherever it is
            where = next((w for w, c in t.pieces.items() if c[kind]), None)
            if where is not None:
                t.take(t.pieces, where, kind, 1, a)
            for dest in right.split("+"):
                t.put(t.pieces, self.place(dest), kind, 1)
            return
        src = self.place(start) if start else "<supply>"
        if src != "<supply>":
            t.take(t.pieces, src, kind, n, a)
        for dest in (right.split("+") if right else []):
            t.put(t.pieces, self.place(dest), kind, n)

    def place(self, where: str) -> str:
        return self.board(where) if "$" in where else where

    def card(self, n: int, name: str, src: str, dest: str, a: str) -> None:
        t = self.t
        if not src.startswith("<"):
            have = t.cards.get(src, Counter())
            # a crafted card (``#sap$->``) is taken by its name; any other card is one of the unnamed ones
            # (``F#dom$->`` spends a supporter that happens to be a dominance card)
            # (a card in the Keepers' Retinue keeps its name, ambush and dominance too: 15.5.2 ``F#@$_2->``)
            what = name if (name not in ("", "dom", "@") or src.startswith("K$_")) and have[name] >= n else ""
            t.take(t.cards, src, what, n, a)
        if not dest.startswith("<"):
            # cards on boards keep their names apart (supporters are unnamed); hands count cards only
            t.put(t.cards, dest, name if "$" in dest else "", n)

    def item(self, n: int, thing: str, start: str, right: str, a: str) -> None:
        t = self.t
        if start and _is_place(start):  # from a ruin (or an item lying on the map)
            if t.pieces.get(start, Counter())[thing]:
                t.take(t.pieces, start, thing, n, a)
            else:
                left = t.ruins.get(start, 0) - n
                if left < 0:
                    raise RootlogError(f"{a!r}: no item left under a ruin in {start}")
                t.ruins[start] = left
                if not left:
                    t.take(t.pieces, start, "ruin", 1, a)
            return
        if right and _is_place(right):  # an item left on the map (the Scoundrel's torch, D.6.2)
            t.put(t.pieces, right, thing, n)

    def craft(self, what: str, a: str) -> None:
        """``Z%h`` crafts an item, ``Zsap`` an improvement: a card leaves the crafter's hand."""
        t = self.t
        t.take(t.cards, self.cur, "", 1, a)
        if not what.startswith("%") and not what.endswith("favor"):
            t.put(t.cards, f"{self.cur}$", what, 1)


def hireling_setup(game: RootlogGame) -> list[str]:
    """The hirelings' setup on the ``Hirelings:`` line (``Hirelings: h_K, h_Pd, h_V/2h_Kw->7/h_Vp->3_6_11``)."""
    return [a.strip() for a in game.header.get("Hirelings", "").split("/")[1:] if a.strip()]


def brigand(game: RootlogGame) -> bool:
    """Whether the Brigand (the Outcast's demoted side, ``h_Vd`` on the ``Hirelings:`` line) is in play: its setup
    puts one set of "R" items under the ruins as if the Vagabond played (Appendix E)."""
    return bool(re.search(r"\bh_Vd\b", game.header.get("Hirelings", "").split("/", 1)[0]))


def replay(game: RootlogGame, board: Map, *, upto: int | None = None, strict: bool = True,
           opening_hand: int = 0) -> Tally:
    """Follow ``game``'s setup and turns (the first ``upto`` lines) from an empty Woodland with its
    ruins; each ruin holds one item per Vagabond (9.7.1). ``strict`` raises :class:`RootlogError` on
    a move of something that is not there. Files written by hand usually leave out the opening draw
    (5.1.3: three cards each): ``opening_hand=3`` deals it; :func:`write` records it."""
    t = Tally(strict=strict)
    for f in game.players:
        t.put(t.cards, f, "", opening_hand)
    vagabonds = sum(1 for f in game.players if f in ("V", "G"))
    if not vagabonds and ("H" in game.players or brigand(game)):
        vagabonds = 1  # 14.3.2: the Hundreds place one set of "R" items under the ruins; so does the Brigand's setup
    for c in (c for c in board.clearings() if board.ruins[c]):
        t.put(t.pieces, str(c + 1), "ruin", 1)
        t.ruins[str(c + 1)] = vagabonds
    if board.ferry >= 0:  # C.2.1 (the spec's default landmark setup)
        t.put(t.pieces, str(board.ferry + 1), "f", 1)
    t.closed = {f"{a + 1}_{b + 1}" for a, b in board.closed_paths}  # C.3.1
    r = _Replayer(t)
    for a in hireling_setup(game):  # A.6 Step 3, on the ``Hirelings:`` line
        try:
            r.action(a)
        except RootlogError as e:
            raise RootlogError(f"Hirelings: {e}") from None
    for i, (faction, actions) in enumerate(game.turns[:upto]):
        r.cur = faction
        for a in actions:
            try:
                r.action(a)
            except RootlogError as e:
                no = game.lines[i] if i < len(game.lines) else i + 1
                raise RootlogError(f"line {no}: {e}") from None
    return t


def engine_tally(st: RootState) -> dict[str, Any]:
    """The engine's state in :class:`Tally` terms, to compare with :func:`replay`."""
    pieces: dict[str, dict[str, int]] = {}
    for c in st.map.clearings():
        here: Counter = Counter()
        for f, n in st.warriors[c].items():
            if n:
                here[f"{LETTER[f]}w"] += n
        for b in st.buildings[c]:
            here["ruin" if b == "ruin" else f"{LETTER[OWNER[b]]}{PIECE[b]}"] += 1
        for k in st.tokens[c]:
            here["%r" if k == "torch" else f"{LETTER[OWNER[k]]}{PIECE[k]}"] += 1
        if c == st.ferry:
            here["f"] += 1  # C.2.5
        if here:
            pieces[str(c + 1)] = dict(here)
    for v in st.seats:
        if v in LETTER and v.startswith("vagabond") and st.fdata[v].get("where", -1) >= 0:  # placed (9.3.2)
            w = vb.where(st, v)
            label = str(w + 1) if w < st.map.n else "_".join(
                str(c + 1) for c in sorted(st.map.forests[w - st.map.n]))
            pieces.setdefault(label, {})[f"{LETTER[v]}p"] = 1
    out: dict[str, Any] = {
        "pieces": pieces,
        "hands": {LETTER[f]: len(st.hands[f]) for f in st.seats},
        "vp": {LETTER[f]: st.vp[f] for f in st.seats},
        "closed_paths": sorted(f"{a + 1}_{b + 1}" for a, b in st.closed),
    }
    if "riverfolk" in st.seats:
        # 11.2.4: warriors on the Riverfolk's board, whoever's they are (Payments, Funds, Committed, tracks)
        rf = st.fdata["riverfolk"]
        held = [f for box in ("payments", "funds", "committed", "track_fox", "track_rabbit", "track_mouse")
                for f in rf.get(box, [])]
        out["riverfolk_board"] = dict(Counter(f"{LETTER[f]}w" for f in held))
    if "alliance" in st.seats:
        out["supporters"] = len(st.fdata["alliance"].get("supporters", []))
        out["officers"] = st.fdata["alliance"].get("officers", 0)
    if "duchy" in st.seats and len(st.warriors) > st.map.n:
        n = st.warriors[st.map.n].get("duchy", 0)
        if n:
            pieces["0"] = {"Dw": n}  # 12.2.2 the Burrow is clearing 0
        # 12.5: like the Cult's, revealed cards stay in the hand for Rootlog (their return is not notated)
        out["hands"]["D"] += len(st.fdata["duchy"].get("revealed", []))
    if "warlord" in st.seats and st.fdata["warlord"].get("lord", -1) >= 0:
        here = pieces[str(st.fdata["warlord"]["lord"] + 1)]  # 14.2.2: the warlord is ``Hw_w``
        here["Hw"] -= 1
        if not here["Hw"]:
            del here["Hw"]
        here["Hw_w"] = 1
    if "cult" in st.seats:
        # 10.5: Rootlog does not move revealed cards out of the hand (their return is not notated)
        out["hands"]["L"] += len(st.fdata["cult"].get("revealed", []))
        out["acolytes"] = st.fdata["cult"].get("acolytes", 0)
    if "keepers" in st.seats:  # 15.2.1: relics in the forests, face down by type only, face up with their value
        for f, k, up in kp.forest_relics(st):
            label = "_".join(str(c + 1) for c in sorted(st.map.forests[f]))
            key = f"K{PIECE[k]}" if up else f"Kt_{RELIC_LETTER[kp.relic_type(k)]}"
            pieces.setdefault(label, {})
            pieces[label][key] = pieces[label].get(key, 0) + 1
    return out


def tally_summary(t: Tally, letters: list[str]) -> dict[str, Any]:
    """A :class:`Tally` in the shape of :func:`engine_tally`."""
    out: dict[str, Any] = {
        "pieces": t.board_pieces(),
        "hands": {f: t.hand(f) for f in letters},
        "vp": {f: t.vp[f] for f in letters},
        "closed_paths": sorted(t.closed),
    }
    if "O" in letters:
        out["riverfolk_board"] = {k: n for k, n in t.pieces.get("O$", Counter()).items() if n}
    if "A" in letters:
        out["supporters"] = t.cards.get("A$", Counter())[""]
        out["officers"] = t.pieces.get("A$", Counter())["Aw"]
    if "L" in letters:
        out["acolytes"] = t.pieces.get("L$", Counter())["Lw"]
    return out
