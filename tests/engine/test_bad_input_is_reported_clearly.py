"""Bad input gets a clear error that names what was wrong."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from tinygrad import (
    MLP,
    TrainingDiverged,
    Value,
    gradient_descent,
    is_number,
    to_dot,
    train_line,
    train_xor,
)


@pytest.mark.parametrize("bad", ["abc", None, [1, 2], True, 1 + 2j])
def test_value_rejects_non_numbers(bad: object) -> None:
    with pytest.raises(TypeError, match="Value\\(\\) needs a real number, got"):
        Value(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError) as info:
        Value(bad)  # type: ignore[arg-type]
    assert type(bad).__name__ in str(info.value)


PARENT = Value(2)


@pytest.mark.parametrize(
    "edges, named",
    [
        (5, "Value() edges must be (parent, local_derivative) pairs, got int: 5"),
        (
            [PARENT],
            "Value() edges[0] must be a (parent, local_derivative) pair, got Value",
        ),
        (
            [(PARENT, 1.0, 2.0)],
            "edges[0] must be a (parent, local_derivative) pair, got tuple",
        ),
        (
            [(PARENT, 1.0), (2.0, 1.0)],
            "edges[1] must be a (parent, local_derivative) pair",
        ),
        (
            [(PARENT, "1")],
            "Value() edges[0]: the local derivative must be a number, got str",
        ),
        ([(PARENT, True)], "the local derivative must be a number, got bool"),
    ],
)
def test_value_names_an_edge_that_is_not_a_pair(edges: object, named: str) -> None:
    with pytest.raises(TypeError) as info:
        Value(1, edges)  # type: ignore[arg-type]
    assert named in str(info.value)


def test_value_takes_edges_with_any_real_local_derivative() -> None:
    out = Value(1, [(PARENT, Fraction(1, 4)), [PARENT, np.float32(2)]])
    assert out.edges == ((PARENT, 0.25), (PARENT, 2.0))
    assert all(type(d) is float for _, d in out.edges)
    out.backward()
    assert PARENT.grad == 2.25


@pytest.mark.parametrize("bad", ["abc", None, [1]])
def test_operations_with_non_numbers_raise_type_error(bad: object) -> None:
    for operation in (
        lambda: Value(2) + bad,
        lambda: Value(2) * bad,
        lambda: Value(2) - bad,
        lambda: Value(2) / bad,
        lambda: bad - Value(2),
    ):
        with pytest.raises(TypeError, match="Value"):
            operation()


@pytest.mark.parametrize(
    "exponent", [0.5, 0, -1, -2.0, 2.5, float("nan"), float("inf")]
)
def test_a_power_that_is_not_a_positive_integer_is_named(exponent: object) -> None:
    with pytest.raises(ValueError) as info:
        Value(3) ** exponent  # type: ignore[operator]
    assert str(info.value) == (
        f"Value ** {exponent}: only positive integer powers (1, 2, 3, ...) are supported"
    )


@pytest.mark.parametrize(
    ("exponent", "kind"),
    [("2", "str"), (None, "NoneType"), (True, "bool"), (Value(2), "Value")],
)
def test_a_power_that_is_not_a_number_names_its_type(
    exponent: object, kind: str
) -> None:
    with pytest.raises(TypeError) as info:
        Value(3) ** exponent  # type: ignore[operator]
    assert (
        str(info.value)
        == f"Value ** {exponent!r}: the power must be a whole number, got {kind}"
    )
    assert "positive integer powers" not in str(
        info.value
    )  # no message contradicts itself


@pytest.mark.parametrize(
    "exponent",
    [2, np.int64(2), np.int8(2), np.uint16(2), 2.0, np.float64(2.0), Fraction(4, 2)],
)
def test_any_whole_number_is_a_power(exponent: object) -> None:
    a = Value(3)
    square = a**exponent  # type: ignore[operator]
    square.backward()
    assert (square.data, a.grad) == (9.0, 6.0)
    assert type(square.data) is float and type(a.grad) is float


# --- one definition of a number, for the constructor and every operator -------

NUMBERS = [
    2,
    2.0,
    Fraction(1, 4),
    np.float64(0.5),
    np.float32(0.5),
    np.int64(3),
    np.uint8(3),
]
NOT_NUMBERS = [True, False, np.bool_(True), "2", None, [1], 1 + 2j, Decimal("1.5")]
OPERATIONS = {
    "Value(x)": lambda x: Value(x),
    "v + x": lambda x: Value(2) + x,
    "x + v": lambda x: x + Value(2),
    "v - x": lambda x: Value(2) - x,
    "x - v": lambda x: x - Value(2),
    "v * x": lambda x: Value(2) * x,
    "x * v": lambda x: x * Value(2),
    "v / x": lambda x: Value(2) / x,
    "x / v": lambda x: x / Value(2),
}


def cases(xs: list) -> list:
    """Every operation with every x, but no NumPy number on the left: NumPy's own
    operator takes over there and makes an array."""
    return [
        pytest.param(op, x, id=f"{op} with {x!r}")
        for op in OPERATIONS
        for x in xs
        if not (isinstance(x, np.generic) and op.startswith("x "))
    ]


@pytest.mark.parametrize(("operation", "x"), cases(NUMBERS))
def test_every_real_number_but_bool_is_a_number_everywhere(
    operation: str, x: object
) -> None:
    result = OPERATIONS[operation](x)
    assert isinstance(result, Value)
    assert type(result.data) is float  # Fraction and NumPy numbers become floats
    expected = {
        "Value(x)": float(x),
        "v + x": 2 + float(x),
        "x + v": float(x) + 2,
        "v - x": 2 - float(x),
        "x - v": float(x) - 2,
        "v * x": 2 * float(x),
        "x * v": float(x) * 2,
        "v / x": 2 / float(x),
        "x / v": float(x) / 2,
    }[operation]
    assert result.data == expected
    assert all(type(local) is float for _, local in result.edges)


@pytest.mark.parametrize(("operation", "x"), cases(NOT_NUMBERS))
def test_a_bool_or_a_non_number_is_refused_everywhere(
    operation: str, x: object
) -> None:
    with pytest.raises(TypeError):
        OPERATIONS[operation](x)


def test_is_number_is_the_one_definition() -> None:
    assert all(is_number(x) for x in NUMBERS)
    assert not any(is_number(x) for x in NOT_NUMBERS)
    assert not is_number(Value(1))


def test_division_by_zero_says_so() -> None:
    with pytest.raises(ZeroDivisionError, match="division by zero: 1.0 / 0.0"):
        Value(1) / 0
    with pytest.raises(ZeroDivisionError, match="division by zero"):
        1 / Value(0)


@pytest.mark.parametrize("bad", [0, -1, -0.5])
def test_log_of_a_non_positive_value_names_it(bad: float) -> None:
    with pytest.raises(
        ValueError, match=f"log needs a positive value, got {float(bad)!r}"
    ):
        Value(bad).log()


def test_overflow_in_power_and_exp_names_the_operation() -> None:
    with pytest.raises(OverflowError, match=r"1e\+200 \*\* 2 is too large"):
        Value(1e200) ** 2
    with pytest.raises(OverflowError, match="exp\\(1000.0\\) is too large"):
        Value(1000).exp()


def test_a_diverging_line_fit_names_the_step_and_the_cure() -> None:
    with pytest.raises(TrainingDiverged) as info:
        train_line(learning_rate=0.3)
    message = str(info.value)
    assert "training diverged at step" in message
    assert "lower the learning rate" in message
    assert "0.3" in message
    step = int(message.split("step ")[1].split(":")[0])
    assert 0 < step < 1000


def test_divergence_is_an_arithmetic_error_not_a_bare_overflow() -> None:
    assert issubclass(TrainingDiverged, ArithmeticError)
    assert not issubclass(TrainingDiverged, OverflowError)
    with pytest.raises(TrainingDiverged, match="lower the learning rate"):
        train_xor(steps=200, learning_rate=50.0)


def test_a_nan_loss_counts_as_divergence() -> None:
    w = Value(float("nan"))
    with pytest.raises(TrainingDiverged, match="step 0"):
        gradient_descent(lambda: w * 1, [w], steps=3, learning_rate=0.1)


# --- nothing wrong in silence: division, relu, training, the MLP ----------------


@pytest.mark.parametrize("x", [1e160, 1e-170, -1e160, 1e-300, 1e300])
def test_x_over_x_is_1_with_gradient_0_at_extreme_sizes(x: float) -> None:
    """-a/b**2 overflows (1e160) or becomes 0 (1e-170); -(a/b)/b does neither."""
    v = Value(x)
    q = v / v
    q.backward()
    assert q.data == 1.0
    assert v.grad == 0.0  # 1/b and -(a/b)/b cancel exactly


@pytest.mark.parametrize(
    ("a", "b"), [(1e200, 1e160), (1e-200, 1e-170), (-3e100, 1e200)]
)
def test_division_slope_never_squares_the_divisor(a: float, b: float) -> None:
    for reflected in (False, True):
        v = Value(b)
        q = a / v if reflected else Value(a) / v
        q.backward()
        assert math.isclose(q.data, a / b)
        assert math.isclose(
            v.grad, -(a / b) / b, rel_tol=1e-12
        )  # b**2 alone would not fit


def test_x_over_x_at_1e160_trains_without_diverging() -> None:
    x = Value(1e160)
    losses = gradient_descent(lambda: (x / x - 2) ** 2, [x], steps=3, learning_rate=0.1)
    assert losses == [1.0, 1.0, 1.0] and x.data == 1e160


def test_relu_keeps_nan_as_pytorch_does() -> None:
    x = Value(math.nan)
    y = x.relu()
    assert math.isnan(y.data)
    y.backward()
    assert x.grad == 1.0  # PyTorch: relu's slope is 0 only where x <= 0
    z = x.relu() ** 2  # anything computed from the nan is nan, its gradient too
    z.backward()
    assert math.isnan(z.data) and math.isnan(x.grad)


def test_gradient_descent_does_not_move_a_parameter_the_loss_does_not_reach() -> None:
    w, b = Value(1), Value(0)
    (w * 3 + b * 7).backward()  # leaves b.grad = 7 from another graph
    gradient_descent(lambda: (w * 2 - 5) ** 2, [w, b], 10, 0.01)
    assert b.data == 0.0
    assert b.grad == 0.0


def test_gradient_descent_refuses_a_parameter_listed_twice() -> None:
    w = Value(1)
    with pytest.raises(ValueError, match=r"parameters\[1\] is parameters\[0\] again"):
        gradient_descent(lambda: (w * 2 - 5) ** 2, [w, w], 1, 0.1)
    assert w.data == 1.0  # refused before the first step


BAD_TRAINING_ARGUMENTS = [
    (
        {"learning_rate": -0.1},
        ValueError,
        "learning_rate must be finite and above 0, got -0.1",
    ),
    (
        {"learning_rate": 0},
        ValueError,
        "learning_rate must be finite and above 0, got 0",
    ),
    (
        {"learning_rate": math.inf},
        ValueError,
        "learning_rate must be finite and above 0",
    ),
    (
        {"learning_rate": math.nan},
        ValueError,
        "learning_rate must be finite and above 0",
    ),
    (
        {"learning_rate": "0.1"},
        TypeError,
        "learning_rate must be a number, got str: '0.1'",
    ),
    ({"learning_rate": True}, TypeError, "learning_rate must be a number, got bool"),
    (
        {"learning_rate": Value(0.1)},
        TypeError,
        "learning_rate must be a number, got Value",
    ),
    ({"steps": -1}, ValueError, "steps must be 0 or more, got -1"),
    ({"steps": 2.5}, TypeError, "steps must be a whole number, got float: 2.5"),
    ({"steps": "10"}, TypeError, "steps must be a whole number, got str"),
    ({"steps": True}, TypeError, "steps must be a whole number, got bool"),
    (
        {"parameters": [Value(1), 2.0]},
        TypeError,
        r"parameters\[1\] must be a Value, got float: 2.0",
    ),
    (
        {"parameters": [None]},
        TypeError,
        r"parameters\[0\] must be a Value, got NoneType",
    ),
    ({"loss_of": 3.0}, TypeError, "loss_of must be a function, got float"),
    (
        {"loss_of": lambda: 3.0},
        TypeError,
        r"loss_of\(\) must return a Value, got float: 3.0",
    ),
    (
        {"loss_of": lambda: None},
        TypeError,
        r"loss_of\(\) must return a Value, got NoneType",
    ),
]


@pytest.mark.parametrize(("change", "error", "message"), BAD_TRAINING_ARGUMENTS)
def test_gradient_descent_checks_its_arguments_and_names_them(
    change: dict, error: type, message: str
) -> None:
    w = Value(1)
    arguments = {
        "loss_of": lambda: (w * 2 - 5) ** 2,
        "parameters": [w],
        "steps": 3,
        "learning_rate": 0.1,
    }
    arguments.update(change)
    with pytest.raises(error, match=message):
        gradient_descent(**arguments)
    assert w.data == 1.0  # nothing moved


def test_gradient_descent_takes_any_whole_number_of_steps_and_any_real_rate() -> None:
    w = Value(1)
    assert gradient_descent(lambda: (w * 2 - 5) ** 2, [w], 0, 0.1) == []
    assert gradient_descent(
        lambda: (w * 2 - 5) ** 2, (w,), np.int64(1), Fraction(1, 10)
    ) == [9.0]
    assert math.isclose(w.data, 2.2)


def test_the_divergence_message_is_unchanged() -> None:
    """Chapter 6 prints it."""
    with pytest.raises(TrainingDiverged) as info:
        train_line(learning_rate=0.3)
    assert str(info.value) == (
        "training diverged at step 840: the loss is no longer a finite number; "
        "lower the learning rate (it is 0.3)"
    )


@pytest.mark.parametrize(
    ("inputs", "given"), [([1.0], 1), ([1.0, 2.0, 3.0], 3), ([], 0)]
)
def test_mlp_names_the_expected_and_given_number_of_inputs(
    inputs: list, given: int
) -> None:
    with pytest.raises(ValueError) as info:
        MLP([2, 3, 1])(inputs)
    assert str(info.value) == f"MLP([2, 3, 1]) takes 2 inputs, got {given}"


@pytest.mark.parametrize(
    "sizes",
    [
        [2, 0, 1],
        [2, -3, 1],
        [2, 3, 0],
        [0, 1],
        [2],
        [],
        [2, 2.5, 1],
        [2, True, 1],
        [2, "3", 1],
    ],
)
def test_mlp_needs_every_layer_size_a_positive_whole_number(sizes: list) -> None:
    with pytest.raises(ValueError) as info:
        MLP(sizes)
    assert str(info.value).startswith(
        "MLP needs two or more layer sizes, each a whole number"
    )
    assert str(info.value).endswith(f"got {sizes!r}")


def test_mlp_accepts_numpy_sizes() -> None:
    model = MLP([np.int64(2), 3, 1])
    assert len(model([1.0, 2.0])) == 1


# --- to_dot: what it draws and what it refuses ---------------------------------


@pytest.mark.parametrize(
    ("bad", "kind"), [(3, "int"), (2.5, "float"), ("L", "str"), (None, "NoneType")]
)
def test_to_dot_refuses_what_is_not_a_value_and_names_it(
    bad: object, kind: str
) -> None:
    with pytest.raises(TypeError) as info:
        to_dot(bad)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"to_dot() needs a Value (anything with data, grad and edges), got {kind}"
    )


@pytest.mark.parametrize(
    ("name", "shown"), [(1, "int: 1"), (None, "NoneType: None"), (b"a", "bytes: b'a'")]
)
def test_to_dot_names_a_name_that_is_not_a_string(name: object, shown: str) -> None:
    a = Value(3)
    with pytest.raises(TypeError) as info:
        to_dot(a * 2, {a: name})  # type: ignore[dict-item]
    assert str(info.value) == f"to_dot() names must be strings, got {shown}"


@pytest.mark.parametrize(("names", "kind"), [(["a"], "list"), ("a", "str")])
def test_to_dot_names_must_be_a_dict(names: object, kind: str) -> None:
    with pytest.raises(TypeError) as info:
        to_dot(Value(3), names)  # type: ignore[arg-type]
    assert (
        str(info.value)
        == f"to_dot() names must be a dict from nodes to names, got {kind}"
    )


def test_to_dot_takes_no_names_or_an_empty_dict_alike() -> None:
    a = Value(3)
    out = a * 2
    assert to_dot(out) == to_dot(out, {}) == to_dot(out, None)
    assert "a\\ndata 3" in to_dot(out, {a: "a"})
