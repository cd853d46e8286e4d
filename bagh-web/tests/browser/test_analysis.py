"""The analysis a player uses: the engine's best move as an arrow on the
board, the value as a bar and in words (the tables' first, as the server
has them), lines in the notation that a click previews on the board, and
all of it cleared by the next move."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

from board_page import click, open_board, piece_on, played, set_value, severe_errors, wait  # noqa: E402

# The one display of a score (docs/engine.md): from the goats' side.
SCORE = re.compile(r"^([+-]\d\.\d\d|0\.00|(goats|tigers) win( in \d+ pl(y|ies))?|draw)$")
NUMBER = re.compile(r"^([+-]\d\.\d\d|0\.00)$")


def lines(driver: Any) -> list[dict[str, str]]:
    found: list[dict[str, str]] = driver.execute_script(
        "return [...document.querySelectorAll('#lines li')].map((li) => ({"
        " moves: li.dataset.moves, score: li.querySelector('.line-score').textContent,"
        " text: li.querySelector('.line-moves').textContent }));"
    )
    return found


def arrows(driver: Any, kind: str) -> list[str]:
    found: list[str] = driver.execute_script(
        "return [...document.querySelectorAll(`#board .arrow.${arguments[0]}`)].map((a) => a.dataset.move);", kind
    )
    return found


def words(driver: Any) -> list[tuple[str, str]]:
    """The value's words: (class, text) of each part, in order."""
    found: list[list[str]] = driver.execute_script(
        "return [...document.querySelectorAll('#eval-words span')].map((s) => [s.className, s.textContent]);"
    )
    return [(kind, text) for kind, text in found]


def analyse(driver: Any, count: int = 1) -> None:
    """Starts the analysis and waits for `count` lines and the best move's arrow."""
    driver.find_element(By.ID, "analyse").click()
    wait(driver, lambda d: len([line for line in lines(d) if line["moves"]]) >= count and arrows(d, "best"))


def test_arrow_words_preview_and_clearing(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"], engine="none")
    set_value(driver, "multipv", "2")
    wait(driver, lambda d: words(d) and words(d)[0][0] == "tables-value")
    analyse(driver, 2)
    # Stopped, so that what is read below stays still.
    driver.find_element(By.ID, "stop").click()
    found = lines(driver)
    best = arrows(driver, "best")
    # The arrow is the first line's first move, a placement at the start.
    assert best == [found[0]["moves"].split()[0]]
    assert re.fullmatch(r"[a-e][1-5]", best[0]), best
    assert piece_on(driver, best[0]) is None, "a goat is placed on an empty point"
    for line in found:
        assert SCORE.match(line["score"]), line
        # In the notation with the move list's numbers: the goats open.
        assert line["text"].startswith("1. " + line["moves"].split()[0]), line

    # The tables' value comes first, the engine's beside it; a figure of
    # the engine's own (a number, not a proven result) is its estimate.
    parts = words(driver)
    assert parts[0][0] == "tables-value" and parts[0][1].endswith(" (tables)"), parts
    assert SCORE.match(parts[0][1].removesuffix(" (tables)")), parts
    engine = next(text for kind, text in parts if kind.startswith("engine-value"))
    assert engine.startswith("engine: ")
    figure = engine.removeprefix("engine: ").removesuffix(" (its estimate)")
    if NUMBER.match(figure):
        assert engine.endswith(" (its estimate)"), parts
    assert driver.find_element(By.ID, "eval-bar").get_attribute("data-expected") is not None
    # Where the Tables panel says the engine's move gives the position's
    # value away, the arrow and the words say so rather than recommend it.
    position_value = driver.find_element(By.CSS_SELECTOR, "#truth span").get_attribute("class")
    move_value = driver.find_element(By.CSS_SELECTOR, f'#move-truth li[data-move="{best[0]}"]').get_attribute("class")
    rank = {"loss": 0, "draw": 1, "win": 2}
    refuted = rank[move_value] < rank[position_value]
    arrow_class = driver.find_element(By.CSS_SELECTOR, "#board .arrow.best").get_attribute("class")
    assert ("refuted" in arrow_class.split()) == refuted, (arrow_class, move_value, position_value)
    assert ("by the tables" in driver.find_element(By.ID, "eval-words").text) == refuted

    # A click on the second line shows its first moves on the board,
    # numbered; a click elsewhere ends the preview.
    second = lines(driver)[1]
    driver.find_elements(By.CSS_SELECTOR, "#lines li")[1].click()
    shown = arrows(driver, "preview")
    assert shown == second["moves"].split()[:4], (shown, second)
    assert arrows(driver, "best") == []
    if os.environ.get("BAGH_SCREENSHOTS"):
        shots = Path(os.environ["BAGH_SCREENSHOTS"])
        shots.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(shots / "board-analysis-preview.png"))
    driver.find_element(By.CSS_SELECTOR, "#analysis-panel legend").click()
    assert arrows(driver, "preview") == []
    assert arrows(driver, "best") == [lines(driver)[0]["moves"].split()[0]]

    # A move: the lines, the arrows and the engine's words are gone.
    empty = next(p for p in ("c3", "b2", "d4") if piece_on(driver, p) is None)
    click(driver, empty)
    wait(driver, lambda d: played(d) == [empty])
    assert lines(driver) == []
    assert arrows(driver, "best") == [] and arrows(driver, "preview") == []
    wait(driver, lambda d: words(d) and words(d)[0][0] == "tables-value")
    assert [kind for kind, _ in words(driver) if kind.startswith("engine")] == []
    assert severe_errors(driver) == []


def test_the_tables_value_leads_a_forced_capture(server: dict[str, Any], driver: Any) -> None:
    # The server's rule set: 2 captures win. One goat captured, the tigers
    # to move, and the tiger on a1 can jump b1 to the empty c1: the tigers
    # win at once (docs/rules.md), and the tables say so first.
    open_board(driver, server["url"], engine="none")
    set_value(driver, "record", "4T/5/2G2/5/TG3 t 3 1")
    driver.find_element(By.ID, "import").click()
    wait(driver, lambda d: piece_on(d, "b1") == "goat")
    wait(driver, lambda d: words(d) and words(d)[0][0] == "tables-value")
    assert words(driver)[0][1].startswith("tigers win") and words(driver)[0][1].endswith("(tables)")
    analyse(driver)
    assert arrows(driver, "best") == ["a1xc1"]
    # The engine agrees (a win for the tigers, in 1 ply): not an estimate.
    engine = next(text for kind, text in words(driver) if kind.startswith("engine-value"))
    assert engine == "engine: tigers win in 1 ply", words(driver)
    # The bar: all the tigers'.
    assert driver.find_element(By.ID, "eval-bar").get_attribute("data-expected") == "-1"
    assert driver.find_element(By.ID, "eval-goats").get_attribute("style") == "width: 0%;"
    assert severe_errors(driver) == []
