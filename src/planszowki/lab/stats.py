"""Statistics over lab result lines: win rates with Wilson intervals, VP, game length, end reasons.

Rows are per (faction, bot spec): a line with seats marquise=heuristic and eyrie=random adds one game to
the row ("marquise", "heuristic") and one to ("eyrie", "random"). A seat wins a game when it is among the
line's ``winners`` (a coalition win counts for both partners). Capped games have no winner: they count as
games and not as wins. Games that stopped on an error (reason ``error``) or were stopped by the runner's
guard (reason ``stalled``) say nothing about who wins: they are left out of every row's games, wins, VP and
turns, and counted apart, per row (``errors``, ``stalls``) and per line-up (:class:`LineUp`: the seats with
their bot specs, the setup options and the turn cap), with the file that reproduces each when the line
names one (``save``).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from . import words

#: two-sided 95% normal quantile
Z95 = 1.959963984540054
#: end reasons of games that did not finish: left out of the rows, counted apart
PROBLEMS = ("error", "stalled")


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (``wins`` successes in ``n`` trials)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return (lo, hi)


@dataclass
class Row:
    faction: str
    bot: str
    games: int = 0
    wins: int = 0
    vp: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    #: rounds played, for games that count rounds (Ironwood; lines with ``"rounds"``)
    rounds: list[int] = field(default_factory=list)
    reasons: Counter = field(default_factory=Counter)
    #: per game: this seat's VP at the end of each round
    vp_rounds: list[list[int]] = field(default_factory=list)
    #: games of this seat that stopped on an error / were stopped as stalled (not in ``games``)
    errors: int = 0
    stalls: int = 0

    @property
    def label(self) -> str:
        return self.label_in("en")

    def label_in(self, lang: str) -> str:
        """``marquise (random)``; in Polish the faction's official name: ``Markiza de Kot (random)``."""
        return words.row_label(self.faction, self.bot, lang)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def mean_vp(self) -> float:
        return sum(self.vp) / len(self.vp) if self.vp else 0.0

    @property
    def mean_turns(self) -> float:
        return sum(self.turns) / len(self.turns) if self.turns else 0.0

    @property
    def mean_rounds(self) -> float | None:
        """Mean rounds per game, or None when the games do not count rounds (Root)."""
        return sum(self.rounds) / len(self.rounds) if self.rounds else None

    def vp_curve(self) -> list[float]:
        """Mean VP after each round; a game that has ended keeps its final VP in later rounds."""
        if not self.vp_rounds:
            return []
        length = max(len(r) for r in self.vp_rounds)
        out = []
        for i in range(length):
            vals = [r[min(i, len(r) - 1)] for r in self.vp_rounds if r]
            out.append(sum(vals) / len(vals) if vals else 0.0)
        return out


@dataclass
class Problem:
    """A game that did not finish: its seed, ``error`` or ``stalled``, why, and the reproduction file."""

    seed: int
    reason: str
    why: str
    save: str | None = None


@dataclass
class LineUp:
    """Every game of one line-up: the seats with their bot specs (sorted by seat), options and turn cap."""

    bots: dict[str, str]
    options: dict[str, Any]
    max_turns: int | None
    games: int = 0  # every line, errors and stalls included
    reasons: Counter = field(default_factory=Counter)
    problems: list[Problem] = field(default_factory=list)

    @property
    def label(self) -> str:
        return ", ".join(f"{f}={b}" for f, b in self.bots.items())

    @property
    def settings(self) -> str:
        """The options and the turn cap, e.g. ``map=autumn, cap 500``."""
        return self.settings_in("en")

    def settings_in(self, lang: str) -> str:
        """:attr:`settings` in ``lang`` (``map=autumn, limit 500``): option values stay as the results file has them."""
        return words.settings(self.options, self.max_turns, lang)

    @property
    def errors(self) -> int:
        return self.reasons["error"]

    @property
    def stalls(self) -> int:
        return self.reasons["stalled"]

    @property
    def capped(self) -> int:
        return self.reasons["capped"]

    @property
    def finished(self) -> int:
        """Games counted in the rows: neither an error nor stalled (capped games included)."""
        return self.games - self.errors - self.stalls


#: what a game's score and its length are called in reports and plots: Root's VP and turns, Ironwood's progress
#: towards victory (3 wins) and turns, The Great Wall's Honor and years
SCORE_TERMS = {"root": ("VP", "turns"), "ironwood": ("progress", "turns"), "great_wall": ("Honor", "years")}


@dataclass
class Summary:
    rows: list[Row]  # the rows with at least one finished game (the table and the plots)
    games: int  # lines counted in the rows (errors and stalls excluded)
    errors: int
    reasons: Counter
    turns: list[int]
    turns_by_reason: dict[str, list[int]]
    seat_counts: Counter  # number of seats per game -> games
    stalls: int = 0
    lineups: list[LineUp] = field(default_factory=list)
    #: ``rows`` and also the (faction, bot) whose every game stopped on an error or stalled (games 0)
    all_rows: list[Row] = field(default_factory=list)
    #: the games of the lines (``game`` of each line; Root when a line names none)
    game_names: tuple[str, ...] = ()

    @property
    def score_terms(self) -> tuple[str, str]:
        """(score, length): the words for this file's games (:data:`SCORE_TERMS`); "score" and "turns" when it holds
        several games."""
        if len(self.game_names) == 1:
            return SCORE_TERMS.get(self.game_names[0], ("score", "turns"))
        return ("score", "turns")

    @property
    def lines(self) -> int:
        """Every game line of the file, errors and stalls included."""
        return self.games + self.errors + self.stalls

    @property
    def mean_turns(self) -> float:
        return sum(self.turns) / len(self.turns) if self.turns else 0.0


def _seats(line: dict[str, Any]) -> list[str]:
    return list(line.get("seats") or line.get("bots") or ())


def _lineup(lineups: dict[str, LineUp], line: dict[str, Any]) -> LineUp:
    bots = line.get("bots") or {}
    seats = {s: str(bots.get(s, "?")) for s in sorted(_seats(line))}
    options = dict(sorted((line.get("options") or {}).items()))
    cap = line.get("max_turns")
    key = json.dumps([seats, options, cap], sort_keys=True, default=str)
    lu = lineups.get(key)
    if lu is None:
        lu = lineups[key] = LineUp(seats, options, cap)
    return lu


def _why(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


def summarize(lines: list[dict[str, Any]]) -> Summary:
    rows: dict[tuple[str, str], Row] = {}
    reasons: Counter = Counter()
    turns: list[int] = []
    by_reason: dict[str, list[int]] = {}
    seat_counts: Counter = Counter()
    lineups: dict[str, LineUp] = {}
    errors = stalls = 0
    for line in lines:
        reason = str(line.get("reason", "?"))
        lu = _lineup(lineups, line)
        lu.games += 1
        lu.reasons[reason] += 1
        if reason in PROBLEMS:
            errors += reason == "error"
            stalls += reason == "stalled"
            save = line.get("save")
            lu.problems.append(Problem(int(line.get("seed", -1)), reason, _why(line.get(reason, "")),
                                       str(save) if save else None))
            for s in _seats(line):
                key = (s, str((line.get("bots") or {}).get(s, "?")))
                row = rows.get(key)
                if row is None:
                    row = rows[key] = Row(*key)
                if reason == "error":
                    row.errors += 1
                else:
                    row.stalls += 1
            continue
        seats = list(line["seats"])
        t = int(line.get("turns", 0))
        reasons[reason] += 1
        turns.append(t)
        by_reason.setdefault(reason, []).append(t)
        seat_counts[len(seats)] += 1
        winners = set(line.get("winners") or ())
        vp_rounds = line.get("vp_rounds") or []
        for i, s in enumerate(seats):
            key = (s, str(line["bots"].get(s, "?")))
            row = rows.get(key)
            if row is None:
                row = rows[key] = Row(*key)
            row.games += 1
            row.wins += s in winners
            row.vp.append(int(line["scores"][s]))
            row.turns.append(t)
            if "rounds" in line:
                row.rounds.append(int(line["rounds"]))
            row.reasons[reason] += 1
            row.vp_rounds.append([int(r[i]) for r in vp_rounds])
    ordered = sorted(rows.values(), key=lambda r: (r.faction, r.bot))
    for lu in lineups.values():
        lu.problems.sort(key=lambda p: (p.seed, p.reason))
    return Summary([r for r in ordered if r.games], sum(reasons.values()), errors, reasons, turns, by_reason,
                   seat_counts, stalls, [lineups[k] for k in sorted(lineups)], ordered,
                   tuple(sorted({str(line.get("game") or "root") for line in lines})))
