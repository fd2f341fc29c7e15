"""`planszowki soak`: the CI smoke (every faction with every bot kind on every map), the plan over line-ups and
maps, and failures (errors, stalled games, broken invariants) saved as files `planszowki replay` follows."""

from __future__ import annotations

import json
from pathlib import Path

from planszowki import bots
from planszowki.cli.main import main
from planszowki.engine import load
from planszowki.lab.runner import read_results
from planszowki.lab.soak import SPECS, SoakConfig, bot_mix, game_config, lineups, setups, smoke_configs, soak

GAME = load("root")


def strip(lines: list[dict]) -> dict[int, dict]:
    return {d["seed"]: {k: v for k, v in d.items() if k != "duration"} for d in lines}


def test_smoke_every_faction_with_every_bot_kind_on_every_map(tmp_path: Path) -> None:
    configs = smoke_configs("root")
    s = soak(tmp_path, minutes=0, games=len(configs), configs=configs)
    assert s.failed == 0, [(f["seed"], f["reason"], f.get(f["reason"])) for f in s.failures]
    want = {(f, kind, m) for f in GAME.factions for kind in SPECS for m in GAME.maps}
    assert s.pairs == want and s.games == len(configs) == len(GAME.maps) * len(SPECS) * 3
    assert s.decks == {"standard", "exiles"}
    lines = read_results(tmp_path / "games.jsonl")
    assert len(lines) == s.games and not (tmp_path / "failures").exists()


def test_lineups_are_every_set_the_engine_accepts() -> None:
    plan = lineups("root")
    assert {len(p) for p in plan} == {2, 3, 4, 5, 6} and len(set(plan)) == len(plan)
    assert ("vagabond", "vagabond2") not in plan  # two Vagabonds alone are refused
    assert not any("vagabond2" in p and "vagabond" not in p for p in plan)  # 9.7: the second needs the first
    assert ("marquise", "eyrie", "vagabond", "vagabond2") in plan
    for p in plan[::37]:
        GAME.new(seed=1, players=list(p))


def test_the_plan_meets_every_line_up_on_every_map_with_every_deck_and_is_deterministic() -> None:
    plan = [("marquise", "eyrie"), ("cult", "corvid"), ("duchy", "riverfolk")]
    every = setups("root")
    assert len(every) == 12 and {"map": "lake", "deck": "exiles"} in every and {"map": "winter"} in every
    advanced = [o for o in every if o.get("setup") == "advanced"]  # Appendix A with hirelings and every landmark
    assert {o["map"] for o in advanced} == set(GAME.maps) and all(o["hirelings"] is True for o in advanced)
    cfg = SoakConfig(seed=5)
    seen = {(tuple(c.players), repr(c.options)) for c in (game_config(cfg, i, plan, every) for i in range(3 * 12))}
    assert len(seen) == len(plan) * len(every)
    assert game_config(cfg, 7, plan, every) == game_config(SoakConfig(seed=5), 7, plan, every)
    mixes = [bot_mix(5, i, ("marquise", "eyrie", "cult")) for i in range(120)]
    assert {spec for m in mixes for spec in m.values()} == set(SPECS.values())  # every kind in a few games
    assert all(sum(spec == SPECS["ismcts"] for spec in m.values()) <= 1 for m in mixes)


def test_the_great_walls_plan_meets_every_mode_and_player_count_and_its_games_run(tmp_path: Path) -> None:
    # the standard game and co-op with 2 (and the Reed Clan), 3 and 4 clans; solo against Qin Jiushao with 1
    plan, every = lineups("great_wall"), setups("great_wall")
    assert {len(p) for p in plan} == {1, 2, 3, 4}
    cfg = SoakConfig("great_wall", seed=7, max_turns=3)
    games = [game_config(cfg, i, plan, every) for i in range(2 * len(plan))]
    met = {(len(c.players), dict(c.options).get("mode", "standard")) for c in games}
    assert met == {(n, m) for n in (2, 3, 4) for m in ("standard", "coop")} | {(1, "solo")}
    assert all((len(c.players) == 1) == (dict(c.options).get("mode") == "solo") for c in games)
    s = soak(tmp_path, minutes=0, games=len(games), config=cfg, plan=plan, options=every)
    assert s.failed == 0, [(f["seed"], f["reason"], f.get(f["reason"])) for f in s.failures]
    assert set(s.setups) == {"default", "mode=coop", "mode=solo"}
    assert {k for k in s.players} == {f"{m} {n}" for m in ("default", "mode=coop") for n in (2, 3, 4)} | {"mode=solo 1"}


def test_workers_do_not_change_the_games(tmp_path: Path) -> None:
    plan = [("marquise", "duchy"), ("vagabond", "vagabond2", "corvid")]
    cfg = SoakConfig(seed=3, max_turns=10)
    soak(tmp_path / "one", minutes=0, games=4, workers=1, config=cfg, plan=plan)
    soak(tmp_path / "two", minutes=0, games=4, workers=2, config=cfg, plan=plan)
    a, b = (strip(read_results(tmp_path / d / "games.jsonl")) for d in ("one", "two"))
    assert sorted(a) == [3, 4, 5, 6] and a == b


def replay(path: str, capsys) -> tuple[int, str]:
    rc = main(["replay", path, "--lang", "en"])
    out, err = capsys.readouterr()
    return rc, out + err


def test_a_stalled_game_is_a_failure_with_a_save_that_replays(tmp_path: Path, capsys) -> None:
    """A tiny decision limit stands for a loop of options: every game trips the guard."""
    cfg = SoakConfig(seed=1, max_decisions=5)
    s = soak(tmp_path, minutes=0, games=2, config=cfg, plan=[("marquise", "eyrie", "corvid")])
    assert s.failed == 2 and s.reasons["stalled"] == 2
    for line in s.failures:
        assert line["save"] == str(tmp_path / "failures" / f"seed-{line['seed']}.json")
        doc = json.loads(Path(line["save"]).read_text("utf-8"))
        assert doc["failure"]["reason"] == "stalled" and doc["controllers"] == line["bots"]
        assert doc["record"]["options"] == line["options"]
        rc, text = replay(line["save"], capsys)
        assert rc == 0 and "reproduce the saved state" in text


class Vandal:
    """Plays randomly, and on its 30th choice gives its faction 99 VP behind the engine's back."""

    def __init__(self, seed: int = 0) -> None:
        from planszowki.bots.random import RandomBot

        self.inner, self.n = RandomBot(seed), 0

    def choose(self, state, seat: str) -> str:
        self.n += 1
        if self.n == 30:
            state.vp[seat] = 99
        return self.inner.choose(state, seat)


class Crasher(Vandal):
    def choose(self, state, seat: str) -> str:
        self.n += 1
        if self.n == 30:
            raise RuntimeError("crash on purpose")
        return self.inner.choose(state, seat)


def test_a_broken_invariant_and_a_crashing_bot_are_failures(tmp_path: Path) -> None:
    from planszowki.lab.runner import RunConfig

    for name, cls in (("soak-test-vandal", Vandal), ("soak-test-crash", Crasher)):
        if name not in bots.names():
            bots.register(name, cls)
    configs = [RunConfig.make("root", {"marquise": "soak-test-vandal", "eyrie": "random"}, {"map": "winter"}),
               RunConfig.make("root", {"cult": "heuristic", "duchy": "soak-test-crash"}, {"map": "lake"})]
    s = soak(tmp_path, minutes=0, games=2, config=SoakConfig(check_every=10), configs=configs)
    by_reason = {f["reason"]: f for f in s.failures}
    assert set(by_reason) == {"invariant", "error"}
    assert "100 VP" in by_reason["invariant"]["invariant"]  # 99 and a point scored: over the range
    assert by_reason["error"]["error"] == "RuntimeError: crash on purpose"
    for line in s.failures:
        assert Path(line["save"]).is_file()


def test_cli(tmp_path: Path, capsys) -> None:
    rc = main(["soak", "root", "--minutes", "0", "--games", "3", "--out", str(tmp_path / "ok")])
    out, _ = capsys.readouterr()
    assert rc == 0 and "3 games" in out and "failures 0" in out
    summary = json.loads((tmp_path / "ok" / "summary.json").read_text("utf-8"))
    assert summary["games"] == 3 and summary["failures"] == 0
    rc = main(["soak", "root", "--minutes", "0", "--games", "2", "--max-decisions", "5",
               "--out", str(tmp_path / "bad")])
    out, err = capsys.readouterr()
    assert rc == 1 and "failures 2" in out and str(tmp_path / "bad" / "failures" / "seed-1.json") in err
