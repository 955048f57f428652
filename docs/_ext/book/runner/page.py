"""Run the book's code in the page: Python (Pyodide) in the reader's browser, on demand.

On the chapter pages of the HTML site (never in an e-book or a printed page)
This part puts, under the chapter's title and its download line, a "Run
the code on this page" button with the size of the first download (or, for a
chapter whose code needs NumPy, which the pinned Pyodide does not carry, the
reason it cannot run here); marks each Python block from the page's own
comments, read from the doctree (``runner-needs-torch`` inside the doctests'
``% skip: start if(torch ...)``, ``runner-printed-by-3-11`` right below
``% printed by Python 3.11``, whose output is that version's); writes a Run
button into each block it can run while the page is written, and a Check
button into an exercise's starter block (the block right above a block that
is only ``check("N.M", answer)``, see exercises/) (hidden by
``runner.css`` until ``runner.js`` shows it, see :class:`RunButtons`);
links ``runner.js`` (small, deferred; it loads ``runner-session.js`` and
Pyodide only when a reader presses Run) and ``runner.css``. The runtime
itself, Pyodide and Graphviz in WebAssembly (which draws a block's
``to_dot(...)`` under it), is the site's through runtime.py. Its words, and the
scripts', are in one table, words.py, translated through the catalogue ``book.po``.
"""

from __future__ import annotations

import re
from fnmatch import fnmatch

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.writers.html5 import HTML5Translator

from .. import priorities
from ..build import output
from ..code import languages
from ..code import marks as page_marks
from .runtime import runtime_bytes, runtime_root
from .words import page_words

logger = logging.getLogger(__name__)

# A block that only checks an exercise: the block above it is the exercise's
# starter, which gets a Check button (exercises/).
CHECK_CALL = re.compile(r'\Acheck\("(?P<number>\d+\.\d+)", *\w+\)\s*\Z')
NEEDS_NUMPY = re.compile(
    r"^(?:>>> |\s*)(?:import numpy|from numpy|import tensorgrad|from tensorgrad|import digits|from digits)\b",
    re.M,
)


def read_mark(comment: nodes.comment) -> page_marks.Mark | None:
    """The comment's page mark; a mark the book does not know is a warning there."""
    try:
        return page_marks.read(comment.astext())
    except ValueError as problem:
        logger.warning("%s", problem, location=comment)
        return None


def python_blocks(
    document: nodes.document,
) -> list[tuple[nodes.literal_block, list[str]]]:
    """Each Python block of the page, in order, with the marks its comments give it.

    A block inside ``% skip: start if(torch ...)`` ... ``% skip: end`` needs
    ``torch``; a block right after ``% printed by Python 3.11`` is
    ``printed-by-3-11``.
    """
    blocks: list[tuple[nodes.literal_block, list[str]]] = []
    read: dict[int, page_marks.Mark | None] = {}  # each comment's mark, read once
    needs = ""
    for node in document.findall(
        lambda n: isinstance(n, (nodes.comment, nodes.literal_block))
    ):
        if isinstance(node, nodes.comment):
            mark = read[id(node)] = read_mark(node)
            if mark and mark.kind != "printed-by":
                needs = mark.needs
            continue
        if not languages.is_python(node):
            continue
        marks = [f"needs-{needs}"] if needs else []
        before = node.previous_sibling()
        if (mark := read.get(id(before))) and mark.kind == "printed-by":
            marks.append(f"printed-by-{mark.version.replace('.', '-')}")
        blocks.append((node, marks))
    return blocks


def is_runner_page(where, docname: str) -> bool:
    """Does the page get the runner in this build? ``where``: the application,
    the builder or the build environment (build.output)."""
    return output(where).site and any(
        fnmatch(docname, p) for p in where.config.runner_pages
    )


def page_control(document: nodes.document) -> str | None:
    """The Run control RunnerMarks put under the title (its HTML), or None."""
    for node in document.findall(nodes.raw):
        if "runner-page" in node.astext():
            return node.astext()
    return None


def runs_here(builder, docname: str, document: nodes.document) -> bool:
    """Does the page get Run buttons: a runner page whose code can run in the browser?"""
    control = is_runner_page(builder, docname) and page_control(document)
    return bool(control) and 'data-needs=""' in control


class RunnerMarks(SphinxTransform):
    default_priority = priorities.AFTER_LOCALE

    def apply(self) -> None:
        if not is_runner_page(self.env, self.env.docname):
            return
        blocks = python_blocks(self.document)
        if not blocks:
            return
        for node, marks in blocks:
            node["classes"] += [f"runner-{mark}" for mark in marks]
        for (node, _m), (after, _a) in zip(blocks, blocks[1:]):
            if call := CHECK_CALL.match(after.astext()):
                node["classes"].append("runner-exercise")
                node["exercise"] = call.group("number")
        needs_numpy = any(NEEDS_NUMPY.search(node.astext()) for node, _m in blocks)
        text = page_words()
        total, _fetched = runtime_bytes(self.config)
        if needs_numpy:
            inner = f'<span class="runner-status" role="status">{text["numpy"]}</span>'
        else:
            mb = f"{total / 1e6:.0f}" if total else "14"
            inner = (
                f'<button type="button" class="runner-all" disabled>{text["run"]}</button> '
                f'<span class="runner-status" role="status">{text["size"].format(mb=mb)}</span>'
            )
        control = nodes.raw(
            "",
            f'<div class="runner-page" data-needs="{"numpy" if needs_numpy else ""}">{inner}</div>\n',
            format="html",
        )
        section = self.document.next_node(nodes.section)
        if section is None:
            return
        download = [
            c for c in section.children if "engine-download" in c.get("classes", [])
        ]
        position = section.index(download[0]) + 1 if download else 1
        section.insert(position, control)


class RunButtons(HTML5Translator):
    """Sphinx's HTML writer, with a Run button in each Python block a runner page can run.

    Written into the page as it is written, not added by script: a chapter has up
    to 32 such blocks, and adding them after the page's first layout made a long
    task that Lighthouse counted against runner.js. The blocks are numbered as
    runner.js numbers them (every Python block, in page order); a block that needs
    PyTorch gets none. The buttons stay hidden (runner.css) until runner.js marks
    the page as able to run Python. A mixin of the book's writer (book/__init__.py).
    """

    def visit_literal_block(self, node: nodes.literal_block) -> None:
        try:
            super().visit_literal_block(node)
        except nodes.SkipNode:
            if languages.is_python(node):
                self._add_run_button(node)
            raise

    def _add_run_button(self, node: nodes.literal_block) -> None:
        if not hasattr(self, "_run_blocks"):
            docname = self.builder.current_docname
            self._run_blocks = (
                0 if runs_here(self.builder, docname, self.document) else None
            )
        if self._run_blocks is None:
            return
        self._run_blocks += 1
        if any(c.startswith("runner-needs-") for c in node["classes"]):
            return
        text = page_words()
        button = (
            f'<button type="button" class="runner-run" title="{text["block_title"]}"'
            f' aria-label="{text["block"]} {self._run_blocks}">\u25b6\ufe0e {text["block"]}</button>'
        )
        if node.get("exercise"):
            button += (
                f'<button type="button" class="runner-check" title="{text["check_title"]}"'
                f' aria-label="{text["check_label"].format(number=node["exercise"])}">'
                f"\u2713 {text['check']}</button>"
            )
        written = self.body[-1]  # the block as the writer just wrote it
        end = written.rindex("</pre>") + len("</pre>")
        self.body[-1] = written[:end] + button + written[end:]


def add_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    if doctree is None or not is_runner_page(app.builder, pagename):
        return
    control = page_control(doctree)
    if control is None:
        return
    app.add_css_file("runner/runner.css")
    if 'data-needs=""' not in control:
        return  # the page says why its code cannot run here: no script
    to_root = "../" * pagename.count("/")
    _total, fetched = runtime_bytes(app.config)
    app.add_js_file(
        "runner/runner.js",
        loading_method="defer",
        **{
            "data-runtime": to_root + runtime_root(app.config) + "_static/pyodide/",
            "data-fetched-bytes": str(fetched),
        },
    )


def register(app: Sphinx) -> None:
    app.add_config_value("runner_pages", ["chapters/*"], "env", types=frozenset({list}))
    app.add_transform(RunnerMarks)
