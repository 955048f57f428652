"""A tiny reverse-mode autodiff engine, built in *From Slopes to Backprop*.

First chapter 5's engine, in its words: a `Value` holds ``data``, ``grad``
and ``edges``, one ``(parent, local_derivative)`` pair per operand, and
`Value.backward` walks the edges back in `topological_order`. Then what
makes it a library: checks that name a mistake, ``relu``, ``exp`` and
``log``, refusals at the ends of the float range, and `to_dot`. Last,
chapter 6's training.
"""

from __future__ import annotations

import math
import numbers
import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence

Number = int | float  # for type hints; what counts as a number is is_number()
Edge = tuple["Value", Number]  # (parent, local_derivative)


class Value:
    """A number that remembers how it was computed.

    >>> from tinygrad import Value
    >>> a = Value(3)
    >>> q = a * a + a
    >>> q.backward()
    >>> a
    Value(data=3.0, grad=7.0)
    """

    __slots__ = ("data", "grad", "edges")  # no __dict__: a smaller, quicker value

    def __init__(self, data: Number, edges: Iterable[Edge] = ()) -> None:
        if type(data) is not float:  # what the operators give needs no check
            if not is_number(data):
                raise TypeError(
                    f"Value() needs a real number, got {type(data).__name__}: {data!r}"
                )
            data = float(data)
        self.data = data
        self.grad = 0.0
        if type(edges) is not tuple:  # a tuple, as the operators make it, is trusted
            edges = checked_edges(edges)
        self.edges = edges  # (parent, local_derivative) pairs

    def __repr__(self) -> str:
        return f"Value(data={self.data!r}, grad={self.grad!r})"

    def __add__(self, other: Value | Number) -> Value:
        """``a + b``: both local derivatives are 1.

        A plain number gets no node: no one asks for its gradient.

        >>> from tinygrad import Value
        >>> a = Value(2)
        >>> (a + 3).data, len((a + 3).edges), len((a + Value(3)).edges)
        (5.0, 1, 2)
        """
        if isinstance(other, Value):
            return Value(self.data + other.data, ((self, 1.0), (other, 1.0)))
        if is_number(other):
            return Value(self.data + other, ((self, 1.0),))
        return NotImplemented  # Python then raises a TypeError naming both types

    def __mul__(self, other: Value | Number) -> Value:
        """``a * b``: the local derivative for each operand is the other operand."""
        if isinstance(other, Value):
            return Value(
                self.data * other.data, ((self, other.data), (other, self.data))
            )
        if is_number(other):
            return Value(self.data * other, ((self, float(other)),))
        return NotImplemented

    def __pow__(self, n: int) -> Value:
        """``a ** n`` for a whole ``n`` from 1 to ``2**53``: local derivative ``n * a**(n-1)``."""
        n = whole_exponent(n)
        a = self.data
        try:
            result = a**n
        except OverflowError:
            raise OverflowError(f"{a!r} ** {n} is too large for a float") from None
        slope = finite_slope(n * a ** (n - 1), "n * a**(n-1)", f"{a!r} ** {n}", a)
        return Value(result, ((self, slope),))

    def __neg__(self) -> Value:
        return self * -1

    def __sub__(self, other: Value | Number) -> Value:
        """``a - b`` in one node: local derivatives 1 and -1."""
        if isinstance(other, Value):
            return Value(self.data - other.data, ((self, 1.0), (other, -1.0)))
        if is_number(other):
            return Value(self.data - other, ((self, 1.0),))
        return NotImplemented

    def tanh(self) -> Value:
        """Hyperbolic tangent: local derivative ``1 - tanh**2``."""
        t = math.tanh(self.data)
        return Value(t, ((self, 1.0 - t * t),))

    def __truediv__(self, other: Value | Number) -> Value:
        """``a / b``: local derivatives ``1/b`` and ``-a/b**2``.

        The second is computed as ``-(a/b)/b``: the same number, but ``b**2``
        alone overflows for ``b = 1e160`` and becomes 0 for ``b = 1e-170``.
        """
        if isinstance(other, Value):
            b = other.data
        elif is_number(other):
            b = float(other)
        else:
            return NotImplemented
        a = self.data
        if b == 0.0:
            raise ZeroDivisionError(f"Value division by zero: {a!r} / {b!r}")
        over_b = finite_slope(1 / b, "1/b", f"{a!r} / {b!r}", a, b)
        if not isinstance(other, Value):  # a constant: one edge
            return Value(a / b, ((self, over_b),))
        slope = finite_slope(-(a / b) / b, "-a/b**2", f"{a!r} / {b!r}", a, b)
        return Value(a / b, ((self, over_b), (other, slope)))

    __radd__ = __add__  # 2 + a, and what makes sum(values) work
    __rmul__ = __mul__  # 2 * a

    def __rsub__(self, other: Number) -> Value:  # 2 - a
        if not is_number(other):
            return NotImplemented
        return Value(other - self.data, ((self, -1.0),))

    def __rtruediv__(self, other: Number) -> Value:  # 2 / a
        if not is_number(other):
            return NotImplemented
        a, b = float(other), self.data
        if b == 0.0:
            raise ZeroDivisionError(f"Value division by zero: {a!r} / {b!r}")
        slope = finite_slope(-(a / b) / b, "-a/b**2", f"{a!r} / {b!r}", a, b)
        return Value(a / b, ((self, slope),))

    def backward(self) -> None:
        """Set ``grad`` of every value this one depends on to d(self)/d(value).

        >>> from tinygrad import Value
        >>> a = Value(3)
        >>> q = a * a + a
        >>> q.backward()
        >>> a.grad
        7.0
        """
        order = topological_order(self)
        for node in order:
            node.grad = 0.0
        self.grad = 1.0
        for node in reversed(order):
            for parent, local_derivative in node.edges:
                parent.grad += node.grad * local_derivative

    def relu(self) -> Value:
        """``max(0, a)``: local derivative 1 where ``a > 0``, else 0.

        As in PyTorch, only ``a < 0`` becomes 0: a nan stays nan (slope 1),
        and -0.0 stays -0.0 (slope 0, as at 0.0).

        >>> from tinygrad import Value
        >>> [Value(a).relu().data for a in (-2, -0.0, float("nan"))]
        [0.0, -0.0, nan]
        """
        if self.data < 0.0:
            return Value(0.0, ((self, 0.0),))
        return Value(self.data, ((self, 0.0 if self.data == 0.0 else 1.0),))

    def exp(self) -> Value:
        """``e**a``: the local derivative is the result itself."""
        a = self.data
        try:
            result = math.exp(a)
        except OverflowError:
            raise OverflowError(f"exp({a!r}) is too large for a float") from None
        return Value(result, ((self, result),))

    def log(self) -> Value:
        """Natural logarithm of a positive value: local derivative ``1/a``."""
        a = self.data
        if not a > 0.0:
            raise ValueError(f"log needs a positive value, got {a!r}")
        slope = finite_slope(1 / a, "1/a", f"log({a!r})", a)
        return Value(math.log(a), ((self, slope),))


def topological_order(output: Value) -> list[Value]:
    """Every value ``output`` depends on, itself last, each after all its parents.

    Chapter 5's step 5, the order of step 0's recursion without recursing,
    for `Value.backward` and `to_dot`, on any values that have ``edges``.

    >>> from tinygrad import Value, topological_order
    >>> a = Value(3)
    >>> [node.data for node in topological_order(a * a + a)]
    [3.0, 9.0, 12.0]
    """
    order, seen = [], set()
    stack = [(output, False)]  # (node, are its parents in order already?)
    while stack:
        node, parents_done = stack.pop()
        if parents_done:
            order.append(node)
        elif node not in seen:
            seen.add(node)
            stack.append((node, True))  # come back to it after its parents
            for parent, _ in reversed(node.edges):  # the first edge on top
                stack.append((parent, False))
    return order


# --- input checks: a mistake is named where it is made ---
def is_number(x: object) -> bool:
    """What counts as a plain number, in `Value` and in every operator.

    Any real number (int, float, Fraction, NumPy's numbers), but not a bool:
    ``True`` is an int to Python, yet almost always a mistake here.

    >>> from fractions import Fraction
    >>> from tinygrad import is_number
    >>> is_number(Fraction(1, 4)), is_number(True), is_number("1")
    (True, False, False)
    """
    if type(x) is float or type(x) is int:  # the usual answer, found quickly
        return True
    return isinstance(x, numbers.Real) and not isinstance(x, bool)


def checked_edges(edges: object) -> tuple[Edge, ...]:
    """``Value(data, edges)``'s edges as a tuple of pairs, or an error naming the bad one.

    A list (any iterable but a tuple) is checked pair by pair: a `Value` and
    a real number, made a float. A tuple is taken as it is: the operators make
    one for every value, and checking each would slow every operation.

    >>> from tinygrad import Value
    >>> Value(1, [(Value(3), 2, 1)])
    Traceback (most recent call last):
    ...
    TypeError: Value() edges[0] must be a (parent, local_derivative) pair, got tuple: ...
    """
    if not isinstance(edges, Iterable):
        raise TypeError(
            "Value() edges must be (parent, local_derivative) pairs, "
            f"got {type(edges).__name__}: {edges!r}"
        )
    checked = []
    for i, edge in enumerate(edges):
        pair = tuple(edge) if isinstance(edge, (tuple, list)) else ()
        if len(pair) != 2 or not isinstance(pair[0], Value):
            raise TypeError(
                f"Value() edges[{i}] must be a (parent, local_derivative) pair, "
                f"got {type(edge).__name__}: {edge!r}"
            )
        if not is_number(pair[1]):
            raise TypeError(
                f"Value() edges[{i}]: the local derivative must be a number, "
                f"got {type(pair[1]).__name__}: {pair[1]!r}"
            )
        checked.append((pair[0], float(pair[1])))
    return tuple(checked)


def whole_exponent(n: object) -> int:
    """The exponent of ``a ** n`` as an int, or an error naming what is wrong.

    ``2``, ``2.0`` and ``numpy.int64(2)`` are all 2. Above ``2**53``, Python's
    ``a ** n`` rounds ``n`` to a float, which can make an odd ``n`` even:

    >>> from tinygrad import whole_exponent
    >>> whole_exponent(2.0), (-1.0) ** (2**53 + 1)
    (2, 1.0)
    """
    if not is_number(n):
        raise TypeError(
            f"Value ** {n!r}: the power must be a whole number, got {type(n).__name__}"
        )
    if not n >= 1 or n % 1 != 0:  # also refuses nan and inf
        raise ValueError(
            f"Value ** {n}: only positive integer powers (1, 2, 3, ...) are supported"
        )
    if n > 2**53:
        raise ValueError(
            f"Value ** {n}: powers above 2**53 are not supported "
            "(a float cannot hold them exactly)"
        )
    return int(n)


# --- numbers at the ends of the float range ---
def finite_slope(slope: float, formula: str, what: str, *operands: float) -> float:
    """A local derivative, or an OverflowError where it alone is too large for a float.

    ``1/a`` at ``a = 1e-310`` is beyond the largest float: its float is inf,
    and any gradient passed along the edge would be inf or nan, even
    ``1e-10 / a = 1e300``. Rather than pass a wrong gradient, we refuse.

    >>> from tinygrad import Value
    >>> Value(1e-310).log()
    Traceback (most recent call last):
    ...
    OverflowError: log(1e-310): the local derivative 1/a is too large for a float
    """
    if math.isinf(slope) and all(map(math.isfinite, operands)):
        raise OverflowError(
            f"{what}: the local derivative {formula} is too large for a float"
        )
    return slope


# --- drawing a graph ---
class Dot(str):
    """DOT text, as `to_dot` gives it: a ``str`` that shows as its lines.

    At a prompt it shows as the text, not as a quoted string; in Jupyter or
    Colab, as the drawn graph where the ``graphviz`` package and program are
    installed, else as the text and how to draw it.
    """

    __slots__ = ()
    HOW_TO_DRAW = (
        "(To see it drawn: run this block on the book's page, or pip install"
        " graphviz with the Graphviz program, https://graphviz.org/download/)"
    )

    def __repr__(self) -> str:
        return str(self)

    def _repr_mimebundle_(
        self, include: object = None, exclude: object = None
    ) -> dict[str, str] | None:
        if "ipykernel" not in sys.modules:  # not a notebook: the text, as at a prompt
            return None
        try:  # optional: `pip install graphviz`, with the Graphviz program itself
            import graphviz

            svg = graphviz.Source(self).pipe(format="svg", encoding="utf-8")
        except Exception:  # no package, no program: the text, and how to draw it
            text = str(self).replace("&", "&amp;").replace("<", "&lt;")
            return {"text/html": f"<pre>{text}</pre><p>{self.HOW_TO_DRAW}</p>"}
        return {"image/svg+xml": svg}


def to_dot(output: Value, names: Mapping[Value, str] | None = None) -> Dot:
    r"""Graphviz DOT text for the graph of ``output``: every node, every edge.

    Each node shows its ``data`` and ``grad`` (and its name, if ``names``
    gives one); each edge, from parent to child, its local derivative. Nodes
    are numbered in `topological_order`. Any engine's values will do; anything
    without ``data``, ``grad`` and ``edges``, or a name that is not a string, is
    refused with a TypeError that names it.

    >>> from tinygrad import Value, to_dot
    >>> a = Value(3)
    >>> to_dot(a * 2, {a: "a"})
    digraph {
      rankdir=LR;
      node [shape=box];
      n0 [label="a\ndata 3\ngrad 0"];
      n1 [label="data 6\ngrad 0"];
      n0 -> n1 [label="2"];
    }
    """
    if not all(hasattr(output, field) for field in ("data", "grad", "edges")):
        raise TypeError(
            "to_dot() needs a Value (anything with data, grad and edges), "
            f"got {type(output).__name__}"
        )
    names = {} if names is None else names
    if not isinstance(names, Mapping):
        raise TypeError(
            "to_dot() names must be a dict from nodes to names, "
            f"got {type(names).__name__}"
        )
    for name in names.values():
        if not isinstance(name, str):
            raise TypeError(
                f"to_dot() names must be strings, got {type(name).__name__}: {name!r}"
            )
    order = topological_order(output)
    number = {node: i for i, node in enumerate(order)}
    lines = ["digraph {", "  rankdir=LR;", "  node [shape=box];"]
    for node in order:  # numbers in 4 significant digits: 0.7071067 -> 0.7071
        label = f"data {node.data:.4g}\\ngrad {node.grad:.4g}"
        if node in names:
            name = names[node].replace("\\", "\\\\").replace('"', '\\"')
            label = f"{name}\\n{label}"
        lines.append(f'  n{number[node]} [label="{label}"];')
    for node in order:
        for parent, local_derivative in node.edges:
            lines.append(
                f"  n{number[parent]} -> n{number[node]} "
                f'[label="{local_derivative:.4g}"];'
            )
    lines.append("}")
    return Dot("\n".join(lines))


# --- training: chapter 6 ---
class TrainingDiverged(ArithmeticError):
    """Raised when the loss overflows or stops being a finite number."""


def descent_arguments(
    loss_of: object, parameters: object, steps: object, learning_rate: object
) -> list[Value]:
    """Check `gradient_descent`'s arguments; return the parameters as a list.

    Each error names the argument: ``loss_of`` a function; each parameter a
    `Value`, listed once; ``steps`` a whole number, 0 or more;
    ``learning_rate`` a number above 0.
    """

    def kind(x: object) -> str:  # how a message shows a wrong argument
        return f"{type(x).__name__}: {x!r}"

    if not callable(loss_of):
        raise TypeError(f"loss_of must be a function, got {kind(loss_of)}")
    if not isinstance(parameters, Iterable):
        raise TypeError(f"parameters must be a list of Values, got {kind(parameters)}")
    checked = list(parameters)
    first_seen: dict[Value, int] = {}  # a Value is its own key: by identity
    for i, parameter in enumerate(checked):
        if not isinstance(parameter, Value):
            raise TypeError(f"parameters[{i}] must be a Value, got {kind(parameter)}")
        if parameter in first_seen:
            raise ValueError(
                f"parameters[{i}] is parameters[{first_seen[parameter]}] again: "
                "list each parameter once, or it takes two steps"
            )
        first_seen[parameter] = i
    if not isinstance(steps, numbers.Integral) or isinstance(steps, bool):
        raise TypeError(f"steps must be a whole number, got {kind(steps)}")
    if steps < 0:
        raise ValueError(f"steps must be 0 or more, got {steps}")
    if not is_number(learning_rate):
        raise TypeError(f"learning_rate must be a number, got {kind(learning_rate)}")
    if not 0 < learning_rate < math.inf:
        raise ValueError(
            f"learning_rate must be finite and above 0, got {learning_rate}"
        )
    return checked


def checked_loss(
    loss_of: Callable[[], Value], step: int, learning_rate: float
) -> Value:
    """Call ``loss_of()`` for ``step``; refuse a result that is not a finite `Value`.

    An overflow while computing the loss, or a loss of ``inf`` or ``nan``,
    raises `TrainingDiverged`, naming the step and the learning rate.
    """
    try:
        loss = loss_of()
    except OverflowError:
        loss = Value(math.inf)
    if not isinstance(loss, Value):
        raise TypeError(
            f"loss_of() must return a Value, got {type(loss).__name__}: {loss!r}"
        )
    if not math.isfinite(loss.data):
        raise TrainingDiverged(
            f"training diverged at step {step}: "
            "the loss is no longer a finite number; "
            f"lower the learning rate (it is {learning_rate})"
        )
    return loss


def gradient_descent(
    loss_of: Callable[[], Value],
    parameters: Sequence[Value],
    steps: int,
    learning_rate: float,
) -> list[float]:
    """Take ``steps`` steps downhill on ``loss_of()``; return the loss before each.

    Chapter 6's ``train``, with its arguments and every loss checked.

    >>> from tinygrad import Value, gradient_descent
    >>> w = Value(1)
    >>> gradient_descent(lambda: (w * 2 - 5) ** 2, [w], steps=1, learning_rate=0.1)
    [9.0]
    >>> round(w.data, 4)
    2.2
    """
    parameters = descent_arguments(loss_of, parameters, steps, learning_rate)
    losses = []
    for step in range(steps):
        loss = checked_loss(loss_of, step, learning_rate)  # forward: a fresh graph
        losses.append(loss.data)
        for p in parameters:  # one the loss does not reach must not keep an old grad
            p.grad = 0.0
        loss.backward()  # clears the graph's gradients, then fills them
        for p in parameters:
            p.data -= learning_rate * p.grad  # a step against the gradient
    return losses


#: Four points on the line y = 2x + 1.
LINE_DATA = [(0, 1), (1, 3), (2, 5), (3, 7)]


def train_line(steps: int = 1000, learning_rate: float = 0.05) -> tuple[float, ...]:
    """Fit ``y_hat = w*x + b`` to `LINE_DATA` from ``w = -1, b = 0``: ``(w, b, loss)``.

    >>> from tinygrad import train_line
    >>> w, b, final_loss = train_line()
    >>> round(w, 3), round(b, 3)
    (2.0, 1.0)
    """
    w, b = Value(-1), Value(0)
    n = len(LINE_DATA)

    def mean_squared_error() -> Value:
        return sum((w * x + b - y) ** 2 for x, y in LINE_DATA) * (1 / n)

    gradient_descent(mean_squared_error, [w, b], steps, learning_rate)
    final_loss = sum((w.data * x + b.data - y) ** 2 for x, y in LINE_DATA) / n
    return w.data, b.data, final_loss


class Neuron:
    """``tanh(w . x + b)``, or just ``w . x + b`` when ``nonlinear`` is false."""

    def __init__(
        self, n_inputs: int, rng: random.Random, nonlinear: bool = True
    ) -> None:
        self.weights = [Value(rng.uniform(-1, 1)) for _ in range(n_inputs)]
        self.bias = Value(0)
        self.nonlinear = nonlinear

    def __call__(self, inputs: Sequence[Value | Number]) -> Value:
        total = self.bias
        for w, x in zip(self.weights, inputs):
            total = total + w * x
        return total.tanh() if self.nonlinear else total

    def parameters(self) -> list[Value]:
        return self.weights + [self.bias]


class Layer:
    """``n_outputs`` neurons, each reading all the inputs."""

    def __init__(
        self, n_inputs: int, n_outputs: int, rng: random.Random, nonlinear: bool = True
    ) -> None:
        self.neurons = [Neuron(n_inputs, rng, nonlinear) for _ in range(n_outputs)]

    def __call__(self, inputs: Sequence[Value | Number]) -> list[Value]:
        return [neuron(inputs) for neuron in self.neurons]

    def parameters(self) -> list[Value]:
        params = []
        for neuron in self.neurons:
            params += neuron.parameters()
        return params


class MLP:
    """Layers of neurons: tanh in the hidden layers, a linear output layer.

    >>> from tinygrad import MLP
    >>> model = MLP([2, 4, 1])
    >>> [len(layer.neurons) for layer in model.layers], len(model.parameters())
    ([4, 1], 17)
    """

    def __init__(self, sizes: Sequence[int], seed: int = 42) -> None:
        self.sizes = list(sizes)
        if len(self.sizes) < 2 or not all(
            isinstance(n, numbers.Integral) and not isinstance(n, bool) and n > 0
            for n in self.sizes
        ):
            raise ValueError(
                f"MLP needs two or more layer sizes, each a whole number above 0 "
                f"(inputs first, outputs last), got {sizes!r}"
            )
        rng = random.Random(seed)
        self.layers = []
        for i in range(len(sizes) - 1):
            last = i == len(sizes) - 2  # the output layer stays linear
            self.layers.append(Layer(sizes[i], sizes[i + 1], rng, nonlinear=not last))

    def __call__(self, inputs: Sequence[Value | Number]) -> list[Value]:
        if len(inputs) != self.sizes[0]:
            raise ValueError(
                f"MLP({self.sizes}) takes {self.sizes[0]} inputs, got {len(inputs)}"
            )
        for layer in self.layers:
            inputs = layer(inputs)
        return inputs

    def parameters(self) -> list[Value]:
        params = []
        for layer in self.layers:
            params += layer.parameters()
        return params


#: XOR with targets -1 (equal inputs) and +1 (different inputs).
XOR_DATA = [([0, 0], -1), ([0, 1], 1), ([1, 0], 1), ([1, 1], -1)]


def train_xor(
    steps: int = 1000, learning_rate: float = 0.1
) -> tuple[list[float], float]:
    """Train ``MLP([2, 4, 1], seed=42)`` on `XOR_DATA`: ``(predictions, final_loss)``.

    >>> from tinygrad import train_xor
    >>> predictions, final_loss = train_xor()
    >>> [round(p, 1) for p in predictions]
    [-1.0, 1.0, 1.0, -1.0]
    """
    model = MLP([2, 4, 1], seed=42)
    n = len(XOR_DATA)

    def mean_squared_error() -> Value:
        return sum((model(x)[0] - y) ** 2 for x, y in XOR_DATA) * (1 / n)

    gradient_descent(mean_squared_error, model.parameters(), steps, learning_rate)
    predictions = [model(x)[0].data for x, _ in XOR_DATA]
    final_loss = sum((p - y) ** 2 for p, (_, y) in zip(predictions, XOR_DATA)) / n
    return predictions, final_loss


def main() -> None:
    """Print the book's checks, the fitted line and the XOR predictions."""
    w, b = Value(1), Value(0)
    loss = (w * 2 + b - 5) ** 2
    loss.backward()
    a = Value(3)
    q = a * a + a
    q.backward()
    print("checks:", loss.data, w.grad, b.grad, a.grad)
    w_fit, b_fit, line_loss = train_line()
    print(f"line: w = {w_fit:.4f}, b = {b_fit:.4f}, loss = {line_loss:.4f}")
    predictions, xor_loss = train_xor()
    print("xor:", [round(p, 4) for p in predictions], f"loss = {xor_loss:.4f}")


if __name__ == "__main__":
    main()
