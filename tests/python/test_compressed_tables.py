"""bagh.Tablebase over a compressed file: `Tablebase.compress` makes one
memory-mapped file from the full tables, and `Tablebase.open` opens it with
the same API. Its probes are checked against the plain minimax of
test_tablebase (an independent method) and against the full tables.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import bagh
import pytest
from test_tablebase import FLIP, ONE_TIGER, game_values


@pytest.fixture(scope="module")
def full(tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    return bagh.Tablebase.build(ONE_TIGER, tmp_path_factory.mktemp("full") / "tables")


@pytest.fixture(scope="module")
def compressed(full: bagh.Tablebase, tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    return full.compress(tmp_path_factory.mktemp("compressed") / "small")


def test_the_compressed_directory(compressed: bagh.Tablebase, full: bagh.Tablebase) -> None:
    assert compressed.compressed and not full.compressed
    assert compressed.rules == ONE_TIGER and compressed.movement is None
    assert compressed.placement is None and compressed.placement_missing is None
    assert sorted(p.name for p in compressed.dir.iterdir()) == ["tables.btz"]
    size = (compressed.dir / "tables.btz").stat().st_size
    assert size < sum(p.stat().st_size for p in full.dir.iterdir()) / 2
    compressed.verify()
    assert repr(compressed).endswith(" compressed=True>")
    # The directory, and the file itself, open again.
    assert bagh.Tablebase.open(compressed.dir).compressed
    assert bagh.Tablebase.open(compressed.dir / "tables.btz").rules == ONE_TIGER


def test_every_position_of_the_game_answers_as_minimax(
    compressed: bagh.Tablebase, full: bagh.Tablebase
) -> None:
    # Minimax down the placement phase, onto the full movement table.
    values = game_values(full)
    assert len(values) > 1000
    for position, value in values.items():
        assert compressed.probe(position).value == value, position
    for position in list(values)[::11]:
        for move, after in compressed.probe_moves(position):
            assert after.value == values.get(position.play(move), after.value)
        for move in compressed.best_moves(position):
            assert FLIP[compressed.probe(position.play(move)).value] == values[position]


def test_the_same_answers_as_the_full_tables(compressed: bagh.Tablebase, full: bagh.Tablebase) -> None:
    positions = list(game_values(full))[::5]
    assert [compressed.probe(p) for p in positions] == [full.probe(p) for p in positions]
    values, distances = compressed.probe_many(positions)
    full_values, full_distances = full.probe_many(positions)
    assert values.tolist() == full_values.tolist() and distances.tolist() == full_distances.tolist()
    engine = bagh.Engine(tablebase=compressed)
    start = bagh.Game(ONE_TIGER)
    assert engine.best_move(start, depth=2) in full.best_moves(start.position)


def test_a_file_of_alternate_layers(full: bagh.Tablebase, compressed: bagh.Tablebase, tmp_path: Path) -> None:
    # The default file stores every placement layer; this one every other
    # layer, and both answer as minimax.
    some = full.compress(tmp_path / "some", alternate_layers=True)
    assert (some.dir / "tables.btz").stat().st_size < (compressed.dir / "tables.btz").stat().st_size
    for position, value in game_values(full).items():
        assert some.probe(position).value == value, position


def test_layers_left_out_and_copied_from_a_compressed_file(full: bagh.Tablebase, compressed: bagh.Tablebase, tmp_path: Path) -> None:
    # Compressed tables give a smaller file with the layers named left out,
    # their sections copied: the same bytes as from the full tables.
    copied = compressed.compress(tmp_path / "copied", leave_out=[1])
    made = full.compress(tmp_path / "made", leave_out=[1])
    assert (copied.dir / "tables.btz").read_bytes() == (made.dir / "tables.btz").read_bytes()
    assert (made.dir / "tables.btz").stat().st_size < (compressed.dir / "tables.btz").stat().st_size
    for position, value in game_values(full).items():
        assert copied.probe(position).value == value, position
    with pytest.raises(bagh.TablebaseError, match="of 1 and 2 goats placed"):
        full.compress(tmp_path / "adjacent", leave_out=[1, 2])
    with pytest.raises(bagh.TablebaseError, match="no placement layer of 3 goats placed"):
        full.compress(tmp_path / "beyond", leave_out=[3])
    with pytest.raises(ValueError, match="give one"):
        full.compress(tmp_path / "both", leave_out=[1], alternate_layers=True)


def test_what_compressed_tables_cannot_do(compressed: bagh.Tablebase, tmp_path: Path) -> None:
    with pytest.raises(bagh.TablebaseError, match="full movement table"):
        compressed.solve(bagh.Position(None, ONE_TIGER))
    with pytest.raises(bagh.TablebaseError, match="compressed"):
        compressed.statistics()
    with pytest.raises(bagh.TablebaseError, match="over itself"):
        compressed.compress(compressed.dir)


def test_a_damaged_file_is_named(compressed: bagh.Tablebase, tmp_path: Path) -> None:
    data = bytearray((compressed.dir / "tables.btz").read_bytes())
    copy = tmp_path / "tables.btz"
    data[-50] ^= 0x10
    copy.write_bytes(bytes(data))
    with pytest.raises(bagh.TablebaseError, match="tables.btz.*checksum"):
        bagh.Tablebase.open(tmp_path).verify()
    copy.write_bytes(bytes(data[:-7]))
    with pytest.raises(bagh.TablebaseError, match="tables.btz"):
        bagh.Tablebase.open(tmp_path)


def _wheel_writer() -> Any:
    """The data-package writer of bagh-py/tables, loaded from its file."""
    path = Path(__file__).parents[2] / "bagh-py" / "tables" / "make_wheel.py"
    spec = importlib.util.spec_from_file_location("make_wheel", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _make_wheel() -> Any:
    return _wheel_writer().make_wheel


def test_a_data_package_opens_by_name(compressed: bagh.Tablebase, full: bagh.Tablebase, tmp_path: Path) -> None:
    make_wheel = _make_wheel()
    site = tmp_path / "site"
    for name in ("tiny-test", "two-tigers"):
        wheel = make_wheel(compressed.dir, name, tmp_path / "wheels")
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(wheel)],
            check=True,
        )
    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    try:
        tables = bagh.Tablebase.default("tiny-test")
        assert tables.compressed and tables.rules == ONE_TIGER
        for position in list(game_values(full))[::9]:
            assert tables.probe(position) == full.probe(position)
        import bagh_tables_tiny_test  # type: ignore[import-not-found]

        assert bagh_tables_tiny_test.RULES == "tiny-test" and bagh_tables_tiny_test.path().is_file()
        # A package whose tables are not its preset's is refused by name.
        with pytest.raises(bagh.TablebaseError, match="bagh_tables_two_tigers.*is for rule set"):
            bagh.Tablebase.default("two-tigers")
    finally:
        sys.path.remove(str(site))
        importlib.invalidate_caches()


def test_without_the_data_package_the_error_says_how_to_get_it() -> None:
    for call in (lambda: bagh.Tablebase.default("bagh-chal"), lambda: bagh.Engine(tablebase="default")):
        with pytest.raises(bagh.TablebaseError, match=r"bagh-tables-bagh-chal.*make tables-package RULES=bagh-chal"):
            call()
    with pytest.raises(bagh.TablebaseError, match="not a preset"):
        bagh.Tablebase.default(ONE_TIGER)
    with pytest.raises(bagh.EngineError, match="default"):
        bagh.Engine(tablebase="tables")  # type: ignore[arg-type]


def _in_parts(compressed: bagh.Tablebase, out: Path, size: int) -> bagh.Tablebase:
    """The file written again in parts, the smallest of a few part sizes
    that holds every section whole (smaller ones are refused)."""
    for eighths in range(2, 8):
        try:
            return compressed.compress(out, part_bytes=size * eighths // 8)
        except bagh.TablebaseError as error:
            assert "longer than parts" in str(error)
    raise AssertionError("no part size took")


def test_a_file_in_parts_opens_as_one_and_ships_a_wheel_a_part(
    compressed: bagh.Tablebase, full: bagh.Tablebase, tmp_path: Path
) -> None:
    whole = (compressed.dir / "tables.btz").read_bytes()
    with pytest.raises(bagh.TablebaseError, match="longer than parts of 10 bytes"):
        compressed.compress(tmp_path / "tiny", part_bytes=10)
    with pytest.raises(ValueError, match="part_bytes"):
        compressed.compress(tmp_path / "zero", part_bytes=0)
    split = _in_parts(compressed, tmp_path / "parts", len(whole))
    names = sorted((p.name for p in split.dir.iterdir()), key=lambda name: (len(name), name))
    assert len(names) >= 2 and names == ["tables.btz"] + [f"tables.btz.{k}" for k in range(1, len(names))]
    assert all((split.dir / name).stat().st_size < len(whole) for name in names)
    assert b"".join((split.dir / name).read_bytes() for name in names) == whole
    split.verify()
    for position in list(game_values(full))[::7]:
        assert split.probe(position) == full.probe(position)

    # One wheel a part; the package requires the others, and installed
    # together they open by name as one file.
    wheels = _wheel_writer().make_wheels(split.dir, "tiny-parts", tmp_path / "wheels")
    assert len(wheels) == len(names)
    with zipfile.ZipFile(wheels[0]) as archive:
        metadata = archive.read("bagh_tables_tiny_parts-0.1.0.dist-info/METADATA").decode()
        assert "bagh_tables_tiny_parts/tables.btz" in archive.namelist()
    for k in range(1, len(names)):
        assert f"Requires-Dist: bagh-tables-tiny-parts-part{k}==0.1.0" in metadata
        with zipfile.ZipFile(wheels[k]) as archive:
            assert f"bagh_tables_tiny_parts/tables.btz.{k}" in archive.namelist()
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), *map(str, wheels)],
        check=True,
    )
    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    try:
        tables = bagh.Tablebase.default("tiny-parts")
        for position in list(game_values(full))[::9]:
            assert tables.probe(position) == full.probe(position)
        import bagh_tables_tiny_parts  # type: ignore[import-not-found]

        assert [p.name for p in bagh_tables_tiny_parts.files()] == names
    finally:
        sys.path.remove(str(site))
        importlib.invalidate_caches()
