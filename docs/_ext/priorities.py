"""Where the book's extensions stand in Sphinx's order: every priority, named once.

Sphinx runs the handlers of an event, the transforms of a document and the
files of a page's head in order of their priority (lower first; 500 is
Sphinx's default). Each number below says what it orders against what, so
that the book comes out the same whatever the order of ``extensions`` in
``conf.py`` (tests/test_extension_order_does_not_matter.py). Not an
extension: the others import it.
"""

# config-inited
CHECK_SITE_URL = 90  # editions: BOOK_SITE_URL refused before anything reads it
EDITION_CONFIG = 100  # editions: the language's settings, before anyone reads them
THEME_OPTIONS = 200  # doors: furo's options, from the edition's settings (100)
PREVIEWS_CONFIG = 200  # previews: opengraph and sitemap, from the edition's settings
COPY_RULE = 900  # copy_rule: the copy button's settings, last, over any other

# transforms of a page's doctree (Sphinx's Locale translates at 20)
CODE_COMMENTS = 15  # code_comments: which blocks are messages, before Locale
SOURCE_WORDS = 16  # source_words: the excerpts' words, after those marks, before Locale
ENGINE_DOWNLOAD = 400  # engine_download: its line, before the download collector
RUNNER_MARKS = 410  # runner: the Run button, under the download line (400)

# html-page-context (sphinxext-opengraph reads the page at the default, 500)
BOOK_DESCRIPTION = 400  # previews: the description, before opengraph reads it
KATEX_STYLESHEET = 450  # offline_math: the fonts' preload first in the head
PAGE_DESCRIPTION = 600  # page_polish: the description tag, after 450 and 500
SWITCHER = 650  # editions: the switcher's links, after the description (600)

# the page's head: stylesheets and scripts
KATEX_CSS = 400  # offline_math: KaTeX's stylesheet, before the book's own
EDITIONS_CSS = 505  # editions: after furo's (500)
DOORS_FILES = 510  # doors: keys.js and doors.css, after the editions' (505)
PRINT_FONT_CSS = 900  # print_font: the PDF's CJK font, over every other stylesheet

# build-finished (sphinx-sitemap writes sitemap.xml at the default, 500)
FINISH_PREVIEWS = (
    900  # previews: the cards' cache and the whole sitemap, after sitemap.xml
)
