"""Chapter 10's claim about save_for_backward: copies keep the graph's own numbers.

The page steps ``v`` in place before the backward pass of ``(v * v).sum()``
and shows 4, the gradient at v = 2 where the graph was built; it says that
without the copies both saved operands would be the stepped array and the
gradient 1 + 1 = 2. Both numbers are checked here, the second by saving
references instead of copies.
"""

from __future__ import annotations

import numpy as np

from tensorgrad import Function, Tensor


def stepped_square_gradient() -> np.ndarray:
    v = Tensor([2.0], requires_grad=True)
    square = (v * v).sum()
    v.data -= 1.0  # a step, in place, before the backward pass
    square.backward()
    return v.grad


def test_copies_give_the_gradient_where_the_graph_was_built() -> None:
    assert stepped_square_gradient().tolist() == [4.0]


def test_references_would_give_the_gradient_at_the_stepped_value(monkeypatch) -> None:
    def save_references(self: Function, *arrays: np.ndarray) -> None:
        self.saved = arrays

    monkeypatch.setattr(Function, "save_for_backward", save_references)
    assert stepped_square_gradient().tolist() == [2.0]
