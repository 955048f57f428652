"""How well the chain rule's slope predicts a real change in the loss (chapter 3).

Left: L(w) = (2w - 5)**2 near w = 1 and its tangent line; a step of 0.75 is
predicted to change the loss by -9, and really changes it by -6.75.
Right: the gap between exact and predicted change against the step, log-log:
it shrinks like the square of the step (a line of slope 2).
"""

import matplotlib.pyplot as plt

from style import BLUE, PURPLE, VERMILION, tr


def loss(weight: float) -> float:
    return (2 * weight - 5) ** 2


w0 = 1.0
slope = 2 * (2 * w0 - 5) * 2  # 2r * 1 * x = -12
step = 0.75
predicted = slope * step
exact = loss(w0 + step) - loss(w0)

fig, (near, gaps) = plt.subplots(1, 2, figsize=(7.6, 3.4))
ws = [0.6 + i * 0.01 for i in range(161)]  # 0.6 .. 2.2
near.plot(ws, [loss(v) for v in ws], color=BLUE, label="L(w)")
near.plot(
    ws,
    [loss(w0) + slope * (v - w0) for v in ws],
    color=PURPLE,
    label=tr("tangent at w = 1"),
)
near.plot([w0], [loss(w0)], "o", color="black", zorder=5)
near.plot([w0 + step], [loss(w0) + predicted], "o", color=PURPLE, zorder=5)
near.plot([w0 + step], [loss(w0) + exact], "o", color=BLUE, zorder=5)
near.annotate(
    "",
    (w0 + step + 0.05, loss(w0) + predicted),
    (w0 + step + 0.05, loss(w0) + exact),
    arrowprops={"arrowstyle": "<->", "color": VERMILION},
)
near.annotate(
    tr("gap {gap:g}", gap=exact - predicted),
    (w0 + step + 0.06, loss(w0) + (predicted + exact) / 2),
    xytext=(w0 + step + 0.05, loss(w0) + exact + 4),
    color=VERMILION,
    fontsize=9,
    arrowprops={"arrowstyle": "-", "color": VERMILION, "linewidth": 0.8},
)
near.set_xlabel(tr("weight w"))
near.set_ylabel(tr("loss"))
near.set_title(
    tr(
        "Step {step:g}: predicted {predicted:g}, exact {exact:g}",
        step=step,
        predicted=predicted,
        exact=exact,
    )
)
near.legend(loc="upper right", fontsize=9)

steps = [10.0**-k for k in range(0, 5)]
gap = [abs(loss(w0 + s) - loss(w0) - slope * s) for s in steps]
gaps.loglog(steps, gap, "o-", color=VERMILION)
gaps.set_xlabel(tr("step in w"))
gaps.set_ylabel(tr("|exact - predicted|"))
gaps.set_title(tr("The gap shrinks like step²"))
fig.tight_layout()
