"""Chapter 4's promise: `to_dot()` gives the reader DOT text for any graph of their own.

"Their own" includes the engine they type in chapter 5: from step 0 on, a
`Value` with ``data``, ``grad`` and ``edges`` is all `to_dot` needs. The
reader's engines are taken from the chapter's page, as
`test_reader_engine_matches_tinygrad` takes them, and each must be drawn
exactly as the real file's `Value` is on the same graph.
"""

from __future__ import annotations

import pytest

import tinygrad
from helpers import READER_STEPS, complete_engine, engine_after_step
from tinygrad import to_dot


def micrograd_graph(V: type) -> tuple[object, dict[object, str]]:
    """Chapter 4's L = (a*b + c) * f after its backward pass, and its nodes' names."""
    a, b, c, f = V(2), V(-3), V(10), V(-2)
    t = a * b
    d = t + c
    L = d * f
    L.backward()
    return L, {a: "a", b: "b", c: "c", f: "f", t: "t = a*b", d: "d = t + c", L: "L"}


def shared_use(V: type) -> tuple[object, dict[object, str]]:
    """q = a*a + a: one node used three times, four edges in all."""
    a = V(3)
    q = a * a + a
    q.backward()
    return q, {a: "a"}


ENGINES = [pytest.param(step, id=f"step {step}") for step in range(READER_STEPS)] + [
    pytest.param(None, id="complete")
]


def engine(step: int | None) -> type:
    return complete_engine() if step is None else engine_after_step(step)


@pytest.mark.parametrize("step", ENGINES)
@pytest.mark.parametrize("graph", [micrograd_graph, shared_use])
def test_the_readers_engine_is_drawn_as_the_real_one(step, graph) -> None:
    V = engine(step)
    assert V is not tinygrad.Value
    mine, real = to_dot(*graph(V)), to_dot(*graph(tinygrad.Value))
    assert mine == real
    assert mine.count(" -> ") == {micrograd_graph: 6, shared_use: 4}[graph]


def test_the_first_engine_draws_the_numbers_of_chapter_4() -> None:
    text = to_dot(*micrograd_graph(engine_after_step(0)))
    for label in [
        "a\\ndata 2\\ngrad 6",
        "b\\ndata -3\\ngrad -4",
        "c\\ndata 10\\ngrad -2",
        "f\\ndata -2\\ngrad 4",
        "L\\ndata -8\\ngrad 1",
    ]:
        assert f'[label="{label}"]' in text


def test_something_without_edges_is_still_refused() -> None:
    class NoEdges:  # a number with a gradient but no record of its past
        data, grad = 1.0, 0.0

    with pytest.raises(TypeError, match="got NoEdges"):
        to_dot(NoEdges())
