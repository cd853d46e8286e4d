"""Writes the data package of one rule set's compressed tables: a wheel
``bagh_tables_<id>-<version>-py3-none-any.whl`` holding the module
``bagh_tables_<id>`` and its file ``tables.btz``, which
``bagh.Tablebase.default("<id>")`` and ``bagh.Engine(tablebase="default")``
open once it is installed with pip.

    python3 bagh-py/tables/make_wheel.py DIR ID OUT_DIR

DIR holds ``tables.btz`` (``bagh compress`` or ``make compress-game``); ID
is the rule set's preset id. Only the standard library is used: a wheel is
a zip file with its metadata and a record of every file's hash.
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
    """The compressed file."""
    return Path(__file__).with_name("tables.btz")
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


def make_wheel(tables_dir: Path, rules_id: str, out_dir: Path) -> Path:
    tables = tables_dir / "tables.btz"
    if not tables.is_file():
        raise SystemExit(
            f"{tables} is missing: build the tables and compress them first "
            f"(make solve-game SOLVE_RULES={rules_id} && make compress-game SOLVE_RULES={rules_id})"
        )
    module = "bagh_tables_" + rules_id.replace("-", "_")
    dist = f"{module}-{VERSION}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: bagh-tables-{rules_id}\n"
        f"Version: {VERSION}\n"
        f"Summary: The solved game of {rules_id} for bagh: compressed tablebases\n"
        "License: MIT OR Apache-2.0\n"
        "Requires-Python: >=3.9\n"
        "Requires-Dist: bagh>=0.1\n"
    )
    wheel = "Wheel-Version: 1.0\nGenerator: bagh make_wheel.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    texts = {
        f"{module}/__init__.py": INIT.format(id=rules_id).encode(),
        f"{dist}/METADATA": metadata.encode(),
        f"{dist}/WHEEL": wheel.encode(),
    }
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{module}-{VERSION}-py3-none-any.whl"
    records = [f"{name},{digest(data)},{len(data)}" for name, data in texts.items()]
    hashed, size = file_digest(tables)
    records.append(f"{module}/tables.btz,{hashed},{size}")
    records.append(f"{dist}/RECORD,,")
    with zipfile.ZipFile(target, "w") as archive:
        for name, data in texts.items():
            archive.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)
        # The tables are compressed already: stored as they are.
        archive.write(tables, f"{module}/tables.btz", compress_type=zipfile.ZIP_STORED)
        archive.writestr(f"{dist}/RECORD", "\n".join(records) + "\n")
    return target


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    print(make_wheel(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])))
