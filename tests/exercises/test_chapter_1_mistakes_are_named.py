"""Promise 5, chapter 1: wrong answers learners give get their likely cause.

Each answer here is written as a learner writes it (not the check's own
``like=``), and judged by the file a reader downloads.
"""

from __future__ import annotations

import pytest

from book.exercises import assemble

CHECKER = assemble.load()


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
