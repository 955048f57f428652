"""Three ways to the gradient of one loss as its parameters grow (chapter 8).

Finite differences (two passes per parameter), forward mode (one pass per
parameter) and reverse mode (one forward and one backward pass) on the
chapter's loss of P weights. The times are the stored run's,
gradient_costs_results.json beside this script, which
docs/_tools/benchmarks/bench_gradient_costs.py (make bench-costs) measures
with the page's code; the page quotes the same run.
"""

import json
from pathlib import Path

import matplotlib.pyplot as plt

import style  # beside this script, like the stored run
from style import BLUE, ORANGE, PURPLE, tr

stored = json.loads(
    Path(style.__file__)
    .with_name("gradient_costs_results.json")
    .read_text(encoding="utf-8")
)
parameters, ms = stored["parameters"], stored["ms"]

fig, ax = plt.subplots()
for name, colour, marker, label in [
    ("forward_mode", PURPLE, "s", tr("forward mode: P passes")),
    ("finite_differences", ORANGE, "o", tr("finite differences: 2P passes")),
    ("reverse_mode", BLUE, "D", tr("reverse mode: 1 forward, 1 backward")),
]:
    ax.loglog(parameters, ms[name], marker + "-", color=colour, label=label)
ax.set_xlabel(tr("parameters P"))
ax.set_ylabel(tr("milliseconds per gradient"))
ax.set_title(
    tr(
        "The gradient of one loss (stored run, Python {python})",
        python=stored["python"],
    )
)
ax.legend(loc="upper left")
fig.tight_layout()
