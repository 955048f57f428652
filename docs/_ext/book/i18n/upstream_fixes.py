"""Workarounds for bugs of the tools the book is built with, each naming its version and bug.

Every function here mends one upstream bug, says which release it was seen
in and what goes wrong without it, and does nothing where the bug is absent;
drop it once the tool is fixed.

* :func:`keep_heading_anchors`: MyST-Parser 5.2.0, translated pages lose their
  heading anchors (``02-loss.md#exercises`` finds nothing in the Chinese
  edition);
* :func:`mend_search_stemmer`: Sphinx 9.0.4, the Chinese search page asks for
  a ``ChineseStemmer`` that ``language_data.js`` never defines, and finds
  nothing.

(Also upstream, and kept where it must act: conf.py silences the deprecation
notice sphinx-autodoc-typehints 3.6.1 triggers on Sphinx 9.)
"""

from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx

from ..build import output


def keep_heading_anchors(app: Sphinx, doctree: nodes.document) -> None:
    """Give Markdown links to ``page.md#heading`` the anchors of the English headings.

    MyST-Parser 5.2.0 (with Sphinx's gettext translation). MyST records each page's heading anchors (``myst_slugs``: "exercises" ->
    the section) when it parses the page, in English. Translating the page
    parses every translated heading again, as a little document of its own,
    and MyST records that one heading's anchor as the page's, so a link to any
    other heading of the page found nothing. The page's own record is still
    on its document: put it back, with each heading's translated text (what a
    link without words of its own shows).
    """
    slugs = getattr(doctree, "myst_slugs", None)
    if not slugs:
        return
    titles: dict[str, str] = {}
    for section in doctree.findall(nodes.section):
        if section.children and isinstance(section[0], nodes.title):
            for section_id in section["ids"]:
                titles.setdefault(section_id, section[0].astext())
    app.env.metadata[app.env.docname]["myst_slugs"] = {
        slug: (line, section_id, titles.get(section_id, title))
        for slug, (line, section_id, title) in slugs.items()
    }


def mend_search_stemmer(app: Sphinx, exception: Exception | None) -> None:
    """Point the search page of a Chinese build at the stemmer Sphinx ships for it.

    Sphinx 9.0.4: its Chinese search stems Latin words with the English
    stemmer, which ``language_data.js`` includes, but names a
    ``ChineseStemmer`` it never defines. Without this the search page stops at
    "Searching" (in Chinese) with "ChineseStemmer is not defined" in the
    console, and finds nothing.

    It mends the written file, once the build is done, because nothing else
    can reach it: Sphinx renders ``_static/language_data.js`` from its own
    template while it copies the static files, right after it creates the
    search index and before any page is written, with no event in between.
    The other ways are to put a class of our own into Sphinx's private table
    of search languages or to copy Sphinx's template. The file is a script,
    not a page, and nothing else writes it, so the order of the extensions
    does not matter.
    """
    if exception is not None or not output(app).html:
        return
    data = Path(app.outdir) / "_static" / "language_data.js"
    if not data.is_file():
        return
    text = data.read_text(encoding="utf-8")
    for name in re.findall(r"window\.Stemmer = (\w+Stemmer);", text):
        if (
            not re.search(rf"\b(var|let|const|function|class)\s+{name}\b", text)
            and "EnglishStemmer" in text
        ):
            text = text.replace(
                f"window.Stemmer = {name};", "window.Stemmer = EnglishStemmer;"
            )
    if text != data.read_text(encoding="utf-8"):
        data.write_text(text, encoding="utf-8")
