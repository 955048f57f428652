"""The Chinese PDF's font: Noto Sans SC, from the pinned npm package, in the page Chromium prints.

``make pdf`` prints the one-page (``singlehtml``) book with headless Chromium,
which can draw a Chinese character only in a font that has it, and a fresh
machine has no CJK font. So in a Chinese ``singlehtml`` build this part
adds to the page's static files the ``chinese-simplified`` WOFF2 of npm's
``@fontsource/noto-sans-sc`` (pinned in docs/_tools/package.json, installed
by ``make``; the figures use the same font, see docs/_tools/cjk_font.py) and
``print-font.css``, which declares it for CJK characters only (its
``unicode-range``) and puts it first in furo's font stacks, so Latin letters
keep their fonts and every Chinese character comes from it (Chromium embeds
only the glyphs used). The site's pages do not load
it: the Chinese edition's readers have CJK fonts, and 1.1 MB would weigh on
every page.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from ..build import edition, output

FONT = (
    Path(__file__).resolve().parents[3]
    / "_tools"
    / "node_modules"
    / "@fontsource"
    / "noto-sans-sc"
    / "files"
    / "noto-sans-sc-chinese-simplified-400-normal.woff2"
)
STYLESHEET = "print-font.css"
# First in furo's own stacks (furo.css), but only for CJK characters and
# full-width punctuation (unicode-range): Latin letters keep their fonts.
# (After the generic "sans-serif", Chromium never reached it: that generic
# resolves, for zh-CN, to a system CJK font, and without one draws boxes.)
CSS = """\
/* The Chinese PDF's font (docs/_ext/book/epub_pdf/pdf_font.py): Noto Sans SC, OFL-1.1. */
@font-face {{
  font-family: "Noto Sans SC";
  font-style: normal;
  font-weight: 400;
  font-display: block;
  src: url("fonts/{font}") format("woff2");
  unicode-range: U+2E80-9FFF, U+F900-FAFF, U+FE30-FE4F, U+FF00-FFEF;
}}
body {{
  --font-stack: "Noto Sans SC", -apple-system, BlinkMacSystemFont, Segoe UI,
    Helvetica, Arial, sans-serif, Apple Color Emoji, Segoe UI Emoji;
  --font-stack--monospace: "SFMono-Regular", Menlo, Consolas, Monaco,
    Liberation Mono, Lucida Console, "Noto Sans SC", monospace;
  --font-stack--headings: var(--font-stack);
}}
"""


def chinese_pdf(app: Sphinx) -> bool:
    return output(app).one_page and edition(app.config).cjk


def add_print_font(app: Sphinx) -> None:
    if not chinese_pdf(app):
        return
    if not FONT.is_file():
        raise ExtensionError(
            f"pdf_font: the Chinese PDF's font {FONT} is missing: run `make pdf`, "
            "which installs @fontsource/noto-sans-sc (npm ci, docs/_tools/package.json)"
        )
    static = Path(app.doctreedir).parent / "print-font-static"
    (static / "fonts").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(FONT, static / "fonts" / FONT.name)
    (static / STYLESHEET).write_text(CSS.format(font=FONT.name), encoding="utf-8")
    app.config.html_static_path = [*app.config.html_static_path, str(static)]
    app.add_css_file(STYLESHEET)
