"""The ``widget`` directive: a place in a chapter for an interactive widget.

In MyST::

    :::{widget} secant
    :title: Secant to tangent

    (the static figure that stands in for it, shown when JavaScript is off)
    :::

It emits::

    <div class="widget" data-widget="secant" id="widget-secant" role="group" aria-labelledby=...>
      <p class="widget-title" id="widget-secant-title">Secant to tangent</p>
      <div class="widget-fallback">(the static figure)</div>
    </div>

and loads, on the pages that have a widget and only there, ``widgets.css`` and
the scripts those widgets use, from ``_static/widgets/``: ``engine.js`` (the
JavaScript twin of ``tinygrad.py``), ``ui.js`` (the shared helpers and the
mounting), ``plot.js`` if one of them draws a plot, and one file per widget,
``NAME.js``. The scripts are classic scripts, so the book also works opened
from disk (``file://``). A widget's script mounts it inside its container and
only then hides the fallback, so the static figure stays wherever JavaScript is
off or a script fails.

The title is a translatable text node: ``sphinx-build -b gettext`` extracts it
with the page's other text, and the Chinese edition shows its translation. The
words a widget shows are English in its script, marked ``_("...")``, and
translated in the catalogue ``widgets.po``, which ``make catalogues`` refreshes
from those calls; a translated edition's build writes its translations into
``_static/widgets/widget-words.js`` (:func:`stage_words`), which the page loads
before the scripts. No script holds words of another language, and none
decides which language the page is in.
"""

from __future__ import annotations

import json
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from ..build import output
from ..i18n import catalogue

logger = logging.getLogger(__name__)

# The widgets there are: each one's script is docs/_static/widgets/NAME.js.
# `plot`: it draws with plot.js.
WIDGETS = {
    "x-times-x": {"about": "chapter 1: the x * x trace", "plot": False},
    "known-point": {
        "about": "chapter 1: a known point against the whole curve",
        "plot": True,
    },
    "secant": {"about": "chapter 1: secant to tangent", "plot": True},
    "loss-choice": {"about": "chapter 2: squared or absolute error", "plot": True},
    "one-step": {"about": "chapter 2: one step of gradient descent", "plot": True},
    "backprop-graph": {
        "about": "chapter 4: one operation at a time",
        "plot": False,
    },
    "train-line": {"about": "chapter 6: train a line", "plot": True},
}

FOLDER = "widgets"
STYLESHEET = f"{FOLDER}/widgets.css"
CATALOGUE = "widgets"  # widgets.po
WORDS = f"{FOLDER}/widget-words.js"


def scripts_for(names: list[str], translated: bool = False) -> list[str]:
    """The scripts a page with these widgets loads, in the order they must run
    (``translated``: this edition's words first)."""
    known = [name for name in dict.fromkeys(names) if name in WIDGETS]
    shared = ["widget-words.js"] if translated else []
    shared += ["engine.js", "ui.js"]
    if any(WIDGETS[name]["plot"] for name in known):
        shared.append("plot.js")
    return [
        f"{FOLDER}/{script}" for script in shared + [f"{name}.js" for name in known]
    ]


class widget_node(nodes.General, nodes.Element):
    """The container; outside HTML only its fallback content is written."""


class widget_title(nodes.Part, nodes.TextElement):
    """The widget's title, shown above it; translatable like any paragraph."""


class widget_fallback(nodes.General, nodes.Element):
    """The static figure that stands in for the widget until it mounts."""


def visit_widget_html(self, node: widget_node) -> None:
    attributes = {"data-widget": node["widget"], "role": "group"}
    title = node.next_node(widget_title)
    if title is not None:
        attributes["aria-labelledby"] = title["ids"][0]
    self.body.append(self.starttag(node, "div", CLASS="widget", **attributes))


def depart_widget_html(self, node: widget_node) -> None:
    self.body.append("</div>\n")


def visit_title_html(self, node: widget_title) -> None:
    self.body.append(self.starttag(node, "p", "", CLASS="widget-title"))


def depart_title_html(self, node: widget_title) -> None:
    self.body.append("</p>\n")


def visit_fallback_html(self, node: widget_fallback) -> None:
    self.body.append('<div class="widget-fallback">\n')


def depart_fallback_html(self, node: widget_fallback) -> None:
    self.body.append("</div>\n")


def skip(self, node: nodes.Element) -> None:
    pass


def skip_node(self, node: nodes.Element) -> None:
    raise nodes.SkipNode


class WidgetDirective(SphinxDirective):
    required_arguments = 1
    has_content = True
    option_spec = {"title": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        if name not in WIDGETS:
            logger.warning(
                "unknown widget %r; the widgets are: %s",
                name,
                ", ".join(WIDGETS),
                location=self.get_location(),
            )
        node = widget_node()
        node["widget"] = name
        anchor, n = f"widget-{name}", 1
        while anchor in self.state.document.ids:  # the same widget twice on a page
            n += 1
            anchor = f"widget-{name}-{n}"
        node["ids"] = [anchor]
        self.set_source_info(node)
        text = self.options.get("title", "").strip()
        if text:
            title = widget_title(text, text)
            title["ids"] = [f"{anchor}-title"]
            self.set_source_info(title)  # with a source, gettext extracts it
            node += title
        fallback = widget_fallback()
        self.state.nested_parse(self.content, self.content_offset, fallback)
        node += fallback
        for image in node.findall(nodes.image):  # loaded lazily (site/polish.py)
            image["classes"].append("widget-figure")
        self.state.document.set_id(node)  # registers the anchor, for the check above
        return [node]


def add_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    """Load the styles and the scripts of its widgets on each page that has one."""
    if doctree is None:
        return
    names = [node["widget"] for node in doctree.findall(widget_node)]
    if not names:
        return
    app.add_css_file(STYLESHEET)
    translated = bool(catalogue.catalogue(app, CATALOGUE))
    for script in scripts_for(names, translated):  # each needs the ones before
        app.add_js_file(script, loading_method="defer")


def words_script(translations: dict[str, str]) -> str:
    """``widget-words.js``: English -> this edition's words, for ``ui.js``'s ``_``."""
    text = json.dumps(dict(sorted(translations.items())), ensure_ascii=False, indent=1)
    return (
        "/* The widgets' words in this edition's language, written by the build\n"
        " * from widgets.po (docs/_ext/book/figures/widgets.py). */\n"
        f"window.bookWidgetWords = {text};\n"
    )


def stage_words(app: Sphinx) -> None:
    """Write ``widget-words.js`` into a folder given to Sphinx as a static path;
    nothing for an edition without a translation of the widgets (English)."""
    translations = catalogue.catalogue(app, CATALOGUE)
    made = output(app)
    if not (made.html or made.epub) or not translations:
        return
    staged = Path(app.doctreedir) / "static-widget-words"
    target = staged / WORDS
    target.parent.mkdir(parents=True, exist_ok=True)
    script = words_script(translations)
    if not target.is_file() or target.read_text(encoding="utf-8") != script:
        target.write_text(script, encoding="utf-8")
    app.config.html_static_path = [*app.config.html_static_path, str(staged)]


def register(app: Sphinx) -> None:
    app.add_node(
        widget_node,
        html=(visit_widget_html, depart_widget_html),
        latex=(skip, skip),
        text=(skip, skip),
    )
    app.add_node(
        widget_title,
        html=(visit_title_html, depart_title_html),
        latex=(skip_node, None),
        text=(skip_node, None),
    )
    app.add_node(
        widget_fallback,
        html=(visit_fallback_html, depart_fallback_html),
        latex=(skip, skip),
        text=(skip, skip),
    )
    app.add_directive("widget", WidgetDirective)
