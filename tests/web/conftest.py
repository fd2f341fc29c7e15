"""Fixtures of the web tests: a fresh PostgreSQL database for the tests of ``--db postgresql://…``."""

from __future__ import annotations

import os
import secrets

import pytest


@pytest.fixture
def pg_url():
    """The URL of a new, empty PostgreSQL database, dropped after the test. The server comes from
    ``$PLANSZOWKI_TEST_POSTGRES`` (a URL of a role that may create databases; .ci/postgres starts one). Without
    it the test is skipped with that reason — unless ``PLANSZOWKI_REQUIRE_POSTGRES=1`` (.ci/run), where it fails."""
    admin = os.environ.get("PLANSZOWKI_TEST_POSTGRES")
    required = os.environ.get("PLANSZOWKI_REQUIRE_POSTGRES") == "1"
    if not admin:
        if required:
            pytest.fail("PLANSZOWKI_TEST_POSTGRES is not set but PLANSZOWKI_REQUIRE_POSTGRES=1")
        pytest.skip("no PostgreSQL server: set PLANSZOWKI_TEST_POSTGRES (.ci/postgres starts one)")
    import psycopg

    name = "planszowki_test_" + secrets.token_hex(6)
    try:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
    except psycopg.OperationalError as exc:
        if required:
            raise
        pytest.skip(f"PostgreSQL at $PLANSZOWKI_TEST_POSTGRES is not reachable ({exc})")
    base, _, _ = admin.rpartition("/")
    yield f"{base}/{name}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
