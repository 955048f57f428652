"""Promise 5: practice checks itself in every chapter, and every diagnosis is planted.

Every chapter of the toctree before the appendix has at least two checked
exercises, at least one of them code the reader writes (a function or a
class); each code exercise names at least three wrong answers learners give,
and each of its causes is asserted on a planted wrong answer in that chapter's
``test_chapter_N_mistakes_are_named.py``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from book.exercises import assemble
from helpers import CHAPTERS, ROOT

CHECKER = assemble.load()
HERE = ROOT / "tests" / "exercises"
CODE = (CHECKER.FUNCTION, CHECKER.CLASS)
# the numbered chapters; the appendix (Inside tinygrad.py) is read, not practised
TAUGHT = [page for page in CHAPTERS if not page.stem.endswith("inside-tinygrad")]


def checked(chapter: int) -> list[str]:
    return [n for n in CHECKER.EXERCISES if n.split(".")[0] == str(chapter)]


def planted_causes(chapter: int) -> set[str]:
    """Every string constant in the chapter's planted-mistakes test."""
    path = HERE / f"test_chapter_{chapter}_mistakes_are_named.py"
    if not path.is_file():
        return set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


@pytest.mark.parametrize("page", TAUGHT, ids=[p.stem for p in TAUGHT])
def test_a_chapter_has_two_checked_exercises_one_of_them_code(page: Path) -> None:
    chapter = assemble.chapter_number(page)
    numbers = checked(chapter)
    assert len(numbers) >= 2, f"{page.name}: checked exercises {numbers}"
    kinds = [CHECKER.exercise(n).kind for n in numbers]
    assert any(kind in CODE for kind in kinds), f"{page.name}: none is code"


@pytest.mark.parametrize("page", TAUGHT, ids=[p.stem for p in TAUGHT])
def test_each_code_exercise_plants_three_named_mistakes(page: Path) -> None:
    chapter = assemble.chapter_number(page)
    planted = planted_causes(chapter)
    for number in checked(chapter):
        exercise = CHECKER.exercise(number)
        if exercise.kind not in CODE:
            continue
        keys = [m.key for m in exercise.mistakes]
        assert len(keys) >= 3, f"{number} names {len(keys)} mistakes: {keys}"
        unplanted = [k for k in keys if k not in planted]
        assert not unplanted, f"{number}: causes no planted answer asserts: {unplanted}"
