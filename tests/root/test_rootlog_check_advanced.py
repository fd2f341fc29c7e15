"""``planszowki rootlog check`` on records of the Advanced Setup (Appendix A) and of games with hirelings (Appendix E).

The engine's own writer records random games; the check follows them with other unseen cards (``seed=5``). What
the notation cannot carry is tried: the control die (E.1.2, whose markers the hire shows, ``h_E->A$4``) and the
Spring Uprising's die ("don't notate die") face by face, the cards each player puts back (A.10, hidden) as the
first ones; the landmarks (A.5.3), the hirelings' sides (A.6 Step 2) and the setup cards dealt (A.8.1) are taken from
the header lines (``Landmarks:``, ``Hirelings:``, ``Pool:``).
"""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import GAME, random_playout

from planszowki.games.root import hirelings, rootlog, rootlog_check
from planszowki.games.root.content import load_map


def _followed(st) -> None:
    text = rootlog.write(st)
    result = rootlog_check.check(text, seed=5)
    assert result.followed, result.text()
    assert result.scores == {rootlog.LETTER[f]: v for f, v in st.vp.items()}
    assert result.engine_winner == result.record_winner == rootlog.read(text).winner


#: random engine games of the Advanced Setup followed to the end (seed, players, options); docs/rootlog.md lists
#: the others surveyed
ADVANCED_GAMES = [
    # A.6 hirelings: the Vault Keepers' setup (warriors and a vault), the Raven Sentries demoted, the Exile's pawn;
    # hires at 4/8/12 and cards passed on with no control markers left (E.1.3), the Exile's moves
    (1, ("marquise", "eyrie"), {"hirelings": ["vault_keepers", "raven_sentries", "the_brigand"]}),
    # the Riverfolk Flotilla's and the Furious Protector's pawns, the Forest Patrol
    (3, ("eyrie", "alliance"), {"hirelings": ["riverfolk_flotilla", "forest_patrol", "furious_protector"]}),
    # the Spring Uprising's die, not notated ("don't notate die"): tried suit by suit; the Furious Protector removing
    # a warrior of the Marquise in her own Birdsong, saved by Field Hospitals (6.2.3) amid that action
    (17, ("marquise", "eyrie"), {"hirelings": ["riverfolk_flotilla", "spring_uprising", "furious_protector"]}),
    # the Highway Bandits on paths (h_Tw->5_9) and their toll, the Sunward Expedition, the Warm Sun Prophets
    (22, ("marquise", "eyrie", "alliance"), {"hirelings": ["sunward_expedition", "warm_sun_prophets",
                                                           "highway_bandits"]}),
    # A.7 five cards drawn, A.10 two put back
    (5, ("marquise", "eyrie"), {}),
    # A.8.1–A.8.2 the draft from the setup cards of the Pool: line, a Vagabond's card with its character
    (14, ("player1", "player2", "player3"), {"factions": "draft",
                                             "draft_pool": ["marquise", "eyrie", "alliance", "vagabond"]}),
]


@pytest.mark.parametrize(("seed", "players", "options"), ADVANCED_GAMES)
def test_appendix_a_engine_games_of_the_advanced_setup_are_followed_to_the_end(seed, players, options) -> None:
    st, _ = random_playout(seed, players=players, options={"setup": "advanced", **options})
    if "hirelings" in options:
        assert any(e.kind == "hireling_gained" for e in st.log)
    _followed(st)


def test_e_1_2_a_hire_is_read_with_its_control_markers_and_passed_on() -> None:
    """The spec's "Hiring a Hireling": ``h_E->A$4`` — the card goes to the board of the player who gains it (from the
    last holder's, E.1.3), the control markers are compared one way (a record may leave the number out)."""
    keys = rootlog_check.token_keys
    assert keys("h_E->A$4", "A") == {("hired", "h_E", "A"): 1, ("control markers", "h_E", "A", 4): 1}
    assert keys("h_Ed->C$", "C") == {("hired", "h_E", "C"): 1}
    plain, one_way = rootlog_check.split_items(keys("h_E->A$4", "A"))
    assert plain == {("hired", "h_E", "A"): 1} and one_way == {("control markers", "h_E", "A", 4): 1}
    game = rootlog.read("Map: Fall\nHirelings: h_E, h_Pd, h_O/5h_Ew->1/h_Op->4\nC: a\nA: b\n\n"
                        "C:h_E->C$2\nA:h_E->A$4/h_Op->5/h_OXC5/Cw5->\n")
    t = rootlog.replay(game, load_map("autumn"), strict=False)
    assert t.cards["A$"]["h_E"] == 1 and not t.cards["C$"]["h_E"]
    assert t.pieces["1"]["h_Ew"] == 5 and t.pieces["5"]["h_Op"] == 1 and not t.pieces["4"]["h_Op"]


def test_e_the_specs_hireling_examples_read_and_replay() -> None:
    """The spec's examples: ``h_E->A$4`` (hire for four turns), ``%uh_V$->`` (the Outcast loses a club),
    ``h_Op->4/h_OXD4/3Dw4->`` (the Flotilla battles the Duchy), ``Sp->9/(w+Ew+Lw)9->`` (the Furious Protector)."""
    game = rootlog.read("Map: Fall\nHirelings: h_E, h_V, h_O\nA: a\nD: b\nE: c\nL: d\n\n"
                        "D:3w->4\nE:w->9\nL:w->9\nA:w->9/h_E->A$4/%uh_V$->/h_Op->4/h_OXD4/3Dw4->/Sp->9/(w+Ew+Lw)9->\n")
    t = rootlog.replay(game, load_map("autumn"))
    assert t.cards["A$"]["h_E"] == 1 and t.pieces["4"]["h_Op"] == 1 and not t.pieces["4"]["Dw"]
    assert t.pieces["9"]["Sp"] == 1 and not any(t.pieces["9"][k] for k in ("Aw", "Ew", "Lw"))
    keys = rootlog_check.token_keys
    assert keys("h_OXD4", "A") == {("X", "h_O", "D", "4"): 1}


def test_a_a_hand_style_record_of_the_advanced_setup_is_followed() -> None:
    """A record as a hand would write it: no draws (A.7 five cards, Evening draws) nor cards put back (A.10) — the
    ``Landmarks:`` line alone says it is the Advanced Setup (the spec's ADSET)."""
    import re

    st, _ = random_playout(23, players=("marquise", "eyrie"), options={
        "setup": "advanced", "map": "mountain", "landmarks": ["tower", "elder_treetop"]})
    lines = []
    for line in rootlog.write(st).splitlines():
        if re.match(r"[A-Z]:", line):
            head, acts = line.split(":", 1)
            acts = "/".join(a for a in acts.split("/") if not re.fullmatch(r"\d*#(?:->[A-Z]|[A-Z]->)", a))
            line = f"{head}:{acts}"
        lines.append(line)
    text = "\n".join(lines) + "\n"
    assert "5#->C" not in text and "Landmarks: " in text
    result = rootlog_check.check(text, seed=5)
    assert result.followed, result.text()
    assert result.scores == {rootlog.LETTER[f]: v for f, v in st.vp.items()}


def test_a_6_the_header_lines_name_the_hirelings_sides_landmarks_and_pool() -> None:
    game = rootlog.read("Map: Fall\nLandmarks: market->4/treetop->3\nHirelings: h_K, h_Pd, h_Vd/2h_Kw->7\n"
                        "Pool: CEVA\nC: a\nE: b\nV: c\n\nC:t_k->1\nE:b->3\nV:#thief->$/p->5\n")
    assert rootlog_check.hireling_sides(game) == ["vault_keepers", "raven_sentries", "the_brigand"]
    assert rootlog_check.landmarks(game) == [("black_market", 4), ("elder_treetop", 3)]
    assert rootlog_check.draft_pool(game)[:2] == ["marquise", "eyrie"]
    assert rootlog_check.draft_pool(game)[2] == "vagabond:thief"  # A.8.1.III: the character its setup line takes
    assert rootlog_check.advanced(game) and rootlog.brigand(game)  # (Landmarks:) the Brigand fills the ruins
    assert rootlog.hireling_setup(game) == ["2h_Kw->7"]
    plain = rootlog.read("Map: Fall\nHirelings: h_K\nC: a\nE: b\n\nC:3#->C/t_k->1\nE:3#->E/b->3\n")
    assert not rootlog_check.advanced(plain)  # hirelings added to the Standard Setup (as the engine's tests do)
    assert rootlog_check.advanced(rootlog.read("Map: Fall\nC: a\nE: b\n\nC:5#->C/t_k->1/2#C->\nE:b->3\n"))  # A.7
    # the spec's Pool: also names the factions a Standard Setup's players draft from (the shared records)
    assert not rootlog_check.advanced(rootlog.read("Map: Fall\nPool: CEOAL\nC: a\nE: b\n\nC:t_k->1\nE:b->3\n"))
    with pytest.raises(rootlog.RootlogError, match="h_Q"):
        rootlog_check.hireling_sides(rootlog.read("Map: Fall\nHirelings: h_Q\n"))


def test_a_6_the_writer_puts_every_hireling_setup_piece_and_pawn_on_the_hirelings_line() -> None:
    """A.6 Step 3 (the spec: "Don't notate which player set them up"): the Vault Keepers' vault along with their
    warriors, the Flotilla's pawn; later pawn moves are written as the hireling's (``h_Op->4``, the spec's example)."""
    st = GAME.new(2, ["marquise", "eyrie"], {"setup": "advanced",
                                             "hirelings": ["vault_keepers", "riverfolk_flotilla", "the_exile"]})
    while st.decision.kind == "hirelings.setup":
        st.apply(st.decision.options[0].id)
    line = next(x for x in rootlog.write(st).splitlines() if x.startswith("Hirelings: "))
    assert "h_Kw->" in line and "h_Kb->" in line and ("h_Op->" in line or "h_Vp->" in line), line
    w = rootlog._Writer(st.map, list(st.seats))
    w.in_setup, w.current = False, "marquise"
    w.on_flotilla_moved({"clearing": 4}, "E.2.3")
    w.on_exile_move({"forest": 1}, "E.2.4")
    w.on_hireling_steal({"faction": "marquise", "target": "eyrie", "hireling": "hireling:corvid_spies"}, "E.2.4")
    w.on_brigand_item({"faction": "marquise", "item": "sword", "clearing": 6}, "E.2.4")
    forest = "_".join(str(c + 1) for c in sorted(st.map.forests[0]))
    assert w.tokens == ["h_Op->4", f"h_Vp->{forest}", "#E->C", "%s6->$"]


class _Found(Exception):
    pass


def test_e_1_2_the_control_die_is_tried_face_by_face() -> None:
    """The control die is not in the record but the markers it gave are: each face is tried where the engine rolls
    it, and faces giving as many markers are one outcome (gold pips only when leading, E.1.2)."""
    def visit(st, step) -> None:
        if st.decision.kind == "hirelings.hire":
            raise _Found(st)

    with pytest.raises(_Found) as found:
        random_playout(1, players=("marquise", "eyrie"), options={
            "setup": "advanced", "hirelings": ["vault_keepers", "raven_sentries", "the_brigand"]}, visit=visit)
    st = found.value.args[0].copy()
    st.rng = rootlog_check.RecordedDice(st.rng.s)
    seat = st.decision.player
    checker = rootlog_check.Checker.__new__(rootlog_check.Checker)
    opt = st.decision.options[0]
    kids = checker.children(st, opt)
    assert all("[hireling die " in label for _, label in kids)
    markers = [next(e.args["markers"] for e in reversed(c.log) if e.kind == "hireling_gained") for c, _ in kids]
    faces = hirelings.content()["faces"]
    lead = hirelings.leading(st, seat)
    assert sorted(markers) == sorted({gold if lead else every for gold, every in faces})
    with pytest.raises(rootlog_check.NeedDice) as need:
        c = st.copy()
        c.rng.armed = True
        c.apply(opt.id)
    assert need.value.kind == "hireling" and need.value.n == len(faces)


def test_a_8_1_the_draft_writes_its_pool_and_is_followed_with_it() -> None:
    """A.8.1: the setup cards dealt are written on the spec's ``Pool:`` line (in the order dealt, a last insurgent card
    being locked, A.8.1.II); the check deals those and lets each seat choose the faction the first round of turns
    seats there (A.8.2)."""
    st, _ = random_playout(2, players=("player1", "player2", "player3"),
                           options={"setup": "advanced", "factions": "draft"})
    dealt = [e.args["faction"] for e in st.log if e.kind.startswith("setup_card_dealt")]
    text = rootlog.write(st)
    pool = next(x for x in text.splitlines() if x.startswith("Pool: "))[6:]
    assert len(pool) == len(dealt) == 4 and set(rootlog.read(text).players) <= set(pool)
    checker = rootlog_check.Checker(rootlog.read(text), seed=5)
    assert checker.seating == [rootlog.LETTER[f] for f in st.seats]
    d = checker.st.decision
    assert d.kind == "setup.draft"
    assert [o.args["faction"] for o in checker.allowed(d)] == [st.seats[-1].removesuffix("2")]


def test_12_5_reveals_are_compared_one_way_and_12_6_1_bird_discards_either_way() -> None:
    """12.5 (the Duchy's build and Sway), 10.5 (the Cult's rituals): a card revealed is compared by suit, one way (hand
    records may leave reveals out); an ambush the writer names (``B#@^``) also counts as a bird (``B#^``). 12.6.1: the
    revealed birds the Duchy discards in Evening match whether the record shows the discard or not."""
    keys = rootlog_check.token_keys
    assert keys("2M#^", "D") == {("revealed", "D", "M"): 2}
    assert keys("B#@^", "D") == {("revealed", "D", "B"): 1, ("revealed", "D", "B@"): 1}
    _, engine = rootlog_check.split_items(keys("B#@^", "D") + keys("F#^", "D"))
    assert rootlog_check.shown(keys("B#^", "D"), engine) and not rootlog_check.shown(keys("2B#^", "D"), engine)
    eff = Counter({("p", "5", "Db_c"): 1, ("optional", "card", "B", "D", "<discard>"): 1})
    opt = rootlog_check._optional(eff)
    assert eff == {("p", "5", "Db_c"): 1} and opt == {("card", "B", "D", "<discard>"): 1}
