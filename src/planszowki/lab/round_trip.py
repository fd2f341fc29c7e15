"""The copy and JSON round-trip invariant every game's lab checks share (DESIGN.md, promise 1)."""

from __future__ import annotations

import json
from typing import Any


def check_round_trip(st: Any, game: Any) -> None:
    """``copy`` and a JSON text round trip give the same state and the same decision."""
    doc = game.to_json(st)
    assert game.to_json(st.copy()) == doc, "copy() differs from the state"
    again = game.from_json(json.loads(json.dumps(doc)))
    assert game.to_json(again) == doc, "the JSON round trip changes the state"
    d, e = st.decision, again.decision
    assert (d is None) == (e is None) and (d is None or [o.id for o in d.options] == [o.id for o in e.options]), \
        "the JSON round trip changes the decision"
