"""14. Lord of the Hundreds (Władca Szczurów): the warlord, the Hoard, moods, mobs, strongholds, looting.

Reads like chapter 14 of the Law: faction rules (14.2: crafting with strongholds, the warlord, Contempt for Trade,
the Hoard with its Command and Prowess tracks, Looters), setup (14.3: garrison, ruin items, Stubborn), Birdsong
(14.4: Raze, Recruit, Anoint, Choose Mood), Daylight (14.5: Craft, Command the Hundreds, Advance the Warlord),
Evening (14.6: Incite, Oppress, Draw and Discard) and the moods (14.7).

Numbering: the Polish Law (seed and structured) has three setup steps — 14.3.1 Garrison, 14.3.2 ruin items,
14.3.3 Stubborn — where the English text has a fourth step first (gather pieces); the seed wins, so 14.3 is cited
as the Polish Law numbers it. 14.2.2 in the seed cites "14.3.3" for the Anoint action; the structured Law reads
14.4.3 (the seed's number is garbled: 14.3.3 is Stubborn there), so Anoint is 14.4.3.

Pieces (14.3.1 / English 14.3.1 Gather Pieces): 20 warriors and the warlord, 6 strongholds (``stronghold``,
buildings) and mob tokens (``mob``). The Law does not say how many mob tokens there are or what the mob die shows:
faction-board data — five mob tokens, and a die whose faces show each of the three suits equally often, so a roll
is a suit drawn uniformly (:func:`roll_mob_die`).

The warlord is a warrior (14.2.2): it is counted in ``warriors[c]["warlord"]`` and ``fdata["warlord"]["lord"]``
names its clearing (-1: not on the map). ``state.WARRIORS["warlord"]`` is 21, and the warlord off the map is held
on the faction board (``hooks.held_warriors``), so the supply of ordinary warriors is always 20 less those on the
map. It cannot be removed outside of battle (``hooks.warrior_removal``: removals outside battle leave it) nor moved
outside the Hundreds' turn (``hooks.pinned``). In battle, when hits remove some but not all of
the Hundreds warriors in the warlord's clearing, the Hundreds choose whether the warlord is among them (4.3.4).

The faction board ``fdata["warlord"]``: ``command`` and ``prowess`` (the Hoard's two tracks, left to right;
"R-" items keep their "R"), ``removed`` (items removed permanently), ``mood`` (the face-up mood card), ``lord``,
``start`` (the garrison's corner), ``pending`` (an item gained whose place the Hundreds are choosing: 14.2.3,
14.2.4.I), ``ruins_seen`` (ruins whose two items it looked at, 9.7.3) and ``on_coffin`` (the warlord removed in
battle lies on Coffin Makers, A.2, until Anoint or the card's return). All public.

Hooks: ``hooks.phases``, ``hooks.crafting_pieces``, ``hooks.faction_hooks`` (a crafted item goes through Contempt for
Trade; Cobbler moves the warlord), ``hooks.faction_battle`` (Looters, Bitter, Stubborn, Wrathful).
"""

from __future__ import annotations

from typing import Any

from ....engine import InvalidPosition, Option, Step
from .. import battle
from ..content import SUITS
from ..hooks import Contribution
from ..state import BUILDING_COUNT, TOKEN_COUNT, VAGABONDS, RootState
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

KEY = "warlord"
STRONGHOLD = "stronghold"
MOB = "mob"
#: 14.2.4: the items each track of the Hoard holds ("bag" is the Law's sack)
COMMAND_ITEMS = ("boot", "bag", "coin")
PROWESS_ITEMS = ("hammer", "tea", "sword", "crossbow")
#: 14.2.4.II gives the value of a track up to four items: four spaces each
TRACK_SPACES = 4
#: 14.7: the mood cards and the item each shows (Lavish shows none)
MOODS = {
    "bitter": "hammer", "grandiose": "tea", "jubilant": "boot", "lavish": None,
    "relentless": "bag", "rowdy": "coin", "stubborn": "crossbow", "wrathful": "sword",
}
MOOD_RULE = {"bitter": "14.7.1", "grandiose": "14.7.2", "jubilant": "14.7.3", "lavish": "14.7.4",
             "relentless": "14.7.5", "rowdy": "14.7.6", "stubborn": "14.7.7", "wrathful": "14.7.8"}
#: 14.6.2 Oppress: victory points by the number of oppressed clearings (six or more: four)
OPPRESS_VP = (0, 1, 1, 2, 2, 3, 4)
#: 14.7.3 Jubilant: up to four extra rolls of the mob die
JUBILANT_ROLLS = 4


def board(st: RootState) -> dict:
    return st.fdata[KEY]


def base(item: str) -> str:
    return item[2:] if item.startswith("R-") else item


def lord(st: RootState) -> int | None:
    """The warlord's clearing, or None when it is not on the map (14.2.2)."""
    c = st.fdata[KEY].get("lord", -1)
    return c if c >= 0 else None


def mood(st: RootState) -> str:
    return st.fdata[KEY].get("mood", "")


def in_mood(st: RootState, name: str) -> bool:
    return KEY in st.fdata and st.fdata[KEY].get("mood") == name


def track_of(item: str) -> str:
    """14.2.4: the track an item goes on."""
    b = base(item)
    if b in COMMAND_ITEMS:
        return "command"
    if b in PROWESS_ITEMS:
        return "prowess"
    raise ValueError(f"the Hoard has no space for a {b} (14.2.4)")


def value(n: int) -> int:
    """14.2.4.II: no items 1, one or two 2, three 3, four 4."""
    return 1 if n == 0 else 2 if n <= 2 else n


def command(st: RootState) -> int:
    return value(len(board(st).get("command", ())))


def prowess(st: RootState) -> int:
    return value(len(board(st).get("prowess", ())))


def hoard(st: RootState) -> list[str]:
    fd = board(st)
    return [*fd.get("command", ()), *fd.get("prowess", ())]


def mobs(st: RootState) -> list[int]:
    return [c for c in st.map.clearings() if MOB in st.tokens[c]]


def mob_supply(st: RootState) -> int:
    return TOKEN_COUNT[MOB] - st.count_on_map(MOB)


def strongholds_on_track(st: RootState) -> int:
    return BUILDING_COUNT[STRONGHOLD] - st.count_on_map(STRONGHOLD)


def crafting_pieces(st: RootState, seat: str) -> dict[str, int]:
    """14.2.1: strongholds, each for the suit of its clearing."""
    out: dict[str, int] = {}
    for c in st.map.clearings():
        n = st.buildings[c].count(STRONGHOLD)
        if n:
            s = st.craft_suit(c)  # Appendix F: WILD in the Lost City
            out[s] = out.get(s, 0) + n
    return out


# -- 14.2.2 The warlord -------------------------------------------------------------------------
def _in_battle_at(st: RootState, c: int) -> bool:
    return any(fr["k"] == "battle" and fr["c"] == c for fr in st.stack)


def warrior_removal(st: RootState, c: int, n: int) -> int:
    """14.2.2: the warlord cannot be removed outside of battle; in battle it goes with the clearing's last Hundreds
    warrior, and when hits remove only some of them the Hundreds choose whether it is among them (4.3.4: the player
    taking hits chooses its pieces; :class:`WhichRemoved`) (``hooks.warrior_removal``). Returns how many of the
    ``n`` warriors are removed."""
    if lord(st) != c:
        return n
    there = st.warriors[c].get(KEY, 0)
    if not _in_battle_at(st, c):
        return min(n, there - 1)
    if n >= there:
        _lose_warlord(st, c, "14.2.2")
    elif n > 0:
        st.push("warlord.which_removed", c=c, n=n)
    return n


@register
class WhichRemoved(Step):
    """4.3.4 with 14.2.2: hits removed some of the Hundreds warriors in the warlord's clearing; the Hundreds say
    whether the warlord was one of them (it then waits for Anoint, 14.4.3)."""

    kind = "warlord.which_removed"
    rule = R("4.3.4")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"clearing": fr["c"] + 1, "count": fr["n"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option("keep the warlord", "keep_warlord", {}, self.rule),
                Option("the warlord is removed", "lose_warlord", {}, R("14.2.2"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "lose_warlord" and lord(st) == fr["c"]:
            _lose_warlord(st, fr["c"], "4.3.4")


def _lose_warlord(st: RootState, c: int, rule: str) -> None:
    """The warlord removed in battle leaves the map; with Coffin Makers crafted it went onto that card with the
    other removed warriors (A.2: "would return to a supply") and stays the warlord there (``on_coffin``) until the
    card returns them (``exiles``) or Anoint takes it (14.4.3: it is not on the map)."""
    fd = board(st)
    fd["lord"] = -1
    if st.coffin() is not None:
        fd["on_coffin"] = True
    st.emit("warlord_removed", rule, faction=KEY, clearing=c + 1)


def on_coffin(st: RootState) -> bool:
    """The warlord piece lies on Coffin Makers (A.2) — one of the Hundreds warriors counted there."""
    return bool(board(st).get("on_coffin")) and st.coffined(KEY) > 0


def pinned(st: RootState, c: int) -> int:
    """14.2.2: the warlord cannot be moved outside the Hundreds' turn (``hooks.pinned``)."""
    return 1 if st.current != KEY and lord(st) == c else 0


def held(st: RootState, faction: str) -> int:
    """The warlord off the map waits on the faction board: not an ordinary warrior of the supply (14.2.2, 14.4.3)."""
    return 1 if faction == KEY and lord(st) is None and not on_coffin(st) else 0


# -- 14.2.4 The Hoard -----------------------------------------------------------------------------
def gain_item(st: RootState, item: str, rule: str) -> None:
    """14.2.4.I: into the leftmost empty space of its track; with the track full, the Hundreds must remove the
    gained item or an item of that track permanently, and score one victory point."""
    track = track_of(item)
    fd = board(st)
    st.emit("hoard_gain", rule, faction=KEY, item=base(item), track=track)
    if len(fd[track]) < TRACK_SPACES:
        fd[track].append(item)
        return
    fd["pending"].append(item)  # held while the Hundreds choose what to remove
    st.push("warlord.hoard_full", item=item, track=track)


def remove_from_hoard(st: RootState, item: str, rule: str) -> None:
    """Remove ``item`` from the Hoard permanently; the track shifts left (14.7.4: the lists stay packed)."""
    fd = board(st)
    fd[track_of(item)].remove(item)
    fd["removed"].append(item)
    st.emit("hoard_removed", rule, faction=KEY, item=base(item))


@register
class HoardFull(Step):
    """14.2.4.I: the track is full: remove the gained item or one on that track, then score one victory point."""

    kind = "warlord.hoard_full"
    rule = R("14.2.4.I")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"item": base(fr["item"])}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = [Option(f"remove gained {base(fr['item'])}", "remove_gained", {"item": fr["item"]}, self.rule)]
        for it in sorted(set(board(st)[fr["track"]])):
            out.append(Option(f"remove {it}", "remove_item", {"item": it}, self.rule))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        fd = board(st)
        fd["pending"].remove(fr["item"])
        if opt.action == "remove_gained":
            fd["removed"].append(fr["item"])
            st.emit("hoard_removed", "14.2.4.I", faction=KEY, item=base(fr["item"]))
        else:
            remove_from_hoard(st, opt.args["item"], "14.2.4.I")
            fd[fr["track"]].append(fr["item"])
        st.score(KEY, 1, "14.2.4.I", "hoard")


# -- 14.2.3 Contempt for Trade --------------------------------------------------------------------
def crafted_item(st: RootState, seat: str, item: str) -> None:
    """``hooks.faction_hooks["warlord"]["item"]``: the card's victory points wait for the choice (``turn.item_vp`` gives
    the Hundreds none when crafting)."""
    board(st)["pending"].append(item)  # held while the Hundreds choose (14.2.3)
    st.push("warlord.contempt", item=item, vp=_crafting_vp(st, item))


def _crafting_vp(st: RootState, item: str) -> int:
    """The victory points listed on the card being crafted: ``turn.do_craft`` has just emitted its ``craft``
    event (nothing is emitted between it and this hook)."""
    chain = st.log_chain
    last = chain.since(len(chain) - 1)
    if last and last[0].kind == "craft" and last[0].args.get("faction") == KEY:
        key = last[0].args["card"]
        for card in st.deck_info.cards:
            if card.key == key:
                return card.vp
    raise RuntimeError(f"the Hundreds craft a {item} without a crafted card")


@register
class Contempt(Step):
    """14.2.3: take the item and score none of the listed points, or remove it permanently and score them."""

    kind = "warlord.contempt"
    rule = R("14.2.3")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"item": fr["item"], "vp": fr["vp"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"take {fr['item']}", "take_item", {"item": fr["item"]}, self.rule),
                Option(f"remove {fr['item']} for {fr['vp']} vp", "remove_for_vp",
                       {"item": fr["item"], "vp": fr["vp"]}, self.rule)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        board(st)["pending"].remove(fr["item"])
        if opt.action == "take_item":
            gain_item(st, fr["item"], "14.2.3")
        else:
            board(st)["removed"].append(fr["item"])
            st.emit("hoard_removed", "14.2.3", faction=KEY, item=fr["item"])
            st.score(KEY, fr["vp"], "14.2.3", "craft")


# -- 14.3 Setup -----------------------------------------------------------------------------------
def start_corners(st: RootState) -> list[int]:
    """14.3.1: a corner that is no other player's starting corner and, if possible, diagonally opposite one."""
    taken = {fd["start"] for s, fd in st.fdata.items() if s != KEY and "start" in fd}
    free = [c for c in st.map.corners if c not in taken and st.can_place(c, KEY) and st.open_slots(c) > 0]
    opposite = [c for c in free if st.map.opposite[c] in taken]
    return opposite or free


def place_ruin_items(st: RootState) -> None:
    """14.3.2: the four "R" items at random under the ruins, unless this has already been done (9.3.4; with two
    Vagabonds two sets, 9.7.1: :meth:`RootState.ruin_sets`)."""
    st.deal_ruin_items(st.ruin_sets())


@register
class Setup(Step):
    kind = "warlord.setup"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        board(st).update(command=[], prowess=[], removed=[], pending=[], lord=-1, mood="", ruins_seen=[])
        place_ruin_items(st)  # 14.3.2
        st.push("warlord.setup.mood")
        st.push("warlord.setup.corner")


@register
class SetupCorner(Step):
    """14.3.1 Garrison: the warlord, four warriors and a stronghold in a corner."""

    kind = "warlord.setup.corner"
    rule = R("14.3.1")
    forced_single = True
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"start {c + 1}", "start", {"clearing": c + 1}, self.rule) for c in start_corners(st)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        c = opt.args["clearing"] - 1
        fd = board(st)
        fd["start"] = c
        _place_warlord(st, c, "14.3.1")
        st.place_warriors(c, KEY, 4, "14.3.1")
        st.place_building(c, STRONGHOLD, "14.3.1")


@register
class SetupMood(Step):
    """14.3.3: the Stubborn mood card on the Mood Card slot."""

    kind = "warlord.setup.mood"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        board(st)["mood"] = "stubborn"
        st.emit("mood", "14.3.3", faction=KEY, mood="stubborn")


def _place_warlord(st: RootState, c: int, rule: str) -> None:
    if on_coffin(st):  # 14.4.3 Anoint: the warlord on Coffin Makers is not on the map; it leaves the card (A.2)
        for d in st.fdata.values():
            held = d.get("coffin")
            if held and KEY in held:
                held.remove(KEY)
                break
    board(st).pop("on_coffin", None)
    st.warriors[c][KEY] = st.warriors[c].get(KEY, 0) + 1
    board(st)["lord"] = c
    st.emit("place_warlord", rule, faction=KEY, clearing=c + 1)


# -- mobs -------------------------------------------------------------------------------------------
def roll_mob_die(st: RootState, rule: str) -> str:
    suit = SUITS[st.rng.roll(len(SUITS), "mob")]
    st.emit("mob_die", rule, faction=KEY, suit=suit)
    return suit


def spread_targets(st: RootState, suit: str) -> list[int]:
    """14.4.1, 14.7.3: clearings of ``suit`` with no mob, adjacent to a clearing with a mob."""
    if not mob_supply(st):
        return []
    have = set(mobs(st))
    return [c for c in st.map.clearings() if st.suit_matches(c, suit) and c not in have and st.can_place(c, KEY)
            and any(a in have for a in st.adj[c])]


def spread(st: RootState, rule: str) -> None:
    """Roll the mob die and place a mob in a matching clearing (the Hundreds choose among several)."""
    suit = roll_mob_die(st, rule)
    targets = spread_targets(st, suit)
    if len(targets) == 1:
        st.place_token(targets[0], MOB, rule)
    elif targets:
        st.push("warlord.mob_place", suit=suit, rule=rule)


@register
class MobPlace(Step):
    """14.4.1, 14.7.3: several matching clearings: the Hundreds choose where the mob goes."""

    kind = "warlord.mob_place"
    rule = R("14.4.1")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"suit": fr["suit"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"mob {c + 1}", "place_mob", {"clearing": c + 1}, R(fr["rule"]))
                for c in spread_targets(st, fr["suit"])]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        st.place_token(opt.args["clearing"] - 1, MOB, fr["rule"])


# -- 14.4 Birdsong -------------------------------------------------------------------------------
@register
class Birdsong(Step):
    """14.4: Raze, Recruit, Anoint, Choose Mood (and, Lavish, 14.7.4 at its end)."""

    kind = "warlord.birdsong"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:
            st.push("warlord.raze", todo=[c + 1 for c in mobs(st)])
        elif i == 1:
            recruit(st)
        elif i == 2:
            if lord(st) is None:
                st.push("warlord.anoint")
        elif i == 3:
            if mood_choices(st):
                st.push("warlord.mood")
        elif i == 4:
            if in_mood(st, "lavish") and hoard(st):
                st.push("warlord.lavish")
        else:
            st.pop(fr)


@register
class Raze(Step):
    """14.4.1: in each clearing with a mob, remove all enemy buildings and tokens and take one item from its ruin;
    then roll the mob die once and spread a mob. Clearings resolve in ascending order, one at a time, so what a
    removal triggers (8.2.6 Outrage, 12.2.3 the Price of Failure) resolves before the next."""

    kind = "warlord.raze"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        todo = fr["todo"]
        if todo:
            c = todo.pop(0) - 1
            raze(st, c)
            return
        st.pop(fr)
        if mobs(st):
            spread(st, "14.4.1")


def raze(st: RootState, c: int) -> None:
    if MOB not in st.tokens[c]:
        return  # its mob was removed earlier this Raze
    st.emit("raze", "14.4.1", faction=KEY, clearing=c + 1)
    for e in st.enemy_owners(KEY):  # Appendix E: enemy hirelings' buildings and tokens too
        _, bs, ts = st.pieces_of(c, e)
        for kind in bs + ts:
            st.remove_piece(c, kind, KEY, "14.4.1")
            if st.result is not None:
                return
    flush_removals(st)
    if "ruin" in st.buildings[c]:
        _raze_ruin(st, c)


def ruin_choices(st: RootState, c: int) -> list[str]:
    """9.7.3: not an "R" item of a type the Hundreds already have on their faction board."""
    have = {i for i in hoard(st) if i.startswith("R-")}
    return sorted({it for it in st.under_ruin(c) if it not in have})


def _raze_ruin(st: RootState, c: int) -> None:
    under = st.under_ruin(c)
    choices = ruin_choices(st, c)
    if len(under) > 1:
        seen = board(st)["ruins_seen"]
        if c not in seen:
            seen.append(c)  # 9.7.3: they looked at both items
    if len(under) == 1 or len(choices) <= 1:
        if choices:
            take_from_ruin(st, c, choices[0])
        else:
            st.emit("raze_nothing", "9.7.3", faction=KEY, clearing=c + 1)
        return
    st.push("warlord.ruin", c=c)


def take_from_ruin(st: RootState, c: int, item: str) -> None:
    st.take_from_ruin(c, item, "14.4.1")
    gain_item(st, item, "14.4.1")


@register
class RazeRuin(Step):
    """14.4.1 with 9.7.3: two items under the ruin: take one of the Hundreds' choice."""

    kind = "warlord.ruin"
    rule = R("9.7.3")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"clearing": fr["c"] + 1}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"take {base(i)}", "take", {"item": i}, self.rule) for i in ruin_choices(st, fr["c"])]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        take_from_ruin(st, fr["c"], opt.args["item"])


def recruit(st: RootState) -> None:
    """14.4.2: Prowess warriors into the warlord's clearing, then one per stronghold in its clearing (1.5.4: as
    many as the supply holds, strongholds in ascending clearing order)."""
    c = lord(st)
    if c is not None and st.can_place(c, KEY):
        st.place_warriors(c, KEY, prowess(st), "14.4.2")
    for c in st.map.clearings():
        n = st.buildings[c].count(STRONGHOLD)
        if n and st.can_place(c, KEY):
            st.place_warriors(c, KEY, n, "14.4.2")


def anoint_targets(st: RootState) -> tuple[list[int], bool]:
    """14.4.3: clearings with a Hundreds warrior (replace it), else any clearing (place); True when replacing."""
    with_warriors = [c for c in st.map.clearings() if st.warriors[c].get(KEY, 0)]
    if with_warriors:
        return with_warriors, True
    return [c for c in st.map.clearings() if st.can_place(c, KEY)], False


@register
class Anoint(Step):
    """14.4.3: the warlord not on the map replaces a Hundreds warrior, or, with none, is placed in any clearing."""

    kind = "warlord.anoint"
    rule = R("14.4.3")
    seat = KEY
    forced_single = True

    def options(self, st: RootState, fr: dict) -> list[Option]:
        targets, replace_one = anoint_targets(st)
        word = "anoint" if replace_one else "place warlord"
        return [Option(f"{word} {c + 1}", "anoint", {"clearing": c + 1}, self.rule) for c in targets]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        c = opt.args["clearing"] - 1
        if st.warriors[c].get(KEY, 0):  # the replaced warrior returns to the supply
            st.warriors[c][KEY] -= 1
            st.emit("anoint", "14.4.3", faction=KEY, clearing=c + 1)
        _place_warlord(st, c, "14.4.3")


def mood_choices(st: RootState) -> list[str]:
    """14.4.4: a different mood card showing no item in the Hoard (Lavish with no other choice stays)."""
    have = {base(i) for i in hoard(st)}
    now = mood(st)
    return [m for m, item in MOODS.items() if m != now and (item is None or item not in have)]


@register
class ChooseMood(Step):
    """14.4.4 Choose Mood."""

    kind = "warlord.mood"
    rule = R("14.4.4")
    seat = KEY
    forced_single = True

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"mood {m}", "mood", {"mood": m}, R(MOOD_RULE[m])) for m in mood_choices(st)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        board(st)["mood"] = opt.args["mood"]
        st.emit("mood", "14.4.4", faction=KEY, mood=opt.args["mood"])


@register
class Lavish(Step):
    """14.7.4 Lavish: at the end of Birdsong remove items from the Hoard permanently, two warriors into the
    warlord's clearing for each; the tracks shift left."""

    kind = "warlord.lavish"
    rule = R("14.7.4")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = [Option(f"remove {it}", "lavish", {"item": it}, self.rule) for it in sorted(set(hoard(st)))]
        out.append(Option("done", "done", {}, self.rule))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        remove_from_hoard(st, opt.args["item"], "14.7.4")
        c = lord(st)
        if c is not None and st.can_place(c, KEY):
            st.place_warriors(c, KEY, 2, "14.7.4")
        if not hoard(st):
            st.pop(fr)


# -- 14.5 Daylight -------------------------------------------------------------------------------
@register
class Daylight(Step):
    """14.5: Craft, Command the Hundreds, Advance the Warlord (14.7.2 Grandiose: the last two reversed)."""

    kind = "warlord.daylight"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        order = ("advance", "command") if in_mood(st, "grandiose") else ("command", "advance")
        if i == 0:
            if st.hands[KEY] and any(v > 0 for v in crafting_pieces(st, KEY).values()):
                st.push("warlord.craft")
        elif i in (1, 2):
            step = order[i - 1]
            if step == "command":
                st.push("warlord.command", left=command(st))
            else:
                st.push("warlord.advance", left=prowess(st), stage="start", moved=False)
        else:
            st.pop(fr)


@register
class Craft(CraftingStep):
    """14.5.1 (14.2.1): craft by activating strongholds."""

    kind = "warlord.craft"
    rule = R("14.5.1")
    seat = KEY


def hundreds_moves(st: RootState, rule: str, sources: list[int] | None = None, *,
                   warlord_only: bool = False) -> list[Option]:
    """4.2 moves of Hundreds warriors; from the warlord's clearing each count is offered with and without the
    warlord (all the warriors there: with it). ``warlord_only``: moves that take the warlord (14.5.3)."""
    c = lord(st)
    out = []
    for opt in move_options(st, KEY, rule, sources):
        a = st.loc_index(opt.args["from"])
        if a != c:
            if not warlord_only:
                out.append(opt)
            continue
        n = st.warriors[a].get(KEY, 0)
        if opt.args["count"] < n and not warlord_only:
            out.append(opt)
        out.append(opt.replace(id=f"{opt.id} with warlord", args={**opt.args, "warlord": True}))
    return out


def move_hundreds(st: RootState, opt: Option, rule: str) -> None:
    """A move of Hundreds warriors; with the warlord among them, it is in the destination as soon as they arrive, so
    an effect of the move itself (the Highway Bandits' toll, Appendix E) cannot remove it outside of battle
    (14.2.2)."""
    a, b = st.loc_index(opt.args["from"]), st.loc_index(opt.args["to"])
    with_lord = bool(opt.args.get("warlord")) and lord(st) == a
    if with_lord:
        board(st)["lord"] = b
    do_move(st, KEY, opt, rule)
    if with_lord:
        st.emit("warlord_moves", rule, faction=KEY, src=a + 1, dst=b + 1)


def build_options(st: RootState) -> list[Option]:
    """14.5.2.III: spend a card to place a stronghold in a matching clearing you rule."""
    if not strongholds_on_track(st):
        return []
    out = []
    for c in st.map.clearings():
        if st.open_slots(c) > 0 and st.rules(c, KEY) and st.can_place(c, KEY):
            for cid in st.distinct(st.clearing_cards(KEY, c)):  # Appendix F: the Lost City, any suit
                key = st.card(cid).key
                out.append(Option(f"build {c + 1} paying {key}", "build", {"clearing": c + 1, "card": key},
                                  R("14.5.2.III")))
    return out


@register
class Command(Step):
    """14.5.2 Command the Hundreds: move, battle, build in any order, up to Command times."""

    kind = "warlord.command"
    rule = R("14.5.2")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"left": fr["left"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*hundreds_moves(st, "14.5.2.I"), *battle_options(st, KEY, "14.5.2.II"), *build_options(st),
                *daylight_extras(st, KEY), Option("end command", "end_command", {}, self.rule)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if apply_extra(st, KEY, opt):
            return
        if opt.action == "end_command":
            st.pop(fr)
            return
        fr["left"] -= 1
        if fr["left"] <= 0:
            st.pop(fr)
        if opt.action == "move":
            move_hundreds(st, opt, "14.5.2.I")
        elif opt.action == "battle":
            start_battle(st, KEY, opt, "14.5.2.II")
        else:
            c = opt.args["clearing"] - 1
            st.spend(KEY, take_card(st, KEY, opt.args["card"]), "14.5.2.III", "build")
            st.place_building(c, STRONGHOLD, "14.5.2.III")


@register
class Advance(Step):
    """14.5.3 Advance the Warlord, up to Prowess times: move the warlord with any Hundreds warriors, then battle in
    its clearing (either may be left out). 14.7.5 Relentless: after an advance that both moved and battled, one
    more move of the warlord or battle in its clearing."""

    kind = "warlord.advance"
    rule = R("14.5.3")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"left": fr["left"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        c = lord(st)
        stage = fr["stage"]
        out: list[Option] = []
        if c is not None:
            if stage in ("start", "relentless"):
                rule = "14.7.5" if stage == "relentless" else "14.5.3"
                out.extend(hundreds_moves(st, rule, [c], warlord_only=True))
            out.extend(battle_options(st, KEY, "14.7.5" if stage == "relentless" else "14.5.3", [c]))
        out.extend(daylight_extras(st, KEY))
        if stage == "start":
            out.append(Option("end advance", "end_advance", {}, self.rule))
        else:
            out.append(Option("no battle" if stage == "battle" else "skip", "skip", {},
                              R("14.7.5") if stage == "relentless" else self.rule))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if apply_extra(st, KEY, opt):
            return
        stage = fr["stage"]
        if opt.action == "end_advance":
            st.pop(fr)
            return
        if stage == "start":
            if opt.action == "move":
                fr["stage"], fr["moved"] = "battle", True
                move_hundreds(st, opt, "14.5.3")
                return
            self._done(st, fr, battled=True)  # an advance without a move
            start_battle(st, KEY, opt, "14.5.3")
            return
        if stage == "battle":
            battled = opt.action == "battle"
            self._done(st, fr, battled=battled)
            if battled:
                start_battle(st, KEY, opt, "14.5.3")
            return
        # relentless: one extra move or battle, then the next advance
        fr["stage"] = "start"
        self._end_if_spent(st, fr)
        if opt.action == "move":
            move_hundreds(st, opt, "14.7.5")
        elif opt.action == "battle":
            start_battle(st, KEY, opt, "14.7.5")

    def _done(self, st: RootState, fr: dict, battled: bool) -> None:
        fr["left"] -= 1
        if battled and fr["moved"] and in_mood(st, "relentless"):
            fr["stage"], fr["moved"] = "relentless", False
            return
        fr["stage"], fr["moved"] = "start", False
        self._end_if_spent(st, fr)

    @staticmethod
    def _end_if_spent(st: RootState, fr: dict) -> None:
        if fr["left"] <= 0 and fr["stage"] == "start":
            st.pop(fr)


# -- 14.6 Evening --------------------------------------------------------------------------------
@register
class Evening(Step):
    """14.6: Incite, Oppress, Draw and Discard."""

    kind = "warlord.evening"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:
            if st.hands[KEY] and mob_supply(st) and incite_spots(st):  # public: hand size and board
                st.push("warlord.incite")
        elif i == 1:
            oppress(st)
        elif i == 2:
            draw_and_discard(st, KEY, rowdy_bonus(st), "14.6.3")
        else:
            st.pop(fr)


def incite_spots(st: RootState) -> list[int]:
    """14.6.1: clearings with no mob but a Hundreds warrior (the warlord too)."""
    return [c for c in st.map.clearings()
            if MOB not in st.tokens[c] and st.warriors[c].get(KEY, 0) and st.can_place(c, KEY)]


@register
class Incite(Step):
    """14.6.1 Incite: any number of times, spend a card to place a mob in a matching clearing."""

    kind = "warlord.incite"
    rule = R("14.6.1")
    seat = KEY

    def forced(self, st: RootState, fr: dict) -> bool:
        return not (st.hands[KEY] and mob_supply(st) and incite_spots(st))  # public: only "end incite" is left

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = []
        if mob_supply(st):
            for c in incite_spots(st):
                for cid in st.distinct(st.clearing_cards(KEY, c)):  # Appendix F: the Lost City, any suit
                    key = st.card(cid).key
                    out.append(Option(f"incite {c + 1} paying {key}", "incite", {"clearing": c + 1, "card": key},
                                      self.rule))
        out.append(Option("end incite", "end_incite", {}, self.rule))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "end_incite":
            st.pop(fr)
            return
        c = opt.args["clearing"] - 1
        st.spend(KEY, take_card(st, KEY, opt.args["card"]), "14.6.1", "incite")
        st.place_token(c, MOB, "14.6.1")
        if in_mood(st, "jubilant") and lord(st) == c and mob_supply(st):
            st.push("warlord.jubilant", left=JUBILANT_ROLLS)


@register
class Jubilant(Step):
    """14.7.3 Jubilant: after inciting in the warlord's clearing, up to four times roll the mob die and place a
    mob in a matching clearing with no mob, adjacent to a clearing with one."""

    kind = "warlord.jubilant"
    rule = R("14.7.3")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"left": fr["left"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        roll = [Option("roll mob die", "roll_mob", {}, self.rule)] if mob_supply(st) else []
        return [*roll, Option("stop", "stop", {}, self.rule)]

    def forced(self, st: RootState, fr: dict) -> bool:
        return not mob_supply(st)  # public: only "stop" is left

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        fr["left"] -= 1
        if opt.action == "stop" or fr["left"] <= 0:
            st.pop(fr)
        if opt.action == "roll_mob":
            spread(st, "14.7.3")


def oppressed(st: RootState) -> list[int]:
    """14.6.2: clearings the Hundreds rule with a Hundreds piece and no enemy piece (hirelings' pieces are enemy
    pieces unless the Hundreds control them, E.3.2)."""
    return [c for c in st.map.clearings() if st.rules(c, KEY) and st.has_any_piece(c, KEY)
            and not st.enemy_pieces_in(c, KEY)]


def oppress(st: RootState) -> None:
    n = len(oppressed(st))
    vp = OPPRESS_VP[min(n, len(OPPRESS_VP) - 1)]
    st.emit("oppress", "14.6.2", faction=KEY, clearings=n, vp=vp)
    st.score(KEY, vp, "14.6.2", "oppress")


def enemy_pieces(st: RootState, c: int) -> int:
    return st.enemy_pieces_in(c, KEY)  # hirelings' pieces too (E.3.2)


def rowdy_bonus(st: RootState) -> int:
    """14.7.6 Rowdy: one more card; two more with three or more enemy pieces in the warlord's clearing."""
    if not in_mood(st, "rowdy"):
        return 0
    c = lord(st)
    return 2 if c is not None and enemy_pieces(st, c) >= 3 else 1


# -- battle: 14.2.5 Looters, 14.7.1 Bitter, 14.7.7 Stubborn, 14.7.8 Wrathful ---------------------------
def _lord_side(st: RootState, fr: dict) -> bool:
    return lord(st) == fr["c"]


def battle_start(st: RootState, fr: dict) -> None:
    """14.2.5: at the start of battle as attacker, the Hundreds may declare they loot a defender with an item in
    its Crafted Items box (never the Vagabond)."""
    if fr["att"] == KEY and fr["dfn"] not in VAGABONDS and st.crafted_items.get(fr["dfn"]):
        st.push("warlord.loot")


@register
class Loot(Step):
    kind = "warlord.loot"
    rule = R("14.2.5")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option("loot", "loot", {}, self.rule), Option("no loot", "no_loot", {}, self.rule)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "loot":
            bf = battle._battle_frame(st)
            bf["loot"] = True
            st.emit("loot_declared", "14.2.5", faction=KEY, target=bf["dfn"])


def before_roll(st: RootState, fr: dict) -> None:
    """14.7.1 Bitter: in battle in the warlord's clearing, before the roll."""
    if in_mood(st, "bitter") and _lord_side(st, fr) and bitter_mobs(st):
        st.push("warlord.bitter")


def bitter_mobs(st: RootState) -> list[int]:
    c = lord(st)
    if c is None:
        return []
    return [x for x in (c, *st.adj[c]) if MOB in st.tokens[x]]


@register
class Bitter(Step):
    """14.7.1: remove mobs from the warlord's clearing and those adjacent; as many warriors into its clearing."""

    kind = "warlord.bitter"
    rule = R("14.7.1")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*(Option(f"remove mob {c + 1}", "remove_mob", {"clearing": c + 1}, self.rule)
                  for c in sorted(bitter_mobs(st))), Option("done", "done", {}, self.rule)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        st.remove_piece(opt.args["clearing"] - 1, MOB, KEY, "14.7.1")
        c = lord(st)
        if c is not None and st.can_place(c, KEY):
            st.place_warriors(c, KEY, 1, "14.7.1")
        if not bitter_mobs(st):
            st.pop(fr)


def rolled(st: RootState, fr: dict) -> None:
    """14.2.5: looting, the Hundreds deal no rolled hits."""
    if fr.get("loot"):
        fr["ah"] = 0


def extra_hits(st: RootState, fr: dict) -> None:
    """14.7.8 Wrathful: as attacker in the warlord's clearing, an extra hit."""
    if fr["att"] == KEY and in_mood(st, "wrathful") and _lord_side(st, fr):
        fr["ax"] += 1
        st.emit("extra_hit", "14.7.8", faction=KEY, why="wrathful")


def shield(st: RootState, fr: dict, n: int) -> int:
    """14.7.7 Stubborn: in battle in the warlord's clearing, the first hit the Hundreds take is ignored."""
    # "This does not combine with other abilities that let you ignore the first hit": Badger Bodyguards (E.2.2)
    if (n > 0 and in_mood(st, "stubborn") and not fr.get("stubborn") and not fr.get("bodyguards_" + KEY)
            and _lord_side(st, fr)):
        fr["stubborn"] = True
        st.emit("ignore_hit", "14.7.7", faction=KEY, why="stubborn")
        return n - 1
    return n


def battle_end(st: RootState, fr: dict) -> None:
    """14.2.5: at the end of a looting battle, if the Hundreds rule its clearing, they take an item from the
    defender's Crafted Items box."""
    if fr.get("loot") and st.rules(fr["c"], KEY) and st.crafted_items.get(fr["dfn"]):
        st.push("warlord.loot_take", dfn=fr["dfn"])


@register
class LootTake(Step):
    kind = "warlord.loot_take"
    rule = R("14.2.5")
    seat = KEY
    forced_single = True  # Crafted Items boxes are public

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"target": fr["dfn"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"take {it}", "take", {"item": it}, self.rule)
                for it in sorted(set(st.crafted_items[fr["dfn"]]))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        item = opt.args["item"]
        st.remove_crafted_item(fr["dfn"], item)
        st.emit("loot", "14.2.5", faction=KEY, target=fr["dfn"], item=item)
        gain_item(st, item, "14.2.5")


def _cobbler_moves(st: RootState, seat: str) -> list[Option]:
    return hundreds_moves(st, "4.1.3")


def _cobbler_move(st: RootState, seat: str, opt: Option) -> None:
    move_hundreds(st, opt, "4.1.3")


#: what the Lord of the Hundreds add to the shared rules (hooks.py), assembled by the game when they are in play
CONTRIBUTION = Contribution(
    "warlord", KEY,
    phases=(("warlord.birdsong", {"i": 0}), ("warlord.daylight", {"i": 0}), ("warlord.evening", {"i": 0})),
    crafting_pieces=crafting_pieces,
    faction_hooks={"item": crafted_item, "cobbler": _cobbler_moves, "cobbler_move": _cobbler_move},
    warrior_removal=warrior_removal,  # 14.2.2
    pinned=pinned,  # 14.2.2
    held_warriors=held,
    faction_battle={"start": battle_start, "before_roll": before_roll, "rolled": rolled, "extra_hits": extra_hits,
                    "shield": shield, "end": battle_end},
)


# -- positions, saves and views ------------------------------------------------------------------
def load_position(st: RootState, p: dict[str, Any]) -> None:
    """players.warlord of a position (docs/root-position-format.md): ``command``, ``prowess`` (items on the Hoard's
    tracks; "R-boot" for a ruin item), ``removed`` (items removed permanently), ``mood``, ``warlord`` (the
    clearing of the warlord, which is one of the clearing's Hundreds warriors; absent: not on the map),
    ``start``."""
    fd = board(st)
    fd.update(command=[], prowess=[], removed=[], pending=[], lord=-1, mood="stubborn", ruins_seen=[])
    for track, allowed in (("command", COMMAND_ITEMS), ("prowess", PROWESS_ITEMS)):
        items = p.get(track, [])
        if (not isinstance(items, list) or len(items) > TRACK_SPACES
                or any(not isinstance(i, str) or base(i) not in allowed for i in items)):
            raise InvalidPosition(f"players.warlord.{track} is a list of at most {TRACK_SPACES} of "
                                  f"{', '.join(allowed)} (14.2.4)")
        fd[track] = list(items)
    removed = p.get("removed", [])
    if not isinstance(removed, list) or any(not isinstance(i, str) for i in removed):
        raise InvalidPosition("players.warlord.removed is a list of items (14.2.3, 14.2.4.I)")
    fd["removed"] = list(removed)
    m = p.get("mood", "stubborn")
    if m not in MOODS:
        raise InvalidPosition(f"players.warlord.mood must be one of {', '.join(MOODS)}, not {m!r} (14.7)")
    fd["mood"] = m
    w = p.get("warlord")
    if w is not None:
        if not isinstance(w, int) or not 1 <= w <= st.map.n:
            raise InvalidPosition(f"players.warlord.warlord is a clearing number, not {w!r} (14.2.2)")
        fd["lord"] = w - 1
    start = p.get("start")
    if start is not None:
        fd["start"] = int(start) - 1


def validate(st: RootState) -> None:
    """14.2.2 the warlord stands among the Hundreds warriors of its clearing; 14.2.4 the tracks; 14.7 the mood."""
    fd = board(st)
    if "command" not in fd:  # before setup
        return
    c = fd.get("lord", -1)
    if c >= 0 and (c >= st.map.n or not st.warriors[c].get(KEY, 0)):
        raise InvalidPosition(f"the warlord is in clearing {c + 1}, which has no Hundreds warrior (14.2.2)")
    for track, allowed in (("command", COMMAND_ITEMS), ("prowess", PROWESS_ITEMS)):
        if len(fd[track]) > TRACK_SPACES or any(base(i) not in allowed for i in fd[track]):
            raise InvalidPosition(f"bad {track} track {fd[track]!r} (14.2.4)")
    if fd.get("mood") not in MOODS and not (st.phase == "setup" and fd.get("mood") == ""):  # 14.3.3 comes last
        raise InvalidPosition(f"unknown mood {fd.get('mood')!r} (14.7)")


def board_view(st: RootState) -> dict[str, Any]:
    """The Hundreds' faction board: all public (the Hoard, the face-up mood card, the warlord)."""
    fd = board(st)
    if "command" not in fd:
        return {"warrior_supply": st.warrior_supply(KEY)}
    c = lord(st)
    return {
        "command_track": [base(i) for i in fd["command"]],
        "prowess_track": [base(i) for i in fd["prowess"]],
        "command": command(st), "prowess": prowess(st),  # 14.2.4.II
        "mood": fd["mood"],
        "moods_open": [m for m, item in MOODS.items()
                       if item is None or item not in {base(i) for i in hoard(st)}],  # 14.4.4
        "warlord": None if c is None else c + 1,
        "strongholds_on_track": strongholds_on_track(st),
        "mobs_in_supply": mob_supply(st),
        "removed_items": sorted(base(i) for i in fd["removed"]),
        "warrior_supply": st.warrior_supply(KEY),
    }
