"""`planszowki bench --web` runs against a real server and reports latency and lost options (a bench, not timed),
in the person's language."""

from __future__ import annotations

import io

from rich.console import Console

from planszowki.web.bench import run_web_bench


def test_web_bench_plays_games_over_websockets_and_loses_no_option():
    out = io.StringIO()
    code = run_web_bench(3, 2.0, 1, Console(file=out, width=200))
    text = out.getvalue()
    assert code == 0, text
    assert "web bench: 3 games of Root" in text
    assert "lost options (answered as applied, not in the database): 0" in text
    sent = int(text.split("options sent by the clients: ")[1].split(";")[0])
    assert sent > 0 and "p50 " in text and "{" not in text


def test_web_bench_report_in_polish():
    out = io.StringIO()
    code = run_web_bench(1, 1.0, 2, Console(file=out, width=200), "pl")
    text = out.getvalue()
    assert code == 0, text
    assert "bench --web: 1 gra Root" in text and "średnio" in text and "{" not in text
    assert "utracone opcje (potwierdzone jako zastosowane, a nieobecne w bazie danych): 0" in text
    assert int(text.split("opcje wysłane przez klientów: ")[1].split(";")[0]) > 0
