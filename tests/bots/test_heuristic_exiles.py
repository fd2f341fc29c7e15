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


def _league_question(items: list[str], vagabond: bool):
    """The Marquise's League of Adventurous Mice move, with face-up items of several kinds in her box."""
    seats = ["marquise", "vagabond"] if vagabond else ["marquise", "eyrie"]
    players: dict = {"marquise": {"crafted": ["mouse:League of Adventurous Mice"], "items": items}}
    if vagabond:
        players["vagabond"] = {"character": "thief", "where": "F1"}
    else:
        players["eyrie"] = {"decree": {"recruit": [], "move": [], "battle": [], "build": []}}
    st = GAME.from_position({"seats": seats, "turn": "marquise", "phase": "daylight", "deck_name": "exiles",
                             "clearings": {"1": {"warriors": {"marquise": 2}},
                                           "4": {"warriors": {"marquise": 1}, "tokens": ["keep"]}},
                             "players": players})
    st.apply("league_move 1->5 x1 league")
    assert st.decision.kind == "card.league"
    return st


def _pick(st) -> str:
    d = st.decision
    scores = scorer_for(st, d.player)(st, d.player, d)
    return [o.id for o in d.options][scores.index(max(scores))]


def test_A_2_league_exhausts_the_kind_with_most_face_up_copies():
    assert _pick(_league_question(["sword", "boot", "boot"], vagabond=False)) == "exhaust boot"
    assert _pick(_league_question(["sword", "sword", "boot"], vagabond=False)) == "exhaust sword"


def test_A_2_league_exhausts_the_kind_a_vagabond_would_take_by_aid_9_5_4():
    # he takes a sword by Aid face up either way: let it be one that already served League, keep the bags face up
    assert _pick(_league_question(["bag", "bag", "sword"], vagabond=True)) == "exhaust sword"


def test_1_1_3_cobbler_moves_before_charm_offensive_draws(lent_cobbler):
    """A.2 replaces the standard deck, so Cobbler's start-of-Evening entry is lent to an Exiles game (as in
    tests/root/test_evening_order.py) to meet Charm Offensive: the bot orders the move first."""
    st = _ep({1: {"warriors": {"marquise": 2}}}, phase="evening",
             players={"marquise": {"crafted": ["rabbit:Charm Offensive"]}})
    assert st.decision.kind == "turn.start_of_evening.order"
    assert _pick(st) == "cobbler first"



def test_1_1_3_a_vagabond_buys_services_first_only_when_his_refresh_has_room():
    """The shared start-of-phase order scorer, at the start of Birdsong (9.4.1 Refresh, 11.2.6 services)."""
    def birdsong(items):
        return GAME.from_position({
            "seats": ["marquise", "riverfolk", "vagabond"], "turn": "vagabond", "phase": "birdsong",
            "clearings": {"5": {"warriors": {"riverfolk": 1}}, "4": {"warriors": {"marquise": 1}, "tokens": ["keep"]}},
            "players": {"vagabond": {"character": "thief", "where": "5", "items": items},
                        "riverfolk": {"hand": ["fox:Anvil"],
                                      "prices": {"hand": 1, "riverboats": 1, "mercenaries": 1}}}})

    st = birdsong(["boot:e", "sword:e", "torch", "crossbow", "tea"])
    assert st.decision.kind == "turn.start_of_birdsong.order"
    assert _pick(st) == "services first"
    st = birdsong(["boot:e", "sword:e", "torch:e", "crossbow:e", "hammer"])  # four to refresh, room for three
    assert st.decision.kind == "turn.start_of_birdsong.order"
    assert _pick(st) == "refresh first"
