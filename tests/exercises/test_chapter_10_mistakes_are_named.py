"""Promise 5, chapter 10: the wrong operations learners write get their likely cause.

Each wrong answer (below) is written as a learner
writes it, not as the check's own ``like=``; check("10.N") must name its
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


class MulSwapped(Function):
    CAUSE = "swapped"

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved
        return grad * a, grad * b  # each input scaled by itself


class MulLikeAdd(Function):
    CAUSE = "local"

    @staticmethod
    def forward(ctx, a, b):
        return a * b

    @staticmethod
    def backward(ctx, grad):
        return grad, grad  # Add's backward, copied


class MulWithoutGrad(Function):
    CAUSE = "grad"

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved
        return b, a  # the local derivatives alone


class MulBare(Function):
    CAUSE = "bare"

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved
        return grad * b  # b's gradient forgotten, and no tuple


class MatMulNoTranspose(Function):
    CAUSE = "transpose"

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a @ b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved
        return grad @ b, a.T @ grad


class MatMulOrder(Function):
    CAUSE = "order"

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a @ b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved
        return b.T @ grad, grad @ a.T


class MatMulSwapped(Function):
    CAUSE = "swapped"

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a @ b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved
        return a.T @ grad, grad @ b.T  # right products, wrong inputs


class MatMulElementwise(Function):
    CAUSE = "elementwise"

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a @ b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved
        return grad * b, grad * a  # Mul's rule


class SumNoKeepdims(Function):
    CAUSE = "keepdims"

    @staticmethod
    def forward(ctx, x, axis=None):
        ctx.shape, ctx.axis = x.shape, axis
        return x.sum(axis=axis)

    @staticmethod
    def backward(ctx, grad):
        return (np.broadcast_to(grad, ctx.shape),)  # fine for axis=0 only


class SumUnchanged(Function):
    CAUSE = "broadcast"

    @staticmethod
    def forward(ctx, x, axis=None):
        return x.sum(axis=axis)

    @staticmethod
    def backward(ctx, grad):
        return (grad,)


class SumOnes(Function):
    CAUSE = "grad"

    @staticmethod
    def forward(ctx, x, axis=None):
        ctx.shape = x.shape
        return x.sum(axis=axis)

    @staticmethod
    def backward(ctx, grad):
        return (np.ones(ctx.shape),)  # a sum's local derivatives, without grad


class SumBare(Function):
    CAUSE = "bare"

    @staticmethod
    def forward(ctx, x, axis=None):
        ctx.shape, ctx.axis = x.shape, axis
        return x.sum(axis=axis)

    @staticmethod
    def backward(ctx, grad):
        if ctx.axis is not None:
            grad = np.expand_dims(grad, ctx.axis)
        return np.broadcast_to(grad, ctx.shape)


class IndexAssign(Function):
    CAUSE = "assign"

    @staticmethod
    def forward(ctx, x, index=()):
        ctx.shape, ctx.index = x.shape, index
        return x[index]

    @staticmethod
    def backward(ctx, grad):
        full = np.zeros(ctx.shape)
        full[ctx.index] = grad  # the last share wins
        return (full,)


class IndexUnscattered(Function):
    CAUSE = "scatter"

    @staticmethod
    def forward(ctx, x, index=()):
        return x[index]

    @staticmethod
    def backward(ctx, grad):
        return (grad,)


class IndexOnes(Function):
    CAUSE = "grad"

    @staticmethod
    def forward(ctx, x, index=()):
        ctx.shape, ctx.index = x.shape, index
        return x[index]

    @staticmethod
    def backward(ctx, grad):
        full = np.zeros(ctx.shape)
        np.add.at(full, ctx.index, 1.0)
        return (full,)


class IndexBare(Function):
    CAUSE = "bare"

    @staticmethod
    def forward(ctx, x, index=()):
        ctx.shape, ctx.index = x.shape, index
        return x[index]

    @staticmethod
    def backward(ctx, grad):
        full = np.zeros(ctx.shape)
        np.add.at(full, ctx.index, grad)
        return full


# exercise number, the operation's name in the chapter, the wrong answers
WRONG = {
    "10.2": ("Mul", [MulSwapped, MulLikeAdd, MulWithoutGrad, MulBare]),
    "10.3": (
        "MatMul",
        [MatMulNoTranspose, MatMulOrder, MatMulSwapped, MatMulElementwise],
    ),
    "10.4": ("Sum", [SumNoKeepdims, SumUnchanged, SumOnes, SumBare]),
    "10.5": ("Index", [IndexAssign, IndexUnscattered, IndexOnes, IndexBare]),
}

CASES = [
    (number, name, wrong)
    for number, (name, answers) in WRONG.items()
    if number.startswith("10.")
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
