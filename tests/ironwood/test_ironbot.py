"""Tryb solo: the Ironbot (Żelazobot) — setup, difficulty variants, stances, the turn card, each icon in each stance,
the compensation crystal, the warband in focus and attacking, combat against the bot, its moves, the drill, forges,
recruiting, ties by the Magic die, marking mountains, and a soak of random people against it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from iw_helpers import GAME, IC_BASE, WW_BASE, at, card, ids, kinds, pos, who

from planszowki.engine import UnsupportedSetup
from planszowki.games.ironwood.solo import ironbot
from planszowki.games.ironwood.state import FORGE, FOUNDATION, IC, WW, IronwoodState

SOLO = {"opponent": "ironbot"}


def icard(icons: list[str], damage: int = 0, defense: int = 0, dominance: int = 0) -> dict[str, Any]:
    """A test's Ironclad card with the solo icons it needs (combat values its own)."""
    return card(damage=damage, defense=defense, dominance=dominance, icons=icons)


def new(seed: int, **options: Any) -> IronwoodState:
    """A new solo game, settled up to the person's first decision (the solo setup has run)."""
    st = GAME.new(seed=seed, options={**SOLO, **options})
    assert st.decision is not None
    return st


def bot_turn(icons: list[str] | None = None, *, side: str = "exhausted", hand: list[str] | None = None,
             options: dict[str, Any] | None = None, cards: dict[str, Any] | None = None, marked: tuple[str, ...] = (),
             run: bool = True, **doc: Any) -> IronwoodState:
    """The Ironbot's turn (the Woodwalkers played one action, the bot none) with IC04 on top of its hand showing
    ``icons``; the turn card's side set; the state is settled (the bot plays) when ``run``."""
    cs = dict(cards or {})
    if icons is not None:
        cs["IC04"] = icard(icons)
    if hand is None:
        hand = ["IC04", *IC_BASE] if icons is not None else list(IC_BASE)
    doc.setdefault("locations", {})
    st = pos(cs, options={**SOLO, **(options or {})}, phase="actions", round=2,
             actions_taken={WW: 1, IC: 0}, hands={IC: hand, WW: doc.pop("ww_hand", list(WW_BASE))}, **doc)
    st.ib_side = side
    st.ib_marked = [st.loc(m) for m in marked]
    if run:
        st.decision  # noqa: B018 — settles: the bot's turn runs
    return st


def icons_resolved(st: IronwoodState) -> list[str]:
    return [e["icon"] for e in kinds(st, "iw.ironbot.icon")]


def compensations(st: IronwoodState) -> int:
    return len(kinds(st, "iw.ironbot.compensation"))


# -- setup ---------------------------------------------------------------------------------------------------
def test_setup_removes_the_person_cards_and_hands_the_bot_its_base_cards():
    st = GAME.new(seed=4, options={**SOLO, "first_draw": "two"})
    assert who(st) == (WW, "iw.turn")
    for c in ("WW17", "WW19", "WW22", "WW36"):
        assert c not in st.deck[WW] and c not in st.hand[WW] and c not in st.discard[WW]
    assert who(st) == (WW, "iw.turn")
    # 3 base cards face down plus the 2 special cards of round 1, shuffled together
    assert len(st.hand[IC]) == 5 and sorted(c for c in st.hand[IC] if c.endswith("P")) == IC_BASE
    assert st.ib_stance == "expansive" and st.ib_side == "alert" and st.ib_marked == []
    assert kinds(st, "iw.ironbot.shuffle")
    assert st.view(WW)["players"][IC]["ironbot"] == {"stance": "expansive", "turn_card": "alert", "marked": []}


def test_setup_first_round_draw_choice_is_the_person_s_only():
    st = GAME.new(seed=2, options=SOLO)
    assert who(st) == (WW, "iw.first_draw")
    st.apply("draw 2")
    assert who(st) == (WW, "iw.turn") and len(st.hand[IC]) == 5


def test_solo_bot_seat_never_decides():
    st = GAME.new(seed=9, options={**SOLO, "difficulty": 7})
    r = random.Random(9)
    while st.decision is not None and st.round_no < 12:
        assert st.decision.player == WW
        st.apply(r.choice(st.decision.options).id)


# -- difficulty ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", range(16))
def test_difficulty_levels_are_combinations_worth_n(n):
    assert sum(ironbot.VARIANTS[v] for v in ironbot.DIFFICULTY[n]) == n
    st = new(n, difficulty=n, first_draw="two")
    assert ironbot.variants(st) == ironbot.DIFFICULTY[n]
    assert kinds(st, "iw.ironbot.setup")[0]["level"] == n


def test_difficulty_golem_on_ferrum():
    st = new(1, variants=["golem_on_ferrum"], first_draw="two")
    assert st.golems[st.board.ferrum] == 1
    assert new(1, first_draw="two").golems[st.board.ferrum] == 0


def test_difficulty_foundations_on_two_random_outer_mountains():
    for seed in range(4):
        st = new(seed, variants=["foundations"], first_draw="two")
        found = [i for i in st.board.mountains() if st.site[i] == FOUNDATION]
        assert len(found) == 2 and all(st.board.rings[i] == "outer" for i in found)


def test_difficulty_four_special_cards_in_the_first_round():
    st = new(3, variants=["four_specials"], first_draw="two")
    assert len(st.hand[IC]) == 3 + 4


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_difficulty_extra_warriors(k):
    st = new(k, variants=[f"warriors_{k}"], first_draw="two")
    b = st.board
    inner = [i for i in b.mountains() if b.rings[i] == "inner"]
    assert sum(st.icw[i] - 3 for i in inner) == min(k, 4)
    assert all(st.icw[i] in (3, 4) for i in inner)
    assert st.icw[b.ferrum] == (2 if k == 5 else 1)


def test_difficulty_red_icons_resolved_only_with_the_variant():
    st = bot_turn(["card_red"], crystals={IC: 0})
    assert icons_resolved(st) == [] and compensations(st) == 0 and st.crystals[IC] == 0
    st = bot_turn(["card_red"], crystals={IC: 0}, options={"variants": ["red_icons"]})
    assert icons_resolved(st) == ["card"] and st.crystals[IC] == 1


@pytest.mark.parametrize("opts", [{"variants": ["nope"]}, {"variants": ["warriors_1", "warriors_2"]},
                                  {"variants": ["red_icons"], "difficulty": 3}, {"difficulty": 16},
                                  {"variants": ["red_icons", "red_icons"]}])
def test_difficulty_bad_options_are_refused(opts):
    with pytest.raises(UnsupportedSetup):
        GAME.new(seed=1, options={**SOLO, **opts})


@pytest.mark.parametrize(("opts", "key", "polish"), [
    ({"variants": ["nope"]}, "error_iw_ironbot_variants", "lista wariantów"),
    ({"variants": ["red_icons", "red_icons"]}, "error_iw_variants_repeated", "najwyżej raz"),
    ({"variants": ["red_icons"], "difficulty": 3}, "error_iw_variants_level", "nie zgadza się"),
    ({"handicap": {IC: 1}}, "error_iw_ironbot_handicap", "Żelazobot nie dostaje"),
])
def test_difficulty_refusals_are_said_in_the_players_language(opts, key, polish):
    with pytest.raises(UnsupportedSetup) as exc:
        GAME.new(seed=1, options={**SOLO, **opts})
    assert exc.value.key == key and polish in exc.value.text("pl")


def test_difficulty_variants_with_matching_level_accepted():
    st = GAME.new(seed=1, options={**SOLO, "variants": ["red_icons", "warriors_1"], "difficulty": 3})
    assert ironbot.variants(st) == ("red_icons", "warriors_1")


# -- stances ---------------------------------------------------------------------------------------------------
def test_stance_aggressive_when_a_totem_borders_an_ironclad_warband():
    st = bot_turn(["shield"], locations={"f2": {"woodwalkers": 2, "totems": ["full"]}, "auria": {"ironclad": 2}})
    assert st.ib_stance == "aggressive"
    assert kinds(st, "iw.ironbot.stance") == [{"stance": "aggressive"}]


def test_stance_defensive_with_five_crystals_and_a_controlled_foundation():
    st = bot_turn(["shield"], crystals={IC: 5}, locations={"cobaltis": {"ironclad": 1, "site": "foundation"}},
                  run=False)
    assert ironbot.stance(st) == "defensive"
    st.crystals[IC] = 4
    assert ironbot.stance(st) == "expansive"


def test_stance_expansive_otherwise_and_checked_each_turn():
    st = bot_turn(["shield"], locations={"f2": {"woodwalkers": 2, "totems": ["full"]}}, run=False)
    st.ib_stance = "aggressive"
    st.decision  # noqa: B018
    assert st.ib_stance == "expansive" and kinds(st, "iw.ironbot.stance") == [{"stance": "expansive"}]


# -- the turn card ---------------------------------------------------------------------------------------------
def test_turn_card_exhausted_side_resolves_both_icons_left_then_right_then_turns_to_alert():
    st = bot_turn(["card", "shield"], crystals={IC: 0})
    assert icons_resolved(st) == ["card", "shield"]
    assert st.crystals[IC] == 2 and st.ib_side == "alert"
    assert st.slots[IC] == [["IC04"]]


def test_turn_card_alert_expansive_lays_a_foundation_and_gains_a_crystal():
    st = bot_turn(["card", "shield"], side="alert", crystals={IC: 0},
                  locations={"cobaltis": {"ironclad": 2}, "chromia": {"ironclad": 1}})
    assert st.site[st.loc("cobaltis")] == FOUNDATION and st.site[st.loc("chromia")] == 0
    assert st.crystals[IC] == 1 and icons_resolved(st) == [] and st.ib_side == "exhausted"


def test_turn_card_alert_expansive_without_a_foundation_resolves_the_icons_and_stays_alert():
    st = bot_turn(["card", "shield"], side="alert", crystals={IC: 0})
    assert icons_resolved(st) == ["card", "shield"] and st.ib_side == "alert"


def test_turn_card_alert_defensive_builds_a_forge_on_the_smallest_warband():
    st = bot_turn(["card"], side="alert", crystals={IC: 6},
                  locations={"cobaltis": {"ironclad": 3, "site": "foundation"},
                             "chromia": {"ironclad": 1, "site": "foundation"}})
    assert st.site[st.loc("chromia")] == FORGE and st.site[st.loc("cobaltis")] == FOUNDATION
    assert st.crystals[IC] == 1 and st.ib_side == "exhausted" and icons_resolved(st) == []


def test_turn_card_alert_aggressive_builds_the_third_forge_and_wins():
    st = bot_turn(["card"], side="alert", crystals={IC: 5},
                  locations={"f2": {"woodwalkers": 1, "totems": ["full"]}, "auria": {"ironclad": 2},
                             "chromia": {"site": "forge"}, "gallimor": {"site": "forge"},
                             "cobaltis": {"ironclad": 1, "site": "foundation"}})
    assert st.result is not None and st.result["winners"] == [IC] and st.result["reason"] == "forges"


def test_turn_card_alert_aggressive_chases_then_attacks():
    st = bot_turn(["card"], side="alert", locations={"f2": {"woodwalkers": 3, "totems": ["full"]},
                                                     "auria": {"ironclad": 1}, "ferrum": {"ironclad": 6}})
    # Chase: Ferrum's spare units (6 - 3 kept) join Auria until the Ironclad outnumbers the focus (3)
    assert st.icw[st.loc("auria")] == 4 and st.icw[st.loc("ferrum")] == 3
    assert kinds(st, "iw.attack")[-1]["to"] == "f2"
    assert who(st) == (WW, "iw.battle.place")  # the person places first, even when defending
    assert st.ib_side == "alert"  # turned only when the turn ends


# -- icons -------------------------------------------------------------------------------------------------------
def test_icon_compensation_when_an_icon_changes_nothing():
    st = bot_turn(["compass"], crystals={IC: 0}, locations={"ferrum": {"ironclad": 3}})
    # Expansive Compass = Expand: no unit may leave (Ferrum keeps 3): nothing changes, so 1 crystal
    assert compensations(st) == 1 and st.crystals[IC] == 1


def test_icon_compass_expansive_expands_to_an_unmarked_outer_mountain_with_a_foundation():
    st = bot_turn(["compass"], locations={"auria": {"ironclad": 4}, "cobaltis": {"site": "foundation"},
                                          "f9": {"woodwalkers": 0}})
    assert at(st, "cobaltis")["icw"] == 3 and at(st, "auria")["icw"] == 1


def test_icon_compass_expansive_skips_marked_mountains():
    st = bot_turn(["compass"], marked=("cobaltis",),
                  locations={"auria": {"ironclad": 4}, "argentimar": {}, "f10": {"woodwalkers": 5},
                             "f2": {"woodwalkers": 1}, "f9": {"woodwalkers": 1}})
    # Cobaltis (marked) is passed over for Argentimar though more Woodwalkers border it
    assert at(st, "argentimar")["icw"] == 3 and at(st, "cobaltis")["icw"] == 0


def test_icon_compass_defensive_protects_ferrum():
    st = bot_turn(["compass"], crystals={IC: 5},
                  locations={"ferrum": {"ironclad": 1}, "auria": {"ironclad": 4},
                             "cobaltis": {"ironclad": 1, "site": "foundation"}})
    assert st.ib_stance == "defensive"
    assert at(st, "ferrum")["icw"] == 4 and at(st, "auria")["icw"] == 1


def test_icon_compass_aggressive_attacks_a_smaller_warband_with_a_totem():
    st = bot_turn(["compass"], locations={"f2": {"woodwalkers": 1, "totems": ["full"]}, "auria": {"ironclad": 3}})
    assert st.ib_stance == "aggressive" and kinds(st, "iw.attack")[-1] == {
        "seat": IC, "frm": "auria", "to": "f2", "card": "IC04"}


def test_icon_compass_aggressive_chases_when_no_smaller_warband():
    st = bot_turn(["compass"], locations={"f2": {"woodwalkers": 3, "totems": ["full"]}, "auria": {"ironclad": 1},
                                          "ferrum": {"ironclad": 5}})
    assert kinds(st, "iw.attack") == [] and at(st, "auria")["icw"] == 3


def test_icon_shield_aggressive_removes_a_warrior_with_the_totem():
    st = bot_turn(["shield"], locations={"f2": {"woodwalkers": 2, "totems": ["full"]}, "auria": {"ironclad": 1},
                                         "f9": {"woodwalkers": 2}})
    assert at(st, "f2")["ww"] == 1 and at(st, "f9")["ww"] == 2


def test_icon_shield_defensive_the_person_burns_a_card():
    st = bot_turn(["shield"], crystals={IC: 5}, ww_hand=[*WW_BASE, "WW10"], visions=["auria"],
                  locations={"cobaltis": {"ironclad": 1, "site": "foundation"}})
    assert who(st) == (WW, "iw.ironbot.burn")
    assert sorted(ids(st)) == ["burn WW10", "burn vision:auria"]
    st.apply("burn vision:auria")
    assert "auria" in st.vision_discard and st.loc("auria") in st.ib_marked
    assert compensations(st) == 0


def test_icon_shield_defensive_with_nothing_to_burn_gives_a_crystal():
    st = bot_turn(["shield"], crystals={IC: 5}, locations={"cobaltis": {"ironclad": 1, "site": "foundation"}})
    assert who(st) == (WW, "iw.turn") and compensations(st) == 1 and st.crystals[IC] == 6


def test_icon_shield_expansive_gains_a_crystal():
    st = bot_turn(["shield"], crystals={IC: 0})
    assert st.crystals[IC] == 1 and compensations(st) == 0


def test_icon_hit_expansive_attacks_without_moving():
    st = bot_turn(["hit"], locations={"f1": {"woodwalkers": 1}, "auria": {"ironclad": 2}, "ferrum": {"ironclad": 1}})
    assert kinds(st, "iw.move_warband") == [] and kinds(st, "iw.attack")[-1]["frm"] == "auria"


def test_icon_hit_defensive_protects_then_attacks():
    st = bot_turn(["hit"], crystals={IC: 5},
                  locations={"cobaltis": {"ironclad": 1, "site": "foundation"}, "f8": {"woodwalkers": 2},
                             "zincur": {"ironclad": 4}, "ferrum": {"ironclad": 3}})
    # Protect: Cobaltis's foundation is bordered by a larger warband (2 in f8): Zincur sends all but one
    assert at(st, "cobaltis")["icw"] == 4 and at(st, "zincur")["icw"] == 1
    assert kinds(st, "iw.attack")[-1] == {"seat": IC, "frm": "cobaltis", "to": "f8", "card": "IC04"}


def test_icon_hit_aggressive_chases_then_attacks():
    st = bot_turn(["hit"], locations={"f3": {"woodwalkers": 2, "totems": ["fading"]}, "auria": {"ironclad": 1},
                                      "ferrum": {"ironclad": 6}})
    assert kinds(st, "iw.attack")[-1]["to"] == "f3"


def test_icon_hit_no_attack_when_outnumbered():
    st = bot_turn(["hit"], crystals={IC: 0}, locations={"f1": {"woodwalkers": 4}, "auria": {"ironclad": 2},
                                                        "ferrum": {"ironclad": 1}})
    assert kinds(st, "iw.attack") == [] and kinds(st, "iw.ironbot.no_attack") and compensations(st) == 1


def test_icon_crystals_gains_and_moves_the_drill():
    st = bot_turn(["crystals"], crystals={IC: 0}, locations={"auria": {"ironclad": 3}, "lithimar": {"ironclad": 1}})
    assert st.crystals[IC] == 1 and st.drill == st.loc("auria") and st.cargo == 2


def test_icon_drill_moves_the_drill_then_two_warriors_onto_it():
    st = bot_turn(["drill"], locations={"auria": {"ironclad": 1}, "ferrum": {"ironclad": 6}})
    assert st.drill == st.loc("auria") and at(st, "auria")["icw"] == 3 and at(st, "ferrum")["icw"] == 4


def test_icon_drill_heads_for_the_nearest_forge_with_cargo():
    st = bot_turn(["drill"], drill={"at": "cobaltis", "step": 1, "cargo": 3}, crystals={IC: 0},
                  locations={"auria": {"ironclad": 1}, "zincur": {"ironclad": 2}})
    assert st.drill in (st.loc("auria"), st.loc("zincur"))
    assert st.drill == st.loc("zincur")  # the larger Ironclad warband on the way


def test_icon_drill_vision_bonus_returns_a_random_vision_card():
    st = bot_turn(["crystals"], drill={"at": "ferrum", "step": 1, "cargo": 0}, visions=["auria", "cobaltis"],
                  locations={"lithimar": {"ironclad": 2}})
    assert st.drill_step == 2 and len(st.visions) == 1 and st.peek is None
    assert kinds(st, "iw.ironbot.vision_back")


def test_icon_card_draws_on_top_of_the_hand_and_gains():
    st = bot_turn(["card"], crystals={IC: 0}, run=False)
    top = st.deck[IC][-1]
    st.decision  # noqa: B018
    assert st.hand[IC][0] == top and st.crystals[IC] == 1


def test_icon_warband_recruits_on_ferrum_below_five_units():
    st = bot_turn(["warband"], locations={"ferrum": {"ironclad": 2}})
    assert at(st, "ferrum")["icw"] == 3


def test_icon_warband_expands_from_a_full_ferrum():
    st = bot_turn(["warband"], locations={"ferrum": {"ironclad": 6}})
    # Expand: no outer mountain borders Ferrum, so an inner mountain — all but 3 of Ferrum's units move
    assert at(st, "ferrum")["icw"] == 3 and sum(st.icw) == 6


def test_icon_forge_expansive_spends_recruits_and_expands():
    st = bot_turn(["forge"], crystals={IC: 1}, locations={"ferrum": {"ironclad": 3}, "auria": {"ironclad": 1}})
    # 1 crystal spent; the recruit goes to Ferrum (the only forge); Expand: no unit can reach an outer mountain
    # (Auria keeps its one), so an inner mountain gets Ferrum's unit above 3
    assert st.crystals[IC] == 0 and kinds(st, "iw.recruit")[-1]["loc"] == "ferrum"
    assert at(st, "ferrum")["icw"] == 3 and at(st, "auria")["icw"] == 1 and sum(st.icw) == 5
    moved = kinds(st, "iw.move_warband")[-1]
    assert moved["frm"] == "ferrum" and st.board.rings[st.loc(moved["to"])] == "inner"


def test_icon_forge_without_a_crystal_gives_one():
    st = bot_turn(["forge"], crystals={IC: 0})
    assert compensations(st) == 1 and st.crystals[IC] == 1 and kinds(st, "iw.recruit") == []


def test_icon_forge_defensive_builds_a_forge():
    st = bot_turn(["forge"], crystals={IC: 5}, locations={"cobaltis": {"ironclad": 1, "site": "foundation"}})
    assert st.site[st.loc("cobaltis")] == FORGE and st.crystals[IC] == 0


def test_icon_forge_aggressive_spends_recruits_and_attacks():
    st = bot_turn(["forge"], crystals={IC: 1}, locations={"f2": {"woodwalkers": 1, "totems": ["full"]},
                                                          "auria": {"ironclad": 2}, "ferrum": {"ironclad": 3}})
    assert st.crystals[IC] == 0 and kinds(st, "iw.attack")[-1]["to"] == "f2"


def test_icon_golem_nearest_a_totem():
    st = bot_turn(["golem"], locations={"f2": {"woodwalkers": 1, "totems": ["full"]}, "lithimar": {"ironclad": 5},
                                        "argentimar": {"ironclad": 1}})
    assert at(st, "argentimar") == {"ww": 0, "icw": 0, "golems": 1}


def test_icon_golem_largest_warband_without_totems():
    st = bot_turn(["golem"], locations={"lithimar": {"ironclad": 5}, "argentimar": {"ironclad": 1}})
    assert at(st, "lithimar")["golems"] == 1


def test_icon_battle_alert_chases_and_attacks():
    st = bot_turn(["battle"], side="alert", locations={"f1": {"woodwalkers": 1}, "auria": {"ironclad": 2}})
    assert kinds(st, "iw.attack")[-1]["to"] == "f1"


def test_icon_battle_exhausted_draws_discards_and_plays_again_on_alert():
    st = bot_turn(["battle"], side="exhausted", crystals={IC: 0}, run=False)
    top = st.deck[IC][-1]
    st.decision  # noqa: B018
    assert "IC04" in st.discard[IC]
    assert kinds(st, "iw.ironbot.battle_again") == [{"card": "IC04"}]
    spent = [e["card"] for e in kinds(st, "iw.ironbot.spend")]
    assert spent == ["IC04", top] and st.slots[IC] == [[top]]


def test_empty_hand_draws_and_ends_the_turn():
    st = bot_turn(None, hand=[], slots={IC: [IC_BASE]}, crystals={IC: 0})
    assert kinds(st, "iw.ironbot.empty_hand") and len(st.hand[IC]) == 1 and st.slots[IC][-1] == ["pass"]
    assert who(st) == (WW, "iw.turn")


# -- combat against the Ironbot -------------------------------------------------------------------------------
def test_battle_person_attacks_bot_reveals_top_card_with_stance_bonus():
    cards = {"WW10": card([{"do": "attack"}]), "IC05": icard(["card"], damage=1, dominance=1)}
    st = pos(cards, options=SOLO, phase="actions", round=2, hands={WW: [*WW_BASE, "WW10"], IC: ["IC05", *IC_BASE]},
             locations={"f1": {"woodwalkers": 3}, "auria": {"ironclad": 2}}, content=None)
    st.apply("play WW10")
    st.apply("attack f1->auria")
    assert who(st) == (WW, "iw.battle.place")
    st.apply("commit none")
    reveal = kinds(st, "iw.reveal")[-1]
    assert reveal["defender_card"] == "IC05"
    # Expansive: +1 damage; IC05 deals 1: 2 damage to the attacker
    assert kinds(st, "iw.damage")[-1] == {"attacker": WW, "to_defender": 0, "to_attacker": 2}


def test_battle_bot_wins_and_drives_the_warband_away():
    st = bot_turn(["hit"], cards={"IC01P": icard(["forge", "warband_red"], damage=3, dominance=3)},
                  hand=["IC04", "IC01P", "IC02P", "IC03P"],
                  locations={"f2": {"woodwalkers": 1}, "f9": {"woodwalkers": 2}, "f1": {"woodwalkers": 1},
                             "f3": {"woodwalkers": 3}, "auria": {"ironclad": 3}})
    assert who(st) == (WW, "iw.battle.place")
    st.apply("commit none")
    # f2 (1) is the smallest warband in focus; it is wiped out (3 damage) so nothing retreats
    assert at(st, "f2")["ww"] == 0


def test_battle_retreat_away_from_the_mountain_to_the_smaller_forest():
    cards = {"IC01P": icard(["forge", "warband_red"], damage=0, dominance=5)}
    st = bot_turn(["hit"], cards=cards, hand=["IC04", "IC01P", "IC02P", "IC03P"],
                  locations={"f1": {"woodwalkers": 2}, "f3": {"woodwalkers": 3}, "f2": {"woodwalkers": 3},
                             "f8": {"woodwalkers": 4}, "zincur": {"ironclad": 3}})
    assert kinds(st, "iw.attack")[-1]["to"] == "f1"
    st.apply("commit none")
    ret = kinds(st, "iw.retreat")[-1]
    # Expansive: +1 damage kills one; away from Zincur: f2 or f3 (f7, f8 border Zincur), 3 each: the die decides
    assert ret["frm"] == "f1" and ret["to"] in ("f2", "f3") and ret["warriors"] == 1
    assert kinds(st, "iw.magic_die")[-1]["loc"] == ret["to"]


def test_battle_empty_ferrum_gets_a_free_warrior():
    cards = {"WW10": card([{"do": "attack"}]), "WW01P": card(damage=3), "IC05": icard(["card"])}
    st = pos(cards, options=SOLO, phase="actions", round=2, hands={WW: [*WW_BASE, "WW10"], IC: ["IC05", *IC_BASE]},
             locations={"f1": {"woodwalkers": 3}, "ferrum": {"ironclad": 1}, "auria": {"ironclad": 3}})
    st.apply("play WW10")
    st.apply("attack f1->ferrum")
    st.apply("commit WW01P")
    assert kinds(st, "iw.losses")[-1] == {"seat": IC, "loc": "ferrum", "warriors": 1, "golems": 0}
    assert at(st, "ferrum")["icw"] == 1
    assert kinds(st, "iw.recruit")[-1]["loc"] == "ferrum"


def test_battle_no_card_skips_the_attack_and_draws():
    st = bot_turn(["hit"], hand=["IC04"], slots={IC: [IC_BASE]},
                  locations={"f1": {"woodwalkers": 1}, "auria": {"ironclad": 2}})
    assert kinds(st, "iw.ironbot.no_card") and kinds(st, "iw.attack") == [] and len(st.hand[IC]) == 1


# -- recruiting and ties ------------------------------------------------------------------------------------------
def test_end_recruit_until_fewer_than_five_crystals():
    st = pos({}, options=SOLO, phase="actions", round=2, actions_taken={WW: 3, IC: 2},
             slots={WW: [["pass"], ["pass"], ["pass"]], IC: [["IC01P"], ["IC02P"]]}, hands={IC: ["IC03P"]},
             crystals={IC: 9}, locations={"ferrum": {"ironclad": 1}})
    st.ib_side = "exhausted"
    st.decision  # noqa: B018
    rec = [e for e in kinds(st, "iw.recruit") if e["seat"] == IC]
    assert st.round_no == 3
    # the end of round 2: 9 -> 7 -> 5 -> 3 crystals, three warriors (Ferrum below 3 first)
    assert len([e for e in rec if e["loc"] == "ferrum"]) >= 2


def test_recruit_priority_ferrum_then_smallest_forge_with_the_die():
    st = bot_turn(["card"], run=False, locations={"ferrum": {"ironclad": 3},
                                                  "cobaltis": {"ironclad": 1, "site": "forge"},
                                                  "chromia": {"ironclad": 1, "site": "forge"}})
    n_before = len(kinds(st, "iw.magic_die"))
    m = ironbot.recruit_place(st)
    die = kinds(st, "iw.magic_die")[n_before:]
    assert st.lid(m) in ("cobaltis", "chromia") and len(die) == 1 and die[0]["loc"] == st.lid(m)
    # the face decides: Cobaltis is mountain 6 (even), Chromia 8 (even): highest even -> Chromia, lowest -> Cobaltis
    face = die[0]["face"]
    assert st.lid(m) == ("chromia" if face in ("highest_even", "highest_odd") else "cobaltis")
    st.icw[st.loc("ferrum")] = 2
    assert ironbot.recruit_place(st) == st.board.ferrum


def test_ties_each_roll_the_magic_die_from_the_state_rng():
    a = bot_turn(["compass"], run=False, seed=5, locations={"auria": {"ironclad": 4}})
    b = bot_turn(["compass"], run=False, seed=5, locations={"auria": {"ironclad": 4}})
    a.decision  # noqa: B018
    b.decision  # noqa: B018
    assert kinds(a, "iw.magic_die") == kinds(b, "iw.magic_die") and kinds(a, "iw.magic_die")
    assert [i for i in a.board.mountains() if a.icw[i]] == [i for i in b.board.mountains() if b.icw[i]]


# -- marking mountains -------------------------------------------------------------------------------------------
def test_mark_on_discover_and_burn():
    cards = {"WW10": card([{"do": "discover"}]), "WW11": card([{"do": "burn", "n": 1, "cards": "vision"}])}
    st = pos(cards, options=SOLO, phase="actions", round=2, hands={WW: [*WW_BASE, "WW10", "WW11"]},
             visions=["auria", "cobaltis"], locations={"f2": {"woodwalkers": 1}})
    st.apply("play WW10")
    st.apply("discover auria from f2")
    assert st.ib_marked == [st.loc("auria")]
    assert kinds(st, "iw.ironbot.mark") == [{"mountain": "auria"}]


# -- determinism, copies, saves and a soak ------------------------------------------------------------------------
def test_copy_and_json_round_trip_keep_the_bot_fields():
    st = GAME.new(seed=11, options={**SOLO, "difficulty": 9})
    r = random.Random(11)
    for _ in range(40):
        if st.decision is None:
            break
        st.apply(r.choice(st.decision.options).id)
    c = st.copy()
    d = GAME.from_json(GAME.to_json(st))
    for x in (c, d):
        assert (x.ib_stance, x.ib_side, x.ib_marked, x.hand[IC]) == (st.ib_stance, st.ib_side, st.ib_marked,
                                                                      st.hand[IC])
        assert x.legal_ids() == st.legal_ids()


def _components_ok(st: IronwoodState) -> None:
    for what in ("ww", "icw", "golem", "forge", "totem", "crystal"):
        assert st.supply(what) >= 0, what
    for arr in (st.ww, st.icw, st.golems):
        assert min(arr) >= 0
    assert min(st.crystals.values()) >= 0


@pytest.mark.parametrize("difficulty", [0, 4, 8, 12, 15])
def test_soak_random_person_against_the_ironbot(difficulty):
    ended = 0
    for seed in range(12):
        st = GAME.new(seed=seed, options={**SOLO, "difficulty": difficulty})
        r = random.Random(seed * 31 + difficulty)
        steps = 0
        while st.decision is not None and st.round_no <= 40:
            assert st.decision.player == WW
            st.apply(r.choice(st.decision.options).id)
            steps += 1
            assert steps < 5000
            if steps % 50 == 0:
                _components_ok(st)
        _components_ok(st)
        ended += st.result is not None
    assert ended >= 1


def test_no_peeking_at_the_order_of_the_bot_s_face_down_hand():
    st = new(21, first_draw="two")
    other = st.copy()
    other.hand[IC] = list(reversed(other.hand[IC]))  # the same cards, another order: the person sees no difference
    assert st.view(WW) == other.view(WW)
    a = GAME.determinize(st, WW, 7)
    b = GAME.determinize(other, WW, 7)
    assert a.hand[IC] == b.hand[IC] and a.deck[IC] == b.deck[IC]


# -- more: each stance-independent icon in each stance, the hand limit, retreats, marks, the drill track --------
STANCE_BOARD = {  # a board that puts the bot in each stance (checked at the start of its turn)
    "aggressive": ({"f2": {"woodwalkers": 1, "totems": ["full"]}, "auria": {"ironclad": 1}}, {IC: 0}),
    "defensive": ({"cobaltis": {"ironclad": 1, "site": "foundation"}}, {IC: 5}),
    "expansive": ({}, {IC: 0}),
}


@pytest.mark.parametrize("stance", list(STANCE_BOARD))
@pytest.mark.parametrize("icon", ["crystals", "drill", "card", "warband", "golem"])
def test_icons_alike_in_every_stance(stance, icon):
    locs, crystals = STANCE_BOARD[stance]
    locs = {**locs, "lithimar": {"ironclad": 2}, "ferrum": {"ironclad": 4}}
    st = bot_turn([icon], crystals=dict(crystals), locations=locs, run=False)
    top = st.deck[IC][-1]
    before = st.crystals[IC]
    st.decision  # noqa: B018
    assert st.ib_stance == stance and icons_resolved(st) == [icon] and compensations(st) == 0
    if icon == "crystals":
        assert st.crystals[IC] == before + 1 and st.drill != st.board.ferrum
    elif icon == "drill":
        assert st.drill != st.board.ferrum and kinds(st, "iw.drill_moved")
    elif icon == "card":
        assert st.hand[IC][0] == top and st.crystals[IC] == before + 1
    elif icon == "warband":  # Ferrum has fewer than 5 units: recruit, on the forge with the smallest warband
        assert kinds(st, "iw.recruit")[-1] == {"seat": IC, "loc": "ferrum", "unit": "warrior"}
        assert at(st, "ferrum")["icw"] == 5
    else:
        assert sum(st.golems) == 1


def test_hand_limit_the_bot_discards_random_special_cards_down_to_eight():
    hand = [*IC_BASE, "IC04", "IC05", "IC06", "IC07", "IC08", "IC09", "IC10"]
    st = pos({}, options=SOLO, phase="actions", round=2, actions_taken={WW: 3, IC: 3},
             slots={WW: [["pass"], ["pass"], ["pass"]], IC: [["pass"], ["pass"], ["pass"]]}, hands={IC: hand})
    st.decision  # noqa: B018
    assert len(kinds(st, "iw.discard")) == 2 and all(e["seat"] == IC for e in kinds(st, "iw.discard"))
    assert sorted(c for c in IC_BASE) == sorted(c for c in st.hand[IC] if c.endswith("P"))


def test_retreat_never_into_a_forest_with_a_totem():
    cards = {"IC01P": icard(["forge", "warband_red"], damage=0, dominance=5)}
    st = bot_turn(["hit"], cards=cards, hand=["IC04", "IC01P", "IC02P", "IC03P"],
                  locations={"f1": {"woodwalkers": 2}, "f2": {"woodwalkers": 3},
                             "f3": {"woodwalkers": 5, "totems": ["full"]}, "f8": {"woodwalkers": 4},
                             "zincur": {"ironclad": 3}})
    st.apply("commit none")
    assert kinds(st, "iw.retreat")[-1]["to"] == "f2"  # f3 has a totem, f7/f8 border Zincur


def test_mark_when_the_person_burns_a_vision_card():
    cards = {"WW11": card([{"do": "burn", "n": 1, "cards": "vision"}])}
    st = pos(cards, options=SOLO, phase="actions", round=2, hands={WW: [*WW_BASE, "WW11"]}, visions=["chromia"])
    st.apply("play WW11")
    st.apply("burn vision:chromia")
    assert st.ib_marked == [st.loc("chromia")]


def test_drill_track_third_step_draws_to_the_bottom_of_the_bot_hand():
    st = bot_turn(["drill"], drill={"at": "auria", "step": 2, "cargo": 0}, run=False,
                  locations={"cobaltis": {"ironclad": 2}, "ferrum": {"ironclad": 3}})
    top = st.deck[IC][-1]
    st.decision  # noqa: B018
    assert st.drill == st.loc("cobaltis") and st.drill_step == 3 and st.hand[IC][-1] == top


def test_no_handicap_for_the_bot_seat():
    with pytest.raises(UnsupportedSetup):
        GAME.new(seed=1, options={**SOLO, "handicap": {IC: 2}})
    assert new(1, handicap={WW: 2}).decision.kind == "iw.handicap"


def test_every_ironbot_event_and_prompt_is_in_both_catalogs():
    import re
    from pathlib import Path

    from planszowki import i18n

    src = Path(ironbot.__file__).with_name("ironbot.py").read_text("utf-8")  # the source, also beside a compiled module
    events = set(re.findall(r'emit\("(iw\.ironbot\.[a-z_]+)"', src))
    assert {"iw.ironbot.stance", "iw.ironbot.compensation", "iw.ironbot.no_attack"} <= events
    for lang in ("en", "pl"):
        table = i18n.catalog(lang)["ironwood"]
        assert events <= set(table["event"]), (lang, events - set(table["event"]))
        assert "iw.ironbot.burn" in table["decision"]
        for kind, terms in (("stance", ironbot.STANCES), ("turn_side", ("alert", "exhausted")),
                            ("ib_variant", tuple(ironbot.VARIANTS))):
            assert set(terms) <= set(table["terms"][kind])


def test_focus_ignores_outer_forests_sheltered_and_unbordered_warbands():
    st = bot_turn(["hit"], run=False, marks=[["f1", "shelter", WW, "WW30"]],
                  locations={"f1": {"woodwalkers": 1}, "f9": {"woodwalkers": 1}, "f6": {"woodwalkers": 1},
                             "f3": {"woodwalkers": 2}, "auria": {"ironclad": 3}, "cobaltis": {"ironclad": 2}})
    assert ironbot.focus(st) == st.loc("f3")  # f1 sheltered, f9 outer, f6 borders no Ironclad warband


def test_focus_prefers_a_fading_totem_except_on_the_last_turn():
    locs = {"f1": {"woodwalkers": 2, "totems": ["full"]}, "f3": {"woodwalkers": 2, "totems": ["fading"]},
            "ferrum": {"ironclad": 3}}
    st = bot_turn(["hit"], run=False, locations=locs)
    assert ironbot.focus(st) == st.loc("f3")
    next(fr for fr in st.stack if fr["k"] == "iw.round")["t"] = 6  # as in the bot's third turn: the round's last
    assert ironbot.last_turn(st) and ironbot.focus(st) == st.loc("f1")


@pytest.mark.parametrize(("stance", "to_defender", "to_attacker", "dominance"), [
    ("expansive", 2, 1, [2, 1]), ("defensive", 1, 0, [3, 2]), ("aggressive", 2, 0, [3, 2])])
def test_battle_stance_bonus_damage_defense_dominance(stance, to_defender, to_attacker, dominance):
    cards = {"WW10": card([{"do": "attack"}]), "WW01P": card(damage=2), "IC05": icard(["card"])}
    st = pos(cards, options=SOLO, phase="actions", round=2, hands={WW: [*WW_BASE, "WW10"], IC: ["IC05", *IC_BASE]},
             locations={"f1": {"woodwalkers": 3}, "auria": {"ironclad": 3}, "ferrum": {"ironclad": 1}})
    st.ib_stance = stance  # the stance set at the bot's last turn
    st.apply("play WW10")
    st.apply("attack f1->auria")
    st.apply("commit WW01P")
    assert kinds(st, "iw.damage")[-1] == {"attacker": WW, "to_defender": to_defender, "to_attacker": to_attacker}
    # dominance: units left (+1 for the Aggressive stance); a tie goes to the attacker
    assert kinds(st, "iw.outcome")[-1]["dominance"] == dominance


def test_expand_third_choice_an_inner_mountain_by_the_largest_woodwalker_warband():
    outer = {m: {"ironclad": 1} for m in ("cobaltis", "argentimar", "chromia", "cuprumis", "gallimor", "plumbarum")}
    st = bot_turn(["compass"], locations={**outer, "auria": {"ironclad": 1}, "ferrum": {"ironclad": 5},
                                          "f4": {"woodwalkers": 3}, "f6": {"woodwalkers": 1}})
    assert at(st, "lithimar")["icw"] == 2 and at(st, "ferrum")["icw"] == 3


def test_protect_an_unmarked_inner_mountain_under_threat():
    st = bot_turn(["compass"], crystals={IC: 5},
                  locations={"chromia": {"ironclad": 1, "site": "foundation"}, "ferrum": {"ironclad": 5},
                             "f8": {"woodwalkers": 2}})
    assert st.ib_stance == "defensive"
    assert at(st, "zincur")["icw"] == 2 and at(st, "ferrum")["icw"] == 3


def test_chase_does_not_move_when_already_outnumbering_the_focus():
    st = bot_turn(["battle"], side="alert", locations={"f1": {"woodwalkers": 1}, "auria": {"ironclad": 2},
                                                       "ferrum": {"ironclad": 5}})
    assert kinds(st, "iw.move_warband") == []
    assert kinds(st, "iw.attack")[-1] == {"seat": IC, "frm": "ferrum", "to": "f1", "card": "IC04"}
