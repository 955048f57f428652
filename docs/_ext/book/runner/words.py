"""Every word of the in-page Python, in one table, translated through ``book.po``.

The build writes some of them into the page itself (the Run buttons, the
line under the chapter's title: :func:`page_words`); the others are shown by
the scripts once a reader presses Run (``runner.js``, ``runner-session.js``,
``runner-graph.js``). Those are written, in the build's language, into
``_static/runner/runner-words.js`` (:func:`words_script`), which ``runner.js``
loads before anything else: so no script holds words of its own, and none
decides which language the page is in. A ``{name}`` in a message is filled in
by the script that shows it. A new language needs nothing here: its
``book.po`` translates these messages like every other word of the book's
extensions (i18n/catalogue.py).
"""

from __future__ import annotations

import json
from pathlib import Path

from sphinx.application import Sphinx

from ..build import edition, output
from ..i18n.catalogue import N_, translated

#: Written by the build into the page.
PAGE = {
    "run": N_("Run the code on this page"),
    "size": N_(
        "Python runs in your browser: a {mb} MB download the first time, then cached."
    ),
    "numpy": N_(
        "The code of this chapter needs NumPy, which the book's in-browser Python"
        " does not include: run it on your computer, next to the downloaded files."
    ),
    "block": N_("Run"),
    "block_title": N_(
        "Run this block (and the blocks above it not run yet), Shift+Enter"
    ),
    "check": N_("Check"),
    "check_title": N_(
        "Run this block, then the check below it, which shows the verdict"
    ),
    "check_label": N_("Check your answer to exercise {number}"),
}

#: Shown by the scripts (runner-words.js).
SCRIPTS = {
    "file": N_(
        "Python cannot run in a page opened from a file (the browser refuses to"
        " load its WebAssembly): serve the site (make serve, or python3 -m"
        " http.server in the built folder) or read it online."
    ),
    "reset": N_("Reset"),
    "resetTitle": N_("Put back the book's text of this block"),
    "output": N_("Output"),
    "nothing": N_(": nothing printed"),
    "edit": N_("Python code, editable; Shift+Enter runs it"),
    "loading": N_("Loading Python: {got} of {total} MB"),
    "starting": N_("Starting Python…"),
    "ready": N_("Python is ready (it started in {s} s)."),
    "running": N_("Running block {n}…"),
    "ran": N_("Ran the blocks up to block {n}."),
    "torch": N_("Not run: this block needs PyTorch, which cannot run in the browser."),
    "torchPage": N_(
        "The blocks that need PyTorch are skipped (PyTorch cannot run in the browser)."
    ),
    "failed": N_("Python could not load: {e}"),
    "stopped": N_(
        "The browser's Python stopped at this block ({e}). Run it on your computer;"
        " reload the page to start Python again."
    ),
    "printedBy": N_(
        "The page shows what Python {page} printed; the Python in your browser is"
        " {here}, whose numbers here may differ."
    ),
    "reload": N_(
        "The browser's Python has stopped: reload the page to start it again."
    ),
    "stop": N_("Stop"),
    "stopTitle": N_("Stop the code that is running"),
    "stoppedRestart": N_(
        "Stopped. The browser's Python was started afresh: the next run first runs"
        " the blocks above it again, but not this one; press this block's own Run"
        " to run it again."
    ),
    "leftOut": N_(
        "Block {n} was stopped and is not run again; press its own Run to run it again."
    ),
    "exit": N_(
        "SystemExit: sys.exit({code}) ends a program; in the page, Python goes on"
        " with the blocks below."
    ),
    "input": N_(
        "input() cannot ask you anything in the page: write the value into the code"
        " instead, e.g. name = 'Ada'."
    ),
    "incomplete": N_(
        "SyntaxError: this block is incomplete: its last statement is not finished."
    ),
    "graphText": N_("The DOT text"),
    "graphAlt": N_(
        "The graph that to_dot drew: {nodes} nodes and {edges} edges; the output,"
        " {name}, has data {data} and grad {grad}."
    ),
    "graphAltUnnamed": N_(
        "The graph that to_dot drew: {nodes} nodes and {edges} edges; the output has"
        " data {data} and grad {grad}."
    ),
    "graphAltPlain": N_(
        "The graph of this block's DOT text: {nodes} nodes and {edges} edges."
    ),
    "graphFailed": N_("Graphviz could not draw this graph: {e}"),
}


def page_words() -> dict[str, str]:
    """The words the build writes into the page, in the build's language."""
    return {key: translated(message) for key, message in PAGE.items()}


def words_script(language: str) -> str:
    """``runner-words.js``: the scripts' words in the build's language.

    ``language`` ("en", "zh_CN") goes with them: the in-page Python's checker
    (check_engine.py) speaks it too.
    """
    words = {key: translated(message) for key, message in SCRIPTS.items()}
    words["language"] = language
    return (
        "/* The in-page Python's words in this edition's language, written by the"
        " build\n * from book.po (docs/_ext/book/runner/words.py). */\n"
        f"window.bookRunnerWords = {json.dumps(words, ensure_ascii=False, indent=1)};\n"
    )


def stage_words(app: Sphinx) -> None:
    """Write ``runner-words.js`` into a folder given to Sphinx as a static path."""
    if not output(app).site:
        return
    staged = Path(app.doctreedir) / "static-runner-words"
    target = staged / "runner" / "runner-words.js"
    target.parent.mkdir(parents=True, exist_ok=True)
    script = words_script(edition(app.config).language)
    if not target.is_file() or target.read_text(encoding="utf-8") != script:
        target.write_text(script, encoding="utf-8")
    app.config.html_static_path = [*app.config.html_static_path, str(staged)]
