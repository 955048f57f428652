"""Promise 5, chapter 11: the wrong operations learners write get their likely cause.

Each wrong answer (below) is written as a learner
writes it, not as the check's own ``like=``; check("11.N") must name its
cause, and check_tensors, on its random shapes, must refuse it and name the
same cause or say the check knows none.
"""

from __future__ import annotations

import numpy as np
import pytest

import check_tensors
from book.exercises import assemble
from tensorgrad import Function

CHECKER = assemble.load()


class SoftmaxCrossEntropy(Function):
    """The chapter's forward; each subclass below writes backward wrong."""

    @staticmethod
    def forward(ctx, logits, targets):
        n = len(logits)
        shifted = logits - logits.max(axis=1, keepdims=True)
        log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
        ctx.save_for_backward(np.exp(log_probs), targets)
        return -log_probs[np.arange(n), targets].mean()


def minus_onehot(probs, targets):
    onehot = np.zeros_like(probs)
    onehot[np.arange(len(probs)), targets.astype(int)] = 1.0
    return probs - onehot


class SoftmaxNoMean(SoftmaxCrossEntropy):
    CAUSE = "mean"

    @staticmethod
    def backward(ctx, grad):
        probs, targets = ctx.saved
        return (grad * minus_onehot(probs, targets),)


class SoftmaxNoGrad(SoftmaxCrossEntropy):
    CAUSE = "grad"

    @staticmethod
    def backward(ctx, grad):
        probs, targets = ctx.saved
        return (minus_onehot(probs, targets) / len(probs),)


class SoftmaxSign(SoftmaxCrossEntropy):
    CAUSE = "sign"

    @staticmethod
    def backward(ctx, grad):
        probs, targets = ctx.saved
        onehot = np.zeros_like(probs)
        onehot[np.arange(len(probs)), targets.astype(int)] = 1.0
        return (grad * (onehot - probs) / len(probs),)


class SoftmaxBare(SoftmaxCrossEntropy):
    CAUSE = "bare"

    @staticmethod
    def backward(ctx, grad):
        probs, targets = ctx.saved
        return grad * minus_onehot(probs, targets) / len(probs)


WRONG = {
    "11.1": (
        "SoftmaxCrossEntropy",
        [SoftmaxNoMean, SoftmaxNoGrad, SoftmaxSign, SoftmaxBare],
    ),
}

CASES = [
    (number, name, wrong)
    for number, (name, answers) in WRONG.items()
    if number.startswith("11.")
    for wrong in answers
]


@pytest.mark.parametrize(
    ("number", "name", "wrong"), CASES, ids=[w.__name__ for _, _, w in CASES]
)
def test_check_names_the_cause(number: str, name: str, wrong: type) -> None:
    verdict = CHECKER.judge(number, wrong, "en")
    assert not verdict.right and verdict.cause == wrong.CAUSE, verdict.text


@pytest.mark.parametrize(
    ("number", "name", "wrong"), CASES, ids=[w.__name__ for _, _, w in CASES]
)
def test_check_tensors_catches_it(number: str, name: str, wrong: type) -> None:
    verdict = check_tensors.judge(wrong, name, "en")
    assert not verdict.right and verdict.text.startswith(f"✗ {name}, "), verdict.text
    assert verdict.cause is not None, verdict.text


def relu_dA_tanh(dH, A):
    return dH * (1 - A**2)  # tanh's rule kept


def relu_dA_without_dH(dH, A):
    return (A > 0).astype(float)


def relu_dA_value(dH, A):
    return dH * np.maximum(A, 0)  # ReLU's value, not its slope


def relu_dA_side(dH, A):
    return dH * (A < 0)


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (relu_dA_tanh, "tanh"),
        (relu_dA_without_dH, "grad"),
        (relu_dA_value, "value"),
        (relu_dA_side, "side"),
    ],
)
def test_exercise_11_2(answer, cause) -> None:
    verdict = CHECKER.judge("11.2", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text
