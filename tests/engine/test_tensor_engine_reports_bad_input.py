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
    with pytest.raises(
        ValueError, match=r"\(2, 3\) @ \(2, 3\) do not fit: 3 columns, then 2 rows"
    ):
        Tensor(np.ones((2, 3))) @ Tensor(np.ones((2, 3)))
    with pytest.raises(ValueError, match=r"needs two matrices, got \(3,\) @ \(3, 2\)"):
        Tensor(np.ones(3)) @ Tensor(np.ones((3, 2)))


def test_broadcasting_errors_name_the_shapes() -> None:
    with pytest.raises(ValueError, match=r"\(2,3\).*\(4,\)"):
        Tensor(np.ones((2, 3))) + Tensor(np.ones(4))


def test_backward_needs_a_scalar_that_requires_a_gradient() -> None:
    w = Tensor(np.ones((2, 2)), requires_grad=True)
    with pytest.raises(
        ValueError, match=r"needs a scalar loss of shape \(\); got \(2, 2\)"
    ):
        (w * 2).backward()
    with pytest.raises(ValueError, match="requires_grad=True"):
        Tensor(np.ones(3)).sum().backward()


@pytest.mark.parametrize(
    ("targets", "message"),
    [
        ([0, 1], "3 integer targets"),
        ([0.0, 1.0, 2.0], "3 integer targets"),
        ([0, 1, 4], "0 to 3"),
    ],
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


# --- nothing wrong in silence ----------------------------------------------------


def test_a_graph_keeps_its_gradients_when_a_weight_changes_in_place() -> None:
    """A training step between two backward() calls must not leak into the old graph."""
    w = Tensor([1.0, 2.0], requires_grad=True)
    loss = (w * w * Tensor([3.0, 4.0])).sum()
    loss.backward()
    np.testing.assert_array_equal(w.grad, [6.0, 16.0])
    w.data -= 0.1 * w.grad  # in place, as a training step does
    loss.backward()
    np.testing.assert_array_equal(w.grad, [6.0, 16.0])  # the gradient at loss.data = 19
    assert loss.item() == 19.0


def test_every_operation_keeps_its_own_copies() -> None:
    a = Tensor([[1.0, -2.0], [3.0, 0.5]], requires_grad=True)
    b = Tensor([[0.5, 1.0], [-1.0, 2.0]], requires_grad=True)
    labels = np.array([1, 0])
    loss = cross_entropy((a @ b + a * b).tanh().relu() - a, labels)
    loss.backward()
    before = a.grad.copy(), b.grad.copy()
    a.data *= -3.0
    b.data += 7.0
    labels[:] = [0, 1]
    loss.backward()
    np.testing.assert_array_equal(a.grad, before[0])
    np.testing.assert_array_equal(b.grad, before[1])


def test_relu_keeps_nan_as_the_scalar_engine_does() -> None:
    x = Tensor([np.nan, -1.0, 2.0], requires_grad=True)
    y = x.relu()
    np.testing.assert_array_equal(y.data, [np.nan, 0.0, 2.0])
    y.sum().backward()
    np.testing.assert_array_equal(x.grad, [1.0, 0.0, 1.0])


@pytest.mark.parametrize(
    ("shape", "axis"),
    [((0,), None), ((0, 3), None), ((0, 3), 0), ((2, 0), 1), ((2, 0), (0, 1))],
)
def test_mean_of_no_numbers_says_so(shape: tuple[int, ...], axis: object) -> None:
    with pytest.raises(
        ValueError, match=r"mean\(\) of no numbers.*the tensor has shape"
    ):
        Tensor(np.zeros(shape)).mean(axis=axis)


def test_mean_over_an_empty_axis_of_rows_is_empty_not_an_error() -> None:
    assert Tensor(np.zeros((0, 3))).mean(axis=1).shape == (0,)


@pytest.mark.parametrize("axis", [(0, 1), (1, 0), (-1,), (0, 2), 1, -1, None])
def test_sum_and_mean_take_a_tuple_of_axes(axis: object) -> None:
    data = np.arange(24.0).reshape(2, 3, 4)
    x = Tensor(data, requires_grad=True)
    mean = x.mean(axis=axis)
    np.testing.assert_allclose(mean.data, data.mean(axis=axis))
    (mean * Tensor(np.ones(mean.shape) * 2.0)).sum().backward()
    count = data.size / np.asarray(data.mean(axis=axis)).size
    np.testing.assert_allclose(x.grad, np.full(data.shape, 2.0 / count))


@pytest.mark.parametrize("axis", [2, (0, 0), (0, 5)])
def test_a_wrong_axis_is_named(axis: object) -> None:
    with pytest.raises(ValueError, match="axis"):
        Tensor(np.ones((2, 3))).mean(axis=axis)


@pytest.mark.parametrize("shape", [(0, 4), (3, 0), (0, 0)])
def test_cross_entropy_needs_a_row_and_a_class(shape: tuple[int, int]) -> None:
    logits = Tensor(np.zeros(shape), requires_grad=True)
    with pytest.raises(
        ValueError,
        match=rf"at least one row and one class of logits, got shape \({shape[0]}, {shape[1]}\)",
    ):
        cross_entropy(logits, [0] * shape[0])


def test_cross_entropy_refuses_targets_given_as_a_tensor() -> None:
    logits = Tensor(np.zeros((2, 3)), requires_grad=True)
    with pytest.raises(TypeError, match="targets as class numbers .* not a Tensor"):
        cross_entropy(logits, Tensor([0, 2]))
