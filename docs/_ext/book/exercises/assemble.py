"""The download ``check_exercises.py``: its machinery, then every chapter's checks.

Each checked exercise's check is written beside the exercise, in the
chapter's Markdown, as a fence the page does not show::

    ```{exercise-check} 1.4
    wants(FUNCTION, "k_slope")
    case("the slope at x = -3", "...(the words in Chinese)", -22, args=[-3])
    mistake("sign", "...", "...", like=lambda x: 6 * x + 4)
    ```

:func:`assemble` puts ``src/check_exercises.py`` (the machinery) and those
fences, in the chapters' order, into one file: each fence becomes the body of a
function registered under its number. The build offers that file on every
chapter (``exercises/__init__.py``), the doctests import it
(``docs/conftest.py``), and so do the tests (:func:`load`). Nothing here needs
Sphinx.
"""

from __future__ import annotations

import re
import sys
import textwrap
import types
from pathlib import Path
from typing import NamedTuple

DOCS = Path(__file__).resolve().parents[3]
MACHINERY = DOCS.parent / "src" / "check_exercises.py"
CHAPTERS = DOCS / "chapters"
NAME = "check_exercises"
# Where the machinery leaves room for the checks (its last section).
SLOT = "# (The book's build writes each chapter's checks here.)\n"
FENCE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})\{exercise-check\}[ \t]*(?P<number>\S*)[ \t]*\n"
    r"(?P<body>.*?)^(?P=indent)(?P=fence)[ \t]*$",
    re.M | re.S,
)
NUMBER = re.compile(r"(\d+)\.(\d+)")


class Check(NamedTuple):
    number: str  # "1.4"
    source: Path  # the chapter
    line: int  # of the fence's first line
    code: str


def chapter_number(source: Path) -> int | None:
    """01-slopes.md -> 1; None for a page that is not a numbered chapter."""
    match = re.match(r"(\d+)-", source.name)
    return int(match.group(1)) if match else None


def checks_in(text: str, source: Path) -> list[Check]:
    """The checks of one page, in order; a ValueError names a malformed one."""
    found = []
    for match in FENCE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        number = match.group("number")
        where = f"{source.name}, line {line}"
        if not NUMBER.fullmatch(number):
            raise ValueError(
                f"{where}: an exercise-check needs the exercise's number, as 1.4"
            )
        if int(number.split(".")[0]) != chapter_number(source):
            raise ValueError(
                f"{where}: exercise {number} is checked in chapter {chapter_number(source)}"
            )
        body = textwrap.dedent(match.group("body"))
        found.append(Check(number, source, line, body))
    return found


def all_checks(chapters: Path = CHAPTERS) -> list[Check]:
    """Every chapter's checks, in reading order; each number once."""
    checks: list[Check] = []
    for source in sorted(chapters.glob("[0-9][0-9]-*.md")):
        checks += checks_in(source.read_text(encoding="utf-8"), source)
    seen: dict[str, Check] = {}
    for check in checks:
        if check.number in seen:
            first = seen[check.number]
            raise ValueError(
                f"exercise {check.number} is checked twice: {first.source.name}, line"
                f" {first.line}, and {check.source.name}, line {check.line}"
            )
        seen[check.number] = check
    return checks


def assemble(chapters: Path = CHAPTERS, machinery: Path = MACHINERY) -> str:
    """The text of the download: the machinery, with the checks in its slot."""
    text = machinery.read_text(encoding="utf-8")
    if text.count(SLOT) != 1:
        raise ValueError(f"{machinery} must hold the line {SLOT.strip()!r} once")
    parts = []
    for check in all_checks(chapters):
        parts.append(
            f"\n# Exercise {check.number}: {check.source.name}, line {check.line}\n"
            f'@define("{check.number}")\n'
            f"def _():\n{textwrap.indent(check.code, '    ')}\n"
        )
    assembled = text.replace(SLOT, "".join(parts).lstrip("\n"))
    compile(assembled, NAME + ".py", "exec")  # a SyntaxError names the line
    return assembled


def load(chapters: Path = CHAPTERS) -> types.ModuleType:
    """The assembled file as the module ``check_exercises`` (made once, then kept)."""
    module = sys.modules.get(NAME)
    if module is not None and getattr(module, "__assembled__", False):
        return module
    module = types.ModuleType(NAME)
    module.__file__ = str(MACHINERY)  # its frames are the checker's, not the reader's
    module.__assembled__ = True
    sys.modules[NAME] = module
    exec(compile(assemble(chapters), str(MACHINERY), "exec"), module.__dict__)
    return module
