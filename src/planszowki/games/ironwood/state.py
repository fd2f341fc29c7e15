"""Ironwood's game state: the board, both factions' cards and crystals, and the flow stack.

Everything is plain data (DESIGN.md, promise 1): per-location unit counts in lists, hands and decks as lists of
card ids, the drill as a location index with its track step and cargo. The content (board, card texts) is shared,
never copied. Rule helpers here are the rulebook's definitions every step uses: control ("Kontrolowanie Lokacji"),
adjacency of locations of one type and borders between a forest and a mountain ("Mapa i poruszanie się"), the
supply of limited components ("Liczba komponentów jest ograniczona").
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...engine import FlowState, GameOver, IllegalAction, Step
from ...engine.flow import copy_frames
from .content import Content

WW = "woodwalkers"
IC = "ironclad"
#: "Kolejność Tury": the Woodwalkers always first, the Ironclad second, never changed.
SEATS = (WW, IC)
HAND_LIMIT = 8
FOUNDATION, FORGE = 1, 2


def other(seat: str) -> str:
    return IC if seat == WW else WW


class IronwoodState(FlowState):
    GAME = "ironwood"
    STEPS: ClassVar[dict[str, Step]] = {}
    #: solo opponents' reactions to the person's acts, by opponent and event (assembled by game.py):
    #: ``HOOKS["ironbot"]["discover"](state, mountain=...)``
    HOOKS: ClassVar[dict[str, dict[str, Any]]] = {}

    def __init__(self, content: Content) -> None:
        super().__init__()
        n = len(content.board.ids)
        self.content = content
        self.board = content.board
        self.seats: list[str] = list(SEATS)
        self.options: dict[str, Any] = {}
        self.round_no = 0
        self.turn_no = 0  # action turns taken (the CLI's and lab's turn cap)
        self.phase = "setup"
        self.ww = [0] * n  # Woodwalker warriors per location
        self.icw = [0] * n  # Ironclad warriors
        self.golems = [0] * n
        self.mv_ww = [0] * n  # units that moved this turn (Podstawy Poruszania się: once per turn)
        self.mv_icw = [0] * n
        self.mv_golem = [0] * n
        self.mv_drill = 0  # the drill's moves this turn (once per turn unless a card allows more)
        self.site = [0] * n  # 0 nothing, 1 foundation, 2 forge (Ferrum's printed forge is not a token)
        self.site[content.board.ferrum] = FORGE
        self.drill = content.board.ferrum
        self.drill_step = 0  # 0 the start; 1, 2; 3 = the third and later steps
        self.cargo = 0
        self.totems: list[list[int]] = []  # [location, fading 0/1]
        self.secured = 0
        self.crystals = {WW: 0, IC: 0}
        self.hand: dict[str, list[str]] = {WW: [], IC: []}
        self.visions: list[str] = []  # the Woodwalkers' vision cards in hand (mountain ids)
        self.deck: dict[str, list[str]] = {WW: [], IC: []}
        self.discard: dict[str, list[str]] = {WW: [], IC: []}
        self.vision_deck: list[str] = []
        self.vision_discard: list[str] = []  # burned face down (Spal)
        self.vision_shown: list[str] = []  # revealed for a discovery, beside the discard pile
        self.slots: dict[str, list[list[str]]] = {WW: [], IC: []}  # this round's action slots ("pass" = a marker)
        self.spent: dict[str, list[str]] = {WW: [], IC: []}  # base cards placed in a fight, back at round's end
        self.temporary: dict[str, list[list[Any]]] = {WW: [], IC: []}  # [card, markers]
        self.bonuses: list[list[Any]] = []  # [seat, damage, defense, dominance, card, scope]
        self.marks: list[list[Any]] = []  # [location, meaning, seat, card]
        self.peek: str | None = None  # the top vision card the Ironclad has seen (drill track, second step)
        # the Ironbot (solo/ironbot.py): its stance, the side of its turn card up, the mountains it marked
        self.ib_stance = "expansive"
        self.ib_side = "alert"
        self.ib_marked: list[int] = []
        # the Forest bot (solo/forestbot.py): the side of its aid up, markers beside the Forest Spirits, foundations
        # boxed by a difficulty variant, its variants; empty unless it plays
        self.forestbot: dict[str, Any] = {}

    # -- copying ------------------------------------------------------------------------------------
    def copy(self) -> IronwoodState:
        c = IronwoodState.__new__(IronwoodState)
        c.stack = copy_frames(self.stack)
        c.rng = self.rng.copy()
        c.log_chain = self.log_chain.copy()
        c.result = None if self.result is None else dict(self.result)
        c._decision = None
        c.applied = self.applied
        c.content = self.content
        c.board = self.board
        c.seats = self.seats
        c.options = self.options
        c.round_no = self.round_no
        c.turn_no = self.turn_no
        c.phase = self.phase
        c.ww = self.ww[:]
        c.icw = self.icw[:]
        c.golems = self.golems[:]
        c.mv_ww = self.mv_ww[:]
        c.mv_icw = self.mv_icw[:]
        c.mv_golem = self.mv_golem[:]
        c.mv_drill = self.mv_drill
        c.site = self.site[:]
        c.drill = self.drill
        c.drill_step = self.drill_step
        c.cargo = self.cargo
        c.totems = [t[:] for t in self.totems]
        c.secured = self.secured
        c.crystals = dict(self.crystals)
        c.hand = {s: h[:] for s, h in self.hand.items()}
        c.visions = self.visions[:]
        c.deck = {s: d[:] for s, d in self.deck.items()}
        c.discard = {s: d[:] for s, d in self.discard.items()}
        c.vision_deck = self.vision_deck[:]
        c.vision_discard = self.vision_discard[:]
        c.vision_shown = self.vision_shown[:]
        c.slots = {s: [x[:] for x in v] for s, v in self.slots.items()}
        c.spent = {s: v[:] for s, v in self.spent.items()}
        c.temporary = {s: [x[:] for x in v] for s, v in self.temporary.items()}
        c.bonuses = [b[:] for b in self.bonuses]
        c.marks = [m[:] for m in self.marks]
        c.peek = self.peek
        c.ib_stance = self.ib_stance
        c.ib_side = self.ib_side
        c.ib_marked = self.ib_marked[:]
        c.forestbot = dict(self.forestbot)  # scalars and a list never changed after setup
        return c

    # -- solo opponents ("Tryb solo") ------------------------------------------------------------------
    @property
    def bot(self) -> str | None:
        """The seat an automated solo opponent plays (the Ironbot plays the Ironclad, the Forest bot the
        Woodwalkers), or None in a two-player game."""
        opp = self.options.get("opponent")
        return None if opp is None else (IC if opp == "ironbot" else WW)

    def step_for(self, seat: str, kind: str) -> str:
        """The frame kind that handles ``kind`` (e.g. ``"iw.turn"``) for ``seat``: the solo opponent's own
        procedure (``"iw.ironbot.turn"``) when it plays that seat and has one, else the person's step."""
        if seat == self.bot:
            k = f"iw.{self.options['opponent']}.{kind[3:]}"
            if k in self.STEPS:
                return k
        return kind

    def hook(self, event: str, **args: Any) -> None:
        """Tell the solo opponent (if any) about an event of the person's play (e.g. a vision card burned)."""
        opp = self.options.get("opponent")
        if opp is not None:
            fn = self.HOOKS.get(opp, {}).get(event)
            if fn is not None:
                fn(self, **args)

    # -- board helpers ------------------------------------------------------------------------------
    def loc(self, lid: str) -> int:
        return self.board.index[lid]

    def lid(self, i: int) -> str:
        return self.board.ids[i]

    def combat_units(self, seat: str, i: int) -> int:
        return self.ww[i] if seat == WW else self.icw[i] + self.golems[i]

    def controls(self, seat: str, i: int) -> bool:
        """Kontrolowanie Lokacji: at least one of your combat units on a location of your type (the drill, a
        foundation or a forge alone control nothing)."""
        if seat == WW:
            return self.board.types[i] == "forest" and self.ww[i] > 0
        return self.board.types[i] == "mountain" and (self.icw[i] + self.golems[i]) > 0

    def home_type(self, seat: str) -> str:
        return "forest" if seat == WW else "mountain"

    def has_forge(self, i: int) -> bool:
        return self.site[i] == FORGE

    def outer_forges(self) -> int:
        b = self.board
        return sum(1 for i in b.mountains() if self.site[i] == FORGE and b.rings[i] == "outer")

    def marked(self, i: int, meaning: str, by: str) -> bool:
        return any(m[0] == i and m[1] == meaning and m[2] == by for m in self.marks)

    # -- limited components ("Liczba komponentów jest ograniczona") ---------------------------------
    def supply(self, what: str) -> int:
        comp = self.content.components
        if what == "ww":
            return comp["woodwalkers_warriors"] - sum(self.ww)
        if what == "icw":
            return comp["ironclad_warriors"] - sum(self.icw)
        if what == "golem":
            return comp["golems"] - sum(self.golems)
        if what == "forge":  # double-sided foundation/forge markers; Ferrum's forge is printed
            return (comp["forges"] - sum(1 for i, s in enumerate(self.site) if s and i != self.board.ferrum)
                    - self.forestbot.get("boxed", 0))
        if what == "totem":
            return comp["totems"] - len(self.totems) - self.secured
        if what == "marker":
            used = len(self.marks) + sum(m for v in self.temporary.values() for _, m in v)
            used += sum(1 for v in self.slots.values() for s in v if s == ["pass"]) + self.forestbot.get("spirits", 0)
            # Ruling (Faza Akcji, drawing instead of playing): the marker on a slot only shows the turn was used; with
            # none left in the supply the player still draws and the slot still counts, so never below zero
            return max(0, comp["markers"] - used)
        if what == "crystal":
            return comp["crystals"] - self.crystals[WW] - self.crystals[IC] - self.cargo
        raise KeyError(what)

    def gain(self, seat: str, n: int) -> int:
        """Gain up to n crystals from the pool (fewer when the pool runs out); returns how many."""
        n = max(0, min(n, self.supply("crystal")))
        self.crystals[seat] += n
        return n

    # -- cards --------------------------------------------------------------------------------------
    def draw(self, seat: str, n: int, rule: str) -> list[str]:
        """Draw n special cards; an empty deck is refilled by shuffling its discard pile (I/2, "w bardzo
        rzadkich przypadkach")."""
        got: list[str] = []
        deck = self.deck[seat]
        for _ in range(n):
            if not deck:
                if not self.discard[seat]:
                    break
                deck.extend(self.discard[seat])
                self.discard[seat].clear()
                self.rng.shuffle(deck)
                self.emit("iw.reshuffle", rule, seat=seat, n=len(deck))
            got.append(deck.pop())
        self.hand[seat].extend(got)
        if got:
            self.emit("iw.draw", rule, seat=seat, n=len(got))
            self.emit("iw.drew", rule, (seat,), seat=seat, cards=list(got))
        return got

    def draw_vision(self, n: int, rule: str) -> list[str]:
        got: list[str] = []
        for _ in range(n):
            if not self.vision_deck:
                if not self.vision_discard:
                    break
                self.vision_deck.extend(self.vision_discard)
                self.vision_discard.clear()
                self.rng.shuffle(self.vision_deck)
                self.peek = None
                self.emit("iw.reshuffle_vision", rule, n=len(self.vision_deck))
            got.append(self.vision_deck.pop())
            if self.peek is not None and got[-1] == self.peek:
                self.peek = None
        self.visions.extend(got)
        if got:
            self.emit("iw.draw_vision", rule, n=len(got))
            self.emit("iw.drew_vision", rule, (WW,), mountains=list(got))
        return got

    def card(self, cid: str) -> Any:
        return self.content.cards[cid]

    def action_cards(self, seat: str) -> int:
        """Cards counted by the hand limit: base and special cards, never vision cards (III/1)."""
        return len(self.hand[seat])

    def fight_bonus(self, seat: str) -> tuple[int, int, int]:
        dmg = dfn = dom = 0
        for b in self.bonuses:
            if b[0] == seat:
                dmg += b[1]
                dfn += b[2]
                dom += b[3]
        return dmg, dfn, dom

    def win(self, seat: str, reason: str, rule: str) -> None:
        self.result = {"winners": [seat], "reason": reason, "rule": rule, "turns": self.turn_no,
                       "rounds": self.round_no, "forges": self.outer_forges(), "totems": self.secured}
        self.stack.clear()
        self.emit("iw.victory", rule, seat=seat, reason=reason)

    def resign(self, seat: str) -> None:
        """A player may concede: the opponent wins at once without meeting its victory condition ("Gracz może się
        poddać"). Not an option of any decision (it would double every decision for bots); interfaces offer it as a
        command."""
        if self.result is not None:
            raise GameOver()
        if seat not in SEATS:
            raise IllegalAction(f"unknown seat {seat!r}; seats: {', '.join(SEATS)}", "ironwood:win.resign")
        self._decision = None
        self.emit("iw.resign", "ironwood:win.resign", seat=seat)
        self.win(other(seat), "resignation", "ironwood:win.resign")

    @property
    def vp(self) -> dict[str, int]:
        """Progress towards victory, shown where Root shows points: secured totems and outer forges (of 3)."""
        return {WW: self.secured, IC: self.outer_forges()}

    # -- views (promise 4) -------------------------------------------------------------------------
    def view(self, seat: str | None, log: bool = True) -> dict[str, Any]:
        """What ``seat`` may know. (``log``: the kernel's keyword; this view carries no log events either way.)"""
        d = self.decision  # settle first: a fresh state runs its automatic steps (setup, preparation) on demand
        b = self.board
        locs = []
        for i, lid in enumerate(b.ids):
            entry: dict[str, Any] = {"id": lid, "type": b.types[i], "ring": b.rings[i]}
            if self.ww[i]:
                entry["woodwalkers"] = self.ww[i]
            if self.icw[i]:
                entry["ironclad"] = self.icw[i]
            if self.golems[i]:
                entry["golems"] = self.golems[i]
            if self.site[i] and i != b.ferrum:
                entry["site"] = "forge" if self.site[i] == FORGE else "foundation"
            totems = [("fading" if f else "full") for loc, f in self.totems if loc == i]
            if totems:
                entry["totems"] = totems
            marks = [[m[1], m[2]] for m in self.marks if m[0] == i]
            if marks:
                entry["marks"] = marks
            locs.append(entry)
        fr = self._battle_frame()
        battle = None
        if fr is not None:
            battle = {"attacker": fr["att"], "from": self.lid(fr["a"]), "to": self.lid(fr["d"])}
            for role, key in (("attacker_card", "ca"), ("defender_card", "cd")):
                owner = fr["att"] if key == "ca" else other(fr["att"])
                val = fr.get(key)
                if val is None:
                    continue
                battle[role] = val if (fr.get("revealed") or seat == owner) else ("hidden" if val != "" else "")
        players = {}
        for s in SEATS:
            p: dict[str, Any] = {
                "crystals": self.crystals[s], "hand_size": len(self.hand[s]), "deck": len(self.deck[s]),
                "discard": list(self.discard[s]), "slots": [x[:] for x in self.slots[s]],
                "spent": list(self.spent[s]),
                "temporary": [[c, m] for c, m in self.temporary[s]],
            }
            if s == seat:
                p["hand"] = list(self.hand[s])
            else:
                p["base_in_hand"] = sorted(c for c in self.hand[s] if self.content.cards[c].base)
            players[s] = p
        players[WW].update({"secured": self.secured, "visions": len(self.visions),
                            "vision_deck": len(self.vision_deck), "vision_discard": len(self.vision_discard),
                            "vision_shown": list(self.vision_shown)})
        if seat == WW:
            players[WW]["vision_hand"] = list(self.visions)
            players[WW]["vision_burned"] = list(self.vision_discard)
        players[IC].update({"drill": self.lid(self.drill), "drill_step": self.drill_step, "cargo": self.cargo,
                            "forges": self.outer_forges()})
        if self.bot == IC:  # the Ironbot's board: all public
            players[IC]["ironbot"] = {"stance": self.ib_stance, "turn_card": self.ib_side,
                                      "marked": [self.lid(i) for i in self.ib_marked]}
        if self.bot == WW:  # the Forest bot's board: all public but its vision deck's order
            players[WW]["forestbot"] = {**{k: v for k, v in self.forestbot.items() if k != "variants"},
                                        "variants": list(self.forestbot.get("variants", ())),
                                        "vision_discard": list(self.vision_discard)}
        if seat == IC and self.peek is not None:
            players[IC]["vision_top"] = self.peek
        return {"game": "ironwood", "content": self.content.name, "demo": self.content.demo,
                "label": dict(self.content.label), "round": self.round_no, "turn": self.turn_no,
                "phase": self.phase, "seat": seat, "locations": locs, "players": players, "battle": battle,
                "bonuses": [b[:] for b in self.bonuses],
                "to_move": None if d is None else d.player, "result": self.result}

    def _battle_frame(self) -> dict[str, Any] | None:
        for fr in reversed(self.stack):
            if fr["k"] == "iw.battle":
                return fr
        return None

    # -- JSON --------------------------------------------------------------------------------------
    DATA_FIELDS: ClassVar[tuple[str, ...]] = (
        "round_no", "turn_no", "phase", "ww", "icw", "golems", "mv_ww", "mv_icw", "mv_golem", "mv_drill", "site",
        "drill", "drill_step", "cargo", "totems", "secured", "crystals", "hand", "visions", "deck", "discard",
        "vision_deck", "vision_discard", "vision_shown", "slots", "spent", "temporary", "bonuses", "marks", "peek",
        "ib_stance", "ib_side", "ib_marked", "forestbot",
    )
