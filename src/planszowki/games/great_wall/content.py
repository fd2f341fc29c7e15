"""The Great Wall's content: the board's printed values and the cards, as data under a validated schema
(docs/great_wall_content.md).

``data/demo.json`` is the default set. Its public values are shipped exactly (recruiting costs, Barricade and Wall
costs, Shame pool size, component counts, Yang Ye's errata-corrected resources, the Liang Hongyu ability of the
rulebook's example); everything else — the other Generals, Advisors, Tactics, Horde cards, Artifacts, Command cards
and the board values the rulebook's text does not give (location slots, overseer tracks, Wall Defense values, the
Time track) — is of our own design: "demonstration content, not the printed cards". ``load_content(path)`` reads an
owner's transcription with the same shape; a malformed file raises :class:`ContentError` naming the field.
Content never changes during a game: states share one :class:`Content` object.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...engine import PlanszowkiError
from ...engine.reading import json_problem, os_problem

RESOURCES = ("wood", "stone", "gold", "chi")
BUILD = ("wood", "stone", "gold")  # "Drewno, Kamień lub Złoto" (Barricades and Walls)
SOLDIERS = ("spearman", "archer", "horseman")
EFFECTS = ("production", "barracks", "builders", "logistics", "tea_house", "embassy", "academy")
#: Command card and Tactic effects (docs/great_wall_content.md, "Effects")
EFFECT_KEYS = {"gain", "choose", "honor", "move_clerks", "distinct", "special_activation", "attack", "draw_tactics",
               "save", "require", "discard_shame", "copy", "if_played"}
REQUIRES = ("soldier_on_card", "archer_in_section")
#: effects only a clan's Command card may have: "Zdrada" copies another Command card; a box that applies only when
#: another clan played a named card this Autumn (the solo rules' example: "Despotyzm" with "Ekonomia")
COMMAND_ONLY = {"copy", "if_played"}
#: what the Reed Clan's own Command box may do: move its clerks, a Special activation, resources (to the Warehouse)
REED_EFFECTS = {"move_clerks", "distinct", "special_activation", "gain", "choose"}
#: Tactic timing windows (the rulebook: "Każda z kart Taktyki zawiera informację, kiedy możesz ją zagrać"; "Możesz
#: zagrywać karty Taktyk podczas tury dowolnego z graczy"; one card per seat per trigger, "uruchomienie efektu")
WINDOWS = ("own_turn", "any_turn", "horde_defeated", "soldiers_killed", "breach", "summer", "winter")
#: what a Tactic may do in each window (a Horde being defeated or soldiers dying is no moment to move pieces)
_GAINS = {"gain", "choose", "honor", "draw_tactics", "discard_shame"}
WINDOW_EFFECTS = {"own_turn": _GAINS | {"move_clerks", "distinct", "special_activation", "attack"},
                  "any_turn": _GAINS | {"move_clerks", "distinct"},
                  "horde_defeated": {"require", "gain", "choose", "honor", "draw_tactics"},
                  "soldiers_killed": {"save", "gain", "choose", "honor"},
                  "breach": _GAINS,
                  "summer": _GAINS,
                  "winter": _GAINS | {"attack"}}
#: General and Advisor ability triggers
TRIGGERS = ("summer", "wall_built", "barricade_built", "horde_defeated", "soldier_killed", "donation", "recruit",
            "overseer_upgraded", "advisor_hired", "claim")
SCORES = ("horde_cards", "overseer_levels", "advisors", "walls_built", "clerks")
REWARDS = (*RESOURCES, "honor", "tactic")
#: a Horde card's special ability ("Zdolność specjalna"): what it changes, and when (docs/great_wall_content.md)
HORDE_ABILITY = ("power", "if", "lethality", "shame", "immune")
POWER_IF = ("front", "alone")
COUNTS = {"generals": 13, "advisors": 44, "tactics": 20, "horde": 24, "artifacts": 5, "commands": 6}


class ContentError(PlanszowkiError, ValueError):
    """A content file that does not follow the schema; the message names the field (said in a person's language:
    ``--content FILE`` is the owner's own transcription)."""


def _need(cond: bool, field: str, key: str, /, **args: Any) -> None:
    """Refuse the content unless ``cond``: "content field '<field>': <the catalog message ``key`` with ``args``>"
    (``error_content_*`` shared with Ironwood's loader, ``error_gwc_*`` this game's own)."""
    if not cond:
        raise ContentError.told("error_content_field", field=field, problem=PlanszowkiError.told(key, **args))


def _int(x: Any, field: str, lo: int = 0, hi: int = 10_000) -> int:
    _need(isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi, field,
          "error_content_whole_number", low=lo, high=hi, value=repr(x))
    return x


def _name(x: Any, field: str) -> dict[str, str]:
    _need(isinstance(x, dict) and isinstance(x.get("pl"), str) and isinstance(x.get("en"), str), field,
          "error_content_names", shape="{'pl': ..., 'en': ...}")
    return {"pl": x["pl"], "en": x["en"]}


def _amounts(x: Any, field: str, keys: tuple[str, ...]) -> dict[str, int]:
    _need(isinstance(x, dict), field, "error_content_amounts")
    for k, v in x.items():
        _need(k in keys, f"{field}.{k}", "error_content_unknown_allowed", allowed=list(keys))
        _int(v, f"{field}.{k}", 0, 99)
    return {k: int(v) for k, v in x.items()}


def _effect_list(x: Any, field: str, qin: bool) -> list[tuple[str, dict[str, Any]]]:
    """A non-empty list of effects (each a non-empty object with keys among a clan's effect keys, or Qin's when
    ``qin``) as (its field, the effect)."""
    keys = QIN_EFFECTS if qin else EFFECT_KEYS
    if qin:  # each message key written out, so the catalogs can be checked against the code
        _need(isinstance(x, list) and x, field, "error_gwc_qin_effects")
    else:
        _need(isinstance(x, list) and x, field, "error_content_effects")
    out = []
    for i, e in enumerate(x):
        f = f"{field}[{i}]"
        _need(isinstance(e, dict) and e, f, "error_content_effect_object")
        for k in e:
            if qin:
                _need(k in keys, f"{f}.{k}", "error_gwc_qin_box", allowed=sorted(keys))
            else:
                _need(k in keys, f"{f}.{k}", "error_gwc_unknown_effect", allowed=sorted(keys))
        out.append((f, e))
    return out


def _effects(x: Any, field: str) -> tuple[dict[str, Any], ...]:
    out = []
    for f, e in _effect_list(x, field, qin=False):
        if "gain" in e:
            _amounts(e["gain"], f"{f}.gain", RESOURCES)
        if "choose" in e:  # "Drewno, Kamień lub Złoto" / "dowolny Surowiec": n resources of the kinds listed, any mix
            _choice(e["choose"], f"{f}.choose")
        for k in ("honor", "move_clerks", "special_activation", "attack", "draw_tactics", "save", "discard_shame"):
            if k in e and not (k == "attack" and e[k] == "all"):  # FAQ #11: "all" commits every rest-zone soldier
                _int(e[k], f"{f}.{k}", 0, 99)
        if "copy" in e:  # "Zdrada": the only key of its effect
            _need(e["copy"] == 1 and len(e) == 1, f"{f}.copy", "error_gwc_copy")
        if "if_played" in e:
            _need(isinstance(e["if_played"], str) and len(e) == 1, f"{f}.if_played", "error_gwc_if_played")
        if "distinct" in e:
            _need(isinstance(e["distinct"], bool) and "move_clerks" in e, f"{f}.distinct", "error_gwc_distinct")
        if "require" in e:
            _need(isinstance(e["require"], list) and all(r in REQUIRES for r in e["require"]), f"{f}.require",
                  "error_content_list_of", allowed=list(REQUIRES))
        out.append(dict(e))
    return tuple(out)


def _choice(c: Any, field: str) -> dict[str, Any]:
    """n resources of the kinds listed, in any mix, the player's choice."""
    _need(isinstance(c, dict) and set(c) == {"n", "of"}, field, "error_gwc_choice", shape="{'n': n, 'of': [...]}")
    _int(c["n"], f"{field}.n", 1, 99)
    _need(isinstance(c["of"], list) and len(c["of"]) >= 2 and len(set(c["of"])) == len(c["of"])
          and all(r in RESOURCES for r in c["of"]), f"{field}.of", "error_gwc_choice_of", allowed=list(RESOURCES))
    return {"n": c["n"], "of": list(c["of"])}


def _reward(x: Any, field: str) -> dict[str, Any]:
    """A Vital point's printed reward: fixed amounts, and "choose" for one with a choice ("dowolny Surowiec")."""
    _need(isinstance(x, dict), field, "error_content_amounts")
    out: dict[str, Any] = _amounts({k: v for k, v in x.items() if k != "choose"}, field, REWARDS)
    if "choose" in x:
        out["choose"] = _choice(x["choose"], f"{field}.choose")
    return out


def _horde_ability(x: Any, field: str) -> dict[str, Any]:
    _need(isinstance(x, dict) and x, field, "error_content_object_of", allowed=list(HORDE_ABILITY))
    for k in x:
        _need(k in HORDE_ABILITY, f"{field}.{k}", "error_content_unknown_allowed", allowed=list(HORDE_ABILITY))
    for k in ("power", "lethality", "shame"):
        if k in x:
            _int(x[k], f"{field}.{k}", 1, 9)
    if "if" in x:
        _need(x["if"] in POWER_IF and "power" in x, f"{field}.if", "error_gwc_power_if", allowed=list(POWER_IF))
    if "immune" in x:
        im = x["immune"]
        _need(isinstance(im, list) and im and len(set(im)) == len(im) and all(t in SOLDIERS for t in im)
              and len(im) < len(SOLDIERS), f"{field}.immune", "error_gwc_immune", allowed=list(SOLDIERS))
    return dict(x)


def _ability(x: Any, field: str) -> dict[str, Any]:
    _need(isinstance(x, dict) and x.get("on") in TRIGGERS, f"{field}.on", "error_content_one_of",
          allowed=list(TRIGGERS))
    for k in x:
        _need(k in ("on", "honor", "gain"), f"{field}.{k}", "error_content_unknown_allowed",
              allowed=["on", "honor", "gain"])
    if "honor" in x:
        _int(x["honor"], f"{field}.honor", 0, 99)
    if "gain" in x:
        _amounts(x["gain"], f"{field}.gain", RESOURCES)
    return dict(x)


class Content:
    """A validated content set. Attributes are plain dicts/lists shared by every state that uses them."""

    def __init__(self, doc: dict[str, Any]) -> None:
        _need(isinstance(doc, dict), "<root>", "error_content_json_object")
        self.name = str(doc.get("name", "custom"))
        self.demo = bool(doc.get("demo", False))
        self.label = _name(doc.get("label", {"pl": "", "en": ""}), "label")
        b = doc.get("board")
        _need(isinstance(b, dict), "board", "error_content_missing")
        self.board = self._board(b)
        self.generals = self._cards(doc, "generals", self._general)
        self.advisors = self._cards(doc, "advisors", self._advisor)
        self.tactics = self._cards(doc, "tactics", self._tactic)
        self.horde = self._cards(doc, "horde", self._horde)
        self.artifacts = self._cards(doc, "artifacts", self._artifact)
        cmds = doc.get("commands")
        _need(isinstance(cmds, list) and len(cmds) == COUNTS["commands"], "commands", "error_gwc_commands",
              n=COUNTS["commands"])
        self.commands: dict[str, dict[str, Any]] = {}
        for i, c in enumerate(cmds):
            f = f"commands[{i}]"
            _need(isinstance(c, dict) and isinstance(c.get("id"), str) and c["id"] not in self.commands,
                  f"{f}.id", "error_content_unique_string")
            self.commands[c["id"]] = self._command(c, f)
        for cid, c in self.commands.items():
            for j, box in enumerate(c["boxes"]):
                for e in box["effects"]:
                    if "copy" in e:
                        _need(box["who"] == "owner", f"commands.{cid}.boxes[{j}].effects", "error_gwc_copy_owner")
                    if "if_played" in e:
                        _need(e["if_played"] in self.commands and e["if_played"] != cid,
                              f"commands.{cid}.boxes[{j}].effects", "error_gwc_if_played_other")
        # the Reed Clan's single Command card ("Tryb dla 2 graczy"); optional: without it 2 players are refused
        rc = doc.get("reed_command")
        self.reed_command: dict[str, Any] | None = None
        if rc is not None:
            _need(isinstance(rc, dict) and isinstance(rc.get("id"), str) and rc["id"] not in self.commands,
                  "reed_command.id", "error_gwc_reed_id")
            self.reed_command = {"id": rc["id"], **self._command(rc, "reed_command")}
            for j, box in enumerate(self.reed_command["boxes"]):
                for e in box["effects"]:
                    _need(not COMMAND_ONLY & set(e), f"reed_command.boxes[{j}].effects", "error_gwc_reed_no_copy")
                    if box["who"] != "owner":
                        continue
                    bad = set(e) - REED_EFFECTS
                    _need(not bad, f"reed_command.boxes[{j}].effects", "error_gwc_reed_own_box",
                          allowed=sorted(REED_EFFECTS))
        self.loc_ids = tuple(loc["id"] for loc in self.board["locations"])
        # "Tryb solo": Qin Jiushao's General card and his 6 Solo Command cards; optional (without them solo is refused)
        self.solo_general, self.solo_commands = solo_content(doc, self)
        self.loc = {loc["id"]: loc for loc in self.board["locations"]}
        # "Tryb kooperacji": the co-op Horde, Generals, Tactics, Events and Decrees; optional (without them co-op is
        # refused)
        self.coop = parse_coop(doc, self)

    def command(self, cid: str) -> dict[str, Any]:
        """A clan's Command card, or the Reed Clan's."""
        if cid in self.solo_commands:  # Qin Jiushao's ("Tryb solo")
            return self.solo_commands[cid]
        if self.reed_command is not None and cid == self.reed_command["id"]:
            return self.reed_command
        return self.commands[cid]

    # -- parts ------------------------------------------------------------------------------------------------
    @staticmethod
    def _command(c: dict[str, Any], f: str) -> dict[str, Any]:
        boxes = c.get("boxes")
        _need(isinstance(boxes, list) and boxes, f"{f}.boxes", "error_content_non_empty_list")
        bx = []
        for j, box in enumerate(boxes):
            _need(isinstance(box, dict) and box.get("who") in ("owner", "others"), f"{f}.boxes[{j}].who",
                  "error_gwc_who")
            eff = _effects(box.get("effects"), f"{f}.boxes[{j}].effects")
            for e in eff:
                _need(not {"save", "require"} & set(e), f"{f}.boxes[{j}].effects", "error_gwc_tactic_only")
            bx.append({"who": box["who"], "effects": eff})
        out = {"name": _name(c.get("name"), f"{f}.name"), "boxes": tuple(bx)}
        # "Karta Rozkazu „Zdrada” zostaje na stałe w stosie odrzuconych i nie może zostać odzyskana"
        sd = c.get("stays_discarded", False)
        _need(isinstance(sd, bool), f"{f}.stays_discarded", "error_content_true_false")
        if sd:
            out["stays_discarded"] = True
        return out

    @staticmethod
    def _cards(doc: dict[str, Any], key: str, fn: Any) -> dict[str, dict[str, Any]]:
        x = doc.get(key)
        _need(isinstance(x, dict), key, "error_gwc_cards_object")
        _need(len(x) == COUNTS[key], key, "error_gwc_card_count", n=COUNTS[key], got=len(x))
        return {cid: fn(c, f"{key}.{cid}") for cid, c in x.items()}

    @staticmethod
    def _board(b: dict[str, Any]) -> dict[str, Any]:
        out = dict(b)
        _need(b.get("sections") == 3, "board.sections", "error_gwc_sections")
        _int(b.get("barricade_slots"), "board.barricade_slots", 1, 9)
        _int(b.get("firing_spots"), "board.firing_spots", 1, 9)
        wd = b.get("wall_defense")
        _need(isinstance(wd, list) and len(wd) == 4, "board.wall_defense", "error_gwc_wall_defense")
        for i, v in enumerate(wd):
            _int(v, f"board.wall_defense[{i}]", 0, 99)
        wc = b.get("wall_cost")
        _need(isinstance(wc, list) and len(wc) == 3, "board.wall_cost", "error_gwc_wall_cost")
        for i, v in enumerate(wc):
            _int(v, f"board.wall_cost[{i}]", 1, 99)
        for key in ("max_walls", "command_slots"):
            _need(isinstance(b.get(key), dict) and {"3", "4"} <= set(b[key]), f"board.{key}", "error_gwc_player_counts")
        tt = b.get("time_track")
        _need(isinstance(tt, dict), "board.time_track", "error_content_missing")
        leth = tt.get("lethality")
        _need(isinstance(leth, list) and len(leth) >= 2, "board.time_track.lethality", "error_gwc_per_slot")
        for i, v in enumerate(leth):
            _int(v, f"board.time_track.lethality[{i}]", 0, 9)
        for key in ("start", "spring_hordes"):
            _need(isinstance(tt.get(key), dict) and {"3", "4"} <= set(tt[key]), f"board.time_track.{key}",
                  "error_gwc_player_counts")
        for p in ("3", "4"):
            _int(tt["start"][p], f"board.time_track.start.{p}", 0, len(leth) - 2)
            sh = tt["spring_hordes"][p]  # "Wiosna 2": the number printed above the Time token's slot
            if isinstance(sh, list):
                _need(len(sh) == len(leth), f"board.time_track.spring_hordes.{p}", "error_gwc_per_slot")
                for i, v in enumerate(sh):
                    _int(v, f"board.time_track.spring_hordes.{p}[{i}]", 0, 9)
            else:
                _int(sh, f"board.time_track.spring_hordes.{p}", 0, 9)
        _int(b.get("advisor_track"), "board.advisor_track", 2, 9)
        _int(b.get("artifacts"), "board.artifacts", 0, 5)
        rc = b.get("recruit_costs")
        _need(isinstance(rc, dict) and set(rc) == set(SOLDIERS), "board.recruit_costs", "error_gwc_keys",
              keys=list(SOLDIERS))
        for s in SOLDIERS:
            _amounts(rc[s], f"board.recruit_costs.{s}", RESOURCES)
        so = b.get("soldiers")
        _need(isinstance(so, dict) and set(so) == set(SOLDIERS), "board.soldiers", "error_gwc_keys",
              keys=list(SOLDIERS))
        for s in SOLDIERS:
            _int(so[s], f"board.soldiers.{s}", 1, 20)
        cl = b.get("clerks")
        _need(isinstance(cl, dict), "board.clerks", "error_gwc_clerks", shape="{'start': 3, 'total': 8}")
        _int(cl.get("start"), "board.clerks.start", 1, 20)
        _int(cl.get("total"), "board.clerks.total", cl["start"], 20)
        _int(b.get("shame_per_player"), "board.shame_per_player", 1, 30)
        _int(b.get("tactic_hand_limit"), "board.tactic_hand_limit", 1, 20)
        locs = b.get("locations")
        _need(isinstance(locs, list) and len(locs) == 10, "board.locations", "error_gwc_locations")
        seen = set()
        for i, loc in enumerate(locs):
            f = f"board.locations[{i}]"
            _need(isinstance(loc, dict) and isinstance(loc.get("id"), str) and loc["id"] not in seen, f"{f}.id",
                  "error_content_unique_string")
            seen.add(loc["id"])
            _name(loc.get("name"), f"{f}.name")
            _need(loc.get("kind") in ("normal", "special"), f"{f}.kind", "error_gwc_location_kind")
            _need(loc.get("effect") in EFFECTS, f"{f}.effect", "error_content_one_of", allowed=list(EFFECTS))
            _need(isinstance(loc.get("shame"), bool), f"{f}.shame", "error_gwc_shame_icon")
            if loc["kind"] == "normal":
                sl = loc.get("slots")
                _need(isinstance(sl, dict) and {"3", "4"} <= set(sl), f"{f}.slots", "error_gwc_player_counts")
                for p in ("3", "4"):
                    _int(sl[p], f"{f}.slots.{p}", 1, 9)
            if loc["effect"] == "production":
                _need(loc.get("resource") in RESOURCES, f"{f}.resource", "error_content_one_of",
                      allowed=list(RESOURCES))
                ov = loc.get("overseer")
                _need(isinstance(ov, dict), f"{f}.overseer", "error_gwc_overseer",
                      shape="{'income': [...], 'costs': [[resource, n], ...]}")
                inc, costs = ov.get("income"), ov.get("costs")
                _need(isinstance(inc, list) and isinstance(costs, list) and len(inc) == len(costs) >= 1,
                      f"{f}.overseer", "error_gwc_overseer_levels")
                for j, c in enumerate(costs):
                    _need(isinstance(c, list) and len(c) == 2 and c[0] in RESOURCES, f"{f}.overseer.costs[{j}]",
                          "error_gwc_overseer_cost")
                    _int(c[1], f"{f}.overseer.costs[{j}][1]", 0, 99)
                for j, v in enumerate(inc):
                    _int(v, f"{f}.overseer.income[{j}]", 0, 99)
        effects = sorted(loc["effect"] for loc in locs)
        _need(all(e in effects for e in EFFECTS) and effects.count("production") == 4, "board.locations",
              "error_gwc_location_effects", effects=[e for e in EFFECTS if e != "production"])
        return out

    @staticmethod
    def _general(c: Any, f: str) -> dict[str, Any]:
        _need(isinstance(c, dict), f, "error_content_object")
        res = _amounts(c.get("resources"), f"{f}.resources", RESOURCES)
        return {"name": _name(c.get("name"), f"{f}.name"), "resources": {r: res.get(r, 0) for r in RESOURCES},
                "tactics": _int(c.get("tactics"), f"{f}.tactics", 0, 5), "tea": _int(c.get("tea"), f"{f}.tea", 0, 999),
                "ability": _ability(c.get("ability"), f"{f}.ability")}

    @staticmethod
    def _advisor(c: Any, f: str) -> dict[str, Any]:
        _need(isinstance(c, dict), f, "error_content_object")
        _need(c.get("support_icon", True) is True, f"{f}.support_icon", "error_gwc_support_icon")
        return {"name": _name(c.get("name"), f"{f}.name"), "ability": _ability(c.get("ability"), f"{f}.ability")}

    @staticmethod
    def _tactic(c: Any, f: str) -> dict[str, Any]:
        _need(isinstance(c, dict), f, "error_content_object")
        _need(c.get("window") in WINDOWS, f"{f}.window", "error_gwc_window", allowed=list(WINDOWS))
        bo = c.get("boosted")
        _need(isinstance(bo, dict), f"{f}.boosted", "error_gwc_boosted", shape="{'cost': {'chi': n}, 'effect': [...]}")
        out = {"name": _name(c.get("name"), f"{f}.name"), "window": c["window"],
               "effect": _effects(c.get("effect"), f"{f}.effect"),
               "boosted": {"cost": _amounts(bo.get("cost"), f"{f}.boosted.cost", RESOURCES),
                           "effect": _effects(bo.get("effect"), f"{f}.boosted.effect")}}
        allowed = WINDOW_EFFECTS[c["window"]]
        for key, eff in (("effect", out["effect"]), ("boosted.effect", out["boosted"]["effect"])):
            for e in eff:
                _need(not COMMAND_ONLY & set(e), f"{f}.{key}", "error_gwc_command_only")
                bad = set(e) - allowed
                _need(not bad, f"{f}.{key}", "error_gwc_window_effects", effects=sorted(bad), window=c["window"],
                      allowed=sorted(allowed))
        return out

    @staticmethod
    def _horde(c: Any, f: str) -> dict[str, Any]:
        _need(isinstance(c, dict), f, "error_content_object")
        for k in c:
            _need(k in ("name", "power", "invasion", "reward", "grid", "ability"), f"{f}.{k}",
                  "error_content_unknown_allowed", allowed=["name", "power", "invasion", "reward", "grid", "ability"])
        grid = c.get("grid")
        _need(isinstance(grid, list) and len(grid) == 2 and all(isinstance(r, list) and len(r) == 6 for r in grid),
              f"{f}.grid", "error_gwc_grid")
        cells: list[dict[str, int] | None] = []
        for r in range(2):
            for col in range(6):
                cell = grid[r][col]
                cells.append(None if cell is None else _reward(cell, f"{f}.grid[{r}][{col}]"))
        _need(any(x is not None for x in cells), f"{f}.grid", "error_gwc_vital_point")
        out = {"name": _name(c.get("name"), f"{f}.name"), "power": _int(c.get("power"), f"{f}.power", 0, 99),
               "invasion": _int(c.get("invasion"), f"{f}.invasion", 0, 2),
               "reward": _int(c.get("reward"), f"{f}.reward", 0, 99), "cells": tuple(cells)}
        if "ability" in c:  # "Zdolność specjalna"
            out["ability"] = _horde_ability(c["ability"], f"{f}.ability")
        return out

    @staticmethod
    def _artifact(c: Any, f: str) -> dict[str, Any]:
        _need(isinstance(c, dict), f, "error_content_object")
        sc = c.get("score")
        _need(isinstance(sc, dict) and sc.get("per") in SCORES, f"{f}.score.per", "error_content_one_of",
              allowed=list(SCORES))
        return {"name": _name(c.get("name"), f"{f}.name"),
                "score": {"per": sc["per"], "honor": _int(sc.get("honor"), f"{f}.score.honor", 0, 99)}}


# -- the solo mode's cards ("Karta Generała Qin Jiushao", "Karty Rozkazów Qin Jiushao"; solo.py plays them) --
#: what Qin's own box of a Solo Command card may do (his procedures; he never uses resources)
QIN_EFFECTS = {"move_clerks", "distinct", "special_activation", "recruit", "attack", "build_wall", "honor"}


def solo_content(doc: dict[str, Any], content: Any) -> tuple[dict[str, Any] | None, dict[str, dict[str, Any]]]:
    """``solo_general`` {id, name, ability} and the 6 ``solo_commands`` [{id, name, standard, boxes}]: optional
    together (without them the solo mode is refused). Qin's own boxes use ``QIN_EFFECTS``; the "others" boxes the
    standard effect vocabulary; ``standard`` names the clans' Command card with the same name (the one "Zdrada"
    copies: "korzystając z efektów standardowej karty graczy o tej samej nazwie")."""
    g, cmds = doc.get("solo_general"), doc.get("solo_commands")
    if g is None and cmds is None:
        return None, {}
    _need(isinstance(g, dict) and isinstance(g.get("id"), str), "solo_general.id", "error_gwc_solo_general_id")
    _need(g["id"] not in content.generals, "solo_general.id", "error_gwc_solo_general_unique")
    general = {"id": g["id"], "name": _name(g.get("name"), "solo_general.name"),
               "ability": _ability(g.get("ability"), "solo_general.ability")}
    _need(isinstance(cmds, list) and len(cmds) == 6, "solo_commands", "error_gwc_solo_commands")
    out: dict[str, dict[str, Any]] = {}
    taken = set(content.commands) | ({content.reed_command["id"]} if content.reed_command else set())
    for i, c in enumerate(cmds):
        f = f"solo_commands[{i}]"
        _need(isinstance(c, dict) and isinstance(c.get("id"), str) and c["id"] not in out and c["id"] not in taken,
              f"{f}.id", "error_gwc_solo_command_id")
        _need(c.get("standard") in content.commands, f"{f}.standard", "error_gwc_solo_standard")
        boxes = c.get("boxes")
        _need(isinstance(boxes, list) and boxes, f"{f}.boxes", "error_content_non_empty_list")
        bx = []
        for j, box in enumerate(boxes):
            fb = f"{f}.boxes[{j}]"
            _need(isinstance(box, dict) and box.get("who") in ("owner", "others"), f"{fb}.who", "error_gwc_who")
            if box["who"] == "owner":
                eff = _qin_effects(box.get("effects"), f"{fb}.effects")
            else:
                eff = _effects(box.get("effects"), f"{fb}.effects")
                for e in eff:
                    _need(not {"save", "require", "copy", "if_played"} & set(e), f"{fb}.effects",
                          "error_gwc_solo_others_box")
            bx.append({"who": box["who"], "effects": eff})
        out[c["id"]] = {"name": _name(c.get("name"), f"{f}.name"), "standard": c["standard"], "boxes": tuple(bx)}
    return general, out


def _qin_effects(x: Any, field: str) -> tuple[dict[str, Any], ...]:
    out = []
    for f, e in _effect_list(x, field, qin=True):
        for k in ("move_clerks", "special_activation", "attack", "build_wall", "honor"):
            if k in e:
                _int(e[k], f"{f}.{k}", 0, 99)
        if "distinct" in e:
            _need(isinstance(e["distinct"], bool) and "move_clerks" in e, f"{f}.distinct", "error_gwc_distinct")
        if "recruit" in e:  # "Zrekrutowany Włócznik / Łucznik": free, placed by his rules (no horsemen: overseers)
            r = e["recruit"]
            _need(isinstance(r, dict) and r and set(r) <= {"spearman", "archer"}, f"{f}.recruit",
                  "error_gwc_qin_recruit", shape="{'spearman': n, 'archer': n}")
            for k, v in r.items():
                _int(v, f"{f}.recruit.{k}", 1, 9)
        out.append(dict(e))
    return tuple(out)


# -- the co-op mode's cards ("Tryb kooperacji"; coop.py plays them) -------------------------------------------------
#: the co-op cards of a content set and how many the core box holds (component_counts.json)
COOP_COUNTS = {"horde": 24, "generals": 8, "tactics": 12, "events": 12, "requests": 12}

# -- the co-op cards' vocabulary (docs/great_wall_content.md, "Co-op cards") -------------------------------------
#: what a Decree may ask every player to sacrifice ("Poświęcenie"): resources, Honor, soldiers, clerks
SACRIFICE = (*RESOURCES, "honor", *SOLDIERS, "clerk")
#: a Decree's conditions: achievements of this Year (defeated, walls, barricades) and the board now (firing, rest)
NEEDS = ("defeated", "walls", "barricades", "firing", "rest")
#: the per-Year counters behind the first three
YEAR_COUNTS = ("defeated", "walls", "barricades")
#: an Event's immediate effect for every player: the Command card vocabulary below, plus "lose" and "shame"
EVENT_EFFECTS = {"gain", "choose", "honor", "draw_tactics", "move_clerks", "distinct", "attack"}
EVENT_EXTRA = {"lose", "shame"}
#: an Event's passive effects (until the end of the game)
COOP_PASSIVE = ("spring_hordes", "lethality", "defense", "shame_honor", "summer")


def _coop_event(c: Any, f: str) -> dict[str, Any]:
    _need(isinstance(c, dict), f, "error_content_object")
    for k in c:
        _need(k in ("name", "each", "horde", "passive"), f"{f}.{k}", "error_content_unknown_allowed",
              allowed=["name", "each", "horde", "passive"])
    out: dict[str, Any] = {"name": _name(c.get("name"), f"{f}.name"), "each": (), "horde": 0, "passive": {}}
    _need(any(k in c for k in ("each", "horde", "passive")), f, "error_gwc_event_needs")
    if "each" in c:
        _need(isinstance(c["each"], list) and c["each"], f"{f}.each", "error_content_effects")
        each = []
        for i, e in enumerate(c["each"]):
            fe = f"{f}.each[{i}]"
            _need(isinstance(e, dict) and e, fe, "error_content_effect_object")
            for k in e:
                _need(k in EVENT_EFFECTS | EVENT_EXTRA, f"{fe}.{k}", "error_gwc_unknown_event_effect",
                      allowed=sorted(EVENT_EFFECTS | EVENT_EXTRA))
            std = {k: v for k, v in e.items() if k in EVENT_EFFECTS}
            if std:
                _effects([std], fe)  # the standard vocabulary's own checks
            out_e = dict(e)
            if "lose" in e:
                _need(isinstance(e["lose"], dict) and e["lose"], f"{fe}.lose", "error_gwc_resource_amounts")
                for k, v in e["lose"].items():
                    _need(k in RESOURCES, f"{fe}.lose.{k}", "error_content_one_of", allowed=list(RESOURCES))
                    _int(v, f"{fe}.lose.{k}", 1, 99)
            if "shame" in e:
                _int(e["shame"], f"{fe}.shame", 1, 9)
            each.append(out_e)
        out["each"] = tuple(each)
    if "horde" in c:
        out["horde"] = _int(c["horde"], f"{f}.horde", 1, 9)
    if "passive" in c:
        p = c["passive"]
        _need(isinstance(p, dict) and p, f"{f}.passive", "error_content_object_of", allowed=list(COOP_PASSIVE))
        for k, v in p.items():
            _need(k in COOP_PASSIVE, f"{f}.passive.{k}", "error_content_unknown_allowed", allowed=list(COOP_PASSIVE))
            if k == "summer":
                _need(isinstance(v, dict) and v, f"{f}.passive.summer", "error_gwc_summer_amounts")
                for r, n in v.items():
                    _need(r in RESOURCES, f"{f}.passive.summer.{r}", "error_content_one_of", allowed=list(RESOURCES))
                    _int(n, f"{f}.passive.summer.{r}", 1, 9)
            elif k == "defense":
                _need(isinstance(v, int) and not isinstance(v, bool) and -9 <= v <= 9 and v, f"{f}.passive.defense",
                      "error_gwc_passive_defense")
            else:
                _int(v, f"{f}.passive.{k}", 1, 9)
        out["passive"] = dict(p)
    return out


def _coop_request(c: Any, f: str) -> dict[str, Any]:
    _need(isinstance(c, dict), f, "error_content_object")
    for k in c:
        _need(k in ("name", "sacrifice", "need", "two_players"), f"{f}.{k}", "error_content_unknown_allowed",
              allowed=["name", "sacrifice", "need", "two_players"])
    sac, need = c.get("sacrifice", {}), c.get("need", {})
    for key, vals, allowed in (("sacrifice", sac, SACRIFICE), ("need", need, NEEDS)):
        _need(isinstance(vals, dict), f"{f}.{key}", "error_gwc_amounts_of", allowed=list(allowed))
        for k, v in vals.items():
            _need(k in allowed, f"{f}.{key}.{k}", "error_content_unknown_allowed", allowed=list(allowed))
            _int(v, f"{f}.{key}.{k}", 1, 99)
    _need(bool(sac) or bool(need), f, "error_gwc_decree_needs")
    tp = c.get("two_players", True)
    _need(isinstance(tp, bool), f"{f}.two_players", "error_gwc_two_players")
    return {"name": _name(c.get("name"), f"{f}.name"), "sacrifice": dict(sac), "need": dict(need),
            "two_players": tp}


def parse_coop(doc: dict[str, Any], content: Content) -> dict[str, Any] | None:
    """The content's ``coop`` section (optional; without it the co-operative mode is refused)."""
    x = doc.get("coop")
    if x is None:
        return None
    _need(isinstance(x, dict), "coop", "error_content_object_of", allowed=list(COOP_COUNTS))
    for k in x:
        _need(k in COOP_COUNTS, f"coop.{k}", "error_content_unknown_allowed", allowed=list(COOP_COUNTS))
    parsers = {"horde": Content._horde, "generals": Content._general, "tactics": Content._tactic,
               "events": _coop_event, "requests": _coop_request}
    taken = {"generals": content.generals, "tactics": content.tactics}
    out: dict[str, Any] = {}
    for key, n in COOP_COUNTS.items():
        cards = x.get(key)
        _need(isinstance(cards, dict), f"coop.{key}", "error_gwc_cards_object")
        _need(len(cards) == n, f"coop.{key}", "error_gwc_card_count", n=n, got=len(cards))
        for cid in cards:
            _need(cid not in taken.get(key, {}), f"coop.{key}.{cid}", "error_gwc_coop_id")
        out[key] = {cid: parsers[key](c, f"coop.{key}.{cid}") for cid, c in cards.items()}
    return out


def content_from_doc(doc: dict[str, Any]) -> Content:
    return Content(doc)


@cache
def _demo_doc_text() -> str:
    return resources.files(__package__).joinpath("data/demo.json").read_text(encoding="utf-8")


def demo_doc() -> dict[str, Any]:
    return json.loads(_demo_doc_text())


@cache
def _load_named(name: str) -> Content:
    if name in ("demo", ""):
        return Content(demo_doc())
    p = Path(name)
    try:
        doc = json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContentError.told("error_content_unreadable", path=name, problem=os_problem(exc)) from None
    except UnicodeDecodeError:
        raise ContentError.told("error_content_not_utf8", path=name) from None
    except json.JSONDecodeError as exc:
        raise ContentError.told("error_content_not_json", path=name, line=exc.lineno, column=exc.colno,
                                problem=json_problem(exc)) from None
    try:
        return Content(doc)
    except ContentError as exc:  # the file named, as Ironwood's loader does
        raise ContentError.told("error_in_file", path=name, problem=exc) from None


def load_content(spec: Any = None) -> Content:
    """``None``/"demo": the demonstration set; a path: a transcription file; a dict: an inline document."""
    if spec is None:
        return _load_named("demo")
    if isinstance(spec, dict):
        return Content(spec)
    if isinstance(spec, str):
        return _load_named(spec)
    raise ContentError.told("error_gwc_spec", kind=type(spec).__name__)
