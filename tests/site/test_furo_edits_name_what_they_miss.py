"""The one place the book edits furo's markup names what it misses.

furo has no template block or option for the names of its buttons, its icons
and its two ``<aside>`` landmarks, so ``furo_words.theme_words`` replaces
what furo writes. A furo that writes any of it otherwise must stop the build
with the piece it missed, not leave a page with English names or unnamed
landmarks.
"""

from __future__ import annotations

import pytest
from sphinx.errors import ExtensionError

from book.site.furo_words import FURO_ICON_TITLES, FURO_LABELS, theme_words


def furo_page(*, toc_aside: bool = True) -> str:
    """The pieces of furo's page that theme_words edits, as furo writes them."""
    parts = [f'<button aria-label="{label}"></button>' for label in FURO_LABELS]
    parts += [f"<symbol><title>{title}</title></symbol>" for title in FURO_ICON_TITLES]
    parts.append('<aside class="sidebar-drawer"></aside>')
    if toc_aside:
        parts.append('<aside class="toc-drawer no-toc"></aside>')
    return "\n".join(parts)


def test_both_landmarks_are_named() -> None:
    page = str(theme_words(furo_page()))
    assert '<aside aria-label="Book contents" class="sidebar-drawer">' in page
    assert '<aside aria-label="On this page" class="toc-drawer no-toc">' in page


def test_a_furo_that_writes_otherwise_stops_the_build_naming_what_is_missing() -> None:
    with pytest.raises(ExtensionError, match='<aside class="toc-drawer'):
        theme_words(furo_page(toc_aside=False))
