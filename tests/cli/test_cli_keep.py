"""Issue #9 at the terminal table: nothing lost (autosave, Ctrl-C, quit, --resume), nothing leaked (hot seat
wipes the scrollback), no traceback (every bad save is one line), commands in English and Polish.

The data directory is each test's own (tests/conftest.py sets ``PLANSZOWKI_DATA_DIR``).
"""

from __future__ import annotations

import io
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

import planszowki
from planszowki import i18n
from planszowki.cli.board import board_group, decision_block, event_line
from planszowki.cli.main import main
from planszowki.cli.play import WIPE
from planszowki.cli.replay import load_checked

HOT = ["play", "root", "--seats", "marquise=human,eyrie=human", "--seed", "3"]
ONE_HUMAN = ["play", "root", "--seats", "marquise=human,eyrie=bot", "--seed", "7"]
BOTS = ["play", "root", "--seats", "marquise=bot,eyrie=random"]


def run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    monkeypatch.setenv("COLUMNS", "200")  # long paths stay on one line
    monkeypatch.setenv("PLANSZOWKI_LANG", "en")
    rc = main(args)
    out, err = capsys.readouterr()
    return rc, out, err


def autosaves(data: Path) -> list[Path]:
    return sorted((data / "games").glob("*.json"))


def interrupt_after(monkeypatch: pytest.MonkeyPatch, *answers: str) -> None:
    """The keyboard: ``answers`` at the prompts, then Ctrl-C (KeyboardInterrupt, as Python raises on SIGINT)."""
    it = iter(answers)

    def read(prompt: str = "") -> str:
        try:
            return next(it)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr("builtins.input", read)


# -- nothing lost -----------------------------------------------------------------------------------
def test_banner_names_the_autosave_quit_keeps_it_and_resume_continues(_private_data_dir: Path, capsys,
                                                                      monkeypatch) -> None:
    rc, out, _ = run(ONE_HUMAN, capsys, monkeypatch, "1\n1\nquit\n")
    assert rc == 0
    [auto] = autosaves(_private_data_dir)
    assert f"Autosave: {auto} (resume: planszowki play --resume {auto.stem})" in out
    assert "Game left unfinished." in out
    assert f"The game is kept in {auto}; resume it with: planszowki play --resume {auto.stem}" in out
    doc = json.loads(auto.read_text("utf-8"))
    moves = doc["record"]["moves"]
    assert doc["finished"] is False and doc["controllers"] == {"marquise": "human", "eyrie": "bot"}
    assert moves[0].startswith("keep ") and len(moves) >= 2  # both human decisions are in it

    rc, out, _ = run(["play", "--resume"], capsys, monkeypatch, "1\nquit\n")
    assert rc == 0 and "Marquise de Cat = human" in out and "Seed 7" in out
    assert f"Autosave: {auto}" in out and autosaves(_private_data_dir) == [auto]  # the same file goes on
    later = json.loads(auto.read_text("utf-8"))["record"]["moves"]
    assert later[:len(moves)] == moves and len(later) > len(moves)


def test_resume_the_newest_unfinished_by_id_by_game_or_by_file(_private_data_dir: Path, capsys,
                                                               monkeypatch) -> None:
    run(["play", "root", "--seed", "11"], capsys, monkeypatch, "1\nquit\n")
    first = autosaves(_private_data_dir)[0]
    os.utime(first, (time.time() - 60, time.time() - 60))  # played a minute earlier
    run(["play", "root", "--seed", "12"], capsys, monkeypatch, "1\nquit\n")
    [second] = [p for p in autosaves(_private_data_dir) if p != first]

    rc, out, _ = run(["play", "--resume"], capsys, monkeypatch, "quit\n")
    assert rc == 0 and "Seed 12" in out
    rc, out, _ = run(["play", "--resume", first.stem], capsys, monkeypatch, "quit\n")
    assert rc == 0 and "Seed 11" in out and f"Autosave: {first}" in out
    rc, out, _ = run(["play", "--resume", "root"], capsys, monkeypatch, "quit\n")  # the newest game of root
    assert rc == 0 and "Seed 11" in out  # first was just played again, so it is the newest now
    rc, out, _ = run(["play", "root", "--resume", str(second)], capsys, monkeypatch, "quit\n")
    assert rc == 0 and "Seed 12" in out
    rc, _, err = run(["play", "--resume", "no-such-game"], capsys, monkeypatch)
    assert rc == 2 and "no save file or autosaved game 'no-such-game'" in err


def test_resumed_game_speaks_the_language_it_was_played_in(_private_data_dir: Path, capsys, monkeypatch) -> None:
    monkeypatch.delenv("PLANSZOWKI_LANG", raising=False)
    run(["play", "root", "--seed", "13", "--lang", "pl"], capsys, monkeypatch, "1\nwyjdź\n")
    [save] = autosaves(_private_data_dir)
    assert json.loads(save.read_text("utf-8"))["lang"] == "pl"
    rc, out, _ = run(["play", "--resume"], capsys, monkeypatch, "quit\n")
    assert rc == 0 and "Ziarno 13" in out  # no --lang: the game's own language
    rc, out, _ = run(["play", "--resume", "--lang", "en"], capsys, monkeypatch, "quit\n")
    assert rc == 0 and "Seed 13" in out  # --lang still decides


def test_finished_game_is_marked_not_resumed_and_bots_are_not_slowed_by_autosaves(
        _private_data_dir: Path, capsys, monkeypatch) -> None:
    from planszowki.cli import play

    writes: list[bool] = []
    real = play.write_save

    def counting(path, doc, compact: bool = False) -> None:
        writes.append(compact)
        real(path, doc, compact)

    monkeypatch.setattr(play, "write_save", counting)
    t0 = time.monotonic()
    rc, out, _ = run([*BOTS, "--seed", "3"], capsys, monkeypatch)
    elapsed = time.monotonic() - t0
    assert rc == 0 and "Game over after" in out
    [auto] = autosaves(_private_data_dir)
    doc = json.loads(auto.read_text("utf-8"))
    assert doc["finished"] is True and doc["state"]["result"] is not None
    assert f"The finished game is kept in {auto}; replay it with: planszowki replay {auto}" in out
    # not after every bot move: at the start, about once a second while bots play on, and at the end
    n = len(doc["record"]["moves"])
    assert n > 100 and len(writes) <= 3 + elapsed / play.AUTOSAVE_EVERY and len(writes) < n / 20

    rc, _, err = run(["play", "--resume"], capsys, monkeypatch)
    assert rc == 2 and "no unfinished game to resume in" in err
    rc, out, _ = run(["replay", str(auto)], capsys, monkeypatch)
    assert rc == 0 and "Replay OK" in out


def test_ctrl_c_keeps_the_game_in_one_line_with_exit_code_130(_private_data_dir: Path, tmp_path: Path, capsys,
                                                              monkeypatch) -> None:
    mine = tmp_path / "mine.json"
    interrupt_after(monkeypatch, "1", "1")
    rc, out, err = run([*ONE_HUMAN, "--save", str(mine)], capsys, monkeypatch)
    assert rc == 130 and "Traceback" not in out + err
    [auto] = autosaves(_private_data_dir)
    lines = [line for line in out.splitlines() if line.startswith("Interrupted")]
    assert lines == [f"Interrupted: the game is kept in {auto}; resume it with: planszowki play --resume "
                     f"{auto.stem} Also saved to {mine}."]
    _, _, record, controllers, _ = load_checked(auto)  # the record replays to the saved state
    assert len(record.moves) >= 2 and controllers == {"marquise": "human", "eyrie": "bot"}
    assert json.loads(mine.read_text("utf-8"))["record"]["moves"] == record.moves  # --save written too

    interrupt_after(monkeypatch)  # Ctrl-C at once: the game as it stands is kept, and resumes
    rc, out, _ = run(["play", "--resume"], capsys, monkeypatch)
    assert rc == 130 and out.count("Interrupted: the game is kept in") == 1


def test_ctrl_c_inside_apply_keeps_the_game_after_the_last_whole_move(_private_data_dir: Path, capsys,
                                                                     monkeypatch) -> None:
    game_cls = type(planszowki.load("root"))
    real_new = game_cls.new
    calls = 0

    def new_interrupting(self, *args, **kwargs):
        # the state's own apply is wrapped on the instance: the state type may be an extension type (the compiled
        # build, docs/performance.md) whose methods cannot be replaced on the class
        state = real_new(self, *args, **kwargs)
        real_apply = state.apply

        def apply_then_interrupt(option_id):  # the state has changed, the record not yet
            nonlocal calls
            calls += 1
            result = real_apply(option_id)
            if calls == 40:
                raise KeyboardInterrupt
            return result

        state.apply = apply_then_interrupt
        return state

    monkeypatch.setattr(game_cls, "new", new_interrupting)
    rc, out, _ = run([*BOTS, "--seed", "6"], capsys, monkeypatch)
    assert rc == 130 and "Interrupted: the game is kept in" in out
    [auto] = autosaves(_private_data_dir)
    monkeypatch.undo()
    _, state, record, _, _ = load_checked(auto)  # state and record agree: move 40 is not half in
    assert len(record.moves) == 39 and not state.terminal


def test_autosave_directory_that_cannot_be_made_is_said_once(tmp_path: Path, capsys, monkeypatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("PLANSZOWKI_DATA_DIR", str(blocker))
    rc, out, err = run(ONE_HUMAN, capsys, monkeypatch, "1\nquit\n")
    assert rc == 0 and err.count("Could not autosave") == 1
    assert "The game is not kept (no autosave)." in out


# -- no traceback: every bad save is one line ----------------------------------------------------------
def _bot_save(tmp_path: Path, capsys, monkeypatch) -> Path:
    save = tmp_path / "g.json"
    rc, _, _ = run([*BOTS, "--seed", "4", "--max-turns", "3", "--save", str(save)], capsys, monkeypatch)
    assert rc == 0
    return save


def _other_legal_last_move(doc: dict) -> None:
    game = planszowki.load("root")
    rec = doc["record"]
    state = game.new(seed=rec["seed"], players=rec["players"], options=rec["options"])
    for oid in rec["moves"][:-1]:
        state.apply(oid)
    rec["moves"][-1] = next(o.id for o in state.decision.options if o.id != rec["moves"][-1])


def _set(key: str, value):
    return lambda doc: doc["state"].__setitem__(key, value)


EDITS = {
    "stack_emptied": (_set("stack", []), "does not follow from its record (seed 4, "),
    "vp_edited": (lambda d: d["state"]["vp"].__setitem__("eyrie", d["state"]["vp"]["eyrie"] + 1),
                  "first difference at state.vp.eyrie"),
    "last_move_changed_to_another_legal_one": (_other_legal_last_move, "does not follow from its record"),
    "move_made_illegal": (lambda d: d["record"]["moves"].__setitem__(2, "fly to the moon"),
                          "move 3 ('fly to the moon') cannot be replayed: option 'fly to the moon' is not legal"),
    "moves_missing": (lambda d: d["record"].pop("moves"), "the save's record has no 'moves' field"),
    "unknown_game": (lambda d: d.__setitem__("game", "chess"), "unknown game 'chess'"),
    "state_not_an_object": (lambda d: d.__setitem__("state", "x"), "'state' must be an object"),
    "players_changed": (lambda d: d["record"].__setitem__("players", ["marquise"]), "2 to 6 players"),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_load_replays_the_record_and_refuses_an_edited_save_in_one_line(edit: str, tmp_path: Path, capsys,
                                                                        monkeypatch) -> None:
    save = _bot_save(tmp_path, capsys, monkeypatch)
    change, message = EDITS[edit]
    doc = json.loads(save.read_text("utf-8"))
    change(doc)
    save.write_text(json.dumps(doc), encoding="utf-8")
    for how in (["--load", str(save)], ["--resume", str(save)]):
        rc, out, err = run(["play", "root", *how, "--seats", "marquise=bot,eyrie=bot"], capsys, monkeypatch)
        assert rc == 2 and out == ""
        assert err.startswith("planszowki: error:") and err.count("\n") == 1, err
        assert message in err and "Traceback" not in err


def test_rootlog_of_an_edited_save_is_refused(tmp_path: Path, capsys, monkeypatch) -> None:
    save = _bot_save(tmp_path, capsys, monkeypatch)
    rc, out, _ = run(["replay", str(save), "--rootlog"], capsys, monkeypatch)
    assert rc == 0 and out.startswith("Map: Fall\n")
    doc = json.loads(save.read_text("utf-8"))
    doc["state"]["stack"] = []
    save.write_text(json.dumps(doc), encoding="utf-8")
    rc, out, err = run(["replay", str(save), "--rootlog"], capsys, monkeypatch)
    assert rc == 2 and out == "" and err.count("\n") == 1 and "first difference at state.stack" in err


RAW = {
    "not_utf8": (b'{"format": "planszowki.save/1", "game": "root \xff\xfe"}', "not UTF-8 text (byte 46: b'\\xff')"),
    "truncated": (None, "the file looks cut short"),
    "empty": (b"", "is empty"),
    "other_format": (json.dumps({"format": "something/1"}).encode(), "is not a planszowki save (format"),
    "a_list": (b"[1, 2]", "is not a planszowki save"),
    "a_directory": (None, "is a directory"),
}


def _unreadable_save(case: str, tmp_path: Path, capsys, monkeypatch) -> Path:
    """The file of :data:`RAW`'s ``case``: its bytes, half of a real save ("truncated") or a directory."""
    bad = tmp_path / "bad.json"
    if case == "truncated":
        text = _bot_save(tmp_path, capsys, monkeypatch).read_text("utf-8")
        bad.write_text(text[: len(text) // 2], encoding="utf-8")
    elif case == "a_directory":
        bad.mkdir()
    else:
        bad.write_bytes(RAW[case][0])
    return bad


@pytest.mark.parametrize("case", sorted(RAW))
def test_unreadable_save_files_are_one_line(case: str, tmp_path: Path, capsys, monkeypatch) -> None:
    message = RAW[case][1]
    bad = _unreadable_save(case, tmp_path, capsys, monkeypatch)
    for args in (["play", "root", "--load", str(bad)], ["replay", str(bad)]):
        rc, _, err = run(args, capsys, monkeypatch)
        assert rc == 2 and err.startswith("planszowki: error:") and err.count("\n") == 1, err
        assert message in err


def test_bad_bot_in_seats_or_in_a_save_is_one_line(tmp_path: Path, capsys, monkeypatch) -> None:
    rc, _, err = run(["play", "root", "--seats", "marquise=ismcts:iterations=-5,eyrie=bot"], capsys, monkeypatch)
    assert rc == 2 and err.startswith("planszowki: error:") and err.count("\n") == 1 and "iterations" in err
    save = _bot_save(tmp_path, capsys, monkeypatch)
    doc = json.loads(save.read_text("utf-8"))
    doc["controllers"]["eyrie"] = "grandmaster"
    save.write_text(json.dumps(doc), encoding="utf-8")
    rc, _, err = run(["play", "--load", str(save)], capsys, monkeypatch)
    assert rc == 2 and err.count("\n") == 1 and "grandmaster" in err


def test_play_without_a_game_says_which_to_give(capsys, monkeypatch) -> None:
    rc, _, err = run(["play"], capsys, monkeypatch)
    assert rc == 2 and "which game? e.g. planszowki play root" in err


# -- commands in both languages ------------------------------------------------------------------------
def test_polish_commands_work_in_an_english_game(tmp_path: Path, capsys, monkeypatch) -> None:
    mine = tmp_path / "m.json"
    rc, out, _ = run([*ONE_HUMAN, "--lang", "en"], capsys, monkeypatch,
                     f"pomoc\ndziennik\nplansza\nzapisz {mine}\nwyjdź\n")
    assert rc == 0
    assert "Commands:" in out
    assert "The Polish commands work too: zapisz PLIK, dziennik, plansza, karta NAZWA, karty, pomoc, wyjdź" in out
    assert out.count("Hand of Marquise de Cat") == 2  # 'plansza' drew the screen again
    assert f"Saved to {mine}." in out and mine.is_file() and "Game left unfinished." in out
    assert "is not an option here" not in out


def test_english_commands_work_in_a_polish_game_and_help_speaks_polish(tmp_path: Path, capsys,
                                                                       monkeypatch) -> None:
    mine = tmp_path / "m.json"
    rc, out, _ = run([*ONE_HUMAN, "--lang", "pl"], capsys, monkeypatch, f"help\nlog\nsave {mine}\nwyjdz\n")
    assert rc == 0
    assert "Wybierz numer (albo: zapisz PLIK, dziennik, plansza, pomoc, wyjdź)" in out
    assert "Polecenia:" in out and "  zapisz PLIK   zapisz grę" in out and "  wyjdź         wyjdź z gry" in out
    assert f"Zapisano do {mine}." in out and "Gra przerwana przed końcem." in out
    assert "Gra jest zachowana w" in out


# -- nothing leaked: the hot seat at a real terminal ----------------------------------------------------
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _as_from_a_shell() -> None:
    """The child starts with Ctrl-C as a shell gives it: default action, not blocked. A test process may carry an
    ignored or blocked SIGINT (libraries loaded by earlier tests), which the child would inherit across exec and then
    never see the test's Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class Terminal:
    """``planszowki`` on a pseudo-terminal: everything it writes is kept, byte for byte."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        import fcntl
        import struct
        import termios

        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 140, 0, 0))
        self.proc = subprocess.Popen([sys.executable, "-m", "planszowki.cli.main", *args], stdin=slave,
                                     stdout=slave, stderr=slave, env=env, close_fds=True,
                                     preexec_fn=_as_from_a_shell)
        os.close(slave)
        self.out = b""

    def expect(self, *texts: str, after: int = 0, timeout: float = 60) -> tuple[int, int]:
        """Read until one of ``texts`` appears at or after byte ``after``: (which, its position)."""
        needles = [t.encode() for t in texts]
        end = time.monotonic() + timeout
        while True:
            found = [(self.out.find(n, after), i) for i, n in enumerate(needles)]
            found = [(at, i) for at, i in found if at >= 0]
            if found:
                at, i = min(found)
                return i, at
            left = end - time.monotonic()
            if left > 0 and select.select([self.master], [], [], min(left, 1.0))[0]:
                try:
                    self.out += os.read(self.master, 65536)
                    continue
                except OSError:  # the program has ended and closed the terminal
                    pass
            if left <= 0 or self.proc.poll() is not None:
                shown = ANSI.sub("", self.out.decode(errors="replace"))
                raise AssertionError(f"none of {texts!r} written; got:\n{shown}")

    def wait_for_read(self, timeout: float = 10) -> None:
        """Wait until the program sleeps in its read of the terminal. A SIGINT that lands after ``input()`` has
        written its prompt but before it blocks in read() only trips Python's flag, and the KeyboardInterrupt
        comes when the read returns (CPython's input(); a person's second Ctrl-C would end it): a test must not
        send its one Ctrl-C in that instant."""
        stat = Path(f"/proc/{self.proc.pid}/stat")
        if not stat.exists():
            time.sleep(1.0)
            return
        end, asleep = time.monotonic() + timeout, 0
        while time.monotonic() < end and asleep < 3:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
            asleep = asleep + 1 if state == "S" else 0
            time.sleep(0.05)

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\n")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.master)


def _secrets_of(state, a: str) -> list[str]:
    """The names of seat ``a``'s hand cards that the deciding seat's own screen does not show: what must not
    be on the terminal once that seat sits down."""
    b = state.decision.player
    names = [i18n.card_name(k, "en") for k in state.view(a)["players"][a]["hand"]]
    con = Console(file=io.StringIO(), width=140, record=True)
    con.print(board_group(state.view(b), "en", b))
    for e in state.log:
        if e.visible_to(b):
            con.print(event_line(e, "en"))
    con.print(decision_block(state.decision, list(state.decision.options), "en", 140))
    b_screen = con.export_text()
    return [name for name in names if name not in b_screen]


@pytest.mark.skipif(not hasattr(os, "openpty") or sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_hot_seat_wipes_screen_and_scrollback_and_the_next_seat_sees_no_secret(_private_data_dir: Path) -> None:
    env = {**os.environ, "PLANSZOWKI_LANG": "en", "TERM": "xterm-256color", "COLUMNS": "140", "LINES": "50"}
    env.pop("NO_COLOR", None)
    term = Terminal(HOT, env)  # seed 3: the Marquise sets up first, then the Eyrie
    try:
        _, at = term.expect("Pass the device to Marquise de Cat")
        term.type("")
        while True:  # the Marquise takes option 1 until the device goes to the Eyrie
            which, at = term.expect("Choose a number", "Pass the device to Eyrie Dynasties", after=at)
            if which == 1:
                break
            _, at = term.expect("> ", after=at)
            term.type("1")
            at += 2
        handover = at
        [auto] = autosaves(_private_data_dir)  # kept after the Marquise's last decision
        _, state, record, _, _ = load_checked(auto)
        assert state.decision.player == "eyrie" and record.moves
        secrets = _secrets_of(state, "marquise")
        assert secrets
        term.type("")
        _, b_prompt = term.expect("Choose a number", after=handover)
        term.expect("> ", after=b_prompt)
        raw = term.out.decode("utf-8", errors="replace")
        wipe = raw.rfind(WIPE, 0, raw.index("Pass the device to Eyrie Dynasties"))
        assert wipe >= 0, "no screen + scrollback wipe before the device is passed"
        assert "\x1b[3J" in WIPE and "\x1b[2J" in WIPE
        before, after = ANSI.sub("", raw[:wipe]), ANSI.sub("", raw[wipe:])
        assert all(name in before for name in secrets)  # the Marquise's screen did show them ...
        assert "Hand of Eyrie Dynasties" in after
        leaked = [name for name in secrets if name in after]
        assert not leaked, f"after the wipe the terminal still shows the Marquise's cards {leaked}"

        term.wait_for_read()
        term.proc.send_signal(signal.SIGINT)  # Ctrl-C at the Eyrie's prompt
        try:
            term.expect("resume it with: planszowki play --resume", after=b_prompt, timeout=10)
        except AssertionError:
            # on a loaded machine the first Ctrl-C can be lost in the instant before input() blocks (see
            # wait_for_read; seen only in whole-suite runs beside other jobs): a person presses it again
            term.wait_for_read()
            term.proc.send_signal(signal.SIGINT)
            term.expect("resume it with: planszowki play --resume", after=b_prompt)
        assert term.proc.wait(timeout=30) == 130
        assert "Traceback" not in term.out.decode("utf-8", errors="replace")
    finally:
        term.close()
    _, state, later, _, _ = load_checked(auto)
    assert later.moves == record.moves and state.decision.player == "eyrie"


def test_finished_autosaves_beyond_the_newest_are_pruned_unfinished_never(_private_data_dir: Path):
    """A new game's autosave removes finished games' autosaves beyond the newest KEEP_FINISHED; an unfinished
    game's (what --resume continues) and a file that is not a finished save stay."""
    import json
    import os

    from planszowki.cli import saves

    d = _private_data_dir / "games"
    d.mkdir(parents=True, exist_ok=True)
    for i in range(5):
        for kind, finished in (("done", True), ("open", False)):
            p = d / f"root-{kind}-{i}.json"
            p.write_text(json.dumps({"format": saves.SAVE_FORMAT, "game": "root", "finished": finished}))
            os.utime(p, (1000 + i, 1000 + i))
    (d / "notes.json").write_text("not a save")
    os.utime(d / "notes.json", (1, 1))
    removed = saves.prune_finished(keep=2)
    assert sorted(p.name for p in removed) == ["root-done-0.json", "root-done-1.json", "root-done-2.json"]
    left = sorted(p.name for p in d.glob("*.json"))
    assert left == ["notes.json", "root-done-3.json", "root-done-4.json"] + [f"root-open-{i}.json" for i in range(5)]
    path = saves.new_autosave_path("root")  # a new game prunes with the default limit: nothing more to remove here
    assert path.exists() and len(list(d.glob("*.json"))) == len(left) + 1


def test_a_8_2_drafted_seats_keep_their_players_through_autosave_and_resume(_private_data_dir: Path, capsys,
                                                                            monkeypatch):
    """The Advanced Setup's faction draft at the terminal: --seats names players, each seat is renamed to the faction
    it drafts (A.8.2), its bot or person follows it, the autosave names the players as the game began, and
    --resume goes on with the renamed seats."""
    args = ["play", "root", "--setup", "advanced", "--factions", "draft", "--landmarks", "tower", "--seed", "3",
            "--seats", "player1=heuristic,player2=random,player3=heuristic", "--max-turns", "2"]
    rc, _out, err = run(args, capsys, monkeypatch)
    assert rc == 0, err
    [save] = autosaves(_private_data_dir)
    doc = json.loads(save.read_text())
    assert doc["controllers"] == {"player1": "heuristic", "player2": "random", "player3": "heuristic"}
    _game, state, record, saved, _ = load_checked(save)
    assert not any(s.startswith("player") for s in state.seats)  # every seat has drafted its faction
    assert saved == doc["controllers"]
    moves = len(record.moves)
    rc, _out, err = run(["play", "--resume", save.stem, "--max-turns", "4"], capsys, monkeypatch)
    assert rc == 0, err
    assert len(json.loads(save.read_text())["record"]["moves"]) > moves


# -- the same refusals in Polish: a Polish session is told why in Polish ------------------------------------------
POLISH_EDITS = {
    "stack_emptied": "zapisany stan gry nie wynika z zapisanego przebiegu (ziarno 4, ",
    "vp_edited": "pierwsza różnica w state.vp.eyrie",
    "last_move_changed_to_another_legal_one": "zapisany stan gry nie wynika z zapisanego przebiegu",
    "move_made_illegal": "ruchu 3 ('fly to the moon') nie da się odtworzyć: opcja 'fly to the moon' nie jest "
                         "dozwolona dla marquise",
    "moves_missing": "w zapisanym przebiegu gry ('record') brakuje pola 'moves'",
    "unknown_game": "nieznana gra 'chess'; znane gry: great_wall, ironwood, root",
    "state_not_an_object": "'state' musi być obiektem (stanem gry), a nie str",
    "players_changed": "w Root gra od 2 do 6 graczy (5.1)",
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_a_polish_session_is_told_in_polish_why_an_edited_save_is_refused(edit: str, tmp_path: Path, capsys,
                                                                          monkeypatch) -> None:
    """The refusals above (a record or state edited, a field missing, a game unknown), said in Polish: the path of
    the first difference and the move named as in English."""
    save = _bot_save(tmp_path, capsys, monkeypatch)
    change, english = EDITS[edit]
    doc = json.loads(save.read_text("utf-8"))
    change(doc)
    save.write_text(json.dumps(doc), encoding="utf-8")
    for how in (["--load", str(save)], ["--resume", str(save)]):
        rc, out, err = run(["play", "root", *how, "--seats", "marquise=bot,eyrie=bot", "--lang", "pl"], capsys,
                           monkeypatch)
        assert rc == 2 and out == "" and err.startswith(f"planszowki: błąd: {save}") and err.count("\n") == 1, err
        assert POLISH_EDITS[edit] in err and english not in err, err


POLISH_RAW = {
    "not_utf8": "nie jest zapisem planszowki: to nie jest tekst UTF-8 (bajt 46: b'\\xff')",
    "truncated": "nie jest plikiem JSON (wiersz ",
    "empty": "jest pusty, to nie jest zapis planszowki",
    "other_format": "nie jest zapisem planszowki (format 'something/1', oczekiwano 'planszowki.save/1')",
    "a_list": "nie jest zapisem planszowki (format 'list', oczekiwano",
    "a_directory": "to katalog, a nie plik zapisu",
}


@pytest.mark.parametrize("case", sorted(RAW))
def test_unreadable_save_files_are_one_line_in_polish(case: str, tmp_path: Path, capsys, monkeypatch) -> None:
    english = RAW[case][1]
    bad = _unreadable_save(case, tmp_path, capsys, monkeypatch)
    for args in (["play", "root", "--load", str(bad)], ["replay", str(bad)]):
        rc, _, err = run([*args, "--lang", "pl"], capsys, monkeypatch)
        assert rc == 2 and err.startswith("planszowki: błąd: ") and err.count("\n") == 1, err
        assert POLISH_RAW[case] in err and english not in err, err
    if case == "truncated":  # Python's reason, in Polish too
        assert "— wygląda na to, że plik jest ucięty" in err and "niezamknięty napis" in err, err


def test_a_missing_save_and_nothing_to_resume_in_polish(tmp_path: Path, capsys, monkeypatch) -> None:
    rc, _, err = run(["play", "root", "--load", str(tmp_path / "none.json"), "--lang", "pl"], capsys, monkeypatch)
    assert rc == 2 and err == f"planszowki: błąd: nie ma takiego pliku zapisu: {tmp_path / 'none.json'}\n"
    rc, _, err = run(["play", "--resume", "--lang", "pl"], capsys, monkeypatch)
    assert rc == 2 and err.startswith("planszowki: błąd: w ") and "nie ma niedokończonej gry do wznowienia" in err
    rc, _, err = run(["play", "--resume", "nope", "--lang", "pl"], capsys, monkeypatch)
    assert rc == 2 and "nie ma pliku zapisu ani automatycznie zapisanej gry 'nope'" in err


def test_replay_of_an_edited_record_says_which_move_in_polish(tmp_path: Path, capsys, monkeypatch) -> None:
    save = _bot_save(tmp_path, capsys, monkeypatch)
    doc = json.loads(save.read_text("utf-8"))
    doc["record"]["moves"][2] = "fly to the moon"
    save.write_text(json.dumps(doc), encoding="utf-8")
    rc, out, _ = run(["replay", str(save), "--lang", "pl"], capsys, monkeypatch)
    assert rc == 1 and "Odtworzenie przerwane na ruchu 3: opcja 'fly to the moon' nie jest dozwolona dla marquise" \
        in out and "is not legal" not in out


def test_a_resumed_game_refuses_in_the_language_it_was_played_in_unless_lang_says_otherwise(
        tmp_path: Path, capsys, monkeypatch) -> None:
    """A Polish game resumed from an English session speaks Polish (cmd_play), and so do its refusals: a broken
    record, another game asked for, a bot its save names. --lang en says otherwise, for the refusals too."""
    save = tmp_path / "pl.json"
    rc, _, _ = run([*BOTS, "--seed", "4", "--max-turns", "3", "--save", str(save), "--lang", "pl"], capsys,
                   monkeypatch)
    assert rc == 0 and json.loads(save.read_text("utf-8"))["lang"] == "pl"
    rc, _, err = run(["play", "ironwood", "--resume", str(save)], capsys, monkeypatch)  # the session: English
    assert rc == 2 and err == f"planszowki: błąd: {save} zawiera grę root, a nie ironwood\n"
    rc, _, err = run(["play", "ironwood", "--resume", str(save), "--lang", "en"], capsys, monkeypatch)
    assert rc == 2 and err == f"planszowki: error: {save} holds a game of root, not ironwood\n"
    doc = json.loads(save.read_text("utf-8"))
    doc["controllers"]["eyrie"] = "ismcts:rollout=smart"
    save.write_text(json.dumps(doc), encoding="utf-8")
    rc, _, err = run(["play", "--resume", str(save)], capsys, monkeypatch)
    assert rc == 2 and err == ("planszowki: błąd: miejsce eyrie: bot 'ismcts': rollout musi być jednym ze słów "
                               "heuristic, random, a nie 'smart'\n")
    doc["record"]["moves"][2] = "fly to the moon"
    save.write_text(json.dumps(doc), encoding="utf-8")
    rc, _, err = run(["play", "--resume", str(save)], capsys, monkeypatch)
    assert rc == 2 and err.startswith(f"planszowki: błąd: {save}: ruchu 3 ('fly to the moon') nie da się odtworzyć")
    rc, _, err = run(["play", "--resume", str(save), "--lang", "en"], capsys, monkeypatch)
    assert rc == 2 and err.startswith(f"planszowki: error: {save}: move 3 ('fly to the moon') cannot be replayed")
