"""The Python half of the in-page runner: one session per page, in page order.

runner-worker.js (the Web Worker that runs Pyodide) writes this file into
``/book`` and the engine files the page offers for download into Pyodide's
working folder, imports it, and calls ``BookSession(words).run(text, typed)``
for each block: a block with ">>> " prompts is typed line by line, as at
Python's prompt; a block without runs whole. An unfinished last statement is
an error on its own block, ``sys.exit()`` and ``input()`` get one line each.
A value the prompt shows that is a graph's DOT text (``to_dot(...)``) is kept
in ``graphs``, and the page draws it under the block (runner-graph.js).

It also makes freeing a long chain of objects safe in the browser. CPython
frees a chain recursively in C: dropping the last value of a 10,000-step graph
frees its parents, which free theirs, 10,000 calls deep. A desktop Python
notices the depth (its "trashcan" watches the C stack) and finishes the job in
a loop. In WebAssembly the C calls run on the browser's own, smaller stack,
which that watch does not see: about 3,000 levels overflow it, and Pyodide
stops for good. So every class that the page's code or the engine files define
gets a ``__del__`` that empties the object itself and counts how deeply frees
are nested; past ``DEPTH`` it parks the object's fields in a list, which is
emptied, one field at a time, once the outermost free returns. What is freed,
and when, is unchanged: only the C stack stays shallow. Objects in a cycle are
left to the collector as before (its counts are printed in the book), which
``__del__`` tells by their extra references.
"""

from __future__ import annotations

import builtins
import code
import contextlib
import io
import os
import sys

DEPTH = 40  # nested frees before the rest is parked; each costs a few C calls

_depth = 0
_draining = False
_parked: list[object] = []
_fields_of: dict[type, tuple[str, ...]] = {}


def _fields(cls: type) -> tuple[str, ...]:
    """The slot names of cls and its bases (mangled as Python stores them)."""
    if cls not in _fields_of:
        names = []
        for klass in cls.__mro__:
            slots = klass.__dict__.get("__slots__", ())
            for name in [slots] if isinstance(slots, str) else slots:
                if name in ("__dict__", "__weakref__"):
                    continue
                if name.startswith("__") and not name.endswith("__"):
                    name = f"_{klass.__name__.lstrip('_')}{name}"
                names.append(name)
        _fields_of[cls] = tuple(names)
    return _fields_of[cls]


def _empty(obj: object, park) -> None:
    """Drop obj's fields: freed here (park is None) or parked for later."""
    for name in _fields(type(obj)):
        try:
            value = getattr(obj, name)
        except AttributeError:
            continue
        if park is not None:
            park(value)
        del value
        try:
            delattr(obj, name)
        except (AttributeError, TypeError):
            pass
    fields = getattr(obj, "__dict__", None)
    if type(fields) is dict and fields:
        if park is not None:
            park(dict(fields))
        fields.clear()


def _references_when_freed() -> int:
    """What sys.getrefcount says inside __del__ when the last reference went."""
    seen = []

    class Probe:
        def __del__(self):
            seen.append(sys.getrefcount(self))

    Probe()
    return seen[0]


_FREED = _references_when_freed()


def shallow_del(self) -> None:
    """A __del__ that frees a chain one link at a time (see the module's docstring)."""
    global _depth, _draining
    if sys.getrefcount(self) > _FREED:
        # The collector is finalizing a cycle: it frees what it found its own way,
        # and counts it (gc.collect() returns the count, which the book prints).
        return
    if _depth >= DEPTH:
        _empty(self, _parked.append)
        return
    _depth += 1
    try:
        _empty(self, None)
    finally:
        _depth -= 1
    if _depth == 0 and not _draining:
        _draining = True
        try:
            while _parked:
                _parked.pop()  # frees one field; what it frees may park more
        finally:
            _draining = False


def _ours(module_globals: dict) -> bool:
    if module_globals.get("__name__") == "__main__":
        return True
    path = module_globals.get("__file__")
    return bool(path) and os.path.dirname(os.path.abspath(path)) == os.getcwd()


_build_class = builtins.__build_class__


def _build_class_freeing_shallowly(func, name, *bases, **keywords):
    cls = _build_class(func, name, *bases, **keywords)
    if (
        isinstance(cls, type)
        and not issubclass(cls, BaseException)
        and getattr(cls, "__del__", shallow_del) is shallow_del
        and _ours(getattr(func, "__globals__", {}))
    ):
        try:
            cls.__del__ = shallow_del
        except (AttributeError, TypeError):
            pass
    return cls


def free_chains_shallowly(on: bool = True) -> None:
    """Give (or stop giving) the classes defined from now on the shallow __del__."""
    builtins.__build_class__ = _build_class_freeing_shallowly if on else _build_class


class _NoInput(Exception):
    """input() in the page: there is no one at a prompt to answer."""


class _Console(code.InteractiveConsole):
    """The page's console: sys.exit() and input() end a block with one clear line."""

    def __init__(self, words: dict[str, str]) -> None:
        super().__init__({"__name__": "__main__"})
        self.words = words

    def runcode(self, compiled) -> None:
        try:
            exec(compiled, self.locals)
        except SystemExit as stop:
            print(self.words["exit"].format(code=stop.code), file=sys.stderr)
        except _NoInput:
            print(self.words["input"], file=sys.stderr)
        except BaseException:
            self.showtraceback()

    def incomplete(self, source: str) -> None:
        """Say why ``source`` cannot run: Python's own SyntaxError, or that it stops short."""
        try:
            compile(source + "\n", "<block>", "exec")
        except SyntaxError:
            self.showsyntaxerror("<block>")
        else:
            print(self.words["incomplete"], file=sys.stderr)


def _no_input(prompt: object = "") -> str:
    raise _NoInput


class BookSession:
    """One page's Python: what the blocks define stays for the blocks below.

    ``words`` are the messages of the page's language: ``exit`` (with
    ``{code}``), ``input`` and ``incomplete``.
    """

    def __init__(self, words: dict[str, str]) -> None:
        self.console = _Console(dict(words))
        self.graphs: list[str] = []  # the DOT texts the last block showed
        builtins.input = _no_input  # in a Web Worker there is no prompt to ask at
        # the page's language, for the messages of check_engine.check()
        os.environ["LANGUAGE"] = words.get("language", "en")

    def close(self) -> None:
        """Drop what the blocks defined, now, before a fresh session starts.

        Left to the collector (the page's functions and their globals form a
        cycle), a long chain would be finalized there and then freed in one deep
        recursion, past the shallow __del__. Emptied here, it goes link by link.
        """
        sys.last_type = sys.last_value = sys.last_traceback = None
        if hasattr(sys, "last_exc"):
            sys.last_exc = None
        self.console.locals.clear()
        self.graphs.clear()

    def _display(self, value: object) -> None:
        """Show a value as the prompt does; keep a graph's DOT text for drawing."""
        if isinstance(value, str) and value.startswith("digraph"):
            self.graphs.append(str(value))
        sys.__displayhook__(value)

    def run(self, text: str, typed: bool) -> str:
        """Run one block; what it prints, errors included, as Python prints them.

        A block whose last statement is unfinished runs its complete
        statements, then shows the error; nothing of it is carried into the
        next block.
        """
        out = io.StringIO()
        console = self.console
        self.graphs = []
        sys.displayhook = self._display
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            console.resetbuffer()
            if typed:
                more = False
                for line in text.split("\n"):
                    more = console.push(line)
                if more:
                    more = console.push("")  # a blank line ends a compound statement
                if more:
                    unfinished = "\n".join(console.buffer)
                    console.resetbuffer()
                    console.incomplete(unfinished)
            elif console.runsource(text + "\n", "<block>", "exec"):
                self._run_complete_part(text)
        return out.getvalue()

    def _run_complete_part(self, text: str) -> None:
        """Run the longest start of ``text`` that is complete, then say what is not."""
        lines = text.split("\n")
        for end in range(len(lines) - 1, 0, -1):
            head = "\n".join(lines[:end])
            try:
                compile(head + "\n", "<block>", "exec")
            except SyntaxError:
                continue
            self.console.runsource(head + "\n", "<block>", "exec")
            break
        self.console.incomplete(text)
