"""A PettingZoo AEC environment for The Great Wall: ``GreatWallAECEnv`` (needs ``pip install 'planszowki[rl]'``).

* **Agents** are the seats — the people's clans (``"red"``, ``"blue"`` …; ``players=[...]`` as for ``game.new``). The
  automated clans (the Reed Clan of the 2-player game) are no agents: the engine plays them, and a decision of the
  Reed Clan's Wódz belongs to the seat that is the Wódz. ``agent_selection`` is the seat of the engine's current
  decision, often the same seat several times in a row (a location's clerks, an attack, paying a mix).
* **Actions** — a fixed catalogue (:class:`ActionCatalogue`) built from the option grammar (``GRAMMAR``: one template
  per form of option id the engine offers, e.g. ``"play {tactic} boosted"``, ``"{from}horseman {pair}"``) expanded
  over the domains the content gives (``domains(content)``: card ids, locations, Wall Sections, the Vital points of
  every Horde card and their adjacent pairs, amounts up to the largest the content can ask). Action ``i`` is the
  option whose id is ``catalogue.ids[i]``; the mask marks the ids of the current decision. An option the grammar
  does not produce raises :class:`NotInCatalogue` (tests play random games in every mode and check every option maps
  to an action and back): a new kind of option needs its template here.
* **Observations**: ``{"observation": Box(float32, layout below), "action_mask": Box(int8, 0/1, n_actions)}``, the
  observation built only from ``state.view(agent)``; the mask is all zeros for an agent that is not deciding.
* **Rewards** only at the end: +1 to each winner, -1 to the others; a game stopped by ``max_years`` is truncated
  with 0 for all.

The observation layout (``GreatWallEncoder(content).layout``; ``python -m planszowki.rl.great_wall`` prints it as a
table), in order — ``K`` = 4 clans (red, blue, yellow, green), ``G`` Generals, ``A`` Advisors, ``T`` Tactics, ``H``
Horde cards, ``C`` Command cards (a clan's 6, then the Reed Clan's), ``L`` locations, ``P`` production locations,
``Y`` Artifacts, ``N`` Command track spaces (4), 3 Wall Sections of 3 Horde spaces (rows) each, ``D`` Decrees and ``E``
Events of the co-operative mode's content (none in the other modes):

====================  ==========  ==============================================================================
group                 size        what
====================  ==========  ==============================================================================
me                    K           one-hot: the observing clan
to_move               1           1 when the observing seat decides now
season                6           one-hot: setup, spring, summer, autumn, winter, other
counts                7           year, Time slot, Lethality, Shame pool, Horde deck, Tactic deck, Advisor deck
invasion              4           one-hot: the invasion indicator on the Horde deck's top card (0, 1, 2, none)
clans                 2K          per clan: in the game, the Reed Clan
tea                   K x K       per clan: one-hot of its place in the Tea order (top first)
active                K           one-hot: the Active player (whose Command card resolves)
clan                  K x 14      per clan: Honor, Tactic cards, Supporting Advisors, clerks in pool, clerks to
                                  hire, soldiers in pool (spearmen, archers, horsemen), soldiers under Shame (the
                                  same), Walls built, Command cards in hand, a chosen Command card (1 hidden, 2
                                  shown)
my_resources          4           the observer's wood, stone, gold, Chi (behind its screen)
generals              K x G       each clan's General
active_advisors       K x A       each clan's Active Advisors
hired_supporting      K x A       Supporting Advisors hired from the face-up track
my_supporting         A           the observer's Supporting Advisors (the face-down one too)
my_tactics            T           count of each Tactic card in the observer's hand
my_draft              G + A       the observer's draft: 1 dealt, 2 chosen
command_hands         K x C       each clan's Command cards in hand (public)
chosen                K x C       each clan's chosen Command card, once the observer may see it
track                 N x (K+C)   each Command track space: the clan and its card
command_discard       K x C       each clan's Command cards in the discard pile
overseers             K x P       each clan's overseer level in each production location
claimed               K x H       Horde cards each clan claimed: 1 + the Shame tokens on its back
clerks                L x K       clerks of each clan in each location
sections              3 x 5       per section: in play, Wall level, Barricades, Defense, Offensive Power
firing                3 x K       archers of each clan on the section's firing spots
rest                  3 x K x 3   soldiers of each clan in the section's rest zone (spearmen, archers, horsemen)
horde                 3 x 3 x     per section and row: the Horde card (one-hot H) and its 12 grid cells, each a
                      (H + 12 x   wound (1) or a soldier (clan x type one-hot)
                      (1 + 3K))
advisor_track         A           the place (1 = leftmost) of each Advisor on the track
artifacts             Y           the Artifacts in play
warehouse             3           wood, stone, gold in the Warehouse
horde_discard         H           Horde cards in the discard pile
tactic_discard        T           Tactic cards in the discard pile
coop                  15          co-operative mode (else 0): the Decrees to fulfil, fulfilled, Decree deck, Event
                                  deck, Honor per Shame token discarded; this Year's Horde cards defeated, Walls,
                                  Barricades; the Events' changes: Spring Horde cards, Lethality, Defense + 50,
                                  Summer wood, stone, gold, Chi
coop_decrees          D           each Decree of the content: 1 face up, 2 discarded
coop_events           E           each Event of the content: 1 in play
coop_sacrificed       K x 4       what each clan sacrificed for the Decrees
====================  ==========  ==============================================================================

Values are raw counts and flags, clipped to each group's upper bound (``high``).
"""

from __future__ import annotations

import itertools
import re
from typing import Any, ClassVar

import numpy as np

from .. import engine
from ..games.great_wall.content import BUILD, RESOURCES, SOLDIERS, Content
from ..games.great_wall.state import CLANS
from .base import ActionCatalogue as _Catalogue
from .base import CatalogueAECEnv, Group, GroupEncoder, NotInCatalogue, markdown_layout

__all__ = ["GRAMMAR", "ActionCatalogue", "GreatWallAECEnv", "GreatWallEncoder", "NotInCatalogue", "domains", "env",
           "markdown_layout"]

SEASONS = ("setup", "spring", "summer", "autumn", "winter")
SECTIONS = ("S0", "S1", "S2")  # the engine's Wall Section names (left to right)
ROWS = 3  # Horde spaces of a Wall Section ("Podbój": a fourth card cannot come)
SLOTS = 4  # the Command track's spaces with 4 players
CELLS = 12  # a Horde card's grid: 2 rows of 6
#: the co-operative mode's numbers: target, Decrees fulfilled, Decree deck, Event deck, Honor per Shame token
#: discarded; this Year's Horde cards defeated, Walls, Barricades; the Events' changes: Spring Horde cards,
#: Lethality, Defense (+50, so never below 0), Summer resources (4)
COOP_SCALARS = 15

#: Every form of option id the engine offers: a template per form, ``{domain}`` filled from :func:`domains`.
GRAMMAR: tuple[str, ...] = (
    # no argument: ending a step, declining, the answers of a yes/no question
    "done", "skip", "pass", "take", "decline", "upgrade", "reclaim", "honor", "let die", "save (tactic)",
    "save (2 chi)", "archer", "hire clerk", "lose 5 honor",
    # setup and the Command cards
    "general {general}", "active {advisor}", "command {command}", "slot {slot}", "copy {command}",
    # resources: a card's gain with a choice, the Warehouse, paying a mix, donating
    "take {resource} x{amount}", "pay {resource} x{amount}", "donate {resource}",
    # clerks and locations
    "clerk {clerk_from}->{location}", "special {location}", "activate {location}",
    "overseer {soldier}", "recruit {soldier}", "barricade {section}", "wall {section}", "rest {section}",
    "move {soldier}", "move archer fire->rest", "move archer fire->fire", "move {section}->{section}",
    "hire {advisor} active", "hire {advisor} supporting", "discard {advisor}",
    # attacks: a new recruit (no prefix), or a soldier of a rest zone / an archer on a firing spot
    "{from}spearman {vital}", "{from}horseman {pair}", "{from}archer {section} wound {vital}", "{from}archer {section}",
    # the Horde: firing, killing
    "wound {vital}", "kill {soldier} {vital}", "kill {soldier} {pair}",
    # Shame
    "shame under {soldier}", "shame on {horde}", "discard shame from {soldier}", "discard shame from {horde}",
    # Tactic cards
    "play {tactic}", "play {tactic} boosted", "discard {tactic}",
    # the co-operative mode: a Decree's Sacrifice, a Command card recovered by a Wall level, Shame for Honor
    "sacrifice {request}", "refuse {request}", "recover {command}", "discard shame ({shame_honor} honor)",
    "discard shame from {soldier} ({shame_honor} honor)", "the players lose", "next {clan}",
    # the solo mode: which of the first 2 Advisors Qin Jiushao takes in Spring
    "qin takes {advisor}",
)

_FIELD = re.compile(r"\{(\w+)\}")


def _amounts(content: Content) -> int:
    """The largest amount an option may name: a card's choice of resources, a Wall level's or a Barricade's cost,
    a location's production with the overseer's income, what the Warehouse can hold for a Wall."""
    top = [2, *content.board["wall_cost"]]
    cards = [*content.commands.values(), *([content.reed_command] if content.reed_command else [])]
    effs = [e for c in cards for box in c["boxes"] for e in box["effects"]]
    effs += [e for t in content.tactics.values() for e in (*t["effect"], *t["boosted"]["effect"])]
    top += [e["choose"]["n"] for e in effs if "choose" in e]
    top += [cell["choose"]["n"] for h in content.horde.values() for cell in h["cells"] if cell and "choose" in cell]
    return max(top)


def _vitals(content: Content) -> tuple[list[str], list[str]]:
    """``H05@3`` for every Vital point of every Horde card, ``H05@3+4`` for every two orthogonally adjacent ones
    (a horseman's footprint; the engine's order: the lower cell first)."""
    vitals, pairs = [], []
    for cid in sorted(content.horde):
        cells = content.horde[cid]["cells"]
        for i in range(CELLS):
            if cells[i] is None:
                continue
            vitals.append(f"{cid}@{i}")
            for j in (i + 1, i + 6):
                if j < CELLS and (j != i + 1 or i % 6 != 5) and cells[j] is not None:
                    pairs.append(f"{cid}@{i}+{j}")
    return vitals, pairs


def domains(content: Content) -> dict[str, list[str]]:
    """The values each ``{field}`` of :data:`GRAMMAR` takes with ``content``."""
    locs = list(content.loc_ids)
    vitals, pairs = _vitals(content)
    commands = list(content.commands) + ([content.reed_command["id"]] if content.reed_command else [])
    commands += list(getattr(content, "solo_commands", None) or {})  # Qin Jiushao's ("Tryb solo"): Betrayal copies them
    coop = getattr(content, "coop", None) or {}
    return {
        "general": sorted(content.generals), "advisor": sorted(content.advisors), "tactic": sorted(content.tactics),
        "horde": sorted(content.horde), "command": commands, "slot": [str(i) for i in range(1, SLOTS + 1)],
        "resource": list(RESOURCES), "amount": [str(m) for m in range(1, _amounts(content) + 1)],
        "location": locs, "clerk_from": ["pool", *locs], "soldier": list(SOLDIERS), "section": list(SECTIONS),
        "from": ["", *(f"from {where} {s} " for where in ("rest", "fire") for s in SECTIONS)],
        "vital": vitals, "pair": pairs,
        # co-op (the content's co-op cards): the Decrees; Shame discarded for 10 Honor, more with Events raising it
        "request": sorted(coop.get("requests", {})), "clan": list(CLANS),
        "shame_honor": [str(10 + k) for k in range(1 + sum(e["passive"].get("shame_honor", 0)
                                                         for e in coop.get("events", {}).values()))],
    }


def expand(template: str, dom: dict[str, list[str]]) -> list[str]:
    """Every id ``template`` stands for: its fields filled with each combination of their domains."""
    fields = _FIELD.findall(template)
    if not fields:
        return [template]
    parts = _FIELD.split(template)  # literal, field, literal, field, …, literal
    out = []
    for values in itertools.product(*(dom[f] for f in fields)):
        text = parts[0]
        for k, v in enumerate(values):
            text += v + parts[2 * k + 2]
        out.append(text)
    return out


class ActionCatalogue(_Catalogue):
    """Every option id the engine can offer with ``content``: :data:`GRAMMAR` expanded over :func:`domains`."""

    game = "Great Wall"

    def __init__(self, content: Content, grammar: tuple[str, ...] = GRAMMAR) -> None:
        dom = domains(content)
        super().__init__(oid for t in grammar for oid in expand(t, dom))


class GreatWallEncoder(GroupEncoder):
    """Builds the observation vector (layout in the module's docstring) from ``state.view(seat)`` and the mask of
    the legal actions from the seat's decision."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.catalogue = ActionCatalogue(content)

        def index(ids: Any) -> dict[str, int]:
            return {x: i for i, x in enumerate(ids)}

        self.generals = index(sorted(content.generals))
        self.advisors = index(sorted(content.advisors))
        self.tactics = index(sorted(content.tactics))
        self.horde = index(sorted(content.horde))
        self.commands = index(domains(content)["command"])
        self.locs = index(content.loc_ids)
        self.production = index(lid for lid in content.loc_ids if content.loc[lid]["effect"] == "production")
        self.artifacts = index(sorted(content.artifacts))
        self.clan = index(CLANS)
        # the co-operative mode's cards (none in the other modes' content): the Emperor's Decrees and the Events
        self.decrees = index(sorted(getattr(content, "requests", None) or {}))
        self.events = index(sorted(getattr(content, "events", None) or {}))
        k, g, a, t = len(CLANS), len(self.generals), len(self.advisors), len(self.tactics)
        h, c, n_l, p, y = len(self.horde), len(self.commands), len(self.locs), len(self.production), len(self.artifacts)
        self.cell_size = 1 + 3 * k
        self.row_size = h + CELLS * self.cell_size
        b = content.board
        big = 1000.0
        self.set_groups([
            Group("me", k, 1), Group("to_move", 1, 1), Group("season", len(SEASONS) + 1, 1), Group("counts", 7, big),
            Group("invasion", 4, 1), Group("clans", 2 * k, 1), Group("tea", k * k, 1), Group("active", k, 1),
            Group("clan", 14 * k, big), Group("my_resources", 4, big), Group("generals", k * g, 1),
            Group("active_advisors", k * a, 1), Group("hired_supporting", k * a, 1), Group("my_supporting", a, 1),
            Group("my_tactics", t, 2), Group("my_draft", g + a, 2), Group("command_hands", k * c, 1),
            Group("chosen", k * c, 1), Group("track", SLOTS * (k + c), 1), Group("command_discard", k * c, 1),
            Group("overseers", k * p, 9), Group("claimed", k * h, 3), Group("clerks", n_l * k, b["clerks"]["total"]),
            Group("sections", 3 * 5, big), Group("firing", 3 * k, b["firing_spots"]),
            Group("rest", 3 * k * 3, max(b["soldiers"].values())), Group("horde", 3 * ROWS * self.row_size, 1),
            Group("advisor_track", a, b["advisor_track"]), Group("artifacts", y, 1), Group("warehouse", 3, big),
            Group("horde_discard", h, 1), Group("tactic_discard", t, 2),
            Group("coop", COOP_SCALARS, big), Group("coop_decrees", len(self.decrees), 2),
            Group("coop_events", len(self.events), 1), Group("coop_sacrificed", 4 * k, big),
        ])

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        k = len(CLANS)
        me = view["seat"]
        players = view["players"]
        parts: list[np.ndarray] = []

        def vec(size: int) -> np.ndarray:
            v = np.zeros(size, dtype=np.float32)
            parts.append(v)
            return v

        v = vec(k)
        if me in self.clan:
            v[self.clan[me]] = 1
        vec(1)[0] = 1.0 if me is not None and view.get("to_move") == me else 0.0
        v = vec(len(SEASONS) + 1)
        v[SEASONS.index(view["season"]) if view["season"] in SEASONS else len(SEASONS)] = 1
        vec(7)[:] = (view["year"], view["time"], view["lethality"], view["shame_pool"], view["horde_deck"],
                     view["tactic_deck"], view["advisor_deck"])
        inv = view.get("horde_deck_invasion")
        vec(4)[3 if inv is None else inv] = 1
        v = vec(2 * k)
        for s, p in players.items():
            v[2 * self.clan[s]] = 1
            v[2 * self.clan[s] + 1] = bool(p.get("reed"))
        v = vec(k * k)
        for rank, s in enumerate(view["tea"]):
            v[self.clan[s] * k + rank] = 1
        v = vec(k)
        if view.get("active"):
            v[self.clan[view["active"]]] = 1
        n_g, n_a, n_t, n_h, n_c = (len(self.generals), len(self.advisors), len(self.tactics), len(self.horde),
                                   len(self.commands))
        clan, res = vec(14 * k), vec(4)
        gens, act, hired, mine_sup = vec(k * n_g), vec(k * n_a), vec(k * n_a), vec(n_a)
        tac, draft = vec(n_t), vec(n_g + n_a)
        hands, chosen, track, discard = vec(k * n_c), vec(k * n_c), vec(SLOTS * (k + n_c)), vec(k * n_c)
        over, claimed = vec(k * len(self.production)), vec(k * n_h)
        for s, p in players.items():
            i = self.clan[s]
            ch = p.get("chosen")
            clan[14 * i:14 * i + 14] = (
                p["honor"], p["tactics"], p["supporting_advisors"], p["clerks_pool"], p["clerks_unhired"],
                *(p["soldiers_pool"][x] for x in SOLDIERS), *(p["shamed"][x] for x in SOLDIERS), p["walls_built"],
                len(p["commands"]), 0 if not ch else 1 if ch == "hidden" else 2)
            if p.get("general") in self.generals:  # (solo: Qin Jiushao's General card is none of the 13)
                gens[i * n_g + self.generals[p["general"]]] = 1
            for x in p["active_advisors"]:
                act[i * n_a + self.advisors[x]] = 1
            for x in p["supporting_advisors_hired"]:
                hired[i * n_a + self.advisors[x]] = 1
            for x in p["commands"]:
                hands[i * n_c + self.commands[x]] = 1
            if ch and ch != "hidden":
                chosen[i * n_c + self.commands[ch]] = 1
            for lid, level in p["overseers"].items():
                over[i * len(self.production) + self.production[lid]] = level
            for cid, shame in p["claimed"]:
                claimed[i * n_h + self.horde[cid]] = 1 + shame
        if me in players:
            p = players[me]
            if "resources" in p:
                res[:] = [p["resources"][r] for r in RESOURCES]
            for x in p.get("supporting_advisor_cards", ()):
                mine_sup[self.advisors[x]] = 1
            for x in p.get("tactic_hand", ()):
                tac[self.tactics[x]] += 1
            dr = p.get("draft")
            if dr:
                for x in dr["generals"]:
                    draft[self.generals[x]] = 2 if x == dr.get("general") else 1
                for x in dr["advisors"]:
                    draft[n_g + self.advisors[x]] = 2 if x == dr.get("active") else 1
        for j, slot in enumerate(view["track"][:SLOTS]):
            if slot is not None:
                s, card = slot
                track[j * (k + n_c) + self.clan[s]] = 1
                if card != "hidden":
                    track[j * (k + n_c) + k + self.commands[card]] = 1
        for s, card in view["command_discard"]:
            discard[self.clan[s] * n_c + self.commands[card]] += 1
        clerks = vec(len(self.locs) * k)
        for lid, who in view["locations"].items():
            for s in who:
                clerks[self.locs[lid] * k + self.clan[s]] += 1
        secs, firing, rest = vec(15), vec(3 * k), vec(9 * k)
        horde = vec(3 * ROWS * self.row_size)
        in_play = set(view["sections_in_play"])
        for si, sec in enumerate(view["sections"]):
            secs[5 * si:5 * si + 5] = (si in in_play, sec["wall"], sec["barricades"], sec["defense"], sec["power"])
            for s in sec["firing"]:
                firing[si * k + self.clan[s]] += 1
            for s, soldiers in sec["rest"].items():
                for ti, x in enumerate(SOLDIERS):
                    rest[(si * k + self.clan[s]) * 3 + ti] = soldiers[x]
            for row, card in enumerate(sec["horde"][:ROWS]):
                base = (si * ROWS + row) * self.row_size
                horde[base + self.horde[card["id"]]] = 1
                for cell, occ in enumerate(card["occ"]):
                    at = base + n_h + cell * self.cell_size
                    if occ == "w":
                        horde[at] = 1
                    elif occ is not None:
                        horde[at + 1 + self.clan[occ[0]] * 3 + occ[1]] = 1
        v = vec(n_a)
        for place, x in enumerate(view["advisor_track"]):
            v[self.advisors[x]] = place + 1
        v = vec(len(self.artifacts))
        for x in view["artifacts"]:
            v[self.artifacts[x]] = 1
        vec(3)[:] = [view["warehouse"][r] for r in BUILD]
        v = vec(n_h)
        for x in view["horde_discard"]:
            v[self.horde[x]] = 1
        v = vec(n_t)
        for x in view["tactic_discard"]:
            v[self.tactics[x]] += 1
        co = view.get("coop") or {}
        v = vec(COOP_SCALARS)
        if co:
            mods, year = co.get("mods", {}), co.get("year", {})
            v[:] = (co["target"], co["fulfilled"], co["decree_deck"], co["event_deck"], co["shame_honor"],
                    year.get("defeated", 0), year.get("walls", 0), year.get("barricades", 0),
                    mods.get("spring_hordes", 0), mods.get("lethality", 0), mods.get("defense", 0) + 50,
                    *(mods.get("summer", {}).get(r, 0) for r in RESOURCES))
        decrees, events, sacrificed = vec(len(self.decrees)), vec(len(self.events)), vec(4 * k)
        for x in co.get("decrees", ()):
            decrees[self.decrees[x]] = 1
        for x in co.get("decree_discard", ()):
            decrees[self.decrees[x]] = 2
        for x in co.get("events", ()):
            events[self.events[x]] = 1
        for s, counts in co.get("sacrificed", {}).items():
            sacrificed[4 * self.clan[s]:4 * self.clan[s] + len(counts[:4])] = counts[:4]
        out = np.concatenate(parts)
        return np.minimum(out, self.high)


class GreatWallAECEnv(CatalogueAECEnv):
    """The Great Wall for reinforcement learning (PettingZoo AEC API).

    ``players``: the clans, as ``game.new`` takes them (default red, blue, yellow; 2 players add the Reed Clan);
    ``options``: setup options for ``game.new`` (``content``, ``mode``, ``reed`` …); ``max_years``: truncate after
    that many years (0: never); ``seed``: seed of the first game when ``reset`` gets none (later games draw theirs
    from it)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "planszowki_great_wall_v0", "render_modes": ["ansi", "human"],
                                          "is_parallelizable": False}
    TITLE = "The Great Wall"

    def __init__(self, players: list[str] | tuple[str, ...] = ("red", "blue", "yellow"),
                 options: dict[str, Any] | None = None, max_years: int = 30, render_mode: str | None = None,
                 seed: int | None = None) -> None:
        super().__init__(render_mode, seed)
        self.game = engine.load("great_wall")
        self.players = list(players)
        self.setup = dict(options or {})
        probe = self.game.new(seed=0, players=self.players, options=self.setup)  # unsupported setups fail here
        self.encoder = GreatWallEncoder(probe.content)
        self.max_years = max_years
        self.init_spaces(list(probe.seats), self.encoder.high, len(self.encoder.catalogue))

    def new_game(self, seed: int, setup: dict[str, Any]) -> Any:
        return self.game.new(seed=seed, players=self.players, options=setup)

    def capped(self, st: Any) -> bool:
        return bool(self.max_years) and st.year > self.max_years

    def capped_result(self, st: Any) -> dict[str, Any]:
        return {"winners": [], "reason": "capped", "scores": {s: st.honor[s] for s in st.seats}}

    def header(self, st: Any) -> list[str]:
        return [f"The Great Wall seed {self.game_seed} · year {st.year} · {st.season} · Time {st.time}",
                "Honor: " + ", ".join(f"{s} {st.honor[s]}" for s in st.seats)]


def env(**kwargs: Any) -> GreatWallAECEnv:
    """PettingZoo-style constructor."""
    return GreatWallAECEnv(**kwargs)


if __name__ == "__main__":
    st = engine.load("great_wall").new(seed=0)
    print(markdown_layout(GreatWallEncoder(st.content)), end="")
