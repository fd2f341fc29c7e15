"""Long decisions in the terminal come in steps (engine/choices.py): a number opens a group, 0 goes back, and an
option reached so is the option applied — for every game, built from the options alone. A choice spending a card or
ending a phase early asks "Sure?"; undo takes back; hint asks the heuristic bot."""

from __future__ import annotations

import json
import random

from cli_helpers import run

import planszowki
from planszowki import bots, i18n
from planszowki.cli.play import bot_seed
from planszowki.engine.choices import menu, menu_tree, needs_confirm


def _path_to(options, labels, index):
    """The numbers a person types to reach option ``index`` through the menus (with a look into a wrong group and
    back first, when there is one)."""
    typed, path = [], []
    while True:
        entries = menu(options, labels, path)
        tree = menu_tree(options, labels, path)
        for k, e in enumerate(entries, 1):
            if e.kind == "option" and e.index == index:
                return [*typed, str(k)]
            if e.kind == "group" and index in tree["sub"][e.key]["indices"]:
                typed.append(str(k))
                path.append(e.key)
                break


def test_a_person_plays_root_through_the_menus(tmp_path, capsys, monkeypatch):
    game = planszowki.load("root")
    seed = 7
    st = game.new(seed=seed, players=["marquise", "eyrie"])
    bot = bots.make("random", bot_seed(seed, "eyrie", 0))
    rng = random.Random(3)
    lines, chosen, record, grouped, went_back, confirmed = [], [], [], 0, False, 0
    while len(chosen) < 60 and not st.terminal:
        d = st.decision
        if d.player == "eyrie":
            record.append(bot.choose(st, "eyrie"))
            st.apply(record[-1])
            continue
        labels = [i18n.option_label(o, "en", d.kind, "root") for o in d.options]
        i = rng.randrange(len(d.options))
        if len(menu(d.options, labels)) < len(d.options):  # a long decision: the menu
            grouped += 1
            steps = _path_to(d.options, labels, i)
            if not went_back and len(steps) > 1:
                lines += [steps[0], "0"]  # into a group and back out
                went_back = True
            lines += steps
        else:
            lines.append(str(i + 1))
        if needs_confirm(d.options[i], d.options):  # spending a card or ending a phase early: "Sure?" — Enter
            lines.append("")
            confirmed += 1
        chosen.append(d.options[i].id)
        record.append(d.options[i].id)
        st.apply(d.options[i].id)
    save = tmp_path / "g.json"
    rc, out, _ = run(["play", "root", "--seats", "marquise=human,eyrie=bot", "--seed", str(seed)], capsys,
                     monkeypatch, "\n".join([*lines, f"save {save}", "quit"]) + "\n")
    assert rc == 0 and grouped > 5 and went_back and confirmed > 0
    assert "A long choice comes in steps" in out and "0 or back" in out
    moves = json.loads(save.read_text())["record"]["moves"]
    assert moves[: len(record)] == record  # every option reached through the menus is the one applied


def test_undo_takes_back_a_placement_and_the_save_keeps_the_takeback(tmp_path, capsys, monkeypatch):
    save = tmp_path / "g.json"
    rc, out, _ = run(["play", "root", "--seats", "marquise=human,eyrie=bot", "--seed", "7"], capsys, monkeypatch,
                     f"1\ncofnij\n2\nhint\nundo\nundo\nsave {save}\nquit\n")
    assert rc == 0
    assert "The heuristic bot would choose:" in out
    assert "Nothing to take back" in out  # the second undo: the keep's first placement had been taken back already
    doc = json.loads(save.read_text())
    first = planszowki.load("root").new(seed=7, players=["marquise", "eyrie"]).decision.options
    assert doc["record"]["moves"] == []
    assert doc["takebacks"] == [[0, first[0].id, "marquise"], [0, first[1].id, "marquise"]]
