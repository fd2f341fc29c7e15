"""Heuristic bots with the Exiles and Partisans deck (Law A.2; bots/root/exiles.py): whole games end, the new
cards are crafted and used, and a few fixed positions get the sensible answer."""

from __future__ import annotations

from collections import Counter

import planszowki
from planszowki import bots
from planszowki.bots.heuristic import scorer_for
from planszowki.bots.root.common import craft_value

GAME = planszowki.load("root")
LINEUPS = (["marquise", "eyrie", "alliance", "vagabond"], ["riverfolk", "cult", "duchy", "corvid"],
           ["marquise", "vagabond", "vagabond2", "eyrie"], ["duchy", "eyrie", "alliance", "riverfolk"])
NEW_ACTIONS = {"saboteurs", "false_orders", "swap_meet", "charm_offensive", "informants", "propaganda_bureau",
               "league_move", "league_battle", "fox_partisans", "rabbit_partisans", "mouse_partisans"}


def test_A_2_heuristic_games_with_the_exiles_deck_end_and_use_its_cards():
    used: Counter[str] = Counter()
    crafted: Counter[str] = Counter()
    for seed in range(8):
        st = GAME.new(seed=seed, players=LINEUPS[seed % 4],
                      options={"deck": "exiles", "map": ("autumn", "winter", "lake", "mountain")[seed % 4]})
        players = {s: bots.make("heuristic", seed * 10 + i) for i, s in enumerate(st.seats)}
        n = 0
        while not st.terminal and n < 6000:
            d = st.decision
            opt = d.find(players[d.player].choose(st, d.player))
            assert opt is not None
            used[opt.action] += 1
            if opt.action == "craft":
                cid = st.find_in(st.hands[d.player], opt.args["card"])
                if cid is not None and st.card(cid).kind == "improvement":
                    crafted[opt.args["card"]] += 1
            st.apply(opt.id)
            n += 1
        assert st.terminal, f"game {seed} did not end"
    assert len(crafted) >= 8, crafted  # the bots craft the deck's improvements …
    assert len(NEW_ACTIONS & set(used)) >= 6, used  # … and use them


def _ep(clearings, *, phase: str, players: dict, **kw):
    """A Marquise-Eyrie position with the deck (docs/root-position-format.md), the Eyrie's Decree empty."""
    players.setdefault("eyrie", {}).setdefault("decree", {"recruit": [], "move": [], "battle": [], "build": []})
    board = {4: {"warriors": {"marquise": 1}, "tokens": ["keep"]}, **clearings}
    return GAME.from_position({"seats": ["marquise", "eyrie"], "turn": "marquise", "phase": phase,
                               "deck_name": "exiles", "clearings": {str(k): v for k, v in board.items()},
                               "players": players, **kw})


def test_A_2_informants_take_the_ambush_rather_than_one_card():
    st = _ep({1: {"warriors": {"marquise": 1}}}, phase="evening", discard=["bird:Ambush!"],
             players={"marquise": {"crafted": ["fox:Informants"]}})
    d = st.decision
    assert d.kind == "card.informants"
    scores = scorer_for(st, "marquise")(st, "marquise", d)
    assert [o.id for o in d.options][scores.index(max(scores))] == "informants bird:Ambush!"


def test_A_2_saboteurs_hit_the_most_valuable_crafted_card():
    st = _ep({1: {"warriors": {"marquise": 1}}}, phase="birdsong",
             players={"marquise": {"crafted": ["bird:Saboteurs"]},
                      "eyrie": {"crafted": ["mouse:Master Engravers", "rabbit:Tunnels"]}})
    d = st.decision
    assert d.kind == "card.saboteurs"
    scores = scorer_for(st, "marquise")(st, "marquise", d)
    assert [o.id for o in d.options][scores.index(max(scores))] == "saboteurs eyrie mouse:Master Engravers"


def test_A_2_vagabond_does_not_value_what_he_cannot_use():
    st = GAME.new(seed=1, players=["marquise", "vagabond"], options={"deck": "exiles"})
    league = st.deck_info.by_key["mouse:League of Adventurous Mice"][0]
    st.hands["vagabond"].append(league)
    st.hands["marquise"].append(st.deck_info.by_key["mouse:League of Adventurous Mice"][1])
    st.crafted_items["marquise"].append("boot")
    assert craft_value(st, "vagabond", "mouse:League of Adventurous Mice") == 0.0  # 9.2.5: no Crafted Items box
    assert craft_value(st, "marquise", "mouse:League of Adventurous Mice") > 0.5
