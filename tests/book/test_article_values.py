"""The numbers the book and its source article promise, from the real engine."""

from __future__ import annotations

import subprocess
import sys

import pytest

from helpers import ENGINE
from tinygrad import MLP, Value, train_line, train_xor

SRC = ENGINE


def test_loss_and_gradients_of_the_first_example() -> None:
    w, b = Value(1), Value(0)
    loss = (w * 2 + b - 5) ** 2
    loss.backward()
    assert (loss.data, w.grad, b.grad) == (9.0, -12.0, -6.0)


def test_three_paths_add_up_to_seven() -> None:
    a = Value(3)
    q = a * a + a
    q.backward()
    assert a.grad == 7.0


def test_two_additions_double_twice() -> None:
    a = Value(3)
    b = a + a
    c = b + b
    c.backward()
    assert a.grad == 4.0


def test_micrograd_style_example() -> None:
    a, b, c, f = Value(2), Value(-3), Value(10), Value(-2)
    loss = (a * b + c) * f
    loss.backward()
    assert loss.data == -8.0
    assert (a.grad, b.grad, c.grad, f.grad) == (6.0, -4.0, -2.0, 4.0)


def test_mlp_2_4_1_has_17_parameters() -> None:
    assert len(MLP([2, 4, 1]).parameters()) == 17


def test_train_line_finds_the_line() -> None:
    w, b, final_loss = train_line()
    assert w == pytest.approx(2.0, abs=1e-6)
    assert b == pytest.approx(1.0, abs=1e-6)
    assert final_loss < 1e-12


def test_train_xor_predictions_round_to_the_targets() -> None:
    predictions, final_loss = train_xor()
    assert [round(p, 4) for p in predictions] == [-1.0, 1.0, 1.0, -1.0]
    assert final_loss < 1e-8


def test_running_the_file_prints_the_demo() -> None:
    result = subprocess.run(
        [sys.executable, str(SRC)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    lines = result.stdout.splitlines()
    assert lines[0] == "checks: 9.0 -12.0 -6.0 7.0"
    assert lines[1] == "line: w = 2.0000, b = 1.0000, loss = 0.0000"
    assert lines[2] == "xor: [-1.0, 1.0, 1.0, -1.0] loss = 0.0000"


def test_a_plain_number_gets_no_node_of_its_own() -> None:
    w = Value(3)
    for value, local_derivative in [
        (w + 2, 1.0),
        (2 + w, 1.0),
        (w - 2, 1.0),
        (2 - w, -1.0),
        (w * 2, 2.0),
        (2 * w, 2.0),
        (w / 2, 0.5),
        (6 / w, -6 / 9),
    ]:
        assert [(parent is w, d) for parent, d in value.edges] == [
            (True, local_derivative)
        ]
