"""The rulebook's worked examples ("Przykład: ...", great_wall_wielki_mur_instrukcja.txt) as scenario tests, each named
after the section it illustrates and built with a position and the cards it needs inline.

Every example of the rulebook and where it is tested (line numbers of the OCR text):

* 181 "Przygotowanie gry" 5 and 617 "Wiosna" 2 — the Invasion indicator sends the card to the left section, to its
  first free space: ``test_setup_5_and_spring_2_example_...`` (here);
* 290 "Przygotowanie gry" 19 — Tea values 65, 40, 62 stack the Tea markers: ``test_setup_19_example_...`` (here);
* 408 "Kolejność Herbaty" — blue acts first, then red, then yellow: ``test_tea_order_example_...`` (here);
* 430/437 "Twój Generał" — Liang Hongyu, 2 Honor per Supporting Advisor for each killed soldier: 4 with two:
  ``test_general_ability_grows_with_supporting_advisors`` (test_gw_horde.py);
* 601 "Wiosna" 2 — the number above the Time token: 3 Horde cards: ``test_spring_2_example_...`` (here);
* 802/810 "Szturm" — a Defense of 14 against an Offensive Power of 15: ``test_winter_assault_example_...`` (here);
* 859 "Zabijanie Żołnierzy" — Lethality 2, each player kills 2 soldiers: ``test_killing_soldiers_example_...``
  (here);
* 939 "Zbierz Surowce" — an overseer on the level-2 space gives 2 more Gold: ``test_production_collect_example_...``
  (here);
* 953/968 "Ulepsz Nadzorcę" — 2 Chi in the Lumber Mill for a level-1 overseer; yellow pays 3 Chi for level 2:
  ``test_production_upgrade_overseer_example_...`` (here);
* 998/1006 "Poziom Nadzorcy", "Jak działają Nadzorcy" — a level-2 overseer gives 2 Gold in Summer:
  ``test_summer_income_shame_discard_and_reclaim`` (test_gw_year.py) and ``test_overseer_level_example_...`` (here);
* 1047 "Koszary" — an archer costs 2 Chi and 1 Wood: ``test_barracks_recruit_cost_example_...`` (here);
* 1196 "Obóz Budowniczych" — Wall levels are built in order: empty, 1, 2, 3: ``test_builders_camp_wall_example_...``
  (here);
* 1243 "Centrum Logistyczne" — an archer from a firing spot to a free firing spot or a rest zone, from a rest zone
  only to a rest zone: ``test_loc_logistics_moves_soldiers_between_sections_archers_from_rest_only_to_rest``
  (test_gw_locations.py);
* 1260 "Cesarska Ambasada" — the third Advisor costs 3 Gold:
  ``test_loc_embassy_advisor_costs_gold_equal_to_the_advisors_you_will_have`` (test_gw_locations.py);
* 1283 "Herbaciarnia" — red moves above yellow, then blue above yellow:
  ``test_loc_tea_house_moves_each_clan_up_one_place_in_tea_order`` (test_gw_locations.py);
* 1645 solo "Karty Rozkazów Qin Jiushao" — his "Ekonomia" lets your "Despotyzm" move 2 more clerks:
  ``test_solo_commands_your_card_gains_from_the_bonus_of_qins_card`` (test_gw_solo.py);
* 1699 solo "Przenoszenie Urzędników Qin Jiushao" — a location whose spaces are all taken: his clerk goes to the
  next one on his track: ``test_solo_clerks_example_...`` (here);
* 1713 solo "Aktywacja Lokacji" — 2 clerks and a level-2 overseer: 4 Honor:
  ``test_solo_activation_production_honor_is_his_clerks_times_his_overseer_level`` (test_gw_solo.py);
* 1798 solo "Karta Rozkazu Zdrada" — Qin plays "Rozkaz Ataku": your Betrayal copies the clans' "Rozkaz Ataku":
  ``test_solo_betrayal_example_...`` (here);
* 1872 co-op "Dekrety Cesarza" — a Sacrifice is made only in the fulfilment step, never earlier in the Year:
  ``test_modes_coop_decrees_example_...`` (here).
"""

from __future__ import annotations

from gw_helpers import GAME, P3, horde_card, ids, play, pos

from planszowki import bots
from planszowki.games.great_wall.content import demo_doc

TRACK = [["red", "despotism"], ["blue", "mobilization"], None]  # blue's turn stops the flow after red's


def activation(**doc):
    return pos(phase="activation", active="red", track=TRACK, **doc)


def board(**changes) -> dict:
    """The demonstration board with the printed values an example depends on."""
    b = demo_doc()["board"]
    b.update(changes)
    return b


# -- setup ---------------------------------------------------------------------------------------------------------
def test_setup_5_and_spring_2_example_the_invasion_indicator_sends_the_card_to_the_left_sections_first_free_space():
    # "ten wskaźnik Inwazji każe umieścić kartę Hordy w lewej Sekcji Muru [...] Nową kartę Hordy zawsze umieszcza się
    # na pierwszym wolnym polu danej Sekcji Muru (pustym polu najbliżej Muru)": every section holds a card, so the
    # indicator on the back of the deck's top card (H11: the left section) decides, not the card placed (H12: right)
    cards = {"H11": horde_card({0: {}}, invasion=0), "H12": horde_card({0: {}}, invasion=2)}
    b = board(time_track={**demo_doc()["board"]["time_track"], "spring_hordes": {"3": [1] * 5, "4": [1] * 5}})
    st = pos(phase="spring", year=2, time=0, horde_deck=["H11", "H12"], content={"board": b, "horde": cards},
             horde=[[{"id": "H01"}], [{"id": "H02"}, {"id": "H03"}], [{"id": "H04"}]])
    assert [c["id"] for c in st.horde[0]] == ["H01", "H12"]  # behind H01, the space nearest the Wall left free
    assert [len(s) for s in st.horde] == [2, 2, 1] and st.horde_deck == ["H11"]


def test_setup_19_example_tea_markers_stack_by_the_generals_tea_values_highest_on_top():
    # "przyjmując, że gracze Niebieski, Czerwony i Żółty mają Generałów o takich wartościach Herbaty": 65, 40, 62
    seed, tea = 3, {"blue": 65, "red": 40, "yellow": 62}
    dealt = GAME.new(seed=seed, players=P3).draft
    doc = demo_doc()
    for seat, value in tea.items():  # the Generals dealt to each clan carry that clan's Tea value
        for g in dealt[seat]["generals"]:
            doc["generals"][g]["tea"] = value
    st = GAME.new(seed=seed, players=P3, options={"content": doc})
    assert {s: st.draft[s]["generals"] for s in P3} == {s: dealt[s]["generals"] for s in P3}
    while st.decision.kind == "gw.draft":
        play(st, ids(st)[0])
    assert st.tea == ["blue", "yellow", "red"]


def test_tea_order_example_blue_acts_first_then_red_then_yellow():
    # "gracz Niebieski pierwszy wykonuje akcje, następnie gracz Czerwony i na końcu Żółty": the three clans' clerks in
    # the Barracks recruit in Tea order
    st = activation(clerks={"barracks": ["red", "blue", "yellow"]}, tea=["blue", "red", "yellow"],
                    resources={s: {"chi": 2, "wood": 1} for s in P3}, horde=[[], [], []])
    order = []
    while st.decision.kind == "gw.barracks":
        if "recruit archer" in ids(st):
            order.append(st.decision.player)
            play(st, "recruit archer")
        else:
            play(st, "rest S0")  # the recruit goes to a rest zone
    assert order == ["blue", "red", "yellow"] and st.rest[0] == {s: [0, 1, 0] for s in ("blue", "red", "yellow")}


# -- spring --------------------------------------------------------------------------------------------------------
def test_spring_2_example_three_horde_cards_as_printed_above_the_time_token():
    # "w tej sytuacji umieszczasz 3 karty Hordy": the number printed above the slot the Time token moves to
    b = board(time_track={**demo_doc()["board"]["time_track"], "spring_hordes": {"3": [1, 1, 3, 1, 1], "4": [1] * 5}})
    st = pos(phase="spring", year=2, time=1, content={"board": b}, horde=[[{"id": "H01"}], [{"id": "H02"}], []],
             horde_deck=["H10", "H11", "H12", "H13", "H14"])
    assert st.time == 2 and sum(len(s) for s in st.horde) == 2 + 3 and len(st.horde_deck) == 2


# -- winter: the assault and killing soldiers ----------------------------------------------------------------------
def test_winter_assault_example_defense_14_against_offensive_power_15_breaks_through():
    # "tutaj całkowita wartość Obrony wynosi 14" (the section's base Defense plus 2 per Barricade) and "całkowita Siła
    # Natarcia wynosi 15" (the sum of the section's Horde cards): 15 > 14, every card there breaks through
    b = board(wall_defense=[6, 10, 14, 18])
    cards = {"H01": horde_card({0: {}}, power=6), "H02": horde_card({0: {}}, power=5),
             "H03": horde_card({0: {}}, power=4)}
    st = pos(phase="winter", time=0, wall=[1, 0, 0], barricades=[2, 0, 0], content={"board": b, "horde": cards},
             horde=[[{"id": "H01"}, {"id": "H02"}, {"id": "H03"}], [], []])
    assert any(e.kind == "gw.breach" for e in st.log)  # 10 + 2 x 2 = 14 < 6 + 5 + 4 = 15
    cards["H03"] = horde_card({0: {}}, power=3)  # 14 against 14: the Wall holds
    st = pos(phase="winter", time=0, wall=[1, 0, 0], barricades=[2, 0, 0], content={"board": b, "horde": cards},
             horde=[[{"id": "H01"}, {"id": "H02"}, {"id": "H03"}], [], []])
    assert not any(e.kind == "gw.breach" for e in st.log) and st.barricades == [0, 0, 0]


def test_killing_soldiers_example_lethality_2_each_player_kills_2_soldiers():
    # "Zabójczość wynosi 2, a więc każdy z graczy musi Zabić 2 swoich Żołnierzy": a defeated card with two soldiers
    # of red and two of blue; Lethality 2 under the Time token
    b = board(time_track={**demo_doc()["board"]["time_track"], "lethality": [1, 1, 2, 2, 3]})
    card = horde_card({0: {}, 1: {}, 2: {}, 3: {}}, reward=4)
    st = activation(content={"board": b, "horde": {"H01": card}}, time=2,
                    horde=[[{"id": "H01", "occ": {"0": ["red", "spearman"], "1": ["red", "spearman"],
                                                  "2": ["blue", "spearman"], "3": ["blue", "spearman"]}}], [], []])
    asked = []
    while st.decision is not None and st.decision.kind == "gw.kill":
        asked.append(st.decision.player)
        play(st, "let die" if "let die" in ids(st) else ids(st)[0])
    assert st.pool["red"][0] == 10 and st.pool["blue"][0] == 10  # two of each killed: back in their pools
    assert sorted(set(asked)) == ["blue", "red"]
    assert all(c["id"] != "H01" for sec in st.horde for c in sec)


# -- production locations and overseers ------------------------------------------------------------------------------
def test_production_collect_example_an_overseer_on_the_level_2_space_gives_2_more_gold():
    # "jeśli masz Nadzorcę na tym polu, otrzymasz dodatkowo 2 Złota": 1 Gold for the clerk, 2 for the overseer
    st = activation(clerks={"gold_mine": ["red", "blue"]}, overseers={"red": {"gold_mine": [2, "archer"]}})
    play(st, "take", "take")
    assert st.content.loc["gold_mine"]["overseer"]["income"][1] == 2
    assert st.res["red"]["gold"] == 1 + 2 and st.res["blue"]["gold"] == 1


def test_production_upgrade_overseer_example_lumber_mill_2_chi_for_level_1_and_yellow_3_chi_for_level_2():
    # "w Tartaku musisz zapłacić 2 Chi, aby umieścić Nadzorcę 1 poziomu" and "gracz Żółty musi zapłacić 3 Chi, aby
    # ulepszyć tego Nadzorcę i umieścić go na polu poziomu 2" (the demonstration board prints the example's costs)
    assert demo_doc()["board"]["locations"][0]["overseer"]["costs"][:2] == [["chi", 2], ["chi", 3]]
    st = activation(clerks={"lumber_mill": ["red", "yellow"]}, tea=["red", "yellow", "blue"],
                    resources={"red": {"chi": 2}, "yellow": {"chi": 3}}, overseers={"yellow": {"lumber_mill": [1,
                                                                                                           "spearman"]}})
    play(st, "take", "take")
    assert st.decision.player == "red"
    play(st, "overseer spearman")  # level 0 -> 1: 2 Chi and a soldier from the pool on the first space
    assert st.overseer["red"]["lumber_mill"] == [1, 0] and st.res["red"]["chi"] == 0 and st.pool["red"][0] == 9
    assert st.decision.player == "yellow" and ids(st) == ["upgrade", "skip"]
    play(st, "upgrade")
    assert st.overseer["yellow"]["lumber_mill"] == [2, 0] and st.res["yellow"]["chi"] == 0


def test_overseer_level_example_an_overseer_on_the_level_2_space_brings_2_gold_in_summer():
    # "Nadzorca na tym polu ma 2 poziom" and "za Nadzorcę z przykładu powyżej otrzymasz 2 Złota" (Summer income)
    st = pos(phase="summer", year=2, overseers={"blue": {"gold_mine": [2, "spearman"]}}, track=[None, None, None])
    assert st.overseer["blue"]["gold_mine"][0] == 2 and st.res["blue"]["gold"] == 2


# -- the Barracks and the Builders' Camp ---------------------------------------------------------------------------
def test_barracks_recruit_cost_example_an_archer_costs_2_chi_and_1_wood():
    # "1 Łucznik kosztuje 2 Chi i 1 Drewno"
    st = activation(clerks={"barracks": ["red"]}, resources={"red": {"chi": 3, "wood": 2, "stone": 1, "gold": 2}},
                    horde=[[], [], []])
    assert ids(st) == ["recruit archer", "done"]  # no spearman (2 Stone) nor horseman (3 Gold) affordable
    play(st, "recruit archer")
    assert st.res["red"] == {"wood": 1, "stone": 1, "gold": 2, "chi": 1} and st.pool["red"][1] == 3


def test_builders_camp_wall_example_levels_in_order_empty_1_2_3():
    # "kolejność wybudowania kondygnacji Muru: puste pole, Mur poziomu 1, Mur poziomu 2, Mur poziomu 3 (najwyższego)";
    # Honor equal to the cost (5, 10, 15)
    for level, cost in ((0, 5), (1, 10), (2, 15)):
        st = activation(clerks={"builders_camp": ["red"]}, resources={"red": {"stone": 15}}, wall=[level, 0, 0])
        play(st, "wall S0")
        while st.decision is not None and st.decision.kind != "gw.builders" and st.decision.player == "red" \
                and st.wall[0] == level:
            play(st, ids(st)[-1])
        assert st.wall[0] == level + 1 and st.res["red"]["stone"] == 15 - cost and st.honor["red"] == cost
    st = activation(clerks={"builders_camp": ["red"]}, resources={"red": {"stone": 15}}, wall=[3, 0, 0])
    assert "wall S0" not in ids(st) and "wall S1" in ids(st)  # level 3 is the highest


# -- solo ----------------------------------------------------------------------------------------------------------
ME, QIN, REED = "red", "yellow", "blue"
TRACK_Q = ["barracks", "temple", "gold_mine", "quarry", "lumber_mill"]  # his Location track, highest first


def solo(**doc):
    doc.setdefault("players", [ME])
    doc.setdefault("barricades", [0, 3, 3])
    doc["qin"] = {"track": list(TRACK_Q), **doc.pop("qin", {})}
    return pos(**doc)


def test_solo_clerks_example_a_location_whose_spaces_are_all_taken_sends_his_clerk_to_the_next_on_his_track():
    # "Jeśli umieszczenie Urzędnika w Lokacji nie jest możliwe (bo na przykład wszystkie jej pola są już zajęte),
    # Urzędnik ten jest umieszczany w następnej w kolejności Lokacji": the Lumber Mill (his lowest) is full
    st = solo(phase="command", active=ME, track=[[ME, "mobilization"], [QIN, "qin_tribute"], [REED, "reed_order"]],
              clerks={"lumber_mill": [ME, REED]})
    play(st, "done")  # your Mobilization: no clerk moved; its "others" box: Qin always 2 to 2 different locations
    moved = [(e.args["src"], e.args["dst"]) for e in st.log if e.kind == "gw.clerk" and e.args["seat"] == QIN]
    assert moved == [("pool", "quarry"), ("pool", "gold_mine")]


def test_solo_betrayal_example_qins_attack_order_is_copied_with_the_clans_attack_order():
    # "Qin Jiushao zagrywa tej Jesieni kartę „Rozkaz Ataku”. Jeśli zagrasz kartę „Zdrada” [...] odszukaj w pudełku
    # kartę „Rozkaz Ataku” w kolorze jednego z nieużywanych Klanów i skopiuj wszystkie jej efekty."
    st = solo(phase="command", active=ME, track=[[ME, "betrayal"], [QIN, "qin_attack_order"], [REED, "reed_order"]])
    assert st.decision.kind == "gw.copy" and ids(st) == ["copy attack_order", "skip"]  # named as the clans' card
    play(st, "copy attack_order")
    clans = st.content.command("attack_order")
    assert list(clans["boxes"][0]["effects"]) == [{"move_clerks": 2}]  # the clans' card, not Qin's
    assert st.decision.kind == "gw.clerks" and st.decision.player == ME
    play(st, "clerk pool->tea_house", "clerk pool->academy")  # its first box: 2 clerks (Qin's own moves 1)
    assert st.at["tea_house"] == [ME] and st.at["academy"] == [ME]


# -- co-op ---------------------------------------------------------------------------------------------------------
def test_modes_coop_decrees_example_a_sacrifice_is_made_only_in_the_fulfilment_step():
    # "jeśli Dekret wymaga poświęcenia Żołnierzy albo odrzucenia Surowców, możesz tego dokonać jedynie w tym kroku (nie
    # wcześniej w ciągu Roku)": from Autumn on, no decision before Winter's fulfilment step offers the Sacrifice
    doc = demo_doc()
    doc["coop"]["requests"]["D05"] = {"name": {"en": "D05", "pl": "D05"}, "sacrifice": {"wood": 1}}
    st = pos(mode="coop", phase="autumn", content=doc, coop={"decrees": ["D05"]},
             resources={s: {"wood": 3, "stone": 3, "gold": 3, "chi": 3} for s in P3})
    players = {s: bots.make("random", 5) for s in P3}
    while st.decision.kind != "gw.decree":
        assert not any(o.action == "sacrifice" for o in st.decision.options), (st.season, st.decision.kind)
        st.apply(players[st.decision.player].choose(st, st.decision.player))
    assert st.season == "winter" and not any(e.kind == "gw.sacrifice" for e in st.log)
    assert "sacrifice D05" in ids(st)
