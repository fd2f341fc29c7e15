"""The server's games, whatever the game: seats, tokens, acting, bots, and what each seat is sent.

A :class:`Table` holds the one true state of a game (DESIGN.md, "People-facing parts": the server alone holds it)
and its record. A person acts by sending an option id for a seat they hold; :meth:`Table.act` checks it with the
engine, applies it, commits it to the :class:`~planszowki.web.store.Store` and only then reports success — so what
anyone has been told is always in the database. :meth:`Table.payload` is all a seat is sent: its own ``view``, the
decision if it is that seat's, the log as that seat may read it, in its language. Nothing here knows a particular
game: the texts come from the i18n catalogs by the game's name (``presenter``).
"""

from __future__ import annotations

import secrets
import threading
import time
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Self

from .. import bots, i18n
from ..cli.replay import RecordError, not_playable
from ..cli.saves import Record, save_doc
from ..engine import IllegalAction, PlanszowkiError, choices, load
from ..engine.takeback import UndoStack, publicly_forced
from . import boards
from .store import Store, StoredGame, token_hash

HUMAN = "human"
#: Ironwood's solo opponents are seats the engine itself plays (never a controller's decision).
ENGINE_SEATS = ("ironbot", "forestbot")


class WebError(PlanszowkiError, ValueError):
    """A request the server refuses; ``status`` is the HTTP status it answers with.

    A refusal a person can meet through the pages (a seat taken, a stale choice, nothing to take back …) is made
    with :meth:`told` (:meth:`PlanszowkiError.told`): it names a message of the catalogs' ``ui`` section
    (``web_error_*``) and is said in the person's language (:meth:`~PlanszowkiError.text`). The others answer a
    program that misuses the API (a malformed message) and are said in English."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status

    @classmethod
    def told(cls, key: str, /, status: int = 400, **args: Any) -> Self:
        exc = super().told(key, **args)
        exc.status = status
        return exc


def seat_name(game: str, seat: str, lang: str) -> str:
    """A seat as people call it: a faction (Root, Ironwood) or a clan (The Great Wall), in ``lang``."""
    if game == "great_wall":
        from ..i18n import great_wall as gwi

        return gwi.gw_term("clan", seat, lang)
    return i18n.term("faction", seat, lang, game=game)


def bot_seed(seed: int, seat: str, moves: int) -> int:
    """A bot's seed from the game's seed, its seat and how far the game is (the terminal's rule)."""
    return zlib.crc32(f"{seed}:{seat}:{moves}".encode())


@dataclass
class Table:
    """One game on the server."""

    id: str
    game: Any  # the game module (planszowki.load(name))
    state: Any
    record: Record
    controllers: dict[str, str]  # seat -> "human" or a bot spec
    tokens: dict[str, str | None]  # human seat -> SHA-256 of its token (None: free)
    title: str = ""
    created: float = 0.0
    #: held while the game is read or changed: a payload, a summary or the seats are read from one position, never
    #: from a state a worker thread is applying an option to (re-entrant: the readers call each other)
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    _bots: dict[str, Any] = field(default_factory=dict, repr=False)
    #: the trailing options one seat may take back, each with the state before it (see :meth:`undo`)
    _undo: UndoStack = field(default_factory=UndoStack, repr=False)
    #: how many times options were taken back: the log a client holds from before a takeback is no longer true
    epoch: int = 0
    #: seat -> (the log it was read from, how many of its events were read, the ones that seat may see): a
    #: payload reads only the events added since, so its cost does not grow with the game (:meth:`_visible_log`)
    _seen: dict[str | None, tuple[Any, int, list[Any]]] = field(default_factory=dict, repr=False)
    #: (version, state) -> :meth:`forced`'s answer there: asked for every payload, computed once per position
    _forced: tuple[int, int, str | None] | None = field(default=None, repr=False)
    #: the seats' names when the game began, in seating order — the names the database, the record and saves use.
    #: A seat keeps its place but may take another name (Root's faction draft, A.8.2: "player3" becomes "eyrie");
    #: ``controllers``, ``tokens`` and the bots follow the state's current names (:meth:`_sync_seats`).
    places: list[str] = field(default_factory=list)
    _names: list[str] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if not self.places:
            self.places = list(self.state.seats)
        self._names = list(self.places)
        self._sync_seats()

    def _sync_seats(self) -> None:
        """Follow seats renamed by the game (by their place in the seating, which never changes)."""
        now = list(self.state.seats)
        if now == self._names:
            return
        ren = {old: new for old, new in zip(self._names, now, strict=True) if old != new}
        self.controllers = {ren.get(k, k): v for k, v in self.controllers.items()}
        self.tokens = {ren.get(k, k): v for k, v in self.tokens.items()}
        self._bots = {ren.get(k, k): v for k, v in self._bots.items()}
        self._seen.clear()
        self._names = now

    def place_name(self, seat: str) -> str:
        """The name ``seat`` (its current name) had when the game began: the database's and the record's."""
        self._sync_seats()
        return self.places[self.state.seats.index(seat)]

    # -- who may do what -------------------------------------------------------------------------------
    def seats_of(self, token: str | None) -> list[str]:
        """The seats a token holds (several in a hot seat), in seating order; none for a spectator."""
        if not token:
            return []
        h = token_hash(token)
        with self.lock:
            self._sync_seats()
            return [s for s in self.state.seats if self.tokens.get(s) == h]

    def free_seats(self) -> list[str]:
        with self.lock:
            self._sync_seats()
            return [s for s in self.state.seats if self.controllers[s] == HUMAN and self.tokens.get(s) is None]

    def human_turn(self) -> str | None:
        """The seat a person must decide for now, or None (the game is over, or a bot decides)."""
        self._sync_seats()
        d = self.state.decision
        if d is None or self.controllers.get(d.player) != HUMAN:
            return None
        return d.player

    def bot_turn(self) -> str | None:
        self._sync_seats()
        d = self.state.decision
        if d is None or self.controllers.get(d.player) == HUMAN:
            return None
        return d.player

    # -- changing the game ------------------------------------------------------------------------------
    def act(self, store: Store, token: str | None, seat: str, option_id: str, version: int | None = None) -> None:
        """Apply ``option_id`` for ``seat`` on behalf of the holder of ``token``; commit it before returning.
        Refused (:class:`WebError`, nothing changes): a token that does not hold the seat, a seat that is not
        to decide, a stale ``version`` (the number of options applied when the person chose), an option the
        engine does not offer."""
        if seat not in self.seats_of(token):
            raise WebError.told("web_error_not_your_seat", 403)
        with self.lock:
            if version is not None and version != len(self.record.moves):
                raise WebError.told("web_error_stale", 409, now=len(self.record.moves), then=version)
            d = self.state.decision
            if d is None:
                raise WebError.told("web_error_game_over", 409)
            if d.player != seat:
                raise WebError.told("web_error_not_your_decision", 409)
            before = self.state.copy()
            try:
                self.state.apply(option_id)
            except IllegalAction:  # the engine's own words, in the person's language (as a save's illegal move)
                raise WebError.told("error_record_not_legal", 400, option=option_id, seat=d.player,
                                    kind=d.kind) from None
            self._commit(store, [option_id])
            self._undo.applied(seat, before, self.state)

    def forced(self) -> str | None:
        """The option to take for a person without asking (engine/takeback.py ``publicly_forced``)."""
        self._sync_seats()
        d = self.state.decision
        if d is None or len(d.options) != 1 or self.controllers.get(d.player) != HUMAN:
            return None
        n = len(self.record.moves)
        if self._forced is not None and self._forced[:2] == (n, id(self.state)):
            return self._forced[2]
        only = publicly_forced(self.game, self.state, [bot_seed(self.record.seed, "forced", n + k) for k in range(4)])
        self._forced = (n, id(self.state), only)
        return only

    def _visible_log(self, seat: str | None) -> list[Any]:
        """The log events ``seat`` may see, read incrementally: the events since the last payload for that seat
        (the log only grows, except by a takeback, which gives the table another state and so another log)."""
        chain = getattr(self.state, "log_chain", None)
        if chain is None:
            return [e for e in self.state.log if e.visible_to(seat)]
        seen = self._seen.get(seat)
        if seen is None or seen[0] is not chain or seen[1] > len(chain):
            seen = (chain, 0, [])
        new = chain.since(seen[1])
        visible = seen[2] + [e for e in new if e.visible_to(seat)] if new else seen[2]
        self._seen[seat] = (chain, len(chain), visible)
        return visible

    def take_forced(self, store: Store) -> int:
        """Apply the forced options (:meth:`forced`) there are now, committed; returns how many."""
        applied = 0
        with self.lock:
            while (option := self.forced()) is not None:
                seat = self.state.decision.player
                before = self.state.copy()
                self.state.apply(option)
                self._commit(store, [option])
                self._undo.applied(seat, before, self.state)
                applied += 1
        return applied

    def can_undo(self, seat: str | None) -> bool:
        return bool(seat) and self._undo.seat() == seat

    def undo(self, store: Store, token: str | None, seat: str) -> None:
        """Take back ``seat``'s last option: allowed while nothing hidden has come out since (no chance — dice, a
        draw, a shuffle —, no private log line, nothing revealed) and no other seat has decided. The takeback is
        recorded in the database (``takebacks``)."""
        if seat not in self.seats_of(token):
            raise WebError.told("web_error_not_your_seat", 403)
        with self.lock:
            if not self.can_undo(seat):
                raise WebError.told("web_error_nothing_to_undo", 409)
            option = self.record.moves[-1]
            store.take_back(self.id, len(self.record.moves) - 1, option, self.place_name(seat))
            self.record.moves.pop()
            self.state = self._undo.pop()
            self.epoch += 1
            self._sync_seats()

    def step_bots(self, store: Store, budget: int = 50, seconds: float = 0.25) -> int:
        """Let the bots decide, at most ``budget`` options or, after the first, until ``seconds`` have passed;
        each option is committed as it is applied. Returns how many were applied. Called from a worker thread.

        A bot thinks on a copy of the game without holding the table's lock, so pages are served and people's
        messages answered while it thinks; its option is applied only if the game is still where it was (no
        takeback meanwhile), else it looks again."""
        applied = 0
        start = time.monotonic()
        while applied < budget and (applied == 0 or time.monotonic() - start < seconds):
            with self.lock:
                seat = self.bot_turn()
                if seat is None:
                    break
                bot = self._bots.get(seat)
                if bot is None:
                    bot = self._bots[seat] = bots.make(self.controllers[seat],
                                                       bot_seed(self.record.seed, seat, len(self.record.moves)))
                state, n = self.state, len(self.record.moves)
                thinking = state.copy()
            option = bot.choose(thinking, seat)
            with self.lock:
                if self.state is not state or len(self.record.moves) != n:
                    continue  # taken back while the bot thought: it looks at the game again
                self.state.apply(option)
                self._commit(store, [option])
                self._undo.others_decided()
            applied += 1
        return applied

    def _commit(self, store: Store, options: list[str]) -> None:
        """Store the options just applied; if the database refuses, the state goes back to the record."""
        first = len(self.record.moves)
        try:
            store.add_moves(self.id, first, options)
        except Exception:
            self.state = replay(self.game, self.record)
            raise
        self.record.moves.extend(options)

    def hint(self, token: str | None, seat: str, lang: str) -> dict[str, Any]:
        """What the heuristic bot would choose for ``seat`` now. It chooses on a determinized copy of the game
        (``game.determinize``: everything the seat cannot see redealt), so a hint never tells more than the seat
        knows."""
        if seat not in self.seats_of(token):
            raise WebError.told("web_error_not_your_seat", 403)
        with self.lock:
            d = self.state.decision
            if d is None or d.player != seat:
                raise WebError.told("web_error_not_your_decision", 409)
            version = len(self.record.moves)
            seed = bot_seed(self.record.seed, seat, version)
            guess = self.game.determinize(self.state, seat, seed)
        option = bots.make("heuristic", seed).choose(guess, seat)
        chosen = next(o for o in d.options if o.id == option)
        content = getattr(self.state, "content", None)
        return {"type": "hint", "version": version, "option": option, "cite": i18n.cite(chosen.rule, lang),
                "label": i18n.option_label(chosen, lang, d.kind, self.game.name, content=content)}

    # -- what a seat is sent ----------------------------------------------------------------------------
    def payload(self, seat: str | None, lang: str, held: Iterable[str] = (), log_from: int = 0) -> dict[str, Any]:
        """Everything ``seat`` (None: a spectator) may know now, rendered in ``lang``; ``held``: all the seats the
        client holds (a hot seat), so it knows whose device it is. ``log_from``: how many of the log lines this seat
        may see the client has already (``log_total`` of its last payload); only the lines after them are sent."""
        with self.lock:
            return self._payload(seat, lang, held, log_from)

    def _payload(self, seat: str | None, lang: str, held: Iterable[str], log_from: int) -> dict[str, Any]:
        self._sync_seats()
        st = self.state
        name = self.game.name
        content = getattr(st, "content", None)
        d = st.decision
        decision = None
        if d is not None:
            decision = {"player": d.player, "player_name": seat_name(name, d.player, lang),
                        "kind": d.kind, "human": self.controllers.get(d.player) == HUMAN}
            if d.player == seat and self.forced() is not None:
                decision["forced"] = True  # no choice: the server takes it (Table.take_forced) and tells everyone
            elif d.player == seat:
                decision["prompt"] = boards.prompt(name, st, d, lang)  # each game's prompt and options as the
                labels = boards.option_labels(name, st, d, lang)  # terminal says them (cli/board_*.py)
                decision["options"] = [
                    {"id": o.id, "action": o.action, "args": _plain(o.args), "rule": o.rule, "label": label,
                     "place": choices.place_of(o.args), "cite": i18n.cite(o.rule, lang),
                     "confirm": choices.needs_confirm(o, d.options)}
                    for o, label in zip(d.options, labels, strict=True)]
                decision["menu"] = choices.menu_tree(d.options, labels)  # choosing in steps (engine/choices.py)
        visible = self._visible_log(seat)
        if log_from > len(visible):
            log_from = 0
        log = [{"text": i18n.render_event(e, lang, name, with_rule=False, content=content),
                "cite": i18n.cite(e.rule, lang), "kind": e.kind, "private": e.seats is not None}
               for e in visible[log_from:]]
        result = _plain(st.result) if st.terminal else None
        view = st.view(seat, log=False)  # without the raw events: the rendered log above says the same
        view.pop("log", None)
        return {
            "type": "state", "game": name, "id": self.id, "title": self.title, "version": len(self.record.moves),
            "seat": seat, "held": [s for s in st.seats if s in set(held)],
            "seats": [{"seat": s, "name": seat_name(name, s, lang), "controller": self.controllers[s],
                       "taken": self.controllers[s] != HUMAN or self.tokens.get(s) is not None} for s in st.seats],
            "undo": self._undo.seat() if self._undo.seat() in set(held) else None,
            "view": view, "names": boards.names(name, view, lang, st),
            "cards": boards.cards(name, view, lang, st),
            "decision": decision, "log": log, "log_from": log_from, "log_total": len(visible),
            "terminal": bool(st.terminal), "result": result,
        }

    def summary(self, lang: str) -> dict[str, Any]:
        """The lobby's line for this game: nothing hidden."""
        with self.lock:
            self._sync_seats()
            d = self.state.decision
            return {"id": self.id, "game": self.game.name, "title": self.title, "created": self.created,
                    "version": len(self.record.moves), "terminal": bool(self.state.terminal),
                    "turn": None if d is None else seat_name(self.game.name, d.player, lang),
                    "seats": [{"seat": s, "name": seat_name(self.game.name, s, lang),
                               "controller": self.controllers[s], "free": s in self.free_seats()}
                              for s in self.state.seats]}

    def save(self, token: str | None) -> dict[str, Any]:
        """The game's save file (cli/saves.py format). A running game's save holds every secret (its seed
        decides the decks), so only a holder of every human seat may take it before the end."""
        humans = [s for s in self.state.seats if self.controllers[s] == HUMAN]
        if not self.state.terminal and not set(humans) <= set(self.seats_of(token)):
            raise WebError.told("web_error_save_hidden", 403)
        with self.lock:
            by_place = dict(zip(self.places, self.state.seats, strict=True))
            controllers = {p: self.controllers[by_place[p]] for p in self.record.players}
            return save_doc(self.game, self.state, self.record, controllers)


def _plain(x: Any) -> Any:
    """JSON-ready: tuples to lists, dict keys to strings."""
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, list | tuple | set | frozenset):
        return [_plain(v) for v in x]
    return x


def replay(game: Any, record: Record) -> Any:
    """The state ``record`` leads to. A move that cannot be applied (a loaded save's) is a :class:`RecordError`
    naming it and why, said in the page's language."""
    state = record.start(game)
    for n, option in enumerate(record.moves, 1):
        try:
            state.apply(option)
        except PlanszowkiError as exc:
            raise RecordError.at(n, option, not_playable(state.decision, option) or exc) from None
    return state


class Tables:
    """Every game of the server, backed by a :class:`Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        for sg in store.games():
            self.tables[sg.id] = self._restore(sg)

    def _restore(self, sg: StoredGame) -> Table:
        """A game as the database left it: its record replayed up to its last committed option."""
        game = load(sg.game)
        record = Record.from_json({**sg.doc["record"], "moves": sg.moves})
        places = list(record.start(game).seats)  # the seats as the game began (the database's names)
        return Table(sg.id, game, replay(game, record), record, dict(sg.doc["controllers"]), dict(sg.seats),
                     sg.doc.get("title", ""), sg.created, places=places)

    def get(self, gid: str) -> Table:
        table = self.tables.get(gid)
        if table is None:
            raise WebError.told("web_error_no_game", 404, game=gid)
        return table

    def create(self, game_name: str, controllers: dict[str, str], options: dict[str, Any] | None = None,
               seed: int | None = None, claim: Iterable[str] = (), title: str = "",
               moves: list[str] | None = None) -> tuple[Table, str | None]:
        """A new game; the creator takes the human seats in ``claim`` (several: a hot seat) and gets their
        token (None when they claim none). ``moves``: a loaded save's record, replayed and checked."""
        try:
            game = load(game_name)
        except PlanszowkiError as exc:
            raise WebError.saying(exc) from None
        if not controllers:
            raise WebError("a game needs seats, e.g. {\"marquise\": \"human\", \"eyrie\": \"heuristic\"}")
        for seat, who in controllers.items():
            if who != HUMAN and who not in ENGINE_SEATS:
                try:  # the lobby's "bot with parameters" field: the refusal in the page's language
                    bots.check_spec(who)
                except PlanszowkiError as exc:
                    raise WebError.told("error_seat_bot", seat=seat, problem=exc) from None
        claim = list(claim)
        for seat in claim:
            if controllers.get(seat) != HUMAN:
                raise WebError(f"seat {seat!r} is not a human seat of this game; it cannot be taken")
        options = dict(options or {})
        if game_name == "ironwood":
            solo = [c for c in controllers.values() if c in ENGINE_SEATS]
            if solo:
                options.setdefault("opponent", solo[0])
        record = Record(secrets.randbelow(1_000_000) if seed is None else int(seed), list(controllers), options,
                        list(moves or []))
        try:
            places = list(record.start(game).seats)  # the seats as the game begins (a draft may rename them)
            state = replay(game, record)
        except (PlanszowkiError, ValueError, KeyError, TypeError) as exc:
            # the game's refusal keeps its catalog key: the person reads it in their language
            raise WebError.told("web_error_setup", problem=exc if isinstance(exc, PlanszowkiError) else str(exc)
                                ) from None
        if set(places) != set(controllers):  # a loaded save's controllers, or a program's seats
            raise WebError.told("web_error_seats", seats=places)
        gid = secrets.token_hex(4)
        while gid in self.tables:
            gid = secrets.token_hex(4)
        token = secrets.token_urlsafe(18) if claim else None
        tokens = {s: (token_hash(token) if token and s in claim else None)
                  for s, c in controllers.items() if c == HUMAN}
        doc = {"record": {**record.to_json(), "moves": []}, "controllers": dict(controllers), "title": title}
        self.store.add_game(gid, game.name, doc, tokens)
        if record.moves:
            self.store.add_moves(gid, 0, list(record.moves))
        table = Table(gid, game, state, record, dict(controllers), tokens, title, places=places)
        self.tables[gid] = table
        return table, token

    def join(self, gid: str, seat: str, token: str | None = None) -> str:
        """Take a free human seat; with ``token`` the seat joins the seats that token already holds (a hot seat),
        else a new token is made. Returns the token."""
        table = self.get(gid)
        table.free_seats()  # the seats' current names
        if seat not in table.controllers:
            raise WebError.told("web_error_no_seat", 404, seat=seat)
        if table.controllers[seat] != HUMAN:
            raise WebError.told("web_error_seat_bot", 409)
        token = token or secrets.token_urlsafe(18)
        h = token_hash(token)
        with table.lock:
            if table.tokens.get(seat) is not None or not self.store.take_seat(gid, table.place_name(seat), h):
                raise WebError.told("web_error_seat_taken", 409)
            table.tokens[seat] = h
        return token


__all__ = ["HUMAN", "Table", "Tables", "WebError", "seat_name"]
