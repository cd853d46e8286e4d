"""The game survives a reload: its moves, and the engine's side and level,
come back from the page's address; a new game replaces the one kept; an
address whose record cannot be read gives a new game and says why."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

from board_page import choose, click, open_board, played, set_value, status, wait  # noqa: E402


def value(driver: Any, element_id: str) -> str:
    text: str = driver.find_element(By.ID, element_id).get_attribute("value")
    return text


def kept_plies(driver: Any) -> int:
    """How many moves the address's record holds: reads the address only."""
    count: int = driver.execute_script(
        "const record = new URLSearchParams(location.hash.slice(1)).get('record') || '';"
        "return record.replace(/\\[[^\\]]*\\]/g, '').replace(/\\{[^}]*\\}/g, '').split(/\\s+/)"
        ".filter((t) => t && !/^\\d+\\.+$/.test(t) && !/^(\\*|1-0|0-1|1\\/2-1\\/2)$/.test(t)).length;"
    )
    return count


def test_a_reload_keeps_the_game(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"])
    click(driver, "c3")
    wait(driver, lambda d: len(played(d)) == 2 and "Goats to move" in status(d))
    click(driver, "b3")
    wait(driver, lambda d: len(played(d)) == 4 and "Goats to move" in status(d))
    line = played(driver)
    set_value(driver, "engine-level", "7")
    driver.find_element(By.ID, "engine-time").click()  # the level's change event
    wait(driver, lambda d: kept_plies(d) == 4 and "level=7" in d.current_url)

    driver.refresh()
    wait(driver, lambda d: played(d) == line and "Goats to move" in status(d))
    assert value(driver, "engine-level") == "7"
    assert value(driver, "engine-side") == "tiger"
    assert status(driver).endswith("4 in hand · 0 of 2 captured")

    # The engine on the goats' side, kept too; a reload on its turn: it moves.
    choose(driver, "engine-side", "goat")
    wait(driver, lambda d: len(played(d)) == 5 and "Tigers to move" in status(d))
    choose(driver, "engine-side", "none")
    wait(driver, lambda d: kept_plies(d) == 5 and "side=none" in d.current_url)
    driver.refresh()
    wait(driver, lambda d: len(played(d)) == 5 and "Tigers to move" in status(d))
    assert value(driver, "engine-side") == "none"

    # A new game replaces the game kept.
    driver.find_element(By.ID, "new-game").click()
    wait(driver, lambda d: played(d) == [] and kept_plies(d) == 0)
    driver.refresh()
    wait(driver, lambda d: "Goats to move" in status(d))
    assert played(driver) == []


def test_an_unreadable_address_gives_a_new_game(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"])
    # Only the fragment differs from the page's address: the reload reads it.
    driver.get(server["url"].rstrip("/") + "/#record=1.%20z9%20*")
    driver.refresh()
    wait(driver, lambda d: "could not be read" in d.find_element(By.ID, "message").text)
    assert played(driver) == []
    assert "Goats to move" in status(driver)
