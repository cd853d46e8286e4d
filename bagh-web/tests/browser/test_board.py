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

import os
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

from board_page import click, piece_on, plies, solve_then_miss, wait  # noqa: E402

SCORE = re.compile(r"^([+-]\d\.\d\d|0\.00|(goats|tigers) win( in \d+ pl(y|ies))?|draw) \d+\. [a-e][1-5]")
SHOTS = Path(os.environ.get("BAGH_SCREENSHOTS", "target/screenshots"))


def test_play_analyse_and_train(server: dict[str, Any], driver: Any) -> None:
    driver.set_window_size(1280, 900)
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
    assert "occupied" in driver.find_element(By.ID, "message").text
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
    # Scores read from the goats' side, as every front end shows them
    # (docs/engine.md): "+0.30", "goats win in 12 plies", "draw".
    first_line = driver.find_element(By.CSS_SELECTOR, "#lines li").text
    assert SCORE.search(first_line), first_line
    assert "cp " not in first_line
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / "board-desktop.png"))

    # The trainer: the first puzzle solved, the second failed.
    driver.find_element(By.ID, "mode-train").click()
    solve_then_miss(driver, server["puzzles"])

    # The phone width.
    driver.set_window_size(390, 844)
    driver.find_element(By.ID, "mode-play").click()
    wait(driver, lambda d: "to move" in d.find_element(By.ID, "status").text)
    driver.save_screenshot(str(SHOTS / "board-phone.png"))

    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], errors
