"""Check the backward of your tensor operations against finite differences.

Save this file next to ``tensorgrad.py`` and the file that holds your
operations. Then, in a terminal::

    python check_tensors.py my_operations.py

or in Python (a prompt, a notebook)::

    import check_tensors
    check_tensors.check("my_operations.py")  # every operation the file defines
    check_tensors.check(Mul)  # one Function class

It checks each `Function` subclass named as in the tensors chapter (Add, Sub,
Mul, MatMul, ReLU, Tanh, Exp, Sum, Index, SoftmaxCrossEntropy). On random
shapes and numbers (seeded: every run is the same), a broadcast operand and
repeated indices among them, it runs ``forward``, then ``backward`` with a
random gradient of the result, and compares each input's gradient with central
finite differences of the chapter's forward. On a difference it names the
Function, the case, the input, the expected and the received shape or values,
and the likely cause. It needs NumPy and the standard library. The messages
are in Chinese with ``lang="zh_CN"``, or when the first of ``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set starts with ``zh``; else in
English, said once when the locale asks for a language the file lacks.

>>> import numpy as np
>>> from tensorgrad import Function
>>> class Mul(Function):
...     @staticmethod
...     def forward(ctx, a, b):
...         ctx.save_for_backward(a, b)
...         return a * b
...     @staticmethod
...     def backward(ctx, grad):
...         a, b = ctx.saved
...         return grad * a, grad * b  # each input gets its own operand
...
>>> check(Mul, lang="en")
✗ Mul, a (2, 4) * b (2, 4): the gradient of a
  expected [[0.8895, -3.217, -1.122, -0.1256], [-1.283, -0.8538, -0.43, 0.1518]]
  received [[-4.497, -0.3042, -0.5183, -2.559], [1.486, -0.5058, 3.298, 2.301]]
  Likely cause: the operands swapped: each input's gradient is scaled by the other operand.
False
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

H = 1e-6  # the central difference's step
RTOL, ATOL = 1e-5, 1e-7  # how close a gradient must be to the finite difference


# --- the cases: what each operation is checked on ----------------------------------


class Case(NamedTuple):
    en: str  # "a {0} * b {1}": the shapes of the inputs go into {0}, {1}
    zh: str
    inputs: tuple[str, ...]  # the inputs' names, in the order of forward
    make: Callable[[np.random.Generator, Callable], tuple[list[np.ndarray], dict]]
    reference: Callable[..., np.ndarray]  # the chapter's forward


def sizes(rng: np.random.Generator) -> list[int]:
    """Three different lengths from 2 to 5: no transpose goes unnoticed."""
    return [int(s) for s in rng.permutation([2, 3, 4, 5])[:3]]


def pair(shape_b: Callable[[int, int], tuple[int, ...]]) -> Callable:
    """Two inputs: a of shape (n, m), b of shape_b(n, m)."""

    def make(rng: np.random.Generator, draw: Callable) -> tuple[list, dict]:
        n, m, _ = sizes(rng)
        return [draw((n, m)), draw(shape_b(n, m))], {}

    return make


def one(rng: np.random.Generator, draw: Callable) -> tuple[list, dict]:
    n, m, _ = sizes(rng)
    return [draw((n, m))], {}


def matmul(square: bool) -> Callable:
    def make(rng: np.random.Generator, draw: Callable) -> tuple[list, dict]:
        n, k, m = [3, 3, 3] if square else sizes(rng)
        return [draw((n, k)), draw((k, m))], {}

    return make


def summed(axis: int | None) -> Callable:
    def make(rng: np.random.Generator, draw: Callable) -> tuple[list, dict]:
        n, m, _ = sizes(rng)
        return [draw((n, m))], {"axis": axis}

    return make


def indexed(kind: str) -> Callable:
    """x of shape (n, m), n and m at least 3, and an index that picks one place twice."""

    def make(rng: np.random.Generator, draw: Callable) -> tuple[list, dict]:
        n, m = [int(s) for s in rng.permutation([3, 4, 5])[:2]]
        if kind == "rows":
            index: tuple = (np.array([0, 2, 0]),)
        elif kind == "columns":
            index = (slice(None), np.array([1, 1, 0]))
        else:
            index = (np.array([0, 1, 0]), np.array([2, 0, 2]))
        return [draw((n, m))], {"index": index}

    return make


def with_targets(rng: np.random.Generator, draw: Callable) -> tuple[list, dict]:
    n, classes = 4, 3
    targets = rng.integers(0, classes, n)
    targets[-1] = targets[0]  # two images of one class
    return [draw((n, classes))], {"targets": targets}


def softmax_cross_entropy(logits: np.ndarray, targets: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    return -log_probs[np.arange(len(logits)), targets].mean()


def show_index(index: tuple) -> str:
    parts = [":" if isinstance(p, slice) else str([int(i) for i in p]) for p in index]
    return ", ".join(parts)


def binary(symbol: str, reference: Callable) -> list[Case]:
    """a and b of one shape, then b broadcast over the rows, then over the columns."""
    head = f"a {{0}} {symbol} b {{1}}"
    return [
        Case(head, head, ("a", "b"), pair(lambda n, m: (n, m)), reference),
        Case(
            head + ", b broadcast over the rows",
            head + "，b 沿各行广播",
            ("a", "b"),
            pair(lambda n, m: (m,)),
            reference,
        ),
        Case(
            head + ", b broadcast over the columns",
            head + "，b 沿各列广播",
            ("a", "b"),
            pair(lambda n, m: (n, 1)),
            reference,
        ),
    ]


def unary(en: str, zh: str, reference: Callable) -> list[Case]:
    return [Case(en, zh, ("x",), one, reference)]


def total(x: np.ndarray, axis: int | None = None) -> np.ndarray:
    return x.sum(axis=axis)


def pick(x: np.ndarray, index: tuple = ()) -> np.ndarray:
    return x[index]


CASES: dict[str, list[Case]] = {
    "Add": binary("+", np.add),
    "Sub": binary("-", np.subtract),
    "Mul": binary("*", np.multiply),
    "MatMul": [
        Case("A {0} @ B {1}", "A {0} @ B {1}", ("A", "B"), matmul(False), np.matmul),
        Case(
            "A {0} @ B {1}, square",
            "A {0} @ B {1}，方阵",
            ("A", "B"),
            matmul(True),
            np.matmul,
        ),
    ],
    "ReLU": unary("relu(x), x {0}", "relu(x)，x {0}", lambda x: np.maximum(x, 0.0)),
    "Tanh": unary("tanh(x), x {0}", "tanh(x)，x {0}", np.tanh),
    "Exp": unary("exp(x), x {0}", "exp(x)，x {0}", np.exp),
    "Sum": [
        Case("the sum of x {0}", "x {0} 的总和", ("x",), summed(None), total),
        Case(
            "x {0} summed along axis=0",
            "x {0} 沿 axis=0 求和",
            ("x",),
            summed(0),
            total,
        ),
        Case(
            "x {0} summed along axis=1",
            "x {0} 沿 axis=1 求和",
            ("x",),
            summed(1),
            total,
        ),
    ],
    "Index": [
        Case(
            "x {0}[{index}], row 0 picked twice",
            "x {0}[{index}]，第 0 行取了两次",
            ("x",),
            indexed("rows"),
            pick,
        ),
        Case(
            "x {0}[{index}], column 1 picked twice",
            "x {0}[{index}]，第 1 列取了两次",
            ("x",),
            indexed("columns"),
            pick,
        ),
        Case(
            "x {0}[{index}], the element at (0, 2) picked twice",
            "x {0}[{index}]，位置 (0, 2) 的元素取了两次",
            ("x",),
            indexed("pairs"),
            pick,
        ),
    ],
    "SoftmaxCrossEntropy": [
        Case(
            "logits {0}, targets {targets}",
            "logits {0}，targets {targets}",
            ("logits",),
            with_targets,
            softmax_cross_entropy,
        ),
    ],
}


def describe(case: Case, arrays: list[np.ndarray], options: dict, lang: str) -> str:
    """The case in words, with its shapes: "a (3, 4) * b (4,), b broadcast ..."."""
    shapes = [str(tuple(a.shape)) for a in arrays]
    extra = {}
    if "index" in options:
        extra["index"] = show_index(options["index"])
    if "targets" in options:
        extra["targets"] = str([int(i) for i in options["targets"]])
    return (case.zh if lang == "zh_CN" else case.en).format(*shapes, **extra)


# --- running one case ---------------------------------------------------------------


def draw_floats(rng: np.random.Generator) -> Callable:
    return lambda shape: rng.normal(size=shape)


def draw_integers(rng: np.random.Generator) -> Callable:
    """Small whole numbers: gradients a reader can check by hand."""
    return lambda shape: rng.integers(-3, 4, size=shape).astype(np.float64)


def nonzero_weights(
    rng: np.random.Generator, shape: tuple, integers: bool
) -> np.ndarray:
    """The gradient handed to backward: no element 0, so nothing is hidden."""
    if integers:  # a single number: never 1, which would hide a missing grad *
        magnitude = rng.integers(1 if shape else 2, 4, size=shape)
    else:
        magnitude = rng.uniform(0.5, 2.0, size=shape)
    sign = rng.choice([-1.0, 1.0], size=shape)
    return np.asarray(magnitude * sign, dtype=np.float64)


class Trial(NamedTuple):
    """One case run: the inputs, the gradient of the result, what backward returned."""

    case: Case
    arrays: list[np.ndarray]
    options: dict
    weights: np.ndarray  # the gradient of the result handed to backward
    expected: list[np.ndarray]  # per input, by central differences
    received: list[Any] | None  # per input, as backward returned it
    problem: Problem | None  # what went wrong before the values could be compared


class Problem(NamedTuple):
    key: str  # of WORDS: raised, forward, bare, count, none, shape, values
    input: int | None = None  # which input
    error: BaseException | None = None
    detail: str = ""


class Stand:
    """A stand-in for a parent tensor: a context is made with one per input."""

    requires_grad = True


def new_context(cls: type, count: int) -> Any:
    """A context for ``cls``, made as tensorgrad's Function.apply makes one."""
    try:
        ctx = cls(tuple(Stand() for _ in range(count)))
    except TypeError:
        ctx = object.__new__(cls)
    if not hasattr(ctx, "saved"):
        ctx.saved = ()
    return ctx


def away_from_kinks(name: str, arrays: list[np.ndarray]) -> list[np.ndarray]:
    """ReLU's inputs kept off 0, where its two one-sided slopes differ."""
    if name != "ReLU":
        return arrays
    return [x + np.where(x >= 0, 0.5, -0.5) for x in arrays]


def numerical(
    reference: Callable, arrays: list[np.ndarray], options: dict, weights: np.ndarray
) -> list[np.ndarray]:
    """Central differences of sum(reference(...) * weights), per element of each input."""
    grads = []
    for which, array in enumerate(arrays):
        grad = np.zeros_like(array)
        for place in np.ndindex(array.shape):
            nudged = [a.copy() for a in arrays]
            nudged[which][place] = array[place] + H
            up = np.sum(reference(*nudged, **options) * weights)
            nudged[which][place] = array[place] - H
            down = np.sum(reference(*nudged, **options) * weights)
            grad[place] = (up - down) / (2 * H)
        grads.append(grad)
    return grads


def unbroadcast(grad: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Sum a gradient of the broadcast shape back to ``shape``, as tensorgrad does."""
    while grad.ndim > len(shape):
        grad = grad.sum(axis=0)
    for axis, length in enumerate(shape[len(shape) - grad.ndim :]):
        if length == 1 and grad.shape[axis] != 1:
            grad = grad.sum(axis=axis, keepdims=True)
    return grad


def prepare(name: str, number: int, integers: bool = False) -> Trial:
    """Case ``number`` of operation ``name``: its inputs, the gradient handed to
    backward, and the gradients expected; seeded by the name and the number."""
    case = CASES[name][number]
    rng = np.random.default_rng([sum(map(ord, name)), number, int(integers)])
    draw = draw_integers(rng) if integers else draw_floats(rng)
    arrays, options = case.make(rng, draw)
    arrays = away_from_kinks(name, arrays)
    result = case.reference(*arrays, **options)
    weights = nonzero_weights(rng, np.shape(result), integers)
    expected = numerical(case.reference, arrays, options, weights)
    if integers:
        expected = [np.round(g, 6) + 0.0 for g in expected]  # whole numbers stay whole
    return Trial(case, arrays, options, weights, expected, None, None)


def run(cls: type, name: str, number: int, integers: bool = False) -> Trial:
    """Case ``number`` of operation ``name``, run on the reader's class ``cls``."""
    prepared = prepare(name, number, integers)
    arrays, options, weights = prepared.arrays, prepared.options, prepared.weights
    want = prepared.case.reference(*arrays, **options)

    def trial(received: list | None, problem: Problem | None) -> Trial:
        return prepared._replace(received=received, problem=problem)

    ctx = new_context(cls, len(arrays))
    try:
        result = cls.forward(ctx, *[a.copy() for a in arrays], **options)
    except Exception as error:  # the reader's forward raised
        return trial(None, Problem("raised", error=error, detail="forward"))
    if np.shape(result) != np.shape(want) or not np.allclose(result, want):
        return trial(None, Problem("forward", detail=shown(result, want)))
    try:
        grads = cls.backward(ctx, weights.copy())
    except Exception as error:  # the reader's backward raised
        return trial(None, Problem("raised", error=error, detail="backward"))
    if isinstance(grads, np.ndarray) or not isinstance(grads, tuple | list):
        what = f"{type(grads).__name__} {np.shape(grads)}"
        return trial(None, Problem("bare", detail=what))
    if len(grads) != len(arrays):
        return trial(None, Problem("count", detail=f"{len(grads)}/{len(arrays)}"))
    received = []
    for which, grad in enumerate(grads):
        if grad is None:
            return trial(None, Problem("none", input=which))
        received.append(np.asarray(grad, dtype=np.float64))
    return trial(received, None)


def summed_back(trial: Trial, which: int) -> np.ndarray:
    """Input ``which``'s gradient summed back to its shape when it can be, else as it is."""
    grad = trial.received[which]
    back = unbroadcast(grad, trial.arrays[which].shape)
    return back if back.shape == trial.arrays[which].shape else grad


def close(a: np.ndarray, b: np.ndarray) -> bool:
    return np.shape(a) == np.shape(b) and bool(np.allclose(a, b, rtol=RTOL, atol=ATOL))


def shown(received: Any, expected: Any) -> str:
    """Received and expected, as shapes when they differ, else as values."""
    return f"{fmt(expected)}\n{fmt(received)}"


def fmt(x: Any) -> str:
    """An array as nested lists of 4 significant digits, the middle of long rows cut."""
    x = np.asarray(x, dtype=np.float64)
    if x.ndim == 0:
        return format(float(x) + 0.0, ".4g")
    items = [fmt(item) for item in (x if len(x) <= 6 else [*x[:3], *x[-2:]])]
    if len(x) > 6:
        items.insert(3, "...")
    return "[" + ", ".join(items) + "]"


# --- the likely cause ---------------------------------------------------------------


def alternatives(name: str, trial: Trial, which: int) -> list[tuple[str, np.ndarray]]:
    """What common wrong backwards give for input ``which``: (cause, gradient)."""
    arrays, weights, options = trial.arrays, trial.weights, trial.options
    expected = trial.expected[which]
    found: list[tuple[str, np.ndarray]] = []

    def maybe(key: str, make: Callable[[], Any]) -> None:
        try:
            found.append((key, np.asarray(make(), dtype=np.float64)))
        except Exception:  # this wrong answer does not fit these shapes
            pass

    ones = numerical(trial.case.reference, arrays, options, np.ones_like(weights))
    maybe("grad", lambda: ones[which])
    if name == "Index":
        maybe(
            "assign", lambda: assigned(arrays[which].shape, options["index"], weights)
        )
    if name == "SoftmaxCrossEntropy":
        n = len(arrays[0])
        maybe("mean", lambda: expected * n)
        probs = np.exp(arrays[0] - arrays[0].max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        maybe("onehot", lambda: weights * probs / n)
        maybe("onehot", lambda: weights * probs)
    if name == "MatMul":
        a, b, g = arrays[0], arrays[1], weights
        if which == 0:
            wrong = [lambda: g @ b, lambda: b.T @ g, lambda: b @ g.T]
        else:
            wrong = [lambda: a @ g, lambda: g @ a.T, lambda: g.T @ a]
        for gradient in wrong:
            maybe("transpose", gradient)
    if name == "Mul":
        maybe("local", lambda: unbroadcast(weights, arrays[which].shape))
    if len(arrays) == 2:
        other = trial.expected[1 - which]
        if name != "MatMul":
            maybe("swapped", lambda: weights * arrays[which])
        maybe("swapped", lambda: other)
    maybe("sign", lambda: -expected)
    maybe("transpose", lambda: expected.T)
    return found


def assigned(shape: tuple, index: tuple, grad: np.ndarray) -> np.ndarray:
    """The gradient scattered with = instead of np.add.at: the last share wins."""
    full = np.zeros(shape)
    full[index] = grad
    return full


def likely_cause(name: str, trial: Trial, which: int) -> str | None:
    """The cause of a wrong gradient of input ``which``, if a common one fits."""
    received = trial.received[which]
    back = summed_back(trial, which)
    for key, gradient in alternatives(name, trial, which):
        if close(back, gradient) or close(received, gradient):
            return key
    expected = trial.expected[which]
    if name == "Sum" and received.shape == trial.weights.shape != expected.shape:
        return "broadcast"
    if name == "Index" and received.shape == trial.weights.shape:
        return "scatter"
    if back.shape != expected.shape:
        if name == "Sum" and trial.options.get("axis") is not None:
            return "keepdims"
        if back.shape == expected.shape[::-1] or name == "MatMul":
            return "transpose"
    return None


def cause_of_error(name: str, trial: Trial) -> str | None:
    """The likely cause of an error raised in backward."""
    if trial.problem.detail != "backward":
        return None
    if name == "Sum" and trial.options.get("axis") is not None:
        return "keepdims"
    if name == "MatMul":
        return "transpose"
    return None


# --- the verdict --------------------------------------------------------------------


class Verdict(NamedTuple):
    right: bool
    cause: str | None  # the key of the likely cause, if one is known
    text: str


def judge(cls: type, name: str | None = None, lang: str | None = None) -> Verdict:
    """The verdict on one Function class, without printing it."""
    words = WORDS[lang or language_from_environment(os.environ)]
    name = name or cls.__name__
    if name not in CASES:
        known = ", ".join(CASES)
        return Verdict(False, None, words["unknown"].format(name=name, known=known))
    cases = CASES[name]
    for number in range(len(cases)):
        trial = run(cls, name, number)
        head = words["head"].format(
            name=name,
            case=describe(trial.case, trial.arrays, trial.options, words["lang"]),
        )
        problem = trial.problem
        if problem is not None:
            cause = cause_of_error(name, trial) if problem.key == "raised" else None
            cause = cause or {"bare": "bare", "count": "count", "none": "none"}.get(
                problem.key
            )
            text = head + ": " + problem_words(problem, trial, name, words)
            return Verdict(False, cause, with_cause(text, cause, words))
        for which, input_name in enumerate(trial.case.inputs):
            back = summed_back(trial, which)
            expected = trial.expected[which]
            if close(back, expected):
                continue
            cause = likely_cause(name, trial, which)
            where = words["input"].format(input=input_name)
            if back.shape != expected.shape:
                lines = [
                    words["expected_shape"].format(shape=tuple(expected.shape)),
                    words["received_shape"].format(
                        shape=tuple(trial.received[which].shape)
                    ),
                ]
            else:
                lines = [
                    words["expected"].format(values=fmt(expected)),
                    words["received"].format(values=fmt(back)),
                ]
            text = "\n".join([f"{head}: {where}", *("  " + line for line in lines)])
            return Verdict(False, cause, with_cause(text, cause, words))
    key = "right" if len(cases) > 1 else "right_one"
    return Verdict(True, None, words[key].format(name=name, n=len(cases)))


def problem_words(problem: Problem, trial: Trial, name: str, words: dict) -> str:
    if problem.key == "raised":
        error = problem.error
        message = str(error).splitlines()[0] if str(error) else ""
        text = f"{type(error).__name__}: {message}" if message else type(error).__name__
        return words["raised"].format(method=problem.detail, error=text)
    if problem.key == "forward":
        expected, received = problem.detail.split("\n")
        return words["forward"].format(expected=expected, received=received)
    if problem.key == "bare":
        return words["bare_words"].format(name=name)
    if problem.key == "count":
        got, inputs = problem.detail.split("/")
        return words["count_words"].format(name=name, got=got, inputs=inputs)
    return words["none_words"].format(name=name, input=trial.case.inputs[problem.input])


def with_cause(text: str, cause: str | None, words: dict) -> str:
    if cause is None:
        return text + "\n  " + words["no_cause"]
    return text + "\n  " + words["cause"].format(cause=CAUSES[cause][words["lang"]])


# --- checking a file, a module or a class -------------------------------------------


def functions_in(module: Any) -> list[type]:
    """The Function subclasses a module defines itself, in the order it defines them."""
    found = []
    for value in vars(module).values():
        if (
            isinstance(value, type)
            and value.__module__ == module.__name__
            and value.__name__ != "Function"
            and any(base.__name__ == "Function" for base in value.__mro__[1:])
        ):
            found.append(value)
    return found


def load(path: str | os.PathLike) -> Any:
    """The file at ``path`` as a module; its folder first on the path, for its imports."""
    path = Path(path).resolve()
    sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location(f"checked_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check(target: Any, name: str | None = None, lang: str | None = None) -> bool:
    """Print the verdict on a Function class, or on every one a file or module defines.

    ``target``: a class (``name`` if its name is not the chapter's), a module,
    or the path of a file. True when every operation checked is right.
    """
    lang, missing = (lang, "") if lang else languages_asked(os.environ)
    if missing and missing not in _told:  # once: the messages are in English
        _told.add(missing)
        print(
            WORDS["en"]["no_language"].format(language=missing, known=", ".join(WORDS))
        )
    words = WORDS[lang]
    if isinstance(target, type):
        verdict = judge(target, name, lang)
        print(verdict.text)
        return verdict.right
    module = load(target) if isinstance(target, str | os.PathLike) else target
    classes = functions_in(module)
    classes = [c for c in classes if getattr(c, "differentiable", True)]  # not argmax
    known = [c for c in classes if c.__name__ in CASES]
    others = [c.__name__ for c in classes if c.__name__ not in CASES]
    if not known:
        print(words["none_found"].format(where=target, known=", ".join(CASES)))
        return False
    verdicts = [judge(c, None, lang) for c in known]
    for verdict in verdicts:
        print(verdict.text)
    if others:
        print(words["others"].format(names=", ".join(others)))
    return all(v.right for v in verdicts)


_told: set[str] = set()  # the languages asked for that check() said it lacks


# --- for check("10.N"): the same cases, on small whole numbers ----------------------


def exercise_cases(name: str, raised: Callable[[BaseException], Any] = None) -> list:
    """(en, zh, want, run) for each case and input of ``name``, on whole numbers.

    ``run(cls)`` gives what ``cls.backward`` returns for that input (summed back
    to its shape when it can be); a problem that stops the check is handed to
    ``raised`` as an error (check_exercises's Raised), in words.
    """
    cases = []
    for number, case in enumerate(CASES[name]):
        reference = prepare(name, number, integers=True)
        for which, input_name in enumerate(case.inputs):
            texts = []
            for lang in ("en", "zh_CN"):
                words = WORDS[lang]
                inside = describe(case, reference.arrays, reference.options, lang)
                texts.append(words["case"].format(input=input_name, case=inside))
            want = reference.expected[which].tolist()
            cases.append((*texts, want, received(name, number, which, raised)))
    return cases


def cause(key: str) -> tuple[str, str]:
    """A cause's words, English and Chinese, for a check's mistake()."""
    return CAUSES[key]["en"], CAUSES[key]["zh_CN"]


def variant(name: str, backward: Callable) -> type:
    """Operation ``name`` with the chapter's forward and the given ``backward``:
    a wrong answer, for a check to recognise. Its forward saves the inputs
    (``ctx.saved``) and keeps the options (``ctx.options``)."""

    def forward(ctx: Any, *arrays: np.ndarray, **options: Any) -> np.ndarray:
        ctx.saved, ctx.options = arrays, options
        return CASES[name][0].reference(*arrays, **options)

    return type(
        name, (), {"forward": staticmethod(forward), "backward": staticmethod(backward)}
    )


def received(name: str, number: int, which: int, raised: Callable) -> Callable:
    def gradient(cls: type) -> Any:
        trial = run(cls, name, number, integers=True)
        if trial.problem is None:
            return np.round(summed_back(trial, which), 6) + 0.0  # as expected; no -0
        problem = trial.problem
        if problem.key == "raised" and isinstance(problem.error, NotImplementedError):
            error = problem.error  # still to write: check_exercises says so
        elif problem.key == "raised":
            error = problem.error
            where = reader_line(error, cls)
            message = str(error).splitlines()[0] if str(error) else ""
            try:
                error = type(error)(f"{message}{where}")
            except Exception:  # an error that takes other arguments: keep it
                pass
        else:
            words = WORDS["en"]
            error = TypeError(problem_words(problem, trial, name, words))
        return raised(error) if raised else error

    return gradient


def reader_line(error: BaseException, cls: type) -> str:
    """ " (in backward, line 7: return ...)" for the reader's own line that raised."""
    found = ""
    tb = error.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_name in ("forward", "backward") and code.co_filename != __file__:
            try:
                lines, start = inspect.getsourcelines(code)
                source = lines[tb.tb_lineno - start].strip()
            except (OSError, IndexError):
                source = ""
            found = (
                f" (in {code.co_name}: {source})" if source else f" (in {code.co_name})"
            )
        tb = tb.tb_next
    return found


# --- the words ----------------------------------------------------------------------

CAUSES: dict[str, dict[str, str]] = {
    "bare": {
        "en": "a bare array returned: backward returns one gradient per input, in a"
        " tuple, (grad_x,) with its comma for one input",
        "zh_CN": "返回了一个裸数组：backward 要为每个输入返回一个梯度，放在元组里；"
        "只有一个输入时写 (grad_x,)，别漏了逗号",
    },
    "count": {
        "en": "one gradient per input of forward, in the order of forward's inputs",
        "zh_CN": "forward 有几个输入，就要返回几个梯度，顺序与 forward 的输入一致",
    },
    "none": {
        "en": "None for an input that needs a gradient",
        "zh_CN": "给需要梯度的输入返回了 None",
    },
    "transpose": {
        "en": "a missing transpose, or the operands of @ in the wrong order:"
        " dA = G @ B.T and dB = A.T @ G, as the shapes say",
        "zh_CN": "漏了转置，或者 @ 两边的操作数顺序反了：dA = G @ B.T，dB = A.T @ G，"
        "形状会告诉你",
    },
    "order": {
        "en": "the operands of @ in the wrong order: G comes first for A (G @ B.T)"
        " and last for B (A.T @ G)",
        "zh_CN": "@ 两边的操作数顺序反了：对 A，G 在前（G @ B.T）；对 B，G 在后（A.T @ G）",
    },
    "elementwise": {
        "en": "Mul's elementwise rule copied: a matrix product's gradients are matrix"
        " products too, G @ B.T and A.T @ G",
        "zh_CN": "照抄了 Mul 的逐元素规则：矩阵乘积的梯度也是矩阵乘积，G @ B.T 和 A.T @ G",
    },
    "broadcast": {
        "en": "the gradient returned as it came: a sum's backward hands it to every"
        " element it summed, broadcast to the input's shape",
        "zh_CN": "把梯度原样返回了：求和的 backward 要把它交给参与求和的每个元素，"
        "广播回输入的形状",
    },
    "scatter": {
        "en": "the gradient not scattered back: put each share where its element was"
        " picked from, in zeros of the input's shape",
        "zh_CN": "梯度没有散回去：要在输入形状的全零数组里，把每一份放回它被取出的位置",
    },
    "swapped": {
        "en": "the operands swapped: each input's gradient is scaled by the other operand",
        "zh_CN": "两个操作数弄反了：每个输入的梯度要乘以另一个操作数",
    },
    "local": {
        "en": "Add's backward copied: a product scales the gradient by the other operand",
        "zh_CN": "照抄了 Add 的 backward：乘积要把梯度乘以另一个操作数",
    },
    "grad": {
        "en": "the incoming gradient not multiplied in: backward gets the gradient of"
        " the result, and the chain rule multiplies by it",
        "zh_CN": "没有乘上传进来的梯度：backward 收到的是结果的梯度，链式法则要乘上它",
    },
    "assign": {
        "en": "= where a repeated index must add: scatter with np.add.at(full, index,"
        " grad), so an element picked twice gets both shares",
        "zh_CN": "在重复的索引处用了 =，而这里必须相加：用 np.add.at(full, index, grad)"
        " 散回去，被取了两次的元素才能得到两份梯度",
    },
    "keepdims": {
        "en": "the summed axis not put back: np.expand_dims(grad, axis) (or keepdims)"
        " before broadcasting the gradient to the input's shape",
        "zh_CN": "没有把求和消去的轴放回去：先 np.expand_dims(grad, axis)（或用 keepdims），"
        "再把梯度广播回输入的形状",
    },
    "mean": {
        "en": "the mean's 1/n missing: the loss is a mean over n rows, so each row's"
        " gradient is divided by n",
        "zh_CN": "漏了平均值的 1/n：损失是 n 行的平均，每一行的梯度都要除以 n",
    },
    "onehot": {
        "en": "the one-hot target not subtracted: the gradient is the probabilities"
        " minus 1 at the target",
        "zh_CN": "没有减去独热的目标：梯度是概率减去目标处的 1",
    },
    "sign": {
        "en": "the sign: the gradient has the right size but points the other way",
        "zh_CN": "符号反了：梯度大小对，方向相反",
    },
}

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "lang": "en",
        "head": "✗ {name}, {case}",
        "right": "✓ {name}: right in all {n} cases.",
        "right_one": "✓ {name}: right.",
        "input": "the gradient of {input}",
        "case": "the gradient of {input} in {case}",
        "expected": "expected {values}",
        "received": "received {values}",
        "expected_shape": "expected shape {shape} (the input's)",
        "received_shape": "received shape {shape}, which cannot be summed back to it",
        "raised": "{method} raised {error}",
        "forward": "forward gives the wrong result: expected {expected}, received"
        " {received}",
        "bare_words": "{name}.backward returned a bare array, not one gradient per input",
        "count_words": "{name}.backward returned {got} gradients for {inputs} inputs",
        "none_words": "{name}.backward returned None for {input}",
        "cause": "Likely cause: {cause}.",
        "no_cause": "Likely cause: none this check knows; work one element out by hand.",
        "unknown": "✗ {name}: not an operation of the tensors chapter; its cases are"
        " for {known}. Pass name=... if yours has another name.",
        "none_found": "✗ {where} defines no Function subclass named as in the tensors"
        " chapter ({known}).",
        "others": "Not checked (no cases for these names): {names}.",
        "no_language": "(check_tensors.py has no messages in {language}: they are"
        " in English; its languages: {known}.)",
    },
    "zh_CN": {
        "lang": "zh_CN",
        "head": "✗ {name}，{case}",
        "right": "✓ {name}：全部 {n} 个情形都对。",
        "right_one": "✓ {name}：正确。",
        "input": "{input} 的梯度",
        "case": "{case} 中 {input} 的梯度",
        "expected": "应为 {values}",
        "received": "得到 {values}",
        "expected_shape": "形状应为 {shape}（输入的形状）",
        "received_shape": "得到的形状是 {shape}，无法求和回输入的形状",
        "raised": "{method} 抛出了 {error}",
        "forward": "forward 的结果不对：应为 {expected}，得到 {received}",
        "bare_words": "{name}.backward 返回了一个裸数组，而不是每个输入一个梯度",
        "count_words": "{name}.backward 为 {inputs} 个输入返回了 {got} 个梯度",
        "none_words": "{name}.backward 为 {input} 返回了 None",
        "cause": "可能的原因：{cause}。",
        "no_cause": "可能的原因：不是这个检查认识的错误；请手算一个元素来对照。",
        "unknown": "✗ {name}：不是张量一章里的运算；有检查情形的是 {known}。"
        "如果你的类名不同，请传入 name=...。",
        "none_found": "✗ {where} 里没有按张量一章命名的 Function 子类（{known}）。",
        "others": "没有检查（这些名字没有检查情形）：{names}。",
        "no_language": "（check_tensors.py 没有 {language} 的消息：用英文显示；"
        "它的语言：{known}。）",
    },
}


def language_from_environment(environ: Mapping[str, str]) -> str:
    """zh_CN when the first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set
    names Chinese first, else en (as check_exercises.py decides).

    >>> language_from_environment({"LANG": "zh_CN.UTF-8"})
    'zh_CN'
    """
    return languages_asked(environ)[0]


def languages_asked(environ: Mapping[str, str]) -> tuple[str, str]:
    """(the language of the messages, the first language asked for that WORDS lacks).

    The same rule as check_exercises.py's, written again: each download runs
    alone (tests/engine/test_tensor_operations_are_checked_by_check_tensors.py
    keeps the two the same).

    >>> languages_asked({"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"})
    ('en', 'fr')
    """
    missing = ""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(variable):
            for item in environ[variable].split(":"):
                code = item.split(".")[0].split("@")[0]
                for language in WORDS:
                    if code.split("_")[0] == language.split("_")[0]:
                        return language, missing
                if code not in ("C", "POSIX", ""):
                    missing = missing or code
            break
    return "en", missing


def main(argv: list[str]) -> int:
    """``python check_tensors.py FILE.py``: 0 when every operation is right."""
    if len(argv) != 1:
        print(__doc__.split("\n\n")[1])
        print("    python check_tensors.py my_operations.py")
        return 2
    return 0 if check(argv[0]) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
