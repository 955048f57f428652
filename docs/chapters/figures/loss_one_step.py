"""One gradient-descent step on L(w) = (2w - 5)**2 (chapter 2, the one-step widget).

From w = 1 (loss 9, slope -12) with learning rate 0.1 the step lands on
w = 2.2 (loss 0.36). The numbers come from the engine's gradient_descent().
"""

import matplotlib.pyplot as plt

from style import BLUE, GREEN, GREY, PURPLE, tr
from tinygrad import Value, gradient_descent

w = Value(1)
start = w.data
(start_loss,) = gradient_descent(
    lambda: (w * 2 - 5) ** 2, [w], steps=1, learning_rate=0.1
)
slope = (start - w.data) / 0.1  # the gradient the step used
end = w.data
end_loss = (2 * end - 5) ** 2

ws = [i * 0.02 for i in range(201)]  # 0 .. 4
fig, ax = plt.subplots()
ax.plot(ws, [(2 * v - 5) ** 2 for v in ws], color=BLUE, label="L(w) = (2w - 5)²")
near = [start - 0.4 + i * 0.05 for i in range(17)]
ax.plot(
    near,
    [start_loss + slope * (v - start) for v in near],
    color=PURPLE,
    label=tr("tangent at w = {w:g}: slope {slope:g}", w=start, slope=slope),
)
ax.annotate(
    "",
    (end, end_loss),
    (start, start_loss),
    arrowprops={
        "arrowstyle": "-|>",
        "color": GREEN,
        "linewidth": 2.2,
        "connectionstyle": "arc3,rad=-0.25",
        "shrinkA": 6,
        "shrinkB": 6,
    },
)
ax.plot([start, end], [start_loss, end_loss], "o", color="black", zorder=5)
ax.annotate(
    tr("w = {w:g}, loss {loss:g}", w=start, loss=start_loss),
    (start, start_loss),
    textcoords="offset points",
    xytext=(10, 4),
    color=GREY,
)
ax.annotate(
    tr("w = {w:.1f}, loss {loss:.2f}", w=end, loss=end_loss),
    (end, end_loss),
    textcoords="offset points",
    xytext=(8, 10),
    color=GREY,
)
ax.plot([], [], color=GREEN, label=tr("one step, learning rate 0.1"))
ax.set_xlim(0, 4)
ax.set_ylim(-1, 26)
ax.set_xlabel(tr("weight w"))
ax.set_ylabel(tr("loss L(w)"))
ax.set_title(tr("One step downhill: w = 1 → 2.2"))
ax.legend(loc="upper right", fontsize=9)
fig.tight_layout()
