"""The trained XOR network's prediction over the unit square (chapter 6).

Trains MLP([2, 4, 1], seed=42) exactly as train_xor() does, checks that its
four predictions equal train_xor()'s, then evaluates it on a grid.
"""

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import LinearSegmentedColormap

from style import BLUE, VERMILION, tr
from tinygrad import MLP, XOR_DATA, Value, gradient_descent, train_xor

model = MLP([2, 4, 1], seed=42)


def mean_squared_error() -> Value:
    return sum((model(x)[0] - y) ** 2 for x, y in XOR_DATA) * (1 / len(XOR_DATA))


gradient_descent(mean_squared_error, model.parameters(), 1000, 0.1)
predictions, _ = train_xor()
assert [model(x)[0].data for x, _ in XOR_DATA] == predictions, (
    "the figure must show train_xor()'s network"
)

grid = np.linspace(-0.1, 1.1, 61)
surface = np.array([[model([float(u), float(v)])[0].data for u in grid] for v in grid])

colours = LinearSegmentedColormap.from_list("minus_plus", [BLUE, "#ffffff", VERMILION])
fig, ax = plt.subplots(figsize=(5.2, 4.2))
image = ax.pcolormesh(
    grid,
    grid,
    surface,
    cmap=colours,
    vmin=-1.5,
    vmax=1.5,
    shading="auto",
    rasterized=True,
)  # a dense heat map: one embedded image, not 3,721 paths
ax.contour(
    grid, grid, surface, levels=[0.0], colors="black", linewidths=1.2, linestyles="--"
)
for (x1, x2), target in XOR_DATA:
    ax.plot(
        x1,
        x2,
        "o",
        markersize=13,
        markerfacecolor=VERMILION if target > 0 else BLUE,
        markeredgecolor="black",
    )
    ax.annotate(
        tr("target {target:+d}", target=target),
        (x1, x2),
        xytext=(0, 12),
        textcoords="offset points",
        ha="center",
        fontsize=9,
        weight="bold",
    )
ax.set_xlabel(tr("first input"))
ax.set_ylabel(tr("second input"))
ax.set_title(tr("prediction of the trained MLP([2, 4, 1])"))
ax.set_aspect("equal")
ax.grid(False)
fig.colorbar(image, ax=ax, label=tr("prediction"))
fig.tight_layout()
