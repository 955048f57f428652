"""Time per training example: the scalar engine against the tensor engine (chapter 10).

Both engines take one gradient-descent step of the same network (64 pixels,
32 tanh units, 10 logits, the same starting weights) on the same images, each
on one processor core (NumPy's matrix library is held to one thread, which also
keeps the times steady on a busy machine). The times are measured when the
figure is drawn, on the machine that draws it. Python's garbage collector is
on, as for any program, but told to skip the objects that already exist: the
figure runs inside the process that builds the book, and the engine should not
pay for scanning the builder's objects.
"""

import gc
import time

import matplotlib.pyplot as plt
from threadpoolctl import threadpool_limits  # installed with scikit-learn

from digits import DigitsNetwork, load_digits_split, scalar_cross_entropy
from style import BLUE, GREEN, GREY, tr
from tensorgrad import Tensor, cross_entropy
from tinygrad import MLP, gradient_descent

train_images, train_labels, _, _ = load_digits_split()
mlp = MLP([64, 32, 10], seed=0)
network = DigitsNetwork.from_mlp(mlp)


def seconds(step, repeats):
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        step()
        best = min(best, time.perf_counter() - start)
    return best


def scalar_step(n):
    images, labels = train_images[:n].tolist(), train_labels[:n].tolist()

    def loss_of():
        return sum(scalar_cross_entropy(mlp(x), y) for x, y in zip(images, labels)) * (
            1 / n
        )

    gradient_descent(loss_of, mlp.parameters(), steps=1, learning_rate=0.1)


def tensor_step(n):
    loss = cross_entropy(network(Tensor(train_images[:n])), train_labels[:n])
    loss.backward()
    for parameter in network.parameters():
        parameter.data -= 0.1 * parameter.grad


scalar_sizes = [1, 2, 4, 8]
tensor_sizes = [2**k for k in range(11)]
gc.freeze()  # the objects that exist now are left out of garbage collection
try:
    with threadpool_limits(limits=1):
        scalar_times = [
            seconds(lambda n=n: scalar_step(n), 2) / n for n in scalar_sizes
        ]
        tensor_times = [
            seconds(lambda n=n: tensor_step(n), 20) / n for n in tensor_sizes
        ]
finally:
    gc.unfreeze()
scalar_ms = [t * 1e3 for t in scalar_times]
tensor_ms = [t * 1e3 for t in tensor_times]
at_8 = tensor_sizes.index(8)
speedup = scalar_ms[-1] / tensor_ms[at_8]

fig, ax = plt.subplots()
ax.loglog(
    scalar_sizes,
    scalar_ms,
    "o-",
    color=BLUE,
    label=tr("scalar engine (tinygrad.Value)"),
)
ax.loglog(
    tensor_sizes,
    tensor_ms,
    "o-",
    color=GREEN,
    label=tr("tensor engine (tensorgrad.Tensor)"),
)
ax.annotate(
    tr("{speedup:,.0f}x faster\nat a batch of 8", speedup=speedup),
    xy=(8, tensor_ms[at_8]),
    xytext=(8, (scalar_ms[-1] * tensor_ms[at_8]) ** 0.5),  # halfway on a log scale
    ha="center",
    va="center",
    color=GREY,
    arrowprops={"arrowstyle": "->", "color": GREY},
)
ax.set_xlabel(tr("images per training step (batch size)"))
ax.set_ylabel(tr("milliseconds per image"))
ax.set_title(tr("One training step of the same network, per image"))
ax.legend(loc="lower left")
fig.tight_layout()
