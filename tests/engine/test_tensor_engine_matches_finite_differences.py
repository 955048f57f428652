"""Every tensorgrad operation's gradient agrees with central finite differences.

Each case (one per operation and shape in ``tests/engine/operations.py``, and a few
computations of several operations) builds a small computation from seeded
random float64 inputs and multiplies its result by fixed random weights before
summing, so that every element of the result gets its own output gradient. The gradients from
`Tensor.backward` must match the central difference ``(L(x + h) - L(x - h)) / 2h``
for every element of every input, broadcasting cases included.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from operations import TENSOR_CASE_IDS, TENSOR_CASES, TENSOR_OPERATIONS, Case, is_shape

from digits import DigitsNetwork
from tensorgrad import Tensor, cross_entropy

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


# Computations of several operations, beyond the catalogue's one-operation cases.
COMPOSITES: dict[str, tuple[Callable[..., Tensor], Case]] = {
    "mul by itself": (lambda a: a * a + a, Case(((2, 3),))),
    "matmul then add a bias": (lambda x, w, b: x @ w + b, Case(((5, 3), (3, 2), (2,)))),
    "matmul chain": (lambda a, b, c: a @ b @ c, Case(((2, 3), (3, 4), (4, 2)))),
}


def check_against_central_differences(
    build: Callable[..., Tensor], case: Case, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    inputs = [
        Tensor(away_from_zero(x), requires_grad=True) if is_shape(o) else x
        for o, x in zip(case.operands, case.arrays(rng))
    ]
    weights = rng.normal(size=build(*inputs, **case.options).shape)

    def loss_of() -> Tensor:
        return (build(*inputs, **case.options) * weights).sum()

    loss_of().backward()
    tensors = [x for x in inputs if isinstance(x, Tensor)]
    assert tensors, "a case needs at least one tensor input"
    for tensor in tensors:
        assert tensor.grad.shape == tensor.shape
        np.testing.assert_allclose(
            tensor.grad, numerical_gradient(loss_of, tensor), rtol=1e-6, atol=1e-8
        )


@pytest.mark.parametrize(("name", "case"), TENSOR_CASES, ids=TENSOR_CASE_IDS)
def test_operation_gradient_matches_central_differences(name: str, case: Case) -> None:
    seed = sum(map(ord, name + case.label()))  # a fixed seed per case
    check_against_central_differences(TENSOR_OPERATIONS[name].apply, case, seed)


@pytest.mark.parametrize("name", list(COMPOSITES))
def test_composite_gradient_matches_central_differences(name: str) -> None:
    build, case = COMPOSITES[name]
    check_against_central_differences(build, case, sum(map(ord, name)))


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
