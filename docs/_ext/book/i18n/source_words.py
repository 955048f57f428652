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
refuses a translation that changes more. The file is read with ``tokenize``:
a :class:`Piece` is one message and where it stands (:func:`pieces`), and
:func:`code_tokens` is the code without them, which two editions must share.

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

import io
import re
import tokenize
import unicodedata
from dataclasses import dataclass

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from .. import priorities
from ..code import languages
from . import catalogue

logger = logging.getLogger(__name__)

CATALOGUE = "source"  # source.po
WIDTH = 88  # the files' line length, and so the excerpts'


# --- the pieces of a file: its comments and docstring paragraphs -------------

PRAGMA = re.compile(r"^\s*(noqa|type:|fmt:|pragma|doctest:)")
STRING_START = re.compile(r"^(?P<prefix>[rRbBuUfF]*)(?P<quote>\"\"\"|'''|\"|')")


@dataclass(frozen=True)
class Piece:
    """Words of the source to translate: where they stand and how to put them back."""

    message: str  # the words, on one line
    start: tuple[int, int]  # (line index, column) of the first character replaced
    end: tuple[int, int]  # (line index, column) just after the last
    indent: int  # the column a wrapped line starts at
    first: int  # the column the first line starts at
    marker: str = ""  # "# " or "#: " before each line of a comment; "" in a docstring


def python_tokens(text: str) -> list[tokenize.TokenInfo] | None:
    try:
        return list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return None


def docstrings(
    tokens: list[tokenize.TokenInfo], module: bool = True
) -> list[tokenize.TokenInfo]:
    """The docstrings: strings first in a ``def`` or ``class`` body (and in the module).

    A string statement anywhere else is code (at a prompt, its value is shown).
    """
    found = []
    significant = [t for t in tokens if t.type not in (tokenize.NL, tokenize.COMMENT)]
    for i, token in enumerate(significant):
        if (
            token.type != tokenize.STRING
            or "f" in token.string.split("'")[0].split('"')[0].lower()
        ):
            continue
        after = significant[i + 1] if i + 1 < len(significant) else None
        if after is None or after.type not in (tokenize.NEWLINE, tokenize.ENDMARKER):
            continue
        before = significant[max(i - 3, 0) : i]
        first_in_body = (
            len(before) == 3
            and [t.type for t in before]
            == [tokenize.OP, tokenize.NEWLINE, tokenize.INDENT]
            and before[0].string == ":"
        )
        if first_in_body or (module and i == 0):
            found.append(token)
    return found


def _comment_pieces(tokens: list[tokenize.TokenInfo], lines: list[str]) -> list[Piece]:
    """One piece per comment, a run of whole-line comments at one column being one."""
    found: list[Piece] = []
    run: list[tokenize.TokenInfo] = []

    def close() -> None:
        if not run:
            return
        marker = "#: " if run[0].string.startswith("#:") else "# "
        words = " ".join(t.string[1:].lstrip(":").strip() for t in run)
        if words and not PRAGMA.match(words):
            row, col = run[0].start
            found.append(
                Piece(
                    words,
                    (row - 1, col),
                    (run[-1].end[0] - 1, run[-1].end[1]),
                    col,
                    col,
                    marker,
                )
            )
        run.clear()

    for token in tokens:
        if token.type != tokenize.COMMENT:
            if token.type not in (tokenize.NL,):
                close()
            continue
        row, col = token.start
        alone = not lines[row - 1][:col].strip()
        if not alone:
            close()
            run.append(token)
            close()
        elif run and (col != run[-1].start[1] or row != run[-1].start[0] + 1):
            close()
            run.append(token)
        else:
            run.append(token)
    close()
    return found


def _docstring_pieces(token: tokenize.TokenInfo) -> list[Piece]:
    """One piece per paragraph of prose of a docstring; its examples stay as they are."""
    match = STRING_START.match(token.string)
    if (
        match is None
        or "b" in match["prefix"].lower()
        or "f" in match["prefix"].lower()
    ):
        return []
    quote = match["quote"]
    body_start = match.end()
    body = token.string[body_start : len(token.string) - len(quote)]
    row, col = token.start
    lines = body.split("\n")
    found: list[Piece] = []
    paragraph: list[int] = []  # line indexes in body

    def position(index: int, column: int) -> tuple[int, int]:
        return row - 1 + index, (col + body_start + column if index == 0 else column)

    def close() -> None:
        if not paragraph:
            return
        texts = [lines[i] for i in paragraph]
        first_text = texts[0].lstrip()
        literal = first_text.startswith(">>>") or (
            found and found[-1].message.endswith("::")
        )
        if not literal:
            indent = col if paragraph[0] == 0 else len(texts[0]) - len(first_text)
            start_col = len(texts[0]) - len(first_text)
            end_text = texts[-1].rstrip()
            found.append(
                Piece(
                    " ".join(t.strip() for t in texts),
                    position(paragraph[0], start_col),
                    position(paragraph[-1], len(end_text)),
                    indent,
                    position(paragraph[0], start_col)[1],
                )
            )
        paragraph.clear()

    for i, text in enumerate(lines):
        if not text.strip():
            close()
        elif (
            text.lstrip().startswith(">>>")
            and paragraph
            and not _example(lines, paragraph)
        ):
            close()  # prose, then an example without a blank line between
            paragraph.append(i)
        else:
            paragraph.append(i)
    close()
    return found


def _example(lines: list[str], paragraph: list[int]) -> bool:
    """Does the paragraph start with an example (``>>>``)? Its output lines follow it."""
    return lines[paragraph[0]].lstrip().startswith(">>>")


def pieces(text: str) -> list[Piece]:
    """The comments and docstring paragraphs of Python source, in order; [] if not Python."""
    tokens = python_tokens(text)
    if tokens is None:
        return []
    lines = text.split("\n")
    found = _comment_pieces(tokens, lines)
    for token in docstrings(tokens):
        found += _docstring_pieces(token)
    return sorted(found, key=lambda piece: piece.start)


def messages(text: str) -> list[str]:
    """The words of ``text`` a translator translates, in order, each once."""
    return list(dict.fromkeys(piece.message for piece in pieces(text)))


def code_tokens(text: str, module: bool = True) -> list[tuple[int, str]] | None:
    """The tokens of ``text`` without comments and line breaks, docstrings blanked."""
    tokens = python_tokens(text)
    if tokens is None:
        return None
    docs = {t.start for t in docstrings(tokens, module)}
    skip = {
        tokenize.COMMENT,
        tokenize.NL,
        tokenize.NEWLINE,
        tokenize.INDENT,
        tokenize.DEDENT,
    }
    return [
        (t.type, '"""docstring"""' if t.start in docs else t.string)
        for t in tokens
        if t.type not in skip
    ]


# --- the translations put back --------------------------------------------------


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
        translations = catalogue.catalogue(self.env, CATALOGUE)
        if not translations:
            return
        for node in self.document.findall(nodes.literal_block):
            if not languages.is_python_excerpt(node):
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
