"""The loss as a chain of steps, with local derivatives and gradients (chapter 3).

w, b -> y_hat = w*x + b -> r = y_hat - y -> L = r**2 at x = 2, y = 5, w = 1, b = 0.
Values and gradients come from the engine; each edge shows its local derivative.
"""

import matplotlib.pyplot as plt
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

from style import BLUE, GREY, PURPLE, tr
from tinygrad import Value

x, y = 2, 5
w, b = Value(1), Value(0)
y_hat = w * x + b
r = y_hat - y
loss = r**2
loss.backward()

fig, ax = plt.subplots(figsize=(7.6, 3.2))
ax.set_xlim(0, 15)
ax.set_ylim(0, 6)
ax.axis("off")


def box(cx: float, cy: float, name: str, node: Value) -> None:
    ax.add_patch(
        FancyBboxPatch(
            (cx - 1.1, cy - 0.65),
            2.2,
            1.3,
            boxstyle="round,pad=0.05",
            facecolor="#f4f8fc",
            edgecolor=BLUE,
            linewidth=1.5,
        )
    )
    ax.text(
        cx, cy + 0.3, f"{name} = {node.data:g}", ha="center", va="center", fontsize=11
    )
    ax.text(
        cx,
        cy - 0.3,
        tr("gradient {grad:g}", grad=node.grad),
        ha="center",
        va="center",
        fontsize=9.5,
        color=PURPLE,
    )


def edge(
    start: tuple[float, float],
    end: tuple[float, float],
    label: str,
    offset: tuple[float, float] = (0, 0.35),
) -> None:
    ax.add_patch(
        FancyArrowPatch(
            start, end, arrowstyle="-|>", mutation_scale=13, color=GREY, linewidth=1.3
        )
    )
    mx, my = (start[0] + end[0]) / 2 + offset[0], (start[1] + end[1]) / 2 + offset[1]
    ax.text(mx, my, label, ha="center", va="center", fontsize=9.5)


box(1.4, 4.4, "w", w)
box(1.4, 1.6, "b", b)
box(5.6, 3.0, r"$\hat y$", y_hat)
box(9.6, 3.0, "r", r)
box(13.5, 3.0, "L", loss)

edge((2.55, 4.2), (4.45, 3.35), rf"$\partial\hat y/\partial w = x = {x}$", (0.1, 0.5))
edge((2.55, 1.8), (4.45, 2.65), r"$\partial\hat y/\partial b = 1$", (0.1, -0.5))
edge((6.75, 3.0), (8.45, 3.0), r"$\partial r/\partial\hat y = 1$", (0, 0.45))
edge(
    (10.75, 3.0),
    (12.35, 3.0),
    rf"$\partial L/\partial r = 2r = {2 * r.data:g}$",
    (0, 0.95),
)
ax.text(
    7.5,
    0.5,
    tr(
        "gradients flow right to left: each is the one to its right times the edge's "
        "local derivative"
    ),
    ha="center",
    va="center",
    fontsize=9,
    color=PURPLE,
)
fig.tight_layout()
