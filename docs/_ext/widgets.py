"""The ``widget`` directive: a place in a chapter for an interactive widget.

In MyST::

    :::{widget} secant
    :title: Secant to tangent

    (the static figure that stands in for it, shown when JavaScript is off)
    :::

It emits ``<div class="widget" data-widget="secant">`` around the fallback
content. The widget scripts find the container and mount the widget inside.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective


class widget_node(nodes.General, nodes.Element):
    """The container; outside HTML only its fallback content is written."""


def visit_widget_html(self, node: widget_node) -> None:
    self.body.append(
        self.starttag(node, "div", CLASS="widget", **{"data-widget": node["widget"]})
    )
    if node.get("title"):
        self.body.append(f'<p class="widget-title">{self.encode(node["title"])}</p>')


def depart_widget_html(self, node: widget_node) -> None:
    self.body.append("</div>\n")


def skip(self, node: widget_node) -> None:
    pass


class WidgetDirective(SphinxDirective):
    required_arguments = 1
    has_content = True
    option_spec = {"title": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        node = widget_node()
        node["widget"] = self.arguments[0]
        node["title"] = self.options.get("title", "")
        node["ids"] = [f"widget-{self.arguments[0]}"]
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


def setup(app: Sphinx) -> dict[str, object]:
    app.add_node(
        widget_node,
        html=(visit_widget_html, depart_widget_html),
        latex=(skip, skip),
        text=(skip, skip),
    )
    app.add_directive("widget", WidgetDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
