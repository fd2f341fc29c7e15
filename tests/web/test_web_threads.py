"""The server's threads: a bot thinks on a copy without holding its table, and every page is read from one position.

The bots' driving task (web/app.py ``Hub._drive``) runs ``Table.step_bots`` in a worker thread while the event loop
builds payloads and answers people. These tests hold a bot in the middle of its thinking and look at the table then.
"""

from __future__ import annotations

import threading

from planszowki.bots.random import RandomBot
from planszowki.web.store import open_store
from planszowki.web.tables import Tables


class HeldBot:
    """A random bot that, when asked to choose, says so and waits until it is let go."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)
        self.thinking = threading.Event()
        self.go = threading.Event()
        self.seen: list[object] = []

    def choose(self, state, seat):
        self.seen.append(state)
        self.thinking.set()
        assert self.go.wait(10), "the test never let the bot go"
        return self.inner.choose(state, seat)


def in_thread(fn, *args):
    """Run ``fn`` in a thread; returns (thread, box) where box[0] will hold its result."""
    box: list = []
    t = threading.Thread(target=lambda: box.append(fn(*args)), daemon=True)
    t.start()
    return t, box


def table_with_held_bot(tmp_path, first_human: bool):
    """A two-player Root game (seed 6): one seat a person's, the other a :class:`HeldBot`'s."""
    tables = Tables(open_store(str(tmp_path / "games.sqlite3")))
    probe, _ = tables.create("root", {"marquise": "human", "eyrie": "human"}, {}, 6)
    first = probe.state.decision.player
    other = "eyrie" if first == "marquise" else "marquise"
    human = first if first_human else other
    bot = other if first_human else first
    table, token = tables.create("root", {human: "human", bot: "random"}, {}, 6, [human])
    held = table._bots[bot] = HeldBot(1)
    return tables, table, token, human, bot, held


def test_a_page_is_served_while_a_bot_thinks_and_shows_the_position_before_its_option(tmp_path):
    tables, table, _token, human, bot, held = table_with_held_bot(tmp_path, first_human=False)
    assert table.state.decision.player == bot
    worker, applied = in_thread(table.step_bots, tables.store, 1)
    assert held.thinking.wait(10)
    before = len(table.record.moves)
    reader, page = in_thread(table.payload, human, "en", [human])
    reader.join(5)
    assert not reader.is_alive(), "a page waited for a bot's thinking"
    assert page[0]["version"] == before and page[0]["decision"]["player"] == bot
    assert held.seen[0] is not table.state  # the bot thinks on a copy
    held.go.set()
    worker.join(10)
    assert applied == [1] and len(table.record.moves) == before + 1
    assert table.payload(human, "en", [human])["version"] == before + 1
    stored = next(sg for sg in tables.store.games() if sg.id == table.id)
    assert stored.moves == table.record.moves  # committed as it was applied


def test_a_bots_option_is_dropped_when_the_person_takes_back_while_it_thinks(tmp_path):
    tables, table, token, human, _bot, held = table_with_held_bot(tmp_path, first_human=True)
    while table.state.decision.player == human:  # the person's setup options: nothing hidden comes out
        table.act(tables.store, token, human, table.state.decision.options[0].id, len(table.record.moves))
    assert table.can_undo(human)
    moves = list(table.record.moves)
    worker, applied = in_thread(table.step_bots, tables.store, 5)
    assert held.thinking.wait(10)
    table.undo(tables.store, token, human)  # not blocked by the thinking bot
    held.go.set()
    worker.join(10)
    assert applied == [0]  # the bot's option was for a position that is gone; now the person decides again
    assert table.record.moves == moves[:-1] and table.state.decision.player == human


def test_pages_read_while_bots_play_a_whole_game_are_each_one_position(tmp_path):
    """A worker plays a bots-only game to the end while this thread reads pages: every page's version, decision
    and log agree with each other (a page read half-way through an option would not)."""
    tables = Tables(open_store(str(tmp_path / "games.sqlite3")))
    table, _ = tables.create("root", {"marquise": "random", "eyrie": "random"}, {}, 11)
    done = threading.Event()

    def drive():
        while table.step_bots(tables.store, 40, 0.01):
            pass
        done.set()

    threading.Thread(target=drive, daemon=True).start()
    pages = 0
    while not done.is_set() or pages == 0:
        p = table.payload(None, "en")
        pages += 1
        with table.lock:
            if len(table.record.moves) == p["version"]:  # nothing applied since: the page is this position
                assert p["log_total"] == len([e for e in table.state.log if e.visible_to(None)])
                assert p["terminal"] == table.state.terminal
    assert table.state.terminal and pages > 1
