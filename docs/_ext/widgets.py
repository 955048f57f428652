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

and, on the pages that have a widget, loads ``_static/widgets/engine.js`` (the
JavaScript twin of ``tinygrad.py``), ``widgets.js`` and ``widgets.css``. The
scripts are classic scripts, so the book also works opened from disk
(``file://``). ``widgets.js`` mounts each widget inside its container and only
then hides the fallback, so the static figure stays wherever JavaScript is off
or a script fails.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

# The widgets that docs/_static/widgets/widgets.js knows how to mount.
WIDGETS = {
    "x-times-x": "W1, chapter 1: the x * x trace",
    "known-point": "W2, chapter 1: a known point against the whole curve",
    "secant": "W3, chapter 1: secant to tangent",
    "loss-choice": "W4, chapter 2: squared or absolute error",
    "one-step": "W5, chapter 2: one step of gradient descent",
    "backprop-graph": "W6, chapter 4: backpropagate one operation at a time",
    "train-line": "W7, chapter 6: train a line",
}

SCRIPTS = ("widgets/engine.js", "widgets/widgets.js")
STYLESHEET = "widgets/widgets.css"


class widget_node(nodes.General, nodes.Element):
    """The container; outside HTML only its fallback content is written."""


def visit_widget_html(self, node: widget_node) -> None:
    anchor = node["ids"][0]
    attributes = {"data-widget": node["widget"], "role": "group"}
    if node.get("title"):
        attributes["aria-labelledby"] = f"{anchor}-title"
    self.body.append(self.starttag(node, "div", CLASS="widget", **attributes))
    if node.get("title"):
        self.body.append(
            f'<p class="widget-title" id="{anchor}-title">{self.encode(node["title"])}</p>\n'
        )
    self.body.append('<div class="widget-fallback">\n')


def depart_widget_html(self, node: widget_node) -> None:
    self.body.append("</div>\n</div>\n")


def skip(self, node: widget_node) -> None:
    pass


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
        node["title"] = self.options.get("title", "")
        anchor, n = f"widget-{name}", 1
        while anchor in self.state.document.ids:  # the same widget twice on a page
            n += 1
            anchor = f"widget-{name}-{n}"
        node["ids"] = [anchor]
        self.set_source_info(node)
        self.state.nested_parse(self.content, self.content_offset, node)
        for image in node.findall(nodes.image):  # loaded lazily (page_polish.py)
            image["classes"].append("widget-figure")
        self.state.document.set_id(node)  # registers the anchor, for the check above
        return [node]


def add_assets(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """Load the widget scripts and styles on the pages that have a widget."""
    if doctree is None or doctree.next_node(widget_node) is None:
        return
    app.add_css_file(STYLESHEET)
    for script in SCRIPTS:  # in this order: widgets.js needs the engine
        app.add_js_file(script, loading_method="defer")


def setup(app: Sphinx) -> dict[str, object]:
    app.add_node(
        widget_node,
        html=(visit_widget_html, depart_widget_html),
        latex=(skip, skip),
        text=(skip, skip),
    )
    app.add_directive("widget", WidgetDirective)
    app.connect("html-page-context", add_assets)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
