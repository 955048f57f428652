"""One look for every figure in the book: the palette and the axes style.

The palette is Okabe and Ito's, which stays distinct for colour-blind readers,
with its two lightest colours darkened just enough that every line and point
has 3:1 contrast with the white paper (WCAG's rule for graphics): orange
#E69F00 (2.3:1) became #C27C00 (3.4:1), sky blue #56B4E9 (2.3:1) #3B8ED0
(3.5:1). Nothing is drawn faded (alpha) either: a faded line loses its
contrast. The widgets use the same colours (docs/_static/widgets/widgets.css).
The secant is always orange and the tangent always purple.
"""

import matplotlib.pyplot as plt

BLUE = "#0072B2"  # curves: the function or the loss
ORANGE = "#C27C00"  # secants, finite differences
PURPLE = "#CC79A7"  # tangents, derivatives
GREEN = "#009E73"  # gradient-descent steps, training
VERMILION = "#D55E00"  # errors, divergence
SKY = "#3B8ED0"  # a second series
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
