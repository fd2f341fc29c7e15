"""Appendix A, Advanced Setup (``options={"setup": "advanced"}``): its steps in the Law's order as the players'
own decisions, the options it refuses by rule, hidden hands (A.10), saves, and random playouts on every map."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import GAME, canonical, check_finished, check_redeal, event_args, events, random_playout
from test_invariants import MAX_VP, check_heavy

from planszowki.engine import UnsupportedSetup
from planszowki.games.root import advanced_setup
from planszowki.games.root.content import DECK_SIZE
from planszowki.games.root.invariants import check_decision

FOUR = ["marquise", "eyrie", "alliance", "vagabond"]


def advanced(seed: int = 1, players=None, **options):
    return GAME.new(seed=seed, players=list(players or FOUR), options={"setup": "advanced", **options})


def finish_setup(st, rnd: random.Random | None = None):
    """Take random choices until the first turn's Birdsong."""
    rnd = rnd or random.Random(0)
    while st.phase == "setup" and st.decision is not None:
        st.apply(rnd.choice(st.decision.options).id)
    return st


def test_a_1_suit_markers_cover_the_printed_suits_of_autumn():
    st = advanced(seed=3)
    assert event_args(st, "suits") == [{"suits": list(st.suits)}]
    assert Counter(st.suits) == {"fox": 4, "rabbit": 4, "mouse": 4}
    with pytest.raises(UnsupportedSetup, match="A.1"):
        advanced(suits="printed")


def test_a_1_ruins_and_item_supply_as_normal():
    st = advanced(seed=4)
    assert sorted(c + 1 for c in range(12) if "ruin" in st.buildings[c]) == [6, 10, 11, 12]
    assert sum(st.items.values()) == 12


def test_a_5_3_the_last_player_sets_up_a_dealt_landmark_then_the_second_to_last():
    st = advanced(seed=5, landmarks=["tower", "ferry"])
    assert event_args(st, "landmarks_dealt")[0]["landmarks"] in (["tower", "ferry"], ["ferry", "tower"])
    d = st.decision
    assert d.kind == "setup.landmark" and d.player == st.seats[-1] and d.rule == "root:A.5.3"
    assert {o.args["landmark"] for o in d.options} == {"tower", "ferry"}
    st.apply("landmark tower 6")
    assert st.tower == 5 and st.decision.player == st.seats[-2]
    assert {o.args["landmark"] for o in st.decision.options} == {"ferry"}
    st.apply(st.decision.options[0].id)
    assert st.landmarks == ("tower", "ferry") and st.decision.kind != "setup.landmark"


def test_a_5_1_one_landmark_of_two_kept_cards():
    st = advanced(seed=6, landmarks=["tower", "ferry"], landmark_count=1)
    dealt = event_args(st, "landmarks_dealt")[0]["landmarks"]
    assert len(dealt) == 1
    st.apply(st.decision.options[0].id)
    assert st.landmarks == tuple(dealt) and st.decision.kind != "setup.landmark"


def test_a_5_a_dealt_tower_overrides_the_pass_of_the_mountain_map():
    st = advanced(seed=7, map="mountain", landmarks=["tower"])
    assert st.tower == -1  # lifted from the Pass until the last player sets it up
    ruin = next(o for o in st.decision.options if o.args["clearing"] != 10)
    st.apply(ruin.id)
    assert st.tower == ruin.args["clearing"] - 1


def test_a_5_without_landmarks_the_variant_maps_keep_their_tower_and_ferry():
    assert advanced(seed=8, map="mountain").tower == 9
    assert advanced(seed=8, map="lake").ferry == 0


def test_a_5_landmarks_and_a_6_hirelings_only_in_the_advanced_setup():
    with pytest.raises(UnsupportedSetup, match="Advanced Setup"):
        GAME.new(seed=1, players=FOUR, options={"landmarks": ["tower"]})
    with pytest.raises(UnsupportedSetup, match="A.5.1"):
        advanced(landmarks=["tower"], landmark_count=2)
    with pytest.raises(UnsupportedSetup, match="setup must be"):
        GAME.new(seed=1, players=FOUR, options={"setup": "fancy"})


def test_a_6_hirelings_refused_naming_the_rule_while_not_implemented(monkeypatch):
    monkeypatch.setattr(advanced_setup, "hirelings_module", lambda: None)
    with pytest.raises(UnsupportedSetup, match=r"A\.6"):
        advanced(hirelings=True)


def test_a_6_hirelings_handed_to_the_hirelings_module_with_a_6_2_demotions(monkeypatch):
    calls = []

    class Fake:
        HIRELINGS = ("a", "b", "c", "d")

        @staticmethod
        def setup_hirelings(st, chosen, demoted=()):
            calls.append((list(chosen), list(demoted), len(st.seats)))

    monkeypatch.setattr(advanced_setup, "hirelings_module", lambda: Fake)
    advanced(seed=2, hirelings=True)
    advanced(seed=2, players=["marquise", "eyrie", "alliance"], hirelings=["d", "b", "a"])
    (four, dem4, n4), (three, dem3, n3) = calls
    assert n4 == 4 and len(four) == 3 and set(four) <= set(Fake.HIRELINGS) and len(dem4) == 2
    assert set(dem4) <= set(four)
    assert n3 == 3 and three == ["d", "b", "a"] and len(dem3) == 1 and set(dem3) <= set(three)


def test_a_7_each_player_draws_five_and_a_10_keeps_three():
    st = advanced(seed=9)
    assert all(len(st.hands[s]) == 5 for s in st.seats)
    finish_setup(st)
    assert all(len(st.hands[s]) == 3 for s in st.seats)
    assert st.total_cards() == DECK_SIZE
    assert [a["count"] for a in event_args(st, "cards_returned")] == [2, 2, 2, 2]
    assert events(st)[-1].kind != "deck_shuffled" and event_args(st, "deck_shuffled")


def test_a_7_two_players_play_without_the_dominance_cards():
    st = finish_setup(advanced(seed=10, players=["marquise", "eyrie"]))
    assert sorted(st.card(c).key for c in st.out) == ["bird:Dominance", "fox:Dominance", "mouse:Dominance",
                                                      "rabbit:Dominance"]


def test_a_8_factions_set_up_as_in_the_standard_setup_in_setup_order():
    st = advanced(seed=11)
    kinds = []
    rnd = random.Random(1)
    while st.phase == "setup":
        kinds.append(st.decision.kind)
        st.apply(rnd.choice(st.decision.options).id)
    firsts = [k.split(".")[0] for k in kinds if not k.startswith("setup.")]
    assert list(dict.fromkeys(firsts)) == ["marquise", "eyrie", "vagabond"]  # 5.1.7 (the Alliance's is automatic)
    assert kinds.index("marquise.setup.keep") < kinds.index("setup.keep_three")  # A.8 before A.10
    assert "keep" in [t for ts in st.tokens for t in ts]


def test_a_8_1_faction_draft_refused_until_implemented():
    with pytest.raises(UnsupportedSetup, match=r"A\.8\.1"):
        advanced(factions="draft")


def test_a_10_the_cards_put_back_are_hidden_from_the_other_seats():
    st = finish_setup(advanced(seed=12))
    seat = st.seats[0]
    private = [e for e in st.log if e.kind == "card_returned_private"]
    assert len(private) == 8 and all(e.seats == (e.args["faction"],) for e in private)
    other = st.seats[1]
    assert all(e["kind"] != "card_returned_private" or e["args"]["faction"] == other for e in st.view(other)["log"])
    for s in (seat, other, None):
        check_redeal(st, random.Random(3), s)


def test_a_10_keep_three_decision_offers_only_the_choosers_cards():
    st = advanced(seed=13)
    while st.decision.kind != "setup.keep_three":
        st.apply(st.decision.options[0].id)
    seat = st.decision.player
    assert {o.args["card"] for o in st.decision.options} == {st.card(c).key for c in st.hands[seat]}
    assert st.view(st.seats[1] if seat == st.seats[0] else st.seats[0])["decision"].get("options") is None


def test_advanced_setup_round_trips_mid_setup_and_continues_identically():
    st = advanced(seed=14, map="lake", landmarks=["tower", "ferry"])
    rnd = random.Random(5)
    for _ in range(6):
        check_heavy(st, rnd)
        st.apply(rnd.choice(st.decision.options).id)
    back = GAME.from_json(GAME.to_json(st))
    assert canonical(GAME.to_json(back)) == canonical(GAME.to_json(st))


@pytest.mark.parametrize("board", ["autumn", "winter", "lake", "mountain"])
def test_random_playouts_with_advanced_setup_and_landmarks_keep_the_invariants(board):
    lineups = (FOUR, ["marquise", "eyrie", "riverfolk"], ["duchy", "cult", "corvid", "vagabond", "vagabond2"],
               ["eyrie", "alliance"])
    for seed in range(3):
        rnd = random.Random(seed)

        def visit(st, step, rnd=rnd):
            check_decision(st)
            assert st.total_cards() == DECK_SIZE
            if step % 97 == 5:
                check_heavy(st, rnd)
                for s in (*st.seats, None):
                    check_redeal(st, rnd, s)

        st, _ = random_playout(40_000 + seed, players=lineups[seed % len(lineups)], visit=visit,
                               options={"map": board, "setup": "advanced", "landmarks": ["tower", "ferry"]})
        check_finished(st, MAX_VP)
        assert st.landmarks and set(st.landmarks) <= {"tower", "ferry"}
