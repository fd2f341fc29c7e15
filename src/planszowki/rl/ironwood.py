"""A PettingZoo AEC environment for Ironwood: ``IronwoodAECEnv`` (needs ``pip install 'planszowki[rl]'``).

* **Agents** are the seats ``"woodwalkers"`` and ``"ironclad"`` (in a solo game, ``options={"opponent": ...}``,
  only the person's seat: the engine plays the other). ``agent_selection`` is the seat of the engine's current
  decision, which is often the same seat several times in a row (a card's effects, a fight's placements).
* **Actions** — a fixed catalogue (:class:`ActionCatalogue`): every option id the engine can offer with the loaded
  content, listed once from the board and the cards (``play IC07``, ``move f3->f2 +totem``,
  ``move auria->cobaltis 3w1g``, ``commit none``, ``wound 2w1g``, ``discover auria from f1`` …). Action ``i`` is
  the option whose id is ``catalogue.ids[i]``; the mask marks the ids of the current decision. An option the
  catalogue cannot encode is a bug: it raises :class:`NotInCatalogue` (tests play random games and check every
  option maps to an action and back).
* **Observations**: ``{"observation": Box(float32, layout below), "action_mask": Box(int8, 0/1, n_actions)}``,
  the observation built only from ``state.view(agent)``; the mask is all zeros for an agent that is not deciding.
* **Rewards** only at the end: +1 to the winner, -1 to the other; a game stopped by ``max_rounds`` is truncated
  with 0 for both.

The observation layout (``IronwoodEncoder(content).layout``; ``python -m planszowki.rl.ironwood`` prints it as a
table), in order — ``L`` locations of the board, ``C`` cards of both factions (catalogue order: sorted ids), ``M``
the vision mountains (sorted):

====================  ==========  ==============================================================================
group                 size        what
====================  ==========  ==============================================================================
me                    2           one-hot: the observing seat (woodwalkers, ironclad)
to_move               1           1 when the observing seat decides now
phase                 5           one-hot: setup, prep, actions, end, other
round, turn           2           the round number, action turns taken
loc.ring              3L          one-hot per location: center, inner, outer
loc.type              L           1 for a mountain, 0 for a forest
loc.units             3L          per location: Woodwalker warriors, Ironclad warriors, golems
loc.site              2L          per location: a foundation, a forge (Ferrum's printed forge not counted)
loc.totems            2L          per location: full totems, fading totems
loc.marks             4L          per location: blockade by WW, by IC; shelter by WW, by IC
loc.drill             L           one-hot: the drill's location
players               2 x 8       per seat (WW, IC): crystals, hand size, deck, discard size, slots used, passes,
                                  spent cards, Temporary cards in play
ww                    4           totems secured, vision cards in hand, vision deck, visions burned (count)
ic                    3           drill track step, cargo, forges on outer mountains
vision_shown          M           visions revealed by a discovery
my_hand               C           count of each card in the observer's hand
foe_base              C           the other seat's base cards in hand (public)
discards              2C          each seat's discard pile (WW's cards, then IC's: both in catalogue order)
in_play               C           cards in this round's slots
spent                 C           base cards placed in a fight, back at the end of the round
temporary             C           markers on each Temporary card in play
my_visions            M           the observer's vision cards in hand (Woodwalkers only)
my_burned             M           vision cards the observer burned (Woodwalkers only)
vision_top            M           the top vision card the Ironclad peeked at (Ironclad only)
battle                4 + 2L      a fight in progress; the observer attacks; the observer's card is placed; the
                                  other's card is placed (hidden or not); attacker's location; defender's location
battle_cards          2C          the attacker's and the defender's card, when the observer may see it
bonuses               6           combat bonuses in play: WW damage, defense, dominance; IC the same
====================  ==========  ==============================================================================

Values are raw counts and flags, clipped to each group's upper bound (``high``).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from .. import engine
from ..games.ironwood.content import Content
from .base import ActionCatalogue as _Catalogue
from .base import CatalogueAECEnv, Group, GroupEncoder, NotInCatalogue, markdown_layout

SEATS = ("woodwalkers", "ironclad")
PHASES = ("setup", "prep", "actions", "end")
RINGS = ("center", "inner", "outer")
SETUP_KEYS = ("content", "first_draw", "handicap", "ordered_deck", "opponent", "difficulty")


__all__ = ["ActionCatalogue", "IronwoodAECEnv", "IronwoodEncoder", "NotInCatalogue", "env", "markdown_layout"]


def _effect_numbers(effs: Any, out: dict[str, int]) -> None:
    """The largest ``n`` of each keyword in ``effs`` (nested Spend/Burn ``then`` and Resolve ``choices`` too)."""
    for eff in effs or ():
        kw = eff["do"]
        if "n" in eff:
            out[kw] = max(out.get(kw, 0), int(eff["n"]))
        if kw == "resolve":
            out["choices"] = max(out.get("choices", 0), len(eff["choices"]))
            for ch in eff["choices"]:
                _effect_numbers(ch, out)
        _effect_numbers(eff.get("then"), out)


class ActionCatalogue(_Catalogue):
    """Every option id the engine can offer with ``content``: ``ids[i]`` is action ``i``, ``index[id]`` its
    action. Built from the board (locations, paths, borders), the cards, the vision mountains and the supply."""

    game = "Ironwood"

    def __init__(self, content: Content) -> None:
        b = content.board
        comp = content.components
        cards = sorted(content.cards)
        mountains = sorted(set(content.vision_inner) | set(content.vision_outer))
        nums: dict[str, int] = {}
        for c in content.cards.values():
            for effs in (c.effects, c.on_expire, c.on_burn):
                _effect_numbers(effs, nums)
        ids: list[str] = ["pass", "skip", "done", "stay", "commit none", "draw 2", "draw 4 keep 2"]
        for c in cards:
            ids += [f"play {c}", f"commit {c}", f"discard {c}", f"return {c}", f"expire {c}", f"burn {c}"]
        ids += [f"burn vision:{m}" for m in mountains]
        crystals = comp["crystals"]
        for kw in ("gain", "take", "spend", "give"):
            top = max(nums.get(kw, 0), 3 if kw == "give" else 0)
            ids += [f"{kw} {k}" for k in range(1, min(top, crystals) + 1)]
        for k in range(1, nums.get("draw", 0) + 1):
            ids += [f"draw {k}", f"draw {k} vision"]
        ids += [f"choose {j}" for j in range(1, nums.get("choices", 0) + 1)]
        ww, icw, golems = comp["woodwalkers_warriors"], comp["ironclad_warriors"], comp["golems"]
        for a in b.forests():
            for d in b.adj[a]:
                src, dst = b.ids[a], b.ids[d]
                ids += [f"move {src}->{dst}", f"move {src}->{dst} +totem", f"move {src}->{dst} +fading totem"]
                ids += [f"lure {src}->{dst} x{k}" for k in range(1, ww + 1)]
        for a in b.mountains():
            for d in b.adj[a]:
                src, dst = b.ids[a], b.ids[d]
                ids.append(f"drill {src}->{dst}")
                ids += [f"move {src}->{dst} {w}w{g}g" for w in range(icw, -1, -1) for g in range(golems, -1, -1)
                        if w + g]
        for a in range(len(b.ids)):
            ids += [f"attack {b.ids[a]}->{b.ids[d]}" for d in b.borders[a]]
        ids += [f"wound {w}w{g}g" for w in range(max(ww, icw) + 1) for g in range(golems + 1)]
        for i, lid in enumerate(b.ids):
            ids += [f"retreat {lid}", f"recruit at {lid}", f"recruit warrior at {lid}", f"place at {lid}",
                    f"mark {lid}", f"remove warrior at {lid}"]
            if b.types[i] == "mountain":
                ids += [f"recruit golem at {lid}", f"remove golem at {lid}", f"found {lid}", f"build {lid}"]
        for m in mountains:
            ids += [f"discover {m} from {b.ids[f]}" for f in b.borders[b.index[m]] if b.types[f] == "forest"]
        super().__init__(ids)


class IronwoodEncoder(GroupEncoder):
    """Builds the observation vector (layout in the module's docstring) from ``state.view(seat)`` and the mask of
    the legal actions from the seat's decision."""

    def __init__(self, content: Content) -> None:
        b = content.board
        self.content = content
        self.catalogue = ActionCatalogue(content)
        self.loc_ids = list(b.ids)
        self.loc = {lid: i for i, lid in enumerate(b.ids)}
        self.cards = sorted(content.cards)
        self.card = {c: i for i, c in enumerate(self.cards)}
        self.mountains = sorted(set(content.vision_inner) | set(content.vision_outer))
        self.mountain = {m: i for i, m in enumerate(self.mountains)}
        comp = content.components
        n_l, n_c, n_m = len(self.loc_ids), len(self.cards), len(self.mountains)
        units = max(comp["woodwalkers_warriors"], comp["ironclad_warriors"])
        big = float(max(comp["crystals"], len(self.cards)))
        self.set_groups([
            Group("me", 2, 1), Group("to_move", 1, 1), Group("phase", 5, 1), Group("round, turn", 2, 10_000),
            Group("loc.ring", 3 * n_l, 1), Group("loc.type", n_l, 1), Group("loc.units", 3 * n_l, units),
            Group("loc.site", 2 * n_l, 1), Group("loc.totems", 2 * n_l, comp["totems"]),
            Group("loc.marks", 4 * n_l, 1), Group("loc.drill", n_l, 1), Group("players", 16, big),
            Group("ww", 4, big), Group("ic", 3, big), Group("vision_shown", n_m, 1), Group("my_hand", n_c, 2),
            Group("foe_base", n_c, 2), Group("discards", 2 * n_c, 2), Group("in_play", n_c, 2),
            Group("spent", n_c, 2), Group("temporary", n_c, comp["markers"]), Group("my_visions", n_m, 2),
            Group("my_burned", n_m, 2), Group("vision_top", n_m, 1), Group("battle", 4 + 2 * n_l, 1),
            Group("battle_cards", 2 * n_c, 1), Group("bonuses", 6, 50),
        ])

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        n_l, n_c = len(self.loc_ids), len(self.cards)
        me = view["seat"]
        foe = SEATS[1 - SEATS.index(me)] if me in SEATS else None
        parts: list[np.ndarray] = []

        def vec(size: int) -> np.ndarray:
            v = np.zeros(size, dtype=np.float32)
            parts.append(v)
            return v

        v = vec(2)
        if me in SEATS:
            v[SEATS.index(me)] = 1
        vec(1)[0] = 1.0 if view.get("to_move") == me and me is not None else 0.0
        v = vec(5)
        v[PHASES.index(view["phase"]) if view["phase"] in PHASES else 4] = 1
        v = vec(2)
        v[:] = (view["round"], view["turn"])
        ring, typ, units = vec(3 * n_l), vec(n_l), vec(3 * n_l)
        site, totems, marks, drill = vec(2 * n_l), vec(2 * n_l), vec(4 * n_l), vec(n_l)
        for i, loc in enumerate(view["locations"]):
            ring[3 * i + RINGS.index(loc["ring"])] = 1
            typ[i] = loc["type"] == "mountain"
            units[3 * i:3 * i + 3] = (loc.get("woodwalkers", 0), loc.get("ironclad", 0), loc.get("golems", 0))
            s = loc.get("site")
            if s:
                site[2 * i + (s == "forge")] = 1
            for t in loc.get("totems", ()):
                totems[2 * i + (t == "fading")] += 1
            for meaning, by in loc.get("marks", ()):
                marks[4 * i + 2 * (meaning == "shelter") + (by == "ironclad")] = 1
        players = view["players"]
        drill[self.loc[players["ironclad"]["drill"]]] = 1
        v = vec(16)
        for k, s in enumerate(SEATS):
            p = players[s]
            slots = p["slots"]
            v[8 * k:8 * k + 8] = (p["crystals"], p["hand_size"], p["deck"], len(p["discard"]), len(slots),
                                  sum(1 for x in slots if x == ["pass"]), len(p["spent"]), len(p["temporary"]))
        w, ic = players["woodwalkers"], players["ironclad"]
        vec(4)[:] = (w["secured"], w["visions"], w["vision_deck"], w["vision_discard"])
        vec(3)[:] = (ic["drill_step"], ic["cargo"], ic["forges"])
        shown = vec(len(self.mountains))
        for m in w["vision_shown"]:
            shown[self.mountain[m]] += 1
        hand, foe_base, discards = vec(n_c), vec(n_c), vec(2 * n_c)
        in_play, spent, temporary = vec(n_c), vec(n_c), vec(n_c)
        if me in SEATS:
            for c in players[me].get("hand", ()):
                hand[self.card[c]] += 1
        if foe is not None:
            for c in players[foe].get("base_in_hand", ()):
                foe_base[self.card[c]] += 1
        for k, s in enumerate(SEATS):
            p = players[s]
            for c in p["discard"]:
                discards[k * n_c + self.card[c]] += 1
            for slot in p["slots"]:
                for c in slot:
                    if c != "pass":
                        in_play[self.card[c]] += 1
            for c in p["spent"]:
                spent[self.card[c]] += 1
            for c, markers in p["temporary"]:
                temporary[self.card[c]] += markers
        visions, burned, top = vec(len(self.mountains)), vec(len(self.mountains)), vec(len(self.mountains))
        for m in w.get("vision_hand", ()):
            visions[self.mountain[m]] += 1
        for m in w.get("vision_burned", ()):
            burned[self.mountain[m]] += 1
        if ic.get("vision_top"):
            top[self.mountain[ic["vision_top"]]] = 1
        fight, cards = vec(4 + 2 * n_l), vec(2 * n_c)
        bt = view.get("battle")
        if bt:
            fight[0] = 1
            fight[1] = bt["attacker"] == me
            mine, theirs = ("attacker_card", "defender_card") if bt["attacker"] == me else ("defender_card",
                                                                                            "attacker_card")
            fight[2] = bool(bt.get(mine))
            fight[3] = bool(bt.get(theirs))
            fight[4 + self.loc[bt["from"]]] = 1
            fight[4 + n_l + self.loc[bt["to"]]] = 1
            for k, role in enumerate(("attacker_card", "defender_card")):
                c = bt.get(role)
                if c and c != "hidden":
                    cards[k * n_c + self.card[c]] = 1
        bonus = vec(6)
        for seat, dmg, dfn, dom, *_ in view.get("bonuses", ()):
            k = 3 * SEATS.index(seat)
            bonus[k:k + 3] += (dmg, dfn, dom)
        out = np.concatenate(parts)
        return np.minimum(out, self.high)


class IronwoodAECEnv(CatalogueAECEnv):
    """Ironwood for reinforcement learning (PettingZoo AEC API).

    ``options``: setup options for ``game.new`` (``content``, ``first_draw``, ``handicap``, ``opponent`` …);
    ``max_rounds``: truncate after that many rounds (0: never); ``seed``: seed of the first game when ``reset``
    gets none (later games draw theirs from it)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "planszowki_ironwood_v0", "render_modes": ["ansi", "human"],
                                          "is_parallelizable": False}
    RESET_KEYS = tuple(k for k in SETUP_KEYS if k not in ("content", "opponent"))

    def __init__(self, options: dict[str, Any] | None = None, max_rounds: int = 100, render_mode: str | None = None,
                 seed: int | None = None) -> None:
        super().__init__(render_mode, seed)
        self.game = engine.load("ironwood")
        self.setup = dict(options or {})
        probe = self.game.new(seed=0, options=self.setup)  # unsupported setups fail here
        self.encoder = IronwoodEncoder(probe.content)
        self.max_rounds = max_rounds
        self.init_spaces([s for s in SEATS if s != probe.bot], self.encoder.high, len(self.encoder.catalogue))

    def new_game(self, seed: int, setup: dict[str, Any]) -> Any:
        return self.game.new(seed=seed, options=setup)

    def capped(self, st: Any) -> bool:
        return bool(self.max_rounds) and st.round_no > self.max_rounds

    def header(self, st: Any) -> list[str]:
        return [f"Ironwood seed {self.game_seed} · round {st.round_no} · turn {st.turn_no} · {st.phase}",
                "progress: " + ", ".join(f"{s} {v}/3" for s, v in st.vp.items())]


def env(**kwargs: Any) -> IronwoodAECEnv:
    """PettingZoo-style constructor."""
    return IronwoodAECEnv(**kwargs)


if __name__ == "__main__":
    st = engine.load("ironwood").new(seed=0)
    print(markdown_layout(IronwoodEncoder(st.content)), end="")
