"""The Chinese figures' font: Noto Sans SC from the pinned npm package, as a TrueType file.

The Chinese edition's figures draw their Chinese characters in Noto Sans SC,
which ``make`` installs like KaTeX: npm's ``@fontsource/noto-sans-sc``
(pinned in package.json and package-lock.json), so no system font is needed.
That package is made for browsers: its ``chinese-simplified`` subset (7,946
characters: every character the book's figures and pages use) comes as WOFF,
which matplotlib's FreeType cannot open. This script unpacks it with fontTools
(a matplotlib dependency) into a plain TrueType file, and names it as the
typeface it is ("Noto Sans SC", Regular and Bold: the package's files all
carry the family name "Noto Sans SC Thin" of the variable font they were cut
from).

``make`` runs it after ``npm ci``; ``docs/chapters/figures/style.py`` registers
the file with matplotlib (``font_manager.fontManager.addfont``). Run alone::

    python docs/_tools/cjk_font.py   # writes node_modules/.book-fonts/NotoSansSC-*.ttf
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
PACKAGE = TOOLS / "node_modules" / "@fontsource" / "noto-sans-sc"
FOLDER = TOOLS / "node_modules" / ".book-fonts"
FAMILY = "Noto Sans SC"
# weight -> style: the figures draw regular and bold text
STYLES = {400: "Regular", 700: "Bold"}


def source(weight: int) -> Path:
    return PACKAGE / "files" / f"noto-sans-sc-chinese-simplified-{weight}-normal.woff"


def target(weight: int) -> Path:
    return FOLDER / f"NotoSansSC-{STYLES[weight]}.ttf"


def convert(weight: int) -> Path:
    """Write the package's WOFF file of ``weight`` as TrueType, renamed; return its path.

    Written to a temporary file first and moved into place, so a figure never
    reads half a font. Returns ``target``.
    """
    from fontTools.ttLib import TTFont

    woff, ttf, style = source(weight), target(weight), STYLES[weight]
    postscript = f"NotoSansSC-{style}"
    if not woff.is_file():
        raise FileNotFoundError(
            f"the Chinese figures' font is not installed: {woff} is missing; "
            "run `make html` (npm ci installs @fontsource/noto-sans-sc, pinned in "
            "docs/_tools/package.json)"
        )
    font = TTFont(woff)
    font.flavor = None  # plain sfnt, as FreeType reads it
    names = font["name"]
    for name_id in (16, 17, 21, 22):  # typographic family names: not needed
        names.removeNames(nameID=name_id)
    for name_id, value in (
        (1, FAMILY),
        (2, style),
        (3, f"{font['head'].fontRevision:.3f};{postscript}"),
        (4, f"{FAMILY} {style}"),
        (6, postscript),
    ):
        names.setName(value, name_id, 3, 1, 0x409)  # Windows, Unicode, English
    ttf.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(
        dir=ttf.parent, suffix=".ttf", delete=False
    ) as scratch:
        font.save(scratch)
    os.chmod(scratch.name, 0o644)
    os.replace(scratch.name, ttf)
    return ttf


def main() -> int:
    for weight in STYLES:
        try:
            written = convert(weight)
        except (FileNotFoundError, OSError, ValueError) as error:
            print(f"cjk_font.py: {error}", file=sys.stderr)
            return 1
        print(f"cjk_font.py: wrote {written.relative_to(TOOLS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
