"""docs/_static/runner/book_session.py: the in-page runner's Python half, checked on desktop Python.

In the browser, freeing a long chain of objects overflows the stack (CPython
recurses once per link in C, and WebAssembly's calls run on the browser's own
stack); tests/site/test_code_runs_in_the_browser.py shows the runner surviving it.
Here we check what can be checked without a browser: with the shallow frees
on, frees are never nested deeper than ``DEPTH``, every object is still freed,
and nothing the book prints about memory changes (what the collector finds,
what is left alive).
"""

from __future__ import annotations

import builtins
import gc
import importlib.util
import os
import sys

import pytest

from helpers import ROOT


@pytest.fixture
def session(tmp_path, monkeypatch):
    """book_session imported fresh, shallow frees on, in a working folder holding tinygrad.py."""
    spec = importlib.util.spec_from_file_location(
        "book_session", ROOT / "docs" / "_static" / "runner" / "book_session.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    (tmp_path / "tinygrad.py").write_text(
        (ROOT / "src" / "tinygrad.py").read_text(encoding="utf-8"), encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("tinygrad", None)
    deepest = [0]
    empty = module._empty

    def counting_empty(obj, park):
        deepest[0] = max(deepest[0], module._depth)
        return empty(obj, park)

    monkeypatch.setattr(module, "_empty", counting_empty)
    # Desktop Python's own guard (the trashcan) starts over every 50 nested C
    # frees, about 17 values of a chain; park earlier, so parking is exercised.
    monkeypatch.setattr(module, "DEPTH", 5)
    module.free_chains_shallowly()
    try:
        yield module, deepest
    finally:
        module.free_chains_shallowly(False)
        sys.modules.pop("tinygrad", None)


# The reader's classes of chapters 5 and 7, typed at the prompt: slots, a
# __dict__, and closures that refer back to the value (the closure design).
PAGE = """
class Slots:
    __slots__ = ("data", "edges")
    def __init__(self, data, edges=()):
        self.data, self.edges = data, edges
    def __add__(self, other):
        return Slots(self.data + other, ((self, 1.0),))

class Plain:
    def __init__(self, data, parents=()):
        self.data, self.parents = data, parents
    def __add__(self, other):
        return Plain(self.data + other, (self,))

class Closure:
    def __init__(self, data, parents=()):
        self.data, self.grad, self._parents = data, 0.0, set(parents)
        self._backward = lambda: None
    def __add__(self, other):
        out = Closure(self.data + other, (self,))
        def _backward():
            self.grad += out.grad
        out._backward = _backward
        return out
"""


def page_classes(session):
    module, _ = session
    namespace = {"__name__": "__main__"}
    exec(compile(PAGE, "<block>", "exec"), namespace)
    return namespace


def alive(cls) -> int:
    return sum(type(o) is cls for o in gc.get_objects())


@pytest.mark.parametrize("name", ["Slots", "Plain"])
def test_a_long_chain_of_the_pages_classes_is_freed_one_link_at_a_time(session, name):
    module, deepest = session
    cls = page_classes(session)[name]
    assert cls.__del__ is module.shallow_del
    gc.disable()
    try:
        head = cls(0.0)
        for _ in range(200_000):
            head = head + 1.0
        assert head.data == 200_000.0
        assert alive(cls) == 200_001
        del head
        assert alive(cls) == 0  # freed at once, by reference counting
    finally:
        gc.enable()
    assert deepest[0] == module.DEPTH  # deep enough to be parked, and no deeper
    assert module._parked == [] and module._depth == 0


def test_cycles_stay_the_collectors_to_free(session):
    """The closure design's values refer to themselves: the collector frees them, as without us."""
    module, deepest = session
    cls = page_classes(session)["Closure"]
    assert cls.__del__ is module.shallow_del
    gc.disable()
    try:
        head = cls(0.0)
        for _ in range(20_000):
            head = head + 1.0
        del head
        assert alive(cls) == 20_001
        assert gc.collect() > 20_000
        assert alive(cls) == 0
    finally:
        gc.enable()
    assert deepest[0] == 0


@pytest.mark.slow  # a chain of 300,000 values built and freed: about 1 s
def test_the_engine_file_gets_it_too_and_its_chain_is_freed(session):
    module, deepest = session
    from tinygrad import Value

    assert Value.__del__ is module.shallow_del
    x = Value(1)
    y = x
    for _ in range(300_000):
        y = y + 1
    y.backward()
    assert (y.data, x.grad) == (300_001.0, 1.0)
    del y
    assert alive(Value) == 1  # x
    assert deepest[0] == module.DEPTH  # deep enough to be parked


@pytest.mark.slow  # the appendix's memory examples, run twice: 1.5 s
def test_what_the_book_prints_about_memory_is_unchanged(session):
    """The appendix: a dropped graph of ours leaves nothing for the collector; the closure design's does."""
    namespace = page_classes(session)
    from tinygrad import Value

    def left_for_the_collector(make):
        gc.disable()
        try:
            gc.collect()
            total = make(0.0)
            for _ in range(1_000):
                total = total + 1.0
            del total
            return gc.collect()
        finally:
            gc.enable()

    assert left_for_the_collector(Value) == 0
    assert left_for_the_collector(namespace["Slots"]) == 0
    assert left_for_the_collector(namespace["Closure"]) > 1_000
    gc.collect()
    assert alive(namespace["Closure"]) == 0


def test_only_the_pages_and_the_engine_files_classes_are_changed(session):
    module, _ = session
    namespace = {"__name__": "__main__"}
    exec(
        "class Own:\n    def __del__(self):\n        pass\n"
        "class Failure(Exception):\n    pass\n",
        namespace,
    )
    assert namespace["Own"].__del__ is not module.shallow_del
    assert not hasattr(namespace["Failure"], "__del__")
    elsewhere = {"__name__": "somewhere_else", "__file__": os.path.join(os.sep, "x.py")}
    exec("class Library:\n    pass\n", elsewhere)
    assert not hasattr(elsewhere["Library"], "__del__")
    module.free_chains_shallowly(False)
    exec("class Later:\n    pass\n", namespace)
    assert not hasattr(namespace["Later"], "__del__")


WORDS = {
    "exit": "SystemExit: sys.exit({code}) ends a program",
    "input": "input() cannot ask you anything in the page",
    "incomplete": "SyntaxError: this block is incomplete",
}


def test_a_session_types_blocks_as_at_the_prompt(session, monkeypatch):
    module, _ = session
    monkeypatch.setattr(builtins, "input", builtins.input)  # the session replaces it
    python = module.BookSession(WORDS)
    assert python.run("from tinygrad import Value\nValue(2) * 3", True) == (
        "Value(data=6.0, grad=0.0)\n"
    )
    assert python.run("for k in range(2):\n    print(k)", True) == "0\n1\n"
    out = python.run("1 / 0", True)
    assert out.startswith("Traceback (most recent call last):")
    assert out.rstrip().endswith("ZeroDivisionError: division by zero")
    assert python.run("z = 5\nz", False) == ""  # a script block echoes nothing
    assert python.run("z", True) == "5\n"


def test_unfinished_code_exit_and_input_end_only_their_own_block(session, monkeypatch):
    module, _ = session
    monkeypatch.setattr(builtins, "input", builtins.input)
    python = module.BookSession(WORDS)
    for typed in (False, True):
        out = python.run("print('A')\nx = (1,", typed)
        assert out.startswith("A\n") and out.endswith(
            "SyntaxError: '(' was never closed\n"
        )
        assert python.run("print('B')", typed) == "B\n"  # nothing was carried over
    assert (
        python.run("def f():", False)
        .rstrip()
        .endswith(
            "IndentationError: expected an indented block after function definition on line 1"
        )
    )
    assert python.run("import sys\nsys.exit(3)", True) == (
        "SystemExit: sys.exit(3) ends a program\n"
    )
    assert python.run("name = input('Who? ')", True) == (
        "input() cannot ask you anything in the page\n"
    )
    assert python.run("6 * 7", True) == "42\n"


def test_closing_a_session_frees_its_chain_link_by_link_not_in_the_collector(
    session, monkeypatch
):
    """A page's functions and their globals form a cycle: left to the collector, a
    chain they hold would be finalized there and freed in one deep recursion."""
    module, deepest = session
    monkeypatch.setattr(builtins, "input", builtins.input)  # the session replaces it
    python = module.BookSession(WORDS)
    python.run("from tinygrad import Value\ndef f():\n    return 1\n", False)
    python.run("x = Value(1)\ny = x\nfor _ in range(100_000):\n    y = y + 1\n", False)
    python.run("1 / 0", True)  # an error, kept in sys.last_value with its frames
    Value = python.console.locals["Value"]
    gc.disable()
    try:
        python.close()
        assert alive(Value) == 0  # freed at once, by reference counting
        assert sys.last_value is None
    finally:
        gc.enable()
    assert deepest[0] == module.DEPTH  # deep enough to be parked, and no deeper
    assert module._parked == [] and module._depth == 0
