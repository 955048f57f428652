"""The one catalogue of operations that the engine tests share.

Every public operation of `tinygrad.Value` and of `tensorgrad` is listed here
once: its name, how many operands it takes, where its operands may lie, and its
counterparts on plain numbers, in the other engine and in PyTorch. The tests
that compare an engine with something else (finite differences, PyTorch, the
shared test vectors, the scalar engine) take their operations from here, and
``tests/engine/test_operations_catalogue.py`` fails when an engine has a public
operation that this file does not list.

Adding an operation to an engine means one entry here; the tests then check it
against every counterpart the entry names (and the vectors test asks for a
program that uses it, in ``tests/engine/vectors/generate_vectors.py``).
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
        return all(
            abs(x - point) > margin if margin else x != point for point in self.avoid
        )


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
    exact: bool = (
        False  # closed over fractions.Fraction: +, -, *, /, integer powers, relu
    )
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
            name="add",
            methods=("__add__", "__radd__"),
            arity=2,
            domain=(ANY, ANY),
            apply=operator.add,
            on_floats=operator.add,
            slopes=lambda a, b: (1, 1),
            torch_name="add",
            exact=True,
            reflected=True,
        ),
        ScalarOperation(
            name="sub",
            methods=("__sub__", "__rsub__"),
            arity=2,
            domain=(ANY, ANY),
            apply=operator.sub,
            on_floats=operator.sub,
            slopes=lambda a, b: (1, -1),
            torch_name="sub",
            exact=True,
            reflected=True,
        ),
        ScalarOperation(
            name="mul",
            methods=("__mul__", "__rmul__"),
            arity=2,
            domain=(ANY, ANY),
            apply=operator.mul,
            on_floats=operator.mul,
            slopes=lambda a, b: (b, a),
            torch_name="mul",
            exact=True,
            reflected=True,
        ),
        ScalarOperation(
            name="div",
            methods=("__truediv__", "__rtruediv__"),
            arity=2,
            domain=(ANY, NONZERO),
            apply=operator.truediv,
            on_floats=operator.truediv,
            slopes=lambda a, b: (1 / b, -a / b**2),
            torch_name="div",
            exact=True,
            reflected=True,
        ),
        ScalarOperation(  # the exponent is a whole number n >= 1, not an operand
            name="pow",
            methods=("__pow__",),
            arity=1,
            domain=(ANY,),
            apply=operator.pow,
            on_floats=operator.pow,
            slopes=lambda a, n: (n * a ** (n - 1),),
            torch_name="pow",
            exact=True,
            exponents=(1, 2, 3, 4, 5),
        ),
        ScalarOperation(
            name="neg",
            methods=("__neg__",),
            arity=1,
            domain=(ANY,),
            apply=operator.neg,
            on_floats=operator.neg,
            slopes=lambda a: (-1,),
            torch_name="neg",
            exact=True,
        ),
        ScalarOperation(
            name="relu",
            methods=("relu",),
            arity=1,
            domain=(KINK_AT_ZERO,),
            apply=lambda a: a.relu(),
            on_floats=_relu,
            slopes=lambda a: (1 if a > 0 else 0,),
            torch_name="relu",
            exact=True,
        ),
        ScalarOperation(
            name="tanh",
            methods=("tanh",),
            arity=1,
            domain=(ANY,),
            apply=lambda a: a.tanh(),
            on_floats=math.tanh,
            slopes=lambda a: (1 - math.tanh(a) * math.tanh(a),),
            torch_name="tanh",
        ),
        ScalarOperation(
            name="exp",
            methods=("exp",),
            arity=1,
            domain=(BELOW_EXP_OVERFLOW,),
            apply=lambda a: a.exp(),
            on_floats=math.exp,
            slopes=lambda a: (math.exp(a),),
            torch_name="exp",
        ),
        ScalarOperation(
            name="log",
            methods=("log",),
            arity=1,
            domain=(POSITIVE,),
            apply=lambda a: a.log(),
            on_floats=math.log,
            slopes=lambda a: (1 / a,),
            torch_name="log",
        ),
    ]
}

# What Value defines that is not an operation (tests/engine/test_operations_catalogue.py).
VALUE_NOT_OPERATIONS = {
    "__init__": "builds a leaf",
    "__repr__": "prints a value",
    "backward": "the reverse pass itself (tests/engine/test_backward_scales_and_frees_memory.py)",
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
    scalar engine's, and ``torch_apply`` calls the PyTorch function (``torch``
    imports PyTorch first). ``functions`` names the `tensorgrad.Function`
    subclasses that compute it; ``cases`` are the shapes every test tries.
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
        return (
            getattr(torch, name)(a)
            if axis is None
            else getattr(torch, name)(a, dim=axis)
        )

    return reduce


TENSOR_OPERATIONS: dict[str, TensorOperation] = {
    op.name: op
    for op in [
        TensorOperation(
            name="add",
            methods=("__add__", "__radd__"),
            functions=("Add",),
            arity=2,
            domain=(ANY, ANY),
            apply=operator.add,
            on_arrays=np.add,
            torch_apply=lambda torch, a, b: torch.add(a, b),
            cases=(
                Case(((2, 3), (2, 3))),
                Case(((4, 3), (3,))),  # a row added to every row
                Case(((3, 1), (1, 4))),  # a column and a row
                Case(((2, 3, 4), (3, 1))),  # to a 3-D tensor
                Case(((2, 3), ())),  # a one-element tensor
                Case((2.5, (2, 3))),  # a constant on the left
            ),
        ),
        TensorOperation(
            name="sub",
            methods=("__sub__", "__rsub__"),
            functions=("Sub",),
            arity=2,
            domain=(ANY, ANY),
            apply=operator.sub,
            on_arrays=np.subtract,
            torch_apply=lambda torch, a, b: torch.sub(a, b),
            cases=(
                Case(((2, 3), (2, 3))),
                Case(((4, 3), (3,))),  # a row from every row
                Case(((3,), (4, 3))),  # every row from a row
                Case((1.0, (3,))),  # from a constant
            ),
        ),
        TensorOperation(
            name="neg",
            methods=("__neg__",),
            functions=("Sub",),
            arity=1,
            domain=(ANY,),
            apply=operator.neg,
            on_arrays=np.negative,
            torch_apply=lambda torch, a: torch.neg(a),
            cases=(Case(((2, 3),)),),
        ),
        TensorOperation(
            name="mul",
            methods=("__mul__", "__rmul__"),
            functions=("Mul",),
            arity=2,
            domain=(ANY, ANY),
            apply=operator.mul,
            on_arrays=np.multiply,
            torch_apply=lambda torch, a, b: torch.mul(a, b),
            cases=(
                Case(((2, 3), (2, 3))),
                Case(((4, 3), (3,))),  # by a row
                Case(((3, 1), (1, 4))),  # a column by a row
                Case(((), (2, 3))),  # a one-element tensor times a matrix
                Case((-1.5, (2, 3))),  # a constant on the left
            ),
        ),
        TensorOperation(
            name="matmul",
            methods=("__matmul__", "__rmatmul__"),
            functions=("MatMul",),
            arity=2,
            domain=(ANY, ANY),
            apply=operator.matmul,
            on_arrays=np.matmul,
            torch_apply=lambda torch, a, b: torch.matmul(a, b),
            cases=(
                Case(((2, 3), (3, 4))),
                Case(((1, 5), (5, 1))),  # row by column
                Case(((4, 1), (1, 3))),  # column by row
                Case(
                    (((1.0, -2.0), (0.5, 3.0)), (2, 3))
                ),  # a constant matrix on the left
            ),
        ),
        TensorOperation(
            name="relu",
            methods=("relu",),
            functions=("ReLU",),
            arity=1,
            domain=(KINK_AT_ZERO,),
            apply=lambda a: a.relu(),
            on_arrays=lambda a: np.where(a > 0, a, 0.0),
            torch_apply=lambda torch, a: torch.relu(a),
            on_values=_each("relu"),
            cases=(Case(((3, 4),)),),
        ),
        TensorOperation(
            name="tanh",
            methods=("tanh",),
            functions=("Tanh",),
            arity=1,
            domain=(ANY,),
            apply=lambda a: a.tanh(),
            on_arrays=np.tanh,
            torch_apply=lambda torch, a: torch.tanh(a),
            on_values=_each("tanh"),
            cases=(Case(((3, 4),)),),
        ),
        TensorOperation(
            name="sum",
            methods=("sum",),
            functions=("Sum",),
            arity=1,
            domain=(ANY,),
            apply=lambda a, axis=None: a.sum(axis=axis),
            on_arrays=lambda a, axis=None: np.sum(a, axis=axis),
            torch_apply=_torch_reduce("sum"),
            on_values=lambda a, axis=None: np.sum(a, axis=axis),
            cases=(
                Case(((3, 4),)),
                Case(((3, 4),), {"axis": 0}),
                Case(((3, 4),), {"axis": 1}),
                Case(((2, 3, 4),), {"axis": 1}),  # the middle axis
                Case(((2, 3),), {"axis": -1}),  # counted from the end
            ),
        ),
        TensorOperation(  # a sum times 1/count
            name="mean",
            methods=("mean",),
            functions=("Sum", "Mul"),
            arity=1,
            domain=(ANY,),
            apply=lambda a, axis=None: a.mean(axis=axis),
            on_arrays=lambda a, axis=None: np.mean(a, axis=axis),
            torch_apply=_torch_reduce("mean"),
            on_values=_object_mean,
            cases=(Case(((3, 4),)), Case(((3, 4),), {"axis": 0})),
        ),
        TensorOperation(  # the index is an option: it is not differentiated
            name="getitem",
            methods=("__getitem__",),
            functions=("Index",),
            arity=1,
            domain=(ANY,),
            apply=lambda a, index: a[index],
            on_arrays=lambda a, index: a[index],
            torch_apply=lambda torch, a, index: a[index],
            on_values=lambda a, index: a[index],
            cases=(
                Case(((5,),), {"index": 2}),  # one element: a tensor of shape ()
                Case(((5,),), {"index": -1}),  # counted from the end
                Case(((6,),), {"index": slice(1, 5, 2)}),
                Case(((5,),), {"index": slice(-3, None)}),
                Case(((5,),), {"index": [0, 3, 0, 4, 3]}),  # repeats add up
                Case(((3, 4),), {"index": (1, slice(None))}),  # a row
                Case(((3, 4),), {"index": (slice(None), [2, 0, 2])}),  # columns
                Case(((3, 4),), {"index": ([0, 2, 0], [1, 3, 1])}),  # pairs, one twice
                Case(((3, 4),), {"index": (-1, [-1, 0])}),
            ),
        ),
        TensorOperation(  # the targets are class numbers, not an operand
            name="cross_entropy",
            methods=("cross_entropy",),
            functions=("SoftmaxCrossEntropy",),
            arity=1,
            domain=(ANY,),
            apply=_cross_entropy,
            on_arrays=_cross_entropy_on_arrays,
            torch_apply=_torch_cross_entropy,
            on_values=_cross_entropy_on_values,
            cases=(Case(((5, 4),), {"targets": (0, 3, 1, 1, 2)}),),
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
    "unbroadcast": "a step of backward (tests/engine/test_tensor_engine_reports_bad_input.py)",
    "checked_index": "checks an index before __getitem__ uses it",
    "checked_gradients": "a step of backward (tests/engine/test_tensor_engine_refuses_a_wrong_backward.py)",
    "constant": "builds the result of an operation without a derivative",
    "__bool__": "the truth of a one-element tensor",
}
# What has no derivative: its result never requires a gradient
# (tests/engine/test_tensor_engine_leaves_the_graph_where_there_is_no_derivative.py).
TENSOR_WITHOUT_DERIVATIVE = {
    "__lt__": ("Less", lambda a, b: a < b, np.less),
    "__le__": ("LessEqual", lambda a, b: a <= b, np.less_equal),
    "__gt__": ("Less", lambda a, b: a > b, np.greater),
    "__ge__": ("LessEqual", lambda a, b: a >= b, np.greater_equal),
    "__eq__": ("Equal", lambda a, b: a == b, np.equal),
    "argmax": ("ArgMax", lambda a, b: a.argmax(axis=1), lambda a, b: a.argmax(axis=1)),
}
TENSOR_NOT_OPERATIONS.update(
    {
        name: "no derivative (TENSOR_WITHOUT_DERIVATIVE)"
        for name in TENSOR_WITHOUT_DERIVATIVE
    }
)

# Every (operation, case) pair, for pytest.mark.parametrize, with readable ids.
TENSOR_CASES = [
    (op.name, case) for op in TENSOR_OPERATIONS.values() for case in op.cases
]
TENSOR_CASE_IDS = [f"{name}({case.label()})" for name, case in TENSOR_CASES]
