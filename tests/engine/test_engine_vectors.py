"""The Python engine and its JavaScript twin agree with the shared test vectors.

``tests/engine/vectors/engine_vectors.json`` holds small programs with data and
gradients computed in forward mode by ``tests/engine/vectors/generate_vectors.py``,
independently of both engines. Here ``src/tinygrad.py`` runs them; the same file
drives ``node --test tests/engine/js/`` for ``docs/_static/widgets/engine.js``.
"""

from __future__ import annotations

import json
import math

import pytest
from operations import SCALAR_OPERATIONS

from helpers import ROOT, node_test
from tinygrad import Value

HERE = ROOT / "tests" / "engine"
VECTORS = HERE / "vectors"
PROGRAMS = json.loads((VECTORS / "engine_vectors.json").read_text())["programs"]

# A step names its operation as the catalogue does; ``pow``'s exponent is its last argument.
OPS = {name: op.apply for name, op in SCALAR_OPERATIONS.items()}


def run(program: dict) -> dict[str, Value]:
    """Build the program's graph with tinygrad and call backward() as it says."""
    values = {name: Value(x) for name, x in program["inputs"].items()}
    for name, op, *args in program["steps"]:
        values[name] = OPS[op](*(values[a] if isinstance(a, str) else a for a in args))
    for output in program["backward"]:
        values[output].backward()
    return values


def close(actual: float, wanted: float) -> bool:
    """Relative only: an absolute tolerance would let 1e-160 pass for an exact 0."""
    return math.isclose(actual, wanted, rel_tol=1e-9, abs_tol=0.0)


def test_the_vectors_cover_every_operation_and_error():
    """Every operation of the catalogue, so a new operation needs a program too."""
    used = {step[1] for program in PROGRAMS for step in program["steps"]}
    assert used == set(SCALAR_OPERATIONS)
    errors = {program["error"]["type"] for program in PROGRAMS if "error" in program}
    assert errors == {"ValueError", "ZeroDivisionError", "OverflowError"}
    assert sum("error" not in program for program in PROGRAMS) >= 20


def test_the_vectors_file_is_what_the_generator_writes():
    import generate_vectors  # tests/engine/vectors, on pytest's pythonpath

    assert (VECTORS / "engine_vectors.json").read_text() == generate_vectors.render(), (
        "tests/engine/vectors/engine_vectors.json is out of date: "
        "run python tests/engine/vectors/generate_vectors.py"
    )


@pytest.mark.parametrize(
    "program", [p for p in PROGRAMS if "error" not in p], ids=lambda p: p["name"]
)
def test_python_engine_matches_the_vectors(program):
    values = run(program)
    expect = program["expect"]
    for name, value in values.items():
        assert close(value.data, expect["data"][name]), (name, "data", value.data)
        assert close(value.grad, expect["grad"][name]), (name, "grad", value.grad)


@pytest.mark.parametrize(
    "program", [p for p in PROGRAMS if "error" in p], ids=lambda p: p["name"]
)
def test_python_engine_raises_the_vectors_errors(program):
    with pytest.raises(Exception) as caught:
        run(program)
    assert type(caught.value).__name__ == program["error"]["type"]
    assert str(caught.value) == program["error"]["message"]


def test_the_vectors_hold_the_books_numbers():
    """A guard against a generator bug that both engines would then copy."""
    by_name = {p["name"]: p["expect"] for p in PROGRAMS if "expect" in p}
    assert by_name["loss_at_w1"]["data"]["L"] == 9.0
    assert (by_name["loss_at_w1"]["grad"]["w"], by_name["loss_at_w1"]["grad"]["b"]) == (
        -12.0,
        -6.0,
    )
    assert by_name["x_times_x"]["grad"]["x"] == 10.0
    assert by_name["paths_add_up"]["grad"]["a"] == 7.0
    grads = by_name["micrograd_example"]["grad"]
    assert [grads[k] for k in "abcf"] == [6.0, -4.0, -2.0, 4.0]
    assert (
        by_name["absolute_error"]["grad"]["y_hat"],
        by_name["absolute_error"]["grad"]["w"],
    ) == (
        -1.0,
        -2.0,
    )
    assert by_name["absolute_error_kink"]["grad"]["w"] == 0.0
    assert by_name["backprop_graph"]["grad"]["w"] == -12.0
    assert by_name["line_mse"]["data"]["L"] == 41.5
    for name in ("x_over_x_large", "x_over_x_small"):  # exactly, in both engines
        assert (by_name[name]["data"]["q"], by_name[name]["grad"]["x"]) == (1.0, 0.0)
    assert by_name["division_slope_without_b_squared"]["grad"]["b"] == -1e-120
    assert by_name["constant_over_tiny_value"]["grad"]["b"] == -1e140


def test_the_vectors_refuse_a_local_derivative_that_no_float_holds():
    """1/x for x = 1e-310 is inf as a float, and any gradient passed along it would
    be too, though the true one (1e300) is finite: both engines refuse, by name.
    Where every local derivative fits, the exact gradients at the extremes hold."""
    errors = {p["name"]: p["error"]["message"] for p in PROGRAMS if "error" in p}
    assert errors["log_of_subnormal"].startswith("log(1e-310): the local derivative")
    assert "the local derivative 1/b" in errors["divide_by_subnormal"]
    assert "the local derivative -a/b**2" in errors["constant_over_subnormal"]
    assert "n * a**(n-1)" in errors["power_slope_beyond_a_float"]
    assert "above 2**53" in errors["power_with_a_huge_exponent"]
    by_name = {p["name"]: p["expect"]["grad"] for p in PROGRAMS if "expect" in p}
    assert math.isclose(by_name["log_of_huge"]["x"], 1e-8, rel_tol=1e-14)
    assert by_name["power_with_the_largest_odd_exponent"]["a"] == 2**53 - 1


def test_the_javascript_engine_passes_node_test():
    report = node_test(HERE / "js")
    passed = int(report.split("# pass ")[1].split()[0])
    assert passed >= len(PROGRAMS), report[-2000:]
