"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS), for any planszowki game.

It uses the kernel only: ``game.determinize(state, seat, rng)``, ``state.copy()`` (inside determinize),
``state.decision``, ``state.apply(option_id)``, ``state.terminal`` / ``state.result``. Each iteration

1. *determinizes* the real state for the bot's seat: a full state consistent with what the seat sees,
   hidden cards redealt and future chance reseeded (the real state is read only for its decision);
2. *selects* down the tree with UCB1 over the option ids legal in this determinization, counting for each
   child how often it was available (Cowling, Powley & Whitehouse 2012), each node's statistics being
   from the point of view of the seat choosing there;
3. *expands* one untried option — with heuristic rollouts, the one the heuristic likes best, and only
   while the node has fewer than ``widening * sqrt(visits)`` children (progressive widening), so a
   decision with a hundred moves is searched among its most promising ones first; decisions with a single
   option are applied without a node;
4. *rolls out* with the random or the heuristic policy for at most ``depth`` decisions, then scores the
   position: 1 for a winner and 0 for a loser at the end of the game, otherwise the game's evaluator
   (Root: a logistic of each seat's lead in victory points plus board potential, see ``bots/root``; Ironwood: of
   each side's lead in progress towards its third totem or forge plus material, see ``bots/ironwood``);
5. *backpropagates* each seat's reward along the path.

The answer is the option with the best mean reward among those visited at least half as often as the
most visited one (usually the most visited itself). With a fixed ``seed`` and ``iterations`` the bot is
deterministic; ``time`` (seconds) bounds the search by the clock instead, which is not reproducible.
Because the root is always determinized and ``game.determinize`` depends only on what the seat can see,
the choice cannot depend on hidden information (tests/bots/test_ismcts.py scrambles it to prove this).
"""

from __future__ import annotations

import math
import time as _time
from collections.abc import Callable
from typing import Any, ClassVar

from ..engine import Decision, IllegalAction, Rng
from ..engine import load as load_game
from . import Param
from .heuristic import heuristic_choice, load_game_bots

#: how much each decision before the end of the game lowers a win (and raises a loss), see terminal_rewards
PLY_SHADE = 0.002
#: game name -> evaluator(state) -> {seat: reward in [0, 1]} for positions where a rollout stops early.
EVALUATORS: dict[str, Callable[[Any], dict[str, float]]] = {}
#: game name -> the search settings that suit it (``c``, ``depth``, ``epsilon``, ``widening``), used where a spec
#: leaves them out (registered by ``bots/<game>`` with :func:`register_defaults`)
GAME_DEFAULTS: dict[str, dict[str, Any]] = {}
#: the settings a game may choose (the others are the caller's: budget, time, rollout policy)
TUNABLE = ("c", "depth", "epsilon", "widening")


def register_evaluator(game: str, fn: Callable[[Any], dict[str, float]]) -> None:
    EVALUATORS[game] = fn


def register_defaults(game: str, **settings: Any) -> None:
    """Search settings that suit ``game`` better than the general defaults (e.g. a narrower progressive widening
    where decisions have many options); a spec that gives a setting always wins."""
    for key, value in settings.items():
        if key not in TUNABLE:
            raise ValueError(f"{key!r} is not a search setting a game may choose ({', '.join(TUNABLE)})")
        ISMCTSBot.PARAMS[key].convert(ISMCTSBot.name, key, value)
    GAME_DEFAULTS[game] = dict(settings)


def terminal_rewards(state: Any, plies: int = 0) -> dict[str, float]:
    """1 for a winner and 0 for the others, shaded by ``plies`` (decisions from the root) so that a quick
    win is worth a little more than a slow one, and a slow loss a little more than a quick one."""
    winners = set(state.result.get("winners", ()))
    shade = min(0.2, PLY_SHADE * plies)
    return {s: (1.0 - shade if s in winners else shade) for s in state.seats}


def vp_rewards(state: Any, scale: float = 6.0) -> dict[str, float]:
    """A generic estimate: each seat's lead over the best other seat in ``state.vp``, squashed to (0, 1)."""
    vp = getattr(state, "vp", None)
    if not isinstance(vp, dict) or len(vp) < 2:
        return {s: 0.5 for s in state.seats}
    return lead_rewards({s: float(vp.get(s, 0)) for s in state.seats}, scale)


def lead_rewards(points: dict[str, float], scale: float) -> dict[str, float]:
    out = {}
    for s, p in points.items():
        other = max(q for t, q in points.items() if t != s)
        out[s] = 1.0 / (1.0 + math.exp(-(p - other) / scale))
    return out


def _evaluator(game: str) -> Callable[[Any], dict[str, float]]:
    if game not in EVALUATORS:
        load_game_bots(game)  # registers the game's evaluator, if it has one
        EVALUATORS.setdefault(game, vp_rewards)
    return EVALUATORS[game]


class Node:
    """Statistics of one edge: visits ``n``, summed reward ``w`` of the seat that chose it, availability."""

    __slots__ = ("avail", "children", "n", "w")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0


class ISMCTSBot:
    """SO-ISMCTS. Spec: ``ismcts:800`` or ``ismcts:iterations=800,rollout=heuristic,c=0.7,depth=60``.

    ``iterations`` (200, or unlimited with ``time``), ``time`` seconds (0: off), ``c`` UCB1 exploration,
    ``rollout`` "heuristic" (default: the game's heuristic bots, random where a game has none) or "random",
    ``depth`` rollout decisions before the evaluator, ``epsilon`` random share of heuristic rollouts,
    ``widening`` progressive widening factor (heuristic rollouts only; 0: expand every option).
    ``c``, ``depth``, ``epsilon`` and ``widening`` left out take the game's own defaults where it registered some
    (:func:`register_defaults`; Ironwood does), else the general ones (0.7, 60, 0.1, 2.0).
    ``game`` overrides the game object (tests)."""

    name = "ismcts"
    #: the spec parameters, their types and ranges (checked by ``bots.check_spec`` before a game starts)
    PARAMS: ClassVar[dict[str, Param]] = {
        "iterations": Param(int, low=1),
        "time": Param(float, low=0),
        "c": Param(float, low=0),
        "rollout": Param(str, choices=("heuristic", "random")),
        "depth": Param(int, low=0),
        "epsilon": Param(float, low=0, high=1),
        "widening": Param(float, low=0),
    }

    def __init__(self, seed: int = 0, iterations: int | None = None, time: float = 0.0, c: float | None = None,
                 rollout: str = "heuristic", depth: int | None = None, epsilon: float | None = None,
                 widening: float | None = None, game: Any = None) -> None:
        tunable = {"c": c, "depth": depth, "epsilon": epsilon, "widening": widening}
        #: the tunable settings given by the caller (the others may take the game's defaults)
        self.given = {k for k, v in tunable.items() if v is not None}
        given = {"time": time, "rollout": rollout, **{k: v for k, v in tunable.items() if v is not None}}
        if iterations is not None:
            given["iterations"] = iterations
        for key, value in given.items():  # the same checks and messages as a spec (BadBotParameter)
            self.PARAMS[key].convert(self.name, key, value)
        c = 0.7 if c is None else c
        depth = 60 if depth is None else depth
        epsilon = 0.1 if epsilon is None else epsilon
        widening = 2.0 if widening is None else widening
        if iterations is None:
            iterations = 10**9 if time > 0 else 200
        self.seed = seed
        self.iterations = int(iterations)
        self.time = float(time)
        self.c = float(c)
        self.rollout = rollout
        self.depth = int(depth)
        self.epsilon = float(epsilon)
        self.widening = float(widening)
        self.game = game
        self.rng = Rng(seed)
        #: statistics of the last search: iterations, and per root option its visits and mean reward
        self.last: dict[str, Any] = {}

    # -- the search -------------------------------------------------------------------------------
    def choose(self, state: Any, seat: str) -> str:
        d = state.decision
        if d is None:
            raise IllegalAction("the game is over; there is nothing to choose")
        if d.player != seat:
            raise IllegalAction(f"it is {d.player}'s decision ({d.kind}), not {seat}'s", d.rule, len(d.options))
        if len(d.options) == 1:
            self.last = {"iterations": 0, "visits": {d.options[0].id: 0}, "values": {}}
            return d.options[0].id
        game = self.game or load_game(state.GAME)
        evaluate = _evaluator(game.name)  # imports bots/<game>, which may register its search settings too
        for key, value in GAME_DEFAULTS.get(game.name, {}).items():
            if key not in self.given:
                setattr(self, key, type(getattr(self, key))(value))
        rng = Rng(self.rng.next64())  # one fresh stream per decision: the same seed replays the same game
        root = Node()
        deadline = _time.perf_counter() + self.time if self.time > 0 else None
        done = 0
        legal = frozenset(o.id for o in d.options)
        while done < self.iterations:
            det = game.determinize(state, seat, Rng(rng.next64()))
            self._iterate(root, det, rng, evaluate, legal)
            done += 1
            if deadline is not None and _time.perf_counter() >= deadline:
                break
        order = {o.id: i for i, o in enumerate(d.options)}
        stats = {oid: (ch.n, ch.w / ch.n if ch.n else 0.0) for oid, ch in root.children.items()}
        self.last = {"iterations": done, "visits": {k: v[0] for k, v in stats.items()},
                     "values": {k: v[1] for k, v in stats.items()}}
        # the best mean among the well-explored options (at least half the visits of the most visited):
        # the most visited option, unless one nearly as explored is clearly better
        most = max(n for n, _ in stats.values())
        return max((k for k, (n, _) in stats.items() if 2 * n >= most),
                   key=lambda k: (stats[k][1], stats[k][0], -order[k]))

    def _iterate(self, root: Node, st: Any, rng: Rng, evaluate: Callable[[Any], dict[str, float]],
                 legal_at_root: frozenset[str]) -> None:
        """One iteration on the determinization ``st``. At the root only the real decision's options
        (``legal_at_root``) are searched: a determinization deals the others' hidden cards anew, and an option can
        hang on them (Appendix E: the Warm Sun Prophets may force a battle with the Spring Uprising only on a player
        who can discard a card of the clearing's suit), so it may offer one the real decision does not, or lack one."""
        path: list[tuple[Node, str]] = []
        node = root
        root.n += 1
        c = self.c
        heuristic = self.rollout == "heuristic"
        widen = self.widening if heuristic else 0.0
        at_root = True
        # selection and expansion
        while True:
            d = st.decision
            if d is None:
                break
            opts = d.options
            if at_root:  # the root is a node even when the determinization leaves a single real option
                at_root = False
                opts = [o for o in opts if o.id in legal_at_root]
                if not opts:  # none of the real options here: this determinization tells nothing
                    root.n -= 1
                    return
            elif len(opts) == 1:  # nothing to choose: no node (forced answers would only deepen the tree)
                st.apply(opts[0].id)
                continue
            children = node.children
            untried = []
            legal_ids = []
            legal = []
            for o in opts:
                ch = children.get(o.id)
                if ch is None:
                    untried.append(o)
                else:
                    legal_ids.append(o.id)
                    legal.append(ch)
                    ch.avail += 1
            # progressive widening: a node visited n times considers about widening * sqrt(n) options
            if untried and (not legal or not widen or len(legal) < widen * math.sqrt(node.n)):
                if len(untried) == 1:
                    oid = untried[0].id
                elif heuristic:  # the options the heuristic likes best are tried first
                    oid = heuristic_choice(st, d.player, Decision(d.player, tuple(untried), d.kind, d.rule, d.args),
                                           rng)
                else:
                    oid = untried[rng.below(len(untried))].id
                child = children[oid] = Node()
                child.avail = 1
                st.apply(oid)
                path.append((child, d.player))
                break
            best = legal[0]
            best_key = -1.0
            best_id = legal_ids[0]
            for oid, ch in zip(legal_ids, legal, strict=True):
                key = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                if key > best_key:
                    best, best_key, best_id = ch, key, oid
            st.apply(best_id)
            path.append((best, d.player))
            node = best
        # rollout
        plies = len(path)
        if heuristic:
            for _ in range(self.depth):
                d = st.decision
                if d is None:
                    break
                st.apply(heuristic_choice(st, d.player, d, rng, self.epsilon))
                plies += 1
        else:  # uniform: the kernel's playout draws as options[rng.below(n)] would, without Decision objects
            plies += st.playout(rng, self.depth)
        rewards = terminal_rewards(st, plies) if st.terminal else evaluate(st)
        for n, player in path:
            n.n += 1
            n.w += rewards.get(player, 0.0)

    def __repr__(self) -> str:
        return (f"ISMCTSBot(seed={self.seed}, iterations={self.iterations}, time={self.time}, c={self.c}, "
                f"rollout={self.rollout!r}, depth={self.depth})")
