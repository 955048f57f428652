"""Comparisons and argmax have no derivative: tensorgrad keeps them out of the graph.

Each operation of ``TENSOR_WITHOUT_DERIVATIVE`` (tests/engine/operations.py) gives
NumPy's booleans or integers (and PyTorch's, where it is installed), never
requires a gradient and records no graph, whatever its inputs require; a
backward pass that would have to go through one is refused with a message
that names it; a comparison used as a mask is a constant, as in PyTorch.
"""

from __future__ import annotations

import numpy as np
import pytest
from operations import TENSOR_WITHOUT_DERIVATIVE

from helpers import need
from tensorgrad import Tensor

RNG = np.random.default_rng(7)
A, B = RNG.normal(size=(4, 3)), RNG.normal(size=(4, 3))
B[1, 2] = A[1, 2]  # one pair equal, so that == and <= see a tie


@pytest.mark.parametrize("name", list(TENSOR_WITHOUT_DERIVATIVE))
def test_the_result_is_numpys_and_requires_no_gradient(name: str) -> None:
    function, ours, numpys = TENSOR_WITHOUT_DERIVATIVE[name]
    a, b = Tensor(A, requires_grad=True), Tensor(B, requires_grad=True)
    result = ours(a, b)
    expected = numpys(A, B)
    assert result.data.dtype == expected.dtype and result.data.dtype.kind in "bi"
    np.testing.assert_array_equal(result.data, expected)
    assert result.requires_grad is False and result.grad is None
    assert result.ctx is None and result.parents == ()
    assert function in result.cut


@pytest.mark.parametrize("name", list(TENSOR_WITHOUT_DERIVATIVE))
def test_it_agrees_with_pytorch(name: str) -> None:
    torch = need("torch")
    _, ours, _ = TENSOR_WITHOUT_DERIVATIVE[name]
    theirs = ours(
        torch.tensor(A, requires_grad=True), torch.tensor(B, requires_grad=True)
    )
    assert theirs.requires_grad is False
    mine = ours(Tensor(A, requires_grad=True), Tensor(B, requires_grad=True))
    np.testing.assert_array_equal(mine.data, theirs.numpy())


def test_a_backward_pass_through_a_comparison_is_refused_by_name() -> None:
    a = Tensor(A, requires_grad=True)
    with pytest.raises(ValueError, match=r"this loss comes from Less \(<\), which has"):
        (a > 0.0).mean().backward()
    with pytest.raises(ValueError, match=r"comes from ArgMax \(argmax\)"):
        (a.argmax(axis=1) * 2.0).sum().backward()


def test_a_comparison_used_as_a_mask_is_a_constant() -> None:
    a = Tensor(A, requires_grad=True)
    ((a > 0.0) * a).sum().backward()
    np.testing.assert_array_equal(a.grad, (A > 0.0).astype(float))


def test_an_accuracy_is_argmax_and_a_comparison() -> None:
    scores = Tensor([[0.1, 0.7, 0.2], [0.9, 0.05, 0.05], [0.2, 0.3, 0.5]])
    right = scores.argmax(axis=1) == Tensor([1, 2, 2])
    assert right.data.tolist() == [True, False, True]
    assert round(right.mean().item(), 4) == 0.6667


def test_a_tensor_stays_a_key_and_tells_its_truth_only_for_one_element() -> None:
    a = Tensor(A)
    assert a in {a} and len({a, Tensor(A)}) == 2  # == compares elementwise
    assert bool(Tensor([3.0]) > 2.0) is True
    with pytest.raises(ValueError, match=r"the truth of a tensor of shape \(4, 3\)"):
        bool(a > 0.0)
    with pytest.raises(ValueError, match=r"argmax\(\) of no numbers"):
        Tensor([]).argmax()


@pytest.mark.parametrize(
    "index, error, words",
    [
        (1.5, TypeError, "integers, slices and arrays of integers, got float: 1.5"),
        ([0.5, 1.0], TypeError, "got list: [0.5, 1.0]"),
        (True, TypeError, "got bool: True"),
        ((0, 0, 0), IndexError, "too many indices for shape (4, 3)"),
        ((9, 0), IndexError, "for shape (4, 3): index 9 is out of bounds for axis 0"),
        ((0, [0, 5]), IndexError, "index 5 is out of bounds"),
    ],
)
def test_a_bad_index_is_named(index: object, error: type, words: str) -> None:
    with pytest.raises(error) as caught:
        Tensor(A, requires_grad=True)[index]
    assert words in str(caught.value)


def test_an_index_repeated_adds_its_gradients() -> None:
    x = Tensor([1.0, 2.0, 3.0], requires_grad=True)
    x[[0, 0, 2, 0]].sum().backward()
    assert x.grad.tolist() == [3.0, 0.0, 1.0]
    picked = Tensor([[0.1, 0.7], [0.9, 0.05]]).argmax(axis=1)  # argmax picks
    y = Tensor([5.0, 6.0], requires_grad=True)
    y[picked].sum().backward()
    assert y.grad.tolist() == [1.0, 1.0]
