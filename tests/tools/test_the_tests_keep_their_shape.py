"""The tests are grouped by what they protect, and share what they share in one place.

``tests/engine/`` (the engines and the checker), ``tests/book/`` (the pages,
their numbers, editions, notebooks, copy-paste), ``tests/site/`` (the built
site, in the browser), ``tests/tools/`` (the build, publishing, catalogues, the
extension), and the folders other work adds beside them (``tests/exercises/``).
What several test files need is in ``tests/helpers.py`` (with the fixtures of
``tests/conftest.py``), never imported from another test file; the repository's
root is found there once, and the chapters are read from the book's own
contents (``helpers.CHAPTERS``, ``helpers.chapter("engine")``), so that
inserting a chapter, which renumbers the chapter files, edits no test.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from helpers import CHAPTERS, ROOT, SAMPLE, has_sample, sweep

TESTS = ROOT / "tests"
SHARED = {"conftest.py", "helpers.py"}
# At most this many test files may name a chapter's file (NN-name): the few
# whose subject is that file. Today none does.
NAMING_A_CHAPTER = 3


def python_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "node_modules" not in p.parts)


def the_test_files() -> list[Path]:
    return [p for p in python_files() if p.name.startswith("test_")]


def test_every_test_file_is_in_the_folder_of_what_it_protects():
    top = sorted(p.name for p in TESTS.glob("*.py"))
    assert set(top) <= SHARED, f"put {sorted(set(top) - SHARED)} in a folder"
    folders = {p.parent.relative_to(TESTS).parts[0] for p in the_test_files()}
    assert {"engine", "book", "site", "tools"} <= folders, folders
    assert len(the_test_files()) > 60


def test_no_test_file_imports_another():
    for path in python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            imported = [n for n in names if n.split(".")[0].startswith("test_")]
            assert not imported, (
                f"{path.relative_to(TESTS)} imports {imported}: share it in helpers.py"
            )


def test_the_chapters_are_read_from_the_book_not_named_by_file():
    assert [p.stem for p in CHAPTERS] == sorted(p.stem for p in CHAPTERS)
    assert len(CHAPTERS) == len(list((ROOT / "docs" / "chapters").glob("*.md")))
    stems = re.compile("|".join(re.escape(p.stem) for p in CHAPTERS))
    naming = [
        p.relative_to(TESTS).as_posix()
        for p in python_files()
        if stems.search(p.read_text(encoding="utf-8"))
    ]
    assert len(naming) <= NAMING_A_CHAPTER, naming


def test_the_root_is_found_once_and_no_test_edits_the_path():
    """No test file works out where it stands (``__file__``) or edits ``sys.path``
    (code in a string, run by another Python, may)."""
    for path in the_test_files() + [TESTS / "conftest.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(TESTS)}:{getattr(node, 'lineno', 0)}"
            assert not (isinstance(node, ast.Name) and node.id == "__file__"), (
                f"{where}: use helpers.ROOT"
            )
            edits = (
                isinstance(node, ast.Attribute)
                and node.attr in ("insert", "append")
                and ast.unparse(node.value) == "sys.path"
            )
            assert not edits, f"{where}: pyproject.toml's pythonpath, not sys.path"


def test_one_definition_of_each_shared_helper():
    defined: dict[str, list[str]] = {}
    for path in python_files():
        if path.name == "conftest.py":  # its fixtures hand on what helpers.py makes
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("test_"):
                defined.setdefault(node.name, []).append(
                    path.relative_to(TESTS).as_posix()
                )
    for name in ("run_block", "open_runner_page", "chapter", "blocks_of", "need"):
        assert defined.get(name) == ["helpers.py"], (name, defined.get(name))


def test_a_sweep_keeps_a_sample_for_make_test():
    """A sweep marked ``sweep`` in every case would leave ``make test`` without
    it; conftest.py refuses such a test at collection (``has_sample``)."""

    @pytest.mark.parametrize("x", sweep([1, 2], lambda x: False))
    def all_swept(x): ...

    @pytest.mark.parametrize("x", sweep([1, 2], lambda x: x == 1))
    def one_kept(x): ...

    assert not has_sample(all_swept) and has_sample(one_kept)
    assert SAMPLE and set(SAMPLE) <= {page.stem for page in CHAPTERS}


def test_make_test_leaves_out_only_the_sweeps_and_make_sweeps_runs_them():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    test = makefile[makefile.index("\ntest:") :].split("\n\n")[0]
    sweeps = makefile[makefile.index("\nsweeps:") :].split("\n\n")[0]
    assert '-m "not sweep"' in test and "-m sweep" in sweeps, (test, sweeps)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.index("make test") < ci.index("make sweeps"), ci
