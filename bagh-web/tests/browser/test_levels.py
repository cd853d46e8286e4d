"""The Engine panel: the level and the time name their ranges, and a value
outside them is refused with a message before anything is asked of the back
end; "perfect" is offered where the server has tables, and the engine then
plays a move the tables rate best (checked by probing the server's tables
from Python); a server without tables, and the static build, say why there is
no perfect play."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import bagh
import pytest

pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

from board_page import SMALL, choose, open_board, played, set_value, severe_errors, status, wait  # noqa: E402

# Keeps the bodies of the page's requests for an engine move: server.js
# calls the global fetch when it asks.
COUNT_ENGINE_REQUESTS = """
window.engineRequests = [];
const fetched = window.fetch;
window.fetch = (url, options, ...rest) => {
  if (String(url).endsWith('/engine')) window.engineRequests.push(JSON.parse(options.body));
  return fetched(url, options, ...rest);
};
"""


def message(driver: Any) -> str:
    text: str = driver.find_element(By.ID, "message").text
    return text


def blur(driver: Any) -> None:
    """Leaves the field being typed in (its change is sent)."""
    driver.find_element(By.CSS_SELECTOR, "#engine-panel legend").click()


def engine_requests(driver: Any) -> int:
    return len(engine_bodies(driver))


def engine_bodies(driver: Any) -> list[dict[str, Any]]:
    bodies: list[dict[str, Any]] = driver.execute_script("return window.engineRequests;")
    return bodies


def test_the_level_names_its_range_and_99_is_refused(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"], engine="none")
    level = driver.find_element(By.ID, "engine-level")
    assert (level.get_attribute("min"), level.get_attribute("max")) == ("1", "20")
    assert driver.find_element(By.ID, "engine-level-range").text == "1–20"
    assert driver.find_element(By.ID, "engine-time-range").text == "0.1–10 s"
    driver.execute_script(COUNT_ENGINE_REQUESTS)

    # 99, then the engine given the goats (to move): refused, nothing asked.
    set_value(driver, "engine-level", "99")
    choose(driver, "engine-side", "goat")
    wait(driver, lambda d: "Level 99" in message(d))
    assert "1 to 20" in message(driver)
    assert level.get_attribute("aria-invalid") == "true"
    assert played(driver) == [] and engine_requests(driver) == 0

    # A time out of its range is refused the same way.
    set_value(driver, "engine-time", "30")
    set_value(driver, "engine-level", "5")
    blur(driver)
    wait(driver, lambda d: "Time 30 s" in message(d))
    assert "0.1 to 10 seconds" in message(driver)
    assert played(driver) == [] and engine_requests(driver) == 0

    # In range again, the engine plays at once: one request, one move.
    set_value(driver, "engine-time", "0.1")
    blur(driver)
    wait(driver, lambda d: len(played(d)) == 1 and "Tigers to move" in status(d))
    assert engine_bodies(driver) == [{"level": 5, "time_ms": 100}]
    assert level.get_attribute("aria-invalid") == "false"
    assert "Level" not in message(driver)
    assert severe_errors(driver) == []


def mover_value(tables: Any, position: Any, move: str) -> str:
    """The value of `move` for the side playing it, by the tables."""
    after: str = tables.probe(position.play(move)).value
    return {"win": "loss", "draw": "draw", "loss": "win"}[after]


RANK = {"loss": 0, "draw": 1, "win": 2}


def a_line_to_a_choice(tables: Any) -> list[str]:
    """The first line from the start (in a fixed order, breadth first) to a
    position where some legal move gives away the value the best keeps."""
    frontier: list[list[str]] = [[]]
    while frontier:
        line = frontier.pop(0)
        game = bagh.Game(SMALL)
        for move in line:
            game.push(move)
        position = game.position
        if game.outcome() is not None:
            continue
        values = {mover_value(tables, position, str(m)) for m in position.legal_moves()}
        if line and len(values) > 1:
            return line
        frontier.extend(line + [str(m)] for m in position.legal_moves())
    raise AssertionError("no position with a choice")


def test_perfect_play_with_tables_plays_a_best_move(server: dict[str, Any], driver: Any) -> None:
    # The server's tables, probed here from Python: the truth is not the
    # server's word.
    tables = bagh.Tablebase.open(server["tables"])
    line = a_line_to_a_choice(tables)
    open_board(driver, server["url"], engine="none")
    # The server has tables: perfect play is offered, and no reason why not.
    assert driver.find_element(By.ID, "engine-perfect-choice").is_displayed()
    assert not driver.find_element(By.ID, "engine-perfect-why").is_displayed()
    driver.find_element(By.ID, "engine-perfect").click()
    assert not driver.find_element(By.ID, "engine-level").is_enabled()
    driver.execute_script(COUNT_ENGINE_REQUESTS)
    for count, move in enumerate(line, 1):
        set_value(driver, "move-input", move)
        driver.find_element(By.CSS_SELECTOR, "#move-form button").click()
        wait(driver, lambda d, n=count: len(played(d)) == n)
    position = bagh.Position(driver.find_element(By.ID, "position-text").get_attribute("value"), SMALL)
    best = max((mover_value(tables, position, str(m)) for m in position.legal_moves()), key=RANK.__getitem__)
    side = "goat" if position.to_text().split()[1] == "g" else "tiger"
    choose(driver, "engine-side", side)
    wait(driver, lambda d: len(played(d)) == len(line) + 1)
    assert engine_bodies(driver) == [{"perfect": True, "time_ms": 100}]
    move = played(driver)[-1]
    assert mover_value(tables, position, move) == best, (line, move)
    assert severe_errors(driver) == []


def test_without_tables_the_page_says_why_there_is_no_perfect_play(bare_server: str, driver: Any) -> None:
    open_board(driver, bare_server, engine="none")
    assert not driver.find_element(By.ID, "engine-perfect-choice").is_displayed()
    why = driver.find_element(By.ID, "engine-perfect-why")
    assert why.is_displayed()
    assert not driver.find_element(By.ID, "engine-perfect-reason").is_displayed()
    why.find_element(By.TAG_NAME, "summary").click()
    reason = driver.find_element(By.ID, "engine-perfect-reason").text
    assert "bagh serve --tables DIR" in reason and "this server has none" in reason
    assert severe_errors(driver) == []


@pytest.fixture(scope="module")
def static_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The static board as `make web-static` lays it out (the page's files,
    bagh-wasm's package, a config.js naming the WebAssembly back end), from
    the current files."""
    package = Path("bagh-wasm/pkg/web")
    if not (package / "index.js").is_file():
        pytest.skip("bagh-wasm/pkg/web is missing: make wasm builds it (make web-static, the static board)")
    root = tmp_path_factory.mktemp("static") / "site"
    shutil.copytree(package, root / "pkg" / "web")
    for asset in Path("bagh-web/assets").iterdir():
        if asset.suffix in (".js", ".html", ".css"):
            shutil.copy(asset, root / asset.name)
    (root / "config.js").write_text("export const backend = 'wasm';\nexport const puzzles = null;\n")

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


# The WebAssembly back end asked directly, as the page asks it: its refusal.
ASK_WASM = """
const done = arguments[arguments.length - 1];
import('./wasm.js').then(async ({ wasmBackend }) => {
  const backend = wasmBackend();
  const game = await backend.createGame({});
  return backend.engineMove(game.id, arguments[0]).then(() => 'played', (error) => error.message);
}).then(done, (error) => done(`failed: ${error}`));
"""


def test_the_static_board_has_no_perfect_play_and_refuses_a_bad_level(static_page: str, driver: Any) -> None:
    driver.set_window_size(1280, 900)
    driver.get(static_page)
    wait(driver, lambda d: "to move" in status(d), 60)
    assert not driver.find_element(By.ID, "engine-perfect-choice").is_displayed()
    driver.find_element(By.CSS_SELECTOR, "#engine-perfect-why summary").click()
    assert "browser alone" in driver.find_element(By.ID, "engine-perfect-reason").text
    driver.set_script_timeout(60)
    assert driver.execute_async_script(ASK_WASM, {"level": 99, "time_ms": 100}) == "level: 99 is not in 1..=20"
    assert driver.execute_async_script(ASK_WASM, {"perfect": True, "time_ms": 100}).startswith(
        "perfect: this page has no tables"
    )
    assert driver.execute_async_script(ASK_WASM, {"level": 3, "time_ms": 0}) == "time_ms: 0 is not in 1..=10000"
    assert severe_errors(driver) == []
