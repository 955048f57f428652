"""Measure what the appendix shows, and cache it: `make bench-book`.

Runs in the bench environment, where micrograd 0.1.0 is installed (the book's
environment does not have it), and writes ``docs/chapters/figures/speed_results.json``
with the commit that produced the numbers, the date and the Python version. The
chapters' tables are checked against that file
(tests/book/test_speed_pages_quote_the_benchmark.py) and their cached figures are
drawn from it. It refuses to run on a tree with uncommitted changes, so that the
stored commit names exactly the code that was measured.

The model, the data and the timing are those of ``docs/chapters/speed_benchmark.py``,
the script the appendix offers for download, so a reader who runs it
repeats this measurement. Measured, in one fresh process with the default
garbage collector:

- ``mlp_step``: one training step of an MLP 2-16-16-1 on 100 points, for
  tinygrad, micrograd, the closure design written in chapter 7, the same
  forward arithmetic on bare floats (``floats``) and on one wrapper object per
  operation (``wrapper``, the download's ``Float``), with the collector on and
  off; and, per value of the graph, the objects the collector tracks
  (``tracked_per_value``).

Times are processor time (``time.process_time``), so that other programs
running on the machine disturb them less; each is the median of a few
repetitions of the mean over several steps.
"""

from __future__ import annotations

import datetime
import gc
import importlib.metadata
import json
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "docs" / "chapters" / "figures"))
sys.path.insert(0, str(ROOT / "docs" / "chapters"))

import tinygrad  # noqa: E402

OUT = ROOT / "docs" / "chapters" / "figures" / "speed_results.json"
SIZES = [2, 16, 16, 1]

# Imported in main(): importing this file needs no micrograd, so that the
# book's environment can read it (and its helpers) too.
seconds_per_step = graph_nodes = None
CLASSES: dict = {}


def load_engines():
    global seconds_per_step, graph_nodes
    import speed_benchmark  # the reader's download: the same model, data and timing

    from designs_page import page  # chapter 7's ClosureValue, from the page itself

    if speed_benchmark.MicrogradValue is None:
        sys.exit(
            "micrograd is not installed: run `make bench-book`, which installs micrograd==0.1.0"
        )
    assert speed_benchmark.SIZES == SIZES
    seconds_per_step, graph_nodes = (
        speed_benchmark.seconds_per_step,
        speed_benchmark.graph_values,
    )
    CLASSES.update(
        tinygrad=tinygrad.Value,
        micrograd=speed_benchmark.MicrogradValue,
        closures=page.ClosureValue,
        wrapper=speed_benchmark.Float,
        floats=float,  # the arithmetic alone (speed_benchmark.bare_loss)
    )


def tracked_per_value(value_class, n_points=100):
    """Objects the collector tracks, per value, in one training step's graph."""
    import speed_benchmark

    layers, data = (
        speed_benchmark.make_mlp(value_class),
        speed_benchmark.points(n_points),
    )
    gc.disable()
    try:
        gc.collect()
        before = len(gc.get_objects())
        loss = sum((speed_benchmark.forward(layers, x) - y) ** 2 for x, y in data) * (
            1.0 / len(data)
        )
        tracked = len(gc.get_objects()) - before
        return round(tracked / speed_benchmark.count_values(loss), 2)
    finally:
        del loss
        gc.collect()
        gc.enable()


def git(*args):
    try:
        return subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def clean_commit():
    """The commit being measured; exits if the tree has uncommitted changes."""
    changed = git("status", "--porcelain", "--untracked-files=no")
    if changed:
        sys.exit(
            "bench-book: commit (or stash) your changes first, so that the stored "
            "commit names the code that was measured:\n" + changed
        )
    return git("rev-parse", "--short=7", "HEAD")


def main():
    commit = clean_commit()
    load_engines()
    n_points = 100
    results = {
        "made_by": "docs/_tools/benchmarks/bench_speed_chapter.py (make bench-book)",
        "commit": commit,
        "date": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "machine": f"{platform.system()} {platform.machine()}",
        "micrograd": importlib.metadata.version("micrograd"),
        "timer": "time.process_time, median of 3 repetitions of the mean over 5 steps",
    }
    print(f"commit {results['commit']}, Python {results['python']}", flush=True)

    nodes = graph_nodes(tinygrad.Value, n_points)
    step = {
        "model": "MLP 2-16-16-1, relu",
        "points": n_points,
        "nodes": nodes,
        "ms": {},
        "ms_collector_off": {},
    }
    for name, cls in CLASSES.items():
        for on, key in [(True, "ms"), (False, "ms_collector_off")]:
            step[key][name] = round(seconds_per_step(cls, n_points, on) * 1e3, 2)
        print(
            f"  {name:10s} {step['ms'][name]:8.1f} ms with the collector,"
            f" {step['ms_collector_off'][name]:7.1f} ms without",
            flush=True,
        )
    step["ns_per_node"] = {k: round(v * 1e6 / nodes, 1) for k, v in step["ms"].items()}
    step["times_floats"] = {
        k: round(v / step["ms"]["floats"], 2) for k, v in step["ms"].items()
    }
    step["tracked_per_value"] = {
        name: tracked_per_value(CLASSES[name])
        for name in ["tinygrad", "closures", "micrograd"]
    }
    print(f"  tracked objects per value: {step['tracked_per_value']}", flush=True)
    results["mlp_step"] = step

    OUT.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
