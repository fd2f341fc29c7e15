"""The ``planszowki`` command, driven through ``main(argv)`` with scripted standard input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import planszowki
from planszowki.cli.main import main
from planszowki.cli.saves import SAVE_FORMAT


def run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("PLANSZOWKI_LANG", "en")  # the default language, whatever the machine's locale
    rc = main(args)
    out, err = capsys.readouterr()
    return rc, out, err


BOTS = ["--seats", "marquise=bot,eyrie=random"]


def test_bot_vs_bot_game_to_the_end_then_replay(tmp_path: Path, capsys, monkeypatch) -> None:
    save = tmp_path / "game.json"
    rc, out, _ = run(["play", "root", *BOTS, "--seed", "3", "--lang", "en", "--save", str(save)], capsys, monkeypatch)
    assert rc == 0
    assert "Game over after" in out and "Winner:" in out and "Final score" in out
    assert "— Turn 1:" in out  # spectators see the log as the game goes
    doc = json.loads(save.read_text("utf-8"))
    assert doc["format"] == SAVE_FORMAT and doc["game"] == "root"
    assert doc["record"]["seed"] == 3 and doc["record"]["players"] == ["marquise", "eyrie"]
    assert doc["state"]["result"] is not None and len(doc["record"]["moves"]) > 50
    rc, out, _ = run(["replay", str(save), "--lang", "en"], capsys, monkeypatch)
    assert rc == 0
    assert "Replay OK" in out and f"{len(doc['record']['moves'])} moves from seed 3" in out
    assert "1. " in out and "Game over" in out


def test_bot_game_in_polish(capsys, monkeypatch) -> None:
    rc, out, _ = run(["play", "root", *BOTS, "--seed", "5", "--lang", "pl"], capsys, monkeypatch)
    assert rc == 0
    assert "Koniec gry po" in out and "Zwycięzca:" in out and "Markiza de Kot" in out
    assert "Dynastie Orlich Gniazd" in out and "Polany" in out


def test_same_seed_same_game(capsys, monkeypatch) -> None:
    def game(out: str) -> list[str]:  # all but the lines naming the autosave (one file per game)
        return [line for line in out.splitlines() if not line.startswith(("Autosave:", "The finished game is kept"))]

    _, a, _ = run(["play", "root", *BOTS, "--seed", "8", "--lang", "en"], capsys, monkeypatch)
    _, b, _ = run(["play", "root", *BOTS, "--seed", "8", "--lang", "en"], capsys, monkeypatch)
    assert game(a) == game(b) and len(game(a)) > 100 and a != b


def test_human_moves_save_load_and_replay(tmp_path: Path, capsys, monkeypatch) -> None:
    mid = tmp_path / "mid.json"
    script = "1\n1\n1\n1\nsave " + str(mid) + "\nquit\n"
    rc, out, _ = run(["play", "root", "--seats", "marquise=human,eyrie=bot", "--seed", "7", "--lang", "en"],
                     capsys, monkeypatch, script)
    assert rc == 0
    assert "Hand of Marquise de Cat" in out and "Marquise de Cat — " in out
    assert "(6.3.2)" in out  # options carry their rule citations
    assert f"Saved to {mid}" in out and "Game left unfinished" in out
    doc = json.loads(mid.read_text("utf-8"))
    assert doc["controllers"] == {"marquise": "human", "eyrie": "bot"}
    moves = doc["record"]["moves"]
    assert moves[0].startswith("keep ")  # the human's first choice: where the keep goes (6.3.2)
    game = planszowki.load("root")
    assert game.to_json(game.from_json(doc["state"])) == doc["state"]

    rc, out, _ = run(["replay", str(mid)], capsys, monkeypatch)
    assert rc == 0 and "Replay OK" in out

    end = tmp_path / "end.json"
    rc, out, _ = run(["play", "root", "--load", str(mid), *BOTS, "--save", str(end)], capsys, monkeypatch)
    assert rc == 0 and "Game over after" in out
    final = json.loads(end.read_text("utf-8"))
    assert final["record"]["moves"][:len(moves)] == moves  # the loaded game continued the same record
    rc, out, _ = run(["replay", str(end)], capsys, monkeypatch)
    assert rc == 0 and "Replay OK" in out


def test_resume_keeps_the_saved_seats(tmp_path: Path, capsys, monkeypatch) -> None:
    mid = tmp_path / "mid.json"
    run(["play", "root", "--seed", "2", "--lang", "en"], capsys, monkeypatch, f"1\nsave {mid}\nquit\n")
    rc, out, _ = run(["play", "root", "--load", str(mid), "--lang", "en"], capsys, monkeypatch, "quit\n")
    assert rc == 0
    assert "Marquise de Cat = human" in out and "Eyrie Dynasties = bot" in out


def test_commands_at_the_prompt(tmp_path: Path, capsys, monkeypatch) -> None:
    script = "help\nlog\nboard\nxyzzy\n0\n99\nsave\n\nkeep 3\nquit\n"
    rc, out, _ = run(["play", "root", "--seats", "marquise=human,eyrie=bot", "--seed", "7", "--lang", "en"],
                     capsys, monkeypatch, script)
    assert rc == 0
    assert "Commands:" in out and "save FILE" in out
    assert "'xyzzy' is not an option here" in out and "'99' is not an option here" in out
    assert "Usage: save FILE" in out
    assert "Marquise de Cat places a keep token in clearing 3." in out  # an option id works as input


def test_end_of_input_leaves_cleanly(capsys, monkeypatch) -> None:
    rc, out, _ = run(["play", "root", "--seed", "1", "--lang", "pl"], capsys, monkeypatch, "")
    assert rc == 0 and "Koniec wejścia" in out


def test_hot_seat_shows_each_human_only_their_own_secrets(capsys, monkeypatch) -> None:
    script = "\n" + "1\n1\n1\n" + "\n" + "1\nquit\n"  # Enter to take the device, then choices
    rc, out, _ = run(["play", "root", "--seats", "marquise=human,eyrie=human", "--seed", "5", "--lang", "en"],
                     capsys, monkeypatch, script)
    assert rc == 0
    assert "Pass the device to Marquise de Cat" in out and "Pass the device to Eyrie Dynasties" in out
    eyrie_screen = out.split("Pass the device to Eyrie Dynasties", 1)[1]
    marquise_screen = out.split("Pass the device to Eyrie Dynasties", 1)[0]
    assert "Marquise de Cat draws:" in marquise_screen and "Hand of Marquise de Cat" in marquise_screen
    assert "Marquise de Cat draws:" not in eyrie_screen and "Hand of Marquise de Cat" not in eyrie_screen
    assert "Hand of Eyrie Dynasties" in eyrie_screen
    assert "Eyrie Dynasties draw:" not in marquise_screen


def test_lost_city_landmark_game_plays_to_the_end_and_the_board_shows_it(capsys, monkeypatch) -> None:
    """Appendix F: the Lost City is no longer refused; bots play a game with it, the terminal board naming it."""
    rc, out, err = run(["play", "root", "--setup", "advanced", "--landmarks", "lost_city", "--seats",
                        "marquise=bot,eyrie=random", "--seed", "4", "--lang", "en"], capsys, monkeypatch)
    assert rc == 0, err
    assert "Game over after" in out and "Lost City: clearing " in out


@pytest.mark.parametrize(("args", "message"), [
    (["play", "root", "--setup", "advanced", "--landmarks", "atlantis", "--seats", "marquise=bot,eyrie=bot"],
     "unknown landmark 'atlantis'"),
    (["play", "root", "--seats", "lizards=bot,eyrie=bot"], "unknown faction 'lizards'"),
    (["play", "root", "--map", "moon"], "unknown map 'moon'"),
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "root", "--seats", "marquise=grandmaster,eyrie=bot"], "unknown player 'grandmaster'"),
    (["play", "root", "--seats", "marquise=bot,marquise=bot"], "appears twice"),
    (["play", "root", "--seats", "marquise=bot"], "2 to 6 players"),
])
def test_unsupported_setups_are_refused(args: list[str], message: str, capsys, monkeypatch) -> None:
    rc, _, err = run(args, capsys, monkeypatch)
    assert rc != 0
    assert message in err and err.startswith("planszowki: error:")


FIVE_CORNERS = "marquise=bot,eyrie=bot,cult=bot,duchy=bot,warlord=bot"  # Law 5: five factions that start in corners


@pytest.mark.parametrize(("args", "polish"), [
    (["play", "root", "--seats", "marquise=human,marquise=bot"],
     "frakcja 'marquise' występuje w --seats dwa razy (5.1.1: każda frakcja zajmuje jedno miejsce)"),
    (["play", "root", "--seats", FIVE_CORNERS],
     "5 frakcji rozpoczyna grę na polanach narożnych (Markiza de Kot, Dynastie Orlich Gniazd, Jaszczurzy Kultyści, "
     "Podziemne Księstwo, Władca Szczurów): pięć lub więcej wymaga Przygotowania Zaawansowanego Rozgrywki "
     "(Księga Praw, rozdz. 5): --setup advanced"),
    (["play", "root", "--setup", "advanced", "--seats", FIVE_CORNERS],
     "nie mieści się w czterech narożnikach Przygotowania Rozgrywki (A.8); potrzebne są karty przygotowania Frakcji: "
     "--factions draft"),
    (["play", "root", "--seats", "marquise=bot"], "w Root gra od 2 do 6 graczy (5.1)"),
    (["play", "root", "--seats", "marquise=grandmaster,eyrie=bot"], "miejsce marquise: nieznany gracz 'grandmaster'"),
    (["play", "root", "--map", "moon"], "nieznana mapa 'moon'; mapy: autumn, winter, lake, mountain"),
    (["play", "root", "--setup", "advanced", "--factions", "draft", "--adventurous", "--seats",
      "player1=bot,player2=bot"], "tylko w grze z Zaciężnymi (A.8.1.I"),
    (["play", "ironwood", "--seats", "woodwalkers=human,ironclad=forestbot"],
     "forestbot gra frakcją woodwalkers, a nie ironclad"),
    (["play", "great_wall", "--seats", "red=bot,red=bot,blue=bot"], "frakcja 'red' występuje w --seats dwa razy"),
    (["play", "great_wall", "--mode", "solo"], "tryb solo (great_wall:modes.solo) jest dla jednego gracza"),
    (["play"], "która gra? np. planszowki play root"),
    (["play", "root", "--content", "x.json"], "--content to opcja tylko gry Ironwood"),
    (["play", "root", "--setup", "advanced", "--hirelings", "last_dynasty,popular_band,the_exile", "--seats",
      "marquise=bot,eyrie=bot"], "Zaciężni Ostatnia Dynastia ('last_dynasty') odpowiadają frakcji Dynastie Orlich "
                                 "Gniazd, która nie może grać razem z nimi (Dodatek A, krok 6.5)"),
    (["play", "ironwood", "--seats", "woodwalkers=human,ironclad=ironbot", "--variants", "nope"],
     "variants to lista wariantów spośród: red_icons"),
])
def test_a_polish_session_is_told_why_a_game_cannot_start_in_polish(args: list[str], polish: str, capsys,
                                                                    monkeypatch) -> None:
    """The refusals of --seats, of the game's setup (Law 5, A.8, 5.1) and of the command line itself are said in the
    person's language, with the rule they cite; in one line, as in English."""
    rc, _, err = run([*args, "--lang", "pl"], capsys, monkeypatch)
    assert rc == 2 and err.startswith("planszowki: błąd: ") and len(err.strip().splitlines()) == 1, err
    assert polish in err, err


def test_the_same_refusal_is_english_in_an_english_session(capsys, monkeypatch) -> None:
    rc, _, err = run(["play", "root", "--seats", FIVE_CORNERS, "--lang", "en"], capsys, monkeypatch)
    assert rc == 2 and err.startswith("planszowki: error: 5 factions that start in corner clearings (Marquise de Cat, ")
    assert "five or more need the Advanced Setup (Law 5)" in err


def test_bad_save_files(tmp_path: Path, capsys, monkeypatch) -> None:
    rc, _, err = run(["play", "root", "--load", str(tmp_path / "none.json")], capsys, monkeypatch)
    assert rc == 2 and "no such save file" in err
    junk = tmp_path / "junk.json"
    junk.write_text("{not json", encoding="utf-8")
    rc, _, err = run(["replay", str(junk)], capsys, monkeypatch)
    assert rc == 2 and "is not JSON" in err
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "something/1"}), encoding="utf-8")
    rc, _, err = run(["replay", str(other)], capsys, monkeypatch)
    assert rc == 2 and "is not a planszowki save" in err


def _saved_game(tmp_path: Path, capsys, monkeypatch) -> Path:
    save = tmp_path / "g.json"
    run(["play", "root", *BOTS, "--seed", "4", "--save", str(save), "--max-turns", "6"], capsys, monkeypatch)
    return save


def test_play_turn_cap(tmp_path: Path, capsys, monkeypatch) -> None:
    save = tmp_path / "g.json"
    rc, out, _ = run(["play", "root", *BOTS, "--seed", "4", "--save", str(save), "--max-turns", "6",
                      "--lang", "en"], capsys, monkeypatch)
    assert rc == 0 and "turn limit (6 turns)" in out
    rc, out, _ = run(["replay", str(save)], capsys, monkeypatch)
    assert rc == 0 and "Replay OK" in out


def test_replay_reports_a_state_mismatch(tmp_path: Path, capsys, monkeypatch) -> None:
    save = _saved_game(tmp_path, capsys, monkeypatch)
    doc = json.loads(save.read_text("utf-8"))
    doc["state"]["vp"]["eyrie"] += 1
    save.write_text(json.dumps(doc), encoding="utf-8")
    rc, out, _ = run(["replay", str(save), "--lang", "en"], capsys, monkeypatch)
    assert rc == 1 and "Replay MISMATCH" in out and "vp" in out.split("MISMATCH", 1)[1]


def test_replay_reports_an_illegal_move(tmp_path: Path, capsys, monkeypatch) -> None:
    save = _saved_game(tmp_path, capsys, monkeypatch)
    doc = json.loads(save.read_text("utf-8"))
    doc["record"]["moves"][2] = "fly to the moon"
    save.write_text(json.dumps(doc), encoding="utf-8")
    rc, out, _ = run(["replay", str(save), "--lang", "en"], capsys, monkeypatch)
    assert rc == 1 and "Replay failed at move 3" in out and "fly to the moon" in out


def test_replay_step_by_step(tmp_path: Path, capsys, monkeypatch) -> None:
    save = _saved_game(tmp_path, capsys, monkeypatch)
    rc, out, _ = run(["replay", str(save), "--step", "--lang", "pl"], capsys, monkeypatch, "\n\nq\n")
    assert rc == 0 and out.count("Enter: następny ruch") == 3 and "Odtworzenie poprawne" in out


def test_replay_marks_private_events(tmp_path: Path, capsys, monkeypatch) -> None:
    save = _saved_game(tmp_path, capsys, monkeypatch)
    rc, out, _ = run(["replay", str(save), "--lang", "en"], capsys, monkeypatch)
    assert rc == 0 and "draws:" in out and "[only Marquise]" in out


def test_bench_prints_its_table(capsys, monkeypatch) -> None:
    rc, out, _ = run(["bench", "--games", "2"], capsys, monkeypatch)
    assert rc == 0
    for row in ("games (seeds)", "ended naturally / capped", "mean turns", "games/s", "options applied/s",
                "state.copy() mean", "JSON round trip mean", "random rollouts to the end",
                "JSON round trip after 600 options"):
        assert row in out, row


def test_rootlog_command_during_play(capsys, monkeypatch) -> None:
    """The 'rootlog' command prints the game so far in Rootlog notation (docs/rootlog.md)."""
    rc, out, _ = run(["play", "root", "--seats", "marquise=human,eyrie=bot", "--seed", "7", "--lang", "en"],
                     capsys, monkeypatch, "rootlog\nquit\n")
    assert rc == 0
    assert "Map: Fall\nDeck: Standard\nC: Marquise de Cat\nE: Eyrie Dynasties\n" in out
    assert "C:3#->C" in out  # the opening draw of the setup line (5.1.3); the keep is not placed yet
