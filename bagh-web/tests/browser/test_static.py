"""The board as static files (`make web-static`) in headless Chromium, served
by Python's http.server on 127.0.0.1: the game, the engine and the analysis
run in WebAssembly in the page's workers. It places a goat on c3, sees the
engine (tigers) answer, sees analysis lines appear and then stop, solves one
puzzle and fails another, and checks that the console logged no error and
that no request went to `/api/`. Screenshots at 1280 and 390 px.

Skipped, with the reason, where bagh-wasm/pkg/web (`make wasm`) or Chromium
is missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

from board_page import SMALL, click, piece_on, plies, severe_errors, solve_then_miss, status, wait  # noqa: E402

SITE = Path("target/web-static")
SHOTS = Path(os.environ.get("BAGH_SCREENSHOTS", "target/screenshots"))
# Scores read from the goats' side (docs/engine.md): "+0.30", "draw", ...
SCORE = re.compile(r"^([+-]\d\.\d\d|0\.00|(goats|tigers) win( in \d+ pl(y|ies))?|draw) \d+\. [a-e][1-5]")


def site_with_puzzles(tmp: Path) -> Path:
    """The static build, with its puzzles; where it was built without any
    (no tables to make them), a copy with two puzzles of a small rule set."""
    if not Path("bagh-wasm/pkg/web").is_dir():
        pytest.skip("bagh-wasm/pkg/web is missing: make wasm builds it (make web-static, the static board)")
    if not (SITE / "index.html").is_file():
        pytest.fail("bagh-wasm/pkg/web is built but target/web-static is not: run make web-static")
    if (SITE / "puzzles.json").is_file():
        return SITE
    copy = tmp / "web-static"
    shutil.copytree(SITE, copy)
    binary = os.environ.get("BAGH_BIN", "target/debug/bagh")
    subprocess.run([binary, "build", SMALL, "--dir", str(tmp / "tables"), "--quiet"], check=True)
    subprocess.run(
        [binary, "puzzles", "--tables", str(tmp / "tables"), "--count", "2", "--max-depth", "4",
         "--out", str(copy / "puzzles.json"), "--quiet"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    config = (copy / "config.js").read_text().replace("puzzles = null", "puzzles = 'puzzles.json'")
    (copy / "config.js").write_text(config)
    return copy


@pytest.fixture(scope="module")
def static_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    root = site_with_puzzles(tmp_path_factory.mktemp("static"))
    requests: list[str] = []

    class Handler(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            requests.append(self.path)

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield {
        "url": f"http://127.0.0.1:{server.server_address[1]}/",
        "requests": requests,
        "puzzles": json.loads((root / "puzzles.json").read_text()),
    }
    server.shutdown()
    server.server_close()


def lines_text(driver: Any) -> str:
    text: str = driver.find_element(By.ID, "lines").text
    return text


def test_the_static_board_plays_analyses_and_trains(static_site: dict[str, Any], driver: Any) -> None:
    driver.set_window_size(1280, 900)
    driver.get(static_site["url"])
    wait(driver, lambda d: "to move" in status(d), 60)
    assert "bagh serve --tables" in driver.find_element(By.ID, "truth").text
    driver.find_element(By.ID, "engine-time").clear()
    driver.find_element(By.ID, "engine-time").send_keys("0.2")

    # Place a goat on c3; the engine (tigers, by default) answers.
    click(driver, "c3")
    wait(driver, lambda d: len(plies(d)) == 2, 60)
    assert plies(driver)[0] == "c3"
    assert piece_on(driver, "c3") == "goat"
    assert piece_on(driver, plies(driver)[1][-2:]) == "tiger"
    wait(driver, lambda d: "Goats to move" in status(d))

    # The analysis: lines appear while the page answers at once, then stop.
    driver.find_element(By.ID, "analyse").click()
    wait(driver, lambda d: "depth" in lines_text(d), 60)
    started = time.monotonic()
    driver.execute_script("return 1;")
    assert time.monotonic() - started < 1.0, "the page froze during the analysis"
    # Read in one step: the lines are redrawn as each depth completes.
    first_line: str = driver.execute_script(
        "return document.querySelector('#lines li').textContent.replace(/\\s+/g, ' ');"
    )
    assert SCORE.search(first_line), first_line
    driver.find_element(By.ID, "stop").click()
    stopped = lines_text(driver)
    time.sleep(2)
    assert lines_text(driver) == stopped, "the analysis went on after Stop"
    assert driver.find_element(By.ID, "message").text == "Analysis stopped."
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / "static-desktop.png"))

    # The trainer, from the static build's puzzle file: the first puzzle
    # solved, the second failed.
    puzzles = static_site["puzzles"]
    driver.find_element(By.ID, "mode-train").click()
    solve_then_miss(driver, puzzles)

    # The phone width, back on the game.
    driver.set_window_size(390, 844)
    driver.find_element(By.ID, "mode-play").click()
    wait(driver, lambda d: "to move" in status(d))
    driver.save_screenshot(str(SHOTS / "static-phone.png"))

    assert severe_errors(driver) == []
    # No request for a server's API: neither seen by the file server nor
    # made by the page.
    assert static_site["requests"] and not [p for p in static_site["requests"] if "/api/" in p]
    fetched: list[str] = driver.execute_script(
        "return performance.getEntriesByType('resource').map((entry) => entry.name);"
    )
    assert not [url for url in fetched if "/api/" in url], fetched
