"""The Run buttons know what the page's own doctests know (docs/_ext/book/runner/page.py).

The runner reads its marks from the page's comments in the doctree, the ones
the doctests read: a block between ``% skip: start if(torch is None, ...)``
and ``% skip: end`` is skipped without PyTorch (``runner-needs-torch``, no Run
button), a block right below ``% printed by Python 3.11`` shows that version's
output (``runner-printed-by-3-11``), and a chapter whose code imports NumPy
says why it cannot run in the browser instead of offering Run. Checked on the
built site, in both editions (the Chinese pages are translated doctrees).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from book.runner.page import NEEDS_NUMPY
from helpers import CHAPTERS, chapter

PYTHON_BLOCK = re.compile(r'<div class="([^"]*\bhighlight-python\b[^"]*)">')


def marks(page: Path) -> tuple[list[str], str | None, int]:
    """The classes of each Python block, what the page needs, and its Run buttons."""
    text = page.read_text(encoding="utf-8")
    needs = re.search(r'<div class="runner-page" data-needs="([^"]*)"', text)
    buttons = text.count('<button type="button" class="runner-run"')
    return PYTHON_BLOCK.findall(text), needs[1] if needs else None, buttons


@pytest.mark.parametrize("edition", ["site", "zh_site"])
def test_the_marks_follow_the_pages_comments(edition: str, request):
    site = request.getfixturevalue(edition)
    for source in CHAPTERS:
        markdown = source.read_text(encoding="utf-8")
        blocks, needs, buttons = marks(site / "chapters" / (source.stem + ".html"))
        torch = [b for b in blocks if "runner-needs-torch" in b]
        printed = [b for b in blocks if "runner-printed-by-3-11" in b]
        if source == chapter("pytorch"):
            assert len(torch) >= 5, source.name
        elif source in (chapter("tensors"), chapter("digits")):  # one comparison each
            assert len(torch) == 1, source.name
        else:
            assert torch == [], source.name
        assert len(printed) == markdown.count("% printed by Python 3.11"), source.name
        numpy = bool(NEEDS_NUMPY.search(markdown))  # its code imports NumPy
        if source in (chapter("tensors"), chapter("digits")):
            assert numpy, source.name
        assert needs == ("numpy" if numpy else ""), source.name
        runnable = 0 if needs else len(blocks) - len(torch)
        assert buttons == runnable, f"{source.name}: {buttons} Run buttons"
