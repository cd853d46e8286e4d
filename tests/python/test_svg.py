"""The SVG drawings: well-formed XML, every line and every piece, highlights."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import bagh
from conftest import games, play_random
from hypothesis import given, settings

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def pieces(root: ET.Element, kind: str) -> list[str]:
    """The points of the pieces of one kind, in the order they are drawn (board order)."""
    return [
        g.attrib["data-point"]
        for g in root.iter(f"{SVG}g")
        if g.attrib.get("class") == f"piece {kind}"
    ]


@settings(max_examples=40, deadline=None)
@given(games())
def test_every_piece_is_drawn(game: bagh.Game) -> None:
    position = game.position
    for svg in (position._repr_svg_(), game._repr_svg_(), bagh.svg(position, size=200)):
        root = parse(svg)
        assert pieces(root, "tiger") == position.tigers
        assert pieces(root, "goat") == position.goats
        # Tigers and goats differ in shape and letter, not only in colour.
        for g in root.iter(f"{SVG}g"):
            if g.attrib.get("class") == "piece tiger":
                assert g.find(f"{SVG}circle") is not None and g.find(f"{SVG}text").text == "T"  # type: ignore[union-attr]
            elif g.attrib.get("class") == "piece goat":
                assert g.find(f"{SVG}rect") is not None and g.find(f"{SVG}text").text == "G"  # type: ignore[union-attr]


def test_lines_coordinates_and_counters() -> None:
    root = parse(bagh.Position()._repr_svg_())
    lines = root.find(f"{SVG}g[@class='lines']")
    assert lines is not None
    # 40 orthogonal lines and 16 diagonal segments: the 56 lines of docs/rules.md.
    assert len(lines.findall(f"{SVG}line")) == 56
    texts = [t.text for t in root.iter(f"{SVG}text")]
    for coordinate in "abcde12345":
        assert coordinate in texts
    counters = "".join(t.text or "" for t in root.iter(f"{SVG}text") if t.attrib.get("class") == "counters")
    assert "in hand: 20" in counters and "captured: 0" in counters


def test_last_move_and_highlights() -> None:
    game = play_random(bagh.Game(), random.Random(5), 30)
    last = game.peek()
    assert last is not None
    root = parse(game._repr_svg_())
    marked = {c.attrib["data-point"] for c in root.iter(f"{SVG}circle") if c.attrib.get("class") == "last-move"}
    assert marked == {p for p in (last.from_point, last.to_point, last.over_point) if p}
    root = parse(bagh.svg(bagh.Position(), highlight=["c3", bagh.Move("a1b2")]))
    marked = {c.attrib["data-point"] for c in root.iter(f"{SVG}circle") if c.attrib.get("class") == "highlight"}
    assert marked == {"c3", "a1", "b2"}
    assert parse(bagh.svg(game))  # a Game draws its position with the last move


def test_finished_games_say_so() -> None:
    game = bagh.Game(bagh.Ruleset(goats=5, capture_target=1), moves=["a2", "a1xa3"])
    assert "game over: 0-1 (captures)" in game._repr_svg_()
