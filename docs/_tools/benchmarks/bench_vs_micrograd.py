"""Compare tinygrad with micrograd 0.1.0 on the same work: `make bench`.

Both engines run the same model code (relu hidden layers, since micrograd has
no tanh), the same initial weights and the same data, in one process, with
the default garbage collector. Prints the time and memory ratios and the cost
per operation relative to the same arithmetic on plain floats. The engines
take turns, round after round; a time ratio is the median of the rounds'
ratios, which a machine that is busy for a while moves much less than the
ratio of two separate measurements.
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "docs" / "chapters"))

# The model, the data and the plain-float stand-in are those of the reader's
# download in the appendix, so both benchmarks time the same code.
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


def rounds_of(runs, rounds):
    """The time of each run in each of several rounds, the runs taking turns.

    ``runs`` maps a name to a function that sets up and returns the work to
    time. Taking turns puts the engines under the same load from the rest of
    the machine within a round, and collecting the garbage before each timed
    run keeps one engine's leftovers (micrograd's closures make cycles) out of
    the other's time.
    """
    times = {name: [] for name in runs}
    for _ in range(rounds):
        for name, set_up in runs.items():
            work = set_up()
            gc.collect()
            start = time.perf_counter()
            work()
            times[name].append(time.perf_counter() - start)
    return times


def ratio(times):
    """tinygrad's time over micrograd's: the median of the rounds, and their range.

    Each round's ratio compares two runs made one after the other, so a
    machine that is slower for a while slows both; the median leaves out the
    rounds where it changed in between.
    """
    ratios = sorted(t / m for t, m in zip(times["tinygrad"], times["micrograd"]))
    return statistics.median(ratios), ratios[0], ratios[-1]


MLP_STEPS = 3  # an MLP round: this many steps in a row


def mlp_steps(value_cls, steps=MLP_STEPS):
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
    mlp_rounds = rounds_of({n: mlp_steps(c) for n, c in ENGINES.items()}, rounds=9)
    mlp = {name: min(times) / MLP_STEPS for name, times in mlp_rounds.items()}
    mlp_floats = (
        min(rounds_of({"floats": mlp_steps(Float)}, rounds=5)["floats"]) / MLP_STEPS
    )
    xor_rounds = rounds_of({n: xor_steps(c) for n, c in ENGINES.items()}, rounds=7)
    xor = {name: min(times) for name, times in xor_rounds.items()}
    graphs = {name: graph_memory(cls) for name, cls in ENGINES.items()}
    memory = {name: size / nodes for name, (size, nodes) in graphs.items()}
    print("MLP 2-16-16-1 training step over 100 points (forward, backward, update),")
    print("the fastest of the rounds:")
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
    print(
        "ratios tinygrad / micrograd: time, the median of the rounds (their range);"
        " memory (targets: 0.15, 0.30, 0.30):"
    )
    memory_ratio = memory["tinygrad"] / memory["micrograd"]
    results = [
        ("MLP step time", *ratio(mlp_rounds), 0.15),
        ("XOR 1000 steps time", *ratio(xor_rounds), 0.30),
        ("memory per node", memory_ratio, memory_ratio, memory_ratio, 0.30),
    ]
    for label, middle, low, high, target in results:
        spread = f" ({low:.3f}-{high:.3f})" if high > low else ""
        print(
            f"  {label:22s} {middle:.3f}x{spread:16s} "
            f"target <= {target:.2f}x: {'met' if middle <= target else 'MISSED'}"
        )


if __name__ == "__main__":
    main()
