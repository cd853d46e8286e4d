"""The status line keeps the side to move, the goats in hand and the
captures whatever the page says: refusals, errors and the analysis's news
have a message line of their own, cleared by the next position."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

from board_page import click, open_board, played, severe_errors, status, wait  # noqa: E402


def message(driver: Any) -> str:
    text: str = driver.find_element(By.ID, "message").text
    return text


def test_messages_leave_the_status_line_alone(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"])
    click(driver, "c3")
    wait(driver, lambda d: len(played(d)) == 2 and "Goats to move" in status(d))
    # The server's rule set has 6 goats and a capture target of 2.
    expected = "Goats to move · 5 in hand · 0 of 2 captured"
    assert status(driver) == expected
    # A refused click: the reason in the message line, the status kept.
    click(driver, "c3")
    assert "occupied" in message(driver)
    assert status(driver) == expected
    # The analysis's news too.
    driver.find_element(By.ID, "analyse").click()
    wait(driver, lambda d: "depth" in d.find_element(By.ID, "lines").text)
    driver.find_element(By.ID, "stop").click()
    assert message(driver) == "Analysis stopped."
    assert status(driver) == expected
    # A bad import: the error in the message line.
    driver.find_element(By.ID, "record").clear()
    driver.find_element(By.ID, "record").send_keys("1. z9 *")
    driver.find_element(By.ID, "import").click()
    wait(driver, lambda d: "record" in message(d))
    assert status(driver) == expected
    # The next position clears the message.
    click(driver, "b3")
    wait(driver, lambda d: len(played(d)) == 4 and "Goats to move" in status(d))
    assert message(driver) == ""
    # The refused import's 400 is the one error the console shows.
    errors = severe_errors(driver)
    assert all("400" in entry["message"] for entry in errors), errors
