"""A chapter's resolved doctree read into notebook cells: Markdown text and code.

:class:`Writer` walks the doctree in page order (notebooks.py says what each
node becomes); :func:`cell_source` is what a reader runs of a block, the copy
button's rule (:data:`copy_rule.PROMPT`). Part of the notebooks extension.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from docutils import nodes
from sphinx.application import Sphinx

from . import copy_rule, page_marks
from .notebook_inline import Inline, escape
from .words import translated as _  # book.po

PYTHON = {"python", "python3", "py", "pycon"}
PROMPT = re.compile(copy_rule.PROMPT)


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
class Writer(Inline):
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
            mark = page_marks.read(text)
        except ValueError:  # runner.py warns where it stands
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
        language = node.get("language", "")
        excerpt = bool(node.get("source"))  # literalinclude: a piece of src/
        text = node.astext()
        if language in PYTHON and not excerpt:
            cell = Code(cell_source(text), skip=self.skip, printed_by=self.printed_by)
            cell.raises = "Traceback (most recent call last)" in text
            self.printed_by = None
            yield cell
        else:
            fence = "```"
            while fence in text:
                fence += "`"
            if language in PYTHON or node.get("source", "").endswith(".py"):
                info = "python"
            else:
                info = "" if language == "default" else language
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
