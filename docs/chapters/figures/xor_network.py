"""The 2-4-1 network of the XOR chapter, drawn: inputs, tanh neurons, a linear output.

The layer sizes, the arrows and the parameter counts are read from the engine's
own ``MLP([2, 4, 1])``: one arrow per weight, one "+b" per bias.
"""

import matplotlib.pyplot as plt
from matplotlib.patches import Circle, FancyArrowPatch

from style import BLUE, GREEN, GREY, tr
from tinygrad import MLP

model = MLP([2, 4, 1])
n_inputs = len(model.layers[0].neurons[0].weights)
sizes = [n_inputs] + [len(layer.neurons) for layer in model.layers]  # [2, 4, 1]

RADIUS = 0.34
X = [0.0, 2.5, 5.0]  # the columns: inputs, hidden layer, output
SPREAD = 1.05


def column(n):
    """Heights of n circles, centred on 0."""
    return [SPREAD * ((n - 1) / 2 - i) for i in range(n)]


fig, ax = plt.subplots(figsize=(5.0, 3.6))
ax.set_aspect("equal")
ax.axis("off")

positions = [[(x, y) for y in column(n)] for x, n in zip(X, sizes)]

# One arrow per weight, from every value of a layer to every neuron of the next.
for start_layer, end_layer in zip(positions, positions[1:]):
    for x0, y0 in start_layer:
        for x1, y1 in end_layer:
            ax.add_patch(
                FancyArrowPatch(
                    (x0, y0),
                    (x1, y1),
                    arrowstyle="-|>",
                    mutation_scale=9,
                    color=GREY,
                    linewidth=0.9,
                    shrinkA=21,
                    shrinkB=21,
                )
            )

labels = [[f"$x_{i + 1}$" for i in range(sizes[0])], ["tanh"] * sizes[1], [r"$\hat y$"]]
colours = [GREY, GREEN, BLUE]
for layer, (column_positions, names, colour) in enumerate(
    zip(positions, labels, colours)
):
    for (x, y), name in zip(column_positions, names):
        ax.add_patch(
            Circle((x, y), RADIUS, facecolor="white", edgecolor=colour, linewidth=1.8)
        )
        ax.text(
            x, y, name, ha="center", va="center", fontsize=9 if name == "tanh" else 12
        )
        if layer > 0:  # a neuron: its bias
            ax.text(x + RADIUS * 0.8, y + RADIUS * 0.95, "+b", fontsize=9, color=colour)

top = column(sizes[1])[0] + 0.75
ax.text(X[0], top, tr("2 inputs"), ha="center", fontsize=10, color=GREY)
hidden = (n_inputs + 1) * sizes[1]
output = (sizes[1] + 1) * sizes[2]
ax.text(
    X[1],
    top,
    tr("4 tanh neurons\n{parameters} parameters", parameters=hidden),
    ha="center",
    fontsize=10,
    color=GREEN,
)
ax.text(
    X[2],
    top,
    tr("1 linear neuron\n{parameters} parameters", parameters=output),
    ha="center",
    fontsize=10,
    color=BLUE,
)
assert hidden + output == len(model.parameters()) == 17

ax.set_xlim(X[0] - 0.9, X[-1] + 0.9)
ax.set_ylim(column(sizes[1])[-1] - 0.6, top + 0.75)
fig.tight_layout()
