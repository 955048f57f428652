"""One look for every figure in the book: the palette and the axes style.

The palette is Okabe and Ito's, which stays distinct for colour-blind readers,
with its two lightest colours darkened just enough that every line and point
has 3:1 contrast with the white paper (WCAG's rule for graphics): orange
#E69F00 (2.3:1) became #C27C00 (3.4:1), sky blue #56B4E9 (2.3:1) #3B8ED0
(3.5:1). Nothing is drawn faded (alpha) either: a faded line loses its
contrast. The widgets use the same colours (docs/_static/widgets/widgets.css).
The secant is always orange and the tangent always purple.

Every word a figure draws goes through `tr`, in English: the English build
draws it as written; a translated build (Sphinx's ``language``, which
docs/_ext/book/figures/cache.py hands to the scripts as ``BOOK_LANGUAGE``,
with the build's catalogue folders as ``BOOK_LOCALE_DIRS``) draws its
translation from the catalogue ``<language>/LC_MESSAGES/figures.po``, which
``make catalogues`` refreshes from the scripts' ``tr`` calls. Latin letters,
digits and math keep the book's font; when the words hold CJK characters,
Noto Sans SC draws them: the font file comes from npm's
``@fontsource/noto-sans-sc``, pinned in docs/_tools/package.json and unpacked
to TrueType by docs/_tools/cjk_font.py when ``make`` installs it, and is
registered with matplotlib here, so no system font is needed. ``data`` and
``grad`` stay as they are: they are the names of the engine's attributes.
"""

import os
import re
import string
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib import font_manager

BLUE = "#0072B2"  # curves: the function or the loss
ORANGE = "#C27C00"  # secants, finite differences
PURPLE = "#CC79A7"  # tangents, derivatives
GREEN = "#009E73"  # gradient-descent steps, training
VERMILION = "#D55E00"  # errors, divergence
SKY = "#3B8ED0"  # a second series
GREY = "#666666"  # guides and annotations

plt.rcParams.update(
    {
        "figure.figsize": (6.4, 3.6),
        "figure.dpi": 100,
        "figure.facecolor": "white",
        "axes.facecolor": "white",
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.grid": True,
        "grid.color": "#dddddd",
        "grid.linewidth": 0.6,
        "font.size": 10,
        "legend.frameon": False,
        "lines.linewidth": 2,
        "svg.fonttype": "path",
    }
)

CJK_FONT = "Noto Sans SC"
# Written by docs/_tools/cjk_font.py (make runs it after npm ci): regular and bold.
CJK_FONT_FILES = [
    Path(__file__).resolve().parents[2]
    / "_tools"
    / "node_modules"
    / ".book-fonts"
    / f"NotoSansSC-{style}.ttf"
    for style in ("Regular", "Bold")
]
CJK_FONT_FILE = CJK_FONT_FILES[0]


LOCALE = Path(__file__).resolve().parents[2] / "locale"  # when run alone
CATALOGUE = "figures"  # figures.po
CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")


def language() -> str:
    """The language the figures are drawn in: the book's, or English when run alone."""
    return os.environ.get("BOOK_LANGUAGE") or "en"


def catalogue_files() -> list[Path]:
    """The figures' catalogue of the book's language in the build's catalogue
    folders (``BOOK_LOCALE_DIRS``; docs/locale when run alone); none in English."""
    if language() == "en":
        return []
    folders = os.environ.get("BOOK_LOCALE_DIRS")
    found = [
        Path(folder, language(), "LC_MESSAGES", f"{CATALOGUE}.po")
        for folder in (folders.split(os.pathsep) if folders else [LOCALE])
    ]
    return [path for path in found if path.is_file()]


def _read(files: list[Path]) -> dict[str, str]:
    """msgid -> msgstr of every message ("" untranslated or fuzzy: English)."""
    from babel.messages.pofile import read_po

    words: dict[str, str] = {}
    for path in files:
        with path.open("rb") as handle:
            for message in read_po(handle):
                if message.id:
                    words[message.id] = "" if message.fuzzy else message.string
    return words


WORDS = _read(catalogue_files())


def tr(english: str, /, **values: object) -> str:
    """The words ``english`` in the book's language, with ``values`` filled in.

    ``english`` is a `str.format` template ("slope {slope:g}"). A language with
    a figures.po that lacks the message is an error (run ``make catalogues``);
    an untranslated one is drawn in English.
    """
    text = english
    if WORDS:
        try:
            text = WORDS[english] or english
        except KeyError:
            raise KeyError(
                f"style.tr: {english!r} is not in {CATALOGUE}.po for "
                f"{language()}: run make catalogues, then translate it"
            ) from None
    return text.format(**values) if values else text


def needs_cjk() -> bool:
    """Do the figures' words hold CJK characters (so the CJK font must draw them)?"""
    return any(CJK.search(words) for words in WORDS.values())


def fields(template: str) -> list[str]:
    """The placeholders of a template, with their formats: "{slope:g}" -> ["slope:g"]."""
    return sorted(
        f"{name}:{spec}"
        for _, name, spec, _ in string.Formatter().parse(template)
        if name is not None
    )


def font_files() -> list[Path]:
    """The font files the figures draw their words with, in the book's language.

    The figure cache (docs/_ext/book/figures/cache.py) hashes them into every
    figure's key, so a figure is drawn again when its fonts change. A family
    matplotlib cannot find is an error here, not a silent fallback.
    """
    found = [
        Path(
            font_manager.findfont(
                font_manager.FontProperties(family=[family], weight=weight),
                fallback_to_default=False,
            )
        )
        for family in plt.rcParams["font.family"]
        for weight in ("normal", "bold")
    ]
    return list(dict.fromkeys(found))


if needs_cjk():
    for cjk_file in CJK_FONT_FILES:
        if not cjk_file.is_file():
            raise FileNotFoundError(
                f"style.py: the CJK figures' font {cjk_file} is missing: run "
                "`make html`, which installs @fontsource/noto-sans-sc (npm ci) and "
                "unpacks it (docs/_tools/cjk_font.py)"
            )
        if str(cjk_file) not in {f.fname for f in font_manager.fontManager.ttflist}:
            font_manager.fontManager.addfont(str(cjk_file))
    # Latin letters, digits and math keep the book's font; what it lacks
    # (Chinese characters, full-width punctuation) comes from the CJK font.
    # (matplotlib falls back from font to font along font.family, not along
    # the generic family's list, so the two fonts are named there.)
    plt.rcParams["font.family"] = ["DejaVu Sans", CJK_FONT]
