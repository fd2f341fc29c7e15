"""Build hook of the optional compiled core (issue 15, docs/performance.md).

``pip install .`` (and ``pip install -e .``) install pure Python. With ``PLANSZOWKI_COMPILE=1`` in the environment a
non-editable install (``PLANSZOWKI_COMPILE=1 pip install .``, or ``pip wheel .``) also compiles the modules of
:data:`COMPILED` with Cython into extension modules, which Python imports in place of the ``.py`` files. The code is the
same: Cython compiles it unchanged, with its annotations not taken as C types (``annotation_typing`` off, so an argument
of the wrong type fails as in Python), so the rules, option ids and games are the same on both paths (the test suite
runs on both in CI). Declaration files beside the source, which Python ignores, say what the build may make C-level:
``engine/flow.pxd`` and ``games/root/state.pxd`` make the game state (and its log) an extension type whose fields sit in
the object (any value still accepted there, but ``log_chain`` must be a ``LogChain``; other attributes go to
``__dict__``), ``games/root/turn.pxd`` lets the option builders asked at almost every decision read them directly
(``nonecheck`` on: a ``None`` state raises AttributeError there as in Python; ``games/root/factions/marquise.pxd``,
``vagabond.pxd``, ``alliance.pxd`` and ``eyrie.pxd`` the same for those factions' option builders), ``engine/core.pxd``
makes ``Option`` and ``Decision`` extension types and ``engine/rng.pxd`` keeps the random generator's state in a C
integer. A module Cython cannot compile, or a machine without a C compiler, falls back to the module's pure-Python
source with a warning (``optional`` extensions).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup

#: the hot paths: the kernel, the rules of the three games (Root with every faction, Ironwood with its solo
#: opponents, The Great Wall), and the bots that play rollouts (random, and the games' heuristic bots, which play the
#: default search's rollouts and the lab's heuristic seats)
COMPILED = ("planszowki/engine", "planszowki/games/root", "planszowki/games/root/factions",
            "planszowki/games/ironwood", "planszowki/games/ironwood/solo", "planszowki/games/great_wall",
            "planszowki/bots/random.py", "planszowki/bots/ismcts.py", "planszowki/bots/heuristic.py",
            "planszowki/bots/root", "planszowki/bots/ironwood", "planszowki/bots/great_wall")


def ext_modules() -> list:
    if os.environ.get("PLANSZOWKI_COMPILE", "0") in ("", "0"):
        return []
    from Cython.Build import cythonize
    from Cython.Compiler.Errors import CompileError
    from setuptools import Extension

    src = Path(__file__).resolve().parent / "src"
    files: list[Path] = []
    for entry in COMPILED:
        p = src / entry
        files += sorted(p.glob("*.py")) if p.is_dir() else [p]
    out = []
    for f in files:
        if f.name == "__init__.py":
            continue
        rel = f.relative_to(src.parent).as_posix()
        name = ".".join(f.relative_to(src).with_suffix("").parts)
        try:
            out += cythonize([Extension(name, [rel], optional=True)], quiet=True,
                             compiler_directives={"language_level": 3, "binding": True,
                                                  "annotation_typing": False, "nonecheck": True})
        except CompileError as e:  # stays pure Python; said at build time
            print(f"planszowki: {rel} stays pure Python (Cython: {e})", file=sys.stderr)
    return out


setup(ext_modules=ext_modules(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
