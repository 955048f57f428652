"""tensorgrad refuses what would make a reader's Function silently wrong, naming it.

A backward must return one gradient per input, each of its input's shape or
summable back to it. Before these checks, a one-input Function that returned
a bare array (``return grad * 2`` without the tuple) on a matrix handed row 0
of its gradient to the input, broadcast into every row, and nothing
complained. Now each of these mistakes stops the backward pass with a
message that names the Function.
"""

from __future__ import annotations

import numpy as np
import pytest

from tensorgrad import Function, Tensor


def operation(name: str, backward) -> type:
    """A Function named ``name``: the sum of its inputs forward, ``backward`` back."""

    def forward(ctx, *arrays):
        return sum(arrays)

    return type(
        name,
        (Function,),
        {"forward": staticmethod(forward), "backward": staticmethod(backward)},
    )


def test_a_bare_array_is_refused_where_it_once_filled_every_row_with_row_0() -> None:
    Double = operation("Double", lambda ctx, grad: 2 * grad)  # (2 * grad,) meant
    x = Tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    with pytest.raises(TypeError) as info:
        (Double.apply(x) * np.array([[1.0, 2.0], [3.0, 4.0]])).sum().backward()
    message = str(info.value)
    assert message.startswith("Double.backward returned a bare array of shape (2, 2)")
    assert "(grad_x,)" in message


def test_a_bare_array_is_refused_even_where_its_length_matches_the_inputs() -> None:
    Twice = operation("Twice", lambda ctx, grad: 2 * grad)
    a, b = (
        Tensor([1.0, 2.0], requires_grad=True),
        Tensor([3.0, 4.0], requires_grad=True),
    )
    with pytest.raises(TypeError, match=r"^Twice\.backward returned a bare array"):
        Twice.apply(a, b).sum().backward()


def test_a_wrong_number_of_gradients_is_refused() -> None:
    One = operation("AddOne", lambda ctx, grad: (grad,))
    a, b = Tensor([1.0], requires_grad=True), Tensor([2.0], requires_grad=True)
    with pytest.raises(
        ValueError, match=r"^AddOne\.backward returned 1 gradients for 2 inputs"
    ):
        One.apply(a, b).sum().backward()


def test_a_gradient_that_cannot_be_summed_back_is_refused() -> None:
    # the gradient of x.sum(axis=1), shape (2,), handed back as it came
    Rows = type(
        "RowSums",
        (Function,),
        {
            "forward": staticmethod(lambda ctx, x: x.sum(axis=1)),
            "backward": staticmethod(lambda ctx, grad: (grad,)),
        },
    )
    x = Tensor(np.ones((2, 3)), requires_grad=True)
    with pytest.raises(ValueError) as info:
        Rows.apply(x).sum().backward()
    assert str(info.value) == (
        "RowSums.backward: the gradient of input 0 has shape (2,), which cannot be"
        " summed back to the input's shape (2, 3)"
    )


def test_none_is_refused_only_for_an_input_that_needs_a_gradient() -> None:
    Left = operation("KeepLeft", lambda ctx, grad: (grad, None))
    a = Tensor([1.0, 2.0], requires_grad=True)
    Left.apply(a, Tensor([5.0, 6.0])).sum().backward()  # the constant may get None
    assert a.grad.tolist() == [1.0, 1.0]
    b = Tensor([5.0, 6.0], requires_grad=True)
    with pytest.raises(
        ValueError, match=r"^KeepLeft\.backward returned None for input 1"
    ):
        Left.apply(a, b).sum().backward()


def test_a_broadcast_gradient_is_still_summed_back() -> None:
    a = Tensor(np.ones((4, 3)), requires_grad=True)
    b = Tensor([1.0, 2.0, 3.0], requires_grad=True)
    (a * b).sum().backward()
    assert b.grad.tolist() == [4.0, 4.0, 4.0] and a.grad.shape == (4, 3)
