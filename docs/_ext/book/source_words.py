"""The comments and docstrings of ``src/``, translated where a translated page shows them.

The chapters show the engine's files through ``literalinclude``: the real file,
never a copy. In the Chinese edition an excerpt keeps every character of its
code and shows its comments and docstrings in Chinese, as d2l-zh does. There is
no second copy of the source: the words are messages of one catalogue,
``docs/locale/<language>/LC_MESSAGES/source.po``, which ``make catalogues``
refreshes from the files (``docs/_tools/catalogues.py``, with :func:`messages`),
and the translated build puts the translations into each excerpt as it reads the
page (:class:`TranslateExcerpts`).

A message is the words of one comment (a run of comment lines at one indent is
one message), or one paragraph of a docstring's prose; a docstring's examples
(``>>>`` blocks) are code, never messages, so every doctest stays as it is. A
translated paragraph is wrapped to the file's 88 columns, a Chinese character
taking two. :func:`same_code` is what the tests and the build compare an excerpt
by: the same tokens once comments are dropped and docstrings blanked; the build
refuses a translation that changes more.

>>> source = "def f(x):\\n    '''Twice x.\\n\\n    The same as x + x.\\n    '''\\n    return 2 * x  # twice\\n"
>>> [piece.message for piece in pieces(source)]
['Twice x.', 'The same as x + x.', 'twice']
>>> print(translated(source, {"Twice x.": "le double de x.", "twice": "double"}))
def f(x):
    '''le double de x.
<BLANKLINE>
    The same as x + x.
    '''
    return 2 * x  # double
<BLANKLINE>
"""

from __future__ import annotations

import re
import unicodedata

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from . import priorities, words
from .source_pieces import code_tokens, pieces

logger = logging.getLogger(__name__)

CATALOGUE = "source"  # source.po
WIDTH = 88  # the files' line length, and so the excerpts'


def columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


WRAP_UNIT = re.compile(r"``[^`]*``|`[^`]*`|[!-~]+|\s+|.", re.S)
NO_LINE_START = set("，。、：；？！）》」』”’,.:;?!)")
NO_LINE_END = set("（《「『“‘(")


def wrap(words: str, first: int, indent: int, width: int = WIDTH) -> list[str]:
    """``words`` in lines of at most ``width`` columns: the first starts at column ``first``.

    Chinese breaks between any two characters, Latin words and code at spaces;
    no line starts with a closing mark (，。）) or ends with an opening one (（“).
    """
    lines, line, used = [], "", first
    for unit in WRAP_UNIT.findall(words):
        unit = " " if unit.isspace() else unit
        size = columns(unit)
        if line and used + size > width and unit != " ":
            carried = ""
            while (carried or unit)[0] in NO_LINE_START and len(line) > 1:
                carried, line = line[-1] + carried, line[:-1]  # a mark keeps company
            while len(line) > 1 and line[-1] in NO_LINE_END:
                carried, line = line[-1] + carried, line[:-1]
            lines.append(line.rstrip())
            line, used = carried, indent + columns(carried)
        if not line and unit == " ":
            continue
        line += unit
        used += size
    lines.append(line.rstrip())
    return lines


def translated(text: str, translations: dict[str, str]) -> str:
    """``text`` with each piece that ``translations`` translates put in its place."""
    lines = text.split("\n")
    for piece in reversed(pieces(text)):
        words = translations.get(piece.message)
        if not words or words == piece.message:
            continue
        if (
            piece.marker
            and piece.start[1] > 0
            and lines[piece.start[0]][: piece.start[1]].strip()
        ):
            new = [piece.marker + words]  # after code on its line: one line
        elif piece.marker:
            width = piece.first + len(piece.marker)
            new = [piece.marker + line for line in wrap(words, width, width)]
            new = [new[0]] + [" " * piece.indent + line for line in new[1:]]
        else:
            new = wrap(words, piece.first, piece.indent)
            new = [new[0]] + [" " * piece.indent + line for line in new[1:]]
        (row, col), (end_row, end_col) = piece.start, piece.end
        head, tail = lines[row][:col], lines[end_row][end_col:]
        new[0] = head + new[0]
        new[-1] = new[-1] + tail
        lines[row : end_row + 1] = new
    return "\n".join(lines)


def same_code(english: str, translation: str) -> bool:
    """Is ``translation`` the English code, comments and docstrings apart?"""
    ours = code_tokens(english)
    return ours is not None and ours == code_tokens(translation)


class TranslateExcerpts(SphinxTransform):
    """In a translated build, an included piece of Python shows translated words."""

    default_priority = priorities.BEFORE_LOCALE

    def apply(self, **kwargs: object) -> None:
        translations = words.catalogue(self.env, CATALOGUE)
        if not translations:
            return
        for node in self.document.findall(nodes.literal_block):
            if "source" not in node.attributes or node.get("language") not in (
                None,
                "python",
                "default",
            ):
                continue
            text = node.astext()
            new = translated(text, translations)
            if new == text:
                continue
            if not same_code(text, new):
                logger.warning(
                    "the translated words of this excerpt change its code; "
                    "showing the English excerpt",
                    location=node,
                )
                continue
            node.rawsource = new
            node.children = [nodes.Text(new)]


def register(app: Sphinx) -> None:
    app.add_transform(TranslateExcerpts)
