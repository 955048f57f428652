"""Promise 5, chapter 4: wrong answers learners give get their likely cause.

Each answer here is written as a learner writes it (not the check's own
``like=``), and judged by the file a reader downloads.
"""

from __future__ import annotations

import pytest

from book.exercises import assemble

CHECKER = assemble.load()

# --- 4.1: sum_over_paths(edges, node, value) -------------------------------------


def paths_overwritten(edges, node, value):
    if node == value:
        return 1.0
    total = 0.0
    for parent, local_derivative in edges.get(node, []):
        total = local_derivative * paths_overwritten(edges, parent, value)  # = for +=
    return total


def paths_first_edge_only(edges, node, value):
    if node == value:
        return 1.0
    for parent, local_derivative in edges.get(node, []):
        return local_derivative * paths_first_edge_only(edges, parent, value)


def paths_added_along(edges, node, value):
    if node == value:
        return 1.0
    return sum(
        local_derivative + paths_added_along(edges, parent, value)  # + for *
        for parent, local_derivative in edges.get(node, [])
    )


def paths_every_input_counts(edges, node, value):
    if node not in edges:  # an input: but only value itself starts a path
        return 1.0
    return sum(
        local_derivative * paths_every_input_counts(edges, parent, value)
        for parent, local_derivative in edges[node]
    )


def paths_from_zero(edges, node, value):
    if node == value:
        return 0.0  # d value / d value taken as 0
    return sum(
        local_derivative * paths_from_zero(edges, parent, value)
        for parent, local_derivative in edges.get(node, [])
    )


def paths_indexing_inputs(edges, node, value):
    if node == value:
        return 1.0
    return sum(
        local_derivative * paths_indexing_inputs(edges, parent, value)
        for parent, local_derivative in edges[node]  # an input has no entry
    )


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (paths_overwritten, "overwrite"),
        (paths_first_edge_only, "first"),
        (paths_added_along, "add"),
        (paths_every_input_counts, "inputs"),
        (paths_from_zero, "self"),
        (paths_indexing_inputs, "key"),
    ],
)
def test_exercise_4_1(answer, cause) -> None:
    verdict = CHECKER.judge("4.1", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text


# --- 4.2: the gradient of b in L = (a + b)(a - b) -----------------------------------


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (1 + 5, "sign"),  # the difference's edge to b taken as +1
        (5 * 1 + 1 * -1, "swapped"),  # each product edge carries its own factor
        (1.0, "one path"),  # only the path through s
        (-5.0, "one path"),  # only the path through d
        ((3 + 2) * (3 - 2), "value"),  # L itself
    ],
)
def test_exercise_4_2(answer, cause) -> None:
    verdict = CHECKER.judge("4.2", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text
