"""Promise 5, chapter 1: wrong answers learners give get their likely cause.

Each answer here is written as a learner writes it (not the check's own
``like=``), and judged by the file a reader downloads.
"""

from __future__ import annotations

import pytest

from book.exercises import assemble

CHECKER = assemble.load()


def f(x):
    return x * x


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (2 * -3, "exact"),  # the derivative 2x, not the ratio
        ((f(-3) - f(-3 + 0.001)) / 0.001, "order"),
        (f(-3 + 0.001) - f(-3), "undivided"),
        ((f(-3) - f(-3 - 0.001)) / 0.001, "left"),
    ],
)
def test_exercise_1_1(answer, cause) -> None:
    verdict = CHECKER.judge("1.1", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text


def cube_secant_derivative(x, h):
    return 3 * x**2  # the limit, not the secant


def cube_secant_cube_of_sum(x, h):
    return ((x**3 + h**3) - x**3) / h  # (x + h)**3 taken as x**3 + h**3


def cube_secant_undivided(x, h):
    return (x + h) ** 3 - x**3


def cube_secant_last_term(x, h):
    return (3 * x**2 * h + 3 * x * h**2) / h  # the h**3 of the expansion dropped


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (cube_secant_derivative, "derivative"),
        (cube_secant_cube_of_sum, "cube_of_sum"),
        (cube_secant_undivided, "undivided"),
        (cube_secant_last_term, "last_term"),
    ],
)
def test_exercise_1_2(answer, cause) -> None:
    verdict = CHECKER.judge("1.2", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text


def test_exercise_1_3() -> None:
    slope_at_5 = 12
    m = slope_at_5 - 10  # the extra term's slope taken as +m
    verdict = CHECKER.judge("1.3", m, "en")
    assert not verdict.right and verdict.cause == "sign", verdict.text


def k_slope_sign(x):
    return 6 * x + 4  # -4x taken as +4x


def k_slope_power(x):
    return 3 * x - 4  # the 2 of x**2 not brought down


def k_slope_constant(x):
    return 6 * x - 4 + 5  # the constant kept


def k_slope_value(x):
    return 3 * x**2 - 4 * x + 5  # k itself


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (k_slope_sign, "sign"),
        (k_slope_power, "power"),
        (k_slope_constant, "constant"),
        (k_slope_value, "value"),
    ],
)
def test_exercise_1_4(answer, cause) -> None:
    verdict = CHECKER.judge("1.4", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text
