"""Runs notebooks again in a Jupyter kernel and stores their outputs in place:
`make notebooks` (which installs nbclient and ipykernel) calls it.

Usage: python examples/run_notebooks.py NOTEBOOK.ipynb ...

Each notebook runs in its own folder, as Jupyter would run it, and keeps no
timing of its cells: a notebook run again with the same outputs is the same
file.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbclient
import nbformat


def run(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=3600,
        record_timing=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    nbformat.write(notebook, path)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"running {name}")
        run(Path(name))
