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


XOR = [([0.0, 0.0], -1.0), ([0.0, 1.0], 1.0), ([1.0, 0.0], 1.0), ([1.0, 1.0], -1.0)]


def fastest(runs, rounds):
    """The fastest time of each run, taking turns over several rounds.

    ``runs`` maps a name to a function that sets up and returns the work to
    time. Taking turns puts each engine under the same load from the rest of
    the machine, and collecting the garbage before each timed run keeps one
    engine's leftovers (micrograd's closures make cycles) out of the other's
    time. The fastest run is the one least disturbed by other processes.
    """
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(rounds):
        for name, set_up in runs.items():
            work = set_up()
            gc.collect()
            start = time.perf_counter()
            work()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def mlp_steps(value_cls, steps=3):
    """``steps`` training steps in a row of the warmed-up MLP, over the same points.

    In a row, as in training: micrograd's graph of one step is garbage with
    cycles, which the collector finds during the next.
    """
    layers, data = make_mlp(value_cls, [2, 16, 16, 1]), points()
    training_step(layers, data)  # warm up

    def work():
        for _ in range(steps):
            training_step(layers, data)

    return lambda: work


def xor_steps(value_cls, steps=1000):
    """A fresh 2-4-1 MLP trained for ``steps`` steps on XOR."""

    def set_up():
        layers = make_mlp(value_cls, [2, 4, 1])

        def work():
            for _ in range(steps):
                training_step(layers, XOR, learning_rate=0.1)

        return work

    return set_up


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
    # The time of one MLP step: the fastest of three in a row, divided by three.
    mlp = fastest({name: mlp_steps(cls) for name, cls in ENGINES.items()}, rounds=7)
    mlp["floats"] = fastest({"floats": mlp_steps(Float)}, rounds=7)["floats"]
    mlp = {name: seconds / 3 for name, seconds in mlp.items()}
    mlp_floats = mlp.pop("floats")
    xor = fastest({name: xor_steps(cls) for name, cls in ENGINES.items()}, rounds=5)
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
