"""The first twenty training images of scikit-learn's handwritten digits (chapter 10)."""

import matplotlib.pyplot as plt

import style  # noqa: F401  (the book's look)
from digits import load_digits_split

train_images, train_labels, _, _ = load_digits_split()

fig, axes = plt.subplots(2, 10, figsize=(6.4, 1.75))
for ax, image, label in zip(axes.flat, train_images, train_labels):
    ax.imshow(
        image.reshape(8, 8), cmap="gray_r", vmin=0, vmax=1, interpolation="nearest"
    )
    ax.set_title(str(label), fontsize=10)
    ax.axis("off")
fig.tight_layout(pad=0.3)
