"""Rootlog (reference/root/rootlog/spec_v2.8.md): the engine's log written in the community notation,
read back, and followed move by move to the same board, hands, supporters and score as the engine.

The reader is also checked against real recorded games (reference/root/rootlog/*.rootlog).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import GAME, random_playout

from planszowki.engine.core import Event
from planszowki.engine.flow import LogChain
from planszowki.games.root import rootlog
from planszowki.games.root.content import load_map

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "root" / "rootlog"
MAPS = {"Fall": "autumn", "Winter": "winter", "Lake": "lake", "Mountain": "mountain"}

LINEUPS = [
    ("marquise", "eyrie"),
    ("marquise", "eyrie", "alliance", "vagabond"),
    ("alliance", "eyrie", "vagabond"),
    ("marquise", "vagabond", "eyrie", "vagabond2"),  # 9.7: two Vagabonds, two items under each ruin
    ("riverfolk", "marquise", "alliance", "vagabond"),  # 11: payments, funds and trade posts
    ("cult", "eyrie", "alliance", "vagabond"),  # 10: gardens, acolytes, Outcast, revealed cards, Lost Souls
    ("duchy", "marquise", "riverfolk", "vagabond"),  # 12: the Burrow, tunnels, citadels, markets, ministers
    ("corvid", "eyrie", "alliance", "vagabond"),  # 13: plots face down and up, flips, tricks, Exposure, raids
]


def _agrees(st) -> None:
    """Rootlog of ``st`` so far, read and followed, gives the engine's pieces, hands, supporters, VP."""
    text = rootlog.write(st)
    game = rootlog.read(text)
    tally = rootlog.replay(game, st.map)
    letters = [rootlog.LETTER[f] for f in st.seats]
    assert rootlog.tally_summary(tally, letters) == rootlog.engine_tally(st), text.splitlines()[-1]


@pytest.mark.parametrize("players", LINEUPS, ids=lambda p: "-".join(p))
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("board", ["autumn", "winter", "lake", "mountain"])
def test_rootlog_reproduces_the_board_along_random_games(board, players, seed) -> None:
    def visit(st, step):
        if step % 61 == 0:
            _agrees(st)

    st, _ = random_playout(seed, players=players, options={"map": board}, visit=visit)
    _agrees(st)
    winners = st.result["winners"]
    game = rootlog.read(rootlog.write(st))
    assert game.winner == "".join(rootlog.LETTER[w] for w in winners)
    assert game.suits() == (None if board == "autumn" else list(st.suits))  # A.1: the Clearings line


def _map_game(board: str, kind: str):
    for seed in range(40):
        st = random_playout(seed, players=("marquise", "eyrie", "alliance", "vagabond"), options={"map": board})[0]
        if any(e.kind == kind for e in st.log):
            return st
    pytest.fail(f"no random game on the {board} map in 40 seeds has a {kind} event")


def test_variant_map_header_names_the_map_and_the_suit_markers() -> None:
    st = _map_game("lake", "ferry")
    lines = rootlog.write(st).splitlines()
    assert lines[0] == "Map: Lake" and lines[1] == "Deck: Standard"
    assert lines[2] == "Clearings: " + ", ".join(f"{rootlog.SUIT[s]}{c + 1}" for c, s in enumerate(st.suits))


def test_c_2_5_the_ferry_moves_with_the_warriors() -> None:
    st = _map_game("lake", "ferry")
    text = rootlog.write(st)
    crossings = [(e.args["src"], e.args["dst"]) for e in st.log if e.kind == "ferry"]
    written = re.findall(r"\(\d*[A-Z]?w\+f\)(\d+)->(\d+)|(?<![\w(])f(\d+)->(\d+)", text)
    assert [(int(a or c), int(b or d)) for a, b, c, d in written] == crossings
    tally = rootlog.replay(rootlog.read(text), st.map)
    assert tally.pieces[str(st.ferry + 1)]["f"] == 1


def test_c_3_3_closed_path_removal_is_written_and_followed() -> None:
    st = _map_game("mountain", "open_path")
    text = rootlog.write(st)
    removed = [e.args["path"] for e in st.log if e.kind == "open_path"]
    assert re.findall(r"(?:^|/)(\d+_\d+)->(?:/|$)", text, re.M) == removed
    tally = rootlog.replay(rootlog.read(text), st.map)
    assert tally.closed == {f"{a + 1}_{b + 1}" for a, b in st.closed}
    with pytest.raises(rootlog.RootlogError, match="no closed path 1_2"):
        rootlog.replay(rootlog.read("Map: Mountain\nDeck: Standard\nC: a\nE: b\n\nC:1_2->\n"), st.map)


def _finished(seed: int = 2, players=("marquise", "eyrie", "alliance", "vagabond")):
    return random_playout(seed, players=players)[0]


def test_header_and_setup_lines_follow_the_spec() -> None:
    st = _finished()
    lines = rootlog.write(st).splitlines()
    assert lines[:6] == ["Map: Fall", "Deck: Standard", "C: Marquise de Cat", "E: Eyrie Dynasties",
                         "A: Woodland Alliance", "V: Vagabond"]
    setup = {ln[0]: ln[2:] for ln in lines[7:11]}
    # 6.3: keep, a warrior in every clearing but the one opposite the keep, sawmill, workshop, recruiter
    keep = int(re.search(r"t_k->(\d+)", setup["C"]).group(1))
    warriors = re.search(r"w->([\d+]+)", setup["C"]).group(1).split("+")
    assert len(warriors) == 11 and str(st.map.opposite[keep - 1] + 1) not in warriors
    assert all(f"{b}->" in setup["C"] for b in ("b_s", "b_w", "b_r"))
    assert re.search(r"b->\d+/6w->\d+/#\w+->\$", setup["E"])  # 7.3: roost, six warriors, leader
    assert "3#->$" in setup["A"]  # 8.3.4: three supporters from the deck
    assert re.search(r"#\w+->\$/p->\d+_\d+_\d+", setup["V"])  # 9.3.1-9.3.2: character, pawn in a forest
    assert all(setup[f].startswith(f"3#->{f}") for f in "CEAV")  # 5.1.3: three cards each


def test_turn_lines_start_with_the_faction_and_end_with_the_winner() -> None:
    st = _finished()
    lines = [ln for ln in rootlog.write(st).splitlines() if ln]
    turns = [ln for ln in lines[10:] if not ln.startswith("Winner")]
    assert len(turns) == sum(1 for e in st.log if e.kind == "turn_start")
    assert all(re.match(r"[CEAV]:", ln) for ln in turns)
    assert lines[-1].startswith("Winner: ")


def _game_with(kind: str, players=("marquise", "eyrie", "alliance", "vagabond"), **args):
    for seed in range(40):
        st = _finished(seed, players)
        if any(e.kind == kind and all(e.args.get(k) == v for k, v in args.items()) for e in st.log):
            return st
    pytest.fail(f"no random game in 40 seeds has a {kind} event")


def test_4_3_1_ambush_is_written_in_the_battle() -> None:
    st = _game_with("ambush")
    text = rootlog.write(st)
    ambushes = sum(1 for e in st.log if e.kind in ("ambush", "foil"))
    battles = re.findall(r"X[CEAV]\d+(?:[BFMR]@)+", text)
    assert battles and sum(b.count("@") for b in battles) == ambushes  # defender's card, then the foil


def test_6_2_3_field_hospitals_move_warriors_to_the_keep() -> None:
    st = _game_with("spend", why="field_hospitals", players=("marquise", "eyrie"))
    text = rootlog.write(st)
    keeps = set(re.findall(r"t_k->(\d+)", text))
    moves = re.findall(r"\d*Cw\d+->(\d+)", text)
    assert moves and set(moves) & keeps  # written "3Cw5->2", not removed and placed again


def test_7_7_turmoil_discards_the_decree_and_names_the_new_leader() -> None:
    st = _game_with("depose", players=("marquise", "eyrie"))
    text = rootlog.write(st)
    assert re.search(r"\$_->/#(builder|charismatic|commander|despot)->\$", text)


def test_9_vagabond_items_relationships_and_ruins() -> None:
    st = _game_with("ruin_removed")
    text = rootlog.write(st)
    assert re.search(r"%[sbfh]\d+->\$", text)  # 9.5.3: an item taken from a ruin
    assert re.search(r"%\w->e", text)  # items exhausted
    if any(e.kind == "relationship" for e in st.log):
        assert re.search(r"\$_[CEA]->[12a]", text)


def test_rootlog_shows_only_what_every_seat_sees() -> None:
    """1.2: hidden cards never reach the Rootlog; scrambling every private event changes nothing."""
    st = _finished()
    text = rootlog.write(st)
    scrambled = st.copy()
    scrambled.log_chain = LogChain()
    private = 0
    for e in st.log:
        if e.seats is not None:
            private += 1
            e = Event(e.kind, {k: "?" for k in e.args}, e.seats, e.rule)
        scrambled.log_chain.append(e)
    assert private > 100 and rootlog.write(scrambled) == text


def test_merge_counts_and_combines_destinations() -> None:
    assert rootlog._merge(["w->3", "w->3", "w->4", "#->A", "#->A", "t5->", "t5->"]) == ["2w->3", "w->4", "2#->A",
                                                                                     "2t5->"]
    assert rootlog._merge(["w->1", "w->2", "2w->5", "2w->6", "Ew->7"]) == ["w->1+2", "2w->5+6", "Ew->7"]
    assert rootlog._merge(["p->3", "p->3", "XC3", "XC3"]) == ["p->3", "p->3", "XC3", "XC3"]


def test_reader_refuses_a_move_of_pieces_that_are_not_there() -> None:
    game = rootlog.read("Map: Fall\nDeck: Standard\nC: a\nE: b\n\nC:w->1\nE:XC1/2Cw1->\n")
    with pytest.raises(rootlog.RootlogError, match="2 × Cw at 1, but only 1"):
        rootlog.replay(game, load_map("autumn"))


def test_reader_names_a_line_it_cannot_read() -> None:
    with pytest.raises(rootlog.RootlogError, match="line 2"):
        rootlog.read("Map: Fall\nthis is not rootlog\n")


def test_reader_errors_in_moves_name_the_line() -> None:
    game = rootlog.read("Map: Fall\nC: a\nE: b\n\nC:w->1\n// a comment\nE:XC1/2Cw1->\n")
    with pytest.raises(rootlog.RootlogError, match=r"^line 7: '2Cw1->'"):
        rootlog.replay(game, load_map("autumn"))


def _follow(*actions: str, cur: str = "O") -> rootlog.Tally:
    t = rootlog.Tally()
    r = rootlog._Replayer(t)
    r.cur = cur
    for a in actions:
        r.action(a)
    return t


def test_v2_8_grouped_price_markers_move_nothing() -> None:
    """v2.8: several track markers in one group, ``($_h+$_m)->2`` (Riverfolk prices, 11.2.5.I)."""
    t = _follow("w->5", "($_h+$_m)->2", "(O$_r+$_m)->3")
    assert t.board_pieces() == {"5": {"Ow": 1}} and not any(t.cards.values())


def test_v2_8_cards_to_several_destinations_go_one_to_each() -> None:
    """v2.8 ``#->C+V``: one card drawn by each of the two factions (combined destinations)."""
    t = _follow("#->C+V", "2#->E+A")
    assert {f: t.hand(f) for f in "CVEA"} == {"C": 1, "V": 1, "E": 2, "A": 2}


def test_v2_8_an_origin_inside_the_brackets_belongs_to_that_piece() -> None:
    """v2.8 ``(t+4w0)->5``: a tunnel from the supply and four warriors from the Burrow (0) to clearing 5."""
    t = _follow("5w->0", "(t+4w0)->5", cur="D")
    assert t.board_pieces() == {"0": {"Dw": 1}, "5": {"Dw": 4, "Dt": 1}}
    with pytest.raises(rootlog.RootlogError, match="4 × Dw at 0, but only 1"):
        _follow("w->0", "(t+4w0)->5", cur="D")
    t = _follow("w->3", "2w->4", "(w3+2w4+Cw)->5", cur="E")  # an origin on every piece, none after the group
    assert t.board_pieces() == {"5": {"Ew": 3, "Cw": 1}}


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="shared/reference is not beside the checkout")
@pytest.mark.parametrize("path", sorted(REFERENCE.glob("*.rootlog")) if REFERENCE.is_dir() else [],
                         ids=lambda p: p.stem)
def test_reads_real_recorded_games(path: Path) -> None:
    """Real games (E&P deck, other factions and maps): every action parses, and following the score
    gives the recorded winner 30 VP or, in a coalition (9.2.8), its partner."""
    game = rootlog.read(path.read_text("utf-8"))
    assert game.header["Map"] in MAPS and len(game.players) == 4 and len(game.turns) > 20
    tally = rootlog.replay(game, load_map(MAPS[game.header["Map"]]), strict=False, opening_hand=3)
    assert game.winner and game.winner[0] in game.players
    assert tally.vp[game.winner[0]] >= 30
    assert max(tally.vp.values()) == tally.vp[game.winner[0]]


def test_cli_replay_prints_rootlog(tmp_path: Path, capsys) -> None:
    import json

    from planszowki.cli.main import main

    save = tmp_path / "g.json"
    assert main(["play", "root", "--seats", "marquise=bot,eyrie=bot", "--seed", "4", "--lang", "en",
                 "--save", str(save)]) == 0
    capsys.readouterr()
    assert main(["replay", str(save), "--rootlog"]) == 0
    out = capsys.readouterr().out
    st = GAME.from_json(json.loads(save.read_text("utf-8"))["state"])
    assert out == rootlog.write(st) and out.startswith("Map: Fall\nDeck: Standard\n")
