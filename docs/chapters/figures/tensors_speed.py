"""Time per training example: the scalar engine against the tensor engine (chapter 10).

Both engines take one gradient-descent step of the same network (64 pixels,
32 tanh units, 10 logits, the same starting weights) on the same images. The
times are the stored run's, tensors_results.json beside this script, which
docs/_tools/benchmarks/bench_tensors_chapter.py (make bench-tensors) measures
as the page does; the page quotes the same run.
"""

import json
from pathlib import Path

import matplotlib.pyplot as plt

import style  # beside this script, like the stored run
from style import BLUE, GREEN, GREY, tr

stored = json.loads(
    Path(style.__file__).with_name("tensors_results.json").read_text(encoding="utf-8")
)["per_image_ms"]
scalar_sizes, scalar_ms = stored["scalar_sizes"], stored["scalar"]
tensor_sizes, tensor_ms = stored["tensor_sizes"], stored["tensor"]
at_8 = tensor_sizes.index(8)
speedup = scalar_ms[scalar_sizes.index(8)] / tensor_ms[at_8]

fig, ax = plt.subplots()
ax.loglog(
    scalar_sizes,
    scalar_ms,
    "o-",
    color=BLUE,
    label=tr("scalar engine (tinygrad.Value)"),
)
ax.loglog(
    tensor_sizes,
    tensor_ms,
    "o-",
    color=GREEN,
    label=tr("tensor engine (tensorgrad.Tensor)"),
)
ax.annotate(
    tr("{speedup:,.0f}x faster\nat a batch of 8", speedup=speedup),
    xy=(8, tensor_ms[at_8]),
    xytext=(8, (scalar_ms[-1] * tensor_ms[at_8]) ** 0.5),  # halfway on a log scale
    ha="center",
    va="center",
    color=GREY,
    arrowprops={"arrowstyle": "->", "color": GREY},
)
ax.set_xlabel(tr("images per training step (batch size)"))
ax.set_ylabel(tr("milliseconds per image"))
ax.set_title(tr("One training step of the same network, per image"))
ax.legend(loc="lower left")
fig.tight_layout()
