"""Random-playout invariants for games with hirelings (Appendix E), on every map.

The same promises as ``test_invariants.py``: no exception, a decision always has unique options citing the Law,
cards and pieces conserved (a hireling's warriors within its count, E.1: one controller per card), copy and JSON
round trips equal, the same seed and options give the same game, and views leak nothing (redealing what a seat
does not know leaves its view unchanged). The heuristic bots finish games with hirelings too.
"""

from __future__ import annotations

import random

import pytest
from helpers import GAME, canonical, check_redeal

from planszowki.bots.heuristic import HeuristicBot
from planszowki.games.root import hirelings as h
from planszowki.games.root.invariants import check_finished, check_round_trip, check_state

LINEUPS = (
    (("marquise", "alliance"), ("last_dynasty", "raven_sentries", "badger_bodyguards")),
    (("cult", "vagabond", "riverfolk"), ("forest_patrol", "last_dynasty", "badger_bodyguards")),
    (("duchy", "alliance", "vagabond", "cult"), ("forest_patrol", "bluebird_nobles", "raven_sentries")),
    (("marquise", "vagabond", "vagabond2", "alliance"), ("last_dynasty", "raven_sentries", "badger_bodyguards")),
    (("corvid", "alliance", "riverfolk"), ("forest_patrol", "bluebird_nobles", "badger_bodyguards")),
    (("marquise", "alliance", "cult"), ("bandit_gangs", "rat_smugglers", "otter_divers")),
    (("vagabond", "duchy", "eyrie"), ("rabbit_scouts", "lizard_envoys", "bandit_gangs")),
    (("eyrie", "vagabond", "cult"), ("spring_uprising", "feline_physicians", "otter_divers")),
    (("marquise", "eyrie", "duchy"), ("the_brigand", "rabbit_scouts", "otter_divers")),
    (("alliance", "eyrie", "warlord"), ("the_brigand", "bandit_gangs", "raven_sentries")),
    (("marquise", "eyrie", "cult"), ("the_exile", "rabbit_scouts", "otter_divers")),
    (("marquise", "eyrie", "cult"), ("flame_bearers", "furious_protector", "corvid_spies")),
    (("vagabond", "duchy", "corvid"), ("riverfolk_flotilla", "warm_sun_prophets", "bandit_gangs")),
    (("marquise", "eyrie", "alliance"), ("vault_keepers", "furious_protector", "raven_sentries")),
    (("vagabond", "warlord", "corvid"), ("sunward_expedition", "warm_sun_prophets", "bandit_gangs")),
    (("marquise", "eyrie", "alliance"), ("street_band", "mole_artisans", "raven_sentries")),
    (("vagabond", "warlord", "corvid"), ("popular_band", "lizard_envoys", "highway_bandits")),
)
MAPS = ("autumn", "winter", "lake", "mountain")


def new_game(seed: int, players, sides, board: str, deck: str = "standard"):
    st = GAME.new(seed=seed, players=list(players), options={"map": board, "deck": deck})
    h.setup_hirelings(st, list(sides))  # A.6, before the factions set up
    st._settle()
    return st


def playout(seed: int, players, sides, board: str, deck: str = "standard", visit=None):
    st = new_game(seed, players, sides, board, deck)
    rnd = random.Random(seed * 7 + 1)
    chosen = []
    step = 0
    while st.decision is not None:
        assert step < 20_000, f"game {seed} did not end"
        if visit is not None:
            visit(st, step, rnd)
        oid = rnd.choice(st.decision.options).id
        chosen.append(oid)
        st.apply(oid)
        step += 1
    return st, chosen


def _visit(st, step, rnd):
    check_state(st)
    if step % 97 == 41:
        check_round_trip(st, GAME)
    if step % 151 == 77:
        for seat in (*st.seats, None):
            check_redeal(st, rnd, seat)


@pytest.mark.parametrize("board", MAPS)
def test_playouts_with_hirelings_keep_every_invariant(board):
    for i, (players, sides) in enumerate(LINEUPS):
        seed = 100 + i + 10 * MAPS.index(board)
        st, _ = playout(seed, players, sides, board, "exiles" if i % 2 else "standard", visit=_visit)
        check_finished(st)


def test_playouts_go_through_the_hirelings_rules():
    """The playouts prove something only if they reach Appendix E's rules: check that they do."""
    seen: set[str] = set()
    for seed in range(48):
        players, sides = LINEUPS[seed % len(LINEUPS)]
        st, _ = playout(200 + seed, players, sides, MAPS[seed % 4])
        for e in st.log:
            if e.kind in ("hireling_marker", "hireling_gained", "hireling_given", "hireling_control", "bluebird_nobles",
                          "ignore_hit", "hireling_card"):
                seen.add(e.kind)
            elif e.kind == "hireling_action":
                seen.add(e.args["hireling"])
            elif e.kind == "battle" and h.is_hireling(e.args["faction"]):
                seen.add("hireling_attacks")
            elif e.kind == "battle" and h.is_hireling(e.args["defender"]):
                seen.add("hireling_defends")
            elif e.kind == "extra_hit" and e.args.get("why") == "raven_sentries":
                seen.add("raven_sentries")
            elif e.kind == "envoys_take" or (e.kind == "spend" and e.args.get("why") == "rabbit_scouts"):
                seen.add(e.kind)
            elif e.kind == "discard" and e.rule == "E.2.2":
                seen.add("rat_smugglers")  # or the Spring Uprising's toll
            elif e.kind in ("exile_aid", "exile_item_removed", "brigand_item", "protector_moved", "prophets_force",
                            "flotilla_moved", "artisans_reveal", "bandit_toll") or (
                    e.kind == "card_taken" and e.rule == "E.2.4"):
                seen.add(e.kind)
            elif e.kind == "uprising_roll" or (e.kind == "spend" and e.args.get("why") == "feline_physicians"):
                seen.add(e.args.get("why") or e.kind)
    assert seen >= {"hireling_marker", "hireling_gained", "hireling_given", "hireling_control", "bluebird_nobles",
                    "ignore_hit", "hireling_card", "hireling:last_dynasty", "hireling:forest_patrol",
                    "hireling_attacks", "hireling_defends", "raven_sentries", "hireling:bandit_gangs", "envoys_take",
                    "spend", "rat_smugglers", "uprising_roll", "feline_physicians",
                    "brigand_item", "exile_aid", "exile_item_removed", "hireling:the_exile",
                    "protector_moved", "hireling:corvid_spies", "prophets_force", "flotilla_moved",
                    "hireling:vault_keepers", "hireling:sunward_expedition",
                    "hireling:street_band"}, seen


STOIC_LINEUPS = (
    (("warlord", "cult", "vagabond"), ("stoic_protector", "forest_patrol", "vault_keepers")),
    (("marquise", "alliance", "cult"), ("stoic_protector", "last_dynasty", "flame_bearers")),
)


@pytest.mark.parametrize("board", MAPS)
def test_stoic_protector_playouts_keep_every_invariant(board):
    """The Stoic Protector (off the map until hired, then shielding its controller's pieces) in random playouts."""
    moved = 0
    for i, (players, sides) in enumerate(STOIC_LINEUPS):
        st, _ = playout(300 + i + 10 * MAPS.index(board), players, sides, board, "exiles" if i else "standard",
                        visit=_visit)
        check_finished(st)
        moved += sum(1 for e in st.log if e.kind == "stoic_moved")
    assert moved  # hired (E.2.1) or moved in a Birdsong (E.2.3) at least once


def test_games_with_hirelings_are_deterministic():
    players, sides = LINEUPS[1]
    a, chosen = playout(7, players, sides, "lake")
    b = new_game(7, players, sides, "lake")
    for oid in chosen:
        b.apply(oid)
    assert canonical(GAME.to_json(a)) == canonical(GAME.to_json(b))
    assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log]


@pytest.mark.parametrize(("players", "sides"), LINEUPS[:3])
def test_heuristic_bots_finish_games_with_hirelings(players, sides):
    for seed in range(2):
        st = new_game(seed, players, sides, MAPS[seed % 4])
        bots = {s: HeuristicBot(seed=seed) for s in players}
        steps = 0
        while st.decision is not None:
            assert steps < 5000
            d = st.decision
            st.apply(bots[d.player].choose(st, d.player))
            steps += 1
        assert st.result is not None
        assert any(e.kind == "hireling_gained" for e in st.log)


def test_a_hireling_game_renders_strictly_in_both_languages():
    from planszowki import i18n

    players, sides = LINEUPS[2]
    st, _ = playout(5, players, sides, "autumn")
    assert any(h.is_hireling(str(e.args.get("faction", ""))) for e in st.log)
    for lang in i18n.LANGS:
        for e in st.log:
            text = i18n.render_event(e, lang, strict=True)
            assert "hireling:" not in text, text


def test_rootlog_writes_hirelings_as_the_spec_says_and_reads_them_back():
    """Rootlog 2.8 "Hirelings": ``h_<type>[d]`` as factions, the ``Hirelings:`` header with their setup, hiring as
    ``h_E->A$4``; the record reads back and its moves replay (``rootlog check`` follows such records:
    tests/root/test_rootlog_check_advanced.py)."""
    from planszowki.games.root import rootlog

    players, sides = LINEUPS[1]
    st, _ = playout(4, players, sides, "autumn")
    text = rootlog.write(st)
    header = [line for line in text.splitlines() if line.startswith("Hirelings: ")]
    assert header and header[0].startswith("Hirelings: h_C, h_E, h_Kd/h_Cw->1/h_Cw->2/")
    hires = [t for _, line in rootlog.read(text).turns for t in line if t.startswith("h_") and "->" in t
             and "$" in t]
    gained = [e.args for e in st.log if e.kind == "hireling_gained"]
    assert len(hires) == len(gained) and gained
    first = gained[0]
    assert hires[0] == f"{rootlog.LETTER[first['hireling']]}->{rootlog.LETTER[first['faction']]}${first['markers']}"
    tally = rootlog.replay(rootlog.read(text), st.map)
    last = gained[-1]
    assert tally.cards[f"{rootlog.LETTER[last['faction']]}$"][rootlog.LETTER[last["hireling"]]] == 1
