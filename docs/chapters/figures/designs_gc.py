"""Time of one training step, both designs, the garbage collector on and off (chapter 7).

Measured when the figure is drawn, with the page's own code (`ClosureValue`
and the model, loaded from 07-two-designs.md) and the page's method: processor
time, the objects that existed before frozen out of the collector's work.
"""

import gc
import time

import matplotlib.pyplot as plt

from designs_page import page
from style import BLUE, GREY, VERMILION, tr
from tinygrad import Value


def seconds_per_step(V, collector_on, steps=2):
    layers = page.make_layers(V, [2, 16, 16, 1])
    page.training_step(layers, page.data)
    gc.collect()
    gc.freeze()
    if not collector_on:
        gc.disable()
    try:
        start = time.process_time()
        for _ in range(steps):
            page.training_step(layers, page.data)
        return (time.process_time() - start) / steps
    finally:
        gc.enable()
        gc.unfreeze()


designs = [(tr("edge table (ours)"), Value), (tr("closure design"), page.ClosureValue)]
on = [seconds_per_step(V, True) * 1e3 for _, V in designs]
off = [seconds_per_step(V, False) * 1e3 for _, V in designs]

fig, ax = plt.subplots(figsize=(6.4, 3.2))
rows = range(len(designs))
height = 0.38
# y grows downwards after invert_yaxis: "off" sits above "on" in each pair
bars_off = ax.barh(
    [r - height / 2 for r in rows], off, height, color=BLUE, label=tr("collector off")
)
bars_on = ax.barh(
    [r + height / 2 for r in rows],
    on,
    height,
    color=VERMILION,
    label=tr("collector on"),
)
for bars in (bars_off, bars_on):
    ax.bar_label(bars, fmt="%.0f ms", padding=3, color=GREY, fontsize=9)
ax.set_yticks(list(rows), [name for name, _ in designs])
ax.invert_yaxis()
ax.set_xlabel(tr("processor time per training step (ms)"))
ax.set_xlim(0, max(on + off) * 1.18)
ax.grid(axis="y", visible=False)
ax.legend(loc="upper right")
ax.set_title(tr("One training step: 2-16-16-1 network, 30 points"))
fig.tight_layout()
