"""Where the server keeps its games: an SQLite file (the standard library's ``sqlite3``, the default) or a
PostgreSQL database (``--db postgresql://user:password@host/dbname``, with the ``postgres`` extra: psycopg) for a
bigger site.

A game is its record — seed, players, setup options and the option ids applied, in order (DESIGN.md,
promise 2) — plus who plays each seat and the hashes of the seats' join tokens. Every applied option is a
row of its own, committed before anyone is told of it, so a server killed at any moment restores each game
to its last applied option by replaying the record (:meth:`Store.games`).

Tokens are never stored: only their SHA-256, so a copy of the database lets nobody act for a seat.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import PlanszowkiError

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    created  {time} NOT NULL,
    doc      TEXT NOT NULL          -- JSON: record (seed, players, options), controllers, title
);
CREATE TABLE IF NOT EXISTS seats (
    game_id  TEXT NOT NULL REFERENCES games(id),
    seat     TEXT NOT NULL,
    token    TEXT,                  -- SHA-256 of the seat's join token; NULL: a free seat
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    game_id  TEXT NOT NULL REFERENCES games(id),
    n        INTEGER NOT NULL,      -- 0, 1, 2 ... : the record's order
    option   TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS takebacks (
    game_id  TEXT NOT NULL REFERENCES games(id),
    n        INTEGER NOT NULL,      -- the record's place of the option taken back
    option   TEXT NOT NULL,
    seat     TEXT NOT NULL,
    at       {time} NOT NULL
);
"""


class StoreError(PlanszowkiError, ValueError):
    """The database cannot be opened or does not hold planszowki games."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class StoredGame:
    """One game as the database holds it."""

    id: str
    game: str
    created: float
    doc: dict[str, Any]
    seats: dict[str, str | None]  # seat -> token hash (None: nobody has taken it)
    moves: list[str] = field(default_factory=list)


def sqlite_path(url: str) -> Path:
    """``sqlite:///path/to/file.db`` or a plain path -> the file's path."""
    if "://" not in url:
        return Path(url).expanduser()
    scheme, _, rest = url.partition("://")
    if scheme != "sqlite":
        raise StoreError(f"--db {_without_password(url)}: a database is sqlite:///FILE, a file path or postgresql://…; "
                         f"{scheme} is not supported")
    if not rest.startswith("/"):
        raise StoreError(f"--db {url!r}: write sqlite:///FILE (three slashes, then the file's path)")
    return Path(rest[1:] if rest.startswith("//") else rest).expanduser()


def is_postgres(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def open_store(url: str) -> Store:
    """The store a ``--db`` value names: ``postgresql://…`` (or ``postgres://…``) -> :class:`PostgresStore`,
    ``sqlite:///FILE``, a file path or ``:memory:`` -> :class:`Store` (SQLite)."""
    if is_postgres(url):
        return PostgresStore(url)
    return Store(url if url == ":memory:" else sqlite_path(url))


def where(url: str) -> str:
    """What to tell a person about where games are kept: the file, or the server without its password."""
    if not is_postgres(url):
        return str(url if url == ":memory:" else sqlite_path(url))
    return _without_password(url)


def _without_password(url: str) -> str:
    scheme, _, rest = url.partition("://")
    creds, at, host = rest.rpartition("@")
    return f"{scheme}://{creds.split(':')[0]}@{host}" if at else url


class Store:
    """The games table, the seats table and the moves table of one SQLite database. Thread-safe: one
    connection, used under a lock (bots apply options from worker threads). :class:`PostgresStore` is the same
    tables in PostgreSQL: the two differ only in how they connect and in the SQL's placeholders."""

    #: the SQL type of a time (seconds since the epoch, with fractions)
    TIME_TYPE = "REAL"

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db: Any = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: a committed row survives a killed process
            self._db.executescript(SCHEMA.format(time=self.TIME_TYPE))
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: not a planszowki database ({exc})") from None
        self._lock = threading.Lock()

    # -- the dialect: SQLite's ``?`` placeholders and its connection's execute/executemany ----------------
    def _x(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._db.execute(sql, params)

    def _many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        self._db.executemany(sql, rows)

    @contextmanager
    def _tx(self) -> Iterator[None]:
        """One transaction under the lock: committed when the block ends, rolled back if it raises."""
        with self._lock:
            self._x("BEGIN")
            try:
                yield
            except BaseException:
                self._x("ROLLBACK")
                raise
            self._x("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add_game(self, gid: str, game: str, doc: dict[str, Any], seats: dict[str, str | None]) -> None:
        """A new game; ``seats`` maps each human seat to its token's hash (None: free)."""
        with self._tx():
            self._x("INSERT INTO games VALUES (?, ?, ?, ?)",
                    (gid, game, time.time(), json.dumps(doc, ensure_ascii=False)))
            self._many("INSERT INTO seats VALUES (?, ?, ?)", [(gid, s, h) for s, h in seats.items()])

    def add_moves(self, gid: str, first: int, options: list[str]) -> None:
        """Options ``first``, ``first + 1`` ... of a game's record, committed together."""
        with self._tx():
            self._many("INSERT INTO moves VALUES (?, ?, ?)", [(gid, first + i, o) for i, o in enumerate(options)])

    def take_back(self, gid: str, n: int, option: str, seat: str) -> None:
        """Option ``n`` (the record's last) taken back by ``seat``: gone from the record, kept in ``takebacks``."""
        with self._tx():
            cur = self._x("DELETE FROM moves WHERE game_id = ? AND n = ? AND option = ?", (gid, n, option))
            if cur.rowcount != 1:
                raise StoreError(f"game {gid}: option {n} ({option!r}) is not the record's to take back")
            self._x("INSERT INTO takebacks VALUES (?, ?, ?, ?, ?)", (gid, n, option, seat, time.time()))

    def takebacks(self, gid: str) -> list[tuple[int, str, str]]:
        """A game's takebacks, oldest first: (place in the record, option, seat)."""
        with self._lock:
            return [tuple(r) for r in self._x(
                "SELECT n, option, seat FROM takebacks WHERE game_id = ? ORDER BY at", (gid,)).fetchall()]

    def take_seat(self, gid: str, seat: str, token_sha: str) -> bool:
        """Give a free seat to the holder of a token; False when it was already taken."""
        with self._lock:
            cur = self._x("UPDATE seats SET token = ? WHERE game_id = ? AND seat = ? AND token IS NULL",
                          (token_sha, gid, seat))
            return cur.rowcount == 1

    def games(self) -> Iterator[StoredGame]:
        """Every game with its seats and moves, oldest first."""
        with self._lock:
            rows = self._x("SELECT id, game, created, doc FROM games ORDER BY created, id").fetchall()
            seats: dict[str, dict[str, str | None]] = {}
            for gid, seat, tok in self._x("SELECT game_id, seat, token FROM seats").fetchall():
                seats.setdefault(gid, {})[seat] = tok
            moves: dict[str, list[str]] = {}
            for gid, _n, option in self._x("SELECT game_id, n, option FROM moves ORDER BY game_id, n").fetchall():
                moves.setdefault(gid, []).append(option)
        for gid, game, created, doc in rows:
            yield StoredGame(gid, game, created, json.loads(doc), seats.get(gid, {}), moves.get(gid, []))


class PostgresStore(Store):
    """The same tables in a PostgreSQL database (``postgresql://user:password@host:port/dbname``), through
    psycopg (``pip install "planszowki[postgres]"``). One connection in autocommit mode, used under the lock;
    each change is one explicit transaction committed before the server tells anyone of it, as with SQLite."""

    TIME_TYPE = "DOUBLE PRECISION"  # PostgreSQL's REAL holds 6 digits: too few for a time

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError(f"--db {where(url)}: PostgreSQL needs psycopg: pip install 'planszowki[postgres]'"
                             ) from None
        self.path = where(url)
        self._errors = psycopg.Error
        try:
            self._db = psycopg.connect(url, autocommit=True)
            self._db.execute(SCHEMA.format(time=self.TIME_TYPE))
        except psycopg.Error as exc:
            raise StoreError(f"--db {self.path}: cannot use the database ({str(exc).strip()})") from None
        self._lock = threading.Lock()

    def _x(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._db.execute(sql.replace("?", "%s"), params or None)

    def _many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        with self._db.cursor() as cur:
            cur.executemany(sql.replace("?", "%s"), rows)
