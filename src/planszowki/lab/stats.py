"""Statistics over lab result lines: win rates with Wilson intervals, VP, game length, end reasons.

Rows are per (faction, bot spec): a line with seats marquise=heuristic and eyrie=random adds one game to
the row ("marquise", "heuristic") and one to ("eyrie", "random"). A seat wins a game when it is among the
line's ``winners`` (a coalition win counts for both partners). Capped games have no winner: they count as
games and not as wins. Games that stopped on an error are left out of every row and counted apart.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

#: two-sided 95% normal quantile
Z95 = 1.959963984540054


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
    reasons: Counter = field(default_factory=Counter)
    #: per game: this seat's VP at the end of each round
    vp_rounds: list[list[int]] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.faction} ({self.bot})"

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
class Summary:
    rows: list[Row]
    games: int  # lines counted (errors excluded)
    errors: int
    reasons: Counter
    turns: list[int]
    turns_by_reason: dict[str, list[int]]
    seat_counts: Counter  # number of seats per game -> games


def summarize(lines: list[dict[str, Any]]) -> Summary:
    rows: dict[tuple[str, str], Row] = {}
    reasons: Counter = Counter()
    turns: list[int] = []
    by_reason: dict[str, list[int]] = {}
    seat_counts: Counter = Counter()
    errors = 0
    for line in lines:
        reason = str(line.get("reason", "?"))
        if reason == "error":
            errors += 1
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
            row.reasons[reason] += 1
            row.vp_rounds.append([int(r[i]) for r in vp_rounds])
    ordered = sorted(rows.values(), key=lambda r: (r.faction, r.bot))
    return Summary(ordered, sum(reasons.values()), errors, reasons, turns, by_reason, seat_counts)
