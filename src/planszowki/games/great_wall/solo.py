"""Solo mode against Qin Jiushao ("Tryb solo", rulebook pp. 16-17; ``great_wall:modes.solo.*``).

One player plays the standard game for 3 players with the Reed Clan of the 2-player mode ("Tryb dla 2 graczy", which
solo reuses: its clerks, Command card, location effects and never-do list) and a second automated clan, **Qin
Jiushao**, a General without a seat: every one of his decisions is this module's procedure, run by the engine.

* *Setup* (``setup_solo``, "Przygotowanie"): the board as for 2 players; Qin takes the colour of a free clan, his Tea
  marker in the middle (you on top, the Reed Clan at the bottom), 8 clerks, all his soldiers — 2 spearmen and 2
  horsemen as level-1 overseers, one in each production location —, his 6 Solo Command cards shuffled into his
  Command deck, his General card with the Location track (one marker per production location's resource and a Wound
  marker for the Barracks, in random order) and 2 random Advisors face down under it as his Supporting Advisors; 10
  Shame tokens; his Honor marker on 0 (option ``qin_honor``: 50, or 150 with the "100" token — "Poziom trudności").
* *The Location track* ("Karta Generała Qin Jiushao"): ``st.qin_track``, highest (leftmost) first. He places clerks
  in the lowest location; a location activated with his clerk there moves to the top, the others one step down.
* *Golden rules* ("Złote reguły"): never Shame tokens; no Active Advisors; never saves soldiers nor puts them in rest
  zones (killed or on a defeated card: back to his pool); never uses resources (he holds none: ``state.gain`` keeps
  only his Honor) — but builds Walls from the Warehouse; Honor like a player from every source (with the exceptions
  below); builds in the section the invasion indicator shows (else the other).
* *His Command card* ("Zagrywanie kart Rozkazów"): after you choose yours, the top card of his deck; it takes the
  free Command track space with the lowest number. His own boxes are his procedures (``QinEffects``); its
  "Pozostali gracze" box is yours (and the Reed Clan's) — "Gracz korzysta z wszelkich bonusów".
* *His clerks* ("Przenoszenie Urzędników Qin Jiushao"): his own card's number; in another clan's turn always 2 to 2
  different locations; to the lowest location on his track with a free space (else the next one up); all on the
  board: the one in the highest location moves. Only production locations and the Barracks.
* *Activation* ("Aktywacja Lokacji"): production — Honor = his clerks there x his overseer's level, no resources, no
  upgrade, no donation; Barracks — a free spearman per clerk, which attacks by his rule. In his turn (and as the Reed
  Clan's Wódz) his locations activate first, highest to lowest; the player orders the rest.
* *Attacks and wounds* ("Atak i zadawanie Ran"): a recruited spearman attacks the first-row card of the section the
  invasion indicator shows (else the other section; else it is not recruited); a recruited archer takes a firing spot
  of that section (else it is not recruited); his Vital points: the card nearest the Wall, reading order (ruling
  below); 2 Honor per Vital point he covers or wounds, whatever its reward.
* *As the Reed Clan's Wódz* ("Qin Jiushao jako Wódz"): the same rules for its clerks (to the lowest locations, first
  from locations he does not use) and spearmen; he never gains from the Reed Clan's actions.
* *Spring* ("Odświeżanie toru Doradców"): of the first 2 Advisors of the track you give him one as a Supporting
  Advisor and discard the other (option ``qin_advisors``: 2 — he takes both).
* *End* ("Koniec gry", "Punkty za Artefakty"): the standard end conditions, but an empty Shame pool means you lose;
  final scoring as usual, Qin 20 Honor per Artifact card; you win with more Honor than he has (a tie is his).

Rulings where the text leaves a gap (docs/great_wall.md, "Solo"):
* his wound order "od lewej do prawej i od góry do dołu" is read as reading order: the card nearest the Wall, its
  top row left to right, then the bottom row (cells 0-11 ascending);
* with an empty Horde deck (no indicator) his sections are taken left to right;
* his own Special activation takes the highest location on his track holding his clerk (none: nothing);
* a Wall he builds takes the Warehouse's most plentiful kind first, is built only if the Warehouse holds the whole
  cost, and gives him Honor equal to the cost ("Otrzymaj Honor równy kosztowi"; the solo text: "Qin Jiushao
  otrzymuje Honor");
* Summer 4: he never takes his cards back (they are drawn from a deck); he takes 2 Honor per card of his in the
  discard pile, like a player who does not reclaim; an empty Command deck is remade from his discarded cards;
* he holds no Tactic cards and plays none; resources he would gain are not taken (his track stands for them);
* as the Wódz, beyond the rulebook's clerk and soldier rules: the Reed Clan's Barricade goes to his Wall section,
  its Embassy discards the first Advisor of the track, its resource choice takes the first kind offered, its
  Special activation the highest location of his track holding a Reed clerk (none: nothing), its breach victims
  the first offered;
* a step the procedures do not cover (a new card effect) takes "done"/"skip"/"pass" if offered, else the first
  option — never a question to the player that the rulebook gives to Qin.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import InvalidPosition, Option, PlanszowkiError, Step
from .content import BUILD, SOLDIERS
from .sections import cite
from .state import AR, SP, WOUND, GreatWallState, ModeHooks

Fr = dict[str, Any]
ARTIFACT_HONOR = 20  # "Qin Jiushao zawsze otrzymuje 20 Honoru za każdą kartę Artefaktu"
WOUND_HONOR = 2  # "Qin Jiushao zawsze otrzymuje 2 Honoru za każdą zadaną Ranę"
HONOR_START = (0, 50, 150)  # "Poziom trudności": his marker on 0, on 50, or 50 + the "100" token
PASSIVE = ("done", "skip", "pass", "die")


def check_content(content: Any) -> PlanszowkiError | None:
    """Why the content cannot play solo (None when it can)."""
    if content.solo_general is None:
        return PlanszowkiError.told("error_gwc_solo_no_cards")
    if content.reed_command is None:
        return PlanszowkiError.told("error_gwc_solo_no_reed")
    return None


# -- setup ("Tryb solo: Przygotowanie") --------------------------------------------------------------------------------
def track_locations(content: Any) -> list[str]:
    """The locations of the Location track: the 4 production ones (a marker of their resource) and the Barracks
    (the Wound marker)."""
    return [lid for lid in content.loc_ids if content.loc[lid]["effect"] in ("production", "barracks")]


def setup_solo(st: GreatWallState) -> None:
    """Qin's part of the setup (the Reed Clan's is the 2-player one): steps 8, 10 B, 11, 18, 19 of "Tryb solo"."""
    c, q, rule = st.content, st.qin, cite("modes.solo.setup")
    assert c.solo_general is not None
    st.general[q] = c.solo_general["id"]
    deck = sorted(c.solo_commands)  # "Potasuj karty Rozkazów trybu solo": his face-down Command deck
    st.rng.shuffle(deck)
    st.qin_deck = deck
    st.cmd_hand[q] = []
    track = track_locations(c)  # 10 B: one marker per field, at random
    st.rng.shuffle(track)
    st.qin_track = track
    # 8: 2 spearmen and 2 horsemen as level-1 overseers, one in each production location (which where: at random)
    prod = [lid for lid in c.loc_ids if c.loc[lid]["effect"] == "production"]
    types = [SP, SP, 2, 2][:len(prod)]
    st.rng.shuffle(types)
    for lid, t in zip(prod, types, strict=False):
        st.pool[q][t] -= 1
        st.overseer[q][lid] = [1, t]
    # 11: 2 Advisors face down under his General card: his Supporting Advisors
    st.support[q] = [st.adv_deck.pop() for _ in range(min(2, len(st.adv_deck)))]
    st.honor[q] = int(st.options.get("qin_honor", 0))  # 18 ("Poziom trudności": 50 or 150)
    st.emit("gw.qin_setup", rule, seat=q, locs=list(track), honor=st.honor[q])


# -- the Location track ("Karta Generała Qin Jiushao") -----------------------------------------------------------------
def track_to_top(st: GreatWallState, lid: str) -> None:
    """A location activated with his clerk there: its marker to the highest (leftmost) field, the others one step
    to the right. (Done when the activation begins: nothing he does while it resolves reads the track.)"""
    if lid in st.qin_track and st.qin_track[0] != lid:
        st.qin_track.remove(lid)
        st.qin_track.insert(0, lid)
        st.emit("gw.qin_track", cite("modes.solo.general"), seat=st.qin, loc=lid, locs=list(st.qin_track))


def indicated(st: GreatWallState) -> list[int]:
    """His sections in order: the one the visible invasion indicator shows, then the other(s) in play (ruling: no
    indicator, an empty deck — left to right)."""
    secs = list(st.secs)
    if st.horde_deck:
        sec = st.content.horde[st.horde_deck[-1]]["invasion"]
        if sec in secs:
            secs.remove(sec)
            secs.insert(0, sec)
    return secs


# -- his procedures, as choices among a step's options -----------------------------------------------------------------
def _by_id(opts: list[Option], oid: str) -> Option | None:
    return next((o for o in opts if o.id == oid), None)


def _passive(opts: list[Option]) -> Option:
    return next((o for o in opts if o.action in PASSIVE), opts[0])


def pick_clerks(st: GreatWallState, fr: Fr, opts: list[Option]) -> Option:
    """"Przenoszenie Urzędników Qin Jiushao": from his pool (all on the board: the one in the highest location on
    the track that can leave) to the lowest location on the track with a free space; the Reed Clan's (Qin as Wódz):
    first from locations he does not use, then from higher ones to lower ones, always to the lowest possible."""
    moves = {(o.args["from"], o.args["to"]): o for o in opts if o.action == "clerk"}
    low = list(reversed(st.qin_track))  # lowest first
    if fr["seat"] == st.qin:
        srcs = ["pool"] if st.clerks[st.qin] > 0 else [lid for lid in st.qin_track if st.qin in st.at[lid]]
        for a in srcs:
            for b in low:
                if (a, b) in moves:
                    return moves[(a, b)]
            if a == "pool":
                break
        return _passive(opts)
    off = [lid for lid in st.content.loc_ids if lid not in st.qin_track]
    for a in [*off, *st.qin_track]:
        for b in low:
            if a in st.qin_track and low.index(b) >= low.index(a):
                break  # only to a lower location
            if (a, b) in moves:
                return moves[(a, b)]
    return _passive(opts)


def pick_special(st: GreatWallState, fr: Fr, opts: list[Option]) -> Option:
    """His Special activation: the highest location on his track holding his clerk ("zawsze Aktywuje Lokację
    możliwie najwyższą na torze"); the Reed Clan's with Qin as Wódz, by the same rule for its clerks ("kieruje się
    takimi zasadami, jak w przypadku własnych Urzędników"): the highest holding a Reed clerk; none: nothing
    (rulings)."""
    clan = fr["seat"]
    for lid in st.qin_track:
        o = _by_id(opts, f"special {lid}")
        if o is not None and clan in st.at[lid]:
            return o
    return _passive(opts)


def pick_activation(st: GreatWallState, fr: Fr, opts: list[Option]) -> Option | None:
    """In his turn (or the Reed Clan's with Qin as Wódz) the locations with his clerks activate first, highest to
    lowest on the track; the player chooses the order of the rest (None: the player's decision)."""
    for lid in st.qin_track:
        o = _by_id(opts, f"activate {lid}")
        if o is not None and st.qin in st.at[lid]:
            return o
    return opts[0] if len(opts) == 1 else None


def _wound_key(o: Option) -> tuple[int, int]:
    """The card nearest the Wall (row), then its Vital points in reading order (cells 0-11 ascending)."""
    spot = o.args["spot"] if "spot" in o.args else min(o.args.get("spots") or [0])
    return (o.args.get("row") or 0, spot)


def pick_attack(st: GreatWallState, fr: Fr, opts: list[Option]) -> Option:
    """"Atak i zadawanie Ran": the section the invasion indicator shows first, else the other; the card nearest
    the Wall; its Vital points in reading order (ruling). Used for his attacks, his firing and the Reed Clan's
    spearmen when he is its Wódz."""
    for sec in indicated(st):
        cands = [o for o in opts if o.action not in PASSIVE and o.args.get("sec", fr.get("sec")) == sec]
        if cands:
            return min(cands, key=_wound_key)
    return _passive(opts)


def pick_barricade(st: GreatWallState, fr: Fr, opts: list[Option]) -> Option:
    for sec in indicated(st):
        o = next((o for o in opts if o.action == "barricade" and o.args["sec"] == sec), None)
        if o is not None:
            return o
    return _passive(opts)


def pick_first_active(st: GreatWallState, fr: Fr, opts: list[Option]) -> Option:
    """The first option that does something (the Embassy's first Advisor, the first resource kind offered, the
    first breach victim)."""
    if fr.get("stage") == "save":  # "Qin Jiushao nigdy nie Ratuje swoich Żołnierzy" (nor does the Reed Clan)
        return _by_id(opts, "let die") or opts[0]
    return next((o for o in opts if o.action not in PASSIVE), opts[0])


POLICY: dict[str, Callable[[GreatWallState, Fr, list[Option]], Option | None]] = {
    "gw.clerks": pick_clerks, "gw.special": pick_special, "gw.activation": pick_activation,
    "gw.attack": pick_attack, "gw.fire": pick_attack, "gw.reed_barracks": pick_attack,
    "gw.reed_builders": pick_barricade, "gw.reed_embassy": pick_first_active, "gw.choose_gain": pick_first_active,
    "gw.kill": pick_first_active,
}


class QinDecides(Step):
    """Wraps a decision step: when the clan deciding it is Qin Jiushao (his own frames, or the Reed Clan's while he
    is its Wódz), his procedure picks the option and it applies itself — no seat is asked. Where the rulebook gives
    the choice to the player (the order of the other locations in his turn) the player's seat decides. Outside the
    solo mode (``st.qin`` empty) every call goes straight to the wrapped step."""

    def __init__(self, base: Step) -> None:
        self.base = base
        self.kind = base.kind  # type: ignore[misc]
        self.auto = base.auto  # type: ignore[misc]
        self.forced_single = base.forced_single  # type: ignore[misc]
        self.rule = base.rule  # type: ignore[misc]
        self.seat = base.seat  # type: ignore[misc]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.base, name)

    def _qin(self, st: GreatWallState, fr: Fr) -> bool:
        return bool(st.qin) and self.base.player(st, fr) == st.qin

    def _pick(self, st: GreatWallState, fr: Fr, opts: list[Option]) -> Option | None:
        policy = POLICY.get(self.kind)
        return _passive(opts) if policy is None else policy(st, fr, opts)

    def player(self, st: GreatWallState, fr: Fr) -> str:
        p = self.base.player(st, fr)
        return st.seats[0] if st.qin and p == st.qin else p

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        opts = self.base.options(st, fr)
        if st.qin and opts and self._qin(st, fr):
            pick = self._pick(st, fr, opts)
            if pick is not None:
                return [pick]
        return opts

    def forced(self, st: GreatWallState, fr: Fr) -> bool:
        if st.qin and self._qin(st, fr):
            opts = self.base.options(st, fr)
            if opts and self._pick(st, fr, opts) is not None:
                return True
        return self.base.forced(st, fr)

    def run(self, st: GreatWallState, fr: Fr) -> None:
        self.base.run(st, fr)

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        if st.qin and fr.get("seat") == st.qin and self.kind in ("gw.attack", "gw.fire"):
            qin_choose_attack(st, fr, opt)
            return
        self.base.choose(st, fr, opt)

    def prompt(self, st: GreatWallState, fr: Fr) -> dict[str, Any]:
        return self.base.prompt(st, fr)


def qin_decides(steps: dict[str, Step]) -> dict[str, Step]:
    """The game's step table with every decision step wrapped (game.py)."""
    return {k: (s if s.auto else QinDecides(s)) for k, s in steps.items()}


# -- his attacks -------------------------------------------------------------------------------------------------------
def place(st: GreatWallState, clan: str, t: int, sec: int, row: int | None, spot: int | None, rule: str,
          fire: bool = False) -> None:
    """Put Qin's (or, with Qin as Wódz, the Reed Clan's) soldier: a spearman on a Vital point, an archer on a firing
    spot (``fire``: already there) with a wound. 2 Honor per Vital point for Qin, whatever its reward; the Reed
    Clan gets nothing."""
    if t == AR:
        if not fire:
            st.firing[sec].append(clan)
        if row is None or spot is None:
            return
        c = st.horde[sec][row]
        c["occ"][spot] = WOUND
        st.emit("gw.wound", rule, seat=clan, card=c["id"], spot=spot)
    else:
        assert row is not None and spot is not None
        c = st.horde[sec][row]
        c["n"] += 1
        c["occ"][spot] = [clan, t, c["n"]]
        st.emit("gw.attack", rule, seat=clan, type=SOLDIERS[t], card=c["id"], spots=[spot])
    if clan == st.qin:
        st.add_honor(clan, WOUND_HONOR, cite("modes.solo.attack"))


def target(st: GreatWallState, t: int) -> tuple[int, int | None, int | None] | None:
    """Where a recruited soldier of his goes: (section, row, spot). A spearman: the indicated section's first-row
    card, else the other section's; an archer: a firing spot of the indicated section only, and the nearest card's
    first free Vital point there (or no wound)."""
    secs = indicated(st)
    if t == AR:
        sec = secs[0] if secs else -1
        if sec < 0 or len(st.firing[sec]) >= st.board["firing_spots"]:
            return None
        for row, c in enumerate(st.horde[sec]):
            free = [] if st.immune(c["id"], "archer") else st.free_vitals(c)  # a Horde ability: immune to archers
            if free:
                return sec, row, free[0]
        return sec, None, None
    for sec in secs:
        if st.horde[sec] and not st.immune(st.horde[sec][0]["id"], "spearman"):
            free = st.free_vitals(st.horde[sec][0])
            if free:
                return sec, 0, free[0]
    return None


def recruit(st: GreatWallState, t: int, rule: str) -> bool:
    """Recruit one of his soldiers for free and attack at once; no place to attack: not recruited."""
    q = st.qin
    if st.usable(q, t) <= 0:
        return False
    where = target(st, t)
    if where is None:
        st.emit("gw.qin_no_recruit", rule, seat=q, type=SOLDIERS[t])
        return False
    st.pool[q][t] -= 1
    st.emit("gw.recruit", rule, seat=q, type=SOLDIERS[t])
    st.trigger(q, "recruit")  # his General card's ability, like a player's ("z każdego możliwego źródła")
    place(st, q, t, *where, rule)
    return True


def qin_choose_attack(st: GreatWallState, fr: Fr, opt: Option) -> None:
    """His attack from a firing spot (an effect's Attack) or his Winter firing: as the step would, but his Honor."""
    if fr["k"] == "gw.fire":
        st.pop(fr)
        place(st, st.qin, AR, fr["sec"], opt.args["row"], opt.args["spot"], cite("winter.firing"), fire=True)
        return
    if opt.action == "done":
        st.pop(fr)
        return
    a = opt.args
    t = SOLDIERS.index(a["type"])
    if a["src"].startswith("rest "):  # never for Qin (no rest zones); kept for a position that gives him one
        st.rest[int(a["src"][-1])][st.qin][t] -= 1
    place(st, st.qin, t, a["sec"], a["row"], (a["spots"] or [None])[0], cite("attack.outside"),
          fire=a["src"].startswith("fire "))
    fr["n"] -= 1
    if fr["n"] <= 0:
        st.pop(fr)


class QinBarracks(Step):
    """The Barracks activated with his clerks: "otrzymuje 1 Włócznika za każdego swojego Urzędnika", each attacking
    by his rule."""

    kind = "gw.qin_barracks"
    auto = True
    rule = cite("modes.solo.activation")

    def run(self, st: GreatWallState, fr: Fr) -> None:
        st.pop(fr)
        for _ in range(fr["n"]):
            recruit(st, SP, self.rule)


def build_wall(st: GreatWallState, rule: str) -> None:
    """Golden rule 6: the section the invasion indicator shows, or (fully built) the other; paid from the Warehouse
    only, its most plentiful kind first (ruling); Honor equal to the cost (ruling)."""
    q = st.qin
    for sec in indicated(st):
        if st.wall[sec] >= 3:
            continue
        cost = st.board["wall_cost"][st.wall[sec]]
        if sum(st.warehouse.values()) < cost:
            st.emit("gw.qin_no_wall", rule, seat=q, sec=sec)
            return
        used: dict[str, int] = {}
        for _ in range(cost):
            k = max(BUILD, key=lambda r: st.warehouse[r])
            st.warehouse[k] -= 1
            used[k] = used.get(k, 0) + 1
        st.emit("gw.warehouse_used", rule, seat=q, res=used)
        st.wall[sec] += 1
        st.walls_built[q] += 1
        st.emit("gw.wall", rule, seat=q, sec=sec, level=st.wall[sec])
        st.add_honor(q, cost, rule)
        st.trigger(q, "wall_built")
        return


# -- his Command card ("Zagrywanie kart Rozkazów") ---------------------------------------------------------------------
def draw_command(st: GreatWallState) -> None:
    """After the player has chosen: the top card of his deck is his card this Autumn (an empty deck is remade from
    his discarded cards, shuffled — ruling)."""
    q = st.qin
    if not st.qin_deck:
        mine = [x[1] for x in st.cmd_discard if x[0] == q]
        st.cmd_discard = [x for x in st.cmd_discard if x[0] != q]
        st.qin_deck = sorted(mine)
        st.rng.shuffle(st.qin_deck)
        st.emit("gw.qin_reshuffled", cite("modes.solo.commands"), seat=q, n=len(mine))
    if not st.qin_deck:
        return
    card = st.qin_deck.pop()
    st.cmd_hand[q].append(card)
    st.chosen[q] = card
    st.emit("gw.qin_command", cite("modes.solo.commands"), seat=q, card=card)


def summer_reclaim(st: GreatWallState) -> None:
    """Summer 4 for Qin (ruling): 2 Honor per card of his in the discard pile; he never takes them back."""
    k = sum(1 for x in st.cmd_discard if x[0] == st.qin)
    if k:
        st.emit("gw.reclaim_honor", cite("summer.reclaim"), seat=st.qin, n=k)
        st.add_honor(st.qin, 2 * k, cite("summer.reclaim"))


def run_qin_effects(st: GreatWallState, effects: Any, rule: str) -> None:
    """A box of effects for Qin: his own card's boxes in his turn; in another clan's turn an "others" box, where he
    moves 2 clerks to 2 different locations whenever it moves clerks ("zawsze Przenosi swoich 2 Urzędników do 2
    różnych Lokacji"), and gains nothing but Honor."""
    if st.active_seat == st.qin:
        st.push("gw.qin_fx", seat=st.qin, effects=[dict(e) for e in effects], i=0, rule=rule)
        return
    out = []
    for e in effects:
        e = {k: v for k, v in e.items() if k in ("honor", "move_clerks", "distinct", "attack", "special_activation")}
        if e.get("move_clerks"):
            e["move_clerks"], e["distinct"] = 2, True
        if e:
            out.append(e)
    if out:
        st.push("gw.qin_fx", seat=st.qin, effects=out, i=0, rule=cite("modes.solo.clerks"))


class QinEffects(Step):
    """His effects, top to bottom: Honor; Walls; free recruits; then (pushed, so they run before the next effect)
    his clerks, his Special activation and his Attack, each decided by his procedure."""

    kind = "gw.qin_fx"
    auto = True

    def run(self, st: GreatWallState, fr: Fr) -> None:
        if fr["i"] >= len(fr["effects"]):
            st.pop(fr)
            return
        e = fr["effects"][fr["i"]]
        fr["i"] += 1
        q, rule = st.qin, fr["rule"]
        if e.get("honor"):
            st.add_honor(q, e["honor"], rule)
        for _ in range(e.get("build_wall", 0)):
            build_wall(st, cite("modes.solo.wall"))
        for name, k in e.get("recruit", {}).items():
            for _ in range(k):
                recruit(st, SOLDIERS.index(name), cite("modes.solo.attack"))
        if e.get("attack"):
            st.push("gw.attack", seat=q, n=e["attack"])
        if e.get("special_activation"):
            st.push("gw.special", seat=q)
        if e.get("move_clerks"):
            st.push("gw.clerks", seat=q, n=e["move_clerks"], distinct=bool(e.get("distinct")), dests=[])


# -- locations ("Aktywacja Lokacji") -----------------------------------------------------------------------------------
def production(st: GreatWallState, loc: Fr, n: int) -> None:
    """Honor = his clerks there x his overseer's level; no resources, no upgrade, no donation."""
    ov = st.overseer[st.qin].get(loc["id"])
    honor = n * (ov[0] if ov else 0)
    st.emit("gw.qin_production", cite("modes.solo.activation"), seat=st.qin, loc=loc["id"], n=honor)
    st.add_honor(st.qin, honor, cite("modes.solo.activation"))


def location_effect(st: GreatWallState, eff: str, n: int) -> None:
    """His part of an activated special/normal location other than production: the Barracks (he places clerks
    nowhere else)."""
    if eff == "barracks":
        st.push("gw.qin_barracks", seat=st.qin, n=n)


# -- Spring: the Advisor track ("Odświeżanie toru Doradców") -----------------------------------------------------------
def spring_advisors(st: GreatWallState) -> None:
    """Spring 3: of the first 2 Advisors the player gives Qin one as a Supporting Advisor (``qin_advisors`` 2: both),
    the other is discarded; then the track slides and refills."""
    first = st.adv_track[:2]
    if not first:
        return
    if int(st.options.get("qin_advisors", 1)) >= 2 or len(first) == 1:
        st.adv_track = st.adv_track[len(first):]
        st.support[st.qin].extend(first)
        st.emit("gw.qin_advisor", cite("modes.solo.advisors"), seat=st.qin, cards=list(first))
        refill(st, [])
        return
    st.push("gw.qin_advisor", seat=st.seats[0])


def refill(st: GreatWallState, gone: list[str]) -> None:
    st.adv_discard.extend(gone)
    while len(st.adv_track) < st.board["advisor_track"] and st.adv_deck:
        st.adv_track.append(st.adv_deck.pop())
    st.emit("gw.advisors_refreshed", cite("spring.advisors"), discarded=list(gone), track=list(st.adv_track))


class QinAdvisor(Step):
    """The player chooses which of the first 2 Advisors of the track Qin takes as a Supporting Advisor."""

    kind = "gw.qin_advisor"
    rule = cite("modes.solo.advisors")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        return [Option(f"qin takes {a}", "qin_takes", {"card": a}, self.rule) for a in dict.fromkeys(st.adv_track[:2])]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        first = st.adv_track[:2]
        st.adv_track = st.adv_track[2:]
        a = opt.args["card"]
        st.support[st.qin].append(a)
        st.emit("gw.qin_advisor", self.rule, seat=st.qin, cards=[a])
        refill(st, [x for x in first if x != a])


# -- the end ("Koniec gry", "Punkty za Artefakty") ---------------------------------------------------------------------
def final_scoring(st: GreatWallState, reason: str) -> None:
    """The standard final scoring for the player; Qin: the Horde cards he claimed, 20 Honor per Artifact card (no
    Shame, ever). An empty Shame pool: the player loses. Else the player wins with more Honor than Qin."""
    rule = cite("end.scoring")
    st.emit("gw.game_end", cite("end"), reason=reason)
    me, q = st.seats[0], st.qin
    detail = {}
    pen = 5 * sum(st.shamed[me])
    st.add_honor(me, -pen, rule)
    horde = sum(st.content.horde[c]["reward"] for c, k in st.claimed[me] if k == 0)
    st.add_honor(me, horde, rule)
    art = sum(st.content.artifacts[a]["score"]["honor"]
              * st.artifact_count(me, st.content.artifacts[a]["score"]["per"]) for a in st.artifacts)
    st.add_honor(me, art, rule)
    detail[me] = {"shame": -pen, "horde": horde, "artifacts": art}
    qh = sum(st.content.horde[c]["reward"] for c, k in st.claimed[q] if k == 0)
    st.add_honor(q, qh, rule)
    qa = ARTIFACT_HONOR * len(st.artifacts)
    st.add_honor(q, qa, cite("modes.solo.artifacts"))
    detail[q] = {"shame": 0, "horde": qh, "artifacts": qa}
    win = reason != "shame" and st.honor[me] > st.honor[q]
    winner = me if win else q
    st.result = {"winners": [winner], "scores": {me: st.honor[me]}, "qin": {"clan": q, "honor": st.honor[q]},
                 "reason": reason, "rule": cite("modes.solo.end"), "years": st.year, "detail": detail,
                 "tea": list(st.tea), "mode": "solo"}
    st.stack.clear()
    st.emit("gw.victory", cite("modes.solo.end"), seat=winner, honor=st.honor[winner])


# -- hidden information ------------------------------------------------------------------------------------------------
def determinize(d: GreatWallState, seat: str | None, r: Any) -> None:
    """His Command deck's order and his 2 face-down Supporting Advisors of the setup are unknown to the player:
    reshuffled / redealt with the Advisor deck."""
    deck = sorted(d.qin_deck)
    r.shuffle(deck)
    d.qin_deck = deck
    k = min(2, len(d.support[d.qin]))
    pool = sorted(d.support[d.qin][:k] + d.adv_deck)
    r.shuffle(pool)
    d.support[d.qin][:k], d.adv_deck = pool[:k], pool[k:]


# -- positions ---------------------------------------------------------------------------------------------------------
def position_qin(st: GreatWallState, doc: dict[str, Any]) -> None:
    """The ``qin`` object of a solo position (position.py): ``track`` (location ids, highest first), ``deck`` (his
    Command deck, top last), ``honor``, ``supporting`` (Advisors), ``overseers`` ({loc: [level, type]}); his clerks,
    soldiers on Horde cards and archers on firing spots are given with the others' (``clerks``, ``horde``,
    ``firing``) under his colour."""
    q = st.qin
    spec = doc.get("qin") or {}
    if not isinstance(spec, dict):
        raise InvalidPosition("qin: an object {clan, track, deck, honor, supporting, overseers}")
    c = st.content
    track = list(spec.get("track", track_locations(c)))
    if sorted(track) != sorted(track_locations(c)):
        raise InvalidPosition(f"qin.track: the locations {track_locations(c)} in some order, highest first")
    st.qin_track = track
    st.general[q] = c.solo_general["id"] if c.solo_general else ""
    st.honor[q] = int(spec.get("honor", 0))
    st.support[q] = list(spec.get("supporting", []))
    ovs = spec.get("overseers")
    prod = [lid for lid in c.loc_ids if c.loc[lid]["effect"] == "production"]
    if ovs is None:
        ovs = {lid: [1, t] for lid, t in zip(prod, ("spearman", "spearman", "horseman", "horseman"), strict=False)}
    for lid, (level, t) in ovs.items():
        if lid not in prod or t not in SOLDIERS:
            raise InvalidPosition(f"qin.overseers.{lid}: [level, soldier type] in a production location")
        st.overseer[q][lid] = [int(level), SOLDIERS.index(t)]
    on_board = sum(v.count(q) for v in st.at.values())
    if any(lid not in st.qin_track for lid, v in st.at.items() if q in v):
        raise InvalidPosition("clerks: Qin's clerks stand only in production locations and the Barracks")
    st.clerks[q], st.unhired[q] = c.board["clerks"]["total"] - on_board, 0
    st.pool[q] = [0, 0, 0]
    so = [c.board["soldiers"][t] for t in SOLDIERS]
    placed = st.soldiers_total(q)
    st.pool[q] = [so[t] - placed[t] for t in range(3)]
    if min(st.pool[q]) < 0:
        raise InvalidPosition(f"soldiers: Qin places more soldiers than he has ({so})")
    played = [x[1] for x in st.track if x and x[0] == q] + [x[1] for x in st.cmd_discard if x[0] == q]
    deck = spec.get("deck")
    if deck is None:
        deck = sorted(set(c.solo_commands) - set(played))
        st.rng.shuffle(deck)
    if sorted([*deck, *played]) != sorted(c.solo_commands):
        raise InvalidPosition("qin.deck: his Solo Command cards not on the track or in the discard pile")
    st.qin_deck = list(deck)
    st.cmd_hand[q] = []


STEPS = (QinBarracks(), QinEffects(), QinAdvisor())
#: what the solo mode changes in the shared rules (state.ModeHooks; the game gives it to a solo game's state)
HOOKS = ModeHooks("solo", qin_effects=run_qin_effects, track_to_top=track_to_top, location_effect=location_effect,
                  production=production, summer_reclaim=summer_reclaim, draw_command=draw_command,
                  spring_advisors=spring_advisors, final_scoring=final_scoring)
__all__ = ["HOOKS", "STEPS", "QinDecides", "qin_decides", "setup_solo"]
