"""tensorgrad gives the same values and gradients as the scalar engine, element by element.

Each case (one per operation and shape in ``tests/engine/operations.py``, and a few
computations of several operations) builds one computation twice: once with
tensorgrad on whole arrays, and once with one `tinygrad.Value` per element
(NumPy object arrays of values, which broadcast the same way and so reuse a
value once per copy). The loss
weights every element of the result differently, and every input's gradient
must agree with the scalar engine's to rounding error.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from operations import TENSOR_CASE_IDS, TENSOR_CASES, TENSOR_OPERATIONS, Case, is_shape

from digits import DigitsNetwork, scalar_cross_entropy
from tensorgrad import Tensor, cross_entropy
from tinygrad import MLP, Value

as_values = np.vectorize(Value, otypes=[object])
grads_of = np.vectorize(lambda value: value.grad, otypes=[float])
data_of = np.vectorize(lambda value: value.data, otypes=[float])
tanh = np.vectorize(lambda value: value.tanh(), otypes=[object])

# Computations of several operations, beyond the catalogue's one-operation cases:
# (tensor version, scalar version on object arrays, shapes).
COMPOSITES: dict[str, tuple[Callable[..., Tensor], Callable[..., np.ndarray], Case]] = {
    "mul by itself": (lambda a: a * a + a, lambda a: a * a + a, Case(((2, 3),))),
    "matmul then add a bias": (
        lambda x, w, b: x @ w + b,
        lambda x, w, b: x @ w + b,
        Case(((5, 3), (3, 2), (2,))),
    ),
    "a hidden layer": (
        lambda x, w, b: (x @ w + b).tanh(),
        lambda x, w, b: tanh(x @ w + b),
        Case(((4, 3), (3, 5), (5,))),
    ),
}


def check_against_scalar_engine(
    tensor_version: Callable[..., Tensor],
    scalar_version: Callable[..., np.ndarray],
    case: Case,
    seed: int,
) -> None:
    rng = np.random.default_rng(seed)
    arrays = case.arrays(rng)
    shaped = [is_shape(o) for o in case.operands]
    tensors = [
        Tensor(a, requires_grad=True) if s else a for a, s in zip(arrays, shaped)
    ]
    values = [as_values(a) if s else np.asarray(a) for a, s in zip(arrays, shaped)]

    result = tensor_version(*tensors, **case.options)
    scalar_result = np.asarray(scalar_version(*values, **case.options), dtype=object)
    np.testing.assert_allclose(
        result.data, data_of(scalar_result), rtol=1e-12, atol=1e-14
    )

    weights = rng.normal(size=result.shape)
    (result * weights).sum().backward()
    scalar_loss = np.sum(scalar_result * weights)
    scalar_loss.backward()
    for tensor, value_array in zip(tensors, values):
        if isinstance(tensor, Tensor):
            np.testing.assert_allclose(
                tensor.grad, grads_of(value_array), rtol=1e-10, atol=1e-12
            )


@pytest.mark.parametrize(("name", "case"), TENSOR_CASES, ids=TENSOR_CASE_IDS)
def test_operation_matches_scalar_engine(name: str, case: Case) -> None:
    operation = TENSOR_OPERATIONS[name]
    seed = sum(map(ord, name + case.label()))
    check_against_scalar_engine(operation.apply, operation.scalar_engine, case, seed)


@pytest.mark.parametrize("name", list(COMPOSITES))
def test_composite_matches_scalar_engine(name: str) -> None:
    tensor_version, scalar_version, case = COMPOSITES[name]
    check_against_scalar_engine(
        tensor_version, scalar_version, case, sum(map(ord, name))
    )


def test_cross_entropy_matches_scalar_engine() -> None:
    rng = np.random.default_rng(11)
    logits = rng.normal(size=(4, 5)) * 3
    targets = [4, 0, 2, 2]
    tensor = Tensor(logits, requires_grad=True)
    loss = cross_entropy(tensor, targets)
    loss.backward()

    values = [[Value(x) for x in row] for row in logits.tolist()]
    scalar_loss = sum(
        scalar_cross_entropy(row, t) for row, t in zip(values, targets)
    ) * (1 / 4)
    scalar_loss.backward()

    assert loss.item() == pytest.approx(scalar_loss.data, rel=1e-12)
    np.testing.assert_allclose(
        tensor.grad, [[v.grad for v in row] for row in values], rtol=1e-10, atol=1e-13
    )


def test_digits_network_matches_the_scalar_mlp_with_the_same_weights() -> None:
    mlp = MLP([6, 5, 3], seed=4)
    network = DigitsNetwork.from_mlp(mlp)
    rng = np.random.default_rng(4)
    images = rng.uniform(size=(7, 6))
    labels = rng.integers(0, 3, size=7)

    loss = cross_entropy(network(Tensor(images)), labels)
    loss.backward()
    scalar_losses = [
        scalar_cross_entropy(mlp(x), y)
        for x, y in zip(images.tolist(), labels.tolist())
    ]
    scalar_loss = sum(scalar_losses) * (1 / len(scalar_losses))
    scalar_loss.backward()

    assert loss.item() == pytest.approx(scalar_loss.data, rel=1e-12)
    hidden, output = (layer.neurons for layer in mlp.layers)
    for weights, biases, layer in (
        (network.w1, network.b1, hidden),
        (network.w2, network.b2, output),
    ):
        expected_weights = np.array(
            [[w.grad for w in neuron.weights] for neuron in layer]
        ).T
        expected_biases = np.array([neuron.bias.grad for neuron in layer])
        np.testing.assert_allclose(
            weights.grad, expected_weights, rtol=1e-10, atol=1e-13
        )
        np.testing.assert_allclose(biases.grad, expected_biases, rtol=1e-10, atol=1e-13)
