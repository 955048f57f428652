"""Measure what the chapter "What a gradient costs" times, and store it: `make bench-costs`.

Chapter 8 times three ways to the gradient of one loss on the reader's
machine, which the page cannot know: it checks a bound there, and quotes this
stored run (tests/test_costs_page_quotes_its_stored_run.py checks every quoted
number against the file, and that the page's code is the code measured here).
Its figure (docs/chapters/figures/speed_gradient_costs.py) is drawn from it.
Writes ``docs/chapters/figures/gradient_costs_results.json`` with the machine,
the Python version, the date and the commit (``+`` when the tree had
uncommitted changes).

Measured in one fresh process, as the page measures: ``time.process_time``,
the best of 5 runs, the garbage collector on.

- ``ms``: each way to the gradient (finite differences, forward mode, reverse
  mode) for ``parameters`` weights;
- ``one_value``: at 10,000 weights, one evaluation of the loss on floats, the
  forward pass on values, and the forward and backward passes together.
"""

from __future__ import annotations

import datetime
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "src"))

from stored_run import commit  # noqa: E402  (next to this script)

from tinygrad import Value  # noqa: E402

OUT = ROOT / "docs" / "chapters" / "figures" / "gradient_costs_results.json"
PARAMETERS = [10, 30, 100, 300, 1000]

# The page's code, as the page writes it (the test compares them).
passes = 0


def loss(weights, xs, y=1.0):
    """Squared error of the prediction w1*x1 + ... + wP*xP; counts its passes."""
    global passes
    passes += 1
    r = sum(w * x for w, x in zip(weights, xs)) - y
    return r * r


def finite_differences(weights, xs, h=1e-5):
    """Two passes per weight: the central difference of each."""
    gradient = []
    for i in range(len(weights)):
        up, down = list(weights), list(weights)
        up[i] += h
        down[i] -= h
        gradient.append((loss(up, xs) - loss(down, xs)) / (2 * h))
    return gradient


class Dual:
    """A number and its rate: how fast it moves when one input is nudged."""

    def __init__(self, value, rate=0.0):
        self.value = value
        self.rate = rate

    def __add__(self, other):
        other = other if isinstance(other, Dual) else Dual(other)
        return Dual(self.value + other.value, self.rate + other.rate)

    __radd__ = __add__

    def __sub__(self, other):
        other = other if isinstance(other, Dual) else Dual(other)
        return Dual(self.value - other.value, self.rate - other.rate)

    def __mul__(self, other):
        other = other if isinstance(other, Dual) else Dual(other)
        rate = self.rate * other.value + self.value * other.rate  # product rule
        return Dual(self.value * other.value, rate)


def forward_mode(weights, xs):
    """One pass per weight, with that weight's rate seeded with 1."""
    gradient = []
    for i in range(len(weights)):
        duals = [Dual(w, 1.0 if j == i else 0.0) for j, w in enumerate(weights)]
        gradient.append(loss(duals, xs).rate)
    return gradient


def reverse_mode(weights, xs):
    """One forward pass builds the graph; one backward pass fills every grad."""
    parameters = [Value(w) for w in weights]
    loss(parameters, xs).backward()
    return [p.grad for p in parameters]


def seconds(method, weights, xs, repeats=5):
    """The best processor time of a few runs."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        method(weights, xs)
        best = min(best, time.process_time() - start)
    return best


def forward_only(weights, xs):
    return loss([Value(w) for w in weights], xs)


def problem(p: int) -> tuple[list[float], list[float]]:
    """The page's weights and inputs for p parameters: (xs, weights)."""
    return [1 / (i + 1) for i in range(p)], [0.1] * p


def main() -> None:
    methods = {
        "finite_differences": finite_differences,
        "forward_mode": forward_mode,
        "reverse_mode": reverse_mode,
    }
    ms = {name: [] for name in methods}
    for p in PARAMETERS:
        xs, weights = problem(p)
        for name, method in methods.items():
            ms[name].append(round(seconds(method, weights, xs) * 1e3, 4))
    xs, weights = problem(10_000)
    one_value = {
        "parameters": 10_000,
        "floats_ms": round(seconds(loss, weights, xs) * 1e3, 5),
        "forward_ms": round(seconds(forward_only, weights, xs) * 1e3, 4),
        "reverse_ms": round(seconds(reverse_mode, weights, xs) * 1e3, 4),
    }
    results = {
        "made_by": "docs/_tools/benchmarks/bench_gradient_costs.py (make bench-costs)",
        "commit": commit(),
        "date": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "machine": f"{platform.system()} {platform.machine()}",
        "timer": "time.process_time, the best of 5 runs",
        "parameters": PARAMETERS,
        "ms": ms,
        "one_value": one_value,
    }
    OUT.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
