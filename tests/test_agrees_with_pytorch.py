"""The engine agrees with PyTorch: same values, same gradients, on many random graphs.

Every graph is built twice from one recorded program, once from `Value` and
once from float64 PyTorch tensors, with Python's operators and the methods both
share (``+ - * / ** -x``, the reflected forms with a plain number on the left,
``tanh relu exp log``). Later operations reuse earlier results, so values are
shared and gradients add up over several paths. Skipped, with the reason, where
PyTorch is not installed; CI installs it.
"""

from __future__ import annotations

import math
import random

import pytest

torch = pytest.importorskip(
    "torch", reason="PyTorch is not installed (pip install torch==2.13.0 to run the cross-check)"
)

from tinygrad import Value  # noqa: E402

pytestmark = pytest.mark.torch

REL, ABS = 1e-9, 1e-12


def tensor(x: float):
    return torch.tensor(x, dtype=torch.float64, requires_grad=True)


# name: (arity, how to apply it). The application uses only what Value and
# torch.Tensor share, so one program runs on both. Names ending in "_k" also
# take a plain number k, on the right ("add_k": a + k) or the left ("k_add": k + a).
OPERATIONS = {
    "add": (2, lambda a, b: a + b),
    "sub": (2, lambda a, b: a - b),
    "mul": (2, lambda a, b: a * b),
    "div": (2, lambda a, b: a / b),
    "neg": (1, lambda a: -a),
    "pow2": (1, lambda a: a**2),
    "pow3": (1, lambda a: a**3),
    "tanh": (1, lambda a: a.tanh()),
    "relu": (1, lambda a: a.relu()),
    "exp": (1, lambda a: a.exp()),
    "log": (1, lambda a: a.log()),
    "add_k": (1, lambda a, k: a + k),
    "k_add_k": (1, lambda a, k: k + a),
    "sub_k": (1, lambda a, k: a - k),
    "k_sub_k": (1, lambda a, k: k - a),
    "mul_k": (1, lambda a, k: a * k),
    "k_mul_k": (1, lambda a, k: k * a),
    "div_k": (1, lambda a, k: a / k),
    "k_div_k": (1, lambda a, k: k / a),
}
TAKES_K = {name for name in OPERATIONS if name.endswith("_k")}

# The same operations on plain floats, for the generator to know every value in advance.
ON_FLOATS = {
    "tanh": math.tanh,
    "relu": lambda a: max(a, 0.0),
    "exp": math.exp,
    "log": math.log,
}
# Inputs where an operation is undefined or would overflow: the generator avoids them.
UNSAFE = {
    "div": lambda a, b: abs(b) < 0.05,
    "k_div_k": lambda a, k: abs(a) < 0.05,
    "log": lambda a: a < 1e-3,
    "exp": lambda a: a > 20,
    "pow2": lambda a: abs(a) > 100,
    "pow3": lambda a: abs(a) > 100,
}


def plain(name: str, args: list[float], k: float | None) -> float | None:
    """The result on plain floats, or None where the operation is unsafe for these inputs."""
    full = [*args, k] if name in TAKES_K else args
    if name in UNSAFE and UNSAFE[name](*full):
        return None
    apply = ON_FLOATS.get(name, OPERATIONS[name][1])
    try:
        result = apply(*full)
    except (OverflowError, ZeroDivisionError):
        return None
    return result if math.isfinite(result) and abs(result) < 1e6 else None


def random_program(seed: int) -> tuple[list[float], list[tuple], list[int]]:
    """Inputs, instructions ``(name, operand indices, constant)``, and the indices summed for the output."""
    rng = random.Random(seed)
    inputs = [round(rng.uniform(-2, 2), 3) or 0.5 for _ in range(rng.randint(2, 5))]
    values = list(inputs)
    program = []
    names = sorted(OPERATIONS)
    length = rng.randint(8, 30)
    while len(program) < length:
        name = rng.choice(names)
        arity = OPERATIONS[name][0]
        # favour recent values, for depth, but reuse old ones too, for sharing
        picks = [min(len(values) - 1, int(len(values) * rng.random() ** 0.5)) for _ in range(arity)]
        k = (round(rng.uniform(-3, 3), 2) or 1.5) if name in TAKES_K else None
        result = plain(name, [values[i] for i in picks], k)
        if result is None:
            continue
        values.append(result)
        program.append((name, picks, k))
    n = len(values)
    output = sorted({n - 1, *rng.sample(range(len(inputs), n), k=min(3, n - len(inputs)))})
    return inputs, program, output


def run(program: list[tuple], leaves: list, output: list[int]):
    """Build the program's graph from ``leaves``; return all values and the output."""
    values = list(leaves)
    for name, picks, k in program:
        _, apply = OPERATIONS[name]
        args = [values[i] for i in picks]
        values.append(apply(*args, k) if name in TAKES_K else apply(*args))
    total = values[output[0]]
    for i in output[1:]:
        total = total + values[i]
    return values, total


def close(ours: float, theirs: float, scale: float = 1.0) -> bool:
    return math.isclose(ours, theirs, rel_tol=REL, abs_tol=ABS * max(1.0, scale))


def check_program(inputs, program, output):
    ours_leaves = [Value(x) for x in inputs]
    ours_values, ours_out = run(program, ours_leaves, output)
    ours_out.backward()

    torch_leaves = [tensor(x) for x in inputs]
    torch_values, torch_out = run(program, torch_leaves, output)
    torch_out.backward()

    for i, (v, t) in enumerate(zip(ours_values, torch_values)):
        assert close(v.data, t.item()), f"value {i}: ours {v.data!r}, PyTorch {t.item()!r}"
    assert close(ours_out.data, torch_out.item())
    # A gradient that should be 0 can come out as rounding residue, a cancellation of
    # contributions as large as the values in the graph: scale the absolute tolerance.
    scale = max([1.0] + [abs(v.data) for v in ours_values] + [abs(v.grad) for v in ours_leaves])
    for i, (v, t) in enumerate(zip(ours_leaves, torch_leaves)):
        theirs = 0.0 if t.grad is None else t.grad.item()  # None: the output does not use it
        assert close(v.grad, theirs, scale), f"input {i}: ours {v.grad!r}, PyTorch {theirs!r}"


@pytest.mark.parametrize("seed", range(300))
def test_random_graph_agrees(seed):
    inputs, program, output = random_program(seed)
    check_program(inputs, program, output)


def test_random_graphs_use_every_operation_and_share_values():
    """The generator is worth something only if it reaches every operation and reuses values."""
    used, shared = set(), 0
    for seed in range(300):
        _, program, _ = random_program(seed)
        used.update(name for name, _, _ in program)
        operands = [i for _, picks, _ in program for i in picks]
        shared += len(operands) > len(set(operands))
    assert used == set(OPERATIONS)
    assert shared > 250


def test_the_article_example():
    """((a*b + c).relu())**2 at a=2, b=-3, c=10: value 16, gradients -24, 16, 8."""
    results = []
    for make in (Value, tensor):
        a, b, c = make(2.0), make(-3.0), make(10.0)
        out = ((a * b + c).relu()) ** 2
        out.backward()
        grads = [x.grad if isinstance(x, Value) else x.grad.item() for x in (a, b, c)]
        data = out.data if isinstance(out, Value) else out.item()
        results.append([data, *grads])
    assert results[0] == results[1] == [16.0, -24.0, 16.0, 8.0]


@pytest.mark.parametrize("name", sorted(OPERATIONS))
@pytest.mark.parametrize("x", [-1.7, -0.3, 0.4, 2.5])
def test_each_operation_at_a_few_points(name, x):
    """Each operation alone, its operand shared with a second use (x * op(x, ...))."""
    arity = OPERATIONS[name][0]
    args = [x] * arity if name != "div" else [x, x - 1.0]
    k = 1.5 if name in TAKES_K else None
    if plain(name, args, k) is None:  # log of a negative number: move into its domain
        x = abs(x)
        args = [x] * arity
    leaves = sorted(set(args), key=args.index)
    picks = [leaves.index(a) for a in args]
    program = [(name, picks, k), ("mul", [0, len(leaves)], None)]
    check_program(leaves, program, [len(leaves) + 1])


def test_shared_subexpressions_add_up():
    """q = a*a + a at a = 3: 7 in both engines, and a longer fan-out."""
    for inputs, program, output in [
        ([3.0], [("mul", [0, 0], None), ("add", [1, 0], None)], [2]),
        ([0.7, -1.2], [("mul", [0, 1], None), ("tanh", [2], None), ("mul", [3, 3], None),
                       ("add", [4, 2], None), ("sub", [5, 0], None)], [6, 3]),
    ]:
        check_program(inputs, program, output)
