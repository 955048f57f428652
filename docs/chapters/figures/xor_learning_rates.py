"""Loss curves of the line fit for several learning rates (chapter 6).

The same start (w = -1, b = 0), the same four points, the engine's own
gradient_descent; only the learning rate changes. 0.3 overshoots: the loss
grows at every step.
"""

import matplotlib.pyplot as plt

from style import BLUE, GREEN, SKY, VERMILION, tr
from tinygrad import LINE_DATA, Value, gradient_descent

STEPS = 40


def losses_for(learning_rate: float) -> list[float]:
    w, b = Value(-1), Value(0)

    def mean_squared_error() -> Value:
        return sum((w * x + b - y) ** 2 for x, y in LINE_DATA) * (1 / len(LINE_DATA))

    return gradient_descent(mean_squared_error, [w, b], STEPS, learning_rate)


fig, ax = plt.subplots()
for learning_rate, colour, dashes in [
    (0.01, SKY, ":"),
    (0.05, GREEN, "-"),
    (0.2, BLUE, "--"),
    (0.3, VERMILION, "-"),
]:
    label = (
        tr("learning rate {rate} (diverges)", rate=learning_rate)
        if learning_rate == 0.3
        else tr("learning rate {rate}", rate=learning_rate)
    )
    ax.semilogy(losses_for(learning_rate), dashes, color=colour, label=label)
ax.set_xlabel(tr("step"))
ax.set_ylabel(tr("mean squared error (log scale)"))
ax.set_title(tr("Fitting y = 2x + 1 from w = -1, b = 0"))
ax.set_ylim(1e-6, 1e16)
ax.legend(loc="upper left", ncols=2)
fig.tight_layout()
