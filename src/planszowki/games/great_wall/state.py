"""The Great Wall's game state: the board, the clans' pieces and cards, the Horde, and the flow stack.

Everything is plain data (DESIGN.md, promise 1): per-seat dicts of counts, Horde cards as small dicts with the
occupant of each of their 12 grid cells, decks as lists of card ids (the top is the list's end). The content is
shared, never copied. Helpers here are the rulebook's definitions every step uses: Tea order and its tie rule
("Tor Herbaty", "Remisy"), paying ("Zapłać"), Honor, Lethality under the Time token, the General's power by the
number of Supporting Advisors ("Twój Generał").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine import FlowState, Step
from ...engine.flow import copy_frames
from .content import BUILD, RESOURCES, SOLDIERS, Content
from .sections import cite

CLANS = ("red", "blue", "yellow", "green")
SP, AR, HO = 0, 1, 2  # soldier type indices (Włócznik, Łucznik, Kawalerzysta)
WOUND = "w"


#: values a copy shares rather than copies (immutable)
_LEAVES = frozenset((int, str, bool, float, type(None), tuple))


def _dc(x: Any) -> Any:
    """A copy of plain data, down to its immutable leaves, which are kept without a call each (most of the state is
    counts and card ids: a call per leaf was most of a copy's time)."""
    t = type(x)
    if t is dict:
        return {k: v if type(v) in _LEAVES else _dc(v) for k, v in x.items()}
    if t is list:
        return [v if type(v) in _LEAVES else _dc(v) for v in x]
    return x



@dataclass(frozen=True)
class ModeHooks:
    """What a mode of play adds to the shared rules: the places where the year, the locations, the effects, the
    Horde and the state ask the solo mode (Qin Jiushao, ``solo.py``) or the co-operative mode (``coop.py``) to act.

    The shared modules never import a mode's module (DESIGN: imports run one way). Each mode declares one
    ``ModeHooks`` (``solo.HOOKS``, ``coop.HOOKS``); the game gives a state the one of its mode when it makes it
    (``game.hooks_for``), and copies share it. A hook is asked only where the state says its mode is on
    (``st.qin``, ``st.coop``); the standard game's ``STANDARD`` has none, so a hook asked out of its mode fails
    at once rather than doing something of another mode."""

    #: "standard", "solo" or "coop"
    mode: str = "standard"
    # -- the solo mode: Qin Jiushao's procedures ("Tryb solo") --
    #: qin_effects(st, effects, rule): his box of a Command card, run by his procedures
    qin_effects: Callable[..., Any] | None = None
    #: track_to_top(st, location): a location he activated goes to the top of his track
    track_to_top: Callable[..., Any] | None = None
    #: location_effect(st, effect, clerks) / production(st, location, clerks): what an activated location gives him
    location_effect: Callable[..., Any] | None = None
    production: Callable[..., Any] | None = None
    #: summer_reclaim(st), draw_command(st), spring_advisors(st): his part of the Year
    summer_reclaim: Callable[..., Any] | None = None
    draw_command: Callable[..., Any] | None = None
    spring_advisors: Callable[..., Any] | None = None
    #: final_scoring(st, reason): the end of a game against him
    final_scoring: Callable[..., Any] | None = None
    # -- the co-operative mode ("Tryb kooperacji") --
    #: spring_extra(st) -> the Horde cards added each Spring beyond the Time track's number
    spring_extra: Callable[..., Any] | None = None
    #: summer_income(st, seat) / summer_shame_options(st, seat, rule): the Summer's changes
    summer_income: Callable[..., Any] | None = None
    summer_shame_options: Callable[..., Any] | None = None
    #: on_defeat(st, claimer, card) / on_build(st, seat, what): this Year's achievements, counted for the Decrees
    on_defeat: Callable[..., Any] | None = None
    on_build: Callable[..., Any] | None = None
    #: shame_options(st, seat, rule) / shame_choose(st, seat, option): taking a Shame token
    shame_options: Callable[..., Any] | None = None
    shame_choose: Callable[..., Any] | None = None
    #: order_box(st, clans, effects, rule) / order_location(st, location, clans): the players order the clerks
    order_box: Callable[..., Any] | None = None
    order_location: Callable[..., Any] | None = None
    #: view(st) -> the Decrees and Events as a view shows them
    view: Callable[..., Any] | None = None


#: the standard game (and the 2-player game with the Reed Clan): no mode's hooks
STANDARD = ModeHooks()


class GreatWallState(FlowState):
    GAME = "great_wall"
    STEPS: ClassVar[dict[str, Step]] = {}

    def __init__(self, content: Content, seats: list[str], reed: str = "", qin: str = "",
                 hooks: ModeHooks = STANDARD) -> None:
        super().__init__()
        self.content = content
        #: what the mode of play adds to the shared rules (``ModeHooks``), given by the game; shared by copies
        self.hooks = hooks
        self.seats = list(seats)
        self.options: dict[str, Any] = {}
        #: "Tryb dla 2 graczy": the Reed Clan's colour (an automated third clan, no seat of its own), else ""
        self.reed = reed
        #: "Tryb solo": Qin Jiushao's colour (an automated clan of solo.py, no seat of its own), else ""
        self.qin = qin
        #: his Location track (solo.py): location ids, the highest (leftmost) first; his Solo Command deck (top last)
        self.qin_track: list[str] = []
        self.qin_deck: list[str] = []
        n = max(3, len(seats))  # the 2-player game is played as a 3-player one ("Potraktuj grę ... 3-osobową")
        b = content.board
        seats = [*seats, *(c for c in (reed, qin) if c)]  # the clans: per-clan tables hold the Reed Clan and Qin too
        self.year = 0
        self.season = "setup"
        self.time = b["time_track"]["start"][str(n)]
        self.honor = {s: 0 for s in seats}
        self.res = {s: {r: 0 for r in RESOURCES} for s in seats}
        self.tea: list[str] = list(seats)  # the Tea stack, top first
        self.general: dict[str, str] = {s: "" for s in seats}
        self.active: dict[str, list[str]] = {s: [] for s in seats}
        self.support: dict[str, list[str]] = {s: [] for s in seats}
        self.draft: dict[str, dict[str, Any]] = {}
        self.tac: dict[str, list[str]] = {s: [] for s in seats}
        self.tac_deck: list[str] = []
        self.tac_discard: list[str] = []
        self.cmd_hand: dict[str, list[str]] = {s: [] for s in seats}
        self.chosen: dict[str, str] = {s: "" for s in seats}
        self.revealed = False
        self.track: list[list[str] | None] = [None] * b["command_slots"][str(n)]
        self.cmd_discard: list[list[str]] = []
        self.clerks = {s: b["clerks"]["start"] for s in seats}
        self.unhired = {s: b["clerks"]["total"] - b["clerks"]["start"] for s in seats}
        self.at: dict[str, list[str]] = {lid: [] for lid in content.loc_ids}
        so = b["soldiers"]
        self.pool = {s: [so[t] for t in SOLDIERS] for s in seats}
        self.shamed = {s: [0, 0, 0] for s in seats}
        self.overseer: dict[str, dict[str, list[int]]] = {s: {} for s in seats}  # loc -> [level, soldier type]
        self.rest: list[dict[str, list[int]]] = [{s: [0, 0, 0] for s in seats} for _ in range(3)]
        self.firing: list[list[str]] = [[], [], []]
        self.horde: list[list[dict[str, Any]]] = [[], [], []]
        self.horde_deck: list[str] = []
        self.horde_discard: list[str] = []
        self.claimed: dict[str, list[list[Any]]] = {s: [] for s in seats}  # [card, shame tokens on its back]
        self.wall = [0, 0, 0]
        self.barricades = [0, 0, 0]
        self.warehouse = {r: 0 for r in BUILD}
        self.shame_pool = b["shame_per_player"] * len(self.seats)  # 2 players: 20 ("Tryb dla 2 graczy" 21)
        if reed:  # the Reed Clan: 3 clerks, always on the board, none to hire; its spearmen only
            self.clerks[reed] = self.unhired[reed] = 0
            self.pool[reed] = [so["spearman"], 0, 0]
        if qin:  # Qin Jiushao: all his clerks in his pool (he never hires: "8 Urzędników"), setup() the rest
            self.clerks[qin], self.unhired[qin] = b["clerks"]["total"], 0
        self.shame_box = 0
        self.adv_deck: list[str] = []
        self.adv_track: list[str] = []
        self.adv_discard: list[str] = []
        self.artifacts: list[str] = []
        self.walls_built = {s: 0 for s in seats}
        self.saves = {s: 0 for s in seats}  # saves granted by a Tactic for the current trigger
        #: "Tryb kooperacji": the Decrees, Events and their effects (coop.py, ``new_coop``); {} in other games
        self.coop: dict[str, Any] = {}
        self.active_seat = ""

    # -- copying ------------------------------------------------------------------------------------------
    def copy(self) -> GreatWallState:
        c = GreatWallState.__new__(GreatWallState)
        c.stack = copy_frames(self.stack)
        c.rng = self.rng.copy()
        c.log_chain = self.log_chain.copy()
        c.result = None if self.result is None else _dc(self.result)
        c._decision = None
        c.applied = self.applied
        c.content = self.content
        c.hooks = self.hooks
        c.seats = self.seats
        c.options = self.options
        for f in self.DATA_FIELDS:
            setattr(c, f, _dc(getattr(self, f)))
        return c

    DATA_FIELDS: ClassVar[tuple[str, ...]] = (
        "year", "season", "time", "honor", "res", "tea", "general", "active", "support", "draft", "tac", "tac_deck",
        "tac_discard", "cmd_hand", "chosen", "revealed", "track", "cmd_discard", "clerks", "unhired", "at", "pool",
        "shamed", "overseer", "rest", "firing", "horde", "horde_deck", "horde_discard", "claimed", "wall",
        "barricades", "warehouse", "shame_pool", "shame_box", "adv_deck", "adv_track", "adv_discard", "artifacts",
        "walls_built", "saves", "active_seat", "reed", "qin", "qin_track", "qin_deck", "coop",
    )

    def pop(self, fr: dict[str, Any]) -> None:
        """Finish a frame. Frames it pushed while finishing (a hand limit after a Tactic drawn as a reward, a
        Shame token to place) stay above where it was and run next."""
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i] is fr:
                del self.stack[i]
                return
        raise RuntimeError(f"finishing {fr['k']}, which is not on the stack")

    # -- rule helpers -------------------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """The number of players (people's clans; the Reed Clan is none)."""
        return len(self.seats)

    @property
    def side(self) -> str:
        """The board side and the player-count values it prints: the 2-player game uses the 3-player ones."""
        return str(max(3, len(self.seats)))

    @property
    def secs(self) -> list[int]:
        """The Wall Sections in play: with the Reed Clan the left one takes no part ("Tryb dla 2 graczy" 1)."""
        return [1, 2] if self.reed else [0, 1, 2]

    def seats_in_tea(self) -> list[str]:
        """The players in Tea order (the Reed Clan and Qin Jiushao left out)."""
        return [s for s in self.tea if s != self.reed and s != self.qin] if self.reed else self.tea

    def wodz(self) -> str:
        """The Reed Clan's "Wódz", who decides its actions and effects: the Active player; in the Reed Clan's own
        turn, and outside any turn, the player highest in Tea order."""
        if self.active_seat and self.active_seat != self.reed:
            return self.active_seat
        return next(s for s in self.tea if s != self.reed)

    def decider(self, clan: str) -> str:
        return self.wodz() if self.reed and clan == self.reed else clan

    @property
    def board(self) -> dict[str, Any]:
        return self.content.board

    def tea_order(self, seats: Any = None) -> list[str]:
        """Tea order (top of the stack first), optionally restricted to some seats."""
        return [s for s in self.tea if seats is None or s in seats]

    def lethality(self) -> int:
        leth = self.board["time_track"]["lethality"]
        extra = self.coop["mods"]["lethality"] if self.coop else 0  # a co-op Event's passive effect
        return leth[min(self.time, len(leth) - 1)] + extra

    def spring_hordes(self) -> int:
        """Spring 2: as many new Horde cards as printed above the Time token's slot (one number per slot, or one
        number for the whole track of the board's side)."""
        sh = self.board["time_track"]["spring_hordes"][self.side]
        n = sh[min(self.time, len(sh) - 1)] if isinstance(sh, list) else sh
        if self.coop:  # "Dodatkowe karty Hordy": the Time token's "+1" side (and a co-op Event's passive effect)
            n += self.hooks.spring_extra(self)
        return n

    def last_time(self) -> int:
        return len(self.board["time_track"]["lethality"]) - 1

    def slots(self, lid: str) -> int:
        """Clerk spaces of a normal location (special ones hold any number: a large number here)."""
        loc = self.content.loc[lid]
        return loc["slots"][self.side] if loc["kind"] == "normal" else 1_000

    def locked(self, lid: str) -> bool:
        """A full normal location: its clerks cannot be moved away ("blokują się")."""
        return self.content.loc[lid]["kind"] == "normal" and len(self.at[lid]) >= self.slots(lid)

    def ready(self, lid: str) -> bool:
        """Normal locations activate when every space is filled, special ones with at least one clerk."""
        if self.content.loc[lid]["kind"] == "normal":
            return len(self.at[lid]) >= self.slots(lid)
        # a special location holding only the Reed Clan's clerk does not activate ("Ogólne zasady lokacji")
        return any(s != self.reed for s in self.at[lid]) if self.reed else len(self.at[lid]) > 0

    def can_pay(self, seat: str, cost: dict[str, int]) -> bool:
        r = self.res[seat]
        return all(r[k] >= v for k, v in cost.items())

    def pay(self, seat: str, cost: dict[str, int], rule: str) -> None:
        """Pay from behind the screen: a public act at the table ("Zapłać": back to the pool), so logged for all."""
        r = self.res[seat]
        for k, v in cost.items():
            if r[k] < v:
                raise RuntimeError(f"{seat} cannot pay {cost}")
        for k, v in cost.items():
            r[k] -= v
        paid = {k: v for k, v in cost.items() if v}
        if paid:
            self.emit("gw.paid", rule, seat=seat, res=paid)

    def gain(self, seat: str, what: dict[str, int], rule: str) -> None:
        """Gain resources, Honor and Tactic cards (a Vital point's reward, a card's or an ability's gain). The Reed Clan
        never gains Honor, cards or resources: its Wood, Stone and Gold go straight to the Warehouse (Chi, which the
        Warehouse never holds, back to the pool)."""
        if seat == self.qin and seat:  # "Tryb solo": Qin gathers no resources (his Location track stands for them)
            what = {"honor": what["honor"]} if what.get("honor") else {}  # ruling: nor Tactic cards (he plays none)
        if seat == self.reed and seat:
            got = {k: v for k, v in what.items() if k in BUILD and v}
            for k, v in got.items():
                self.warehouse[k] += v
            if got:
                self.emit("gw.reed_warehouse", cite("modes.two"), seat=seat, res=got)
            return
        r = self.res[seat]
        got = {}
        for k, v in what.items():
            if not v:
                continue
            if k == "honor":
                self.add_honor(seat, v, rule)
            elif k == "tactic":
                self.draw_tactics(seat, v, rule)
            else:
                r[k] += v
                got[k] = v
        if got:
            self.emit("gw.gain", rule, seat=seat, res=got)

    def add_honor(self, seat: str, n: int, rule: str) -> None:
        """Honor never falls below 0 (the track starts at 0; "Nie możesz uzyskać wyniku ujemnego")."""
        if seat == self.reed:  # "Klan Trzciny nigdy nie otrzymuje Honoru"
            return
        before = self.honor[seat]
        self.honor[seat] = max(0, before + n)
        if self.honor[seat] != before:
            self.emit("gw.honor", rule, seat=seat, delta=self.honor[seat] - before, total=self.honor[seat])

    def draw_tactics(self, seat: str, n: int, rule: str) -> None:
        """Draw Tactic cards; an empty deck is remade from the shuffled discard pile (Akademia Wojskowa). The Reed
        Clan holds no cards (ruling: it never plays a Tactic, so it never draws one)."""
        if seat == self.reed or seat == self.qin:  # nor does Qin Jiushao (solo.py)
            return
        got = []
        for _ in range(n):
            if not self.tac_deck:
                if not self.tac_discard:
                    break
                self.tac_deck = self.tac_discard
                self.tac_discard = []
                self.rng.shuffle(self.tac_deck)
                self.emit("gw.tactics_reshuffled", cite("loc.academy"), n=len(self.tac_deck))
            got.append(self.tac_deck.pop())
        self.tac[seat].extend(got)
        if got:
            self.emit("gw.draw_tactics", rule, seat=seat, n=len(got))
            self.emit("gw.drew_tactics", rule, (seat,), seat=seat, cards=got)
        if len(self.tac[seat]) > self.board["tactic_hand_limit"]:
            self.push("gw.hand_limit", seat=seat)

    def supports(self, seat: str) -> int:
        return len(self.support[seat])

    def trigger(self, seat: str, on: str, times: int = 1) -> None:
        """The General's ability (times the number of Supporting Advisors) and the Active Advisors' abilities."""
        if times <= 0:
            return
        g = self.general[seat]
        abil = []
        if g:
            gen = self.content.solo_general if seat == self.qin else self.content.generals[g]  # solo: Qin's card
            ab = gen["ability"]
            if ab["on"] == on and self.supports(seat):
                abil.append((ab, self.supports(seat), cite("general")))
        for a in self.active[seat]:
            ab = self.content.advisors[a]["ability"]
            if ab["on"] == on:
                abil.append((ab, 1, cite("advisors")))
        for ab, k, rule in abil:
            gain = {r: v * k * times for r, v in ab.get("gain", {}).items()}
            if ab.get("honor"):
                gain["honor"] = ab["honor"] * k * times
            self.gain(seat, gain, rule)

    def soldiers_total(self, seat: str) -> list[int]:
        """Every soldier of a clan wherever it stands (the conservation invariant)."""
        tot = list(self.pool[seat])
        for lvl_t in self.overseer[seat].values():
            tot[lvl_t[1]] += 1
        for sec in range(3):
            for t in range(3):
                tot[t] += self.rest[sec][seat][t]
            tot[AR] += self.firing[sec].count(seat)
            for card in self.horde[sec]:
                for t in self.on_card(card, seat).values():
                    tot[t] += 1
        for fr in self.stack:  # a recruit between the Barracks' pool and its attack or rest zone
            if fr["k"] == "gw.barracks" and fr["seat"] == seat:  # recruited, not yet placed
                for t in (*fr.get("recruits", ()), *(fr.get("placing") or ())):
                    tot[t] += 1
        return tot

    def on_card(self, card: dict[str, Any], seat: str | None = None) -> dict[int, int]:
        """Soldiers on a Horde card: their number k -> type (of one seat, or every seat when None)."""
        out: dict[int, int] = {}
        for cell in card["occ"]:
            if type(cell) is list and (seat is None or cell[0] == seat):
                out[cell[2]] = cell[1]
        return out

    def spots_of(self, card: dict[str, Any], seat: str) -> int:
        return sum(1 for cell in card["occ"] if type(cell) is list and cell[0] == seat)

    def free_vitals(self, card: dict[str, Any]) -> list[int]:
        cells = self.content.horde[card["id"]]["cells"]
        return [i for i, cell in enumerate(card["occ"]) if cell is None and cells[i] is not None]

    def defeated(self, card: dict[str, Any]) -> bool:
        return not self.free_vitals(card)

    def defense(self, sec: int) -> int:
        d = self.board["wall_defense"][self.wall[sec]] + 2 * self.barricades[sec]
        return max(0, d + self.coop["mods"]["defense"]) if self.coop else d  # a co-op Event's passive effect

    def power(self, sec: int) -> int:
        """The Offensive Power of a section's Horde cards, their special abilities included ("Uwaga! Zwróć uwagę na
        zdolności specjalne Hordy — mogą one wpłynąć na wyniki uzyskane w tym kroku")."""
        cards = self.horde[sec]
        total = 0
        for row, c in enumerate(cards):
            spec = self.content.horde[c["id"]]
            total += spec["power"]
            ab = spec.get("ability")
            if ab and "power" in ab:
                cond = ab.get("if")
                if cond is None or (cond == "front" and row == 0) or (cond == "alone" and len(cards) == 1):
                    total += ab["power"]
        return total

    def card_lethality(self, card: dict[str, Any]) -> int:
        """Lethality for the soldiers on one Horde card: the Time token's, plus its special ability's."""
        ab = self.content.horde[card["id"]].get("ability")
        return self.lethality() + (ab.get("lethality", 0) if ab else 0)

    def immune(self, cid: str, soldier: str) -> bool:
        """A Horde card whose special ability keeps a soldier type off it (an archer: its wounds)."""
        ab = self.content.horde[cid].get("ability")
        return bool(ab) and soldier in ab.get("immune", ())

    def usable(self, seat: str, t: int) -> int:
        """Soldiers in the pool without a Shame token under them ("nie mogą zostać wykorzystani")."""
        return self.pool[seat][t] - self.shamed[seat][t]

    def artifact_count(self, seat: str, per: str) -> int:
        """What an Artifact card counts for ``seat`` ("Punkty za Artefakty"; ``score.per`` of the content)."""
        if per == "horde_cards":
            return len(self.claimed[seat])
        if per == "overseer_levels":
            return sum(v[0] for v in self.overseer[seat].values())
        if per == "advisors":
            return len(self.active[seat]) + len(self.support[seat])
        if per == "walls_built":
            return self.walls_built[seat]
        if per == "clerks":
            return self.board["clerks"]["total"] - self.unhired[seat]
        raise KeyError(per)

    def win_check(self) -> str:
        """The end conditions checked at the end of Winter; '' when the game goes on."""
        if sum(1 for w in self.wall if w >= 3) >= self.board["max_walls"][self.side]:
            return "walls"
        if self.shame_pool <= 0:
            return "shame"
        if self.time >= self.last_time():
            return "time"
        return ""

    # -- views (promise 4) ------------------------------------------------------------------------------------
    def view(self, seat: str | None, log: bool = True) -> dict[str, Any]:
        """What ``seat`` may know: the resources behind a screen and the Tactic hand are its owner's alone
        ("Kwestia prywatności"); the Supporting Advisor of the setup lies face down (those hired later from the
        face-up Advisor track were seen by all: ``supporting_advisors_hired``); a chosen Command card is hidden until
        all are revealed; a draft is hidden until the reveal. Decks show their sizes (and the Horde deck its top card's
        invasion indicator, printed on its back). (``log``: the kernel's keyword; this view carries no log events
        either way.)"""
        d = self.decision
        players: dict[str, Any] = {}
        for s in [*self.seats, *(c for c in (self.reed, self.qin) if c)]:  # the Reed Clan ("reed": True), Qin too
            p: dict[str, Any] = {
                "honor": self.honor[s], "general": self.general[s], "active_advisors": list(self.active[s]),
                "supporting_advisors": len(self.support[s]), "tactics": len(self.tac[s]),
                # the first lies face down since the setup; the others were hired from the face-up track before all
                "supporting_advisors_hired": list(self.support[s][2 if s == self.qin else 1:]),  # Qin: 2 face down
                "commands": list(self.cmd_hand[s]), "clerks_pool": self.clerks[s], "clerks_unhired": self.unhired[s],
                "soldiers_pool": dict(zip(SOLDIERS, self.pool[s], strict=True)),
                "shamed": dict(zip(SOLDIERS, self.shamed[s], strict=True)),
                "overseers": {k: v[0] for k, v in self.overseer[s].items()},
                "claimed": [list(x) for x in self.claimed[s]], "walls_built": self.walls_built[s],
            }
            if s == self.reed:
                p["reed"] = True
            if s == self.qin:
                p["qin"] = True
            if self.chosen[s]:
                p["chosen"] = self.chosen[s] if (self.revealed or s == seat or s == self.reed) else "hidden"
            if s == seat:
                p["resources"] = dict(self.res[s])
                p["tactic_hand"] = list(self.tac[s])
                p["supporting_advisor_cards"] = list(self.support[s])
                if s in self.draft:
                    p["draft"] = _dc(self.draft[s])
            players[s] = p
        sections = []
        for sec in range(3):
            sections.append({
                "wall": self.wall[sec], "barricades": self.barricades[sec], "defense": self.defense(sec),
                "power": self.power(sec), "firing": list(self.firing[sec]),
                "rest": {s: dict(zip(SOLDIERS, v, strict=True)) for s, v in self.rest[sec].items() if any(v)},
                "horde": [{"id": c["id"], "occ": list(c["occ"])} for c in self.horde[sec]],
            })
        top = self.horde_deck[-1] if self.horde_deck else None
        return {"game": "great_wall", "content": self.content.name, "demo": self.content.demo,
                "label": dict(self.content.label), "seat": seat, "year": self.year, "season": self.season,
                "phase": self.season,
                "time": self.time, "lethality": self.lethality(), "tea": list(self.tea), "players": players,
                "sections": sections, "locations": {k: list(v) for k, v in self.at.items()},
                "track": [None if x is None else list(x) for x in self.track],
                "command_discard": [list(x) for x in self.cmd_discard], "advisor_track": list(self.adv_track),
                "artifacts": list(self.artifacts), "warehouse": dict(self.warehouse), "shame_pool": self.shame_pool,
                "horde_deck": len(self.horde_deck),
                "horde_deck_invasion": None if top is None else self.content.horde[top]["invasion"],
                "horde_discard": list(self.horde_discard), "tactic_deck": len(self.tac_deck),
                "sections_in_play": self.secs,
                "reed": None if not self.reed else {
                    "clan": self.reed, "command": self.content.reed_command["id"],
                    "soldiers_pool": self.pool[self.reed][0], "wodz": self.wodz() if self.tea else ""},
                # "Tryb solo": his Location track is public, his Command deck face down (its size only)
                "qin": None if not self.qin else {"clan": self.qin, "track": list(self.qin_track),
                                                  "command_deck": len(self.qin_deck)},
                "coop": None if not self.coop else self.hooks.view(self),  # "Tryb kooperacji": Decrees, Events
                "tactic_discard": list(self.tac_discard), "advisor_deck": len(self.adv_deck),
                "active": self.active_seat, "to_move": None if d is None else d.player, "result": self.result}

