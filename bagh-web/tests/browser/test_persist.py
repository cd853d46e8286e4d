"""The game survives a reload: its moves, and the engine's side and level,
come back from the page's address; a new game replaces the one kept; an
address whose record cannot be read gives a new game and says why. The
static board (WebAssembly, `make web-static`) keeps its game alike."""

from __future__ import annotations

import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

from board_page import choose, click, open_board, played, set_value, severe_errors, status, wait  # noqa: E402


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

    # Nobody on the engine's side, kept too.
    choose(driver, "engine-side", "none")
    click(driver, "d3")
    wait(driver, lambda d: kept_plies(d) == 5 and "side=none" in d.current_url)
    driver.refresh()
    wait(driver, lambda d: len(played(d)) == 5 and "Tigers to move" in status(d))
    assert value(driver, "engine-side") == "none"
    # The address changed by hand to give the engine the tigers: the game is
    # read again, and on the engine's turn the engine moves.
    driver.execute_script("location.hash = location.hash.replace('side=none', 'side=tiger');")
    wait(driver, lambda d: len(played(d)) == 6 and "Goats to move" in status(d))
    assert value(driver, "engine-side") == "tiger"
    assert played(driver)[:5] == line + ["d3"]
    # Perfect play (the server has tables) is kept too.
    driver.find_element(By.ID, "engine-perfect").click()
    wait(driver, lambda d: "perfect=true" in d.current_url)
    driver.refresh()
    wait(driver, lambda d: len(played(d)) == 6 and "Goats to move" in status(d))
    assert driver.find_element(By.ID, "engine-perfect").is_selected()

    # A new game replaces the game kept.
    driver.find_element(By.ID, "new-game").click()
    wait(driver, lambda d: played(d) == [] and kept_plies(d) == 0)
    driver.refresh()
    wait(driver, lambda d: "Goats to move" in status(d))
    assert played(driver) == []


def test_an_unreadable_address_gives_a_new_game(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"])
    # From another page, so that the address is loaded afresh.
    driver.get("about:blank")
    driver.get(server["url"].rstrip("/") + "/#record=1.%20z9%20*")
    wait(driver, lambda d: "could not be read" in d.find_element(By.ID, "message").text)
    assert played(driver) == []
    assert "Goats to move" in status(driver)
    # The refused record's 400 is the one error the console shows (read
    # here, so that the tests after this one start with an empty log).
    errors = severe_errors(driver)
    assert errors and all("/api/games" in e["message"] and "400" in e["message"] for e in errors), errors


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def test_the_static_board_keeps_its_game_too(driver: Any) -> None:
    site = Path("target/web-static")
    if not (site / "index.html").is_file() or not (site / "pkg" / "web").is_dir():
        pytest.skip("target/web-static is missing: make web-static builds it")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        open_board(driver, f"http://127.0.0.1:{server.server_address[1]}/")
        click(driver, "c3")
        wait(driver, lambda d: len(played(d)) == 2 and "Goats to move" in status(d), 60)
        line = played(driver)
        wait(driver, lambda d: kept_plies(d) == 2)
        driver.refresh()
        wait(driver, lambda d: played(d) == line and "Goats to move" in status(d), 60)
        assert status(driver).endswith("19 in hand · 0 of 5 captured")
    finally:
        server.shutdown()
        server.server_close()
