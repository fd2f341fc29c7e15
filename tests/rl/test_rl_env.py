"""The PettingZoo environment: API test, observations from the seat's view only, masks = legal options."""

from __future__ import annotations

import subprocess
import sys
import warnings
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from planszowki import engine
from planszowki.bots.random import RandomBot
from planszowki.engine import Rng, UnsupportedSetup
from planszowki.rl import MAX_ACTIONS, ActionSpaceOverflow, Encoder, RootAECEnv
from planszowki.rl.encoding import (
    ACTIONS,
    CARD_KEYS,
    FACTIONS,
    ITEM_STATES,
    ITEMS,
    NON_VAGABONDS,
    OPTION_FEATURES,
    QUEST_KEYS,
    RELATIONSHIPS,
    SUITS,
    TRACKED,
    VAGABONDS,
    generated_docs,
    location_index,
    markdown_table,
)
from planszowki.rl.measure import max_options

GAME = engine.load("root")
ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rl-observation.md"
FOUR = ["marquise", "eyrie", "alliance", "vagabond"]
TWO_VAGABONDS = ["marquise", "eyrie", "vagabond", "vagabond2"]


def random_actions(env: RootAECEnv, seed: int):
    """Drive ``env`` with random masked actions; yields (agent, observation) before each live step."""
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        yield agent, obs
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("players", [["marquise", "eyrie"], FOUR, TWO_VAGABONDS])
def test_pettingzoo_api_test(players: list[str]) -> None:
    env = RootAECEnv(players, seed=3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice only: agent names, Dict observations, api_test's own reset option
        api_test(env, num_cycles=1000)  # long enough to play a whole game: its end and the dead steps too


def test_whole_game_rewards_and_agents_leave() -> None:
    env = RootAECEnv(("marquise", "eyrie"))
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    acting = set()
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        returns[agent] += reward
        if terminated or truncated:
            assert terminated and not truncated and info["result"]["reason"] in ("vp", "dominance")
            env.step(None)
            continue
        assert agent == env.state_.decision.player  # agent_selection follows the decision
        acting.add(agent)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.agents == [] and acting == {"marquise", "eyrie"}
    winners = env.state_.result["winners"]
    assert returns == {s: (1.0 if s in winners else -1.0) for s in env.possible_agents}


def test_turn_cap_truncates_with_zero_reward() -> None:
    env = RootAECEnv(("marquise", "eyrie"), max_turns=2)
    env.reset(seed=1)
    seen = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            seen[agent] = (reward, terminated, truncated, info["result"]["reason"])
            env.step(None)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert seen == {s: (0.0, False, True, "capped") for s in env.possible_agents}
    assert env.state_.turn_no == 3 and not env.state_.terminal


def test_same_seed_same_episode() -> None:
    def episode(seed: int) -> list[bytes]:
        env = RootAECEnv(("marquise", "eyrie"), max_turns=6)
        env.reset(seed=seed)
        return [obs["observation"].tobytes() for _, obs in random_actions(env, 0)]

    a, b = episode(11), episode(11)
    assert a == b and len(a) > 20 and a != episode(12)


@pytest.mark.parametrize("players", [["marquise", "eyrie"], FOUR, TWO_VAGABONDS])
def test_mask_matches_legal_options_and_option_table(players: list[str]) -> None:
    env = RootAECEnv(players, max_turns=12)
    env.reset(seed=2)
    enc = env.encoder
    checked = 0
    for agent, obs in random_actions(env, 2):
        d = env.state_.decision
        n = len(d.options)
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (MAX_ACTIONS,)
        assert mask[:n].all() and not mask[n:].any()
        assert env.legal_option_ids() == [o.id for o in d.options]
        vec = obs["observation"]
        assert enc.group(vec, "decision.mine")[0] == 1 and enc.group(vec, "decision.num_options")[0] == n
        for i in (0, n - 1):
            row = enc.group(vec, f"option[{i}]")
            assert row[0] == ACTIONS.index(d.options[i].action) + 1
            card = d.options[i].args.get("card")
            if card:
                assert row[4] == CARD_KEYS.index(card) + 1
        assert not enc.group(vec, f"option[{n}]").any() if n < MAX_ACTIONS else True
        for other in env.agents:  # a seat that is not deciding has an empty mask and no option table
            if other != agent:
                o = env.observe(other)
                assert not o["action_mask"].any() and enc.group(o["observation"], "decision.mine")[0] == 0
                assert not enc.group(o["observation"], "option[0]").any()
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("players", [FOUR, TWO_VAGABONDS, ["marquise", "eyrie", "alliance"]])
def test_option_rows_tell_options_apart(players: list[str]) -> None:
    """Within a decision no two options share a row of the option table, so a policy can tell every
    action apart (moves to forests, items by state and origin, crafting payments, improvised quests …)."""
    enc = Encoder()
    width = len(OPTION_FEATURES)
    decisions = 0
    for seed in range(3):
        st = GAME.new(seed=seed, players=players)
        bot = RandomBot(seed)
        while not st.terminal and st.turn_no <= 60:
            d = st.decision
            if len(d.options) > 1:
                vec, _ = enc.encode(st.view(d.player, log=False))
                base = enc.at["option[0]"]
                rows = vec[base:base + width * len(d.options)].reshape(len(d.options), width)
                seen: dict[bytes, str] = {}
                for o, row in zip(d.options, rows, strict=True):
                    assert row.tobytes() not in seen, f"{d.kind}: {o.id!r} and {seen[row.tobytes()]!r} look alike"
                    seen[row.tobytes()] = o.id
                decisions += 1
            st.apply(bot.choose(st, d.player))
    assert decisions > 300


def test_illegal_actions_are_refused() -> None:
    env = RootAECEnv(("marquise", "eyrie"))
    env.reset(seed=4)
    n = len(env.state_.decision.options)
    before = env.observe(env.agent_selection)["observation"].copy()
    for bad in (n, MAX_ACTIONS - 1, -1):
        with pytest.raises(ValueError, match="not legal"):
            env.step(bad)
    with pytest.raises(ValueError, match="action is required"):
        env.step(None)
    assert (env.observe(env.agent_selection)["observation"] == before).all()


def test_decision_larger_than_the_action_space_is_an_error() -> None:
    env = RootAECEnv(("marquise", "eyrie"), max_actions=5)
    with pytest.raises(ActionSpaceOverflow, match="larger max_actions"):
        env.reset(seed=1)
        for _ in random_actions(env, 1):
            pass


def test_unsupported_faction_is_refused() -> None:
    """A faction the engine plays but the observation does not describe yet is refused by name; so is one the engine
    does not know."""
    missing = [f for f in GAME.factions if f not in FACTIONS]
    for name in (*missing[:1], "otters"):
        with pytest.raises(UnsupportedSetup, match=name):
            RootAECEnv(("marquise", name))


def play_views(players: list[str], seed: int, limit: int):
    """States along a random game (engine only), stopping at ``limit`` decisions."""
    st = GAME.new(seed=seed, players=players)
    bot = RandomBot(seed)
    for i in range(limit):
        if st.terminal:
            return
        if i % 7 == 0:
            yield st
        st.apply(bot.choose(st, st.decision.player))


@pytest.mark.parametrize("players", [["marquise", "eyrie"], ["marquise", "eyrie", "alliance"], FOUR,
                                     TWO_VAGABONDS])
def test_observation_depends_only_on_the_view(players: list[str]) -> None:
    """Scrambling what a seat cannot see (other hands, the deck, face-down Supporters, the quest deck, the
    items under ruins it has not looked under) never changes its observation; its own hand does."""
    enc = Encoder(max_actions=16_384)  # encode any decision, however large, for this check
    rng = Rng(99)
    hidden_changed = own_changed = ruins_changed = 0
    for seed in (1, 2):
        for st in play_views(players, seed, 700):
            for seat in players:
                vec, mask = enc.encode(st.view(seat, log=False))
                other = GAME.determinize(st, seat, rng)
                v2, m2 = enc.encode(other.view(seat, log=False))
                assert np.array_equal(vec, v2) and np.array_equal(mask, m2)
                opp = next(s for s in players if s != seat)
                if sorted(other.hands[opp]) != sorted(st.hands[opp]):
                    hidden_changed += 1
                if other.ruin_items != st.ruin_items:
                    ruins_changed += 1
            # the observation is not blind: another seat's determinization changes this seat's hand
            seat, opp = players[0], players[1]
            other = GAME.determinize(st, opp, rng)
            if sorted(st.card(c).key for c in other.hands[seat]) != sorted(st.card(c).key for c in st.hands[seat]):
                mine, scrambled = (enc.encode(x.view(seat, log=False))[0] for x in (st, other))
                assert not np.array_equal(mine, scrambled)
                own_changed += 1
    assert hidden_changed > 10 and own_changed > 5
    if any(p in VAGABONDS for p in players):
        assert ruins_changed > 5


def _count(vec: np.ndarray) -> int:
    return round(float(vec.sum()))


@pytest.mark.parametrize("players", [FOUR, TWO_VAGABONDS])
def test_vagabond_alliance_and_quest_fields_follow_the_view(players: list[str]) -> None:
    """The Vagabond boards, the Alliance board, quests, pawns and ruins are encoded as the view shows them,
    for every observer; and over a few games each kind of field takes non-zero values."""
    enc = Encoder()
    seen: Counter[str] = Counter()
    for seed in range(4):
        for st in play_views(players, seed, 1500):
            for seat in players:
                view = st.view(seat, log=False)
                vec, _ = enc.encode(view)

                def g(name: str, vec: np.ndarray = vec) -> np.ndarray:
                    return enc.group(vec, name)

                quests = view["quests"]
                assert _count(g("quests.face_up")) == len(quests["face_up"]) == len(set(quests["face_up"]))
                assert g("quests.deck_count")[0] == quests["deck_count"]
                for cl in view["clearings"]:
                    p = f"clearing[{cl['id']}]"
                    assert [int(x) for x in g(p + ".pawns")] == [int(v in cl["pawns"]) for v in VAGABONDS]
                    assert sorted(np.flatnonzero(g(p + ".adjacent")) + 1) == sorted(cl["adjacent"])
                    seen["pawn"] += bool(cl["pawns"])
                for ruin in view["ruins"]:
                    p = f"clearing[{ruin['clearing']}]"
                    assert g(p + ".ruin_items")[0] == ruin["items"]
                    assert _count(g(p + ".ruin_known")) == len(ruin["known"] or ())
                    seen["ruin_known"] += bool(ruin["known"])
                    assert ruin["known"] is None or seat in VAGABONDS
                if "alliance" in players:
                    board = view["players"]["alliance"]["board"]
                    cards = g("alliance.supporter_cards")
                    if seat == "alliance":
                        assert _count(cards) == _count(g("alliance.supporters")) == board["supporters_count"]
                        seen["supporters"] += board["supporters_count"] > 0
                    else:
                        assert not cards.any() and not g("alliance.supporters").any()
                    assert g("alliance.officers")[0] == board["officers"]
                for v in VAGABONDS:
                    if v not in players:
                        assert not g(f"vagabond[{v}].where").any()
                        continue
                    p = f"vagabond[{v}]"
                    board = view["players"][v]["board"]
                    where = location_index(board["where"])
                    assert list(np.flatnonzero(g(p + ".where")) + 1) == ([] if where is None else [where])
                    seen["forest"] += where is not None and where > 12
                    items = g(p + ".items").reshape(len(ITEMS), len(ITEM_STATES))
                    expect = np.zeros_like(items)
                    for e in board["items"]:
                        expect[ITEMS.index(e["item"]), 2 * e["damaged"] + (not e["face_up"])] += 1
                    assert np.array_equal(items, expect)
                    seen["exhausted"] += bool(items[:, 1].any())
                    seen["damaged"] += bool(items[:, 2:].any())
                    if board["items"]:
                        assert [g(p + ".tracks")[i] for i in range(3)] == [board["tracks"][t] for t in TRACKED]
                        assert g(p + ".swords")[0] == board["swords"]
                        assert g(p + ".item_limit")[0] == board["item_limit"]
                        rels = g(p + ".relationships").reshape(len(NON_VAGABONDS), len(RELATIONSHIPS))
                        for i, f in enumerate(NON_VAGABONDS):
                            level = board["relationships"].get(f)
                            assert list(np.flatnonzero(rels[i])) == ([] if level is None else
                                                                       [RELATIONSHIPS.index(level)])
                            seen["improved"] += level not in (None, "hostile", "indifferent")
                            seen["hostile"] += level == "hostile"
                    done = board.get("quests_done", [])
                    assert _count(g(p + ".quests_done")) == len(done)
                    assert [g(p + ".quests_done_by_suit")[i] for i in range(3)] == [
                        sum(q.startswith(s + ":") for q in done) for s in SUITS]
                    assert all(q in QUEST_KEYS for q in done)
                    seen["quest"] += bool(done)
                    coalition = board.get("coalition")
                    assert _count(g(p + ".coalition")) == (coalition is not None)
                    seen["character"] += board.get("character") is not None
    kinds = {"pawn", "forest", "exhausted", "damaged", "improved", "hostile", "quest", "character"}
    if "alliance" in players:
        kinds.add("supporters")
    if "vagabond2" in players:  # only with two Vagabonds does one look under a ruin (9.7.3)
        kinds.add("ruin_known")
    assert {k for k in kinds if seen[k]} == kinds, seen


@pytest.mark.parametrize("players", [["marquise", "eyrie"], FOUR, TWO_VAGABONDS])
def test_observation_in_space_and_dtypes(players: list[str]) -> None:
    env = RootAECEnv(players, max_turns=10)
    env.reset(seed=8)
    space = env.observation_space("marquise")
    for i, (_, obs) in enumerate(random_actions(env, 8)):
        if i % 5 == 0:
            assert space.contains(obs)
            assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (env.encoder.size,)


def test_docs_show_the_current_layout() -> None:
    """docs/rl-observation.md embeds the generated option columns and layout: regenerate them with
    ``python -m planszowki.rl.encoding --update`` when the layout changes."""
    text = DOC.read_text("utf-8")
    assert generated_docs() in text and markdown_table() in text
    assert f"**N = {Encoder().size}**" in text and f"**MAX_ACTIONS = {MAX_ACTIONS}**" in text


def test_readme_states_the_observation_size() -> None:
    """README quotes the observation size and the action space; they must be the code's."""
    text = (DOC.parent.parent / "README.md").read_text("utf-8")
    assert f"vector of {Encoder().size:,} numbers" in text and f"`Discrete({MAX_ACTIONS})`" in text


@pytest.mark.parametrize("players", [FOUR, TWO_VAGABONDS])
def test_largest_decisions_fit_the_action_space(players: list[str]) -> None:
    """A small sample of the measurement behind MAX_ACTIONS (``python -m planszowki.rl.measure``; the
    documented one plays thousands of games): 4-player games with one or two Vagabonds stay well inside."""
    best = max_options(players, games=40, seed=0)
    assert max(n for n, _ in best.values()) <= MAX_ACTIONS // 2
    assert any(kind.startswith("vagabond.") for kind in best)


@pytest.mark.parametrize("players", [FOUR, TWO_VAGABONDS])
def test_example_script_plays_four_player_games(players: list[str]) -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "random_masked_agents.py"), "--games", "2", "--seed", "3",
         "--factions", ",".join(players)],
        capture_output=True, text=True, timeout=120, check=True).stdout
    assert f"observation: {Encoder().size} floats, actions: Discrete({MAX_ACTIONS})" in out
    games = [line for line in out.splitlines() if line.startswith("game seed")]
    assert len(games) == 2 and all(p in line for p in players for line in games)


NO_DECREE = {"recruit": [], "move": [], "battle": [], "build": []}


def test_A_2_every_card_of_both_decks_has_its_own_card_key() -> None:
    from planszowki.games.root.content import load_deck

    keys = {c.key for name in ("standard", "exiles") for c in load_deck(name).cards}
    assert keys <= set(CARD_KEYS) and len(set(CARD_KEYS)) == len(CARD_KEYS)


def test_A_2_an_exiles_improvement_and_an_item_exhausted_in_the_box_are_encoded_in_their_own_slots() -> None:
    st = GAME.from_position({
        "seats": ["marquise", "eyrie"], "turn": "marquise", "phase": "daylight", "deck_name": "exiles",
        "clearings": {"1": {"warriors": {"marquise": 2}}, "4": {"warriors": {"marquise": 1}, "tokens": ["keep"]}},
        "players": {"eyrie": {"decree": NO_DECREE},
                    "marquise": {"crafted": ["mouse:League of Adventurous Mice"], "items": ["boot:e", "sword"],
                                 "hand": ["rabbit:Swap Meet"]}}})
    enc = Encoder()
    vec, _ = enc.encode(st.view("marquise", log=False))
    crafted = enc.group(vec, "faction[marquise].crafted")
    assert crafted[CARD_KEYS.index("mouse:League of Adventurous Mice")] == 1 and crafted.sum() == 1
    hand = enc.group(vec, "hand")
    assert hand[CARD_KEYS.index("rabbit:Swap Meet")] == 1 and hand.sum() == 1
    assert list(enc.group(vec, "faction[marquise].items")[[ITEMS.index("boot"), ITEMS.index("sword")]]) == [1, 1]
    assert list(enc.group(vec, "faction[marquise].items_exhausted")) == [float(i == "boot") for i in ITEMS]
    # the League's options are actions of their own, not "other"
    i = next(i for i, o in enumerate(st.decision.options) if o.id == "league_move 1->5 x1 league")
    assert enc.group(vec, f"option[{i}]")[0] == ACTIONS.index("league_move") + 1
    st.apply("league_move 1->5 x1 league")  # the sword, the one face-up item, is exhausted
    vec, _ = enc.encode(st.view("eyrie", log=False))  # public: another seat sees it too
    assert list(enc.group(vec, "faction[marquise].items_exhausted")) == [float(i in ("boot", "sword")) for i in ITEMS]


def test_A_2_9_5_4_taking_the_exhausted_crafted_item_has_its_own_option_row() -> None:
    st = GAME.from_position({
        "seats": ["marquise", "eyrie", "vagabond"], "turn": "vagabond", "phase": "daylight", "deck_name": "exiles",
        "clearings": {"5": {"warriors": {"marquise": 1}}, "4": {"warriors": {"marquise": 1}, "tokens": ["keep"]}},
        "players": {"eyrie": {"decree": NO_DECREE}, "marquise": {"items": ["sword", "sword:e"]},
                    "vagabond": {"character": "thief", "where": "5", "items": ["boot", "torch"],
                                 "hand": ["rabbit:Tunnels"]}}})
    st.apply("aid marquise rabbit:Tunnels")
    st.apply("exhaust boot")
    ids = [o.id for o in st.decision.options]
    assert ids[:2] == ["take sword", "take sword (exhausted)"]
    enc = Encoder()
    vec, _ = enc.encode(st.view("vagabond", log=False))
    face_up, tired = enc.group(vec, "option[0]"), enc.group(vec, "option[1]")
    assert face_up[8] == 0 and tired[8] == 2 and face_up[7] == tired[7] == ITEMS.index("sword") + 1


def test_A_2_the_environment_plays_the_exiles_deck() -> None:
    env = RootAECEnv(["marquise", "eyrie", "vagabond"], options={"deck": "exiles"}, max_turns=10)
    env.reset(seed=5)
    assert env.state_.exiles
    steps = sum(1 for _ in random_actions(env, 5))
    assert steps > 50
