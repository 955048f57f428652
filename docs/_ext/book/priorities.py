"""The places in Sphinx's order that Sphinx and the third-party extensions force.

Sphinx runs an event's handlers and a page's transforms in order of priority
(lower first; 500 is the default). Within one priority they run in the order
they were registered, so the book's own order is the one written in
``book/__init__.py``; a number is named here only where something outside
the book decides it, and each says what.
"""

# config-inited: after sphinx-copybutton's handler (500), whose script template
# copy_rule.py completes; before Sphinx's own checks of the settings (795-800),
# so that they see the edition's title, copyright and search language.
CONFIGURE = 600

# Transforms of a page: before Sphinx's Locale (20), which translates the page
# and would otherwise take every code block as a message (code_comments.py) and
# show the English words of the excerpts of src/ (i18n/source_words.py).
BEFORE_LOCALE = 15
# After Locale (20): the download line and the Run control are written in the
# build's language from book.po, and so are in no page's catalogue.
AFTER_LOCALE = 400

# html-page-context: before sphinxext-opengraph's handler (500), which reads
# the page's description from its metadata (previews.py).
PAGE = 400

# build-finished: after sphinx-sitemap's handler (500) has written sitemap.xml,
# which previews.py completes with every edition.
AFTER_SITEMAP = 900

# A script file: keys.js before Sphinx's doctools.js (200). Both are deferred
# (site/polish.py), and a deferred doctools.js listens for the arrow keys at
# once: keys.js must listen first to keep the keys for a field or code block.
BEFORE_DOCTOOLS = 199
