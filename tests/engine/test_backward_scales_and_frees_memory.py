"""backward() handles a million-node chain, repeats exactly, and leaves no cycles.

Its walk, `topological_order` (chapter 5's step 5: a stack of its own), finds
the order of step 0's recursion, at any depth and for any number of edges.
"""

from __future__ import annotations

import gc
import inspect
import sys

import pytest

from tinygrad import MLP, Value, topological_order


@pytest.mark.slow  # a million nodes
def test_a_million_node_chain_at_the_default_recursion_limit() -> None:
    assert sys.getrecursionlimit() < 100_000  # a recursive traversal would fail
    x = Value(1.0)
    y = x
    for _ in range(1_000_000):
        y = y + 1.0  # a chain of 1,000,001 values
    y.backward()
    assert (y.data, x.grad) == (1_000_001.0, 1.0)
    del y  # freeing the chain must not overflow the C stack either
    assert x.grad == 1.0


def test_backward_twice_gives_the_same_gradients() -> None:
    a, b = Value(2.0), Value(-3.0)
    out = (a * b + a).tanh() * b
    out.backward()
    first = (a.grad, b.grad)
    out.backward()
    assert (a.grad, b.grad) == first


def test_backward_clears_only_what_it_reaches() -> None:
    a, b = Value(1.0), Value(2.0)
    (a * 3).backward()
    (b * 5).backward()
    assert (a.grad, b.grad) == (3.0, 5.0)


def graph(shape: str) -> Value:
    """A graph of each kind the walk meets: shallow, deeper than Python's recursion
    limit, wide, and a value of more edges than an operator makes."""
    a, b = Value(0.5), Value(-2.0)
    if shape == "shallow":
        return (a * b + a).tanh() * b + a**3
    if shape == "deep":  # 2,000 levels with branches back to a and b
        out = a
        for i in range(2000):
            out = out * 1.001 + b if i % 3 else (out + a).tanh()
        return out
    if shape == "many edges":  # Value() with more edges than an operator makes
        c = a * b
        return Value(1.0, [(c, 2.0), (a, 3.0), (c, -1.0), (b, 0.5), (a, 1.0)]) * a
    return sum(a * k + b for k in range(300))  # wide: one long sum


def recursive_order(output: Value) -> list[Value]:
    """Chapter 5's step 0: the order its recursive ``visit`` finds."""
    order: list[Value] = []
    seen: set[Value] = set()

    def visit(node: Value) -> None:
        if node not in seen:
            seen.add(node)
            for parent, _ in node.edges:
                visit(parent)
            order.append(node)

    visit(output)
    return order


@pytest.mark.parametrize("shape", ["shallow", "deep", "wide", "many edges"])
def test_the_walk_finds_the_order_of_step_0s_recursion(shape: str) -> None:
    out = graph(shape)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))  # the deep graph, for the recursion
    try:
        expected = recursive_order(out)
    finally:
        sys.setrecursionlimit(limit)
    order = topological_order(out)
    assert len(order) == len(expected) and all(
        node is other for node, other in zip(order, expected)
    )


def test_a_value_of_many_edges_passes_back_along_each() -> None:
    out = graph("many edges")  # v * a, v with local derivatives 2, 3, -1, 0.5, 1
    out.backward()
    (v, a_data), (a, v_data) = out.edges
    b = v.edges[3][0]
    # out's grad times v's local derivatives: to c = a * b, 2 - 1; to a, 3 + 1
    dv = a_data  # 0.5
    assert a.grad == v_data + dv * (3.0 + 1.0 + (2.0 - 1.0) * b.data)  # 1 + 0.5 * 2
    assert b.grad == dv * (0.5 + (2.0 - 1.0) * a.data)  # 0.5 * 1
    assert (a.grad, b.grad) == (2.0, 0.5)


def test_edges_are_parent_and_local_derivative_pairs() -> None:
    a, b = Value(2.0), Value(-3.0)
    product = a * b
    assert product.edges == ((a, -3.0), (b, 2.0))
    assert Value(1.0, list(product.edges)).edges == product.edges
    assert Value(1.0).edges == () and (a + 1).edges == ((a, 1.0),)


def test_backward_works_with_little_of_pythons_recursion_left() -> None:
    def at_depth(n: int) -> float:
        if n:
            return at_depth(n - 1)
        out = graph("deep")
        out.backward()
        return out.grad

    depth = len(inspect.stack())
    assert at_depth(sys.getrecursionlimit() - depth - 60) == 1.0


class Interrupting(Value):
    """An input whose edges raise KeyboardInterrupt the first time they are read."""

    __slots__ = ("interrupted",)

    def __init__(self, data: float) -> None:
        super().__init__(data)
        self.interrupted = False

    @property
    def edges(self) -> tuple:
        if not self.interrupted:
            self.interrupted = True
            raise KeyboardInterrupt
        return ()

    @edges.setter
    def edges(self, value: tuple) -> None:
        pass


def test_an_interrupted_backward_leaves_no_wrong_gradients() -> None:
    a, b = Value(3.0), Interrupting(2.0)
    q = (a * a + a) * b  # the walk reaches b after it has seen a and a * a
    with pytest.raises(KeyboardInterrupt):
        q.backward()
    q.backward()
    assert (a.grad, b.grad) == (14.0, 12.0)


def live_values() -> int:
    return sum(1 for obj in gc.get_objects() if type(obj) is Value)


def test_a_dropped_graph_is_freed_by_reference_counting_alone() -> None:
    model = MLP([2, 4, 1])
    gc.collect()
    gc.disable()
    try:
        before = live_values()
        loss = sum((model([x, 1 - x])[0] - 1) ** 2 for x in (0.0, 0.5, 1.0))
        loss.backward()
        assert live_values() > before + 50
        del loss
        assert live_values() == before, (
            "the graph should be freed as soon as it is dropped"
        )
        assert gc.collect() == 0, (
            "gc found unreachable objects: something holds a cycle"
        )
    finally:
        gc.enable()


def test_values_have_no_instance_dict() -> None:
    assert not hasattr(Value(1.0), "__dict__")
