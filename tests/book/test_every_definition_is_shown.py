"""Promise 2 of CONTRIBUTING.md: the engine code a reader sees is the real code, and all of it is shown.

Every function, class and method defined in ``src/tinygrad.py``, in the tensor
engine ``src/tensorgrad.py`` and in its digits model ``src/digits.py`` must appear,
whole, in some page of the book through a ``literalinclude`` of the real file
(by ``:pyobject:``, by markers such as ``:start-at:``/``:end-before:``, or
both). Which lines an include shows is worked out by Sphinx's own
``LiteralIncludeReader``, so the test reads the options exactly as the build
does.

A definition counts as shown when all of its lines are: a function or method
with its decorators, signature and body; a class with every line of its body
that is not part of a nested definition (its docstring, ``__slots__``, and
assignments such as ``__radd__ = __add__``), the nested definitions being
checked on their own. Blank lines do not count.

The test fails when a definition is added to the file but shown nowhere, and
when an include names something the file does not have.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from helpers import DOCS, ENGINE, ROOT, Include, includes_in, shown_lines

# Every file a chapter offers for download: all of each must be shown.
SOURCES = [ENGINE, ROOT / "src" / "tensorgrad.py", ROOT / "src" / "digits.py"]


@dataclass(frozen=True)
class Definition:
    name: str  # qualified: "Value.__add__", "train_line.mean_squared_error"
    kind: str  # "class" or "function"
    lines: frozenset[int]  # the lines that must be shown


def engine_includes(engine: Path = ENGINE) -> list[Include]:
    pages = sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.parts)
    return [
        inc
        for page in pages
        for inc in includes_in(page)
        if inc.target == engine.resolve()
    ]


def definitions(source: str) -> list[Definition]:
    """Every class, function and method in `source`, with the lines that show it."""
    text_lines = source.splitlines()

    def span(node: ast.AST) -> set[int]:
        first = min(
            [node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])]
        )
        return {
            n for n in range(first, node.end_lineno + 1) if text_lines[n - 1].strip()
        }

    found: list[Definition] = []

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + node.name
                lines = span(node)
                kind = "function"
                if isinstance(node, ast.ClassDef):
                    kind = "class"
                    for inner in ast.walk(node):
                        if inner is not node and isinstance(
                            inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
                        ):
                            lines -= span(inner)
                found.append(Definition(name, kind, frozenset(lines)))
                visit(node.body, name + ".")
            elif hasattr(node, "body"):  # if/for/while/with/try at any level
                for field in ("body", "orelse", "finalbody"):
                    visit(getattr(node, field, []), prefix)
                for handler in getattr(node, "handlers", []):
                    visit(handler.body, prefix)

    visit(ast.parse(source).body, "")
    return found


def check(source: Path, includes: list[Include]) -> tuple[list[str], list[str]]:
    """(includes that name nothing, definitions shown nowhere), as readable messages."""
    broken, shown = [], set()
    for include in includes:
        try:
            shown |= shown_lines(include, source)
        except ValueError as error:
            broken.append(f"{include.where()}: {error}")
    missing = []
    for definition in definitions(source.read_text(encoding="utf-8")):
        not_shown = sorted(definition.lines - shown)
        if not_shown:
            missing.append(
                f"{definition.kind} {definition.name}: lines {not_shown[0]}-{not_shown[-1]} "
                f"({len(not_shown)} lines) of {source.name} appear in no literalinclude"
            )
    return broken, missing


# --- the promise --------------------------------------------------------------


def test_the_chapters_include_the_engine() -> None:
    includes = engine_includes()
    pyobjects = {inc.options.get("pyobject") for inc in includes}
    # Guards against a parser that silently finds nothing.
    assert {
        "Value.__add__",
        "Value.backward",
        "gradient_descent",
        "MLP",
        "train_xor",
    } <= pyobjects


def test_the_tensors_chapter_includes_both_of_its_files() -> None:
    tensor_objects = {
        inc.options.get("pyobject") for inc in engine_includes(SOURCES[1])
    }
    digits_objects = {
        inc.options.get("pyobject") for inc in engine_includes(SOURCES[2])
    }
    assert {
        "Tensor.backward",
        "Function.apply",
        "unbroadcast",
        "MatMul",
    } <= tensor_objects
    assert {"DigitsNetwork", "train_digits", "scalar_cross_entropy"} <= digits_objects


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: path.name)
def test_every_include_of_the_engine_shows_something_real(source: Path) -> None:
    broken, _ = check(source, engine_includes(source))
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: path.name)
def test_every_definition_of_the_engine_is_shown(source: Path) -> None:
    _, missing = check(source, engine_includes(source))
    assert not missing, "\n".join(missing)


# --- the check itself catches what it should -----------------------------------


def _copy_of_engine(tmp_path: Path, extra: str = "") -> tuple[Path, list[Include]]:
    """The engine with `extra` appended, and the chapters' includes pointed at the copy."""
    copy = tmp_path / "tinygrad.py"
    copy.write_text(ENGINE.read_text(encoding="utf-8") + extra, encoding="utf-8")
    includes = [
        Include(inc.page, inc.line, copy, inc.options) for inc in engine_includes()
    ]
    return copy, includes


def test_the_check_passes_on_an_unchanged_copy(tmp_path: Path) -> None:
    assert check(*_copy_of_engine(tmp_path)) == ([], [])


def test_a_new_function_shown_nowhere_fails(tmp_path: Path) -> None:
    extra = "\n\ndef sigmoid(v: Value) -> Value:\n    return 1 / (1 + (-v).exp())\n"
    broken, missing = check(*_copy_of_engine(tmp_path, extra))
    assert broken == []
    assert len(missing) == 1 and missing[0].startswith("function sigmoid:")


def test_a_new_method_shown_nowhere_fails(tmp_path: Path) -> None:
    source = ENGINE.read_text(encoding="utf-8")
    anchor = "    def backward(self) -> None:\n"
    assert anchor in source
    method = (
        "    def sigmoid(self) -> Value:\n        return 1 / (1 + (-self).exp())\n\n"
    )
    copy, includes = _copy_of_engine(tmp_path)
    copy.write_text(source.replace(anchor, method + anchor), encoding="utf-8")
    broken, missing = check(copy, includes)
    assert broken == []
    assert [m.split(":")[0] for m in missing] == ["function Value.sigmoid"]


def test_a_new_class_attribute_shown_nowhere_fails(tmp_path: Path) -> None:
    source = ENGINE.read_text(encoding="utf-8")
    anchor = "    def backward(self) -> None:\n"
    copy, includes = _copy_of_engine(tmp_path)
    copy.write_text(
        source.replace(anchor, "    __rpow__ = None\n\n" + anchor), encoding="utf-8"
    )
    _, missing = check(copy, includes)
    assert [m.split(":")[0] for m in missing] == ["class Value"]


def test_an_include_of_something_missing_fails(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "# A page\n\n```{literalinclude} ../../src/tinygrad.py\n:pyobject: Value.sigmoid\n```\n",
        encoding="utf-8",
    )
    (include,) = includes_in(page)
    broken, _ = check(ENGINE, [include])
    assert len(broken) == 1 and "Value.sigmoid" in broken[0]


def test_a_partial_include_does_not_count(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```{literalinclude} ../../src/tinygrad.py\n:pyobject: Value.backward\n:lines: 1-3\n```\n",
        encoding="utf-8",
    )
    (include,) = includes_in(page)
    assert len(shown_lines(include, ENGINE)) == 3
    _, missing = check(ENGINE, [include])
    assert any(m.startswith("function Value.backward:") for m in missing)


def test_the_parser_reads_myst_and_rest_includes(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```{literalinclude} ../src/x.py\n:pyobject: A\n:end-before: def f\n```\n\n"
        "```{eval-rst}\n.. literalinclude:: ../src/x.py\n   :pyobject: B\n```\n",
        encoding="utf-8",
    )
    includes = includes_in(page)
    assert [inc.options for inc in includes] == [
        {"pyobject": "A", "end-before": "def f"},
        {"pyobject": "B"},
    ]
    assert {inc.target for inc in includes} == {(tmp_path / "../src/x.py").resolve()}
