"""Every figure is drawn in the language of its edition, and described in it.

The figure scripts pass each word they draw through ``style.tr``, in English;
the catalogue ``figures.po`` of each language translates them. Four kinds of
checks:

- the catalogue: every literal a script hands to ``tr`` is a message of the
  Chinese ``figures.po``, translated, with the same placeholders and formats;
  no message is left over; every translation is Chinese, with no English word
  left in it;
- ``tr`` and the fonts, in a fresh Python per language: English is drawn as
  written, Chinese with its characters from Noto Sans SC (the pinned npm
  package's file, never a system font) and no glyph missing, and a word the
  catalogue lacks fails with a message naming it; a pseudo-language made of
  the copied catalogue draws the same words in the same fonts (the font
  follows the words, not the language's name); every character of the
  Chinese catalogue is in one of the two fonts;
- the catalogues: every ``:alt:`` and ``:caption:`` of a ``plot`` directive has
  a Chinese translation that is neither missing nor fuzzy;
- the built Chinese edition (``<site>/zh_CN``): no figure draws an English word
  (allowed: names of code, engines and units), every image's alt text and every
  figure caption is Chinese.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import catalogues  # docs/_tools, on pytest's pythonpath
import style  # docs/chapters/figures, on pytest's pythonpath
from helpers import CHINESE, ROOT, catalogue_folder, need

FIGURES = ROOT / "docs" / "chapters" / "figures"
LOCALE = catalogue_folder(CHINESE)
FIGURES_PO = LOCALE / "figures.po"
CJK = re.compile(r"[\u3400-\u9fff]")
# Words a Chinese figure may draw: the engine's attribute and class names, the
# engines and libraries by name, units, and the names the book keeps in Latin
# letters (tanh, softmax, ReLU, XOR, MLP).
ALLOWED = {
    "tanh",
    "relu",
    "softmax",
    "sigmoid",
    "xor",
    "mlp",
    "data",
    "grad",
    "value",
    "tensor",
    "tinygrad",
    "tensorgrad",
    "micrograd",
    "numpy",
    "python",
    "pytorch",
    "gc",
    "ms",
    "ns",
}


def english_words(text: str) -> set[str]:
    """Latin words of three letters or more outside $math$, not in ALLOWED."""
    text = re.sub(r"\$[^$]*\$", " ", text)
    return {w for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() not in ALLOWED}


def _scripts() -> list[Path]:
    return sorted(p for p in FIGURES.glob("*.py") if p.name != "style.py")


def _tr_literals() -> dict[str, str]:
    """Every string literal given to tr() as its first argument, with where it is."""
    found: dict[str, str] = {}
    for script in _scripts():
        for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = (
                node.func.attr
                if isinstance(node.func, ast.Attribute)
                else getattr(node.func, "id", "")
            )
            if name != "tr":
                continue
            first = node.args[0]
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
                f"{script.name}:{node.lineno}: tr() needs the English text itself,"
                " for make catalogues to find it"
            )
            found[first.value] = f"{script.name}:{node.lineno}"
    return found


def chinese_words() -> dict[str, str]:
    """The Chinese figures.po: English -> Chinese (fuzzy or untranslated: "")."""
    with FIGURES_PO.open("rb") as handle:
        return {m.id: "" if m.fuzzy else m.string for m in read_po(handle) if m.id}


def test_every_word_given_to_tr_is_translated_with_the_same_placeholders():
    literals = _tr_literals()
    assert len(literals) >= 80, (
        "the figure scripts should pass their words through tr()"
    )
    assert set(literals) == {m.id for m in catalogues.figures_template() if m.id}
    words = chinese_words()
    missing = {text: where for text, where in literals.items() if text not in words}
    assert not missing, f"not in figures.po (run make catalogues): {missing}"
    for english, chinese in words.items():
        assert chinese, f"translate in figures.po: {english!r}"
        assert style.fields(english) == style.fields(chinese), (english, chinese)
        assert english.count("\n") == chinese.count("\n"), (
            f"line breaks differ: {english!r}"
        )


def test_the_chinese_catalogue_has_no_leftovers_and_no_english():
    words = chinese_words()
    unused = sorted(set(words) - set(_tr_literals()))
    assert not unused, (
        f"in figures.po but no figure draws it (make catalogues): {unused}"
    )
    for english, chinese in words.items():
        assert CJK.search(chinese), f"not Chinese: {chinese!r} (for {english!r})"
        assert not english_words(re.sub(r"\{[^}]*\}", "", chinese)), (
            f"English left in {chinese!r}"
        )
        for never in ("重量", "衍生品", "有限差异", "培训", "协议"):
            assert never not in chinese, f"{never} in {chinese!r}"


RUN = textwrap.dedent(
    """
    import json, sys, warnings
    import matplotlib
    matplotlib.use("Agg")
    warnings.simplefilter("error")  # a glyph missing from every font is an error
    sys.path.insert(0, {figures!r})
    import style
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots()
    label = style.tr("slope {{slope:g}} at x = {{x:g}}", slope=2.5, x=1.5)
    ax.set_title(label)
    ax.set_xlabel(style.tr("weight w"), fontweight="bold")
    ax.set_ylabel(r"$\\partial L/\\partial w$")
    fig.savefig(sys.argv[1], format="svg")
    try:
        style.tr("a word with no translation")
        error = None
    except KeyError as e:
        error = str(e)
    files = [str(f) for f in style.font_files()]
    print(json.dumps({{"label": label, "family": plt.rcParams["font.family"], "error": error, "files": files}}))
    """
).format(figures=str(FIGURES))


def _draw(
    language: str | None, tmp_path: Path, locale: Path | None = None
) -> tuple[dict, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("BOOK_LANGUAGE", "BOOK_LOCALE_DIRS")
    }
    if language is not None:
        env["BOOK_LANGUAGE"] = language
    if locale is not None:
        env["BOOK_LOCALE_DIRS"] = str(locale)
    svg = tmp_path / f"{language}.svg"
    done = subprocess.run(
        [sys.executable, "-c", RUN, str(svg)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "findfont" not in done.stderr, done.stderr  # matplotlib logs a missing font
    return json.loads(done.stdout), svg.read_text(encoding="utf-8")


@pytest.mark.slow  # matplotlib draws in a Python of its own: 2 s
def test_english_is_drawn_as_written_and_chinese_with_a_cjk_font(tmp_path):
    for language in (None, "en"):
        result, svg = _draw(language, tmp_path)
        assert result["label"] == "slope 2.5 at x = 1.5"
        assert result["family"] == ["sans-serif"], (
            "English figures keep matplotlib's font setting"
        )
        assert result["error"] is None, "English needs no catalogue"
        assert "<!-- weight w -->" in svg and "NotoSans" not in svg

    result, svg = _draw(CHINESE, tmp_path)
    assert result["label"] == "x = 1.5 处斜率为 2.5"
    assert result["family"] == ["DejaVu Sans", style.CJK_FONT]
    assert "a word with no translation" in result["error"]
    assert "figures.po" in result["error"] and "make catalogues" in result["error"]
    assert "<!-- 权重 w -->" in svg
    glyphs = set(re.findall(r'<path id="([A-Za-z-]+)-[0-9a-f]+"', svg))
    assert {"DejaVuSans", "NotoSansSC-Regular", "NotoSansSC-Bold"} <= glyphs, glyphs
    assert "DejaVuSans-Oblique" in glyphs, "math keeps its own font"
    assert result["files"][-2:] == [str(f) for f in style.CJK_FONT_FILES], result[
        "files"
    ]


@pytest.mark.slow  # matplotlib draws in a Python of its own: 1 s
def test_a_new_language_draws_the_words_of_its_catalogue_folder(tmp_path):
    """A pseudo-language "fr" made of the copied Chinese catalogue: its words,
    and the CJK font they need; a language without a catalogue draws English."""
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "figures.po").write_bytes(FIGURES_PO.read_bytes())
    result, svg = _draw("fr", tmp_path, tmp_path / "locale")
    assert result["label"] == "x = 1.5 处斜率为 2.5"
    assert result["family"] == ["DejaVu Sans", style.CJK_FONT]
    assert "<!-- 权重 w -->" in svg
    result, svg = _draw("de", tmp_path, tmp_path / "locale")
    assert result["label"] == "slope 2.5 at x = 1.5" and result["error"] is None
    assert result["family"] == ["sans-serif"]


def test_every_character_of_the_chinese_figures_is_in_their_fonts():
    from fontTools.ttLib import TTFont

    assert style.CJK_FONT_FILE.is_file(), "run `make html` (it installs the font)"
    dejavu = set(TTFont(style.font_files()[0]).getBestCmap())
    cjk = set(TTFont(style.CJK_FONT_FILE).getBestCmap())
    assert len(cjk) > 7000, "the font should hold every common Chinese character"
    drawn = {c for text in chinese_words().values() for c in text if not c.isspace()}
    assert len(drawn) > 200
    missing = sorted(c for c in drawn if ord(c) not in dejavu | cjk)
    assert not missing, f"characters no figure font has: {missing}"


def _plot_options() -> list[tuple[str, str, str]]:
    """(page, option, text) for every :alt: and :caption: of a plot directive."""
    found = []
    for page in sorted((ROOT / "docs" / "chapters").glob("*.md")):
        for block in re.findall(
            r"^\.\. plot:: .*\n((?:   :.*\n)+)", page.read_text(encoding="utf-8"), re.M
        ):
            for option, text in re.findall(r"^   :(alt|caption): (.*)$", block, re.M):
                found.append((page.stem, option, text.strip()))
    return found


def test_every_figure_alt_text_and_caption_is_translated():
    options = _plot_options()
    assert sum(option == "alt" for _, option, _ in options) >= 22
    catalogues: dict[str, dict] = {}
    problems = []
    for stem, option, text in options:
        if stem not in catalogues:
            with open(LOCALE / "chapters" / f"{stem}.po", "rb") as po:
                catalogues[stem] = {m.id: m for m in read_po(po) if m.id}
        message = catalogues[stem].get(text)
        if message is None:
            problems.append(f"{stem}: {option} not in the catalogue: {text[:60]}...")
        elif message.fuzzy or not CJK.search(message.string or ""):
            problems.append(
                f"{stem}: {option} not translated (or fuzzy): {text[:60]}..."
            )
    assert not problems, "\n".join(problems)


def chinese_site() -> Path:
    """The built Chinese edition, ``zh_CN/`` in the built book (or skip, or fail)."""
    return need("zh_site")


def test_the_chinese_figures_draw_no_english_word():
    site = chinese_site()
    figures = sorted((site / "_images").glob(f"*-{CHINESE}.svg"))
    drawn = {
        stem
        for page in (ROOT / "docs" / "chapters").glob("*.md")
        for stem in re.findall(
            r"^\.\. plot:: chapters/figures/(\w+)\.py",
            page.read_text(encoding="utf-8"),
            re.M,
        )
    }
    assert {svg.stem.removesuffix(f"-{CHINESE}") for svg in figures} == drawn
    assert not [
        p.name
        for p in (site / "_images").glob("*.svg")
        if not p.stem.endswith(f"-{CHINESE}")
    ], "the Chinese edition shows an English figure"
    left = {}
    for svg in figures:
        texts = re.findall(r"<!-- (.*?) -->", svg.read_text(encoding="utf-8"), re.S)
        assert texts, f"{svg.name} draws no text (its words are kept as comments)"
        words = set().union(*(english_words(t) for t in texts))
        if words:
            left[svg.name] = sorted(words)
    assert not left, f"English words in Chinese figures: {left}"


def test_every_image_and_figure_caption_of_the_chinese_edition_is_chinese():
    site = chinese_site()
    problems, images = [], 0
    for page in sorted(site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        for tag in re.findall(r"<img\b[^>]*>", html):
            images += 1
            alt = re.search(r'\balt="([^"]*)"', tag)
            if alt is None or not CJK.search(alt.group(1)):
                problems.append(f"{page.relative_to(site)}: {tag[:160]}")
        for caption in re.findall(r"<figcaption>(.*?)</figcaption>", html, re.S):
            if not CJK.search(re.sub(r"<[^>]+>", "", caption)):
                problems.append(f"{page.relative_to(site)}: caption {caption[:120]}")
    assert images >= 22
    assert not problems, "\n".join(problems)
