"""Fallback for the train-line widget: training a line on four points (chapter 6).

Left: the points and the line after 0, 2, 5, 10 and 100 steps of gradient
descent with learning rate 0.05. Right: the loss before each step.
"""

import matplotlib.pyplot as plt

from style import BLUE, GREEN, GREY, tr
from tinygrad import LINE_DATA, Value, gradient_descent

w, b = Value(-1), Value(0)


def mean_squared_error() -> Value:
    return sum((w * x + b - y) ** 2 for x, y in LINE_DATA) * (1 / len(LINE_DATA))


lines = {0: (w.data, b.data)}
losses: list[float] = []
for step in range(1, 101):
    losses += gradient_descent(mean_squared_error, [w, b], 1, 0.05)
    if step in (2, 5, 10, 100):
        lines[step] = (w.data, b.data)

fig, (left, right) = plt.subplots(1, 2, figsize=(7.6, 3.4))
xs = [-0.3, 3.3]
for i, (step, (slope, intercept)) in enumerate(lines.items()):
    last = step == 100
    left.plot(
        xs,
        [slope * x + intercept for x in xs],
        color=GREEN if last else GREY,
        dashes=() if last else (1 + 2 * i, 2),
        linewidth=2.2 if last else 1.2,  # 3:1, no fading
        label=tr("after {steps} steps", steps=step) if last else None,
    )
    if not last:
        left.annotate(
            f"{step}",
            (3.3, slope * 3.3 + intercept),
            color=GREY,
            fontsize=8,
            xytext=(3, 0),
            textcoords="offset points",
            va="center",
        )
left.plot(
    [x for x, _ in LINE_DATA],
    [y for _, y in LINE_DATA],
    "o",
    color=BLUE,
    label=tr("data"),
)
left.set_xlabel("x")
left.set_ylabel("y")
left.set_title(tr("the line, step by step"))
left.legend(loc="upper left")
right.semilogy(range(len(losses)), losses, color=GREEN)
right.set_xlabel(tr("step"))
right.set_ylabel(tr("loss (log scale)"))
right.set_title(tr("learning rate 0.05"))
fig.tight_layout()
