"""Squared error against absolute error, and their slopes (chapter 2, the loss-choice widget).

The target is y = 5. At the prediction y_hat = 2 the squared error's slope is
-6 and the absolute error's slope is -1; at the kink y_hat = 5 we use 0.
"""

import matplotlib.pyplot as plt

from style import BLUE, GREY, VERMILION, tr

target = 5.0
current = 2.0


def squared_error(y_hat: float) -> float:
    return (y_hat - target) ** 2


def absolute_error(y_hat: float) -> float:
    return abs(y_hat - target)


def squared_slope(y_hat: float) -> float:
    return 2 * (y_hat - target)


def absolute_slope(y_hat: float) -> float:
    error = y_hat - target
    return 1.0 if error > 0 else -1.0 if error < 0 else 0.0  # subgradient 0 at the kink


ys = [1.0 + i * 0.01 for i in range(801)]  # 1 .. 9
fig, (losses, slopes) = plt.subplots(1, 2, figsize=(7.6, 3.4))

losses.plot(ys, [squared_error(y) for y in ys], color=BLUE, label=tr("squared error"))
losses.plot(
    ys,
    [absolute_error(y) for y in ys],
    color=VERMILION,
    linestyle="--",
    label=tr("absolute error"),
)
losses.set_ylim(-0.5, 10)
losses.set_title(tr("Loss against prediction (target 5)"))
losses.set_ylabel(tr("loss"))

below, above = [y for y in ys if y < target], [y for y in ys if y > target]
slopes.plot(
    ys, [squared_slope(y) for y in ys], color=BLUE, label=tr("squared: 2(ŷ - y)")
)
for part in (below, above):
    slopes.plot(
        part, [absolute_slope(y) for y in part], color=VERMILION, linestyle="--"
    )
slopes.plot([], [], color=VERMILION, linestyle="--", label=tr("absolute: -1 or +1"))
slopes.plot([target], [absolute_slope(target)], "o", color=VERMILION, markersize=5)
slopes.annotate(
    tr("0 at the kink"),
    (target, 0),
    textcoords="offset points",
    xytext=(8, -16),
    color=VERMILION,
    fontsize=9,
)
slopes.set_ylim(-8.5, 8.5)
slopes.set_title(tr("Slope against prediction"))
slopes.set_ylabel(tr("gradient of the loss w.r.t. ŷ"))

for ax in (losses, slopes):
    ax.axvline(current, color=GREY, linewidth=1, linestyle=":")
    ax.set_xlabel(tr("prediction ŷ"))
    ax.legend(loc="upper center", fontsize=9)
for value in (squared_slope(current), absolute_slope(current)):
    slopes.plot([current], [value], "o", color="black", markersize=5, zorder=5)
    slopes.annotate(
        f"{value:g}",
        (current, value),
        textcoords="offset points",
        xytext=(-22, 6),
        fontsize=9,
    )
fig.tight_layout()
