"""What CONTRIBUTING.md and the README tell a contributor is where things are.

CONTRIBUTING.md and the README (their tables, and their prose) name only
files and folders that exist, but for what ``make`` builds (a name with
``NN-name``, ``NAME``, ``JOB``, ``CHAPTER_NAME`` or ``<language>`` in it stands
for any); the README's layout names every file a reader downloads; and a test
that cites a promise of CONTRIBUTING.md cites one it has.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from helpers import DOCS, ROOT

CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
PLACEHOLDERS = re.compile(r"NN-name|CHAPTER_NAME|NAME|JOB|<language>")
PATH = re.compile(r"`((?:src|docs|tests|\.ci)/[^`\s]*)`")


def section(text: str, heading: str) -> str:
    """The text of a Markdown section, from its heading to the next one."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


def table_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("| ")]


def named_paths(rows: list[str]) -> set[str]:
    return {path for row in rows for path in PATH.findall(row)}


def exists(path: str) -> bool:
    pattern = PLACEHOLDERS.sub("*", path.rstrip("/"))
    if "*" not in pattern:
        return (ROOT / pattern).exists()
    return any(ROOT.glob(pattern))


def test_the_tables_name_only_what_exists():
    rows = table_rows(section(CONTRIBUTING, "The map"))
    rows += table_rows(section(CONTRIBUTING, "Where to change what"))
    rows += table_rows(section(README, "Layout"))
    paths = named_paths(rows) | set(PATH.findall(CONTRIBUTING + README))
    built = ("docs/_build/", "docs/_tools/node_modules/")  # made by make, not in git
    paths = {path for path in paths if not path.startswith(built)}
    assert len(paths) > 40, sorted(paths)
    missing = sorted(path for path in paths if not exists(path))
    assert not missing, f"named but not there: {missing}"


def downloads() -> set[str]:
    """Every file of the repository a page offers (a {download}), each chapter
    (conf.py's engine_download, engine_check_download), and the assembled
    check_exercises.py's own source."""
    found = set()
    for page in DOCS.rglob("*.md"):
        if "_build" in page.parts or "node_modules" in page.parts:
            continue
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\{download\}`[^`<]*<([^>]+)>`", text):
            found.add((page.parent / target).resolve().relative_to(ROOT).as_posix())
    tree = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") in (
            "engine_download",
            "engine_check_download",
        ):
            found.add((DOCS / node.value.value).resolve().relative_to(ROOT).as_posix())
    return found | {"src/check_exercises.py"}


def test_the_readme_layout_names_every_file_a_reader_downloads():
    offered = downloads()
    assert {"src/tinygrad.py", "src/check_engine.py"} <= offered, offered
    assert "docs/chapters/speed_benchmark.py" in offered, offered
    layout = named_paths(table_rows(section(README, "Layout")))
    assert not offered - layout, f"not in README's layout: {sorted(offered - layout)}"


def test_a_test_cites_a_promise_contributing_has():
    promises = section(CONTRIBUTING, "The promises to the reader")
    count = len(re.findall(r"^\d+\. \*\*", promises, re.M))
    assert count >= 7, count
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        for number in re.findall(r"Promise (\d+) of CONTRIBUTING\.md", text):
            assert 1 <= int(number) <= count, f"{path.name}: promise {number}"


def test_the_paths_of_a_placeholder_are_found_by_it():
    assert exists("docs/chapters/NN-name.md") and exists("docs/_ext/book/JOB/NAME.py")
    assert not exists("docs/chapters/no-such-page.md")
    assert Path(ROOT / "docs" / "locale").is_dir()
