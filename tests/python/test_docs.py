"""The README and the docs as a newcomer reads them: every example runs, every link leads somewhere.

The pages: README.md, the guides (docs/*.md), the benchmark pages
(docs/benchmarks/*.md), the write-ups of studies (research/README.md,
research/notes/*.md) and the crates' READMEs.

Python examples:

- A block fenced ```python runs, one test per block, named ``file:line``
  (the line of its opening fence).
- The blocks of one file run in order in one namespace, the way a reader
  goes down the page: a block may use the names an earlier block of the same
  file defined. Run alone (``pytest -k``), a block first runs the blocks
  before it.
- A block whose first line starts with ``>>>`` is an interpreter session: it
  runs as a doctest, and the printed results must match the text.
- A block fenced ```py is an outline that is shown but not run (it builds
  tables that take minutes, or reads files the reader has); keep that fence
  for such code only.

Rust examples (```rust blocks) run as doctests of the crates: each page
with one is included by a ``#[cfg(doctest)]`` struct in a crate's
``lib.rs``; a test here checks that none is left out.

Links: every Markdown link ``[text](target)`` or ``[text](target#anchor)``
whose target is not an ``http(s)://`` or ``mailto:`` address must name a file
or directory inside the repository, and an anchor must be a heading of the
page it names.

Shape: the README stays a front page (at most README_MAX_LINES lines), each
guide a reference (at most GUIDE_MAX_LINES), and docs/index.md and
docs/benchmarks/README.md list every page of their folder.
"""

from __future__ import annotations

import doctest
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The guides, the benchmark pages, the write-ups of studies and the crates'
# own READMEs; a folder that does not exist adds nothing.
GUIDES = sorted((ROOT / "docs").glob("*.md"))
BENCHMARK_PAGES = sorted((ROOT / "docs" / "benchmarks").glob("*.md"))
PAGES = [
    ROOT / "README.md",
    *GUIDES,
    *BENCHMARK_PAGES,
    *sorted(ROOT.glob("research/README.md")),
    *sorted(ROOT.glob("research/notes/*.md")),
    *sorted(ROOT.glob("bagh-*/README.md")),
]

FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", flags=re.S | re.M)


@dataclass(frozen=True)
class Block:
    """A fenced code block of a page."""

    page: Path
    line: int
    info: str
    code: str

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """The fenced code blocks of a page, in order."""
    text = page.read_text(encoding="utf-8")
    return [
        Block(page, text.count("\n", 0, match.start()) + 1, match.group(1).strip(), match.group(2))
        for match in FENCE.finditer(text)
    ]


PYTHON_BLOCKS = [block for page in PAGES for block in blocks(page) if block.info == "python"]


def test_there_are_python_examples() -> None:
    pages = {block.page.name for block in PYTHON_BLOCKS}
    assert {"README.md", "rules.md", "notation.md", "records.md", "python.md"} <= pages


# --- the shape of the pages ---

# The README is a front page, read in five minutes; a guide is a reference
# that a reader goes through end to end (measurements live in
# docs/benchmarks/, studies in research/). Past these lengths a page has
# grown into something else.
README_MAX_LINES = 250
GUIDE_MAX_LINES = 600


def _lines(page: Path) -> int:
    return len(page.read_text(encoding="utf-8").splitlines())


def test_the_readme_is_a_front_page() -> None:
    assert _lines(ROOT / "README.md") <= README_MAX_LINES


@pytest.mark.parametrize("page", GUIDES, ids=lambda page: page.name)
def test_a_guide_is_a_reference(page: Path) -> None:
    assert _lines(page) <= GUIDE_MAX_LINES, f"{page.name}: move measurements to docs/benchmarks/"


def _linked_pages(index: Path) -> set[Path]:
    text = _prose(index.read_text(encoding="utf-8"))
    return {(index.parent / match.group(1).partition("#")[0]).resolve() for match in LINK.finditer(text)}


def test_the_indexes_list_every_page() -> None:
    docs = ROOT / "docs"
    listed = _linked_pages(docs / "index.md")
    missing = [page.name for page in GUIDES if page.resolve() not in listed and page.name != "index.md"]
    assert not missing, f"guides that docs/index.md does not list: {missing}"
    benchmarks = docs / "benchmarks" / "README.md"
    listed = _linked_pages(benchmarks)
    missing = [page.name for page in BENCHMARK_PAGES if page.resolve() not in listed and page != benchmarks]
    assert not missing, f"pages that docs/benchmarks/README.md does not list: {missing}"
    assert benchmarks.resolve() in _linked_pages(docs / "index.md")
    assert (docs / "index.md").resolve() in _linked_pages(ROOT / "README.md")


# The namespace of each page, and how many of its blocks have run in it.
_namespaces: dict[Path, tuple[dict[str, object], int]] = {}


def _run(block: Block, namespace: dict[str, object]) -> None:
    if block.code.lstrip().startswith(">>>"):
        parser = doctest.DocTestParser()
        test = parser.get_doctest(block.code, namespace, block.id, str(block.page), block.line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        report: list[str] = []
        runner.run(test, out=report.append, clear_globs=False)
        assert runner.failures == 0, "".join(report)
    else:
        # Blank lines before the code keep the line numbers of tracebacks those of the page.
        source = "\n" * block.line + block.code
        exec(compile(source, str(block.page), "exec"), namespace)


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=lambda block: block.id)
def test_python_block_runs(block: Block) -> None:
    page_blocks = [other for other in PYTHON_BLOCKS if other.page == block.page]
    index = page_blocks.index(block)
    namespace, done = _namespaces.get(block.page, ({}, 0))
    if done > index:
        namespace, done = {}, 0
    for earlier in page_blocks[done:index]:
        try:
            _run(earlier, namespace)
        except Exception as error:  # noqa: BLE001 (reported as this block's setup)
            pytest.fail(f"an earlier block of the page fails: {earlier.id}: {error!r}")
    _namespaces[block.page] = (namespace, index)
    _run(block, namespace)
    _namespaces[block.page] = (namespace, index + 1)


# A page a crate includes as it is (`include_str!("../../docs/x.md")`), or
# the copy of its `guide/x.md` that the crate's build script writes into
# OUT_DIR with the links made for rustdoc (`guide/x.md` is a link to the
# docs/ page).
INCLUDED = re.compile(r'include_str!\(\s*(?:"([^"]+)"|concat!\(\s*env!\("OUT_DIR"\)\s*,\s*"/([^"]+)"\s*\))\s*\)')


def test_rust_blocks_are_doctests() -> None:
    included = set()
    for lib in ROOT.glob("bagh-*/src/lib.rs"):
        for beside, generated in INCLUDED.findall(lib.read_text(encoding="utf-8")):
            source = lib.parent / beside if beside else lib.parent.parent / generated
            included.add(source.resolve().relative_to(ROOT).as_posix())
    pages = {
        str(block.page.relative_to(ROOT))
        for page in PAGES
        for block in blocks(page)
        if block.info.split(",")[0] == "rust"
    }
    assert pages, "the README has Rust examples"
    assert pages <= included, f"pages with Rust examples that no crate runs: {sorted(pages - included)}"


# --- links ---

LINK = re.compile(r"\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
EXTERNAL = re.compile(r"^(https?://|mailto:)")


def _prose(text: str) -> str:
    """The text without its fenced code blocks and inline code spans."""
    text = FENCE.sub(lambda match: "\n" * match.group(0).count("\n"), text)
    return re.sub(r"(`+).*?\1", "", text, flags=re.S)


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub makes them."""
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", _prose(page.read_text(encoding="utf-8")), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        base, n = slug, 1
        while slug in found:
            slug, n = f"{base}-{n}", n + 1
        found.add(slug)
    return found


def dead_links(page: Path, text: str | None = None) -> list[str]:
    """The links of a page (or of `text` read as if it were that page) that
    lead nowhere or out of the repository, with why."""
    problems: list[str] = []
    text = _prose(page.read_text(encoding="utf-8") if text is None else text)
    for match in LINK.finditer(text):
        target = match.group(1)
        line = text.count("\n", 0, match.start()) + 1
        where = f"{page.relative_to(ROOT)}:{line}: {target!r}"
        if EXTERNAL.match(target):
            continue
        path_part, _, anchor = target.partition("#")
        if re.match(r"^[a-z][a-z0-9+.-]*:", path_part) or path_part.startswith("/"):
            problems.append(f"{where}: not a relative link")
            continue
        resolved = (page.parent / path_part).resolve() if path_part else page
        if not resolved.is_relative_to(ROOT):
            problems.append(f"{where}: leaves the repository")
        elif not resolved.exists():
            problems.append(f"{where}: no such file")
        elif anchor and (resolved.suffix != ".md" or anchor not in anchors(resolved)):
            problems.append(f"{where}: no heading with this anchor")
    return problems


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_links_lead_somewhere(page: Path) -> None:
    problems = dead_links(page)
    assert not problems, "\n".join(problems)


def test_the_link_check_finds_dead_links() -> None:
    page = ROOT / "docs" / "rules.md"
    text = page.read_text(encoding="utf-8")
    assert dead_links(page) == []
    assert "(notation.md)" in text, "rules.md links notation.md"
    broken = text.replace("(notation.md)", "(no-such-page.md)", 1)
    outside = text.replace("(notation.md)", "(../../elsewhere/notes.md)", 1)
    anchor = text.replace("(notation.md)", "(notation.md#no-such-heading)", 1)
    for changed, why in [(broken, "no such file"), (outside, "leaves the repository"), (anchor, "anchor")]:
        problems = dead_links(page, changed)
        assert len(problems) == 1 and why in problems[0], problems
