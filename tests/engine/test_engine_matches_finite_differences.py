"""Every operation's gradient agrees with a central finite difference.

The operations, and where their inputs may lie, come from ``tests/engine/operations.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from operations import NONZERO, SCALAR_OPERATIONS, Domain

from tinygrad import Value

H = 1e-6


def central_difference(f: Callable[[float], float], x: float) -> float:
    return (f(x + H) - f(x - H)) / (2 * H)


def check_gradient(build: Callable[..., Value], *inputs: float) -> None:
    """Compare d build(*inputs) / d input_i from backward() with finite differences."""
    values = [Value(x) for x in inputs]
    out = build(*values)
    out.backward()
    for i, value in enumerate(values):

        def f(x: float, i: int = i) -> float:
            args = [Value(v) for v in inputs]
            args[i] = Value(x)
            return build(*args).data

        expected = central_difference(f, inputs[i])
        assert math.isclose(value.grad, expected, rel_tol=1e-5, abs_tol=1e-5), (
            f"input {i}: backward() gives {value.grad}, finite difference {expected}"
        )


moderate = st.floats(min_value=-3, max_value=3, allow_nan=False)
MARGIN = 0.1  # how far inputs stay from a pole, a kink or the end of a domain


def operand(domain: Domain, bound: float = 5.0) -> st.SearchStrategy[float]:
    """Numbers in [-bound, bound] inside ``domain``, at least MARGIN inside it."""
    numbers = st.floats(min_value=-bound, max_value=bound, allow_nan=False)
    return numbers.filter(lambda x: domain.contains(x, MARGIN))


away_from_zero = operand(NONZERO, bound=3.0)


@pytest.mark.parametrize("name", sorted(SCALAR_OPERATIONS))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_each_operation(name: str, data: st.DataObject) -> None:
    """Every operation of the catalogue, on values, and with a constant on either side."""
    op = SCALAR_OPERATIONS[name]
    inputs = [
        data.draw(operand(domain), label=f"operand {i}")
        for i, domain in enumerate(op.domain)
    ]
    if op.exponents:  # pow: a whole exponent, not an operand
        n = data.draw(st.sampled_from(op.exponents), label="exponent")
        check_gradient(lambda x: op.apply(x, n), *inputs)
        return
    check_gradient(op.apply, *inputs)
    if op.reflected:
        a, b = inputs
        check_gradient(lambda x: op.apply(x, b), a)  # value and constant: a + 2
        # constant and value: 2 + a, the reflected method
        check_gradient(lambda y: op.apply(a, y), b)


@settings(max_examples=60, deadline=None)
@given(moderate, moderate, moderate)
def test_reflected_operators_with_plain_numbers(a: float, b: float, c: float) -> None:
    check_gradient(lambda x: 2 * x + 1 - x * 3, a)
    check_gradient(lambda x: 5 - x, a)
    check_gradient(lambda x, y, z: sum([x, y * z, z]), a, b, c)


@settings(max_examples=60, deadline=None)
@given(moderate, moderate, away_from_zero)
def test_composite_expression_with_shared_subexpressions(
    a: float, b: float, c: float
) -> None:
    def build(x: Value, y: Value, z: Value) -> Value:
        shared = x * y + z
        return (shared * shared).tanh() + shared / z - (x - y) ** 3 + (y * 0.5).exp()

    check_gradient(build, a, b, c)
