"""Time against the number of values in the graph, log-log (chapter 8).

Left: chains of our engine, forward and backward pass, measured when the
figure is drawn, with the garbage collector off and on. Right: training steps
of growing batches from the cached `make bench-book` run (speed_results.json),
for our engine and micrograd, collector off and on. The dashed guides have
slope 1: linear growth.
"""

import gc
import math
import time

import matplotlib.pyplot as plt

import speed_cache
from style import BLUE, GREY, ORANGE, SKY, VERMILION, tr
from tinygrad import Value


def chain_seconds(steps, collector_on, repeats=2):
    best = math.inf
    for _ in range(repeats):
        gc.freeze()  # leave the objects of the build itself out of the collector's work
        if not collector_on:
            gc.disable()
        try:
            start = time.process_time()
            x = Value(0.5)
            y = x
            for _ in range(steps):
                y = (y * 0.9 + 0.1).tanh()
            y.backward()
            best = min(best, time.process_time() - start)
            del x, y
        finally:
            gc.enable()
            gc.unfreeze()
    return best


def guide(ax, xs, ys):
    """A dashed line of slope 1 through the first point."""
    ax.loglog(
        [xs[0], xs[-1]],
        [ys[0], ys[0] * xs[-1] / xs[0]],
        "--",
        color=GREY,
        linewidth=1,
        label=tr("slope 1 (linear)"),
    )


steps = [300, 1_000, 3_000, 10_000, 20_000]
values = [3 * n + 1 for n in steps]
chain = {on: [chain_seconds(n, on) * 1e3 for n in steps] for on in (False, True)}

cache = speed_cache.load()
scaling = cache["scaling"]

fig, (left, right) = plt.subplots(1, 2, figsize=(7.6, 3.6), sharey=False)
left.loglog(values, chain[False], "o-", color=BLUE, label=tr("collector off"))
left.loglog(values, chain[True], "s-", color=VERMILION, label=tr("collector on"))
guide(left, values, chain[False])
left.set_title(tr("Chains, measured for this figure"), fontsize=10)
left.set_xlabel(tr("values in the graph"))
left.set_ylabel(tr("processor time (ms)"))
left.legend(fontsize=8)

nodes = scaling["nodes"]
for key, color, marker, label in [
    ("tinygrad_collector_off", BLUE, "o-", tr("tinygrad, collector off")),
    ("tinygrad", VERMILION, "s-", tr("tinygrad, collector on")),
    ("micrograd_collector_off", SKY, "o--", tr("micrograd, collector off")),
    ("micrograd", ORANGE, "s--", tr("micrograd, collector on")),
]:
    right.loglog(nodes, scaling[key + "_ms"], marker, color=color, label=label)
guide(right, nodes, scaling["tinygrad_collector_off_ms"])
right.set_title(
    tr("Training steps, stored run (Python {python})", python=cache["python"]),
    fontsize=10,
)
right.set_xlabel(tr("values in the graph"))
right.legend(fontsize=8)
for ax in (left, right):
    ax.grid(True, which="major")
fig.tight_layout()
