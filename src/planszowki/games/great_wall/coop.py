"""The co-operative mode ("Tryb kooperacji", rulebook pp. 18-19; ``great_wall:modes.coop.*``).

The players win or lose together: they must fulfil a number of the Emperor's Decrees ("Dekrety Cesarza", the
Emperor's Request cards) — 6 with 2 players (with the Reed Clan), 7 with 3, 9 with 4 ("Cel gry").

* *Setup* ("Przygotowanie", changes 2-8 and B8): the Time token on its "+1" side; no Artifacts — the shuffled
  Decree deck deals 3 Decrees onto the Artifact spaces (2 with 2 players, who also take 4 named Decrees out:
  "Zasady dla 2 graczy"); the co-op Horde deck replaces the standard one, and one Horde card more than the number of
  players starts on the Wall; the co-op Tactics are shuffled into the Tactic deck and the co-op Generals into the
  Generals dealt; the shuffled Event deck lies face down.
* *Winter* ("Przebieg gry w trybie kooperacji"): 1. firing, 2. assault (standard), 3. the Decree fulfilment phase,
  4. the end check, 5. the Decree phase, 6. the Event phase. Spring, Summer and Autumn are unchanged apart from the
  special rules below.
* *Decrees* ("Dekrety Cesarza", "Poświęcenie"): at most 3 active; in the fulfilment phase the players may fulfil
  each active Decree whose conditions are met; a Decree that asks for a Sacrifice is paid by every player at once,
  each from their own pieces — sacrificed pieces leave the game. A fulfilled Decree is discarded.
* *Decree phase* ("Faza Dekretów"): each player takes a Shame token per Decree still on the board; the empty spaces
  are refilled from the deck.
* *Events* ("Wydarzenia", "Faza Wydarzeń"): a new Event card is revealed; an immediate effect is resolved at once, a
  passive one lasts until the end of the game.
* *Special rules* ("Zasady specjalne"): the players choose the order of the clerks' actions (Tea order still breaks
  ties for Horde cards); Shame is discarded for 10 Honor instead of Chi, and never lies on claimed
  Horde cards; no Summer reclaim — building a Wall level recovers one of your discarded Command cards; one more Horde
  card each Spring; a claimed Horde card's Honor is scored at once.
* *End* ("Koniec gry"): enough Decrees fulfilled at the end check: all win. The Wall condition does not apply. A
  player to take a Shame token from an empty pool: all lose at once; the Time token on the last slot: all lose.

Rulings where the rulebook's text leaves a gap (also in docs/great_wall.md, "Co-operative mode"):

* The Decree and Event cards are not public, so their conditions and effects are our demonstration design in a small
  vocabulary (docs/great_wall_content.md, "Co-op cards"). A Decree's conditions are this Year's achievements
  (Horde cards defeated, Wall levels and Barricades built since the Year began) and the board as it stands at the
  fulfilment phase ("Warunki muszą zostać spełnione w tym samym Roku"); its Sacrifice is paid by every player.
* Agreement: the players are asked in Tea order whether they make the Sacrifice; one refusal and the Decree stays
  (nothing is paid); when all agree, all pay at once. A Decree without a Sacrifice is fulfilled as soon as its
  conditions hold (fulfilling it never hurts). A sacrificed soldier comes from its owner's pool and has no Shame
  token under it; a sacrificed clerk from the pool.
* Discarding Shame for Honor needs 10 Honor (Honor never goes below 0, so it is a cost that must be paid). When a
  player takes a token and has nowhere to put it (no soldier without one in the pool, claimed cards are not allowed)
  and too little Honor, the standard rule applies: the token leaves the game and the player loses 5 Honor.
* "Gracze wspólnie decydują o kolejności [akcji Urzędników]": whenever clerks of several clans act — a Command card's
  "others" box, an activated location with clerks of several clans — the Active player names, for the table, the
  clan that acts next (``next <clan>``; outside a turn the top of the Tea order), until one is left.
* The Time token on the last slot is checked at the end check (after the fulfilment phase), as the standard end of
  the game: the last Year is played out. The Shame pool empty at the end check ends the game too (the standard
  condition still applies): a loss unless the Decrees are fulfilled.
* The Reed Clan's location effects are unchanged (its Temple discards a Shame token for free).
"""

from __future__ import annotations

import copy
from typing import Any

from ...engine import InvalidPosition, Option, Step
from .content import EVENT_EFFECTS, RESOURCES, SOLDIERS, YEAR_COUNTS, Content, ContentError
from .effects import give_shame, run_effects
from .horde import place_horde_card
from .sections import cite
from .state import GreatWallState, ModeHooks

Fr = dict[str, Any]

#: "Cel gry": Decrees to fulfil by the number of players (5: the fifth player needs the Stretch Goals box)
TARGET = {2: 6, 3: 7, 4: 9}
#: "Uwaga: jednocześnie nie można mieć więcej niż 3 aktywnych Dekretów Cesarza" (2 players: 2 — "Zasady dla 2 graczy")
SPACES = {2: 2, 3: 3, 4: 3}
#: Honor lost to discard one Shame token ("każdy z graczy może stracić 10 Honoru, aby odrzucić 1 żeton Hańby")
SHAME_HONOR = 10
def coop_content(content: Content) -> Content:
    """The content as the co-op game uses it: the co-op Generals and Tactics shuffled in with the standard ones, the
    co-op Horde deck instead of the standard one, the Events and Decrees ("Przygotowanie" 4, 7, 8, B8). One view per
    content set, shared by every state."""
    if getattr(content, "mode", "") == "coop":
        return content
    view = content.__dict__.get("_coop_view")
    if view is not None:
        return view
    co = getattr(content, "coop", None)
    if co is None:
        raise ContentError.told("error_gwc_coop_missing")
    view = copy.copy(content)
    view.generals = {**content.generals, **co["generals"]}
    view.tactics = {**content.tactics, **co["tactics"]}
    view.horde = co["horde"]
    view.events = co["events"]  # type: ignore[attr-defined]
    view.requests = co["requests"]  # type: ignore[attr-defined]
    view.mode = "coop"  # type: ignore[attr-defined]
    content._coop_view = view  # type: ignore[attr-defined]
    return view


# -- setup ("Przygotowanie", the co-op changes) ----------------------------------------------------------------
def new_coop(st: GreatWallState) -> dict[str, Any]:
    return {"target": TARGET[st.n], "spaces": SPACES[st.n], "fulfilled": 0, "decrees": [], "decree_deck": [],
            "decree_discard": [], "decree_box": [], "events": [], "event_deck": [],
            "mods": {"spring_hordes": 0, "lethality": 0, "defense": 0, "shame_honor": 0, "summer": {}},
            "year": dict.fromkeys(YEAR_COUNTS, 0), "sacrificed": {s: [0, 0, 0, 0] for s in st.seats}}


def setup(st: GreatWallState) -> None:
    """2. the Time token's "+1" side (an extra Horde card each Spring: :meth:`GreatWallState.spring_hordes`);
    3. no Artifacts: 3 Decrees on their spaces (2 players: 2, without the 4 Decrees of "Zasady dla 2 graczy");
    4-5. the co-op Horde deck (the content view) and one Horde card more than the number of players; B8. the Event
    deck face down."""
    c = st.content
    co = st.coop = new_coop(st)
    st.artifacts = []
    deck = sorted(r for r in c.requests if st.n > 2 or c.requests[r]["two_players"])  # type: ignore[attr-defined]
    co["decree_box"] = sorted(set(c.requests) - set(deck))  # type: ignore[attr-defined]
    st.rng.shuffle(deck)
    co["decree_deck"] = deck
    refill(st, cite("modes.coop.setup"))
    # 5. one Horde card more than the players: the standard setup placed as many as the players (3 players: one per
    # section; 4: a fourth by the indicator; 2: one per section in play)
    place_horde_card(st, cite("modes.coop.setup"))
    ev = sorted(c.events)  # type: ignore[attr-defined]
    st.rng.shuffle(ev)
    co["event_deck"] = ev
    st.emit("gw.coop_setup", cite("modes.coop.setup"), target=co["target"], cards=list(co["decrees"]))


def refill(st: GreatWallState, rule: str) -> None:
    co = st.coop
    new = []
    while len(co["decrees"]) < co["spaces"] and co["decree_deck"]:
        d = co["decree_deck"].pop()
        co["decrees"].append(d)
        new.append(d)
    if new:
        st.emit("gw.decrees_drawn", rule, cards=new)


# -- hooks of the standard rules --------------------------------------------------------------------------------
def spring_extra(st: GreatWallState) -> int:
    """"Dodatkowe karty Hordy": one more Horde card each Spring (the Time token's "+1"), and any Event's."""
    return 1 + st.coop["mods"]["spring_hordes"]


def shame_cost(st: GreatWallState) -> int:
    return SHAME_HONOR + st.coop["mods"]["shame_honor"]


def summer_income(st: GreatWallState, seat: str) -> None:
    """A passive Event's Summer gain ("Lato 1. Faza Dochodu")."""
    got = st.coop["mods"]["summer"]
    if got:
        st.gain(seat, dict(got), cite("modes.coop.events"))


def on_defeat(st: GreatWallState, claimer: str, cid: str) -> None:
    """A Horde card defeated: counted for this Year's Decrees; its claimer scores its Honor at once ("Zdobywanie
    Honoru za karty Hordy")."""
    st.coop["year"]["defeated"] += 1
    if claimer and claimer != st.reed:
        st.add_honor(claimer, st.content.horde[cid]["reward"], cite("modes.coop.horde_honor"))


def on_build(st: GreatWallState, seat: str, what: str) -> None:
    """A Wall level or Barricade built (counted for this Year's Decrees). A Wall level: the builder may recover one
    of their discarded Command cards ("Budowa Muru")."""
    st.coop["year"]["walls" if what == "wall" else "barricades"] += 1
    if what == "wall" and any(x[0] == seat and not st.content.command(x[1]).get("stays_discarded")
                              for x in st.cmd_discard):
        st.push("gw.recover", seat=seat)


def shame_options(st: GreatWallState, seat: str, rule: str) -> list[Option]:
    """Taking a Shame token in the co-op game: an empty pool loses the game at once; else put it under a soldier of
    your pool (never on a claimed Horde card), or lose 10 Honor to discard it; nowhere to put it and too little Honor:
    the standard rule (the token leaves the game, -5 Honor)."""
    if st.shame_pool <= 0:
        return [Option("the players lose", "coop_lose", {}, cite("modes.coop.end"))]
    out = [Option(f"shame under {SOLDIERS[t]}", "under", {"type": t, "where": SOLDIERS[t]}, rule)
           for t in range(3) if st.usable(seat, t) > 0]
    cost = shame_cost(st)
    if st.honor[seat] >= cost:
        out.append(Option(f"discard shame ({cost} honor)", "discard_honor", {"honor": cost},
                          cite("modes.coop.shame")))
    return out or [Option("lose 5 honor", "lose", {"box": True}, cite("shame.none"))]


def shame_choose(st: GreatWallState, seat: str, opt: Option) -> None:
    if opt.action == "coop_lose":
        finish(st, False, "shame")
        return
    st.emit("gw.shame_discarded_honor", opt.rule, seat=seat, honor=opt.args["honor"])  # taken and discarded at once
    st.add_honor(seat, -opt.args["honor"], opt.rule)


def summer_shame_options(st: GreatWallState, seat: str, rule: str) -> list[Option]:
    """"Lato 2" in the co-op game: no Chi; lose 10 Honor per Shame token discarded."""
    cost = shame_cost(st)
    if st.honor[seat] < cost:
        return []
    return [Option(f"discard shame from {SOLDIERS[t]} ({cost} honor)", "discard_honor",
                   {"type": t, "where": SOLDIERS[t], "honor": cost}, cite("modes.coop.shame"))
            for t in range(3) if st.shamed[seat][t]]


# -- the Decree fulfilment phase, the end check, the Decree and Event phases ("Zima" in the co-op game) ------------
def need_met(st: GreatWallState, need: dict[str, int]) -> bool:
    co = st.coop
    for k, n in need.items():
        if k in YEAR_COUNTS:
            have = co["year"][k]
        elif k == "firing":
            have = sum(len(st.firing[sec]) for sec in range(3))
        else:  # rest
            have = sum(sum(st.rest[sec][s]) for sec in range(3) for s in st.seats)
        if have < n:
            return False
    return True


def can_sacrifice(st: GreatWallState, seat: str, sac: dict[str, int]) -> bool:
    for k, n in sac.items():
        if k in RESOURCES and st.res[seat][k] < n:
            return False
        if k == "honor" and st.honor[seat] < n:
            return False
        if k in SOLDIERS and st.usable(seat, SOLDIERS.index(k)) < n:
            return False
        if k == "clerk" and st.clerks[seat] < n:
            return False
    return True


def sacrifice(st: GreatWallState, seat: str, card: str, sac: dict[str, int]) -> None:
    """"Poświęcenie": the pieces leave the game (resources back to the supply)."""
    rule = cite("modes.coop.sacrifice")
    st.emit("gw.sacrifice", rule, seat=seat, card=card)
    res = {k: n for k, n in sac.items() if k in RESOURCES}
    if res:
        st.pay(seat, res, rule)  # public, as every payment
    gone = st.coop["sacrificed"][seat]
    for t, name in enumerate(SOLDIERS):
        if sac.get(name):
            st.pool[seat][t] -= sac[name]
            gone[t] += sac[name]
            st.emit("gw.sacrificed_soldiers", rule, seat=seat, type=name, n=sac[name])
    if sac.get("clerk"):
        st.clerks[seat] -= sac["clerk"]
        gone[3] += sac["clerk"]
        st.emit("gw.sacrificed_clerks", rule, seat=seat, n=sac["clerk"])
    if sac.get("honor"):
        st.add_honor(seat, -sac["honor"], rule)


def fulfil(st: GreatWallState, card: str) -> None:
    co = st.coop
    co["decrees"].remove(card)
    co["decree_discard"].append(card)
    co["fulfilled"] += 1
    st.emit("gw.decree_fulfilled", cite("modes.coop.decrees"), card=card, n=co["fulfilled"], target=co["target"])


class CoopWinter(Step):
    """Winter 3-6 of the co-op game: 3. fulfil Decrees, 4. the end check, 5. the Decree phase, 6. the Event phase."""

    kind = "gw.coop_winter"
    auto = True
    rule = cite("modes.coop.fulfil")

    def run(self, st: GreatWallState, fr: Fr) -> None:
        co = st.coop
        stage = fr["stage"]
        if stage == "fulfil":  # 3. each active Decree in turn, left to right
            if "todo" not in fr:
                fr["todo"] = list(co["decrees"])
            while fr["todo"]:
                card = fr["todo"].pop(0)
                spec = st.content.requests[card]  # type: ignore[attr-defined]
                if not need_met(st, spec["need"]):
                    continue
                if not spec["sacrifice"]:  # nothing to pay: fulfilled as soon as its conditions hold (ruling)
                    fulfil(st, card)
                    continue
                first = st.seats_in_tea()[0]
                st.push("gw.decree", seat=first, card=card, agreed=[])
                return
            fr["stage"] = "end"
            return
        if stage == "end":  # 4. the end check ("Koniec gry" of the co-op game; the Wall condition does not apply)
            if co["fulfilled"] >= co["target"]:
                finish(st, True, "decrees")
            elif st.shame_pool <= 0:
                finish(st, False, "shame")
            elif st.time >= st.last_time():
                finish(st, False, "time")
            else:
                fr["stage"] = "decree_phase"
            return
        if stage == "decree_phase":  # 5. a Shame token per Decree still on the board, for each player
            fr["stage"] = "refill"
            k = len(co["decrees"])
            if k:
                st.emit("gw.decree_shame", cite("modes.coop.decree_phase"), n=k, cards=list(co["decrees"]))
                for s in reversed(st.seats_in_tea()):
                    give_shame(st, s, k, cite("modes.coop.decree_phase"))
            return
        if stage == "refill":
            fr["stage"] = "event"
            refill(st, cite("modes.coop.decree_phase"))
            return
        if stage == "event":  # 6. a new Event
            fr["stage"] = "done"
            reveal_event(st)
            return
        for k in YEAR_COUNTS:  # a new Year begins: this Year's achievements start again
            co["year"][k] = 0
        st.pop(fr)


class Decree(Step):
    """Fulfil a Decree with a Sacrifice: each player in Tea order agrees (and can pay their own share) or refuses;
    when all agree, all pay at once and the Decree is discarded; a refusal leaves it on the board."""

    kind = "gw.decree"
    rule = cite("modes.coop.sacrifice")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        card = fr["card"]
        sac = st.content.requests[card]["sacrifice"]  # type: ignore[attr-defined]
        out = [Option(f"sacrifice {card}", "sacrifice", {"card": card}, self.rule)] \
            if can_sacrifice(st, fr["seat"], sac) else []
        return [*out, Option(f"refuse {card}", "refuse", {"card": card}, cite("modes.coop.decrees"))]

    def prompt(self, st: GreatWallState, fr: Fr) -> dict[str, Any]:
        return {"card": fr["card"]}

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        seat, card = fr["seat"], fr["card"]
        if opt.action == "refuse":
            st.emit("gw.decree_refused", opt.rule, seat=seat, card=card)
            return
        st.emit("gw.decree_agreed", self.rule, seat=seat, card=card)
        agreed = [*fr["agreed"], seat]
        rest = [s for s in st.seats_in_tea() if s not in agreed]
        if rest:
            st.push("gw.decree", seat=rest[0], card=card, agreed=agreed)
            return
        sac = st.content.requests[card]["sacrifice"]  # type: ignore[attr-defined]
        for s in st.seats_in_tea():  # "wszyscy gracze muszą tego dokonać jednocześnie"
            sacrifice(st, s, card, sac)
        fulfil(st, card)


class Recover(Step):
    """"Budowa Muru": building a Wall level, you may recover 1 of your discarded Command cards."""

    kind = "gw.recover"
    rule = cite("modes.coop.wall")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        # "Zdrada" stays in the discard pile for good (it is never taken back)
        mine = dict.fromkeys(x[1] for x in st.cmd_discard if x[0] == fr["seat"]
                             and not st.content.command(x[1]).get("stays_discarded"))
        out = [Option(f"recover {c}", "recover", {"card": c}, self.rule) for c in mine]
        return [*out, Option("skip", "skip", {}, self.rule)]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "skip":
            return
        seat, card = fr["seat"], opt.args["card"]
        st.cmd_discard.remove([seat, card])
        st.cmd_hand[seat].append(card)
        st.emit("gw.command_recovered", self.rule, seat=seat, card=card)


# -- "Tor Herbaty" of the co-op game: the players decide the order of the clerks' actions ----------------------------
def table_voice(st: GreatWallState) -> str:
    """Who states the order the players agreed on: the Active player (its Wódz in the Reed Clan's turn); outside a
    turn, the top of the Tea order (ruling)."""
    return st.decider(st.active_seat) if st.active_seat else st.seats_in_tea()[0]


def order_box(st: GreatWallState, clans: list[str], effects: Any, rule: str) -> None:
    """A Command card's "others" box: the players choose who resolves it next (Tea order is not imposed)."""
    st.push("gw.clerk_order", seat=table_voice(st), left=list(clans), then="box",
            effects=[dict(e) for e in effects], rule=rule)


def order_location(st: GreatWallState, lid: str, clans: list[str]) -> None:
    """An activated location with clerks of several clans: the players choose the order of their effects."""
    st.push("gw.clerk_order", seat=table_voice(st), left=list(clans), then="location", loc=lid, order=[])


class ClerkOrder(Step):
    """"Akcje Urzędników nie są narzucone przez kolejność Herbaty. Gracze wspólnie decydują o ich kolejności": the
    clan whose clerks act next, named by the Active player for the table (``next <clan>``), until one is left. Tea
    order still breaks ties when a Horde card is claimed."""

    kind = "gw.clerk_order"
    rule = cite("modes.coop.tea")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        return [Option(f"next {c}", "next", {"seat": c}, self.rule) for c in fr["left"]]

    def prompt(self, st: GreatWallState, fr: Fr) -> dict[str, Any]:
        return {"stage": "location", "loc": fr["loc"]} if fr["then"] == "location" else {"stage": "box"}

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        c = opt.args["seat"]
        left = [x for x in fr["left"] if x != c]
        st.emit("gw.clerk_order", self.rule, seat=c)
        if fr["then"] == "box":  # the next clan's effects run now; the rest are ordered after them
            if len(left) > 1:
                st.push("gw.clerk_order", **{**{k: v for k, v in fr.items() if k != "k"}, "left": left})
            elif left:
                run_effects(st, left[0], fr["effects"], fr["rule"])
            run_effects(st, c, fr["effects"], fr["rule"])
            return
        order = [*fr["order"], c]
        if len(left) > 1:
            st.push("gw.clerk_order", **{**{k: v for k, v in fr.items() if k != "k"}, "left": left, "order": order})
            return
        order += left
        loc_fr = next(f for f in reversed(st.stack) if f["k"] == "gw.location" and f["loc"] == fr["loc"])
        counts = loc_fr["counts"]
        loc_fr["counts"] = {s: counts[s] for s in order + [s for s in counts if s not in order]}


def reveal_event(st: GreatWallState) -> None:
    """"Faza Wydarzeń": reveal the Event deck's top card; its immediate effect now (Horde cards, then each player in
    Tea order), its passive effect until the end of the game. Event cards stay face up, side by side."""
    co = st.coop
    if not co["event_deck"]:
        st.emit("gw.event_deck_empty", cite("modes.coop.events"))
        return
    eid = co["event_deck"].pop()
    co["events"].append(eid)
    ev = st.content.events[eid]  # type: ignore[attr-defined]
    rule = cite("modes.coop.events")
    st.emit("gw.event", rule, card=eid)
    mods = co["mods"]
    for k, v in ev["passive"].items():
        if k == "summer":
            for r, n in v.items():
                mods["summer"][r] = mods["summer"].get(r, 0) + n
        else:
            mods[k] += v
    for s in reversed(st.seats_in_tea()):
        if ev["each"]:
            st.push("gw.event_fx", seat=s, effects=[dict(e) for e in ev["each"]], i=0)
    for _ in range(ev["horde"]):
        place_horde_card(st, rule)


class EventEffects(Step):
    """An Event's immediate effects for one player, top to bottom: the Command card vocabulary, plus ``lose``
    (resources back to the supply, as many as the player has) and ``shame`` (Shame tokens to take)."""

    kind = "gw.event_fx"
    auto = True
    rule = cite("modes.coop.events")

    def run(self, st: GreatWallState, fr: Fr) -> None:
        if fr["i"] >= len(fr["effects"]):
            st.pop(fr)
            return
        e = fr["effects"][fr["i"]]
        fr["i"] += 1
        seat = fr["seat"]
        if e.get("lose"):
            have = st.res[seat]
            st.pay(seat, {k: min(n, have[k]) for k, n in e["lose"].items()}, self.rule)
        std = {k: v for k, v in e.items() if k in EVENT_EFFECTS}
        if std:
            run_effects(st, seat, [std], self.rule)
        if e.get("shame"):
            give_shame(st, seat, e["shame"], self.rule)


# -- the end ---------------------------------------------------------------------------------------------------
def finish(st: GreatWallState, won: bool, reason: str) -> None:
    """All the players win, or all lose ("Koniec gry" of the co-op game): ``winners`` is every seat or none. The
    scores are the players' Honor (it buys back Shame; there is no final scoring)."""
    co = st.coop
    rule = cite("modes.coop.end")
    st.emit("gw.game_end", cite("end"), reason=reason)
    st.result = {"winners": list(st.seats) if won else [], "scores": {s: st.honor[s] for s in st.seats},
                 "reason": reason, "rule": rule, "years": st.year, "coop": True, "fulfilled": co["fulfilled"],
                 "target": co["target"], "tea": list(st.tea)}
    st.stack.clear()
    st.emit("gw.coop_won" if won else "gw.coop_lost", rule, n=co["fulfilled"], target=co["target"])


# -- views, determinization, positions ---------------------------------------------------------------------------
def view(st: GreatWallState) -> dict[str, Any]:
    """The public co-op table: the active Decrees, how many are fulfilled of how many, the revealed Events and
    their passive effects, this Year's achievements, the sacrificed pieces; the decks by their sizes."""
    co = st.coop
    return {"target": co["target"], "fulfilled": co["fulfilled"], "decrees": list(co["decrees"]),
            "decree_deck": len(co["decree_deck"]), "decree_discard": list(co["decree_discard"]),
            "events": list(co["events"]), "event_deck": len(co["event_deck"]), "mods": copy.deepcopy(co["mods"]),
            "year": dict(co["year"]), "sacrificed": {s: list(v) for s, v in co["sacrificed"].items()},
            "shame_honor": shame_cost(st)}


def determinize(d: GreatWallState, r: Any) -> None:
    """The Decree and Event decks lie face down: reshuffled."""
    for key in ("decree_deck", "event_deck"):
        deck = sorted(d.coop[key])
        r.shuffle(deck)
        d.coop[key] = deck


def load_position(st: GreatWallState, doc: Any) -> None:
    """A co-op position's ``coop`` object: ``decrees`` (the active ones; default the first of the deck),
    ``fulfilled``, ``events`` (revealed, their passive effects applied), ``year`` (this Year's defeated/walls/
    barricades); the other Decrees and Events are shuffled into their decks."""
    if st.n not in TARGET:
        raise InvalidPosition(f"players: the co-op game is for 2 (with the Reed Clan), 3 or 4 players "
                              f"({cite('modes.coop')})")
    if not isinstance(doc, dict):
        raise InvalidPosition("coop: an object (decrees, fulfilled, events, year)")
    unknown = set(doc) - {"decrees", "fulfilled", "events", "year"}
    if unknown:
        raise InvalidPosition(f"coop: unknown field(s) {sorted(unknown)}")
    c = st.content
    co = st.coop = new_coop(st)
    st.artifacts = []
    allowed = sorted(r for r in c.requests if st.n > 2 or c.requests[r]["two_players"])  # type: ignore[attr-defined]
    co["decree_box"] = sorted(set(c.requests) - set(allowed))  # type: ignore[attr-defined]
    decrees = list(doc.get("decrees", allowed[:co["spaces"]]))
    if not (len(decrees) <= co["spaces"] and len(set(decrees)) == len(decrees) and set(decrees) <= set(allowed)):
        raise InvalidPosition(f"coop.decrees: at most {co['spaces']} distinct Decrees of {allowed}")
    fulfilled = doc.get("fulfilled", 0)
    if not isinstance(fulfilled, int) or not 0 <= fulfilled <= len(allowed) - len(decrees):
        raise InvalidPosition("coop.fulfilled: a whole number of Decrees fulfilled")
    co["decrees"] = decrees
    co["fulfilled"] = fulfilled
    rest = [r for r in allowed if r not in decrees]
    co["decree_discard"] = rest[:fulfilled]
    co["decree_deck"] = rest[fulfilled:]
    st.rng.shuffle(co["decree_deck"])
    events = list(doc.get("events", []))
    if not (len(set(events)) == len(events) and set(events) <= set(c.events)):  # type: ignore[attr-defined]
        raise InvalidPosition(f"coop.events: distinct Event ids of {sorted(c.events)}")  # type: ignore[attr-defined]
    for eid in events:
        co["events"].append(eid)
        for k, v in c.events[eid]["passive"].items():  # type: ignore[attr-defined]
            if k == "summer":
                for r, n in v.items():
                    co["mods"]["summer"][r] = co["mods"]["summer"].get(r, 0) + n
            else:
                co["mods"][k] += v
    co["event_deck"] = sorted(set(c.events) - set(events))  # type: ignore[attr-defined]
    st.rng.shuffle(co["event_deck"])
    year = doc.get("year", {})
    if not (isinstance(year, dict) and set(year) <= set(YEAR_COUNTS)
            and all(isinstance(v, int) and v >= 0 for v in year.values())):
        raise InvalidPosition(f"coop.year: counts of {', '.join(YEAR_COUNTS)}")
    co["year"].update(year)


STEPS = (CoopWinter(), Decree(), Recover(), EventEffects(), ClerkOrder())
#: what the co-operative mode changes in the shared rules (state.ModeHooks; the game gives it to a co-op game's state)
HOOKS = ModeHooks("coop", spring_extra=spring_extra, summer_income=summer_income,
                  summer_shame_options=summer_shame_options, on_defeat=on_defeat, on_build=on_build,
                  shame_options=shame_options, shame_choose=shame_choose, order_box=order_box,
                  order_location=order_location, view=view)
__all__ = ["HOOKS", "STEPS", "TARGET", "coop_content", "setup"]
