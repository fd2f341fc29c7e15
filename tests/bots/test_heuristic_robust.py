"""Heuristic bots never crash or hang (issue #9): the games that did, and every faction in mixed line-ups."""

from __future__ import annotations

import itertools

import pytest

from planszowki.bots.root.common import Board, move_score
from planszowki.lab import RunConfig, play_game

FACTIONS = ("marquise", "eyrie", "alliance", "vagabond", "cult", "riverfolk", "duchy", "corvid")


@pytest.mark.parametrize("seed", [8, 17, 54])
def test_12_2_2_duchy_moves_into_the_burrow_are_scored_cobbler_included(seed):
    """`lab run --seats duchy=heuristic,marquise=heuristic,eyrie=heuristic --seed 1`: IndexError in
    ``Board.rules_after`` when the Cobbler offered a move into or out of the Burrow (index ``map.n``)."""
    cfg = RunConfig.make("root", {"duchy": "heuristic", "marquise": "heuristic", "eyrie": "heuristic"},
                         {"map": "autumn"}, max_seconds=60)
    line = play_game(cfg, seed)
    assert line["reason"] in ("vp", "dominance"), line.get("error") or line.get("stalled")


def test_board_has_a_burrow_entry_no_one_rules():
    from planszowki.engine import load

    st = load("root").new(seed=3, players=["duchy", "marquise"])
    while st.phase == "setup":
        st.apply(st.decision.options[0].id)
    n = st.map.n
    board = Board(st, "duchy")
    assert len(board.own) == n + 1 and not board.rules[n] and not board.rules_after(n, 5)
    assert isinstance(move_score(board, n, 0, 1), float) and isinstance(move_score(board, 0, n, 1), float)


@pytest.mark.parametrize("seed", [2, 3])
def test_13_2_4_corvid_exposure_never_loops(seed):
    """`play root --seats corvid=heuristic,marquise=heuristic,eyrie=heuristic --seed 2` looped on 'expose 8',
    'cancel' 3,000 times; now the game ends (the guard would call it stalled)."""
    cfg = RunConfig.make("root", {"corvid": "heuristic", "marquise": "heuristic", "eyrie": "heuristic"},
                         {"map": "autumn"}, max_decisions=2000, max_seconds=60)
    line = play_game(cfg, seed)
    assert line["reason"] in ("vp", "dominance"), line.get("error") or line.get("stalled")


def test_every_faction_in_heuristic_four_player_games():
    """Every set of four factions (Vagabond included), one short game each, every seat heuristic."""
    for i, four in enumerate(itertools.combinations(FACTIONS, 4)):
        maps = ("autumn", "winter", "lake", "mountain")
        cfg = RunConfig.make("root", dict.fromkeys(four, "heuristic"), {"map": maps[i % 4]}, max_turns=12,
                             max_decisions=2000, max_seconds=60)
        line = play_game(cfg, i)
        assert line["reason"] in ("vp", "dominance", "capped"), (four, i, line.get("error") or line.get("stalled"))


def test_8_4_1_ismcts_alliance_paying_a_revolt_against_only_public_hands():
    """Soak seed 101359: the Alliance's ISMCTS determinized while paying a revolt with no hidden hand to redeal
    (the Riverfolk's hand is public, 11.2.3): IndexError in ``determinize``."""
    cfg = RunConfig.make("root", {"alliance": "ismcts:iterations=4,depth=8", "riverfolk": "random"}, {"map": "lake"},
                         max_turns=6, max_seconds=60)
    line = play_game(cfg, 101359)
    assert line["reason"] == "capped", line.get("error")
