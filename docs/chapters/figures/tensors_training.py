"""The training loss of the digits network, step by step and per epoch (chapter 10)."""

import matplotlib.pyplot as plt
import numpy as np

from digits import accuracy, load_digits_split, train_digits
from style import GREEN, SKY, tr

train_images, train_labels, test_images, test_labels = load_digits_split()
network, losses = train_digits(train_images, train_labels)
test_accuracy = accuracy(network, test_images, test_labels)

steps_per_epoch = -(-len(train_labels) // 32)  # train_digits' batch size is 32
epochs = np.array(losses).reshape(-1, steps_per_epoch)

fig, ax = plt.subplots()
ax.semilogy(losses, color=SKY, linewidth=1, label=tr("loss of each batch"))
ax.semilogy(
    (np.arange(len(epochs)) + 1) * steps_per_epoch - 1,
    epochs.mean(axis=1),
    "o-",
    color=GREEN,
    label=tr("mean loss over one epoch"),
)
ax.set_xlabel(tr("training step"))
ax.set_ylabel(tr("cross-entropy (log scale)"))
ax.set_title(
    tr(
        "Training the digits network: {accuracy:.1%} of the test images right",
        accuracy=test_accuracy,
    )
)
ax.legend()
fig.tight_layout()
