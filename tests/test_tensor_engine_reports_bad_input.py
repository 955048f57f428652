"""tensorgrad reports bad input clearly, and records a graph only where gradients are wanted."""

from __future__ import annotations

import numpy as np
import pytest

from tensorgrad import Tensor, cross_entropy, unbroadcast


@pytest.mark.parametrize("bad", ["seven", None, True, [True, False], 1 + 2j, {"a": 1}])
def test_tensor_rejects_non_numbers(bad: object) -> None:
    with pytest.raises(TypeError, match=r"Tensor\(\) needs numbers, got") as info:
        Tensor(bad)
    assert type(bad).__name__ in str(info.value)


def test_tensor_rejects_ragged_lists() -> None:
    with pytest.raises(TypeError, match="rectangular"):
        Tensor([[1, 2], [3]])


def test_tensor_keeps_its_own_float64_copy() -> None:
    source = np.array([1, 2, 3])
    tensor = Tensor(source)
    source[0] = 100
    assert tensor.data.dtype == np.float64
    assert tensor.data.tolist() == [1.0, 2.0, 3.0]


def test_matmul_names_the_shapes_that_do_not_fit() -> None:
    with pytest.raises(ValueError, match=r"\(2, 3\) @ \(2, 3\) do not fit: 3 columns, then 2 rows"):
        Tensor(np.ones((2, 3))) @ Tensor(np.ones((2, 3)))
    with pytest.raises(ValueError, match=r"needs two matrices, got \(3,\) @ \(3, 2\)"):
        Tensor(np.ones(3)) @ Tensor(np.ones((3, 2)))


def test_broadcasting_errors_name_the_shapes() -> None:
    with pytest.raises(ValueError, match=r"\(2,3\).*\(4,\)"):
        Tensor(np.ones((2, 3))) + Tensor(np.ones(4))


def test_backward_needs_a_scalar_that_requires_a_gradient() -> None:
    w = Tensor(np.ones((2, 2)), requires_grad=True)
    with pytest.raises(ValueError, match=r"needs a scalar loss of shape \(\); got \(2, 2\)"):
        (w * 2).backward()
    with pytest.raises(ValueError, match="requires_grad=True"):
        Tensor(np.ones(3)).sum().backward()


@pytest.mark.parametrize(
    ("targets", "message"),
    [([0, 1], "3 integer targets"), ([0.0, 1.0, 2.0], "3 integer targets"), ([0, 1, 4], "0 to 3")],
)
def test_cross_entropy_checks_its_targets(targets: list[float], message: str) -> None:
    logits = Tensor(np.zeros((3, 4)), requires_grad=True)
    with pytest.raises(ValueError, match=message):
        cross_entropy(logits, targets)


def test_cross_entropy_needs_a_matrix_of_logits() -> None:
    with pytest.raises(ValueError, match="2-D Tensor of logits"):
        cross_entropy(Tensor(np.zeros(4)), [1])


def test_only_what_requires_a_gradient_is_recorded() -> None:
    data = Tensor(np.ones((2, 3)))
    weights = Tensor(np.ones((3, 1)), requires_grad=True)
    constant = data * 2 + 1
    assert not constant.requires_grad and constant.ctx is None and constant.grad is None
    result = (constant @ weights).sum()
    assert result.requires_grad and result.ctx is not None
    result.backward()
    assert data.grad is None  # data never gets a gradient
    np.testing.assert_array_equal(weights.grad, [[6.0], [6.0], [6.0]])


def test_backward_clears_old_gradients_so_it_can_be_repeated() -> None:
    a = Tensor([3.0], requires_grad=True)
    q = (a * a + a).sum()
    q.backward()
    q.backward()
    np.testing.assert_array_equal(a.grad, [7.0])  # not 14: like tinygrad's backward()


def test_a_long_chain_does_not_hit_the_recursion_limit() -> None:
    x = Tensor([1.0], requires_grad=True)
    y = x
    for _ in range(5000):
        y = y * 1.0 + 0.0
    y.sum().backward()
    np.testing.assert_array_equal(x.grad, [1.0])


@pytest.mark.parametrize(
    ("grad_shape", "shape", "expected"),
    [
        ((4, 3), (4, 3), np.ones((4, 3))),
        ((4, 3), (3,), np.full(3, 4.0)),
        ((4, 3), (1, 3), np.full((1, 3), 4.0)),
        ((4, 3), (4, 1), np.full((4, 1), 3.0)),
        ((4, 3), (), np.array(12.0)),
        ((2, 4, 3), (4, 1), np.full((4, 1), 6.0)),
    ],
)
def test_unbroadcast_sums_back_to_the_input_shape(
    grad_shape: tuple[int, ...], shape: tuple[int, ...], expected: np.ndarray
) -> None:
    result = unbroadcast(np.ones(grad_shape), shape)
    assert result.shape == shape
    np.testing.assert_array_equal(result, expected)
