"""A function known at one point against its whole curve (chapter 1, the known-point widget).

p(x) = x**4 - 4x**2 + x. At x = 1.5 we know the value and the slope, which
describe p near that point; the whole curve takes many more evaluations.
"""

import matplotlib.pyplot as plt

from style import BLUE, GREY, PURPLE, tr


def p(x: float) -> float:
    return x**4 - 4 * x**2 + x


def slope(x: float) -> float:
    return 4 * x**3 - 8 * x + 1


x0 = 1.5
xs = [-2.3 + i * 0.01 for i in range(461)]  # -2.3 .. 2.3
near = [x0 - 0.35 + i * 0.01 for i in range(71)]

fig, (known, whole) = plt.subplots(1, 2, figsize=(7.6, 3.4), sharey=True)
for ax in (known, whole):
    ax.set_xlim(-2.3, 2.3)
    ax.set_ylim(-7, 6)
    ax.set_xlabel("x")
    ax.plot(
        near,
        [p(x0) + slope(x0) * (x - x0) for x in near],
        color=PURPLE,
        label=tr("slope {slope:g} at x = {x:g}", slope=slope(x0), x=x0),
    )
    ax.plot([x0], [p(x0)], "o", color="black", zorder=5)

known.set_ylabel("p(x)")
known.set_title(tr("Known: one point and its slope"))
known.annotate(
    f"p({x0:g}) = {p(x0):g}",
    (x0, p(x0)),
    textcoords="offset points",
    xytext=(-90, 28),
    color=GREY,
)
known.legend(loc="upper center", fontsize=9)

whole.plot(xs, [p(x) for x in xs], color=BLUE, label=tr("p(x), evaluated everywhere"))
whole.set_title(tr("Revealed: the whole curve"))
whole.legend(loc="upper center", fontsize=9)
fig.tight_layout()
