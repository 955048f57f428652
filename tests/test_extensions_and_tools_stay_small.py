"""No part of the book's extension and no build tool grows past 300 lines.

A file that long has usually taken on a second job (CONTRIBUTING.md: each
part of ``docs/_ext/book/`` has one job); split it by job, as ``runner.py``
(the runtime in ``runner_runtime.py``, the words in ``runner_words.py``),
``publish.py`` (``publish_remote.py``, ``publish_site.py``) and
``catalogues.py`` (the messages in ``messages.py``) were. The reader's
downloads in ``src/`` are single files by design and are not counted.
"""

from __future__ import annotations

from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"
LIMIT = 300


def test_no_extension_or_tool_is_over_300_lines() -> None:
    files = sorted([*(DOCS / "_ext").rglob("*.py"), *(DOCS / "_tools").rglob("*.py")])
    files = [f for f in files if "node_modules" not in f.parts]
    assert len(files) > 30, files
    long = {
        f.relative_to(DOCS).as_posix(): n
        for f in files
        if (n := len(f.read_text(encoding="utf-8").splitlines())) > LIMIT
    }
    assert not long, f"over {LIMIT} lines: {long}"
