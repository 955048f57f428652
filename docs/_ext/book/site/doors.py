"""The doors of the book's site: its repository, "Edit this page", "Report a problem".

All come from one setting, ``book_repository`` (``BOOK_REPOSITORY`` in the
environment, registered by build.py, for example
``https://github.com/OWNER/REPO``), and appear only when it is set; without it
the pages are as they were. With it, every HTML page gets

* a link to the repository, an icon in the footer (furo's ``footer_icons``);
* "Edit this page" (furo's button above the page): an English page opens its
  ``.md`` on GitHub's editor, a page of a translated edition the catalogue that
  translates it (``docs/locale/zh_CN/LC_MESSAGES/chapters/01-slopes.po``), which
  is where its words live;
* "Report a problem" under the page: a new issue on GitHub, its title and body
  filled in with the page's title and address (:func:`report_link`).

Links only: the site still loads nothing from other hosts.

Whatever the setting, ``_static/keys.js`` keeps the arrow keys, which move to
the previous and next chapter (``navigation_with_keys`` in conf.py, Sphinx's
``doctools.js``), for whoever has them first: a field or a code block being
edited, a widget, a box that scrolls sideways, the search box.
"""

from __future__ import annotations

import re
from urllib.parse import quote, urlencode

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ConfigError
from sphinx.locale import get_translation

from .. import priorities
from ..build import edition, output
from ..i18n.catalogue import N_

_ = get_translation("book")

GITHUB = re.compile(r"^https://github\.com/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")
SOURCE_DIRECTORY = "docs"  # the pages' folder in the repository

# The GitHub mark (Octicons' mark-github, as furo draws it), inline: nothing to load.
GITHUB_ICON = (
    '<svg stroke="currentColor" fill="currentColor" stroke-width="0" viewBox="0 0 16 16"'
    ' aria-hidden="true"><path fill-rule="evenodd" d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29'
    " 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94"
    "-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21"
    " 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82"
    "-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09"
    " 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07"
    "-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8"
    '.013 8.013 0 0 0 16 8c0-4.42-3.58-8-8-8z"></path></svg>'
)

REPOSITORY = N_("The book's repository on GitHub")
REPORT = N_("Report a problem")
TITLE = N_("Problem on the page “{title}”")
BODY = N_("Page: {address}\n\nWhat is wrong, and what did you expect?\n")


def repository(config: Config) -> str:
    """``book_repository`` without its last slash; "" when unset.

    >>> from types import SimpleNamespace
    >>> repository(SimpleNamespace(book_repository="https://github.com/o/r/"))
    'https://github.com/o/r'
    """
    value = (config.book_repository or "").strip().rstrip("/")
    if value.endswith(".git"):
        value = value[: -len(".git")]
    if value and not GITHUB.match(value):
        raise ConfigError(
            f"BOOK_REPOSITORY (book_repository) must be a GitHub repository's address,"
            f" https://github.com/OWNER/REPO; got {config.book_repository!r}"
        )
    return value


def set_theme_options(app: Sphinx, config: Config) -> None:
    """furo's repository settings, from ``book_repository``; nothing when it is
    unset, or when the theme is not furo (a test's small book)."""
    repo = repository(config)
    if not repo or config.html_theme != "furo":
        return
    options = dict(config.html_theme_options)
    options.update(
        source_repository=repo + "/",
        source_branch=config.book_source_branch,
        source_directory=SOURCE_DIRECTORY + "/",
        top_of_page_buttons=["edit"],
        footer_icons=[
            {
                "name": str(_(REPOSITORY)),
                "url": repo,
                "html": GITHUB_ICON,
                "class": "book-repository",
            }
        ],
    )
    config.html_theme_options = options


def page_address(app: Sphinx, pagename: str) -> str:
    """The page's absolute address when the site's is known, else its path in the site."""
    path = edition(app.config).folder + app.builder.get_target_uri(pagename)
    site = (app.config.book_site_url or "").rstrip("/")
    return f"{site}/{path}" if site else path


def report_link(repo: str, title: str, address: str, config: Config) -> str:
    """A new GitHub issue whose title and body name the page.

    >>> from types import SimpleNamespace
    >>> config = SimpleNamespace(language="en")
    >>> report_link("https://github.com/o/r", "Slopes", "chapters/01-slopes.html", config)
    'https://github.com/o/r/issues/new?title=Problem%20on%20the%20page%20%E2%80%9CSlopes%E2%80%9D&body=Page%3A%20chapters%2F01-slopes.html%0A%0AWhat%20is%20wrong%2C%20and%20what%20did%20you%20expect%3F%0A'
    """
    query = urlencode(
        {
            "title": str(_(TITLE)).format(title=title),
            "body": str(_(BODY)).format(address=address),
        },
        quote_via=quote,
    )
    return f"{repo}/issues/new?{query}"


def add_doors(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    context["book_report_link"] = ""
    context["book_report_label"] = str(_(REPORT))
    repo = repository(app.config)
    if not repo or not output(app).html:
        return
    language = edition(app.config).language
    if not edition(app.config).source and context.get("page_source_suffix"):
        # A translated page's words live in its catalogue, not in the .md.
        context["theme_source_edit_link"] = (
            f"{repo}/edit/{app.config.book_source_branch}/{SOURCE_DIRECTORY}/"
            f"locale/{language}/LC_MESSAGES/{pagename}.po"
        )
    if doctree is not None or context.get("page_source_suffix"):
        title = (
            app.env.titles[pagename].astext()
            if pagename in app.env.titles
            else pagename
        )
        context["book_report_link"] = report_link(
            repo, title, page_address(app, pagename), app.config
        )


def register(app: Sphinx) -> None:
    app.add_config_value("book_source_branch", "main", "env", types=frozenset({str}))
    app.add_js_file("keys.js", priority=priorities.BEFORE_DOCTOOLS)
    app.add_css_file("doors.css")
