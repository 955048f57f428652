"""Check your own engine of chapter 5 against the book's cases, step by step.

Save this file next to your engine. In any Python (the prompt, a notebook, the
book's page), on the class in hand::

    from check_engine import check
    check(Value)                    # or check(Value, step=4, lang="zh_CN")

or in a terminal, on the file that holds your ``Value``::

    python check_engine.py engine.py          # or --step 4 --lang zh_CN

Each case prints ``ok``; ``FAIL``, with the expected and the actual numbers and
the likely cause; or ``skip``, with the step that adds what it needs. Without a
step, the check works out how far you have come. Your code runs under limits: a
case that runs for seconds or grows a list without end is stopped and named,
what it prints is counted, not shown, and ``input()`` or ``sys.exit()`` cannot
stop the check. The command exits with 0 when every case that ran passed, 1
when one failed, 2 when the file could not be checked. The messages are in
Chinese with ``lang="zh_CN"``, or when the first of ``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG`` that is set starts with ``zh``; else in English.

The file reads: 1. the book's cases; 2. the report; 3. the guard that runs your
code under limits; 4. the diagnosis of a wrong number; 5. the words.
"""

from __future__ import annotations

import argparse
import builtins
import contextlib
import importlib.util
import io
import linecache
import math
import os
import sys
import sysconfig
import time
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from types import FrameType, TracebackType
from typing import NamedTuple

# --- 1. the book's cases -----------------------------------------------------------
# What Python calls for each operation, and the step of chapter 5 that adds it.
OPERATIONS: dict[str, tuple[str, int]] = {
    "__add__": ("a + b", 0),
    "__mul__": ("a * b", 0),
    "backward": ("backward()", 0),
    "__pow__": ("a ** n", 1),
    "__neg__": ("-a", 1),
    "__sub__": ("a - b", 1),
    "tanh": ("a.tanh()", 2),
    "__truediv__": ("a / b", 3),
    "__radd__": ("2 + a, sum(...)", 3),
    "__rmul__": ("2 * a", 3),
    "__rsub__": ("1 - a", 3),
    "__rtruediv__": ("6 / a", 3),
}
LAST_STEP = 5


class Case(NamedTuple):
    """One example of the book, and what it must give."""

    name: str  # the function's name, which is also the key of its title in STRINGS
    step: int  # the step of chapter 5 that makes it pass
    needs: tuple[str, ...]  # the methods of Value it calls
    labels: tuple[str, ...]  # of the numbers it returns (or keys of STRINGS)
    numbers: tuple[float, ...]  # what they must be
    run: Callable[[type], Sequence[object]]


CASES: list[Case] = []


def case(step: int, labels: str, numbers: Sequence[float], uses: str = "") -> Callable:
    """Add the function below to CASES: it calls a + b, a * b, backward() and
    the methods named in ``uses``, and returns the numbers named by ``labels``.
    Its parameter is called Value, so that a line of a case quoted in a message
    reads as the book's code."""

    def add(run: Callable[[type], Sequence[object]]) -> Callable:
        needs = ("__add__", "__mul__", "backward", *uses.split())
        named, wanted = tuple(labels.split()), tuple(map(float, numbers))
        CASES.append(Case(run.__name__, step, needs, named, wanted, run))
        return run

    return add


@case(0, "q a.grad", (12, 7))
def q_of_a(Value):
    a = Value(3)
    q = a * a + a
    q.backward()
    return q.data, a.grad


@case(0, "a*a a.grad", (9, 6))
def a_times_a(Value):
    a = Value(3)
    s = a * a
    s.backward()
    return s.data, a.grad


@case(0, "L a.grad b.grad c.grad f.grad", (-8, 6, -4, -2, 4))
def micrograd_L(Value):
    a, b, c, f = Value(2), Value(-3), Value(10), Value(-2)
    L = (a * b + c) * f
    L.backward()
    return L.data, a.grad, b.grad, c.grad, f.grad


@case(0, "c b.grad a.grad", (12, 2, 4))
def shared_node(Value):
    a = Value(3)
    b = a + a
    c = b + b
    c.backward()
    return c.data, b.grad, a.grad


@case(0, "q t.grad a.grad", (27, 3, 18))
def two_children(Value):  # t may pass its gradient on once both children added theirs
    a = Value(3)
    t = a * a
    q = t + t * 2
    q.backward()
    return q.data, t.grad, a.grad


@case(0, "a b c f a*b L", (2, -3, 10, -2, -6, -8))
def data_kept(Value):
    a, b, c, f = Value(2), Value(-3), Value(10), Value(-2)
    t = a * b
    L = (t + c) * f
    L.backward()
    return a.data, b.data, c.data, f.data, t.data, L.data


@case(1, "loss w.grad b.grad", (9, -12, -6), uses="__pow__ __neg__ __sub__")
def chapter_2_loss(Value):
    w, b = Value(1), Value(0)
    loss = (w * 2 + b - 5) ** 2
    loss.backward()
    return loss.data, w.grad, b.grad


@case(
    2,
    "o x1.grad w1.grad x2.grad w2.grad b.grad",
    (math.sqrt(0.5), -1.5, 1, 0.5, 0, 0.5),
    uses="tanh",
)
def neuron(Value):
    x1, x2, w1, w2 = Value(2), Value(0), Value(-3), Value(1)
    b = Value(6.8813735870195432)
    o = (x1 * w1 + x2 * w2 + b).tanh()
    o.backward()
    return o.data, x1.grad, w1.grad, x2.grad, w2.grad, b.grad


@case(
    3,
    "2*w w.grad 1-w w.grad 6/w w.grad sum w.grad",
    (6, 2, -2, -1, 2, -6 / 9, 9, 3),
    uses="__neg__ __sub__ __truediv__ __radd__ __rmul__ __rsub__ __rtruediv__",
)
def numbers_on_the_left(Value):
    numbers = []
    for make in [
        lambda w: 2 * w,
        lambda w: 1 - w,
        lambda w: 6 / w,
        lambda w: sum([w, w, w]),
    ]:
        w = Value(3)
        out = make(w)
        out.backward()
        numbers += [out.data, w.grad]
    return numbers


@case(3, "x/y x.grad y.grad", (0.75, 0.25, -0.1875), uses="__truediv__")
def division(Value):
    x, y = Value(3), Value(4)
    ratio = x / y
    ratio.backward()
    return ratio.data, x.grad, y.grad


@case(4, "q after_one after_two", (12, 7, 7))
def backward_twice(Value):
    a = Value(3)
    q = a * a + a
    q.backward()
    first = a.grad
    q.backward()
    return q.data, first, a.grad


@case(5, "total w.grad", (24997500, 49995000), uses="__radd__")
def long_chain(Value):
    w = Value(0.5)
    total = sum(w * k for k in range(10_000))
    total.backward()
    return total.data, w.grad


# --- 2. the report -----------------------------------------------------------------


def check(Value: type, step: int | None = None, lang: str | None = None) -> None:
    """Check a ``Value`` class of chapter 5, wherever it was defined; print the report.

    >>> from check_engine import check
    >>> from engine import Value
    >>> check(Value)  # doctest: +ELLIPSIS
    Checking Value as an engine of step 5 of chapter 5
    (worked out from what it can do; step=N says otherwise)
    ok    chapter 4: q = a*a + a at a = 3
    ...
    All 12 cases that ran passed; 0 skipped.
    """
    words = Words(lang if lang in STRINGS else language_from_environment(os.environ))
    if lang is not None and lang not in STRINGS:
        choices = " or ".join(map(repr, STRINGS))
        raise ValueError(words("bad_lang", choices=choices, got=repr(lang)))
    if not isinstance(Value, type):
        raise TypeError(words("not_a_class_given", got=repr(Value)[:60]))
    if step is not None and (type(step) is not int or not 0 <= step <= LAST_STEP):
        raise ValueError(words("bad_step", last=LAST_STEP, got=repr(step)))
    Checker(Value, Value.__name__, words, step, "step=N").report()


def main(argv: Sequence[str] | None = None) -> int:
    """Check the file named on the command line; return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    first = argparse.ArgumentParser(add_help=False)
    first.add_argument("--lang", choices=sorted(STRINGS))
    language = first.parse_known_args(argv)[0].lang
    words = Words(language or language_from_environment(os.environ))
    parser = argparse.ArgumentParser(prog="check_engine.py", description=words("usage"))
    parser.add_argument("file", help=words("help_file"))
    steps = range(LAST_STEP + 1)
    parser.add_argument("--step", type=int, choices=steps, help=words("help_step"))
    parser.add_argument("--lang", choices=sorted(STRINGS), help=words("help_lang"))
    args = parser.parse_args(argv)
    try:
        V = load_value(args.file, words)
    except CannotCheck as problem:
        print(f"check_engine.py: {problem}", file=sys.stderr)
        return 2
    what = words("of_file", file=os.path.basename(args.file))
    return Checker(V, what, words, args.step, "--step N").report()


Result = tuple[Sequence[object] | None, BaseException | None]  # numbers, or the error


def has(V: type, method: str) -> bool:
    return callable(getattr(V, method, None))


def passes(result: Result, case: Case) -> bool:
    numbers, _ = result
    return numbers is not None and all(
        same(x, want) for x, want in zip(numbers, case.numbers)
    )


def not_yet(case: Case, result: Result, words: Words) -> str | None:
    """What a step-4 or step-5 case shows on an engine from before that step."""
    numbers, error = result
    if case.run is long_chain and isinstance(error, RecursionError):
        name, _ = recursing(error)  # the walk's, or an operation's such as sum()'s
        if name not in OPERATIONS or name == "backward":
            return words("detail_chain")
    if case.run is backward_twice and numbers is not None:
        q, first, second = numbers
        if same(q, 12.0) and same(first, 7.0) and not same(second, 7.0):
            return words("detail_twice", got=show(second), want=show(7.0))
    return None


class Checker:
    """Runs the cases on the reader's class and prints each outcome as it comes."""

    def __init__(
        self, V: type, what: str, words: Words, step: int | None, hint: str
    ) -> None:
        self.V, self.what, self.words, self.hint = V, what, words, hint
        self.guard = Guard()
        self.results: dict[str, Result] = {}
        self.claimed = step is not None
        self.step = step if step is not None else self.detect()
        self.diagnosis = Diagnosis(V, words, self.guard, self.step)
        self.told: set[str] = set()  # causes already printed in full

    def run(self, case: Case, seconds: float | None = None) -> Result:
        try:
            return self.guard.run(case.run, self.V, seconds=seconds), None
        except (Exception, Stopped) as error:
            return None, error

    def detect(self) -> int:
        """How far the reader has come: the operations, then the late cases that pass."""
        step = -1
        for k in range(4):  # the last step whose operations Value has, and all before
            if not all(has(self.V, m) for m, (_, s) in OPERATIONS.items() if s == k):
                break
            step = k
        for case in CASES:
            if case.step <= 3 or not all(has(self.V, m) for m in case.needs):
                continue
            # step 4's case is a graph of three nodes: if it never ends, nothing will
            seconds = AFTER_A_TIMEOUT if case.step == 4 else SECONDS
            result = self.run(case, seconds=seconds)
            if isinstance(result[1], Stopped):
                break  # it runs again, under the full limit, when its turn comes
            self.results[case.name] = result
            if passes(result, case):
                step = max(step, case.step)
        return step

    def report(self) -> int:
        """Print the report, a case at a time; return the exit status."""
        w = self.words
        header = "header_claimed" if self.claimed else "header"
        self.write(w(header, what=self.what, step=max(self.step, 0), hint=self.hint))
        counts = {"ok": 0, "fail": 0, "skip": 0}
        for case in CASES:
            status, lines = self.judge(case)
            counts[status] += 1
            for line in lines:
                self.write(line)
        failed, skipped = counts["fail"], counts["skip"]
        ran = counts["ok"] + failed
        if ran == 0:
            self.write(w("summary_none"))
        elif failed:
            self.write(w("summary_fail", failed=failed, ran=ran, skipped=skipped))
        else:
            self.write(w("summary_ok", ran=ran, skipped=skipped))
        if self.guard.printed.lines:
            self.write(w("printed", lines=f"{self.guard.printed.lines:,}"))
        return 1 if failed or ran == 0 else 0

    @staticmethod
    def write(line: str) -> None:
        print(line, flush=True)  # each line as soon as it is known

    def line(self, status: str, text: str) -> str:
        """'ok    chapter 4: ...', the status padded to one width."""
        return pad(self.words(status), 6) + text

    def more(self, label: str, text: str) -> str:
        """An indented line under a case: '      expected  q 12.0, a.grad 7.0'."""
        width = max(columns(self.words(k)) for k in ("expected", "got")) + 2
        return " " * 6 + (pad(label, width) if label else "") + text

    def judge(self, case: Case) -> tuple[str, list[str]]:
        """ok, fail or skip for one case, with its lines."""
        w, title = self.words, self.words(case.name)
        missing = [m for m in case.needs if not has(self.V, m)]
        if missing:
            return self.missing(case, missing)
        if case.name not in self.results:
            self.results[case.name] = self.run(case)
        result = self.results[case.name]
        if passes(result, case):
            return "ok", [self.line("ok", title)]
        sign = not_yet(case, result, w)
        if sign is not None and case.step > self.step:
            why = w("later", step=case.step, what=w(f"step{case.step}"), detail=sign)
            return "skip", [self.line("skip", title + w("colon") + why)]
        numbers, error = result
        labels = [w.table.get(label, label) for label in case.labels]
        wanted = [f"{lb} {show(x)}" for lb, x in zip(labels, case.numbers)]
        if isinstance(error, Stopped):
            got = w(f"got_{error.key}", **error.values)
        elif error is not None:
            got = error_line(error)
        else:
            got = ", ".join(f"{lb} {show(x)}" for lb, x in zip(labels, numbers))
        cause = self.cause(case, result)
        told = f"stopped: {error.key}" if isinstance(error, Stopped) else cause
        if told in self.told:
            cause = w("cause_again")
        self.told.add(told)
        return "fail", [
            self.line("fail", title),
            self.more(w("expected"), ", ".join(wanted)),
            self.more(w("got"), got),
            self.more("", w("cause", cause=cause)),
        ]

    def missing(self, case: Case, missing: list[str]) -> tuple[str, list[str]]:
        """A case that needs methods Value does not have: skip, or fail if due."""
        w, title = self.words, self.words(case.name)
        by_step: dict[int, list[str]] = {}
        for m in missing:
            by_step.setdefault(OPERATIONS[m][1], []).append(f"{OPERATIONS[m][0]} ({m})")
        due = [k for k in by_step if k <= max(self.step, 0)]
        if due:
            ops = ", ".join(op for k in due for op in by_step[k])
            return "fail", [
                self.line("fail", title),
                self.more("", w("missing", ops=ops, step=max(due))),
            ]
        why = w("list").join(
            w("needs", step=k, ops=", ".join(ops)) for k, ops in sorted(by_step.items())
        )
        return "skip", [self.line("skip", title + w("colon") + why)]

    def cause(self, case: Case, result: Result) -> str:
        """The likely cause of a failed case, in words."""
        w = self.words
        _, error = result
        if isinstance(error, Stopped):
            return self.stopped(error)
        if isinstance(error, RecursionError):
            return self.recursion(error)
        if not_yet(case, result, w) is not None:  # right once, wrong the second time
            return w("cause_clear")
        found = self.diagnosis.likely_cause(case)
        if found is not None:
            key, values = found
            return w(key, **values)
        if error is not None:
            return self.error(error)
        return w("cause_unknown", step=max(case.step, self.step))

    def recursion(self, error: RecursionError) -> str:
        """A walk that recurses, or an operation that calls itself without end."""
        name, where = recursing(error)
        if name not in OPERATIONS or name == "backward":
            return self.words("cause_recursion", name=f"{name or 'backward'}()")
        values = {"method": name, "op": OPERATIONS[name][0], "where": where}
        if name in REFLECTED:
            return self.words("cause_reflected", fix=REFLECTED[name], **values)
        return self.words("cause_itself", step=OPERATIONS[name][1], **values)

    def stopped(self, stop: Stopped) -> str:
        """Why the guard stopped a case: a loop without end, input() or sys.exit()."""
        w, frame = self.words, stop.frame
        where = place(frame) if frame is not None else "?"
        if stop.key in ("input", "exit"):
            return w(f"cause_{stop.key}", where=where)
        backward = in_backward(frame)
        return w(
            f"cause_{stop.key}",
            what=w("in_backward" if backward else "in_case"),
            where=where,
            hint=w("hint_stack" if backward else "hint_loop"),
            **stop.values,
        )

    def error(self, error: BaseException) -> str:
        """An error: the line of the reader's code that raised it, or the book's call."""
        found = frames(error.__traceback__)
        mine = [(f, line) for f, line in found if theirs(f.f_code.co_filename)]
        if mine:
            return self.words("cause_error", where=at_line(*mine[-1]))
        ours = [(f, line) for f, line in found if f.f_code.co_filename == HERE]
        frame, line = ours[-1] if ours else found[-1]
        code = linecache.getline(frame.f_code.co_filename, line).strip() or "?"
        return self.words("cause_call", code=code, error=error_line(error))


class CannotCheck(Exception):
    """The file cannot be checked: one line says why."""


def load_value(file: str, words: Words) -> type:
    """Import ``file`` by its path and return its class ``Value``."""
    name = os.path.basename(file)
    if not os.path.isfile(file):
        raise CannotCheck(words("no_file", file=file))
    spec = importlib.util.spec_from_file_location("reader_engine", file)
    if spec is None or spec.loader is None:
        raise CannotCheck(words("cannot_import", file=name, error="?"))
    module = importlib.util.module_from_spec(spec)
    sys.modules["reader_engine"] = module
    # so that it can import its neighbours
    sys.path.insert(0, os.path.dirname(os.path.abspath(file)))
    try:
        Guard().run(spec.loader.exec_module, module, seconds=IMPORT_SECONDS)
    except SyntaxError as error:
        text = f"SyntaxError: {error.msg} ({name}, line {error.lineno})"
        raise CannotCheck(words("cannot_import", file=name, error=text)) from None
    except Stopped as stop:
        where = place(stop.frame) if stop.frame is not None else name
        key = {"input": "import_input", "exit": "import_exit"}.get(stop.key)
        seconds = f"{IMPORT_SECONDS:g}"
        text = words(key or "import_slow", file=name, where=where, seconds=seconds)
        raise CannotCheck(text) from None
    except Exception as error:
        found = frames(error.__traceback__)
        mine = [f for f in found if theirs(f[0].f_code.co_filename)]
        text = f"{error_line(error)} ({at_line(*(mine or found)[-1])})"
        raise CannotCheck(words("cannot_import", file=name, error=text)) from None
    value = getattr(module, "Value", None)
    if value is None:
        raise CannotCheck(words("no_value", file=name))
    if not isinstance(value, type):
        raise CannotCheck(words("not_a_class", file=name))
    return value


# --- 3. running the reader's code under limits -------------------------------------

SECONDS = 3.0  # for a case; a case of the book takes milliseconds (the chain 0.3 s)
IMPORT_SECONDS = 5.0  # for importing the reader's file
AFTER_A_TIMEOUT = 0.5  # once a case never ended, the others get less (and the probes)
SIZE = 300_000  # entries of one list, set or dict: the longest case has 30,001 nodes
EVERY = 1024  # events of the tracer between two looks at the clock and the sizes
WALL = 10  # times the limit on the wall clock, for code that waits instead of working
HERE = os.path.abspath(__file__)
LIBRARY = os.path.abspath(sysconfig.get_paths()["stdlib"])


class Stopped(BaseException):
    """Raised into the reader's code by the guard: ``key`` names what happened
    (``slow``, ``grew``, ``input``, ``exit``), ``frame`` where, ``values`` the
    numbers of the message. Not an Exception, which the reader's code may catch."""

    def __init__(self, key: str, frame: FrameType | None, **values: object) -> None:
        super().__init__(key)
        self.key, self.frame, self.values = key, frame, values


class Count(io.TextIOBase):
    """Where the reader's prints go while their code runs: counted, never kept."""

    lines = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.lines += text.count("\n")
        return len(text)


class Guard:
    """Runs the reader's code with a time limit, a size limit, and no input() or exit.

    The limits are kept by a tracer (:func:`sys.settrace`), which every Python
    has, the browser's too: it looks at the clock and at the sizes of the
    running function's lists every ``EVERY`` lines, and stops the code with
    :class:`Stopped` when one is over. What the code prints is counted.
    """

    def __init__(self) -> None:
        self.seconds = SECONDS
        self.printed = Count()

    def run(self, function: Callable, *args: object, seconds: float | None = None):
        limit = self.seconds if seconds is None else seconds
        # The limit is on the processor time this Python spends, so that a machine
        # busy with other work does not make a slow case look endless; the clock
        # on the wall stops code that waits without working (time.sleep), later.
        deadline = time.process_time() + limit
        wall = time.monotonic() + WALL * limit
        events = 0

        def tracer(frame: FrameType, event: str, arg: object):
            nonlocal events
            events += 1
            if events % EVERY == 0:
                if time.process_time() > deadline or time.monotonic() > wall:
                    raise Stopped("slow", frame, seconds=f"{limit:g}")
                for name, value in list(frame.f_locals.items()):
                    if isinstance(value, list | set | dict) and len(value) > SIZE:
                        raise Stopped("grew", frame, name=name, size=f"{SIZE:,}")
            return tracer

        def no_input(*_: object) -> str:
            raise Stopped("input", sys._getframe(1))

        keep_trace, keep_input = sys.gettrace(), builtins.input
        builtins.input = no_input
        try:
            with (
                contextlib.redirect_stdout(self.printed),
                contextlib.redirect_stderr(self.printed),
            ):
                sys.settrace(tracer)
                try:
                    return function(*args)
                finally:
                    sys.settrace(keep_trace)
        except SystemExit as leaving:
            raise Stopped("exit", frames(leaving.__traceback__)[-1][0]) from None
        except Stopped as stopped:
            if stopped.key == "slow" and seconds is None:
                self.seconds = min(self.seconds, AFTER_A_TIMEOUT)
            raise
        finally:
            builtins.input = keep_input


def frames(tb: TracebackType | None) -> list[tuple[FrameType, int]]:
    """The frames of a traceback, outermost first, each with its line."""
    found = []
    while tb is not None:
        found.append((tb.tb_frame, tb.tb_lineno))
        tb = tb.tb_next
    return found


def theirs(filename: str) -> bool:
    """Is this code the reader's: neither this file nor Python's own library?"""
    if filename.startswith("<frozen "):
        return False  # importlib's own frames, around an import
    path = os.path.abspath(filename)
    return path != HERE and not path.startswith(LIBRARY + os.sep)


def at_line(frame: FrameType, line: int) -> str:
    """'engine.py, line 12, in tanh'"""
    name = os.path.basename(frame.f_code.co_filename)
    return f"{name}, line {line}, in {frame.f_code.co_name}"


def place(frame: FrameType) -> str:
    """Where the running ``frame`` is, or the reader's call that led to it."""
    outer = frame
    while outer is not None and not theirs(outer.f_code.co_filename):
        outer = outer.f_back
    frame = outer or frame
    return at_line(frame, frame.f_lineno)


def in_backward(frame: FrameType | None) -> bool:
    """Is the reader's backward() among the calls that led to ``frame``?"""
    while frame is not None:
        if frame.f_code.co_name == "backward" and theirs(frame.f_code.co_filename):
            return True
        frame = frame.f_back
    return False


def recursing(error: BaseException) -> tuple[str | None, str]:
    """The reader's function that called itself until Python stopped it, and where."""
    found = frames(error.__traceback__)
    mine = [(f, n) for f, n in found if theirs(f.f_code.co_filename)]
    names = [f.f_code.co_name for f, _ in mine[-100:]]
    if not names:
        return None, "?"
    name = max(names, key=names.count)
    # the line of its call to itself: that of the last frame but one, which made it
    return name, at_line(*[(f, n) for f, n in mine if f.f_code.co_name == name][-2:][0])


# --- 4. the likely cause of a wrong number -----------------------------------------
# The checker walks the reader's edges itself: so it can tell an operation that
# records wrong edges (its local derivatives, walked correctly) from a walk that
# goes wrong over right edges (the reader's backward() against the right walk),
# and name the walk's mistake by the one whose simulation gives the reader's
# numbers on every small graph below.

Cause = tuple[str, dict[str, object]] | None


def search(output: object, once: bool = True) -> list[object]:
    """A topological order, as step 5 finds it; with ``once=False``, without the
    set seen, so that a node enters the order once per path."""
    order, seen = [], set()
    stack = [(output, False)]
    while stack:
        node, parents_done = stack.pop()
        if parents_done:
            order.append(node)
        elif id(node) not in seen or not once:
            seen.add(id(node))
            stack.append((node, True))
            for parent, _ in reversed(list(node.edges)):
                stack.append((parent, False))
        if len(order) + len(stack) > SIZE:
            raise RecursionError  # a mistake's order can blow up: it cannot be this one
    return order


WALK_MISTAKES = {  # each with the key of its message
    "order": "cause_order",  # the walk from the inputs: nothing passed on is complete
    "assign": "cause_assign",  # = for +=
    "seen": "cause_seen",  # no set seen: a node enters the order once per path
    "per_edge": "cause_per_edge",  # pass a share to a parent, recurse into it
    "per_parent": "cause_per_parent",  # pass every share, recurse into each parent
    "per_parent_last": "cause_per_parent",  # the same, the last parent first
}


def walk(output: object, mistake: str = "") -> dict[int, float]:
    """The gradients that backward() gives, by id of node: right, or with one of
    the WALK_MISTAKES."""
    grads = {id(output): 1.0}

    def add(parent: object, share: float) -> None:
        before = 0.0 if mistake == "assign" else grads.get(id(parent), 0.0)
        grads[id(parent)] = before + share

    def recurse(node: object, depth: int = 0) -> None:
        if depth > 50:
            raise RecursionError  # a graph of the probes is a few nodes deep
        parents = {}
        for parent, local_derivative in node.edges:
            add(parent, grads[id(node)] * local_derivative)
            if mistake == "per_edge":
                recurse(parent, depth + 1)
            parents[id(parent)] = parent
        if mistake.startswith("per_parent"):
            ordered = list(parents.values())
            for parent in ordered[::-1] if mistake.endswith("last") else ordered:
                recurse(parent, depth + 1)

    if mistake.startswith("per_"):
        recurse(output)
        return grads
    order = search(output, once=mistake != "seen")
    for node in order if mistake == "order" else reversed(order):
        for parent, local_derivative in node.edges:
            add(parent, grads.get(id(node), 0.0) * local_derivative)
    return grads


# Small graphs that test the walk: how each is written, and, from a = Value(3),
# how to build its output.
WALK_GRAPHS: dict[str, Callable[[object], object]] = {
    "(a*2)*5": lambda a: a * 2 * 5,
    "a*2 + a": lambda a: a * 2 + a,
    "a*a": lambda a: a * a,
    "b = a + a, c = b + b": lambda a: (b := a + a) + b,
    "t = a*a, q = t + t*2": lambda a: (t := a * a) + t * 2,
    "q = a*a + a": lambda a: a * a + a,
}


# One operation on fresh values x = 3 (0.5 for tanh) and y = 4: how it is
# written, how to compute it, its value, and the gradients of x (and of y).
TANH = math.tanh(0.5)
PROBES: dict[str, tuple[str, Callable, float, tuple[float, ...]]] = {
    "__add__": ("x + y", lambda x, y: x + y, 7.0, (1.0, 1.0)),
    "__mul__": ("x * y", lambda x, y: x * y, 12.0, (4.0, 3.0)),
    "__pow__": ("x ** 3", lambda x, y: x**3, 27.0, (27.0,)),
    "__neg__": ("-x", lambda x, y: -x, -3.0, (-1.0,)),
    "__sub__": ("x - y", lambda x, y: x - y, -1.0, (1.0, -1.0)),
    "tanh": ("x.tanh()", lambda x, y: x.tanh(), TANH, (1 - TANH**2,)),
    "__truediv__": ("x / y", lambda x, y: x / y, 0.75, (0.25, -0.1875)),
    "__radd__": ("2 + x", lambda x, y: 2 + x, 5.0, (1.0,)),
    "__rmul__": ("2 * x", lambda x, y: 2 * x, 6.0, (2.0,)),
    "__rsub__": ("1 - x", lambda x, y: 1 - x, -2.0, (-1.0,)),
    "__rtruediv__": ("6 / x", lambda x, y: 6 / x, 2.0, (-6 / 9,)),
}
# How step 3 writes each reflected method: one that calls itself gets its line.
REFLECTED = {
    "__radd__": "return self + other",
    "__rmul__": "return self * other",
    "__rsub__": "return Value(other) - self",
    "__rtruediv__": "return Value(other) / self",
}


class Diagnosis:
    """The probes, each a question about one part of the reader's engine.

    A probe returns None when that part works, else the key of its message and
    the values the message shows. Each runs the reader's code under the guard;
    a probe that cannot run (it needs what is broken) cannot tell, and the next
    one is asked.
    """

    def __init__(self, V: type, words: Words, guard: Guard, step: int) -> None:
        self.V, self.words, self.guard, self.step = V, words, guard, step

    def likely_cause(self, case: Case) -> Cause:
        """The first probe, of the walk or of an operation the case uses, that fails."""
        probes = [self.data, self.edges_kept, self.seed, self.walk_over_edges]
        probes += [(lambda m=m: self.operation(m)) for m in case.needs if m in PROBES]
        for probe in probes:
            try:
                cause = self.guard.run(probe, seconds=AFTER_A_TIMEOUT)
            except (Exception, Stopped):  # this probe cannot tell
                continue
            if cause is not None:
                return cause
        return None

    def at(self, expr: str, values: str = "a = 3") -> str:
        return self.words("at", expr=expr, values=values)

    def data(self) -> Cause:
        """backward() leaves every data as it was."""
        a, b, c, f = values = [self.V(x) for x in (2, -3, 10, -2)]
        ((a * b + c) * f).backward()
        for name, value, before in zip("abcf", values, (2.0, -3.0, 10.0, -2.0)):
            if not same(value.data, before):
                expr = self.at("L = (a*b + c)*f", "a=2, b=-3, c=10, f=-2")
                after = show(value.data)
                return "cause_data", dict(
                    expr=expr, name=name, before=before, after=after
                )
        return None

    def edges_kept(self) -> Cause:
        """The edges are a sequence, so that a*a keeps both of its uses of a."""
        a = self.V(3)
        output = a * a
        if not isinstance(output.edges, set | frozenset | dict):
            return None
        output.backward()
        return "cause_set", {"expr": self.at("a*a"), "got": show(a.grad), "want": "6.0"}

    def seed(self) -> Cause:
        """After backward(), the output's own gradient is 1."""
        z = self.V(3) + self.V(4)
        z.backward()
        return None if same(z.grad, 1.0) else ("cause_seed", {"got": show(z.grad)})

    def walk_over_edges(self) -> Cause:
        """backward() gives what a right walk over the same edges gives."""
        runs = []  # (graph, the output, its nodes, their gradients by backward(), a)
        for graph, build in WALK_GRAPHS.items():
            a = self.V(3)
            output = build(a)
            nodes = search(output)
            output.backward()
            runs.append((graph, output, nodes, [node.grad for node in nodes], a))

        def gives(mistake: str, run: tuple) -> bool:
            _, output, nodes, theirs, _ = run
            try:
                grads = walk(output, mistake)
            except RecursionError:
                return False
            return all(same(g, grads.get(id(n), 0.0)) for g, n in zip(theirs, nodes))

        wrong = [run for run in runs if not gives("", run)]
        if not wrong:
            return None
        graph, output, _, _, a = wrong[0]
        values = {
            "expr": self.at(graph),
            "got": show(a.grad),
            "want": show(walk(output)[id(a)]),
        }
        for mistake, key in WALK_MISTAKES.items():
            if all(gives(mistake, run) for run in runs):
                return key, values
        return "cause_walk", values | {"step": max(self.step, 0)}

    def operation(self, method: str) -> Cause:
        """One operation: its value, and its edges walked by the checker itself."""
        expr, build, value, wanted = PROBES[method]
        x0 = 0.5 if method == "tanh" else 3
        x, y = self.V(x0), self.V(4)
        out = build(x, y)
        values = f"x = {x0:g}" + (", y = 4" if len(wanted) == 2 else "")
        details = {"op": OPERATIONS[method][0], "expr": self.at(expr, values)}
        if not same(out.data, value):
            return "cause_forward", details | {
                "got": show(out.data),
                "want": show(value),
            }
        grads = walk(out)
        got = [grads.get(id(x), 0.0), grads.get(id(y), 0.0)][: len(wanted)]
        if all(same(g, want) for g, want in zip(got, wanted)):
            return None
        return "cause_local", details | {
            "got": ", ".join(f"{n}.grad {show(g)}" for n, g in zip("xy", got)),
            "want": ", ".join(f"{n}.grad {show(g)}" for n, g in zip("xy", wanted)),
        }


def show(x: object) -> str:
    """A number rounded to 4 decimals, as the book prints it.

    >>> show(0.7071067811865476), show(49995000), show(-0.0)
    ('0.7071', '49995000.0', '0.0')
    """
    try:
        rounded = round(float(x), 4) + 0.0  # + 0.0 turns -0.0 into 0.0
    except (TypeError, ValueError, OverflowError):
        return repr(x)[:40]
    return repr(rounded)


def same(got: object, want: float) -> bool:
    """Equal up to floating-point noise."""
    try:
        return math.isclose(float(got), want, rel_tol=1e-9, abs_tol=1e-9)
    except (TypeError, ValueError, OverflowError):
        return False


def columns(text: str) -> int:
    """How many columns ``text`` takes in a terminal: a Chinese character takes two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int) -> str:
    """``text`` with spaces after it, to fill ``width`` columns."""
    return text + " " * max(width - columns(text), 1)


def error_line(error: BaseException) -> str:
    """'ZeroDivisionError: float division by zero', on one line."""
    message = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


# --- 5. the words, in English and in Chinese ---------------------------------------


class Words:
    """The messages in one language: ``words("ok")``, ``words("needs", step=1)``."""

    def __init__(self, language: str) -> None:
        self.table = STRINGS[language]

    def __call__(self, key: str, **values: object) -> str:
        return self.table[key].format(**values)


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language of the messages: Chinese if the first locale variable set says zh.

    >>> language_from_environment({"LANG": "zh_CN.UTF-8"})
    'zh_CN'
    >>> language_from_environment({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"})
    'en'
    """
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            return "zh_CN" if environ[name].startswith("zh") else "en"
    return "en"


STRINGS: dict[str, dict[str, str]] = {
    "en": {
        # the cases' titles, and labels of their numbers
        "q_of_a": "chapter 4: q = a*a + a at a = 3",
        "a_times_a": "chapter 5: a*a at a = 3, one node and two edges",
        "micrograd_L": "chapter 4: L = (a*b + c)*f at a=2, b=-3, c=10, f=-2",
        "shared_node": "chapter 4: b = a + a, c = b + b at a = 3",
        "two_children": "chapter 5: t = a*a, q = t + t*2 at a = 3",
        "data_kept": "chapter 5: backward() changes grad only, not data",
        "chapter_2_loss": "chapter 2: the loss (2w + b - 5)**2 at w = 1, b = 0",
        "neuron": "chapter 3: the neuron tanh(x1*w1 + x2*w2 + b)",
        "numbers_on_the_left": "chapter 5: 2*w, 1 - w, 6/w, sum([w, w, w]) at w = 3",
        "division": "chapter 5: x/y at x = 3, y = 4",
        "backward_twice": "chapter 5: q = a*a + a, backward() twice",
        "long_chain": "chapter 5: a chain of 10,000 additions",
        "after_one": "a.grad after one backward()",
        "after_two": "after two",
        # the report
        "header": "Checking {what} as an engine of step {step} of chapter 5\n"
        "(worked out from what it can do; {hint} says otherwise)",
        "header_claimed": "Checking {what} as an engine of step {step} of chapter 5",
        "ok": "ok",
        "fail": "FAIL",
        "skip": "skip",
        "expected": "expected",
        "got": "got",
        "cause": "likely cause: {cause}",
        "cause_again": "the same as above",
        "colon": ": ",
        "list": "; ",
        "needs": "step {step} adds {ops}",
        "missing": "Value has no {ops}, which step {step} adds",
        "later": "step {step} {what} ({detail})",
        "step4": "clears the gradients",
        "step5": "walks the graph without recursion",
        "detail_twice": "here a second backward() gives a.grad {got}, not {want}",
        "detail_chain": "here backward() raised RecursionError",
        "summary_ok": "All {ran} cases that ran passed; {skipped} skipped.",
        "summary_fail": "{failed} of the {ran} cases that ran failed; {skipped} skipped.",
        "summary_none": "No case could run.",
        "printed": "Your code printed {lines} lines while it was checked; "
        "they are not shown.",
        # the command, and what stops a check before it starts
        "usage": "Check your own Value of chapter 5 against the book's cases.",
        "help_file": "the Python file that defines your Value, e.g. engine.py",
        "help_step": "the last step of chapter 5 you have done (0 to 5); "
        "without it, worked out from what Value can do",
        "help_lang": "the language of the messages (default: from the environment)",
        "of_file": "Value from {file}",
        "no_file": "{file}: no such file",
        "cannot_import": "cannot import {file}: {error}",
        "import_input": "{file} calls input() while it is imported ({where}): "
        "nobody can answer it here; put that code under "
        'if __name__ == "__main__":',
        "import_exit": "{file} calls sys.exit() while it is imported ({where}): "
        'put that code under if __name__ == "__main__":',
        "import_slow": "{file} did not finish importing within {seconds} s "
        '(it was at {where}): put long work under if __name__ == "__main__":',
        "no_value": "{file} defines no Value (the class of chapter 5)",
        "not_a_class": "Value in {file} is not a class",
        "not_a_class_given": "check() needs the class itself, as in check(Value); "
        "got {got}",
        "bad_step": "check() takes step=0 to {last}, or none; got {got}",
        "bad_lang": "check() takes lang={choices}; got {got}",
        # the guard
        "got_slow": "no answer within {seconds} s",
        "got_grew": "stopped: {name} grew past {size} entries",
        "got_input": "input() was called",
        "got_exit": "sys.exit() was called",
        "in_backward": "backward()",
        "in_case": "the case",
        "hint_stack": "does every turn of the loop take an entry off the stack "
        "(node, parents_done = stack.pop())?",
        "hint_loop": "a loop there never ends?",
        "cause_slow": "{what} did not finish within {seconds} s (it was at "
        "{where}): {hint}",
        "cause_grew": "{what} kept growing its {name} past {size} entries (at "
        "{where}), on a graph of a few thousand nodes at most: {hint}",
        "cause_input": "your code calls input() ({where}), and nobody can "
        "answer it while it is checked: take it out of the engine",
        "cause_exit": "your code calls sys.exit() ({where}): take it out of the engine",
        # the diagnosis
        "at": "{expr} at {values}",
        "cause_recursion": "{name} calls itself once per node, and Python stops "
        "at about 1,000 calls: step 5, a walk without recursion",
        "cause_reflected": "{method} ({op}) calls itself without end ({where}): "
        "other is a plain number there, and putting it first sends Python back to "
        "{method}; step 3 writes {fix}",
        "cause_itself": "{method} ({op}) calls itself without end ({where}); "
        "compare it with step {step} of chapter 5",
        "cause_error": "{where} raised it; read that line of your code",
        "cause_call": "the book's case runs {code}, and your Value cannot "
        "take it ({error}): the book makes a value from one number, as in "
        "Value(3), and reads its data, grad and edges",
        "cause_data": "backward() changes data: {expr}, {name}.data was {before} "
        "and is {after} afterwards. backward() only sets grad: clear with "
        "node.grad = 0.0, and leave p.data -= ... to the training loop",
        "cause_seed": "the output's gradient is {got}, not 1.0, when the walk "
        "starts: seed it (self.grad = 1.0) after clearing, before the walk",
        "cause_local": "the local derivative of {op} is wrong: {expr} gives "
        "{got}, not {want}",
        "cause_forward": "{op} computes a wrong value: {expr} gives {got}, not {want}",
        "cause_order": "the walk reaches a node before its children have added "
        "their shares to its gradient ({expr} gives a.grad {got}, not {want}): "
        "walk through reversed(order), and put each node in order after its "
        "parents (step 5 pushes (node, True) before them)",
        "cause_assign": "a gradient is assigned with = instead of added with "
        "+=, so only the last use of a value counts ({expr} gives a.grad "
        "{got}, not {want})",
        "cause_set": "the edges are kept as a set: a*a keeps one of its two "
        "edges and loses one use of a ({expr} gives a.grad {got}, not {want}); "
        "keep them in a tuple",
        "cause_seen": "a node enters order more than once and passes its "
        "gradient back twice: keep the set seen ({expr} gives a.grad {got}, "
        "not {want})",
        "cause_per_parent": "a node passes its gradient on before all of its "
        "children have added their shares: backward() recurses into each parent "
        "instead of walking a topological order ({expr} gives a.grad {got}, not "
        "{want}); put the nodes in order first, as step 0 does",
        "cause_per_edge": "a node passes its gradient on once per edge that "
        "reaches it, before all of its children have added their shares: "
        "backward() recurses along each edge instead of walking a topological "
        "order ({expr} gives a.grad {got}, not {want}); put the nodes in order "
        "first, as step 0 does",
        "cause_walk": "the walk is wrong, not the operations: {expr}, the "
        "edges your operations record give a.grad {want}, and backward() gives "
        "{got}; compare your backward() with step {step} of chapter 5",
        "cause_clear": "the gradients are not cleared: the second backward() "
        "adds on top of the first; set every node's grad to 0.0 before seeding",
        "cause_unknown": "no common mistake matches; compare your code with "
        "step {step} of chapter 5",
    },
    "zh_CN": {
        "q_of_a": "第 4 章：q = a*a + a，a = 3",
        "a_times_a": "第 5 章：a*a，a = 3，一个节点、两条边",
        "micrograd_L": "第 4 章：L = (a*b + c)*f，a=2, b=-3, c=10, f=-2",
        "shared_node": "第 4 章：b = a + a，c = b + b，a = 3",
        "two_children": "第 5 章：t = a*a，q = t + t*2，a = 3",
        "data_kept": "第 5 章：backward() 只改 grad，不改 data",
        "chapter_2_loss": "第 2 章：损失 (2w + b - 5)**2，w = 1，b = 0",
        "neuron": "第 3 章：神经元 tanh(x1*w1 + x2*w2 + b)",
        "numbers_on_the_left": "第 5 章：2*w、1 - w、6/w、sum([w, w, w])，w = 3",
        "division": "第 5 章：x/y，x = 3，y = 4",
        "backward_twice": "第 5 章：q = a*a + a，调用两次 backward()",
        "long_chain": "第 5 章：10,000 个加法连成的链",
        "after_one": "一次 backward() 之后的 a.grad",
        "after_two": "两次之后",
        "header": "把 {what} 当作第 5 章第 {step} 步的引擎来检查\n"
        "（按它能做的事推断；可以用 {hint} 另行指定）",
        "header_claimed": "把 {what} 当作第 5 章第 {step} 步的引擎来检查",
        "ok": "通过",
        "fail": "失败",
        "skip": "跳过",
        "expected": "应为",
        "got": "实际",
        "cause": "可能的原因：{cause}",
        "cause_again": "同上",
        "colon": "：",
        "list": "；",
        "needs": "第 {step} 步才加上 {ops}",
        "missing": "Value 没有 {ops}，这是第 {step} 步加上的",
        "later": "第 {step} 步才{what}（{detail}）",
        "step4": "清零梯度",
        "step5": "用不递归的方式遍历图",
        "detail_twice": "这里第二次 backward() 得到 a.grad {got}，而不是 {want}",
        "detail_chain": "这里 backward() 抛出了 RecursionError",
        "summary_ok": "运行的 {ran} 个例子全部通过；跳过 {skipped} 个。",
        "summary_fail": "运行的 {ran} 个例子中有 {failed} 个失败；跳过 {skipped} 个。",
        "summary_none": "没有能运行的例子。",
        "printed": "检查期间你的代码打印了 {lines} 行，这里没有显示。",
        "usage": "用本书的例子检查你在第 5 章自己写的 Value。",
        "help_file": "定义了你的 Value 的 Python 文件，例如 engine.py",
        "help_step": "你在第 5 章做到的最后一步（0 到 5）；不给时按 Value 能做的事推断",
        "help_lang": "消息的语言（默认按环境变量）",
        "of_file": "{file} 里的 Value",
        "no_file": "{file}：没有这个文件",
        "cannot_import": "无法导入 {file}：{error}",
        "import_input": "{file} 在导入时调用了 input()（{where}）：这里没有人能回答它；"
        '请把这段代码放到 if __name__ == "__main__": 下面',
        "import_exit": "{file} 在导入时调用了 sys.exit()（{where}）："
        '请把这段代码放到 if __name__ == "__main__": 下面',
        "import_slow": "{file} 在 {seconds} 秒内没有导入完（当时在 {where}）："
        '请把耗时的工作放到 if __name__ == "__main__": 下面',
        "no_value": "{file} 里没有定义 Value（第 5 章的类）",
        "not_a_class": "{file} 里的 Value 不是一个类",
        "not_a_class_given": "check() 需要类本身，例如 check(Value)；实际得到 {got}",
        "bad_step": "check() 的 step 取 0 到 {last}，或者不给；实际得到 {got}",
        "bad_lang": "check() 的 lang 取 {choices}；实际得到 {got}",
        "got_slow": "{seconds} 秒内没有结果",
        "got_grew": "已停止：{name} 超过了 {size} 项",
        "got_input": "调用了 input()",
        "got_exit": "调用了 sys.exit()",
        "in_backward": "backward()",
        "in_case": "这个例子",
        "hint_stack": "循环的每一轮是不是都从栈里取走了一项"
        "（node, parents_done = stack.pop()）？",
        "hint_loop": "那里是不是有一个永远不会结束的循环？",
        "cause_slow": "{what}在 {seconds} 秒内没有结束（当时在 {where}）：{hint}",
        "cause_grew": "{what}的 {name} 一直在增长，超过了 {size} 项（在 {where}），"
        "而图最多只有几千个节点：{hint}",
        "cause_input": "你的代码调用了 input()（{where}），检查期间没有人能回答它："
        "请把它从引擎里去掉",
        "cause_exit": "你的代码调用了 sys.exit()（{where}）：请把它从引擎里去掉",
        "at": "{values} 时，{expr}",
        "cause_recursion": "{name} 每到一个节点就调用自己一次，而 Python "
        "大约在 1,000 层调用处就停下：见第 5 步，不用递归的遍历",
        "cause_reflected": "{method}（{op}）无休止地调用自己（{where}）："
        "那里的 other 是一个普通的数，把它放在前面，Python 又会回到 {method}；"
        "第 3 步写的是 {fix}",
        "cause_itself": "{method}（{op}）无休止地调用自己（{where}）；"
        "请把它和第 5 章第 {step} 步对照",
        "cause_error": "出错的地方是 {where}；请看你代码里的这一行",
        "cause_call": "本书的例子运行的是 {code}，而你的 Value 接受不了（{error}）："
        "本书用一个数来创建值，例如 Value(3)，并读取它的 data、grad 和 edges",
        "cause_data": "backward() 改变了 data：{expr}，{name}.data 原来是 {before}，"
        "之后变成了 {after}。backward() 只设置 grad：清零时写 node.grad = 0.0，"
        "把 p.data -= ... 留给训练循环",
        "cause_seed": "反向传播开始时，输出的梯度是 {got}，而不是 1.0：在清零之后、"
        "遍历之前给输出梯度设初值（self.grad = 1.0）",
        "cause_local": "{op} 的局部导数不对：{expr} 得到 {got}，而不是 {want}",
        "cause_forward": "{op} 算出的值不对：{expr} 得到 {got}，而不是 {want}",
        "cause_order": "遍历在一个节点的子节点把各自那一份加进它的梯度之前就走到了它"
        "（{expr} 得到 a.grad {got}，而不是 {want}）：要按 reversed(order) 走，"
        "并让每个节点在 order 里排在它的父节点之后（第 5 步先压入 (node, True)，"
        "再压入父节点）",
        "cause_assign": "梯度是用 = 赋值的，而不是用 += 累加的，所以一个值只有最后一次"
        "使用算数（{expr} 得到 a.grad {got}，而不是 {want}）",
        "cause_set": "边被存成了集合：a*a 的两条边只剩一条，丢掉了 a 的一次使用"
        "（{expr} 得到 a.grad {got}，而不是 {want}）；请用元组保存边",
        "cause_seen": "一个节点不止一次进入 order，把它的梯度往回传了两次："
        "请保留集合 seen（{expr} 得到 a.grad {got}，而不是 {want}）",
        "cause_per_parent": "一个节点在它所有的子节点都把自己那一份加进来之前，"
        "就把梯度往回传了：backward() 对每个父节点递归，而不是按拓扑序遍历"
        "（{expr} 得到 a.grad {got}，而不是 {want}）；请像第 0 步那样先把节点排好序",
        "cause_per_edge": "一个节点每被一条边到达就把梯度往回传一次，"
        "而这时它所有的子节点还没有都把自己那一份加进来：backward() 沿每条边递归，"
        "而不是按拓扑序遍历（{expr} 得到 a.grad {got}，而不是 {want}）；"
        "请像第 0 步那样先把节点排好序",
        "cause_walk": "错的是遍历，不是运算：{expr}，按你的运算记录的边，a.grad 应为 "
        "{want}，而 backward() 得到 {got}；请把你的 backward() 和第 5 章第 {step} 步对照",
        "cause_clear": "梯度没有清零：第二次 backward() 叠加在第一次之上；"
        "在设初值之前把每个节点的 grad 设为 0.0",
        "cause_unknown": "没有对上常见的错误；请把你的代码和第 5 章第 {step} 步对照",
    },
}

if __name__ == "__main__":
    sys.exit(main())
