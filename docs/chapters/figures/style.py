"""One look for every figure in the book: the palette and the axes style.

The palette is Okabe and Ito's, which stays distinct for colour-blind readers.
The secant is always orange and the tangent always purple.
"""

import matplotlib.pyplot as plt

BLUE = "#0072B2"  # curves: the function or the loss
ORANGE = "#E69F00"  # secants, finite differences
PURPLE = "#CC79A7"  # tangents, derivatives
GREEN = "#009E73"  # gradient-descent steps, training
VERMILION = "#D55E00"  # errors, divergence
SKY = "#56B4E9"  # a second series
GREY = "#666666"  # guides and annotations

plt.rcParams.update(
    {
        "figure.figsize": (6.4, 3.6),
        "figure.dpi": 100,
        "figure.facecolor": "white",
        "axes.facecolor": "white",
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.grid": True,
        "grid.color": "#dddddd",
        "grid.linewidth": 0.6,
        "font.size": 10,
        "legend.frameon": False,
        "lines.linewidth": 2,
        "svg.fonttype": "path",
    }
)
