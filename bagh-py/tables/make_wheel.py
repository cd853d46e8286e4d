"""Writes the data package of one rule set's compressed tables: a wheel
``bagh_tables_<id>-<version>-py3-none-any.whl`` holding the module
``bagh_tables_<id>`` and its file ``tables.btz``, which
``bagh.Tablebase.default("<id>")`` and ``bagh.Engine(tablebase="default")``
open once it is installed with pip.

    python3 bagh-py/tables/make_wheel.py DIR ID OUT_DIR

DIR holds ``tables.btz`` (``bagh compress`` or ``make compress-game``); ID
is the rule set's preset id. A file written in parts (``bagh compress
--part-bytes``: ``tables.btz``, ``tables.btz.1``, ...) gives one wheel a
part, each a file of a package registry's size: the package, which holds
``tables.btz`` and requires the others, and ``bagh-tables-<id>-part<k>``,
which installs ``tables.btz.<k>`` into the same module directory, where
the tables are read as one file. Only the standard library is used: a
wheel is a zip file with its metadata and a record of every file's hash.
"""

from __future__ import annotations

import base64
import hashlib
import sys
import zipfile
from pathlib import Path

VERSION = "0.1.0"

INIT = '''"""The solved game of {id} for bagh: its compressed tables (``tables.btz``).

    >>> import bagh
    >>> tables = bagh.Tablebase.default("{id}")
"""

from pathlib import Path

#: The rule set whose tables this package holds.
RULES = "{id}"


def path() -> Path:
    """The compressed file (its first part, if it is in parts)."""
    return Path(__file__).with_name("tables.btz")


def files() -> list[Path]:
    """The compressed file and its parts, in order."""
    found = [path()]
    while (part := path().with_name(f"tables.btz.{{len(found)}}")).is_file():
        found.append(part)
    return found
'''


def digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def file_digest(path: Path) -> tuple[str, int]:
    sha = hashlib.sha256()
    size = 0
    with path.open("rb") as f:
        while chunk := f.read(1 << 20):
            sha.update(chunk)
            size += len(chunk)
    return "sha256=" + base64.urlsafe_b64encode(sha.digest()).rstrip(b"=").decode(), size


def parts_of(tables: Path) -> list[Path]:
    """The file and its parts beside it, in order."""
    found = [tables]
    while (part := tables.with_name(f"tables.btz.{len(found)}")).is_file():
        found.append(part)
    return found


def write_wheel(out_dir: Path, dist_name: str, summary: str, requires: list[str], texts: dict[str, bytes], files: dict[str, Path]) -> Path:
    """A wheel of the distribution ``dist_name``: ``texts`` (deflated) and
    ``files`` (stored as they are: the tables are compressed already)."""
    stem = dist_name.replace("-", "_")
    dist = f"{stem}-{VERSION}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {dist_name}\n"
        f"Version: {VERSION}\n"
        f"Summary: {summary}\n"
        "License: MIT OR Apache-2.0\n"
        "Requires-Python: >=3.9\n"
        + "".join(f"Requires-Dist: {r}\n" for r in requires)
    )
    wheel = "Wheel-Version: 1.0\nGenerator: bagh make_wheel.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    texts = {**texts, f"{dist}/METADATA": metadata.encode(), f"{dist}/WHEEL": wheel.encode()}
    records = [f"{name},{digest(data)},{len(data)}" for name, data in texts.items()]
    for name, source in files.items():
        hashed, size = file_digest(source)
        records.append(f"{name},{hashed},{size}")
    records.append(f"{dist}/RECORD,,")
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{stem}-{VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w") as archive:
        for name, data in texts.items():
            archive.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)
        for name, source in files.items():
            archive.write(source, name, compress_type=zipfile.ZIP_STORED)
        archive.writestr(f"{dist}/RECORD", "\n".join(records) + "\n")
    return target


def make_wheels(tables_dir: Path, rules_id: str, out_dir: Path) -> list[Path]:
    """The package's wheel, then one a further part of the file."""
    tables = tables_dir / "tables.btz"
    if not tables.is_file():
        raise SystemExit(
            f"{tables} is missing: build the tables and compress them first "
            f"(make solve-game SOLVE_RULES={rules_id} && make compress-game SOLVE_RULES={rules_id})"
        )
    module = "bagh_tables_" + rules_id.replace("-", "_")
    parts = parts_of(tables)
    summary = f"The solved game of {rules_id} for bagh: compressed tablebases"
    part_names = [f"bagh-tables-{rules_id}-part{k}" for k in range(1, len(parts))]
    wheels = [
        write_wheel(
            out_dir,
            f"bagh-tables-{rules_id}",
            summary,
            ["bagh>=0.1", *(f"{name}=={VERSION}" for name in part_names)],
            {f"{module}/__init__.py": INIT.format(id=rules_id).encode()},
            {f"{module}/tables.btz": tables},
        )
    ]
    for k, (name, part) in enumerate(zip(part_names, parts[1:]), start=1):
        wheels.append(
            write_wheel(
                out_dir,
                name,
                f"{summary}, part {k} of {len(parts) - 1} (installed with bagh-tables-{rules_id})",
                [],
                {},
                {f"{module}/tables.btz.{k}": part},
            )
        )
    return wheels


def make_wheel(tables_dir: Path, rules_id: str, out_dir: Path) -> Path:
    """The wheel of a file in one part."""
    wheels = make_wheels(tables_dir, rules_id, out_dir)
    if len(wheels) != 1:
        raise SystemExit(f"{tables_dir} holds a file in {len(wheels)} parts: use make_wheels")
    return wheels[0]


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    for made in make_wheels(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])):
        print(made, made.stat().st_size, "bytes")
