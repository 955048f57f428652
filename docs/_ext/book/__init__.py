"""The book's own Sphinx extension: every part of it, registered by one ``setup()``.

``conf.py`` lists ``book`` once, beside the third-party extensions. The
package is a folder per job (each folder's ``__init__.py`` says which), and
each module in it is one part; none is an extension of its own:

* ``build.py``: what this build makes, the edition and the output (every part
  asks it); ``priorities.py``: where Sphinx's order is forced;
* ``i18n/``: the translated editions (``book.po``, the switcher, translated
  comments and excerpts, Chinese spacing around bold terms);
* ``code/``: the code blocks on a page (which are Python, their marks,
  captions, the copy button's rule, highlighting);
* ``math/``: formulas rendered at build time (KaTeX; MathML for the EPUB);
* ``figures/``: the figures drawn at build time and the widgets over them;
* ``runner/``: the in-page Python;
* ``notebooks/``: each chapter as a Jupyter notebook;
* ``exercises/``: the checked exercises (each check beside its exercise, the
  download ``check_exercises.py`` assembled from them);
* ``site/``: what the site's pages get around their text (description,
  previews, the download line, the doors, the 404 page, furo's words);
* ``epub_pdf/``: the fixes of the EPUB and the Chinese PDF's font.

:func:`setup` registers what each part adds to Sphinx (settings, directives,
nodes, transforms, a builder, the page writer) and connects one handler per
event, which calls the parts in the order written below. Sphinx runs handlers
and transforms of one priority in the order they were registered, so that
order is the book's; a priority is named only where Sphinx or a third-party
extension forces it (priorities.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from sphinx.application import Sphinx
from sphinx.config import Config

from . import (
    build,
    code,
    epub_pdf,
    exercises,
    figures,
    i18n,
    math,
    notebooks,
    priorities,
    runner,
    site,
)

# What registers something with Sphinx, in this order. Transforms of one
# priority run in it: which code blocks are messages (code_comments) before
# the excerpts' words (source_words); the download line (downloads) before
# the Run control, which goes under it (runner).
PARTS = (
    build,
    i18n.editions,
    math.katex,
    epub_pdf.epub,
    i18n.code_comments,
    i18n.source_words,
    i18n.pending,
    i18n.cjk_spacing,
    code.captions,
    figures.cache,
    exercises.checks,
    site.downloads,
    notebooks.notebook,
    figures.widgets,
    runner.runtime,
    runner.page,
    site.polish,
    site.doors,
)


class BookTranslator(runner.page.RunButtons, site.polish.TidyBody):
    """Sphinx's HTML writer with the book's touches: the Run buttons, and the
    Tab stops, header cells and figure sizes (Sphinx takes one per builder)."""


def setup(app: Sphinx) -> dict[str, object]:
    # The third-party extensions the parts build on.
    app.setup_extension("sphinx_copybutton")  # copy_rule completes its script
    app.setup_extension("matplotlib.sphinxext.plot_directive")  # the figure cache's
    if site.previews.wanted():  # with the site's address: link previews, sitemap
        app.setup_extension("sphinxext.opengraph")
        app.setup_extension("sphinx_sitemap")
    i18n.catalogue.register_catalogue(app)  # book.po, before any part's words are read
    for part in PARTS:
        part.register(app)
    for builder in build.OUTPUTS:
        if build.made_by(builder).html:
            app.set_translator(builder, BookTranslator)
    app.connect("config-inited", configure, priority=priorities.CONFIGURE)
    app.connect("builder-inited", prepare)
    app.connect("doctree-read", read)
    app.connect("doctree-resolved", resolved)
    app.connect("html-collect-pages", more_pages)
    app.connect("html-page-context", page, priority=priorities.PAGE)
    app.connect("build-finished", finish, priority=priorities.AFTER_SITEMAP)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def configure(app: Sphinx, config: Config) -> None:
    """The one configuration step: each setting from the ones it depends on."""
    build.configure(app, config)  # the site's address, checked
    i18n.editions.apply_edition_config(app, config)  # a translated edition's settings
    figures.cache.hand_language_to_figures(app, config)
    math.katex.configure(app, config)  # KaTeX, unless conf.py chose
    site.doors.set_theme_options(app, config)  # furo's, from the repository
    site.previews.configure(app, config)  # from the edition's title and address
    code.copy_rule.use_the_rule(app, config)  # into sphinx-copybutton's script


def prepare(app: Sphinx) -> None:
    """builder-inited: what the pages need, given to Sphinx as static files."""
    math.katex.stage_katex(app)
    code.highlight.use_quiet_formatter(app)
    figures.cache.invalidate_changed_figures(app)
    runner.words.stage_words(app)
    figures.widgets.stage_words(app)
    runner.runtime.stage_runtime(app)
    exercises.checks.stage_download(app)
    epub_pdf.pdf_font.add_print_font(app)
    site.previews.restore_cards(app)


def read(app: Sphinx, doctree) -> None:
    """doctree-read: the page as read, before any other page is resolved."""
    code.languages.check_python_names(app, doctree)
    i18n.upstream_fixes.keep_heading_anchors(app, doctree)


def resolved(app: Sphinx, doctree, docname: str) -> None:
    """doctree-resolved: the page's text is final; then its notebook is written."""
    math.punctuation.keep_punctuation_with_formulas(app, doctree, docname)
    notebooks.notebook.write_notebook(app, doctree, docname)


def more_pages(app: Sphinx) -> Iterator[tuple[str, dict[str, object], str]]:
    """html-collect-pages: the 404 page; the notebooks' report."""
    yield from site.not_found.collect_404(app)
    yield from notebooks.notebook.report(app)


def page(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """html-page-context: each page's head, context and files, in this order."""
    arguments = (app, pagename, templatename, context, doctree)
    math.katex.link_stylesheet(*arguments)  # the fonts' preload, first in the head
    site.polish.add_description(*arguments)  # and hands it to the previews
    site.previews.book_description(*arguments)
    i18n.editions.add_switcher(*arguments)  # and the other editions in the head
    site.doors.add_doors(*arguments)
    site.furo_words.add_theme_words(*arguments)
    figures.widgets.add_assets(*arguments)
    runner.page.add_assets(*arguments)
    epub_pdf.epub.svg_namespace(*arguments)
    # last: once every part has added its scripts
    site.polish.scripts_after_first_frame(*arguments)


def finish(app: Sphinx, exception: Exception | None) -> None:
    """build-finished: only what cannot be done earlier (each says why)."""
    i18n.upstream_fixes.mend_search_stemmer(app, exception)
    site.previews.finish_previews(app, exception)
