"""`lab run --ray`: a local Ray gives the same lines as worker processes for the same seeds.

Ray is in the test extra, so CI (``CI`` set) must have it; elsewhere the test is skipped without it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from planszowki.lab import LabError, RunConfig, read_results, run

if os.environ.get("CI"):
    import ray  # noqa: F401  (CI installs the test extra, which holds Ray: fail loudly if it is missing)
else:
    pytest.importorskip("ray")

CFG = RunConfig.make("root", {"marquise": "random", "eyrie": "random"}, {"map": "autumn"}, max_turns=500)


def strip(path: Path) -> dict[int, dict]:
    return {d["seed"]: {k: v for k, v in d.items() if k != "duration"} for d in read_results(path)}


def test_ray_matches_processes(tmp_path: Path) -> None:
    import ray

    assert not ray.is_initialized()
    via_ray, via_procs = tmp_path / "ray.jsonl", tmp_path / "procs.jsonl"
    s = run(CFG, 20, 6, via_ray, workers=2, use_ray=True, batch=2)  # 3 tasks of 2 games on a local Ray
    assert s.played == 6 and not ray.is_initialized()  # the lab shut down the Ray it started
    run(CFG, 20, 6, via_procs, workers=2)
    a, b = strip(via_ray), strip(via_procs)
    assert sorted(a) == list(range(20, 26)) and a == b


def test_missing_ray_is_a_clear_error(monkeypatch, tmp_path: Path) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(LabError, match=r"planszowki\[ray\]"):
        run(CFG, 1, 1, tmp_path / "x.jsonl", use_ray=True)
