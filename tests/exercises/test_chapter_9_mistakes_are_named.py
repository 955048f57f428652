"""Promise 5, chapter 9: wrong answers learners give get their likely cause.

Each answer here is written as a learner writes it (not the check's own
``like=``), and judged by the file a reader downloads. Exercise 9.1's answers
build tinygrad's ``Value``, as the page's do; none needs PyTorch.
"""

from __future__ import annotations

import math

import pytest

from book.exercises import assemble
from tinygrad import Value

CHECKER = assemble.load()


def sigmoid_plus(a):
    s = 1 / (1 + math.exp(-a.data))
    return Value(s, ((a, s * (1 + s)),))


def sigmoid_of_the_input(a):
    x = a.data
    return Value(1 / (1 + math.exp(-x)), ((a, x * (1 - x)),))


def sigmoid_like_exp(a):
    s = 1 / (1 + math.exp(-a.data))
    return Value(s, ((a, s),))  # e^x's rule, the result itself


def sigmoid_without_minus(a):
    s = 1 / (1 + math.exp(a.data))
    return Value(s, ((a, s * (1 - s)),))


def sigmoid_composed(a):
    return 1 / (1 + (-a).exp())  # right on a Value, but not one edge


def test_the_solution_builds_tinygrads_value() -> None:
    def sigmoid(a):
        s = 1 / (1 + math.exp(-a.data))
        return Value(s, ((a, s * (1 - s)),))

    assert CHECKER.judge("9.1", sigmoid, "en").right


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (sigmoid_plus, "plus"),
        (sigmoid_of_the_input, "input"),
        (sigmoid_like_exp, "itself"),
        (sigmoid_without_minus, "sign"),
        (sigmoid_composed, "composed"),
    ],
)
def test_exercise_9_1(answer, cause) -> None:
    verdict = CHECKER.judge("9.1", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text


@pytest.mark.parametrize(("answer", "cause"), [(1, "right_slope"), (0.5, "average")])
def test_exercise_9_2(answer, cause) -> None:
    verdict = CHECKER.judge("9.2", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text
