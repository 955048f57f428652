"""The test images the trained digits network gets wrong (chapter 10)."""

import matplotlib.pyplot as plt

import style
from digits import load_digits_split, train_digits
from tensorgrad import Tensor

train_images, train_labels, test_images, test_labels = load_digits_split()
network, _ = train_digits(train_images, train_labels)
predictions = network(Tensor(test_images)).data.argmax(axis=1)
wrong = (predictions != test_labels).nonzero()[0]

columns = 7
rows = -(-len(wrong) // columns)
fig, axes = plt.subplots(rows, columns, figsize=(6.4, 1.15 * rows + 0.2), squeeze=False)
for ax in axes.flat:
    ax.axis("off")
for ax, i in zip(axes.flat, wrong):
    image = test_images[i].reshape(8, 8)
    ax.imshow(image, cmap="gray_r", vmin=0, vmax=1, interpolation="nearest")
    title = style.tr(
        "{label} read as {prediction}", label=test_labels[i], prediction=predictions[i]
    )
    ax.set_title(title, fontsize=9, color=style.VERMILION)
fig.tight_layout(pad=0.3)
