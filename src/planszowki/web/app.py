"""``planszowki serve``: the web server (Starlette + uvicorn + websockets), game-agnostic.

HTTP for the lobby (list, create, join, load a save, download a save) and the pages; one websocket per open
table for live play. The server is authoritative: a client sends an option id, the engine checks it, the option is
committed to the database, then every connection of that game is sent its own payload (:meth:`Table.payload`:
its seat's ``view``, its decision, its log) — never another seat's secrets.

Websocket messages (JSON text):

* client -> server: ``{"type": "hello", "token": "...", "lang": "pl"}`` first (no token: a spectator); then
  ``{"type": "act", "seat": "marquise", "option": "<option id>", "version": 17}`` (``version``: the payload's
  ``version`` the choice was made on; a stale one is refused), ``{"type": "focus", "seat": ...}`` (a hot seat
  shows another of its seats), ``{"type": "undo", "seat": ...}`` (take back that seat's last option while nothing
  hidden has come out since: :meth:`Table.undo`), ``{"type": "hint", "seat": ...}`` (what the heuristic bot would
  choose, from what the seat knows: answered ``{"type": "hint", "option": ..., "label": ...}``),
  ``{"type": "lang", "lang": "en"}``.
* server -> client: ``{"type": "state", ...}`` (a payload) after the hello and after every change;
  ``{"type": "error", "message": "...", "status": 400}`` to the sender only, when a message is refused — nothing
  changes then and nobody else is told.

The token travels in the hello message, not in a URL, so it stays out of access logs; the join links put it in
the page address's fragment (``/game/ID#token``), which browsers never send to the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import bots, i18n
from ..cli.saves import SAVE_FORMAT, Record, SaveError
from ..engine import PlanszowkiError
from . import boards
from .store import Store, open_store
from .tables import HUMAN, Table, Tables, WebError

log = logging.getLogger("planszowki.web")

#: The largest websocket message or request body accepted (an option id is short; a save file is not).
MAX_MESSAGE = 4096
MAX_BODY = 8 * 1024 * 1024
#: Options a bot may apply before everyone is told of them (then the bots go on).
BOT_BATCH = 40


def _static_dir() -> str:
    return str(resources.files("planszowki.web") / "static")


@dataclass(eq=False)
class Client:
    ws: WebSocket
    gid: str
    seats: list[str]  # the seats this connection holds (several: a hot seat); empty: a spectator
    lang: str = i18n.DEFAULT_LANG
    focus: str | None = None  # the held seat shown when none of them is to decide
    token: str | None = None
    #: the log this connection holds: (seat, language, the table's takeback epoch) and how many lines
    log_key: tuple[Any, ...] = ()
    log_sent: int = 0
    #: the position of the last payload sent: (the table's takeback epoch, the number of options applied)
    shown: tuple[int, int] = (-1, -1)


class Hub:
    """The live side: the connections of each game and the bots' driving tasks."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.clients: dict[str, set[Client]] = {}
        self.driving: set[str] = set()  # games whose driving task runs
        self.wanted: set[str] = set()  # games asked to go on since their task last looked
        self.tasks: set[asyncio.Task[None]] = set()

    def shown_seat(self, table: Table, client: Client) -> str | None:
        d = table.state.decision
        if d is not None and d.player in client.seats:
            return d.player
        return client.focus if client.focus in client.seats else (client.seats[0] if client.seats else None)

    def payload(self, table: Table, client: Client, news_only: bool = False) -> dict[str, Any] | None:
        """The client's next payload: only the log lines it does not hold yet (all of them after it changed seat
        or language, or options were taken back). ``news_only``: None if the client was already sent this
        position (the bots' task and a person's option may both tell it), so a client never sees a position twice
        and can take the next payload after its option as the answer to it."""
        with table.lock:  # one position: never read while a worker thread applies an option
            shown = (table.epoch, len(table.record.moves))
            if news_only and shown == client.shown:
                return None
            client.shown = shown
            if client.token and client.seats:
                now = table.seats_of(client.token)  # a seat the game renamed (Root's faction draft, A.8.2) follows
                if now != client.seats:
                    if client.focus in client.seats:
                        client.focus = now[client.seats.index(client.focus)] if len(now) == len(client.seats) else None
                    client.seats = now
            seat = self.shown_seat(table, client)
            key = (seat, client.lang, table.epoch)
            start = client.log_sent if key == client.log_key else 0
            p = table.payload(seat, client.lang, client.seats, start)
            client.log_key, client.log_sent = key, p["log_total"]
            return p

    async def broadcast(self, gid: str, news_only: bool = False) -> None:
        """Send every connection of the game its payload (``news_only``: only those not sent this position yet)."""
        table = self.tables.get(gid)
        for client in list(self.clients.get(gid, ())):
            p = self.payload(table, client, news_only)
            if p is None:
                continue
            try:
                await client.ws.send_json(p)
            except Exception:  # a connection that went away: its handler removes it
                continue

    def drive(self, gid: str) -> None:
        """Let the game go on by itself if it can — its bots to move, or a person's option that is no choice
        (:meth:`Table.forced`). One task per game does it; a call while it runs makes it look once more before it
        stops (the position may have changed under it), so a move is never left waiting."""
        self.wanted.add(gid)
        if gid in self.driving:
            return
        self.driving.add(gid)
        task = asyncio.get_running_loop().create_task(self._drive(gid))
        self.tasks.add(task)  # the loop keeps only a weak reference to a task: hold it until it is done
        task.add_done_callback(self.tasks.discard)

    async def _drive(self, gid: str) -> None:
        table = self.tables.get(gid)
        try:
            while True:
                self.wanted.discard(gid)
                n = await asyncio.to_thread(table.step_bots, self.tables.store, BOT_BATCH)
                n += await asyncio.to_thread(table.take_forced, self.tables.store)
                if n:
                    await self.broadcast(gid, news_only=True)
                elif gid not in self.wanted:
                    break
        except Exception:
            log.exception("game %s: a bot failed", gid)
        finally:
            self.driving.discard(gid)


def _json_error(exc: Exception, lang: str, status: int = 400) -> JSONResponse:
    text = exc.text(lang) if isinstance(exc, PlanszowkiError) else str(exc)
    return JSONResponse({"error": text}, status_code=getattr(exc, "status", status))


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise WebError(f"request too large ({len(raw)} bytes; at most {MAX_BODY})", 413)
    try:
        doc = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise WebError("the request body is not JSON") from None
    if not isinstance(doc, dict):
        raise WebError("the request body must be a JSON object")
    return doc


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", i18n.DEFAULT_LANG)
    return lang if lang in i18n.LANGS else i18n.DEFAULT_LANG


def _token(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return None


def create_app(db: str | Store = ":memory:") -> Starlette:
    """The application, its games in the database ``db`` — a :class:`Store` or what ``--db`` accepts (an SQLite
    file, ``sqlite:///FILE``, ``postgresql://…``) — restored from it at start."""
    store = db if isinstance(db, Store) else open_store(db)
    tables = Tables(store)
    hub = Hub(tables)

    async def index(request: Request) -> Response:
        return FileResponse(f"{_static_dir()}/index.html")

    async def table_page(request: Request) -> Response:
        tables.get(request.path_params["gid"])
        return FileResponse(f"{_static_dir()}/table.html")

    async def list_games(request: Request) -> Response:
        lang = _lang(request)
        return JSONResponse({"games": [t.summary(lang) for t in reversed(list(tables.tables.values()))]})

    async def meta(request: Request) -> Response:
        """What the lobby offers: the games, their seats and setup choices, the bots."""
        from .meta import games_meta

        return JSONResponse({"games": games_meta(_lang(request)), "bots": sorted(bots.names()),
                             "langs": list(i18n.LANGS)})

    async def texts(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in i18n.LANGS:
            raise WebError(f"no language {lang!r}; {', '.join(i18n.LANGS)}", 404)
        return JSONResponse(i18n.catalog(lang).get("web", {}))

    async def board(request: Request) -> Response:
        table = tables.get(request.path_params["gid"])
        with table.lock:
            geo = boards.geometry(table.game.name, table.state)
        if geo is None:
            raise WebError(f"{table.game.name} has no drawn board yet (its view is shown as a list)", 404)
        return JSONResponse(geo)

    async def create(request: Request) -> Response:
        doc = await _body(request)
        game = doc.get("game")
        seats = doc.get("seats")
        if not isinstance(game, str) or not isinstance(seats, dict) \
                or not all(isinstance(k, str) and isinstance(v, str) for k, v in seats.items()):
            raise WebError("write {\"game\": \"root\", \"seats\": {\"marquise\": \"human\", \"eyrie\": \"heuristic\"}}")
        options = doc.get("options") or {}
        claim = doc.get("claim") or []
        seed = doc.get("seed")
        if not isinstance(options, dict) or not isinstance(claim, list) \
                or (seed is not None and (not isinstance(seed, int) or isinstance(seed, bool))):
            raise WebError("options must be an object, claim a list of seats, seed an integer")
        if "content" in options and not isinstance(options["content"], dict | type(None)) \
                and options["content"] != "demo":
            raise WebError("a content file on the server's disk cannot be named from a browser; send its JSON")
        table, token = tables.create(game, seats, options, seed, claim, str(doc.get("title", ""))[:80])
        hub.drive(table.id)
        return JSONResponse({"id": table.id, "token": token, "seats": table.seats_of(token)})

    async def join(request: Request) -> Response:
        doc = await _body(request)
        seat = doc.get("seat")
        if not isinstance(seat, str):
            raise WebError("write {\"seat\": \"<seat>\"}")
        gid = request.path_params["gid"]
        token = tables.join(gid, seat, _token(request))
        await hub.broadcast(gid)
        return JSONResponse({"id": gid, "token": token, "seats": tables.get(gid).seats_of(token)})

    async def save(request: Request) -> Response:
        table = tables.get(request.path_params["gid"])
        doc = table.save(_token(request) or request.query_params.get("token"))
        return Response(json.dumps(doc, ensure_ascii=False, indent=1), media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="{table.game.name}-{table.id}.json"'})

    async def rootlog(request: Request) -> Response:
        """Root: the game so far in Rootlog notation — public information only, so anyone may take it."""
        table = tables.get(request.path_params["gid"])
        if table.game.name != "root":
            raise WebError(f"Rootlog is Root's notation; this game is {table.game.name}", 404)
        from ..games.root import rootlog as rl

        with table.lock:
            text = rl.write(table.state)
        return Response(text, media_type="text/plain; charset=utf-8",
                        headers={"content-disposition": f'attachment; filename="root-{table.id}.rootlog"'})

    async def load_save(request: Request) -> Response:
        """A save file (cli/saves.py) continued on the server: its record replayed and checked, its human seats
        all given to the one who loads it."""
        doc = await _body(request)
        if doc.get("format") != SAVE_FORMAT or not isinstance(doc.get("game"), str):
            raise WebError.told("web_error_not_a_save", format=repr(doc.get("format")), expected=repr(SAVE_FORMAT))
        try:
            record = Record.from_json(doc.get("record"))
        except SaveError as exc:  # the file the person chose in the lobby: said in the page's language
            raise WebError.saying(exc) from None
        controllers = doc.get("controllers") or {s: HUMAN for s in record.players}
        if not isinstance(controllers, dict) or list(controllers) != list(record.players):
            raise WebError.told("web_error_save_controllers")
        humans = [s for s, c in controllers.items() if c == HUMAN]
        table, token = tables.create(doc["game"], controllers, record.options, record.seed, humans,
                                     str(doc.get("title", ""))[:80], record.moves)
        hub.drive(table.id)
        return JSONResponse({"id": table.id, "token": token, "seats": table.seats_of(token)})

    def guarded(handler: Any) -> Any:
        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except WebError as exc:
                return _json_error(exc, _lang(request))
            except PlanszowkiError as exc:
                return _json_error(exc, _lang(request), 400)
        return run

    async def ws_endpoint(ws: WebSocket) -> None:
        gid = ws.path_params["gid"]
        # the page's language, for a refusal before its hello says it (``/ws/<game>?lang=pl``)
        hello_lang = ws.query_params.get("lang", i18n.DEFAULT_LANG)
        hello_lang = hello_lang if hello_lang in i18n.LANGS else i18n.DEFAULT_LANG
        await ws.accept()
        try:
            table = tables.get(gid)
        except WebError as exc:
            await ws.send_json({"type": "error", "message": exc.text(hello_lang), "status": exc.status})
            await ws.close()
            return
        client: Client | None = None
        try:
            while True:
                raw = await ws.receive_text()
                try:
                    msg = _message(raw)
                    if client is None:
                        if msg.get("lang") in i18n.LANGS:
                            hello_lang = msg["lang"]
                        client = _hello(msg, table, gid, ws)
                        hub.clients.setdefault(gid, set()).add(client)
                        await ws.send_json(hub.payload(table, client))
                        hub.drive(gid)
                        continue
                    kind = msg.get("type")
                    if kind == "act":
                        seat, option, version = msg.get("seat"), msg.get("option"), msg.get("version")
                        if not isinstance(seat, str) or not isinstance(option, str) \
                                or (version is not None and not isinstance(version, int)):
                            raise WebError("act needs a seat, an option id and the version it was chosen at")
                        await asyncio.to_thread(act_and_forced, table, tables.store, client.token, seat, option,
                                                version)
                        await hub.broadcast(gid, news_only=True)
                        hub.drive(gid)
                    elif kind == "undo":
                        seat = msg.get("seat")
                        if not isinstance(seat, str):
                            raise WebError("undo needs the seat whose last option is taken back")
                        await asyncio.to_thread(table.undo, tables.store, client.token, seat)
                        await hub.broadcast(gid)
                    elif kind == "hint":
                        seat = msg.get("seat")
                        if not isinstance(seat, str):
                            raise WebError("hint needs the seat that decides")
                        await ws.send_json(await asyncio.to_thread(table.hint, client.token, seat, client.lang))
                    elif kind == "focus":
                        if msg.get("seat") not in client.seats:
                            raise WebError.told("web_error_focus", 403)
                        client.focus = msg["seat"]
                        await ws.send_json(hub.payload(table, client))
                    elif kind == "lang":
                        if msg.get("lang") not in i18n.LANGS:
                            raise WebError(f"lang must be one of {', '.join(i18n.LANGS)}")
                        client.lang = msg["lang"]
                        await ws.send_json(hub.payload(table, client))
                    else:
                        raise WebError(f"unknown message type {kind!r} (hello, act, undo, hint, focus, lang)")
                except WebError as exc:  # said in the connection's language (its hello's, before it is known)
                    await ws.send_json({"type": "error", "message": exc.text(client.lang if client else hello_lang),
                                        "status": exc.status})
        except WebSocketDisconnect:
            pass
        finally:
            if client is not None:
                hub.clients.get(gid, set()).discard(client)

    routes = [
        Route("/", index),
        Route("/game/{gid}", guarded(table_page)),
        Route("/api/meta", guarded(meta)),
        Route("/api/games", guarded(list_games)),
        Route("/api/games/new", guarded(create), methods=["POST"]),
        Route("/api/games/load", guarded(load_save), methods=["POST"]),
        Route("/api/games/{gid}/join", guarded(join), methods=["POST"]),
        Route("/api/games/{gid}/save", guarded(save)),
        Route("/api/games/{gid}/board", guarded(board)),
        Route("/api/games/{gid}/rootlog", guarded(rootlog)),
        Route("/api/i18n/{lang}", guarded(texts)),
        WebSocketRoute("/ws/{gid}", ws_endpoint),
        Mount("/static", StaticFiles(directory=_static_dir()), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for gid in tables.tables:
            hub.drive(gid)  # bots whose turn it was when the server stopped go on
        yield
        store.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.tables = tables
    app.state.hub = hub
    return app


def act_and_forced(table: Table, store: Store, token: str | None, seat: str, option: str, version: int | None) -> None:
    """A person's option, and the forced options after it (:meth:`Table.forced`), told together."""
    table.act(store, token, seat, option, version)
    table.take_forced(store)


def _message(raw: str) -> dict[str, Any]:
    if len(raw) > MAX_MESSAGE:
        raise WebError(f"message too large ({len(raw)} characters; at most {MAX_MESSAGE})", 413)
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise WebError("a message must be a JSON object") from None
    if not isinstance(msg, dict):
        raise WebError("a message must be a JSON object")
    return msg


def _hello(msg: dict[str, Any], table: Table, gid: str, ws: WebSocket) -> Client:
    if msg.get("type") != "hello":
        raise WebError("say hello first: {\"type\": \"hello\", \"token\": ..., \"lang\": \"en\"}")
    token = msg.get("token") or None
    if token is not None and not isinstance(token, str):
        raise WebError("the token must be a string")
    seats = table.seats_of(token)
    if token and not seats:
        raise WebError.told("web_error_bad_token", 403)
    lang = msg.get("lang") if msg.get("lang") in i18n.LANGS else i18n.DEFAULT_LANG
    return Client(ws, gid, seats, lang, seats[0] if seats else None, token)
