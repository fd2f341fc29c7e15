"""Appendix A, Advanced Setup (``options={"setup": "advanced"}``): its steps in the Law's order as the players'
own decisions, the options it refuses by rule, hidden hands (A.10), saves, and random playouts on every map."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import GAME, canonical, check_finished, check_redeal, event_args, events, random_playout
from test_invariants import MAX_VP, check_heavy

from planszowki.engine import UnsupportedSetup
from planszowki.games.root import advanced_setup, setup_cards
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
    with pytest.raises(UnsupportedSetup, match=r"A\.1"):
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


def test_a_5_the_group_may_ignore_the_variant_maps_tower_and_ferry():
    st = advanced(seed=8, map="lake", landmarks=["tower"], map_landmarks="ignore")
    assert st.ferry == -1  # no Ferry on the Lake this game
    st.apply(st.decision.options[0].id)
    assert st.landmarks == ("tower",) and st.ferry == -1
    st = advanced(seed=8, map="mountain", landmarks=["ferry"], map_landmarks="ignore")
    assert st.tower == -1
    with pytest.raises(UnsupportedSetup, match="landmarks"):
        advanced(map="lake", map_landmarks="ignore")


def test_a_5_landmarks_and_a_6_hirelings_only_in_the_advanced_setup():
    with pytest.raises(UnsupportedSetup, match="Advanced Setup"):
        GAME.new(seed=1, players=FOUR, options={"landmarks": ["tower"]})
    with pytest.raises(UnsupportedSetup, match=r"A\.5\.1"):
        advanced(landmarks=["tower"], landmark_count=2)
    with pytest.raises(UnsupportedSetup, match="setup must be"):
        GAME.new(seed=1, players=FOUR, options={"setup": "fancy"})


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
    assert Counter(a["faction"] for a in event_args(st, "card_returned")) == {s: 2 for s in st.seats}
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


def test_law_5_five_corner_factions_refused_with_the_standard_faction_setup():
    with pytest.raises(UnsupportedSetup, match=r"A\.8\.1"):
        advanced(players=["marquise", "eyrie", "cult", "duchy", "warlord"])


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


# -- A.8.1–A.8.2 the faction setup card draft ---------------------------------------------------------------
def seats(n: int) -> list[str]:
    return [f"player{i + 1}" for i in range(n)]


def draft(seed: int = 1, n: int = 4, **options):
    return GAME.new(seed=seed, players=seats(n), options={"setup": "advanced", "factions": "draft", **options})


def dealt(st) -> list[str]:
    return [e.args["faction"] for e in st.log if e.kind in ("setup_card_dealt", "setup_card_dealt_vagabond")]


def to_draft(st, rnd: random.Random | None = None):
    """Random choices until the next faction is chosen in the draft (or the setup ends)."""
    rnd = rnd or random.Random(0)
    while st.phase == "setup" and st.decision.kind != "setup.draft":
        st.apply(rnd.choice(st.decision.options).id)
    return st


def test_a_8_1_one_card_more_than_players_the_first_militant():
    for seed in range(8):
        st = to_draft(draft(seed, n=3 + seed % 3))
        cards = dealt(st)
        assert len(cards) == len(st.seats) + 1
        assert setup_cards.cards()[cards[0]]["militant"]
        assert len(set(cards) - {"vagabond"}) == len([c for c in cards if c != "vagabond"])


def test_a_8_1_i_two_players_deal_only_militant_cards():
    for seed in range(6):
        cards = dealt(to_draft(draft(seed, n=2)))
        assert len(cards) == 3 and all(setup_cards.cards()[c]["militant"] for c in cards)


def test_a_8_1_ii_a_last_insurgent_is_locked_until_a_militant_is_chosen():
    for seed in range(60):
        st = to_draft(draft(seed, n=3))
        locked = event_args(st, "setup_card_locked")
        if not locked:
            continue
        f = locked[0]["faction"]
        militant = [o for o in st.decision.options if setup_cards.cards()[o.args["faction"]]["militant"]]
        if len(militant) == len(st.decision.options):
            continue
        assert all(o.args["faction"] != f for o in st.decision.options)
        insurgent = next(o for o in st.decision.options if not setup_cards.cards()[o.args["faction"]]["militant"])
        st.apply(insurgent.id)
        to_draft(st)
        assert all(o.args["faction"] != f for o in st.decision.options)  # still no militant chosen
        st.apply(militant[0].id if militant[0].id in {o.id for o in st.decision.options}
                 else next(o for o in st.decision.options if setup_cards.cards()[o.args["faction"]]["militant"]).id)
        to_draft(st)
        assert any(o.args["faction"] == f for o in st.decision.options)
        return
    raise AssertionError("no seed dealt a locked insurgent with a choice around it")


def test_a_8_1_iii_a_vagabond_card_comes_with_its_character():
    for seed in range(40):
        st = to_draft(draft(seed, n=4))
        vb = [o for o in st.decision.options if o.action == "choose_vagabond"]
        if not vb:
            continue
        character = vb[0].args["character"]
        assert event_args(st, "setup_card_dealt_vagabond")[0]["character"] == character
        st.apply(vb[0].id)
        assert st.fdata["vagabond"]["character"] == character
        assert "vagabond.setup.character" not in {fr["k"] for fr in st.stack}
        return
    raise AssertionError("no Vagabond card dealt")


def test_a_8_2_the_last_player_chooses_first_and_sets_up_before_the_next_chooses():
    st = to_draft(draft(3, n=4))
    order = list(st.seats)
    assert st.decision.player == order[-1]
    choice = st.decision.options[0]
    st.apply(choice.id)
    f = choice.args["faction"]
    assert st.seats[-1] == f and event_args(st, "faction_chosen") == [{"was": order[-1], "faction": f}]
    to_draft(st)
    assert st.decision.player == order[-2]
    assert st.warriors_on_map(f) > 0 or f in ("alliance", "vagabond")  # set up already


def test_a_8_2_the_seat_keeps_its_hand_and_its_private_log_under_its_faction_name():
    st = to_draft(draft(4, n=3))
    old = st.decision.player
    hand = list(st.hands[old])
    opt = next(o for o in st.decision.options if o.args["faction"] != "vagabond")
    st.apply(opt.id)
    f = opt.args["faction"]
    assert st.hands[f] == hand and old not in st.hands and old not in st.seats
    private = [e for e in st.log if e.kind == "draw_private" and e.args["faction"] == f]
    assert private and all(e.seats == (f,) for e in private)
    assert all(old not in (e.seats or ()) for e in st.log)


def homelands(st) -> dict[str, list[int]]:
    return {s: st.fdata[s]["homelands"] for s in st.seats if "homelands" in st.fdata.get(s, {})}


def test_a_8_2_i_ii_homelands_apart_and_far_as_the_cards_ask():
    from planszowki.games.root.factions.keepers import map_edge

    checked = set()
    for seed in range(30):
        st = finish_setup(draft(seed, n=5, map=("autumn", "winter", "lake", "mountain")[seed % 4]),
                          random.Random(seed))
        homes = homelands(st)
        taken = [c for cs in homes.values() for c in cs]
        assert len(taken) == len(set(taken))  # A.8.2.I: never an enemy's homeland
        for f, cs in homes.items():
            rules = setup_cards.HOMELAND_RULES[f]
            if rules[1]:
                assert set(cs) <= set(map_edge(st)), (f, cs)
            if f == "marquise":
                assert all(any(o in st.adj[c] for o in cs if o != c) for c in cs)
            if f == "keepers":
                assert cs[1] in st.adj[cs[0]]
            checked.add(f)
    assert {"marquise", "eyrie", "duchy", "cult", "corvid", "warlord", "keepers"} <= checked


def test_a_8_2_ii_as_far_from_enemy_homelands_as_possible():
    st = draft(5, n=3)
    dist = setup_cards._distance(st, {0})  # an enemy homeland in clearing 1
    everywhere = [(c,) for c in range(1, 12)]
    apart = setup_cards._tiers(st, "player1", dist, everywhere, setup_cards.APART)
    assert apart and all(c not in st.adj[0] for (c,) in apart)  # not adjacent when possible
    far = setup_cards._tiers(st, "player1", dist, everywhere, setup_cards.FAR)
    assert far and all(dist[c] >= 3 for (c,) in far)  # two or more clearings between
    near = [(a,) for a in st.adj[0]]
    assert setup_cards._tiers(st, "player1", dist, near, setup_cards.FAR) == near  # else adjacent after all


def test_law_5_five_corner_factions_set_up_with_the_draft():
    pool = ["marquise", "eyrie", "duchy", "warlord", "keepers", "cult"]
    for seed in range(4):
        st = finish_setup(draft(seed, n=5, draft_pool=pool), random.Random(seed))
        assert len(st.seats) == 5 and all(f in pool for f in st.seats)
        assert all(st.warriors_on_map(f) > 0 for f in st.seats)
        assert st.total_cards() == DECK_SIZE


def test_draft_players_are_seat_names():
    with pytest.raises(UnsupportedSetup, match="player1"):
        GAME.new(seed=1, players=["marquise", "eyrie"], options={"setup": "advanced", "factions": "draft"})
    with pytest.raises(UnsupportedSetup, match=r"A\.8\.1"):
        draft(1, n=3, draft_pool=["alliance", "cult", "corvid", "riverfolk"])  # no militant card
    with pytest.raises(UnsupportedSetup, match="draft_pool"):
        advanced(draft_pool=["eyrie"])


def test_draft_round_trips_mid_draft_and_continues_identically():
    st = draft(6, n=4, map="lake", landmarks=["tower", "ferry"])
    rnd = random.Random(6)
    for _ in range(40):
        if st.phase != "setup":
            break
        if st.decision.kind in ("setup.draft", "setup.homeland", "setup.spread", "setup.marquise"):
            check_heavy(st, rnd)
            for s in (*st.seats, None):
                check_redeal(st, rnd, s)
        st.apply(rnd.choice(st.decision.options).id)


@pytest.mark.parametrize("board", ["autumn", "winter", "lake", "mountain"])
def test_random_playouts_with_the_draft_keep_the_invariants(board):
    for seed in range(3):
        rnd = random.Random(seed)

        def visit(st, step, rnd=rnd):
            check_decision(st)
            assert st.total_cards() == DECK_SIZE
            if step % 89 == 7:
                check_heavy(st, rnd)
                for s in (*st.seats, None):
                    check_redeal(st, rnd, s)

        st, _ = random_playout(50_000 + seed, players=seats(2 + (seed * 2 + len(board)) % 5), visit=visit,
                               options={"map": board, "setup": "advanced", "factions": "draft"})
        check_finished(st, MAX_VP)
        assert not any(setup_cards.PLACEHOLDER.match(s) for s in st.seats)


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iterations=20"])
def test_bots_take_the_draft_and_finish_the_game(spec):
    """The bots choose setup cards, homelands and starting hands; ISMCTS (slow) through the setup, where its
    determinizations must cope with renamed seats, then the heuristic bot to the end."""
    from planszowki import bots

    st = draft(7, n=3, landmarks=["tower", "ferry"])
    order = list(st.seats)
    players = {s: bots.make(spec, i) for i, s in enumerate(order)}
    finish = {s: bots.make("heuristic", i) for i, s in enumerate(order)}
    kinds = set()
    moves = 0
    while not st.terminal and moves < 6000:
        d = st.decision
        kinds.add(d.kind)
        # a seat is renamed to its faction when it chooses (A.8.2): the bots follow the seats by position
        who = order[st.seats.index(d.player)]
        bot = players[who] if st.phase == "setup" else finish[who]
        oid = bot.choose(st, d.player)
        assert d.find(oid) is not None
        st.apply(oid)
        moves += 1
    assert st.terminal and {"setup.draft", "setup.keep_three", "setup.landmark"} <= kinds


@pytest.mark.parametrize("factions", ["standard", "draft"])
def test_rootlog_follows_advanced_setup_games(factions):
    """Rootlog (docs/rootlog.md) of games with the Advanced Setup, read back and followed, gives the engine's
    pieces (the Ferry landmark, the Cult's acolytes), hands (five drawn, two put back) and VP."""
    from planszowki.games.root import rootlog

    for seed in range(4):
        board = ("autumn", "winter", "lake", "mountain")[seed]
        players = seats(4) if factions == "draft" else ["marquise", "eyrie", "cult", "riverfolk"]
        st = GAME.new(seed=seed, players=players, options={"setup": "advanced", "factions": factions, "map": board,
                                                          "landmarks": ["tower", "ferry"]})
        rnd = random.Random(seed)
        for step in range(160):
            st.apply(rnd.choice(st.decision.options).id)
            if step % 9 == 0 and not any(setup_cards.PLACEHOLDER.match(s) for s in st.seats):
                text = rootlog.write(st)
                tally = rootlog.replay(rootlog.read(text), st.map)
                letters = [rootlog.LETTER[f] for f in st.seats]
                assert rootlog.tally_summary(tally, letters) == rootlog.engine_tally(st), (seed, step)


def test_a_6_5_hirelings_dealt_are_not_those_of_the_factions_in_play():
    from planszowki.games.root import hirelings

    for seed in range(6):
        st = finish_setup(advanced(seed, players=["marquise", "eyrie"], hirelings=True), random.Random(seed))
        sides = hirelings.in_play(st)
        assert len(sides) == 3
        assert not {hirelings.side_info(s)["faction"] for s in sides} & {"marquise", "eyrie"}



def test_a_6_5_too_few_hirelings_besides_those_of_the_factions_in_play(monkeypatch):
    class Fake:
        HIRELINGS = ("patrol", "dynasty", "band", "bandits")

        @staticmethod
        def side_info(name):
            return {"faction": {"patrol": "marquise", "dynasty": "eyrie"}.get(name)}

        @staticmethod
        def setup_hirelings(st, chosen, demoted=()):
            raise AssertionError("not reached")

    monkeypatch.setattr(advanced_setup, "hirelings_module", lambda: Fake)
    with pytest.raises(UnsupportedSetup, match=r"A\.6\.5"):
        advanced(2, players=["marquise", "eyrie"], hirelings=True)


def test_a_6_5_the_draft_leaves_out_the_factions_of_the_hirelings_in_play():
    from planszowki.games.root import hirelings

    for seed in range(8):
        st = to_draft(draft(seed, n=4, hirelings=True), random.Random(seed))
        blocked = {hirelings.side_info(s)["faction"] for s in hirelings.in_play(st)}
        assert not {setup_cards._card_faction(c)[0] for c in st.view(None)["draft"]["cards"]} & blocked


@pytest.mark.parametrize("factions", ["standard", "draft"])
def test_advanced_setup_games_render_strictly_in_both_languages(factions):
    """Every event, option and prompt of the Advanced Setup (landmarks, the draft, homelands, hands) renders in
    English and Polish with no missing entry or argument."""
    from planszowki import i18n
    from planszowki.engine import Decision

    for seed in range(3):
        board = ("lake", "mountain", "autumn")[seed]
        players = seats(3 + seed) if factions == "draft" else ["marquise", "eyrie", "cult", "vagabond"]
        st = GAME.new(seed=seed, players=players, options={"setup": "advanced", "factions": factions, "map": board,
                                                          "landmarks": ["tower", "ferry"]})
        rnd = random.Random(seed)
        while st.phase == "setup":
            d = st.decision
            assert isinstance(d, Decision)
            named = not any(setup_cards.PLACEHOLDER.match(s) for s in st.seats)
            for lang in i18n.LANGS:
                if named:
                    assert "{" not in i18n.decision_prompt(d, lang, strict=True)
                for opt in d.options:
                    assert "{" not in i18n.option_label(opt, lang, d.kind, strict=True)
            st.apply(rnd.choice(d.options).id)
        assert {e.kind for e in st.log} >= {"landmarks_dealt", "landmark", "card_returned", "deck_shuffled"}
        for ev in st.log:
            for lang in i18n.LANGS:
                assert "{" not in i18n.render_event(ev, lang, strict=True), ev
