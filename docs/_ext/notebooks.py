"""Every chapter as a Jupyter notebook, written into the built site beside its page.

For each chapter (the setting ``notebook_pages``, like ``engine_download_pages``)
the HTML build writes ``chapters/NN-name.ipynb`` next to ``chapters/NN-name.html``,
in each edition (the Chinese one into ``zh_CN/chapters/``). The notebook is made
from the page's resolved doctree, after translation, so the Chinese edition's
notebook has the Chinese prose and the translated code comments:

* prose becomes Markdown cells: paragraphs, emphasis, inline code, lists,
  tables, math (``$...$``, ``$$...$$``, which Jupyter renders), links; a link
  to another page of the book becomes the absolute address of that page when
  ``book_site_url`` is set, else the relative ``.html`` link, which works from
  the site's folder;
* an admonition becomes a quote, a collapsed block (sphinx-design's dropdown)
  ``<details>``, and its code cells are collapsed too (``source_hidden``), so
  that a solution stays hidden until asked for; a figure becomes its image,
  embedded as a ``data:`` URI (the notebook needs no file beside it); a widget
  becomes a sentence linking it on the page, then its static figure;
* each runnable Python block (a fence of the page: every one is a doctest or a
  script) becomes a code cell, its prompts and output removed by the copy
  button's rule (:data:`copy_rule.PROMPT`), in page order; an excerpt of
  ``src/`` (``literalinclude``) and every other block stays text, a Markdown
  code fence, as it is text on the page;
* the page's markers keep their meaning: a block in a region marked
  ``% skip: start if(torch is None, ...)`` gets ``%%skip_if torch is None``
  on its first line, a cell magic defined by the first cell that prints why
  and runs nothing when the condition holds (as the doctests skip them); a
  block marked ``% printed by Python 3.11`` gets that in its metadata
  (``book.printed_by``).

The first cell, collapsed, writes the book's files the chapter imports
(``tinygrad.py`` always, then what its code imports from ``notebook_files``,
for chapter 10 ``tensorgrad.py`` and ``digits.py``) with plain Python, so a
notebook runs top to bottom in an empty folder, also as a script. It never
writes over a file: where the folder holds a file of that name that is not the
book's (the reader's own ``engine.py``, an older ``tinygrad.py``), that file is
kept and used, one line says so and where the book's is (saved beside it as
``engine_book.py``, or else the chapter's download). In Jupyter it
also has errors shown by their last line, as the book shows them (``%xmode
Minimal``; IPython's full layout of chapter 5's ``RecursionError``, a thousand
frames, takes a minute), and defines the cell magic ``%%skip_if``.

The words this extension writes are translated in ``book.po``, with the other
extensions' words (book_words.py). tests/test_notebooks_run_in_a_kernel.py runs every notebook in a
Jupyter kernel and compares what it prints with the chapter's Markdown.
"""

from __future__ import annotations

import ast
import base64
import posixpath
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path

import nbformat
from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.locale import get_translation
from sphinx.util import logging

import book_words
import copy_rule
from editions import language_of

logger = logging.getLogger(__name__)
_translate = get_translation(book_words.CATALOGUE)


def _(message: str) -> str:
    """``message`` in the build's language (book.po: book_words.py)."""
    return str(_translate(message))


BUILDERS = {"html"}
PYTHON = {"python", "python3", "py", "pycon"}
PROMPT = re.compile(copy_rule.PROMPT)
SKIP_START = re.compile(
    r"skip: start if\((?P<condition>[^,]+),\s*reason=(?P<reason>.+)\)"
)
PRINTED_BY = re.compile(r"printed by (?P<version>Python \d+\.\d+)")
IMAGE_TYPES = {".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg"}
COLAB = "https://colab.research.google.com/github/{repo}/blob/gh-pages/{path}"
GITHUB = re.compile(r"^https://github\.com/(?P<repo>[\w.-]+/[\w.-]+?)(?:\.git)?/?$")
SKIP_MAGIC = "skip_if"


def notebook_name(docname: str) -> str:
    """The notebook's file name: ``chapters/05-engine`` -> ``05-engine.ipynb``."""
    return posixpath.basename(docname) + ".ipynb"


def has_notebook(app: Sphinx, docname: str) -> bool:
    """Does this build write a notebook of this page?"""
    return app.builder.name in BUILDERS and any(
        fnmatch(docname, pattern) for pattern in app.config.notebook_pages
    )


def colab_url(config, docname: str) -> str:
    """Colab's address of the page's notebook on the ``gh-pages`` branch, or "".

    >>> class Config:
    ...     book_repository = "https://github.com/me/book"
    ...     book_editions = {"en": "", "zh_CN": "zh_CN"}
    ...     language = "zh_CN"
    >>> colab_url(Config, "chapters/05-engine")
    'https://colab.research.google.com/github/me/book/blob/gh-pages/zh_CN/chapters/05-engine.ipynb'
    """
    if not config.book_repository:
        return ""
    found = GITHUB.match(config.book_repository.strip())
    if found is None:
        raise ValueError(
            f"book_repository (BOOK_REPOSITORY) must be https://github.com/OWNER/REPO"
            f" for Colab, not {config.book_repository!r}"
        )
    folder = config.book_editions.get(language_of(config), "").strip("/")
    path = posixpath.join(folder, posixpath.dirname(docname), notebook_name(docname))
    return COLAB.format(repo=found["repo"], path=path)


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


def python_literal(text: str) -> str:
    """``text`` as a readable Python string literal (a raw triple-quoted one if it can be).

    >>> python_literal('a = "\\\\n"\\n')
    'r\\'\\'\\'a = "\\\\n"\\n\\'\\'\\''
    """
    literal = f"r'''{text}'''"
    if "'''" not in text and not text.endswith("\\") and "\r" not in text:
        try:
            if ast.literal_eval(literal) == text:
                return literal
        except (SyntaxError, ValueError):
            pass
    return repr(text)


def imported_modules(code: str) -> set[str]:
    """The top-level names of the modules that ``code`` imports (empty if it does not parse)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


# --- Markdown from the doctree ------------------------------------------------

MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>$|])")


def escape(text: str) -> str:
    """Text as Markdown shows it literally (``$`` would start math in Jupyter)."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", text)


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
        text = text.strip()
        start = SKIP_START.match(text)
        if start:
            reason = ast.literal_eval(start["reason"].strip())
            self.skip = (start["condition"].strip(), reason)
        elif text.startswith("skip: end"):
            self.skip = None
        printed = PRINTED_BY.match(text)
        if printed:
            self.printed_by = printed["version"]

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

    # Inline text.
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
        folder = self.app.config.book_editions.get(language_of(self.app.config), "")
        path = posixpath.normpath(posixpath.join(posixpath.dirname(here), uri))
        return (
            site.rstrip("/") + "/" + posixpath.join(folder.strip("/"), path).lstrip("/")
        )


# --- the notebook ---------------------------------------------------------------

# In Jupyter (IPython): errors shown as the book shows them, by their last line
# (IPython would take a minute to lay out chapter 5's RecursionError of a
# thousand frames), and, where the chapter has cells to skip, the cell magic.
IPYTHON_CODE = """
try:
    from IPython import get_ipython
except ImportError:  # no IPython: a script shows errors as Python does
    get_ipython = type(None)
if get_ipython() is not None:
    # {errors}
    get_ipython().InteractiveTB.set_mode("Minimal")
"""
SKIP_MAGIC_CODE = """
    # %%{magic} CONDITION: {comment}
    def {magic}(condition, cell):
        \"\"\"Run the cell unless the condition holds.\"\"\"
        if eval(condition, get_ipython().user_ns):
            print({skipped!r}.format(condition))
        else:
            get_ipython().run_cell(cell)

    get_ipython().register_magic_function({magic}, "cell")
"""


# The first cell writes the book's files with this function: a file of that name
# already in the folder is the reader's (their engine.py of chapter 5, an older
# tinygrad.py) and is never replaced; the book's copy goes beside it, if it can.
BOOK_FILE_CODE = """


def book_file(name, text):
    \"\"\"{doc}\"\"\"
    try:
        with open(name, "x", encoding="utf-8") as file:  # {only_new}
            file.write(text)
        return
    except FileExistsError:
        with open(name, encoding="utf-8") as file:
            yours = file.read()
    if yours == text:
        return
    mine, book = yours.splitlines(), text.splitlines()
    differ = [n for n, (a, b) in enumerate(zip(mine, book), 1) if a != b]
    line = differ[0] if differ else min(len(mine), len(book)) + 1
    copy = name[: -len(".py")] + "_book.py"
    try:
        with open(copy, "x", encoding="utf-8") as file:
            file.write(text)
    except FileExistsError:
        with open(copy, encoding="utf-8") as file:
            if file.read() != text:
                copy = None
    if copy:
        where = {written!r}.format(copy=copy)
    else:
        where = {on_the_page!r}.format(name=name)
    if name in {own!r}:  # {own_comment}
        print({yours!r}.format(name=name, line=line, where=where))
    else:
        print({kept!r}.format(name=name, line=line, where=where))


for name, text in BOOK_FILES.items():
    book_file(name, text)
importlib.invalidate_caches()  # {at_once}
"""
# The files a reader writes themselves: theirs is the one the chapter means.
READERS_OWN = ("engine.py",)


def setup_cell(app: Sphinx, modules: set[str], skips: bool) -> str:
    """The first cell: write the book's files the chapter imports, with plain Python."""
    files = {}
    offered = {Path(p).stem: Path(app.confdir, p) for p in app.config.notebook_files}
    todo = ["tinygrad", *sorted(modules & set(offered))]
    while todo:
        stem = todo.pop(0)
        if stem in files or stem not in offered:
            continue
        text = offered[stem].read_text(encoding="utf-8")
        files[stem] = (offered[stem].name, text)
        todo += sorted(imported_modules(text) & set(offered))
    names = ", ".join(name for name, _text in files.values())
    lines = [
        "# "
        + _(
            "The book's files this notebook needs: {names}. Each is written into"
            " the notebook's folder unless a file of that name is there: a file"
            " of yours is never replaced."
        ).format(names=names),
        "import importlib",
        "",
        "BOOK_FILES = {",
    ]
    for name, text in files.values():
        lines.append(f"    {name!r}: {python_literal(text)},")
    lines.append("}")
    code = "\n".join(lines)
    code += BOOK_FILE_CODE.format(
        own=READERS_OWN,
        own_comment=_("the reader's own file: the chapter means theirs"),
        doc=_(
            "Write the book's file into this folder, unless a file of that name is here."
        ),
        only_new=_('"x": only a new file, never over one'),
        at_once=_("the new files can be imported at once"),
        yours=_(
            "Using your own {name} (it differs from the book's from line {line} on);"
            " the book's is {where}, if you want it."
        ),
        kept=_(
            "Your {name} is not the book's (it differs from line {line} on): it is"
            " kept, and this notebook runs with it; the book's is {where}: rename"
            " it to {name} to use it."
        ),
        written=_("saved beside it as {copy}"),
        on_the_page=_("the download {name} on the chapter's page"),
    ).rstrip()
    code += IPYTHON_CODE.format(
        errors=_(
            "Errors as the book shows them, by their last line"
            " (%xmode Context shows the whole traceback)."
        )
    ).rstrip()
    if skips:
        code += SKIP_MAGIC_CODE.format(
            comment=_("a cell that the book skips when CONDITION holds"),
            magic=SKIP_MAGIC,
            skipped=_("(skipped, as in the book: {})"),
        ).rstrip()
    return code


def notebook(
    app: Sphinx, docname: str, doctree: nodes.document
) -> nbformat.NotebookNode:
    writer = Writer(app, docname)
    parts = list(writer.blocks(doctree))
    stem = posixpath.basename(docname)
    cells = []
    text: list[str] = []

    def cell_id() -> str:
        return f"{stem}-{len(cells)}"

    def flush() -> None:
        if text:
            cells.append(nbformat.v4.new_markdown_cell("\n\n".join(text), id=cell_id()))
            text.clear()

    codes = [part for part in parts if isinstance(part, Code)]
    modules = set().union(*(imported_modules(c.source) for c in codes))
    first = nbformat.v4.new_code_cell(
        setup_cell(app, modules, any(c.skip for c in codes)), id=cell_id()
    )
    first.metadata = {"jupyter": {"source_hidden": True}, "collapsed": True}
    cells.append(first)
    for part in parts:
        if not isinstance(part, Code):
            text.append(part)
            continue
        flush()
        source = part.source
        if part.skip:
            source = f"%%{SKIP_MAGIC} {part.skip[0]}\n{source}"
        cell = nbformat.v4.new_code_cell(source, id=cell_id())
        if part.hidden:
            cell.metadata["jupyter"] = {"source_hidden": True}
        if part.raises:
            cell.metadata["tags"] = ["raises-exception"]  # Run All goes on after it
        book = {}
        if part.printed_by:
            book["printed_by"] = part.printed_by
        if part.skip:
            book["skip"] = {"if": part.skip[0], "reason": part.skip[1]}
        if book:
            cell.metadata["book"] = book
        cells.append(cell)
    flush()
    return nbformat.v4.new_notebook(
        cells=cells,
        metadata={
            "kernelspec": {
                "name": "python3",
                "display_name": "Python 3",
                "language": "python",
            },
            "language_info": {"name": "python"},
        },
    )


def write_notebook(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    if not has_notebook(app, docname):
        return
    start = time.perf_counter()
    book = notebook(app, docname, doctree)
    nbformat.validate(book)
    target = Path(app.outdir, posixpath.dirname(docname), notebook_name(docname))
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(book, target)
    _written.append(time.perf_counter() - start)


_written: list[float] = []  # the seconds each notebook took to make, this build


def report(app: Sphinx, exception: Exception | None) -> None:
    """Say how many notebooks the build wrote and what they cost it."""
    if _written and exception is None:
        logger.info(
            "notebooks: wrote %d notebooks in %.1f s", len(_written), sum(_written)
        )
    _written.clear()


def setup(app: Sphinx) -> dict[str, object]:
    app.setup_extension("book_words")  # this extension's words: book.po
    app.setup_extension("editions")  # book_site_url, book_editions, book_repository
    app.add_config_value(
        "notebook_pages", ["chapters/*"], "env", types=frozenset({list})
    )
    app.add_config_value("notebook_files", [], "env", types=frozenset({list}))
    app.connect("doctree-resolved", write_notebook)
    app.connect("build-finished", report)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
