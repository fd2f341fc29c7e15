"""Great Wall positions: a JSON document that sets up the board, the clans and where in the year play resumes
(docs/great_wall.md, "Positions").

```json
{"seed": 1, "players": ["red", "blue", "yellow"], "year": 2, "time": 1, "phase": "activation", "active": "red",
 "track": [["red", "despotism"], null, null], "tea": ["blue", "red", "yellow"],
 "generals": {"red": "G01"}, "advisors": {"red": {"active": ["A01"], "supporting": ["A02"]}},
 "honor": {"red": 4}, "resources": {"red": {"wood": 3, "chi": 2}}, "tactics": {"red": ["T01"]},
 "clerks": {"barracks": ["red", "red"], "quarry": ["blue", "yellow"]},
 "overseers": {"red": {"quarry": [1, "spearman"]}}, "shamed": {"blue": {"spearman": 1}},
 "rest": [{"red": {"spearman": 1}}, {}, {}], "firing": [["red"], [], []],
 "horde": [[{"id": "H01", "occ": {"0": ["red", "spearman"], "3": "w"}}], [], []],
 "wall": [1, 0, 0], "barricades": [0, 2, 0], "claimed": {"red": [["H09", 0]]}, "artifacts": ["R1", "R2", "R3"],
 "content": {"horde": {"H01": {...}}}}
```

``phase``: ``spring``/``summer``/``autumn``/``winter`` (the start of that season of ``year``), ``command`` (the
``active`` clan's Command card on the track is about to resolve), ``activation`` (its Activation phase). A
horseman's two Vital points are given as two cells with the same ``[seat, "horseman", k]`` number ``k``. Soldiers and
clerks not placed are in the pools; Shame tokens not placed are in the pool (``shame_pool`` overrides); cards not
placed are shuffled into their decks. ``content``: a name, a file, or a partial document whose card tables and
board keys replace the demonstration set's entries of the same id (so a rule test defines the cards it needs).

A co-op position ("Tryb kooperacji") adds ``"mode": "coop"`` (the co-op cards are shuffled in: Horde card ids are
the co-op Horde's) and ``"coop": {"decrees": ["D05", "D09"], "fulfilled": 2, "events": ["E04"], "year": {"defeated":
1}}``: the active Decrees (default the first ones), how many are fulfilled, the Events revealed (their passive
effects apply) and this Year's achievements (``defeated``, ``walls``, ``barricades``); no ``artifacts``. Inline
co-op cards merge by id too: ``"content": {"coop": {"requests": {"D05": {...}}, "horde": {"C01": {...}}}}``.

A solo position ("Tryb solo") has one player (the Reed Clan joins as with 2) and ``"qin": {"clan": "yellow", "track":
["barracks", "temple", "gold_mine", "quarry", "lumber_mill"], "deck": [...], "honor": 12, "supporting": ["A01",
"A02"], "overseers": {"quarry": [1, "spearman"]}}``: his colour (default the next free one), his Location track
(highest first), his Command deck (top last; default the Solo Command cards not on the ``track`` or in the
``command_discard``, shuffled), Honor, Supporting Advisors and overseers (default level 1 in every production
location); his clerks (production locations and the Barracks only), soldiers on Horde cards and archers on firing
spots go with the others' under his colour, and ``active`` may name him (``solo.position_qin``).
"""

from __future__ import annotations

from typing import Any

from ...engine import InvalidPosition, Rng
from .content import RESOURCES, SOLDIERS, ContentError, demo_doc, load_content
from .coop import coop_content
from .coop import load_position as coop_position
from .horde import new_card
from .modes import hooks_for
from .solo import position_qin
from .state import CLANS, WOUND, GreatWallState

KNOWN = {"seed", "players", "content", "year", "time", "phase", "active", "track", "tea", "generals", "advisors",
         "honor", "resources", "tactics", "commands", "command_discard", "clerks", "clerk_pool", "unhired",
         "overseers", "shamed", "rest", "firing", "horde", "horde_deck", "wall", "barricades", "warehouse",
         "shame_pool", "claimed", "artifacts", "advisor_track", "walls_built", "reed", "mode", "coop", "qin"}
PHASES = ("spring", "summer", "autumn", "winter", "command", "activation")


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise InvalidPosition(msg)


def merged_content(spec: Any) -> Any:
    if not isinstance(spec, dict) or ("board" in spec and "generals" in spec):
        return spec
    doc = demo_doc()
    for key, val in spec.items():
        if key == "coop" and isinstance(val, dict) and isinstance(doc.get(key), dict):  # its tables merge by card id
            for k, v in val.items():
                if isinstance(v, dict) and isinstance(doc[key].get(k), dict):
                    doc[key][k].update(v)
                else:
                    doc[key][k] = v
        elif isinstance(val, dict) and isinstance(doc.get(key), dict):
            doc[key].update(val)
        else:
            doc[key] = val
    if "commands" in spec and "solo_commands" not in spec:  # Qin's cards name the demonstration set's
        doc.pop("solo_general", None)
        doc.pop("solo_commands", None)
    doc["name"] = "position"
    return doc


def load_position(doc: dict[str, Any]) -> GreatWallState:
    _need(isinstance(doc, dict), "a position must be a JSON object")
    unknown = set(doc) - KNOWN
    _need(not unknown, f"unknown position field(s) {sorted(unknown)}; known: {sorted(KNOWN)}")
    players = list(doc.get("players", CLANS[:3]))
    _need(len(players) in (1, 2, 3, 4) and len(set(players)) == len(players) and all(p in CLANS for p in players),
          f"players: 1 (solo, with the Reed Clan and Qin Jiushao), 2 (with the Reed Clan), 3 or 4 distinct clans "
          f"among {CLANS}")
    reed = qin = ""
    if len(players) <= 2:  # the Reed Clan: "reed" names its colour (default: the first clan nobody plays)
        reed = str(doc.get("reed") or next(c for c in CLANS if c not in players))
        _need(reed in CLANS and reed not in players, f"reed: a clan colour nobody plays, got {reed!r}")
    else:
        _need("reed" not in doc, "reed: only with 1 or 2 players")
    if len(players) == 1:  # "Tryb solo": Qin Jiushao's colour ("qin": {"clan": ...}; default the next free one)
        qspec = doc.get("qin") or {}
        _need(isinstance(qspec, dict), "qin: an object {clan, track, deck, honor, supporting, overseers}")
        qin = str(qspec.get("clan") or next(c for c in CLANS if c not in players and c != reed))
        _need(qin in CLANS and qin not in players and qin != reed, f"qin.clan: a free clan colour, got {qin!r}")
    else:
        _need("qin" not in doc, "qin: only with 1 player (the solo mode)")
    spec = doc.get("content")
    try:
        content = load_content(merged_content(spec))
        mode = doc.get("mode", "standard")
        _need(mode in ("standard", "coop"), f"mode: 'standard' or 'coop', got {mode!r}")
        _need(mode == "coop" or "coop" not in doc, "coop: only with mode 'coop'")
        if mode == "coop":  # the co-op cards shuffled in ("Tryb kooperacji")
            content = coop_content(content)
    except ContentError as exc:
        raise InvalidPosition(str(exc)) from None
    _need(not reed or content.reed_command is not None, "content: the 2-player game needs 'reed_command'")
    _need(not qin or content.solo_general is not None, "content: the solo game needs 'solo_general', 'solo_commands'")
    st = GreatWallState(content, players, reed, qin, hooks_for(mode, qin))
    st.rng = Rng(int(doc.get("seed", 0)))
    if spec is not None:
        st.options["content"] = merged_content(spec)
    if mode == "coop":
        st.options["mode"] = "coop"
    b = content.board
    seats = set(players)
    clans = seats | {c for c in (reed, qin) if c}  # who may stand on the board (the Reed Clan and Qin too)

    def seat_map(key: str) -> dict[str, Any]:
        m = doc.get(key, {})
        _need(isinstance(m, dict) and set(m) <= seats, f"{key}: an object keyed by the players {players}")
        return m

    st.year = int(doc.get("year", 1))
    st.time = int(doc.get("time", st.time))
    _need(0 <= st.time <= st.last_time(), f"time: a slot of the Time track, 0-{st.last_time()}")
    tea = list(doc.get("tea", [*players, *(c for c in (qin, reed) if c)]))  # solo: you, Qin, the Reed Clan
    _need(sorted(tea) == sorted(clans), "tea: the players (and the Reed Clan), top of the Tea stack first")
    st.tea = tea
    for s, g in seat_map("generals").items():
        _need(g in content.generals, f"generals.{s}: unknown General {g!r}")
        st.general[s] = g
    for s in players:
        if not st.general[s]:
            st.general[s] = sorted(content.generals)[players.index(s)]
    for s, a in seat_map("advisors").items():
        for role in ("active", "supporting"):
            for x in a.get(role, []):
                _need(x in content.advisors, f"advisors.{s}.{role}: unknown Advisor {x!r}")
        st.active[s] = list(a.get("active", []))
        st.support[s] = list(a.get("supporting", []))
    for s, v in seat_map("honor").items():
        _need(isinstance(v, int) and v >= 0, f"honor.{s}: a whole number >= 0")
        st.honor[s] = v
    for s, r in seat_map("resources").items():
        _need(isinstance(r, dict) and set(r) <= set(RESOURCES), f"resources.{s}: amounts of {RESOURCES}")
        for k, v in r.items():
            _need(isinstance(v, int) and v >= 0, f"resources.{s}.{k}: a whole number >= 0")
            st.res[s][k] = v
    used_tac = []
    for s, h in seat_map("tactics").items():
        for c in h:
            _need(c in content.tactics and c not in used_tac, f"tactics.{s}: unknown or repeated Tactic {c!r}")
            used_tac.append(c)
        st.tac[s] = list(h)
    st.tac_deck = sorted(set(content.tactics) - set(used_tac))
    st.rng.shuffle(st.tac_deck)
    cmds = list(content.commands)
    for s in players:
        st.cmd_hand[s] = list(cmds)
    if reed:
        assert content.reed_command is not None
        st.cmd_hand[reed] = [content.reed_command["id"]]
    if qin:  # his Solo Command cards: those not on the track or discarded form his deck (solo.position_qin)
        st.cmd_hand[qin] = list(content.solo_commands)
    for s, h in seat_map("commands").items():
        _need(all(c in cmds for c in h), f"commands.{s}: Command card ids of {cmds}")
        st.cmd_hand[s] = list(h)
    st.track = [None] * b["command_slots"][st.side]
    for i, x in enumerate(doc.get("track", [])):
        _need(i < len(st.track), f"track: {len(st.track)} spaces")
        if x is not None:
            _need(isinstance(x, list) and len(x) == 2 and x[0] in clans and x[1] in st.cmd_hand[x[0]],
                  f"track[{i}]: [seat, card]")
            st.track[i] = list(x)
            if x[1] in st.cmd_hand[x[0]]:
                st.cmd_hand[x[0]].remove(x[1])
    for x in doc.get("command_discard", []):
        _need(isinstance(x, list) and len(x) == 2 and (x[0] in seats or x[0] == qin) and x[1] in st.cmd_hand[x[0]],
              f"command_discard: [seat, card] of a card in that clan's hand, got {x!r}")
        st.cmd_hand[x[0]].remove(x[1])
        st.cmd_discard.append(list(x))
    # clerks
    for lid, who in doc.get("clerks", {}).items():
        _need(lid in content.loc, f"clerks: unknown location {lid!r}; locations: {list(content.loc_ids)}")
        _need(all(s in clans for s in who), f"clerks.{lid}: seats among {sorted(clans)}")
        _need(len(who) <= st.slots(lid), f"clerks.{lid}: {st.slots(lid)} spaces")
        st.at[lid] = list(who)
    if reed:  # its 3 clerks are always on the board, one at most per location; those not given: the mills first
        mills = [lid for lid in content.loc_ids if content.loc[lid]["effect"] == "production"
                 and content.loc[lid]["resource"] != "chi"]
        for lid in [*mills, *content.loc_ids]:
            if sum(v.count(reed) for v in st.at.values()) < 3 and reed not in st.at[lid] \
                    and len(st.at[lid]) < st.slots(lid):
                st.at[lid].append(reed)
        _need(sum(v.count(reed) for v in st.at.values()) == 3 and all(v.count(reed) <= 1 for v in st.at.values()),
              "clerks: the Reed Clan has 3 clerks on the board, at most one per location")
    for s in players:
        st.unhired[s] = int(seat_map("unhired").get(s, st.unhired[s]))
        placed = sum(v.count(s) for v in st.at.values())
        st.clerks[s] = int(seat_map("clerk_pool").get(s, b["clerks"]["total"] - st.unhired[s] - placed))
        _need(st.clerks[s] >= 0 and st.clerks[s] + placed + st.unhired[s] == b["clerks"]["total"],
              f"clerk_pool/unhired/clerks: {s} has {b['clerks']['total']} clerks in all")
    # soldiers
    for s, ovs in seat_map("overseers").items():
        for lid, (level, t) in ovs.items():
            _need(lid in content.loc and content.loc[lid]["effect"] == "production", f"overseers.{s}.{lid}: a "
                  "production location")
            _need(t in SOLDIERS and 1 <= level <= len(content.loc[lid]["overseer"]["income"]),
                  f"overseers.{s}.{lid}: [level, soldier type]")
            st.overseer[s][lid] = [level, SOLDIERS.index(t)]
    rest = doc.get("rest", [{}, {}, {}])
    _need(isinstance(rest, list) and len(rest) == 3, "rest: 3 sections")
    for sec in range(3):
        for s, v in rest[sec].items():
            _need(s in seats and set(v) <= set(SOLDIERS), f"rest[{sec}].{s}: soldier counts (never the Reed Clan)")
            st.rest[sec][s] = [int(v.get(t, 0)) for t in SOLDIERS]
    firing = doc.get("firing", [[], [], []])
    _need(isinstance(firing, list) and len(firing) == 3, "firing: 3 sections")
    for sec in range(3):
        _need(all(s in seats or s == qin for s in firing[sec]) and len(firing[sec]) <= b["firing_spots"],
              f"firing[{sec}]: at most {b['firing_spots']} archers")
        st.firing[sec] = list(firing[sec])
    used_horde = []
    horde = doc.get("horde", [[], [], []])
    _need(isinstance(horde, list) and len(horde) == 3, "horde: 3 sections of Horde cards, nearest the Wall first")
    for sec in range(3):
        _need(len(horde[sec]) <= 3, f"horde[{sec}]: at most 3 cards")
        for j, entry in enumerate(horde[sec]):
            f = f"horde[{sec}][{j}]"
            cid = entry.get("id")
            _need(cid in content.horde and cid not in used_horde, f"{f}.id: unknown or repeated Horde card {cid!r}")
            used_horde.append(cid)
            card = new_card(cid)
            cells = content.horde[cid]["cells"]
            for spot, val in entry.get("occ", {}).items():
                i = int(spot)
                _need(0 <= i < 12 and cells[i] is not None, f"{f}.occ.{spot}: not a Vital point of {cid}")
                if val == WOUND:
                    card["occ"][i] = WOUND
                    continue
                _need(isinstance(val, list) and len(val) in (2, 3) and val[0] in clans and val[1] in SOLDIERS
                      and (val[0] != reed or val[1] == "spearman"),
                      f"{f}.occ.{spot}: 'w' or [seat, soldier type(, number)] (the Reed Clan: spearmen only)")
                k = int(val[2]) if len(val) == 3 else 100 + i
                card["occ"][i] = [val[0], SOLDIERS.index(val[1]), k]
                card["n"] = max(card["n"], k)
            st.horde[sec].append(card)
    if reed:
        _need(all(sec in st.secs or not (horde[sec] or firing[sec] or rest[sec]) for sec in range(3)),
              "horde/firing/rest: with the Reed Clan the left section takes no part")
        st.pool[reed] = [0, 0, 0]
        st.pool[reed] = [b["soldiers"]["spearman"] - st.soldiers_total(reed)[0], 0, 0]
        _need(st.pool[reed][0] >= 0, "soldiers: the Reed Clan has 10 spearmen")
    if qin:  # his track, deck, Honor, Supporting Advisors, overseers, clerks and soldiers (solo.py)
        position_qin(st, doc)
    for s in players:
        so = [b["soldiers"][t] for t in SOLDIERS]
        st.pool[s] = [0, 0, 0]
        placed = st.soldiers_total(s)
        st.pool[s] = [so[t] - placed[t] for t in range(3)]
        _need(all(x >= 0 for x in st.pool[s]), f"soldiers: {s} places more soldiers than the clan has ({so})")
    for s, v in seat_map("shamed").items():
        st.shamed[s] = [int(v.get(t, 0)) for t in SOLDIERS]
        _need(all(0 <= st.shamed[s][t] <= st.pool[s][t] for t in range(3)),
              f"shamed.{s}: Shame tokens lie under soldiers of the pool")
    for s, cl in seat_map("claimed").items():
        for x in cl:
            _need(isinstance(x, list) and len(x) == 2 and x[0] in content.horde and x[0] not in used_horde
                  and 0 <= x[1] <= 2, f"claimed.{s}: [Horde card, Shame tokens 0-2]")
            used_horde.append(x[0])
            st.claimed[s].append(list(x))
    deck = doc.get("horde_deck")
    if deck is None:
        deck = sorted(h for h in set(content.horde) - set(used_horde)
                      if not reed or content.horde[h]["invasion"] in st.secs)  # 2 players: no left-section backs
        st.horde_discard = sorted(set(content.horde) - set(used_horde) - set(deck))
        st.rng.shuffle(deck)
    else:
        _need(all(c in content.horde and c not in used_horde for c in deck), "horde_deck: unplaced Horde cards")
        st.horde_discard = sorted(set(content.horde) - set(used_horde) - set(deck))
    st.horde_deck = list(deck)
    for key in ("wall", "barricades"):
        v = doc.get(key, [0, 0, 0])
        hi = 3 if key == "wall" else b["barricade_slots"]
        _need(isinstance(v, list) and len(v) == 3 and all(isinstance(x, int) and 0 <= x <= hi for x in v),
              f"{key}: 3 whole numbers 0-{hi}")
        _need(not reed or v[0] == 0, f"{key}: with the Reed Clan the left section takes no part (0)")
        setattr(st, key, list(v))
    wh = doc.get("warehouse", {})
    _need(isinstance(wh, dict) and set(wh) <= set(st.warehouse), "warehouse: amounts of wood, stone, gold")
    st.warehouse.update({k: int(v) for k, v in wh.items()})
    for s, v in seat_map("walls_built").items():
        st.walls_built[s] = int(v)
    total_shame = b["shame_per_player"] * st.n
    placed_shame = sum(sum(v) for v in st.shamed.values()) + sum(x[1] for v in st.claimed.values() for x in v)
    st.shame_pool = int(doc.get("shame_pool", total_shame - placed_shame))
    st.shame_box = total_shame - placed_shame - st.shame_pool
    _need(st.shame_pool >= 0 and st.shame_box >= 0, f"shame_pool: at most {total_shame - placed_shame}")
    arts = doc.get("artifacts")
    if arts is None:
        arts = sorted(content.artifacts)[:b["artifacts"]]
    _need(all(a in content.artifacts for a in arts), "artifacts: Artifact ids")
    st.artifacts = list(arts)
    used_adv = [a for s in [*players, *([qin] if qin else [])] for a in st.active[s] + st.support[s]]
    track = doc.get("advisor_track")
    rest_adv = sorted(set(content.advisors) - set(used_adv))
    if track is None:
        track = rest_adv[:b["advisor_track"]]
    _need(all(a in rest_adv for a in track), "advisor_track: Advisors nobody has")
    st.adv_track = list(track)
    st.adv_deck = [a for a in rest_adv if a not in track]
    st.rng.shuffle(st.adv_deck)
    if mode == "coop":  # no Artifacts: the Decrees lie on their spaces (coop.py, ``load_position``)
        _need("artifacts" not in doc, "artifacts: the co-op game uses none (the Decrees lie on their spaces)")
        coop_position(st, doc.get("coop", {}))
    # where play resumes
    phase = doc.get("phase", "autumn")
    _need(phase in PHASES, f"phase: one of {PHASES}")
    if phase in ("command", "activation"):
        active = doc.get("active")
        _need(active in seats or (bool(active) and active in (qin, reed)),
              "active: the clan whose Command card resolves (phase command/activation)")
        slot = next((i for i, x in enumerate(st.track) if x and x[0] == active), None)
        _need(slot is not None, "track: the active clan's Command card must be on the Command track")
        st.season = "autumn"
        st.revealed = True
        st.active_seat = active
        for x in st.track:
            if x:
                st.chosen[x[0]] = x[1]
        st.push("gw.year", stage="resolve", slot=slot + 1)
        st.push("gw.turn", seat=active, card=st.track[slot][1], stage="tactic" if phase == "command" else "activation",
                box=0)
    elif phase == "spring":
        st.year -= 1
        st.push("gw.year", stage="spring")
    else:
        st.season = phase
        st.push("gw.year", stage=phase)
    return st
