"""Secant lines to f(x) = x**2 at x = 5 approaching the tangent (chapter 1, the secant widget).

Each secant joins (5, f(5)) to (5 + h, f(5 + h)); its slope is 2*5 + h.
The tangent at x = 5 has slope 2*5 = 10.
"""

import matplotlib.pyplot as plt

from style import BLUE, GREY, ORANGE, PURPLE, tr


def f(x: float) -> float:
    return x * x


x0 = 5.0
xs = [2.5 + i * 0.05 for i in range(111)]  # 2.5 .. 8.0

fig, ax = plt.subplots()
ax.plot(xs, [f(x) for x in xs], color=BLUE, label="f(x) = x²")

# The farther secants fade into finer dashes, not into paler colour: every line
# keeps the orange's 3:1 contrast with the paper.
for h, dashes, width in [(3.0, (1, 2), 1.2), (1.5, (4, 2), 1.4), (0.5, (), 1.8)]:
    slope = (f(x0 + h) - f(x0)) / h
    ax.plot(
        xs,
        [f(x0) + slope * (x - x0) for x in xs],
        color=ORANGE,
        dashes=dashes,
        linewidth=width,
        label=tr("secant, h = {h:g}: slope {slope:g}", h=h, slope=slope),
    )
    ax.plot([x0 + h], [f(x0 + h)], "o", color=ORANGE, markersize=4 + width)

tangent_slope = 2 * x0
ax.plot(
    xs,
    [f(x0) + tangent_slope * (x - x0) for x in xs],
    color=PURPLE,
    linewidth=2.4,
    label=tr("tangent: slope {slope:g}", slope=tangent_slope),
)
ax.plot([x0], [f(x0)], "o", color="black", markersize=6, zorder=5)
ax.annotate(
    "(5, 25)", (x0, f(x0)), textcoords="offset points", xytext=(8, -14), color=GREY
)

ax.set_xlim(2.5, 8.0)
ax.set_ylim(0, 70)
ax.set_xlabel("x")
ax.set_ylabel("f(x)")
ax.set_title(tr("Secants through x = 5 turn into the tangent as h shrinks"))
ax.legend(loc="upper left", fontsize=9)
fig.tight_layout()
