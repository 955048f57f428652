"""The in-page Python's runtime: Pyodide and Graphviz, as static files of the site.

Pyodide (the pinned npm package ``pyodide`` in ``docs/_tools/node_modules``)
is given to Sphinx for ``_static/pyodide/`` and Graphviz compiled to
WebAssembly (``@viz-js/viz``) for ``_static/viz/``, both through
``html_static_path`` (:func:`stage_runtime`). A translated edition built into
a folder of the English site (``zh_CN/``) loads the English site's copy
instead (``runner_runtime_root``, default the way back to the site's root).
The Run control's size line counts these files (:func:`runtime_bytes`).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from ..build import edition, output

RUNTIME = Path(__file__).resolve().parents[3] / "_tools" / "node_modules" / "pyodide"
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
# Graphviz in WebAssembly, one classic script (the npm package @viz-js/viz, its
# build with the WebAssembly inside), which runner-graph.js loads the first time a
# block draws the graph that to_dot() gave: into _static/viz/, beside Pyodide.
VIZ = RUNTIME.parent / "@viz-js" / "viz" / "dist" / "viz-global.js"
FETCHED = [
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]  # fetch()ed: counted by the progress bar


def runtime_root(config) -> str:
    if config.runner_runtime_root is not None:
        return config.runner_runtime_root
    return edition(config).root


def runtime_dir(config) -> Path:
    return Path(config.runner_runtime_dir) if config.runner_runtime_dir else RUNTIME


def runtime_bytes(config) -> tuple[int, int]:
    """(all the copied files, the fetched ones) in bytes; (0, 0) if not installed."""
    folder = runtime_dir(config)
    if not all((folder / name).is_file() for name in RUNTIME_FILES):
        return 0, 0
    size = lambda names: sum((folder / name).stat().st_size for name in names)  # noqa: E731
    return size(RUNTIME_FILES), size(FETCHED)


def stage_runtime(app: Sphinx) -> None:
    """Pyodide and Graphviz as static files of the site (``_static/pyodide``, ``_static/viz``).

    Put together in a folder of the build's (beside its doctrees) and given to
    Sphinx in ``html_static_path``, so that Sphinx copies them with its own
    static files: no page is touched, nothing is copied after the build.
    """
    if not output(app).site or runtime_root(app.config):
        return
    source = Path(app.srcdir)
    if not any(
        next(source.glob(pattern + suffix), None)
        for pattern in app.config.runner_pages
        for suffix in app.config.source_suffix
    ):
        return  # no page runs Python (a test's small book): nothing to stage
    folder = runtime_dir(app.config)
    missing = [name for name in RUNTIME_FILES if not (folder / name).is_file()]
    if missing:
        raise ExtensionError(
            f"runner: Pyodide is not installed in {folder} (missing {', '.join(missing)}):"
            " `make html` installs it with npm ci from docs/_tools/package.json"
        )
    staged = Path(app.doctreedir) / "static-runner"
    target = staged / "pyodide"
    shutil.rmtree(staged, ignore_errors=True)
    target.mkdir(parents=True)
    for name in RUNTIME_FILES:
        if name != "pyodide.mjs":
            shutil.copyfile(folder / name, target / name)
    # The loader's fallback for packages it does not have is Pyodide's CDN; the
    # book loads no package (the runner sets packageBaseUrl to this folder), and
    # the site names no other host: the copy falls back to its own folder.
    text, found = CDN.subn("./", (folder / "pyodide.mjs").read_text(encoding="utf-8"))
    if found != 1:
        raise ExtensionError(
            f"runner: {CDN.pattern} found {found} times in {folder / 'pyodide.mjs'}"
            " (once expected): check the new loader"
        )
    (target / "pyodide.mjs").write_text(text, encoding="utf-8")
    viz = Path(app.config.runner_viz_file or VIZ)
    if not viz.is_file():
        raise ExtensionError(
            f"runner: Graphviz for the page ({viz}) is not installed:"
            " `make html` installs it with npm ci from docs/_tools/package.json"
        )
    (staged / "viz").mkdir()
    shutil.copyfile(viz, staged / "viz" / "viz-global.js")
    app.config.html_static_path = [*app.config.html_static_path, str(staged)]


def register(app: Sphinx) -> None:
    app.add_config_value("runner_runtime_root", None, "env")
    app.add_config_value("runner_runtime_dir", "", "env", types=frozenset({str}))
    app.add_config_value("runner_viz_file", "", "env", types=frozenset({str}))
