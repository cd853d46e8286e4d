"""`bagh serve` in headless Chromium: place a goat by clicking, see the
engine answer, have a click on an occupied point refused, read the tables'
values and the engine's lines, solve one puzzle and fail another. The
browser's console must stay free of errors; screenshots are saved at desktop
and phone widths.

Run by `make test-browser` (part of `make test`), which builds the `bagh`
binary and names it in $BAGH_BIN. Skipped, with the reason, where Chromium
or its driver is missing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import bagh
import pytest

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SMALL = "tigers=a1,e5 goats=6 capture_target=2 repetition=allowed"
SHOTS = Path(os.environ.get("BAGH_SCREENSHOTS", "target/screenshots"))


def chromium() -> tuple[str, str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not browser or not driver:
        pytest.skip("Chromium or chromedriver is missing: install Debian's chromium and chromium-driver")
    return browser, driver


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    binary = os.environ.get("BAGH_BIN", "target/debug/bagh")
    work = tmp_path_factory.mktemp("serve")
    subprocess.run([binary, "build", SMALL, "--dir", str(work / "tables"), "--quiet"], check=True)
    puzzles = work / "puzzles.json"
    subprocess.run(
        [binary, "puzzles", "--tables", str(work / "tables"), "--count", "2", "--max-depth", "4",
         "--out", str(puzzles), "--quiet"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--tables", str(work / "tables"), "--puzzles", str(puzzles)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("bagh serve: http://127.0.0.1:"), line
    yield {"url": line.split(": ", 1)[1].strip(), "puzzles": json.loads(puzzles.read_text())}
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    browser, driver_path = chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = webdriver.ChromeService(executable_path=driver_path)
    chrome = webdriver.Chrome(options=options, service=service)
    yield chrome
    chrome.quit()


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
    texts: list[str] = driver.execute_script(
        "return [...document.querySelectorAll('#move-list li[data-ply]')].map((li) => li.textContent);"
    )
    return texts


def click_move(driver: Any, move: str) -> None:
    """Clicks a move on the board: the point of a placement, else from and to."""
    if len(move) == 2:
        click(driver, move)
    else:
        click(driver, move[:2])
        click(driver, move[-2:])


def test_play_analyse_and_train(server: dict[str, Any], driver: Any) -> None:
    driver.get(server["url"])
    wait(driver, lambda d: "to move" in d.find_element(By.ID, "status").text)
    assert len(driver.find_elements(By.CSS_SELECTOR, "[data-point]")) == 25

    # Place a goat on c3; the engine (tigers, by default) answers.
    click(driver, "c3")
    wait(driver, lambda d: len(plies(d)) == 2)
    assert plies(driver)[0] == "c3"
    assert piece_on(driver, "c3") == "goat"
    tiger_move = plies(driver)[1]
    assert piece_on(driver, tiger_move[-2:]) == "tiger"
    wait(driver, lambda d: "Goats to move" in d.find_element(By.ID, "status").text)

    # A click on an occupied point is refused, and nothing is played.
    click(driver, "c3")
    assert "occupied" in driver.find_element(By.ID, "status").text
    assert len(plies(driver)) == 2

    # The tables mark every legal move, and the engine's lines come live.
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#move-truth li")) > 0)
    values = set(driver.execute_script(
        "return [...document.querySelectorAll('#move-truth li')].map((li) => li.className);"
    ))
    assert values <= {"win", "draw", "loss"} and values
    assert any(word in driver.find_element(By.ID, "truth").text for word in ("win", "draw", "loss"))
    driver.find_element(By.ID, "analyse").click()
    wait(driver, lambda d: "depth" in d.find_element(By.ID, "lines").text)
    driver.find_element(By.ID, "stop").click()
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / "board-desktop.png"))

    # The trainer: the first puzzle solved, the second failed.
    driver.find_element(By.ID, "mode-train").click()
    first, second = server["puzzles"][:2]
    wait(driver, lambda d: "Puzzle 1 of 2" in d.find_element(By.ID, "puzzle-info").text)
    wait(driver, lambda d: d.find_element(By.ID, "status").text.endswith("captured"))
    click_move(driver, first["solution"])
    wait(driver, lambda d: d.find_element(By.ID, "puzzle-result").get_attribute("class") == "correct")
    driver.find_element(By.ID, "puzzle-next").click()
    wait(driver, lambda d: "Puzzle 2 of 2" in d.find_element(By.ID, "puzzle-info").text)
    wait(driver, lambda d: d.find_element(By.ID, "status").text.endswith("captured"))
    game = bagh.Game(second["rules"])
    for move in second["moves"]:
        game.push(move)
    wrong = next(str(m) for m in game.legal_moves() if str(m) != second["solution"])
    click_move(driver, wrong)
    wait(driver, lambda d: d.find_element(By.ID, "puzzle-result").get_attribute("class") == "wrong")
    assert wrong in driver.find_element(By.ID, "puzzle-result").text

    # The phone width.
    driver.set_window_size(390, 844)
    driver.find_element(By.ID, "mode-play").click()
    wait(driver, lambda d: "to move" in d.find_element(By.ID, "status").text)
    driver.save_screenshot(str(SHOTS / "board-phone.png"))

    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], errors
