"""What the browser tests do on the page of `bagh serve`: click points, read
the move list and the status, and wait for the page to answer."""

from __future__ import annotations

from typing import Any

import bagh
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

# The rule set of the server's tables: small enough to build in a second.
SMALL = "tigers=a1,e5 goats=6 capture_target=2 repetition=allowed"


def wait(driver: Any, condition: Any, seconds: float = 20) -> Any:
    # The page redraws the board and the lists after every answer: an
    # element found just before a redraw is stale, and the condition is
    # asked again.
    return WebDriverWait(driver, seconds, ignored_exceptions=[StaleElementReferenceException]).until(
        lambda d: condition(d)
    )


def point(driver: Any, name: str) -> Any:
    return driver.find_element(By.CSS_SELECTOR, f'.spot[data-point="{name}"]')


def piece_on(driver: Any, name: str) -> str | None:
    """The `data-piece` of a point, read in one step (no element to go stale)."""
    piece: str | None = driver.execute_script(
        "return document.querySelector(`.spot[data-point='${arguments[0]}']`).getAttribute('data-piece');", name
    )
    return piece


def click(driver: Any, name: str) -> None:
    """Clicks a point, again if the board was redrawn under the pointer."""
    for _ in range(5):
        try:
            point(driver, name).click()
            return
        except StaleElementReferenceException:
            continue
    point(driver, name).click()


def plies(driver: Any) -> list[str]:
    """Every move of the move list, those that can be redone too."""
    texts: list[str] = driver.execute_script(
        "return [...document.querySelectorAll('#move-list li[data-ply]')].map((li) => li.textContent);"
    )
    return texts


def played(driver: Any) -> list[str]:
    """The moves of the move list up to the position on the board."""
    texts: list[str] = driver.execute_script(
        "return [...document.querySelectorAll('#move-list li[data-ply]:not(.future)')]"
        ".map((li) => li.textContent);"
    )
    return texts


def status(driver: Any) -> str:
    """The status panel's words, its lines joined by " · ": "Goats to move ·
    5 in hand · 0 of 2 captured"."""
    text: str = driver.execute_script(
        "return [...document.querySelectorAll('#status > p')].map((p) => p.textContent.trim())"
        ".filter((t) => t).join(' · ');"
    )
    return text


def click_move(driver: Any, move: str) -> None:
    """Clicks a move on the board: the point of a placement, else from and to."""
    if len(move) == 2:
        click(driver, move)
    else:
        click(driver, move[:2])
        click(driver, move[-2:])


def solve_then_miss(driver: Any, puzzles: list[dict[str, Any]]) -> None:
    """On the Puzzles tab, already open: the first puzzle solved and judged
    correct, then the next one and a wrong move on it, judged wrong and
    named. The wrong move is any legal move but the solution, found by
    replaying the puzzle's record with the Python package."""
    count = len(puzzles)
    wait(driver, lambda d: f"Puzzle 1 of {count}" in d.find_element(By.ID, "puzzle-info").text)
    wait(driver, lambda d: status(d).endswith("captured"))
    click_move(driver, puzzles[0]["solution"])
    wait(driver, lambda d: d.find_element(By.ID, "puzzle-result").get_attribute("class") == "correct")
    driver.find_element(By.ID, "puzzle-next").click()
    wait(driver, lambda d: f"Puzzle 2 of {count}" in d.find_element(By.ID, "puzzle-info").text)
    wait(driver, lambda d: status(d).endswith("captured"))
    second = puzzles[1]
    game = bagh.Game(second["rules"])
    for move in second["moves"]:
        game.push(move)
    wrong = next(str(m) for m in game.legal_moves() if str(m) != second["solution"])
    click_move(driver, wrong)
    wait(driver, lambda d: d.find_element(By.ID, "puzzle-result").get_attribute("class") == "wrong")
    assert wrong in driver.find_element(By.ID, "puzzle-result").text


def choose(driver: Any, select_id: str, value: str) -> None:
    """Chooses an option of a drop-down, as a person does (a change event)."""
    Select(driver.find_element(By.ID, select_id)).select_by_value(value)


def set_value(driver: Any, input_id: str, value: str) -> None:
    element = driver.find_element(By.ID, input_id)
    element.clear()
    element.send_keys(value)


def open_board(driver: Any, url: str, engine: str = "tiger", seconds: str = "0.1") -> None:
    """A new page (a new game) with the engine on `engine`'s side, thinking
    `seconds` a move."""
    driver.set_window_size(1280, 900)
    driver.get(url)
    wait(driver, lambda d: "to move" in status(d))
    set_value(driver, "engine-time", seconds)
    if engine != "tiger":
        choose(driver, "engine-side", engine)


def severe_errors(driver: Any) -> list[Any]:
    """The console's errors since it was last read."""
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
