"""L(w) = (2w - 5)**2 with its tangent lines at w = 1 and w = 4 (chapter 2).

Both points have loss 9; the slopes are -12 and +12, so they need opposite moves.
The slopes come from the engine's backward pass.
"""

import matplotlib.pyplot as plt

from style import BLUE, GREEN, GREY, PURPLE, tr
from tinygrad import Value


def loss_and_slope(weight: float) -> tuple[float, float]:
    w = Value(weight)
    loss = (w * 2 - 5) ** 2
    loss.backward()
    return loss.data, w.grad


ws = [i * 0.02 for i in range(251)]  # 0 .. 5
fig, ax = plt.subplots()
ax.plot(ws, [loss_and_slope(w)[0] for w in ws], color=BLUE, label="L(w) = (2w - 5)²")

for w0, dx in [(1.0, 0.9), (4.0, -0.9)]:
    loss0, slope = loss_and_slope(w0)
    near = [w0 - 0.75 + i * 0.05 for i in range(31)]
    ax.plot(near, [loss0 + slope * (w - w0) for w in near], color=PURPLE)
    ax.plot([w0], [loss0], "o", color="black", zorder=5)
    ax.text(
        w0 + (0.65 if w0 < 2.5 else -0.65),
        13.5,
        tr("w = {w:g}\nloss {loss:g}, slope {slope:+g}", w=w0, loss=loss0, slope=slope),
        ha="center",
        va="center",
        color=GREY,
        fontsize=9.5,
    )
    ax.annotate(
        "",
        (w0 + dx, loss0 + 1.5),
        (w0, loss0 + 1.5),
        arrowprops={"arrowstyle": "-|>", "color": GREEN, "linewidth": 2},
    )

ax.plot([], [], color=PURPLE, label=tr("tangent lines"))
ax.plot([], [], color=GREEN, label=tr("downhill move"))
ax.set_xlim(0, 5)
ax.set_ylim(-2, 28)
ax.set_xlabel(tr("weight w"))
ax.set_ylabel(tr("loss L(w)"))
ax.set_title(tr("Same loss, opposite slopes"))
ax.legend(loc="upper center", fontsize=9)
fig.tight_layout()
