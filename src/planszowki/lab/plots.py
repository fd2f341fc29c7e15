"""PNG plots of a lab summary with matplotlib's Agg backend (no display needed).

* ``winrates.png``     — win rate per faction (bot) with 95% Wilson error bars, games and wins written on
  each bar; a dotted line at 1/seats when every game had the same number of seats;
* ``vp_per_round.png`` — mean VP after each round per faction (bot); a finished game keeps its final VP;
  the dashed line is the 30 VP that wins (3.1);
* ``game_length.png``  — histogram of game length in turns, stacked by end reason.

Games that stopped on an error or stalled are in none of them (the report counts them per line-up). Titles, axes
and legends are in English or Polish (``lang``; Polish names the factions by their official names); the file names
do not change with the language.
"""

from __future__ import annotations

import math
from pathlib import Path

from .. import i18n
from . import words
from .runner import LabError
from .stats import Summary

#: faction colours, close to the pieces'
COLOURS = {"marquise": "#e07b22", "eyrie": "#2f6db5", "alliance": "#3a9a48", "vagabond": "#6b6b6b",
           "vagabond2": "#9a9a9a", "woodwalkers": "#2e7d32", "ironclad": "#546e7a"}
REASON_COLOURS = {"vp": "#4c72b0", "dominance": "#c44e52", "capped": "#bbbbbb", "coalition": "#8172b2",
                  "totems": "#2e7d32", "forges": "#546e7a"}
FILES = ("winrates.png", "vp_per_round.png", "game_length.png")


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise LabError.told("error_lab_no_matplotlib") from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _max_n_locator(**kw):
    from matplotlib.ticker import MaxNLocator

    return MaxNLocator(**kw)


def _colour(faction: str, i: int) -> str:
    return COLOURS.get(faction, f"C{i % 10}")


def write_plots(summary: Summary, out_dir: str | Path, title: str = "", lang: str = i18n.DEFAULT_LANG) -> list[Path]:
    plt = _pyplot()
    tr = i18n.tr
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / name for name in FILES]
    suffix = f" — {title}" if title else ""
    rows = summary.rows  # only finished games: those that stopped on an error or stalled are left out

    # win rates with error bars
    height = max(2.6, 0.65 * len(rows) + 1.6)
    fig, ax = plt.subplots(figsize=(8.5, height), dpi=120)
    labels = [r.label_in(lang) for r in rows]
    rates = [100 * r.win_rate for r in rows]
    lo = [100 * (r.win_rate - r.ci[0]) for r in rows]
    hi = [100 * (r.ci[1] - r.win_rate) for r in rows]
    ys = list(range(len(rows)))[::-1]
    ax.barh(ys, rates, color=[_colour(r.faction, i) for i, r in enumerate(rows)], alpha=0.85, height=0.6)
    ax.errorbar(rates, ys, xerr=[lo, hi], fmt="none", ecolor="black", capsize=5, linewidth=1.3)
    for y, r in zip(ys, rows, strict=True):
        ax.text(min(100 * r.ci[1] + 1.5, 101), y, f"{r.wins}/{r.games}  ({100 * r.win_rate:.1f}%)",
                va="center", fontsize=9)
    ax.set_yticks(ys, labels, fontsize=10)
    ax.set_xlim(0, 118)
    ax.set_xticks(range(0, 101, 10))
    ax.set_xlabel(tr("lab_plot_winrate_axis", lang))
    if len(summary.seat_counts) == 1:
        n = next(iter(summary.seat_counts))
        ax.axvline(100 / n, color="grey", linestyle=":", linewidth=1)
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(tr("lab_plot_winrate_title", lang, games=summary.games) + suffix, fontsize=12)
    fig.tight_layout()
    fig.savefig(paths[0])
    plt.close(fig)

    # VP per round (the game's own score: Ironwood's progress, The Great Wall's Honor per year)
    score, length = summary.score_terms
    root = summary.game_names in ((), ("root",))
    fig, ax = plt.subplots(figsize=(8.5, 5), dpi=120)
    longest = 0
    for i, r in enumerate(rows):
        curve = r.vp_curve()
        if not curve:
            continue
        longest = max(longest, len(curve))
        ax.plot(range(1, len(curve) + 1), curve, marker="o", markersize=3, linewidth=1.8,
                color=_colour(r.faction, i), label=r.label_in(lang), linestyle="-" if i % 2 == 0 else "--")
    if root:
        ax.axhline(30, color="black", linestyle="--", linewidth=0.8)
        ax.text(0.99, 30.4, tr("lab_plot_vp_wins", lang), fontsize=8, ha="right", transform=ax.get_yaxis_transform())
    ax.xaxis.set_major_locator(_max_n_locator(integer=True))
    years = length == "years"
    ax.set_xlabel(tr("lab_plot_round_axis_root" if root else "lab_plot_year_axis" if years else "lab_plot_round_axis",
                     lang))
    ax.set_ylabel(tr("lab_plot_mean_vp_axis", lang) if root else words.mean_of(score, lang))
    if root:
        ax.set_ylim(0, 35)
    else:
        ax.set_ylim(bottom=0)
    if longest:
        ax.set_xlim(0.5, longest + 0.5)
    ax.grid(alpha=0.3)
    if rows:
        ax.legend(loc="lower right", fontsize=9)
    ax.set_title(tr("lab_plot_curve_year" if years else "lab_plot_curve_round", lang,
                    score=words.score_word(score, lang)) + suffix, fontsize=12)
    fig.tight_layout()
    fig.savefig(paths[1])
    plt.close(fig)

    # game length histogram, stacked by end reason
    fig, ax = plt.subplots(figsize=(8.5, 4.5), dpi=120)
    reasons = sorted(summary.turns_by_reason, key=lambda k: (-len(summary.turns_by_reason[k]), k))
    data = [summary.turns_by_reason[k] for k in reasons]
    if summary.turns:
        lo_t, hi_t = min(summary.turns), max(summary.turns)
        width = max(1, math.ceil((hi_t - lo_t + 1) / 30))  # whole turns per bin, at most 30 bins
        bins = [lo_t - 0.5 + width * i for i in range((hi_t - lo_t) // width + 2)]
        ax.hist(data, bins=bins, stacked=True,
                color=[REASON_COLOURS.get(k, f"C{i}") for i, k in enumerate(reasons)],
                label=[f"{k} ({len(summary.turns_by_reason[k])})" for k in reasons], edgecolor="white")
        ax.legend(title=tr("lab_plot_end_reason", lang), fontsize=9)
        ax.set_ylim(0, ax.get_ylim()[1] * 1.15)  # room for the mean's label
        mean = sum(summary.turns) / len(summary.turns)
        ax.axvline(mean, color="black", linestyle=":", linewidth=1)
        mean_text = tr("lab_plot_mean", lang, mean=f"{mean:.1f}")
        ax.text(mean, 0.97, f" {mean_text} ", fontsize=9, va="top", transform=ax.get_xaxis_transform(),
                bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.8})
    ax.xaxis.set_major_locator(_max_n_locator(integer=True))
    ax.set_xlabel(tr("lab_plot_length_axis_years" if years else "lab_plot_length_axis_turns", lang))
    ax.set_ylabel(tr("lab_plot_games_axis", lang))
    ax.grid(axis="y", alpha=0.3)
    ax.set_title(tr("lab_plot_length_title", lang, games=summary.games) + suffix, fontsize=12)
    fig.tight_layout()
    fig.savefig(paths[2])
    plt.close(fig)
    return paths
