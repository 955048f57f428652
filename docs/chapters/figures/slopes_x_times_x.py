"""The two paths through x * x as a picture (chapter 1, the x-times-x widget).

One input box x = 5 feeds both inputs of a multiplication. Each input's path
carries the local derivative 5; the two contributions add up to the slope 10.
"""

import matplotlib.pyplot as plt
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

from style import BLUE, GREEN, GREY, PURPLE, tr

x = 5.0
left, right = x, x
q = left * right
contributions = [right, left]  # the left input's path, then the right input's
slope = sum(contributions)

fig, ax = plt.subplots(figsize=(6.4, 3.0))
ax.set_xlim(0, 10)
ax.set_ylim(0, 5)
ax.axis("off")


def box(cx: float, cy: float, title: str, value: str, note: str = "") -> None:
    ax.add_patch(
        FancyBboxPatch(
            (cx - 1.2, cy - 0.8),
            2.4,
            1.6,
            boxstyle="round,pad=0.05",
            facecolor="#f4f8fc",
            edgecolor=BLUE,
            linewidth=1.6,
        )
    )
    ax.text(cx, cy + 0.4, title, ha="center", va="center", fontsize=12, weight="bold")
    ax.text(cx, cy - 0.05, value, ha="center", va="center", fontsize=10)
    ax.text(cx, cy - 0.45, note, ha="center", va="center", fontsize=10, color=PURPLE)


box(2.0, 2.5, "x", f"{x:g}", tr("slope of q: {slope:g}", slope=slope))
box(8.0, 2.5, "q = x * x", f"{q:g}")

for rad, label, y_text in [
    (
        -0.35,
        tr(
            "left input: local derivative {value:g}",
            value=contributions[0],
        ),
        4.35,
    ),
    (
        0.35,
        tr(
            "right input: local derivative {value:g}",
            value=contributions[1],
        ),
        0.55,
    ),
]:
    ax.add_patch(
        FancyArrowPatch(
            (3.25, 2.5 + (0.5 if rad < 0 else -0.5)),
            (6.75, 2.5 + (0.5 if rad < 0 else -0.5)),
            connectionstyle=f"arc3,rad={rad}",
            arrowstyle="-|>",
            mutation_scale=14,
            color=GREY,
            linewidth=1.4,
        )
    )
    ax.text(5.0, y_text, label, ha="center", va="center", fontsize=9.5, color=GREEN)

ax.text(
    5.0,
    2.5,
    f"{contributions[0]:g} + {contributions[1]:g} = {slope:g}",
    ha="center",
    va="center",
    fontsize=11,
    color=PURPLE,
    weight="bold",
)
fig.tight_layout()
