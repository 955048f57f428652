"""Broadcasting uses a bias in every row; its reverse sums the gradient (chapter 10).

Left: the forward pass, where NumPy uses a bias row of shape (3,) in each of
the 4 rows of a batch. Right: the backward pass, where `tensorgrad.unbroadcast`
sums the (4, 3) gradient down the rows into the bias's gradient.
"""

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Rectangle

from style import BLUE, GREY, PURPLE, tr
from tensorgrad import unbroadcast

grad = np.array([[1.0, 0.0, 2.0], [0.0, 1.0, 1.0], [1.0, 1.0, 0.0], [2.0, 0.0, 1.0]])
bias_grad = unbroadcast(grad, (3,))  # the engine computes the picture's sums


def cells(ax, x0, y0, texts, colour, alpha):
    """Draw a grid of labelled cells with its top-left corner at (x0, y0)."""
    for i, row in enumerate(texts):
        for j, text in enumerate(row):
            corner = (x0 + j, y0 - i - 1)
            ax.add_patch(
                Rectangle(
                    corner, 1, 1, facecolor=colour, alpha=alpha, edgecolor="white", lw=2
                )
            )
            ax.text(
                x0 + j + 0.5, y0 - i - 0.5, text, ha="center", va="center", fontsize=11
            )


def arrow(ax, x, y_from, y_to):
    ax.annotate(
        "",
        xy=(x, y_to),
        xytext=(x, y_from),
        arrowprops={"arrowstyle": "->", "color": GREY},
    )


fig, (forward, backward) = plt.subplots(1, 2, figsize=(6.4, 3.3))
for ax in (forward, backward):
    ax.set_xlim(-0.2, 4.4)
    ax.set_ylim(-5.6, 1.6)
    ax.set_aspect("equal")
    ax.axis("off")

forward.set_title(tr("forward: NumPy uses b\nin every row"), fontsize=10)
cells(forward, 0.6, 1.2, [["b0", "b1", "b2"]], BLUE, 0.55)
cells(forward, 0.6, -0.8, [["b0", "b1", "b2"]] * 4, BLUE, 0.2)
arrow(forward, 2.1, 0.15, -0.75)
forward.text(3.7, 0.7, "(3,)", color=GREY, va="center")
forward.text(3.7, -2.8, "(4, 3)", color=GREY, va="center")

backward.set_title(tr("backward: the gradients\nof those uses add up"), fontsize=10)
cells(backward, 0.6, 1.2, [[f"{g:g}" for g in row] for row in grad], PURPLE, 0.25)
cells(backward, 0.6, -4.0, [[f"{g:g}" for g in bias_grad]], PURPLE, 0.6)
arrow(backward, 2.1, -2.95, -3.95)
backward.text(3.7, -1.0, "(4, 3)", color=GREY, va="center")
backward.text(3.7, -4.5, "(3,)", color=GREY, va="center")
backward.text(
    2.1, -5.4, tr("b.grad = sum over the rows"), ha="center", color=GREY, fontsize=9
)
fig.tight_layout(pad=0.2)
