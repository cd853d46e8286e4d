"""A whole game against the engine, as a player plays it on the page: after
each of the engine's answers the turn, the phase, the goats in hand and the
captures shown are checked against a count kept here from docs/rules.md (the
goats move first, a goat move of one point is a placement from the hand, a
tiger move with `x` takes a goat, the placement phase lasts while goats are
in hand) and against the back end's own view (`GET /api/games/{id}`). Mid-
game an Undo takes back the player's move with the answer, and the engine
answers the next move. At the end: the banner's words, the move list read
as pairs, and Export then Import with a tag added give the same game."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

from board_page import click_move, open_board, played, set_value, severe_errors, status, wait  # noqa: E402

# The server's rule set (board_page.SMALL): 6 goats, 2 captures win.
GOATS = 6
TARGET = 2


def api(server: dict[str, Any], path: str) -> Any:
    with urllib.request.urlopen(server["url"].rstrip("/") + path, timeout=20) as response:
        return json.load(response)


def game_id(driver: Any) -> str:
    value: str = driver.execute_script("return document.body.dataset.game;")
    return value


class Count:
    """The game's state counted from its moves alone (docs/rules.md)."""

    def __init__(self, moves: list[str]) -> None:
        self.side = "goat"
        self.in_hand = GOATS
        self.captured = 0
        for move in moves:
            if self.side == "goat" and len(move) == 2:
                self.in_hand -= 1
            if self.side == "tiger" and "x" in move:
                self.captured += 1
            self.side = "tiger" if self.side == "goat" else "goat"

    def words(self) -> str:
        turn = "Goats to move" if self.side == "goat" else "Tigers to move"
        return f"{turn} · {self.in_hand} in hand · {self.captured} of {TARGET} captured"

    def phase(self) -> str:
        return "placement" if self.in_hand > 0 else "movement"


def check_shown(server: dict[str, Any], driver: Any) -> list[str]:
    """The page's status and phase against the count and the back end's view;
    answers the moves played."""
    view = api(server, f"/api/games/{game_id(driver)}")
    count = Count(view["moves"])
    assert played(driver) == view["moves"]
    assert (view["side"], view["in_hand"], view["captured"]) == (count.side, count.in_hand, count.captured)
    if view["outcome"] is None:
        assert status(driver) == count.words()
    phase = driver.find_element(By.ID, "phase")
    assert phase.get_attribute("data-phase") == count.phase()
    assert phase.text.lower().startswith(count.phase())
    moves: list[str] = view["moves"]
    return moves


def goats_choice(server: dict[str, Any], driver: Any) -> str:
    """The goats' move that loses fastest by the tables, so that the game ends
    soon (the first legal move where the tables are silent)."""
    truth = api(server, f"/api/games/{game_id(driver)}/truth")
    view = api(server, f"/api/games/{game_id(driver)}")
    if truth.get("available"):
        losing = [m for m in truth["moves"] if m["value"] == "loss"]
        if losing:
            best: str = min(losing, key=lambda m: m["distance"] or 0)["move"]
            return best
    first: str = view["legal"][0]
    return first


def engine_answered(server: dict[str, Any], driver: Any, length: int) -> bool:
    """The engine's answer is shown (or the game is over)."""
    if driver.find_element(By.ID, "banner").is_displayed():
        return True
    return len(played(driver)) == length and "Goats to move" in status(driver)


def pairs_shown(driver: Any) -> list[str]:
    """The move list's rows as text: a number cell starts each row."""
    cells: list[list[str]] = driver.execute_script(
        "return [...document.querySelectorAll('#move-list li')].map((li) => [li.className, li.textContent]);"
    )
    rows: list[str] = []
    for class_name, text in cells:
        if "number" in class_name.split():
            rows.append(text)
        else:
            rows[-1] += " " + text
    return rows


def test_a_whole_game_against_the_engine(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"])
    moves = check_shown(server, driver)
    assert moves == []
    board_top = driver.find_element(By.ID, "board").rect["y"]
    # The first move with the engine searching its whole time (level 20, one
    # second): the tigers' turn is seen while it thinks.
    set_value(driver, "engine-level", "20")
    set_value(driver, "engine-time", "1")
    first = goats_choice(server, driver)
    click_move(driver, first)
    wait(driver, lambda d: status(d) == Count([first]).words())
    assert driver.find_element(By.ID, "phase").get_attribute("data-phase") == "placement"
    wait(driver, lambda d: engine_answered(server, d, 2))
    moves = check_shown(server, driver)
    set_value(driver, "engine-level", "10")
    set_value(driver, "engine-time", "0.1")
    undone = False
    for _ in range(40):
        if driver.find_element(By.ID, "banner").is_displayed():
            break
        move = goats_choice(server, driver)
        click_move(driver, move)
        wait(driver, lambda d: engine_answered(server, d, len(moves) + 2))
        moves = check_shown(server, driver)
        if len(moves) == 4 and not undone:
            # Undo takes back the goats' move and the engine's answer; the
            # engine answers the move played instead.
            undone = True
            before = moves
            driver.find_element(By.ID, "undo").click()
            wait(driver, lambda d: len(played(d)) == 2 and "Goats to move" in status(d))
            moves = check_shown(server, driver)
            assert moves == before[:2]
            assert driver.find_elements(By.CSS_SELECTOR, "#move-list li.future")
    else:
        pytest.fail(f"no end after {len(moves)} plies: {moves}")
    assert undone
    # The end: the tigers' second capture (the goats played to lose).
    count = Count(moves)
    assert count.captured == TARGET
    banner = driver.find_element(By.ID, "banner").text
    assert banner.startswith(f"Tigers win: {TARGET} goats captured"), banner
    assert "Game over" in status(driver)
    # The banner lies over the board: the board has not moved.
    assert driver.find_element(By.ID, "board").rect["y"] == board_top
    # A click folds it away, to see the final position.
    driver.find_element(By.ID, "banner").click()
    assert not driver.find_element(By.ID, "banner").is_displayed()

    # The move list as a record reads: "1. c3 a1b2", one number per goats' move.
    expected = [f"{i // 2 + 1}. " + " ".join(moves[i : i + 2]) for i in range(0, len(moves), 2)]
    assert pairs_shown(driver) == expected
    current = driver.find_elements(By.CSS_SELECTOR, "#move-list li.current")
    assert [c.get_attribute("data-ply") for c in current] == [str(len(moves))]

    # Export, add a tag, Import: the same game, and the tag kept.
    driver.find_element(By.ID, "export").click()
    wait(driver, lambda d: d.find_element(By.ID, "record").get_attribute("value").strip() != "")
    record = driver.find_element(By.ID, "record").get_attribute("value")
    assert "0-1" in record
    box = driver.find_element(By.ID, "record")
    box.clear()
    box.send_keys('[Event "Club night"]\n' + record)
    driver.find_element(By.ID, "import").click()
    wait(driver, lambda d: played(d) == moves and d.find_element(By.ID, "banner").is_displayed())
    assert check_shown(server, driver) == moves
    box.clear()
    driver.find_element(By.ID, "export").click()
    wait(driver, lambda d: "Club night" in d.find_element(By.ID, "record").get_attribute("value"))
    again = driver.find_element(By.ID, "record").get_attribute("value")
    assert '[Event "Club night"]' in again
    assert [line for line in again.splitlines() if not line.startswith("[")] == [
        line for line in record.splitlines() if not line.startswith("[")
    ]
    assert severe_errors(driver) == []


def test_a_move_banned_by_repetition_says_why(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"], engine="none")
    # One tiger on a1 and one goat, repetition=forbidden (docs/rules.md: a
    # move that would recreate a position of the game is illegal).
    set_value(driver, "rules-text", "tigers=a1 goats=1 capture_target=1 repetition=forbidden")
    driver.find_element(By.ID, "new-game").click()
    wait(driver, lambda d: "1 in hand" in status(d))
    for move in ["c3", "a1b1", "c3c4", "b1a1"]:
        count = len(played(driver))
        click_move(driver, move)
        wait(driver, lambda d: len(played(d)) == count + 1)
    # c4c3 would make the position after c3 (ply 1) again.
    click_move(driver, "c4c3")
    message = driver.find_element(By.ID, "message").text
    assert message.startswith("c4c3 is banned: "), message
    assert "ply 1" in message
    assert played(driver) == ["c3", "a1b1", "c3c4", "b1a1"]
    # Typed, the same reason (after another message).
    click_move(driver, "e5")
    assert not driver.find_element(By.ID, "message").text.startswith("c4c3")
    set_value(driver, "move-input", "c4c3\n")
    wait(driver, lambda d: d.find_element(By.ID, "message").text.startswith("c4c3 is banned: "))


def test_a_game_that_starts_with_the_tigers_reads_one_dots(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"], engine="none")
    # A position of the server's rule set with the tigers to move.
    box = driver.find_element(By.ID, "record")
    box.clear()
    box.send_keys("4T/5/2G2/5/T4 t 5 0")
    driver.find_element(By.ID, "import").click()
    wait(driver, lambda d: "Tigers to move" in status(d))
    set_value(driver, "move-input", "a1a2\n")
    wait(driver, lambda d: len(played(d)) == 1)
    click_move(driver, "b2")
    wait(driver, lambda d: len(played(d)) == 2)
    assert pairs_shown(driver) == ["1. … a1a2", "2. b2"]
    current = driver.find_elements(By.CSS_SELECTOR, "#move-list li.current")
    assert [c.text for c in current] == ["b2"]
    # Back one move: the goats' move is to redo, dimmed.
    driver.find_element(By.CSS_SELECTOR, '#move-list li[data-ply="1"]').click()
    wait(driver, lambda d: len(played(d)) == 1)
    assert [f.text for f in driver.find_elements(By.CSS_SELECTOR, "#move-list li.future")] == ["b2"]
