"""Promise 2 of CONTRIBUTING.md: the engine the reader builds in chapter 5 and `src/tinygrad.py` agree.

Chapter 5 has the reader type a first `Value` and grow it in numbered steps.
Each step's code is a ```python fence right after a MyST comment
``% reader-engine: step N``: step 0 is the class, and each later step defines
functions and attaches them to it (``Value.tanh = tanh``), as the reader does
at the prompt. The whole engine in one class follows
``% reader-engine: complete``: the page includes it from ``src/engine_book.py``,
the file chapter 5 offers for download and chapter 6 imports (as ``engine``). This test takes
the steps' fences from the page and runs them as the reader pastes them (in
order, in one namespace), runs the file on its own, and checks that every
engine gives the same values and gradients as the real file on every example
of the chapter that its step supports. A difference beyond rounding (an ``=``
for a ``+=``, a wrong local derivative, a lost edge) fails. The file's
methods must be, statement for statement, the steps' last versions of them.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable

import pytest

import tinygrad
from helpers import (
    READER_BLOCKS,
    READER_STEPS,
    chapter,
    complete_engine,
    engine_after_step,
)

PAGE = chapter("engine")


# --- the chapter's examples -----------------------------------------------------
# Each builds a graph with the engine class V it is given and returns the output
# and the values whose gradients we compare, after one backward pass.

Example = Callable[[type], tuple[object, list[object]]]


def q_of_a(V: type):  # chapter 4: q = a*a + a at 3, gradient 7
    a = V(3)
    q = a * a + a
    q.backward()
    return q, [a]


def micrograd_L(V: type):  # chapter 4: L = (a*b + c) * f, -8 and 6, -4, -2, 4
    a, b, c, f = V(2), V(-3), V(10), V(-2)
    t = a * b
    L = (t + c) * f
    L.backward()
    return L, [a, b, c, f, t]


def a_times_a(V: type):  # one node, two edges
    a = V(3)
    square = a * a
    square.backward()
    return square, [a]


def shared_sum(V: type):  # c = (a + a) + (a + a): four paths
    a = V(3)
    b = a + a
    c = b + b
    c.backward()
    return c, [a, b]


def chapter_2_loss(V: type):  # 9.0, -12.0, -6.0
    w, b = V(1), V(0)
    loss = (w * 2 + b - 5) ** 2
    loss.backward()
    return loss, [w, b]


def difference_of_squares(V: type):  # (a + b)(a - b), and a negation, a cube
    a, b = V(3), V(2)
    out = (a + b) * (a - b) + (-a) ** 3
    out.backward()
    return out, [a, b]


def tanh_neuron(V: type):  # chapter 3's neuron: o = 0.7071
    x1, x2 = V(2), V(0)
    w1, w2 = V(-3), V(1)
    b = V(6.8813735870195432)
    o = (x1 * w1 + x2 * w2 + b).tanh()
    o.backward()
    return o, [x1, w1, x2, w2, b]


def division(V: type):  # 0.75, 0.25, -0.1875
    x, y = V(3), V(4)
    ratio = x / y
    ratio.backward()
    return ratio, [x, y]


def reflected(V: type):  # 2 * w, 1 - w, 6 / w, 3 + w, sum(...)
    w = V(3)
    out = 2 * w + (1 - w) * (6 / w) + (3 + w) + sum([w, w, w]) + w / 2 - 1
    out.backward()
    return out, [w]


def repeated_backward(V: type):  # backward() twice gives the same gradients
    a = V(3)
    q = a * a + a
    q.backward()
    q.backward()
    return q, [a]


def two_losses(V: type):  # a second loss replaces the first one's gradient
    w = V(1)
    loss = (w * 2 - 5) ** 2
    loss.backward()
    other = (w * 3) ** 2
    other.backward()
    return other, [w]


def long_chain(V: type):  # deeper than the recursion limit: 49995000
    w = V(0.5)
    total = sum(w * k for k in range(10_000))
    total.backward()
    return total, [w]


# (first step whose engine has every operation the example uses, example)
EXAMPLES: list[tuple[int, Example]] = [
    (0, q_of_a),
    (0, micrograd_L),
    (0, a_times_a),
    (0, shared_sum),
    (1, chapter_2_loss),
    (1, difference_of_squares),
    (2, tanh_neuron),
    (3, division),
    (3, reflected),
    (4, repeated_backward),
    (4, two_losses),
    (5, long_chain),
]


def numbers(example: Example, V: type) -> list[float]:
    output, values = example(V)
    return [output.data, output.grad] + [v.grad for v in values]


def assert_same(mine: list[float], real: list[float], what: str) -> None:
    assert len(mine) == len(real)
    for i, (x, y) in enumerate(zip(mine, real)):
        assert math.isclose(x, y, rel_tol=1e-12, abs_tol=1e-12), (
            f"{what}: number {i} is {x!r} in the reader's engine, {y!r} in tinygrad.py"
        )


CASES = [
    pytest.param(step, example, id=f"step{step}-{example.__name__}")
    for step in range(READER_STEPS)
    for first, example in EXAMPLES
    if first <= step
]


@pytest.mark.parametrize("step, example", CASES)
def test_each_step_agrees_with_tinygrad(step: int, example: Example) -> None:
    V = engine_after_step(step)
    assert_same(
        numbers(example, V),
        numbers(example, tinygrad.Value),
        f"step {step}, {example.__name__}",
    )


@pytest.mark.parametrize("example", [e for _, e in EXAMPLES], ids=lambda e: e.__name__)
def test_the_complete_engine_agrees_with_tinygrad(example: Example) -> None:
    assert_same(
        numbers(example, complete_engine()),
        numbers(example, tinygrad.Value),
        example.__name__,
    )


def test_the_chapter_numbers() -> None:
    """The numbers the chapter promises, from the reader's last engine."""
    V = engine_after_step(READER_STEPS - 1)
    assert numbers(q_of_a, V) == [12.0, 1.0, 7.0]
    assert numbers(micrograd_L, V) == [-8.0, 1.0, 6.0, -4.0, -2.0, 4.0, -2.0]
    assert numbers(chapter_2_loss, V) == [9.0, 1.0, -12.0, -6.0]
    o = numbers(tanh_neuron, V)
    assert round(o[0], 4) == 0.7071 and [round(g, 4) for g in o[2:]] == [
        -1.5,
        1.0,
        0.5,
        0.0,
        0.5,
    ]
    assert numbers(division, V) == [0.75, 1.0, 0.25, -0.1875]
    assert numbers(long_chain, V)[2] == 49995000.0


def test_the_page_marks_every_step_and_the_complete_engine() -> None:
    assert sorted(READER_BLOCKS) == sorted(
        [f"step {k}" for k in range(READER_STEPS)] + ["complete"]
    )
    assert READER_BLOCKS["step 0"].startswith("class Value:")
    for k in range(1, READER_STEPS):
        step = ast.parse(READER_BLOCKS[f"step {k}"])
        defined = [n.name for n in step.body if isinstance(n, ast.FunctionDef)]
        assert defined and "class " not in READER_BLOCKS[f"step {k}"]
        assert attached(step) == set(defined), f"step {k} attaches what it defines"


def test_the_first_engine_has_at_most_30_lines() -> None:
    assert len(READER_BLOCKS["step 0"].splitlines()) <= 30


def attached(module: ast.Module) -> set[str]:
    """The names a step attaches to the class: ``Value.name = name``."""
    return {
        node.targets[0].attr
        for node in module.body
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Attribute)
        and isinstance(node.targets[0].value, ast.Name)
        and node.targets[0].value.id == "Value"
        and isinstance(node.value, ast.Name)
        and node.value.id == node.targets[0].attr
    }


def methods_of(code: str) -> dict[str, str]:
    """{name: its statements}, for every method in ``code``; a later one wins.

    A method is a function in a class body, or a function the code attaches
    to ``Value``. The statements are compared without the docstring, so
    comments, docstrings and layout may differ, and nothing else.
    """
    module = ast.parse(code)
    functions = [
        method
        for node in module.body
        if isinstance(node, ast.ClassDef)
        for method in node.body
        if isinstance(method, ast.FunctionDef)
    ]
    functions += [
        node
        for node in module.body
        if isinstance(node, ast.FunctionDef) and node.name in attached(module)
    ]
    methods = {}
    for method in functions:
        body = method.body
        if ast.get_docstring(method) is not None:
            body = body[1:]
        methods[method.name] = ast.dump(method.args) + "".join(
            ast.dump(statement) for statement in body
        )
    return methods


def test_the_complete_engine_is_the_steps_last_methods() -> None:
    """engine_book.py is the steps put together: each method as the last step that wrote it."""
    stepped: dict[str, str] = {}
    for k in range(READER_STEPS):
        stepped.update(methods_of(READER_BLOCKS[f"step {k}"]))
    complete = methods_of(READER_BLOCKS["complete"])
    assert sorted(complete) == sorted(stepped)
    assert [n for n in complete if complete[n] != stepped[n]] == []


@pytest.mark.parametrize(
    "step",
    [*range(READER_STEPS), None],
    ids=lambda s: "complete" if s is None else f"step {s}",
)
def test_every_engine_shows_a_value_as_tinygrad_does(step: int | None) -> None:
    """From step 0 on, `a` at the prompt shows Value(data=3.0, grad=7.0), as the book prints."""
    V = complete_engine() if step is None else engine_after_step(step)
    shown = []
    for cls in (V, tinygrad.Value):
        a = cls(3)
        (a * a + a).backward()
        shown.append(repr(a))
    assert shown == ["Value(data=3.0, grad=7.0)"] * 2


def test_the_recursive_steps_fail_on_the_long_chain() -> None:
    """What step 5 is for: the page shows step 4 failing with RecursionError."""
    with pytest.raises(RecursionError):
        long_chain(engine_after_step(4))


# --- the check itself catches what it should -----------------------------------


@pytest.mark.parametrize(
    "step, wrong, right",
    [
        (
            5,
            "parent.grad = node.grad * local_derivative",
            "parent.grad += node.grad * local_derivative",
        ),
        (
            0,
            "((self, other.data), (other, other.data))",
            "((self, other.data), (other, self.data))",
        ),
        (
            3,
            "(other, self.data / other.data ** 2)",
            "(other, -self.data / other.data ** 2)",
        ),
        (2, "((self, 1 - o),)", "((self, 1 - o * o),)"),
    ],
)
def test_a_broken_step_is_caught(step: int, wrong: str, right: str) -> None:
    blocks = dict(READER_BLOCKS)
    assert right in blocks[f"step {step}"]
    blocks[f"step {step}"] = blocks[f"step {step}"].replace(right, wrong)
    V = engine_after_step(READER_STEPS - 1, blocks)
    failures = 0
    for _, example in EXAMPLES:
        try:
            assert_same(
                numbers(example, V), numbers(example, tinygrad.Value), example.__name__
            )
        except AssertionError:
            failures += 1
    assert failures > 0
