"""Time one training step of tinygrad and of micrograd, with Python's garbage collector on and off.

Save this file next to tinygrad.py, install micrograd, and run it:

    pip install micrograd
    python3 speed_benchmark.py

Both engines run the same model code: a network with 2 inputs, two hidden
layers of 16 relu neurons (micrograd has no tanh) and one linear output, the
same starting weights and the same 100 points. One training step is a forward
pass over all points, a backward pass, and an update of every parameter. The
same forward arithmetic on bare Python floats gives the cost of the arithmetic
alone; a stand-in class, Float, that wraps each float in an object of its own
and records nothing, gives the cost of making one object per operation.

Times are processor time (time.process_time), so that other programs disturb
them less; each is the median of 3 repetitions of the mean over 5 steps. They
depend on the machine and the Python version: compare the ratios, not the
milliseconds, with the table in the book.

Then two more comparisons with micrograd: the memory a graph takes, per value
(tracemalloc, while the loss of one step is built), and the time of a whole
small training, 1000 steps of a 2-4-1 network on XOR. (The book's own
repository runs this file as `make bench`.)
"""

from __future__ import annotations

import gc
import platform
import random
import statistics
import sys
import time
import tracemalloc

import tinygrad

try:
    from micrograd.engine import Value as MicrogradValue
except ImportError:  # main() says what to do
    MicrogradValue = None

SIZES = [2, 16, 16, 1]


class Float:
    """One object per operation around a float, no graph, no backward pass."""

    __slots__ = ("data", "grad")

    def __init__(self, data):
        self.data = data
        self.grad = 0.0

    def __add__(self, other):
        return Float(self.data + (other.data if isinstance(other, Float) else other))

    __radd__ = __add__

    def __mul__(self, other):
        return Float(self.data * (other.data if isinstance(other, Float) else other))

    __rmul__ = __mul__

    def __sub__(self, other):
        return Float(self.data - (other.data if isinstance(other, Float) else other))

    def __pow__(self, n):
        return Float(self.data**n)

    def relu(self):
        return Float(self.data if self.data > 0 else 0.0)

    def backward(self):
        pass


def make_mlp(value_class, sizes=SIZES, seed=42):
    """Weights and biases as lists of value_class: the same numbers for every engine."""
    rng = random.Random(seed)
    return [
        [
            ([value_class(rng.uniform(-1, 1)) for _ in range(n_in)], value_class(0.0))
            for _ in range(n_out)
        ]
        for n_in, n_out in zip(sizes, sizes[1:])
    ]


def forward(layers, inputs):
    """The prediction for one point: relu hidden layers, a linear last layer."""
    for i, layer in enumerate(layers):
        last = i == len(layers) - 1
        outputs = []
        for weights, bias in layer:
            total = bias
            for w, x in zip(weights, inputs):
                total = total + w * x
            outputs.append(total if last else total.relu())
        inputs = outputs
    return inputs[0]


def bare_loss(layers, data):
    """The loss of one training step on bare floats: the arithmetic alone."""
    total_loss = 0.0
    for inputs, y in data:
        for i, layer in enumerate(layers):
            last = i == len(layers) - 1
            outputs = []
            for weights, bias in layer:
                total = bias
                for w, x in zip(weights, inputs):
                    total = total + w * x
                outputs.append(total if last else max(total, 0.0))
            inputs = outputs
        total_loss = total_loss + (inputs[0] - y) ** 2
    return total_loss * (1.0 / len(data))


def parameters(layers):
    return [p for layer in layers for weights, bias in layer for p in (*weights, bias)]


def training_step(layers, data, learning_rate=0.01):
    """Forward pass, backward pass, update; returns the loss."""
    loss = sum((forward(layers, x) - y) ** 2 for x, y in data) * (1.0 / len(data))
    for p in parameters(layers):
        p.grad = 0.0  # micrograd adds to old gradients; tinygrad clears them itself
    loss.backward()
    for p in parameters(layers):
        p.data -= learning_rate * p.grad
    return loss


def points(n=100, seed=0):
    """n points in the square from -1 to 1, target +1 where x1 * x2 > 0, else -1."""
    rng = random.Random(seed)
    data = []
    for _ in range(n):
        x = [rng.uniform(-1, 1), rng.uniform(-1, 1)]
        data.append((x, 1.0 if x[0] * x[1] > 0 else -1.0))
    return data


def count_values(output):
    """The number of values in the graph that ends at output (either engine)."""
    seen, stack = {id(output)}, [output]
    while stack:
        node = stack.pop()
        parents = [p for p, _ in node.edges] if hasattr(node, "edges") else node._prev
        for p in parents:
            if id(p) not in seen:
                seen.add(id(p))
                stack.append(p)
    return len(seen)


def graph_values(value_class, n_points):
    """Values in the graph of one training step's loss."""
    layers = make_mlp(value_class)
    data = points(n_points)
    loss = sum((forward(layers, x) - y) ** 2 for x, y in data) * (1.0 / len(data))
    return count_values(loss)


def seconds_per_step(value_class, n_points=100, collector_on=True, steps=5, repeats=3):
    """Median over `repeats` of the mean processor time of `steps` training steps.

    The value class ``float`` times bare_loss: the arithmetic alone.
    """
    data = points(n_points)
    layers = make_mlp(value_class)
    if value_class is float:
        step = bare_loss
    else:
        step = training_step
    step(layers, data)  # a first step, not timed
    means = []
    for _ in range(repeats):
        gc.collect()
        if not collector_on:
            gc.disable()
        try:
            start = time.process_time()
            for _ in range(steps):
                step(layers, data)
            means.append((time.process_time() - start) / steps)
        finally:
            gc.enable()
    return statistics.median(means)


def bytes_per_value(value_class, n_points=100):
    """Bytes allocated while the loss graph of one training step is built, per value."""
    layers, data = make_mlp(value_class), points(n_points)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        loss = sum((forward(layers, x) - y) ** 2 for x, y in data) * (1.0 / len(data))
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return (after - before) / count_values(loss)


XOR = [([0.0, 0.0], -1.0), ([0.0, 1.0], 1.0), ([1.0, 0.0], 1.0), ([1.0, 1.0], -1.0)]


def xor_seconds(value_class, steps=1000, repeats=3):
    """Median processor time of training a fresh 2-4-1 network for `steps` steps on XOR."""
    times = []
    for _ in range(repeats):
        layers = make_mlp(value_class, [2, 4, 1])
        gc.collect()
        start = time.process_time()
        for _ in range(steps):
            training_step(layers, XOR, learning_rate=0.1)
        times.append(time.process_time() - start)
    return statistics.median(times)


def main():
    if MicrogradValue is None:
        sys.exit(
            "micrograd is not installed: run `pip install micrograd`, then this script again"
        )
    engines = {
        "floats": float,
        "Float": Float,
        "tinygrad": tinygrad.Value,
        "micrograd": MicrogradValue,
    }
    n_points = 100
    values = graph_values(tinygrad.Value, n_points)
    print(
        f"Python {platform.python_version()}, {platform.system()} {platform.machine()}"
    )
    print(
        f"one training step of a {'-'.join(map(str, SIZES))} relu network on {n_points} points,"
        f" {values} values per graph"
    )
    print(
        f"{'engine':10} {'collector on':>13} {'off':>9} {'per value':>10}"
        f" {'x arithmetic':>13} {'in collector':>13}"
    )
    on = {}
    for name, value_class in engines.items():
        on[name] = seconds_per_step(value_class, n_points, collector_on=True)
        off = seconds_per_step(value_class, n_points, collector_on=False)
        share = (
            "" if value_class in (float, Float) else f"{1 - off / on[name]:.0%}"
        )  # no graph
        print(
            f"{name:10} {on[name] * 1e3:10.1f} ms {off * 1e3:6.1f} ms"
            f" {on[name] * 1e9 / values:7.0f} ns {on[name] / on['floats']:12.1f}x"
            f" {share:>12}",
            flush=True,
        )
    print(f"tinygrad takes {on['tinygrad'] / on['micrograd']:.2f} of micrograd's time")
    memory = {
        n: bytes_per_value(engines[n], n_points) for n in ("tinygrad", "micrograd")
    }
    print(
        f"memory per value while a step's graph is built: tinygrad {memory['tinygrad']:.0f} B,"
        f" micrograd {memory['micrograd']:.0f} B"
        f" ({memory['tinygrad'] / memory['micrograd']:.2f} of micrograd's)"
    )
    xor = {n: xor_seconds(engines[n]) for n in ("tinygrad", "micrograd")}
    print(
        f"1000 training steps of a 2-4-1 network on XOR: tinygrad {xor['tinygrad']:.2f} s,"
        f" micrograd {xor['micrograd']:.2f} s"
        f" ({xor['tinygrad'] / xor['micrograd']:.2f} of micrograd's time)"
    )


if __name__ == "__main__":
    main()
