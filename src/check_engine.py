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
when one failed, 2 when the file could not be checked. The messages are in one
of the ``LANGUAGES`` (English, Chinese): ``lang="zh_CN"``, or the one that the
first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set asks
for; in English, saying so, when the file has no words in that language.

The file reads: 1. the operations and the book's cases; 2. the report; 3. the
guard that runs your code under limits; 4. the likely cause of a failure; 5.
the languages. A message is written in every language beside what it is about,
as ``{"en": "...", "zh_CN": "..."}``; the report's own words are in LANGUAGES.
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
import re
import sys
import sysconfig
import time
import unicodedata
from collections.abc import Callable, Hashable, Mapping, Sequence
from types import FrameType, TracebackType
from typing import NamedTuple

Text = Mapping[str, str]  # one message in each language of LANGUAGES, by its code

# --- 1. the operations and the book's cases ----------------------------------------


class Operation(NamedTuple):
    """What Python calls for an operation, how a reader writes it, and the step of
    chapter 5 that adds it; a probe of it on fresh values x (3, or 0.5 for tanh)
    and y = 4: the operation written with them, its value, and the gradients of x
    (and of y) that its edges give; for a reflected method, how step 3 writes it."""

    method: str
    written: str
    step: int
    probe: str
    x: float
    value: float
    grads: tuple[float, ...]
    fix: str


TANH = math.tanh(0.5)
OPERATIONS = {op.method: op for op in map(Operation._make, [
    # method         written      step probe       x    value  grads      fix
    ("__add__",      "a + b",      0, "x + y",    3,   7,     (1, 1),    ""),
    ("__mul__",      "a * b",      0, "x * y",    3,   12,    (4, 3),    ""),
    ("backward",     "backward()", 0, "",         3,   0,     (),        ""),
    ("__pow__",      "a ** n",     1, "x ** 3",   3,   27,    (27,),     ""),
    ("__neg__",      "-a",         1, "-x",       3,   -3,    (-1,),     ""),
    ("__sub__",      "a - b",      1, "x - y",    3,   -1,    (1, -1),   ""),
    ("tanh",         "a.tanh()",   2, "x.tanh()", 0.5, TANH,  (1 - TANH**2,), ""),
    ("__truediv__",  "a / b",      3, "x / y",    3,   0.75,  (0.25, -0.1875), ""),
    ("__radd__",     "2 + a",      3, "2 + x",    3,   5,     (1,),      "return self + other"),
    ("__rmul__",     "2 * a",      3, "2 * x",    3,   6,     (2,),      "return self * other"),
    ("__rsub__",     "1 - a",      3, "1 - x",    3,   -2,    (-1,),     "return Value(other) - self"),
    ("__rtruediv__", "6 / a",      3, "6 / x",    3,   2,     (-6 / 9,), "return Value(other) / self"),
])}  # fmt: skip
WRAP = "other = other if isinstance(other, Value) else Value(other)"  # as step 0 does
# What the steps that add no operation do.
STEPS: dict[int, Text] = {
    4: {"en": "clears the gradients", "zh_CN": "清零梯度"},
    5: {"en": "walks the graph without recursion", "zh_CN": "用不递归的方式遍历图"},
}
LAST_STEP = max(STEPS)


class Outcome(NamedTuple):
    """What a case gave: its numbers, or the error it raised; and its variables as
    it ended (a, q, ...), the graph its numbers come from."""

    numbers: Sequence[object] | None
    error: BaseException | None
    values: Mapping[str, object]


class Case(NamedTuple):
    """One example of the book: its title, the step of chapter 5 that makes it
    pass, the methods of Value it calls, the labels of the numbers it returns and
    what they must be. ``before`` tells from an outcome an engine of an earlier
    step that has those methods (a skip there, not a fail), and ``cause`` says
    what is wrong when that shows from the case's step on. A ``long`` case keeps
    its full time limit while the step is worked out."""

    run: Callable[[type], Sequence[object]]
    title: Text
    step: int
    needs: tuple[str, ...]
    labels: tuple[str | Text, ...]
    numbers: tuple[float, ...]
    before: Callable[[Outcome], bool] | None
    cause: Text | None
    long: bool

    @property
    def name(self) -> str:
        return self.run.__name__


CASES: list[Case] = []


def case(
    step: int,
    labels: str | Sequence[str | Text],
    numbers: Sequence[float],
    uses: str = "",
    *,
    before: Callable[[Outcome], bool] | None = None,
    cause: Text | None = None,
    long: bool = False,
    **title: str,
) -> Callable:
    """Add the function below to CASES, with its title in each language (en=...,
    zh_CN=...): it calls a + b, a * b, backward() and the methods named in
    ``uses``, and returns the numbers named by ``labels``. Its parameter is called
    Value, so that a line of a case quoted in a message reads as the book's code."""

    def add(run: Callable[[type], Sequence[object]]) -> Callable:
        needs = ("__add__", "__mul__", "backward", *uses.split())
        named = tuple(labels.split() if isinstance(labels, str) else labels)
        wanted = tuple(map(float, numbers))
        CASES.append(Case(run, title, step, needs, named, wanted, before, cause, long))
        return run

    return add


@case(
    0, "q a.grad", (12, 7),
    en="chapter 4: q = a*a + a at a = 3",
    zh_CN="第 4 章：q = a*a + a，a = 3")  # fmt: skip
def q_of_a(Value):
    a = Value(3)
    q = a * a + a
    q.backward()
    return q.data, a.grad


@case(
    0, "a*a a.grad", (9, 6),
    en="chapter 5: a*a at a = 3, one node and two edges",
    zh_CN="第 5 章：a*a，a = 3，一个节点、两条边")  # fmt: skip
def a_times_a(Value):
    a = Value(3)
    s = a * a
    s.backward()
    return s.data, a.grad


@case(
    0, "L a.grad b.grad c.grad f.grad", (-8, 6, -4, -2, 4),
    en="chapter 4: L = (a*b + c)*f at a=2, b=-3, c=10, f=-2",
    zh_CN="第 4 章：L = (a*b + c)*f，a=2, b=-3, c=10, f=-2")  # fmt: skip
def micrograd_L(Value):
    a, b, c, f = Value(2), Value(-3), Value(10), Value(-2)
    L = (a * b + c) * f
    L.backward()
    return L.data, a.grad, b.grad, c.grad, f.grad


@case(
    0, "c b.grad a.grad", (12, 2, 4),
    en="chapter 4: b = a + a, c = b + b at a = 3",
    zh_CN="第 4 章：b = a + a，c = b + b，a = 3")  # fmt: skip
def shared_node(Value):
    a = Value(3)
    b = a + a
    c = b + b
    c.backward()
    return c.data, b.grad, a.grad


@case(
    0, "q t.grad a.grad", (27, 3, 18),
    en="chapter 5: t = a*a, q = t + t*2 at a = 3",
    zh_CN="第 5 章：t = a*a，q = t + t*2，a = 3")  # fmt: skip
def two_children(Value):  # t may pass its gradient on once both children added theirs
    a = Value(3)
    t = a * a
    q = t + t * 2
    q.backward()
    return q.data, t.grad, a.grad


@case(
    0, "a b c f a*b L", (2, -3, 10, -2, -6, -8),
    en="chapter 5: backward() changes grad only, not data",
    zh_CN="第 5 章：backward() 只改 grad，不改 data")  # fmt: skip
def data_kept(Value):
    a, b, c, f = Value(2), Value(-3), Value(10), Value(-2)
    t = a * b
    L = (t + c) * f
    L.backward()
    return a.data, b.data, c.data, f.data, t.data, L.data


@case(
    1, "loss w.grad b.grad", (9, -12, -6), uses="__pow__ __neg__ __sub__",
    en="chapter 2: the loss (2w + b - 5)**2 at w = 1, b = 0",
    zh_CN="第 2 章：损失 (2w + b - 5)**2，w = 1，b = 0")  # fmt: skip
def chapter_2_loss(Value):
    w, b = Value(1), Value(0)
    loss = (w * 2 + b - 5) ** 2
    loss.backward()
    return loss.data, w.grad, b.grad


@case(
    2, "o x1.grad w1.grad x2.grad w2.grad b.grad",
    (math.sqrt(0.5), -1.5, 1, 0.5, 0, 0.5), uses="tanh",
    en="chapter 3: the neuron tanh(x1*w1 + x2*w2 + b)",
    zh_CN="第 3 章：神经元 tanh(x1*w1 + x2*w2 + b)")  # fmt: skip
def neuron(Value):
    x1, x2, w1, w2 = Value(2), Value(0), Value(-3), Value(1)
    b = Value(6.8813735870195432)
    o = (x1 * w1 + x2 * w2 + b).tanh()
    o.backward()
    return o.data, x1.grad, w1.grad, x2.grad, w2.grad, b.grad


@case(
    3, "2*w w.grad 1-w w.grad 6/w w.grad sum w.grad", (6, 2, -2, -1, 2, -6 / 9, 9, 3),
    uses="__neg__ __sub__ __truediv__ __radd__ __rmul__ __rsub__ __rtruediv__",
    en="chapter 5: 2*w, 1 - w, 6/w, sum([w, w, w]) at w = 3",
    zh_CN="第 5 章：2*w、1 - w、6/w、sum([w, w, w])，w = 3")  # fmt: skip
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


@case(
    3, "x/y x.grad y.grad", (0.75, 0.25, -0.1875), uses="__truediv__",
    en="chapter 5: x/y at x = 3, y = 4",
    zh_CN="第 5 章：x/y，x = 3，y = 4")  # fmt: skip
def division(Value):
    x, y = Value(3), Value(4)
    ratio = x / y
    ratio.backward()
    return ratio.data, x.grad, y.grad


def once_right(outcome: Outcome) -> bool:
    """Right after one backward(), a.grad wrong after two: an engine before step 4."""
    q, first, second = outcome.numbers or (None, None, None)
    return same(q, 12) and same(first, 7) and not same(second, 7)


@case(
    4,
    ["q", {"en": "a.grad after one backward()", "zh_CN": "一次 backward() 之后的 a.grad"},
     {"en": "after two", "zh_CN": "两次之后"}],
    (12, 7, 7),
    before=once_right,
    cause={
        "en": "the gradients are not cleared: the second backward() adds on top of "
        "the first; set every node's grad to 0.0 before seeding",
        "zh_CN": "梯度没有清零：第二次 backward() 叠加在第一次之上；"
        "在设初值之前把每个节点的 grad 设为 0.0",
    },
    en="chapter 5: q = a*a + a, backward() twice",
    zh_CN="第 5 章：q = a*a + a，调用两次 backward()")  # fmt: skip
def backward_twice(Value):
    a = Value(3)
    q = a * a + a
    q.backward()
    first = a.grad
    q.backward()
    return q.data, first, a.grad


def walk_recursed(outcome: Outcome) -> bool:
    """backward() called itself until Python stopped it (not an operation, as
    sum()'s 2 + a may): an engine before step 5."""
    if not isinstance(outcome.error, RecursionError):
        return False
    name, _ = recursing(outcome.error)
    return name not in OPERATIONS or name == "backward"


@case(
    5, "total w.grad", (24997500, 49995000), uses="__radd__",
    before=walk_recursed, long=True,  # 0.3 s
    en="chapter 5: a chain of 10,000 additions",
    zh_CN="第 5 章：10,000 个加法连成的链")  # fmt: skip
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
    words = Words(*language_from_environment(os.environ))
    if lang is not None:
        if lang not in LANGUAGES:
            choices = " or ".join(map(repr, LANGUAGES))
            raise ValueError(words("bad_lang", choices=choices, got=repr(lang)))
        words = Words(lang)
    if not isinstance(Value, type):
        raise TypeError(words("not_a_class_given", got=repr(Value)[:60]))
    if step is not None and (type(step) is not int or not 0 <= step <= LAST_STEP):
        raise ValueError(words("bad_step", last=LAST_STEP, got=repr(step)))
    Checker(Value, Value.__name__, words, step, "step=N").report()


def main(argv: Sequence[str] | None = None) -> int:
    """Check the file named on the command line; return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    first = argparse.ArgumentParser(add_help=False)
    first.add_argument("--lang", choices=sorted(LANGUAGES))
    chosen = first.parse_known_args(argv)[0].lang
    words = Words(chosen) if chosen else Words(*language_from_environment(os.environ))
    parser = argparse.ArgumentParser(prog="check_engine.py", description=words("usage"))
    parser.add_argument("file", help=words("help_file"))
    steps = range(LAST_STEP + 1)
    parser.add_argument("--step", type=int, choices=steps, help=words("help_step"))
    parser.add_argument("--lang", choices=sorted(LANGUAGES), help=words("help_lang"))
    args = parser.parse_args(argv)
    try:
        V = load_value(args.file, words)
    except CannotCheck as problem:
        print(f"check_engine.py: {problem}", file=sys.stderr)
        return 2
    what = words("of_file", file=os.path.basename(args.file))
    return Checker(V, what, words, args.step, "--step N").report()


def has(V: type, method: str) -> bool:
    return callable(getattr(V, method, None))


def passes(outcome: Outcome, case: Case) -> bool:
    return outcome.numbers is not None and all(
        same(x, want) for x, want in zip(outcome.numbers, case.numbers)
    )


class Checker:
    """Runs the cases on the reader's class and prints each outcome as it comes."""

    def __init__(
        self, V: type, what: str, words: Words, step: int | None, hint: str
    ) -> None:
        self.V, self.what, self.words, self.hint = V, what, words, hint
        self.guard = Guard()
        self.outcomes: dict[str, Outcome] = {}
        self.claimed = step is not None
        self.step = step if step is not None else self.detect()
        self.diagnosis = Diagnosis(V, words, self.guard, self.step)
        self.told: set[Hashable] = set()  # causes already printed in full

    def run(self, case: Case, seconds: float | None = None) -> Outcome:
        values: dict[str, object] = {}
        try:
            numbers = self.guard.run(case.run, self.V, seconds=seconds, keep=values)
            return Outcome(numbers, None, values)
        except (Exception, Stopped) as error:
            return Outcome(None, error, values)

    def detect(self) -> int:
        """How far the reader has come: the last step whose operations Value has,
        with all before it; then the steps that add none, by their cases that pass."""
        step, adds = -1, sorted({op.step for op in OPERATIONS.values()})
        for k in adds:
            if not all(has(self.V, m) for m, op in OPERATIONS.items() if op.step == k):
                break
            step = k
        for case in CASES:
            if case.step in adds or not all(has(self.V, m) for m in case.needs):
                continue
            # a small graph that never ends shows it soon: the report can start
            result = self.run(case, seconds=SECONDS if case.long else AFTER_A_TIMEOUT)
            if isinstance(result.error, Stopped):
                break  # it runs again, under the full limit, when its turn comes
            self.outcomes[case.name] = result
            if passes(result, case):
                step = max(step, case.step)
        return step

    def report(self) -> int:
        """Print the report, a case at a time; return the exit status."""
        w = self.words
        if w.asked:
            known = ", ".join(LANGUAGES)
            self.write(
                f"check_engine.py has no messages in {w.asked}: they are in English "
                f"(its languages: {known})."
            )
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
        w, title = self.words, self.words(case.title)
        missing = [m for m in case.needs if not has(self.V, m)]
        if missing:
            return self.missing(case, missing)
        if case.name not in self.outcomes:
            self.outcomes[case.name] = self.run(case)
        outcome = self.outcomes[case.name]
        if passes(outcome, case):
            return "ok", [self.line("ok", title)]
        if case.step > self.step and case.before and case.before(outcome):
            why = w("later", step=case.step, what=w(STEPS[case.step]))
            return "skip", [self.line("skip", title + w("colon") + why)]
        labels = [
            label if isinstance(label, str) else w(label) for label in case.labels
        ]
        wanted = [f"{lb} {show(x)}" for lb, x in zip(labels, case.numbers)]
        error = outcome.error
        if isinstance(error, Stopped):
            got = w(f"got_{error.key}", **error.values)
        elif error is not None:
            got = error_line(error)
        else:
            numbers = outcome.numbers or ()
            got = ", ".join(f"{lb} {show(x)}" for lb, x in zip(labels, numbers))
        cause, same_as = self.diagnosis.cause(case, outcome)
        if same_as in self.told:
            cause = w("cause_again")
        self.told.add(same_as)
        return "fail", [
            self.line("fail", title),
            self.more(w("expected"), ", ".join(wanted)),
            self.more(w("got"), got),
            self.more("", w("cause", cause=cause)),
        ]

    def missing(self, case: Case, missing: list[str]) -> tuple[str, list[str]]:
        """A case that needs methods Value does not have: skip, or fail if due."""
        w, title = self.words, self.words(case.title)
        by_step: dict[int, list[Operation]] = {}
        for m in missing:
            by_step.setdefault(OPERATIONS[m].step, []).append(OPERATIONS[m])
        due = [k for k in by_step if k <= max(self.step, 0)]
        if due:
            ops = ", ".join(
                f"{op.written} ({op.method})" for k in due for op in by_step[k]
            )
            return "fail", [
                self.line("fail", title),
                self.more("", w("missing", ops=ops, step=max(due))),
            ]
        why = w("list").join(
            w("needs", step=k, ops=", ".join(op.written for op in ops))
            for k, ops in sorted(by_step.items())
        )
        return "skip", [self.line("skip", title + w("colon") + why)]


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

    def run(
        self,
        function: Callable,
        *args: object,
        seconds: float | None = None,
        keep: dict[str, object] | None = None,
    ):
        """``function(*args)`` under the limits; ``keep`` receives its variables
        as it ends (a case's, for the diagnosis of its graph)."""
        limit = self.seconds if seconds is None else seconds
        code = getattr(function, "__code__", None) if keep is not None else None
        # The limit is on the processor time this Python spends, so that a machine
        # busy with other work does not make a slow case look endless; the clock
        # on the wall stops code that waits without working (time.sleep), later.
        deadline = time.process_time() + limit
        wall = time.monotonic() + WALL * limit
        events = 0

        def tracer(frame: FrameType, event: str, arg: object):
            nonlocal events
            if event == "return" and frame.f_code is code and keep is not None:
                keep.update(frame.f_locals)
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


# --- 4. the likely cause of a failure ----------------------------------------------
# The checker walks the reader's edges itself: so it can tell an operation that
# records wrong edges (its local derivatives, walked correctly) from a walk that
# goes wrong over right edges (the reader's backward() against the right walk,
# on the graph of the failed case), and name the walk's mistake by the one whose
# simulation gives the reader's numbers on that graph and on every small graph
# below. An error is said in the words of the reader's method it came from.

Cause = tuple[Text, dict[str, object]] | None  # a message, and the values it shows


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


def walk(output: object, mistake: str = "") -> dict[int, float]:
    """The gradients that backward() gives, by id of node: right, or with one of
    the simulations of WALK_MISTAKES."""
    grads = {id(output): 1.0}

    def add(parent: object, share: float) -> None:
        before = 0.0 if mistake == "assign" else grads.get(id(parent), 0.0)
        grads[id(parent)] = before + share

    def recurse(node: object, depth: int = 0) -> None:
        if depth > 50:
            raise RecursionError  # a small graph is a few nodes deep
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


Run = tuple[object, list[object], list[object]]  # an output, its nodes, their grads


def graph_run(output: object) -> Run:
    """An output after its backward(): its nodes, and the gradients they hold."""
    nodes = search(output)
    return output, nodes, [node.grad for node in nodes]


def gives(mistake: str, run: Run) -> bool:
    """Does the walk with ``mistake`` give the gradients backward() gave?"""
    output, nodes, theirs = run
    try:
        grads = walk(output, mistake)
    except RecursionError:
        return False
    return all(same(g, grads.get(id(n), 0.0)) for g, n in zip(theirs, nodes))


# The walk's mistakes: the simulations that make each (any of them: a set of
# parents is walked in an order of its own), and what it says.
WALK_MISTAKES: list[tuple[tuple[str, ...], Text]] = [
    (("order",), {  # the walk from the inputs: nothing passed on is complete
        "en": "the walk reaches a node before its children have added their shares "
        "to its gradient ({evidence}): walk through reversed(order), and put each "
        "node in order after its parents (step 5 pushes (node, True) before them)",
        "zh_CN": "遍历在一个节点的子节点把各自那一份加进它的梯度之前就走到了它"
        "（{evidence}）：要按 reversed(order) 走，并让每个节点在 order 里排在它的"
        "父节点之后（第 5 步先压入 (node, True)，再压入父节点）",
    }),
    (("assign",), {
        "en": "a gradient is assigned with = instead of added with +=, so only the "
        "last use of a value counts ({evidence})",
        "zh_CN": "梯度是用 = 赋值的，而不是用 += 累加的，所以一个值只有最后一次"
        "使用算数（{evidence}）",
    }),
    (("seen",), {  # a node enters the order once per path
        "en": "a node enters order more than once and passes its gradient back "
        "twice: keep the set seen ({evidence})",
        "zh_CN": "一个节点不止一次进入 order，把它的梯度往回传了两次："
        "请保留集合 seen（{evidence}）",
    }),
    (("per_edge",), {  # pass a share to a parent, recurse into it
        "en": "a node passes its gradient on once per edge that reaches it, before "
        "all of its children have added their shares: backward() recurses along "
        "each edge instead of walking a topological order ({evidence}); put the "
        "nodes in order first, as step 0 does",
        "zh_CN": "一个节点每被一条边到达就把梯度往回传一次，而这时它所有的子节点"
        "还没有都把自己那一份加进来：backward() 沿每条边递归，而不是按拓扑序遍历"
        "（{evidence}）；请像第 0 步那样先把节点排好序",
    }),
    (("per_parent", "per_parent_last"), {  # pass every share, recurse into each parent
        "en": "a node passes its gradient on before all of its children have added "
        "their shares: backward() recurses into each parent instead of walking a "
        "topological order ({evidence}); put the nodes in order first, as step 0 "
        "does",
        "zh_CN": "一个节点在它所有的子节点都把自己那一份加进来之前，就把梯度往回传了："
        "backward() 对每个父节点递归，而不是按拓扑序遍历（{evidence}）；"
        "请像第 0 步那样先把节点排好序",
    }),
]  # fmt: skip

# Small graphs that tell the walk's mistakes apart, each built from a = Value(3).
WALK_GRAPHS: list[Callable[[object], object]] = [
    lambda a: a * 2 * 5,  # (a*2)*5, a chain
    lambda a: a * 2 + a,  # two paths from a
    lambda a: a * a,  # one node, two edges
    lambda a: (b := a + a) + b,  # b = a + a, c = b + b
    lambda a: (t := a * a) + t * 2,  # t = a*a, q = t + t*2: a node with two children
    lambda a: a * a + a,  # q = a*a + a
]
GRAD = re.compile(r"(\w+)\.grad")  # a label that is a value's gradient: a.grad


def output_of(values: Mapping[str, object]) -> object | None:
    """Of a case's variables, the last value that no other one is computed from."""
    found = [v for v in values.values() if not isinstance(v, type)]
    found = [v for v in found if hasattr(v, "edges") and hasattr(v, "grad")]
    inside = {id(node) for v in found for node in search(v)[:-1]}
    outputs = [v for v in found if id(v) not in inside]
    return outputs[-1] if outputs else None


class Meaning(NamedTuple):
    """What a Python error that a case raised means for an engine, and what to
    change: the errors it is about, a regular expression their message matches
    (its groups fill the words, with the reader's method, where in it, and the
    values of ``more``, which may also say it does not apply), and where it was
    raised: in backward(), in an operation, anywhere in the reader's code, or
    anywhere at all (the book's own line included)."""

    errors: type[BaseException] | tuple[type[BaseException], ...]
    pattern: str
    inside: str  # "backward", "operation", "yours" or "anywhere"
    says: Text
    more: Callable[[dict[str, str], type], dict[str, object] | None] | None = None


def operator(found: dict[str, str], V: type) -> dict[str, object] | None:
    """The method Python asked for ``left symbol right``: Value's own, or its
    reflected one when a number comes first."""
    reflected = found["left"] != V.__name__
    for op in OPERATIONS.values():
        first, *rest = op.written.split()
        if rest[:1] == [found["symbol"]] and first[0].isdigit() == reflected:
            fix = op.fix or WRAP
            return {
                "operator": op.method,
                "written": op.written,
                "fix": fix,
                "step": op.step,
            }
    return None


def a_module(found: dict[str, str], V: type) -> dict[str, object] | None:
    """Applies when the name is a module of Python's library, such as math."""
    return {} if found["name"] in getattr(sys, "stdlib_module_names", ()) else None


NUMBER = r"'(?:int|float)' object has no attribute '(?P<name>\w+)'"
MEANINGS: list[Meaning] = [
    Meaning(TypeError, r"'NoneType' object is not iterable", "backward", {
        "en": "{method} ({where}) walks the edges of a value whose edges are None: "
        "a value that no operation made has no edges, an empty tuple, as in "
        "def __init__(self, data, edges=())",
        "zh_CN": "{method}（{where}）要遍历一个值的边，而它的 edges 是 None："
        "不是由运算得到的值没有边，应是一个空元组，如 def __init__(self, data, edges=())",
    }),
    Meaning((AttributeError, TypeError), r"'NoneType'", "anywhere", {
        "en": "{method} ({where}) got None where a Value, a number or a list "
        "belongs: a function without return gives None, and so does a method that "
        "changes its object in place, such as order.append(node). Does each "
        "operation end with return Value(...)?",
        "zh_CN": "{method}（{where}）在应当是 Value、数或列表的地方得到了 None："
        "没有 return 的函数返回 None，原地修改对象的方法（例如 order.append(node)）"
        "也返回 None。每个运算是否都以 return Value(...) 结束？",
    }),
    Meaning(
        TypeError,
        r"unsupported operand type\(s\) for (?P<symbol>\S+?)(?: or pow\(\))?: "
        r"'(?P<left>\w+)' and '(?P<right>\w+)'",
        "anywhere",
        {
            "en": "Python found no way to compute {left} {symbol} {right}: {operator} "
            "({written}) is missing, or returns NotImplemented for a plain number. "
            "Make the number a Value and compute; step {step} writes {fix}",
            "zh_CN": "Python 找不到计算 {left} {symbol} {right} 的办法：{operator}"
            "（{written}）没有定义，或者遇到普通数时返回了 NotImplemented。"
            "请把数变成 Value 再计算；第 {step} 步写的是 {fix}",
        },
        more=operator,
    ),
    Meaning(AttributeError, NUMBER, "operation", {
        "en": "{method} ({where}) reads .{name} of a plain number: a number, such "
        "as the 2 of w * 2, reaches it as other, and a number has no .{name}. Make "
        "it a Value first, as step 0 does: " + WRAP,
        "zh_CN": "{method}（{where}）读取了一个普通数的 .{name}：像 w * 2 里的 2 "
        "这样的数会作为 other 传进来，而数没有 .{name}。请像第 0 步那样先把它变成 "
        "Value：" + WRAP,
    }),
    Meaning(AttributeError, NUMBER, "backward", {
        "en": "{method} ({where}) reads .{name} of a plain number: an edge holds a "
        "number where the walk expects a Value. Each edge is a pair (parent, "
        "local_derivative), the input Value first; print(q.edges) shows yours",
        "zh_CN": "{method}（{where}）读取了一个普通数的 .{name}：有一条边在应当放 "
        "Value 的位置放了一个数。每条边是一对 (parent, local_derivative)，输入的 "
        "Value 在前；print(q.edges) 可以看到你的边",
    }),
    Meaning((AttributeError, ValueError, TypeError),
            r"'tuple' object has no attribute|values to unpack|cannot unpack",
            "backward", {
        "en": "{method} ({where}) does not read an edge as the pair it is: each edge "
        "is (parent, local_derivative), and step 0 reads it as for parent, "
        "local_derivative in node.edges; every operation records its edges so",
        "zh_CN": "{method}（{where}）没有把边当作一对来读：每条边是 (parent, "
        "local_derivative)，第 0 步这样读它：for parent, local_derivative in "
        "node.edges；每个运算也都这样记录它的边",
    }),
    Meaning(TypeError, r"float\(\) argument must be .*, not 'Value'", "yours", {
        "en": "__init__ ({where}) got a Value where it takes a number: {caller} "
        "makes Value(other) of an other that is a Value already. Wrap a plain "
        "number only: " + WRAP,
        "zh_CN": "__init__（{where}）在应当接受数的地方得到了一个 Value：{caller} "
        "对一个已经是 Value 的 other 又写了 Value(other)。只包装普通数：" + WRAP,
    }),
    Meaning(TypeError, r"unhashable type: 'Value'", "yours", {
        "en": "{method} ({where}) puts a Value in a set or a dict, and your Value "
        "cannot go there: a class that defines __eq__ loses its hash. Leave __eq__ "
        "out (the walk tells nodes apart by identity), or add "
        "__hash__ = object.__hash__ to the class",
        "zh_CN": "{method}（{where}）把一个 Value 放进集合或字典，而你的 Value "
        "放不进去：定义了 __eq__ 的类会失去哈希。请去掉 __eq__（遍历按身份区分"
        "节点），或者在类里加上 __hash__ = object.__hash__",
    }),
    Meaning(KeyError, r"(?P<key>.+)", "backward", {
        "en": "{method} ({where}) reads {key} from a dict that does not hold it: "
        "the walk reads a node's entry before anything was stored there. Keep each "
        "gradient in node.grad, 0.0 from __init__, and add to it with +=",
        "zh_CN": "{method}（{where}）从一个字典里读取 {key}，而字典里没有它："
        "遍历在一个节点的条目存进任何东西之前就读取了它。请把每个梯度放在 "
        "node.grad 里（__init__ 里设为 0.0），用 += 累加",
    }),
    Meaning(ZeroDivisionError, r"", "yours", {
        "en": "{method} ({where}) divides by zero: a value of this case is 0, and a "
        "formula of yours divides by it. A local derivative must hold at every "
        "input: write it without dividing by a value's data, and compare {method} "
        "with step {step}",
        "zh_CN": "{method}（{where}）除以了 0：这个例子里有一个值是 0，而你的公式"
        "除以了它。局部导数必须在每个输入处都成立：写它时不要除以值的 data，"
        "并把 {method} 和第 {step} 步对照",
    }),
    Meaning(NameError, r"name '(?P<name>\w+)' is not defined", "yours", {
        "en": "{method} ({where}) uses {name}, which your file does not import: put "
        "import {name} at the top of the file (step 2 starts with import math)",
        "zh_CN": "{method}（{where}）用到了 {name}，而你的文件没有导入它：请在文件"
        "开头写 import {name}（第 2 步的第一行就是 import math）",
    }, more=a_module),
    Meaning(AttributeError, r"'Value' object has no attribute '(?P<name>\w+)'",
            "yours", {
        "en": "{method} ({where}) reads .{name} of a Value, and a Value has only "
        "what __init__ gives it (the book's: data, grad and edges): set {name} in "
        "__init__, or use the name __init__ sets",
        "zh_CN": "{method}（{where}）读取了 Value 的 .{name}，而 Value 只有 "
        "__init__ 给它的属性（本书的是 data、grad 和 edges）：请在 __init__ 里"
        "设置 {name}，或者改用 __init__ 设置的名字",
    }),
]  # fmt: skip


class Diagnosis:
    """The likely cause of a failed case.

    An error says what it means, in the words of the reader's method it came
    from; a wrong number is the answer of the probes, each a question about one
    part of the reader's engine, which returns None when that part works, else
    its message and the values it shows. A probe runs the reader's code under the
    guard; one that cannot run (it needs what is broken) cannot tell, and the
    next one is asked.
    """

    def __init__(self, V: type, words: Words, guard: Guard, step: int) -> None:
        self.V, self.words, self.guard, self.step = V, words, guard, step

    def cause(self, case: Case, outcome: Outcome) -> tuple[str, Hashable]:
        """The cause in words, and what makes two causes the same."""
        error = outcome.error
        if isinstance(error, Stopped):
            return self.stopped(error), ("stopped", error.key)
        if isinstance(error, RecursionError):
            said = self.recursion(error)
            return said, said
        if case.cause is not None and case.before and case.before(outcome):
            return self.words(case.cause), case.name
        quick = AFTER_A_TIMEOUT
        # The walk is redone on the case's own graph: a long case's (the chain
        # of 10,000) takes about as long as the case, so it gets the case's limit
        # (the guard's: SECONDS, or less once a case has run out of time).
        walk = self.guard.seconds if case.long else quick
        probes = [(self.data, quick), (self.edges_kept, quick), (self.seed, quick)]
        probes.append((lambda: self.walk_over_edges(case, outcome), walk))
        operations = [m for m in case.needs if OPERATIONS[m].probe]
        probes += [(lambda m=m: self.operation(m), quick) for m in operations]
        for probe, seconds in probes:
            try:
                found = self.guard.run(probe, seconds=seconds)
            except (Exception, Stopped):  # this probe cannot tell
                continue
            if found is not None:
                text, values = found
                shown = tuple((k, str(v)) for k, v in values.items() if k != "evidence")
                return self.words(text, **values), (text["en"], shown)
        if error is not None:
            said = self.error(error)
        else:
            said = self.words(UNKNOWN, step=max(case.step, self.step))
        return said, said

    def at(self, expr: str, values: str = "a = 3") -> str:
        return self.words("at", expr=expr, values=values)

    def data(self) -> Cause:
        """backward() leaves every data as it was."""
        a, b, c, f = values = [self.V(x) for x in (2, -3, 10, -2)]
        ((a * b + c) * f).backward()
        for name, value, before in zip("abcf", values, (2.0, -3.0, 10.0, -2.0)):
            if not same(value.data, before):
                return {
                    "en": "backward() changes data: {expr}, {name}.data was {before} "
                    "and is {after} afterwards. backward() only sets grad: clear with "
                    "node.grad = 0.0, and leave p.data -= ... to the training loop",
                    "zh_CN": "backward() 改变了 data：{expr}，{name}.data 原来是 "
                    "{before}，之后变成了 {after}。backward() 只设置 grad：清零时写 "
                    "node.grad = 0.0，把 p.data -= ... 留给训练循环",
                }, {
                    "expr": self.at("L = (a*b + c)*f", "a=2, b=-3, c=10, f=-2"),
                    "name": name,
                    "before": before,
                    "after": show(value.data),
                }
        return None

    def edges_kept(self) -> Cause:
        """The edges are a sequence, so that a*a keeps both of its uses of a."""
        a = self.V(3)
        output = a * a
        if not isinstance(output.edges, set | frozenset | dict):
            return None
        output.backward()
        return {
            "en": "the edges are kept as a set: a*a keeps one of its two edges and "
            "loses one use of a ({expr} gives a.grad {got}, not {want}); keep them "
            "in a tuple",
            "zh_CN": "边被存成了集合：a*a 的两条边只剩一条，丢掉了 a 的一次使用"
            "（{expr} 得到 a.grad {got}，而不是 {want}）；请用元组保存边",
        }, {"expr": self.at("a*a"), "got": show(a.grad), "want": "6.0"}

    def seed(self) -> Cause:
        """After backward(), the output's own gradient is 1."""
        z = self.V(3) + self.V(4)
        z.backward()
        if same(z.grad, 1.0):
            return None
        return {
            "en": "the output's gradient is {got}, not 1.0, when the walk starts: "
            "seed it (self.grad = 1.0) after clearing, before the walk",
            "zh_CN": "反向传播开始时，输出的梯度是 {got}，而不是 1.0：在清零之后、"
            "遍历之前给输出梯度设初值（self.grad = 1.0）",
        }, {"got": show(z.grad)}

    def walk_over_edges(self, case: Case, outcome: Outcome) -> Cause:
        """backward() gives what a right walk over the same edges gives; else the
        mistake whose simulation gives its numbers on every graph of WALK_GRAPHS,
        shown by a number of the case's own graph (a.grad of the got line)."""
        output = None if outcome.error else output_of(outcome.values)
        if output is None:
            return None
        right = walk(output)
        labels = [label for label in case.labels if isinstance(label, str)]
        named = [m[1] for m in map(GRAD.fullmatch, labels) if m]
        for name in [*named, *outcome.values]:  # the labels' values first
            node = outcome.values.get(name)
            if isinstance(node, type) or not hasattr(node, "grad"):
                continue
            if not same(node.grad, right.get(id(node), 0.0)):
                break
        else:
            return None  # right on this graph: the case fails for another reason
        runs = []
        for build in WALK_GRAPHS:
            try:
                small = build(self.V(3))
                small.backward()
                runs.append(graph_run(small))
            except Exception:  # an engine that cannot build it
                continue
        if all(gives("", run) for run in runs):
            return None  # the walk is right (the case walked its graph twice)
        got, want = show(node.grad), show(right.get(id(node), 0.0))
        evidence = self.words("evidence", name=name, got=got, want=want)
        for simulations, says in WALK_MISTAKES:
            if all(any(gives(s, run) for s in simulations) for run in runs):
                return says, {"evidence": evidence}
        return {
            "en": "the walk is wrong, not the operations ({evidence}): compare your "
            "backward() with step {step} of chapter 5",
            "zh_CN": "错的是遍历，不是运算（{evidence}）：请把你的 backward() 和第 5 章"
            "第 {step} 步对照",
        }, {"evidence": evidence, "step": max(self.step, 0)}

    def operation(self, method: str) -> Cause:
        """One operation: it returns a Value of the right value, with edges
        (parent, number) that the checker's own walk turns into the right
        gradients."""
        op = OPERATIONS[method]
        x, y = self.V(op.x), self.V(4)
        out = eval(op.probe, {"x": x, "y": y})  # the probe, as it is written
        at = f"x = {op.x:g}" + (", y = 4" if len(op.grads) == 2 else "")
        details = {"method": method, "op": op.written, "expr": self.at(op.probe, at)}
        if not isinstance(out, type(x)):
            return {
                "en": "{expr} gives {got}, not a Value: {method} ({op}) must return "
                "the Value it makes, return Value(...) (without return, a function "
                "gives None)",
                "zh_CN": "{expr} 得到的是 {got}，而不是 Value：{method}（{op}）必须"
                "返回它创建的 Value，即 return Value(...)（没有 return 的函数得到的"
                "是 None）",
            }, details | {"got": show(out)}
        for edge in out.edges:
            if not (
                isinstance(edge, tuple)
                and len(edge) == 2
                and isinstance(edge[0], type(x))
                and isinstance(edge[1], int | float)
            ):
                return {
                    "en": "{expr} records the edge {got}, and each edge is a pair "
                    "(parent, local_derivative), the input Value first, then a "
                    "number: look at the edges {method} ({op}) makes",
                    "zh_CN": "{expr} 记录了边 {got}，而每条边应是一对 (parent, "
                    "local_derivative)：先是输入的 Value，再是一个数；请检查 "
                    "{method}（{op}）创建的边",
                }, details | {"got": repr(edge)[:60]}
        if not same(out.data, op.value):
            return {
                "en": "{op} computes a wrong value: {expr} gives {got}, not {want}",
                "zh_CN": "{op} 算出的值不对：{expr} 得到 {got}，而不是 {want}",
            }, details | {"got": show(out.data), "want": show(op.value)}
        grads = walk(out)
        got = [grads.get(id(x), 0.0), grads.get(id(y), 0.0)][: len(op.grads)]
        if all(same(g, want) for g, want in zip(got, op.grads)):
            return None
        return {
            "en": "the local derivative of {op} is wrong: {expr} gives {got}, not "
            "{want}",
            "zh_CN": "{op} 的局部导数不对：{expr} 得到 {got}，而不是 {want}",
        }, details | {
            "got": ", ".join(f"{n}.grad {show(g)}" for n, g in zip("xy", got)),
            "want": ", ".join(f"{n}.grad {show(g)}" for n, g in zip("xy", op.grads)),
        }

    def recursion(self, error: RecursionError) -> str:
        """A walk that recurses, or an operation that calls itself without end."""
        name, where = recursing(error)
        op = OPERATIONS.get(name or "")
        if op is None or name == "backward":
            return self.words({
                "en": "{name} calls itself once per node, and Python stops at about "
                "1,000 calls: step 5, a walk without recursion",
                "zh_CN": "{name} 每到一个节点就调用自己一次，而 Python 大约在 1,000 "
                "层调用处就停下：见第 5 步，不用递归的遍历",
            }, name=f"{name or 'backward'}()")  # fmt: skip
        values = {"method": name, "op": op.written, "where": where}
        if op.fix:
            return self.words({
                "en": "{method} ({op}) calls itself without end ({where}): other is a "
                "plain number there, and putting it first sends Python back to "
                "{method}; step 3 writes {fix}",
                "zh_CN": "{method}（{op}）无休止地调用自己（{where}）：那里的 other "
                "是一个普通的数，把它放在前面，Python 又会回到 {method}；第 3 步写的是 "
                "{fix}",
            }, fix=op.fix, **values)  # fmt: skip
        return self.words({
            "en": "{method} ({op}) calls itself without end ({where}); compare it "
            "with step {step} of chapter 5",
            "zh_CN": "{method}（{op}）无休止地调用自己（{where}）；请把它和第 5 章"
            "第 {step} 步对照",
        }, step=op.step, **values)  # fmt: skip

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
        """What an error means, said of the reader's method it came from; else the
        line of the reader's code that raised it, or the book's line their Value
        cannot take."""
        found = frames(error.__traceback__)
        mine = [(f, n) for f, n in found if theirs(f.f_code.co_filename)]
        ours = [(f, n) for f, n in found if f.f_code.co_filename == HERE]
        frame, line = ours[-1] if ours else found[-1]
        code = linecache.getline(frame.f_code.co_filename, line).strip() or "?"
        if mine:
            values = self.method_of(mine)
            raised = "backward" if in_backward(mine[-1][0]) else "operation"
        else:
            values, raised = {"method": self.words("the_case"), "where": code}, ""
        op = OPERATIONS.get(str(values["method"]))
        values["step"] = op.step if op else max(self.step, 0)
        for meaning in MEANINGS:
            inside = meaning.inside == "anywhere" or (
                mine and meaning.inside in ("yours", raised)
            )
            match = re.search(meaning.pattern, str(error))
            if not (inside and isinstance(error, meaning.errors) and match):
                continue
            more = meaning.more(match.groupdict(), self.V) if meaning.more else {}
            if more is not None:
                return self.words(meaning.says, **(values | match.groupdict() | more))
        if mine:
            return self.words(RAISED, **values)
        return self.words(CALL, code=code, error=error_line(error))

    def method_of(self, mine: list[tuple[FrameType, int]]) -> dict[str, object]:
        """The reader's method an error came from (backward for its inner visit),
        where in it, and the method that called it."""
        frame, line = mine[-1]
        names = [f.f_code.co_name for f, _ in reversed(mine)]
        methods = [name for name in names if has(self.V, name)]
        method = methods[0] if methods else frame.f_code.co_name
        where = at_line(frame, line)
        if frame.f_code.co_name == method:
            where = where.rsplit(", in ", 1)[0]
        return {
            "method": method,
            "where": where,
            "caller": (methods[1:] or [method])[0],
        }


RAISED: Text = {
    "en": "{method} ({where}) raised it; read that line of your code",
    "zh_CN": "{method}（{where}）抛出了这个错误；请看你代码里的这一行",
}
CALL: Text = {
    "en": "the book's case runs {code}, and your Value cannot take it ({error}): "
    "the book makes a value from one number, as in Value(3), and reads its data, "
    "grad and edges",
    "zh_CN": "本书的例子运行的是 {code}，而你的 Value 接受不了（{error}）：本书用"
    "一个数来创建值，例如 Value(3)，并读取它的 data、grad 和 edges",
}
UNKNOWN: Text = {
    "en": "no common mistake matches; compare your code with step {step} of chapter 5",
    "zh_CN": "没有对上常见的错误；请把你的代码和第 5 章第 {step} 步对照",
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


# --- 5. the languages --------------------------------------------------------------


class Words:
    """The messages in one language: ``words("ok")`` for a word of LANGUAGES,
    ``words(text, step=1)`` for a message written beside what it is about. A
    message not yet in the language is shown in English. ``asked``: the language
    the environment asked for, when the file has no words in it."""

    def __init__(self, language: str, asked: str = "") -> None:
        self.language, self.asked = language, asked

    def __call__(self, message: str | Text, **values: object) -> str:
        if isinstance(message, str):
            message = {
                code: said[message]
                for code, said in LANGUAGES.items()
                if message in said
            }
        return message.get(self.language, message["en"]).format(**values)


def language_from_environment(environ: Mapping[str, str]) -> tuple[str, str]:
    """The language of the messages, from the first of LANGUAGE, LC_ALL,
    LC_MESSAGES and LANG that is set (LANGUAGE may list several, zh_CN:en): the
    first it names that LANGUAGES has, whole or by its first part (zh_TW reads
    zh_CN), else English; and, to say so, the one it asked for when the file has
    no words in it.

    >>> language_from_environment({"LANG": "zh_TW.UTF-8"})
    ('zh_CN', '')
    >>> language_from_environment({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"})
    ('en', '')
    >>> language_from_environment({"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"})
    ('en', 'fr')
    """
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        names = [re.split(r"[.@]", n)[0] for n in environ.get(variable, "").split(":")]
        names = [name for name in names if name]
        if not names:
            continue
        for name in names:
            same_first = [k for k in LANGUAGES if k.split("_")[0] == name.split("_")[0]]
            if same_first:
                return (name if name in LANGUAGES else same_first[0]), ""
        return "en", "" if names[0] in ("C", "POSIX") else names[0]
    return "en", ""


# The languages of the messages, each with the report's own words. A new one
# is an entry here, and its words beside each case, probe and meaning of an
# error (``{"en": ..., "zh_CN": ..., "xx": ...}``); the file speaks it at once.
LANGUAGES: dict[str, dict[str, str]] = {
    "en": {
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
        "later": "step {step} {what}",
        "summary_ok": "All {ran} cases that ran passed; {skipped} skipped.",
        "summary_fail": "{failed} of the {ran} cases that ran failed; {skipped} skipped.",
        "summary_none": "No case could run.",
        "printed": "Your code printed {lines} lines while it was checked; "
        "they are not shown.",
        "at": "{expr} at {values}",
        "evidence": "here {name}.grad is {got}, where a right walk over the edges "
        "your operations record gives {want}",
        "the_case": "the book's case",
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
    },
    "zh_CN": {
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
        "later": "第 {step} 步才{what}",
        "summary_ok": "运行的 {ran} 个例子全部通过；跳过 {skipped} 个。",
        "summary_fail": "运行的 {ran} 个例子中有 {failed} 个失败；跳过 {skipped} 个。",
        "summary_none": "没有能运行的例子。",
        "printed": "检查期间你的代码打印了 {lines} 行，这里没有显示。",
        "at": "{values} 时，{expr}",
        "evidence": "这里 {name}.grad 是 {got}，而沿你的运算记录的边正确遍历得到 {want}",
        "the_case": "本书的例子",
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
    },
}

if __name__ == "__main__":
    sys.exit(main())
