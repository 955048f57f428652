"""Promise 5, chapter 5: wrong answers learners give get their likely cause.

Each answer here is written as a learner writes it (not the check's own
``like=``), on chapter 5's engine as the reader has it after step 5 (the
book's copy, ``src/engine_book.py``), and judged by the file a reader
downloads.
"""

from __future__ import annotations

import math

import pytest

import helpers
from book.exercises import assemble
from engine_book import Value

CHECKER = assemble.load()

# --- 5.1: Value.exp ----------------------------------------------------------------

ENGINE = (helpers.ROOT / "src" / "engine_book.py").read_text(encoding="utf-8")


def readers_value(typed: str) -> type:
    """The reader's Value after step 5, with what they typed at the prompt."""
    namespace: dict[str, object] = {}
    exec(compile(ENGINE + "\n" + typed, "<reader>", "exec"), namespace)
    return namespace["Value"]


EXP = {
    "missing": """
def exp(self):
    result = math.exp(self.data)
    return Value(result, ((self, result),))
""",  # written, but never attached: Value.exp = exp forgotten
    "float": """
def exp(self):
    return math.exp(self.data)  # a number, no edge

Value.exp = exp
""",
    "number": """
def exp(self):
    result = math.exp(self)  # the Value itself, not its data
    return Value(result, ((self, result),))

Value.exp = exp
""",
    "pairs": """
def exp(self):
    result = math.exp(self.data)
    return Value(result, ((self, result)))  # one pair, not a tuple of pairs

Value.exp = exp
""",
    "input": """
def exp(self):
    result = math.exp(self.data)
    return Value(result, ((self, self.data),))  # a's value, not e^a

Value.exp = exp
""",
    "one": """
def exp(self):
    return Value(math.exp(self.data), ((self, 1.0),))  # the chain left to backward()

Value.exp = exp
""",
}


@pytest.mark.parametrize("cause", EXP)
def test_exercise_5_1(cause) -> None:
    verdict = CHECKER.judge("5.1", readers_value(EXP[cause]), "en")
    assert not verdict.right and verdict.cause == cause, verdict.text


# --- 5.2: power(a, b) ------------------------------------------------------------


def power_without_ln(a, b):
    result = a.data**b.data
    return Value(result, ((a, b.data * a.data ** (b.data - 1)), (b, result)))


def power_log10(a, b):
    result = a.data**b.data
    return Value(
        result,
        ((a, b.data * a.data ** (b.data - 1)), (b, result * math.log10(a.data))),
    )


def power_exponent_kept(a, b):
    result = a.data**b.data
    return Value(result, ((a, b.data * result), (b, result * math.log(a.data))))


def power_swapped(a, b):
    result = a.data**b.data
    return Value(
        result,
        ((a, result * math.log(a.data)), (b, b.data * a.data ** (b.data - 1))),
    )


def power_base_only(a, b):
    return Value(a.data**b.data, ((a, b.data * a.data ** (b.data - 1)),))


def power_as_number(a, b):
    return a.data**b.data


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (power_without_ln, "ln"),
        (power_log10, "log10"),
        (power_exponent_kept, "power rule"),
        (power_swapped, "swapped"),
        (power_base_only, "no edge"),
        (power_as_number, "float"),
    ],
)
def test_exercise_5_2(answer, cause) -> None:
    verdict = CHECKER.judge("5.2", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text
