"""Code comments, translated with the page; the code itself never.

The Chinese edition translates the comments of a page's code blocks, as
d2l-zh does, and keeps every other character of the code the English page's.
Sphinx extracts code blocks into the catalogues when ``conf.py`` sets
``gettext_additional_targets = ["literal-block"]``; on its own that setting
would put every block of every page in the catalogues, included source files
too. This extension keeps in the catalogues only the blocks worth a
translator's time: Python written in the page (a doctest session or a
script) that holds at least one comment. Code included from a file
(``literalinclude`` of ``src/``) stays out: it is the real file, shown as it
is, and its docstrings and comments are the engine's, in English.

A code block whose translation is missing (``msgstr ""``) shows the English
block, which is still the right code. ``without_comments`` is what the tests
compare the editions by: the code with every comment removed must be the
same, token for token (``tokenize``), in the English block and its
translation.

>>> comments(">>> x = 5  # the input\\n>>> x * x  # its square\\n25")
['# the input', '# its square']
>>> without_comments("y = 2 * x  # twice\\nprint(y)  # 10")
'y = 2 * x\\nprint(y)'
>>> comments("digraph { a -> b }") is None
True
"""

from __future__ import annotations

import io
import re
import tokenize

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

PROMPT = re.compile(r"^\s*(?:>>>|\.\.\.)(?: |$)")
PYTHON = {"", "python", "python3", "py", "pycon", "default", "ipython"}


def _comment_spans(text: str) -> list[tuple[int, int, str]] | None:
    """(line index, column, comment) of each comment, or None if not Python.

    A doctest session (lines with ``>>>`` prompts) is read as its sources:
    prompts dropped, output lines blank.
    """
    lines = text.split("\n")
    session = any(line.lstrip().startswith(">>>") for line in lines)
    view, offsets = [], []
    for line in lines:
        match = PROMPT.match(line) if session else None
        if session and not match:
            view.append("")  # output
            offsets.append(0)
        else:
            start = match.end() if match else 0
            view.append(line[start:])
            offsets.append(start)
    try:
        tokens = list(
            tokenize.generate_tokens(io.StringIO("\n".join(view) + "\n").readline)
        )
    except (tokenize.TokenError, SyntaxError):
        return None
    if any(t.type == tokenize.ERRORTOKEN and not t.string.isspace() for t in tokens):
        return None
    return [
        (t.start[0] - 1, offsets[t.start[0] - 1] + t.start[1], t.string)
        for t in tokens
        if t.type == tokenize.COMMENT
    ]


def comments(text: str) -> list[str] | None:
    """The comments of a Python block, in order; None if it is not Python."""
    spans = _comment_spans(text)
    return None if spans is None else [comment for _, _, comment in spans]


def without_comments(text: str) -> str:
    """The block with its comments (and the spaces before them) removed.

    Not Python (DOT text, a shell line): the text as it is.
    """
    spans = _comment_spans(text)
    if not spans:
        return text
    lines = text.split("\n")
    for index, column, _ in spans:
        lines[index] = lines[index][:column].rstrip()
    return "\n".join(lines)


class OnlyCommentedCodeIsTranslatable(SphinxTransform):
    """Take out of the catalogues every code block with nothing to translate.

    Runs after Sphinx's ``ExtraTranslatableNodes`` (priority 10), which marks
    every literal block translatable, and before ``Locale`` (20), which
    translates, and before the gettext builder extracts.
    """

    default_priority = 15

    def apply(self, **kwargs: object) -> None:
        for node in self.document.findall(nodes.literal_block):
            if not node.get("translatable"):
                continue
            included = "source" in node.attributes  # literalinclude names its file
            language = node.get("language", "")
            text = node.rawsource or node.astext()
            if included or language not in PYTHON or not comments(text):
                node["translatable"] = False


def setup(app: Sphinx) -> dict[str, object]:
    app.add_transform(OnlyCommentedCodeIsTranslatable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
