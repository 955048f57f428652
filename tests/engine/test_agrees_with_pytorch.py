"""The engines agree with PyTorch: same values, same gradients.

Every graph is built twice from one recorded program, once from `Value` with
its operators and methods and once from float64 PyTorch tensors with PyTorch's
functions, both taken from the catalogue in ``tests/engine/operations.py`` (``+ - * /
** -x``, the reflected forms with a plain number on the left, ``tanh relu exp
log``). Later operations reuse earlier results, so values are shared and
gradients add up over several paths. Each operation of the tensor engine is
compared too, case by case. Skipped, with the reason, where PyTorch is not
installed; CI installs it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pytest

from helpers import need

torch = need("torch")

import numpy as np  # noqa: E402
from operations import (  # noqa: E402
    SCALAR_OPERATIONS,
    TENSOR_CASE_IDS,
    TENSOR_CASES,
    TENSOR_OPERATIONS,
    Case,
    ScalarOperation,
    is_shape,
)

from tensorgrad import Tensor  # noqa: E402
from tinygrad import Value  # noqa: E402

pytestmark = pytest.mark.torch

REL, ABS = 1e-9, 1e-12
MARGIN = 0.05  # how far inputs stay from a pole, a kink or the end of a domain


def tensor(x: float):
    return torch.tensor(x, dtype=torch.float64, requires_grad=True)


def constant(x):
    return torch.tensor(x, dtype=torch.float64)


@dataclass(frozen=True)
class Variant:
    """One way to call a catalogue operation in a program.

    ``k`` says where a plain number k goes: ``"right"`` (``a + k``), ``"left"``
    (``k + a``, the reflected method) or nowhere; ``n`` is pow's exponent.
    """

    op: ScalarOperation
    k: str | None = None
    n: int | None = None

    @property
    def arity(self) -> int:
        return self.op.arity - (self.k is not None)

    def operands(self, args: list, k) -> list:
        if self.k == "right":
            return [*args, k]
        if self.k == "left":
            return [k, *args]
        return list(args) if self.n is None else [*args, self.n]

    def ours(self, *args, k=None):
        """On Values (and plain floats): the operators and methods of the catalogue."""
        return self.op.apply(*self.operands(list(args), k))

    def theirs(self, *args, k=None):
        """On PyTorch tensors: the catalogue's PyTorch function; k becomes a constant tensor."""
        operands = self.operands(list(args), None if k is None else constant(k))
        return self.op.torch(*operands)


def variants() -> dict[str, Variant]:
    """Names as in a program: "add", "add_k" (a + k), "k_add_k" (k + a), "pow2", "tanh"."""
    found = {}
    for op in SCALAR_OPERATIONS.values():
        if op.exponents:
            found.update({f"{op.name}{n}": Variant(op, n=n) for n in op.exponents})
            continue
        found[op.name] = Variant(op)
        if op.reflected:
            found[f"{op.name}_k"] = Variant(op, k="right")
            found[f"k_{op.name}_k"] = Variant(op, k="left")
    return found


OPERATIONS = variants()
TAKES_K = {name for name, variant in OPERATIONS.items() if variant.k}


def plain(name: str, args: list[float], k: float | None) -> float | None:
    """The result on plain floats, or None where the inputs leave the operation's domain."""
    variant = OPERATIONS[name]
    operands = variant.operands(args, k)
    domains = variant.op.domain
    if not all(domain.contains(x, MARGIN) for domain, x in zip(domains, operands)):
        return None
    try:
        result = variant.op.on_floats(*operands)
    except (OverflowError, ZeroDivisionError, ValueError):
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
        arity = OPERATIONS[name].arity
        # favour recent values, for depth, but reuse old ones too, for sharing
        picks = [
            min(len(values) - 1, int(len(values) * rng.random() ** 0.5))
            for _ in range(arity)
        ]
        k = (round(rng.uniform(-3, 3), 2) or 1.5) if name in TAKES_K else None
        result = plain(name, [values[i] for i in picks], k)
        if result is None:
            continue
        values.append(result)
        program.append((name, picks, k))
    n = len(values)
    output = sorted(
        {n - 1, *rng.sample(range(len(inputs), n), k=min(3, n - len(inputs)))}
    )
    return inputs, program, output


def run(program: list[tuple], leaves: list, output: list[int], engine: str = "ours"):
    """Build the program's graph from ``leaves``; return all values and the output.

    ``engine`` is "ours" (Value's operators and methods) or "theirs" (PyTorch's functions).
    """
    values = list(leaves)
    for name, picks, k in program:
        apply = getattr(OPERATIONS[name], engine)
        args = [values[i] for i in picks]
        values.append(apply(*args, k=k))
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
    torch_values, torch_out = run(program, torch_leaves, output, "theirs")
    torch_out.backward()

    for i, (v, t) in enumerate(zip(ours_values, torch_values)):
        assert close(v.data, t.item()), (
            f"value {i}: ours {v.data!r}, PyTorch {t.item()!r}"
        )
    assert close(ours_out.data, torch_out.item())
    # A gradient that should be 0 can come out as rounding residue, a cancellation of
    # contributions as large as the values in the graph: scale the absolute tolerance.
    scale = max(
        [1.0] + [abs(v.data) for v in ours_values] + [abs(v.grad) for v in ours_leaves]
    )
    for i, (v, t) in enumerate(zip(ours_leaves, torch_leaves)):
        theirs = (
            0.0 if t.grad is None else t.grad.item()
        )  # None: the output does not use it
        assert close(v.grad, theirs, scale), (
            f"input {i}: ours {v.grad!r}, PyTorch {theirs!r}"
        )


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
    arity = OPERATIONS[name].arity
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
        (
            [0.7, -1.2],
            [
                ("mul", [0, 1], None),
                ("tanh", [2], None),
                ("mul", [3, 3], None),
                ("add", [4, 2], None),
                ("sub", [5, 0], None),
            ],
            [6, 3],
        ),
    ]:
        check_program(inputs, program, output)


@pytest.mark.parametrize(("name", "case"), TENSOR_CASES, ids=TENSOR_CASE_IDS)
def test_tensor_operation_agrees(name: str, case: Case):
    """Each tensor operation and its PyTorch function: same data, same gradients."""
    operation = TENSOR_OPERATIONS[name]
    rng = np.random.default_rng(sum(map(ord, name + case.label())))
    arrays = case.arrays(rng)
    shaped = [is_shape(o) for o in case.operands]
    ours = [Tensor(a, requires_grad=True) if s else a for a, s in zip(arrays, shaped)]
    theirs = [
        torch.tensor(a, dtype=torch.float64, requires_grad=s)
        for a, s in zip(arrays, shaped)
    ]
    result = operation.apply(*ours, **case.options)
    their_result = operation.torch(*theirs, **case.options)
    np.testing.assert_allclose(
        result.data, their_result.detach().numpy(), rtol=REL, atol=ABS
    )

    weights = rng.normal(size=result.shape)
    (result * weights).sum().backward()
    (their_result * constant(weights)).sum().backward()
    for mine, their, s in zip(ours, theirs, shaped):
        if s:
            np.testing.assert_allclose(
                mine.grad, their.grad.numpy(), rtol=REL, atol=ABS
            )
