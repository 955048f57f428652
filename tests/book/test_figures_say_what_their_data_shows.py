"""Promise 1 of CONTRIBUTING.md for the figures: what they and their captions say is true.

The doctests of the pages check every printed value. The figures make claims
of their own ("the error falls, then rises", "0.2 beats 0.05", "w's gradient
is -12"); these tests run the real figure scripts, the same way the build
does, and check those claims against the data each script plotted. A few
numbers used in the exercises' prose (the curvature matrix of the line fit)
are checked here too.
"""

from __future__ import annotations

import os
import runpy
import sys

import pytest

matplotlib = pytest.importorskip(
    "matplotlib", reason="the figure scripts need matplotlib (docs extra)"
)
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from helpers import DOCS, chapter  # noqa: E402
from tinygrad import LINE_DATA, Value, train_line  # noqa: E402

FIGURES = DOCS / "chapters" / "figures"


def run_figure(name: str) -> dict[str, object]:
    """Run a figure script as the plot directive does; return its globals."""
    old_cwd = os.getcwd()
    sys.modules.pop("style", None)
    try:
        os.chdir(FIGURES)  # the figures import style.py: on pytest's pythonpath
        return runpy.run_path(str(FIGURES / name))
    finally:
        os.chdir(old_cwd)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def texts_of(figure) -> list[str]:
    return [t.get_text() for ax in figure.axes for t in ax.texts]


# --- chapter 4 ----------------------------------------------------------------


def test_the_drawn_graph_shows_the_engines_gradients() -> None:
    g = run_figure("graph_example.py")
    texts = texts_of(g["fig"])
    assert g["L"].data == -8.0
    for name, grad in [("a", 6), ("b", -4), ("c", -2), ("f", 4), ("L", 1)]:
        assert g[name].grad == grad
        assert f"grad {grad}" in texts
    # Every edge carries its local derivative: -3, 2 into t; 1, 1 into d; -2, 4 into L.
    grey = g["style"].GREY  # the colour of the edge labels
    edge_labels = [t.get_text() for t in g["ax"].texts if t.get_color() == grey]
    assert sorted(edge_labels) == sorted(["-3", "2", "1", "1", "-2", "4"])


def test_to_dot_describes_the_drawn_graph() -> None:
    """The DOT text the reader can render says what the book's drawing says."""
    import re

    from tinygrad import to_dot

    g = run_figure("graph_example.py")
    lines = to_dot(g["L"]).splitlines()
    assert (
        lines[:3] == ["digraph {", "  rankdir=LR;", "  node [shape=box];"]
        and lines[-1] == "}"
    )
    node = re.compile(r'^  n(\d+) \[label="data (\S+)\\ngrad (\S+)"\];$')
    edge = re.compile(r'^  n(\d+) -> n(\d+) \[label="(\S+)"\];$')
    nodes = [node.match(line).groups() for line in lines[3:-1] if node.match(line)]
    edges = [edge.match(line).groups() for line in lines[3:-1] if edge.match(line)]
    assert len(nodes) + len(edges) == len(lines) - 4  # every line is a node or an edge
    assert [int(n) for n, _, _ in nodes] == list(range(7))
    assert sorted((float(d), float(gr)) for _, d, gr in nodes) == sorted(
        (v.data, v.grad)
        for v in (g[name] for name in ["a", "b", "c", "f", "t", "d", "L"])
    )
    grey = g["style"].GREY  # the colour of the figure's edge labels
    drawn = [t.get_text() for t in g["ax"].texts if t.get_color() == grey]
    assert sorted(label for _, _, label in edges) == sorted(drawn)
    assert all(
        int(parent) < int(child) for parent, child, _ in edges
    )  # parents numbered first


def test_the_backprop_widget_fallback_shows_w_gradient_minus_12() -> None:
    g = run_figure("graph_backprop_widget.py")
    assert (g["w"].grad, g["x"].grad, g["y"].grad) == (-12.0, -6.0, 6.0)
    assert "grad -12" in texts_of(g["fig"])


# --- chapter 5 ----------------------------------------------------------------


def test_finite_difference_error_falls_then_rises() -> None:
    g = run_figure("engine_fd_error.py")
    hs, errors = list(g["hs"]), list(g["errors"])
    assert g["exact"] == 54.0
    best = min(range(len(hs)), key=lambda i: errors[i])
    assert 1e-6 <= hs[best] <= 1e-4  # the minimum sits around the book's h = 1e-5
    assert errors[best] < 1e-8
    assert errors[0] > 1e-3 and errors[-1] > 1e-4  # large at both ends
    # Truncation: a tenfold smaller h makes the error about a hundred times smaller.
    i, j = (
        hs.index(min(hs, key=lambda h: abs(h - 1e-2))),
        hs.index(min(hs, key=lambda h: abs(h - 1e-3))),
    )
    assert 50 < errors[i] / errors[j] < 200


# --- chapter 6 ----------------------------------------------------------------


def test_learning_rate_curves() -> None:
    g = run_figure("xor_learning_rates.py")
    losses_for = g["losses_for"]
    final = {rate: losses_for(rate)[-1] for rate in (0.01, 0.05, 0.2)}
    assert final[0.2] < final[0.05] < final[0.01]  # "0.2 beats 0.05"
    # the figure's alt text: "by step 40 to about 0.07, 0.004 and 2e-6"
    assert [f"{final[rate]:.0e}" for rate in (0.01, 0.05, 0.2)] == [
        "7e-02",
        "4e-03",
        "2e-06",
    ]
    alt = chapter("xor").read_text(encoding="utf-8")
    assert "by step 40 to about 0.07, 0.004 and 2e-6" in alt
    assert "to nearly 1e16" in alt
    diverging = losses_for(0.3)
    assert all(b > a for a, b in zip(diverging, diverging[1:]))
    assert 5e15 < diverging[-1] < 1e16  # "nearly 1e16"


def test_train_line_fallback() -> None:
    g = run_figure("xor_train_line.py")
    losses = g["losses"]
    assert losses[0] == 41.5 and len(losses) == 100
    assert all(b < a for a, b in zip(losses, losses[1:]))
    assert 1e-5 < losses[-1] < 2e-4
    slope, intercept = g["lines"][
        10
    ]  # "the line turns onto the points within ten steps"
    assert (
        sum((slope * x + intercept - y) ** 2 for x, y in LINE_DATA) / len(LINE_DATA)
        < 0.1
    )


def test_xor_surface_meets_the_targets_at_the_corners() -> None:
    g = run_figure("xor_surface.py")
    grid, surface = list(g["grid"]), g["surface"]
    for (x1, x2), target in g["XOR_DATA"]:
        i = min(range(len(grid)), key=lambda k: abs(grid[k] - x2))
        j = min(range(len(grid)), key=lambda k: abs(grid[k] - x1))
        assert abs(surface[i][j] - target) < 0.05


def test_curvature_of_the_line_fit() -> None:
    """The exercise's matrix [[7, 3], [3, 2]]: second derivatives of the mean squared error."""
    w, b = Value(0), Value(0)

    def gradient_at(w0: float, b0: float) -> tuple[float, float]:
        w.data, b.data = w0, b0
        loss = sum((w * x + b - y) ** 2 for x, y in LINE_DATA) * (1 / len(LINE_DATA))
        loss.backward()
        return w.grad, b.grad

    g0, gw, gb = (
        gradient_at(0, 0),
        gradient_at(1, 0),
        gradient_at(0, 1),
    )  # exact: the loss is quadratic
    hessian = [[gw[0] - g0[0], gb[0] - g0[0]], [gw[1] - g0[1], gb[1] - g0[1]]]
    assert hessian == [[7.0, 3.0], [3.0, 2.0]]


def test_the_bounce_threshold_is_two_over_the_curvature() -> None:
    """Chapter 6's plain-words threshold: curvature 8 for (2w - 5)**2 gives 2 / 8 = 0.25 (the
    loss chapter's exercise 1 bounce), and the line fit's steepest curvature 8.405 gives 0.238."""
    import math

    w = Value(0)

    def slope_at(w0: float) -> float:
        w.data = w0
        ((2 * w - 5) ** 2).backward()
        return w.grad

    curvature = slope_at(1) - slope_at(0)  # exact: the slope 8w - 20 is a straight line
    assert curvature == 8.0 and 2 / curvature == 0.25
    w.data = 1 - 0.25 * slope_at(1)  # "jumped over the bottom to its mirror image"
    assert w.data == 4.0
    steepest = (9 + math.sqrt(61)) / 2  # the larger eigenvalue of [[7, 3], [3, 2]]
    assert round(steepest, 3) == 8.405 and round(2 / steepest, 3) == 0.238


def test_network_drawing_has_one_arrow_per_weight_and_one_bias_per_neuron() -> None:
    from matplotlib.patches import Circle, FancyArrowPatch

    g = run_figure("xor_network.py")
    ax = g["ax"]
    assert g["sizes"] == [2, 4, 1]
    assert (
        sum(isinstance(patch, FancyArrowPatch) for patch in ax.patches) == 2 * 4 + 4 * 1
    )
    assert sum(isinstance(patch, Circle) for patch in ax.patches) == 2 + 4 + 1
    texts = [text.get_text() for text in ax.texts]
    assert texts.count("+b") == 4 + 1 and texts.count("tanh") == 4
    assert (
        "4 tanh neurons\n12 parameters" in texts
        and "1 linear neuron\n5 parameters" in texts
    )
    plt.close("all")


def test_learning_rate_threshold() -> None:
    """The exercise's threshold 2 / 8.405 = 0.238: just below it training converges, just above not."""
    assert train_line(learning_rate=0.237)[2] < 1e-3
    assert train_line(learning_rate=0.239)[2] > 41.5  # worse than the start
