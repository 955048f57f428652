"""The tensor engine learns to read handwritten digits: at least 95% of the test images.

The chapter prints the book's own run; these tests keep that run honest: the
split is the same every time, training is deterministic (fixed seeds,
float64), and the network reads at least 95% of the images it never trained
on.
"""

from __future__ import annotations

import numpy as np
import pytest

import tinygrad
from digits import TrainingDiverged, accuracy, load_digits_split, train_digits

pytest.importorskip("sklearn", reason="the digits come with scikit-learn")


@pytest.fixture(scope="module")
def split() -> tuple[np.ndarray, ...]:
    return load_digits_split()


def test_split_is_fixed_and_keeps_test_images_apart(
    split: tuple[np.ndarray, ...],
) -> None:
    train_images, train_labels, test_images, test_labels = split
    assert train_images.shape == (1348, 64) and test_images.shape == (449, 64)
    assert train_labels.shape == (1348,) and test_labels.shape == (449,)
    assert 0.0 <= train_images.min() and train_images.max() <= 1.0
    assert sorted(set(train_labels.tolist())) == list(range(10))
    again = load_digits_split()
    for first, second in zip(split, again):
        np.testing.assert_array_equal(first, second)
    # No test image is also a training image (the data set has no duplicates).
    train_rows = {row.tobytes() for row in train_images}
    assert not any(row.tobytes() in train_rows for row in test_images)


def test_network_reads_at_least_95_percent_of_test_images(
    split: tuple[np.ndarray, ...],
) -> None:
    train_images, train_labels, test_images, test_labels = split
    network, losses = train_digits(train_images, train_labels)
    test_accuracy = accuracy(network, test_images, test_labels)
    assert test_accuracy >= 0.95, f"test accuracy {test_accuracy:.1%}"
    assert len(losses) == 20 * 43  # 20 epochs of ceil(1348 / 32) steps
    assert np.mean(losses[-43:]) < np.mean(losses[:43]) / 10  # the loss came down


def test_training_is_deterministic(split: tuple[np.ndarray, ...]) -> None:
    train_images, train_labels, test_images, _ = split
    first, first_losses = train_digits(train_images, train_labels, epochs=3)
    second, second_losses = train_digits(train_images, train_labels, epochs=3)
    assert first_losses == second_losses
    for a, b in zip(first.parameters(), second.parameters()):
        np.testing.assert_array_equal(a.data, b.data)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_other_seeds_reach_95_percent_too(seed: int) -> None:
    """The book's 95% is not one lucky seed: other splits and starts get there too."""
    train_images, train_labels, test_images, test_labels = load_digits_split(seed)
    network, _ = train_digits(train_images, train_labels, seed=seed)
    assert accuracy(network, test_images, test_labels) >= 0.95


@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
def test_a_diverging_run_stops_and_names_the_step_and_the_learning_rate(
    split: tuple[np.ndarray, ...],
) -> None:
    """As tinygrad's gradient_descent does, and with the same exception class."""
    train_images, train_labels, _, _ = split
    assert TrainingDiverged is tinygrad.TrainingDiverged
    with pytest.raises(TrainingDiverged) as info:
        train_digits(train_images, train_labels, epochs=1, learning_rate=1e308)
    assert str(info.value) == (
        "training diverged at step 1: the loss is no longer a finite number; "
        "lower the learning rate (it is 1e+308)"
    )


def test_a_nan_pixel_stops_training_at_its_batch(split: tuple[np.ndarray, ...]) -> None:
    train_images, train_labels, _, _ = split
    images = train_images.copy()
    images[40, 3] = np.nan
    # train_digits' first shuffle
    order = np.random.default_rng(0).permutation(len(train_labels))
    step = int(np.flatnonzero(order == 40)[0]) // 32
    with pytest.raises(TrainingDiverged, match=f"training diverged at step {step}: "):
        train_digits(images, train_labels, epochs=1)
