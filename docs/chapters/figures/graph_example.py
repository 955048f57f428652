"""The computation graph of L = (a*b + c) * f after the backward pass (chapter 4).

Built with the book's engine: every node (a box) shows a value's data and gradient,
every arrow an edge with its local derivative.
"""

import matplotlib.pyplot as plt

import style  # noqa: F401  (importing it applies the book's look to matplotlib)
from graph_drawing import draw_graph
from tinygrad import Value

a, b, c, f = Value(2), Value(-3), Value(10), Value(-2)
t = a * b
d = t + c
L = d * f
L.backward()

fig, ax = plt.subplots(figsize=(7.2, 3.4))
draw_graph(
    ax, L, {a: "a", b: "b", c: "c", f: "f", t: "t = a·b", d: "d = t + c", L: "L = d·f"}
)
fig.tight_layout()
