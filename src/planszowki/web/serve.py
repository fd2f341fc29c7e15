"""``planszowki serve``: uvicorn running :func:`planszowki.web.app.create_app` on one port."""

from __future__ import annotations

from rich.console import Console

from ..cli.saves import data_dir
from .app import MAX_MESSAGE, create_app
from .store import open_store, where


def default_db() -> str:
    return str(data_dir() / "server.sqlite3")


def serve(host: str, port: int, db: str | None, console: Console) -> int:
    import uvicorn

    url = db or default_db()
    app = create_app(open_store(url))
    console.print(f"planszowki: http://{host}:{port}/  (games kept in {where(url)}; Ctrl-C stops the server)")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=MAX_MESSAGE * 4)
    return 0
