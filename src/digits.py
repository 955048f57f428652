"""Handwritten digits with the tensor engine: the data, the network, its training.

The model of the tensors chapter, kept apart from the engine it runs on
(``tensorgrad.py``): scikit-learn's small scans of digits, a network with one
hidden layer, minibatch gradient descent, and a bridge to the scalar engine
(``tinygrad.py``), so that the two engines can be compared on the same network.
It needs NumPy, scikit-learn, and ``tensorgrad.py`` and ``tinygrad.py`` beside it.

>>> from tensorgrad import Tensor
>>> from digits import DigitsNetwork, load_digits_split
>>> train_images, train_labels, test_images, test_labels = load_digits_split()
>>> network = DigitsNetwork()
>>> network(Tensor(train_images[:5])).shape
(5, 10)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tensorgrad import Tensor, cross_entropy
from tinygrad import (  # the bridge; one error for both engines
    MLP,
    TrainingDiverged,
    Value,
)


class DigitsNetwork:
    """One hidden layer: ``logits = tanh(x @ w1 + b1) @ w2 + b2``, a row per image.

    Weights start random with a spread of ``1/sqrt(inputs)``, biases at 0.
    """

    def __init__(
        self, n_inputs: int = 64, n_hidden: int = 32, n_outputs: int = 10, seed: int = 0
    ) -> None:
        rng = np.random.default_rng(seed)
        w1 = rng.normal(0.0, n_inputs**-0.5, (n_inputs, n_hidden))
        w2 = rng.normal(0.0, n_hidden**-0.5, (n_hidden, n_outputs))
        self.w1 = Tensor(w1, requires_grad=True)
        self.b1 = Tensor(np.zeros(n_hidden), requires_grad=True)
        self.w2 = Tensor(w2, requires_grad=True)
        self.b2 = Tensor(np.zeros(n_outputs), requires_grad=True)

    def __call__(self, images: Tensor) -> Tensor:
        hidden = (images @ self.w1 + self.b1).tanh()  # (n, 64) @ (64, 32) + (32,)
        return hidden @ self.w2 + self.b2  # (n, 32) @ (32, 10) + (10,)

    def parameters(self) -> list[Tensor]:
        return [self.w1, self.b1, self.w2, self.b2]

    @classmethod
    def from_mlp(cls, mlp: MLP) -> DigitsNetwork:
        """The same network with the weights of a two-layer `tinygrad.MLP`."""
        hidden, output = (layer.neurons for layer in mlp.layers)
        network = cls(len(hidden[0].weights), len(hidden), len(output))
        pairs = [(network.w1, network.b1, hidden), (network.w2, network.b2, output)]
        for weights, biases, neurons in pairs:
            rows = [[w.data for w in neuron.weights] for neuron in neurons]
            weights.data = np.array(rows).T  # a column per neuron
            biases.data = np.array([neuron.bias.data for neuron in neurons])
        return network


def load_digits_split(
    seed: int = 0, test_fraction: float = 0.25
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """scikit-learn's 1797 handwritten digits (8x8, no download), shuffled and split.

    Returns ``train_images, train_labels, test_images, test_labels``; each
    image is a row of 64 pixels scaled to 0..1.

    >>> from digits import load_digits_split
    >>> train_images, train_labels, test_images, test_labels = load_digits_split()
    >>> train_images.shape, test_images.shape
    ((1348, 64), (449, 64))
    """
    from sklearn.datasets import load_digits  # bundled with scikit-learn

    digits = load_digits()
    images, labels = digits.data / 16.0, digits.target
    order = np.random.default_rng(seed).permutation(len(labels))
    n_test = int(len(labels) * test_fraction)
    test, train = order[:n_test], order[n_test:]
    return images[train], labels[train], images[test], labels[test]


def train_digits(
    images: np.ndarray,
    labels: np.ndarray,
    n_hidden: int = 32,
    epochs: int = 20,
    batch_size: int = 32,
    learning_rate: float = 0.5,
    seed: int = 0,
) -> tuple[DigitsNetwork, list[float]]:
    """Train a `DigitsNetwork` by minibatch gradient descent: the network, its losses.

    Raises `tinygrad.TrainingDiverged` when a loss is no longer a finite number.
    """
    network = DigitsNetwork(images.shape[1], n_hidden, 10, seed=seed)
    rng = np.random.default_rng(seed)
    losses = []
    for _ in range(epochs):
        order = rng.permutation(len(labels))  # a new shuffle every epoch
        for start in range(0, len(order), batch_size):
            batch = order[start : start + batch_size]
            loss = cross_entropy(network(Tensor(images[batch])), labels[batch])
            if not np.isfinite(loss.item()):
                raise TrainingDiverged(
                    f"training diverged at step {len(losses)}: "
                    "the loss is no longer a finite number; "
                    f"lower the learning rate (it is {learning_rate})"
                )
            losses.append(loss.item())
            loss.backward()
            for parameter in network.parameters():
                parameter.data -= learning_rate * parameter.grad
    return network, losses


def accuracy(network: DigitsNetwork, images: np.ndarray, labels: np.ndarray) -> float:
    """The fraction of images whose largest logit is at the right digit."""
    right = network(Tensor(images)).argmax(axis=1) == Tensor(labels)
    return right.mean().item()


# --- The same loss on the scalar engine ---------------------------------------


def scalar_cross_entropy(logits: Sequence[Value], target: int) -> Value:
    """Softmax cross-entropy of one example's logits, from `tinygrad.Value` operations.

    >>> from tinygrad import Value
    >>> from digits import scalar_cross_entropy
    >>> logits = [Value(1000), Value(1001), Value(1002)]
    >>> round(scalar_cross_entropy(logits, 2).data, 4)
    0.4076
    """
    largest = max(logit.data for logit in logits)  # a constant: no gradient here
    log_sum = sum((logit - largest).exp() for logit in logits).log()
    return log_sum - (logits[target] - largest)
