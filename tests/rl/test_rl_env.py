"""The PettingZoo environment: API test, observations from the seat's view only, masks = legal options."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from planszowki import engine
from planszowki.bots.random import RandomBot
from planszowki.engine import Rng, UnsupportedSetup
from planszowki.rl import MAX_ACTIONS, ActionSpaceOverflow, Encoder, RootAECEnv
from planszowki.rl.encoding import ACTIONS, CARD_KEYS, markdown_table

GAME = engine.load("root")
DOC = Path(__file__).resolve().parents[2] / "docs" / "rl-observation.md"


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


def test_pettingzoo_api_test() -> None:
    env = RootAECEnv(("marquise", "eyrie"), seed=3)
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


def test_mask_matches_legal_options_and_option_table() -> None:
    env = RootAECEnv(("marquise", "eyrie"), max_turns=12)
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
    with pytest.raises(UnsupportedSetup, match="cult"):
        RootAECEnv(("marquise", "cult"))


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


@pytest.mark.parametrize("players", [["marquise", "eyrie"], ["marquise", "eyrie", "alliance"]])
def test_observation_depends_only_on_the_view(players: list[str]) -> None:
    """Scrambling what a seat cannot see (other hands, the deck, face-down Supporters) never changes its
    observation; its own hand does."""
    enc = Encoder(max_actions=16_384)  # encode any decision, however large, for this check
    rng = Rng(99)
    hidden_changed = own_changed = 0
    for seed in (1, 2):
        for st in play_views(players, seed, 700):
            for seat in players:
                vec, mask = enc.encode(st.view(seat))
                other = GAME.determinize(st, seat, rng)
                v2, m2 = enc.encode(other.view(seat))
                assert np.array_equal(vec, v2) and np.array_equal(mask, m2)
                opp = next(s for s in players if s != seat)
                if sorted(other.hands[opp]) != sorted(st.hands[opp]):
                    hidden_changed += 1
            # the observation is not blind: another seat's determinization changes this seat's hand
            seat, opp = players[0], players[1]
            other = GAME.determinize(st, opp, rng)
            if sorted(st.card(c).key for c in other.hands[seat]) != sorted(st.card(c).key for c in st.hands[seat]):
                assert not np.array_equal(enc.encode(st.view(seat))[0], enc.encode(other.view(seat))[0])
                own_changed += 1
    assert hidden_changed > 10 and own_changed > 5


def test_observation_in_space_and_dtypes() -> None:
    env = RootAECEnv(("marquise", "eyrie"), max_turns=10)
    env.reset(seed=8)
    space = env.observation_space("marquise")
    for i, (_, obs) in enumerate(random_actions(env, 8)):
        if i % 5 == 0:
            assert space.contains(obs)
            assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (env.encoder.size,)


def test_docs_show_the_current_layout() -> None:
    """docs/rl-observation.md embeds the generated table: regenerate it with
    ``python -m planszowki.rl.encoding`` when the layout changes."""
    assert markdown_table() in DOC.read_text("utf-8")
