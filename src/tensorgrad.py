"""A small reverse-mode autodiff engine for NumPy arrays: tensors instead of scalars.

It does what `tinygrad.Value` does, one whole array at a time. A `Tensor`
holds an array in ``data`` and, when it takes part in training, an array of
the same shape in ``grad``. Every operation is a `Function` with a
``forward`` on arrays and a ``backward`` that turns the gradient of its
result into gradients for its inputs. `Tensor.backward` walks those steps
from a scalar loss back to the inputs.

>>> from tensorgrad import Tensor
>>> w = Tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
>>> x = Tensor([[1.0], [-1.0]])
>>> loss = (w @ x).sum()
>>> loss.backward()
>>> loss.item()
-2.0
>>> w.grad
array([[ 1., -1.],
       [ 1., -1.]])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


class Tensor:
    """An array of float64 numbers that records the operations that produced it.

    ``requires_grad=True`` marks a tensor whose gradient we want (a weight, a
    bias); data and constants leave it ``False``. A result requires a gradient
    when any of its inputs does.

    >>> from tensorgrad import Tensor
    >>> Tensor([1, 2, 3], requires_grad=True)
    Tensor([1., 2., 3.], requires_grad=True)
    >>> Tensor("seven")
    Traceback (most recent call last):
    ...
    TypeError: Tensor() needs numbers, got str: 'seven'
    """

    __slots__ = ("data", "grad", "requires_grad", "ctx", "cut")
    __array_ufunc__ = None  # makes `array + tensor` call Tensor.__radd__
    __hash__ = object.__hash__  # == compares elementwise; a tensor is still a key

    def __init__(self, data: Any, requires_grad: bool = False) -> None:
        try:
            array = np.asarray(data)
        except ValueError:  # ragged nested lists
            raise TypeError(
                f"Tensor() needs a rectangular array of numbers, got {data!r}"
            ) from None
        if array.dtype.kind not in "iuf":  # signed, unsigned, float
            kind = type(data).__name__
            raise TypeError(f"Tensor() needs numbers, got {kind}: {data!r}")
        self.data = np.array(array, dtype=np.float64)  # our own float64 copy
        self.requires_grad = requires_grad
        self.grad = np.zeros_like(self.data) if requires_grad else None
        self.ctx: Function | None = None  # the Function that computed this tensor
        self.cut: str | None = None  # the operation without a derivative it came from

    @property
    def parents(self) -> tuple[Tensor, ...]:
        """The tensors this one was computed from, if that was recorded."""
        return self.ctx.parents if self.ctx is not None else ()

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of ``data`` (and of ``grad``)."""
        return self.data.shape

    def item(self) -> float:
        """The value of a one-element tensor as a Python float.

        >>> from tensorgrad import Tensor
        >>> Tensor([[2.5]]).item()
        2.5
        """
        return self.data.item()

    @classmethod
    def constant(cls, array: np.ndarray) -> Tensor:
        """The result of an operation without a derivative: its array as it is
        (booleans, or integers from `argmax`), never requiring a gradient."""
        result = cls.__new__(cls)
        result.data, result.requires_grad, result.grad = np.asarray(array), False, None
        result.ctx, result.cut = None, None
        return result

    def __repr__(self) -> str:
        numbers = np.array2string(self.data, separator=", ", prefix="Tensor(")
        return f"Tensor({numbers}, requires_grad={self.requires_grad})"

    # The operators: each one is a Function, defined further down.

    def __add__(self, other: Tensor | Any) -> Tensor:
        return Add.apply(self, other)

    def __radd__(self, other: Any) -> Tensor:
        return Add.apply(other, self)

    def __sub__(self, other: Tensor | Any) -> Tensor:
        return Sub.apply(self, other)

    def __rsub__(self, other: Any) -> Tensor:
        return Sub.apply(other, self)

    def __neg__(self) -> Tensor:
        return Sub.apply(0.0, self)

    def __mul__(self, other: Tensor | Any) -> Tensor:
        return Mul.apply(self, other)

    def __rmul__(self, other: Any) -> Tensor:
        return Mul.apply(other, self)

    def __matmul__(self, other: Tensor | Any) -> Tensor:
        return MatMul.apply(self, other)

    def __rmatmul__(self, other: Any) -> Tensor:
        return MatMul.apply(other, self)

    def __getitem__(self, index: Any) -> Tensor:
        """Elements picked by integers, slices and integer arrays, as NumPy picks them.

        >>> from tensorgrad import Tensor
        >>> x = Tensor([[1, 2, 3], [4, 5, 6]], requires_grad=True)
        >>> x[1, ::-1]
        Tensor([6., 5., 4.], requires_grad=True)
        >>> x[:, [0, 0, 2]].sum().backward()  # column 0 used twice
        >>> x.grad
        array([[2., 0., 1.],
               [2., 0., 1.]])
        """
        return Index.apply(self, index=checked_index(index, self.shape))

    # Comparisons and argmax have no derivative: their results never require a
    # gradient and never enter the graph (Function.differentiable).

    def __lt__(self, other: Tensor | Any) -> Tensor:
        return Less.apply(self, other)

    def __le__(self, other: Tensor | Any) -> Tensor:
        return LessEqual.apply(self, other)

    def __gt__(self, other: Tensor | Any) -> Tensor:
        return Less.apply(other, self)

    def __ge__(self, other: Tensor | Any) -> Tensor:
        return LessEqual.apply(other, self)

    def __eq__(self, other: object) -> Tensor:  # type: ignore[override]
        return Equal.apply(self, other)

    def argmax(self, axis: int | None = None) -> Tensor:
        """Where the largest element is, along ``axis`` (or in the flattened tensor).

        >>> from tensorgrad import Tensor
        >>> scores = Tensor([[0.1, 0.7, 0.2], [0.9, 0.05, 0.05]], requires_grad=True)
        >>> scores.argmax(axis=1)
        Tensor([1, 0], requires_grad=False)
        >>> (scores.argmax(axis=1) == Tensor([1, 2])).mean().item()
        0.5
        """
        return ArgMax.apply(self, axis=axis)

    def __bool__(self) -> bool:
        if self.data.size != 1:
            raise ValueError(
                f"the truth of a tensor of shape {self.shape} is ambiguous: "
                "use (t == u).mean().item() == 1.0, or look at .data"
            )
        return bool(self.data.item())

    def relu(self) -> Tensor:
        """``max(0, x)`` elementwise."""
        return ReLU.apply(self)

    def tanh(self) -> Tensor:
        """``tanh(x)`` elementwise."""
        return Tanh.apply(self)

    def sum(self, axis: int | tuple[int, ...] | None = None) -> Tensor:
        """The sum of all elements, or along one axis (or a tuple of axes).

        >>> from tensorgrad import Tensor
        >>> Tensor([[1, 2, 3], [4, 5, 6]]).sum(axis=0)
        Tensor([5., 7., 9.], requires_grad=False)
        """
        return Sum.apply(self, axis=axis)

    def mean(self, axis: int | tuple[int, ...] | None = None) -> Tensor:
        """The mean of all elements, or along axes: a sum times ``1/count``.

        >>> from tensorgrad import Tensor
        >>> Tensor([[1, 2, 3], [4, 5, 6]]).mean().item()
        3.5
        >>> Tensor([]).mean()
        Traceback (most recent call last):
        ...
        ValueError: mean() of no numbers: the tensor has shape (0,)
        """
        total = self.sum(axis)  # NumPy checks the axes
        axes = range(self.data.ndim) if axis is None else np.atleast_1d(axis)
        count = int(np.prod([self.data.shape[a] for a in axes]))
        if count == 0:
            where = "" if axis is None else f" along axis {axis}"
            raise ValueError(
                f"mean() of no numbers{where}: the tensor has shape {self.shape}"
            )
        return total * (1.0 / count)

    def backward(self) -> None:
        """Set ``grad`` of every tensor this scalar depends on to d(self)/d(tensor).

        Visits only tensors that require a gradient, and clears their old
        gradients first, as `tinygrad.Value.backward` does.
        """
        if self.data.ndim != 0:
            raise ValueError(
                f"backward() needs a scalar loss of shape (); got {self.shape}: "
                "use .sum() or .mean()"
            )
        if not self.requires_grad:
            if self.cut is not None:
                raise ValueError(
                    f"backward(): this loss comes from {self.cut}, which has no "
                    "derivative: its result is a constant to the engine, and no "
                    "gradient passes through it"
                )
            raise ValueError("backward(): nothing here has requires_grad=True")

        # Chapter 5's step 5, as in tinygrad.py, with a tensor's parents for its edges.
        order: list[Tensor] = []
        seen: set[Tensor] = set()
        stack = [(self, False)]  # (node, are its parents in order already?)
        while stack:
            node, parents_done = stack.pop()
            if parents_done:
                order.append(node)
            elif node not in seen:
                seen.add(node)
                stack.append((node, True))  # come back to it after its parents
                for parent in reversed(node.parents):  # the first parent on top
                    if parent.requires_grad:  # unlike step 5: no other needs a grad
                        stack.append((parent, False))
        for node in order:
            node.grad = np.zeros_like(node.data)
        self.grad = np.ones_like(self.data)  # seed the output gradient
        for node in reversed(order):
            if node.ctx is None:  # a leaf: a weight, a bias
                continue
            input_grads = checked_gradients(
                node.ctx, node.ctx.backward(node.ctx, node.grad)
            )
            for parent, grad in zip(node.ctx.parents, input_grads):
                if parent.requires_grad:
                    parent.grad += grad


def unbroadcast(grad: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Sum ``grad`` back down to ``shape``: the reverse of NumPy's broadcasting.

    >>> import numpy as np
    >>> from tensorgrad import unbroadcast
    >>> unbroadcast(np.ones((4, 3)), (3,))
    array([4., 4., 4.])
    """
    while grad.ndim > len(shape):  # new leading axes: sum them away
        grad = grad.sum(axis=0)
    for axis, length in enumerate(shape[len(shape) - grad.ndim :]):
        if length == 1 and grad.shape[axis] != 1:  # stretched axes: sum, keep length 1
            grad = grad.sum(axis=axis, keepdims=True)
    return grad


def checked_gradients(ctx: Function, grads: Any) -> list[np.ndarray | None]:
    """What ``ctx.backward`` returned, each gradient summed back to its input's
    shape; refused, naming the Function, when it cannot be.

    >>> from tensorgrad import Function, Tensor
    >>> class Double(Function):
    ...     @staticmethod
    ...     def forward(ctx, x):
    ...         return 2 * x
    ...     @staticmethod
    ...     def backward(ctx, grad):
    ...         return 2 * grad  # the comma of (2 * grad,) is missing
    ...
    >>> x = Tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    >>> Double.apply(x).sum().backward()
    Traceback (most recent call last):
    ...
    TypeError: Double.backward returned a bare array of shape (2, 2), not one gradient per input: return (grad_x,) for one input, with the comma
    """
    name = type(ctx).__name__
    if isinstance(grads, np.ndarray) or not isinstance(grads, tuple | list):
        what = "array" if isinstance(grads, np.ndarray) else type(grads).__name__
        shape = f" of shape {grads.shape}" if isinstance(grads, np.ndarray) else ""
        raise TypeError(
            f"{name}.backward returned a bare {what}{shape}, not one gradient per "
            "input: return (grad_x,) for one input, with the comma"
        )
    if len(grads) != len(ctx.parents):
        raise ValueError(
            f"{name}.backward returned {len(grads)} gradients for "
            f"{len(ctx.parents)} inputs: one per input of forward, in order"
        )
    checked: list[np.ndarray | None] = []
    for number, (parent, grad) in enumerate(zip(ctx.parents, grads)):
        if grad is None and not parent.requires_grad:
            checked.append(None)  # an input that needs no gradient may get None
            continue
        if grad is None:
            raise ValueError(
                f"{name}.backward returned None for input {number}, which needs "
                "a gradient"
            )
        array = np.asarray(grad, dtype=np.float64)
        summed = unbroadcast(array, parent.shape)
        if summed.shape != parent.shape:
            raise ValueError(
                f"{name}.backward: the gradient of input {number} has shape "
                f"{array.shape}, which cannot be summed back to the input's shape "
                f"{parent.shape}"
            )
        checked.append(summed)
    return checked


class Function:
    """One operation. A subclass defines ``forward`` and ``backward`` on NumPy arrays.

    ``Op.apply(*inputs)`` creates the context ``ctx`` (an instance of the
    subclass), runs ``forward(ctx, *arrays)`` and, when any input requires a
    gradient, records ``ctx`` in the result. ``forward`` keeps (copies of) what
    ``backward`` will need with ``ctx.save_for_backward``. ``backward(ctx,
    grad)`` receives the gradient of the result, of the result's shape, and
    returns one gradient per input, of the result's shape or of the input's;
    the engine sums each one back to its input's shape with `unbroadcast`.

    >>> import numpy as np
    >>> from tensorgrad import Function, Tensor
    >>> class Square(Function):
    ...     @staticmethod
    ...     def forward(ctx, x):
    ...         ctx.save_for_backward(x)
    ...         return x * x
    ...     @staticmethod
    ...     def backward(ctx, grad):
    ...         (x,) = ctx.saved
    ...         return (grad * 2 * x,)
    ...
    >>> x = Tensor([1.0, -3.0], requires_grad=True)
    >>> Square.apply(x).sum().backward()
    >>> x.grad
    array([ 2., -6.])
    """

    def __init__(self, parents: tuple[Tensor, ...]) -> None:
        self.parents = parents
        self.saved: tuple[np.ndarray, ...] = ()

    def save_for_backward(self, *arrays: np.ndarray) -> None:
        """Keep copies of the arrays that ``backward`` will need.

        Copies, because an input's array may change before ``backward`` runs:
        a training step updates weights in place (``w.data -= ...``), and a
        saved reference would then mix the new weights into the old graph.
        """
        self.saved = tuple(np.array(array, copy=True) for array in arrays)

    @staticmethod
    def forward(ctx: Function, *arrays: np.ndarray, **options: Any) -> np.ndarray:
        """Compute the result from the inputs' arrays."""
        raise NotImplementedError

    @staticmethod
    def backward(ctx: Function, grad: np.ndarray) -> tuple[np.ndarray, ...]:
        """Turn the gradient of the result into one gradient per input."""
        raise NotImplementedError

    differentiable = True  # False: a comparison, argmax; its result is a constant

    @classmethod
    def apply(cls, *inputs: Tensor | Any, **options: Any) -> Tensor:
        """Run the operation on tensors; numbers and arrays become constant tensors."""
        parents = tuple(x if isinstance(x, Tensor) else Tensor(x) for x in inputs)
        ctx = cls(parents)
        array = cls.forward(ctx, *(p.data for p in parents), **options)
        result = Tensor(array) if cls.differentiable else Tensor.constant(array)
        cut = [p.cut for p in parents if p.cut is not None]
        if not cls.differentiable:
            if any(p.requires_grad for p in parents):
                cut.insert(0, f"{cls.__name__} ({cls.symbol})")
        elif any(p.requires_grad for p in parents):
            result.requires_grad = True
            result.grad = np.zeros_like(result.data)
            result.ctx = ctx
        result.cut = cut[0] if cut else None
        return result


class Add(Function):
    """``a + b``, with broadcasting: both local derivatives are 1."""

    @staticmethod
    def forward(ctx: Function, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return a + b

    @staticmethod
    def backward(ctx: Function, grad: np.ndarray) -> tuple[np.ndarray, ...]:
        return grad, grad


class Sub(Function):
    """``a - b``, with broadcasting: local derivatives 1 and -1."""

    @staticmethod
    def forward(ctx: Function, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return a - b

    @staticmethod
    def backward(ctx: Function, grad: np.ndarray) -> tuple[np.ndarray, ...]:
        return grad, -grad


class Mul(Function):
    """``a * b`` elementwise, with broadcasting: each local derivative is the other."""

    @staticmethod
    def forward(ctx: Function, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx: Function, grad: np.ndarray) -> tuple[np.ndarray, ...]:
        a, b = ctx.saved
        return grad * b, grad * a


class MatMul(Function):
    """``A @ B`` for matrices: ``(n, k) @ (k, m)`` gives ``(n, m)``.

    >>> from tensorgrad import Tensor
    >>> Tensor([[1, 2, 3]]) @ Tensor([[1, 2], [3, 4]])
    Traceback (most recent call last):
    ...
    ValueError: matmul: (1, 3) @ (2, 2) do not fit: 3 columns, then 2 rows
    """

    @staticmethod
    def forward(ctx: Function, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        if a.ndim != 2 or b.ndim != 2:
            raise ValueError(f"matmul needs two matrices, got {a.shape} @ {b.shape}")
        if a.shape[1] != b.shape[0]:
            raise ValueError(
                f"matmul: {a.shape} @ {b.shape} do not fit: "
                f"{a.shape[1]} columns, then {b.shape[0]} rows"
            )
        ctx.save_for_backward(a, b)
        return a @ b

    @staticmethod
    def backward(ctx: Function, grad: np.ndarray) -> tuple[np.ndarray, ...]:
        a, b = ctx.saved
        return grad @ b.T, a.T @ grad  # (n, m) @ (m, k) and (k, n) @ (n, m)


class ReLU(Function):
    """``max(0, x)``: local derivative 1 where ``x > 0``, else 0 (nan stays nan)."""

    @staticmethod
    def forward(ctx: Function, x: np.ndarray) -> np.ndarray:
        positive = ~(x <= 0.0)  # as in tinygrad and PyTorch: nan passes
        ctx.save_for_backward(positive)
        return np.where(positive, x, 0.0)

    @staticmethod
    def backward(ctx: Function, grad: np.ndarray) -> tuple[np.ndarray, ...]:
        (positive,) = ctx.saved
        return (grad * positive,)


class Tanh(Function):
    """``tanh(x)``: local derivative ``1 - tanh(x)**2``."""

    @staticmethod
    def forward(ctx: Function, x: np.ndarray) -> np.ndarray:
        t = np.tanh(x)
        ctx.save_for_backward(t)
        return t

    @staticmethod
    def backward(ctx: Function, grad: np.ndarray) -> tuple[np.ndarray, ...]:
        (t,) = ctx.saved
        return (grad * (1.0 - t * t),)


class Sum(Function):
    """The sum of all elements, or along ``axis``: each local derivative is 1."""

    @staticmethod
    def forward(ctx: Function, x: np.ndarray, axis: int | None = None) -> np.ndarray:
        ctx.shape, ctx.axis = x.shape, axis
        return x.sum(axis=axis)

    @staticmethod
    def backward(ctx: Function, grad: np.ndarray) -> tuple[np.ndarray, ...]:
        if ctx.axis is not None:
            grad = np.expand_dims(grad, ctx.axis)  # put back the summed axis
        return (np.broadcast_to(grad, ctx.shape),)  # a sum's reverse: a broadcast


def checked_index(index: Any, shape: tuple[int, ...]) -> Any:
    """An index a tensor takes: integers, slices and arrays of integers, as NumPy's.

    >>> from tensorgrad import Tensor
    >>> Tensor([1, 2, 3])[1.5]
    Traceback (most recent call last):
    ...
    TypeError: Tensor index: integers, slices and arrays of integers, got float: 1.5
    >>> Tensor([1, 2, 3])[[0, 3]]
    Traceback (most recent call last):
    ...
    IndexError: Tensor index [0, 3] for shape (3,): index 3 is out of bounds for axis 0 with size 3
    """
    parts = index if isinstance(index, tuple) else (index,)
    checked = []
    for part in parts:
        if isinstance(part, Tensor):
            part = part.data  # argmax's integers
        if isinstance(part, slice) or (
            isinstance(part, int | np.integer) and not isinstance(part, bool | np.bool_)
        ):
            checked.append(part)
            continue
        array = np.asarray(part) if isinstance(part, list | np.ndarray) else None
        if array is None or array.dtype.kind not in "iu" or array.ndim != 1:
            kind = type(part).__name__
            raise TypeError(
                "Tensor index: integers, slices and arrays of integers, "
                f"got {kind}: {part!r}"
            )
        checked.append(array)
    if len(checked) > len(shape):
        raise IndexError(f"Tensor index {index!r}: too many indices for shape {shape}")
    checked = tuple(checked)
    try:
        np.empty(shape)[checked]  # NumPy's own bounds checks, on nothing
    except IndexError as error:
        raise IndexError(f"Tensor index {index!r} for shape {shape}: {error}") from None
    return checked


class Index(Function):
    """``x[index]``: the gradient goes back to the elements picked, scattered into
    zeros of the input's shape; an element picked twice gets both gradients."""

    @staticmethod
    def forward(ctx: Function, x: np.ndarray, index: Any = ()) -> np.ndarray:
        ctx.shape, ctx.index = x.shape, index
        return x[index]

    @staticmethod
    def backward(ctx: Function, grad: np.ndarray) -> tuple[np.ndarray, ...]:
        full = np.zeros(ctx.shape)
        np.add.at(full, ctx.index, grad)  # adds where an index repeats; = would not
        return (full,)


class Less(Function):
    """``a < b`` elementwise: booleans, no derivative (a step has none worth passing)."""

    differentiable = False
    symbol = "<"

    @staticmethod
    def forward(ctx: Function, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return a < b


class LessEqual(Function):
    """``a <= b`` elementwise: booleans, no derivative."""

    differentiable = False
    symbol = "<="

    @staticmethod
    def forward(ctx: Function, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return a <= b


class Equal(Function):
    """``a == b`` elementwise: booleans, no derivative."""

    differentiable = False
    symbol = "=="

    @staticmethod
    def forward(ctx: Function, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return a == b


class ArgMax(Function):
    """Where the largest element is: integers, no derivative (a small nudge moves
    no position, until it jumps)."""

    differentiable = False
    symbol = "argmax"

    @staticmethod
    def forward(ctx: Function, x: np.ndarray, axis: int | None = None) -> np.ndarray:
        if x.size == 0:
            raise ValueError(f"argmax() of no numbers: the tensor has shape {x.shape}")
        return x.argmax(axis=axis)


class SoftmaxCrossEntropy(Function):
    """The mean cross-entropy of softmax(logits) against class numbers, stably."""

    @staticmethod
    def forward(ctx: Function, logits: np.ndarray, targets: np.ndarray) -> np.ndarray:
        n = len(logits)
        shifted = logits - logits.max(axis=1, keepdims=True)  # largest is now 0
        log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
        ctx.save_for_backward(np.exp(log_probs), targets)
        return -log_probs[np.arange(n), targets].mean()

    @staticmethod
    def backward(ctx: Function, grad: np.ndarray) -> tuple[np.ndarray, ...]:
        probs, targets = ctx.saved
        n = len(probs)
        onehot = np.zeros_like(probs)
        onehot[np.arange(n), targets] = 1.0
        return (grad * (probs - onehot) / n,)


def cross_entropy(logits: Tensor, targets: Sequence[int] | np.ndarray) -> Tensor:
    """The mean softmax cross-entropy of ``n`` rows of logits against ``n`` targets.

    >>> from tensorgrad import Tensor, cross_entropy
    >>> logits = Tensor([[1000.0, 1001.0, 1002.0]], requires_grad=True)
    >>> loss = cross_entropy(logits, [2])
    >>> loss.backward()
    >>> round(loss.item(), 4)
    0.4076
    >>> logits.grad.round(4)
    array([[ 0.09  ,  0.2447, -0.3348]])
    """
    if not isinstance(logits, Tensor) or logits.data.ndim != 2:
        raise ValueError("cross_entropy needs a 2-D Tensor of logits, one row each")
    n, classes = logits.shape
    if n == 0 or classes == 0:
        raise ValueError(
            "cross_entropy needs at least one row and one class of logits, "
            f"got shape {logits.shape}"
        )
    if isinstance(targets, Tensor):
        raise TypeError(
            "cross_entropy needs the targets as class numbers (a list or NumPy "
            "array of ints), not a Tensor: a Tensor holds floats and no gradient "
            "flows to a target"
        )
    targets = np.asarray(targets)
    if targets.shape != (n,) or targets.dtype.kind not in "iu":
        raise ValueError(f"cross_entropy needs {n} integer targets, got {targets!r}")
    if targets.min() < 0 or targets.max() >= classes:
        raise ValueError(f"cross_entropy: targets are class numbers 0 to {classes - 1}")
    return SoftmaxCrossEntropy.apply(logits, targets=targets)
