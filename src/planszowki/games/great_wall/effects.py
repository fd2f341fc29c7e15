"""Shared rules every phase uses: effects of Command and Tactic cards, moving clerks, attacking the Horde,
paying in a mix of resources, Shame tokens, Tactic windows and the hand limit.

Steps are small frames on the flow stack (engine/flow.py). Option ids are short and stable, e.g.
``clerk pool->barracks``, ``spearman H05@3``, ``horseman H05@3+4``, ``archer S1 wound H05@7``, ``rest S2``,
``shame under spearman``, ``shame on H05``, ``play T03``, ``play T03 boosted``, ``pay wood x2``, ``pass``, ``done``.
"""

from __future__ import annotations

from typing import Any

from ...engine import Option, Step
from .content import BUILD, SOLDIERS
from .sections import cite
from .state import AR, HO, SP, WOUND, GreatWallState

Fr = dict[str, Any]
SEC = ("S0", "S1", "S2")


def for_clan(self: Step, st: GreatWallState, fr: Fr) -> str:
    """The deciding seat of a step done for a clan: the clan itself, or for the Reed Clan its Wódz ("Tryb dla 2
    graczy": the Active player controls and resolves the Reed Clan's actions and effects)."""
    return st.decider(fr["seat"])


# -- effects of Command and Tactic cards ------------------------------------------------------------------------
def run_effects(st: GreatWallState, seat: str, effects: Any, rule: str, ctx: Fr | None = None) -> None:
    """Push a runner for a list of effects (resolved top to bottom; every action optional). Qin Jiushao's ("Tryb
    solo") are his procedures (solo.py)."""
    if seat == st.qin and seat:
        st.hooks.qin_effects(st, effects, rule)
        return
    st.push("gw.fx", seat=seat, effects=[dict(e) for e in effects], i=0, rule=rule, ctx=dict(ctx or {}))


def requirement_met(st: GreatWallState, seat: str, req: list[str], ctx: Fr) -> bool:
    card = _card_at(st, ctx)
    for r in req:
        if r == "soldier_on_card" and (card is None or not st.on_card(card, seat)):
            return False
        if r == "archer_in_section" and seat not in st.firing[ctx.get("sec", 0)]:
            return False
    return True


def _card_at(st: GreatWallState, ctx: Fr) -> dict[str, Any] | None:
    sec, row = ctx.get("sec"), ctx.get("row")
    if sec is None or row is None or row >= len(st.horde[sec]):
        return None
    return st.horde[sec][row]


def played(st: GreatWallState, seat: str, cid: str) -> bool:
    """Another clan's Command card of that name is on the Command track this Autumn (a card's condition: the solo
    rules' example "Qin Jiushao zagrał kartę „Ekonomia”, a gracz kartę „Despotyzm”"; the Reed Clan's card and Qin's
    carry names of their own)."""
    name = st.content.command(cid)["name"]["en"]
    for x in st.track:
        if x is None or x[0] == seat:
            continue
        if x[1] == cid:
            return True
        try:
            if st.content.command(x[1])["name"]["en"] == name:
                return True
        except KeyError:
            continue
    return False


def copyable(st: GreatWallState, seat: str) -> list[str]:
    """The Command cards "Zdrada" (Betrayal) may copy: the other clans' cards on the Command track this Autumn (all
    revealed together), never the Reed Clan's (FAQ #35: "Karta Rozkazu „Zdrada” nie może zostać użyta do skopiowania
    efektów karty Rozkazu Klanu Trzciny") nor a card that itself copies (ruling: a copy of a copy copies nothing)."""
    out: list[str] = []
    for x in st.track:
        if x is None or x[0] in (seat, st.reed):
            continue
        cid = x[1]
        card = st.content.command(cid)
        # a card that names the clans' card it stands for is copied as that card (the solo rules: "korzystając
        # z efektów standardowej karty graczy o tej samej nazwie"; FAQ #35)
        if card.get("standard") in st.content.commands:
            cid = card["standard"]
            card = st.content.commands[cid]
        if cid not in out and not any("copy" in e for b in card["boxes"] for e in b["effects"]):
            out.append(cid)
    return out


class Effects(Step):
    kind = "gw.fx"
    auto = True

    def run(self, st: GreatWallState, fr: Fr) -> None:
        if fr["i"] >= len(fr["effects"]):
            st.pop(fr)
            return
        e = fr["effects"][fr["i"]]
        fr["i"] += 1
        seat, rule = fr["seat"], fr["rule"]
        if "require" in e and not requirement_met(st, seat, e["require"], fr["ctx"]):
            st.emit("gw.requirement_failed", rule, seat=seat)
            fr["i"] = len(fr["effects"])
            return
        if "if_played" in e and not played(st, seat, e["if_played"]):
            st.emit("gw.requirement_failed", rule, seat=seat)
            fr["i"] = len(fr["effects"])
            return
        if "copy" in e:  # "Zdrada": copy another card, or resolve the rest of this one
            if copyable(st, seat):
                st.push("gw.copy", seat=seat)
            return
        gain = dict(e.get("gain", {}))
        if e.get("honor"):
            gain["honor"] = e["honor"]
        if gain:
            st.gain(seat, gain, rule)
        if e.get("draw_tactics"):
            st.draw_tactics(seat, e["draw_tactics"], rule)
        if e.get("save"):
            st.saves[seat] += e["save"]
        if e.get("discard_shame") and discard_shame_options(st, seat, rule):  # "Odrzuć żeton Hańby": to the pool
            st.push("gw.discard_shame", seat=seat, n=e["discard_shame"], rule=rule)
        # decisions last: pushed frames run before the next effect (pushed in reverse: the first runs first)
        if e.get("choose"):
            st.push("gw.choose_gain", seat=seat, n=e["choose"]["n"], of=list(e["choose"]["of"]), rule=rule)
        if e.get("attack") and seat != st.reed:  # the Reed Clan has no soldier in a rest zone or on a firing spot
            if e["attack"] != "all" or rest_attacks(st, seat, cite("attack.outside")):
                st.push("gw.attack", seat=seat, n=e["attack"])
        if e.get("special_activation"):
            st.push("gw.special", seat=seat)
        if e.get("move_clerks"):
            st.push("gw.clerks", seat=seat, n=e["move_clerks"], distinct=bool(e.get("distinct")), dests=[])


class ChooseGain(Step):
    """A card's gain with a choice ("Drewno, Kamień lub Złoto", "dowolny Surowiec"): take up to n resources of the
    kinds listed, in any mix, a kind and an amount at a time; like every card action it is optional (``done``)."""

    kind = "gw.choose_gain"
    player = for_clan

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        out = [Option(f"take {k} x{m}", "take", {"res": k, "n": m}, fr["rule"])
               for k in fr["of"] for m in range(1, fr["n"] + 1)]
        out.append(Option("done", "done", {}, fr["rule"]))
        return out

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        st.gain(fr["seat"], {opt.args["res"]: opt.args["n"]}, fr["rule"])  # taken from the pool at the table
        fr["n"] -= opt.args["n"]
        if fr["n"] <= 0:
            st.pop(fr)


class Copy(Step):
    """"Zdrada" (Betrayal): copy all the effects of another clan's Command card on the Command track this Autumn —
    its boxes are resolved instead of the rest of this card (the owner's by you, its "Pozostali gracze" box by every
    other clan in Tea order) — or ``skip`` and resolve the rest of this card (the errata's other effect)."""

    kind = "gw.copy"
    rule = cite("commands.betrayal")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        out = [Option(f"copy {cid}", "copy", {"card": cid}, self.rule) for cid in copyable(st, fr["seat"])]
        return [*out, Option("skip", "skip", {}, self.rule)]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "skip":
            return
        cid = opt.args["card"]
        fx = next(f for f in reversed(st.stack) if f["k"] == "gw.fx" and f["seat"] == fr["seat"])
        fx["i"] = len(fx["effects"])  # the rest of this card is not resolved
        turn = next(f for f in reversed(st.stack) if f["k"] == "gw.turn")
        turn["copy"], turn["box"] = cid, 0
        st.emit("gw.copy", self.rule, seat=fr["seat"], card=cid)


class DiscardShame(Step):
    """A card's "Odrzuć żeton Hańby": discard up to n of your Shame tokens, from where you choose, to the pool."""

    kind = "gw.discard_shame"
    rule = cite("shame")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        return [*discard_shame_options(st, fr["seat"], fr["rule"]), Option("done", "done", {}, fr["rule"])]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        discard_shame(st, fr["seat"], opt.args, fr["rule"], "gw.shame_discarded_card")
        fr["n"] -= 1
        if fr["n"] <= 0 or not discard_shame_options(st, fr["seat"], fr["rule"]):
            st.pop(fr)


# -- clerks ("Przenieść Urzędnika") -------------------------------------------------------------------------
class MoveClerks(Step):
    """Move up to n clerks: from your pool to any location with a free space, or one of yours already on the
    board to another location — never out of a full normal location. "Maksymalnie 2 Urzędników do 2 różnych
    Lokacji": with ``distinct`` no two go to one location."""

    kind = "gw.clerks"
    rule = cite("locations.move")
    player = for_clan

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        srcs = ["pool"] if st.clerks[seat] > 0 else []
        srcs += [lid for lid in st.content.loc_ids if seat in st.at[lid] and not st.locked(lid)]
        dests = [lid for lid in st.content.loc_ids if len(st.at[lid]) < st.slots(lid)
                 and not (fr["distinct"] and lid in fr["dests"])
                 and not (seat == st.reed and seat in st.at[lid])]  # never 2 Reed clerks in one location
        out = [Option(f"clerk {a}->{b}", "clerk", {"from": a, "to": b}, self.rule)
               for a in srcs for b in dests if a != b]
        out.append(Option("done", "done", {}, self.rule))
        return out

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        if opt.action == "done":
            st.pop(fr)
            return
        a, b = opt.args["from"], opt.args["to"]
        if a == "pool":
            st.clerks[seat] -= 1
        else:
            st.at[a].remove(seat)
        st.at[b].append(seat)
        fr["dests"].append(b)
        st.emit("gw.clerk", self.rule, seat=seat, src=a, dst=b)
        fr["n"] -= 1
        if fr["n"] <= 0:
            st.pop(fr)


class SpecialActivation(Step):
    """"Specjalna Aktywacja": activate one location even if its spaces are not all filled; no Shame token."""

    kind = "gw.special"
    rule = cite("locations.special_activation")
    player = for_clan

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        # special locations activate the standard way (a special one holding only the Reed Clan's clerk never does)
        out = [Option(f"special {lid}", "special", {"loc": lid}, self.rule) for lid in st.content.loc_ids
               if st.at[lid] and (st.content.loc[lid]["kind"] == "normal" or st.ready(lid))]
        out.append(Option("skip", "skip", {}, self.rule))
        return out

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "special":
            st.emit("gw.special_activation", self.rule, seat=fr["seat"], loc=opt.args["loc"])
            st.push("gw.location", loc=opt.args["loc"], special=True, stage="start")


# -- attacks ("Atak") ----------------------------------------------------------------------------------------------
def adjacent_pairs(cells: Any, occ: list[Any]) -> list[tuple[int, int]]:
    """Two orthogonally adjacent free Vital points (a horseman's footprint; 2 rows of 6 cells)."""
    out = []
    for i in range(12):
        if cells[i] is None or occ[i] is not None:
            continue
        for j in (i + 1, i + 6):
            if j < 12 and (j != i + 1 or i % 6 != 5) and cells[j] is not None and occ[j] is None:
                out.append((i, j))
    return out


def attack_options(st: GreatWallState, seat: str, t: int, secs: list[int], src: str, rule: str) -> list[Option]:
    """Where a soldier of type t may attack: spearmen a free Vital point of a first-row card, horsemen two
    adjacent free Vital points of any card, archers a free firing spot and then a wound in that section."""
    out: list[Option] = []
    pre = "" if src == "new" else f"from {src} "
    for sec in secs:
        cards = st.horde[sec]
        if t == SP and cards and not st.immune(cards[0]["id"], "spearman"):
            c = cards[0]
            for v in st.free_vitals(c):
                out.append(Option(f"{pre}spearman {c['id']}@{v}", "attack_spearman", {"type": "spearman", "sec": sec,
                                  "row": 0, "spots": [v], "src": src, "card": c["id"]}, rule))
        elif t == HO:
            for row, c in enumerate(cards):
                if st.immune(c["id"], "horseman"):
                    continue
                for a, b in adjacent_pairs(st.content.horde[c["id"]]["cells"], c["occ"]):
                    out.append(Option(f"{pre}horseman {c['id']}@{a}+{b}", "attack_horseman",
                                      {"type": "horseman", "sec": sec, "row": row, "spots": [a, b], "src": src,
                                       "card": c["id"]}, rule))
        elif t == AR:
            if src != f"fire {SEC[sec]}" and len(st.firing[sec]) >= st.board["firing_spots"]:
                continue
            targets = [(row, c, v) for row, c in enumerate(cards) if not st.immune(c["id"], "archer")
                       for v in st.free_vitals(c)]
            for row, c, v in targets:
                out.append(Option(f"{pre}archer {SEC[sec]} wound {c['id']}@{v}", "attack_archer",
                                  {"type": "archer", "sec": sec, "row": row, "spots": [v], "src": src,
                                   "card": c["id"]}, rule))
            if not targets and not src.startswith("fire"):
                out.append(Option(f"{pre}archer {SEC[sec]}", "archer_post",
                                  {"type": "archer", "sec": sec, "row": None, "spots": [], "src": src, "card": ""},
                                  rule))
    return out


def do_attack(st: GreatWallState, seat: str, args: Fr, rule: str) -> None:
    t = SOLDIERS.index(args["type"])
    sec = args["sec"]
    src = args["src"]
    if src.startswith("from ") or src.startswith("rest "):
        st.rest[int(src[-1])][seat][t] -= 1
    elif src.startswith("fire "):
        pass  # an archer already on a firing spot stays there
    if t == AR:
        if not src.startswith("fire "):
            st.firing[sec].append(seat)
        if args["row"] is not None:
            c = st.horde[sec][args["row"]]
            c["occ"][args["spots"][0]] = WOUND
            st.emit("gw.wound", rule, seat=seat, card=c["id"], spot=args["spots"][0])
        return
    c = st.horde[sec][args["row"]]
    c["n"] += 1
    for v in args["spots"]:
        c["occ"][v] = [seat, t, c["n"]]
    st.emit("gw.attack", rule, seat=seat, type=args["type"], card=c["id"], spots=list(args["spots"]))
    if seat == st.reed:  # "Ignoruj Nagrody na Punktach Witalnych zajmowanych przez Włóczników Klanu Trzciny"
        return
    cells = st.content.horde[c["id"]]["cells"]
    for v in args["spots"]:
        cell = cells[v]
        if cell and "choose" in cell:  # "dowolny Surowiec": the attacker chooses, at once
            st.gain(seat, {k: n for k, n in cell.items() if k != "choose"}, rule)
            ch = cell["choose"]
            st.push("gw.choose_gain", seat=seat, n=ch["n"], of=list(ch["of"]), rule=rule)
        elif cell:
            st.gain(seat, dict(cell), rule)


class AttackOutside(Step):
    """An effect's Attack (outside the Barracks): only soldiers in rest zones and archers on firing spots attack,
    each only in its own section; soldiers already on Vital points never move ("Atak poza Aktywacją Koszar")."""

    kind = "gw.attack"
    rule = cite("attack.outside")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        if fr["n"] == "all":  # FAQ #11: every soldier of the rest zones attacks, one at a time, while it can
            return rest_attacks(st, seat, self.rule)
        out: list[Option] = []
        for sec in range(3):
            for t in (SP, AR, HO):
                if st.rest[sec][seat][t]:
                    out += attack_options(st, seat, t, [sec], f"rest {SEC[sec]}", self.rule)
            if seat in st.firing[sec]:
                out += attack_options(st, seat, AR, [sec], f"fire {SEC[sec]}", self.rule)
        out.append(Option("done", "done", {}, self.rule))
        return out

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        do_attack(st, fr["seat"], opt.args, self.rule)
        if fr["n"] == "all":
            if not rest_attacks(st, fr["seat"], self.rule):
                st.pop(fr)
            return
        fr["n"] -= 1
        if fr["n"] <= 0:
            st.pop(fr)


def rest_attacks(st: GreatWallState, seat: str, rule: str) -> list[Option]:
    """The attacks of the soldiers in ``seat``'s rest zones, each in its own section — what an Attack of "all"
    (FAQ #11: the Attack Order commits every rest-zone soldier) offers, with no "done" while one can attack."""
    out: list[Option] = []
    for sec in range(3):
        for t in (SP, AR, HO):
            if st.rest[sec][seat][t]:
                out += attack_options(st, seat, t, [sec], f"rest {SEC[sec]}", rule)
    return out


def can_cover(st: GreatWallState, seat: str, n: int) -> bool:
    return sum(st.res[seat][k] for k in BUILD) >= n


# -- Shame ("Żetony Hańby") ----------------------------------------------------------------------------------------
def give_shame(st: GreatWallState, seat: str, n: int, rule: str) -> None:
    if seat == st.reed or seat == st.qin:  # "Klan Trzciny / Qin Jiushao nigdy nie otrzymuje żetonów Hańby"
        return
    for _ in range(n):
        st.push("gw.shame", seat=seat, rule=rule)


class TakeShame(Step):
    """Take a Shame token and put it at once under a soldier of your pool without one, or on a free Shame space
    of a claimed Horde card's back (2 per card). An empty pool: lose 5 Honor instead; nowhere to put it: the token
    leaves the game and you lose 5 Honor."""

    kind = "gw.shame"
    rule = cite("shame.place")
    forced_single = True

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        if st.coop:  # "Tryb kooperacji": 10 Honor discards it, never on Horde cards, an empty pool loses the game
            return st.hooks.shame_options(st, seat, self.rule)
        if st.shame_pool <= 0:
            return [Option("lose 5 honor", "lose", {"box": False}, cite("shame.none"))]
        out = [Option(f"shame under {SOLDIERS[t]}", "under", {"type": t, "where": SOLDIERS[t]}, self.rule)
               for t in range(3) if st.usable(seat, t) > 0]
        out += [Option(f"shame on {cid}", "card", {"card": cid}, self.rule)
                for cid, k in dict.fromkeys((c[0], c[1]) for c in st.claimed[seat]) if k < 2]
        if not out:
            out = [Option("lose 5 honor", "lose", {"box": True}, cite("shame.none"))]
        return out

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        st.pop(fr)
        if opt.action in ("coop_lose", "discard_honor"):
            st.hooks.shame_choose(st, seat, opt)
            return
        if opt.action == "lose":
            if opt.args["box"]:
                st.shame_pool -= 1
                st.shame_box += 1
            st.emit("gw.shame_lost_honor", opt.rule, seat=seat)
            st.add_honor(seat, -5, opt.rule)
            return
        st.shame_pool -= 1
        if opt.action == "under":
            st.shamed[seat][opt.args["type"]] += 1
            st.emit("gw.shame", fr["rule"], seat=seat, where=SOLDIERS[opt.args["type"]])
        else:
            for c in st.claimed[seat]:
                if c[0] == opt.args["card"]:
                    c[1] += 1
                    break
            st.emit("gw.shame", fr["rule"], seat=seat, where=opt.args["card"])


def discard_shame_options(st: GreatWallState, seat: str, rule: str) -> list[Option]:
    out = [Option(f"discard shame from {SOLDIERS[t]}", "discard", {"type": t, "where": SOLDIERS[t]}, rule)
           for t in range(3) if st.shamed[seat][t]]
    out += [Option(f"discard shame from {c[0]}", "discard", {"card": c[0], "where": c[0]}, rule)
            for c in st.claimed[seat] if c[1]]
    return out


def discard_shame(st: GreatWallState, seat: str, args: Fr, rule: str, kind: str = "gw.shame_discarded") -> None:
    if "type" in args:
        st.shamed[seat][args["type"]] -= 1
    else:
        for c in st.claimed[seat]:
            if c[0] == args["card"] and c[1]:
                c[1] -= 1
                break
    st.shame_pool += 1
    st.emit(kind, rule, seat=seat)


# -- Tactic cards ("Karty Taktyk") -----------------------------------------------------------------------------------
def push_windows(st: GreatWallState, seats: list[str], window: str | tuple[str, ...], ctx: Fr,
                 more: dict[str, tuple[str, ...]] | None = None) -> None:
    """Offer a Tactic window to each seat (Tea order) holding any Tactic card: one card per seat per trigger
    ("Każdy z graczy może zagrać 1 kartę Taktyki na każde 1 uruchomienie efektu"); ``more`` adds windows for some
    seats at the same trigger (a Breach: the clans whose soldiers die there). Asked whenever the hand is not empty
    (its size is public), so the question reveals nothing."""
    base = (window,) if isinstance(window, str) else tuple(window)
    for s in reversed(st.tea_order(seats)):
        if st.tac[s]:
            wins = base + more[s] if more and s in more else base
            st.push("gw.tactic", seat=s, windows=list(wins), ctx=dict(ctx))


class TacticWindow(Step):
    """Play one Tactic card for this trigger: its top effect, or the Boosted one after paying its cost; or pass."""

    kind = "gw.tactic"
    rule = cite("tactics")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        wins = fr["windows"] if "windows" in fr else (fr["window"],)  # "window": saves from before
        out = []
        for cid in dict.fromkeys(st.tac[seat]):
            card = st.content.tactics[cid]
            if card["window"] not in wins:
                continue
            out.append(Option(f"play {cid}", "play", {"card": cid, "boosted": False}, self.rule))
            if st.can_pay(seat, card["boosted"]["cost"]):
                out.append(Option(f"play {cid} boosted", "play", {"card": cid, "boosted": True}, self.rule))
        out.append(Option("pass", "pass", {}, self.rule))
        return out

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        st.pop(fr)
        if opt.action == "pass":
            return
        cid = opt.args["card"]
        card = st.content.tactics[cid]
        st.tac[seat].remove(cid)
        st.tac_discard.append(cid)
        eff = card["effect"]
        if opt.args["boosted"]:
            st.pay(seat, card["boosted"]["cost"], self.rule)
            eff = card["boosted"]["effect"]
        st.emit("gw.tactic", self.rule, seat=seat, card=cid, boosted=opt.args["boosted"])
        run_effects(st, seat, eff, self.rule, fr["ctx"])


class HandLimit(Step):
    """More than 5 Tactic cards: discard one of your choice at once, until 5 remain."""

    kind = "gw.hand_limit"
    rule = cite("tactics.limit")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        if len(st.tac[seat]) <= st.board["tactic_hand_limit"]:
            return [Option("done", "done", {}, self.rule)]
        return [Option(f"discard {c}", "discard", {"card": c}, self.rule) for c in dict.fromkeys(st.tac[seat])]

    def forced(self, st: GreatWallState, fr: Fr) -> bool:
        return len(st.tac[fr["seat"]]) <= st.board["tactic_hand_limit"]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        if opt.action == "discard":
            st.tac[seat].remove(opt.args["card"])
            st.tac_discard.append(opt.args["card"])
            st.emit("gw.tactic_discarded", self.rule, seat=seat, card=opt.args["card"])
        if len(st.tac[seat]) <= st.board["tactic_hand_limit"]:
            st.pop(fr)


STEPS = (Effects(), Copy(), DiscardShame(), ChooseGain(), MoveClerks(), SpecialActivation(), AttackOutside(),
         TakeShame(), TacticWindow(), HandLimit())
