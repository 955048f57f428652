"""Highlighted code has a ``<span>`` only where a token looks different.

Pygments wraps every token of a code block in a span, also the names, the
punctuation and the spaces that both of the book's styles (``pygments_style``
and ``pygments_dark_style``) draw exactly as plain text. On chapter 5 that was
about 2,900 of the page's 9,400 elements, and a long page's first layout takes
time in proportion to them. For each such token type (looked up in both styles
when the build starts) the HTML formatter writes the text without a span; every
other token is written as Pygments writes it, so the page looks the same.
"""

from __future__ import annotations

from typing import Any

from pygments.formatters import HtmlFormatter
from pygments.style import StyleMeta
from pygments.token import Name, Punctuation, Text, Whitespace, _TokenType
from sphinx.application import Sphinx
from sphinx.highlighting import PygmentsBridge

# The token types worth asking about: together most of the spans in Python code.
CANDIDATES = (Name, Punctuation, Whitespace)
LOOK = ("color", "bgcolor", "bold", "italic", "underline", "border")
SPACE_LOOK = ("bgcolor", "underline", "border")  # a space's colour cannot be seen


def looks_plain(style: StyleMeta, token: _TokenType) -> bool:
    """Whether ``style`` draws ``token`` exactly as it draws plain text."""
    mine, plain = style.style_for_token(token), style.style_for_token(Text)
    return all(
        mine[k] == plain[k] for k in (SPACE_LOOK if token is Whitespace else LOOK)
    )


def plain_tokens(*styles: StyleMeta) -> frozenset[_TokenType]:
    """The candidate token types that every one of ``styles`` draws as plain text."""
    return frozenset(t for t in CANDIDATES if all(looks_plain(s, t) for s in styles))


def formatter(plain: frozenset[_TokenType]) -> type[HtmlFormatter[str]]:
    """An HtmlFormatter that writes the tokens of ``plain`` as plain text."""

    class QuietHtmlFormatter(HtmlFormatter[str]):
        def format_unencoded(self, tokensource: Any, outfile: Any) -> None:
            quiet = (
                (Text if kind in plain else kind, text) for kind, text in tokensource
            )
            super().format_unencoded(quiet, outfile)

    return QuietHtmlFormatter


def use_quiet_formatter(app: Sphinx) -> None:
    highlighter = getattr(app.builder, "highlighter", None)
    if (
        highlighter is None
        or highlighter.formatter is not PygmentsBridge.html_formatter
    ):
        return  # not an HTML builder, or one with a formatter of its own
    styles = [highlighter.formatter_args["style"]]
    dark_style = getattr(app.config, "pygments_dark_style", None)  # furo's setting
    if dark_style:
        styles.append(PygmentsBridge("html", dark_style).formatter_args["style"])
    highlighter.formatter = formatter(plain_tokens(*styles))
