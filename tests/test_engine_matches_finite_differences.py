"""Every operation's gradient agrees with a central finite difference."""

from __future__ import annotations

import math
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

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
away_from_zero = moderate.filter(lambda x: abs(x) > 0.1)
positive = st.floats(min_value=0.1, max_value=5)


@settings(max_examples=60, deadline=None)
@given(moderate, moderate)
def test_add_sub_mul(a: float, b: float) -> None:
    check_gradient(lambda x, y: x + y, a, b)
    check_gradient(lambda x, y: x - y, a, b)
    check_gradient(lambda x, y: x * y, a, b)


@settings(max_examples=60, deadline=None)
@given(moderate, away_from_zero)
def test_division(a: float, b: float) -> None:
    check_gradient(lambda x, y: x / y, a, b)
    check_gradient(lambda y: 3 / y, b)
    check_gradient(lambda x: x / 4, a)


@settings(max_examples=60, deadline=None)
@given(moderate, st.integers(min_value=1, max_value=5))
def test_integer_powers(a: float, n: int) -> None:
    check_gradient(lambda x: x**n, a)


@settings(max_examples=60, deadline=None)
@given(moderate)
def test_tanh_exp_neg(a: float) -> None:
    check_gradient(lambda x: x.tanh(), a)
    check_gradient(lambda x: x.exp(), a)
    check_gradient(lambda x: -x, a)


@settings(max_examples=60, deadline=None)
@given(away_from_zero)
def test_relu_away_from_the_kink(a: float) -> None:
    check_gradient(lambda x: x.relu(), a)


@settings(max_examples=60, deadline=None)
@given(positive)
def test_log(a: float) -> None:
    check_gradient(lambda x: x.log(), a)


@settings(max_examples=60, deadline=None)
@given(moderate, moderate, moderate)
def test_reflected_operators_with_plain_numbers(a: float, b: float, c: float) -> None:
    check_gradient(lambda x: 2 * x + 1 - x * 3, a)
    check_gradient(lambda x: 5 - x, a)
    check_gradient(lambda x, y, z: sum([x, y * z, z]), a, b, c)


@settings(max_examples=60, deadline=None)
@given(moderate, moderate, away_from_zero)
def test_composite_expression_with_shared_subexpressions(a: float, b: float, c: float) -> None:
    def build(x: Value, y: Value, z: Value) -> Value:
        shared = x * y + z
        return (shared * shared).tanh() + shared / z - (x - y) ** 3 + (y * 0.5).exp()

    check_gradient(build, a, b, c)
