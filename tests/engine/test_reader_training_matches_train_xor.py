"""Promise 2 of CONTRIBUTING.md: the training the reader types in chapter 6 is the file's.

Chapter 6 has the reader type a training loop (``% reader-training: loop``), a
`Neuron` and an `MLP` (``% reader-training: model``) on the engine
of chapter 5, and train XOR with them (``% reader-training: xor``). This test
takes those fences from the page, runs them on chapter 5's last step (steps 0
to 5 pasted in order, and the one-class engine), and checks that every one of
the 1000 losses equals, bit for bit, the loss `train_xor()` records at the
same step, and that the predictions are the same floats. The page retypes
no engine: it imports `Value` from ``engine.py``, the reader's own file, or
the one it offers for download, ``engine_book.py`` (the file chapter 5 shows as
its one-class engine, named so that it never replaces the reader's).
"""

from __future__ import annotations

import doctest
import math
import re

import pytest

import tinygrad
from helpers import chapter, complete_engine, engine_after_step

PAGE = chapter("xor")
TEXT = PAGE.read_text(encoding="utf-8")
MARKER = re.compile(r"^% reader-(training: \w+)$", re.M)
FENCE = re.compile(r"^[ \t]*```python[ \t]*\n(.*?)^[ \t]*```[ \t]*$", re.M | re.S)
ENGINES = {
    "chapter 5, steps 0 to 5": lambda: engine_after_step(5),
    "chapter 5, the engine in one class": complete_engine,
}


def marked_code() -> dict[str, str]:
    """{"training: loop": code, ...}: what a reader runs from each marked fence.

    A script fence is run whole; of a doctest fence, the statements after the
    prompts (the outputs are the page's doctests' business).
    """
    code = {}
    for marker in MARKER.finditer(TEXT):
        fence = FENCE.search(TEXT, marker.end())
        assert fence, f"no ```python fence after {marker.group(0)!r}"
        assert "```python" not in TEXT[marker.end() : fence.start()]
        body = fence.group(1)
        if ">>> " in body:
            examples = doctest.DocTestParser().get_examples(body)
            body = "".join(example.source for example in examples)
        code[marker.group(1)] = body
    return code


CODE = marked_code()


def page_xor_data() -> list:
    line = re.search(r"^>>> (XOR_DATA = .*)$", TEXT, re.M)
    assert line, "chapter 6 no longer types XOR_DATA"
    namespace: dict[str, object] = {}
    exec(line.group(1), namespace)
    return namespace["XOR_DATA"]


def train_xor_losses() -> tuple[list[float], list[float]]:
    """(the loss before each step, the predictions) of the file's `train_xor()`."""
    recorded: list[list[float]] = []
    real = tinygrad.gradient_descent

    def recording(*args, **kwargs):
        recorded.append(real(*args, **kwargs))
        return recorded[-1]

    tinygrad.gradient_descent = recording
    try:
        predictions, _ = tinygrad.train_xor()
    finally:
        tinygrad.gradient_descent = real
    assert len(recorded) == 1
    return recorded[0], predictions


def reader_namespace(engine: type) -> dict[str, object]:
    namespace: dict[str, object] = {"Value": engine}
    exec(compile(CODE["training: loop"], f"{PAGE.name} loop", "exec"), namespace)
    exec(compile(CODE["training: model"], f"{PAGE.name} model", "exec"), namespace)
    return namespace


def test_the_page_marks_the_readers_training_code() -> None:
    assert set(CODE) == {
        "training: loop",
        "training: model",
        "training: xor",
    }
    assert page_xor_data() == tinygrad.XOR_DATA


def test_the_page_imports_chapter_5s_engine_and_retypes_none() -> None:
    """The first code of the page imports engine.py, the reader's, or the book's
    engine_book.py saved under that name; no class is typed."""
    first = FENCE.search(TEXT)
    assert first and first.group(1).startswith(">>> from engine import Value\n")
    download = "{download}`engine_book.py <../../src/engine_book.py>`"
    assert download in TEXT[: first.start()]
    assert "class Value" not in TEXT
    chapter_5 = chapter("engine").read_text(encoding="utf-8")
    assert download in chapter_5


@pytest.mark.parametrize("engine_name", ENGINES)
def test_the_readers_loop_records_train_xors_losses_bit_for_bit(
    engine_name: str,
) -> None:
    expected_losses, expected_predictions = train_xor_losses()
    assert len(expected_losses) == 1000 and all(map(math.isfinite, expected_losses))
    namespace = reader_namespace(ENGINES[engine_name]())
    namespace["XOR_DATA"] = page_xor_data()
    exec(compile(CODE["training: xor"], f"{PAGE.name} xor", "exec"), namespace)
    losses = namespace["losses"]
    assert len(losses) == len(expected_losses)
    differing = [i for i, (a, b) in enumerate(zip(losses, expected_losses)) if a != b]
    assert not differing, (
        f"{len(differing)} of 1000 losses differ, the first at step {differing[0]}: "
        f"{losses[differing[0]]!r} != {expected_losses[differing[0]]!r}"
    )
    assert namespace["predictions"] == expected_predictions
    assert [round(p, 1) for p in expected_predictions] == [-1.0, 1.0, 1.0, -1.0]


def test_the_readers_model_has_the_files_parameters() -> None:
    """Same seed, same order of draws: every weight and bias equals the file's."""
    namespace = reader_namespace(engine_after_step(5))
    for sizes, seed in [([2, 4, 1], 42), ([3, 8, 8, 1], 0), ([2, 1], 7)]:
        reader = namespace["MLP"](sizes, seed=seed)
        real = tinygrad.MLP(sizes, seed=seed)
        assert [p.data for p in reader.parameters()] == [
            p.data for p in real.parameters()
        ]


def test_the_readers_loop_fits_the_line_as_train_line_does() -> None:
    """Same path for the line, and the prose's claim: at 0.3, our engine overflows."""
    namespace = reader_namespace(engine_after_step(5))
    Value, train = namespace["Value"], namespace["train"]
    w, b = Value(-1), Value(0)

    def mean_squared_error():
        data = tinygrad.LINE_DATA
        return sum((w * x + b - y) ** 2 for x, y in data) * (1 / len(data))

    train(mean_squared_error, [w, b], 1000, 0.05)
    assert (w.data, b.data) == tinygrad.train_line()[:2]
    w.data, b.data = -1.0, 0.0
    with pytest.raises(OverflowError):
        train(mean_squared_error, [w, b], 1000, 0.3)
    with pytest.raises(tinygrad.TrainingDiverged):
        tinygrad.train_line(learning_rate=0.3)
