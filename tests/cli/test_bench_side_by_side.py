"""``planszowki bench --side-by-side DIR``: the peer driver (cli/bench_peer.py) and the interleaved table, on a
stand-in peer written here with the same module layout as davpat108/ROOT_boardgame_self-play (no download)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from planszowki.cli.bench import json_round_trip, side_by_side

#: a peer with the real one's modules and names: Game().winner, ExhaustbootERROR, the helpers' random_choose and
#: <faction>_<phase>(game); each phase makes one random pick, a game ends after 12 phases, and the fourth game
#: raises the peer's boot error
PEER = {
    "actors.py": "class ExhaustbootERROR(Exception):\n    pass\n",
    "game.py": "import torch\n\nclass Game:\n    made = 0\n\n    def __init__(self, debug=True):\n"
               "        Game.made += 1\n        self.n = 0\n        self.winner = None\n"
               "        self.boot = Game.made == 4\n",
    "game_helper_random.py": "import random\nfrom actors import ExhaustbootERROR\n\n"
                             "def random_choose(options):\n    return random.choice(options) if options else None\n\n"
                             "def _phase(game):\n    random_choose([1, 2, 3])\n    random_choose([])\n"
                             "    game.n += 1\n    if game.boot:\n        raise ExhaustbootERROR()\n"
                             "    if game.n == 12:\n        game.winner = ('cat', 'points')\n\n"
                             + "".join(f"{f}_{p} = _phase\n" for f in ("marquise", "eyrie", "alliance", "vagabond")
                                       for p in ("birdsong", "daylight", "evening")),
}


def _peer(tmp_path: Path) -> Path:
    for name, text in PEER.items():
        (tmp_path / name).write_text(text)
    return tmp_path


def test_peer_driver_plays_whole_games_and_counts_its_picks(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "planszowki.cli.bench_peer", str(_peer(tmp_path)), "5", "1"],
                         capture_output=True, text=True, check=True, cwd=tmp_path)
    doc = json.loads(out.stdout)
    # five finished games of 12 phases, one pick each (an empty list is no pick); the fourth game abandoned
    assert doc["games"] == 5 and doc["failed"] == 1
    assert doc["choices"] == 5 * 12 + 1
    assert doc["seconds"] > 0 and doc["cpu_seconds"] >= 0


def test_side_by_side_table(tmp_path: Path) -> None:
    buf = io.StringIO()
    rc = side_by_side(str(_peer(tmp_path)), games=1, rounds=2, seed=3, console=Console(file=buf, width=200))
    out = buf.getvalue()
    assert rc == 0
    assert "planszowki" in out and "davpat108/ROOT_boardgame_self-play" in out
    for row in ("games per CPU second", "decisions per CPU second", "games abandoned on an engine error"):
        assert row in out, row


def test_side_by_side_reports_a_broken_peer(tmp_path: Path) -> None:
    buf = io.StringIO()
    rc = side_by_side(str(tmp_path), games=1, rounds=1, seed=3, console=Console(file=buf, width=200))
    assert rc == 1 and "failed" in buf.getvalue()


def test_json_round_trip_after_600_options() -> None:
    secs, events = json_round_trip(600, seed=1, repeat=1)
    assert secs > 0 and events > 600  # every option logs at least one event in a four-player game, most several


def test_side_by_side_table_in_polish(tmp_path: Path) -> None:
    buf = io.StringIO()
    rc = side_by_side(str(_peer(tmp_path)), games=1, rounds=2, seed=3, console=Console(file=buf, width=250),
                      lang="pl")
    out = buf.getvalue()
    assert rc == 0
    for text in ("losowe gry czteroosobowe z podstawowymi frakcjami: planszowki i drugi silnik",  # the title folds
                 "(2 rundy na przemian po 1 grze, mediany)", "drugi silnik",
                 "gry na sekundę procesora", "decyzje na sekundę procesora (drugi silnik: jego losowe wybory)",
                 "gry przerwane przez błąd silnika", "rdzeń: "):
        assert text in out, text
    assert not [w for w in ("games", "decisions", "peer ", "abandoned", "interleaved", "core:") if w in out]
    broken = io.StringIO()
    assert side_by_side(str(tmp_path / "none"), games=1, rounds=1, seed=3, console=Console(file=broken, width=250),
                        lang="pl") == 1
    assert "drugi silnik w " in broken.getvalue() and "zawiódł" in broken.getvalue()
