"""Check your own engine of chapter 5 against the book's cases, step by step.

Put this file anywhere and run it on the file that holds your ``Value``::

    python check_engine.py engine.py
    python check_engine.py engine.py --step 4      # "I have done steps 0 to 4"
    python check_engine.py engine.py --lang zh_CN  # 中文输出

It imports ``Value`` from your file (what the file prints while it is imported
is not shown), runs the numbers of chapters 2 to 5 through it, and prints one
line per case: ``ok``, ``FAIL`` (with the expected and the actual numbers and
the likely cause) or ``skip`` (your class does not have that step yet, and the
line says which step adds it). Without ``--step`` it works out how far you
have come from what your class can do.

Exit status: 0 when every case that ran passed, 1 when one failed, 2 when the
file could not be checked at all (missing, not importable, no ``Value``).

The language is English, or Chinese when ``--lang zh_CN`` is given or the
first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set
starts with ``zh``. Every word it prints is in ``STRINGS`` below.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import math
import os
import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

# --- the words, in English and in Chinese --------------------------------------

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "at": "{expr} at {values}",
        "usage": "Check your own Value of chapter 5 against the book's cases.",
        "help_file": "the Python file that defines your Value, e.g. engine.py",
        "help_step": "the last step of chapter 5 you have done (0 to 5); "
        "without it, worked out from what Value can do",
        "help_lang": "the language of the messages (default: from the environment)",
        "no_file": "{file}: no such file",
        "cannot_import": "cannot import {file}: {error}",
        "no_value": "{file} defines no Value (the class of chapter 5)",
        "not_a_class": "Value in {file} is not a class",
        "header": "Checking Value from {file} as an engine of step {step} of "
        "chapter 5 (worked out from what it can do; --step N says otherwise)",
        "header_claimed": "Checking Value from {file} as an engine of step {step} of chapter 5",
        "ok": "ok",
        "fail": "FAIL",
        "skip": "skip",
        "expected": "expected",
        "got": "got",
        "cause": "likely cause: {cause}",
        "colon": ": ",
        "cause_again": "the same as above",
        "needs": "step {step} adds {ops}",
        "list": "; ",
        "missing": "Value has no {ops}, which step {step} adds",
        "later": "step {step} {what} ({detail})",
        "step4": "clears the gradients",
        "step5": "walks the graph without recursion",
        "detail_twice": "here a second backward() gives a.grad {got}, not {want}",
        "detail_chain": "here backward() raised RecursionError",
        "summary_ok": "All {ran} cases that ran passed; {skipped} skipped.",
        "summary_fail": "{failed} of the {ran} cases that ran failed; {skipped} skipped.",
        "summary_none": "No case could run.",
        "case_q": "chapter 4: q = a*a + a at a = 3",
        "case_square": "chapter 5: a*a at a = 3, one node and two edges",
        "case_L": "chapter 4: L = (a*b + c)*f at a=2, b=-3, c=10, f=-2",
        "case_shared": "a node used twice: b = a + a, c = b + b at a = 3",
        "case_loss": "chapter 2: the loss (2w + b - 5)**2 at w = 1, b = 0",
        "case_neuron": "chapter 3: the neuron tanh(x1*w1 + x2*w2 + b)",
        "case_left": "chapter 5: 2*w, 1 - w, 6/w, sum([w, w, w]) at w = 3",
        "case_division": "chapter 5: x/y at x = 3, y = 4",
        "case_twice": "chapter 5: q = a*a + a, backward() twice",
        "case_chain": "chapter 5: a chain of 10,000 additions",
        "after_one": "a.grad after one backward()",
        "after_two": "after two",
        "cause_recursion": "backward() calls itself once per node, and Python "
        "stops at about 1,000 calls: step 5, a walk without recursion",
        "cause_error": "{where} raised it; read that line of your file",
        "cause_seed": "the output's gradient is {got}, not 1.0, when the walk "
        "starts: seed it (self.grad = 1.0) after clearing, before the walk",
        "cause_local": "the local derivative of {op} is wrong: {expr} gives "
        "{got}, not {want}",
        "cause_forward": "{op} computes a wrong value: {expr} gives {got}, not {want}",
        "cause_order": "the walk goes from the inputs to the output: go "
        "through reversed(order), so that every child comes before its parents "
        "({expr} gives a.grad {got}, not {want})",
        "cause_assign": "a gradient is assigned with = instead of added with "
        "+=, so only the last use of a value counts ({expr} gives a.grad "
        "{got}, not {want})",
        "cause_set": "the edges are kept as a set: a*a keeps one of its two "
        "edges and loses one use of a ({expr} gives a.grad {got}, not {want}); "
        "keep them in a tuple",
        "cause_seen": "a node enters order more than once and passes its "
        "gradient back twice: keep the set seen ({expr} gives a.grad {got}, "
        "not {want})",
        "cause_clear": "the gradients are not cleared: the second backward() "
        "adds on top of the first; set every node's grad to 0.0 before seeding",
        "cause_unknown": "no common mistake matches; compare your code with "
        "step {step} of chapter 5",
    },
    "zh_CN": {
        "at": "{values} 时，{expr}",
        "usage": "用本书的例子检查你在第 5 章自己写的 Value。",
        "help_file": "定义了你的 Value 的 Python 文件，例如 engine.py",
        "help_step": "你在第 5 章做到的最后一步（0 到 5）；不给时按 Value 能做的事推断",
        "help_lang": "消息的语言（默认按环境变量）",
        "no_file": "{file}：没有这个文件",
        "cannot_import": "无法导入 {file}：{error}",
        "no_value": "{file} 里没有定义 Value（第 5 章的类）",
        "not_a_class": "{file} 里的 Value 不是一个类",
        "header": "把 {file} 里的 Value 当作第 5 章第 {step} 步的引擎来检查"
        "（按它能做的事推断；可以用 --step N 另行指定）",
        "header_claimed": "把 {file} 里的 Value 当作第 5 章第 {step} 步的引擎来检查",
        "ok": "通过",
        "fail": "失败",
        "skip": "跳过",
        "expected": "应为",
        "got": "实际",
        "cause": "可能的原因：{cause}",
        "colon": "：",
        "cause_again": "同上",
        "needs": "第 {step} 步才加上 {ops}",
        "list": "；",
        "missing": "Value 没有 {ops}，这是第 {step} 步加上的",
        "later": "第 {step} 步才{what}（{detail}）",
        "step4": "清零梯度",
        "step5": "用不递归的方式遍历图",
        "detail_twice": "这里第二次 backward() 得到 a.grad {got}，而不是 {want}",
        "detail_chain": "这里 backward() 抛出了 RecursionError",
        "summary_ok": "运行的 {ran} 个例子全部通过；跳过 {skipped} 个。",
        "summary_fail": "运行的 {ran} 个例子中有 {failed} 个失败；跳过 {skipped} 个。",
        "summary_none": "没有能运行的例子。",
        "case_q": "第 4 章：q = a*a + a，a = 3",
        "case_square": "第 5 章：a*a，a = 3，一个节点、两条边",
        "case_L": "第 4 章：L = (a*b + c)*f，a=2, b=-3, c=10, f=-2",
        "case_shared": "一个节点用了两次：b = a + a，c = b + b，a = 3",
        "case_loss": "第 2 章：损失 (2w + b - 5)**2，w = 1，b = 0",
        "case_neuron": "第 3 章：神经元 tanh(x1*w1 + x2*w2 + b)",
        "case_left": "第 5 章：2*w、1 - w、6/w、sum([w, w, w])，w = 3",
        "case_division": "第 5 章：x/y，x = 3，y = 4",
        "case_twice": "第 5 章：q = a*a + a，调用两次 backward()",
        "case_chain": "第 5 章：10,000 个加法连成的链",
        "after_one": "一次 backward() 之后的 a.grad",
        "after_two": "两次之后",
        "cause_recursion": "backward() 每到一个节点就调用自己一次，而 Python "
        "大约在 1,000 层调用处就停下：见第 5 步，不用递归的遍历",
        "cause_error": "出错的地方是 {where}；请看你文件里的这一行",
        "cause_seed": "反向传播开始时，输出的梯度是 {got}，而不是 1.0：在清零之后、"
        "遍历之前给输出梯度设初值（self.grad = 1.0）",
        "cause_local": "{op} 的局部导数不对：{expr} 得到 {got}，而不是 {want}",
        "cause_forward": "{op} 算出的值不对：{expr} 得到 {got}，而不是 {want}",
        "cause_order": "遍历是从输入走向输出的：要按 reversed(order) 走，"
        "让每个子节点都排在它的父节点之前（{expr} 得到 a.grad {got}，而不是 {want}）",
        "cause_assign": "梯度是用 = 赋值的，而不是用 += 累加的，所以一个值只有最后一次"
        "使用算数（{expr} 得到 a.grad {got}，而不是 {want}）",
        "cause_set": "边被存成了集合：a*a 的两条边只剩一条，丢掉了 a 的一次使用"
        "（{expr} 得到 a.grad {got}，而不是 {want}）；请用元组保存边",
        "cause_seen": "一个节点不止一次进入 order，把它的梯度往回传了两次："
        "请保留集合 seen（{expr} 得到 a.grad {got}，而不是 {want}）",
        "cause_clear": "梯度没有清零：第二次 backward() 叠加在第一次之上；"
        "在设初值之前把每个节点的 grad 设为 0.0",
        "cause_unknown": "没有对上常见的错误；请把你的代码和第 5 章第 {step} 步对照",
    },
}

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


# --- showing numbers --------------------------------------------------------


def show(x: object) -> str:
    """A number rounded to 4 decimals, as the book prints it.

    >>> show(0.7071067811865476), show(49995000), show(-0.0)
    ('0.7071', '49995000.0', '0.0')
    """
    try:
        rounded = round(float(x), 4) + 0.0  # + 0.0 turns -0.0 into 0.0
    except (TypeError, ValueError):
        return repr(x)[:40]
    return repr(rounded)


def same(got: object, want: float) -> bool:
    """Equal up to floating-point noise."""
    try:
        return math.isclose(float(got), want, rel_tol=1e-9, abs_tol=1e-9)
    except (TypeError, ValueError):
        return False


def columns(text: str) -> int:
    """How many columns ``text`` takes in a terminal: a Chinese character takes two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int) -> str:
    """``text`` with spaces after it, to fill ``width`` columns."""
    return text + " " * max(width - columns(text), 1)


def where(error: BaseException, file: str) -> str:
    """Where in the reader's file an exception came from: 'engine.py, line 12, in tanh'."""
    frames, tb = [], error.__traceback__
    while tb is not None:  # from the outermost call to where it was raised
        frames.append(
            (tb.tb_frame.f_code.co_filename, tb.tb_lineno, tb.tb_frame.f_code.co_name)
        )
        tb = tb.tb_next
    mine = [f for f in frames if os.path.abspath(f[0]) == os.path.abspath(file)]
    if not (mine or frames):
        return os.path.basename(file)
    filename, line, function = (mine or frames)[-1]
    return f"{os.path.basename(filename)}, line {line}, in {function}"


def error_line(error: BaseException) -> str:
    """'ZeroDivisionError: float division by zero', on one line."""
    message = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


# --- the book's cases -------------------------------------------------------
# Each case builds a graph with the reader's class V, calls backward() and
# returns the numbers to compare, in the order of its labels.


def q_of_a(V: type) -> list[object]:
    a = V(3)
    q = a * a + a
    q.backward()
    return [q.data, a.grad]


def square(V: type) -> list[object]:
    a = V(3)
    s = a * a
    s.backward()
    return [s.data, a.grad]


def micrograd_L(V: type) -> list[object]:
    a, b, c, f = V(2), V(-3), V(10), V(-2)
    L = (a * b + c) * f
    L.backward()
    return [L.data, a.grad, b.grad, c.grad, f.grad]


def shared_node(V: type) -> list[object]:
    a = V(3)
    b = a + a
    c = b + b
    c.backward()
    return [c.data, b.grad, a.grad]


def chapter_2_loss(V: type) -> list[object]:
    w, b = V(1), V(0)
    loss = (w * 2 + b - 5) ** 2
    loss.backward()
    return [loss.data, w.grad, b.grad]


def neuron(V: type) -> list[object]:
    x1, x2, w1, w2 = V(2), V(0), V(-3), V(1)
    b = V(6.8813735870195432)
    o = (x1 * w1 + x2 * w2 + b).tanh()
    o.backward()
    return [o.data, x1.grad, w1.grad, x2.grad, w2.grad, b.grad]


def numbers_on_the_left(V: type) -> list[object]:
    numbers = []
    for make in [
        lambda w: 2 * w,
        lambda w: 1 - w,
        lambda w: 6 / w,
        lambda w: sum([w, w, w]),
    ]:
        w = V(3)
        out = make(w)
        out.backward()
        numbers += [out.data, w.grad]
    return numbers


def division(V: type) -> list[object]:
    x, y = V(3), V(4)
    ratio = x / y
    ratio.backward()
    return [ratio.data, x.grad, y.grad]


def backward_twice(V: type) -> list[object]:
    a = V(3)
    q = a * a + a
    q.backward()
    first = a.grad
    q.backward()
    return [q.data, first, a.grad]


def long_chain(V: type) -> list[object]:
    w = V(0.5)
    total = sum(w * k for k in range(10_000))
    total.backward()
    return [total.data, w.grad]


class Case(NamedTuple):
    """One example of the book: its step, what it needs, what it must give."""

    name: str  # the key of its title in STRINGS
    step: int  # the step of chapter 5 that makes it pass
    needs: tuple[str, ...]  # the methods of Value it calls
    run: Callable[[type], list[object]]
    # (label, number) in the order run() returns them; a label may be a key of STRINGS
    expected: list[tuple[str, float]]


STEP_0 = ("__add__", "__mul__", "backward")
SUBTRACTION = ("__neg__", "__sub__")
ON_THE_LEFT = ("__truediv__", "__radd__", "__rmul__", "__rsub__", "__rtruediv__")
CASES = [
    Case("case_q", 0, STEP_0, q_of_a, [("q", 12.0), ("a.grad", 7.0)]),
    Case("case_square", 0, STEP_0, square, [("a*a", 9.0), ("a.grad", 6.0)]),
    Case(
        "case_L",
        0,
        STEP_0,
        micrograd_L,
        [
            ("L", -8.0),
            ("a.grad", 6.0),
            ("b.grad", -4.0),
            ("c.grad", -2.0),
            ("f.grad", 4.0),
        ],
    ),
    Case(
        "case_shared",
        0,
        STEP_0,
        shared_node,
        [("c", 12.0), ("b.grad", 2.0), ("a.grad", 4.0)],
    ),
    Case(
        "case_loss",
        1,
        STEP_0 + ("__pow__",) + SUBTRACTION,
        chapter_2_loss,
        [("loss", 9.0), ("w.grad", -12.0), ("b.grad", -6.0)],
    ),
    Case(
        "case_neuron",
        2,
        STEP_0 + ("tanh",),
        neuron,
        [("o", math.sqrt(0.5)), ("x1.grad", -1.5), ("w1.grad", 1.0)]
        + [("x2.grad", 0.5), ("w2.grad", 0.0), ("b.grad", 0.5)],
    ),
    Case(
        "case_left",
        3,
        STEP_0 + SUBTRACTION + ON_THE_LEFT,
        numbers_on_the_left,
        [("2*w", 6.0), ("w.grad", 2.0), ("1-w", -2.0), ("w.grad", -1.0)]
        + [("6/w", 2.0), ("w.grad", -6 / 9), ("sum", 9.0), ("w.grad", 3.0)],
    ),
    Case(
        "case_division",
        3,
        STEP_0 + ("__truediv__",),
        division,
        [("x/y", 0.75), ("x.grad", 0.25), ("y.grad", -0.1875)],
    ),
    Case(
        "case_twice",
        4,
        STEP_0,
        backward_twice,
        [("q", 12.0), ("after_one", 7.0), ("after_two", 7.0)],
    ),
    Case(
        "case_chain",
        5,
        STEP_0 + ("__radd__",),
        long_chain,
        [("total", 24997500.0), ("w.grad", 49995000.0)],
    ),
]


# --- the likely cause of a wrong number --------------------------------------
# Small graphs that each test one part of the engine. A probe returns None when
# that part works, else the key of its message and the values the message shows.

Cause = tuple[str, dict[str, object]] | None


class Probe(NamedTuple):
    """One operation on fresh values x = 3 and y = 4: what it must give."""

    expr: str
    build: Callable
    value: float
    grads: tuple[float, ...]  # of x, then of y if the operation uses it
    x: float = 3.0

    def where(self, words: Words) -> str:
        """'x * y at x = 3, y = 4'"""
        values = f"x = {self.x:g}" + (", y = 4" if len(self.grads) == 2 else "")
        return words("at", expr=self.expr, values=values)


TANH = math.tanh(0.5)
PROBES: dict[str, Probe] = {
    "__add__": Probe("x + y", lambda x, y: x + y, 7.0, (1.0, 1.0)),
    "__mul__": Probe("x * y", lambda x, y: x * y, 12.0, (4.0, 3.0)),
    "__pow__": Probe("x ** 3", lambda x, y: x**3, 27.0, (27.0,)),
    "__neg__": Probe("-x", lambda x, y: -x, -3.0, (-1.0,)),
    "__sub__": Probe("x - y", lambda x, y: x - y, -1.0, (1.0, -1.0)),
    "tanh": Probe("x.tanh()", lambda x, y: x.tanh(), TANH, (1 - TANH**2,), x=0.5),
    "__truediv__": Probe("x / y", lambda x, y: x / y, 0.75, (0.25, -0.1875)),
    "__radd__": Probe("2 + x", lambda x, y: 2 + x, 5.0, (1.0,)),
    "__rmul__": Probe("2 * x", lambda x, y: 2 * x, 6.0, (2.0,)),
    "__rsub__": Probe("1 - x", lambda x, y: 1 - x, -2.0, (-1.0,)),
    "__rtruediv__": Probe("6 / x", lambda x, y: 6 / x, 2.0, (-6 / 9,)),
}


def operation_probe(V: type, method: str, words: Words) -> Cause:
    """Does one operation compute the right value and local derivatives?"""
    probe = PROBES[method]
    x, y = V(probe.x), V(4)
    out = probe.build(x, y)
    details = {"op": OPERATIONS[method][0], "expr": probe.where(words)}
    if not same(out.data, probe.value):
        return "cause_forward", details | {
            "got": show(out.data),
            "want": show(probe.value),
        }
    out.backward()
    got = [x.grad, y.grad][: len(probe.grads)]
    if all(same(g, want) for g, want in zip(got, probe.grads)):
        return None
    return "cause_local", details | {
        "got": ", ".join(f"{n}.grad {show(g)}" for n, g in zip("xy", got)),
        "want": ", ".join(f"{n}.grad {show(g)}" for n, g in zip("xy", probe.grads)),
    }


def seed_probe(V: type) -> Cause:
    """After backward(), the output's own gradient is 1."""
    z = V(3) + V(4)
    z.backward()
    return None if same(z.grad, 1.0) else ("cause_seed", {"got": show(z.grad)})


def gradient_probe(
    V: type, words: Words, key: str, expr: str, build: Callable, want: float
) -> Cause:
    """Build ``build(a)`` from a = Value(3), walk back, compare a.grad with ``want``."""
    a = V(3)
    build(a).backward()
    if same(a.grad, want):
        return None
    expr = words("at", expr=expr, values="a = 3")
    return key, {"expr": expr, "got": show(a.grad), "want": show(want)}


def walk_probes(V: type, words: Words) -> list[Callable[[], Cause]]:
    """The walk itself, each probe trusting what the ones before it checked."""

    def probe(key: str, expr: str, build: Callable, want: float) -> Callable[[], Cause]:
        return lambda: gradient_probe(V, words, key, expr, build, want)

    return [
        lambda: seed_probe(V),
        lambda: operation_probe(V, "__add__", words),
        lambda: operation_probe(V, "__mul__", words),
        probe("cause_order", "(a*2)*5", lambda a: a * 2 * 5, 10.0),
        probe("cause_assign", "a*2 + a", lambda a: a * 2 + a, 3.0),
        probe("cause_set", "a*a", lambda a: a * a, 6.0),
        probe("cause_seen", "c = b + b, b = a + a", lambda a: (b := a + a) + b, 4.0),
    ]


def likely_cause(case: Case, V: type, words: Words) -> Cause:
    """The first probe, of the walk or of an operation the case uses, that fails."""
    probes = walk_probes(V, words) + [
        (lambda m=m: operation_probe(V, m, words)) for m in case.needs if m in PROBES
    ]
    for probe in probes:
        try:
            cause = probe()
        except Exception:  # this probe cannot tell: it needs what is broken
            continue
        if cause is not None:
            return cause
    return None


# --- running the cases ------------------------------------------------------

Result = tuple[list[object] | None, BaseException | None]  # numbers, or the error


def has(V: type, method: str) -> bool:
    return callable(getattr(V, method, None))


def operations_step(V: type) -> int:
    """The last step whose operations Value has, with those of every step before."""
    step = -1
    for k in range(4):
        if not all(has(V, m) for m, (_, s) in OPERATIONS.items() if s == k):
            break
        step = k
    return step


def run_case(case: Case, V: type) -> Result:
    try:
        return case.run(V), None
    except Exception as error:
        return None, error


def passes(result: Result, case: Case) -> bool:
    numbers, _ = result
    return numbers is not None and all(
        same(x, want) for x, (_, want) in zip(numbers, case.expected)
    )


def not_yet(case: Case, result: Result, words: Words) -> str | None:
    """What a step-4 or step-5 case shows on an engine from before that step."""
    numbers, error = result
    if case.run is long_chain and isinstance(error, RecursionError):
        return words("detail_chain")
    if case.run is backward_twice and numbers is not None:
        q, first, second = numbers
        if same(q, 12.0) and same(first, 7.0) and not same(second, 7.0):
            return words("detail_twice", got=show(second), want=show(7.0))
    return None


class Checker:
    """Runs the cases on the reader's class and words the outcome."""

    def __init__(self, V: type, file: str, words: Words, step: int | None) -> None:
        self.V, self.file, self.words = V, file, words
        self.results = {case.name: run_case(case, V) for case in CASES}
        self.claimed = step is not None
        if step is None:  # how far the reader has come, from what Value can do
            step = operations_step(V)
            for case in CASES:
                if case.step > 3 and passes(self.results[case.name], case):
                    step = max(step, case.step)
        self.step = step
        self.told: set[str] = set()  # causes already printed in full

    def report(self) -> tuple[list[str], int]:
        """The lines to print and the exit status."""
        w = self.words
        header = "header_claimed" if self.claimed else "header"
        name = os.path.basename(self.file)
        lines = [w(header, file=name, step=max(self.step, 0)), ""]
        counts = {"ok": 0, "fail": 0, "skip": 0}
        for case in CASES:
            status, case_lines = self.judge(case)
            counts[status] += 1
            lines += case_lines
        ran, failed, skipped = (
            counts["ok"] + counts["fail"],
            counts["fail"],
            counts["skip"],
        )
        lines.append("")
        if ran == 0:
            lines.append(w("summary_none"))
        elif failed:
            lines.append(w("summary_fail", failed=failed, ran=ran, skipped=skipped))
        else:
            lines.append(w("summary_ok", ran=ran, skipped=skipped))
        return lines, 1 if failed or ran == 0 else 0

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
        result = self.results[case.name]
        if passes(result, case):
            return "ok", [self.line("ok", title)]
        sign = not_yet(case, result, w)
        if sign is not None and case.step > self.step:
            why = w("later", step=case.step, what=w(f"step{case.step}"), detail=sign)
            return "skip", [self.line("skip", title + w("colon") + why)]
        numbers, error = result
        labels = [w.table.get(label, label) for label, _ in case.expected]
        wanted = [f"{lb} {show(x)}" for lb, (_, x) in zip(labels, case.expected)]
        if numbers is None:
            got = error_line(error)
        else:
            got = ", ".join(f"{lb} {show(x)}" for lb, x in zip(labels, numbers))
        cause = self.cause(case, result)
        if cause in self.told:
            cause = w("cause_again")
        self.told.add(cause)
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
        due = [k for k in by_step if k == 0 or (self.claimed and k <= self.step)]
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
        numbers, error = result
        if isinstance(error, RecursionError):
            return w("cause_recursion")
        found = likely_cause(case, self.V, w)
        if found is not None:
            key, values = found
            return w(key, **values)
        if error is not None:
            return w("cause_error", where=where(error, self.file))
        if not_yet(case, result, w) is not None:
            return w("cause_clear")
        return w("cause_unknown", step=case.step)


# --- importing the reader's file --------------------------------------------


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
    sys.path.insert(
        0, os.path.dirname(os.path.abspath(file))
    )  # so it can import its neighbours
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            spec.loader.exec_module(module)
    except SyntaxError as error:
        text = f"SyntaxError: {error.msg} ({name}, line {error.lineno})"
        raise CannotCheck(words("cannot_import", file=name, error=text)) from None
    except BaseException as error:  # noqa: B036  (SystemExit, KeyboardInterrupt too)
        text = f"{error_line(error)} ({where(error, file)})"
        raise CannotCheck(words("cannot_import", file=name, error=text)) from None
    value = getattr(module, "Value", None)
    if value is None:
        raise CannotCheck(words("no_value", file=name))
    if not isinstance(value, type):
        raise CannotCheck(words("not_a_class", file=name))
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Check the file named on the command line; return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    first = argparse.ArgumentParser(add_help=False)
    first.add_argument("--lang", choices=sorted(STRINGS))
    language = first.parse_known_args(argv)[0].lang or language_from_environment(
        os.environ
    )
    words = Words(language)
    parser = argparse.ArgumentParser(prog="check_engine.py", description=words("usage"))
    parser.add_argument("file", help=words("help_file"))
    parser.add_argument(
        "--step", type=int, choices=range(LAST_STEP + 1), help=words("help_step")
    )
    parser.add_argument("--lang", choices=sorted(STRINGS), help=words("help_lang"))
    args = parser.parse_args(argv)
    try:
        V = load_value(args.file, words)
    except CannotCheck as problem:
        print(f"check_engine.py: {problem}", file=sys.stderr)
        return 2
    lines, status = Checker(V, args.file, words, args.step).report()
    print("\n".join(lines))
    return status


if __name__ == "__main__":
    sys.exit(main())
