"""A tiny reverse-mode autodiff engine, built in *From Slopes to Backprop*.

Every `Value` remembers how it was computed: its edges, each a
``(parent, local_derivative)`` pair. `Value.backward` walks those edges from
the output back to the inputs and leaves in every value's ``grad`` the
derivative of the output with respect to that value.

>>> from tinygrad import Value
>>> w = Value(1.0)
>>> loss = (w * 2 - 5) ** 2
>>> loss.backward()
>>> loss.data, w.grad
(9.0, -12.0)
"""

from __future__ import annotations

import math
import numbers
import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence

Number = int | float  # for type hints; what counts is Value.is_number
PLAIN = (float, int)  # numbers Value.is_number accepts, recognized far more quickly


class Value:
    """A number that records the operations that produced it.

    >>> from tinygrad import Value
    >>> Value(3)
    Value(data=3.0, grad=0.0)
    """

    __slots__ = {
        "data": "The number itself.",
        "grad": "d(output)/d(this value), set by the output's backward().",
        "flat_edges": "The edges in one tuple: parent, local_derivative, parent, ...",
    }

    @staticmethod
    def is_number(x: object) -> bool:
        """What counts as a plain number, here and in every operator.

        Any real number (int, float, Fraction, NumPy's numbers), but not a
        bool: ``True`` is an int to Python, yet almost always a mistake here.
        The operators first ask ``type(x) in PLAIN``: the same answer for a
        float or an int, without the slower walk through ``numbers.Real``.

        >>> from fractions import Fraction
        >>> from tinygrad import Value
        >>> Value.is_number(Fraction(1, 4)), Value.is_number(True)
        (True, False)
        """
        return isinstance(x, numbers.Real) and not isinstance(x, bool)

    @staticmethod
    def whole_number(exponent: object) -> int:
        """The exponent of ``a ** n`` as an int, or an error naming what is wrong.

        ``2``, ``2.0`` and ``numpy.int64(2)`` are all the whole number 2.

        >>> from tinygrad import Value
        >>> Value.whole_number(2.0)
        2
        """
        if not Value.is_number(exponent):
            raise TypeError(
                f"Value ** {exponent!r}: the power must be a whole number, "
                f"got {type(exponent).__name__}"
            )
        if not exponent >= 1 or exponent % 1 != 0:  # also refuses nan and inf
            raise ValueError(
                f"Value ** {exponent}: "
                "only positive integer powers (1, 2, 3, ...) are supported"
            )
        return int(exponent)

    @staticmethod
    def power(x: float, n: int) -> tuple[float, float]:
        """``x ** n`` and its derivative ``n * x ** (n - 1)``, for any whole ``n >= 1``.

        Python's ``x ** n`` makes ``n`` a float: above ``2**53``, where every
        float is even, the sign of ``(-1.0) ** (2**60 + 1)`` comes out wrong,
        and beyond about 1.8e308 it fails (``1.0 ** 10**400``). There the sign
        comes from ``n`` itself and the size from a float exponent of at most
        ``2**64``, where every ``|x| < 1`` gives 0 and every ``|x| > 1``
        overflows. Raises OverflowError where ``x ** n`` is too large.

        >>> from tinygrad import Value
        >>> Value.power(-1.0, 2**60 + 1)
        (-1.0, 1.152921504606847e+18)
        >>> Value.power(1.0, 10**400)  # the derivative, 10**400, is too large
        (1.0, inf)
        """
        if n <= 2**53:  # n and n - 1 are exact as floats: Python's ** is right
            return x**n, n * x ** (n - 1)
        size = abs(x) ** float(min(n, 2**64))  # |x| ** n, and so |x| ** (n - 1)
        odd = math.copysign(size, x)  # the sign of x ** n for an odd n
        result, below = (odd, size) if n % 2 else (size, odd)
        try:
            return result, n * below
        except OverflowError:  # n beyond the largest float; |x| is 0, 1, inf or nan
            return result, below * math.inf if below else below

    class Ratio(float):
        """A local derivative ``n / d`` too large for a float, kept as ``n`` and ``d``.

        ``1/a`` is inf for a subnormal ``a`` (below about 5.6e-309), yet the
        gradient it passes on, ``grad / a``, is finite for a small ``grad``.
        A Ratio is the float ``n / d`` (inf), so an edge still holds its local
        derivative; but a gradient multiplied by it is ``grad * n / d``, so
        `Value.backward` keeps its ``grad * local_derivative``. Only where
        ``n / d`` overflows (`Value.quotient`): a plain float is cheaper to
        make and to multiply.

        >>> from tinygrad import Value
        >>> slope = Value.Ratio(1.0, 1e-310)
        >>> slope, round(1e-10 * slope / 1e300, 4)
        (inf, 1.0)
        """

        __slots__ = ("numerator", "denominator")

        def __new__(cls, numerator: float, denominator: float) -> Value.Ratio:
            ratio = super().__new__(cls, numerator / denominator)
            ratio.numerator, ratio.denominator = numerator, denominator
            return ratio

        def __rmul__(self, grad: float) -> float:
            """``grad * ratio``: the gradient passed on, ``grad * n / d``."""
            return grad * self.numerator / self.denominator

        __mul__ = __rmul__

    @staticmethod
    def quotient(numerator: float, denominator: float) -> float:
        """``numerator / denominator`` as a local derivative, a `Value.Ratio` if inf.

        >>> from tinygrad import Value
        >>> Value.quotient(1.0, 4.0), type(Value.quotient(1.0, 1e-310)).__name__
        (0.25, 'Ratio')
        """
        ratio = numerator / denominator
        if -math.inf < ratio < math.inf:  # a float, the cheaper one
            return ratio
        return Value.Ratio(numerator, denominator)

    def __init__(
        self, data: Number, edges: Iterable[tuple[Value, Number]] = ()
    ) -> None:
        if type(data) is not float:
            if not Value.is_number(data):
                raise TypeError(
                    f"Value() needs a real number, got {type(data).__name__}: {data!r}"
                )
            data = float(data)
        self.data = data
        self.grad = 0.0
        self.flat_edges = flattened(edges)

    @property
    def edges(self) -> tuple[tuple[Value, float], ...]:
        """The ``(parent, local_derivative)`` pairs, one per operand, in order.

        A value keeps them flat, in `Value.flat_edges`: one tuple instead of
        one per edge and one around them.

        >>> from tinygrad import Value
        >>> a = Value(3)
        >>> (a * 2).edges == ((a, 2.0),), (a * 2).flat_edges == (a, 2.0)
        (True, True)
        """
        flat = self.flat_edges
        return tuple(zip(flat[0::2], flat[1::2]))

    def __add__(self, other: Value | Number) -> Value:
        """``a + b``: both local derivatives are 1.

        >>> from tinygrad import Value
        >>> (Value(2) + 3).data
        5.0
        """
        if isinstance(other, Value):
            return made(self.data + other.data, (self, 1.0, other, 1.0))
        if type(other) in PLAIN or Value.is_number(other):  # a constant: no node
            return made(self.data + float(other), (self, 1.0))
        return NotImplemented

    def __mul__(self, other: Value | Number) -> Value:
        """``a * b``: the local derivative for each operand is the other operand.

        >>> from tinygrad import Value
        >>> (Value(2) * -3).data
        -6.0
        """
        if isinstance(other, Value):
            return made(self.data * other.data, (self, other.data, other, self.data))
        if type(other) in PLAIN or Value.is_number(other):
            factor = float(other)
            return made(self.data * factor, (self, factor))
        return NotImplemented

    def __pow__(self, exponent: int) -> Value:
        """``a ** n`` for a whole ``n >= 1``: local derivative ``n * a**(n-1)``.

        >>> from tinygrad import Value
        >>> (Value(3) ** 2).data, (Value(1) ** 10**400).data
        (9.0, 1.0)
        >>> Value(3) ** 0.5
        Traceback (most recent call last):
        ...
        ValueError: Value ** 0.5: only positive integer powers (1, 2, 3, ...) are supported
        """
        if type(exponent) is not int or exponent < 1:
            exponent = Value.whole_number(exponent)  # or an error that says why not
        try:
            result, slope = Value.power(self.data, exponent)
        except OverflowError:
            raise OverflowError(
                f"{self.data!r} ** {exponent} is too large for a float"
            ) from None
        return made(result, (self, slope))

    def __truediv__(self, other: Value | Number) -> Value:
        """``a / b``: local derivatives ``1/b`` and ``-a/b**2``.

        The second is computed as ``-(a/b)/b``: the same number, but ``b**2``
        alone overflows for ``b = 1e160`` and becomes 0 for ``b = 1e-170``.
        `Value.quotient` keeps either one as a `Value.Ratio` where it is too
        large for a float, as ``1/b`` is for ``b = 1e-310``.

        >>> from tinygrad import Value
        >>> (Value(1) / 4).data
        0.25
        """
        if isinstance(other, Value):
            b = other.data
        elif type(other) in PLAIN or Value.is_number(other):
            b = float(other)
        else:
            return NotImplemented
        a = self.data
        if b == 0.0:
            raise ZeroDivisionError(f"Value division by zero: {a!r} / {b!r}")
        slope = Value.quotient(1.0, b)
        if isinstance(other, Value):
            return made(a / b, (self, slope, other, Value.quotient(-(a / b), b)))
        return made(a / b, (self, slope))

    def tanh(self) -> Value:
        """Hyperbolic tangent: local derivative ``1 - tanh**2``.

        >>> from tinygrad import Value
        >>> round(Value(0.5).tanh().data, 4)
        0.4621
        """
        t = math.tanh(self.data)
        return made(t, (self, 1.0 - t * t))

    def relu(self) -> Value:
        """``max(0, a)``: local derivative 1 where ``a > 0``, else 0.

        As in PyTorch, only ``a < 0`` becomes 0: a nan stays nan (slope 1),
        and -0.0 stays -0.0 (slope 0, as at 0.0).

        >>> from tinygrad import Value
        >>> [Value(a).relu().data for a in (-2, -0.0, float("nan"))]
        [0.0, -0.0, nan]
        """
        if self.data < 0.0:
            return made(0.0, (self, 0.0))
        return made(self.data, (self, 0.0 if self.data == 0.0 else 1.0))

    def exp(self) -> Value:
        """``e**a``: the local derivative is the result itself.

        >>> from tinygrad import Value
        >>> round(Value(1).exp().data, 4)
        2.7183
        """
        try:
            result = math.exp(self.data)
        except OverflowError:
            raise OverflowError(
                f"exp({self.data!r}) is too large for a float"
            ) from None
        return made(result, (self, result))

    def log(self) -> Value:
        """Natural logarithm of a positive value: local derivative ``1/a``.

        ``1/a`` is inf for ``a = 1e-310``: `Value.quotient` keeps it as a
        `Value.Ratio`, so the gradient that passes is still ``grad / a``.

        >>> from tinygrad import Value
        >>> Value(-1).log()
        Traceback (most recent call last):
        ...
        ValueError: log needs a positive value, got -1.0
        """
        if not self.data > 0.0:
            raise ValueError(f"log needs a positive value, got {self.data!r}")
        return made(math.log(self.data), (self, Value.quotient(1.0, self.data)))

    def __neg__(self) -> Value:
        return made(-self.data, (self, -1.0))

    def __sub__(self, other: Value | Number) -> Value:
        """``a - b``: local derivatives 1 and -1.

        >>> from tinygrad import Value
        >>> (Value(2) - 5).data
        -3.0
        """
        if isinstance(other, Value):
            return made(self.data - other.data, (self, 1.0, other, -1.0))
        if type(other) in PLAIN or Value.is_number(other):
            return made(self.data - float(other), (self, 1.0))
        return NotImplemented

    __radd__ = __add__  # 2 + a, and what makes sum(values) work
    __rmul__ = __mul__  # 2 * a

    def __rsub__(self, other: Number) -> Value:
        if type(other) not in PLAIN and not Value.is_number(other):
            return NotImplemented
        return made(float(other) - self.data, (self, -1.0))

    def __rtruediv__(self, other: Number) -> Value:
        if type(other) not in PLAIN and not Value.is_number(other):
            return NotImplemented
        a, b = float(other), self.data
        if b == 0.0:
            raise ZeroDivisionError(f"Value division by zero: {a!r} / 0.0")
        return made(a / b, (self, Value.quotient(-(a / b), b)))  # -a/b**2

    def __repr__(self) -> str:
        return f"Value(data={self.data!r}, grad={self.grad!r})"

    def backward(self) -> None:
        """Set ``grad`` of every value this one depends on to d(self)/d(value).

        >>> from tinygrad import Value
        >>> a = Value(3)
        >>> q = a * a + a
        >>> q.backward()
        >>> a.grad
        7.0
        """
        order = cleared_order(self)  # each value after its parents, every grad 0.0
        self.grad = 1.0  # seed the output gradient
        for node in reversed(order):  # every child before its parents
            flat = node.flat_edges  # parent, local_derivative, parent, ...
            if flat:  # one edge or two, as the operators make; more from Value()
                grad = node.grad
                flat[0].grad += grad * flat[1]
                if len(flat) == 4:
                    flat[2].grad += grad * flat[3]
                elif len(flat) > 4:
                    for i in range(2, len(flat), 2):
                        flat[i].grad += grad * flat[i + 1]


def topological_order(output: Value) -> list[Value]:
    """Every value ``output`` depends on, itself last, each after all its parents.

    Depth-first search with a stack of its own, so that a long chain cannot hit
    Python's recursion limit. `to_dot` walks this way; `Value.backward` finds
    the same order faster, with `cleared_order`.

    >>> from tinygrad import Value, topological_order
    >>> a = Value(3)
    >>> [node.data for node in topological_order(a * a + a)]
    [3.0, 9.0, 12.0]
    """
    order: list[Value] = []
    seen = {output}
    stack = [(output, iter(output.edges))]
    while stack:
        node, edges = stack[-1]
        for parent, _ in edges:
            if parent not in seen:
                seen.add(parent)
                stack.append((parent, iter(parent.edges)))
                break
        else:  # all of node's parents are in order
            stack.pop()
            order.append(node)
    return order


def made(data: float, flat_edges: tuple[Value | float, ...]) -> Value:
    """The operators' `Value`: ``data`` is a float, the edges already flat.

    It skips the call of ``Value.__init__``, its check of ``data`` and its
    flattening of the edges, which every operation would otherwise pay for.
    """
    value = object.__new__(Value)
    value.data, value.grad, value.flat_edges = data, 0.0, flat_edges
    return value


def flattened(edges: Iterable[tuple[Value, Number]]) -> tuple[Value | float, ...]:
    """``Value(data, edges)``'s pairs as `Value.flat_edges`, or an error naming the bad one.

    >>> from tinygrad import Value, flattened
    >>> a = Value(3)
    >>> flattened([(a, 2)]) == (a, 2.0)
    True
    >>> flattened([(a, 2, 1)])
    Traceback (most recent call last):
    ...
    TypeError: Value() edges[0] must be a (parent, local_derivative) pair, got tuple: ...
    """
    if not isinstance(edges, Iterable):
        raise TypeError(
            "Value() edges must be (parent, local_derivative) pairs, "
            f"got {type(edges).__name__}: {edges!r}"
        )
    flat: list[Value | float] = []
    for i, edge in enumerate(edges):
        pair = tuple(edge) if isinstance(edge, (tuple, list)) else ()
        if len(pair) != 2 or not isinstance(pair[0], Value):
            raise TypeError(
                f"Value() edges[{i}] must be a (parent, local_derivative) pair, "
                f"got {type(edge).__name__}: {edge!r}"
            )
        parent, local_derivative = pair
        if not Value.is_number(local_derivative):
            raise TypeError(
                f"Value() edges[{i}]: the local derivative must be a number, "
                f"got {type(local_derivative).__name__}: {local_derivative!r}"
            )
        if type(local_derivative) is not float and not isinstance(
            local_derivative, Value.Ratio
        ):
            local_derivative = float(local_derivative)
        flat += (parent, local_derivative)
    return tuple(flat)


class Mark(float):
    """0.0, as an object of its own: what `cleared_order` marks a value with."""

    __slots__ = ()


def cleared_order(output: Value) -> list[Value]:
    """`topological_order`, found faster, with every ``grad`` on the way set to 0.0.

    What `Value.backward` needs before it seeds the output: the order, and the
    old gradients cleared. Instead of a set of the values seen, the walk sets a
    value's ``grad`` to ``zero``, a `Mark` made for this walk alone (no other
    grad can be that object), and a value whose grad is ``zero`` has been seen.
    It recurses, the fastest walk in Python; a graph deeper than Python lets a
    function recurse, such as a chain of thousands of values, is walked again
    from the start with a stack of our own.

    >>> from tinygrad import Value, cleared_order
    >>> a = Value(3)
    >>> q = a * a + a
    >>> [(node.data, node.grad) for node in cleared_order(q)]
    [(3.0, 0.0), (9.0, 0.0), (12.0, 0.0)]
    """
    order: list[Value] = []
    try:
        visit(output, Mark(), order)
    except RecursionError:  # deeper than Python's recursion limit allows
        order.clear()
        walk(output, Mark(), order)
    return order


def visit(node: Value, zero: Mark, order: list[Value]) -> None:
    """`cleared_order`'s walk from ``node``, by recursion."""
    node.grad = zero
    flat = node.flat_edges  # parent, local_derivative, parent, ...
    if flat:  # one edge or two, as the operators make; more from Value()
        if flat[0].grad is not zero:
            visit(flat[0], zero, order)
        if len(flat) == 4:
            if flat[2].grad is not zero:
                visit(flat[2], zero, order)
        elif len(flat) > 4:
            for parent in flat[2::2]:
                if parent.grad is not zero:
                    visit(parent, zero, order)
    order.append(node)


def walk(start: Value, zero: Mark, order: list[Value]) -> None:
    """`visit` with a stack of its own instead of recursion, for any depth."""
    start.grad = zero
    stack = [start]
    while stack:
        node = stack[-1]
        for parent in node.flat_edges[0::2]:
            if parent.grad is not zero:
                parent.grad = zero
                stack.append(parent)
                break
        else:  # all of node's parents are in order
            order.append(stack.pop())


class Dot(str):
    """DOT text, as `to_dot` gives it: a ``str`` that shows as its lines.

    At a prompt it shows as the text itself, not as a quoted string. In Jupyter
    or Colab it shows as the drawn graph when the ``graphviz`` package and the
    Graphviz program are installed, and else as the text and a line on how to
    get the picture; nothing is imported until a notebook asks.
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
    gives one); each edge, drawn from parent to child, is labelled with its
    local derivative. Nodes are numbered parents first, so the text is the
    same every time. Render it with ``dot -Tsvg graph.dot > graph.svg``.
    Any engine whose values have ``data``, ``grad`` and ``edges`` will do.

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


class TrainingDiverged(ArithmeticError):
    """Raised when the loss overflows or stops being a finite number."""


def descent_arguments(
    loss_of: object, parameters: object, steps: object, learning_rate: object
) -> list[Value]:
    """Check `gradient_descent`'s arguments; return the parameters as a list.

    Each error names the argument: ``loss_of`` a function; each parameter a
    `Value`, listed once; ``steps`` a whole number, 0 or more;
    ``learning_rate`` a number above 0.

    >>> from tinygrad import Value, descent_arguments
    >>> w = Value(1)
    >>> descent_arguments(lambda: w, [w, w], 10, 0.1)
    Traceback (most recent call last):
    ...
    ValueError: parameters[1] is parameters[0] again: list each parameter once, or it takes two steps
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
    if not Value.is_number(learning_rate):
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

    >>> from tinygrad import Value, checked_loss
    >>> checked_loss(lambda: Value(1e200) ** 2, 7, 0.3)
    Traceback (most recent call last):
    ...
    tinygrad.TrainingDiverged: training diverged at step 7: the loss is no longer a finite number; lower the learning rate (it is 0.3)
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
        for parameter in parameters:  # one the loss does not reach stays put
            parameter.grad = 0.0
        loss.backward()
        for parameter in parameters:
            parameter.data -= learning_rate * parameter.grad
    return losses


#: Four points on the line y = 2x + 1.
LINE_DATA = [(0, 1), (1, 3), (2, 5), (3, 7)]


def train_line(
    steps: int = 1000, learning_rate: float = 0.05
) -> tuple[float, float, float]:
    """Fit ``y_hat = w*x + b`` to `LINE_DATA`, starting from ``w = -1, b = 0``.

    Returns ``(w, b, final_loss)``.

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
        total = sum((w * x for w, x in zip(self.weights, inputs)), self.bias)
        return total.tanh() if self.nonlinear else total

    def parameters(self) -> list[Value]:
        return self.weights + [self.bias]


class MLP:
    """Layers of neurons: tanh in the hidden layers, a linear output layer.

    >>> from tinygrad import MLP
    >>> len(MLP([2, 4, 1]).parameters())
    17
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
        self.layers = [
            [Neuron(n_in, rng, nonlinear=i < len(sizes) - 2) for _ in range(n_out)]
            for i, (n_in, n_out) in enumerate(zip(sizes, sizes[1:]))
        ]

    def __call__(self, inputs: Sequence[Value | Number]) -> list[Value]:
        if len(inputs) != self.sizes[0]:
            raise ValueError(
                f"MLP({self.sizes}) takes {self.sizes[0]} inputs, got {len(inputs)}"
            )
        for layer in self.layers:
            inputs = [neuron(inputs) for neuron in layer]
        return inputs

    def parameters(self) -> list[Value]:
        return [p for layer in self.layers for n in layer for p in n.parameters()]


#: XOR with targets -1 (equal inputs) and +1 (different inputs).
XOR_DATA = [([0, 0], -1), ([0, 1], 1), ([1, 0], 1), ([1, 1], -1)]


def train_xor(
    steps: int = 1000, learning_rate: float = 0.1
) -> tuple[list[float], float]:
    """Train ``MLP([2, 4, 1], seed=42)`` on `XOR_DATA`.

    Returns ``(predictions, final_loss)``.

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
