"""Inline Markdown for the notebooks: text, math, code, links, images, as Jupyter shows them.

:class:`Inline` is the part of notebook_cells.Writer that writes what stands
inside a paragraph, and the figures, embedded as ``data:`` URIs. Part of the
notebooks extension (notebooks.py).
"""

from __future__ import annotations

import base64
import posixpath
import re
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging

from .editions import edition

logger = logging.getLogger(__name__)
IMAGE_TYPES = {".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg"}

MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>$|])")


def escape(text: str) -> str:
    """Text as Markdown shows it literally (``$`` would start math in Jupyter)."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", text)


class Inline:
    """Inline Markdown of a page's nodes; the Writer gives ``app``, ``docname`` and ``images``."""

    def inline(self, node: nodes.Node) -> str:
        if isinstance(node, nodes.Text):
            return escape(node.astext().replace("\n", " "))
        if isinstance(node, nodes.math):
            return f"${node.astext().strip()}$"
        if isinstance(node, nodes.literal):
            text = node.astext()
            ticks = "``" if "`" in text else "`"
            pad = " " if ticks == "``" else ""
            return f"{ticks}{pad}{text}{pad}{ticks}"
        if isinstance(node, nodes.raw | nodes.Invisible | nodes.system_message):
            return ""
        inner = "".join(self.inline(child) for child in node.children)
        if isinstance(node, nodes.emphasis):
            return f"*{inner}*" if inner.strip() else inner
        if isinstance(node, nodes.strong):
            return f"**{inner}**" if inner.strip() else inner
        if isinstance(node, addnodes.download_reference):
            return inner  # the file itself: the first cell writes the book's files
        if isinstance(node, nodes.reference):
            uri = node.get("refuri")
            if uri is None and node.get("refid"):
                uri = "#" + node["refid"]
            if not uri:
                return inner
            if node.get("internal") or uri.startswith("#") or "://" not in uri:
                uri = self.page_link(uri)
            return f"[{inner}]({uri})"
        if isinstance(node, nodes.image):
            return f"![{escape(node.get('alt', ''))}]({self.data_uri(node)})"
        if isinstance(node, nodes.footnote_reference):
            return f"<sup>{inner}</sup>"
        return inner

    def page_link(self, uri: str) -> str:
        """A link of the page as the notebook links it: absolute with book_site_url."""
        builder = self.app.builder
        here = builder.get_target_uri(self.docname)  # "chapters/05-engine.html"
        if uri.startswith("#"):
            uri = posixpath.basename(here) + uri
        site = self.app.config.book_site_url
        if not site:
            return uri
        folder = edition(self.app.config).folder
        path = posixpath.normpath(posixpath.join(posixpath.dirname(here), uri))
        return (
            site.rstrip("/") + "/" + posixpath.join(folder.strip("/"), path).lstrip("/")
        )

    def figure(self, node: nodes.Element) -> str:
        image = node if isinstance(node, nodes.image) else node.next_node(nodes.image)
        parts = []
        if image is not None:
            alt = image.get("alt", "").replace("\n", " ")
            parts.append(f"![{escape(alt)}]({self.data_uri(image)})")
        caption = node.next_node(nodes.caption) if image is not node else None
        if caption is not None:
            parts.append("*" + self.inline(caption) + "*")
        return "\n\n".join(parts)

    def data_uri(self, image: nodes.image) -> str:
        uri = image["uri"]
        if uri not in self.images:
            path = Path(self.app.srcdir, uri)
            kind = IMAGE_TYPES.get(path.suffix.lower())
            if kind is None or not path.is_file():
                logger.warning(
                    "notebooks: cannot embed image %s (%s)",
                    uri,
                    "no such file" if kind else "not SVG, PNG or JPEG",
                    location=image,
                )
                return uri
            data = base64.b64encode(path.read_bytes()).decode("ascii")
            self.images[uri] = f"data:{kind};base64,{data}"
        return self.images[uri]
