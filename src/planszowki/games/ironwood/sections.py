"""The rulebook's sections as stable citation ids.

Ironwood's rulebook has no numbered rules, so every option, event and error cites one of these ids
(``"ironwood:round.actions.pass"``); people see the section's heading in their language. The Polish headings are
the rulebook's own (``shared/seeds/ironwood_instrukcja.txt``); the English ones are our translation.
"""

from __future__ import annotations

#: id -> (Polish heading, English heading)
SECTIONS: dict[str, tuple[str, str]] = {
    "components.limited": ("Komponenty (liczba ograniczona)", "Components (limited)"),
    "setup": ("Przygotowanie do rozgrywki", "Setup"),
    "setup.woodwalkers": ("Przygotowanie: Wódz Plemienia Puszczy", "Setup: Woodwalkers"),
    "setup.ironclad": ("Przygotowanie: Dowódca Pancernego Klanu", "Setup: Ironclad"),
    "setup.vision": ("Przygotowanie: ukryta Przepowiednia", "Setup: the hidden first vision"),
    "setup.handicap": ("Dodatkowi Wojownicy dla mniej doświadczonego gracza",
                       "Starting warriors for a less experienced player"),
    "setup.ordered_deck": ("Dedykowana talia kart Specjalnych", "The ordered special deck"),
    "cards.base": ("Karta Podstawowa", "Base cards"),
    "cards.special": ("Karty Specjalne", "Special cards"),
    "cards.temporary": ("Czasowe karty Specjalne", "Temporary special cards"),
    "round.order": ("Kolejność Tury", "Turn order"),
    "round.prep.crystals": ("I/1. Zyskaj Kryształy", "I/1. Gain crystals"),
    "round.prep.draw": ("I/2. Dobierz karty", "I/2. Draw cards"),
    "round.prep.draw.first": ("I/2. Dobierz karty (pierwsza Runda: dobierz 4, zatrzymaj 2)",
                              "I/2. Draw cards (first round: draw 4, keep 2)"),
    "round.prep.markers": ("I/3. Usuń znaczniki", "I/3. Remove markers"),
    "round.actions": ("II. Faza Akcji", "II. Action phase"),
    "round.actions.extra": ("Faza Akcji: dodatkowa karta", "Action phase: an extra card"),
    "round.actions.pass": ("Faza Akcji: dobranie karty zamiast zagrania", "Action phase: drawing instead of playing"),
    "round.actions.order": ("Faza Akcji: kolejność rozpatrywania efektów", "Action phase: order of effects"),
    "round.end.cards": ("III/1. Odzyskaj/odrzuć karty Akcji", "III/1. Recover/discard action cards"),
    "round.end.hand_limit": ("III/1. Limit 8 kart Akcji na ręce", "III/1. Hand limit of 8 action cards"),
    "round.end.totems": ("III/2. Zanikanie Totemów", "III/2. Totems fade"),
    "round.end.recruit": ("III/3. Werbunek Wojowników", "III/3. Recruit warriors"),
    "units.warband": ("Drużyna", "Warband"),
    "map.control": ("Kontrolowanie Lokacji", "Controlling locations"),
    "map.move": ("Podstawy Poruszania się", "Movement basics"),
    "map.move.warband": ("Poruszanie Drużyny", "Moving a warband"),
    "map.move.warrior": ("Poruszanie Wojownika", "Moving warriors"),
    "map.move.drill": ("Poruszanie Wiertła", "Moving the drill"),
    "map.drill.track": ("Tor Wiertła", "The drill track"),
    "map.drill.unload": ("Rozładowanie Wiertła w Kuźni", "Unloading the drill at a forge"),
    "battle": ("Bitwa", "Battle"),
    "battle.place": ("Rozpatrzenie Walki: I. Umieszczenie karty", "Combat: I. Placing a card"),
    "battle.damage": ("Rozpatrzenie Walki: II. Obliczenie Obrażeń", "Combat: II. Computing damage"),
    "battle.wounds": ("Rozpatrzenie Walki: III. Zadawanie Obrażeń", "Combat: III. Dealing damage"),
    "battle.outcome": ("Rozpatrzenie Walki: IV. Ustalenie wyniku", "Combat: IV. The outcome"),
    "battle.retreat": ("Odwrót", "Retreat"),
    "battle.ferrum": ("Atakowanie Ferrum", "Attacking Ferrum"),
    "battle.drill": ("Zniszczenie Wiertła", "Destroying the drill"),
    "win.ironclad": ("Droga do zwycięstwa Pancernego Klanu", "The Ironclad's road to victory"),
    "win.ironclad.foundation": ("Fundamenty", "Foundations"),
    "win.ironclad.forge": ("Kuźnie", "Forges"),
    "win.resign": ("Poddanie się (Drogi do zwycięstwa, UWAGA)", "Resigning (Roads to victory, note)"),
    "win.woodwalkers": ("Droga do zwycięstwa Plemienia Puszczy", "The Woodwalkers' road to victory"),
    "win.woodwalkers.discover": ("Karty Przepowiedni i Odkrywanie Totemu", "Vision cards and discovering a totem"),
    "win.woodwalkers.carry": ("Przenoszenie Totemu", "Carrying a totem"),
    "win.woodwalkers.secure": ("Zabezpieczanie Totemu", "Securing a totem"),
    "win.woodwalkers.lost": ("Utrata Totemu", "Losing a totem"),
    "keyword.temporary": ("Słowo kluczowe: Czasowy", "Keyword: Temporary"),
    "keyword.draw": ("Słowo kluczowe: Dobierz", "Keyword: Draw"),
    "keyword.discover": ("Słowo kluczowe: Odkryj", "Keyword: Discover"),
    "keyword.mark": ("Słowo kluczowe: Oznacz", "Keyword: Mark"),
    "keyword.move": ("Słowo kluczowe: Porusz", "Keyword: Move"),
    "keyword.resolve": ("Słowo kluczowe: Rozpatrz", "Keyword: Resolve"),
    "keyword.burn": ("Słowo kluczowe: Spal", "Keyword: Burn"),
    "keyword.remove": ("Słowo kluczowe: Usuń", "Keyword: Remove"),
    "keyword.spend": ("Słowo kluczowe: Wydaj", "Keyword: Spend"),
    "keyword.win": ("Słowo kluczowe: Wygrana", "Keyword: Win"),
    "keyword.every_fight": ("Słowo kluczowe: W każdej walce", "Keyword: In every fight"),
    "keyword.this_round": ("Słowo kluczowe: W tej Rundzie", "Keyword: This round"),
    "keyword.this_fight": ("Słowo kluczowe: W tej walce", "Keyword: This fight"),
    "keyword.attack": ("Słowo kluczowe: Zaatakuj", "Keyword: Attack"),
    "keyword.take": ("Słowo kluczowe: Zabierz", "Keyword: Take"),
    "keyword.build": ("Słowo kluczowe: Zbuduj", "Keyword: Build"),
    "keyword.recruit": ("Słowo kluczowe: Zwerbuj", "Keyword: Recruit"),
    "keyword.gain": ("Słowo kluczowe: Zyskaj", "Keyword: Gain"),
    "solo.ironbot": ("Tryb solo: Żelazobot", "Solo: the Ironbot"),
    "solo.forestbot": ("Tryb solo: Lasobot", "Solo: the Forest bot"),
    "solo.difficulty": ("Zwiększanie poziomu trudności", "Raising the difficulty"),
    "solo.magic_die": ("Rozstrzyganie remisu: Magiczna kość", "Breaking ties: the Magic die"),
    "solo.forestbot.setup": ("Lasobot: Przygotowanie do rozgrywki", "Forest bot: Setup"),
    "solo.forestbot.round": ("Lasobot: Podsumowanie Rundy", "Forest bot: the round"),
    "solo.forestbot.locate": ("Tura Bota - Lokalizacja Totemu", "The bot's turn: Locating a totem"),
    "solo.forestbot.turn": ("Tura Bota - Przebieg Tury", "The bot's turn: the turn procedure"),
    "solo.forestbot.icons": ("Lasobot: ikony Akcji zużytej karty", "Forest bot: the spent card's action icons"),
    "solo.forestbot.flip": ("Lasobot: odwracanie Skrótu zasad Bota", "Forest bot: flipping the Bot Control Aid"),
    "solo.forestbot.move": ("Poruszanie Wojowników Plemienia Puszczy (Plądrowanie, Zabezpieczanie, Ingerencja)",
                            "Moving Woodwalker warriors (Plunder, Secure, Interfere)"),
    "solo.forestbot.discover": ("Lasobot: Odkrywanie Totemu", "Forest bot: Discovering a totem"),
    "solo.forestbot.attack": ("Lasobot: Atakowanie", "Forest bot: Attacking"),
    "solo.forestbot.battle": ("Przebieg Walki przeciwko Lasobotowi", "Combat against the Forest bot"),
    "solo.forestbot.spirits": ("Duchy Lasu", "The Forest Spirits"),
    "solo.forestbot.retreat": ("Przebieg Walki przeciwko Lasobotowi: Odwrót", "Combat against the Forest bot: retreat"),
    "solo.forestbot.recruit": ("Lasobot: Werbunek", "Forest bot: Recruiting"),
    "solo.forestbot.difficulty": ("Zwiększanie poziomu trudności (Lasobot)", "Raising the difficulty (Forest bot)"),
    "solo.ironbot.setup": ("Żelazobot: Przygotowanie do gry", "Ironbot: Setup"),
    "solo.ironbot.round": ("Żelazobot: Podsumowanie Rundy", "Ironbot: The round"),
    "solo.ironbot.draw": ("Żelazobot: Dobieranie kart", "Ironbot: Drawing cards"),
    "solo.ironbot.stance": ("Żelazobot: Tura Bota (zmiana postawy)", "Ironbot: The bot's turn (stance)"),
    "solo.ironbot.turn": ("Przebieg Tury Żelazobota", "The Ironbot's turn procedure"),
    "solo.ironbot.icons": ("Żelazobot: ikony wydanej karty", "Ironbot: the spent card's icons"),
    "solo.ironbot.compensation": ("Żelazobot: rekompensata (1 Kryształ)", "Ironbot: compensation (1 crystal)"),
    "solo.ironbot.empty_hand": ("Żelazobot: pusta ręka", "Ironbot: an empty hand"),
    "solo.ironbot.mark": ("Oznaczanie Gór", "Marking mountains"),
    "solo.ironbot.focus": ("Drużyna w centrum uwagi", "The warband in focus"),
    "solo.ironbot.attack": ("Żelazobot: Atakowanie", "Ironbot: Attacking"),
    "solo.ironbot.battle": ("Przebieg Walki przeciwko Żelazobotowi", "Combat against the Ironbot"),
    "solo.ironbot.retreat": ("Przebieg Walki przeciwko Żelazobotowi: Odwrót", "Combat against the Ironbot: retreat"),
    "solo.ironbot.move": ("Poruszanie Drużyny Pancernego Klanu", "Moving an Ironclad warband"),
    "solo.ironbot.chase": ("Pościg", "Chase"),
    "solo.ironbot.protect": ("Ochrona", "Protect"),
    "solo.ironbot.expand": ("Rozwój", "Expand"),
    "solo.ironbot.drill": ("Żelazobot: Poruszanie Wiertła", "Ironbot: Moving the drill"),
    "solo.ironbot.forge": ("Żelazobot: Budowanie Kuźni", "Ironbot: Building forges"),
    "solo.ironbot.recruit": ("Żelazobot: Werbunek", "Ironbot: Recruiting"),
    "solo.ironbot.warband": ("Najmniejsza/największa Drużyna", "The smallest/largest warband"),
}


def heading(section: str, lang: str) -> str:
    """The heading of ``"ironwood:<id>"`` (or a bare id) in ``lang``; an unknown id is shown as it is."""
    key = section.split(":", 1)[1] if section.startswith("ironwood:") else section
    pair = SECTIONS.get(key)
    if pair is None:
        return section
    return pair[0] if lang == "pl" else pair[1]


def cite(section: str) -> str:
    """``"round.actions"`` -> ``"ironwood:round.actions"``; refuses ids not defined above."""
    if section not in SECTIONS:
        raise KeyError(f"unknown Ironwood section {section!r}")
    return "ironwood:" + section
