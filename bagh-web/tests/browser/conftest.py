"""The browser tests' server and browser: `bagh serve` on a small rule set's
tables with two puzzles, and one headless Chromium, shared by every test.
Skipped, with the reason, where Chromium or its driver is missing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest


def chromium() -> tuple[str, str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not browser or not driver:
        pytest.skip("Chromium or chromedriver is missing: install Debian's chromium and chromium-driver")
    return browser, driver


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    from board_page import SMALL

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
    # The tables' directory too, for a test to probe them itself.
    yield {
        "url": line.split(": ", 1)[1].strip(),
        "puzzles": json.loads(puzzles.read_text()),
        "tables": str(work / "tables"),
    }
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="session")
def bare_server() -> Iterator[str]:
    """`bagh serve` with no tables and no puzzles."""
    binary = os.environ.get("BAGH_BIN", "target/debug/bagh")
    process = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("bagh serve: http://127.0.0.1:"), line
    yield line.split(": ", 1)[1].strip()
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="session")
def driver() -> Iterator[Any]:
    webdriver = pytest.importorskip("selenium.webdriver")
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
