"""backward() handles a million-node chain, repeats exactly, and leaves no cycles."""

from __future__ import annotations

import gc
import sys

import pytest

from tinygrad import MLP, Value


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
