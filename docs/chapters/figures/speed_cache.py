"""The cached benchmark results that chapters 7 and 8 print and plot.

``speed_results.json``, beside this module, is written by `make bench-book`
(docs/_tools/benchmarks/bench_speed_chapter.py), which runs where micrograd is
installed, and records the commit and date that produced it.
"""

import json
from pathlib import Path

PATH = Path(__file__).resolve().parent / "speed_results.json"


def load() -> dict:
    return json.loads(PATH.read_text(encoding="utf-8"))
