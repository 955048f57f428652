"""The Python half of the in-page runner: one session per page, in page order.

runner-session.js writes this file and the engine files the page offers for
download into Pyodide's working folder, imports it, and calls
``BookSession().run(text, typed)`` for each block: a block with ">>> " prompts
is typed line by line, as at Python's prompt; a block without runs whole.

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


class BookSession:
    """One page's Python: what the blocks define stays for the blocks below."""

    def __init__(self) -> None:
        self.console = code.InteractiveConsole({"__name__": "__main__"})

    def run(self, text: str, typed: bool) -> str:
        """Run one block; what it prints, errors included, as Python prints them."""
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            if typed:
                more = False
                for line in text.split("\n"):
                    more = self.console.push(line)
                if more:
                    self.console.push("")
            else:
                self.console.resetbuffer()
                self.console.runsource(text + "\n", "<block>", "exec")
        return out.getvalue()
