"""Write engine_vectors.json: small programs with their expected data and gradients.

The expected numbers come from neither engine. This script evaluates each program
in forward mode: to find d(output)/d(v) for a named value ``v`` it runs the
program once more with ``v``'s tangent set to 1, pushing tangents forward with
hand-written derivative rules (dual numbers), in exact ``fractions.Fraction``
arithmetic. Only ``tanh``, ``exp`` and ``log`` are evaluated in floats; their
results and local derivatives are then taken as exact fractions, so that no
tangent rounds, overflows or underflows on the way: d(log(x) * 1e300)/dx at
x = 1e308 comes out 1e-8 to every printed digit. Both engines (``src/tinygrad.py`` and ``docs/_static/widgets/engine.js``) run the
programs in reverse mode and must agree with these numbers.

A program is a list of steps ``[name, op, arg, ...]``; an argument is the name of
an earlier value or a number (a constant, as in ``w * 2`` or ``2 - a``). After the
steps, ``backward`` lists the values whose ``backward()`` is called, in order.
The expected ``grad`` of a value is what it holds after the last call: a value
that an output reaches gets d(output)/d(value) from the last such output; a value
that no output reaches keeps its starting 0.

The operations, their values on plain numbers and their local derivatives (the
"slopes") come from the tests' catalogue, ``tests/engine/operations.py``: an operation
added there needs a program here, or ``tests/engine/test_engine_vectors.py`` fails.

Run ``python tests/engine/vectors/generate_vectors.py`` (or ``make regen``) after
changing a program here or an operation there; ``tests/engine/test_engine_vectors.py``
fails while the JSON file is out of date.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUTPUT = HERE / "engine_vectors.json"

if (
    str(HERE.parent) not in sys.path
):  # run as a script: tests/engine/ holds the catalogue
    sys.path.insert(0, str(HERE.parent))
from operations import SCALAR_OPERATIONS  # noqa: E402


class Dual:
    """A number with a tangent: ``(value, d value / d seed)``."""

    def __init__(self, value, tangent=0):
        self.value = value
        self.tangent = tangent

    @staticmethod
    def lift(x) -> Dual:
        return x if isinstance(x, Dual) else Dual(x, 0)


def _rule(op: str, args: list) -> Dual:
    """One operation on dual numbers: its value, and the chain rule with its slopes.

    The tangent of the result is the sum over the operands of (the operation's
    local derivative for that operand) times (the operand's tangent). A float
    (from ``tanh``, ``exp`` or ``log``) becomes the fraction it stands for.
    """
    operation = SCALAR_OPERATIONS[op]
    if operation.exponents:  # pow: the exponent is a whole number, not an operand
        base, n = Dual.lift(args[0]), int(args[1])
        (slope,) = operation.slopes(base.value, n)
        return Dual(operation.on_floats(base.value, n), slope * base.tangent)
    operands = [Dual.lift(a) for a in args]
    values = [d.value for d in operands]
    slopes = operation.slopes(*values)
    terms = [Fraction(s) * d.tangent for s, d in zip(slopes, operands)]
    tangent = terms[0]
    for term in terms[1:]:
        tangent = tangent + term
    return Dual(Fraction(operation.on_floats(*values)), tangent)


def run_forward(program: dict, seed: str | None) -> dict[str, Dual]:
    """Run the program on dual numbers; only ``seed`` (a named value) starts with tangent 1."""
    values: dict[str, Dual] = {}
    for name, x in program["inputs"].items():
        values[name] = Dual(Fraction(x), Fraction(1 if name == seed else 0))
    for name, op, *args in program["steps"]:
        plain = SCALAR_OPERATIONS[op].exponents  # pow's exponent stays as written
        resolved = [
            values[a] if isinstance(a, str) else (a if plain else Fraction(a))
            for a in args
        ]
        result = _rule(op, resolved)
        if name == seed:  # perturb this value alone, holding its own inputs fixed
            result = Dual(result.value, Fraction(1))
        values[name] = result
    return values


def ancestors(program: dict, output: str) -> set[str]:
    """The named values that ``output`` depends on, itself included."""
    parents = {
        name: {a for a in args if isinstance(a, str)}
        for name, _, *args in program["steps"]
    }
    found, todo = set(), [output]
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo.extend(parents.get(name, ()))
    return found


def expected(program: dict) -> dict:
    names = list(program["inputs"]) + [step[0] for step in program["steps"]]
    data = {name: float(d.value) for name, d in run_forward(program, None).items()}
    grad = {name: 0.0 for name in names}
    for output in program["backward"]:
        for name in ancestors(program, output):
            grad[name] = float(run_forward(program, name)[output].tangent)
    return {"data": data, "grad": grad}


def P(name, inputs, steps, backward=None, error=None, note=""):
    program = {"name": name, "note": note, "inputs": inputs, "steps": steps}
    program["backward"] = backward if backward is not None else [steps[-1][0]]
    if error is not None:
        program["error"] = {"type": error[0], "message": error[1]}
    return program


PROGRAMS = [
    # The book's numbers.
    P(
        "loss_at_w1",
        {"w": 1, "b": 0},
        [
            ["p", "mul", "w", 2],
            ["q", "add", "p", "b"],
            ["e", "sub", "q", 5],
            ["L", "pow", "e", 2],
        ],
        note="chapter 2: loss 9, dL/dw = -12, dL/db = -6",
    ),
    P(
        "loss_at_w4",
        {"w": 4, "b": 0},
        [
            ["p", "mul", "w", 2],
            ["q", "add", "p", "b"],
            ["e", "sub", "q", 5],
            ["L", "pow", "e", 2],
        ],
        note="chapter 2: also loss 9, but dL/dw = +12",
    ),
    P(
        "x_times_x",
        {"x": 5},
        [["q", "mul", "x", "x"]],
        note="chapter 1: both operand paths add up to 10",
    ),
    P(
        "paths_add_up",
        {"a": 3},
        [["s", "mul", "a", "a"], ["q", "add", "s", "a"]],
        note="chapter 4: q = a*a + a gives 7 = 3 + 3 + 1",
    ),
    P(
        "micrograd_example",
        {"a": 2, "b": -3, "c": 10, "f": -2},
        [["e", "mul", "a", "b"], ["d", "add", "e", "c"], ["L", "mul", "d", "f"]],
        note="chapter 4: L = -8; a: 6, b: -4, c: -2, f: 4",
    ),
    P(
        "relu_squared",
        {"a": 2, "b": -3, "c": 10},
        [
            ["e", "mul", "a", "b"],
            ["d", "add", "e", "c"],
            ["r", "relu", "d"],
            ["L", "pow", "r", 2],
        ],
        note="PyTorch check: value 16, gradients -24, 16, 8",
    ),
    P(
        "backprop_graph",
        {"w": 1, "x": 2, "y": 5},
        [["y_hat", "mul", "w", "x"], ["r", "sub", "y_hat", "y"], ["L", "pow", "r", 2]],
        note="the backprop-graph widget: w gets -12, x gets -6",
    ),
    P(
        "absolute_error",
        {"w": 1},
        [
            ["y_hat", "mul", "w", 2],
            ["e", "sub", "y_hat", 5],
            ["m", "neg", "e"],
            ["r1", "relu", "e"],
            ["r2", "relu", "m"],
            ["L", "add", "r1", "r2"],
        ],
        note="the loss-choice widget: |e| = relu(e) + relu(-e); -1 and -2",
    ),
    P(
        "absolute_error_kink",
        {"w": 2.5},
        [
            ["y_hat", "mul", "w", 2],
            ["e", "sub", "y_hat", 5],
            ["m", "neg", "e"],
            ["r1", "relu", "e"],
            ["r2", "relu", "m"],
            ["L", "add", "r1", "r2"],
        ],
        note="the loss-choice widget at the kink: subgradient 0",
    ),
    P(
        "line_mse",
        {"w": -1, "b": 0},
        [
            ["p0", "mul", "w", 0],
            ["q0", "add", "p0", "b"],
            ["e0", "sub", "q0", 1],
            ["s0", "pow", "e0", 2],
            ["p1", "mul", "w", 1],
            ["q1", "add", "p1", "b"],
            ["e1", "sub", "q1", 3],
            ["s1", "pow", "e1", 2],
            ["p2", "mul", "w", 2],
            ["q2", "add", "p2", "b"],
            ["e2", "sub", "q2", 5],
            ["s2", "pow", "e2", 2],
            ["p3", "mul", "w", 3],
            ["q3", "add", "p3", "b"],
            ["e3", "sub", "q3", 7],
            ["s3", "pow", "e3", 2],
            ["t0", "add", 0, "s0"],
            ["t1", "add", "t0", "s1"],
            ["t2", "add", "t1", "s2"],
            ["t3", "add", "t2", "s3"],
            ["L", "mul", "t3", 0.25],
        ],
        note="the train-line widget: the mean squared error of the line at w = -1, b = 0",
    ),
    # Every operation, with values and constants on either side.
    P(
        "add_sub_constants",
        {"a": 1.5, "b": -2.25},
        [
            ["c", "add", "a", "b"],
            ["d", "sub", "c", 0.5],
            ["e", "add", 3, "d"],
            ["f", "sub", 10, "e"],
            ["g", "sub", "f", "a"],
            ["h", "mul", "g", "b"],
        ],
    ),
    P(
        "mul_constants",
        {"a": 0.1, "b": 3},
        [
            ["c", "mul", "a", 7],
            ["d", "mul", -2, "c"],
            ["e", "mul", "d", "b"],
            ["f", "mul", "e", "e"],
        ],
    ),
    P(
        "division",
        {"a": 3, "b": -4},
        [
            ["c", "div", "a", "b"],
            ["d", "div", "c", 2],
            ["e", "div", 1, "d"],
            ["f", "mul", "e", "a"],
        ],
    ),
    P(
        "x_over_x_large",
        {"x": 1e160},
        [["q", "div", "x", "x"]],
        note="1/b and -(a/b)/b cancel: gradient 0 (b**2 would overflow)",
    ),
    P(
        "x_over_x_small",
        {"x": 1e-170},
        [["q", "div", "x", "x"]],
        note="1/b and -(a/b)/b cancel: gradient 0 (b**2 would become 0)",
    ),
    P(
        "division_slope_without_b_squared",
        {"a": 1e200, "b": 1e160},
        [["q", "div", "a", "b"]],
        note="dq/db = -1e-120, although b**2 = 1e320 overflows",
    ),
    P(
        "constant_over_tiny_value",
        {"b": 1e-170},
        [["q", "div", 1e-200, "b"]],
        note="dq/db = -1e140, although b**2 = 1e-340 becomes 0",
    ),
    P(
        "power_written_as_float",
        {"a": 3},
        [["b", "pow", "a", 2.0]],
        note="2.0 is the whole number 2: both engines accept it",
    ),
    P(
        "powers",
        {"a": -1.5},
        [
            ["p1", "pow", "a", 1],
            ["p2", "pow", "a", 2],
            ["p3", "pow", "a", 3],
            ["p5", "pow", "a", 5],
            ["s", "add", "p1", "p2"],
            ["t", "add", "s", "p3"],
            ["u", "add", "t", "p5"],
        ],
    ),
    P(
        "negation",
        {"a": 2.5},
        [["b", "neg", "a"], ["c", "mul", "b", "a"], ["d", "neg", "c"]],
    ),
    P(
        "tanh_neuron",
        {"x1": 2, "x2": 0, "w1": -3, "w2": 1, "b": 6.881373587019543},
        [
            ["a", "mul", "x1", "w1"],
            ["c", "mul", "x2", "w2"],
            ["s", "add", "a", "c"],
            ["n", "add", "s", "b"],
            ["o", "tanh", "n"],
        ],
        note="micrograd's neuron: o = 0.7071, do/dn = 0.5",
    ),
    P("tanh_saturated", {"a": 30}, [["t", "tanh", "a"], ["u", "mul", "t", "a"]]),
    P(
        "relu_both_sides",
        {"a": -2, "b": 0, "c": 0.75},
        [
            ["ra", "relu", "a"],
            ["rb", "relu", "b"],
            ["rc", "relu", "c"],
            ["s", "add", "ra", "rb"],
            ["t", "add", "s", "rc"],
            ["u", "mul", "t", "c"],
        ],
        note="relu passes no gradient at 0 and below",
    ),
    P(
        "exp_log",
        {"a": 0.5, "b": 2},
        [
            ["e", "exp", "a"],
            ["l", "log", "b"],
            ["m", "mul", "e", "l"],
            ["n", "log", "m"],
            ["o", "exp", "n"],
        ],
    ),
    P(
        "softplus_like",
        {"a": -1.25},
        [
            ["e", "exp", "a"],
            ["s", "add", "e", 1],
            ["l", "log", "s"],
            ["t", "tanh", "l"],
        ],
    ),
    P(
        "shared_subexpression",
        {"a": 1.25, "b": -0.5},
        [
            ["c", "mul", "a", "b"],
            ["d", "add", "c", "a"],
            ["e", "mul", "d", "c"],
            ["f", "add", "e", "d"],
            ["g", "mul", "f", "c"],
        ],
        note="c and d are used several times: their contributions add",
    ),
    # Numbers at the ends of the float range: subnormal, huge, signed zero.
    P(
        "log_of_subnormal",
        {"x": 1e-310},
        [["l", "log", "x"], ["m", "mul", "l", 1e-10]],
        error=(
            "OverflowError",
            "log(1e-310): the local derivative 1/a is too large for a float",
        ),
        note="1/x is inf as a float, so any gradient along it would be inf or "
        "nan, though d(m)/dx = 1e-10 / 1e-310 = 1e300: refused",
    ),
    P(
        "divide_by_subnormal",
        {"a": 1e-200, "b": 1e-310},
        [["q", "div", "a", "b"], ["r", "mul", "q", 1e-120]],
        error=(
            "OverflowError",
            "1e-200 / 1e-310: the local derivative 1/b is too large for a float",
        ),
        note="1/b and -(a/b)/b are beyond a float: refused",
    ),
    P(
        "constant_over_subnormal",
        {"b": 1e-310},
        [["q", "div", 1e-200, "b"], ["r", "mul", "q", 1e-120]],
        error=(
            "OverflowError",
            "1e-200 / 1e-310: the local derivative -a/b**2 is too large for a float",
        ),
        note="the reflected division: -(a/b)/b is beyond a float",
    ),
    P(
        "power_slope_beyond_a_float",
        {"a": 1.5},
        [["p", "pow", "a", 1750]],
        error=(
            "OverflowError",
            "1.5 ** 1750: the local derivative n * a**(n-1) is too large for a float",
        ),
        note="1.5 ** 1750 = 1.44e308 fits in a float, its slope 1.69e311 does not",
    ),
    P(
        "log_of_huge",
        {"x": 1e308},
        [["l", "log", "x"], ["m", "mul", "l", 1e300]],
        note="1/x = 1e-308 is subnormal: dm/dx = 1e-8, to all printed digits",
    ),
    P(
        "subnormal_through_every_function",
        {"a": 5e-324},
        [
            ["t", "tanh", "a"],
            ["x", "exp", "a"],
            ["p", "pow", "a", 2],
            ["r", "relu", "a"],
            ["n", "neg", "a"],
            ["s", "add", "t", "x"],
            ["u", "add", "s", "p"],
            ["v", "add", "u", "r"],
            ["w", "add", "v", "n"],
        ],
        note="the smallest subnormal: tanh and relu pass it, its square is 0",
    ),
    P(
        "relu_of_negative_zero",
        {"a": -0.0, "b": 0.0},
        [["ra", "relu", "a"], ["rb", "relu", "b"], ["s", "add", "ra", "rb"]],
        note="slope 0 at either zero (the sign of relu(-0.0) is checked apart)",
    ),
    P(
        "power_with_a_huge_exponent",
        {"a": -1},
        [["p", "pow", "a", 1e300]],
        error=(
            "ValueError",
            "Value ** 1e+300: powers above 2**53 are not supported "
            "(a float cannot hold them exactly)",
        ),
        note="a float exponent above 2**53 may stand for an odd or an even n",
    ),
    P(
        "power_with_the_largest_odd_exponent",
        {"a": -1},
        [["p", "pow", "a", 2**53 - 1]],
        note="the largest odd exponent a float holds exactly: -1, slope 2**53 - 1",
    ),
    # What backward() clears and what it leaves alone.
    P(
        "backward_twice",
        {"a": 3},
        [["s", "mul", "a", "a"], ["q", "add", "s", "a"]],
        backward=["q", "q"],
        note="clears the reachable gradients first: still 7, not 14",
    ),
    P(
        "unreachable_keeps_zero",
        {"a": 2, "b": 5},
        [["c", "mul", "a", 3], ["d", "mul", "b", "b"], ["e", "add", "c", 1]],
        note="d and b do not reach e: their grad stays 0",
    ),
    P(
        "backward_from_two_outputs",
        {"a": 2, "b": 5},
        [["c", "mul", "a", "b"], ["d", "mul", "b", "b"], ["e", "add", "c", 1]],
        backward=["d", "e"],
        note="e's pass resets what it reaches (a, b, c, e); d keeps its 1 from d's pass",
    ),
    P(
        "intermediate_output",
        {"a": 2},
        [["b", "mul", "a", 3], ["c", "pow", "b", 2]],
        backward=["c", "b"],
        note="b's pass leaves c alone",
    ),
    # Errors, with tinygrad.py's messages.
    P(
        "pow_fraction",
        {"a": 3},
        [["b", "pow", "a", 0.5]],
        error=(
            "ValueError",
            "Value ** 0.5: only positive integer powers (1, 2, 3, ...) are supported",
        ),
    ),
    P(
        "pow_zero",
        {"a": 3},
        [["b", "pow", "a", 0]],
        error=(
            "ValueError",
            "Value ** 0: only positive integer powers (1, 2, 3, ...) are supported",
        ),
    ),
    P(
        "pow_negative",
        {"a": 3},
        [["b", "pow", "a", -1]],
        error=(
            "ValueError",
            "Value ** -1: only positive integer powers (1, 2, 3, ...) are supported",
        ),
    ),
    P(
        "pow_overflow",
        {"a": 1e200},
        [["b", "pow", "a", 2]],
        error=("OverflowError", "1e+200 ** 2 is too large for a float"),
    ),
    P(
        "divide_by_zero_value",
        {"a": 1, "z": 0},
        [["b", "div", "a", "z"]],
        error=("ZeroDivisionError", "Value division by zero: 1.0 / 0.0"),
    ),
    P(
        "divide_by_zero_constant",
        {"a": -2.5},
        [["b", "div", "a", 0]],
        error=("ZeroDivisionError", "Value division by zero: -2.5 / 0.0"),
    ),
    P(
        "constant_divided_by_zero",
        {"a": 0},
        [["b", "div", 2, "a"]],
        error=("ZeroDivisionError", "Value division by zero: 2.0 / 0.0"),
    ),
    P(
        "log_negative",
        {"a": -1},
        [["b", "log", "a"]],
        error=("ValueError", "log needs a positive value, got -1.0"),
    ),
    P(
        "log_zero",
        {"a": 0},
        [["b", "log", "a"]],
        error=("ValueError", "log needs a positive value, got 0.0"),
    ),
    P(
        "exp_overflow",
        {"a": 1000},
        [["b", "exp", "a"]],
        error=("OverflowError", "exp(1000.0) is too large for a float"),
    ),
]


def build() -> dict:
    programs = []
    for program in PROGRAMS:
        program = dict(program)
        if "error" not in program:
            program["expect"] = expected(program)
        programs.append(program)
    return {
        "about": "Generated by tests/engine/vectors/generate_vectors.py; checked against "
        "src/tinygrad.py by tests/engine/test_engine_vectors.py and against "
        "docs/_static/widgets/engine.js by tests/engine/js/engine.test.js.",
        "programs": programs,
    }


def render() -> str:
    return json.dumps(build(), indent=1) + "\n"


if __name__ == "__main__":
    OUTPUT.write_text(render())
    print(f"wrote {len(PROGRAMS)} programs to {OUTPUT}")
