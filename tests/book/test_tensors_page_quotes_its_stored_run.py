"""Every printed value is checked: the stored timings that the digits chapter quotes.

How long the training and one training step take depends on the reader's
machine, so chapter 11 checks a bound on it and prints the reader's own times
without showing them; beside them it quotes the run that
``docs/_tools/benchmarks/bench_tensors_chapter.py`` (``make bench-tensors``)
stored in ``docs/chapters/figures/tensors_results.json``, from which its speed
figure is drawn too. This test derives every quoted number from that file and
finds it, digit for digit, in the page, and checks that the stored run keeps the
bounds the page checks on every machine.
"""

from __future__ import annotations

import json
import re

from helpers import ROOT, chapter

PAGE = chapter("digits")
RESULTS = ROOT / "docs" / "chapters" / "figures" / "tensors_results.json"


def stored() -> dict:
    return json.loads(RESULTS.read_text(encoding="utf-8"))


def quotes(run: dict) -> list[str]:
    """The sentences of the page that quote the stored run, as the page words them."""
    steps = run["step_seconds"]
    speedup = steps["scalar"] / steps["tensor"]
    images = 1348  # the training images: load_digits_split's three quarters of 1797
    scalar_epoch = steps["scalar"] / 8 * images
    tensor_epoch = run["training_seconds"] / 20
    return [
        f"the run we stored, on {run['machine']} with Python {run['python']},"
        f" took {run['training_seconds']:.2f} s",
        f"on the stored run the tensor step was {speedup:,.0f}x faster",
        f"On the stored run: {scalar_epoch:.0f} s against {tensor_epoch:.3f} s",
    ]


def page_text() -> str:
    return re.sub(r"\s+", " ", PAGE.read_text(encoding="utf-8"))


def test_the_page_quotes_the_stored_run_digit_for_digit() -> None:
    text = page_text()
    missing = [quote for quote in quotes(stored()) if quote not in text]
    assert not missing, f"{PAGE.name} does not quote {RESULTS.name} as: {missing}"


def test_the_stored_run_keeps_the_bounds_the_page_checks() -> None:
    run = stored()
    text = page_text()
    assert "training_seconds < 5" in text and run["training_seconds"] < 5
    assert "speedup > 100" in text
    assert run["step_seconds"]["scalar"] / run["step_seconds"]["tensor"] > 100
    assert run["training_steps"] == 860 and "(860, 43, True)" in text


def test_the_figure_is_drawn_from_the_stored_run() -> None:
    figure = (ROOT / "docs" / "chapters" / "figures" / "tensors_speed.py").read_text()
    assert RESULTS.name in figure and "perf_counter" not in figure
    sizes = stored()["per_image_ms"]
    assert 8 in sizes["scalar_sizes"] and 8 in sizes["tensor_sizes"]
    assert len(sizes["scalar"]) == len(sizes["scalar_sizes"])
    assert len(sizes["tensor"]) == len(sizes["tensor_sizes"])
