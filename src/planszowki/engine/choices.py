"""Choosing in steps: the kind of action, then the place, then the rest (DESIGN.md, "Choices a person can make in
steps"). Built from the options' ``action`` and ``args`` alone, so it serves every game, the terminal and the browser
alike, and the engine stays the only source of what is legal: a menu only groups the decision's options.

A long decision (Root's Daylight: 60–97 options; an Eyrie Decree: up to 124) becomes a short menu::

    menu(options, labels)            -> [Entry("group", "a:march", "Move … (24)"), Entry("option", ...), ...]
    menu(options, labels, ("a:march",))          -> the places the marches start from
    menu(options, labels, ("a:march", "p:5"))    -> the marches from clearing 5, by where they go
    menu(options, labels, ("a:march", "p:5", "r:to=1"))  -> how many warriors

A menu short enough (at most ``limit`` entries) is shown whole; a group holding one option is that option.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: Arguments naming a place on a board, in the order a person picks them (the first one an option has is its place).
PLACE_ARGS = ("clearing", "from", "src", "where", "dest", "forest", "loc", "location", "section", "to", "dst")
#: Arguments saying how many: the last step, shown as the options themselves.
COUNT_ARGS = ("count", "n", "amount", "warriors")
#: How many entries a menu shows before it groups.
LIMIT = 12


@dataclass(frozen=True)
class Entry:
    kind: str  # "option" or "group"
    key: str  # the option's id, or the group's key ("a:<action>" / "p:<place>")
    label: str
    count: int = 1
    index: int = -1  # the option's position in the decision's options ("option" entries)


def _place(args: Any) -> tuple[str, str] | None:
    if not args:
        return None
    for k in PLACE_ARGS:
        v = args.get(k)
        if v is not None and v != "" and not isinstance(v, list | dict | bool):
            return k, str(v)
    return None


def place_of(args: Any) -> str | None:
    """The place an option names (its first place argument), as text; None when it names none."""
    p = _place(args)
    return None if p is None else p[1]


def rest_of(args: Any) -> str:
    """What an option says besides its action, its place and how many: e.g. where a move goes and with which card."""
    p = _place(args)
    skip = {p[0]} if p else set()
    return ";".join(f"{k}={args[k]}" for k in sorted(args or ()) if k not in COUNT_ARGS and k not in skip)


def common_label(labels: Sequence[str]) -> str:
    """What several options' labels share from their start, cut at a word: "Build a sawmill in 3", "Build a sawmill
    in 5" -> "Build a sawmill in"."""
    if not labels:
        return ""
    first = labels[0]
    n = len(first)
    for other in labels[1:]:
        n = min(n, len(other))
        for i in range(n):
            if first[i] != other[i]:
                n = i
                break
    prefix = first[:n]
    if n < len(first) and prefix and not first[n].isspace():  # cut inside a word: drop that word's start
        prefix = prefix.rsplit(" ", 1)[0] if " " in prefix else ""
    return prefix.rstrip(" (:·-—,→").strip()


def _filter(options: Sequence[Any], path: Sequence[str]) -> list[int]:
    keep = list(range(len(options)))
    for step in path:
        kind, _, value = step.partition(":")
        if kind == "a":
            keep = [i for i in keep if options[i].action == value]
        elif kind == "p":
            keep = [i for i in keep if place_of(options[i].args) == value]
        elif kind == "r":
            keep = [i for i in keep if rest_of(options[i].args) == value]
    return keep


def menu(options: Sequence[Any], labels: Sequence[str], path: Sequence[str] = (), limit: int = LIMIT) -> list[Entry]:
    """The entries to show for ``path`` (the group keys chosen so far): option entries carry the option's id and
    index; group entries a key to add to the path. ``labels[i]`` is how ``options[i]`` reads to the person."""
    keep = _filter(options, path)
    if len(keep) <= limit:
        return [Entry("option", options[i].id, labels[i], 1, i) for i in keep]
    steps = {s.partition(":")[0] for s in path}
    if "a" not in steps:
        actions: dict[str, list[int]] = {}
        for i in keep:
            actions.setdefault(options[i].action, []).append(i)
        if len(actions) > 1:
            return [_group("a:" + a, idx, options, labels) for a, idx in actions.items()]
    if "p" not in steps:
        places: dict[str | None, list[int]] = {}
        for i in keep:
            places.setdefault(place_of(options[i].args), []).append(i)
        if len(places) > 1:
            out = []
            for p, idx in places.items():
                if p is None:  # options naming no place are shown as they are
                    out.extend(Entry("option", options[i].id, labels[i], 1, i) for i in idx)
                else:
                    out.append(_group("p:" + p, idx, options, labels, p))
            return out
    if "r" not in steps:  # then what else they say (where to, with what), and last how many
        rests: dict[str, list[int]] = {}
        for i in keep:
            rests.setdefault(rest_of(options[i].args), []).append(i)
        if len(rests) > 1:
            return [_group("r:" + r, idx, options, labels) for r, idx in rests.items()]
    return [Entry("option", options[i].id, labels[i], 1, i) for i in keep]


def _group(key: str, idx: list[int], options: Sequence[Any], labels: Sequence[str], place: str = "") -> Entry:
    if len(idx) == 1:
        i = idx[0]
        return Entry("option", options[i].id, labels[i], 1, i)
    label = common_label([labels[i] for i in idx]) or key.partition(":")[2]
    if place and place not in label.replace(",", " ").split():
        label = f"{label} [{place}]"
    return Entry("group", key, label + " …", len(idx))


def menu_tree(options: Sequence[Any], labels: Sequence[str], path: Sequence[str] = (),
              limit: int = LIMIT) -> dict[str, Any]:
    """The whole menu as JSON-ready data, for an interface that walks it without asking again: ``entries`` (kind,
    key, label, count, index), ``sub`` (group key -> its menu) and ``indices`` (every option reachable below)."""
    entries = menu(options, labels, path, limit)
    sub = {e.key: menu_tree(options, labels, (*path, e.key), limit) for e in entries if e.kind == "group"}
    indices = sorted([e.index for e in entries if e.kind == "option"] + [i for t in sub.values() for i in t["indices"]])
    return {"entries": [{"kind": e.kind, "key": e.key, "label": e.label, "count": e.count, "index": e.index}
                        for e in entries], "sub": sub, "indices": indices}


def needs_confirm(option: Any, options: Sequence[Any]) -> bool:
    """Whether a person is asked "Sure?" before ``option``: it spends a card (an argument names a card), or it ends a
    phase or step (an action ``end…``) while the decision still offers something else."""
    args = option.args or {}
    if "card" in args or "cards" in args:
        return True
    return option.action.startswith("end") and any(not o.action.startswith("end") for o in options)
