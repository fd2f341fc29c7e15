"""Promises 5 and 6 for Root: illegal options, finished games, unsupported setups and damaged documents
raise specific errors a person can act on, and the state is left untouched."""

from __future__ import annotations

import copy
import json

import pytest
from helpers import GAME, canonical, position, random_playout

import planszowki
from planszowki import IllegalAction, InvalidPosition, UnsupportedSetup
from planszowki.engine import GameOver, PlanszowkiError
from planszowki.games.root.game import SUPPORTED


# -- illegal options ------------------------------------------------------------------------------
def test_illegal_option_names_the_option_the_legal_count_and_the_rule():
    st = GAME.new(seed=3, players=["marquise", "eyrie"], options={"seating": "fixed"})
    before = canonical(GAME.to_json(st))
    with pytest.raises(IllegalAction) as exc:
        st.apply("nonsense")
    msg = str(exc.value)
    assert "'nonsense'" in msg
    assert "4 legal option(s)" in msg  # keep 1..4
    assert "root:6.3.2" in msg
    assert exc.value.legal_count == 4
    assert exc.value.rule == "root:6.3.2"
    assert canonical(GAME.to_json(st)) == before
    st.apply("keep 1")  # and the game goes on


def test_illegal_option_in_the_middle_of_an_eyrie_turn_changes_nothing():
    st = position({1: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}}, turn="eyrie", phase="daylight",
                  players={"eyrie": {"leader": "despot", "hand": ["fox:Anvil"]}},
                  deck=["rabbit:Cobbler", "mouse:Sword"])
    st.apply("resolve decree")
    d = st.decision
    before = canonical(GAME.to_json(st))
    log_len = len(st.log)
    for bad in ("resolve decree", "craft fox:Anvil", "move 1->3 x1 with bird", "move 1->5 x3 with bird", ""):
        with pytest.raises(IllegalAction) as exc:
            st.apply(bad)
        assert repr(bad) in str(exc.value)
        assert exc.value.legal_count == len(d.options)
        assert exc.value.rule == "root:7.5.2"
    assert canonical(GAME.to_json(st)) == before
    assert len(st.log) == log_len
    assert st.decision is d or [o.id for o in st.decision.options] == [o.id for o in d.options]


def test_every_decision_cites_a_rule_for_its_errors():
    def visit(st, step):
        assert st.decision.rule.startswith("root:"), st.decision.kind

    random_playout(12, visit=visit)


def test_apply_after_game_over_raises():
    st, _ = random_playout(8)
    assert st.terminal
    before = canonical(GAME.to_json(st))
    with pytest.raises(GameOver, match="the game is over"):
        st.apply("end daylight")
    with pytest.raises(IllegalAction):  # GameOver is an IllegalAction
        st.apply("anything")
    assert canonical(GAME.to_json(st)) == before


# -- unsupported setups ---------------------------------------------------------------------------
#: Law chapter of every non-Marquise/Eyrie faction
CHAPTERS = {"alliance": "8", "vagabond": "9", "cult": "10", "riverfolk": "11", "duchy": "12", "corvid": "13",
            "warlord": "14", "keepers": "15"}


def test_every_faction_of_the_law_is_playable():
    # "vagabond2" is a second Vagabond seat (9.7), not a faction of its own; since chapter 15 (the Keepers in Iron)
    # no faction of the Law is refused
    assert set(SUPPORTED) == set(CHAPTERS) | {"marquise", "eyrie", "vagabond2"}


def test_an_unknown_faction_is_refused_in_a_game_and_in_a_position():
    with pytest.raises(UnsupportedSetup, match="unknown faction 'badger'; playable: marquise"):
        GAME.new(seed=1, players=["marquise", "badger"])
    with pytest.raises(InvalidPosition, match="badger"):
        GAME.from_position({"seats": ["marquise", "badger"]})


@pytest.mark.parametrize(("suits", "match"), [
    ("shuffled", "list of 12 suit markers"),
    (["fox"] * 12, "4 fox, 4 rabbit and 4 mouse"),
    (["fox", "rabbit", "mouse"] * 3, "list of 12"),
    (["fox", "rabbit", "mouse", "bird"] * 3, "list of 12"),
])
def test_a_1_bad_suit_markers_are_refused(suits, match):
    with pytest.raises(UnsupportedSetup, match=match):
        GAME.new(seed=1, players=["marquise", "eyrie"], options={"map": "winter", "suits": suits})
    with pytest.raises(InvalidPosition, match=match):
        GAME.from_position({"seats": ["marquise", "eyrie"], "map": "winter", "suits": suits})


def test_a_1_printed_suits_only_on_autumn():
    with pytest.raises(UnsupportedSetup, match="no printed suits"):
        GAME.new(seed=1, players=["marquise", "eyrie"], options={"map": "lake", "suits": "printed"})


@pytest.mark.parametrize(("players", "options", "match"), [
    (["marquise", "dragons"], {}, "unknown faction 'dragons'"),
    (["marquise", "marquise"], {}, "once"),
    (["marquise"], {}, "2 to 6"),
    (["marquise", "eyrie", "alliance", "vagabond", "riverfolk", "corvid", "cult"], {}, "2 to 6"),
    (["marquise", "eyrie"], {"map": "moon"}, "unknown map 'moon'"),
    (["marquise", "eyrie"], {"deck": "promo"}, "unknown deck 'promo'"),
    (["marquise", "eyrie"], {"speed": 3}, "unknown option"),
    (["marquise", "eyrie"], {"first": "dragons"}, "first player"),
])
def test_bad_setup_raises_unsupported_setup(players, options, match):
    with pytest.raises(UnsupportedSetup, match=match):
        GAME.new(seed=1, players=players, options=options)


def test_unknown_game():
    with pytest.raises(planszowki.UnknownGame, match=r"known games: .*root"):
        planszowki.load("chess")


# -- malformed positions --------------------------------------------------------------------------
BASE = {"seats": ["marquise", "eyrie"]}


@pytest.mark.parametrize(("patch", "match"), [
    ({"seats": "marquise"}, "'seats'"),
    ({"seats": ["marquise"]}, "at least two"),
    ({"clearings": {"13": {}}}, "clearing '13'"),
    ({"clearings": {"x": {}}}, "not a number"),
    ({"clearings": {"1": {"warriors": {"eyrie": "many"}}}}, "malformed position"),
    ({"clearings": {"1": {"warriors": ["eyrie"]}}}, "malformed position"),
    ({"clearings": {"1": {"warriors": {"eyrie": 21}}}}, "only 20"),
    ({"clearings": {str(c): {"warriors": {"marquise": 3}} for c in range(1, 10)}}, "only 25"),
    ({"clearings": {"1": {"buildings": ["castle"]}}}, "unknown piece 'castle'"),
    ({"clearings": {"1": {"buildings": ["roost", "sawmill"]}}}, "2.2.3"),
    ({"clearings": {"1": {"tokens": ["keep"]}, "3": {"tokens": ["keep"]}}}, "only 1"),
    ({"clearings": {str(c): {"buildings": ["roost"]} for c in (1, 2, 3, 4, 5, 7, 8, 9)}}, "only 7"),
    ({"players": {"eyrie": {"hand": ["fox:Anvil", "fox:Anvil"]}}}, "more copies of fox:Anvil"),
    ({"players": {"eyrie": {"hand": ["fox:Excalibur"]}}}, "unknown card 'fox:Excalibur'"),
    ({"players": {"eyrie": {"vp": -1}}}, "at least 0"),
    ({"players": {"eyrie": {"vp": "ten"}}}, "malformed position"),
    ({"players": {"eyrie": {"leader": "king"}}}, "unknown Eyrie leader"),
    ({"players": {"eyrie": {"leader": "despot", "leaders_face_up": ["builder"]}}}, "charismatic, commander"),
    ({"players": {"eyrie": {"leader": "despot", "leaders_face_up": ["despot", "builder", "commander",
                                                                    "charismatic"]}}}, "twice"),
    ({"players": {"eyrie": {"decree": {"fly": []}}}}, "unknown Decree column 'fly'"),
    ({"players": {"eyrie": {"decree": {"move": ["bird:Loyal Vizier"] * 3}}}}, "two Loyal Viziers"),
    ({"players": {"marquise": {"items": ["laser"]}}}, "unknown item 'laser'"),
    ({"turn": "vagabond"}, "turn 'vagabond'"),
    ({"phase": "night"}, "phase must be one of"),
    ({"seed": "abc"}, "malformed position"),
    ({"clearings": {"1": {"buildings": ["roost"]}}, "seats": ["marquise", "eyrie"], "deck": ["fox:Anvil"],
      "discard": ["fox:Anvil"]}, "more copies of fox:Anvil"),
])
def test_malformed_position_raises_invalid_position(patch, match):
    doc = {**copy.deepcopy(BASE), **patch}
    with pytest.raises(InvalidPosition, match=match):
        GAME.from_position(doc)


def test_position_must_be_an_object():
    with pytest.raises(InvalidPosition, match="JSON object"):
        GAME.from_position([1, 2])


# -- damaged saves --------------------------------------------------------------------------------
def _save():
    st = GAME.new(seed=9, players=["marquise", "eyrie"])
    for _ in range(40):
        st.apply(st.decision.options[0].id)
    return st, GAME.to_json(st)


def test_save_round_trip_then_damaged_saves_raise_invalid_position():
    st, doc = _save()
    assert canonical(GAME.to_json(GAME.from_json(json.loads(json.dumps(doc))))) == canonical(doc)
    damaged = [
        ("not a dict", lambda d: [d]),
        ("wrong format", lambda d: {**d, "format": "chess.pgn"}),
        ("missing stack", lambda d: {k: v for k, v in d.items() if k != "stack"}),
        ("bad rng", lambda d: {**d, "rng": "xyz"}),
        ("card twice", lambda d: {**d, "discard": d["discard"] + d["deck"][:1]}),
        ("unknown card", lambda d: {**d, "deck": [*d["deck"], 999]}),
        ("short board", lambda d: {**d, "warriors": d["warriors"][:5]}),
        ("too many warriors", lambda d: {**d, "warriors": [{"eyrie": 21}, *d["warriors"][1:]]}),
        ("unknown map", lambda d: {**d, "map": "moon"}),
        ("another map's save", lambda d: {**d, "map": "winter"}),  # no suit markers in an Autumn save (A.1)
        ("unknown seat", lambda d: {**d, "seats": ["marquise", "dragons"]}),
    ]
    for what, damage in damaged:
        bad = damage(copy.deepcopy(doc))
        with pytest.raises(InvalidPosition):
            GAME.from_json(bad)
        assert canonical(GAME.to_json(st)) == canonical(doc), what


def test_errors_share_one_base_class():
    for cls in (IllegalAction, InvalidPosition, UnsupportedSetup, planszowki.UnknownGame, GameOver):
        assert issubclass(cls, PlanszowkiError)


@pytest.mark.parametrize("players", [
    ["marquise", "eyrie", "alliance", "vagabond", "riverfolk"],
    ["marquise", "eyrie", "vagabond", "vagabond2", "riverfolk", "cult"],
    ["duchy", "eyrie", "alliance", "vagabond", "riverfolk", "corvid"],
])
def test_5_five_and_six_player_games_with_four_corner_factions_play_to_the_end(players):
    """Law 5: more than four players need the Advanced Setup only when five or more factions would start in
    corner clearings; otherwise the Standard Setup seats up to six."""
    from planszowki.games.root.game import CORNER_FACTIONS

    assert sum(f in CORNER_FACTIONS for f in players) <= 4  # five or more need the Advanced Setup
    from helpers import check_cards, check_decision, check_finished, random_playout

    for seed in range(3):
        st, _ = random_playout(seed, players=players, visit=lambda st, step: step % 7 or (check_decision(st),
                                                                                          check_cards(st)))
        check_finished(st, 29 + 12)
        assert len(st.seats) == len(players)


@pytest.mark.parametrize(("options", "english", "polish"), [
    ({"map": "lake", "suits": "printed"}, "the Lake map has no printed suits: suit markers are placed on it (A.1)",
     "Mapa Jeziora nie ma nadrukowanych symboli polan: kładzie się na niej znaczniki symboli polan (A.1)"),
    ({"map": "winter", "suits": ["fox"] * 12}, "not 12 fox, 0 rabbit and 0 mouse",
     "to 4 lisy, 4 króliki i 4 myszy (A.1), a nie 12 lisów, 0 królików i 0 myszy"),
    ({"map": "winter", "suits": ["fox"]}, "suits must be 'random' or a list of 12 suit markers in clearing order 1–12",
     "suits przyjmuje 'random' albo listę 12 znaczników symboli polan w kolejności polan 1–12"),
    ({"setup": "advanced", "landmarks": ["tower", "tower"]}, "each landmark card can be chosen once (A.5.1)",
     "każdą kartę Punktu Terenu można wybrać tylko raz (A.5.1)"),
    ({"setup": "advanced", "landmarks": "tower"}, "landmarks must be a non-empty list of landmark cards",
     "landmarks musi być niepustą listą kart Punktów Terenu"),
    ({"setup": "advanced", "landmarks": ["atlantis"]}, "unknown landmark 'atlantis'; landmarks: tower, ferry, ",
     "nieznany Punkt Terenu 'atlantis'; Punkty Terenu: tower, ferry, "),
])
def test_a_1_and_a_5_1_refusals_are_said_in_the_persons_language(options, english, polish):
    """The suit markers (A.1) and the landmark cards (A.5.1) refused before a game starts: English for programs
    (``str``), the person's language where it is shown (terminal, lobby)."""
    with pytest.raises(UnsupportedSetup) as exc:
        GAME.new(seed=1, players=["marquise", "eyrie"], options=options)
    assert english in str(exc.value) and english in exc.value.text("en")
    assert polish in exc.value.text("pl"), exc.value.text("pl")
