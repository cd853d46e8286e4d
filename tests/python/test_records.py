"""Records with tags and comments, the lazy reader of many records, JSON of
every value, and the formats of the baghchal package, from Python; every
reader fed arbitrary and mutated text raises only bagh's own errors."""

from __future__ import annotations

import doctest
import io
import pickle
import random
from pathlib import Path

import bagh
import bagh.interop.baghchal as baghchal
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import RULE_SETS, games, play_random


def test_records_keep_tags_and_comments() -> None:
    game = bagh.Game(moves=["c3", "a1b2", "c2"])
    record = bagh.Record(game, tags=[("Event", "club night"), ("Round", 3)], comments={0: "start", 2: "a\nb"})
    assert record.tags == [("Event", "club night"), ("Round", "3")]
    assert record.comments == {0: "start", 2: "a\nb"}
    assert record.comment(2) == "a\nb" and record.comment(1) is None
    assert record.tag("Round") == "3" and record.result == "*"
    text = record.to_text()
    assert "{start} 1. c3 a1b2 {a\nb} 2. c2 *" in text
    assert bagh.Record.from_text(text) == record
    assert eval(repr(record), {"Record": bagh.Record}) == record
    assert pickle.loads(pickle.dumps(record)) == record
    assert record.game == game
    with pytest.raises(bagh.BaghError):
        bagh.Record(game, comments={4: "past the end"})
    with pytest.raises(bagh.BaghError):
        bagh.Record(game, tags={"Result": "1-0"})


def test_capture_without_x_is_an_error() -> None:
    with pytest.raises(bagh.ParseError) as info:
        bagh.Record.from_text("1. a2 a1a3 *")
    assert (info.value.line, info.value.column) == (1, 7)
    assert "written a1xa3" in str(info.value)


def archive(n: int, seed: int) -> tuple[str, list[bagh.Record]]:
    rng = random.Random(seed)
    records = []
    for i in range(n):
        game = play_random(bagh.Game(rng.choice(RULE_SETS)), rng, rng.randrange(200))
        records.append(bagh.Record(game, tags={"Round": i}, comments={len(game) // 2: f"half of {i}"}))
    return "\n".join(r.to_text() for r in records), records


def test_read_records_from_paths_and_files(tmp_path: Path) -> None:
    text, records = archive(40, 1)
    path = tmp_path / "games.txt"
    path.write_text(text, encoding="utf-8")
    assert list(bagh.read_records(path)) == records
    assert list(bagh.read_records(str(path))) == records
    with open(path, encoding="utf-8") as file:
        assert list(bagh.read_records(file)) == records
    with open(path, "rb") as binary:
        assert list(bagh.read_records(binary)) == records
    assert list(bagh.read_records(io.StringIO(text))) == records
    with pytest.raises(TypeError):
        bagh.read_records(3)  # type: ignore[call-overload]
    with pytest.raises(OSError):
        bagh.read_records(tmp_path / "missing.txt")


def test_read_records_goes_on_after_a_bad_game() -> None:
    text, records = archive(5, 2)
    broken = text.replace('[Round "2"]', '[Round "2"]\n[Rules "nepal"]')
    iterator = bagh.read_records(io.StringIO(broken))
    read: list[bagh.Record] = []
    errors: list[bagh.BaghError] = []
    while True:
        try:
            read.append(next(iterator))
        except StopIteration:
            break
        except bagh.BaghError as error:
            errors.append(error)
    assert read == records[:2] + records[3:]
    assert len(errors) == 1 and isinstance(errors[0], bagh.ParseError)
    line = errors[0].line
    assert line is not None and broken.splitlines()[line - 1] == '[Rules "nepal"]'
    assert errors[0].game == 3


@settings(max_examples=100, deadline=None)
@given(games())
def test_json_round_trips(game: bagh.Game) -> None:
    assert bagh.Game.from_json(game.to_json()) == game
    assert bagh.Position.from_json(game.position.to_json()) == game.position
    assert bagh.Ruleset.from_json(game.rules.to_json()) == game.rules
    for move in game.moves[:5]:
        assert bagh.Move.from_json(move.to_json()) == move
    record = bagh.Record(game, tags={"Event": 'quote " and \\'}, comments={len(game): "end"})
    assert bagh.Record.from_json(record.to_json()) == record


def test_json_errors() -> None:
    with pytest.raises(bagh.ParseError, match="moves\\[1\\]: illegal move a1a3") as info:
        bagh.Game.from_json('{"moves": ["c3", "a1a3"]}')
    assert info.value.what == "JSON"
    with pytest.raises(bagh.ParseError) as info:
        bagh.Game.from_json('{"moves": [\n"c3",]}')
    assert (info.value.line, info.value.what) == (2, "JSON")
    with pytest.raises(bagh.ParseError):
        bagh.Position.from_json('{"position": "T3T/5/5/5/T3T g 19 0"}')
    with pytest.raises(bagh.ParseError):
        bagh.Game.from_json('{"moves": [], "result": "1-0"}')


def test_baghchal_formats() -> None:
    failures, tried = doctest.testmod(baghchal)
    assert failures == 0 and tried > 0
    game = baghchal.read_game(" 1. G12 Bx1113 2. G33# 0-1".replace("# 0-1", ""))
    assert game.moves[1] == bagh.Move("a5xc5")
    assert baghchal.read_position_and_plies("GBGGB/1GGG1/1GGGG/BG2G/1GGGB G 31")[1] == 31
    assert baghchal.write_position(bagh.Position(rules=baghchal.RULES)) == "B3B/5/5/5/B3B G 0"
    with pytest.raises(bagh.ParseError) as info:
        baghchal.read_game(" 1. G12 B1113")
    assert (info.value.column, info.value.what) == (9, "baghchal game text")
    with pytest.raises(bagh.IllegalMoveError) as illegal:
        baghchal.read_game(" 1. G33 B1133")
    assert (illegal.value.column, illegal.value.move) == (9, "a5c3")
    with pytest.raises(bagh.ParseError) as info:
        baghchal.read_position("B3B/5/5/5/B3B X 0")
    assert info.value.column == 15
    with pytest.raises(bagh.BaghError):
        baghchal.write_game(bagh.Game("two-tigers"))


PIECES = st.sampled_from(
    ["[", "]", '"', "{", "}", "x", "#", ".", "1.", "2.", "1...", "*", "1-0", "0-1", "1/2-1/2", "\n", " ",
     "c3", "a1a2", "a1xa3", "G33", "B1112", "Bx1113", "B", "G", "/", "é", ":", ",", "[Rules \"two-tigers\"]\n"]
) | st.text(max_size=4)


def read_stream(text: str) -> list[bagh.Record]:
    records = []
    iterator = bagh.read_records(io.StringIO(text))
    for _ in range(1000):
        try:
            records.append(next(iterator))
        except StopIteration:
            break
        except bagh.BaghError:
            pass
    return records


def read_everything(text: str) -> None:
    """Every reader over `text`: a value or a BaghError, nothing else."""
    readers = [
        bagh.Record.from_text,
        bagh.Game.from_record,
        baghchal.read_game,
        baghchal.read_position,
        bagh.Game.from_json,
        bagh.Record.from_json,
        bagh.Position.from_json,
        bagh.Move.from_json,
        bagh.Ruleset.from_json,
        read_stream,
    ]
    for reader in readers:
        try:
            reader(text)
        except bagh.BaghError:
            pass


@settings(max_examples=200, deadline=None)
@given(st.lists(PIECES, max_size=30).map("".join))
def test_arbitrary_text_to_every_reader(text: str) -> None:
    read_everything(text)


@settings(max_examples=200, deadline=None)
@given(games(max_plies=120), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 5), PIECES), min_size=1, max_size=5))
def test_mutated_texts_to_every_reader(game: bagh.Game, edits: list[tuple[float, int, str]]) -> None:
    texts = [
        bagh.Record(game, tags={"Event": "e"}, comments={0: "c"}).to_text(),
        game.to_json(),
        bagh.Record(game).to_json(),
    ]
    if game.start == bagh.Position(rules=game.rules) and game.rules.goats == 20 and game.rules.tigers == ["a1", "e1", "a5", "e5"]:
        texts.append(baghchal.write_game(game))
        texts.append(baghchal.write_position(game.position))
    for text in texts:
        for at, delete, piece in edits:
            i = int(at * len(text))
            text = text[:i] + piece + text[i + delete :]
        read_everything(text)
