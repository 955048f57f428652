"""Measure what the tensors chapter times, and store it: `make bench-tensors`.

Chapter 11 times the training on the digits and one training step of each
engine on the reader's machine, which the page cannot know. It quotes this
stored run beside the reader's own (tests/book/test_tensors_page_quotes_its_stored_run.py
checks every quoted number against the file), and its speed figure
(docs/chapters/figures/tensors_speed.py) is drawn from it.
Writes ``docs/chapters/figures/tensors_results.json`` with the machine, the
Python and NumPy versions, the date and the commit (``+`` when the tree had
uncommitted changes).

Measured in one fresh process, as the page measures (``time.perf_counter``,
the garbage collector on, NumPy's threads as they come):

- ``training_seconds``: ``train_digits`` with its defaults, once;
- ``step_seconds``: one training step on 8 images, the best of 3 runs for the
  scalar engine and of 20 for the tensor engine, with the page's network;
- ``per_image_ms``: one training step per image for growing batches, the
  scalar engine up to 8 images and the tensor engine up to 1024 (the figure).
"""

from __future__ import annotations

import datetime
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "src"))

import numpy as np  # noqa: E402
from stored_run import commit  # noqa: E402  (next to this script)

from digits import (  # noqa: E402
    DigitsNetwork,
    load_digits_split,
    scalar_cross_entropy,
    train_digits,
)
from tensorgrad import Tensor, cross_entropy  # noqa: E402
from tinygrad import MLP, gradient_descent  # noqa: E402

OUT = ROOT / "docs" / "chapters" / "figures" / "tensors_results.json"
SCALAR_SIZES = [1, 2, 4, 8]
TENSOR_SIZES = [2**k for k in range(11)]


def seconds(step, repeats: int) -> float:
    """The best of a few runs, as the page takes it."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        step()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    train_images, train_labels, _, _ = load_digits_split()
    start = time.perf_counter()
    _, losses = train_digits(train_images, train_labels)
    training_seconds = time.perf_counter() - start

    mlp = MLP([64, 32, 10], seed=0)
    network = DigitsNetwork.from_mlp(mlp)

    def scalar_step(n: int) -> None:
        images, labels = train_images[:n].tolist(), train_labels[:n].tolist()

        def loss_of():
            losses = [scalar_cross_entropy(mlp(x), y) for x, y in zip(images, labels)]
            return sum(losses) * (1 / len(losses))

        gradient_descent(loss_of, mlp.parameters(), steps=1, learning_rate=0.1)

    def tensor_step(n: int) -> None:
        loss = cross_entropy(network(Tensor(train_images[:n])), train_labels[:n])
        loss.backward()
        for parameter in network.parameters():
            parameter.data -= 0.1 * parameter.grad

    scalar_ms = [seconds(lambda n=n: scalar_step(n), 3) / n * 1e3 for n in SCALAR_SIZES]
    tensor_ms = [
        seconds(lambda n=n: tensor_step(n), 20) / n * 1e3 for n in TENSOR_SIZES
    ]
    scalar_8 = scalar_ms[SCALAR_SIZES.index(8)] * 8 / 1e3
    tensor_8 = tensor_ms[TENSOR_SIZES.index(8)] * 8 / 1e3
    results = {
        "made_by": "docs/_tools/benchmarks/bench_tensors_chapter.py (make bench-tensors)",
        "commit": commit(),
        "date": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "machine": f"{platform.system()} {platform.machine()}",
        "timer": "time.perf_counter, the best of 3 (scalar) or 20 (tensor) runs",
        "training_seconds": round(training_seconds, 3),
        "training_steps": len(losses),
        "step_seconds": {"scalar": round(scalar_8, 5), "tensor": round(tensor_8, 7)},
        "per_image_ms": {
            "scalar_sizes": SCALAR_SIZES,
            "scalar": [round(ms, 4) for ms in scalar_ms],
            "tensor_sizes": TENSOR_SIZES,
            "tensor": [round(ms, 5) for ms in tensor_ms],
        },
    }
    OUT.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
