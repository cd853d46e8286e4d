"""The board drawn with its lines, for a terminal."""

from __future__ import annotations

import bagh


def test_the_board_is_drawn_with_its_lines() -> None:
    drawing = bagh.Position().line_board()
    rows = drawing.splitlines()
    assert rows[0] == "5 T---.---.---.---T"
    # docs/rules.md: a diagonal leaves each point whose coordinates sum to an even number.
    assert rows[1] == "  | \\ | / | \\ | / |"
    assert rows[-1] == "goats to move, 20 in hand, 0 captured"
    game = bagh.Game()
    game.push("c3")
    assert "2---G---" not in game.line_board() and "3 .---.---G---.---." in game.line_board()
