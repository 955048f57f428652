"""Bad input gets a clear error that names what was wrong."""

from __future__ import annotations

import pytest

from tinygrad import TrainingDiverged, Value, gradient_descent, train_line, train_xor


@pytest.mark.parametrize("bad", ["abc", None, [1, 2], True, 1 + 2j])
def test_value_rejects_non_numbers(bad: object) -> None:
    with pytest.raises(TypeError, match="Value\\(\\) needs a real number, got"):
        Value(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError) as info:
        Value(bad)  # type: ignore[arg-type]
    assert type(bad).__name__ in str(info.value)


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


@pytest.mark.parametrize("exponent", [0.5, 0, -1, 2.0, "2"])
def test_only_positive_integer_powers(exponent: object) -> None:
    with pytest.raises(ValueError, match="only positive integer powers"):
        Value(3) ** exponent  # type: ignore[operator]


def test_power_of_a_value_is_refused() -> None:
    with pytest.raises(ValueError, match="only positive integer powers"):
        Value(3) ** Value(2)  # type: ignore[operator]


def test_division_by_zero_says_so() -> None:
    with pytest.raises(ZeroDivisionError, match="division by zero: 1.0 / 0.0"):
        Value(1) / 0
    with pytest.raises(ZeroDivisionError, match="division by zero"):
        1 / Value(0)


@pytest.mark.parametrize("bad", [0, -1, -0.5])
def test_log_of_a_non_positive_value_names_it(bad: float) -> None:
    with pytest.raises(ValueError, match=f"log needs a positive value, got {float(bad)!r}"):
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
