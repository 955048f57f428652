"""A 404 page that works wherever the site is hosted.

GitHub Pages answers any missing address under the site with the site's
``404.html``, served *at the missing address*. A normal Sphinx page would then
look for its styles and links relative to the wrong folder. This page needs
nothing else: its style and icon are inline, and its links (to the start and to
every chapter) are written relative to the site root, which is right when the
page is opened as ``404.html``. When it is served elsewhere, a few lines of
script find the site root among the folders of the missing address (the
first one that holds the book's ``objects.inv``, asked of the same host) and
point the links there.

The page is the Jinja template ``docs/_templates/404.html``, rendered with
the book's title, icon and contents, and its words in the build's language
(the catalogue ``book.po``, i18n/catalogue.py).
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterator
from pathlib import Path

from markupsafe import Markup
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.locale import get_translation

from ..build import output

_ = get_translation("book")
TEMPLATE = "404.html"  # docs/_templates/404.html


def words() -> dict[str, Markup]:
    """The page's words in the build's language, escaped for the template."""
    link = '<a href="index.html" data-site-link>{}</a>'.format(
        html.escape(str(_("the contents")))
    )
    again = html.escape(str(_("Start again from {contents}, or pick a page:")))
    return {
        "not_found": Markup(html.escape(str(_("Page not found")))),
        "heading": Markup(html.escape(str(_("This page is not in the book")))),
        "lead": Markup(
            html.escape(
                str(_("The address may be mistyped, or the page may have moved."))
            )
        ),
        "again": Markup(again.replace("{contents}", link)),
    }


def _contents(app: Sphinx) -> list[tuple[str, list[tuple[str, str]]]]:
    """The book's tables of contents as (caption, [(link, title)]), as in the sidebar."""
    env = app.env
    groups = []
    for toctree in env.get_doctree(app.config.root_doc).findall(addnodes.toctree):
        pages = []
        for _, docname in toctree["entries"]:
            if docname not in env.titles:
                continue
            title = env.titles[docname].astext()
            number = env.toc_secnumbers.get(docname, {}).get("")
            if number:
                title = ".".join(map(str, number)) + ". " + title
            pages.append((app.builder.get_target_uri(docname), title))
        groups.append((toctree.get("caption") or "", pages))
    return groups


def collect_404(app: Sphinx) -> Iterator[tuple[str, dict[str, object], str]]:
    """404.html, a page of the HTML build like genindex.html (html-collect-pages).

    Only the ``html`` builder: ``dirhtml`` would write it as ``404/index.html``,
    which no host serves for a missing address. A project without the book's
    templates (``templates_path``; a test's small book) gets none.
    """
    if not output(app).page_files or not any(
        Path(app.confdir, folder, TEMPLATE).is_file()
        for folder in app.config.templates_path
    ):
        return
    icon = ""
    if app.config.html_favicon:
        svg = Path(app.confdir, app.config.html_favicon).read_bytes()
        icon = "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
    yield (
        "404",
        {
            "lang": (app.config.language or "en").replace("_", "-"),
            "title": app.config.html_title or app.config.project,
            "icon": icon,
            "groups": _contents(app),
            "text": words(),
        },
        TEMPLATE,
    )
