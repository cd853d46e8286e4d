"""The page fits a laptop (1366×768) and a phone (390×844): the whole board
and every control that play needs (the status panel's turn, phase, goats in
hand and captures, the message line, Undo, Redo, Flip, the move input and
the engine's side) lie inside the viewport without scrolling, and nothing
scrolls sideways. The window is set to each size, so the viewport is that
size less the browser's own bars, the harder case. Screenshots of both go
to BAGH_SCREENSHOTS when it is set."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium.webdriver")

from board_page import click, open_board, played, status, wait  # noqa: E402

# What play needs, by CSS selector: each must be wholly in view.
NEEDED = [
    "#board",
    "#turn",
    "#phase",
    "#hand",
    "#captures",
    "#message",
    "#undo",
    "#redo",
    "#flip",
    "#move-input",
    "#move-form button[type=submit]",
    "#engine-side",
]

SIZES = [(1366, 768, "desktop"), (390, 844, "phone")]


def outside(driver: Any) -> dict[str, Any]:
    """Each needed element whose box is not wholly inside the viewport, with
    its box; the page scrolled to its top first."""
    found: dict[str, Any] = driver.execute_script(
        """
        window.scrollTo(0, 0);
        const out = {};
        for (const selector of arguments[0]) {
          const node = document.querySelector(selector);
          if (!node) { out[selector] = 'missing'; continue; }
          const box = node.getBoundingClientRect();
          const inside = box.width > 0 && box.height > 0 && box.left >= 0 && box.top >= 0 &&
            box.right <= window.innerWidth + 0.5 && box.bottom <= window.innerHeight + 0.5;
          if (!inside) out[selector] = [box.left, box.top, box.right, box.bottom, window.innerWidth, window.innerHeight];
        }
        return out;
        """,
        NEEDED,
    )
    return found


@pytest.mark.parametrize("width,height,name", SIZES)
def test_play_fits_the_viewport(server: dict[str, Any], driver: Any, width: int, height: int, name: str) -> None:
    open_board(driver, server["url"])
    try:
        driver.set_window_size(width, height)
        # A few moves, so that the move list and the board's marks are there.
        click(driver, "c3")
        wait(driver, lambda d: len(played(d)) == 2 and "Goats to move" in status(d))
        click(driver, "b3")
        wait(driver, lambda d: len(played(d)) == 4 and "Goats to move" in status(d))
        assert outside(driver) == {}
        sideways = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth;")
        assert sideways <= 0, f"the page scrolls {sideways}px sideways"
        # The board is square and takes a fair share of the smaller side.
        box = driver.execute_script(
            "const b = document.querySelector('#board').getBoundingClientRect();"
            "return [b.width, b.height, window.innerWidth, window.innerHeight];"
        )
        assert abs(box[0] - box[1]) < 2
        assert box[0] >= 0.85 * min(box[2], box[3]), box
        shots = os.environ.get("BAGH_SCREENSHOTS")
        if shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(Path(shots) / f"layout-{name}.png"))
    finally:
        driver.set_window_size(1280, 900)
