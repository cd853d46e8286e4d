"""The progress display of the builds' ``progress=True``.

One :class:`Bar` per stage of a build, named after the stage and the rule
set (``movement bagh-chal``, then ``placement bagh-chal``): a tqdm bar
(``tqdm.auto``, so a widget in a notebook) when tqdm can be imported, else
one line on stderr rewritten in place at each new percent. The extension
makes the bars, feeds them and closes each when its stage ends.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any


class Bar:
    """A callable ``(done, total)`` that shows a build's progress; ``close()`` ends it."""

    def __init__(self, description: str) -> None:
        self._description = description
        self._bar: Any = None
        self._percent = -1
        self._closed = False
        try:
            self._tqdm: Any = importlib.import_module("tqdm.auto")
        except ImportError:
            self._tqdm = None

    def __call__(self, done: int, total: int) -> None:
        if self._tqdm is not None:
            if self._bar is None:
                self._bar = self._tqdm.tqdm(
                    total=total, desc=self._description, unit_scale=True
                )
            self._bar.update(done - self._bar.n)
            return
        percent = 100 * done // total if total else 100
        if percent != self._percent:
            self._percent = percent
            sys.stderr.write(f"\r{self._description}: {percent:3d}% ({done:,}/{total:,})")
            sys.stderr.flush()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._bar is not None:
            self._bar.close()
        elif self._percent >= 0:
            sys.stderr.write("\n")
            sys.stderr.flush()
