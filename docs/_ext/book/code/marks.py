"""The marks a page puts on its Python blocks, read in one place.

A page marks its blocks with MyST comments (``% ...``). Sybil reads the first
kind for the doctests; the runner (``runner/page.py``), the notebooks
(``notebooks/cells.py``) and the paste test read both kinds here:

- ``% skip: start if(torch is None, reason="PyTorch is not installed")`` ...
  ``% skip: end``: the blocks between need ``torch``;
- ``% printed by Python 3.11`` right above a block: what the block shows is
  that version's output.

Not an extension: a module the others import (``docs/_ext`` is on their path).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

SKIP_START = re.compile(
    r"skip:\s*start\s+if\((?P<condition>(?P<needs>\w+) is None),"
    r"\s*reason=(?P<reason>.+)\)\s*$",
    re.S,
)
SKIP_END = re.compile(r"skip:\s*end\b")
PRINTED_BY = re.compile(r"printed by Python (?P<version>\d+\.\d+)\s*$")


@dataclass(frozen=True)
class Mark:
    """One comment's mark: the start or end of a skipped region, or a Python version."""

    kind: str  # "skip-start", "skip-end" or "printed-by"
    needs: str = ""  # skip-start: the module the region needs ("torch")
    condition: str = ""  # skip-start: Sybil's condition ("torch is None")
    reason: str = ""  # skip-start: the reason a skip reports
    version: str = ""  # printed-by: "3.11"


def read(comment: str) -> Mark | None:
    """The mark a comment's text makes, or None for an ordinary comment.

    >>> read('skip: start if(torch is None, reason="PyTorch is not installed")').needs
    'torch'
    >>> read(" printed by Python 3.11").version
    '3.11'
    >>> read("skip: end").kind, read("a note to the editor")
    ('skip-end', None)
    """
    text = comment.strip()
    if start := SKIP_START.match(text):
        return Mark(
            "skip-start",
            needs=start["needs"],
            condition=start["condition"],
            reason=ast.literal_eval(start["reason"].strip()),
        )
    if SKIP_END.match(text):
        return Mark("skip-end")
    if printed := PRINTED_BY.match(text):
        return Mark("printed-by", version=printed["version"])
    if text.startswith(("skip:", "printed by")):
        raise ValueError(f"a page mark this book does not know: % {text}")
    return None


MARKDOWN_COMMENT = re.compile(r"^[ \t]*%(?P<text>.*)$", re.M)


def in_markdown(text: str) -> list[tuple[int, Mark]]:
    """Each mark of a MyST page's source, with the offset where its line starts.

    >>> [(at, m.kind) for at, m in in_markdown("% skip: end\\ntext\\n% printed by Python 3.11\\n")]
    [(0, 'skip-end'), (17, 'printed-by')]
    """
    return [
        (found.start(), mark)
        for found in MARKDOWN_COMMENT.finditer(text)
        if (mark := read(found["text"])) is not None
    ]
