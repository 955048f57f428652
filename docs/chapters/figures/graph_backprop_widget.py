"""Fallback for the backprop-graph widget: the graph of the squared error of y_hat = w*x (chapter 4).

x = 2, target y = 5, w = 1. After the backward pass every box holds the
derivative of the loss with respect to its value; w's gradient is -12.
"""

import matplotlib.pyplot as plt

from graph_drawing import draw_graph
from style import tr  # importing style applies the book's look to matplotlib
from tinygrad import Value

w, x, y = Value(1), Value(2), Value(5)
y_hat = w * x
error = y_hat - y
loss = error**2
loss.backward()
assert w.grad == -12.0

fig, ax = plt.subplots(figsize=(7.2, 3.0))
names = {
    w: "w",
    x: "x",
    y: tr("y (target)"),
    y_hat: "ŷ = w·x",
    error: "r = ŷ − y",
    loss: "L = r²",
}
draw_graph(ax, loss, names)
fig.tight_layout()
