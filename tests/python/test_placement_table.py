"""bagh.PlacementTable from Python: small tables built here, checked against minimax.

The expected values come from a plain minimax written here over the placement
phase, from the start, with `Position.legal_moves`/`play`/`outcome` and the
movement table's probe once the last goat is placed. Every position it
reaches with goats in hand, either side to move, is compared with the table,
and so are the best moves. The statistics are checked against a brute-force
count up to symmetry. Every table below builds in well under a second.
"""

from __future__ import annotations

import pickle
import sys
from pathlib import Path
from typing import Literal

import bagh
import pytest

#: One tiger in the centre and four goats; the tiger wins with one capture,
#: or with two.
SMALL = {
    "capture-1": bagh.Ruleset(tigers=["c3"], goats=4, capture_target=1),
    "capture-2": bagh.Ruleset(tigers=["c3"], goats=4, capture_target=2),
}

ONE_TIGER = SMALL["capture-2"]

Tables = tuple[bagh.MovementTable, bagh.PlacementTable]
Value = Literal["win", "draw", "loss"]


@pytest.fixture(scope="module", params=sorted(SMALL))
def tables(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Tables:
    rules = SMALL[str(request.param)]
    dir = tmp_path_factory.mktemp(str(request.param))
    movement = bagh.MovementTable.build(rules, dir / "movement.tb")
    return movement, bagh.PlacementTable.build(movement, dir / "placement")


@pytest.fixture(scope="module")
def one_tiger(tmp_path_factory: pytest.TempPathFactory) -> Tables:
    dir = tmp_path_factory.mktemp("one-tiger")
    movement = bagh.MovementTable.build(ONE_TIGER, dir / "movement.tb")
    return movement, bagh.PlacementTable.build(movement, dir / "placement")


def minimax(position: bagh.Position, movement: bagh.MovementTable, memo: dict[bagh.Position, Value]) -> Value:
    """'win', 'draw' or 'loss' for the side to move, memoised on the position."""
    if position in memo:
        return memo[position]
    value: Value
    outcome = position.outcome()
    if outcome is not None:
        if outcome.winner is None:
            value = "draw"
        else:
            value = "win" if outcome.winner == position.side_to_move else "loss"
    elif position.goats_in_hand == 0:
        value = movement.probe(position).value
    else:
        after = {minimax(position.play(move), movement, memo) for move in position.legal_moves()}
        value = "win" if "loss" in after else "draw" if "draw" in after else "loss"
    memo[position] = value
    return value


_PLACEMENT_POSITIONS: dict[bagh.Ruleset, dict[bagh.Position, Value]] = {}


def placement_positions(tables: Tables) -> dict[bagh.Position, Value]:
    """Every position reachable with goats in hand and its value by minimax."""
    movement, placement = tables
    if placement.rules not in _PLACEMENT_POSITIONS:
        memo: dict[bagh.Position, Value] = {}
        minimax(bagh.Position(None, placement.rules), movement, memo)
        _PLACEMENT_POSITIONS[placement.rules] = {
            position: value for position, value in memo.items() if position.goats_in_hand > 0
        }
    return _PLACEMENT_POSITIONS[placement.rules]


FLIP: dict[Value, Value] = {"win": "loss", "draw": "draw", "loss": "win"}


def test_probe_agrees_with_minimax(tables: Tables) -> None:
    _, placement = tables
    expected = placement_positions(tables)
    seen = set()
    for position, value in expected.items():
        # Values only, but a finished game is over in 0 plies.
        distance = 0 if position.is_game_over() else None
        assert placement.probe(position) == bagh.Probe(value, distance), position
        seen.add((position.side_to_move, value))
    # Both sides to move, and more than one value for each.
    for side in ("goat", "tiger"):
        assert len({value for s, value in seen if s == side}) >= 2, seen


def test_best_moves_agree_with_minimax(tables: Tables) -> None:
    movement, placement = tables
    expected = placement_positions(tables)
    memo = dict(expected)
    for position, value in list(expected.items())[::10]:
        moves = position.legal_moves()
        by_move = dict(placement.probe_moves(position))
        assert sorted(by_move) == sorted(moves), position
        for move, probe in by_move.items():
            assert probe.value == minimax(position.play(move), movement, memo), (position, move)
        best = placement.best_moves(position)
        assert sorted(best) == sorted(m for m in moves if by_move[m].value == FLIP[value]), position
        assert bool(best) != position.is_game_over()


def test_open_reads_what_build_wrote(one_tiger: Tables) -> None:
    movement, built = one_tiger
    table = bagh.PlacementTable.open(built.dir, movement)
    again = bagh.PlacementTable.open(str(built.dir), bagh.MovementTable.open(movement.path))
    assert table.rules == again.rules == ONE_TIGER
    assert isinstance(table.dir, Path) and table.dir == built.dir
    assert table.movement.checksum == movement.checksum and table.movement.path == movement.path
    # One layer file per number of goats placed, the build's lock, and
    # nothing else left behind.
    names = sorted(path.name for path in built.dir.iterdir())
    assert names == ["build.lock"] + [f"placed-{placed:02}.bpl" for placed in range(ONE_TIGER.goats)]
    table.verify()
    assert bagh.PlacementTable.entries(ONE_TIGER) > 0
    assert bagh.PlacementTable.memory_needed(ONE_TIGER) > 0
    assert bagh.PlacementTable.entries("bagh-chal") > bagh.PlacementTable.entries(ONE_TIGER)
    text = repr(table)
    assert text.startswith("<PlacementTable ") and f"entries={bagh.PlacementTable.entries(ONE_TIGER)}" in text
    assert str(built.dir) in text
    loaded = bagh.PlacementTable.load(built.dir, movement)
    assert "in_memory=True" in repr(loaded)
    assert loaded.in_memory and not table.in_memory
    start = bagh.Position(None, ONE_TIGER)
    for position in (start, start.play("a1"), start.play("a1").play("c3b2")):
        assert table.probe(position) == again.probe(position) == built.probe(position)
        assert loaded.probe(position) == table.probe(position)


def test_probe_takes_position_strings(one_tiger: Tables) -> None:
    _, table = one_tiger
    for text in ("5/5/2T2/5/5 g 4 0", "5/5/1GT2/5/G4 t 2 0", "5/5/3T1/5/G4 g 2 1"):
        assert table.probe(text) == table.probe(bagh.Position(text, ONE_TIGER))
    with pytest.raises(bagh.ParseError):
        table.probe("T3T/5/5/5/T3T g 20 0")
    with pytest.raises(TypeError, match="position"):
        table.probe(42)  # type: ignore[arg-type]


def test_positions_outside_placement_are_refused(one_tiger: Tables) -> None:
    movement, table = one_tiger
    position = bagh.Position("5/5/1GTG1/2G2/4G t 0 0", ONE_TIGER)
    assert movement.probe(position).value in ("win", "draw", "loss")
    for call in (table.probe, table.probe_moves, table.best_moves):
        with pytest.raises(bagh.TablebaseError, match="no goats in hand"):
            call(position)


def test_another_rule_set_is_refused(one_tiger: Tables, tmp_path: Path) -> None:
    _, table = one_tiger
    other = bagh.Ruleset(tigers=["c3"], goats=4, capture_target=3)
    other_movement = bagh.MovementTable.build(other, tmp_path / "other.tb")
    with pytest.raises(bagh.TablebaseError, match="placed-00.bpl"):
        bagh.PlacementTable.open(table.dir, other_movement)
    with pytest.raises(bagh.TablebaseError, match="rule set"):
        table.probe(bagh.Position(None, other))


def test_missing_dir_is_an_os_error(tmp_path: Path) -> None:
    movement = bagh.MovementTable.build(ONE_TIGER, tmp_path / "movement.tb")
    with pytest.raises(FileNotFoundError) as raised:
        bagh.PlacementTable.open(tmp_path / "nowhere", movement)
    assert raised.value.filename == str(tmp_path / "nowhere" / "placed-00.bpl")


def test_too_large_is_refused_up_front(one_tiger: Tables, tmp_path: Path) -> None:
    movement, _ = one_tiger
    with pytest.raises(bagh.TablebaseError, match="memory_budget"):
        bagh.PlacementTable.build(movement, tmp_path / "small", memory_budget=16)
    assert not list(tmp_path.glob("small/placed-*"))


def test_progress_callback(one_tiger: Tables, tmp_path: Path) -> None:
    movement, _ = one_tiger
    calls: list[tuple[int, int]] = []
    bagh.PlacementTable.build(movement, tmp_path / "p", progress=lambda done, total: calls.append((done, total)))
    assert calls
    assert {total for _, total in calls} == {bagh.PlacementTable.entries(ONE_TIGER)}
    dones = [done for done, _ in calls]
    assert dones == sorted(dones) and dones[-1] == calls[-1][1]
    with pytest.raises(TypeError, match="progress"):
        bagh.PlacementTable.build(movement, tmp_path / "q", progress=3)  # type: ignore[arg-type]


def test_progress_true_without_tqdm(
    one_tiger: Tables, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    movement, _ = one_tiger
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    bagh.PlacementTable.build(movement, tmp_path / "p", progress=True)
    err = capsys.readouterr().err
    assert "placement custom" in err and "100%" in err and err.endswith("\n")


def test_a_stopped_build_resumes(one_tiger: Tables, tmp_path: Path) -> None:
    movement, built = one_tiger
    dir = tmp_path / "p"

    def stop(done: int, total: int) -> None:
        # Stop at the first report after a layer file was written.
        if any(dir.glob("placed-*.bpl")):
            raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough") as raised:
        bagh.PlacementTable.build(movement, dir, progress=stop)
    assert any("resumes" in note for note in getattr(raised.value, "__notes__", []))
    kept = {path.name: path.stat().st_mtime_ns for path in dir.glob("placed-*.bpl")}
    assert 0 < len(kept) < ONE_TIGER.goats
    # Without its first layers the table does not open.
    with pytest.raises(FileNotFoundError):
        bagh.PlacementTable.open(dir, movement)

    calls: list[tuple[int, int]] = []
    table = bagh.PlacementTable.build(movement, dir, progress=lambda d, t: calls.append((d, t)))
    # The layers of the stopped build were kept, not computed again, and they
    # are most of the work (the later layers have more goats on the board).
    assert calls[0][0] > calls[0][1] // 2
    assert all(dir.joinpath(name).stat().st_mtime_ns == mtime for name, mtime in kept.items())
    for path in built.dir.iterdir():
        assert dir.joinpath(path.name).read_bytes() == path.read_bytes()
    table.verify()


def _symmetries() -> list[list[int]]:
    """The board's eight symmetries as permutations of the point indices (rank * 5 + file)."""
    maps = []
    for swap in (False, True):
        for flip_file in (False, True):
            for flip_rank in (False, True):
                perm = []
                for index in range(25):
                    rank, file = divmod(index, 5)
                    if swap:
                        rank, file = file, rank
                    if flip_file:
                        file = 4 - file
                    if flip_rank:
                        rank = 4 - rank
                    perm.append(rank * 5 + file)
                maps.append(perm)
    return maps


def _board_text(tigers: tuple[int, ...], goats: tuple[int, ...]) -> str:
    ranks = []
    for rank in range(4, -1, -1):
        text, run = "", 0
        for file in range(5):
            index = rank * 5 + file
            piece = "T" if index in tigers else "G" if index in goats else None
            if piece is None:
                run += 1
                continue
            if run:
                text, run = text + str(run), 0
            text += piece
        ranks.append(text + (str(run) if run else ""))
    return "/".join(ranks)


def test_statistics_count_positions_up_to_symmetry(one_tiger: Tables) -> None:
    """Counted here by brute force: every goats-to-move position with goats in
    hand, reduced to its smallest image under the eight symmetries, valued by probe."""
    from itertools import combinations

    _, placement = one_tiger
    rules = placement.rules
    maps = _symmetries()
    expected: dict[tuple[int, int], dict[str, int]] = {}
    for placed in range(rules.goats):
        for captured in range(min(placed, rules.capture_target - 1) + 1):
            counts = {"wins": 0, "draws": 0, "losses": 0}
            seen = set()
            for tiger in range(25):
                free = [p for p in range(25) if p != tiger]
                for goats in combinations(free, placed - captured):
                    key = min(
                        (perm[tiger], tuple(sorted(perm[g] for g in goats))) for perm in maps
                    )
                    if key in seen:
                        continue
                    seen.add(key)
                    text = f"{_board_text((tiger,), goats)} g {rules.goats - placed} {captured}"
                    value = placement.probe(bagh.Position(text, rules)).value
                    counts[{"win": "wins", "draw": "draws", "loss": "losses"}[value]] += 1
            expected[(placed, captured)] = counts
    statistics = placement.statistics()
    assert isinstance(statistics, bagh.PlacementStatistics)
    layers = statistics.layers
    assert all(isinstance(layer, bagh.PlacementLayerStatistics) for layer in layers)
    assert [(layer.placed, layer.captured) for layer in layers] == sorted(expected)
    for layer in layers:
        counts = expected[(layer.placed, layer.captured)]
        assert {"wins": layer.wins, "draws": layer.draws, "losses": layer.losses} == counts, layer
        assert layer.positions == sum(counts.values())
    assert statistics.positions == sum(layer.positions for layer in layers)
    # A value: equal, hashable, picklable, a repr that reads back.
    assert pickle.loads(pickle.dumps(statistics)) == statistics
    assert hash(pickle.loads(pickle.dumps(statistics))) == hash(statistics)
    assert eval(repr(statistics), vars(bagh)) == statistics
    assert eval(repr(layers[0]), vars(bagh)) == layers[0]
    assert layers[0] != layers[1] and len({layers[0], layers[0], layers[1]}) == 2
