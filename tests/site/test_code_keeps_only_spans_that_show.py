"""Highlighted code has a span only where a token looks different (docs/_ext/book/code/highlight.py).

Names, punctuation and spaces, which both of the book's code styles draw as plain
text, are written without a span: about 2,900 fewer elements on chapter 5. The
promise is that the page looks the same: in Chromium, in the light and the dark
theme, such a token in a span is drawn exactly as the plain text beside it.
"""

from __future__ import annotations

import re

import pytest
from pygments.style import Style
from pygments.token import Keyword, Name, Punctuation, Whitespace
from sphinx.highlighting import PygmentsBridge

from book.code import highlight
from helpers import FOLDER, chapter_page, open_page

BOOK_STYLES = (
    "default",
    "monokai",
)  # docs/conf.py: pygments_style, pygments_dark_style


def style(name: str):
    return PygmentsBridge("html", name).formatter_args["style"]


def test_names_punctuation_and_spaces_look_plain_in_the_books_styles():
    assert highlight.plain_tokens(*map(style, BOOK_STYLES)) == {
        Name,
        Punctuation,
        Whitespace,
    }


def test_a_token_that_looks_different_in_either_style_keeps_its_span():
    class BoldNames(Style):
        styles = {Name: "bold", Punctuation: "#ff0000", Whitespace: "bg:#eeeeee"}

    assert highlight.plain_tokens(style("default"), BoldNames) == frozenset()
    assert highlight.plain_tokens(BoldNames) == frozenset()
    assert Keyword not in highlight.plain_tokens(style("default"))


@pytest.mark.parametrize("folder", FOLDER.values(), ids=FOLDER.keys())
def test_the_built_code_has_no_span_for_plain_tokens(site, folder):
    html = (site / folder / chapter_page("engine")).read_text(encoding="utf-8")
    code = "".join(re.findall(r'<div class="highlight">.*?</pre>', html, re.S))
    classes = set(re.findall(r'<span class="([a-z0-9]+)">', code))
    assert {"k", "gp", "go", "o"} <= classes, classes  # still highlighted
    assert classes & {"n", "p", "w"} == set(), "spans left for plain tokens"


# A span of each quieted class beside plain text, in a code block of the page
# (for a space, all but its colour, which cannot be seen).
DRAWN = """() => {
  const pre = document.querySelector('div.highlight pre');
  const look = e => { const s = getComputedStyle(e);
    return [s.color, s.backgroundColor, s.fontWeight, s.fontStyle, s.textDecorationLine]; };
  const plain = look(pre);
  return Object.fromEntries(['n', 'p', 'w'].map(c => {
    const span = document.createElement('span'); span.className = c; span.textContent = 'x';
    pre.append(span); const drawn = look(span); span.remove();
    if (c === 'w') drawn[0] = plain[0];
    return [c, JSON.stringify(drawn) === JSON.stringify(plain) ? 'plain' : drawn];
  }));
}"""


@pytest.mark.browser
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_quieted_token_is_drawn_as_plain_text_in_both_themes(chromium, server, theme):
    context = chromium.new_context(color_scheme=theme)
    try:
        context.add_init_script(f"localStorage.setItem('theme', '{theme}')")
        page = context.new_page()
        open_page(page, server + chapter_page("engine"))
        assert page.evaluate(DRAWN) == {"n": "plain", "p": "plain", "w": "plain"}
    finally:
        context.close()
