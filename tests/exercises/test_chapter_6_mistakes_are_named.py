"""Promise 5, chapter 6: wrong answers learners give get their likely cause.

Each answer here is written as a learner writes it (not the check's own
``like=``), and judged by the file a reader downloads. The reader's code runs
on a `Value` of its own module, as in the page: the book's (tinygrad's), or,
for a loop that never clears the gradients, an engine whose ``backward()``
adds to them, as micrograd's does.
"""

from __future__ import annotations

import math
import random

import pytest

import tinygrad
from book.exercises import assemble

CHECKER = assemble.load()


class AddingValue:
    """A learner's engine whose backward() adds to the gradients (no step 4)."""

    def __init__(self, data, edges=()):
        self.data, self.grad, self.edges = float(data), 0.0, edges

    def __add__(self, other):
        other = other if isinstance(other, AddingValue) else AddingValue(other)
        return AddingValue(self.data + other.data, ((self, 1.0), (other, 1.0)))

    __radd__ = __add__

    def __mul__(self, other):
        other = other if isinstance(other, AddingValue) else AddingValue(other)
        return AddingValue(
            self.data * other.data, ((self, other.data), (other, self.data))
        )

    def __sub__(self, other):
        return self + other * -1

    def __pow__(self, n):
        return AddingValue(self.data**n, ((self, n * self.data ** (n - 1)),))

    def backward(self):
        order, seen = [], set()

        def visit(node):
            if node not in seen:
                seen.add(node)
                for parent, _ in node.edges:
                    visit(parent)
                order.append(node)

        visit(self)
        self.grad = 1.0
        for node in reversed(order):
            for parent, local_derivative in node.edges:
                parent.grad += node.grad * local_derivative


def written(code: str, name: str, value: type = tinygrad.Value) -> object:
    """What the learner's ``code`` defines as ``name``, with ``value`` as its Value."""
    namespace = {"Value": value, "math": math, "random": random}
    exec(compile(code, f"learner's {name}", "exec"), namespace)
    return namespace[name]


# --- 6.1: the training loop ---------------------------------------------------------

RIGHT_LOOP = """
def train(loss_of, parameters, steps, learning_rate):
    losses = []
    for step in range(steps):
        loss = loss_of()
        losses.append(loss.data)
        loss.backward()
        for p in parameters:
            p.data -= learning_rate * p.grad
    return losses
"""

LOOPS = {
    "values": RIGHT_LOOP.replace("losses.append(loss.data)", "losses.append(loss)"),
    "inside": RIGHT_LOOP.replace(
        "            p.data -= learning_rate * p.grad\n    return losses",
        "            p.data -= learning_rate * p.grad\n        return losses",
    ),
    "uphill": RIGHT_LOOP.replace("p.data -=", "p.data +="),
    "no_rate": RIGHT_LOOP.replace("learning_rate * p.grad", "p.grad"),
    "rate_on_loss": """
def train(loss_of, parameters, steps, learning_rate):
    losses = []
    for step in range(steps):
        loss = learning_rate * loss_of()
        losses.append(loss.data)
        loss.backward()
        for p in parameters:
            p.data -= p.grad
    return losses
""",
    "after": """
def train(loss_of, parameters, steps, learning_rate):
    losses = []
    for step in range(steps):
        loss = loss_of()
        loss.backward()
        for p in parameters:
            p.data -= learning_rate * p.grad
        losses.append(loss_of().data)
    return losses
""",
    "once": """
def train(loss_of, parameters, steps, learning_rate):
    loss = loss_of()
    losses = []
    for step in range(steps):
        losses.append(loss.data)
        loss.backward()
        for p in parameters:
            p.data -= learning_rate * p.grad
    return losses
""",
    "rebind": RIGHT_LOOP.replace("p.data -= learning_rate", "p -= learning_rate"),
}


@pytest.mark.parametrize("cause", LOOPS)
def test_exercise_6_1(cause: str) -> None:
    verdict = CHECKER.judge("6.1", written(LOOPS[cause], "train"), "en")
    assert not verdict.right and verdict.cause == cause, verdict.text


def test_exercise_6_1_a_loop_that_never_clears_on_an_engine_that_adds() -> None:
    train = written(RIGHT_LOOP, "train", AddingValue)
    verdict = CHECKER.judge("6.1", train, "en")
    assert not verdict.right and verdict.cause == "uncleared", verdict.text
    clearing = RIGHT_LOOP.replace(
        "        loss.backward()",
        "        for p in parameters:\n            p.grad = 0.0\n        loss.backward()",
    )
    assert CHECKER.judge("6.1", written(clearing, "train", AddingValue), "en").right


def test_exercise_6_1_right_loops_pass_on_either_engine() -> None:
    for value in (tinygrad.Value, AddingValue):
        clearing = RIGHT_LOOP.replace(
            "        loss.backward()",
            "        for p in parameters:\n            p.grad = 0\n        loss.backward()",
        )
        assert CHECKER.judge("6.1", written(clearing, "train", value), "en").right
    assert CHECKER.judge("6.1", written(RIGHT_LOOP, "train"), "en").right


# --- 6.2: the network ---------------------------------------------------------------

RIGHT_NETWORK = """
class Neuron:
    def __init__(self, n_inputs, rng, nonlinear=True):
        self.weights = [Value(rng.uniform(-1, 1)) for _ in range(n_inputs)]
        self.bias = Value(0)
        self.nonlinear = nonlinear

    def __call__(self, inputs):
        total = self.bias
        for w, x in zip(self.weights, inputs):
            total = total + w * x
        return total.tanh() if self.nonlinear else total

    def parameters(self):
        return self.weights + [self.bias]


class Layer:
    def __init__(self, n_inputs, n_outputs, rng, nonlinear=True):
        self.neurons = [Neuron(n_inputs, rng, nonlinear) for _ in range(n_outputs)]

    def __call__(self, inputs):
        return [neuron(inputs) for neuron in self.neurons]

    def parameters(self):
        params = []
        for neuron in self.neurons:
            params += neuron.parameters()
        return params


class MLP:
    def __init__(self, sizes, seed=42):
        rng = random.Random(seed)
        self.layers = []
        for i in range(len(sizes) - 1):
            last = i == len(sizes) - 2
            self.layers.append(Layer(sizes[i], sizes[i + 1], rng, nonlinear=not last))

    def __call__(self, inputs):
        for layer in self.layers:
            inputs = layer(inputs)
        return inputs

    def parameters(self):
        params = []
        for layer in self.layers:
            params += layer.parameters()
        return params
"""


def network(*changes: tuple[str, str]) -> type:
    """The learner's MLP: the right classes with each (line as the book has it,
    line as the learner wrote it) changed."""
    code = RIGHT_NETWORK
    for book, learner in changes:
        assert code.count(book) == 1, book
        code = code.replace(book, learner)
    return written(code, "MLP")


NETWORKS = {
    "nested": [("params += neuron.parameters()", "params.append(neuron.parameters())")],
    "shared": [
        (
            "[Neuron(n_inputs, rng, nonlinear) for _ in range(n_outputs)]",
            "[Neuron(n_inputs, rng, nonlinear)] * n_outputs",
        )
    ],
    "bias": [("return self.weights + [self.bias]", "return self.weights")],
    "unseeded": [("Value(rng.uniform(-1, 1))", "Value(random.uniform(-1, 1))")],
    "random_biases": [
        ("self.bias = Value(0)", "self.bias = Value(rng.uniform(-1, 1))")
    ],
    "tanh_last": [("nonlinear=not last", "nonlinear=True")],
    "linear": [("return total.tanh() if self.nonlinear else total", "return total")],
    "unchained": [
        (
            "inputs = layer(inputs)\n        return inputs",
            "out = layer(inputs)\n        return out",
        )
    ],
    "order": [  # the layer's weights drawn as a matrix, input by input
        (
            "self.neurons = [Neuron(n_inputs, rng, nonlinear) for _ in range(n_outputs)]",
            "rows = [[rng.uniform(-1, 1) for _ in range(n_outputs)]"
            " for _ in range(n_inputs)]\n"
            "        self.neurons = [Neuron(0, rng, nonlinear) for _ in range(n_outputs)]\n"
            "        for j, neuron in enumerate(self.neurons):\n"
            "            neuron.weights = [Value(row[j]) for row in rows]",
        )
    ],
    "copies": [  # numbers kept as floats; Values made when asked for
        (
            "self.weights = [Value(rng.uniform(-1, 1)) for _ in range(n_inputs)]\n"
            "        self.bias = Value(0)",
            "self.weights = [rng.uniform(-1, 1) for _ in range(n_inputs)]\n"
            "        self.bias = 0.0",
        ),
        ("total = self.bias\n", "total = Value(self.bias)\n"),
        ("total = total + w * x", "total = total + Value(w) * x"),
        (
            "return self.weights + [self.bias]",
            "return [Value(w) for w in self.weights] + [Value(self.bias)]",
        ),
    ],
    "cut": [
        (
            "return total.tanh() if self.nonlinear else total",
            "return Value(math.tanh(total.data)) if self.nonlinear else total",
        )
    ],
    "tanh_first": [
        ("total = self.bias\n", "total = Value(0)\n"),
        (
            "return total.tanh() if self.nonlinear else total",
            "return total.tanh() + self.bias if self.nonlinear else total + self.bias",
        ),
    ],
}


@pytest.mark.parametrize("cause", NETWORKS)
def test_exercise_6_2(cause: str) -> None:
    verdict = CHECKER.judge("6.2", network(*NETWORKS[cause]), "en")
    assert not verdict.right and verdict.cause == cause, verdict.text


def test_exercise_6_2_right_networks_pass() -> None:
    assert CHECKER.judge("6.2", network(), "en").right
    assert CHECKER.judge("6.2", tinygrad.MLP, "en").right
    # micrograd's way: one Value, not a list, from a network with one output
    one = (
        "        return inputs\n\n    def parameters",
        "        return inputs[0]\n\n    def parameters",
    )
    assert CHECKER.judge("6.2", network(one), "en").right
    # the global generator, seeded from seed, draws the same numbers
    seeded = [
        ("rng = random.Random(seed)", "random.seed(seed)\n        rng = random"),
    ]
    assert CHECKER.judge("6.2", network(*seeded), "en").right


# --- 6.3 and 6.6: numbers -----------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "answer", "cause"),
    [
        ("6.3", 0.05 * 4, "larger"),
        ("6.3", 0.05, "same"),
        ("6.6", 3 * 8 + 8 * 8 + 8 * 1, "biases"),
        ("6.6", 8 + 8 + 1, "neurons"),
        ("6.6", 3 + 8 + 8 + 1, "sizes"),
        ("6.6", 3 * 8 * 8 * 1, "product"),
    ],
)
def test_exercises_6_3_and_6_6(number: str, answer: float, cause: str) -> None:
    verdict = CHECKER.judge(number, answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text


def test_a_verdict_in_chinese_names_the_cause_in_chinese() -> None:
    verdict = CHECKER.judge("6.1", written(LOOPS["uphill"], "train"), "zh_CN")
    assert verdict.text.startswith("✗ 练习 6.1，") and "往上坡走了一步" in verdict.text
