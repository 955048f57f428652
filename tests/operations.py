"""The one catalogue of operations that the engine tests share.

Every public operation of `tinygrad.Value` and of `tensorgrad` is listed here
once: its name, how many operands it takes, where its operands may lie, and its
counterparts on plain numbers, in the other engine and in PyTorch. The tests
that compare an engine with something else (finite differences, PyTorch, the
shared test vectors, the scalar engine) take their operations from here, and
``tests/test_operations_catalogue.py`` fails when an engine has a public
operation that this file does not list.

Adding an operation to an engine means one entry here; the tests then check it
against every counterpart the entry names (and the vectors test asks for a
program that uses it, in ``tests/vectors/generate_vectors.py``).
"""

from __future__ import annotations

import importlib
import math
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

# --- Where an operand may lie -------------------------------------------------


@dataclass(frozen=True)
class Domain:
    """The numbers an operand may take: an open interval, minus some points.

    ``avoid`` holds the points where the operation is undefined (a pole, such as
    a zero denominator) or has no derivative (a kink, such as relu's 0). A test
    that samples inputs keeps ``margin`` away from the ends and from those points.
    """

    low: float = -math.inf
    high: float = math.inf
    avoid: tuple[float, ...] = ()

    def contains(self, x: float, margin: float = 0.0) -> bool:
        """Whether ``x`` lies in the domain, at least ``margin`` inside it."""
        if not self.low + margin < x < self.high - margin:  # also refuses nan
            return False
        return all(abs(x - point) > margin if margin else x != point for point in self.avoid)


ANY = Domain()
POSITIVE = Domain(low=0.0)  # log
NONZERO = Domain(avoid=(0.0,))  # a denominator
KINK_AT_ZERO = Domain(avoid=(0.0,))  # relu: defined everywhere, no slope at 0
# exp overflows a float above log(max float) = 709.78...
BELOW_EXP_OVERFLOW = Domain(high=math.log(np.finfo(float).max))


def _torch(path: str) -> Callable[..., Any]:
    """``torch.<path>``, imported only when a test asks for it."""
    target: Any = importlib.import_module("torch")
    for part in path.split("."):
        target = getattr(target, part)
    return target


# --- The scalar engine: tinygrad.Value ----------------------------------------


@dataclass(frozen=True)
class ScalarOperation:
    """One operation of `tinygrad.Value`.

    ``apply`` is written with what Value, floats and PyTorch tensors share
    (Python's operators, ``.tanh()``...), so the same call runs on all three.
    ``on_floats`` is the counterpart on plain numbers (also exact on
    ``Fraction`` where ``exact``), ``slopes`` its local derivatives there, one
    per operand, and ``torch`` names the PyTorch function. ``pow`` takes, besides
    its operand, a whole exponent from ``exponents``.
    """

    name: str
    methods: tuple[str, ...]  # the Value methods that implement it
    arity: int  # how many operands are values (a constant may stand for one)
    apply: Callable[..., Any]
    on_floats: Callable[..., Any]
    slopes: Callable[..., tuple[Any, ...]]
    torch_name: str
    domain: tuple[Domain, ...]
    exact: bool = False  # closed over fractions.Fraction: +, -, *, /, integer powers, relu
    exponents: tuple[int, ...] = ()  # pow only: the exponents the tests try
    reflected: bool = False  # also takes a plain number on the left (2 + a)

    @property
    def torch(self) -> Callable[..., Any]:
        """The PyTorch function (imports torch: call only where it is installed)."""
        return _torch(self.torch_name)


def _relu(a: Any) -> Any:
    return a if not a <= 0 else type(a)(0)  # a nan passes, as in PyTorch


SCALAR_OPERATIONS: dict[str, ScalarOperation] = {
    op.name: op
    for op in [
        ScalarOperation(
            "add", ("__add__", "__radd__"), 2, operator.add, operator.add,
            lambda a, b: (1, 1), "add", (ANY, ANY), exact=True, reflected=True,
        ),
        ScalarOperation(
            "sub", ("__sub__", "__rsub__"), 2, operator.sub, operator.sub,
            lambda a, b: (1, -1), "sub", (ANY, ANY), exact=True, reflected=True,
        ),
        ScalarOperation(
            "mul", ("__mul__", "__rmul__"), 2, operator.mul, operator.mul,
            lambda a, b: (b, a), "mul", (ANY, ANY), exact=True, reflected=True,
        ),
        ScalarOperation(
            "div", ("__truediv__", "__rtruediv__"), 2, operator.truediv, operator.truediv,
            lambda a, b: (1 / b, -a / b**2), "div", (ANY, NONZERO), exact=True, reflected=True,
        ),
        ScalarOperation(
            "pow", ("__pow__",), 1, operator.pow, operator.pow,
            lambda a, n: (n * a ** (n - 1),), "pow", (ANY,), exact=True, exponents=(1, 2, 3, 4, 5),
        ),
        ScalarOperation(
            "neg", ("__neg__",), 1, operator.neg, operator.neg,
            lambda a: (-1,), "neg", (ANY,), exact=True,
        ),
        ScalarOperation(
            "relu", ("relu",), 1, lambda a: a.relu(), _relu,
            lambda a: (1 if a > 0 else 0,), "relu", (KINK_AT_ZERO,), exact=True,
        ),
        ScalarOperation(
            "tanh", ("tanh",), 1, lambda a: a.tanh(), math.tanh,
            lambda a: (1 - math.tanh(a) * math.tanh(a),), "tanh", (ANY,),
        ),
        ScalarOperation(
            "exp", ("exp",), 1, lambda a: a.exp(), math.exp,
            lambda a: (math.exp(a),), "exp", (BELOW_EXP_OVERFLOW,),
        ),
        ScalarOperation(
            "log", ("log",), 1, lambda a: a.log(), math.log,
            lambda a: (1 / a,), "log", (POSITIVE,),
        ),
    ]
}

# What Value defines that is not an operation (tests/test_operations_catalogue.py).
VALUE_NOT_OPERATIONS = {
    "__init__": "builds a leaf",
    "__repr__": "prints a value",
    "backward": "the reverse pass itself (tests/test_backward_scales_and_frees_memory.py)",
    "is_number": "the definition of a number the operations share",
}


# --- The tensor engine: tensorgrad --------------------------------------------


@dataclass(frozen=True)
class Case:
    """One way to call a tensor operation: a shape per operand, and keyword options.

    An operand that is not a shape (a number, a nested tuple of numbers) is a
    constant: ``(2.5, (2, 3))`` is ``2.5 + a`` for a tensor ``a`` of shape
    ``(2, 3)``, which runs the reflected operator ``Tensor.__radd__``.
    """

    operands: tuple[Any, ...]
    options: dict[str, Any] = field(default_factory=dict)

    def label(self) -> str:
        parts = [
            ("x".join(map(str, o)) or "one element") if is_shape(o) else f"constant {o}"
            for o in self.operands
        ]
        parts += [f"{k}={v}" for k, v in self.options.items()]
        return ", ".join(parts)

    def arrays(self, rng: np.random.Generator) -> list[np.ndarray | Any]:
        """A random float64 array for each shape (seeded by the caller); constants as they are."""
        return [rng.normal(size=o) if is_shape(o) else o for o in self.operands]


def is_shape(operand: Any) -> bool:
    """Whether a case's operand is a shape (a tuple of ints), rather than a constant."""
    return isinstance(operand, tuple) and all(isinstance(n, int) for n in operand)


@dataclass(frozen=True)
class TensorOperation:
    """One operation of `tensorgrad`: a `Tensor` method or operator, or a function.

    ``apply`` runs it on tensors (and on NumPy object arrays of `tinygrad.Value`
    where ``on_values`` is None: the operators broadcast the same way there);
    ``on_arrays`` is the counterpart on plain float arrays, ``on_values`` the
    scalar engine's, and ``torch`` the PyTorch function. ``function`` names the
    `tensorgrad.Function` subclasses that compute it.
    """

    name: str
    methods: tuple[str, ...]  # Tensor methods, or module-level functions of tensorgrad
    functions: tuple[str, ...]  # the Function subclasses it is built from
    arity: int
    apply: Callable[..., Any]
    on_arrays: Callable[..., np.ndarray]
    torch_apply: Callable[..., Any]  # (torch module, *tensors, **options) -> tensor
    domain: tuple[Domain, ...]
    cases: tuple[Case, ...]
    on_values: Callable[..., Any] | None = None

    def scalar_engine(self, *operands: Any, **options: Any) -> Any:
        """The scalar engine's version, on NumPy object arrays of `tinygrad.Value`."""
        if self.on_values is not None:
            return self.on_values(*operands, **options)
        return self.apply(*operands, **options)

    def torch(self, *operands: Any, **options: Any) -> Any:
        """The PyTorch version (imports torch: call only where it is installed)."""
        return self.torch_apply(importlib.import_module("torch"), *operands, **options)


def _each(method: str) -> Callable[[np.ndarray], np.ndarray]:
    """Call ``method`` on every Value of an object array."""
    return np.vectorize(lambda value: getattr(value, method)(), otypes=[object])


def _object_mean(values: np.ndarray, axis: int | None = None) -> Any:
    count = values.size if axis is None else values.shape[axis]
    return np.sum(values, axis=axis) * (1 / count)


def _cross_entropy(logits: Any, targets: Sequence[int]) -> Any:
    from tensorgrad import cross_entropy

    return cross_entropy(logits, np.asarray(targets))


def _cross_entropy_on_arrays(logits: np.ndarray, targets: Sequence[int]) -> np.ndarray:
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    return -log_probs[np.arange(len(logits)), np.asarray(targets)].mean()


def _cross_entropy_on_values(logits: np.ndarray, targets: Sequence[int]) -> Any:
    from digits import scalar_cross_entropy

    losses = [scalar_cross_entropy(list(row), t) for row, t in zip(logits, targets)]
    return sum(losses) * (1 / len(losses))


def _torch_cross_entropy(torch: Any, logits: Any, targets: Sequence[int]) -> Any:
    return torch.nn.functional.cross_entropy(logits, torch.tensor(list(targets)))


def _torch_reduce(name: str) -> Callable[..., Any]:
    def reduce(torch: Any, a: Any, axis: int | None = None) -> Any:
        return getattr(torch, name)(a) if axis is None else getattr(torch, name)(a, dim=axis)

    return reduce


TENSOR_OPERATIONS: dict[str, TensorOperation] = {
    op.name: op
    for op in [
        TensorOperation(
            "add", ("__add__", "__radd__"), ("Add",), 2, operator.add, np.add,
            lambda torch, a, b: torch.add(a, b), (ANY, ANY),
            (
                Case(((2, 3), (2, 3))),
                Case(((4, 3), (3,))),  # a row added to every row
                Case(((3, 1), (1, 4))),  # a column and a row
                Case(((2, 3, 4), (3, 1))),  # to a 3-D tensor
                Case(((2, 3), ())),  # a one-element tensor
                Case((2.5, (2, 3))),  # a constant on the left
            ),
        ),
        TensorOperation(
            "sub", ("__sub__", "__rsub__"), ("Sub",), 2, operator.sub, np.subtract,
            lambda torch, a, b: torch.sub(a, b), (ANY, ANY),
            (
                Case(((2, 3), (2, 3))),
                Case(((4, 3), (3,))),  # a row from every row
                Case(((3,), (4, 3))),  # every row from a row
                Case((1.0, (3,))),  # from a constant
            ),
        ),
        TensorOperation(
            "neg", ("__neg__",), ("Sub",), 1, operator.neg, np.negative,
            lambda torch, a: torch.neg(a), (ANY,), (Case(((2, 3),)),),
        ),
        TensorOperation(
            "mul", ("__mul__", "__rmul__"), ("Mul",), 2, operator.mul, np.multiply,
            lambda torch, a, b: torch.mul(a, b), (ANY, ANY),
            (
                Case(((2, 3), (2, 3))),
                Case(((4, 3), (3,))),  # by a row
                Case(((3, 1), (1, 4))),  # a column by a row
                Case(((), (2, 3))),  # a one-element tensor times a matrix
                Case((-1.5, (2, 3))),  # a constant on the left
            ),
        ),
        TensorOperation(
            "matmul", ("__matmul__", "__rmatmul__"), ("MatMul",), 2, operator.matmul, np.matmul,
            lambda torch, a, b: torch.matmul(a, b), (ANY, ANY),
            (
                Case(((2, 3), (3, 4))),
                Case(((1, 5), (5, 1))),  # row by column
                Case(((4, 1), (1, 3))),  # column by row
                Case((((1.0, -2.0), (0.5, 3.0)), (2, 3))),  # a constant matrix on the left
            ),
        ),
        TensorOperation(
            "relu", ("relu",), ("ReLU",), 1, lambda a: a.relu(),
            lambda a: np.where(a > 0, a, 0.0), lambda torch, a: torch.relu(a),
            (KINK_AT_ZERO,), (Case(((3, 4),)),), on_values=_each("relu"),
        ),
        TensorOperation(
            "tanh", ("tanh",), ("Tanh",), 1, lambda a: a.tanh(), np.tanh,
            lambda torch, a: torch.tanh(a), (ANY,), (Case(((3, 4),)),), on_values=_each("tanh"),
        ),
        TensorOperation(
            "sum", ("sum",), ("Sum",), 1, lambda a, axis=None: a.sum(axis=axis),
            lambda a, axis=None: np.sum(a, axis=axis), _torch_reduce("sum"), (ANY,),
            (
                Case(((3, 4),)),
                Case(((3, 4),), {"axis": 0}),
                Case(((3, 4),), {"axis": 1}),
                Case(((2, 3, 4),), {"axis": 1}),  # the middle axis
                Case(((2, 3),), {"axis": -1}),  # counted from the end
            ),
            on_values=lambda a, axis=None: np.sum(a, axis=axis),
        ),
        TensorOperation(
            "mean", ("mean",), ("Sum", "Mul"), 1, lambda a, axis=None: a.mean(axis=axis),
            lambda a, axis=None: np.mean(a, axis=axis), _torch_reduce("mean"), (ANY,),
            (Case(((3, 4),)), Case(((3, 4),), {"axis": 0})),
            on_values=_object_mean,
        ),
        TensorOperation(
            "cross_entropy", ("cross_entropy",), ("SoftmaxCrossEntropy",), 1, _cross_entropy,
            _cross_entropy_on_arrays, _torch_cross_entropy, (ANY,),
            (Case(((5, 4),), {"targets": (0, 3, 1, 1, 2)}),),
            on_values=_cross_entropy_on_values,
        ),
    ]
}

# What tensorgrad defines that is not an operation.
TENSOR_NOT_OPERATIONS = {
    "__init__": "builds a leaf",
    "__repr__": "prints a tensor",
    "backward": "the reverse pass itself",
    "item": "reads a one-element tensor",
    "parents": "reads the recorded graph",
    "shape": "reads the shape",
    "unbroadcast": "a step of backward (tests/test_tensor_engine_reports_bad_input.py)",
}

# Every (operation, case) pair, for pytest.mark.parametrize, with readable ids.
TENSOR_CASES = [(op.name, case) for op in TENSOR_OPERATIONS.values() for case in op.cases]
TENSOR_CASE_IDS = [f"{name}({case.label()})" for name, case in TENSOR_CASES]
