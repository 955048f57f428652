"""The marks a page puts on its blocks are read in one place (docs/_ext/book/code/marks.py).

The runner, the notebooks and the paste test all read them there; a mark the
book does not know is refused where it stands, not taken for a comment.
"""

from __future__ import annotations

from collections import Counter

import pytest
from docutils import nodes

from book.code import marks as page_marks
from book.runner import page as runner
from helpers import CHAPTERS


def test_every_mark_of_the_chapters_is_known_and_regions_close():
    kinds = Counter()
    for chapter in CHAPTERS:
        marks = [mark.kind for _, mark in page_marks.in_markdown(chapter.read_text())]
        assert marks.count("skip-start") == marks.count("skip-end"), chapter.name
        kinds.update(marks)
    assert kinds["skip-start"] >= 1, kinds
    assert set(kinds) <= {"skip-start", "skip-end", "printed-by"}, kinds


def test_an_unknown_mark_is_refused_by_name():
    with pytest.raises(ValueError, match="skip: next"):
        page_marks.read("skip: next")
    assert page_marks.read("an editor's note") is None


def test_the_runner_warns_where_an_unknown_mark_stands(monkeypatch):
    warned = []
    monkeypatch.setattr(
        runner.logger, "warning", lambda *args, **kw: warned.append((args, kw))
    )
    comment = nodes.comment("", "printed by Python three")
    assert runner.read_mark(comment) is None
    ((args, kw),) = warned
    assert "printed by Python three" in args[0] % args[1:]
    assert kw["location"] is comment
