"""Draw a computation graph of the book's engine with matplotlib (chapter 4).

Not a figure itself: the figure scripts ``graph_*.py`` build a real graph with
`tinygrad.Value`, run ``backward()``, and call `draw_graph`. Every box shows a
value's name, its ``data`` and its ``grad``; every arrow is an edge, labelled
with its local derivative. The layout is computed from the graph: leaves on
the left, the output on the right.
"""

from __future__ import annotations

from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

from style import BLUE, GREY, PURPLE
from tinygrad import Value, topological_order

BOX_WIDTH, BOX_HEIGHT = 1.5, 0.95
COLUMN_STEP, ROW_STEP = 2.35, 1.25


def _number(x: float) -> str:
    """Short and exact for the book's small examples: 2.0 -> '2', 0.25 -> '0.25'."""
    return f"{x:.4g}"


def _layout(output: Value) -> dict[Value, tuple[float, float]]:
    order = topological_order(output)  # inputs before the values made from them
    column: dict[Value, int] = {}
    for node in order:  # an operation sits one column right of its furthest input
        column[node] = 1 + max((column[p] for p, _ in node.edges), default=-1)
    children: dict[Value, list[Value]] = {node: [] for node in order}
    for node in order:
        for parent, _ in node.edges:
            children[parent].append(node)
    for node in order:  # an input sits just left of the first value that uses it
        if not node.edges and children[node]:
            column[node] = min(column[c] for c in children[node]) - 1
    # Rows: the output in the middle; each value's inputs spread around it.
    row: dict[Value, float] = {output: 0.0}
    for node in reversed(order):
        parents = list(dict.fromkeys(p for p, _ in node.edges))
        for i, parent in enumerate(parents):
            if parent not in row:
                row[parent] = row[node] + (len(parents) - 1) / 2 - i
    return {node: (column[node] * COLUMN_STEP, row[node] * ROW_STEP) for node in order}


def draw_graph(
    ax, output: Value, names: dict[Value, str], show_grad: bool = True
) -> None:
    """Draw every value `output` depends on; `names` labels each box."""
    position = _layout(output)
    for node, (x, y) in position.items():
        ax.add_patch(
            FancyBboxPatch(
                (x - BOX_WIDTH / 2, y - BOX_HEIGHT / 2),
                BOX_WIDTH,
                BOX_HEIGHT,
                boxstyle="round,pad=0.02,rounding_size=0.12",
                facecolor="white",
                edgecolor=BLUE,
                linewidth=1.6,
            )
        )
        ax.text(
            x,
            y + 0.25,
            names[node],
            ha="center",
            va="center",
            fontsize=10,
            weight="bold",
        )
        ax.text(
            x,
            y,
            f"data {_number(node.data)}",
            ha="center",
            va="center",
            fontsize=9.5,
            color=BLUE,
        )
        if show_grad:
            ax.text(
                x,
                y - 0.25,
                f"grad {_number(node.grad)}",
                ha="center",
                va="center",
                fontsize=9.5,
                color=PURPLE,
                weight="bold",
            )
    for node, (x, y) in position.items():
        uses: dict[Value, int] = {}
        for parent, local_derivative in node.edges:
            k = uses.get(parent, 0)  # a second edge to the same parent (a * a) bends
            uses[parent] = k + 1
            px, py = position[parent]
            start, end = (px + BOX_WIDTH / 2, py), (x - BOX_WIDTH / 2, y)
            bend = 0.0 if k == 0 else 0.35 * (-1) ** k
            ax.add_patch(
                FancyArrowPatch(
                    start,
                    end,
                    arrowstyle="-|>",
                    mutation_scale=12,
                    color=GREY,
                    linewidth=1.2,
                    connectionstyle=f"arc3,rad={bend}",
                )
            )
            mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2 - bend * 0.6
            ax.text(
                mx,
                my,
                _number(local_derivative),
                ha="center",
                va="center",
                fontsize=9,
                color=GREY,
                bbox={
                    "boxstyle": "round,pad=0.15",
                    "facecolor": "white",
                    "edgecolor": "none",
                },
            )
    xs = [x for x, _ in position.values()]
    ys = [y for _, y in position.values()]
    ax.set_xlim(min(xs) - BOX_WIDTH / 2 - 0.1, max(xs) + BOX_WIDTH / 2 + 0.1)
    ax.set_ylim(min(ys) - BOX_HEIGHT / 2 - 0.1, max(ys) + BOX_HEIGHT / 2 + 0.1)
    ax.set_aspect("equal")
    ax.axis("off")
