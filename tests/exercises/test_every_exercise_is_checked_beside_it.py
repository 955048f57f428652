"""Promise 5: each checked exercise is checked where it stands, and its solution passes.

For every ```{exercise-check} N.M`` fence of the chapters (the check, written
beside its exercise): the page shows a starter block and, right under it, a
block that is only ``check("N.M", name)`` (the runner's Check button sits on
the starter); a solution, collapsed, calls the same check and shows ✓
(the doctests run it); every mistake a check knows by a wrong answer (``like=``)
is named by that answer; and the file a reader downloads holds every check,
imports nothing beyond the standard library until a check of chapter 10 or 11
asks for NumPy, and is what every chapter page offers.
"""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from book.exercises import assemble
from helpers import chapter_pages

CHECKS = assemble.all_checks()
CHECKER = assemble.load()
PYTHON_FENCE = re.compile(r"^(`{3,})python\n(.*?)^\1$", re.M | re.S)
DROPDOWN = re.compile(r"^(`{3,}|:{3,})\{dropdown\}.*?^\1$", re.M | re.S)


def blocks(text: str) -> list[tuple[int, str]]:
    """(offset, code) of every Python fence of a page."""
    return [(m.start(), m.group(2)) for m in PYTHON_FENCE.finditer(text)]


@pytest.mark.parametrize("check", CHECKS, ids=[c.number for c in CHECKS])
def test_the_page_shows_a_starter_and_the_check_call_under_it(check) -> None:
    text = check.source.read_text(encoding="utf-8")
    fences = blocks(text)
    call = re.compile(rf'check\("{re.escape(check.number)}", *\w+\)\n')
    calls = [i for i, (_, code) in enumerate(fences) if call.fullmatch(code)]
    assert len(calls) == 1, (
        f"{check.number}: no (or more than one) block that is only its check"
    )
    index = calls[0]
    assert index > 0 and ">>> " not in fences[index - 1][1], (
        f"{check.number}: the block above its check must be a starter without prompts"
    )
    assert fences[index][0] < text.index("{exercise-check} " + check.number)


@pytest.mark.parametrize("check", CHECKS, ids=[c.number for c in CHECKS])
def test_a_collapsed_solution_passes_its_check(check) -> None:
    text = check.source.read_text(encoding="utf-8")
    shown = re.compile(
        rf'^>>> (?:\w+ = )?check\("{re.escape(check.number)}", .*\)\n✓ ', re.M
    )
    assert any(shown.search(d.group(0)) for d in DROPDOWN.finditer(text)), (
        f"{check.number}: no solution in a dropdown calls check and shows ✓"
    )


@pytest.mark.parametrize("check", CHECKS, ids=[c.number for c in CHECKS])
def test_each_wrong_answer_a_check_knows_is_named(check) -> None:
    exercise = CHECKER.exercise(check.number)
    assert exercise.cases, f"{check.number} has no case"
    assert exercise.kind is not CHECKER.ANYTHING, (
        f"{check.number}: wants(...) is missing"
    )
    keys = [m.key for m in exercise.mistakes]
    assert len(keys) == len(set(keys)), f"{check.number}: two mistakes share a key"
    for mistake in exercise.mistakes:
        like = mistake.matches.__defaults__  # (like,) for mistake(..., like=...)
        if like and like[0] is not None:
            verdict = CHECKER.judge(check.number, like[0], "en")
            assert not verdict.right, f"{check.number}: mistake {mistake.key} passes"
            assert verdict.cause == mistake.key, (
                check.number,
                mistake.key,
                verdict.text,
            )


def test_the_download_needs_only_the_standard_library(tmp_path) -> None:
    (tmp_path / "check_exercises.py").write_text(assemble.assemble(), encoding="utf-8")
    script = (
        "import sys; sys.modules['numpy'] = None\n"  # any import of NumPy fails
        "import check_exercises as c\n"
        "for n in c.EXERCISES:\n"
        "    if not n.startswith(('10.', '11.')): c.exercise(n)\n"
        "print(len(c.EXERCISES))\n"
    )
    done = subprocess.run(
        [sys.executable, "-E", "-s", "-c", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == len(CHECKS)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        attributes = dict(attrs)
        if tag == "a" and "download" in (attributes.get("class") or "").split():
            self.hrefs.append(attributes.get("href") or "")


def test_every_chapter_offers_the_assembled_checks(site: Path) -> None:
    text = assemble.assemble()
    for page in chapter_pages(site):
        links = _Links()
        links.feed(page.read_text(encoding="utf-8"))
        offered = [
            (page.parent / unquote(urlparse(h).path)).resolve()
            for h in links.hrefs
            if h.endswith("/check_exercises.py")
        ]
        assert len(offered) == 1, f"{page.name} offers no check_exercises.py"
        assert offered[0].read_text(encoding="utf-8") == text, (
            f"{page.name}: the offered check_exercises.py is not the chapters' checks:"
            " rebuild the book"
        )
