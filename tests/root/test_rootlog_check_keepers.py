"""``planszowki rootlog check`` on records of the Keepers in Iron (Law ch. 15).

The engine places the relics face down at random (15.3.1, one in each forest; 15.3.3, the rest in forests not next to
the Keepers' warriors, as evenly as possible); the check places them where the record's setup line does, by type, and
gives a face-down relic the value the record shows when a delve turns it face up (15.5.2.II.a, ``t5^t_2_f``).
"""

from __future__ import annotations

import re

import pytest
from helpers import random_playout

from planszowki.games.root import rootlog, rootlog_check
from planszowki.games.root.content import load_map

#: random engine games with the Keepers, each with relics turned face up along the way (seed, players)
KEEPERS_GAMES = [
    (6, ("eyrie", "keepers")),
    (9, ("eyrie", "keepers")),
    (1, ("marquise", "eyrie", "keepers")),
    (3, ("keepers", "marquise", "eyrie")),
]


@pytest.mark.parametrize(("seed", "players"), KEEPERS_GAMES)
def test_15_3_1_15_5_2_engine_games_of_the_keepers_are_followed_to_the_end(seed, players) -> None:
    st, _ = random_playout(seed, players=players)
    text = rootlog.write(st)
    assert re.search(r"t\d+\^t_\d_[ftj]", text), "no relic turned face up: the game tests less than it should"
    result = rootlog_check.check(text, seed=5)
    assert result.followed, result.text()
    assert result.scores == {rootlog.LETTER[f]: v for f, v in st.vp.items()}
    assert result.engine_winner == result.record_winner == rootlog.read(text).winner


def test_15_3_1_the_relics_are_read_from_the_keepers_setup_line() -> None:
    """One relic in each forest first (15.3.1), then the rest (15.3.3), as (forest, type)."""
    st, _ = random_playout(6, players=("eyrie", "keepers"))
    game = rootlog.read(rootlog.write(st))
    board = load_map("autumn")
    first, rest = rootlog_check.recorded_relics(game, board)
    assert sorted(f for f, _ in first) == list(range(len(board.forests)))
    assert len(first) + len(rest) == 12
    assert sorted(t for _, t in first + rest) == sorted(["figure", "tablet", "jewelry"] * 4)


def test_15_3_3_a_relic_next_to_the_keepers_warriors_stops_the_setup() -> None:
    """15.3.3: the remaining relics go to forests not adjacent to clearings with Keeper warriors; a record putting one
    next to them is not followed (the check does not place relics where the engine may not)."""
    st, _ = random_playout(6, players=("eyrie", "keepers"))
    text = rootlog.write(st)
    game = rootlog.read(text)
    board = load_map("autumn")
    lines = text.splitlines()
    no = next(i for i, ln in enumerate(lines) if ln.startswith("K:") and "4w->" in ln)
    actions = lines[no][2:].split("/")
    w = next(k for k, a in enumerate(actions) if re.fullmatch(r"4w->\d+(\+\d+)?", a))
    keepers = {int(c) - 1 for c in actions[w][4:].split("+")}
    near = next(f for f, cl in enumerate(board.forests) if keepers & set(cl))
    r = next(k for k in range(w + 1, len(actions)) if re.fullmatch(r"t_[ftj]->[\d_]+", actions[k]))
    actions[r] = actions[r].split("->")[0] + "->" + "_".join(str(c + 1) for c in sorted(board.forests[near]))
    lines[no] = "K:" + "/".join(actions)
    result = rootlog_check.check("\n".join(lines) + "\n", seed=5)
    assert not result.followed
    assert result.line <= game.lines[len(game.players) - 1], result.text()
