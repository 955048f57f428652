"""Promise 5, chapter 3: wrong answers learners give get their likely cause.

Each answer here is written as a learner writes it (not the check's own
``like=``), and judged by the file a reader downloads.
"""

from __future__ import annotations

import math

import pytest

from book.exercises import assemble

CHECKER = assemble.load()


def gradients_with_the_error_turned(w, b):
    x, y = 2, 5
    r = y - (w * x + b)  # the error written the other way round
    dL_dr, dr_dy_hat = 2 * r, 1  # ... but its local derivative kept at 1
    return dL_dr * dr_dy_hat * x, dL_dr * dr_dy_hat * 1


def gradients_of_the_prediction(w, b):
    x, y = 2, 5
    r = w * x + b - y
    return 2 * r, 2 * r


def gradients_without_the_two(w, b):
    x, y = 2, 5
    r = w * x + b - y
    return r * x, r


def gradients_with_x_for_both(w, b):
    x, y = 2, 5
    r = w * x + b - y
    return 2 * r * x, 2 * r * x


def gradients_in_the_wrong_order(w, b):
    x, y = 2, 5
    r = w * x + b - y
    return 2 * r, 2 * r * x


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (gradients_with_the_error_turned, "sign"),
        (gradients_of_the_prediction, "prediction_gradient"),
        (gradients_without_the_two, "no_two"),
        (gradients_with_x_for_both, "bias_times_x"),
        (gradients_in_the_wrong_order, "swapped"),
    ],
)
def test_exercise_3_2(answer, cause) -> None:
    verdict = CHECKER.judge("3.2", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text


def neuron_with_tans_plus(x1, x2, w1, w2, b):
    o = math.tanh(x1 * w1 + x2 * w2 + b)
    do_dn = 1 + o**2  # as for tan
    return do_dn * w1, do_dn * x1, do_dn * w2, do_dn * x2, do_dn


def neuron_with_the_slope_at_the_sum(x1, x2, w1, w2, b):
    n = x1 * w1 + x2 * w2 + b
    do_dn = 1 - n**2
    return do_dn * w1, do_dn * x1, do_dn * w2, do_dn * x2, do_dn


def neuron_without_the_square(x1, x2, w1, w2, b):
    o = math.tanh(x1 * w1 + x2 * w2 + b)
    return (1 - o) * w1, (1 - o) * x1, (1 - o) * w2, (1 - o) * x2, 1 - o


def neuron_without_tanh(x1, x2, w1, w2, b):
    return w1, x1, w2, x2, 1


def neuron_with_own_values(x1, x2, w1, w2, b):
    o = math.tanh(x1 * w1 + x2 * w2 + b)
    do_dn = 1 - o**2
    return do_dn * x1, do_dn * w1, do_dn * x2, do_dn * w2, do_dn


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (neuron_with_tans_plus, "tan"),
        (neuron_with_the_slope_at_the_sum, "at_the_sum"),
        (neuron_without_the_square, "not_squared"),
        (neuron_without_tanh, "no_tanh"),
        (neuron_with_own_values, "own_value"),
    ],
)
def test_exercise_3_3(answer, cause) -> None:
    verdict = CHECKER.judge("3.3", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text
