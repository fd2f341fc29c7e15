"""The Great Wall PettingZoo environment: API test, a fixed action catalogue from the option grammar that encodes
every option the engine offers (and back) in every mode, masks = legal options, observations from the seat's view
only."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

import planszowki
from planszowki import bots
from planszowki.engine import Rng, UnsupportedSetup
from planszowki.rl import GreatWallAECEnv
from planszowki.rl.great_wall import GRAMMAR, ActionCatalogue, GreatWallEncoder, NotInCatalogue, domains, expand

GAME = planszowki.load("great_wall")
CONTENT = GAME.new(seed=0).content
#: every player count and mode; a mode the engine refuses (not implemented yet) is skipped, never passed
SETUPS = [(["red", "blue"], {}), (["red", "blue", "yellow"], {}), (["red", "blue", "yellow", "green"], {}),
          (["red"], {"mode": "solo"}), (["red", "blue", "yellow"], {"mode": "coop"})]


def _new(players: list[str], options: dict, seed: int) -> Any:
    try:
        return GAME.new(seed=seed, players=players, options=options)
    except UnsupportedSetup as exc:
        pytest.skip(f"{options or players}: {exc}")


def test_pettingzoo_api_test() -> None:
    env = GreatWallAECEnv(seed=3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice only: agent names, Dict observations, api_test's own reset option
        api_test(env, num_cycles=2000)  # long enough for a whole game, its end and the dead steps


def test_pettingzoo_api_test_two_players_with_the_reed_clan() -> None:
    env = GreatWallAECEnv(players=["red", "blue"], seed=4)
    assert env.possible_agents == ["red", "blue"]  # the Reed Clan is played by the engine (its Wódz decides)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=2000)


def test_catalogue_expands_every_template_of_the_grammar() -> None:
    cat = ActionCatalogue(CONTENT)
    dom = domains(CONTENT)
    for template in GRAMMAR:
        ids = expand(template, dom)
        assert ids and all(cat.ids[cat.action(i)] == i for i in ids), template
    for oid in ("done", "pass", "general " + dom["general"][0], "command " + dom["command"][-1], "slot 4",
                "take wood x2", "pay gold x3", "clerk pool->" + CONTENT.loc_ids[0], "play T01 boosted",
                "from rest S1 horseman " + dom["pair"][0], "archer S2 wound " + dom["vital"][-1],
                "kill horseman " + dom["pair"][-1], "save (2 chi)", "move S0->S2", "hire A01 supporting"):
        assert cat.ids[cat.action(oid)] == oid
    assert len(set(cat.ids)) == len(cat.ids)
    with pytest.raises(NotInCatalogue, match="not in the Great Wall action catalogue"):
        cat.action("fly over the Wall")


def test_vital_points_and_pairs_follow_the_horde_grids() -> None:
    dom = domains(CONTENT)
    for cid, card in CONTENT.horde.items():
        cells = card["cells"]
        mine = {v.split("@")[1] for v in dom["vital"] if v.startswith(cid + "@")}
        assert mine == {str(i) for i in range(12) if cells[i] is not None}
        for p in (v for v in dom["pair"] if v.startswith(cid + "@")):
            a, b = map(int, p.split("@")[1].split("+"))
            assert cells[a] is not None and cells[b] is not None and (b == a + 6 or (b == a + 1 and a % 6 != 5))


@pytest.mark.parametrize(("players", "options"), SETUPS)
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_every_option_of_random_games_has_an_action_and_back(players: list[str], options: dict, bot: str) -> None:
    """Fails when the engine offers an option the grammar does not produce (a new kind of option needs its
    template in ``GRAMMAR``)."""
    st0 = _new(players, options, 0)
    enc = GreatWallEncoder(st0.content)
    cat = enc.catalogue
    kinds: set[str] = set()
    for seed in range(1, 7):
        st = _new(players, options, seed)
        play = {s: bots.make(bot, seed) for s in st.seats}
        while not st.terminal and st.year <= 30:
            d = st.decision
            ids = [o.id for o in d.options]
            missing = [i for i in ids if i not in cat.index]
            assert not missing, f"{d.kind}: no action for {missing}"
            actions = [cat.action(i) for i in ids]
            assert [cat.ids[a] for a in actions] == ids
            mask = enc.mask(ids)
            assert mask.sum() == len(ids) and set(np.flatnonzero(mask)) == set(actions)
            kinds.add(d.kind)
            st.apply(play[d.player].choose(st, d.player))
        assert st.terminal
    assert {"gw.draft", "gw.choose", "gw.place_command", "gw.activation"} <= kinds


def test_whole_random_episode_rewards_and_agents_leave() -> None:
    env = GreatWallAECEnv(players=["red", "blue", "yellow", "green"])
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        returns[agent] += reward
        if terminated or truncated:
            assert terminated and info["result"]["winners"]
            env.step(None)
            continue
        d = env.state_.decision
        assert agent == d.player  # agent_selection follows the decision
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(env.option_id(a) for a in legal) == sorted(o.id for o in d.options)
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        assert obs["observation"].shape == (env.encoder.size,)
        env.step(int(rng.choice(legal)))
        steps += 1
    winners = [a for a, r in returns.items() if r > 0]
    assert len(winners) == 1 and sorted(returns.values()) == [-1.0, -1.0, -1.0, 1.0]
    assert env.agents == [] and steps > 100


def test_illegal_action_refused_and_state_unchanged() -> None:
    env = GreatWallAECEnv()
    env.reset(seed=2)
    before = GAME.to_json(env.state_)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(ValueError, match="action is required"):
        env.step(None)
    assert GAME.to_json(env.state_) == before


def test_truncated_at_the_year_cap() -> None:
    env = GreatWallAECEnv(max_years=1)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _agent in env.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0 and info["result"]["reason"] == "capped"
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.agents == [] and env.state_.year == 2


@pytest.mark.parametrize(("players", "options"), [(["red", "blue"], {}), (["red", "blue", "yellow", "green"], {}),
                                                   (["red", "blue", "yellow"], {"mode": "coop"})])
def test_observation_reads_only_the_view(players: list[str], options: dict) -> None:
    """Scrambling what a seat cannot see (the others' resources stay: they are public acts; their Tactic hands,
    face-down Supporting Advisors, unrevealed Command cards and drafts, the decks) leaves its observation unchanged;
    the observation does change with what it sees."""
    st = _new(players, options, 9)
    enc = GreatWallEncoder(st.content)
    if options:  # the co-operative mode's Decrees and Events are observed
        start = {name: (i, n) for name, i, n, _ in enc.layout}
        i, n = start["coop_decrees"]
        assert n and enc.encode(st.view("red"))[i:i + n].sum() > 0
    r = bots.make("random", 9)
    checked = 0
    step = 0
    while not st.terminal:
        if step % 7 == 0:
            for seat in st.seats:
                obs = enc.encode(st.view(seat))
                scrambled = GAME.determinize(st, seat, Rng(step))
                assert np.array_equal(obs, enc.encode(scrambled.view(seat))), (seat, step, st.decision.kind)
                assert obs.shape == (enc.size,) and (obs <= enc.high).all() and (obs >= 0).all()
                checked += 1
        st.apply(r.choose(st, st.decision.player))
        step += 1
    assert checked > 40
    a = _new(players, options, 1)
    views = [enc.encode(a.view(s)) for s in a.seats]
    assert not np.array_equal(views[0], views[1])  # own draft, own seat
    # a secret of another seat: the first seat's dealt draft is in its observation only
    b = a.copy()
    first, other = a.seats[0], a.seats[1]
    unused = sorted(set(a.content.generals) - {g for d in a.draft.values() for g in d["generals"]})
    b.draft[first]["generals"] = unused[:2]
    assert not np.array_equal(enc.encode(a.view(first)), enc.encode(b.view(first)))
    assert np.array_equal(enc.encode(a.view(other)), enc.encode(b.view(other)))


def test_observation_never_holds_another_seats_hand_or_screen() -> None:
    """Every secret of the other seats changed at once (resources behind their screens, Tactic hands, the
    face-down Supporting Advisor, the chosen Command card before the reveal): the seat's observation stays."""
    enc = GreatWallEncoder(CONTENT)
    st = GAME.new(seed=11, players=["red", "blue", "yellow"])
    r = bots.make("random", 11)
    seen_hidden = 0
    while not st.terminal and st.year < 4:
        d = st.decision
        if d.kind in ("gw.choose", "gw.tactic", "gw.activation"):
            for seat in st.seats:
                obs = enc.encode(st.view(seat))
                other = st.copy()
                for s in st.seats:
                    if s == seat:
                        continue
                    other.res[s] = {k: v + 3 for k, v in other.res[s].items()}
                    other.tac[s] = sorted(CONTENT.tactics)[:len(other.tac[s])]
                    other.support[s] = [x for x in sorted(CONTENT.advisors)[:1]] + other.support[s][1:]
                    if other.chosen[s] and not other.revealed:
                        other.chosen[s] = sorted(CONTENT.commands)[0]
                        seen_hidden += 1
                assert np.array_equal(obs, enc.encode(other.view(seat))), (seat, d.kind)
        st.apply(r.choose(st, d.player))
    assert seen_hidden > 0


def test_example_script_plays_great_wall_games() -> None:
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "examples" / "random_masked_agents.py"
    out = subprocess.run([sys.executable, str(script), "--game", "great_wall", "--players", "red,blue", "--games", "2"],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    env = GreatWallAECEnv(players=["red", "blue"])
    assert f"observation: {env.encoder.size} floats, actions: Discrete({len(env.encoder.catalogue)})" in out
    games = [line for line in out.splitlines() if line.startswith("game seed")]
    assert len(games) == 2 and all("years" in g and "'red'" in g for g in games)


def test_solo_game_has_one_agent() -> None:
    """Tryb solo: Qin Jiushao is played by the engine, so the person's clan is the only agent."""
    _new(["red"], {"mode": "solo"}, 0)
    env = GreatWallAECEnv(players=["red"], options={"mode": "solo"})
    assert env.possible_agents == ["red"]
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    steps = 0
    for agent in env.agent_iter(max_iter=5000):
        obs, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert info["result"]["reason"]
            env.step(None)
            continue
        assert agent == "red" == env.state_.decision.player
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert env.agents == [] and steps > 50
