"""Errors that explain themselves: why a move is refused (with a hint), every
declared error attribute present, Ruleset arguments named, record contents
refused by cause, and reading many records past the bad ones.

The expected reasons are read off the boards below and the rules, not asked
of the library."""

from __future__ import annotations

import ast
import io
from pathlib import Path
from typing import Any

import bagh
import bagh.rl
import pytest

# The stubs of bagh._bagh, one file per part (exceptions, records, tables).
STUBS = sorted(Path(bagh.__file__).with_name("_bagh").glob("*.pyi"))


def stub_statements() -> list[ast.stmt]:
    """The top-level statements of every stub file of bagh._bagh."""
    assert STUBS, "the stubs of bagh._bagh are installed beside the package"
    return [node for path in STUBS for node in ast.parse(path.read_text(encoding="utf-8")).body]

# --- 1, 2: IllegalMoveError says why ------------------------------------------------


REFUSALS = [
    # Goats are to move at the start; a1 holds a tiger, 20 goats are in hand.
    ("T3T/5/5/5/T3T g 20 0", "bagh-chal", "a1a2", "wrong-side"),
    ("T3T/5/5/5/T3T g 20 0", "bagh-chal", "a1", "occupied"),
    ("T3T/5/5/5/T3T g 20 0", "bagh-chal", "c3c4", "placement-phase"),
    # Tigers to move, a goat on c3.
    ("T3T/5/2G2/5/T3T t 19 0", "bagh-chal", "b2", "wrong-side"),
    ("T3T/5/2G2/5/T3T t 19 0", "bagh-chal", "b1b2", "no-piece"),
    ("T3T/5/2G2/5/T3T t 19 0", "bagh-chal", "a1a3", "slide-not-allowed"),
    # A goat on a2 with a3 empty: a1a3 is the capture a1xa3.
    ("T3T/5/5/G4/T3T t 19 0", "bagh-chal", "a1a3", "capture-without-x"),
    ("T3T/5/5/G4/T3T t 19 0", "bagh-chal", "e1xe3", "not-a-capture"),
    # Three goats on the board, none in hand.
    ("T3T/5/1GGG1/5/T3T g 0 0", "goats=3 capture_target=3", "c3", "no-goats-in-hand"),
    ("T3T/5/1GGG1/5/T3T g 0 0", "goats=3 capture_target=3", "b3xb5", "not-a-capture"),
    # Tigers slide in two-tigers; c3 (a goat) blocks d3 from a3.
    ("G4/5/1TGT1/5/5 t 16 0", "two-tigers", "d3a3", "blocked"),
    # Five goats captured: the tigers have won.
    ("T3T/5/5/5/T3T g 15 5", "bagh-chal", "c3", "game-over"),
]


@pytest.mark.parametrize(("position", "rules", "move", "reason"), REFUSALS)
def test_each_refusal_names_its_reason(position: str, rules: str, move: str, reason: str) -> None:
    board = bagh.Position(position, rules=rules)
    with pytest.raises(bagh.IllegalMoveError) as info:
        board.play(move)
    error = info.value
    assert (error.reason, error.move, error.position) == (reason, move, position)
    assert error.repeated_ply is None and error.line is None and error.game is None


def test_a_capture_without_x_suggests_the_capture() -> None:
    with pytest.raises(bagh.IllegalMoveError) as info:
        bagh.Position("T3T/5/5/G4/T3T t 19 0").play("a1a3")
    assert info.value.suggestion == "a1xa3"
    assert str(info.value).endswith("did you mean a1xa3?")
    assert info.value.captures is None


def test_an_x_move_without_a_goat_suggests_the_slide() -> None:
    # two-tigers: b4 is empty, so b3xb5 captures nothing, but the slide b3b5 is legal.
    with pytest.raises(bagh.IllegalMoveError) as info:
        bagh.Position("G4/5/1TGT1/5/5 t 16 0", rules="two-tigers").play("b3xb5")
    assert (info.value.reason, info.value.suggestion) == ("not-a-capture", "b3b5")
    assert "there is no goat on b4" in str(info.value)


def test_a_mandatory_capture_lists_the_captures() -> None:
    rules = bagh.Ruleset(mandatory_capture=True)
    # Goats on a2 and e2: a1xa3 and e1xe3 are the captures.
    with pytest.raises(bagh.IllegalMoveError) as info:
        bagh.Position("T3T/5/5/G3G/T3T t 18 0", rules=rules).play("a5a4")
    assert info.value.reason == "capture-mandatory"
    assert sorted(info.value.captures or []) == ["a1xa3", "e1xe3"]
    assert "a capture is mandatory here:" in str(info.value)


def test_a_forbidden_repetition_names_the_ply() -> None:
    game = bagh.Game("goats=3 capture_target=3", position="T3T/5/1GGG1/5/T3T t 0 0")
    for move in ["e1e2", "b3b4", "a1a2", "c3c4", "a2a1"]:
        game.push(move)
    with pytest.raises(bagh.IllegalMoveError) as info:
        game.push("c4c3")
    assert (info.value.reason, info.value.repeated_ply) == ("repetition", 2)
    assert "repeats an earlier position, that of ply 2," in str(info.value)
    assert len(game) == 5


def test_the_reasons_are_the_stub_literal() -> None:
    literal = next(
        node.value
        for node in stub_statements()
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and node.target.id == "_IllegalMoveReason"
    )
    assert isinstance(literal, ast.Subscript) and isinstance(literal.slice, ast.Tuple)
    names = [element.value for element in literal.slice.elts if isinstance(element, ast.Constant)]
    assert len(names) == len(set(names)) == 14
    seen = {reason for _, _, _, reason in REFUSALS}
    assert seen <= set(names)

# --- 3: every declared attribute exists -----------------------------------------------


def declared_attributes() -> dict[str, list[str]]:
    """The annotated attributes of each exception class in the stubs."""
    classes: dict[str, list[str]] = {}
    for node in stub_statements():
        if isinstance(node, ast.ClassDef) and node.name.endswith("Error"):
            classes[node.name] = [
                item.target.id
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            ]
    return classes


def raised(cls: type[Exception]) -> list[Exception]:
    """Instances of `cls` raised by bagh, from every kind of source at hand."""
    attempts: list[Any] = [
        lambda: bagh.Move("a1a9"),
        lambda: bagh.Game.from_record("1. c3 a1a3 *"),
        lambda: bagh.Game.from_record("1. a2 a1a3 *"),
        lambda: bagh.Position().play("a1a2"),
        lambda: bagh.Ruleset(goats=0),
        lambda: bagh.Ruleset.from_text("capture_target=0"),
        lambda: bagh.Position.from_parts(tigers=["a1"], goats=["a1"]),
        lambda: bagh.Record(bagh.Game(), tags={"Result": "1-0"}),
        lambda: bagh.Game.from_json("{"),
        lambda: bagh.Engine().analyse(bagh.Position()),
        lambda: bagh.play_match(lambda game: "a1a2", lambda game: "a1a2"),
        lambda: bagh.play_match(1, 1, openings=[bagh.Game("two-tigers")]),
        lambda: bagh.rl.decode(0, bagh.Position()),
        lambda: bagh.rl.VecEnv(0),
    ]
    found = []
    for attempt in attempts:
        try:
            attempt()
        except cls as error:
            found.append(error)
        except bagh.BaghError:
            pass
    return found


@pytest.mark.parametrize("name", sorted(declared_attributes()))
def test_every_declared_attribute_exists(name: str) -> None:
    cls = getattr(bagh, name, None) or getattr(bagh.rl, name)  # bagh.rl's errors live there
    attributes = declared_attributes()[name]
    instances = raised(cls)
    if name not in ("BaghError", "TablebaseError"):
        assert instances, f"no {name} raised"
    for attribute in attributes:
        assert getattr(cls, attribute) is None
        for error in instances:
            assert hasattr(error, attribute), f"{name}.{attribute} missing on {error!r}"
    # Attributes that do not apply read None rather than raising.
    if name == "IllegalMoveError":
        record_error = next(e for e in instances if getattr(e, "line", None) is not None)
        assert getattr(record_error, "what") is None
    if name == "ParseError":
        text_error = next(e for e in instances if getattr(e, "text", None) == "a1a9")
        assert getattr(text_error, "line") is None


# --- 4: Ruleset arguments ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "field", "message"),
    [
        ({"tiger_moves": "jump"}, "tiger_moves", 'tiger_moves: expected "step" or "slide", found "jump"'),
        ({"tiger_moves": 1}, "tiger_moves", "found int"),
        ({"tigers": ["z9"]}, "tigers", 'tigers: "z9" is not a point (a1..e5)'),
        ({"tigers": 3}, "tigers", 'tigers: expected a sequence of points such as ["a1", "e1"], found int'),
        ({"tigers": "a1"}, "tigers", "found str"),
        ({"tigers": [1]}, "tigers", "found int"),
        ({"tigers": []}, "tigers", "at least one tiger"),
        ({"tigers": ["a1", "a1"]}, "tigers", "twice"),
        ({"goats": 30}, "goats", "do not fit on 25 points"),
        ({"goats": -1}, "goats", "goats: expected a number of goats from 1 to 21, found -1"),
        ({"goats": 2**70}, "goats", "found 1180591620717411303424"),
        ({"goats": 20.0}, "goats", "found float"),
        ({"goats": True}, "goats", "found bool"),
        ({"goats": 0}, "goats", "at least one goat"),
        ({"capture_target": 300}, "capture_target", "from 1 to the 20 goats, found 300"),
        ({"capture_target": 21}, "capture_target", "more than the 20 goats"),
        ({"no_progress_limit": -5}, "no_progress_limit", "from 1 to 65535, found -5"),
        ({"no_progress_limit": 70000}, "no_progress_limit", "from 1 to 65535, found 70000"),
        ({"no_progress_limit": 0}, "no_progress_limit", "at least 1 ply"),
        ({"no_progress_limit": "40"}, "no_progress_limit", "found str"),
        ({"repetition": "draw(1)"}, "repetition", "at least 2, got 1"),
        ({"repetition": "sometimes"}, "repetition", 'found "sometimes"'),
        ({"repetition": "forbidden goats=3"}, "repetition", "found"),
        ({"repetition": 3}, "repetition", "found int"),
        ({"mandatory_capture": 1}, "mandatory_capture", "expected True or False, found int"),
        ({"blocked_side_loses": "yes"}, "blocked_side_loses", "found str"),
    ],
)
def test_every_ruleset_argument_error_names_its_field(arguments: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(bagh.RulesetError) as info:
        bagh.Ruleset(**arguments)
    assert info.value.field == field
    assert message in str(info.value)
    assert str(info.value).startswith(f"{field}:")


def test_ruleset_defaults_and_none() -> None:
    assert bagh.Ruleset() == bagh.Ruleset.preset("bagh-chal")
    assert bagh.Ruleset(goats=None, tiger_moves=None) == bagh.Ruleset()  # type: ignore[arg-type]
    custom = bagh.Ruleset(tigers=("b3", "d3"), goats=18, capture_target=9, tiger_moves="slide", repetition="draw(3)")
    assert (custom.tigers, custom.goats, custom.tiger_moves, custom.repetition) == (["b3", "d3"], 18, "slide", "draw(3)")


# --- 5: record contents -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("tags", "comments", "cause", "tag", "ply"),
    [
        ({"Result": "1-0"}, None, "reserved-tag", "Result", None),
        ({"Rules": "two-tigers"}, None, "reserved-tag", "Rules", None),
        ({"My Tag": "x"}, None, "tag-name", "My Tag", None),
        ({"": "x"}, None, "tag-name", "", None),
        ({"Site": "two\nlines"}, None, "tag-line-break", "Site", None),
        (None, {4: "past the end"}, "comment-past-end", None, 4),
        (None, {1: "a } brace"}, "comment-brace", None, 1),
        (None, {0: "a\r\nb"}, "comment-carriage-return", None, 0),
        (None, {2: "first\n[Event"}, "comment-tag-line", None, 2),
    ],
)
def test_record_contents_are_refused_by_cause(
    tags: dict[str, str] | None, comments: dict[int, str] | None, cause: str, tag: str | None, ply: int | None
) -> None:
    game = bagh.Game(moves=["c3", "a1b2", "c2"])
    with pytest.raises(bagh.RecordContentError) as info:
        bagh.Record(game, tags=tags, comments=comments)
    assert isinstance(info.value, bagh.BaghError)
    assert (info.value.cause, info.value.tag, info.value.ply) == (cause, tag, ply)
    if tags is not None:
        with pytest.raises(bagh.RecordContentError):
            game.to_record(tags=tags)


# --- 6: reading many records ------------------------------------------------------------

GOOD_1 = '[Event "one"]\n\n1. c3 a1b2 *\n'
BAD = '[Event "two"]\n\n1. c3 a1a3 *\n'
GOOD_3 = '[Event "three"]\n\n1. b2 *\n'
STREAM = "\n".join([GOOD_1, BAD, GOOD_3])
BAD_LINE = STREAM.splitlines().index("1. c3 a1a3 *") + 1


def test_raise_goes_on_with_the_next_game() -> None:
    iterator = bagh.read_records_text(STREAM)
    assert next(iterator).tag("Event") == "one"
    with pytest.raises(bagh.IllegalMoveError) as info:
        next(iterator)
    assert (info.value.game, info.value.line, info.value.column) == (2, BAD_LINE, 7)
    assert next(iterator).tag("Event") == "three"
    with pytest.raises(StopIteration):
        next(iterator)


def test_skip_leaves_the_bad_games_out(tmp_path: Path) -> None:
    path = tmp_path / "games.txt"
    path.write_text(STREAM, encoding="utf-8")
    sources: list[str | Path | io.StringIO] = [path, str(path), io.StringIO(STREAM)]
    for source in sources:
        events = [record.tag("Event") for record in bagh.read_records(source, errors="skip")]
        assert events == ["one", "three"]
    assert [r.tag("Event") for r in bagh.read_records_text(STREAM, errors="skip")] == ["one", "three"]


def test_collect_yields_the_errors_in_place() -> None:
    items = list(bagh.read_records_text(STREAM, errors="collect"))
    assert [type(item) for item in items] == [bagh.Record, bagh.IllegalMoveError, bagh.Record]
    error = items[1]
    assert isinstance(error, bagh.IllegalMoveError)
    assert (error.game, error.line, error.column, error.move) == (2, BAD_LINE, 7, "a1a3")
    assert f"line {BAD_LINE}, column 7" in str(error)
    collected = list(bagh.read_records(io.StringIO(STREAM + "\n[Rules \"nepal\"]\n\n*\n"), errors="collect"))
    assert isinstance(collected[-1], bagh.ParseError) and collected[-1].game == 4


def test_errors_must_be_one_of_three() -> None:
    with pytest.raises(ValueError, match="errors: expected"):
        bagh.read_records_text(STREAM, errors="ignore")  # type: ignore[call-overload]


def test_record_text_given_as_a_path_points_to_read_records_text(tmp_path: Path) -> None:
    for text in ["1. c3 *", '[Event "x"]', "1. c3\n2. b2 *"]:
        with pytest.raises(ValueError, match="read_records_text") as info:
            bagh.read_records(text)
        assert not isinstance(info.value, bagh.BaghError)
    with pytest.raises(FileNotFoundError) as missing:
        bagh.read_records(str(tmp_path / "missing.txt"))
    assert missing.value.filename == str(tmp_path / "missing.txt")
    with pytest.raises(FileNotFoundError):
        bagh.read_records("missing.txt")
