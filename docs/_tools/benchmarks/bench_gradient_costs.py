"""Measure what the chapter "What a gradient costs" times, and store it: `make bench-costs`.

Chapter 8 times three ways to the gradient of one loss on the reader's
machine, which the page cannot know: it checks a bound there, and quotes this
stored run (tests/book/test_costs_page_quotes_its_stored_run.py checks every quoted
number against the file). It runs the page's own definitions, read from the
Markdown, so what it times is what the reader times.
Its figure (docs/chapters/figures/speed_gradient_costs.py) is drawn from it.
Writes ``docs/chapters/figures/gradient_costs_results.json`` with the machine,
the Python version, the date and the commit (``+`` when the tree had
uncommitted changes).

Measured in one fresh process, as the page measures: ``time.process_time``,
the best of 5 runs, the garbage collector on.

- ``ms``: each way to the gradient (finite differences, forward mode, reverse
  mode) for ``parameters`` weights;
- ``one_value``: at 10,000 weights, one evaluation of the loss on floats, the
  forward pass on values, and the forward and backward passes together.
"""

from __future__ import annotations

import ast
import datetime
import json
import platform
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "src"))

from stored_run import commit  # noqa: E402  (next to this script)

from tinygrad import Value  # noqa: E402

OUT = ROOT / "docs" / "chapters" / "figures" / "gradient_costs_results.json"
PARAMETERS = [10, 30, 100, 300, 1000]

PAGE = ROOT / "docs" / "chapters" / "08-speed.md"
# What the page defines and times; the bench runs the page's own definitions.
MEASURED = (
    "loss",
    "finite_differences",
    "Dual",
    "forward_mode",
    "reverse_mode",
    "seconds",
    "forward_only",
)


def page_code() -> dict:
    """The page's first definition of each of MEASURED, run from its Markdown."""
    namespace = {"Value": Value, "time": time, "passes": 0}
    text = PAGE.read_text(encoding="utf-8")
    for block in re.findall(r"```python\n(.*?)```", text, flags=re.S):
        if block.startswith(">>> "):  # a doctest: its code without prompts
            block = "\n".join(
                line[4:] for line in block.splitlines() if line[:4] in (">>> ", "... ")
            )
        wanted = [
            node
            for node in ast.parse(block).body
            if isinstance(node, (ast.FunctionDef, ast.ClassDef))
            and node.name in MEASURED
            and node.name not in namespace
        ]
        exec(compile(ast.Module(wanted, []), str(PAGE), "exec"), namespace)
    missing = [name for name in MEASURED if name not in namespace]
    if missing:
        sys.exit(f"{PAGE.name} no longer defines {', '.join(missing)}")
    return namespace


def problem(p: int) -> tuple[list[float], list[float]]:
    """The page's weights and inputs for p parameters: (xs, weights)."""
    return [1 / (i + 1) for i in range(p)], [0.1] * p


def main() -> None:
    page = page_code()
    seconds, loss = page["seconds"], page["loss"]
    methods = {
        name: page[name]
        for name in ["finite_differences", "forward_mode", "reverse_mode"]
    }
    ms = {name: [] for name in methods}
    for p in PARAMETERS:
        xs, weights = problem(p)
        for name, method in methods.items():
            ms[name].append(round(seconds(method, weights, xs) * 1e3, 4))
    xs, weights = problem(10_000)
    one_value = {
        "parameters": 10_000,
        "floats_ms": round(seconds(loss, weights, xs) * 1e3, 5),
        "forward_ms": round(seconds(page["forward_only"], weights, xs) * 1e3, 4),
        "reverse_ms": round(seconds(page["reverse_mode"], weights, xs) * 1e3, 4),
    }
    results = {
        "made_by": "docs/_tools/benchmarks/bench_gradient_costs.py (make bench-costs)",
        "commit": commit(),
        "date": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "machine": f"{platform.system()} {platform.machine()}",
        "timer": "time.process_time, the best of 5 runs",
        "parameters": PARAMETERS,
        "ms": ms,
        "one_value": one_value,
    }
    OUT.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
