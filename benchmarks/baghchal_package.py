"""The `baghchal` package from PyPI, the comparison of the benchmarks.

Its modules are imported here, after installing the pinned version into the
running interpreter's environment if it is missing. Importing
`baghchal.env` changes the working directory (it calls os.chdir); that is
undone.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from types import ModuleType

#: The version every comparison is made against.
BAGHCHAL = "baghchal==1.0.1"


def import_baghchal(*modules: str) -> list[ModuleType]:
    """The package's `modules` (e.g. "env", "engine"), in order."""
    try:
        importlib.import_module("baghchal")
    except ImportError:
        print(f"installing {BAGHCHAL} into {sys.prefix} ...", flush=True)
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", BAGHCHAL])
    cwd = os.getcwd()
    try:
        return [importlib.import_module(f"baghchal.{name}") for name in modules]
    finally:
        os.chdir(cwd)
