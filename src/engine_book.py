"""Chapter 5's engine: its five steps in one class."""

import math


class Value:
    """A number that remembers how it was computed."""

    def __init__(self, data, edges=()):
        self.data = float(data)
        self.grad = 0.0
        self.edges = edges  # (parent, local_derivative) pairs

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, ((self, 1.0), (other, 1.0)))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, ((self, other.data), (other, self.data)))

    def __pow__(self, n):
        return Value(self.data ** n, ((self, n * self.data ** (n - 1)),))

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def tanh(self):
        o = math.tanh(self.data)
        return Value(o, ((self, 1 - o * o),))

    def __truediv__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data / other.data,
                     ((self, 1 / other.data),
                      (other, -self.data / other.data ** 2)))

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return Value(other) - self

    def __rtruediv__(self, other):
        return Value(other) / self

    def backward(self):
        order, seen = [], set()
        stack = [(self, False)]  # (node, are its parents in order already?)
        while stack:
            node, parents_done = stack.pop()
            if parents_done:
                order.append(node)
            elif node not in seen:
                seen.add(node)
                stack.append((node, True))  # come back to it after its parents
                for parent, _ in reversed(node.edges):  # the first edge on top
                    stack.append((parent, False))
        for node in order:
            node.grad = 0.0
        self.grad = 1.0
        for node in reversed(order):
            for parent, local_derivative in node.edges:
                parent.grad += node.grad * local_derivative
