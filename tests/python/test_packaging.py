"""The package as it is published: the abi3 wheel that `make test` builds and installs.

`make test` installs bagh from `target/wheels/bagh-<version>-cp311-abi3-*.whl`
(made by `maturin build --release`), so every other test of this folder runs
against the published file. These tests check that this is so and that the
wheel holds what a user needs: the compiled module, the stubs and `py.typed`
for type checkers, the pure-Python modules, the licences, and one version
number shared with the Rust crates.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

import bagh

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_SOURCE = ROOT / "bagh-py" / "python" / "bagh"


def installed_from_source() -> bool:
    """Whether bagh is imported from the repository (an editable install)."""
    return Path(bagh.__file__).resolve().is_relative_to(PACKAGE_SOURCE.resolve())


def the_wheel() -> Path:
    version = metadata.version("bagh")
    wheels = sorted((ROOT / "target" / "wheels").glob(f"bagh-{version}-*.whl"))
    if installed_from_source():
        pytest.skip("bagh is installed from the source tree (editable), not from a wheel")
    assert len(wheels) == 1, f"one wheel of bagh {version} in target/wheels, found {wheels}"
    return wheels[0]


def test_the_tests_run_against_the_installed_wheel() -> None:
    wheel = the_wheel()
    installed = Path(bagh.__file__).resolve()
    assert "site-packages" in installed.parts, installed
    with zipfile.ZipFile(wheel) as archive:
        packed = archive.read("bagh/__init__.py")
    assert installed.read_bytes() == packed, "the installed bagh/__init__.py is not the wheel's"


def test_the_wheel_is_abi3_for_cpython_3_11_and_later() -> None:
    name = the_wheel().name
    assert re.fullmatch(r"bagh-[0-9.]+-cp311-abi3-[a-z0-9_.]+\.whl", name), name
    assert sys.version_info >= (3, 11)


def test_the_wheel_holds_the_module_the_stubs_and_the_licences() -> None:
    with zipfile.ZipFile(the_wheel()) as archive:
        names = set(archive.namelist())
    sources = {
        "bagh/" + path.relative_to(PACKAGE_SOURCE).as_posix()
        for path in PACKAGE_SOURCE.rglob("*")
        if path.suffix in {".py", ".pyi"} or path.name == "py.typed"
    }
    assert sources, "the package's sources were found"
    missing = sources - names
    assert not missing, f"not in the wheel: {sorted(missing)}"
    assert any(re.fullmatch(r"bagh/_bagh\.abi3\.so|bagh/_bagh\.pyd", name) for name in names), sorted(names)
    licences = {Path(name).name for name in names if ".dist-info/" in name and "LICENSE" in name}
    assert {"LICENSE-MIT", "LICENSE-APACHE"} <= licences, sorted(names)


def test_the_node_package_holds_the_licences() -> None:
    # npm packs a LICENSE-* file only when `files` names it, and never a
    # symbolic link: the addon's are plain copies of the repository's.
    files = json.loads((ROOT / "bagh-node" / "package.json").read_text(encoding="utf-8"))["files"]
    for name in ("LICENSE-MIT", "LICENSE-APACHE"):
        copy = ROOT / "bagh-node" / name
        assert name in files, "bagh-node/package.json"
        assert copy.is_file() and not copy.is_symlink(), copy
        assert copy.read_bytes() == (ROOT / name).read_bytes(), copy


def test_one_version_for_the_python_package_the_node_addon_and_the_crates() -> None:
    python = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    rust = tomllib.loads((ROOT / "Cargo.toml").read_text(encoding="utf-8"))["workspace"]["package"]["version"]
    assert python == rust
    node = json.loads((ROOT / "bagh-node" / "package.json").read_text(encoding="utf-8"))["version"]
    assert node == rust, "bagh-node/package.json"
    if not installed_from_source():
        assert metadata.version("bagh") == python
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    # Keep a Changelog: the version being built has its heading, "## [0.1.0] - <date>".
    assert re.search(rf"^## \[{re.escape(python)}\] - \d{{4}}-\d{{2}}-\d{{2}}$", changelog, flags=re.M), "CHANGELOG.md"
