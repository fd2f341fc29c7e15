"""Heuristic Keepers in Iron (bots/root/keepers.py): never peeking at face-down relics, winning against random
players in short games, and sensible choices (recovering the cheap relics first, delving what a waystation takes)."""

from __future__ import annotations

import planszowki
from planszowki.bots.heuristic import HeuristicBot, scorer_for
from planszowki.engine import Rng
from planszowki.games.root.factions import keepers as kp
from planszowki.lab import RunConfig, play_game

GAME = planszowki.load("root")
THREE = ["marquise", "eyrie", "keepers"]


def test_no_peeking_face_down_relics_and_hidden_hands() -> None:
    """The choice on the real state equals the choice on a state whose hidden information is dealt again: other
    hands, the deck and the values of the face-down relics (15.3.1, ``keepers.determinize``)."""
    for seed, players in ((11, THREE), (12, ["keepers", "marquise", "eyrie", "alliance"])):
        st = GAME.new(seed=seed, players=players)
        driver = {s: HeuristicBot(seed + i) for i, s in enumerate(players)}
        checked = 0
        for step in range(900):
            if st.terminal:
                break
            d = st.decision
            if d.player == "keepers" and len(d.options) > 1:
                scrambled = GAME.determinize(st, d.player, Rng(2000 + step))
                assert scrambled.view(d.player) == st.view(d.player)
                assert HeuristicBot(77).choose(st, d.player) == HeuristicBot(77).choose(scrambled, d.player), d.kind
                checked += 1
            st.apply(driver[d.player].choose(st, d.player))
        assert checked > 40


def test_keepers_beat_two_random_players_in_short_games() -> None:
    """The 3-player line-up of ``lab run --seats marquise=random,eyrie=random,keepers=heuristic``: the heuristic
    Keepers won 75% of 400 games in 74 turns on average before the relic pipeline (seed 10000); now nearly all, in
    about 24. Ten fixed games: at least nine won, in 32 turns or fewer on average."""
    cfg = RunConfig.make("root", {"marquise": "random", "eyrie": "random", "keepers": "heuristic"}, {"map": "autumn"},
                         max_turns=300, max_seconds=60)
    lines = [play_game(cfg, seed) for seed in range(10000, 10010)]
    assert all(line["reason"] in ("vp", "dominance") for line in lines), [line.get("error") for line in lines]
    wins = sum("keepers" in line["winners"] for line in lines)
    turns = sum(line["turns"] for line in lines) / len(lines)
    assert wins >= 9 and turns <= 32, (wins, turns)


# -- sensible choices at fixed positions (Autumn: clearing 12 is fox and touches F2 = 1, 9, 10, 12) ----------------
RETAINER = "bird:Faithful Retainer"


def kpos(clearings: dict, keepers: dict | None = None):
    return GAME.from_position({
        "seats": ["keepers", "marquise"], "turn": "keepers", "phase": "daylight", "seed": 0,
        "clearings": {str(k): v for k, v in clearings.items()},
        "players": {"keepers": dict(keepers or {}), "marquise": {}},
    })


def to_column(st, column: str) -> None:
    """Skip crafting and the Retinue's columns left of ``column`` (15.5.2: left to right)."""
    while st.decision.kind == "keepers.craft" or (
            st.decision.kind == "keepers.retinue" and kp.COLUMNS[st.stack[-1]["col"]] != column):
        st.apply("end crafting" if st.decision.kind == "keepers.craft" else
                 f"end {kp.COLUMNS[st.stack[-1]['col']]}")


def scores_of(st) -> dict[str, float]:
    d = st.decision
    return dict(zip((o.id for o in d.options), scorer_for(st, "keepers")(st, "keepers", d), strict=True))


def test_recover_takes_the_relics_that_keep_the_action_going_first() -> None:
    """15.5.2.III.c: with one fox clearing ruled, the 3 would end the Recover action (and discard the card) before
    the 1 is taken; the 1 goes first, and recovering beats moving."""
    st = kpos({12: {"warriors": {"keepers": 2}, "buildings": ["waystation_tablet_figure"],
                    "tokens": ["relic_tablet_3", "relic_tablet_1"]}})
    to_column(st, "recover")
    s = scores_of(st)
    assert max(s, key=s.get) == f"recover 12 with {RETAINER}"
    st.apply(f"recover 12 with {RETAINER}")
    s = scores_of(st)
    assert s["recover relic_tablet_1"] > s["recover relic_tablet_3"] > s["end recover"]


def test_delve_prefers_the_relic_a_waystation_there_can_take() -> None:
    """15.5.2.II then III: a tablet delved into 12, where a waystation shows tablets, is recovered in the same
    Daylight; a jewelry from the same forest (the same risk of a discard) would wait there."""
    st = kpos({12: {"warriors": {"keepers": 2}, "buildings": ["waystation_tablet_figure"]},
               9: {"warriors": {"keepers": 1}}, 10: {"warriors": {"keepers": 1}}},
              {"forests": {"F2": ["relic_tablet", "relic_jewelry"]}})
    to_column(st, "battle")
    st.apply(f"delve 12 with {RETAINER}")
    s = scores_of(st)
    assert s["delve relic_tablet from F2"] > s["delve relic_jewelry from F2"] > s["no delve"]


def test_relics_are_carried_to_a_waystation_of_their_type() -> None:
    """15.2.4: warriors moving from 10 to 12 take the tablet to the tablet waystation, where the Recover column can
    take it this Daylight."""
    st = kpos({12: {"warriors": {"keepers": 1}, "buildings": ["waystation_tablet_figure"]},
               10: {"warriors": {"keepers": 2}, "tokens": ["relic_tablet_2"]}})
    to_column(st, "move")
    s = scores_of(st)
    assert max(s, key=s.get).startswith("move 10->12"), s
    st.apply(max(s, key=s.get))
    assert st.decision.kind == "keepers.carry"
    s = scores_of(st)
    assert s["carry relic_tablet_2"] > s["carry nothing more"]
