"""Promise 5, chapter 2: wrong answers learners give get their likely cause.

Each answer here is written as a learner writes it (not the check's own
``like=``), and judged by the file a reader downloads.
"""

from __future__ import annotations

import pytest

from book.exercises import assemble

CHECKER = assemble.load()
X, Y = 2, 5  # the chapter's example


def loss_slope(w):
    return 8 * w - 20


def step_uphill(w, learning_rate):
    return w + learning_rate * loss_slope(w)


def step_without_rate(w, learning_rate):
    return w - loss_slope(w)


def step_on_the_loss(w, learning_rate):
    loss = (X * w - Y) ** 2
    return w - learning_rate * loss


def step_on_the_prediction_gradient(w, learning_rate):
    y_hat = w * X
    return w - learning_rate * 2 * (y_hat - Y)  # x times it forgotten


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (step_uphill, "uphill"),
        (step_without_rate, "no_rate"),
        (step_on_the_loss, "loss"),
        (step_on_the_prediction_gradient, "prediction_gradient"),
    ],
)
def test_exercise_2_1(answer, cause) -> None:
    verdict = CHECKER.judge("2.1", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text


def gradient_of_the_prediction(w):
    y_hat = w * X
    if y_hat > Y:
        return 1
    if y_hat < Y:
        return -1
    return 0


def gradient_with_the_error_turned(w):
    error = Y - w * X  # y - y_hat, its sign kept
    if error > 0:
        return X
    if error < 0:
        return -X
    return 0


def gradient_as_error_over_its_size(w):
    error = w * X - Y
    return X * error / abs(error)


def gradient_with_no_kink(w):
    return X * (1 if w * X - Y >= 0 else -1)


def gradient_of_the_squared_error(w):
    return 2 * (w * X - Y) * X


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (gradient_of_the_prediction, "prediction_gradient"),
        (gradient_with_the_error_turned, "sign"),
        (gradient_as_error_over_its_size, "divided_by_zero"),
        (gradient_with_no_kink, "kink"),
        (gradient_of_the_squared_error, "squared"),
    ],
)
def test_exercise_2_2(answer, cause) -> None:
    verdict = CHECKER.judge("2.2", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (1 / (2 * 3**2), "no_bias"),
        (1 / (2 * (2**2 + 1)), "factor"),  # the chapter's x = 2 kept
        (1 / (2 * (3 + 1)), "x_not_squared"),
    ],
)
def test_exercise_2_3(answer, cause) -> None:
    verdict = CHECKER.judge("2.3", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text
