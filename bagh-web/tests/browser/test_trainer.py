"""The trainer on the page of `bagh serve`: a puzzle shows the moves that led
to it and what to achieve; a wrong move's refutation is listed and played
out on the board, Retry brings the puzzle back, and the puzzle is solved;
a hint marks the piece of the solution; the score counts; and a server
without puzzles says how to get them with no request failing. Expected
values come from the puzzle file the server reads (conftest.py), a source
of its own, and from the rules (docs/notation.md)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from board_page import click, click_move, open_board, played, severe_errors, wait
from selenium.webdriver.common.by import By

# A refutation's moves come 0.7 s apart (trainer.js): the board is read ten
# times as often.
POLL = 0.07


def text(driver: Any, element_id: str) -> str:
    value: str = driver.find_element(By.ID, element_id).text
    return value


def score(driver: Any) -> tuple[int, int, int]:
    """Solved at the first try, solved, streak."""
    return (int(text(driver, "score-first")), int(text(driver, "score-solved")), int(text(driver, "score-streak")))


def goal(puzzle: dict[str, Any]) -> str:
    # A position's text names the side to move after the board: `g` or `t`.
    side = "Goats" if puzzle["position"].split(" ")[1] == "g" else "Tigers"
    return f"{side} to move: {'win' if puzzle['keeps'] == 'win' else 'hold the draw'}"


def open_puzzles(driver: Any, server: dict[str, Any]) -> None:
    """A new page on the Puzzles tab, its first puzzle on the board."""
    open_board(driver, server["url"])
    driver.find_element(By.ID, "mode-train").click()
    first = server["puzzles"][0]
    wait(driver, lambda d: "Puzzle 1 of 2" in text(d, "puzzle-info") and played(d) == first["moves"])


def next_puzzle(driver: Any, server: dict[str, Any]) -> dict[str, Any]:
    driver.find_element(By.ID, "puzzle-next").click()
    second: dict[str, Any] = server["puzzles"][1]
    wait(driver, lambda d: "Puzzle 2 of 2" in text(d, "puzzle-info") and played(d) == second["moves"])
    return second


def test_a_puzzle_shows_the_moves_before_it_and_what_to_achieve(server: dict[str, Any], driver: Any) -> None:
    open_puzzles(driver, server)
    first = server["puzzles"][0]
    assert first["moves"], "the test's puzzles come from games: moves lead to them"
    assert text(driver, "puzzle-goal") == goal(first)
    # The last move is the move list's current one, and is marked on the
    # board from and to (a placement: its point).
    last = first["moves"][-1]
    assert driver.find_element(By.CSS_SELECTOR, "#move-list li.current").text == last
    marked = driver.execute_script(
        "return [...document.querySelectorAll('#board [data-last]')].map((e) => e.dataset.last);"
    )
    assert sorted(marked) == sorted({last[:2], last[-2:]})
    second = next_puzzle(driver, server)
    assert text(driver, "puzzle-goal") == goal(second)
    assert severe_errors(driver) == []


def test_a_wrong_move_is_refuted_on_the_board_then_retried_and_solved(server: dict[str, Any], driver: Any) -> None:
    open_puzzles(driver, server)
    first = server["puzzles"][0]
    # Solved at the first try.
    click_move(driver, first["solution"])
    wait(driver, lambda d: d.find_element(By.ID, "puzzle-result").get_attribute("class") == "correct")
    assert played(driver) == first["moves"] + [first["solution"]]
    assert score(driver) == (1, 1, 1)

    second = next_puzzle(driver, server)
    # A hint marks where the file's solution starts: in the notation a
    # placement is its point, a step or capture starts with the point left.
    driver.find_element(By.ID, "puzzle-hint").click()
    hint = wait(driver, lambda d: d.execute_script("return document.querySelector('#board .hint')?.dataset.hint;"))
    assert hint == second["solution"][:2]
    assert score(driver)[2] == 0, "a hint ends the streak"

    # A wrong move that the file refutes: the move and the refutation are
    # listed, and played on the board one by one, then the puzzle is back.
    assert second["refutations"], "the test's puzzles keep the refutations of their tempting moves"
    refuted = second["refutations"][0]
    wrong, line = refuted["move"], refuted["line"]
    click_move(driver, wrong)
    wait(driver, lambda d: d.find_element(By.ID, "puzzle-result").get_attribute("class") == "wrong")
    listed = driver.execute_script(
        "return [...document.querySelectorAll('#puzzle-line li')].map((li) => li.textContent);"
    )
    assert listed == [wrong] + line
    seen: list[list[str]] = []
    deadline = time.monotonic() + 0.7 * len(line) + 15
    while time.monotonic() < deadline:
        now = played(driver)
        if not seen or seen[-1] != now:
            seen.append(now)
        if len(seen) > 1 and now == second["moves"]:
            break
        time.sleep(POLL)
    walked = [second["moves"] + [wrong] + line[:k] for k in range(len(line) + 1)]
    assert [s for s in seen if s in walked] == walked, seen
    assert seen[-1] == second["moves"], "the puzzle comes back after the refutation"

    # Again a wrong move, and Retry while its refutation plays: the puzzle
    # is back at once and stays.
    click_move(driver, wrong)
    wait(driver, lambda d: len(played(d)) > len(second["moves"]))
    driver.find_element(By.ID, "puzzle-retry").click()
    wait(driver, lambda d: played(d) == second["moves"])
    time.sleep(1.5)
    assert played(driver) == second["moves"]

    # Solved, after a wrong move: solved, not at the first try.
    click_move(driver, second["solution"])
    wait(driver, lambda d: d.find_element(By.ID, "puzzle-result").get_attribute("class") == "correct")
    assert score(driver) == (1, 2, 0)
    # A puzzle solved again counts once.
    driver.find_element(By.ID, "puzzle-next").click()
    wait(driver, lambda d: "Puzzle 1 of 2" in text(d, "puzzle-info") and played(d) == first["moves"])
    click_move(driver, first["solution"])
    wait(driver, lambda d: d.find_element(By.ID, "puzzle-result").get_attribute("class") == "correct")
    assert score(driver) == (1, 2, 0)
    assert severe_errors(driver) == []


def test_without_puzzles_the_tab_says_how_to_get_them_and_no_request_fails(bare_server: str, driver: Any) -> None:
    severe_errors(driver)  # the log so far, read and left behind
    open_board(driver, bare_server)
    driver.find_element(By.ID, "mode-train").click()
    wait(driver, lambda d: "bagh puzzles --tables DIR --out FILE" in text(d, "puzzle-info"))
    assert "bagh serve --puzzles FILE" in text(driver, "puzzle-info")
    assert not driver.find_element(By.ID, "puzzle-hint").is_displayed()
    # A click on the board asks the back end nothing.
    click(driver, "c3")
    wait(driver, lambda d: "bagh puzzles" in text(d, "message"))
    fetched: list[str] = driver.execute_script(
        "return performance.getEntriesByType('resource').map((entry) => entry.name);"
    )
    assert not [url for url in fetched if "/api/puzzles" in url], fetched
    assert severe_errors(driver) == []
    # The Play tab's game is as it was.
    driver.find_element(By.ID, "mode-play").click()
    wait(driver, lambda d: played(d) == [])
