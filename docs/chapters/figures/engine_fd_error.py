"""Error of a central finite difference against the nudge h, log-log (chapter 5).

The function is (2w - 5)**3 at w = 1; the exact derivative, 54, comes from the
book's engine. For large h the error is truncation error, about 8 h**2 (a
third of the h**2 term of the Taylor series); for tiny h it is cancellation
error, about (rounding error of f) / h.
"""

import sys

import matplotlib.pyplot as plt
import numpy as np

from style import GREY, ORANGE, PURPLE, tr
from tinygrad import Value

w = Value(1)
cube = (w * 2 - 5) ** 3
cube.backward()
exact = w.grad  # 54.0


def cubic(weight: float) -> float:
    return (2 * weight - 5) ** 3


hs = np.logspace(-1, -14, 53)
errors = np.array([abs((cubic(1 + h) - cubic(1 - h)) / (2 * h) - exact) for h in hs])
shown = errors > 0  # an exact hit (error 0) has no place on a log scale

fig, ax = plt.subplots()
ax.loglog(hs, 8 * hs**2, "--", color=GREY, linewidth=1.2)
ax.loglog(
    hs, sys.float_info.epsilon * abs(cubic(1)) / hs, ":", color=GREY, linewidth=1.5
)
ax.loglog(
    hs[shown],
    errors[shown],
    "o-",
    color=ORANGE,
    markersize=3.5,
    label=tr("central difference error"),
)
ax.axvline(
    1e-5,
    color=PURPLE,
    linestyle="--",
    linewidth=1.5,
    label=tr("h = 1e-5, the book's choice"),
)
ax.text(
    8e-2,
    1e-8,
    tr("truncation error\nfalls like h²"),
    color=GREY,
    ha="left",
    va="center",
)
ax.text(
    3e-12,
    1e-5,
    tr("cancellation error\ngrows like 1/h"),
    color=GREY,
    ha="left",
    va="center",
)
ax.set_xlabel(tr("nudge h"))
ax.set_ylabel(tr("|estimate − exact derivative|"))
ax.set_title(tr("Central difference for (2w − 5)³ at w = 1, against the engine's 54"))
ax.set_ylim(1e-12, 1)
ax.invert_xaxis()
ax.legend(loc="upper center")
fig.tight_layout()
