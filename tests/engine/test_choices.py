"""Choosing in steps (engine/choices.py): a long decision as a short menu of actions, then places, then options."""

from __future__ import annotations

import random

import planszowki
from planszowki import i18n
from planszowki.engine.choices import LIMIT, common_label, menu, place_of, rest_of


def _long_decisions(game: str, players: list[str], seeds: range, at_least: int = 30):
    g = planszowki.load(game)
    for seed in seeds:
        st = g.new(seed=seed, players=players)
        rng = random.Random(seed)
        while not st.terminal:
            d = st.decision
            if len(d.options) >= at_least:
                yield d
            st.apply(rng.choice(d.options).id)


def _walk(options, labels, path=()):
    """Every option reached through the menus, each exactly once."""
    reached = []
    for e in menu(options, labels, path):
        if e.kind == "option":
            reached.append(e.index)
        else:
            assert e.count > 1
            reached.extend(_walk(options, labels, (*path, e.key)))
    return reached


def _menus_short_but_counts(options, labels, path=()):
    """Every menu holds at most LIMIT entries, unless nothing is left to group by: one action, one place, and options
    that differ only in how many, or each in what else it says (13 ways to pay for Royal Claim)."""
    entries = menu(options, labels, path)
    if len(entries) > LIMIT:
        assert all(e.kind == "option" for e in entries)
        assert len({options[e.index].action for e in entries}) == 1
        assert len({place_of(options[e.index].args) for e in entries}) == 1
        rests = {rest_of(options[e.index].args) for e in entries}
        assert len(rests) in (1, len(entries))
    for e in entries:
        if e.kind == "group":
            _menus_short_but_counts(options, labels, (*path, e.key))


def test_every_option_is_reached_exactly_once_and_no_menu_is_long():
    n = 0
    for game, players in (("root", ["marquise", "eyrie", "alliance", "vagabond"]),
                          ("ironwood", ["woodwalkers", "ironclad"])):
        for d in _long_decisions(game, players, range(3)):
            labels = [i18n.option_label(o, "en", d.kind, game) for o in d.options]
            assert sorted(_walk(d.options, labels)) == list(range(len(d.options)))
            assert len(menu(d.options, labels)) < len(d.options)
            _menus_short_but_counts(d.options, labels)
            n += 1
    assert n > 20


def test_labels_and_places():
    assert common_label(["Build a sawmill in 3", "Build a sawmill in 5"]) == "Build a sawmill in"
    assert common_label(["Move 1 warrior 2 → 5", "Move 2 warriors 2 → 5"]) == "Move"
    assert place_of({"from": 3, "to": 5, "count": 2}) == "3"
    assert place_of({"card": "fox:Ambush!"}) is None
