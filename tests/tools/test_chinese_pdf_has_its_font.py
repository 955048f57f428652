"""The Chinese PDF draws its Chinese characters, on a machine with no CJK font.

``make pdf`` prints the one-page book with headless Chromium, which can draw a
Chinese character only in a font that has it. docs/_ext/book/epub_pdf/pdf_font.py gives
the Chinese ``singlehtml`` build Noto Sans SC from the pinned npm package; the
site's pages do not load it. A tiny Chinese book shows both, and Chromium
prints it with the font embedded.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from helpers import ROOT, find_browser, missing

pytestmark = pytest.mark.slow  # Sphinx builds

CONF = """\
import sys
sys.path.insert(0, {ext!r})
extensions = ["book"]
html_theme = "furo"
project = "斜率"
"""
PAGE = "斜率\n====\n\n随着 h 缩小，经过 x = 5 的割线变成切线。\n"


def build(src, out, builder: str, language: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-W", "-b", builder,
         "-D", f"language={language}", str(src), str(out)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip


def test_the_chinese_pdf_embeds_noto_sans_sc_and_the_site_does_not_load_it(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF.format(ext=str(ROOT / "docs" / "_ext")))
    (src / "index.rst").write_text(PAGE, encoding="utf-8")

    build(src, tmp_path / "pdf", "singlehtml", "zh_CN")
    page = (tmp_path / "pdf" / "index.html").read_text(encoding="utf-8")
    assert "_static/print-font.css" in page
    font = tmp_path / "pdf" / "_static" / "fonts"
    assert [p.suffix for p in font.iterdir()] == [".woff2"]
    assert (
        '"Noto Sans SC"'
        in (tmp_path / "pdf" / "_static" / "print-font.css").read_text()
    )

    for builder, language in (("html", "zh_CN"), ("singlehtml", "en")):
        out = tmp_path / f"{builder}-{language}"
        build(src, out, builder, language)
        assert "print-font" not in (out / "index.html").read_text(encoding="utf-8")
        assert not (out / "_static" / "fonts").exists()

    try:
        find_browser.chromium()
    except find_browser.Missing as problem:
        missing(str(problem), fatal=problem.fatal)
    pdf = tmp_path / "book.pdf"
    subprocess.run(
        [sys.executable, str(ROOT / "docs" / "_tools" / "print_pdf.py"),
         str(tmp_path / "pdf" / "index.html"), str(pdf)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    fonts = set(
        re.findall(rb"/BaseFont\s*/[A-Z]{6}\+([A-Za-z0-9-]+)", pdf.read_bytes())
    )
    assert any(name.startswith(b"NotoSansSC") for name in fonts), fonts
