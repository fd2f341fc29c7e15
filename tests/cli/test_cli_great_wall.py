"""The Great Wall in the terminal: a whole game typed at the prompt, save / load / replay, a hot seat that shows each
clan only its own screen, the demonstration-content label, and the one-line refusals of options of other games."""

from __future__ import annotations

import io
import json
from functools import partial
from pathlib import Path

import cli_helpers
import pytest

import planszowki
from planszowki import bots, i18n
from planszowki.cli import board_great_wall as gwb
from planszowki.cli import play

GAME = planszowki.load("great_wall")
SEATS = ["red", "blue", "yellow"]
DEMO = {"en": "demonstration content, not the printed cards", "pl": "zawartość demonstracyjna, nie drukowane karty"}
NAME = {"red": "Red", "blue": "Blue", "yellow": "Yellow"}
#: the lines people type against the CLI's random bots (cli_helpers.script_for): script_for(seed, humans, ...); the
#: CLI takes a decision with one option by itself (an Enter in a hot seat)
script_for = partial(cli_helpers.script_for, GAME, SEATS, single_taken=True)
run = partial(cli_helpers.run, columns=140)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_whole_game_against_two_bots_through_the_cli(lang: str, tmp_path: Path, capsys, monkeypatch) -> None:
    seed = 3
    lines, final = script_for(seed, ("red",))
    save = tmp_path / "game.json"
    rc, out, err = run(["play", "great_wall", "--seats", "red=human,blue=bot,yellow=bot", "--seed", str(seed),
                        "--lang", lang, "--save", str(save)], capsys, monkeypatch, "\n".join(lines) + "\n")
    assert rc == 0, err
    doc = json.loads(save.read_text("utf-8"))
    assert doc["game"] == "great_wall" and doc["finished"] is True
    assert GAME.to_json(GAME.from_json(doc["state"])) == GAME.to_json(final)
    res = final.result
    words = {"en": ("The Great Wall — year 1, Autumn", "Behind your screen — Red", "Tea order", "Shame pool",
                    "Command track", "Advisor track", "Artifacts", "Locations", "Vital grid", "Final scoring (Honor)",
                    "The winner: "),
             "pl": ("Wielki Mur — rok 1, Jesień", "Za twoją zasłonką — Czerwony", "Tor Herbaty",
                    "Pula żetonów Hańby", "Tor Rozkazów", "Tor Doradców", "Artefakty", "Lokacje", "Punkty Witalne",
                    "Końcowe podliczenie (Honor)", "Zwycięzca: ")}[lang]
    for w in words:
        assert w in out, w
    tail = out.split(words[-1])[-1]
    assert all(gwb.term("clan", w, lang) in tail.splitlines()[0] for w in res["winners"])
    assert gwb.term("reason", res["reason"], lang) in out
    assert DEMO[lang] in out.splitlines()[0]  # the banner's first line names the content set
    cite = "(Autumn 1. Choose a Command card)" if lang == "en" else "(Jesień 1. Wybierz kartę Rozkazu)"
    assert cite in out  # every option shows its rulebook section's heading
    assert "gw." not in out and "{" not in out  # every event, option and prompt rendered in words
    # a decision with one option (a Tactic window with only Pass, the last Command card …) is not asked: said
    taken = {"en": "Only one way, taken for you: Red — ", "pl": "Jedyna możliwość, wybrana za ciebie: Czerwony — "}
    assert taken[lang] in out
    for seat, score in res["scores"].items():  # the final table: each clan's Honor
        row = [ln for ln in out.splitlines() if ln.startswith("│ " + gwb.term("clan", seat, lang) + " ")]
        assert row and row[-1].rstrip(" │").endswith(str(score)), (seat, row)


def test_save_load_replay_resume_of_a_great_wall_game(tmp_path: Path, capsys, monkeypatch) -> None:
    seed = 5
    first, _ = script_for(seed, ("red",), limit=25)
    mid = tmp_path / "mid.json"
    rc, out, _ = run(["play", "great_wall", "--seats", "red=human,blue=bot,yellow=bot", "--seed", str(seed)],
                     capsys, monkeypatch, "\n".join([*first, f"save {mid}", "quit"]) + "\n")
    assert rc == 0 and f"Saved to {mid}" in out
    doc = json.loads(mid.read_text("utf-8"))
    assert doc["game"] == "great_wall" and doc["finished"] is False
    assert doc["state"]["content_label"]["pl"] == DEMO["pl"]
    assert doc["controllers"] == {"red": "human", "blue": "bot", "yellow": "bot"}
    rest, final = script_for(seed, ("red",), moves=doc["record"]["moves"])

    end = tmp_path / "end.json"
    rc, out, _ = run(["play", "--load", str(mid), "--save", str(end)], capsys, monkeypatch, "\n".join(rest) + "\n")
    assert rc == 0 and "The game is over after" in out
    doc = json.loads(end.read_text("utf-8"))
    assert doc["finished"] is True and GAME.to_json(GAME.from_json(doc["state"])) == GAME.to_json(final)

    rc, out, _ = run(["replay", str(end), "--lang", "pl"], capsys, monkeypatch)
    assert rc == 0 and DEMO["pl"] in out.splitlines()[0]
    assert "Czerwony: Wybierz kartę Rozkazu (zakrytą)" in out and "(Jesień 1. Wybierz kartę Rozkazu)" in out
    assert "[tylko Czerwony]" in out  # private events are marked in a replay
    assert f"{len(doc['record']['moves'])}" in out.splitlines()[-1]

    # the autosave of the first session resumes where it was left
    rc, out, _ = run(["play", "--resume", "great_wall"], capsys, monkeypatch, "quit\n")
    assert rc == 0 and "Behind your screen — Red" in out


def test_hot_seat_shows_each_clan_only_its_own_screen(capsys, monkeypatch) -> None:
    seed = 7
    lines, st = script_for(seed, tuple(SEATS), limit=70, hot_seat=True)
    rc, out, _ = run(["play", "great_wall", "--seats", "red=human,blue=human,yellow=human", "--seed", str(seed)],
                     capsys, monkeypatch, "\n".join([*lines, "quit"]) + "\n")
    assert rc == 0
    parts = out.split("Pass the device to the ")
    assert len(parts) > 6
    private = {s: [i18n.render_event(e, "en", "great_wall", content=st.content) for e in st.log if e.seats == (s,)]
               for s in SEATS}
    assert all(private.values())
    seen = set()
    for part in parts[1:]:
        seat = next(s for s in SEATS if part.startswith(NAME[s]))
        seen.add(seat)
        assert f"Behind your screen — {NAME[seat]}" in part
        # one screen's resources per screen shown: its own (a seat deciding twice in a row sees its screen twice)
        assert part.count("Resources: ") == part.count(f"Behind your screen — {NAME[seat]}")
        for other in SEATS:
            if other == seat:
                continue
            assert f"Behind your screen — {NAME[other]}" not in part
            for text in private[other]:
                assert text not in part, text
    assert seen == set(SEATS)


def test_barracks_prompt_says_whether_it_recruits_or_where_a_recruit_attacks() -> None:
    """Koszary: first one recruit per clerk, each paid at once; then each recruit attacks (or rests): the prompt
    names which question it is, and the soldier."""
    st = GAME.new(seed=4, players=SEATS)
    r = bots.make("random", 4)
    stages = set()
    while not st.terminal and len(stages) < 2:
        d = st.decision
        if d.kind == "gw.barracks":
            fr = st.stack[-1]
            stage = "attack" if fr.get("placing") else "recruit"
            text = {lang: gwb.decision_block(st, d, lang).renderables[0].plain for lang in ("en", "pl")}
            if stage == "recruit":
                assert "Barracks: recruit one soldier per clerk here" in text["en"]
                assert "Koszary: rekrutuj po 1 Żołnierzu" in text["pl"]
            if stage == "attack":
                soldier = gwb.term("soldier", ("spearman", "archer", "horseman")[fr["placing"][0]], "en")
                assert f"Barracks: where does your new soldier ({soldier}) attack?" in text["en"]
                assert "Koszary: gdzie atakuje twój nowy Żołnierz (" in text["pl"]
                for opt in d.options:  # a Vital point names its card's id and section (two cards may share a name)
                    if opt.args.get("card"):
                        label = gwb.option_text(opt, d, st, "en")
                        assert f" · {opt.args['card']}" in label
                        assert label.count(gwb.term("section", str(opt.args["sec"]), "en")) == 1
            else:
                costs = st.content.board["recruit_costs"]
                for opt in d.options:  # a recruit names its cost
                    if opt.action == "recruit":
                        soldier = ("spearman", "archer", "horseman")[opt.args["type"]]
                        assert gwb.option_text(opt, d, st, "en").endswith(gwb.amounts(costs[soldier], "en"))
            stages.add(stage)
        st.apply(r.choose(st, d.player))
    assert stages == {"recruit", "attack"}


def test_hot_seat_asks_a_single_option_with_enter(capsys, monkeypatch) -> None:
    """With several people at one device a decision with one option is still asked (skipping it would tell the
    others that the seat had no choice), and Enter takes it."""
    seed = 7
    lines, _ = script_for(seed, tuple(SEATS), limit=70, hot_seat=True)
    rc, out, _ = run(["play", "great_wall", "--seats", "red=human,blue=human,yellow=human", "--seed", str(seed)],
                     capsys, monkeypatch, "\n".join([*lines, "quit"]) + "\n")
    assert rc == 0 and "The only choice: press Enter" in out and "Only one way, taken for you" not in out


def test_board_names_every_public_pile_and_track() -> None:
    """The Command discard pile, the Advisor track and Tea order read in words (no '?' for a missing argument)."""
    from rich.console import Console

    st = GAME.new(seed=5, players=SEATS)
    r = bots.make("random", 5)
    while len(st.cmd_discard) < 4:  # a clan with two cards there
        st.apply(r.choose(st, st.decision.player))
    for lang, pile in (("en", "Command discard pile: "), ("pl", "Stos odrzuconych Rozkazów: ")):
        con = Console(width=140, record=True, file=io.StringIO())
        con.print(gwb.board_group(st.view("red"), lang, "red", st.content, 140))
        line = next(ln for ln in con.export_text().splitlines() if ln.startswith(pile))
        for seat in {x[0] for x in st.cmd_discard}:  # each clan's discarded cards together
            cards = ", ".join(gwb.card(c, lang, st.content) for s, c in st.cmd_discard if s == seat)
            assert f"{gwb.term('clan', seat, lang)}: {cards}" in line and "?" not in line


def test_hidden_command_card_and_own_screen_in_the_view() -> None:
    st = GAME.new(seed=2, players=SEATS)
    while st.decision.kind != "gw.choose" or st.decision.player != st.tea[0]:
        st.apply(st.decision.options[0].id)
    first = st.decision.player
    st.apply(st.decision.options[0].id)  # the first clan chooses a card face down
    chosen = st.chosen[first]
    other = next(s for s in SEATS if s != first)
    from rich.console import Console

    def shown(viewer: str) -> str:
        con = Console(width=140, record=True, file=io.StringIO())
        con.print(gwb.board_group(st.view(viewer), "en", viewer, st.content))
        return con.export_text()

    name = gwb.card(chosen, "en", st.content)
    assert f"Your Command card: {name}" in shown(first)
    mine, theirs = shown(first), shown(other)
    assert "Command card: face down" in theirs and f"Command card: {name}" not in theirs
    assert f"Behind your screen — {NAME[first]}" in mine and f"Behind your screen — {NAME[first]}" not in theirs
    for cid in st.tac[first]:
        assert gwb.card(cid, "en", st.content) in mine
        assert f"{cid} {gwb.card(cid, 'en', st.content)}" not in theirs


@pytest.mark.parametrize("args, message", [
    (["play", "great_wall", "--map", "lake"], "--map is an option of Root only"),
    (["play", "great_wall", "--deck", "exiles"], "--deck is an option of Root only"),
    (["play", "great_wall", "--difficulty", "2"], "--difficulty is an option of Ironwood only"),
    (["play", "great_wall", "--handicap", "red=2"], "--handicap is an option of Ironwood only"),
    (["play", "root", "--mode", "solo"], "--mode is an option of The Great Wall only"),
    (["play", "ironwood", "--mode", "coop"], "--mode is an option of The Great Wall only"),
    (["play", "great_wall", "--mode", "solo"], "solo mode"),
    (["play", "great_wall", "--seats", "red=human,blue=bot,yellow=bot,green=bot,marquise=bot"], "3 or 4 players"),
    (["play", "great_wall", "--seats", "marquise=human,eyrie=bot,red=bot"], "players are distinct clans"),
    (["play", "great_wall", "--content", "/no/such/file.json"], "/no/such/file.json"),
])
def test_options_of_other_games_and_unplayable_setups_are_refused(args: list[str], message: str, capsys,
                                                                    monkeypatch) -> None:
    rc, _, err = run(args, capsys, monkeypatch)
    assert rc == 2 and message in err and len(err.strip().splitlines()) == 1, err


def test_a_game_without_a_screen_is_refused_in_one_line(capsys, monkeypatch) -> None:
    monkeypatch.setattr(play, "SCREENS", ("root", "ironwood"))
    rc, out, err = run(["play", "great_wall", "--seats", "red=bot,blue=bot,yellow=bot", "--seed", "1"], capsys,
                       monkeypatch)
    assert rc == 2 and "great_wall cannot be played in the terminal yet" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err + out


def test_spectator_game_of_bots_and_commands_of_other_games(capsys, monkeypatch) -> None:
    rc, out, err = run(["play", "great_wall", "--seats", "red=bot,blue=bot,yellow=bot,green=bot", "--seed", "1"],
                       capsys, monkeypatch)
    assert rc == 0, err
    assert DEMO["en"] in out.splitlines()[0] and "The winner: " in out and "Green" in out
    rc, out, _ = run(["play", "great_wall", "--seed", "3"], capsys, monkeypatch,
                     "map\nrootlog\ncards\nhelp\npomoc\nquit\n")
    assert rc == 0
    assert "'map' is only for Ironwood." in out and "'rootlog' is only for Root." in out
    content = planszowki.load("great_wall").new(seed=3).content
    assert "Command cards (every clan has the same six)" in out and "Horde cards (Vital points" in out  # cards
    assert all(gwb.card(c, "en", content) in out for c in (*content.tactics, *content.generals, *content.horde))
    assert "spearman H05@3" in out and "dziennik      pokaż cały dziennik" not in out  # the help, in English


def test_content_file_names_the_cards_and_its_label(tmp_path: Path, capsys, monkeypatch) -> None:
    """--content FILE: the screen names the cards of the transcription and shows its own label (not the demo's)."""
    from importlib import resources

    doc = json.loads(resources.files("planszowki.games.great_wall").joinpath("data/demo.json").read_text("utf-8"))
    doc.update(name="mine", demo=False, label={"en": "my transcription", "pl": "moja transkrypcja"})
    for card in doc["generals"].values():
        card["name"] = {"en": "General Tested " + card["name"]["en"], "pl": "Generał Testowy " + card["name"]["pl"]}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc), "utf-8")
    rc, out, err = run(["play", "great_wall", "--content", str(path), "--seed", "2"], capsys, monkeypatch, "quit\n")
    assert rc == 0, err
    assert "my transcription" in out.splitlines()[0] and DEMO["en"] not in out
    assert "General Tested " in out  # the draft offers the transcription's Generals


def test_two_player_game_shows_the_reed_clan(capsys, monkeypatch) -> None:
    """Tryb dla 2 graczy: the Reed Clan is no seat of the CLI; its line (pool, Chief) is on the board."""
    rc, out, err = run(["play", "great_wall", "--seats", "red=bot,blue=bot", "--seed", "5", "--lang", "pl"], capsys,
                       monkeypatch)
    assert rc == 0, err
    assert "Klan Trzciny · Włócznicy w jego puli:" in out and "Zwycięzca: " in out and "Traceback" not in out + err


@pytest.mark.parametrize(("edit", "english", "polish"), [
    (lambda d: d.pop("board"), "content field 'board': missing", "pole zawartości 'board': brak"),
    (lambda d: d["generals"].popitem(), "content field 'generals': must hold 13 cards (the core box), got 12",
     "pole zawartości 'generals': musi zawierać 13 kart (pudełko podstawowe), a zawiera 12"),
    (lambda d: d["board"].__setitem__("clerks", 3), "content field 'board.clerks': must be {'start': 3, 'total': 8}",
     "pole zawartości 'board.clerks': musi mieć postać {'start': 3, 'total': 8}"),
    (lambda d: d["board"]["locations"][0].__setitem__("kind", "odd"),
     "content field 'board.locations[0].kind': must be 'normal' or 'special'",
     "pole zawartości 'board.locations[0].kind': musi być 'normal' albo 'special'"),
])
def test_a_bad_content_file_is_refused_in_the_persons_language(edit, english: str, polish: str, tmp_path: Path,
                                                               capsys, monkeypatch) -> None:
    """--content FILE with a field that breaks the schema: the file and the field named, what it must be said in
    the session's language."""
    from importlib import resources

    doc = json.loads(resources.files("planszowki.games.great_wall").joinpath("data/demo.json").read_text("utf-8"))
    edit(doc)
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc), "utf-8")
    for lang, message in (("en", english), ("pl", polish)):
        rc, _, err = run(["play", "great_wall", "--content", str(path), "--lang", lang], capsys, monkeypatch)
        assert rc == 2 and len(err.strip().splitlines()) == 1, err
        assert err == f"planszowki: {'error' if lang == 'en' else 'błąd'}: {path}: {message}\n", err


def test_an_unreadable_content_file_in_polish(tmp_path: Path, capsys, monkeypatch) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("{}}", "utf-8")
    rc, _, err = run(["play", "great_wall", "--content", str(junk), "--lang", "pl"], capsys, monkeypatch)
    assert rc == 2 and err == (f"planszowki: błąd: {junk}: to nie jest plik JSON (wiersz 1, kolumna 3: nadmiarowe "
                               "dane po końcu dokumentu)\n")
    rc, _, err = run(["play", "great_wall", "--content", str(tmp_path), "--lang", "pl"], capsys, monkeypatch)
    assert rc == 2 and err == (f"planszowki: błąd: {tmp_path}: nie można odczytać pliku zawartości (to katalog, a nie "
                               "plik)\n")
