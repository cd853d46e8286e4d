"""The board's cues: the goats a tiger could jump are marked, a capture
shows the goat taken, and the last move is drawn (an arrow from and to, a
ring on a placement). The position is imported as a position text, and the
goats en prise are worked out by hand below from the rules (docs/rules.md),
not asked of the page."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

from board_page import click, click_move, open_board, piece_on, played, set_value, severe_errors, wait  # noqa: E402

# The server's rule set (tigers a1 and e5, 6 goats, 2 captures win). Goats
# on b1 and c3, 4 in hand, none captured, the goats to move:
#
#   5 . . . . T     b1: the tiger on a1 beside it, c1 behind it empty, on
#   4 . . . . .         the first rank: en prise.
#   3 . . G . .     c3: none of its eight neighbours holds a tiger (a1 and
#   2 . . . . .         e5 are two points away, b2 and d4 are empty): safe.
#   1 T G . . .
#     a b c d e
POSITION = "4T/5/2G2/5/TG3 g 4 0"


def marked(driver: Any, attribute: str) -> set[str]:
    found: list[str] = driver.execute_script(
        "return [...document.querySelectorAll(`#board [${arguments[0]}]`)].map((e) => e.getAttribute(arguments[0]));",
        attribute,
    )
    return set(found)


def screenshot(driver: Any, name: str) -> None:
    if os.environ.get("BAGH_SCREENSHOTS"):
        shots = Path(os.environ["BAGH_SCREENSHOTS"])
        shots.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(shots / name))


def test_threats_the_taken_goat_and_the_last_move(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"], engine="none")
    set_value(driver, "record", POSITION)
    driver.find_element(By.ID, "import").click()
    wait(driver, lambda d: piece_on(d, "b1") == "goat" and piece_on(d, "c3") == "goat")
    # On the goats' turn: the goat they must cover.
    assert marked(driver, "data-threat") == {"b1"}
    assert marked(driver, "data-taken") == set()
    screenshot(driver, "board-threat.png")

    # A goat placed on e3: e3's neighbours (e2, e4, d2, d3, d4) hold no
    # tiger, so b1 stays the one goat en prise, now the tigers' to take.
    # The placement's point is ringed as the last move.
    click(driver, "e3")
    wait(driver, lambda d: played(d) == ["e3"])
    assert marked(driver, "data-last") == {"e3"}
    assert marked(driver, "data-threat") == {"b1"}

    # The tiger jumps b1: the goat is gone from b1, its ghost is marked
    # there, and the move is an arrow. After it no goat is en prise: the
    # tigers on c1 and e5 have no goat beside them (c3 and e3 are two
    # points from c1 and from e5).
    click_move(driver, "a1xc1")
    wait(driver, lambda d: played(d) == ["e3", "a1xc1"])
    assert piece_on(driver, "b1") is None
    assert piece_on(driver, "c1") == "tiger"
    assert marked(driver, "data-taken") == {"b1"}
    assert marked(driver, "data-threat") == set()
    arrows = driver.find_elements(By.CSS_SELECTOR, "#board .arrow.last-move")
    assert [arrow.get_attribute("data-move") for arrow in arrows] == ["a1xc1"]
    assert marked(driver, "data-last") == {"a1", "c1"}
    screenshot(driver, "board-capture.png")

    # The next move (a goat placed on a5): the ghost goes, and the last
    # move is the new one.
    click(driver, "a5")
    wait(driver, lambda d: played(d) == ["e3", "a1xc1", "a5"])
    assert marked(driver, "data-taken") == set()
    assert marked(driver, "data-last") == {"a5"}
    assert severe_errors(driver) == []
