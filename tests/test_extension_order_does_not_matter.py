"""The book comes out the same whatever the order of its extensions.

Every change an extension makes to a page is made while the page is written
(``html-page-context``, the templates, the translator), never by rewriting
the written files once the build is done, so no extension can undo or
repeat another's work depending on which runs first. A tiny book with the
real ``conf.py`` (every extension, the templates, the static files) is built
twice at once, with ``extensions`` as written and with the book's own
extensions (``docs/_ext``) in reverse order (in their places among the
others: sphinx-autodoc-typehints, for one, must come after autodoc), and
every page of the two sites must be the same, byte for byte.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from built_site import ROOT, missing

DOCS = ROOT / "docs"
NODE_MODULES = DOCS / "_tools" / "node_modules"

CONF = f"""\
import os, runpy
_real = runpy.run_path({str(DOCS / "conf.py")!r})
globals().update({{k: v for k, v in _real.items() if not k.startswith("__")}})
plot_working_directory = os.path.join(os.path.dirname(__file__), "figures")  # none
if os.environ.get("BOOK_EXTENSION_ORDER") == "reversed":  # the book's own, in their places
    _ours = [e for e in extensions if os.path.isfile(os.path.join({str(DOCS / "_ext")!r}, e + ".py"))]
    _theirs = iter(reversed(_ours))
    extensions = [next(_theirs) if e in _ours else e for e in extensions]
"""
PAGES = {
    "index.md": """\
# Tiny book

The front page of a tiny book, with enough words in it to be the description.

```{toctree}
:caption: Chapters
chapters/01-tiny
```
""",
    "chapters/01-tiny.md": """\
# Tiny chapter

A paragraph with a formula, $x^2$, and enough words to be this page's description.

$$
\\frac{d}{dx} x^2 = 2x
$$ (eq-tiny)

| | a | b |
|---|---|---|
| one | 1 | 2 |

![The book's icon](../_static/favicon.svg)

![The icon again](../_static/favicon.svg)

% printed by Python 3.11
```python
>>> 1 + 1
2
```

```{literalinclude} ../../src/tinygrad.py
:pyobject: Value.__add__
```
""",
}


def tiny_book(folder: Path) -> Path:
    """The tiny book's sources in ``folder``/docs, beside a link to the real ``src``."""
    docs = folder / "docs"
    for name, text in PAGES.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")
    (docs / "conf.py").write_text(CONF, encoding="utf-8")
    (docs / "figures").mkdir()
    for shared in ("_static", "_templates", "locale"):
        (docs / shared).symlink_to(DOCS / shared)
    (folder / "src").symlink_to(ROOT / "src")
    return docs


@pytest.mark.slow
def test_the_pages_do_not_depend_on_the_order_of_the_extensions(tmp_path: Path):
    for package, file in (("katex", "dist/katex.min.css"), ("pyodide", "pyodide.mjs")):
        if not (NODE_MODULES / package / file).is_file():
            missing(
                f"{package} is not installed in {NODE_MODULES} (make html runs npm ci)"
            )
    docs = tiny_book(tmp_path)
    builds = {}
    for order in ("as written", "reversed"):
        out = tmp_path / order.replace(" ", "-")
        command = [
            sys.executable,
            "-m",
            "sphinx",
            "-b",
            "html",
            "-W",
            "--keep-going",
            "-n",
            "-q",
            "-d",
            str(out) + ".doctrees",
            str(docs),
            str(out),
        ]
        env = {**os.environ, "BOOK_EXTENSION_ORDER": order.split()[0]}
        builds[out] = subprocess.Popen(
            command,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
    for out, build in builds.items():
        output, _ = build.communicate(timeout=300)
        assert build.returncode == 0, f"the build with {out.name} extensions:\n{output}"
    first, second = builds
    pages = sorted(p.relative_to(first) for p in first.rglob("*.html"))
    assert [p.as_posix() for p in pages] == [
        "404.html",
        "chapters/01-tiny.html",
        "genindex.html",
        "index.html",
        "search.html",
    ]
    assert pages == sorted(p.relative_to(second) for p in second.rglob("*.html"))
    chapter = (first / "chapters" / "01-tiny.html").read_text(encoding="utf-8")
    # the touches that used to be made to the written files are there
    for mark in (
        'id="katex-preload"',
        'tabindex="0"',
        'loading="lazy"',
        'aria-label="Book contents"',
        'aria-level="2"',
        "runner-printed-by-3-11",
        'class="runner-run"',
        '<td class="head"></td>',
    ):
        assert mark in chapter, mark
    different = [
        p.as_posix()
        for p in pages
        if (first / p).read_bytes() != (second / p).read_bytes()
    ]
    assert not different, (
        f"pages that differ when the extensions are reversed: {different}"
    )


# What the book's extensions do once the build is done, where nothing else can
# (its docstring says why): no page is rewritten, nothing is copied. The pages'
# other files are static files given to Sphinx, the 404 page is one of its pages.
# With the site's address set, previews.py adds one more: the cards' cache and
# the sitemap of every edition, in the build's own output.
AFTER_THE_BUILD = {
    "upstream_fixes.mend_search_stemmer",  # language_data.js, a script Sphinx wrote
}
WITH_THE_SITE_URL = {"previews.finish_previews"}


@pytest.mark.parametrize("site_url", ["", "https://example.org/book/"])
def test_no_extension_rewrites_the_pages_after_the_build(site_url, monkeypatch):
    import importlib
    from unittest import mock

    monkeypatch.setenv("BOOK_SITE_URL", site_url)
    found = set()
    for path in sorted((DOCS / "_ext").glob("*.py")):
        module = importlib.import_module(path.stem)
        if not hasattr(module, "setup"):
            continue  # a helper the extensions import (priorities.py, page_marks.py)
        app = mock.MagicMock()
        module.setup(app)
        for call in app.connect.call_args_list:
            event, handler = call.args[:2]
            if event == "build-finished":
                found.add(f"{path.stem}.{handler.__name__}")
    expected = AFTER_THE_BUILD | (WITH_THE_SITE_URL if site_url else set())
    assert found == expected
    assert len(expected) <= 2
