"""The book's own Sphinx extension: every part of it, registered by one ``setup()``.

``conf.py`` lists ``book`` once, beside the third-party extensions. Each
module of this package is one part with one job (its docstring says which);
none is an extension of its own. :func:`setup` registers what each part adds
to Sphinx (settings, directives, nodes, transforms, a builder, the page
writer) and connects one handler per event, which calls the parts in the
order written below. Sphinx runs handlers and transforms of one priority in
the order they were registered, so that order is the book's; a priority is
named only where Sphinx or a third-party extension forces it (priorities.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from sphinx.application import Sphinx
from sphinx.config import Config

from . import (
    code_comments,
    copy_rule,
    doors,
    editions,
    engine_download,
    epub_fixes,
    exercises,
    figure_cache,
    formula_punctuation,
    furo_words,
    include_captions,
    not_found,
    notebooks,
    offline_math,
    page_polish,
    previews,
    print_font,
    priorities,
    quiet_code,
    runner,
    runner_runtime,
    runner_words,
    source_words,
    upstream_fixes,
    widgets,
    words,
)

# What registers something with Sphinx, in this order. Transforms of one
# priority run in it: which code blocks are messages (code_comments) before
# the excerpts' words (source_words); the download line (engine_download)
# before the Run control, which goes under it (runner).
PARTS = (
    editions,
    offline_math,
    epub_fixes,
    code_comments,
    source_words,
    include_captions,
    figure_cache,
    exercises,
    engine_download,
    notebooks,
    widgets,
    runner_runtime,
    runner,
    page_polish,
    doors,
)
HTML_BUILDERS = ("html", "dirhtml", "singlehtml")


class BookTranslator(runner.RunButtons, page_polish.TidyBody):
    """Sphinx's HTML writer with the book's touches: the Run buttons, and the
    Tab stops, header cells and figure sizes (Sphinx takes one per builder)."""


def setup(app: Sphinx) -> dict[str, object]:
    # The third-party extensions the parts build on.
    app.setup_extension("sphinx_copybutton")  # copy_rule completes its script
    app.setup_extension("matplotlib.sphinxext.plot_directive")  # figure_cache's
    if previews.wanted():  # with the site's address: link previews, sitemap
        app.setup_extension("sphinxext.opengraph")
        app.setup_extension("sphinx_sitemap")
    words.register_catalogue(app)  # book.po, before any part's words are read
    for part in PARTS:
        part.register(app)
    for builder in HTML_BUILDERS:
        app.set_translator(builder, BookTranslator)
    app.connect("config-inited", configure, priority=priorities.CONFIGURE)
    app.connect("builder-inited", prepare)
    app.connect("doctree-read", upstream_fixes.keep_heading_anchors)
    app.connect("doctree-resolved", resolved)
    app.connect("html-collect-pages", more_pages)
    app.connect("html-page-context", page, priority=priorities.PAGE)
    app.connect("build-finished", finish, priority=priorities.AFTER_SITEMAP)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def configure(app: Sphinx, config: Config) -> None:
    """The one configuration step: each setting from the ones it depends on."""
    editions.configure(app, config)  # the site's address; the edition's settings
    figure_cache.hand_language_to_figures(app, config)
    offline_math.configure(app, config)  # KaTeX, unless conf.py chose
    doors.set_theme_options(app, config)  # furo's, from the repository
    previews.configure(app, config)  # from the edition's title and address
    copy_rule.use_the_rule(app, config)  # into sphinx-copybutton's script


def prepare(app: Sphinx) -> None:
    """builder-inited: what the pages need, given to Sphinx as static files."""
    # the transforms ask for the builder's name here (SphinxTransform.app is
    # deprecated in Sphinx 9, with no replacement)
    app.env.book_builder_name = app.builder.name
    offline_math.stage_katex(app)
    quiet_code.use_quiet_formatter(app)
    figure_cache.invalidate_changed_figures(app)
    runner_words.stage_words(app)
    widgets.stage_words(app)
    runner_runtime.stage_runtime(app)
    exercises.stage_download(app)
    print_font.add_print_font(app)
    previews.restore_cards(app)


def resolved(app: Sphinx, doctree, docname: str) -> None:
    """doctree-resolved: the page's text is final; then its notebook is written."""
    formula_punctuation.keep_punctuation_with_formulas(app, doctree, docname)
    notebooks.write_notebook(app, doctree, docname)


def more_pages(app: Sphinx) -> Iterator[tuple[str, dict[str, object], str]]:
    """html-collect-pages: the 404 page; the notebooks' report."""
    yield from not_found.collect_404(app)
    yield from notebooks.report(app)


def page(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """html-page-context: each page's head, context and files, in this order."""
    arguments = (app, pagename, templatename, context, doctree)
    offline_math.link_stylesheet(*arguments)  # the fonts' preload, first in the head
    page_polish.add_description(*arguments)
    previews.book_description(*arguments)  # the same words, for the previews
    editions.add_switcher(*arguments)  # and the other editions in the head
    doors.add_doors(*arguments)
    furo_words.add_theme_words(*arguments)
    widgets.add_assets(*arguments)
    runner.add_assets(*arguments)
    epub_fixes.svg_namespace(*arguments)


def finish(app: Sphinx, exception: Exception | None) -> None:
    """build-finished: only what cannot be done earlier (each says why)."""
    upstream_fixes.mend_search_stemmer(app, exception)
    previews.finish_previews(app, exception)
