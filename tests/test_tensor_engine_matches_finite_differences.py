"""Every tensorgrad operation's gradient agrees with central finite differences.

Each case builds a small computation from seeded random float64 inputs and
multiplies its result by fixed random weights before summing, so that every
element of the result gets its own output gradient. The gradients from
`Tensor.backward` must match the central difference ``(L(x + h) - L(x - h)) / 2h``
for every element of every input, broadcasting cases included.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from tensorgrad import DigitsNetwork, Tensor, cross_entropy

H = 1e-6


def numerical_gradient(loss_of: Callable[[], Tensor], tensor: Tensor) -> np.ndarray:
    grad = np.zeros_like(tensor.data)
    for index in np.ndindex(tensor.shape):
        saved = tensor.data[index]
        tensor.data[index] = saved + H
        up = loss_of().item()
        tensor.data[index] = saved - H
        down = loss_of().item()
        tensor.data[index] = saved
        grad[index] = (up - down) / (2 * H)
    return grad


def away_from_zero(x: np.ndarray) -> np.ndarray:
    """Keep inputs off relu's kink, where the two one-sided slopes differ."""
    return x + np.where(x >= 0, 0.2, -0.2)


CASES: dict[str, tuple[Callable[..., Tensor], list[tuple[int, ...]]]] = {
    "add": (lambda a, b: a + b, [(2, 3), (2, 3)]),
    "add a row to every row": (lambda a, b: a + b, [(4, 3), (3,)]),
    "add a column and a row": (lambda a, b: a + b, [(3, 1), (1, 4)]),
    "add to a 3-D tensor": (lambda a, b: a + b, [(2, 3, 4), (3, 1)]),
    "add a one-element tensor": (lambda a, b: a + b, [(2, 3), ()]),
    "add a constant": (lambda a: 2.5 + a, [(2, 3)]),
    "sub": (lambda a, b: a - b, [(2, 3), (2, 3)]),
    "sub a row": (lambda a, b: a - b, [(4, 3), (3,)]),
    "sub from a row": (lambda a, b: b - a, [(4, 3), (3,)]),
    "sub from a constant": (lambda a: 1.0 - a, [(3,)]),
    "neg": (lambda a: -a, [(2, 3)]),
    "mul": (lambda a, b: a * b, [(2, 3), (2, 3)]),
    "mul by a row": (lambda a, b: a * b, [(4, 3), (3,)]),
    "mul a column by a row": (lambda a, b: a * b, [(3, 1), (1, 4)]),
    "mul by a one-element tensor": (lambda a, b: b * a, [(2, 3), ()]),
    "mul by itself": (lambda a: a * a + a, [(2, 3)]),
    "matmul": (lambda a, b: a @ b, [(2, 3), (3, 4)]),
    "matmul row by column": (lambda a, b: a @ b, [(1, 5), (5, 1)]),
    "matmul column by row": (lambda a, b: a @ b, [(4, 1), (1, 3)]),
    "matmul then add a bias": (lambda x, w, b: x @ w + b, [(5, 3), (3, 2), (2,)]),
    "matmul chain": (lambda a, b, c: a @ b @ c, [(2, 3), (3, 4), (4, 2)]),
    "relu": (lambda a: a.relu(), [(3, 4)]),
    "tanh": (lambda a: a.tanh(), [(3, 4)]),
    "sum": (lambda a: a.sum(), [(3, 4)]),
    "sum over axis 0": (lambda a: a.sum(axis=0), [(3, 4)]),
    "sum over axis 1": (lambda a: a.sum(axis=1), [(3, 4)]),
    "sum over the middle axis": (lambda a: a.sum(axis=1), [(2, 3, 4)]),
    "sum over the last axis, counted from the end": (lambda a: a.sum(axis=-1), [(2, 3)]),
    "mean": (lambda a: a.mean(), [(3, 4)]),
    "mean over axis 0": (lambda a: a.mean(axis=0), [(3, 4)]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_operation_gradient_matches_central_differences(name: str) -> None:
    build, shapes = CASES[name]
    rng = np.random.default_rng(sum(map(ord, name)))  # a fixed seed per case
    inputs = [
        Tensor(away_from_zero(rng.normal(size=shape)), requires_grad=True) for shape in shapes
    ]
    weights = rng.normal(size=build(*inputs).shape)

    def loss_of() -> Tensor:
        return (build(*inputs) * weights).sum()

    loss_of().backward()
    for tensor in inputs:
        assert tensor.grad.shape == tensor.shape
        np.testing.assert_allclose(
            tensor.grad, numerical_gradient(loss_of, tensor), rtol=1e-6, atol=1e-8
        )


@pytest.mark.parametrize("offset", [0.0, 1000.0])
def test_cross_entropy_gradient_matches_central_differences(offset: float) -> None:
    rng = np.random.default_rng(7)
    logits = Tensor(offset + 3 * rng.normal(size=(5, 4)), requires_grad=True)
    targets = np.array([0, 3, 1, 1, 2])

    def loss_of() -> Tensor:
        return cross_entropy(logits, targets)

    loss = loss_of()
    assert np.isfinite(loss.item())
    loss.backward()
    np.testing.assert_allclose(
        logits.grad, numerical_gradient(loss_of, logits), rtol=1e-5, atol=1e-7
    )
    # Each row of (softmax - onehot) / n sums to zero.
    np.testing.assert_allclose(logits.grad.sum(axis=1), 0.0, atol=1e-15)


def test_small_network_gradient_matches_central_differences() -> None:
    rng = np.random.default_rng(3)
    network = DigitsNetwork(n_inputs=6, n_hidden=5, n_outputs=3, seed=3)
    for bias in (network.b1, network.b2):  # non-zero biases, so that they matter
        bias.data = rng.normal(size=bias.shape)
    images = rng.normal(size=(4, 6))
    labels = np.array([2, 0, 1, 2])

    def loss_of() -> Tensor:
        return cross_entropy(network(Tensor(images)), labels)

    loss_of().backward()
    for parameter in network.parameters():
        np.testing.assert_allclose(
            parameter.grad, numerical_gradient(loss_of, parameter), rtol=1e-6, atol=1e-9
        )
