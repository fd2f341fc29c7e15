"""``planszowki rootlog check``: a Rootlog record followed on the rules engine (games/root/rootlog_check.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import random_playout

from planszowki.games.root import rootlog, rootlog_check


@pytest.fixture(scope="module")
def engine_game() -> tuple[str, dict[str, int]]:
    """A random two-player game written by the engine's own Rootlog writer."""
    st, _ = random_playout(1, players=("marquise", "eyrie"), options={"map": "autumn"})
    return rootlog.write(st), {rootlog.LETTER[f]: v for f, v in st.vp.items()}


def test_an_engine_game_written_to_rootlog_is_followed_to_the_end(engine_game) -> None:
    """Checked with other unseen cards than the game had (seating fixed, another seed): every recorded action
    is matched to the engine's decisions, hidden cards swapped in as the record shows them, dice as recorded."""
    text, vp = engine_game
    result = rootlog_check.check(text, seed=1)
    assert result.followed, result.text()
    assert result.scores == vp
    assert result.engine_winner == result.record_winner == rootlog.read(text).winner
    assert result.text().startswith("followed to the end")


def test_a_move_along_no_path_stops_at_its_line_with_the_options(engine_game) -> None:
    """2.2.1: clearings 1 and 11 are not adjacent on the Autumn map; the check names the line, the action, the
    engine's options there and their rules."""
    text, _ = engine_game
    lines = text.splitlines()
    no = next(i for i, ln in enumerate(lines) if re.match(r"C:.*/w\d+->\d+/", ln) and i > 8)
    m = re.search(r"/(\d*)w(\d+)->(\d+)/", lines[no])
    far = next(c for c in range(1, 13) if str(c) not in (m.group(2), m.group(3)) and c not in (
        adjacent := {b + 1 for b in _autumn_adjacent(int(m.group(2)) - 1)}) and adjacent)
    bad = f"/{m.group(1)}w{m.group(2)}->{far}/"
    lines[no] = lines[no].replace(m.group(0), bad, 1)
    result = rootlog_check.check("\n".join(lines) + "\n", seed=1)
    assert not result.followed
    assert result.line <= no + 1
    assert result.allowed and all(re.search(r"\(\d", a) for a in result.allowed)
    assert result.text().startswith(f"line {result.line}: ")
    assert result.text("pl").startswith(f"wiersz {result.line}: ") and "silnik pozwala" in result.text("pl")


def _autumn_adjacent(c: int) -> set[int]:
    from planszowki.games.root.content import load_map

    return set(load_map("autumn").adj[c])


def test_needs_name_the_hidden_cards_an_action_shows() -> None:
    Need = rootlog_check.Need
    assert rootlog_check.needs("XA1F@", "C") == [Need("A", "F", "@")]  # 4.3.1 the defender's ambush
    assert rootlog_check.needs("XE3F@B@", "C") == [Need("E", "F", "@"), Need("C", "B", "@")]  # foiled
    assert rootlog_check.needs("Zemi", "C") == [Need("C", name="emi")]
    assert rootlog_check.needs("Z%h", "A") == [Need("A", item="hammer")]
    assert rootlog_check.needs("Zffavor", "C") == [Need("C", "F", "favor")]
    assert rootlog_check.needs("(2B+F)#$->", "A") == [Need("A$", "B"), Need("A$", "B"), Need("A$", "F")]
    assert rootlog_check.needs("M#E->$_x", "E") == [Need("E", "M")]
    assert rootlog_check.needs("2B#^", "L") == [Need("L", "B"), Need("L", "B")]  # revealed (10.5)
    assert rootlog_check.needs("B#E->$_r", "E") == [Need("E", "B")]
    assert rootlog_check.needs("#->C", "C") == [] and rootlog_check.needs("F#*->C", "V") == []


def _roll(rng) -> int:
    """A die rolled as the battle rolls it (4.3.2): the battle's named die of four faces."""
    return rng.roll(4, "battle")


def test_4_3_2_recorded_dice_are_used_only_while_armed() -> None:
    dice = rootlog_check.RecordedDice(5)
    plain = rootlog_check.Rng(5)
    assert _roll(dice) == plain.below(4)  # not armed: the usual random source
    dice.armed, dice.dice = True, [3, 0]
    copy = dice.copy()
    assert (_roll(dice), _roll(dice)) == (3, 0) == (_roll(copy), _roll(copy))
    with pytest.raises(rootlog_check.NeedDice):
        _roll(dice)
    assert dice.below(7) == plain.below(7)  # other draws are never forced
    assert dice.below(4) == plain.below(4) and dice.roll(4, "") == plain.roll(4, "")  # nor unnamed ones


def test_2_1_a_shuffle_while_the_dice_are_armed_is_no_roll() -> None:
    """A battle's roll can end a turn whose Evening draw empties the deck: the reshuffle (2.1) asks
    ``below(4)`` too, and must draw as usual instead of taking (or asking for) a recorded die."""
    dice, plain = rootlog_check.RecordedDice(9), rootlog_check.Rng(9)
    dice.armed, dice.dice = True, []
    a, b = list(range(6)), list(range(6))
    dice.shuffle(a)
    plain.shuffle(b)
    assert a == b
    assert dice.below(4) == plain.below(4)  # nor is a random card taken from a hand of four


def test_cli_rootlog_check_exit_codes(tmp_path: Path, capsys, engine_game) -> None:
    from planszowki.cli.main import main

    bad = tmp_path / "bad.rootlog"
    bad.write_text("Map: Fall\nC: a\nE: b\n\nC:t_k->1/x->y->z\n", "utf-8")
    assert main(["rootlog", "check", str(bad)]) == 2  # cannot be read: names why
    text, _ = engine_game
    lines = text.splitlines()
    setup = next(i for i, ln in enumerate(lines) if ln.startswith("C:") and "->" in ln)
    lines[setup] = lines[setup].replace("b_s->", "b_s->1+", 1)  # a sawmill too many at setup (6.3.3)
    one = tmp_path / "one.rootlog"
    one.write_text("\n".join(lines) + "\n", "utf-8")
    assert main(["rootlog", "check", str(one)]) == 1
    assert capsys.readouterr().out.startswith("line ")


def test_cli_rootlog_check_unreadable_file_and_checker_failure_are_one_line(tmp_path: Path, capsys,
                                                                             monkeypatch) -> None:
    from planszowki.cli.main import main
    from planszowki.games.root import rootlog_check

    raw = tmp_path / "raw.rootlog"
    raw.write_bytes(b"\xff\xfeMap: Fall\n")
    assert main(["rootlog", "check", str(raw)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err

    def broken(text: str, seed: int = 0):
        raise RuntimeError("decision step alliance.pay produced no options")

    monkeypatch.setattr(rootlog_check, "check", broken)
    good = tmp_path / "good.rootlog"
    good.write_text("Map: Fall\n", "utf-8")
    assert main(["rootlog", "check", str(good)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a defect of the checker, not a verdict on the record" in err


LAYOUT = Path(__file__).resolve().parents[3] / "shared" / "reference" / "root" / "map_layout.json"


@pytest.mark.parametrize("board", ["autumn", "winter", "lake", "mountain"])
def test_opposite_corners_are_the_farthest_apart_on_every_map(board) -> None:
    """6.3.2, 7.3.2, 3.3.1.II: each corner's diagonally opposite corner is the corner farthest from it along
    the paths — on the Lake map 1 is opposite 2 and 3 opposite 4 (found by checking a real Lake game, where
    the Marquise's keep in 2 leaves 1 empty and the Eyrie starts in 1)."""
    from planszowki.games.root.content import load_map

    m = load_map(board)

    def far(a: int) -> dict[int, int]:
        d, queue = {a: 0}, [a]
        for x in queue:
            for y in m.adj[x]:
                if y not in d:
                    d[y] = d[x] + 1
                    queue.append(y)
        return d

    for a, b in m.opposite.items():
        dist = far(a)
        assert dist[b] == max(dist[c] for c in m.corners), (a + 1, b + 1)
    if LAYOUT.is_file():  # the drawing: opposite corners differ in both coordinates
        import json

        xy = json.loads(LAYOUT.read_text("utf-8"))["clearings"][board]
        for a, b in m.opposite.items():
            (xa, ya), (xb, yb) = xy[str(a + 1)], xy[str(b + 1)]
            assert abs(xa - xb) > 200 and abs(ya - yb) > 200, (a + 1, b + 1)


def test_6_3_2_7_3_2_lake_keep_in_2_garrisons_all_but_1_and_the_eyrie_starts_in_1() -> None:
    from helpers import GAME

    st = GAME.new(0, ["marquise", "eyrie"], {"map": "lake", "seating": "fixed"})
    st.apply("keep 2")
    assert not st.warriors[0].get("marquise") and all(st.warriors[c].get("marquise") for c in range(1, 12))
    while st.decision.player == "marquise":
        st.apply(st.decision.options[0].id)
    assert "roost" in st.buildings[0]  # forced: the corner opposite the keep (7.3.2)


def test_items_and_shown_hands_are_compared_one_way() -> None:
    """9.5, 9.2.7, 9.6: the items the record turns, damages, repairs or removes are keys of their own; 8.2.6 a
    hand shown for Outrage too. What the record shows must be among what the engine did, not the reverse."""
    keys = rootlog_check.token_keys
    assert keys("2%s->e", "V") == {("item", "V", "s", "e"): 2}
    assert keys("%bd->s", "V") == {("item", "V", "b", "s"): 1, ("item", "V", "b", "s", "d"): 1}
    assert keys("%fV$->d", "C") == {("item", "V", "f", "d"): 1}
    assert keys("%f->", "V") == {("item", "V", "f", ""): 1}
    # which of two hammers was removed, which side of a boot was up when damaged (the spec's ``%fe->``,
    # ``%fr->d``): a record saying where an item started is compared with the engine's, in every form it allows
    assert keys("%hde->", "V") == {("item", "V", "h", ""): 1, ("item", "V", "h", "", "de"): 1,
                                   ("item", "V", "h", "", "d"): 1, ("item", "V", "h", "", "e"): 1}
    assert keys("%fV$r->d", "C") == {("item", "V", "f", "d"): 1, ("item", "V", "f", "d", "r"): 1}
    assert keys("%hd->", "V") != keys("%h->d", "V")  # a damaged hammer removed is no hammer damaged
    _, engine = rootlog_check.split_items(keys("%hde->", "V"))
    assert rootlog_check.shown(keys("%h->", "V"), engine) and rootlog_check.shown(keys("%he->", "V"), engine)
    assert not rootlog_check.shown(keys("%hr->", "V"), engine)  # the record removed the face-up hammer
    assert keys("C^A", "C") == {("shown", "C"): 1}
    assert keys("%_->r", "V") == keys("%r->r", "V") == {}  # refreshed items: not compared …
    assert keys("%sde->r", "V") == {("item", "V", "s", "r"): 1, ("item", "V", "s", "r", "de"): 1,  # … unless
                                    ("item", "V", "s", "r", "d"): 1, ("item", "V", "s", "r", "e"): 1}  # the side
    plain, one_way = rootlog_check.split_items(keys("2%s->e", "V") + keys("w3->4", "C") + keys("E^A", "E"))
    assert plain == {("moved", "C"): 1} and set(one_way) == {("item", "V", "s", "e"), ("shown", "E")}
    assert rootlog_check.shown(keys("%s->e", "V"), one_way)
    assert not rootlog_check.shown(keys("3%s->e", "V"), one_way)
    assert not rootlog_check.shown(keys("%f->e", "V"), one_way)  # a boot the engine did not exhaust


def test_pieces_moved_cards_drawn_and_supporters_are_keys_of_their_own() -> None:
    """Two moves that cancel out (``w11->12/w12->11``) change no piece, yet they are not no move: the pieces moved
    are counted. 3.3.3: a dominance card discarded goes beside the map, not to the discard pile. 8.2.6, 8.3.4: a
    supporter from a hand or from the deck. A card taken unseen from another hand. Cards drawn are compared one
    way (hand records leave draws out)."""
    keys = rootlog_check.token_keys
    assert keys("w11->12", "E") == {("moved", "E"): 1} and keys("3Cw10->1", "E") == {("moved", "C"): 3}
    assert keys("p->12", "V") == {("moved", "V"): 1} and keys("w->3", "E") == {}
    assert keys("B#domC->", "C") == {("card", "Bdom", "C", "<beside the map>"): 1}
    assert keys("B#C->", "C") == {("card", "B", "C", "<discard>"): 1}
    # an ambush or a dominance card shown face up is named: not matched by another card of its suit (a bird
    # discarded to train, 8.5.3; a card put in the Decree, 7.4.2)
    assert keys("B#@A->", "A") == {("card", "B@", "A", "<discard>"): 1}
    assert keys("R#domE->$_b", "E") == {("card", "Rdom", "E", "E$_b"): 1} != keys("R#E->$_b", "E")
    assert keys("#C->A$", "C") == {("supporter", "C"): 1} and keys("#->A$", "C") == {("supporter", "<deck>"): 1}
    assert keys("#C->V", "V") == {("to hand", "C", "V"): 1}  # D.1.2 Steal: a card unseen from one hand to another
    # 9.5.4 Aid: the suit compared one way (a record may leave it out)
    plain, one_way = rootlog_check.split_items(keys("R#V->C", "V"))
    assert plain == {("to hand", "V", "C"): 1} and one_way == {("hand card", "R", "V", "C"): 1}
    assert keys("2#->E", "E") == {("drawn", "E"): 2} and keys("#->C+V", "A") == {("drawn", "C"): 1, ("drawn", "V"): 1}
    plain, one_way = rootlog_check.split_items(keys("2#->E", "E") + keys("w11->12", "E"))
    assert plain == {("moved", "E"): 1} and one_way == {("drawn", "E"): 2}


def _fresh(players=("marquise", "eyrie", "alliance")):
    import planszowki

    return planszowki.load("root").new(1, list(players), {})


def _take(st, card: int) -> int:
    """Take a card out of the deck, the discard pile or a hand (a test puts it where it wants)."""
    for pile in (st.deck, st.discard, *st.hands.values()):
        if card in pile:
            pile.remove(card)
    return card


def _card(st, key: str) -> list[int]:
    return [c for c in range(54) if st.card(c).key == key]


def test_7_4_2_a_card_shown_by_name_may_be_the_one_the_decree_holds_shown_by_suit() -> None:
    """The record put a mouse card in the Decree by suit (``M#E->$_r``); the checker's Eyrie put a Codebreakers
    there, and the other Codebreakers is crafted: when the record shows the Eyrie crafting one (``Zcodeb``), the
    Decree's card is exchanged for another unseen mouse card (seed 7's false stop)."""
    st = _fresh()
    first, second = (_take(st, c) for c in _card(st, "mouse:Codebreakers"))
    st.crafted["marquise"].append(first)
    st.fdata["eyrie"]["decree_recruit"] = [second]
    need = rootlog_check.Need("E", name="codeb")
    assert rootlog_check.Hidden().ensure(st, [need])
    assert second in st.hands["eyrie"] and first in st.crafted["marquise"]
    (now,) = st.fdata["eyrie"]["decree_recruit"]
    assert st.card(now).suit == "mouse" and st.card(now).kind != "dominance" and now != second


def test_a_card_a_hand_shows_after_it_drew_is_kept_not_taken_beside_the_map() -> None:
    """``2#->V`` … ``R#domV->``: a card shown after the hand drew is not asked of the hand beforehand (it may be
    one it draws; the hand may have no room for every card the stretch shows), yet if the hand holds it, it stays
    there — a dominance card the stretch takes from beside the map (3.3.3) is not that one (seed 6's stop)."""
    def setup():
        st = _fresh()
        dom = _take(st, _card(st, "fox:Dominance")[0])
        st.deck.append(st.hands["eyrie"].pop())
        st.hands["eyrie"].append(dom)
        st.discard.append(_take(st, next(c for c in st.deck if st.card(c).suit == "fox"
                                         and st.card(c).kind != "dominance")))
        return st, dom

    later = rootlog_check.Need("E", "F", "dom", later=True)
    beside = rootlog_check.Need("avail", "F", "dom")
    st, dom = setup()
    rootlog_check.Hidden().ensure(st, [later, beside])
    assert dom in st.hands["eyrie"] and not st.available
    st, dom = setup()  # without the card the hand shows later, the same card goes beside the map
    assert rootlog_check.Hidden().ensure(st, [beside]) and st.available == [dom]


def test_the_writer_says_which_side_of_an_item_was_up() -> None:
    """9.2.5, 9.2.7: which of two hammers was removed or which side of a sword was up when it was damaged is not
    the same game: the writer writes where the item started (the spec's ``%fe->``, ``%fr->d``, ``%rde->s``)."""
    st = _fresh(("marquise", "eyrie", "vagabond"))
    w = rootlog._Writer(st.map, list(st.seats))
    w.in_setup, w.current = False, "vagabond"
    w.on_item_removed({"faction": "vagabond", "item": "hammer", "state": "x"}, "9.6.4")
    w.on_item_removed({"faction": "vagabond", "item": "hammer", "state": "e"}, "9.6.4")
    w.on_repair({"faction": "vagabond", "item": "boot", "state": "d"}, "9.5.7")
    w.on_refresh({"faction": "vagabond", "item": "crossbow", "state": "x", "count": 1}, "9.4.1")
    w.current = "marquise"
    w.on_damage({"faction": "vagabond", "item": "sword", "state": "r"}, "4.3.4")
    assert w.tokens == ["%hde->", "%he->", "%fdr->s", "%xde->r", "%sV$r->d"]
    rootlog_check.follow(rootlog.replay(rootlog.RootlogGame(), st.map, strict=False), w.tokens, "V")  # read back


class _Found(Exception):
    pass


def test_8_4_2_a_swap_that_leaves_a_payment_without_supporters_is_not_made() -> None:
    """The seed-4 defect: the checker swapped away a supporter the Alliance was paying a spread with (8.4.2.II);
    the engine rightly has no option there ("decision step alliance.pay produced no options"), so such a swap is
    not made."""
    def visit(st, step) -> None:
        if st.decision.kind == "alliance.pay":
            raise _Found(st)

    with pytest.raises(_Found) as found:
        random_playout(4, players=("eyrie", "alliance", "vagabond"), visit=visit)
    st = found.value.args[0].copy()
    assert rootlog_check._can_go_on(st)
    st.fdata["alliance"]["supporters"].clear()  # what a swap of every matching supporter would leave
    st._decision = None
    assert not rootlog_check._can_go_on(st)


#: engine games with three and four factions (seed, factions) that the check follows to the end (docs/rootlog.md
#: lists the others surveyed, followed or not)
ENGINE_GAMES = [
    (1, ("marquise", "eyrie", "alliance")),
    (2, ("marquise", "eyrie", "alliance", "vagabond")),
    (3, ("marquise", "alliance", "vagabond")),
    (4, ("eyrie", "alliance", "vagabond")),
    (5, ("marquise", "eyrie", "alliance", "vagabond")),
    (6, ("marquise", "eyrie", "vagabond")),
    (7, ("marquise", "eyrie", "alliance", "vagabond")),
    (9, ("eyrie", "alliance", "vagabond")),
    (10, ("marquise", "eyrie", "alliance")),
    (11, ("marquise", "eyrie", "vagabond")),
    (12, ("marquise", "eyrie", "alliance", "vagabond")),
    (13, ("eyrie", "alliance", "vagabond")),
    (14, ("marquise", "eyrie", "alliance")),
    (15, ("marquise", "alliance", "vagabond")),
]


@pytest.mark.parametrize(("seed", "players"), ENGINE_GAMES)
def test_engine_games_of_three_and_four_factions_are_followed_to_the_end(seed, players) -> None:
    """Hidden consequences the record shows only later (which Decree card paid for a move, which item was
    removed, whether an Arbiter could be enlisted) are found by comparing the items the record shows and by
    searching on for longer matches; a reshuffle during a battle's decision is no die roll. Seed 6 has two Decree
    moves that cancel out (``w11->12/w12->11``) and a dominance card spent for Field Hospitals (3.3.3); seed 1 an
    Alliance base removed with all its supporters of that suit (8.2.4) and Outrage paid and shown in one turn
    (8.2.6); seed 4 used to end in the engine's "alliance.pay produced no options" (a swap amid a payment); seed 5
    a Thief's Steal (D.1.2) against an Aid exhausting the same torch. Seeds 7 and 12 stopped at a craft (a
    Codebreakers the checker's Eyrie had put in the Decree, 7.4.2; a Sappers it had discarded to train, 8.5.3, where
    the record shows a bird Ambush!); seed 13 at an ambush the hand had no room for before it drew; seeds 3, 8, 11
    at the Vagabond's items (an item taken after an Aid, 9.5.4, not compared; which hammer was removed, 9.6.4; a
    repair the record does not show matched where it exhausts the hammer for an Aid)."""
    st, _ = random_playout(seed, players=players)
    text = rootlog.write(st)
    result = rootlog_check.check(text, seed=5)
    assert result.followed, result.text()
    assert result.scores == {rootlog.LETTER[f]: v for f, v in st.vp.items()}
    assert result.engine_winner == result.record_winner
