"""Promise 5, chapter 7: wrong answers learners give get their likely cause.

Each answer here is written as a learner writes it (not the check's own
``like=``), and judged by the file a reader downloads. Exercise 7.1's answers
are pasted after the page's own code, as a reader pastes them into the
session where ``ClosureValue`` is defined.
"""

from __future__ import annotations

import textwrap

import pytest

import designs_page
from book.exercises import assemble

CHECKER = assemble.load()


def closure_value_after(pasted: str) -> type:
    """The page's ClosureValue, fresh, after the reader's code ran in its session."""
    session = dict(vars(designs_page.load()))
    exec(textwrap.dedent(pasted), session)
    return session["ClosureValue"]


EXP_NOT_ATTACHED = """
def exp(self):
    out = ClosureValue(math.exp(self.data), (self,))
    def _backward():
        self.grad += out.data * out.grad
    out._backward = _backward
    return out
"""

EXP_NEVER_SET = """
def exp(self):
    out = ClosureValue(math.exp(self.data), (self,))
    def _backward():
        self.grad += out.data * out.grad
    return out
ClosureValue.exp = exp
"""

EXP_ASSIGNS = """
def exp(self):
    out = ClosureValue(math.exp(self.data), (self,))
    def _backward():
        self.grad = out.data * out.grad
    out._backward = _backward
    return out
ClosureValue.exp = exp
"""

EXP_WITHOUT_CHAIN = """
def exp(self):
    out = ClosureValue(math.exp(self.data), (self,))
    def _backward():
        self.grad += out.data
    out._backward = _backward
    return out
ClosureValue.exp = exp
"""

EXP_LIKE_ADDITION = """
def exp(self):
    out = ClosureValue(math.exp(self.data), (self,))
    def _backward():
        self.grad += out.grad
    out._backward = _backward
    return out
ClosureValue.exp = exp
"""

EXP_WITHOUT_PARENT = """
def exp(self):
    out = ClosureValue(math.exp(self.data))
    def _backward():
        self.grad += out.data * out.grad
    out._backward = _backward
    return out
ClosureValue.exp = exp
"""


@pytest.mark.parametrize(
    ("pasted", "cause"),
    [
        (EXP_NOT_ATTACHED, "attach"),
        (EXP_NEVER_SET, "nothing"),
        (EXP_WITHOUT_PARENT, "parent"),
        (EXP_ASSIGNS, "assign"),
        (EXP_WITHOUT_CHAIN, "no_chain"),
        (EXP_LIKE_ADDITION, "one"),
    ],
)
def test_exercise_7_1(pasted, cause) -> None:
    verdict = CHECKER.judge("7.1", closure_value_after(pasted), "en")
    assert not verdict.right and verdict.cause == cause, verdict.text


def test_exercise_7_1_is_right_for_the_solution() -> None:
    right = EXP_NOT_ATTACHED + "ClosureValue.exp = exp\n"
    assert CHECKER.judge("7.1", closure_value_after(right), "en").right


@pytest.mark.parametrize(
    ("answer", "cause"),
    [
        (6.0, "cleared"),  # as if backward() cleared, as ours does
        (3, "once"),  # the set holds a once
        (18.0, "seed"),  # square.grad taken as 2 in the second pass
    ],
)
def test_exercise_7_2(answer, cause) -> None:
    verdict = CHECKER.judge("7.2", answer, "en")
    assert not verdict.right and verdict.cause == cause, verdict.text
