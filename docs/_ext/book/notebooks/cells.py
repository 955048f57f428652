"""A chapter's resolved doctree read into notebook cells: Markdown text and code.

:class:`Writer` walks the doctree in page order (notebook.py says what each
node becomes): the blocks, and what stands inside a paragraph (text, math,
code, links) as Jupyter shows it, with the figures embedded as ``data:``
URIs; :func:`cell_source` is what a reader runs of a block, the copy
button's rule (:data:`copy_rule.PROMPT`).
"""

from __future__ import annotations

import base64
import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging

from ..build import edition
from ..code import copy_rule, languages, marks
from ..i18n.catalogue import translated as _  # book.po

logger = logging.getLogger(__name__)

PROMPT = re.compile(copy_rule.PROMPT)
IMAGE_TYPES = {".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg"}

MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>$|])")


def escape(text: str) -> str:
    """Text as Markdown shows it literally (``$`` would start math in Jupyter)."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", text)


def cell_source(block: str) -> str:
    """What a reader runs of a block: the copy button's text, kept as a cell.

    Lines with a prompt lose it (a bare ``...`` is a blank line); output lines
    go; a block without prompts is kept whole.

    >>> cell_source(">>> def f(x):\\n...     return 2 * x\\n...\\n>>> f(3)\\n6")
    'def f(x):\\n    return 2 * x\\n\\nf(3)'
    """
    lines = block.rstrip("\n").split("\n")
    if not any(PROMPT.match(line) for line in lines):
        return "\n".join(lines).strip("\n")
    kept = []
    for line in lines:
        prompt = PROMPT.match(line)
        if prompt:
            kept.append(line[prompt.end() :])
    return "\n".join(kept).strip("\n")


@dataclass
class Code:
    """A code cell: its source and what the notebook records about it."""

    source: str
    hidden: bool = False
    skip: tuple[str, str] | None = None  # (condition, reason)
    printed_by: str | None = None
    raises: bool = False


@dataclass
class Writer:
    """Walks a chapter's resolved doctree into Markdown text and code cells, in page order."""

    app: Sphinx
    docname: str
    skip: tuple[str, str] | None = None  # inside a "% skip: start if(...)" region
    printed_by: str | None = None  # the next block's "% printed by Python 3.11"
    images: dict[str, str] = field(default_factory=dict)

    # Blocks: each yields Markdown strings and Code cells.
    def blocks(self, node: nodes.Node, depth: int = 1) -> Iterator[str | Code]:
        for child in node.children:
            yield from self.block(child, depth)

    def block(self, node: nodes.Node, depth: int) -> Iterator[str | Code]:
        name = type(node).__name__
        if isinstance(node, nodes.comment):
            self.comment(node.astext())
        elif isinstance(node, nodes.Invisible | nodes.system_message | nodes.raw):
            return
        elif isinstance(node, nodes.section):
            yield "#" * min(depth, 6) + " " + self.inline(node[0])
            yield from self.blocks_after(node, 1, depth + 1)
        elif isinstance(node, nodes.paragraph):
            if "engine-download" not in node["classes"]:
                yield self.inline(node)
        elif isinstance(node, nodes.literal_block):
            yield from self.literal(node)
        elif isinstance(node, nodes.math_block):
            number = f" \\tag{{{node['number']}}}" if node.get("number") else ""
            yield "$$\n" + node.astext().strip() + number + "\n$$"
        elif isinstance(node, nodes.bullet_list | nodes.enumerated_list):
            yield self.listing(node, depth)
        elif isinstance(node, nodes.table):
            yield from self.table(node)
        elif isinstance(node, nodes.figure | nodes.image):
            yield self.figure(node)
        elif isinstance(node, nodes.definition_list):
            for item in node.findall(nodes.definition_list_item):
                term = self.inline(item.next_node(nodes.term))
                if not term.startswith("**"):
                    term = f"**{term}**"
                body = self.markdown(self.blocks(item.next_node(nodes.definition)))
                yield f"{term}  \n" + body
        elif isinstance(node, nodes.Admonition):
            yield from self.admonition(node, depth)
        elif name == "dropdown_main":
            yield from self.dropdown(node, depth)
        elif name == "widget_node":
            yield from self.widget(node, depth)
        elif isinstance(node, nodes.rubric):
            yield "**" + self.inline(node) + "**"
        elif isinstance(node, nodes.container) and node.get("literal_block"):
            yield from self.captioned(node)
        elif isinstance(node, nodes.transition):
            yield "---"
        elif isinstance(node, nodes.Element) and node.children:
            yield from self.blocks(node, depth)  # containers, compounds, quotes
        elif isinstance(node, nodes.Text):
            yield escape(node.astext())

    def blocks_after(self, node, start, depth) -> Iterator[str | Code]:
        for child in node.children[start:]:
            yield from self.block(child, depth)

    def comment(self, text: str) -> None:
        """The page's markers for its doctests (MyST ``%`` comments)."""
        try:
            mark = marks.read(text)
        except ValueError:  # the runner warns where it stands
            return
        if mark is None:
            return
        if mark.kind == "skip-start":
            self.skip = (mark.condition, mark.reason)
        elif mark.kind == "skip-end":
            self.skip = None
        else:
            self.printed_by = f"Python {mark.version}"

    def literal(self, node: nodes.literal_block) -> Iterator[str | Code]:
        text = node.astext()
        if languages.is_python(node) and not languages.is_excerpt(node):
            cell = Code(cell_source(text), skip=self.skip, printed_by=self.printed_by)
            cell.raises = "Traceback (most recent call last)" in text
            self.printed_by = None
            yield cell
        else:
            fence = "```"
            while fence in text:
                fence += "`"
            info = languages.language(node)
            if languages.is_python(node) or languages.is_python_excerpt(node):
                info = languages.WRITTEN
            elif info in languages.UNSAID:
                info = ""
            yield f"{fence}{info}\n{text.rstrip()}\n{fence}"

    def captioned(self, node: nodes.container) -> Iterator[str | Code]:
        for child in node.children:
            if isinstance(child, nodes.caption):
                yield "*" + self.inline(child) + "*"
            else:
                yield from self.block(child, 1)

    def listing(self, node: nodes.Element, depth: int) -> str:
        ordered = isinstance(node, nodes.enumerated_list)
        start = node.get("start", 1)
        items = []
        for number, item in enumerate(node.children, start):
            marker = f"{number}. " if ordered else "- "
            body = self.markdown(self.blocks(item, depth))
            indent = " " * len(marker)
            items.append(marker + body.replace("\n", "\n" + indent))
        return "\n".join(items)

    def table(self, node: nodes.table) -> Iterator[str | Code]:
        title = node.next_node(nodes.title)
        if title is not None and title.parent is node:
            yield "*" + self.inline(title) + "*"
        head = [row for part in node.findall(nodes.thead) for row in part.children]
        body = [row for part in node.findall(nodes.tbody) for row in part.children]
        rows = [
            [self.inline_blocks(entry).replace("\n", " ") for entry in row.children]
            for row in (head[:1] or [None]) + body
            if row is not None
        ]
        if not rows:
            return
        width = max(len(row) for row in rows)
        if not head:  # Markdown needs a header row: an empty one
            rows.insert(0, [" "] * width)
        lines = ["| " + " | ".join(row) + " |" for row in rows]
        lines.insert(1, "|" + "---|" * width)
        yield "\n".join(lines)

    def admonition(self, node: nodes.Element, depth: int) -> Iterator[str | Code]:
        title = node.next_node(nodes.title)
        if title is not None and title.parent is node:
            heading = self.inline(title)
        else:
            heading = type(node).__name__.capitalize()
        body = list(self.blocks_after(node, 1 if title is not None else 0, depth))
        for group, first in self.groups(body):
            if isinstance(group, Code):
                if first:  # the admonition opens with code: its title, then the cell
                    yield f"> **{heading}**"
                yield group
            else:
                text = (f"**{heading}**\n\n" if first else "") + group
                yield "> " + text.replace("\n", "\n> ")

    def dropdown(self, node: nodes.Element, depth: int) -> Iterator[str | Code]:
        title = node.next_node(
            lambda n: isinstance(n, nodes.Element) and "sd-summary-text" in n["classes"]
        )
        summary = self.inline(title) if title is not None else "…"
        body = node.next_node(
            lambda n: (
                isinstance(n, nodes.Element)
                and n.get("design_component") == "dropdown-body"
            )
        )
        parts = list(self.blocks(body, depth)) if body is not None else []
        for group, first in self.groups(parts):
            if isinstance(group, Code):
                if first:  # the block opens with code: its title, then the cell
                    yield f"**{summary}**"
                group.hidden = True
                yield group
            else:
                yield f"<details>\n<summary>{summary}</summary>\n\n{group}\n\n</details>"

    def widget(self, node: nodes.Element, depth: int) -> Iterator[str | Code]:
        title = next(
            (c for c in node.children if type(c).__name__ == "widget_title"), None
        )
        name = self.inline(title) if title is not None else node["widget"]
        link = self.page_link(f"#{node['ids'][0]}")
        yield _(
            "*An interactive widget, [{name}]({link}), is on this chapter's page.*"
        ).format(name=name, link=link)
        for child in node.children:
            if type(child).__name__ == "widget_fallback":
                yield from self.blocks(child, depth)

    @staticmethod
    def groups(parts: list[str | Code]) -> Iterator[tuple[str | Code, bool]]:
        """Consecutive Markdown joined; code cells alone. With: is it the first group?"""
        text: list[str] = []
        first = True
        for part in parts:
            if isinstance(part, Code):
                if text:
                    yield "\n\n".join(text), first
                    first, text = False, []
                yield part, first
                first = False
            else:
                text.append(part)
        if text:
            yield "\n\n".join(text), first

    def markdown(self, parts: Iterator[str | Code]) -> str:
        """Markdown only (a list item, a table cell): a code block in it stays text."""
        out = []
        for part in parts:
            if isinstance(part, Code):
                out.append(f"```python\n{part.source}\n```")
            else:
                out.append(part)
        return "\n\n".join(out)

    def inline_blocks(self, node: nodes.Element) -> str:
        return self.markdown(self.blocks(node)).replace("\n\n", "<br>")

    # Inline: what stands inside a paragraph, and the figures.

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
