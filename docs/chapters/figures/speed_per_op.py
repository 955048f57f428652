"""Cost per graph value of one training step, from the cached benchmark run (chapter 8).

The numbers come from speed_results.json, written by `make bench-book`
(docs/_tools/benchmarks/bench_speed_chapter.py) in an environment where micrograd is
installed; the book's environment does not have micrograd, so this figure is
drawn from the cache rather than measured at build time.
"""

import matplotlib.pyplot as plt

import speed_cache
from style import BLUE, GREY, VERMILION, tr

cache = speed_cache.load()
step = cache["mlp_step"]
ns = {
    key: {name: ms * 1e6 / step["nodes"] for name, ms in step[key].items()}
    for key in ["ms", "ms_collector_off"]
}

engines = [
    (tr("arithmetic alone"), "floats"),
    (tr("tinygrad (ours)"), "tinygrad"),
    (tr("closure design (ch. 7)"), "closures"),
    ("micrograd 0.1.0", "micrograd"),
]
fig, ax = plt.subplots(figsize=(6.4, 3.4))
height = 0.38
rows = range(len(engines))
bars_off = ax.barh(
    [r - height / 2 for r in rows],
    [ns["ms_collector_off"][k] for _, k in engines],
    height,
    color=BLUE,
    label=tr("collector off"),
)
bars_on = ax.barh(
    [r + height / 2 for r in rows],
    [ns["ms"][k] for _, k in engines],
    height,
    color=VERMILION,
    label=tr("collector on"),
)
for bars in (bars_off, bars_on):
    ax.bar_label(bars, fmt="%.0f ns", padding=3, color=GREY, fontsize=9)
ax.set_yticks(list(rows), [label for label, _ in engines])
ax.invert_yaxis()
ax.set_xlim(0, max(ns["ms"].values()) * 1.2)
ax.set_xlabel(tr("processor time per value in the graph (ns)"))
ax.grid(axis="y", visible=False)
ax.legend(loc="upper right")
ax.set_title(
    tr("One training step on {points} points (stored run)", points=step["points"])
)
fig.tight_layout()
