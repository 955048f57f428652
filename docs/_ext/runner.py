"""Run the book's code in the page: Python (Pyodide) in the reader's browser, on demand.

For the HTML site only (an e-book or a printed page shows the static book):

* under each chapter's title (after the download line), a line with a
  "Run the code on this page" button and the size of what it downloads the
  first time; a chapter whose code cannot run in the browser says why instead
  (NumPy, which the pinned Pyodide package does not carry);
* every Python block that the page's own doctests skip without PyTorch gets
  the class ``runner-needs-torch``: the runner skips it too and says why;
* a block right below the comment ``% printed by Python 3.11`` gets the class
  ``runner-printed-by-3-11``: its output is that version's (gc thresholds,
  object counts), and the runner says so beside what the browser's Python
  prints;
* a Run button written into each block the runner can run (hidden by
  ``runner.css`` until ``runner.js`` shows it), see :func:`with_run_buttons`;
* ``_static/runner/runner.js`` (small, deferred: it shows the Run buttons and
  listens for them) and ``runner.css`` on the chapter pages; only when the reader presses a Run
  button does it load ``runner-session.js`` (and its ``.css``), which fetches
  Pyodide and runs the blocks;
* Pyodide itself (the pinned npm package ``pyodide``, installed by ``make``
  into ``docs/_tools/node_modules``) copied once into ``_static/pyodide/``.

A translated edition built into a folder of the English site (the Chinese one
is ``zh_CN/``) does not copy the runtime again: with ``runner_runtime_root``
(default: ``"../"`` when ``language`` is not English, else ``""``) its pages
load the English site's copy, by a path relative to the page.
"""

from __future__ import annotations

import re
import shutil
from fnmatch import fnmatch
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

logger = logging.getLogger(__name__)

BUILDERS = {"html", "dirhtml"}
RUNTIME = Path(__file__).resolve().parents[1] / "_tools" / "node_modules" / "pyodide"
# What the browser needs of the package (its README, type definitions, source
# maps and test consoles stay behind).
RUNTIME_FILES = [
    "pyodide.mjs",  # the loader, an ES module (imported by runner-worker.js)
    "pyodide.asm.mjs",  # the compiled interpreter's JavaScript half
    "pyodide.asm.wasm",  # the interpreter
    "python_stdlib.zip",  # Python's standard library
    "pyodide-lock.json",  # read by the loader at start
]
# In pyodide.mjs 314.0.7 (the name of the version variable is the minifier's).
CDN = re.compile(r"https://cdn\.jsdelivr\.net/pyodide/v\$\{\w+\}/full/")
FETCHED = [
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]  # fetch()ed: counted by the progress bar

FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```python[ \t]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.M | re.S,
)
SKIP = re.compile(r"^%\s*skip:\s*(start|end)\b(.*)$", re.M)
# A comment right above a fence: what the page shows is what that Python printed
# (the doctests' version); another version may print other numbers there.
PRINTED_BY = re.compile(r"^%\s*printed by Python (\d+\.\d+)[ \t]*\n\Z", re.M)
NEEDS_NUMPY = re.compile(
    r"^(?:>>> |\s*)(?:import numpy|from numpy|import tensorgrad|from tensorgrad|import digits|from digits)\b",
    re.M,
)

TEXT = {
    "en": {
        "run": "Run the code on this page",
        "size": "Python runs in your browser: a {mb} MB download the first time, then cached.",
        "numpy": "The code of this chapter needs NumPy, which the book's in-browser Python"
        " does not include: run it on your computer, next to the downloaded files.",
        "block": "Run",
        "block_title": "Run this block (and the blocks above it not run yet), Shift+Enter",
    },
    "zh": {
        "run": "运行本页的代码",
        "size": "Python 在浏览器中运行：第一次需下载 {mb} MB，之后使用缓存。",
        "numpy": "本章的代码需要 NumPy，而本书在浏览器中的 Python 不包含它："
        "请在自己的电脑上、在下载的文件旁运行。",
        "block": "运行",
        "block_title": "运行这一段代码（以及上面尚未运行的代码），Shift+Enter",
    },
}


def strings(config) -> dict[str, str]:
    return TEXT["zh" if str(config.language or "en").startswith("zh") else "en"]


def runtime_root(config) -> str:
    if config.runner_runtime_root is not None:
        return config.runner_runtime_root
    return "" if str(config.language or "en").startswith("en") else "../"


def runtime_dir(config) -> Path:
    return Path(config.runner_runtime_dir) if config.runner_runtime_dir else RUNTIME


def runtime_bytes(config) -> tuple[int, int]:
    """(all the copied files, the fetched ones) in bytes; (0, 0) if not installed."""
    folder = runtime_dir(config)
    if not all((folder / name).is_file() for name in RUNTIME_FILES):
        return 0, 0
    size = lambda names: sum((folder / name).stat().st_size for name in names)  # noqa: E731
    return size(RUNTIME_FILES), size(FETCHED)


def python_fences(source: str) -> list[tuple[str, str | None]]:
    """(code, what it needs or None) for each ```python fence of a page, in order."""
    skips: list[tuple[int, int, str]] = []
    start = None
    for match in SKIP.finditer(source):
        if match[1] == "start":
            start = (match.start(), match[2])
        elif start is not None:
            skips.append((start[0], match.start(), start[1]))
            start = None
    fences = []
    for match in FENCE.finditer(source):
        needs = None
        for begin, end, condition in skips:
            if begin < match.start() < end and "torch" in condition:
                needs = "torch"
        fences.append((match["body"], needs))
    return fences


def printed_by(source: str) -> list[str | None]:
    """For each ```python fence, the Python version its marker names, or None."""
    return [
        m[1] if (m := PRINTED_BY.search(source[: fence.start()])) else None
        for fence in FENCE.finditer(source)
    ]


def is_runner_page(app: Sphinx, docname: str) -> bool:
    return app.builder.name in BUILDERS and any(
        fnmatch(docname, p) for p in app.config.runner_pages
    )


class RunnerMarks(SphinxTransform):
    default_priority = 410  # after the engine's download line (engine_download.py, 400)

    def apply(self) -> None:
        if not is_runner_page(self.app, self.env.docname):
            return
        source = Path(self.env.doc2path(self.env.docname)).read_text(encoding="utf-8")
        fences = python_fences(source)
        blocks = [
            node for node in self.document.findall(nodes.literal_block)
            if node.get("language") == "python"
        ]  # fmt: skip
        if not blocks:
            return
        if len(blocks) != len(fences):
            logger.warning(
                "runner: %d Python blocks in the page but %d ```python fences in its source;"
                " the blocks PyTorch needs are not marked",
                len(blocks),
                len(fences),
                location=self.env.docname,
            )
        else:
            for node, (_, needs), version in zip(blocks, fences, printed_by(source)):
                if needs:
                    node["classes"].append(f"runner-needs-{needs}")
                if version:
                    node["classes"].append(
                        f"runner-printed-by-{version.replace('.', '-')}"
                    )
        needs_numpy = any(NEEDS_NUMPY.search(code) for code, _ in fences)
        text = strings(self.config)
        total, _ = runtime_bytes(self.config)
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


BLOCK = re.compile(
    r'(<div class="(?P<classes>[^"]*\bhighlight-python\b[^"]*)"><div class="highlight">'
    r"<pre\b[^>]*>.*?</pre>)",
    re.S,
)


def with_run_buttons(body: str, text: dict[str, str]) -> str:
    """A Run button in each Python block the runner can run, numbered as runner.js numbers them.

    Written into the page, not added by script: a chapter has up to 32 such
    blocks, and adding them after the page's first layout made a long task
    that Lighthouse counted against runner.js. The buttons stay hidden (runner.css)
    until runner.js marks the page as able to run Python.
    """
    number = 0

    def button(match: re.Match) -> str:
        nonlocal number
        number += 1
        if "runner-needs-" in match["classes"]:
            return match[1]
        return (
            f'{match[1]}<button type="button" class="runner-run" title="{text["block_title"]}"'
            f' aria-label="{text["block"]} {number}">\u25b6\ufe0e {text["block"]}</button>'
        )

    return BLOCK.sub(button, body)


def add_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    if doctree is None or not is_runner_page(app, pagename):
        return
    controls = [
        n.astext() for n in doctree.findall(nodes.raw) if "runner-page" in n.astext()
    ]
    if not controls:
        return
    app.add_css_file("runner/runner.css")
    if 'data-needs=""' not in controls[0]:
        return  # the page says why its code cannot run here: no script
    context["body"] = with_run_buttons(context["body"], strings(app.config))
    to_root = "../" * pagename.count("/")
    _, fetched = runtime_bytes(app.config)
    app.add_js_file(
        "runner/runner.js",
        loading_method="defer",
        **{
            "data-runtime": to_root + runtime_root(app.config) + "_static/pyodide/",
            "data-fetched-bytes": str(fetched),
        },
    )


def copy_runtime(app: Sphinx, exception: Exception | None) -> None:
    if (
        exception is not None
        or app.builder.name not in BUILDERS
        or runtime_root(app.config)
    ):
        return
    folder = runtime_dir(app.config)
    missing = [name for name in RUNTIME_FILES if not (folder / name).is_file()]
    if missing:
        raise ExtensionError(
            f"runner: Pyodide is not installed in {folder} (missing {', '.join(missing)}):"
            " `make html` installs it with npm ci from docs/_tools/package.json"
        )
    target = Path(app.outdir) / "_static" / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(folder / name, target / name)
    # The loader's fallback for packages it does not have is Pyodide's CDN; the
    # book loads no package (the runner sets packageBaseUrl to this folder), and
    # the site names no other host: the copy falls back to its own folder.
    loader = target / "pyodide.mjs"
    text = loader.read_text(encoding="utf-8")
    text, found = CDN.subn("./", text)
    if found != 1:
        raise ExtensionError(
            f"runner: {CDN.pattern} found {found} times in {folder / 'pyodide.mjs'}"
            " (once expected): check the new loader"
        )
    loader.write_text(text, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, object]:
    app.add_config_value("runner_pages", ["chapters/*"], "env", types=frozenset({list}))
    app.add_config_value("runner_runtime_root", None, "env")
    app.add_config_value("runner_runtime_dir", "", "env", types=frozenset({str}))
    app.add_transform(RunnerMarks)
    app.connect("html-page-context", add_assets)
    app.connect("build-finished", copy_runtime)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
