"""The engine answers whenever its side is to move: after Undo, an Import, a
click in the move list, a return from the Puzzles tab, and a change of the
side it plays. Against the engine, Undo takes back the player's move with
the engine's answer, so that the player is on the move again."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

from board_page import SMALL, click, open_board, piece_on, played, set_value, severe_errors, status, wait  # noqa: E402

# Points to place goats on, tried in order (the tigers start on a1 and e5).
PLACES = ["c3", "b3", "d3", "c2", "c4", "b2", "d4", "b4", "d2"]


def place_a_goat(driver: Any) -> str:
    """Places a goat on the first empty point of PLACES, and waits for the
    engine's answer (the goats are to move again)."""
    before = len(played(driver))
    target = next(p for p in PLACES if piece_on(driver, p) is None)
    click(driver, target)
    wait(driver, lambda d: len(played(d)) == before + 2 and "Goats to move" in status(d))
    return target


def test_undo_against_the_engine_leaves_the_player_on_the_move(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"])
    first = place_a_goat(driver)
    place_a_goat(driver)
    line = played(driver)
    driver.find_element(By.ID, "undo").click()
    # The player's move and the engine's answer are taken back: the goats
    # are to move, and nothing waits for a tiger moved by hand.
    wait(driver, lambda d: played(d) == line[:2] and "Goats to move" in status(d))
    assert played(driver)[0] == first
    assert severe_errors(driver) == []


def test_the_engine_moves_after_undo_to_its_own_turn(server: dict[str, Any], driver: Any) -> None:
    # The engine takes the goats, which are to move: it places one at once.
    open_board(driver, server["url"], engine="goat")
    wait(driver, lambda d: len(played(d)) == 1 and "Tigers to move" in status(d))
    driver.find_element(By.ID, "undo").click()
    # Back at the start, the goats (the engine) are to move: it places again.
    wait(driver, lambda d: len(played(d)) == 1 and "Tigers to move" in status(d))
    assert severe_errors(driver) == []


def test_the_engine_moves_after_a_click_in_the_move_list(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"])
    first = place_a_goat(driver)
    place_a_goat(driver)
    # Back to the position after the first goat: the tigers' turn.
    driver.find_element(By.CSS_SELECTOR, '#move-list li[data-ply="1"]').click()
    wait(driver, lambda d: len(played(d)) == 2 and "Goats to move" in status(d))
    assert played(driver)[0] == first
    assert severe_errors(driver) == []


def test_the_engine_moves_after_an_import(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"])
    set_value(driver, "record", f'[Rules "{SMALL}"]\n\n1. c3 *')
    driver.find_element(By.ID, "import").click()
    wait(driver, lambda d: len(played(d)) == 2 and "Goats to move" in status(d))
    assert played(driver)[0] == "c3"
    assert severe_errors(driver) == []


def test_the_game_comes_back_from_the_puzzles_and_the_engine_moves(server: dict[str, Any], driver: Any) -> None:
    # The engine may think two seconds: the player leaves for the puzzles
    # as soon as the goat stands on c3, most often before it answers (a
    # level may answer sooner than its time, so the test does not wait for
    # the move list to hold c3 alone).
    open_board(driver, server["url"], seconds="2")
    click(driver, "c3")
    wait(driver, lambda d: piece_on(d, "c3") == "goat")
    driver.find_element(By.ID, "mode-train").click()
    wait(driver, lambda d: "Puzzle 1 of 2" in d.find_element(By.ID, "puzzle-info").text)
    driver.find_element(By.ID, "mode-play").click()
    # The game is back, with the engine's answer.
    wait(driver, lambda d: len(played(d)) == 2 and "Goats to move" in status(d))
    assert played(driver)[0] == "c3"
    assert piece_on(driver, "c3") == "goat"
    assert severe_errors(driver) == []
