"""Every included piece of the engine says where it goes in the file.

``docs/_ext/book/code/captions.py`` captions each ``literalinclude`` of a Python
file with the snippet's place, found in the real file: "tinygrad.py, in class
``Value``, after ``__add__``". Three checks: the place finder on a small file
whose answers we know, a small Sphinx project built with the extension (MyST
and reST pages, an explicit caption kept), and the built book itself, where
every include of ``tinygrad.py`` must carry its caption.
"""

from __future__ import annotations

import doctest
import re
from html import unescape

import pytest

from book.code import captions  # docs/_ext, on pytest's pythonpath
from helpers import ENGINE, ROOT

SAMPLE = '''\
"""A module."""

import math

RATE = 0.1


class Point:
    """A point."""

    __slots__ = ("x",)

    def __init__(self, x):
        self.x = x

    @property
    def double(self):
        return 2 * self.x

    # --- distances ---
    def norm(self):
        return abs(self.x)


def helper():
    def inner():
        return 1

    return inner()
'''


def line_of(text: str, source: str = SAMPLE) -> int:
    return source.splitlines().index(text) + 1


@pytest.mark.parametrize(
    "line, expected",
    [
        ("import math", "sample.py, top level, after the docstring"),
        ("RATE = 0.1", "sample.py, top level, after the imports"),
        ("class Point:", "sample.py, top level, after RATE"),
        ('    """A point."""', "sample.py, at the start of class Point"),
        ("    def __init__(self, x):", "sample.py, in class Point, after __slots__"),
        (
            "    @property",
            "sample.py, in class Point, after __init__",
        ),  # decorators count
        (
            "    # --- distances ---",
            "sample.py, in class Point, after double",
        ),  # a marker
        ("    def norm(self):", "sample.py, in class Point, after double"),
        ("def helper():", "sample.py, top level, after Point"),
        ("    def inner():", "sample.py, at the start of function helper"),
        ("    return inner()", "sample.py, in function helper, after inner"),
    ],
)
def test_place_of_a_line(line, expected):
    assert captions.place_of_line(SAMPLE, line_of(line)).text("sample.py") == expected


def test_the_module_examples():
    results = doctest.testmod(captions)
    assert results.attempted >= 3 and results.failed == 0


def test_the_first_line_of_the_file():
    assert captions.place_of_line(SAMPLE, 1).text("s.py") == "s.py, at the top"


CONF = """\
extensions = ["myst_parser", "book"]
exclude_patterns = ["_build"]
"""
MARKDOWN_PAGE = """\
# Sample

```{literalinclude} sample.py
:pyobject: Point.norm
```

```{literalinclude} sample.py
:pyobject: helper
```

```{literalinclude} sample.py
:start-after: "# --- distances ---"
:end-before: "def helper"
```

```{literalinclude} sample.py
:pyobject: Point.__init__
:caption: Our own words
```

```{literalinclude} notes.txt
```

```{literalinclude} sample.py
```
"""
REST_PAGE = """\
Rest
====

.. literalinclude:: sample.py
   :pyobject: Point.__init__
"""


def _captions(html: str) -> list[str]:
    found = re.findall(r'<div class="code-block-caption">(.*?)</div>', html, re.S)
    found = [re.sub(r'<a class="headerlink".*?</a>', "", c, flags=re.S) for c in found]
    return [unescape(re.sub(r"<[^>]+>", "", c)) for c in found]


@pytest.mark.slow  # a Sphinx build of a small book: 1 s
def test_a_small_book_gets_its_captions(tmp_path):
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        f"import sys; sys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n" + CONF
    )
    (src / "sample.py").write_text(SAMPLE)
    (src / "notes.txt").write_text("not Python\n")
    (src / "index.md").write_text(MARKDOWN_PAGE + "\n```{toctree}\nrest\n```\n")
    (src / "rest.rst").write_text(REST_PAGE)
    # As sphinx-build does: the directives this build registers are gone after it
    # (left behind, they would make a later build in this worker warn).
    with patch_docutils(src), docutils_namespace():
        app = Sphinx(
            str(src),
            str(src),
            str(tmp_path / "out"),
            str(tmp_path / "doctrees"),
            "html",
            status=None,
            warning=None,
            freshenv=True,
        )
        app.build()
    assert app.statuscode == 0

    index = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert _captions(index) == [
        "sample.py, in class Point, after double",
        "sample.py, top level, after Point",
        "sample.py, in class Point, after double",
        "Our own words",  # an explicit caption wins; notes.txt is not Python: no caption
        "sample.py, the whole file",
    ]
    first = re.search(
        r'<div class="code-block-caption">(.*?)</div>', index, re.S
    ).group(1)
    assert re.search(r"<code[^>]*>.*Point.*</code>", first), "names are set as code"
    rest = (tmp_path / "out" / "rest.html").read_text(encoding="utf-8")
    # `__slots__` must stay a name: reST would read it as a link, MyST as bold.
    assert _captions(rest) == ["sample.py, in class Point, after __slots__"]


INCLUDE = re.compile(r"^```+\{literalinclude\}\s+(\S+)\s*\n((?::[^\n]*\n)*)", re.M)


def test_every_include_of_the_engine_in_the_book_has_its_caption(site):
    checked = 0
    for source in sorted((ROOT / "docs").rglob("*.md")):
        if "_build" in source.parts:
            continue
        wanted = [
            m
            for m in INCLUDE.finditer(source.read_text(encoding="utf-8"))
            if m.group(1).endswith(ENGINE.name) and ":caption:" not in m.group(2)
        ]
        if not wanted:
            continue
        page = site / source.relative_to(ROOT / "docs").with_suffix(".html")
        captions = [
            c
            for c in _captions(page.read_text(encoding="utf-8"))
            if c.startswith(ENGINE.name + ", ")
        ]
        assert len(captions) == len(wanted), (
            f"{page.name}: {len(wanted)} includes of {ENGINE.name}, {len(captions)} captions"
        )
        checked += len(captions)
    assert checked >= 5, "expected the book to include the engine at least five times"
