"""The KaTeX fonts a page's formulas use, preloaded so that nothing moves when they arrive.

katex.py links them from a page with math; :func:`with_fallbacks` gives KaTeX's
stylesheet the fallback faces that keep the formulas in place while they load.
"""

from __future__ import annotations

import functools
import json
import logging
import re
from pathlib import Path

# A browser fetches a web font only once text that uses it is laid out, and
# lays the text out again when it arrives: the formulas change width and lines
# wrap anew (a layout shift). A page therefore preloads the KaTeX fonts its
# formulas use, found from KaTeX's class names (katex.min.css says which
# class uses which font).
_FONT_CLASSES: list[tuple[frozenset[str], str]] = [
    (frozenset({"katex"}), "KaTeX_Main-Regular"),
    (frozenset({"mathnormal"}), "KaTeX_Math-Italic"),
    (frozenset({"mathit"}), "KaTeX_Main-Italic"),
    (frozenset({"textit"}), "KaTeX_Main-Italic"),
    (frozenset({"mathbf"}), "KaTeX_Main-Bold"),
    (frozenset({"textbf"}), "KaTeX_Main-Bold"),
    (frozenset({"boldsymbol"}), "KaTeX_Math-BoldItalic"),
    (frozenset({"amsrm"}), "KaTeX_AMS-Regular"),
    (frozenset({"mathbb"}), "KaTeX_AMS-Regular"),
    (frozenset({"mathcal"}), "KaTeX_Caligraphic-Regular"),
    (frozenset({"mathtt"}), "KaTeX_Typewriter-Regular"),
    (frozenset({"texttt"}), "KaTeX_Typewriter-Regular"),
    (frozenset({"mathsf"}), "KaTeX_SansSerif-Regular"),
    (frozenset({"textsf"}), "KaTeX_SansSerif-Regular"),
    (frozenset({"delimsizing", "size1"}), "KaTeX_Size1-Regular"),
    (frozenset({"delim-size1"}), "KaTeX_Size1-Regular"),
    (frozenset({"small-op"}), "KaTeX_Size1-Regular"),
    (frozenset({"delimsizing", "size2"}), "KaTeX_Size2-Regular"),
    (frozenset({"large-op"}), "KaTeX_Size2-Regular"),
    (frozenset({"delimsizing", "size3"}), "KaTeX_Size3-Regular"),
    (frozenset({"delimsizing", "size4"}), "KaTeX_Size4-Regular"),
    (frozenset({"delim-size4"}), "KaTeX_Size4-Regular"),
]


def fonts_used(page_html: str) -> list[str]:
    """The KaTeX fonts that the formulas of a page use (their file stems), in a fixed order.

    >>> fonts_used('<span class="katex"><span class="mord mathnormal">x</span></span>')
    ['KaTeX_Main-Regular', 'KaTeX_Math-Italic']
    """
    used: set[str] = set()
    for value in set(re.findall(r'class="([^"]*)"', page_html)):
        tokens = set(value.split())
        used.update(font for classes, font in _FONT_CLASSES if classes <= tokens)
    return sorted(used)


def preload_script(fonts: list[str], folder: str) -> str:
    """A line of script in the page's head that preloads ``fonts`` from ``folder``.

    It stands in the head before the stylesheet, so the fonts are asked for
    as early as the stylesheet. Fonts are fetched in CORS mode; a page opened
    from disk (file://) has no origin, so there a preload would fail with an
    error in the console (the stylesheet's own request still works): the
    script adds the preloads only when the page is served.
    """
    return (
        '<script id="katex-preload">(function (fonts) {'
        ' if (location.protocol === "file:") return;'
        " fonts.forEach(function (font) {"
        ' var link = document.createElement("link"); link.rel = "preload"; link.as = "font";'
        ' link.type = "font/woff2"; link.crossOrigin = "anonymous";'
        f' link.href = "{folder}" + font + ".woff2";'
        " document.head.appendChild(link); });"
        f"}})({json.dumps(fonts)});</script>\n"
    )


# --- While the fonts load: a fallback of the same size ---------------------
#
# A preload does not make the fonts arrive before the first paint: Chromium
# holds the first paint for a preloaded font only briefly (100 ms), and on a
# busy machine or a slow network they come later. Until then the browser
# lays a formula out in the next font of its stack, and when the KaTeX font
# arrives the formula changes size: an inline formula's box grew from 22 to
# 24 px (KaTeX_Main reaches 0.903 em above the baseline, Times New Roman
# 0.891) and its width changed, so a word moved to the next line and the
# paragraph below it by 24 px (chapter 1 at 412 px, 4 loads in 12 on a busy
# machine). So every KaTeX family is followed in its stacks by a fallback
# family of local fonts with the KaTeX font's metrics:
#
# - vertical: ascent-override and descent-override are the KaTeX font's own
#   hhea ascender and descender over its units per em (in every KaTeX font
#   hhea equals OS/2's win metrics and USE_TYPO_METRICS is off, so every
#   browser uses these), divided by the face's size-adjust, which scales them
#   too. A line holding a formula keeps its height whichever local font
#   stands in. (The line gap counts only where line-height is normal, never
#   in a formula: KaTeX sets it to 1.2.)
# - horizontal: widths differ from font to font one character at a time
#   (KaTeX's digits are 0.79 as wide as DejaVu Serif's, its "=" 0.93, its "["
#   0.71), and one size-adjust for a whole font still moved lines: two
#   paragraphs of chapter 1 at 412 px. So where the DejaVu fonts are
#   installed (most Linux systems, and the machines that run the tests), each
#   character of the fonts of inline formulas (EXACT) gets a face of its own
#   (unicode-range; the characters of one ratio share one face)
#   whose size-adjust makes it as wide as in KaTeX: then no line of an
#   English page breaks elsewhere when the fonts arrive, at 360, 412 or 1280
#   px (formulas differ by 1/32 px or so, which moved one line of Chinese,
#   whose lines break between any two characters, in 77 page widths). The widths are read from the copies of DejaVu Serif (and
#   of DejaVu Sans, for the few characters Serif lacks) that matplotlib ships:
#   2.35, whose widths differ from 2.37's only in Roman numerals. KaTeX's
#   other fonts, and characters of no face, get DejaVu at the font's average
#   width; without DejaVu, Times New Roman, Liberation Serif or Noto Serif
#   stands in at its own width, with the KaTeX font's height.
#
# The faces are appended to KaTeX's stylesheet, which every page with math
# already loads (6 KB more, compressed). The fonts are read with fontTools,
# which matplotlib (a dependency of the book's build) requires.
FALLBACK_SUFFIX = " fallback"
# A face per character: the fonts of nearly every formula, and the sizes of
# the sums and brackets that stand inline as well (a matrix's brackets).
EXACT = ("KaTeX_Main-Regular", "KaTeX_Math-Italic") + tuple(
    f"KaTeX_Size{n}-Regular" for n in range(1, 5)
)
_SERIFS = ("Times New Roman", "Liberation Serif", "Noto Serif")
_DEJAVU = {  # (font-style, font-weight) -> matplotlib's DejaVu Serif, then Sans
    ("normal", "400"): ("DejaVuSerif.ttf", "DejaVuSans.ttf"),
    ("italic", "400"): ("DejaVuSerif-Italic.ttf", "DejaVuSans-Oblique.ttf"),
    ("normal", "700"): ("DejaVuSerif-Bold.ttf", "DejaVuSans-Bold.ttf"),
    ("italic", "700"): ("DejaVuSerif-BoldItalic.ttf", "DejaVuSans-BoldOblique.ttf"),
}
_FACE = re.compile(
    r"@font-face\{font-family:\"?(\w+)\"?;font-style:(\w+);font-weight:(\d+);"
    r"src:url\(fonts/([\w-]+)\.woff2\)"
)
_FAMILY_IN_STACK = re.compile(r'"?\b(KaTeX_\w+)"?(?=[,;}])')


def katex_faces(katex_css: str) -> dict[str, tuple[str, str, str]]:
    """KaTeX's faces, from its stylesheet: file stem -> (family, style, weight).

    >>> katex_faces('@font-face{font-family:KaTeX_Math;font-style:italic;'
    ...     'font-weight:400;src:url(fonts/KaTeX_Math-Italic.woff2) format("woff2")}')
    {'KaTeX_Math-Italic': ('KaTeX_Math', 'italic', '400')}
    """
    return {m[4]: (m[1], m[2], m[3]) for m in _FACE.finditer(katex_css)}


def with_fallback_families(katex_css: str) -> str:
    """KaTeX's stylesheet with each family followed by its fallback in every stack.

    >>> with_fallback_families(".katex{font:normal 1.21em KaTeX_Main,Times New Roman}"
    ...     '.katex .mathnormal{font-family:KaTeX_Math;font-style:italic}')
    '.katex{font:normal 1.21em KaTeX_Main,"KaTeX_Main fallback",Times New Roman}\
.katex .mathnormal{font-family:KaTeX_Math,"KaTeX_Math fallback";font-style:italic}'
    """
    parts = re.split(r"(@font-face\{[^}]*\})", katex_css)
    return "".join(
        part
        if part.startswith("@font-face")
        else _FAMILY_IN_STACK.sub(r'\1,"\1' + FALLBACK_SUFFIX + '"', part)
        for part in parts
    )


def with_fallbacks(katex_css: str, fonts: Path) -> str:
    """KaTeX's stylesheet, its stacks naming the fallback families, and their faces.

    ``fonts`` is KaTeX's folder of fonts, whose TrueType files give the metrics.
    """
    dejavu = dejavu_folder()
    rules = []
    for stem, (family, style, weight) in sorted(katex_faces(katex_css).items()):
        widths, vertical, _names = font_metrics(fonts / f"{stem}.ttf")
        face = functools.partial(_face, family, style, weight, vertical)
        suffix = {("normal", "400"): "", ("italic", "400"): " Italic"}.get(
            (style, weight), " Bold" if style == "normal" else " Bold Italic"
        )
        rules.append(face([s + suffix for s in _SERIFS]))  # any serif, KaTeX's height
        if dejavu is None or (style, weight) not in _DEJAVU:
            continue
        serif, sans = (font_metrics(dejavu / name) for name in _DEJAVU[style, weight])
        shared = [c for c in widths if widths[c] and serif[0].get(c)]
        mean = sum(widths[c] for c in shared) / sum(serif[0][c] for c in shared)
        rules.append(face([serif[2][0]], mean))  # DejaVu, as wide on average
        if stem not in EXACT:
            continue
        groups: dict[tuple[str, str], set[str]] = {}
        for code, width in widths.items():
            other = next((f for f in (serif, sans) if f[0].get(code)), None)
            if width and other:  # a later face comes first for its characters
                ratio = f"{width / other[0][code]:.4f}"
                groups.setdefault((other[2][0], ratio), set()).add(chr(code))
        for (name, ratio), chars in sorted(groups.items()):
            rules.append(face([name], float(ratio), chars))
    return with_fallback_families(katex_css) + "\n" + "\n".join(rules) + "\n"


def unicode_range(chars) -> str:
    """The characters as a CSS unicode-range, runs of code points joined.

    >>> unicode_range("x0123+")
    'U+2B,U+30-33,U+78'
    """
    runs: list[list[int]] = []
    for code in sorted({ord(c) for c in chars}):
        if runs and code == runs[-1][1] + 1:
            runs[-1][1] = code
        else:
            runs.append([code, code])
    return ",".join(f"U+{a:X}" if a == b else f"U+{a:X}-{b:X}" for a, b in runs)


def _face(family, style, weight, vertical, local, size=1.0, chars="") -> str:
    """One fallback face: ``local`` fonts at ``size``, with KaTeX's ``vertical`` metrics."""
    ascent, descent = (f"{100 * v / size:.2f}%" for v in vertical[:2])
    sources = ",".join(f'local("{name}")' for name in local)
    return (
        f'@font-face{{font-family:"{family}{FALLBACK_SUFFIX}";font-style:{style};'
        f"font-weight:{weight};src:{sources};"
        + (f"unicode-range:{unicode_range(chars)};" if chars else "")
        + (f"size-adjust:{100 * size:.2f}%;" if size != 1.0 else "")
        + f"ascent-override:{ascent};descent-override:{descent}}}"
    )


@functools.cache
def font_metrics(
    path: Path,
) -> tuple[dict[int, float], tuple[float, float, float], tuple[str, str]]:
    """A font's advance widths, its hhea ascender, descender and line gap, and its names.

    The widths (by code point) and the vertical metrics are in em; the names
    are the full and the PostScript name, which ``local()`` finds it by.
    """
    from fontTools.ttLib import TTFont

    quiet = logging.getLogger("fontTools")  # KaTeX's fonts carry odd timestamps
    level, quiet.level = quiet.level, logging.ERROR
    try:
        font = TTFont(path, lazy=True)
        per_em = font["head"].unitsPerEm
        widths = font["hmtx"].metrics
        advances = {
            code: widths[glyph][0] / per_em
            for code, glyph in font.getBestCmap().items()
        }
        hhea = font["hhea"]
        vertical = (hhea.ascent / per_em, -hhea.descent / per_em, hhea.lineGap / per_em)
        names = font["name"]
        full, postscript = names.getDebugName(4), names.getDebugName(6)
    finally:
        quiet.level = level
    return advances, vertical, (full, postscript)


def dejavu_folder() -> Path | None:
    """matplotlib's folder of DejaVu fonts, or None without matplotlib."""
    try:
        import matplotlib
    except ImportError:
        return None
    folder = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    files = {name for names in _DEJAVU.values() for name in names}
    return folder if all((folder / name).is_file() for name in files) else None
