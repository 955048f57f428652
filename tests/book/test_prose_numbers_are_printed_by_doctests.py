"""Promise 1 of CONTRIBUTING.md for chapters 1 to 3: the key numbers, and every number in the prose, are checked.

`make doctest` (Sybil) proves that each output a page shows is what its code
prints. This test adds the other half, for the first three chapters:

* every key value of a chapter (REQUIRED below) is printed by a doctest on that
  chapter's page (it is one of the outputs Sybil checks) and is stated in the
  chapter's prose;
* every number stated in a chapter's prose (text and math outside code blocks
  and figure directives) appears in a checked example on the same page, as an
  output or as an input a reader can see.

Numbers are compared by value, so ``-12`` in the prose matches ``-12.0`` printed
by the engine and ``0.000001`` matches ``1e-06``.
"""

from __future__ import annotations

import re

import pytest

from helpers import chapter

# The key values of chapters 1 to 3, by the chapter's name, as the book states them.
REQUIRED = {
    "slopes": [
        "25",
        "10",
        "10.0",
        "25.010001",
        "10.001",
        "-22",
        "0.001",
        "10.0001",  # the nudge Δx, and the secant slopes heading for the limit 10
    ],
    "loss": [
        "2",
        "9",  # prediction and squared error
        "-12",
        "12",  # L'(1) and L'(4)
        "-6",
        "-1",
        "-2",  # prediction and weight gradients, squared vs absolute
        "0",  # the subgradient at the kink
        "2.2",
        "4.4",
        "0.36",  # one step on w
        "0.6",
        "5",  # one step on w and b: the new bias and prediction (loss 0)
        "1",  # ... which lands only because eta * 2 * (x**2 + 1) = 0.1 * 2 * (4 + 1) = 1
        "4",  # (x, y) = (3, 1): the factor is 2, and the loss is 4 before and after the step
    ],
    "chain-rule": [
        "-12",
        "-6",
        "-0.12",
        "8.8804",
        "-0.1196",
        "0.8814",
        "0.7071",  # the tanh neuron: its sum n and its output o
        "-1.5",
        "1.0",
        "0.5",
        "0.0",  # gradients of x1, w1, x2 (and b), w2
    ],
}

NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:e-?\d+)?(?!\w)")
LINK_TARGET = re.compile(
    r"\]\([^)]*\)|<[^>]*\.(?:md|py)>"
)  # (NN-loss.md), <../../src/tinygrad.py>


def split_page(text: str) -> tuple[str, str, str]:
    """The page's prose, the code of its doctests, and their expected output."""
    prose: list[str] = []
    code: list[str] = []
    output: list[str] = []
    fence = None  # "python" inside a ```python block, "skip" inside a directive fence
    for line in text.splitlines():
        stripped = line.strip()
        if fence is None:
            if stripped.startswith("```python"):
                fence = "python"
            elif re.match(
                r"```+\{(eval-rst|literalinclude|exercise-check)\}", stripped
            ):
                fence = "skip"
            else:
                prose.append(line)
        elif stripped == "```":
            fence = None
        elif fence == "python":
            if stripped.startswith((">>>", "...")):
                code.append(stripped[4:])
            elif stripped:
                output.append(stripped)
    return "\n".join(prose), "\n".join(code), "\n".join(output)


def numbers(text: str) -> set[float]:
    return {float(token) for token in NUMBER.findall(text)}


@pytest.fixture(scope="module", params=sorted(REQUIRED))
def page(request: pytest.FixtureRequest) -> tuple[str, str, str, str]:
    name = request.param
    prose, code, output = split_page(chapter(name).read_text(encoding="utf-8"))
    return name, LINK_TARGET.sub("", prose), code, output


def test_the_page_has_checked_examples(page: tuple[str, str, str, str]) -> None:
    name, prose, code, output = page
    assert code.count("\n") > 10 and output.count("\n") > 10, (
        f"{name}: too few doctests found"
    )


def test_every_listed_value_is_printed_and_stated(
    page: tuple[str, str, str, str],
) -> None:
    name, prose, code, output = page
    printed, stated = numbers(output), numbers(prose)
    not_printed = [v for v in REQUIRED[name] if float(v) not in printed]
    not_stated = [v for v in REQUIRED[name] if float(v) not in stated]
    assert not not_printed, f"{name}: no doctest prints {not_printed}"
    assert not not_stated, f"{name}: the prose never states {not_stated}"


def test_every_number_in_the_prose_is_in_a_checked_example(
    page: tuple[str, str, str, str],
) -> None:
    name, prose, code, output = page
    shown = numbers(output) | numbers(code)
    unchecked = sorted(numbers(prose) - shown)
    assert not unchecked, (
        f"{name}: numbers in the prose that no example shows: {unchecked}"
    )


def test_the_split_sees_prose_code_and_output() -> None:
    text = "Slope $10.001$.\n\n```python\n>>> round(10.0012, 3)\n10.001\n```\n\n```{eval-rst}\n.. plot:: 7.5\n```\n"
    prose, code, output = split_page(text)
    assert numbers(prose) == {10.001}
    assert numbers(code) == {10.0012, 3.0}
    assert numbers(output) == {10.001}
