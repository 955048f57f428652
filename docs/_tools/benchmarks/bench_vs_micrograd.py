"""Compare tinygrad with micrograd 0.1.0 on the same work: `make bench`.

Both engines run the same model code (relu hidden layers, since micrograd has
no tanh), the same initial weights and the same data, in one process, with
the default garbage collector. Prints the time and memory ratios and the cost
per operation relative to the same arithmetic on plain floats.
"""

from __future__ import annotations

import gc
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "docs" / "chapters"))

# The model, the data and the plain-float stand-in are those of the reader's
# download in the speed chapter, so both benchmarks time the same code.
from speed_benchmark import (  # noqa: E402
    Float,
    count_values,
    forward,
    make_mlp,
    points,
    training_step,
)

import tinygrad  # noqa: E402

try:
    from micrograd import engine as micrograd_engine
except ImportError:  # pragma: no cover - make bench installs it
    sys.exit(
        "micrograd is not installed: run `make bench`, which installs micrograd==0.1.0"
    )

ENGINES = {"tinygrad": tinygrad.Value, "micrograd": micrograd_engine.Value}


def time_mlp_step(value_cls, repeats=7):
    """The fastest of several training steps: the least disturbed by other processes."""
    layers = make_mlp(value_cls, [2, 16, 16, 1])
    data = points()
    training_step(layers, data)  # warm up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        training_step(layers, data)
        times.append(time.perf_counter() - start)
    return min(times)


XOR = [([0.0, 0.0], -1.0), ([0.0, 1.0], 1.0), ([1.0, 0.0], 1.0), ([1.0, 1.0], -1.0)]


def time_xor(value_cls, steps=1000, repeats=5):
    times = []
    for _ in range(repeats):
        layers = make_mlp(value_cls, [2, 4, 1])
        start = time.perf_counter()
        for _ in range(steps):
            training_step(layers, XOR, learning_rate=0.1)
        times.append(time.perf_counter() - start)
    return min(times)


def graph_memory(value_cls):
    """Bytes allocated while building the loss graph of one MLP step, and its node count."""
    layers = make_mlp(value_cls, [2, 16, 16, 1])
    data = points()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    loss = sum((forward(layers, x) - y) ** 2 for x, y in data) * (1.0 / len(data))
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return after - before, count_values(loss)


def main():
    print(f"Python {sys.version.split()[0]}, gc thresholds {gc.get_threshold()}")
    mlp = {name: time_mlp_step(cls) for name, cls in ENGINES.items()}
    mlp_floats = time_mlp_step(Float)
    xor = {name: time_xor(cls) for name, cls in ENGINES.items()}
    graphs = {name: graph_memory(cls) for name, cls in ENGINES.items()}
    memory = {name: size / nodes for name, (size, nodes) in graphs.items()}
    print("MLP 2-16-16-1 training step over 100 points (forward, backward, update):")
    for name in ENGINES:
        nodes = graphs[name][1]
        print(
            f"  {name:10s} {mlp[name] * 1e3:7.1f} ms  {nodes:6d} nodes  "
            f"{mlp[name] / nodes * 1e9:5.0f} ns/node  {mlp[name] / mlp_floats:5.1f}x plain floats"
        )
    print(
        f"  {'floats':10s} {mlp_floats * 1e3:7.1f} ms  (the same arithmetic on plain floats)"
    )
    print(
        f"1000 XOR steps (MLP 2-4-1): tinygrad {xor['tinygrad']:.2f} s, micrograd {xor['micrograd']:.2f} s"
    )
    print(
        f"memory per graph node: tinygrad {memory['tinygrad']:.0f} B, micrograd {memory['micrograd']:.0f} B"
    )
    print(
        "memory for the whole graph of one step: "
        + ", ".join(
            f"{name} {size / 1e6:.1f} MB ({nodes} nodes)"
            for name, (size, nodes) in graphs.items()
        )
    )
    print("ratios tinygrad / micrograd (targets: 0.20, 0.25, 0.35):")
    results = [
        ("MLP step time", mlp["tinygrad"] / mlp["micrograd"], 0.20),
        ("XOR 1000 steps time", xor["tinygrad"] / xor["micrograd"], 0.25),
        ("memory per node", memory["tinygrad"] / memory["micrograd"], 0.35),
    ]
    for label, ratio, target in results:
        print(
            f"  {label:22s} {ratio:.3f}x  (target <= {target:.2f}x: {'met' if ratio <= target else 'MISSED'})"
        )


if __name__ == "__main__":
    main()
