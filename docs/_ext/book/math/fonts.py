"""The KaTeX fonts a page's formulas use, preloaded so that nothing moves when they arrive.

katex.py links them from a page with math.
"""

from __future__ import annotations

import json
import re

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
