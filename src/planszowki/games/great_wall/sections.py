"""The rulebook's sections as stable citation ids.

The Great Wall's rulebook has no numbered rules, so every option, event and error cites one of these ids
(``"great_wall:summer.reclaim"``); people see the section's heading in their language. The Polish headings are the
rulebook's own (``shared/seeds/great_wall_wielki_mur_instrukcja.txt``); the English ones are our translation.
"""

from __future__ import annotations

#: id -> (Polish heading, English heading)
SECTIONS: dict[str, tuple[str, str]] = {
    "setup": ("Przygotowanie gry", "Setup"),
    "setup.time": ("Przygotowanie: żeton Czasu (1)", "Setup: the Time token (1)"),
    "setup.horde": ("Przygotowanie: talia i karty Hordy (4-5)", "Setup: the Horde deck and cards (4-5)"),
    "setup.draft": ("Przygotowanie: wybór Generała i Doradców (9-14)", "Setup: choosing a General and Advisors (9-14)"),
    "setup.resources": ("Przygotowanie: Początkowe zasoby (16)", "Setup: starting resources (16)"),
    "setup.tea": ("Przygotowanie: kolejność Herbaty (19)", "Setup: Tea order (19)"),
    "modes.two": ("Tryb dla 2 graczy", "Two-player mode"),
    "modes.solo": ("Tryb solo", "Solo mode"),
    "modes.solo.setup": ("Tryb solo: Przygotowanie", "Solo mode: Setup"),
    "modes.solo.general": ("Tryb solo: Karta Generała Qin Jiushao (tor Lokacji)",
                           "Solo mode: Qin Jiushao's General card (the Location track)"),
    "modes.solo.commands": ("Tryb solo: Zagrywanie kart Rozkazów", "Solo mode: Playing Command cards"),
    "modes.solo.golden": ("Tryb solo: Złote reguły", "Solo mode: Golden rules"),
    "modes.solo.wall": ("Tryb solo: Złote reguły 6 (budowa Muru)", "Solo mode: Golden rule 6 (building the Wall)"),
    "modes.solo.clerks": ("Tryb solo: Przenoszenie Urzędników Qin Jiushao", "Solo mode: Moving Qin Jiushao's clerks"),
    "modes.solo.activation": ("Tryb solo: Aktywacja Lokacji", "Solo mode: Activating locations"),
    "modes.solo.attack": ("Tryb solo: Atak i zadawanie Ran Żołnierzami Qin Jiushao",
                          "Solo mode: Qin Jiushao's soldiers attacking and wounding"),
    "modes.solo.wodz": ("Tryb solo: Qin Jiushao jako Wódz", "Solo mode: Qin Jiushao as the Overlord"),
    "modes.solo.advisors": ("Tryb solo: Odświeżanie toru Doradców", "Solo mode: Refreshing the Advisor track"),
    "modes.solo.artifacts": ("Tryb solo: Punkty za Artefakty", "Solo mode: Points for Artifacts"),
    "modes.solo.end": ("Tryb solo: Koniec gry", "Solo mode: End of the game"),
    "modes.solo.difficulty": ("Tryb solo: Poziom trudności", "Solo mode: Difficulty"),
    "modes.coop": ("Tryb kooperacji", "Co-operative mode"),
    "modes.coop.goal": ("Tryb kooperacji: Cel gry", "Co-op mode: goal of the game"),
    "modes.coop.setup": ("Tryb kooperacji: Przygotowanie", "Co-op mode: setup"),
    "modes.coop.decrees": ("Dekrety Cesarza", "The Emperor's Decrees"),
    "modes.coop.sacrifice": ("Poświęcenie", "Sacrifice"),
    "modes.coop.fulfil": ("Zima 3. Faza spełniania Dekretów", "Winter 3. Fulfilling Decrees"),
    "modes.coop.decree_phase": ("Zima 5. Faza Dekretów", "Winter 5. Decree phase"),
    "modes.coop.events": ("Zima 6. Faza Wydarzeń", "Winter 6. Event phase"),
    "modes.coop.tea": ("Zasady specjalne: Tor Herbaty", "Special rules: the Tea track"),
    "modes.coop.shame": ("Zasady specjalne: Żetony Hańby", "Special rules: Shame tokens"),
    "modes.coop.no_reclaim": ("Brak możliwości odzyskania kart", "No reclaiming Command cards"),
    "modes.coop.wall": ("Tryb kooperacji: Budowa Muru", "Co-op mode: building the Wall"),
    "modes.coop.extra_horde": ("Dodatkowe karty Hordy", "Additional Horde cards"),
    "modes.coop.horde_honor": ("Zdobywanie Honoru za karty Hordy", "Honor for Horde cards"),
    "modes.coop.two": ("Tryb kooperacji: Zasady dla 2 graczy", "Co-op mode: rules for 2 players"),
    "modes.coop.end": ("Tryb kooperacji: Koniec gry", "Co-op mode: end of the game"),
    "overview": ("Opis gry: Lata i Pory Roku", "Overview: Years and Seasons"),
    "tea": ("Tor Herbaty", "The Tea track"),
    "tea.ties": ("Remisy", "Ties"),
    "general": ("Twój Generał", "Your General"),
    "advisors": ("Karty Doradców", "Advisor cards"),
    "shame": ("Żetony Hańby: otrzymujesz", "Shame tokens: receiving them"),
    "shame.place": ("Żetony Hańby: gdzie je umieścić?", "Shame tokens: where to put them"),
    "shame.none": ("Żetony Hańby: pusta pula lub brak miejsca", "Shame tokens: empty pool or nowhere to put them"),
    "privacy": ("Nadrzędne zasady: kwestia prywatności", "Golden rules: privacy"),
    "wounds": ("Nadrzędne zasady: Rany", "Golden rules: wounds"),
    "locations": ("Urzędnicy i typy Lokacji", "Clerks and location types"),
    "locations.move": ("Przenieść Urzędnika", "Moving a clerk"),
    "locations.special_activation": ("Specjalna Aktywacja", "Special activation"),
    "spring": ("Wiosna", "Spring"),
    "spring.time": ("Wiosna 1. Przesuń żeton Czasu", "Spring 1. Advance the Time token"),
    "spring.horde": ("Wiosna 2. Umieść nowe karty Hordy", "Spring 2. Place new Horde cards"),
    "spring.conquest": ("Wiosna: Podbój", "Spring: Conquest"),
    "spring.advisors": ("Wiosna 3. Odśwież tor Doradców", "Spring 3. Refresh the Advisor track"),
    "summer": ("Lato", "Summer"),
    "summer.income": ("Lato 1. Faza Dochodu", "Summer 1. Income"),
    "summer.shame": ("Lato 2. Odrzuć żetony Hańby", "Summer 2. Discard Shame tokens"),
    "summer.discard": ("Lato 3. Odrzuć karty Rozkazów", "Summer 3. Discard Command cards"),
    "summer.reclaim": ("Lato 4. Odzyskaj karty Rozkazów", "Summer 4. Reclaim Command cards"),
    "autumn": ("Jesień", "Autumn"),
    "autumn.choose": ("Jesień 1. Wybierz kartę Rozkazu", "Autumn 1. Choose a Command card"),
    "autumn.order": ("Jesień 2. Zdecyduj o kolejności", "Autumn 2. Decide the order"),
    "autumn.command": ("Jesień 3A. Faza Rozkazów", "Autumn 3A. Command phase"),
    "autumn.activation": ("Jesień 3B. Faza Aktywacji", "Autumn 3B. Activation phase"),
    "autumn.clearing": ("Jesień 3C. Faza Czyszczenia Hordy", "Autumn 3C. Horde clearing phase"),
    "activation.shame": ("Kiedy Aktywuje się Lokacja z ikoną Hańby", "Activating a location with the Shame icon"),
    "winter": ("Zima", "Winter"),
    "winter.firing": ("Zima 1A. Faza Strzelania", "Winter 1A. Firing"),
    "winter.clearing": ("Zima 1B. Faza Czyszczenia Hordy", "Winter 1B. Horde clearing"),
    "winter.assault": ("Zima 2. Faza Szturmu", "Winter 2. Assault"),
    "winter.end_check": ("Zima 3. Sprawdzenie warunków końca gry", "Winter 3. Checking the end of the game"),
    "commands.betrayal": ("Karta Rozkazu „Zdrada”", "The Betrayal Command card"),
    "horde.ability": ("Karta Hordy: Zdolność specjalna", "Horde card: special ability"),
    "horde.defeat": ("Pokonanie Hordy", "Defeating a Horde"),
    "horde.kill": ("Zabijanie Żołnierzy", "Killing soldiers"),
    "horde.save": ("Ratowanie Żołnierzy", "Saving soldiers"),
    "horde.breach": ("Przełamanie", "Breach"),
    "rest": ("Strefy Odpoczynku", "Rest zones"),
    "loc.production": ("Lokacje Produkcyjne", "Production locations"),
    "loc.production.collect": ("Lokacje Produkcyjne 1. Zbierz Surowce", "Production 1. Collect resources"),
    "loc.production.overseer": ("Lokacje Produkcyjne 2. Ulepsz Nadzorcę", "Production 2. Upgrade an overseer"),
    "loc.production.donate": ("Lokacje Produkcyjne 3. Przekaż Datek", "Production 3. Donate"),
    "overseers": ("Nadzorcy", "Overseers"),
    "loc.barracks": ("Koszary", "Barracks"),
    "attack": ("Atak", "Attack"),
    "attack.outside": ("Atak poza Aktywacją Koszar", "Attacking outside the Barracks"),
    "loc.builders": ("Obóz Budowniczych", "Builders' Camp"),
    "loc.builders.barricade": ("Zbuduj Barykadę", "Build a Barricade"),
    "loc.builders.wall": ("Zbuduj kondygnację Muru", "Build a Wall level"),
    "loc.logistics": ("Centrum Logistyczne", "Logistics Center"),
    "loc.tea_house": ("Herbaciarnia", "Tea House"),
    "loc.embassy": ("Cesarska Ambasada", "Imperial Embassy"),
    "loc.academy": ("Akademia Wojskowa", "Military Academy"),
    "tactics": ("Karty Taktyk", "Tactic cards"),
    "tactics.limit": ("Karty Taktyk: limit 5 kart", "Tactic cards: hand limit of 5"),
    "end": ("Koniec gry", "End of the game"),
    "end.scoring": ("Końcowe podliczenie punktów", "Final scoring"),
}

PREFIX = "great_wall:"


def cite(section: str) -> str:
    """The citation string of a section id; unknown ids are a programming error."""
    if section not in SECTIONS:
        raise KeyError(f"unknown Great Wall section {section!r}")
    return PREFIX + section


def heading(rule: str, lang: str = "en") -> str:
    sec = rule[len(PREFIX):] if rule.startswith(PREFIX) else rule
    pl, en = SECTIONS[sec]
    return pl if lang == "pl" else en
