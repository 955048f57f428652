"""Promise 5, chapter 8: wrong answers learners give get their likely cause.

Each answer here is written as a learner writes it (not the check's own
``like=``), and judged by the file a reader downloads.
"""

from __future__ import annotations

import math

import pytest

from book.exercises import assemble

CHECKER = assemble.load()


# --- 8.1: one_sided(f, weights, h) ---------------------------------------------------


def one_sided_central(f, weights, h=1e-5):
    grad = []
    for i in range(len(weights)):
        plus = weights.copy()
        minus = weights.copy()
        plus[i] = plus[i] + h
        minus[i] = minus[i] - h
        grad.append((f(plus) - f(minus)) / (2 * h))  # the chapter's, copied
    return grad


def one_sided_base_in_loop(f, weights, h=1e-5):
    grad = []
    for i in range(len(weights)):
        nudged = weights[:]
        nudged[i] += h
        grad.append((f(nudged) - f(weights)) / h)  # f(weights) every time
    return grad


def one_sided_same_list(f, weights, h=1e-5):
    base = f(weights)
    grad = []
    for i, _ in enumerate(weights):
        nudged = weights  # not a copy
        nudged[i] += h
        grad.append((f(nudged) - base) / h)
    return grad


def one_sided_copy_once(f, weights, h=1e-5):
    base = f(weights)
    nudged = list(weights)  # one copy for all the nudges
    grad = []
    for i in range(len(nudged)):
        nudged[i] += h
        grad.append((f(nudged) - base) / h)
    return grad


def one_sided_over_2h(f, weights, h=1e-5):
    base = f(weights)
    return [
        (f([w + h if j == i else w for j, w in enumerate(weights)]) - base) / (2 * h)
        for i in range(len(weights))
    ]


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (one_sided_central, "central"),
        (one_sided_base_in_loop, "base_inside"),
        (one_sided_same_list, "no_copy"),
        (one_sided_copy_once, "one_copy"),
        (one_sided_over_2h, "two_h"),
    ],
)
def test_exercise_8_1(answer, cause) -> None:
    verdict = CHECKER.judge("8.1", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text


# --- 8.3: dual_tanh(u) ----------------------------------------------------------------


class Dual:
    """The chapter's Dual, as far as tanh needs it."""

    def __init__(self, value, rate=0.0):
        self.value = value
        self.rate = rate


def dual_tanh_no_chain(u):
    t = math.tanh(u.value)
    return Dual(t, 1 - t**2)  # u's rate left out


def dual_tanh_of_the_input(u):
    return Dual(math.tanh(u.value), u.rate * (1 - u.value**2))


def dual_tanh_not_squared(u):
    t = math.tanh(u.value)
    return Dual(t, (1 - t) * u.rate)


def dual_tanh_same_rate(u):
    return Dual(math.tanh(u.value), u.rate)


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (dual_tanh_no_chain, "no_chain"),
        (dual_tanh_of_the_input, "input"),
        (dual_tanh_not_squared, "square"),
        (dual_tanh_same_rate, "same_rate"),
    ],
)
def test_exercise_8_3(answer, cause) -> None:
    verdict = CHECKER.judge("8.3", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text
