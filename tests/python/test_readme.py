"""The README's Python quick start runs as written.

Blocks fenced as ```python run; a block fenced as ```py is an outline that
needs more than a test should spend (the tablebase example builds the full
bagh-chal table) and is left out.
"""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_python_blocks_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
    assert blocks, "the README has a Python quick start"
    for block in blocks:
        namespace: dict[str, object] = {}
        exec(compile(block, str(README), "exec"), namespace)
        assert "bagh" in namespace
