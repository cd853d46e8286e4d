"""bagh.PlacementTable from Python: small tables built here, checked against minimax.

The expected values come from a plain minimax written here over the placement
phase, from the start, with `Position.legal_moves`/`play`/`outcome` and the
movement table's probe once the last goat is placed. Every position it
reaches with goats in hand, either side to move, is compared with the table.
Every table below builds in well under a second.
"""

from __future__ import annotations

import sys
from pathlib import Path

import bagh
import pytest

#: One tiger in the centre and four goats; the tiger wins with one capture,
#: or with two.
SMALL = {
    "capture-1": bagh.Ruleset(tigers=["c3"], goats=4, capture_target=1),
    "capture-2": bagh.Ruleset(tigers=["c3"], goats=4, capture_target=2),
}

ONE_TIGER = SMALL["capture-2"]

Tables = tuple[bagh.Tablebase, bagh.PlacementTable]


@pytest.fixture(scope="module", params=sorted(SMALL))
def tables(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Tables:
    rules = SMALL[str(request.param)]
    dir = tmp_path_factory.mktemp(str(request.param))
    movement = bagh.Tablebase.build(rules, dir / "movement.tb")
    return movement, bagh.PlacementTable.build(movement, dir / "placement")


@pytest.fixture(scope="module")
def one_tiger(tmp_path_factory: pytest.TempPathFactory) -> Tables:
    dir = tmp_path_factory.mktemp("one-tiger")
    movement = bagh.Tablebase.build(ONE_TIGER, dir / "movement.tb")
    return movement, bagh.PlacementTable.build(movement, dir / "placement")


def minimax(position: bagh.Position, movement: bagh.Tablebase, memo: dict[bagh.Position, str]) -> str:
    """'win', 'draw' or 'loss' for the side to move, memoised on the position."""
    if position in memo:
        return memo[position]
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


def placement_positions(tables: Tables) -> dict[bagh.Position, str]:
    """Every position reachable with goats in hand and its value by minimax."""
    movement, placement = tables
    memo: dict[bagh.Position, str] = {}
    minimax(bagh.Position(None, placement.rules), movement, memo)
    return {position: value for position, value in memo.items() if position.goats_in_hand > 0}


def test_probe_agrees_with_minimax(tables: Tables) -> None:
    _, placement = tables
    expected = placement_positions(tables)
    seen = set()
    for position, value in expected.items():
        assert placement.probe(position) == value, position
        seen.add((position.side_to_move, value))
    # Both sides to move, and more than one value for each.
    for side in ("goat", "tiger"):
        assert len({value for s, value in seen if s == side}) >= 2, seen


def test_open_reads_what_build_wrote(one_tiger: Tables) -> None:
    _, built = one_tiger
    table = bagh.PlacementTable.open(built.dir, ONE_TIGER)
    again = bagh.PlacementTable.open(str(built.dir), ONE_TIGER)
    assert table.rules == again.rules == ONE_TIGER
    assert isinstance(table.dir, Path) and table.dir == built.dir
    # One layer file per number of goats placed, and nothing else left behind.
    assert len(list(built.dir.iterdir())) == ONE_TIGER.goats
    table.verify()
    assert bagh.PlacementTable.entries(ONE_TIGER) > 0
    assert bagh.PlacementTable.memory_needed(ONE_TIGER) > 0
    assert bagh.PlacementTable.entries("bagh-chal") > bagh.PlacementTable.entries(ONE_TIGER)
    text = repr(table)
    assert text.startswith("<PlacementTable ") and f"entries={bagh.PlacementTable.entries(ONE_TIGER)}" in text
    assert str(built.dir) in text
    loaded = bagh.PlacementTable.load(built.dir, ONE_TIGER)
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
    with pytest.raises(bagh.TablebaseError, match="no goats in hand"):
        table.probe(position)
    with pytest.raises(bagh.TablebaseError, match="before any goat"):
        table.probe("5/5/2T2/5/5 t 4 0")


def test_another_rule_set_is_refused(one_tiger: Tables) -> None:
    _, table = one_tiger
    other = bagh.Ruleset(tigers=["c3"], goats=4, capture_target=3)
    with pytest.raises(bagh.TablebaseError, match="capture_target=2"):
        bagh.PlacementTable.open(table.dir, other)
    with pytest.raises(bagh.TablebaseError, match="rule set"):
        table.probe(bagh.Position(None, other))


def test_missing_dir_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        bagh.PlacementTable.open(tmp_path / "nowhere", ONE_TIGER)


def test_too_large_is_refused_up_front(one_tiger: Tables, tmp_path: Path) -> None:
    movement, _ = one_tiger
    with pytest.raises(bagh.TablebaseError, match="memory_budget"):
        bagh.PlacementTable.build(movement, tmp_path / "small", memory_budget=16)
    assert not (tmp_path / "small").exists()


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
    assert "placement" in err and "100%" in err and err.endswith("\n")


def test_a_stopped_build_resumes(one_tiger: Tables, tmp_path: Path) -> None:
    movement, built = one_tiger
    dir = tmp_path / "p"

    def stop(done: int, total: int) -> None:
        # Stop at the first report after a layer file was written.
        if any(dir.iterdir()):
            raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough") as raised:
        bagh.PlacementTable.build(movement, dir, progress=stop)
    assert any("resumes" in note for note in getattr(raised.value, "__notes__", []))
    kept = {path.name: path.stat().st_mtime_ns for path in dir.iterdir()}
    assert 0 < len(kept) < ONE_TIGER.goats
    # Without its first layers the table does not open.
    with pytest.raises(FileNotFoundError):
        bagh.PlacementTable.open(dir, ONE_TIGER)

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
                    value = placement.probe(bagh.Position(text, rules))
                    counts[{"win": "wins", "draw": "draws", "loss": "losses"}[value]] += 1
            expected[(placed, captured)] = counts
    rows = placement.statistics()
    assert [(row["placed"], row["captured"]) for row in rows] == sorted(expected)
    for row in rows:
        counts = expected[(row["placed"], row["captured"])]
        assert {key: row[key] for key in counts} == counts, row
        assert row["positions"] == sum(counts.values())
