"""The x * x trace as a picture (chapter 1, the x-times-x widget).

One input box x = 5 feeds both operands of a multiplication. Each operand's
edge carries the local derivative 5; the two contributions add up to 10.
"""

import matplotlib.pyplot as plt
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

from style import BLUE, GREEN, GREY, PURPLE, tr

x = 5.0
left, right = x, x
q = left * right
output_grad = 1.0
contributions = [output_grad * right, output_grad * left]  # left, then right operand
x_grad = sum(contributions)

fig, ax = plt.subplots(figsize=(6.4, 3.0))
ax.set_xlim(0, 10)
ax.set_ylim(0, 5)
ax.axis("off")


def box(cx: float, cy: float, title: str, data: str, grad: str) -> None:
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
    ax.text(cx, cy - 0.05, data, ha="center", va="center", fontsize=10)
    ax.text(cx, cy - 0.45, grad, ha="center", va="center", fontsize=10, color=PURPLE)


box(2.0, 2.5, "x", f"data {x:g}", f"grad {x_grad:g}")
box(8.0, 2.5, "q = x * x", f"data {q:g}", tr("grad {grad:g} (seed)", grad=output_grad))

for rad, label, y_text in [
    (
        -0.35,
        tr(
            "left operand: local derivative {value:g}, contributes {value:g}",
            value=contributions[0],
        ),
        4.35,
    ),
    (
        0.35,
        tr(
            "right operand: local derivative {value:g}, contributes {value:g}",
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
    f"{contributions[0]:g} + {contributions[1]:g} = {x_grad:g}",
    ha="center",
    va="center",
    fontsize=11,
    color=PURPLE,
    weight="bold",
)
fig.tight_layout()
