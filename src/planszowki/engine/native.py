"""Which of planszowki's modules run compiled (the optional compiled core: setup.py, ``PLANSZOWKI_COMPILE=1``).

A compiled install has, beside each ``.py`` file of setup.py's ``COMPILED`` modules, an extension module built by
Cython from that same source; Python imports the extension in its place. Nothing else differs, so callers only ask
in order to say which build they measure (``planszowki bench``) or to check that a compiled test run really runs
compiled code (``PLANSZOWKI_REQUIRE_COMPILED=1``, tests/engine/test_native.py).
"""

from __future__ import annotations

import sys
from importlib.machinery import EXTENSION_SUFFIXES


def native_modules(prefix: str = "planszowki.") -> list[str]:
    """The names of the imported modules under ``prefix`` that were loaded from extension modules, sorted."""
    out = []
    for name, mod in list(sys.modules.items()):
        path = getattr(mod, "__file__", None) or ""
        if name.startswith(prefix) and path.endswith(tuple(EXTENSION_SUFFIXES)):
            out.append(name)
    return sorted(out)


__all__ = ["native_modules"]
