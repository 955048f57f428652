"""Squared error against absolute error, as the weight moves (chapter 2, the loss-choice widget).

The example is x = 2, y = 5 with b = 0, as in the widget. At w = 1 the squared
error's tangent has slope -12 and the absolute error's -2; at the kink w = 2.5
the absolute error uses the subgradient 0. The slopes come from the engine's
backward pass, the absolute error built as the widget builds it:
relu(r) + relu(-r), whose slope at r = 0 is 0.
"""

import matplotlib.pyplot as plt

from style import BLUE, PURPLE, tr
from tinygrad import Value

x, y, b = 2.0, 5.0, 0.0
current = 1.0


def squared(r: Value) -> Value:
    return r**2


def absolute(r: Value) -> Value:
    return r.relu() + (-r).relu()


def loss_and_slope(loss, weight: float) -> tuple[float, float]:
    w = Value(weight)
    value = loss(w * x + b - y)
    value.backward()
    return value.data, w.grad


ws = [-1.0 + i * 0.01 for i in range(601)]  # -1 .. 5
fig, panels = plt.subplots(1, 2, figsize=(7.6, 3.4))
for ax, loss, title, top in [
    (panels[0], squared, tr("Squared error (2w - 5)²"), 50),
    (panels[1], absolute, tr("Absolute error |2w - 5|"), 8),
]:
    ax.plot(ws, [loss_and_slope(loss, w)[0] for w in ws], color=BLUE)
    value, slope = loss_and_slope(loss, current)
    near = [current - 0.8 + i * 0.05 for i in range(33)]
    ax.plot(near, [value + slope * (w - current) for w in near], color=PURPLE)
    ax.plot([current], [value], "o", color="black", zorder=5)
    ax.annotate(
        tr("w = {w:g}: slope {slope:g}", w=current, slope=slope),
        (current, value),
        textcoords="offset points",
        xytext=(10, 8),
        fontsize=9,
    )
    ax.set_xlim(-1, 5)
    ax.set_ylim(-0.16 * top, top)
    ax.set_title(title)
    ax.set_xlabel(tr("weight w"))
    ax.set_ylabel(tr("loss"))

kink = (y - b) / x  # 2.5, where the prediction meets the target
value, slope = loss_and_slope(absolute, kink)
panels[1].plot([kink - 0.6, kink + 0.6], [value, value], color=PURPLE)
panels[1].plot([kink], [value], "o", color="black", zorder=5)
panels[1].annotate(
    tr("kink: subgradient {slope:g}", slope=slope),
    (kink, value),
    textcoords="offset points",
    xytext=(0, -13),
    ha="center",
    va="center",
    fontsize=9,
)
fig.tight_layout()
