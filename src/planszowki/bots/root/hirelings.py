"""The heuristic's hirelings (Appendix E): which card to hire, whom to give a spent one to, and the hireling's
once-per-Daylight action (Forest Patrol, Last Dynasty) and its battles, judged with the shared battle estimate.

Scores follow bots/root/common.py: higher is better; a Daylight extra below 0 is left alone.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Decision, Option
from ...games.root import hirelings as h
from ...games.root.state import RootState
from .common import Scores, battle_ev, threat

#: what controlling a side is worth to the heuristic (it prefers pieces on the map and points)
HIRE_WORTH = {"last_dynasty": 2.0, "forest_patrol": 2.5, "bluebird_nobles": 1.5, "raven_sentries": 1.0,
              "badger_bodyguards": 1.0, "bandit_gangs": 1.5, "rat_smugglers": 0.8, "rabbit_scouts": 0.8,
              "lizard_envoys": 1.0, "otter_divers": 0.6, "feline_physicians": 1.0, "spring_uprising": 1.5,
              "the_brigand": 1.2, "the_exile": 1.2,
              "corvid_spies": 1.5, "flame_bearers": 1.5, "furious_protector": 1.0, "warm_sun_prophets": 1.2,
              "riverfolk_flotilla": 1.2, "vault_keepers": 1.5,
              "sunward_expedition": 1.5, "street_band": 0.8,
              "mole_artisans": 0.8, "popular_band": 1.0,
              "highway_bandits": 1.0, "stoic_protector": 0.8}


def _hire(st: RootState, seat: str, d: Decision) -> Scores:
    """E.1.1: the most useful card; a promoted band with warriors near our pieces a little more."""
    out = []
    for o in d.options:
        side = h.side_of(o.args["hireling"])
        near = sum(1 for c in st.map.clearings() if st.warriors[c].get(h.owner(side), 0)
                   and st.has_any_piece(c, seat))
        out.append(HIRE_WORTH.get(side, 0.5) + 0.2 * near)
    return out


def _give(st: RootState, seat: str, d: Decision) -> Scores:
    """E.1.3: the card goes to the player furthest behind, who threatens us least."""
    return [-float(st.vp[o.args["player"]]) for o in d.options]


def _setup(st: RootState, seat: str, d: Decision) -> Scores:
    """A.6 Step 3: the Last Dynasty far from our own pieces (they are enemies of everyone at first)."""
    out = []
    for o in d.options:
        c = o.args.get("clearing", 1) - 1
        out.append(-sum(1.0 for a in (c, *st.adjacent(c)) if st.has_any_piece(a, seat)))
    return out


def _battle(st: RootState, seat: str, d: Decision) -> Scores:
    """The hireling's battle: the target with the best expected gain; "done" when no battle pays."""
    fr = st.stack[-1]
    att = h.owner(fr["side"])
    out = []
    for o in d.options:
        if o.action == "done":
            out.append(0.0)
        else:
            c, dfn = o.args["clearing"] - 1, o.args["defender"]
            # hurting the leader helps us; hurting ourselves is not possible (our own pieces are never targets)
            lead = 0.1 * st.vp.get(dfn, 0)
            out.append(battle_ev(st, att, c, dfn) + lead)
    return out


def daylight_score(st: RootState, seat: str, opt: Option) -> float:
    """E.2.4 once per Daylight: worth taking when the band can fight someone or gather strength."""
    if opt.action in ("smuggle_move", "smuggle_battle"):  # Rat Smugglers: a card for an extra action, rarely
        return -0.2 if len(st.hands[seat]) > 4 else -1.0
    if opt.action == "prophets_battle":  # Warm Sun Prophets: someone else's battle, judged as if it were theirs
        p, c, dfn = opt.args["player"], opt.args["clearing"] - 1, opt.args["defender"]
        ev = battle_ev(st, p, c, dfn)
        return ev if p == seat else (0.4 if dfn == seat else 0.2 + 0.05 * st.vp.get(dfn, 0) - 0.1 * ev)
    if opt.action == "prophets_move":
        return 0.1 if opt.args["player"] != seat else -0.2
    if opt.action == "prophets_place":
        return 0.3
    if opt.action == "bandit_place":  # Highway Bandits: tax the paths enemies use
        return 0.3
    if opt.action == "band_act":  # Popular Band: pull enemies into the concert
        return 0.5
    if opt.action == "band_place":  # Street Band: a warrior where enemies gather, to hold them there
        c = opt.args["clearing"] - 1
        return 0.2 + 0.05 * sum(st.warriors[c].get(e, 0) for e in st.enemies(seat))
    if opt.action == "expedition_act":  # Sunward Expedition: free tokens and warriors
        return 0.9
    if opt.action == "vaults_act":  # Vault Keepers: free buildings, warriors or battles
        return 0.9
    if opt.action == "spies_act":  # Corvid Spies: free warriors, battles or cards
        return 0.9
    if opt.action == "exile_act":  # The Exile: its moves and battles cost us nothing
        return 0.8
    if opt.action == "exile_aid":  # an item for a card and a point
        return 0.9 if len(st.crafted_items.get(seat, ())) > 1 else 0.2
    if opt.action == "brigand_explore":  # The Brigand: an item from a ruin is a craftable item for free
        return 1.0
    if opt.action == "brigand_steal":
        return 0.6
    side = h.side_of(opt.args["hireling"])
    if opt.action == "hireling_recruit":  # Bandit Gangs: free warriors of ours
        return 1.2
    if side == "bandit_gangs":
        return 0.4
    o = h.owner(side)
    a = opt.action
    if a == "hireling_muster":
        return 0.8
    if a == "hireling_place":
        c = opt.args["clearing"] - 1
        return 0.5 + 0.3 * len(h.targets(st, side, c))
    if a == "hireling_battle":
        c = opt.args.get("clearing", 0) - 1
        where = [c] if c >= 0 else [x for x in st.map.clearings() if st.warriors[x].get(o, 0)]
        best = max((battle_ev(st, o, x, e) for x in where for e in h.targets(st, side, x)), default=-1.0)
        return 0.3 + best
    # a move: toward enemies of the band, away from a clearing where the band is threatened
    b = opt.args["to"] - 1
    return 0.2 + 0.3 * len(h.targets(st, side, b)) - 0.05 * threat(st, b, seat)


def _exile(st: RootState, seat: str, d: Decision) -> Scores:
    """The Exile: battle where it pays, else wander toward clearings with enemies; stop when nothing pays."""
    o = h.owner("the_exile")
    out = []
    for opt in d.options:
        if opt.action == "battle":
            out.append(battle_ev(st, o, opt.args["clearing"] - 1, opt.args["defender"]))
        elif opt.action == "exile_move":
            f = opt.args["forest"] - 1
            out.append(0.05 * sum(len(h.targets(st, "the_exile", c)) for c in st.map.forests[f]) - 0.05)
        else:
            out.append(0.0)
    return out


def _spies(st: RootState, seat: str, d: Decision) -> Scores:
    """Corvid Spies: place them where enemies are strongest; then steal from many hands, or battle."""
    out = []
    for o in d.options:
        if o.action == "spies_place":
            c = o.args["clearing"] - 1
            out.append(0.1 * sum(st.warriors[c].get(e, 0) for e in st.enemies(seat)))
        elif o.action == "spies_steal":
            c = o.args["clearing"] - 1
            out.append(0.7 * sum(1 for e in st.enemies(seat) if st.hands[e] and st.has_any_piece(c, e)))
        elif o.action == "spies_battle":
            out.append(0.8)
        else:
            out.append(0.0)
    return out


def _protector(st: RootState, seat: str, d: Decision) -> Scores:
    """The Furious Protector: to where it removes more enemy warriors than ours."""
    out = []
    for o in d.options:
        c = o.args["clearing"] - 1
        out.append(sum(1.0 for e in st.enemies(seat) if st.warriors[c].get(e, 0))
                   - (1.0 if st.warriors[c].get(seat, 0) else 0.0))
    return out


def _stoic(st: RootState, seat: str, d: Decision) -> Scores:
    """The Stoic Protector: to where it shields the most of our pieces."""
    out = []
    for o in d.options:
        w, bs, ts = st.pieces_of(o.args["clearing"] - 1, seat)
        out.append(float(w + 2 * len(bs) + len(ts)))
    return out


def _yes(st: RootState, seat: str, d: Decision) -> Scores:
    """Take what is offered (a card from the Flotilla; a battle the Prophets allow us to pick)."""
    return [0.0 if o.action == "pass" else 1.0 for o in d.options]


def _vaults(st: RootState, seat: str, d: Decision) -> Scores:
    """Vault Keepers: a vault where we are, then battles when the vaults stand among enemies, else recruits."""
    out = []
    for o in d.options:
        if o.action in ("vault_place", "vault_new", "vault_start"):
            out.append(0.5 + 0.1 * st.presence(o.args["clearing"] - 1, seat))
        elif o.action == "vaults_battle":
            out.append(0.6)
        elif o.action == "vaults_recruit":
            out.append(0.5)
        else:
            out.append(0.0)
    return out


def _expedition(st: RootState, seat: str, d: Decision) -> Scores:
    """Sunward Expedition: many warriors where we are, then a battle where it pays, else recruits."""
    out = []
    for o in d.options:
        a = o.action
        if a == "foothold":
            out.append(0.3 * o.args["count"] + 0.1 * st.presence(o.args["clearing"] - 1, seat))
        elif a == "expedition_battle":
            out.append(0.6)
        elif a == "expedition_recruit":
            out.append(0.5)
        elif a == "expedition_move":
            out.append(0.1)
        else:
            out.append(0.0)
    return out


def _band(st: RootState, seat: str, d: Decision) -> Scores:
    """Popular Band: the concert next to most enemy warriors; pull enemies, never our own."""
    out = []
    for o in d.options:
        a = o.action
        if a == "band_at":
            c = o.args["clearing"] - 1
            out.append(sum(st.warriors[x].get(e, 0) for x in st.adj[c] for e in st.enemies(seat)) * 0.1)
        elif a == "band_pull":
            out.append(0.3 if o.args["player"] != seat else -0.3)
        elif a == "band_place2":
            out.append(0.2)
        else:
            out.append(0.0)
    return out


def _reveal(st: RootState, seat: str, d: Decision) -> Scores:
    """Mole Artisans: a revealed card comes back to the hand; always better than a discard."""
    return [1.0 if o.action == "artisans_reveal" else 0.0 for o in d.options]


def _smuggle(st: RootState, seat: str, d: Decision) -> Scores:
    """Rat Smugglers' paid move or battle: the best battle, or a move toward enemies."""
    out = []
    for o in d.options:
        if o.action == "battle":
            out.append(battle_ev(st, seat, o.args["clearing"] - 1, o.args["defender"]))
        else:
            out.append(0.1 * o.args.get("count", 1) - 0.2 * threat(st, int(o.args["to"]) - 1, seat)
                       if isinstance(o.args.get("to"), int) else 0.0)
    return out


def _scouts(st: RootState, seat: str, d: Decision) -> Scores:
    """Rabbit Scouts: a card for the higher roll when the hand can spare it."""
    spare = len(st.hands[seat]) >= 3
    return [0.0 if o.action == "pass" else (0.3 if spare else -0.3) for o in d.options]


def _envoys(st: RootState, seat: str, d: Decision) -> Scores:
    """Lizard Envoys: a free card is always worth taking."""
    return [0.0 if o.action == "pass" else 1.0 for o in d.options]


def _place(st: RootState, seat: str, d: Decision) -> Scores:
    """A when-hired placement: where we are strongest, so the band is sheltered (Bandit Gangs)."""
    return [float(st.presence(o.args["clearing"] - 1, seat)) if "clearing" in o.args else 0.0 for o in d.options]


def _physicians(st: RootState, seat: str, d: Decision) -> Scores:
    """Feline Physicians: a card for two or more warriors, into the clearing we hold most strongly."""
    n = st.stack[-1]["n"]
    out = []
    for o in d.options:
        if o.action == "pass":
            out.append(0.0)
        else:
            out.append(0.5 * n - 0.8 + 0.05 * st.presence(o.args["clearing"] - 1, seat))
    return out


def _uprising(st: RootState, seat: str, d: Decision) -> Scores:
    """Spring Uprising: strike where it removes the most enemy pieces, else spread."""
    out = []
    for o in d.options:
        if o.action == "uprising_strike":
            c = o.args["clearing"] - 1
            enemies = [e for e in st.seats if e != seat and e not in st.coalition(seat)]
            gain = sum(st.warriors[c].get(e, 0) * 0.8 + 1.2 * sum(len(x) for x in st.pieces_of(c, e)[1:])
                       for e in enemies)
            out.append(gain - 0.5)
        elif o.action == "uprising_place":
            out.append(0.3)
        else:
            out.append(0.0)
    return out


def _toll(st: RootState, seat: str, d: Decision) -> Scores:
    """Spring Uprising's toll: the least useful matching card."""
    from .common import key_value

    return [-key_value(st, seat, o.args["card"]) for o in d.options]


EXTRA_SCORES: dict[str, Callable[[RootState, str, Option], float]] = {
    a: daylight_score for a in ("hireling_place", "hireling_move", "hireling_battle", "hireling_muster",
                                "hireling_recruit", "smuggle_move", "smuggle_battle", "brigand_explore",
                                "brigand_steal", "exile_act", "exile_aid", "spies_act", "prophets_battle",
                                "prophets_move", "prophets_place", "vaults_act", "expedition_act",
                                "band_place", "band_act", "bandit_place")}
DECISIONS = {"hirelings.hire": _hire, "hirelings.give": _give, "hirelings.setup": _setup,
             "hirelings.battle": _battle, "hirelings.smuggle": _smuggle, "hirelings.scouts": _scouts,
             "hirelings.envoys": _envoys, "hirelings.place": _place, "hirelings.physicians": _physicians,
             "hirelings.uprising": _uprising, "hirelings.toll": _toll, "hirelings.exile": _exile,
             "hirelings.spies": _spies, "hirelings.protector": _protector, "hirelings.flotilla_draw": _yes,
             "hirelings.stoic": _stoic,
             "hirelings.prophets": _yes, "hirelings.vaults": _vaults, "hirelings.vault_start": _vaults,
             "hirelings.expedition": _expedition,
             "hirelings.artisans": _reveal, "hirelings.band": _band}
