"""At the ends of the float range the engine still agrees with PyTorch, and its
gradients stay finite wherever the true gradients are.

Every operation of the catalogue (``tests/engine/operations.py``), with a constant on
either side where it takes one, runs on subnormal, huge, signed-zero, infinite
and nan operands, and passes back an upstream gradient ``g`` drawn from the same
numbers: ``op(x, y) * g``. Hypothesis draws the cases (derandomized, so every run
tries the same ones). Three promises are checked:

1. Where the engine refuses (division by zero, log of a number that is not
   positive, an overflowing ``exp`` or power), PyTorch has no finite answer
   either, or a true local derivative is beyond the largest float (``1/b`` for
   ``b = 1e-310``), which the engine's float cannot hold and its error names;
   everywhere else the values agree, the sign of a zero included
   (``relu(-0.0)`` is -0.0 in both).
2. Where PyTorch's gradient is finite, ours is the same number.
3. Where the true gradient is finite, ours is finite too, unless the engine
   refused. "True" is exact rational arithmetic (``fractions.Fraction``) on the
   same operands, for every operation whose local derivatives are rational (all
   but ``tanh`` and ``exp``); the refusals of a local derivative are checked
   against it too.

The first two need PyTorch (``pip install torch==2.13.0``) and are skipped
without it; the third runs everywhere. Huge exponents, which PyTorch cannot
take, are refused above 2**53 and checked against exact arithmetic up to it.
"""

from __future__ import annotations

import math
import re
import sys
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from operations import SCALAR_OPERATIONS

from helpers import need
from tinygrad import Value

TINY = 5e-324  # the smallest subnormal
HUGE = 1.7976931348623157e308  # the largest float
EXTREMES = [
    *(
        sign * x
        for sign in (1.0, -1.0)
        for x in (0.0, TINY, 1e-310, 2.2250738585072014e-308)
    ),
    *(sign * x for sign in (1.0, -1.0) for x in (1e-300, 1e-160, 0.5, 1.0, 2.0)),
    *(sign * x for sign in (1.0, -1.0) for x in (1e160, 1e300, HUGE, math.inf)),
    709.0,  # exp's largest finite results lie just above
    710.0,  # and exp overflows here
    math.nan,
]
NUMBERS = st.one_of(st.sampled_from(EXTREMES), st.floats(allow_subnormal=True))
# The upstream gradient: finite, since an infinite one has no true gradient to agree
# on (PyTorch's relu passes 0 for inf * 0, where the engine multiplies: nan).
GRADIENTS = NUMBERS.filter(math.isfinite)
REFUSALS = (ZeroDivisionError, ValueError, OverflowError)
# Local derivatives that are rational functions of the operands: 1/a is, exp(a) is not.
RATIONAL = {name for name, op in SCALAR_OPERATIONS.items() if op.exact} | {"log"}
# A subnormal carries an absolute error of up to 2**-1075; an engine that rounds
# one more subnormal on the way (x*x*x against pow(x, 3)) differs by that much,
# times whatever multiplies it later (g).
SUBNORMAL_NOISE = 2.0**-1060
REL = 1e-9


def variants() -> list[tuple[str, str | None, int | None]]:
    """(operation, where a constant goes, pow's exponent) for every form of call."""
    found = []
    for op in SCALAR_OPERATIONS.values():
        if op.exponents:
            found += [(op.name, None, n) for n in op.exponents]
            continue
        found.append((op.name, None, None))
        if op.reflected:
            found += [(op.name, "right", None), (op.name, "left", None)]
    return found


VARIANTS = variants()


def label(variant: tuple) -> str:
    name, k, n = variant
    return (
        name + (f"**{n}" if n else "") + (f" with a constant on the {k}" if k else "")
    )


def operands_of(variant: tuple, leaves: list, k: float | None) -> list:
    """The operation's operands, in order: the leaves, with the constant where it goes."""
    _, where, n = variant
    if where == "right":
        return [*leaves, k]
    if where == "left":
        return [k, *leaves]
    return [*leaves, n] if n else list(leaves)


def draw_case(
    data: st.DataObject, variant: tuple
) -> tuple[list[float], float | None, float]:
    name, where, _ = variant
    arity = SCALAR_OPERATIONS[name].arity - (where is not None)
    xs = [data.draw(NUMBERS, label=f"x{i}") for i in range(arity)]
    k = data.draw(NUMBERS, label="k") if where else None
    g = data.draw(GRADIENTS, label="g")
    return xs, k, g


def ours(variant: tuple, xs: list[float], k: float | None, g: float):
    """(result, gradients) from tinygrad, or the error it raised."""
    leaves = [Value(x) for x in xs]
    try:
        result = SCALAR_OPERATIONS[variant[0]].apply(*operands_of(variant, leaves, k))
    except REFUSALS as error:
        return error
    (result * g).backward()
    return result.data, [leaf.grad for leaf in leaves]


def exact_slopes(variant: tuple, xs: list[float], k: float | None):
    """Every operand's local derivative, in exact fractions; None where not exact."""
    name, where, _ = variant
    numbers = [*xs] + ([k] if where else [])
    if name not in RATIONAL or not all(math.isfinite(x) for x in numbers):
        return None
    constant = None if k is None else Fraction(k)
    operands = operands_of(variant, [Fraction(x) for x in xs], constant)
    if name == "div" and operands[1] == 0 or name == "log" and operands[0] <= 0:
        return None
    return [Fraction(s) for s in SCALAR_OPERATIONS[name].slopes(*operands)]


def exact_gradients(variant: tuple, xs: list[float], k: float | None, g: float):
    """g times each leaf's local derivative, in exact fractions; None where not exact."""
    slopes = exact_slopes(variant, xs, k)
    if slopes is None or not math.isfinite(g):
        return None
    at_leaves = slopes[1:] if variant[1] == "left" else slopes[: len(xs)]
    return [Fraction(g) * s for s in at_leaves]


def refuses_a_local_derivative(error: Exception) -> bool:
    """The engine's refusal of a local derivative that no float holds."""
    return isinstance(error, OverflowError) and "the local derivative" in str(error)


def assert_a_slope_is_beyond_a_float(variant, xs, k, error: Exception) -> None:
    """Such a refusal is true: some operand's exact local derivative exceeds HUGE."""
    slopes = exact_slopes(variant, xs, k)
    if slopes is not None:  # tanh and exp never refuse so; checked where exact
        assert any(abs(s) > HUGE for s in slopes), (
            f"{label(variant)} at {xs}, k={k}: refused ({error}), "
            f"but its local derivatives {[float(s) for s in slopes]} fit in floats"
        )


def as_float(x: Fraction) -> float:
    """The float nearest ``x``, or an infinity where ``x`` is beyond the largest float."""
    try:
        return float(x)
    except OverflowError:
        return math.inf if x > 0 else -math.inf


def agree(mine: float, theirs: float, scale: float = 1.0, rel: float = REL) -> bool:
    if math.isnan(mine) or math.isnan(theirs):
        return math.isnan(mine) and math.isnan(theirs)
    if math.isinf(mine) or math.isinf(theirs):
        return mine == theirs
    return math.isclose(
        mine, theirs, rel_tol=rel, abs_tol=SUBNORMAL_NOISE * max(1.0, abs(scale))
    )


def gradient_tolerance(variant, xs) -> float:
    """tanh's local derivative 1 - t*t cancels as t nears 1 (both engines compute it
    so, rounding differently): its relative error grows like eps / (1 - t*t)."""
    if variant[0] == "tanh" and math.isfinite(xs[0]):
        t = math.tanh(xs[0])
        return max(REL, 4 * sys.float_info.epsilon / max(1.0 - t * t, 1e-300))
    return REL


def same_value(mine: float, theirs: float) -> bool:
    """agree(), and a zero has the same sign in both."""
    if mine == 0.0 and theirs == 0.0:
        return math.copysign(1.0, mine) == math.copysign(1.0, theirs)
    return agree(mine, theirs)


EXTREME = settings(
    max_examples=100,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.mark.parametrize("variant", VARIANTS, ids=label)
@EXTREME
@given(data=st.data())
def test_gradients_are_finite_wherever_the_true_ones_are(data, variant):
    xs, k, g = draw_case(data, variant)
    exact = exact_gradients(variant, xs, k, g)
    got = ours(variant, xs, k, g)
    if isinstance(got, Exception) and refuses_a_local_derivative(got):
        assert_a_slope_is_beyond_a_float(variant, xs, k, got)
    if exact is None or isinstance(got, Exception):
        return
    value, grads = got
    if not math.isfinite(
        value
    ):  # the promise is for finite values: inf / 1e-310 is not
        return
    for i, (mine, true) in enumerate(zip(grads, exact)):
        wanted = as_float(true)
        if math.isfinite(wanted):
            assert math.isfinite(mine), (
                f"{label(variant)} at {xs}, k={k}, g={g}: grad {i} is {mine}, "
                f"the true gradient {wanted!r}"
            )


@pytest.mark.torch
@pytest.mark.parametrize("variant", VARIANTS, ids=label)
@EXTREME
@given(data=st.data())
def test_every_operation_agrees_with_pytorch_at_extreme_numbers(data, variant):
    torch = need("torch")
    xs, k, g = draw_case(data, variant)
    where = f"{label(variant)} at {xs}, k={k}, g={g}"
    leaves = [torch.tensor(x, dtype=torch.float64, requires_grad=True) for x in xs]
    constant = None if k is None else torch.tensor(k, dtype=torch.float64)
    op = SCALAR_OPERATIONS[variant[0]]
    result = op.torch(*operands_of(variant, leaves, constant))
    (result * g).backward()
    theirs = result.item()
    their_grads = [0.0 if t.grad is None else t.grad.item() for t in leaves]

    got = ours(variant, xs, k, g)
    if isinstance(got, Exception):  # promise 1: we refuse only what has no answer
        if refuses_a_local_derivative(got):  # in a float: checked exactly above
            return
        assert not math.isfinite(theirs), (
            f"{where}: we raised {got!r}, PyTorch gave {theirs}"
        )
        return
    mine, grads = got
    assert same_value(mine, theirs), f"{where}: value {mine!r}, PyTorch {theirs!r}"
    exact = exact_gradients(variant, xs, k, g)
    for i, (mine_grad, their_grad) in enumerate(zip(grads, their_grads)):
        if math.isfinite(their_grad) or exact is None:  # promise 2
            assert agree(mine_grad, their_grad, g, gradient_tolerance(variant, xs)), (
                f"{where}: grad {i} {mine_grad!r}, PyTorch {their_grad!r}"
            )
        elif math.isfinite(
            mine
        ):  # promise 3: PyTorch overflowed, or multiplied 0 by inf
            wanted = as_float(exact[i])
            assert agree(mine_grad, wanted, g), (
                f"{where}: grad {i} {mine_grad!r}, exactly {wanted!r} "
                f"(PyTorch {their_grad!r})"
            )


def test_the_cases_reach_every_kind_of_extreme_number():
    """The strategy is worth something only if it draws what the promises are about."""
    kinds = {
        "subnormal": lambda x: 0 < abs(x) < 2.2250738585072014e-308,
        "huge": lambda x: 1e300 <= abs(x) < math.inf,
        "negative zero": lambda x: x == 0 and math.copysign(1, x) < 0,
        "infinite": math.isinf,
        "nan": math.isnan,
    }
    assert all(any(is_kind(x) for x in EXTREMES) for is_kind in kinds.values())
    assert {name for name, _, _ in VARIANTS} == set(SCALAR_OPERATIONS)


@pytest.mark.parametrize(
    ("make", "named"),
    [
        (lambda x: x.log() * 1e-10, "log(1e-310): the local derivative 1/a"),
        (lambda x: x.log().relu() + x, "log(1e-310): the local derivative 1/a"),
        (lambda x: Value(1e-20) / x, "1e-20 / 1e-310: the local derivative 1/b"),
        (lambda x: 1e-200 / x, "1e-200 / 1e-310: the local derivative -a/b**2"),
        (lambda x: Value(1.0) / (x * 1e150), "the local derivative -a/b**2"),
    ],
    ids=["log", "relu of log", "a / b", "k / b", "a / b, b = 1e-160"],
)
def test_a_local_derivative_too_large_for_a_float_is_refused_by_name(make, named):
    """Each once gave inf or nan where PyTorch gives a finite gradient (1e300, 1.0):
    1/a at a = 1e-310 is inf as a float, and so was any gradient passed along it."""
    with pytest.raises(OverflowError, match=re.escape(named)) as info:
        make(Value(1e-310))
    assert str(info.value).endswith("is too large for a float")


def test_a_local_derivative_that_fits_is_a_plain_float():
    for a in (4.0, 2.2250738585072014e-308, 5.6e-309):  # 1/a up to 1.79e308
        (edge,) = Value(a).log().edges
        assert type(edge[1]) is float and edge[1] == 1 / a


def test_relu_keeps_negative_zero_as_pytorch_does():
    for zero in (-0.0, 0.0):
        x = Value(zero)
        y = x.relu()
        assert math.copysign(1.0, y.data) == math.copysign(1.0, zero)
        y.backward()
        assert x.grad == 0.0


HUGE_EXPONENTS = {
    "2**53+1": 2**53 + 1,
    "2**60+1": 2**60 + 1,
    "2**64+1": 2**64 + 1,
    "10**30": 10**30,
    "10**400": 10**400,
    "10**400+1": 10**400 + 1,
}


@pytest.mark.parametrize("n", HUGE_EXPONENTS.values(), ids=HUGE_EXPONENTS.keys())
@pytest.mark.parametrize("x", [1.0, -1.0, 0.0, -0.5, 1 - 2**-53])
def test_an_exponent_above_2_to_the_53_is_refused_by_name(x, n):
    """Python's a ** n would round such an n to a float: (-1.0) ** (2**53 + 1) is 1.0.
    Once the engine gave the exact power; now it says why it gives none."""
    with pytest.raises(ValueError) as info:
        Value(x) ** n
    assert str(info.value) == (
        f"Value ** {n}: powers above 2**53 are not supported "
        "(a float cannot hold them exactly)"
    )


@pytest.mark.parametrize("n", [2**53 - 1, 2**53], ids=["2**53-1", "2**53"])
@pytest.mark.parametrize("x", [1.0, -1.0, 0.0, -0.0, 0.5, -0.5, 1 - 2**-53])
def test_an_exponent_up_to_2_to_the_53_gives_the_exact_power(x, n):
    """Signs follow n's parity; (1 - 2**-53) ** 2**53 is 1/e, its slope n/e."""
    a = Value(x)
    b = a**n
    b.backward()
    sign = math.copysign(1.0, x) if n % 2 else 1.0
    assert math.copysign(1.0, b.data) == sign
    base = Fraction(x)
    if abs(base) in (0, 1):  # exactly: Fraction(0.5) ** 2**53 would not fit in memory
        assert b.data == base**n
        assert agree(a.grad, as_float(n * base ** (n - 1)))
    else:  # |x|**n = exp(n log|x|)
        size = math.exp(n * math.log(abs(x)))
        assert agree(b.data, sign * size)
        assert agree(a.grad, sign * n * size / x)


def test_a_huge_exponent_still_overflows_clearly():
    with pytest.raises(
        OverflowError,
        match=r"^1\.0000001 \*\* 9007199254740992 is too large for a float$",
    ):
        Value(1.0000001) ** 2**53
    with pytest.raises(OverflowError, match="too large for a float"):
        Value(-2.0) ** (2**53 - 1)
