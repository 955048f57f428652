"""tanh, its slope 1 - tanh**2, and the neuron's point (chapter 3).

Left: tanh(n) squashes every n into (-1, 1), with the tangent at the neuron's
n = 0.8814 (o = 0.7071, slope 0.5). Right: the slope 1 - tanh(n)**2, 1 at
n = 0 and nearly 0 where tanh flattens. Values and slopes come from the engine.
"""

import matplotlib.pyplot as plt

from style import BLUE, GREY, PURPLE, tr
from tinygrad import Value


def tanh_and_slope(n0: float) -> tuple[float, float]:
    n = Value(n0)
    o = n.tanh()
    o.backward()
    return o.data, n.grad


ns = [-4 + i * 0.02 for i in range(401)]  # -4 .. 4
values = [tanh_and_slope(n)[0] for n in ns]
slopes = [tanh_and_slope(n)[1] for n in ns]
n0 = 6.8813735870195432 - 6  # the neuron's sum: 2 * -3 + 0 * 1 + b
o0, slope0 = tanh_and_slope(n0)

fig, (left, right) = plt.subplots(1, 2, figsize=(7.6, 3.4))
for ax in (left, right):
    ax.set_xlim(-4, 4)
    ax.set_xlabel("n")
    ax.axhline(0, color=GREY, linewidth=0.8)
    ax.axvline(0, color=GREY, linewidth=0.8)

left.plot(ns, values, color=BLUE, label="tanh(n)")
for level in (-1, 1):
    left.axhline(level, color=GREY, linewidth=0.8, linestyle=":")
near = [n0 - 1.2 + i * 0.05 for i in range(49)]
left.plot(
    near,
    [o0 + slope0 * (n - n0) for n in near],
    color=PURPLE,
    label=tr("tangent, slope {slope:.1f}", slope=slope0),
)
left.plot([n0], [o0], "o", color="black", zorder=5)
left.annotate(
    f"n = {n0:.4f}\ntanh(n) = {o0:.4f}",
    (n0, o0),
    textcoords="offset points",
    xytext=(12, -34),
    color=GREY,
    fontsize=9,
)
left.set_ylim(-1.3, 1.3)
left.set_title(tr("tanh stays between -1 and 1"))
left.legend(loc="upper left", fontsize=9)

right.plot(ns, slopes, color=PURPLE, label=tr("slope 1 - tanh(n)²"))
right.plot([n0], [slope0], "o", color="black", zorder=5)
right.annotate(
    tr("{slope:.1f} at n = {n:.4f}", slope=slope0, n=n0),
    (n0, slope0),
    textcoords="offset points",
    xytext=(10, 8),
    color=GREY,
    fontsize=9,
)
right.set_ylim(-0.1, 1.15)
right.set_title(tr("Its slope: 1 at 0, nearly 0 far out"))
right.legend(loc="upper left", fontsize=9)
fig.tight_layout()
