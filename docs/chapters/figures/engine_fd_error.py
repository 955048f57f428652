"""Finite-difference error against h, on a log-log scale (chapter 5).

For (2w - 5)**3 at w = 1 the exact derivative is 6 * (2w - 5)**2 = 54; the
central difference misses it by truncation error for large h and by
cancellation error for tiny h.
"""

import matplotlib.pyplot as plt
from style import ORANGE, PURPLE

def cubic(weight: float) -> float:
    return (2 * weight - 5) ** 3


hs = [10.0**-k for k in range(1, 16)]
exact_cubic = 6 * (2 * 1.0 - 5) ** 2
errors = [abs((cubic(1 + h) - cubic(1 - h)) / (2 * h) - exact_cubic) or 1e-17 for h in hs]

fig, ax = plt.subplots()
ax.loglog(hs, errors, "o-", color=ORANGE, label="central difference error")
ax.axvline(1e-5, color=PURPLE, linestyle="--", linewidth=1.5, label="h = 1e-5, the book's choice")
ax.set_xlabel("step h")
ax.set_ylabel("|estimate - exact derivative|")
ax.set_title("Error of the central difference for (2w - 5)**3 at w = 1")
ax.legend()
fig.tight_layout()
