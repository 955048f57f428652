"""Code comments, translated with the page; the code itself never.

The Chinese edition translates the comments of a page's code blocks, as
d2l-zh does, and keeps every other character of the code the English page's.
Sphinx extracts code blocks into the catalogues when ``conf.py`` sets
``gettext_additional_targets = ["literal-block"]``; on its own that setting
would put every block of every page in the catalogues, included source files
too. This part keeps in the catalogues only the blocks worth a
translator's time: Python written in the page (a doctest session or a
script) that holds at least one comment. Code included from a file
(``literalinclude`` of ``src/``) stays out: it is the real file, shown as it
is, and its docstrings and comments are the engine's, in English.

The translated build puts a block's translation in place itself (Sphinx's
own ``Locale`` transform would turn it into a reStructuredText ``::`` block,
which MyST does not parse), and refuses one that changes more than the
comments. A code block whose translation is missing (``msgstr ""``) shows the
English block, which is still the right code. ``without_comments`` is what the tests
compare the editions by: the code with every comment removed must be the
same, token for token (``tokenize``), in the English block and its
translation.

>>> comments(">>> x = 5  # the input\\n>>> x * x  # its square\\n25")
['# the input', '# its square']
>>> without_comments("y = 2 * x  # twice\\nprint(y)  # 10")
'y = 2 * x\\nprint(y)'
>>> comments("$ dot -Tsvg graph.dot > graph.svg") is None
True
"""

from __future__ import annotations

import io
import re
import tokenize

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.locale import init as init_locale
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.i18n import docname_to_domain

from .. import priorities
from ..build import edition, output
from ..code import copy_rule, languages
from . import pending, source_words

logger = logging.getLogger(__name__)

PROMPT = re.compile(copy_rule.PROMPT)  # the copy button's: one reading of a prompt


def is_session(text: str) -> bool:
    """Is the block a doctest session (its first line a ``>>>`` prompt)?

    Not a piece of a file whose docstring holds examples.
    """
    first = next((line for line in text.split("\n") if line.strip()), "")
    return first.lstrip().startswith(">>>")


def _source_view(text: str) -> tuple[str, list[int]]:
    """The Python a block runs, and each line's offset in the block.

    A doctest session (lines with ``>>>`` prompts) is read as its sources:
    prompts dropped, output lines blank.
    """
    lines = text.split("\n")
    session = is_session(text)
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
    return "\n".join(view) + "\n", offsets


def _comment_spans(text: str) -> list[tuple[int, int, str]] | None:
    """(line index, column, comment) of each comment, or None if not Python."""
    view, offsets = _source_view(text)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(view).readline))
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


def docstrings(text: str) -> list[str]:
    """The docstrings (strings that are statements of their own) of a Python block."""
    tokens = source_words.python_tokens(_source_view(text)[0])
    if tokens is None:
        return []
    module = not is_session(text)
    return [t.string for t in source_words.docstrings(tokens, module)]


def code_only(text: str) -> str:
    """What the editions must share: the block's tokens, comments dropped, docstrings blanked.

    Not Python (DOT text, a shell line): the text as it is.

    >>> english = ">>> def f():\\n...     'Twice.'\\n...     return 2  # two"
    >>> code_only(english) == code_only(english.replace("Twice.", "Le double."))
    True
    >>> code_only(english) == code_only(english.replace("2", "3"))
    False
    """
    if _comment_spans(text) is None:
        return text
    view, _ = _source_view(text)
    module = not is_session(text)
    found = source_words.code_tokens(view, module)
    if found is None:
        return text
    shown = [line for line, code in zip(text.split("\n"), view.split("\n")) if not code]
    return "\n".join([f"{kind} {word}" for kind, word in found] + ["output:"] + shown)


class TranslateCodeComments(SphinxTransform):
    """Code blocks in the catalogues: only the page's own commented Python.

    Sphinx's ``ExtraTranslatableNodes`` (priority 10) marks every literal
    block translatable. This transform runs next, before ``Locale`` (20):

    * a block with nothing to translate (included from a file, not Python,
      no comment) is marked untranslatable, so it is in no catalogue;
    * the gettext builder extracts the others as they are;
    * a translated build puts the translation into the block itself and then
      marks it untranslatable, so that ``Locale`` leaves it alone: ``Locale``
      would parse the translation as reStructuredText's ``::`` block, which
      MyST does not know (the block would show ``::``; MyST-Parser issue
      444). A translation that changes more than the comments is refused
      with a warning (the build fails on warnings).
    """

    default_priority = priorities.BEFORE_LOCALE

    def apply(self, **kwargs: object) -> None:
        blocks = [
            node
            for node in self.document.findall(nodes.literal_block)
            if node.get("translatable")
        ]
        translations = None
        for node in blocks:
            text = node.rawsource or node.astext()
            wanted = (
                not languages.is_excerpt(node)
                and languages.may_be_python(node)
                and bool(comments(text) or docstrings(text))
            )
            if wanted and output(self.env).catalogues:
                continue  # extracted into the catalogue
            node["translatable"] = False
            if not wanted:
                continue
            if translations is None:
                translations = self._catalogue()
                catalogue = pending.page_catalogue(self.env)
                known = pending.statuses(catalogue) if catalogue else None
            if known is not None and text not in known:
                pending.warn_missing(self.env, node, text, catalogue)
            translated = translations.get(text, "")
            if not translated or translated == text:
                continue  # untranslated: the English block
            if code_only(translated) != code_only(text):
                logger.warning(
                    "the translation of this code block changes more than its "
                    "comments and docstrings; showing the English block",
                    location=node,
                )
                continue
            node.rawsource = translated
            node.children = [nodes.Text(translated)]

    def _catalogue(self) -> dict[str, str]:
        """The page's messages and their translations (empty in English)."""
        if edition(self.config).source:
            return {}
        domain = docname_to_domain(
            self.env.current_document.docname, self.config.gettext_compact
        )
        dirs = [self.env.srcdir / folder for folder in self.config.locale_dirs]
        catalog, found = init_locale(dirs, self.config.language, domain)
        merged: dict[str, str] = {}
        while found and catalog is not None:
            merged = getattr(catalog, "_catalog", {}) | merged
            catalog = getattr(catalog, "_fallback", None)
        return merged


def register(app: Sphinx) -> None:
    app.add_transform(TranslateCodeComments)
