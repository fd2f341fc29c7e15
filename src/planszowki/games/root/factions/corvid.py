"""13. Corvid Conspiracy (Krucza Konspiracja): plots, Nimble, Exposure, Embedded Agents.

Reads like chapter 13 of the Law: faction rules (13.2: crafting with plot tokens, the plot tokens and their
facing, Nimble, Exposure, Embedded Agents), setup (13.3), Birdsong (13.4: craft, flip plots, recruit),
Daylight (13.5: up to three of move, plot, battle, trick), Evening (13.6: exert, draw and discard) and the
plot tokens (13.7: bomb, snare, extortion, raid).

Plot tokens are tokens on the map: ``plot`` is a face-down plot (every seat sees only that), ``plot_bomb``,
``plot_snare``, ``plot_extortion`` and ``plot_raid`` are face up. The faction board is ``fdata["corvid"]``:
``hidden`` (per clearing, the type of the face-down plot there, "" where none: only the Corvids may inspect
it, 13.2.2.1) and ``not_plot`` (per clearing, comma-joined types a failed Exposure showed the face-down plot
there is not — public, since the Corvids say "no" aloud, 13.2.4). Plots not on the map are in the supply,
face down (13.2.2.1), so the supply is derived: two of each type (13.2.2) less those on the map.

Hooks into the shared rules: ``hooks.nimble`` (13.2.3, in ``turn.move_options``), ``hooks.snares`` (13.7.2, in
``RootState.can_place`` and ``RootState.can_move_from``), ``hooks.extras`` (13.2.4 Exposure, offered to every
enemy anytime on their turn before their Evening draw: between Daylight actions, in the Birdsong windows and in
the Evening window before the draw), ``hooks.defender_extra_hits`` (13.2.5), ``hooks.on_piece_removed``
(a removed plot goes back to the supply; 13.7.4 raid) and ``game.determinize`` (:func:`determinize`).
"""

from __future__ import annotations

from typing import Any

from ....engine import InvalidPosition, Option, Step
from .. import state as _state
from ..content import SUITS
from ..hooks import Contribution
from ..state import RootState
from ..turn import (
    CraftingStep,
    R,
    apply_extra,
    battle_options,
    daylight_extras,
    do_move,
    draw_and_discard,
    flush_removals,
    move_options,
    register,
    start_battle,
    take_card,
)

KEY = "corvid"
#: 13.2.2: eight plot tokens, two of each type
PLOTS = ("bomb", "snare", "extortion", "raid")
PER_TYPE = 2
FACE_DOWN = "plot"
FACE_UP = {p: f"plot_{p}" for p in PLOTS}
UP_TYPE = {v: k for k, v in FACE_UP.items()}
ALL_PLOTS = frozenset((FACE_DOWN, *FACE_UP.values()))
ACTIONS = 3  # 13.5: up to three actions in Daylight


def board(st: RootState) -> dict:
    return st.fdata[KEY]


# -- 13.2 Faction rules ---------------------------------------------------------------------------
def plot_at(st: RootState, c: int) -> str | None:
    """The plot token in clearing ``c`` (13.2.2.2: at most one), as its token kind."""
    for t in st.tokens[c]:
        if t in ALL_PLOTS:
            return t
    return None


def face_down(st: RootState) -> list[int]:
    return [c for c in st.map.clearings() if FACE_DOWN in st.tokens[c]]


def face_up_count(st: RootState, kind: str | None = None) -> int:
    kinds = (FACE_UP[kind],) if kind else tuple(FACE_UP.values())
    return sum(st.count_on_map(k) for k in kinds)


def supply(st: RootState) -> dict[str, int]:
    """13.2.2.1: plots not on the map are in the supply, face down; only the Corvids know which."""
    hidden = board(st).get("hidden", ())
    out = {}
    for p in PLOTS:
        out[p] = PER_TYPE - st.count_on_map(FACE_UP[p]) - sum(1 for h in hidden if h == p)
    return out


def supply_count(st: RootState) -> int:
    return PER_TYPE * len(PLOTS) - sum(st.count_on_map(k) for k in ALL_PLOTS)


def crafting_pieces(st: RootState, seat: str) -> dict[str, int]:
    """13.2.1: every plot token on the map, face up or down, crafts the suit of its clearing."""
    out: dict[str, int] = {}
    for c in st.map.clearings():
        if plot_at(st, c):
            s = st.craft_suit(c)  # Appendix F: WILD in the Lost City
            out[s] = out.get(s, 0) + 1
    return out


def _not_list(st: RootState, c: int) -> list[str]:
    v = board(st)["not_plot"][c]
    return v.split(",") if v else []


def _set_hidden(st: RootState, c: int, kind: str) -> None:
    fd = board(st)
    fd["hidden"] = h = list(fd["hidden"])
    h[c] = kind
    fd["not_plot"] = n = list(fd["not_plot"])
    n[c] = ""


def on_plot_removed(st: RootState, c: int, kind: str, by: str | None) -> None:
    """A removed plot returns to the supply face down (21.22). A face-down one is turned over as it leaves, so
    everyone can see whether 13.7.4 (raid) applies; a raid removed other than by Exposure places warriors."""
    if kind not in ALL_PLOTS:
        return
    if kind == FACE_DOWN:
        what = board(st)["hidden"][c]
        if not what:  # Exposure removed it and already cleared it (13.2.4: its effect is ignored)
            return
        _set_hidden(st, c, "")
        st.emit("plot_revealed", "13.7.4", faction=KEY, clearing=c + 1, plot=what)
    else:
        what = UP_TYPE[kind]
    if what == "raid":
        push_place_each(st, [a for a in st.adj[c]], "13.7.4")


def embedded_agents(st: RootState, c: int) -> str | None:
    """13.2.5: defending with a face-down plot in the clearing (even defenseless), one extra hit."""
    return "13.2.5" if FACE_DOWN in st.tokens[c] else None


# -- 13.2.4 Exposure ------------------------------------------------------------------------------
def exposure_clearings(st: RootState, seat: str) -> list[int]:
    """Clearings where ``seat`` (an enemy with a faction piece there) could try Exposure with a card of the
    clearing's suit (birds are wild, 2.1.1). Not where the Stoic Protector shields the Corvids' pieces from
    ``seat`` (Appendix E): a right guess could not remove the plot."""
    if KEY not in st.seats or seat == KEY or seat not in st.enemies(KEY) or not st.hands[seat]:
        return []
    out = [c for c in face_down(st) if st.has_any_piece(c, seat) and st.clearing_cards(seat, c)]  # F: Lost City
    if out and "hirelings" in st.fdata:
        shielded = st.hooks.hirelings["shielded"]
        out = [c for c in out if not shielded(st, c, KEY, seat)]
    return out


def exposure_options(st: RootState, seat: str) -> list[Option]:
    return [Option(f"expose {c + 1}", "expose", {"clearing": c + 1}, R("13.2.4")) for c in exposure_clearings(st, seat)]


def exposure_may_exist(st: RootState, seat: str) -> bool:
    """Public information only: the seat holds cards and has a piece where a face-down plot lies."""
    if KEY not in st.seats or seat == KEY or not st.hands[seat] or seat not in st.enemies(KEY):
        return False
    return any(st.has_any_piece(c, seat) for c in face_down(st))


def in_play(st: RootState) -> bool:
    return KEY in st.seats


def apply_exposure(st: RootState, seat: str, opt: Option) -> bool:
    if opt.action != "expose":
        return False
    st.push("corvid.exposure", seat=seat, c=opt.args["clearing"] - 1)
    return True


@register
class Exposure(Step):
    """13.2.4: show the Corvids a card matching the clearing and name a plot type.

    Exposure is one act: the enemy "may show the Corvids a matching card to guess the type of plot token".
    Choosing ``expose N`` (offered only with a matching card in hand) is choosing to show a card, so this step
    has no "cancel": an exposure opened and withdrawn would change nothing and return to the same decision, again
    and again. Once begun, the ability is carried out (1.4.2 names Exposure as an ability nothing interrupts)."""

    kind = "corvid.exposure"
    rule = R("13.2.4")

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"clearing": fr["c"] + 1}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        seat, c = fr["seat"], fr["c"]
        out = []
        for cid in st.distinct(st.clearing_cards(seat, c)):  # Appendix F: the Lost City, any suit
            key = st.card(cid).key
            for p in PLOTS:
                out.append(Option(f"guess {p} with {key}", "guess", {"plot": p, "card": key}, R("13.2.4")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        seat, c = fr["seat"], fr["c"]
        guess = opt.args["plot"]
        cid = take_card(st, seat, opt.args["card"])
        right = board(st)["hidden"][c] == guess
        if right:
            st.emit("exposure_correct", "13.2.4", faction=seat, clearing=c + 1, plot=guess)
        else:
            st.emit("exposure_wrong", "13.2.4", faction=seat, clearing=c + 1, plot=guess)
        st.emit("exposure_card", "13.2.4", (seat, KEY), faction=seat, card=opt.args["card"])
        if right:  # the guesser removes it, scoring a point (3.2.1), and ignores its effect
            _set_hidden(st, c, "")
            st.remove_piece(c, FACE_DOWN, seat, "13.2.4")
        else:  # the Corvids say "no" and receive the card shown
            st.hands[seat].remove(cid)
            st.hands[KEY].append(cid)
            st.reveal(seat, KEY, cid)
            fd = board(st)
            fd["not_plot"] = n = list(fd["not_plot"])
            n[c] = ",".join(sorted({*_not_list(st, c), guess}))
            st.emit("card_given_corvid", "13.2.4", faction=seat, target=KEY)


# -- 13.3 Setup -----------------------------------------------------------------------------------
@register
class Setup(Step):
    kind = "corvid.setup"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        n = st.map.n  # 13.3.1: 15 warriors (state.WARRIORS) and 8 plots, face down, in the supply
        board(st).update(hidden=[""] * n, not_plot=[""] * n)
        st.push("corvid.setup.scatter", seat=KEY, done=[])


@register
class SetupScatter(Step):
    """13.3.2: one warrior in a clearing of each suit."""

    kind = "corvid.setup.scatter"
    rule = R("13.3.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        city = st.lost_city()  # Appendix F: a clearing of every suit, standing for the suit the Corvids name
        return [Option(f"scatter {c + 1}", "scatter", {"clearing": c + 1}, R("13.3.2")) if c != city else
                Option(f"scatter {c + 1} {s}", "scatter", {"clearing": c + 1, "as_suit": s}, R("13.3.2"))
                for c in st.map.clearings() if st.can_place(c, KEY)
                for s in st.clearing_suits(c) if s not in fr["done"]]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        c = opt.args["clearing"] - 1
        fr["done"] = [*fr["done"], opt.args.get("as_suit") or st.suits[c]]
        st.place_warriors(c, KEY, 1, "13.3.2")
        if len(fr["done"]) == len(SUITS) or not self.options(st, fr):
            st.pop(fr)


# -- placing a warrior in each of several clearings (13.4.3 Recruit, 13.7.4 Raid) ----------------
def push_place_each(st: RootState, targets: list[int], rule: str) -> None:
    targets = sorted(c for c in set(targets) if st.can_place(c, KEY))
    if targets:
        st.push("corvid.place_each", left=targets, rule=rule)


@register
class PlaceEach(Step):
    """One warrior in each clearing listed, if the supply has enough (1.5.4)."""

    kind = "corvid.place_each"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        left = [c for c in fr["left"] if st.can_place(c, KEY)]
        supply_w = st.warrior_supply(KEY)
        if not left or supply_w <= 0:
            return
        if supply_w >= len(left):
            for c in left:
                st.place_warriors(c, KEY, 1, fr["rule"])
        else:  # 1.5.4: as many as possible; the Corvids pick where
            st.push("corvid.place_choice", seat=KEY, left=left, rule=fr["rule"])


@register
class PlaceChoice(Step):
    """The supply runs short of one warrior per clearing: the Corvids pick the clearings one by one."""

    kind = "corvid.place_choice"

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"place {c + 1}", "place", {"clearing": c + 1}, R(fr["rule"])) for c in fr["left"]]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        c = opt.args["clearing"] - 1
        st.pop(fr)
        st.place_warriors(c, KEY, 1, fr["rule"])
        st.push("corvid.place_each", left=[x for x in fr["left"] if x != c], rule=fr["rule"])


# -- 13.4 Birdsong --------------------------------------------------------------------------------
@register
class Birdsong(Step):
    """13.4: craft, flip plots, recruit — in this order."""

    kind = "corvid.birdsong"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:
            # asked whenever plots are on the map and the hand is not empty (both public)
            if st.hands[KEY] and any(crafting_pieces(st, KEY).values()):
                st.push("corvid.craft", seat=KEY)
        elif i == 1:
            if flip_options(st):
                st.push("corvid.flip", seat=KEY)
        elif i == 2:
            if st.hands[KEY]:
                st.push("corvid.recruit", seat=KEY)
        else:
            st.pop(fr)


@register
class Craft(CraftingStep):
    """13.4.1: activate plot tokens, face up or down, to craft cards from the hand."""

    kind = "corvid.craft"
    rule = R("13.4.1")


def flip_options(st: RootState) -> list[Option]:
    return [Option(f"flip {c + 1}", "flip", {"clearing": c + 1}, R("13.4.2"))
            for c in face_down(st) if st.warriors[c].get(KEY, 0)]


@register
class Flip(Step):
    """13.4.2: flip face-down plots in clearings with Corvid warriors, any number of times."""

    kind = "corvid.flip"
    rule = R("13.4.2")
    forced_single = True  # only "end flipping" left: the board is public

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*flip_options(st), Option("end flipping", "end_flipping", {}, R("13.4.2"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "end_flipping":
            st.pop(fr)
            return
        flip(st, opt.args["clearing"] - 1)


def flip(st: RootState, c: int) -> None:
    """13.4.2: turn the plot face up, score one VP per face-up plot on the map, then bomb or extortion."""
    kind = board(st)["hidden"][c]
    _set_hidden(st, c, "")
    toks = st.tokens[c]
    toks[toks.index(FACE_DOWN)] = FACE_UP[kind]
    st.emit("plot_flipped", "13.4.2", faction=KEY, clearing=c + 1, plot=kind)
    st.score(KEY, face_up_count(st), "13.4.2", "flip")
    if st.result is not None:
        return
    if kind == "bomb":
        bomb(st, c)
    elif kind == "extortion":
        extort(st, c)


def bomb(st: RootState, c: int) -> None:
    """13.7.1: remove all enemy pieces in the clearing, then the bomb itself."""

    for e in st.enemy_owners(KEY):  # Appendix E: enemy hirelings' pieces too
        if st.pawn_clearing(e) == c:  # 9.2.2.I Full Removal: the Vagabond damages three items
            st.hooks.faction_hooks["vagabond"]["full_removal"](st, e)
        w, bs, ts = st.pieces_of(c, e)
        if w:
            st.remove_warriors(c, e, w, KEY, "13.7.1")
        for b in bs:
            st.remove_piece(c, b, KEY, "13.7.1")
        for t in ts:
            st.remove_piece(c, t, KEY, "13.7.1")
        if st.result is not None:
            return
    st.remove_piece(c, FACE_UP["bomb"], KEY, "13.7.1")
    flush_removals(st)


def extort(st: RootState, c: int) -> None:
    """13.7.3: take a random card from each enemy with faction pieces in the clearing."""
    for e in st.enemies(KEY):
        hand = st.hands[e]
        if not hand or not st.has_any_piece(c, e):
            continue
        cid = hand.pop(st.rng.below(len(hand)))
        st.hands[KEY].append(cid)
        st.emit("extortion", "13.7.3", faction=KEY, target=e, clearing=c + 1)
        st.emit("card_taken", "13.7.3", (KEY, e), faction=KEY, target=e, card=st.card(cid).key)
        st.reveal("*" if e in st.hooks.public_hands else e, KEY, cid)


def recruit_options(st: RootState) -> list[Option]:
    out = []
    for cid in st.distinct(st.hands[KEY]):
        card = st.card(cid)
        suits = SUITS if card.suit == "bird" else (card.suit,)
        for s in suits:
            label = f"recruit {s} with {card.key}" if card.suit == "bird" else f"recruit with {card.key}"
            out.append(Option(label, "recruit", {"card": card.key, "suit": s}, R("13.4.3")))
    return out


@register
class Recruit(Step):
    """13.4.3: once per turn, spend any card: one warrior in each clearing of its suit (a bird: one suit)."""

    kind = "corvid.recruit"
    rule = R("13.4.3")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*recruit_options(st), Option("skip", "skip", {}, R("13.4.3"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "skip":
            return
        st.spend(KEY, take_card(st, KEY, opt.args["card"]), "13.4.3", "recruit")
        suit = opt.args["suit"]
        push_place_each(st, [c for c in st.map.clearings() if st.suit_matches(c, suit)], "13.4.3")  # F: Lost City


# -- 13.5 Daylight --------------------------------------------------------------------------------
def plot_cost(st: RootState) -> int:
    """13.5.2: one warrior, plus one per plot placed this turn."""
    return 1 + st.turn.get("corvid_plots", 0)


def plot_options(st: RootState) -> list[Option]:
    sup = supply(st)
    kinds = [p for p in PLOTS if sup[p] > 0]
    if not kinds:
        return []
    cost = plot_cost(st)
    out = []
    for c in st.map.clearings():
        if st.warriors[c].get(KEY, 0) >= cost and plot_at(st, c) is None and st.can_place(c, KEY):
            for p in kinds:
                out.append(Option(f"plot {c + 1} {p}", "plot", {"clearing": c + 1, "plot": p}, R("13.5.2")))
    return out


def trick_options(st: RootState) -> list[Option]:
    """13.5.4: swap two plots on the map, both face up or both face down."""
    plots = [(c, plot_at(st, c)) for c in st.map.clearings()]
    plots = [(c, k) for c, k in plots if k]
    out = []
    for i, (a, ka) in enumerate(plots):
        for b, kb in plots[i + 1:]:
            if (ka == FACE_DOWN) == (kb == FACE_DOWN):
                out.append(Option(f"trick {a + 1}<->{b + 1}", "trick", {"a": a + 1, "b": b + 1}, R("13.5.4")))
    return out


def action_options(st: RootState) -> list[Option]:
    """13.5.1–13.5.4: the Daylight actions (also one Exert, 13.6.1)."""
    return [*move_options(st, KEY, "13.5.1"), *plot_options(st), *battle_options(st, KEY, "13.5.3"),
            *trick_options(st)]


def do_action(st: RootState, opt: Option) -> None:
    a = opt.action
    if a == "move":
        do_move(st, KEY, opt, "13.5.1")
    elif a == "battle":
        start_battle(st, KEY, opt, "13.5.3")
    elif a == "plot":
        c = opt.args["clearing"] - 1
        cost = plot_cost(st)
        st.turn["corvid_plots"] = st.turn.get("corvid_plots", 0) + 1
        st.remove_warriors(c, KEY, cost, KEY, "13.5.2")
        _set_hidden(st, c, opt.args["plot"])
        st.place_token(c, FACE_DOWN, "13.5.2")
        st.emit("plot_placed", "13.5.2", (KEY,), faction=KEY, clearing=c + 1, plot=opt.args["plot"])
        flush_removals(st)  # the plot's warriors were removed: Feline Physicians (E.2.2) asks now, not later
    elif a == "trick":
        a_, b_ = opt.args["a"] - 1, opt.args["b"] - 1
        ka, kb = plot_at(st, a_), plot_at(st, b_)
        assert ka is not None and kb is not None
        ta, tb = st.tokens[a_], st.tokens[b_]
        ta[ta.index(ka)] = kb
        tb[tb.index(kb)] = ka
        fd = board(st)
        fd["hidden"] = h = list(fd["hidden"])
        h[a_], h[b_] = h[b_], h[a_]
        fd["not_plot"] = n = list(fd["not_plot"])
        n[a_], n[b_] = n[b_], n[a_]
        st.emit("trick", "13.5.4", faction=KEY, a=a_ + 1, b=b_ + 1)


@register
class Daylight(Step):
    """13.5: up to three actions in any order and combination; in the Evening, one more by Exert (13.6.1)."""

    kind = "corvid.daylight"
    rule = R("13.5")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        end = "end exert" if fr.get("exert") else "end daylight"
        acts = action_options(st) if fr["left"] > 0 else []
        extras = [] if fr.get("exert") else daylight_extras(st, KEY)
        return [*acts, *extras, Option(end, "end_daylight", {}, R("13.6.1" if fr.get("exert") else "13.5"))]

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"actions_left": fr["left"]}

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if not fr.get("exert") and apply_extra(st, KEY, opt):
            return
        if opt.action == "end_daylight":
            st.pop(fr)
            return
        fr["left"] -= 1
        if fr.get("exert"):
            st.pop(fr)
        do_action(st, opt)


# -- 13.6 Evening ---------------------------------------------------------------------------------
@register
class Evening(Step):
    """13.6.1 Exert, then 13.6.2 draw one card plus one per face-up extortion, and discard down to five."""

    kind = "corvid.evening"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:
            if action_options(st):  # the board and supply counts are public
                st.push("corvid.exert", seat=KEY)
        elif i == 1:
            if st.turn.get("corvid_exert"):
                # no draw; the hand limit of 13.6.2 still applies (cards from Exposure or extortion)
                if len(st.hands[KEY]) > _state.HAND_LIMIT:
                    st.push("discard_down", seat=KEY, rule="13.6.2")
            else:
                draw_and_discard(st, KEY, face_up_count(st, "extortion"), "13.6.2")
        else:
            st.pop(fr)


@register
class Exert(Step):
    """13.6.1: one more Daylight action, giving up this Evening's draw."""

    kind = "corvid.exert"
    rule = R("13.6.1")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option("exert", "exert", {}, R("13.6.1")), Option("draw", "draw", {}, R("13.6.2"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "exert":
            st.turn["corvid_exert"] = True
            st.emit("exert", "13.6.1", faction=KEY)
            st.push("corvid.daylight", seat=KEY, left=1, exert=True)


#: what the Corvid Conspiracy add to the shared rules (hooks.py), assembled by the game when they are in play
CONTRIBUTION = Contribution(
    "corvid", KEY,
    phases=(("corvid.birdsong", {"i": 0}), ("corvid.daylight", {"left": ACTIONS}), ("corvid.evening", {"i": 0})),
    crafting_pieces=crafting_pieces,
    nimble=True,  # 13.2.3
    extras=((exposure_options, apply_exposure, exposure_may_exist),),  # 13.2.4 Exposure
    extras_in_play=in_play,
    on_piece_removed=on_plot_removed,
    snares={FACE_UP["snare"]: KEY},  # 13.7.2
    defender_extra_hits=embedded_agents,  # 13.2.5
)


# -- hidden information ---------------------------------------------------------------------------
def determinize(st: RootState, seat: str | None, r: Any) -> None:
    """Redeal the face-down plots for a seat that is not the Corvids: the types not face up on the map lie
    face down on the map or in the supply; a failed Exposure's "no" (``not_plot``) is kept. An Exposure begun
    keeps a card to show in its player's redealt hand (:func:`_exposure_card`)."""
    if KEY in st.seats:
        _exposure_card(st, seat, r)
    if seat == KEY or KEY not in st.seats or "hidden" not in board(st):
        return
    spots = face_down(st)
    if not spots:
        return
    pool = sorted(p for p in PLOTS for _ in range(PER_TYPE - st.count_on_map(FACE_UP[p])))
    nots = {c: set(_not_list(st, c)) for c in spots}
    for _ in range(64):
        r.shuffle(pool)
        picked = _assign(spots, pool, nots)
        if picked is not None:
            break
    else:  # a solution exists (the true one): search it exhaustively in a fixed order
        picked = _search(spots, sorted(pool), nots)
        assert picked is not None
    hidden = [""] * st.map.n
    for c, p in zip(spots, picked, strict=True):
        hidden[c] = p
    board(st)["hidden"] = hidden


def _exposure_card(st: RootState, seat: str | None, r: Any) -> None:
    """13.2.4: Exposure was only offered with a matching card in hand and, once begun, shows one, so everyone
    knows its player holds one. When redealing that player's hand for another seat left it without one, one of
    its cards the seat does not know is swapped with a matching card from the hidden ones (deck first, then
    the other hidden hands), chosen by ``r``: the exposure can go on in every determinization."""
    for fr in st.stack:
        if fr["k"] != Exposure.kind or fr["seat"] == seat:
            continue
        who = fr["seat"]
        suits = (*st.clearing_suits(fr["c"]), "bird")  # Appendix F: in the Lost City a card of any suit
        if st.clearing_cards(who, fr["c"]):
            continue
        cards = st.deck_info.cards
        known = set(st.known_cards(seat))
        mine = [i for i, c in enumerate(st.hands[who]) if (who, c) not in known]
        places = [st.deck] + [st.hands[o] for o in st.seats
                              if o not in (seat, who) and o not in st.hooks.public_hands]
        for place in places:
            owner = next((o for o in st.seats if st.hands[o] is place), None)
            donors = [i for i, c in enumerate(place) if cards[c].suit in suits
                      and (owner is None or (owner, c) not in known)]
            if donors and mine:
                i, j = donors[r.below(len(donors))], mine[r.below(len(mine))]
                place[i], st.hands[who][j] = st.hands[who][j], place[i]
                break


def _assign(spots: list[int], pool: list[str], nots: dict[int, set[str]]) -> list[str] | None:
    left = list(pool)
    out = []
    for c in spots:
        for i, p in enumerate(left):
            if p not in nots[c]:
                out.append(left.pop(i))
                break
        else:
            return None
    return out


def _search(spots: list[int], pool: list[str], nots: dict[int, set[str]]) -> list[str] | None:
    if not spots:
        return []
    c = spots[0]
    for i, p in enumerate(pool):
        if p in nots[c] or (i and pool[i - 1] == p):
            continue
        rest = _search(spots[1:], pool[:i] + pool[i + 1:], nots)
        if rest is not None:
            return [p, *rest]
    return None


# -- positions, saves and views ------------------------------------------------------------------
def load_position(st: RootState, p: dict[str, Any]) -> None:
    """players.corvid of a position (docs/root-position-format.md): ``plots`` maps a clearing to the type of the
    face-down plot there (each "plot" token on the map needs one), ``not_plot`` a clearing to the types a failed
    Exposure ruled out."""
    n = st.map.n
    fd = board(st)
    fd.update(hidden=[""] * n, not_plot=[""] * n)
    plots = p.get("plots", {})
    if not isinstance(plots, dict):
        raise InvalidPosition("players.corvid.plots maps a clearing number to a plot type (13.2.2.1)")
    for k, v in plots.items():
        c = int(k) - 1
        if not 0 <= c < n or v not in PLOTS:
            raise InvalidPosition(f"players.corvid.plots: {k!r}: {v!r} — a clearing of the map and one of "
                                  f"{', '.join(PLOTS)} (13.2.2)")
        fd["hidden"][c] = v
    nots = p.get("not_plot", {})
    if not isinstance(nots, dict):
        raise InvalidPosition("players.corvid.not_plot maps a clearing number to a list of plot types (13.2.4)")
    for k, v in nots.items():
        c = int(k) - 1
        if not 0 <= c < n or not isinstance(v, list) or any(x not in PLOTS for x in v):
            raise InvalidPosition(f"players.corvid.not_plot: {k!r}: {v!r} — a clearing and plot types (13.2.4)")
        fd["not_plot"][c] = ",".join(sorted(set(v)))


def validate(st: RootState) -> None:
    """13.2.2: two plots of each type, one per clearing (13.2.2.2); each face-down plot has a type, none of
    those a failed Exposure ruled out; 13.3.1: 15 warriors."""
    fd = board(st)
    if "hidden" not in fd:  # before setup
        return
    n = st.map.n
    if len(fd["hidden"]) != n or len(fd["not_plot"]) != n:
        raise InvalidPosition(f"the Corvids' plot records must have one entry per clearing ({n})")
    for c in range(n):
        plots = [t for t in st.tokens[c] if t in ALL_PLOTS]
        if len(plots) > 1:
            raise InvalidPosition(f"clearing {c + 1} has {len(plots)} plot tokens; a clearing holds only one "
                                  "(13.2.2.2)")
        down = FACE_DOWN in plots
        h = fd["hidden"][c]
        if down != bool(h) or (h and h not in PLOTS):
            raise InvalidPosition(f"clearing {c + 1}: each face-down plot, and only those, has a type "
                                  f"({h!r}) (13.2.2.1)")
        if h and h in _not_list(st, c):
            raise InvalidPosition(f"clearing {c + 1}: the face-down {h} was ruled out by Exposure (13.2.4)")
        if plots and "keep" in st.tokens[c]:
            raise InvalidPosition(f"clearing {c + 1} has the keep: no plot may be placed there (6.2.2)")
    over = [p for p, k in supply(st).items() if k < 0]
    if over:
        raise InvalidPosition(f"more {', '.join(over)} plots than the two of each type (13.2.2)")


def board_view(st: RootState, viewer: str | None) -> dict[str, Any]:
    """The Corvids' board: the supply's plots and the face-down ones on the map only for the Corvids
    (13.2.2.1); everyone sees the counts and what failed Exposures ruled out."""
    fd = board(st)
    if "hidden" not in fd:
        return {"warrior_supply": st.warrior_supply(KEY)}
    mine = viewer == KEY
    return {
        "plots_in_supply": supply_count(st),
        "supply": supply(st) if mine else None,
        "face_down": {str(c + 1): fd["hidden"][c] if mine else None for c in face_down(st)},
        "ruled_out": {str(c + 1): _not_list(st, c) for c in range(st.map.n) if fd["not_plot"][c]},
        "face_up": face_up_count(st),
        "plots_placed_this_turn": st.turn.get("corvid_plots", 0),
        "next_plot_cost": plot_cost(st),  # 13.5.2
        "draw": 1 + face_up_count(st, "extortion"),  # 13.6.2
        "warrior_supply": st.warrior_supply(KEY),
    }
