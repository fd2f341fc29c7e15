"""The Ironwood PettingZoo environment: API test, a fixed action catalogue that encodes every option the engine
offers (and back), masks = legal options, observations from the seat's view only."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

import planszowki
from planszowki import bots
from planszowki.engine import Rng, UnsupportedSetup
from planszowki.rl import IronwoodAECEnv
from planszowki.rl.ironwood import ActionCatalogue, IronwoodEncoder, NotInCatalogue

GAME = planszowki.load("ironwood")


def test_pettingzoo_api_test() -> None:
    env = IronwoodAECEnv(seed=3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice only: agent names, Dict observations, api_test's own reset option
        api_test(env, num_cycles=2000)  # long enough for a whole game, its end and the dead steps


def test_catalogue_lists_every_option_form_of_the_rulebook() -> None:
    cat = ActionCatalogue(GAME.new(seed=0).content)
    for oid in ("play IC07", "pass", "gain 2", "skip", "done", "move f3->f2", "move f3->f2 +totem",
                "move f3->f2 +fading totem", "move auria->cobaltis 3w1g", "drill ferrum->auria", "attack f1->auria",
                "attack auria->f1", "commit IC05", "commit none", "wound 2w1g", "retreat lithimar", "stay",
                "recruit warrior at f9", "recruit golem at ferrum", "recruit at f9", "discover auria from f1",
                "found cobaltis", "build cobaltis", "mark f3", "choose 1", "burn WW12", "burn vision:auria", "draw 2",
                "draw 1 vision", "draw 4 keep 2", "return WW12", "expire IC20", "discard IC12", "place at f9",
                "take 2", "spend 5", "remove warrior at f3", "remove golem at auria", "lure f3->f2 x2", "give 1"):
        assert cat.ids[cat.action(oid)] == oid
    assert len(set(cat.ids)) == len(cat.ids)
    with pytest.raises(NotInCatalogue, match="not in the Ironwood action catalogue"):
        cat.action("fly f3->moon")


@pytest.mark.parametrize("seats", [{"woodwalkers": "random", "ironclad": "random"},
                                   {"woodwalkers": "heuristic", "ironclad": "random"},
                                   {"woodwalkers": "random", "ironclad": "heuristic"}])
def test_every_option_of_random_games_maps_to_an_action_and_back(seats: dict[str, str]) -> None:
    enc = IronwoodEncoder(GAME.new(seed=0).content)
    cat = enc.catalogue
    seen: set[str] = set()
    for seed in range(1, 5):
        st = GAME.new(seed=seed)
        players = {s: bots.make(b, seed) for s, b in seats.items()}
        while not st.terminal and st.round_no <= 60:
            d = st.decision
            ids = [o.id for o in d.options]
            actions = [cat.action(i) for i in ids]
            assert [cat.ids[a] for a in actions] == ids
            mask = enc.mask(ids)
            assert mask.sum() == len(ids) and set(np.flatnonzero(mask)) == set(actions)
            seen.update(i.split(" ")[0] for i in ids)
            st.apply(players[d.player].choose(st, d.player))
    assert {"play", "move", "commit", "attack", "recruit"} <= seen
    if set(seats.values()) == {"random"}:  # long games: the rarer decisions too
        assert {"wound", "discover", "lure", "retreat", "burn", "drill", "found", "build"} <= seen


def test_whole_game_rewards_and_agents_leave() -> None:
    env = IronwoodAECEnv()
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        returns[agent] += reward
        if terminated or truncated:
            assert terminated and info["result"]["reason"] in ("totems", "forges")
            env.step(None)
            continue
        assert agent == env.state_.decision.player  # agent_selection follows the decision
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(env.option_id(a) for a in legal) == sorted(o.id for o in env.state_.decision.options)
        env.step(int(rng.choice(legal)))
    assert sorted(returns.values()) == [-1.0, 1.0] and env.agents == []


def test_illegal_action_refused_and_state_unchanged() -> None:
    env = IronwoodAECEnv()
    env.reset(seed=2)
    before = GAME.to_json(env.state_)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert GAME.to_json(env.state_) == before


def test_observation_reads_only_the_view() -> None:
    """Scrambling what a seat cannot see (the other hand, decks, the visions for the Ironclad, a card placed face
    down) leaves its observation unchanged; the observation does change with what it sees."""
    enc = IronwoodEncoder(GAME.new(seed=0).content)
    st = GAME.new(seed=9)
    r = bots.make("random", 9)
    checked = 0
    for step in range(900):
        if st.terminal:
            break
        if step % 15 == 0:
            for seat in ("woodwalkers", "ironclad"):
                obs = enc.encode(st.view(seat))
                scrambled = GAME.determinize(st, seat, Rng(step))
                assert np.array_equal(obs, enc.encode(scrambled.view(seat))), (seat, step)
                assert obs.shape == (enc.size,) and (obs <= enc.high).all() and (obs >= 0).all()
                checked += 1
        st.apply(r.choose(st, st.decision.player))
    assert checked > 20
    a = GAME.new(seed=1)
    assert not np.array_equal(enc.encode(a.view("woodwalkers")), enc.encode(a.view("ironclad")))  # own hand, seat
    a.apply("draw 2")  # the Woodwalkers' first draw: their new cards are in their observation only
    assert not np.array_equal(enc.encode(a.view("woodwalkers")), enc.encode(GAME.new(seed=1).view("woodwalkers")))


def test_solo_game_has_one_agent() -> None:
    try:
        env = IronwoodAECEnv(options={"opponent": "ironbot", "difficulty": 2})
    except UnsupportedSetup:
        pytest.skip("the Ironbot is not registered")
    assert env.possible_agents == ["woodwalkers"]
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for agent in env.agent_iter(max_iter=3000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert agent == "woodwalkers"
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
