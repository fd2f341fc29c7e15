"""The Root environment with every faction the engine plays: the Riverfolk Company (11), the Lizard Cult (10), the
Underground Duchy (12), the Corvid Conspiracy (13), the Lord of the Hundreds (14) and the Keepers in Iron (15)
besides the base four, and hirelings (Appendix E) — API test, bounds, vocabularies, option rows, their boards as the
view shows them, and no leak of what the Law hides (docs/rl-observation.md)."""

from __future__ import annotations

import warnings
from collections import Counter
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from planszowki import engine
from planszowki.bots.random import RandomBot
from planszowki.engine import Rng, UnsupportedSetup
from planszowki.rl import MAX_ACTIONS, Encoder, RootAECEnv
from planszowki.rl.encoding import (
    ACTIONS,
    BOARDS,
    CARD_KEYS,
    DECISION_KINDS,
    FACTIONS,
    HIRELINGS,
    OPTION_FEATURES,
    VALUES,
)
from planszowki.rl.measure import max_options
from planszowki.rl.root_boards import FOREST_RELICS, MINISTERS, MOODS, PATH_INDEX, PLOTS, RETINUE, SERVICES
from planszowki.rl.root_vocab import LANDMARKS, SUITS, VALUE_ARGS

GAME = engine.load("root")
EXPANSION = ["riverfolk", "cult", "duchy", "corvid"]
SIX = ["marquise", "alliance", "vagabond", "riverfolk", "duchy", "corvid"]
HUNDREDS = ["warlord", "keepers", "alliance", "vagabond"]
LINE_UPS = [EXPANSION, SIX, ["warlord", "cult", "vagabond", "vagabond2"], ["duchy", "corvid"], ["keepers", "eyrie"],
            HUNDREDS]
COL = {name: i for i, name in enumerate(OPTION_FEATURES)}


def game_states(players: list[str], seed: int, deck: str = "standard", every: int = 1, turns: int = 200):
    """States along a random game (engine only), every ``every``-th decision, up to ``turns`` turns."""
    st = GAME.new(seed=seed, players=players, options={"deck": deck})
    bot = RandomBot(seed)
    i = 0
    while not st.terminal and st.turn_no <= turns:
        if i % every == 0:
            yield st
        i += 1
        st.apply(bot.choose(st, st.decision.player))


def rows(enc: Encoder, vec: np.ndarray, n: int) -> np.ndarray:
    base = enc.at["option[0]"]
    return vec[base:base + len(OPTION_FEATURES) * n].reshape(n, len(OPTION_FEATURES))


def test_every_faction_the_engine_plays_has_a_board_entry() -> None:
    """The observation describes every faction ``game.factions`` plays (a faction added to the engine fails here
    until it has its entry, docs/rl-observation.md "Adding a faction"); each entry's groups are in the layout under
    its prefix."""
    assert set(FACTIONS) == set(GAME.factions)
    enc = Encoder(max_actions=1)
    for f, board in BOARDS.items():
        assert board.faction == f
        for name, size, _, _ in board.groups:
            assert enc.at[f"{board.prefix}.{name}"] >= 0 and size > 0


@pytest.mark.parametrize("players", [EXPANSION, SIX, HUNDREDS])
def test_pettingzoo_api_test_with_the_expansion_factions(players: list[str]) -> None:
    env = RootAECEnv(players, seed=4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice only: agent names, Dict observations, api_test's own reset option
        api_test(env, num_cycles=400)


def test_every_registered_decision_step_has_its_own_kind_slot() -> None:
    """Every step of Root's flow that asks a player (not ``auto``) has a slot of its own in ``decision.kind``: none
    falls into "other" (the Advanced Setup's steps, A.8-A.9, the Stoic Protector's, the Hundreds' full hoard)."""
    from planszowki.games.root.state import RootState

    engine.load("root")
    asking = {kind for kind, step in RootState.STEPS.items() if not step.auto}
    assert len(asking) > 100
    assert asking <= set(DECISION_KINDS), sorted(asking - set(DECISION_KINDS))


def test_every_decision_kind_option_action_and_value_has_its_own_slot() -> None:
    """Random games of every faction with both decks: no decision kind, option action or option value falls into
    "other", and within a decision no two options share a row (a policy can tell every option apart)."""
    enc = Encoder(max_actions=4096)
    kinds: set[str] = set()
    actions: set[str] = set()
    decisions = 0
    for players in LINE_UPS:
        for seed, deck in ((1, "standard"), (2, "exiles")):
            for st in game_states(players, seed, deck, turns=40):
                d = st.decision
                kinds.add(d.kind)
                actions.update(o.action for o in d.options)
                for o in d.options:
                    for k in VALUE_ARGS:
                        val = o.args.get(k)
                        if isinstance(val, str):
                            assert val in VALUES or val.split(":")[0] in VALUES, (d.kind, o.id, k)
                            break
                if len(d.options) < 2:
                    continue
                vec, _ = enc.encode(st.view(d.player, log=False))
                seen: dict[bytes, str] = {}
                for o, row in zip(d.options, rows(enc, vec, len(d.options)), strict=True):
                    assert row.tobytes() not in seen, f"{d.kind}: {o.id!r} and {seen[row.tobytes()]!r} look alike"
                    seen[row.tobytes()] = o.id
                decisions += 1
    assert kinds <= set(DECISION_KINDS), kinds - set(DECISION_KINDS)
    assert actions <= set(ACTIONS), actions - set(ACTIONS)
    for f in ("riverfolk", "cult", "duchy", "corvid", "warlord", "keepers"):
        assert any(k.startswith(f + ".") for k in kinds), f
    assert decisions > 1000


def test_values_lie_within_their_bounds_before_clipping() -> None:
    """The upper bounds are real: over random games of every faction (both decks) nothing is clipped."""
    enc = Encoder(max_actions=4096)
    names = np.empty(enc.size, dtype=object)
    for g in enc.layout:
        names[g.offset:g.offset + g.size] = g.name
    checked = 0
    for players in LINE_UPS:
        for seed, deck in ((3, "standard"), (4, "exiles")):
            for st in game_states(players, seed, deck, every=9):
                for seat in players:
                    vec, _ = enc.encode(st.view(seat, log=False), clip=False)
                    bad = np.flatnonzero((vec > enc.high) | (vec < 0))
                    assert not bad.size, [(names[i], float(vec[i]), float(enc.high[i])) for i in bad[:5]]
                    checked += 1
    assert checked > 500


@pytest.mark.parametrize("players", [EXPANSION, SIX])
def test_observation_in_space(players: list[str]) -> None:
    env = RootAECEnv(players, max_turns=12)
    env.reset(seed=6)
    space = env.observation_space(players[0])
    steps = 0
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if steps % 4 == 0:
            assert space.contains(obs) and space.contains(env.observe(players[-1]))
        steps += 1
        env.step(int(np.flatnonzero(obs["action_mask"])[steps % int(obs["action_mask"].sum())]))
    assert steps > 50


@pytest.mark.parametrize("players", [EXPANSION, SIX, HUNDREDS])
def test_observation_depends_only_on_the_view(players: list[str]) -> None:
    """Scrambling what a seat may not know (other hands, the deck, the Corvids' face-down plots and plot supply,
    face-down Supporters, ruins) never changes its observation; a scramble of its own secrets (another seat's
    determinization) does. The Riverfolk's hand is public (11.2.3) and stays put."""
    enc = Encoder(max_actions=4096)
    rng = Rng(17)
    plots_changed = own_changed = hands_changed = 0
    corvids = "corvid" in players

    def plots(x: Any) -> Any:
        return x.fdata["corvid"].get("hidden") if corvids else None
    for seed, deck in ((1, "standard"), (5, "exiles")):
        for st in game_states(players, seed, deck, every=6, turns=60):
            for seat in players:
                vec, mask = enc.encode(st.view(seat, log=False))
                other = GAME.determinize(st, seat, rng)
                v2, m2 = enc.encode(other.view(seat, log=False))
                assert np.array_equal(vec, v2) and np.array_equal(mask, m2), seat
                if "riverfolk" in players:
                    assert other.hands["riverfolk"] == st.hands["riverfolk"] or seat == "riverfolk"
                if seat != "corvid" and plots(other) != plots(st):
                    plots_changed += 1
                hands_changed += any(sorted(other.hands[s]) != sorted(st.hands[s])
                                     for s in players if s not in (seat, "riverfolk"))
            # not blind: another seat's determinization scrambles this seat's own secrets (the Corvids' plots, a
            # hand), and its observation changes with them
            seat = "corvid" if corvids else players[0]
            other = GAME.determinize(st, next(s for s in players if s != seat), rng)
            keys = [sorted(x.card(c).key for c in x.hands[seat]) for x in (st, other)]
            if keys[0] != keys[1] or plots(other) != plots(st):
                mine, scrambled = (enc.encode(x.view(seat, log=False))[0] for x in (st, other))
                assert not np.array_equal(mine, scrambled)
                own_changed += 1
    assert own_changed > 3 and hands_changed > 10 and (plots_changed > 10 or not corvids)


def test_expansion_boards_follow_the_view() -> None:
    """Each expansion board's groups hold what the view shows, for every observer; the Corvids' face-down plot
    types and plot supply only in their own observation, the Riverfolk's hand in everyone's."""
    enc = Encoder()
    seen: Counter[str] = Counter()
    for seed in range(3):
        for st in game_states(EXPANSION, seed, every=17, turns=100):
            for seat in EXPANSION:
                view = st.view(seat, log=False)
                vec, _ = enc.encode(view)

                def g(name: str, vec: np.ndarray = vec) -> list[float]:
                    return [float(x) for x in enc.group(vec, name)]

                pl = view["players"]
                rf = pl["riverfolk"]["board"]
                if "prices" in rf:
                    assert g("riverfolk.prices") == [rf["prices"][s] for s in SERVICES]
                    assert sum(g("riverfolk.funds")) == len(rf["funds"])
                    assert g("riverfolk.payments")[FACTIONS.index("riverfolk")] == rf["payments"].count("riverfolk")
                    assert g("riverfolk.posts_on_track") == [rf["posts_on_track"][s] for s in SUITS]
                    seen["foreign funds"] += any(o != "riverfolk" for o in rf["funds"])
                hand = g("riverfolk.hand")
                assert sum(hand) == pl["riverfolk"]["hand_count"] == len(pl["riverfolk"]["hand"])
                for key in pl["riverfolk"]["hand"]:
                    assert hand[CARD_KEYS.index(key)] >= 1
                cult = pl["cult"]["board"]
                if "lost_souls" in cult:
                    assert g("cult.outcast") == [float(s == cult["outcast"]) for s in SUITS]
                    assert g("cult.acolytes") == [cult["acolytes"]] and g("cult.hated") == [cult["hated"]]
                    assert sum(g("cult.lost_souls")) == len(cult["lost_souls"]) == sum(g("cult.lost_souls_by_suit"))
                    assert g("cult.gardens_on_track") == [cult["gardens_on_track"][s] for s in SUITS]
                    seen["lost souls"] += bool(cult["lost_souls"])
                duchy = pl["duchy"]["board"]
                if "swayed" in duchy:
                    assert g("duchy.swayed") == [float(m in duchy["swayed"]) for m in MINISTERS]
                    assert g("duchy.burrow") == [min(duchy["burrow"], 20)]
                    assert sum(g("duchy.revealed")) == len(duchy["revealed"])
                    seen["swayed"] += bool(duchy["swayed"])
                corvid = pl["corvid"]["board"]
                if "face_down" in corvid:
                    face_down = np.array(g("corvid.face_down")).reshape(12, len(PLOTS))
                    assert g("corvid.plots_in_supply") == [corvid["plots_in_supply"]]
                    if seat == "corvid":
                        assert g("corvid.supply") == [corvid["supply"][p] for p in PLOTS]
                        assert face_down.sum() == len(corvid["face_down"])
                        for c, kind in corvid["face_down"].items():
                            assert face_down[int(c) - 1, PLOTS.index(kind)] == 1
                        seen["own plots"] += bool(corvid["face_down"])
                    else:
                        assert not face_down.any() and not any(g("corvid.supply"))
                    # where the face-down plots lie is public: a token in the clearing
                    for c in corvid["face_down"]:
                        cl = view["clearings"][int(c) - 1]
                        assert "plot" in cl["tokens"]
                    seen["ruled out"] += bool(corvid["ruled_out"])
    assert {k for k in ("foreign funds", "lost souls", "swayed", "own plots", "ruled out") if seen[k]} == {
        "foreign funds", "lost souls", "swayed", "own plots", "ruled out"}, seen


def test_12_5_duchy_options_name_their_minister_mayor_and_cards() -> None:
    """Parliament's moves and battles name their minister only in the option id (12.5.2): the value column holds
    it and the mayor column says when the Mayor takes that action (12.5.2.VI); a sway's cards (12.5.3) fill the
    card column, one card per decision."""
    enc = Encoder(max_actions=4096)
    seen: Counter[str] = Counter()
    for seed in range(4):
        for st in game_states(EXPANSION, seed, turns=80):
            d = st.decision
            if d.kind not in ("duchy.parliament", "duchy.sway", "duchy.sway_cards", "duchy.brigadier"):
                continue
            vec, _ = enc.encode(st.view("duchy", log=False))
            for o, row in zip(d.options, rows(enc, vec, len(d.options)), strict=True):
                if o.action in ("move", "battle") and o.id.endswith(")"):
                    tag = o.id[o.id.rindex("(") + 1:-1]
                    minister = tag.removeprefix("mayor as ").removesuffix(" again")
                    assert row[COL["value"]] == VALUES.index(minister) + 1, o.id
                    assert row[COL["flag"]] == float(tag.startswith("mayor as ")), o.id
                    seen["mayor" if tag.startswith("mayor as ") else "minister"] += 1
                elif o.action == "sway":  # 12.5.3.I: the minister
                    assert row[COL["value"]] == VALUES.index(o.args["minister"]) + 1 and row[COL["card"]] == 0
                    seen["sway"] += 1
                elif o.action == "reveal":  # 12.5.3.II: one card at a time
                    assert row[COL["card"]] == CARD_KEYS.index(o.args["card"]) + 1
                    assert row[COL["value"]] == VALUES.index(o.args["minister"]) + 1
                    seen["reveal"] += 1
                elif "minister" in o.args:
                    assert row[COL["flag"]] == float(o.args["mayor"])
    assert seen["minister"] and seen["sway"] and seen["reveal"] and seen["mayor"], seen


def test_the_burrow_and_a_trick_have_their_own_locations() -> None:
    """A move into the Burrow (12.2.2) goes to location 25; the Corvids' trick swaps two clearings (13.5.5)."""
    enc = Encoder(max_actions=4096)
    seen: Counter[str] = Counter()
    for seed in range(3):
        for st in game_states(EXPANSION, seed, turns=60):
            d = st.decision
            if d.player not in ("duchy", "corvid"):
                continue
            vec, _ = enc.encode(st.view(d.player, log=False))
            for o, row in zip(d.options, rows(enc, vec, len(d.options)), strict=True):
                if o.args.get("to") == "burrow":
                    assert row[COL["to"]] == 25
                    seen["burrow"] += 1
                if o.action == "trick":
                    assert (row[COL["clearing"]], row[COL["clearing2"]]) == (o.args["a"], o.args["b"])
                    seen["trick"] += 1
    assert seen["burrow"] and seen["trick"], seen


def test_largest_expansion_decisions_fit_the_action_space() -> None:
    """A small sample of the measurement behind MAX_ACTIONS with the four expansion factions (the documented one
    plays thousands of games): their largest decisions, the Duchy's Parliament among them, fit."""
    best = max_options(EXPANSION, games=30, seed=0)
    assert max(n for n, _ in best.values()) <= MAX_ACTIONS
    assert "duchy.parliament" in best and "corvid.daylight" in best and "riverfolk.daylight" in best


def test_14_the_hundreds_board_follows_the_view() -> None:
    """The Hoard's tracks, the mood, the warlord's clearing, strongholds and mobs as the view shows them (all public,
    14.2); a move taking the warlord along has the flag set (14.2.2)."""
    enc = Encoder(max_actions=4096)
    seen: Counter[str] = Counter()
    for seed in range(3):
        for st in game_states(HUNDREDS, seed, every=5, turns=80):
            board = st.view("alliance", log=False)["players"]["warlord"]["board"]
            vec, _ = enc.encode(st.view("alliance", log=False))

            def g(name: str, vec: np.ndarray = vec) -> list[float]:
                return [float(x) for x in enc.group(vec, name)]

            if "mood" in board:
                assert g("warlord.mood") == [float(m == board["mood"]) for m in MOODS]
                assert sum(g("warlord.command_track")) == len(board["command_track"])
                assert sum(g("warlord.prowess_track")) == len(board["prowess_track"])
                assert g("warlord.command") == [board["command"]] and g("warlord.prowess") == [board["prowess"]]
                where = g("warlord.where")
                assert where == [float(c == board["warlord"]) for c in range(1, 13)]
                assert g("warlord.mobs_in_supply") == [board["mobs_in_supply"]]
                seen["warlord on the map"] += board["warlord"] is not None
                seen["mob"] += board["mobs_in_supply"] < 5
            d = st.decision
            if d.player == "warlord":
                wvec, _ = enc.encode(st.view("warlord", log=False))
                for o, row in zip(d.options, rows(enc, wvec, len(d.options)), strict=True):
                    assert row[COL["flag"]] == float(o.args.get("warlord") is True)
                    seen["with warlord"] += o.args.get("warlord") is True
    assert seen["warlord on the map"] and seen["mob"] and seen["with warlord"], seen


#: line-ups with hirelings (Appendix E), as tests/root/test_hirelings_invariants.py deals them
HIRED = ((("duchy", "alliance", "vagabond", "cult"), ("forest_patrol", "bluebird_nobles", "raven_sentries")),
         (("marquise", "alliance"), ("last_dynasty", "raven_sentries", "badger_bodyguards")),
         (("warlord", "eyrie", "marquise"), ("rabbit_scouts", "lizard_envoys", "otter_divers")),
         (("marquise", "eyrie", "cult"), ("highway_bandits", "the_exile", "furious_protector")),
         (("alliance", "warlord", "riverfolk"), ("mole_artisans", "popular_band", "vault_keepers")))


def hired_states(players: tuple[str, ...], sides: tuple[str, ...], seed: int, every: int = 1, turns: int = 80):
    from planszowki.games.root import hirelings

    st = GAME.new(seed=seed, players=list(players))
    hirelings.setup_hirelings(st, list(sides))  # A.6, before the factions set up
    st._settle()
    bot = RandomBot(seed)
    i = 0
    while not st.terminal and st.turn_no <= turns:
        if i % every == 0:
            yield st
        i += 1
        st.apply(bot.choose(st, st.decision.player))


def test_E_hirelings_follow_the_view_and_have_their_own_slots() -> None:
    """The hireling cards (in play, controller, control markers, warriors on the card and in the supply), the
    markers left on the score track, the hirelings' warriors in the clearings and a hireling as the other side of an
    option are encoded as the view shows them; their decisions and options have slots of their own and fit the
    bounds; scrambling another seat's secrets changes nothing."""
    enc = Encoder(max_actions=4096)
    rng = Rng(5)
    seen: Counter[str] = Counter()
    for players, sides in HIRED:
        for st in hired_states(players, sides, seed=2, every=3):
            d = st.decision
            assert d.kind in DECISION_KINDS and all(o.action in ACTIONS for o in d.options), d.kind
            view = st.view(d.player, log=False)
            vec, _ = enc.encode(view, clip=False)
            assert not ((vec > enc.high) | (vec < 0)).any()
            part = view["hirelings"]
            in_play = enc.group(vec, "hirelings.in_play")
            assert [HIRELINGS[i] for i in np.flatnonzero(in_play)] == sorted(
                (c["hireling"] for c in part["cards"]), key=HIRELINGS.index)
            ctl = enc.group(vec, "hirelings.controller").reshape(len(HIRELINGS), len(FACTIONS))
            for card in part["cards"]:
                i = HIRELINGS.index(card["hireling"])
                assert list(np.flatnonzero(ctl[i])) == ([] if card["controller"] is None
                                                        else [FACTIONS.index(card["controller"])])
                assert enc.group(vec, "hirelings.control_markers")[i] == card["control_markers"]
                seen["controlled"] += card["controller"] is not None
            assert list(enc.group(vec, "hirelings.markers")) == [float(m in part["markers"]) for m in (4, 8, 12)]
            assert enc.group(vec, "hirelings.bandits").sum() == len(part.get("bandits", ()))
            seen["bandits"] += bool(part.get("bandits"))
            if "exile" in part:
                assert list(np.flatnonzero(enc.group(vec, "hirelings.exile"))) == [int(part["exile"]["forest"][1:]) - 1]
                assert enc.group(vec, "hirelings.exile_items").sum() == len(part["exile"]["items"])
                seen["exile"] += 1
            for cl in view["clearings"]:
                hired = enc.group(vec, f"clearing[{cl['id']}].hireling_warriors")
                assert hired.sum() == sum(n for f, n in cl["warriors"].items() if f.startswith("hireling:"))
                seen["hireling warriors"] += bool(hired.sum())
            if len(d.options) > 1:
                table = rows(enc, vec, len(d.options))
                assert len({r.tobytes() for r in table}) == len(d.options), d.kind
                for o, row in zip(d.options, table, strict=True):
                    if "path" in o.args:
                        assert row[COL["path"]] == PATH_INDEX[o.args["path"]] + 1
                        seen["path"] += 1
                    other = o.args.get("defender")
                    if isinstance(other, str) and other.startswith("hireling:"):
                        assert row[COL["faction"]] == len(FACTIONS) + 1 + HIRELINGS.index(other[9:])
                        seen["battle a hireling"] += 1
            seat = d.player
            v2, _ = enc.encode(GAME.determinize(st, seat, rng).view(seat, log=False), clip=False)
            assert np.array_equal(vec, v2)
    kinds = ("controlled", "hireling warriors", "battle a hireling", "bandits", "exile", "path")
    assert all(seen[k] for k in kinds), seen


def test_15_the_keepers_board_follows_the_view() -> None:
    """The Retinue by column and suit, the relics in the forests as everyone sees them (face down: the type only,
    15.2.1), relics and waystations on the map as pieces; every seat observes the same Keepers board."""
    enc = Encoder()
    seen: Counter[str] = Counter()
    for seed in range(3):
        for st in game_states(HUNDREDS, seed, every=7, turns=80):
            encoded = []
            for seat in HUNDREDS:
                view = st.view(seat, log=False)
                vec, _ = enc.encode(view)
                board = view["players"]["keepers"]["board"]
                if "retinue" not in board:
                    break
                retinue = enc.group(vec, "keepers.retinue").reshape(len(RETINUE), 4)
                for i, col in enumerate(RETINUE):
                    assert retinue[i].sum() == len(board["retinue"][col])
                    assert retinue[i, 0] == sum(k.startswith("bird:") for k in board["retinue"][col])
                forests = enc.group(vec, "keepers.forest_relics").reshape(12, len(FOREST_RELICS))
                assert forests.sum() == sum(len(v) for v in board["forest_relics"].values())
                for forest, relics in board["forest_relics"].items():
                    for k in set(relics):
                        assert forests[int(forest[1:]) - 1, FOREST_RELICS.index(k)] == relics.count(k)
                    seen["face down"] += any(k.count("_") == 1 for k in relics)
                for cl in view["clearings"]:
                    tokens = enc.group(vec, f"clearing[{cl['id']}].tokens")
                    assert tokens.sum() == len(cl["tokens"])
                    seen["relic on the map"] += any(t.startswith("relic_") for t in cl["tokens"])
                    seen["waystation"] += any(b.startswith("waystation_") for b in cl["buildings"])
                encoded.append(np.concatenate([enc.group(vec, g.name) for g in enc.layout
                                               if g.name.startswith("keepers.")]))
            assert all(np.array_equal(encoded[0], e) for e in encoded)
    assert seen["face down"] and seen["relic on the map"] and seen["waystation"], seen


@pytest.mark.parametrize("landmarks", [["tower", "ferry"], ["black_market", "elder_treetop", "legendary_forge"]])
def test_A_5_F_landmarks_and_the_advanced_setup(landmarks: list[str]) -> None:
    """A game with the Advanced Setup and landmarks (A.5, Appendix F): its setup decisions and the landmarks' own
    actions have their own kinds and slots, every landmark's clearing is in the observation as the view shows it,
    the Black Market's face-down cards only for the seat that put each there (a redeal of the others changes
    nothing), and observations stay in the space."""
    players = ["marquise", "eyrie", "alliance", "vagabond"]
    env = RootAECEnv(players, max_turns=20, options={"setup": "advanced", "landmarks": landmarks})
    enc = env.encoder
    space = env.observation_space("marquise")
    other = len(DECISION_KINDS)
    rng = Rng(3)
    seen: Counter[str] = Counter()
    for seed in (0, 3):  # games that deal the Black Market (A.5.1 deals two of the three)
        env.reset(seed=seed)
        pick = np.random.default_rng(seed)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            st = env.state_
            d = st.decision
            assert d.kind in DECISION_KINDS and all(o.action in ACTIONS for o in d.options), d.kind
            vec = obs["observation"]
            assert enc.group(vec, "decision.kind")[other] == 0 and space.contains(obs)
            view = st.view(agent, log=False)
            where = enc.group(vec, "landmarks").reshape(-1, 12)
            assert where.sum() == len(view["landmarks"])
            for lm in view["landmarks"]:
                assert where[LANDMARKS.index(lm["landmark"]), lm["clearing"] - 1] == 1
            market = view["landmark_cards"].get("black_market")
            if market:
                assert enc.group(vec, "landmark_cards.black_market_known").sum() == len(market["known"])
                seen["market known"] += bool(market["known"])
                seen["market swap"] += any(o.action == "black_market" for o in d.options)
            if seen["steps"] % 5 == 0 or (market and market["known"]):
                assert np.array_equal(vec, enc.encode(GAME.determinize(st, agent, rng).view(agent, log=False))[0])
            seen["steps"] += 1
            seen[d.kind] += 1
            seen["landmarks"] += len(view["landmarks"])
            env.step(int(pick.choice(np.flatnonzero(obs["action_mask"]))))
    assert seen["setup.keep_three"] and seen["landmarks"], seen
    if "tower" in landmarks:  # A.5.3: the last players place them
        assert seen["setup.landmark"], seen
    if "black_market" in landmarks:
        assert seen["market known"] and seen["market swap"], seen


def test_12_5_3_the_sway_fits_the_action_space_one_card_at_a_time() -> None:
    """The position where the Sway once overflowed (docs/rl-observation.md, How MAX_ACTIONS was chosen: one option
    per minister and set of cards, 1,292 with eleven cards): the minister is chosen first (12.5.3.I), then one card
    per decision (12.5.3.II), each decision within the default action space and encoded."""
    hand = ["fox:Anvil", "fox:Root Tea", "fox:Tax Collector", "rabbit:Root Tea", "rabbit:Bake Sale", "rabbit:Cobbler",
            "mouse:Root Tea", "mouse:Sword", "mouse:Investments", "bird:Crossbow", "bird:Sappers"]
    clearings: dict[str, Any] = {str(c): {"warriors": {"duchy": 1}} for c in range(1, 11)}
    clearings["11"] = {"warriors": {"marquise": 1}, "tokens": ["keep"]}
    st = GAME.from_position({"seats": ["duchy", "marquise"], "turn": "duchy", "phase": "daylight",
                             "clearings": clearings, "players": {"duchy": {"hand": hand}}})
    st.apply("end assembly")  # 12.5.1; no minister swayed yet, so Parliament (12.5.2) has nothing to offer
    enc = Encoder()
    d = st.decision
    assert d.kind == "duchy.sway" and len(d.options) <= 9 + 4  # the ministers, a few extras, end daylight
    _, mask = enc.encode(st.view("duchy", log=False))
    assert mask.sum() == len(d.options)
    st.apply("sway earl")
    sizes = []
    while st.decision.kind == "duchy.sway_cards":
        d = st.decision
        sizes.append(len(d.options))
        _, mask = enc.encode(st.view("duchy", log=False))
        assert mask.sum() == len(d.options) <= len(set(hand))
        st.apply(d.options[0].id)
    assert sizes == [11, 10, 9, 8] and st.fdata["duchy"]["swayed"] == ["earl"]


def test_duchy_games_never_exceed_the_default_action_space() -> None:
    """The environment with the Underground Duchy (and two Vagabonds whose Aid swells its hand, the line-up that once
    overflowed the Sway) plays whole games with MAX_ACTIONS = 512 and random masked actions: no
    ActionSpaceOverflow, and every Sway decision is small (12.5.3)."""
    largest: Counter[str] = Counter()
    games = [(["cult", "duchy", "vagabond", "vagabond2"], seed) for seed in (193, 194, 195)]
    games += [(["marquise", "duchy"], seed) for seed in (3, 4)]
    for players, seed in games:
        env = RootAECEnv(players, seed=seed, max_turns=60)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            d = env.state_.decision
            largest[d.kind] = max(largest[d.kind], len(d.options))
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert largest["duchy.sway"] and largest["duchy.sway_cards"], largest
    assert max(largest.values()) <= MAX_ACTIONS
    assert largest["duchy.sway"] <= 9 + 4 and largest["duchy.sway_cards"] <= 20, largest


def test_A_8_a_faction_draft_is_refused_by_name() -> None:
    """The agents are factions: a drafted game's seats are "player1", "player2" … until they choose (A.8.2), so the
    environment refuses it, naming the seats, rather than observe a seat it cannot place."""
    with pytest.raises(UnsupportedSetup, match="player1, player2, player3"):
        RootAECEnv(["player1", "player2", "player3"], options={"setup": "advanced", "factions": "draft"})
