"""bagh.Tablebase from Python: one directory of tables, one probe for any position.

Small rule sets are built here into temporary directories (each in well under
a second). The probes are checked against a plain minimax written here over
the whole game from the start: down the placement phase, and through the
movement phase by the fixed point of the rules (a win is one ply more than
the quickest loss it can reach, a loss one ply more than the slowest win).
Then the parts of the API around it: the directory with or without the
placement layers, damaged files, the search, typed statistics, progress,
Ctrl-C, the build lock, and `Probe` itself.
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
from pathlib import Path
from typing import Any, Literal

import bagh
import pytest
from conftest import FakeBar, interrupted_build, ticks_during

#: One tiger in the centre, three goats: the tiger wins with one capture or
#: two. (Four goats have ten times the positions for the minimax below.)
SMALL = {
    "capture-1": bagh.Ruleset(tigers=["c3"], goats=3, capture_target=1),
    "capture-2": bagh.Ruleset(tigers=["c3"], goats=3, capture_target=2),
}

ONE_TIGER = SMALL["capture-2"]

Value = Literal["win", "draw", "loss"]

FLIP: dict[Value, Value] = {"win": "loss", "draw": "draw", "loss": "win"}


@pytest.fixture(scope="module", params=sorted(SMALL))
def tables(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    rules = SMALL[str(request.param)]
    return bagh.Tablebase.build(rules, tmp_path_factory.mktemp(str(request.param)) / "tables")


@pytest.fixture(scope="module")
def one_tiger(tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    return bagh.Tablebase.build(ONE_TIGER, tmp_path_factory.mktemp("one-tiger") / "tables")


def movement_of(tables: bagh.Tablebase) -> bagh.MovementTable:
    """The movement table of full tables (compressed ones have none)."""
    assert tables.movement is not None, "full tables"
    return tables.movement


_GAME_VALUES: dict[bagh.Ruleset, dict[bagh.Position, Value]] = {}


def game_values(tables: bagh.Tablebase) -> dict[bagh.Position, Value]:
    """Every position reachable from the start of the rule set through the
    placement phase, and its value by minimax: positions with goats in hand by
    plain minimax, positions with none from the movement table's probe."""
    if tables.rules in _GAME_VALUES:
        return _GAME_VALUES[tables.rules]
    memo: dict[bagh.Position, Value] = {}

    def value(position: bagh.Position) -> Value:
        if position in memo:
            return memo[position]
        result: Value
        outcome = position.outcome()
        if outcome is not None:
            result = "draw" if outcome.winner is None else "win" if outcome.winner == position.side_to_move else "loss"
        elif position.goats_in_hand == 0:
            result = movement_of(tables).probe(position).value
        else:
            after = {value(position.play(move)) for move in position.legal_moves()}
            result = "win" if "loss" in after else "draw" if "draw" in after else "loss"
        memo[position] = result
        return result

    value(bagh.Position(None, tables.rules))
    _GAME_VALUES[tables.rules] = memo
    return memo


def one_ply(position: bagh.Position, tables: bagh.Tablebase) -> bagh.Probe:
    """The probe of a position with no goats in hand that one ply of minimax
    over its successors' probes gives (the table must be a fixed point of it)."""
    outcome = position.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return bagh.Probe("draw")
        return bagh.Probe("win" if outcome.winner == position.side_to_move else "loss", 0)
    after = [tables.probe(position.play(move)) for move in position.legal_moves()]
    losses = [p.distance for p in after if p.value == "loss" and p.distance is not None]
    if losses:
        return bagh.Probe("win", min(losses) + 1)
    wins = [p.distance for p in after if p.value == "win" and p.distance is not None]
    if len(wins) == len(after):
        return bagh.Probe("loss", max(wins) + 1)
    return bagh.Probe("draw")


def test_probe_answers_every_position_of_the_game(tables: bagh.Tablebase) -> None:
    values = game_values(tables)
    in_hand = [p for p in values if p.goats_in_hand > 0]
    movement = [p for p in values if p.goats_in_hand == 0]
    assert in_hand and movement
    for i, (position, value) in enumerate(values.items()):
        probe = tables.probe(position)
        assert probe.value == value, position
        if position.is_game_over():
            assert probe.distance == (None if value == "draw" else 0), position
        elif position.goats_in_hand > 0:
            # The placement layers store values only.
            assert probe.distance is None, position
        else:
            assert probe == movement_of(tables).probe(position), position
            if i % 10 == 0:
                assert probe == one_ply(position, tables), position
    # Both phases see more than one value.
    assert len({values[p] for p in in_hand}) >= 2 and len({values[p] for p in movement}) >= 2


def test_best_moves_keep_the_value(tables: bagh.Tablebase) -> None:
    values = game_values(tables)
    for position, value in list(values.items())[::5]:
        by_move = dict(tables.probe_moves(position))
        assert sorted(by_move) == sorted(position.legal_moves())
        for move, probe in by_move.items():
            after = position.play(move)
            if position.goats_in_hand > 0:
                assert probe.value == values[after], (position, move)
            assert probe == tables.probe(after)
        best = tables.best_moves(position)
        assert bool(best) != position.is_game_over(), position
        probe = tables.probe(position)
        for move in best:
            assert by_move[move].value == FLIP[value]
            if probe.distance is not None:
                # With no goats in hand, the best distance too.
                assert by_move[move] == probe.after_best_move()
        if probe.distance is None:
            # With goats in hand, every move that keeps the value.
            assert sorted(best) == sorted(m for m, p in by_move.items() if p.value == FLIP[value])


def test_a_line_of_best_moves_ends_as_the_start_says(one_tiger: bagh.Tablebase) -> None:
    position = bagh.Position(None, ONE_TIGER)
    start = one_tiger.probe(position)
    first = position.side_to_move
    for _ in range(200):
        if position.is_game_over():
            break
        position = position.play(one_tiger.best_moves(position)[0])
    outcome = position.outcome()
    if start.value == "draw":
        assert outcome is None or outcome.winner is None
    else:
        assert outcome is not None
        assert (outcome.winner == first) == (start.value == "win")


def test_the_directory_and_its_parts(one_tiger: bagh.Tablebase) -> None:
    dir = one_tiger.dir
    assert isinstance(dir, Path) and one_tiger.rules == ONE_TIGER
    names = sorted(path.name for path in dir.iterdir() if not path.name.endswith(".lock"))
    assert names == ["movement.tb"] + [f"placed-{placed:02}.bpl" for placed in range(ONE_TIGER.goats)]
    movement = one_tiger.movement
    assert isinstance(movement, bagh.MovementTable) and movement.path == dir / "movement.tb"
    placement = one_tiger.placement
    assert isinstance(placement, bagh.PlacementTable)
    assert placement.dir == dir and not placement.in_memory
    assert placement.movement.checksum == movement.checksum
    assert one_tiger.placement_missing is None
    assert repr(one_tiger).startswith("<Tablebase ") and "placement=True" in repr(one_tiger)
    assert bagh.Tablebase.memory_needed(ONE_TIGER) >= bagh.MovementTable.memory_needed(ONE_TIGER)

    opened, loaded = bagh.Tablebase.open(dir), bagh.Tablebase.load(str(dir))
    assert opened.rules == loaded.rules == ONE_TIGER  # read from the files
    assert loaded.placement is not None and loaded.placement.in_memory
    opened.verify()
    for position in list(game_values(one_tiger))[::7]:
        probe = one_tiger.probe(position)
        assert opened.probe(position) == loaded.probe(position) == probe
        if position.goats_in_hand > 0:
            assert placement.probe(position) == probe
        else:
            assert movement.probe(position) == probe


def test_positions_as_strings_and_wrong_positions(one_tiger: bagh.Tablebase) -> None:
    for text in ("5/5/2T2/5/5 g 3 0", "5/5/1GT2/5/G4 t 1 0", "5/5/1GTG1/2G2/5 t 0 0"):
        assert one_tiger.probe(text) == one_tiger.probe(bagh.Position(text, ONE_TIGER))
        assert one_tiger.best_moves(text) == one_tiger.best_moves(bagh.Position(text, ONE_TIGER))
    with pytest.raises(bagh.ParseError):
        one_tiger.probe("T3T/5/5/5/T3T g 20 0")
    with pytest.raises(TypeError, match="position"):
        one_tiger.probe(42)  # type: ignore[arg-type]
    other = bagh.Position(None, bagh.Ruleset(tigers=["c3"], goats=4, capture_target=3))
    for call in (one_tiger.probe, one_tiger.probe_moves, one_tiger.best_moves, one_tiger.solve):
        with pytest.raises(bagh.TablebaseError, match="rule set"):
            call(other)


def test_a_movement_only_directory(tmp_path: Path, one_tiger: bagh.Tablebase) -> None:
    dir = tmp_path / "tables"
    tables = bagh.Tablebase.build(ONE_TIGER, dir, placement=False)
    assert tables.placement is None and "placement=False" in repr(tables)
    assert tables.placement_missing is not None and "not built" in tables.placement_missing
    assert not list(dir.glob("placed-*"))
    # Positions with no goats in hand answer ...
    text = "5/5/1GTG1/2G2/5 t 0 0"
    assert tables.probe(text) == one_tiger.probe(text)
    assert tables.best_moves(text) == one_tiger.best_moves(text)
    # ... the others say which build is missing.
    start = bagh.Position(None, ONE_TIGER)
    for call in (tables.probe, tables.probe_moves, tables.best_moves):
        with pytest.raises(bagh.TablebaseError, match="no placement layers") as raised:
            call(start)
        assert str(dir) in str(raised.value)
    # The search answers them without the layers.
    for position in [start, start.play("a1"), start.play("a1").play("c3b2")]:
        assert tables.solve(position) == one_tiger.probe(position)
    statistics = tables.statistics()
    assert statistics.placement is None and statistics.movement == movement_of(one_tiger).statistics()
    tables.verify()

    # Building again with the placement layers keeps the movement table.
    calls: list[tuple[int, int]] = []
    full = bagh.Tablebase.build(ONE_TIGER, dir, progress=lambda d, t: calls.append((d, t)))
    assert {total for _, total in calls} == {bagh.PlacementTable.entries(ONE_TIGER)}
    assert movement_of(full).checksum == movement_of(tables).checksum
    assert full.probe(start) == one_tiger.probe(start)


def test_an_unfinished_directory(tmp_path: Path, one_tiger: bagh.Tablebase) -> None:
    dir = tmp_path / "tables"
    dir.mkdir()
    for path in one_tiger.dir.glob("*.*"):
        if path.name != "placed-01.bpl" and not path.name.endswith(".lock"):
            (dir / path.name).write_bytes(path.read_bytes())
    tables = bagh.Tablebase.open(dir)
    assert tables.placement is None
    assert tables.placement_missing is not None and "placed-01.bpl" in tables.placement_missing
    assert tables.probe("5/5/1GTG1/2G2/5 t 0 0") == one_tiger.probe("5/5/1GTG1/2G2/5 t 0 0")
    with pytest.raises(bagh.TablebaseError, match="placed-01.bpl"):
        tables.probe(bagh.Position(None, ONE_TIGER))


@pytest.mark.parametrize("layer", ["placed-00.bpl", "placed-02.bpl"])
def test_a_damaged_layer_is_named(tmp_path: Path, one_tiger: bagh.Tablebase, layer: str) -> None:
    dir = tmp_path / "tables"
    dir.mkdir()
    for path in one_tiger.dir.glob("*.*"):
        if not path.name.endswith(".lock"):
            (dir / path.name).write_bytes(path.read_bytes())
    data = bytearray((dir / layer).read_bytes())
    data[-1] ^= 0x40  # in the values, past the header
    (dir / layer).write_bytes(bytes(data))
    tables = bagh.Tablebase.open(dir)  # the header still checks out
    for call in (tables.verify, tables.statistics, lambda: bagh.Tablebase.load(dir)):
        with pytest.raises(bagh.TablebaseError, match=layer):
            call()
    # A damaged movement table does not open at all.
    data = bytearray((dir / "movement.tb").read_bytes())
    data[-1] ^= 0x40
    (dir / "movement.tb").write_bytes(bytes(data))
    with pytest.raises(bagh.TablebaseError, match="movement.tb"):
        bagh.Tablebase.open(dir)


def test_missing_directory_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError) as raised:
        bagh.Tablebase.open(tmp_path / "nowhere")
    assert raised.value.filename == str(tmp_path / "nowhere" / "movement.tb")


def test_another_rule_set_in_the_directory(tmp_path: Path, one_tiger: bagh.Tablebase) -> None:
    other = bagh.Ruleset(tigers=["c3"], goats=4, capture_target=1)
    with pytest.raises(bagh.TablebaseError, match="capture_target=2"):
        bagh.Tablebase.build(other, one_tiger.dir)


def test_solve_checks_its_arguments(one_tiger: bagh.Tablebase) -> None:
    start = bagh.Position(None, ONE_TIGER)
    assert one_tiger.solve(start) == one_tiger.probe(start)
    # A transposition table out of range is an error, not an abort.
    for tt_log2 in (0, 33, 40):
        with pytest.raises(bagh.TablebaseError, match="tt_log2"):
            one_tiger.solve(start, tt_log2=tt_log2)
    with pytest.raises(bagh.TablebaseError, match="nodes"):
        one_tiger.solve(start, node_limit=1)


def test_statistics_are_typed_and_add_up(one_tiger: bagh.Tablebase) -> None:
    statistics = one_tiger.statistics()
    assert isinstance(statistics, bagh.TablebaseStatistics)
    movement, placement = statistics.movement, statistics.placement
    assert isinstance(movement, bagh.MovementStatistics)
    assert isinstance(placement, bagh.PlacementStatistics)
    assert movement == movement_of(one_tiger).statistics()
    assert one_tiger.placement is not None and placement == one_tiger.placement.statistics()
    assert movement.positions == sum(layer.positions for layer in movement.layers) == movement_of(one_tiger).positions
    assert placement.positions == sum(layer.positions for layer in placement.layers) > 0
    counts = [(m.positions, m.wins, m.draws, m.losses) for m in movement.layers]
    counts += [(p.positions, p.wins, p.draws, p.losses) for p in placement.layers]
    for positions, wins, draws, losses in counts:
        assert all(isinstance(count, int) and count >= 0 for count in (positions, wins, draws, losses))
        assert wins + draws + losses == positions
    # Nothing placed: the tiger on any point, six up to symmetry (a1, b1, c1,
    # b2, c2, c3), the goats to move.
    first = placement.layers[0]
    assert (first.placed, first.captured, first.positions) == (0, 0, 6)
    values = [one_tiger.probe(f"5/5/5/5/{board} g 3 0").value for board in ("T4", "1T3", "2T2")]
    values += [one_tiger.probe(f"5/5/{board}/5/5 g 3 0").value for board in ("T4", "1T3", "2T2")]
    assert (first.wins, first.draws, first.losses) == tuple(values.count(v) for v in ("win", "draw", "loss"))
    # A value: equal, hashable, picklable, a repr that reads back.
    assert pickle.loads(pickle.dumps(statistics)) == statistics
    assert hash(pickle.loads(pickle.dumps(statistics))) == hash(statistics)
    assert eval(repr(statistics), vars(bagh)) == statistics
    assert statistics != bagh.TablebaseStatistics(movement, None)


def test_statistics_classes_are_values() -> None:
    position = bagh.Position("5/5/1GTG1/2G2/5 t 0 0", ONE_TIGER)
    layer = bagh.MovementLayerStatistics(0, "tiger", 10, 4, 5, 1, (3, position))
    assert (layer.captured, layer.side, layer.positions, layer.longest_win) == (0, "tiger", 10, (3, position))
    assert repr(layer).startswith("MovementLayerStatistics(captured=0, side='tiger', positions=10,")
    assert eval(repr(layer), vars(bagh)) == layer
    assert layer != bagh.MovementLayerStatistics(0, "tiger", 10, 4, 5, 1, None)
    with pytest.raises(bagh.ParseError, match="side"):
        bagh.MovementLayerStatistics(0, "cat", 10, 4, 5, 1, None)  # type: ignore[arg-type]
    table = bagh.MovementStatistics([layer], 10)
    assert table.layers == [layer] and table.positions == 10
    run = bagh.PlacementLayerStatistics(placed=2, captured=1, positions=7, wins=1, draws=2, losses=4)
    assert repr(run) == "PlacementLayerStatistics(placed=2, captured=1, positions=7, wins=1, draws=2, losses=4)"
    layers = bagh.PlacementStatistics([run], 7)
    whole = bagh.TablebaseStatistics(table, layers)
    for value in (layer, table, run, layers, whole):
        assert pickle.loads(pickle.dumps(value)) == value
        assert hash(pickle.loads(pickle.dumps(value))) == hash(value)


def test_probe_value_class() -> None:
    probe = bagh.Probe("win", 7)
    assert (probe.value, probe.distance) == ("win", 7)
    assert repr(probe) == "Probe('win', 7)" and str(probe) == "win in 7"
    assert eval(repr(probe), {"Probe": bagh.Probe}) == probe
    assert pickle.loads(pickle.dumps(probe)) == probe
    assert hash(probe) == hash(bagh.Probe("win", 7)) and probe != bagh.Probe("loss", 7)
    # No distance: a draw, or a value from the placement layers.
    draw, win = bagh.Probe("draw"), bagh.Probe("win", None)
    assert (draw.distance, win.distance) == (None, None)
    assert (repr(draw), repr(win)) == ("Probe('draw', None)", "Probe('win', None)")
    assert (str(draw), str(win), str(bagh.Probe("loss", 0))) == ("draw", "win", "loss in 0")
    assert all(pickle.loads(pickle.dumps(p)) == p for p in (draw, win))
    assert probe != bagh.Probe("win") and len({draw, bagh.Probe("draw", None)}) == 1
    assert probe.after_best_move() == bagh.Probe("loss", 6)
    assert win.after_best_move() == bagh.Probe("loss")
    with pytest.raises(bagh.ParseError, match="maybe"):
        bagh.Probe("maybe", 1)  # type: ignore[arg-type]
    for distance in (0, 3):
        with pytest.raises(bagh.ParseError, match="draw"):
            bagh.Probe("draw", distance)


def test_progress_covers_both_stages(tmp_path: Path) -> None:
    calls: list[tuple[int, int]] = []
    bagh.Tablebase.build(ONE_TIGER, tmp_path / "t", progress=lambda done, total: calls.append((done, total)))
    totals = [total for _, total in calls]
    # The movement stage, then the placement stage, each reaching its total.
    switch = next(i for i, total in enumerate(totals) if total != totals[0])
    movement, placement = calls[:switch], calls[switch:]
    assert {total for _, total in placement} == {bagh.PlacementTable.entries(ONE_TIGER)}
    for stage in (movement, placement):
        assert len({total for _, total in stage}) == 1
        dones = [done for done, _ in stage]
        assert dones == sorted(dones) and dones[-1] == stage[-1][1]


def test_progress_true_shows_a_bar_per_stage(tmp_path: Path, fake_tqdm: list[FakeBar]) -> None:
    bars = fake_tqdm
    bagh.Tablebase.build(ONE_TIGER, tmp_path / "t", progress=True)
    assert [bar.desc for bar in bars] == ["movement custom", "placement custom"]
    assert all(bar.n == bar.total > 0 and bar.closed for bar in bars)
    # Nothing is shown otherwise.
    bagh.Tablebase.build(ONE_TIGER, tmp_path / "u", progress=False)
    bagh.Tablebase.build(ONE_TIGER, tmp_path / "v")
    assert len(bars) == 2


def test_a_build_stopped_in_placement_resumes(tmp_path: Path, one_tiger: bagh.Tablebase) -> None:
    dir = tmp_path / "t"
    entries = bagh.PlacementTable.entries(ONE_TIGER)

    def stop(done: int, total: int) -> None:
        # In the placement stage, once a layer file is written.
        if total == entries and any(dir.glob("placed-*.bpl")):
            raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough") as raised:
        bagh.Tablebase.build(ONE_TIGER, dir, progress=stop)
    notes = getattr(raised.value, "__notes__", [])
    assert any("movement.tb" in note and "layer files" in note and "resumes" in note for note in notes), notes
    assert bagh.Tablebase.open(dir).placement is None
    tables = bagh.Tablebase.build(ONE_TIGER, dir)
    tables.verify()
    for path in one_tiger.dir.glob("*.*"):
        if not path.name.endswith(".lock"):
            assert (dir / path.name).read_bytes() == path.read_bytes(), path.name


def test_a_second_build_into_the_directory_is_refused(tmp_path: Path) -> None:
    dir = tmp_path / "t"
    started, release = threading.Event(), threading.Event()

    def hold(done: int, total: int) -> None:
        started.set()
        release.wait(10)

    first = threading.Thread(target=lambda: bagh.Tablebase.build(ONE_TIGER, dir, progress=hold))
    first.start()
    try:
        assert started.wait(10)
        with pytest.raises(bagh.TablebaseError, match="another build"):
            bagh.Tablebase.build(ONE_TIGER, dir)
    finally:
        release.set()
        first.join()
    assert bagh.Tablebase.open(dir).placement is not None


def test_too_large_is_refused_up_front(tmp_path: Path) -> None:
    with pytest.raises(bagh.TablebaseError, match="memory_budget"):
        bagh.Tablebase.build("bagh-chal", tmp_path / "big", memory_budget=1 << 20)
    assert list(tmp_path.iterdir()) == []


def test_other_threads_run_during_a_build(tmp_path: Path) -> None:
    rules = bagh.Ruleset(tigers=["c3"], goats=6, capture_target=2)
    ticks, elapsed = ticks_during(lambda: bagh.Tablebase.build(rules, tmp_path / "t", threads=1))
    assert ticks > elapsed * 50


def test_other_threads_run_during_probes_from_files(one_tiger: bagh.Tablebase) -> None:
    positions = [p for p in game_values(one_tiger) if p.goats_in_hand > 0 and p.side_to_move == "tiger"]

    def probes() -> None:
        for _ in range(20):
            for position in positions:
                one_tiger.probe(position)

    ticks, elapsed = ticks_during(probes)
    # Each probe lets the ticker run; holding the GIL it would get about one
    # tick per switch interval (5 ms).
    assert ticks > elapsed * 300


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT by os.kill is POSIX")
def test_ctrl_c_stops_a_build(tmp_path: Path) -> None:
    dir = tmp_path / "big"
    assert interrupted_build("Tablebase", dir) < 5
    assert not (dir / "movement.tb").exists()
