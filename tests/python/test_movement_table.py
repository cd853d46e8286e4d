"""bagh.MovementTable from Python: small tables built here, checked against the rules.

Every table below builds in well under a second. The probes are checked
against a one-ply minimax over the probes of the successors (the table must be
a fixed point of the game's rules), the best moves against the probes, the
eight symmetric images of a position against each other, and the statistics
against a count over the probes.
"""

from __future__ import annotations

import os
import pickle
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import bagh
import pytest
from conftest import FakeBar, interrupted_build, ticks_during

#: Small rule sets: one tiger stepping, one tiger sliding with every optional
#: rule switched on, two tigers.
SMALL = {
    "one-tiger": bagh.Ruleset(tigers=["c3"], goats=4, capture_target=2),
    "one-tiger-slide": bagh.Ruleset(
        tigers=["c3"],
        goats=5,
        capture_target=2,
        tiger_moves="slide",
        mandatory_capture=True,
        blocked_side_loses=True,
        repetition="allowed",
    ),
    "two-tigers": bagh.Ruleset(tigers=["a1", "e5"], goats=4, capture_target=2),
}

ONE_TIGER = SMALL["one-tiger"]


@pytest.fixture(scope="module", params=sorted(SMALL))
def table(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> bagh.MovementTable:
    rules = SMALL[str(request.param)]
    path = tmp_path_factory.mktemp("tables") / f"{request.param}.tb"
    began = time.perf_counter()
    table = bagh.MovementTable.build(rules, path)
    assert time.perf_counter() - began < 10
    return table


@pytest.fixture(scope="module")
def one_tiger_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("one") / "one-tiger.tb"
    bagh.MovementTable.build(ONE_TIGER, path)
    return path


def board_text(grid: list[list[str]]) -> str:
    """The board field of a position string from `grid[rank][file]` ('.' empty)."""
    ranks = []
    for rank in reversed(range(5)):
        text, run = "", 0
        for file in range(5):
            piece = grid[rank][file]
            if piece == ".":
                run += 1
            else:
                text += (str(run) if run else "") + piece
                run = 0
        ranks.append(text + (str(run) if run else ""))
    return "/".join(ranks)


def random_positions(rules: bagh.Ruleset, n: int, seed: int = 1) -> Iterator[bagh.Position]:
    """`n` random positions of the movement phase (no goats in hand) of `rules`."""
    rng = random.Random(seed)
    tigers = len(rules.tigers)
    for _ in range(n):
        captured = rng.randrange(rules.capture_target)
        points = rng.sample(range(25), tigers + rules.goats - captured)
        grid = [["."] * 5 for _ in range(5)]
        for i, point in enumerate(points):
            grid[point // 5][point % 5] = "T" if i < tigers else "G"
        side = rng.choice("gt")
        yield bagh.Position(f"{board_text(grid)} {side} 0 {captured}", rules)


def images(position: bagh.Position) -> list[bagh.Position]:
    """The eight images of a position under the symmetries of the board."""
    out = []
    for turns in range(4):
        for mirror in (False, True):
            grid = [["."] * 5 for _ in range(5)]
            for names, piece in ((position.tigers, "T"), (position.goats, "G")):
                for name in names:
                    file, rank = "abcde".index(name[0]), int(name[1]) - 1
                    if mirror:
                        file = 4 - file
                    for _ in range(turns):
                        file, rank = rank, 4 - file
                    grid[rank][file] = piece
            side = position.side_to_move[0]
            text = f"{board_text(grid)} {side} {position.goats_in_hand} {position.goats_captured}"
            out.append(bagh.Position(text, position.rules))
    return out


def plies(probe: bagh.Probe) -> int:
    """The distance of a win or a loss of the movement table, which knows them all."""
    assert probe.distance is not None, probe
    return probe.distance


def expected(position: bagh.Position, table: bagh.MovementTable) -> bagh.Probe:
    """The probe that one ply of minimax over the successors' probes gives."""
    outcome = position.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return bagh.Probe("draw")
        return bagh.Probe("win" if outcome.winner == position.side_to_move else "loss", 0)
    after = [table.probe(position.play(move)) for move in position.legal_moves()]
    losses = [plies(p) for p in after if p.value == "loss"]
    if losses:
        return bagh.Probe("win", min(losses) + 1)
    if all(p.value == "win" for p in after):
        return bagh.Probe("loss", max(plies(p) for p in after) + 1)
    return bagh.Probe("draw")


def test_probes_are_a_fixed_point_of_the_rules(table: bagh.MovementTable) -> None:
    values = set()
    for position in random_positions(table.rules, 400):
        probe = table.probe(position)
        values.add(probe.value)
        assert probe == expected(position, table), position
        assert (probe.distance is None) == (probe.value == "draw")
    # The samples see more than one value.
    assert len(values) >= 2


def test_best_moves_keep_the_value(table: bagh.MovementTable) -> None:
    for position in random_positions(table.rules, 300, seed=2):
        probe = table.probe(position)
        best = table.best_moves(position)
        if position.is_game_over():
            assert best == []
            continue
        assert best, position
        assert set(best) <= set(position.legal_moves())
        for move in best:
            after = table.probe(position.play(move))
            if probe.value == "win":
                assert after == bagh.Probe("loss", plies(probe) - 1)
            elif probe.value == "loss":
                assert after == bagh.Probe("win", plies(probe) - 1)
            else:
                assert after == bagh.Probe("draw")
            assert after == probe.after_best_move()
        by_move = dict(table.probe_moves(position))
        assert sorted(by_move) == sorted(position.legal_moves())
        assert all(by_move[move] == table.probe(position.play(move)) for move in best)


def test_the_longest_win_plays_out(table: bagh.MovementTable) -> None:
    wins = [
        (plies(table.probe(p)), p)
        for p in random_positions(table.rules, 400, seed=3)
        if table.probe(p).value == "win"
    ]
    assert wins
    distance, position = max(wins, key=lambda w: w[0])
    winner = position.side_to_move
    for ply in range(distance):
        assert not position.is_game_over(), ply
        position = position.play(table.best_moves(position)[0])
    outcome = position.outcome()
    assert outcome is not None and outcome.winner == winner


def test_goats_win_by_trapping_the_tiger(tmp_path: Path) -> None:
    rules = bagh.Ruleset(tigers=["c3"], goats=5, capture_target=1)
    table = bagh.MovementTable.build(rules, tmp_path / "trap.tb")
    position = bagh.Position("5/1G3/5/1G3/GTGG1 g 0 0", rules)
    assert table.probe(position) == bagh.Probe("win", 1)
    assert table.best_moves(position) == [bagh.Move("b4b3")]
    trapped = position.play("b4b3")
    assert table.probe(trapped) == bagh.Probe("loss", 0)
    assert table.best_moves(trapped) == []
    outcome = trapped.outcome()
    assert outcome is not None and outcome.winner == "goat"
    assert table.solve(position) == bagh.Probe("win", 1)


def test_symmetric_images_probe_the_same(table: bagh.MovementTable) -> None:
    for position in random_positions(table.rules, 100, seed=4):
        probes = {table.probe(image) for image in images(position)}
        assert len(probes) == 1, position
        assert len({len(table.best_moves(image)) for image in images(position)}) == 1


def test_probe_takes_position_strings(one_tiger_path: Path) -> None:
    table = bagh.MovementTable.open(one_tiger_path)
    text = "5/5/1GTG1/2G2/4G t 0 0"
    assert table.probe(text) == table.probe(bagh.Position(text, ONE_TIGER))
    assert table.best_moves(text) == table.best_moves(bagh.Position(text, ONE_TIGER))
    # Reaching the capture target ends the game: a loss in 0 for the goats.
    assert table.probe("5/5/2T2/5/2G1G g 0 2") == bagh.Probe("loss", 0)
    with pytest.raises(bagh.ParseError):
        table.probe("T3T/5/5/5/T3T g 20 0")
    with pytest.raises(TypeError):
        table.probe(42)  # type: ignore[arg-type]


def test_open_reads_what_build_wrote(one_tiger_path: Path) -> None:
    table = bagh.MovementTable.open(one_tiger_path)
    again = bagh.MovementTable.open(str(one_tiger_path), rules=ONE_TIGER)
    assert table.rules == again.rules == ONE_TIGER
    assert table.path == one_tiger_path
    assert table.positions == bagh.MovementTable.count_positions(ONE_TIGER) > 0
    assert bagh.MovementTable.memory_needed(ONE_TIGER) > 0
    assert table.checksum == again.checksum and 0 <= table.checksum < 2**32
    assert repr(table).startswith("<MovementTable ") and "positions=" in repr(table)
    for position in random_positions(ONE_TIGER, 50, seed=5):
        assert table.probe(position) == again.probe(position)
    # A checkpoint is removed at the end of a build.
    assert not Path(f"{one_tiger_path}.partial").exists()


def test_statistics_count_the_table(table: bagh.MovementTable) -> None:
    statistics = table.statistics()
    assert isinstance(statistics, bagh.MovementStatistics)
    layers = statistics.layers
    assert all(isinstance(layer, bagh.MovementLayerStatistics) for layer in layers)
    assert [(layer.captured, layer.side) for layer in layers] == [
        (captured, side) for captured in range(table.rules.capture_target) for side in ("goat", "tiger")
    ]
    assert statistics.positions == sum(layer.positions for layer in layers) == table.positions
    for layer in layers:
        assert layer.wins + layer.draws + layer.losses == layer.positions
        assert (layer.longest_win is None) == (layer.wins == 0)
        if layer.longest_win is not None:
            distance, position = layer.longest_win
            assert isinstance(distance, int) and isinstance(position, bagh.Position)
            assert position.side_to_move == layer.side and position.goats_captured == layer.captured
            assert position.goats_in_hand == 0
            assert table.probe(position) == bagh.Probe("win", distance)
    # The sampled wins are no longer than the longest.
    longest = {(layer.captured, layer.side): layer.longest_win for layer in layers}
    for position in random_positions(table.rules, 200, seed=7):
        probe = table.probe(position)
        if probe.value == "win":
            best = longest[(position.goats_captured, position.side_to_move)]
            assert best is not None and plies(probe) <= best[0]
    # A value: equal, hashable, picklable, a repr that reads back.
    assert statistics == table.statistics() and hash(statistics) == hash(table.statistics())
    assert pickle.loads(pickle.dumps(statistics)) == statistics
    assert eval(repr(statistics), vars(bagh)) == statistics
    assert pickle.loads(pickle.dumps(layers[-1])) == layers[-1]


def test_errors_are_tablebase_errors() -> None:
    assert issubclass(bagh.TablebaseError, bagh.BaghError)
    assert issubclass(bagh.TablebaseError, ValueError)


@pytest.mark.parametrize(
    "damage",
    ["empty", "header only", "half", "last byte missing", "entry flipped", "header flipped", "garbage", "extra"],
)
def test_damaged_files_raise(one_tiger_path: Path, tmp_path: Path, damage: str) -> None:
    data = bytearray(one_tiger_path.read_bytes())
    if damage == "empty":
        data = bytearray()
    elif damage == "header only":
        data = data[:40]
    elif damage == "half":
        data = data[: len(data) // 2]
    elif damage == "last byte missing":
        data = data[:-1]
    elif damage == "entry flipped":
        data[-10] ^= 0x10
    elif damage == "header flipped":
        data[30] ^= 0x01
    elif damage == "garbage":
        data = bytearray(b"not a table at all" * 10)
    elif damage == "extra":
        data += b"\0"
    path = tmp_path / "damaged.tb"
    path.write_bytes(bytes(data))
    with pytest.raises(bagh.TablebaseError, match="damaged.tb"):
        bagh.MovementTable.open(path)


def test_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError) as raised:
        bagh.MovementTable.open(tmp_path / "nowhere.tb")
    assert raised.value.filename == str(tmp_path / "nowhere.tb")


def test_another_rule_set_is_refused(one_tiger_path: Path) -> None:
    other = bagh.Ruleset(tigers=["c3"], goats=4, capture_target=3)
    with pytest.raises(bagh.TablebaseError, match="capture_target=2"):
        bagh.MovementTable.open(one_tiger_path, rules=other)
    table = bagh.MovementTable.open(one_tiger_path)
    position = bagh.Position("5/5/1GTG1/2G2/4G t 0 0", other)
    for call in (table.probe, table.best_moves, table.probe_moves):
        with pytest.raises(bagh.TablebaseError, match="rule set"):
            call(position)


def test_goats_in_hand_are_not_in_the_table(one_tiger_path: Path) -> None:
    table = bagh.MovementTable.open(one_tiger_path)
    start = bagh.Position(None, ONE_TIGER)
    with pytest.raises(bagh.TablebaseError, match="goats remain in hand"):
        table.probe(start)
    with pytest.raises(bagh.TablebaseError, match="in hand"):
        table.best_moves(start)


def test_too_large_is_refused_up_front(tmp_path: Path) -> None:
    with pytest.raises(bagh.TablebaseError, match="memory_budget"):
        bagh.MovementTable.build("bagh-chal", tmp_path / "big.tb", memory_budget=1 << 20)
    assert list(tmp_path.iterdir()) == []


def minimax(position: bagh.Position, table: bagh.MovementTable, memo: dict[bagh.Position, int]) -> int:
    """1 win, 0 draw, -1 loss for the side to move: plain minimax to the table."""
    if position.goats_in_hand == 0 or position.is_game_over():
        return {"win": 1, "draw": 0, "loss": -1}[table.probe(position).value]
    if position not in memo:
        memo[position] = max(-minimax(position.play(m), table, memo) for m in position.legal_moves())
    return memo[position]


def test_solve_agrees_with_minimax(one_tiger_path: Path) -> None:
    table = bagh.MovementTable.open(one_tiger_path)
    rng = random.Random(6)
    names = {1: "win", 0: "draw", -1: "loss"}
    memo: dict[bagh.Position, int] = {}
    for _ in range(12):
        # Two goats placed, two in hand, after a random tiger move.
        game = bagh.Game(ONE_TIGER)
        for _ in range(rng.choice([3, 4])):
            game.push(rng.choice(game.legal_moves()))
        position = game.position
        probe = table.solve(position)
        assert probe.value == names[minimax(position, table, memo)], position
        # Goats in hand: no distance, but 0 for a finished game.
        assert probe.distance == (0 if position.is_game_over() else None)
    # No goats in hand: the table's probe, with its distance.
    text = "5/5/1GTG1/2G2/4G t 0 0"
    assert table.solve(text) == table.probe(text)
    with pytest.raises(bagh.TablebaseError, match="nodes"):
        table.solve(bagh.Position(None, ONE_TIGER), node_limit=1)
    # The transposition table's size is checked: an error, not an abort.
    for tt_log2 in (0, 33, 40):
        with pytest.raises(bagh.TablebaseError, match="tt_log2"):
            table.solve(bagh.Position(None, ONE_TIGER), tt_log2=tt_log2)


def test_progress_callback(tmp_path: Path) -> None:
    calls: list[tuple[int, int]] = []
    bagh.MovementTable.build(ONE_TIGER, tmp_path / "t.tb", progress=lambda done, total: calls.append((done, total)))
    assert calls
    totals = {total for _, total in calls}
    assert len(totals) == 1
    dones = [done for done, _ in calls]
    assert dones == sorted(dones) and dones[-1] == totals.pop()
    with pytest.raises(TypeError, match="progress"):
        bagh.MovementTable.build(ONE_TIGER, tmp_path / "u.tb", progress=3)  # type: ignore[arg-type]


def test_progress_true_without_tqdm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    bagh.MovementTable.build(ONE_TIGER, tmp_path / "t.tb", progress=True)
    err = capsys.readouterr().err
    assert "100%" in err and err.endswith("\n")


def test_progress_true_with_tqdm(tmp_path: Path, fake_tqdm: list[FakeBar]) -> None:
    bars = fake_tqdm
    bagh.MovementTable.build(ONE_TIGER, tmp_path / "t.tb", progress=True)
    assert len(bars) == 1
    assert bars[0].n == bars[0].total > 0 and bars[0].closed
    assert bars[0].desc == "movement custom"
    # progress=False shows nothing.
    bagh.MovementTable.build(ONE_TIGER, tmp_path / "u.tb", progress=False)
    assert len(bars) == 1


def test_a_stopped_build_resumes(tmp_path: Path, one_tiger_path: Path) -> None:
    path = tmp_path / "t.tb"

    def stop(done: int, total: int) -> None:
        # Past the first layer (the one with a capture), whose checkpoint is saved.
        if done > total * 0.3:
            raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough") as raised:
        bagh.MovementTable.build(ONE_TIGER, path, progress=stop)
    checkpoint = Path(f"{path}.partial")
    assert not path.exists()
    assert checkpoint.exists()
    assert any("resume" in note for note in getattr(raised.value, "__notes__", []))
    with pytest.raises(bagh.TablebaseError, match="checkpoint"):
        bagh.MovementTable.open(checkpoint)

    calls: list[tuple[int, int]] = []
    table = bagh.MovementTable.build(ONE_TIGER, path, progress=lambda d, t: calls.append((d, t)))
    assert calls[0][0] > calls[0][1] * 0.3  # the first layer came from the checkpoint
    assert not checkpoint.exists()
    assert path.read_bytes() == one_tiger_path.read_bytes()
    assert table.positions == bagh.MovementTable.open(one_tiger_path).positions


def test_other_threads_run_during_a_build(tmp_path: Path) -> None:
    ticks, elapsed = ticks_during(
        lambda: bagh.MovementTable.build(SMALL["two-tigers"], tmp_path / "t.tb", threads=1)
    )
    assert ticks > elapsed * 50


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT by os.kill is POSIX")
def test_ctrl_c_stops_a_build(tmp_path: Path) -> None:
    path = tmp_path / "big.tb"
    assert interrupted_build("MovementTable", path) < 5
    assert not path.exists()
