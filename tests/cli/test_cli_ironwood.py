"""``planszowki play ironwood``: whole games through the command line with scripted standard input, in English
and Polish; save, load and replay; the demonstration label; options in words with their section's heading; a hot
seat that never prints the other seat's hand; the solo seats; options and commands of the other game refused."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import cli_helpers
import pytest
from cli_helpers import run

import planszowki
from planszowki import i18n
from planszowki.cli import board_ironwood as iwb
from planszowki.games.ironwood.state import IronwoodState

GAME = planszowki.load("ironwood")
SEATS = ["woodwalkers", "ironclad"]
#: the lines a person types against the CLI's random bot (cli_helpers.script_for): script_for(seed, humans, ...)
script_for = partial(cli_helpers.script_for, GAME, SEATS)
DEMO = {"en": "demonstration content, not the printed cards", "pl": "zawartość demonstracyjna, nie drukowane karty"}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_whole_game_against_a_bot_through_the_cli(lang: str, tmp_path: Path, capsys, monkeypatch) -> None:
    seed = 6
    lines, final = script_for(seed, ("woodwalkers",))
    save = tmp_path / "game.json"
    rc, out, _ = run(["play", "ironwood", "--seats", "woodwalkers=human,ironclad=bot", "--seed", str(seed),
                      "--lang", lang, "--save", str(save)], capsys, monkeypatch, "\n".join(lines) + "\n")
    assert rc == 0
    doc = json.loads(save.read_text("utf-8"))
    assert doc["record"]["moves"] and doc["finished"] is True
    assert GAME.to_json(GAME.from_json(doc["state"])) == GAME.to_json(final)
    winner = final.result["winners"][0]
    words = {"en": ("Game over after", "Winner:", "Your hand (Woodwalkers)", "Mountains", "Forests", "Drill"),
             "pl": ("Koniec gry po", "Zwycięzca:", "Twoja ręka (Plemię Puszczy)", "Góry", "Lasy", "Wiertło")}[lang]
    for w in words:
        assert w in out, w
    assert i18n.term("faction", winner, lang, game="ironwood") in out.split(words[1])[-1]
    assert i18n.term("reason", final.result["reason"], lang, game="ironwood") in out
    assert DEMO[lang] in out.splitlines()[0]  # the banner's first line names the content set
    if lang == "pl":
        for w in ("Plemię Puszczy", "Pancerny Klan", "Kryształy", "Drużyn", "Wojownik", "Kuźni", "Przepowiedni"):
            assert w in out, w
        assert "(II. Faza Akcji)" in out  # citations: the rulebook's section heading
    else:
        assert "(II. Action phase)" in out
    assert "iw." not in out and "{" not in out  # every event, option and prompt rendered in words


def test_save_load_replay_of_an_ironwood_game(tmp_path: Path, capsys, monkeypatch) -> None:
    seed = 9
    first, _ = script_for(seed, ("woodwalkers",), limit=12)
    mid = tmp_path / "mid.json"
    rc, out, _ = run(["play", "ironwood", "--seats", "woodwalkers=human,ironclad=bot", "--seed", str(seed)],
                     capsys, monkeypatch, "\n".join([*first, f"save {mid}", "quit"]) + "\n")
    assert rc == 0 and f"Saved to {mid}" in out
    doc = json.loads(mid.read_text("utf-8"))
    assert doc["game"] == "ironwood" and doc["finished"] is False
    assert doc["content_label"]["en"] == DEMO["en"] and doc["state"]["content_label"]["pl"] == DEMO["pl"]
    assert doc["controllers"] == {"woodwalkers": "human", "ironclad": "bot"}
    assert [m for m in doc["record"]["moves"] if m in first] and doc["record"]["options"] == {}
    rest, final = script_for(seed, ("woodwalkers",), moves=doc["record"]["moves"])

    end = tmp_path / "end.json"
    rc, out, _ = run(["play", "--load", str(mid), "--save", str(end)], capsys, monkeypatch, "\n".join(rest) + "\n")
    assert rc == 0 and "Game over after" in out
    doc = json.loads(end.read_text("utf-8"))
    assert doc["finished"] is True and GAME.to_json(GAME.from_json(doc["state"])) == GAME.to_json(final)

    rc, out, _ = run(["replay", str(end), "--lang", "pl"], capsys, monkeypatch)
    assert rc == 0 and "Zawartość: " + DEMO["pl"] in out
    assert "Plemię Puszczy: " in out and "(II. Faza Akcji)" in out
    assert "[tylko Plemię]" in out  # private events are marked in a replay
    assert f"{len(doc['record']['moves'])}" in out.splitlines()[-1]
    rc, out, _ = run(["replay", str(end), "--rootlog"], capsys, monkeypatch)
    assert rc == 2


def test_hot_seat_never_prints_the_other_seats_hand(capsys, monkeypatch) -> None:
    seed = 11
    lines, st = script_for(seed, ("woodwalkers", "ironclad"), limit=60, hot_seat=True)
    rc, out, _ = run(["play", "ironwood", "--seats", "woodwalkers=human,ironclad=human", "--seed", str(seed)],
                     capsys, monkeypatch, "\n".join([*lines, "quit"]) + "\n")
    assert rc == 0
    parts = out.split("Pass the device to ")
    assert len(parts) > 4
    private = {s: [i18n.render_event(e, "en", "ironwood", content=st.content) for e in st.log if e.seats == (s,)]
               for s in SEATS}
    seen = set()
    for part in parts[1:]:
        seat = "woodwalkers" if part.startswith("Woodwalkers") else "ironclad"
        other = SEATS[1 - SEATS.index(seat)]
        seen.add(seat)
        name = {"woodwalkers": "Woodwalkers", "ironclad": "Ironclad"}
        assert f"Your hand ({name[other]})" not in part
        assert f"Your hand ({name[seat]})" in part
        if seat == "ironclad":
            assert "Your vision cards" not in part and "hidden first vision" not in part
        for text in private[other]:
            assert text not in part, text
    assert seen == set(SEATS)


def test_option_text_and_citations_in_both_languages() -> None:
    st = GAME.new(seed=2, players=SEATS, options={"first_draw": "two"})
    d = st.decision
    assert d.kind == "iw.turn" and d.player == "woodwalkers"
    by_id = {o.id: o for o in d.options}
    assert iwb.option_text(by_id["play WW03P"], d, st, "en") == "Play Ambush"
    assert iwb.option_text(by_id["play WW03P"], d, st, "pl") == "Zagraj: Zasadzka"
    assert i18n.cite(by_id["play WW03P"].rule, "pl") == "(II. Faza Akcji)"
    assert i18n.cite(by_id["pass"].rule, "en") == "(Action phase: drawing instead of playing)"
    st.apply("play WW02P")  # Splądrowanie: resolve one of three
    d = st.decision
    labels = [iwb.option_text(o, d, st, "pl") for o in d.options]
    assert labels[:3] == ["Wybierz 1: Porusz 5 Wojowników", "Wybierz 2: Zyskaj 2 Kryształy",
                          "Wybierz 3: Dobierz 1 kartę"]
    block = iwb.decision_block(st, d, "pl", 120)
    from rich.console import Console

    con = Console(width=120, record=True)
    con.print(block)
    text = con.export_text()
    assert "Rozpatrywana karta Splądrowanie: Rozpatrz 1 z:" in text and "(Słowo kluczowe: Rozpatrz)" in text


def test_battle_cards_stay_hidden_until_the_reveal() -> None:
    st = GAME.new(seed=4, players=SEATS, options={"first_draw": "two"})
    for oid in ("play WW03P",):
        st.apply(oid)
    while st.decision.kind == "iw.move":
        st.apply(st.decision.options[0].id)
    attacks = [o.id for o in st.decision.options if o.action == "attack"]
    assert attacks, "the demonstration board lets Ambush attack at once"
    st.apply(attacks[0])
    d = st.decision
    assert d.kind == "iw.battle.place" and d.player == "woodwalkers"
    card = next(o.id for o in d.options if o.args["card"])
    st.apply(card)
    from rich.console import Console

    for viewer, shown in (("ironclad", False), ("woodwalkers", True), (None, False)):
        con = Console(width=120, record=True)
        con.print(iwb.board_group(st.view(viewer), "en", viewer, st.content))
        text = con.export_text()
        name = st.content.cards[card.split()[1]].name["en"]
        assert ("attacker's card: " + name in text) is shown
        assert ("attacker's card: a face-down card" in text) is not shown


def test_solo_seats_set_the_opponent_option(tmp_path: Path, capsys, monkeypatch) -> None:
    save = tmp_path / "solo.json"
    rc, out, err = run(["play", "ironwood", "--seats", "woodwalkers=human,ironclad=ironbot", "--difficulty", "3",
                        "--seed", "5", "--save", str(save)], capsys, monkeypatch, "1\nquit\n")
    if "iw.ironbot.turn" in IronwoodState.STEPS:
        assert rc == 0 and "Ironclad = the Ironbot (difficulty 3)" in out
        doc = json.loads(save.read_text("utf-8"))
        assert doc["record"]["options"] == {"opponent": "ironbot", "difficulty": 3}
        assert doc["controllers"]["ironclad"] == "ironbot"
    else:  # the engine refuses a solo opponent it cannot play yet, in one line
        assert rc == 2 and len(err.strip().splitlines()) == 1 and "not implemented" in err
    if "iw.forestbot.turn" in IronwoodState.STEPS:  # variants by name (Zwiększanie poziomu trudności)
        rc, out, _ = run(["play", "ironwood", "--seats", "ironclad=human,woodwalkers=forestbot", "--variants",
                          "red_icons,warriors_2", "--save", str(save), "--lang", "pl"], capsys, monkeypatch, "quit\n")
        assert rc == 0 and "Plemię Puszczy = Lasobot (poziom trudności czerwone ikony, +1 Wojownik w 2" in out
        assert "poziom trudności: czerwone ikony, +1 Wojownik w 2 zewnętrznych Lasach" in out
        assert json.loads(save.read_text("utf-8"))["record"]["options"] == {
            "opponent": "forestbot", "variants": ["red_icons", "warriors_2"]}
        rc, _, err = run(["play", "ironwood", "--seats", "ironclad=human,woodwalkers=forestbot", "--variants",
                          "nonsense"], capsys, monkeypatch)
        assert rc == 2 and "nonsense" in err and len(err.strip().splitlines()) == 1
    rc, _, err = run(["play", "ironwood", "--seats", "woodwalkers=human,ironclad=forestbot"], capsys, monkeypatch)
    assert rc == 2 and "forestbot plays the woodwalkers" in err
    rc, _, err = run(["play", "ironwood", "--seats", "woodwalkers=bot,ironclad=bot", "--difficulty", "2"],
                     capsys, monkeypatch)
    assert rc == 2 and "--difficulty is for a solo game" in err


@pytest.mark.parametrize("args, message", [
    (["play", "ironwood", "--map", "lake"], "--map is an option of Root only"),
    (["play", "ironwood", "--deck", "exiles"], "--deck is an option of Root only"),
    (["play", "root", "--content", "x.json"], "--content is an option of Ironwood only"),
    (["play", "root", "--difficulty", "2"], "--difficulty is an option of Ironwood only"),
    (["play", "ironwood", "--content", "/no/such/file.json"], "cannot read the content file"),
    (["play", "ironwood", "--seats", "marquise=human,eyrie=bot"], "woodwalkers"),
])
def test_options_of_the_other_game_are_refused(args: list[str], message: str, capsys, monkeypatch) -> None:
    rc, _, err = run(args, capsys, monkeypatch)
    assert rc == 2 and message in err and len(err.strip().splitlines()) == 1


def test_commands_of_the_other_game(capsys, monkeypatch) -> None:
    rc, out, _ = run(["play", "ironwood", "--seed", "3"], capsys, monkeypatch,
                     "rootlog\nmap\ncards\nmapa\nhelp\nquit\n")
    assert rc == 0
    assert "'rootlog' is only for Root." in out
    assert "who borders whom" in out and "Ridges / paths" in out
    assert "numbers: warriors (blue: Ironclad" in out and "Ferrum 1 ⚒ ▼" in out  # the drawn map
    assert "Forest 1" in out and "Ferrum" in out
    assert "The cards of Ironclad" in out and "Golem Foundry" in out  # the cards command: both decks
    assert "map           the map" in out
    rc, out, _ = run(["play", "root", "--seed", "3"], capsys, monkeypatch, "map\nquit\n")
    assert rc == 0 and "The map (Autumn)" in out  # Root draws its own map (cli/map_root.py)


def test_content_file_names_the_cards(tmp_path: Path, capsys, monkeypatch) -> None:
    content = tmp_path / "mine.json"
    content.write_text(json.dumps({"name": "mine", "cards": {"WW03P": {
        "name": {"en": "Night Raid", "pl": "Nocny napad"}, "effects": [{"do": "move", "n": 3, "units": "warriors"},
                                                                      {"do": "attack"}]}}}), "utf-8")
    save = tmp_path / "s.json"
    rc, out, _ = run(["play", "ironwood", "--content", str(content), "--seed", "1", "--lang", "pl", "--save",
                      str(save)], capsys, monkeypatch, "1\nquit\n")
    assert rc == 0
    assert "Nocny napad" in out and "transkrypcja: mine.json" in out.splitlines()[0]
    assert DEMO["pl"] not in out.splitlines()[0]
    doc = json.loads(save.read_text("utf-8"))
    assert doc["record"]["options"]["content"] == str(content.resolve())
    assert doc["content_label"]["en"] == "transcription: mine.json"


def test_handicap_and_resume(capsys, monkeypatch) -> None:
    rc, out, _ = run(["play", "ironwood", "--handicap", "woodwalkers=2", "--seed", "4", "--lang", "en"], capsys,
                     monkeypatch, "1\nquit\n")
    assert rc == 0
    assert "starting warriors: place one more warrior (2 left)" in out
    assert "Your vision cards: " in out and "inner forests beside it: Forest" in out
    rc, out, _ = run(["play", "--resume", "ironwood"], capsys, monkeypatch, "quit\n")
    assert rc == 0 and "starting warriors: place one more warrior (1 left)" in out
    rc, _, err = run(["play", "--resume", "ironwood", "--seats", "woodwalkers=human,ironclad=ironbot"], capsys,
                     monkeypatch)
    assert rc == 2 and "set up without it" in err
    rc, _, err = run(["play", "ironwood", "--handicap", "woodwalkers"], capsys, monkeypatch)
    assert rc == 2 and "write FACTION=N" in err


def test_resign_concedes_and_the_record_replays_it(tmp_path: Path, capsys, monkeypatch) -> None:
    """"Gracz może się poddać": 'resign' (pl 'poddaj') ends the game, the other player wins, and the saved record
    keeps the concession so that load and replay reach the same end."""
    seed = 4
    first, _ = script_for(seed, ("woodwalkers",), limit=6)
    end = tmp_path / "resigned.json"
    rc, out, _ = run(["play", "ironwood", "--seats", "woodwalkers=human,ironclad=bot", "--seed", str(seed),
                      "--save", str(end)], capsys, monkeypatch, "\n".join([*first, "poddaj"]) + "\n")
    assert rc == 0 and "Game over after" in out
    doc = json.loads(end.read_text("utf-8"))
    assert doc["finished"] is True and doc["record"]["moves"][-1] == "resign woodwalkers"
    state = GAME.from_json(doc["state"])
    assert state.result["winners"] == ["ironclad"] and state.result["reason"] == "resignation"
    rc, out, _ = run(["replay", str(end)], capsys, monkeypatch)
    assert rc == 0
    rc, out, _ = run(["play", "--load", str(end)], capsys, monkeypatch, "")
    assert rc == 0


def test_resign_is_only_for_ironwood(capsys, monkeypatch) -> None:
    rc, out, _ = run(["play", "root", "--seats", "marquise=human,eyrie=bot", "--seed", "1"], capsys, monkeypatch,
                     "resign\nquit\n")
    assert rc == 0 and "Ironwood" in out


@pytest.mark.parametrize(("content", "english", "polish"), [
    ({"cards": {"WW03P": {"name": {"en": "x", "pl": "y"}, "effects": [{"do": "fly"}]}}},
     "content field 'cards.WW03P.effects[0].do': unknown keyword 'fly'; known: attack, ",
     "pole zawartości 'cards.WW03P.effects[0].do': nieznane słowo kluczowe 'fly'; znane: attack, "),
    ({"board": {"locations": []}}, "content field 'board.locations': must be a non-empty list",
     "pole zawartości 'board.locations': musi być niepustą listą"),
    ({"components": {"golems": 0}}, "content field 'components.woodwalkers_warriors': must be a whole number from 1 "
     "to 200, not None", "pole zawartości 'components.woodwalkers_warriors': musi być liczbą całkowitą od 1 do 200, "
     "a nie None"),
    ("{not json", "not a JSON file (line 1, column 2: Expecting property name enclosed in double quotes)",
     "to nie jest plik JSON (wiersz 1, kolumna 2: oczekiwano nazwy pola w cudzysłowie)"),
    ([1, 2], "must be a JSON object like data/demo.json", "musi być obiektem JSON jak data/demo.json"),
])
def test_a_bad_content_file_is_refused_in_the_persons_language(content, english: str, polish: str, tmp_path: Path,
                                                               capsys, monkeypatch) -> None:
    """--content FILE (an owner's transcription): the field at fault named, what it must be said in Polish for a
    Polish session; the file named first."""
    path = tmp_path / "mine.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    for lang, message in (("en", english), ("pl", polish)):
        rc, _, err = run(["play", "ironwood", "--content", str(path), "--lang", lang], capsys, monkeypatch)
        assert rc == 2 and len(err.strip().splitlines()) == 1, err
        assert err.startswith(f"planszowki: {'error' if lang == 'en' else 'błąd'}: {path}: ") and message in err, err
    rc, _, err = run(["play", "ironwood", "--content", str(tmp_path / "none.json"), "--lang", "pl"], capsys,
                     monkeypatch)
    assert rc == 2 and err.endswith("none.json: nie można odczytać pliku zawartości (nie ma takiego pliku)\n"), err
