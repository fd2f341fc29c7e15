"""``planszowki serve``: uvicorn running :func:`planszowki.web.app.create_app` on one port."""

from __future__ import annotations

from rich.console import Console

from ..cli.saves import data_dir
from .app import MAX_MESSAGE, create_app
from .store import sqlite_path


def default_db() -> str:
    return str(data_dir() / "server.sqlite3")


def serve(host: str, port: int, db: str | None, console: Console) -> int:
    import uvicorn

    path = sqlite_path(db or default_db())
    app = create_app(str(path))
    console.print(f"planszowki: http://{host}:{port}/  (games kept in {path}; Ctrl-C stops the server)")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=MAX_MESSAGE * 4)
    return 0
