"""examples/learn.ipynb runs, short (BAGH_NOTEBOOK_SHORT=1), and its small
numpy network predicts the tables' values of held-out positions better than
always answering the most common value."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "learn.ipynb"


def test_the_learning_notebook_runs_short(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BAGH_NOTEBOOK_SHORT", "1")
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    namespace: dict[str, object] = {"__name__": "learn"}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), f"{NOTEBOOK.name}", "exec"), namespace)
    accuracy, majority = namespace["held_out_accuracy"], namespace["majority"]
    assert isinstance(accuracy, float) and isinstance(majority, float)
    assert accuracy > majority + 0.1, (accuracy, majority)
