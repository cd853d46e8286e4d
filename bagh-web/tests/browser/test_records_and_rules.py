"""Export and Import: the exported record reads back, with its tags and
comments. The Game panel tells the game's own rule set: a preset chosen is
the game's, and an imported rule set shows in the drop-down."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from board_page import SMALL, choose, open_board, piece_on, played, set_value, severe_errors, status, wait  # noqa: E402

RECORD = (
    '[Rules "bagh-chal"]\n[Event "Club night"]\n[Site "Kathmandu"]\n\n'
    "{A quiet start} 1. c3 {the centre} a1b2 2. d3 {out of reach} *"
)


def text_of(driver: Any, element_id: str) -> str:
    value: str = driver.find_element(By.ID, element_id).get_property("value")
    return value


def import_text(driver: Any, text: str) -> None:
    set_value(driver, "record", text)
    driver.find_element(By.ID, "import").click()


def test_export_then_import_keeps_the_game_its_tags_and_comments(server: dict[str, Any], driver: Any) -> None:
    open_board(driver, server["url"], engine="none")
    import_text(driver, RECORD)
    wait(driver, lambda d: played(d) == ["c3", "a1b2", "d3"])
    driver.find_element(By.ID, "export").click()
    wait(driver, lambda d: text_of(d, "record") != RECORD)
    exported = text_of(driver, "record")
    for kept in ('[Event "Club night"]', '[Site "Kathmandu"]', "{A quiet start}", "{the centre}", "{out of reach}"):
        assert kept in exported, exported
    # The record alone: the position has its own box.
    position = text_of(driver, "position-text")
    assert position and position not in exported
    # The exported text imports as it is, and exports the same again.
    set_value(driver, "record", "")
    import_text(driver, exported)
    wait(driver, lambda d: played(d) == ["c3", "a1b2", "d3"])
    driver.find_element(By.ID, "export").click()
    wait(driver, lambda d: text_of(d, "record") == exported)
    assert "Tigers to move" in status(driver)
    assert severe_errors(driver) == []


def test_the_game_panel_tells_the_games_rule_set(server: dict[str, Any], driver: Any) -> None:
    # The server's tables are of a rule set that is no preset: the page
    # starts on it, shown as custom with its text.
    open_board(driver, server["url"], engine="none")
    assert Select(driver.find_element(By.ID, "rules-preset")).first_selected_option.get_attribute("value") == "custom"
    assert text_of(driver, "rules-text").startswith("tigers=a1,e5 goats=6")
    # bagh-chal chosen, then New game: bagh-chal's 20 goats and 4 tigers.
    choose(driver, "rules-preset", "bagh-chal")
    driver.find_element(By.ID, "new-game").click()
    wait(driver, lambda d: "20 in hand" in status(d))
    assert [piece_on(driver, p) for p in ("a1", "e1", "a5", "e5")] == ["tiger"] * 4
    # A record of the small rule set imported: the drop-down says custom,
    # with the rule set's text.
    import_text(driver, f'[Rules "{SMALL}"]\n\n1. c3 *')
    wait(driver, lambda d: played(d) == ["c3"])
    select = Select(driver.find_element(By.ID, "rules-preset"))
    assert select.first_selected_option.get_attribute("value") == "custom"
    assert text_of(driver, "rules-text").startswith("tigers=a1,e5 goats=6")
    # A record of a preset: the drop-down names it.
    import_text(driver, '[Rules "two-tigers"]\n\n*')
    wait(driver, lambda d: Select(d.find_element(By.ID, "rules-preset")).first_selected_option.get_attribute("value")
         == "two-tigers")
    assert text_of(driver, "rules-text") == ""
    # Text typed chooses custom; New game plays it.
    set_value(driver, "rules-text", SMALL)
    assert Select(driver.find_element(By.ID, "rules-preset")).first_selected_option.get_attribute("value") == "custom"
    driver.find_element(By.ID, "new-game").click()
    wait(driver, lambda d: "6 in hand" in status(d))
    assert severe_errors(driver) == []
